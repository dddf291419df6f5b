/*
 * tests/unit/config.c - unit test of core/config.c.
 *
 * Usage: config [PATH/TO/config/gridbfs.yaml]
 * Without the argument the case checking the shipped file is skipped (and
 * said so).  Every error case gives the exact "FILE:LINE:COL: message"
 * expected, its line and column counted by hand from the YAML literal.
 * Checks, failure lines and the closing line: check.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"
#include "text.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ERR_CAP 512
#define MIB (1024u * 1024u)

#include "check.h"

static void check_str(const char *got, const char *want, int line)
{
    int ok = (got && want) ? !strcmp(got, want) : got == want;
    check(ok, line, "string");
    if (!ok)
        fprintf(stderr, "    got:  %s\n    want: %s\n", got ? got : "(null)",
                want ? want : "(null)");
}
#define CHECK_STR(got, want) check_str((got), (want), __LINE__)

/* Load yaml (named t.yaml) into cfg; returns config_load_text's result. */
static int load(config *cfg, const char *yaml, char *err)
{
    err[0] = '\0';
    return config_load_text(cfg, "t.yaml", yaml, strlen(yaml), err, ERR_CAP);
}

/* yaml must load cleanly into a fresh config. */
static void expect_ok(const char *yaml, int line)
{
    config cfg;
    char err[ERR_CAP];

    config_init(&cfg);
    check(load(&cfg, yaml, err) == 0, line, "loads");
    if (err[0])
        fprintf(stderr, "    error: %s\n", err);
    config_free(&cfg);
}
#define OK(yaml) expect_ok((yaml), __LINE__)

/* yaml must be refused with exactly the message want. */
static void expect_err(const char *yaml, const char *want, int line)
{
    config cfg;
    char err[ERR_CAP];

    config_init(&cfg);
    check(load(&cfg, yaml, err) == -1, line, "refused");
    check_str(err, want, line);
    config_free(&cfg);
}
#define ERR(yaml, want) expect_err((yaml), (want), __LINE__)

/* A profile's size as "RxC", or "" when it gives none. */
static const char *size_of(const cfg_profile *pr)
{
    static char buf[16];
    buf[0] = '\0';
    if (pr && pr->rows)
        snprintf(buf, sizeof buf, "%ux%u", (unsigned)pr->rows,
                 (unsigned)pr->cols);
    return buf;
}

static const char *param(const cfg_profile *pr, const char *key)
{
    for (size_t i = 0; pr && i < pr->nparams; i++)
        if (!strcmp(pr->params[i].key, key))
            return pr->params[i].value;
    return NULL;
}

static void test_full(void)
{
    static const char yaml[] =
        "# a comment\n"
        "defaults: {rule: p1225, format: csv, path: true, jobs: 1024}\n"
        "limits:\n"
        "  max_states: 1000000000000\n"
        "  max_line: 1073741824\n"
        "  memory: 17179869184\n" /* max_line fits a sixteenth */
        "rules:\n"
        "  lights5:\n"
        "    plugin: flip-neighbors\n"
        "    size: 5x5\n"
        "    goal: off\n"
        "    wrap: yes\n"
        "    stencil: [\"010\", \"111\", \"010\"]\n"
        "    impossible: IMPOSSIBLE\n"
        "    path: false\n"
        "  p1225: {plugin: swap-adjacent, cells: \"10\", neighbourhood: 4}\n"
        "routes:\n"
        "  - {glob: \"*.swap\", rule: p1225}\n";
    config cfg;
    char err[ERR_CAP];
    const cfg_profile *pr;

    config_init(&cfg);
    CHECK(load(&cfg, yaml, err) == 0);
    CHECK_STR(err, "");
    CHECK_STR(cfg.rule, "p1225");
    CHECK_STR(cfg.format, "csv");
    CHECK(cfg.path == 1);
    CHECK(cfg.jobs == 1024);
    CHECK(cfg.max_states == 1000000000000u);
    CHECK(cfg.max_line == 1073741824u);
    CHECK(cfg.nprofiles == 2);
    pr = config_profile(&cfg, "lights5");
    CHECK(pr != NULL);
    CHECK_STR(pr->plugin, "flip-neighbors");
    CHECK(pr->path == 0);
    CHECK_STR(pr->impossible, "IMPOSSIBLE");
    CHECK(pr->nparams == 3); /* size is the core's: typed, not passed on */
    CHECK_STR(size_of(pr), "5x5");
    CHECK(pr->size_at.line == 10 && pr->size_at.col == 11);
    CHECK_STR(param(pr, "goal"), "off"); /* text, never YAML 1.1's false */
    CHECK_STR(param(pr, "wrap"), "yes"); /* passed on; the plugin judges */
    CHECK_STR(param(pr, "stencil"), "010/111/010");
    CHECK(pr->at.line == 8 && pr->at.col == 3);
    CHECK_STR(pr->at.file, "t.yaml");
    CHECK(pr->params[2].at.line == 13 && pr->params[2].at.col == 14);
    pr = config_profile(&cfg, "p1225");
    CHECK(pr && pr->path == -1 && pr->impossible == NULL);
    CHECK_STR(param(pr, "cells"), "10");
    CHECK_STR(param(pr, "neighbourhood"), "4");
    CHECK(config_profile(&cfg, "nope") == NULL);
    CHECK(cfg.nroutes == 1 && cfg.routes[0].at.line == 18);
    CHECK(cfg.nfiles == 1);
    config_free(&cfg);
}

