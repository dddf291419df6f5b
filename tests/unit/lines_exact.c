/*
 * lines_exact.c - unit test of flip-lines' table operations and exact
 * solver (the XOR kit's), loaded with dlopen from $GRIDBFS_PLUGIN_DIR:
 * the flags and goals of both goals (the all-1 goal of a 64-cell board
 * too), solve() on 32x32 boards made from a known set of changes (on even
 * sizes that set is the only solution, so the presses are known without
 * any solver), the cap 0 and TOO_LONG protocol, refusal past max_nullity,
 * move text at the corners, refused parameters.  The answers on every
 * shape are checked end to end against tests/ref/linesref.c by
 * tests/flip-lines.bats.
 */
#define _POSIX_C_SOURCE 200809L
#include <gridbfs/plugin.h>

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "as_abi1.h"
#include "as_core.h"
#include "check.h"

#define SIDE 32
#define ERR_MAX 256
#define MOVES_MAX (SIDE * SIDE)

static const gridbfs_plugin *ops;

/* One instance of flip-lines; rc is create()'s answer. */
struct lines {
    gridbfs_rule rule;
    int rc;
    long param;
    char err[ERR_MAX];
};

/* create() with size, goal and max_nullity (NULL: left out). */
static void make(struct lines *l, const char *size, const char *goal,
                 const char *max_nullity)
{
    gridbfs_param p[3] = {{"size", size}};
    size_t n = 1;
    gridbfs_error err = {l->err, sizeof l->err, -1};

    if (goal)
        p[n++] = (gridbfs_param){"goal", goal};
    if (max_nullity)
        p[n++] = (gridbfs_param){"max_nullity", max_nullity};
    memset(l, 0, sizeof *l);
    l->rule = as_core(p, n);
    l->rc = ops->create(p, n, &l->rule, &err);
    l->param = err.param;
}

static void drop(struct lines *l)
{
    if (l->rc == 0)
        ops->destroy(l->rule.inst);
}

/* Change handle (r, c) of b (cols wide): its row and column, itself once. */
static void change(gridbfs_board *b, uint32_t rows, uint32_t cols, uint32_t r,
                   uint32_t c)
{
    for (uint32_t k = 0; k < rows * cols; k++)
        if (k / cols == r || k % cols == c)
            b->w[k / 64] ^= (uint64_t)1 << (k % 64);
}

static void test_flags_and_goals(void)
{
    struct lines l;
    uint64_t g[GRIDBFS_MAX_GOALS];

    make(&l, "8x8", "uniform", NULL);
    CHECK(l.rc == 0);
    CHECK(l.rule.flags == (GRIDBFS_INVOLUTIVE | GRIDBFS_FIXED_GOAL |
                           GRIDBFS_TEXT_BY_COUNT | GRIDBFS_XOR_MOVES));
    CHECK(l.rule.boards == 1 && l.rule.moves == 64);
    CHECK(ops->goals(l.rule.inst, NULL, g, GRIDBFS_MAX_GOALS) == 2);
    CHECK(g[0] == 0 && g[1] == ~(uint64_t)0);
    drop(&l);
    make(&l, "3x5", NULL, NULL); /* default goal off */
    CHECK(l.rc == 0 && l.rule.one == '+' && l.rule.zero == '-');
    CHECK(ops->goals(l.rule.inst, NULL, g, GRIDBFS_MAX_GOALS) == 1);
    CHECK(g[0] == 0);
    CHECK(l.rule.flags == (GRIDBFS_INVOLUTIVE | GRIDBFS_FIXED_GOAL |
                           GRIDBFS_TEXT_BY_COUNT | GRIDBFS_XOR_MOVES));
    drop(&l);
}

/*
 * A 32x32 board made by changing every handle whose (r * 7 + c * 3) % 11
 * is 0, from all 0 (off) or all 1 (uniform): the set is the only solution
 * of its goal, and for uniform the other goal needs all 1024 minus it.
 */
