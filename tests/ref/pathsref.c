/*
 * pathsref.c - independent reference for `gridbfs --check`: many
 * different shortest answers to one judge input, each a whole answer
 * file as the judge prints it, so the checker can be shown to accept
 * every one of them (and not only the one gridbfs would print).
 *
 * It shares no code with gridbfs.  Both puzzles are 4x4, 2^16 boards: one
 * breadth-first search from the goal labels every board with its distance
 * (every move is its own inverse, so the distance to the goal is the
 * distance from it); a shortest answer is then a walk from the start that
 * lowers the distance by one at every move, and a depth-first search over
 * those walks, trying the moves in a seeded random order at each step,
 * lists distinct ones.
 *
 *   p1225    Luogu P1225: 8 rows of 4 cells 1/0, the start then the target;
 *            a move swaps two edge-adjacent cells, written "abcd" (swap
 *            (a,b) with (c,d), 1-based, the upper or left cell first).
 *            The answer: the count, then one move a line.
 *   poj2965  POJ 2965: 4 rows of +/- (+ closed); a move at (i,j) changes
 *            every handle of row i and column j; the goal is all open.  The
 *            answer: the count, then one "i j" line a move.
 *
 * Usage: pathsref PROFILE INPUT K DIR [SEED]
 *   writes up to K distinct shortest answers to INPUT into DIR/1.out,
 *   DIR/2.out, ..., and prints how many it wrote (fewer when there are
 *   not K).  Blank lines, spaces between cells and a CR before a newline
 *   are skipped.  Exit status: 0, 1 no answer (the puzzle is impossible),
 *   2 usage or input error.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refutil.h"

#define SIDE 4
#define STATES (1u << (SIDE * SIDE))
#define MAX_MOVES 32
#define MAX_DEPTH 64
#define UNSEEN 0xFF

typedef struct puzzle {
    int nmoves;
    uint16_t mask[MAX_MOVES]; /* the cells a move changes */
    char text[MAX_MOVES][8];  /* its judge text */
    int swap;                 /* a move swaps its two cells (else: flips) */
    uint16_t start, goal;
} puzzle;

typedef struct walk {
    const puzzle *p;
    const uint8_t *dist;
    unsigned long want, found;
    const char *dir;
    int path[MAX_DEPTH];
    uint64_t rng;
} walk;

static int bit(int r, int c)
{
    return r * SIDE + c;
}

/* Board b after move m. */
static uint16_t apply(const puzzle *p, uint16_t b, int m)
{
    if (!p->swap)
        return (uint16_t)(b ^ p->mask[m]);
    uint16_t both = (uint16_t)(b & p->mask[m]);
    if (both == 0 || both == p->mask[m])
        return b; /* two equal pieces: the swap changes nothing */
    return (uint16_t)(b ^ p->mask[m]);
}

static void swap_moves(puzzle *p)
{
    p->swap = 1;
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c < SIDE; c++) {
            if (c + 1 < SIDE) {
                p->mask[p->nmoves] =
                    (uint16_t)(1u << bit(r, c) | 1u << bit(r, c + 1));
                snprintf(p->text[p->nmoves++], 8, "%d%d%d%d", r + 1, c + 1,
                         r + 1, c + 2);
            }
            if (r + 1 < SIDE) {
                p->mask[p->nmoves] =
                    (uint16_t)(1u << bit(r, c) | 1u << bit(r + 1, c));
                snprintf(p->text[p->nmoves++], 8, "%d%d%d%d", r + 1, c + 1,
                         r + 2, c + 1);
            }
        }
}

static void line_moves(puzzle *p)
{
    for (int i = 0; i < SIDE; i++)
        for (int j = 0; j < SIDE; j++) {
            uint16_t m = 0;
            for (int k = 0; k < SIDE; k++)
                m |= (uint16_t)(1u << bit(i, k) | 1u << bit(k, j));
            p->mask[p->nmoves] = m;
            snprintf(p->text[p->nmoves++], 8, "%d %d", i + 1, j + 1);
        }
}

