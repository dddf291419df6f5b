/*
 * swap_exact.c - unit test of swap-adjacent's exact solver, solve(), loaded
 * with dlopen from $GRIDBFS_PLUGIN_DIR.
 *
 * What holds it to the truth, never to its own output:
 *   - the fewest swaps by breadth-first search: a BFS over every board
 *     written here (boards of at most 16 cells; adjacency from the rule's
 *     definition, not the plugin's pairs), and the core's bfs_solve() on
 *     5x5;
 *   - on big boards (8x8 to 32x32), a minimum-cost matching by successive
 *     shortest paths (a min-cost flow, primal, with Dijkstra on reduced
 *     costs) over all the cells of the rarer colour, where the plugin runs
 *     the Hungarian algorithm (dual) on the cells that differ only;
 *   - every sequence is replayed: each move, read back through move_text(),
 *     must join two adjacent cells holding different pieces, the last board
 *     must be the target, and the length must be the count.
 * Prints the time solve() takes on big boards (8x8 with 32 ones: well under
 * a millisecond even under the sanitizers).  Checks, failure lines and the
 * closing line: check.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <gridbfs/plugin.h>

#include "abi1.h"
#include "bfs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CELLS_MAX (GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE)
#define SMALL_CELLS 16       /* boards the test's own BFS covers whole */
#define PATH_MAX_MOVES 40000 /* > 512 tokens x 62 steps */
#define BFS_STATES 100000000ull
#define UNSEEN 0xFF
#define THREADS 4

#include "as_core.h"
#include "check.h"

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the rule, from the plugin and from its definition ---- */

/* A rule instance and the test's own view of its geometry. */
struct rule {
    const gridbfs_plugin *p;
    gridbfs_rule r;
    int rows, cols, eight, wrap;
    int ncells;
    uint16_t ma[GRIDBFS_MAX_MOVES], mb[GRIDBFS_MAX_MOVES]; /* move_text */
    char name[64];
};

static int gap(int a, int b, int n, int wrap)
{
    int d = a > b ? a - b : b - a;

    return wrap && n - d < d ? n - d : d;
}

/* Distance in the move graph, by the formula (checked against BFS below). */
static int dist(const struct rule *t, int a, int b)
{
    int dr = gap(a / t->cols, b / t->cols, t->rows, t->wrap);
    int dc = gap(a % t->cols, b % t->cols, t->cols, t->wrap);

    return t->eight ? (dr > dc ? dr : dc) : dr + dc;
}

/* Adjacent cells, straight from the rule: one step along a row or column
 * (or a diagonal in 8), round the edges with wrap. */
static int adjacent(const struct rule *t, int a, int b)
{
    for (int dr = -1; dr <= 1; dr++) {
        for (int dc = -1; dc <= 1; dc++) {
            int r = a / t->cols + dr, c = a % t->cols + dc;

            if ((!dr && !dc) || (!t->eight && dr && dc))
                continue;
            if (t->wrap) {
                r = (r + t->rows) % t->rows;
                c = (c + t->cols) % t->cols;
            } else if (r < 0 || r >= t->rows || c < 0 || c >= t->cols) {
                continue;
            }
            if (r * t->cols + c == b && a != b)
                return 1;
        }
    }
    return 0;
}

/* Make the rule rows x cols (eight, wrap) and read every move's cells back
 * from its compact text "r1,c1-r2,c2".  0 or -1. */
