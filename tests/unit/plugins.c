/*
 * plugins.c - unit test of the bundled rule plugins, flip-neighbors,
 * swap-adjacent and flip-lines (apply() alone), loaded with dlopen from
 * $GRIDBFS_PLUGIN_DIR.
 *
 * Every expectation is worked out by hand from the rules, never taken from
 * a plugin's own output.  Boards are pictures, rows joined by '/', '1' for a
 * set cell: "0100/1110/0100/0000" is the plus around (1,1), 0-based.
 * Checks, failure lines and the closing line: check.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <gridbfs/plugin.h>

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARAMS_MAX 8 /* parameters in one spec */
#define SPEC_MAX 512 /* bytes of one spec */
#define TEXT_MAX 256 /* error and move text buffers */

#include "as_abi1.h"
#include "as_core.h"
#include "check.h"

static uint64_t next[GRIDBFS_MAX_MOVES];

/* The state a picture stands for: row r, column c is bit r * cols + c. */
static uint64_t pic(const char *s)
{
    size_t k = 0;
    uint64_t bits = 0;

    for (; *s; s++) {
        if (*s == '/')
            continue;
        if (*s == '1')
            bits |= (uint64_t)1 << k;
        k++;
    }
    return bits;
}

/* The plugin dir/name.so's table, or NULL with a message. */
static const gridbfs_plugin *load(const char *dir, const char *name)
{
    char path[4096];
    const gridbfs_plugin *(*entry)(void);
    void *handle, *sym;

    snprintf(path, sizeof path, "%s/%s.so", dir, name);
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fprintf(stderr, "plugins.c: cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    sym = dlsym(handle, GRIDBFS_ENTRY_NAME);
    if (!sym && (sym = dlsym(handle, GRIDBFS_ENTRY2_NAME))) {
        const gridbfs_plugin2 *(*entry2)(void);
        memcpy(&entry2, &sym, sizeof entry2);
        return as_abi1(entry2()); /* its two-colour rules */
    }
    if (!sym) {
        fprintf(stderr, "plugins.c: %s: no %s\n", path, GRIDBFS_ENTRY_NAME);
        return NULL;
    }
    memcpy(&entry, &sym, sizeof entry); /* POSIX: object to function */
    return entry();
}

/* A rule instance made from a spec, "key=value key=value ...". */
struct rule {
    const gridbfs_plugin *p;
    gridbfs_rule r;
    gridbfs_error err;
    char text[TEXT_MAX];
    int rc;
};

/* Split spec into parameters and create(); release with drop(). */
static void make(struct rule *t, const gridbfs_plugin *p, const char *spec)
{
    char buf[SPEC_MAX], *save = NULL;
    gridbfs_param params[PARAMS_MAX];
    size_t n = 0;

    memset(t, 0, sizeof *t);
    t->p = p;
    t->err = (gridbfs_error){t->text, sizeof t->text, -1};
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *tok = strtok_r(buf, " ", &save); tok && n < PARAMS_MAX;
         tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');

        *eq = '\0';
        params[n++] = (gridbfs_param){tok, eq + 1};
    }
    t->r = as_core(params, n);
    t->rc = p->create(params, n, &t->r, &t->err);
}

static void drop(struct rule *t)
{
    if (t->rc == 0)
        t->p->destroy(t->r.inst);
}

/* spec makes a rows x cols rule with that many moves, boards and flags. */
static void expect_rule(int line, const gridbfs_plugin *p, const char *spec,
                        uint32_t rows, uint32_t cols, uint32_t moves,
                        uint32_t boards, uint32_t flags)
{
    struct rule t;

    make(&t, p, spec);
    CHECK_AT(line, t.rc == 0, "'%s': create failed: %s", spec, t.text);
    if (t.rc == 0)
        CHECK_AT(line,
                 t.r.rows == rows && t.r.cols == cols && t.r.moves == moves &&
                     t.r.boards == boards && t.r.flags == flags &&
                     t.r.inst != NULL,
                 "'%s': got %ux%u, %u moves, %u boards, flags %u; "
                 "want %ux%u, %u, %u, %u",
                 spec, t.r.rows, t.r.cols, t.r.moves, t.r.boards, t.r.flags,
                 rows, cols, moves, boards, flags);
    drop(&t);
}
#define RULE(...) expect_rule(__LINE__, __VA_ARGS__)

/* In spec's rule, move m takes the picture from to the picture to. */
static void expect_move(int line, const gridbfs_plugin *p, const char *spec,
                        uint32_t m, const char *from, const char *to)
{
    struct rule t;

    make(&t, p, spec);
    CHECK_AT(line, t.rc == 0 && m < t.r.moves, "'%s': no move %u %s", spec, m,
             t.text);
    if (t.rc == 0 && m < t.r.moves) {
        p->expand(t.r.inst, pic(from), next);
        CHECK_AT(line, next[m] == pic(to),
                 "'%s': move %u from %s: got %#llx, "
                 "want %s",
                 spec, m, from, (unsigned long long)next[m], to);
    }
    drop(&t);
}
#define MOVE(...) expect_move(__LINE__, __VA_ARGS__)

