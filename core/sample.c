/*
 * sample.c - see sample.h.  The methods, by what the rule offers at its
 * size (README, "Generating puzzles"):
 *
 *   table   states are indexes of the table; each distance is counted
 *           by blocks, so a draw is a rank, a binary search of the block
 *           counts and a scan of one block.
 *   target  the target drawn first, uniform; its own table, one a draw,
 *           built and freed by the drawing thread.
 *   walk    the distance's number of distinct moves (any moves, when the
 *           rule has fewer) from a goal: for XOR rules a random press set
 *           of that size; kept when solve_record() gives that distance.
 *   solve   random boards (a target with the start's number of ones),
 *           kept when solve_record() gives the distance asked for.
 */
#include "sample.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bfs.h"
#include "replay.h"
#include "solve.h"
#include "table.h"
#include "text.h"

/* The longest walk: the distances past it on 64 cells are only rules'
   whose searches would not end (XOR rules have at most 64, swaps 448). */
#define WALK_MAX GRIDBFS_MAX_MOVES
/* Tries a puzzle past 64 cells, where each is an exact solver's answer
   on a big board (a tenth of a second at 32x32). */
#define SAMPLE_BIG_TRIES 64
/* The scan for a target rule's largest distance: boards of at most
   SCAN_MAX_CELLS (4x4 takes some 300 tables, 1.5 s; 4x5 would take
   minutes), and at most SCAN_MAX_STEPS steps (a move tried from a state
   reached, or a state of a table cleared or read). */
#define SCAN_MAX_CELLS 18
#define SCAN_MAX_STEPS 3e8

/* ---- random numbers: xoshiro256** seeded by splitmix64 --------------- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Puzzle k's own stream: splitmix64 from the seed, then from k. */
void sample_seed(sample_rng *r, uint64_t seed, uint64_t k)
{
    uint64_t x = seed;
    x = splitmix64(&x) ^ k;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t v, int k)
{
    return (v << k) | (v >> (64 - k));
}

static uint64_t rng_next(sample_rng *r)
{
    uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

/* Uniform in 0..n-1 (n >= 1), with no bias: a draw below 2^64 mod n is
   drawn again, so the draws kept are a whole number of runs of n. */
uint64_t sample_below(sample_rng *r, uint64_t n)
{
    uint64_t limit = -n % n, v; /* 2^64 mod n */
    do
        v = rng_next(r);
    while (v < limit);
    return v % n;
}

/* ---- plans: how an instance's puzzles are drawn ----------------------- */

enum method { M_TABLE, M_TARGET, M_WALK, M_SOLVE };

/* An instance and what its puzzles are drawn from; shared by the threads,
   read-only once made. */
struct sample_plan {
    rule_inst *in;
    sample_ask ask; /* a copy */
    enum method method;
    bfs_rule br;
    uint32_t cells;
    table *t; /* M_TABLE */
    const uint8_t *dist;
    uint64_t states;
    uint64_t count[TABLE_UNREACHED + 1]; /* states at each distance */
    uint32_t maxd;                       /* the largest in the table */
    uint32_t nblocks;
    uint32_t *pre; /* pre[slot(d) * (nblocks + 1) + b]: states at d before
                      block b */
    uint32_t ok[TABLE_UNREACHED]; /* the distances asked for that exist */
    uint32_t nok;
    uint64_t goals[GRIDBFS_MAX_GOALS]; /* fixed goals, for M_WALK */
    uint32_t ngoals;
    int known;      /* maxd is the rule's largest distance */
    uint32_t bound; /* no board is farther than this (UINT32_MAX: none
                       known) */
    uint64_t *wit;  /* M_TARGET, known: the targets the scan built */
    uint8_t *ecc;   /* and the largest distance of each */
    uint32_t nwit;
    int refused;             /* no puzzle can be drawn: why says why */
    char why[RULES_MSG_MAX]; /* or why maxd is not known */
};

static uint32_t slot(const sample_plan *p, uint32_t d)
{
    return d == TABLE_UNREACHED ? p->maxd + 1 : d;
}

/* Count p's table by distance, and by block for each distance. */
static void count_table(sample_plan *p)
{
    p->nblocks = (uint32_t)1 << p->cells / 2;
    for (uint64_t s = 0; s < p->states; s++)
        p->count[p->dist[s]]++;
    for (uint32_t d = 0; d < TABLE_UNREACHED; d++)
        if (p->count[d])
            p->maxd = d;
    size_t row = p->nblocks + 1;
    p->pre = xcalloc((p->maxd + 2) * row, sizeof *p->pre);
    uint64_t per = p->states / p->nblocks;
    for (uint32_t b = 0; b < p->nblocks; b++) {
        for (uint32_t d = 0; d <= p->maxd + 1; d++)
            p->pre[d * row + b + 1] = p->pre[d * row + b];
        for (uint64_t s = b * per; s < (b + 1) * per; s++)
            p->pre[slot(p, p->dist[s]) * row + b + 1]++;
    }
}

/* The state of rank k (0-based) among p's states at distance d, through
   the block counts. */
static uint64_t table_rank(const sample_plan *p, uint32_t d, uint64_t k)
{
    const uint32_t *pre = p->pre + slot(p, d) * (p->nblocks + 1);
    uint32_t lo = 0, hi = p->nblocks; /* pre[lo] <= k < pre[hi] */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (pre[mid] <= k)
            lo = mid;
        else
            hi = mid;
    }
    uint64_t per = p->states / p->nblocks, s = lo * per;
    k -= pre[lo];
    for (;; s++)
        if (p->dist[s] == d && k-- == 0)
            return s;
}

