/*
 * flipref.c - independent reference for the flip-neighbors rule.
 *
 * Shares no code with gridbfs and does not search over moves.  Presses
 * commute and pressing a cell twice undoes it, so a shortest solution is a
 * smallest SET of presses whose combined flip pattern equals the difference
 * between the board and a goal board.  Two methods compute that minimum:
 *
 *   table  every one of the 2^(R*C) press subsets is enumerated (Gray code
 *          order, one XOR per step) and, for every resulting flip pattern,
 *          the smallest subset size is kept: one table answers every board
 *          of that size at once.  Any stencil, wrap on or off; R*C <= 20.
 *   chase  the classic light-chasing method: choose the presses of the first
 *          row (2^C ways); every later press is then forced, since press
 *          (r,c) is the last one able to change cell (r-1,c).  Valid when
 *          the stencil's top row is "010" and there is no wrap (the plus
 *          stencil of Lights Out); any size up to 64 cells.
 *
 * Usage:
 *   flipref boards   [OPTIONS]   print boards as line-syntax records: every
 *                                board of the size, or -n random ones
 *   flipref solve    [OPTIONS] RECORDS
 *                                the judge answer (minimum or Impossible)
 *                                for each record, one line each
 *   flipref check    [OPTIONS] RECORDS OUTPUT
 *                                verify gridbfs judge output for RECORDS:
 *                                counts (and with -p the presses, "r c" one
 *                                per line, replayed onto the board)
 *   flipref selftest             cross-check the two methods with each other,
 *                                with a plain BFS, and with hand-made facts
 * Options:
 *   -s RxC      board size (default 4x4)
 *   -t STENCIL  plus | diag | full | three rows of 0/1 such as 010/111/010
 *   -w          wrap around the edges (torus); needs R >= 3 and C >= 3
 *   -g GOAL     uniform (default) | off | on | target (two boards a record)
 *   -c CELLS    the characters for 1 and 0 (default bw)
 *   -m METHOD   table | chase (default: table when R*C <= 20, else chase)
 *   -n N        (boards) N random boards, or pairs for goal target
 *   -S SEED     (boards) seed of the random boards (default 1)
 *   -z          (boards) start each record with size=RxC
 *   -p          (check) the output carries the presses
 *
 * Records are read as gridbfs's line syntax: whitespace-separated tokens,
 * a board is its rows joined by '/' (a one-row board ends with '/'),
 * `size=RxC` sets that record's size, other key=value tokens are ignored.
 * Cell (r,c) is bit r*C+c of a board; a set bit is the first cell character.
 * Exit status: 0 ok, 1 a check or self-test failed, 2 usage or input error.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "flipref"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

#define MAX_CELLS 64
#define TABLE_MAX_CELLS 20
#define UNREACHABLE 0xFF
#define TABLE_CACHE 8
#define SELFTEST_ALL_CELLS 12
#define SELFTEST_SAMPLE 2000

enum goal { GOAL_UNIFORM, GOAL_OFF, GOAL_ON, GOAL_TARGET };
enum method { METHOD_AUTO, METHOD_TABLE, METHOD_CHASE };

typedef struct params {
    int rows, cols;     /* default size; a record may override it */
    char stencil[3][3]; /* 0/1, [dr+1][dc+1] */
    int wrap;
    enum goal goal;
    char one, zero;
    enum method method;
    long count; /* boards: 0 = all */
    uint64_t seed;
    int size_tokens;
    int path;
} params;

/* A table of minimum subset sizes for one board size. */
typedef struct table {
    int rows, cols;
    unsigned char *minpop; /* 2^(rows*cols) entries */
} table;

static table table_cache[TABLE_CACHE];
static int table_used;

/* The cells flipped by pressing (r,c): the stencil centred there, cells
   off the board dropped, or taken modulo the size when wrapping. */