/* Flip: pressing cell m of an empty board lights exactly the picture want. */
#define PRESS(p, spec, m, want) expect_move(__LINE__, p, spec, m, "0", want)

/*
 * The goals of spec's rule for the puzzle start/target (pictures, NULL for
 * none) are exactly the n pictures in want, in any order.
 */
static void expect_goals(int line, const gridbfs_plugin *p, const char *spec,
                         const char *start, const char *target, uint32_t n,
                         const char *const *want)
{
    struct rule t;
    gridbfs_board boards[2];
    uint64_t out[GRIDBFS_MAX_GOALS];
    uint32_t got;

    memset(boards, 0, sizeof boards);
    boards[0].w[0] = start ? pic(start) : 0;
    boards[1].w[0] = target ? pic(target) : 0;
    make(&t, p, spec);
    CHECK_AT(line, t.rc == 0, "'%s': create failed: %s", spec, t.text);
    if (t.rc != 0)
        return;
    got = p->goals(t.r.inst, start ? boards : NULL, out, GRIDBFS_MAX_GOALS);
    CHECK_AT(line, got == n, "'%s': %u goals, want %u", spec, got, n);
    for (uint32_t i = 0; i < n && got == n; i++) {
        int found = 0;

        for (uint32_t j = 0; j < got; j++)
            found |= out[j] == pic(want[i]);
        CHECK_AT(line, found, "'%s': goal %s missing", spec, want[i]);
    }
    drop(&t);
}
#define GOALS(p, spec, start, target, ...)                                     \
    expect_goals(__LINE__, p, spec, start, target,                             \
                 sizeof((const char *[]){__VA_ARGS__}) / sizeof(char *),       \
                 (const char *const[]){__VA_ARGS__})
#define NO_GOALS(p, spec, start, target)                                       \
    expect_goals(__LINE__, p, spec, start, target, 0, NULL)

/*
 * spec is refused with err->param == at and the message want, or any
 * message starting with want when want ends in '*'.  Either way the message
 * is one line starting with a lowercase letter.
 */
static void expect_error(int line, const gridbfs_plugin *p, const char *spec,
                         long at, const char *want)
{
    struct rule t;
    size_t len = strlen(want);
    int prefix = len > 0 && want[len - 1] == '*';

    make(&t, p, spec);
    CHECK_AT(line, t.rc == -1, "'%s': accepted", spec);
    if (t.rc != -1) {
        drop(&t);
        return;
    }
    CHECK_AT(line, t.err.param == at, "'%s': param %ld, want %ld", spec,
             t.err.param, at);
    CHECK_AT(line,
             prefix ? strncmp(t.text, want, len - 1) == 0
                    : strcmp(t.text, want) == 0,
             "'%s': message\n  got  '%s'\n  want '%s'", spec, t.text, want);
    CHECK_AT(line, !strchr(t.text, '\n') && islower((unsigned char)t.text[0]),
             "'%s': not one lowercase line: '%s'", spec, t.text);
}
#define ERROR(...) expect_error(__LINE__, __VA_ARGS__)

/* Move m of spec's rule prints as want in style. */
static void expect_text(int line, const gridbfs_plugin *p, const char *spec,
                        uint32_t m, int style, const char *want)
{
    struct rule t;
    char buf[TEXT_MAX];
    int n;

    make(&t, p, spec);
    CHECK_AT(line, t.rc == 0, "'%s': create failed: %s", spec, t.text);
    if (t.rc != 0)
        return;
    n = p->move_text(t.r.inst, m, style, buf, sizeof buf);
    CHECK_AT(line,
             n >= 0 && strcmp(buf, want) == 0 && (size_t)n == strlen(want),
             "'%s': move %u style %d: got %d '%s', want '%s'", spec, m, style,
             n, n >= 0 ? buf : "", want);
    /* Exactly enough room fits; one byte less does not. */
    n = p->move_text(t.r.inst, m, style, buf, strlen(want) + 1);
    CHECK_AT(line, n == (int)strlen(want), "'%s': move %u: exact cap failed",
             spec, m);
    n = p->move_text(t.r.inst, m, style, buf, strlen(want));
    CHECK_AT(line, n == -1, "'%s': move %u: short cap gave %d", spec, m, n);
    drop(&t);
}
#define TEXT(...) expect_text(__LINE__, __VA_ARGS__)

