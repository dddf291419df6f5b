/*
 * rotate.c - a rule whose moves are not their own inverses, with a fixed
 * goal: for the tests of how the core searches such a rule (never from
 * the goals with these moves), against tests/ref/rotateref.c.
 *
 * '1' and '0' cells.  Move r < rows turns row r one cell to the right
 * (the last cell comes round to the first); move rows + c turns column c
 * one cell down (the bottom cell comes round to the top).  Undoing a move
 * takes cols - 1 (or rows - 1) more of it.  The goal, the same for every
 * puzzle (GRIDBFS_FIXED_GOAL, not GRIDBFS_INVOLUTIVE): the top row's
 * first two cells and the second row's first cell set, the rest clear
 * ("1100/1000/0000" at 3x4).  Judge text "row 2" / "col 3", compact
 * "r2" / "c3".  Any size of 2x2 to 64 cells.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <gridbfs/plugin.h>

#include "stubs.h"

#define ROTATE_MIN_ABI ((uint32_t)1 << 16 | 2) /* rows and cols set */

/* The instance is the size itself: rows in the high half, cols low. */
#define ROWS(inst) ((uint32_t)((uintptr_t)(inst) >> 16))
#define COLS(inst) ((uint32_t)((uintptr_t)(inst)&0xffff))

static int rotate_create(const gridbfs_param *params, size_t nparams,
                         gridbfs_rule *rule, gridbfs_error *err)
{
    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "size") != 0) {
            refuse(err, (long)i, "unknown parameter");
            return -1;
        }
    if (rule->abi < ROTATE_MIN_ABI || rule->rows < 2 || rule->cols < 2 ||
        rule->rows * rule->cols > 64) {
        refuse(err, -1, "size: expected 2x2 to 64 cells");
        return -1;
    }
    rule->inst = (void *)(uintptr_t)(rule->rows << 16 | rule->cols);
    rule->one = '1';
    rule->zero = '0';
    rule->boards = 1;
    rule->moves = rule->rows + rule->cols;
    rule->flags = GRIDBFS_FIXED_GOAL;
    return 0;
}

static uint32_t rotate_goals(const void *inst, const gridbfs_board *boards,
                             uint64_t *out, uint32_t max)
{
    (void)boards;
    if (max > 0)
        out[0] = 3 | (uint64_t)1 << COLS(inst);
    return 1;
}

/* Cell (r, c) of state: 0 or 1. */
static uint64_t cell(uint64_t state, uint32_t cols, uint32_t r, uint32_t c)
{
    return state >> (r * cols + c) & 1;
}

static void rotate_expand(const void *inst, uint64_t state, uint64_t *next)
{
    uint32_t rows = ROWS(inst), cols = COLS(inst);
    for (uint32_t m = 0; m < rows + cols; m++) {
        uint64_t s = state;
        for (uint32_t k = 0; k < (m < rows ? cols : rows); k++) {
            /* the cell k of the line, and the one that moves into it */
            uint32_t r = m < rows ? m : k, c = m < rows ? k : m - rows;
            uint32_t from_r = m < rows ? r : (r + rows - 1) % rows;
            uint32_t from_c = m < rows ? (c + cols - 1) % cols : c;
            uint64_t bit = (uint64_t)1 << (r * cols + c);
            s = (s & ~bit) |
                (cell(state, cols, from_r, from_c) << (r * cols + c));
        }
        next[m] = s;
    }
}

static int rotate_move_text(const void *inst, uint32_t move, int style,
                            char *buf, size_t cap)
{
    uint32_t rows = ROWS(inst);
    int row = move < rows, n;
    unsigned k = row ? move + 1 : move - rows + 1;
    if (move >= rows + COLS(inst))
        return -1;
    if (style == GRIDBFS_MOVE_JUDGE)
        n = snprintf(buf, cap, "%s %u", row ? "row" : "col", k);
    else
        n = snprintf(buf, cap, "%c%u", row ? 'r' : 'c', k);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static const gridbfs_param_doc rotate_params[] = {
    {"size", "3x4", "board size RxC, 2x2 to 64 cells"},
    {NULL, NULL, NULL},
};

static const gridbfs_plugin table = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "rotate",
    .summary = "turn a row right or a column down, round, to a fixed goal",
    .params = rotate_params,
    .create = rotate_create,
    .destroy = destroy,
    .goals = rotate_goals,
    .expand = rotate_expand,
    .move_text = rotate_move_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
