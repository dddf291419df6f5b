/*
 * show.h - --show: a solved record drawn move by move (README, "Showing a
 * solution"): the start board, then each move's judge text and the board
 * after it with the cells it changed marked, then "solved in N moves".
 * The boards come from replaying the path through the rule's plugin
 * (replay.h), so nothing rule-specific is here.
 *
 * A cell is two columns: a mark, '*' before a changed cell and ' ' before
 * any other, then the cell's character; highlighted, a changed cell is
 * also drawn in reverse video, so the text without its escape codes is
 * the plain drawing.
 *
 * Ownership: every pointer is borrowed for the call.  Nothing here keeps
 * state: safe on any thread, as the workers format their own records.
 */
#ifndef GRIDBFS_SHOW_H
#define GRIDBFS_SHOW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <gridbfs/plugin.h>

#include "rules.h"
#include "util.h"

enum show_mode {
    SHOW_OFF,      /* no --show */
    SHOW_PLAIN,    /* marks only: text that diff can compare */
    SHOW_HIGHLIGHT /* marks and ANSI reverse video, for a terminal */
};

/*
 * The mode --show draws in when writing to out: SHOW_HIGHLIGHT on a
 * terminal, unless the environment's NO_COLOR is set and not empty
 * (no-color.org); else SHOW_PLAIN.
 */
enum show_mode show_mode_for(FILE *out);

/*
 * Append to sb the drawing of a solved puzzle: boards[0..in->rule.boards-1]
 * as parse_record() packed them (the start, and the target when there are
 * two), and path[0..n-1], one shortest sequence from the start (NULL: no
 * path was found).  Returns 0; or -1 when the moves cannot be replayed
 * (no path, the plugin offers no way at this board size, or it broke its
 * contract), with why in msg (RULES_MSG_MAX bytes, no file or line) and
 * one line saying so in sb instead of the moves.  Each drawing ends with
 * a blank line.
 */
int show_write(enum show_mode mode, const rule_inst *in,
               const gridbfs_board *boards, const uint16_t *path, size_t n,
               strbuf *sb, char *msg);

#endif /* GRIDBFS_SHOW_H */
