/* The big toggle rule as built for ABI 1.2: its table ends before apply()
   (here poisoned: the core must not read past the table's size), so --show
   replays its moves on boards of at most 64 cells only. */
#include <stddef.h>
#include <stdlib.h>

#include "bigtoggle.h"

static void poisoned_apply(const void *inst, const gridbfs_board *board,
                           uint32_t move, gridbfs_board *out)
{
    (void)inst, (void)board, (void)move, (void)out;
    abort();
}

BIGTOGGLE_TABLE((uint32_t)1 << 16 | 2, offsetof(gridbfs_plugin, apply),
                "toggle-old",
                "toggle one cell a move, up to 32x32 (built for ABI 1.2)",
                poisoned_apply)
