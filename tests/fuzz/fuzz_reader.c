/*
 * fuzz_reader.c - libFuzzer target for the record reader (core/reader.c)
 * and the rule parse step (parse_record in core/parse.c), for both syntaxes
 * and any rule shape.
 *
 * The input's bytes after a 6-byte header go through a pipe in packet mode
 * (O_DIRECT), so every read(2) of the reader returns one packet of a size
 * the input chooses: lines arrive cut anywhere, as from a slow pipeline.
 * Or they are in a memory file, read as a regular file is.  The reader
 * opens either by its /proc/self/fd name, as it would a path.
 *
 * Header:
 *   [0] rows - 1 and [1] cols - 1 of the rule (mod 32)
 *   [2] bit 0: boards - 1; bits 1-7: max_line is 63 + that (64..190), or
 *       the default 65536 when 0
 *   [3] cell alphabet: below 0x80 one of alphabets[] (by value mod 4),
 *       else K = 2 + ([3] - 0x80) % 19 printable characters in a row from
 *       the one [4] chooses (1, 2, 4 and 8 bits a cell; the plugin header
 *       does not restrict cells, but the plugins take only printable ones,
 *       and a control character would be echoed raw in messages)
 *   [5] bytes per read, 1..255, or 0 for whole reads from a memory file;
 *       an input over PIPE_INPUT_MAX bytes is always in a memory file (a
 *       read(2) shorter than its packet drops the rest of the packet, and
 *       the reader asks for less only when its first buffer, 64 KiB, is
 *       nearly full)
 *
 * Checks, beyond the sanitizers: records are numbered 1, 2, 3... with
 * increasing lines; nothing is lost or altered (an independent line
 * classifier finds the line-syntax records, each handed out as one record
 * at its line, and the grid rows, each handed out once, in order, at its
 * line, with its cells); rows hold no blanks; every byte read is
 * counted; a record parse_record() accepts has the right cell values; a refused
 * one has a one-line message, free of control characters, at a line of the
 * input; each result reads back from CSV and JSON Lines.
 */
#define _GNU_SOURCE

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "output.h"
#include "parse.h"
#include "reader.h"
#include "rules.h"
#include "util.h"

#define HEADER 6
#define MAX_LINE_DEFAULT 65536
#define MAX_LINE_BASE 63
#define ERR_MAX 256
#define FORMATS 3 /* judge, csv, jsonl: the values of enum out_format */
#define BOM "\xEF\xBB\xBF"
#define LINE_SLACK 4         /* reader.c: a BOM or a CR on top of max_line */
#define PRINTABLE_FIRST 0x21 /* '!' */
#define MAX_SYMBOLS 20
#define PRINTABLE_COUNT 94 /* '!' to '~' */

typedef struct shape {
    uint32_t rows, cols, boards;
    size_t max_line;
    char symbols[MAX_SYMBOLS + 1]; /* symbol i is cell value i */
    size_t packet;                 /* 0: a memory file */
} shape;

/* A line that is a line-syntax record or a grid row. */
typedef struct seen {
    uint64_t line;
    const char *text; /* from the first non-blank, without CR or BOM */
    size_t len;
} seen;

/* What the input holds, by the README's rules, classified line by line,
   and how far the records handed out have matched it. */
typedef struct census {
    uint64_t lines; /* lines in the input */
    seen *recs;     /* the lines that are line-syntax records */
    seen *rows;     /* the lines that are grid rows */
    size_t nrecs, nrows;
    size_t recs_met, rows_met;
} census;