static void test_defaults_and_empty(void)
{
    config cfg;

    config_init(&cfg);
    CHECK_STR(cfg.rule, "poj1753");
    CHECK_STR(cfg.format, "judge");
    CHECK(cfg.path == 0 && cfg.jobs == 0);
    CHECK(cfg.max_states == 100000000 && cfg.max_line == 65536);
    CHECK(cfg.nprofiles == 0 && cfg.nroutes == 0 && cfg.nplugin_dirs == 0);
    config_free(&cfg);

    OK("");
    OK("# only a comment\n\n   # and another\n");
    OK("---\n");
    OK("---\n...\n");
    OK("~\n");
    OK("rules:\nroutes: ~\nplugin_dirs: []\ndefaults: {}\nlimits: null\n");
    OK("rules: {a: }\n");
    OK("defaults: {jobs: \"7\", path: 'true'}\n"); /* quoting changes nothing */
    OK("defaults: {jobs: 007}\n");
    OK("\xEF\xBB\xBF"
       "defaults: {jobs: 1}\r\n"); /* BOM, CRLF */
}

static void test_layering(void)
{
    static const char first[] = "defaults: {rule: poj1753, format: judge}\n"
                                "rules:\n"
                                "  poj1753: {plugin: flip-neighbors, size: "
                                "4x4, goal: uniform, cells: bw}\n";
    static const char second[] = "defaults: {format: jsonl}\n"
                                 "rules:\n"
                                 "  poj1753: {goal: target, path: true, "
                                 "stencil: [\"101\", \"010\", \"101\"]}\n"
                                 "  p3279: {plugin: flip-neighbors, goal: off, "
                                 "impossible: IMPOSSIBLE}\n";
    config cfg;
    char err[ERR_CAP];
    const cfg_profile *pr;

    config_init(&cfg);
    CHECK(config_load_text(&cfg, "one.yaml", first, strlen(first), err,
                           ERR_CAP) == 0);
    CHECK(config_load_text(&cfg, "two.yaml", second, strlen(second), err,
                           ERR_CAP) == 0);
    CHECK_STR(cfg.rule, "poj1753");
    CHECK_STR(cfg.format, "jsonl");
    CHECK(cfg.nprofiles == 2);
    pr = config_profile(&cfg, "poj1753");
    CHECK_STR(pr->plugin, "flip-neighbors");
    CHECK(pr->path == 1);
    CHECK_STR(size_of(pr), "4x4");
    CHECK(pr->nparams == 3);
    if (pr->nparams == 3) { /* replaced in place, new ones appended */
        CHECK_STR(pr->params[0].key, "goal");
        CHECK_STR(pr->params[0].value, "target");
        CHECK_STR(pr->params[0].at.file, "two.yaml");
        CHECK(pr->params[0].at.line == 3 && pr->params[0].at.col == 19);
        CHECK_STR(pr->params[1].key, "cells");
        CHECK_STR(pr->params[1].at.file, "one.yaml");
        CHECK_STR(pr->params[2].key, "stencil");
        CHECK_STR(pr->params[2].value, "101/010/101");
    }
    CHECK_STR(pr->at.file, "two.yaml");
    pr = config_profile(&cfg, "p3279");
    CHECK(pr && pr->path == -1);
    CHECK_STR(pr ? pr->impossible : NULL, "IMPOSSIBLE");
    CHECK(cfg.nfiles == 2);
    CHECK_STR(cfg.files[0], "one.yaml");
    CHECK_STR(cfg.files[1], "two.yaml");
    config_free(&cfg);
}