/* The table: ABI, name and the documented keys with their defaults. */
static void test_table(const gridbfs_plugin *p, const char *name,
                       const char *const *keys, const char *const *defaults)
{
    size_t i = 0;

    CHECK_MSG(p->abi == GRIDBFS_ABI, "%s: abi %#x", name, (unsigned)p->abi);
    CHECK_MSG(p->size == sizeof(gridbfs_plugin), "%s: size %u", name,
              (unsigned)p->size);
    CHECK_MSG(p->name && strcmp(p->name, name) == 0, "%s: name '%s'", name,
              p->name ? p->name : "(null)");
    CHECK_MSG(p->summary && *p->summary && !strchr(p->summary, '\n'),
              "%s: summary", name);
    CHECK_MSG(p->create && p->destroy && p->goals && p->expand && p->move_text,
              "%s: missing operations", name);
    for (; keys[i]; i++)
        CHECK_MSG(p->params[i].key && strcmp(p->params[i].key, keys[i]) == 0 &&
                      strcmp(p->params[i].default_value, defaults[i]) == 0 &&
                      p->params[i].help && *p->params[i].help,
                  "%s: param %zu is not %s (default %s)", name, i, keys[i],
                  defaults[i]);
    CHECK_MSG(p->params[i].key == NULL, "%s: params not NULL-terminated", name);
}

static void test_flip_masks(const gridbfs_plugin *f)
{
    const char *plus = "size=4x4", *pwrap = "size=4x4 wrap=true";
    const char *diag = "size=4x4 stencil=101/010/101";
    const char *dwrap = "size=4x4 stencil=101/010/101 wrap=true";
    const char *p35 = "size=3x5", *p35w = "size=3x5 wrap=true";
    const char *d35 = "size=3x5 stencil=101/010/101";
    const char *d35w = "size=3x5 stencil=101/010/101 wrap=true";

    /* 4x4 plus: corner, edge, centre, far corner, left edge. */
    PRESS(f, plus, 0, "1100/1000/0000/0000");
    PRESS(f, plus, 2, "0111/0010/0000/0000");
    PRESS(f, plus, 5, "0100/1110/0100/0000");
    PRESS(f, plus, 15, "0000/0000/0001/0011");
    PRESS(f, plus, 8, "0000/1000/1100/1000");
    PRESS(f, pwrap, 0, "1101/1000/0000/1000");
    PRESS(f, pwrap, 2, "0111/0010/0000/0010");
    PRESS(f, pwrap, 5, "0100/1110/0100/0000");
    PRESS(f, pwrap, 15, "0001/0000/0001/1011");
    /* 4x4 diagonals. */
    PRESS(f, diag, 0, "1000/0100/0000/0000");
    PRESS(f, diag, 2, "0010/0101/0000/0000");
    PRESS(f, diag, 5, "1010/0100/1010/0000");
    PRESS(f, dwrap, 0, "1000/0101/0000/0101");
    PRESS(f, dwrap, 2, "0010/0101/0000/0101");
    PRESS(f, dwrap, 5, "1010/0100/1010/0000");
    /* 3 rows by 5 columns. */
    PRESS(f, p35, 0, "11000/10000/00000");
    PRESS(f, p35, 5, "10000/11000/10000");
    PRESS(f, p35, 7, "00100/01110/00100");
    PRESS(f, p35, 14, "00000/00001/00011");
    PRESS(f, p35w, 0, "11001/10000/10000");
    PRESS(f, p35w, 9, "00001/10011/00001");
    PRESS(f, p35w, 7, "00100/01110/00100");
    PRESS(f, d35, 0, "10000/01000/00000");
    PRESS(f, d35, 5, "01000/10000/01000");
    PRESS(f, d35, 7, "01010/00100/01010");
    PRESS(f, d35w, 0, "10000/01001/01001");
    PRESS(f, d35w, 14, "10010/10010/00001");
    /* Orientation: stencil row 0 is the row above, column 0 the left. */
    PRESS(f, "size=4x4 stencil=110/000/000", 5, "1100/0000/0000/0000");
    PRESS(f, "size=4x4 stencil=000/001/000", 5, "0000/0010/0000/0000");
    PRESS(f, "size=4x4 stencil=000/000/010", 5, "0000/0000/0100/0000");
    /* Tiny tori: a cell the stencil covers twice still flips once. */
    PRESS(f, "size=2x2 wrap=true", 0, "11/10");
    PRESS(f, "size=1x2 wrap=true", 0, "11");
    PRESS(f, "size=1x3 wrap=true", 0, "111");
    PRESS(f, "size=1x3", 0, "110");
    PRESS(f, "size=1x1 wrap=true", 0, "1");
    PRESS(f, "size=1x1 stencil=101/000/101", 0, "0");
    /* Presses xor into a non-empty state. */
    MOVE(f, plus, 0, "1111/0000/0000/0000", "0011/1000/0000/0000");
    MOVE(f, plus, 5, "0100/1110/0100/0001", "0000/0000/0000/0001");
    /* An empty stencil changes nothing. */
    for (uint32_t m = 0; m < 16; m++)
        MOVE(f, "size=4x4 stencil=000/000/000", m, "1001/0110/0000/1111",
             "1001/0110/0000/1111");
}

