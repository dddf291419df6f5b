/*
 * tests/unit/bfs.c - unit test of the search engine (core/bfs.c, core/table.c).
 *
 * The rules are tiny plugins defined here as static gridbfs_plugin tables
 * (no dlopen), each with a distance known independently of the engine:
 *   - mask rules: move m is state ^ mask[m] (toggles, a plus stencil, a
 *     duplicated move, a move off the board); the distance to the goals is
 *     the fewest masks whose XOR is the difference, found here by trying
 *     every subset of moves (presses commute and cancel in pairs);
 *   - a line of cells where move i swaps cells i and i+1: the distance
 *     between boards with the same number of tokens is the sum of
 *     |p_k - q_k| over their sorted token positions;
 *   - counters on a 1x8 board, the state read as a number: +1/-1 (distance
 *     |a - b|), +1/+3 only (forward only: (b-a)/3 + (b-a)%3 when b >= a),
 *     and a path 0-1-2-...-255 of involutive moves (distance |a - b|).
 * Every path returned is replayed from the start through the rule's own
 * expand() and must end on a goal after exactly the promised moves.
 * Checks, failure lines and the closing line: check.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "bfs.h"
#include "abi1.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG_BUDGET ((size_t)1 << 24)
#define NO_LIMIT UINT64_MAX
#define MAX_TEST_MOVES 64

#include "check.h"

static int popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* ---- the rules ---------------------------------------------------------- */

static uint32_t no_goals(const void *inst, const gridbfs_board *boards,
                         uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards, (void)out, (void)max;
    return 0;
}

static int no_text(const void *inst, uint32_t move, int style, char *buf,
                   size_t cap)
{
    (void)inst, (void)style;
    return snprintf(buf, cap, "%u", move);
}

#define TEST_PLUGIN(NAME, EXPAND)                                              \
    static const gridbfs_plugin NAME = {.abi = GRIDBFS_ABI,                    \
                                        .size = sizeof(gridbfs_plugin),        \
                                        .name = #NAME,                         \
                                        .summary = "test rule",                \
                                        .goals = no_goals,                     \
                                        .expand = EXPAND,                      \
                                        .move_text = no_text}

/* Mask rules: move m flips the cells of mask[m]. */
typedef struct mask_rule {
    uint32_t n;
    uint64_t mask[MAX_TEST_MOVES];
} mask_rule;

static void mask_expand(const void *inst, uint64_t s, uint64_t *next)
{
    const mask_rule *r = inst;
    for (uint32_t m = 0; m < r->n; m++)
        next[m] = s ^ r->mask[m];
}
TEST_PLUGIN(mask_ops, mask_expand);

/* Line swaps: move i swaps cells i and i+1 of a line of n cells. */
static void line_expand(const void *inst, uint64_t s, uint64_t *next)
{
    uint32_t n = *(const uint32_t *)inst;
    for (uint32_t i = 0; i + 1 < n; i++) {
        uint64_t a = s >> i & 1, b = s >> (i + 1) & 1;
        next[i] = a == b ? s : s ^ (3ull << i);
    }
}
TEST_PLUGIN(line_ops, line_expand);

/* Counter on 8 cells: move 0 is +1, move 1 is -1, inside 0..255. */
static void counter_expand(const void *inst, uint64_t s, uint64_t *next)
{
    (void)inst;
    next[0] = s < 255 ? s + 1 : s;
    next[1] = s > 0 ? s - 1 : s;
}
TEST_PLUGIN(counter_ops, counter_expand);

/* Forward-only counter: move 0 is +1, move 1 is +3, inside 0..255. */
static void inc_expand(const void *inst, uint64_t s, uint64_t *next)
{
    (void)inst;
    next[0] = s + 1 <= 255 ? s + 1 : s;
    next[1] = s + 3 <= 255 ? s + 3 : s;
}
TEST_PLUGIN(inc_ops, inc_expand);

/* Counter whose move 2 sets cell 8 of an 8-cell board, from state 5 only. */
static void faulty_expand(const void *inst, uint64_t s, uint64_t *next)
{
    counter_expand(inst, s, next);
    next[2] = s == 5 ? s | 1u << 8 : s;
}
TEST_PLUGIN(faulty_ops, faulty_expand);

/* A path 0-1-...-255 of involutions: move 0 pairs 2k with 2k+1, move 1
   pairs 2k+1 with 2k+2. */
static void path_expand(const void *inst, uint64_t s, uint64_t *next)
{
    (void)inst;
    next[0] = s ^ 1;
    if (s == 0 || s == 255)
        next[1] = s;
    else
        next[1] = s & 1 ? s + 1 : s - 1;
}
TEST_PLUGIN(path_ops, path_expand);

/* The rule ops and inst as the core sees it: adapted to ABI 2 (abi1.h),
   in slots that outlast the test (one for each rule made). */
static bfs_rule make_rule(const gridbfs_plugin *ops, const void *inst,
                          uint32_t moves, uint32_t cells, int involutive)
{
    enum { SLOTS = 64 };
    static gridbfs_plugin2 adapted[SLOTS];
    static abi1_inst wrapped[SLOTS];
    static unsigned used;
    gridbfs_rule r1 = {.inst = (void *)(uintptr_t)inst,
                       .moves = moves,
                       .boards = 1,
                       .flags = involutive ? GRIDBFS_INVOLUTIVE : 0};
    unsigned k = 0;
    while (k < used &&
           (wrapped[k].v1 != ops || wrapped[k].inst != r1.inst ||
            wrapped[k].moves != moves || wrapped[k].flags != r1.flags))
        k++;
    if (k == used) {
        if (used == SLOTS)
            abort(); /* a test that makes more rules needs more slots */
        used++;
        abi1_adapt(ops, &adapted[k]);
        abi1_wrap(ops, &r1, &wrapped[k]);
    }
    return (bfs_rule){&adapted[k], &wrapped[k], moves, cells, involutive};
}

