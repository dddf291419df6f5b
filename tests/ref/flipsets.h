/*
 * flipsets.h - independent methods for the flip-neighbors rule on boards
 * up to 32x32, for the tests: included by tests/unit/flip_exact.c and
 * tests/ref/flipbig.c.  Shares no code with gridbfs; none of it uses the
 * GF(2) elimination of the plugin's exact solver.
 *
 * A board, a flip pattern and a press set are one byte (0 or 1) per cell,
 * cell (r, c) at r * cols + c; on boards of at most 64 cells also a
 * uint64_t, cell k at bit k.  Presses commute and pressing twice undoes,
 * so a shortest answer is a smallest SET of presses whose combined flips
 * equal the pattern board xor goal.  The methods:
 *   table    every press subset of a board of <= TABLE_CELLS cells, kept
 *            per flip pattern: the fewest presses and, among those, the
 *            winner of each tie-break;
 *   split    meet in the middle, up to SPLIT_CELLS cells: the subsets of
 *            the first half against the sorted patterns of the second;
 *   descent  the gridbfs core's distance-table walk: distances from the
 *            goals, then the lowest move that goes one step down;
 *   chase    light chasing (plus stencil, no wrap): choose the first
 *            row's presses, every later press is forced (press (r,c) is
 *            the last that can change cell (r-1,c)); the first rows are
 *            enumerated (chase_all, 2^cols of them) or solved as
 *            unknowns (chase_forms, any width).
 * The tie-breaks among smallest sets: the least increasing list of
 * presses (path_style moves) and the least 0/1 matrix read row by row
 * (path_style matrix).
 *
 * Everything is static (REF_FN: unused ones do not warn): include this in
 * one .c file.  Allocation failures exit (tests only).
 */
#ifndef GRIDBFS_TESTS_FLIPSETS_H
#define GRIDBFS_TESTS_FLIPSETS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 32
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define TABLE_CELLS 20    /* the table method's limit */
#define SPLIT_CELLS 36    /* the split method's limit */
#define CHASE_FREE_MAX 24 /* chase_forms enumerates at most 2^this */
#define NONE UINT32_MAX   /* no press set reaches the goal */

#define REF_FN static __attribute__((unused))

enum { UNIFORM, OFF, ON, TARGET };
enum { MOVES, MATRIX };

REF_FN void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (!p) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return p;
}

/* ---- the rule, written again from its definition ---- */

struct geo {
    uint32_t rows, cols, n;
    const char *stencil; /* "abc/def/ghi" */
    int wrap, goal;
};

/* The distinct cells press m flips, into out[]; how many. */
REF_FN uint32_t flipped(const struct geo *g, uint32_t m, uint32_t out[9])
{
    uint32_t k = 0;

    for (int i = 0; i < 9; i++) {
        long r = (long)(m / g->cols) + i / 3 - 1;
        long c = (long)(m % g->cols) + i % 3 - 1;

        if (g->stencil[i / 3 * 4 + i % 3] != '1')
            continue;
        if (g->wrap) {
            r = (r + g->rows) % g->rows;
            c = (c + g->cols) % g->cols;
        } else if (r < 0 || c < 0 || r >= g->rows || c >= g->cols) {
            continue;
        }
        uint32_t cell = (uint32_t)(r * g->cols + c), j = 0;
        while (j < k && out[j] != cell)
            j++;
        if (j == k)
            out[k++] = cell;
    }
    return k;
}

REF_FN uint64_t mask64(const struct geo *g, uint32_t m)
{
    uint32_t cells[9], k = flipped(g, m, cells);
    uint64_t mask = 0;

    for (uint32_t i = 0; i < k; i++)
        mask |= (uint64_t)1 << cells[i];
    return mask;
}

/*
 * Whether pressing moves[0..n-1] takes board (one byte per cell) to g's
 * goal; target is the goal board for goal TARGET.
 */
REF_FN int reaches(const struct geo *g, const uint8_t *board,
                   const uint8_t *target, const uint16_t *moves, size_t n)
{
    uint8_t cell[MAX_CELLS];
    uint32_t out[9];
    int ok = 1;

    memcpy(cell, board, g->n);
    for (size_t i = 0; i < n; i++)
        for (uint32_t j = 0, f = flipped(g, moves[i], out); j < f; j++)
            cell[out[j]] ^= 1;
    for (uint32_t k = 0; k < g->n; k++)
        ok &= g->goal == OFF      ? cell[k] == 0
              : g->goal == ON     ? cell[k] == 1
              : g->goal == TARGET ? cell[k] == target[k]
                                  : cell[k] == cell[0];
    return ok;
}