static char *cat(const char *a, const char *b)
{
    char *s = malloc(strlen(a) + strlen(b) + 1);
    if (!s)
        abort();
    return strcat(strcpy(s, a), b);
}

static void test_plugin_dirs(void)
{
    static const char one[] =
        "plugin_dirs: [plugins, /opt/p//x/, ./a/./b/../c]\n";
    static const char two[] = "plugin_dirs:\n  - first\n  - second\n";
    char cwd[PATH_MAX], err[ERR_CAP], *want;
    config cfg;

    if (!getcwd(cwd, sizeof cwd))
        abort();
    config_init(&cfg);
    CHECK(config_load_text(&cfg, "conf/./sub/g.yaml", one, strlen(one), err,
                           ERR_CAP) == 0);
    CHECK(cfg.nplugin_dirs == 3);
    want = cat(cwd, "/conf/sub/plugins");
    CHECK_STR(cfg.plugin_dirs[0], want);
    free(want);
    CHECK_STR(cfg.plugin_dirs[1], "/opt/p/x");
    want = cat(cwd, "/conf/sub/a/b/../c"); /* ".." is left to the system */
    CHECK_STR(cfg.plugin_dirs[2], want);
    free(want);
    /* A later file's folders come first, in their own order. */
    CHECK(config_load_text(&cfg, "/etc/gridbfs/x.yaml", two, strlen(two), err,
                           ERR_CAP) == 0);
    CHECK(cfg.nplugin_dirs == 5);
    CHECK_STR(cfg.plugin_dirs[0], "/etc/gridbfs/first");
    CHECK_STR(cfg.plugin_dirs[1], "/etc/gridbfs/second");
    CHECK_STR(cfg.plugin_dirs[3], "/opt/p/x");
    CHECK(config_load_text(&cfg, "bare.yaml", two, strlen(two), err, ERR_CAP) ==
          0);
    want = cat(cwd, "/first");
    CHECK_STR(cfg.plugin_dirs[0], want);
    free(want);
    CHECK(config_load_text(&cfg, "/top.yaml", two, strlen(two), err, ERR_CAP) ==
          0);
    CHECK_STR(cfg.plugin_dirs[0], "/first");
    config_free(&cfg);
}

static void test_routes(void)
{
    static const char one[] = "routes:\n"
                              "  - {glob: \"*.swap\", rule: p1225}\n"
                              "  - {glob: \"*.lights\", rule: lights5}\n";
    static const char two[] = "routes:\n"
                              "  - glob: special.swap\n"
                              "    rule: chessboard\n"
                              "  - {glob: \"data/*.flip\", rule: timus1122}\n";
    config cfg;
    char err[ERR_CAP];

    config_init(&cfg);
    CHECK(config_route(&cfg, "a.swap") == NULL);
    CHECK(load(&cfg, one, err) == 0);
    CHECK(load(&cfg, two, err) == 0);
    CHECK(cfg.nroutes == 4);
    CHECK_STR(config_route(&cfg, "in/a.swap"), "p1225");
    CHECK_STR(config_route(&cfg, "special.swap"),
              "chessboard"); /* later first */
    CHECK_STR(config_route(&cfg, "/x/y/special.swap"), "chessboard");
    CHECK_STR(config_route(&cfg, "b.lights"), "lights5");
    CHECK_STR(config_route(&cfg, "data/c.flip"), "timus1122");
    CHECK_STR(config_route(&cfg, "data/deep/c.flip"),
              "timus1122"); /* find -path */
    CHECK(config_route(&cfg, "other/data/c.flip") == NULL);
    CHECK(config_route(&cfg, "c.flip") == NULL);
    CHECK(config_route(&cfg, "a.swap.txt") == NULL);
    CHECK(config_route(&cfg, "-") == NULL);
    CHECK(cfg.routes[0].at.line == 2 && cfg.routes[0].at.col == 5);
    config_free(&cfg);
}

