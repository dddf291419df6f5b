/*
 * lights2.c - Lights Out of K colours written natively against ABI 2, for
 * the tests: a press adds the stencil's digits, mod K, to its cell and the
 * cells around it (no wrap), goal all 0, on any RxC whose cells fit one
 * 64-bit key; symbols '0', '1', ... (K of them).  With K = 2 and the plus
 * stencil it is Lights Out, and its answers must be flipref's; with K = 3
 * and 010/121/010 it is HDU 5755's press, and they must be klightsref's.
 * It offers no exact solver, so the core searches it; its presses ("r c",
 * 1-based) must replay there.  Its key is the board's one word (dense for
 * two colours below 64 cells).  With two colours each press is its own
 * inverse; with more, undoing a press takes K - 1 of it, so the rule is
 * not reversible and is searched from the start.
 *
 * A parameter `breach` makes it break one part of the ABI 2 contract, so
 * that the core's refusal can be tested: `symbols` (two equal), `bits`
 * (key_bits past 64), `dense` (DENSE with no states), `expand` (a key
 * off the board), `stay` (a reported move that stays), `key` (a board's
 * key past key_bits), `inverse` (an inverse that is no move) or `apply`
 * (a cell set to a value that is no symbol's).  Two more take its key
 * away (key_bits 0), so that --census asks goal_board() for its goal, the
 * all-0 board: `nokey` keeps to the contract, `goal` gives a board with a
 * light on.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gridbfs/plugin.h>

#include "stubs.h"

#define MAX_COLOURS 16

typedef struct lights {
    uint32_t rows, cols, k, bits;
    uint64_t add[64]; /* what each press adds, a digit a cell */
    char symbols[MAX_COLOURS + 1];
    char breach[16];
} lights;

static const gridbfs_param_doc lights_params[] = {
    {"breach", "", "break one part of the contract (see the source)"},
    {"colours", "2", "K, 2 to 16"},
    {"stencil", "010/111/010", "what a press adds around its cell"},
    {"size", "4x4", "board size RxC, whose cells fit 64 bits"},
    {NULL, NULL, NULL},
};

/* key + add, cell by cell mod K. */
static uint64_t plus(const lights *l, uint64_t key, uint64_t add)
{
    if (l->k == 2)
        return key ^ add;
    uint64_t out = 0, mask = ((uint64_t)1 << l->bits) - 1;
    for (uint32_t c = 0; c < l->rows * l->cols; c++) {
        uint64_t v = (key >> c * l->bits & mask) + (add >> c * l->bits & mask);
        out |= v % l->k << c * l->bits;
    }
    return out;
}

static uint32_t inverse(const void *inst, uint32_t move)
{
    const lights *l = inst;
    return strcmp(l->breach, "inverse") == 0 ? l->rows * l->cols : move;
}

/* The stencil "abc/def/ghi" into st, each digit mod k; 0, or -1. */
static int read_stencil(const char *v, uint32_t k, uint32_t st[3][3])
{
    if (strlen(v) != 11 || v[3] != '/' || v[7] != '/')
        return -1;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            char d = v[4 * r + c];
            if (d < '0' || d > '9')
                return -1;
            st[r][c] = (uint32_t)(d - '0') % k;
        }
    return 0;
}

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule2 *rule, gridbfs_error *err)
{
    lights *l = calloc(1, sizeof *l);
    const char *stencil = "010/111/010";
    long stencil_at = -1;
    uint32_t st[3][3];
    if (!l) {
        refuse(err, -1, "out of memory");
        return -1;
    }
    l->rows = rule->rows;
    l->cols = rule->cols;
    l->k = 2;
    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "breach") == 0) {
            snprintf(l->breach, sizeof l->breach, "%s", params[i].value);
        } else if (strcmp(params[i].key, "colours") == 0) {
            l->k = (uint32_t)strtoul(params[i].value, NULL, 10);
            if (l->k < 2 || l->k > MAX_COLOURS) {
                free(l);
                refuse(err, (long)i, "colours: expected 2 to 16");
                return -1;
            }
        } else if (strcmp(params[i].key, "stencil") == 0) {
            stencil = params[i].value;
            stencil_at = (long)i;
        }
    l->bits = l->k <= 2 ? 1 : l->k <= 4 ? 2 : 4;
    uint32_t cells = l->rows * l->cols;
    if (cells * l->bits > 64) {
        free(l);
        refuse(err, (long)nparams - 1, "size: its cells do not fit 64 bits");
        return -1;
    }
    if (read_stencil(stencil, l->k, st)) {
        free(l);
        refuse(err, stencil_at, "stencil: expected three rows of 3 digits");
        return -1;
    }
    for (uint32_t r = 0; r < l->rows; r++)
        for (uint32_t c = 0; c < l->cols; c++)
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    long rr = (long)r + dr, cc = (long)c + dc;
                    if (rr < 0 || cc < 0 || rr >= (long)l->rows ||
                        cc >= (long)l->cols)
                        continue;
                    uint64_t d = st[dr + 1][dc + 1];
                    l->add[r * l->cols + c] |=
                        d << (uint32_t)(rr * l->cols + cc) * l->bits;
                }
    for (uint32_t i = 0; i < l->k; i++)
        l->symbols[i] = "0123456789abcdef"[i];
    if (strcmp(l->breach, "symbols") == 0)
        l->symbols[1] = '0';
    rule->inst = l;
    rule->symbols = l->symbols;
    rule->boards = 1;
    rule->moves = cells;
    rule->flags = GRIDBFS2_FIXED_GOAL | GRIDBFS2_LINEAR;
    if (l->k == 2)
        rule->flags |= GRIDBFS2_REVERSIBLE;
    rule->key_bits = strcmp(l->breach, "bits") == 0 ? 65 : cells * l->bits;
    if (strcmp(l->breach, "nokey") == 0 || strcmp(l->breach, "goal") == 0)
        rule->key_bits = 0;
    else if (l->k == 2 && cells < 64) { /* 2^64 keys: more than states says */
        rule->flags |= GRIDBFS2_DENSE;
        rule->states = (uint64_t)1 << cells;
    }
    if (strcmp(l->breach, "dense") == 0) {
        rule->flags |= GRIDBFS2_DENSE;
        rule->states = 0;
    }
    return 0;
}

