/*
 * match.c - the exact solver of swap-adjacent, for boards up to 32x32: the
 * fewest swaps by minimum-cost matching, then a swap sequence of exactly
 * that length.
 *
 * The result.  Two-colour token swapping is polynomial (Yamanaka, Horiyama,
 * Kirkpatrick, Otachi, Saitoh, Uehara, Uno, "Swapping Colored Tokens on
 * Graphs", WADS 2015, LNCS 9214): the fewest swaps turning start S into
 * target T (as sets of 1-cells, |S| = |T|) is the cost of a minimum-cost
 * perfect matching of S onto T, a pair costing its distance d in the move
 * graph.  Here d is a formula: the sum of the row and column gaps
 * (Manhattan) in neighbourhood 4, their maximum (Chebyshev) in 8, each gap
 * taken round the torus with wrap (swap_prepare() tabulates them).
 *
 * Why, in short (the construction below is the proof made code):
 *  - Lower bound.  Let M(X) be the matching cost of board X against T.  A
 *    swap of two different adjacent cells moves one token one step, which
 *    changes its distance to any cell by at most 1, so M changes by at most
 *    1 a swap; M(T) = 0, hence every solution has at least M(S) swaps.
 *  - Fewer cells.  Some optimal matching fixes every cell of S ∩ T: if x in
 *    both is matched x -> b and a -> x, matching x -> x and a -> b instead
 *    costs d(a, b) <= d(a, x) + d(x, b).  So only S \ T is matched onto
 *    T \ S: at most min(|S|, cells - |S|) <= 512 cells, never more than
 *    matching the rarer colour would take, and often far fewer.
 *  - Upper bound.  While X != T, pick the lowest target cell t holding a 0
 *    and walk from the token matched to t along a shortest path toward t.
 *    Stepping from x to a neighbour y one closer to t: if y holds a 0, swap
 *    x and y, and the matching cost drops by exactly 1; if y holds a token
 *    matched to t', exchange the two tokens' targets (x -> t', y -> t):
 *    d(x, t') <= 1 + d(y, t') and d(y, t) = d(x, t) - 1, so the cost does
 *    not rise, and follow the token at y.  t itself holds a 0, so the walk
 *    meets a 0 at t at the latest.  Each swap lowers the cost by 1 and
 *    the lower bound says it cannot drop faster, so the matching stays
 *    optimal throughout (an exchange keeps the cost exactly: asserted) and
 *    the swaps number exactly M(S).  Swaps of equal pieces never occur.
 *
 * Everything is deterministic (lowest cells first, a fixed step rule), and
 * nothing touches the instance: the scratch lives on the caller's stack.
 */
#include <assert.h>
#include <limits.h>

#include "../common/params.h"
#include "swap.h"

#define CELLS_MAX (GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE)
#define MATCH_MAX (CELLS_MAX / 2) /* |S \ T| <= min(|S|, cells - |S|) */
#define INF (INT_MAX / 2)         /* above any potential difference */

/* The scratch of one call (about 17 KiB, on the stack). */
struct work {
    const struct swap *s;
    uint32_t k; /* cells matched: |S \ T| = |T \ S| */
    /* Matched cells, in cell order: from[i] in S \ T, to[j] in T \ S, with
     * their rows and columns for the distance tables. */
    uint16_t from[MATCH_MAX], to[MATCH_MAX];
    uint8_t fr[MATCH_MAX], fc[MATCH_MAX], tr[MATCH_MAX], tc[MATCH_MAX];
    /* The Hungarian algorithm's state, 1-based with 0 as a sentinel. */
    int u[MATCH_MAX + 1], v[MATCH_MAX + 1], minv[MATCH_MAX + 1];
    uint16_t p[MATCH_MAX + 1], way[MATCH_MAX + 1];
    unsigned char used[MATCH_MAX + 1];
    /* The construction: mate[x] = the target of the token on cell x (for
     * cells holding a 1); owner[t] = the cell of the token matched to t. */
    uint16_t mate[CELLS_MAX], owner[CELLS_MAX];
    uint64_t cur[GRIDBFS_BOARD_WORDS], tgt[GRIDBFS_BOARD_WORDS];
};

static int has(const uint64_t *b, uint32_t x)
{
    return (int)(b[x / 64] >> (x % 64) & 1);
}

