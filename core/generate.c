/*
 * generate.c - see generate.h.  The options, the names of -o's files,
 * the judge's layout written, and the run: puzzles drawn in batches on
 * the threads (sample.c), written in order by the calling thread.  Each
 * puzzle's instance (its layout parameter's pattern, drawn) is chosen on
 * the calling thread, as rules_choose() must be.
 */
#define _DEFAULT_SOURCE /* getentropy() */
#include "generate.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "outfile.h"
#include "progress.h"
#include "sample.h"
#include "text.h"
#include "thread.h"
#include "util.h"

#define MAX_COUNT 1000000000u /* --generate's largest N */
#define PATTERN_TRIES 64      /* patterns for a layout's parameter */
#define BATCH 512             /* puzzles a batch, for each thread */
#define PROBE 64              /* puzzles of the first batch, on one thread */
#define MAX_THREADS 64        /* -j past it draws on this many */
/* Threads draw only where a puzzle took this long: cheaper ones cost
   less than starting the threads (the bytes are the same either way). */
#define THREADS_PAY_NS 5000
#define PATTERN_MAX 512 /* bytes of a parameter's value */
/* A layout parameter's random patterns: at most PLANS_MAX taken (each
   with its plan, and perhaps a table) and FRESH_MAX drawn (each a rule
   instance, refused or not).  Past either, puzzles draw among the patterns
   taken, so memory stays bounded: timus1122 has 512 patterns, a plugin's
   parameter may have 2^64. */
#define PLANS_MAX 1024
#define FRESH_MAX 16384
#define PATH_BYTES 4096
#define NAME_PREFIX "case" /* a layout's name line: case1, case2... */

/* ---- the options -------------------------------------------------------- */

/* "D", "A-B" or "max" into g. 0 or -1. */
static int parse_distance(generate_opts *g, const char *arg)
{
    uint64_t a, b;
    const char *dash = strchr(arg, '-');
    if (strcmp(arg, "max") == 0) {
        g->dist_max = 1;
        return 0;
    }
    g->dist_max = 0;
    if (!dash) {
        if (text_u64(arg, strlen(arg), 0, GENERATE_MAX_DISTANCE, &a))
            return -1;
        b = a;
    } else if (text_u64(arg, (size_t)(dash - arg), 0, GENERATE_MAX_DISTANCE,
                        &a) ||
               text_u64(dash + 1, strlen(dash + 1), 0, GENERATE_MAX_DISTANCE,
                        &b) ||
               a > b) {
        return -1;
    }
    g->dmin = (uint32_t)a;
    g->dmax = (uint32_t)b;
    return 0;
}

int generate_option(generate_opts *g, int opt, const char *arg, char *err,
                    size_t cap)
{
    char shown[TEXT_QUOTE_BUF];
    switch (opt) {
    case GENERATE_OPT_GENERATE:
        g->have_count = 1;
        if (!text_u64(arg, strlen(arg), 0, MAX_COUNT, &g->count))
            return 0;
        fmt(err, cap,
            "--generate: expected a whole number from 0 to %u, got "
            "'%s'",
            MAX_COUNT, text_quote(shown, sizeof shown, arg));
        return -1;
    case GENERATE_OPT_SEED:
        g->have_seed = 1;
        if (!text_u64(arg, strlen(arg), 0, UINT64_MAX, &g->seed))
            return 0;
        fmt(err, cap,
            "--seed: expected a whole number from 0 to %" PRIu64 ", got '%s'",
            UINT64_MAX, text_quote(shown, sizeof shown, arg));
        return -1;
    case GENERATE_OPT_DISTANCE:
        g->distance = 1;
        g->dtext = arg;
        if (!parse_distance(g, arg))
            return 0;
        fmt(err, cap,
            "--distance: expected D, A-B (A <= B) or max, whole numbers up "
            "to %d, got '%s'",
            GENERATE_MAX_DISTANCE, text_quote(shown, sizeof shown, arg));
        return -1;
    case GENERATE_OPT_IMPOSSIBLE: g->impossible = 1; return 0;
    case GENERATE_OPT_SPACED: g->spaced = 1; return 0;
    default: fmt(err, cap, "unknown --generate option"); return -1;
    }
}

