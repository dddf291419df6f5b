/*
 * rules.c - rule instances and the solving of one record.
 *
 * An instance is a profile's parameters handed to its plugin's create(),
 * with "size" replaced when a record or -s asks for another size.  Instances
 * are few (profiles times sizes in use), so a linear list is the cache.
 */
#include "rules.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define DEFAULT_SIZE "4x4"
#define EXACT_MOVES 4096 /* room for an exact solver's moves, at first */
#define SIZE_TEXT_MAX 16

struct rules {
    pthread_mutex_t lock; /* guards building tables */
    const config *cfg;
    loader *ld;
    int force_path;
    size_t table_budget;
    rule_inst **inst;
    size_t ninst;
    tcache *tcache; /* tables for goals the puzzles give */
};

rules *rules_new(const config *cfg, loader *ld, int force_path,
                 size_t table_budget)
{
    rules *rs = xcalloc(1, sizeof *rs);
    rs->cfg = cfg;
    rs->ld = ld;
    rs->force_path = force_path;
    rs->table_budget = table_budget;
    rs->tcache = tcache_new(table_budget);
    pthread_mutex_init(&rs->lock, NULL);
    return rs;
}

void rules_free(rules *rs)
{
    if (!rs)
        return;
    for (size_t i = 0; i < rs->ninst; i++) {
        rule_inst *in = rs->inst[i];
        if (!in->error && in->plugin->ops->destroy)
            in->plugin->ops->destroy(in->rule.inst);
        table_free(in->table);
        free(in->name);
        free(in->error);
        free(in);
    }
    free(rs->inst);
    tcache_free(rs->tcache);
    pthread_mutex_destroy(&rs->lock);
    free(rs);
}

/* Whether c may stand for a cell: not a blank, a control byte, or a mark
   that frames records ('#' a comment, '/' and '=' a line record). */
static int cell_char(char c)
{
    return c > ' ' && c < 0x7f && c != '#' && c != '/' && c != '=';
}

/* Create in's rule through its plugin; sets in->error on failure. */
static void create(rule_inst *in, const cfg_param **bad)
{
    const cfg_profile *p = in->profile;
    size_t n = p ? p->nparams : 0;
    gridbfs_param *params = xcalloc(n + 1, sizeof *params);
    char size[SIZE_TEXT_MAX], text[RULES_MSG_MAX] = "";
    size_t np = 0, size_at = SIZE_MAX;

    for (size_t i = 0; i < n; i++) {
        if (strcmp(p->params[i].key, "size") == 0)
            size_at = np;
        params[np].key = p->params[i].key;
        params[np++].value = p->params[i].value;
    }
    if (size_at == SIZE_MAX) {
        size_at = np++;
        params[size_at].key = "size";
        params[size_at].value = DEFAULT_SIZE;
    }
    if (in->rows) {
        fmt(size, sizeof size, "%" PRIu32 "x%" PRIu32, in->rows, in->cols);
        params[size_at].value = size;
    }
    gridbfs_error err = {text, sizeof text, -1};
    in->rule.abi = GRIDBFS_ABI;
    in->rule.size = sizeof in->rule;
    if (in->plugin->ops->create(params, np, &in->rule, &err) != 0) {
        char full[RULES_MSG_MAX + 64];
        text[sizeof text - 1] = '\0';
        if (text[0])
            fmt(full, sizeof full, "rule '%s': %s", in->name, text);
        else
            fmt(full, sizeof full,
                "rule '%s': plugin '%s' refused the parameters without "
                "saying why",
                in->name, in->plugin->name);
        in->error = xstrdup(full);
        if (p && err.param >= 0 && (size_t)err.param < p->nparams)
            *bad = &p->params[err.param];
    } else if (in->rule.rows < 1 || in->rule.cols < 1 ||
               in->rule.rows > GRIDBFS_MAX_SIDE ||
               in->rule.cols > GRIDBFS_MAX_SIDE || in->rule.boards < 1 ||
               in->rule.boards > RECORD_MAX_BOARDS ||
               in->rule.moves > GRIDBFS_MAX_MOVES ||
               !cell_char(in->rule.one) || !cell_char(in->rule.zero) ||
               in->rule.one == in->rule.zero) {
        fmt(text, sizeof text,
            "rule '%s': plugin '%s' broke its contract: create() described "
            "an impossible rule",
            in->name, in->plugin->name);
        in->plugin->ops->destroy(in->rule.inst);
        in->error = xstrdup(text);
    }
    free(params);
}

/* Whether a distance table of inst's states fits the budget. */
static int fits_table(const rules *rs, const rule_inst *in)
{
    const gridbfs_rule *r = &in->rule;
    bfs_rule br = {in->plugin->ops, r->inst, r->moves, r->rows * r->cols,
                   (r->flags & GRIDBFS_INVOLUTIVE) != 0};
    return br.cells <= GRIDBFS_SEARCH_CELLS &&
           table_fits(&br, rs->table_budget);
}

