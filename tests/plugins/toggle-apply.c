/* The big toggle rule for ABI 1.3, with apply(): --show replays its moves
   on boards of any size. */
#include "bigtoggle.h"

BIGTOGGLE_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "toggle-apply",
                "toggle one cell a move, up to 32x32, with apply() (ABI 1.3)",
                big_apply)
