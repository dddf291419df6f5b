/*
 * bfs.c - one breadth-first search per puzzle.
 *
 * The queue is the node list itself: node i has a state, the node it was
 * reached from and the move between them.  An open-addressing hash of node
 * numbers is the visited set.  Everything is allocated once per workspace and
 * grows as needed; between searches only the slots used are cleared, so a
 * stream of small puzzles after one big one stays cheap.
 */
#include "bfs.h"

#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "util.h"

#define NO_PARENT UINT32_MAX
/* A node's bytes: state, parent, move, depth. */
#define NODE_BYTES (sizeof(uint64_t) + 2 * sizeof(uint32_t) + sizeof(uint16_t))
/* A workspace past this gives its memory back after its search. */
#define KEEP_BYTES ((size_t)16 << 20)
#define MIN_SLOTS 1024
#define HASH_MUL 0x9E3779B97F4A7C15ull

struct bfs {
    uint64_t *state;
    uint32_t *parent;
    uint16_t *move;
    uint32_t *depth; /* bidirectional search: depth << 1 | side */
    size_t ncap, nnodes;
    uint32_t *slot;      /* node number + 1, or 0 when empty */
    size_t scap;         /* a power of two */
    unsigned bits;       /* log2(scap) */
    uint64_t *next;      /* one expand()'s steps: the states, */
    uint32_t *next_move; /* and the moves to them, */
    size_t steps_cap;    /* room for this many */
    uint32_t *path;
    size_t pcap;
    membudget *mem; /* what node arrays and slots past the first take */
    size_t held;    /* bytes taken from mem */
    int parked;     /* held is parked: the workspace is idle */
    /* why the last search stopped for want of memory: past one search's
       share, or because other searches held what was left */
    enum { ROOM, OVER_SHARE, OVER_CROWDED } over;
};

void bfs_set_budget(bfs *b, membudget *m)
{
    b->mem = m;
}

bfs *bfs_new(void)
{
    bfs *b = xcalloc(1, sizeof *b);
    b->bits = 10;
    b->scap = MIN_SLOTS;
    b->slot = xcalloc(b->scap, sizeof *b->slot);
    return b;
}

/* Take n more bytes for the workspace; 0, or -1 (and over) when that is
   past one search's share of the budget, or no more is left now. */
static int take(bfs *b, size_t n)
{
    if (b->mem && b->mem->share && n > b->mem->share - b->held) {
        b->over = OVER_SHARE;
        return -1;
    }
    if (budget_take(b->mem, n)) {
        b->over = OVER_CROWDED;
        return -1;
    }
    b->held += n;
    return 0;
}

/* Back to the size of a new workspace, its memory given back. */
static void shrink(bfs *b)
{
    free(b->state);
    free(b->parent);
    free(b->move);
    free(b->depth);
    b->state = NULL;
    b->parent = b->depth = NULL;
    b->move = NULL;
    b->ncap = 0;
    free(b->slot);
    b->bits = 10;
    b->scap = MIN_SLOTS;
    b->slot = xcalloc(b->scap, sizeof *b->slot);
    budget_give(b->mem, b->held);
    b->held = 0;
}

void bfs_free(bfs *b)
{
    if (!b)
        return;
    if (b->parked)
        budget_unpark(b->mem, b->held);
    budget_give(b->mem, b->held);
    free(b->state);
    free(b->parent);
    free(b->move);
    free(b->depth);
    free(b->slot);
    free(b->next);
    free(b->next_move);
    free(b->path);
    free(b);
}

static size_t home(const bfs *b, uint64_t x)
{
    return (size_t)((x * HASH_MUL) >> (64 - b->bits));
}

/* The slot holding state x, or the empty slot where it would go. */
static size_t find(const bfs *b, uint64_t x)
{
    size_t mask = b->scap - 1, i = home(b, x);
    while (b->slot[i] && b->state[b->slot[i] - 1] != x)
        i = (i + 1) & mask;
    return i;
}

/* Double the hash table and put every node back; -1 without memory. */
static int grow_slots(bfs *b)
{
    if (take(b, b->scap * sizeof *b->slot))
        return -1;
    free(b->slot);
    b->scap *= 2;
    b->bits++;
    b->slot = xcalloc(b->scap, sizeof *b->slot);
    for (size_t n = 0; n < b->nnodes; n++)
        b->slot[find(b, b->state[n])] = (uint32_t)n + 1;
    return 0;
}

