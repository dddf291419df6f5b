/*
 * naive_flip.c - POJ 1753 Flip Game the way textbook solutions do it: for
 * every puzzle a fresh breadth-first search from the start board, with a
 * queue array and a visited array of all 65,536 boards cleared each time,
 * trying the 16 presses of every board until a one-colour board comes out.
 * The baseline of benchmark case c (flip).
 *
 *   naive_flip < boards    4x4 b/w boards in grid syntax -> judge answers
 */
#include <stdio.h>
#include <string.h>

#include "../ref/refutil.h"

static int queue[65536], step[65536];
static char visited[65536];

/* Press cell (r, c): flip it and its up/down/left/right neighbours. */
static int flip(int s, int r, int c)
{
    s ^= 1 << (r * 4 + c);
    if (r > 0)
        s ^= 1 << ((r - 1) * 4 + c);
    if (r < 3)
        s ^= 1 << ((r + 1) * 4 + c);
    if (c > 0)
        s ^= 1 << (r * 4 + c - 1);
    if (c < 3)
        s ^= 1 << (r * 4 + c + 1);
    return s;
}

static int bfs(int start)
{
    int head = 0, tail = 0;
    memset(visited, 0, sizeof visited);
    queue[tail] = start;
    step[tail++] = 0;
    visited[start] = 1;
    while (head < tail) {
        int s = queue[head], d = step[head++];
        if (s == 0 || s == 0xFFFF)
            return d;
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) {
                int t = flip(s, r, c);
                if (!visited[t]) {
                    visited[t] = 1;
                    queue[tail] = t;
                    step[tail++] = d + 1;
                }
            }
    }
    return -1;
}

int main(void)
{
    char row[4][8];
    for (;;) {
        int s = 0;
        for (int r = 0; r < 4; r++) {
            if (scanf("%4s", row[r]) != 1)
                return 0;
            for (int c = 0; c < 4; c++)
                if (row[r][c] == 'b')
                    s |= 1 << (r * 4 + c);
        }
        int d = bfs(s);
        put_answer(d);
    }
}