static int make(struct rule *t, const gridbfs_plugin *p, int rows, int cols,
                int eight, int wrap)
{
    char size[16], text[128];
    gridbfs_error err = {text, sizeof text, -1};
    gridbfs_param params[3] = {{"size", size},
                               {"neighbourhood", eight ? "8" : "4"},
                               {"wrap", wrap ? "true" : "false"}};

    *t = (struct rule){.p = p,
                       .r = {.abi = GRIDBFS_ABI, .size = sizeof t->r},
                       .rows = rows,
                       .cols = cols,
                       .eight = eight,
                       .wrap = wrap,
                       .ncells = rows * cols};
    snprintf(size, sizeof size, "%dx%d", rows, cols);
    snprintf(t->name, sizeof t->name, "%s n%d%s", size, eight ? 8 : 4,
             wrap ? " wrap" : "");
    t->r = as_core(params, 3);
    if (!CHECK_MSG(p->create(params, 3, &t->r, &err) == 0, "%s: %s", t->name,
                   text))
        return -1;
    for (uint32_t m = 0; m < t->r.moves; m++) {
        int r1, c1, r2, c2, a, b;

        if (p->move_text(t->r.inst, m, GRIDBFS_MOVE_COMPACT, text,
                         sizeof text) < 0 ||
            sscanf(text, "%d,%d-%d,%d", &r1, &c1, &r2, &c2) != 4) {
            CHECK_MSG(0, "%s: move %u has no text", t->name, m);
            return -1;
        }
        a = (r1 - 1) * cols + c1 - 1;
        b = (r2 - 1) * cols + c2 - 1;
        CHECK_MSG(adjacent(t, a, b), "%s: move %u (%s): cells not adjacent",
                  t->name, m, text);
        t->ma[m] = (uint16_t)a;
        t->mb[m] = (uint16_t)b;
    }
    return 0;
}

static void drop(struct rule *t)
{
    if (t->r.inst)
        t->p->destroy(t->r.inst);
}

/* ---- boards ---- */

static int bit(const gridbfs_board *b, int x)
{
    return (int)(b->w[x / 64] >> (x % 64) & 1);
}

static void flip(gridbfs_board *b, int x)
{
    b->w[x / 64] ^= (uint64_t)1 << (x % 64);
}

/* A board with k of its n cells set, uniformly (partial Fisher-Yates). */
static gridbfs_board random_board(uint64_t *seed, int n, int k)
{
    static int cell[CELLS_MAX];
    gridbfs_board b = {{0}};

    for (int i = 0; i < n; i++)
        cell[i] = i;
    for (int i = 0; i < k && i < n; i++) {
        int j = i + (int)(splitmix(seed) % (uint64_t)(n - i)), c = cell[j];

        cell[j] = cell[i];
        cell[i] = c;
        flip(&b, c);
    }
    return b;
}

static int ones(const gridbfs_board *b, int n)
{
    int k = 0;

    for (int x = 0; x < n; x++)
        k += bit(b, x);
    return k;
}

/* ---- the solver under test ---- */

static uint16_t path[PATH_MAX_MOVES];

/* solve() into path; the count, or -1 when impossible, -2 on anything else. */
static long exact(const struct rule *t, const gridbfs_board boards[2])
{
    char text[256] = "";
    gridbfs_error err = {text, sizeof text, -1};
    size_t len = 0;
    int st = t->p->solve(t->r.inst, boards, path, PATH_MAX_MOVES, &len, &err);

    if (st == GRIDBFS_IMPOSSIBLE)
        return -1;
    if (!CHECK_MSG(st == GRIDBFS_SOLVED, "%s: solve() says %d (%s)", t->name,
                   st, text))
        return -2;
    /* the count alone, as the core asks when no path is printed: the
       plugin takes another way to it, which must give the same number */
    size_t count = 0;
    st = t->p->solve(t->r.inst, boards, NULL, 0, &count, &err);
    CHECK_MSG((st == GRIDBFS_TOO_LONG || (st == GRIDBFS_SOLVED && len == 0)) &&
                  count == len,
              "%s: the count alone is %zu (solve() says %d), the path %zu",
              t->name, count, st, len);
    return (long)len;
}

/* Replay path[0..len-1] from boards[0]: each move adjacent cells that
 * differ, ending on boards[1]. */
static int replay(const struct rule *t, const gridbfs_board boards[2], long len)
{
    gridbfs_board b = boards[0];

    for (long i = 0; i < len; i++) {
        uint16_t m = path[i];
        int a, c;

        if (!CHECK_MSG(m < t->r.moves, "%s: move %ld is id %u, of %u", t->name,
                       i, m, t->r.moves))
            return 0;
        a = t->ma[m];
        c = t->mb[m];
        if (!CHECK_MSG(bit(&b, a) != bit(&b, c),
                       "%s: move %ld swaps equal "
                       "pieces (cells %d, %d)",
                       t->name, i, a, c))
            return 0;
        flip(&b, a);
        flip(&b, c);
    }
    return CHECK_MSG(!memcmp(&b, &boards[1], sizeof b),
                     "%s: the %ld moves miss the target", t->name, len);
}

/* ---- independent minima ---- */

