/* Loads and runs on 4x4, but move 0 sets a bit off the board: for the core's
   checks on what expand() returns. */
#include <string.h>

#include <gridbfs/plugin.h>

#define SIDE 4
#define CELLS (SIDE * SIDE)
#define MOVES 2

static void refuse(gridbfs_error *err, long param, const char *msg)
{
    size_t n = strlen(msg);
    if (err->cap == 0)
        return;
    if (n >= err->cap)
        n = err->cap - 1;
    memcpy(err->text, msg, n);
    err->text[n] = '\0';
    err->param = param;
}

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

static void destroy(void *inst)
{
    (void)inst;
}

static uint32_t goals(const void *inst, const gridbfs_board *boards,
                      uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards;
    if (max > 0)
        out[0] = 0;
    return 1;
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

static const gridbfs_plugin table = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "broken-moves",
    .summary = "move 0 leaves the board (for the tests)",
    .params = params,
    .create = create,
    .destroy = destroy,
    .goals = goals,
    .expand = expand,
    .move_text = move_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
