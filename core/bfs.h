/*
 * bfs.h - the shared search engine: breadth-first search over states of at
 * most 64 cells, one uint64_t each, with the rule's moves from its plugin.
 *
 * bfs_solve() answers one puzzle with one search: from both ends at once
 * (the start and the goal set) when every move is its own inverse, else
 * from the start.  The visited set grows with the states met, up to
 * max_states.  The same input gives the same path, every run.  (table.h
 * answers rules whose goal set is fixed from one table instead.)
 *
 * Ownership: bfs_new() pairs with bfs_free().  A bfs workspace is reused
 * across puzzles by one thread, and holds the path of its last answer.
 */
#ifndef GRIDBFS_BFS_H
#define GRIDBFS_BFS_H

#include <stddef.h>
#include <stdint.h>

#include <gridbfs/plugin.h>

#include "util.h"

/* The rule as the engine sees it. */
typedef struct bfs_rule {
    const gridbfs_plugin *ops;
    const void *inst;
    uint32_t moves;
    uint32_t cells; /* rows * cols, at most 64 */
    int involutive;
} bfs_rule;

enum bfs_status {
    BFS_FOUND, /* path holds a shortest move sequence */
    BFS_NONE,  /* no goal can be reached */
    BFS_LIMIT, /* max_states were visited without an answer */
    BFS_FAULT  /* the plugin broke its contract (fault_move says where) */
};

typedef struct bfs_answer {
    enum bfs_status status;
    const uint16_t *path; /* moves start to goal, owned by the engine */
    size_t len;           /* the number of moves (path may be NULL) */
    uint32_t fault_move;
    uint64_t visited;  /* states a search visited */
    int out_of_memory; /* BFS_LIMIT: the memory budget ran out first */
} bfs_answer;

typedef struct bfs bfs;

bfs *bfs_new(void);
void bfs_free(bfs *b);
/* Take what b grows by from m (NULL, as a new workspace has: no budget).
   A search that would pass one search's share of it (budget.h) ends with
   BFS_LIMIT and out_of_memory; one that finds the budget held by other
   searches first runs again alone, so the answer is the same at any -j.
   After its search, a workspace parks what it holds in the budget's
   share for idle workspaces, or gives it back (past 16 MiB, or when that
   share is full). */
void bfs_set_budget(bfs *b, membudget *m);

/*
 * A shortest move sequence from start to any of goals[0..ngoals-1],
 * visiting at most max_states states.  The answer's path stays valid until
 * the next call on b.
 */
void bfs_solve(bfs *b, const bfs_rule *rule, uint64_t start,
               const uint64_t *goals, uint32_t ngoals, uint64_t max_states,
               bfs_answer *ans);

/* b's path buffer, made to hold at least n moves. */
uint16_t *bfs_path_buffer(bfs *b, size_t n);

#endif /* GRIDBFS_BFS_H */
