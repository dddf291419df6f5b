/*
 * flip-lines - changing a handle changes its whole row and column
 * (POJ 2965 The Pilots Brothers' refrigerator; BZOJ 3517 with goal
 * uniform).
 *
 * Move m = r * cols + c changes handle (r, c) and every other handle in
 * row r and in column c; the handle itself changes once.  The goal is every
 * handle open, all cells 0 (by default '+' is closed = 1, '-' open = 0), or
 * with goal uniform every cell the same, either colour.  Every move is its
 * own inverse and the goal does not depend on the puzzle.
 *
 * Up to 32x32 the exact solver (ties: the least list of moves, the path
 * the core's distance table walks), successors and move text are the XOR
 * rule kit's, see ../common/xor.h.  Past 32x32 the board must be square of
 * even side n, as BZOJ 3517's are (n up to 1000), and a closed form
 * answers in n^2 steps: a move set X turns cell (i,j) R_i + C_j - X_ij
 * times, R_i and C_j the moves in its row and column, so X_ij = b_ij ^
 * r_i ^ c_j (r_i, c_j the parities of row i and column j of the board b)
 * is the one set that turns b to all 0 when n is even, and its complement
 * the one that turns it to all 1 (pressing every cell turns each 2n - 1
 * times).  Of the two, the smaller; on a tie, the one with move 0.
 */
#include <gridbfs/plugin.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../common/params.h"
#include "../common/xor.h"

enum { P_SIZE, P_CELLS, P_GOAL, P_MAX_NULLITY, P_COUNT };

/* Indexed by P_*: the known keys and their defaults, shown by --list-rules. */
static const gridbfs_param_doc lines_params[P_COUNT + 1] = {
    {"size", "4x4",
     "board size RxC: up to 32x32, and past it square of even side"},
    {"cells", "+-", "the character for 1 (closed), then the one for 0 (open)"},
    {"goal", "off",
     "off (every handle open, all 0) or uniform (all cells "
     "equal, either colour)"},
    XOR_NULLITY_DOC,
    {NULL, NULL, NULL},
};

typedef struct lines {
    uint32_t rows, cols;
    uint32_t n; /* past 32x32: the side; 0 for the XOR kit's boards */
    enum xor_goal goal;
    void *kit; /* struct xor_rule, up to 32x32 */
    char symbols[3];
} lines;

/* The cells changing handle m changes, its row and its column, in mask. */
static void lines_mask(const void *ctx, uint32_t m, uint64_t *mask)
{
    const uint32_t *size = ctx, rows = size[0], cols = size[1];
    uint32_t r = m / cols, c = m % cols;

    for (uint32_t k = r * cols; k < (r + 1) * cols; k++)
        mask[k / 64] |= (uint64_t)1 << (k % 64);
    for (uint32_t k = c; k < rows * cols; k += cols)
        mask[k / 64] |= (uint64_t)1 << (k % 64);
}

