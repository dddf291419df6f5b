/*
 * budget.h - how limits.memory is split, so that an answer never depends
 * on -j or on what the other threads were doing (README, "Limits").
 *
 * Out of limits.memory M come: the chunks in flight (at most M/8, run.c),
 * the threads' stacks (at most M/8, thread.c), the workspaces kept
 * between searches (M/16 in all, parked), the distance tables (the
 * tables' share, set aside), and what is left is the search share: the
 * most one search may hold.  A search that needs more than the search share
 * ends as `limit`, at every -j.  A search that is stopped below it because
 * other searches held the memory is run again alone: every other search waits,
 * and then the search share is surely there to take (what the others keep is
 * parked, in its own share).  So whether a search fits is decided by M
 * alone, and its answer is the same at every -j and in every run.
 *
 * Ownership: budget_split() pairs with budget_unsplit().
 */
#ifndef GRIDBFS_BUDGET_H
#define GRIDBFS_BUDGET_H

#include <stddef.h>

#include "util.h"

/*
 * Set up mem for limits.memory cap (0: no limit), and tables as the share
 * of it set aside for every distance table (at most half of what stacks,
 * chunks and parked workspaces leave, and at most twice table_memory: a
 * table for fixed goals and the cache of target tables), leaving the rest
 * as one search's share.  A table is built or refused by its own size
 * against that share, never by what the share holds (table.h's shelf).
 */
void budget_split(membudget *mem, membudget *tables, size_t cap,
                  size_t table_memory);
void budget_unsplit(membudget *mem);

/* Park n bytes an idle workspace keeps: 0, or -1 (and nothing parked)
   when the parked share is full: the workspace gives them back instead. */
int budget_park(membudget *m, size_t n);
void budget_unpark(membudget *m, size_t n);

/* Around one search: it runs beside others.  No waiting inside. */
void budget_enter(membudget *m);
void budget_leave(membudget *m);
/* Around one search run alone: begin waits until no other search runs,
   and holds new ones back until end.  Not inside enter/leave. */
void budget_solo_begin(membudget *m);
void budget_solo_end(membudget *m);

#endif /* GRIDBFS_BUDGET_H */
