/* solve.c - see solve.h. */
#include "solve.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "replay.h"
#include "text.h"
#include "util.h"

#define EXACT_MOVES 4096 /* room for an exact solver's moves, at first */

bfs_rule solve_engine_rule(const rule_inst *in)
{
    const gridbfs_rule2 *r = &in->rule;
    return (bfs_rule){in->plugin->ops, r->inst, r->moves, r->key_bits,
                      (r->flags & GRIDBFS2_REVERSIBLE) != 0};
}

int solve_goals(const rule_inst *in, const gridbfs_grid *boards,
                uint64_t *goals, char *msg)
{
    const gridbfs_rule2 *r = &in->rule;
    uint64_t outside = r->key_bits >= 64 ? 0 : ~0ull << r->key_bits;
    int fixed = (r->flags & GRIDBFS2_FIXED_GOAL) != 0;
    uint32_t n = in->plugin->ops->goals(r->inst, fixed ? NULL : boards, goals,
                                        GRIDBFS_MAX_GOALS);
    int bad = n > GRIDBFS_MAX_GOALS;
    for (uint32_t g = 0; g < n && !bad; g++)
        bad = (goals[g] & outside) != 0;
    if (!bad)
        return (int)n;
    fmt(msg, RULES_MSG_MAX, "plugin '%s' broke its contract: goals() gave %s",
        in->plugin->name,
        n > GRIDBFS_MAX_GOALS ? "too many goals" : "a state off the board");
    return -1;
}

/* The goals of the puzzle, or status NONE or FAULT in ans. */
static uint32_t goals_of(const rule_inst *in, const gridbfs_grid *boards,
                         uint64_t *goals, bfs_answer *ans, char *msg)
{
    int n = solve_goals(in, boards, goals, msg);
    if (n < 0)
        ans->status = BFS_FAULT;
    else if (n == 0)
        ans->status = BFS_NONE;
    return n < 0 ? 0 : (uint32_t)n;
}

/* The answer for boards of at most 64 cells: a table or a search. */
static void search(rule_inst *in, const gridbfs_grid *boards, bfs *b,
                   bfs_answer *ans, char *msg)
{
    uint64_t goals[GRIDBFS_MAX_GOALS];
    bfs_rule br = solve_engine_rule(in);
    int fixed = (in->rule.flags & GRIDBFS2_FIXED_GOAL) != 0;
    const table *t = NULL;
    uint64_t start = rule_key(in, &boards[0]);

    if (start & bfs_outside(&br)) {
        memset(ans, 0, sizeof *ans);
        ans->status = BFS_FAULT;
        fmt(msg, RULES_MSG_MAX,
            "plugin '%s' broke its contract: key() gave a key past its "
            "key_bits",
            in->plugin->name);
        return;
    }
    if ((t = tslot_hold(&in->table))) {
        /* built: nothing else to ask the plugin */
        table_solve(t, start, in->need_path, b, ans);
        tslot_release(&in->table);
        goto done;
    }
    memset(ans, 0, sizeof *ans);
    uint32_t n = goals_of(in, boards, goals, ans, msg);
    if (n == 0)
        return;
    if (fixed && br.reversible &&
        (t = tshelf_get(in->shelf, &in->table, &br, goals, n))) {
        table_solve(t, start, in->need_path, b, ans);
        tslot_release(&in->table);
    } else if (in->target_tables &&
               (t = tcache_get(in->tcache, in, &br, goals, n))) {
        table_solve(t, start, in->need_path, b, ans);
        tcache_release(in->tcache, t);
    } else {
        bfs_solve(b, &br, start, goals, n, in->max_states, ans);
        if (in->target_tables)
            tcache_searched(in->tcache, in, goals, n, ans->visited);
    }
done:
    if (ans->status == BFS_FAULT)
        fmt(msg, RULES_MSG_MAX,
            "plugin '%s' broke its contract: move %" PRIu32 " %s",
            in->plugin->name, ans->fault_move, ans->fault_why);
    else if (ans->status == BFS_LIMIT && ans->out_of_memory)
        fmt(msg, RULES_MSG_MAX,
            "the search needed more than one search's share of "
            "limits.memory, %zu KiB of %zu KiB (limits: memory)",
            in->mem->share >> 10, in->mem->cap >> 10);
    else if (ans->status == BFS_LIMIT)
        fmt(msg, RULES_MSG_MAX,
            "more than %" PRIu64 " states searched (limits: max_states)",
            in->max_states);
}

/*
 * The plugin's exact solver.  Returns 0 with ans filled in, or -1 when it
 * refused this puzzle (why in msg).
 */