/* ---- -o with %d: one file a puzzle ------------------------------------- */

/* -o's name cut at its one %d or %0Nd: prefix, zero-padded width, suffix
   (a %% in either is one %). */
typedef struct per_case {
    int on;
    char prefix[PATH_BYTES], suffix[PATH_BYTES];
    int width;
} per_case;

/* Read path's % directives into pc; 0, or -1 with a message in err. */
static int per_case_parse(const char *path, per_case *pc, char *err, size_t cap)
{
    char shown[TEXT_QUOTE_BUF];
    size_t n = 0;
    char *to = pc->prefix;
    memset(pc, 0, sizeof *pc);
    for (const char *s = path; path && *s; s++) {
        if (n + 1 >= PATH_BYTES) {
            fmt(err, cap, "-o: the name is longer than %d bytes",
                PATH_BYTES - 1);
            return -1;
        }
        if (*s != '%') {
            to[n++] = *s;
            continue;
        }
        if (s[1] == '%') {
            to[n++] = *s++;
            continue;
        }
        const char *d = s + 1;
        int width = 0;
        if (*d == '0')
            for (d++; *d >= '0' && *d <= '9' && width < 100; d++)
                width = width * 10 + (*d - '0');
        if (*d != 'd' || (d > s + 1 && width == 0) || width > 20 || pc->on) {
            fmt(err, cap,
                "-o '%s': %s; a name for one file a puzzle takes one %%d or "
                "%%0Nd (N up to 20), and %%%% for a %%",
                text_quote(shown, sizeof shown, path),
                pc->on && *d == 'd' ? "more than one %d"
                                    : "a % directive other than %d or %0Nd");
            return -1;
        }
        pc->on = 1;
        pc->width = width;
        to[n] = '\0';
        to = pc->suffix;
        n = 0;
        s = d;
    }
    to[n] = '\0';
    return 0;
}

/* Puzzle k's file name into buf. */
static void per_case_name(const per_case *pc, uint64_t k, char *buf, size_t cap)
{
    fmt(buf, cap, "%s%0*" PRIu64 "%s", pc->prefix, pc->width, k, pc->suffix);
}

typedef struct gen {
    const generate_opts *o;
    rules *rs;
    uint64_t seed;
    rule_inst *base;       /* the instance -r and -s chose */
    const cfg_layout *lay; /* its profile's layout, or NULL */
    const char *pattern;   /* the layout parameter's own value, or NULL */
    int spaced;            /* cells joined by a space */
    int one_line;          /* a board a line, and no blank between cases */
    sample_ask ask;
    sample_plan **plans;
    size_t nplans;
    uint32_t fresh;  /* random patterns made instances so far */
    uint64_t *words; /* a batch's boards' */
    size_t nwords;
} gen;

/* The plan of instance in, made on first use (on the calling thread). */
static sample_plan *plan_of(gen *g, rule_inst *in)
{
    for (size_t i = 0; i < g->nplans; i++)
        if (sample_plan_inst(g->plans[i]) == in)
            return g->plans[i];
    sample_plan *p = sample_plan_new(in, &g->ask, rules_tables(g->rs));
    g->plans = xreallocarray(g->plans, g->nplans + 1, sizeof *g->plans);
    g->plans[g->nplans++] = p;
    return p;
}

/* ---- a layout parameter's random pattern ------------------------------- */

/*
 * A random value for the layout's parameter, of the shape of its own
 * value (as many characters a row, from the characters it has) into buf:
 * Timus 1122's 3x3 pattern of 0 and 1.  The plugin judges whether it is
 * valid, when the instance is made.
 */
static void random_pattern(const gen *g, sample_rng *r, char *buf)
{
    const char *own = g->pattern;
    char alphabet[256];
    size_t na = 0, n = 0;
    for (const char *s = own; *s; s++)
        if (*s != '/' && !memchr(alphabet, *s, na))
            alphabet[na++] = *s;
    for (const char *s = own; *s && n + 1 < PATTERN_MAX; s++)
        buf[n++] = *s == '/' || na == 0 ? *s : alphabet[sample_below(r, na)];
    buf[n] = '\0';
}

