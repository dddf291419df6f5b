/*
 * judgeref.h - the boards, the judge-file reading and the three solving
 * methods of tests/ref/judgeref.c (which see for what each judge uses and
 * why it is independent of gridbfs); included by it alone.
 *
 * A grid holds up to 16 rows of up to 32 cells (POJ 3185's 20 bowls are
 * one row), row r as the bits of row[r]: bit c is
 * column c (the leftmost is bit 0).  The table method numbers cell (r,c)
 * r*cols+c of a uint32_t instead (to_bits, from_bits; at most 20 cells).
 * Every function here borrows its pointer arguments; what it allocates it
 * says, and the caller frees.  die(), the random numbers and decimal() are
 * refutil.h's (judgeref.c names itself with REF_NAME).
 */
#ifndef GRIDBFS_TESTS_JUDGEREF_H
#define GRIDBFS_TESTS_JUDGEREF_H

#include <assert.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refutil.h"

#define MAX_SIDE 32 /* the largest judge board: bzoj3517 (up to 32 here) */
#define TABLE_MAX_CELLS 20 /* the table method's 2^N entries */
#define NO_WAY 0xFF        /* in a table: no press set makes the pattern */
#define POJ3279_MAX 15     /* M and N of POJ 3279 */
#define CERC07B_MAX 16     /* R and C of CERC 2007 B */
#define BZOJ3517_MAX 32    /* n of BZOJ 3517 (the judge's goes to 1000) */
#define POJ3185_BOWLS 20   /* POJ 3185's bowls */
#define UVA10309_NAME 100  /* a UVa 10309 name, at most */
#define UVA10309_MAX_PRESSES 100 /* more is -1 */
#define ACWING95_MAX_PRESSES 6   /* more is -1 */
#define SWAP_CELLS 16            /* the swap judges' 4x4 */
#define SWAP_PAIRS 24            /* edge-adjacent cell pairs of 4x4 */
#define GEN_DEFAULT_CASES 10     /* gen -n of multi-case profiles */
#define GEN_MAX_CASES 1000000

/* ---- boards -------------------------------------------------------- */

typedef struct grid {
    int rows, cols;
    uint32_t row[MAX_SIDE];
} grid;

typedef struct gen_opts {
    long cases;     /* multi-case layouts: how many cases */
    int rows, cols; /* -s, or 0 for a random size */
} gen_opts;

static uint32_t row_mask(int cols)
{
    return (uint32_t)(((uint64_t)1 << cols) - 1);
}

static int get_cell(const grid *g, int r, int c)
{
    return (int)((g->row[r] >> c) & 1);
}

static void set_cell(grid *g, int r, int c, int on)
{
    if (on)
        g->row[r] |= (uint32_t)1 << c;
    else
        g->row[r] &= ~((uint32_t)1 << c);
}

static void complement(grid *g)
{
    for (int r = 0; r < g->rows; r++)
        g->row[r] ^= row_mask(g->cols);
}

static void random_grid(uint64_t *rng, grid *g)
{
    assert(g->rows <= MAX_SIDE && g->cols <= 32);
    for (int r = 0; r < g->rows; r++)
        g->row[r] = (uint32_t)splitmix64(rng) & row_mask(g->cols);
}

/* The board as the table method's pattern: cell (r,c) is bit r*cols+c. */
static uint32_t to_bits(const grid *g)
{
    uint32_t b = 0;
    assert(g->rows * g->cols <= 32);
    for (int r = 0; r < g->rows; r++)
        b |= g->row[r] << (r * g->cols);
    return b;
}

static void from_bits(grid *g, uint32_t b)
{
    for (int r = 0; r < g->rows; r++)
        g->row[r] = (b >> (r * g->cols)) & row_mask(g->cols);
}

/* A 3x3 stencil from nine '0'/'1' characters, top row first. */
static void parse_stencil(const char *nine, grid *st)
{
    st->rows = st->cols = 3;
    for (int k = 0; k < 9; k++)
        set_cell(st, k / 3, k % 3, nine[k] == '1');
}

/* mask[r*cols+c]: the cells a press on (r,c) flips, the 3x3 stencil st
   centred there, cells off the board dropped. */
static void stencil_masks(const grid *st, int rows, int cols, uint32_t *mask)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            uint32_t m = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if (get_cell(st, dr + 1, dc + 1) && rr >= 0 && rr < rows &&
                        cc >= 0 && cc < cols)
                        m |= (uint32_t)1 << (rr * cols + cc);
                }
            mask[r * cols + c] = m;
        }
}

/* mask[r*cols+c]: POJ 2965's change of handle (r,c), its whole row and
   column (the handle itself once). */
