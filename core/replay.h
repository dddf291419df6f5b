/*
 * replay.h - moves replayed on a board, through the rule's plugin alone:
 * the one place that turns a move id into the board it makes, for --show
 * (each move drawn) and --check (a contestant's moves followed to see
 * where they lead).  Nothing rule-specific is here.
 *
 * An ABI 1 plugin's boards of at most 64 cells are replayed with its
 * expand(); others with apply() (ABI 1.3 and 2), when it offers one.
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
 * *out = *board after move (0 .. in->rule.moves-1) of in's rule (out may
 * be board, to replay in place).  Returns 0; 1 when the move does not
 * apply to *board (*out is *board: a sliding tile's move past the edge);
 * or -1 when the plugin cannot replay a move at this board size (more
 * than 64 cells and no apply()) or broke its contract (a cell set outside
 * the board): the caller says which rule could not be replayed.
 */
int replay_move(const rule_inst *in, const gridbfs_grid *board, uint32_t move,
                gridbfs_grid *out);

/* Whether replay_move() can replay in's rule at its size: a board that
   is a key, or a plugin with apply(). */
int replay_possible(const rule_inst *in);

/*
 * A rule instance's moves by their judge text (move_text() in
 * GRIDBFS_MOVE_JUDGE), for --check: built once per instance, found by
 * hash.  replay_moves_new() pairs with replay_moves_free(); the table
 * copies what it needs and does not keep in.
 */
typedef struct replay_moves replay_moves;

replay_moves *replay_moves_new(const rule_inst *in);
void replay_moves_free(replay_moves *t);

/*
 * The move whose judge text is text[0..len-1] as words (text_words()),
 * or -1: none is.  Where two moves have the same text, the lower one.
 */
long replay_moves_find(const replay_moves *t, const char *text, size_t len);

#endif /* GRIDBFS_REPLAY_H */
