/*
 * generate.c - see generate.h.
 *
 * How a puzzle is drawn (README, "Generating puzzles"), by what the rule
 * offers at its size; the method is chosen once per rule instance, so it
 * never depends on -j:
 *
 *   table   a fixed goal set and a distance table that fits (at most 30
 *           cells, limits.table_memory and limits.memory): the state is
 *           drawn uniformly among the states at the distance drawn, found
 *           through per-block counts of every distance.
 *   target  the goal comes with the puzzle (a swap's target): a uniform
 *           random target, its own table, a start uniform among the states
 *           at the distance from it; another target when it has none.
 *   walk    at most 64 cells, no table: from a goal, the distance's number
 *           of distinct moves in a random order, kept when the rule's
 *           solver (solve.h) says the distance is exactly that.
 *   solve   bigger boards, whose moves cannot be replayed: random boards,
 *           kept when the solver gives the distance asked for.
 * Without --distance or --impossible no method is needed: every board is
 * uniformly random (a target has as many ones as its start).
 */
#define _DEFAULT_SOURCE /* getentropy() */
#include "generate.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bfs.h"
#include "outfile.h"
#include "solve.h"
#include "table.h"
#include "text.h"
#include "util.h"

#define MAX_COUNT 1000000000u /* --generate's largest N */
/* A table of 2^n states is counted in 2^(n/2) blocks of 2^(n - n/2):
   a draw scans one block, the counts take 2^(n/2) words a distance. */
#define TRIES 1000       /* walks or random boards for one puzzle */
#define TARGET_TRIES 64  /* targets (a table each) for one puzzle */
#define PATTERN_TRIES 64 /* patterns for a layout's parameter */
#define BATCH 512        /* puzzles a batch, for each thread */
#define PATTERN_MAX 512  /* bytes of a parameter's value */
#define PATH_BYTES 4096
#define NAME_PREFIX "case" /* a layout's name line: case1, case2... */

/* ---- random numbers: xoshiro256** seeded by splitmix64 --------------- */

typedef struct rng {
    uint64_t s[4];
} rng;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Puzzle k's own stream: splitmix64 from the seed, then from k. */
static void rng_seed(rng *r, uint64_t seed, uint64_t k)
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

static uint64_t rng_next(rng *r)
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

/* Uniform in 0..n-1 (n >= 1), with no bias: draws past the last whole
   multiple of n are drawn again. */
static uint64_t rng_below(rng *r, uint64_t n)
{
    uint64_t limit = -n % n, v; /* 2^64 mod n */
    do
        v = rng_next(r);
    while (v < limit);
    return v % n;
}

/* ---- the options -------------------------------------------------------- */

/* "D", "A-B" or "max" into g. 0 or -1. */
static int parse_distance(generate_opts *g, const char *arg)
{
    uint64_t a, b;
    const char *dash = strchr(arg, '-');
    if (strcmp(arg, "max") == 0) {
        g->dist_max = 1;
        return 0;
    }
    g->dist_max = 0;
    if (!dash) {
        if (text_u64(arg, strlen(arg), 0, GENERATE_MAX_DISTANCE, &a))
            return -1;
        b = a;
    } else if (text_u64(arg, (size_t)(dash - arg), 0, GENERATE_MAX_DISTANCE,
                        &a) ||
               text_u64(dash + 1, strlen(dash + 1), 0, GENERATE_MAX_DISTANCE,
                        &b) ||
               a > b) {
        return -1;
    }
    g->dmin = (uint32_t)a;
    g->dmax = (uint32_t)b;
    return 0;
}

