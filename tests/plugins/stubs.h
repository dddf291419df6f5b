/*
 * stubs.h - do-nothing operations for the broken test plugins, which exist
 * to be refused by the loader before any of these is called.
 */
#include <gridbfs/plugin.h>

/* Not every broken plugin uses every stub. */
#define STUB static __attribute__((unused))

STUB int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err)
{
    (void)params, (void)nparams, (void)rule, (void)err;
    return -1;
}

STUB void destroy(void *inst)
{
    (void)inst;
}

STUB uint32_t goals(const void *inst, const gridbfs_board *boards,
                      uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards, (void)out, (void)max;
    return 0;
}

STUB void expand(const void *inst, uint64_t state, uint64_t *next)
{
    (void)inst, (void)state, (void)next;
}

STUB int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    (void)inst, (void)move, (void)style, (void)buf, (void)cap;
    return -1;
}

static const gridbfs_param_doc params[] = {{NULL, NULL, NULL}};

/* The table of a broken plugin: its ABI, size and name, these stubs, and
   expand as given (NULL for the plugin that lacks one). */
#define STUB_TABLE(abi_, size_, name_, expand_)                               \
    static const gridbfs_plugin table = {                                     \
        .abi = (abi_),                                                        \
        .size = (size_),                                                      \
        .name = (name_),                                                      \
        .summary = "a broken plugin for the loader's tests",                  \
        .params = params,                                                     \
        .create = create,                                                     \
        .destroy = destroy,                                                   \
        .goals = goals,                                                       \
        .expand = (expand_),                                                  \
        .move_text = move_text,                                               \
    };                                                                        \
    const gridbfs_plugin *GRIDBFS_ENTRY(void)                                 \
    {                                                                         \
        return &table;                                                        \
    }
