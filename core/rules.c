/*
 * rules.c - rule instances: creation through the plugin, the checks of
 * what create() described, how the instance is answered, and which
 * instance a record uses.
 *
 * An instance is a profile's parameters handed to its plugin's create(),
 * at the size asked for.  The cache finds instances by a hash of name,
 * size and parameter, and keeps them in order of use, so that the least
 * recently used past RULES_CACHED can be freed (rules_epoch()).
 */
#include "rules.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "output.h"
#include "reader.h"
#include "solve.h"
#include "text.h"
#include "util.h"

/* A table's build: about this long per state and move (measured: 2^25
   states of 25 moves, lights5, in 0.8 s). */
#define TABLE_NS_PER_STEP 1
/* The size of a plugin that documents none. */
#define FALLBACK_ROWS 4
#define FALLBACK_COLS 4
#define SIZE_TEXT_MAX 16

#define BUCKETS 512 /* hash buckets: twice RULES_CACHED */

struct rules {
    const config *cfg;
    loader *ld;
    rules_choice chosen;        /* chosen.rule is never NULL */
    int rule_given;             /* -r was given: it beats the config's routes */
    rule_inst *bucket[BUCKETS]; /* chained by hash */
    rule_inst *newest, *oldest; /* in order of use */
    size_t ninst;
    uint64_t now, retired; /* see rules_epoch() */
    membudget mem;         /* limits.memory */
    membudget tables;      /* its share for distance tables (budget.h) */
    tcache *tcache;        /* tables for goals the puzzles give */
    tshelf *shelf;         /* tables for fixed goals */
};

rules *rules_new(const config *cfg, loader *ld, const rules_choice *chosen)
{
    rules *rs = xcalloc(1, sizeof *rs);
    rs->cfg = cfg;
    rs->ld = ld;
    rs->chosen = *chosen;
    rs->rule_given = chosen->rule != NULL;
    if (!rs->chosen.rule)
        rs->chosen.rule = cfg->rule;
    budget_split(&rs->mem, &rs->tables, cfg->memory, cfg->table_memory);
    rs->tcache = tcache_new(cfg->table_memory, &rs->tables);
    rs->shelf = tshelf_new(&rs->tables, cfg->table_memory, rs->tcache);
    return rs;
}

static void inst_free(rule_inst *in)
{
    if (!in->error)
        in->plugin->ops->destroy(in->rule.inst);
    tslot_drop(in->shelf, &in->table);
    free(in->name);
    free(in->param);
    free(in->error);
    free(in->masks);
    free(in);
}

void rules_free(rules *rs)
{
    if (!rs)
        return;
    for (rule_inst *in = rs->newest, *next; in; in = next) {
        next = in->older;
        inst_free(in);
    }
    tshelf_free(rs->shelf);
    tcache_free(rs->tcache);
    budget_unsplit(&rs->mem);
    free(rs);
}

/* FNV-1a of the name, the size, and the case's parameter. */
static uint64_t hash_of(const char *name, uint32_t rows, uint32_t cols,
                        const char *param)
{
    uint64_t h = 14695981039346656037u;
    for (const unsigned char *s = (const unsigned char *)name; *s; s++)
        h = (h ^ *s) * 1099511628211u;
    h = (h ^ (rows << 8 | cols)) * 1099511628211u;
    for (const unsigned char *s = (const unsigned char *)param; s && *s; s++)
        h = (h ^ *s) * 1099511628211u;
    return h;
}

/* Take in out of the order of use (and, with unchain, out of its bucket). */
static void unlink_inst(rules *rs, rule_inst *in, int unchain)
{
    *(in->newer ? &in->newer->older : &rs->newest) = in->older;
    *(in->older ? &in->older->newer : &rs->oldest) = in->newer;
    in->newer = in->older = NULL;
    if (unchain) {
        rule_inst **p = &rs->bucket[in->hash % BUCKETS];
        while (*p != in)
            p = &(*p)->chain;
        *p = in->chain;
    }
}

/* Make in the most recently used, stamped now. */
static void touch(rules *rs, rule_inst *in)
{
    in->last_use = rs->now;
    if (rs->newest == in)
        return;
    if (in->newer || in->older || rs->oldest == in)
        unlink_inst(rs, in, 0);
    in->older = rs->newest;
    *(rs->newest ? &rs->newest->newer : &rs->oldest) = in;
    rs->newest = in;
}

