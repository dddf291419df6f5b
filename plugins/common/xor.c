/*
 * xor.c - the XOR-mask rule kit: masks, successors, move text and the
 * GF(2) exact solver shared by flip-neighbors and flip-lines.  See xor.h.
 */
#include "xor.h"

#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf2.h"
#include "params.h"

struct xor_rule {
    uint32_t rows, cols;
    enum xor_goal goal;
    int matrix;
    uint32_t max_nullity;
    uint32_t nfixed; /* the goals when goal is not XOR_GOAL_TARGET */
    uint64_t fixed[2];
    gf2_sys *gf2; /* the press matrix A, eliminated */
    int ones_ok;  /* some press set flips every cell: ones_x */
    uint64_t ones_x[GF2_MAX_WORDS];
    uint32_t nw;     /* words a mask takes: GF2_WORDS(rows * cols) */
    uint64_t mask[]; /* rows * cols moves: the cells each press flips,
                        move m's at mask[m * nw] (one word on boards of
                        at most 64 cells, for expand()) */
};

/* v = the board of n cells, all set. */
static void all_ones(uint32_t n, uint64_t v[GF2_MAX_WORDS])
{
    memset(v, 0, GF2_MAX_WORDS * sizeof *v);
    for (uint32_t w = 0; w < n / 64; w++)
        v[w] = ~(uint64_t)0;
    if (n % 64)
        v[n / 64] = ((uint64_t)1 << (n % 64)) - 1;
}

/*
 * Ask spec for every move's mask into x->mask (kept for expand() and
 * apply()), then build and eliminate the press matrix (row q: the presses
 * that flip cell q) and find the press set that flips every cell, if one
 * exists.  0 or -1 when out of memory.
 */
static int build(struct xor_rule *x, const xor_spec *spec)
{
    uint32_t n = spec->rows * spec->cols, nw = GF2_WORDS(n);
    uint64_t *rows = calloc((size_t)n * nw, sizeof *rows);
    uint64_t ones[GF2_MAX_WORDS];

    if (!rows)
        goto out;
    x->nw = nw;
    for (uint32_t p = 0; p < n; p++) {
        const uint64_t *m = x->mask + (size_t)p * nw;

        spec->mask(spec->ctx, p, x->mask + (size_t)p * nw);
        for (uint32_t w = 0; w < nw; w++)
            for (uint64_t bits = m[w]; bits; bits &= bits - 1) {
                uint32_t q = w * 64 + (uint32_t)__builtin_ctzll(bits);

                assert(q < n);
                rows[(size_t)q * nw + p / 64] |= (uint64_t)1 << (p % 64);
            }
    }
    x->gf2 = gf2_new(n, rows);
    if (x->gf2) {
        all_ones(n, ones);
        x->ones_ok = gf2_solve(x->gf2, ones, x->ones_x) == 0;
    }
out:
    free(rows);
    return x->gf2 ? 0 : -1;
}

void xor_destroy(void *inst)
{
    struct xor_rule *x = inst;

    if (x)
        gf2_free(x->gf2);
    free(x);
}

int xor_create(const xor_spec *spec, gridbfs_rule *rule, gridbfs_error *err)
{
    uint32_t cells = spec->rows * spec->cols;
    int small = cells <= GRIDBFS_SEARCH_CELLS;
    struct xor_rule *x;

    assert(spec->max_nullity <= XOR_NULLITY_CEILING);
    x = calloc(1, sizeof *x +
                      (size_t)cells * GF2_WORDS(cells) * sizeof x->mask[0]);
    if (!x || build(x, spec) < 0) {
        xor_destroy(x);
        return param_fail(err, -1, "%s: out of memory", spec->name);
    }
    x->rows = spec->rows;
    x->cols = spec->cols;
    x->goal = spec->goal;
    x->matrix = spec->matrix;
    x->max_nullity = spec->max_nullity;
    if (small) {
        uint64_t full = cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << cells) - 1;

        x->fixed[0] = spec->goal == XOR_GOAL_ON ? full : 0;
        x->fixed[1] = full;
        x->nfixed = spec->goal == XOR_GOAL_UNIFORM ? 2 : 1;
    }
    rule->inst = x;
    rule->rows = spec->rows;
    rule->cols = spec->cols;
    rule->boards = spec->goal == XOR_GOAL_TARGET ? 2 : 1;
    rule->moves = cells;
    rule->flags = GRIDBFS_INVOLUTIVE | GRIDBFS_XOR_MOVES |
                  (x->matrix ? 0 : GRIDBFS_TEXT_BY_COUNT);
    if (spec->goal != XOR_GOAL_TARGET)
        rule->flags |= GRIDBFS_FIXED_GOAL;
    return 0;
}

