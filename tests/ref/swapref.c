/*
 * swapref.c - independent reference for the swap-adjacent rule.
 *
 * Shares no code with gridbfs and does not search over moves.  For two
 * colours, the fewest swaps of adjacent cells turning a start board into a
 * target board equals the cost of a minimum-cost perfect matching between
 * the start's 1-cells and the target's 1-cells, a pair costing its distance
 * in the adjacency graph (two-colour token swapping: Yamanaka et al.,
 * "Swapping colored tokens on graphs", WADS 2015).  Here the distance is a
 * formula: Manhattan for the 4-neighbourhood, Chebyshev for the
 * 8-neighbourhood, each coordinate difference taken around the torus when
 * wrapping.  The matching is a bitmask dynamic program over subsets (on the
 * colour with fewer cells, which by the same result gives the same value).
 * `selftest` checks all of this against a plain BFS over boards.
 *
 * Usage:
 *   swapref gen      [OPTIONS] N    N random puzzles "start target", line
 *                                   syntax, cells '1'/'0' by default
 *   swapref solve    [OPTIONS] RECORDS
 *                                   the minimum (or Impossible) per record
 *   swapref check    [OPTIONS] RECORDS OUTPUT
 *                                   verify gridbfs judge output with paths:
 *                                   a count n, then n swaps, "abcd" (swap
 *                                   (a,b) with (c,d), 1-based) or, on boards
 *                                   with more than 9 rows or columns,
 *                                   "r1 c1 r2 c2"; each swap must join two
 *                                   adjacent cells, the swaps replayed must
 *                                   reach the target, n must be the minimum
 *   swapref selftest [-n STARTS]    matching minimum = BFS minimum on random
 *                                   small boards (3x3, 3x4, 4x3, 4x4, 2x5,
 * 3x5), for every adjacency: STARTS random starts a size, each against every
 * target with as many 1-cells (a sample when many) Options: -s RxC     board
 * size (default 4x4) -8         8-neighbourhood (diagonals too); default 4 -w
 * wrap around the edges (torus) -c CELLS   the characters for 1 and 0 (default
 * 10) -k K|A-B   (gen) ones per board: fixed, or uniform in A..B (default
 * 0..R*C) -u PCT     (gen) percent of puzzles whose target gets its own random
 *              number of ones (so usually Impossible); default 0
 *   -S SEED    (gen) seed (default 1)
 *   -z         (gen) start each record with size=RxC
 *
 * Records are gridbfs's line syntax: two board tokens, rows joined by '/'
 * (a one-row board ends with '/'), `size=RxC` sets the record's size, any
 * other key=value token is ignored.  Exit status: 0 ok, 1 a check or
 * self-test failed, 2 usage or input error.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "swapref"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

#define MAX_CELLS 64
#define MAX_MATCH 20 /* the subset DP holds 2^MAX_MATCH entries */
#define MAX_REPORTS 10
#define BIG 0x3FFFFFFF
#define SELFTEST_STARTS 40 /* per size and adjacency; -n changes it */
#define SELFTEST_ALL_TARGETS 1000
#define SELFTEST_TARGETS 150

typedef struct params {
    int rows, cols;
    int eight, wrap;
    char one, zero;
    int kmin, kmax; /* gen; kmax < 0 = R*C */
    int unequal;    /* gen: percent */
    uint64_t seed;
    int size_tokens;
} params;

/* ---- the matching minimum -------------------------------------------- */

/* Distance along one axis of length len. */
static int axis(int a, int b, int len, int wrap)
{
    int d = a > b ? a - b : b - a;
    if (wrap && len - d < d)
        d = len - d;
    return d;
}

static int distance(const params *p, int rows, int cols, int i, int j)
{
    int dr = axis(i / cols, j / cols, rows, p->wrap);
    int dc = axis(i % cols, j % cols, cols, p->wrap);
    if (p->eight)
        return dr > dc ? dr : dc;
    return dr + dc;
}

