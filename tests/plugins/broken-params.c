/* Valid, but create() always refuses 'size': exercises parameter errors. */
#include <string.h>

#include "stubs.h"

/* The one parameter it knows, documented for --list-rules. */
static const gridbfs_param_doc size_doc[] = {
    {"size", "4x4", "board size, RxC (always refused)"},
    {NULL, NULL, NULL},
};

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

/* create() never makes a rule, so no other operation is ever called. */
PLUGIN_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "broken-params",
             "refuses every parameter set (for the tests)", size_doc, create,
             stub_goals, stub_expand, stub_move_text)