/* Forget the last search: clear just the slots it used, when few. */
static void clear(bfs *b)
{
    if (b->nnodes * 8 > b->scap) {
        memset(b->slot, 0, b->scap * sizeof *b->slot);
    } else {
        size_t mask = b->scap - 1;
        for (size_t n = 0; n < b->nnodes; n++) {
            size_t i = home(b, b->state[n]);
            while (b->slot[i] != n + 1) /* earlier clears leave holes */
                i = (i + 1) & mask;
            b->slot[i] = 0;
        }
    }
    b->nnodes = 0;
}

/* Add state x at empty slot i; returns 0, or -1 at the limit (of states,
   or of memory: then over). */
static int add(bfs *b, size_t i, uint64_t x, uint32_t parent, uint16_t move,
               uint64_t max_states)
{
    if (b->nnodes >= max_states || b->nnodes >= UINT32_MAX - 1)
        return -1;
    if (b->nnodes == b->ncap) {
        size_t more = b->ncap ? b->ncap : 4096;
        if (take(b, more * NODE_BYTES))
            return -1;
        b->ncap += more;
        b->state = xreallocarray(b->state, b->ncap, sizeof *b->state);
        b->parent = xreallocarray(b->parent, b->ncap, sizeof *b->parent);
        b->move = xreallocarray(b->move, b->ncap, sizeof *b->move);
        b->depth = xreallocarray(b->depth, b->ncap, sizeof *b->depth);
    }
    size_t n = b->nnodes++;
    b->state[n] = x;
    b->parent[n] = parent;
    b->move[n] = move;
    b->slot[i] = (uint32_t)n + 1;
    if (b->nnodes * 2 > b->scap)
        return grow_slots(b);
    return 0;
}

void bfs_expand_all(const bfs_rule *rule, uint64_t s, uint32_t *ids,
                    uint64_t *keys, uint64_t *out)
{
    uint32_t n = bfs_expand(rule, s, ids, keys);
    for (uint32_t m = 0; m < rule->moves; m++)
        out[m] = s;
    for (uint32_t j = 0; j < n; j++)
        if (ids[j] < rule->moves)
            out[ids[j]] = keys[j];
}

void bfs_steps(bfs *b, uint32_t moves, uint32_t **ids, uint64_t **next)
{
    if (moves > b->steps_cap || !b->next) {
        b->steps_cap = moves > 64 ? moves : 64;
        b->next = xreallocarray(b->next, b->steps_cap, sizeof *b->next);
        b->next_move =
            xreallocarray(b->next_move, b->steps_cap, sizeof *b->next_move);
    }
    *ids = b->next_move;
    *next = b->next;
}

uint32_t *bfs_path_buffer(bfs *b, size_t n)
{
    if (n > b->pcap) {
        b->pcap = n;
        b->path = xreallocarray(b->path, n, sizeof *b->path);
    }
    return b->path;
}

/* Depth of the parent chain of node n. */
static size_t chain_len(const bfs *b, size_t n)
{
    size_t len = 0;
    for (size_t k = n; b->parent[k] != NO_PARENT; k = b->parent[k])
        len++;
    return len;
}

/*
 * Write the moves of node n's parent chain into out: nearest first, or,
 * when reversed, farthest first.  Returns how many.
 */
static size_t chain(const bfs *b, size_t n, uint32_t *out, int reversed)
{
    size_t len = chain_len(b, n), i = 0;
    for (size_t k = n; b->parent[k] != NO_PARENT; k = b->parent[k], i++)
        out[reversed ? len - 1 - i : i] = b->move[k];
    return len;
}

static int is_goal(uint64_t x, const uint64_t *goals, uint32_t ngoals)
{
    for (uint32_t g = 0; g < ngoals; g++)
        if (goals[g] == x)
            return 1;
    return 0;
}

/* What a search needs at hand in its loop. */
typedef struct search {
    bfs *b;
    uint32_t (*inverse)(const void *, uint32_t);
    const void *inst;
    const bfs_rule *rule;
    uint64_t outside; /* bfs_outside() */
    uint64_t max_states;
    bfs_answer *ans;
} search;

