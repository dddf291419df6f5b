/*
 * fuzz_layout.c - libFuzzer target for the judge layouts of the record
 * reader (layout_open() in core/layout.c): every combination of a
 * layout's keys (count; size none, first or each; name; blank; end; param
 * and param_rows), at any rule shape and cell alphabet, the input in a
 * memory file (read as a regular file), a pipe in packets of a size the
 * input chooses (held in a temporary file when the layout checks its count
 * line), or either on standard input.
 *
 * Header:
 *   [0] the layout: bit 0 count, bits 1-2 size (0 none, 1 first, 2 each,
 *       3 none), bit 3 name, bit 4 blank, bit 5 end, bit 6 param; bit 7:
 *       comments the other way round from gridbfs's (run.c: '#' starts a
 *       comment unless it is a cell)
 *   [1] bits 0-4 rows - 1, bit 5 boards - 1, bit 6 with [7] = 0x40 (or
 *       0x41) a big input (the text repeated to BIG_BYTES, in a memory
 *       file, max_line at most BIG_MAX_LINE: the reader's memory must not
 *       grow with it; rare, as it is slow), bit 7 read as "-" from
 *       standard input
 *   [2] bits 0-4 cols - 1, bits 5-7 the end line: one of end_lines[]
 *   [3] bits 0-4 param_rows - 1, bits 5-7 the cells: one of alphabets[]
 *   [4] below 0x80: as [3] says; else the cells are the printable
 *       characters '!' + (this & 0x7f) mod 94 and the next one
 *   [5] max_line: 63 + this, or the default 65536 when 0
 *   [6] bytes per read from a pipe, 1..255, or 0 for a memory file (a text
 *       over PIPE_INPUT_MAX bytes is always in a memory file: see
 *       fuzz_reader.c)
 *   [7] bit 0: the text is not read as it is but drives a generator of a
 *       well-formed file in the layout (see generate()): then, too, every
 *       case must come out as written, without error, and nothing else
 *
 * Checks, beyond the sanitizers, of what layout.h and reader.h promise:
 * layout_next() ends (NULL, then NULL again, no read error) after at most one
 * record more than the input has lines; records that are cases are numbered 1,
 * 2, 3..., notices have index 0 and an error, quiet records an error that
 * an earlier record gave; a record, its rows and its error are at lines
 * of the input; a row is its line with blanks and CR removed (none for a
 * line over max_line, in a record with an error); a record without error
 * has `boards` boards of `rows` rows each (the size line's, with a size
 * layout; a line record's tokens aside), a size in range, and its
 * parameter's rows when the layout has one; messages are one line of no
 * control character; memory is bounded by max_line whatever the input,
 * and no file descriptor is left open.  Cells are not checked: parse.c
 * does that.
 *
 * FUZZ_LAYOUT_TRACE=1 in the environment prints each record on stderr
 * (and a generated file).
 * FUZZ_LAYOUT_KNOWN=NAME,... passes over the findings of known_names[]
 * while they are unfixed, so that a long run finds others (by the
 * finding's own condition, not by the check it fails: the others stay
 * checked); the smoke test sets none.
 */
#define _GNU_SOURCE

#include <fcntl.h>
#include <sanitizer/allocator_interface.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "config.h"
#include "fuzz_check.h"
#include "layout.h"
#include "reader.h"
#include "util.h"

#define HEADER 8
#define MAX_LINE_DEFAULT 65536
#define MAX_LINE_BASE 63
#define ERR_MAX 512
#define BOM "\xEF\xBB\xBF"
#define LINE_SLACK 4         /* reader.c: a BOM or a CR on top of max_line */
#define PRINTABLE_FIRST 0x21 /* '!' */
#define PRINTABLE_COUNT 94   /* '!' to '~' */
#define BIG_BYTES (1u << 18)
#define BIG_MAX_LINE 64
#define BIG_MARK 0x40 /* [7] without bit 0 */
/* What the reader may hold besides its line buffer and record text: the
   struct (with its row array), its name, allocator slack. */
#define MEMORY_FIXED (16u * 1024)

enum {
    L_COUNT = 1,
    L_SIZE_SHIFT = 1,
    L_NAME = 1 << 3,
    L_BLANK = 1 << 4,
    L_END = 1 << 5,
    L_PARAM = 1 << 6,
    L_COMMENTS_FLIPPED = 1 << 7,
    S_BOARDS = 1 << 5,
    S_BIG = 1 << 6,
    S_STDIN = 1 << 7,
};

/* The cell pairs of the built-in profiles (one, zero), and two more. */
static const char alphabets[][2] = {{'b', 'w'}, {'1', '0'}, {'B', 'W'},
                                    {'0', '1'}, {'#', 'O'}, {'X', '.'},
                                    {'*', '.'}, {'+', '-'}};
