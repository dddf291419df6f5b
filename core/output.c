/*
 * output.c - the three output formats, appended to a memory buffer: each
 * worker formats its own records and the writer only copies bytes out.
 * CSV and JSON Lines write the same fields, listed once.
 */
#include "output.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "template.h"
#include "text.h"
#include "util.h"

#define MOVE_TEXT_MAX OUTPUT_MOVE_TEXT_MAX

const out_format_info output_formats[FORMAT_COUNT] = {
    [FORMAT_JUDGE] = {"judge", "the judge's own answer text (default)"},
    [FORMAT_CSV] = {"csv", "RFC 4180 with a header row, one row a record"},
    [FORMAT_JSONL] = {"jsonl", "JSON Lines, one object a record"},
};

/*
 * The fields of a record in CSV and JSON Lines, in order: the one list
 * that the CSV header and both writers are made from (an X macro, so each
 * writer is the fields one after another, each field's case known).
 */
#define RECORD_FIELDS(X)                                                       \
    X(SOURCE, source)                                                          \
    X(RECORD, record)                                                          \
    X(LINE, line)                                                              \
    X(ID, id)                                                                  \
    X(RULE, rule)                                                              \
    X(STATUS, status)                                                          \
    X(MOVES, moves)                                                            \
    X(PATH, path)                                                              \
    X(MESSAGE, message)

enum field {
#define FIELD_ENUM(id, name) F_##id,
    RECORD_FIELDS(FIELD_ENUM) F_COUNT
#undef FIELD_ENUM
};

const char *const output_status_names[ST_COUNT] = {
    [ST_SOLVED] = "solved",
    [ST_IMPOSSIBLE] = "impossible",
    [ST_INVALID] = "invalid",
    [ST_LIMIT] = "limit",
};

/* A string as last escaped: sources and rules repeat record after record. */
typedef struct escaped {
    strbuf raw; /* a copy, NUL included: the caller's string may change */
    strbuf text;
} escaped;

struct output {
    enum out_format fmt;
    strbuf path;   /* the compact path being built, for quoting */
    strbuf answer; /* the default answer text, for a template's {answer} */
    escaped source, rule;
    strbuf vetted;   /* the plugin's judge text output_vet() checked */
    int have_vetted; /* for the next output_write() */
};

int output_format(const char *name, enum out_format *fmt)
{
    for (int i = 0; i < FORMAT_COUNT; i++)
        if (strcmp(name, output_formats[i].name) == 0) {
            *fmt = (enum out_format)i;
            return 0;
        }
    return -1;
}

const char *output_format_list(char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < FORMAT_COUNT && len < cap; i++) {
        const char *sep = i == 0 ? "" : i + 1 == FORMAT_COUNT ? " or " : ", ";
        fmt(buf + len, cap - len, "%s%s", sep, output_formats[i].name);
        len += strlen(buf + len);
    }
    return buf;
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
    sb_free(&o->answer);
    sb_free(&o->vetted);
    sb_free(&o->source.raw);
    sb_free(&o->source.text);
    sb_free(&o->rule.raw);
    sb_free(&o->rule.text);
    free(o);
}

void output_header(enum out_format fmt, strbuf *sb)
{
#define FIELD_HEADER(id, name) sb_puts(sb, F_##id ? "," #name : #name);
    if (fmt != FORMAT_CSV)
        return;
    RECORD_FIELDS(FIELD_HEADER)
    sb_putc(sb, '\n');
#undef FIELD_HEADER
}

const char *output_move_text(const gridbfs_plugin2 *ops, const void *inst,
                             uint32_t m, int style, char *buf)
{
    if (ops->move_text(inst, m, style, buf, MOVE_TEXT_MAX) < 0)
        return "?";
    buf[MOVE_TEXT_MAX - 1] = '\0';
    return buf;
}

/* Why text[0..n), move_text()'s in style, breaks the contract (see
   output_check_move_texts()), or NULL: the one place that decides it. */
static const char *move_text_fault(const char *text, size_t n, int style)
{
    if (n == 0)
        return "an empty text";
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)text[i] < ' ' || (unsigned char)text[i] >= 0x7f)
            return "a byte that is not printable ASCII";
    if (style == GRIDBFS_MOVE_COMPACT && memchr(text, ' ', n))
        return "a space in the compact text";
    if (text[0] == ' ' || text[n - 1] == ' ')
        return "a space at an end";
    return NULL;
}

