/*
 * generate.h - `gridbfs --generate N`: puzzles for a rule written in its
 * judge's input layout, the inverse of the reader (README, "Generating
 * puzzles"): uniformly random boards, boards at an exact distance from
 * the goal (or in a range of distances, or at the rule's largest), or
 * boards that cannot be solved.
 *
 * Every puzzle k (from 1) draws its bits from its own xoshiro256**
 * stream, seeded by splitmix64 from (seed, k), so the bytes depend on
 * the seed alone, never on -j or on the machine.
 *
 * Ownership: a generate_opts holds pointers into argv (borrowed);
 * generate_main() borrows everything it is given and frees what it
 * allocates.
 */
#ifndef GRIDBFS_GENERATE_H
#define GRIDBFS_GENERATE_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "progress.h"
#include "rules.h"

/* The long options, their ids clear of main.c's own. */
enum {
    GENERATE_OPT_GENERATE = 0x1000,
    GENERATE_OPT_SEED,
    GENERATE_OPT_DISTANCE,
    GENERATE_OPT_IMPOSSIBLE,
    GENERATE_OPT_SPACED
};
/* clang-format off */
#define GENERATE_LONG_OPTIONS                                                  \
    {"generate", required_argument, NULL, GENERATE_OPT_GENERATE},              \
    {"seed", required_argument, NULL, GENERATE_OPT_SEED},                      \
    {"distance", required_argument, NULL, GENERATE_OPT_DISTANCE},              \
    {"impossible", no_argument, NULL, GENERATE_OPT_IMPOSSIBLE},                \
    {"spaced", no_argument, NULL, GENERATE_OPT_SPACED}
/* clang-format on */
/* Their lines of --help. */
#define GENERATE_HELP                                                          \
    "      --generate N      write N puzzles, in the judge's "                 \
    "input layout\n"                                                           \
    "                        (-o 'DIR/%02d.in': one file a puzzle, from 1)\n"  \
    "      --seed S          the same seed, the same bytes (default: a fresh " \
    "one)\n"                                                                   \
    "      --distance D      D moves from the goal: D, A-B, or max\n"          \
    "      --impossible      only puzzles that cannot be solved\n"             \
    "      --spaced          one space between cells, where the profile "      \
    "does not say\n"

/* Distances: what --distance asked for. */
#define GENERATE_MAX_DISTANCE 100000

typedef struct generate_opts {
    int have_count;    /* --generate */
    uint64_t count;    /* N */
    int have_seed;     /* --seed */
    uint64_t seed;     /* S */
    int distance;      /* --distance */
    int dist_max;      /* --distance max */
    uint32_t dmin;     /* --distance D (dmin = dmax) or A-B */
    uint32_t dmax;     /* */
    const char *dtext; /* its value, for messages */
    int impossible;    /* --impossible */
    int spaced;        /* --spaced */
} generate_opts;

/*
 * Take option opt (GENERATE_OPT_*) with its argument arg into g.
 * Returns 0, or -1 with one message naming the option in err.
 */
int generate_option(generate_opts *g, int opt, const char *arg, char *err,
                    size_t cap);

/*
 * Write g->count puzzles for the rule -r and -s chose (rules_choose()
 * with no file), to output (NULL: standard output; a printf-style %d or
 * %0Nd in it: one file a puzzle, numbered from 1), jobs the threads
 * that may work, shown how progress shows (the puzzles written, after
 * each batch); the options are checked with the others' (core/main.c).
 * Returns the exit status: 0, or EXIT_TROUBLE with one message in err (what was
 * asked that cannot be made, a bad option, a failed write).
 */
int generate_main(const generate_opts *g, rules *rs, const char *output,
                  unsigned jobs, enum progress_mode shown, char *err,
                  size_t cap);

#endif /* GRIDBFS_GENERATE_H */