/* End lines: the judges', and some that look like other lines; the last
   is the two cells (a row of a two-column board). */
static const char *const end_lines[] = {"end", "0 0", "0",     "-1",
                                        "#",   "END", "0 0 0", NULL};

/* A case of a generated file, as the reader must hand it out. */
#define GEN_CASES_MAX 6
#define GEN_NAME_MAX 32
#define GEN_PARAM_ROW_MAX 5
typedef struct gen_case {
    uint64_t line; /* where it starts */
    uint32_t rows, cols;
    char name[GEN_NAME_MAX];
    char row[RECORD_MAX_ROWS][GRIDBFS_MAX_SIDE + 1]; /* cells, no blanks */
    uint64_t row_line[RECORD_MAX_ROWS];
    char param[GRIDBFS_MAX_SIDE * (GRIDBFS_MAX_SIDE + 1) + 1];
} gen_case;

/* Known findings (tests/fuzz/regressions/layout/), for FUZZ_LAYOUT_KNOWN. */
enum {
    K_NO_SIZE_LINE = 1,   /* name, size each: no size line, no error */
    K_STALE_COLS = 2,     /* a size line refused: size 0xC */
    K_PARAM_AS_NAME = 4,  /* name: a parameter row not a row starts a case */
    K_PARAM_AS_SIZE = 8,  /* size each: a parameter row "010" starts one */
    K_END_COMMENT = 16,   /* an end line starting with '#' is a comment */
    K_NUL = 32,           /* a NUL byte cuts a parameter short, no error */
    K_SIZE_LOOP = 64,     /* size each: a size out of range, again and again */
    K_SIZE_AS_ROW = 128,  /* size each: a size line that is a row, an extra */
    K_OWED = 256,         /* the cases a count line is owed: past the lines */
    K_COUNT_IS_END = 512, /* a count line that is the end line: refused */
};
static const char *const known_names[] = {
    "no-size-line", "stale-cols",  "param-as-name", "param-as-size",
    "end-comment",  "nul",         "size-loop",     "size-as-row",
    "owed",         "count-is-end"};
static unsigned known_mask;

static void read_known(void)
{
    static int done;
    const char *k = getenv("FUZZ_LAYOUT_KNOWN");
    if (done++ || !k)
        return;
    for (size_t i = 0; i < sizeof known_names / sizeof *known_names; i++) {
        const char *at = strstr(k, known_names[i]);
        size_t n = strlen(known_names[i]);
        while (at && ((at > k && at[-1] != ',') || (at[n] && at[n] != ',')))
            at = strstr(at + 1, known_names[i]);
        if (at)
            known_mask |= 1u << i;
    }
}

static int known(unsigned finding)
{
    return (known_mask & finding) != 0;
}

typedef struct setup {
    cfg_layout lay;
    uint32_t rows, cols, boards;
    size_t max_line;
    char one, zero;
    char end_cells[3];
    int comments, big, use_stdin, generate;
    int has_nul;   /* the text holds a NUL byte */
    size_t packet; /* 0: a memory file */
} setup;

/* One line of the input, as reader.c reads it. */
typedef struct line_info {
    const char *s; /* without BOM and CR */
    size_t n;
    int is_long; /* over max_line: never handed out */
} line_info;

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static void setup_of(const uint8_t *h, setup *st)
{
    memset(st, 0, sizeof *st);
    st->lay.count = h[0] & L_COUNT;
    st->lay.size = (enum cfg_size_line)((h[0] >> L_SIZE_SHIFT & 3u) % 3u);
    st->lay.name = (h[0] & L_NAME) != 0;
    st->lay.blank = (h[0] & L_BLANK) != 0;
    st->rows = (h[1] & 31u) + 1u;
    st->boards = h[1] & S_BOARDS ? 2u : 1u;
    st->big = (h[1] & S_BIG) && (h[7] & ~1u) == BIG_MARK;
    st->use_stdin = (h[1] & S_STDIN) != 0;
    st->cols = (h[2] & 31u) + 1u;
    if (h[4] < 0x80) {
        st->one = alphabets[h[3] >> 5][0];
        st->zero = alphabets[h[3] >> 5][1];
    } else {
        st->one = (char)(PRINTABLE_FIRST + (h[4] & 0x7fu) % PRINTABLE_COUNT);
        st->zero =
            (char)(PRINTABLE_FIRST + ((h[4] & 0x7fu) + 1) % PRINTABLE_COUNT);
    }
    st->end_cells[0] = st->one;
    st->end_cells[1] = st->zero;
    if (h[0] & L_END) {
        const char *e = end_lines[h[2] >> 5];
        st->lay.end = (char *)(e ? e : st->end_cells);
    }
    if (h[0] & L_PARAM) {
        st->lay.param = (char *)"stencil";
        st->lay.param_rows = (h[3] & 31u) + 1u;
    }
    /* run.c: '#' starts a comment unless it is a cell */
    st->comments = st->one != '#' && st->zero != '#';
    if (h[0] & L_COMMENTS_FLIPPED)
        st->comments = !st->comments;
    st->max_line = h[5] ? MAX_LINE_BASE + h[5] : MAX_LINE_DEFAULT;
    if (st->big && st->max_line > BIG_MAX_LINE)
        st->max_line = BIG_MAX_LINE;
    st->packet = h[6];
    st->generate = h[7] & 1u;
    if (st->generate) {
        st->big = 0;
        /* the cases are counted */ /* a well-formed file: gridbfs's comment
              rule, and no cell that marks a line record */
        st->comments = st->one != '#' && st->zero != '#';
        if (strchr("/=", st->one) || strchr("/=", st->zero)) {
            st->one = 'b';
            st->zero = 'w';
        }
        if (known(K_END_COMMENT) && st->lay.end && st->lay.end[0] == '#')
            st->comments = 0;
    }
}