/* Minimum-cost perfect matching of the cells of a onto the cells of b
   (equal counts): dp[mask] is the cheapest way to match the first
   popcount(mask) cells of a onto the cells of b in mask. */
static int matching(const params *p, int rows, int cols, uint64_t a, uint64_t b)
{
    int ca[MAX_CELLS], cb[MAX_CELLS], k = 0, kb = 0;
    int n = rows * cols;
    for (int i = 0; i < n; i++) {
        if ((a >> i) & 1)
            ca[k++] = i;
        if ((b >> i) & 1)
            cb[kb++] = i;
    }
    if (k != kb)
        return -1;
    if (k > MAX_MATCH)
        die("%d cells of one colour: the matching takes at most %d", k,
            MAX_MATCH);
    size_t size = (size_t)1 << k;
    int *dp = malloc(size * sizeof *dp);
    if (!dp)
        die("out of memory");
    int cost[MAX_MATCH][MAX_MATCH];
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            cost[i][j] = distance(p, rows, cols, ca[i], cb[j]);
    dp[0] = 0;
    for (size_t m = 1; m < size; m++)
        dp[m] = BIG;
    for (size_t m = 0; m + 1 < size; m++) {
        int i = popcount64(m);
        if (dp[m] >= BIG)
            continue;
        for (int j = 0; j < k; j++)
            if (!((m >> j) & 1)) {
                int v = dp[m] + cost[i][j];
                if (v < dp[m | ((size_t)1 << j)])
                    dp[m | ((size_t)1 << j)] = v;
            }
    }
    int best = dp[size - 1];
    free(dp);
    return best;
}

/* Fewest swaps from start to target, -1 when the numbers of 1-cells
   differ.  Matches whichever colour has fewer cells. */
static int minimum(const params *p, int rows, int cols, uint64_t start,
                   uint64_t target)
{
    int n = rows * cols;
    if (popcount64(start) != popcount64(target))
        return -1;
    if (2 * popcount64(start) > n) {
        uint64_t all = full_mask(n);
        return matching(p, rows, cols, start ^ all, target ^ all);
    }
    return matching(p, rows, cols, start, target);
}

/* Are cells i and j adjacent?  Written from the moves, not the distance:
   one step along a row, a column (or a diagonal with eight), wrapping. */
static int adjacent(const params *p, int rows, int cols, int i, int j)
{
    int r1 = i / cols, c1 = i % cols;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if ((dr == 0 && dc == 0) || (!p->eight && dr && dc))
                continue;
            int r = r1 + dr, c = c1 + dc;
            if (p->wrap) {
                r = (r + rows) % rows;
                c = (c + cols) % cols;
            } else if (r < 0 || r >= rows || c < 0 || c >= cols) {
                continue;
            }
            if (r * cols + c == j && j != i)
                return 1;
        }
    return 0;
}

/* How the records look under p: a start and a target, of at most MAX_CELLS
   cells; no other check of the size. */
static record_form form_of(const params *p)
{
    return (record_form){.boards = 2,
                         .max_cells = MAX_CELLS,
                         .ctx = p,
                         .rows = p->rows,
                         .cols = p->cols,
                         .one = p->one,
                         .zero = p->zero};
}

/* ---- modes ----------------------------------------------------------- */

/* A board with k of its n cells set, uniformly (partial Fisher-Yates). */
static uint64_t random_board(uint64_t *seed, int n, int k)
{
    int cell[MAX_CELLS];
    for (int i = 0; i < n; i++)
        cell[i] = i;
    uint64_t b = 0;
    for (int i = 0; i < k; i++) {
        int j = i + (int)below(seed, (uint64_t)(n - i));
        int t = cell[i];
        cell[i] = cell[j];
        cell[j] = t;
        b |= (uint64_t)1 << cell[i];
    }
    return b;
}