static void test_flip_rules(const gridbfs_plugin *f)
{
    /* the moves style's judge text is the count unless a path is asked;
       every press XORs its stencil (ABI 1.3) */
    const uint32_t inv = GRIDBFS_INVOLUTIVE | GRIDBFS_TEXT_BY_COUNT |
                         GRIDBFS_XOR_MOVES,
                   fixed = GRIDBFS_FIXED_GOAL;
    const char *sample = "1010/0101/1010/0101";
    struct rule t;

    RULE(f, "", 4, 4, 16, 1, inv | fixed);
    RULE(f, "size=4x4", 4, 4, 16, 1, inv | fixed);
    RULE(f, "size=3x5", 3, 5, 15, 1, inv | fixed);
    RULE(f, "size=10x3 goal=off", 10, 3, 30, 1, inv | fixed);
    RULE(f, "size=8x8 goal=target", 8, 8, 64, 2, inv);
    RULE(f, "size=32x32", 32, 32, 1024, 1, inv | fixed);
    RULE(f, "size=1x32 wrap=true", 1, 32, 32, 1, inv | fixed);
    /* a press matrix is printed whatever the path: it needs the moves */
    RULE(f, "size=4x4 path_style=matrix", 4, 4, 16, 1,
         GRIDBFS_INVOLUTIVE | GRIDBFS_XOR_MOVES | fixed);
    make(&t, f, "size=4x4");
    CHECK_MSG(t.rc == 0 && t.r.one == 'b' && t.r.zero == 'w', "default cells");
    drop(&t);
    make(&t, f, "cells=10 size=5x5");
    CHECK_MSG(t.rc == 0 && t.r.one == '1' && t.r.zero == '0', "cells=10");
    drop(&t);

    GOALS(f, "size=4x4", NULL, NULL, "0", "1111/1111/1111/1111");
    GOALS(f, "size=4x4 goal=uniform", NULL, NULL, "0", "1111/1111/1111/1111");
    GOALS(f, "size=4x4 goal=off", NULL, NULL, "0");
    GOALS(f, "size=4x4 goal=on", NULL, NULL, "1111/1111/1111/1111");
    GOALS(f, "size=3x5 goal=on", NULL, NULL, "11111/11111/11111");
    GOALS(f, "size=1x1", NULL, NULL, "0", "1");
    GOALS(f, "size=8x8", NULL, NULL, "0",
          "11111111/11111111/11111111/11111111/"
          "11111111/11111111/11111111/11111111");
    GOALS(f, "size=4x4 goal=target", "1111/0000/0000/0000", sample, sample);
    GOALS(f, "size=4x4 goal=target", "0", "0", "0");
}

/* goals() never writes more than max entries. */
static void test_goal_max(const gridbfs_plugin *f)
{
    struct rule t;
    uint64_t out[3] = {7, 7, 7};
    uint32_t n;

    make(&t, f, "size=4x4");
    CHECK_MSG(t.rc == 0, "size=4x4: create failed: %s", t.text);
    if (t.rc != 0)
        return;
    n = f->goals(t.r.inst, NULL, out, 1);
    CHECK_MSG(n == 1 && out[0] == 0 && out[1] == 7, "goals(max 1): %u", n);
    n = f->goals(t.r.inst, NULL, out, 0);
    CHECK_MSG(n == 0 && out[0] == 0 && out[1] == 7, "goals(max 0): %u", n);
    drop(&t);
}