/* The instance puzzle r draws: the base, or with a layout parameter one
   of a random pattern that the plugin takes and that can give what was
   asked (past PLANS_MAX or FRESH_MAX, one of those taken before), else
   the profile's own pattern; one refused for want of limits.memory is
   returned, for batch() to stop on. */
static sample_plan *draw_plan(gen *g, sample_rng *r)
{
    if (!g->pattern)
        return plan_of(g, g->base);
    char pattern[PATTERN_MAX];
    for (int i = 0; i < PATTERN_TRIES; i++) {
        sample_plan *p;
        if (g->nplans < PLANS_MAX && g->fresh < FRESH_MAX) {
            g->fresh++;
            random_pattern(g, r, pattern);
            rule_inst *in = rules_choose(g->rs, NULL, NULL, 0, 0, pattern);
            if (in->error)
                continue;
            p = plan_of(g, in);
        } else if (g->nplans) {
            p = g->plans[sample_below(r, g->nplans)];
        } else {
            break;
        }
        if (sample_plan_can(p) || sample_plan_refused(p))
            return p;
    }
    return plan_of(g, rules_choose(g->rs, NULL, NULL, 0, 0, g->pattern));
}

/* One puzzle of a batch: drawn by a thread, written by the caller. */
typedef struct drawn {
    uint64_t k;
    sample_rng r;
    sample_plan *p;
    gridbfs_grid b[2]; /* the start, and the target of a two-board rule,
                          over the run's words for it */
    int failed;        /* sample_draw()'s status: 0, or why none at d */
    uint32_t d;
} drawn;

/* ---- writing: the judge's input layout --------------------------------- */

/* Board b as rows of cells, one line each (or all on one, for a
   one_line layout), in the rule's symbols. */
static void put_rows(const gen *g, const rule_inst *in, const gridbfs_grid *b,
                     strbuf *sb)
{
    const gridbfs_rule2 *r = &in->rule;
    for (uint32_t i = 0; i < r->rows * r->cols; i++) {
        if (i % r->cols == 0 && i && !g->one_line)
            sb_putc(sb, '\n');
        else if (i && g->spaced)
            sb_putc(sb, ' ');
        sb_putc(sb, r->symbols[gridbfs_grid_get(b, i)]);
    }
    sb_putc(sb, '\n');
}

/* Board b as a line record's token: rows joined by '/' ("row/" for one). */
static void put_token(const rule_inst *in, const gridbfs_grid *b, strbuf *sb)
{
    const gridbfs_rule2 *r = &in->rule;
    for (uint32_t row = 0; row < r->rows; row++) {
        if (row)
            sb_putc(sb, '/');
        for (uint32_t c = 0; c < r->cols; c++)
            sb_putc(sb, r->symbols[gridbfs_grid_get(b, row * r->cols + c)]);
    }
    if (r->rows == 1)
        sb_putc(sb, '/');
}

/* A size line: "R C", or "n" where the layout is square (gen_setup()
   made sure that rows is cols then). */
static void put_size(const gen *g, const rule_inst *in, strbuf *sb)
{
    if (g->lay->square)
        sb_printf(sb, "%" PRIu32 "\n", in->rule.rows);
    else
        sb_printf(sb, "%" PRIu32 " %" PRIu32 "\n", in->rule.rows,
                  in->rule.cols);
}

/* What comes before the first case of a file of n cases: the count line
   and the size line at the top, where the layout has them. */
static void put_head(const gen *g, uint64_t n, strbuf *sb)
{
    if (g->lay && g->lay->count) {
        sb_u64(sb, n);
        sb_putc(sb, '\n');
    }
    if (g->lay && g->lay->size == SIZE_LINE_FIRST)
        put_size(g, g->base, sb);
}

static void put_tail(const gen *g, strbuf *sb)
{
    if (g->lay && g->lay->end)
        sb_printf(sb, "%s\n", g->lay->end);
}

/* The parameter rows of a case: its instance's value, rows split at '/'. */
static void put_param(const rule_inst *in, strbuf *sb)
{
    for (const char *s = in->param ? in->param : ""; *s; s++)
        sb_putc(sb, *s == '/' ? '\n' : *s);
    sb_putc(sb, '\n');
}

/*
 * Puzzle z as its profile's layout frames a case (first: the first case
 * of its file); a profile with no layout as grid rows, a blank line
 * between cases; a bare plugin as line records.
 */
