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

/* A search stores each node's move in 16 bits: rules with more moves are
   answered by their exact solver, never searched. */
#define BFS_MAX_MOVES 65536

/* The rule as the engine sees it. */
typedef struct bfs_rule {
    const gridbfs_plugin2 *ops;
    const void *inst;
    uint32_t moves;    /* at most BFS_MAX_MOVES */
    uint32_t key_bits; /* 1..64 */
    int reversible;    /* GRIDBFS2_REVERSIBLE */
} bfs_rule;

enum bfs_status {
    BFS_FOUND, /* path holds a shortest move sequence */
    BFS_NONE,  /* no goal can be reached */
    BFS_LIMIT, /* max_states were visited without an answer */
    BFS_FAULT  /* the plugin broke its contract (fault_move says where) */
};

typedef struct bfs_answer {
    enum bfs_status status;
    const uint32_t *path;  /* moves start to goal, owned by the engine */
    size_t len;            /* the number of moves (path may be NULL) */
    uint32_t fault_move;   /* BFS_FAULT: the move at fault, */
    const char *fault_why; /* and what it did, "leads off the board" */
    uint64_t visited;      /* states a search visited */
    int out_of_memory;     /* BFS_LIMIT: the memory budget ran out first */
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

/* Why expand()'s step from state s by move m to t breaks rule's
   contract, or NULL where it keeps it; outside holds the bits past a key's
   (bfs_outside()). */
static inline const char *bfs_step_fault(const bfs_rule *rule, uint64_t outside,
                                         uint64_t s, uint32_t m, uint64_t t)
{
    if (__builtin_expect(t == s || m >= rule->moves || t & outside, 0))
        return m >= rule->moves ? "is not a move"
               : t == s         ? "leads to the state it left"
                                : "leads off the board";
    return NULL;
}

/* rule's expand() of key into ids and next (room for rule->moves each):
   the steps it reports, at most the rule's moves, so that a plugin that
   reports more is never read past that room. */
static inline uint32_t bfs_expand(const bfs_rule *rule, uint64_t key,
                                  uint32_t *ids, uint64_t *next)
{
    uint32_t n = rule->ops->expand(rule->inst, key, ids, next);
    return n < rule->moves ? n : rule->moves;
}

/* The bits past rule's keys. */
static inline uint64_t bfs_outside(const bfs_rule *rule)
{
    return rule->key_bits >= 64 ? 0 : ~(uint64_t)0 << rule->key_bits;
}

/* Every move's state from s, as ABI 1's expand() gave them: out[m] for
   each of rule's moves, s itself where m does not apply.  ids and keys
   are room for one expand() (rule->moves each). */
void bfs_expand_all(const bfs_rule *rule, uint64_t s, uint32_t *ids,
                    uint64_t *keys, uint64_t *out);

/* b's room for one expand() of a rule of the given number of moves. */
void bfs_steps(bfs *b, uint32_t moves, uint32_t **ids, uint64_t **next);

/* b's path buffer, made to hold at least n moves. */
uint32_t *bfs_path_buffer(bfs *b, size_t n);

#endif /* GRIDBFS_BFS_H */