/* Validate params and build the instance. */
static int lines_create(const gridbfs_param *params, size_t nparams,
                        gridbfs_rule2 *rule, gridbfs_error *err)
{
    static const char *const goals[] = {"off", "uniform", NULL};
    static const enum xor_goal goal_of[] = {XOR_GOAL_OFF, XOR_GOAL_UNIFORM};
    const char *val[P_COUNT];
    long at[P_COUNT];
    uint32_t size[2] = {rule->rows, rule->cols};
    int goal;
    char one, zero;
    xor_spec spec = {.mask = lines_mask, .ctx = size, .name = "flip-lines"};

    if (param_collect(lines_params, P_COUNT, params, nparams, val, at, err) < 0)
        return -1;
    if (param_cells(val[P_CELLS], &one, &zero) < 0)
        return param_refuse(err, at[P_CELLS], "cells", PARAM_CELLS_EXPECTED,
                            val[P_CELLS]);
    if ((goal = param_pick(val[P_GOAL], goals)) < 0)
        return param_refuse(err, at[P_GOAL], "goal", "off or uniform",
                            val[P_GOAL]);
    if (param_count(val[P_MAX_NULLITY], XOR_NULLITY_CEILING,
                    &spec.max_nullity) < 0)
        return param_refuse(err, at[P_MAX_NULLITY], "max_nullity",
                            XOR_NULLITY_EXPECTED, val[P_MAX_NULLITY]);
    int big = size[0] > GRIDBFS_MAX_SIDE || size[1] > GRIDBFS_MAX_SIDE;
    if (big && (size[0] != size[1] || size[0] % 2))
        return param_refuse(err, at[P_SIZE], "size",
                            "up to 32x32, or past it n x n with n even",
                            val[P_SIZE]);
    lines *l = calloc(1, sizeof *l);
    if (!l)
        return param_fail(err, -1, "flip-lines: out of memory");
    *l = (lines){size[0],       size[1], big ? size[0] : 0,
                 goal_of[goal], NULL,    {zero, one, '\0'}};
    rule->boards = 1;
    rule->moves = size[0] * size[1];
    rule->flags = GRIDBFS2_REVERSIBLE | GRIDBFS2_LINEAR | GRIDBFS2_FIXED_GOAL |
                  GRIDBFS2_TEXT_BY_COUNT;
    if (!big) {
        gridbfs_rule r1 = {.abi = GRIDBFS_ABI,
                           .size = sizeof r1,
                           .rows = size[0],
                           .cols = size[1]};
        spec.rows = size[0];
        spec.cols = size[1];
        spec.goal = l->goal;
        if (xor_create(&spec, &r1, err) < 0) {
            free(l);
            return -1;
        }
        l->kit = r1.inst;
        uint64_t cells = (uint64_t)size[0] * size[1];
        rule->key_bits = cells <= 64 ? (uint32_t)cells : 0;
        if (rule->key_bits)
            rule->flags |= GRIDBFS2_KEY_IS_BOARD;
    }
    rule->inst = l;
    rule->symbols = l->symbols;
    return 0;
}

static void lines_destroy(void *inst)
{
    lines *l = inst;
    if (l)
        xor_destroy(l->kit);
    free(l);
}

static uint32_t lines_goals(const void *inst, const gridbfs_grid *boards,
                            uint64_t *out, uint32_t max)
{
    const lines *l = inst;
    return xor2_goals(l->kit, boards, out, max); /* only with key_bits */
}

static uint32_t lines_expand(const void *inst, uint64_t key, uint32_t *moves,
                             uint64_t *next)
{
    const lines *l = inst;
    return xor2_expand(l->kit, key, moves, next); /* only with key_bits */
}

/* Goal board i: all 0, then with goal uniform all 1. */
static int lines_goal_board(const void *inst, uint32_t i, gridbfs_grid *out)
{
    const lines *l = inst;
    if (i >= (l->goal == XOR_GOAL_UNIFORM ? 2u : 1u))
        return 0;
    size_t words = gridbfs_grid_words(out->rows, out->cols, 1);
    memset(out->w, 0, words * sizeof *out->w);
    for (size_t q = 0; i && q < (size_t)out->rows * out->cols; q++)
        gridbfs_grid_set(out, q, 1);
    return 1;
}

static int lines_is_goal(const void *inst, const gridbfs_grid *boards,
                         const gridbfs_grid *board)
{
    const lines *l = inst;
    size_t cells = (size_t)board->rows * board->cols;
    unsigned want =
        l->goal == XOR_GOAL_UNIFORM ? gridbfs_grid_get(board, 0) : 0;
    (void)boards;
    for (size_t q = 0; q < cells; q++)
        if (gridbfs_grid_get(board, q) != want)
            return 0;
    return 1;
}

