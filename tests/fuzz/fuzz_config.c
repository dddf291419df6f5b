/*
 * fuzz_config.c - libFuzzer target for the YAML configuration loader
 * (core/config.c).  The input is the text of a -c file, loaded
 *   1. alone, then once more over itself as a second file (when it loads),
 *      so that profiles named again are merged key by key;
 *   2. over the built-in config/gridbfs.yaml, as gridbfs loads a -c file.
 * A refusal must be one line naming the file ("FILE:LINE:COL: message" or
 * "FILE: message"); a config that loads must hold only what the schema
 * allows (names, ranges, absolute plugin folders, marks in the file).
 * Every path frees everything (LeakSanitizer).
 *
 * GRIDBFS_FUZZ_BUILTIN names config/gridbfs.yaml (the environment variable
 * of that name overrides the path compiled in).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "fuzz_check.h"

#ifndef GRIDBFS_FUZZ_BUILTIN
#error "define GRIDBFS_FUZZ_BUILTIN as the path of config/gridbfs.yaml"
#endif

#define ERR_MAX 512
#define FILE_A "fuzz.yaml"
#define FILE_B "again.yaml"
#define MAX_JOBS 1024
#define MAX_STATES 1000000000000ull
#define MAX_LINE_MIN 64u
#define MAX_LINE_MAX (1u << 30)
#define TABLE_MEMORY_MAX (1ull << 40)
#define PAIRS_CHECKED 2000 /* profiles compared pairwise, at most */

/* The built-in configuration, read once, reachable until exit. */
static char *builtin;
static size_t builtin_len;

/* [a-z0-9-]+ */
static int is_name(const char *s)
{
    if (!s || !*s)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
              *s == '-'))
            return 0;
    return 1;
}

/* Non-empty, no control character. */
static int is_line(const char *s)
{
    if (!s || !*s)
        return 0;
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return 0;
    return 1;
}

/* Absolute, no empty or "." component, no trailing slash but the root's. */
static int is_clean_dir(const char *s)
{
    size_t n = strlen(s);
    if (s[0] != '/' || strstr(s, "//") || strstr(s, "/./"))
        return 0;
    if (n > 1 && (s[n - 1] == '/' || strcmp(s + n - 2, "/.") == 0))
        return 0;
    return 1;
}

/* A mark in one of cfg's files. */
static void check_mark(const config *cfg, cfg_mark m, const char *what)
{
    int found = 0;
    for (size_t i = 0; i < cfg->nfiles; i++)
        found |= m.file == cfg->files[i];
    FUZZ_CHECK(found, "%s: the mark names no loaded file", what);
    FUZZ_CHECK(m.line >= 1 && m.col >= 1, "%s: mark %d:%d", what, m.line,
               m.col);
}

/* The refusal in err is one line naming file. */
static void check_refusal(const char *err, const char *file)
{
    size_t n = strlen(file);
    FUZZ_CHECK(strncmp(err, file, n) == 0 && err[n] == ':',
               "refusal '%s' does not start with '%s:'", err, file);
    FUZZ_CHECK(err[n + 1] != '\0', "refusal without a message");
    FUZZ_CHECK(!strchr(err, '\n'), "refusal on two lines: '%s'", err);
}

static void check_profile(const config *cfg, const cfg_profile *pr)
{
    FUZZ_CHECK(is_name(pr->name), "profile name '%s'", pr->name);
    FUZZ_CHECK(!pr->plugin || is_name(pr->plugin), "plugin '%s'", pr->plugin);
    FUZZ_CHECK(pr->path >= -1 && pr->path <= 1, "path %d", pr->path);
    FUZZ_CHECK(!pr->impossible || is_line(pr->impossible), "impossible '%s'",
               pr->impossible);
    FUZZ_CHECK(pr->engine >= ENGINE_AUTO && pr->engine < ENGINE_COUNT,
               "engine %d", (int)pr->engine);
    FUZZ_CHECK(!pr->rows == !pr->cols && pr->rows <= GRIDBFS2_MAX_SIDE &&
                   pr->cols <= GRIDBFS2_MAX_SIDE,
               "size %ux%u", (unsigned)pr->rows, (unsigned)pr->cols);
    if (pr->rows)
        check_mark(cfg, pr->size_at, "size");
    check_mark(cfg, pr->at, "profile");
    for (size_t j = 0; j < pr->nparams; j++) {
        const cfg_param *q = &pr->params[j];
        FUZZ_CHECK(q->key && q->value, "a parameter without key or value");
        FUZZ_CHECK(strcmp(q->key, "plugin") && strcmp(q->key, "path") &&
                       strcmp(q->key, "impossible") &&
                       strcmp(q->key, "engine") && strcmp(q->key, "size"),
                   "core key '%s' passed as a plugin parameter", q->key);
        check_mark(cfg, q->at, "parameter");
        for (size_t k = 0; k < j && pr->nparams < PAIRS_CHECKED; k++)
            FUZZ_CHECK(strcmp(pr->params[k].key, q->key),
                       "parameter '%s' twice in profile '%s'", q->key,
                       pr->name);
    }
}