/* The lines of d[0..n), as reader.c cuts them; the caller frees them. */
static line_info *lines_of(const char *d, size_t n, size_t max_line,
                           uint64_t *count)
{
    size_t most = 1; /* lines: newlines, and one after the last */
    for (const char *p = d; (p = memchr(p, '\n', n - (size_t)(p - d))); p++)
        most++;
    line_info *l = xcalloc(most, sizeof *l);
    uint64_t k = 0;
    for (size_t at = 0; at < n; k++) {
        const char *s = d + at, *nl = memchr(s, '\n', n - at);
        size_t len = nl ? (size_t)(nl - s) : n - at;
        at += len + (nl != NULL);
        if (len <= max_line + LINE_SLACK) {
            if (k == 0 && len >= 3 && memcmp(s, BOM, 3) == 0)
                s += 3, len -= 3;
            if (len > 0 && s[len - 1] == '\r')
                len--;
        }
        l[k] = (line_info){s, len, len > max_line};
    }
    *count = k;
    return l;
}

/* Whether the reader reads this input free form, as layout_open()
   says: no layout, or a first line (not blank, not a comment) with the
   marks of a line record. */
static int free_form(const setup *st, const line_info *l, uint64_t lines)
{
    if (!config_layout_on(&st->lay))
        return 1;
    for (uint64_t k = 0; k < lines; k++) {
        const char *s = l[k].s;
        size_t n = l[k].n, i = 0;
        if (l[k].is_long)
            return 0;
        while (i < n && is_blank(s[i]))
            i++;
        if (i == n || (st->comments && s[i] == '#'))
            continue;
        return memchr(s, '/', n) || memchr(s, '=', n);
    }
    return 0;
}

/* fuzz_input_fd(), the packet size first made to fit the pipe as
   fuzz_reader.c does. */
static int fill_input(const char *d, size_t n, size_t packet)
{
    if (packet && (n > PIPE_INPUT_MAX))
        packet = 0;
    if (packet && (n + packet - 1) / packet > PIPE_SLOTS)
        packet = (n + PIPE_SLOTS - 1) / PIPE_SLOTS;
    return fuzz_input_fd(d, n, packet);
}

/* The lowest free file descriptor. */
static int lowest_free_fd(void)
{
    int fd = dup(STDERR_FILENO);
    FUZZ_CHECK(fd >= 0, "dup failed");
    close(fd);
    return fd;
}

static uint64_t hash_of(const char *s)
{
    uint64_t h = 14695981039346656037ull; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Whether a line number is one of the input's (1 when it has none: where
   its first line, a count line say, is missing). */
static int at_a_line(uint64_t line, uint64_t lines)
{
    return line >= 1 && line <= (lines ? lines : 1);
}

static void check_message(const char *m, uint64_t line, uint64_t lines)
{
    size_t n = strnlen(m, READER_MSG_MAX);
    FUZZ_CHECK(n > 0 && n < READER_MSG_MAX, "message of %zu bytes", n);
    for (size_t i = 0; i < n; i++) /* it goes to a terminal */
        FUZZ_CHECK((unsigned char)m[i] >= 0x20 && m[i] != 0x7f,
                   "byte 0x%02x in a message: %s", (unsigned char)m[i], m);
    FUZZ_CHECK(at_a_line(line, lines), "message at line %llu of %llu: %s",
               (unsigned long long)line, (unsigned long long)lines, m);
}

/* Row k of rec is its line with blanks removed, or none for a line too
   long (then the record has an error). */
