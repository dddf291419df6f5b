/*
 * table.h - answers from tables instead of searches.
 *
 * For a rule whose goal set is the same for every puzzle, one search from
 * the goals over the whole space stores every state's distance (a byte per
 * state), and each puzzle is then a lookup and a walk down the distances.
 * For goals the puzzles give (a swap's target) that come back, a cache
 * keeps such tables for the goals that have earned one.
 *
 * Ownership: table_build() pairs with table_free(), tcache_new() with
 * tcache_free(); a table from tcache_get() is held until tcache_release().
 * A table is read-only once built and may be shared by threads.
 */
#ifndef GRIDBFS_TABLE_H
#define GRIDBFS_TABLE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "bfs.h"

/* A distance table; states are indexes, so key_bits must be <= TABLE_MAX_CELLS.
 */
#define TABLE_MAX_CELLS 30
#define TABLE_UNREACHED 0xFF

typedef struct table table;

/* Whether a table of rule's states fits in budget bytes. */
int table_fits(const bfs_rule *rule, size_t budget);

/*
 * Search from goals over every state reachable from them (the rule must be
 * reversible).  Returns NULL when the table would need more than budget
 * bytes or a distance over 254, when mem (NULL: none) has not the bytes
 * left, or when the plugin broke its contract (a search of the same puzzle
 * then says how).  The table's bytes are taken from mem until table_free().
 */
table *table_build(const bfs_rule *rule, const uint64_t *goals, uint32_t ngoals,
                   size_t budget, membudget *mem);
/* t's distances again, from other goals of the same rule, in t's own
   memory (a census builds one table a target: no allocation, no page
   faults); 0, or -1 as table_build() fails, and t may then only be
   freed. */
int table_rebuild(table *t, const uint64_t *goals, uint32_t ngoals);
void table_free(table *t);
/* Every state's distance, TABLE_UNREACHED where no goal can be reached:
 *states (2^key_bits) bytes indexed by the state, for a census or a sample. */
const uint8_t *table_distances(const table *t, uint64_t *states);
/* The memory budget a build of rule's table takes while it runs. */
size_t table_build_bytes(const bfs_rule *rule);

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
 * earn a table once their searches have visited half as many states as
 * the table holds (a search visits a state at about twice the cost a
 * build does).  Tables answer the same distances as searches but may take
 * another shortest path, and never stop at a state limit, so callers use
 * them only where no path is printed (rule_inst's need_path) and no search
 * could stop (every state fits under max_states): rules.c's plan().
 */
typedef struct tcache tcache;

tcache *tcache_new(size_t budget, membudget *mem);
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
/* Evict cached tables no thread holds, least recently used first, until
   bytes of the memory budget are left (or none is left to evict). */
void tcache_make_room(tcache *tc, size_t bytes);
/* Forget every table of owner, which no thread may be using (its rule
   instance is being freed, and another may be made at its address). */
void tcache_forget(tcache *tc, const void *owner);

/*
 * The shelf of tables for fixed goals: one slot a rule instance, whose
 * table is built on first use, held by a thread only while it answers one
 * puzzle.  Whether a slot gets a table is decided by the table alone: it
 * is built when its build fits limits.table_memory and the tables' share
 * by itself (and its distances stay under 255), and never otherwise.
 * What the share holds besides (other rules' tables, cached target
 * tables) only delays it: they are evicted to make room, oldest first, a
 * table once no thread has used it for a moment, so that two rules taking
 * turns do not rebuild on every puzzle.  So a puzzle is answered by the
 * same engine at every -j and in every run (README, "Limits").
 *
 * Ownership: tshelf_new() pairs with tshelf_free(), after every slot is
 * dropped; tslot_init() with tslot_drop().  A table from tslot_hold() or
 * tshelf_get() is held until tslot_release().
 */
typedef struct tshelf tshelf;

typedef struct tslot {
    table *_Atomic t;
    /* holds in the low 32 bits, releases counted above them: unchanged
       over a moment with no hold is an idle table */
    atomic_uint_fast64_t use;
    atomic_int never;            /* refused for good: answered otherwise */
    pthread_mutex_t lock;        /* one thread builds the slot's table */
    struct tslot *older, *newer; /* the shelf's, oldest built first */
    int listed;
} tslot;

/* A shelf whose tables take tables (the tables' share of limits.memory),
   each at most budget bytes while built (limits.table_memory); cached
   target tables in tc make way for them. */
tshelf *tshelf_new(membudget *tables, size_t budget, tcache *tc);
void tshelf_free(tshelf *sh);
void tslot_init(tslot *s);
/* Free s's table (no thread may hold it) and take s off the shelf. */
void tslot_drop(tshelf *sh, tslot *s);
/* s's table, held, if it is built now; else NULL. */
const table *tslot_hold(tslot *s);
void tslot_release(tslot *s);
/* Whether s's table is refused for good (tshelf_get() said NULL). */
int tslot_never(tslot *s);
/*
 * s's table for goals of rule, held: built now when it is not (waiting
 * for room in the tables' share if others fill it); or NULL for good when
 * it does not fit by itself, a distance passes 254 or the plugin broke
 * its contract (a search of the puzzle then says how).
 */
const table *tshelf_get(tshelf *sh, tslot *s, const bfs_rule *rule,
                        const uint64_t *goals, uint32_t ngoals);

#endif /* GRIDBFS_TABLE_H */
