/*
 * flip_exact.c - unit test of flip-neighbors' exact solver, solve() and
 * judge_text(), loaded with dlopen from $GRIDBFS_PLUGIN_DIR.
 *
 * Every answer is held to the independent methods of tests/ref/flipsets.h
 * (none uses GF(2) elimination): all press subsets (every board of 3x3,
 * 4x4 and 3x5, all stencils, wrap or not, all goals), meet in the middle
 * (random 5x5 and 3x7 boards), the core's distance-table walk (which
 * path_style moves must reproduce press for press) and light chasing
 * (plus stencil without wrap, up to 32x32).  Checked each time: the count,
 * the tie-break (moves: least increasing list of presses; matrix: least
 * 0/1 matrix read row by row), the presses replayed onto the board, and
 * the judge text.  Also: refusal past max_nullity, TOO_LONG, parameters,
 * several threads on one instance.  Prints the time solve() takes on big
 * boards.  Checks, failure lines and the closing line: check.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <gridbfs/plugin.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ref/flipsets.h"

#define TEXT_MAX 16384 /* judge text: 32 lines of "0 " * 32, or 1024 moves */
#define SPEC_MAX 256
#define PARAMS_MAX 8
#define THREADS 4

static const char *const goal_names[] = {"uniform", "off", "on", "target"};
static const char *const stencils[] = {"010/111/010", "101/010/101",
                                       "111/111/111"};

#include "as_abi1.h"
#include "as_core.h"
#include "check.h"

static const gridbfs_plugin *plugin;
static uint64_t seed = 88172645463325252ull;

static uint64_t rnd(void) /* xorshift64 */
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the plugin ---- */

struct inst {
    gridbfs_rule r;
    int rc;
    char err[SPEC_MAX];
};

/* Cut spec, "key=value ...", into params (pointing into buf); how many. */
static size_t split_spec(const char *spec, char buf[SPEC_MAX],
                         gridbfs_param params[PARAMS_MAX])
{
    char *save = NULL;
    size_t n = 0;

    snprintf(buf, SPEC_MAX, "%s", spec);
    for (char *tok = strtok_r(buf, " ", &save); tok && n < PARAMS_MAX;
         tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        *eq = '\0';
        params[n++] = (gridbfs_param){tok, eq + 1};
    }
    return n;
}

/* create() from spec, which must succeed; release with drop(). */
static int make(struct inst *t, const char *spec)
{
    char buf[SPEC_MAX];
    gridbfs_param params[PARAMS_MAX];
    gridbfs_error err = {t->err, sizeof t->err, -1};
    size_t n = split_spec(spec, buf, params);

    memset(t, 0, sizeof *t);
    t->r = as_core(params, n);
    t->rc = plugin->create(params, n, &t->r, &err);
    CHECK_MSG(t->rc == 0, "'%s': create failed: %s", spec, t->err);
    return t->rc;
}

static void drop(struct inst *t)
{
    if (t->rc == 0)
        plugin->destroy(t->r.inst);
}

/* An instance of g's rule in path style; "extra" adds parameters. */
static int make_geo(struct inst *t, const struct geo *g, int style,
                    const char *extra)
{
    char spec[SPEC_MAX];

    snprintf(spec, sizeof spec,
             "size=%ux%u stencil=%s wrap=%s goal=%s cells=10 "
             "path_style=%s %s",
             g->rows, g->cols, g->stencil, g->wrap ? "true" : "false",
             goal_names[g->goal], style == MATRIX ? "matrix" : "moves", extra);
    return make(t, spec);
}

struct answer {
    int st;
    size_t len;
    uint16_t moves[MAX_CELLS];
    char err[SPEC_MAX];
};

static void solve(const struct inst *t, const gridbfs_board *b,
                  struct answer *a)
{
    gridbfs_error e = {a->err, sizeof a->err, -1};

    a->err[0] = '\0';
    a->len = 0;
    a->st = plugin->solve(t->r.inst, b, a->moves, MAX_CELLS, &a->len, &e);
}

