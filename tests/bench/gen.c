/*
 * gen.c - deterministic puzzle generator for the gridbfs benchmark.
 *
 *   gen flip FORMAT CELLS RxC N SEED    N boards, every cell random
 *   gen swap FORMAT RxC K N SEED        N start/target pairs, K ones each
 *
 * FORMAT is grid (the judges' syntax: R rows per board, a blank line
 * after each record), line (one record per line, rows joined by '/') or
 * counted (POJ 1222's file: a first line N, then the boards back to back,
 * R rows each, cells joined by one space, nothing between boards).
 * CELLS is two characters, the one for 1 then the one for 0 (swap: "10").
 * The same arguments always give the same bytes (splitmix64, our own PRNG);
 * the boards do not depend on FORMAT, so a counted file holds the boards
 * of the grid file with the same CELLS, size, N and seed.
 */
#define _POSIX_C_SOURCE 200809L /* putchar_unlocked */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ref/refutil.h"

#define MAX_SIDE 32

static uint64_t rng_state;

static int grid;    /* 1: grid syntax (or counted), 0: line syntax */
static int counted; /* 1: a count line, cells joined by spaces, no blank */
static unsigned rows, cols;
static char one = 'b', zero = 'w';

/* Write one board of R*C cells (1 or 0 each). */
static void board(const unsigned char *cell)
{
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++) {
            if (counted && c > 0)
                putchar_unlocked(' ');
            putchar_unlocked(cell[r * cols + c] ? one : zero);
        }
        if (grid)
            putchar_unlocked('\n');
        else if (r + 1 < rows || rows == 1)
            putchar_unlocked('/');
    }
}

/* K distinct cells set, by a partial Fisher-Yates shuffle. */
static void random_k(unsigned char *cell, unsigned n, unsigned k)
{
    unsigned idx[MAX_SIDE * MAX_SIDE];
    for (unsigned i = 0; i < n; i++) {
        idx[i] = i;
        cell[i] = 0;
    }
    for (unsigned i = 0; i < k; i++) {
        unsigned j = i + (unsigned)below(&rng_state, n - i);
        unsigned t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        cell[idx[i]] = 1;
    }
}

static void usage(void)
{
    fputs("usage: gen flip grid|line|counted CELLS RxC N SEED\n"
          "       gen swap grid|line|counted RxC K N SEED\n",
          stderr);
    exit(2);
}

static void parse_size(const char *s)
{
    if (sscanf(s, "%ux%u", &rows, &cols) != 2 || rows < 1 || cols < 1 ||
        rows > MAX_SIDE || cols > MAX_SIDE)
        usage();
}

int main(int argc, char **argv)
{
    static char obuf[1 << 20];
    unsigned char a[MAX_SIDE * MAX_SIDE], b[MAX_SIDE * MAX_SIDE];
    int swap;
    unsigned long long n;
    unsigned k = 0;

    if (argc < 2)
        usage();
    swap = !strcmp(argv[1], "swap");
    if ((!swap && strcmp(argv[1], "flip")) || argc != 7)
        usage();
    counted = !strcmp(argv[2], "counted");
    grid = counted || !strcmp(argv[2], "grid");
    if (!grid && strcmp(argv[2], "line"))
        usage();
    if (swap) {
        parse_size(argv[3]);
        k = (unsigned)strtoul(argv[4], NULL, 10);
        one = '1';
        zero = '0';
        if (k > rows * cols)
            usage();
    } else {
        if (strlen(argv[3]) != 2)
            usage();
        one = argv[3][0];
        zero = argv[3][1];
        parse_size(argv[4]);
    }
    n = strtoull(argv[5], NULL, 10);
    rng_state = strtoull(argv[6], NULL, 10);
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    if (counted)
        printf("%llu\n", n);

    unsigned cells = rows * cols;
    for (unsigned long long i = 0; i < n; i++) {
        if (swap) {
            random_k(a, cells, k);
            random_k(b, cells, k);
            board(a);
            if (!counted)
                putchar_unlocked(grid ? '\n' : ' ');
            board(b);
        } else {
            uint64_t bits = 0;
            for (unsigned c = 0; c < cells; c++) {
                if (c % 64 == 0)
                    bits = splitmix64(&rng_state);
                a[c] = (unsigned char)(bits & 1);
                bits >>= 1;
            }
            board(a);
        }
        if (!counted) /* grid: the blank line; line: the record's end */
            putchar_unlocked('\n');
    }
    return fflush(stdout) ? 1 : 0;
}