/* size is read by the one RxC grammar, x or X; engine is an enum. */
static void test_typed_keys(void)
{
    static const char yaml[] = "rules:\n"
                               "  a: {plugin: p, size: 4X5, engine: exact}\n"
                               "  b: {plugin: p, size: 32x1}\n";
    config cfg;
    char err[ERR_CAP];
    const cfg_profile *pr;

    config_init(&cfg);
    CHECK(load(&cfg, yaml, err) == 0);
    pr = config_profile(&cfg, "a");
    CHECK(pr && pr->rows == 4 && pr->cols == 5 && pr->nparams == 0);
    CHECK(pr && pr->engine == ENGINE_EXACT);
    pr = config_profile(&cfg, "b");
    CHECK(pr && pr->rows == 32 && pr->cols == 1 && pr->engine == ENGINE_AUTO);
    config_free(&cfg);
    ERR("rules:\n  a: {engine: fast}\n",
        "t.yaml:2:15: engine: expected auto, search or exact, got 'fast'");
    /* The format is the command's to check (output.h lists them); the
       config keeps its text and where it was given. */
    config_init(&cfg);
    CHECK(load(&cfg, "defaults: {format: xml}\n", err) == 0);
    CHECK_STR(cfg.format, "xml");
    CHECK(cfg.format_at.line == 1 && cfg.format_at.col == 20);
    config_free(&cfg);
}

static void test_suggest(void)
{
    static const char *const keys[] = {"rule", "format", "path", "jobs"};
    static const char *const limits[] = {"max_states", "max_line"};

    CHECK_STR(text_suggest("formt", keys, 4), "format");
    CHECK_STR(text_suggest("fromat", keys, 4), "format");
    CHECK_STR(text_suggest("job", keys, 4), "jobs");
    CHECK_STR(text_suggest("rules", keys, 4), "rule");
    CHECK_STR(text_suggest("max", limits, 2), "max_states"); /* a prefix */
    CHECK_STR(text_suggest("max_lines", limits, 2), "max_line");
    CHECK(text_suggest("threads", keys, 4) == NULL);
    CHECK(text_suggest("", limits, 2) == NULL);
    CHECK(text_suggest("x", keys, 0) == NULL);
}

