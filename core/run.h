/*
 * run.h - streaming every input's records through the rules to the output,
 * on as many threads as asked, in input order.
 *
 * The calling thread reads: it resolves each record's rule, turns its cells
 * into boards and packs records into chunks.  Worker threads answer whole
 * chunks and format them; finished chunks are written strictly in order, so
 * the output never depends on the number of threads.  With one job there
 * are no threads at all: the reader answers each chunk itself.
 */
#ifndef GRIDBFS_RUN_H
#define GRIDBFS_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "output.h"
#include "rules.h"

typedef struct run_config {
    const config *cfg;
    rules *rules;
    const char *rule;    /* the chosen rule (-r or defaults.rule) */
    int rule_given;      /* -r was given: it beats the config's routes */
    uint32_t rows, cols; /* -s for the chosen rule, or 0 */
    enum out_format format;
    unsigned jobs;       /* >= 1 */
    int progress;        /* show progress on stderr */
    FILE *out;           /* where results go (borrowed) */
} run_config;

/*
 * Answer every record of files[0..nfiles-1] ("-" is standard input).
 * Returns the exit status the records earned: 0, 1 (some record invalid or
 * over a limit) or 2 (an input could not be read, or a write failed).
 * A failed write is not reported here: the stream is left in error and
 * errno says why, for the one message of whoever closes the stream.
 */
int run(const run_config *rc, char *const *files, int nfiles);

#endif /* GRIDBFS_RUN_H */