static uint64_t press_mask(const params *p, int rows, int cols, int r, int c)
{
    uint64_t m = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if (!p->stencil[dr + 1][dc + 1])
                continue;
            int rr = r + dr, cc = c + dc;
            if (p->wrap) {
                rr = (rr + rows) % rows;
                cc = (cc + cols) % cols;
            } else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) {
                continue;
            }
            m ^= (uint64_t)1 << (rr * cols + cc);
        }
    return m;
}

static void check_size(const params *p, int rows, int cols)
{
    if (rows < 1 || cols < 1 || rows * cols > MAX_CELLS)
        die("size %dx%d: need 1..%d cells", rows, cols, MAX_CELLS);
    if (p->wrap && (rows < 3 || cols < 3))
        die("size %dx%d: wrap needs at least 3 rows and 3 columns", rows, cols);
}

static enum method pick_method(const params *p, int rows, int cols)
{
    enum method m = p->method;
    if (m == METHOD_AUTO)
        m = rows * cols <= TABLE_MAX_CELLS ? METHOD_TABLE : METHOD_CHASE;
    if (m == METHOD_TABLE && rows * cols > TABLE_MAX_CELLS)
        die("size %dx%d: the table method takes at most %d cells", rows, cols,
            TABLE_MAX_CELLS);
    if (m == METHOD_CHASE) {
        if (p->wrap)
            die("the chase method does not handle wrap");
        if (p->stencil[0][0] || !p->stencil[0][1] || p->stencil[0][2])
            die("the chase method needs a stencil whose top row is 010");
    }
    return m;
}

/* Build (or find) the table for rows x cols: minpop[pattern] is the size
   of the smallest press subset whose XOR is pattern, or UNREACHABLE. */
static const unsigned char *get_table(const params *p, int rows, int cols)
{
    for (int i = 0; i < table_used; i++)
        if (table_cache[i].rows == rows && table_cache[i].cols == cols)
            return table_cache[i].minpop;
    if (table_used == TABLE_CACHE)
        die("too many board sizes in one run");
    int n = rows * cols;
    uint64_t mask[MAX_CELLS];
    for (int i = 0; i < n; i++)
        mask[i] = press_mask(p, rows, cols, i / cols, i % cols);
    size_t size = (size_t)1 << n;
    unsigned char *minpop = malloc(size);
    if (!minpop)
        die("out of memory");
    memset(minpop, UNREACHABLE, size);
    /* Gray code: subset g and g-1 differ in the lowest set bit of g. */
    uint64_t pattern = 0, subset = 0;
    int count = 0;
    minpop[0] = 0;
    for (size_t g = 1; g < size; g++) {
        int bit = 0;
        while (!((g >> bit) & 1))
            bit++;
        subset ^= (uint64_t)1 << bit;
        pattern ^= mask[bit];
        count += ((subset >> bit) & 1) ? 1 : -1;
        if (count < minpop[pattern])
            minpop[pattern] = (unsigned char)count;
    }
    table_cache[table_used].rows = rows;
    table_cache[table_used].cols = cols;
    table_cache[table_used].minpop = minpop;
    table_used++;
    return minpop;
}

/* The press masks of every cell, remembered for the last parameters
   asked (the chase method runs once per board). */
static const uint64_t *press_masks(const params *p, int rows, int cols)
{
    static uint64_t mask[MAX_CELLS];
    static char key_stencil[3][3];
    static int key_rows, key_cols, key_wrap = -1;
    if (key_rows != rows || key_cols != cols || key_wrap != p->wrap ||
        memcmp(key_stencil, p->stencil, sizeof key_stencil)) {
        for (int i = 0; i < rows * cols; i++)
            mask[i] = press_mask(p, rows, cols, i / cols, i % cols);
        key_rows = rows;
        key_cols = cols;
        key_wrap = p->wrap;
        memcpy(key_stencil, p->stencil, sizeof key_stencil);
    }
    return mask;
}