static int mode_gen(const params *p, long count)
{
    int n = p->rows * p->cols;
    int kmax = p->kmax < 0 ? n : p->kmax;
    if (p->kmin < 0 || p->kmin > kmax || kmax > n)
        die("bad ones range %d-%d for %d cells", p->kmin, kmax, n);
    uint64_t seed = p->seed;
    for (long i = 0; i < count; i++) {
        int k = p->kmin + (int)below(&seed, (uint64_t)(kmax - p->kmin + 1));
        int kt = k;
        if ((int)below(&seed, 100) < p->unequal)
            kt = (int)below(&seed, (uint64_t)n + 1);
        uint64_t a = random_board(&seed, n, k);
        uint64_t b = random_board(&seed, n, kt);
        if (p->size_tokens)
            printf("size=%dx%d ", p->rows, p->cols);
        print_board(p->one, p->zero, p->rows, p->cols, a);
        putchar(' ');
        print_board(p->one, p->zero, p->rows, p->cols, b);
        putchar('\n');
    }
    return 0;
}

/* Parse one swap line into 0-based cells; 0 when malformed. */
static int parse_swap(const record *rec, const char *s, int *i, int *j)
{
    int v[4];
    if (rec->rows > 9 || rec->cols > 9) {
        char tail;
        if (sscanf(s, "%d %d %d %d%c", &v[0], &v[1], &v[2], &v[3], &tail) != 4)
            return 0;
        /* exactly single spaces between plain decimals */
        int spaces = 0;
        for (const char *q = s; *q; q++) {
            if (*q == ' ')
                spaces++;
            else if (*q < '0' || *q > '9')
                return 0;
        }
        if (spaces != 3 || s[0] == ' ' || strstr(s, "  "))
            return 0;
    } else {
        if (strlen(s) != 4 || s[strspn(s, "0123456789")])
            return 0;
        for (int t = 0; t < 4; t++)
            v[t] = s[t] - '0';
    }
    if (v[0] < 1 || v[0] > rec->rows || v[1] < 1 || v[1] > rec->cols ||
        v[2] < 1 || v[2] > rec->rows || v[3] < 1 || v[3] > rec->cols)
        return 0;
    *i = (v[0] - 1) * rec->cols + (v[1] - 1);
    *j = (v[2] - 1) * rec->cols + (v[3] - 1);
    return 1;
}

/* The answer to one record (record_answer). */
static int answer(const void *ctx, const record *rec)
{
    return minimum(ctx, rec->rows, rec->cols, rec->start, rec->target);
}

/* Check one record's count and swaps, a record_checker; returns 0 when
   the output ran out of lines. */
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
            fail(ck, rec, at, "Impossible, but %d swaps solve it", want);
        return 1;
    }
    long n = decimal(ck->line);
    if (n < 0) {
        fail(ck, rec, at, "expected a count or Impossible, got \"%s\"",
             ck->line);
        return 1;
    }
    if (want < 0)
        fail(ck, rec, at, "answer %ld, but the numbers of 1-cells differ", n);
    else if (n != want)
        fail(ck, rec, at, "answer %ld, minimum is %d", n, want);
    uint64_t s = rec->start;
    int bad = 0;
    for (long k = 0; k < n; k++) {
        if (!out_line(ck)) {
            fail(ck, rec, ck->lineno, "output ended inside the swaps");
            return 0;
        }
        int i, j;
        if (bad)
            continue;
        if (!parse_swap(rec, ck->line, &i, &j)) {
            bad = 1;
            fail(ck, rec, ck->lineno, "swap \"%s\" is not %s on the board",
                 ck->line,
                 rec->rows > 9 || rec->cols > 9 ? "\"r1 c1 r2 c2\""
                                                : "\"abcd\"");
            continue;
        }
        if (!adjacent(p, rec->rows, rec->cols, i, j)) {
            bad = 1;
            fail(ck, rec, ck->lineno,
                 "swap \"%s\" joins cells that are not adjacent", ck->line);
            continue;
        }
        uint64_t bi = (s >> i) & 1, bj = (s >> j) & 1;
        if (bi != bj)
            s ^= ((uint64_t)1 << i) | ((uint64_t)1 << j);
    }
    if (!bad && s != rec->target)
        fail(ck, rec, at, "the %ld swaps do not reach the target", n);
    return 1;
}