static void lines_masks(int rows, int cols, uint32_t *mask)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            uint32_t m = 0;
            for (int k = 0; k < rows * cols; k++)
                if (k / cols == r || k % cols == c)
                    m |= (uint32_t)1 << k;
            mask[r * cols + c] = m;
        }
}

/* Flip onto g what the plus-stencil presses in press make. */
static void plus_apply(const grid *press, grid *g)
{
    uint32_t full = row_mask(g->cols);
    for (int r = 0; r < g->rows; r++) {
        uint32_t p = press->row[r];
        g->row[r] ^= (p ^ (p << 1) ^ (p >> 1)) & full;
        if (r > 0)
            g->row[r - 1] ^= p;
        if (r + 1 < g->rows)
            g->row[r + 1] ^= p;
    }
}

/* Print g as rows of cells[0] (a 1) and cells[1] (a 0), one space between
   cells when spaced. */
static void print_grid(const grid *g, const char *cells, int spaced)
{
    for (int r = 0; r < g->rows; r++) {
        for (int c = 0; c < g->cols; c++) {
            if (spaced && c)
                putchar(' ');
            putchar(get_cell(g, r, c) ? cells[0] : cells[1]);
        }
        putchar('\n');
    }
}

/* 1 when a's press matrix read row by row as a 0/1 string comes before
   b's, as strings compare. */
static int matrix_less(const grid *a, const grid *b)
{
    for (int r = 0; r < a->rows; r++)
        for (int c = 0; c < a->cols; c++)
            if (get_cell(a, r, c) != get_cell(b, r, c))
                return get_cell(a, r, c) < get_cell(b, r, c);
    return 0;
}

/* ---- the table method ---------------------------------------------- */

/* The fewest presses for every pattern of n <= 20 cells: entry p of the
   returned array (2^n entries, malloc'd, the caller frees) is the size of
   the smallest set of presses whose masks XOR to p, or NO_WAY.  When set
   is not NULL (2^n entries) it receives one such smallest set, the first
   met in Gray-code order.  Every one of the 2^n sets is visited: Gray code
   g and g-1 differ in the lowest set bit of g, so a step is one XOR. */
static unsigned char *press_table(int n, const uint32_t *mask, uint32_t *set)
{
    assert(n >= 0 && n <= TABLE_MAX_CELLS);
    size_t size = (size_t)1 << n;
    unsigned char *fewest = malloc(size);
    if (!fewest)
        die("out of memory");
    memset(fewest, NO_WAY, size);
    fewest[0] = 0;
    if (set)
        set[0] = 0;
    uint32_t pattern = 0, subset = 0;
    int count = 0;
    for (size_t g = 1; g < size; g++) {
        int bit = 0;
        while (!((g >> bit) & 1))
            bit++;
        subset ^= (uint32_t)1 << bit;
        pattern ^= mask[bit];
        count += ((subset >> bit) & 1) ? 1 : -1;
        if (count < fewest[pattern]) {
            fewest[pattern] = (unsigned char)count;
            if (set)
                set[pattern] = subset;
        }
    }
    return fewest;
}

/* ---- the chase method ---------------------------------------------- */

/* Light chasing for the plus stencil without wrap on g (up to 16 columns).
   Every first-row press set is tried; the rest of each candidate is
   forced.  Of the candidates that clear g, keeps in *best the one with the
   fewest presses, ties going to the least press matrix (matrix_less), and
   returns its count; -1 (best untouched) when none clears g.  *solutions,
   unless NULL, is how many candidates clear g: every press set that
   clears g is one of them. */
static int chase_best(const grid *g, grid *best, long *solutions)
{
    int rows = g->rows, cols = g->cols, fewest = -1;
    uint32_t full = row_mask(cols);
    long found = 0;
    assert(rows >= 1 && rows <= MAX_SIDE && cols >= 1 && cols < 32);
    for (uint32_t first = 0; first <= full; first++) {
        grid left = *g, press = {rows, cols, {0}};
        int count = 0;
        for (int r = 0; r < rows; r++) {
            /* the only presses left that can clear row r-1 */
            uint32_t p = r ? left.row[r - 1] : first;
            press.row[r] = p;
            count += popcount64(p);
            left.row[r] ^= (p ^ (p << 1) ^ (p >> 1)) & full;
            if (r > 0)
                left.row[r - 1] ^= p;
            if (r + 1 < rows)
                left.row[r + 1] ^= p;
        }
        if (left.row[rows - 1])
            continue;
        found++;
        if (fewest < 0 || count < fewest ||
            (count == fewest && matrix_less(&press, best))) {
            fewest = count;
            *best = press;
        }
    }
    if (solutions)
        *solutions = found;
    return fewest;
}

/* ---- the swap BFS -------------------------------------------------- */

