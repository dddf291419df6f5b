/*
 * klightsref.c - independent reference for k-colour lights (HDU 5755
 * Gambler Bo and its generalisation): an N x M board of values 0..K-1; a
 * press on (i,j) adds the stencil's digits, mod K, to the cells under it
 * (the stencil's centre on (i,j), what falls off the board is lost).
 * HDU 5755's press is K = 3 and stencil 010/121/010: 2 on the cell, 1 on
 * each of its four orthogonal neighbours.  Shares no code with gridbfs.
 *
 * Method (solve): presses commute, and K presses on one cell add K times
 * its stencil, which is nothing mod K; so an answer is a press count
 * 0..K-1 for each cell, and every one of the K^(N*M) count vectors is
 * tried, the board recomputed from scratch for each.  The fewest total
 * presses of a vector reaching the goal is the answer.  Small boards only:
 * a case with K^(N*M) above 2^20 is an error.  No elimination, no light
 * chasing.
 *
 * Usage:
 *   klightsref solve [-k K] [-t STENCIL] [-a] [-p] [FILE]
 *         FILE (default standard input) in HDU 5755's layout: a line T,
 *         then for each of T cases a line "N M" and N lines of M values
 *         0..K-1 separated by spaces; for each case, the fewest presses
 *         making every cell 0 (with -a: every cell one colour, any), or
 *         `Impossible`.  With -p, an answer in HDU 5755's output format
 *         instead: the count P, then P lines "i j" (1-based), a cell
 *         pressed c times listed c times, cells in row-major order, of the
 *         fewest vector first in that order (vectors counted as base-K
 *         numbers, the first cell the least significant digit)
 *   klightsref check [-k K] [-t STENCIL] INPUT ANSWER
 *         ANSWER answers every case of INPUT, HDU 5755 input, as HDU's
 *         special judge accepts: per case a line P with P <= 2*N*M, then
 *         P lines "i j", 1 <= i <= N, 1 <= j <= M, whose presses, in any
 *         order, make every cell 0.  Works at any size (no search).
 *
 * -k K is the number of colours, 2..100 (default 3).  -t STENCIL is three
 * rows of three digits joined by '/' (default 010/121/010), each digit
 * taken mod K.  Values in a row are separated by one or more spaces or
 * tabs, also before and after.  Anything else out of the layout is an
 * error naming FILE:LINE.  Exit status: 0 ok, 1 a check failed, 2 usage or
 * input error.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "klightsref"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refutil.h"

#include "reflines.h"

#define MAX_K 100
#define MAX_VECTORS (1L << 20)  /* solve: K^(N*M) at most */
#define MAX_SIDE 100000         /* check: N and M at most */
#define MAX_CELLS_CHECK 1000000 /* check: N*M at most */
#define MAX_CASES 1000000

typedef struct rule {
    int k;
    int st[3][3]; /* already mod k */
} rule;

typedef struct kase {
    int rows, cols;
    int *cell; /* rows*cols values, row-major */
} kase;

/* ---- the rule ------------------------------------------------------ */

/* Sets r's stencil from s ("ddd/ddd/ddd"), or dies. */
static void parse_stencil(rule *r, const char *s)
{
    if (strlen(s) != 11 || s[3] != '/' || s[7] != '/')
        die("-t %s: expected three rows of three digits joined by '/'", s);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            char c = s[i * 4 + j];
            if (c < '0' || c > '9')
                die("-t %s: expected three rows of three digits joined by "
                    "'/'",
                    s);
            r->st[i][j] = (c - '0') % r->k;
        }
}

/* Adds times presses of (i,j) to g (rows x cols), mod r->k. */
static void press(const rule *r, int rows, int cols, int *g, int i, int j,
                  int times)
{
    for (int di = -1; di <= 1; di++)
        for (int dj = -1; dj <= 1; dj++) {
            int y = i + di, x = j + dj;
            if (y < 0 || y >= rows || x < 0 || x >= cols)
                continue;
            int *c = &g[y * cols + x];
            *c = (*c + times * r->st[di + 1][dj + 1]) % r->k;
        }
}

/* ---- reading HDU 5755 input ---------------------------------------- */

/* A decimal token of line at *s (after spaces and tabs), advancing *s; -1
   when there is none or it is malformed. */
