/*
 * zk.c - the kit of the rules whose moves add a vector mod K: successors,
 * goals and the exact solver over Z/p.  See zk.h.
 */
#include "zk.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

/* The most cells a board may have: the solver keeps two cells x cells
   matrices (2 GiB at 32,768 cells, 181x181), and every K builds its
   moves in cells x cells steps. */
#define ZK_MAX_CELLS 32768u

struct zk_rule {
    uint32_t rows, cols, cells, k, bits;
    enum xor_goal goal;
    int matrix;
    uint32_t max_nullity;
    uint32_t *at; /* move m adds add[i] to cell[i], at[m] <= i < at[m+1] */
    uint32_t *cell;
    uint8_t *add;
    /* K prime: A eliminated.  Row i of ech (rank rows, its pivot, 1, in
       column pivot[i]) is row i of tr (cells rows) times A; rows of tr
       past the rank give the conditions a solvable b meets. */
    int prime;
    uint32_t rank, nullity;
    uint32_t *pivot;
    uint8_t *ech, *tr;
    uint8_t *kernel; /* nullity vectors of cells counts */
    uint8_t *ones_x; /* A ones_x = all 1, or NULL */
    uint8_t inv[ZK_MAX_COLOURS];
};

typedef struct zk_rule zk_rule;

static int is_prime(uint32_t k)
{
    for (uint32_t d = 2; d * d <= k; d++)
        if (k % d == 0)
            return 0;
    return k >= 2;
}

/* row a -= f * row b, n entries mod k. */
static void sub_row(uint8_t *a, const uint8_t *b, uint32_t f, uint32_t n,
                    uint32_t k)
{
    if (k == 2) { /* f is 1: an XOR, which vectorises */
        for (uint32_t j = 0; j < n; j++)
            a[j] ^= b[j];
        return;
    }
    for (uint32_t j = 0; j < n; j++)
        if (b[j])
            a[j] = (uint8_t)((a[j] + (k - f) * b[j]) % k);
}

/* Forward elimination of A (a, cells x cells, consumed) into ech, tr and
   pivot.  0, or -1 when out of memory. */
static int eliminate(zk_rule *z, uint8_t *a)
{
    uint32_t n = z->cells, k = z->k, rank = 0;
    uint8_t *tmp = malloc(n);
    z->tr = calloc((size_t)n * n, 1);
    z->pivot = calloc(n, sizeof *z->pivot);
    if (!tmp || !z->tr || !z->pivot) {
        free(tmp);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++)
        z->tr[(size_t)i * n + i] = 1;
    for (uint32_t c = 0; c < n && rank < n; c++) {
        uint32_t r = rank;
        while (r < n && a[(size_t)r * n + c] == 0)
            r++;
        if (r == n)
            continue;
        uint8_t *pa = a + (size_t)rank * n, *pt = z->tr + (size_t)rank * n;
        if (r != rank) {
            uint8_t *ra = a + (size_t)r * n, *rt = z->tr + (size_t)r * n;
            memcpy(tmp, pa, n), memcpy(pa, ra, n), memcpy(ra, tmp, n);
            memcpy(tmp, pt, n), memcpy(pt, rt, n), memcpy(rt, tmp, n);
        }
        uint32_t s = z->inv[pa[c]];
        for (uint32_t j = 0; j < n && s != 1; j++) {
            pa[j] = (uint8_t)(pa[j] * s % k);
            pt[j] = (uint8_t)(pt[j] * s % k);
        }
        for (uint32_t q = rank + 1; q < n; q++) {
            uint32_t f = a[(size_t)q * n + c];
            if (f) {
                sub_row(a + (size_t)q * n + c, pa + c, f, n - c, k);
                sub_row(z->tr + (size_t)q * n, pt, f, n, k);
            }
        }
        z->pivot[rank++] = c;
    }
    free(tmp);
    z->rank = rank;
    z->nullity = n - rank;
    z->ech = a; /* its first rank rows */
    return 0;
}

/* x = one solution of A x = b (free unknowns 0): 0, or -1 when none. */
static int solve_b(const zk_rule *z, const uint8_t *b, uint8_t *x)
{
    uint32_t n = z->cells, k = z->k;
    for (uint32_t i = z->rank; i < n; i++) {
        uint32_t s = 0;
        for (uint32_t j = 0; j < n; j++)
            s += z->tr[(size_t)i * n + j] * b[j];
        if (s % k)
            return -1;
    }
    memset(x, 0, n);
    for (uint32_t i = z->rank; i-- > 0;) {
        const uint8_t *t = z->tr + (size_t)i * n, *e = z->ech + (size_t)i * n;
        uint32_t s = 0;
        for (uint32_t j = 0; j < n; j++)
            s += t[j] * b[j];
        for (uint32_t j = z->pivot[i] + 1; j < n; j++)
            s += (k - e[j]) * x[j];
        x[z->pivot[i]] = (uint8_t)(s % k);
    }
    return 0;
}