rule_inst *rules_get(rules *rs, const char *name, uint32_t rows,
                     uint32_t cols, const cfg_param **bad)
{
    char err[RULES_MSG_MAX], full[RULES_MSG_MAX + 64];
    *bad = NULL;
    for (size_t i = 0; i < rs->ninst; i++) {
        rule_inst *in = rs->inst[i];
        if (in->rows == rows && in->cols == cols &&
            strcmp(in->name, name) == 0)
            return in;
    }
    rule_inst *in = xcalloc(1, sizeof *in);
    in->name = xstrdup(name);
    in->rows = rows;
    in->cols = cols;
    in->profile = config_profile(rs->cfg, name);
    const char *plugin = in->profile ? in->profile->plugin : name;
    if (!plugin) {
        fmt(err, sizeof err, "rule '%s' names no plugin", name);
        in->error = xstrdup(err);
    } else if (!(in->plugin = loader_get(rs->ld, plugin, err, sizeof err))) {
        if (in->profile)
            fmt(full, sizeof full, "rule '%s': %s", name, err);
        else if (loader_missing(rs->ld, name)) /* a name, and a valid one */
            fmt(full, sizeof full, "unknown rule '%s'", name);
        else /* a plugin that cannot be used says why; a bad name too */
            fmt(full, sizeof full, "%s", err);
        in->error = xstrdup(full);
    } else {
        create(in, bad);
    }
    int path = in->profile ? in->profile->path : -1;
    in->with_path = rs->force_path || (path < 0 ? rs->cfg->path : path);
    const char *engine = in->profile ? in->profile->engine : NULL;
    in->engine = !engine || !strcmp(engine, "auto") ? ENGINE_AUTO
                 : !strcmp(engine, "search")        ? ENGINE_SEARCH
                                                    : ENGINE_EXACT;
    if (!in->error) {
        const gridbfs_plugin *ops = in->plugin->ops;
        in->need_path = in->with_path || GRIDBFS_PLUGIN_OP(ops, judge_text);
        rules_set_cells(in);
        int fixed = (in->rule.flags & GRIDBFS_FIXED_GOAL) != 0;
        int fits = fits_table(rs, in);
        /* auto: a table where one fits, else the exact solver, else search */
        in->use_exact = GRIDBFS_PLUGIN_OP(ops, solve) &&
                        (in->engine == ENGINE_EXACT ||
                         (in->engine == ENGINE_AUTO &&
                          (in->rule.rows * in->rule.cols > GRIDBFS_SEARCH_CELLS ||
                           !(fixed && fits))));
        /* A table for the puzzle's own goals finds another shortest path
           than a search would, and answers where a search would stop at
           max_states: only where no path is printed and no search can stop,
           so that an answer never depends on the records before it. */
        in->target_tables = !fixed && fits && !in->need_path && /* fits: */
                            rs->cfg->max_states >= /* at most 30 cells */
                                (uint64_t)1 << (in->rule.rows * in->rule.cols);
        if (in->engine == ENGINE_EXACT && !GRIDBFS_PLUGIN_OP(ops, solve)) {
            fmt(full, sizeof full,
                "rule '%s': engine exact, but plugin '%s' has no exact solver",
                name, plugin);
            ops->destroy(in->rule.inst);
            in->error = xstrdup(full);
        }
    }
    in->impossible = in->profile ? in->profile->impossible : NULL;
    rs->inst = xreallocarray(rs->inst, rs->ninst + 1, sizeof *rs->inst);
    rs->inst[rs->ninst++] = in;
    return in;
}

void rules_set_cells(rule_inst *in)
{
    memset(in->cell, CELL_BAD, sizeof in->cell);
    in->cell[(unsigned char)in->rule.zero] = CELL_ZERO;
    in->cell[(unsigned char)in->rule.one] = CELL_ONE;
}

/*
 * n cells of text t into board bd from cell k on; returns -1, or the index
 * in t of the first byte that is not a cell.
 */
static long pack(const rule_inst *in, const char *t, uint32_t n, uint32_t k,
                 gridbfs_board *bd)
{
    const unsigned char *u = (const unsigned char *)t;
    unsigned seen = 0;
    for (uint32_t c = 0; c < n; c++, k++) { /* no branches */
        unsigned v = in->cell[u[c]];
        bd->w[k / 64] |= (uint64_t)(v & CELL_ONE) << k % 64;
        seen |= v;
    }
    if (!(seen & CELL_BAD))
        return -1;
    long c = 0;
    while (in->cell[u[c]] != CELL_BAD)
        c++;
    return c;
}