/* Whether the rule has a board at distance d: a table counts them; every
   distance up to the largest has one (a search's levels have no gap). */
static int has(const sample_plan *p, uint32_t d)
{
    return p->method == M_TABLE ? p->count[d] != 0 : d <= p->maxd;
}

/* The distances --distance asks for (or the largest, or the unreached
   ones for --impossible) that the rule has, where its largest is known. */
static void wanted(sample_plan *p)
{
    const sample_ask *o = &p->ask;
    p->nok = 0;
    if (o->impossible) {
        if (p->method == M_TABLE && p->count[TABLE_UNREACHED])
            p->ok[p->nok++] = TABLE_UNREACHED;
        return;
    }
    if (o->dist_max) {
        p->ok[p->nok++] = p->maxd;
        return;
    }
    for (uint32_t d = o->dmin; d <= o->dmax && d < TABLE_UNREACHED; d++)
        if (has(p, d))
            p->ok[p->nok++] = d;
}

/* "rule 'NAME' at RxC" into buf. */
static const char *rule_at(const rule_inst *in, char *buf, size_t cap)
{
    char shown[TEXT_QUOTE_BUF];
    fmt(buf, cap, "rule '%s' at %" PRIu32 "x%" PRIu32,
        text_quote(shown, sizeof shown, in->name), in->rule.rows,
        in->rule.cols);
    return buf;
}

/* Why the rule has no distance table at its size, into p->why; or 0
   when it may have one.  The plugin's flags first, then the size. */
static int table_why(sample_plan *p, int fixed)
{
    const gridbfs_rule2 *r = &p->in->rule;
    if (!fixed && r->boards != 2)
        fmt(p->why, sizeof p->why,
            "its goals are neither fixed (GRIDBFS_FIXED_GOAL) nor a target "
            "board, so it has no distance table");
    else if (!p->br.reversible)
        fmt(p->why, sizeof p->why,
            "its moves are not their own inverses (no GRIDBFS_INVOLUTIVE), "
            "so it has no distance table");
    else if (p->cells > TABLE_MAX_CELLS)
        fmt(p->why, sizeof p->why,
            "its %" PRIu32 " cells are more than the %d a distance table "
            "indexes",
            p->cells, TABLE_MAX_CELLS);
    else if (fixed && !p->ngoals)
        fmt(p->why, sizeof p->why,
            "its plugin gives no goal states (or more than %d), so it has no "
            "distance table",
            GRIDBFS_MAX_GOALS);
    else if (!table_fits(&p->br, p->in->table_budget))
        fmt(p->why, sizeof p->why,
            "its distance table needs %zu bytes, over limits.table_memory "
            "(%zu)",
            table_build_bytes(&p->br), p->in->table_budget);
    else
        return 0;
    return -1;
}

