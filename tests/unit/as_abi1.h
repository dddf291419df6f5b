/*
 * as_abi1.h - an ABI 2 plugin's two-colour rules seen through ABI 1's
 * table, for the unit tests written against ABI 1 (plugins.c,
 * flip_exact.c, lines_exact.c): flip-neighbors and flip-lines speak ABI 2,
 * and their hand-worked expectations of those rules still stand.  A
 * board of ABI 1 is the grid of 1-bit cells over the same words; symbol 0 is
 * zero, 1 one. Two plugins a program at most (each table's create() knows its
 * own).
 */
#ifndef GRIDBFS_TEST_AS_ABI1_H
#define GRIDBFS_TEST_AS_ABI1_H

#include <stdlib.h>
#include <string.h>

#include <gridbfs/plugin.h>

#define AS1_SLOTS 2
static const gridbfs_plugin2 *as1_v2[AS1_SLOTS];

typedef struct as1_inst {
    const gridbfs_plugin2 *v2;
    void *inst;
    uint32_t rows, cols, moves;
} as1_inst;

/* board as a grid (read only, but for out parameters). */
static gridbfs_grid as1_grid(const as1_inst *a, const gridbfs_board *b)
{
    return (gridbfs_grid){a->rows, a->cols, 1, (uint64_t *)(uintptr_t)b->w};
}

static int as1_create(const gridbfs_plugin2 *v2, const gridbfs_param *params,
                      size_t n, gridbfs_rule *rule, gridbfs_error *err)
{
    gridbfs_rule2 r = {.abi = GRIDBFS_ABI2,
                       .size = sizeof r,
                       .rows = rule->rows,
                       .cols = rule->cols};
    as1_inst *a;
    if (v2->create(params, n, &r, err) != 0)
        return -1;
    if (!(a = malloc(sizeof *a))) {
        v2->destroy(r.inst);
        return -1;
    }
    *a = (as1_inst){v2, r.inst, r.rows, r.cols, r.moves};
    rule->inst = a;
    rule->boards = r.boards;
    rule->moves = r.moves;
    rule->flags =
        (r.flags & GRIDBFS2_REVERSIBLE ? GRIDBFS_INVOLUTIVE : 0u) |
        (r.flags & GRIDBFS2_FIXED_GOAL ? GRIDBFS_FIXED_GOAL : 0u) |
        (r.flags & GRIDBFS2_TEXT_BY_COUNT ? GRIDBFS_TEXT_BY_COUNT : 0u) |
        (r.flags & GRIDBFS2_LINEAR ? GRIDBFS_XOR_MOVES : 0u);
    rule->zero = r.symbols[0];
    rule->one = r.symbols[1];
    return 0;
}

static int as1_create0(const gridbfs_param *params, size_t n,
                       gridbfs_rule *rule, gridbfs_error *err)
{
    return as1_create(as1_v2[0], params, n, rule, err);
}

static int as1_create1(const gridbfs_param *params, size_t n,
                       gridbfs_rule *rule, gridbfs_error *err)
{
    return as1_create(as1_v2[1], params, n, rule, err);
}

static void as1_destroy(void *inst)
{
    as1_inst *a = inst;
    a->v2->destroy(a->inst);
    free(a);
}

static uint32_t as1_goals(const void *inst, const gridbfs_board *boards,
                          uint64_t *out, uint32_t max)
{
    const as1_inst *a = inst;
    gridbfs_grid g[2];
    if (boards) {
        g[0] = as1_grid(a, &boards[0]);
        g[1] = as1_grid(a, &boards[1]);
    }
    return a->v2->goals(a->inst, boards ? g : NULL, out, max);
}

static void as1_expand(const void *inst, uint64_t state, uint64_t *next)
{
    const as1_inst *a = inst;
    static _Thread_local uint32_t ids[GRIDBFS_MAX_MOVES];
    static _Thread_local uint64_t to[GRIDBFS_MAX_MOVES];
    uint32_t n = a->v2->expand(a->inst, state, ids, to);
    for (uint32_t m = 0; m < a->moves; m++)
        next[m] = state;
    for (uint32_t j = 0; j < n; j++)
        next[ids[j]] = to[j];
}

static void as1_apply(const void *inst, const gridbfs_board *board,
                      uint32_t move, gridbfs_board *out)
{
    const as1_inst *a = inst;
    *out = *board;
    gridbfs_grid from = as1_grid(a, board), to = as1_grid(a, out);
    a->v2->apply(a->inst, &from, move, &to);
}

static int as1_move_text(const void *inst, uint32_t move, int style, char *buf,
                         size_t cap)
{
    const as1_inst *a = inst;
    return a->v2->move_text(a->inst, move, style, buf, cap);
}

static int as1_solve(const void *inst, const gridbfs_board *boards,
                     uint16_t *moves, size_t cap, size_t *len,
                     gridbfs_error *err)
{
    const as1_inst *a = inst;
    static _Thread_local uint32_t ids[GRIDBFS_MAX_MOVES];
    gridbfs_grid g[2] = {as1_grid(a, &boards[0]), as1_grid(a, &boards[1])};
    if (cap > GRIDBFS_MAX_MOVES)
        cap = GRIDBFS_MAX_MOVES;
    int st = a->v2->solve(a->inst, g, moves ? ids : NULL, cap, len, err);
    for (size_t i = 0; st == GRIDBFS_SOLVED && i < *len; i++)
        moves[i] = (uint16_t)ids[i];
    return st;
}

/* Where judge_text() writes: buf, cap bytes with the NUL. */
typedef struct as1_buf {
    char *buf;
    size_t len, cap;
} as1_buf;

static int as1_write(void *ctx, const char *s, size_t n)
{
    as1_buf *b = ctx;
    if (b->len + n >= b->cap)
        return -1;
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
    return 0;
}

static int as1_judge_text(const void *inst, const uint16_t *moves, size_t n,
                          int with_path, char *buf, size_t cap)
{
    const as1_inst *a = inst;
    static _Thread_local uint32_t ids[GRIDBFS_MAX_MOVES];
    as1_buf b = {buf, 0, cap};
    gridbfs_writer w = {&b, as1_write};
    if (!buf || cap == 0 || n > GRIDBFS_MAX_MOVES)
        return -1;
    buf[0] = '\0';
    for (size_t i = 0; moves && i < n; i++)
        ids[i] = moves[i];
    if (a->v2->judge_text(a->inst, moves ? ids : NULL, n, with_path, &w) < 0)
        return -1;
    return (int)b.len;
}

/* The ABI 1 view of v2. */
static const gridbfs_plugin *as_abi1(const gridbfs_plugin2 *v2)
{
    static gridbfs_plugin tables[AS1_SLOTS];
    static int used;
    if (used == AS1_SLOTS)
        abort();
    gridbfs_plugin *t = &tables[used];
    as1_v2[used] = v2;
    *t = (gridbfs_plugin){
        .abi = GRIDBFS_ABI,
        .size = sizeof *t,
        .name = v2->name,
        .summary = v2->summary,
        .params = v2->params,
        .create = used ? as1_create1 : as1_create0,
        .destroy = as1_destroy,
        .goals = as1_goals,
        .expand = as1_expand,
        .move_text = as1_move_text,
        .solve = v2->solve ? as1_solve : NULL,
        .judge_text = v2->judge_text ? as1_judge_text : NULL,
        .apply = as1_apply,
    };
    used++;
    return t;
}

#endif /* GRIDBFS_TEST_AS_ABI1_H */
