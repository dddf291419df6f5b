/*
 * judgeref.c - independent reference for gridbfs's judge layouts
 * (`gridbfs -r PROFILE FILE`): reads an online judge's own input file and
 * prints what that judge expects, byte for byte; writes random input files
 * laid out as the judge's are.
 *
 * It shares no code with gridbfs (core/, plugins/), and for the flip
 * judges none of its methods: gridbfs answers by a breadth-first search
 * over boards, or by a plugin's exact solver (Gaussian elimination over
 * GF(2) for flips, a minimum-cost matching for swaps); this program never
 * searches over flip moves and never eliminates.  Presses commute and a
 * press made twice cancels, so the fewest presses is the smallest SET of
 * cells whose flip patterns XOR to the board, found by one of:
 *
 *   table  all 2^N press sets of an N-cell board (N <= 20), Gray-code order,
 *          one XOR a step; the fewest presses for every pattern at once.
 *            poj1753, timus1060  4x4, plus stencil, goal all one colour
 *            timus1122           4x4, the file's own 3x3 pattern, same goal
 *            flipfive            3x3, plus stencil (the clicks that make the
 *                                pattern are those that clear it)
 *            poj3185             1x20, a bowl and its two neighbours
 *            poj2965             4x4, a handle's whole row and column; the
 *                                table keeps the press set too
 *   chase  light chasing, for the plus stencil without wrap: choose the
 *          first row's presses (2^C ways); every later press is forced, as
 *          press (r,c) is the last one able to change cell (r-1,c).  Every
 *          solution is among the 2^C candidates, so the best is picked by
 *          looking at all of them.
 *            poj1222, bailian2811  5x6: exactly one candidate works
 *            poj3279   up to 15x15: fewest presses, then the least press
 *                      matrix read row by row as a 0/1 string, compared as
 *                      such string against string
 *            acwing95  5x5, goal all lights on: the complement cleared
 *            uva10309  10x10; cerc07b up to 16x16
 *   closed form  for bzoj3517 (n even, row-and-column flips, goal every
 *          coin the same): the one operation set clearing a board takes
 *          (i,j) iff row i and column j together hold an odd number of 1s
 *          (as POJ 2965's, below); operating on all n*n cells turns every
 *          coin, so the other goal's set is its complement.
 *   BFS    over the boards with the start's number of 1s (swaps have no
 *          press-set shortcut): p1225 and chessboard, 4x4.  Its own code;
 *          selftest holds it against a matching of its own.
 *
 * `selftest` checks the methods against each other and against facts
 * proved another way: table against chase on every board of small sizes,
 * poj3279's least matrix against all press sets, the 1-D chase against
 * poj3185's table, poj2965's and bzoj3517's tables against their closed
 * forms, BFS against a
 * minimum-cost matching of the 1s, and the uniqueness the judges rely on.
 *
 * Usage:
 *   judgeref gen PROFILE [-n CASES] [-S SEED] [-s RxC]
 *                               a random input file in PROFILE's layout
 *   judgeref solve PROFILE FILE the judge's expected output for FILE
 *   judgeref check p1225 INPUT OUTPUT
 *                               OUTPUT (any shortest swap list) is right
 *   judgeref selftest           cross-check the methods
 *   judgeref profiles           list the profiles
 * FILE and INPUT may be '-' for standard input.  Exit status: 0 ok, 1 a
 * check or self-test failed, 2 usage or input error.
 *
 * gen: -S SEED (default 1) fixes the bytes.  -n is the number of cases of
 * the multi-case layouts (poj1222, acwing95, flipfive, cerc07b, uva10309;
 * default 10) and, for poj1753 and timus1060, of boards in the file, a
 * blank line between them as gridbfs reads them (default 1, the judge's
 * own); the other judges take one case a file.  -s RxC fixes the size of
 * poj3279 (else random, up to 15x15), of every cerc07b map (else random
 * for each, up to 16x16) and of bzoj3517 (nxn, n even; else random, up
 * to 32x32).
 *
 * solve reads a judge's file a little more leniently than the judge
 * writes it, which changes no answer: blank lines may come anywhere, a
 * '\r' before a line's '\n' is dropped, spaces between cells are skipped.
 * Anything else out of the layout, text after the judge's input included,
 * is an error naming FILE:LINE.  An input the judge promises never to give
 * (p1225 or chessboard boards with different numbers of 1s, poj3185 bowls
 * no flips can right) is an error too.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "judgeref"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judgeref.h"

/* ---- generating ---------------------------------------------------- */

/* A board from k distinct random presses of the plus stencil on a clear
   board: its fewest presses is at most k, often small. */
static void pressed_plus(uint64_t *rng, grid *g, int k)
{
    grid p = {g->rows, g->cols, {0}};
    int n = g->rows * g->cols;
    if (k > n)
        k = n;
    for (int done = 0; done < k;) {
        int cell = (int)below(rng, (uint64_t)n);
        uint32_t bit = (uint32_t)1 << (cell % g->cols);
        if (p.row[cell / g->cols] & bit)
            continue;
        p.row[cell / g->cols] |= bit;
        done++;
    }
    plus_apply(&p, g);
}

/* A board for a flip judge: half the time random cells, else k random
   plus presses with k up to kmax (small answers appear). */
static void flip_case(uint64_t *rng, grid *g, int kmax)
{
    memset(g->row, 0, sizeof g->row);
    if (below(rng, 2))
        random_grid(rng, g);
    else
        pressed_plus(rng, g, (int)below(rng, (uint64_t)kmax + 1));
}