/* A line naming the puzzle, for failure messages. */
static const char *desc(const struct geo *g, int style, const gridbfs_board *b)
{
    static char buf[SPEC_MAX];

    snprintf(buf, sizeof buf,
             "%ux%u stencil %s%s goal %s style %s board "
             "%#llx.. target %#llx..",
             g->rows, g->cols, g->stencil, g->wrap ? " wrap" : "",
             goal_names[g->goal], style == MATRIX ? "matrix" : "moves",
             (unsigned long long)b[0].w[0], (unsigned long long)b[1].w[0]);
    return buf;
}

static void to_board(uint32_t n, const uint8_t *x, gridbfs_board *b)
{
    memset(b, 0, sizeof *b);
    for (uint32_t k = 0; k < n; k++)
        b->w[k / 64] |= (uint64_t)x[k] << (k % 64);
}

/* Random cells; with presses set, the flips of random presses instead
   (so the board is solvable by construction), their number returned. */
static uint32_t random_cells(const struct geo *g, uint8_t *x, int presses)
{
    uint32_t out[9], count = 0;

    for (uint32_t k = 0; k < g->n; k++)
        x[k] = presses ? 0 : (uint8_t)(rnd() >> 40 & 1);
    for (uint32_t m = 0; presses && m < g->n; m++) {
        if (rnd() >> 40 & 1) {
            count++;
            for (uint32_t j = 0, f = flipped(g, m, out); j < f; j++)
                x[out[j]] ^= 1;
        }
    }
    return count;
}

/* The judge text of answer a matches what the style asks for. */
static void expect_text(const struct geo *g, int style, const struct inst *t,
                        const struct answer *a, const gridbfs_board *b)
{
    static char got[TEXT_MAX], want[TEXT_MAX];
    uint8_t x[MAX_CELLS];

    memset(x, 0, g->n);
    for (size_t i = 0; i < a->len; i++)
        x[a->moves[i]] = 1;
    for (int path = 0; path < 2; path++) {
        size_t len = 0;
        if (style == MATRIX) {
            for (uint32_t k = 0; k < g->n; k++) {
                want[len++] = (char)('0' + x[k]);
                want[len++] = (k + 1) % g->cols != 0 ? ' ' : '\n';
            }
            want[len] = '\0';
        } else {
            len = (size_t)snprintf(want, TEXT_MAX, "%zu\n", a->len);
            for (size_t i = 0; path && i < a->len; i++)
                len += (size_t)snprintf(want + len, TEXT_MAX - len, "%u %u\n",
                                        a->moves[i] / g->cols + 1,
                                        a->moves[i] % g->cols + 1);
        }
        int n = plugin->judge_text(t->r.inst, a->moves, a->len, path, got,
                                   sizeof got);
        CHECK_MSG(n == (int)len && strcmp(got, want) == 0,
                  "%s: judge text (path %d)\n  got  '%s'\n  want '%s'",
                  desc(g, style, b), path, n >= 0 ? got : "(-1)", want);
    }
}

/*
 * solve() on b (board and target as bytes too) gives want's answer, and
 * with text the judge text for it.  Returns the answer (static).
 */
static const struct answer *
expect_answer(const struct geo *g, int style, const struct inst *t,
              const gridbfs_board *b, const uint8_t *board,
              const uint8_t *target, const struct best *want, int text)
{
    static struct answer a;
    uint8_t x[MAX_CELLS];
    int order = 1;

    solve(t, b, &a);
    if (want->w == NONE) {
        CHECK_MSG(a.st == GRIDBFS_IMPOSSIBLE, "%s: status %d, want impossible",
                  desc(g, style, b), a.st);
        return &a;
    }
    if (a.st != GRIDBFS_SOLVED || a.len != want->w) {
        CHECK_MSG(0, "%s: status %d with %zu presses, want %u (%s)",
                  desc(g, style, b), a.st, a.len, want->w, a.err);
        return &a;
    }
    memset(x, 0, g->n);
    for (size_t i = 0; i < a.len; i++) {
        order &= a.moves[i] < g->n && (i == 0 || a.moves[i] > a.moves[i - 1]);
        x[a.moves[i] % g->n] = 1;
    }
    CHECK_MSG(order, "%s: presses not increasing", desc(g, style, b));
    CHECK_MSG(memcmp(x, want->by[style], g->n) == 0, "%s: not the least %s",
              desc(g, style, b), style == MATRIX ? "matrix" : "press list");
    CHECK_MSG(reaches(g, board, target, a.moves, a.len),
              "%s: the presses miss the goal", desc(g, style, b));
    if (text)
        expect_text(g, style, t, &a, b);
    return &a;
}