/* Toggles of cells 0..n-1 of a board of `cells` cells. */
static mask_rule toggles(uint32_t n)
{
    mask_rule r = {n, {0}};
    for (uint32_t i = 0; i < n; i++)
        r.mask[i] = 1ull << i;
    return r;
}

/* The plus stencil on an R x C board, moves in cell order. */
static mask_rule plus(uint32_t rows, uint32_t cols)
{
    mask_rule r = {rows * cols, {0}};
    for (uint32_t i = 0; i < rows; i++)
        for (uint32_t j = 0; j < cols; j++) {
            uint64_t m = 1ull << (i * cols + j);
            if (i > 0)
                m |= 1ull << ((i - 1) * cols + j);
            if (i + 1 < rows)
                m |= 1ull << ((i + 1) * cols + j);
            if (j > 0)
                m |= 1ull << (i * cols + j - 1);
            if (j + 1 < cols)
                m |= 1ull << (i * cols + j + 1);
            r.mask[i * cols + j] = m;
        }
    return r;
}

/*
 * Independent distances for a mask rule: w[x] = the fewest moves whose
 * masks XOR to x, or -1; found over every subset of the moves.
 */
static int *subset_weights(const mask_rule *r, uint32_t cells)
{
    size_t states = (size_t)1 << cells;
    int *w = malloc(states * sizeof *w);
    for (size_t x = 0; x < states; x++)
        w[x] = -1;
    for (uint64_t sub = 0; sub < (1ull << r->n); sub++) {
        uint64_t x = 0;
        for (uint32_t m = 0; m < r->n; m++)
            if (sub >> m & 1)
                x ^= r->mask[m];
        int k = popcount(sub);
        if (w[x] < 0 || k < w[x])
            w[x] = k;
    }
    return w;
}

/* Sum of |p_k - q_k| over sorted token positions; -1 if counts differ. */
static int line_distance(uint64_t a, uint64_t b)
{
    if (popcount(a) != popcount(b))
        return -1;
    int d = 0, pa = 0, pb = 0;
    while (a) {
        while (!(a >> pa & 1))
            pa++;
        while (!(b >> pb & 1))
            pb++;
        d += abs(pa - pb);
        a &= ~(1ull << pa);
        b &= ~(1ull << pb);
    }
    return d;
}

/*
 * Replay path from start through the rule; every move must change the
 * state.  Returns the final state, or UINT64_MAX on a bad move.
 */
static uint64_t replay(const bfs_rule *r, uint64_t start, const uint32_t *path,
                       size_t len)
{
    const abi1_inst *a =
        r->inst; /* the test's own rule, as make_rule() has it */
    static uint64_t next[GRIDBFS_MAX_MOVES];
    uint64_t s = start;
    for (size_t k = 0; k < len; k++) {
        if (path[k] >= r->moves)
            return UINT64_MAX;
        a->v1->expand(a->inst, s, next);
        if (next[path[k]] == s)
            return UINT64_MAX;
        s = next[path[k]];
    }
    return s;
}

static int in_goals(uint64_t s, const uint64_t *goals, uint32_t n)
{
    for (uint32_t g = 0; g < n; g++)
        if (goals[g] == s)
            return 1;
    return 0;
}

/*
 * bfs_solve must answer want (FOUND when want >= 0, else NONE) with a path
 * that replays onto a goal.  Returns 1 when all held (checks are counted
 * by the caller, to keep big loops quiet).
 */
static int solve_ok(bfs *b, const bfs_rule *r, uint64_t start,
                    const uint64_t *goals, uint32_t ngoals, int want)
{
    bfs_answer a;
    bfs_solve(b, r, start, goals, ngoals, NO_LIMIT, &a);
    if (want < 0)
        return a.status == BFS_NONE;
    if (a.status != BFS_FOUND || a.len != (size_t)want)
        return 0;
    return in_goals(replay(r, start, a.path, a.len), goals, ngoals);
}

static void report_loop(int bad, int line, const char *what)
{
    check(bad == 0, line, what);
    if (bad)
        fprintf(stderr, "    %d cases wrong\n", bad);
}

/* ---- bfs_solve ---------------------------------------------------------- */

static void test_counter_forward(void)
{
    bfs *b = bfs_new();
    bfs_rule r = make_rule(&counter_ops, NULL, 2, 8, 0);
    bfs_answer a;
    uint64_t goal = 7;

    /* 3 -> 7: four +1, the only shortest path. */
    bfs_solve(b, &r, 3, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND);
    CHECK(a.len == 4);
    CHECK(a.len == 4 && a.path[0] == 0 && a.path[1] == 0 && a.path[2] == 0 &&
          a.path[3] == 0);
    /* 200 -> 7: 193 times -1. */
    bfs_solve(b, &r, 200, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 193);
    CHECK(replay(&r, 200, a.path, a.len) == 7);
    int all_minus = a.status == BFS_FOUND;
    for (size_t k = 0; k < a.len; k++)
        all_minus &= a.path[k] == 1;
    CHECK(all_minus);

    int bad = 0;
    for (uint64_t s = 0; s < 256; s += 5)
        for (uint64_t g = 0; g < 256; g += 7)
            bad += !solve_ok(b, &r, s, &g, 1, abs((int)s - (int)g));
    report_loop(bad, __LINE__, "counter: distance |a-b| and replay");

    /* Forward only: +1 and +3 reach b from a iff b >= a. */
    bfs_rule inc = make_rule(&inc_ops, NULL, 2, 8, 0);
    bad = 0;
    for (uint64_t s = 0; s < 256; s += 3)
        for (uint64_t g = 0; g < 256; g += 11) {
            int d = g >= s ? (int)(g - s) / 3 + (int)(g - s) % 3 : -1;
            bad += !solve_ok(b, &inc, s, &g, 1, d);
        }
    report_loop(bad, __LINE__, "inc: (b-a)/3 + (b-a)%3 forward, NONE back");
    goal = 10;
    bfs_solve(b, &inc, 0, &goal, 1, NO_LIMIT, &a); /* 3+3+3+1 in some order */
    CHECK(a.status == BFS_FOUND && a.len == 4);
    CHECK(replay(&inc, 0, a.path, a.len) == 10);
    bfs_solve(b, &inc, 11, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_NONE);
    bfs_free(b);
}

