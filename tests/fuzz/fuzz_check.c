/* fuzz_check.c - see fuzz_check.h. */
#define _GNU_SOURCE /* memfd_create, pipe2, F_SETPIPE_SZ */
#include "fuzz_check.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UTF8_MAX 4
#define MOVE_TEXT 64 /* output.c's MOVE_TEXT_MAX */
#define NUM_TEXT 24  /* a uint64_t in decimal, with its NUL */

void fuzz_fail(const char *file, int line, const char *format, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: check failed: ", file, line);
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

void fuzz_fields_free(fuzz_fields *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->text[i]);
    f->n = 0;
}

/* Drop what was parsed and say why; returns 0 for the parsers' return. */
static size_t malformed(fuzz_fields *f, const char *why)
{
    fuzz_fields_free(f);
    f->error = why;
    return 0;
}

/* Add the field out[0..len) (a malloc'd buffer of at least len + 1). */
static int add_field(fuzz_fields *f, char *out, size_t len)
{
    out[len] = '\0';
    if (memchr(out, '\0', len) || f->n == FUZZ_FIELDS) {
        free(out);
        return -1;
    }
    f->text[f->n++] = out;
    return 0;
}

size_t fuzz_csv_record(const char *s, size_t n, fuzz_fields *f)
{
    size_t i = 0;

    memset(f, 0, sizeof *f);
    for (;;) {
        char *out = malloc(n + 1);
        size_t len = 0;
        if (!out)
            abort();
        if (i < n && s[i] == '"') {
            for (i++;; i++) {
                if (i == n) {
                    free(out);
                    return malformed(f, "unterminated quoted field");
                }
                if (s[i] == '"' && (i + 1 == n || s[i + 1] != '"'))
                    break;
                if (s[i] == '"')
                    i++; /* a doubled quote stands for one */
                out[len++] = s[i];
            }
            i++;
        } else {
            for (; i < n && s[i] != ',' && s[i] != '\n'; i++) {
                if (s[i] == '"' || s[i] == '\r') {
                    free(out);
                    return malformed(f, "quote or CR in an unquoted field");
                }
                out[len++] = s[i];
            }
        }
        if (add_field(f, out, len) < 0)
            return malformed(f, "a NUL byte, or too many fields");
        if (i == n)
            return malformed(f, "no LF at the end of the record");
        if (s[i] == '\n')
            return i + 1;
        if (s[i] != ',')
            return malformed(f, "text after a quoted field");
        i++;
    }
}

/* Length of the well-formed UTF-8 sequence at s[0..n), or 0. */
static size_t utf8_wf(const unsigned char *s, size_t n)
{
    unsigned char b = s[0], lo = 0x80, hi = 0xBF;
    size_t len;

    if (b <= 0x7F)
        return 1;
    if (b >= 0xC2 && b <= 0xDF)
        len = 2;
    else if (b == 0xE0)
        len = 3, lo = 0xA0;
    else if (b == 0xED)
        len = 3, hi = 0x9F;
    else if (b >= 0xE1 && b <= 0xEF)
        len = 3;
    else if (b == 0xF0)
        len = 4, lo = 0x90;
    else if (b == 0xF4)
        len = 4, hi = 0x8F;
    else if (b >= 0xF1 && b <= 0xF3)
        len = 4;
    else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

int fuzz_utf8_valid(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_wf(u + i, n - i);
        if (!len)
            return 0;
        i += len;
    }
    return 1;
}

char *fuzz_utf8_sanitize(const char *s)
{
    static const char fffd[] = "\xEF\xBF\xBD";
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), at = 0;
    char *out = malloc(3 * n + 1);

    if (!out)
        abort();
    for (size_t i = 0; i < n;) {
        size_t len = utf8_wf(u + i, n - i);
        if (len) {
            memcpy(out + at, s + i, len);
            at += len;
            i += len;
        } else {
            memcpy(out + at, fffd, 3);
            at += 3;
            i++;
        }
    }
    out[at] = '\0';
    return out;
}

/* The value of hex digit c, or -1. */
static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Four hex digits at s[*i..], into *v; advances *i. */
static int hex4(const char *s, size_t n, size_t *i, unsigned *v)
{
    *v = 0;
    if (n - *i < 4)
        return -1;
    for (int k = 0; k < 4; k++) {
        int d = hexval(s[(*i)++]);
        if (d < 0)
            return -1;
        *v = *v * 16 + (unsigned)d;
    }
    return 0;
}

