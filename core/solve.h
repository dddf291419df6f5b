/*
 * solve.h - answering one record's boards with its rule: the engine
 * choice (a distance table, the target-table cache, a search, or the
 * plugin's exact solver; README, "Engines") and the dispatch to it.
 *
 * Ownership: a result's path and message are borrowed: the path from the
 * workspace b until the next call with it, the message from the caller's
 * msg buffer.
 */
#ifndef GRIDBFS_SOLVE_H
#define GRIDBFS_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "bfs.h"
#include "rules.h"

/* What became of a record (the status field of CSV and JSON Lines). */
enum rec_status { ST_SOLVED, ST_IMPOSSIBLE, ST_INVALID, ST_LIMIT, ST_COUNT };

typedef struct solve_result {
    enum rec_status status;
    uint64_t moves;       /* when solved */
    const uint32_t *path; /* one shortest sequence, when asked for */
    size_t npath;
    const char *message; /* why invalid or limit, else NULL */
} solve_result;

/* in's rule as the search engine and the tables see it. */
bfs_rule solve_engine_rule(const rule_inst *in);

/*
 * The goal states of the puzzle boards (packed by parse_record(); not
 * passed on to a rule with GRIDBFS_FIXED_GOAL) from in's plugin, into
 * goals[0..GRIDBFS_MAX_GOALS-1]: returns how many (0: none can be
 * reached), or -1 when the plugin broke its contract (too many goals, or
 * one off the board), with why in msg (RULES_MSG_MAX bytes).  The one
 * check of goals(), for solving and --census alike.
 */
int solve_goals(const rule_inst *in, const gridbfs_grid *boards,
                uint64_t *goals, char *msg);

/*
 * What solving keeps of in, made once when in is created (rules.c, after
 * its engine is planned): where the exact solver's paths are checked and
 * its moves are XORs (GRIDBFS_XOR_MOVES, at most 64 cells), each move's
 * mask, from one expand(), and the fixed goals, so that a path costs its
 * XORs and a look-up, not an expand() a move (README, "What is checked of
 * a plugin's answers").
 */
void solve_prepare(rule_inst *in);

/*
 * Solve boards (packed by parse_record()) with in.  Safe to call from
 * several threads, each with its own workspace b; msg is RULES_MSG_MAX
 * bytes for the message.
 */
solve_result solve_record(rule_inst *in, const gridbfs_grid *boards, bfs *b,
                          char *msg);

#endif /* GRIDBFS_SOLVE_H */