static void gen_poj1753(const gen_opts *o, uint64_t *rng)
{
    for (long n = 0; n < o->cases; n++) {
        grid g = {4, 4, {0}};
        flip_case(rng, &g, 16);
        if (below(rng, 2))
            complement(&g); /* the goal is either colour */
        if (n)
            putchar('\n');
        print_grid(&g, "bw", 0);
    }
}

static void gen_timus1122(const gen_opts *o, uint64_t *rng)
{
    static const char *const stencils[] = {"010111010", "101010101",
                                           "111111111"};
    (void)o;
    grid g = {4, 4, {0}}, st = {3, 3, {0}};
    uint64_t pick = below(rng, 4);
    if (pick < 3)
        parse_stencil(stencils[pick], &st);
    else
        random_grid(rng, &st); /* any 3x3 pattern, even empty ones */
    if (below(rng, 2)) {
        random_grid(rng, &g);
    } else {
        uint32_t mask[16];
        stencil_masks(&st, 4, 4, mask);
        uint32_t b = 0;
        for (int c = 0; c < 16; c++)
            if (below(rng, 2))
                b ^= mask[c];
        from_bits(&g, b);
    }
    print_grid(&g, "BW", 0);
    print_grid(&st, "10", 0);
}

static void gen_poj3279(const gen_opts *o, uint64_t *rng)
{
    grid g = {o->rows, o->cols, {0}};
    if (!g.rows) {
        g.rows = 1 + (int)below(rng, POJ3279_MAX);
        g.cols = 1 + (int)below(rng, POJ3279_MAX);
    }
    flip_case(rng, &g, g.rows * g.cols);
    printf("%d %d\n", g.rows, g.cols);
    print_grid(&g, "10", 1);
}

static void gen_poj1222(const gen_opts *o, uint64_t *rng)
{
    printf("%ld\n", o->cases);
    for (long n = 0; n < o->cases; n++) {
        grid g = {5, 6, {0}};
        random_grid(rng, &g);
        print_grid(&g, "10", 1);
    }
}

static void gen_bailian2811(const gen_opts *o, uint64_t *rng)
{
    (void)o;
    grid g = {5, 6, {0}};
    random_grid(rng, &g);
    print_grid(&g, "10", 1);
}

static void gen_poj2965(const gen_opts *o, uint64_t *rng)
{
    (void)o;
    grid g = {4, 4, {0}};
    random_grid(rng, &g);
    print_grid(&g, "+-", 0);
}

/* A start board and a target with as many 1s (its cells shuffled). */
static void swap_case(uint64_t *rng, grid *start, grid *target)
{
    random_grid(rng, start);
    int cell[SWAP_CELLS];
    for (int c = 0; c < SWAP_CELLS; c++)
        cell[c] = get_cell(start, c / 4, c % 4);
    for (int c = SWAP_CELLS - 1; c > 0; c--) {
        int o = (int)below(rng, (uint64_t)c + 1), t = cell[c];
        cell[c] = cell[o];
        cell[o] = t;
    }
    for (int c = 0; c < SWAP_CELLS; c++)
        set_cell(target, c / 4, c % 4, cell[c]);
}

static void gen_p1225(const gen_opts *o, uint64_t *rng)
{
    (void)o;
    grid s = {4, 4, {0}}, t = {4, 4, {0}};
    swap_case(rng, &s, &t);
    print_grid(&s, "10", 0);
    print_grid(&t, "10", 0);
}

static void gen_chessboard(const gen_opts *o, uint64_t *rng)
{
    (void)o;
    grid s = {4, 4, {0}}, t = {4, 4, {0}};
    swap_case(rng, &s, &t);
    print_grid(&s, "10", 0);
    putchar('\n');
    print_grid(&t, "10", 0);
}

/* A one-word puzzle name, never the terminator "end". */
static void random_name(uint64_t *rng, char *name, size_t cap)
{
    static const char chars[] = "abcdefghijklmnopqrstuvwxyz"
                                "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    do {
        size_t len = 1 + (size_t)below(rng, cap - 1 < 16 ? cap - 1 : 16);
        for (size_t c = 0; c < len; c++)
            name[c] = chars[below(rng, sizeof chars - 1)];
        name[len] = '\0';
    } while (!strcmp(name, "end"));
}

static void gen_uva10309(const gen_opts *o, uint64_t *rng)
{
    char name[32];
    for (long n = 0; n < o->cases; n++) {
        grid g = {10, 10, {0}};
        uint64_t kind = below(rng, 4);
        if (kind == 0)
            random_grid(rng, &g);
        else /* small answers, then any up to all 100 presses */
            pressed_plus(rng, &g, (int)below(rng, kind == 1 ? 11 : 101));
        random_name(rng, name, sizeof name);
        printf("%s\n", name);
        print_grid(&g, "O#", 0);
    }
    puts("end");
}

static void gen_poj3185(const gen_opts *o, uint64_t *rng)
{
    (void)o;
    /* flips of k distinct bowls: the judge's boards can all be cleared,
       and small answers appear */
    grid g = {1, POJ3185_BOWLS, {0}};
    uint32_t flips = 0, full = row_mask(POJ3185_BOWLS);
    for (int k = (int)below(rng, POJ3185_BOWLS + 1); popcount64(flips) < k;)
        flips |= (uint32_t)1 << below(rng, POJ3185_BOWLS);
    g.row[0] = (flips ^ (flips << 1) ^ (flips >> 1)) & full;
    print_grid(&g, "10", 1);
}

