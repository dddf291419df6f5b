/*
 * replay.c - moves replayed on a board through the plugin.  See replay.h.
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "text.h"
#include "util.h"

int replay_possible(const rule_inst *in)
{
    return in->rule.key_bits || in->plugin->ops->apply;
}

/* Whether g breaks the ABI 2 contract for in's alphabet: a bit set past
   its cells in its last word, or a cell that is no symbol's value. */
static int off_alphabet(const rule_inst *in, const gridbfs_grid *g)
{
    size_t bits = (size_t)g->rows * g->cols * g->bits;
    if (bits % 64 && g->w[bits / 64] >> (bits % 64))
        return 1;
    size_t k = strlen(in->rule.symbols), cells = (size_t)g->rows * g->cols;
    for (size_t c = 0; k < (1u << g->bits) && c < cells; c++)
        if (gridbfs_grid_get(g, c) >= k)
            return 1;
    return 0;
}

/* replay_move() of an ABI 1 plugin's board that is its key, by
   expand(). */
static int by_expand(const rule_inst *in, const gridbfs_grid *board,
                     uint32_t move, gridbfs_grid *out)
{
    uint32_t ids[GRIDBFS_MAX_MOVES];
    uint64_t keys[GRIDBFS_MAX_MOVES], next[GRIDBFS_MAX_MOVES];
    bfs_rule br = {in->plugin->ops, in->rule.inst, in->rule.moves,
                   in->rule.key_bits, 0};
    uint32_t bits = in->rule.key_bits;
    bfs_expand_all(&br, board->w[0], ids, keys, next);
    if (bits < 64 && next[move] >> bits)
        return -1;
    int stays = next[move] == board->w[0]; /* the move does not apply */
    out->w[0] = next[move];                /* the board's one word */
    return stays;
}

int replay_move(const rule_inst *in, const gridbfs_grid *board, uint32_t move,
                gridbfs_grid *out)
{
    if (move >= in->rule.moves || !replay_possible(in))
        return -1;
    if (in->plugin->v1 && in->rule.key_bits)
        return by_expand(in, board, move, out);
    int applied = in->plugin->ops->apply(in->rule.inst, board, move, out);
    if (applied == 0)
        grid_copy(out, board); /* the move does not apply: the board stays */
    else if (applied != 1 || off_alphabet(in, out))
        return -1;
    return !applied;
}

#define MOVE_TEXT_MAX 64

/* One move: its text at texts[off..off+len), its id + 1 (0: empty). */
typedef struct move_slot {
    uint32_t off, len, id1;
} move_slot;

struct replay_moves {
    move_slot *slot; /* open addressing, mask + 1 of them */
    uint64_t mask;
    strbuf texts;
};

static uint64_t text_hash(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

/* The slot text[0..len) is in, or the empty one where it would go. */
static move_slot *find_slot(const replay_moves *t, const char *text, size_t len)
{
    for (uint64_t k = text_hash(text, len);; k++) {
        move_slot *s = &t->slot[k & t->mask];
        if (!s->id1 ||
            (s->len == len && memcmp(t->texts.p + s->off, text, len) == 0))
            return s;
    }
}

replay_moves *replay_moves_new(const rule_inst *in)
{
    replay_moves *t = xcalloc(1, sizeof *t);
    uint32_t n = in->rule.moves;
    char buf[MOVE_TEXT_MAX], words[MOVE_TEXT_MAX];
    t->mask = 1;
    while (t->mask + 1 < 2 * (uint64_t)n)
        t->mask = 2 * t->mask + 1;
    t->slot = xcalloc(t->mask + 1, sizeof *t->slot);
    for (uint32_t m = 0; m < n; m++) {
        int len = in->plugin->ops->move_text(
            in->rule.inst, m, GRIDBFS_MOVE_JUDGE, buf, sizeof buf);
        if (len < 0 || (size_t)len >= sizeof buf)
            continue; /* no text: no answer can name it */
        size_t w = text_words(buf, (size_t)len, words);
        move_slot *s = find_slot(t, words, w);
        if (s->id1)
            continue; /* the lower move keeps the text */
        *s = (move_slot){(uint32_t)t->texts.len, (uint32_t)w, m + 1};
        sb_add(&t->texts, words, w);
    }
    return t;
}

void replay_moves_free(replay_moves *t)
{
    if (!t)
        return;
    free(t->slot);
    sb_free(&t->texts);
    free(t);
}

long replay_moves_find(const replay_moves *t, const char *text, size_t len)
{
    if (len >= MOVE_TEXT_MAX)
        return -1;
    const move_slot *s = find_slot(t, text, len);
    return s->id1 ? (long)s->id1 - 1 : -1;
}