int output_check_move_texts(const gridbfs_plugin2 *ops, const void *inst,
                            uint32_t moves, char *why, size_t cap)
{
    static const char *const styles[] = {"judge", "compact"};
    char buf[MOVE_TEXT_MAX + 1], shown[TEXT_QUOTE_BUF];
    for (uint32_t m = 0; m < moves; m++)
        for (int style = GRIDBFS_MOVE_JUDGE; style <= GRIDBFS_MOVE_COMPACT;
             style++) {
            buf[MOVE_TEXT_MAX - 1] = buf[MOVE_TEXT_MAX] = '\0';
            int n = ops->move_text(inst, m, style, buf, MOVE_TEXT_MAX);
            const char *fault = n < 0 ? NULL
                                : n >= MOVE_TEXT_MAX ||
                                        memchr(buf, '\0', (size_t)n) ||
                                        buf[n] != '\0'
                                    ? "a length that is not its text's"
                                    : move_text_fault(buf, (size_t)n, style);
            if (fault) {
                fmt(why, cap,
                    "move_text() gave move %" PRIu32 "'s %s text '%s' "
                    "(length %d): %s",
                    m, styles[style], text_quote(shown, sizeof shown, buf), n,
                    fault);
                return -1;
            }
        }
    return 0;
}

/* Move m's text, or "?" if the plugin could not write it. */
static const char *move_text(const out_result *r, uint32_t m, int style,
                             char *buf)
{
    return output_move_text(r->ops, r->inst, m, style, buf);
}

/* judge_text()'s writer: onto the strbuf ctx. */
static int write_sb(void *ctx, const char *s, size_t n)
{
    sb_add(ctx, s, n);
    return 0;
}

/*
 * The plugin's own judge text for a solved puzzle, added to sb; returns
 * 0, or -1 (sb as it was) when the plugin gave none.
 */
static int plugin_judge_text(const out_result *r, strbuf *sb)
{
    size_t len = sb->len;
    gridbfs_writer w = {sb, write_sb};
    if (r->ops->judge_text(r->inst, r->ans.path, r->ans.npath, r->with_path,
                           &w) == 0)
        return 0;
    sb->len = len;
    return -1;
}

/* gridbfs's own text for a solved puzzle: the plugin's (as output_vet()
   kept it, when it did), or the count and with_path the moves, one a
   line. */
static void write_answer(output *o, const out_result *r, strbuf *sb)
{
    char buf[MOVE_TEXT_MAX];
    if (o->have_vetted) {
        o->have_vetted = 0;
        sb_add(sb, o->vetted.p, o->vetted.len);
        return;
    }
    if (r->ops && r->ops->judge_text && plugin_judge_text(r, sb) == 0)
        return;
    sb_u64(sb, r->ans.moves);
    sb_putc(sb, '\n');
    if (r->with_path)
        for (size_t i = 0; i < r->ans.npath; i++) {
            sb_puts(sb, move_text(r, r->ans.path[i], GRIDBFS_MOVE_JUDGE, buf));
            sb_putc(sb, '\n');
        }
}

/* Why text[0..n), a plugin's judge_text(), breaks the contract, or NULL:
   lines of printable ASCII, each ending in '\n', at least one. */
static const char *judge_text_fault(const char *text, size_t n)
{
    int bad = 0; /* no early exit: the loop vectorises */
    if (n == 0 || text[n - 1] != '\n')
        return "text that does not end with a line break";
    for (size_t i = 0; i < n; i++)
        bad |= (unsigned char)(text[i] - ' ') > '~' - ' ' && text[i] != '\n';
    return bad ? "a byte that is not printable ASCII" : NULL;
}

int output_vet(output *o, out_result *r, char *msg)
{
    const cfg_profile *p = r->profile;
    char shown[TEXT_QUOTE_BUF];
    o->have_vetted = 0;
    if (o->fmt != FORMAT_JUDGE || r->ans.status != ST_SOLVED || !r->ops ||
        !r->ops->judge_text || (p && r->ans.moves > p->max_moves))
        return 0; /* no judge_text() is written for r */
    o->vetted.len = 0;
    if (plugin_judge_text(r, &o->vetted) < 0)
        return 0; /* the core's own text, then */
    const char *fault = judge_text_fault(o->vetted.p, o->vetted.len);
    if (!fault) {
        o->have_vetted = 1;
        return 0;
    }
    sb_putc(&o->vetted, '\0');
    fmt(msg, RULES_MSG_MAX,
        "plugin '%s' broke its contract: judge_text() gave '%s': %s",
        r->ops->name, text_quote(shown, sizeof shown, o->vetted.p), fault);
    r->ans = (solve_result){ST_INVALID, 0, NULL, 0, msg};
    return -1;
}

