/* Valid, but create() always refuses 'size': exercises parameter errors. */
#include <string.h>

#include <gridbfs/plugin.h>

static void refuse(gridbfs_error *err, long param, const char *msg)
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

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err)
{
    long size = -1;
    (void)rule;
    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "size") == 0)
            size = (long)i;
    refuse(err, size, "always refuses 'size'");
    return -1;
}

static void destroy(void *inst)
{
    (void)inst;
}

static uint32_t goals(const void *inst, const gridbfs_board *boards,
                      uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards;
    if (max > 0)
        out[0] = 0;
    return 1;
}

static void expand(const void *inst, uint64_t state, uint64_t *next)
{
    (void)inst;
    next[0] = state;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    (void)inst, (void)move, (void)style;
    if (cap < 2)
        return -1;
    memcpy(buf, "1", 2);
    return 1;
}

static const gridbfs_param_doc params[] = {
    {"size", "4x4", "board size, RxC (always refused)"},
    {NULL, NULL, NULL},
};

static const gridbfs_plugin table = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "broken-params",
    .summary = "refuses every parameter set (for the tests)",
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
