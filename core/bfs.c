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

#include "util.h"

#define NO_PARENT UINT32_MAX
#define MIN_SLOTS 1024
#define HASH_MUL 0x9E3779B97F4A7C15ull

struct bfs {
    uint64_t *state;
    uint32_t *parent;
    uint16_t *move;
    size_t ncap, nnodes;
    uint32_t *slot; /* node number + 1, or 0 when empty */
    size_t scap;    /* a power of two */
    unsigned bits;  /* log2(scap) */
    uint64_t *next;
    uint16_t *path;
    size_t pcap;
};

bfs *bfs_new(void)
{
    bfs *b = xcalloc(1, sizeof *b);
    b->bits = 10;
    b->scap = MIN_SLOTS;
    b->slot = xcalloc(b->scap, sizeof *b->slot);
    b->next = xmalloc(GRIDBFS_MAX_MOVES * sizeof *b->next);
    return b;
}

void bfs_free(bfs *b)
{
    if (!b)
        return;
    free(b->state);
    free(b->parent);
    free(b->move);
    free(b->slot);
    free(b->next);
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

/* Double the hash table and put every node back. */
static void grow_slots(bfs *b)
{
    free(b->slot);
    b->scap *= 2;
    b->bits++;
    b->slot = xcalloc(b->scap, sizeof *b->slot);
    for (size_t n = 0; n < b->nnodes; n++)
        b->slot[find(b, b->state[n])] = (uint32_t)n + 1;
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

/* Add state x at empty slot i; returns 0, or -1 at the limit. */
static int add(bfs *b, size_t i, uint64_t x, uint32_t parent, uint16_t move,
               uint64_t max_states)
{
    if (b->nnodes >= max_states || b->nnodes >= UINT32_MAX - 1)
        return -1;
    if (b->nnodes == b->ncap) {
        b->ncap = b->ncap ? b->ncap * 2 : 4096;
        b->state = xreallocarray(b->state, b->ncap, sizeof *b->state);
        b->parent = xreallocarray(b->parent, b->ncap, sizeof *b->parent);
        b->move = xreallocarray(b->move, b->ncap, sizeof *b->move);
    }
    size_t n = b->nnodes++;
    b->state[n] = x;
    b->parent[n] = parent;
    b->move[n] = move;
    b->slot[i] = (uint32_t)n + 1;
    if (b->nnodes * 2 > b->scap)
        grow_slots(b);
    return 0;
}

uint16_t *bfs_path_buffer(bfs *b, size_t n)
{
    if (n > b->pcap) {
        b->pcap = n;
        b->path = xreallocarray(b->path, n, sizeof *b->path);
    }
    return b->path;
}

/* The moves on the parent chain of node n, nearest first. */
static size_t chain(bfs *b, size_t n)
{
    size_t len = 0;
    for (size_t k = n; b->parent[k] != NO_PARENT; k = b->parent[k])
        len++;
    bfs_path_buffer(b, len);
    len = 0;
    for (size_t k = n; b->parent[k] != NO_PARENT; k = b->parent[k])
        b->path[len++] = b->move[k];
    return len;
}

static int is_goal(uint64_t x, const uint64_t *goals, uint32_t ngoals)
{
    for (uint32_t g = 0; g < ngoals; g++)
        if (goals[g] == x)
            return 1;
    return 0;
}

void bfs_solve(bfs *b, const bfs_rule *rule, uint64_t start,
               const uint64_t *goals, uint32_t ngoals, uint64_t max_states,
               bfs_answer *ans)
{
    const uint64_t outside = rule->cells >= 64 ? 0 : ~0ull << rule->cells;
    void (*expand)(const void *, uint64_t, uint64_t *) = rule->ops->expand;
    const void *inst = rule->inst;
    const uint32_t moves = rule->moves;
    uint64_t *next = b->next;
    /* Involutive rules search from the goals: the path is then the parent
       chain of the start, already in order. */
    const int from_goals = rule->involutive;

    clear(b);
    memset(ans, 0, sizeof *ans);
    if (is_goal(start, goals, ngoals)) {
        ans->status = BFS_FOUND;
        return;
    }
    if (from_goals) {
        for (uint32_t g = 0; g < ngoals; g++) {
            size_t i = find(b, goals[g]);
            if (!b->slot[i] && add(b, i, goals[g], NO_PARENT, 0, max_states))
                goto limit;
        }
    } else if (add(b, find(b, start), start, NO_PARENT, 0, max_states)) {
        goto limit;
    }
    for (size_t head = 0; head < b->nnodes; head++) {
        uint64_t s = b->state[head];
        expand(inst, s, next);
        for (uint32_t m = 0; m < moves; m++) {
            uint64_t t = next[m];
            if (t == s)
                continue;
            if (t & outside) {
                ans->status = BFS_FAULT;
                ans->fault_move = m;
                return;
            }
            size_t i = find(b, t);
            if (b->slot[i])
                continue;
            if (add(b, i, t, (uint32_t)head, (uint16_t)m, max_states))
                goto limit;
            if (from_goals ? t == start : is_goal(t, goals, ngoals)) {
                size_t len = chain(b, b->nnodes - 1);
                if (!from_goals) /* reverse into start-to-goal order */
                    for (size_t k = 0; k < len / 2; k++) {
                        uint16_t x = b->path[k];
                        b->path[k] = b->path[len - 1 - k];
                        b->path[len - 1 - k] = x;
                    }
                ans->status = BFS_FOUND;
                ans->path = b->path;
                ans->len = len;
                return;
            }
        }
    }
    ans->status = BFS_NONE;
    return;
limit:
    ans->status = BFS_LIMIT;
}