/* The judge's text for r: gridbfs's own, or the profile's templates. */
static void write_judge(output *o, const out_result *r, strbuf *sb)
{
    const cfg_profile *p = r->profile;
    tpl_values v = {r->record, r->id, r->ans.moves, NULL, 0};
    int solved = r->ans.status == ST_SOLVED;
    if (p && p->before)
        template_write(sb, p->before, &v);
    if (solved && p && r->ans.moves > p->max_moves)
        solved = 0; /* past the judge's cap: its impossible text */
    if (solved && p && p->solved) {
        o->answer.len = 0;
        write_answer(o, r, &o->answer);
        v.answer = o->answer.p;
        v.answer_len = o->answer.len;
        while (v.answer_len && v.answer[v.answer_len - 1] == '\n')
            v.answer_len--;
        template_write(sb, p->solved, &v);
    } else if (solved) {
        write_answer(o, r, sb);
    } else if (r->ans.status == ST_SOLVED || r->ans.status == ST_IMPOSSIBLE) {
        if (p && p->impossible)
            template_write(sb, p->impossible, &v);
        else
            sb_puts(sb, "Impossible\n");
    } else {
        sb_puts(sb, output_status_names[r->ans.status]);
        sb_putc(sb, '\n');
    }
}

/* Bytes of s that are not UTF-8 replaced by U+FFFD, as JSON's are, so
   that CSV tools take the file. */
static void utf8_text(strbuf *sb, const char *str)
{
    for (const unsigned char *s = (const unsigned char *)str; *s;) {
        size_t n = text_utf8_len(s);
        if (n == 0) {
            sb_puts(sb, "\xEF\xBF\xBD");
            s++;
            continue;
        }
        if (*s == '"')
            sb_putc(sb, '"'); /* doubled inside a quoted field */
        sb_add(sb, (const char *)s, n);
        s += n;
    }
}

/* An RFC 4180 field: quoted when it holds a comma, quote, CR or LF. */
void output_csv_field(strbuf *sb, const char *s)
{
    int quote = strpbrk(s, ",\"\r\n") != NULL;
    if (quote)
        sb_putc(sb, '"');
    utf8_text(sb, s);
    if (quote)
        sb_putc(sb, '"');
}

