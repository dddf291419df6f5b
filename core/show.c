/*
 * show.c - --show's drawings of solved records.  See show.h.
 */
#define _POSIX_C_SOURCE 200809L /* fileno() */
#include "show.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "reader.h"
#include "replay.h"
#include "text.h"

#define MARK '*'
#define SHOW_ITEMS_MIN 16
#define HIGHLIGHT_ON "\033[7m" /* reverse video */
#define HIGHLIGHT_OFF "\033[27m"

/* Plain marks off a terminal, under NO_COLOR, and where TERM is unset or
   dumb: a terminal that may not know the escape codes. */
enum show_mode show_mode_for(FILE *out)
{
    const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
    if (!isatty(fileno(out)) || (no_color && *no_color) || !term || !*term ||
        strcmp(term, "dumb") == 0)
        return SHOW_PLAIN;
    return SHOW_HIGHLIGHT;
}

struct show_item {
    size_t at; /* in the results' text */
    const rule_inst *in;
    size_t words;    /* its boards' first word in the queue's */
    size_t first, n; /* its moves in the queue's */
};

/* Where a drawing goes: into sb, and, with out, on to out after each
   board, so that sb never holds more than one. */
typedef struct pen {
    strbuf *sb;
    FILE *out;
    int failed; /* a write to out failed */
} pen;

static void pen_flush(pen *pn)
{
    if (!pn->out)
        return;
    if (pn->sb->len &&
        fwrite(pn->sb->p, 1, pn->sb->len, pn->out) != pn->sb->len)
        pn->failed = 1;
    pn->sb->len = 0;
}

/*
 * Board b of in's rule, a row a line, each cell its mark and its
 * character; the cells where b differs from before (NULL: none) marked.
 */
static void draw_board(enum show_mode mode, const rule_inst *in,
                       const gridbfs_grid *b, const gridbfs_grid *before,
                       strbuf *sb)
{
    uint32_t rows = in->rule.rows, cols = in->rule.cols;
    for (uint32_t r = 0; r < rows; r++) {
        for (uint32_t c = 0; c < cols; c++) {
            uint32_t k = r * cols + c;
            unsigned v = gridbfs_grid_get(b, k);
            char ch = in->rule.symbols[v];
            int changed = before && gridbfs_grid_get(before, k) != v;
            sb_putc(sb, changed ? MARK : ' ');
            if (changed && mode == SHOW_HIGHLIGHT)
                sb_add(sb, HIGHLIGHT_ON, sizeof HIGHLIGHT_ON - 1);
            sb_putc(sb, ch);
            if (changed && mode == SHOW_HIGHLIGHT)
                sb_add(sb, HIGHLIGHT_OFF, sizeof HIGHLIGHT_OFF - 1);
        }
        sb_putc(sb, '\n');
    }
}

/* Why in's moves cannot be replayed at its size, into msg. */
static void cannot_replay(const rule_inst *in, char *msg)
{
    char shown[TEXT_QUOTE_BUF];
    uint32_t abi = in->plugin->ops->abi;
    fmt(msg, RULES_MSG_MAX,
        "cannot show the moves: plugin '%s' (ABI %" PRIu32 ".%" PRIu32
        ") offers no apply() to replay a move on boards over %d cells "
        "(%" PRIu32 "x%" PRIu32 "); the answer above is still right",
        text_quote(shown, sizeof shown, in->plugin->name), abi >> 16,
        abi & 0xFFFF, GRIDBFS_SEARCH_CELLS, in->rule.rows, in->rule.cols);
}

/* Why move i of path[0..n-1] could not be replayed, into msg: -1. */
static int not_replayed(const rule_inst *in, const uint32_t *path, size_t i,
                        size_t n, char *msg)
{
    char shown[TEXT_QUOTE_BUF];
    fmt(msg, RULES_MSG_MAX,
        "cannot show the moves: plugin '%s' broke its contract: "
        "move %zu of %zu (id %u) cannot be replayed",
        text_quote(shown, sizeof shown, in->plugin->name), i + 1, n,
        (unsigned)path[i]);
    return -1;
}

/* The moves' boards from the start, each after its "move K of N: TEXT"
   line; 0, or -1 with msg set when a move could not be replayed. */
static int draw_moves(enum show_mode mode, const rule_inst *in,
                      const gridbfs_grid *start, const uint32_t *path, size_t n,
                      pen *pn, char *msg)
{
    strbuf *sb = pn->sb;
    char text[OUTPUT_MOVE_TEXT_MAX];
    gridbfs_grid cur = rule_grid_new(in), next = rule_grid_new(in);
    int status = 0;
    grid_copy(&cur, start);
    for (size_t i = 0; i < n && status == 0; i++) {
        if (replay_move(in, &cur, path[i], &next) < 0) {
            status = not_replayed(in, path, i, n, msg);
            break;
        }
        sb_printf(sb, "move %zu of %zu: %s\n", i + 1, n,
                  output_move_text(in->plugin->ops, in->rule.inst, path[i],
                                   GRIDBFS_MOVE_JUDGE, text));
        draw_board(mode, in, &next, &cur, pn->sb);
        pen_flush(pn);
        gridbfs_grid t = cur;
        cur = next;
        next = t;
    }
    grid_free(&cur);
    grid_free(&next);
    return status;
}

