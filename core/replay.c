/*
 * replay.c - moves replayed on a board through the plugin.  See replay.h.
 */
#include <string.h>

#include "replay.h"

int replay_possible(const rule_inst *in)
{
    return in->rule.rows * in->rule.cols <= GRIDBFS_SEARCH_CELLS;
}

int replay_move(const rule_inst *in, const gridbfs_board *board, uint32_t move,
                gridbfs_board *out)
{
    uint32_t cells = in->rule.rows * in->rule.cols;
    uint64_t next[GRIDBFS_MAX_MOVES];

    if (move >= in->rule.moves || !replay_possible(in))
        return -1;
    in->plugin->ops->expand(in->rule.inst, board->w[0], next);
    if (cells < 64 && next[move] >> cells)
        return -1;
    memset(out, 0, sizeof *out);
    out->w[0] = next[move];
    return 0;
}
