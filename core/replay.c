/*
 * replay.c - moves replayed on a board through the plugin.  See replay.h.
 */
#include <string.h>

#include "replay.h"

int replay_possible(const rule_inst *in)
{
    return in->rule.rows * in->rule.cols <= GRIDBFS_SEARCH_CELLS ||
           in->plugin->ops->apply;
}

/* Whether b has a cell set past the board's cells. */
static int off_board(const gridbfs_board *b, uint32_t cells)
{
    for (uint32_t w = cells / 64; w < GRIDBFS_BOARD_WORDS; w++) {
        uint64_t outside = w > cells / 64 || cells % 64 == 0
                               ? ~(uint64_t)0
                               : ~(uint64_t)0 << (cells % 64);
        if (b->w[w] & outside)
            return 1;
    }
    return 0;
}

int replay_move(const rule_inst *in, const gridbfs_board *board, uint32_t move,
                gridbfs_board *out)
{
    uint32_t cells = in->rule.rows * in->rule.cols;
    uint64_t next[GRIDBFS_MAX_MOVES];

    if (move >= in->rule.moves || !replay_possible(in))
        return -1;
    if (cells > GRIDBFS_SEARCH_CELLS) {
        memset(out, 0, sizeof *out);
        in->plugin->ops->apply(in->rule.inst, board, move, out);
        return off_board(out, cells) ? -1 : 0;
    }
    in->plugin->ops->expand(in->rule.inst, board->w[0], next);
    if (cells < 64 && next[move] >> cells)
        return -1;
    memset(out, 0, sizeof *out);
    out->w[0] = next[move];
    return 0;
}
