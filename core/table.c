/*
 * table.c - distance tables for rules whose goal set is fixed.
 *
 * One search from the goals labels every reachable state with its distance
 * (a byte per state, indexed by the state itself); a puzzle is then answered
 * by walking down the distances.  Because the walk always takes the
 * lowest-numbered move that goes one step down, paths are deterministic and
 * independent of how the table was built.
 */
#include <stdlib.h>
#include <string.h>

#include "bfs.h"
#include "util.h"

struct table {
    bfs_rule rule;
    uint8_t *dist; /* 2^cells entries */
};

int table_fits(const bfs_rule *rule, size_t budget)
{
    if (!rule->involutive || rule->cells > TABLE_MAX_CELLS)
        return 0;
    size_t states = (size_t)1 << rule->cells;
    /* The queue of 32-bit states is freed after the build; the budget
       bounds the kept distances and the queue together. */
    return states <= budget && states * sizeof(uint32_t) <= budget - states;
}

table *table_build(const bfs_rule *rule, const uint64_t *goals,
                   uint32_t ngoals, size_t budget, int *fault)
{
    *fault = 0;
    if (!table_fits(rule, budget))
        return NULL;
    size_t states = (size_t)1 << rule->cells;

    table *t = xcalloc(1, sizeof *t);
    uint32_t *queue = xmalloc(states * sizeof *queue);
    uint64_t *next = xmalloc(GRIDBFS_MAX_MOVES * sizeof *next);
    size_t head = 0, tail = 0;
    t->rule = *rule;
    t->dist = xmalloc(states);
    memset(t->dist, TABLE_UNREACHED, states);
    for (uint32_t g = 0; g < ngoals; g++)
        if (goals[g] < states && t->dist[goals[g]] == TABLE_UNREACHED) {
            t->dist[goals[g]] = 0;
            queue[tail++] = (uint32_t)goals[g];
        }
    while (head < tail) {
        uint32_t s = queue[head++];
        uint8_t d = t->dist[s];
        rule->ops->expand(rule->inst, s, next);
        for (uint32_t m = 0; m < rule->moves; m++) {
            if (next[m] >= states) {
                *fault = 1;
                goto fail;
            }
            if (t->dist[next[m]] == TABLE_UNREACHED) {
                if (d + 1 >= TABLE_UNREACHED) /* 255 marks unreached */
                    goto fail;
                t->dist[next[m]] = (uint8_t)(d + 1);
                queue[tail++] = (uint32_t)next[m];
            }
        }
    }
    free(queue);
    free(next);
    return t;
fail:
    free(queue);
    free(next);
    table_free(t);
    return NULL;
}

void table_free(table *t)
{
    if (!t)
        return;
    free(t->dist);
    free(t);
}

void table_solve(const table *t, uint64_t start, int with_path, bfs *b,
                 bfs_answer *ans)
{
    uint64_t next[GRIDBFS_MAX_MOVES];
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
    uint16_t *path = bfs_path_buffer(b, TABLE_UNREACHED);
    ans->path = path;
    for (uint64_t s = start; d > 0; d--) {
        t->rule.ops->expand(t->rule.inst, s, next);
        uint32_t m = 0;
        while (m < t->rule.moves &&
               (next[m] >= ((uint64_t)1 << t->rule.cells) ||
                t->dist[next[m]] != d - 1))
            m++;
        if (m == t->rule.moves) { /* only a plugin that changed its mind */
            ans->status = BFS_FAULT;
            ans->fault_move = 0;
            return;
        }
        path[ans->len++] = (uint16_t)m;
        s = next[m];
    }
}
