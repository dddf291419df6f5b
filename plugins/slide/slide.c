/*
 * slide - sliding tiles (POJ 1077 / HDU 1043 Eight, Luogu P1379, LeetCode
 * 773 Sliding Puzzle): an R x C board of R*C - 1 distinct tiles and one
 * blank; a move slides a tile next to the blank into it.
 *
 * Moves are named by the way the BLANK goes, as the judges name them:
 * u (up, row - 1), d (down), l (left, col - 1), r (right); the tile on
 * that side slides the other way.  Move ids 0..3 are u, d, l, r in that
 * order, and expand() lists them so: the core's table walk takes, at each
 * step, the first move that comes nearer the goal, so the path printed is
 * the first shortest one in the order u < d < l < r, the same at every -j.
 *
 * A state is a permutation of the R*C symbols; its key is the permutation's
 * rank in lexicographic order (its Lehmer code), so keys are dense, 0 to
 * (R*C)! - 1, while (R*C)! fits 64 bits (R*C <= 20).  Every move is undone
 * by the opposite one, and the goal is one fixed board: the core builds one
 * distance table from the goal (9! entries for the 8-puzzle, of which 9!/2
 * are reachable) and answers every board from it.  A board of more cells
 * has no 64-bit key (key_bits 0): the core says so, and answers `limit`.
 *
 * A board that is no permutation of the symbols (a tile twice, so another
 * one missing) is refused by validate(), one message naming both.
 */
#include <gridbfs/plugin.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/params.h"

#define SLIDE_MAX_KEYED 20 /* 20! < 2^64 < 21!: the most cells a key holds */
#define SLIDE_MOVES 4      /* u, d, l, r */
/* The most cells whose keys are below 2^32 (12! < 2^32 < 13!): there
   unrank() divides by a multiplication, ceil(2^64 / f), which is exact
   for a dividend and a divisor under 2^32. */
#define SLIDE_SMALL 12
__extension__ typedef unsigned __int128 uint128;
/* Cell characters: gridbfs_cell_char() takes 92 (printable ASCII but for
   the space, '/' and '='), so a board has at most that many cells. */
#define SLIDE_MAX_CELLS 92
/* The default symbols: the tiles from these, in order, then the blank '0'. */
static const char default_tiles[] =
    "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
#define DEFAULT_BLANK '0'

enum { P_SIZE, P_SYMBOLS, P_BLANK, P_GOAL, P_ANSWER, P_COUNT };

/* Indexed by P_*: the known keys and their defaults, shown by --list-rules. */
static const gridbfs_param_doc slide_params[P_COUNT + 1] = {
    {"size", "3x3",
     "board size RxC, 2 to 92 cells; boards of more than 20 cells have no "
     "64-bit key and are answered limit"},
    {"symbols", "",
     "the R*C cell characters, all different: the tiles and the blank "
     "(default: 1-9, A-Z, a-z as many as the tiles, then 0, e.g. "
     "123456780)"},
    {"blank", "", "the blank, one of the symbols (default: the last one)"},
    {"goal", "",
     "the goal board, R*C symbols row by row ('/' between rows allowed; "
     "default: the tiles in the order of symbols, the blank last)"},
    {"answer", "count",
     "count: the number of moves (and with a path one move a line); "
     "letters: the moves' letters on one line, as POJ 1077 wants"},
    {NULL, NULL, NULL}};

typedef struct slide {
    uint32_t rows, cols, cells;
    unsigned blank;                      /* the blank's value */
    int letters;                         /* answer: letters */
    unsigned char goal[SLIDE_MAX_CELLS]; /* the goal's values, cell by cell */
    uint64_t fact[SLIDE_MAX_KEYED + 1];  /* n! */
    uint64_t magic[SLIDE_MAX_KEYED + 1]; /* ceil(2^64 / n!), n! >= 2 */
    uint64_t goal_key;
    char symbols[SLIDE_MAX_CELLS + 1];
} slide;

static const char move_letter[SLIDE_MOVES] = {'u', 'd', 'l', 'r'};
/* The change of row and of column each move makes to the blank. */
static const int move_dr[SLIDE_MOVES] = {-1, 1, 0, 0};
static const int move_dc[SLIDE_MOVES] = {0, 0, -1, 1};

/* The cell the blank reaches from cell at by move m, or -1 off the board. */
static long target(const slide *s, uint32_t at, uint32_t m)
{
    long r = (long)(at / s->cols) + move_dr[m];
    long c = (long)(at % s->cols) + move_dc[m];
    if (r < 0 || c < 0 || r >= (long)s->rows || c >= (long)s->cols)
        return -1;
    return r * (long)s->cols + c;
}