/* Every board of g (all goals but the rule's): table and descent. */
static void small_goal(const struct geo *g, const struct table *tab,
                       const uint64_t *mask)
{
    static struct best want, other;
    const struct answer *a;
    struct inst t[2];
    uint64_t full = ((uint64_t)1 << g->n) - 1;
    uint8_t board[64], target[64], *dist = NULL;
    uint16_t path[64];
    gridbfs_board b[2];

    if (make_geo(&t[MOVES], g, MOVES, "") | make_geo(&t[MATRIX], g, MATRIX, ""))
        goto out;
    if (g->goal != TARGET)
        dist = descent_table(g, mask);
    memset(b, 0, sizeof b);
    for (uint64_t s = 0; s <= full; s++) {
        uint64_t tg = g->goal == TARGET ? rnd() & full
                      : g->goal == ON   ? full
                                        : 0;
        b[0].w[0] = s;
        b[1].w[0] = g->goal == TARGET ? tg : 0;
        bytes(g->n, s, board);
        bytes(g->n, tg, target);
        table_best(tab, s ^ tg, &want);
        if (g->goal == UNIFORM) {
            table_best(tab, s ^ full, &other);
            merge(g->n, &want, &other);
        }
        /* the judge text of every 8th board (it costs a solve) */
        expect_answer(g, MATRIX, &t[MATRIX], b, board, target, &want,
                      s % 8 == 0);
        a = expect_answer(g, MOVES, &t[MOVES], b, board, target, &want,
                          s % 8 == 0);
        if (!dist)
            continue;
        size_t len = descend(dist, mask, s, path);
        CHECK_MSG(a->len == len && !memcmp(a->moves, path, len * sizeof *path),
                  "%s: not the distance table's path", desc(g, MOVES, b));
    }
out:
    free(dist);
    drop(&t[MOVES]);
    drop(&t[MATRIX]);
}

/* Every board of rows x cols, every stencil, wrap, goal and style. */
static void test_small(uint32_t rows, uint32_t cols)
{
    uint64_t mask[TABLE_CELLS];

    for (int s = 0; s < 3; s++)
        for (int wrap = 0; wrap < 2; wrap++) {
            struct geo g = {rows, cols, rows * cols, stencils[s], wrap, 0};
            struct table tab;
            table_build(&tab, &g);
            for (uint32_t m = 0; m < g.n; m++)
                mask[m] = mask64(&g, m);
            for (g.goal = UNIFORM; g.goal <= TARGET; g.goal++)
                small_goal(&g, &tab, mask);
            table_free(&tab);
        }
}

/* The best answer for g's puzzle board/target by method (0 split, 1
   chase_all, 2 chase_forms); s is the split for method 0. */
static void reference(const struct geo *g, int method, const struct split *s,
                      const uint8_t *board, const uint8_t *target,
                      struct best *want)
{
    static struct best other;
    uint8_t pat[MAX_CELLS];

    for (int goal1 = 0; goal1 < (g->goal == UNIFORM ? 2 : 1); goal1++) {
        struct best *b = goal1 ? &other : want;
        uint64_t p64 = 0;
        for (uint32_t k = 0; k < g->n; k++) {
            pat[k] = board[k] ^ (uint8_t)(g->goal == ON || goal1) ^
                     (g->goal == TARGET ? target[k] : 0);
            p64 |= (uint64_t)pat[k] << (k % 64);
        }
        b->w = NONE;
        if (method == 0)
            split_best(s, p64, b);
        else if (method == 1)
            chase_all(g, pat, b);
        else
            CHECK_MSG(chase_forms(g, pat, b) == 0, "chase: too many solutions");
    }
    if (g->goal == UNIFORM)
        merge(g->n, want, &other);
}

/*
 * count random puzzles per goal and style for g (goal ignored) against
 * method; half of them solvable by construction.
 */
