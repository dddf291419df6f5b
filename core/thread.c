/* thread.c - see thread.h. */
#define _POSIX_C_SOURCE 200809L
#include "thread.h"

#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* The share of limits.memory the stacks may take: an eighth. */
#define STACKS_SHARE 8

/* What one thread takes of the address space: its stack and the guard
   page below it (glibc maps the two together). */
static size_t thread_cost(void)
{
    long page = sysconf(_SC_PAGESIZE);
    return THREAD_STACK_BYTES + (page > 0 ? (size_t)page : 0);
}

/* One arena for every thread: glibc gives each thread that meets a busy
   arena one of its own, up to 8 a processor, and each reserves 64 MiB of
   address space (128 MiB while it is made), which no budget could pay.
   The threads' small allocations stay fast in glibc's per-thread cache.
   The thresholds are fixed where glibc's own would move to in a run of
   large searches: blocks under 32 MiB (workspaces as they grow) come from
   the arena, and up to 64 MiB freed at its top stays for the next search.
   Left to move, they had the threads' searches, sharing one arena, give
   memory back and fault it in again: case e of tests/bench ran 7% slower
   at -j2, in the kernel's TLB shootdowns. */
static void one_arena(void)
{
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

unsigned thread_reserve(membudget *m, unsigned want)
{
    one_arena();
    if (!m || !m->cap)
        return want;
    size_t each = thread_cost(), most = m->cap / STACKS_SHARE / each;
    unsigned n = want < most ? want : (unsigned)most;
    while (n && budget_take(m, n * each))
        n--;
    return n;
}

void thread_release(membudget *m, unsigned n)
{
    budget_give(m, n * thread_cost());
}

int thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
    pthread_attr_t attr;
    int e = pthread_attr_init(&attr);
    if (e)
        return e;
    e = pthread_attr_setstacksize(&attr, THREAD_STACK_BYTES);
    if (!e)
        e = pthread_create(t, &attr, fn, arg);
    pthread_attr_destroy(&attr);
    return e;
}
