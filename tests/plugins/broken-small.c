/* A 16-byte table: refused before any operation in it is read. */
#include <gridbfs/plugin.h>

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err)
{
    (void)params, (void)nparams, (void)rule, (void)err;
    return -1;
}

static void destroy(void *inst)
{
    (void)inst;
}

static uint32_t goals(const void *inst, const gridbfs_board *boards,
                      uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards, (void)out, (void)max;
    return 0;
}

static void expand(const void *inst, uint64_t state, uint64_t *next)
{
    (void)inst, (void)state, (void)next;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    (void)inst, (void)move, (void)style, (void)buf, (void)cap;
    return -1;
}

static const gridbfs_param_doc params[] = {{NULL, NULL, NULL}};

static const gridbfs_plugin table = {
    .abi = (uint32_t)1 << 16, /* ABI 1.0 */
    .size = 16,
    .name = "broken-small",
    .summary = "a broken plugin for the loader's tests",
    .params = params,
    .create = create,
    .destroy = destroy,
    .goals = goals,
    .expand = expand,
    .move_text = move_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
