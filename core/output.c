/*
 * output.c - the three output formats, appended to a memory buffer: each
 * worker formats its own records and the writer only copies bytes out.
 */
#include "output.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MOVE_TEXT_MAX 64
#define JUDGE_TEXT_MIN 256
#define JUDGE_TEXT_MAX ((size_t)1 << 20) /* then the default text */

/* A string as last escaped: sources and rules repeat record after record. */
typedef struct escaped {
    strbuf raw; /* a copy, NUL included: the caller's string may change */
    strbuf text;
} escaped;

struct output {
    enum out_format fmt;
    strbuf path; /* the compact path being built, for quoting */
    escaped source, rule;
};

static const char *const status_names[] = {"solved", "impossible", "invalid",
                                           "limit"};

int output_format(const char *name, enum out_format *fmt)
{
    static const char *const names[] = {"judge", "csv", "jsonl"};
    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *fmt = (enum out_format)i;
            return 0;
        }
    return -1;
}

output *output_new(enum out_format fmt)
{
    output *o = xcalloc(1, sizeof *o);
    o->fmt = fmt;
    return o;
}

void output_free(output *o)
{
    if (!o)
        return;
    sb_free(&o->path);
    sb_free(&o->source.raw);
    sb_free(&o->source.text);
    sb_free(&o->rule.raw);
    sb_free(&o->rule.text);
    free(o);
}

void output_header(enum out_format fmt, strbuf *sb)
{
    static const char header[] =
        "source,record,line,id,rule,status,moves,path,message\n";
    if (fmt == FORMAT_CSV)
        sb_add(sb, header, sizeof header - 1);
}

static void sb_puts(strbuf *sb, const char *s)
{
    sb_add(sb, s, strlen(s));
}

/* Move m's text, or "?" if the plugin could not write it. */
static const char *move_text(const out_result *r, uint16_t m, int style,
                             char *buf)
{
    if (r->ops->move_text(r->inst, m, style, buf, MOVE_TEXT_MAX) < 0)
        return "?";
    buf[MOVE_TEXT_MAX - 1] = '\0';
    return buf;
}

/*
 * The plugin's own judge text for a solved puzzle, written straight into
 * sb; returns 0, or -1 when the plugin never found the room it wanted.
 */
static int plugin_judge_text(const out_result *r, strbuf *sb)
{
    int (*text)(const void *, const uint16_t *, size_t, int, char *, size_t) =
        GRIDBFS_PLUGIN_OP(r->ops, judge_text);
    for (size_t room = JUDGE_TEXT_MIN; room <= JUDGE_TEXT_MAX; room *= 4) {
        if (sb->cap - sb->len < room)
            sb_grow(sb, room);
        int n = text(r->inst, r->path, r->npath, r->with_path, sb->p + sb->len,
                     sb->cap - sb->len);
        if (n >= 0 && (size_t)n < sb->cap - sb->len) {
            sb->len += (size_t)n;
            return 0;
        }
    }
    return -1;
}

static void write_judge(const out_result *r, strbuf *sb)
{
    char buf[MOVE_TEXT_MAX];
    switch (r->status) {
    case ST_SOLVED:
        if (r->ops && GRIDBFS_PLUGIN_OP(r->ops, judge_text) &&
            plugin_judge_text(r, sb) == 0)
            break;
        sb_u64(sb, r->moves);
        sb_putc(sb, '\n');
        if (r->with_path)
            for (size_t i = 0; i < r->npath; i++) {
                sb_puts(sb, move_text(r, r->path[i], GRIDBFS_MOVE_JUDGE, buf));
                sb_putc(sb, '\n');
            }
        break;
    case ST_IMPOSSIBLE:
        sb_puts(sb, r->impossible ? r->impossible : "Impossible");
        sb_putc(sb, '\n');
        break;
    default:
        sb_puts(sb, status_names[r->status]);
        sb_putc(sb, '\n');
        break;
    }
}

/* An RFC 4180 field: quoted when it holds a comma, quote, CR or LF. */
static void csv_field(strbuf *sb, const char *s)
{
    if (!s)
        return;
    if (!strpbrk(s, ",\"\r\n")) {
        sb_puts(sb, s);
        return;
    }
    sb_putc(sb, '"');
    for (; *s; s++) {
        if (*s == '"')
            sb_putc(sb, '"');
        sb_putc(sb, *s);
    }
    sb_putc(sb, '"');
}