static void destroy_lights(void *inst)
{
    free(inst);
}

static uint64_t key(const void *inst, const gridbfs_grid *board)
{
    const lights *l = inst;
    uint32_t bits = l->rows * l->cols * l->bits;
    if (strcmp(l->breach, "key") == 0 && bits < 64)
        return board->w[0] | (uint64_t)1 << bits;
    return board->w[0];
}

static void board(const void *inst, uint64_t k, gridbfs_grid *out)
{
    (void)inst;
    out->w[0] = k;
}

static uint32_t goals(const void *inst, const gridbfs_grid *boards,
                      uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards, (void)max;
    out[0] = 0;
    return 1;
}

static int goal_board(const void *inst, uint32_t i, gridbfs_grid *out)
{
    const lights *l = inst;
    if (i > 0)
        return 0;
    out->w[0] = strcmp(l->breach, "goal") == 0; /* cell 1,1 on: no goal */
    return 1;
}

static int is_goal(const void *inst, const gridbfs_grid *boards,
                   const gridbfs_grid *b)
{
    (void)inst, (void)boards;
    return b->w[0] == 0;
}

static uint32_t expand(const void *inst, uint64_t k, uint32_t *moves,
                       uint64_t *next)
{
    const lights *l = inst;
    uint32_t cells = l->rows * l->cols, n = 0;
    for (uint32_t m = 0; m < cells; m++) {
        uint64_t to = plus(l, k, l->add[m]);
        if (to != k) {
            moves[n] = m;
            next[n++] = to;
        }
    }
    if (n && strcmp(l->breach, "expand") == 0 && l->bits * cells < 64)
        next[0] = (uint64_t)1 << l->bits * cells;
    if (n && strcmp(l->breach, "stay") == 0)
        next[0] = k;
    return n;
}

static int apply(const void *inst, const gridbfs_grid *b, uint32_t move,
                 gridbfs_grid *out)
{
    const lights *l = inst;
    uint64_t to = plus(l, b->w[0], l->add[move]);
    if (to == b->w[0])
        return 0;
    if (strcmp(l->breach, "apply") == 0)
        to |= ((uint64_t)1 << l->bits) - 1; /* cell 1,1 all ones */
    out->w[0] = to;
    return 1;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    const lights *l = inst;
    unsigned r = move / l->cols + 1, c = move % l->cols + 1;
    int n = style == GRIDBFS_MOVE_COMPACT ? snprintf(buf, cap, "%u,%u", r, c)
                                          : snprintf(buf, cap, "%u %u", r, c);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static gridbfs_plugin2 table = {
    .abi = GRIDBFS_ABI2,
    .size = sizeof(gridbfs_plugin2),
    .name = "lights2",
    .summary = "Lights Out of K colours in ABI 2 (for the tests)",
    .params = lights_params,
    .create = create,
    .destroy = destroy_lights,
    .key = key,
    .board = board,
    .goals = goals,
    .goal_board = goal_board,
    .is_goal = is_goal,
    .expand = expand,
    .apply = apply,
    .move_text = move_text,
    .inverse = inverse,
};

GRIDBFS_EXPORT const gridbfs_plugin2 *GRIDBFS_ENTRY2(void)
{
    return &table;
}
