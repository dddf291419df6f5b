/*
 * sample_target.c - the target method of sample.c: for a rule whose goal
 * is a second board (a swap's target), a uniform target, its own table
 * (one a draw, built and freed by the drawing thread), and a start uniform
 * among the states at the distance from it; and the scan of the targets
 * that finds such a rule's largest distance on small boards.  States are
 * their numbers (space.h): a board becomes a number by space_number(), a
 * number a board by space_board(), and a key is looked up by its number
 * through the plugin's key().
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sample_impl.h"
#include "util.h"

/* The scan for a target rule's largest distance: boards of at most
   SCAN_MAX_CELLS (4x4 takes some 300 tables, 1.5 s; 4x5 would take
   minutes), and at most SCAN_MAX_STEPS steps (a move tried from a state
   reached, or a state of a table cleared or read). */
#define SCAN_MAX_CELLS 18
#define SCAN_MAX_STEPS 3e8

/* Target number t's table in *t (built again in its own memory, or first
   built), its largest finite distance into *ecc; the distances (of
   *tstates keys), or NULL when the plugin gave no goals or the build
   failed (*t freed).  g is room for the puzzle (target, target). */
static const uint8_t *target_table(const sample_plan *p, uint64_t target,
                                   table **t, uint32_t *ecc, gridbfs_grid *g,
                                   uint64_t *tstates)
{
    uint64_t goals[GRIDBFS_MAX_GOALS];
    space_board(&p->sp, target, &g[0]);
    grid_copy(&g[1], &g[0]); /* a puzzle the goals are asked of */
    uint32_t n = p->in->plugin->ops->goals(p->in->rule.inst, g, goals,
                                           GRIDBFS_MAX_GOALS);
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
    const uint8_t *dist = table_distances(*t, tstates);
    *ecc = 0;
    for (uint64_t s = 0; s < *tstates; s++)
        if (dist[s] != TABLE_UNREACHED && dist[s] > *ecc)
            *ecc = dist[s];
    return dist;
}

/* One target of the scan, number u: its table, its largest distance a
   witness; then every board it reaches is at most that far plus its
   distance from the target from any start (the triangle inequality, for
   goals that are the target itself).  0, or -1 with p->why. */
