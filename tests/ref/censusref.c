/*
 * censusref.c - independent reference for gridbfs --census.
 *
 * Shares no code with gridbfs.  Its own move generation for three rules,
 * and a plain breadth-first search over every board, with no symmetry and
 * no shortcut:
 *   flip  RxC STENCIL WRAP GOAL  a press flips the cells of the 3x3
 *         STENCIL ("010/111/010") centred on it (off the board: dropped,
 *         or round a torus with WRAP 1; a cell covered twice flips once);
 *         GOAL uniform, off or on: one search from the goals; or GOAL
 *         target K: every ordered (start, target) pair of boards with K
 *         ones, one search from each target.
 *   lines RxC GOAL               a change at (i, j) toggles row i and
 *         column j; GOAL off or uniform.
 *   swap  RxC NEIGH WRAP K       a move swaps two cells adjacent in the
 *         NEIGH (4 or 8) neighbourhood, round a torus with WRAP 1; every
 *         ordered (start, target) pair of boards with K ones, one search
 *         from each target.
 * Cell (r, c) is bit r * C + c, a set bit a '1'.
 *
 * Output, after the rule's arguments:
 *   (nothing)        the census as gridbfs -f csv writes it: the header
 *                    distance,states, one row a distance from 0 up to the
 *                    largest, then impossible,N
 *   summary          lines "total N", "solvable N", "max D", "at_max N",
 *                    "mean X.XX" (max and at_max "none" when nothing is
 *                    solvable)
 *   dist BOARD       (flip, lines) the distance of BOARD, rows of 1/0
 *                    joined by '/', or -1 when it is unsolvable
 *   dist START TARGET (swap) the same for one pair
 * Exit status: 0, or 2 for a usage error.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 25 /* a byte per board: 32 MiB */
#define MAX_DIST 255
#define NONE 0xFF

typedef struct rule {
    int swap, pairs; /* pairs: a census of (start, target) pairs */
    int rows, cols, n;
    uint32_t mask[MAX_CELLS]; /* flip, lines: what move m toggles */
    int pa[4 * MAX_CELLS], pb[4 * MAX_CELLS], npairs; /* swap: cell pairs */
    uint32_t goals[2];
    int ngoals, ones;
} rule;

static void usage(void)
{
    fputs("usage: censusref flip RxC STENCIL WRAP GOAL [summary|dist BOARD]\n"
          "       censusref flip RxC STENCIL WRAP target K [summary|dist START "
          "TARGET]\n"
          "       censusref lines RxC GOAL [summary|dist BOARD]\n"
          "       censusref swap RxC NEIGH WRAP K [summary|dist START "
          "TARGET]\n",
          stderr);
    exit(2);
}

static void parse_size(const char *s, rule *r)
{
    if (sscanf(s, "%dx%d", &r->rows, &r->cols) != 2 || r->rows < 1 ||
        r->cols < 1 || r->rows * r->cols > MAX_CELLS)
        usage();
    r->n = r->rows * r->cols;
}

static int cell(const rule *r, int row, int col, int wrap)
{
    if (wrap) {
        row = (row % r->rows + r->rows) % r->rows;
        col = (col % r->cols + r->cols) % r->cols;
    } else if (row < 0 || row >= r->rows || col < 0 || col >= r->cols) {
        return -1;
    }
    return row * r->cols + col;
}

static void set_goals(rule *r, const char *goal, int on_ok, int uniform_ok)
{
    if (!strcmp(goal, "target") && on_ok) {
        r->pairs = 1;
        return;
    }
    uint32_t full = (uint32_t)((1ull << r->n) - 1);
    if (!strcmp(goal, "off")) {
        r->goals[0] = 0;
        r->ngoals = 1;
    } else if (!strcmp(goal, "on") && on_ok) {
        r->goals[0] = full;
        r->ngoals = 1;
    } else if (!strcmp(goal, "uniform") && uniform_ok) {
        r->goals[0] = 0;
        r->goals[1] = full;
        r->ngoals = 2;
    } else {
        usage();
    }
}

static void make_flip(rule *r, const char *stencil, int wrap)
{
    if (strlen(stencil) != 11 || stencil[3] != '/' || stencil[7] != '/')
        usage();
    for (int m = 0; m < r->n; m++)
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                char on = stencil[(dr + 1) * 4 + dc + 1];
                int k = cell(r, m / r->cols + dr, m % r->cols + dc, wrap);
                if (on == '1' && k >= 0)
                    r->mask[m] |= 1u << k;
                else if (on != '0' && on != '1')
                    usage();
            }
}

static void make_lines(rule *r)
{
    for (int m = 0; m < r->n; m++)
        for (int k = 0; k < r->n; k++)
            if (k / r->cols == m / r->cols || k % r->cols == m % r->cols)
                r->mask[m] |= 1u << k;
}

static void make_swap(rule *r, int neigh, int wrap)
{
    for (int a = 0; a < r->n; a++)
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                if ((dr == 0 && dc == 0) || (neigh == 4 && dr && dc))
                    continue;
                int b = cell(r, a / r->cols + dr, a % r->cols + dc, wrap);
                if (b > a) { /* each pair once (b < a: met from b) */
                    r->pa[r->npairs] = a;
                    r->pb[r->npairs++] = b;
                }
            }
}

