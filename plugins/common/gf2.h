/*
 * gf2.h - linear systems over GF(2) on bit-packed rows, for the exact
 * solver of the XOR-mask rules (xor.h).
 *
 * A system is A x = b with A square (n x n, n <= GF2_MAX_BITS unknowns and
 * equations).  A vector is nw = GF2_WORDS(n) words: bit k is bit k % 64 of
 * word k / 64, the layout of a gridbfs_board.  gf2_new() does the one
 * Gauss-Jordan elimination; afterwards the system is read-only, so any
 * number of threads may call gf2_solve() and gf2_min_coset() at once.
 *
 * Ownership: gf2_new() pairs with gf2_free(); vectors passed in are
 * borrowed; the kernel returned by gf2_kernel() belongs to the system.
 * Internal to the in-tree plugins that use xor.c; compiled into each and
 * hidden there (-fvisibility=hidden), never installed.
 */
#ifndef GRIDBFS_PLUGINS_GF2_H
#define GRIDBFS_PLUGINS_GF2_H

#include <stdint.h>

#include <gridbfs/plugin.h>

#define GF2_MAX_WORDS GRIDBFS_BOARD_WORDS
#define GF2_MAX_BITS (GF2_MAX_WORDS * 64)
#define GF2_WORDS(n) (((n) + 63) / 64)
/* The most vectors gf2_min_coset() spans (it visits 2^k combinations). */
#define GF2_MAX_SPAN 62

/* How gf2_min_coset() breaks ties between vectors of the same weight. */
enum gf2_tie {
    /* Prefer the vector whose set bits, listed in increasing order, form
       the lexicographically least list: at the lowest bit where two
       vectors differ, the one with the bit set wins. */
    GF2_LEAST_LIST,
    /* Prefer the least 0/1 string read from bit 0 up: at the lowest bit
       where two vectors differ, the one with the bit clear wins. */
    GF2_LEAST_STRING
};

typedef struct gf2_sys gf2_sys;

/*
 * Eliminate the n x n system whose row i (equation i) is rows[i * nw ..
 * i * nw + nw - 1], nw = GF2_WORDS(n), bits past n clear.  Returns the
 * system, or NULL when out of memory.  O(n^3 / 64) word operations.
 */
gf2_sys *gf2_new(uint32_t n, const uint64_t *rows);
void gf2_free(gf2_sys *s);

/* The dimension of A's null space: n - rank. */
uint32_t gf2_nullity(const gf2_sys *s);

/*
 * A basis of A's null space: gf2_nullity(s) vectors of nw words, one after
 * the other (NULL when the nullity is 0).
 */
const uint64_t *gf2_kernel(const gf2_sys *s);

/*
 * One solution x (nw words) of A x = b, its free unknowns zero: 0, or -1
 * when A x = b has none.  O(n * nw).
 */
int gf2_solve(const gf2_sys *s, const uint64_t *b, uint64_t *x);

/*
 * The vector of least weight (number of set bits) in x0 + span(basis[0..
 * k-1]), ties broken by tie, into best; returns its weight.  Every one of
 * the 2^k combinations is visited, in Gray-code order (one XOR each);
 * k <= GF2_MAX_SPAN.  Vectors are nw words, nw <= GF2_MAX_WORDS; the
 * basis need not be independent.
 */
uint32_t gf2_min_coset(uint32_t nw, const uint64_t *x0,
                       const uint64_t *const *basis, uint32_t k,
                       enum gf2_tie tie, uint64_t *best);

/* The weight of an nw-word vector. */
uint32_t gf2_weight(uint32_t nw, const uint64_t *x);

#endif /* GRIDBFS_PLUGINS_GF2_H */
