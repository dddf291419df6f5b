/*
 * refutil.h - the small helpers the reference programs of tests/ref and
 * the benchmark's tools of tests/bench share: a fatal message, two seeded
 * generators, bit counts, a strict decimal reader, the judge's answer
 * line, and a write(2) loop for the benchmark's fast solvers.  libc (and
 * POSIX) only, nothing of gridbfs: the references stay independent of
 * what they test.
 *
 * Everything is static inline, so a program that uses a few of these gets
 * no -Wunused-function for the rest; include it in one .c file a program.
 * A program that wants die() and open_or_die() defines REF_NAME, its name
 * in messages ("flipref"), before including this; write_all() is there
 * when it defines _POSIX_C_SOURCE.  Every pointer argument is borrowed; a
 * generator's state is the caller's, and the same seed gives the same
 * stream.
 */
#ifndef GRIDBFS_TESTS_REFUTIL_H
#define GRIDBFS_TESTS_REFUTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- messages (REF_NAME) ------------------------------------------- */

#ifdef REF_NAME
/* Prints "REF_NAME: " and the message to stderr, exits 2. */
_Noreturn static inline void die(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
_Noreturn static inline void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(REF_NAME ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* The file name opened for reading, "-" standard input; dies when it
   cannot ("NAME: cannot open"). */
static inline FILE *open_or_die(const char *name)
{
    FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
    if (!f)
        die("%s: cannot open", name);
    return f;
}
#endif

/* ---- random numbers ------------------------------------------------ */

/* splitmix64 (Steele, Lea and Flood): the next number of the stream *s. */
static inline uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n >= 1; the bias of % is far below 2^-40, and
   irrelevant for test data). */
static inline uint64_t below(uint64_t *s, uint64_t n)
{
    return splitmix64(s) % n;
}

/* xorshift64 (Marsaglia, shifts 13, 7, 17): the next state of *s, which
   must not be 0. */
static inline uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* ---- bits and numbers ---------------------------------------------- */

/* The low n bits set (n <= 64). */
static inline uint64_t full_mask(int n)
{
    return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

/* How many bits of x are set. */
static inline int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* A non-negative decimal number spanning all of s (no sign, no leading
   zero, at most 9 digits), else -1. */
static inline long decimal(const char *s)
{
    if (!*s || strlen(s) > 9 || s[strspn(s, "0123456789")])
        return -1;
    if (s[0] == '0' && s[1])
        return -1;
    return atol(s);
}

/* ---- answers ------------------------------------------------------- */

/* The judge's answer line to stdout: the count m, or Impossible when
   m < 0. */
static inline void put_answer(int m)
{
    if (m < 0)
        puts("Impossible");
    else
        printf("%d\n", m);
}

/* ---- raw I/O (_POSIX_C_SOURCE) ------------------------------------- */

#ifdef _POSIX_C_SOURCE
#include <unistd.h>

/* Writes buf[0..n) to standard output whatever write(2) splits it into;
   on an error prints "WHAT: ..." (perror) and _exits 2. */
static inline void write_all(const char *buf, size_t n, const char *what)
{
    for (size_t done = 0; done < n;) {
        ssize_t w = write(1, buf + done, n - done);
        if (w < 0) {
            perror(what);
            _exit(2);
        }
        done += (size_t)w;
    }
}
#endif

#endif