/* Why byte b of row row (1-based) is refused. */
static void bad_cell(const gridbfs_rule *r, uint32_t row, char b, char *msg)
{
    unsigned char u = (unsigned char)b;
    if (u > 0x20 && u < 0x7f)
        fmt(msg, RULES_MSG_MAX,
            "row %" PRIu32 ": '%c' is not a cell (expected '%c' or '%c')", row,
            b, r->one, r->zero);
    else
        fmt(msg, RULES_MSG_MAX,
            "row %" PRIu32 ": byte 0x%02x is not a cell (expected '%c' or "
            "'%c')",
            row, u, r->one, r->zero);
}

int rules_pack(const rule_inst *in, const char *cells, gridbfs_board *boards,
               char *msg, uint32_t *bad_row)
{
    const gridbfs_rule *r = &in->rule;
    uint32_t n = r->rows * r->cols;
    for (uint32_t b = 0; b < r->boards; b++, cells += n) {
        boards[b] = (gridbfs_board){{0}}; /* the ABI: all zero bits */
        long c = pack(in, cells, n, 0, &boards[b]);
        if (c >= 0) {
            uint32_t row = (uint32_t)c / r->cols;
            bad_cell(r, row + 1, cells[c], msg);
            *bad_row = b * r->rows + row;
            return -1;
        }
    }
    return 0;
}

/*
 * The record's faults in order, the first one reported: the record, the
 * rule, the number of boards, then board by board its rows, and row by row
 * its length and, when boards is not NULL, its cells, packed into boards.
 */
static int parse(const rule_inst *in, const record *rec, gridbfs_board *boards,
                 char *msg, uint64_t *msg_line)
{
    const gridbfs_rule *r = &in->rule;
    *msg_line = rec->line;
    if (rec->error) {
        fmt(msg, RULES_MSG_MAX, "%s", rec->error);
        *msg_line = rec->error_line;
        return -1;
    }
    if (in->error) {
        fmt(msg, RULES_MSG_MAX, "%s", in->error);
        return -1;
    }
    if (rec->nboards != r->boards) {
        fmt(msg, RULES_MSG_MAX, "expected %" PRIu32 " board%s, got %" PRIu32,
            r->boards, r->boards == 1 ? "" : "s", rec->nboards);
        return -1;
    }
    const record_row *row = rec->row;
    for (uint32_t b = 0; b < rec->nboards; b++) {
        if (boards)
            boards[b] = (gridbfs_board){{0}}; /* the ABI: all zero bits */
        if (rec->board_rows[b] != r->rows) {
            fmt(msg, RULES_MSG_MAX,
                "board %" PRIu32 " has %" PRIu32 " rows, expected %" PRIu32,
                b + 1, rec->board_rows[b], r->rows);
            *msg_line = row->line;
            return -1;
        }
        for (uint32_t i = 0; i < r->rows; i++, row++) {
            long c = -1;
            if (row->len != r->cols)
                fmt(msg, RULES_MSG_MAX,
                    "row %" PRIu32 " has %" PRIu32 " cells, expected %" PRIu32,
                    i + 1, row->len, r->cols);
            else if (boards &&
                     (c = pack(in, row->text, r->cols, i * r->cols,
                               &boards[b])) >= 0)
                bad_cell(r, i + 1, row->text[c], msg);
            if (row->len != r->cols || c >= 0) {
                *msg_line = row->line;
                return -1;
            }
        }
    }
    *msg_line = rec->line;
    return 0;
}

int rules_check(const rule_inst *in, const record *rec, char *msg,
                uint64_t *msg_line)
{
    return parse(in, rec, NULL, msg, msg_line);
}

int rules_parse(const rule_inst *in, const record *rec,
                gridbfs_board *boards, char *msg, uint64_t *msg_line)
{
    return parse(in, rec, boards, msg, msg_line);
}