/* Refuse p where the tables' share mem has not the bytes of its table
   (or a thread's target table): the method never depends on
   limits.memory, so that a seed's bytes do not either. */
static int refuse_memory(sample_plan *p, membudget *mem)
{
    size_t bytes = table_build_bytes(&p->br);
    if (budget_has(mem, bytes))
        return 0;
    fmt(p->why, sizeof p->why,
        "its distance table needs %zu bytes while built, over what the "
        "tables' share (%zu) of limits.memory has left",
        bytes, mem->cap);
    p->refused = 1;
    return -1;
}

/* The boards b (of two symbols, up to 32x32: all --generate takes so far)
   as the plugin sees them, in g. */
static const gridbfs_grid *view(const rule_inst *in, const gridbfs_board *b,
                                gridbfs_grid *g)
{
    for (uint32_t i = 0; i < in->rule.boards; i++)
        g[i] = rule_grid(in, (uint64_t *)b[i].w);
    return g;
}

/* Target t's table in *t (built again in its own memory, or first
   built), its largest finite distance into *ecc; the distances, or NULL
   when the plugin gave no goals or the build failed (*t freed). */
static const uint8_t *target_table(const sample_plan *p, uint64_t target,
                                   table **t, uint32_t *ecc)
{
    uint64_t goals[GRIDBFS_MAX_GOALS], states;
    gridbfs_board b[2];
    gridbfs_grid g[2];
    memset(b, 0, sizeof b);
    b[0].w[0] = b[1].w[0] = target; /* a puzzle the goals are asked of */
    uint32_t n = p->in->plugin->ops->goals(p->in->rule.inst, view(p->in, b, g),
                                           goals, GRIDBFS_MAX_GOALS);
    if (!n || n > GRIDBFS_MAX_GOALS)
        return NULL;
    if (*t && table_rebuild(*t, goals, n)) {
        table_free(*t);
        *t = NULL;
    } else if (!*t) {
        *t = table_build(&p->br, goals, n, p->in->table_budget, NULL);
    }
    if (!*t)
        return NULL;
    const uint8_t *dist = table_distances(*t, &states);
    *ecc = 0;
    for (uint64_t s = 0; s < states; s++)
        if (dist[s] != TABLE_UNREACHED && dist[s] > *ecc)
            *ecc = dist[s];
    return dist;
}

/* One target of the scan: its table, its largest distance a witness;
   then every board it reaches is at most that far plus its distance
   from the target from any start (the triangle inequality, for goals
   that are the target itself).  0, or -1 with p->why. */
static int scan_one(sample_plan *p, uint64_t u, table **t, uint8_t *ub,
                    double *steps)
{
    uint32_t ecc, reached = 0;
    uint64_t goal, states = (uint64_t)1 << p->cells;
    gridbfs_board b[2];
    gridbfs_grid g[2];
    memset(b, 0, sizeof b);
    b[0].w[0] = b[1].w[0] = u;
    if (p->in->plugin->ops->goals(p->in->rule.inst, view(p->in, b, g), &goal,
                                  1) != 1 ||
        goal != u) {
        fmt(p->why, sizeof p->why,
            "its goals are not the target board alone, so its largest "
            "distance is not found by a scan of its targets");
        return -1;
    }
    const uint8_t *dist = target_table(p, u, t, &ecc);
    if (!dist) {
        fmt(p->why, sizeof p->why, "a target's table could not be built");
        return -1;
    }
    for (uint64_t s = 0; s < states; s++) {
        if (dist[s] == TABLE_UNREACHED)
            continue;
        reached++;
        uint32_t far = dist[s] + ecc;
        if (far < ub[s])
            ub[s] = (uint8_t)(far < TABLE_UNREACHED ? far : TABLE_UNREACHED);
    }
    *steps += (double)states + (double)reached * p->br.moves;
    p->wit = xreallocarray(p->wit, p->nwit + 1, sizeof *p->wit);
    p->ecc = xreallocarray(p->ecc, p->nwit + 1, sizeof *p->ecc);
    p->wit[p->nwit] = u;
    p->ecc[p->nwit++] = (uint8_t)ecc;
    if (ecc > p->maxd)
        p->maxd = ecc;
    return 0;
}