static void gen_bzoj3517(const gen_opts *o, uint64_t *rng)
{
    int n = o->rows ? o->rows : 2 * (1 + (int)below(rng, BZOJ3517_MAX / 2));
    grid g = {n, n, {0}};
    if (o->rows != o->cols || n % 2 || n > BZOJ3517_MAX)
        die("bzoj3517: -s must be nxn, n even, 2..%d", BZOJ3517_MAX);
    random_grid(rng, &g);
    printf("%d\n", n);
    print_grid(&g, "10", 0);
}

static void gen_cerc07b(const gen_opts *o, uint64_t *rng)
{
    for (long n = 0; n < o->cases; n++) {
        grid g = {o->rows, o->cols, {0}};
        if (!g.rows) {
            g.rows = 1 + (int)below(rng, CERC07B_MAX);
            g.cols = 1 + (int)below(rng, CERC07B_MAX);
        }
        flip_case(rng, &g, g.rows * g.cols);
        printf("%d %d\n", g.rows, g.cols);
        print_grid(&g, "X.", 0);
        putchar('\n');
    }
    puts("0 0");
}

static void gen_flipfive(const gen_opts *o, uint64_t *rng)
{
    printf("%ld\n", o->cases);
    for (long n = 0; n < o->cases; n++) {
        grid g = {3, 3, {0}};
        random_grid(rng, &g);
        print_grid(&g, "*.", 0);
    }
}

static void gen_acwing95(const gen_opts *o, uint64_t *rng)
{
    printf("%ld\n", o->cases);
    for (long n = 0; n < o->cases; n++) {
        grid g = {5, 5, {0}};
        if (below(rng, 3))
            pressed_plus(rng, &g, (int)below(rng, 10)); /* 0..9 presses */
        else
            random_grid(rng, &g);
        complement(&g); /* presses from all lights on */
        if (n)
            putchar('\n');
        print_grid(&g, "10", 0);
    }
}

/* ---- solving ------------------------------------------------------- */

/* Fewest presses making the 4x4 board b all one colour (either), by a
   press_table of 16 cells, or -1. */
static int uniform_fewest(const unsigned char *fewest, uint32_t b)
{
    int x = fewest[b], y = fewest[b ^ 0xFFFFu];
    int m = x < y ? x : y;
    return m == NO_WAY ? -1 : m;
}

static void print_count(int m, const char *impossible)
{
    if (m < 0)
        puts(impossible);
    else
        printf("%d\n", m);
}

static void solve_poj1753(input *in)
{
    grid st = {3, 3, {0}}, g = {4, 4, {0}};
    parse_stencil("010111010", &st);
    uint32_t mask[16];
    stencil_masks(&st, 4, 4, mask);
    unsigned char *fewest = press_table(16, mask, NULL);
    /* one board, or several (gridbfs's reading), blank lines between */
    do {
        read_grid(in, &g, "bw");
        print_count(uniform_fewest(fewest, to_bits(&g)), "Impossible");
    } while (more_input(in));
    free(fewest);
}

static void solve_timus1122(input *in)
{
    grid g = {4, 4, {0}}, st = {3, 3, {0}};
    read_grid(in, &g, "BW");
    read_grid(in, &st, "10");
    expect_end(in);
    uint32_t mask[16];
    stencil_masks(&st, 4, 4, mask);
    unsigned char *fewest = press_table(16, mask, NULL);
    print_count(uniform_fewest(fewest, to_bits(&g)), "Impossible");
    free(fewest);
}

static void solve_poj3279(input *in)
{
    long size[2];
    read_ints(in, 2, size);
    if (size[0] < 1 || size[0] > POJ3279_MAX || size[1] < 1 ||
        size[1] > POJ3279_MAX)
        bad(in, "size %ld %ld: each must be 1..%d", size[0], size[1],
            POJ3279_MAX);
    grid g = {(int)size[0], (int)size[1], {0}}, press;
    read_grid(in, &g, "10");
    expect_end(in);
    if (chase_best(&g, &press, NULL) < 0)
        puts("IMPOSSIBLE");
    else
        print_grid(&press, "10", 1);
}

/* The one press matrix clearing a 5x6 board (the press matrix of 5x6
   Lights Out is invertible: selftest proves it). */
static void solve_5x6(input *in, grid *press)
{
    grid g = {5, 6, {0}};
    long solutions;
    read_grid(in, &g, "10");
    chase_best(&g, press, &solutions);
    if (solutions != 1)
        bad(in, "%ld press sets clear this 5x6 board, not 1", solutions);
}

static void solve_poj1222(input *in)
{
    long n;
    read_ints(in, 1, &n);
    if (n < 0)
        bad(in, "negative puzzle count %ld", n);
    for (long m = 1; m <= n; m++) {
        grid press;
        solve_5x6(in, &press);
        printf("PUZZLE #%ld\n", m);
        print_grid(&press, "10", 1);
    }
    expect_end(in);
}

static void solve_bailian2811(input *in)
{
    grid press;
    solve_5x6(in, &press);
    expect_end(in);
    print_grid(&press, "10", 1);
}

static void solve_poj2965(input *in)
{
    grid g = {4, 4, {0}};
    read_grid(in, &g, "+-");
    expect_end(in);
    uint32_t mask[16], *set;
    lines_masks(4, 4, mask);
    set = malloc(sizeof *set << 16);
    if (!set)
        die("out of memory");
    unsigned char *fewest = press_table(16, mask, set);
    uint32_t b = to_bits(&g);
    if (fewest[b] == NO_WAY) /* cannot happen: selftest */
        bad(in, "no press set opens every handle");
    printf("%d\n", fewest[b]);
    for (int c = 0; c < 16; c++) /* increasing row-major order */
        if ((set[b] >> c) & 1)
            printf("%d %d\n", c / 4 + 1, c % 4 + 1);
    free(set);
    free(fewest);
}