static int scan_one(sample_plan *p, uint64_t u, table **t, uint8_t *ub,
                    double *steps, gridbfs_grid *g)
{
    uint32_t ecc, reached = 0;
    uint64_t goal, states = p->sp.n, tstates;
    space_board(&p->sp, u, &g[0]);
    grid_copy(&g[1], &g[0]);
    if (p->in->plugin->ops->goals(p->in->rule.inst, g, &goal, 1) != 1 ||
        goal != space_key(&p->sp, u, &g[0])) {
        fmt(p->why, sizeof p->why,
            "its goals are not the target board alone, so its largest "
            "distance is not found by a scan of its targets");
        return -1;
    }
    const uint8_t *dist = target_table(p, u, t, &ecc, g, &tstates);
    if (!dist) {
        fmt(p->why, sizeof p->why, "a target's table could not be built");
        return -1;
    }
    for (uint64_t s = 0; s < states; s++) {
        uint8_t d = sample_dist_of(p, dist, tstates, s, &g[0]);
        if (d == TABLE_UNREACHED)
            continue;
        reached++;
        uint32_t far = d + ecc;
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
 * SCAN_MAX_CELLS (in states: 2^SCAN_MAX_CELLS) and SCAN_MAX_STEPS; past
 * them p->known stays 0, p->why saying so.
 */
void sample_scan(sample_plan *p)
{
    uint64_t states = p->sp.n;
    double steps = 0;
    if (states > (uint64_t)1 << SCAN_MAX_CELLS) {
        if (p->k == 2)
            fmt(p->why, sizeof p->why,
                "its %" PRIu32 " cells are more than the %d of a scan of "
                "its targets for it",
                p->cells, SCAN_MAX_CELLS);
        else
            fmt(p->why, sizeof p->why,
                "its %" PRIu64 " states are more than the 2^%d of a scan "
                "of its targets for it",
                states, SCAN_MAX_CELLS);
        return;
    }
    uint8_t *ub = xmalloc(states);
    uint64_t *w = xcalloc(2 * p->in->words, sizeof *w);
    gridbfs_grid g[2] = {rule_grid(p->in, w),
                         rule_grid(p->in, w + p->in->words)};
    table *t = NULL;
    memset(ub, TABLE_UNREACHED, states);
    for (uint64_t u = 0; u < states; u++) {
        if (ub[u] <= p->maxd)
            continue;
        if (scan_one(p, u, &t, ub, &steps, g))
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
    free(w);
}

/* sc's two boards, of p's shape. */
static gridbfs_grid *scratch_grids(const sample_plan *p, sample_scratch *sc,
                                   gridbfs_grid *g)
{
    g[0] = rule_grid(p->in, sc->board);
    g[1] = rule_grid(p->in, sc->board + sc->words);
    return g;
}

/* A start uniform among the states at distance d (TABLE_UNREACHED: none)
   in a target's table dist (of tstates keys), its number into *start; 0,
   or -1 when it has none.  scratch is a board for the keys. */
static int start_at(const sample_plan *p, const uint8_t *dist, uint64_t tstates,
                    uint32_t d, sample_rng *r, uint64_t *start,
                    gridbfs_grid *scratch)
{
    uint64_t states = p->sp.n, at = 0;
    for (uint64_t s = 0; s < states; s++)
        at += sample_dist_of(p, dist, tstates, s, scratch) == d;
    if (!at)
        return -1;
    uint64_t k = sample_below(r, at), s = 0;
    for (;; s++)
        if (sample_dist_of(p, dist, tstates, s, scratch) == d && k-- == 0)
            break;
    *start = s;
    return 0;
}

/*
 * A start at distance d (TABLE_UNREACHED: none) from a target, into g:
 * a uniform target first; while its table is short of d, a start at its
 * largest distance becomes the next target (whose largest is then at
 * least as far), and a fresh one when that gains nothing; past the tries,
 * a target of the scan that reaches d.  0, or -1 when none did.  States
 * are their numbers (space.h) here.
 */
int sample_from_target(const sample_plan *p, uint32_t d, sample_rng *r,
                       gridbfs_grid *g, sample_scratch *sc)
{
    uint32_t ecc = 0, had = 0;
    uint64_t target = 0, start, tstates;
    int climb = 0, imp = d == TABLE_UNREACHED;
    gridbfs_grid t[2];
    scratch_grids(p, sc, t);
    for (int i = 0; i < SAMPLE_TARGET_TRIES; i++) {
        if (!climb) {
            sample_random_board(p, r, &g[1]);
            target = space_number(&p->sp, &g[1]);
        }
        had = climb ? ecc : 0;
        const uint8_t *dist =
            target_table(p, target, &sc->t, &ecc, t, &tstates);
        if (!dist) {
            climb = 0;
            continue;
        }
        space_board(&p->sp, target, &g[1]);
        if (start_at(p, dist, tstates, d, r, &start, &t[0]) == 0) {
            space_board(&p->sp, start, &g[0]);
            return 0;
        }
        climb = !imp && (!climb || ecc > had) &&
                start_at(p, dist, tstates, ecc, r, &target, &t[0]) == 0;
    }
    uint32_t far = 0; /* the scan's targets that reach d */
    for (uint32_t w = 0; !imp && w < p->nwit; w++)
        far += p->ecc[w] >= d;
    for (uint32_t w = 0, k = far ? (uint32_t)sample_below(r, far) : 0;
         far && w < p->nwit; w++) {
        if (p->ecc[w] < d || k-- != 0)
            continue;
        const uint8_t *dist =
            target_table(p, p->wit[w], &sc->t, &ecc, t, &tstates);
        space_board(&p->sp, p->wit[w], &g[1]);
        if (!dist || start_at(p, dist, tstates, d, r, &start, &t[0]))
            return -1;
        space_board(&p->sp, start, &g[0]);
        return 0;
    }
    return -1;
}
