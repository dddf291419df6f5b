/*
 * tests/unit/solve.c - unit test of core/rules.c's choice of a record's
 * rule and size, and of core/solve.c's engines, with the built plugins
 * (from $GRIDBFS_PLUGIN_DIR) and a configuration given as text.
 *
 * Answers are checked against what this file works out itself: the two
 * POJ 1753 samples of the README (4 and Impossible), and for Lights Out
 * on 3x3 and 4x4 boards the fewest presses found by trying every set of
 * presses, each replayed here cell by cell.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "parse.h"
#include "solve.h"

static const char yaml[] =
    "defaults: {rule: flip}\n"
    "limits: {max_states: 100}\n"
    "rules:\n"
    "  flip: {plugin: flip-neighbors, goal: uniform, cells: bw}\n"
    "  lexact: {plugin: flip-neighbors, goal: \"off\", cells: \"10\", "
    "engine: exact}\n"
    "  lsearch: {plugin: flip-neighbors, goal: \"off\", cells: \"10\", "
    "engine: search}\n"
    "  lauto: {plugin: flip-neighbors, goal: \"off\", cells: \"10\"}\n"
    "  target: {plugin: flip-neighbors, goal: target, size: 5x5, "
    "engine: search}\n"
    "  swap: {plugin: swap-adjacent, size: 2x2}\n"
    "routes:\n"
    "  - {glob: \"*.swap\", rule: swap}\n";

static config cfg;
static loader *ld;

/* The boards of a line-syntax record's text, for in. */
static int boards_of(const rule_inst *in, const char *text, puzzle *p)
{
    record rec;
    record_row row[64];
    char copy[256], msg[RULES_MSG_MAX], *save = NULL;
    uint64_t line;
    memset(&rec, 0, sizeof rec);
    rec.row = row;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *b = strtok_r(copy, " ", &save); b;
         b = strtok_r(NULL, " ", &save), rec.nboards++)
        for (char *r = b, *end; *r; r = *end ? end + 1 : end) {
            end = strchr(r, '/');
            if (!end)
                end = r + strlen(r);
            rec.row[rec.board_rows[0] + rec.board_rows[1]] =
                (record_row){r, (uint32_t)(end - r), 1};
            rec.board_rows[rec.nboards]++;
        }
    return parse_record(in, &rec, p, msg, &line);
}

static solve_result answer(rule_inst *in, const char *text, bfs *b, char *msg)
{
    static puzzle p; /* one thread's: the answer's path is b's */
    if (!CHECK_MSG(boards_of(in, text, &p) == 0, "parse %s", text))
        return (solve_result){ST_INVALID, 0, NULL, 0, NULL};
    return solve_record(in, p.b, b, msg);
}

/* -r and -s as given, record rule= and size= as given. */
static void test_choose(void)
{
    rules_choice none = {NULL, 0, 0, 0}, r_flip = {"lauto", 3, 3, 0};
    rules *rs = rules_new(&cfg, ld, &none);
    rule_inst *in = rules_choose(rs, "a.txt", NULL, 0, 0, NULL);
    CHECK(!strcmp(in->name, "flip") && in->rule.rows == 4);
    in = rules_choose(rs, "dir/a.swap", NULL, 0, 0, NULL); /* a route */
    CHECK(!strcmp(in->name, "swap") && in->rule.rows == 2);
    in = rules_choose(rs, "-", NULL, 0, 0, NULL); /* stdin is never routed */
    CHECK(!strcmp(in->name, "flip"));
    in =
        rules_choose(rs, "a.swap", "lauto", 0, 0, NULL); /* the record's rule */
    CHECK(!strcmp(in->name, "lauto") && in->rule.rows == 4);
    in = rules_choose(rs, "a.swap", NULL, 3, 2, NULL); /* the record's size */
    CHECK(!strcmp(in->name, "swap") && in->rule.rows == 3 &&
          in->rule.cols == 2);
    rules_free(rs);

    rs = rules_new(&cfg, ld, &r_flip);
    in = rules_choose(rs, "a.swap", NULL, 0, 0, NULL); /* -r beats the routes */
    CHECK(!strcmp(in->name, "lauto") && in->rule.rows == 3);
    in = rules_choose(rs, "a.txt", NULL, 5, 5, NULL); /* size= beats -s */
    CHECK(!strcmp(in->name, "lauto") && in->rule.rows == 5);
    in = rules_choose(rs, "a.txt", "flip", 0, 0, NULL); /* -s: -r's rule only */
    CHECK(!strcmp(in->name, "flip") && in->rule.rows == 4);
    in = rules_choose(rs, "a.txt", "lauto", 0, 0, NULL);
    CHECK(in->rule.rows == 3);
    in = rules_choose(rs, "a.txt", "nosuch", 0, 0, NULL);
    static const char nosuch[] = "unknown rule 'nosuch': no profile of that "
                                 "name, and plugin 'nosuch' not found "
                                 "(searched: ";
    CHECK(in->error && !strncmp(in->error, nosuch, sizeof nosuch - 1));
    rules_free(rs);
}