static void put_case(const gen *g, const drawn *z, int first, strbuf *sb)
{
    const rule_inst *in = sample_plan_inst(z->p);
    uint32_t boards = in->rule.boards;
    if (!in->profile) {
        sb_printf(sb, "id=%" PRIu64 " rule=%s size=%" PRIu32 "x%" PRIu32, z->k,
                  in->name, in->rule.rows, in->rule.cols);
        for (uint32_t b = 0; b < boards; b++) {
            sb_putc(sb, ' ');
            put_token(in, &z->b[b], sb);
        }
        sb_putc(sb, '\n');
        return;
    }
    if (!g->lay && !first && !g->one_line)
        sb_putc(sb, '\n');
    if (g->lay && g->lay->name)
        sb_printf(sb, NAME_PREFIX "%" PRIu64 "\n", z->k);
    if (g->lay && g->lay->size == SIZE_LINE_EACH)
        put_size(g, in, sb);
    for (uint32_t b = 0; b < boards; b++)
        put_rows(g, in, &z->b[b], sb);
    if (g->lay && g->lay->param)
        put_param(in, sb);
    if (g->lay && g->lay->blank)
        sb_putc(sb, '\n');
}

/* ---- the run ----------------------------------------------------------- */

typedef struct share {
    drawn *z;
    size_t lo, hi;
    sample_scratch *sc;
} share;

static void *draw_share(void *arg)
{
    share *s = arg;
    for (size_t i = s->lo; i < s->hi; i++)
        s->z[i].failed =
            sample_draw(s->z[i].p, &s->z[i].r, s->sc, s->z[i].b, &s->z[i].d);
    return NULL;
}

/*
 * Draw z[0..n-1] on up to jobs threads (the caller one of them), each a
 * contiguous share; fewer where each thread would build a target table
 * and the tables' share of limits.memory has room for fewer at once.
 */
static void draw_batch(const gen *g, drawn *z, size_t n, sample_scratch **sc,
                       unsigned jobs)
{
    size_t bytes = 0;
    for (size_t i = 0; i < n; i++)
        if (sample_plan_draw_bytes(z[i].p) > bytes)
            bytes = sample_plan_draw_bytes(z[i].p);
    membudget *mem = rules_tables(g->rs);
    if (bytes && mem->cap && jobs > mem->cap / bytes)
        jobs = mem->cap / bytes ? (unsigned)(mem->cap / bytes) : 1;
    if (jobs > n)
        jobs = n ? (unsigned)n : 1;
    share *sh = xcalloc(jobs, sizeof *sh);
    pthread_t *t = xcalloc(jobs, sizeof *t);
    for (unsigned j = 0; j < jobs; j++)
        sh[j] = (share){z, n * j / jobs, n * (j + 1) / jobs, sc[j]};
    int e;
    for (unsigned j = 1; j < jobs; j++)
        if ((e = thread_start(&t[j], draw_share, &sh[j])) != 0) {
            fprintf(stderr, PROGRAM_NAME ": cannot start a thread: %s\n",
                    strerror(e));
            exit(EXIT_TROUBLE);
        }
    draw_share(&sh[0]);
    for (unsigned j = 1; j < jobs; j++)
        pthread_join(t[j], NULL);
    free(t);
    free(sh);
}

