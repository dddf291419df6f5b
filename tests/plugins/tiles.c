/*
 * tiles.c - sliding tiles in ABI 2 for the tests of --census and
 * --generate: an R x C board (R * C from 2 to 9) of the tiles 1 .. R*C-1
 * and a blank, '0'; a move slides the tile next to the blank into it,
 * named by the way the blank goes (u, d, l, r: moves 0 to 3, each undone
 * by its opposite).  Goal: the tiles in order, the blank last (slideref's
 * default).  Its keys are DENSE, the Lehmer rank of the board's
 * permutation, 0 .. (R*C)! - 1: far fewer states than boards of its R*C
 * symbols, so the core must number its states by key and draw every board
 * through board().  Half the states cannot reach the goal.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gridbfs/plugin.h>

#include "stubs.h"

#define MAX_CELLS 9

typedef struct tiles {
    uint32_t rows, cols, cells;
    char symbols[MAX_CELLS + 1];
} tiles;

static const gridbfs_param_doc tiles_params[] = {
    {"size", "2x3", "board size RxC, 2 to 9 cells"},
    {NULL, NULL, NULL},
};

static uint64_t factorial(uint32_t n)
{
    uint64_t f = 1;
    for (uint32_t i = 2; i <= n; i++)
        f *= i;
    return f;
}

/* The Lehmer rank of the permutation p[0..n-1] (below n! whatever p). */
static uint64_t rank_of(const uint32_t *p, uint32_t n)
{
    uint64_t r = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t smaller = 0;
        for (uint32_t j = i + 1; j < n; j++)
            smaller += p[j] < p[i];
        r = r * (n - i) + smaller;
    }
    return r;
}

static void unrank(uint64_t r, uint32_t n, uint32_t *p)
{
    uint32_t digit[MAX_CELLS], used[MAX_CELLS] = {0};
    for (uint32_t i = n; i-- > 0;) {
        digit[i] = (uint32_t)(r % (n - i));
        r /= n - i;
    }
    for (uint32_t i = 0; i < n; i++) { /* the digit[i]-th unused value */
        uint32_t v = 0, skip = digit[i];
        for (;; v++) {
            if (used[v])
                continue;
            if (skip == 0)
                break;
            skip--;
        }
        used[v] = 1;
        p[i] = v;
    }
}

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule2 *rule, gridbfs_error *err)
{
    (void)params, (void)nparams;
    uint32_t cells = rule->rows * rule->cols;
    if (cells < 2 || cells > MAX_CELLS) {
        refuse(err, (long)nparams - 1, "size: 2 to 9 cells");
        return -1;
    }
    tiles *t = calloc(1, sizeof *t);
    if (!t) {
        refuse(err, -1, "out of memory");
        return -1;
    }
    t->rows = rule->rows;
    t->cols = rule->cols;
    t->cells = cells;
    for (uint32_t i = 0; i < cells; i++)
        t->symbols[i] = (char)('0' + i);
    rule->inst = t;
    rule->symbols = t->symbols;
    rule->boards = 1;
    rule->moves = 4;
    rule->flags = GRIDBFS2_FIXED_GOAL | GRIDBFS2_REVERSIBLE | GRIDBFS2_DENSE;
    rule->states = factorial(cells);
    uint32_t kb = 1;
    while ((uint64_t)1 << kb < rule->states)
        kb++;
    rule->key_bits = kb;
    return 0;
}

static void destroy_tiles(void *inst)
{
    free(inst);
}

static uint64_t key(const void *inst, const gridbfs_grid *board)
{
    const tiles *t = inst;
    uint32_t p[MAX_CELLS];
    for (uint32_t c = 0; c < t->cells; c++)
        p[c] = gridbfs_grid_get(board, c);
    return rank_of(p, t->cells);
}