static void test_samples(void)
{
    rules_choice none = {NULL, 0, 0, 1};
    rules *rs = rules_new(&cfg, ld, &none);
    rule_inst *in = rules_get(rs, "flip", 0, 0);
    bfs *b = bfs_new();
    char msg[RULES_MSG_MAX];
    solve_result r = answer(in, "bwwb/bbwb/bwwb/bwww", b, msg);
    CHECK(r.status == ST_SOLVED && r.moves == 4 && r.npath == 4);
    r = answer(in, "bwbw/wwww/bbwb/bwwb", b, msg);
    CHECK(r.status == ST_IMPOSSIBLE && !r.message);
    bfs_free(b);
    rules_free(rs);
}

/* The fewest presses of Lights Out (plus stencil, goal off) on an n x n
   board, by trying every press set: -1 when none turns it off. */
static int brute_force(uint32_t n, uint64_t board)
{
    int best = -1;
    for (uint64_t set = 0; set < (uint64_t)1 << (n * n); set++) {
        uint64_t s = board;
        int presses = 0;
        for (uint32_t k = 0; k < n * n; k++) {
            if (!(set >> k & 1))
                continue;
            uint32_t r = k / n, c = k % n;
            presses++;
            s ^= (uint64_t)1 << k;
            if (r > 0)
                s ^= (uint64_t)1 << (k - n);
            if (r + 1 < n)
                s ^= (uint64_t)1 << (k + n);
            if (c > 0)
                s ^= (uint64_t)1 << (k - 1);
            if (c + 1 < n)
                s ^= (uint64_t)1 << (k + 1);
        }
        if (s == 0 && (best < 0 || presses < best))
            best = presses;
    }
    return best;
}

/* The board as a line record of '1' and '0'. */
static void text_of(uint32_t n, uint64_t board, char *buf)
{
    for (uint32_t k = 0; k < n * n; k++) {
        *buf++ = board >> k & 1 ? '1' : '0';
        if (k % n == n - 1 && k + 1 < n * n)
            *buf++ = '/';
    }
    *buf = '\0';
}

/* Every engine gives the fewest presses, on every 3x3 board and on random
   4x4 boards. */
static void test_engines(void)
{
    static const char *const names[] = {"lexact", "lsearch", "lauto"};
    rules_choice none = {NULL, 0, 0, 0};
    rules *rs = rules_new(&cfg, ld, &none);
    bfs *b = bfs_new();
    char msg[RULES_MSG_MAX], text[64];
    uint64_t seed = 12345;

    for (uint32_t n = 3; n <= 4; n++)
        for (int t = 0; t < (n == 3 ? 512 : 64); t++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            uint64_t board = n == 3 ? (uint64_t)t : seed >> 48;
            int want = brute_force(n, board);
            text_of(n, board, text);
            for (int e = 0; e < 3; e++) {
                rule_inst *in = rules_get(rs, names[e], n, n);
                solve_result r = answer(in, text, b, msg);
                CHECK_MSG(want < 0 ? r.status == ST_IMPOSSIBLE
                                   : r.status == ST_SOLVED &&
                                         r.moves == (uint64_t)want,
                          "%s %s: status %d, %llu moves, want %d", names[e],
                          text, (int)r.status, (unsigned long long)r.moves,
                          want);
            }
        }
    bfs_free(b);
    rules_free(rs);
}