/* Append code point cp as UTF-8. */
static void put_utf8(char *out, size_t *len, unsigned cp)
{
    unsigned char *o = (unsigned char *)out + *len;
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        *len += 1;
    } else if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | cp >> 6);
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        *len += 2;
    } else if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | cp >> 12);
        o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        *len += 3;
    } else {
        o[0] = (unsigned char)(0xF0 | cp >> 18);
        o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        o[3] = (unsigned char)(0x80 | (cp & 0x3F));
        *len += 4;
    }
}

/* The escape after a backslash at s[*i..]; appends its text to out. */
static const char *json_escape(const char *s, size_t n, size_t *i, char *out,
                               size_t *len)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    unsigned cp, lo;

    if (*i == n)
        return "a backslash at the end of the line";
    const char *e = strchr(from, s[*i]);
    if (e && s[*i]) {
        out[(*len)++] = to[e - from];
        (*i)++;
        return NULL;
    }
    if (s[(*i)++] != 'u' || hex4(s, n, i, &cp) < 0)
        return "a bad escape";
    if (cp >= 0xDC00 && cp <= 0xDFFF)
        return "a lone low surrogate";
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (n - *i < 2 || s[*i] != '\\' || s[*i + 1] != 'u')
            return "a lone high surrogate";
        *i += 2;
        if (hex4(s, n, i, &lo) < 0 || lo < 0xDC00 || lo > 0xDFFF)
            return "a high surrogate without its low half";
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (cp == 0)
        return "an escaped NUL, which no input holds";
    put_utf8(out, len, cp);
    return NULL;
}

/* A JSON string at s[*i] (the opening quote), decoded into *text. */
static const char *json_string(const char *s, size_t n, size_t *i, char **text)
{
    char *out = malloc(n + UTF8_MAX);
    size_t len = 0;
    const char *why = NULL;

    if (!out)
        abort();
    for ((*i)++; !why; (*i)++) {
        if (*i == n) {
            why = "an unterminated string";
        } else if (s[*i] == '"') {
            (*i)++;
            break;
        } else if (s[*i] == '\\') {
            (*i)++;
            why = json_escape(s, n, i, out, &len);
            (*i)--;
        } else {
            out[len++] = s[*i];
        }
    }
    if (why) {
        free(out);
        return why;
    }
    out[len] = '\0';
    *text = out;
    return NULL;
}

/* A value at s[*i]: string, whole number or null. */
/* Append s[0..len) to the malloc'd *out of *olen bytes, NUL kept. */
static void out_add(char **out, size_t *olen, const char *s, size_t len)
{
    *out = realloc(*out, *olen + len + 1);
    if (!*out)
        abort();
    memcpy(*out + *olen, s, len);
    *olen += len;
    (*out)[*olen] = '\0';
}

/* "[R,C]" at s[*i], appended as "R,C"; NULL or why not. */
static const char *json_cell(const char *s, size_t n, size_t *i, char **out,
                             size_t *olen)
{
    if (*i == n || s[(*i)++] != '[')
        return "a move that is not [r,c]";
    for (int k = 0; k < 2; k++) {
        size_t start = *i;
        while (*i < n && s[*i] >= '0' && s[*i] <= '9')
            (*i)++;
        if (*i == start || (s[start] == '0' && *i - start > 1))
            return "a cell that is not two numbers";
        out_add(out, olen, s + start, *i - start);
        if (*i == n || s[(*i)++] != (k ? ']' : ','))
            return "a cell that is not [r,c]";
        if (!k)
            out_add(out, olen, ",", 1);
    }
    return NULL;
}

/* A path array at s[*i] read back into CSV's compact text: [r,c] is
   "r,c", [[r,c],[r,c]] "r,c-r,c", a string itself; moves joined by ' '. */
static const char *json_path(const char *s, size_t n, size_t *i, char **text)
{
    size_t olen = 0;
    const char *why = NULL;
    out_add(text, &olen, "", 0);
    (*i)++; /* '[' */
    for (int first = 1; !why && *i < n && s[*i] != ']'; first = 0) {
        if (!first && s[(*i)++] != ',')
            return "no ',' between moves";
        if (!first)
            out_add(text, &olen, " ", 1);
        if (*i < n && s[*i] == '"') {
            char *str = NULL;
            why = json_string(s, n, i, &str);
            if (!why)
                out_add(text, &olen, str, strlen(str));
            free(str);
        } else if (*i + 1 < n && s[*i] == '[' && s[*i + 1] == '[') {
            (*i)++;
            why = json_cell(s, n, i, text, &olen);
            if (!why && (*i == n || s[(*i)++] != ','))
                why = "a swap that is not two cells";
            out_add(text, &olen, "-", 1);
            if (!why)
                why = json_cell(s, n, i, text, &olen);
            if (!why && (*i == n || s[(*i)++] != ']'))
                why = "a swap that is not two cells";
        } else {
            why = json_cell(s, n, i, text, &olen);
        }
    }
    if (!why && (*i == n || s[(*i)++] != ']'))
        why = "a path with no ']'";
    return why;
}