/* BZOJ 3517 (n even): the fewest operations that make every coin the
   same face, by the closed form (see the top of this file). */
static int coins_fewest(const grid *g)
{
    int n = g->rows, ops = 0, p[MAX_SIDE] = {0}, q[MAX_SIDE] = {0};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            p[r] ^= get_cell(g, r, c);
            q[c] ^= get_cell(g, r, c);
        }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) /* the cell is in both row and column */
            ops += p[r] ^ q[c] ^ get_cell(g, r, c);
    return ops < n * n - ops ? ops : n * n - ops;
}

static void solve_bzoj3517(input *in)
{
    long n;
    read_ints(in, 1, &n);
    if (n < 2 || n > BZOJ3517_MAX || n % 2)
        bad(in, "n %ld: must be even, 2..%d", n, BZOJ3517_MAX);
    grid g = {(int)n, (int)n, {0}};
    read_grid(in, &g, "10");
    expect_end(in);
    printf("%d\n", coins_fewest(&g));
}

/* Read a swap judge's start and target; die unless a swap list joins
   them.  Fills the BFS from the start. */
static void read_swap(input *in, uint32_t *start, uint32_t *target,
                      swap_search *s)
{
    grid a = {4, 4, {0}}, b = {4, 4, {0}};
    read_grid(in, &a, "10");
    read_grid(in, &b, "10");
    expect_end(in);
    *start = to_bits(&a);
    *target = to_bits(&b);
    if (popcount64(*start) != popcount64(*target))
        bad(in, "the boards have %d and %d 1s: no swaps join them",
            popcount64(*start), popcount64(*target));
    swap_bfs(*start, s);
}

static void solve_chessboard(input *in)
{
    uint32_t start, target;
    swap_search s;
    read_swap(in, &start, &target, &s);
    printf("%d\n", s.dist[target]);
}

static void solve_p1225(input *in)
{
    uint32_t start, target;
    swap_search s;
    read_swap(in, &start, &target, &s);
    int n = s.dist[target];
    int pair[SWAP_CELLS * SWAP_CELLS] = {0};
    /* walk back from the target, then print the swaps forward */
    uint32_t b = target;
    for (int k = n - 1; k >= 0; k--) {
        pair[k] = s.how[b];
        b = s.from[b];
    }
    printf("%d\n", n);
    for (int k = 0; k < n; k++) {
        const int *p = swap_pairs[pair[k]];
        printf("%d%d%d%d\n", p[0] / 4 + 1, p[0] % 4 + 1, p[1] / 4 + 1,
               p[1] % 4 + 1);
    }
}

static void solve_uva10309(input *in)
{
    for (;;) {
        const char *line = next_line(in);
        if (!line)
            bad(in, "the file ends before the line \"end\"");
        char name[UVA10309_NAME + 1];
        if (!one_word(line, name, sizeof name))
            bad(in, "a puzzle name is one word of at most %d characters",
                UVA10309_NAME);
        if (!strcmp(name, "end"))
            break;
        grid g = {10, 10, {0}}, press;
        read_grid(in, &g, "O#");
        int m = chase_best(&g, &press, NULL);
        printf("%s %d\n", name, m > UVA10309_MAX_PRESSES ? -1 : m);
    }
    expect_end(in);
}

static void solve_poj3185(input *in)
{
    grid g = {1, POJ3185_BOWLS, {0}}, st = {3, 3, {0}};
    read_grid(in, &g, "10");
    expect_end(in);
    uint32_t mask[POJ3185_BOWLS];
    parse_stencil("000111000", &st);
    stencil_masks(&st, 1, POJ3185_BOWLS, mask);
    unsigned char *fewest = press_table(POJ3185_BOWLS, mask, NULL);
    int m = fewest[to_bits(&g)];
    free(fewest);
    if (m == NO_WAY)
        bad(in, "no flips turn every bowl right side up (the judge's "
                "inputs always have some)");
    printf("%d\n", m);
}

static void solve_cerc07b(input *in)
{
    for (;;) {
        long size[2];
        read_ints(in, 2, size);
        if (size[0] == 0 && size[1] == 0)
            break;
        if (size[0] < 1 || size[0] > CERC07B_MAX || size[1] < 1 ||
            size[1] > CERC07B_MAX)
            bad(in, "size %ld %ld: each must be 1..%d", size[0], size[1],
                CERC07B_MAX);
        grid g = {(int)size[0], (int)size[1], {0}}, press;
        read_grid(in, &g, "X.");
        int m = chase_best(&g, &press, NULL);
        if (m < 0)
            puts("Damaged billboard.");
        else
            printf("You have to tap %d tiles.\n", m);
    }
    expect_end(in);
}

static void solve_flipfive(input *in)
{
    grid st = {3, 3, {0}}, g = {3, 3, {0}};
    parse_stencil("010111010", &st);
    uint32_t mask[9];
    stencil_masks(&st, 3, 3, mask);
    unsigned char *fewest = press_table(9, mask, NULL);
    long n;
    read_ints(in, 1, &n);
    if (n < 0)
        bad(in, "negative puzzle count %ld", n);
    for (long k = 0; k < n; k++) {
        read_grid(in, &g, "*.");
        int m = fewest[to_bits(&g)];
        if (m == NO_WAY) /* cannot happen: selftest */
            bad(in, "no clicks make this pattern");
        printf("%d\n", m);
    }
    expect_end(in);
    free(fewest);
}