/*
 * A target rule's largest distance (God's number) into p->maxd, and the
 * targets built on the way, each with its own largest, into p->wit: a
 * table from each target that no table before it has shown to be at
 * most that far (ub[]: from a target u, no start is farther from a board
 * v than d(u, v) + the largest distance from u).  Bounded by
 * SCAN_MAX_CELLS and SCAN_MAX_STEPS; past them p->known stays 0, p->why
 * saying so.
 */
static void scan(sample_plan *p)
{
    uint64_t states = (uint64_t)1 << p->cells;
    double steps = 0;
    if (p->cells > SCAN_MAX_CELLS) {
        fmt(p->why, sizeof p->why,
            "its %" PRIu32 " cells are more than the %d of a scan of its "
            "targets for it",
            p->cells, SCAN_MAX_CELLS);
        return;
    }
    uint8_t *ub = xmalloc(states);
    table *t = NULL;
    memset(ub, TABLE_UNREACHED, states);
    for (uint64_t u = 0; u < states; u++) {
        if (ub[u] <= p->maxd)
            continue;
        if (scan_one(p, u, &t, ub, &steps))
            goto out;
        if (steps > SCAN_MAX_STEPS) {
            fmt(p->why, sizeof p->why,
                "finding it took more than the scan's %.0g steps (a table "
                "from each of %" PRIu32 " targets, and more to go)",
                SCAN_MAX_STEPS, p->nwit);
            goto out;
        }
    }
    p->known = 1;
out:
    table_free(t);
    free(ub);
}

/* The method for p's instance, its table where it has one, and what is
   known of its largest distance. */
static void plan_method(sample_plan *p, membudget *mem)
{
    const gridbfs_rule2 *r = &p->in->rule;
    int fixed = (r->flags & GRIDBFS2_FIXED_GOAL) != 0;
    if (fixed && r->key_bits)
        p->ngoals = p->in->plugin->ops->goals(r->inst, NULL, p->goals,
                                              GRIDBFS_MAX_GOALS);
    if (p->ngoals > GRIDBFS_MAX_GOALS)
        p->ngoals = 0; /* a plugin fault: solve.c says so on each answer */
    p->bound = r->flags & GRIDBFS2_LINEAR ? r->moves : UINT32_MAX;
    int tab = table_why(p, fixed) == 0;
    if (tab && refuse_memory(p, mem))
        return;
    if (tab && fixed &&
        (p->t = table_build(&p->br, p->goals, p->ngoals, p->in->table_budget,
                            mem))) {
        p->method = M_TABLE;
        p->dist = table_distances(p->t, &p->states);
        count_table(p);
        p->known = 1;
    } else if (tab && !fixed) {
        p->method = M_TARGET;
        if (p->ask.distance)
            scan(p);
    } else if ((fixed || r->boards == 2) &&
               (p->cells <= GRIDBFS_SEARCH_CELLS ||
                (replay_possible(p->in) && p->in->plugin->ops->solve))) {
        p->method = M_WALK;
    } else {
        p->method = M_SOLVE;
    }
    if (tab && fixed && !p->t)
        fmt(p->why, sizeof p->why,
            "its table could not be built (a distance over %d, or a plugin "
            "fault)",
            TABLE_UNREACHED - 1);
    if (p->known) {
        p->bound = p->maxd;
        wanted(p);
    }
}

void sample_plan_free(sample_plan *p)
{
    if (!p)
        return;
    table_free(p->t);
    free(p->pre);
    free(p->wit);
    free(p->ecc);
    free(p);
}

int sample_plan_can(const sample_plan *p)
{
    const sample_ask *o = &p->ask;
    if (!o->distance && !o->impossible)
        return 1;
    if (p->refused)
        return 0;
    if (o->impossible)
        return p->method != M_TABLE || p->nok > 0;
    if (p->known)
        return p->nok > 0;
    return !o->dist_max && o->dmin <= p->bound;
}

int sample_plan_refused(const sample_plan *p)
{
    return p->refused;
}