/* The null space's basis: for each free column f, the solution of
   A x = 0 with x[f] = 1 and the other free unknowns 0. */
static int find_kernel(zk_rule *z)
{
    uint32_t n = z->cells, k = z->k, v = 0;
    if (!z->nullity)
        return 0;
    z->kernel = calloc((size_t)z->nullity * n, 1);
    if (!z->kernel)
        return -1;
    for (uint32_t f = 0, i = 0; f < n; f++) {
        if (i < z->rank && z->pivot[i] == f) {
            i++;
            continue;
        }
        uint8_t *x = z->kernel + (size_t)v++ * n;
        x[f] = 1;
        for (uint32_t r = z->rank; r-- > 0;) {
            const uint8_t *e = z->ech + (size_t)r * n;
            uint32_t s = 0;
            for (uint32_t j = z->pivot[r] + 1; j < n; j++)
                s += (k - e[j]) * x[j];
            x[z->pivot[r]] = (uint8_t)(s % k);
        }
    }
    return 0;
}

/* Ask spec for the moves' vectors; eliminate A when K is prime. */
static int build(zk_rule *z, const zk_spec *spec)
{
    uint32_t n = z->cells, nz = 0;
    uint8_t *v = calloc(n, 1), *a = NULL;
    z->at = calloc((size_t)n + 1, sizeof *z->at);
    if (!v || !z->at)
        goto fail;
    for (uint32_t pass = 0; pass < 2; pass++) { /* count, then fill in */
        nz = 0;
        for (uint32_t m = 0; m < n; m++) {
            memset(v, 0, n);
            spec->vec(spec->ctx, m, v);
            z->at[m] = nz;
            for (uint32_t q = 0; q < n; q++)
                if (v[q] % z->k) {
                    if (pass) {
                        z->cell[nz] = q;
                        z->add[nz] = (uint8_t)(v[q] % z->k);
                    }
                    nz++;
                }
        }
        z->at[n] = nz;
        if (!pass && (!(z->cell = malloc((nz + 1) * sizeof *z->cell)) ||
                      !(z->add = malloc(nz + 1))))
            goto fail;
    }
    if (z->prime) {
        if (!(a = calloc((size_t)n * n, 1)))
            goto fail;
        for (uint32_t m = 0; m < n; m++)
            for (uint32_t i = z->at[m]; i < z->at[m + 1]; i++)
                a[(size_t)z->cell[i] * n + m] = z->add[i];
        if (eliminate(z, a) < 0 || find_kernel(z) < 0)
            goto fail;
        a = NULL; /* z->ech */
        memset(v, 1, n);
        if (!(z->ones_x = malloc(n)))
            goto fail;
        if (solve_b(z, v, z->ones_x) < 0) {
            free(z->ones_x);
            z->ones_x = NULL;
        }
    }
    free(v);
    return 0;
fail:
    free(v);
    free(a);
    return -1;
}

void zk_destroy(void *inst)
{
    zk_rule *z = inst;
    if (!z)
        return;
    free(z->at);
    free(z->cell);
    free(z->add);
    free(z->pivot);
    free(z->ech);
    free(z->tr);
    free(z->kernel);
    free(z->ones_x);
    free(z);
}

int zk_create(const zk_spec *spec, gridbfs_rule2 *rule, gridbfs_error *err)
{
    uint64_t cells = (uint64_t)spec->rows * spec->cols;
    if (cells > ZK_MAX_CELLS)
        return param_fail(err, -1,
                          "the exact solver of %" PRIu32
                          " colours takes boards of up to %u cells (two "
                          "cells x cells matrices, 2 GiB), not %" PRIu32
                          "x%" PRIu32 " (a solver for big boards is planned)",
                          spec->k, ZK_MAX_CELLS, spec->rows, spec->cols);
    zk_rule *z = calloc(1, sizeof *z);
    if (z) {
        z->rows = spec->rows;
        z->cols = spec->cols;
        z->cells = spec->rows * spec->cols;
        z->k = spec->k;
        z->bits = spec->k <= 2 ? 1 : spec->k <= 4 ? 2 : 4; /* the core's */
        z->goal = spec->goal;
        z->matrix = spec->matrix;
        z->max_nullity = spec->max_nullity;
        z->prime = is_prime(spec->k);
        for (uint32_t i = 1; z->prime && i < z->k; i++)
            for (uint32_t j = 1; j < z->k; j++)
                if (i * j % z->k == 1)
                    z->inv[i] = (uint8_t)j;
    }
    if (!z || build(z, spec) < 0) {
        zk_destroy(z);
        return param_fail(err, -1, "%s: out of memory", spec->name);
    }
    uint64_t bits = (uint64_t)z->cells * z->bits;
    rule->inst = z;
    rule->boards = spec->goal == XOR_GOAL_TARGET ? 2 : 1;
    rule->moves = z->cells;
    rule->flags = GRIDBFS2_LINEAR | (z->matrix ? 0 : GRIDBFS2_TEXT_BY_COUNT);
    if (spec->goal != XOR_GOAL_TARGET)
        rule->flags |= GRIDBFS2_FIXED_GOAL;
    rule->key_bits = bits <= 64 ? (uint32_t)bits : 0;
    return 0;
}