/* The lexicographic rank of the permutation v[0..cells-1] of 0..cells-1
   (cells <= SLIDE_MAX_KEYED): its Lehmer code, 0 to cells! - 1. */
/* The 1 bits of x (under 2^20), inline: a baseline x86-64 build has no
   popcount instruction, and the library call costs more than this. */
static inline uint32_t ones(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}

static uint64_t rank(const slide *s, const unsigned char *v)
{
    uint32_t used = 0, n = s->cells;
    uint64_t key = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t below = ((uint32_t)1 << v[i]) - 1;
        key += (uint64_t)(v[i] - ones(used & below)) * s->fact[n - 1 - i];
        used |= (uint32_t)1 << v[i];
    }
    return key;
}

/* The permutation of rank key into v: rank()'s inverse.  Where digit is
   not NULL, each cell's Lehmer digit into it: what rank() multiplies by
   its factorial. */
static void unrank(const slide *s, uint64_t key, unsigned char *v,
                   unsigned char *digit)
{
    uint32_t left = ((uint32_t)1 << s->cells) - 1, n = s->cells;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t f = s->fact[n - 1 - i];
        uint32_t k;
        if (n <= SLIDE_SMALL && f > 1) { /* key < 2^32: by its reciprocal */
            k = (uint32_t)((uint128)key * s->magic[n - 1 - i] >> 64);
            key -= k * f;
        } else {
            k = (uint32_t)(key / f);
            key %= f;
        }
        uint32_t l = left;
        if (digit)
            digit[i] = (unsigned char)k;
        for (; k; k--)
            l &= l - 1; /* drop the k smallest values left */
        unsigned x = (unsigned)__builtin_ctz(l);
        v[i] = (unsigned char)x;
        left &= ~((uint32_t)1 << x);
    }
}

/*
 * The rank of v (of rank key, its Lehmer digits digit) with cells a and b
 * swapped: only the digits from the first of them to the last change, so
 * only those are made again (a slide along a row changes two).
 */
static uint64_t swapped_rank(const slide *s, uint64_t key,
                             const unsigned char *v, const unsigned char *digit,
                             uint32_t a, uint32_t b)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a, n = s->cells;
    uint32_t before = 0; /* the values before cell i, swapped */
    for (uint32_t i = 0; i < lo; i++)
        before |= (uint32_t)1 << v[i];
    for (uint32_t i = lo; i <= hi; i++) {
        unsigned x = i == lo ? v[hi] : i == hi ? v[lo] : v[i];
        uint32_t d = x - ones(before & (((uint32_t)1 << x) - 1));
        key += ((uint64_t)d - digit[i]) * s->fact[n - 1 - i];
        before |= (uint32_t)1 << x;
    }
    return key;
}

/* The values of board's cells into v. */
static void values(const slide *s, const gridbfs_grid *board, unsigned char *v)
{
    for (uint32_t k = 0; k < s->cells; k++)
        v[k] = (unsigned char)gridbfs_grid_get(board, k);
}

/* The index of the blank in v[0..cells-1]. */
static uint32_t find_blank(const slide *s, const unsigned char *v)
{
    uint32_t k = 0;
    while (k < s->cells && v[k] != s->blank)
        k++;
    return k;
}

/*
 * The values of text t (symbols, a '/' between rows skipped) into v: 0, or
 * -1 when t is not the cells' number of symbols, each once.
 */
static int read_board(const slide *s, const char *t, unsigned char *v)
{
    uint32_t n = 0, seen[SLIDE_MAX_CELLS] = {0};
    for (; *t; t++) {
        const char *at = *t == '/' ? NULL : strchr(s->symbols, *t);
        if (*t == '/')
            continue;
        if (!at || n == s->cells || seen[at - s->symbols]++)
            return -1;
        v[n++] = (unsigned char)(at - s->symbols);
    }
    return n == s->cells ? 0 : -1;
}

/* Whether symbols is cells different cell characters. */
static int good_symbols(const char *symbols, uint32_t cells)
{
    size_t n = strlen(symbols);
    if (n != cells)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!gridbfs_cell_char(symbols[i]) ||
            strchr(symbols + i + 1, symbols[i]))
            return 0;
    return 1;
}