static void shape_of(const uint8_t *h, size_t len, shape *s)
{
    static const char alphabets[][2] = {
        {'b', 'w'}, {'1', '0'}, {'B', 'W'}, {'0', '1'}};
    s->rows = h[0] % GRIDBFS_MAX_SIDE + 1u;
    s->cols = h[1] % GRIDBFS_MAX_SIDE + 1u;
    s->boards = (h[2] & 1u) + 1u;
    s->max_line = h[2] >> 1 ? MAX_LINE_BASE + (h[2] >> 1) : MAX_LINE_DEFAULT;
    memset(s->symbols, 0, sizeof s->symbols);
    if (h[3] < 0x80) { /* zero, one */
        s->symbols[0] = alphabets[h[3] % 4][1];
        s->symbols[1] = alphabets[h[3] % 4][0];
    } else { /* printable characters, as plugins' cells are */
        for (unsigned i = 0; i < 2u + (h[3] - 0x80u) % (MAX_SYMBOLS - 1); i++)
            s->symbols[i] =
                (char)(PRINTABLE_FIRST + (h[4] + i) % PRINTABLE_COUNT);
    }
    s->packet = len <= PIPE_INPUT_MAX ? h[5] : 0;
    /* Never more packets than the pipe has slots: a write must not block.
       A packet is then at most PIPE_INPUT_MAX / PIPE_SLOTS < 256 bytes,
       and the reader always asks for more than that. */
    if (s->packet && (len + s->packet - 1) / s->packet > PIPE_SLOTS)
        s->packet = (len + PIPE_SLOTS - 1) / PIPE_SLOTS;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Whether s[0..n) has the marks of a line record. */
static int has_mark(const char *s, size_t n)
{
    return memchr(s, '/', n) || memchr(s, '=', n);
}

/* The independent classifier: see "Input" in the README; and, as reader.c
   decides, a line over max_line that is not a line record is a grid row of
   no cells in its row's place, and a BOM or CR does not count towards
   max_line (up to LINE_SLACK bytes).  The caller frees c->recs and c->rows.
 */
static void take_census(const char *d, size_t n, size_t max_line, census *c)
{
    int first = 1; /* a BOM is looked for on the first line only */

    memset(c, 0, sizeof *c);
    c->recs = xcalloc(n + 1, sizeof *c->recs);
    c->rows = xcalloc(n + 1, sizeof *c->rows);
    for (size_t at = 0; at < n;) {
        const char *s = d + at, *nl = memchr(s, '\n', n - at);
        size_t len = nl ? (size_t)(nl - s) : n - at, i = 0;
        at += len + (nl != NULL);
        c->lines++;
        if (len <= max_line + LINE_SLACK) {
            if (first && len >= 3 && memcmp(s, BOM, 3) == 0)
                s += 3, len -= 3;
            if (len > 0 && s[len - 1] == '\r')
                len--;
        }
        first = 0;
        if (len > max_line) { /* one record, or one row (of no cells) */
            seen too_long = {c->lines, NULL, 0};
            if (has_mark(s, len))
                c->recs[c->nrecs++] = too_long;
            else
                c->rows[c->nrows++] = too_long;
            continue;
        }
        while (i < len && is_blank(s[i]))
            i++;
        if (i == len || s[i] == '#')
            continue;
        seen line = {c->lines, s + i, len - i};
        if (has_mark(s, len))
            c->recs[c->nrecs++] = line;
        else
            c->rows[c->nrows++] = line;
    }
}

/* Whether row is the census line want with its blanks dropped. */
static int same_row(const record_row *row, const seen *want)
{
    uint32_t k = 0;
    for (size_t i = 0; i < want->len; i++)
        if (!is_blank(want->text[i]))
            if (k >= row->len || row->text[k++] != want->text[i])
                return 0;
    return k == row->len;
}

/* A string the reader handed out: non-empty, one token. */
static void check_token(const char *s, const char *what)
{
    if (!s)
        return;
    FUZZ_CHECK(*s, "empty %s", what);
    for (; *s; s++)
        FUZZ_CHECK(!is_blank(*s) && *s != '\n', "%s with a blank or LF", what);
}

/* One message: non-empty, one line of no control character, within its
   buffer, at a line of the record. */
static void check_message(const char *m, size_t cap, uint64_t line,
                          uint64_t first, uint64_t last)
{
    size_t n = strnlen(m, cap);
    FUZZ_CHECK(n > 0 && n < cap, "message of %zu bytes", n);
    for (size_t i = 0; i < n; i++) /* it goes to a terminal */
        FUZZ_CHECK((unsigned char)m[i] >= 0x20 && m[i] != 0x7f,
                   "byte 0x%02x in a message: %s", (unsigned char)m[i], m);
    FUZZ_CHECK(line >= first && line <= last,
               "message at line %llu, outside %llu..%llu: %s",
               (unsigned long long)line, (unsigned long long)first,
               (unsigned long long)last, m);
}

/* The record's own invariants, and that it is the census's next line
   record, or holds its next grid rows. */
static void check_record(const record *rec, uint64_t prev_line, census *c)
{
    uint64_t lines = c->lines;
    uint32_t nrows = 0;
    uint64_t row_line = rec->line;

    FUZZ_CHECK(rec->line > prev_line && rec->line <= lines,
               "record %llu at line %llu after line %llu",
               (unsigned long long)rec->index, (unsigned long long)rec->line,
               (unsigned long long)prev_line);
    FUZZ_CHECK(rec->nboards <= RECORD_MAX_BOARDS, "%u boards", rec->nboards);
    for (uint32_t b = 0; b < RECORD_MAX_BOARDS; b++) {
        if (b < rec->nboards)
            nrows += rec->board_rows[b];
        else
            FUZZ_CHECK(rec->board_rows[b] == 0,
                       "%u rows of an unfinished board dropped",
                       rec->board_rows[b]);
    }
    FUZZ_CHECK(nrows <= RECORD_MAX_ROWS, "%u rows", nrows);
    for (uint32_t k = 0; k < nrows; k++) {
        const record_row *row = &rec->row[k];
        for (uint32_t i = 0; i < row->len; i++)
            FUZZ_CHECK(!is_blank(row->text[i]) && row->text[i] != '\n',
                       "row %u holds a blank or LF", k + 1);
        if (rec->line_syntax)
            FUZZ_CHECK(row->line == rec->line, "a line record's row elsewhere");
        else
            FUZZ_CHECK(k == 0 ? row->line == rec->line : row->line > row_line,
                       "grid row %u at line %llu", k + 1,
                       (unsigned long long)row->line);
        row_line = row->line;
    }
    FUZZ_CHECK(row_line <= lines, "a row past the last line");
    if (rec->line_syntax) {
        FUZZ_CHECK(c->recs_met < c->nrecs &&
                       c->recs[c->recs_met].line == rec->line,
                   "a line record at line %llu, where the input has none",
                   (unsigned long long)rec->line);
        c->recs_met++;
    } else {
        FUZZ_CHECK(!rec->id && !rec->rule && !rec->rows,
                   "metadata on a grid record");
        for (uint32_t k = 0; k < nrows; k++, c->rows_met++)
            FUZZ_CHECK(c->rows_met < c->nrows &&
                           c->rows[c->rows_met].line == rec->row[k].line &&
                           same_row(&rec->row[k], &c->rows[c->rows_met]),
                       "grid row %u of record %llu is not the input's line "
                       "%llu",
                       k + 1, (unsigned long long)rec->index,
                       (unsigned long long)rec->row[k].line);
    }
    check_token(rec->id, "id");
    check_token(rec->rule, "rule");
    FUZZ_CHECK((rec->rows == 0) == (rec->cols == 0), "size %ux%u", rec->rows,
               rec->cols);
    FUZZ_CHECK(rec->rows <= GRIDBFS2_MAX_SIDE && rec->cols <= GRIDBFS2_MAX_SIDE,
               "size %ux%u", rec->rows, rec->cols);
    if (rec->error)
        check_message(rec->error, READER_MSG_MAX, rec->error_line, rec->line,
                      lines);
}

/* parse_record() of rec with the shape's rule (at the record's size=, if
   any), then the result written with out[f] in format f, as a worker of
   core/run.c does (source and rule are the same strings record after
   record), and read back. */
static void check_parse(const shape *sh, const record *rec, const char *source,
                        uint64_t lines, output *const out[FORMATS])
{
    rule_inst in;
    puzzle p = {0};
    char msg[RULES_MSG_MAX];
    uint64_t msg_line = 0;

    memset(&in, 0, sizeof in);
    in.name = "fuzz";
    in.rule.abi = GRIDBFS_ABI2;
    in.rule.size = sizeof in.rule;
    in.rule.rows = rec->rows ? rec->rows : sh->rows;
    in.rule.cols = rec->rows ? rec->cols : sh->cols;
    in.rule.symbols = sh->symbols;
    in.rule.boards = sh->boards;
    rules_set_cells(&in);
    int rc = parse_record(&in, rec, &p, msg, &msg_line);
    if (rc == 0) {
        const record_row *row = rec->row;
        FUZZ_CHECK(!rec->error, "a malformed record parsed");
        FUZZ_CHECK(rec->nboards == in.rule.boards, "%u boards parsed",
                   rec->nboards);
        for (uint32_t b = 0; b < rec->nboards; b++)
            for (uint32_t i = 0; i < in.rule.rows; i++, row++) {
                FUZZ_CHECK(row->len == in.rule.cols, "a short row parsed");
                for (uint32_t c = 0; c < in.rule.cols; c++) {
                    const char *sym = strchr(sh->symbols, row->text[c]);
                    FUZZ_CHECK(
                        row->text[c] && sym &&
                            gridbfs_grid_get(&p.b[b], i * in.rule.cols + c) ==
                                (unsigned)(sym - sh->symbols),
                        "cell %u,%u of board %u", i + 1, c + 1, b + 1);
                }
            }
    } else {
        FUZZ_CHECK(rc == -1, "parse_record returned %d", rc);
        check_message(msg, RULES_MSG_MAX, msg_line, rec->line, lines);
    }
    puzzle_free(&p);

    out_result r;
    memset(&r, 0, sizeof r);
    r.ans.status = rc ? ST_INVALID : ST_SOLVED;
    r.source = source;
    r.record = rec->index;
    r.line = rec->line;
    r.id = rec->id;
    r.rule = in.name;
    r.ans.message = rc ? msg : NULL;
    for (int f = 0; f < FORMATS; f++) {
        strbuf sb = {NULL, 0, 0};
        output_write(out[f], &r, &sb);
        FUZZ_CHECK(fuzz_check_result((enum out_format)f, &r, sb.p, sb.len) ==
                       sb.len,
                   "bytes after the result");
        sb_free(&sb);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    shape sh;
    census want;
    char path[64], err[ERR_MAX];
    const record *rec;
    uint64_t next = 1, prev_line = 0;

    if (size < HEADER)
        return 0;
    const char *text = (const char *)data + HEADER;
    size_t len = size - HEADER;
    shape_of(data, len, &sh);
    take_census(text, len, sh.max_line, &want);

    output *out[FORMATS];
    for (int f = 0; f < FORMATS; f++)
        out[f] = output_new((enum out_format)f);
    int fd = fuzz_input_fd(text, len, sh.packet);
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    reader *rd =
        reader_open(path, sh.rows, sh.boards, sh.max_line, err, sizeof err);
    FUZZ_CHECK(rd, "reader_open: %s", err);
    close(fd);
    for (;;) {
        (void)reader_buffered(rd); /* as the pipeline asks before each */
        if (!(rec = reader_next(rd)))
            break;
        FUZZ_CHECK(rec->index == next, "record %llu where %llu was due",
                   (unsigned long long)rec->index, (unsigned long long)next);
        next++;
        check_record(rec, prev_line, &want);
        prev_line = rec->line;
        check_parse(&sh, rec, reader_name(rd), want.lines, out);
    }
    FUZZ_CHECK(!reader_error(rd), "read error: %s", reader_error(rd));
    FUZZ_CHECK(reader_offset(rd) == len, "%llu of %zu bytes counted",
               (unsigned long long)reader_offset(rd), len);
    FUZZ_CHECK(!reader_next(rd), "a record after the end");
    reader_close(rd);
    for (int f = 0; f < FORMATS; f++)
        output_free(out[f]);
    FUZZ_CHECK(want.recs_met == want.nrecs,
               "%zu line records handed out, the input has %zu", want.recs_met,
               want.nrecs);
    FUZZ_CHECK(want.rows_met == want.nrows,
               "%zu grid rows handed out, the input has %zu", want.rows_met,
               want.nrows);
    free(want.recs);
    free(want.rows);
    return 0;
}
