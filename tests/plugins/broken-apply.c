/* The big toggle rule with an apply() that breaks its contract: it sets a
   cell past the board.  --show must say so, never draw it. */
#include "bigtoggle.h"

static void off_board(const void *inst, const gridbfs_board *board,
                      uint32_t move, gridbfs_board *out)
{
    big_apply(inst, board, move, out);
    out->w[GRIDBFS_BOARD_WORDS - 1] |= (uint64_t)1 << 63;
}

BIGTOGGLE_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "broken-apply",
                "toggle one cell a move; apply() sets a cell off the board",
                off_board)