/* The next n cells of f, one and zero being the characters for 1 and 0;
   -1 on anything else. */
static int read_board(FILE *f, char one, char zero, uint16_t *b)
{
    int k = 0, ch;
    *b = 0;
    while (k < SIDE * SIDE && (ch = getc(f)) != EOF) {
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
            continue;
        if (ch != one && ch != zero)
            return -1;
        if (ch == one)
            *b |= (uint16_t)(1u << k);
        k++;
    }
    return k == SIDE * SIDE ? 0 : -1;
}

/* dist[b] = the fewest moves from board b to the goal. */
static void label(const puzzle *p, uint8_t *dist)
{
    static uint16_t queue[STATES];
    size_t head = 0, tail = 0;
    memset(dist, UNSEEN, STATES);
    dist[p->goal] = 0;
    queue[tail++] = p->goal;
    while (head < tail) {
        uint16_t b = queue[head++];
        for (int m = 0; m < p->nmoves; m++) {
            uint16_t n = apply(p, b, m);
            if (dist[n] == UNSEEN) {
                dist[n] = (uint8_t)(dist[b] + 1);
                queue[tail++] = n;
            }
        }
    }
}

static int write_answer(walk *w, int len)
{
    char name[4096];
    snprintf(name, sizeof name, "%s/%lu.out", w->dir, w->found + 1);
    FILE *f = fopen(name, "w");
    if (!f) {
        perror(name);
        return -1;
    }
    fprintf(f, "%d\n", len);
    for (int i = 0; i < len; i++)
        fprintf(f, "%s\n", w->p->text[w->path[i]]);
    if (fclose(f) != 0) {
        perror(name);
        return -1;
    }
    w->found++;
    return 0;
}

/* Every walk down the distances from b, at depth d, until w->want. */
static int descend(walk *w, uint16_t b, int d)
{
    const puzzle *p = w->p;
    int order[MAX_MOVES];
    if (w->dist[b] == 0)
        return write_answer(w, d);
    for (int m = 0; m < p->nmoves; m++)
        order[m] = m;
    for (int m = p->nmoves - 1; m > 0; m--) {
        int j = (int)below(&w->rng, (uint64_t)(m + 1));
        int t = order[m];
        order[m] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < p->nmoves && w->found < w->want; i++) {
        uint16_t n = apply(p, b, order[i]);
        if (w->dist[n] != w->dist[b] - 1)
            continue;
        w->path[d] = order[i];
        if (descend(w, n, d + 1) < 0)
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static uint8_t dist[STATES];
    puzzle p = {0};
    if (argc < 5 || argc > 6) {
        fprintf(stderr, "usage: pathsref p1225|poj2965 INPUT K DIR [SEED]\n");
        return 2;
    }
    FILE *f = strcmp(argv[2], "-") == 0 ? stdin : fopen(argv[2], "r");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    int bad;
    if (strcmp(argv[1], "p1225") == 0) {
        swap_moves(&p);
        bad = read_board(f, '1', '0', &p.start) ||
              read_board(f, '1', '0', &p.goal);
    } else if (strcmp(argv[1], "poj2965") == 0) {
        line_moves(&p);
        bad = read_board(f, '+', '-', &p.start);
    } else {
        fprintf(stderr, "pathsref: unknown profile '%s'\n", argv[1]);
        return 2;
    }
    if (bad) {
        fprintf(stderr, "pathsref: %s: not a %s puzzle\n", argv[2], argv[1]);
        return 2;
    }
    label(&p, dist);
    if (dist[p.start] == UNSEEN)
        return 1;
    walk w = {&p,
              dist,
              strtoul(argv[3], NULL, 10),
              0,
              argv[4],
              {0},
              argc > 5 ? strtoull(argv[5], NULL, 10) : 1};
    if (descend(&w, p.start, 0) < 0)
        return 2;
    printf("%lu\n", w.found);
    return 0;
}
