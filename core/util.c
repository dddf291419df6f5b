/* util.c - see util.h. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime() */
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The last words of a run.  On a terminal the line is erased first: it
   may hold the progress line (every message ends its own line). */
static void oom(void)
{
    if (isatty(STDERR_FILENO))
        fputs("\r\033[K", stderr);
    fputs(PROGRAM_NAME ": out of memory\n", stderr);
    exit(EXIT_TROUBLE);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *xreallocarray(void *p, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        oom();
    return xrealloc(p, n * size);
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

void fmt(char *buf, size_t cap, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(buf, cap, format, ap);
    va_end(ap);
}

void sb_grow(strbuf *sb, size_t more)
{
    size_t need = sb->len + more;
    if (need < sb->len)
        oom();
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < need)
        cap = cap * 2 > cap ? cap * 2 : need;
    sb->p = xrealloc(sb->p, cap);
    sb->cap = cap;
}

void sb_free(strbuf *sb)
{
    free(sb->p);
    sb->p = NULL;
    sb->len = sb->cap = 0;
}

void sb_vprintf(strbuf *sb, const char *format, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, format, ap);
    if (n >= 0) {
        sb_grow(sb, (size_t)n + 1);
        vsnprintf(sb->p + sb->len, (size_t)n + 1, format, again);
        sb->len += (size_t)n;
    }
    va_end(again);
}

void sb_printf(strbuf *sb, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    sb_vprintf(sb, format, ap);
    va_end(ap);
}

void sb_u64(strbuf *sb, unsigned long long v)
{
    static const char pairs[] = /* "00" to "99" */
        "000102030405060708091011121314151617181920212223242526272829"
        "303132333435363738394041424344454647484950515253545556575859"
        "606162636465666768697071727374757677787980818283848586878889"
        "90919293949596979899";
    char digits[24], *d = digits + sizeof digits;
    while (v >= 100) { /* two digits a division */
        d -= 2;
        memcpy(d, pairs + 2 * (v % 100), 2);
        v /= 100;
    }
    if (v >= 10) {
        d -= 2;
        memcpy(d, pairs + 2 * v, 2);
    } else {
        *--d = (char)('0' + v);
    }
    sb_add(sb, d, (size_t)(digits + sizeof digits - d));
}

/* Take n bytes of m alone; 0, or -1 when they are not left. */
static int take_own(membudget *m, size_t n)
{
    if (!m->cap)
        return 0;
    size_t used = atomic_load_explicit(&m->used, memory_order_relaxed);
    do
        if (n > m->cap || used > m->cap - n)
            return -1;
    while (!atomic_compare_exchange_weak_explicit(
        &m->used, &used, used + n, memory_order_relaxed, memory_order_relaxed));
    return 0;
}

int budget_take(membudget *m, size_t n)
{
    if (!m || take_own(m, n))
        return m ? -1 : 0;
    if (budget_take(m->parent, n)) {
        if (m->cap)
            atomic_fetch_sub_explicit(&m->used, n, memory_order_relaxed);
        return -1;
    }
    return 0;
}

void budget_give(membudget *m, size_t n)
{
    for (; m; m = m->parent)
        if (m->cap)
            atomic_fetch_sub_explicit(&m->used, n, memory_order_relaxed);
}

int budget_has(const membudget *m, size_t n)
{
    for (; m; m = m->parent) {
        if (!m->cap)
            continue;
        size_t used = atomic_load_explicit(&m->used, memory_order_relaxed);
        if (n > m->cap || used > m->cap - n)
            return 0;
    }
    return 1;
}

uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
