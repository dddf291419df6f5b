/*
 * gf2.c - Gauss-Jordan elimination over GF(2) on bit-packed rows, and the
 * minimum-weight search over a coset of the null space.  See gf2.h.
 *
 * gf2_new() brings [A | I] to [E | T], E the reduced row echelon form of
 * A and T the row operations (T A = E).  For a right-hand side b, c = T b:
 * the system is solvable exactly when c is zero past the rank, and then
 * x[pivot[i]] = c[i] (free unknowns zero) is a solution.  The null space
 * has one basis vector per free column f: bit f, and bit pivot[i] for every
 * row i of E with a one in column f.  Only T, the pivots and that basis are
 * kept; E is dropped once the basis is read off.
 */
#include "gf2.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct gf2_sys {
    uint32_t n, nw, rank;
    uint32_t *pivot;  /* pivot[i], i < rank: the column row i of E leads */
    uint64_t *t;      /* n rows of nw words: T */
    uint64_t *kernel; /* n - rank vectors of nw words; NULL when none */
};

static inline uint32_t popcount64(uint64_t x)
{
    return (uint32_t)__builtin_popcountll(x);
}

static inline uint32_t ctz64(uint64_t x)
{
    return (uint32_t)__builtin_ctzll(x);
}

static inline int bit_of(const uint64_t *v, uint32_t k)
{
    return (int)(v[k / 64] >> (k % 64) & 1);
}

static inline void set_bit(uint64_t *v, uint32_t k)
{
    v[k / 64] |= (uint64_t)1 << (k % 64);
}

static void swap_rows(uint64_t *m, uint32_t nw, uint32_t i, uint32_t j)
{
    uint64_t *a = m + (size_t)i * nw, *b = m + (size_t)j * nw;

    for (uint32_t w = 0; w < nw; w++) {
        uint64_t tmp = a[w];

        a[w] = b[w];
        b[w] = tmp;
    }
}

/*
 * Bring a (n rows) to reduced row echelon form, applying every row
 * operation to t too; record the pivot columns.  Returns the rank.
 */
static uint32_t eliminate(uint64_t *a, uint64_t *t, uint32_t n, uint32_t nw,
                          uint32_t *pivot)
{
    uint32_t rank = 0;

    for (uint32_t col = 0; col < n && rank < n; col++) {
        uint32_t cw = col / 64, r = rank;
        uint64_t bit = (uint64_t)1 << (col % 64);

        while (r < n && !(a[(size_t)r * nw + cw] & bit))
            r++;
        if (r == n)
            continue; /* a free column */
        swap_rows(a, nw, r, rank);
        swap_rows(t, nw, r, rank);
        const uint64_t *pa = a + (size_t)rank * nw, *pt = t + (size_t)rank * nw;
        for (uint32_t i = 0; i < n; i++) {
            uint64_t *ra = a + (size_t)i * nw, *rt = t + (size_t)i * nw;

            if (i == rank || !(ra[cw] & bit))
                continue;
            /* The pivot row is zero left of col: start at col's word. */
            for (uint32_t w = cw; w < nw; w++)
                ra[w] ^= pa[w];
            for (uint32_t w = 0; w < nw; w++)
                rt[w] ^= pt[w];
        }
        pivot[rank++] = col;
    }
    return rank;
}

/* The null-space basis read off the reduced form a (see the top). */
static void read_kernel(const uint64_t *a, gf2_sys *s)
{
    uint32_t k = 0, j = 0;

    for (uint32_t col = 0; col < s->n; col++) {
        if (j < s->rank && s->pivot[j] == col) {
            j++;
            continue;
        }
        uint64_t *v = s->kernel + (size_t)k++ * s->nw;
        set_bit(v, col);
        for (uint32_t i = 0; i < s->rank; i++)
            if (bit_of(a + (size_t)i * s->nw, col))
                set_bit(v, s->pivot[i]);
    }
    assert(k == s->n - s->rank);
}