void sample_plan_refusal(const sample_plan *p, char *err, size_t cap)
{
    const sample_ask *o = &p->ask;
    char what[RULES_MSG_MAX], shown[TEXT_QUOTE_BUF], most[96];
    rule_at(p->in, what, sizeof what);
    const char *value = text_quote(shown, sizeof shown, o->dtext);
    if (p->known)
        fmt(most, sizeof most, "its largest distance is %" PRIu32, p->maxd);
    else
        fmt(most, sizeof most,
            "a shortest answer makes each of its %" PRIu32
            " moves at most once",
            p->bound);
    if (p->refused && o->impossible)
        fmt(err, cap, "--impossible: %s: %s", what, p->why);
    else if (p->refused)
        fmt(err, cap, "--distance %s: %s: %s", value, what, p->why);
    else if (o->impossible)
        fmt(err, cap, "--impossible: every board of %s can be solved", what);
    else if (o->dist_max)
        fmt(err, cap,
            "--distance max: the largest distance of %s is not known: %s", what,
            p->why);
    else if (o->dmin == o->dmax)
        fmt(err, cap,
            "--distance %s: %s has no board at distance %" PRIu32 " (%s)",
            value, what, o->dmin, most);
    else
        fmt(err, cap,
            "--distance %s: %s has no board at a distance from %" PRIu32
            " to %" PRIu32 " (%s)",
            value, what, o->dmin, o->dmax, most);
}

/* ---- drawing one puzzle ------------------------------------------------ */

/* A thread's scratch space. */
struct sample_scratch {
    bfs *b;
    table *t; /* M_TARGET: a target's table, built again for the next */
    uint64_t next[GRIDBFS_MAX_MOVES];
    uint32_t ids[GRIDBFS_MAX_MOVES];      /* moves in the order drawn */
    uint32_t step_ids[GRIDBFS_MAX_MOVES]; /* bfs_expand_all()'s room */
    uint64_t step_keys[GRIDBFS_MAX_MOVES];
    char msg[RULES_MSG_MAX];
};

static void random_board(sample_rng *r, uint32_t cells, gridbfs_board *b)
{
    memset(b, 0, sizeof *b);
    for (uint32_t w = 0; w * 64 < cells; w++)
        b->w[w] =
            rng_next(r) &
            (cells - w * 64 >= 64 ? ~0ull : (1ull << (cells - w * 64)) - 1);
}

static uint32_t ones(const gridbfs_board *b)
{
    uint32_t n = 0;
    for (int w = 0; w < GRIDBFS_BOARD_WORDS; w++)
        n += (uint32_t)__builtin_popcountll(b->w[w]);
    return n;
}

/* A board of cells with k ones, uniform among them (the first k of a
   random shuffle of the cells). */
static void board_with(sample_rng *r, uint32_t cells, uint32_t k, uint32_t *ids,
                       gridbfs_board *b)
{
    memset(b, 0, sizeof *b);
    for (uint32_t i = 0; i < cells; i++)
        ids[i] = (uint32_t)i;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t j = i + (uint32_t)sample_below(r, cells - i), c = ids[j];
        ids[j] = ids[i];
        b->w[c / 64] |= 1ull << (c % 64);
    }
}

/* The distance the solver gives boards, UINT32_MAX when impossible,
   MEASURE_LIMIT when its search stopped at a limit, or MEASURE_NONE when
   it gives none otherwise (a plugin fault, said when the puzzle is
   answered). */
#define MEASURE_LIMIT (UINT32_MAX - 1)
#define MEASURE_NONE (UINT32_MAX - 2)
static uint32_t measure(const sample_plan *p, const gridbfs_board *b,
                        sample_scratch *sc)
{
    gridbfs_grid g[2];
    solve_result res = solve_record(p->in, view(p->in, b, g), sc->b, sc->msg);
    if (res.status == ST_IMPOSSIBLE)
        return UINT32_MAX;
    if (res.status == ST_LIMIT)
        return MEASURE_LIMIT;
    if (res.status != ST_SOLVED || res.moves >= MEASURE_NONE)
        return MEASURE_NONE;
    return (uint32_t)res.moves;
}

/* A start uniform among those at distance d (TABLE_UNREACHED: none) in a
   target's table dist, into *start; 0, or -1 when it has none. */