int generate_option(generate_opts *g, int opt, const char *arg, char *err,
                    size_t cap)
{
    char shown[TEXT_QUOTE_BUF];
    g->given = 1;
    switch (opt) {
    case GENERATE_OPT_GENERATE:
        g->have_count = 1;
        if (!text_u64(arg, strlen(arg), 0, MAX_COUNT, &g->count))
            return 0;
        fmt(err, cap,
            "--generate: expected a whole number from 0 to %u, got "
            "'%s'",
            MAX_COUNT, text_quote(shown, sizeof shown, arg));
        return -1;
    case GENERATE_OPT_SEED:
        g->have_seed = 1;
        if (!text_u64(arg, strlen(arg), 0, UINT64_MAX, &g->seed))
            return 0;
        fmt(err, cap,
            "--seed: expected a whole number from 0 to %" PRIu64 ", got '%s'",
            UINT64_MAX, text_quote(shown, sizeof shown, arg));
        return -1;
    case GENERATE_OPT_DISTANCE:
        g->distance = 1;
        g->dtext = arg;
        if (!parse_distance(g, arg))
            return 0;
        fmt(err, cap,
            "--distance: expected D, A-B (A <= B) or max, whole numbers up "
            "to %d, got '%s'",
            GENERATE_MAX_DISTANCE, text_quote(shown, sizeof shown, arg));
        return -1;
    case GENERATE_OPT_IMPOSSIBLE: g->impossible = 1; return 0;
    case GENERATE_OPT_SPACED: g->spaced = 1; return 0;
    default: fmt(err, cap, "unknown --generate option"); return -1;
    }
}

/* ---- -o with %d: one file a puzzle ------------------------------------- */

/* -o's name cut at its one %d or %0Nd: prefix, zero-padded width, suffix
   (a %% in either is one %). */
typedef struct per_case {
    int on;
    char prefix[PATH_BYTES], suffix[PATH_BYTES];
    int width;
} per_case;

/* Read path's % directives into pc; 0, or -1 with a message in err. */
static int per_case_parse(const char *path, per_case *pc, char *err, size_t cap)
{
    char shown[TEXT_QUOTE_BUF];
    size_t n = 0;
    char *to = pc->prefix;
    memset(pc, 0, sizeof *pc);
    for (const char *s = path; path && *s; s++) {
        if (n + 1 >= PATH_BYTES) {
            fmt(err, cap, "-o: the name is longer than %d bytes",
                PATH_BYTES - 1);
            return -1;
        }
        if (*s != '%') {
            to[n++] = *s;
            continue;
        }
        if (s[1] == '%') {
            to[n++] = *s++;
            continue;
        }
        const char *d = s + 1;
        int width = 0;
        if (*d == '0')
            for (d++; *d >= '0' && *d <= '9' && width < 100; d++)
                width = width * 10 + (*d - '0');
        if (*d != 'd' || (d > s + 1 && width == 0) || width > 20 || pc->on) {
            fmt(err, cap,
                "-o '%s': %s; a name for one file a puzzle takes one %%d or "
                "%%0Nd (N up to 20), and %%%% for a %%",
                text_quote(shown, sizeof shown, path),
                pc->on && *d == 'd' ? "more than one %d"
                                    : "a % directive other than %d or %0Nd");
            return -1;
        }
        pc->on = 1;
        pc->width = width;
        to[n] = '\0';
        to = pc->suffix;
        n = 0;
        s = d;
    }
    to[n] = '\0';
    return 0;
}

/* Puzzle k's file name into buf. */
static void per_case_name(const per_case *pc, uint64_t k, char *buf, size_t cap)
{
    fmt(buf, cap, "%s%0*" PRIu64 "%s", pc->prefix, pc->width, k, pc->suffix);
}

/* ---- how an instance's puzzles are drawn ------------------------------- */

enum method { M_TABLE, M_TARGET, M_WALK, M_SOLVE };

/* An instance and what its puzzles are drawn from; shared by the threads,
   read-only once made. */
typedef struct plan {
    rule_inst *in;
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
} plan;

typedef struct gen {
    const generate_opts *o;
    rules *rs;
    uint64_t seed;
    rule_inst *base;       /* the instance -r and -s chose */
    const cfg_layout *lay; /* its profile's layout, or NULL */
    const char *pattern;   /* the layout parameter's own value, or NULL */
    plan **plans;
    size_t nplans;
} gen;

static uint32_t slot(const plan *p, uint32_t d)
{
    return d == TABLE_UNREACHED ? p->maxd + 1 : d;
}

/* Count p's table by distance, and by block for each distance. */
static void count_table(plan *p)
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
static uint64_t table_rank(const plan *p, uint32_t d, uint64_t k)
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

/* The distances of the table --distance asks for (or the largest, or
   the unreached ones for --impossible) that it has. */
static void table_wanted(const gen *g, plan *p)
{
    const generate_opts *o = g->o;
    p->nok = 0;
    if (o->impossible) {
        if (p->count[TABLE_UNREACHED])
            p->ok[p->nok++] = TABLE_UNREACHED;
        return;
    }
    if (o->dist_max) {
        p->ok[p->nok++] = p->maxd;
        return;
    }
    for (uint32_t d = o->dmin; d <= o->dmax && d < TABLE_UNREACHED; d++)
        if (p->count[d])
            p->ok[p->nok++] = d;
}