static const char *json_value(const char *s, size_t n, size_t *i, char **text)
{
    size_t start = *i;

    *text = NULL;
    if (*i < n && s[*i] == '"')
        return json_string(s, n, i, text);
    if (*i < n && s[*i] == '[')
        return json_path(s, n, i, text);
    if (*i + 4 <= n && memcmp(s + *i, "null", 4) == 0) {
        *i += 4;
        return NULL;
    }
    while (*i < n && s[*i] >= '0' && s[*i] <= '9')
        (*i)++;
    if (*i == start)
        return "a value that is not a string, a number or null";
    if (s[start] == '0' && *i - start > 1)
        return "a number with a leading zero";
    *text = malloc(*i - start + 1);
    if (!*text)
        abort();
    memcpy(*text, s + start, *i - start);
    (*text)[*i - start] = '\0';
    return NULL;
}

size_t fuzz_jsonl_record(const char *s, size_t n, const char *const *keys,
                         size_t nkeys, fuzz_fields *f)
{
    const char *nl = memchr(s, '\n', n), *why = NULL;
    size_t len = nl ? (size_t)(nl - s) : 0, i = 0;

    memset(f, 0, sizeof *f);
    if (!nl)
        return malformed(f, "no LF at the end of the line");
    for (size_t k = 0; k < len; k++)
        if ((unsigned char)s[k] < 0x20)
            return malformed(f, "a raw control character");
    if (!fuzz_utf8_valid(s, len))
        return malformed(f, "invalid UTF-8");
    if (len == 0 || s[i++] != '{')
        return malformed(f, "no '{'");
    for (size_t k = 0; k < nkeys && k < FUZZ_FIELDS && !why; k++) {
        char *key = NULL, *value = NULL;
        if (k > 0 && (i == len || s[i++] != ','))
            return malformed(f, "no ',' between members");
        if (i == len || s[i] != '"')
            return malformed(f, "a key that is not a string");
        why = json_string(s, len, &i, &key);
        if (!why && strcmp(key, keys[k]) != 0)
            why = "a key out of order";
        free(key);
        if (!why && (i == len || s[i++] != ':'))
            why = "no ':' after a key";
        int quoted = i < len && s[i] == '"';
        if (!why)
            why = json_value(s, len, &i, &value);
        if (!why) {
            f->string[f->n] = quoted;
            f->text[f->n++] = value;
        }
    }
    if (why)
        return malformed(f, why);
    if (i == len || s[i++] != '}' || i != len)
        return malformed(f, "no '}' at the end of the line");
    return len + 1;
}

/* ---- results as output_write() writes them ------------------------------ */

/* A growable string, NUL-terminated. */
typedef struct xbuf {
    char *p;
    size_t len, cap;
} xbuf;