/* The path in compact form, moves separated by spaces, in o->path. */
static const char *compact_path(output *o, const out_result *r)
{
    char buf[MOVE_TEXT_MAX];
    o->path.len = 0;
    for (size_t i = 0; i < r->npath; i++) {
        if (i)
            sb_putc(&o->path, ' ');
        sb_puts(&o->path, move_text(r, r->path[i], GRIDBFS_MOVE_COMPACT, buf));
    }
    sb_putc(&o->path, '\0');
    return o->path.p;
}

static int has_path(const out_result *r)
{
    return r->status == ST_SOLVED && r->with_path;
}

static void json_string(strbuf *sb, const char *str);

/* s escaped for the output's format, from the cache e when s is the same. */
static void add_escaped(output *o, escaped *e, const char *s, strbuf *sb)
{
    size_t n = strlen(s) + 1;
    if (e->raw.len != n || memcmp(e->raw.p, s, n) != 0) {
        e->raw.len = 0;
        sb_add(&e->raw, s, n);
        e->text.len = 0;
        if (o->fmt == FORMAT_CSV)
            csv_field(&e->text, s);
        else
            json_string(&e->text, s);
    }
    sb_add(sb, e->text.p, e->text.len);
}

static void write_csv(output *o, const out_result *r, strbuf *sb)
{
    add_escaped(o, &o->source, r->source, sb);
    sb_putc(sb, ',');
    sb_u64(sb, r->record);
    sb_putc(sb, ',');
    sb_u64(sb, r->line);
    sb_putc(sb, ',');
    csv_field(sb, r->id);
    sb_putc(sb, ',');
    add_escaped(o, &o->rule, r->rule, sb);
    sb_putc(sb, ',');
    sb_puts(sb, status_names[r->status]);
    sb_putc(sb, ',');
    if (r->status == ST_SOLVED)
        sb_u64(sb, r->moves);
    sb_putc(sb, ',');
    if (has_path(r))
        csv_field(sb, compact_path(o, r));
    sb_putc(sb, ',');
    csv_field(sb, r->message);
    sb_putc(sb, '\n');
}

/* Length of the valid UTF-8 sequence at s, or 0. */
static size_t utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
               : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
               : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
                                              : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) ||
                   (s[0] == 0xED && s[1] >= 0xA0)))
        return 0; /* overlong, or a UTF-16 surrogate */
    if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) ||
                   (s[0] == 0xF4 && s[1] >= 0x90)))
        return 0; /* overlong, or past U+10FFFF */
    return n;
}

/* A JSON string, or null; invalid UTF-8 becomes U+FFFD. */
static void json_string(strbuf *sb, const char *str)
{
    static const char hex[] = "0123456789abcdef";
    if (!str) {
        sb_puts(sb, "null");
        return;
    }
    const unsigned char *s = (const unsigned char *)str;
    sb_putc(sb, '"');
    while (*s) {
        size_t n = utf8_len(s);
        if (n == 0) {
            sb_puts(sb, "\\ufffd");
            s++;
        } else if (*s == '"' || *s == '\\') {
            sb_putc(sb, '\\');
            sb_putc(sb, (char)*s++);
        } else if (*s < 0x20) {
            char u[] = {'\\', 'u', '0', '0', hex[*s >> 4], hex[*s & 15]};
            sb_add(sb, u, sizeof u);
            s++;
        } else {
            sb_add(sb, (const char *)s, n);
            s += n;
        }
    }
    sb_putc(sb, '"');
}

static void write_jsonl(output *o, const out_result *r, strbuf *sb)
{
    sb_puts(sb, "{\"source\":");
    add_escaped(o, &o->source, r->source, sb);
    sb_puts(sb, ",\"record\":");
    sb_u64(sb, r->record);
    sb_puts(sb, ",\"line\":");
    sb_u64(sb, r->line);
    sb_puts(sb, ",\"id\":");
    json_string(sb, r->id);
    sb_puts(sb, ",\"rule\":");
    add_escaped(o, &o->rule, r->rule, sb);
    sb_puts(sb, ",\"status\":\"");
    sb_puts(sb, status_names[r->status]);
    sb_puts(sb, "\",\"moves\":");
    if (r->status == ST_SOLVED)
        sb_u64(sb, r->moves);
    else
        sb_puts(sb, "null");
    sb_puts(sb, ",\"path\":");
    json_string(sb, has_path(r) ? compact_path(o, r) : NULL);
    sb_puts(sb, ",\"message\":");
    json_string(sb, r->message);
    sb_puts(sb, "}\n");
}

void output_write(output *o, const out_result *r, strbuf *sb)
{
    switch (o->fmt) {
    case FORMAT_JUDGE:
        write_judge(r, sb);
        break;
    case FORMAT_CSV:
        write_csv(o, r, sb);
        break;
    case FORMAT_JSONL:
        write_jsonl(o, r, sb);
        break;
    }
}