/* The method for p's instance, and its table where it has one. */
static void plan_method(const gen *g, plan *p)
{
    const gridbfs_rule *r = &p->in->rule;
    int fixed = (r->flags & GRIDBFS_FIXED_GOAL) != 0;
    int fits =
        p->cells <= TABLE_MAX_CELLS && table_fits(&p->br, p->in->table_budget);
    membudget *mem = rules_memory(g->rs);
    if (fixed && p->cells <= GRIDBFS_SEARCH_CELLS)
        p->ngoals = p->in->plugin->ops->goals(r->inst, NULL, p->goals,
                                              GRIDBFS_MAX_GOALS);
    if (p->ngoals > GRIDBFS_MAX_GOALS)
        p->ngoals = 0; /* a plugin fault: solve.c says so on each answer */
    if (fixed && fits && p->ngoals &&
        (p->t = table_build(&p->br, p->goals, p->ngoals, p->in->table_budget,
                            mem))) {
        p->method = M_TABLE;
        p->dist = table_distances(p->t, &p->states);
        count_table(p);
        table_wanted(g, p);
    } else if (!fixed && r->boards == 2 && fits &&
               budget_has(mem, table_build_bytes(&p->br))) {
        p->method = M_TARGET;
    } else if (p->cells <= GRIDBFS_SEARCH_CELLS && (fixed || r->boards == 2)) {
        p->method = M_WALK;
    } else {
        p->method = M_SOLVE;
    }
}

/* The plan of instance in, made on first use (on the calling thread). */
static plan *plan_of(gen *g, rule_inst *in)
{
    for (size_t i = 0; i < g->nplans; i++)
        if (g->plans[i]->in == in)
            return g->plans[i];
    plan *p = xcalloc(1, sizeof *p);
    const gridbfs_rule *r = &in->rule;
    p->in = in;
    p->cells = r->rows * r->cols;
    p->br = (bfs_rule){in->plugin->ops, r->inst, r->moves, p->cells,
                       (r->flags & GRIDBFS_INVOLUTIVE) != 0};
    if (g->o->distance || g->o->impossible)
        plan_method(g, p);
    g->plans = xreallocarray(g->plans, g->nplans + 1, sizeof *g->plans);
    g->plans[g->nplans++] = p;
    return p;
}

static void plan_free(plan *p)
{
    table_free(p->t);
    free(p->pre);
    free(p);
}