/* A seed from the system, for a run without --seed. */
static uint64_t fresh_seed(void)
{
    uint64_t s;
    if (getentropy(&s, sizeof s) == 0)
        return s;
    return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

/* The value the profile (or else the plugin) gives the layout's
   parameter, or NULL. */
static const char *own_pattern(const rule_inst *in)
{
    const cfg_profile *p = in->profile;
    for (size_t i = 0; i < p->nparams; i++)
        if (strcmp(p->params[i].key, p->layout.param) == 0)
            return p->params[i].value;
    for (const gridbfs_param_doc *d = in->plugin->ops->params; d && d->key; d++)
        if (strcmp(d->key, p->layout.param) == 0)
            return d->default_value;
    return NULL;
}

/* Set g up for the instance -r and -s chose; 0, or -1 with err.  The
   profile's own spacing beats --spaced; a profile without an impossible
   answer (its judge promises solvable input) refuses --impossible. */
static int gen_setup(gen *g, char *err, size_t cap)
{
    const cfg_profile *prof = g->base->profile;
    char shown[TEXT_QUOTE_BUF], key[TEXT_QUOTE_BUF];
    g->spaced =
        prof && prof->layout.spaced >= 0 ? prof->layout.spaced : g->o->spaced;
    g->one_line = prof && prof->layout.one_line;
    if (prof && prof->layout.ignore) {
        fmt(err, cap,
            "--generate: profile '%s' reads its boards from between other "
            "characters (layout ignore: '%s'), which it cannot write; "
            "generate for its plugin, as -r %s -s %" PRIu32 "x%" PRIu32,
            text_quote(shown, sizeof shown, prof->name), prof->layout.ignore,
            g->base->plugin->name, g->base->rule.rows, g->base->rule.cols);
        return -1;
    }
    if (prof && g->o->impossible && !prof->impossible) {
        fmt(err, cap,
            "--impossible: profile '%s' has no impossible answer (its judge "
            "promises solvable input); give it an 'impossible' text to write "
            "such cases",
            text_quote(shown, sizeof shown, prof->name));
        return -1;
    }
    if (prof && config_layout_on(&prof->layout))
        g->lay = &prof->layout;
    if (g->lay && g->lay->square && g->base->rule.rows != g->base->rule.cols) {
        fmt(err, cap,
            "--generate: profile '%s' writes its size line as one number, n "
            "(layout square), so its boards are n x n, not %" PRIu32
            "x%" PRIu32,
            text_quote(shown, sizeof shown, prof->name), g->base->rule.rows,
            g->base->rule.cols);
        return -1;
    }
    if (g->lay && g->lay->param && !(g->pattern = own_pattern(g->base))) {
        fmt(err, cap,
            "--generate: rule '%s' reads each case's '%s' from its layout, "
            "and has no value of it to write",
            text_quote(shown, sizeof shown, g->base->name),
            text_quote(key, sizeof key, g->lay->param));
        return -1;
    }
    if (!g->pattern) {
        sample_plan *p = plan_of(g, g->base);
        if (!sample_plan_can(p)) {
            sample_plan_refusal(p, err, cap);
            return -1;
        }
    }
    return 0;
}

/* Write what text holds to f, and empty it (a failed write shows when f
   is closed). */
static void flush_text(strbuf *text, FILE *f)
{
    if (text->len)
        fwrite(text->p, 1, text->len, f);
    text->len = 0;
}

/* Write text as one file of its own, the per-case name of puzzle k. */
static int write_file(const per_case *pc, uint64_t k, strbuf *text, char *err,
                      size_t cap)
{
    char name[2 * PATH_BYTES + 24];
    per_case_name(pc, k, name, sizeof name);
    outfile *f = outfile_open(name, 0, err, cap);
    if (!f)
        return -1;
    flush_text(text, outfile_stream(f));
    return outfile_close(f, 1, err, cap);
}

/* Draw and write puzzles k0..k0+n-1 (z has room for n); 0, or -1 with
   err.  Into sb, or with pc->on, one file each. */
static int batch(gen *g, uint64_t k0, size_t n, drawn *z, sample_scratch **sc,
                 unsigned jobs, const per_case *pc, strbuf *sb, char *err,
                 size_t cap)
{
    size_t per = 1; /* words of a board, the most of any instance drawn */
    for (size_t i = 0; i < n; i++) { /* on this thread: rules_choose() */
        z[i] = (drawn){.k = k0 + i};
        sample_seed(&z[i].r, g->seed, z[i].k);
        z[i].p = draw_plan(g, &z[i].r);
        if (!sample_plan_can(z[i].p)) {
            sample_plan_refusal(z[i].p, err, cap);
            return -1;
        }
        if (sample_plan_inst(z[i].p)->words > per)
            per = sample_plan_inst(z[i].p)->words;
    }
    if (n * 2 * per > g->nwords) {
        g->nwords = n * 2 * per;
        g->words = xreallocarray(g->words, g->nwords, sizeof *g->words);
    }
    memset(g->words, 0, n * 2 * per * sizeof *g->words);
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 2; b++)
            z[i].b[b] = rule_grid(sample_plan_inst(z[i].p),
                                  g->words + (2 * i + (size_t)b) * per);
    draw_batch(g, z, n, sc, jobs);
    for (size_t i = 0; i < n; i++) {
        if (z[i].failed) {
            sample_refusal(z[i].p, z[i].failed, z[i].d, err, cap);
            return -1;
        }
        if (!pc->on) {
            put_case(g, &z[i], z[i].k == 1, sb);
            continue;
        }
        sb->len = 0;
        put_head(g, 1, sb);
        put_case(g, &z[i], 1, sb);
        put_tail(g, sb);
        if (write_file(pc, z[i].k, sb, err, cap))
            return -1;
    }
    return 0;
}