static void check_row(const record *rec, uint32_t k, const line_info *l)
{
    const record_row *row = &rec->row[k];
    const line_info *want = &l[row->line - 1];
    if (want->is_long) {
        FUZZ_CHECK(row->len == 0 && rec->error,
                   "row %u of record %llu: %u cells of a line too long", k + 1,
                   (unsigned long long)rec->index, row->len);
        return;
    }
    uint32_t got = 0;
    for (size_t i = 0; i < want->n; i++) {
        if (is_blank(want->s[i]))
            continue;
        FUZZ_CHECK(got < row->len && row->text[got] == want->s[i],
                   "row %u of record %llu is not line %llu", k + 1,
                   (unsigned long long)rec->index,
                   (unsigned long long)row->line);
        got++;
    }
    FUZZ_CHECK(got == row->len,
               "row %u of record %llu: %u cells, line %llu "
               "has %u",
               k + 1, (unsigned long long)rec->index, row->len,
               (unsigned long long)row->line, got);
}

/* FUZZ_LAYOUT_TRACE=1 in the environment: each record on stderr, to
   see what a failing input is read as. */
static void trace(const record *rec)
{
    fprintf(stderr,
            "record %llu line %llu%s%s%s boards %u (%u+%u rows) size %ux%u "
            "id %s param %s error %s (line %llu)\n",
            (unsigned long long)rec->index, (unsigned long long)rec->line,
            rec->line_syntax ? " line-syntax" : "",
            rec->notice ? " notice" : "", rec->quiet ? " quiet" : "",
            rec->nboards, rec->board_rows[0], rec->board_rows[1], rec->rows,
            rec->cols, rec->id ? rec->id : "-", rec->param ? rec->param : "-",
            rec->error ? rec->error : "-", (unsigned long long)rec->error_line);
    uint32_t n = rec->board_rows[0] + rec->board_rows[1];
    for (uint32_t k = 0; k < n && k < RECORD_MAX_ROWS; k++)
        fprintf(stderr, "  row %u line %llu '%.*s'\n", k + 1,
                (unsigned long long)rec->row[k].line, (int)rec->row[k].len,
                rec->row[k].text);
}

static void check_record(const setup *st, int freeform, const record *rec,
                         const line_info *l, uint64_t lines)
{
    unsigned long long idx = (unsigned long long)rec->index;
    FUZZ_CHECK(at_a_line(rec->line, lines), "record %llu at line %llu of %llu",
               idx, (unsigned long long)rec->line, (unsigned long long)lines);
    FUZZ_CHECK(!rec->line_syntax || freeform, "a line record in a layout");
    FUZZ_CHECK(rec->nboards <= RECORD_MAX_BOARDS, "%u boards", rec->nboards);
    uint32_t nrows = 0;
    for (uint32_t b = 0; b < RECORD_MAX_BOARDS; b++)
        nrows += rec->board_rows[b];
    FUZZ_CHECK(nrows <= RECORD_MAX_ROWS, "%u rows", nrows);
    uint64_t prev = 0;
    for (uint32_t k = 0; k < nrows; k++) {
        const record_row *row = &rec->row[k];
        FUZZ_CHECK(
            row->line >= 1 && row->line >= rec->line && row->line <= lines,
            "row %u of record %llu (line %llu) at line %llu", k + 1, idx,
            (unsigned long long)rec->line, (unsigned long long)row->line);
        if (rec->line_syntax) { /* tokens of one line */
            FUZZ_CHECK(row->line == rec->line, "a line record's row elsewhere");
            continue;
        }
        FUZZ_CHECK(row->line > prev, "row %u of record %llu at line %llu",
                   k + 1, idx, (unsigned long long)row->line);
        prev = row->line;
        check_row(rec, k, l);
    }
    if (known(K_NO_SIZE_LINE) && !freeform && !rec->error && st->lay.name &&
        st->lay.size == SIZE_LINE_EACH && rec->nboards == 0)
        return;
    int stale = known(K_STALE_COLS) && !freeform &&
                st->lay.size != SIZE_LINE_NONE && rec->rows == 0;
    FUZZ_CHECK(((rec->rows == 0) == (rec->cols == 0) || stale) &&
                   rec->rows <= GRIDBFS2_MAX_SIDE &&
                   rec->cols <= GRIDBFS2_MAX_SIDE,
               "record %llu (line %llu): size %ux%u", idx,
               (unsigned long long)rec->line, rec->rows, rec->cols);
    if (freeform || !st->lay.param)
        FUZZ_CHECK(!rec->param, "a parameter without one in the layout");
    if (rec->notice) {
        FUZZ_CHECK(rec->index == 0 && rec->error, "notice %llu: %s", idx,
                   rec->error ? rec->error : "no error");
    }
    if (rec->quiet)
        FUZZ_CHECK(rec->error, "a quiet record without error");
    if (rec->error) {
        check_message(rec->error, rec->error_line, lines);
        return;
    }
    if (rec->line_syntax)
        return; /* its tokens' rows are parse.c's to check */

    /* A case: `boards` boards of `rows` rows */
    uint32_t rows = st->rows;
    if (!freeform && st->lay.size != SIZE_LINE_NONE) {
        FUZZ_CHECK(rec->rows >= 1, "a case of a size layout without a size");
        rows = rec->rows;
    } else {
        FUZZ_CHECK(rec->rows == 0, "a size %ux%u without a size line",
                   rec->rows, rec->cols);
    }
    FUZZ_CHECK(rec->nboards == st->boards,
               "record %llu without error has %u boards of %u", idx,
               rec->nboards, st->boards);
    for (uint32_t b = 0; b < st->boards; b++)
        FUZZ_CHECK(rec->board_rows[b] == rows,
                   "record %llu without error: board %u has %u rows of %u", idx,
                   b + 1, rec->board_rows[b], rows);
    if (!freeform && st->lay.param) {
        FUZZ_CHECK(rec->param, "record %llu without error or parameter", idx);
        size_t n = strlen(rec->param), slashes = 0;
        for (size_t i = 0; i < n; i++) {
            FUZZ_CHECK(!is_blank(rec->param[i]), "a blank in the parameter");
            slashes += rec->param[i] == '/';
        }
        FUZZ_CHECK((n >= 2 * st->lay.param_rows - 1 &&
                    slashes >= st->lay.param_rows - 1) ||
                       (known(K_NUL) && st->has_nul),
                   "record %llu: parameter '%s' of fewer than %u rows", idx,
                   rec->param, st->lay.param_rows);
    }
}