/* Whether p can give what was asked: no, only where its table says so. */
static int plan_can(const gen *g, const plan *p)
{
    if (!g->o->distance && !g->o->impossible)
        return 1;
    if (p->method == M_TABLE)
        return p->nok > 0;
    return !g->o->dist_max || p->method == M_TARGET;
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

/* Why p cannot give what was asked (plan_can() said so), into err. */
static void plan_refusal(const gen *g, const plan *p, char *err, size_t cap)
{
    const generate_opts *o = g->o;
    char what[RULES_MSG_MAX], shown[TEXT_QUOTE_BUF];
    rule_at(p->in, what, sizeof what);
    const char *value = text_quote(shown, sizeof shown, o->dtext);
    if (o->impossible)
        fmt(err, cap, "--impossible: every board of %s can be solved", what);
    else if (o->dist_max)
        fmt(err, cap,
            "--distance max: %s has no distance table (more than %d cells, "
            "or over limits.table_memory), so its largest distance is not "
            "known",
            what, TABLE_MAX_CELLS);
    else if (o->dmin == o->dmax)
        fmt(err, cap,
            "--distance %s: %s has no board at distance %" PRIu32
            " (its largest distance is %" PRIu32 ")",
            value, what, o->dmin, p->maxd);
    else
        fmt(err, cap,
            "--distance %s: %s has no board at a distance from %" PRIu32
            " to %" PRIu32 " (its largest distance is %" PRIu32 ")",
            value, what, o->dmin, o->dmax, p->maxd);
}

/* ---- a layout parameter's random pattern ------------------------------- */

/*
 * A random value for the layout's parameter, of the shape of its own
 * value (as many characters a row, from the characters it has) into buf:
 * Timus 1122's 3x3 pattern of 0 and 1.  The plugin judges whether it is
 * valid, when the instance is made.
 */
static void random_pattern(const gen *g, rng *r, char *buf)
{
    const char *own = g->pattern;
    char alphabet[256];
    size_t na = 0, n = 0;
    for (const char *s = own; *s; s++)
        if (*s != '/' && !memchr(alphabet, *s, na))
            alphabet[na++] = *s;
    for (const char *s = own; *s && n + 1 < PATTERN_MAX; s++)
        buf[n++] = *s == '/' || na == 0 ? *s : alphabet[rng_below(r, na)];
    buf[n] = '\0';
}

/* The instance puzzle r draws: the base, or with a layout parameter one
   of a random pattern that the plugin takes and that can give what was
   asked (else the profile's own pattern). */
static plan *draw_plan(gen *g, rng *r)
{
    if (!g->pattern)
        return plan_of(g, g->base);
    char pattern[PATTERN_MAX];
    for (int i = 0; i < PATTERN_TRIES; i++) {
        random_pattern(g, r, pattern);
        rule_inst *in = rules_choose(g->rs, NULL, NULL, 0, 0, pattern);
        if (in->error)
            continue;
        plan *p = plan_of(g, in);
        if (plan_can(g, p))
            return p;
    }
    return plan_of(g, rules_choose(g->rs, NULL, NULL, 0, 0, g->pattern));
}

/* ---- drawing one puzzle ------------------------------------------------ */

/* A thread's scratch space. */
typedef struct scratch {
    bfs *b;
    uint64_t next[GRIDBFS_MAX_MOVES];
    uint16_t ids[GRIDBFS_MAX_MOVES];
    char msg[RULES_MSG_MAX];
} scratch;

/* One puzzle of a batch: drawn by a thread, written by the caller. */
typedef struct puzzle {
    uint64_t k;
    rng r;
    plan *p;
    gridbfs_board b[2]; /* the start, and the target of a two-board rule */
    int failed;         /* none found at distance d */
    uint32_t d;
} puzzle;

static void random_board(rng *r, uint32_t cells, gridbfs_board *b)
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
static void board_with(rng *r, uint32_t cells, uint32_t k, uint16_t *ids,
                       gridbfs_board *b)
{
    memset(b, 0, sizeof *b);
    for (uint32_t i = 0; i < cells; i++)
        ids[i] = (uint16_t)i;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t j = i + (uint32_t)rng_below(r, cells - i), c = ids[j];
        ids[j] = ids[i];
        b->w[c / 64] |= 1ull << (c % 64);
    }
}

/* The distance the solver gives boards, UINT32_MAX when impossible, or
   UINT32_MAX - 1 when it gives none (a limit). */
static uint32_t measure(plan *p, const gridbfs_board *b, scratch *sc)
{
    solve_result res = solve_record(p->in, b, sc->b, sc->msg);
    if (res.status == ST_IMPOSSIBLE)
        return UINT32_MAX;
    if (res.status != ST_SOLVED || res.moves >= UINT32_MAX - 1)
        return UINT32_MAX - 1;
    return (uint32_t)res.moves;
}

/* The start at distance d (TABLE_UNREACHED: none) from a random target's
   own table; 0, or -1 when the target has none. */
static int from_target(const gen *g, plan *p, uint32_t d, puzzle *z)
{
    uint64_t goals[GRIDBFS_MAX_GOALS], states;
    const gridbfs_plugin *ops = p->in->plugin->ops;
    random_board(&z->r, p->cells, &z->b[1]);
    z->b[0] = z->b[1]; /* a puzzle the goals are asked of: start = target */
    uint32_t n = ops->goals(p->in->rule.inst, z->b, goals, GRIDBFS_MAX_GOALS);
    table *t = n && n <= GRIDBFS_MAX_GOALS
                   ? table_build(&p->br, goals, n, p->in->table_budget, NULL)
                   : NULL;
    if (!t)
        return -1;
    const uint8_t *dist = table_distances(t, &states);
    if (g->o->dist_max)
        for (uint64_t s = d = 0; s < states; s++)
            if (dist[s] != TABLE_UNREACHED && dist[s] > d)
                d = dist[s];
    uint64_t at = 0;
    for (uint64_t s = 0; s < states; s++)
        at += dist[s] == d;
    if (at) {
        uint64_t k = rng_below(&z->r, at), s = 0;
        for (;; s++)
            if (dist[s] == d && k-- == 0)
                break;
        z->b[0].w[0] = s;
    }
    table_free(t);
    return at ? 0 : -1;
}

