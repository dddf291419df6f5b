/*
 * output.c - the three output formats.  Writes go to a stdio stream whose
 * errors the caller checks once at the end (ferror, fclose).
 */
#include "output.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MOVE_TEXT_MAX 64

struct output {
    FILE *f;
    enum out_format fmt;
    char *path; /* the compact path being built, for CSV quoting */
    size_t plen, pcap;
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

output *output_new(FILE *f, enum out_format fmt)
{
    output *o = xcalloc(1, sizeof *o);
    o->f = f;
    o->fmt = fmt;
    if (fmt == FORMAT_CSV) /* even for no records, so tools see columns */
        fputs("source,record,line,id,rule,status,moves,path,message\n", f);
    return o;
}

void output_free(output *o)
{
    if (!o)
        return;
    free(o->path);
    free(o);
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

static void write_judge(output *o, const out_result *r)
{
    char buf[MOVE_TEXT_MAX];
    switch (r->status) {
    case ST_SOLVED:
        fprintf(o->f, "%" PRIu64 "\n", r->moves);
        if (r->with_path)
            for (size_t i = 0; i < r->npath; i++) {
                fputs(move_text(r, r->path[i], GRIDBFS_MOVE_JUDGE, buf), o->f);
                putc('\n', o->f);
            }
        break;
    case ST_IMPOSSIBLE:
        fputs(r->impossible ? r->impossible : "Impossible", o->f);
        putc('\n', o->f);
        break;
    default:
        fputs(status_names[r->status], o->f);
        putc('\n', o->f);
        break;
    }
}

/* An RFC 4180 field: quoted when it holds a comma, quote, CR or LF. */
static void csv_field(FILE *f, const char *s)
{
    if (!s)
        return;
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

/* The path in compact form, moves separated by spaces, in o->path. */
static const char *compact_path(output *o, const out_result *r)
{
    char buf[MOVE_TEXT_MAX];
    o->plen = 0;
    for (size_t i = 0; i < r->npath; i++) {
        const char *t = move_text(r, r->path[i], GRIDBFS_MOVE_COMPACT, buf);
        size_t n = strlen(t);
        if (o->plen + n + 2 > o->pcap) {
            o->pcap = (o->plen + n + 2) * 2;
            o->path = xrealloc(o->path, o->pcap);
        }
        if (i)
            o->path[o->plen++] = ' ';
        memcpy(o->path + o->plen, t, n);
        o->plen += n;
    }
    if (!o->path)
        o->path = xcalloc(1, 1);
    o->path[o->plen] = '\0';
    return o->path;
}

static int has_path(const out_result *r)
{
    return r->status == ST_SOLVED && r->with_path;
}

static void write_csv(output *o, const out_result *r)
{
    FILE *f = o->f;
    csv_field(f, r->source);
    fprintf(f, ",%" PRIu64 ",%" PRIu64 ",", r->record, r->line);
    csv_field(f, r->id);
    putc(',', f);
    csv_field(f, r->rule);
    fprintf(f, ",%s,", status_names[r->status]);
    if (r->status == ST_SOLVED)
        fprintf(f, "%" PRIu64, r->moves);
    putc(',', f);
    if (has_path(r))
        csv_field(f, compact_path(o, r));
    putc(',', f);
    csv_field(f, r->message);
    putc('\n', f);
}

/* Length of the valid UTF-8 sequence at s, or 0. */
static size_t utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
               : s[0] >= 0xE0                 ? 3
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
static void json_string(FILE *f, const char *str)
{
    if (!str) {
        fputs("null", f);
        return;
    }
    const unsigned char *s = (const unsigned char *)str;
    putc('"', f);
    while (*s) {
        size_t n = utf8_len(s);
        if (n == 0) {
            fputs("\\ufffd", f);
            s++;
        } else if (*s == '"' || *s == '\\') {
            putc('\\', f);
            putc(*s++, f);
        } else if (*s < 0x20) {
            fprintf(f, "\\u%04x", *s++);
        } else {
            fwrite(s, 1, n, f);
            s += n;
        }
    }
    putc('"', f);
}

static void write_jsonl(output *o, const out_result *r)
{
    FILE *f = o->f;
    fputs("{\"source\":", f);
    json_string(f, r->source);
    fprintf(f, ",\"record\":%" PRIu64 ",\"line\":%" PRIu64 ",\"id\":",
            r->record, r->line);
    json_string(f, r->id);
    fputs(",\"rule\":", f);
    json_string(f, r->rule);
    fprintf(f, ",\"status\":\"%s\",\"moves\":", status_names[r->status]);
    if (r->status == ST_SOLVED)
        fprintf(f, "%" PRIu64, r->moves);
    else
        fputs("null", f);
    fputs(",\"path\":", f);
    json_string(f, has_path(r) ? compact_path(o, r) : NULL);
    fputs(",\"message\":", f);
    json_string(f, r->message);
    fputs("}\n", f);
}

void output_write(output *o, const out_result *r)
{
    switch (o->fmt) {
    case FORMAT_JUDGE:
        write_judge(o, r);
        break;
    case FORMAT_CSV:
        write_csv(o, r);
        break;
    case FORMAT_JSONL:
        write_jsonl(o, r);
        break;
    }
}