gf2_sys *gf2_new(uint32_t n, const uint64_t *rows)
{
    uint32_t nw = GF2_WORDS(n);
    size_t words = (size_t)n * nw;
    gf2_sys *s = calloc(1, sizeof *s);
    uint64_t *a = malloc(words * sizeof *a);

    assert(n >= 1 && n <= GF2_MAX_BITS);
    if (!s || !a)
        goto fail;
    s->n = n;
    s->nw = nw;
    s->pivot = malloc(n * sizeof *s->pivot);
    s->t = calloc(words, sizeof *s->t);
    if (!s->pivot || !s->t)
        goto fail;
    memcpy(a, rows, words * sizeof *a);
    for (uint32_t i = 0; i < n; i++)
        set_bit(s->t + (size_t)i * nw, i);
    s->rank = eliminate(a, s->t, n, nw, s->pivot);
    if (s->rank < n) {
        s->kernel = calloc((size_t)(n - s->rank) * nw, sizeof *s->kernel);
        if (!s->kernel)
            goto fail;
        read_kernel(a, s);
    }
    free(a);
    return s;
fail:
    free(a);
    gf2_free(s);
    return NULL;
}

void gf2_free(gf2_sys *s)
{
    if (!s)
        return;
    free(s->pivot);
    free(s->t);
    free(s->kernel);
    free(s);
}

uint32_t gf2_nullity(const gf2_sys *s)
{
    return s->n - s->rank;
}

const uint64_t *gf2_kernel(const gf2_sys *s)
{
    return s->kernel;
}

int gf2_solve(const gf2_sys *s, const uint64_t *b, uint64_t *x)
{
    memset(x, 0, s->nw * sizeof *x);
    for (uint32_t i = 0; i < s->n; i++) {
        const uint64_t *row = s->t + (size_t)i * s->nw;
        uint64_t acc = 0;

        for (uint32_t w = 0; w < s->nw; w++)
            acc ^= row[w] & b[w];
        if (!(popcount64(acc) & 1))
            continue;
        if (i >= s->rank)
            return -1; /* a zero row of E with a one on the right */
        set_bit(x, s->pivot[i]);
    }
    return 0;
}

uint32_t gf2_weight(uint32_t nw, const uint64_t *x)
{
    uint32_t w = 0;

    for (uint32_t i = 0; i < nw; i++)
        w += popcount64(x[i]);
    return w;
}

/* Whether x beats y (same weight, x != y or not) under tie. */
static int better(uint32_t nw, const uint64_t *x, const uint64_t *y,
                  enum gf2_tie tie)
{
    for (uint32_t i = 0; i < nw; i++) {
        uint64_t d = x[i] ^ y[i];

        if (d) {
            int x_has = (x[i] & (d & -d)) != 0; /* the lowest differing bit */
            return tie == GF2_LEAST_LIST ? x_has : !x_has;
        }
    }
    return 0;
}

uint32_t gf2_min_coset(uint32_t nw, const uint64_t *x0,
                       const uint64_t *const *basis, uint32_t k,
                       enum gf2_tie tie, uint64_t *best)
{
    uint64_t x[GF2_MAX_WORDS];
    uint32_t best_w;

    assert(nw >= 1 && nw <= GF2_MAX_WORDS && k <= GF2_MAX_SPAN);
    memcpy(x, x0, nw * sizeof *x);
    memcpy(best, x0, nw * sizeof *x);
    best_w = gf2_weight(nw, x);
    /* Gray code: step g flips basis vector ctz(g), so x runs through
       x0 + every combination exactly once. */
    for (uint64_t g = 1; g >> k == 0; g++) {
        const uint64_t *v = basis[ctz64(g)];
        uint32_t w = 0;

        for (uint32_t i = 0; i < nw; i++) {
            x[i] ^= v[i];
            w += popcount64(x[i]);
        }
        if (w < best_w || (w == best_w && better(nw, x, best, tie))) {
            memcpy(best, x, nw * sizeof *x);
            best_w = w;
        }
    }
    return best_w;
}