/* The board whose every cell is c, as a key. */
static uint64_t all(const zk_rule *z, uint32_t c)
{
    uint64_t key = 0;
    for (uint32_t q = 0; q < z->cells; q++)
        key |= (uint64_t)c << q * z->bits;
    return key;
}

uint32_t zk_goals(const void *inst, const gridbfs_grid *boards, uint64_t *out,
                  uint32_t max)
{
    const zk_rule *z = inst;
    uint32_t n = 0;
    if (z->goal == XOR_GOAL_TARGET) {
        if (!boards || max < 1)
            return 0;
        out[n++] = boards[1].w[0];
    } else if (z->goal == XOR_GOAL_UNIFORM) {
        for (; n < z->k && n < max; n++)
            out[n] = all(z, n);
    } else if (max > 0) {
        out[n++] = all(z, z->goal == XOR_GOAL_ON ? z->k - 1 : 0);
    }
    return n;
}

/* key after move m. */
static uint64_t step(const zk_rule *z, uint64_t key, uint32_t m)
{
    uint64_t mask = ((uint64_t)1 << z->bits) - 1;
    for (uint32_t i = z->at[m]; i < z->at[m + 1]; i++) {
        uint32_t at = z->cell[i] * z->bits;
        uint64_t v = ((key >> at & mask) + z->add[i]) % z->k;
        key = (key & ~(mask << at)) | v << at;
    }
    return key;
}

uint32_t zk_expand(const void *inst, uint64_t key, uint32_t *moves,
                   uint64_t *next)
{
    const zk_rule *z = inst;
    uint32_t n = 0;
    for (uint32_t m = 0; m < z->cells; m++)
        if (z->at[m] < z->at[m + 1]) {
            moves[n] = m;
            next[n++] = step(z, key, m);
        }
    return n;
}

int zk_apply(const void *inst, const gridbfs_grid *board, uint32_t move,
             gridbfs_grid *out)
{
    const zk_rule *z = inst;
    if (move >= z->cells || z->at[move] == z->at[move + 1])
        return 0;
    if (out->w != board->w)
        memcpy(out->w, board->w,
               gridbfs_grid_words(board->rows, board->cols, board->bits) *
                   sizeof *out->w);
    for (uint32_t i = z->at[move]; i < z->at[move + 1]; i++)
        gridbfs_grid_set(out, z->cell[i],
                         (gridbfs_grid_get(out, z->cell[i]) + z->add[i]) %
                             z->k);
    return 1;
}

/* ---- the exact solver ---- */

/* Whether press vector a is to be preferred to b, of the same weight. */
static int better(const zk_rule *z, const uint8_t *a, const uint8_t *b)
{
    for (uint32_t q = 0; q < z->cells; q++)
        if (a[q] != b[q])
            return z->matrix ? a[q] < b[q] : a[q] > b[q];
    return 0;
}

static uint64_t weight(const zk_rule *z, const uint8_t *x)
{
    uint64_t w = 0;
    for (uint32_t q = 0; q < z->cells; q++)
        w += x[q];
    return w;
}

/*
 * The lightest vector of x + span(kernel, and ones_x for goal uniform)
 * into best, visiting every combination (an odometer over the basis, one
 * vector added a step); its weight.  -1 when they are more than
 * 2^max_nullity, with why in err.
 */