/* BFS over every board of n <= 16 cells from start: dist[] of each. */
static void full_bfs(const struct rule *t, uint32_t start, uint8_t *d)
{
    static uint32_t queue[1u << SMALL_CELLS];
    int ea[8 * SMALL_CELLS], eb[8 * SMALL_CELLS], ne = 0;
    size_t head = 0, tail = 0;

    for (int a = 0; a < t->ncells; a++)
        for (int b = a + 1; b < t->ncells; b++)
            if (adjacent(t, a, b)) {
                ea[ne] = a;
                eb[ne++] = b;
            }
    memset(d, UNSEEN, (size_t)1 << t->ncells);
    d[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        uint32_t s = queue[head++];

        for (int e = 0; e < ne; e++) {
            uint32_t n = s ^ (1u << ea[e]) ^ (1u << eb[e]);

            if ((s >> ea[e] & 1) != (s >> eb[e] & 1) && d[n] == UNSEEN) {
                d[n] = (uint8_t)(d[s] + 1);
                queue[tail++] = n;
            }
        }
    }
}

/*
 * Minimum-cost perfect matching of the cells of the rarer colour of start
 * onto those of target, by successive shortest paths: k augmentations,
 * each a dense Dijkstra on reduced costs over source, left, right, sink.
 */
static long ssp_matching(const struct rule *t, const gridbfs_board *s,
                         const gridbfs_board *g)
{
    static int L[CELLS_MAX], R[CELLS_MAX], ml[CELLS_MAX], mr[CELLS_MAX];
    static int cost[CELLS_MAX / 2 * CELLS_MAX / 2];
    static long pot[2 * CELLS_MAX + 2], d[2 * CELLS_MAX + 2];
    static int prev[2 * CELLS_MAX + 2], done[2 * CELLS_MAX + 2];
    int n = t->ncells, want = 2 * ones(s, n) <= n, k = 0, kr = 0;
    const long inf = 1L << 40;

    for (int x = 0; x < n; x++) {
        if (bit(s, x) == want)
            L[k++] = x;
        if (bit(g, x) == want)
            R[kr++] = x;
    }
    if (k != kr)
        return -1;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            cost[i * k + j] = dist(t, L[i], R[j]);
    /* nodes: 0 the source, 1 + i left cell i, 1 + k + j right cell j, then
     * the sink; left i -> right j costs cost[i][j], matched edges run back
     * at minus that */
    int V = 2 * k + 2, src = 0, sink = 2 * k + 1;
    long total = 0;

    for (int v = 0; v < V; v++)
        pot[v] = 0;
    for (int i = 0; i < k; i++)
        ml[i] = mr[i] = -1;
    for (int round = 0; round < k; round++) {
        for (int v = 0; v < V; v++) {
            d[v] = inf;
            done[v] = 0;
        }
        d[src] = 0;
        for (;;) {
            int u = -1;

            for (int v = 0; v < V; v++)
                if (!done[v] && d[v] < inf && (u < 0 || d[v] < d[u]))
                    u = v;
            if (u < 0 || u == sink)
                break;
            done[u] = 1;
            for (int e = 0; e < (u == 0 ? k : u <= k ? k : 1); e++) {
                int to, c;

                if (u == src) { /* to the free left cells */
                    if (ml[e] >= 0)
                        continue;
                    to = 1 + e;
                    c = 0;
                } else if (u <= k) { /* left to right, unmatched pairs */
                    if (ml[u - 1] == e)
                        continue;
                    to = 1 + k + e;
                    c = cost[(u - 1) * k + e];
                } else if (mr[u - 1 - k] >= 0) { /* back along a match */
                    to = 1 + mr[u - 1 - k];
                    c = -cost[mr[u - 1 - k] * k + (u - 1 - k)];
                } else { /* a free right cell to the sink */
                    to = sink;
                    c = 0;
                }
                long nd = d[u] + c + pot[u] - pot[to];

                if (!done[to] && nd < d[to]) {
                    d[to] = nd;
                    prev[to] = u;
                }
            }
        }
        for (int v = sink; v != src; v = prev[v]) { /* augment */
            int u = prev[v];

            if (u >= 1 && u <= k) {
                ml[u - 1] = v - 1 - k;
                mr[v - 1 - k] = u - 1;
            }
        }
        for (int v = 0; v < V; v++)
            pot[v] += d[v] < d[sink] ? d[v] : d[sink];
    }
    for (int i = 0; i < k; i++)
        total += cost[i * k + ml[i]];
    return total;
}