/* The edge-adjacent pairs of 4x4 cells (cell r*4+c): rows, then columns. */
static const int swap_pairs[SWAP_PAIRS][2] = {
    {0, 1},   {1, 2},   {2, 3},   {4, 5},   {5, 6},   {6, 7}, {8, 9},  {9, 10},
    {10, 11}, {12, 13}, {13, 14}, {14, 15}, {0, 4},   {4, 8}, {8, 12}, {1, 5},
    {5, 9},   {9, 13},  {2, 6},   {6, 10},  {10, 14}, {3, 7}, {7, 11}, {11, 15},
};

typedef struct swap_search {
    int16_t dist[1 << SWAP_CELLS];  /* swaps from the start, -1 unreached */
    uint16_t from[1 << SWAP_CELLS]; /* the board before, on a shortest way */
    unsigned char how[1 << SWAP_CELLS]; /* the swap from there: a pair */
    uint16_t queue[1 << SWAP_CELLS];
} swap_search;

static uint32_t swap_cells(uint32_t b, int x, int y)
{
    if (((b >> x) & 1) != ((b >> y) & 1))
        b ^= ((uint32_t)1 << x) | ((uint32_t)1 << y);
    return b;
}

static int adjacent(int x, int y)
{
    for (int k = 0; k < SWAP_PAIRS; k++)
        if ((swap_pairs[k][0] == x && swap_pairs[k][1] == y) ||
            (swap_pairs[k][0] == y && swap_pairs[k][1] == x))
            return 1;
    return 0;
}

/* Breadth first from start over the 4x4 boards, one swap a step. */
static void swap_bfs(uint32_t start, swap_search *s)
{
    memset(s->dist, 0xFF, sizeof s->dist);
    size_t head = 0, tail = 0;
    s->dist[start] = 0;
    s->queue[tail++] = (uint16_t)start;
    while (head < tail) {
        uint32_t b = s->queue[head++];
        for (int k = 0; k < SWAP_PAIRS; k++) {
            uint32_t nb = swap_cells(b, swap_pairs[k][0], swap_pairs[k][1]);
            if (s->dist[nb] >= 0)
                continue;
            s->dist[nb] = (int16_t)(s->dist[b] + 1);
            s->from[nb] = (uint16_t)b;
            s->how[nb] = (unsigned char)k;
            s->queue[tail++] = (uint16_t)nb;
        }
    }
}

/* ---- reading a judge's file ---------------------------------------- */

typedef struct input {
    const char *name;
    char **line; /* without '\n' or a final '\r' */
    size_t count, next;
    size_t at; /* 1-based number of the line last read, for messages */
} input;

/* Read all of FILE ('-': standard input); dies when it cannot. */
static void open_input(input *in, const char *name)
{
    FILE *f = open_or_die(name);
    memset(in, 0, sizeof *in);
    in->name = strcmp(name, "-") ? name : "<stdin>";
    size_t cap = 0;
    char *buf = NULL;
    size_t bufcap = 0;
    ssize_t got;
    while ((got = getline(&buf, &bufcap, f)) >= 0) {
        if (got && buf[got - 1] == '\n')
            buf[--got] = '\0';
        if (got && buf[got - 1] == '\r')
            buf[--got] = '\0';
        if (in->count == cap) {
            cap = cap ? 2 * cap : 64;
            in->line = realloc(in->line, cap * sizeof *in->line);
            if (!in->line)
                die("out of memory");
        }
        in->line[in->count] = strdup(buf);
        if (!in->line[in->count++])
            die("out of memory");
    }
    if (ferror(f))
        die("%s: read error", in->name);
    free(buf);
    if (f != stdin)
        fclose(f);
}

static void close_input(input *in)
{
    for (size_t k = 0; k < in->count; k++)
        free(in->line[k]);
    free(in->line);
}

/* Prints "judgeref: FILE:LINE: message" (LINE the line last read) and
   exits 2. */