/* Free the least recently used instances past RULES_CACHED that nothing
   uses any longer.  The order of use is the order of the stamps, so the
   first one still in use ends the walk. */
static void evict(rules *rs)
{
    rule_inst *in;
    while (rs->ninst > RULES_CACHED && (in = rs->oldest) &&
           in->last_use < rs->retired) {
        unlink_inst(rs, in, 1);
        tcache_forget(rs->tcache, in);
        inst_free(in);
        rs->ninst--;
    }
}

void rules_keep(rules *rs, rule_inst *in)
{
    touch(rs, in);
}

void rules_epoch(rules *rs, uint64_t now, uint64_t retired)
{
    rs->now = now;
    rs->retired = retired; /* evict() runs when the next instance is made */
}

membudget *rules_memory(rules *rs)
{
    return &rs->mem;
}

membudget *rules_tables(rules *rs)
{
    return &rs->tables;
}

/* Set in's error to the formatted message (with the config place at). */
__attribute__((format(printf, 3, 4))) static void
refuse(rule_inst *in, const cfg_mark *at, const char *format, ...)
{
    char text[RULES_MSG_MAX];
    va_list ap;
    va_start(ap, format);
    vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    free(in->error);
    in->error = xstrdup(text);
    in->error_at = at;
}

/*
 * The size in is made at: the one asked for, else the profile's, else the
 * plugin's documented default.  Sets *at to the profile's size when that
 * is where it came from.  Returns -1 when the plugin's default is no size.
 */
static int pick_size(rule_inst *in, uint32_t *rows, uint32_t *cols,
                     const cfg_mark **at)
{
    const cfg_profile *p = in->profile;
    *at = NULL;
    if (in->rows) {
        *rows = in->rows;
        *cols = in->cols;
        return 0;
    }
    if (p && p->rows) {
        *rows = p->rows;
        *cols = p->cols;
        *at = &p->size_at;
        return 0;
    }
    *rows = FALLBACK_ROWS;
    *cols = FALLBACK_COLS;
    for (const gridbfs_param_doc *d = in->plugin->ops->params; d && d->key; d++)
        if (!strcmp(d->key, "size"))
            return d->default_value &&
                           !text_size(d->default_value,
                                      strlen(d->default_value), rows, cols)
                       ? 0
                       : -1;
    return 0;
}

/*
 * What create() described that no rule can be, "create() set FIELD ...",
 * into why; or 0 when the rule is sound.  (An ABI 1 plugin's cell
 * characters are its adapter's to check, abi1.h.)
 */
static int broken(const rule_inst *in, uint32_t rows, uint32_t cols, char *why,
                  size_t cap)
{
    const gridbfs_rule2 *r = &in->rule;
    const gridbfs_plugin2 *ops = in->plugin->ops;
    char a[8], set[RULES_MSG_MAX];
    size_t k = r->symbols ? strlen(r->symbols) : 0;
    const char *twice = NULL, *bad = NULL;
    for (size_t i = 0; i < k && !bad && !twice; i++)
        if (!gridbfs_cell_char(r->symbols[i]))
            bad = &r->symbols[i];
        else if (strchr(r->symbols + i + 1, r->symbols[i]))
            twice = &r->symbols[i];
    if (r->rows != rows || r->cols != cols)
        fmt(set, sizeof set,
            "rows and cols to %" PRIu32 "x%" PRIu32 ", not the %" PRIu32
            "x%" PRIu32 " asked for",
            r->rows, r->cols, rows, cols);
    else if (r->boards < 1 || r->boards > RECORD_MAX_BOARDS)
        fmt(set, sizeof set, "boards to %" PRIu32 " (expected 1 or 2)",
            r->boards);
    else if (in->plugin->v1 && r->moves > GRIDBFS_MAX_MOVES) /* 0: none */
        fmt(set, sizeof set, "moves to %" PRIu32 " (expected 0 to %d)",
            r->moves, GRIDBFS_MAX_MOVES);
    else if (k < 2 || k > 256)
        fmt(set, sizeof set, "%zu symbols (expected 2 to 256)", k);
    else if (bad)
        fmt(set, sizeof set,
            "symbol %zu to %s, not a cell character (printable, not blank, "
            "'/' or '=')",
            (size_t)(bad - r->symbols), text_cell(*bad, a));
    else if (twice)
        fmt(set, sizeof set, "symbol %s twice", text_cell(*twice, a));
    else if (r->key_bits > 64)
        fmt(set, sizeof set, "key_bits to %" PRIu32 " (expected 0 to 64)",
            r->key_bits);
    else if (r->key_bits &&
             (!ops->key || !ops->board || !ops->goals || !ops->expand))
        fmt(set, sizeof set,
            "key_bits to %" PRIu32 ", but its table lacks key(), board(), "
            "goals() or expand()",
            r->key_bits);
    else if (r->flags & GRIDBFS2_REVERSIBLE && !ops->inverse)
        fmt(set, sizeof set,
            "GRIDBFS2_REVERSIBLE, but its table has no "
            "inverse()");
    else if (r->flags & GRIDBFS2_DENSE && !r->states)
        fmt(set, sizeof set, "GRIDBFS2_DENSE with no states");
    else if (r->flags & GRIDBFS2_KEY_IS_BOARD &&
             r->key_bits != (uint64_t)rows * cols * symbol_bits(k))
        fmt(set, sizeof set,
            "GRIDBFS2_KEY_IS_BOARD, but key_bits to %" PRIu32
            ", not the board's %" PRIu64 " bits",
            r->key_bits, (uint64_t)rows * cols * symbol_bits(k));
    else
        return 0;
    fmt(why, cap, "create() set %s", set);
    return 1;
}