static void xb_add(xbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = 2 * (b->len + n + 1);
        b->p = realloc(b->p, b->cap);
        if (!b->p)
            abort();
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void xb_str(xbuf *b, const char *s)
{
    xb_add(b, s, strlen(s));
}

/* Move m in style, as the plugin writes it, or "?". */
static const char *move_text(const out_result *r, uint16_t m, int style,
                             char buf[MOVE_TEXT])
{
    if (r->ops->move_text(r->inst, m, style, buf, MOVE_TEXT) < 0)
        return "?";
    buf[MOVE_TEXT - 1] = '\0';
    return buf;
}

static const char *const status_word[] = {"solved", "impossible", "invalid",
                                          "limit"};
static const char *const field_name[FUZZ_FIELDS] = {
    "source", "record", "line", "id",     "rule",
    "status", "moves",  "path", "message"};

/* The nine fields of r, NULL where JSON has null, pointing into r, nums
   and *path (which the caller frees). */
static void want_fields(const out_result *r, const char *want[FUZZ_FIELDS],
                        char nums[3][NUM_TEXT], char **path)
{
    xbuf b = {NULL, 0, 0};
    int solved = r->ans.status == ST_SOLVED;

    *path = NULL;
    if (solved && r->with_path) {
        char buf[MOVE_TEXT];
        xb_add(&b, "", 0);
        for (size_t i = 0; i < r->ans.npath; i++) {
            if (i)
                xb_str(&b, " ");
            xb_str(&b, move_text(r, r->ans.path[i], GRIDBFS_MOVE_COMPACT, buf));
        }
        *path = b.p;
    }
    snprintf(nums[0], NUM_TEXT, "%" PRIu64, r->record);
    snprintf(nums[1], NUM_TEXT, "%" PRIu64, r->line);
    snprintf(nums[2], NUM_TEXT, "%" PRIu64, r->ans.moves);
    want[0] = r->source;
    want[1] = nums[0];
    want[2] = nums[1];
    want[3] = r->id;
    want[4] = r->rule;
    want[5] = status_word[r->ans.status];
    want[6] = solved ? nums[2] : NULL;
    want[7] = *path;
    want[8] = r->ans.message;
}

static size_t check_csv(const out_result *r, const char *text, size_t n)
{
    const char *want[FUZZ_FIELDS];
    char nums[3][NUM_TEXT], *path;
    fuzz_fields f;
    size_t used = fuzz_csv_record(text, n, &f);

    FUZZ_CHECK(used, "CSV: %s in: %.*s", f.error, (int)(n > 512 ? 512 : n),
               text);
    FUZZ_CHECK(f.n == FUZZ_FIELDS, "CSV: %zu fields, not %d", f.n, FUZZ_FIELDS);
    want_fields(r, want, nums, &path);
    for (size_t i = 0; i < FUZZ_FIELDS; i++) {
        char *w = fuzz_utf8_sanitize(want[i] ? want[i] : "");
        FUZZ_CHECK(strcmp(f.text[i], w) == 0,
                   "CSV field %s reads back as '%s', not '%s'", field_name[i],
                   f.text[i], w);
        free(w);
    }
    free(path);
    fuzz_fields_free(&f);
    return used;
}

static size_t check_jsonl(const out_result *r, const char *text, size_t n)
{
    /* the path is an array, read back as CSV's text (json_path()) */
    static const int is_string[FUZZ_FIELDS] = {1, 0, 0, 1, 1, 1, 0, 0, 1};
    const char *want[FUZZ_FIELDS];
    char nums[3][NUM_TEXT], *path;
    fuzz_fields f;
    size_t used = fuzz_jsonl_record(text, n, field_name, FUZZ_FIELDS, &f);

    FUZZ_CHECK(used, "JSON Lines: %s in: %.*s", f.error,
               (int)(n > 512 ? 512 : n), text);
    FUZZ_CHECK(f.n == FUZZ_FIELDS, "JSON Lines: %zu members", f.n);
    want_fields(r, want, nums, &path);
    for (size_t i = 0; i < FUZZ_FIELDS; i++) {
        if (!want[i]) {
            FUZZ_CHECK(!f.text[i], "JSON %s is '%s', not null", field_name[i],
                       f.text[i]);
            continue;
        }
        FUZZ_CHECK(f.text[i], "JSON %s is null", field_name[i]);
        FUZZ_CHECK(f.string[i] == is_string[i], "JSON %s is a %s",
                   field_name[i], f.string[i] ? "string" : "number");
        char *w = fuzz_utf8_sanitize(want[i]);
        FUZZ_CHECK(strcmp(f.text[i], w) == 0,
                   "JSON %s reads back as '%s', not '%s'", field_name[i],
                   f.text[i], w);
        free(w);
    }
    free(path);
    fuzz_fields_free(&f);
    return used;
}

/* A gridbfs_writer's write() into an xbuf. */
static int to_xbuf(void *ctx, const char *s, size_t n)
{
    xb_add(ctx, s, n);
    return 0;
}

/* The plugin's own judge text for r into b, through a writer as plugin.h
   says; -1, and b as it was, where the plugin gives none (the core then
   writes its default text). */
static int plugin_judge_text(const out_result *r, xbuf *b)
{
    size_t had = b->len;
    gridbfs_writer w = {b, to_xbuf};
    if (!r->ops || !r->ops->judge_text ||
        r->ops->judge_text(r->inst, r->ans.path, r->ans.npath, r->with_path,
                           &w) < 0) {
        b->len = had;
        return -1;
    }
    return 0;
}

/* The text of a template without placeholders, as the judge's word: its
   "{{" and "}}" are the braces themselves.  The caller frees it. */
static char *plain_template(const char *t)
{
    xbuf b = {NULL, 0, 0};

    xb_add(&b, "", 0);
    for (; *t; t++) {
        if (*t == '{' || *t == '}') {
            FUZZ_CHECK(t[1] == *t, "a template with placeholders: %s", t);
            t++;
        }
        xb_add(&b, t, 1);
    }
    return b.p;
}

static size_t check_judge(const out_result *r, const char *text, size_t n)
{
    xbuf b = {NULL, 0, 0};
    const cfg_profile *p = r->profile;
    int solved = r->ans.status == ST_SOLVED;

    /* A profile gives at most the impossible text and the moves cap here. */
    FUZZ_CHECK(!p || (!p->before && !p->solved),
               "this check knows no solved or before template");
    if (solved && p && r->ans.moves > p->max_moves)
        solved = 0; /* past the judge's cap: its impossible text */
    if (solved && plugin_judge_text(r, &b) == 0) {
        xb_add(&b, "", 0); /* an empty text is still a text */
    } else if (solved) {
        char buf[MOVE_TEXT], num[NUM_TEXT];
        snprintf(num, sizeof num, "%" PRIu64 "\n", r->ans.moves);
        xb_str(&b, num);
        for (size_t i = 0; r->with_path && i < r->ans.npath; i++) {
            xb_str(&b, move_text(r, r->ans.path[i], GRIDBFS_MOVE_JUDGE, buf));
            xb_str(&b, "\n");
        }
    } else if (r->ans.status == ST_SOLVED || r->ans.status == ST_IMPOSSIBLE) {
        char *word = p && p->impossible ? plain_template(p->impossible) : NULL;
        xb_str(&b, word ? word : "Impossible");
        xb_str(&b, "\n");
        free(word);
    } else {
        xb_str(&b, status_word[r->ans.status]);
        xb_str(&b, "\n");
    }
    size_t len = b.len;
    FUZZ_CHECK(len <= n && memcmp(text, b.p, len) == 0,
               "judge output '%.*s', not '%s'", (int)(n > 512 ? 512 : n), text,
               b.p);
    free(b.p);
    return len;
}

size_t fuzz_check_result(enum out_format fmt, const out_result *r,
                         const char *text, size_t n)
{
    switch (fmt) {
    case FORMAT_CSV: return check_csv(r, text, n);
    case FORMAT_JSONL: return check_jsonl(r, text, n);
    default: return check_judge(r, text, n);
    }
}

size_t fuzz_check_csv_header(const char *text, size_t n)
{
    fuzz_fields f;
    size_t used = fuzz_csv_record(text, n, &f);

    FUZZ_CHECK(used && f.n == FUZZ_FIELDS, "CSV header: %s",
               f.error ? f.error : "not nine fields");
    for (size_t i = 0; i < FUZZ_FIELDS; i++)
        FUZZ_CHECK(strcmp(f.text[i], field_name[i]) == 0,
                   "CSV header field %zu is '%s'", i, f.text[i]);
    fuzz_fields_free(&f);
    return used;
}

int fuzz_input_fd(const void *data, size_t n, size_t packet)
{
    const char *d = data;
    int fds[2];

    if (!packet) {
        int fd = memfd_create("fuzz-input", MFD_CLOEXEC);
        FUZZ_CHECK(fd >= 0, "memfd_create failed");
        for (size_t at = 0; at < n;) {
            ssize_t w = write(fd, d + at, n - at);
            FUZZ_CHECK(w > 0, "write to the memory file failed");
            at += (size_t)w;
        }
        FUZZ_CHECK(lseek(fd, 0, SEEK_SET) == 0, "lseek failed");
        return fd;
    }
    FUZZ_CHECK(pipe2(fds, O_DIRECT | O_CLOEXEC | O_NONBLOCK) == 0,
               "pipe2 failed");
    if ((n + packet - 1) / packet > PIPE_DEFAULT_SLOTS) /* rarely: it costs */
        FUZZ_CHECK(fcntl(fds[1], F_SETPIPE_SZ, PIPE_BYTES) >= PIPE_BYTES,
                   "cannot make a pipe of %d bytes", PIPE_BYTES);
    for (size_t at = 0; at < n;) {
        size_t k = n - at < packet ? n - at : packet;
        ssize_t w = write(fds[1], d + at, k);
        FUZZ_CHECK(w == (ssize_t)k, "short write to the pipe");
        at += k;
    }
    close(fds[1]);
    int flags = fcntl(fds[0], F_GETFL);
    FUZZ_CHECK(flags >= 0 && fcntl(fds[0], F_SETFL, flags & ~O_NONBLOCK) == 0,
               "fcntl failed");
    return fds[0];
}