/* ---- the tests ---- */

/* Boards from pictures, rows joined by '/', '1' a set cell. */
static gridbfs_board pic(const char *s)
{
    gridbfs_board b = {{0}};

    for (int x = 0; *s; s++) {
        if (*s == '/')
            continue;
        if (*s == '1')
            flip(&b, x);
        x++;
    }
    return b;
}

/* Puzzles by hand: the count (-1 impossible) and a valid replay; then the
 * cap: too small says how many and writes nothing past it. */
static void test_by_hand(const gridbfs_plugin *p)
{
    static const struct {
        int rows, cols, eight, wrap;
        const char *from, *to;
        long want;
    } hand[] = {
        {4, 4, 0, 0, "1111/0000/1110/0010", "1010/0101/1010/0101", 4},
        {4, 4, 0, 0, "1111/0000/1110/0010", "1010/0101/1010/0111", -1},
        {4, 4, 0, 0, "0000/0000/0000/0000", "0000/0000/0000/0000", 0},
        {4, 4, 0, 0, "1111/1111/1111/1111", "1111/1111/1111/1111", 0},
        {4, 4, 0, 0, "1000/0000/0000/0000", "0000/0000/0000/0001", 6},
        {4, 4, 0, 0, "1100/0000/0000/0000", "0000/0000/0000/0011", 10},
        {4, 4, 0, 1, "1000/0000/0000/0000", "0001/0000/0000/0000", 1},
        {4, 4, 0, 1, "1000/0000/0000/0000", "0000/0000/0000/1000", 1},
        {4, 4, 0, 1, "1000/0000/0000/0000", "0000/0000/0000/0001", 2},
        {4, 4, 1, 1, "1000/0000/0000/0000", "0000/0000/0000/0001", 1},
        {4, 4, 1, 0, "1000/0000/0000/0000", "0000/0000/0000/0001", 3},
        {1, 1, 1, 1, "1", "1", 0},
        {1, 1, 1, 1, "0", "1", -1},
    };
    struct rule t;
    gridbfs_board b[2];
    char text[64];
    gridbfs_error err = {text, sizeof text, -1};
    uint16_t buf[8] = {0};
    size_t len = 99;

    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) {
        if (make(&t, p, hand[i].rows, hand[i].cols, hand[i].eight,
                 hand[i].wrap) < 0)
            continue;
        b[0] = pic(hand[i].from);
        b[1] = pic(hand[i].to);
        long got = exact(&t, b);

        CHECK_MSG(got == hand[i].want, "%s: %s -> %s: %ld swaps, want %ld",
                  t.name, hand[i].from, hand[i].to, got, hand[i].want);
        if (got >= 0)
            replay(&t, b, got);
        drop(&t);
    }
    if (make(&t, p, 4, 4, 0, 0) < 0)
        return;
    b[0] = pic(hand[0].from);
    b[1] = pic(hand[0].to);
    buf[3] = 777;
    CHECK_MSG(p->solve(t.r.inst, b, buf, 3, &len, &err) == GRIDBFS_TOO_LONG &&
                  len == 4 && buf[3] == 777,
              "cap 3: len %zu", len);
    len = 99;
    CHECK_MSG(p->solve(t.r.inst, b, NULL, 0, &len, &err) == GRIDBFS_TOO_LONG &&
                  len == 4,
              "cap 0: len %zu", len);
    CHECK_MSG(p->solve(t.r.inst, b, buf, 4, &len, &err) == GRIDBFS_SOLVED &&
                  len == 4,
              "cap 4: len %zu", len);
    drop(&t);
}