/* Whether ops documents a parameter key (its --list-rules table). */
static int documented(const gridbfs_plugin2 *ops, const char *key)
{
    for (const gridbfs_param_doc *d = ops->params; d && d->key; d++)
        if (strcmp(d->key, key) == 0)
            return 1;
    return 0;
}

/*
 * Where a refused parameter is reported: at its value, or at its key when
 * the plugin has no such parameter (where the core's own unknown keys are
 * reported).
 */
static const cfg_mark *param_mark(const rule_inst *in, const cfg_param *q)
{
    return documented(in->plugin->ops, q->key) ? &q->at : &q->key_at;
}

/*
 * "unknown rule 'X'", and " (did you mean 'Y'?)" when a profile's name, a
 * plugin a profile names or a plugin on the search path is close (the
 * folders are listed once, so many unknown names cost no more look-ups),
 * then why no plugin of that name is there: not_found, the loader's
 * "plugin 'X' not found (searched: ...)", as when a profile names it, or
 * its "invalid plugin name 'X'" ('P1225' finds 'p1225').
 */
static void unknown_rule(rules *rs, rule_inst *in, const char *name,
                         const char *not_found)
{
    const config *cfg = rs->cfg;
    size_t nplugins;
    const char *const *plugins = loader_names(rs->ld, &nplugins);
    const char **cand =
        xcalloc(2 * cfg->nprofiles + nplugins + 1, sizeof *cand);
    size_t n = 0;
    for (size_t i = 0; i < cfg->nprofiles; i++) {
        cand[n++] = cfg->profiles[i].name;
        if (cfg->profiles[i].plugin)
            cand[n++] = cfg->profiles[i].plugin;
    }
    for (size_t i = 0; i < nplugins; i++)
        cand[n++] = plugins[i];
    const char *like = text_suggest(name, cand, n);
    char shown[2 * TEXT_QUOTE_BUF]; /* a bad name may hold anything */
    text_quote(shown, sizeof shown, name);
    if (like)
        refuse(in, NULL,
               "unknown rule '%s' (did you mean '%s'?): no profile of that "
               "name, and %s",
               shown, like, not_found);
    else
        refuse(in, NULL, "unknown rule '%s': no profile of that name, and %s",
               shown, not_found);
    free(cand);
}

/*
 * A profile's plugin that cannot be used: the loader's why, and "did you
 * mean" a plugin on the search path when there is no such plugin.
 */