/* ---- the two tie-breaks, on press sets as 0/1 bytes per cell ---- */

/* The increasing list of x's presses is less than y's. */
REF_FN int list_less(uint32_t n, const uint8_t *x, const uint8_t *y)
{
    uint32_t i = 0, j = 0;

    for (;;) {
        while (i < n && !x[i])
            i++;
        while (j < n && !y[j])
            j++;
        if (i == n || j == n)
            return i == n && j < n;
        if (i != j)
            return i < j;
        i++;
        j++;
    }
}

/* x's matrix, read row by row as a 0/1 string, is less than y's. */
REF_FN int string_less(uint32_t n, const uint8_t *x, const uint8_t *y)
{
    for (uint32_t k = 0; k < n; k++)
        if (x[k] != y[k])
            return x[k] < y[k];
    return 0;
}

/* The fewest presses, and the winner of each tie-break. */
struct best {
    uint32_t w;
    uint8_t by[2][MAX_CELLS]; /* [MOVES], [MATRIX] */
};

REF_FN void consider(uint32_t n, struct best *b, const uint8_t *x)
{
    uint32_t w = 0;

    for (uint32_t k = 0; k < n; k++)
        w += x[k];
    if (b->w == NONE || w < b->w) {
        b->w = w;
        memcpy(b->by[MOVES], x, n);
        memcpy(b->by[MATRIX], x, n);
    } else if (w == b->w) {
        if (list_less(n, x, b->by[MOVES]))
            memcpy(b->by[MOVES], x, n);
        if (string_less(n, x, b->by[MATRIX]))
            memcpy(b->by[MATRIX], x, n);
    }
}

REF_FN void bytes(uint32_t n, uint64_t set, uint8_t *x)
{
    for (uint32_t k = 0; k < n; k++)
        x[k] = (uint8_t)(set >> k & 1);
}

REF_FN void consider64(uint32_t n, struct best *b, uint64_t set)
{
    uint8_t x[64];

    bytes(n, set, x);
    consider(n, b, x);
}

/* Fold b's winners into a (for the two goals of uniform). */
REF_FN void merge(uint32_t n, struct best *a, const struct best *b)
{
    if (b->w == NONE)
        return;
    consider(n, a, b->by[MOVES]);
    consider(n, a, b->by[MATRIX]);
}

/* ---- table: every press subset, n <= TABLE_CELLS ---- */

struct table {
    uint32_t n;
    uint8_t *w; /* per flip pattern, 0xFF: unreachable */
    uint64_t *by_list, *by_string;
};

REF_FN uint64_t gray_set(uint64_t i)
{
    return i ^ (i >> 1);
}

REF_FN void table_build(struct table *t, const struct geo *g)
{
    uint64_t pat = 0, mask[TABLE_CELLS], size = (uint64_t)1 << g->n;
    uint8_t x[64], y[64];

    t->n = g->n;
    t->w = xmalloc(size);
    t->by_list = xmalloc(size * sizeof *t->by_list);
    t->by_string = xmalloc(size * sizeof *t->by_string);
    memset(t->w, 0xFF, size);
    for (uint32_t m = 0; m < g->n; m++)
        mask[m] = mask64(g, m);
    for (uint64_t i = 0; i < size; i++) {
        uint64_t s = gray_set(i);
        uint32_t w = (uint32_t)__builtin_popcountll(s);

        if (i)
            pat ^= mask[__builtin_ctzll(i)];
        if (t->w[pat] == 0xFF || w < t->w[pat]) {
            t->w[pat] = (uint8_t)w;
            t->by_list[pat] = t->by_string[pat] = s;
            continue;
        }
        if (w > t->w[pat])
            continue;
        bytes(g->n, s, x);
        bytes(g->n, t->by_list[pat], y);
        if (list_less(g->n, x, y))
            t->by_list[pat] = s;
        bytes(g->n, t->by_string[pat], y);
        if (string_less(g->n, x, y))
            t->by_string[pat] = s;
    }
}