static void test_toggle_and_line(void)
{
    bfs *b = bfs_new();
    mask_rule t10 = toggles(10);
    bfs_rule r = make_rule(&mask_ops, &t10, 10, 10, 1);
    bfs_answer a;
    int bad = 0;

    /* Involutive: distance is the number of differing cells. */
    for (uint64_t s = 0; s < 1024; s += 11)
        for (uint64_t g = 0; g < 1024; g += 53)
            bad += !solve_ok(b, &r, s, &g, 1, popcount(s ^ g));
    report_loop(bad, __LINE__, "toggle: popcount(start ^ goal)");

    /* Hand-worked: 0b0000000101 -> 0b1000000001 flips cells 2 and 9, once
       each, in some order. */
    uint64_t goal = 0x201;
    bfs_solve(b, &r, 0x5, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 2);
    CHECK(a.len == 2 && ((a.path[0] == 2 && a.path[1] == 9) ||
                         (a.path[0] == 9 && a.path[1] == 2)));

    /* Line of 8 cells with adjacent swaps. */
    uint32_t n8 = 8;
    bfs_rule line = make_rule(&line_ops, &n8, 7, 8, 1);
    /* one token from cell 0 to cell 5: swaps 0,1,2,3,4 in that order */
    goal = 1u << 5;
    bfs_solve(b, &line, 1, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 5);
    CHECK(a.len == 5 && a.path[0] == 0 && a.path[1] == 1 && a.path[2] == 2 &&
          a.path[3] == 3 && a.path[4] == 4);
    /* one token from cell 6 to cell 2: swaps 5,4,3,2 */
    goal = 1u << 2;
    bfs_solve(b, &line, 1u << 6, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 4);
    CHECK(a.len == 4 && a.path[0] == 5 && a.path[1] == 4 && a.path[2] == 3 &&
          a.path[3] == 2);
    /* two tokens {0,1} -> {4,5}: (4-0) + (5-1) = 8 */
    goal = 0x30;
    bfs_solve(b, &line, 0x3, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 8);
    CHECK(replay(&line, 0x3, a.path, a.len) == 0x30);
    /* different token counts: unreachable */
    goal = 0x7;
    bfs_solve(b, &line, 0x3, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_NONE);

    /* every pair of 1-token boards: |i - j| */
    bad = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            uint64_t g = 1ull << j;
            bad += !solve_ok(b, &line, 1ull << i, &g, 1, abs(i - j));
        }
    report_loop(bad, __LINE__, "line: one token |i-j|");
    /* every pair of boards: the sorted-position formula */
    bad = 0;
    for (uint64_t s = 0; s < 256; s++)
        for (uint64_t g = 0; g < 256; g += 5)
            bad += !solve_ok(b, &line, s, &g, 1, line_distance(s, g));
    report_loop(bad, __LINE__, "line: sum of |p_k - q_k|");

    /* the involutive path 0..255: |a - b| */
    bfs_rule path = make_rule(&path_ops, NULL, 2, 8, 1);
    goal = 255;
    bfs_solve(b, &path, 0, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 255);
    CHECK(replay(&path, 0, a.path, a.len) == 255);
    bad = 0;
    for (uint64_t s = 0; s < 256; s += 9)
        for (uint64_t g = 0; g < 256; g += 13)
            bad += !solve_ok(b, &path, s, &g, 1, abs((int)s - (int)g));
    report_loop(bad, __LINE__, "path rule: |a - b|");
    bfs_free(b);
}

static void test_trivial_none_limit(void)
{
    bfs *b = bfs_new();
    mask_rule t10 = toggles(10);
    bfs_rule tog = make_rule(&mask_ops, &t10, 10, 10, 1);
    bfs_rule cnt = make_rule(&counter_ops, NULL, 2, 8, 0);
    bfs_answer a;
    uint64_t goal;

    /* Start already a goal: length 0, either direction, even with no room. */
    goal = 0x155;
    bfs_solve(b, &tog, 0x155, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 0);
    goal = 42;
    bfs_solve(b, &cnt, 42, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 0);
    uint64_t two[2] = {9, 42};
    bfs_solve(b, &cnt, 42, two, 2, 0, &a);
    CHECK(a.status == BFS_FOUND && a.len == 0);

    /* Unreachable: toggles of cells 0..8 never touch cell 9.  Searching
       from both ends, the two components of 512 boards are room enough;
       far less is the limit. */
    mask_rule t9 = toggles(9);
    bfs_rule part = make_rule(&mask_ops, &t9, 9, 10, 1);
    goal = 1u << 9;
    bfs_solve(b, &part, 0, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_NONE);
    bfs_solve(b, &part, 0, &goal, 1, 1024, &a);
    CHECK(a.status == BFS_NONE);
    bfs_solve(b, &part, 0, &goal, 1, 100, &a);
    CHECK(a.status == BFS_LIMIT);
    bfs_rule part_fwd = make_rule(&mask_ops, &t9, 9, 10, 0);
    bfs_solve(b, &part_fwd, 0, &goal, 1, 512, &a);
    CHECK(a.status == BFS_NONE);
    bfs_solve(b, &part_fwd, 0, &goal, 1, 511, &a);
    CHECK(a.status == BFS_LIMIT);

    /* 0 -> 1023 on 10 toggles: 1023 is the only board at distance 10, so
       it is the 1024th met; 0 <-> 255 on the counter, the 256th. */
    goal = 1023;
    bfs_solve(b, &tog, 0, &goal, 1, 1024, &a);
    CHECK(a.status == BFS_FOUND && a.len == 10);
    bfs_solve(b, &tog, 0, &goal, 1, 1023, &a);
    CHECK(a.status == BFS_LIMIT);
    bfs_solve(b, &tog, 0, &goal, 1, 10, &a);
    CHECK(a.status == BFS_LIMIT);
    goal = 255;
    bfs_solve(b, &cnt, 0, &goal, 1, 256, &a);
    CHECK(a.status == BFS_FOUND && a.len == 255);
    bfs_solve(b, &cnt, 0, &goal, 1, 255, &a);
    CHECK(a.status == BFS_LIMIT);
    bfs_solve(b, &cnt, 0, &goal, 1, 1, &a);
    CHECK(a.status == BFS_LIMIT);
    bfs_solve(b, &cnt, 0, &goal, 1, 0, &a);
    CHECK(a.status == BFS_LIMIT);
    /* and the same workspace still answers right afterwards */
    goal = 100;
    CHECK(solve_ok(b, &cnt, 0, &goal, 1, 100));
    CHECK(solve_ok(b, &tog, 0x3FF, &goal, 1, popcount(0x3FF ^ 100)));
    bfs_free(b);
}

