/*
 * check.h - the little harness the core's unit tests share: CHECK(c)
 * counts a passed or failed check and names the failure on stderr;
 * CHECK_WHY(c, why) does the same with a sentence for a regression check.
 * Each test ends with printf("%d passed, %d failed\n", passed, failed).
 */
#ifndef GRIDBFS_TEST_CHECK_H
#define GRIDBFS_TEST_CHECK_H

#include <stdio.h>

static int passed, failed;

/* Under UndefinedBehaviorSanitizer, undefined behaviour fails the test. */
const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void)
{
    return "halt_on_error=1:print_stacktrace=1";
}

/* Count a check at line of the test (__BASE_FILE__: the test's own file). */
static inline void check(int ok, int line, const char *what)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    fprintf(stderr, "%s:%d: check failed: %s\n", __BASE_FILE__, line, what);
}

#define CHECK(c) check(!!(c), __LINE__, #c)
#define CHECK_WHY(c, why) check(!!(c), __LINE__, why)

#endif