/* From a goal (a random target's, for a two-board rule), d distinct
   moves in a random order (any d moves when the rule has fewer). */
static void walk(plan *p, uint32_t d, puzzle *z, scratch *sc)
{
    uint64_t goals[GRIDBFS_MAX_GOALS], state;
    const gridbfs_plugin *ops = p->in->plugin->ops;
    const void *inst = p->in->rule.inst;
    uint32_t moves = p->in->rule.moves, n = p->ngoals;
    if (p->in->rule.boards == 2) {
        random_board(&z->r, p->cells, &z->b[1]);
        z->b[0] = z->b[1]; /* start = target: its goals */
        n = ops->goals(inst, z->b, goals, GRIDBFS_MAX_GOALS);
        n = n > GRIDBFS_MAX_GOALS ? 0 : n;
    } else {
        memcpy(goals, p->goals, sizeof goals);
    }
    state = n ? goals[rng_below(&z->r, n)] : 0;
    for (uint32_t i = 0; i < moves; i++)
        sc->ids[i] = (uint16_t)i;
    for (uint32_t i = 0; i < d && moves; i++) {
        uint32_t m;
        if (d <= moves) { /* a partial shuffle: distinct moves */
            uint32_t j = i + (uint32_t)rng_below(&z->r, moves - i);
            m = sc->ids[j];
            sc->ids[j] = sc->ids[i];
            sc->ids[i] = (uint16_t)m;
        } else {
            m = (uint32_t)rng_below(&z->r, moves);
        }
        ops->expand(inst, state, sc->next);
        state = sc->next[m];
    }
    z->b[0].w[0] = state;
}

/* Random boards for the solve method: for a distance, a target with the
   start's number of ones; for --impossible, any target. */
static void random_puzzle(const gen *g, plan *p, puzzle *z, scratch *sc)
{
    random_board(&z->r, p->cells, &z->b[0]);
    if (p->in->rule.boards < 2)
        return;
    if (g->o->impossible)
        random_board(&z->r, p->cells, &z->b[1]);
    else
        board_with(&z->r, p->cells, ones(&z->b[0]), sc->ids, &z->b[1]);
}

/* The distance puzzle z is to be at: uniform among those asked for
   (that exist, where a table tells); TABLE_UNREACHED for --impossible. */
static uint32_t draw_distance(const gen *g, const plan *p, rng *r)
{
    const generate_opts *o = g->o;
    if (p->method == M_TABLE)
        return p->ok[rng_below(r, p->nok)];
    if (o->impossible)
        return TABLE_UNREACHED;
    if (o->dist_max)
        return 0; /* M_TARGET: each target's own largest */
    return o->dmin + (uint32_t)rng_below(r, (uint64_t)o->dmax - o->dmin + 1);
}

/* Draw puzzle z by its plan's method (see the top of the file). */
static void draw(const gen *g, puzzle *z, scratch *sc)
{
    plan *p = z->p;
    uint32_t cells = p->cells;
    if (!g->o->distance && !g->o->impossible) {
        random_puzzle(g, p, z, sc);
        return;
    }
    uint32_t d = z->d = draw_distance(g, p, &z->r);
    int imp = g->o->impossible;
    switch (p->method) {
    case M_TABLE:
        memset(z->b, 0, sizeof z->b);
        z->b[0].w[0] = table_rank(p, d, rng_below(&z->r, p->count[d]));
        if (p->in->rule.boards == 2)
            random_board(&z->r, cells, &z->b[1]);
        return;
    case M_TARGET:
        for (int i = 0; i < TARGET_TRIES && (imp || d < TABLE_UNREACHED); i++)
            if (from_target(g, p, d, z) == 0)
                return;
        break;
    case M_WALK:
    case M_SOLVE:
        for (int i = 0; i < TRIES; i++) {
            if (imp || p->method == M_SOLVE)
                random_puzzle(g, p, z, sc);
            else
                walk(p, d, z, sc);
            uint32_t got = measure(p, z->b, sc);
            if (imp ? got == UINT32_MAX : got == d)
                return;
        }
        break;
    }
    z->failed = 1;
}

