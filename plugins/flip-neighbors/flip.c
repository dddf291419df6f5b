/*
 * flip-neighbors - pressing a cell flips it and its neighbours
 * (POJ 1753 Flip Game, Lights Out, Timus 1122).
 *
 * Move m = r * cols + c presses cell (r, c).  It flips the cells that the
 * 3x3 stencil covers when centred on (r, c); cells off the board are dropped,
 * or wrap round on a torus.  The cells a press flips form a set: on a torus
 * too small for the stencil, a cell the stencil covers twice still flips once.
 * Every press is its own inverse.
 *
 * The instance is immutable after create(): one mask per move, precomputed
 * for boards of at most 64 cells (larger boards are not searched).
 */
#include <gridbfs/plugin.h>

#include <stdio.h>
#include <stdlib.h>

#include "../common/params.h"

#define STENCIL_SIDE 3  /* the stencil is 3x3, centred on the press */

enum { GOAL_UNIFORM, GOAL_OFF, GOAL_ON, GOAL_TARGET };
enum { P_SIZE, P_STENCIL, P_WRAP, P_GOAL, P_CELLS, P_COUNT };

/* Indexed by P_*: the known keys and their defaults, shown by --list-rules. */
static const gridbfs_param_doc flip_params[P_COUNT + 1] = {
    {"size", "4x4", "board size RxC, 1..32 rows and columns"},
    {"stencil", "010/111/010",
     "3x3 cells a press flips, centred on it, rows joined by '/'"},
    {"wrap", "false", "true: the board is a torus"},
    {"goal", "uniform",
     "uniform (all cells equal), off (all 0), on (all 1), or target "
     "(a second board)"},
    {"cells", "bw", "the character for 1, then the one for 0"},
    {NULL, NULL, NULL}
};

struct flip {
    uint32_t rows, cols;
    int goal;
    uint32_t nfixed;   /* the goals when goal is not GOAL_TARGET */
    uint64_t fixed[2];
    uint64_t mask[];   /* rows * cols moves: the cells each press flips */
};

/* Parameters once parsed, before the instance exists. */
struct flip_cfg {
    uint32_t rows, cols;
    unsigned char stencil[STENCIL_SIDE][STENCIL_SIDE];
    int wrap, goal;
    char one, zero;
};

/* Parse "abc/def/ghi", each a '0' or '1', into st.  0 or -1. */
static int parse_stencil(const char *s,
                         unsigned char st[STENCIL_SIDE][STENCIL_SIDE])
{
    for (int r = 0; r < STENCIL_SIDE; r++) {
        for (int c = 0; c < STENCIL_SIDE; c++, s++) {
            if (*s != '0' && *s != '1')
                return -1;
            st[r][c] = (unsigned char)(*s - '0');
        }
        if (*s++ != (r + 1 < STENCIL_SIDE ? '/' : '\0'))
            return -1;
    }
    return 0;
}

/* Turn the parameters into cfg; on error, a message naming the parameter. */
static int flip_parse(const gridbfs_param *params, size_t nparams,
                      struct flip_cfg *cfg, gridbfs_error *err)
{
    static const char *const goals[] = {"uniform", "off", "on", "target", NULL};
    static const char *const expected[P_COUNT] = {
        [P_SIZE] = PARAM_SIZE_EXPECTED,
        [P_STENCIL] = "3 rows of three 0 or 1 joined by '/'",
        [P_WRAP] = PARAM_BOOL_EXPECTED,
        [P_GOAL] = "uniform, off, on or target",
        [P_CELLS] = PARAM_CELLS_EXPECTED,
    };
    const char *val[P_COUNT];
    long at[P_COUNT];
    int k = -1;

    if (param_collect(flip_params, P_COUNT, params, nparams, val, at, err) < 0)
        return -1;
    if (param_size(val[P_SIZE], &cfg->rows, &cfg->cols) < 0)
        k = P_SIZE;
    else if (parse_stencil(val[P_STENCIL], cfg->stencil) < 0)
        k = P_STENCIL;
    else if ((cfg->wrap = param_bool(val[P_WRAP])) < 0)
        k = P_WRAP;
    else if ((cfg->goal = param_pick(val[P_GOAL], goals)) < 0)
        k = P_GOAL;
    else if (param_cells(val[P_CELLS], &cfg->one, &cfg->zero) < 0)
        k = P_CELLS;
    if (k < 0)
        return 0;
    return param_refuse(err, at[k], flip_params[k].key, expected[k], val[k]);
}

