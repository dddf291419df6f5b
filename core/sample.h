/*
 * sample.h - boards of a rule instance drawn at random, for --generate
 * (generate.c): uniformly random, at an exact distance from the goal (in
 * a range of distances, or at the rule's largest), or impossible.
 *
 * How, by what the rule offers at its size, decided once per instance
 * (README, "Generating puzzles"):
 *   table   a fixed goal set and a distance table that fits: the board is
 *           uniform among the boards at the distance drawn;
 *   target  the goal comes with the puzzle (a swap's target): a uniform
 *           target, its own table, a start uniform at the distance;
 *   walk    at most 64 cells, no table: from a goal, the distance's number
 *           of distinct moves, kept when the solver says that distance;
 *   solve   bigger boards: random boards, kept likewise.
 *
 * Random numbers: xoshiro256**, each puzzle its own stream seeded by
 * splitmix64 from (seed, puzzle number), so a puzzle's bytes never depend
 * on the threads or the machine.
 *
 * Ownership: sample_plan_new() pairs with sample_plan_free(); a plan
 * borrows its instance (which must outlive it) and copies the ask; once
 * made it is read-only, and threads share it.  sample_scratch_new() pairs
 * with sample_scratch_free(): one a thread, its searches taking from the
 * budget it borrows (limits.memory), as a run's do.
 */
#ifndef GRIDBFS_SAMPLE_H
#define GRIDBFS_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include <gridbfs/plugin.h>

#include "rules.h"
#include "util.h"

/* Tries for one puzzle: walks or random boards, and targets (a table each,
   before the targets a scan found, where one was made). */
#define SAMPLE_TRIES 1000
#define SAMPLE_TARGET_TRIES 64

typedef struct sample_rng {
    uint64_t s[4];
} sample_rng;

/* Puzzle k's own stream of seed. */
void sample_seed(sample_rng *r, uint64_t seed, uint64_t k);
/* Uniform in 0..n-1 (n >= 1), without bias. */
uint64_t sample_below(sample_rng *r, uint64_t n);

/* What is asked: all zero for uniformly random boards. */
typedef struct sample_ask {
    int distance;        /* dmin..dmax, or with dist_max the largest */
    int dist_max;        /* */
    uint32_t dmin, dmax; /* */
    int impossible;      /* only puzzles no goal can be reached from */
    const char *dtext;   /* --distance's text, for messages (borrowed) */
} sample_ask;

typedef struct sample_plan sample_plan;

/*
 * The plan of instance in (without error) for ask: its method, and its
 * distance table where it has one, built now, taken from mem (the
 * tables' share of limits.memory, rules_tables()).
 */
sample_plan *sample_plan_new(rule_inst *in, const sample_ask *ask,
                             membudget *mem);
void sample_plan_free(sample_plan *p);
rule_inst *sample_plan_inst(const sample_plan *p);
/* Whether p may give what was asked: no only where a table says so, or
   for the largest distance without one.  Else sample_plan_refusal()
   writes one message saying why. */
int sample_plan_can(const sample_plan *p);
void sample_plan_refusal(const sample_plan *p, char *err, size_t cap);
/* Whether p cannot draw for want of limits.memory (its table): never a
   reason to draw another instance, as that would make the bytes depend on
   limits.memory. */
int sample_plan_refused(const sample_plan *p);
/* The memory one draw of p builds and frees (a target's table), or 0. */
size_t sample_plan_draw_bytes(const sample_plan *p);

typedef struct sample_scratch sample_scratch;
sample_scratch *sample_scratch_new(membudget *mem);
void sample_scratch_free(sample_scratch *sc);

/* sample_draw()'s status when a solver's search stopped at a limit. */
#define SAMPLE_LIMIT (-2)

/*
 * Draw one puzzle of p (a plan that can) from r into boards[0] (the
 * start) and boards[1] (the target of a two-board rule), boards of the
 * shape of p's instance (rule_grid()), whose words are all written.  Returns 0,
 * -1 when the tries found none, or SAMPLE_LIMIT when a search stopped at a
 * limit (a roomier run would have drawn another puzzle, so none is
 * taken); then sample_refusal() says which (d is what it was drawn
 * for).  Safe on several threads, each with its scratch.
 */
int sample_draw(const sample_plan *p, sample_rng *r, sample_scratch *sc,
                gridbfs_grid boards[2], uint32_t *d);
void sample_refusal(const sample_plan *p, int status, uint32_t d, char *err,
                    size_t cap);

#endif /* GRIDBFS_SAMPLE_H */
