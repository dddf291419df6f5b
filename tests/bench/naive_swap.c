/*
 * naive_swap.c - the 4x4 swap puzzle (Luogu P1225, 一本通 棋盘游戏) the way
 * textbook solutions do it: for every puzzle a fresh breadth-first search
 * from the start board, with a queue array and a visited array of all
 * 65,536 boards cleared each time, swapping every pair of edge-adjacent
 * cells that differ, until the target board comes out.  The baseline of
 * benchmark case c (swap).
 *
 *   naive_swap < pairs    "1111/0000/1110/0010 1010/0101/1010/0101" lines
 *                         -> the minimum number of moves, or Impossible
 */
#include <stdio.h>
#include <string.h>

#include "../ref/refutil.h"

static int queue[65536], step[65536];
static char visited[65536];

/* "1111/0000/1110/0010" -> 16 bits, cell (r, c) is bit r*4+c. */
static int board(const char *tok)
{
    int s = 0, i = 0;
    for (; *tok; tok++)
        if (*tok == '0' || *tok == '1')
            s |= (*tok == '1') << i++;
    return s;
}

static int bfs(int start, int target)
{
    int head = 0, tail = 0;
    memset(visited, 0, sizeof visited);
    queue[tail] = start;
    step[tail++] = 0;
    visited[start] = 1;
    while (head < tail) {
        int s = queue[head], d = step[head++];
        if (s == target)
            return d;
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) {
                int a = r * 4 + c;
                for (int k = 0; k < 2; k++) { /* right, then down */
                    int b;
                    if (k == 0 && c < 3)
                        b = a + 1;
                    else if (k == 1 && r < 3)
                        b = a + 4;
                    else
                        continue;
                    if (((s >> a) & 1) == ((s >> b) & 1))
                        continue;
                    int t = s ^ (1 << a) ^ (1 << b);
                    if (!visited[t]) {
                        visited[t] = 1;
                        queue[tail] = t;
                        step[tail++] = d + 1;
                    }
                }
            }
    }
    return -1;
}

int main(void)
{
    char from[64], to[64];
    while (scanf("%63s %63s", from, to) == 2) {
        int d = bfs(board(from), board(to));
        put_answer(d);
    }
    return 0;
}
