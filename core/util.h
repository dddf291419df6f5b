/*
 * util.h - the out-of-memory policy and small helpers shared by the core.
 *
 * Out of memory is not a recoverable condition for a filter: xmalloc and
 * friends print "gridbfs: out of memory" and exit with status 2.
 */
#ifndef GRIDBFS_UTIL_H
#define GRIDBFS_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#define PROGRAM_NAME "gridbfs"

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* realloc for an array of n elements of size bytes, checking overflow. */
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* snprintf that never overflows and always NUL-terminates (cap > 0). */
void fmt(char *buf, size_t cap, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* GRIDBFS_UTIL_H */