/* The parameters into s (rows, cols and cells set); 0, or -1 with err. */
static int slide_parse(const gridbfs_param *params, size_t nparams, slide *s,
                       gridbfs_error *err)
{
    static const char *const answers[] = {"count", "letters", NULL};
    const char *val[P_COUNT];
    long at[P_COUNT];
    char expected[160];

    if (param_collect(slide_params, P_COUNT, params, nparams, val, at, err) < 0)
        return -1;
    if (s->cells < 2 || s->cells > SLIDE_MAX_CELLS)
        return param_fail(err, at[P_SIZE] >= 0 ? at[P_SIZE] : (long)nparams - 1,
                          "size: a sliding board has 2 to %d cells, not %u",
                          SLIDE_MAX_CELLS, s->cells);
    if (at[P_SYMBOLS] < 0 && s->cells > sizeof default_tiles) /* 62 */
        return param_fail(err, (long)nparams - 1,
                          "symbols: a board of %u cells needs its %u symbols "
                          "given (the default has %zu)",
                          s->cells, s->cells, sizeof default_tiles);
    if (at[P_SYMBOLS] < 0) {
        memcpy(s->symbols, default_tiles, s->cells - 1);
        s->symbols[s->cells - 1] = DEFAULT_BLANK;
    } else if (good_symbols(val[P_SYMBOLS], s->cells)) {
        memcpy(s->symbols, val[P_SYMBOLS], s->cells);
    } else {
        snprintf(expected, sizeof expected,
                 "%u different cell characters (printable, not blank, '/' "
                 "or '=')",
                 s->cells);
        return param_refuse(err, at[P_SYMBOLS], "symbols", expected,
                            val[P_SYMBOLS]);
    }
    s->symbols[s->cells] = '\0';
    if (at[P_BLANK] < 0)
        s->blank = s->cells - 1;
    else if (strlen(val[P_BLANK]) == 1 && strchr(s->symbols, val[P_BLANK][0]))
        s->blank = (unsigned)(strchr(s->symbols, val[P_BLANK][0]) - s->symbols);
    else
        return param_refuse(err, at[P_BLANK], "blank", "one of the symbols",
                            val[P_BLANK]);
    if (at[P_GOAL] < 0) {
        uint32_t n = 0;
        for (unsigned v = 0; v < s->cells; v++)
            if (v != s->blank)
                s->goal[n++] = (unsigned char)v;
        s->goal[n] = (unsigned char)s->blank;
    } else if (read_board(s, val[P_GOAL], s->goal) < 0) {
        snprintf(expected, sizeof expected,
                 "the %u symbols '%s', each once, row by row", s->cells,
                 s->symbols);
        return param_refuse(err, at[P_GOAL], "goal", expected, val[P_GOAL]);
    }
    int a = param_pick(val[P_ANSWER], answers);
    if (a < 0)
        return param_refuse(err, at[P_ANSWER], "answer", "count or letters",
                            val[P_ANSWER]);
    s->letters = a == 1;
    return 0;
}

/* The least b with n <= 2^b (n >= 2). */
static uint32_t bits_for(uint64_t n)
{
    uint32_t b = 1;
    while (b < 64 && ((uint64_t)1 << b) < n)
        b++;
    return b;
}

static int slide_create(const gridbfs_param *params, size_t nparams,
                        gridbfs_rule2 *rule, gridbfs_error *err)
{
    slide *s = calloc(1, sizeof *s);
    if (!s)
        return param_fail(err, -1, "out of memory");
    s->rows = rule->rows;
    s->cols = rule->cols;
    s->cells = rule->rows * rule->cols;
    if (slide_parse(params, nparams, s, err) < 0) {
        free(s);
        return -1;
    }
    rule->inst = s;
    rule->symbols = s->symbols;
    rule->boards = 1;
    rule->moves = SLIDE_MOVES;
    rule->flags = GRIDBFS2_REVERSIBLE | GRIDBFS2_FIXED_GOAL |
                  (s->letters ? 0 : GRIDBFS2_TEXT_BY_COUNT);
    if (s->cells <= SLIDE_MAX_KEYED) {
        s->fact[0] = 1;
        for (uint32_t n = 1; n <= s->cells; n++) {
            s->fact[n] = s->fact[n - 1] * n;
            s->magic[n] = s->fact[n] > 1 ? UINT64_MAX / s->fact[n] + 1 : 0;
        }
        s->goal_key = rank(s, s->goal);
        rule->flags |= GRIDBFS2_DENSE;
        rule->states = s->fact[s->cells];
        rule->key_bits = bits_for(rule->states);
    }
    return 0;
}

static void slide_destroy(void *inst)
{
    free(inst);
}

static uint64_t slide_key(const void *inst, const gridbfs_grid *board)
{
    const slide *s = inst;
    unsigned char v[SLIDE_MAX_CELLS];
    values(s, board, v);
    return rank(s, v);
}