/* ---- self-test --------------------------------------------------------- */

/* BFS over boards (n <= 16) from start with adjacent swaps: dist[] of
   every board reachable, UINT8_MAX elsewhere. */
static void bfs(const params *p, int rows, int cols, uint32_t start,
                unsigned char *dist, uint32_t *queue)
{
    int n = rows * cols, ne = 0;
    int ei[MAX_CELLS * 8], ej[MAX_CELLS * 8];
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (adjacent(p, rows, cols, i, j) ||
                adjacent(p, rows, cols, j, i)) {
                ei[ne] = i;
                ej[ne] = j;
                ne++;
            }
    memset(dist, UINT8_MAX, (size_t)1 << n);
    size_t head = 0, tail = 0;
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        uint32_t s = queue[head++];
        for (int e = 0; e < ne; e++) {
            uint32_t bi = (s >> ei[e]) & 1, bj = (s >> ej[e]) & 1;
            if (bi == bj)
                continue;
            uint32_t t = s ^ (1u << ei[e]) ^ (1u << ej[e]);
            if (dist[t] == UINT8_MAX) {
                dist[t] = (unsigned char)(dist[s] + 1);
                queue[tail++] = t;
            }
        }
    }
}

static int mode_selftest(long starts)
{
    static const int sizes[][2] = {{3, 3}, {3, 4}, {4, 3},
                                   {4, 4}, {2, 5}, {3, 5}};
    static const int adj[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    static const char *names[] = {"4-neighbourhood", "8-neighbourhood",
                                  "4-neighbourhood with wrap",
                                  "8-neighbourhood with wrap"};
    params p = {4, 4, 0, 0, '1', '0', 0, -1, 0, 1, 0};
    unsigned char *dist = malloc((size_t)1 << 16);
    uint32_t *queue = malloc(((size_t)1 << 16) * sizeof *queue);
    if (!dist || !queue)
        die("out of memory");
    int failed = 0;
    uint64_t seed = 2015;

    /* hand-made facts */
    p.rows = p.cols = 4;
    uint64_t from, to;
    char why[128];
    if (!parse_board(p.one, p.zero, 4, 4, "1111/0000/1110/0010", &from, why,
                     sizeof why) ||
        !parse_board(p.one, p.zero, 4, 4, "1010/0101/1010/0101", &to, why,
                     sizeof why) ||
        from != 0x470F || to != 0xA5A5)
        die("selftest: sample boards misread");
    int sample = minimum(&p, 4, 4, from, to);
    if (sample != 4) {
        printf("selftest: FAILED sample is %d, not 4\n", sample);
        failed++;
    }
    p.wrap = 1;
    if (minimum(&p, 4, 4, 0x1, 0x8) != 1 ||
        minimum(&p, 4, 4, 0x1, 0x1000) != 1 || !adjacent(&p, 4, 4, 0, 3) ||
        adjacent(&p, 4, 4, 0, 5)) {
        printf("selftest: FAILED wrap adjacency of 4x4 corners\n");
        failed++;
    }
    p.eight = 1;
    if (minimum(&p, 4, 4, 0x1, 0x8000) != 1 || !adjacent(&p, 4, 4, 0, 15)) {
        printf("selftest: FAILED 8-neighbour wrap across the corner\n");
        failed++;
    }
    p.wrap = 0;
    if (minimum(&p, 4, 4, 0x1, 0x8000) != 3 || adjacent(&p, 4, 4, 0, 15) ||
        !adjacent(&p, 4, 4, 0, 5)) {
        printf("selftest: FAILED 8-neighbour diagonal distance\n");
        failed++;
    }
    p.eight = 0;

    for (size_t a = 0; a < sizeof adj / sizeof *adj; a++) {
        p.eight = adj[a][0];
        p.wrap = adj[a][1];
        long puzzles = 0, wrong = 0;
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int rows = sizes[z][0], cols = sizes[z][1], n = rows * cols;
            /* random starts; from each, every board with the same number
               of 1-cells is a target when there are few, else a sample */
            for (long t = 0; t < starts; t++) {
                int k = (int)below(&seed, (uint64_t)n + 1);
                uint32_t start = (uint32_t)random_board(&seed, n, k);
                bfs(&p, rows, cols, start, dist, queue);
                long same = 0;
                for (uint32_t b = 0; b < (1u << n); b++)
                    same += popcount64(b) == k;
                int all = same <= SELFTEST_ALL_TARGETS;
                long targets = all ? (1L << n) : SELFTEST_TARGETS;
                for (long u = 0; u < targets; u++) {
                    uint32_t target =
                        all ? (uint32_t)u : (uint32_t)random_board(&seed, n, k);
                    if (popcount64(target) != k)
                        continue;
                    int m = minimum(&p, rows, cols, start, target);
                    int d = dist[target] == UINT8_MAX ? -1 : dist[target];
                    puzzles++;
                    if (m != d && ++wrong <= MAX_REPORTS)
                        printf("selftest: %s %dx%d start %#x target %#x: "
                               "matching %d, BFS %d\n",
                               names[a], rows, cols, (unsigned)start,
                               (unsigned)target, m, d);
                }
                /* unequal counts: impossible for both */
                uint32_t other =
                    (uint32_t)random_board(&seed, n, (k + 1) % (n + 1));
                puzzles++;
                if (minimum(&p, rows, cols, start, other) != -1 ||
                    dist[other] != UINT8_MAX)
                    wrong++;
            }
        }
        printf("selftest: %s: %ld puzzles, %ld disagreements\n", names[a],
               puzzles, wrong);
        failed += wrong != 0;
    }
    free(dist);
    free(queue);
    printf("selftest: %s\n", failed ? "FAILED" : "ok");
    return failed ? 1 : 0;
}

