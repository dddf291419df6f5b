/*
 * flip-lines - changing a handle changes its whole row and column
 * (POJ 2965 The Pilots Brothers' refrigerator).
 *
 * Move m = r * cols + c changes handle (r, c) and every other handle in
 * row r and in column c; the handle itself changes once.  The goal is every
 * handle open: all cells 0 (by default '+' is closed = 1, '-' open = 0).
 * Every move is its own inverse and the goal does not depend on the puzzle.
 *
 * The instance is immutable after create(): one mask per move, precomputed
 * for boards of at most 64 cells (larger boards are not searched).
 */
#include <gridbfs/plugin.h>

#include <stdio.h>
#include <stdlib.h>

#include "../common/params.h"

enum { P_SIZE, P_CELLS, P_COUNT };

/* Indexed by P_*: the known keys and their defaults, shown by --list-rules. */
static const gridbfs_param_doc lines_params[P_COUNT + 1] = {
    {"size", "4x4", "board size RxC, 1..32 rows and columns"},
    {"cells", "+-", "the character for 1 (closed), then the one for 0 (open)"},
    {NULL, NULL, NULL},
};

struct lines {
    uint32_t rows, cols;
    uint64_t mask[]; /* rows * cols moves when <= 64 cells, else none */
};

/* The cells changing handle (r, c) changes: its row and its column. */
static uint64_t press_mask(uint32_t rows, uint32_t cols, uint32_t r, uint32_t c)
{
    uint64_t mask = 0;

    for (uint32_t k = 0; k < cols; k++)
        mask |= (uint64_t)1 << (r * cols + k);
    for (uint32_t k = 0; k < rows; k++)
        mask |= (uint64_t)1 << (k * cols + c);
    return mask;
}

/* Validate params and build the instance (freed by lines_destroy). */
static int lines_create(const gridbfs_param *params, size_t nparams,
                        gridbfs_rule *rule, gridbfs_error *err)
{
    const char *val[P_COUNT];
    long at[P_COUNT];
    uint32_t rows, cols, cells;
    char one, zero;
    struct lines *l;

    if (param_collect(lines_params, P_COUNT, params, nparams, val, at, err) < 0)
        return -1;
    if (param_size(val[P_SIZE], &rows, &cols) < 0)
        return param_refuse(err, at[P_SIZE], "size", PARAM_SIZE_EXPECTED,
                            val[P_SIZE]);
    if (param_cells(val[P_CELLS], &one, &zero) < 0)
        return param_refuse(err, at[P_CELLS], "cells", PARAM_CELLS_EXPECTED,
                            val[P_CELLS]);
    cells = rows * cols;
    l = calloc(1, sizeof *l + (cells <= GRIDBFS_SEARCH_CELLS ? cells : 0) *
                                  sizeof l->mask[0]);
    if (!l)
        return param_fail(err, -1, "flip-lines: out of memory");
    l->rows = rows;
    l->cols = cols;
    if (cells <= GRIDBFS_SEARCH_CELLS)
        for (uint32_t m = 0; m < cells; m++)
            l->mask[m] = press_mask(rows, cols, m / cols, m % cols);
    rule->inst = l;
    rule->rows = rows;
    rule->cols = cols;
    rule->one = one;
    rule->zero = zero;
    rule->boards = 1;
    rule->moves = cells;
    rule->flags = GRIDBFS_INVOLUTIVE | GRIDBFS_FIXED_GOAL;
    return 0;
}

static void lines_destroy(void *inst)
{
    free(inst);
}

/* The one goal: every handle open (all 0), whatever the puzzle. */
static uint32_t lines_goals(const void *inst, const gridbfs_board *boards,
                            uint64_t *out, uint32_t max)
{
    (void)inst;
    (void)boards;
    if (max < 1)
        return 0;
    out[0] = 0;
    return 1;
}

/* next[m] = state with move m's row and column changed, for every m. */
static void lines_expand(const void *inst, uint64_t state, uint64_t *next)
{
    const struct lines *l = inst;
    const uint32_t moves = l->rows * l->cols;

    for (uint32_t m = 0; m < moves; m++)
        next[m] = state ^ l->mask[m];
}

/* Move m as "i j" (judge) or "i,j" (compact), 1-based.  Length or -1. */
static int lines_move_text(const void *inst, uint32_t move, int style,
                           char *buf, size_t cap)
{
    const struct lines *l = inst;
    unsigned r = move / l->cols + 1, c = move % l->cols + 1;
    int n;

    if (move >= l->rows * l->cols || !buf || cap == 0 ||
        (style != GRIDBFS_MOVE_JUDGE && style != GRIDBFS_MOVE_COMPACT))
        return -1;
    n = snprintf(buf, cap, style == GRIDBFS_MOVE_JUDGE ? "%u %u" : "%u,%u", r,
                 c);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static const gridbfs_plugin lines_plugin = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "flip-lines",
    .summary = "change a cell to change its whole row and column (POJ 2965 "
               "Pilots Brothers' refrigerator)",
    .params = lines_params,
    .create = lines_create,
    .destroy = lines_destroy,
    .goals = lines_goals,
    .expand = lines_expand,
    .move_text = lines_move_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &lines_plugin;
}