/* Chase method: the fewest presses whose flips equal d, or -1. */
static int chase(const params *p, int rows, int cols, uint64_t d)
{
    const uint64_t *mask = press_masks(p, rows, cols);
    int best = -1;
    for (uint64_t first = 0; first < ((uint64_t)1 << cols); first++) {
        uint64_t s = d;
        int presses = 0;
        for (int c = 0; c < cols; c++)
            if ((first >> c) & 1) {
                s ^= mask[c];
                presses++;
            }
        for (int r = 1; r < rows; r++)
            for (int c = 0; c < cols; c++)
                if ((s >> ((r - 1) * cols + c)) & 1) {
                    s ^= mask[r * cols + c];
                    presses++;
                }
        if (s == 0 && (best < 0 || presses < best))
            best = presses;
    }
    return best;
}

/* Fewest presses turning the difference pattern d into nothing. */
static int min_for_diff(const params *p, int rows, int cols, uint64_t d)
{
    if (pick_method(p, rows, cols) == METHOD_TABLE) {
        unsigned char m = get_table(p, rows, cols)[d];
        return m == UNREACHABLE ? -1 : m;
    }
    return chase(p, rows, cols, d);
}

static int best_of(int a, int b)
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    return a < b ? a : b;
}

/* The minimum number of presses solving board (toward target for goal
   target), or -1 when there is no solution. */
static int minimum(const params *p, int rows, int cols, uint64_t board,
                   uint64_t target)
{
    uint64_t all = full_mask(rows * cols);
    switch (p->goal) {
    case GOAL_OFF: return min_for_diff(p, rows, cols, board);
    case GOAL_ON: return min_for_diff(p, rows, cols, board ^ all);
    case GOAL_TARGET: return min_for_diff(p, rows, cols, board ^ target);
    case GOAL_UNIFORM:
    default:
        return best_of(min_for_diff(p, rows, cols, board),
                       min_for_diff(p, rows, cols, board ^ all));
    }
}

static int goal_reached(const params *p, int rows, int cols, uint64_t s,
                        uint64_t target)
{
    uint64_t all = full_mask(rows * cols);
    switch (p->goal) {
    case GOAL_OFF: return s == 0;
    case GOAL_ON: return s == all;
    case GOAL_TARGET: return s == target;
    case GOAL_UNIFORM:
    default: return s == 0 || s == all;
    }
}

/* check_size for read_record, which knows nothing of params. */
static void check_record_size(const void *p, int rows, int cols)
{
    check_size(p, rows, cols);
}

/* How the records look under p: one board, or two for goal target; each
   record's size passes check_size before its boards are read. */
static record_form form_of(const params *p)
{
    return (record_form){.boards = p->goal == GOAL_TARGET ? 2 : 1,
                         .max_cells = NO_CELL_LIMIT,
                         .check_size = check_record_size,
                         .ctx = p,
                         .rows = p->rows,
                         .cols = p->cols,
                         .one = p->one,
                         .zero = p->zero};
}

/* ---- modes --------------------------------------------------------- */

static int mode_boards(const params *p)
{
    int n = p->rows * p->cols;
    check_size(p, p->rows, p->cols);
    int pairs = p->goal == GOAL_TARGET;
    uint64_t all = full_mask(n), seed = p->seed;
    unsigned long long total;
    if (p->count > 0)
        total = (unsigned long long)p->count;
    else if ((pairs ? 2 * n : n) <= 24)
        total = 1ull << (pairs ? 2 * n : n);
    else
        die("%d cells: too many boards to list; use -n", n);
    for (unsigned long long i = 0; i < total; i++) {
        uint64_t b, t = 0;
        if (p->count > 0) {
            b = splitmix64(&seed) & all;
            if (pairs)
                t = splitmix64(&seed) & all;
        } else {
            b = pairs ? (uint64_t)(i >> n) : (uint64_t)i;
            t = pairs ? (uint64_t)(i & all) : 0;
        }
        if (p->size_tokens)
            printf("size=%dx%d ", p->rows, p->cols);
        print_board(p->one, p->zero, p->rows, p->cols, b);
        if (pairs) {
            putchar(' ');
            print_board(p->one, p->zero, p->rows, p->cols, t);
        }
        putchar('\n');
    }
    return 0;
}