static void solve_acwing95(input *in)
{
    long n;
    read_ints(in, 1, &n);
    if (n < 0)
        bad(in, "negative puzzle count %ld", n);
    for (long k = 0; k < n; k++) {
        grid g = {5, 5, {0}}, press;
        read_grid(in, &g, "10");
        complement(&g); /* turning every light on clears the dark ones */
        int m = chase_best(&g, &press, NULL);
        printf("%d\n", m < 0 || m > ACWING95_MAX_PRESSES ? -1 : m);
    }
    expect_end(in);
}

/* ---- checking p1225 ------------------------------------------------ */

/* 0 when OUTPUT is a right answer to p1225 INPUT: a count line, then that
   many "abcd" lines, each swapping two edge-adjacent cells, leading from
   the start to the target, as many as the fewest possible; else 1 with a
   message. */
static int check_p1225(input *in, const char *outname)
{
    uint32_t start, target;
    swap_search s;
    read_swap(in, &start, &target, &s);
    output out;
    open_output(&out, outname);
    const char *line = out_line(&out);
    long n = line ? decimal(line) : -1;
    if (n < 0)
        return out_fail(&out, "expected the number of swaps");
    if (n != s.dist[target])
        return out_fail(&out, "%ld swaps, but the fewest is %d", n,
                        s.dist[target]);
    uint32_t b = start;
    for (long k = 0; k < n; k++) {
        line = out_line(&out);
        int cell[2];
        if (!line || !parse_swap(line, cell))
            return out_fail(&out,
                            "expected swap %ld of %ld as four digits "
                            "1..4 (row col row col)",
                            k + 1, n);
        if (!adjacent(cell[0], cell[1]))
            return out_fail(&out,
                            "cells %d,%d and %d,%d do not share an "
                            "edge",
                            cell[0] / 4 + 1, cell[0] % 4 + 1, cell[1] / 4 + 1,
                            cell[1] % 4 + 1);
        b = swap_cells(b, cell[0], cell[1]);
    }
    if (out_line(&out))
        return out_fail(&out, "text after the last swap");
    if (b != target)
        return out_fail(&out, "the swaps do not reach the target");
    close_output(&out);
    return 0;
}

/* ---- selftest ------------------------------------------------------ */

#define MAX_REPORTS 10
#define SAMPLE_BOARDS 3000
#define SWAP_STARTS 200
#define SWAP_TARGETS 40

typedef struct tally {
    long checks, failures;
} tally;

