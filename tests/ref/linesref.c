/*
 * linesref.c - independent reference for the flip-lines rule (POJ 2965,
 * and BZOJ 3517 with goal uniform), boards up to 32x32.
 *
 * Shares no code with gridbfs, does not search over moves and does no
 * elimination.  Changing handle (r,c) toggles row r and column c (the
 * handle itself once); such changes commute and each undoes itself, so a
 * shortest solution is a smallest SET x of handles whose combined toggles
 * equal start xor goal.  Two methods find it:
 *
 * Subsets (R*C <= SUBSET_CELLS): every one of the 2^(R*C) subsets is
 * enumerated (Gray code order, one XOR per step) and, for every pattern
 * they make, the smallest subset size is kept: one table answers every
 * board of that size.
 *
 * Sums (any size): a set x toggles cell (a,b) u_a + v_b + x(a,b) times,
 * u_a and v_b being x's row and column sums, so x solves board d exactly
 * when x(a,b) = d(a,b) + u_a + v_b with (u, v) x's own sums.  Summing that
 * over row a and column b gives, with p_a and q_b the row and column
 * parities of d, U = sum u and V = sum v:
 *     u_a = p_a + C u_a + V        v_b = q_b + R v_b + U.
 * R and C even: u_a = p_a + T, v_b = q_b + T (T the parity of d), one
 *   solution, x(a,b) = the parity of d on row a and column b together.
 * C odd, R even: every p_a must be the same p; u is any vector of parity
 *   p, v_b = q_b + p: 2^(R-1) solutions; each row's u_a is chosen alone
 *   (fewer ones), then the parity is mended on the row it costs least.
 * R odd, C even: the same, transposed.
 * R and C odd: every p_a must be p and every q_b q; u has parity q, v
 *   parity p: 2^(R+C-2) solutions; u is enumerated (on the shorter side)
 *   and v chosen column by column as above.
 * The number of solutions is 2^nullity of the press matrix, which says
 * when gridbfs's exact solver refuses (max_nullity): then a solvable board
 * of more than 64 cells is expected as "limit".  For goal uniform both
 * goals are tried and the smaller answer is kept.  The self-test holds
 * the two methods to each other and to hand-worked facts.
 *
 * Usage:
 *   linesref boards   [OPTIONS]   every board of the size (or -n random
 *                                 ones), one line-syntax record each
 *   linesref solve    [OPTIONS] RECORDS
 *                                 the minimum, Impossible or limit per record
 *   linesref check    [OPTIONS] RECORDS OUTPUT
 *                                 verify gridbfs judge output for RECORDS:
 *                                 every count is the minimum (or the word
 *                                 expected) and, with -p, the "i j" lines
 *                                 after it (1-based) replay the board to
 *                                 the goal
 *   linesref selftest             the methods against each other and facts
 * Options:
 *   -s RxC    board size, 1..32 each (default 4x4)
 *   -c CELLS  the characters for 1 (closed) and 0 (open) (default +-)
 *   -g GOAL   off (default: all 0) or uniform (all cells the same)
 *   -m N      gridbfs's max_nullity (default 20)
 *   -p        (check) each count is followed by its moves
 *   -n N      (boards) N random boards instead of all of them
 *   -S SEED   (boards) seed of the random boards (default 1)
 *   -k        (boards) every other random board solvable by construction
 *             (a goal, then random changes)
 *
 * Records are gridbfs's line syntax: whitespace-separated tokens, one board
 * (rows joined by '/'; a one-row board ends with '/'); `size=RxC` sets the
 * record's size, other key=value tokens are ignored.  Exit status: 0 ok, 1
 * a check or self-test failed, 2 usage or input error.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "linesref"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refutil.h"

#define MAX_SIDE 32
#define SUBSET_CELLS 16 /* the subsets table has 2^(R*C) entries */
#define SEARCH_CELLS 64 /* gridbfs searches boards up to this many cells */
#define ENUM_SIDE 24    /* the sums method enumerates 2^(side-1) vectors */
#define UNREACHABLE 0xFF
#define MAX_REPORTS 10
#define LINE_MAX_BYTES 8192
#define SIZES_MAX 64 /* subset tables kept at once */

enum { GOAL_OFF, GOAL_UNIFORM };
enum { ANS_IMPOSSIBLE = -1, ANS_LIMIT = -2 };