/* auto with an exact solver and a table that fits: the exact solver pays
   rent until it has cost what the table would, then the table answers;
   the fewest presses are the same either way. */
static void test_rent(void)
{
    rules_choice none = {NULL, 0, 0, 0};
    rules *rs = rules_new(&cfg, ld, &none);
    bfs *b = bfs_new();
    char msg[RULES_MSG_MAX], text[64];
    rule_inst *in = rules_get(rs, "lauto", 4, 4);
    rule_inst *dear = rules_get(rs, "lauto", 3, 3);

    CHECK(in->rent && in->use_exact && dear->rent);
    in->table_price_ns = 0;            /* paid by the first puzzle */
    dear->table_price_ns = UINT64_MAX; /* never paid */
    for (uint64_t board = 0; board < 300; board++) {
        uint64_t big = board * 218; /* 300 boards spread over 2^16 */
        int want = brute_force(4, big);
        text_of(4, big, text);
        solve_result r = answer(in, text, b, msg);
        CHECK_MSG(want < 0 ? r.status == ST_IMPOSSIBLE
                           : r.status == ST_SOLVED && r.moves == (uint64_t)want,
                  "4x4 %s: %llu moves, want %d", text,
                  (unsigned long long)r.moves, want);
        want = brute_force(3, board % 512);
        text_of(3, board % 512, text);
        r = answer(dear, text, b, msg);
        CHECK_MSG(want < 0 ? r.status == ST_IMPOSSIBLE
                           : r.status == ST_SOLVED && r.moves == (uint64_t)want,
                  "3x3 %s: %llu moves, want %d", text,
                  (unsigned long long)r.moves, want);
    }
    CHECK_MSG(atomic_load(&in->table.t) != NULL,
              "the paid-for table was built");
    CHECK_MSG(atomic_load(&dear->table.t) == NULL,
              "no table before the rent is paid");
    /* with a path asked for, the exact solver throughout, no rent: the
       path must not depend on when a table was bought */
    rules_free(rs);
    rules_choice path = {NULL, 0, 0, 1};
    rs = rules_new(&cfg, ld, &path);
    in = rules_get(rs, "lauto", 4, 4);
    CHECK(!in->rent && in->use_exact);
    bfs_free(b);
    rules_free(rs);
}

/* Limits: a search past max_states, a board past the search engine. */
static void test_limits(void)
{
    rules_choice none = {NULL, 0, 0, 0};
    rules *rs = rules_new(&cfg, ld, &none);
    bfs *b = bfs_new();
    char msg[RULES_MSG_MAX];
    rule_inst *in = rules_get(rs, "target", 0, 0);
    solve_result r = answer(in,
                            "bbbbb/bbbbb/bbbbb/bbbbb/bbbbb "
                            "wwwww/wwwww/wwwww/wwwww/wwwww",
                            b, msg);
    CHECK(r.status == ST_LIMIT && r.message &&
          !strcmp(r.message,
                  "more than 100 states searched (limits: max_states)"));
    in = rules_get(rs, "lsearch", 9, 9);
    char board[9 * 10];
    for (int k = 0; k < 90; k++)
        board[k] = k % 10 == 9 ? '/' : '0';
    board[89] = '\0';
    r = answer(in, board, b, msg);
    CHECK(r.status == ST_LIMIT && r.message &&
          strstr(r.message, "more than 64 cells"));
    in = rules_get(rs, "lexact", 9, 9); /* the exact solver has no limit */
    r = answer(in, board, b, msg);
    CHECK(r.status == ST_SOLVED && r.moves == 0);
    bfs_free(b);
    rules_free(rs);
}

/* The threads of test_shelf(): each answers its instance's boards
   PASSES times, counting the answers that are not right, and the limits
   (a search stops at max_states 100: only a table answers them all). */
#define SHELF_THREADS 4
#define SHELF_BOARDS 300
#define PASSES 3
typedef struct shelf_thread {
    rule_inst *in;
    const int *want; /* brute_force(4, board * 218), for every board */
    uint64_t wrong, limits;
    pthread_t tid;
} shelf_thread;