static void missing_plugin(rules *rs, rule_inst *in, const char *why)
{
    const cfg_profile *p = in->profile;
    size_t n;
    const char *const *plugins = loader_names(rs->ld, &n);
    const char *like = loader_missing(rs->ld, p->plugin)
                           ? text_suggest(p->plugin, plugins, n)
                           : NULL;
    if (like)
        refuse(in, &p->at, "rule '%s': %s; did you mean '%s'?", in->name, why,
               like);
    else
        refuse(in, &p->at, "rule '%s': %s", in->name, why);
}

/* A profile whose layout names a parameter (param:) its plugin does not
   document: refused at the layout, with "did you mean" one it does. */
static void unknown_layout_param(rule_inst *in)
{
    const cfg_profile *p = in->profile;
    const gridbfs_plugin2 *ops = in->plugin->ops;
    size_t n = 0;
    for (const gridbfs_param_doc *d = ops->params; d && d->key; d++)
        n++;
    const char **keys = xcalloc(n + 1, sizeof *keys);
    for (size_t i = 0; i < n; i++)
        keys[i] = ops->params[i].key;
    const char *like = text_suggest(p->layout.param, keys, n);
    refuse(in, &p->layout.at,
           "rule '%s': layout: param '%s' is no parameter of plugin '%s'%s%s%s",
           in->name, p->layout.param, in->plugin->name,
           like ? " (did you mean '" : "", like ? like : "", like ? "'?)" : "");
    free(keys);
}

/* Create in's rule through its plugin and check what it set (and, where
   moves are printed, every move's text); sets in->error on failure. */
static void create(rule_inst *in)
{
    const cfg_profile *p = in->profile;
    const gridbfs_plugin2 *ops = in->plugin->ops;
    size_t n = p ? p->nparams : 0, nprofile = n;
    gridbfs_param *params = xcalloc(n + 1, sizeof *params);
    char size[SIZE_TEXT_MAX], text[RULES_MSG_MAX] = "", why[RULES_MSG_MAX];
    uint32_t rows, cols;
    const cfg_mark *size_at;

    if (p && p->layout.param && !documented(ops, p->layout.param)) {
        unknown_layout_param(in);
        goto out;
    }
    if (pick_size(in, &rows, &cols, &size_at)) {
        refuse(in, p ? &p->at : NULL,
               "rule '%s': plugin '%s' broke its contract: its documented "
               "default size is not " TEXT_SIZE_EXPECTED,
               in->name, in->plugin->name);
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        params[i].key = p->params[i].key;
        params[i].value = p->params[i].value;
    }
    long param_k = -1;
    if (in->param) { /* the case's own value for the layout's parameter */
        size_t k = 0;
        while (k < n && strcmp(params[k].key, p->layout.param) != 0)
            k++;
        if (k == n) { /* not in the profile: before size, which is last */
            params = xreallocarray(params, ++n + 1, sizeof *params);
            params[k].key = p->layout.param;
        }
        params[k].value = in->param;
        param_k = (long)k;
    }
    fmt(size, sizeof size, "%" PRIu32 "x%" PRIu32, rows, cols);
    params[n].key = "size";
    params[n].value = size;
    gridbfs_error err = {text, sizeof text, -1};
    in->rule.abi = GRIDBFS_ABI2;
    in->rule.size = sizeof in->rule;
    in->rule.rows = rows;
    in->rule.cols = cols;
    int made = loader_create(in->plugin, params, n + 1, &in->rule, &err);
    if (made > 0) { /* an ABI 1 plugin's cells, as its adapter said */
        text[sizeof text - 1] = '\0';
        refuse(in, p ? &p->at : NULL,
               "rule '%s': plugin '%s' broke its contract: %s", in->name,
               in->plugin->name, text);
    } else if (made < 0) {
        char shown[RULES_MSG_MAX];
        text[sizeof text - 1] = '\0';
        in->param_fault = err.param >= 0 && err.param == param_k;
        const cfg_mark *at = err.param >= 0 && (size_t)err.param < nprofile
                                 ? param_mark(in, &p->params[err.param])
                             : err.param == (long)n && size_at ? size_at
                             : p                               ? &p->at
                                                               : NULL;
        const char *core = NULL; /* a mistyped core key the plugin got */
        if (err.param >= 0 && (size_t)err.param < nprofile &&
            at == &p->params[err.param].key_at)
            core = config_core_key_like(p->params[err.param].key);
        if (core && documented(ops, core))
            core = NULL; /* size: the plugin's own suggestion says it */
        if (text[0] && core)
            refuse(in, at,
                   "rule '%s': %s; or did you mean the profile key "
                   "'%s'?",
                   in->name, text_quote(shown, sizeof shown, text), core);
        else if (text[0])
            refuse(in, at, "rule '%s': %s", in->name,
                   text_quote(shown, sizeof shown, text));
        else
            refuse(in, at,
                   "rule '%s': plugin '%s' refused the parameters without "
                   "saying why",
                   in->name, in->plugin->name);
    } else if (broken(in, rows, cols, why, sizeof why) ||
               (in->with_path && /* where a move's text is printed */
                output_check_move_texts(ops, in->rule.inst, in->rule.moves, why,
                                        sizeof why))) {
        refuse(in, p ? &p->at : NULL,
               "rule '%s': plugin '%s' broke its contract: %s", in->name,
               in->plugin->name, why);
        ops->destroy(in->rule.inst);
    } else if (p && p->layout.ignore &&
               strpbrk(p->layout.ignore, in->rule.symbols)) {
        char a[8]; /* a cell the layout would skip could never be read */
        refuse(in, &p->layout.at,
               "rule '%s': layout ignore holds %s, a cell of the rule",
               in->name,
               text_cell(*strpbrk(p->layout.ignore, in->rule.symbols), a));
        ops->destroy(in->rule.inst);
    }
out:
    free(params);
}

