/*
 * table.c - distance tables for rules whose goal set is fixed.
 *
 * One search from the goals labels every reachable state with its distance
 * (a byte per state, indexed by the state itself); a puzzle is then answered
 * by walking down the distances.  Because the walk always takes the
 * lowest-numbered move that goes one step down, paths are deterministic and
 * independent of how the table was built.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "table.h"
#include "util.h"

struct table {
    bfs_rule rule;
    uint8_t *dist;  /* 2^key_bits entries */
    membudget *mem; /* which they were taken from */
};

int table_fits(const bfs_rule *rule, size_t budget)
{
    if (!rule->reversible || rule->key_bits > TABLE_MAX_CELLS)
        return 0;
    size_t states = (size_t)1 << rule->key_bits;
    /* The queue of 32-bit states is freed after the build; the budget
       bounds the kept distances and the queue together. */
    return states <= budget && states * sizeof(uint32_t) <= budget - states;
}

/*
 * t's distances by one search from goals, over t's own memory; 0, or -1
 * when a distance passes 254 or the plugin breaks its contract (t's
 * distances are then unusable).  The queue is the caller's budget's.
 */
static int fill(table *t, const uint64_t *goals, uint32_t ngoals)
{
    const bfs_rule *rule = &t->rule;
    size_t states = (size_t)1 << rule->key_bits;
    uint32_t *queue = xmalloc(states * sizeof *queue);
    uint64_t *next = xmalloc((rule->moves + 1) * sizeof *next);
    uint32_t *ids = xmalloc((rule->moves + 1) * sizeof *ids);
    size_t head = 0, tail = 0;
    uint64_t outside = bfs_outside(rule);
    int status = -1;
    memset(t->dist, TABLE_UNREACHED, states);
    for (uint32_t g = 0; g < ngoals; g++)
        if (goals[g] < states && t->dist[goals[g]] == TABLE_UNREACHED) {
            t->dist[goals[g]] = 0;
            queue[tail++] = (uint32_t)goals[g];
        }
    while (head < tail) {
        uint32_t s = queue[head++];
        uint8_t d = t->dist[s];
        uint32_t n = bfs_expand(rule, s, ids, next);
        for (uint32_t j = 0; j < n; j++) {
            if (bfs_step_fault(rule, outside, s, ids[j], next[j]))
                goto out; /* the search that follows says how */
            if (t->dist[next[j]] == TABLE_UNREACHED) {
                if (d + 1 >= TABLE_UNREACHED) /* 255 marks unreached */
                    goto out;
                t->dist[next[j]] = (uint8_t)(d + 1);
                queue[tail++] = (uint32_t)next[j];
            }
        }
    }
    status = 0;
out:
    free(queue);
    free(next);
    free(ids);
    return status;
}

/* table_build() once its build's bytes are taken from mem: they are
   given back (all of them when it fails). */
static table *build_taken(const bfs_rule *rule, const uint64_t *goals,
                          uint32_t ngoals, membudget *mem)
{
    size_t states = (size_t)1 << rule->key_bits;
    table *t = xcalloc(1, sizeof *t);
    t->mem = mem;
    t->rule = *rule;
    t->dist = xmalloc(states);
    int status = fill(t, goals, ngoals);
    budget_give(mem, states * sizeof(uint32_t));
    if (status) {
        table_free(t);
        return NULL;
    }
    return t;
}

table *table_build(const bfs_rule *rule, const uint64_t *goals, uint32_t ngoals,
                   size_t budget, membudget *mem)
{
    if (!table_fits(rule, budget) || budget_take(mem, table_build_bytes(rule)))
        return NULL;
    return build_taken(rule, goals, ngoals, mem);
}

int table_rebuild(table *t, const uint64_t *goals, uint32_t ngoals)
{
    size_t queue = ((size_t)1 << t->rule.key_bits) * sizeof(uint32_t);
    if (budget_take(t->mem, queue))
        return -1;
    int status = fill(t, goals, ngoals);
    budget_give(t->mem, queue);
    return status;
}

void table_free(table *t)
{
    if (!t)
        return;
    budget_give(t->mem, (size_t)1 << t->rule.key_bits);
    free(t->dist);
    free(t);
}

const uint8_t *table_distances(const table *t, uint64_t *states)
{
    *states = (uint64_t)1 << t->rule.key_bits;
    return t->dist;
}

