/*
 * reflines.h - strict line reading for the references of issue 22
 * (slideref, klightsref, coinsref): a file read one line at a time, with
 * FILE:LINE in every message about it.  libc and POSIX getline() only,
 * nothing of gridbfs.
 *
 * A line is handed out without its '\n'; the last line of a file may lack
 * one.  A '\r' or a NUL byte in a line is an error: the references read
 * exactly the bytes the judges write, and a judge file with either is not
 * one of them.  Include refutil.h first, with REF_NAME defined; define
 * _POSIX_C_SOURCE 200809L before any header.  A lines value owns its
 * buffer and its FILE (unless standard input); rl_close frees both.
 */
#ifndef GRIDBFS_TESTS_REFLINES_H
#define GRIDBFS_TESTS_REFLINES_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

typedef struct lines {
    const char *name; /* as given, "-" is standard input */
    FILE *f;
    char *buf;
    size_t cap;
    long lineno; /* the line last handed out, 0 before the first */
} lines;

/* Opens NAME ("-": standard input) or dies. */
static inline void rl_open(lines *in, const char *name)
{
    memset(in, 0, sizeof *in);
    in->name = name;
    in->f = open_or_die(name);
}

static inline void rl_close(lines *in)
{
    if (in->f && in->f != stdin)
        fclose(in->f);
    free(in->buf);
    memset(in, 0, sizeof *in);
}

/* Prints "REF_NAME: FILE:LINE: message" (FILE alone before the first
   line) and exits 2. */
_Noreturn static inline void rl_bad(const lines *in, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
_Noreturn static inline void rl_bad(const lines *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, REF_NAME ": %s:", in->name);
    if (in->lineno)
        fprintf(stderr, "%ld:", in->lineno);
    fputc(' ', stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* The next line, without its '\n' (valid until the next call), or NULL at
   the end of the file.  Dies on a read error, a '\r' or a NUL byte. */
static inline const char *rl_next(lines *in)
{
    ssize_t n = getline(&in->buf, &in->cap, in->f);
    if (n < 0) {
        if (ferror(in->f))
            rl_bad(in, "read error");
        return NULL;
    }
    in->lineno++;
    if (n > 0 && in->buf[n - 1] == '\n')
        in->buf[--n] = '\0';
    if (strlen(in->buf) != (size_t)n)
        rl_bad(in, "a NUL byte in the line");
    if (strchr(in->buf, '\r'))
        rl_bad(in, "a carriage return in the line");
    return in->buf;
}

/* Dies unless the file has no more lines ("text after WHAT"). */
static inline void rl_expect_end(lines *in, const char *what)
{
    if (rl_next(in))
        rl_bad(in, "text after %s", what);
}

/* 0, or 2 with a message when standard output could not be written. */
static inline int rl_finish_stdout(void)
{
    if (fflush(stdout) || ferror(stdout)) {
        fputs(REF_NAME ": cannot write standard output\n", stderr);
        return 2;
    }
    return 0;
}

#endif