_Noreturn static void bad(const input *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t line = in->at ? in->at : in->count; /* 0: an empty file */
    fprintf(stderr, "judgeref: %s:", in->name);
    if (line)
        fprintf(stderr, "%zu:", line);
    fputc(' ', stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static int blank(const char *s)
{
    return !s[strspn(s, " \t")];
}

/* The next line that is not blank, or NULL at the end of the file. */
static const char *next_line(input *in)
{
    while (in->next < in->count) {
        const char *s = in->line[in->next++];
        in->at = in->next;
        if (!blank(s))
            return s;
    }
    return NULL;
}

/* 1 when a line that is not blank is still to come. */
static int more_input(const input *in)
{
    for (size_t k = in->next; k < in->count; k++)
        if (!blank(in->line[k]))
            return 1;
    return 0;
}

static void expect_end(input *in)
{
    if (next_line(in))
        bad(in, "text after the judge's input");
}

/* Read g->rows lines of g->cols cells, cells[0] for a 1 and cells[1] for
   a 0; spaces and tabs between cells are skipped, blank lines too. */
static void read_grid(input *in, grid *g, const char *cells)
{
    for (int r = 0; r < g->rows; r++) {
        const char *s = next_line(in);
        if (!s)
            bad(in, "the file ends before row %d of a %dx%d board", r + 1,
                g->rows, g->cols);
        int c = 0;
        g->row[r] = 0;
        for (; *s; s++) {
            if (*s == ' ' || *s == '\t')
                continue;
            if (*s != cells[0] && *s != cells[1])
                bad(in, "cell '%c' is not '%c' or '%c'", *s, cells[0],
                    cells[1]);
            if (c == g->cols)
                bad(in, "a row of more than %d cells", g->cols);
            set_cell(g, r, c++, *s == cells[0]);
        }
        if (c != g->cols)
            bad(in, "a row of %d cells, not %d", c, g->cols);
    }
}

/* Read a line of exactly n integers into v. */
static void read_ints(input *in, int n, long *v)
{
    const char *s = next_line(in);
    if (!s)
        bad(in, "the file ends where %d number%s should be", n,
            n > 1 ? "s" : "");
    for (int k = 0; k < n; k++) {
        char *end;
        v[k] = strtol(s, &end, 10);
        if (end == s || (*end && *end != ' ' && *end != '\t'))
            bad(in, "expected a line of %d number%s", n, n > 1 ? "s" : "");
        s = end;
    }
    if (!blank(s))
        bad(in, "expected a line of %d number%s", n, n > 1 ? "s" : "");
}

/* Copy line's one word, blanks around it dropped, into word[cap]; 0 when
   the line holds more than one word or a longer one. */
static int one_word(const char *line, char *word, size_t cap)
{
    line += strspn(line, " \t");
    size_t len = strcspn(line, " \t");
    if (!len || len >= cap || !blank(line + len))
        return 0;
    memcpy(word, line, len);
    word[len] = '\0';
    return 1;
}

/* ---- reading a candidate output (check) ---------------------------- */

/* An output read as bytes: every line must end with '\n', no '\r'. */
typedef struct output {
    const char *name;
    char *text;
    size_t len, pos;
    long lineno;
} output;

static void open_output(output *o, const char *name)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        die("%s: cannot open", name);
    memset(o, 0, sizeof *o);
    o->name = name;
    size_t cap = 0;
    for (;;) {
        if (o->len + 4096 > cap) {
            cap = cap ? 2 * cap : 8192;
            o->text = realloc(o->text, cap);
            if (!o->text)
                die("out of memory");
        }
        size_t got = fread(o->text + o->len, 1, cap - o->len - 1, f);
        o->len += got;
        if (!got)
            break;
    }
    if (ferror(f))
        die("%s: read error", name);
    fclose(f);
    o->text[o->len] = '\0';
}

static void close_output(output *o)
{
    free(o->text);
}

/* The next line, its '\n' cut off, or NULL at the end; a line without its
   '\n', or holding '\r' or NUL, is returned as "\r" so no parser takes
   it. */
static const char *out_line(output *o)
{
    if (o->pos >= o->len)
        return NULL;
    o->lineno++;
    char *s = o->text + o->pos;
    char *nl = memchr(s, '\n', o->len - o->pos);
    if (!nl) {
        o->pos = o->len;
        return "\r";
    }
    *nl = '\0';
    o->pos = (size_t)(nl - o->text) + 1;
    if (strlen(s) != (size_t)(nl - s) || strchr(s, '\r'))
        return "\r";
    return s;
}

/* Prints "judgeref: OUTPUT:LINE: message", frees o, returns 1. */
static int out_fail(output *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "judgeref: %s:%ld: ", o->name, o->lineno);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    close_output(o);
    return 1;
}

/* "abcd": cells (a,b) and (c,d) of 4x4, 1-based, as cell numbers. */
static int parse_swap(const char *s, int cell[2])
{
    if (strlen(s) != 4 || s[strspn(s, "1234")])
        return 0;
    cell[0] = (s[0] - '1') * 4 + (s[1] - '1');
    cell[1] = (s[2] - '1') * 4 + (s[3] - '1');
    return 1;
}

/* 0, or 2 with a message when standard output could not be written. */
static int finish_stdout(void)
{
    if (fflush(stdout) || ferror(stdout)) {
        fputs("judgeref: cannot write standard output\n", stderr);
        return 2;
    }
    return 0;
}

#endif