static void test_schema_errors(void)
{
    ERR("defaults:\n"
        "  rule: poj1753\n"
        "  formt: csv\n",
        "t.yaml:3:3: unknown key 'formt' in defaults (did you mean 'format'?)");
    ERR("limits: {zzz: 1}\n",
        "t.yaml:1:10: unknown key 'zzz' in limits "
        "(expected max_states, max_line, table_memory or memory)");
    ERR("limits:\n  max: 5\n",
        "t.yaml:2:3: unknown key 'max' in limits (did you mean 'max_states'?)");
    ERR("rule: x\n", "t.yaml:1:1: unknown key 'rule' at the top level (did you "
                     "mean 'rules'?)");
    ERR("x: 1\n", "t.yaml:1:1: unknown key 'x' at the top level "
                  "(expected plugin_dirs, defaults, limits, rules or routes)");
    ERR("limits: 5\n", "t.yaml:1:9: expected a mapping for 'limits', got '5'");
    ERR("defaults: [1]\n",
        "t.yaml:1:11: expected a mapping for 'defaults', got a sequence");
    ERR("- a\n- b\n",
        "t.yaml:1:1: expected a mapping at the top level, got a sequence");
    ERR("hello\n",
        "t.yaml:1:1: expected a mapping at the top level, got 'hello'");

    ERR("defaults: {jobs: -1}\n",
        "t.yaml:1:18: jobs: expected a whole number from 0 to 1024, got '-1'");
    ERR("defaults: {jobs: 1e99}\n", "t.yaml:1:18: jobs: expected a whole "
                                    "number from 0 to 1024, got '1e99'");
    ERR("defaults: {jobs: 0x10}\n", "t.yaml:1:18: jobs: expected a whole "
                                    "number from 0 to 1024, got '0x10'");
    ERR("defaults: {jobs: 12abc}\n", "t.yaml:1:18: jobs: expected a whole "
                                     "number from 0 to 1024, got '12abc'");
    ERR("defaults: {jobs: 1025}\n", "t.yaml:1:18: jobs: expected a whole "
                                    "number from 0 to 1024, got '1025'");
    ERR("defaults: {jobs: +3}\n",
        "t.yaml:1:18: jobs: expected a whole number from 0 to 1024, got '+3'");
    ERR("defaults: {jobs: }\n", /* libyaml marks an empty value at the next
                                   token */
        "t.yaml:1:18: jobs: expected a whole number from 0 to 1024, got ''");
    ERR("defaults: {jobs: [1]}\n", "t.yaml:1:18: jobs: expected a whole number "
                                   "from 0 to 1024, got a sequence");
    ERR("limits: {max_states: 0}\n",
        "t.yaml:1:22: max_states: expected a whole number from 1 to "
        "1000000000000, got '0'");
    ERR("limits: {max_states: 1000000000001}\n",
        "t.yaml:1:22: max_states: expected a whole number from 1 to "
        "1000000000000, "
        "got '1000000000001'");
    ERR("limits: {max_states: 99999999999999999999999999}\n",
        "t.yaml:1:22: max_states: expected a whole number from 1 to "
        "1000000000000, "
        "got '99999999999999999999999999'");
    ERR("limits: {max_line: 63}\n", "t.yaml:1:20: max_line: expected a whole "
                                    "number from 64 to 1073741824, got '63'");
    ERR("limits: {max_line: 1073741825}\n",
        "t.yaml:1:20: max_line: expected a whole number from 64 to 1073741824, "
        "got '1073741825'");
    ERR("defaults: {path: yes}\n",
        "t.yaml:1:18: path: expected true or false, got 'yes'");
    ERR("defaults: {path: True}\n",
        "t.yaml:1:18: path: expected true or false, got 'True'");
    ERR("defaults: {rule: \"a\\tb\"}\n",
        "t.yaml:1:18: rule: expected a name of lowercase letters, digits and "
        "'-', "
        "got 'a?b'");
    ERR("defaults: {rule: "
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxX}\n",
        "t.yaml:1:18: rule: expected a name of lowercase letters, digits and "
        "'-', "
        "got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
    ERR("plugin_dirs: plugins\n",
        "t.yaml:1:14: expected a sequence for 'plugin_dirs', got 'plugins'");
    ERR("plugin_dirs: ['']\n",
        "t.yaml:1:15: plugin_dirs: expected a folder name, got ''");
    ERR("plugin_dirs: [[a]]\n",
        "t.yaml:1:15: plugin_dirs: expected a folder name, got a sequence");
}

