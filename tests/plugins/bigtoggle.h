/*
 * bigtoggle.h - a working rule on boards of any size up to 32x32, shared
 * by the test plugins of --show's replay (tests/show.bats): move m = r *
 * cols + c toggles cell (r, c) alone, printed "r c" (1-based), goal all 0;
 * its exact solver presses every 1-cell in increasing order, so boards of
 * more than 64 cells are answered.  It takes the size from rule->rows and
 * rule->cols (ABI 1.2).  A plugin adds its table with BIGTOGGLE_TABLE.
 */
#include <stdint.h>
#include <stdio.h>

#include "stubs.h"

static const gridbfs_param_doc big_params[] = {
    {"size", "4x4", "board size RxC, up to 32x32"},
    {NULL, NULL, NULL},
};

static int big_create(const gridbfs_param *params, size_t nparams,
                      gridbfs_rule *rule, gridbfs_error *err)
{
    (void)params, (void)nparams;
    if (rule->abi < ((uint32_t)1 << 16 | 2)) {
        refuse(err, -1, "needs plugin ABI 1.2");
        return -1;
    }
    rule->inst = (void *)(uintptr_t)rule->cols;
    toggle_fields(rule, rule->rows * rule->cols);
    return 0;
}

/* Boards of at most 64 cells: a move is one bit of the state. */
static void big_expand(const void *inst, uint64_t state, uint64_t *next)
{
    (void)inst;
    for (uint32_t m = 0; m < 64; m++)
        next[m] = state ^ (uint64_t)1 << m; /* past the board: never asked */
}

static int big_move_text(const void *inst, uint32_t move, int style, char *buf,
                         size_t cap)
{
    unsigned cols = (unsigned)(uintptr_t)inst;
    int n =
        snprintf(buf, cap, style == GRIDBFS_MOVE_COMPACT ? "%u,%u" : "%u %u",
                 move / cols + 1, move % cols + 1);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static int big_solve(const void *inst, const gridbfs_board *boards,
                     uint16_t *moves, size_t cap, size_t *len,
                     gridbfs_error *err)
{
    (void)inst, (void)err;
    *len = 0;
    for (uint32_t k = 0; k < GRIDBFS_BOARD_WORDS * 64; k++)
        if (boards[0].w[k / 64] >> (k % 64) & 1) {
            if (*len < cap)
                moves[*len] = (uint16_t)k;
            ++*len;
        }
    return *len > cap ? GRIDBFS_TOO_LONG : GRIDBFS_SOLVED;
}

/* ABI 1.3's apply(): move's cell toggled, on any board size. */
static __attribute__((unused)) void big_apply(const void *inst,
                                              const gridbfs_board *board,
                                              uint32_t move, gridbfs_board *out)
{
    (void)inst;
    *out = *board;
    out->w[move / 64] ^= (uint64_t)1 << (move % 64);
}

/* The table: the ABI and size it claims, the summary, and apply. */
#define BIGTOGGLE_TABLE(abi_, size_, name_, summary_, apply_)                  \
    static const gridbfs_plugin table = {                                      \
        .abi = (abi_),                                                         \
        .size = (size_),                                                       \
        .name = (name_),                                                       \
        .summary = (summary_),                                                 \
        .params = big_params,                                                  \
        .create = big_create,                                                  \
        .destroy = destroy,                                                    \
        .goals = goal_all_zero,                                                \
        .expand = big_expand,                                                  \
        .move_text = big_move_text,                                            \
        .solve = big_solve,                                                    \
        .apply = (apply_),                                                     \
    };                                                                         \
    const gridbfs_plugin *GRIDBFS_ENTRY(void)                                  \
    {                                                                          \
        return &table;                                                         \
    }