void table_solve(const table *t, uint64_t start, int with_path, bfs *b,
                 bfs_answer *ans)
{
    uint8_t d = t->dist[start];

    memset(ans, 0, sizeof *ans);
    if (d == TABLE_UNREACHED) {
        ans->status = BFS_NONE;
        return;
    }
    ans->status = BFS_FOUND;
    if (!with_path) {
        ans->len = d;
        return;
    }
    uint32_t *path = bfs_path_buffer(b, TABLE_UNREACHED);
    uint64_t *next;
    uint32_t *ids;
    bfs_steps(b, t->rule.moves, &ids, &next);
    ans->path = path;
    for (uint64_t s = start; d > 0; d--) {
        uint32_t n = bfs_expand(&t->rule, s, ids, next), j = 0;
        while (j < n && (next[j] >= ((uint64_t)1 << t->rule.key_bits) ||
                         t->dist[next[j]] != d - 1))
            j++;
        if (j == n) { /* only a plugin that changed its mind */
            ans->status = BFS_FAULT;
            ans->fault_move = 0;
            ans->fault_why = "leads nowhere nearer a goal than before";
            return;
        }
        path[ans->len++] = ids[j];
        s = next[j];
    }
}

/*
 * The cache of tables for goals given by the puzzle (a swap's target): a
 * few goal sets are tracked, least recently used first out.  A goal set
 * earns a table once the searches for it have visited about as many states
 * as building its table would touch (the ski-rental rule: rent until the
 * rent paid equals the price), so a stream of distinct targets never pays
 * for a table and a repeated one soon stops paying for searches.
 */
#define TCACHE_KEYS 64
#define TCACHE_PRICE_SHIFT 1 /* a table costs 2^key_bits / 2 visited states */

enum tstate { T_FREE, T_SEEN, T_BUILDING, T_READY, T_NEVER };

typedef struct tentry {
    enum tstate state;
    const void *owner;
    uint32_t ngoals;
    uint64_t goals[GRIDBFS_MAX_GOALS];
    uint64_t paid; /* states visited by searches for these goals */
    uint64_t used; /* the cache's clock at the last use */
    size_t refs;   /* threads holding the table: it stays */
    table *t;
} tentry;

struct tcache {
    pthread_mutex_t lock;
    size_t budget, bytes; /* for tables, and taken by them */
    membudget *mem;       /* what every table takes from */
    int building;         /* one build at a time: its memory is transient */
    uint64_t clock;
    tentry e[TCACHE_KEYS];
};

tcache *tcache_new(size_t budget, membudget *mem)
{
    tcache *tc = xcalloc(1, sizeof *tc);
    pthread_mutex_init(&tc->lock, NULL);
    tc->budget = budget;
    tc->mem = mem;
    return tc;
}

void tcache_free(tcache *tc)
{
    if (!tc)
        return;
    for (size_t i = 0; i < TCACHE_KEYS; i++)
        table_free(tc->e[i].t);
    pthread_mutex_destroy(&tc->lock);
    free(tc);
}

static size_t table_bytes(const bfs_rule *rule)
{
    return (size_t)1 << rule->key_bits;
}

size_t table_build_bytes(const bfs_rule *rule)
{
    return table_bytes(rule) * (1 + sizeof(uint32_t)); /* and the queue */
}

static tentry *find_entry(tcache *tc, const void *owner, const uint64_t *goals,
                          uint32_t ngoals)
{
    for (size_t i = 0; i < TCACHE_KEYS; i++) {
        tentry *e = &tc->e[i];
        if (e->state != T_FREE && e->owner == owner && e->ngoals == ngoals &&
            memcmp(e->goals, goals, ngoals * sizeof *goals) == 0)
            return e;
    }
    return NULL;
}

/* Forget e and free its table; e is held by no thread. */
static void evict(tcache *tc, tentry *e)
{
    if (e->t)
        tc->bytes -= table_bytes(&e->t->rule);
    table_free(e->t);
    memset(e, 0, sizeof *e);
}

/* The least recently used entry no thread holds (with a table, if tables). */
static tentry *victim(tcache *tc, int tables)
{
    tentry *v = NULL;
    for (size_t i = 0; i < TCACHE_KEYS; i++) {
        tentry *e = &tc->e[i];
        if (e->state == T_FREE || e->refs || e->state == T_BUILDING ||
            (tables && !e->t))
            continue;
        if (!v || e->used < v->used)
            v = e;
    }
    return v;
}

/* Evict tables no thread holds, least recently used first, until bytes
   of the memory budget are left or no such table is; with the lock. */
static void make_room(tcache *tc, size_t bytes)
{
    tentry *v;
    while (!budget_has(tc->mem, bytes) && (v = victim(tc, 1)))
        evict(tc, v);
}