static void test_fault(void)
{
    bfs *b = bfs_new();
    bfs_answer a;
    uint64_t goal = 200;

    /* Forward: 0,1,2,...: state 5 is expanded before 200 is met. */
    bfs_rule fr = make_rule(&faulty_ops, NULL, 3, 8, 0);
    bfs_solve(b, &fr, 0, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FAULT);
    CHECK(a.fault_move == 2);

    /* From the goals: move 6 of 8 sets cell 10 of a 10-cell board. */
    mask_rule bad = toggles(8);
    bad.mask[6] = 1u << 10;
    bfs_rule br = make_rule(&mask_ops, &bad, 8, 10, 1);
    goal = 0;
    bfs_solve(b, &br, 0xFF, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FAULT);
    CHECK(a.fault_move == 6);
    /* A state past cell 63 is not "off the board" on a 64-cell board, but
       past cell 40 is on a 40-cell one. */
    mask_rule bad40 = toggles(8), ok64 = toggles(8);
    bad40.mask[6] = 1ull << 40;
    ok64.mask[6] = 1ull << 63;
    bfs_rule br40 = make_rule(&mask_ops, &bad40, 8, 40, 1);
    bfs_rule br64 = make_rule(&mask_ops, &ok64, 8, 64, 1);
    bfs_solve(b, &br40, 0xFF, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FAULT && a.fault_move == 6);
    bfs_solve(b, &br64, 0xFF, &goal, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_NONE); /* no move flips cell 6 */

    /* Same workspace, after a fault mid-search: still right. */
    mask_rule t10 = toggles(10);
    bfs_rule tog = make_rule(&mask_ops, &t10, 10, 10, 1);
    goal = 0;
    CHECK(solve_ok(b, &tog, 0x2F1, &goal, 1, popcount(0x2F1)));
    bfs_free(b);
}

static void test_multi_goal(void)
{
    bfs *b = bfs_new();
    mask_rule t10 = toggles(10);
    bfs_rule tog = make_rule(&mask_ops, &t10, 10, 10, 1);
    bfs_rule tog_fwd = make_rule(&mask_ops, &t10, 10, 10, 0);
    const uint64_t goals[3] = {0x3E0, 0x01F, 0x2AA};
    int bad = 0;

    for (uint64_t s = 0; s < 1024; s++) {
        int d = 99;
        for (int g = 0; g < 3; g++)
            if (popcount(s ^ goals[g]) < d)
                d = popcount(s ^ goals[g]);
        bad += !solve_ok(b, &tog, s, goals, 3, d);
        bad += !solve_ok(b, &tog_fwd, s, goals, 3, d);
    }
    report_loop(bad, __LINE__, "toggle: min popcount over three goals");

    /* Counter with goals 10 and 200: the nearer one. */
    bfs_rule cnt = make_rule(&counter_ops, NULL, 2, 8, 0);
    const uint64_t two[2] = {10, 200};
    bfs_answer a;
    bfs_solve(b, &cnt, 100, two, 2, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 90);
    CHECK(replay(&cnt, 100, a.path, a.len) == 10);
    bfs_solve(b, &cnt, 150, two, 2, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 50);
    CHECK(replay(&cnt, 150, a.path, a.len) == 200);
    /* a goal given twice is still one goal */
    const uint64_t dup[3] = {200, 200, 10};
    bfs_solve(b, &cnt, 170, dup, 3, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 30);

    /* Line of 6: goals {cells 0,1} and {cells 4,5}; from {2,3}: 4 either
       way. */
    uint32_t n6 = 6;
    bfs_rule line = make_rule(&line_ops, &n6, 5, 6, 1);
    const uint64_t ends[2] = {0x03, 0x30};
    CHECK(solve_ok(b, &line, 0x0C, ends, 2, 4));
    CHECK(solve_ok(b, &line, 0x06, ends, 2, 2)); /* {1,2} -> {0,1} */
    CHECK(solve_ok(b, &line, 0x21, ends, 2, 4)); /* {0,5}: 0+4 or 4+0 */
    bfs_free(b);
}

