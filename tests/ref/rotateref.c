/*
 * rotateref.c - independent reference for the test plugin rotate
 * (tests/plugins/rotate.c): a row turns one cell right, a column one cell
 * down, round; the goal is the board whose cells (1,1), (1,2) and (2,1)
 * are set, the rest clear.
 *
 * Shares no code with gridbfs.  It keeps a board as a grid of chars, and
 * finds every distance at once, by one breadth-first search that starts
 * at the goal and steps with the inverse moves (a row turned left, a
 * column turned up): the distance from a board to the goal with the
 * moves is the distance from the goal to the board with their inverses.
 *
 * Usage: rotateref ROWS COLS
 * prints, for every board of that size (at most 16 cells), one line: the
 * board as gridbfs reads it (rows of 1 and 0 joined by '/'), a tab, and
 * the fewest moves to the goal or "Impossible".  The boards come in the
 * order of the number whose bit r * COLS + c is cell (r, c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 16

static int rows, cols;

typedef struct grid {
    char c[MAX_CELLS];
} grid;

static long index_of(const grid *g)
{
    long k = 0;
    for (int i = rows * cols - 1; i >= 0; i--)
        k = 2 * k + (g->c[i] == '1');
    return k;
}

static grid grid_of(long k)
{
    grid g;
    for (int i = 0; i < rows * cols; i++)
        g.c[i] = k >> i & 1 ? '1' : '0';
    return g;
}

/* Undo move m: turn row m left, or column m - rows up. */
static grid undo(const grid *g, int m)
{
    grid out = *g;
    if (m < rows) {
        for (int c = 0; c < cols; c++)
            out.c[m * cols + c] = g->c[m * cols + (c + 1) % cols];
    } else {
        int c = m - rows;
        for (int r = 0; r < rows; r++)
            out.c[r * cols + c] = g->c[(r + 1) % rows * cols + c];
    }
    return out;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (rows = atoi(argv[1])) < 2 || (cols = atoi(argv[2])) < 2 ||
        rows * cols > MAX_CELLS) {
        fprintf(stderr, "usage: rotateref ROWS COLS (2x2 to 16 cells)\n");
        return 2;
    }
    long n = 1L << (rows * cols), head = 0, tail = 0;
    int *dist = malloc((size_t)n * sizeof *dist);
    long *queue = malloc((size_t)n * sizeof *queue);
    if (!dist || !queue)
        return 2;
    for (long k = 0; k < n; k++)
        dist[k] = -1;
    grid goal;
    memset(goal.c, '0', sizeof goal.c);
    goal.c[0] = goal.c[1] = goal.c[cols] = '1';
    dist[index_of(&goal)] = 0;
    queue[tail++] = index_of(&goal);
    while (head < tail) {
        long k = queue[head++];
        grid g = grid_of(k);
        for (int m = 0; m < rows + cols; m++) {
            grid p = undo(&g, m);
            long j = index_of(&p);
            if (dist[j] < 0) {
                dist[j] = dist[k] + 1;
                queue[tail++] = j;
            }
        }
    }
    for (long k = 0; k < n; k++) {
        grid g = grid_of(k);
        for (int r = 0; r < rows; r++)
            printf("%s%.*s", r ? "/" : "", cols, g.c + r * cols);
        if (dist[k] < 0)
            printf("\tImpossible\n");
        else
            printf("\t%d\n", dist[k]);
    }
    free(dist);
    free(queue);
    return 0;
}
