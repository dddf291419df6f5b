/*
 * enum_fliptile.c - POJ 3279 Fliptile the way contest solutions write it
 * (the first-row enumeration of "Programming Contest Challenge Book",
 * section 3.2): for each of the 2^N press patterns of the first row, in
 * increasing order read left to right, every later press is forced (press
 * (i, j) when cell (i-1, j) is still 1, as nothing after it can change that
 * cell), and the pattern counts when the last row ends all 0.  The fewest
 * presses win; the first pattern found among them is the least matrix read
 * row by row, since the first row decides the rest.  The baseline of
 * benchmark case h.
 *
 *   enum_fliptile [RxC] < boards    0/1 boards in grid syntax (R rows of C
 *                                   cells, the default 15x15) -> the press
 *                                   matrix (R lines of C 0/1 joined by
 *                                   spaces), or IMPOSSIBLE
 */
#include <stdio.h>
#include <string.h>

#define MAX_N 16

static const int dx[5] = {-1, 0, 0, 0, 1};
static const int dy[5] = {0, -1, 0, 1, 0};

static int M = 15, N = 15;
static int tile[MAX_N][MAX_N];
static int opt[MAX_N][MAX_N];
static int flip[MAX_N][MAX_N];

/* The colour of (x, y): the board's, changed by its and its neighbours'
 * presses. */
static int get(int x, int y)
{
    int c = tile[x][y];
    for (int d = 0; d < 5; d++) {
        int x2 = x + dx[d], y2 = y + dy[d];
        if (0 <= x2 && x2 < M && 0 <= y2 && y2 < N)
            c += flip[x2][y2];
    }
    return c % 2;
}

/* With the first row of flip set: the forced rest, and the number of
 * presses, or -1 when the last row is not all 0. */
static int calc(void)
{
    for (int i = 1; i < M; i++)
        for (int j = 0; j < N; j++)
            if (get(i - 1, j) != 0)
                flip[i][j] = 1;
    for (int j = 0; j < N; j++)
        if (get(M - 1, j) != 0)
            return -1;
    int res = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            res += flip[i][j];
    return res;
}

static void solve(void)
{
    int res = -1;
    for (int i = 0; i < 1 << N; i++) {
        memset(flip, 0, sizeof flip);
        for (int j = 0; j < N; j++)
            flip[0][N - j - 1] = i >> j & 1;
        int num = calc();
        if (num >= 0 && (res < 0 || res > num)) {
            res = num;
            memcpy(opt, flip, sizeof flip);
        }
    }
    if (res < 0) {
        printf("IMPOSSIBLE\n");
        return;
    }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            printf("%d%c", opt[i][j], j + 1 == N ? '\n' : ' ');
}

int main(int argc, char **argv)
{
    char row[MAX_N + 2];
    char fmt[16];

    if (argc > 1 && (sscanf(argv[1], "%dx%d", &M, &N) != 2 || M < 1 || N < 1 ||
                     M > MAX_N || N > MAX_N)) {
        fprintf(stderr, "usage: enum_fliptile [RxC] (1..%d each)\n", MAX_N);
        return 2;
    }
    snprintf(fmt, sizeof fmt, "%%%ds", N);
    for (;;) {
        for (int i = 0; i < M; i++) {
            if (scanf(fmt, row) != 1)
                return 0;
            for (int j = 0; j < N; j++)
                tile[i][j] = row[j] == '1';
        }
        solve();
    }
}