/* ---- ABI 1's operations, which the xor2_ ones below speak through ---- */

/* The goal states: uniform {all 0, all 1}, off {all 0}, on {all 1}, target
   {boards[1]}.  Writes at most max of them; returns how many it wrote. */
static uint32_t xor_goals(const void *inst, const gridbfs_board *boards,
                          uint64_t *out, uint32_t max)
{
    const struct xor_rule *x = inst;
    uint32_t n = 0;

    if (x->goal == XOR_GOAL_TARGET) {
        if (!boards || max < 1)
            return 0;
        out[0] = boards[1].w[0];
        return 1;
    }
    for (; n < x->nfixed && n < max; n++)
        out[n] = x->fixed[n];
    return n;
}

/* next[m] = state with move m's cells flipped, for every move m. */
static void xor_expand(const void *inst, uint64_t state, uint64_t *next)
{
    const struct xor_rule *x = inst;
    const uint32_t moves = x->rows * x->cols;

    for (uint32_t m = 0; m < moves; m++)
        next[m] = state ^ x->mask[m];
}

/* *out = *board with move's cells flipped; *board when there is no such
   move. */
static void xor_apply(const void *inst, const gridbfs_board *board,
                      uint32_t move, gridbfs_board *out)
{
    const struct xor_rule *x = inst;

    *out = *board;
    if (move >= x->rows * x->cols)
        return;
    for (uint32_t w = 0; w < x->nw; w++)
        out->w[w] ^= x->mask[(size_t)move * x->nw + w];
}

