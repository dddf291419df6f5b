/*
 * thread.h - starting the core's threads, and what they cost in address
 * space (README, "Limits").
 *
 * Every thread the core starts (run's workers and progress clock,
 * --census's and --generate's helpers) gets a stack of THREAD_STACK_BYTES
 * (plugins/README.md, "Threads and ownership"), and all of them share
 * malloc's one arena, so that a thread reserves no address space beyond
 * its stack.  The stacks are paid from limits.memory, at most an eighth of
 * it: thread_reserve() says how many threads a mode may start, and the
 * mode starts no more than that, the calling thread doing the rest.
 */
#ifndef GRIDBFS_THREAD_H
#define GRIDBFS_THREAD_H

#include <pthread.h>

#include "util.h"

/* The stack of every thread the core starts, whatever RLIMIT_STACK says:
   Rust's default, far more than the core (its largest frame is 32 KiB,
   and nothing recurses) or an in-tree plugin uses. */
#define THREAD_STACK_BYTES ((size_t)2 << 20)

/*
 * Take from m the stacks of up to want threads, and return how many it
 * paid for (0 to want); all of them when m is NULL or unlimited.  The
 * stacks take at most an eighth of m's cap.  Before the first call
 * returns, malloc is held to one arena (glibc; elsewhere nothing to do).
 * Call it on the thread that will start them; give the same count back
 * with thread_release() once they are joined.
 */
unsigned thread_reserve(membudget *m, unsigned want);
void thread_release(membudget *m, unsigned n);

/* pthread_create(t, fn, arg) with the core's stack size: 0, or an errno
   value.  Start no more threads than thread_reserve() paid for. */
int thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

#endif /* GRIDBFS_THREAD_H */
