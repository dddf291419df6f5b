/* A toggle rule written for ABI 1.2: each move toggles one cell ('1'/'0'),
   goal all 0.  It takes the board size from rule->rows and rule->cols, as
   the core sets them, parses no "size", and documents a default of 1x3,
   which the core must use when no profile, -s or size= gives a size. */
#include <stdint.h>
#include <stdio.h>

#include "stubs.h"

static const gridbfs_param_doc typed_params[] = {
    {"size", "1x3", "board size RxC, at most 64 cells"},
    {NULL, NULL, NULL},
};

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err)
{
    (void)params, (void)nparams;
    if (rule->abi < GRIDBFS_ABI || rule->rows * rule->cols > 64) {
        refuse(err, -1, "needs plugin ABI 1.2 and at most 64 cells");
        return -1;
    }
    rule->inst = (void *)(uintptr_t)(rule->rows * rule->cols);
    toggle_fields(rule, rule->rows * rule->cols);
    return 0;
}

static void expand(const void *inst, uint64_t state, uint64_t *next)
{
    for (uintptr_t m = 0; m < (uintptr_t)inst; m++)
        next[m] = state ^ (uint64_t)1 << m;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    (void)inst, (void)style;
    int n = snprintf(buf, cap, "%u", (unsigned)move + 1);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

PLUGIN_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "typed-size",
             "toggle any cell, sized by the core (for the tests)", typed_params,
             create, goal_all_zero, expand, move_text)