/* ---- command line ------------------------------------------------------- */

_Noreturn static void usage(void)
{
    fputs("usage: swapref gen N|solve RECORDS|check RECORDS OUTPUT|selftest "
          "[-n N]\n"
          "         [-s RxC] [-8] [-w] [-c CELLS] [-k K|A-B] [-u PCT] [-S SEED]"
          " [-z]\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    params p = {4, 4, 0, 0, '1', '0', 0, -1, 0, 1, 0};
    if (argc < 2)
        usage();
    const char *mode = argv[1];
    const char *args[2];
    int nargs = 0;
    long count = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-' || !a[1]) {
            if (nargs == 2)
                usage();
            args[nargs++] = a;
            continue;
        }
        if (a[2])
            usage();
        switch (a[1]) {
        case '8': p.eight = 1; continue;
        case 'w': p.wrap = 1; continue;
        case 'z': p.size_tokens = 1; continue;
        default: break;
        }
        if (!v)
            usage();
        i++;
        switch (a[1]) {
        case 's':
            if (!parse_size(v, &p.rows, &p.cols, MAX_CELLS))
                die("bad size %s", v);
            break;
        case 'c': parse_cells(v, &p.one, &p.zero); break;
        case 'k': {
            char tail;
            if (sscanf(v, "%d-%d%c", &p.kmin, &p.kmax, &tail) != 2) {
                if (sscanf(v, "%d%c", &p.kmin, &tail) != 1)
                    die("bad -k %s", v);
                p.kmax = p.kmin;
            }
            break;
        }
        case 'u': p.unequal = atoi(v); break;
        case 'S': p.seed = strtoull(v, NULL, 10); break;
        case 'n': count = atol(v); break;
        default: usage();
        }
    }
    const record_form form = form_of(&p);
    if (!strcmp(mode, "gen") && nargs == 1)
        return mode_gen(&p, atol(args[0]));
    if (!strcmp(mode, "solve") && nargs == 1)
        return records_solve(&form, args[0], answer);
    if (!strcmp(mode, "check") && nargs == 2)
        return records_check(&form, args[0], args[1], check_one);
    if (!strcmp(mode, "selftest") && nargs == 0)
        return mode_selftest(count > 0 ? count : SELFTEST_STARTS);
    usage();
}