/* From `starts` random starts, every target with as many ones: BFS. */
static void test_all_targets(const gridbfs_plugin *p, int rows, int cols,
                             int eight, int wrap, int starts, uint64_t seed)
{
    static uint8_t d[1u << SMALL_CELLS];
    struct rule t;
    long puzzles = 0, bad = 0;

    if (make(&t, p, rows, cols, eight, wrap) < 0)
        return;
    for (int s = 0; s < starts; s++) {
        int k = (int)(splitmix(&seed) % (uint64_t)(t.ncells + 1));
        gridbfs_board b[2] = {random_board(&seed, t.ncells, k), {{0}}};

        full_bfs(&t, (uint32_t)b[0].w[0], d);
        for (uint32_t g = 0; g < 1u << t.ncells; g++) {
            long got, want = d[g] == UNSEEN ? -1 : d[g];

            if (__builtin_popcount(g) != k && splitmix(&seed) % 64)
                continue; /* unequal counts: a sample of them */
            b[1].w[0] = g;
            got = exact(&t, b);
            puzzles++;
            if (!CHECK_MSG(got == want, "%s: %#llx -> %#x: %ld swaps, BFS %ld",
                           t.name, (unsigned long long)b[0].w[0], g, got,
                           want) ||
                (got > 0 && !replay(&t, b, got)))
                bad++;
        }
    }
    printf("%s: %d starts x every target: %ld puzzles, %ld wrong\n", t.name,
           starts, puzzles, bad);
    drop(&t);
}

/*
 * Count random puzzles with k ones (k < 0: a random number, and one in ten
 * targets with its own, mostly impossible): the count equals the core's
 * BFS (with engine) or the min-cost flow (without), and every sequence
 * replays.  Prints the time solve() took.
 */
static void test_random(const gridbfs_plugin *p, bfs *engine, int rows,
                        int cols, int eight, int wrap, int k, int count,
                        uint64_t seed)
{
    struct rule t;
    long bad = 0;
    double spent = 0;

    if (make(&t, p, rows, cols, eight, wrap) < 0)
        return;
    gridbfs_plugin2 adapted; /* the plugin as the core sees it (abi1.h) */
    abi1_inst wrapped;
    abi1_adapt(p, &adapted);
    abi1_wrap(p, &t.r, &wrapped);
    bfs_rule br = {&adapted, &wrapped, t.r.moves, (uint32_t)t.ncells, 1};
    uint64_t n1 = (uint64_t)t.ncells + 1;

    for (int i = 0; i < count; i++) {
        int ks = k >= 0 ? k : (int)(splitmix(&seed) % n1);
        int kt =
            k >= 0 || splitmix(&seed) % 10 ? ks : (int)(splitmix(&seed) % n1);
        gridbfs_board b[2] = {random_board(&seed, t.ncells, ks),
                              random_board(&seed, t.ncells, kt)};
        double t0 = now();
        long got = exact(&t, b), want;
        bfs_answer ans;

        spent += now() - t0;
        if (engine) {
            bfs_solve(engine, &br, b[0].w[0], &b[1].w[0], 1, BFS_STATES, &ans);
            CHECK_MSG(ans.status == BFS_FOUND || ans.status == BFS_NONE,
                      "%s: BFS status %d", t.name, (int)ans.status);
            want = ans.status == BFS_FOUND ? (long)ans.len : -1;
        } else {
            want = ssp_matching(&t, &b[0], &b[1]);
        }
        if (!CHECK_MSG(got == want, "%s: %d -> %d ones: %ld swaps, %s %ld",
                       t.name, ks, kt, got, engine ? "BFS" : "matching",
                       want) ||
            (got > 0 && !replay(&t, b, got)))
            bad++;
    }
    printf("%s, %d ones (-1: any): %d puzzles against %s, %ld wrong; "
           "solve() %.1f us each\n",
           t.name, k, count, engine ? "BFS" : "min-cost flow", bad,
           spent / count * 1e6);
    drop(&t);
}

/* One hash of the answers to b[0..n-1], from one thread. */
struct job {
    const struct rule *t;
    const gridbfs_board (*b)[2];
    int n;
    uint64_t hash;
};

static void *worker(void *arg)
{
    static _Thread_local uint16_t mine[PATH_MAX_MOVES];
    struct job *j = arg;

    j->hash = 1469598103934665603u; /* FNV-1a */
    for (int i = 0; i < j->n; i++) {
        size_t len = 0;
        int st = j->t->p->solve(j->t->r.inst, j->b[i], mine, PATH_MAX_MOVES,
                                &len, NULL);

        j->hash = (j->hash ^ (uint64_t)st ^ len << 8) * 1099511628211u;
        for (size_t m = 0; st == GRIDBFS_SOLVED && m < len; m++)
            j->hash = (j->hash ^ mine[m]) * 1099511628211u;
    }
    return NULL;
}