/* xorshift, for reproducible random cases */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void test_reuse(void)
{
    bfs *b = bfs_new();
    bfs_answer a;

    /* A big search first: 18 toggles from the goal 0 to all ones, every
       one of the 2^18 boards visited. */
    mask_rule t18 = toggles(18);
    bfs_rule big = make_rule(&mask_ops, &t18, 18, 18, 1);
    uint64_t zero = 0, ones = (1u << 18) - 1;
    bfs_solve(b, &big, ones, &zero, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 18);
    CHECK(replay(&big, ones, a.path, a.len) == 0);
    /* and forward, from a far start */
    bfs_rule big_fwd = make_rule(&mask_ops, &t18, 18, 18, 0);
    bfs_solve(b, &big_fwd, ones, &zero, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 18);
    CHECK(replay(&big_fwd, ones, a.path, a.len) == 0);

    /* Then many small searches of several rules and sizes, with limits
       and faults interleaved, each checked against its formula. */
    mask_rule t10 = toggles(10), t6 = toggles(6);
    bfs_rule tog10 = make_rule(&mask_ops, &t10, 10, 10, 1);
    bfs_rule tog6 = make_rule(&mask_ops, &t6, 6, 6, 0);
    bfs_rule cnt = make_rule(&counter_ops, NULL, 2, 8, 0);
    bfs_rule fr = make_rule(&faulty_ops, NULL, 3, 8, 0);
    uint32_t n8 = 8;
    bfs_rule line = make_rule(&line_ops, &n8, 7, 8, 1);
    int bad = 0;
    for (int k = 0; k < 2000; k++) {
        uint64_t s, g;
        switch (rnd() % 7) {
        case 0:
            s = rnd() & 1023, g = rnd() & 1023;
            bad += !solve_ok(b, &tog10, s, &g, 1, popcount(s ^ g));
            break;
        case 1:
            s = rnd() & 63, g = rnd() & 63;
            bad += !solve_ok(b, &tog6, s, &g, 1, popcount(s ^ g));
            break;
        case 2:
            s = rnd() & 255, g = rnd() & 255;
            bad += !solve_ok(b, &cnt, s, &g, 1, abs((int)s - (int)g));
            break;
        case 3:
            s = rnd() & 255, g = rnd() & 255;
            bad += !solve_ok(b, &line, s, &g, 1, line_distance(s, g));
            break;
        case 4: /* stopped by the limit half way */
            s = rnd() & 1023, g = s ^ 0x3FF;
            bfs_solve(b, &tog10, s, &g, 1, 1 + rnd() % 1000, &a);
            bad += a.status != BFS_LIMIT;
            break;
        case 5: /* stopped by a fault: 0..4 < goal 250, 5 is met first */
            g = 250;
            bfs_solve(b, &fr, rnd() % 5, &g, 1, NO_LIMIT, &a);
            bad += a.status != BFS_FAULT || a.fault_move != 2;
            break;
        default: /* a medium one now and then */
            s = rnd() & ((1u << 13) - 1), g = rnd() & ((1u << 13) - 1);
            {
                mask_rule t13 = toggles(13);
                bfs_rule tog13 = make_rule(&mask_ops, &t13, 13, 13, rnd() & 1);
                bad += !solve_ok(b, &tog13, s, &g, 1, popcount(s ^ g));
            }
            break;
        }
    }
    report_loop(bad, __LINE__, "2000 mixed searches on one workspace");

    /* and a big one again, then a small one */
    bfs_solve(b, &big, 0x2AAAA, &zero, 1, NO_LIMIT, &a);
    CHECK(a.status == BFS_FOUND && a.len == 9);
    uint64_t g = 17;
    CHECK(solve_ok(b, &cnt, 4, &g, 1, 13));
    bfs_free(b);
}

static void test_determinism(void)
{
    bfs *b1 = bfs_new(), *b2 = bfs_new();
    mask_rule lo = plus(2, 5);
    bfs_rule r = make_rule(&mask_ops, &lo, 10, 10, 1);
    bfs_rule rf = make_rule(&mask_ops, &lo, 10, 10, 0);
    uint64_t goal = 0;
    uint32_t first[64];
    size_t flen = 0;
    bfs_answer a;
    int same = 1;

    for (uint64_t s = 0; s < 1024; s += 7) {
        for (int dir = 0; dir < 2; dir++) {
            const bfs_rule *rr = dir ? &rf : &r;
            bfs_solve(b1, rr, s, &goal, 1, NO_LIMIT, &a);
            if (a.status != BFS_FOUND)
                continue;
            flen = a.len;
            if (flen)
                memcpy(first, a.path, flen * sizeof *first);
            /* an unrelated search in between */
            uint64_t g = 99;
            bfs_rule cnt = make_rule(&counter_ops, NULL, 2, 8, 0);
            bfs_solve(b1, &cnt, 3, &g, 1, NO_LIMIT, &a);
            bfs_solve(b1, rr, s, &goal, 1, NO_LIMIT, &a);
            same &= a.len == flen &&
                    (flen == 0 || !memcmp(first, a.path, flen * sizeof *first));
            bfs_solve(b2, rr, s, &goal, 1, NO_LIMIT, &a);
            same &= a.len == flen &&
                    (flen == 0 || !memcmp(first, a.path, flen * sizeof *first));
        }
    }
    CHECK(same);
    bfs_free(b1);
    bfs_free(b2);
}

/* ---- tables -------------------------------------------------------------- */

/* table_solve from every state of a mask rule against subset weights. */
static void table_vs_subsets(const mask_rule *m, uint32_t cells,
                             const uint64_t *goals, uint32_t ngoals, int line)
{
    bfs_rule r = make_rule(&mask_ops, m, m->n, cells, 1);
    int *w = subset_weights(m, cells);
    size_t states = (size_t)1 << cells;
    table *t = table_build(&r, goals, ngoals, BIG_BUDGET, NULL);
    bfs *b = bfs_new();
    int bad_len = 0, bad_replay = 0, bad_order = 0, bad_bfs = 0, reached = 0;
    uint64_t next[MAX_TEST_MOVES] = {0};

    check(t != NULL, line, "table built");
    if (!t)
        goto out;
    for (uint64_t s = 0; s < states; s++) {
        int d = -1; /* min over the goals of the subset weight */
        for (uint32_t g = 0; g < ngoals; g++) {
            int x = w[s ^ goals[g]];
            if (x >= 0 && (d < 0 || x < d))
                d = x;
        }
        reached += d >= 0;
        bfs_answer a;
        /* the distance alone, without a path */
        table_solve(t, s, 0, b, &a);
        bad_len += d < 0 ? a.status != BFS_NONE
                         : a.status != BFS_FOUND || a.len != (size_t)d;
        table_solve(t, s, 1, b, &a);
        if (d < 0) {
            bad_len += a.status != BFS_NONE;
        } else if (a.status != BFS_FOUND || a.len != (size_t)d) {
            bad_len++;
        } else {
            bad_replay +=
                !in_goals(replay(&r, s, a.path, a.len), goals, ngoals);
            /* lowest-numbered descending move first: every lower move
               leads to a state not one step nearer */
            uint64_t x = s;
            for (size_t k = 0; k < a.len; k++) {
                if (a.path[k] >= m->n) { /* replay has counted it */
                    bad_order++;
                    break;
                }
                mask_expand(m, x, next);
                for (uint32_t mv = 0; mv < a.path[k]; mv++) {
                    int e = -1;
                    for (uint32_t g = 0; g < ngoals; g++) {
                        int y = w[next[mv] ^ goals[g]];
                        if (y >= 0 && (e < 0 || y < e))
                            e = y;
                    }
                    bad_order += e == d - (int)k - 1;
                }
                x = next[a.path[k]];
            }
        }
        /* and bfs_solve agrees on the length */
        if (s % 3 == 0) {
            bfs_solve(b, &r, s, goals, ngoals, NO_LIMIT, &a);
            bad_bfs += d < 0 ? a.status != BFS_NONE
                             : a.status != BFS_FOUND || a.len != (size_t)d;
        }
    }
    check(reached > 0, line, "some states reachable");
    check(bad_len == 0, line, "table distance = fewest masks");
    check(bad_replay == 0, line, "table path replays onto a goal");
    check(bad_order == 0, line, "table path takes the lowest descending move");
    check(bad_bfs == 0, line, "bfs_solve length = fewest masks");
    if (bad_len || bad_replay || bad_order || bad_bfs)
        fprintf(stderr,
                "    wrong: %d lengths, %d replays, %d orders, %d bfs\n",
                bad_len, bad_replay, bad_order, bad_bfs);
out:
    table_free(t);
    bfs_free(b);
    free(w);
}