static int lines_apply(const void *inst, const gridbfs_grid *board,
                       uint32_t move, gridbfs_grid *out)
{
    const lines *l = inst;
    uint32_t rows = board->rows, cols = board->cols;
    if (!l->n)
        return xor2_apply(l->kit, board, move, out);
    if (move >= rows * cols)
        return 0;
    uint32_t r = move / cols, c = move % cols;
    if (out->w != board->w)
        memcpy(out->w, board->w,
               gridbfs_grid_words(rows, cols, 1) * sizeof *out->w);
    for (uint32_t k = 0; k < cols; k++) /* the row, then the column */
        gridbfs_grid_set(out, r * cols + k,
                         !gridbfs_grid_get(out, r * cols + k));
    for (uint32_t k = 0; k < rows; k++)
        if (k != r)
            gridbfs_grid_set(out, k * cols + c,
                             !gridbfs_grid_get(out, k * cols + c));
    return 1;
}

/* The closed form past 32x32 (see the top): the moves into moves[0..*len). */
static int closed_form(const lines *l, const gridbfs_grid *b, uint32_t *moves,
                       size_t cap, size_t *len)
{
    uint32_t n = l->n;
    uint8_t *r = calloc((size_t)2 * n, 1), *c = r ? r + n : NULL;
    if (!r)
        return GRIDBFS_REFUSED;
    size_t ones = 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++) {
            unsigned v = gridbfs_grid_get(b, (size_t)i * n + j);
            r[i] ^= (uint8_t)v;
            c[j] ^= (uint8_t)v;
        }
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++)
            ones += gridbfs_grid_get(b, (size_t)i * n + j) ^ r[i] ^ c[j];
    size_t cells = (size_t)n * n, other = cells - ones;
    /* to all 1 (goal uniform) takes the complement: the smaller, and on a
       tie the set with move 0 */
    unsigned flip = 0;
    if (l->goal == XOR_GOAL_UNIFORM &&
        (other < ones ||
         (other == ones && !(gridbfs_grid_get(b, 0) ^ r[0] ^ c[0]))))
        flip = 1;
    *len = flip ? other : ones;
    if (*len > cap) {
        free(r);
        return GRIDBFS_TOO_LONG;
    }
    size_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++)
            if ((gridbfs_grid_get(b, (size_t)i * n + j) ^ r[i] ^ c[j]) != flip)
                moves[k++] = i * n + j;
    free(r);
    return GRIDBFS_SOLVED;
}

static int lines_solve(const void *inst, const gridbfs_grid *boards,
                       uint32_t *moves, size_t cap, size_t *len,
                       gridbfs_error *err)
{
    const lines *l = inst;
    if (!l->n)
        return xor2_solve(l->kit, boards, moves, cap, len, err);
    int st = closed_form(l, &boards[0], moves, cap, len);
    if (st == GRIDBFS_REFUSED)
        param_fail(err, -1, "flip-lines: out of memory");
    return st;
}

static int lines_move_text(const void *inst, uint32_t move, int style,
                           char *buf, size_t cap)
{
    const lines *l = inst;
    return xor_move_text_at(l->rows, l->cols, move, style, buf, cap);
}

static uint32_t lines_inverse(const void *inst, uint32_t move)
{
    (void)inst;
    return move; /* a move undoes itself */
}

static const gridbfs_plugin2 lines_plugin = {
    .abi = GRIDBFS_ABI2,
    .size = sizeof(gridbfs_plugin2),
    .name = "flip-lines",
    .summary = "change a cell to change its whole row and column (POJ 2965 "
               "Pilots Brothers' refrigerator, BZOJ 3517)",
    .params = lines_params,
    .create = lines_create,
    .destroy = lines_destroy,
    .key = xor2_key,
    .board = xor2_board,
    .goals = lines_goals,
    .goal_board = lines_goal_board,
    .is_goal = lines_is_goal,
    .expand = lines_expand,
    .apply = lines_apply,
    .move_text = lines_move_text,
    .inverse = lines_inverse,
    .solve = lines_solve,
};

const gridbfs_plugin2 *GRIDBFS_ENTRY2(void)
{
    return &lines_plugin;
}
