/*
 * zk.h - the kit of the rules whose moves add a fixed vector to the board,
 * cell by cell mod K, for K of 3 to 16 colours (flip-neighbors' `colours`;
 * two colours are xor.h's).  Move m is the press of cell m = r * cols + c,
 * printed "r c" (judge) or "r,c" (compact), 1-based, as in xor.h.
 *
 * Presses commute, and K presses of one cell add nothing, so a shortest
 * answer is a press count x[p] in 0..K-1 for each cell with A x = b over
 * Z/K, where A[q][p] is what press p adds to cell q and b = goal - start;
 * its length is the sum of the counts.  For K prime, zk_create()
 * eliminates A once (forward elimination, keeping the row operations, so
 * each puzzle costs a matrix-vector product and a back substitution);
 * zk_solve() finds one solution and then the lightest of its coset
 * x + null(A), visiting all K^nullity of them (with goal uniform, a press
 * vector that adds 1 to every cell, when there is one, joins the basis,
 * so every colour is tried at once).  It refuses where that is more than
 * 2^max_nullity vectors, and for K that is not a prime.
 *
 * Ties between lightest vectors, as xor.h's: moves takes the least list
 * of presses in increasing order (at the first cell where two vectors
 * differ, the one that presses it more), matrix the least press matrix
 * read row by row (the one that presses it less).  The answer lists cell
 * p x[p] times, cells in increasing order.
 *
 * A board is a gridbfs_grid of 2 bits a cell (K <= 4) or 4 (K <= 16).
 * Where its cells fit 64 bits, a state's key is the board's one word.
 *
 * The instance is immutable after zk_create(), so the operations may run
 * on several threads at once.  zk_create() pairs with zk_destroy().
 * Internal to this tree, like xor.h.
 */
#ifndef GRIDBFS_PLUGINS_ZK_H
#define GRIDBFS_PLUGINS_ZK_H

#include <gridbfs/plugin.h>

#include <stddef.h>
#include <stdint.h>

#include "xor.h"

#define ZK_MAX_COLOURS 16

/* Add move's digits (each below K) into v (rows * cols of them, zeroed by
   the caller); ctx is zk_spec's. */
typedef void zk_vec_fn(const void *ctx, uint32_t move, uint8_t *v);

/* What zk_create() builds a rule from. */
typedef struct zk_spec {
    uint32_t rows, cols;
    uint32_t k;         /* colours, 2..ZK_MAX_COLOURS */
    enum xor_goal goal; /* on: every cell K-1; uniform: all one colour */
    int matrix;         /* ties (and zk_judge_text) by press matrix */
    uint32_t max_nullity;
    zk_vec_fn *vec;
    const void *ctx;
    const char *name; /* the plugin's, for "NAME: out of memory" */
} zk_spec;

/* Build the rule of spec into *rule (inst, boards, moves, flags,
   key_bits; the symbols are the caller's).  0, or -1 with err. */
int zk_create(const zk_spec *spec, gridbfs_rule2 *rule, gridbfs_error *err);
void zk_destroy(void *inst);

/* The ABI 2 operations of such a rule (gridbfs_plugin2's signatures). */
uint32_t zk_goals(const void *inst, const gridbfs_grid *boards, uint64_t *out,
                  uint32_t max);
uint32_t zk_expand(const void *inst, uint64_t key, uint32_t *moves,
                   uint64_t *next);
int zk_apply(const void *inst, const gridbfs_grid *board, uint32_t move,
             gridbfs_grid *out);
int zk_solve(const void *inst, const gridbfs_grid *boards, uint32_t *moves,
             size_t cap, size_t *len, gridbfs_error *err);
/* The press matrix of moves[0..n-1], R lines of C counts joined by
   spaces, the least of the lightest vectors of its coset (as xor.h's). */
int zk_matrix_text(const void *inst, const uint32_t *moves, size_t n,
                   const gridbfs_writer *out);

#endif /* GRIDBFS_PLUGINS_ZK_H */
