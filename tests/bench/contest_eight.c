/*
 * contest_eight.c - the bench's baseline for the 8-puzzle (case p): HDU
 * 1043 Eight as contest solutions solve it.  One breadth-first search from
 * the goal over every board, numbered by its Cantor expansion (9! slots),
 * records at each board the blank's move that takes it one step closer;
 * each case then walks those moves to the goal.  Input: one case a line
 * until the end, 9 tokens, 1..8 and x the blank; output: the blank's
 * moves (u, d, l, r), or `unsolvable`.  No gridbfs code.
 *
 * Usage: contest_eight < INPUT > OUTPUT
 */
#include <stdio.h>
#include <string.h>

#define STATES 362880

static const int fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
static char step[STATES]; /* the blank's move towards the goal, or 0 */
static int queue[STATES];

static int cantor(const char *b)
{
    int code = 0;
    for (int i = 0; i < 9; i++) {
        int less = 0;
        for (int j = i + 1; j < 9; j++)
            less += b[j] < b[i];
        code += less * fact[8 - i];
    }
    return code;
}

static void uncantor(int code, char *b)
{
    char left[10] = "12345678x";
    int n = 9;
    for (int i = 0; i < 9; i++) {
        int k = code / fact[8 - i];
        code %= fact[8 - i];
        b[i] = left[k];
        memmove(left + k, left + k + 1, (size_t)(n - k));
        n--;
    }
}

/* The blank's four moves: row and column change, name, and its opposite. */
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
static const char name[] = "udlr", back[] = "durl";

int main(void)
{
    char b[10] = "12345678x", line[256];
    int head = 0, tail = 0, goal = cantor(b);
    step[goal] = '.';
    queue[tail++] = goal;
    while (head < tail) {
        int s = queue[head++], z;
        uncantor(s, b);
        z = (int)(strchr(b, 'x') - b);
        for (int m = 0; m < 4; m++) {
            int r = z / 3 + dr[m], c = z % 3 + dc[m];
            if (r < 0 || r > 2 || c < 0 || c > 2)
                continue;
            b[z] = b[r * 3 + c];
            b[r * 3 + c] = 'x';
            int t = cantor(b);
            if (!step[t]) {
                step[t] = back[m];
                queue[tail++] = t;
            }
            b[r * 3 + c] = b[z];
            b[z] = 'x';
        }
    }
    while (fgets(line, sizeof line, stdin)) {
        int n = 0;
        for (char *p = line; *p && n < 9; p++)
            if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
                b[n++] = *p;
        if (n < 9)
            continue;
        int s = cantor(b);
        if (!step[s]) {
            puts("unsolvable");
            continue;
        }
        char out[64];
        int len = 0;
        while (step[s] != '.') {
            int m = (int)(strchr(name, step[s]) - name);
            int z = (int)(strchr(b, 'x') - b);
            int r = z / 3 + dr[m], c = z % 3 + dc[m];
            out[len++] = step[s];
            b[z] = b[r * 3 + c];
            b[r * 3 + c] = 'x';
            s = cantor(b);
        }
        out[len] = '\0';
        puts(out);
    }
    return 0;
}