static long token(const char **s)
{
    char buf[16];
    *s += strspn(*s, " \t");
    size_t len = strcspn(*s, " \t");
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, *s, len);
    buf[len] = '\0';
    *s += len;
    return decimal(buf);
}

static int at_end(const char *s)
{
    return !s[strspn(s, " \t")];
}

/* The next line, or dies naming what was expected. */
static const char *need_line(lines *in, const char *what)
{
    const char *line = rl_next(in);
    if (!line)
        rl_bad(in, "the file ends where %s was expected", what);
    return line;
}

/* The number of cases T. */
static long read_count(lines *in)
{
    const char *s = need_line(in, "the number of cases");
    long t = token(&s);
    if (t < 0 || t > MAX_CASES || !at_end(s))
        rl_bad(in, "expected the number of cases, 0..%d", MAX_CASES);
    return t;
}

/* One case into c (c->cell malloc'd, the caller frees it). */
static void read_case(lines *in, const rule *r, kase *c, long max_cells)
{
    const char *s = need_line(in, "a line \"N M\"");
    long n = token(&s), m = token(&s);
    if (n < 1 || m < 1 || n > MAX_SIDE || m > MAX_SIDE || !at_end(s))
        rl_bad(in, "expected \"N M\", each 1..%d", MAX_SIDE);
    if (n * m > max_cells)
        rl_bad(in, "a %ldx%ld board: more than %ld cells", n, m, max_cells);
    c->rows = (int)n;
    c->cols = (int)m;
    c->cell = malloc((size_t)(n * m) * sizeof *c->cell);
    if (!c->cell)
        die("out of memory");
    for (int i = 0; i < c->rows; i++) {
        s = need_line(in, "a row of the board");
        for (int j = 0; j < c->cols; j++) {
            long v = token(&s);
            if (v < 0 || v >= r->k)
                rl_bad(in, "expected %d values 0..%d", c->cols, r->k - 1);
            c->cell[i * c->cols + j] = (int)v;
        }
        if (!at_end(s))
            rl_bad(in, "more than %d values", c->cols);
    }
}

/* ---- solve --------------------------------------------------------- */

static int at_goal(const int *g, int n, int one_colour)
{
    for (int i = 0; i < n; i++)
        if (g[i] != (one_colour ? g[0] : 0))
            return 0;
    return 1;
}

/* Fewest presses for c, or -1; the counts of the first best vector in
   best[] (n cells). */
static int fewest(const rule *r, const kase *c, int one_colour, int *best)
{
    int n = c->rows * c->cols, min = -1;
    long vectors = 1;
    for (int i = 0; i < n; i++)
        if ((vectors *= r->k) > MAX_VECTORS)
            die("a %dx%d board of %d colours has more than %ld press "
                "vectors: too big to try them all",
                c->rows, c->cols, r->k, MAX_VECTORS);
    int *count = calloc((size_t)n, sizeof *count);
    int *g = malloc((size_t)n * sizeof *g);
    if (!count || !g)
        die("out of memory");
    for (long v = 0; v < vectors; v++) {
        long rest = v;
        int total = 0;
        memcpy(g, c->cell, (size_t)n * sizeof *g);
        for (int i = 0; i < n; i++) {
            count[i] = (int)(rest % r->k);
            rest /= r->k;
            total += count[i];
            press(r, c->rows, c->cols, g, i / c->cols, i % c->cols, count[i]);
        }
        if ((min < 0 || total < min) && at_goal(g, n, one_colour)) {
            min = total;
            memcpy(best, count, (size_t)n * sizeof *best);
        }
    }
    free(count);
    free(g);
    return min;
}

static int cmd_solve(const rule *r, int one_colour, int presses,
                     const char *name)
{
    lines in;
    rl_open(&in, name);
    long t = read_count(&in);
    for (long k = 0; k < t; k++) {
        kase c;
        read_case(&in, r, &c, MAX_CELLS_CHECK);
        int n = c.rows * c.cols;
        int *best = malloc((size_t)n * sizeof *best);
        if (!best)
            die("out of memory");
        int m = fewest(r, &c, one_colour, best);
        if (!presses || m < 0) {
            put_answer(m);
        } else {
            printf("%d\n", m);
            for (int i = 0; i < n; i++)
                for (int p = 0; p < best[i]; p++)
                    printf("%d %d\n", i / c.cols + 1, i % c.cols + 1);
        }
        free(best);
        free(c.cell);
    }
    rl_expect_end(&in, "the last case");
    rl_close(&in);
    return rl_finish_stdout();
}