/* The cells pressing (r, c) flips, as a state (a board of <= 64 cells). */
static uint64_t press_mask(const struct flip_cfg *cfg, uint32_t r, uint32_t c)
{
    uint64_t mask = 0;
    long rows = cfg->rows, cols = cfg->cols;

    for (int dr = -1; dr <= 1; dr++) {
        for (int dc = -1; dc <= 1; dc++) {
            long rr = (long)r + dr, cc = (long)c + dc;

            if (!cfg->stencil[dr + 1][dc + 1])
                continue;
            if (cfg->wrap) {
                rr = (rr + rows) % rows;
                cc = (cc + cols) % cols;
            } else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) {
                continue;
            }
            mask |= (uint64_t)1 << (rr * cols + cc);
        }
    }
    return mask;
}

/* Validate params and build the instance (freed by flip_destroy). */
static int flip_create(const gridbfs_param *params, size_t nparams,
                       gridbfs_rule *rule, gridbfs_error *err)
{
    struct flip_cfg cfg = {0};
    struct flip *f;
    uint32_t cells;

    if (flip_parse(params, nparams, &cfg, err) < 0)
        return -1;
    cells = cfg.rows * cfg.cols;
    f = calloc(1, sizeof *f + cells * sizeof f->mask[0]);
    if (!f)
        return param_fail(err, -1, "flip-neighbors: out of memory");
    f->rows = cfg.rows;
    f->cols = cfg.cols;
    f->goal = cfg.goal;
    if (cells <= GRIDBFS_SEARCH_CELLS) {
        uint64_t full = cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << cells) - 1;

        f->fixed[0] = cfg.goal == GOAL_ON ? full : 0;
        f->fixed[1] = full;
        f->nfixed = cfg.goal == GOAL_UNIFORM ? 2 : 1;
        for (uint32_t m = 0; m < cells; m++)
            f->mask[m] = press_mask(&cfg, m / cfg.cols, m % cfg.cols);
    }
    rule->inst = f;
    rule->rows = cfg.rows;
    rule->cols = cfg.cols;
    rule->one = cfg.one;
    rule->zero = cfg.zero;
    rule->boards = cfg.goal == GOAL_TARGET ? 2 : 1;
    rule->moves = cells;
    rule->flags = GRIDBFS_INVOLUTIVE;
    if (cfg.goal != GOAL_TARGET)
        rule->flags |= GRIDBFS_FIXED_GOAL;
    return 0;
}

static void flip_destroy(void *inst)
{
    free(inst);
}

/*
 * The goal states: uniform {all 0, all 1}, off {all 0}, on {all 1}, target
 * {boards[1]}.  Writes at most max of them; returns how many it wrote.
 */
static uint32_t flip_goals(const void *inst, const gridbfs_board *boards,
                           uint64_t *out, uint32_t max)
{
    const struct flip *f = inst;
    uint32_t n = 0;

    if (f->goal == GOAL_TARGET) {
        if (!boards || max < 1)
            return 0;
        out[0] = boards[1].w[0];
        return 1;
    }
    for (; n < f->nfixed && n < max; n++)
        out[n] = f->fixed[n];
    return n;
}

/* next[m] = state with press m's cells flipped, for every cell m. */
static void flip_expand(const void *inst, uint64_t state, uint64_t *next)
{
    const struct flip *f = inst;
    const uint32_t moves = f->rows * f->cols;

    for (uint32_t m = 0; m < moves; m++)
        next[m] = state ^ f->mask[m];
}

/* Press m as "r c" (judge) or "r,c" (compact), 1-based.  Length or -1. */
static int flip_move_text(const void *inst, uint32_t move, int style,
                          char *buf, size_t cap)
{
    const struct flip *f = inst;
    unsigned r = move / f->cols + 1, c = move % f->cols + 1;
    int n;

    if (move >= f->rows * f->cols || !buf || cap == 0 ||
        (style != GRIDBFS_MOVE_JUDGE && style != GRIDBFS_MOVE_COMPACT))
        return -1;
    n = snprintf(buf, cap, style == GRIDBFS_MOVE_JUDGE ? "%u %u" : "%u,%u",
                 r, c);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static const gridbfs_plugin flip_plugin = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "flip-neighbors",
    .summary = "press a cell to flip it and its neighbours (Flip Game, "
               "Lights Out)",
    .params = flip_params,
    .create = flip_create,
    .destroy = flip_destroy,
    .goals = flip_goals,
    .expand = flip_expand,
    .move_text = flip_move_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &flip_plugin;
}
