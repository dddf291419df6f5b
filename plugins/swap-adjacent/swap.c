/*
 * swap-adjacent - swap the pieces on two adjacent cells to turn a start
 * board into a target board (Luogu P1225 黑白棋游戏, 一本通 棋盘游戏).
 *
 * Cells are numbered as their bits, k = r * cols + c.  The moves are the
 * pairs {a, b} of adjacent cells, a < b, in lexicographic order of (a, b):
 * on 4x4 with neighbourhood 4, move 0 swaps (1,1)-(1,2), move 1 (1,1)-(2,1),
 * move 2 (1,2)-(1,3), ..., move 23 (4,3)-(4,4).  Cells are adjacent when
 * they share an edge (neighbourhood 4) or an edge or a corner (8), round
 * the torus with wrap, where each pair is one move however often the torus
 * reaches it.  Swapping equal pieces changes nothing; every move is its own
 * inverse.
 *
 * Boards of up to 64 cells can be searched; boards of any size up to 32x32
 * are solved exactly by minimum-cost matching, see match.c.
 */
#include <gridbfs/plugin.h>

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/params.h"
#include "swap.h"

#define ABCD_SIDE_MAX 9 /* judge "abcd" needs one digit per coordinate */

enum { P_SIZE, P_NEIGHBOURHOOD, P_WRAP, P_CELLS, P_COUNT };

/* Indexed by P_*: the known keys and their defaults, shown by --list-rules. */
static const gridbfs_param_doc swap_params[P_COUNT + 1] = {
    {"size", "4x4", "board size RxC, 1..32 rows and columns"},
    {"neighbourhood", "4",
     "4: cells sharing an edge are adjacent; 8: an edge or a corner"},
    {"wrap", "false", "true: the board is a torus"},
    {"cells", "10", "the character for 1, then the one for 0"},
    {NULL, NULL, NULL}};

/* Parameters once parsed, before the instance exists. */
struct swap_cfg {
    uint32_t rows, cols;
    int eight, wrap;
    char one, zero;
};

/* Turn the parameters into cfg; on error, a message naming the parameter. */
static int swap_parse(const gridbfs_param *params, size_t nparams,
                      struct swap_cfg *cfg, gridbfs_error *err)
{
    static const char *const hoods[] = {"4", "8", NULL};
    static const char *const expected[P_COUNT] = {
        [P_NEIGHBOURHOOD] = "4 or 8",
        [P_WRAP] = PARAM_BOOL_EXPECTED,
        [P_CELLS] = PARAM_CELLS_EXPECTED,
    };
    const char *val[P_COUNT];
    long at[P_COUNT];
    int k = -1;

    if (param_collect(swap_params, P_COUNT, params, nparams, val, at, err) < 0)
        return -1;
    if ((cfg->eight = param_pick(val[P_NEIGHBOURHOOD], hoods)) < 0)
        k = P_NEIGHBOURHOOD;
    else if ((cfg->wrap = param_bool(val[P_WRAP])) < 0)
        k = P_WRAP;
    else if (param_cells(val[P_CELLS], &cfg->one, &cfg->zero) < 0)
        k = P_CELLS;
    if (k < 0)
        return 0;
    return param_refuse(err, at[k], swap_params[k].key, expected[k], val[k]);
}

uint32_t swap_gap(uint32_t x, uint32_t y, uint32_t n, int wrap)
{
    uint32_t d = x > y ? x - y : y - x;

    return wrap && n - d < d ? n - d : d;
}

/*
 * Whether distinct cells a and b are adjacent: rows and columns at most 1
 * apart (round the torus with wrap), and not diagonal in neighbourhood 4.
 */
static int adjacent(const struct swap_cfg *cfg, uint32_t a, uint32_t b)
{
    uint32_t dr, dc;

    dr = swap_gap(a / cfg->cols, b / cfg->cols, cfg->rows, cfg->wrap);
    dc = swap_gap(a % cfg->cols, b % cfg->cols, cfg->cols, cfg->wrap);

    return dr <= 1 && dc <= 1 && (cfg->eight || dr + dc == 1);
}

