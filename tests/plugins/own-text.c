/*
 * own-text.c - a toggle rule (tests/plugins/toggle.h: one move a cell,
 * goal all 0) that writes its own judge text, which depends on the number
 * of moves alone (GRIDBFS_TEXT_BY_COUNT): "presses: N", then with the
 * path one "press K" line a move.  For the checker, which must accept the
 * text a run writes (README, "Checking answers").
 */
#include <stdint.h>
#include <stdio.h>

#include "toggle.h"

static int own_create(const gridbfs_param *given, size_t n, gridbfs_rule *rule,
                      gridbfs_error *err)
{
    int rc = create(given, n, rule, err);
    rule->flags |= GRIDBFS_TEXT_BY_COUNT;
    return rc;
}

static int own_judge_text(const void *inst, const uint16_t *moves, size_t n,
                          int with_path, char *buf, size_t cap)
{
    (void)inst;
    size_t len = 0;
    int w = snprintf(buf, cap, "presses: %zu\n", n);
    for (size_t i = 0; w >= 0 && (size_t)w < cap - len; i++) {
        len += (size_t)w;
        if (!with_path || !moves || i == n)
            return (int)len;
        w = snprintf(buf + len, cap - len, "press %u\n", moves[i] + 1u);
    }
    return -1;
}

static const gridbfs_plugin table = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "own-text",
    .summary = "toggle one cell a move, in words of its own",
    .params = params,
    .create = own_create,
    .destroy = destroy,
    .goals = goal_all_zero,
    .expand = expand,
    .move_text = move_text,
    .judge_text = own_judge_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