static int start_at(const sample_plan *p, const uint8_t *dist, uint32_t d,
                    sample_rng *r, uint64_t *start)
{
    uint64_t states = (uint64_t)1 << p->cells, at = 0;
    for (uint64_t s = 0; s < states; s++)
        at += dist[s] == d;
    if (!at)
        return -1;
    uint64_t k = sample_below(r, at), s = 0;
    for (;; s++)
        if (dist[s] == d && k-- == 0)
            break;
    *start = s;
    return 0;
}

/*
 * A start at distance d (TABLE_UNREACHED: none) from a target, into b:
 * a uniform target first; while its table is short of d, a start at its
 * largest distance becomes the next target (whose largest is then at
 * least as far), and a fresh one when that gains nothing; past the tries,
 * a target of the scan that reaches d.  0, or -1 when none did.
 */
static int from_target(const sample_plan *p, uint32_t d, sample_rng *r,
                       gridbfs_board *b, sample_scratch *sc)
{
    uint32_t ecc = 0, had = 0;
    uint64_t target = 0;
    int climb = 0, imp = d == TABLE_UNREACHED;
    memset(b, 0, 2 * sizeof *b);
    for (int i = 0; i < SAMPLE_TARGET_TRIES; i++) {
        if (!climb) {
            random_board(r, p->cells, &b[1]);
            target = b[1].w[0];
        }
        had = climb ? ecc : 0;
        const uint8_t *dist = target_table(p, target, &sc->t, &ecc);
        if (!dist) {
            climb = 0;
            continue;
        }
        b[1].w[0] = target;
        if (start_at(p, dist, d, r, &b[0].w[0]) == 0)
            return 0;
        climb = !imp && (!climb || ecc > had) &&
                start_at(p, dist, ecc, r, &target) == 0;
    }
    uint32_t far = 0; /* the scan's targets that reach d */
    for (uint32_t w = 0; !imp && w < p->nwit; w++)
        far += p->ecc[w] >= d;
    for (uint32_t w = 0, k = far ? (uint32_t)sample_below(r, far) : 0;
         far && w < p->nwit; w++) {
        if (p->ecc[w] < d || k-- != 0)
            continue;
        const uint8_t *dist = target_table(p, p->wit[w], &sc->t, &ecc);
        b[1].w[0] = p->wit[w];
        return dist ? start_at(p, dist, d, r, &b[0].w[0]) : -1;
    }
    return -1;
}

/* Random boards for the solve method: for a distance, a target with the
   start's number of ones; for --impossible, any target. */
static void random_puzzle(const sample_plan *p, sample_rng *r, gridbfs_board *b,
                          sample_scratch *sc)
{
    random_board(r, p->cells, &b[0]);
    if (p->in->rule.boards < 2)
        return;
    if (p->ask.impossible)
        random_board(r, p->cells, &b[1]);
    else
        board_with(r, p->cells, ones(&b[0]), sc->ids, &b[1]);
}

/* The i-th of d moves of a walk: distinct while d is at most the rule's
   moves (a partial shuffle of sc->ids, set to 0..moves-1 before the
   first), else any. */
static uint32_t walk_move(sample_rng *r, sample_scratch *sc, uint32_t i,
                          uint32_t d, uint32_t moves)
{
    if (d > moves)
        return (uint32_t)sample_below(r, moves);
    uint32_t j = i + (uint32_t)sample_below(r, moves - i);
    uint32_t m = sc->ids[j];
    sc->ids[j] = sc->ids[i];
    sc->ids[i] = (uint32_t)m;
    return m;
}

/* b[0] moved to the goal the exact solver's answer to it leads to; 0, or
   -1 when it has no answer. */
static int to_goal(const rule_inst *in, gridbfs_board *b, sample_scratch *sc)
{
    gridbfs_error err = {sc->msg, sizeof sc->msg, -1};
    gridbfs_grid g[2];
    size_t len = 0;
    if (in->plugin->ops->solve(in->rule.inst, view(in, b, g), sc->ids,
                               GRIDBFS_MAX_MOVES, &len, &err) != GRIDBFS_SOLVED)
        return -1;
    for (size_t i = 0; i < len; i++)
        if (replay_move(in, &g[0], sc->ids[i], &g[0]))
            return -1;
    return 0;
}