/* Threads sharing one instance find the sequences one thread alone does. */
static void test_threads(const gridbfs_plugin *p)
{
    static gridbfs_board b[64][2];
    struct rule t;
    struct job jobs[THREADS + 1];
    pthread_t th[THREADS];
    uint64_t seed = 16;

    if (make(&t, p, 16, 16, 1, 1) < 0)
        return;
    for (int i = 0; i < 64; i++) {
        int k = (int)(splitmix(&seed) % 257);

        b[i][0] = random_board(&seed, 256, k);
        b[i][1] = random_board(&seed, 256, k);
    }
    for (int i = 0; i <= THREADS; i++)
        jobs[i] = (struct job){&t, (const gridbfs_board(*)[2])b, 64, 0};
    worker(&jobs[THREADS]);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&th[i], NULL, worker, &jobs[i]);
    for (int i = 0; i < THREADS; i++) {
        pthread_join(th[i], NULL);
        CHECK_MSG(jobs[i].hash == jobs[THREADS].hash,
                  "thread %d: other answers than one thread alone", i);
    }
    drop(&t);
}

int main(void)
{
    const char *dir = getenv("GRIDBFS_PLUGIN_DIR");
    char file[4096];
    void *handle, *sym;
    const gridbfs_plugin *(*entry)(void), *p;
    bfs *engine;

    if (!dir || !*dir) {
        fprintf(stderr, "swap_exact.c: set GRIDBFS_PLUGIN_DIR to the folder "
                        "of the built plugins\n");
        return 1;
    }
    snprintf(file, sizeof file, "%s/swap-adjacent.so", dir);
    if (!(handle = dlopen(file, RTLD_NOW | RTLD_LOCAL)) ||
        !(sym = dlsym(handle, GRIDBFS_ENTRY_NAME))) {
        fprintf(stderr, "swap_exact.c: cannot load %s: %s\n", file, dlerror());
        return 1;
    }
    memcpy(&entry, &sym, sizeof entry); /* POSIX: object to function */
    p = entry();
    if (!p->solve) {
        fprintf(stderr, "swap_exact.c: %s offers no solve()\n", file);
        return 1;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_by_hand(p);
    /* every target from sampled starts; the P1225 rule gets the most */
    test_all_targets(p, 4, 4, 0, 0, 50, 1225);
    for (int a = 1; a < 4; a++)
        test_all_targets(p, 4, 4, a & 1, a >> 1, 12, 2015 + (uint64_t)a);
    /* odd shapes, where the torus folds onto itself */
    static const int shapes[][2] = {{1, 1}, {1, 5}, {2, 2},  {2, 5}, {3, 3},
                                    {3, 4}, {4, 3}, {1, 16}, {2, 8}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int a = 0; a < 4; a++)
            test_all_targets(p, shapes[s][0], shapes[s][1], a & 1, a >> 1, 4,
                             7 * s + (uint64_t)a);
    /* random puzzles against the core's BFS, up to 5x5; then big boards
     * against the min-cost flow (8x8 with 32 ones: the timing to watch) */
    engine = bfs_new();
    for (int a = 0; a < 4; a++) {
        int e = a & 1, w = a >> 1;

        test_random(p, engine, 3, 3, e, w, -1, 300, 33 + (uint64_t)a);
        test_random(p, engine, 3, 4, e, w, -1, 300, 34 + (uint64_t)a);
        test_random(p, engine, 4, 4, e, w, -1, 300, 44 + (uint64_t)a);
        test_random(p, engine, 5, 5, e, w, -1, 8, 55 + (uint64_t)a);
        test_random(p, NULL, 8, 8, e, w, 32, a ? 200 : 2000, 88 + (uint64_t)a);
        test_random(p, NULL, 8, 8, e, w, -1, 200, 89 + (uint64_t)a);
        test_random(p, NULL, 16, 16, e, w, -1, 20, 16 + (uint64_t)a);
        test_random(p, NULL, 32, 32, e, w, a ? 160 : 512, 1, 32 + (uint64_t)a);
    }
    bfs_free(engine);
    test_random(p, NULL, 7, 13, 0, 1, -1, 50, 713);
    test_random(p, NULL, 32, 5, 1, 0, -1, 50, 325);
    test_threads(p);
    return check_done();
}
