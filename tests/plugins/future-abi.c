/* A plugin built against a later minor ABI (1.9) whose table has grown past
   what this gridbfs knows: it loads, and the fields the core knows work. */
#include "toggle.h"

static const struct {
    gridbfs_plugin known;
    void *appended_later[4];
} table = {
    .known =
        {
            .abi = (uint32_t)1 << 16 | 9, /* ABI 1.9 */
            .size = sizeof(gridbfs_plugin) + 4 * sizeof(void *),
            .name = "future-abi",
            .summary = "toggle one cell a move (built for ABI 1.9)",
            TOGGLE_OPS,
        },
    .appended_later = {NULL, NULL, NULL, NULL},
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table.known;
}