/*
 * How in is answered (README, "Engines").  auto: the exact solver when
 * there is one, except where the goal set is fixed, a table fits and no
 * path is printed: there it pays rent until it has cost what the table
 * would, then the table answers (the counts are the same either way, the
 * paths might not be).  With no exact solver: the table where it fits,
 * else a search.
 */
static void plan(const rules *rs, rule_inst *in)
{
    const gridbfs_rule2 *r = &in->rule;
    const gridbfs_plugin2 *ops = in->plugin->ops;
    uint32_t bits = r->key_bits;
    bfs_rule br = solve_engine_rule(in);
    int fixed = (r->flags & GRIDBFS2_FIXED_GOAL) != 0;
    int fits = rule_searchable(in) && table_fits(&br, rs->cfg->table_memory);

    in->need_path = in->with_path ||
                    (ops->judge_text && !(r->flags & GRIDBFS2_TEXT_BY_COUNT));
    in->rent = in->engine == ENGINE_AUTO && ops->solve && fixed && fits &&
               !in->need_path;
    in->table_price_ns =
        fits ? ((uint64_t)TABLE_NS_PER_STEP * r->moves) << bits : 0;
    /* auto: the exact solver where a table cannot serve, where it pays
       rent towards one, and where a path is printed (a table bought part
       way would change which shortest path later records get) */
    in->use_exact = ops->solve && (in->engine == ENGINE_EXACT ||
                                   (in->engine == ENGINE_AUTO &&
                                    (!rule_searchable(in) || !(fixed && fits) ||
                                     in->rent || in->need_path)));
    /* A table for the puzzle's own goals finds another shortest path than a
       search would, and answers where a search would stop at max_states:
       only where no path is printed and no search can stop, so that an
       answer never depends on the records before it. */
    in->target_tables = !fixed && fits && !in->need_path && /* fits: */
                        rs->cfg->max_states >= /* at most 30 cells */
                            (uint64_t)1 << bits;
    solve_prepare(in);
}