static void test_random(struct geo g, int method, int count)
{
    static struct best want;
    static uint8_t board[MAX_CELLS], target[MAX_CELLS];
    struct split s = {0};
    gridbfs_board b[2];

    if (method == 0)
        split_build(&s, &g);
    for (g.goal = UNIFORM; g.goal <= TARGET; g.goal++) {
        struct inst t[2];
        if (make_geo(&t[MOVES], &g, MOVES, "") |
            make_geo(&t[MATRIX], &g, MATRIX, "")) {
            drop(&t[MOVES]);
            drop(&t[MATRIX]);
            continue;
        }
        for (int i = 0; i < count; i++) {
            random_cells(&g, board, 0);
            random_cells(&g, target, 0);
            if (i % 2) { /* solvable: random presses from the goal */
                random_cells(&g, board, 1);
                for (uint32_t j = 0; j < g.n; j++)
                    board[j] ^= g.goal == ON       ? 1
                                : g.goal == TARGET ? target[j]
                                                   : 0;
            }
            to_board(g.n, board, &b[0]);
            to_board(g.n, target, &b[1]);
            reference(&g, method, &s, board, target, &want);
            for (int style = MOVES; style <= MATRIX; style++)
                expect_answer(&g, style, &t[style], b, board, target, &want, 1);
        }
        drop(&t[MOVES]);
        drop(&t[MATRIX]);
    }
    if (method == 0)
        split_free(&s);
}

static int same_best(uint32_t n, const struct best *a, const struct best *b)
{
    return a->w == b->w &&
           (a->w == NONE || (!memcmp(a->by[MOVES], b->by[MOVES], n) &&
                             !memcmp(a->by[MATRIX], b->by[MATRIX], n)));
}

/* The references agree with each other on every pattern of 3x4. */
static void test_refs_agree(void)
{
    static struct best w[4];
    uint8_t pat[64];

    for (int s = 0; s < 3; s++) {
        struct geo g = {3, 4, 12, stencils[s], 0, OFF};
        struct table tab;
        struct split sp;
        table_build(&tab, &g);
        split_build(&sp, &g);
        for (uint64_t p = 0; p >> g.n == 0; p++) {
            table_best(&tab, p, &w[0]);
            split_best(&sp, p, &w[1]);
            CHECK_MSG(same_best(g.n, &w[0], &w[1]),
                      "references: table and "
                      "split differ, %s pattern %#llx",
                      g.stencil, (unsigned long long)p);
            if (s > 0)
                continue;
            bytes(g.n, p, pat);
            w[2].w = w[3].w = NONE;
            chase_all(&g, pat, &w[2]);
            chase_forms(&g, pat, &w[3]);
            CHECK_MSG(same_best(g.n, &w[0], &w[2]) &&
                          same_best(g.n, &w[0], &w[3]),
                      "references: table and chase differ, pattern %#llx",
                      (unsigned long long)p);
        }
        table_free(&tab);
        split_free(&sp);
    }
}

/*
 * Big boards without a second method (stencils other than plus, wrap):
 * both styles agree on the count, the presses reach the goal, and a board
 * made by k random presses takes at most k; or both refuse, saying why.
 */
static void test_big_other(void)
{
    static const uint32_t sizes[][2] = {{12, 12}, {20, 20}, {9, 31}, {32, 32}};
    static struct answer a[2];
    static uint8_t board[MAX_CELLS], target[MAX_CELLS];
    gridbfs_board b[2];

    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
        for (int c = 1; c < 6; c++) { /* stencil c / 2, wrap c % 2 */
            struct geo g = {
                sizes[z][0],     sizes[z][1], sizes[z][0] * sizes[z][1],
                stencils[c / 2], c % 2,       UNIFORM};
            for (int goal = 0; goal < 3; goal++) {
                struct inst t[2];
                g.goal = goal == 0 ? UNIFORM : goal == 1 ? OFF : TARGET;
                if (make_geo(&t[MOVES], &g, MOVES, "") |
                    make_geo(&t[MATRIX], &g, MATRIX, ""))
                    goto next;
                for (int i = 0; i < 3; i++) {
                    uint32_t bound = NONE;
                    random_cells(&g, board, 0);
                    random_cells(&g, target, 0);
                    if (i)
                        bound = random_cells(&g, board, 1);
                    for (uint32_t j = 0; i && g.goal == TARGET && j < g.n; j++)
                        board[j] ^= target[j];
                    to_board(g.n, board, &b[0]);
                    to_board(g.n, target, &b[1]);
                    solve(&t[MOVES], b, &a[MOVES]);
                    solve(&t[MATRIX], b, &a[MATRIX]);
                    CHECK_MSG(a[0].st == a[1].st && a[0].len == a[1].len,
                              "%s: the styles disagree", desc(&g, MOVES, b));
                    if (a[0].st == GRIDBFS_REFUSED) {
                        CHECK_MSG(
                            !strncmp(a[0].err, "null space of dimension ", 24),
                            "%s: refused: '%s'", desc(&g, MOVES, b), a[0].err);
                        continue;
                    }
                    CHECK_MSG(!i || a[0].st == GRIDBFS_SOLVED, "%s: status %d",
                              desc(&g, MOVES, b), a[0].st);
                    for (int st = MOVES; st <= MATRIX; st++)
                        CHECK_MSG(a[st].st != GRIDBFS_SOLVED ||
                                      (a[st].len <= bound &&
                                       reaches(&g, board, target, a[st].moves,
                                               a[st].len)),
                                  "%s: %zu presses, made with %u, or they miss "
                                  "the goal",
                                  desc(&g, st, b), a[st].len, bound);
                }
            next:
                drop(&t[MOVES]);
                drop(&t[MATRIX]);
            }
        }
}

