/*
 * replay.h - moves replayed on a board, through the rule's plugin alone:
 * the one place that turns a move id into the board it makes, for --show
 * (each move drawn) and --check (a contestant's moves followed to see
 * where they lead).  Nothing rule-specific is here.
 *
 * Boards of at most 64 cells are replayed with the plugin's expand();
 * bigger ones with its apply() (ABI 1.3), when it offers one.
 *
 * Ownership: every pointer is borrowed for the call.  Safe to call from
 * several threads on one rule instance, as expand() is.
 */
#ifndef GRIDBFS_REPLAY_H
#define GRIDBFS_REPLAY_H

#include <stdint.h>

#include <gridbfs/plugin.h>

#include "rules.h"

/*
 * *out = *board after move (0 .. in->rule.moves-1) of in's rule; *out is
 * *board itself when the move does not apply.  Returns 0, or -1 when the
 * plugin cannot replay a move at this board size (more than 64 cells and
 * no apply()) or broke its contract (a cell set outside the board): the
 * caller says which rule could not be replayed.
 */
int replay_move(const rule_inst *in, const gridbfs_board *board, uint32_t move,
                gridbfs_board *out);

/* Whether replay_move() can replay in's rule at its size: at most 64
   cells, or a plugin with apply(). */
int replay_possible(const rule_inst *in);

#endif /* GRIDBFS_REPLAY_H */