static void test_rule_and_route_errors(void)
{
    ERR("rules: [a]\n",
        "t.yaml:1:8: expected a mapping for 'rules', got a sequence");
    ERR("rules:\n  Foo: {plugin: x}\n",
        "t.yaml:2:3: expected a rule name of lowercase letters, digits and "
        "'-', got 'Foo'");
    ERR("rules:\n  a: 5\n",
        "t.yaml:2:6: expected a mapping for rule 'a', got '5'");
    ERR("rules:\n  a: {plugin: ../x}\n",
        "t.yaml:2:15: plugin: expected a name of lowercase letters, digits and "
        "'-', "
        "got '../x'");
    ERR("rules:\n  a: {path: 1}\n",
        "t.yaml:2:13: path: expected true or false, got '1'");
    ERR("rules:\n  a: {impossible: \"\"}\n",
        "t.yaml:2:19: impossible: expected non-empty text on one line, got ''");
    ERR("rules:\n  a: {impossible: \"no\\nway\"}\n",
        "t.yaml:2:19: impossible: expected non-empty text on one line, got "
        "'no?way'");
    ERR("rules:\n  a: {size: {r: 4}}\n",
        "t.yaml:2:13: size: expected RxC with 1 to 65535 rows and columns, got "
        "a mapping");
    ERR("rules:\n  a: {size: 4x65536}\n",
        "t.yaml:2:13: size: expected RxC with 1 to 65535 rows and columns, got "
        "'4x65536'");
    ERR("rules:\n  a: {size: \" 4x4\"}\n",
        "t.yaml:2:13: size: expected RxC with 1 to 65535 rows and columns, got "
        "' 4x4'");
    ERR("rules:\n  a: {stencil: [\"1\", [\"1\"]]}\n",
        "t.yaml:2:22: stencil: expected text or a sequence of text, got a "
        "sequence");

    ERR("routes: {a: b}\n",
        "t.yaml:1:9: expected a sequence for 'routes', got a mapping");
    ERR("routes: [x]\n",
        "t.yaml:1:10: expected a mapping for each route, got 'x'");
    ERR("routes:\n  - {rule: p1225}\n",
        "t.yaml:2:5: missing key 'glob' in a route");
    ERR("routes:\n  - glob: '*.x'\n",
        "t.yaml:2:5: missing key 'rule' in a route");
    ERR("routes:\n  - {glob: a, rul: b}\n",
        "t.yaml:2:15: unknown key 'rul' in a route (did you mean 'rule'?)");
    ERR("routes:\n  - {glob: '', rule: b}\n",
        "t.yaml:2:12: glob: expected a non-empty pattern, got ''");
    ERR("routes:\n  - {glob: a, rule: B}\n",
        "t.yaml:2:21: rule: expected a name of lowercase letters, digits and "
        "'-', got 'B'");
}

static void test_structure_errors(void)
{
    ERR("rules: {}\ndefaults: {}\nrules: {}\n",
        "t.yaml:3:1: duplicate key 'rules' (first given at line 1)");
    ERR("rules:\n  a: {plugin: x, size: 4x4, size: 5x5}\n",
        "t.yaml:2:29: duplicate key 'size' (first given at line 2)");
    ERR("rules:\n  a: {}\n  b: {}\n  a: {}\n  b: {}\n",
        "t.yaml:4:3: duplicate key 'a' (first given at line 2)");
    ERR("x: [{k: 1, k: 2}]\n",
        "t.yaml:1:12: duplicate key 'k' (first given at line 1)");
    ERR("a: *x\n", "t.yaml:1:4: aliases are not allowed");
    ERR("defaults: &d {path: true}\n", "t.yaml:1:11: anchors are not allowed");
    ERR("defaults: {jobs: !!int 3}\n", "t.yaml:1:18: tags are not allowed");
    ERR("defaults: !foo {jobs: 3}\n", "t.yaml:1:11: tags are not allowed");
    ERR("%TAG !e! tag:example.com,2000:\n---\na: 1\n",
        "t.yaml:1:1: tags are not allowed");
    ERR("a: 1\n---\nb: 2\n", "t.yaml:2:1: only one YAML document is allowed");
    ERR("? [a]\n: b\n", "t.yaml:1:3: expected a plain key, got a sequence");
    ERR("defaults: {rule: \"a\\0b\"}\n",
        "t.yaml:1:18: NUL characters are not allowed");
    /* libyaml's own messages, with its context */
    ERR("defaults: {path: true\n", "t.yaml:2:1: did not find expected ',' or "
                                   "'}' (while parsing a flow mapping "
                                   "at line 1, column 11)");
    ERR("a: b\n c: d\n",
        "t.yaml:2:3: mapping values are not allowed in this context");
    ERR("a: b\n\tc: d\n", "t.yaml:2:1: found a tab character that violates "
                          "indentation (while scanning "
                          "a plain scalar at line 1, column 4)");
    ERR("defaults:\n  rule: \xff\n", "t.yaml:2:9: invalid leading UTF-8 octet");
}

/* A billion laughs: refused at the first anchor, long before any expansion. */
static void test_alias_bomb(void)
{
    static const char bomb[] = "a: &a "
                               "[\"lol\",\"lol\",\"lol\",\"lol\",\"lol\","
                               "\"lol\",\"lol\",\"lol\",\"lol\"]\n"
                               "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                               "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
                               "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                               "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
                               "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
                               "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
                               "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
                               "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n"
                               "rules: {x: {size: *i}}\n";

    ERR(bomb, "t.yaml:1:4: anchors are not allowed");
    /* Without anchors it is refused at the first alias. */
    ERR("b: [*a,*a]\n", "t.yaml:1:5: aliases are not allowed");
    ERR("rules: {x: {size: *i}}\n", "t.yaml:1:19: aliases are not allowed");
}

