/*
 * census_zp.c - the census of a rule of K symbols (K > 2) whose every
 * move adds a fixed vector to the board, cell by cell mod K
 * (GRIDBFS2_LINEAR), with a fixed goal set: see census.h.
 *
 * Each move's vector is what it makes of the all-zero board (replay.h,
 * through the plugin's apply()), spot-checked on random boards.  For K
 * prime, Z/K is a field: the vectors' rank r over it gives the boards a
 * goal reaches, K^r of them (the goal plus the span), and the goals'
 * distinct cosets of the span count the solvable boards.  A composite K
 * is refused: Z/K is no field, and the span is not K^rank boards.
 *
 * Distances: moves commute, and a move made K times adds nothing, so a
 * board's distance is the fewest presses c_m (0..K-1 each) with
 * sum c_m v_m = goal - board.  Where the vectors are independent (nullity
 * 0) that vector c is the only one, so a coset with one goal has
 * [x^d] (1 + x + ... + x^(K-1))^moves boards at distance d: the
 * histogram is exact.  Otherwise it is not computed, and says why.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "replay.h"
#include "util.h"

/* Boards the flag is spot-checked on. */
#define ZP_CHECKS 64

/* A vector of at most 64 cells, a digit 0..K-1 each. */
typedef struct zvec {
    uint8_t d[GRIDBFS_SEARCH_CELLS];
} zvec;

/* An echelon basis over Z/p: row[c] has its first non-zero digit, 1, at
   cell c, when have[c]. */
typedef struct zbasis {
    uint32_t p, cells;
    uint8_t have[GRIDBFS_SEARCH_CELLS];
    zvec row[GRIDBFS_SEARCH_CELLS];
} zbasis;

static int is_prime(uint32_t k)
{
    for (uint32_t d = 2; d * d <= k; d++)
        if (k % d == 0)
            return 0;
    return k >= 2;
}

/* a^-1 mod p, p prime, a not 0. */
static uint32_t inverse_mod(uint32_t a, uint32_t p)
{
    uint32_t v = 1;
    for (uint32_t e = p - 2; e; e >>= 1, a = a * a % p)
        if (e & 1)
            v = v * a % p;
    return v;
}

/* v minus f times u, digit by digit mod p. */
static void sub_times(zvec *v, const zvec *u, uint32_t f, uint32_t p,
                      uint32_t cells)
{
    for (uint32_t c = 0; c < cells; c++)
        v->d[c] = (uint8_t)((v->d[c] + (p - f) * u->d[c]) % p);
}

/* v reduced by the basis: zero at every cell that has a row, so two
   vectors of one coset of the span reduce to the same. */
static void reduce(const zbasis *zb, zvec *v)
{
    for (uint32_t c = 0; c < zb->cells; c++)
        if (v->d[c] && zb->have[c])
            sub_times(v, &zb->row[c], v->d[c], zb->p, zb->cells);
}

/* Add v to the basis; 1 when it was independent. */
static int insert(zbasis *zb, zvec v)
{
    reduce(zb, &v);
    uint32_t c = 0;
    while (c < zb->cells && !v.d[c])
        c++;
    if (c == zb->cells)
        return 0;
    uint32_t inv = inverse_mod(v.d[c], zb->p);
    for (uint32_t i = c; i < zb->cells; i++)
        v.d[i] = (uint8_t)(v.d[i] * inv % zb->p);
    zb->row[c] = v;
    zb->have[c] = 1;
    return 1;
}

static void to_vec(const gridbfs_grid *g, uint32_t cells, zvec *v)
{
    memset(v, 0, sizeof *v);
    for (uint32_t c = 0; c < cells; c++)
        v->d[c] = (uint8_t)gridbfs_grid_get(g, c);
}

/* The moves' vectors into vec (moves of them), each spot-checked: -1
   with why when the plugin's GRIDBFS2_LINEAR is refuted, or a move
   cannot be replayed. */
static int vectors(const rule_inst *in, zvec *vec, char *why, size_t cap)
{
    uint32_t cells = in->rule.rows * in->rule.cols,
             k = (uint32_t)strlen(in->rule.symbols);
    uint64_t zero[CENSUS_WORDS] = {0}, to[CENSUS_WORDS], from[CENSUS_WORDS];
    gridbfs_grid empty = rule_grid(in, zero), out = rule_grid(in, to);
    gridbfs_grid b = rule_grid(in, from);
    zvec got, was;
    for (uint32_t m = 0; m < in->rule.moves; m++) {
        if (replay_move(in, &empty, m, &out))
            goto broken;
        to_vec(&out, cells, &vec[m]);
    }
    uint64_t s = 0x9E3779B97F4A7C15u; /* any boards: a fixed sequence */
    for (int i = 0; i < ZP_CHECKS; i++) {
        memset(from, 0, sizeof from);
        for (uint32_t c = 0; c < cells; c++) {
            s = s * 6364136223846793005u + 1442695040888963407u;
            gridbfs_grid_set(&b, c, (unsigned)((s >> 33) % k));
        }
        to_vec(&b, cells, &was);
        for (uint32_t m = 0; m < in->rule.moves; m++) {
            if (replay_move(in, &b, m, &out))
                goto broken;
            to_vec(&out, cells, &got);
            for (uint32_t c = 0; c < cells; c++)
                if (got.d[c] != (was.d[c] + vec[m].d[c]) % k)
                    goto broken;
        }
    }
    return 0;
broken:
    fmt(why, cap,
        "plugin '%s' broke its contract: it says every move adds a fixed "
        "vector (GRIDBFS2_LINEAR), and apply() does not",
        in->plugin->name);
    return -1;
}

