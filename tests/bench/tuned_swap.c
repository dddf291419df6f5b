/*
 * tuned_swap.c - the fastest sensible single-purpose solver of the 4x4
 * swap puzzle (Luogu P1225, 一本通 棋盘游戏), the peer gridbfs is measured
 * against in benchmark case f: two 4x4 boards of 0/1, a move swaps two
 * edge-adjacent cells, answer the fewest moves.
 *
 *   tuned_swap [FILE]    "1111/0000/1110/0010 1010/0101/1010/0101" lines
 *                        -> the minimum number of moves, or Impossible
 *
 * With two colours, the fewest adjacent swaps equal the cost of a
 * minimum-cost perfect matching between the start's misplaced ones (1 in
 * the start, 0 in the target) and the target's (0 in the start, 1 in the
 * target), a pair costing its Manhattan distance (two-colour token
 * swapping; tests/bench/verify_swap.c holds this against a breadth-first
 * search over all boards, and the harness runs it each time).  At most 8
 * cells are misplaced on each side, so the matching is a dynamic program
 * over the subsets of the target's misplaced cells: at most 2^8 * 8 steps.
 *
 * Every '0' and '1' is a cell (all other bytes are framing); each 32 cells
 * are a start and a target.  Input and output go through large buffers
 * with read(2) and write(2).
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../ref/refutil.h"

#define BUF (1 << 20)
#define SIDE 4
#define CELLS (SIDE * SIDE)
#define MAX_MISPLACED (CELLS / 2)
#define IMPOSSIBLE 255 /* the answer index of "Impossible" */

static char in[BUF], out[BUF + 64];
static size_t nout;
static uint8_t manhattan[CELLS][CELLS];

static void flush(void)
{
    write_all(out, nout, "tuned_swap: write");
    nout = 0;
}

/* The fewest swaps from board s to board t (bit r*4+c is cell (r, c)), or
 * IMPOSSIBLE when their numbers of ones differ. */
static unsigned solve(unsigned s, unsigned t)
{
    unsigned a = s & ~t, b = t & ~s;
    uint8_t pa[MAX_MISPLACED], pb[MAX_MISPLACED];
    uint8_t cost[MAX_MISPLACED][MAX_MISPLACED];
    uint8_t best[1 << MAX_MISPLACED];
    unsigned m = 0, n = 0;

    if (__builtin_popcount(a) != __builtin_popcount(b))
        return IMPOSSIBLE;
    for (; a; a &= a - 1)
        pa[m++] = (uint8_t)__builtin_ctz(a);
    for (; b; b &= b - 1)
        pb[n++] = (uint8_t)__builtin_ctz(b);
    if (m == 0)
        return 0;
    for (unsigned i = 0; i < m; i++)
        for (unsigned j = 0; j < m; j++)
            cost[i][j] = manhattan[pa[i]][pb[j]];
    /* best[mask]: the cheapest matching of the first popcount(mask) of
     * the start's cells with the target's cells in mask. */
    unsigned full = (1u << m) - 1;
    memset(best, 0xFF, (size_t)full + 1);
    best[0] = 0;
    for (unsigned mask = 0; mask < full; mask++) {
        unsigned i = (unsigned)__builtin_popcount(mask), here = best[mask];
        for (unsigned free = full & ~mask; free; free &= free - 1) {
            unsigned j = (unsigned)__builtin_ctz(free);
            unsigned next = mask | 1u << j, c = here + cost[i][j];
            if (c < best[next])
                best[next] = (uint8_t)c;
        }
    }
    return best[full];
}

int main(int argc, char **argv)
{
    char answer[256][16];
    size_t alen[256];

    for (int p = 0; p < CELLS; p++)
        for (int q = 0; q < CELLS; q++)
            manhattan[p][q] =
                (uint8_t)(abs(p / SIDE - q / SIDE) + abs(p % SIDE - q % SIDE));
    for (int d = 0; d < 256; d++) {
        if (d == IMPOSSIBLE)
            strcpy(answer[d], "Impossible\n");
        else
            snprintf(answer[d], sizeof answer[d], "%d\n", d);
        alen[d] = strlen(answer[d]);
    }

    int fd = 0;
    if (argc > 1 && (fd = open(argv[1], O_RDONLY)) < 0) {
        perror(argv[1]);
        return 2;
    }
    unsigned s = 0, t = 0, ncells = 0;
    ssize_t n;
    while ((n = read(fd, in, BUF)) > 0) {
        for (ssize_t i = 0; i < n; i++) {
            unsigned bit = (unsigned)(unsigned char)in[i] - '0';
            if (bit > 1)
                continue;
            if (ncells < CELLS)
                s |= bit << ncells;
            else
                t |= bit << (ncells - CELLS);
            if (++ncells == 2 * CELLS) {
                unsigned d = solve(s, t);
                memcpy(out + nout, answer[d], alen[d]);
                nout += alen[d];
                if (nout >= BUF)
                    flush();
                s = t = ncells = 0;
            }
        }
    }
    if (n < 0) {
        perror("tuned_swap: read");
        return 2;
    }
    flush();
    return 0;
}
