/*
 * bfs.h - the shared search engine: breadth-first search over states of at
 * most 64 cells, one uint64_t each, with the rule's moves from its plugin.
 *
 * Two ways to answer a puzzle:
 *   - bfs_solve(): one search per puzzle: from both ends at once (the
 *     start and the goal set) when every move is its own inverse, else from
 *     the start.  The visited set grows with the states met, up to
 *     max_states.
 *   - table_*: for rules whose goal set is the same for every puzzle, one
 *     search from the goals over the whole space stores every state's
 *     distance, and each puzzle is then a lookup.
 * Both give the same path for the same input, every run.
 *
 * Ownership: bfs_new() pairs with bfs_free(), table_build() with
 * table_free().  A bfs workspace is reused across puzzles by one thread;
 * a table is read-only once built and may be shared by threads.
 */
#ifndef GRIDBFS_BFS_H
#define GRIDBFS_BFS_H

#include <stddef.h>
#include <stdint.h>

#include <gridbfs/plugin.h>

/* The rule as the engine sees it. */
typedef struct bfs_rule {
    const gridbfs_plugin *ops;
    const void *inst;
    uint32_t moves;
    uint32_t cells;  /* rows * cols, at most 64 */
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
    uint64_t visited;     /* states a search visited */
} bfs_answer;

typedef struct bfs bfs;

bfs *bfs_new(void);
void bfs_free(bfs *b);

/*
 * A shortest move sequence from start to any of goals[0..ngoals-1],
 * visiting at most max_states states.  The answer's path stays valid until
 * the next call on b.
 */
void bfs_solve(bfs *b, const bfs_rule *rule, uint64_t start,
               const uint64_t *goals, uint32_t ngoals, uint64_t max_states,
               bfs_answer *ans);

/* A distance table; states are indexes, so cells must be <= TABLE_MAX_CELLS. */
#define TABLE_MAX_CELLS 30
#define TABLE_UNREACHED 0xFF

typedef struct table table;

/*
 * Search from goals over every state reachable from them (the rule must be
 * involutive).  Returns NULL when the table would need more than budget
 * bytes or a distance over 254, or with *fault set when the plugin broke its
 * contract.
 */
/* Whether a table of rule's states fits in budget bytes. */
int table_fits(const bfs_rule *rule, size_t budget);

table *table_build(const bfs_rule *rule, const uint64_t *goals,
                   uint32_t ngoals, size_t budget, int *fault);
void table_free(table *t);

/*
 * Answer start from the table: FOUND with its distance and, when with_path,
 * a path descending the distances, lowest-numbered move first; or NONE.
 * The path is kept in b, as with bfs_solve().
 */
void table_solve(const table *t, uint64_t start, int with_path, bfs *b,
                 bfs_answer *ans);

/*
 * A cache of tables for goals the puzzles give (a swap's target), for
 * streams where the same goals come back: budget bytes of tables in all,
 * least recently used out first, safe to share between threads.  Goals
 * earn a table once their searches have visited about as many states as
 * the table would take to build.  Tables answer the same distances as
 * searches but may take another shortest path, and never stop at a state
 * limit, so callers use them only where no path is printed and no search
 * could stop.
 */
typedef struct tcache tcache;

tcache *tcache_new(size_t budget);
void tcache_free(tcache *tc);

/*
 * The table for goals of rule (owner tells rules apart), held until
 * tcache_release(); or NULL, and the caller searches and then reports the
 * states its search visited with tcache_searched().  May build the table.
 */
const table *tcache_get(tcache *tc, const void *owner, const bfs_rule *rule,
                        const uint64_t *goals, uint32_t ngoals);
void tcache_searched(tcache *tc, const void *owner, const uint64_t *goals,
                     uint32_t ngoals, uint64_t visited);
void tcache_release(tcache *tc, const table *t);

/* b's path buffer, made to hold at least n moves. */
uint16_t *bfs_path_buffer(bfs *b, size_t n);

#endif /* GRIDBFS_BFS_H */