/* Past 64 cells, where goals() takes no board: the goal is the target of
   a two-board rule, else where the exact solver's answer to a random
   board leads, or to the empty board when the random one has none (where
   the moves span few boards, as Lights Out's do at 23x23, few have one);
   then d moves from it, replayed through the plugin (apply()).  0, or -1
   when neither has an answer. */
static int big_walk(const sample_plan *p, uint32_t d, sample_rng *r,
                    gridbfs_board *b, sample_scratch *sc)
{
    const rule_inst *in = p->in;
    uint32_t moves = in->rule.moves;
    random_puzzle(p, r, b, sc);
    if (in->rule.boards == 2) {
        b[0] = b[1];
    } else if (to_goal(in, b, sc)) {
        memset(&b[0], 0, sizeof b[0]);
        if (to_goal(in, b, sc))
            return -1;
    }
    for (uint32_t i = 0; i < moves; i++)
        sc->ids[i] = (uint32_t)i;
    gridbfs_grid g = rule_grid(in, b[0].w);
    for (uint32_t i = 0; i < d && moves; i++)
        if (replay_move(in, &g, walk_move(r, sc, i, d, moves), &g))
            return -1;
    return 0;
}

/* From a goal (a random target's, for a two-board rule), d distinct
   moves in a random order (any d moves when the rule has fewer). */
static int walk(const sample_plan *p, uint32_t d, sample_rng *r,
                gridbfs_board *b, sample_scratch *sc)
{
    uint64_t goals[GRIDBFS_MAX_GOALS], state;
    const gridbfs_plugin2 *ops = p->in->plugin->ops;
    const void *inst = p->in->rule.inst;
    uint32_t moves = p->in->rule.moves, n = p->ngoals;
    if (p->cells > GRIDBFS_SEARCH_CELLS)
        return big_walk(p, d, r, b, sc);
    if (p->in->rule.boards == 2) {
        random_board(r, p->cells, &b[1]);
        b[0] = b[1]; /* start = target: its goals */
        gridbfs_grid g[2];
        n = ops->goals(inst, view(p->in, b, g), goals, GRIDBFS_MAX_GOALS);
        n = n > GRIDBFS_MAX_GOALS ? 0 : n;
    } else {
        memcpy(goals, p->goals, sizeof goals);
    }
    state = n ? goals[sample_below(r, n)] : 0;
    for (uint32_t i = 0; i < moves; i++)
        sc->ids[i] = (uint32_t)i;
    for (uint32_t i = 0; i < d && moves; i++) {
        uint32_t m = walk_move(r, sc, i, d, moves);
        bfs_expand_all(&p->br, state, sc->step_ids, sc->step_keys, sc->next);
        state = sc->next[m];
    }
    b[0].w[0] = state;
    return 0;
}

/* Tries a puzzle of the walk and solve methods. */
static int tries_of(const sample_plan *p)
{
    return p->cells > GRIDBFS_SEARCH_CELLS ? SAMPLE_BIG_TRIES : SAMPLE_TRIES;
}

/* The distance a puzzle is to be at: uniform among those asked for
   (that exist, where a table tells); TABLE_UNREACHED for --impossible. */
static uint32_t draw_distance(const sample_plan *p, sample_rng *r)
{
    const sample_ask *o = &p->ask;
    if (p->method == M_TABLE || (p->known && !o->impossible))
        return p->ok[sample_below(r, p->nok)];
    if (o->impossible)
        return TABLE_UNREACHED;
    uint32_t top = o->dmax < p->bound ? o->dmax : p->bound;
    return o->dmin + (uint32_t)sample_below(r, (uint64_t)top - o->dmin + 1);
}

/* Puzzle boards of p by its plan's method; 0, -1 when the tries found
   none at *d, or SAMPLE_LIMIT when a solver's search stopped at a limit
   (so that no draw depends on limits.memory or max_states: it would
   take the next try where a roomier run took this one). */