static void board(const void *inst, uint64_t k, gridbfs_grid *out)
{
    const tiles *t = inst;
    uint32_t p[MAX_CELLS];
    unrank(k, t->cells, p);
    memset(out->w, 0,
           gridbfs_grid_words(out->rows, out->cols, out->bits) *
               sizeof *out->w);
    for (uint32_t c = 0; c < t->cells; c++)
        gridbfs_grid_set(out, c, p[c]);
}

/* The goal: tiles 1 .. n-1 in order, the blank last. */
static void goal_of(const tiles *t, uint32_t *p)
{
    for (uint32_t c = 0; c < t->cells; c++)
        p[c] = (c + 1) % t->cells;
}

static uint32_t goals(const void *inst, const gridbfs_grid *boards,
                      uint64_t *out, uint32_t max)
{
    const tiles *t = inst;
    uint32_t p[MAX_CELLS];
    (void)boards, (void)max;
    goal_of(t, p);
    out[0] = rank_of(p, t->cells);
    return 1;
}

static int is_goal(const void *inst, const gridbfs_grid *boards,
                   const gridbfs_grid *b)
{
    const tiles *t = inst;
    (void)boards;
    for (uint32_t c = 0; c < t->cells; c++)
        if (gridbfs_grid_get(b, c) != (c + 1) % t->cells)
            return 0;
    return 1;
}

/* Move m (u, d, l, r of the blank) on p, in place; 0 when it cannot. */
static int slide(const tiles *t, uint32_t *p, uint32_t m)
{
    uint32_t at = 0;
    while (at < t->cells && p[at] != 0)
        at++;
    if (at == t->cells)
        return 0;
    uint32_t r = at / t->cols, c = at % t->cols, to;
    if (m == 0 && r > 0)
        to = at - t->cols;
    else if (m == 1 && r + 1 < t->rows)
        to = at + t->cols;
    else if (m == 2 && c > 0)
        to = at - 1;
    else if (m == 3 && c + 1 < t->cols)
        to = at + 1;
    else
        return 0;
    p[at] = p[to];
    p[to] = 0;
    return 1;
}

static uint32_t expand(const void *inst, uint64_t k, uint32_t *moves,
                       uint64_t *next)
{
    const tiles *t = inst;
    uint32_t p[MAX_CELLS], q[MAX_CELLS], n = 0;
    unrank(k, t->cells, p);
    for (uint32_t m = 0; m < 4; m++) {
        memcpy(q, p, sizeof q);
        if (slide(t, q, m)) {
            moves[n] = m;
            next[n++] = rank_of(q, t->cells);
        }
    }
    return n;
}

static int apply(const void *inst, const gridbfs_grid *b, uint32_t move,
                 gridbfs_grid *out)
{
    const tiles *t = inst;
    uint32_t p[MAX_CELLS];
    for (uint32_t c = 0; c < t->cells; c++)
        p[c] = gridbfs_grid_get(b, c);
    if (!slide(t, p, move))
        return 0;
    for (uint32_t c = 0; c < t->cells; c++)
        gridbfs_grid_set(out, c, p[c]);
    return 1;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    (void)inst, (void)style;
    if (cap < 2 || move > 3)
        return -1;
    buf[0] = "udlr"[move];
    buf[1] = '\0';
    return 1;
}

static uint32_t inverse(const void *inst, uint32_t move)
{
    (void)inst;
    return move ^ 1; /* u and d, l and r */
}

static gridbfs_plugin2 table = {
    .abi = GRIDBFS_ABI2,
    .size = sizeof(gridbfs_plugin2),
    .name = "tiles",
    .summary = "sliding tiles, dense permutation keys (for the tests)",
    .params = tiles_params,
    .create = create,
    .destroy = destroy_tiles,
    .key = key,
    .board = board,
    .goals = goals,
    .is_goal = is_goal,
    .expand = expand,
    .apply = apply,
    .move_text = move_text,
    .inverse = inverse,
};

GRIDBFS_EXPORT const gridbfs_plugin2 *GRIDBFS_ENTRY2(void)
{
    return &table;
}