REF_FN void table_free(struct table *t)
{
    free(t->w);
    free(t->by_list);
    free(t->by_string);
}

REF_FN void table_best(const struct table *t, uint64_t pat, struct best *b)
{
    b->w = NONE;
    if (t->w[pat] == 0xFF)
        return;
    consider64(t->n, b, t->by_list[pat]);
    consider64(t->n, b, t->by_string[pat]);
}

/* ---- split: meet in the middle, n <= SPLIT_CELLS ---- */

struct half {
    uint64_t pat, set;
};

struct split {
    uint32_t n, h;
    uint64_t *apat; /* 2^h: the pattern of each first-half subset */
    struct half *b; /* 2^(n-h) second-half subsets, sorted by pattern */
};

REF_FN int half_cmp(const void *x, const void *y)
{
    const struct half *a = x, *b = y;

    return a->pat < b->pat ? -1 : a->pat > b->pat;
}

REF_FN void split_build(struct split *s, const struct geo *g)
{
    uint64_t pat = 0, na, nb;

    s->n = g->n;
    s->h = g->n / 2;
    na = (uint64_t)1 << s->h;
    nb = (uint64_t)1 << (g->n - s->h);
    s->apat = xmalloc(na * sizeof *s->apat);
    s->b = xmalloc(nb * sizeof *s->b);
    for (uint64_t i = 0; i < na; i++) {
        if (i)
            pat ^= mask64(g, (uint32_t)__builtin_ctzll(i));
        s->apat[gray_set(i)] = pat;
    }
    pat = 0;
    for (uint64_t i = 0; i < nb; i++) {
        if (i)
            pat ^= mask64(g, s->h + (uint32_t)__builtin_ctzll(i));
        s->b[i] = (struct half){pat, gray_set(i) << s->h};
    }
    qsort(s->b, nb, sizeof *s->b, half_cmp);
}

REF_FN void split_best(const struct split *s, uint64_t pat, struct best *b)
{
    size_t nb = (size_t)1 << (s->n - s->h);

    b->w = NONE;
    for (uint64_t a = 0; a < (uint64_t)1 << s->h; a++) {
        uint64_t want = pat ^ s->apat[a];
        size_t lo = 0, hi = nb;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (s->b[mid].pat < want)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < nb && s->b[lo].pat == want; lo++)
            consider64(s->n, b, a | s->b[lo].set);
    }
}

REF_FN void split_free(struct split *s)
{
    free(s->apat);
    free(s->b);
}

/* ---- descent: the core's distance-table walk (fixed goals) ---- */

/* Distances to the goal set of every state of n <= TABLE_CELLS cells. */
REF_FN uint8_t *descent_table(const struct geo *g, const uint64_t *mask)
{
    uint64_t size = (uint64_t)1 << g->n, full = size - 1, head = 0, tail = 0;
    uint8_t *dist = xmalloc(size);
    uint32_t *queue = xmalloc(size * sizeof *queue);

    memset(dist, 0xFF, size);
    if (g->goal != ON)
        dist[queue[tail++] = 0] = 0;
    if (g->goal != OFF)
        dist[queue[tail++] = (uint32_t)full] = 0;
    while (head < tail) {
        uint32_t s = queue[head++];
        for (uint32_t m = 0; m < g->n; m++)
            if (dist[s ^ mask[m]] == 0xFF) {
                dist[s ^ mask[m]] = (uint8_t)(dist[s] + 1);
                queue[tail++] = (uint32_t)(s ^ mask[m]);
            }
    }
    free(queue);
    return dist;
}

/* The walk down from s, lowest move first, into path; its length. */
REF_FN size_t descend(const uint8_t *dist, const uint64_t *mask, uint64_t s,
                      uint16_t *path)
{
    size_t len = 0;

    while (dist[s] != 0 && dist[s] != 0xFF) {
        uint32_t m = 0;
        while (dist[s ^ mask[m]] + 1 != dist[s])
            m++;
        path[len++] = (uint16_t)m;
        s ^= mask[m];
    }
    return len;
}

/* ---- chase: plus stencil, no wrap ---- */