typedef struct opts {
    int rows, cols;
    char one, zero;
    int goal, max_nullity, path;
    long count;
    uint64_t seed;
    int solvable;
} opts;

/* A board: cell (r,c) is v[r][c], 0 or 1. */
typedef struct board {
    int rows, cols;
    unsigned char v[MAX_SIDE][MAX_SIDE];
} board;

typedef struct table {
    int rows, cols;
    unsigned char *min; /* min[pattern]: fewest changes making it */
} table;

static table tables[SIZES_MAX];
static int ntables;
static uint64_t rnd_state;

/* Change handle (r,c) of b: its row and its column, itself once. */
static void change(board *b, int r, int c)
{
    for (int j = 0; j < b->cols; j++)
        b->v[r][j] ^= 1;
    for (int i = 0; i < b->rows; i++)
        if (i != r)
            b->v[i][c] ^= 1;
}

/* 1 when every cell of b is 0 (uniform: when all cells are equal). */
static int at_goal(const board *b, int goal)
{
    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            if (b->v[i][j] != (goal == GOAL_UNIFORM ? b->v[0][0] : 0))
                return 0;
    return 1;
}

/* ---- subsets: every set of changes (small boards) -------------------- */

/* The handles that changing (r,c) toggles, as bits r*C+c. */
static uint32_t toggles(int rows, int cols, int r, int c)
{
    uint32_t m = 0;

    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            if (i == r || j == c)
                m |= (uint32_t)1 << (i * cols + j);
    return m;
}

/* The table of fewest changes for rows x cols, built on first use. */
static const unsigned char *get_table(int rows, int cols)
{
    int n = rows * cols;
    uint32_t mask[SUBSET_CELLS], pattern = 0, subset = 0;
    size_t size = (size_t)1 << n;
    unsigned char *min;
    int count = 0;

    for (int i = 0; i < ntables; i++)
        if (tables[i].rows == rows && tables[i].cols == cols)
            return tables[i].min;
    if (ntables == SIZES_MAX)
        die("too many board sizes in one run");
    for (int i = 0; i < n; i++)
        mask[i] = toggles(rows, cols, i / cols, i % cols);
    if (!(min = malloc(size)))
        die("out of memory");
    memset(min, UNREACHABLE, size);
    min[0] = 0;
    /* Gray code: subsets g-1 and g differ in the lowest set bit of g. */
    for (size_t g = 1; g < size; g++) {
        int bit = 0;

        while (!((g >> bit) & 1))
            bit++;
        subset ^= (uint32_t)1 << bit;
        pattern ^= mask[bit];
        count += (subset >> bit) & 1 ? 1 : -1;
        if (count < min[pattern])
            min[pattern] = (unsigned char)count;
    }
    tables[ntables++] = (table){rows, cols, min};
    return min;
}

/* b as bits r*C+c (at most SUBSET_CELLS cells). */
static uint32_t pattern_of(const board *b)
{
    uint32_t p = 0;

    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            p |= (uint32_t)b->v[i][j] << (i * b->cols + j);
    return p;
}

/* Fewest changes taking b to goal, or ANS_IMPOSSIBLE, by the table. */
static int subsets_min(const board *b, int goal)
{
    const unsigned char *t = get_table(b->rows, b->cols);
    uint32_t p = pattern_of(b);
    int m = t[p];

    if (goal == GOAL_UNIFORM) {
        uint32_t full = ((uint32_t)1 << (b->rows * b->cols)) - 1;
        if (t[p ^ full] < m)
            m = t[p ^ full];
    }
    return m == UNREACHABLE ? ANS_IMPOSSIBLE : m;
}

/* ---- sums: the row and column sums of a solution (any size) ---------- */

/* The transpose of b. */
static void transpose(const board *b, board *t)
{
    t->rows = b->cols;
    t->cols = b->rows;
    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            t->v[j][i] = b->v[i][j];
}

/*
 * x = the lightest of the solutions x(a,b) = y(a,b) + u_a, u of parity
 * par, each row's u_a free: rows chosen alone, the parity mended on the
 * cheapest row.  Returns its weight.
 */
