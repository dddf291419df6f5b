/*
 * verify_swap.c - holds tuned_swap.c's claim (on a 4x4 board with
 * edge-adjacent swaps, the fewest swaps equal the minimum-cost matching of
 * the misplaced ones, Manhattan distances) against breadth-first search.
 *
 *   verify_swap STARTS SEED EXPECTED > puzzles
 *
 * For each of STARTS random start boards (every number of ones from 0 to
 * 16 in turn), one breadth-first search over all 65,536 boards, swapping
 * edge-adjacent cells that differ, as naive_swap.c does, gives the fewest
 * swaps to every board.  Every board with the start's number of ones is
 * then written as a puzzle "start target" in line syntax to standard
 * output, and its distance to the file EXPECTED; so is one board with
 * another number of ones (Impossible).  Run the puzzles through a solver
 * and compare its output with EXPECTED byte for byte.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../ref/refutil.h"

#define SIDE 4
#define CELLS (SIDE * SIDE)
#define BOARDS (1 << CELLS)
#define UNREACHED 0xFF

static uint8_t dist[BOARDS];
static uint16_t queue[BOARDS];
static uint64_t rng_state;

/* dist[t]: the fewest swaps from start to t, UNREACHED when none. */
static void bfs(unsigned start)
{
    size_t head = 0, tail = 0;
    for (unsigned i = 0; i < BOARDS; i++)
        dist[i] = UNREACHED;
    dist[start] = 0;
    queue[tail++] = (uint16_t)start;
    while (head < tail) {
        unsigned s = queue[head++];
        for (unsigned a = 0; a < CELLS; a++) {
            unsigned pair[2] = {a % SIDE < SIDE - 1 ? a + 1 : a,
                                a / SIDE < SIDE - 1 ? a + SIDE : a};
            for (int k = 0; k < 2; k++) {
                unsigned b = pair[k];
                if (b == a || ((s >> a) & 1) == ((s >> b) & 1))
                    continue;
                unsigned t = s ^ (1u << a) ^ (1u << b);
                if (dist[t] == UNREACHED) {
                    dist[t] = (uint8_t)(dist[s] + 1);
                    queue[tail++] = (uint16_t)t;
                }
            }
        }
    }
}

static void board(unsigned s, int end)
{
    for (unsigned i = 0; i < CELLS; i++) {
        putchar(((s >> i) & 1) ? '1' : '0');
        if (i % SIDE == SIDE - 1 && i + 1 < CELLS)
            putchar('/');
    }
    putchar(end);
}

/* A random board with k ones. */
static unsigned random_board(unsigned k)
{
    unsigned s = 0;
    while ((unsigned)__builtin_popcount(s) < k)
        s |= 1u << below(&rng_state, CELLS);
    return s;
}

int main(int argc, char **argv)
{
    static char obuf[1 << 20];
    if (argc != 4) {
        fputs("usage: verify_swap STARTS SEED EXPECTED > puzzles\n", stderr);
        return 2;
    }
    unsigned long starts = strtoul(argv[1], NULL, 10);
    rng_state = strtoull(argv[2], NULL, 10);
    FILE *expected = fopen(argv[3], "w");
    if (!expected) {
        perror(argv[3]);
        return 2;
    }
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    for (unsigned long n = 0; n < starts; n++) {
        unsigned k = (unsigned)(n % (CELLS + 1));
        unsigned s = random_board(k);
        bfs(s);
        for (unsigned t = 0; t < BOARDS; t++) {
            if ((unsigned)__builtin_popcount(t) != k)
                continue;
            board(s, ' ');
            board(t, '\n');
            fprintf(expected, "%u\n", dist[t]);
        }
        board(s, ' ');
        board(random_board(k == CELLS ? 0 : k + 1), '\n');
        fputs("Impossible\n", expected);
    }
    return fflush(stdout) || fclose(expected) ? 1 : 0;
}