static void test_solve_big(const char *goal)
{
    struct lines l;
    gridbfs_board b;
    uint16_t want[MOVES_MAX], got[MOVES_MAX];
    size_t n = 0, len = 0;
    char err_text[ERR_MAX];
    gridbfs_error err = {err_text, sizeof err_text, -1};
    int uniform = strcmp(goal, "uniform") == 0;

    make(&l, "32x32", goal, NULL);
    CHECK(l.rc == 0);
    memset(&b, uniform ? 0xff : 0, sizeof b);
    for (uint32_t k = 0; k < MOVES_MAX; k++)
        if ((k / SIDE * 7 + k % SIDE * 3) % 11 == 0) {
            change(&b, SIDE, SIDE, k / SIDE, k % SIDE);
            want[n++] = (uint16_t)k;
        }
    CHECK(ops->solve(l.rule.inst, &b, NULL, 0, &len, &err) == GRIDBFS_TOO_LONG);
    CHECK(len == n);
    CHECK(ops->solve(l.rule.inst, &b, got, n - 1, &len, &err) ==
          GRIDBFS_TOO_LONG);
    CHECK(ops->solve(l.rule.inst, &b, got, n, &len, &err) == GRIDBFS_SOLVED);
    CHECK(len == n && memcmp(got, want, n * sizeof *got) == 0);
    memset(&b, 0, sizeof b); /* solved already: no move */
    CHECK(ops->solve(l.rule.inst, &b, got, n, &len, &err) == GRIDBFS_SOLVED);
    CHECK(len == 0);
    drop(&l);
}

/* 9x9 has a null space of 16: refused under 16, answered at 16. */
static void test_refusal(void)
{
    struct lines l;
    gridbfs_board b = {{0}}, one = {{1}};
    uint16_t moves[MOVES_MAX];
    size_t len = 0;
    char err_text[ERR_MAX] = "";
    gridbfs_error err = {err_text, sizeof err_text, -1};

    change(&b, 9, 9, 4, 4);
    make(&l, "9x9", "off", "15");
    CHECK(l.rc == 0);
    CHECK(ops->solve(l.rule.inst, &b, moves, MOVES_MAX, &len, &err) ==
          GRIDBFS_REFUSED);
    CHECK(strcmp(err_text, "null space of dimension 16 is over the bound 15 "
                           "(max_nullity)") == 0);
    /* one closed handle: impossible, found before the bound */
    CHECK(ops->solve(l.rule.inst, &one, moves, MOVES_MAX, &len, &err) ==
          GRIDBFS_IMPOSSIBLE);
    drop(&l);
    make(&l, "9x9", "off", "16");
    CHECK(ops->solve(l.rule.inst, &b, moves, MOVES_MAX, &len, &err) ==
          GRIDBFS_SOLVED);
    CHECK(len == 1 && moves[0] == 4 * 9 + 4);
    drop(&l);
}

static void test_text_and_params(void)
{
    struct lines l;
    char buf[16];

    make(&l, "32x32", NULL, NULL);
    CHECK(ops->move_text(l.rule.inst, 1023, GRIDBFS_MOVE_JUDGE, buf,
                         sizeof buf) == 5 &&
          strcmp(buf, "32 32") == 0);
    CHECK(ops->move_text(l.rule.inst, 32, GRIDBFS_MOVE_COMPACT, buf,
                         sizeof buf) == 3 &&
          strcmp(buf, "2,1") == 0);
    CHECK(ops->move_text(l.rule.inst, 1024, GRIDBFS_MOVE_JUDGE, buf,
                         sizeof buf) == -1);
    CHECK(ops->move_text(l.rule.inst, 1023, GRIDBFS_MOVE_JUDGE, buf, 5) == -1);
    drop(&l);
    make(&l, "4x4", "on", NULL);
    CHECK(l.rc == -1 && l.param == 1 && strstr(l.err, "goal: expected"));
    make(&l, "4x4", NULL, "33");
    CHECK(l.rc == -1 && l.param == 1 && strstr(l.err, "max_nullity: expected"));
}

int main(void)
{
    const char *dir = getenv("GRIDBFS_PLUGIN_DIR");
    char path[4096];
    const gridbfs_plugin2 *(*entry)(void);
    void *handle, *sym = NULL;

    if (!dir) {
        fprintf(stderr, "lines_exact.c: set GRIDBFS_PLUGIN_DIR\n");
        return 1;
    }
    snprintf(path, sizeof path, "%s/flip-lines.so", dir);
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle)
        sym = dlsym(handle, GRIDBFS_ENTRY2_NAME);
    CHECK_WHY(sym, "flip-lines.so loads and has its entry point");
    if (!sym)
        return 1;
    memcpy(&entry, &sym, sizeof entry); /* POSIX: object to function */
    ops = as_abi1(entry());             /* its rules of up to 32x32, as ABI 1 */
    CHECK(ops->solve && !ops->judge_text);
    test_flags_and_goals();
    test_solve_big("off");
    test_solve_big("uniform");
    test_refusal();
    test_text_and_params();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
