/*
 * tests/unit/reader.c - unit test of core/reader.c (README, "Input").
 *
 * Each case writes its input to a temporary file (mkstemp) and reads it back
 * with reader_open(); the expected records, rows and line numbers are
 * counted by hand from the input literal, whose lines are numbered in the
 * comments beside it.  Standard input is exercised through a pipe dup2()'d
 * onto descriptor 0, as is a judge layout's pipe held in a temporary file.
 * Messages are checked by their key words only. Checks, failure lines and the
 * closing line: check.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "reader.h"
#include "layout.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define ERR_CAP 512
#define MAX_LINE 65536
#define MAX_TEMPS 64
#define BIG_LINE (10u * 1024 * 1024)
#define CHUNK 65536
#define ALARM_SECONDS 60
#define TEMP_PATH_MAX 512

#include "check.h"

/* ---- temporary files ---------------------------------------------------- */

static char temps[MAX_TEMPS][TEMP_PATH_MAX];
static int ntemps;

static const char *temp_dir(void)
{
    const char *d = getenv("TMPDIR");
    return d && *d ? d : "/tmp";
}

/* A new empty temporary file, open for writing; its name in path. */
static int temp_open(char **path)
{
    if (ntemps == MAX_TEMPS) {
        fprintf(stderr, "reader.c: too many temporary files\n");
        exit(2);
    }
    char *p = temps[ntemps++];
    int n = snprintf(p, TEMP_PATH_MAX, "%s/gridbfs-rd-XXXXXX", temp_dir());
    if (n < 0 || n >= TEMP_PATH_MAX)
        snprintf(p, TEMP_PATH_MAX, "/tmp/gridbfs-rd-XXXXXX");
    int fd = mkstemp(p);
    if (fd < 0) {
        perror("mkstemp");
        exit(2);
    }
    *path = p;
    return fd;
}

static void write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            perror("write");
            exit(2);
        }
        s += k;
        n -= (size_t)k;
    }
}

/* A temporary file holding data[0..n-1]; returns its name. */
static const char *temp_file(const char *data, size_t n)
{
    char *path;
    int fd = temp_open(&path);
    write_all(fd, data, n);
    close(fd);
    return path;
}

/* Open a reader on a temporary file holding the string s. */
static reader *open_str(const char *s, uint32_t rows, uint32_t boards,
                        size_t max_line)
{
    char err[ERR_CAP] = "";
    reader *rd = reader_open(temp_file(s, strlen(s)), rows, boards, max_line,
                             err, sizeof err);
    if (!rd) {
        fprintf(stderr, "reader.c: cannot open a temporary file: %s\n", err);
        exit(2);
    }
    return rd;
}

/* ---- record expectations ------------------------------------------------ */

/*
 * r must be record number index starting at line, of the given syntax
 * (1 line, 0 grid, -1 either) and board count; err_word NULL means no error,
 * else a word the error has. Returns whether r is non-NULL, so the caller can
 * look at its rows.
 */
static int expect_rec(const record *r, uint64_t index, uint64_t line,
                      int line_syntax, uint32_t nboards, const char *err_word,
                      int src)
{
    check(r != NULL, src, "a record");
    if (!r)
        return 0;
    check(r->index == index, src, "record index");
    check(r->line == line, src, "record line");
    if (line_syntax >= 0)
        check(r->line_syntax == line_syntax, src, "record syntax");
    check(r->nboards == nboards, src, "record nboards");
    if (err_word) {
        check(r->error && strstr(r->error, err_word), src, "record error");
        if (!r->error || !strstr(r->error, err_word))
            fprintf(stderr, "    error: %s\n    want a message with: %s\n",
                    r->error ? r->error : "(null)", err_word);
    } else {
        check(r->error == NULL, src, "record without error");
        if (r->error)
            fprintf(stderr, "    unexpected error: %s\n", r->error);
    }
    if (r->index != index || r->line != line || r->nboards != nboards)
        fprintf(stderr, "    got record %llu at line %llu, %u boards\n",
                (unsigned long long)r->index, (unsigned long long)r->line,
                r->nboards);
    return 1;
}
#define REC(r, index, line, ls, nb, err)                                       \
    expect_rec((r), (index), (line), (ls), (nb), (err), __LINE__)

/* Row k of r must be text (blanks gone), from line. */
static void expect_row(const record *r, uint32_t k, const char *text,
                       uint64_t line, int src)
{
    if (!r) {
        check(0, src, "row of a missing record");
        return;
    }
    size_t n = strlen(text);
    int ok = r->row[k].len == n && r->row[k].text &&
             memcmp(r->row[k].text, text, n) == 0;
    check(ok, src, "row text");
    if (!ok)
        fprintf(stderr, "    row %u: got '%.*s', want '%s'\n", k,
                r->row[k].text ? (int)r->row[k].len : 0,
                r->row[k].text ? r->row[k].text : "", text);
    check(r->row[k].line == line, src, "row line");
    if (r->row[k].line != line)
        fprintf(stderr, "    row %u: line %llu, want %llu\n", k,
                (unsigned long long)r->row[k].line, (unsigned long long)line);
}
#define ROW(r, k, text, line) expect_row((r), (k), (text), (line), __LINE__)

static void expect_str(const char *got, const char *want, int src)
{
    int ok = (got && want) ? !strcmp(got, want) : got == want;
    check(ok, src, "string");
    if (!ok)
        fprintf(stderr, "    got:  %s\n    want: %s\n", got ? got : "(null)",
                want ? want : "(null)");
}
#define STR(got, want) expect_str((got), (want), __LINE__)

/* The input must be over: NULL, and no read error (from lo, the layout
   over rd, unless it is NULL). */
static void expect_end(reader *rd, layout *lo, int src)
{
    const record *r = lo ? layout_next(lo) : reader_next(rd);
    check(r == NULL, src, "end of input");
    if (r)
        fprintf(stderr, "    extra record %llu at line %llu\n",
                (unsigned long long)r->index, (unsigned long long)r->line);
    check(reader_error(rd) == NULL, src, "no read error");
    check((lo ? layout_next(lo) : reader_next(rd)) == NULL, src,
          "still the end");
}
#define END(rd) expect_end((rd), NULL, __LINE__)
#define LAYOUT_END(rd, lo) expect_end((rd), (lo), __LINE__)

static long max_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/* ---- cases --------------------------------------------------------------- */

