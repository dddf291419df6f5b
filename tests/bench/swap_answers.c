/*
 * swap_answers.c - P1225 puzzles with their shortest answers known by
 * construction, for the benchmark of `gridbfs --check` (case m).
 *
 *   swap_answers N SEED PUZZLES ANSWERS
 *
 * writes N puzzles to the file PUZZLES in P1225's layout (the start's 4
 * rows, then the target's, records back to back) and to ANSWERS one
 * shortest answer to each, as the judge wants it: the number of swaps,
 * then one "abcd" line each (swap (a,b) with (c,d), 1-based, the upper or
 * left cell first).
 *
 * Each target has 8 ones in random cells.  The start is the target with
 * up to 6 disjoint swaps of an edge-adjacent one and zero made, in random
 * order; those swaps are a shortest answer.  Why: a swap moves one piece
 * one step, so it turns at most one cell that holds a 1 the target wants
 * 0 into one that does not; the start has exactly as many such cells as
 * swaps were made (they are disjoint), so no answer is shorter.  No search
 * and no gridbfs code: the answers are right by that argument alone.
 * The same arguments always give the same bytes (splitmix64).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../ref/refutil.h"

#define SIDE 4
#define CELLS (SIDE * SIDE)
#define ONES 8
#define MAX_SWAPS 6

static uint64_t rng;

static void board(FILE *f, const int *cell)
{
    for (int r = 0; r < SIDE; r++) {
        for (int c = 0; c < SIDE; c++)
            putc(cell[r * SIDE + c] ? '1' : '0', f);
        putc('\n', f);
    }
}

/* Up to want disjoint swaps of an adjacent one and zero of target, into
   pair[][2] (the upper or left cell first); returns how many. */
static int pick_swaps(const int *target, int want, int pair[][2])
{
    int used[CELLS] = {0}, n = 0;
    for (int tries = 0; n < want && tries < 64; tries++) {
        int a = (int)below(&rng, CELLS);
        int right = splitmix64(&rng) & 1;
        int b = right ? a + 1 : a + SIDE;
        if ((right && a % SIDE == SIDE - 1) || b >= CELLS || used[a] ||
            used[b] || target[a] == target[b])
            continue;
        used[a] = used[b] = 1;
        pair[n][0] = a;
        pair[n][1] = b;
        n++;
    }
    return n;
}

static void one_puzzle(FILE *puzzles, FILE *answers)
{
    int target[CELLS] = {0}, start[CELLS], pair[MAX_SWAPS][2];
    for (int k = 0; k < ONES;) {
        int c = (int)below(&rng, CELLS);
        if (!target[c]) {
            target[c] = 1;
            k++;
        }
    }
    int n = pick_swaps(target, (int)below(&rng, MAX_SWAPS + 1), pair);
    for (int c = 0; c < CELLS; c++)
        start[c] = target[c];
    for (int i = 0; i < n; i++) {
        int t = start[pair[i][0]];
        start[pair[i][0]] = start[pair[i][1]];
        start[pair[i][1]] = t;
    }
    board(puzzles, start);
    board(puzzles, target);
    fprintf(answers, "%d\n", n);
    for (int i = n - 1; i >= 0; i--) /* another order than they were made */
        fprintf(answers, "%d%d%d%d\n", pair[i][0] / SIDE + 1,
                pair[i][0] % SIDE + 1, pair[i][1] / SIDE + 1,
                pair[i][1] % SIDE + 1);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: swap_answers N SEED PUZZLES ANSWERS\n");
        return 2;
    }
    long n = strtol(argv[1], NULL, 10);
    rng = strtoull(argv[2], NULL, 10);
    FILE *puzzles = fopen(argv[3], "w"), *answers = fopen(argv[4], "w");
    if (!puzzles || !answers) {
        perror("swap_answers");
        return 2;
    }
    for (long i = 0; i < n; i++)
        one_puzzle(puzzles, answers);
    if (fclose(puzzles) != 0 || fclose(answers) != 0) {
        perror("swap_answers");
        return 2;
    }
    return 0;
}