/* ---- well-formed files ------------------------------------------------ */

typedef struct gen_src {
    const uint8_t *p;
    size_t n, at;
} gen_src;

static unsigned take(gen_src *g)
{
    return g->at < g->n ? g->p[g->at++] : 0;
}

enum {
    G_CRLF = 1,
    G_NO_FINAL_NL = 2,
    G_BLANK_AFTER_LAST = 4,
    G_SPACED = 8,
    G_SQUARE = 16,
    G_PADDED = 32,
    G_BLANKS = 64,
    G_COMMENTS = 128
};

typedef struct gen_out {
    strbuf sb;
    uint64_t line; /* lines ended so far */
    unsigned style;
} gen_out;

static void gen_line(gen_out *o, const char *s)
{
    sb_add(&o->sb, s, strlen(s));
    if (o->style & G_CRLF)
        sb_putc(&o->sb, '\r');
    sb_putc(&o->sb, '\n');
    o->line++;
}

/* Blank or comment lines between cases, as the input's bits say. */
static void gen_gap(gen_out *o, const setup *st, unsigned b)
{
    if ((o->style & G_BLANKS) && (b & 1))
        gen_line(o, (b & 2) ? " \t" : "");
    if ((o->style & G_COMMENTS) && st->comments && (b & 4))
        gen_line(o, "# between cases");
}

/* A line of text the reader must see as s: with blanks around it, or not. */
static void gen_text(gen_out *o, const char *s, unsigned b)
{
    char buf[128];
    if ((o->style & G_PADDED) && (b & 1)) {
        snprintf(buf, sizeof buf, " %s\t", s);
        gen_line(o, buf);
    } else {
        gen_line(o, s);
    }
}

/* Whether s can be a row of cols cells, blanks aside. */
static int gen_is_row(const setup *st, const char *s, uint32_t cols)
{
    uint32_t k = 0;
    for (; *s; s++)
        if (!is_blank(*s) && (k++, *s != st->one && *s != st->zero))
            return 0;
    return k == cols;
}

/* Whether line s is the end line, read as words (a run of blanks is one
   blank, blanks at either end aside), as layout.c reads it. */
static int is_end(const setup *st, const char *s)
{
    const char *e = st->lay.end;
    if (!e)
        return 0;
    while (is_blank(*s))
        s++;
    while (*s) {
        if (is_blank(*s)) {
            while (is_blank(*s))
                s++;
            if (*s && *e++ != ' ')
                return 0;
        } else if (*e++ != *s++) {
            return 0;
        }
    }
    return *e == '\0';
}

/*
 * A well-formed file in st's layout, driven by g: what a judge's file
 * holds, and nothing a judge's reader could take two ways (a row, name or
 * parameter row that is the end line, a name that is a row); the cases
 * in c[], their number in *ncases.
 */