/* The answer to one record (record_answer). */
static int answer(const void *ctx, const record *rec)
{
    return minimum(ctx, rec->rows, rec->cols, rec->start, rec->target);
}

/* Check one record's answer (and presses), a record_checker; returns 0
   when the output ran out of lines. */
static int check_one(const void *ctx, const record *rec, record_check *ck)
{
    const params *p = ctx;
    int want = answer(ctx, rec);
    if (!out_line(ck)) {
        fail(ck, rec, ck->lineno, "output ended");
        return 0;
    }
    long at = ck->lineno;
    if (!strcmp(ck->line, "Impossible")) {
        if (want >= 0)
            fail(ck, rec, at, "Impossible, but %d presses solve it", want);
        return 1;
    }
    long n = decimal(ck->line);
    if (n < 0) {
        fail(ck, rec, at, "expected a count or Impossible, got \"%s\"",
             ck->line);
        return 1;
    }
    if (want < 0)
        fail(ck, rec, at, "answer %ld, but the board has no solution", n);
    else if (n != want)
        fail(ck, rec, at, "answer %ld, minimum is %d", n, want);
    if (!p->path)
        return 1;
    uint64_t s = rec->start;
    int bad = 0;
    for (long i = 0; i < n; i++) {
        if (!out_line(ck)) {
            fail(ck, rec, ck->lineno, "output ended inside the presses");
            return 0;
        }
        char *sp = strchr(ck->line, ' ');
        long r = -1, c = -1;
        if (sp) {
            *sp = '\0';
            r = decimal(ck->line);
            c = decimal(sp + 1);
        }
        if (r < 1 || r > rec->rows || c < 1 || c > rec->cols) {
            if (!bad++)
                fail(ck, rec, ck->lineno,
                     "press \"%s%s%s\" is not \"r c\" on the board", ck->line,
                     sp ? " " : "", sp ? sp + 1 : "");
            continue;
        }
        s ^= press_mask(p, rec->rows, rec->cols, (int)r - 1, (int)c - 1);
    }
    if (!bad && !goal_reached(p, rec->rows, rec->cols, s, rec->target))
        fail(ck, rec, at, "the %ld presses do not reach the goal", n);
    return 1;
}

/* ---- self-test ----------------------------------------------------- */

static int st_fail;

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("selftest: FAILED %s\n", what);
        st_fail++;
    }
}

static void set_stencil(params *p, const char *rows9)
{
    for (int i = 0; i < 9; i++)
        p->stencil[i / 3][i % 3] = rows9[i] == '1';
}

/* Breadth-first search over press moves from the empty pattern: the
   distance of every pattern, to compare with the subset table. */
static int bfs_agrees(const params *p, int rows, int cols)
{
    int n = rows * cols;
    size_t size = (size_t)1 << n;
    unsigned char *dist = malloc(size);
    uint32_t *queue = malloc(size * sizeof *queue);
    if (!dist || !queue)
        die("out of memory");
    memset(dist, UNREACHABLE, size);
    uint64_t mask[MAX_CELLS];
    for (int i = 0; i < n; i++)
        mask[i] = press_mask(p, rows, cols, i / cols, i % cols);
    size_t head = 0, tail = 0;
    dist[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        uint32_t s = queue[head++];
        for (int i = 0; i < n; i++) {
            uint32_t t = s ^ (uint32_t)mask[i];
            if (dist[t] == UNREACHABLE) {
                dist[t] = (unsigned char)(dist[s] + 1);
                queue[tail++] = t;
            }
        }
    }
    const unsigned char *tab = get_table(p, rows, cols);
    int ok = memcmp(dist, tab, size) == 0;
    free(dist);
    free(queue);
    return ok;
}

