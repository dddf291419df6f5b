/*
 * stubs.h - what the test plugins share: do-nothing operations for the
 * broken plugins, which exist to be refused before any of these is called;
 * refuse(), destroy() and goal_all_zero(), written once for the test rules
 * that do run; and the table with its entry point.
 */
#ifndef GRIDBFS_TESTS_STUBS_H
#define GRIDBFS_TESTS_STUBS_H

#include <string.h>

#include <gridbfs/plugin.h>

/* Not every test plugin uses everything here. */
#define STUB static __attribute__((unused))

/* Refuses without a message: broken-silent counts on that. */
STUB int stub_create(const gridbfs_param *params, size_t nparams,
                     gridbfs_rule *rule, gridbfs_error *err)
{
    (void)params, (void)nparams, (void)rule, (void)err;
    return -1;
}

STUB uint32_t stub_goals(const void *inst, const gridbfs_board *boards,
                         uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards, (void)out, (void)max;
    return 0;
}

STUB void stub_expand(const void *inst, uint64_t state, uint64_t *next)
{
    (void)inst, (void)state, (void)next;
}

STUB int stub_move_text(const void *inst, uint32_t move, int style, char *buf,
                        size_t cap)
{
    (void)inst, (void)move, (void)style, (void)buf, (void)cap;
    return -1;
}

STUB const gridbfs_param_doc stub_params[] = {{NULL, NULL, NULL}};

/* Copies msg into the caller's buffer, cut to fit, and names parameter
   param (-1: none) as the culprit; with no room at all it leaves err be. */
STUB void refuse(gridbfs_error *err, long param, const char *msg)
{
    size_t n = strlen(msg);
    if (err->cap == 0)
        return;
    if (n >= err->cap)
        n = err->cap - 1;
    memcpy(err->text, msg, n);
    err->text[n] = '\0';
    err->param = param;
}

/* What every toggle rule's create() sets (tests/plugins/toggle.h,
   typed-size.c, bigtoggle.h): cells '1' and '0', one board, one move per
   cell, each its own inverse, the goal all 0. */
STUB void toggle_fields(gridbfs_rule *rule, uint32_t cells)
{
    rule->one = '1';
    rule->zero = '0';
    rule->boards = 1;
    rule->moves = cells;
    rule->flags = GRIDBFS_INVOLUTIVE | GRIDBFS_FIXED_GOAL;
}

/* No test rule allocates an instance, so there is nothing to free. */
STUB void destroy(void *inst)
{
    (void)inst;
}

/* One goal, the board of all 0 cells, whatever the boards. */
STUB uint32_t goal_all_zero(const void *inst, const gridbfs_board *boards,
                            uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards;
    if (max > 0)
        out[0] = 0;
    return 1;
}

/* The table of a test plugin, with destroy above, and its entry point. */
#define PLUGIN_TABLE(abi_, size_, name_, summary_, params_, create_, goals_,   \
                     expand_, move_text_)                                      \
    static const gridbfs_plugin table = {                                      \
        .abi = (abi_),                                                         \
        .size = (size_),                                                       \
        .name = (name_),                                                       \
        .summary = (summary_),                                                 \
        .params = (params_),                                                   \
        .create = (create_),                                                   \
        .destroy = destroy,                                                    \
        .goals = (goals_),                                                     \
        .expand = (expand_),                                                   \
        .move_text = (move_text_),                                             \
    };                                                                         \
    const gridbfs_plugin *GRIDBFS_ENTRY(void)                                  \
    {                                                                          \
        return &table;                                                         \
    }

/* The table of a broken plugin: its ABI, size and name, the stubs, and
   expand as given (NULL for the plugin that lacks one). */
#define STUB_TABLE(abi_, size_, name_, expand_)                                \
    PLUGIN_TABLE(abi_, size_, name_, "a broken plugin for the loader's tests", \
                 stub_params, stub_create, stub_goals, expand_,                \
                 stub_move_text)

#endif