static void slide_board(const void *inst, uint64_t key, gridbfs_grid *out)
{
    const slide *s = inst;
    unsigned char v[SLIDE_MAX_CELLS];
    unrank(s, key, v, NULL);
    memset(out->w, 0,
           gridbfs_grid_words(out->rows, out->cols, out->bits) *
               sizeof *out->w);
    for (uint32_t k = 0; k < s->cells; k++)
        gridbfs_grid_set(out, k, v[k]);
}

static uint32_t slide_goals(const void *inst, const gridbfs_grid *boards,
                            uint64_t *out, uint32_t max)
{
    const slide *s = inst;
    (void)boards, (void)max;
    out[0] = s->goal_key;
    return 1;
}

static int slide_is_goal(const void *inst, const gridbfs_grid *boards,
                         const gridbfs_grid *board)
{
    const slide *s = inst;
    (void)boards;
    for (uint32_t k = 0; k < s->cells; k++)
        if (gridbfs_grid_get(board, k) != s->goal[k])
            return 0;
    return 1;
}

/* The moves from key in the order u, d, l, r (see the top of the file). */
static uint32_t slide_expand(const void *inst, uint64_t key, uint32_t *moves,
                             uint64_t *next)
{
    const slide *s = inst;
    unsigned char v[SLIDE_MAX_CELLS], digit[SLIDE_MAX_KEYED];
    uint32_t n = 0;
    unrank(s, key, v, digit);
    uint32_t at = find_blank(s, v);
    for (uint32_t m = 0; m < SLIDE_MOVES; m++) {
        long to = target(s, at, m);
        if (to < 0)
            continue;
        moves[n] = m;
        next[n++] = swapped_rank(s, key, v, digit, at, (uint32_t)to);
    }
    return n;
}

static int slide_apply(const void *inst, const gridbfs_grid *board,
                       uint32_t move, gridbfs_grid *out)
{
    const slide *s = inst;
    uint32_t at = 0;
    while (at < s->cells && gridbfs_grid_get(board, at) != s->blank)
        at++;
    long to = at < s->cells && move < SLIDE_MOVES ? target(s, at, move) : -1;
    if (to < 0)
        return 0;
    unsigned tile = gridbfs_grid_get(board, (size_t)to);
    if (out != board)
        memcpy(out->w, board->w,
               gridbfs_grid_words(board->rows, board->cols, board->bits) *
                   sizeof *out->w);
    gridbfs_grid_set(out, at, tile);
    gridbfs_grid_set(out, (size_t)to, s->blank);
    return 1;
}

static int slide_move_text(const void *inst, uint32_t move, int style,
                           char *buf, size_t cap)
{
    (void)inst;
    if (move >= SLIDE_MOVES || cap < 2 ||
        (style != GRIDBFS_MOVE_JUDGE && style != GRIDBFS_MOVE_COMPACT))
        return -1;
    buf[0] = move_letter[move];
    buf[1] = '\0';
    return 1;
}

static uint32_t slide_inverse(const void *inst, uint32_t move)
{
    (void)inst;
    return move ^ 1; /* u <-> d, l <-> r */
}

/*
 * The judge's text: with answer count, the core's own (the number of
 * moves, and one move a line when the path is asked for); with letters,
 * the moves' letters on one line (an empty line for the goal itself).
 */
static int slide_judge_text(const void *inst, const uint32_t *moves, size_t n,
                            int with_path, const gridbfs_writer *out)
{
    const slide *s = inst;
    char line[24];
    if (s->letters) {
        for (size_t i = 0; i < n; i++)
            if (out->write(out->ctx, &move_letter[moves[i] % SLIDE_MOVES], 1))
                return -1;
        return out->write(out->ctx, "\n", 1);
    }
    int len = snprintf(line, sizeof line, "%zu\n", n);
    if (out->write(out->ctx, line, (size_t)len))
        return -1;
    for (size_t i = 0; with_path && i < n; i++) {
        line[0] = move_letter[moves[i] % SLIDE_MOVES];
        line[1] = '\n';
        if (out->write(out->ctx, line, 2))
            return -1;
    }
    return 0;
}

/* The parity of the permutation v[0..cells-1] of 0..cells-1: 0 even,
   1 odd (by its cycles: a cycle of length L is L - 1 swaps). */
static unsigned parity(const slide *s, const unsigned char *v)
{
    unsigned char seen[SLIDE_MAX_CELLS] = {0};
    unsigned odd = 0;
    for (uint32_t k = 0; k < s->cells; k++)
        for (uint32_t j = k; !seen[j]; j = v[j]) {
            seen[j] = 1;
            odd ^= j != k;
        }
    return odd;
}

