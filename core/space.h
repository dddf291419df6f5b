/*
 * space.h - the states of a rule instance numbered 0 .. n-1, for the
 * modes that go over every state or draw one uniformly (--census,
 * --generate): each state's board and key, learnt through the plugin's
 * key() and board() alone, never by taking a board's word for its key.
 *
 * How the states are numbered, by what the rule says of them:
 *   keys    an ABI 1 rule (its key is its board's one word: abi1.h), or
 *           a DENSE rule with fewer states than boards (sliding tiles,
 *           whose states are permutations): state i is key i, its board
 *           board(i);
 *   boards  any other rule with keys, whose every board of its alphabet
 *           is a state (the reader hands key() any board of its symbols):
 *           state i is the board whose cell c is digit c of i in base K
 *           (cell 0 the least significant), its key key() of that board.
 *           So the states come in the order of their boards, whatever the
 *           plugin's keys are.
 *
 * Ownership: a space borrows its instance, which must outlive it; it
 * holds nothing to free, and may be shared by threads.
 */
#ifndef GRIDBFS_SPACE_H
#define GRIDBFS_SPACE_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

typedef struct space {
    const rule_inst *in;
    int by_board; /* state i is a board (else a key) */
    int v1;       /* keys are boards' one word: no call to convert */
    uint64_t n;   /* states */
    uint32_t cells, k, bits;
} space;

/*
 * s for in (whose rule has keys, key_bits 1..64); 0, or -1 with why in
 * why (cap bytes): no key, or more states than 2^64 or than its keys.
 */
int space_init(space *s, const rule_inst *in, char *why, size_t cap);

/* The board of state i into out (in's shape, words in->words). */
void space_board(const space *s, uint64_t i, gridbfs_grid *out);

/* The key of state i; scratch is a board of in's shape it may use. */
uint64_t space_key(const space *s, uint64_t i, gridbfs_grid *scratch);

/* The number of board b, a state (its key, where states are keys). */
uint64_t space_number(const space *s, const gridbfs_grid *b);

/* K^e, or 0 when it passes 2^64. */
uint64_t space_pow(uint64_t k, uint32_t e);

#endif /* GRIDBFS_SPACE_H */