static void *shelf_main(void *arg)
{
    shelf_thread *t = arg;
    bfs *b = bfs_new();
    char msg[RULES_MSG_MAX], text[64];
    puzzle p = {0};
    for (int pass = 0; pass < PASSES; pass++)
        for (uint64_t k = 0; k < SHELF_BOARDS; k++) {
            text_of(4, k * 218, text);
            if (boards_of(t->in, text, &p)) {
                t->wrong++;
                continue;
            }
            solve_result r = solve_record(t->in, p.b, b, msg);
            int want = t->want[k];
            if (r.status == ST_LIMIT)
                t->limits++;
            else if (want < 0
                         ? r.status != ST_IMPOSSIBLE
                         : r.status != ST_SOLVED || r.moves != (uint64_t)want)
                t->wrong++;
        }
    bfs_free(b);
    puzzle_free(&p);
    return NULL;
}

/* Two rules whose 4x4 tables cannot both be held in the tables' share of
   1 MiB (352 KiB: one kept table of 64 KiB and another's build of 320 KiB
   are 384 KiB), answered on threads at once: each table fits the share
   by itself, so each is built, the other evicted to make room, and every
   answer is the table's, never a search's limit, whatever the threads
   did (a table held by one thread is never freed under it). */
static void test_shelf(void)
{
    static const char tight[] =
        "limits: {memory: 1048576, max_states: 100}\n"
        "rules:\n"
        "  s1: {plugin: flip-neighbors, goal: \"off\", cells: \"10\", "
        "engine: search}\n"
        "  s2: {plugin: flip-neighbors, goal: \"off\", cells: \"10\", "
        "engine: search}\n";
    config small;
    char err[512];
    config_init(&small);
    if (!CHECK_MSG(config_load_text(&small, "tight.yaml", tight, strlen(tight),
                                    err, sizeof err) == 0,
                   "%s", err)) {
        config_free(&small);
        return;
    }
    rules_choice none = {NULL, 0, 0, 0};
    rules *rs = rules_new(&small, ld, &none);
    rule_inst *in[2] = {rules_get(rs, "s1", 4, 4), rules_get(rs, "s2", 4, 4)};
    static int want[SHELF_BOARDS];
    shelf_thread t[SHELF_THREADS];

    for (uint64_t k = 0; k < SHELF_BOARDS; k++)
        want[k] = brute_force(4, k * 218);
    for (int k = 0; k < SHELF_THREADS; k++) {
        t[k] = (shelf_thread){in[k % 2], want, 0, 0, 0};
        CHECK(pthread_create(&t[k].tid, NULL, shelf_main, &t[k]) == 0);
    }
    uint64_t wrong = 0, limits = 0;
    for (int k = 0; k < SHELF_THREADS; k++) {
        pthread_join(t[k].tid, NULL);
        wrong += t[k].wrong;
        limits += t[k].limits;
    }
    CHECK_MSG(wrong == 0, "%llu wrong answers", (unsigned long long)wrong);
    CHECK_MSG(limits == 0, "%llu searches, not the table",
              (unsigned long long)limits);
    CHECK_MSG(!atomic_load(&in[0]->table.t) != !atomic_load(&in[1]->table.t),
              "one table kept: both do not fit");
    rules_free(rs);
    config_free(&small);
}

int main(void)
{
    const char *dir = getenv("GRIDBFS_PLUGIN_DIR");
    char err[512];
    if (!dir || !*dir) {
        fprintf(stderr, "solve.c: set GRIDBFS_PLUGIN_DIR to the folder of "
                        "the built plugins\n");
        return 1;
    }
    config_init(&cfg);
    if (!CHECK_MSG(config_load_text(&cfg, "t.yaml", yaml, strlen(yaml), err,
                                    sizeof err) == 0,
                   "%s", err))
        return check_done();
    ld = loader_new();
    loader_add_dir(ld, dir);
    test_choose();
    test_samples();
    test_engines();
    test_rent();
    test_limits();
    test_shelf();
    loader_free(ld);
    config_free(&cfg);
    return check_done();
}
