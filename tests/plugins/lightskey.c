/*
 * lightskey.c - Lights Out of K colours in ABI 2 whose keys are NOT its
 * boards' words, for the tests of --census and --generate: a core that
 * took a key for a board (or a board for a key) anywhere but through
 * key() and board() would count or write the wrong boards.  A press adds
 * the stencil's digits, mod K, to its cell and the cells around it (no
 * wrap), goal all 0; symbols '0', '1', ... (K of them).
 *
 * Parameters:
 *   colours  K, 2 to 7
 *   stencil  what a press adds around its cell (three rows of 3 digits)
 *   key      dense: the key is (a * n + b) mod K^cells, n the board read
 *            as a base-K number (cell 0 the least significant), a prime
 *            to K (GRIDBFS2_DENSE, K^cells states, below 2^31);
 *            reversed: the key is the board's digits, each plus 1 mod K,
 *            packed in reverse cell order at the board's bits a cell (not
 *            dense: a key for each board, and keys that are none)
 *   undo     1: each press has its opposite, a move that subtracts the
 *            stencil (moves cells .. 2 cells - 1), so the rule is
 *            reversible for any K; 0: only presses, reversible for K = 2
 *   linear   0: the rule does not say GRIDBFS2_LINEAR (though every move
 *            adds a fixed vector), for a census that cannot count it
 *   target   1: the goal is a second board of the record (flip-neighbors'
 *            goal: target), not all 0
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gridbfs/plugin.h>

#include "stubs.h"

#define MAX_COLOURS 7
#define MAX_CELLS 64
#define DENSE_MAX ((uint64_t)1 << 31) /* K^cells of dense keys, below */

typedef struct lk {
    uint32_t rows, cols, cells, k, bits, undo, dense, linear, target;
    uint8_t add[MAX_CELLS][MAX_CELLS]; /* what press m adds to cell c */
    uint64_t states, a, a_inv, b;      /* dense keys */
    char symbols[MAX_COLOURS + 1];
} lk;

static const gridbfs_param_doc lk_params[] = {
    {"colours", "3", "K, 2 to 7"},
    {"key", "dense", "dense or reversed (see the source)"},
    {"stencil", "010/111/010", "what a press adds around its cell"},
    {"undo", "0", "1: a move that subtracts each press too"},
    {"linear", "1", "0: no GRIDBFS2_LINEAR flag"},
    {"target", "0", "1: the goal is the record's second board"},
    {"size", "3x3", "board size RxC"},
    {NULL, NULL, NULL},
};

