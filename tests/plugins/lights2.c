/*
 * lights2.c - Lights Out written natively against ABI 2, for the tests: a
 * press flips its cell and its four neighbours (no wrap), goal all 0, on
 * any RxC of at most 64 cells, symbols '0' and '1'.  It offers no exact
 * solver, so the core searches it; its answers must be flipref's, and its
 * presses ("r c", 1-based) must replay there.  Its key is the board's one
 * word (dense below 64 cells); each press is its own inverse.
 *
 * A parameter `breach` makes it break one part of the ABI 2 contract, so
 * that the core's refusal can be tested: `symbols` (two equal), `bits`
 * (key_bits past 64), `dense` (DENSE with no states), `expand` (a key
 * off the board) or `stay` (a reported move that stays).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gridbfs/plugin.h>

#include "stubs.h"

typedef struct lights {
    uint32_t rows, cols;
    uint64_t press[64]; /* the cells each press flips */
    char breach[16];
} lights;

static const gridbfs_param_doc lights_params[] = {
    {"breach", "", "break one part of the contract (see the source)"},
    {"size", "4x4", "board size RxC, at most 64 cells"},
    {NULL, NULL, NULL},
};

static uint32_t inverse(const void *inst, uint32_t move)
{
    (void)inst;
    return move;
}

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule2 *rule, gridbfs_error *err)
{
    lights *l = calloc(1, sizeof *l);
    if (!l) {
        refuse(err, -1, "out of memory");
        return -1;
    }
    l->rows = rule->rows;
    l->cols = rule->cols;
    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "breach") == 0)
            snprintf(l->breach, sizeof l->breach, "%s", params[i].value);
    uint32_t cells = l->rows * l->cols;
    if (cells > 64) {
        free(l);
        refuse(err, (long)nparams - 1, "size: at most 64 cells");
        return -1;
    }
    for (uint32_t r = 0; r < l->rows; r++)
        for (uint32_t c = 0; c < l->cols; c++) {
            uint64_t bit = (uint64_t)1 << (r * l->cols + c), p = bit;
            if (r > 0)
                p |= bit >> l->cols;
            if (r + 1 < l->rows)
                p |= bit << l->cols;
            if (c > 0)
                p |= bit >> 1;
            if (c + 1 < l->cols)
                p |= bit << 1;
            l->press[r * l->cols + c] = p;
        }
    rule->inst = l;
    rule->symbols = strcmp(l->breach, "symbols") == 0 ? "00" : "01";
    rule->boards = 1;
    rule->moves = cells;
    rule->flags = GRIDBFS2_REVERSIBLE | GRIDBFS2_FIXED_GOAL | GRIDBFS2_LINEAR;
    rule->key_bits = strcmp(l->breach, "bits") == 0 ? 65 : cells;
    if (cells < 64) { /* 2^64 keys are more than states can say */
        rule->flags |= GRIDBFS2_DENSE;
        rule->states = (uint64_t)1 << cells;
    }
    if (strcmp(l->breach, "dense") == 0)
        rule->states = 0;
    return 0;
}

static void destroy_lights(void *inst)
{
    free(inst);
}

static uint64_t key(const void *inst, const gridbfs_grid *board)
{
    (void)inst;
    return board->w[0];
}

static void board(const void *inst, uint64_t k, gridbfs_grid *out)
{
    (void)inst;
    out->w[0] = k;
}

static uint32_t goals(const void *inst, const gridbfs_grid *boards,
                      uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards, (void)max;
    out[0] = 0;
    return 1;
}

static int is_goal(const void *inst, const gridbfs_grid *boards,
                   const gridbfs_grid *b)
{
    (void)inst, (void)boards;
    return b->w[0] == 0;
}

static uint32_t expand(const void *inst, uint64_t k, uint32_t *moves,
                       uint64_t *next)
{
    const lights *l = inst;
    uint32_t cells = l->rows * l->cols;
    for (uint32_t m = 0; m < cells; m++) {
        moves[m] = m;
        next[m] = k ^ l->press[m];
    }
    if (strcmp(l->breach, "expand") == 0 && cells < 64)
        next[0] = (uint64_t)1 << cells;
    if (strcmp(l->breach, "stay") == 0)
        next[0] = k;
    return cells;
}

static int apply(const void *inst, const gridbfs_grid *b, uint32_t move,
                 gridbfs_grid *out)
{
    const lights *l = inst;
    out->w[0] = b->w[0] ^ l->press[move];
    return 1;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    const lights *l = inst;
    unsigned r = move / l->cols + 1, c = move % l->cols + 1;
    int n = style == GRIDBFS_MOVE_COMPACT ? snprintf(buf, cap, "%u,%u", r, c)
                                          : snprintf(buf, cap, "%u %u", r, c);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static gridbfs_plugin2 table = {
    .abi = GRIDBFS_ABI2,
    .size = sizeof(gridbfs_plugin2),
    .name = "lights2",
    .summary = "Lights Out in ABI 2 (for the tests)",
    .params = lights_params,
    .create = create,
    .destroy = destroy_lights,
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
