/*
 * sample.c - see sample.h.  The methods, by what the rule offers at its
 * size (README, "Generating puzzles"):
 *
 *   table   states are numbered as space.h numbers them (an ABI 1 rule's
 *           are its boards, a DENSE rule's its keys, another's every
 *           board of its alphabet); each distance is counted by blocks
 *           of those numbers, so a draw is a rank, a binary search of the
 *           block counts and a scan of one block.
 *   target  the target drawn first, uniform; its own table, one a draw,
 *           built and freed by the drawing thread (sample_target.c).
 *   walk    the distance's number of distinct moves (any moves, when the
 *           rule has fewer) from a goal: for XOR rules a random press set
 *           of that size; kept when solve_record() gives that distance.
 *   solve   random boards (a target with the start's number of ones),
 *           kept when solve_record() gives the distance asked for.
 *
 * Every board is a gridbfs_grid of the rule's shape, of K symbols; a key
 * becomes a board by the plugin's board(), a board a key by its key()
 * (rule_key()), never by taking one for the other.
 */
#include "sample.h"
#include "sample_impl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bfs.h"
#include "replay.h"
#include "solve.h"
#include "space.h"
#include "table.h"
#include "text.h"

/* The longest walk: the distances past it on 64 cells are only rules'
   whose searches would not end (XOR rules have at most 64, swaps 448). */
#define WALK_MAX GRIDBFS_MAX_MOVES
/* The presses a walk shuffles to draw distinct ones (a move times the
   presses that undo it): past this many, it draws any. */
#define WALK_SLOTS (1u << 20)
/* Tries a puzzle past 64 cells, where each is an exact solver's answer
   on a big board (a tenth of a second at 32x32). */
#define SAMPLE_BIG_TRIES 64

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

static uint32_t slot(const sample_plan *p, uint32_t d)
{
    return d == TABLE_UNREACHED ? p->maxd + 1 : d;
}

/* The end of block b of p's states (the last takes what is left). */
static uint64_t block_end(const sample_plan *p, uint32_t b)
{
    uint64_t per = p->states / p->nblocks;
    return b + 1 == p->nblocks ? p->states : (b + 1) * per;
}

/* Count p's table by distance, and by block for each distance: about
   the square root of the states a block (2^(cells/2) blocks of 2^cells
   states). */