/*
 * Not an optimal solver (a later one will be): the one test that tells at
 * once, on any board, that no move sequence reaches the goal.  A move
 * swaps the blank with a tile: one transposition of the board's cells,
 * and a step of the blank on the grid's chessboard colouring.  So the
 * permutation taking the goal to the board is even exactly when the
 * blank's distance from its goal cell (rows plus columns) is even; on
 * boards of at least 2 rows and 2 columns that is also enough, half the
 * boards being reachable, but nothing here relies on that.  On one row or
 * column the tiles also keep their order.  SOLVED for the goal itself (no
 * move), IMPOSSIBLE when a test fails, else REFUSED, and the core's table
 * or search answers.
 */
static int slide_solve(const void *inst, const gridbfs_grid *boards,
                       uint32_t *moves, size_t cap, size_t *len,
                       gridbfs_error *err)
{
    const slide *s = inst;
    unsigned char v[SLIDE_MAX_CELLS], where[SLIDE_MAX_CELLS] = {0},
                                      rel[SLIDE_MAX_CELLS];
    (void)moves, (void)cap;
    *len = 0;
    if (slide_is_goal(inst, NULL, &boards[0]))
        return GRIDBFS_SOLVED; /* no move, on a board of any size */
    values(s, &boards[0], v);
    for (uint32_t k = 0; k < s->cells; k++)
        where[s->goal[k]] = (unsigned char)k;
    for (uint32_t k = 0; k < s->cells; k++)
        rel[k] = where[v[k]]; /* the goal cell of cell k's symbol */
    uint32_t at = find_blank(s, v), home = where[s->blank];
    uint32_t steps =
        (at / s->cols > home / s->cols ? at / s->cols - home / s->cols
                                       : home / s->cols - at / s->cols) +
        (at % s->cols > home % s->cols ? at % s->cols - home % s->cols
                                       : home % s->cols - at % s->cols);
    if (parity(s, rel) != (steps & 1))
        return GRIDBFS_IMPOSSIBLE;
    if (s->rows == 1 || s->cols == 1) {
        uint32_t j = 0;
        for (uint32_t k = 0; k < s->cells; k++) {
            if (v[k] == s->blank)
                continue;
            while (s->goal[j] == s->blank)
                j++;
            if (v[k] != s->goal[j++])
                return GRIDBFS_IMPOSSIBLE;
        }
    }
    param_fail(err, -1,
               "no optimal solver for a board of %u cells yet%s (this one "
               "can be solved)",
               s->cells,
               s->cells > SLIDE_MAX_KEYED
                   ? ", and its states have no 64-bit key to search by"
                   : "");
    return GRIDBFS_REFUSED;
}

/*
 * A board is a state only when it holds each symbol once: else name the
 * first symbol it has twice and the first it lacks (with one cell a
 * symbol, a symbol twice means another one missing).
 */
static int slide_validate(const void *inst, const gridbfs_grid *boards,
                          gridbfs_error *err)
{
    const slide *s = inst;
    uint32_t count[SLIDE_MAX_CELLS] = {0};
    for (uint32_t k = 0; k < s->cells; k++) {
        unsigned v = gridbfs_grid_get(&boards[0], k);
        if (v >= s->cells)
            return param_fail(err, -1, "cell %u holds no symbol", k + 1);
        count[v]++;
    }
    uint32_t twice = 0, none = 0;
    while (twice < s->cells && count[twice] < 2)
        twice++;
    while (none < s->cells && count[none] > 0)
        none++;
    if (twice == s->cells)
        return 0;
    const char *what = twice == s->blank ? "blank" : "tile";
    return param_fail(err, -1,
                      "the board has %s '%c' %u times and no '%c' (each "
                      "symbol of '%s' once)",
                      what, s->symbols[twice], count[twice], s->symbols[none],
                      s->symbols);
}

static const gridbfs_plugin2 slide_plugin = {
    .abi = GRIDBFS_ABI2,
    .size = sizeof(gridbfs_plugin2),
    .name = "slide",
    .summary = "slide a tile next to the blank into it (8-puzzle: POJ 1077, "
               "HDU 1043, P1379, LeetCode 773)",
    .params = slide_params,
    .create = slide_create,
    .destroy = slide_destroy,
    .key = slide_key,
    .board = slide_board,
    .goals = slide_goals,
    .is_goal = slide_is_goal,
    .expand = slide_expand,
    .apply = slide_apply,
    .move_text = slide_move_text,
    .inverse = slide_inverse,
    .solve = slide_solve,
    .judge_text = slide_judge_text,
    .validate = slide_validate,
};

GRIDBFS_EXPORT const gridbfs_plugin2 *GRIDBFS_ENTRY2(void)
{
    return &slide_plugin;
}
