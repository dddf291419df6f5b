/*
 * flip-lines - changing a handle changes its whole row and column
 * (POJ 2965 The Pilots Brothers' refrigerator; BZOJ 3517 with goal
 * uniform).
 *
 * Move m = r * cols + c changes handle (r, c) and every other handle in
 * row r and in column c; the handle itself changes once.  The goal is every
 * handle open, all cells 0 (by default '+' is closed = 1, '-' open = 0), or
 * with goal uniform every cell the same, either colour.  Every move is its
 * own inverse and the goal does not depend on the puzzle.
 *
 * Exact solver (solve(), any size up to 32x32; ties: the least list of
 * moves, the path the core's distance table walks), successors and move
 * text: the XOR rule kit's, see ../common/xor.h.  This file parses the
 * parameters and says which cells each move changes.
 */
#include <gridbfs/plugin.h>

#include <stdint.h>

#include "../common/params.h"
#include "../common/xor.h"

enum { P_SIZE, P_CELLS, P_GOAL, P_MAX_NULLITY, P_COUNT };

/* Indexed by P_*: the known keys and their defaults, shown by --list-rules. */
static const gridbfs_param_doc lines_params[P_COUNT + 1] = {
    {"size", "4x4", "board size RxC, 1..32 rows and columns"},
    {"cells", "+-", "the character for 1 (closed), then the one for 0 (open)"},
    {"goal", "off",
     "off (every handle open, all 0) or uniform (all cells "
     "equal, either colour)"},
    XOR_NULLITY_DOC,
    {NULL, NULL, NULL},
};

/* The cells changing handle m changes, its row and its column, in mask. */
static void lines_mask(const void *ctx, uint32_t m, uint64_t *mask)
{
    const uint32_t *size = ctx, rows = size[0], cols = size[1];
    uint32_t r = m / cols, c = m % cols;

    for (uint32_t k = r * cols; k < (r + 1) * cols; k++)
        mask[k / 64] |= (uint64_t)1 << (k % 64);
    for (uint32_t k = c; k < rows * cols; k += cols)
        mask[k / 64] |= (uint64_t)1 << (k % 64);
}

/* Validate params and build the instance (freed by xor_destroy). */
static int lines_create(const gridbfs_param *params, size_t nparams,
                        gridbfs_rule *rule, gridbfs_error *err)
{
    static const char *const goals[] = {"off", "uniform", NULL};
    static const enum xor_goal goal_of[] = {XOR_GOAL_OFF, XOR_GOAL_UNIFORM};
    const char *val[P_COUNT];
    long at[P_COUNT];
    uint32_t size[2] = {rule->rows, rule->cols};
    int goal;
    char one, zero;
    xor_spec spec = {.mask = lines_mask, .ctx = size, .name = "flip-lines"};

    if (param_size(rule, err) < 0 ||
        param_collect(lines_params, P_COUNT, params, nparams, val, at, err) < 0)
        return -1;
    if (param_cells(val[P_CELLS], &one, &zero) < 0)
        return param_refuse(err, at[P_CELLS], "cells", PARAM_CELLS_EXPECTED,
                            val[P_CELLS]);
    if ((goal = param_pick(val[P_GOAL], goals)) < 0)
        return param_refuse(err, at[P_GOAL], "goal", "off or uniform",
                            val[P_GOAL]);
    if (param_count(val[P_MAX_NULLITY], XOR_NULLITY_CEILING,
                    &spec.max_nullity) < 0)
        return param_refuse(err, at[P_MAX_NULLITY], "max_nullity",
                            XOR_NULLITY_EXPECTED, val[P_MAX_NULLITY]);
    spec.rows = size[0];
    spec.cols = size[1];
    spec.goal = goal_of[goal];
    if (xor_create(&spec, rule, err) < 0)
        return -1;
    rule->one = one;
    rule->zero = zero;
    return 0;
}

static const gridbfs_plugin lines_plugin = {
    XOR_PLUGIN("flip-lines",
               "change a cell to change its whole row and column (POJ 2965 "
               "Pilots Brothers' refrigerator)",
               lines_params, lines_create),
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &lines_plugin;
}