int xor_move_text_at(uint32_t rows, uint32_t cols, uint32_t move, int style,
                     char *buf, size_t cap)
{
    unsigned r = move / cols + 1, c = move % cols + 1;
    int n;

    if (move >= rows * cols || !buf || cap == 0 ||
        (style != GRIDBFS_MOVE_JUDGE && style != GRIDBFS_MOVE_COMPACT))
        return -1;
    n = snprintf(buf, cap, style == GRIDBFS_MOVE_JUDGE ? "%u %u" : "%u,%u", r,
                 c);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

/* ---- the exact solver ---- */

/*
 * The lightest press set in x0 + null(A) (+ ones_x for goal uniform: the
 * other goal), ties broken by the rule's style, into best; its weight.
 * The nullity must be within max_nullity.
 */
static uint32_t lightest(const struct xor_rule *x, const uint64_t *x0,
                         uint64_t *best)
{
    const uint64_t *basis[XOR_NULLITY_CEILING + 1];
    const uint64_t *kernel = gf2_kernel(x->gf2);
    uint32_t k = gf2_nullity(x->gf2), nw = GF2_WORDS(x->rows * x->cols);

    assert(k <= x->max_nullity && x->max_nullity <= XOR_NULLITY_CEILING);
    for (uint32_t i = 0; i < k; i++)
        basis[i] = kernel + (size_t)i * nw;
    if (x->goal == XOR_GOAL_UNIFORM && x->ones_ok)
        basis[k++] = x->ones_x;
    return gf2_min_coset(nw, x0, basis, k,
                         x->matrix ? GF2_LEAST_STRING : GF2_LEAST_LIST, best);
}

/*
 * A shortest press set for the puzzle boards[0..] (see xor.h): the
 * presses in increasing order.  Impossible is decided before the nullity
 * is checked, so it is answered past max_nullity too.
 */
static int xor_solve(const void *inst, const gridbfs_board *boards,
                     uint16_t *moves, size_t cap, size_t *len,
                     gridbfs_error *err)
{
    const struct xor_rule *x = inst;
    uint32_t n = x->rows * x->cols, nw = GF2_WORDS(n), k = 0;
    uint64_t ones[GF2_MAX_WORDS], b[GF2_MAX_WORDS], sol[GF2_MAX_WORDS];

    all_ones(n, ones);
    for (uint32_t w = 0; w < nw; w++) {
        uint64_t goal = x->goal == XOR_GOAL_ON       ? ones[w]
                        : x->goal == XOR_GOAL_TARGET ? boards[1].w[w]
                                                     : 0;
        b[w] = (boards[0].w[w] ^ goal) & ones[w];
    }
    if (gf2_solve(x->gf2, b, sol) < 0) {
        if (x->goal != XOR_GOAL_UNIFORM)
            return GRIDBFS_IMPOSSIBLE;
        for (uint32_t w = 0; w < nw; w++)
            b[w] ^= ones[w]; /* the all-1 goal */
        if (gf2_solve(x->gf2, b, sol) < 0)
            return GRIDBFS_IMPOSSIBLE;
    }
    if (gf2_nullity(x->gf2) > x->max_nullity) {
        param_fail(err, -1,
                   "null space of dimension %" PRIu32 " is over the bound "
                   "%" PRIu32 " (max_nullity)",
                   gf2_nullity(x->gf2), x->max_nullity);
        return GRIDBFS_REFUSED;
    }
    *len = lightest(x, sol, b);
    if (*len > cap)
        return GRIDBFS_TOO_LONG;
    for (uint32_t w = 0; w < nw; w++)
        for (uint64_t bits = b[w]; bits; bits &= bits - 1)
            moves[k++] = (uint16_t)(w * 64 + (uint32_t)__builtin_ctzll(bits));
    assert(k == *len);
    return GRIDBFS_SOLVED;
}

/*
 * The press matrix of the press set moves[0..n-1] (every move < R * C):
 * R lines of C '0'/'1' joined by spaces.  The set is first replaced by the
 * least matrix among the lightest sets of the same puzzle (all of them lie
 * in its coset), so the text does not depend on which engine found the
 * set; past max_nullity the set is printed as given.  Length, or -1.
 */
static int matrix_text(const struct xor_rule *x, const uint16_t *moves,
                       size_t n, char *buf, size_t cap)
{
    uint32_t cells = x->rows * x->cols;
    uint64_t set[GF2_MAX_WORDS] = {0}, best[GF2_MAX_WORDS];
    size_t len = (size_t)cells * 2;

    if (len >= cap)
        return -1;
    for (size_t i = 0; i < n; i++)
        set[moves[i] / 64] ^= (uint64_t)1 << (moves[i] % 64);
    if (gf2_nullity(x->gf2) <= x->max_nullity)
        lightest(x, set, best);
    else
        memcpy(best, set, sizeof best);
    for (uint32_t k = 0; k < cells; k++) {
        buf[2 * k] = (char)('0' + (best[k / 64] >> (k % 64) & 1));
        buf[2 * k + 1] = (k + 1) % x->cols != 0 ? ' ' : '\n';
    }
    buf[len] = '\0';
    return (int)len;
}

/*
 * A matrix needs the presses: given none for a non-zero count, or a press
 * that does not exist, it falls back to the default text too.
 */
/* ---- ABI 2 ---- */

static void to_board(const gridbfs_grid *g, gridbfs_board *b)
{
    size_t n = gridbfs_grid_words(g->rows, g->cols, 1);
    memset(b, 0, sizeof *b);
    memcpy(b->w, g->w, n * sizeof *g->w);
}

static const gridbfs_board *to_boards(const struct xor_rule *x,
                                      const gridbfs_grid *g, gridbfs_board b[2])
{
    to_board(&g[0], &b[0]);
    if (x->goal == XOR_GOAL_TARGET)
        to_board(&g[1], &b[1]);
    return b;
}

uint64_t xor2_key(const void *inst, const gridbfs_grid *board)
{
    (void)inst;
    return board->w[0];
}

void xor2_board(const void *inst, uint64_t key, gridbfs_grid *out)
{
    (void)inst;
    out->w[0] = key;
}

uint32_t xor2_goals(const void *inst, const gridbfs_grid *boards, uint64_t *out,
                    uint32_t max)
{
    gridbfs_board b[2];
    return xor_goals(inst, boards ? to_boards(inst, boards, b) : NULL, out,
                     max);
}

uint32_t xor2_expand(const void *inst, uint64_t key, uint32_t *moves,
                     uint64_t *next)
{
    const struct xor_rule *x = inst;
    uint32_t n = 0;
    xor_expand(inst, key, next);
    for (uint32_t m = 0; m < x->rows * x->cols; m++) /* in place: n <= m */
        if (next[m] != key) {
            moves[n] = m;
            next[n++] = next[m];
        }
    return n;
}

int xor2_apply(const void *inst, const gridbfs_grid *board, uint32_t move,
               gridbfs_grid *out)
{
    gridbfs_board from, to;
    to_board(board, &from);
    xor_apply(inst, &from, move, &to);
    if (memcmp(&from, &to, sizeof from) == 0)
        return 0;
    memcpy(out->w, to.w,
           gridbfs_grid_words(board->rows, board->cols, 1) * sizeof *out->w);
    return 1;
}

int xor2_solve(const void *inst, const gridbfs_grid *boards, uint32_t *moves,
               size_t cap, size_t *len, gridbfs_error *err)
{
    gridbfs_board b[2];
    uint16_t ids[GRIDBFS_MAX_MOVES];
    int st =
        xor_solve(inst, to_boards(inst, boards, b), cap ? ids : NULL,
                  cap < GRIDBFS_MAX_MOVES ? cap : GRIDBFS_MAX_MOVES, len, err);
    for (size_t i = 0; st == GRIDBFS_SOLVED && i < *len; i++)
        moves[i] = ids[i];
    return st;
}

int xor2_matrix_text(const void *inst, const uint32_t *moves, size_t n,
                     const gridbfs_writer *out)
{
    const struct xor_rule *x = inst;
    uint64_t set[GRIDBFS_BOARD_WORDS] = {0};
    uint16_t ids[GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE];
    char text[2 * GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE + 1];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        set[moves[i] / 64] ^= (uint64_t)1 << (moves[i] % 64);
    for (uint32_t q = 0; q < x->rows * x->cols; q++)
        if (set[q / 64] >> (q % 64) & 1)
            ids[m++] = (uint16_t)q;
    int len = matrix_text(x, ids, m, text, sizeof text);
    return len < 0 ? -1 : out->write(out->ctx, text, (size_t)len);
}

int xor_count_text(uint32_t rows, uint32_t cols, const uint32_t *moves,
                   size_t n, int with_path, const gridbfs_writer *out)
{
    char line[48];
    int len = snprintf(line, sizeof line, "%zu\n", n);
    if (out->write(out->ctx, line, (size_t)len) < 0)
        return -1;
    for (size_t i = 0; with_path && moves && i < n; i++) {
        len = xor_move_text_at(rows, cols, moves[i], GRIDBFS_MOVE_JUDGE, line,
                               sizeof line - 1);
        if (len < 0)
            len = snprintf(line, sizeof line, "?");
        line[len++] = '\n';
        if (out->write(out->ctx, line, (size_t)len) < 0)
            return -1;
    }
    return 0;
}