static uint64_t mulmod(uint64_t x, uint64_t y, uint64_t m)
{
    return x * y % m; /* m below 2^31 (DENSE_MAX) */
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* x^-1 mod m, x prime to m: extended Euclid. */
static uint64_t inv_mod(uint64_t x, uint64_t m)
{
    int64_t t = 0, nt = 1, r = (int64_t)m, nr = (int64_t)(x % m);
    while (nr) {
        int64_t q = r / nr, tmp = t - q * nt;
        t = nt;
        nt = tmp;
        tmp = r - q * nr;
        r = nr;
        nr = tmp;
    }
    return (uint64_t)(t < 0 ? t + (int64_t)m : t);
}

/* The board's digits into d. */
static void digits(const lk *l, const gridbfs_grid *g, uint32_t *d)
{
    for (uint32_t c = 0; c < l->cells; c++)
        d[c] = gridbfs_grid_get(g, c);
}

static void set_digits(const lk *l, const uint32_t *d, gridbfs_grid *g)
{
    size_t words = gridbfs_grid_words(g->rows, g->cols, g->bits);
    memset(g->w, 0, words * sizeof *g->w);
    for (uint32_t c = 0; c < l->cells; c++)
        gridbfs_grid_set(g, c, d[c]);
}

static uint64_t key_of(const lk *l, const uint32_t *d)
{
    uint64_t v = 0;
    if (l->dense) {
        for (uint32_t c = l->cells; c-- > 0;)
            v = v * l->k + d[c];
        return (mulmod(v, l->a, l->states) + l->b) % l->states;
    }
    for (uint32_t c = 0; c < l->cells; c++) /* cell 0 the highest */
        v |= (uint64_t)((d[c] + 1) % l->k) << (l->cells - 1 - c) * l->bits;
    return v;
}

/* 0, or -1 when the key is none of a board's. */
static int digits_of(const lk *l, uint64_t key, uint32_t *d)
{
    if (l->dense) {
        if (key >= l->states)
            return -1;
        uint64_t v =
            mulmod((key + l->states - l->b) % l->states, l->a_inv, l->states);
        for (uint32_t c = 0; c < l->cells; c++, v /= l->k)
            d[c] = (uint32_t)(v % l->k);
        return 0;
    }
    for (uint32_t c = 0; c < l->cells; c++) {
        uint32_t v = (uint32_t)(key >> (l->cells - 1 - c) * l->bits) &
                     ((1u << l->bits) - 1);
        if (v >= l->k)
            return -1;
        d[c] = (v + l->k - 1) % l->k;
    }
    return 0;
}

/* Move m on digits d, in place. */
static void press(const lk *l, uint32_t m, uint32_t *d)
{
    uint32_t at = m % l->cells, sub = m >= l->cells;
    for (uint32_t c = 0; c < l->cells; c++) {
        uint32_t v = l->add[at][c] % l->k;
        d[c] = (d[c] + (sub ? l->k - v : v)) % l->k;
    }
}

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule2 *rule, gridbfs_error *err)
{
    lk *l = calloc(1, sizeof *l);
    const char *stencil = "010/111/010";
    if (!l) {
        refuse(err, -1, "out of memory");
        return -1;
    }
    l->rows = rule->rows;
    l->cols = rule->cols;
    l->cells = l->rows * l->cols;
    l->k = 3;
    l->dense = 1;
    l->linear = 1;
    for (size_t i = 0; i < nparams; i++) {
        const char *key = params[i].key, *v = params[i].value;
        if (strcmp(key, "colours") == 0)
            l->k = (uint32_t)strtoul(v, NULL, 10);
        else if (strcmp(key, "key") == 0)
            l->dense = strcmp(v, "dense") == 0      ? 1
                       : strcmp(v, "reversed") == 0 ? 0
                                                    : 2;
        else if (strcmp(key, "stencil") == 0)
            stencil = v;
        else if (strcmp(key, "undo") == 0)
            l->undo = strcmp(v, "1") == 0;
        else if (strcmp(key, "linear") == 0)
            l->linear = strcmp(v, "0") != 0;
        else if (strcmp(key, "target") == 0)
            l->target = strcmp(v, "1") == 0;
    }
    l->bits = l->k <= 2 ? 1 : l->k <= 4 ? 2 : 4;
    uint64_t states = 1;
    for (uint32_t c = 0; c < l->cells && states; c++)
        states = states > UINT64_MAX / 8 ? 0 : states * l->k;
    if (l->k < 2 || l->k > MAX_COLOURS || l->dense > 1 || !states ||
        (l->dense && states >= DENSE_MAX) || l->cells * l->bits > 64 ||
        strlen(stencil) != 11) {
        free(l);
        refuse(err, -1,
               "expected colours 2 to 7, key dense or reversed, "
               "a stencil, and a board that fits a key");
        return -1;
    }
    for (uint32_t r = 0; r < l->rows; r++)
        for (uint32_t c = 0; c < l->cols; c++)
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    long rr = (long)r + dr, cc = (long)c + dc;
                    char digit = stencil[4 * (dr + 1) + (dc + 1)];
                    if (rr >= 0 && cc >= 0 && rr < (long)l->rows &&
                        cc < (long)l->cols && digit >= '0' && digit <= '9')
                        l->add[r * l->cols + c][rr * l->cols + cc] =
                            (uint8_t)(digit - '0');
                }
    l->states = states;
    l->a = 1;
    for (uint64_t a = states / 3 + 1;; a++) /* any a prime to K */
        if (gcd(a, l->k) == 1) {
            l->a = a % states ? a % states : 1;
            break;
        }
    l->a_inv = inv_mod(l->a, states);
    l->b = states / 5;
    for (uint32_t i = 0; i < l->k; i++)
        l->symbols[i] = (char)('0' + i);
    rule->inst = l;
    rule->symbols = l->symbols;
    rule->boards = l->target ? 2 : 1;
    rule->moves = l->undo ? 2 * l->cells : l->cells;
    rule->flags = (l->target ? 0 : GRIDBFS2_FIXED_GOAL) |
                  (l->linear ? GRIDBFS2_LINEAR : 0);
    if (l->k == 2 || l->undo)
        rule->flags |= GRIDBFS2_REVERSIBLE;
    if (l->dense) {
        rule->flags |= GRIDBFS2_DENSE;
        rule->states = states;
        uint32_t kb = 1;
        while (kb < 64 && (uint64_t)1 << kb < states)
            kb++;
        rule->key_bits = kb;
    } else {
        rule->key_bits = l->cells * l->bits;
    }
    return 0;
}