/* Whether expand()'s step from s by move m to t broke the contract: if
   so, the answer says how. */
static int fault(search *sr, uint64_t s, uint32_t m, uint64_t t)
{
    const char *why = bfs_step_fault(sr->rule, sr->outside, s, m, t);
    if (!why)
        return 0;
    sr->ans->status = BFS_FAULT;
    sr->ans->fault_move = m;
    sr->ans->fault_why = why;
    return 1;
}

/* From the start to the first goal met: for rules that are not reversible. */
static void forward(search *sr, uint64_t start, const uint64_t *goals,
                    uint32_t ngoals)
{
    bfs *b = sr->b;
    uint64_t *next;
    uint32_t *move;
    bfs_steps(b, sr->rule->moves, &move, &next);
    if (add(b, find(b, start), start, NO_PARENT, 0, sr->max_states))
        goto limit;
    for (size_t head = 0; head < b->nnodes; head++) {
        uint64_t s = b->state[head];
        uint32_t nsteps = bfs_expand(sr->rule, s, move, next);
        for (uint32_t j = 0; j < nsteps; j++) {
            uint64_t t = next[j];
            uint32_t m = move[j];
            if (fault(sr, s, m, t))
                return;
            size_t i = find(b, t);
            if (b->slot[i])
                continue;
            if (add(b, i, t, (uint32_t)head, (uint16_t)m, sr->max_states))
                goto limit;
            if (is_goal(t, goals, ngoals)) {
                size_t n = b->nnodes - 1;
                sr->ans->status = BFS_FOUND;
                sr->ans->path = bfs_path_buffer(b, chain_len(b, n));
                sr->ans->len = chain(b, n, b->path, 1);
                return;
            }
        }
    }
    sr->ans->status = BFS_NONE;
    return;
limit:
    sr->ans->status = BFS_LIMIT;
}

/* The path through the meeting s -m-> u of len moves, whichever side s was
   on: start ... a, then m, then z ... goal.  A move made from the goal
   side is undone going forward: its inverse is taken. */
static void meet(search *sr, size_t s, size_t u, uint32_t m, uint64_t len)
{
    bfs *b = sr->b;
    size_t a = s, z = u;
    if (b->depth[s] & 1) {
        a = u, z = s;
        m = sr->inverse(sr->inst, m);
    }
    uint32_t *path = bfs_path_buffer(b, len);
    size_t n = chain(b, a, path, 1);
    path[n++] = m;
    size_t back = chain(b, z, path + n, 0);
    for (size_t i = n; i < n + back; i++)
        path[i] = sr->inverse(sr->inst, path[i]);
    n += back;
    sr->ans->status = BFS_FOUND;
    sr->ans->path = path;
    sr->ans->len = n;
    for (size_t i = 0; i < n; i++)
        if (path[i] >= sr->rule->moves) { /* an inverse() that is none */
            sr->ans->status = BFS_FAULT;
            sr->ans->fault_move = path[i];
            sr->ans->fault_why = "is not a move (from inverse())";
            return;
        }
}

/* The start at depth 0 on its side (node 0), then the goals on theirs;
   0, or -1 past max_states. */
static int seed(search *sr, uint64_t start, const uint64_t *goals,
                uint32_t ngoals)
{
    bfs *b = sr->b;
    if (add(b, find(b, start), start, NO_PARENT, 0, sr->max_states))
        return -1;
    b->depth[0] = 0;
    for (uint32_t g = 0; g < ngoals; g++) {
        size_t i = find(b, goals[g]);
        if (b->slot[i])
            continue;
        if (add(b, i, goals[g], NO_PARENT, 0, sr->max_states))
            return -1;
        b->depth[b->nnodes - 1] = 1; /* depth 0, goal side */
    }
    return 0;
}

/*
 * Bidirectional: for involutive rules, whole levels are expanded from the
 * start side and the goal side in turn, the smaller frontier first.  Once
 * a level meets the other side, the cheapest meeting of that level is a
 * shortest path (every path shorter would have met a level earlier).
 * Node depths live in b->depth, the side in its low bit.
 */
