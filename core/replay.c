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
    return in->rule.rows * in->rule.cols <= GRIDBFS_SEARCH_CELLS ||
           in->plugin->ops->apply;
}

/* Whether b has a cell set past the board's cells. */
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

int replay_move(const rule_inst *in, const gridbfs_board *board, uint32_t move,
                gridbfs_board *out)
{
    uint32_t cells = in->rule.rows * in->rule.cols;
    uint64_t next[GRIDBFS_MAX_MOVES];

    if (move >= in->rule.moves || !replay_possible(in))
        return -1;
    if (cells > GRIDBFS_SEARCH_CELLS) {
        gridbfs_board from = *board; /* out may be board */
        memset(out, 0, sizeof *out);
        in->plugin->ops->apply(in->rule.inst, &from, move, out);
        return off_board(out, cells) ? -1 : 0;
    }
    in->plugin->ops->expand(in->rule.inst, board->w[0], next);
    if (cells < 64 && next[move] >> cells)
        return -1;
    memset(out, 0, sizeof *out);
    out->w[0] = next[move];
    return 0;
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