/* "x: " then depth '[' and depth ']'. */
static char *nested(int depth)
{
    char *s = malloc(3 + 2 * (size_t)depth + 2);
    if (!s)
        abort();
    strcpy(s, "x: ");
    memset(s + 3, '[', (size_t)depth);
    memset(s + 3 + depth, ']', (size_t)depth);
    strcpy(s + 3 + 2 * depth, "\n");
    return s;
}

static void test_limits(void)
{
    char *s;

    /* The root mapping is level 1, the k-th '[' (column 3 + k) level k + 1. */
    s = nested(100);
    ERR(s, "t.yaml:1:19: nesting deeper than 16 levels");
    free(s);
    s = nested(16);
    ERR(s, "t.yaml:1:19: nesting deeper than 16 levels");
    free(s);
    s = nested(15); /* level 16: structurally fine, refused by the schema */
    ERR(s, "t.yaml:1:1: unknown key 'x' at the top level "
           "(expected plugin_dirs, defaults, limits, rules or routes)");
    free(s);
    s = nested(400000); /* deep enough to hurt if it were followed */
    ERR(s, "t.yaml:1:19: nesting deeper than 16 levels");
    free(s);

    /* Size: 1 MiB is allowed, one byte more is not. */
    {
        config cfg;
        char err[ERR_CAP];
        size_t n = MIB + 1;
        char *big = malloc(n);
        if (!big)
            abort();
        memset(big, '#', n);
        for (size_t i = 63; i < n; i += 64)
            big[i] = '\n';
        config_init(&cfg);
        CHECK(config_load_text(&cfg, "big.yaml", big, MIB, err, ERR_CAP) == 0);
        CHECK(config_load_text(&cfg, "big.yaml", big, MIB + 1, err, ERR_CAP) ==
              -1);
        CHECK_STR(err, "big.yaml: config file larger than 1 MiB");
        config_free(&cfg);
        free(big);
    }
}

/* Write n bytes of YAML comment lines to a new temporary file. */
static char *temp_file(size_t n)
{
    char *path = strdup("/tmp/gridbfs-config-test-XXXXXX");
    int fd;
    FILE *fp;

    if (!path || (fd = mkstemp(path)) < 0 || !(fp = fdopen(fd, "w")))
        abort();
    for (size_t i = 0; i < n; i++)
        fputc(i % 64 == 63 ? '\n' : '#', fp);
    if (fclose(fp))
        abort();
    return path;
}

static void test_files(void)
{
    config cfg;
    char err[ERR_CAP], want[ERR_CAP];
    char *small = temp_file(MIB), *huge = temp_file(2 * MIB);

    config_init(&cfg);
    CHECK(config_load_file(&cfg, small, err, ERR_CAP) == 0);
    CHECK(config_load_file(&cfg, huge, err, ERR_CAP) == -1);
    snprintf(want, sizeof want, "%s: config file larger than 1 MiB", huge);
    CHECK_STR(err, want);
    CHECK(config_load_file(&cfg, "/nonexistent/gridbfs.yaml", err, ERR_CAP) ==
          -1);
    CHECK_STR(err, "/nonexistent/gridbfs.yaml: No such file or directory");
    CHECK(config_load_file(&cfg, "/", err, ERR_CAP) == -1);
    CHECK_STR(err, "/: Is a directory");
    /* An error message is cut to the caller's buffer, never overflowing it. */
    CHECK(config_load_file(&cfg, "/nonexistent/gridbfs.yaml", err, 8) == -1);
    CHECK_STR(err, "/nonexi");
    config_free(&cfg);
    unlink(small);
    unlink(huge);
    free(small);
    free(huge);
}