static void test_flip_errors(const gridbfs_plugin *f)
{
    static const char *const sizes[] = {
        "0x4", "33x4", "4x33", "4x0",           "4x",
        "x4",  "4x4x", "+4x4", "4X4",           "4*4",
        "4",   "-1x4", "4x-4", "99999999999x4", "",
    };
    static const char *const stencils[] = {
        "01/111/010",
        "010/111/0100",
        "010/121/010",
        "010/111/010/",
        "010111010",
        "010/111",
        "",
        "010//111/010",
    };
    static const char *const cells[] = {
        "b", "bbb", "bb", "/w", "=w", "", "\xc3\xa9", "b\x01",
    };
    char spec[SPEC_MAX];

    /* The size is the core's (ABI 1.2): one it could not give is refused */
    ERROR(
        f, "size=0x4", -1,
        "needs a gridbfs that gives the board size (plugin ABI 1.2 or later)");
    ERROR(f, "size=4x4 goal=up", 1,
          "goal: expected uniform, off, on or target, got 'up'");
    ERROR(f, "size=4x4 stensil=010/111/010", 1,
          "unknown parameter 'stensil' (did you mean 'stencil'?)");
    ERROR(f, "sise=4x4", 0, "unknown parameter 'sise' (did you mean 'size'?)");
    ERROR(f, "size=4x4 goal=on celss=bw", 2,
          "unknown parameter 'celss' (did you mean 'cells'?)");
    ERROR(f, "size=4x4 stncl=010/111/010", 1,
          "unknown parameter 'stncl' (did you mean 'stencil'?)");
    ERROR(f, "size=4x4 stnl=010/111/010", 1, "unknown parameter 'stnl'");
    ERROR(f, "size=4x4 colour=3", 1,
          "unknown parameter 'colour' (did you mean 'colours'?)");
    ERROR(f, "size=4x4 tint=bw", 1, "unknown parameter 'tint'");
    ERROR(f, "=bw", 0, "unknown parameter ''");
    ERROR(f, "size=4x4 neighbourhood=8", 1,
          "unknown parameter 'neighbourhood'");
    ERROR(f, "size=4x4 wrap=true wrap=false", 2, "duplicate parameter 'wrap'");
    ERROR(f, "size=4x4 wrap=yes", 1, "wrap: expected true or false, got 'yes'");
    ERROR(f, "wrap=True size=4x4", 0, "wrap: expected true or false*");
    ERROR(f, "size=4x4 goal=Uniform", 1, "goal: expected uniform, off*");
    ERROR(f, "size=4x4 cells=bb", 1,
          "cells: expected two distinct printable characters, not blank, "
          "'/' or '=', got 'bb'");
    ERROR(f, "size=4x4 stencil=01/111/010", 1,
          "stencil: expected 3 rows of three 0 or 1 joined by '/', "
          "got '01/111/010'");
    /* Control characters show as '?'; a long value is cut between
     * UTF-8 characters, then "..." (39 'a', a 2-byte 'e' acute that would
     * end past byte 40, then more). */
    ERROR(f, "goal=a\nb", 0,
          "goal: expected uniform, off, on or target, "
          "got 'a?b'");
    ERROR(f,
          "goal=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9"
          "bbbb",
          0,
          "goal: expected uniform, off, on or target, "
          "got 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'");
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        snprintf(spec, sizeof spec, "goal=on size=%s", sizes[i]);
        ERROR(f, spec, -1, "needs a gridbfs that gives the board size*");
    }
    for (size_t i = 0; i < sizeof stencils / sizeof *stencils; i++) {
        snprintf(spec, sizeof spec, "stencil=%s", stencils[i]);
        ERROR(f, spec, 0, "stencil: expected 3 rows*");
    }
    for (size_t i = 0; i < sizeof cells / sizeof *cells; i++) {
        snprintf(spec, sizeof spec, "size=2x2 goal=off cells=%s", cells[i]);
        ERROR(f, spec, 2, "cells: expected two distinct*");
    }
}

/* A long value is cut, and a small error buffer is filled, not overrun. */
static void test_error_buffer(const gridbfs_plugin *p)
{
    char small[8], value[300];
    gridbfs_param param = {"cells", value};
    gridbfs_error err = {small, sizeof small, -1};
    gridbfs_rule rule = as_core(&param, 1);
    struct rule t;
    char spec[SPEC_MAX];

    memset(value, '7', sizeof value - 1);
    value[sizeof value - 1] = '\0';
    CHECK_MSG(p->create(&param, 1, &rule, &err) == -1 && err.param == 0 &&
                  strcmp(small, "cells: ") == 0,
              "%s: small buffer: '%s'", p->name, small);
    snprintf(spec, sizeof spec, "cells=%s", value);
    make(&t, p, spec);
    CHECK_MSG(t.rc == -1 && strstr(t.text, "777...'") && strlen(t.text) < 150,
              "%s: long value: '%s'", p->name, t.text);
    CHECK_MSG(p->create(&param, 1, &rule, NULL) == -1, "%s: NULL err", p->name);
}

static void test_flip_text(const gridbfs_plugin *f)
{
    TEXT(f, "size=4x4", 0, GRIDBFS_MOVE_JUDGE, "1 1");
    TEXT(f, "size=4x4", 6, GRIDBFS_MOVE_JUDGE, "2 3");
    TEXT(f, "size=4x4", 6, GRIDBFS_MOVE_COMPACT, "2,3");
    TEXT(f, "size=4x4", 15, GRIDBFS_MOVE_COMPACT, "4,4");
    TEXT(f, "size=3x5", 9, GRIDBFS_MOVE_JUDGE, "2 5");
    TEXT(f, "size=10x3", 29, GRIDBFS_MOVE_JUDGE, "10 3");
    TEXT(f, "size=10x3", 29, GRIDBFS_MOVE_COMPACT, "10,3");
    TEXT(f, "size=3x10", 29, GRIDBFS_MOVE_JUDGE, "3 10");
}