static void bidirectional(search *sr, uint64_t start, const uint64_t *goals,
                          uint32_t ngoals)
{
    bfs *b = sr->b;
    uint64_t *next;
    uint32_t *move;
    size_t lo[2], hi[2];           /* each side's frontier: nodes lo..hi */
    size_t best_s = 0, best_u = 0; /* the cheapest meeting: s -m-> u */
    uint64_t best = UINT64_MAX;
    uint32_t best_m = 0;

    bfs_steps(b, sr->rule->moves, &move, &next);
    if (seed(sr, start, goals, ngoals))
        goto limit;
    lo[0] = 0, hi[0] = 1;
    lo[1] = 1, hi[1] = b->nnodes;
    while (best == UINT64_MAX) {
        if (lo[0] == hi[0] || lo[1] == hi[1]) {
            sr->ans->status = BFS_NONE;
            return;
        }
        int x = hi[1] - lo[1] < hi[0] - lo[0]; /* the smaller side */
        size_t from = lo[x], to = hi[x];
        lo[x] = b->nnodes;
        for (size_t s = from; s < to; s++) {
            uint64_t st = b->state[s];
            uint32_t d = b->depth[s] + 2; /* one deeper, same side */
            uint32_t nsteps = bfs_expand(sr->rule, st, move, next);
            for (uint32_t j = 0; j < nsteps; j++) {
                uint64_t t = next[j];
                uint32_t m = move[j];
                if (fault(sr, st, m, t))
                    return;
                size_t i = find(b, t);
                if (b->slot[i]) {
                    size_t u = b->slot[i] - 1;
                    uint64_t cost = (b->depth[s] >> 1) + 1 + (b->depth[u] >> 1);
                    if ((b->depth[u] & 1) != (unsigned)x && cost < best) {
                        best = cost;
                        best_s = s, best_u = u, best_m = m;
                    }
                    continue;
                }
                if (add(b, i, t, (uint32_t)s, (uint16_t)m, sr->max_states))
                    goto limit;
                b->depth[b->nnodes - 1] = d;
            }
        }
        hi[x] = b->nnodes;
    }
    meet(sr, best_s, best_u, best_m, best);
    return;
limit:
    sr->ans->status = BFS_LIMIT;
}

/* One search of sr's puzzle from scratch, its answer in sr->ans. */
static void run(search *sr, const bfs_rule *rule, uint64_t start,
                const uint64_t *goals, uint32_t ngoals)
{
    clear(sr->b);
    sr->b->over = ROOM;
    memset(sr->ans, 0, sizeof *sr->ans);
    if (rule->reversible)
        bidirectional(sr, start, goals, ngoals);
    else
        forward(sr, start, goals, ngoals);
}

/*
 * After a search: keep the workspace, parked, or give its memory back
 * when it grew past KEEP_BYTES or the parked share is full.
 */
static void park(bfs *b)
{
    if (b->held > KEEP_BYTES || budget_park(b->mem, b->held)) {
        b->nnodes = 0;
        shrink(b);
        return;
    }
    b->parked = 1;
}

void bfs_solve(bfs *b, const bfs_rule *rule, uint64_t start,
               const uint64_t *goals, uint32_t ngoals, uint64_t max_states,
               bfs_answer *ans)
{
    search sr = {b,    rule->ops->inverse, rule->inst,
                 rule, bfs_outside(rule),  max_states,
                 ans};
    if (is_goal(start, goals, ngoals)) {
        clear(b);
        memset(ans, 0, sizeof *ans);
        ans->status = BFS_FOUND;
        return;
    }
    if (b->parked)
        budget_unpark(b->mem, b->held);
    b->parked = 0;
    budget_enter(b->mem);
    run(&sr, rule, start, goals, ngoals);
    budget_leave(b->mem);
    if (ans->status == BFS_LIMIT && b->over == OVER_CROWDED) {
        /* the others held memory this search's share would have: alone,
           the share is there, so the answer is the one -j1 gives (what
           this one holds goes back first: others may wait to run alone) */
        clear(b);
        shrink(b);
        budget_solo_begin(b->mem);
        run(&sr, rule, start, goals, ngoals);
        budget_solo_end(b->mem);
    }
    ans->visited = b->nnodes;
    ans->out_of_memory = ans->status == BFS_LIMIT && b->over != ROOM;
    park(b);
}