static int exact(const rule_inst *in, const gridbfs_grid *boards, bfs *b,
                 bfs_answer *ans, char *msg)
{
    const gridbfs_rule2 *r = &in->rule;
    int (*solve)(const void *, const gridbfs_grid *, uint32_t *, size_t,
                 size_t *, gridbfs_error *) = in->plugin->ops->solve;
    gridbfs_error err = {msg, RULES_MSG_MAX, -1};
    size_t cap = EXACT_MOVES, len = 0;
    int st;

    memset(ans, 0, sizeof *ans);
    msg[0] = '\0';
    if (!in->need_path) { /* room for no move: the count alone will do */
        st = solve(r->inst, boards, NULL, 0, &len, &err);
        if (st == GRIDBFS_TOO_LONG || (st == GRIDBFS_SOLVED && len == 0)) {
            ans->status = BFS_FOUND;
            ans->len = len;
            return 0;
        }
        if (st != GRIDBFS_SOLVED)
            goto answered;
    }
    for (int tries = 0;; tries++) {
        uint32_t *moves = bfs_path_buffer(b, cap);
        st = solve(r->inst, boards, moves, cap, &len, &err);
        if (st != GRIDBFS_TOO_LONG || tries == 1 || len <= cap)
            break;
        cap = len;
    }
answered:
    switch (st) {
    case GRIDBFS_SOLVED:
        ans->path = bfs_path_buffer(b, 0);
        ans->len = len;
        ans->status = len <= cap ? BFS_FOUND : BFS_FAULT;
        for (size_t i = 0; i < len && ans->status == BFS_FOUND; i++)
            if (ans->path[i] >= r->moves) {
                ans->status = BFS_FAULT;
                ans->fault_move = ans->path[i];
            }
        return 0;
    case GRIDBFS_IMPOSSIBLE: ans->status = BFS_NONE; return 0;
    case GRIDBFS_REFUSED: {
        char text[RULES_MSG_MAX];
        msg[RULES_MSG_MAX - 1] = '\0';
        fmt(msg, RULES_MSG_MAX, "%s",
            msg[0] ? text_quote(text, sizeof text, msg)
                   : "the exact solver refused this puzzle");
        return -1;
    }
    default: ans->status = BFS_FAULT; return 0;
    }
}

void solve_prepare(rule_inst *in)
{
    const gridbfs_rule2 *r = &in->rule;
    char msg[RULES_MSG_MAX];
    in->nfixed_goals = -1;
    if (!in->use_exact || !in->need_path || !(r->flags & GRIDBFS2_LINEAR) ||
        !(r->flags & GRIDBFS2_KEY_IS_BOARD) || in->bits != 1 || r->moves == 0)
        return;
    in->masks = xcalloc(r->moves, sizeof *in->masks);
    uint64_t *next = xmalloc(r->moves * sizeof *next);
    uint32_t *ids = xmalloc(r->moves * sizeof *ids);
    bfs_rule br = solve_engine_rule(in);
    uint32_t n = bfs_expand(&br, 0, ids, next);
    for (uint32_t j = 0; j < n; j++)
        if (ids[j] < r->moves)
            in->masks[ids[j]] = next[j];
    free(next);
    free(ids);
    if (r->flags & GRIDBFS2_FIXED_GOAL) /* -1 on a breach: said per record */
        in->nfixed_goals = solve_goals(in, NULL, in->fixed_goals, msg);
}

/*
 * The state path[0..n-1] leads to from start, into *end: by in's masks
 * (XOR moves on a two-symbol board that is its own key), else move by move
 * (replay.h).  0; 1 when a move does not apply where it is made; or -1
 * when one sets a cell off the board.
 */
static int path_end(const rule_inst *in, const gridbfs_grid *start,
                    const uint32_t *path, size_t n, uint64_t *end)
{
    uint32_t bits = in->rule.key_bits;
    if (in->masks) {
        uint64_t s = start->w[0];
        for (size_t i = 0; i < n; i++)
            s ^= in->masks[path[i]];
        *end = s;
        return bits < 64 && s >> bits ? -1 : 0;
    }
    gridbfs_grid cur = rule_grid_new(in);
    grid_copy(&cur, start);
    int status = 0;
    for (size_t i = 0; i < n && status == 0; i++)
        status = replay_move(in, &cur, path[i], &cur);
    if (status == 0)
        *end = rule_key(in, &cur);
    grid_free(&cur);
    return status;
}

/*
 * Check the exact solver's path in ans (boards of at most 64 cells) by
 * replaying it from the start: it must end on one of goals()'s states.
 * Only where the path was asked for anyway (README, "What is checked of a
 * plugin's answers": a count alone is taken on trust, as checking it
 * would cost the path); by the moves' masks where the plugin says they
 * are XORs (in->masks), else move by move (replay.h).  A breach makes ans
 * BFS_FAULT, with why in msg.
 */