static void test_table_paths(void)
{
    bfs *b = bfs_new();
    bfs_answer a;
    uint64_t zero = 0;

    /* Toggles, goal 0: distance popcount, and the path is the set cells in
       increasing order (each step, every set cell's move descends: the
       lowest wins). */
    mask_rule t10 = toggles(10);
    bfs_rule tog = make_rule(&mask_ops, &t10, 10, 10, 1);
    table *t = table_build(&tog, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t != NULL);
    if (t) {
        table_solve(t, 0x288, 1, b, &a); /* cells 3, 7, 9 */
        CHECK(a.status == BFS_FOUND && a.len == 3);
        CHECK(a.len == 3 && a.path[0] == 3 && a.path[1] == 7 && a.path[2] == 9);
        table_solve(t, 0, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 0);
        int bad = 0;
        for (uint64_t s = 0; s < 1024; s++) {
            table_solve(t, s, 1, b, &a);
            int k = 0,
                ok = a.status == BFS_FOUND && a.len == (size_t)popcount(s);
            for (uint32_t c = 0; ok && c < 10; c++)
                if (s >> c & 1)
                    ok = a.path[k++] == c;
            bad += !ok;
        }
        report_loop(bad, __LINE__, "toggle table: set cells ascending");
        /* one table, two workspaces: same answer */
        bfs *b2 = bfs_new();
        bfs_answer a2;
        table_solve(t, 0x3FF, 1, b, &a);
        table_solve(t, 0x3FF, 1, b2, &a2);
        CHECK(a.len == 10 && a2.len == 10 &&
              !memcmp(a.path, a2.path, 10 * sizeof *a.path));
        bfs_free(b2);
    }
    table_free(t);

    /* Two moves with the same effect: the lower id is always the one. */
    mask_rule dup = {4, {0x1, 0x1, 0x2, 0x4}};
    bfs_rule dr = make_rule(&mask_ops, &dup, 4, 3, 1);
    t = table_build(&dr, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t != NULL);
    if (t) {
        table_solve(t, 0x1, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 1 && a.path[0] == 0);
        table_solve(t, 0x7, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 3 && a.path[0] == 0 &&
              a.path[1] == 2 && a.path[2] == 3);
        table_solve(t, 0x6, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 2 && a.path[0] == 2 &&
              a.path[1] == 3);
    }
    table_free(t);

    /* Plus stencil on 2x5 (rank 9: half the boards unreachable from 0).
       Pressing cells 0 and 1 lights {2,5,6} = 0x64; from 0x64, move 0 gives
       {0,1,2,6} = mask 1, one step from 0, so the path is 0 then 1. */
    mask_rule lo = plus(2, 5);
    bfs_rule lr = make_rule(&mask_ops, &lo, 10, 10, 1);
    t = table_build(&lr, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t != NULL);
    if (t) {
        table_solve(t, 0x23, 1, b, &a); /* mask 0 = {0,1,5} */
        CHECK(a.status == BFS_FOUND && a.len == 1 && a.path[0] == 0);
        table_solve(t, 0x64, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 2 && a.path[0] == 0 &&
              a.path[1] == 1);
        /* Pressing cells {0,2,4,5,7,9} changes nothing (each cell is hit
           twice), so a reachable board lights an even number of them:
           one lit corner (cell 0) is unreachable, for both engines. */
        table_solve(t, 0x1, 1, b, &a);
        CHECK(a.status == BFS_NONE);
        table_solve(t, 0x5, 1, b, &a); /* cells 0 and 2: even, reachable */
        CHECK(a.status == BFS_FOUND);
        bfs_solve(b, &lr, 0x1, &zero, 1, NO_LIMIT, &a);
        CHECK(a.status == BFS_NONE);
    }
    table_free(t);
    table_vs_subsets(&lo, 10, &zero, 1, __LINE__);
    const uint64_t uniform[2] = {0, 0x3FF};
    table_vs_subsets(&lo, 10, uniform, 2, __LINE__);
    table_vs_subsets(&t10, 10, uniform, 2, __LINE__);
    /* a diagonal stencil on 3x3 */
    mask_rule x3 = {9, {0}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            uint64_t m = 1ull << (i * 3 + j);
            for (int di = -1; di <= 1; di += 2)
                for (int dj = -1; dj <= 1; dj += 2)
                    if (i + di >= 0 && i + di < 3 && j + dj >= 0 && j + dj < 3)
                        m |= 1ull << ((i + di) * 3 + j + dj);
            x3.mask[i * 3 + j] = m;
        }
    table_vs_subsets(&x3, 9, &zero, 1, __LINE__);

    /* Unreachable: toggles of cells 0..8 of 10. */
    mask_rule t9 = toggles(9);
    bfs_rule part = make_rule(&mask_ops, &t9, 9, 10, 1);
    t = table_build(&part, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t != NULL);
    if (t) {
        int bad = 0;
        for (uint64_t s = 0; s < 1024; s++) {
            for (int with_path = 0; with_path < 2; with_path++) {
                table_solve(t, s, with_path, b, &a);
                bad += s >> 9 ? a.status != BFS_NONE
                              : a.status != BFS_FOUND ||
                                    a.len != (size_t)popcount(s);
            }
        }
        report_loop(bad, __LINE__, "partial toggles: NONE iff cell 9 set");
    }
    table_free(t);

    /* Line of 10 with adjacent swaps, goal {0,1,2,3}: the sorted-position
       formula on 4-token boards, NONE on the others. */
    uint32_t n10 = 10;
    bfs_rule line = make_rule(&line_ops, &n10, 9, 10, 1);
    uint64_t target = 0x0F;
    t = table_build(&line, &target, 1, BIG_BUDGET, NULL);
    CHECK(t != NULL);
    if (t) {
        int bad = 0;
        for (uint64_t s = 0; s < 1024; s++) {
            int d = line_distance(s, target);
            table_solve(t, s, 1, b, &a);
            if (d < 0)
                bad += a.status != BFS_NONE;
            else
                bad += a.status != BFS_FOUND || a.len != (size_t)d ||
                       replay(&line, s, a.path, a.len) != target;
        }
        report_loop(bad, __LINE__, "line table: sum of |p_k - q_k|");
        table_solve(t, 0x3C0, 1, b, &a); /* {6,7,8,9}: 6+6+6+6 */
        CHECK(a.status == BFS_FOUND && a.len == 24);
        /* {1,2,3,4}: only swap 0 descends first, then 1, 2, 3 */
        table_solve(t, 0x1E, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 4 && a.path[0] == 0 &&
              a.path[1] == 1 && a.path[2] == 2 && a.path[3] == 3);
    }
    table_free(t);
    bfs_free(b);
}

