/*
 * config.c - the YAML configuration (README, "Configuration"); see config.h.
 *
 * A file is read in two steps.  libyaml's event parser first builds a small
 * tree, refusing what the schema never needs: aliases, anchors, tags, a
 * second document, duplicate keys, nesting deeper than CONFIG_MAX_DEPTH
 * (libyaml 0.2.5 has no limit of its own).  Then tables of
 * {key, handler, offset}, one per mapping (the netplan parse.c style), walk
 * the tree into struct config.  Structural errors are thus found wherever
 * they are, and a schema error never leaves libyaml in mid-stream.
 *
 * Scalars are typed by the schema, not by YAML's implicit resolution:
 * quoting changes nothing (`jobs: "4"` is the number 4, `cells: 10` the text
 * "10").  Booleans are exactly `true` or `false`: YAML 1.1's yes/no/on/off
 * are refused, so that `goal: off` can only ever mean the text "off".
 * An empty value (`rules:` with nothing after it, or ~ or null) is accepted
 * where a mapping or a sequence is expected, and means an empty one.
 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"
#include "template.h"
#include "text.h"
#include "util.h"

#include <assert.h>
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

#include <gridbfs/plugin.h>

#define MAX_STATES_MAX 1000000000000u /* 10^12 */
#define MAX_LINE_MIN 64
#define MAX_LINE_MAX (1u << 30)
#define TABLE_MEMORY_MAX (1ull << 40)
#define MEMORY_MIN (1u << 20)
#define MSG_MAX 512
#define MAX_FIELDS 12 /* room for the keys of the largest table (9) */

/* ---- The tree --------------------------------------------------------- */

enum node_kind { NODE_SCALAR, NODE_SEQ, NODE_MAP };

typedef struct node {
    enum node_kind kind;
    int plain;          /* an unquoted scalar */
    int line, col;      /* 1-based */
    char *text;         /* a scalar's value (never contains NUL) */
    struct node **kids; /* items; a mapping's are key, value, key, value... */
    size_t n, cap;
} node;

/* The state of one config_load_text() call. */
typedef struct parser {
    const char *file; /* owned by cfg->files */
    const char *text;
    size_t len;
    char *err;
    size_t errlen;
    size_t dir_at, route_at; /* where this file's next dir and route go */
    char *base;              /* folder relative plugin_dirs are taken from */
} parser;

/* Put "FILE:LINE:COL: message" (or "FILE: message" if line is 0) in p->err;
   returns -1 so callers can `return fail(...)`. */
__attribute__((format(printf, 4, 5))) static int
fail(parser *p, int line, int col, const char *format, ...)
{
    char msg[MSG_MAX];
    va_list ap;

    va_start(ap, format);
    vsnprintf(msg, sizeof msg, format, ap);
    va_end(ap);
    if (line > 0)
        fmt(p->err, p->errlen, "%s:%d:%d: %s", p->file, line, col, msg);
    else
        fmt(p->err, p->errlen, "%s: %s", p->file, msg);
    return -1;
}

#define FAIL_AT(p, n, ...) fail((p), (n)->line, (n)->col, __VA_ARGS__)

static int fail_mark(parser *p, yaml_mark_t m, const char *msg)
{
    return fail(p, (int)m.line + 1, (int)m.column + 1, "%s", msg);
}

/* What a node is, for "expected X, got Y". */
static const char *got(char buf[TEXT_QUOTE_BUF + 2], const node *n)
{
    char b[TEXT_QUOTE_BUF];

    if (n->kind == NODE_SEQ)
        return "a sequence";
    if (n->kind == NODE_MAP)
        return "a mapping";
    fmt(buf, TEXT_QUOTE_BUF + 2, "'%s'", text_quote(b, sizeof b, n->text));
    return buf;
}

static void node_free(node *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->n; i++)
        node_free(n->kids[i]);
    free(n->kids);
    free(n->text);
    free(n);
}

static node *node_new(enum node_kind kind, yaml_mark_t m)
{
    node *n = xcalloc(1, sizeof *n);

    n->kind = kind;
    n->line = (int)m.line + 1;
    n->col = (int)m.column + 1;
    return n;
}

static void node_add(node *n, node *kid)
{
    if (n->n == n->cap) {
        n->cap = n->cap ? 2 * n->cap : 8;
        n->kids = xreallocarray(n->kids, n->cap, sizeof *n->kids);
    }
    n->kids[n->n++] = kid;
}

/* libyaml's own error: "problem (context at line L, column C)". */
static int syntax_error(parser *p, const yaml_parser_t *yp)
{
    const char *problem = yp->problem ? yp->problem : "invalid YAML";
    yaml_mark_t m = yp->problem_mark, c = yp->context_mark;

    if (yp->error == YAML_MEMORY_ERROR)
        return fail(p, 0, 0, "out of memory while parsing");
    if (yp->error == YAML_READER_ERROR) {
        /* Reader errors carry a byte offset, not a mark: count characters
           up to it, as libyaml's marks do (a UTF-8 sequence is one column,
           a leading byte-order mark none, CR LF one line end). */
        size_t off = yp->problem_offset < p->len ? yp->problem_offset : p->len;
        size_t i = p->len >= 3 && !memcmp(p->text, "\xef\xbb\xbf", 3) ? 3 : 0;
        int line = 1, col = 1;
        for (; i < off; i++) {
            unsigned char b = (unsigned char)p->text[i];
            if (b == '\n' ||
                (b == '\r' && (i + 1 >= p->len || p->text[i + 1] != '\n')))
                line++, col = 1;
            else if (b != '\r' && (b & 0xc0) != 0x80)
                col++;
        }
        return fail(p, line, col, "%s", problem);
    }
    if (yp->context)
        return fail(p, (int)m.line + 1, (int)m.column + 1,
                    "%s (%s at line %d, column %d)", problem, yp->context,
                    (int)c.line + 1, (int)c.column + 1);
    return fail_mark(p, m, problem);
}

