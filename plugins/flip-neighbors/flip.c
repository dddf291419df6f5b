/*
 * flip-neighbors - pressing a cell flips it and its neighbours
 * (POJ 1753 Flip Game, Lights Out, Timus 1122).
 *
 * Move m = r * cols + c presses cell (r, c).  It flips the cells that the
 * 3x3 stencil covers when centred on (r, c); cells off the board are dropped,
 * or wrap round on a torus.  The cells a press flips form a set: on a torus
 * too small for the stencil, a cell the stencil covers twice still flips once.
 * Every press is its own inverse, and presses commute.
 *
 * Exact solver (solve(), any size up to 32x32) and the ties between
 * smallest press sets, by path_style (moves: the least list of presses,
 * the path the core's distance table walks; matrix: the least press
 * matrix, printed as the judge text, as POJ 3279 Fliptile asks): the XOR
 * rule kit's, see ../common/xor.h.  This file parses the parameters and
 * says which cells each press flips.
 */
#include <gridbfs/plugin.h>

#include <stdint.h>

#include "../common/params.h"
#include "../common/xor.h"

#define STENCIL_SIDE 3 /* the stencil is 3x3, centred on the press */
#define STENCIL_CELLS (STENCIL_SIDE * STENCIL_SIDE)

enum {
    P_SIZE,
    P_STENCIL,
    P_WRAP,
    P_GOAL,
    P_CELLS,
    P_PATH_STYLE,
    P_MAX_NULLITY,
    P_COUNT
};

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
    {"path_style", "moves",
     "moves: among shortest answers the one with the least list of "
     "presses; matrix: the least press matrix read row by row, printed "
     "as the judge answer (POJ 3279)"},
    XOR_NULLITY_DOC,
    {NULL, NULL, NULL}};

/* Parameters once parsed: what the masks and the kit are built from. */
struct flip_cfg {
    uint32_t rows, cols;
    unsigned char stencil[STENCIL_SIDE][STENCIL_SIDE];
    int wrap, goal, path_style;
    uint32_t max_nullity;
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
    /* Indexed by enum xor_goal; path styles: 0 moves, 1 matrix. */
    static const char *const goals[] = {"uniform", "off", "on", "target", NULL};
    static const char *const styles[] = {"moves", "matrix", NULL};
    static const char *const expected[P_COUNT] = {
        [P_STENCIL] = "3 rows of three 0 or 1 joined by '/'",
        [P_WRAP] = PARAM_BOOL_EXPECTED,
        [P_GOAL] = "uniform, off, on or target",
        [P_CELLS] = PARAM_CELLS_EXPECTED,
        [P_PATH_STYLE] = "moves or matrix",
        [P_MAX_NULLITY] = XOR_NULLITY_EXPECTED,
    };
    const char *val[P_COUNT];
    long at[P_COUNT];
    int k = -1;

    if (param_collect(flip_params, P_COUNT, params, nparams, val, at, err) < 0)
        return -1;
    if (parse_stencil(val[P_STENCIL], cfg->stencil) < 0)
        k = P_STENCIL;
    else if ((cfg->wrap = param_bool(val[P_WRAP])) < 0)
        k = P_WRAP;
    else if ((cfg->goal = param_pick(val[P_GOAL], goals)) < 0)
        k = P_GOAL;
    else if (param_cells(val[P_CELLS], &cfg->one, &cfg->zero) < 0)
        k = P_CELLS;
    else if ((cfg->path_style = param_pick(val[P_PATH_STYLE], styles)) < 0)
        k = P_PATH_STYLE;
    else if (param_count(val[P_MAX_NULLITY], XOR_NULLITY_CEILING,
                         &cfg->max_nullity) < 0)
        k = P_MAX_NULLITY;
    if (k < 0)
        return 0;
    return param_refuse(err, at[k], flip_params[k].key, expected[k], val[k]);
}

/*
 * The cells pressing cell m flips, each once (on a small torus the stencil
 * may cover a cell twice), set in mask: the kit's xor_mask_fn.
 */
static void flip_mask(const void *ctx, uint32_t m, uint64_t *mask)
{
    const struct flip_cfg *cfg = ctx;
    long rows = cfg->rows, cols = cfg->cols, r = m / cols, c = m % cols;

    for (int dr = -1; dr <= 1; dr++) {
        for (int dc = -1; dc <= 1; dc++) {
            long rr = r + dr, cc = c + dc;

            if (!cfg->stencil[dr + 1][dc + 1])
                continue;
            if (cfg->wrap) {
                rr = (rr + rows) % rows;
                cc = (cc + cols) % cols;
            } else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) {
                continue;
            }
            uint32_t k = (uint32_t)(rr * cols + cc);
            mask[k / 64] |= (uint64_t)1 << (k % 64);
        }
    }
}

/* Validate params and build the instance (freed by xor_destroy). */
static int flip_create(const gridbfs_param *params, size_t nparams,
                       gridbfs_rule *rule, gridbfs_error *err)
{
    struct flip_cfg cfg = {.rows = rule->rows, .cols = rule->cols};

    if (param_size(rule, err) < 0 || flip_parse(params, nparams, &cfg, err) < 0)
        return -1;
    xor_spec spec = {
        .rows = cfg.rows,
        .cols = cfg.cols,
        .goal = (enum xor_goal)cfg.goal,
        .matrix = cfg.path_style == 1,
        .max_nullity = cfg.max_nullity,
        .mask = flip_mask,
        .ctx = &cfg,
        .name = "flip-neighbors",
    };
    if (xor_create(&spec, rule, err) < 0)
        return -1;
    rule->one = cfg.one;
    rule->zero = cfg.zero;
    return 0;
}

static const gridbfs_plugin flip_plugin = {
    XOR_PLUGIN("flip-neighbors",
               "press a cell to flip it and its neighbours (Flip Game, "
               "Lights Out)",
               flip_params, flip_create),
    .judge_text = xor_judge_text,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &flip_plugin;
}
