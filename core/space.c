/* space.c - see space.h. */
#include "space.h"

#include <inttypes.h>
#include <string.h>

#include "util.h"

uint64_t space_pow(uint64_t k, uint32_t e)
{
    uint64_t v = 1;
    for (uint32_t i = 0; i < e; i++)
        if (__builtin_mul_overflow(v, k, &v))
            return 0;
    return v;
}

int space_init(space *s, const rule_inst *in, char *why, size_t cap)
{
    const gridbfs_rule2 *r = &in->rule;
    memset(s, 0, sizeof *s);
    s->in = in;
    s->v1 = in->plugin->v1 != NULL;
    s->cells = r->rows * r->cols;
    s->k = (uint32_t)strlen(r->symbols);
    s->bits = in->bits;
    if (!r->key_bits) {
        fmt(why, cap, "its states have no key (key_bits 0)");
        return -1;
    }
    uint64_t boards = space_pow(s->k, s->cells);
    uint64_t keys = r->key_bits >= 64 ? 0 : (uint64_t)1 << r->key_bits;
    if (s->v1) {
        s->n = keys; /* an ABI 1 board of at most 64 cells is its key */
        return 0;
    }
    if (r->flags & GRIDBFS2_DENSE && r->states != boards) {
        s->n = r->states;
        return 0;
    }
    s->by_board = 1;
    s->n = boards;
    if (!boards)
        fmt(why, cap, "its %" PRIu32 "^%" PRIu32 " boards are past 2^64", s->k,
            s->cells);
    else if (keys && boards > keys)
        fmt(why, cap,
            "its %" PRIu64 " boards are more than its 2^%" PRIu32 " keys",
            boards, r->key_bits);
    else
        return 0;
    return -1;
}

void space_board(const space *s, uint64_t i, gridbfs_grid *out)
{
    const rule_inst *in = s->in;
    if (s->v1) {
        out->w[0] = i;
        return;
    }
    if (!s->by_board) {
        in->plugin->ops->board(in->rule.inst, i, out);
        return;
    }
    for (size_t w = 0; w < in->words; w++)
        out->w[w] = 0;
    if (s->k == 1u << s->bits) { /* the digits are the bits */
        out->w[0] = i;
        return;
    }
    for (uint32_t c = 0; c < s->cells; c++, i /= s->k)
        gridbfs_grid_set(out, c, (unsigned)(i % s->k));
}

uint64_t space_key(const space *s, uint64_t i, gridbfs_grid *scratch)
{
    if (!s->by_board)
        return i;
    space_board(s, i, scratch);
    return rule_key(s->in, scratch);
}

uint64_t space_number(const space *s, const gridbfs_grid *b)
{
    if (s->v1)
        return b->w[0];
    if (!s->by_board)
        return rule_key(s->in, b);
    if (s->k == 1u << s->bits) /* the digits are the bits */
        return b->w[0];
    uint64_t i = 0;
    for (uint32_t c = s->cells; c-- > 0;)
        i = i * s->k + gridbfs_grid_get(b, c);
    return i;
}
