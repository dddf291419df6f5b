/*
 * toggle.h - a tiny working rule shared by the ABI test plugins: each move
 * toggles one cell ('1'/'0'), goal all 0, so the answer is the number of
 * 1-cells.  Any size RxC of at most 64 cells.  Its goals and destroy
 * operations are goal_all_zero and destroy, from stubs.h.  A parameter
 * pattern, 1 to 64 of 0 and 1, is checked and ignored: a layout that reads
 * each case's pattern has 2^64 values to draw from, where the built-in
 * rules' most is timus1122's 512.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <gridbfs/plugin.h>

#include "stubs.h"

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err)
{
    unsigned r = 0, c = 0;
    for (size_t i = 0; i < nparams; i++) {
        const char *v = params[i].value;
        if (strcmp(params[i].key, "size") == 0 &&
            (sscanf(v, "%ux%u", &r, &c) != 2 || r < 1 || c < 1 || r * c > 64)) {
            refuse(err, (long)i, "size: expected RxC of 64 cells");
            return -1;
        }
        if (strcmp(params[i].key, "pattern") == 0 &&
            (!*v || strlen(v) > 64 || v[strspn(v, "01")])) {
            refuse(err, (long)i, "pattern: expected 1 to 64 of 0 and 1");
            return -1;
        }
    }
    rule->inst = (void *)(uintptr_t)(r * c); /* all it needs: the cells */
    rule->rows = r;
    rule->cols = c;
    toggle_fields(rule, r * c);
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

static const gridbfs_param_doc params[] = {
    {"size", "4x4", "board size RxC, at most 64 cells"},
    {"pattern", "0", "1 to 64 of 0 and 1, ignored"},
    {NULL, NULL, NULL},
};

/* The operations above, for the table of each toggle plugin. */
#define TOGGLE_OPS                                                             \
    .params = params, .create = create, .destroy = destroy,                    \
    .goals = goal_all_zero, .expand = expand, .move_text = move_text
