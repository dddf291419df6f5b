/*
 * census.c - the figures of gridbfs --census (see census.h).
 *
 * Nothing here knows a rule: what a method needs it learns from the
 * plugin's flags, goals() and expand(), and every shortcut it takes (a
 * symmetry of the board) is checked against expand() and goals() first,
 * on every board it is used for.  Boards and keys are told apart: a pair
 * census and the masks work on boards (two symbols, one word), tables on
 * keys, and one is made of the other by the plugin's key() and board()
 * (key_of(), board_of(); an ABI 1 rule's key is its board).
 */
#include "census.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "space.h"
#include "table.h"
#include "text.h"
#include "thread.h"

#define MSG_MAX 512
/* The most work a pair census takes on, in steps: a step is a move tried
   from a state reached, or CENSUS_CLEARED states of a table cleared for
   its next target; a few nanoseconds each, so at most about half a
   minute a thread, ten seconds on a board of 5x5. */
#define CENSUS_MAX_STEPS 1e10
#define CENSUS_CLEARED 8
/* Symmetries of a board: 8 of the square (4 of a rectangle), each with
   complement or without. */
#define CENSUS_SYMMETRIES 16
/* Symmetries of a rule whose moves change the number of ones are checked
   on every board, up to boards of this many cells. */
#define CENSUS_CHECK_ALL 20
/* Boards a plugin's GRIDBFS_XOR_MOVES is spot-checked on. */
#define XOR_CHECKS 64

/* A symmetry: cell k goes to cell to[k], then the board is XORed with
   flip (every cell, or none). */
typedef struct xform {
    uint8_t to[GRIDBFS_SEARCH_CELLS];
    uint64_t flip;
} xform;

/* What every method shares: the rule as the engine sees it, scratch. */
typedef struct census_ctx {
    const census_options *o;
    const rule_inst *in;
    bfs_rule br;
    uint32_t cells;
    uint64_t full; /* every cell set */
    uint64_t next[GRIDBFS_MAX_MOVES], other[GRIDBFS_MAX_MOVES];
    uint32_t ids[GRIDBFS_MAX_MOVES]; /* bfs_expand_all()'s room */
    uint64_t keys[GRIDBFS_MAX_MOVES];
    xform g[CENSUS_SYMMETRIES];
    uint32_t ng;
} census_ctx;

/* One message line on stderr, "gridbfs: --census: ...", made printable. */
__attribute__((format(printf, 1, 2))) static void say(const char *format, ...)
{
    char line[MSG_MAX], shown[MSG_MAX];
    va_list ap;
    va_start(ap, format);
    vsnprintf(line, sizeof line, format, ap);
    va_end(ap);
    fflush(stdout);
    fprintf(stderr, PROGRAM_NAME ": --census: %s\n",
            text_quote(shown, sizeof shown, line));
}

/* Whether x's keys are its boards' words (GRIDBFS2_KEY_IS_BOARD, as
   every ABI 1 rule's with keys): nothing to convert, and no call. */
static int keys_are_boards(const census_ctx *x)
{
    return (x->in->rule.flags & GRIDBFS2_KEY_IS_BOARD) != 0;
}

/* The key of the two-symbol board s (of one word). */
static uint64_t key_of(const census_ctx *x, uint64_t s)
{
    if (keys_are_boards(x))
        return s;
    uint64_t w = s;
    gridbfs_grid g = rule_grid(x->in, &w);
    return rule_key(x->in, &g);
}

/* The two-symbol board (of one word) of the key k. */
static uint64_t board_of(const census_ctx *x, uint64_t k)
{
    if (keys_are_boards(x))
        return k;
    uint64_t w = 0;
    gridbfs_grid g = rule_grid(x->in, &w);
    x->in->plugin->ops->board(x->in->rule.inst, k, &g);
    return w;
}

/* The boards every move makes of board s, into out (s where a move does
   not apply), through the keys. */
static void expand_boards(census_ctx *x, uint64_t s, uint64_t *out)
{
    bfs_expand_all(&x->br, key_of(x, s), x->ids, x->keys, out);
    if (!keys_are_boards(x))
        for (uint32_t m = 0; m < x->br.moves; m++)
            out[m] = board_of(x, out[m]);
}

static uint32_t ones_of(uint64_t s)
{
    return (uint32_t)__builtin_popcountll(s);
}

/* The first board with k ones (k < 64): the lowest k cells. */
static uint64_t first_board(uint32_t k)
{
    return ((uint64_t)1 << k) - 1;
}

/* The next board of cells with as many ones as *s, in increasing order
   (Gosper's hack); 0 after the last.  cells < 64. */
