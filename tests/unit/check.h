/*
 * check.h - the one harness every unit test in tests/unit/ uses.
 *
 *   CHECK(c)               count a check of the expression c
 *   CHECK_MSG(c, fmt, ...) the same, with a printf-style message that says
 *                          what was being checked (built only on failure,
 *                          so it may sit in a hot loop)
 *   CHECK_WHY(c, why)      the same with a fixed sentence: why a
 *                          regression check exists
 *   CHECK_AT(line, c, fmt, ...)  CHECK_MSG for a helper, blaming its
 *                          caller's line
 *   check(ok, line, what)  the function under them all, for helpers that
 *                          name the check in words
 *
 * Each yields ok (1 or 0).  A failure prints one line on stderr,
 *
 *   FILE:LINE: check failed: EXPRESSION[ -- MESSAGE]
 *
 * (the first CHECK_SHOW_MAX of them; later ones are only counted), and
 * main() ends with `return check_done();`, which prints the closing line
 * "NAME.c: N passed, M failed" on stdout and returns the exit status: 0
 * when nothing failed.
 */
#ifndef GRIDBFS_TEST_CHECK_H
#define GRIDBFS_TEST_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CHECK_SHOW_MAX 50 /* failures printed; later ones are only counted */

static int passed, failed;

/* Under UndefinedBehaviorSanitizer, undefined behaviour fails the test. */
const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void)
{
    return "halt_on_error=1:print_stacktrace=1";
}

/* Count a passed check.  Returns 1. */
static inline int check_pass(void)
{
    passed++;
    return 1;
}

/*
 * Count a failed check at line of the test (__BASE_FILE__: the test's own
 * file), what being the expression, and print it with the message format
 * (NULL: none).  Returns 0.
 */
__attribute__((format(printf, 3, 4))) static inline int
check_fail(int line, const char *what, const char *format, ...)
{
    if (failed++ >= CHECK_SHOW_MAX)
        return 0;
    fprintf(stderr, "%s:%d: check failed: %s", __BASE_FILE__, line, what);
    if (format) {
        va_list ap;

        fputs(" -- ", stderr);
        va_start(ap, format);
        vfprintf(stderr, format, ap);
        va_end(ap);
    }
    fputc('\n', stderr);
    return 0;
}

/* Count a check named what, at line.  Returns ok. */
static inline int check(int ok, int line, const char *what)
{
    return ok ? check_pass() : check_fail(line, what, NULL);
}

#define CHECK(c) ((c) ? check_pass() : check_fail(__LINE__, #c, NULL))
#define CHECK_AT(line, c, ...)                                                 \
    ((c) ? check_pass() : check_fail((line), #c, __VA_ARGS__))
#define CHECK_MSG(c, ...) CHECK_AT(__LINE__, c, __VA_ARGS__)
#define CHECK_WHY(c, why) CHECK_AT(__LINE__, c, "%s", why)

/* Print the closing line; returns the test's exit status. */
static inline int check_done(void)
{
    const char *name = strrchr(__BASE_FILE__, '/');

    name = name ? name + 1 : __BASE_FILE__;
    if (failed > CHECK_SHOW_MAX)
        fprintf(stderr, "%s: %d more failures not shown\n", name,
                failed - CHECK_SHOW_MAX);
    printf("%s: %d passed, %d failed\n", name, passed, failed);
    return failed != 0;
}

#endif