static int next_event(parser *p, yaml_parser_t *yp, yaml_event_t *ev)
{
    return yaml_parser_parse(yp, ev) ? 0 : syntax_error(p, yp);
}

/* Refuse aliases, anchors and tags on a node's first event. */
static int check_event(parser *p, const yaml_event_t *ev)
{
    if (ev->type == YAML_ALIAS_EVENT)
        return fail_mark(p, ev->start_mark, "aliases are not allowed");
    assert(ev->type == YAML_SCALAR_EVENT ||
           ev->type == YAML_SEQUENCE_START_EVENT ||
           ev->type == YAML_MAPPING_START_EVENT);
    /* The three share the initial members anchor and tag, so reading them
       through .scalar is defined (C11 6.5.2.3p6, common initial sequence). */
    if (ev->data.scalar.anchor)
        return fail_mark(p, ev->start_mark, "anchors are not allowed");
    if (ev->data.scalar.tag)
        return fail_mark(p, ev->start_mark, "tags are not allowed");
    return 0;
}

typedef struct keyref {
    const char *text;
    size_t i;
} keyref;

static int keyref_cmp(const void *a, const void *b)
{
    const keyref *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* Refuse a key given twice in map, naming the first repeat in file order.
   Sorting keeps this O(n log n) on a hostile 1 MiB mapping. */
static int check_dups(parser *p, const node *map)
{
    size_t k = map->n / 2, g = 0, dup = SIZE_MAX, first = 0;
    keyref *r;
    char b[TEXT_QUOTE_BUF];

    if (k < 2)
        return 0;
    r = xreallocarray(NULL, k, sizeof *r);
    for (size_t i = 0; i < k; i++)
        r[i] = (keyref){map->kids[2 * i]->text, i};
    qsort(r, k, sizeof *r, keyref_cmp);
    for (size_t i = 1; i < k; i++) {
        if (strcmp(r[i].text, r[g].text))
            g = i;
        else if (r[i].i < dup)
            dup = r[i].i, first = r[g].i;
    }
    free(r);
    if (dup == SIZE_MAX)
        return 0;
    return FAIL_AT(p, map->kids[2 * dup],
                   "duplicate key '%s' (first given at line %d)",
                   text_quote(b, sizeof b, map->kids[2 * dup]->text),
                   map->kids[2 * first]->line);
}

static node *build_scalar(parser *p, const yaml_event_t *ev)
{
    const char *v = (const char *)ev->data.scalar.value;
    size_t len = ev->data.scalar.length;
    node *n;

    if (memchr(v, '\0', len)) {
        fail_mark(p, ev->start_mark, "NUL characters are not allowed");
        return NULL;
    }
    n = node_new(NODE_SCALAR, ev->start_mark);
    n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
    n->text = xstrndup(v, len);
    return n;
}

/*
 * The node that starts with ev (the caller deletes ev), reading the events
 * of its contents; depth is its nesting level (the document's root is 1).
 * Returns NULL with p->err set.
 */
static node *build(parser *p, yaml_parser_t *yp, const yaml_event_t *ev,
                   int depth)
{
    yaml_event_type_t end;
    yaml_event_t e;
    node *n, *kid;
    char b[TEXT_QUOTE_BUF + 2];

    if (check_event(p, ev) < 0)
        return NULL;
    if (ev->type == YAML_SCALAR_EVENT)
        return build_scalar(p, ev);
    if (depth > CONFIG_MAX_DEPTH) {
        fail(p, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
             "nesting deeper than %d levels", CONFIG_MAX_DEPTH);
        return NULL;
    }
    n = node_new(ev->type == YAML_MAPPING_START_EVENT ? NODE_MAP : NODE_SEQ,
                 ev->start_mark);
    end =
        n->kind == NODE_MAP ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT;
    for (;;) {
        if (next_event(p, yp, &e) < 0)
            goto fail;
        if (e.type == end) {
            yaml_event_delete(&e);
            break;
        }
        kid = build(p, yp, &e, depth + 1);
        yaml_event_delete(&e);
        if (!kid)
            goto fail;
        node_add(n, kid);
        if (n->kind == NODE_MAP && n->n % 2 == 1 && kid->kind != NODE_SCALAR) {
            FAIL_AT(p, kid, "expected a plain key, got %s", got(b, kid));
            goto fail;
        }
    }
    if (n->kind == NODE_MAP && check_dups(p, n) < 0)
        goto fail;
    return n;
fail:
    node_free(n);
    return NULL;
}

/* The stream's one document into *root (left NULL for an empty stream). */
static int read_document(parser *p, yaml_parser_t *yp, node **root)
{
    yaml_event_t ev;
    yaml_event_type_t type;
    int rc = 0, docs = 0;

    do {
        if (next_event(p, yp, &ev) < 0)
            return -1;
        type = ev.type;
        switch (type) {
        case YAML_DOCUMENT_START_EVENT:
            if (docs++)
                rc = fail_mark(p, ev.start_mark,
                               "only one YAML document is allowed");
            else if (ev.data.document_start.tag_directives.start !=
                     ev.data.document_start.tag_directives.end)
                rc = fail_mark(p, ev.start_mark, "tags are not allowed");
            break;
        case YAML_ALIAS_EVENT:
        case YAML_SCALAR_EVENT:
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            *root = build(p, yp, &ev, 1);
            rc = *root ? 0 : -1;
            break;
        default: /* stream start, document end, stream end */ break;
        }
        yaml_event_delete(&ev);
    } while (rc == 0 && type != YAML_STREAM_END_EVENT);
    return rc;
}

/* ---- The schema -------------------------------------------------------- */

typedef struct field field;
/* Store node n into dst (the field's place in the struct being filled). */
typedef int (*handler)(parser *p, const node *n, void *dst, const field *f);

struct field {
    const char *key;
    handler fn;
    size_t off;      /* of the field in the struct being filled */
    const void *arg; /* the handler's: a range, a word list, a sub-table */
};

typedef struct table {
    const char *where;   /* "in defaults", for messages */
    const field *fields; /* ends with a NULL key */
} table;

enum int_store { STORE_LONG, STORE_U64, STORE_SIZE, STORE_U32 };
typedef struct range {
    uint64_t min, max;
    enum int_store store;
} range;

static cfg_mark mark_of(const parser *p, const node *n)
{
    return (cfg_mark){p->file, n->line, n->col};
}

static int is_null(const node *n)
{
    return n->kind == NODE_SCALAR && n->plain &&
           (!*n->text || !strcmp(n->text, "~") || !strcmp(n->text, "null"));
}

/* [a-z0-9-]+, the form of profile and plugin names. */
static int is_name(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
              *s == '-'))
            return 0;
    return 1;
}

