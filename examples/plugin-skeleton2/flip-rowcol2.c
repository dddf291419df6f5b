/*
 * flip-rowcol2 - the rule of ../plugin-skeleton/flip-rowcol.c, written
 * against plugin ABI 2: a board of 1s and 0s; a move flips every cell of
 * one row or of one column.  Goal: every cell 0.  Move m < rows flips row
 * m + 1; move rows + c flips column c + 1.  Judge text "row 2" / "col 3",
 * compact text "r2" / "c3".  One parameter, size (RxC, at most 64 cells),
 * which the core reads and sets in rule->rows and rule->cols.
 *
 * What ABI 2 asks beyond ABI 1: the alphabet as a string (symbol i is cell
 * value i), a key for each state (here the board's one word, as the
 * core's gridbfs_grid lays it out: cell k is bit k), expand() reporting
 * only the moves that change the state, apply() for one move on a board,
 * is_goal() for a whole board, and inverse() for a reversible rule.
 */
#include <gridbfs/plugin.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const gridbfs_param_doc rowcol_params[] = {
    {"size", "4x4", "board size RxC, at most 64 cells"},
    {NULL, NULL, NULL},
};

/* The instance: the cells each move flips.  Immutable after create(). */
struct rowcol {
    uint32_t rows, cols;
    uint64_t mask[2 * 64];
};

/* Say why create() failed, blaming params[i] (-1: none).  Always -1. */
static int fail(gridbfs_error *err, long i, const char *format,
                const char *value)
{
    err->param = i;
    snprintf(err->text, err->cap, format, value);
    return -1;
}

/* Check the parameters and build the instance (freed by destroy). */
static int rowcol_create(const gridbfs_param *params, size_t nparams,
                         gridbfs_rule2 *rule, gridbfs_error *err)
{
    uint32_t rows = rule->rows, cols = rule->cols;
    struct rowcol *rc;

    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "size") != 0)
            return fail(err, (long)i, "unknown parameter '%s'", params[i].key);
    if ((uint64_t)rows * cols > 64)
        return fail(err, -1, "size: expected at most %s cells", "64");
    if (!(rc = calloc(1, sizeof *rc)))
        return fail(err, -1, "%s: out of memory", "flip-rowcol2");
    rc->rows = rows;
    rc->cols = cols;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++) {
            rc->mask[r] |= (uint64_t)1 << (r * cols + c);
            rc->mask[rows + c] |= (uint64_t)1 << (r * cols + c);
        }
    rule->inst = rc;
    rule->symbols = "01"; /* value 0 is '0', value 1 is '1' */
    rule->boards = 1;
    rule->moves = rows + cols;
    rule->flags = GRIDBFS2_REVERSIBLE | GRIDBFS2_FIXED_GOAL | GRIDBFS2_LINEAR;
    rule->key_bits = rows * cols;
    return 0;
}

static void rowcol_destroy(void *inst)
{
    free(inst);
}

/* A state's key is the board's one word; and back. */
static uint64_t rowcol_key(const void *inst, const gridbfs_grid *board)
{
    (void)inst;
    return board->w[0];
}

static void rowcol_board(const void *inst, uint64_t key, gridbfs_grid *out)
{
    (void)inst;
    out->w[0] = key;
}

/* One goal, whatever the puzzle: every cell 0. */
static uint32_t rowcol_goals(const void *inst, const gridbfs_grid *boards,
                             uint64_t *out, uint32_t max)
{
    (void)inst;
    (void)boards;
    if (max < 1)
        return 0;
    out[0] = 0;
    return 1;
}

static int rowcol_is_goal(const void *inst, const gridbfs_grid *boards,
                          const gridbfs_grid *board)
{
    (void)inst;
    (void)boards;
    return board->w[0] == 0;
}

/* Every move changes the board: all of them apply, from every state. */
static uint32_t rowcol_expand(const void *inst, uint64_t key, uint32_t *moves,
                              uint64_t *next)
{
    const struct rowcol *rc = inst;

    for (uint32_t m = 0; m < rc->rows + rc->cols; m++) {
        moves[m] = m;
        next[m] = key ^ rc->mask[m];
    }
    return rc->rows + rc->cols;
}

static int rowcol_apply(const void *inst, const gridbfs_grid *board,
                        uint32_t move, gridbfs_grid *out)
{
    const struct rowcol *rc = inst;

    out->w[0] = board->w[0] ^ rc->mask[move];
    return 1;
}

/* A flip undoes itself. */
static uint32_t rowcol_inverse(const void *inst, uint32_t move)
{
    (void)inst;
    return move;
}

static int rowcol_move_text(const void *inst, uint32_t move, int style,
                            char *buf, size_t cap)
{
    const struct rowcol *rc = inst;
    int row = move < rc->rows, n;
    unsigned k = row ? move + 1 : move - rc->rows + 1;

    if (move >= rc->rows + rc->cols ||
        (style != GRIDBFS_MOVE_JUDGE && style != GRIDBFS_MOVE_COMPACT))
        return -1;
    if (style == GRIDBFS_MOVE_JUDGE)
        n = snprintf(buf, cap, "%s %u", row ? "row" : "col", k);
    else
        n = snprintf(buf, cap, "%c%u", row ? 'r' : 'c', k);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static const gridbfs_plugin2 rowcol_plugin = {
    .abi = GRIDBFS_ABI2,
    .size = sizeof(gridbfs_plugin2),
    .name = "flip-rowcol2",
    .summary = "flip a whole row or column until every cell is 0 (ABI 2)",
    .params = rowcol_params,
    .create = rowcol_create,
    .destroy = rowcol_destroy,
    .key = rowcol_key,
    .board = rowcol_board,
    .goals = rowcol_goals,
    .is_goal = rowcol_is_goal,
    .expand = rowcol_expand,
    .apply = rowcol_apply,
    .move_text = rowcol_move_text,
    .inverse = rowcol_inverse,
};

const gridbfs_plugin2 *GRIDBFS_ENTRY2(void)
{
    return &rowcol_plugin;
}