void tcache_make_room(tcache *tc, size_t bytes)
{
    pthread_mutex_lock(&tc->lock);
    make_room(tc, bytes);
    pthread_mutex_unlock(&tc->lock);
}

void tcache_forget(tcache *tc, const void *owner)
{
    pthread_mutex_lock(&tc->lock);
    for (size_t i = 0; i < TCACHE_KEYS; i++)
        if (tc->e[i].state != T_FREE && tc->e[i].owner == owner) {
            assert(!tc->e[i].refs && tc->e[i].state != T_BUILDING);
            evict(tc, &tc->e[i]);
        }
    pthread_mutex_unlock(&tc->lock);
}

const table *tcache_get(tcache *tc, const void *owner, const bfs_rule *rule,
                        const uint64_t *goals, uint32_t ngoals)
{
    if (!table_fits(rule, tc->budget))
        return NULL;
    pthread_mutex_lock(&tc->lock);
    tentry *e = find_entry(tc, owner, goals, ngoals);
    table *t = NULL;
    if (e) {
        e->used = ++tc->clock;
        if (e->state == T_READY) {
            e->refs++;
            t = e->t;
        } else if (e->state == T_SEEN && !tc->building &&
                   e->paid >= table_bytes(rule) >> TCACHE_PRICE_SHIFT) {
            e->state = T_BUILDING; /* this thread builds, others search */
            tc->building = 1;
            make_room(tc, table_build_bytes(rule));
            pthread_mutex_unlock(&tc->lock);
            table *built =
                table_build(rule, goals, ngoals, tc->budget, tc->mem);
            pthread_mutex_lock(&tc->lock);
            tc->building = 0;
            tentry *v;
            while (built && tc->bytes + table_bytes(rule) > tc->budget &&
                   (v = victim(tc, 1)))
                evict(tc, v);
            if (built && tc->bytes + table_bytes(rule) <= tc->budget) {
                tc->bytes += table_bytes(rule);
                e->t = t = built;
                e->state = T_READY;
                e->refs++;
            } else if (built) { /* no room: held tables; pay again */
                table_free(built);
                e->state = T_SEEN;
                e->paid = 0;
            } else { /* too deep, or a plugin fault: search on */
                e->state = T_NEVER;
            }
        }
    }
    pthread_mutex_unlock(&tc->lock);
    return t;
}

void tcache_searched(tcache *tc, const void *owner, const uint64_t *goals,
                     uint32_t ngoals, uint64_t visited)
{
    pthread_mutex_lock(&tc->lock);
    tentry *e = find_entry(tc, owner, goals, ngoals);
    if (!e) {
        for (size_t i = 0; i < TCACHE_KEYS && !e; i++)
            if (tc->e[i].state == T_FREE)
                e = &tc->e[i];
        if (!e && (e = victim(tc, 0)))
            evict(tc, e);
        if (e) {
            e->state = T_SEEN;
            e->owner = owner;
            e->ngoals = ngoals;
            memcpy(e->goals, goals, ngoals * sizeof *goals);
        }
    }
    if (e) {
        e->paid += visited;
        e->used = ++tc->clock;
    }
    pthread_mutex_unlock(&tc->lock);
}

void tcache_release(tcache *tc, const table *t)
{
    pthread_mutex_lock(&tc->lock);
    for (size_t i = 0; i < TCACHE_KEYS; i++) {
        tentry *e = &tc->e[i];
        if (e->t == t && e->refs) {
            e->refs--;
            break;
        }
    }
    pthread_mutex_unlock(&tc->lock);
}

/* ---- the shelf of tables for fixed goals (table.h) -------------------- */

/* tslot.use: the holds in its low 32 bits; a release is one hold less
   and one release more */
#define HOLDS 0xFFFFFFFFu
#define RELEASE (((uint64_t)1 << 32) - 1)
/* a table no thread has used this long may be evicted */
#define IDLE_NS 1000000

struct tshelf {
    pthread_mutex_t build; /* one build at a time: it makes its room */
    pthread_mutex_t lock;  /* the list, and an eviction under way */
    tslot *oldest, *newest;
    membudget *mem;
    size_t budget;
    tcache *tc;
};

tshelf *tshelf_new(membudget *tables, size_t budget, tcache *tc)
{
    tshelf *sh = xcalloc(1, sizeof *sh);
    pthread_mutex_init(&sh->build, NULL);
    pthread_mutex_init(&sh->lock, NULL);
    sh->mem = tables;
    sh->budget = budget;
    sh->tc = tc;
    return sh;
}

void tshelf_free(tshelf *sh)
{
    if (!sh)
        return;
    assert(!sh->oldest);
    pthread_mutex_destroy(&sh->lock);
    pthread_mutex_destroy(&sh->build);
    free(sh);
}