/* create() with spec must fail on parameter at with message want. */
static void expect_refused(const char *spec, long at, const char *want)
{
    char buf[SPEC_MAX], text[SPEC_MAX];
    gridbfs_param params[PARAMS_MAX];
    gridbfs_error err = {text, sizeof text, -1};
    size_t n = split_spec(spec, buf, params);
    gridbfs_rule r = as_core(params, n);

    text[0] = '\0';
    int rc = plugin->create(params, n, &r, &err);
    if (rc == 0)
        plugin->destroy(r.inst);
    CHECK_MSG(rc == -1 && err.param == at && strcmp(text, want) == 0,
              "'%s': rc %d param %ld '%s', want param %ld '%s'", spec, rc,
              err.param, text, at, want);
}

static void test_params(void)
{
    static const char *const ok[] = {
        "path_style=moves", "path_style=matrix", "max_nullity=0",
        "max_nullity=32",   "max_nullity=007",   "size=32x32 max_nullity=5",
    };
    struct inst t;

    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        make(&t, ok[i]);
        drop(&t);
    }
    expect_refused("size=4x4 path_style=Matrix", 1,
                   "path_style: expected moves or matrix, got 'Matrix'");
    expect_refused("path_style=", 0,
                   "path_style: expected moves or matrix, got ''");
    expect_refused("max_nullity=33", 0,
                   "max_nullity: expected a whole number 0..32, got '33'");
    expect_refused("goal=off max_nullity=-1", 1,
                   "max_nullity: expected a whole number 0..32, got '-1'");
    expect_refused("max_nullity=", 0,
                   "max_nullity: expected a whole number 0..32, got ''");
    expect_refused("max_nullity=2x", 0,
                   "max_nullity: expected a whole number 0..32, got '2x'");
    expect_refused("max_nullity=99999999999999999999", 0,
                   "max_nullity: expected a whole number 0..32, "
                   "got '99999999999999999999'");
    expect_refused("path_stile=moves", 0,
                   "unknown parameter 'path_stile' (did you mean "
                   "'path_style'?)");
    expect_refused("max_nulity=3", 0,
                   "unknown parameter 'max_nulity' "
                   "(did you mean 'max_nullity'?)");
}

/* A board from a picture, rows joined by '/', '1' for a set cell. */
static void pic(const char *s, gridbfs_board *b)
{
    uint32_t k = 0;

    memset(b, 0, sizeof *b);
    for (; *s; s++)
        if (*s != '/')
            b->w[k / 64] |= (uint64_t)(*s == '1') << (k % 64), k++;
}

/* solve() on spec's rule and picture: status st, len presses, the first
   of them first (when len > 0); the error text err (or "" when none). */
static void expect_solve(const char *spec, const char *board, int st,
                         size_t len, unsigned first, const char *err)
{
    static struct answer a;
    struct inst t;
    gridbfs_board b[2];

    if (make(&t, spec) != 0)
        return;
    pic(board, &b[0]);
    pic(board, &b[1]);
    solve(&t, b, &a);
    CHECK_MSG(a.st == st && (st == GRIDBFS_IMPOSSIBLE || a.len == len) &&
                  (st != GRIDBFS_SOLVED || len == 0 || a.moves[0] == first) &&
                  strcmp(a.err, err) == 0,
              "'%s' %s: status %d, %zu presses, first %u, '%s'; want %d, %zu, "
              "%u, '%s'",
              spec, board, a.st, a.len, a.len ? a.moves[0] : 0, a.err, st, len,
              first, err);
    drop(&t);
}