static void drop_tables(void)
{
    for (int i = 0; i < table_used; i++)
        free(table_cache[i].minpop);
    table_used = 0;
}

static uint64_t board_of(const params *p, int rows, int cols, const char *tok)
{
    uint64_t b;
    char why[128];
    if (!parse_board(p->one, p->zero, rows, cols, tok, &b, why, sizeof why))
        die("selftest board %s: %s", tok, why);
    return b;
}

static int mode_selftest(void)
{
    params p = {4, 4, {{0}}, 0, GOAL_UNIFORM, 'b', 'w', METHOD_AUTO,
                0, 1, 0,     0};
    char what[160];

    /* Press masks worked out by hand (bit = r*C + c). */
    set_stencil(&p, "010111010");
    expect(press_mask(&p, 4, 4, 0, 0) == 0x13, "plus mask at (1,1) of 4x4");
    expect(press_mask(&p, 4, 4, 1, 1) == 0x272, "plus mask at (2,2) of 4x4");
    expect(press_mask(&p, 4, 4, 3, 3) == 0xC800, "plus mask at (4,4) of 4x4");
    p.wrap = 1;
    expect(press_mask(&p, 4, 4, 0, 0) == 0x101B,
           "wrapped plus mask at (1,1) of 4x4");
    expect(press_mask(&p, 4, 4, 3, 3) == 0xD808,
           "wrapped plus mask at (4,4) of 4x4");
    /* On a torus every press is the press at (0,0) moved over. */
    static const char *any[] = {"010111010", "101010101", "110011001"};
    for (size_t s = 0; s < sizeof any / sizeof *any; s++) {
        set_stencil(&p, any[s]);
        int bad = 0;
        for (int rows = 3; rows <= 5; rows++)
            for (int cols = 3; cols <= 5; cols++) {
                uint64_t m0 = press_mask(&p, rows, cols, 0, 0);
                for (int r = 0; r < rows; r++)
                    for (int c = 0; c < cols; c++) {
                        uint64_t moved = 0;
                        for (int i = 0; i < rows * cols; i++)
                            if ((m0 >> i) & 1)
                                moved |= (uint64_t)1
                                         << (((i / cols + r) % rows) * cols +
                                             (i % cols + c) % cols);
                        bad += moved != press_mask(&p, rows, cols, r, c);
                    }
            }
        snprintf(what, sizeof what, "wrapped masks are translates, stencil %s",
                 any[s]);
        expect(bad == 0, what);
    }
    p.wrap = 0;
    set_stencil(&p, "101010101");
    expect(press_mask(&p, 4, 4, 1, 1) == 0x525,
           "diagonal mask at (2,2) of 4x4");
    expect(press_mask(&p, 4, 4, 0, 0) == 0x21, "diagonal mask at (1,1) of 4x4");
    set_stencil(&p, "111111111");
    p.wrap = 1;
    expect(press_mask(&p, 3, 3, 0, 0) == 0x1FF, "wrapped full mask on 3x3");
    p.wrap = 0;
    expect(press_mask(&p, 3, 4, 0, 0) == 0x33, "full mask at (1,1) of 3x4");

    /* README samples (poj1753) and classic Lights Out facts. */
    set_stencil(&p, "010111010");
    expect(minimum(&p, 4, 4, board_of(&p, 4, 4, "bwwb/bbwb/bwwb/bwww"), 0) == 4,
           "sample bwwb/bbwb/bwwb/bwww is 4");
    expect(minimum(&p, 4, 4, board_of(&p, 4, 4, "bwbw/wwww/bbwb/bwwb"), 0) < 0,
           "sample bwbw/wwww/bbwb/bwwb is Impossible");
    p.goal = GOAL_OFF;
    p.method = METHOD_CHASE;
    expect(minimum(&p, 5, 5, full_mask(25), 0) == 15,
           "5x5 Lights Out with every light on needs 15 presses");
    {
        /* 5x5 Lights Out has rank 23: a quarter of the boards solvable. */
        uint64_t seed = 7;
        int solvable = 0, trials = 4000;
        for (int i = 0; i < trials; i++)
            solvable +=
                minimum(&p, 5, 5, splitmix64(&seed) & full_mask(25), 0) >= 0;
        expect(solvable > trials / 4 - 150 && solvable < trials / 4 + 150,
               "about a quarter of random 5x5 Lights Out boards solvable");
    }
    p.method = METHOD_AUTO;
    /* 3x3 Lights Out is full rank: every board solvable, one way each. */
    {
        const unsigned char *t = get_table(&p, 3, 3);
        int all = 1, ones = 0;
        for (int b = 0; b < 512; b++)
            all &= t[b] != UNREACHABLE;
        for (int b = 0; b < 512; b++)
            ones += t[b] == 1;
        expect(all && ones == 9, "3x3 Lights Out: all 512 boards solvable");
    }
    drop_tables();

    /* The subset table equals a BFS over press moves, for every stencil,
       wrap setting and a range of sizes. */
    static const char *stencils[] = {"010111010", "101010101", "111111111",
                                     "011110000", "010010010"};
    static const int sizes[][2] = {{3, 3}, {3, 4}, {4, 3}, {4, 4},
                                   {3, 5}, {1, 5}, {2, 6}};
    for (size_t s = 0; s < sizeof stencils / sizeof *stencils; s++)
        for (int wrap = 0; wrap <= 1; wrap++)
            for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
                int rows = sizes[z][0], cols = sizes[z][1];
                if (wrap && (rows < 3 || cols < 3))
                    continue;
                set_stencil(&p, stencils[s]);
                p.wrap = wrap;
                snprintf(what, sizeof what,
                         "table = BFS, stencil %s wrap %d %dx%d", stencils[s],
                         wrap, rows, cols);
                expect(bfs_agrees(&p, rows, cols), what);
                drop_tables();
            }

    /* Chase = table wherever both apply: every board, every goal. */
    p.wrap = 0;
    static const char *chaseable[] = {"010111010", "010101111"};
    static const int csizes[][2] = {{1, 1}, {1, 4}, {2, 2}, {3, 3}, {4, 4},
                                    {3, 5}, {5, 3}, {2, 7}, {4, 5}, {5, 4}};
    for (size_t s = 0; s < 2; s++)
        for (size_t z = 0; z < sizeof csizes / sizeof *csizes; z++) {
            int rows = csizes[z][0], cols = csizes[z][1], n = rows * cols;
            set_stencil(&p, chaseable[s]);
            int bad = 0;
            /* every board up to SELFTEST_ALL_CELLS cells, a sample beyond */
            uint64_t seed = 99, boards = (uint64_t)1 << n;
            int sample = n > SELFTEST_ALL_CELLS;
            if (sample)
                boards = SELFTEST_SAMPLE;
            for (int g = GOAL_UNIFORM; g <= GOAL_ON; g++) {
                p.goal = (enum goal)g;
                for (uint64_t i = 0; i < boards; i++) {
                    uint64_t b = sample ? splitmix64(&seed) & full_mask(n) : i;
                    p.method = METHOD_TABLE;
                    int a = minimum(&p, rows, cols, b, 0);
                    p.method = METHOD_CHASE;
                    bad += a != minimum(&p, rows, cols, b, 0);
                }
            }
            p.goal = GOAL_TARGET;
            for (int i = 0; i < SELFTEST_SAMPLE; i++) {
                uint64_t b = splitmix64(&seed) & full_mask(n);
                uint64_t t = splitmix64(&seed) & full_mask(n);
                p.method = METHOD_TABLE;
                int a = minimum(&p, rows, cols, b, t);
                p.method = METHOD_CHASE;
                bad += a != minimum(&p, rows, cols, b, t);
            }
            snprintf(what, sizeof what, "chase = table, stencil %s %dx%d",
                     chaseable[s], rows, cols);
            expect(bad == 0, what);
            drop_tables();
        }
    p.method = METHOD_AUTO;
    p.goal = GOAL_UNIFORM;

    printf("selftest: %s\n", st_fail ? "FAILED" : "ok");
    return st_fail ? 1 : 0;
}