/* Validate params and build the instance (freed by swap_destroy). */
static int swap_create(const gridbfs_param *params, size_t nparams,
                       gridbfs_rule *rule, gridbfs_error *err)
{
    struct swap_cfg cfg = {.rows = rule->rows, .cols = rule->cols};
    struct swap *s;
    uint32_t cells;

    if (param_size(rule, err) < 0 || swap_parse(params, nparams, &cfg, err) < 0)
        return -1;
    /* With at most 4 (8) neighbours a cell, there are at most 2 (4) pairs
     * per cell. */
    cells = cfg.rows * cfg.cols;
    s = malloc(sizeof *s + cells * (cfg.eight ? 4 : 2) * sizeof s->pair[0]);
    if (!s)
        return param_fail(err, -1, "swap-adjacent: out of memory");
    s->rows = cfg.rows;
    s->cols = cfg.cols;
    s->eight = cfg.eight;
    s->wrap = cfg.wrap;
    s->moves = 0;
    for (uint32_t a = 0; a < cells; a++) {
        for (uint32_t b = a + 1; b < cells; b++) {
            struct pair *p = &s->pair[s->moves];

            if (!adjacent(&cfg, a, b))
                continue;
            p->a = (uint16_t)a;
            p->b = (uint16_t)b;
            p->mask = cells > GRIDBFS_SEARCH_CELLS
                          ? 0
                          : (uint64_t)1 << a | (uint64_t)1 << b;
            s->moves++;
        }
    }
    assert(s->moves <= GRIDBFS_MAX_MOVES);
    if (swap_prepare(s) < 0) {
        free(s);
        return param_fail(err, -1,
                          "swap-adjacent: internal error: a "
                          "neighbour is not a move");
    }
    rule->inst = s;
    rule->rows = cfg.rows;
    rule->cols = cfg.cols;
    rule->one = cfg.one;
    rule->zero = cfg.zero;
    rule->boards = 2;
    rule->moves = s->moves;
    rule->flags = GRIDBFS_INVOLUTIVE;
    return 0;
}

static void swap_destroy(void *inst)
{
    free(inst);
}

/* The number of set cells on board b. */
static uint32_t ones(const gridbfs_board *b)
{
    uint32_t n = 0;

    for (int i = 0; i < GRIDBFS_BOARD_WORDS; i++)
        for (uint64_t w = b->w[i]; w; w &= w - 1)
            n++;
    return n;
}

/*
 * The goal is the target, boards[1]; none (0) when start and target hold
 * different numbers of 1 pieces, since swaps never change that number.
 */
static uint32_t swap_goals(const void *inst, const gridbfs_board *boards,
                           uint64_t *out, uint32_t max)
{
    (void)inst;
    if (!boards || max < 1 || ones(&boards[0]) != ones(&boards[1]))
        return 0;
    out[0] = boards[1].w[0];
    return 1;
}

/* next[m] = state with the cells of pair m swapped (unchanged if equal). */
static void swap_expand(const void *inst, uint64_t state, uint64_t *next)
{
    const struct swap *s = inst;

    for (uint32_t m = 0; m < s->moves; m++) {
        uint64_t mask = s->pair[m].mask, both = state & mask;

        next[m] = both != 0 && both != mask ? state ^ mask : state;
    }
}

/*
 * *out = *board with the cells of pair m swapped, on any board size (ABI
 * 1.3's apply()); *board when they hold equal pieces or there is no pair m.
 */
static void swap_apply(const void *inst, const gridbfs_board *board,
                       uint32_t move, gridbfs_board *out)
{
    const struct swap *s = inst;

    *out = *board;
    if (move >= s->moves)
        return;
    uint32_t a = s->pair[move].a, b = s->pair[move].b;
    if ((board->w[a / 64] >> (a % 64) & 1) !=
        (board->w[b / 64] >> (b % 64) & 1)) {
        out->w[a / 64] ^= (uint64_t)1 << (a % 64);
        out->w[b / 64] ^= (uint64_t)1 << (b % 64);
    }
}

/*
 * Pair m, 1-based, lower-numbered cell first: judge "r1c1r2c2" ("1112") on
 * boards of at most 9x9, else "r1 c1 r2 c2"; compact "r1,c1-r2,c2".
 * Returns the length, or -1.
 */
static int swap_move_text(const void *inst, uint32_t move, int style, char *buf,
                          size_t cap)
{
    const struct swap *s = inst;
    const struct pair *p;
    int abcd = s->rows <= ABCD_SIDE_MAX && s->cols <= ABCD_SIDE_MAX, n;

    if (move >= s->moves || !buf || cap == 0 ||
        (style != GRIDBFS_MOVE_JUDGE && style != GRIDBFS_MOVE_COMPACT))
        return -1;
    p = &s->pair[move];
    n = snprintf(buf, cap,
                 style == GRIDBFS_MOVE_COMPACT ? "%u,%u-%u,%u"
                 : abcd                        ? "%u%u%u%u"
                                               : "%u %u %u %u",
                 p->a / s->cols + 1, p->a % s->cols + 1, p->b / s->cols + 1,
                 p->b % s->cols + 1);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static const gridbfs_plugin swap_plugin = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "swap-adjacent",
    .summary = "swap the pieces on two adjacent cells to reach a target "
               "board (Luogu P1225)",
    .params = swap_params,
    .create = swap_create,
    .destroy = swap_destroy,
    .goals = swap_goals,
    .expand = swap_expand,
    .move_text = swap_move_text,
    .solve = swap_solve,
    .apply = swap_apply,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &swap_plugin;
}
