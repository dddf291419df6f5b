/*
 * progress.h - what a person sees of a run on standard error besides the
 * messages: the progress line while it runs, and the --stats summary at
 * the end (README, "Progress").
 *
 * The progress line is measured on finished work: the records written and
 * the input bytes they took.  It shows only after PROGRESS_DELAY, so short
 * runs show nothing.  On a terminal it is one line, redrawn in place at
 * most a few times a second, and the caller erases it with
 * progress_clear() before anything else goes to a terminal (a message, or
 * results on a standard output that is one); on SIGINT and SIGTERM it is
 * erased too, before the signal does what it did before, and by exit()
 * (out of memory), after which it is not drawn again.  Elsewhere
 * (--progress into a file) it is plain lines, at most one a second, with
 * no escape codes.
 *
 * Ownership: progress_new() pairs with progress_free().  One thread at a
 * time calls the functions of one progress; on a terminal, only one
 * progress may exist at a time (the signal handler reaches its line).
 */
#ifndef GRIDBFS_PROGRESS_H
#define GRIDBFS_PROGRESS_H

#include <stdint.h>

#include "solve.h"

enum progress_mode {
    PROGRESS_OFF,
    PROGRESS_TERMINAL, /* one line redrawn in place on a terminal */
    PROGRESS_LINES     /* plain lines, for a file or a pipe */
};

typedef struct progress progress;

/*
 * Start timing a run.  bytes_total is the size of all inputs, or 0 when
 * unknown (a pipe): then there is no percentage and no time left.
 */
progress *progress_new(enum progress_mode mode, uint64_t bytes_total);

/* What the line counts, when not records answered: the noun for one and
   for many ("target", "targets": "1,234 targets done"); borrowed. */
void progress_name(progress *pg, const char *one, const char *many);

/* The work finished so far: records written, and the input bytes they
   took.  Shows it when due; cheap when not. */
void progress_update(progress *pg, uint64_t records, uint64_t bytes_done);

/* Erase the line from the terminal, if it is shown; the next
   progress_update() draws it again. */
void progress_clear(progress *pg);

/* Erase the line and end the display. */
void progress_free(progress *pg);

/* The run's totals, for progress_summary(). */
typedef struct progress_totals {
    uint64_t status[ST_COUNT]; /* records, by what became of them */
    uint64_t files;            /* inputs named (standard input is one) */
    uint64_t unread;           /* of them, inputs that could not be read */
} progress_totals;

/*
 * The --stats line on stderr: records per status, files, time and rate
 * since progress_new().  Call it after progress_clear().
 */
void progress_summary(const progress *pg, const progress_totals *t);

#endif /* GRIDBFS_PROGRESS_H */
