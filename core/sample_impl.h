/*
 * sample_impl.h - what sample.c and sample_target.c share: a plan and a
 * thread's scratch, and the few helpers both call.  Not for other
 * modules: sample.h is the interface.
 */
#ifndef GRIDBFS_SAMPLE_IMPL_H
#define GRIDBFS_SAMPLE_IMPL_H

#include <stdint.h>

#include "bfs.h"
#include "sample.h"
#include "space.h"
#include "table.h"

/* ---- plans: how an instance's puzzles are drawn ----------------------- */

enum method { M_TABLE, M_TARGET, M_WALK, M_SOLVE };

/* An instance and what its puzzles are drawn from; shared by the threads,
   read-only once made. */
struct sample_plan {
    rule_inst *in;
    sample_ask ask; /* a copy */
    enum method method;
    bfs_rule br;
    uint32_t cells;
    uint32_t k;          /* symbols */
    uint32_t reps;       /* presses of a move that undo one: K - 1 for a
                            linear rule that is not reversible, else 1 */
    space sp;            /* its states, numbered, where keys exist */
    int spaced;          /* sp is set */
    int draw_keys;       /* a random state is a random key (DENSE, fewer
                            states than boards), not a random board */
    table *t;            /* M_TABLE */
    const uint8_t *dist; /* each state's distance, by its number */
    uint8_t *own;        /* dist, when a state's number is not its key */
    membudget *own_mem;  /* what own's bytes were taken from */
    uint64_t states;
    uint64_t count[TABLE_UNREACHED + 1]; /* states at each distance */
    uint32_t maxd;                       /* the largest in the table */
    uint32_t nblocks;
    uint32_t *pre; /* pre[slot(d) * (nblocks + 1) + b]: states at d before
                      block b */
    uint32_t ok[TABLE_UNREACHED]; /* the distances asked for that exist */
    uint32_t nok;
    uint64_t goals[GRIDBFS_MAX_GOALS]; /* fixed goals, for M_WALK */
    uint32_t ngoals;
    int known;      /* maxd is the rule's largest distance */
    uint32_t bound; /* no board is farther than this (UINT32_MAX: none
                       known) */
    uint64_t *wit;  /* M_TARGET, known: the targets the scan built */
    uint8_t *ecc;   /* and the largest distance of each */
    uint32_t nwit;
    int refused;                   /* no puzzle can be drawn: why says why */
    char why[RULES_MSG_MAX];       /* or why maxd is not known */
    char space_why[RULES_MSG_MAX]; /* why sp is not set */
};

/* A thread's scratch space: arrays grown to the plan drawn for. */
struct sample_scratch {
    bfs *b;
    table *t;       /* M_TARGET: a target's table, built again for the next */
    size_t room;    /* entries of each array below */
    uint64_t *next; /* bfs_expand_all()'s */
    uint32_t *ids;  /* moves (or presses, or cells) in the order drawn */
    uint32_t *step_ids; /* bfs_expand_all()'s room */
    uint64_t *step_keys;
    size_t words;    /* of each board below */
    uint64_t *board; /* two boards: a target's puzzle, a key's board */
    char msg[RULES_MSG_MAX];
};

/* A random state of p into g (sample.c). */
void sample_random_board(const sample_plan *p, sample_rng *r, gridbfs_grid *g);

/* The distance of state number i in the table dist (of tstates keys),
   its key found through scratch (sample.c). */
uint8_t sample_dist_of(const sample_plan *p, const uint8_t *dist,
                       uint64_t tstates, uint64_t i, gridbfs_grid *scratch);

/* A target rule's largest distance, by a scan of its targets, into p
   (sample_target.c). */
void sample_scan(sample_plan *p);

/* A start at distance d (TABLE_UNREACHED: none) from a target, into g;
   0, or -1 when none was found (sample_target.c). */
int sample_from_target(const sample_plan *p, uint32_t d, sample_rng *r,
                       gridbfs_grid *g, sample_scratch *sc);

#endif /* GRIDBFS_SAMPLE_IMPL_H */