/* The answer for boards of at most 64 cells. */
static void search(rules *rs, rule_inst *in, const gridbfs_board *boards,
                   bfs *b, bfs_answer *ans, char *msg)
{
    const gridbfs_rule *r = &in->rule;
    const gridbfs_plugin *ops = in->plugin->ops;
    uint32_t cells = r->rows * r->cols;
    uint64_t goals[GRIDBFS_MAX_GOALS];
    uint64_t outside = cells >= 64 ? 0 : ~0ull << cells;
    bfs_rule br = {ops, r->inst, r->moves, cells,
                   (r->flags & GRIDBFS_INVOLUTIVE) != 0};
    int fixed = (r->flags & GRIDBFS_FIXED_GOAL) != 0;

    if (atomic_load_explicit(&in->table_tried, memory_order_acquire) &&
        in->table) { /* built: nothing else to ask the plugin */
        table_solve(in->table, boards[0].w[0], in->need_path, b, ans);
        goto done;
    }
    uint32_t n = ops->goals(r->inst, fixed ? NULL : boards, goals,
                            GRIDBFS_MAX_GOALS);
    int bad = n > GRIDBFS_MAX_GOALS;
    for (uint32_t g = 0; g < n && !bad; g++)
        bad = (goals[g] & outside) != 0;
    if (bad) {
        ans->status = BFS_FAULT;
        fmt(msg, RULES_MSG_MAX,
            "plugin '%s' broke its contract: goals() gave %s", in->plugin->name,
            n > GRIDBFS_MAX_GOALS ? "too many goals" : "a state off the board");
        return;
    }
    if (n == 0) {
        ans->status = BFS_NONE;
        return;
    }
    if (fixed && br.involutive &&
        !atomic_load_explicit(&in->table_tried, memory_order_acquire)) {
        pthread_mutex_lock(&rs->lock); /* one thread builds, others wait */
        if (!atomic_load_explicit(&in->table_tried, memory_order_relaxed)) {
            int fault;
            in->table = table_build(&br, goals, n, rs->table_budget, &fault);
            atomic_store_explicit(&in->table_tried, 1, memory_order_release);
        }
        pthread_mutex_unlock(&rs->lock);
    }
    const table *t = in->table;
    if (!t && in->target_tables)
        t = tcache_get(rs->tcache, in, &br, goals, n);
    if (t) {
        table_solve(t, boards[0].w[0], in->need_path, b, ans);
        if (t != in->table)
            tcache_release(rs->tcache, t);
    } else {
        bfs_solve(b, &br, boards[0].w[0], goals, n, rs->cfg->max_states, ans);
        if (in->target_tables)
            tcache_searched(rs->tcache, in, goals, n, ans->visited);
    }
done:
    if (ans->status == BFS_FAULT)
        fmt(msg, RULES_MSG_MAX,
            "plugin '%s' broke its contract: move %" PRIu32
            " leads off the board",
            in->plugin->name, ans->fault_move);
    else if (ans->status == BFS_LIMIT)
        fmt(msg, RULES_MSG_MAX,
            "more than %" PRIu64 " states searched (limits: max_states)",
            rs->cfg->max_states);
}

/*
 * The plugin's exact solver.  Returns 0 with ans filled in, or -1 when it
 * refused this puzzle (why in msg).
 */
static int exact(rule_inst *in, const gridbfs_board *boards, bfs *b,
                 bfs_answer *ans, char *msg)
{
    const gridbfs_rule *r = &in->rule;
    int (*solve)(const void *, const gridbfs_board *, uint16_t *, size_t,
                 size_t *, gridbfs_error *) =
        GRIDBFS_PLUGIN_OP(in->plugin->ops, solve);
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
        uint16_t *moves = bfs_path_buffer(b, cap);
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
    case GRIDBFS_IMPOSSIBLE:
        ans->status = BFS_NONE;
        return 0;
    case GRIDBFS_REFUSED:
        if (!msg[0])
            fmt(msg, RULES_MSG_MAX, "the exact solver refused this puzzle");
        return -1;
    default:
        ans->status = BFS_FAULT;
        return 0;
    }
}

void rules_answer(rules *rs, rule_inst *in, const gridbfs_board *boards,
                  bfs *b, out_result *res, char *msg)
{
    const gridbfs_rule *r = &in->rule;
    uint32_t cells = r->rows * r->cols;
    int use_exact = in->use_exact;
    bfs_answer ans;

    res->with_path = in->with_path;
    res->ops = in->plugin->ops;
    res->inst = r->inst;
    res->impossible = in->impossible;
    res->message = msg;
    if (use_exact && exact(in, boards, b, &ans, msg) == 0) {
        if (ans.status == BFS_FAULT)
            fmt(msg, RULES_MSG_MAX,
                "plugin '%s' broke its contract: solve() gave an impossible "
                "answer",
                in->plugin->name);
    } else if (cells > GRIDBFS_SEARCH_CELLS || in->engine == ENGINE_EXACT) {
        res->status = ST_LIMIT;
        if (!use_exact)
            fmt(msg, RULES_MSG_MAX,
                "a %" PRIu32 "x%" PRIu32 " board has more than %d cells, the "
                "most the search engine handles",
                r->rows, r->cols, GRIDBFS_SEARCH_CELLS);
        return;
    } else {
        search(rs, in, boards, b, &ans, msg);
    }
    switch (ans.status) {
    case BFS_FOUND:
        res->status = ST_SOLVED;
        res->moves = ans.len;
        res->path = ans.path;
        res->npath = ans.len;
        res->message = NULL;
        break;
    case BFS_NONE:
        res->status = ST_IMPOSSIBLE;
        res->message = NULL;
        break;
    case BFS_LIMIT:
        res->status = ST_LIMIT;
        break;
    case BFS_FAULT:
        res->status = ST_INVALID;
        break;
    }
}
