/* Loads and runs on 4x4, but move 0 sets a bit off the board: for the core's
   checks on what expand() returns. */
#include <string.h>

#include "stubs.h"

#define SIDE 4
#define CELLS (SIDE * SIDE)
#define MOVES 2

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err)
{
    for (size_t i = 0; i < nparams; i++) {
        if (strcmp(params[i].key, "size") != 0) {
            refuse(err, (long)i, "unknown parameter");
            return -1;
        }
        if (strcmp(params[i].value, "4x4") != 0) {
            refuse(err, (long)i, "size must be 4x4");
            return -1;
        }
    }
    rule->inst = NULL;
    rule->rows = SIDE;
    rule->cols = SIDE;
    rule->one = 'b';
    rule->zero = 'w';
    rule->boards = 1;
    rule->moves = MOVES;
    rule->flags = 0;
    return 0;
}

/* Move 0 sets bit CELLS, which is not on the board; move 1 flips cell 0. */
static void expand(const void *inst, uint64_t state, uint64_t *next)
{
    (void)inst;
    next[0] = state | (uint64_t)1 << CELLS;
    next[1] = state ^ 1u;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    (void)inst, (void)style;
    if (move >= MOVES || cap < 2)
        return -1;
    buf[0] = (char)('1' + move);
    buf[1] = '\0';
    return 1;
}

static const gridbfs_param_doc params[] = {
    {"size", "4x4", "board size; only 4x4"},
    {NULL, NULL, NULL},
};

/* The goal is the board of all w (0 cells). */
PLUGIN_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "broken-moves",
             "move 0 leaves the board (for the tests)", params, create,
             goal_all_zero, expand, move_text)