static void test_swap_pairs(const gridbfs_plugin *s)
{
    const uint32_t inv = GRIDBFS_INVOLUTIVE;
    struct rule t;

    RULE(s, "", 4, 4, 24, 2, inv);
    RULE(s, "size=4x4", 4, 4, 24, 2, inv);
    RULE(s, "size=4x4 neighbourhood=8", 4, 4, 42, 2, inv);
    RULE(s, "size=4x4 wrap=true", 4, 4, 32, 2, inv);
    RULE(s, "size=4x4 wrap=true neighbourhood=8", 4, 4, 64, 2, inv);
    RULE(s, "size=3x5", 3, 5, 22, 2, inv);
    RULE(s, "size=10x10", 10, 10, 180, 2, inv);
    RULE(s, "size=1x1", 1, 1, 0, 2, inv);
    RULE(s, "size=1x1 wrap=true neighbourhood=8", 1, 1, 0, 2, inv);
    RULE(s, "size=1x2", 1, 2, 1, 2, inv);
    RULE(s, "size=1x2 wrap=true", 1, 2, 1, 2, inv);
    RULE(s, "size=1x3 wrap=true", 1, 3, 3, 2, inv);
    RULE(s, "size=2x2 wrap=true", 2, 2, 4, 2, inv);
    RULE(s, "size=2x2 neighbourhood=8", 2, 2, 6, 2, inv);
    RULE(s, "size=2x2 neighbourhood=8 wrap=true", 2, 2, 6, 2, inv);
    RULE(s, "size=2x3 wrap=true", 2, 3, 9, 2, inv);
    RULE(s, "size=3x3 neighbourhood=8 wrap=true", 3, 3, 36, 2, inv);
    RULE(s, "size=32x32 neighbourhood=8", 32, 32, 3906, 2, inv);
    RULE(s, "size=32x32 neighbourhood=8 wrap=true", 32, 32, 4096, 2, inv);
    make(&t, s, "size=4x4");
    CHECK_MSG(t.rc == 0 && t.r.one == '1' && t.r.zero == '0', "swap cells");
    drop(&t);

    /* Move order: pairs (a, b), a < b, in lexicographic order. */
    static const char *const plain[] = {
        "1112", "1121", "1213", "1222", "1314", "1323", "1424", "2122",
    };
    static const char *const eight[] = {
        "1112", "1121", "1122", "1213", "1221", "1222", "1223", "1314",
    };
    static const char *const torus[] = {
        "1112", "1114", "1121", "1141", "1213", "1222", "1242", "1314",
    };
    for (uint32_t m = 0; m < 8; m++) {
        TEXT(s, "size=4x4", m, GRIDBFS_MOVE_JUDGE, plain[m]);
        TEXT(s, "size=4x4 neighbourhood=8", m, GRIDBFS_MOVE_JUDGE, eight[m]);
        TEXT(s, "size=4x4 wrap=true", m, GRIDBFS_MOVE_JUDGE, torus[m]);
    }
    TEXT(s, "size=4x4", 23, GRIDBFS_MOVE_JUDGE, "4344");
    TEXT(s, "size=4x4", 1, GRIDBFS_MOVE_COMPACT, "1,1-2,1");
    TEXT(s, "size=9x9", 143, GRIDBFS_MOVE_JUDGE, "9899");
    TEXT(s, "size=10x10", 0, GRIDBFS_MOVE_JUDGE, "1 1 1 2");
    TEXT(s, "size=10x10", 1, GRIDBFS_MOVE_JUDGE, "1 1 2 1");
    TEXT(s, "size=10x10", 179, GRIDBFS_MOVE_JUDGE, "10 9 10 10");
    TEXT(s, "size=10x10", 0, GRIDBFS_MOVE_COMPACT, "1,1-1,2");
    TEXT(s, "size=10x10", 179, GRIDBFS_MOVE_COMPACT, "10,9-10,10");
    TEXT(s, "size=3x10", 0, GRIDBFS_MOVE_JUDGE, "1 1 1 2");
    TEXT(s, "size=10x3", 1, GRIDBFS_MOVE_JUDGE, "1 1 2 1");
}

static void test_swap_moves(const gridbfs_plugin *s)
{
    const char *from = "1000/1000/0000/0000";
    const char *start = "1111/0000/1110/0010", *target = "1010/0101/1010/0101";

    MOVE(s, "size=4x4", 0, from, "0100/1000/0000/0000"); /* (0,1) differ */
    MOVE(s, "size=4x4", 1, from, from);                  /* (0,4) both 1 */
    MOVE(s, "size=4x4", 2, from, from);                  /* (1,2) both 0 */
    MOVE(s, "size=4x4", 7, from, "1000/0100/0000/0000"); /* (4,5) */
    MOVE(s, "size=4x4", 23, from, from);                 /* (14,15) */
    MOVE(s, "size=4x4 wrap=true", 3, from, "0000/1000/0000/1000");
    MOVE(s, "size=4x4 neighbourhood=8", 2, from, "0000/1100/0000/0000");

    GOALS(s, "size=4x4", start, target, target);
    NO_GOALS(s, "size=4x4", "1111/0000/1110/0011", target);
    NO_GOALS(s, "size=4x4", "0", "0001");
    GOALS(s, "size=4x4", "0", "0", "0");
    GOALS(s, "size=2x2", "10/00", "00/01", "00/01");
}