static int bad_value(parser *p, const node *n, const char *key,
                     const char *expected)
{
    char b[TEXT_QUOTE_BUF + 2];
    return FAIL_AT(p, n, "%s: expected %s, got %s", key, expected, got(b, n));
}

/* 0 if n is of kind (or empty, see the top), else "expected a mapping
   WHAT, got ...". */
static int want(parser *p, const node *n, enum node_kind kind, const char *what)
{
    char b[TEXT_QUOTE_BUF + 2];

    if (n->kind == kind || is_null(n))
        return 0;
    return FAIL_AT(p, n, "expected a %s %s, got %s",
                   kind == NODE_MAP ? "mapping" : "sequence", what, got(b, n));
}

static void set_str(void *dst, const char *s)
{
    char **d = dst;
    free(*d);
    *d = xstrdup(s);
}

static int h_name(parser *p, const node *n, void *dst, const field *f)
{
    if (n->kind != NODE_SCALAR || !is_name(n->text))
        return bad_value(p, n, f->key,
                         "a name of lowercase letters, digits and '-'");
    set_str(dst, n->text);
    return 0;
}

/* defaults.rule: a name, and where it was given for later messages. */
static int h_default_rule(parser *p, const node *n, void *dst, const field *f)
{
    config *cfg = dst;
    if (h_name(p, n, &cfg->rule, f) < 0)
        return -1;
    cfg->rule_at = mark_of(p, n);
    return 0;
}

