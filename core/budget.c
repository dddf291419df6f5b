/* budget.c - see budget.h. */
#include "budget.h"

#include <pthread.h>
#include <stdlib.h>

#define CHUNKS_SHARE 8 /* the most run.c reserves for chunks: M/8 */
#define STACKS_SHARE 8 /* the most thread.c lets stacks take: M/8 */
#define PARKED_SHARE 16

struct budget_gate {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    unsigned active; /* searches running beside others */
    int solo;        /* one runs alone, or waits to */
};

void budget_split(membudget *mem, membudget *tables, size_t cap,
                  size_t table_memory)
{
    mem->cap = cap;
    tables->cap = 0;
    tables->parent = NULL;
    if (!cap)
        return;
    size_t rest =
        cap - cap / CHUNKS_SHARE - cap / STACKS_SHARE - cap / PARKED_SHARE;
    size_t t = rest / 2;
    if (table_memory <= SIZE_MAX / 2 && t > 2 * table_memory)
        t = 2 * table_memory;
    /* set aside: the searches' memory never makes a table wait, nor a
       table a search (0, with table_memory 0: table_fits() builds none) */
    tables->cap = t;
    atomic_store_explicit(&mem->used, t, memory_order_relaxed);
    mem->share = rest - t;
    mem->gate = xcalloc(1, sizeof *mem->gate);
    pthread_mutex_init(&mem->gate->lock, NULL);
    pthread_cond_init(&mem->gate->changed, NULL);
}

void budget_unsplit(membudget *mem)
{
    if (!mem->gate)
        return;
    pthread_cond_destroy(&mem->gate->changed);
    pthread_mutex_destroy(&mem->gate->lock);
    free(mem->gate);
    mem->gate = NULL;
}

int budget_park(membudget *m, size_t n)
{
    if (!m || !m->cap)
        return 0;
    size_t most = m->cap / PARKED_SHARE;
    size_t now = atomic_load_explicit(&m->parked, memory_order_relaxed);
    do
        if (n > most || now > most - n)
            return -1;
    while (!atomic_compare_exchange_weak_explicit(
        &m->parked, &now, now + n, memory_order_relaxed, memory_order_relaxed));
    return 0;
}

void budget_unpark(membudget *m, size_t n)
{
    if (m && m->cap)
        atomic_fetch_sub_explicit(&m->parked, n, memory_order_relaxed);
}

void budget_enter(membudget *m)
{
    struct budget_gate *g = m ? m->gate : NULL;
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    while (g->solo)
        pthread_cond_wait(&g->changed, &g->lock);
    g->active++;
    pthread_mutex_unlock(&g->lock);
}

void budget_leave(membudget *m)
{
    struct budget_gate *g = m ? m->gate : NULL;
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    if (--g->active == 0 && g->solo)
        pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
}

void budget_solo_begin(membudget *m)
{
    struct budget_gate *g = m ? m->gate : NULL;
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    while (g->solo) /* another runs alone first */
        pthread_cond_wait(&g->changed, &g->lock);
    g->solo = 1;
    while (g->active)
        pthread_cond_wait(&g->changed, &g->lock);
    pthread_mutex_unlock(&g->lock);
}

void budget_solo_end(membudget *m)
{
    struct budget_gate *g = m ? m->gate : NULL;
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    g->solo = 0;
    pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
}
