/*
 * check_judge.c - the drop-in special judges (see check.h; README,
 * "Drop-in special judges"): the testlib checker's and the Kattis output
 * validator's arguments, exit codes and messages around check_file().
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "text.h"
#include "util.h"

#define NAME_SHOWN 1024

/* The jury's answer is judged first: anything but all accepted is the
   checker's failure; "" when it is right. */
static void judge_jury(const check_config *cc, const char *jury,
                       char *const *input, char *why, size_t cap)
{
    check_outcome o = {.silent = 1};
    check_file(cc, jury, input, 1, &o);
    why[0] = '\0';
    if (o.trouble)
        fmt(why, cap, "%s", o.trouble_msg);
    else if (o.cases != o.counts[CHECK_ACCEPTED])
        fmt(why, cap,
            "the jury's answer, case %" PRIu64 " (line %" PRIu64 "): %s: %s",
            o.first_case, o.first_line, check_verdict_names[o.first_v],
            o.first_reason);
    else if (o.stray[0])
        fmt(why, cap, "the jury's answer: %s", o.stray);
    else if (o.input_fault[0])
        fmt(why, cap, "the input file: %s", o.input_fault);
    else if (o.status)
        fmt(why, cap,
            "the input file has a fault outside its cases (see "
            "gridbfs --check)");
}

/* line and a newline as the whole of the file at path; 0, or -1 with
   errno set (the file is closed either way). */
static int write_line(const char *path, const char *line)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int bad = fprintf(f, "%s\n", line) < 0, e = errno;
    if (fclose(f) != 0)
        return -1;
    errno = e;
    return bad ? -1 : 0;
}

/* testlib: ok 0, wrong answer 1, presentation error ("wrong output
   format") 2, failure 3, the verdicts' own numbers; the comment on
   stderr and in the result file. */
static int testlib_verdict(const check_outcome *o, const char *fail,
                           const char *result)
{
    static const char *const words[CHECK_VERDICTS] = {
        "ok", "wrong answer", "wrong output format", "FAIL"};
    char line[3 * CHECK_REASON_MAX];
    enum check_verdict v = o->first_v;
    if (*fail || o->trouble) {
        v = CHECK_FAIL;
        fmt(line, sizeof line, "FAIL %s", *fail ? fail : o->trouble_msg);
    } else if (o->stray[0]) { /* output where there is no case */
        v = CHECK_PRESENTATION;
        fmt(line, sizeof line, "%s %s", words[v], o->stray);
    } else if (o->cases == o->counts[CHECK_ACCEPTED]) {
        v = CHECK_ACCEPTED;
        fmt(line, sizeof line, "ok %" PRIu64 " case%s", o->cases,
            o->cases == 1 ? "" : "s");
    } else {
        fmt(line, sizeof line, "%s case %" PRIu64 " (line %" PRIu64 "): %s",
            words[v], o->first_case, o->first_line, o->first_reason);
    }
    fflush(stdout);
    fprintf(stderr, "%s\n", line);
    if (result && write_line(result, line) != 0) {
        char shown[NAME_SHOWN];
        fprintf(stderr, PROGRAM_NAME ": %s: %s\n",
                text_quote(shown, sizeof shown, result), strerror(errno));
        return CHECK_FAIL;
    }
    return (int)v;
}

/* Kattis: accepted 42, rejected 43, the reason in
   FEEDBACK_DIR/judgemessage.txt; a failure of the checker is exit 2. */
static int kattis_verdict(const check_outcome *o, const char *fail,
                          const char *dir)
{
    char line[3 * CHECK_REASON_MAX];
    size_t n = strlen(dir);
    char *path = xmalloc(n + sizeof "/judgemessage.txt");
    int code = 43;
    memcpy(path, dir, n);
    strcpy(path + n - (n && dir[n - 1] == '/'), "/judgemessage.txt");
    if (*fail || o->trouble) {
        code = EXIT_TROUBLE;
        fmt(line, sizeof line, "judge error: %s",
            *fail ? fail : o->trouble_msg);
        fprintf(stderr, PROGRAM_NAME ": %s\n", line);
    } else if (o->stray[0]) { /* output where there is no case */
        fmt(line, sizeof line, "%s: %s",
            check_verdict_names[CHECK_PRESENTATION], o->stray);
    } else if (o->cases == o->counts[CHECK_ACCEPTED]) {
        code = 42;
        fmt(line, sizeof line, "accepted: %" PRIu64 " case%s", o->cases,
            o->cases == 1 ? "" : "s");
    } else {
        fmt(line, sizeof line, "case %" PRIu64 " (line %" PRIu64 "): %s: %s",
            o->first_case, o->first_line, check_verdict_names[o->first_v],
            o->first_reason);
        if (o->first_v == CHECK_FAIL)
            code = EXIT_TROUBLE;
    }
    if (write_line(path, line) != 0) {
        char shown[NAME_SHOWN];
        fprintf(stderr, PROGRAM_NAME ": %s: %s\n",
                text_quote(shown, sizeof shown, path), strerror(errno));
        code = EXIT_TROUBLE;
    }
    free(path);
    return code;
}

int check_judge(const check_config *cc, enum check_mode mode, char *const *args,
                int nargs)
{
    check_config quiet = *cc;
    char fail[3 * CHECK_REASON_MAX];
    check_outcome o = {.silent = 1};
    quiet.out = NULL;
    quiet.quiet = 1; /* the one line names the first fault */
    /* testlib's fifth argument is its -appes flag, nothing else */
    if (nargs < 3 ||
        (mode == CHECK_TESTLIB &&
         (nargs > 5 || (nargs == 5 && strcmp(args[4], "-appes") != 0 &&
                        strcmp(args[4], "-APPES") != 0)))) {
        fputs(mode == CHECK_TESTLIB
                  ? PROGRAM_NAME ": --testlib: expected INPUT OUTPUT ANSWER "
                                 "[RESULT [-appes]]\n"
                  : PROGRAM_NAME ": --kattis: expected INPUT JUDGE_ANSWER "
                                 "FEEDBACK_DIR [FLAGS...] < team_output\n",
              stderr);
        return mode == CHECK_TESTLIB ? 3 : EXIT_TROUBLE;
    }
    /* an empty name is no file: FEEDBACK_DIR "" would be "/..." */
    static const char *const names[][4] = {
        [CHECK_TESTLIB] = {"INPUT", "OUTPUT", "ANSWER", "RESULT"},
        [CHECK_KATTIS] = {"INPUT", "JUDGE_ANSWER", "FEEDBACK_DIR", NULL}};
    for (int i = 0; i < nargs && i < 4 && names[mode][i]; i++)
        if (!*args[i]) {
            fprintf(stderr, PROGRAM_NAME ": %s: %s: empty name\n",
                    mode == CHECK_TESTLIB ? "--testlib" : "--kattis",
                    names[mode][i]);
            return mode == CHECK_TESTLIB ? 3 : EXIT_TROUBLE;
        }
    /* Kattis's flags (case_sensitive, space_change_sensitive...) are
       taken and not needed: answers are read as words, case and all */
    const char *jury = args[mode == CHECK_TESTLIB ? 2 : 1];
    const char *team = mode == CHECK_TESTLIB ? args[1] : "-";
    judge_jury(&quiet, jury, args, fail, sizeof fail);
    if (!*fail)
        check_file(&quiet, team, args, 1, &o);
    if (mode == CHECK_TESTLIB)
        return testlib_verdict(&o, fail, nargs > 3 ? args[3] : NULL);
    return kattis_verdict(&o, fail, args[2]);
}