static void test_swap_errors(const gridbfs_plugin *s)
{
    ERROR(s, "neighbourhood=6", 0, "neighbourhood: expected 4 or 8, got '6'");
    ERROR(s, "size=4x4 neighborhood=8", 1,
          "unknown parameter 'neighborhood' (did you mean 'neighbourhood'?)");
    ERROR(s, "nieghbourhood=8", 0,
          "unknown parameter 'nieghbourhood' (did you mean 'neighbourhood'?)");
    ERROR(s, "size=4x4 stencil=010/111/010", 1, "unknown parameter 'stencil'");
    ERROR(s, "size=4x4 goal=off", 1, "unknown parameter 'goal'");
    ERROR(
        s, "size=4x33", -1,
        "needs a gridbfs that gives the board size (plugin ABI 1.2 or later)");
    ERROR(s, "size=4x4 wrap=1", 1, "wrap: expected true or false, got '1'");
    ERROR(s, "size=4x4 neighbourhood=4 cells=11", 2,
          "cells: expected two distinct printable characters, not blank, "
          "'/' or '=', got '11'");
    ERROR(s, "cells=1 size=4x4", 0, "cells: expected two distinct*");
    ERROR(s, "size=4x4 size=5x5", 1, "duplicate parameter 'size'");
}

/* Both plugins refuse out-of-range moves and unknown styles. */
static void test_text_refusals(const gridbfs_plugin *p, const char *spec,
                               uint32_t moves)
{
    struct rule t;
    char buf[TEXT_MAX];

    make(&t, p, spec);
    CHECK_MSG(t.rc == 0, "'%s': create failed", spec);
    if (t.rc != 0)
        return;
    CHECK_MSG(p->move_text(t.r.inst, moves, GRIDBFS_MOVE_JUDGE, buf,
                           sizeof buf) == -1,
              "%s: move %u past the end printed", p->name, moves);
    CHECK_MSG(p->move_text(t.r.inst, 0, 7, buf, sizeof buf) == -1,
              "%s: style 7 printed", p->name);
    CHECK_MSG(p->move_text(t.r.inst, 0, GRIDBFS_MOVE_JUDGE, buf, 0) == -1,
              "%s: cap 0 printed", p->name);
    drop(&t);
}

/* The xorshift64 step: the test's own random states, same every run. */
static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/*
 * ABI 1.3: spec's rule (at most 64 cells) offers apply(), and on 200
 * random states it agrees with expand() for every move, writing nothing
 * past the board's first word; a move that does not exist changes nothing.
 */
static void expect_apply_agrees(int line, const gridbfs_plugin *p,
                                const char *spec)
{
    struct rule t;
    uint64_t x = 0x9E3779B97F4A7C15u;
    int bad = 0;

    CHECK_AT(line, p->abi >= ((uint32_t)1 << 16 | 3) && p->apply != NULL,
             "%s: no apply() in ABI %#x", p->name, (unsigned)p->abi);
    make(&t, p, spec);
    CHECK_AT(line, t.rc == 0, "'%s': create failed: %s", spec, t.text);
    if (t.rc || !p->apply) {
        drop(&t);
        return;
    }
    uint32_t cells = t.r.rows * t.r.cols;
    uint64_t all = cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << cells) - 1;
    for (int i = 0; i < 200 && !bad; i++) {
        gridbfs_board b = {{0}}, out;
        b.w[0] = xorshift(&x) & all;
        p->expand(t.r.inst, b.w[0], next);
        for (uint32_t m = 0; m <= t.r.moves && !bad; m++) {
            memset(&out, 0xA5, sizeof out);
            p->apply(t.r.inst, &b, m, &out);
            uint64_t want = m < t.r.moves ? next[m] : b.w[0];
            for (int w = 1; w < GRIDBFS_BOARD_WORDS; w++)
                bad |= out.w[w] != 0;
            bad |= out.w[0] != want;
            CHECK_AT(line, !bad, "'%s': apply(%#llx, move %u) = %#llx, %s",
                     spec, (unsigned long long)b.w[0], m,
                     (unsigned long long)out.w[0],
                     out.w[0] != want ? "not expand()'s" : "bits past word 0");
        }
    }
    drop(&t);
}
#define APPLY_AGREES(...) expect_apply_agrees(__LINE__, __VA_ARGS__)

/* The move of spec's rule whose compact text is text, or UINT32_MAX. */
static uint32_t move_named(const struct rule *t, const char *text)
{
    char buf[TEXT_MAX];
    for (uint32_t m = 0; m < t->r.moves; m++)
        if (t->p->move_text(t->r.inst, m, GRIDBFS_MOVE_COMPACT, buf,
                            sizeof buf) > 0 &&
            strcmp(buf, text) == 0)
            return m;
    return UINT32_MAX;
}

/*
 * In spec's rule (over 64 cells), the move named text (compact) on board
 * from (cells set, 0-based, ending in -1) gives the board with the cells of
 * want set (ending in -1), worked out by hand.
 */
static void expect_big_apply(int line, const gridbfs_plugin *p,
                             const char *spec, const char *text,
                             const int *from, const int *want)
{
    struct rule t;
    gridbfs_board b = {{0}}, out, expect = {{0}};

    make(&t, p, spec);
    uint32_t m = t.rc == 0 ? move_named(&t, text) : UINT32_MAX;
    CHECK_AT(line, m != UINT32_MAX, "'%s': no move %s %s", spec, text, t.text);
    if (m != UINT32_MAX && p->apply) {
        for (; *from >= 0; from++)
            b.w[*from / 64] |= (uint64_t)1 << (*from % 64);
        for (; *want >= 0; want++)
            expect.w[*want / 64] |= (uint64_t)1 << (*want % 64);
        p->apply(t.r.inst, &b, m, &out);
        CHECK_AT(line, memcmp(&out, &expect, sizeof out) == 0,
                 "'%s': move %s is not the board worked out by hand", spec,
                 text);
    }
    drop(&t);
}
#define BIG_APPLY(...) expect_big_apply(__LINE__, __VA_ARGS__)

