/*
 * peg.c - peg solitaire, for the tests of a rule with no move at some
 * sizes and moves that are not their own inverses.
 *
 * '1' is a peg, '0' a hole.  A move jumps a peg over the peg next to it,
 * along a row or a column, into the hole just beyond, and takes the peg
 * jumped over away; where the cells are not so, it does not apply.  The
 * goal: one peg left, anywhere (the boards of one peg, GRIDBFS_FIXED_GOAL;
 * at most 64 of them).  A jump is never undone by itself, so the rule is
 * not GRIDBFS_INVOLUTIVE.  With the parameter fixed: no, the goals are
 * the same but not flagged fixed (a plugin may always say less).  Move k is the
 * jump from cell k / 4 (r * cols + c) in direction k % 4 (right, left, down,
 * up), numbered among those that stay on the board; a board of at most 2x2 has
 * no room for one, and its rule has 0 moves.  Judge text "R C right", compact
 * "R,C,right" (1-based).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gridbfs/plugin.h>

#include "stubs.h"

/* The oldest ABI that sets rows and cols: 1.2. */
#define PEG_MIN_ABI ((uint32_t)1 << 16 | 2)
#define DIRECTIONS 4
#define MAX_JUMPS (GRIDBFS_SEARCH_CELLS * DIRECTIONS)

static const char *const direction[DIRECTIONS] = {"right", "left", "down",
                                                  "up"};
static const int dr[DIRECTIONS] = {0, 0, 1, -1};
static const int dc[DIRECTIONS] = {1, -1, 0, 0};

/* One jump: the cell it leaves, the cell it jumps over, where it lands. */
struct jump {
    uint64_t from, over, to;
    uint32_t cell, dir;
};

struct peg {
    uint32_t cols, cells, njumps;
    struct jump jump[MAX_JUMPS];
};

static int peg_create(const gridbfs_param *params, size_t nparams,
                      gridbfs_rule *rule, gridbfs_error *err)
{
    struct peg *p;
    int fixed = 1;

    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "fixed") == 0 &&
            (fixed = strcmp(params[i].value, "yes") == 0) == 0 &&
            strcmp(params[i].value, "no") != 0) {
            refuse(err, (long)i, "fixed: expected yes or no");
            return -1;
        } else if (strcmp(params[i].key, "size") != 0 &&
                   strcmp(params[i].key, "fixed") != 0) {
            refuse(err, (long)i, "unknown parameter");
            return -1;
        }
    if (rule->abi < PEG_MIN_ABI || rule->rows * rule->cols > 64) {
        refuse(err, -1, "size: expected at most 64 cells");
        return -1;
    }
    if (!(p = calloc(1, sizeof *p))) {
        refuse(err, -1, "out of memory");
        return -1;
    }
    p->cols = rule->cols;
    p->cells = rule->rows * rule->cols;
    for (uint32_t k = 0; k < p->cells * DIRECTIONS; k++) {
        int r = (int)(k / DIRECTIONS / rule->cols);
        int c = (int)(k / DIRECTIONS % rule->cols), d = (int)(k % DIRECTIONS);
        int r2 = r + 2 * dr[d], c2 = c + 2 * dc[d];
        if (r2 < 0 || c2 < 0 || r2 >= (int)rule->rows || c2 >= (int)rule->cols)
            continue;
        p->jump[p->njumps++] = (struct jump){
            (uint64_t)1 << (r * (int)rule->cols + c),
            (uint64_t)1 << ((r + dr[d]) * (int)rule->cols + c + dc[d]),
            (uint64_t)1 << (r2 * (int)rule->cols + c2), k / DIRECTIONS,
            (uint32_t)d};
    }
    rule->inst = p;
    rule->one = '1';
    rule->zero = '0';
    rule->boards = 1;
    rule->moves = p->njumps;
    rule->flags = fixed ? GRIDBFS_FIXED_GOAL : 0;
    return 0;
}

static void peg_destroy(void *inst)
{
    free(inst);
}

/* Every board of one peg. */
static uint32_t peg_goals(const void *inst, const gridbfs_board *boards,
                          uint64_t *out, uint32_t max)
{
    const struct peg *p = inst;
    (void)boards; /* fixed: no still gives the same goals */
    for (uint32_t k = 0; k < p->cells && k < max; k++)
        out[k] = (uint64_t)1 << k;
    return p->cells;
}

static void peg_expand(const void *inst, uint64_t state, uint64_t *next)
{
    const struct peg *p = inst;
    for (uint32_t m = 0; m < p->njumps; m++) {
        const struct jump *j = &p->jump[m];
        int can = (state & j->from) && (state & j->over) && !(state & j->to);
        next[m] = can ? (state & ~(j->from | j->over)) | j->to : state;
    }
}

static int peg_move_text(const void *inst, uint32_t move, int style, char *buf,
                         size_t cap)
{
    const struct peg *p = inst;
    if (move >= p->njumps)
        return -1;
    const struct jump *j = &p->jump[move];
    char sep = style == GRIDBFS_MOVE_JUDGE ? ' ' : ',';
    int n =
        snprintf(buf, cap, "%u%c%u%c%s", (unsigned)(j->cell / p->cols + 1), sep,
                 (unsigned)(j->cell % p->cols + 1), sep, direction[j->dir]);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static const gridbfs_param_doc peg_params[] = {
    {"size", "3x3", "board size RxC, at most 64 cells"},
    {"fixed", "yes", "no: the same goals, not flagged GRIDBFS_FIXED_GOAL"},
    {NULL, NULL, NULL},
};

static const gridbfs_plugin table = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "peg",
    .summary = "peg solitaire: jump a peg over another until one is left",
    .params = peg_params,
    .create = peg_create,
    .destroy = peg_destroy,
    .goals = peg_goals,
    .expand = peg_expand,
    .move_text = peg_move_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