/* ---- check --------------------------------------------------------- */

/* Prints "klightsref: ANSWER:LINE: message" and returns 1. */
static int fail(const lines *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int fail(const lines *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "klightsref: %s:%ld: ", out->name, out->lineno);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

/* 0 when out's next answer (P, then P presses) clears c; else 1 with a
   message.  c's cells are changed. */
static int check_case(const rule *r, kase *c, long number, lines *out)
{
    long limit = 2L * c->rows * c->cols;
    const char *s = rl_next(out);
    if (!s)
        return fail(out, "no answer to case %ld", number);
    long p = decimal(s);
    if (p < 0)
        return fail(out, "case %ld: expected the number of presses", number);
    if (p > limit)
        return fail(out, "case %ld: %ld presses, more than 2*N*M = %ld", number,
                    p, limit);
    for (long k = 0; k < p; k++) {
        if (!(s = rl_next(out)))
            return fail(out, "case %ld: the file ends at press %ld of %ld",
                        number, k + 1, p);
        char row[16], col[16];
        const char *sp = strchr(s, ' ');
        long i = -1, j = -1;
        if (sp && (size_t)(sp - s) < sizeof row &&
            strlen(sp + 1) < sizeof col) {
            memcpy(row, s, (size_t)(sp - s));
            row[sp - s] = '\0';
            strcpy(col, sp + 1);
            i = decimal(row);
            j = decimal(col);
        }
        if (i < 1 || i > c->rows || j < 1 || j > c->cols)
            return fail(out,
                        "case %ld: expected press %ld as \"i j\", 1 <= i <= "
                        "%d, 1 <= j <= %d",
                        number, k + 1, c->rows, c->cols);
        press(r, c->rows, c->cols, c->cell, (int)i - 1, (int)j - 1, 1);
    }
    for (int i = 0; i < c->rows * c->cols; i++)
        if (c->cell[i])
            return fail(out,
                        "case %ld: the presses leave cell %d %d at %d, not 0",
                        number, i / c->cols + 1, i % c->cols + 1, c->cell[i]);
    return 0;
}

static int cmd_check(const rule *r, const char *inname, const char *outname)
{
    lines in, out;
    rl_open(&in, inname);
    rl_open(&out, outname);
    long t = read_count(&in);
    int rc = 0;
    for (long k = 0; k < t && !rc; k++) {
        kase c;
        read_case(&in, r, &c, MAX_CELLS_CHECK);
        rc = check_case(r, &c, k + 1, &out);
        free(c.cell);
    }
    if (!rc) {
        rl_expect_end(&in, "the last case");
        if (rl_next(&out))
            rc = fail(&out, "text after the last answer");
    }
    rl_close(&in);
    rl_close(&out);
    return rc;
}

/* ---- command line -------------------------------------------------- */

_Noreturn static void usage(void)
{
    fputs("usage: klightsref solve [-k K] [-t STENCIL] [-a] [-p] [FILE]\n"
          "       klightsref check [-k K] [-t STENCIL] INPUT ANSWER\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        usage();
    int solve = !strcmp(argv[1], "solve");
    if (!solve && strcmp(argv[1], "check"))
        usage();
    rule r = {.k = 3};
    const char *stencil = "010/121/010";
    int one_colour = 0, presses = 0, k = 2;
    for (; k < argc && argv[k][0] == '-' && argv[k][1]; k++) {
        const char *opt = argv[k];
        if (solve && !strcmp(opt, "-a")) {
            one_colour = 1;
        } else if (solve && !strcmp(opt, "-p")) {
            presses = 1;
        } else if (!strcmp(opt, "-k") && k + 1 < argc) {
            long v = decimal(argv[++k]);
            if (v < 2 || v > MAX_K)
                die("-k %s: expected a number 2..%d", argv[k], MAX_K);
            r.k = (int)v;
        } else if (!strcmp(opt, "-t") && k + 1 < argc) {
            stencil = argv[++k];
        } else {
            usage();
        }
    }
    parse_stencil(&r, stencil);
    int rest = argc - k;
    if (solve && rest <= 1)
        return cmd_solve(&r, one_colour, presses, rest ? argv[k] : "-");
    if (!solve && rest == 2)
        return cmd_check(&r, argv[k], argv[k + 1]);
    usage();
}