/* Whether a path can be replayed at all: 0, or -1 with why in msg. */
static int can_draw(const rule_inst *in, const uint32_t *path, size_t n,
                    char *msg)
{
    if (n && !path) { /* cannot be: --show asks for the path */
        fmt(msg, RULES_MSG_MAX, "cannot show the moves: no path was found");
        return -1;
    }
    if (n && !replay_possible(in)) {
        cannot_replay(in, msg);
        return -1;
    }
    return 0;
}

/* show_write() through pn: a drawing that fails part way is taken back
   when it is still all in pn's buffer (show_check() first, else). */
static int draw(enum show_mode mode, const rule_inst *in,
                const gridbfs_grid *boards, const uint32_t *path, size_t n,
                pen *pn, char *msg)
{
    int status = -1;
    strbuf *sb = pn->sb;
    size_t undo;
    sb_printf(sb, "start:\n");
    draw_board(mode, in, &boards[0], NULL, sb);
    if (in->rule.boards == 2) {
        sb_printf(sb, "target:\n");
        draw_board(mode, in, &boards[1], NULL, sb);
    }
    if (can_draw(in, path, n, msg) < 0)
        goto out;
    pen_flush(pn);
    undo = sb->len;
    if (draw_moves(mode, in, &boards[0], path, n, pn, msg) < 0) {
        sb->len = undo; /* not half a drawing */
        goto out;
    }
    sb_printf(sb, "solved in %zu move%s\n", n, n == 1 ? "" : "s");
    status = 0;
out:
    if (status < 0)
        sb_printf(sb, "%s\n", msg);
    sb_putc(sb, '\n');
    pen_flush(pn);
    return status;
}

int show_write(enum show_mode mode, const rule_inst *in,
               const gridbfs_grid *boards, const uint32_t *path, size_t n,
               strbuf *sb, char *msg)
{
    pen pn = {sb, NULL, 0};
    return draw(mode, in, boards, path, n, &pn, msg);
}

int show_check(const rule_inst *in, const gridbfs_grid *boards,
               const uint32_t *path, size_t n, char *msg)
{
    if (can_draw(in, path, n, msg) < 0)
        return -1;
    gridbfs_grid cur = rule_grid_new(in);
    int status = 0;
    grid_copy(&cur, &boards[0]);
    for (size_t i = 0; i < n && status == 0; i++)
        if (replay_move(in, &cur, path[i], &cur) < 0)
            status = not_replayed(in, path, i, n, msg);
    grid_free(&cur);
    return status;
}

void show_queue_add(show_queue *q, size_t at, const rule_inst *in,
                    const gridbfs_grid *boards, const uint32_t *path, size_t n)
{
    size_t words = in->rule.boards * in->words;
    if (words > q->words_cap - q->nwords) {
        q->words_cap = q->nwords + words > 2 * q->words_cap ? q->nwords + words
                                                            : 2 * q->words_cap;
        q->words = xreallocarray(q->words, q->words_cap, sizeof *q->words);
    }
    if (q->n == q->cap) {
        q->cap = q->cap ? 2 * q->cap : SHOW_ITEMS_MIN;
        q->items = xreallocarray(q->items, q->cap, sizeof *q->items);
    }
    if (n > q->moves_cap - q->nmoves) {
        q->moves_cap =
            q->nmoves + n > 2 * q->moves_cap ? q->nmoves + n : 2 * q->moves_cap;
        q->moves = xreallocarray(q->moves, q->moves_cap, sizeof *q->moves);
    }
    show_item *it = &q->items[q->n++];
    it->at = at;
    it->in = in;
    it->words = q->nwords;
    for (uint32_t b = 0; b < in->rule.boards; b++)
        memcpy(q->words + q->nwords + b * in->words, boards[b].w,
               in->words * sizeof *q->words);
    q->nwords += words;
    it->first = q->nmoves;
    it->n = n;
    if (n)
        memcpy(q->moves + q->nmoves, path, n * sizeof *path);
    q->nmoves += n;
}

int show_queue_write(show_queue *q, enum show_mode mode, const char *text,
                     size_t from, size_t to, FILE *out)
{
    char msg[RULES_MSG_MAX];
    strbuf sb = {0};
    pen pn = {&sb, out, 0};
    size_t done = from;
    for (; q->drawn < q->n && q->items[q->drawn].at <= to && !pn.failed;
         q->drawn++) {
        const show_item *it = &q->items[q->drawn];
        if (it->at > done &&
            fwrite(text + done, 1, it->at - done, out) != it->at - done)
            pn.failed = 1;
        done = it->at > done ? it->at : done;
        gridbfs_grid b[RECORD_MAX_BOARDS];
        for (uint32_t i = 0; i < it->in->rule.boards; i++)
            b[i] = rule_grid(it->in, q->words + it->words + i * it->in->words);
        /* checked by show_check(): a plugin that now fails says why */
        draw(mode, it->in, b, q->moves + it->first, it->n, &pn, msg);
    }
    if (!pn.failed && to > done &&
        fwrite(text + done, 1, to - done, out) != to - done)
        pn.failed = 1;
    sb_free(&sb);
    return pn.failed ? -1 : 0;
}

size_t show_queue_bytes(const show_queue *q)
{
    return q->cap * sizeof *q->items + q->moves_cap * sizeof *q->moves +
           q->words_cap * sizeof *q->words;
}

void show_queue_clear(show_queue *q)
{
    q->n = q->nmoves = q->nwords = q->drawn = 0;
}

void show_queue_free(show_queue *q)
{
    free(q->items);
    free(q->moves);
    free(q->words);
    memset(q, 0, sizeof *q);
}