/*
 * A 10 MB line with max_line 100 is an error record, the records around it
 * are fine, and reading it does not raise the peak RSS by megabytes.  Run
 * first, while the peak is still low.
 */
static void test_huge_line_memory(void)
{
    static char chunk[CHUNK];
    const char *head = "id=1 ab/cd\n", *tail = "\nid=3 ef/gh\n";
    char *path;
    int fd = temp_open(&path);

    memset(chunk, 'x', sizeof chunk);
    write_all(fd, head, strlen(head));
    for (size_t n = 0; n < BIG_LINE; n += CHUNK)
        write_all(fd, chunk, CHUNK);
    write_all(fd, tail, strlen(tail));
    close(fd);
    uint64_t size = strlen(head) + BIG_LINE + strlen(tail);

    char err[ERR_CAP];
    long before = max_rss_kb();
    reader *rd = reader_open(path, 2, 1, 100, err, sizeof err);
    CHECK(rd != NULL);
    if (!rd)
        return;
    const record *r = reader_next(rd);
    if (REC(r, 1, 1, 1, 1, NULL))
        STR(r->id, "1");
    r = reader_next(rd); /* line 2: the 10 MB of x, a grid row too long */
    REC(r, 2, 2, -1, 1, "long");
    r = reader_next(rd);
    if (REC(r, 3, 3, 1, 1, NULL)) {
        STR(r->id, "3");
        ROW(r, 0, "ef", 3);
        ROW(r, 1, "gh", 3);
    }
    END(rd);
    CHECK(reader_offset(rd) == size);
    reader_close(rd);
    long grew = max_rss_kb() - before;
    CHECK(grew < 4 * 1024);
    if (grew >= 4 * 1024)
        fprintf(stderr, "    peak RSS grew by %ld KiB reading one long line\n",
                grew);

    /* The measure itself sees 10 MB when they are really touched (kept
       where the compiler cannot see: clang -O2 drops a block that is only
       written and freed, and the check with it). */
    static char *volatile touched;
    long base = max_rss_kb();
    char *p = malloc(BIG_LINE);
    memset(p, 1, BIG_LINE);
    touched = p;
    CHECK(max_rss_kb() - base >= 8 * 1024);
    free(touched);
}

static void test_grid_framing(void)
{
    /* K=1, R=2; blank lines optional. */
    reader *rd = open_str("ab\n" /* 1 */
                          "cd\n" /* 2 */
                          "\n"   /* 3 */
                          "ef\n" /* 4 */
                          "gh\n" /* 5 */
                          "ij\n" /* 6 */
                          "kl\n" /* 7 */
                          "\n"   /* 8 */
                          "\n",  /* 9 */
                          2, 1, MAX_LINE);
    const record *r = reader_next(rd);
    if (REC(r, 1, 1, 0, 1, NULL)) {
        CHECK(r->board_rows[0] == 2);
        ROW(r, 0, "ab", 1);
        ROW(r, 1, "cd", 2);
        CHECK(r->id == NULL && r->rule == NULL && r->rows == 0 && r->cols == 0);
    }
    r = reader_next(rd);
    if (REC(r, 2, 4, 0, 1, NULL)) {
        ROW(r, 0, "ef", 4);
        ROW(r, 1, "gh", 5);
    }
    r = reader_next(rd);
    if (REC(r, 3, 6, 0, 1, NULL)) {
        ROW(r, 0, "ij", 6);
        ROW(r, 1, "kl", 7);
    }
    END(rd);
    reader_close(rd);

    /* K=1, R=3: a block of 5 rows is a board and a short board (one
       malformed record); the next block is aligned. */
    rd = open_str("abc\n"  /* 1 */
                  "def\n"  /* 2 */
                  "ghi\n"  /* 3 */
                  "jkl\n"  /* 4 */
                  "mno\n"  /* 5 */
                  "\n"     /* 6 */
                  "pqr\n"  /* 7 */
                  "stu\n"  /* 8 */
                  "vwx\n"  /* 9 */
                  "yz1\n", /* 10: short again, at the end of input */
                  3, 1, MAX_LINE);
    r = reader_next(rd);
    if (REC(r, 1, 1, 0, 1, NULL))
        ROW(r, 2, "ghi", 3);
    r = reader_next(rd);
    if (REC(r, 2, 4, 0, 1, "row")) {
        CHECK(r->board_rows[0] == 2);
        CHECK(r->error_line == 4);
        ROW(r, 0, "jkl", 4);
        ROW(r, 1, "mno", 5);
    }
    r = reader_next(rd);
    if (REC(r, 3, 7, 0, 1, NULL)) {
        ROW(r, 0, "pqr", 7);
        ROW(r, 2, "vwx", 9);
    }
    r = reader_next(rd);
    if (REC(r, 4, 10, 0, 1, "row")) {
        CHECK(r->board_rows[0] == 1);
        ROW(r, 0, "yz1", 10);
    }
    END(rd);
    reader_close(rd);
}