static void test_refusal(void)
{
    const char *empty5 = "size=5x5 stencil=000/000/000 goal=off";
    const char *poj = "1001/0110/0110/1001";

    expect_solve(empty5, "0", GRIDBFS_REFUSED, 0, 0,
                 "null space of dimension 25 is over the bound 20 "
                 "(max_nullity)");
    /* impossible is found before the bound is looked at */
    expect_solve(empty5, "1", GRIDBFS_IMPOSSIBLE, 0, 0, "");
    expect_solve("size=32x32 stencil=000/000/000 max_nullity=32", "0",
                 GRIDBFS_REFUSED, 0, 0,
                 "null space of dimension 1024 is over the bound 32 "
                 "(max_nullity)");
    /* 4x4 Lights Out: nullity 4 */
    expect_solve("goal=off max_nullity=3", poj, GRIDBFS_REFUSED, 0, 0,
                 "null space of dimension 4 is over the bound 3 "
                 "(max_nullity)");
    expect_solve("goal=off max_nullity=4", poj, GRIDBFS_SOLVED, 4, 1, "");
    expect_solve("goal=off max_nullity=4 path_style=matrix", poj,
                 GRIDBFS_SOLVED, 4, 4, "");
    /* 3x3 and 5x5 (nullity 2) Lights Out */
    expect_solve("size=3x3 goal=off max_nullity=0", "111/111/111",
                 GRIDBFS_SOLVED, 5, 0, "");
    expect_solve("size=5x5 goal=off max_nullity=1", "11000/10000",
                 GRIDBFS_REFUSED, 0, 0,
                 "null space of dimension 2 is over the bound 1 "
                 "(max_nullity)");
    expect_solve("size=5x5 goal=off", "11000/10000", GRIDBFS_SOLVED, 1, 0, "");
    expect_solve("size=5x5 goal=off", "1", GRIDBFS_IMPOSSIBLE, 0, 0, "");
    /* uniform: already uniform either way */
    expect_solve("size=32x32", "0", GRIDBFS_SOLVED, 0, 0, "");
}

static void test_too_long(void)
{
    static struct answer a;
    gridbfs_error e = {a.err, sizeof a.err, -1};
    struct inst t;
    gridbfs_board b[2];

    if (make(&t, "goal=off") != 0)
        return;
    pic("1001/0110/0110/1001", &b[0]);
    a.len = 0;
    a.st = plugin->solve(t.r.inst, b, NULL, 0, &a.len, &e);
    CHECK_MSG(a.st == GRIDBFS_TOO_LONG && a.len == 4, "cap 0: %d, %zu", a.st,
              a.len);
    a.st = plugin->solve(t.r.inst, b, a.moves, 3, &a.len, &e);
    CHECK_MSG(a.st == GRIDBFS_TOO_LONG && a.len == 4, "cap 3: %d, %zu", a.st,
              a.len);
    a.st = plugin->solve(t.r.inst, b, a.moves, 4, &a.len, &e);
    CHECK_MSG(a.st == GRIDBFS_SOLVED && a.len == 4 && a.moves[0] == 1 &&
                  a.moves[1] == 2 && a.moves[2] == 13 && a.moves[3] == 14,
              "cap 4: %d, %zu", a.st, a.len);
    pic("0", &b[0]);
    a.st = plugin->solve(t.r.inst, b, NULL, 0, &a.len, &e);
    CHECK_MSG(a.st == GRIDBFS_SOLVED && a.len == 0, "solved, cap 0: %d", a.st);
    drop(&t);
}