void tslot_init(tslot *s)
{
    memset(s, 0, sizeof *s);
    pthread_mutex_init(&s->lock, NULL);
}

/* Take s off the shelf's list; with the lock. */
static void unlist(tshelf *sh, tslot *s)
{
    if (!s->listed)
        return;
    *(s->newer ? &s->newer->older : &sh->newest) = s->older;
    *(s->older ? &s->older->newer : &sh->oldest) = s->newer;
    s->older = s->newer = NULL;
    s->listed = 0;
}

void tslot_drop(tshelf *sh, tslot *s)
{
    pthread_mutex_lock(&sh->lock); /* after any eviction of it */
    unlist(sh, s);
    table *t = atomic_exchange(&s->t, NULL);
    pthread_mutex_unlock(&sh->lock);
    table_free(t);
    pthread_mutex_destroy(&s->lock);
}

const table *tslot_hold(tslot *s)
{
    /* the hold comes before the look (both sequentially consistent), and
       shelf_evict() takes the table before it looks at the holds: a table seen
       here is not freed until it is released */
    atomic_fetch_add(&s->use, 1);
    table *t = atomic_load(&s->t);
    if (!t)
        atomic_fetch_sub(&s->use, 1);
    return t;
}

void tslot_release(tslot *s)
{
    atomic_fetch_add(&s->use, RELEASE);
}

int tslot_never(tslot *s)
{
    return atomic_load(&s->never);
}

static void pause_ns(long ns)
{
    struct timespec d = {0, ns};
    nanosleep(&d, NULL);
}

/* Evict the oldest table of the shelf once no thread has held it for
   IDLE_NS, waiting for that; 0, or -1 when the shelf holds none. */
static int shelf_evict(tshelf *sh)
{
    pthread_mutex_lock(&sh->lock);
    tslot *v = sh->oldest;
    if (!v) {
        pthread_mutex_unlock(&sh->lock);
        return -1;
    }
    uint64_t seen = atomic_load(&v->use), now;
    for (;; seen = now) {
        pause_ns(IDLE_NS);
        now = atomic_load(&v->use);
        if (now == seen && !(now & HOLDS))
            break;
    }
    unlist(sh, v);
    table *t = atomic_exchange(&v->t, NULL);
    while (atomic_load(&v->use) & HOLDS) /* held since: a puzzle's time */
        pause_ns(IDLE_NS / 100);
    pthread_mutex_unlock(&sh->lock);
    table_free(t);
    return 0;
}

/* Take bytes from the tables' share for a build: the cached target
   tables make way, then the shelf's tables, oldest first; what neither
   lets go of (a target table held or being built) is waited for. */
static void make_way(tshelf *sh, size_t bytes)
{
    while (budget_take(sh->mem, bytes)) {
        tcache_make_room(sh->tc, bytes);
        if (!budget_take(sh->mem, bytes))
            return;
        if (shelf_evict(sh))
            pause_ns(IDLE_NS);
    }
}

/* Build s's table, or refuse it for good; with s's lock. */
static void build_slot(tshelf *sh, tslot *s, const bfs_rule *rule,
                       const uint64_t *goals, uint32_t ngoals)
{
    size_t bytes = table_build_bytes(rule);
    if (!table_fits(rule, sh->budget) ||
        (sh->mem && sh->mem->cap && bytes > sh->mem->cap)) {
        atomic_store(&s->never, 1);
        return;
    }
    pthread_mutex_lock(&sh->build);
    make_way(sh, bytes);
    table *t = build_taken(rule, goals, ngoals, sh->mem);
    pthread_mutex_unlock(&sh->build);
    if (!t) { /* too deep, or a plugin fault: the same every time */
        atomic_store(&s->never, 1);
        return;
    }
    pthread_mutex_lock(&sh->lock);
    s->older = sh->newest;
    *(sh->newest ? &sh->newest->newer : &sh->oldest) = s;
    sh->newest = s;
    s->listed = 1;
    atomic_store(&s->t, t);
    pthread_mutex_unlock(&sh->lock);
}

const table *tshelf_get(tshelf *sh, tslot *s, const bfs_rule *rule,
                        const uint64_t *goals, uint32_t ngoals)
{
    const table *t;
    while (!(t = tslot_hold(s)) && !tslot_never(s)) {
        pthread_mutex_lock(&s->lock); /* others wait for it */
        if (!atomic_load(&s->t) && !tslot_never(s))
            build_slot(sh, s, rule, goals, ngoals);
        pthread_mutex_unlock(&s->lock);
    }
    return t;
}