static void generate(const setup *st, gen_src *g, gen_out *o, gen_case *c,
                     size_t *ncases)
{
    const cfg_layout *l = &st->lay;
    char line[3 * GRIDBFS_MAX_SIDE + 8];
    size_t n = take(g) % (GEN_CASES_MAX + 1);
    unsigned wide = take(g);
    uint32_t rows = st->rows, cols = st->cols;

    o->style = take(g);
    if (!l->count && n == 0)
        n = 1;
    *ncases = n;
    gen_gap(o, st, take(g));
    if (l->count) {
        snprintf(line, sizeof line, "%zu", n);
        if (known(K_COUNT_IS_END) && is_end(st, line)) {
            *ncases = ++n;
            snprintf(line, sizeof line, "%zu", n);
        }
        gen_text(o, line, take(g));
    }
    if (l->size != SIZE_LINE_NONE) {
        unsigned m = wide & 1 ? GRIDBFS_MAX_SIDE : 4;
        rows = 1 + take(g) % m;
        cols = 1 + take(g) % m;
    }
    if (l->size == SIZE_LINE_FIRST) {
        if ((o->style & G_SQUARE) && rows == cols)
            snprintf(line, sizeof line, "%u", rows);
        else
            snprintf(line, sizeof line, "%u %u", rows, cols);
        gen_text(o, line, take(g));
    }
    for (size_t k = 0; k < n; k++) {
        gen_case *cs = &c[k];
        memset(cs, 0, sizeof *cs);
        if (k > 0)
            gen_gap(o, st, take(g));
        cs->line = o->line + 1;
        if (l->name) {
            snprintf(cs->name, sizeof cs->name, "case %zu%c", k + 1,
                     "xyz "[take(g) % 4]);
            gen_text(o, cs->name, take(g));
            size_t len = strlen(cs->name);
            while (len && is_blank(cs->name[len - 1]))
                cs->name[--len] = '\0';
        }
        if (l->size == SIZE_LINE_EACH) {
            unsigned m = wide & 2 ? GRIDBFS_MAX_SIDE : 4;
            uint32_t last_cols = cols;
            rows = 1 + take(g) % m;
            cols = 1 + take(g) % m;
            for (;;) {
                if ((o->style & G_SQUARE) && rows == cols)
                    snprintf(line, sizeof line, "%u", rows);
                else
                    snprintf(line, sizeof line, "%u %u", rows, cols);
                if (k == 0 || l->name || l->blank || !known(K_SIZE_AS_ROW) ||
                    !gen_is_row(st, line, last_cols))
                    break;
                rows = rows % GRIDBFS_MAX_SIDE + 1; /* another size */
            }
            gen_text(o, line, take(g));
        }
        cs->rows = rows;
        cs->cols = cols;
        for (uint32_t r = 0; r < rows * st->boards; r++) {
            size_t at = 0;
            unsigned bits = 0;
            for (uint32_t i = 0; i < cols; i++) {
                if (i % 8 == 0)
                    bits = take(g);
                char cell = bits >> (i % 8) & 1 ? st->one : st->zero;
                cs->row[r][i] = cell;
                if (i > 0 && (o->style & G_SPACED))
                    line[at++] = (bits >> (i % 8) & 1) ? '\t' : ' ';
                line[at++] = cell;
            }
            line[at] = '\0';
            if (is_end(st, line)) { /* a judge could not tell it either */
                char other = line[0] == st->one ? st->zero : st->one;
                line[0] = cs->row[r][0] = other;
            }
            cs->row_line[r] = o->line + 1;
            gen_line(o, line);
        }
        for (uint32_t r = 0; r < l->param_rows; r++) {
            size_t len = 1 + take(g) % GEN_PARAM_ROW_MAX,
                   at = strlen(cs->param);
            unsigned bits = take(g);
            for (size_t i = 0; i < len; i++) {
                char ch = bits & 0x80 ? (bits >> i & 1 ? st->one : st->zero)
                                      : (char)('0' + (bits >> i & 1));
                line[i] = ch;
            }
            line[len] = '\0';
            if (l->name && known(K_PARAM_AS_NAME)) { /* a row of cells */
                for (len = 0; len < cols; len++)
                    line[len] = bits >> (len % 8) & 1 ? st->one : st->zero;
                line[len] = '\0';
                if (is_end(st, line))
                    line[0] = line[0] == st->one ? st->zero : st->one;
            } else if (l->size == SIZE_LINE_EACH && known(K_PARAM_AS_SIZE) &&
                       strspn(line, "0123456789") == len) {
                line[0] = 'p';
            }
            if (is_end(st, line) || (st->comments && line[0] == '#'))
                line[0] = line[0] == 'p' ? 'q' : 'p';
            if (r > 0)
                cs->param[at++] = '/';
            memcpy(cs->param + at, line, len + 1);
            gen_line(o, line);
        }
        if (l->blank && (k + 1 < n || (o->style & G_BLANK_AFTER_LAST)))
            gen_line(o, "");
    }
    if (l->end) {
        gen_gap(o, st, take(g));
        gen_text(o, l->end, take(g));
    }
    if ((o->style & G_NO_FINAL_NL) && o->sb.len > 0) {
        o->sb.len -= o->style & G_CRLF ? 2 : 1; /* the last line unended */
    }
}