/* Write what sb holds to out, erasing the progress line first where out
   is the terminal it is drawn on. */
static void put_out(strbuf *sb, outfile *out, progress *pg)
{
    FILE *f = outfile_stream(out);
    if (sb->len && isatty(fileno(f)))
        progress_clear(pg);
    flush_text(sb, f);
}

int generate_main(const generate_opts *o, rules *rs, const char *output,
                  unsigned jobs, enum progress_mode shown, char *err,
                  size_t cap)
{
    gen g = {.o = o,
             .rs = rs,
             .ask = {o->distance, o->dist_max, o->dmin, o->dmax, o->impossible,
                     o->dtext}};
    per_case pc;
    strbuf sb = {0};
    outfile *out = NULL;
    int status = EXIT_TROUBLE;
    jobs = jobs < 1 ? 1 : jobs > MAX_THREADS ? MAX_THREADS : jobs;
    /* the caller and the helpers limits.memory pays the stacks of */
    unsigned paid = thread_reserve(rules_memory(rs), jobs - 1);
    jobs = paid + 1;
    sample_scratch **sc = xcalloc(jobs, sizeof *sc);
    size_t room = (size_t)BATCH * jobs;
    drawn *z = xcalloc(room, sizeof *z);
    progress *pg = progress_new(shown, o->count); /* a puzzle a "byte" */
    progress_name(pg, "puzzle", "puzzles");

    err[0] = '\0';
    if (per_case_parse(output, &pc, err, cap))
        goto out;
    g.base = rules_choose(rs, NULL, NULL, 0, 0, NULL);
    g.seed = o->have_seed ? o->seed : fresh_seed();
    if (gen_setup(&g, err, cap))
        goto out;
    if (output && strchr(output, '%') && !pc.on)
        output = pc.prefix; /* its %% made one %, as printf would */
    if (!pc.on && !(out = outfile_open(output, 0, err, cap)))
        goto out;
    for (unsigned j = 0; j < jobs; j++)
        sc[j] = sample_scratch_new(rules_memory(rs));
    if (!pc.on)
        put_head(&g, o->count, &sb);
    uint64_t per = 0; /* ns a puzzle took in the batch before */
    for (uint64_t k = 1, n; k <= o->count; k += n) {
        /* a first short batch on one thread says whether threads pay */
        n = k == 1 ? PROBE : room;
        n = o->count - k + 1 < n ? o->count - k + 1 : n;
        uint64_t t0 = now_ns();
        if (batch(&g, k, (size_t)n, z, sc, per < THREADS_PAY_NS ? 1 : jobs, &pc,
                  &sb, err, cap))
            goto out;
        per = (now_ns() - t0) / n;
        if (!pc.on)
            put_out(&sb, out, pg);
        progress_update(pg, k + n - 1, k + n - 1);
    }
    if (!pc.on) {
        put_tail(&g, &sb);
        put_out(&sb, out, pg);
    }
    status = 0;
out:
    progress_free(pg); /* erased before any message */
    if (out) {
        char later[RULES_MSG_MAX]; /* the first message is kept */
        if (outfile_close(out, status == 0, status ? later : err,
                          status ? sizeof later : cap))
            status = EXIT_TROUBLE;
    }
    for (unsigned j = 0; j < jobs; j++)
        sample_scratch_free(sc[j]);
    for (size_t i = 0; i < g.nplans; i++)
        sample_plan_free(g.plans[i]);
    free(g.plans);
    free(g.words);
    free(sc);
    free(z);
    sb_free(&sb);
    thread_release(rules_memory(rs), paid);
    return status;
}