/* The move-graph distance of cells a and b. */
static int dist(const struct swap *s, uint32_t a, uint32_t b)
{
    int dr = s->rgap[s->row[a]][s->row[b]];
    int dc = s->cgap[s->col[a]][s->col[b]];

    return s->eight ? (dr > dc ? dr : dc) : dr + dc;
}

/*
 * The minimum-cost assignment of from[0..k-1] onto to[0..k-1]: the
 * Hungarian algorithm with potentials (Kuhn-Munkres in the shortest
 * augmenting path form), O(k^3).  Leaves p[j] = 1 + the index of the from
 * cell matched with to[j - 1], and returns the cost.
 */
static long hungarian(struct work *w)
{
    const struct swap *s = w->s;
    const uint32_t k = w->k;

    for (uint32_t j = 0; j <= k; j++) {
        w->u[j] = w->v[j] = 0;
        w->p[j] = w->way[j] = 0;
    }
    for (uint32_t i = 1; i <= k; i++) {
        uint32_t j0 = 0, j1;

        w->p[0] = (uint16_t)i;
        for (uint32_t j = 0; j <= k; j++) {
            w->minv[j] = INF;
            w->used[j] = 0;
        }
        do {
            const uint32_t i0 = w->p[j0];
            const uint8_t *rg = s->rgap[w->fr[i0 - 1]];
            const uint8_t *cg = s->cgap[w->fc[i0 - 1]];
            const int ui = w->u[i0];
            int delta = INF;

            w->used[j0] = 1;
            j1 = 0;
            for (uint32_t j = 1; j <= k; j++) {
                int dr, dc, c;

                if (w->used[j])
                    continue;
                dr = rg[w->tr[j - 1]];
                dc = cg[w->tc[j - 1]];
                c = (s->eight ? (dr > dc ? dr : dc) : dr + dc) - ui - w->v[j];
                if (c < w->minv[j]) {
                    w->minv[j] = c;
                    w->way[j] = (uint16_t)j0;
                }
                if (w->minv[j] < delta) {
                    delta = w->minv[j];
                    j1 = j;
                }
            }
            assert(j1 != 0);
            for (uint32_t j = 0; j <= k; j++) {
                if (w->used[j]) {
                    w->u[w->p[j]] += delta;
                    w->v[j] -= delta;
                } else {
                    w->minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (w->p[j0] != 0);
        do { /* augment along the alternating path back to column 0 */
            j1 = w->way[j0];
            w->p[j0] = w->p[j1];
            j0 = j1;
        } while (j0 != 0);
    }

    long cost = 0;

    for (uint32_t j = 1; j <= k; j++)
        cost += dist(s, w->from[w->p[j] - 1], w->to[j - 1]);
    return cost;
}

/* The first step from x toward t on an axis of n, the short way: -1, 0, 1. */
static int toward(uint32_t x, uint32_t t, uint32_t n, int wrap)
{
    if (x == t)
        return 0;
    if (wrap) /* forward when (t - x) mod n is at most half way round */
        return 2 * ((t + n - x) % n) <= n ? 1 : -1;
    return t > x ? 1 : -1;
}

/* The id of the move swapping cells a < b, or SWAP_NO_MOVE. */
static uint16_t move_id(const struct swap *s, uint32_t a, uint32_t b)
{
    uint32_t lo = 0, hi = s->moves;

    while (lo < hi) { /* pairs are sorted by (a, b) */
        uint32_t mid = lo + (hi - lo) / 2;
        const struct pair *q = &s->pair[mid];

        if (q->a == a && q->b == b)
            return (uint16_t)mid;
        if (q->a < a || (q->a == a && q->b < b))
            lo = mid + 1;
        else
            hi = mid;
    }
    return SWAP_NO_MOVE;
}

int swap_prepare(struct swap *s)
{
    uint32_t cells = s->rows * s->cols;

    for (uint32_t x = 0; x < GRIDBFS_MAX_SIDE; x++) {
        for (uint32_t y = 0; y < GRIDBFS_MAX_SIDE; y++) {
            s->rgap[x][y] = (uint8_t)swap_gap(x, y, s->rows, s->wrap);
            s->cgap[x][y] = (uint8_t)swap_gap(x, y, s->cols, s->wrap);
            s->rdir[x][y] = (int8_t)toward(x, y, s->rows, s->wrap);
            s->cdir[x][y] = (int8_t)toward(x, y, s->cols, s->wrap);
        }
    }
    for (uint32_t x = 0; x < cells; x++) {
        int r = (int)(x / s->cols), c = (int)(x % s->cols);
        int rows = (int)s->rows, cols = (int)s->cols;

        s->row[x] = (uint8_t)r;
        s->col[x] = (uint8_t)c;
        for (int d = 0; d < 9; d++) {
            int dr = d / 3 - 1, dc = d % 3 - 1, nr = r + dr, nc = c + dc;
            int off = nr < 0 || nr >= rows || nc < 0 || nc >= cols;
            uint32_t y =
                (uint32_t)((nr + rows) % rows * cols + (nc + cols) % cols);

            s->step[x][d] = SWAP_NO_MOVE;
            if (y == x || (off && !s->wrap) || (dr && dc && !s->eight))
                continue;
            s->step[x][d] = move_id(s, x < y ? x : y, x < y ? y : x);
            if (s->step[x][d] == SWAP_NO_MOVE)
                return -1;
        }
    }
    return 0;
}

/*
 * One step from cell x toward cell t != x along a shortest path: rows first
 * in neighbourhood 4, row and column at once (diagonally) in 8.  Returns
 * the move and sets *y to the neighbour it swaps with.
 */
static uint16_t step(const struct swap *s, uint32_t x, uint32_t t, uint32_t *y)
{
    int dr = s->rdir[s->row[x]][s->row[t]], dc = 0;
    uint16_t m;

    if (s->eight || dr == 0)
        dc = s->cdir[s->col[x]][s->col[t]];
    m = s->step[x][SWAP_DIR(dr, dc)];
    assert(m != SWAP_NO_MOVE);
    *y = s->pair[m].a == x ? s->pair[m].b : s->pair[m].a;
    assert(dist(s, *y, t) + 1 == dist(s, x, t));
    return m;
}

/* The lowest target cell still holding a 0, or -1 when cur = tgt. */
static long open_target(const struct work *w, uint32_t words)
{
    for (uint32_t i = 0; i < words; i++) {
        uint64_t open = w->tgt[i] & ~w->cur[i];

        if (open)
            return (long)(i * 64 + (uint32_t)__builtin_ctzll(open));
    }
    return -1;
}

/*
 * Seat the optimal matching (p[] from hungarian(), identity on S ∩ T) in
 * mate[] and owner[].
 */
static void seat(struct work *w, uint32_t words)
{
    for (uint32_t i = 0; i < words; i++) {
        for (uint64_t both = w->cur[i] & w->tgt[i]; both; both &= both - 1) {
            uint16_t x = (uint16_t)(i * 64 + (uint32_t)__builtin_ctzll(both));

            w->mate[x] = w->owner[x] = x;
        }
    }
    for (uint32_t j = 1; j <= w->k; j++) {
        uint16_t a = w->from[w->p[j] - 1], t = w->to[j - 1];

        w->mate[a] = t;
        w->owner[t] = a;
    }
}

/*
 * Write the swaps into moves (room for all of them) and return how many:
 * the construction of the comment at the top.
 */
static long construct(struct work *w, uint32_t words, uint16_t *moves)
{
    const struct swap *s = w->s;
    long n = 0, t;

    while ((t = open_target(w, words)) >= 0) {
        uint32_t x = w->owner[t];

        for (;;) {
            uint32_t y;
            uint16_t m = step(s, x, (uint32_t)t, &y);

            if (has(w->cur, y)) { /* a token in the way: trade targets */
                uint16_t ty = w->mate[y];

                assert(dist(s, x, ty) + dist(s, y, (uint32_t)t) ==
                       dist(s, x, (uint32_t)t) + dist(s, y, ty));
                w->mate[y] = (uint16_t)t;
                w->owner[t] = (uint16_t)y;
                w->mate[x] = ty;
                w->owner[ty] = (uint16_t)x;
                x = y;
                continue;
            }
            moves[n++] = m;
            w->cur[x / 64] ^= (uint64_t)1 << (x % 64);
            w->cur[y / 64] ^= (uint64_t)1 << (y % 64);
            w->mate[y] = (uint16_t)t;
            w->owner[t] = (uint16_t)y;
            break;
        }
    }
    return n;
}

/*
 * The cost of a least-cost matching when only the count is wanted and at
 * most DP_MAX cells are matched: best[m] is the least cost of matching
 * the first popcount(m) cells of from[] onto the set m of to[]'s, so
 * 2^k k steps, with no setup (the Hungarian algorithm's costs more on
 * these few cells).  The same cost as hungarian(): both are exact.
 */
#define DP_MAX 8
static long dp_cost(const struct work *w)
{
    const struct swap *s = w->s;
    const uint32_t k = w->k;
    int cost[DP_MAX][DP_MAX], best[1u << DP_MAX];

    assert(k <= DP_MAX);
    for (uint32_t i = 0; i < k; i++)
        for (uint32_t j = 0; j < k; j++)
            cost[i][j] = dist(s, w->from[i], w->to[j]);
    best[0] = 0;
    for (uint32_t m = 1; m < 1u << k; m++) {
        uint32_t i = 0, b = m;
        while (b &= b - 1) /* cells of from[] already matched */
            i++;
        int least = INF;
        for (uint32_t left = m; left; left &= left - 1) {
            uint32_t j = (uint32_t)__builtin_ctz(left);
            int c = best[m & ~(1u << j)] + cost[i][j];
            least = c < least ? c : least;
        }
        best[m] = least;
    }
    return best[(1u << k) - 1];
}

/* The number of set bits of b[0..words-1]. */
static uint32_t count(const uint64_t *b, uint32_t words)
{
    uint32_t n = 0;

    for (uint32_t i = 0; i < words; i++)
        n += (uint32_t)__builtin_popcountll(b[i]);
    return n;
}

/*
 * List the cells of a \ b into cell[], row[], col[]; return how many.
 */
static uint32_t only(const struct swap *s, const uint64_t *a, const uint64_t *b,
                     uint32_t words, uint16_t *cell, uint8_t *row, uint8_t *col)
{
    uint32_t n = 0;

    for (uint32_t i = 0; i < words; i++) {
        for (uint64_t d = a[i] & ~b[i]; d; d &= d - 1) {
            uint32_t x = i * 64 + (uint32_t)__builtin_ctzll(d);

            assert(n < MATCH_MAX);
            cell[n] = (uint16_t)x;
            row[n] = s->row[x];
            col[n] = s->col[x];
            n++;
        }
    }
    return n;
}

int swap_solve(const void *inst, const gridbfs_board *boards, uint16_t *moves,
               size_t cap, size_t *len, gridbfs_error *err)
{
    const struct swap *s = inst;
    struct work w;
    uint32_t cells, words;
    long cost, n;

    if (!s || !boards || !len) {
        param_fail(err, -1, "swap-adjacent: solve() called without a puzzle");
        return GRIDBFS_REFUSED;
    }
    *len = 0;
    cells = s->rows * s->cols;
    words = (cells + 63) / 64;
    w.s = s;
    for (uint32_t i = 0; i < words; i++) { /* cells past the board: 0 */
        uint64_t keep = cells - i * 64 >= 64
                            ? ~(uint64_t)0
                            : ((uint64_t)1 << (cells - i * 64)) - 1;

        w.cur[i] = boards[0].w[i] & keep;
        w.tgt[i] = boards[1].w[i] & keep;
    }
    if (count(w.cur, words) != count(w.tgt, words))
        return GRIDBFS_IMPOSSIBLE;
    w.k = only(s, w.cur, w.tgt, words, w.from, w.fr, w.fc);
    if (only(s, w.tgt, w.cur, words, w.to, w.tr, w.tc) != w.k)
        return GRIDBFS_IMPOSSIBLE; /* not reached: the counts are equal */
    cost = !moves && w.k <= DP_MAX ? dp_cost(&w) : hungarian(&w);
    *len = (size_t)cost;
    if ((size_t)cost > cap || (cost > 0 && !moves))
        return GRIDBFS_TOO_LONG;
    seat(&w, words);
    n = construct(&w, words, moves);
    assert(n == cost);
    (void)n;
    return GRIDBFS_SOLVED;
}
