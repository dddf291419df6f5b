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
 * A drawing is long (one 32x32 swap record of 2 KB draws 17 MB), so it
 * is never held whole: a worker checks that the moves replay and queues
 * the record's boards and path (show_queue_add()), and the writer draws
 * it board by board into the output as it writes (show_queue_write()).
 *
 * Ownership: every pointer is borrowed for the call, but a queue's items
 * keep their rule instance, which must live until the queue is written.
 * Safe on any thread, one queue a thread at a time.
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
               const gridbfs_grid *boards, const uint32_t *path, size_t n,
               strbuf *sb, char *msg);

/* Whether path[0..n-1] (NULL: none found) can be drawn on boards: 0, or
   -1 with why in msg, as show_write() would say it. */
int show_check(const rule_inst *in, const gridbfs_grid *boards,
               const uint32_t *path, size_t n, char *msg);

/* The drawings of a chunk of results, queued for the writer.  Zero
   initialised is empty. */
typedef struct show_item show_item;
typedef struct show_queue {
    show_item *items;
    size_t n, cap;
    uint32_t *moves; /* every item's path, back to back */
    size_t nmoves, moves_cap;
    uint64_t *words; /* every item's boards, back to back */
    size_t nwords, words_cap;
    size_t drawn; /* items written out */
} show_queue;

/* Queue the drawing of a record that show_check() passed, to go at byte
   at of the results' text (after its answer). */
void show_queue_add(show_queue *q, size_t at, const rule_inst *in,
                    const gridbfs_grid *boards, const uint32_t *path, size_t n);
/* Write text[from..to-1] to out with q's drawings in their places, each
   drawn as it is written: those not yet written that go at or before
   byte to.  The text is written in order, from 0, in one call or more.
   0, or -1 on a write error (errno set). */
int show_queue_write(show_queue *q, enum show_mode mode, const char *text,
                     size_t from, size_t to, FILE *out);
/* The bytes q holds, and q emptied (keeping them) or freed. */
size_t show_queue_bytes(const show_queue *q);
void show_queue_clear(show_queue *q);
void show_queue_free(show_queue *q);

#endif /* GRIDBFS_SHOW_H */