static void test_grid_two_boards(void)
{
    /* K=2, R=2: P1225 style (rows run on), a block one row short, the
       chessboard style (a blank line between the boards), a first board
       one row short before its blank line. */
    reader *rd = open_str("11\n"  /* 1  record 1 */
                          "00\n"  /* 2 */
                          "10\n"  /* 3 */
                          "01\n"  /* 4 */
                          "\n"    /* 5 */
                          "11\n"  /* 6  record 2: 2 + 1 rows */
                          "10\n"  /* 7 */
                          "01\n"  /* 8 */
                          "\n"    /* 9 */
                          "00\n"  /* 10 record 3 */
                          "01\n"  /* 11 */
                          "10\n"  /* 12 */
                          "11\n"  /* 13 */
                          "\n"    /* 14 */
                          "ab\n"  /* 15 record 4, board 1 */
                          "cd\n"  /* 16 */
                          "\n"    /* 17 */
                          "ef\n"  /* 18 board 2 */
                          "gh\n"  /* 19 */
                          "\n"    /* 20 */
                          "ij\n"  /* 21 record 5: board 1 has 1 row */
                          "\n"    /* 22 */
                          "kl\n"  /* 23 board 2 */
                          "mn\n"  /* 24 */
                          "\n"    /* 25 */
                          "op\n"  /* 26 record 6 */
                          "qr\n"  /* 27 */
                          "st\n"  /* 28 */
                          "uv\n"  /* 29 */
                          "wx\n", /* 30 record 7: one board of 1 row */
                          2, 2, MAX_LINE);
    const record *r = reader_next(rd);
    if (REC(r, 1, 1, 0, 2, NULL)) {
        CHECK(r->board_rows[0] == 2 && r->board_rows[1] == 2);
        ROW(r, 0, "11", 1);
        ROW(r, 3, "01", 4);
    }
    r = reader_next(rd);
    if (REC(r, 2, 6, 0, 2, "row")) {
        CHECK(r->board_rows[0] == 2 && r->board_rows[1] == 1);
        ROW(r, 2, "01", 8);
    }
    r = reader_next(rd);
    if (REC(r, 3, 10, 0, 2, NULL)) {
        ROW(r, 0, "00", 10);
        ROW(r, 3, "11", 13);
    }
    r = reader_next(rd);
    if (REC(r, 4, 15, 0, 2, NULL)) {
        ROW(r, 0, "ab", 15);
        ROW(r, 1, "cd", 16);
        ROW(r, 2, "ef", 18);
        ROW(r, 3, "gh", 19);
    }
    r = reader_next(rd);
    if (REC(r, 5, 21, 0, 2, "row")) {
        CHECK(r->board_rows[0] == 1 && r->board_rows[1] == 2);
        ROW(r, 0, "ij", 21);
        ROW(r, 1, "kl", 23);
        ROW(r, 2, "mn", 24);
    }
    r = reader_next(rd);
    if (REC(r, 6, 26, 0, 2, NULL))
        ROW(r, 3, "uv", 29);
    r = reader_next(rd);
    if (REC(r, 7, 30, 0, 1, "row")) { /* cut by the end of input */
        CHECK(r->board_rows[0] == 1);
        ROW(r, 0, "wx", 30);
    }
    END(rd);
    reader_close(rd);

    /* One whole board then the end: a missing board. */
    rd = open_str("ab\ncd\n", 2, 2, MAX_LINE);
    r = reader_next(rd);
    if (REC(r, 1, 1, 0, 1, "missing board"))
        ROW(r, 1, "cd", 2);
    END(rd);
    reader_close(rd);
}

static void test_comments_and_blanks(void)
{
    reader *rd = open_str("# a header\n"                   /* 1 */
                          "  \t# indented, with / and =\n" /* 2 */
                          "a b\n"                          /* 3 */
                          "# between the rows\n"           /* 4 */
                          "\tc\t d \n"                     /* 5 */
                          "#\n"                            /* 6 */
                          " \t \n"                         /* 7: blank */
                          "1 0 0 1\n"                      /* 8 */
                          "  1\t1  0 0\t\n"                /* 9 */
                          "#x=1 a/b\n",                    /* 10 */
                          2, 1, MAX_LINE);
    const record *r = reader_next(rd);
    if (REC(r, 1, 3, 0, 1, NULL)) {
        ROW(r, 0, "ab", 3);
        ROW(r, 1, "cd", 5);
    }
    r = reader_next(rd);
    if (REC(r, 2, 8, 0, 1, NULL)) {
        ROW(r, 0, "1001", 8);
        ROW(r, 1, "1100", 9);
    }
    END(rd);
    reader_close(rd);

    /* Only comments and blanks: no record at all. */
    rd = open_str("# nothing\n\n   \n\t\n#\n", 2, 1, MAX_LINE);
    END(rd);
    reader_close(rd);
    rd = open_str("", 2, 1, MAX_LINE);
    END(rd);
    CHECK(reader_offset(rd) == 0);
    reader_close(rd);
}

static void test_crlf_bom_no_newline(void)
{
    reader *rd = open_str("\xEF\xBB\xBF"
                          "ab\r\n"  /* 1 */
                          "cd\r\n"  /* 2 */
                          "\r\n"    /* 3: blank */
                          " \t\r\n" /* 4: blank */
                          "e f\r\n" /* 5 */
                          "gh",     /* 6, no newline */
                          2, 1, MAX_LINE);
    const record *r = reader_next(rd);
    if (REC(r, 1, 1, 0, 1, NULL)) {
        ROW(r, 0, "ab", 1);
        ROW(r, 1, "cd", 2);
    }
    r = reader_next(rd);
    if (REC(r, 2, 5, 0, 1, NULL)) {
        ROW(r, 0, "ef", 5);
        ROW(r, 1, "gh", 6);
    }
    END(rd);
    reader_close(rd);

    /* A BOM before a line record, and before a blank first line. */
    rd = open_str("\xEF\xBB\xBFid=1 ab/cd\r\nid=2 ef/gh", 2, 1, MAX_LINE);
    r = reader_next(rd);
    if (REC(r, 1, 1, 1, 1, NULL)) {
        STR(r->id, "1");
        ROW(r, 0, "ab", 1);
        ROW(r, 1, "cd", 1);
    }
    r = reader_next(rd);
    if (REC(r, 2, 2, 1, 1, NULL)) {
        STR(r->id, "2");
        ROW(r, 1, "gh", 2);
    }
    END(rd);
    reader_close(rd);
    rd = open_str("\xEF\xBB\xBF\r\nab\ncd\n", 2, 1, MAX_LINE);
    r = reader_next(rd);
    if (REC(r, 1, 2, 0, 1, NULL))
        ROW(r, 0, "ab", 2);
    END(rd);
    reader_close(rd);

    /* A lone CR inside a row is not a line end: it is kept as a cell, for
       the alphabet check to refuse. */
    rd = open_str("a\rb\ncd\n", 2, 1, MAX_LINE);
    r = reader_next(rd);
    if (REC(r, 1, 1, 0, 1, NULL))
        ROW(r, 0, "a\rb", 1);
    END(rd);
    reader_close(rd);
}