/* Every neighbour of s into out; how many. */
static int neighbours(const rule *r, uint32_t s, uint32_t *out)
{
    int k = 0;
    if (!r->swap) {
        for (int m = 0; m < r->n; m++)
            out[k++] = s ^ r->mask[m];
        return k;
    }
    for (int i = 0; i < r->npairs; i++) {
        uint32_t a = s >> r->pa[i] & 1, b = s >> r->pb[i] & 1;
        if (a != b)
            out[k++] = s ^ (1u << r->pa[i] | 1u << r->pb[i]);
    }
    return k;
}

/* Breadth-first search from the sources over every board: dist[], NONE
   everywhere before, set for the boards reached, which are queue[0..n),
   n returned. */
static size_t bfs(const rule *r, const uint32_t *src, int nsrc, uint8_t *dist,
                  uint32_t *queue)
{
    uint32_t next[4 * MAX_CELLS];
    size_t head = 0, tail = 0;
    for (int i = 0; i < nsrc; i++)
        if (dist[src[i]] == NONE) {
            dist[src[i]] = 0;
            queue[tail++] = src[i];
        }
    while (head < tail) {
        uint32_t s = queue[head++];
        int k = neighbours(r, s, next);
        for (int i = 0; i < k; i++)
            if (dist[next[i]] == NONE) {
                dist[next[i]] = (uint8_t)(dist[s] + 1);
                queue[tail++] = next[i];
            }
    }
    return tail;
}

static uint32_t parse_board(const rule *r, const char *s)
{
    uint32_t b = 0;
    int k = 0;
    for (; *s; s++) {
        if (*s == '/')
            continue;
        if ((*s != '0' && *s != '1') || k >= r->n)
            usage();
        b |= (uint32_t)(*s - '0') << k++;
    }
    if (k != r->n)
        usage();
    return b;
}

static int ones(uint32_t s)
{
    int n = 0;
    for (; s; s &= s - 1)
        n++;
    return n;
}

int main(int argc, char **argv)
{
    rule r;
    int at;
    memset(&r, 0, sizeof r);
    if (argc < 4)
        usage();
    parse_size(argv[2], &r);
    if (!strcmp(argv[1], "flip") && argc >= 6) {
        make_flip(&r, argv[3], atoi(argv[4]));
        set_goals(&r, argv[5], 1, 1);
        at = 6;
        if (r.pairs && argc >= 7)
            r.ones = atoi(argv[at++]);
        else if (r.pairs)
            usage();
    } else if (!strcmp(argv[1], "lines")) {
        make_lines(&r);
        set_goals(&r, argv[3], 0, 1);
        at = 4;
    } else if (!strcmp(argv[1], "swap") && argc >= 6) {
        r.swap = r.pairs = 1;
        make_swap(&r, atoi(argv[3]), atoi(argv[4]));
        r.ones = atoi(argv[5]);
        at = 6;
    } else {
        usage();
    }

    if (r.ones < 0 || r.ones > r.n)
        usage();
    size_t states = (size_t)1 << r.n;
    uint8_t *dist = malloc(states);
    uint32_t *queue = malloc(states * sizeof *queue);
    if (!dist || !queue)
        return 2;
    memset(dist, NONE, states);
    if (at < argc && !strcmp(argv[at], "dist")) {
        if (at + 1 + r.pairs >= argc)
            usage();
        uint32_t s = parse_board(&r, argv[at + 1]);
        if (r.pairs) {
            uint32_t t = parse_board(&r, argv[at + 2]);
            bfs(&r, &t, 1, dist, queue);
        } else {
            bfs(&r, r.goals, r.ngoals, dist, queue);
        }
        printf("%d\n", dist[s] == NONE ? -1 : dist[s]);
        free(dist);
        free(queue);
        return 0;
    }

    unsigned long long hist[MAX_DIST] = {0}, impossible = 0, total = 0;
    if (!r.pairs) {
        bfs(&r, r.goals, r.ngoals, dist, queue);
        for (size_t s = 0; s < states; s++, total++)
            if (dist[s] == NONE)
                impossible++;
            else
                hist[dist[s]]++;
    }
    /* The starts a search from a target with K ones reaches are the boards
       it reaches with K ones (all of them, for a swap, which keeps the
       number); the others are the starts it cannot reach.  dist[] is made
       NONE again after each search. */
    unsigned long long boards = 0;
    for (uint32_t s = 0; r.pairs && s < states; s++)
        boards += ones(s) == r.ones;
    for (uint32_t t = 0; r.pairs && t < states; t++) {
        if (ones(t) != r.ones)
            continue;
        size_t n = bfs(&r, &t, 1, dist, queue), reached = 0;
        for (size_t i = 0; i < n; i++) {
            if (ones(queue[i]) == r.ones) {
                hist[dist[queue[i]]]++;
                reached++;
            }
            dist[queue[i]] = NONE;
        }
        total += boards;
        impossible += boards - reached;
    }

    int max = -1;
    unsigned long long solvable = 0;
    double sum = 0;
    for (int d = 0; d < MAX_DIST; d++)
        if (hist[d]) {
            max = d;
            solvable += hist[d];
            sum += (double)d * (double)hist[d];
        }
    free(dist);
    free(queue);
    if (at < argc && !strcmp(argv[at], "summary")) {
        printf("total %llu\nsolvable %llu\n", total, solvable);
        if (max < 0)
            printf("max none\nat_max none\n");
        else
            printf("max %d\nat_max %llu\nmean %.2f\n", max, hist[max],
                   sum / (double)solvable);
        return 0;
    }
    if (at < argc)
        usage();
    printf("distance,states\n");
    for (int d = 0; d <= max; d++)
        printf("%d,%llu\n", d, hist[d]);
    printf("impossible,%llu\n", impossible);
    return 0;
}