/* Why puzzle z could not be drawn, into err. */
static void draw_refusal(const gen *g, const puzzle *z, char *err, size_t cap)
{
    char what[RULES_MSG_MAX], shown[TEXT_QUOTE_BUF], asked[64];
    const plan *p = z->p;
    rule_at(p->in, what, sizeof what);
    const char *how = p->method == M_TARGET ? "random targets, each with its "
                                              "own distance table"
                      : p->method == M_WALK && !g->o->impossible
                          ? "random walks from the goal, each answered by "
                            "the solver"
                          : "random boards, each answered by the solver";
    int tries = p->method == M_TARGET ? TARGET_TRIES : TRIES;
    if (g->o->impossible) {
        fmt(err, cap,
            "--impossible: no impossible puzzle of %s found in %d %s "
            "(there may be none)",
            what, tries, how);
        return;
    }
    if (g->o->dist_max)
        fmt(asked, sizeof asked, "at its largest distance");
    else
        fmt(asked, sizeof asked, "at distance %" PRIu32, z->d);
    fmt(err, cap, "--distance %s: no puzzle of %s found %s in %d %s",
        text_quote(shown, sizeof shown, g->o->dtext), what, asked, tries, how);
}

/* ---- writing: the judge's input layout --------------------------------- */

/* Board b as rows of cells, one line each. */
static void put_rows(const gen *g, const rule_inst *in, const gridbfs_board *b,
                     strbuf *sb)
{
    const gridbfs_rule *r = &in->rule;
    for (uint32_t row = 0; row < r->rows; row++) {
        for (uint32_t c = 0; c < r->cols; c++) {
            uint32_t k = row * r->cols + c;
            if (c && g->o->spaced)
                sb_putc(sb, ' ');
            sb_putc(sb, (b->w[k / 64] >> (k % 64)) & 1 ? r->one : r->zero);
        }
        sb_putc(sb, '\n');
    }
}

/* Board b as a line record's token: rows joined by '/' ("row/" for one). */
static void put_token(const rule_inst *in, const gridbfs_board *b, strbuf *sb)
{
    const gridbfs_rule *r = &in->rule;
    for (uint32_t row = 0; row < r->rows; row++) {
        if (row)
            sb_putc(sb, '/');
        for (uint32_t c = 0; c < r->cols; c++) {
            uint32_t k = row * r->cols + c;
            sb_putc(sb, (b->w[k / 64] >> (k % 64)) & 1 ? r->one : r->zero);
        }
    }
    if (r->rows == 1)
        sb_putc(sb, '/');
}

static void put_size(const rule_inst *in, strbuf *sb)
{
    sb_printf(sb, "%" PRIu32 " %" PRIu32 "\n", in->rule.rows, in->rule.cols);
}

/* What comes before the first case of a file of n cases: the count line
   and the size line at the top, where the layout has them. */
static void put_head(const gen *g, uint64_t n, strbuf *sb)
{
    if (g->lay && g->lay->count) {
        sb_u64(sb, n);
        sb_putc(sb, '\n');
    }
    if (g->lay && g->lay->size == SIZE_LINE_FIRST)
        put_size(g->base, sb);
}

static void put_tail(const gen *g, strbuf *sb)
{
    if (g->lay && g->lay->end)
        sb_printf(sb, "%s\n", g->lay->end);
}

/* The parameter rows of a case: its instance's value, rows split at '/'. */
static void put_param(const rule_inst *in, strbuf *sb)
{
    for (const char *s = in->param ? in->param : ""; *s; s++)
        sb_putc(sb, *s == '/' ? '\n' : *s);
    sb_putc(sb, '\n');
}

/*
 * Puzzle z as its profile's layout frames a case (first: the first case
 * of its file); a profile with no layout as grid rows, a blank line
 * between cases; a bare plugin as line records.
 */
static void put_case(const gen *g, const puzzle *z, int first, strbuf *sb)
{
    const rule_inst *in = z->p->in;
    uint32_t boards = in->rule.boards;
    if (!in->profile) {
        sb_printf(sb, "id=%" PRIu64 " rule=%s size=%" PRIu32 "x%" PRIu32, z->k,
                  in->name, in->rule.rows, in->rule.cols);
        for (uint32_t b = 0; b < boards; b++) {
            sb_putc(sb, ' ');
            put_token(in, &z->b[b], sb);
        }
        sb_putc(sb, '\n');
        return;
    }
    if (!g->lay && !first)
        sb_putc(sb, '\n');
    if (g->lay && g->lay->name)
        sb_printf(sb, NAME_PREFIX "%" PRIu64 "\n", z->k);
    if (g->lay && g->lay->size == SIZE_LINE_EACH)
        put_size(in, sb);
    for (uint32_t b = 0; b < boards; b++)
        put_rows(g, in, &z->b[b], sb);
    if (g->lay && g->lay->param)
        put_param(in, sb);
    if (g->lay && g->lay->blank)
        sb_putc(sb, '\n');
}