static void test_line_syntax(void)
{
    reader *rd = open_str(
        "id=7 rule=p1225 1111/0000/1110/0010 1010/0101/1010/0101\n" /* 1 */
        "  size=3x2\tid=x  ab/cd/ef  \n"                            /* 2 */
        "101/\n"                                                    /* 3 */
        "id=a/b 10/01\n"                                            /* 4 */
        "rule=swap-adjacent ab/cd/ size=32x32\n"                    /* 5 */
        "\n"                                                        /* 6 */
        "size=1x1 1/\n"                                             /* 7 */
        "id=only\n"                                                 /* 8 */
        "a/b/c/d\n",                                                /* 9 */
        4, 1, MAX_LINE);
    const record *r = reader_next(rd);
    if (REC(r, 1, 1, 1, 2, NULL)) {
        STR(r->id, "7");
        STR(r->rule, "p1225");
        CHECK(r->rows == 0 && r->cols == 0);
        CHECK(r->board_rows[0] == 4 && r->board_rows[1] == 4);
        ROW(r, 0, "1111", 1);
        ROW(r, 3, "0010", 1);
        ROW(r, 4, "1010", 1);
        ROW(r, 7, "0101", 1);
    }
    r = reader_next(rd);
    if (REC(r, 2, 2, 1, 1, NULL)) {
        STR(r->id, "x");
        CHECK(r->rule == NULL);
        CHECK(r->rows == 3 && r->cols == 2);
        CHECK(r->board_rows[0] == 3);
        ROW(r, 2, "ef", 2);
    }
    r = reader_next(rd); /* a one-row board */
    if (REC(r, 3, 3, 1, 1, NULL)) {
        CHECK(r->id == NULL);
        CHECK(r->board_rows[0] == 1);
        ROW(r, 0, "101", 3);
    }
    r = reader_next(rd); /* the first '=' splits: the id keeps its '/' */
    if (REC(r, 4, 4, 1, 1, NULL)) {
        STR(r->id, "a/b");
        CHECK(r->board_rows[0] == 2);
        ROW(r, 1, "01", 4);
    }
    r = reader_next(rd); /* trailing '/' of a 2-row board; size after */
    if (REC(r, 5, 5, 1, 1, NULL)) {
        STR(r->rule, "swap-adjacent");
        CHECK(r->board_rows[0] == 2);
        CHECK(r->rows == 32 && r->cols == 32);
    }
    r = reader_next(rd);
    if (REC(r, 6, 7, 1, 1, NULL)) {
        CHECK(r->rows == 1 && r->cols == 1);
        ROW(r, 0, "1", 7);
    }
    r = reader_next(rd); /* metadata only: the caller judges the boards */
    if (REC(r, 7, 8, 1, 0, NULL))
        STR(r->id, "only");
    r = reader_next(rd);
    if (REC(r, 8, 9, 1, 1, NULL)) {
        CHECK(r->board_rows[0] == 4);
        ROW(r, 3, "d", 9);
    }
    END(rd);
    reader_close(rd);
}

/*
 * Line records whose '/', '=' and spaces fall at every place in a word of
 * eight bytes (the reader looks for them a word at a time): rows of 1 to
 * 19 cells, ids of 1 to 19 bytes, one or two spaces between tokens, a
 * trailing '/' or none, and the last line with no newline, so its final
 * word runs past the end of what was read.
 */
static void test_line_tokens_at_word_edges(void)
{
    enum { LONGEST = 19 };
    static char text[64 * 1024];
    size_t n = 0;
    for (int len = 1; len <= LONGEST; len++) {
        n += (size_t)sprintf(text + n, "id=");
        for (int i = 0; i < len; i++)
            text[n++] = (char)('a' + i % 26);
        n += (size_t)sprintf(text + n, len % 2 ? " " : "  ");
        for (int b = 0; b < 2; b++) {
            for (int row = 0; row < 3; row++) {
                for (int i = 0; i < len; i++)
                    text[n++] = (char)('0' + (row + b + i) % 2);
                if (row < 2 || len % 3 == 0)
                    text[n++] = '/';
            }
            text[n++] = b == 0 ? ' ' : '\n';
        }
    }
    text[--n] = '\0'; /* the last line has no newline */
    reader *rd = open_str(text, 3, 2, MAX_LINE);
    for (int len = 1; len <= LONGEST; len++) {
        const record *r = reader_next(rd);
        char id[LONGEST + 1], row[LONGEST + 1];
        for (int i = 0; i < len; i++)
            id[i] = (char)('a' + i % 26);
        id[len] = '\0';
        if (!REC(r, (uint64_t)len, (uint64_t)len, 1, 2, NULL))
            continue;
        STR(r->id, id);
        CHECK(r->board_rows[0] == 3 && r->board_rows[1] == 3);
        for (int b = 0; b < 2; b++) {
            for (int k = 0; k < 3; k++) {
                for (int i = 0; i < len; i++)
                    row[i] = (char)('0' + (k + b + i) % 2);
                row[len] = '\0';
                ROW(r, (uint32_t)(b * 3 + k), row, (uint64_t)len);
            }
        }
    }
    END(rd);
    reader_close(rd);
}

static void test_line_errors(void)
{
    static const struct {
        const char *line, *word;
    } cases[] = {
        {"colour=red ab/cd", "unknown key"},
        {"=x ab/cd", "no key before '='"},
        {"ID=1 ab/cd", "unknown key"},
        {"id=1 id=2 ab/cd", "duplicate id"},
        {"rule=a rule=a ab/cd", "duplicate rule"},
        {"id= ab/cd", "empty id"},
        {"rule= ab/cd", "empty rule"},
        {"size=0x4 ab/cd", "size"},
        {"size=4x0 ab/cd", "size"},
        {"size=65536x1 ab/cd", "size"},
        {"size=1x65536 ab/cd", "size"},
        {"size=4 ab/cd", "size"},
        {"size=4x ab/cd", "size"},
        {"size=x4 ab/cd", "size"},
        {"size=4x4x4 ab/cd", "size"},
        {"size=ax4 ab/cd", "size"},
        {"size=-1x4 ab/cd", "size"},
        {"size= ab/cd", "size"},
        {"size=2x2 size=2x2 ab/cd", "duplicate size"},
        {"a/ b/ c/", "too many boards"},
        {"id=1 ab/cd ef/gh ij/kl", "too many boards"},
    };
    size_t n = sizeof cases / sizeof cases[0];
    char text[4096] = "";

    /* Each error line is followed by a good one, to see the next record
       unharmed: line 2k+1 is case k, line 2k+2 is "id=okK ab/cd". */
    for (size_t k = 0; k < n; k++) {
        size_t len = strlen(text);
        snprintf(text + len, sizeof text - len, "%s\nid=ok%zu ab/cd\n",
                 cases[k].line, k);
    }
    reader *rd = open_str(text, 2, 1, MAX_LINE);
    for (size_t k = 0; k < n; k++) {
        const record *r = reader_next(rd);
        int src = __LINE__;
        check(r != NULL, src, cases[k].line);
        if (!r)
            break;
        int ok = r->index == 2 * k + 1 && r->line == 2 * k + 1 &&
                 r->line_syntax && r->error && strstr(r->error, cases[k].word);
        check(ok, src, cases[k].line);
        if (!ok)
            fprintf(stderr, "    record %llu line %llu error '%s', want '%s'\n",
                    (unsigned long long)r->index, (unsigned long long)r->line,
                    r->error ? r->error : "(null)", cases[k].word);
        check(r->error_line == 2 * k + 1, src, "error line");
        r = reader_next(rd);
        char id[32];
        snprintf(id, sizeof id, "ok%zu", k);
        ok = r && r->index == 2 * k + 2 && !r->error && r->id &&
             !strcmp(r->id, id) && r->nboards == 1 && r->row[1].len == 2 &&
             !memcmp(r->row[1].text, "cd", 2);
        check(ok, src, "the good line after it");
    }
    END(rd);
    reader_close(rd);
}