static void test_shipped(const char *path)
{
    config cfg;
    char err[ERR_CAP] = "";
    const cfg_profile *pr;
    static const char *const names[] = {"poj1753", "p1225",     "chessboard",
                                        "lights5", "timus1122", "poj2965"};

    config_init(&cfg);
    CHECK(config_load_file(&cfg, path, err, ERR_CAP) == 0);
    CHECK_STR(err, "");
    CHECK_STR(cfg.rule, "poj1753");
    CHECK_STR(cfg.format, "judge");
    CHECK(cfg.path == 0 && cfg.jobs == 0);
    CHECK(cfg.max_states == 100000000 && cfg.max_line == 65536);
    CHECK(cfg.nplugin_dirs == 0 && cfg.nroutes == 0);
    CHECK(cfg.nprofiles == 21);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        pr = config_profile(&cfg, names[i]);
        /* only the judges that promise solvable input have no text */
        int solvable = !strcmp(names[i], "p1225") ||
                       !strcmp(names[i], "chessboard") ||
                       !strcmp(names[i], "poj2965");
        CHECK(pr && pr->plugin);
        if (solvable)
            CHECK(pr->impossible == NULL);
        else
            CHECK_STR(pr->impossible, "Impossible");
        CHECK_STR(size_of(pr), strcmp(names[i], "lights5") ? "4x4" : "5x5");
    }
    pr = config_profile(&cfg, "poj1753");
    CHECK_STR(pr->plugin, "flip-neighbors");
    CHECK_STR(param(pr, "goal"), "uniform");
    CHECK_STR(param(pr, "cells"), "bw");
    CHECK(pr->path == -1);
    pr = config_profile(&cfg, "p1225");
    CHECK_STR(pr->plugin, "swap-adjacent");
    CHECK_STR(param(pr, "cells"), "10");
    CHECK(pr->path == 1);
    pr = config_profile(&cfg, "chessboard");
    CHECK_STR(pr->plugin, "swap-adjacent");
    CHECK(pr->path == -1);
    pr = config_profile(&cfg, "lights5");
    CHECK_STR(size_of(pr), "5x5");
    CHECK_STR(param(pr, "goal"), "off");
    pr = config_profile(&cfg, "timus1122");
    CHECK_STR(param(pr, "stencil"), "101/010/101");
    pr = config_profile(&cfg, "poj2965");
    CHECK_STR(pr->plugin, "flip-lines");
    CHECK_STR(param(pr, "cells"), "+-");
    CHECK(pr->path == 1);
    /* Judges' layouts and answer texts. */
    pr = config_profile(&cfg, "poj1222");
    CHECK(pr->layout.count && !config_layout_marked(&pr->layout));
    CHECK_STR(pr->before, "PUZZLE #{case}");
    pr = config_profile(&cfg, "uva10309");
    CHECK(pr->layout.name && config_layout_marked(&pr->layout));
    CHECK_STR(pr->layout.end, "end");
    CHECK_STR(pr->solved, "{name} {moves}");
    CHECK(pr->max_moves == 100);
    pr = config_profile(&cfg, "cerc07b");
    CHECK(pr->layout.size == SIZE_LINE_EACH && pr->layout.blank);
    pr = config_profile(&cfg, "timus1122");
    CHECK_STR(pr->layout.param, "stencil");
    CHECK(pr->layout.param_rows == 3);
    CHECK(config_profile(&cfg, "poj1753")->max_moves == UINT64_MAX);
    /* A user's file layered over it. */
    {
        static const char user[] =
            "rules:\n  poj1753: {size: 5x5}\n  mine: {plugin: x}\n";
        CHECK(config_load_text(&cfg, "user.yaml", user, strlen(user), err,
                               ERR_CAP) == 0);
        pr = config_profile(&cfg, "poj1753");
        CHECK_STR(size_of(pr), "5x5");
        CHECK_STR(pr->plugin, "flip-neighbors");
        CHECK(cfg.nprofiles == 22);
    }
    config_free(&cfg);
}

int main(int argc, char **argv)
{
    test_full();
    test_defaults_and_empty();
    test_layering();
    test_plugin_dirs();
    test_routes();
    test_suggest();
    test_typed_keys();
    test_schema_errors();
    test_rule_and_route_errors();
    test_structure_errors();
    test_alias_bomb();
    test_limits();
    test_files();
    if (argc > 1)
        test_shipped(argv[1]);
    else
        printf("skipped: the shipped config (give config/gridbfs.yaml as "
               "argument)\n");
    return check_done();
}