static int draw_at(const sample_plan *p, sample_rng *r, sample_scratch *sc,
                   gridbfs_board *b, uint32_t *d)
{
    int imp = p->ask.impossible;
    switch (p->method) {
    case M_TABLE:
        memset(b, 0, 2 * sizeof *b);
        b[0].w[0] = table_rank(p, *d, sample_below(r, p->count[*d]));
        if (p->in->rule.boards == 2)
            random_board(r, p->cells, &b[1]);
        return 0;
    case M_TARGET: return from_target(p, *d, r, b, sc);
    case M_WALK:
    case M_SOLVE:
        if (!imp && p->method == M_WALK && *d > WALK_MAX)
            return -1; /* no walk is that long: a search would not end */
        for (int i = 0; i < tries_of(p); i++) {
            if (imp || p->method == M_SOLVE)
                random_puzzle(p, r, b, sc);
            else if (walk(p, *d, r, b, sc))
                continue;
            uint32_t got = measure(p, b, sc);
            if (got == MEASURE_LIMIT)
                return SAMPLE_LIMIT;
            if (imp ? got == UINT32_MAX : got == *d)
                return 0;
        }
        return -1;
    }
    return -1;
}

int sample_draw(const sample_plan *p, sample_rng *r, sample_scratch *sc,
                gridbfs_board boards[2], uint32_t *d)
{
    *d = 0;
    if (!p->ask.distance && !p->ask.impossible) {
        random_puzzle(p, r, boards, sc);
        return 0;
    }
    *d = draw_distance(p, r);
    return draw_at(p, r, sc, boards, d);
}

void sample_refusal(const sample_plan *p, int status, uint32_t d, char *err,
                    size_t cap)
{
    char what[RULES_MSG_MAX], shown[TEXT_QUOTE_BUF], asked[64], opt[96];
    rule_at(p->in, what, sizeof what);
    const char *how = p->method == M_TARGET ? "targets, each with its "
                                              "own distance table"
                      : p->method == M_WALK && !p->ask.impossible
                          ? "random walks from the goal, each answered by "
                            "the solver"
                          : "random boards, each answered by the solver";
    int tries = p->method == M_TARGET ? SAMPLE_TARGET_TRIES : tries_of(p);
    if (status == SAMPLE_LIMIT) {
        if (p->ask.impossible)
            fmt(opt, sizeof opt, "--impossible");
        else
            fmt(opt, sizeof opt, "--distance %s",
                text_quote(shown, sizeof shown, p->ask.dtext));
        fmt(err, cap,
            "%s: a search for a puzzle of %s stopped at a limit "
            "(limits.memory or limits.max_states); with more room it would "
            "have given another, so none is written",
            opt, what);
        return;
    }
    if (p->ask.impossible) {
        fmt(err, cap,
            "--impossible: no impossible puzzle of %s found in %d %s "
            "(there may be none)",
            what, tries, how);
        return;
    }
    if (p->ask.dist_max)
        fmt(asked, sizeof asked, "at its largest distance");
    else
        fmt(asked, sizeof asked, "at distance %" PRIu32, d);
    fmt(err, cap, "--distance %s: no puzzle of %s found %s in %d %s",
        text_quote(shown, sizeof shown, p->ask.dtext), what, asked, tries, how);
}

sample_plan *sample_plan_new(rule_inst *in, const sample_ask *ask,
                             membudget *mem)
{
    sample_plan *p = xcalloc(1, sizeof *p);
    const gridbfs_rule2 *r = &in->rule;
    p->in = in;
    p->ask = *ask;
    p->cells = r->rows * r->cols;
    p->br = solve_engine_rule(in);
    if (ask->distance || ask->impossible)
        plan_method(p, mem);
    return p;
}

rule_inst *sample_plan_inst(const sample_plan *p)
{
    return p->in;
}

size_t sample_plan_draw_bytes(const sample_plan *p)
{
    return p->method == M_TARGET ? table_build_bytes(&p->br) : 0;
}

sample_scratch *sample_scratch_new(membudget *mem)
{
    sample_scratch *sc = xcalloc(1, sizeof *sc);
    sc->b = bfs_new();
    bfs_set_budget(sc->b, mem);
    return sc;
}

void sample_scratch_free(sample_scratch *sc)
{
    if (!sc)
        return;
    bfs_free(sc->b);
    table_free(sc->t);
    free(sc);
}