static int rows_free(const board *y, int par, board *x)
{
    int weight = 0, parity = 0, best = -1, cost = 1 << 30;

    *x = *y;
    for (int a = 0; a < y->rows; a++) {
        int ones = 0;

        for (int b = 0; b < y->cols; b++)
            ones += y->v[a][b];
        int flip = ones * 2 > y->cols; /* u_a = 1 leaves cols - ones */
        if (flip)
            for (int b = 0; b < y->cols; b++)
                x->v[a][b] ^= 1;
        weight += flip ? y->cols - ones : ones;
        parity ^= flip;
        int extra = abs(y->cols - 2 * ones);
        if (extra < cost) {
            cost = extra;
            best = a;
        }
    }
    if (parity != par) {
        for (int b = 0; b < y->cols; b++)
            x->v[best][b] ^= 1;
        weight += cost;
    }
    return weight;
}

/* Both sides odd, rows <= ENUM_SIDE: u of parity q enumerated (see top). */
static int both_odd(const board *d, int p, int q, board *x)
{
    int best = -1;
    board y, t, xt;

    y.rows = d->rows;
    y.cols = d->cols;
    for (uint32_t u = 0; u < (uint32_t)1 << d->rows; u++) {
        if (__builtin_parity(u) != q)
            continue;
        for (int a = 0; a < d->rows; a++)
            for (int b = 0; b < d->cols; b++)
                y.v[a][b] = d->v[a][b] ^ (u >> a & 1);
        /* v_b free per column, parity p: rows_free on the transpose */
        transpose(&y, &t);
        int w = rows_free(&t, p, &xt);
        if (best < 0 || w < best) {
            best = w;
            transpose(&xt, x);
        }
    }
    return best;
}

/* log2 of the number of solutions of a solvable board: the nullity. */
static int nullity(int rows, int cols)
{
    if (rows % 2 == 0 && cols % 2 == 0)
        return 0;
    if (rows % 2 == 0)
        return rows - 1;
    if (cols % 2 == 0)
        return cols - 1;
    return rows + cols - 2;
}

/*
 * A lightest set x of changes taking board d to all 0, by the sums; its
 * weight, or ANS_IMPOSSIBLE.  Dies on two odd sides both over ENUM_SIDE.
 */
static int sums_off(const board *d, board *x)
{
    int R = d->rows, C = d->cols, p[MAX_SIDE] = {0}, q[MAX_SIDE] = {0};
    board y, t, xt;

    for (int a = 0; a < R; a++)
        for (int b = 0; b < C; b++) {
            p[a] ^= d->v[a][b];
            q[b] ^= d->v[a][b];
        }
    int rows_same = 1, cols_same = 1;
    for (int a = 1; a < R; a++)
        rows_same &= p[a] == p[0];
    for (int b = 1; b < C; b++)
        cols_same &= q[b] == q[0];
    y.rows = R;
    y.cols = C;
    if (R % 2 == 0 && C % 2 == 0) {
        int w = 0;

        x->rows = R;
        x->cols = C;
        for (int a = 0; a < R; a++)
            for (int b = 0; b < C; b++)
                w += x->v[a][b] = (unsigned char)(d->v[a][b] ^ p[a] ^ q[b]);
        return w;
    }
    if (R % 2 == 0) { /* C odd */
        if (!rows_same)
            return ANS_IMPOSSIBLE;
        for (int a = 0; a < R; a++)
            for (int b = 0; b < C; b++)
                y.v[a][b] = (unsigned char)(d->v[a][b] ^ q[b] ^ p[0]);
        return rows_free(&y, p[0], x);
    }
    if (C % 2 == 0) { /* R odd: the same on the transpose */
        transpose(d, &t);
        int w = sums_off(&t, &xt);
        if (w >= 0)
            transpose(&xt, x);
        return w;
    }
    if (!rows_same || !cols_same)
        return ANS_IMPOSSIBLE;
    if (R <= C && R <= ENUM_SIDE)
        return both_odd(d, p[0], q[0], x);
    if (C > ENUM_SIDE)
        die("%dx%d: too many solutions to enumerate", R, C);
    transpose(d, &t);
    int w = both_odd(&t, q[0], p[0], &xt);
    transpose(&xt, x);
    return w;
}

/* sums_off for goal off or uniform (both goals, the smaller kept). */
static int sums_min(const board *b, int goal, board *x)
{
    int w = sums_off(b, x);

    if (goal == GOAL_UNIFORM) {
        board c = *b, xc;

        for (int i = 0; i < b->rows; i++)
            for (int j = 0; j < b->cols; j++)
                c.v[i][j] ^= 1;
        int wc = sums_off(&c, &xc);
        if (wc >= 0 && (w < 0 || wc < w)) {
            w = wc;
            *x = xc;
        }
    }
    return w;
}

