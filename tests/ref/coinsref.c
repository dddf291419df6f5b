/*
 * coinsref.c - independent reference for BZOJ 3517 翻硬币: an n x n board
 * of coins, 0 or 1; one operation picks a cell (i,j) and flips every coin
 * of row i and of column j, the cell itself once (2n-1 coins).  The answer
 * is the fewest operations making every coin the same face, either face.
 * Shares no code with gridbfs.
 *
 * Method: operations commute and one made twice cancels, so an answer is a
 * SET of cells; every one of the 2^(n*n) sets is tried, the board
 * recomputed from scratch for each, and the smallest that leaves one face
 * wins.  n <= 4 only (65,536 sets); a larger n is an error.  BZOJ 3517's n
 * is even; an odd n is read too, for hand-worked cases.
 *
 * Usage:
 *   coinsref [-x] [FILE]   FILE (default standard input) in BZOJ 3517's
 *                          layout: a line n, then n lines of n characters
 *                          0 or 1; prints the fewest operations, or
 *                          `Impossible` when no set works (which BZOJ's
 *                          even n never gives)
 * -x takes the other reading of the operation, the cell (i,j) flipped
 * twice and so left as it is (2n-2 coins), for comparison: BZOJ's sample
 * (4 / 0101 / 1000 / 0010 / 0101, answer 2) agrees with the default
 * reading, which gives 2, and not with -x, under which no set of
 * operations makes that board one face (`Impossible`).
 *
 * Anything out of the layout is an error naming FILE:LINE.  Exit status:
 * 0 ok, 2 usage or input error.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "coinsref"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refutil.h"

#include "reflines.h"

#define MAX_N 4

/* Flips row i and column j of g (n x n); the cell (i,j) once, or not at
   all when keep_cell. */
static void operate(int g[MAX_N][MAX_N], int n, int i, int j, int keep_cell)
{
    for (int x = 0; x < n; x++)
        g[i][x] ^= 1;
    for (int y = 0; y < n; y++)
        if (y != i)
            g[y][j] ^= 1;
    if (keep_cell)
        g[i][j] ^= 1;
}

static int one_face(int g[MAX_N][MAX_N], int n)
{
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (g[y][x] != g[0][0])
                return 0;
    return 1;
}

/* The fewest operations making start one face, or -1. */
static int fewest(int start[MAX_N][MAX_N], int n, int keep_cell)
{
    int cells = n * n, min = -1;
    for (uint32_t set = 0; set < (uint32_t)1 << cells; set++) {
        int g[MAX_N][MAX_N];
        memcpy(g, start, sizeof g);
        for (int c = 0; c < cells; c++)
            if (set >> c & 1)
                operate(g, n, c / n, c % n, keep_cell);
        int size = popcount64(set);
        if ((min < 0 || size < min) && one_face(g, n))
            min = size;
    }
    return min;
}

static void read_board(lines *in, int g[MAX_N][MAX_N], int *n)
{
    const char *s = rl_next(in);
    if (!s)
        rl_bad(in, "empty file: expected n");
    long v = decimal(s);
    if (v < 1)
        rl_bad(in, "expected n, a number");
    if (v > MAX_N)
        rl_bad(in, "n = %ld: this brute force takes n <= %d", v, MAX_N);
    *n = (int)v;
    memset(g, 0, sizeof(int[MAX_N][MAX_N]));
    for (int y = 0; y < *n; y++) {
        if (!(s = rl_next(in)))
            rl_bad(in, "the file ends at row %d of %d", y + 1, *n);
        if (strlen(s) != (size_t)*n || s[strspn(s, "01")])
            rl_bad(in, "expected %d characters 0 or 1", *n);
        for (int x = 0; x < *n; x++)
            g[y][x] = s[x] - '0';
    }
    rl_expect_end(in, "the board");
}

int main(int argc, char **argv)
{
    int keep_cell = 0, k = 1;
    if (k < argc && !strcmp(argv[k], "-x")) {
        keep_cell = 1;
        k++;
    }
    if (argc - k > 1 || (k < argc && argv[k][0] == '-' && argv[k][1])) {
        fputs("usage: coinsref [-x] [FILE]\n", stderr);
        return 2;
    }
    lines in;
    rl_open(&in, k < argc ? argv[k] : "-");
    int g[MAX_N][MAX_N], n;
    read_board(&in, g, &n);
    rl_close(&in);
    put_answer(fewest(g, n, keep_cell));
    return rl_finish_stdout();
}