static void exact_reaches_goal(const rule_inst *in, const gridbfs_grid *boards,
                               bfs_answer *ans, char *msg)
{
    uint64_t own[GRIDBFS_MAX_GOALS], end = 0;
    const uint64_t *goals = in->nfixed_goals >= 0 ? in->fixed_goals : own;
    int n = in->nfixed_goals >= 0 ? in->nfixed_goals
                                  : solve_goals(in, boards, own, msg);
    if (n < 0) {
        ans->status = BFS_FAULT;
        return;
    }
    int off = path_end(in, &boards[0], ans->path, ans->len, &end);
    if (off) {
        fmt(msg, RULES_MSG_MAX,
            "plugin '%s' broke its contract: solve()'s moves %s",
            in->plugin->name,
            off < 0 ? "lead off the board" : "include one that does not apply");
        ans->status = BFS_FAULT;
        return;
    }
    for (int g = 0; g < n; g++)
        if (goals[g] == end)
            return;
    fmt(msg, RULES_MSG_MAX,
        "plugin '%s' broke its contract: solve()'s %zu move%s end%s on a "
        "board that is not a goal",
        in->plugin->name, ans->len, ans->len == 1 ? "" : "s",
        ans->len == 1 ? "s" : "");
    ans->status = BFS_FAULT;
}

/* Why no search can answer in's puzzles, where no exact solver does. */
static void unsearchable(const rule_inst *in, char *msg)
{
    const gridbfs_rule2 *r = &in->rule;
    if (r->key_bits && r->moves > BFS_MAX_MOVES)
        fmt(msg, RULES_MSG_MAX,
            "%" PRIu32 " moves, more than the %d the search engine handles",
            r->moves, BFS_MAX_MOVES);
    else if (in->bits == 1)
        fmt(msg, RULES_MSG_MAX,
            "a %" PRIu32 "x%" PRIu32 " board has more than %d cells, the "
            "most the search engine handles",
            r->rows, r->cols, GRIDBFS_SEARCH_CELLS);
    else
        fmt(msg, RULES_MSG_MAX,
            "a %" PRIu32 "x%" PRIu32 " board's states have no 64-bit key "
            "(key_bits 0), which the search engine needs",
            r->rows, r->cols);
}

/* exact(), and while in->rent its time, paid towards the table's price:
   once paid, the next puzzles go to the table. */
static int rented_exact(rule_inst *in, const gridbfs_grid *boards, bfs *b,
                        bfs_answer *ans, char *msg)
{
    if (!in->rent)
        return exact(in, boards, b, ans, msg);
    uint64_t t0 = now_ns();
    int rc = exact(in, boards, b, ans, msg);
    uint64_t paid = atomic_fetch_add_explicit(&in->rent_paid_ns, now_ns() - t0,
                                              memory_order_relaxed);
    if (paid >= in->table_price_ns)
        atomic_store_explicit(&in->table_bought, 1, memory_order_relaxed);
    return rc;
}

solve_result solve_record(rule_inst *in, const gridbfs_grid *boards, bfs *b,
                          char *msg)
{
    const gridbfs_rule2 *r = &in->rule;
    solve_result res = {ST_INVALID, 0, NULL, 0, msg};
    bfs_answer ans;

    /* paid for; a table refused for good (too big for the tables' share,
       or too deep) leaves the exact solver answering, not a search */
    int bought =
        in->rent &&
        atomic_load_explicit(&in->table_bought, memory_order_relaxed) &&
        !tslot_never(&in->table);
    if (in->use_exact && !bought &&
        rented_exact(in, boards, b, &ans, msg) == 0) {
        if (ans.status == BFS_FAULT)
            fmt(msg, RULES_MSG_MAX,
                "plugin '%s' broke its contract: solve() gave an impossible "
                "answer",
                in->plugin->name);
        else if (ans.status == BFS_FOUND && ans.path && r->key_bits)
            exact_reaches_goal(in, boards, &ans, msg);
    } else if (!rule_searchable(in) || in->engine == ENGINE_EXACT) {
        if (!in->use_exact)
            unsearchable(in, msg);
        res.status = ST_LIMIT;
        return res;
    } else {
        search(in, boards, b, &ans, msg);
    }
    switch (ans.status) {
    case BFS_FOUND:
        res = (solve_result){ST_SOLVED, ans.len, ans.path, ans.len, NULL};
        break;
    case BFS_NONE: res = (solve_result){ST_IMPOSSIBLE, 0, NULL, 0, NULL}; break;
    case BFS_LIMIT: res.status = ST_LIMIT; break;
    case BFS_FAULT: res.status = ST_INVALID; break;
    }
    return res;
}