void output_json_string(strbuf *sb, const char *str)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    sb_putc(sb, '"');
    while (*s) {
        size_t n = text_utf8_len(s);
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

/* Text escaped for the output's format. */
static void add_text(const output *o, strbuf *sb, const char *s)
{
    if (o->fmt == FORMAT_CSV)
        output_csv_field(sb, s);
    else
        output_json_string(sb, s);
}

/* s escaped, from the cache e when s is the same as last time. */
static void add_cached(output *o, escaped *e, const char *s, strbuf *sb)
{
    size_t n = strlen(s) + 1;
    if (e->raw.len != n || memcmp(e->raw.p, s, n) != 0) {
        e->raw.len = 0;
        sb_add(&e->raw, s, n);
        e->text.len = 0;
        add_text(o, &e->text, s);
    }
    sb_add(sb, e->text.p, e->text.len);
}

/* The path in compact form, moves separated by spaces, in o->path. */
static const char *compact_path(output *o, const out_result *r)
{
    char buf[MOVE_TEXT_MAX];
    o->path.len = 0;
    for (size_t i = 0; i < r->ans.npath; i++) {
        if (i)
            sb_putc(&o->path, ' ');
        sb_puts(&o->path,
                move_text(r, r->ans.path[i], GRIDBFS_MOVE_COMPACT, buf));
    }
    sb_putc(&o->path, '\0');
    return o->path.p;
}

/* "R,C" at t[0..n) (whole numbers): 1 with the cell written as [R,C], else
   0. */
static int json_cell(strbuf *sb, const char *t, size_t n)
{
    const char *comma = memchr(t, ',', n);
    size_t a = comma ? (size_t)(comma - t) : 0, b = comma ? n - a - 1 : 0;
    if (!comma || !a || !b || strspn(t, "0123456789") != a ||
        strspn(comma + 1, "0123456789") < b || (t[0] == '0' && a > 1) ||
        (comma[1] == '0' && b > 1)) /* JSON numbers have no leading 0 */
        return 0;
    sb_putc(sb, '[');
    sb_add(sb, t, a);
    sb_putc(sb, ',');
    sb_add(sb, comma + 1, b);
    sb_putc(sb, ']');
    return 1;
}

/*
 * The path as a JSON array: a move "R,C" (a press) is [R,C], "R,C-R,C" (a
 * swap) [[R,C],[R,C]], and any other text a plugin writes a string.
 */
static void json_path(output *o, const out_result *r, strbuf *sb)
{
    char buf[MOVE_TEXT_MAX];
    sb_putc(sb, '[');
    for (size_t i = 0; i < r->ans.npath; i++) {
        const char *t = move_text(r, r->ans.path[i], GRIDBFS_MOVE_COMPACT, buf);
        const char *dash = strchr(t, '-');
        size_t n = strlen(t);
        if (i)
            sb_putc(sb, ',');
        size_t move = sb->len;
        int ok;
        if (!dash) {
            ok = json_cell(sb, t, n);
        } else {
            size_t a = (size_t)(dash - t);
            sb_putc(sb, '[');
            ok = json_cell(sb, t, a);
            sb_putc(sb, ',');
            ok = ok && json_cell(sb, dash + 1, n - a - 1);
            sb_putc(sb, ']');
        }
        if (!ok) { /* not cells: the plugin's text as it is */
            sb->len = move;
            add_text(o, sb, t);
        }
    }
    sb_putc(sb, ']');
}

/* Field f of r, escaped, or nothing (CSV) or null (JSON) when absent. */
static inline __attribute__((always_inline)) void
add_field(output *o, const out_result *r, enum field f, strbuf *sb)
{
    int solved = r->ans.status == ST_SOLVED;
    const char *text = NULL;
    switch (f) {
    case F_SOURCE: add_cached(o, &o->source, r->source, sb); return;
    case F_RULE: add_cached(o, &o->rule, r->rule, sb); return;
    case F_RECORD: sb_u64(sb, r->record); return;
    case F_LINE: sb_u64(sb, r->line); return;
    case F_MOVES:
        if (solved) {
            sb_u64(sb, r->ans.moves);
            return;
        }
        break;
    case F_ID: text = r->id; break;
    case F_STATUS: /* a word that needs no escaping */
        if (o->fmt == FORMAT_JSONL)
            sb_putc(sb, '"');
        sb_puts(sb, output_status_names[r->ans.status]);
        if (o->fmt == FORMAT_JSONL)
            sb_putc(sb, '"');
        return;
    case F_PATH:
        if (solved && r->with_path && o->fmt == FORMAT_JSONL) {
            json_path(o, r, sb);
            return;
        }
        text = solved && r->with_path ? compact_path(o, r) : NULL;
        break;
    case F_MESSAGE: text = r->ans.message; break;
    case F_COUNT: break;
    }
    if (text)
        add_text(o, sb, text);
    else if (o->fmt == FORMAT_JSONL)
        sb_puts(sb, "null");
}

static void write_csv(output *o, const out_result *r, strbuf *sb)
{
#define FIELD_CSV(id, name)                                                    \
    if (F_##id)                                                                \
        sb_putc(sb, ',');                                                      \
    add_field(o, r, F_##id, sb);
    RECORD_FIELDS(FIELD_CSV)
    sb_putc(sb, '\n');
#undef FIELD_CSV
}

static void write_jsonl(output *o, const out_result *r, strbuf *sb)
{
#define FIELD_JSON(id, name)                                                   \
    sb_add(sb,                                                                 \
           F_##id ? ",\"" #name "\":" : "{\"" #name "\":", sizeof #name + 3);  \
    add_field(o, r, F_##id, sb);
    RECORD_FIELDS(FIELD_JSON)
    sb_add(sb, "}\n", 2);
#undef FIELD_JSON
}

void output_write(output *o, const out_result *r, strbuf *sb)
{
    switch (o->fmt) {
    case FORMAT_JUDGE: write_judge(o, r, sb); break;
    case FORMAT_CSV: write_csv(o, r, sb); break;
    case FORMAT_JSONL: write_jsonl(o, r, sb); break;
    case FORMAT_COUNT: break;
    }
    o->have_vetted = 0; /* for r alone */
}