/* ---- command line --------------------------------------------------- */

_Noreturn static void usage(void)
{
    fputs("usage: flipref boards|solve RECORDS|check RECORDS OUTPUT|selftest\n"
          "         [-s RxC] [-t plus|diag|full|ROW/ROW/ROW] [-w]\n"
          "         [-g uniform|off|on|target] [-c CELLS] [-m table|chase]\n"
          "         [-n N] [-S SEED] [-z] [-p]\n",
          stderr);
    exit(2);
}

static void parse_stencil(params *p, const char *s)
{
    if (!strcmp(s, "plus"))
        s = "010/111/010";
    else if (!strcmp(s, "diag"))
        s = "101/010/101";
    else if (!strcmp(s, "full"))
        s = "111/111/111";
    int k = 0;
    for (; *s; s++) {
        if (*s == '/' || *s == ',')
            continue;
        if ((*s != '0' && *s != '1') || k == 9)
            die("bad stencil");
        p->stencil[k / 3][k % 3] = *s == '1';
        k++;
    }
    if (k != 9)
        die("bad stencil: need 9 cells");
}

int main(int argc, char **argv)
{
    params p = {4, 4, {{0}}, 0, GOAL_UNIFORM, 'b', 'w', METHOD_AUTO,
                0, 1, 0,     0};
    parse_stencil(&p, "plus");
    if (argc < 2)
        usage();
    const char *mode = argv[1];
    const char *files[2];
    int nfiles = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-' || !a[1]) {
            if (nfiles == 2)
                usage();
            files[nfiles++] = a;
            continue;
        }
        if (a[2])
            usage();
        switch (a[1]) {
        case 'w': p.wrap = 1; continue;
        case 'z': p.size_tokens = 1; continue;
        case 'p': p.path = 1; continue;
        default: break;
        }
        if (!v)
            usage();
        i++;
        switch (a[1]) {
        case 's':
            if (!parse_size(v, &p.rows, &p.cols, NO_CELL_LIMIT))
                die("bad size %s", v);
            break;
        case 't': parse_stencil(&p, v); break;
        case 'g':
            if (!strcmp(v, "uniform"))
                p.goal = GOAL_UNIFORM;
            else if (!strcmp(v, "off"))
                p.goal = GOAL_OFF;
            else if (!strcmp(v, "on"))
                p.goal = GOAL_ON;
            else if (!strcmp(v, "target"))
                p.goal = GOAL_TARGET;
            else
                die("bad goal %s", v);
            break;
        case 'c': parse_cells(v, &p.one, &p.zero); break;
        case 'm':
            if (!strcmp(v, "table"))
                p.method = METHOD_TABLE;
            else if (!strcmp(v, "chase"))
                p.method = METHOD_CHASE;
            else
                die("bad method %s", v);
            break;
        case 'n': p.count = atol(v); break;
        case 'S': p.seed = strtoull(v, NULL, 10); break;
        default: usage();
        }
    }
    const record_form form = form_of(&p);
    if (!strcmp(mode, "boards") && nfiles == 0)
        return mode_boards(&p);
    if (!strcmp(mode, "solve") && nfiles == 1)
        return records_solve(&form, files[0], answer);
    if (!strcmp(mode, "check") && nfiles == 2)
        return records_check(&form, files[0], files[1], check_one);
    if (!strcmp(mode, "selftest") && nfiles == 0)
        return mode_selftest();
    usage();
}