static void test_table_refusals(void)
{
    bfs *b = bfs_new();
    bfs_answer a;
    uint64_t zero = 0;
    mask_rule t10 = toggles(10);
    bfs_rule tog = make_rule(&mask_ops, &t10, 10, 10, 1);
    table *t;

    /* Over budget: 1024 states need at least 1024 bytes. */
    t = table_build(&tog, &zero, 1, 1023, NULL);
    CHECK(t == NULL);
    table_free(t);
    t = table_build(&tog, &zero, 1, 100, NULL);
    CHECK(t == NULL);
    table_free(t);
    t = table_build(&tog, &zero, 1, 1u << 20, NULL);
    CHECK(t != NULL);
    table_free(t);

    /* More cells than a table indexes: refused at once (run.c hands it any
       fixed-goal involutive rule of up to 64 cells). */
    mask_rule t31 = toggles(31);
    bfs_rule wide = make_rule(&mask_ops, &t31, 31, 31, 1);
    t = table_build(&wide, &zero, 1, SIZE_MAX, NULL);
    CHECK(t == NULL);
    table_free(t);
    mask_rule t40 = toggles(40);
    bfs_rule wider = make_rule(&mask_ops, &t40, 40, 64, 1);
    t = table_build(&wider, &zero, 1, SIZE_MAX, NULL);
    CHECK(t == NULL);
    table_free(t);

    /* Not involutive: a search from the goals would be wrong. */
    bfs_rule inc = make_rule(&inc_ops, NULL, 2, 8, 0);
    t = table_build(&inc, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t == NULL);
    table_free(t);

    /* A successor off the board: move 6 sets cell 10 of 10. */
    mask_rule bad = toggles(8);
    bad.mask[6] = 1u << 10;
    bfs_rule br = make_rule(&mask_ops, &bad, 8, 10, 1);
    t = table_build(&br, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t == NULL);
    table_free(t);
    /* ... and past the word for a 30-cell board */
    mask_rule bad30 = toggles(3);
    bad30.mask[2] = 1ull << 45;
    bfs_rule br30 = make_rule(&mask_ops, &bad30, 3, 20, 1);
    t = table_build(&br30, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t == NULL);
    table_free(t);

    /* Distances: the path 0-1-...-255 from goal 0 needs 255 (over 254):
       refused, no fault.  From goal 1 the farthest board, 255, is at 254,
       which a table holds (TABLE_UNREACHED is 255, the path buffer 255). */
    bfs_rule path = make_rule(&path_ops, NULL, 2, 8, 1);
    t = table_build(&path, &zero, 1, BIG_BUDGET, NULL);
    CHECK(t == NULL);
    table_free(t);
    uint64_t one = 1;
    t = table_build(&path, &one, 1, BIG_BUDGET, NULL);
    CHECK_WHY(t != NULL,
              "table_build refuses a space whose largest distance is 254 "
              "(bfs.h: NULL only for a distance over 254)");
    if (t) {
        table_solve(t, 255, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 254);
        CHECK(replay(&path, 255, a.path, a.len) == 1);
        table_solve(t, 0, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 1 && a.path[0] == 0);
    }
    table_free(t);
    /* Goal 2: farthest is 255 at 253. */
    uint64_t two = 2;
    t = table_build(&path, &two, 1, BIG_BUDGET, NULL);
    CHECK(t != NULL);
    if (t) {
        table_solve(t, 255, 0, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 253);
        table_solve(t, 255, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 253);
        CHECK(replay(&path, 255, a.path, a.len) == 2);
        table_solve(t, 0, 1, b, &a);
        CHECK(a.status == BFS_FOUND && a.len == 2 && a.path[0] == 0 &&
              a.path[1] == 1);
    }
    table_free(t);
    bfs_free(b);
}