static void destroy_lk(void *inst)
{
    free(inst);
}

static uint64_t key(const void *inst, const gridbfs_grid *board)
{
    const lk *l = inst;
    uint32_t d[MAX_CELLS];
    digits(l, board, d);
    return key_of(l, d);
}

static void board(const void *inst, uint64_t k, gridbfs_grid *out)
{
    const lk *l = inst;
    uint32_t d[MAX_CELLS] = {0};
    digits_of(l, k, d);
    set_digits(l, d, out);
}

static uint32_t goals(const void *inst, const gridbfs_grid *boards,
                      uint64_t *out, uint32_t max)
{
    const lk *l = inst;
    uint32_t d[MAX_CELLS] = {0};
    (void)max;
    if (l->target)
        digits(l, &boards[1], d);
    out[0] = key_of(l, d);
    return 1;
}

static int is_goal(const void *inst, const gridbfs_grid *boards,
                   const gridbfs_grid *b)
{
    const lk *l = inst;
    for (uint32_t c = 0; c < l->cells; c++)
        if (gridbfs_grid_get(b, c) !=
            (l->target ? gridbfs_grid_get(&boards[1], c) : 0))
            return 0;
    return 1;
}

static uint32_t expand(const void *inst, uint64_t k, uint32_t *moves,
                       uint64_t *next)
{
    const lk *l = inst;
    uint32_t d[MAX_CELLS], e[MAX_CELLS],
        n = 0, all = l->undo ? 2 * l->cells : l->cells;
    if (digits_of(l, k, d))
        return 0;
    for (uint32_t m = 0; m < all; m++) {
        memcpy(e, d, sizeof e);
        press(l, m, e);
        uint64_t to = key_of(l, e);
        if (to != k) {
            moves[n] = m;
            next[n++] = to;
        }
    }
    return n;
}

static int apply(const void *inst, const gridbfs_grid *b, uint32_t move,
                 gridbfs_grid *out)
{
    const lk *l = inst;
    uint32_t d[MAX_CELLS], e[MAX_CELLS];
    digits(l, b, d);
    memcpy(e, d, sizeof e);
    press(l, move, e);
    if (memcmp(d, e, l->cells * sizeof *d) == 0)
        return 0;
    set_digits(l, e, out);
    return 1;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    const lk *l = inst;
    uint32_t at = move % l->cells;
    unsigned r = at / l->cols + 1, c = at % l->cols + 1;
    const char *sign = move >= l->cells ? "-" : "";
    int n = style == GRIDBFS_MOVE_COMPACT
                ? snprintf(buf, cap, "%s%u,%u", sign, r, c)
                : snprintf(buf, cap, "%s%u %u", sign, r, c);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static uint32_t inverse(const void *inst, uint32_t move)
{
    const lk *l = inst;
    if (!l->undo)
        return move; /* K = 2: each press undoes itself */
    return move < l->cells ? move + l->cells : move - l->cells;
}

static gridbfs_plugin2 table = {
    .abi = GRIDBFS_ABI2,
    .size = sizeof(gridbfs_plugin2),
    .name = "lightskey",
    .summary = "Lights Out of K colours whose keys are not its boards "
               "(for the tests)",
    .params = lk_params,
    .create = create,
    .destroy = destroy_lk,
    .key = key,
    .board = board,
    .goals = goals,
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