static void test_line_interrupts_grid(void)
{
    /* K=2, R=2: one whole board, then a line record. */
    reader *rd = open_str("ab\n"               /* 1 */
                          "cd\n"               /* 2 */
                          "id=5 ab/cd ef/gh\n" /* 3 */
                          "ij\n"               /* 4 */
                          "kl\n"               /* 5 */
                          "mn\n"               /* 6 */
                          "op\n",              /* 7 */
                          2, 2, MAX_LINE);
    const record *r = reader_next(rd);
    if (REC(r, 1, 1, 0, 1, "missing board")) {
        CHECK(r->error_line == 1);
        ROW(r, 0, "ab", 1);
        ROW(r, 1, "cd", 2);
    }
    CHECK(reader_buffered(rd)); /* line 3 is read already */
    r = reader_next(rd);
    if (REC(r, 2, 3, 1, 2, NULL)) {
        STR(r->id, "5");
        ROW(r, 3, "gh", 3);
    }
    r = reader_next(rd);
    if (REC(r, 3, 4, 0, 2, NULL)) {
        ROW(r, 0, "ij", 4);
        ROW(r, 3, "op", 7);
    }
    END(rd);
    reader_close(rd);

    /* The same with the line record last: once the cut record is out,
       the line record is ready without any read. */
    rd = open_str("ab\ncd\nid=6 ab/cd ef/gh\n", 2, 2, MAX_LINE);
    r = reader_next(rd);
    REC(r, 1, 1, 0, 1, "missing board");
    CHECK(reader_buffered(rd));
    r = reader_next(rd);
    if (REC(r, 2, 3, 1, 2, NULL))
        STR(r->id, "6");
    END(rd);
    reader_close(rd);

    /* K=1, R=3: a board cut after two rows by a line record. */
    rd = open_str("abc\n"              /* 1 */
                  "def\n"              /* 2 */
                  "id=q abc/def/ghi\n" /* 3 */
                  "jkl\n"              /* 4 */
                  "mno\n"              /* 5 */
                  "pqr\n",             /* 6 */
                  3, 1, MAX_LINE);
    r = reader_next(rd);
    if (REC(r, 1, 1, 0, 1, "")) {
        CHECK(r->board_rows[0] == 2);
        ROW(r, 1, "def", 2);
    }
    r = reader_next(rd);
    if (REC(r, 2, 3, 1, 1, NULL))
        STR(r->id, "q");
    r = reader_next(rd);
    if (REC(r, 3, 4, 0, 1, NULL))
        ROW(r, 2, "pqr", 6);
    END(rd);
    reader_close(rd);
}

static void test_long_lines(void)
{
    /* max_line 10: "id=1 ab/cd" is exactly 10 bytes, fine; 11 is not. */
    reader *rd = open_str("id=1 ab/cd\n"                    /* 1 */
                          "id=12 ab/cd\n"                   /* 2: 11 bytes */
                          "id=3 ef/gh\n"                    /* 3 */
                          "ab\n"                            /* 4 */
                          "cd\n"                            /* 5 */
                          "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", /* 6, no newline */
                          2, 1, 10);
    const record *r = reader_next(rd);
    if (REC(r, 1, 1, 1, 1, NULL))
        STR(r->id, "1");
    r = reader_next(rd);
    if (REC(r, 2, 2, -1, 0, "long"))
        CHECK(r->error_line == 2);
    r = reader_next(rd);
    if (REC(r, 3, 3, 1, 1, NULL))
        STR(r->id, "3");
    r = reader_next(rd);
    if (REC(r, 4, 4, 0, 1, NULL))
        ROW(r, 1, "cd", 5);
    r = reader_next(rd); /* a grid row too long, cut short by the end */
    REC(r, 5, 6, -1, 1, "long");
    END(rd);
    reader_close(rd);

    /* The limit counts the line, not its line end: the same 10-byte line
       with CRLF is as fine as with LF. */
    rd = open_str("id=1 ab/cd\r\nid=2 ef/gh\r\n", 2, 1, 10);
    r = reader_next(rd);
    CHECK_WHY(r && !r->error && r->id && !strcmp(r->id, "1"),
              "a CRLF line of exactly max_line bytes is refused as too "
              "long (the CR is counted; the same line with LF is accepted)");
    reader_close(rd);

    /*
     * An over-long row inside a grid block is one bad row (README, "Input":
     * "one bad row or a missing row costs one record"): with R=3, lines 1-3 are
     * one invalid board and lines 4-6 the next, aligned.
     */
    rd = open_str("011\n"                  /* 1 */
                  "11111111111111111111\n" /* 2: 20 bytes */
                  "110\n"                  /* 3 */
                  "000\n"                  /* 4 */
                  "111\n"                  /* 5 */
                  "101\n",                 /* 6 */
                  3, 1, 10);
    int nrec = 0, aligned = 0, bad_first = 0;
    while ((r = reader_next(rd)) != NULL) {
        nrec++;
        if (nrec == 1)
            bad_first = r->error != NULL && r->line == 1;
        if (!r->error && r->nboards == 1 && r->board_rows[0] == 3)
            aligned = r->line == 4 && r->row[0].len == 3 &&
                      !memcmp(r->row[0].text, "000", 3) &&
                      !memcmp(r->row[2].text, "101", 3);
    }
    CHECK(bad_first);
    CHECK_WHY(nrec == 2 && aligned,
              "an over-long row inside a grid block breaks the framing: "
              "it is cut out as its own record, so rows of two boards are "
              "glued into one valid-looking board (R=3: records [011] "
              "invalid, [long] invalid, [110,000,111] valid, [101] invalid; "
              "expected [011,long,110] invalid, [000,111,101] valid)");
    reader_close(rd);
}

/* The descriptor open() would give next. */
static int lowest_free_fd(void)
{
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0)
        close(fd);
    return fd;
}

