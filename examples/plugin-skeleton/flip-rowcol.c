/*
 * flip-rowcol - a minimal gridbfs rule plugin.
 *
 * A board of 1s and 0s; a move flips every cell of one row or of one
 * column.  Goal: every cell 0.  Move m < rows flips row m + 1; move
 * rows + c flips column c + 1.  Judge text "row 2" / "col 3", compact
 * text "r2" / "c3".  One parameter, size (RxC, at most 64 cells): the
 * core reads it and sets rule->rows and rule->cols (plugin ABI 1.2).
 */
#include <gridbfs/plugin.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The oldest gridbfs this plugin runs in: ABI 1.2, which sets rule->rows
   and rule->cols (what find_package(gridbfs 1.2) asks for).  Not
   GRIDBFS_ABI: that is the header's own version, newer than the plugin
   needs, and would refuse a gridbfs of 1.2 that runs it well. */
#define ROWCOL_MIN_ABI ((uint32_t)1 << 16 | 2)

static const gridbfs_param_doc rowcol_params[] = {
    {"size", "4x4", "board size RxC, at most 64 cells"},
    {NULL, NULL, NULL},
};

/* The instance: the cells each move flips.  Immutable after create(). */
struct rowcol {
    uint32_t rows, cols;
    uint64_t mask[2 * GRIDBFS_MAX_SIDE];
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
                         gridbfs_rule *rule, gridbfs_error *err)
{
    uint32_t rows = rule->rows, cols = rule->cols;
    struct rowcol *rc;

    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "size") != 0)
            return fail(err, (long)i, "unknown parameter '%s'", params[i].key);
    if (rule->abi < ROWCOL_MIN_ABI) /* a gridbfs before 1.2: no rows, cols */
        return fail(err, -1, "needs gridbfs with plugin ABI %s or later",
                    "1.2");
    if (rows * cols > GRIDBFS_SEARCH_CELLS)
        return fail(err, -1, "size: expected at most %s cells", "64");
    if (!(rc = calloc(1, sizeof *rc)))
        return fail(err, -1, "%s: out of memory", "flip-rowcol");
    rc->rows = rows;
    rc->cols = cols;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++) {
            rc->mask[r] |= (uint64_t)1 << (r * cols + c);
            rc->mask[rows + c] |= (uint64_t)1 << (r * cols + c);
        }
    rule->inst = rc;
    rule->one = '1';
    rule->zero = '0';
    rule->boards = 1;
    rule->moves = rows + cols;
    rule->flags = GRIDBFS_INVOLUTIVE | GRIDBFS_FIXED_GOAL;
    return 0;
}

static void rowcol_destroy(void *inst)
{
    free(inst);
}

/* One goal, whatever the puzzle: every cell 0. */
static uint32_t rowcol_goals(const void *inst, const gridbfs_board *boards,
                             uint64_t *out, uint32_t max)
{
    (void)inst;
    (void)boards;
    if (max < 1)
        return 0;
    out[0] = 0;
    return 1;
}

static void rowcol_expand(const void *inst, uint64_t state, uint64_t *next)
{
    const struct rowcol *rc = inst;

    for (uint32_t m = 0; m < rc->rows + rc->cols; m++)
        next[m] = state ^ rc->mask[m];
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

static const gridbfs_plugin rowcol_plugin = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "flip-rowcol",
    .summary = "flip a whole row or column until every cell is 0",
    .params = rowcol_params,
    .create = rowcol_create,
    .destroy = rowcol_destroy,
    .goals = rowcol_goals,
    .expand = rowcol_expand,
    .move_text = rowcol_move_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &rowcol_plugin;
}