static int64_t lightest(const zk_rule *z, const uint8_t *x, uint8_t *best,
                        gridbfs_error *err)
{
    const uint8_t *basis[64];
    uint32_t d = 0, n = z->cells, k = z->k, dig[64] = {0};
    for (; d < z->nullity && d < 63; d++)
        basis[d] = z->kernel + (size_t)d * n;
    if (z->goal == XOR_GOAL_UNIFORM && z->ones_x)
        basis[d++] = z->ones_x;
    uint64_t vectors = 1;
    for (uint32_t i = 0; i < d && vectors <= (uint64_t)1 << z->max_nullity; i++)
        vectors *= k;
    if (d >= 63 || vectors > (uint64_t)1 << z->max_nullity) {
        param_fail(err, -1,
                   "null space of dimension %" PRIu32 " over Z/%" PRIu32
                   ": more than 2^%" PRIu32 " press vectors (max_nullity)",
                   z->nullity, k, z->max_nullity);
        return -1;
    }
    uint8_t *cur = malloc(n);
    if (!cur) {
        param_fail(err, -1, "out of memory");
        return -1;
    }
    memcpy(cur, x, n);
    memcpy(best, x, n);
    uint64_t bw = weight(z, x), w = bw; /* cur's weight, kept as it moves */
    for (;;) {
        uint32_t j = 0;
        for (; j < d; j++) {
            for (uint32_t q = 0; q < n; q++) {
                unsigned v = cur[q] + basis[j][q];
                v -= v >= k ? k : 0;
                w = w + v - cur[q];
                cur[q] = (uint8_t)v;
            }
            if (++dig[j] < k)
                break;
            dig[j] = 0;
        }
        if (j == d)
            break;
        if (w < bw || (w == bw && better(z, cur, best))) {
            bw = w;
            memcpy(best, cur, n);
        }
    }
    free(cur);
    return (int64_t)bw;
}

/* One solution of start -> goal into x: 0, or -1 when there is none.
   Goal uniform takes the first colour that has one. */
static int one_solution(const zk_rule *z, const gridbfs_grid *boards,
                        uint8_t *b, uint8_t *x)
{
    uint32_t colours = z->goal == XOR_GOAL_UNIFORM ? z->k : 1;
    for (uint32_t c = 0; c < colours; c++) {
        for (uint32_t q = 0; q < z->cells; q++) {
            unsigned goal = z->goal == XOR_GOAL_TARGET
                                ? gridbfs_grid_get(&boards[1], q)
                            : z->goal == XOR_GOAL_ON ? z->k - 1
                                                     : c;
            b[q] = (uint8_t)((goal + z->k - gridbfs_grid_get(&boards[0], q)) %
                             z->k);
        }
        if (solve_b(z, b, x) == 0)
            return 0;
    }
    return -1;
}

int zk_solve(const void *inst, const gridbfs_grid *boards, uint32_t *moves,
             size_t cap, size_t *len, gridbfs_error *err)
{
    const zk_rule *z = inst;
    if (!z->prime) {
        param_fail(err, -1,
                   "%" PRIu32 " colours: the exact solver works over Z/p, p "
                   "a prime",
                   z->k);
        return GRIDBFS_REFUSED;
    }
    uint8_t *b = malloc(3 * (size_t)z->cells), *x = b + z->cells,
            *best = x + z->cells;
    int st = GRIDBFS_IMPOSSIBLE;
    if (!b) {
        param_fail(err, -1, "out of memory");
        return GRIDBFS_REFUSED;
    }
    if (one_solution(z, boards, b, x) == 0) {
        int64_t w = lightest(z, x, best, err);
        if (w < 0) {
            st = GRIDBFS_REFUSED;
        } else if ((*len = (size_t)w) > cap) {
            st = GRIDBFS_TOO_LONG;
        } else {
            size_t n = 0;
            for (uint32_t q = 0; q < z->cells; q++)
                for (uint32_t t = 0; t < best[q]; t++)
                    moves[n++] = q;
            st = GRIDBFS_SOLVED;
        }
    }
    free(b);
    return st;
}

int zk_matrix_text(const void *inst, const uint32_t *moves, size_t n,
                   const gridbfs_writer *out)
{
    const zk_rule *z = inst;
    uint8_t *x = calloc(2 * (size_t)z->cells, 1), *best = x + z->cells;
    char *line = malloc(2 * (size_t)z->cols);
    int rc = -1;
    if (!x || !line)
        goto out;
    for (size_t i = 0; i < n; i++)
        x[moves[i]] = (uint8_t)((x[moves[i]] + 1) % z->k);
    char text[64];
    gridbfs_error err = {text, sizeof text, -1};
    if (!z->prime || lightest(z, x, best, &err) < 0)
        memcpy(best, x, z->cells); /* past the bound: as given */
    rc = 0;
    for (uint32_t r = 0; r < z->rows && rc == 0; r++) {
        for (uint32_t c = 0; c < z->cols; c++) {
            line[2 * c] = "0123456789abcdef"[best[r * z->cols + c]];
            line[2 * c + 1] = c + 1 < z->cols ? ' ' : '\n';
        }
        rc = out->write(out->ctx, line, 2 * (size_t)z->cols);
    }
out:
    free(x);
    free(line);
    return rc;
}
