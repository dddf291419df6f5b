/* abi1.c - see abi1.h. */
#include "abi1.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "util.h"

/* ABI 1's judge text is asked for in a buffer this big first, then four
   times bigger, up to 1 MiB: past that the core writes its default. */
#define JUDGE_TEXT_MIN 256
#define JUDGE_TEXT_MAX ((size_t)1 << 20)

typedef abi1_inst adapted;

/* g, a two-symbol board of at most 32x32, as an ABI 1 board. */
static void to_board(const gridbfs_grid *g, gridbfs_board *b)
{
    size_t n = gridbfs_grid_words(g->rows, g->cols, 1);
    for (size_t i = 0; i < GRIDBFS_BOARD_WORDS; i++) /* no memset call */
        b->w[i] = i < n ? g->w[i] : 0;
}

/* The boards of a puzzle as ABI 1 takes them, in b. */
static const gridbfs_board *to_boards(const adapted *a, const gridbfs_grid *g,
                                      gridbfs_board b[2])
{
    for (uint32_t i = 0; i < a->boards; i++)
        to_board(&g[i], &b[i]);
    return b;
}

/* The goals of the puzzle g (NULL for a fixed goal set) into out, by
   ABI 1's goals(), which takes no boards for a fixed goal set. */
static uint32_t goals_of(const adapted *a, const gridbfs_grid *g, uint64_t *out,
                         uint32_t max)
{
    gridbfs_board b[2];
    int fixed = !g || a->flags & GRIDBFS_FIXED_GOAL;
    return a->v1->goals(a->inst, fixed ? NULL : to_boards(a, g, b), out, max);
}

/* Whether b has a cell set past its first cells. */
static int off_board(const gridbfs_board *b, uint32_t cells)
{
    for (uint32_t w = cells / 64; w < GRIDBFS_BOARD_WORDS; w++) {
        uint64_t outside = w > cells / 64 || cells % 64 == 0
                               ? ~(uint64_t)0
                               : ~(uint64_t)0 << (cells % 64);
        if (b->w[w] & outside)
            return 1;
    }
    return 0;
}

static void from_board(const gridbfs_board *b, gridbfs_grid *g)
{
    memcpy(g->w, b->w, gridbfs_grid_words(g->rows, g->cols, 1) * sizeof *g->w);
}

static void a_destroy(void *inst)
{
    adapted *a = inst;
    if (!a)
        return;
    a->v1->destroy(a->inst);
    free(a);
}

static uint64_t a_key(const void *inst, const gridbfs_grid *board)
{
    (void)inst;
    return board->w[0];
}

static void a_board(const void *inst, uint64_t key, gridbfs_grid *out)
{
    (void)inst;
    size_t n = gridbfs_grid_words(out->rows, out->cols, 1);
    out->w[0] = key;
    for (size_t i = 1; i < n; i++)
        out->w[i] = 0;
}

static uint32_t a_goals(const void *inst, const gridbfs_grid *boards,
                        uint64_t *out, uint32_t max)
{
    return goals_of(inst, boards, out, max);
}

/* Whether board is a goal: among goals() where a state fits a key, else
   where the exact solver counts no move.  A solver that cannot tell says
   no. */
static int a_is_goal(const void *inst, const gridbfs_grid *boards,
                     const gridbfs_grid *board)
{
    const adapted *a = inst;
    gridbfs_board b[2];
    if ((uint64_t)board->rows * board->cols <= GRIDBFS_SEARCH_CELLS) {
        uint64_t goals[GRIDBFS_MAX_GOALS];
        uint32_t n = goals_of(a, boards, goals, GRIDBFS_MAX_GOALS);
        for (uint32_t g = 0; g < n && g < GRIDBFS_MAX_GOALS; g++)
            if (goals[g] == board->w[0])
                return 1;
        return 0;
    }
    if (!a->v1->solve)
        return 0;
    char text[64];
    gridbfs_error err = {text, sizeof text, -1};
    size_t len = 1;
    for (uint32_t i = 1; i < a->boards; i++)
        to_board(&boards[i], &b[i]);
    to_board(board, &b[0]); /* the puzzle from board on */
    int st = a->v1->solve(a->inst, b, NULL, 0, &len, &err);
    return (st == GRIDBFS_SOLVED || st == GRIDBFS_TOO_LONG) && len == 0;
}

static uint32_t a_expand(const void *inst, uint64_t key, uint32_t *moves,
                         uint64_t *next)
{
    const adapted *a = inst;
    uint32_t n = 0;
    a->v1->expand(a->inst, key, next);
    for (uint32_t m = 0; m < a->moves; m++) /* in place: n <= m */
        if (next[m] != key) {
            moves[n] = m;
            next[n++] = next[m];
        }
    return n;
}

static int a_apply(const void *inst, const gridbfs_grid *board, uint32_t move,
                   gridbfs_grid *out)
{
    const adapted *a = inst;
    gridbfs_board from, to;
    to_board(board, &from);
    memset(&to, 0, sizeof to);
    a->v1->apply(a->inst, &from, move, &to);
    if (off_board(&to, board->rows * board->cols))
        return -1; /* the contract broken: see abi1.h */
    if (memcmp(&from, &to, sizeof from) == 0)
        return 0;
    from_board(&to, out);
    return 1;
}

static int a_move_text(const void *inst, uint32_t move, int style, char *buf,
                       size_t cap)
{
    const adapted *a = inst;
    return a->v1->move_text(a->inst, move, style, buf, cap);
}

static uint32_t a_inverse(const void *inst, uint32_t move)
{
    (void)inst;
    return move; /* GRIDBFS_INVOLUTIVE */
}