/* Count a check; report the first failures on stderr. */
static void expect(tally *t, int ok, const char *fmt, ...)
{
    t->checks++;
    if (ok || ++t->failures > MAX_REPORTS)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("judgeref: selftest: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void plus_masks(int rows, int cols, uint32_t *mask)
{
    grid st = {3, 3, {0}};
    parse_stencil("010111010", &st);
    stencil_masks(&st, rows, cols, mask);
}

/* g's cells row by row as a string of '0' and '1', in buf. */
static void matrix_string(const grid *g, char *buf)
{
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++)
            *buf++ = (char)('0' + get_cell(g, r, c));
    *buf = '\0';
}

/* Every board of rows x cols (at most 16 cells) against every press set:
   the table's and the chase's counts, the chase's number of solutions,
   and POJ 3279's pick (fewest, then the least matrix string, compared
   with strcmp). */
static void st_exhaustive(tally *t, int rows, int cols)
{
    int n = rows * cols;
    uint32_t size = (uint32_t)1 << n, mask[16];
    assert(n <= 16);
    plus_masks(rows, cols, mask);
    unsigned char *fewest = malloc(size);
    uint32_t *least = calloc(size, sizeof *least);
    long *ways = calloc(size, sizeof *ways);
    if (!fewest || !least || !ways)
        die("out of memory");
    memset(fewest, NO_WAY, size);
    for (uint32_t s = 0; s < size; s++) {
        uint32_t e = 0;
        for (int c = 0; c < n; c++)
            if ((s >> c) & 1)
                e ^= mask[c];
        ways[e]++;
        grid gs = {rows, cols, {0}}, gl = {rows, cols, {0}};
        char a[MAX_SIDE * MAX_SIDE + 1], b[MAX_SIDE * MAX_SIDE + 1];
        from_bits(&gs, s);
        from_bits(&gl, least[e]);
        matrix_string(&gs, a);
        matrix_string(&gl, b);
        int k = popcount64(s);
        if (fewest[e] == NO_WAY || k < fewest[e] ||
            (k == fewest[e] && strcmp(a, b) < 0)) {
            fewest[e] = (unsigned char)k;
            least[e] = s;
        }
    }
    unsigned char *table = press_table(n, mask, NULL);
    for (uint32_t b = 0; b < size; b++) {
        grid g = {rows, cols, {0}}, press;
        long sol;
        from_bits(&g, b);
        int m = chase_best(&g, &press, &sol);
        int want = fewest[b] == NO_WAY ? -1 : fewest[b];
        expect(t, table[b] == fewest[b],
               "%dx%d board %#x: table %d, all "
               "press sets %d",
               rows, cols, b, table[b], fewest[b]);
        expect(t, m == want, "%dx%d board %#x: chase %d, all press sets %d",
               rows, cols, b, m, want);
        expect(t, sol == ways[b],
               "%dx%d board %#x: chase finds %ld "
               "solutions, all press sets %ld",
               rows, cols, b, sol, ways[b]);
        if (m >= 0 && want >= 0)
            expect(t, to_bits(&press) == least[b],
                   "%dx%d board %#x: chase "
                   "picks presses %#x, the least is %#x",
                   rows, cols, b, to_bits(&press), least[b]);
    }
    free(table);
    free(ways);
    free(least);
    free(fewest);
}

/* Random boards of rows x cols (up to 20 cells): table against chase. */
static void st_sampled(tally *t, int rows, int cols, uint64_t *rng)
{
    uint32_t mask[TABLE_MAX_CELLS];
    plus_masks(rows, cols, mask);
    unsigned char *table = press_table(rows * cols, mask, NULL);
    for (int k = 0; k < SAMPLE_BOARDS; k++) {
        grid g = {rows, cols, {0}}, press;
        random_grid(rng, &g);
        uint32_t b = to_bits(&g);
        int m = chase_best(&g, &press, NULL);
        int want = table[b] == NO_WAY ? -1 : table[b];
        expect(t, m == want, "%dx%d board %#x: chase %d, table %d", rows, cols,
               b, m, want);
    }
    free(table);
}

/* POJ 3185 by a 1-D chase of its own: the first bowl's flip chosen, the
   flip of bowl k+1 is forced by bowl k.  The fewest, or -1. */
static int bowls_chase(uint32_t b)
{
    int best = -1;
    for (int first = 0; first < 2; first++) {
        int bowl[POJ3185_BOWLS], count = 0;
        for (int k = 0; k < POJ3185_BOWLS; k++)
            bowl[k] = (int)((b >> k) & 1);
        for (int k = 0; k < POJ3185_BOWLS; k++) {
            int flip = k ? bowl[k - 1] : first;
            if (!flip)
                continue;
            count++;
            for (int d = -1; d <= 1; d++)
                if (k + d >= 0 && k + d < POJ3185_BOWLS)
                    bowl[k + d] ^= 1;
        }
        if (!bowl[POJ3185_BOWLS - 1] && (best < 0 || count < best))
            best = count;
    }
    return best;
}

static void st_bowls(tally *t, uint64_t *rng)
{
    grid st = {3, 3, {0}};
    uint32_t mask[POJ3185_BOWLS];
    parse_stencil("000111000", &st);
    stencil_masks(&st, 1, POJ3185_BOWLS, mask);
    unsigned char *table = press_table(POJ3185_BOWLS, mask, NULL);
    long solvable = 0;
    for (uint32_t b = 0; b < (uint32_t)1 << POJ3185_BOWLS; b++)
        solvable += table[b] != NO_WAY;
    /* the 20x20 tridiagonal matrix has rank 19 over GF(2) (20 = 2 mod 3) */
    expect(t, solvable == 1L << 19,
           "poj3185: %ld boards can be cleared, "
           "not 2^19",
           solvable);
    for (int k = 0; k < 20 * SAMPLE_BOARDS; k++) {
        uint32_t b = (uint32_t)below(rng, (uint64_t)1 << POJ3185_BOWLS);
        int want = table[b] == NO_WAY ? -1 : table[b];
        expect(t, bowls_chase(b) == want,
               "poj3185 bowls %#x: chase %d, "
               "table %d",
               b, bowls_chase(b), want);
    }
    free(table);
}

/* How many press sets clear an empty rows x cols board: 1 means every
   board has exactly one (the press matrix is invertible). */
static long kernel(int rows, int cols)
{
    grid g = {rows, cols, {0}}, press;
    long sol;
    chase_best(&g, &press, &sol);
    return sol;
}

/* The judges' promises: 5x6 (poj1222, bailian2811) and 10x10 (uva10309:
   -1 never printed for a valid board) have one solution each, 3x3
   (flipfive) every pattern; and known nullities. */
static void st_unique(tally *t)
{
    expect(t, kernel(5, 6) == 1, "5x6: %ld solutions of the empty board",
           kernel(5, 6));
    expect(t, kernel(10, 10) == 1,
           "10x10: %ld solutions of the empty "
           "board",
           kernel(10, 10));
    expect(t, kernel(5, 5) == 4, "5x5: nullity 2 expected");
    expect(t, kernel(4, 4) == 16, "4x4: nullity 4 expected");
    uint32_t mask[9];
    plus_masks(3, 3, mask);
    unsigned char *table = press_table(9, mask, NULL);
    int all = 1;
    for (uint32_t b = 0; b < 512; b++)
        all &= table[b] != NO_WAY;
    expect(t, all, "3x3: some flipfive pattern cannot be clicked");
    free(table);
    /* the UVa sample's all_on takes 44 presses */
    grid on = {10, 10, {0}}, press;
    complement(&on);
    expect(t, chase_best(&on, &press, NULL) == 44, "uva10309 all_on: not 44");
}

/* POJ 2965: the table's press set against the closed form (change (i,j)
   iff row i and column j together hold an odd number of '+'), for every
   board; each board has one set. */
static void st_refrigerator(tally *t)
{
    uint32_t mask[16], *set = malloc(sizeof *set << 16);
    if (!set)
        die("out of memory");
    lines_masks(4, 4, mask);
    unsigned char *fewest = press_table(16, mask, set);
    for (uint32_t b = 0; b < 1u << 16; b++) {
        uint32_t want = 0;
        for (int c = 0; c < 16; c++) {
            int plus = 0;
            for (int k = 0; k < 16; k++)
                if (k / 4 == c / 4 || k % 4 == c % 4)
                    plus ^= (int)((b >> k) & 1);
            want |= (uint32_t)plus << c;
        }
        expect(t,
               fewest[b] != NO_WAY && set[b] == want &&
                   fewest[b] == popcount64(want),
               "poj2965 board %#x: table "
               "presses %#x, closed form %#x",
               b, set[b], want);
    }
    free(fewest);
    free(set);
}

/* BZOJ 3517: the closed form against the table (every press set of the
   row-and-column flips) on every 2x2 and 4x4 board, either goal. */
static void st_coins(tally *t)
{
    for (int n = 2; n <= 4; n += 2) {
        uint32_t mask[16], cells = (uint32_t)(n * n), all = row_mask(n * n);
        lines_masks(n, n, mask);
        unsigned char *fewest = press_table((int)cells, mask, NULL);
        for (uint32_t b = 0; b <= all; b++) {
            grid g = {n, n, {0}};
            from_bits(&g, b);
            int want =
                fewest[b] < fewest[b ^ all] ? fewest[b] : fewest[b ^ all];
            expect(t, coins_fewest(&g) == want,
                   "bzoj3517 %dx%d board %#x: closed form %d, table %d", n, n,
                   b, coins_fewest(&g), want);
        }
        free(fewest);
    }
}

/* The fewest swaps by transport: pair the 1s of a with those of b (the 0s
   when there are fewer of them) at least total Manhattan distance, by
   dynamic programming over the subsets of b's cells taken so far. */
static int swap_matching(uint32_t a, uint32_t b)
{
    enum { MAX_TOKENS = SWAP_CELLS / 2 };
    if (popcount64(a) > MAX_TOKENS) {
        a ^= 0xFFFFu;
        b ^= 0xFFFFu;
    }
    int pa[MAX_TOKENS], pb[MAX_TOKENS], k = 0, kb = 0;
    for (int c = 0; c < SWAP_CELLS; c++) {
        if ((a >> c) & 1)
            pa[k++] = c;
        if ((b >> c) & 1)
            pb[kb++] = c;
    }
    assert(k == kb);
    int cost[1 << MAX_TOKENS] = {0};
    for (int m = 0; m < 1 << k; m++)
        cost[m] = m ? 1 << 20 : 0;
    for (int m = 0; m < 1 << k; m++) {
        int j = popcount64((uint32_t)m);
        for (int x = 0; j < k && x < k; x++) {
            if ((m >> x) & 1)
                continue;
            int d = abs(pa[j] / 4 - pb[x] / 4) + abs(pa[j] % 4 - pb[x] % 4);
            if (cost[m] + d < cost[m | 1 << x])
                cost[m | 1 << x] = cost[m] + d;
        }
    }
    return cost[(1 << k) - 1];
}

static void st_swaps(tally *t, uint64_t *rng)
{
    swap_search *s = malloc(sizeof *s);
    if (!s)
        die("out of memory");
    for (int k = 0; k < SWAP_STARTS; k++) {
        grid a = {4, 4, {0}}, b = {4, 4, {0}};
        swap_case(rng, &a, &b);
        uint32_t start = to_bits(&a);
        swap_bfs(start, s);
        for (int n = 0; n < SWAP_TARGETS; n++) {
            swap_case(rng, &a, &b);
            uint32_t target = to_bits(&b);
            if (popcount64(target) != popcount64(start))
                continue;
            expect(t, s->dist[target] == swap_matching(start, target),
                   "swaps %#x to %#x: BFS %d, matching %d", start, target,
                   s->dist[target], swap_matching(start, target));
        }
        /* and the swaps the BFS remembers lead back to the start */
        uint32_t b2 = to_bits(&b);
        if (s->dist[b2] >= 0) {
            uint32_t x = b2;
            for (int n = s->dist[b2]; n > 0; n--)
                x = s->from[x];
            expect(t, x == start,
                   "swaps %#x: the path does not start "
                   "there",
                   start);
        }
    }
    free(s);
}

/* Cross-check the methods; 0 when every check holds, else 1. */
static int selftest(void)
{
    static const int exhaustive[][2] = {{1, 1}, {1, 5}, {2, 3}, {3, 2}, {3, 3},
                                        {2, 7}, {3, 5}, {5, 3}, {4, 4}, {8, 2}};
    static const int sampled[][2] = {{4, 5}, {5, 4}, {2, 10}, {10, 2}};
    tally t = {0, 0};
    uint64_t rng = 1;
    for (size_t k = 0; k < sizeof exhaustive / sizeof exhaustive[0]; k++)
        st_exhaustive(&t, exhaustive[k][0], exhaustive[k][1]);
    for (size_t k = 0; k < sizeof sampled / sizeof sampled[0]; k++)
        st_sampled(&t, sampled[k][0], sampled[k][1], &rng);
    st_bowls(&t, &rng);
    st_unique(&t);
    st_refrigerator(&t);
    st_coins(&t);
    st_swaps(&t, &rng);
    printf("selftest: %ld checks, %ld failed\n", t.checks, t.failures);
    if (finish_stdout())
        return 2;
    return t.failures ? 1 : 0;
}

/* ---- the profiles -------------------------------------------------- */

enum cases { SINGLE, BOARDS, MULTI }; /* what gen -n means */

typedef struct profile {
    const char *name;
    enum cases cases;
    int sized; /* the largest side gen -s takes, 0: no -s */
    void (*gen)(const gen_opts *, uint64_t *);
    void (*solve)(input *);
    const char *what;
} profile;

static const profile profiles[] = {
    {"poj1753", BOARDS, 0, gen_poj1753, solve_poj1753,
     "POJ 1753 Flip Game (b/w, fewest presses to one colour)"},
    {"timus1060", BOARDS, 0, gen_poj1753, solve_poj1753,
     "Timus 1060 Flip Game (the same layout as poj1753)"},
    {"timus1122", SINGLE, 0, gen_timus1122, solve_timus1122,
     "Timus 1122 Game (W/B board, then its 3x3 press pattern)"},
    {"poj3279", SINGLE, POJ3279_MAX, gen_poj3279, solve_poj3279,
     "POJ 3279 Fliptile (least press matrix, or IMPOSSIBLE)"},
    {"poj1222", MULTI, 0, gen_poj1222, solve_poj1222,
     "POJ 1222 EXTENDED LIGHTS OUT (PUZZLE #m, 5x6 presses)"},
    {"bailian2811", SINGLE, 0, gen_bailian2811, solve_bailian2811,
     "Bailian 2811 (one 5x6 puzzle, its press matrix)"},
    {"poj2965", SINGLE, 0, gen_poj2965, solve_poj2965,
     "POJ 2965 The Pilots Brothers' refrigerator (+/-, the changes)"},
    {"p1225", SINGLE, 0, gen_p1225, solve_p1225,
     "Luogu P1225 (start and target 4x4, swaps as abcd)"},
    {"chessboard", SINGLE, 0, gen_chessboard, solve_chessboard,
     "YBT chessboard game (boards apart by a blank line, the count)"},
    {"uva10309", MULTI, 0, gen_uva10309, solve_uva10309,
     "UVa 10309 Turn the Lights Off (NAME N, or -1; ends at end)"},
    {"poj3185", SINGLE, 0, gen_poj3185, solve_poj3185,
     "POJ 3185 The Water Bowls (20 bowls on one line)"},
    {"bzoj3517", SINGLE, BZOJ3517_MAX, gen_bzoj3517, solve_bzoj3517,
     "BZOJ 3517 (n, n rows of 0/1, fewest row+column flips to one face)"},
    {"cerc07b", MULTI, CERC07B_MAX, gen_cerc07b, solve_cerc07b,
     "CERC 2007 Strange Billboard (R C maps up to 16x16, ends at 0 0)"},
    {"flipfive", MULTI, 0, gen_flipfive, solve_flipfive,
     "Kattis flipfive (3x3 * and ., fewest clicks to the pattern)"},
    {"acwing95", MULTI, 0, gen_acwing95, solve_acwing95,
     "AcWing 95 (5x5 lights on in at most 6 presses, or -1)"},
};

#define PROFILES (sizeof profiles / sizeof profiles[0])

static const profile *find_profile(const char *name)
{
    for (size_t k = 0; k < PROFILES; k++)
        if (!strcmp(profiles[k].name, name))
            return &profiles[k];
    die("unknown profile '%s' (judgeref profiles lists them)", name);
}

/* ---- command line -------------------------------------------------- */

_Noreturn static void usage(void)
{
    fputs("usage: judgeref gen PROFILE [-n CASES] [-S SEED] [-s RxC]\n"
          "       judgeref solve PROFILE FILE\n"
          "       judgeref check p1225 INPUT OUTPUT\n"
          "       judgeref selftest | profiles\n",
          stderr);
    exit(2);
}

/* A number from an option's argument, in lo..hi. */
static long option_number(const char *opt, const char *arg, long lo, long hi)
{
    long v = decimal(arg);
    if (v < lo || v > hi)
        die("%s %s: expected a number %ld..%ld", opt, arg, lo, hi);
    return v;
}

static int cmd_gen(int argc, char **argv)
{
    if (argc < 1)
        usage();
    const profile *p = find_profile(argv[0]);
    gen_opts o = {.cases = p->cases == MULTI ? GEN_DEFAULT_CASES : 1};
    uint64_t rng = 1;
    for (int k = 1; k < argc; k++) {
        const char *opt = argv[k], *arg = k + 1 < argc ? argv[k + 1] : NULL;
        if (!arg)
            usage();
        k++;
        if (!strcmp(opt, "-n")) {
            if (p->cases == SINGLE)
                die("%s takes one case a file: no -n", p->name);
            o.cases = option_number(opt, arg, 0, GEN_MAX_CASES);
        } else if (!strcmp(opt, "-S")) {
            rng = (uint64_t)option_number(opt, arg, 0, 999999999);
        } else if (!strcmp(opt, "-s")) {
            int max = p->sized;
            if (!max)
                die("%s has a fixed size: no -s", p->name);
            char extra;
            if (sscanf(arg, "%dx%d%c", &o.rows, &o.cols, &extra) != 2 ||
                o.rows < 1 || o.rows > max || o.cols < 1 || o.cols > max)
                die("-s %s: expected RxC, each 1..%d", arg, max);
        } else {
            usage();
        }
    }
    p->gen(&o, &rng);
    return finish_stdout();
}

int main(int argc, char **argv)
{
    if (argc < 2)
        usage();
    const char *cmd = argv[1];
    if (!strcmp(cmd, "gen"))
        return cmd_gen(argc - 2, argv + 2);
    if (!strcmp(cmd, "solve") && argc == 4) {
        const profile *p = find_profile(argv[2]);
        input in;
        open_input(&in, argv[3]);
        p->solve(&in);
        close_input(&in);
        return finish_stdout();
    }
    if (!strcmp(cmd, "check") && argc == 5) {
        if (strcmp(argv[2], "p1225"))
            die("check takes p1225 only: compare the others' output with "
                "judgeref solve");
        input in;
        open_input(&in, argv[3]);
        int rc = check_p1225(&in, argv[4]);
        close_input(&in);
        return rc;
    }
    if (!strcmp(cmd, "selftest") && argc == 2)
        return selftest();
    if (!strcmp(cmd, "profiles") && argc == 2) {
        for (size_t k = 0; k < PROFILES; k++)
            printf("%-12s %s\n", profiles[k].name, profiles[k].what);
        return finish_stdout();
    }
    usage();
}
