/*
 * run.h - streaming every input's records through the rules to the output,
 * on as many threads as asked, in input order.
 *
 * The calling thread reads: it resolves each record's rule and copies its
 * rows into chunks.  Worker threads parse, answer and format whole chunks;
 * finished chunks are written strictly in order, so the output never
 * depends on the number of threads.  With -j 1 there are no threads at
 * all: the reader answers each record as it reads it, and writes a chunk
 * out once it holds about 2 ms of work.  With -j N the reader does the
 * same until the work is known to outlast the threads' start (the ramp,
 * RAMP_NS); then it starts them, and is one of the N: it answers queued
 * chunks itself whenever it is ahead.  When the threads would answer
 * faster than one reader reads, the rest of a regular file is cut into
 * pieces at record boundaries (cuts.h), and each piece is read by the
 * thread that answers it (run_read.c).
 *
 * What a person sees of the run on stderr (progress, the --stats line)
 * is progress.c's; run.c tells it what was written, and erases the
 * progress line before it writes to a terminal.
 */
#ifndef GRIDBFS_RUN_H
#define GRIDBFS_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "output.h"
#include "progress.h"
#include "rules.h"
#include "show.h"
#include "util.h"

typedef struct run_config {
    const config *cfg;
    rules *rules; /* decides each record's rule */
    enum out_format format;
    unsigned jobs;               /* >= 1 */
    enum progress_mode progress; /* on stderr */
    int quiet;                   /* no message for each bad record */
    int stats;                   /* a summary on stderr at the end */
    int no_header;               /* no CSV header row */
    enum show_mode show;         /* --show: each solved record drawn */
    FILE *out;                   /* where results go (borrowed) */
} run_config;

/*
 * Answer every record of files[0..nfiles-1] ("-" is standard input).
 * Returns the exit status the records earned: EXIT_ANSWERED, EXIT_RECORDS
 * (some record invalid or over a limit) or EXIT_TROUBLE (an input could
 * not be read, or a write failed).  A failed write is not reported here:
 * the stream is left in error and errno says why, for the one message of
 * whoever closes the stream.
 */
int run(const run_config *rc, char *const *files, int nfiles);

#endif /* GRIDBFS_RUN_H */