static int a_solve(const void *inst, const gridbfs_grid *boards,
                   uint32_t *moves, size_t cap, size_t *len, gridbfs_error *err)
{
    const adapted *a = inst;
    gridbfs_board b[2];
    uint16_t *ids = cap ? xmalloc(cap * sizeof *ids) : NULL;
    int st = a->v1->solve(a->inst, to_boards(a, boards, b), ids, cap, len, err);
    if (st == GRIDBFS_SOLVED)
        for (size_t i = 0; i < *len && i < cap; i++)
            moves[i] = ids[i];
    free(ids);
    return st;
}

static int a_judge_text(const void *inst, const uint32_t *moves, size_t n,
                        int with_path, const gridbfs_writer *out)
{
    const adapted *a = inst;
    uint16_t *ids = NULL; /* no moves: the count alone (TEXT_BY_COUNT) */
    char *buf = NULL;
    int done = -1;
    if (moves) {
        ids = xmalloc((n ? n : 1) * sizeof *ids);
        for (size_t i = 0; i < n; i++)
            ids[i] = (uint16_t)moves[i]; /* below GRIDBFS_MAX_MOVES */
    }
    for (size_t room = JUDGE_TEXT_MIN; room <= JUDGE_TEXT_MAX; room *= 4) {
        free(buf);
        buf = xmalloc(room);
        int len = a->v1->judge_text(a->inst, ids, n, with_path, buf, room);
        if (len >= 0 && (size_t)len < room) {
            done = out->write(out->ctx, buf, (size_t)len);
            break;
        }
    }
    free(buf);
    free(ids);
    return done;
}

void abi1_wrap(const gridbfs_plugin *v1, const gridbfs_rule *r, abi1_inst *a)
{
    *a = (abi1_inst){v1,        r->inst,  r->moves,
                     r->boards, r->flags, {r->zero, r->one, '\0'}};
}

void abi1_adapt(const gridbfs_plugin *v1, gridbfs_plugin2 *out)
{
    *out = (gridbfs_plugin2){
        .abi = v1->abi,
        .size = sizeof *out,
        .name = v1->name,
        .summary = v1->summary,
        .params = v1->params,
        .destroy = a_destroy,
        .key = a_key,
        .board = a_board,
        .goals = a_goals,
        .is_goal = a_is_goal,
        .expand = a_expand,
        .apply = v1->apply ? a_apply : NULL,
        .move_text = a_move_text,
        .inverse = a_inverse,
        .solve = v1->solve ? a_solve : NULL,
        .judge_text = v1->judge_text ? a_judge_text : NULL,
    };
}

/* Whether r's cell characters break ABI 1's contract: why into err. */
static int bad_cells(const gridbfs_rule *r, gridbfs_error *err)
{
    char a[8];
    if (!gridbfs_cell_char(r->one) || !gridbfs_cell_char(r->zero))
        fmt(err->text, err->cap,
            "create() set %s to %s, not a cell character (printable, not "
            "blank, '/' or '=')",
            gridbfs_cell_char(r->one) ? "zero" : "one",
            text_cell(gridbfs_cell_char(r->one) ? r->zero : r->one, a));
    else if (r->one == r->zero)
        fmt(err->text, err->cap, "create() set one and zero both to %s",
            text_cell(r->one, a));
    else
        return 0;
    return 1;
}

int abi1_create(const gridbfs_plugin *v1, const gridbfs_param *params,
                size_t nparams, gridbfs_rule2 *rule, gridbfs_error *err)
{
    gridbfs_rule r = {.abi = GRIDBFS_ABI,
                      .size = sizeof r,
                      .rows = rule->rows,
                      .cols = rule->cols};
    if (r.rows > GRIDBFS_MAX_SIDE || r.cols > GRIDBFS_MAX_SIDE) {
        err->param = -1; /* the size: the last parameter, where one is */
        for (size_t i = 0; i < nparams; i++)
            if (strcmp(params[i].key, "size") == 0)
                err->param = (long)i;
        fmt(err->text, err->cap,
            "an ABI 1 plugin takes boards of up to %dx%d, not %" PRIu32
            "x%" PRIu32,
            GRIDBFS_MAX_SIDE, GRIDBFS_MAX_SIDE, r.rows, r.cols);
        return -1;
    }
    if (v1->create(params, nparams, &r, err) != 0)
        return -1;
    if (bad_cells(&r, err)) {
        v1->destroy(r.inst);
        return 1;
    }
    adapted *a = xmalloc(sizeof *a);
    abi1_wrap(v1, &r, a);
    uint64_t cells = (uint64_t)r.rows * r.cols;
    *rule = (gridbfs_rule2){
        .abi = rule->abi,
        .size = rule->size,
        .inst = a,
        .rows = r.rows,
        .cols = r.cols,
        .symbols = a->symbols,
        .boards = r.boards,
        .moves = r.moves,
        .flags =
            (r.flags & GRIDBFS_INVOLUTIVE ? GRIDBFS2_REVERSIBLE : 0) |
            (r.flags & GRIDBFS_FIXED_GOAL ? GRIDBFS2_FIXED_GOAL : 0) |
            (r.flags & GRIDBFS_TEXT_BY_COUNT ? GRIDBFS2_TEXT_BY_COUNT : 0) |
            (r.flags & GRIDBFS_XOR_MOVES ? GRIDBFS2_LINEAR : 0),
        .key_bits = cells <= GRIDBFS_SEARCH_CELLS ? cells : 0,
    };
    if (rule->key_bits)
        rule->flags |= GRIDBFS2_KEY_IS_BOARD;
    return 0;
}
