/*
 * swap.h - the swap-adjacent instance, shared by swap.c (parameters,
 * moves, the search operations) and match.c (the exact solver).
 *
 * Internal to this plugin.  An instance is built by swap_create() and never
 * changed afterwards, so every operation may run on it from many threads.
 */
#ifndef GRIDBFS_SWAP_H
#define GRIDBFS_SWAP_H

#include <gridbfs/plugin.h>

/* One move: swap cells a and b. */
struct pair {
    uint64_t mask; /* bits a and b; 0 when the board exceeds 64 cells */
    uint16_t a, b; /* a < b */
};

#define SWAP_CELLS (GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE)
#define SWAP_NO_MOVE 0xFFFF
/* The index of the direction (dr, dc), each -1, 0 or 1, in step[][]. */
#define SWAP_DIR(dr, dc) (((dr) + 1) * 3 + (dc) + 1)

struct swap {
    uint32_t rows, cols, moves;
    int eight; /* neighbourhood 8: diagonal neighbours too */
    int wrap;  /* the board is a torus */
    /* The exact solver's tables, filled by swap_prepare(): */
    uint8_t row[SWAP_CELLS], col[SWAP_CELLS]; /* of each cell */
    /* Distance along one axis: rgap[r1][r2] between rows r1 and r2 (round
     * the torus with wrap), cgap[c1][c2] between columns. */
    uint8_t rgap[GRIDBFS_MAX_SIDE][GRIDBFS_MAX_SIDE];
    uint8_t cgap[GRIDBFS_MAX_SIDE][GRIDBFS_MAX_SIDE];
    /* The first step from row r1 toward row r2 the short way: -1, 0 or 1
     * (rdir[r1][r2]); cdir the same for columns. */
    int8_t rdir[GRIDBFS_MAX_SIDE][GRIDBFS_MAX_SIDE];
    int8_t cdir[GRIDBFS_MAX_SIDE][GRIDBFS_MAX_SIDE];
    /* step[x][SWAP_DIR(dr, dc)]: the move from cell x to its neighbour in
     * that direction, or SWAP_NO_MOVE. */
    uint16_t step[SWAP_CELLS][9];
    struct pair pair[]; /* moves entries, in move id order */
};

/* The distance of x and y on a line of n, going round the end with wrap. */
uint32_t swap_gap(uint32_t x, uint32_t y, uint32_t n, int wrap);

/*
 * Fill the solver's tables of s, whose size, adjacency and pairs are set
 * (match.c).  -1 when a neighbour of a cell has no move: a bug.
 */
int swap_prepare(struct swap *s);

/*
 * The exact solver (match.c), the plugin table's solve(): the contract is
 * plugin.h's.
 */
int swap_solve(const void *inst, const gridbfs_board *boards, uint16_t *moves,
               size_t cap, size_t *len, gridbfs_error *err);

#endif /* GRIDBFS_SWAP_H */