/* Whether every state of cells cells has table t's distance to goal under
   the line rule: line_distance(), or unreached when the counts differ. */
static int table_is_line(const table *t, bfs *b, uint32_t cells, uint64_t goal)
{
    bfs_answer a;
    for (uint64_t x = 0; x < (1ull << cells); x++) {
        int want = line_distance(x, goal);
        table_solve(t, x, 0, b, &a);
        if (want < 0 ? a.status != BFS_NONE
                     : a.status != BFS_FOUND || a.len != (size_t)want)
            return 0;
    }
    return 1;
}

/* The cache of tables for goals given by the puzzles. */
static void test_target_cache(void)
{
    bfs *b = bfs_new();
    uint32_t n = 10;
    bfs_rule r = make_rule(&line_ops, &n, 9, 10, 1);
    uint64_t g[6]; /* four tokens side by side, from cell k */
    for (int k = 0; k < 6; k++)
        g[k] = 0xFull << k;
    /* A build needs 2^10 distances and 2^10 queued states, 5 KiB; it
       keeps the distances, 1 KiB: five tables fit in the build's budget. */
    size_t budget = (size_t)5 << 10;
    const int owner = 0, other = 0;
    const table *t[6];

    /* Unseen goals have no table; searches pay for one at 2^cells / 2. */
    tcache *tc = tcache_new((size_t)1 << 20, NULL);
    CHECK(tcache_get(tc, &owner, &r, &g[0], 1) == NULL);
    tcache_searched(tc, &owner, &g[0], 1, 500);
    CHECK(tcache_get(tc, &owner, &r, &g[0], 1) == NULL);
    tcache_searched(tc, &owner, &g[0], 1, 11);
    CHECK_WHY(tcache_get(tc, &owner, &r, &g[0], 1) == NULL,
              "511 states visited do not yet pay for a 1024-state table");
    tcache_searched(tc, &owner, &g[0], 1, 1);
    t[0] = tcache_get(tc, &owner, &r, &g[0], 1);
    CHECK_WHY(t[0] != NULL, "512 states visited buy the table");
    CHECK(t[0] && table_is_line(t[0], b, 10, g[0]));
    if (t[0])
        tcache_release(tc, t[0]);
    t[1] = tcache_get(tc, &owner, &r, &g[0], 1);
    CHECK_WHY(t[1] == t[0], "the table is kept");
    if (t[1])
        tcache_release(tc, t[1]);
    /* Another owner or other goals are other keys. */
    CHECK(tcache_get(tc, &other, &r, &g[0], 1) == NULL);
    CHECK(tcache_get(tc, &owner, &r, &g[1], 1) == NULL);
    tcache_free(tc);

    /* Five tables fill the budget; a sixth takes the place of the least
       recently used one no thread holds, and of none that is held. */
    tc = tcache_new(budget, NULL);
    for (int k = 0; k < 5; k++) {
        tcache_searched(tc, &owner, &g[k], 1, 1000);
        t[k] = tcache_get(tc, &owner, &r, &g[k], 1);
        CHECK(t[k] && table_is_line(t[k], b, 10, g[k]));
    }
    tcache_searched(tc, &owner, &g[5], 1, 1000);
    CHECK_WHY(tcache_get(tc, &owner, &r, &g[5], 1) == NULL,
              "no room while all five tables are held");
    for (int k = 1; k < 5; k++)
        if (t[k])
            tcache_release(tc, t[k]);
    CHECK_WHY(tcache_get(tc, &owner, &r, &g[5], 1) == NULL,
              "goals refused for want of room pay for their table again");
    tcache_searched(tc, &owner, &g[5], 1, 1000);
    t[5] = tcache_get(tc, &owner, &r, &g[5], 1);
    CHECK_WHY(t[5] != NULL, "released tables make room");
    CHECK(t[5] && table_is_line(t[5], b, 10, g[5]));
    CHECK_WHY(t[0] && table_is_line(t[0], b, 10, g[0]),
              "a held table stays whole");
    CHECK_WHY(tcache_get(tc, &owner, &r, &g[1], 1) == NULL,
              "the least recently used table went: its goals start over");
    const table *again = tcache_get(tc, &owner, &r, &g[2], 1);
    CHECK_WHY(again == t[2], "the others stay");
    if (again)
        tcache_release(tc, again);
    if (t[0])
        tcache_release(tc, t[0]);
    if (t[5])
        tcache_release(tc, t[5]);
    tcache_free(tc);

    /* The memory budget all tables share (limits.memory): room for two
       kept tables and a build; a third table takes the memory of the
       least recently used one no thread holds. */
    membudget mem = {.cap = (size_t)6 << 10};
    tc = tcache_new((size_t)1 << 20, &mem);
    for (int k = 0; k < 3; k++) {
        tcache_searched(tc, &owner, &g[k], 1, 1000);
        t[k] = tcache_get(tc, &owner, &r, &g[k], 1);
        CHECK_WHY(t[k] && table_is_line(t[k], b, 10, g[k]),
                  "the memory budget makes room for the build");
        if (t[k])
            tcache_release(tc, t[k]);
    }
    CHECK_WHY(tcache_get(tc, &owner, &r, &g[0], 1) == NULL,
              "the first table gave its memory to the third");
    CHECK(atomic_load(&mem.used) == (size_t)2 << 10);
    tcache_free(tc);
    CHECK_WHY(atomic_load(&mem.used) == 0, "freed tables give it back");

    /* A budget too small for one build: never a table. */
    tc = tcache_new(budget - 1, NULL);
    tcache_searched(tc, &owner, &g[0], 1, 1u << 20);
    CHECK(tcache_get(tc, &owner, &r, &g[0], 1) == NULL);
    tcache_free(tc);
    bfs_free(b);
}

int main(void)
{
    test_counter_forward();
    test_toggle_and_line();
    test_trivial_none_limit();
    test_fault();
    test_multi_goal();
    test_reuse();
    test_determinism();
    test_table_paths();
    test_table_refusals();
    test_target_cache();
    return check_done();
}