/* Everything a config that loaded may hold. */
static void check_config(const config *cfg)
{
    static const char *const names[] = {"x.swap", "dir/x.swap", "-", "",
                                        "/a/b/c.txt"};

    FUZZ_CHECK(is_name(cfg->rule), "defaults.rule '%s'", cfg->rule);
    FUZZ_CHECK(is_line(cfg->format), "format '%s'", cfg->format);
    FUZZ_CHECK(cfg->path == 0 || cfg->path == 1, "path %d", cfg->path);
    FUZZ_CHECK(cfg->jobs >= 0 && cfg->jobs <= MAX_JOBS, "jobs %ld", cfg->jobs);
    FUZZ_CHECK(cfg->max_states >= 1 && cfg->max_states <= MAX_STATES,
               "max_states %llu", (unsigned long long)cfg->max_states);
    FUZZ_CHECK(cfg->max_line >= MAX_LINE_MIN && cfg->max_line <= MAX_LINE_MAX,
               "max_line %zu", cfg->max_line);
    FUZZ_CHECK(cfg->table_memory <= TABLE_MEMORY_MAX, "table_memory %zu",
               cfg->table_memory);
    if (cfg->rule_at.file)
        check_mark(cfg, cfg->rule_at, "defaults.rule");
    for (size_t i = 0; i < cfg->nplugin_dirs; i++)
        FUZZ_CHECK(is_clean_dir(cfg->plugin_dirs[i]), "plugin folder '%s'",
                   cfg->plugin_dirs[i]);
    for (size_t i = 0; i < cfg->nprofiles; i++) {
        const cfg_profile *pr = &cfg->profiles[i];
        check_profile(cfg, pr);
        FUZZ_CHECK(config_profile(cfg, pr->name) == pr,
                   "profile '%s' twice, or not found by name", pr->name);
    }
    for (size_t i = 0; i < cfg->nroutes; i++) {
        FUZZ_CHECK(is_line(cfg->routes[i].glob), "route glob '%s'",
                   cfg->routes[i].glob);
        FUZZ_CHECK(is_name(cfg->routes[i].rule), "route rule '%s'",
                   cfg->routes[i].rule);
        check_mark(cfg, cfg->routes[i].at, "route");
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *rule = config_route(cfg, names[i]);
        FUZZ_CHECK(!rule || is_name(rule), "routed to '%s'", rule);
    }
}

/* Load text as file into cfg; check the refusal, or cfg. */
static int load(config *cfg, const char *file, const char *text, size_t len)
{
    char err[ERR_MAX];
    err[0] = '\0';
    int rc = config_load_text(cfg, file, text, len, err, sizeof err);
    FUZZ_CHECK(rc == 0 || rc == -1, "config_load_text returned %d", rc);
    if (rc == 0)
        check_config(cfg);
    else
        check_refusal(err, file);
    return rc;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *path = getenv("GRIDBFS_FUZZ_BUILTIN");
    FILE *fp = fopen(path ? path : GRIDBFS_FUZZ_BUILTIN, "rb");
    config cfg;
    char err[ERR_MAX];

    (void)argc;
    (void)argv;
    FUZZ_CHECK(fp, "cannot open the built-in config %s",
               path ? path : GRIDBFS_FUZZ_BUILTIN);
    builtin = malloc(CONFIG_MAX_BYTES);
    FUZZ_CHECK(builtin, "out of memory");
    builtin_len = fread(builtin, 1, CONFIG_MAX_BYTES, fp);
    fclose(fp);
    config_init(&cfg);
    FUZZ_CHECK(config_load_text(&cfg, "gridbfs.yaml", builtin, builtin_len, err,
                                sizeof err) == 0,
               "the built-in config does not load: %s", err);
    config_free(&cfg);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    config cfg;

    config_init(&cfg);
    if (load(&cfg, FILE_A, text, size) == 0) {
        size_t nprofiles = cfg.nprofiles, nroutes = cfg.nroutes,
               ndirs = cfg.nplugin_dirs;
        FUZZ_CHECK(load(&cfg, FILE_B, text, size) == 0,
                   "loads once but not over itself");
        FUZZ_CHECK(cfg.nprofiles == nprofiles,
                   "profiles named again were added, not merged");
        FUZZ_CHECK(cfg.nroutes == 2 * nroutes && cfg.nplugin_dirs == 2 * ndirs,
                   "routes or plugin folders lost when layered");
    }
    config_free(&cfg);

    config_init(&cfg);
    FUZZ_CHECK(load(&cfg, "gridbfs.yaml", builtin, builtin_len) == 0,
               "the built-in config no longer loads");
    load(&cfg, FILE_A, text, size);
    config_free(&cfg);
    return 0;
}