/* Record k of a generated file: case c[k], as written. */
static void check_generated(const setup *st, const record *rec,
                            const gen_case *c, size_t ncases)
{
    unsigned long long idx = (unsigned long long)rec->index;
    FUZZ_CHECK(!rec->notice && !rec->error,
               "well-formed file: record %llu at line %llu: %s", idx,
               (unsigned long long)rec->line,
               rec->error ? rec->error : "a notice");
    FUZZ_CHECK(rec->index >= 1 && rec->index <= ncases,
               "well-formed file of %zu cases: record %llu", ncases, idx);
    const gen_case *cs = &c[rec->index - 1];
    FUZZ_CHECK(rec->line == cs->line, "case %llu at line %llu, not %llu", idx,
               (unsigned long long)rec->line, (unsigned long long)cs->line);
    if (st->lay.size != SIZE_LINE_NONE)
        FUZZ_CHECK(rec->rows == cs->rows && rec->cols == cs->cols,
                   "case %llu: size %ux%u, not %ux%u", idx, rec->rows,
                   rec->cols, cs->rows, cs->cols);
    if (st->lay.name)
        FUZZ_CHECK(rec->id && strcmp(rec->id, cs->name) == 0,
                   "case %llu: name '%s', not '%s'", idx,
                   rec->id ? rec->id : "(none)", cs->name);
    if (st->lay.param)
        FUZZ_CHECK(rec->param && strcmp(rec->param, cs->param) == 0,
                   "case %llu: parameter '%s', not '%s'", idx,
                   rec->param ? rec->param : "(none)", cs->param);
    for (uint32_t k = 0; k < cs->rows * st->boards; k++) {
        const record_row *row = &rec->row[k];
        FUZZ_CHECK(row->line == cs->row_line[k] && row->len == cs->cols &&
                       memcmp(row->text, cs->row[k], cs->cols) == 0,
                   "case %llu: row %u '%.*s' at line %llu, not '%s' at %llu",
                   idx, k + 1, (int)row->len, row->text,
                   (unsigned long long)row->line, cs->row[k],
                   (unsigned long long)cs->row_line[k]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setup st;
    char path[64], err[ERR_MAX];

    if (size < HEADER)
        return 0;
    read_known();
    setup_of(data, &st);
    const char *body = (const char *)data + HEADER;
    size_t len = size - HEADER;
    char *big = NULL;
    gen_out gen = {{NULL, 0, 0}, 0, 0};
    gen_case *cases = NULL;
    size_t ncases = 0;
    if (st.generate) {
        gen_src g = {(const uint8_t *)body, len, 0};
        cases = xcalloc(GEN_CASES_MAX + 1,
                        sizeof *cases); /* one more: see K_COUNT_IS_END */
        generate(&st, &g, &gen, cases, &ncases);
        body = gen.sb.p ? gen.sb.p : "";
        len = gen.sb.len;
    }
    if (st.big && len > 0) { /* the text again and again */
        size_t times = (BIG_BYTES + len - 1) / len;
        big = xmalloc(times * len);
        for (size_t i = 0; i < times; i++)
            memcpy(big + i * len, body, len);
        body = big;
        len *= times;
        st.packet = 0;
    }
    st.has_nul = memchr(body, '\0', len) != NULL;
    uint64_t lines;
    line_info *l = lines_of(body, len, st.max_line, &lines);
    int freeform = free_form(&st, l, lines);
    uint64_t *said = xcalloc(lines + 2, sizeof *said); /* errors' hashes */
    size_t nsaid = 0;

    int fd_free = lowest_free_fd();
    int fd = fill_input(body, len, st.packet), saved_stdin = -1;
    if (st.use_stdin) {
        saved_stdin = dup(STDIN_FILENO);
        FUZZ_CHECK(saved_stdin >= 0 && dup2(fd, STDIN_FILENO) == 0,
                   "dup2 onto standard input failed");
        close(fd);
        snprintf(path, sizeof path, "-");
    } else {
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    size_t base = __sanitizer_get_current_allocated_bytes();
    /* the line buffer grows only for a line longer than it, the record
       text to the rows of a case, its parameter and name, twice over */
    size_t line_max = st.max_line + LINE_SLACK + 1;
    size_t bound =
        MEMORY_FIXED + strlen(path) +
        (line_max < READER_BUFFER ? READER_BUFFER
                                  : 2 * line_max + READER_BUFFER) +
        2 * (RECORD_MAX_ROWS + GRIDBFS_MAX_SIDE + 2) * (line_max + 1);
    reader *rd =
        reader_open(path, st.rows, st.boards, st.max_line, err, sizeof err);
    FUZZ_CHECK(rd, "reader_open: %s", err);
    if (!st.use_stdin)
        close(fd);
    uint8_t cells[256] = {0};
    cells[(unsigned char)st.one] = cells[(unsigned char)st.zero] = 1;
    layout_frame rl = {&st.lay, st.cols, cells, st.comments};
    layout *lo = layout_open(rd, &rl, err, sizeof err);
    FUZZ_CHECK(lo, "layout_open: %s", err);

    const record *rec;
    uint64_t next = 1, records = 0;
    uint64_t loop_line = 0, loop_hash = 0, owed = 0;
    size_t peak = 0;
    int looped = 0;
    const char *tr = getenv("FUZZ_LAYOUT_TRACE");
    int tracing = tr && *tr && strcmp(tr, "0") != 0;
    if (tracing && st.generate)
        fprintf(stderr, "the file generated:\n%.*s<end of file>\n", (int)len,
                body);
    for (;;) {
        (void)reader_buffered(rd); /* as run.c asks before each */
        if (!(rec = layout_next(lo)))
            break;
        records++;
        if (tracing)
            trace(rec);
        if (known(K_OWED) && (rec->quiet || rec->notice))
            owed++;
        FUZZ_CHECK(records - owed <= lines + 1,
                   "%llu records from %llu lines (the last: %llu at line "
                   "%llu: %s)",
                   (unsigned long long)records, (unsigned long long)lines,
                   (unsigned long long)rec->index,
                   (unsigned long long)rec->line,
                   rec->error ? rec->error : "no error");
        if (!rec->notice) {
            FUZZ_CHECK(rec->index == next, "record %llu where %llu was due",
                       (unsigned long long)rec->index,
                       (unsigned long long)next);
            next++;
        }
        check_record(&st, freeform, rec, l, lines);
        if (st.generate)
            check_generated(&st, rec, cases, ncases);
        if (rec->error) {
            uint64_t h = hash_of(rec->error);
            if (rec->quiet) {
                size_t k = nsaid;
                while (k > 0 && said[k - 1] != h)
                    k--;
                FUZZ_CHECK(k > 0,
                           "quiet record %llu, its message not given "
                           "before: %s",
                           (unsigned long long)rec->index, rec->error);
            }
            if (nsaid < lines + 2)
                said[nsaid++] = h;
        }
        if (known(K_SIZE_LOOP) && st.lay.size == SIZE_LINE_EACH &&
            !st.lay.name && rec->error && !rec->quiet &&
            rec->line == loop_line && hash_of(rec->error) == loop_hash) {
            looped = 1; /* the same record again: it would never end */
            break;
        }
        loop_line = rec->line;
        loop_hash = rec->error ? hash_of(rec->error) : 0;
        size_t now = __sanitizer_get_current_allocated_bytes();
        if (now > base && now - base > peak)
            peak = now - base;
        FUZZ_CHECK(now <= base + bound,
                   "the reader holds %zu bytes after record %llu, at most "
                   "%zu for max_line %zu",
                   now - base, (unsigned long long)rec->index, bound,
                   st.max_line);
    }
    if (tracing)
        fprintf(stderr,
                "%llu records; the reader held at most %zu bytes "
                "(bound %zu)\n",
                (unsigned long long)records, peak, bound);
    if (looped) {
        layout_close(lo);
        reader_close(rd);
        goto done;
    }
    FUZZ_CHECK(!reader_error(rd), "read error: %s", reader_error(rd));
    FUZZ_CHECK(reader_offset(rd) <= len, "%llu of %zu bytes counted",
               (unsigned long long)reader_offset(rd), len);
    FUZZ_CHECK(!layout_next(lo), "a record after the end");
    if (st.generate)
        FUZZ_CHECK(records == ncases,
                   "well-formed file of %zu cases: %llu records", ncases,
                   (unsigned long long)records);
    layout_close(lo);
    reader_close(rd);
done:
    if (st.use_stdin) {
        dup2(saved_stdin, STDIN_FILENO);
        close(saved_stdin);
    }
    FUZZ_CHECK(lowest_free_fd() == fd_free, "a file descriptor left open");
    free(said);
    free(l);
    free(big);
    free(cases);
    sb_free(&gen.sb);
    return 0;
}