/* ---- the run ----------------------------------------------------------- */

typedef struct share {
    const gen *g;
    puzzle *z;
    size_t lo, hi;
    scratch *sc;
} share;

static void *draw_share(void *arg)
{
    share *s = arg;
    for (size_t i = s->lo; i < s->hi; i++)
        draw(s->g, &s->z[i], s->sc);
    return NULL;
}

/*
 * Draw z[0..n-1] on up to jobs threads (the caller one of them), each a
 * contiguous share; fewer where each thread would build a target table
 * and limits.memory has room for fewer at once.
 */
static void draw_batch(const gen *g, puzzle *z, size_t n, scratch *sc,
                       unsigned jobs)
{
    size_t bytes = 0;
    for (size_t i = 0; i < n; i++)
        if (z[i].p->method == M_TARGET &&
            table_build_bytes(&z[i].p->br) > bytes)
            bytes = table_build_bytes(&z[i].p->br);
    membudget *mem = rules_memory(g->rs);
    if (bytes && mem->cap && jobs > mem->cap / bytes)
        jobs = mem->cap / bytes ? (unsigned)(mem->cap / bytes) : 1;
    if (jobs > n)
        jobs = n ? (unsigned)n : 1;
    share *sh = xcalloc(jobs, sizeof *sh);
    pthread_t *t = xcalloc(jobs, sizeof *t);
    for (unsigned j = 0; j < jobs; j++)
        sh[j] = (share){g, z, n * j / jobs, n * (j + 1) / jobs, &sc[j]};
    for (unsigned j = 1; j < jobs; j++)
        if (pthread_create(&t[j], NULL, draw_share, &sh[j]) != 0) {
            fprintf(stderr, PROGRAM_NAME ": cannot start a thread: %s\n",
                    strerror(errno));
            exit(EXIT_TROUBLE);
        }
    draw_share(&sh[0]);
    for (unsigned j = 1; j < jobs; j++)
        pthread_join(t[j], NULL);
    free(t);
    free(sh);
}