/* Whether d can be taken to all 0: the conditions of the sums (top). */
static int solvable_off(const board *d)
{
    int p0 = 0, q0 = 0, rows_same = 1, cols_same = 1;

    for (int b = 0; b < d->cols; b++)
        p0 ^= d->v[0][b];
    for (int a = 0; a < d->rows; a++)
        q0 ^= d->v[a][0];
    for (int a = 0; a < d->rows; a++) {
        int p = 0;
        for (int b = 0; b < d->cols; b++)
            p ^= d->v[a][b];
        rows_same &= p == p0;
    }
    for (int b = 0; b < d->cols; b++) {
        int q = 0;
        for (int a = 0; a < d->rows; a++)
            q ^= d->v[a][b];
        cols_same &= q == q0;
    }
    return (d->cols % 2 == 0 || rows_same) && (d->rows % 2 == 0 || cols_same);
}

/* solvable_off for goal off or uniform. */
static int solvable(const board *b, int goal)
{
    board c = *b;

    if (solvable_off(b))
        return 1;
    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            c.v[i][j] ^= 1;
    return goal == GOAL_UNIFORM && solvable_off(&c);
}

/*
 * What gridbfs must answer for b: the fewest changes (by the subsets for
 * small boards, else the sums), ANS_IMPOSSIBLE, or ANS_LIMIT where its
 * exact solver refuses and no search can run.
 */
static int expected(const opts *o, const board *b)
{
    board x;
    int n = b->rows * b->cols;

    if (n > SEARCH_CELLS && nullity(b->rows, b->cols) > o->max_nullity)
        return solvable(b, o->goal) ? ANS_LIMIT : ANS_IMPOSSIBLE;
    return n <= SUBSET_CELLS ? subsets_min(b, o->goal)
                             : sums_min(b, o->goal, &x);
}

/* ---- records -------------------------------------------------------- */

/* Parse "RxC", 1..32 each; 0 on error. */
static int parse_size(const char *s, int *rows, int *cols)
{
    char *end;
    long r = strtol(s, &end, 10), c;

    if (end == s || *end != 'x')
        return 0;
    s = end + 1;
    c = strtol(s, &end, 10);
    if (end == s || *end || r < 1 || c < 1 || r > MAX_SIDE || c > MAX_SIDE)
        return 0;
    *rows = (int)r;
    *cols = (int)c;
    return 1;
}

/* Parse a board token of b->rows x b->cols into b; 0 on error. */
static int parse_board(const opts *o, const char *tok, board *b)
{
    size_t len = strlen(tok);
    int r = 0, c = 0;

    if (b->rows == 1 && len && tok[len - 1] == '/')
        len--;
    for (size_t i = 0; i < len; i++) {
        if (tok[i] == '/') {
            if (c != b->cols)
                return 0;
            r++;
            c = 0;
        } else if (r >= b->rows || c >= b->cols) {
            return 0;
        } else if (tok[i] == o->one || tok[i] == o->zero) {
            b->v[r][c++] = tok[i] == o->one;
        } else {
            return 0;
        }
    }
    return r == b->rows - 1 && c == b->cols;
}

/* Read one record line into b; 0 at end of file. */
static int read_record(FILE *f, const char *name, long *lineno, const opts *o,
                       board *b)
{
    char line[LINE_MAX_BYTES], *tok, *save;
    const char *btok = NULL;

    if (!fgets(line, sizeof line, f))
        return 0;
    ++*lineno;
    if (!strchr(line, '\n') && !feof(f))
        die("%s:%ld: line too long", name, *lineno);
    b->rows = o->rows;
    b->cols = o->cols;
    for (tok = strtok_r(line, " \t\r\n", &save); tok;
         tok = strtok_r(NULL, " \t\r\n", &save)) {
        if (strncmp(tok, "size=", 5) == 0) {
            if (!parse_size(tok + 5, &b->rows, &b->cols))
                die("%s:%ld: bad %s", name, *lineno, tok);
        } else if (!strchr(tok, '=')) {
            if (btok)
                die("%s:%ld: more than one board", name, *lineno);
            btok = tok;
        }
    }
    if (!btok || !parse_board(o, btok, b))
        die("%s:%ld: no %dx%d board", name, *lineno, b->rows, b->cols);
    return 1;
}