static void test_apply(const gridbfs_plugin *flip, const gridbfs_plugin *swap,
                       const gridbfs_plugin *lines)
{
    static const int none[] = {-1};
    /* 32x32 plus: (21,32) flips itself, (20,32), (22,32) and (21,31),
       1-based: cells 20*32+31 = 671, 639, 703 and 670 */
    static const int plus[] = {639, 670, 671, 703, -1};
    /* on a board holding 639 and 1023 already, 639 goes off again */
    static const int plus_from[] = {639, 1023, -1};
    static const int plus_to[] = {670, 671, 703, 1023, -1};
    /* 10x10 swap of (10,9)-(10,10): cells 98 and 99 */
    static const int left[] = {98, -1}, right[] = {99, -1};
    /* 8x9 flip-lines at (1,1): row 1 (cells 0..8) and column 1 (0, 9, ...,
       63), the cell itself once */
    static const int cross[] = {0, 1,  2,  3,  4,  5,  6,  7, 8,
                                9, 18, 27, 36, 45, 54, 63, -1};

    if (flip) {
        APPLY_AGREES(flip, "size=4x4");
        APPLY_AGREES(flip, "size=8x8 goal=off");
        APPLY_AGREES(flip, "size=5x6 stencil=101/010/101 wrap=true");
        APPLY_AGREES(flip, "size=2x2 stencil=111/111/111 wrap=true");
        APPLY_AGREES(flip, "size=1x7 goal=target");
        BIG_APPLY(flip, "size=32x32", "21,32", none, plus);
        BIG_APPLY(flip, "size=32x32", "21,32", plus_from, plus_to);
    }
    if (swap) {
        APPLY_AGREES(swap, "size=4x4");
        APPLY_AGREES(swap, "size=8x8 neighbourhood=8 wrap=true");
        APPLY_AGREES(swap, "size=3x5 wrap=true");
        BIG_APPLY(swap, "size=10x10", "10,9-10,10", left, right);
        BIG_APPLY(swap, "size=10x10", "10,9-10,10", right, left);
        BIG_APPLY(swap, "size=10x10", "10,9-10,10", none, none);
    }
    if (lines) {
        APPLY_AGREES(lines, "size=4x4");
        APPLY_AGREES(lines, "size=8x8 goal=uniform");
        APPLY_AGREES(lines, "size=3x5");
        BIG_APPLY(lines, "size=8x9", "1,1", none, cross);
    }
}

int main(void)
{
    static const char *const fkeys[] = {"size",        "stencil", "wrap",
                                        "goal",        "cells",   "path_style",
                                        "max_nullity", "colours", NULL};
    static const char *const fdefs[] = {
        "4x4", "010/111/010", "false", "uniform", "bw", "moves", "20", "2"};
    static const char *const skeys[] = {"size", "neighbourhood", "wrap",
                                        "cells", NULL};
    static const char *const sdefs[] = {"4x4", "4", "false", "10"};
    const char *dir = getenv("GRIDBFS_PLUGIN_DIR");
    const gridbfs_plugin *flip, *swap, *lines;

    if (!dir || !*dir) {
        fprintf(stderr, "plugins.c: set GRIDBFS_PLUGIN_DIR to the folder "
                        "of the built plugins\n");
        return 1;
    }
    flip = load(dir, "flip-neighbors");
    swap = load(dir, "swap-adjacent");
    lines = load(dir, "flip-lines");
    CHECK_MSG(flip != NULL, "flip-neighbors.so did not load");
    CHECK_MSG(swap != NULL, "swap-adjacent.so did not load");
    if (flip) {
        test_table(flip, "flip-neighbors", fkeys, fdefs);
        test_flip_masks(flip);
        test_flip_rules(flip);
        test_goal_max(flip);
        test_flip_errors(flip);
        test_error_buffer(flip);
        test_flip_text(flip);
        test_text_refusals(flip, "size=4x4", 16);
    }
    if (swap) {
        test_table(swap, "swap-adjacent", skeys, sdefs);
        test_swap_pairs(swap);
        test_swap_moves(swap);
        test_swap_errors(swap);
        test_error_buffer(swap);
        test_text_refusals(swap, "size=4x4", 24);
        test_text_refusals(swap, "size=4x4 wrap=true", 32);
        test_text_refusals(swap, "size=1x1", 0);
    }
    CHECK_MSG(lines != NULL, "flip-lines.so did not load");
    test_apply(flip, swap, lines);
    return check_done();
}
