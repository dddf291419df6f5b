/*
 * check.h - judging a contestant's answers to puzzle files (README,
 * "Checking answers"): --check's report of one verdict per case, and the
 * drop-in special judges of the testlib and Kattis conventions, from the
 * same code.
 *
 * The puzzles are read as a run reads them (the reader, the profile's
 * layout, each record's rule); the answers as the judge's output of the
 * profile (its answer templates, the plugin's judge text), line by line,
 * whatever bytes they hold, in bounded memory.  Each case's optimum is
 * gridbfs's own (solve.h); moves are looked up by their text and replayed
 * (replay.h).
 *
 * check.c judges; check_judge.c speaks the testlib and Kattis conventions.
 *
 * Ownership: the config, rules and streams of a check_config are borrowed
 * for the call; nothing is kept after it.  One thread.
 */
#ifndef GRIDBFS_CHECK_H
#define GRIDBFS_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "output.h"
#include "rules.h"

/* A case's verdict; the words are the report's, the numbers testlib's
   exit codes. */
enum check_verdict {
    CHECK_ACCEPTED,
    CHECK_WRONG,        /* wrong answer */
    CHECK_PRESENTATION, /* presentation error */
    CHECK_FAIL,         /* the checker could not judge: a bad puzzle, or
                           gridbfs beaten by the answer */
    CHECK_VERDICTS
};
extern const char *const check_verdict_names[CHECK_VERDICTS];

/* The drop-in conventions (README, "Checking answers"). */
enum check_mode { CHECK_REPORT, CHECK_TESTLIB, CHECK_KATTIS };

typedef struct check_config {
    const config *cfg;
    rules *rules;           /* each record's rule, as for a run */
    enum out_format format; /* of the report */
    int quiet;              /* no message for each bad puzzle */
    int no_header;          /* no CSV header row */
    FILE *out;              /* the report (CHECK_REPORT) */
} check_config;

#define CHECK_REASON_MAX 512

/* What judging one file of answers came to. */
typedef struct check_outcome {
    int silent; /* set by the caller: no message on stderr (a drop-in
                   judge's one line says it all) */
    uint64_t cases, counts[CHECK_VERDICTS];
    int status;  /* the exit status of --check */
    int trouble; /* a file could not be read: why */
    char trouble_msg[CHECK_REASON_MAX];
    /* the first fault outside the cases, "FILE:LINE: message", or "":
       of the puzzles' files (a layout's fault), and of the answers (an
       answer where there is no puzzle) */
    char input_fault[CHECK_REASON_MAX];
    char stray[CHECK_REASON_MAX];
    /* the first case not accepted */
    uint64_t first_case, first_line;
    enum check_verdict first_v;
    char first_reason[CHECK_REASON_MAX];
} check_outcome;

/*
 * Judge the answers in the file answers ("-" is standard input) to the
 * puzzles of files[0..nfiles-1] (none: standard input) into *o, zeroed
 * but for silent, with the report written to cc->out when it is set.
 */
void check_file(const check_config *cc, const char *answers, char *const *files,
                int nfiles, check_outcome *o);

/*
 * --check: judge the answers in the file answers ("-" is standard input)
 * to the puzzles of files[0..nfiles-1] (none: standard input), writing
 * one verdict a case to cc->out.  Returns the exit status: 0 every case
 * accepted, 1 some not (or a puzzle was bad), 2 a file could not be read.
 */
int check_answers(const check_config *cc, const char *answers,
                  char *const *files, int nfiles);

/*
 * --testlib INPUT OUTPUT ANSWER [RESULT] and --kattis INPUT JUDGE_ANSWER
 * FEEDBACK_DIR [FLAGS...] (< team output): the jury's answer is judged
 * first, then the contestant's; the verdict as the convention wants it
 * (exit status, the comment on stderr, judgemessage.txt).  Returns the
 * exit status; a wrong number of arguments is a usage error: 2, or
 * under --testlib its failure, 3 (its 2 is a presentation error).
 */
int check_judge(const check_config *cc, enum check_mode mode, char *const *args,
                int nargs);

#endif /* GRIDBFS_CHECK_H */
