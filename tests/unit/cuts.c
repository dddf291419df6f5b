/*
 * tests/unit/cuts.c - unit test of core/cuts.c and reader_open_range():
 * where a file may be cut into pieces, and that its pieces, each read by
 * a reader of its own, give the records one reader of the whole file
 * gives, lines and indices counted from each piece's start.
 *
 * The files are written here, and where each may be cut is worked out
 * from their text by this file's own rule (the line before a cut is a
 * line record, or blank when a record is one board), not by the code
 * under test.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cuts.h"
#include "reader.h"

#define MAX_LINE 64
#define MAX_BOUNDS 4096

static char path[4096];

/* text written to the test's file, opened for reading: its fd */
static int put(const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
        perror(path);
        exit(2);
    }
    return open(path, O_RDONLY);
}

/* Whether the line of text that ends just before offset at may be cut
   after, by the rule in cuts.h, worked out here. */
static int may_cut(const char *text, size_t at, uint32_t boards)
{
    if (at == 0 || text[at - 1] != '\n')
        return 0;
    size_t b = at - 1;
    while (b > 0 && text[b - 1] != '\n')
        b--;
    size_t e = at - 1;
    if (e > b && text[e - 1] == '\r')
        e--;
    if (e - b > MAX_LINE)
        return 0;
    size_t i = b;
    while (i < e && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (i == e)
        return boards == 1;
    if (text[i] == '#')
        return 0;
    return memchr(text + b, '/', e - b) || memchr(text + b, '=', e - b);
}

/* Record r, its line and index moved on by lines and index, as text
   appended to out (cap bytes). */
static void show(char *out, size_t cap, const record *r, uint64_t lines,
                 uint64_t index)
{
    size_t at = strlen(out);
    at += (size_t)snprintf(
        out + at, cap - at,
        "%llu#%llu%s:", (unsigned long long)(r->line + lines),
        (unsigned long long)(r->index + index), r->error ? "!" : "");
    uint32_t rows = r->board_rows[0] + r->board_rows[1];
    for (uint32_t k = 0; !r->error && k < rows && at < cap; k++)
        at += (size_t)snprintf(out + at, cap - at, "%.*s/", (int)r->row[k].len,
                               r->row[k].text);
    if (at < cap - 1)
        strcat(out, "\n");
}

/* Cut text in pieces of piece bytes; check the bounds, and the records of
   the pieces against those of one reader of the whole. */
static void check_cuts(int line, const char *text, uint32_t rows,
                       uint32_t boards, uint64_t piece)
{
    static char one[1 << 16], pieces[1 << 16];
    int fd = put(text);
    size_t size = strlen(text);
    cuts_shape shape = {boards, MAX_LINE, 1};
    static uint64_t b[1 << 16];
    size_t n = cuts_count(fd, 0, size, piece, 1000 * piece, &shape);
    CHECK_AT(line, n >= 1 && n < sizeof b / sizeof *b, "%zu pieces", n);
    b[0] = 0;
    for (size_t k = 0; k < n; k++)
        b[k + 1] = cuts_next(fd, b[k], size, piece, 1000 * piece, &shape);
    CHECK_AT(line, b[n] == size, "%zu pieces end at %llu", n,
             (unsigned long long)b[n]);
    for (size_t k = 1; k < n; k++)
        CHECK_AT(line, b[k] > b[k - 1] && may_cut(text, b[k], boards),
                 "cut %zu at %llu", k, (unsigned long long)b[k]);
    char err[256];
    const record *r;
    one[0] = pieces[0] = '\0';
    reader *whole = reader_open(path, rows, boards, MAX_LINE, err, sizeof err);
    while ((r = reader_next(whole)))
        show(one, sizeof one, r, 0, 0);
    reader_close(whole);
    uint64_t lines = 0, index = 0;
    for (size_t k = 0; k < n; k++) {
        reader *part =
            reader_open_range(fd, path, b[k], b[k + 1], rows, boards, MAX_LINE);
        uint64_t got = 0;
        while ((r = reader_next(part))) {
            show(pieces, sizeof pieces, r, lines, index);
            got = r->index;
        }
        lines += reader_lines(part);
        index += got;
        reader_close(part);
    }
    CHECK_AT(line, strcmp(one, pieces) == 0,
             "one reader:\n%s\nin %zu pieces:\n%s", one, n, pieces);
    close(fd);
}

/* A line record, a 2x2 grid record, a blank line, a comment: text of
   records of every kind, n times over. */
static const char *many(const char *unit, int n)
{
    static char text[1 << 15];
    text[0] = '\0';
    for (int i = 0; i < n; i++)
        strcat(text, unit);
    return text;
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/unit-cuts.%ld", tmp ? tmp : "/tmp",
             (long)getpid());
    /* one-board grid records, blank lines between them, CR LF, comments
       with '/', a bad row, line records, a row too long */
    const char *mixed = "10\n01\n\n"
                        "# a/comment\n"
                        "11\r\n00\r\n\r\n"
                        "id=x 10/01\n"
                        "10\n"
                        "rule=y 11/11\n"
                        "1x\n00\n \t\n"
                        "0000000000000000000000000000000000000000000000000000"
                        "000000000000000000/0\n"
                        "01\n10\n";
    for (uint64_t piece = 1; piece <= 40; piece++)
        check_cuts(__LINE__, many(mixed, 20), 2, 1, piece);
    /* two boards a record: a blank line may fall between them, so only
       line records are cuts */
    for (uint64_t piece = 1; piece <= 30; piece++)
        check_cuts(__LINE__, many("10\n01\n\n11\n00\n\nid=a 10/01 11/00\n", 20),
                   2, 2, piece);
    /* grid rows back to back: no cut, not even at the end */
    int fd = put(many("10\n01\n", 100));
    cuts_shape shape = {1, MAX_LINE, 1};
    CHECK_WHY(cuts_count(fd, 0, 600, 16, 64, &shape) == 0 &&
                  cuts_next(fd, 0, 600, 16, 64, &shape) == 0,
              "a file that cannot be cut within max_piece is not cut");
    close(fd);
    unlink(path);
    return check_done();
}