/* A seed from the system, for a run without --seed. */
static uint64_t fresh_seed(void)
{
    uint64_t s;
    if (getentropy(&s, sizeof s) == 0)
        return s;
    return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

/* The options that make no sense together; 0, or -1 with err. */
static int check_options(const generate_opts *o, int nfiles, char *err,
                         size_t cap)
{
    if (!o->have_count)
        fmt(err, cap,
            "--seed, --distance, --impossible and --spaced go "
            "with --generate N");
    else if (o->distance && o->impossible)
        fmt(err, cap, "--distance and --impossible exclude each other");
    else if (nfiles > 0)
        fmt(err, cap, "--generate reads no input files (%d given)", nfiles);
    else
        return 0;
    return -1;
}

/* The value the profile (or else the plugin) gives the layout's
   parameter, or NULL. */
static const char *own_pattern(const rule_inst *in)
{
    const cfg_profile *p = in->profile;
    for (size_t i = 0; i < p->nparams; i++)
        if (strcmp(p->params[i].key, p->layout.param) == 0)
            return p->params[i].value;
    for (const gridbfs_param_doc *d = in->plugin->ops->params; d && d->key; d++)
        if (strcmp(d->key, p->layout.param) == 0)
            return d->default_value;
    return NULL;
}

/* Set g up for the instance -r and -s chose; 0, or -1 with err. */
static int gen_setup(gen *g, char *err, size_t cap)
{
    const cfg_profile *prof = g->base->profile;
    char shown[TEXT_QUOTE_BUF];
    if (prof && config_layout_on(&prof->layout))
        g->lay = &prof->layout;
    if (g->lay && g->lay->param && !(g->pattern = own_pattern(g->base))) {
        fmt(err, cap,
            "--generate: rule '%s' reads each case's '%s' from its layout, "
            "and has no value of it to write",
            text_quote(shown, sizeof shown, g->base->name), g->lay->param);
        return -1;
    }
    if (!g->pattern) {
        plan *p = plan_of(g, g->base);
        if (!plan_can(g, p)) {
            plan_refusal(g, p, err, cap);
            return -1;
        }
    }
    return 0;
}

/* Write text as one file of its own, the per-case name of puzzle k. */
static int write_file(const per_case *pc, uint64_t k, const strbuf *text,
                      char *err, size_t cap)
{
    char name[2 * PATH_BYTES + 24];
    per_case_name(pc, k, name, sizeof name);
    outfile *f = outfile_open(name, 0, err, cap);
    if (!f)
        return -1;
    fwrite(text->p, 1, text->len, outfile_stream(f));
    return outfile_close(f, 1, err, cap);
}

/* Draw and write puzzles k0..k0+n-1 (z has room for n); 0, or -1 with
   err.  Into sb, or with pc->on, one file each. */
static int batch(gen *g, uint64_t k0, size_t n, puzzle *z, scratch *sc,
                 unsigned jobs, const per_case *pc, strbuf *sb, char *err,
                 size_t cap)
{
    for (size_t i = 0; i < n; i++) { /* on this thread: rules_choose() */
        z[i] = (puzzle){.k = k0 + i};
        rng_seed(&z[i].r, g->seed, z[i].k);
        z[i].p = draw_plan(g, &z[i].r);
        if (!plan_can(g, z[i].p)) {
            plan_refusal(g, z[i].p, err, cap);
            return -1;
        }
    }
    draw_batch(g, z, n, sc, jobs);
    for (size_t i = 0; i < n; i++) {
        if (z[i].failed) {
            draw_refusal(g, &z[i], err, cap);
            return -1;
        }
        if (!pc->on) {
            put_case(g, &z[i], z[i].k == 1, sb);
            continue;
        }
        sb->len = 0;
        put_head(g, 1, sb);
        put_case(g, &z[i], 1, sb);
        put_tail(g, sb);
        if (write_file(pc, z[i].k, sb, err, cap))
            return -1;
    }
    return 0;
}

int generate_main(const generate_opts *o, rules *rs, const char *output,
                  int nfiles, unsigned jobs, char *err, size_t cap)
{
    gen g = {.o = o, .rs = rs};
    per_case pc;
    strbuf sb = {0};
    outfile *out = NULL;
    int status = EXIT_TROUBLE;
    jobs = jobs ? jobs : 1;
    scratch *sc = xcalloc(jobs, sizeof *sc);
    size_t room = (size_t)BATCH * jobs;
    puzzle *z = xcalloc(room, sizeof *z);

    err[0] = '\0';
    if (check_options(o, nfiles, err, cap) ||
        per_case_parse(output, &pc, err, cap))
        goto out;
    g.base = rules_choose(rs, NULL, NULL, 0, 0, NULL);
    g.seed = o->have_seed ? o->seed : fresh_seed();
    if (gen_setup(&g, err, cap))
        goto out;
    if (!pc.on && !(out = outfile_open(output, 0, err, cap)))
        goto out;
    for (unsigned j = 0; j < jobs; j++)
        sc[j].b = bfs_new();
    if (!pc.on)
        put_head(&g, o->count, &sb);
    for (uint64_t k = 1; k <= o->count; k += room) {
        size_t n = o->count - k + 1 < room ? (size_t)(o->count - k + 1) : room;
        if (batch(&g, k, n, z, sc, jobs, &pc, &sb, err, cap))
            goto out;
        if (!pc.on) {
            fwrite(sb.p, 1, sb.len, outfile_stream(out));
            sb.len = 0;
        }
    }
    if (!pc.on) {
        put_tail(&g, &sb);
        fwrite(sb.p, 1, sb.len, outfile_stream(out));
    }
    status = 0;
out:
    if (out) {
        char later[RULES_MSG_MAX]; /* the first message is kept */
        if (outfile_close(out, status == 0, status ? later : err,
                          status ? sizeof later : cap))
            status = EXIT_TROUBLE;
    }
    for (unsigned j = 0; j < jobs; j++)
        bfs_free(sc[j].b);
    for (size_t i = 0; i < g.nplans; i++)
        plan_free(g.plans[i]);
    free(g.plans);
    free(sc);
    free(z);
    sb_free(&sb);
    return status;
}