static void test_open_errors(void)
{
    char err[ERR_CAP], want[ERR_CAP];
    const char *dir = temp_dir();

    int free_fd = lowest_free_fd();
    err[0] = '\0';
    CHECK(reader_open(dir, 2, 1, MAX_LINE, err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s: Is a directory", dir);
    STR(err, want);
    CHECK(lowest_free_fd() == free_fd); /* the directory was closed */

    char missing[256];
    snprintf(missing, sizeof missing, "%s/gridbfs-no-such-file-%ld", dir,
             (long)getpid());
    err[0] = '\0';
    CHECK(reader_open(missing, 2, 1, MAX_LINE, err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s: %s", missing, strerror(ENOENT));
    STR(err, want);

    /* A small err buffer is cut, never overrun. */
    char small[8];
    memset(small, 'Z', sizeof small);
    CHECK(reader_open(missing, 2, 1, MAX_LINE, small, 4) == NULL);
    CHECK(memchr(small, '\0', 4) != NULL && small[4] == 'Z');

    /* A read error ends the input with reader_error set (Linux: reading
       /proc/self/mem at address 0 fails with EIO). */
    reader *rd = reader_open("/proc/self/mem", 2, 1, MAX_LINE, err, sizeof err);
    if (rd) {
        CHECK(reader_next(rd) == NULL);
        const char *e = reader_error(rd);
        CHECK(e != NULL && !strncmp(e, "/proc/self/mem: ", 16));
        reader_close(rd);
    }
}

static void test_offset_and_buffered(void)
{
    const char *text = "ab\ncd\nef\ngh\n"; /* 12 bytes, 2 records of R=2 */
    reader *rd = open_str(text, 2, 1, MAX_LINE);
    CHECK(reader_offset(rd) == 0);
    CHECK(reader_buffered(rd)); /* nothing read, but a regular file */
    const record *r = reader_next(rd);
    REC(r, 1, 1, 0, 1, NULL);
    CHECK(reader_offset(rd) >= 6 && reader_offset(rd) <= 12);
    r = reader_next(rd);
    REC(r, 2, 3, 0, 1, NULL);
    END(rd);
    CHECK(reader_offset(rd) == 12);
    CHECK(reader_buffered(rd)); /* the end is known */
    reader_close(rd);

    /* The name is the path as given. */
    const char *path = temp_file("x\n", 2);
    char err[ERR_CAP];
    rd = reader_open(path, 1, 1, MAX_LINE, err, sizeof err);
    if (rd) {
        STR(reader_name(rd), path);
        reader_close(rd);
    }
}

/* Append r to sig as "index:line:syntax:rows;" ("E" for an error). */
static void sign(char *sig, size_t cap, const record *r)
{
    size_t len = strlen(sig);
    uint32_t n = r->board_rows[0] + (r->nboards > 1 ? r->board_rows[1] : 0);
    len += (size_t)snprintf(sig + len, cap - len,
                            "%llu:%llu:%s:", (unsigned long long)r->index,
                            (unsigned long long)r->line,
                            r->error         ? "E"
                            : r->line_syntax ? "l"
                                             : "g");
    for (uint32_t k = 0; k < n && len < cap; k++)
        len += (size_t)snprintf(sig + len, cap - len, "%s%.*s", k ? "," : "",
                                (int)r->row[k].len, r->row[k].text);
    if (len < cap)
        snprintf(sig + len, cap - len, ";");
}

/*
 * reader_buffered() between the reads changes nothing: the same records,
 * with every kind of line, and over many buffer refills.
 */
static void test_buffered_between_reads(void)
{
    const char *text = "# c\n"                  /* 1 */
                       "ab\n"                   /* 2 */
                       "cd\n"                   /* 3 */
                       "id=1 x/y\n"             /* 4 */
                       "\n"                     /* 5 */
                       "ef\n"                   /* 6 */
                       "zzzzzzzzzzzzzzzzzzzz\n" /* 7: over 12 */
                       "gh\n"                   /* 8 */
                       "ij\n"                   /* 9 */
                       "id=2 k/l\r\n"           /* 10 */
                       "mn";                    /* 11 */
    /* line 7 is a grid row too long to keep: it still takes its place in
       the board it belongs to, so gh,ij stay aligned */
    const char *want = "1:2:g:ab,cd;2:4:l:x,y;3:6:E:ef,;"
                       "4:8:g:gh,ij;5:10:l:k,l;6:11:E:mn;";
    for (int ask = 0; ask < 2; ask++) {
        char sig[512] = "";
        reader *rd = open_str(text, 2, 1, 12);
        const record *r;
        for (;;) {
            if (ask)
                (void)reader_buffered(rd);
            if ((r = reader_next(rd)) == NULL)
                break;
            sign(sig, sizeof sig, r);
        }
        STR(sig, want);
        reader_close(rd);
    }

    /* 30000 line records over several 64 KiB refills, asking each time. */
    enum { NREC = 30000 };
    char *big = malloc((size_t)NREC * 24), *p = big;
    for (int k = 1; k <= NREC; k++)
        p += sprintf(p, "id=%d ab/cd%s", k, k % 3 ? "\n" : "\r\n");
    const char *path = temp_file(big, (size_t)(p - big));
    char err[ERR_CAP];
    reader *rd = reader_open(path, 2, 1, MAX_LINE, err, sizeof err);
    int bad = 0, count = 0;
    const record *r;
    while (rd && (reader_buffered(rd), (r = reader_next(rd)) != NULL)) {
        count++;
        char id[16];
        snprintf(id, sizeof id, "%d", count);
        bad += r->index != (uint64_t)count || r->line != (uint64_t)count ||
               r->error || !r->id || strcmp(r->id, id) || r->nboards != 1 ||
               r->row[1].len != 2 || memcmp(r->row[1].text, "cd", 2);
    }
    CHECK(count == NREC);
    CHECK(bad == 0);
    if (rd) {
        CHECK(reader_offset(rd) == (uint64_t)(p - big));
        reader_close(rd);
    }
    free(big);
}

/*
 * A record's rows stay its own when the buffer moves under it: records of
 * three numbered rows lie across every 64 KiB refill, and a row too long to
 * hold (max_line 20), which the reader skips by discarding its buffer,
 * comes between two rows of a record.  Each row's text and line are the
 * ones written (the numbering is the check).
 */
static void test_rows_across_refills(void)
{
    enum { NREC = 30000, BEFORE = 2180, LONG = 200 };
    char *big = malloc((size_t)NREC * 32 + LONG + 64), *p = big;
    for (int k = 0; k < NREC; k++) {
        if (k == BEFORE) { /* a long row across the first refill */
            p += sprintf(p, "r%07da\n", k);
            memset(p, 'x', LONG);
            p += LONG;
            p += sprintf(p, "\nr%07dc\n", k);
            continue;
        }
        p += sprintf(p, "r%07da\nr%07d%s\nr%07dc\n", k, k, k % 7 ? "b" : " b",
                     k); /* a blank: a copied row */
    }
    const char *path = temp_file(big, (size_t)(p - big));
    free(big);
    char err[ERR_CAP];
    reader *rd = reader_open(path, 3, 1, 20, err, sizeof err);
    CHECK(rd != NULL);
    if (!rd)
        return;
    int count = 0, bad = 0;
    const record *r;
    while ((r = reader_next(rd)) != NULL) {
        int k = count++;
        char want[3][16];
        snprintf(want[0], sizeof want[0], "r%07da", k);
        snprintf(want[1], sizeof want[1], "r%07db", k);
        snprintf(want[2], sizeof want[2], "r%07dc", k);
        int ok = r->line == (uint64_t)k * 3 + 1 && r->board_rows[0] == 3;
        for (int i = 0; ok && i < 3; i++) {
            if (k == BEFORE && i == 1)
                continue; /* the long row: no text */
            ok = r->row[i].len == strlen(want[i]) &&
                 !memcmp(r->row[i].text, want[i], r->row[i].len) &&
                 r->row[i].line == (uint64_t)k * 3 + 1 + (uint64_t)i;
        }
        ok = ok && (k == BEFORE ? r->error && strstr(r->error, "long")
                                : r->error == NULL);
        if (!ok && bad++ == 0)
            fprintf(stderr, "    record %d: rows or line wrong\n", k + 1);
    }
    CHECK(count == NREC);
    CHECK_WHY(bad == 0, "a row taken before a refill (or a skipped long "
                        "line) is not the text that was read");
    reader_close(rd);
}

/*
 * Standard input through a pipe: "-" is named "<stdin>", records come out
 * as soon as their lines arrive (no read past them), reader_buffered tells a
 * partial line from a whole one, and reader_close leaves descriptor 0 open.
 */
static void test_stdin_pipe(void)
{
    int saved = dup(STDIN_FILENO), p[2];
    char err[ERR_CAP];

    if (saved < 0 || pipe(p) != 0) {
        check(0, __LINE__, "pipe");
        return;
    }
    dup2(p[0], STDIN_FILENO);
    close(p[0]);
    reader *rd = reader_open("-", 2, 1, MAX_LINE, err, sizeof err);
    CHECK(rd != NULL);
    if (rd) {
        STR(reader_name(rd), "<stdin>");
        CHECK(!reader_buffered(rd)); /* nothing read, no end seen */
        write_all(p[1], "ab\ncd\nef", 8);
        const record *r = reader_next(rd); /* must not wait for more */
        if (REC(r, 1, 1, 0, 1, NULL))
            ROW(r, 1, "cd", 2);
        CHECK(reader_offset(rd) == 8);
        CHECK(!reader_buffered(rd)); /* "ef" has no newline yet */
        write_all(p[1], "\ngh\n", 4);
        close(p[1]);
        r = reader_next(rd);
        if (REC(r, 2, 3, 0, 1, NULL)) {
            ROW(r, 0, "ef", 3);
            ROW(r, 1, "gh", 4);
        }
        END(rd);
        CHECK(reader_buffered(rd));
        CHECK(reader_offset(rd) == 12);
        reader_close(rd);
        CHECK(fcntl(STDIN_FILENO, F_GETFD) != -1);
    } else {
        close(p[1]);
    }

    /* A directory on standard input is refused, and stays open. */
    int d = open(temp_dir(), O_RDONLY);
    if (d >= 0) {
        dup2(d, STDIN_FILENO);
        close(d);
        err[0] = '\0';
        CHECK(reader_open("-", 2, 1, MAX_LINE, err, sizeof err) == NULL);
        STR(err, "<stdin>: Is a directory");
        CHECK(fcntl(STDIN_FILENO, F_GETFD) != -1);
    }
    dup2(saved, STDIN_FILENO);
    close(saved);
}

/* ---- judge layouts through a pipe --------------------------------------- */

/* poj1222's layout: a count line, then the cases back to back, which
   layout_open() checks against the rows before reading any. */
static const cfg_layout count_layout = {.count = 1};
static uint8_t cells_10[256] = {['0'] = 1, ['1'] = 1};

/* Standard input becomes a pipe holding s, its write end closed; returns
   the descriptor of the standard input it replaced. */
static int stdin_from_pipe(const char *s)
{
    int saved = dup(STDIN_FILENO), p[2];
    if (saved < 0 || pipe(p) != 0) {
        perror("pipe");
        exit(2);
    }
    write_all(p[1], s, strlen(s)); /* small: within the pipe's buffer */
    close(p[1]);
    dup2(p[0], STDIN_FILENO);
    close(p[0]);
    return saved;
}

static void stdin_restore(int saved)
{
    dup2(saved, STDIN_FILENO);
    close(saved);
}

/* How many entries dir holds, "." and ".." aside. */
static int entries(const char *dir)
{
    char cmd[TEMP_PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
    FILE *f = popen(cmd, "r");
    int n = -1;
    if (f) {
        if (fscanf(f, "%d", &n) != 1)
            n = -1;
        pclose(f);
    }
    return n;
}

/* A reader of path by count_layout, 2x2 boards, and in *lo the layout
   over it; NULL with err set when layout_open() refuses. */
static reader *open_counted(const char *path, layout **lo, char *err,
                            size_t errlen)
{
    static const layout_frame l = {&count_layout, 2, cells_10, 1};
    reader *rd = reader_open(path, 2, 1, MAX_LINE, err, errlen);
    CHECK(rd != NULL);
    if (rd && !(*lo = layout_open(rd, &l, err, errlen))) {
        reader_close(rd);
        return NULL;
    }
    return rd;
}

/* Close what open_counted() opened. */
static void close_counted(reader *rd, layout *lo)
{
    layout_close(lo);
    reader_close(rd);
}

/*
 * A count layout read from a pipe: the input is held in an unlinked file
 * of $TMPDIR (nothing left there, no descriptor left open, standard input
 * still open), its count checked, its cases read as from a file; a count
 * that does not match gives one invalid result per case promised, the
 * first with the message and the rest quiet; a pipe larger than its
 * buffer, by its own name, is held whole; a regular file on standard
 * input is read from where it stands; and a $TMPDIR that cannot hold it
 * is an error of layout_open().
 */
static void test_layout_pipe(void)
{
    char err[ERR_CAP], dir[TEMP_PATH_MAX];
    const char *old = getenv("TMPDIR");
    char *saved_tmpdir = old ? strdup(old) : NULL;

    snprintf(dir, sizeof dir, "%s/gridbfs-rd-dir-XXXXXX", temp_dir());
    if (!mkdtemp(dir)) {
        check(0, __LINE__, "mkdtemp");
        return;
    }
    setenv("TMPDIR", dir, 1);
    int free_fd = lowest_free_fd();
    layout *lo = NULL;

    const char *two = "2\n"   /* 1 */
                      "10\n"  /* 2 */
                      "01\n"  /* 3 */
                      "11\n"  /* 4 */
                      "00\n"; /* 5 */
    int saved = stdin_from_pipe(two);
    reader *rd = open_counted("-", &lo, err, sizeof err);
    CHECK(entries(dir) == 0); /* the file holding it is unlinked */
    if (rd) {
        const record *r = layout_next(lo);
        if (REC(r, 1, 2, 0, 1, NULL)) {
            ROW(r, 0, "10", 2);
            ROW(r, 1, "01", 3);
        }
        r = layout_next(lo);
        if (REC(r, 2, 4, 0, 1, NULL))
            ROW(r, 1, "00", 5);
        LAYOUT_END(rd, lo);
        CHECK(reader_offset(rd) == strlen(two));
        close_counted(rd, lo);
    }
    CHECK(fcntl(STDIN_FILENO, F_GETFD) != -1);
    stdin_restore(saved);
    CHECK(lowest_free_fd() == free_fd);

    /* A count of 3 for 2 cases: 3 invalid results at the count line. */
    saved = stdin_from_pipe("3\n10\n01\n11\n00\n");
    rd = open_counted("-", &lo, err, sizeof err);
    if (rd) {
        const record *r = layout_next(lo);
        if (REC(r, 1, 1, 0, 0, "count line gives 3"))
            CHECK(!r->quiet && !r->notice);
        for (uint64_t k = 2; k <= 3; k++) {
            r = layout_next(lo);
            if (REC(r, k, 1, 0, 0, "count line gives 3"))
                CHECK(r->quiet);
        }
        LAYOUT_END(rd, lo);
        close_counted(rd, lo);
    }
    stdin_restore(saved);
    CHECK(lowest_free_fd() == free_fd);

    /* A named pipe, written by a child, larger than a pipe's buffer. */
    enum { CASES = 30000 };
    char fifo[TEMP_PATH_MAX + 16];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    CHECK(mkfifo(fifo, 0600) == 0);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int w = open(fifo, O_WRONLY);
        char head[32];
        snprintf(head, sizeof head, "%d\n", CASES);
        write_all(w, head, strlen(head));
        for (int k = 0; k < CASES; k++)
            write_all(w, k % 2 ? "10\n01\n" : "11\n00\n", 6);
        _exit(0);
    }
    rd = open_counted(fifo, &lo, err, sizeof err);
    unlink(fifo);
    if (rd) {
        const record *r;
        int n = 0, bad = 0;
        while ((r = layout_next(lo))) {
            n++;
            bad += r->error != NULL || r->index != (uint64_t)n ||
                   r->line != 2 + 2 * (uint64_t)(n - 1) || r->nboards != 1;
        }
        CHECK(n == CASES);
        CHECK(bad == 0);
        CHECK(reader_error(rd) == NULL);
        close_counted(rd, lo);
    }
    if (pid > 0)
        waitpid(pid, NULL, 0);
    CHECK(entries(dir) == 0);
    CHECK(lowest_free_fd() == free_fd);

    /* A regular file on standard input, its first line already read by
       someone else: what is left of it is the input. */
    const char *rest = "skip\n2\n10\n01\n11\n00\n";
    const char *path = temp_file(rest, strlen(rest)); /* in dir */
    int f = open(path, O_RDONLY);
    unlink(path);
    saved = dup(STDIN_FILENO);
    if (f >= 0 && saved >= 0) {
        dup2(f, STDIN_FILENO);
        close(f);
        CHECK(lseek(STDIN_FILENO, 5, SEEK_SET) == 5);
        rd = open_counted("-", &lo, err, sizeof err);
        if (rd) {
            const record *r = layout_next(lo);
            if (REC(r, 1, 2, 0, 1, NULL))
                ROW(r, 0, "10", 2);
            r = layout_next(lo);
            REC(r, 2, 4, 0, 1, NULL);
            LAYOUT_END(rd, lo);
            close_counted(rd, lo);
        }
        stdin_restore(saved);
    }

    /* No room for the pipe: a $TMPDIR that is not there. */
    char gone[TEMP_PATH_MAX + 16];
    snprintf(gone, sizeof gone, "%s/gone", dir);
    setenv("TMPDIR", gone, 1);
    saved = stdin_from_pipe(two);
    err[0] = '\0';
    CHECK(open_counted("-", &lo, err, sizeof err) == NULL);
    CHECK(strstr(err, "<stdin>: cannot hold the input") != NULL);
    if (!strstr(err, "<stdin>: cannot hold the input"))
        fprintf(stderr, "    err: %s\n", err);
    stdin_restore(saved);
    CHECK(lowest_free_fd() == free_fd);

    if (saved_tmpdir)
        setenv("TMPDIR", saved_tmpdir, 1);
    else
        unsetenv("TMPDIR");
    free(saved_tmpdir);
    rmdir(dir);
}

int main(void)
{
    alarm(ALARM_SECONDS); /* a reader that waits for input it has is a hang */
    test_huge_line_memory();
    test_grid_framing();
    test_grid_two_boards();
    test_comments_and_blanks();
    test_crlf_bom_no_newline();
    test_line_syntax();
    test_line_tokens_at_word_edges();
    test_line_errors();
    test_line_interrupts_grid();
    test_long_lines();
    test_open_errors();
    test_offset_and_buffered();
    test_buffered_between_reads();
    test_rows_across_refills();
    test_stdin_pipe();
    test_layout_pipe();
    for (int k = 0; k < ntemps; k++)
        unlink(temps[k]);
    return check_done();
}