/* Non-empty text without control characters; f->arg describes it. */
static int h_text(parser *p, const node *n, void *dst, const field *f)
{
    int ok = n->kind == NODE_SCALAR && *n->text;

    for (const char *s = ok ? n->text : ""; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            ok = 0;
    if (!ok)
        return bad_value(p, n, f->key, f->arg);
    set_str(dst, n->text);
    return 0;
}

static int h_bool(parser *p, const node *n, void *dst, const field *f)
{
    if (n->kind == NODE_SCALAR && !strcmp(n->text, "true"))
        *(int *)dst = 1;
    else if (n->kind == NODE_SCALAR && !strcmp(n->text, "false"))
        *(int *)dst = 0;
    else
        return bad_value(p, n, f->key, "true or false");
    return 0;
}

/* A whole number (text_u64's grammar) within f->arg's range. */
static int h_int(parser *p, const node *n, void *dst, const field *f)
{
    const range *r = f->arg;
    uint64_t v;

    if (n->kind != NODE_SCALAR ||
        text_u64(n->text, strlen(n->text), r->min, r->max, &v)) {
        char want_buf[80];
        fmt(want_buf, sizeof want_buf,
            "a whole number from %" PRIu64 " to %" PRIu64, r->min, r->max);
        return bad_value(p, n, f->key, want_buf);
    }
    switch (r->store) {
    case STORE_LONG: *(long *)dst = (long)v; break;
    case STORE_U64: *(uint64_t *)dst = v; break;
    case STORE_SIZE: *(size_t *)dst = (size_t)v; break;
    case STORE_U32: *(uint32_t *)dst = (uint32_t)v; break;
    }
    return 0;
}

static const field *lookup(const table *t, const char *key)
{
    for (const field *f = t->fields; f->key; f++)
        if (!strcmp(f->key, key))
            return f;
    return NULL;
}

/* "unknown key 'K' in T (did you mean 'X'?)", or listing the keys. */
static int unknown_key(parser *p, const node *key, const table *t)
{
    const char *cand[MAX_FIELDS] = {NULL}, *s;
    char b[TEXT_QUOTE_BUF], list[MSG_MAX / 2] = "";
    size_t nc = 0;

    for (const field *f = t->fields; f->key; f++) {
        assert(nc < MAX_FIELDS);
        cand[nc++] = f->key;
    }
    s = text_suggest(key->text, cand, nc);
    if (s)
        return FAIL_AT(p, key, "unknown key '%s' %s (did you mean '%s'?)",
                       text_quote(b, sizeof b, key->text), t->where, s);
    for (size_t i = 0; i < nc; i++) {
        const char *sep = i == 0 ? "" : i + 1 == nc ? " or " : ", ";
        size_t len = strlen(list);
        fmt(list + len, sizeof list - len, "%s%s", sep, cand[i]);
    }
    return FAIL_AT(p, key, "unknown key '%s' %s (expected %s)",
                   text_quote(b, sizeof b, key->text), t->where, list);
}

/* Fill base from the mapping n by the table t. */
static int walk_map(parser *p, const node *n, const table *t, void *base)
{
    for (size_t i = 0; i + 1 < n->n; i += 2) {
        const field *f = lookup(t, n->kids[i]->text);
        if (!f)
            return unknown_key(p, n->kids[i], t);
        if (f->fn(p, n->kids[i + 1], (char *)base + f->off, f) < 0)
            return -1;
    }
    return 0;
}

/* A mapping filled into the same struct by the sub-table f->arg. */
static int h_section(parser *p, const node *n, void *dst, const field *f)
{
    char what[64];

    fmt(what, sizeof what, "for '%s'", f->key);
    return want(p, n, NODE_MAP, what) < 0 ? -1 : walk_map(p, n, f->arg, dst);
}

/* ---- plugin_dirs -------------------------------------------------------- */

/* Make room at index at of an array of n elements of size sz. */
static void *open_slot(void *arr, size_t n, size_t at, size_t sz)
{
    char *a = xreallocarray(arr, n + 1, sz);
    memmove(a + (at + 1) * sz, a + at * sz, (n - at) * sz);
    return a;
}

/* Drop empty and "." components and trailing slashes of an absolute path. */
static void normalize(char *s)
{
    char *w = s;
    const char *r = s, *seg;

    while (*r) {
        while (*r == '/')
            r++;
        for (seg = r; *r && *r != '/'; r++)
            ;
        if (r == seg || (r - seg == 1 && *seg == '.'))
            continue;
        *w++ = '/';
        memmove(w, seg, (size_t)(r - seg));
        w += r - seg;
    }
    if (w == s)
        *w++ = '/';
    *w = '\0';
}

static char *join(const char *a, size_t alen, const char *b)
{
    size_t blen = strlen(b);
    char *s = xmalloc(alen + blen + 2);

    memcpy(s, a, alen);
    s[alen] = '/';
    memcpy(s + alen + 1, b, blen + 1);
    return s;
}

/* p->base: the folder of the config file, absolute, found once.  A relative
   file name is taken from the current folder (normalize() later drops the
   doubled or trailing slashes this leaves). */
static int find_base(parser *p, const node *at)
{
    const char *slash = strrchr(p->file, '/');
    size_t dirlen = slash ? (size_t)(slash - p->file) : 0, cwdlen;
    char cwd[PATH_MAX] = "";

    if (p->base)
        return 0;
    if (p->file[0] != '/' && !getcwd(cwd, sizeof cwd))
        return FAIL_AT(p, at, "plugin_dirs: cannot find the current folder: %s",
                       strerror(errno));
    cwdlen = strlen(cwd);
    p->base = join(cwd, cwdlen, p->file);
    p->base[cwdlen + 1 + dirlen] = '\0'; /* cut off the file's own name */
    return 0;
}

static int h_dirs(parser *p, const node *n, void *dst, const field *f)
{
    config *cfg = dst;

    if (want(p, n, NODE_SEQ, "for 'plugin_dirs'") < 0)
        return -1;
    for (size_t i = 0; i < n->n; i++) {
        const node *d = n->kids[i];
        char *abs;
        if (d->kind != NODE_SCALAR || !*d->text)
            return bad_value(p, d, f->key, "a folder name");
        if (d->text[0] == '/')
            abs = xstrdup(d->text);
        else if (find_base(p, d) < 0)
            return -1;
        else
            abs = join(p->base, strlen(p->base), d->text);
        normalize(abs);
        cfg->plugin_dirs = open_slot(cfg->plugin_dirs, cfg->nplugin_dirs,
                                     p->dir_at, sizeof *cfg->plugin_dirs);
        cfg->plugin_dirs[p->dir_at++] = abs;
        cfg->nplugin_dirs++;
    }
    return 0;
}

/* ---- rules -------------------------------------------------------------- */

const char *const config_engine_names[ENGINE_COUNT] = {"auto", "search",
                                                       "exact"};

static int h_engine(parser *p, const node *n, void *dst, const field *f)
{
    for (int i = 0; n->kind == NODE_SCALAR && i < ENGINE_COUNT; i++)
        if (!strcmp(n->text, config_engine_names[i])) {
            *(enum cfg_engine *)dst = (enum cfg_engine)i;
            return 0;
        }
    return bad_value(p, n, f->key, "auto, search or exact");
}

/* `accept`: fewest, within N, or within N per cell. */
static int h_accept(parser *p, const node *n, void *dst, const field *f)
{
    static const char per[] = " per cell";
    cfg_profile *pr = dst;
    const char *s = n->kind == NODE_SCALAR ? n->text : "";
    size_t len = strlen(s);
    pr->within = UINT64_MAX;
    pr->per_cell =
        len > sizeof per - 1 && !strcmp(s + len - (sizeof per - 1), per);
    if (pr->per_cell)
        len -= sizeof per - 1;
    if (!strcmp(s, "fewest"))
        return 0;
    if (len > 7 && !strncmp(s, "within ", 7) &&
        !text_u64(s + 7, len - 7, 0, MAX_STATES_MAX, &pr->within))
        return 0;
    pr->within = UINT64_MAX;
    return bad_value(p, n, f->key,
                     "fewest, within N or within N per cell (N a whole "
                     "number)");
}

const char *config_accept_text(const cfg_profile *p, char *buf, size_t cap)
{
    if (p->within == UINT64_MAX)
        fmt(buf, cap, "fewest");
    else
        fmt(buf, cap, "within %" PRIu64 "%s", p->within,
            p->per_cell ? " per cell" : "");
    return buf;
}

/* A profile's size: the one RxC grammar, typed for the core and plugins. */
static int h_size(parser *p, const node *n, void *dst, const field *f)
{
    cfg_profile *pr = dst;
    if (n->kind != NODE_SCALAR ||
        text_size(n->text, strlen(n->text), &pr->rows, &pr->cols))
        return bad_value(p, n, f->key, TEXT_SIZE_EXPECTED);
    pr->size_at = mark_of(p, n);
    return 0;
}

/* An answer template (template.h) using the placeholders in *f->arg. */
static int h_template(parser *p, const node *n, void *dst, const field *f)
{
    char why[MSG_MAX];
    field text = {f->key, h_text, 0, "non-empty text on one line"};
    if (h_text(p, n, dst, &text) < 0)
        return -1;
    if (template_check(*(char **)dst, *(const unsigned *)f->arg, why,
                       sizeof why) == 0)
        return 0;
    return FAIL_AT(p, n, "%s: %s", f->key, why);
}

/* The solved template: one count at most, {moves} or {answer}, as what
   reads answers back (--check, --testlib, --kattis) takes one. */
static int h_solved(parser *p, const node *n, void *dst, const field *f)
{
    if (h_template(p, n, dst, f) < 0)
        return -1;
    if (template_count(*(char **)dst, TPL_MOVES | TPL_ANSWER) <= 1)
        return 0;
    return FAIL_AT(p, n,
                   "%s: more than one {moves} or {answer}: each prints the "
                   "count, and --check, --testlib and --kattis read one count "
                   "an answer (use one)",
                   f->key);
}

const char *const config_size_line_names[SIZE_LINE_COUNT] = {"none", "first",
                                                             "each"};

static int h_size_line(parser *p, const node *n, void *dst, const field *f)
{
    for (int i = 0; n->kind == NODE_SCALAR && i < SIZE_LINE_COUNT; i++)
        if (!strcmp(n->text, config_size_line_names[i])) {
            *(enum cfg_size_line *)dst = (enum cfg_size_line)i;
            return 0;
        }
    return bad_value(p, n, f->key, "none, first or each");
}

/* layout.end: text that a line can match.  Lines are compared as words
   (layout.c): the blanks at either end dropped, a run of them one space;
   so an end text must be its own words. */
static int h_end(parser *p, const node *n, void *dst, const field *f)
{
    char **end = dst, b[TEXT_QUOTE_BUF], w[TEXT_QUOTE_BUF];
    if (h_text(p, n, dst, f) < 0)
        return -1;
    size_t len = strlen(*end);
    char *words = xmalloc(len + 1);
    words[text_words(*end, len, words)] = '\0';
    int same = strcmp(words, *end) == 0;
    if (!same)
        FAIL_AT(p, n,
                "%s: '%s' can never match: a line is read as words, without "
                "blanks at either end and with one space between words%s%s%s",
                f->key, text_quote(b, sizeof b, *end),
                *words ? " (write '" : " (a blank line is no end line",
                text_quote(w, sizeof w, words), *words ? "')" : ")");
    free(words);
    return same ? 0 : -1;
}

/* layout.ignore: characters a board's line may hold between its cells,
   read as blanks; each one printable and no blank, '/' or '=' (those
   would make the line a line record). */
static int h_ignore(parser *p, const node *n, void *dst, const field *f)
{
    if (h_text(p, n, dst, f) < 0)
        return -1;
    for (const char *s = *(char **)dst; *s; s++)
        if (!gridbfs_cell_char(*s))
            return bad_value(p, n, f->key, f->arg);
    return 0;
}

static const range param_rows_range = {1, GRIDBFS_MAX_SIDE, STORE_U32};
static const field layout_fields[] = {
    {"count", h_bool, offsetof(cfg_layout, count), NULL},
    {"size", h_size_line, offsetof(cfg_layout, size), NULL},
    {"name", h_bool, offsetof(cfg_layout, name), NULL},
    {"blank", h_bool, offsetof(cfg_layout, blank), NULL},
    {"end", h_end, offsetof(cfg_layout, end), "non-empty text on one line"},
    {"param", h_text, offsetof(cfg_layout, param), "a parameter's name"},
    {"param_rows", h_int, offsetof(cfg_layout, param_rows), &param_rows_range},
    {"spaced", h_bool, offsetof(cfg_layout, spaced), NULL},
    {"square", h_bool, offsetof(cfg_layout, square), NULL},
    {"one_line", h_bool, offsetof(cfg_layout, one_line), NULL},
    {"ignore", h_ignore, offsetof(cfg_layout, ignore),
     "printable characters, not blank, '/' or '='"},
    {NULL, NULL, 0, NULL},
};
static const table layout_table = {"in a layout", layout_fields};

/* A profile's layout, layered key by key; param and param_rows go
   together. */
static int h_layout(parser *p, const node *n, void *dst, const field *f)
{
    cfg_layout *l = dst;
    (void)f;
    if (want(p, n, NODE_MAP, "for 'layout'") < 0 ||
        walk_map(p, n, &layout_table, l) < 0)
        return -1;
    l->at = mark_of(p, n);
    if (!l->param != !l->param_rows)
        return FAIL_AT(p, n, "layout: param and param_rows go together");
    if (l->param && !strcmp(l->param, "size"))
        return FAIL_AT(p, n, "layout: param cannot be size (use size)");
    if (l->square && l->size == SIZE_LINE_NONE)
        return FAIL_AT(p, n,
                       "layout: square needs a size line (size: first "
                       "or each)");
    if (l->ignore && !l->one_line)
        return FAIL_AT(p, n, "layout: ignore needs one_line");
    if (l->one_line && config_layout_on(l))
        return FAIL_AT(p, n,
                       "layout: one_line reads files of boards alone (no "
                       "count, size, name, blank, end or param)");
    return 0;
}

int config_layout_marked(const cfg_layout *l)
{
    return l->blank || l->name || l->size == SIZE_LINE_EACH;
}

int config_layout_on(const cfg_layout *l)
{
    return config_layout_marked(l) || l->count || l->size != SIZE_LINE_NONE ||
           l->end || l->param;
}

static const unsigned solved_placeholders =
    TPL_CASE | TPL_NAME | TPL_MOVES | TPL_ANSWER;
static const unsigned case_placeholders = TPL_CASE | TPL_NAME;
static const range moves_range = {0, MAX_STATES_MAX, STORE_U64};

static const field profile_fields[] = {
    {"plugin", h_name, offsetof(cfg_profile, plugin), NULL},
    {"engine", h_engine, offsetof(cfg_profile, engine), NULL},
    {"size", h_size, 0, NULL},
    {"path", h_bool, offsetof(cfg_profile, path), NULL},
    {"solved", h_solved, offsetof(cfg_profile, solved), &solved_placeholders},
    {"impossible", h_template, offsetof(cfg_profile, impossible),
     &case_placeholders},
    {"before", h_template, offsetof(cfg_profile, before), &case_placeholders},
    {"max_moves", h_int, offsetof(cfg_profile, max_moves), &moves_range},
    {"accept", h_accept, 0, NULL},
    {"layout", h_layout, offsetof(cfg_profile, layout), NULL},
    {NULL, NULL, 0, NULL},
};
static const table profile_table = {"in a rule", profile_fields};

const char *config_core_key_like(const char *key)
{
    const char *cand[MAX_FIELDS];
    size_t n = 0;
    for (const field *f = profile_fields; f->key; f++)
        cand[n++] = f->key;
    return text_suggest(key, cand, n);
}

/* A parameter's text: a scalar as is, a sequence of scalars joined by '/'. */
static char *param_text(parser *p, const node *key, const node *v)
{
    const char *want_text = "text or a sequence of text";
    char b[TEXT_QUOTE_BUF], *s;
    size_t len = 0, at = 0;

    if (v->kind == NODE_SCALAR)
        return xstrdup(v->text);
    if (v->kind == NODE_MAP) {
        bad_value(p, v, text_quote(b, sizeof b, key->text), want_text);
        return NULL;
    }
    for (size_t i = 0; i < v->n; i++) {
        if (v->kids[i]->kind != NODE_SCALAR) {
            bad_value(p, v->kids[i], text_quote(b, sizeof b, key->text),
                      want_text);
            return NULL;
        }
        len += strlen(v->kids[i]->text) + 1;
    }
    s = xmalloc(len + 1);
    s[0] = '\0';
    for (size_t i = 0; i < v->n; i++) {
        size_t l = strlen(v->kids[i]->text);
        if (i)
            s[at++] = '/';
        memcpy(s + at, v->kids[i]->text, l + 1);
        at += l;
    }
    return s;
}

/* Replace the parameter key in place, or append it.  Only the first had
   parameters (those from earlier files) need a look: the duplicate check
   already made this file's keys distinct, and a linear search of them all
   would be quadratic on a hostile file. */
static int set_param(parser *p, cfg_profile *pr, size_t had, const node *key,
                     const node *v)
{
    char *text = param_text(p, key, v);
    cfg_param *q = NULL;

    if (!text)
        return -1;
    for (size_t i = 0; i < had && !q; i++)
        if (!strcmp(pr->params[i].key, key->text))
            q = &pr->params[i];
    if (!q) {
        pr->params =
            xreallocarray(pr->params, pr->nparams + 1, sizeof *pr->params);
        q = &pr->params[pr->nparams++];
        q->key = xstrdup(key->text);
        q->value = NULL;
    }
    free(q->value);
    q->value = text;
    q->at = mark_of(p, v);
    q->key_at = mark_of(p, key);
    return 0;
}

/* Layer the profile mapping body over pr. */
static int load_profile(parser *p, cfg_profile *pr, const node *body)
{
    size_t had = pr->nparams;

    for (size_t i = 0; i + 1 < body->n; i += 2) {
        const node *key = body->kids[i], *v = body->kids[i + 1];
        const field *f = lookup(&profile_table, key->text);
        if (f ? f->fn(p, v, (char *)pr + f->off, f)
              : set_param(p, pr, had, key, v))
            return -1;
    }
    return 0;
}

/* The profile named name among the first had (as for set_param), else a new
   empty one. */
static cfg_profile *profile_get(config *cfg, size_t had, const char *name)
{
    cfg_profile *pr;

    for (size_t i = 0; i < had; i++)
        if (!strcmp(cfg->profiles[i].name, name))
            return &cfg->profiles[i];
    cfg->profiles =
        xreallocarray(cfg->profiles, cfg->nprofiles + 1, sizeof *cfg->profiles);
    pr = &cfg->profiles[cfg->nprofiles++];
    memset(pr, 0, sizeof *pr);
    pr->name = xstrdup(name);
    pr->path = -1;
    pr->layout.spaced = -1;
    pr->max_moves = UINT64_MAX;
    pr->within = UINT64_MAX;
    return pr;
}

static int h_rules(parser *p, const node *n, void *dst, const field *f)
{
    config *cfg = dst;
    size_t had = cfg->nprofiles; /* `rules` is given once per file */
    char what[64], b[TEXT_QUOTE_BUF];

    (void)f;
    if (want(p, n, NODE_MAP, "for 'rules'") < 0)
        return -1;
    for (size_t i = 0; i + 1 < n->n; i += 2) {
        const node *name = n->kids[i], *body = n->kids[i + 1];
        cfg_profile *pr;
        if (!is_name(name->text))
            return FAIL_AT(p, name,
                           "expected a rule name of lowercase letters, "
                           "digits and '-', got '%s'",
                           text_quote(b, sizeof b, name->text));
        fmt(what, sizeof what, "for rule '%s'",
            text_quote(b, sizeof b, name->text));
        if (want(p, body, NODE_MAP, what) < 0)
            return -1;
        pr = profile_get(cfg, had, name->text);
        pr->at = mark_of(p, name);
        if (load_profile(p, pr, body) < 0)
            return -1;
    }
    return 0;
}

/* ---- routes ------------------------------------------------------------- */

static const field route_fields[] = {
    {"glob", h_text, offsetof(cfg_route, glob), "a non-empty pattern"},
    {"rule", h_name, offsetof(cfg_route, rule), NULL},
    {NULL, NULL, 0, NULL},
};
static const table route_table = {"in a route", route_fields};

static int h_routes(parser *p, const node *n, void *dst, const field *f)
{
    config *cfg = dst;

    (void)f;
    if (want(p, n, NODE_SEQ, "for 'routes'") < 0)
        return -1;
    for (size_t i = 0; i < n->n; i++) {
        const node *item = n->kids[i];
        cfg_route r = {NULL, NULL, mark_of(p, item)};
        int rc = want(p, item, NODE_MAP, "for each route");
        if (rc == 0)
            rc = walk_map(p, item, &route_table, &r);
        if (rc == 0 && !r.glob)
            rc = FAIL_AT(p, item, "missing key 'glob' in a route");
        if (rc == 0 && !r.rule)
            rc = FAIL_AT(p, item, "missing key 'rule' in a route");
        if (rc < 0) {
            free(r.glob);
            free(r.rule);
            return -1;
        }
        cfg->routes =
            open_slot(cfg->routes, cfg->nroutes, p->route_at, sizeof r);
        cfg->routes[p->route_at++] = r;
        cfg->nroutes++;
    }
    return 0;
}

/* ---- the top level ------------------------------------------------------ */

/* defaults.format: checked against the formats output.h lists, by the
   command, which knows them. */
static int h_format(parser *p, const node *n, void *dst, const field *f)
{
    config *cfg = dst;
    if (h_text(p, n, &cfg->format, f) < 0)
        return -1;
    cfg->format_at = mark_of(p, n);
    return 0;
}

static const range jobs_range = {0, CONFIG_MAX_JOBS, STORE_LONG};
static const range states_range = {1, MAX_STATES_MAX, STORE_U64};
static const range line_range = {MAX_LINE_MIN, MAX_LINE_MAX, STORE_SIZE};
static const range table_range = {0, TABLE_MEMORY_MAX, STORE_SIZE};
static const range memory_range = {MEMORY_MIN, TABLE_MEMORY_MAX, STORE_SIZE};

static const field default_fields[] = {
    {"rule", h_default_rule, 0, NULL},
    {"format", h_format, 0, "judge, csv or jsonl"},
    {"path", h_bool, offsetof(config, path), NULL},
    {"jobs", h_int, offsetof(config, jobs), &jobs_range},
    {NULL, NULL, 0, NULL},
};
static const table default_table = {"in defaults", default_fields};

/* A whole number of limits (offset 0: dst is the config), and where it
   was given, for check_line() */
static int h_marked(parser *p, const node *n, void *dst, const field *f,
                    size_t *v, cfg_mark *at)
{
    (void)dst;
    if (h_int(p, n, v, f) < 0)
        return -1;
    *at = mark_of(p, n);
    return 0;
}

static int h_max_line(parser *p, const node *n, void *dst, const field *f)
{
    config *cfg = dst;
    return h_marked(p, n, dst, f, &cfg->max_line, &cfg->max_line_at);
}

static int h_memory(parser *p, const node *n, void *dst, const field *f)
{
    config *cfg = dst;
    return h_marked(p, n, dst, f, &cfg->memory, &cfg->memory_at);
}

/* One line must fit limits.memory (CONFIG_LINE_SHARE): checked once this
   file's limits are known, at the key it gave that breaks it, so that a
   later file's smaller memory is blamed on that file. */
static int check_line(parser *p, const config *cfg)
{
    size_t most = cfg->memory / CONFIG_LINE_SHARE;
    if (cfg->max_line <= most)
        return 0;
    const cfg_mark *at =
        cfg->max_line_at.file == p->file ? &cfg->max_line_at : &cfg->memory_at;
    assert(at->file == p->file); /* the defaults fit: this file set one */
    if (at == &cfg->max_line_at)
        return fail(p, at->line, at->col,
                    "max_line: %zu does not fit limits.memory (%zu): a line "
                    "may take at most a sixteenth of it, %zu",
                    cfg->max_line, cfg->memory, most);
    return fail(p, at->line, at->col,
                "memory: %zu leaves no room for limits.max_line (%zu): a "
                "line may take at most a sixteenth of it, %zu",
                cfg->memory, cfg->max_line, most);
}

static const field limit_fields[] = {
    {"max_states", h_int, offsetof(config, max_states), &states_range},
    {"max_line", h_max_line, 0, &line_range},
    {"table_memory", h_int, offsetof(config, table_memory), &table_range},
    {"memory", h_memory, 0, &memory_range},
    {NULL, NULL, 0, NULL},
};
static const table limit_table = {"in limits", limit_fields};

static const field top_fields[] = {
    {"plugin_dirs", h_dirs, 0, NULL},
    {"defaults", h_section, 0, &default_table},
    {"limits", h_section, 0, &limit_table},
    {"rules", h_rules, 0, NULL},
    {"routes", h_routes, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static const table top_table = {"at the top level", top_fields};

/* ---- the interface ------------------------------------------------------ */

void config_init(config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->rule = xstrdup("poj1753");
    cfg->format = xstrdup("judge");
    cfg->max_states = 100000000;
    cfg->max_line = 65536;
    cfg->table_memory = (size_t)256 << 20;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    cfg->memory = pages > 0 && page > 0
                      ? (size_t)pages / CONFIG_MEMORY_SHARE * (size_t)page
                      : CONFIG_MEMORY_CAP;
    if (cfg->memory > CONFIG_MEMORY_CAP)
        cfg->memory = CONFIG_MEMORY_CAP;
}

void config_free(config *cfg)
{
    for (size_t i = 0; i < cfg->nplugin_dirs; i++)
        free(cfg->plugin_dirs[i]);
    for (size_t i = 0; i < cfg->nprofiles; i++) {
        cfg_profile *pr = &cfg->profiles[i];
        for (size_t j = 0; j < pr->nparams; j++) {
            free(pr->params[j].key);
            free(pr->params[j].value);
        }
        free(pr->params);
        free(pr->name);
        free(pr->plugin);
        free(pr->solved);
        free(pr->impossible);
        free(pr->before);
        free(pr->layout.end);
        free(pr->layout.param);
        free(pr->layout.ignore);
    }
    for (size_t i = 0; i < cfg->nroutes; i++) {
        free(cfg->routes[i].glob);
        free(cfg->routes[i].rule);
    }
    for (size_t i = 0; i < cfg->nfiles; i++)
        free(cfg->files[i]);
    free(cfg->plugin_dirs);
    free(cfg->profiles);
    free(cfg->routes);
    free(cfg->files);
    free(cfg->rule);
    free(cfg->format);
    memset(cfg, 0, sizeof *cfg);
}

int config_load_text(config *cfg, const char *file, const char *text,
                     size_t len, char *err, size_t errlen)
{
    parser p = {NULL, text, len, err, errlen, 0, 0, NULL};
    yaml_parser_t yp;
    node *root = NULL;
    char b[TEXT_QUOTE_BUF + 2];
    int rc = -1;

    assert(errlen > 0);
    cfg->files = xreallocarray(cfg->files, cfg->nfiles + 1, sizeof *cfg->files);
    p.file = cfg->files[cfg->nfiles++] = xstrdup(file);
    if (len > CONFIG_MAX_BYTES)
        return fail(&p, 0, 0, "config file larger than %u MiB",
                    CONFIG_MAX_BYTES >> 20);
    if (!yaml_parser_initialize(&yp))
        return fail(&p, 0, 0, "out of memory while parsing");
    yaml_parser_set_input_string(&yp, (const unsigned char *)text, len);
    if (read_document(&p, &yp, &root) < 0)
        goto out;
    if (!root || is_null(root))
        rc = 0;
    else if (root->kind != NODE_MAP)
        rc = FAIL_AT(&p, root, "expected a mapping at the top level, got %s",
                     got(b, root));
    else
        rc = walk_map(&p, root, &top_table, cfg);
    if (rc == 0)
        rc = check_line(&p, cfg);
out:
    yaml_parser_delete(&yp);
    node_free(root);
    free(p.base);
    return rc;
}

int config_load_file(config *cfg, const char *path, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "rb");
    size_t len = 0, n;
    char *buf;
    int rc = -1;

    if (!fp) {
        fmt(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* One byte more than allowed is enough to refuse. */
    buf = xmalloc(CONFIG_MAX_BYTES + 1);
    while (len <= CONFIG_MAX_BYTES &&
           (n = fread(buf + len, 1, CONFIG_MAX_BYTES + 1 - len, fp)) > 0)
        len += n;
    if (ferror(fp))
        fmt(err, errlen, "%s: %s", path, strerror(errno));
    else if (len > CONFIG_MAX_BYTES)
        fmt(err, errlen, "%s: config file larger than %u MiB", path,
            CONFIG_MAX_BYTES >> 20);
    else
        rc = config_load_text(cfg, path, buf, len, err, errlen);
    fclose(fp);
    free(buf);
    return rc;
}

const cfg_profile *config_profile(const config *cfg, const char *name)
{
    for (size_t i = 0; i < cfg->nprofiles; i++)
        if (!strcmp(cfg->profiles[i].name, name))
            return &cfg->profiles[i];
    return NULL;
}

const char *config_route(const config *cfg, const char *file)
{
    const char *slash = strrchr(file, '/');
    const char *base = slash ? slash + 1 : file;

    /* A pattern with a '/' matches the whole name, '*' crossing folders as
       in find -path; any other matches the basename. */
    for (size_t i = 0; i < cfg->nroutes; i++) {
        const cfg_route *r = &cfg->routes[i];
        if (fnmatch(r->glob, strchr(r->glob, '/') ? file : base, 0) == 0)
            return r->rule;
    }
    return NULL;
}