/* Not refutil.h's open_or_die(): its message, "cannot open FILE", is
   kept as it was. */
static FILE *open_path(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");

    if (!f)
        die("cannot open %s", path);
    return f;
}

/* ---- commands ------------------------------------------------------- */

static void print_board(const opts *o, const board *b)
{
    for (int i = 0; i < b->rows; i++) {
        if (i)
            putchar('/');
        for (int j = 0; j < b->cols; j++)
            putchar(b->v[i][j] ? o->one : o->zero);
    }
    if (b->rows == 1)
        putchar('/');
    putchar('\n');
}

/* A random board; with solvable, a goal changed at random handles. */
static void random_board(const opts *o, int solvable, board *b)
{
    b->rows = o->rows;
    b->cols = o->cols;
    if (!solvable) {
        /* ninths of the cells are 1 */
        int density = (int)(xorshift64(&rnd_state) % 9) + 1;
        for (int i = 0; i < b->rows; i++)
            for (int j = 0; j < b->cols; j++)
                b->v[i][j] = xorshift64(&rnd_state) % 9 < (uint64_t)density;
        return;
    }
    unsigned char colour =
        o->goal == GOAL_UNIFORM ? xorshift64(&rnd_state) >> 40 & 1 : 0;
    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            b->v[i][j] = colour;
    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            if (xorshift64(&rnd_state) >> 40 & 1)
                change(b, i, j);
}

static int cmd_boards(const opts *o)
{
    int n = o->rows * o->cols;
    board b = {.rows = o->rows, .cols = o->cols};

    if (o->count > 0) {
        rnd_state = o->seed * 2654435761u + 1;
        for (long k = 0; k < o->count; k++) {
            random_board(o, o->solvable && k % 2 == 0, &b);
            print_board(o, &b);
        }
        return 0;
    }
    if (n > 24)
        die("%dx%d: too many boards to list (use -n)", o->rows, o->cols);
    for (uint32_t p = 0; p < (uint32_t)1 << n; p++) {
        for (int k = 0; k < n; k++)
            b.v[k / o->cols][k % o->cols] = p >> k & 1;
        print_board(o, &b);
    }
    return 0;
}

static void print_answer(int m)
{
    if (m == ANS_IMPOSSIBLE)
        puts("Impossible");
    else if (m == ANS_LIMIT)
        puts("limit");
    else
        printf("%d\n", m);
}

static int cmd_solve(const opts *o, const char *path)
{
    FILE *f = open_path(path);
    long lineno = 0;
    board b;

    while (read_record(f, path, &lineno, o, &b))
        print_answer(expected(o, &b));
    return 0;
}