/* Flip the plus around (r, c) in s (one byte per cell). */
REF_FN void plus(const struct geo *g, uint8_t *s, long r, long c)
{
    static const int dr[] = {0, -1, 1, 0, 0}, dc[] = {0, 0, 0, -1, 1};

    for (int i = 0; i < 5; i++) {
        long rr = r + dr[i], cc = c + dc[i];
        if (rr >= 0 && cc >= 0 && rr < g->rows && cc < g->cols)
            s[rr * g->cols + cc] ^= 1;
    }
}

/* Every first row (2^cols of them): fold each press set that clears pat. */
REF_FN void chase_all(const struct geo *g, const uint8_t *pat, struct best *b)
{
    uint8_t s[MAX_CELLS], x[MAX_CELLS];
    uint32_t n = g->n, last = n - g->cols, k;

    for (uint64_t first = 0; first >> g->cols == 0; first++) {
        memcpy(s, pat, n);
        for (k = 0; k < n; k++) {
            x[k] = k < g->cols ? (uint8_t)(first >> k & 1) : s[k - g->cols];
            if (x[k])
                plus(g, s, k / g->cols, k % g->cols);
        }
        for (k = last; k < n && !s[k]; k++)
            ;
        if (k == n)
            consider(n, b, x);
    }
}

#define CONST_BIT ((uint64_t)1 << 63)

REF_FN int parity(uint64_t x)
{
    return __builtin_popcountll(x) & 1;
}

/*
 * The same chase with the first row's presses as unknowns: every cell and
 * press is an affine form (bit c: first-row press c, CONST_BIT: 1); the
 * last row must end clear, cols equations, solved by hand; then every
 * solution is folded into b.  0, or -1 when there would be more than
 * 2^CHASE_FREE_MAX of them.
 */
REF_FN int chase_forms(const struct geo *g, const uint8_t *pat, struct best *b)
{
    uint64_t s[MAX_CELLS] = {0}, p[MAX_CELLS], eq[MAX_SIDE], v0 = 0;
    uint64_t basis[MAX_SIDE];
    uint32_t n = g->n, C = g->cols, rank = 0, nfree = 0, piv[MAX_SIDE];
    uint8_t x[MAX_CELLS], cell[MAX_CELLS];

    for (uint32_t k = 0; k < n; k++)
        s[k] = pat[k] ? CONST_BIT : 0;
    for (uint32_t k = 0; k < n; k++) {
        p[k] = k < C ? (uint64_t)1 << k : s[k - C];
        memset(cell, 0, n);
        plus(g, cell, k / C, k % C);
        for (uint32_t j = 0; j < n; j++)
            if (cell[j])
                s[j] ^= p[k];
    }
    for (uint32_t c = 0; c < C; c++)
        eq[c] = s[n - C + c];
    for (uint32_t col = 0; col < C; col++) {
        uint32_t r = rank;
        while (r < C && !(eq[r] >> col & 1))
            r++;
        if (r == C) {
            basis[nfree++] = (uint64_t)1 << col; /* completed below */
            continue;
        }
        uint64_t t = eq[r];
        eq[r] = eq[rank];
        eq[rank] = t;
        for (uint32_t i = 0; i < C; i++)
            if (i != rank && eq[i] >> col & 1)
                eq[i] ^= eq[rank];
        piv[rank++] = col;
    }
    for (uint32_t i = rank; i < C; i++)
        if (eq[i] & CONST_BIT)
            return 0; /* no first row clears the last row */
    for (uint32_t i = 0; i < rank; i++)
        if (eq[i] & CONST_BIT)
            v0 |= (uint64_t)1 << piv[i];
    for (uint32_t f = 0; f < nfree; f++) {
        uint64_t col = basis[f]; /* the free unknown alone, so far */
        for (uint32_t i = 0; i < rank; i++)
            if (eq[i] & col)
                basis[f] |= (uint64_t)1 << piv[i];
    }
    if (nfree > CHASE_FREE_MAX)
        return -1;
    for (uint64_t comb = 0; comb >> nfree == 0; comb++) {
        uint64_t v = v0;
        for (uint32_t f = 0; f < nfree; f++)
            if (comb >> f & 1)
                v ^= basis[f];
        for (uint32_t k = 0; k < n; k++)
            x[k] = (uint8_t)(parity(p[k] & v) ^ (p[k] >> 63));
        consider(n, b, x);
    }
    return 0;
}

#endif /* GRIDBFS_TESTS_FLIPSETS_H */