/* The coefficients of (1 + x + ... + x^(k-1))^n into poly[0..n(k-1)];
   -1 when one passes 2^64 or the degree is past the census's distances. */
static int power_poly(uint32_t k, uint32_t n, uint64_t *poly)
{
    uint32_t deg = 0;
    if ((uint64_t)n * (k - 1) >= CENSUS_DISTANCES)
        return -1;
    memset(poly, 0, CENSUS_DISTANCES * sizeof *poly);
    poly[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t next[CENSUS_DISTANCES] = {0};
        for (uint32_t d = 0; d <= deg; d++)
            for (uint32_t c = 0; c < k; c++)
                if (__builtin_add_overflow(next[d + c], poly[d], &next[d + c]))
                    return -1;
        deg += k - 1;
        memcpy(poly, next, sizeof next);
    }
    return 0;
}

/* The board every move makes once of goal g (a key): (K-1) presses of
   each take it back, the most any board of its coset needs. */
static int farthest(const rule_inst *in, uint64_t g, uint64_t *w)
{
    gridbfs_grid b = rule_grid(in, w);
    memset(w, 0, CENSUS_WORDS * sizeof *w);
    in->plugin->ops->board(in->rule.inst, g, &b);
    for (uint32_t m = 0; m < in->rule.moves; m++)
        if (replay_move(in, &b, m, &b))
            return -1;
    return 0;
}

/* The exact histogram where nullity is 0 and every coset has one goal:
   0, or -1 with the reason in r->why. */
static int zp_hist(const rule_inst *in, census_result *r, const uint64_t *goals,
                   const char *notab)
{
    uint64_t poly[CENSUS_DISTANCES];
    uint32_t k = r->symbols, n = in->rule.moves;
    if (!r->cosets) { /* known, if empty: no board is solvable */
        r->histogram = 1;
        return 0;
    }
    if (r->nullity) {
        fmt(r->why, sizeof r->why,
            "not computed (%s; the moves' vectors have a null space of "
            "%" PRIu32 " dimensions)",
            notab, r->nullity);
        return -1;
    }
    if (r->cosets != r->goals) {
        fmt(r->why, sizeof r->why,
            "not computed (%s; two goals lie in one coset)", notab);
        return -1;
    }
    if (power_poly(k, n, poly)) {
        fmt(r->why, sizeof r->why,
            "not computed (%s; its counts pass 2^64, or its distances %d)",
            notab, CENSUS_DISTANCES - 1);
        return -1;
    }
    for (uint32_t d = 0; d <= n * (k - 1); d++)
        for (uint32_t i = 0; i < r->cosets; i++)
            if (__builtin_add_overflow(r->hist[d], poly[d], &r->hist[d])) {
                fmt(r->why, sizeof r->why,
                    "not computed (%s; its counts pass 2^64)", notab);
                return -1;
            }
    if (farthest(in, goals[0], r->start_w)) {
        fmt(r->why, sizeof r->why, "not computed (a move cannot be replayed)");
        return -1;
    }
    double sum = 0, count = 0;
    for (uint32_t d = 0; d <= n * (k - 1); d++) {
        sum += (double)d * (double)r->hist[d];
        count += (double)r->hist[d];
    }
    r->max = n * (k - 1);
    r->at_max = r->hist[r->max];
    r->mean = count ? sum / count : 0;
    r->histogram = 1;
    return 0;
}

int census_zp(const rule_inst *in, census_result *r, const uint64_t *goals,
              uint32_t ngoals, const char *notab, char *why, size_t cap)
{
    uint32_t k = r->symbols, cells = r->cells, moves = in->rule.moves;
    uint64_t w[CENSUS_WORDS];
    gridbfs_grid g = rule_grid(in, w);
    zvec seen[GRIDBFS_MAX_GOALS], v;
    int status = EXIT_TROUBLE;
    if (!is_prime(k)) {
        fmt(why, cap,
            "%s, and a count by rank needs a prime number of "
            "symbols: %" PRIu32 " is not prime, so Z/%" PRIu32 " is no field",
            notab, k, k);
        return EXIT_TROUBLE;
    }
    zvec *vec = xcalloc(moves ? moves : 1, sizeof *vec);
    zbasis *zb = xcalloc(1, sizeof *zb);
    zb->p = k;
    zb->cells = cells;
    if (vectors(in, vec, why, cap))
        goto out;
    r->method = CENSUS_LINEAR;
    for (uint32_t m = 0; m < moves; m++)
        r->rank += (uint32_t)insert(zb, vec[m]);
    r->nullity = moves - r->rank;
    r->goals = ngoals;
    for (uint32_t i = 0; i < ngoals; i++) {
        memset(w, 0, sizeof w);
        in->plugin->ops->board(in->rule.inst, goals[i], &g);
        to_vec(&g, cells, &v);
        reduce(zb, &v);
        uint32_t j = 0;
        while (j < r->cosets && memcmp(&seen[j], &v, sizeof v) != 0)
            j++;
        if (j == r->cosets)
            seen[r->cosets++] = v;
    }
    r->total = (census_count){.m = 1, .e = cells, .base = k};
    r->solvable = (census_count){.m = r->cosets, .e = r->rank, .base = k};
    r->impossible = (census_count){
        .m = 1, .e = cells, .base = k, .less = r->cosets, .less_e = r->rank};
    status = zp_hist(in, r, goals, notab) ? EXIT_RECORDS : EXIT_ANSWERED;
out:
    free(zb);
    free(vec);
    return status;
}
