/*
 * census_zp.c - the census of a rule of K symbols whose every move adds a
 * fixed vector to the board, cell by cell mod K (GRIDBFS2_LINEAR), with a
 * fixed goal set: see census.h.  K > 2 at any size, and K = 2 on boards
 * past 64 cells, whose masks census.c's one-word basis cannot hold.
 *
 * Each move's vector is what it makes of the all-zero board (replay.h,
 * through the plugin's apply()), spot-checked on random boards.  The
 * basis is a byte a digit, cells x cells of them (16 MiB at 64x64),
 * refused past limits.memory.  For K
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

/* Boards the flag is spot-checked on, and the replays that checking
   may cost at most (moves x boards x cells: a big board gets fewer). */
#define ZP_CHECKS 64
#define ZP_CHECK_WORK 100000000u

/* An echelon basis over Z/p of vectors of cells digits 0..p-1: row c
   (cells digits from row + c * cells) has its first non-zero digit, 1,
   at cell c, when have[c].  neg[f * p + x] is -f * x mod p. */
typedef struct zbasis {
    uint32_t p, cells;
    uint8_t *have, *row, *neg;
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

/* v minus f times u from cell c on, digit by digit mod p (u is 0 before
   c: a basis row). */
static void sub_times(const zbasis *zb, uint8_t *v, const uint8_t *u,
                      uint32_t f, uint32_t c)
{
    const uint8_t *neg = zb->neg + f * zb->p;
    uint32_t p = zb->p;
    for (; c < zb->cells; c++) {
        uint32_t d = v[c] + neg[u[c]];
        v[c] = (uint8_t)(d >= p ? d - p : d);
    }
}

/* v reduced by the basis: zero at every cell that has a row, so two
   vectors of one coset of the span reduce to the same. */
static void reduce(const zbasis *zb, uint8_t *v)
{
    for (uint32_t c = 0; c < zb->cells; c++)
        if (v[c] && zb->have[c])
            sub_times(zb, v, zb->row + (size_t)c * zb->cells, v[c], c);
}

/* Add v (reduced in place) to the basis; 1 when it was independent. */
static int insert(zbasis *zb, uint8_t *v)
{
    reduce(zb, v);
    uint32_t c = 0;
    while (c < zb->cells && !v[c])
        c++;
    if (c == zb->cells)
        return 0;
    uint32_t inv = inverse_mod(v[c], zb->p);
    uint8_t *row = zb->row + (size_t)c * zb->cells;
    for (uint32_t i = c; i < zb->cells; i++)
        row[i] = (uint8_t)(v[i] * inv % zb->p);
    zb->have[c] = 1;
    return 1;
}

static void to_vec(const gridbfs_grid *g, uint32_t cells, uint8_t *v)
{
    for (uint32_t c = 0; c < cells; c++)
        v[c] = (uint8_t)gridbfs_grid_get(g, c);
}

/* The basis's and the checks' bytes for in's rule at its size. */
static uint64_t zp_bytes(uint32_t cells, uint32_t checks)
{
    return (uint64_t)cells * cells + (uint64_t)(checks + 3) * cells;
}

/* Boards the flag is checked on at this size: fewer on big boards. */
static uint32_t zp_checks(uint32_t moves, uint32_t cells)
{
    uint64_t per = (uint64_t)(moves ? moves : 1) * cells;
    uint64_t n = ZP_CHECK_WORK / per;
    return n > ZP_CHECKS ? ZP_CHECKS : n ? (uint32_t)n : 1;
}

/*
 * The moves' vectors inserted into zb, their rank counted into *rank,
 * each spot-checked on checks random boards: -1 with why when the
 * plugin's GRIDBFS2_LINEAR is refuted, or a move cannot be replayed.
 */
static int span(const rule_inst *in, zbasis *zb, uint32_t checks,
                uint32_t *rank, char *why, size_t cap)
{
    uint32_t cells = zb->cells, k = (uint32_t)strlen(in->rule.symbols);
    gridbfs_grid empty = rule_grid_new(in), out = rule_grid_new(in);
    gridbfs_grid b = rule_grid_new(in);
    uint8_t *digits = xcalloc((size_t)checks + 2, cells);
    uint8_t *vec = digits + (size_t)checks * cells, *got = vec + cells;
    uint64_t s = 0x9E3779B97F4A7C15u; /* any boards: a fixed sequence */
    int status = -1;
    for (size_t i = 0; i < (size_t)checks * cells; i++) {
        s = s * 6364136223846793005u + 1442695040888963407u;
        digits[i] = (uint8_t)((s >> 33) % k);
    }
    for (uint32_t m = 0; m < in->rule.moves; m++) {
        if (replay_move(in, &empty, m, &out) < 0) /* 1: a zero vector */
            goto out;
        to_vec(&out, cells, vec);
        for (uint32_t i = 0; i < checks; i++) {
            const uint8_t *was = digits + (size_t)i * cells;
            for (uint32_t c = 0; c < cells; c++)
                gridbfs_grid_set(&b, c, was[c]);
            if (replay_move(in, &b, m, &out) < 0)
                goto out;
            to_vec(&out, cells, got);
            for (uint32_t c = 0; c < cells; c++)
                if (got[c] != (was[c] + vec[c]) % k)
                    goto out;
        }
        *rank += (uint32_t)insert(zb, vec);
    }
    status = 0;
out:
    if (status)
        fmt(why, cap,
            "plugin '%s' broke its contract: it says every move adds a fixed "
            "vector (GRIDBFS2_LINEAR), and apply() does not",
            in->plugin->name);
    free(digits);
    grid_free(&b);
    grid_free(&out);
    grid_free(&empty);
    return status;
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

/* The board every move makes once of goal g, into w (a board of at most
   64 cells): (K-1) presses of each take it back, the most any board of
   its coset needs. */
static int farthest(const rule_inst *in, const gridbfs_grid *g, uint64_t *w)
{
    gridbfs_grid b = rule_grid(in, w);
    memset(w, 0, CENSUS_WORDS * sizeof *w);
    grid_copy(&b, g);
    for (uint32_t m = 0; m < in->rule.moves; m++)
        if (replay_move(in, &b, m, &b) < 0)
            return -1;
    return 0;
}

/* The exact histogram where nullity is 0 and every coset has one goal:
   0, or -1 with the reason in r->why. */
static int zp_hist(const rule_inst *in, census_result *r,
                   const gridbfs_grid *goals, const char *notab)
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
    if (r->cells > GRIDBFS_SEARCH_CELLS) {
        fmt(r->why, sizeof r->why,
            "not computed (%s; its example board would have %" PRIu32
            " cells, past the %d a census draws)",
            notab, r->cells, GRIDBFS_SEARCH_CELLS);
        return -1;
    }
    for (uint32_t d = 0; d <= n * (k - 1); d++)
        for (uint32_t i = 0; i < r->cosets; i++)
            if (__builtin_add_overflow(r->hist[d], poly[d], &r->hist[d])) {
                fmt(r->why, sizeof r->why,
                    "not computed (%s; its counts pass 2^64)", notab);
                return -1;
            }
    if (farthest(in, &goals[0], r->start_w)) {
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

int census_zp(const rule_inst *in, census_result *r, const gridbfs_grid *goals,
              uint32_t ngoals, uint64_t memory, const char *notab, char *why,
              size_t cap)
{
    uint32_t k = r->symbols, cells = r->cells, moves = in->rule.moves;
    uint32_t checks = zp_checks(moves, cells);
    uint64_t need = zp_bytes(cells, checks) + (uint64_t)ngoals * cells;
    if (!is_prime(k)) {
        fmt(why, cap,
            "%s, and a count by rank needs a prime number of "
            "symbols: %" PRIu32 " is not prime, so Z/%" PRIu32 " is no field",
            notab, k, k);
        return EXIT_TROUBLE;
    }
    if (need > memory) {
        fmt(why, cap,
            "%s, and the rank of its moves' vectors over Z/%" PRIu32
            " takes %" PRIu64 " MiB, more than limits.memory's %" PRIu64 " MiB",
            notab, k, need >> 20, memory >> 20);
        return EXIT_TROUBLE;
    }
    zbasis zb = {k, cells, xcalloc(cells, 1), xcalloc(cells, cells),
                 xcalloc((size_t)k * k, 1)};
    uint8_t *seen = xcalloc((size_t)ngoals + 1, cells), *v = seen;
    int status = EXIT_TROUBLE;
    for (uint32_t f = 0; f < k; f++)
        for (uint32_t x = 0; x < k; x++)
            zb.neg[f * k + x] = (uint8_t)((k - f) * x % k);
    if (span(in, &zb, checks, &r->rank, why, cap))
        goto out;
    r->method = CENSUS_LINEAR;
    r->nullity = moves - r->rank;
    r->goals = ngoals;
    for (uint32_t i = 0; i < ngoals; i++) {
        v = seen + (size_t)r->cosets * cells;
        to_vec(&goals[i], cells, v);
        reduce(&zb, v);
        uint32_t j = 0;
        while (j < r->cosets && memcmp(seen + (size_t)j * cells, v, cells))
            j++;
        r->cosets += j == r->cosets;
    }
    r->total = (census_count){.m = 1, .e = cells, .base = k};
    r->solvable = (census_count){.m = r->cosets, .e = r->rank, .base = k};
    r->impossible = (census_count){
        .m = 1, .e = cells, .base = k, .less = r->cosets, .less_e = r->rank};
    status = zp_hist(in, r, goals, notab) ? EXIT_RECORDS : EXIT_ANSWERED;
out:
    free(seen);
    free(zb.neg);
    free(zb.row);
    free(zb.have);
    return status;
}