static void count_table(sample_plan *p)
{
    uint32_t log = 0;
    while (log < 63 && (uint64_t)1 << (log + 1) <= p->states)
        log++;
    p->nblocks = (uint32_t)1 << log / 2;
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
        for (uint64_t s = b * per; s < block_end(p, b); s++)
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
    int v1 = p->in->plugin->v1 != NULL;
    /* a two-symbol board past a key's 64 bits is said in cells, as ABI
       1's always were */
    uint32_t kb = r->key_bits ? r->key_bits : p->k == 2 ? p->cells : 0;
    if (!fixed && r->boards != 2)
        fmt(p->why, sizeof p->why,
            "its goals are neither fixed (GRIDBFS_FIXED_GOAL) nor a target "
            "board, so it has no distance table");
    else if (!p->br.reversible)
        fmt(p->why, sizeof p->why,
            v1 ? "its moves are not their own inverses (no "
                 "GRIDBFS_INVOLUTIVE), so it has no distance table"
               : "its moves are not reversible (no GRIDBFS2_REVERSIBLE), so "
                 "it has no distance table");
    else if (!kb)
        fmt(p->why, sizeof p->why,
            "its states have no key (key_bits 0), so it has no distance "
            "table");
    else if (kb > TABLE_MAX_CELLS && kb == p->cells)
        fmt(p->why, sizeof p->why,
            "its %" PRIu32 " cells are more than the %d a distance table "
            "indexes",
            p->cells, TABLE_MAX_CELLS);
    else if (kb > TABLE_MAX_CELLS)
        fmt(p->why, sizeof p->why,
            "its keys of %" PRIu32 " bits are more than the %d bits a "
            "distance table indexes",
            kb, TABLE_MAX_CELLS);
    else if (!p->spaced)
        fmt(p->why, sizeof p->why, "it has no distance table: %s",
            p->space_why);
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

/* The bytes p's table takes with what else it keeps: the distance of
   each state by its number, where that is not its key. */
static size_t table_bytes(const sample_plan *p)
{
    return table_build_bytes(&p->br) + (p->sp.by_board ? p->sp.n : 0);
}

/* Refuse p where the tables' share mem has not the bytes of its table
   (or a thread's target table): the method never depends on
   limits.memory, so that a seed's bytes do not either. */
static int refuse_memory(sample_plan *p, membudget *mem)
{
    size_t bytes = table_bytes(p);
    if (budget_has(mem, bytes))
        return 0;
    fmt(p->why, sizeof p->why,
        "its distance table needs %zu bytes while built, over what the "
        "tables' share (%zu) of limits.memory has left",
        bytes, mem->cap);
    p->refused = 1;
    return -1;
}

/* The board of key k into g. */
static void key_board(const sample_plan *p, uint64_t k, gridbfs_grid *g)
{
    const rule_inst *in = p->in;
    if (in->rule.flags & GRIDBFS2_KEY_IS_BOARD) {
        g->w[0] = k; /* the board's one word, by the flag: no call */
        return;
    }
    in->plugin->ops->board(in->rule.inst, k, g);
}

/* The distance of state number i in the table dist (of tstates keys),
   its key found through scratch: unreached past the table, where only a
   plugin that breaks its contract puts a key. */
uint8_t sample_dist_of(const sample_plan *p, const uint8_t *dist,
                       uint64_t tstates, uint64_t i, gridbfs_grid *scratch)
{
    uint64_t k = space_key(&p->sp, i, scratch);
    return k < tstates ? dist[k] : TABLE_UNREACHED;
}

/* p's table's distances by state number, where a number is not a key
   (every board of the alphabet: space.h): 0, or -1 when mem has not
   their bytes. */
static int own_distances(sample_plan *p, membudget *mem)
{
    uint64_t tstates;
    const uint8_t *dist = table_distances(p->t, &tstates);
    p->states = p->sp.n;
    if (!p->sp.by_board) {
        p->dist = dist;
        return 0;
    }
    if (budget_take(mem, p->sp.n))
        return -1;
    uint64_t *w = xcalloc(p->in->words, sizeof *w);
    gridbfs_grid g = rule_grid(p->in, w);
    p->own = xmalloc(p->sp.n);
    p->own_mem = mem;
    for (uint64_t i = 0; i < p->sp.n; i++)
        p->own[i] = sample_dist_of(p, dist, tstates, i, &g);
    free(w);
    p->dist = p->own;
    return 0;
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
    p->bound = r->flags & GRIDBFS2_LINEAR ? r->moves * p->reps : UINT32_MAX;
    int tab = table_why(p, fixed) == 0;
    if (tab && refuse_memory(p, mem))
        return;
    if (tab && fixed &&
        (p->t = table_build(&p->br, p->goals, p->ngoals, p->in->table_budget,
                            mem))) {
        if (own_distances(p, mem)) {
            fmt(p->why, sizeof p->why,
                "its distance table needs %zu bytes while built, over what "
                "the tables' share (%zu) of limits.memory has left",
                table_bytes(p), mem->cap);
            p->refused = 1;
            return;
        }
        p->method = M_TABLE;
        count_table(p);
        p->known = 1;
    } else if (tab && !fixed) {
        p->method = M_TARGET;
        if (p->ask.distance)
            sample_scan(p);
    } else if ((fixed || r->boards == 2) &&
               (r->key_bits ||
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
    if (p->own)
        budget_give(p->own_mem, p->sp.n);
    free(p->own);
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
    else if (p->reps == 1)
        fmt(most, sizeof most,
            "a shortest answer makes each of its %" PRIu32
            " moves at most once",
            p->bound);
    else
        fmt(most, sizeof most,
            "a shortest answer makes each of its %" PRIu32
            " moves at most %" PRIu32 " times",
            p->in->rule.moves, p->reps);
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

/* sc grown for p: room for its moves, presses (up to WALK_SLOTS) and
   cells, and its boards, and no less than ABI 1's GRIDBFS_MAX_MOVES. */
static void scratch_fit(sample_scratch *sc, const sample_plan *p)
{
    size_t need = GRIDBFS_MAX_MOVES, moves = p->in->rule.moves;
    size_t slots = moves * p->reps;
    if (slots > WALK_SLOTS)
        slots = WALK_SLOTS;
    if (moves > need)
        need = moves;
    if (slots > need)
        need = slots;
    if (p->cells > need)
        need = p->cells;
    if (need > sc->room) {
        sc->room = need;
        sc->next = xreallocarray(sc->next, need, sizeof *sc->next);
        sc->ids = xreallocarray(sc->ids, need, sizeof *sc->ids);
        sc->step_ids = xreallocarray(sc->step_ids, need, sizeof *sc->step_ids);
        sc->step_keys =
            xreallocarray(sc->step_keys, need, sizeof *sc->step_keys);
    }
    if (p->in->words > sc->words) {
        sc->words = p->in->words;
        sc->board = xreallocarray(sc->board, 2 * sc->words, sizeof *sc->board);
    }
    memset(sc->board, 0, 2 * sc->words * sizeof *sc->board);
}

/* A random state of p into g: a random key where its states are numbered
   by key and are fewer than its boards (DENSE), else a board of random
   cells, uniform among the boards of its alphabet (a word of random bits
   where K is a power of two, as for ABI 1's two symbols). */
void sample_random_board(const sample_plan *p, sample_rng *r, gridbfs_grid *g)
{
    const rule_inst *in = p->in;
    size_t bits = (size_t)p->cells * in->bits;
    if (p->draw_keys) {
        key_board(p, sample_below(r, p->sp.n), g);
        return;
    }
    for (size_t w = 0; w < in->words; w++)
        g->w[w] = 0;
    if (p->k == 1u << in->bits) {
        for (size_t w = 0; w * 64 < bits; w++)
            g->w[w] =
                rng_next(r) &
                (bits - w * 64 >= 64 ? ~0ull : (1ull << (bits - w * 64)) - 1);
        return;
    }
    for (uint32_t c = 0; c < p->cells; c++)
        gridbfs_grid_set(g, c, (unsigned)sample_below(r, p->k));
}

/* The cells of a two-symbol board g that are 1. */
static uint32_t ones(const gridbfs_grid *g)
{
    uint32_t n = 0;
    for (size_t w = 0; w < gridbfs_grid_words(g->rows, g->cols, g->bits); w++)
        n += (uint32_t)__builtin_popcountll(g->w[w]);
    return n;
}

/* A two-symbol board of cells with k ones into g, uniform among them
   (the first k of a random shuffle of the cells). */
static void board_with(sample_rng *r, uint32_t cells, uint32_t k, uint32_t *ids,
                       gridbfs_grid *g)
{
    for (size_t w = 0; w < gridbfs_grid_words(g->rows, g->cols, g->bits); w++)
        g->w[w] = 0;
    for (uint32_t i = 0; i < cells; i++)
        ids[i] = (uint32_t)i;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t j = i + (uint32_t)sample_below(r, cells - i), c = ids[j];
        ids[j] = ids[i];
        g->w[c / 64] |= 1ull << (c % 64);
    }
}

/* A target for start: uniform among the boards with as many of each
   symbol (for two, as many ones); a random state where states are drawn
   by key. */
static void target_like(const sample_plan *p, sample_rng *r,
                        const gridbfs_grid *start, gridbfs_grid *target,
                        sample_scratch *sc)
{
    if (p->draw_keys) {
        sample_random_board(p, r, target);
        return;
    }
    if (p->k == 2) {
        board_with(r, p->cells, ones(start), sc->ids, target);
        return;
    }
    for (uint32_t c = 0; c < p->cells; c++)
        sc->ids[c] = gridbfs_grid_get(start, c);
    for (uint32_t i = 0; i < p->cells; i++) {
        uint32_t j = i + (uint32_t)sample_below(r, p->cells - i),
                 v = sc->ids[j];
        sc->ids[j] = sc->ids[i];
        gridbfs_grid_set(target, i, v);
    }
}

/* The distance the solver gives boards, UINT32_MAX when impossible,
   MEASURE_LIMIT when its search stopped at a limit, or MEASURE_NONE when
   it gives none otherwise (a plugin fault, said when the puzzle is
   answered). */
#define MEASURE_LIMIT (UINT32_MAX - 1)
#define MEASURE_NONE (UINT32_MAX - 2)
static uint32_t measure(const sample_plan *p, const gridbfs_grid *g,
                        sample_scratch *sc)
{
    solve_result res = solve_record(p->in, g, sc->b, sc->msg);
    if (res.status == ST_IMPOSSIBLE)
        return UINT32_MAX;
    if (res.status == ST_LIMIT)
        return MEASURE_LIMIT;
    if (res.status != ST_SOLVED || res.moves >= MEASURE_NONE)
        return MEASURE_NONE;
    return (uint32_t)res.moves;
}

/* Random boards for the solve method: for a distance, a target with the
   start's number of each symbol; for --impossible, any target. */
static void random_puzzle(const sample_plan *p, sample_rng *r, gridbfs_grid *g,
                          sample_scratch *sc)
{
    sample_random_board(p, r, &g[0]);
    if (p->in->rule.boards < 2)
        return;
    if (p->ask.impossible)
        sample_random_board(p, r, &g[1]);
    else
        target_like(p, r, &g[0], &g[1], sc);
}

/* The i-th of d presses of a walk: distinct while d is at most the rule's
   slots (a partial shuffle of sc->ids, set to 0..slots-1 before the
   first), else any: any too past WALK_SLOTS, where sc has no room to
   shuffle them. */
static uint32_t walk_move(sample_rng *r, sample_scratch *sc, uint32_t i,
                          uint32_t d, uint32_t slots)
{
    if (d > slots || slots > sc->room)
        return (uint32_t)sample_below(r, slots);
    uint32_t j = i + (uint32_t)sample_below(r, slots - i);
    uint32_t m = sc->ids[j];
    sc->ids[j] = sc->ids[i];
    sc->ids[i] = (uint32_t)m;
    return m;
}

/* g[0] moved to the goal the exact solver's answer to it leads to; 0, or
   -1 when it has no answer. */
static int to_goal(const rule_inst *in, gridbfs_grid *g, sample_scratch *sc)
{
    gridbfs_error err = {sc->msg, sizeof sc->msg, -1};
    size_t len = 0;
    if (in->plugin->ops->solve(in->rule.inst, g, sc->ids, sc->room, &len,
                               &err) != GRIDBFS_SOLVED)
        return -1;
    for (size_t i = 0; i < len; i++)
        if (replay_move(in, &g[0], sc->ids[i], &g[0]))
            return -1;
    return 0;
}

/* Where a state has no key (an ABI 1 rule past 64 cells), where goals()
   takes no board: the goal is the target of a two-board rule, else where
   the exact solver's answer to a random board leads, or to the empty
   board when the random one has none (where the moves span few boards,
   as Lights Out's do at 23x23, few have one); then d presses from it,
   replayed through the plugin (apply()), each a move made p->reps times
   (what undoes one).  0, or -1 when neither has an answer. */
static int big_walk(const sample_plan *p, uint32_t d, sample_rng *r,
                    gridbfs_grid *g, sample_scratch *sc)
{
    const rule_inst *in = p->in;
    uint32_t moves = in->rule.moves, slots = moves * p->reps;
    random_puzzle(p, r, g, sc);
    if (in->rule.boards == 2) {
        grid_copy(&g[0], &g[1]);
    } else if (to_goal(in, g, sc)) {
        for (size_t w = 0; w < in->words; w++)
            g[0].w[w] = 0;
        if (to_goal(in, g, sc))
            return -1;
    }
    for (uint32_t i = 0; i < slots && i < sc->room; i++)
        sc->ids[i] = (uint32_t)i;
    for (uint32_t i = 0; i < d && moves; i++) {
        uint32_t m = walk_move(r, sc, i, d, slots) / p->reps;
        for (uint32_t k = 0; k < p->reps; k++)
            if (replay_move(in, &g[0], m, &g[0]) < 0) /* 1: stays */
                return -1;
    }
    return 0;
}

/* One step of a walk on a reversible rule that is not linear, from
   state: a move that applies and does not undo *last, the one before
   (any that applies where none is left), uniform among them; *last
   becomes it.  A walk of sliding tiles then goes back on itself far less
   often than one of any moves, so that its length is often the
   distance. */
static uint64_t onward(const sample_plan *p, sample_rng *r, sample_scratch *sc,
                       uint64_t state, uint32_t *last)
{
    const rule_inst *in = p->in;
    uint32_t n = 0, back = *last == UINT32_MAX
                               ? UINT32_MAX
                               : in->plugin->ops->inverse(in->rule.inst, *last);
    bfs_expand_all(&p->br, state, sc->step_ids, sc->step_keys, sc->next);
    for (int any = 0; any < 2 && n == 0; any++)
        for (uint32_t m = 0; m < in->rule.moves; m++)
            if (sc->next[m] != state && (any || m != back))
                sc->ids[n++] = m;
    if (n == 0)
        return state;
    *last = sc->ids[sample_below(r, n)];
    return sc->next[*last];
}

/* From a goal (a random target's, for a two-board rule), d distinct
   presses in a random order (any d when the rule has fewer; for a
   reversible rule that is not linear, onward() steps), each a move made
   p->reps times: a move of a linear rule of K symbols that is not
   reversible is undone by K - 1 of it. */
static int walk(const sample_plan *p, uint32_t d, sample_rng *r,
                gridbfs_grid *g, sample_scratch *sc)
{
    uint64_t goals[GRIDBFS_MAX_GOALS], state;
    const gridbfs_plugin2 *ops = p->in->plugin->ops;
    const void *inst = p->in->rule.inst;
    uint32_t moves = p->in->rule.moves, n = p->ngoals;
    uint32_t slots = moves * p->reps;
    if (!p->in->rule.key_bits)
        return big_walk(p, d, r, g, sc);
    if (p->in->rule.boards == 2) {
        sample_random_board(p, r, &g[1]);
        grid_copy(&g[0], &g[1]); /* start = target: its goals */
        n = ops->goals(inst, g, goals, GRIDBFS_MAX_GOALS);
        n = n > GRIDBFS_MAX_GOALS ? 0 : n;
    } else {
        memcpy(goals, p->goals, sizeof goals);
    }
    state = n ? goals[sample_below(r, n)] : 0;
    if (d > slots && (p->in->rule.flags & GRIDBFS2_REVERSIBLE) &&
        !(p->in->rule.flags & GRIDBFS2_LINEAR)) {
        uint32_t last = UINT32_MAX;
        for (uint32_t i = 0; i < d; i++)
            state = onward(p, r, sc, state, &last);
        key_board(p, state, &g[0]);
        return 0;
    }
    for (uint32_t i = 0; i < slots && i < sc->room; i++)
        sc->ids[i] = (uint32_t)i;
    for (uint32_t i = 0; i < d && moves; i++) {
        uint32_t m = walk_move(r, sc, i, d, slots) / p->reps;
        for (uint32_t k = 0; k < p->reps; k++) {
            bfs_expand_all(&p->br, state, sc->step_ids, sc->step_keys,
                           sc->next);
            state = sc->next[m];
        }
    }
    key_board(p, state, &g[0]);
    return 0;
}

/* Tries a puzzle of the walk and solve methods. */
static int tries_of(const sample_plan *p)
{
    return p->in->rule.key_bits ? SAMPLE_TRIES : SAMPLE_BIG_TRIES;
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
                   gridbfs_grid *g, uint32_t *d)
{
    int imp = p->ask.impossible;
    switch (p->method) {
    case M_TABLE:
        space_board(&p->sp, table_rank(p, *d, sample_below(r, p->count[*d])),
                    &g[0]);
        if (p->in->rule.boards == 2)
            sample_random_board(p, r, &g[1]);
        return 0;
    case M_TARGET: return sample_from_target(p, *d, r, g, sc);
    case M_WALK:
    case M_SOLVE:
        if (!imp && p->method == M_WALK && *d > WALK_MAX)
            return -1; /* no walk is that long: a search would not end */
        for (int i = 0; i < tries_of(p); i++) {
            if (imp || p->method == M_SOLVE)
                random_puzzle(p, r, g, sc);
            else if (walk(p, *d, r, g, sc))
                continue;
            uint32_t got = measure(p, g, sc);
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
                gridbfs_grid boards[2], uint32_t *d)
{
    *d = 0;
    scratch_fit(sc, p);
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
    p->k = (uint32_t)strlen(r->symbols);
    p->reps = r->flags & GRIDBFS2_LINEAR && !p->br.reversible ? p->k - 1 : 1;
    if (r->key_bits)
        p->spaced = !space_init(&p->sp, in, p->space_why, sizeof p->space_why);
    else
        fmt(p->space_why, sizeof p->space_why, "its states have no key");
    p->draw_keys = p->spaced && !p->sp.v1 && !p->sp.by_board;
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
    free(sc->next);
    free(sc->ids);
    free(sc->step_ids);
    free(sc->step_keys);
    free(sc->board);
    free(sc);
}
