/*
 * census.h - gridbfs --census: figures about a rule as a whole at one size
 * (README, "Census"), not about one puzzle: how many states there are and
 * how many are solvable, the distance histogram, the largest distance
 * (God's number) with an example, and for rules with a target board the
 * same over ordered (start, target) pairs of boards with K ones.
 *
 * census.c computes the figures by one of three methods, none of them
 * rule-specific: one distance table from a fixed goal set (table.h), over
 * the states space.h numbers; one table per target, up to the board's
 * exact symmetries, for two-symbol rules with a target board; the rank of
 * the moves' vectors over GF(2) for rules whose plugin says every move
 * XORs a fixed mask (GRIDBFS_XOR_MOVES, GRIDBFS2_LINEAR of two symbols),
 * or over Z/K (census_zp.c) for K symbols, K prime, where no table fits;
 * past 64 cells, only the last, its goals from the plugin's goal_board().
 * census_out.c writes them as text, CSV or JSON Lines.
 *
 * Ownership: every pointer is borrowed for the call; a census_result
 * holds no pointer it owns.
 */
#ifndef GRIDBFS_CENSUS_H
#define GRIDBFS_CENSUS_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "output.h"
#include "progress.h"
#include "rules.h"
#include "util.h"

/* Distances a table holds: 0 .. CENSUS_DISTANCES - 1 (255 is unreached). */
#define CENSUS_DISTANCES 255
/* What --ones accepts before the board size is known: 0 to every cell. */
#define CENSUS_ONES_MAX (GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE)

/* What the command line asked for. */
typedef struct census_options {
    rules *rules; /* the rule -r and -s chose */
    const config *cfg;
    enum out_format format;
    enum progress_mode progress;
    long ones;     /* --ones K, or -1: half the cells, rounded down */
    unsigned jobs; /* threads for a pair census, at least 1 */
    FILE *out;
} census_options;

/*
 * Take the census of the rule -r and -s chose and write it to o->out.
 * Returns EXIT_ANSWERED, EXIT_RECORDS when a figure could not be
 * computed at this size (the output says which, and one message on
 * stderr why), or EXIT_TROUBLE when no census can be taken (a message
 * naming the limit or what the rule lacks).
 */
int census_run(const census_options *o);

/* A count that may pass 2^64: m * B^e - less * B^less_e, B the base (0
   for 2: a two-symbol rule's counts, K for one of K symbols). */
typedef struct census_count {
    uint64_t m;
    uint32_t e;
    uint32_t base;
    uint64_t less;
    uint32_t less_e;
} census_count;

/* Words of a board a census draws: at most 64 cells of 8 bits. */
#define CENSUS_WORDS (GRIDBFS_SEARCH_CELLS * 8 / 64)

enum census_method {
    CENSUS_TABLE,  /* one table from the fixed goals */
    CENSUS_PAIRS,  /* one table from every target, up to symmetry */
    CENSUS_LINEAR, /* the masks' rank (over GF(2), or Z/K for K prime) */
};

/* The figures, for census_write(). */
typedef struct census_result {
    const rule_inst *in;
    enum census_method method;
    uint32_t rows, cols, cells;
    uint32_t ones;       /* pairs: the ones of every board counted */
    uint64_t boards;     /* pairs: the boards with that many ones */
    uint32_t symmetries; /* pairs: the symmetries used, identity included */
    int complement;      /* pairs: complementing both boards is one */
    uint64_t orbits;     /* pairs: the targets searched, one an orbit */
    census_count total, solvable, impossible; /* states, or pairs */
    int histogram; /* hist, max, at_max, mean and the example known */
    uint64_t hist[CENSUS_DISTANCES];
    uint32_t max;             /* the largest finite distance */
    uint64_t at_max;          /* how many are at it */
    double mean;              /* of the finite distances */
    uint64_t example, target; /* a state (start) at max, and its target,
                                 as the method numbers them */
    uint64_t start_w[CENSUS_WORDS], target_w[CENSUS_WORDS]; /* their boards */
    uint32_t symbols;       /* K: 2 for GF(2)'s figures */
    uint32_t rank, nullity; /* linear: of the moves' masks */
    uint32_t goals, cosets; /* linear: goal states, their distinct cosets */
    char why[256];          /* why the histogram is not computed */
} census_result;

/*
 * The census of a GRIDBFS2_LINEAR rule of K symbols with a fixed goal
 * set, by the rank of its moves' vectors over Z/K (census_zp.c): goals
 * its goal boards (ngoals of them), memory limits.memory, notab why it
 * has no table.  An exit status; EXIT_TROUBLE with one message in why
 * (cap bytes), or EXIT_RECORDS with r->why saying why the histogram is
 * not computed.
 */
int census_zp(const rule_inst *in, census_result *r, const gridbfs_grid *goals,
              uint32_t ngoals, uint64_t memory, const char *notab, char *why,
              size_t cap);

/* r in format fmt, appended to sb. */
void census_write(const census_result *r, enum out_format fmt, strbuf *sb);

#endif /* GRIDBFS_CENSUS_H */