/* Whether a and b are the same parameter text, or both none. */
static int same_param(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* rules_get() with a case's value for its layout's parameter, or NULL. */
static rule_inst *get(rules *rs, const char *name, uint32_t rows, uint32_t cols,
                      const char *param)
{
    char err[RULES_MSG_MAX];
    uint64_t h = hash_of(name, rows, cols, param);
    for (rule_inst *in = rs->bucket[h % BUCKETS]; in; in = in->chain)
        if (in->hash == h && in->rows == rows && in->cols == cols &&
            strcmp(in->name, name) == 0 && same_param(in->param, param)) {
            touch(rs, in);
            return in;
        }
    rule_inst *in = xcalloc(1, sizeof *in);
    in->hash = h;
    in->name = xstrdup(name);
    in->rows = rows;
    in->cols = cols;
    in->profile = config_profile(rs->cfg, name);
    if (param && in->profile && in->profile->layout.param)
        in->param = xstrdup(param);
    in->max_states = rs->cfg->max_states;
    in->table_budget = rs->cfg->table_memory;
    in->tcache = rs->tcache;
    in->mem = &rs->mem;
    in->shelf = rs->shelf;
    tslot_init(&in->table);
    const cfg_profile *p = in->profile;
    const char *plugin = p ? p->plugin : name;
    int path = p ? p->path : -1;
    in->with_path = rs->chosen.force_path ? rs->chosen.force_path > 0
                    : path < 0            ? rs->cfg->path
                                          : path;
    if (!plugin) {
        const cfg_param *typo = NULL;
        for (size_t k = 0; k < p->nparams && !typo; k++)
            if (config_core_key_like(p->params[k].key))
                typo = &p->params[k];
        if (typo)
            refuse(in, &typo->key_at,
                   "rule '%s' names no plugin (did you mean '%s' for '%s'?)",
                   name, config_core_key_like(typo->key), typo->key);
        else
            refuse(in, &p->at, "rule '%s' names no plugin", name);
    } else if (!(in->plugin = loader_get(rs->ld, plugin, err, sizeof err))) {
        if (p)
            missing_plugin(rs, in, err);
        else if (loader_missing(rs->ld, name) || !loader_valid_name(name))
            unknown_rule(rs, in, name, err);
        else /* a plugin that cannot be used says why */
            refuse(in, NULL, "%s", err);
    } else {
        create(in);
    }
    in->engine = p ? p->engine : ENGINE_AUTO;
    if (!in->error) {
        rules_set_cells(in);
        plan(rs, in);
        if (in->engine == ENGINE_EXACT && !in->plugin->ops->solve) {
            in->plugin->ops->destroy(in->rule.inst);
            refuse(in, &p->at,
                   "rule '%s': engine exact, but plugin '%s' has no exact "
                   "solver",
                   name, plugin);
        }
    }
    in->chain = rs->bucket[h % BUCKETS];
    rs->bucket[h % BUCKETS] = in;
    rs->ninst++;
    touch(rs, in);
    evict(rs);
    return in;
}

rule_inst *rules_get(rules *rs, const char *name, uint32_t rows, uint32_t cols)
{
    return get(rs, name, rows, cols, NULL);
}

rule_inst *rules_choose(rules *rs, const char *file, const char *rule,
                        uint32_t rows, uint32_t cols, const char *param)
{
    const char *name = rule;
    if (!name && !rs->rule_given && file && strcmp(file, "-") != 0)
        name = config_route(rs->cfg, file);
    if (!name)
        name = rs->chosen.rule;
    if (!rows && strcmp(name, rs->chosen.rule) == 0) {
        rows = rs->chosen.rows;
        cols = rs->chosen.cols;
    }
    return get(rs, name, rows, cols, param);
}

void rules_set_cells(rule_inst *in)
{
    const char *sym = in->rule.symbols;
    size_t k = strlen(sym);
    memset(in->cell, CELL_BAD, sizeof in->cell);
    for (size_t i = 0; i < k; i++)
        in->cell[(unsigned char)sym[i]] = (uint8_t)i;
    in->bits = symbol_bits(k);
    in->words = gridbfs_grid_words(in->rule.rows, in->rule.cols, in->bits);
}

gridbfs_grid rule_grid_new(const rule_inst *in)
{
    return rule_grid(in, xcalloc(in->words ? in->words : 1, sizeof(uint64_t)));
}

void grid_free(gridbfs_grid *g)
{
    free(g->w);
    g->w = NULL;
}

/* puzzle_fit()'s shaping of p's boards for in, its words grown. */
void puzzle_shape(puzzle *p, const rule_inst *in)
{
    size_t need = in->rule.boards * in->words;
    if (need > p->cap) {
        free(p->words);
        p->cap = need > 2 * p->cap ? need : 2 * p->cap;
        p->words = xmalloc(p->cap * sizeof *p->words);
    }
    for (uint32_t i = 0; i < in->rule.boards; i++)
        p->b[i] = rule_grid(in, p->words + i * in->words);
    p->boards = in->rule.boards;
}

void puzzle_free(puzzle *p)
{
    free(p->words);
    *p = (puzzle){0};
}