/* judge_text(spec's rule, moves) with path is exactly want. */
static void expect_judge(const char *spec, const uint16_t *moves, size_t n,
                         int path, const char *want)
{
    char buf[TEXT_MAX];
    struct inst t;
    size_t len = strlen(want);

    if (make(&t, spec) != 0)
        return;
    int got = plugin->judge_text(t.r.inst, moves, n, path, buf, sizeof buf);
    CHECK_MSG(got == (int)len && strcmp(buf, want) == 0,
              "'%s': judge text %d\n  got  '%s'\n  want '%s'", spec, got,
              got >= 0 ? buf : "", want);
    /* exactly enough room fits, one byte less does not */
    got = plugin->judge_text(t.r.inst, moves, n, path, buf, len + 1);
    CHECK_MSG(got == (int)len, "'%s': exact cap gave %d", spec, got);
    got = plugin->judge_text(t.r.inst, moves, n, path, buf, len);
    CHECK_MSG(got == -1, "'%s': short cap gave %d", spec, got);
    drop(&t);
}

static void test_judge_text(void)
{
    const char *matrix = "goal=off path_style=matrix";
    const char *sample = "0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n";
    static const uint16_t least[] = {4, 7, 8, 11}, list[] = {1, 2, 13, 14};
    static const uint16_t bad[] = {99}, corner[] = {99}, twice[] = {0, 0};

    expect_judge(matrix, least, 4, 0, sample);
    expect_judge(matrix, least, 4, 1, sample);
    /* another shortest set of the same puzzle: the least matrix still */
    expect_judge(matrix, list, 4, 0, sample);
    expect_judge(matrix, NULL, 0, 0, "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    expect_judge(matrix, twice, 2, 0, "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    expect_judge("size=2x3 path_style=matrix goal=on", NULL, 0, 1,
                 "0 0 0\n0 0 0\n");
    expect_judge("size=1x1 path_style=matrix", NULL, 0, 0, "0\n");
    /* no presses given for a count, or one that does not exist */
    expect_judge(matrix, NULL, 4, 0, "4\n");
    expect_judge(matrix, bad, 1, 1, "1\n?\n");
    /* moves: the core's default text */
    expect_judge("goal=off", list, 4, 1, "4\n1 2\n1 3\n4 2\n4 3\n");
    expect_judge("goal=off", list, 4, 0, "4\n");
    expect_judge("goal=off", NULL, 7, 1, "7\n");
    expect_judge("goal=off", bad, 1, 1, "1\n?\n");
    expect_judge("size=10x10", corner, 1, 1, "1\n10 10\n");
    /* past max_nullity the set is printed as given */
    expect_judge("goal=off path_style=matrix max_nullity=3", list, 4, 0,
                 "0 1 1 0\n0 0 0 0\n0 0 0 0\n0 1 1 0\n");
}

/* ---- threads: one instance, several solvers at once ---- */

struct job {
    const struct inst *t;
    const gridbfs_board *boards; /* count pairs */
    int count;
    struct answer *out;
};

static void *solver(void *arg)
{
    struct job *j = arg;

    for (int i = 0; i < j->count; i++)
        solve(j->t, &j->boards[2 * i], &j->out[i]);
    return NULL;
}

static void test_threads(void)
{
    enum { COUNT = 24 };
    struct geo g = {15, 15, 225, stencils[0], 0, UNIFORM};
    static gridbfs_board boards[2 * COUNT];
    static struct answer want[COUNT], got[THREADS][COUNT];
    static uint8_t cells[MAX_CELLS];
    pthread_t tid[THREADS];
    struct job jobs[THREADS];
    struct inst t;

    if (make_geo(&t, &g, MATRIX, "") != 0)
        return;
    for (int i = 0; i < COUNT; i++) {
        random_cells(&g, cells, i % 2);
        to_board(g.n, cells, &boards[2 * i]);
        solve(&t, &boards[2 * i], &want[i]);
    }
    for (int k = 0; k < THREADS; k++) {
        jobs[k] = (struct job){&t, boards, COUNT, got[k]};
        CHECK_MSG(pthread_create(&tid[k], NULL, solver, &jobs[k]) == 0,
                  "pthread_create");
    }
    for (int k = 0; k < THREADS; k++) {
        pthread_join(tid[k], NULL);
        for (int i = 0; i < COUNT; i++)
            CHECK_MSG(got[k][i].st == want[i].st &&
                          got[k][i].len == want[i].len &&
                          !memcmp(got[k][i].moves, want[i].moves,
                                  want[i].len * sizeof *want[i].moves),
                      "thread %d, board %d: another answer", k, i);
    }
    drop(&t);
}

/* ---- how long solve() takes on Lights Out ---- */

static void time_lights_out(uint32_t side, int count)
{
    struct geo g = {side, side, side * side, stencils[0], 0, OFF};
    static uint8_t cells[MAX_CELLS];
    static struct answer a;
    gridbfs_board b[2];
    struct inst t[2];
    double start, made, spent[2] = {0, 0};
    unsigned nullity = 0;

    start = now();
    make_geo(&t[MOVES], &g, MOVES, "");
    made = now();
    make_geo(&t[MATRIX], &g, MATRIX, "max_nullity=0");
    for (int i = 0; i < count && t[0].rc == 0 && t[1].rc == 0; i++) {
        random_cells(&g, cells, 1);
        to_board(g.n, cells, &b[0]);
        for (int st = MOVES; st <= MATRIX; st++) {
            double t0 = now();
            solve(&t[st], b, &a);
            spent[st] += now() - t0;
            if (st == MATRIX && a.st == GRIDBFS_REFUSED)
                sscanf(a.err, "null space of dimension %u", &nullity);
            else
                CHECK_MSG(a.st == GRIDBFS_SOLVED &&
                              reaches(&g, cells, cells, a.moves, a.len),
                          "%s: status %d, or the presses miss the goal",
                          desc(&g, st, b), a.st);
        }
    }
    printf("flip_exact: Lights Out %ux%u, nullity %u: create() %.2f ms, "
           "solve() %.1f us, without the null space walk %.1f us\n",
           side, side, nullity, (made - start) * 1e3, spent[0] / count * 1e6,
           spent[1] / count * 1e6);
    drop(&t[MOVES]);
    drop(&t[MATRIX]);
}

/* The plugin dir/flip-neighbors.so's table, or NULL with a message. */
static const gridbfs_plugin *load(const char *dir)
{
    char path[4096];
    const gridbfs_plugin2 *(*entry)(void);
    void *handle, *sym;

    snprintf(path, sizeof path, "%s/flip-neighbors.so", dir);
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle || !(sym = dlsym(handle, GRIDBFS_ENTRY2_NAME))) {
        fprintf(stderr, "flip_exact.c: cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    memcpy(&entry, &sym, sizeof entry); /* POSIX: object to function */
    return as_abi1(entry());            /* its two-colour rules, as ABI 1 */
}

int main(void)
{
    const char *dir = getenv("GRIDBFS_PLUGIN_DIR");
    double start = now();

    if (!dir || !*dir) {
        fprintf(stderr, "flip_exact.c: set GRIDBFS_PLUGIN_DIR to the folder "
                        "of the built plugins\n");
        return 1;
    }
    plugin = load(dir);
    if (!CHECK_MSG(plugin && plugin->solve && plugin->judge_text,
                   "flip-neighbors: no solve() or judge_text()"))
        return 1;
    test_params();
    test_refusal();
    test_too_long();
    test_judge_text();
    test_refs_agree();
    test_small(3, 3);
    test_small(4, 4);
    test_small(3, 5);
    for (int c = 0; c < 6; c++) { /* stencil c / 2, wrap c % 2 */
        test_random((struct geo){5, 5, 25, stencils[c / 2], c % 2, 0}, 0, 24);
        test_random((struct geo){3, 7, 21, stencils[c / 2], c % 2, 0}, 0, 24);
    }
    test_random((struct geo){5, 5, 25, stencils[0], 0, 0}, 1, 40);
    test_random((struct geo){10, 10, 100, stencils[0], 0, 0}, 1, 12);
    test_random((struct geo){7, 13, 91, stencils[0], 0, 0}, 1, 3);
    test_random((struct geo){13, 7, 91, stencils[0], 0, 0}, 2, 6);
    test_random((struct geo){15, 15, 225, stencils[0], 0, 0}, 2, 8);
    test_random((struct geo){31, 32, 992, stencils[0], 0, 0}, 2, 2);
    test_random((struct geo){32, 31, 992, stencils[0], 0, 0}, 2, 2);
    test_random((struct geo){19, 19, 361, stencils[0], 0, 0}, 2, 2);
    test_big_other();
    test_threads();
    time_lights_out(10, 200);
    time_lights_out(15, 100);
    time_lights_out(32, 4);
    printf("flip_exact: %.1f s\n", now() - start);
    return check_done();
}