static int next_board(uint64_t *s, uint32_t cells)
{
    uint64_t v = *s;
    if (v == 0)
        return 0;
    uint64_t low = v & -v, up = v + low;
    uint64_t n = (((up ^ v) >> 2) / low) | up;
    if (n >> cells)
        return 0;
    *s = n;
    return 1;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* n choose k, exactly, for n <= 64 (every such value fits): each step
   C(m, i) = C(m - 1, i - 1) * m / i divides first, so nothing overflows. */
static uint64_t choose(uint32_t n, uint32_t k)
{
    uint64_t c = 1;
    for (uint32_t i = 1; i <= k; i++) {
        uint64_t g = gcd(c, i);
        c = c / g * ((n - k + i) / (i / g));
    }
    return c;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t xform_apply(const xform *g, uint64_t s, uint32_t cells)
{
    uint64_t out = 0;
    for (uint32_t k = 0; k < cells; k++)
        out |= (s >> k & 1) << g->to[k];
    return out ^ g->flip;
}

/*
 * The candidate symmetries of an R x C board into x->g: the square's 8
 * (a rectangle's 4), and with complement each of them again when
 * complement is set; duplicates (a board of one row) left out.
 */
static void candidates(census_ctx *x, uint32_t rows, uint32_t cols,
                       int complement)
{
    uint32_t geo = rows == cols ? 8 : 4;
    x->ng = 0;
    for (uint32_t f = 0; f <= (complement ? 1u : 0u); f++)
        for (uint32_t t = 0; t < geo; t++) {
            xform *g = &x->g[x->ng];
            for (uint32_t r = 0; r < rows; r++)
                for (uint32_t c = 0; c < cols; c++) {
                    uint32_t rr = t & 2 ? rows - 1 - r : r;
                    uint32_t cc = t & 1 ? cols - 1 - c : c;
                    uint32_t to = t & 4 ? cc * cols + rr : rr * cols + cc;
                    g->to[r * cols + c] = (uint8_t)to;
                }
            g->flip = f ? x->full : 0;
            uint32_t k = 0;
            while (k < x->ng && memcmp(&x->g[k], g, sizeof *g) != 0)
                k++;
            if (k == x->ng)
                x->ng++;
        }
}

/*
 * The goal states of the pair (target, target), sorted, into out; or -1
 * when the plugin broke its contract (solve_goals(), the check solving
 * makes), said when say_it.
 */
static int target_goals(const census_ctx *x, uint64_t target, uint64_t *out,
                        int say_it)
{
    char why[RULES_MSG_MAX];
    uint64_t w[2] = {target, target}; /* a board of at most 64 cells */
    gridbfs_grid b[2] = {rule_grid(x->in, &w[0]), rule_grid(x->in, &w[1])};
    int n = solve_goals(x->in, b, out, why);
    if (n < 0) {
        if (say_it)
            say("rule '%s': %s", x->in->name, why);
        return -1;
    }
    qsort(out, (size_t)n, sizeof *out, cmp_u64);
    return n;
}

/* The fixed goal states into out, as target_goals() (always said). */
static int fixed_goals(const census_ctx *x, uint64_t *out)
{
    char why[RULES_MSG_MAX];
    int n = solve_goals(x->in, NULL, out, why);
    if (n < 0)
        say("rule '%s': %s", x->in->name, why);
    return n;
}

/* Whether every move from every board with k ones leads to one with k
   ones: then a search from such a target stays among them. */
static int closed(census_ctx *x, uint32_t k)
{
    uint64_t s = first_board(k);
    do {
        expand_boards(x, s, x->next);
        for (uint32_t m = 0; m < x->br.moves; m++)
            if (ones_of(x->next[m]) != k)
                return 0;
    } while (next_board(&s, x->cells));
    return 1;
}

/* Whether the moves from g(s) lead to the images of the moves from s,
   as sets. */
static int moves_commute(census_ctx *x, const xform *g, uint64_t s)
{
    uint32_t moves = x->br.moves;
    expand_boards(x, s, x->next);
    expand_boards(x, xform_apply(g, s, x->cells), x->other);
    for (uint32_t m = 0; m < moves; m++)
        x->next[m] = xform_apply(g, x->next[m], x->cells);
    qsort(x->next, moves, sizeof *x->next, cmp_u64);
    qsort(x->other, moves, sizeof *x->other, cmp_u64);
    return memcmp(x->next, x->other, moves * sizeof *x->next) == 0;
}

/* Whether the goals of target g(t) are the images of those of t. */
static int goals_commute(const census_ctx *x, const xform *g, uint64_t t)
{
    uint64_t ga[GRIDBFS_MAX_GOALS], gb[GRIDBFS_MAX_GOALS];
    int na = target_goals(x, t, ga, 0);
    int nb = target_goals(x, xform_apply(g, t, x->cells), gb, 0);
    if (na < 0 || nb < 0) /* orbits() says so */
        return 0;
    for (int i = 0; i < na; i++)
        ga[i] = xform_apply(g, board_of(x, ga[i]), x->cells);
    for (int i = 0; i < nb; i++)
        gb[i] = board_of(x, gb[i]);
    qsort(ga, (size_t)na, sizeof *ga, cmp_u64);
    qsort(gb, (size_t)nb, sizeof *gb, cmp_u64);
    return na == nb && memcmp(ga, gb, (size_t)na * sizeof *ga) == 0;
}

/*
 * Whether g is a symmetry of the rule for the targets with k ones: the
 * moves commute with g on every board a search from them can reach (the
 * boards with k ones when shut, else every board), and so do the goals
 * of those targets.  Then the pair (g(s), g(t)) is as far apart as
 * (s, t).
 */
static int exact(census_ctx *x, const xform *g, uint32_t k, int shut)
{
    uint64_t s = shut ? first_board(k) : 0, all = (uint64_t)1 << x->cells;
    do
        if (!moves_commute(x, g, s))
            return 0;
    while (shut ? next_board(&s, x->cells) : ++s < all);
    s = first_board(k);
    do
        if (!goals_commute(x, g, s))
            return 0;
    while (next_board(&s, x->cells));
    return 1;
}

/* Keep in x->g the candidates that are symmetries for the targets with k
   ones (the identity always is); when a move can leave the boards with k
   ones, only on boards small enough to check every board.  Returns
   whether the boards with k ones are closed under the moves. */
static int keep_exact(census_ctx *x, uint32_t k)
{
    uint32_t kept = 1; /* the identity comes first */
    int shut = closed(x, k);
    if (shut || x->cells <= CENSUS_CHECK_ALL)
        for (uint32_t i = 1; i < x->ng; i++)
            if (exact(x, &x->g[i], k, shut))
                x->g[kept++] = x->g[i];
    x->ng = kept;
    return shut;
}

/*
 * Whether t is the least board of its orbit under x->g, and if so, into
 * *weight, the orbit's size: the targets whose row of the census is t's.
 */
static int representative(const census_ctx *x, uint64_t t, uint64_t *weight)
{
    uint64_t seen[CENSUS_SYMMETRIES];
    uint32_t n = 0;
    for (uint32_t i = 0; i < x->ng; i++) {
        uint64_t u = xform_apply(&x->g[i], t, x->cells);
        if (u < t)
            return 0;
        uint32_t j = 0;
        while (j < n && seen[j] != u)
            j++;
        if (j == n)
            seen[n++] = u;
    }
    *weight = n;
    return 1;
}

/* Count a distance d (TABLE_UNREACHED: none) of weight w into r, keeping
   the first (start, target) at the largest distance met. */
static void tally(census_result *r, uint8_t d, uint64_t w, uint64_t start,
                  uint64_t target)
{
    if (d == TABLE_UNREACHED) {
        r->impossible.m += w;
        return;
    }
    r->solvable.m += w;
    r->hist[d] += w;
    if (!r->histogram || d > r->max) {
        r->histogram = 1;
        r->max = d;
        r->example = start;
        r->target = target;
    }
}

/* The mean and at_max from the histogram. */
static void finish(census_result *r)
{
    double sum = 0, count = 0;
    for (uint32_t d = 0; d < CENSUS_DISTANCES; d++) {
        sum += (double)d * (double)r->hist[d];
        count += (double)r->hist[d];
    }
    r->mean = count ? sum / count : 0;
    r->at_max = r->histogram ? r->hist[r->max] : 0;
    r->histogram = 1; /* known, if empty: no board is solvable */
}

/* Why a table of the rule cannot be built, into why; or 0 when it can. */
static int table_why(const census_ctx *x, char *why, size_t cap)
{
    const config *cfg = x->o->cfg;
    uint32_t kb = x->br.key_bits;
    /* a key that is the board: 2^cells states (ABI 1, two symbols) */
    const char *unit = kb == x->cells ? "states" : "keys";
    const char *of = kb == x->cells ? "cells" : "bits of a key";
    space sp;
    char sp_why[MSG_MAX];
    if (!kb) {
        fmt(why, cap, "its states have no key (key_bits 0), so no table");
        return -1;
    }
    if (!x->br.reversible) {
        fmt(why, cap,
            "its moves are not marked GRIDBFS2_REVERSIBLE, so no table");
        return -1;
    }
    if (kb > TABLE_MAX_CELLS) {
        fmt(why, cap,
            "a table of 2^%" PRIu32 " %s is past the %d %s a table "
            "indexes",
            kb, unit, TABLE_MAX_CELLS, of);
        return -1;
    }
    if (space_init(&sp, x->in, sp_why, sizeof sp_why)) {
        fmt(why, cap, "no table: %s", sp_why);
        return -1;
    }
    size_t bytes = table_build_bytes(&x->br);
    if (!table_fits(&x->br, cfg->table_memory))
        fmt(why, cap,
            "a table of 2^%" PRIu32 " %s needs %zu bytes while built, "
            "over limits.table_memory (%zu)",
            kb, unit, bytes, cfg->table_memory);
    else if (!budget_has(rules_tables(x->o->rules), bytes))
        fmt(why, cap,
            "a table of 2^%" PRIu32 " %s needs %zu bytes while built, "
            "over the tables' share (%zu) of limits.memory (%zu)",
            kb, unit, bytes, rules_tables(x->o->rules)->cap,
            (size_t)cfg->memory);
    else
        return 0;
    return -1;
}

/* Why a table of the rule cannot be built, said; or 0 when it can. */
static int no_table(const census_ctx *x, const char *what)
{
    char why[MSG_MAX];
    if (!table_why(x, why, sizeof why))
        return 0;
    say("%s: %s", what, why);
    return -1;
}

/* A table from goals, or NULL after saying why not; *t's own memory
   again when t holds one (then freed on failure). */
static table *build(const census_ctx *x, const uint64_t *goals, uint32_t n,
                    table *t)
{
    if (t && table_rebuild(t, goals, n)) {
        table_free(t);
        t = NULL;
    } else if (!t) {
        t = table_build(&x->br, goals, n, x->o->cfg->table_memory,
                        rules_tables(x->o->rules));
    }
    if (!t)
        say("rule '%s': the table could not be built (a distance over %d, "
            "or plugin '%s' broke its contract: a search of one puzzle says "
            "how)",
            x->in->name, CENSUS_DISTANCES - 1, x->in->plugin->name);
    return t;
}

/* The census of a fixed goal set: one table over every state (of the
   space: space.h), the example the first state at the largest distance. */
static int by_table(census_ctx *x, census_result *r)
{
    uint64_t goals[GRIDBFS_MAX_GOALS], states, w[CENSUS_WORDS];
    gridbfs_grid g = rule_grid(x->in, w);
    char why[MSG_MAX];
    space sp;
    int n = fixed_goals(x, goals);
    if (n < 0 || space_init(&sp, x->in, why, sizeof why)) /* table_why() */
        return EXIT_TROUBLE;
    table *t = build(x, goals, (uint32_t)n, NULL);
    if (!t)
        return EXIT_TROUBLE;
    const uint8_t *dist = table_distances(t, &states);
    int status = EXIT_ANSWERED;
    r->method = CENSUS_TABLE;
    r->total.m = sp.n;
    for (uint64_t i = 0; i < sp.n; i++) {
        uint64_t k = space_key(&sp, i, &g);
        if (k >= states) {
            say("rule '%s': plugin '%s' broke its contract: key() gave a key "
                "past its key_bits",
                x->in->name, x->in->plugin->name);
            status = EXIT_TROUBLE;
            break;
        }
        tally(r, dist[k], 1, i, 0);
    }
    finish(r);
    g.w = r->start_w;
    if (r->solvable.m)
        space_board(&sp, r->example, &g);
    table_free(t);
    return status;
}

/* The work of a pair census in steps (CENSUS_MAX_STEPS): each orbit of
   targets clears a table and tries every move from each state reached,
   at most reach of them. */
static double pair_steps(const census_ctx *x, double orbits, double reach)
{
    double clear = (double)((uint64_t)1 << x->br.key_bits) / CENSUS_CLEARED;
    return orbits * (clear + reach * x->br.moves);
}

/* Refuse a pair census of orbits searches past CENSUS_MAX_STEPS, saying
   so; else 0. */
static int too_big(const census_ctx *x, const census_result *r, double orbits,
                   double reach)
{
    double steps = pair_steps(x, orbits, reach);
    if (steps <= CENSUS_MAX_STEPS)
        return 0;
    say("rule '%s' at %" PRIu32 "x%" PRIu32 " with %" PRIu32 " %s: %" PRIu64
        " targets (%.0f up to symmetry) of 2^%" PRIu32
        " %s each need about %.2g steps, over the census limit of %.0g",
        x->in->name, r->rows, r->cols, r->ones, r->ones == 1 ? "one" : "ones",
        r->boards, orbits, x->br.key_bits,
        x->br.key_bits == x->cells ? "states" : "keys", steps,
        CENSUS_MAX_STEPS);
    return 1;
}

/* One target's row of the pair census, weight times over, into r, by the
   table *t (built, or built again in its memory). */
static int pair_row(const census_ctx *x, census_result *r, uint64_t target,
                    uint64_t weight, table **t)
{
    uint64_t goals[GRIDBFS_MAX_GOALS], states;
    int n = target_goals(x, target, goals, 1);
    if (n < 0 || !(*t = build(x, goals, (uint32_t)n, *t)))
        return -1;
    const uint8_t *dist = table_distances(*t, &states);
    uint64_t s = first_board(r->ones);
    do {
        uint64_t k = key_of(x, s);
        if (k >= states) {
            say("rule '%s': plugin '%s' broke its contract: key() gave a key "
                "past its key_bits",
                x->in->name, x->in->plugin->name);
            return -1;
        }
        tally(r, dist[k], weight, s, target);
    } while (next_board(&s, x->cells));
    return 0;
}

/* The targets to search, one an orbit, and the size of each orbit. */
typedef struct pair_work {
    const census_ctx *x;
    uint64_t *target, *weight;
    size_t n;
    atomic_size_t next, done; /* the next to take; how many are finished */
    atomic_int failed;
    progress *pg; /* updated by the first thread only */
} pair_work;

/* One thread's share: its own figures, and the index of the target of
   its example (the least at its largest distance). */
typedef struct pair_part {
    pair_work *w;
    census_result r;
    size_t first;
    int lead; /* the calling thread: it shows progress */
    pthread_t tid;
} pair_part;

/* Take targets in order until none is left; a thread's body. */
static void *pair_worker(void *arg)
{
    pair_part *p = arg;
    pair_work *w = p->w;
    table *t = NULL;
    size_t i;
    while (!atomic_load(&w->failed) &&
           (i = atomic_fetch_add(&w->next, 1)) < w->n) {
        int had = p->r.histogram;
        uint32_t max = p->r.max;
        if (pair_row(w->x, &p->r, w->target[i], w->weight[i], &t)) {
            atomic_store(&w->failed, 1);
            break;
        }
        if (!had || p->r.max != max)
            p->first = i;
        size_t done = atomic_fetch_add(&w->done, 1) + 1;
        if (p->lead)
            progress_update(w->pg, done, done);
    }
    table_free(t);
    return NULL;
}

/* The parts' figures summed into r; the example is the least target's at
   the largest distance, whichever thread found it. */
static void pair_merge(census_result *r, const pair_part *part, uint32_t n)
{
    const pair_part *best = NULL;
    for (uint32_t k = 0; k < n; k++) {
        const census_result *q = &part[k].r;
        r->solvable.m += q->solvable.m;
        r->impossible.m += q->impossible.m;
        for (uint32_t d = 0; d < CENSUS_DISTANCES; d++)
            r->hist[d] += q->hist[d];
        if (q->histogram &&
            (!best || q->max > best->r.max ||
             (q->max == best->r.max && part[k].first < best->first)))
            best = &part[k];
    }
    if (best) {
        r->histogram = 1;
        r->max = best->r.max;
        r->example = best->r.example;
        r->target = best->r.target;
    }
}

/*
 * Search every target of w on threads threads (the calling one too) and
 * sum their figures into r.  Each thread holds one table at a time, so
 * there are no more threads than the tables' share of limits.memory has
 * tables for.
 */
static int pair_search(const census_ctx *x, census_result *r, pair_work *w,
                       unsigned threads)
{
    size_t bytes = table_build_bytes(&x->br);
    membudget *mem = rules_memory(x->o->rules);
    if (threads > w->n)
        threads = w->n ? (unsigned)w->n : 1;
    unsigned paid = thread_reserve(mem, threads - 1);
    threads = paid + 1;
    while (threads > 1 &&
           !budget_has(rules_tables(x->o->rules), threads * bytes))
        threads--;
    thread_release(mem, paid - (threads - 1)); /* the stacks not needed */
    paid = threads - 1;
    pair_part *part = xcalloc(threads, sizeof *part);
    for (unsigned k = 0; k < threads; k++) {
        part[k].w = w;
        part[k].r.ones = r->ones;
        part[k].lead = k == 0;
    }
    unsigned started = 1;
    for (; started < threads; started++)
        if (thread_start(&part[started].tid, pair_worker, &part[started]))
            break; /* fewer threads: the others take their share */
    pair_worker(&part[0]);
    for (unsigned k = 1; k < started; k++)
        pthread_join(part[k].tid, NULL);
    thread_release(mem, paid);
    pair_merge(r, part, started);
    free(part);
    return atomic_load(&w->failed) ? -1 : 0;
}

/* The least target of each orbit of x->g among the boards with k ones,
   and the orbit's size, into w; or -1, said, when the plugin broke its
   contract on the goals of one of them (each is checked here, once, on
   this thread, before the searches). */
static int orbits(const census_ctx *x, uint32_t k, pair_work *w)
{
    uint64_t t = first_board(k), weight, goals[GRIDBFS_MAX_GOALS];
    size_t cap = 0;
    do {
        if (target_goals(x, t, goals, 1) < 0)
            return -1;
        if (!representative(x, t, &weight))
            continue;
        if (w->n == cap) {
            cap = cap ? 2 * cap : 64;
            w->target = xreallocarray(w->target, cap, sizeof *w->target);
            w->weight = xreallocarray(w->weight, cap, sizeof *w->weight);
        }
        w->target[w->n] = t;
        w->weight[w->n++] = weight;
    } while (next_board(&t, x->cells));
    return 0;
}

/*
 * The census of the ordered pairs (start, target) of boards with r->ones
 * ones: a table from every target, one target of each orbit of the
 * board's symmetries (each checked on these boards first).
 */
static int by_pairs(census_ctx *x, census_result *r)
{
    char what[MSG_MAX];
    fmt(what, sizeof what, "rule '%s' at %" PRIu32 "x%" PRIu32, x->in->name,
        r->rows, r->cols);
    if (no_table(x, what))
        return EXIT_TROUBLE;
    r->method = CENSUS_PAIRS;
    r->boards = choose(x->cells, r->ones);
    r->total.m = r->boards * r->boards;
    candidates(x, r->rows, r->cols, 2 * r->ones == x->cells);
    /* with every symmetry and no state but these: the least it can be */
    if (too_big(x, r, (double)r->boards / x->ng, (double)r->boards))
        return EXIT_TROUBLE;
    int shut = keep_exact(x, r->ones);
    r->symmetries = x->ng;
    for (uint32_t i = 0; i < x->ng; i++)
        r->complement |= x->g[i].flip != 0;
    pair_work w = {.x = x};
    int status = EXIT_TROUBLE;
    if (orbits(x, r->ones, &w) < 0)
        goto out;
    r->orbits = w.n;
    if (too_big(x, r, (double)w.n,
                shut ? (double)r->boards : (double)(1u << x->cells)))
        goto out;
    w.pg = progress_new(x->o->progress, w.n);
    progress_name(w.pg, "target", "targets");
    if (pair_search(x, r, &w, x->o->jobs) == 0)
        status = EXIT_ANSWERED;
    progress_free(w.pg);
    finish(r);
    r->start_w[0] = r->example; /* two symbols: a board is one word */
    r->target_w[0] = r->target;
out:
    free(w.target);
    free(w.weight);
    return status;
}

/* An XOR basis of the masks: v[b], with top bit b (or 0), is the XOR of
   the masks of the moves in by[b] (of the first 64 moves). */
typedef struct xbasis {
    uint64_t v[64], by[64];
} xbasis;

/* Insert v, made by the moves by; returns 1 when v was independent. */
static int basis_add(xbasis *xb, uint64_t v, uint64_t by)
{
    for (int b = 63; b >= 0 && v; b--) {
        if (!(v >> b & 1))
            continue;
        if (!xb->v[b]) {
            xb->v[b] = v;
            xb->by[b] = by;
            return 1;
        }
        v ^= xb->v[b];
        by ^= xb->by[b];
    }
    return 0;
}

/* v reduced by the basis, the same for two vectors of one coset; *by the
   moves whose masks were taken off (v itself when it reduces to 0). */
static uint64_t basis_reduce(const xbasis *xb, uint64_t v, uint64_t *by)
{
    *by = 0;
    for (int b = 63; b >= 0; b--)
        if (v >> b & 1 && xb->v[b]) {
            v ^= xb->v[b];
            *by ^= xb->by[b];
        }
    return v;
}

/* The masks of the moves (the boards they make of the empty one), into
   mask; -1 after saying so when the plugin's GRIDBFS_XOR_MOVES (ABI 2's
   GRIDBFS2_LINEAR, of two symbols) is refuted on a spot check: by
   expand(), or by apply() for an ABI 2 plugin. */
static int xor_masks(census_ctx *x, uint64_t *mask)
{
    uint64_t zero = 0, to = 0; /* boards of at most 64 cells */
    gridbfs_grid empty = rule_grid(x->in, &zero), out = rule_grid(x->in, &to);
    int v1 = x->in->plugin->v1 != NULL;
    for (uint32_t m = 0; m < x->br.moves; m++) {
        if (replay_move(x->in, &empty, m, &out) < 0) /* 1: a zero mask */
            goto broken;
        mask[m] = to;
    }
    uint64_t s = 0x9E3779B97F4A7C15u; /* any boards: a fixed sequence */
    for (int i = 0; i < XOR_CHECKS; i++) {
        s = s * 6364136223846793005u + 1442695040888963407u;
        uint64_t board = x->cells < 64 ? s >> (64 - x->cells) : s;
        uint64_t from = board;
        gridbfs_grid b = rule_grid(x->in, &from);
        if (v1)
            bfs_expand_all(&x->br, board, x->ids, x->keys, x->next);
        for (uint32_t m = 0; m < x->br.moves; m++) {
            if (!v1 && replay_move(x->in, &b, m, &out) < 0)
                goto broken;
            if ((v1 ? x->next[m] : to) != (board ^ mask[m]))
                goto broken;
        }
    }
    return 0;
broken:
    if (v1)
        say("rule '%s': plugin '%s' broke its contract: it says every move "
            "XORs a fixed mask (GRIDBFS_XOR_MOVES), and expand() does not",
            x->in->name, x->in->plugin->name);
    else
        say("rule '%s': plugin '%s' broke its contract: it says every move "
            "adds a fixed vector (GRIDBFS2_LINEAR), and apply() does not",
            x->in->name, x->in->plugin->name);
    return -1;
}

/* The board the moves in set make from goal. */
static uint64_t pressed(const uint64_t *mask, uint64_t set, uint64_t goal)
{
    for (; set; set &= set - 1)
        goal ^= mask[__builtin_ctzll(set)];
    return goal;
}

/*
 * The histogram of one coset of a nullity-0 rule (n moves, every board of
 * the coset made from goal g by exactly one set X of moves), when the
 * coset holds the goals g and, when y is not 0, g ^ (the masks of y): a
 * board's distance is |X|, or min(|X|, |X ^ y|).  X splits into a moves
 * of y and b others.  Into r, with the coset's first board at its
 * largest distance when that is larger than r's.
 */
static void coset_hist(census_result *r, const uint64_t *mask, uint32_t n,
                       uint64_t g, uint64_t y)
{
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    uint32_t t = ones_of(y);
    for (uint32_t a = 0; a <= t; a++)
        for (uint32_t b = 0; b <= n - t; b++) {
            uint32_t d = b + (a < t - a ? a : t - a);
            uint64_t k = choose(t, a) * choose(n - t, b);
            r->hist[d] += k;
        }
    uint64_t x = all & ~y, half = y; /* the other moves, half of y's */
    for (uint32_t i = 0; i < t - t / 2; i++)
        half &= half - 1;
    uint32_t max = n - t + t / 2;
    if (!r->histogram || max > r->max) {
        r->histogram = 1;
        r->max = max;
        r->example = pressed(mask, x | half, g);
    }
}

/*
 * The exact histogram of an XOR rule whose masks are independent (nullity
 * 0, so at most 64 moves), when no coset holds more than two goals: -1
 * when it cannot be had so.
 */
static int linear_hist(census_result *r, const xbasis *xb, const uint64_t *mask,
                       uint32_t n, const uint64_t *goals)
{
    uint64_t red[GRIDBFS_MAX_GOALS], by;
    if (r->nullity)
        return -1;
    for (uint32_t i = 0; i < r->goals; i++)
        red[i] = basis_reduce(xb, goals[i], &by);
    census_result h = *r;
    for (uint32_t i = 0; i < r->goals; i++) {
        uint32_t first = 0, same = 0, with = 0;
        while (red[first] != red[i])
            first++;
        for (uint32_t j = 0; j < r->goals; j++)
            if (red[j] == red[i] && goals[j] != goals[i] && same++ == 0)
                with = j;
        if (first != i) /* the coset is counted at its first goal */
            continue;
        if (same > 1)
            return -1;
        basis_reduce(xb, goals[i] ^ goals[with], &by);
        coset_hist(&h, mask, n, goals[i], same ? by : 0);
    }
    *r = h;
    finish(r);
    return 0;
}

/*
 * The census of a fixed goal set of XOR moves where no table fits: the
 * solvable states are the goals' cosets of the span of the masks, 2^rank
 * each; the histogram from binomials when the masks are independent,
 * else not computed.
 */
static int by_linear(census_ctx *x, census_result *r)
{
    uint64_t *mask = xcalloc(x->br.moves, sizeof *mask), by;
    uint64_t goals[GRIDBFS_MAX_GOALS], seen[GRIDBFS_MAX_GOALS];
    xbasis xb;
    int status = EXIT_TROUBLE;
    memset(&xb, 0, sizeof xb);
    if (xor_masks(x, mask))
        goto out;
    r->method = CENSUS_LINEAR;
    for (uint32_t m = 0; m < x->br.moves; m++)
        r->rank +=
            (uint32_t)basis_add(&xb, mask[m], m < 64 ? (uint64_t)1 << m : 0);
    r->nullity = x->br.moves - r->rank;
    int n = fixed_goals(x, goals);
    if (n < 0)
        goto out;
    r->goals = (uint32_t)n;
    for (uint32_t i = 0; i < r->goals; i++)
        goals[i] = board_of(x, goals[i]); /* the masks are boards' */
    for (uint32_t i = 0; i < r->goals; i++) {
        uint64_t v = basis_reduce(&xb, goals[i], &by);
        uint32_t j = 0;
        while (j < r->cosets && seen[j] != v)
            j++;
        if (j == r->cosets)
            seen[r->cosets++] = v;
    }
    uint32_t free_cells = x->cells - r->rank; /* 2^free cosets in all */
    r->total = (census_count){.m = 1, .e = x->cells};
    r->solvable = (census_count){.m = r->cosets, .e = r->rank};
    r->impossible = (census_count){
        .m = (free_cells == 64 ? 0 : (uint64_t)1 << free_cells) - r->cosets,
        .e = r->rank};
    status = EXIT_ANSWERED;
    if (linear_hist(r, &xb, mask, x->br.moves, goals) == 0) {
        r->start_w[0] = r->example;
        goto out;
    }
    char why[MSG_MAX];
    table_why(x, why, sizeof why);
    fmt(r->why, sizeof r->why,
        "not computed (%s; the moves' masks have a null space of %" PRIu32
        " dimensions)",
        why, r->nullity);
    status = EXIT_RECORDS;
    say("rule '%s' at %" PRIu32 "x%" PRIu32 ": the distance histogram is %s",
        x->in->name, r->rows, r->cols, r->why);
out:
    free(mask);
    return status;
}

/*
 * The fixed goal set as boards into g (each from rule_grid_new(), for the
 * caller to free): by the goals' keys, or where the rule has none by its
 * plugin's goal_board() (ABI 2.2), each held to is_goal(); how many, or
 * -1 said.
 */
static int goal_boards(const census_ctx *x, const char *what, gridbfs_grid *g)
{
    const rule_inst *in = x->in;
    const gridbfs_plugin2 *ops = in->plugin->ops;
    uint64_t keys[GRIDBFS_MAX_GOALS];
    int n = 0;
    if (x->br.key_bits) {
        if ((n = fixed_goals(x, keys)) < 0)
            return -1;
        for (int i = 0; i < n; i++) {
            g[i] = rule_grid_new(in);
            ops->board(in->rule.inst, keys[i], &g[i]);
        }
        return n;
    }
    if (!ops->goal_board) {
        say("%s: its states have no key (key_bits 0), and a census then "
            "asks for its goals through goal_board() (ABI 2.2), which "
            "plugin '%s' does not offer",
            what, in->plugin->name);
        return -1;
    }
    for (; n < GRIDBFS_MAX_GOALS; n++) {
        g[n] = rule_grid_new(in);
        int got = ops->goal_board(in->rule.inst, (uint32_t)n, &g[n]);
        if (got == 1 && ops->is_goal(in->rule.inst, &g[n], &g[n]) == 1)
            continue;
        grid_free(&g[n]);
        if (got == 0)
            return n;
        say("%s: plugin '%s' broke its contract: goal_board(%d) %s", what,
            in->plugin->name, n,
            got == 1 ? "is a board is_goal() says is no goal"
                     : "returned neither 0 nor 1");
        while (n-- > 0)
            grid_free(&g[n]);
        return -1;
    }
    return n;
}

/* The census of a linear rule of K symbols by its rank over Z/K
   (census_zp.c): K > 2, or any K past a key's 64 cells; notab is why it
   has no table. */
static int by_zp(census_ctx *x, census_result *r, const char *what,
                 const char *notab)
{
    gridbfs_grid goals[GRIDBFS_MAX_GOALS];
    char why[MSG_MAX];
    int n = goal_boards(x, what, goals);
    if (n < 0)
        return EXIT_TROUBLE;
    int status = census_zp(x->in, r, goals, (uint32_t)n, x->o->cfg->memory,
                           notab, why, sizeof why);
    if (status == EXIT_TROUBLE)
        say("%s: %s", what, why);
    else if (status == EXIT_RECORDS)
        say("%s: the distance histogram is %s", what, r->why);
    for (int i = 0; i < n; i++)
        grid_free(&goals[i]);
    return status;
}

/* Which method the rule takes, and its figures; an exit status. */
static int take(census_ctx *x, census_result *r, long ones)
{
    const gridbfs_rule2 *rule = &x->in->rule;
    char what[MSG_MAX];
    int fixed = (rule->flags & GRIDBFS2_FIXED_GOAL) != 0;
    fmt(what, sizeof what, "rule '%s' at %" PRIu32 "x%" PRIu32, x->in->name,
        r->rows, r->cols);
    int v1 = x->in->plugin->v1 != NULL;
    int linear = fixed && (rule->flags & GRIDBFS2_LINEAR);
    /* first: every method but Z/K's searches from the goals (README,
       "Census") */
    if (!x->br.reversible && (v1 || !linear)) {
        if (v1)
            say("%s: a census needs moves that are their own inverses", what);
        else
            say("%s: a census needs reversible moves (GRIDBFS2_REVERSIBLE), "
                "or moves that add fixed vectors (GRIDBFS2_LINEAR) to a "
                "fixed goal set",
                what);
        return EXIT_TROUBLE;
    }
    if (fixed && ones >= 0) {
        say("%s: --ones is for rules with a target board; its goals are "
            "fixed",
            what);
        return EXIT_TROUBLE;
    }
    if (!fixed && rule->boards != 2) {
        say("%s: a census needs a fixed goal set or a target board", what);
        return EXIT_TROUBLE;
    }
    if (ones > (long)x->cells) {
        say("--ones: expected 0 to %" PRIu32 " (the cells of %" PRIu32
            "x%" PRIu32 "), got %ld",
            x->cells, r->rows, r->cols, ones);
        return EXIT_TROUBLE;
    }
    char why[MSG_MAX];
    if (fixed && linear &&
        (!x->br.key_bits || x->cells > GRIDBFS_SEARCH_CELLS)) {
        table_why(x, why, sizeof why);
        return by_zp(x, r, what, why);
    }
    if (x->cells > GRIDBFS_SEARCH_CELLS) {
        say("%s: boards over %d cells are beyond a census, but for rules "
            "whose moves add fixed vectors (GRIDBFS2_LINEAR) to a fixed goal "
            "set",
            what, GRIDBFS_SEARCH_CELLS);
        return EXIT_TROUBLE;
    }
    if (!x->br.key_bits) {
        say("%s: its states have no key (key_bits 0), and a census asks for "
            "its goals by their keys",
            what);
        return EXIT_TROUBLE;
    }
    if (!fixed && r->symbols != 2) {
        say("%s: a pair census counts boards of two symbols by their ones, "
            "and this rule has %" PRIu32,
            what, r->symbols);
        return EXIT_TROUBLE;
    }
    if (!fixed) {
        r->ones = ones >= 0 ? (uint32_t)ones : x->cells / 2;
        return by_pairs(x, r);
    }
    if (!table_why(x, why, sizeof why))
        return by_table(x, r);
    if (linear && r->symbols == 2)
        return by_linear(x, r);
    if (linear)
        return by_zp(x, r, what, why);
    say("%s: %s", what, why);
    return EXIT_TROUBLE;
}

int census_run(const census_options *o)
{
    rule_inst *in = rules_choose(o->rules, NULL, NULL, 0, 0, NULL);
    census_ctx *x = xcalloc(1, sizeof *x);
    census_result *r = xcalloc(1, sizeof *r);
    x->o = o;
    x->in = in;
    r->in = in;
    r->rows = in->rule.rows;
    r->cols = in->rule.cols;
    r->cells = x->cells = r->rows * r->cols;
    x->full = x->cells >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << x->cells) - 1;
    r->symbols = (uint32_t)strlen(in->rule.symbols);
    x->br = solve_engine_rule(in);
    int status = take(x, r, o->ones);
    if (status != EXIT_TROUBLE) {
        strbuf sb = {0};
        census_write(r, o->format, &sb);
        fwrite(sb.p, 1, sb.len, o->out);
        sb_free(&sb);
    }
    free(r);
    free(x);
    return status;
}