/* Report one failed record; counts them and prints the first few. */
static void report(int *bad, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void report(int *bad, const char *fmt, ...)
{
    if ((*bad)++ < MAX_REPORTS) {
        va_list ap;

        va_start(ap, fmt);
        fputs("linesref: ", stderr);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

/*
 * Check one record's answer, read from out: the count (or Impossible, or
 * limit) and, with o->path, that many "i j" lines replayed onto the board.
 */
static void check_one(const opts *o, FILE *out, long rec, const board *b,
                      int *bad)
{
    char line[LINE_MAX_BYTES], extra;
    int want = expected(o, b), got, i, j;
    board s = *b;

    if (!fgets(line, sizeof line, out)) {
        report(bad, "record %ld: no answer", rec);
        return;
    }
    line[strcspn(line, "\n")] = '\0';
    if (want < 0) {
        const char *word = want == ANS_LIMIT ? "limit" : "Impossible";
        if (strcmp(line, word) != 0)
            report(bad, "record %ld: got '%s', expected %s", rec, line, word);
        return;
    }
    if (sscanf(line, "%d%c", &got, &extra) != 1 || got != want) {
        report(bad, "record %ld: got '%s', expected %d", rec, line, want);
        return;
    }
    if (!o->path)
        return;
    for (int k = 0; k < got; k++) {
        if (!fgets(line, sizeof line, out) ||
            sscanf(line, "%d %d%c", &i, &j, &extra) != 3 || extra != '\n' ||
            i < 1 || i > b->rows || j < 1 || j > b->cols) {
            report(bad, "record %ld: move %d is not 'i j'", rec, k + 1);
            return;
        }
        change(&s, i - 1, j - 1);
    }
    if (!at_goal(&s, o->goal))
        report(bad, "record %ld: the %d moves do not reach the goal", rec, got);
}

static int cmd_check(const opts *o, const char *records, const char *output)
{
    FILE *in = open_path(records), *out = open_path(output);
    long lineno = 0, rec = 0;
    int bad = 0;
    board b;
    char line[LINE_MAX_BYTES];

    while (read_record(in, records, &lineno, o, &b))
        check_one(o, out, ++rec, &b, &bad);
    if (fgets(line, sizeof line, out))
        report(&bad, "output goes on after record %ld", rec);
    if (bad) {
        fprintf(stderr, "linesref: %d of %ld records wrong\n", bad, rec);
        return 1;
    }
    printf("check: %ld records ok\n", rec);
    return 0;
}

/* ---- self-test ------------------------------------------------------ */

/* x applied to b reaches goal, and x has weight w. */
static int replays(const board *b, const board *x, int w, int goal)
{
    board s = *b;
    int n = 0;

    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            if (x->v[i][j]) {
                change(&s, i, j);
                n++;
            }
    return n == w && at_goal(&s, goal);
}

/* Every board of every size up to SUBSET_CELLS cells: sums = subsets. */
static int selftest_small(void)
{
    int fails = 0;

    for (int rows = 1; rows <= SUBSET_CELLS; rows++)
        for (int cols = 1; rows * cols <= SUBSET_CELLS; cols++)
            for (int goal = GOAL_OFF; goal <= GOAL_UNIFORM; goal++) {
                board b = {.rows = rows, .cols = cols}, x;
                int n = rows * cols;

                for (uint32_t p = 0; p < (uint32_t)1 << n; p++) {
                    for (int k = 0; k < n; k++)
                        b.v[k / cols][k % cols] = p >> k & 1;
                    int want = subsets_min(&b, goal);
                    int got = sums_min(&b, goal, &x);
                    if (got != want ||
                        (got >= 0 && !replays(&b, &x, got, goal)))
                        if (fails++ < MAX_REPORTS)
                            fprintf(stderr,
                                    "selftest: %dx%d goal %d board %#x: sums "
                                    "%d, subsets %d\n",
                                    rows, cols, goal, (unsigned)p, got, want);
                }
            }
    return fails;
}

/*
 * Random boards of every size to 32x32 that the sums can take: a board
 * made by changing a set y of handles is solved by the sums in at most
 * |y| changes that replay to the goal; on even sizes x is y itself.
 */
static int selftest_big(void)
{
    int fails = 0;

    rnd_state = 12345;
    for (int rows = 1; rows <= MAX_SIDE; rows++)
        for (int cols = 1; cols <= MAX_SIDE; cols++) {
            if (rows % 2 && cols % 2 && rows > ENUM_SIDE / 2 &&
                cols > ENUM_SIDE / 2)
                continue; /* too slow to enumerate here */
            board b = {.rows = rows, .cols = cols}, y = b, x;
            int ny = 0;

            for (int i = 0; i < rows; i++)
                for (int j = 0; j < cols; j++)
                    if ((y.v[i][j] = xorshift64(&rnd_state) >> 40 & 1)) {
                        change(&b, i, j);
                        ny++;
                    }
            int w = sums_min(&b, GOAL_OFF, &x), same = 1;
            for (int i = 0; i < rows; i++)
                for (int j = 0; j < cols; j++)
                    same &= x.v[i][j] == y.v[i][j];
            int even = rows % 2 == 0 && cols % 2 == 0;
            if (w < 0 || w > ny || !replays(&b, &x, w, GOAL_OFF) ||
                !solvable(&b, GOAL_OFF) || (even && !same))
                if (fails++ < MAX_REPORTS)
                    fprintf(stderr,
                            "selftest: %dx%d: sums gave %d for a board "
                            "of %d changes\n",
                            rows, cols, w, ny);
        }
    return fails;
}

static int cmd_selftest(void)
{
    int fails = 0;
    const struct {
        int rows, cols;
        uint32_t board;
        int goal, want;
    } facts[] = {
        {4, 4, 0, GOAL_OFF, 0},
        {4, 4, 0x2002, GOAL_OFF, 6},  /* POJ 2965: -+-- / ---- / ---- / -+-- */
        {4, 4, 0xFFFF, GOAL_OFF, 16}, /* all closed: change every handle */
        {4, 4, 0xFFFF, GOAL_UNIFORM, 0},
        {4, 4, 0x0001, GOAL_OFF, 7},     /* (1,1) alone: its row and column */
        {4, 4, 0xFFFE, GOAL_UNIFORM, 7}, /* the same, the other colour */
        {4, 4, 0x111F, GOAL_OFF, 1},     /* row 1 and column 1: change (1,1) */
        {1, 1, 1, GOAL_OFF, 1},
        {1, 1, 1, GOAL_UNIFORM, 0},
        {1, 3, 0x7, GOAL_OFF, 1},  /* any change toggles the whole row */
        {1, 3, 0x1, GOAL_OFF, -1}, /* a 1-row board only toggles as a whole */
        {1, 3, 0x1, GOAL_UNIFORM, -1},
        {3, 1, 0x7, GOAL_OFF, 1},     /* and a 1-column board as a whole */
        {2, 2, 0x3, GOAL_UNIFORM, 2}, /* 11/00: two changes either way */
    };

    for (size_t k = 0; k < sizeof facts / sizeof *facts; k++) {
        board b = {.rows = facts[k].rows, .cols = facts[k].cols}, x;
        int n = b.rows * b.cols;

        for (int c = 0; c < n; c++)
            b.v[c / b.cols][c % b.cols] = facts[k].board >> c & 1;
        int got = subsets_min(&b, facts[k].goal);
        int sums = sums_min(&b, facts[k].goal, &x);
        if (got != facts[k].want || sums != facts[k].want) {
            fprintf(stderr,
                    "selftest: %dx%d board %#x goal %d: %d and %d, "
                    "expected %d\n",
                    b.rows, b.cols, (unsigned)facts[k].board, facts[k].goal,
                    got, sums, facts[k].want);
            fails++;
        }
    }
    fails += selftest_small();
    fails += selftest_big();
    if (fails)
        return 1;
    puts("selftest: ok");
    return 0;
}

int main(int argc, char **argv)
{
    opts o = {4, 4, '+', '-', GOAL_OFF, 20, 0, 0, 1, 0};
    const char *cmd = argc > 1 ? argv[1] : "";
    int i = 2;

    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        const char *arg = i + 1 < argc ? argv[i + 1] : NULL;

        if (strcmp(argv[i], "-p") == 0) {
            o.path = 1;
        } else if (strcmp(argv[i], "-k") == 0) {
            o.solvable = 1;
        } else if (!arg) {
            die("%s: expected a value after it", argv[i]);
        } else if (strcmp(argv[i], "-s") == 0) {
            if (!parse_size(arg, &o.rows, &o.cols))
                die("-s %s: expected RxC, 1..%d each", arg, MAX_SIDE);
            i++;
        } else if (strcmp(argv[i], "-c") == 0) {
            if (strlen(arg) != 2 || arg[0] == arg[1])
                die("-c %s: expected two distinct characters", arg);
            o.one = arg[0];
            o.zero = arg[1];
            i++;
        } else if (strcmp(argv[i], "-g") == 0) {
            if (strcmp(arg, "off") && strcmp(arg, "uniform"))
                die("-g %s: expected off or uniform", arg);
            o.goal = strcmp(arg, "off") ? GOAL_UNIFORM : GOAL_OFF;
            i++;
        } else if (strcmp(argv[i], "-m") == 0) {
            o.max_nullity = atoi(arg);
            i++;
        } else if (strcmp(argv[i], "-n") == 0) {
            o.count = atol(arg);
            i++;
        } else if (strcmp(argv[i], "-S") == 0) {
            o.seed = strtoull(arg, NULL, 10);
            i++;
        } else {
            die("unknown option %s", argv[i]);
        }
    }
    if (strcmp(cmd, "boards") == 0 && i == argc)
        return cmd_boards(&o);
    if (strcmp(cmd, "solve") == 0 && i + 1 == argc)
        return cmd_solve(&o, argv[i]);
    if (strcmp(cmd, "check") == 0 && i + 2 == argc)
        return cmd_check(&o, argv[i], argv[i + 1]);
    if (strcmp(cmd, "selftest") == 0 && i == argc)
        return cmd_selftest();
    die("usage: linesref boards|solve RECORDS|check RECORDS OUTPUT|selftest "
        "[-s RxC] [-c CELLS] [-g off|uniform] [-m N] [-p] [-n N] [-S SEED] "
        "[-k]");
}
