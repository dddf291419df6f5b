/*
 * check.c - judging answers (see check.h; README, "Checking answers").
 *
 * The puzzles come one case at a time, each solved as it is read, one
 * case ahead of the one judged: where an answer's moves end is told by
 * whether a line could start the next case.  The answers are read line by
 * line through a reader (any bytes, lines past max_line never held), each
 * line as words (text_words()), so blanks are compared as a judge reading
 * tokens compares them.  Blank lines are skipped.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bfs.h"
#include "layout.h"
#include "parse.h"
#include "reader.h"
#include "replay.h"
#include "solve.h"
#include "template.h"
#include "text.h"
#include "util.h"

#define MOVE_TABLES 16 /* rule instances whose move texts are kept */
#define NAME_MAX_SHOWN 1024
/* A bare number where moves are still owed is taken for the next case's
   count when it is at most COUNT_FACTOR times that case's fewest moves
   plus COUNT_SLACK (a move of P1225, "1222", is a number too). */
#define COUNT_FACTOR 4
#define COUNT_SLACK 16
#define MARK                                                                   \
    '\x01' /* where a template's {moves} or {answer} goes (any                 \
              byte not blank) */

const char *const check_verdict_names[CHECK_VERDICTS] = {
    [CHECK_ACCEPTED] = "accepted",
    [CHECK_WRONG] = "wrong answer",
    [CHECK_PRESENTATION] = "presentation error",
    [CHECK_FAIL] = "fail",
};

/* What a case's answer looks like: its templates filled in, as words. */
typedef struct case_text {
    int has_before;
    strbuf before, impossible;
    unsigned kind;         /* TPL_ANSWER, TPL_MOVES, or 0: a fixed line */
    strbuf prefix, suffix; /* around it (all of a fixed line: prefix) */
} case_text;

typedef struct check_case {
    uint64_t no;     /* in the whole run, from 1 */
    uint64_t record; /* in its file: {case} */
    rule_inst *in;   /* NULL: its rule cannot be used */
    puzzle p;        /* its boards */
    enum rec_status status;
    uint64_t moves; /* the fewest, when solved */
    int impossible; /* the judge's impossible text is the answer */
    int with_path;  /* the moves follow the count */
    int exact;      /* the plugin's own judge text (a press matrix) */
    int joined;     /* exact, and that text is its moves' on one line */
    strbuf id;      /* its name, NUL-terminated, when has_id */
    int has_id;
    strbuf expected; /* exact: the answer's lines as words, each + '\n' */
    case_text t;
    char msg[RULES_MSG_MAX];
} check_case;

/* The contestant's lines, one peeked at a time. */
typedef struct answer_lines {
    reader *rd;
    char shown[NAME_MAX_SHOWN];
    strbuf line; /* the line peeked, as words */
    int have;    /* a line is peeked */
    int kind;    /* READER_LINE, READER_LONG, READER_END or READER_FAILED */
    uint64_t no; /* the number of the line peeked, or of the last one */
} answer_lines;

typedef struct verdict {
    enum check_verdict v;
    char reason[CHECK_REASON_MAX];
} verdict;

typedef struct move_table {
    replay_moves *moves;
    char *name, *param;
    const loaded_plugin *plugin;
    uint32_t rows, cols;
    uint64_t used;
} move_table;

typedef struct checker {
    const check_config *cc;
    answer_lines a;
    bfs *bfs;
    output *judge; /* a result's judge text, for exact cases */
    strbuf scratch, scratch2, report;
    move_table tables[MOVE_TABLES];
    uint64_t tick;
    /* the inputs */
    char *const *files;
    int nfiles, next_file;
    reader *rd;
    layout *lo;       /* over rd */
    const char *path; /* of the input rd reads */
    rule_inst *file_in;
    uint8_t cells[256];
    layout_frame lay;
    char src_shown[NAME_MAX_SHOWN];
    uint64_t seq;
    check_outcome *o;
} checker;

/* ---- messages and the report ---------------------------------------- */

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    fflush(stdout);
    fputs(PROGRAM_NAME ": ", stderr);
    vfprintf(stderr, format, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void set_status(check_outcome *o, int status)
{
    if (status > o->status)
        o->status = status;
}

/* A file that could not be read ("FILE: reason"): said, and exit 2. */
static void trouble(check_outcome *o, const char *why)
{
    if (!o->silent)
        say("%s", why);
    set_status(o, EXIT_TROUBLE);
    if (!o->trouble)
        fmt(o->trouble_msg, sizeof o->trouble_msg, "%s", why);
    o->trouble = 1;
}

static void set_verdict(verdict *v, enum check_verdict what, const char *format,
                        ...) __attribute__((format(printf, 3, 4)));
/* The case's verdict, unless it has one already: the first fault wins. */
static void set_verdict(verdict *v, enum check_verdict what, const char *format,
                        ...)
{
    if (v->v != CHECK_ACCEPTED)
        return;
    v->v = what;
    va_list ap;
    va_start(ap, format);
    vsnprintf(v->reason, sizeof v->reason, format, ap);
    va_end(ap);
}

/* Words w quoted for a reason, into buf: made printable, cut short. */
static const char *quote_words(const strbuf *w, char *buf, size_t cap)
{
    char raw[4 * TEXT_QUOTE_SHORT], shown[TEXT_QUOTE_BUF];
    size_t n = 0;
    for (; n < w->len && n < sizeof raw - 1; n++)
        raw[n] = w->p[n] ? w->p[n] : '?';
    raw[n] = '\0';
    fmt(buf, cap, "\"%s\"", text_quote(shown, sizeof shown, raw));
    return buf;
}

/* The answers' line peeked, quoted for a reason, into buf. */
static const char *quoted(const checker *k, char *buf, size_t cap)
{
    if (k->a.kind != READER_LONG)
        return quote_words(&k->a.line, buf, cap);
    fmt(buf, cap, "a line of more than %zu bytes", k->cc->cfg->max_line);
    return buf;
}

/* A report line in each format: the text before the case's number, then
   before its line, its verdict, its reason (or none), and at the end. */
typedef struct report_layout {
    const char *pre, *mid, *verdict, *reason, *none, *end;
} report_layout;
static const report_layout report_layouts[FORMAT_COUNT] = {
    [FORMAT_JUDGE] = {"case ", " (line ", "): ", ": ", "", "\n"},
    [FORMAT_CSV] = {"", ",", ",", ",", ",", "\n"},
    [FORMAT_JSONL] = {"{\"case\":", ",\"line\":", ",\"verdict\":\"",
                      "\",\"reason\":", "\",\"reason\":null", "}\n"},
};

/* One case's verdict in the report, and in the outcome. */
static void report(checker *k, const check_case *c, uint64_t line,
                   const verdict *v)
{
    check_outcome *o = k->o;
    strbuf *sb = &k->report;
    o->cases++;
    o->counts[v->v]++;
    if (v->v != CHECK_ACCEPTED) {
        set_status(o, EXIT_RECORDS);
        if (o->cases - o->counts[CHECK_ACCEPTED] == 1) {
            o->first_case = c->no;
            o->first_line = line;
            o->first_v = v->v;
            fmt(o->first_reason, sizeof o->first_reason, "%s", v->reason);
        }
    }
    if (!k->cc->out)
        return;
    const report_layout *l = &report_layouts[k->cc->format];
    const char *word = check_verdict_names[v->v];
    sb_puts(sb, l->pre);
    sb_u64(sb, c->no);
    sb_puts(sb, l->mid);
    sb_u64(sb, line);
    sb_puts(sb, l->verdict);
    sb_puts(sb, word);
    if (v->v == CHECK_ACCEPTED)
        sb_puts(sb, l->none);
    else
        sb_puts(sb, l->reason);
    if (v->v != CHECK_ACCEPTED && k->cc->format == FORMAT_CSV)
        output_csv_field(sb, v->reason);
    else if (v->v != CHECK_ACCEPTED && k->cc->format == FORMAT_JSONL)
        output_json_string(sb, v->reason);
    else if (v->v != CHECK_ACCEPTED)
        sb_puts(sb, v->reason);
    sb_puts(sb, l->end);
    if (sb->len >= (1u << 16)) {
        fwrite(sb->p, 1, sb->len, k->cc->out);
        sb->len = 0;
    }
}

/* An input is about to wait (a pipe, a terminal): the verdicts so far are
   written and flushed first, so each arrives as soon as it is known. */
static void report_flush(void *arg)
{
    checker *k = arg;
    if (!k->cc->out)
        return;
    if (k->report.len)
        fwrite(k->report.p, 1, k->report.len, k->cc->out);
    k->report.len = 0;
    fflush(k->cc->out);
}

/* ---- the answers, line by line -------------------------------------- */

/* The next line that is not blank, peeked (a second call peeks the same
   one); 0 at the end of the answers (or a read error). */
static int peek(checker *k)
{
    answer_lines *a = &k->a;
    const char *s;
    size_t n;
    while (!a->have) {
        a->kind = reader_line(a->rd, &s, &n);
        if (a->kind == READER_END || a->kind == READER_FAILED)
            return 0;
        a->no++;
        a->line.len = 0;
        sb_grow(&a->line, n + 1);
        a->line.len = text_words(s, n, a->line.p);
        a->line.p[a->line.len] = '\0';
        a->have = a->line.len > 0 || a->kind == READER_LONG;
    }
    return 1;
}

static void take(checker *k)
{
    k->a.have = 0;
}

/* Whether the line peeked is the words w. */
static int line_is(const checker *k, const strbuf *w)
{
    const strbuf *l = &k->a.line;
    return k->a.kind == READER_LINE && l->len == w->len &&
           (!w->len || memcmp(l->p, w->p, w->len) == 0);
}

/*
 * The part of the line peeked between prefix and suffix, as a whole
 * number written as the judge writes it: 0 with *v, or -1 when the line is
 * not so (a leading zero too, as testlib's readInt() refuses "02").
 */
static int line_number(const checker *k, const strbuf *prefix,
                       const strbuf *suffix, uint64_t *v)
{
    const strbuf *l = &k->a.line;
    size_t fix = prefix->len + suffix->len;
    if (k->a.kind != READER_LINE || l->len <= fix ||
        (prefix->len && memcmp(l->p, prefix->p, prefix->len) != 0) ||
        (suffix->len &&
         memcmp(l->p + l->len - suffix->len, suffix->p, suffix->len) != 0))
        return -1;
    const char *d = l->p + prefix->len;
    if (l->len - fix > 1 && d[0] == '0')
        return -1;
    return text_u64(d, l->len - fix, 0, UINT64_MAX, v);
}

/* ---- what each case's answer looks like ----------------------------- */

/* Template t[0..n) filled in from v, appended to out as it is. */
static void fill(checker *k, const char *t, size_t n, const tpl_values *v,
                 strbuf *out)
{
    k->scratch.len = 0;
    sb_add(&k->scratch, t, n);
    sb_putc(&k->scratch, '\0');
    template_write(out, k->scratch.p, v);
    out->len--; /* its newline */
}

/* out's bytes from at on as words (text_words() may work in place). */
static void to_words(strbuf *out, size_t at)
{
    out->len = at + text_words(out->p + at, out->len - at, out->p + at);
}

/* Where in template t its {moves} or {answer} is (not {{moves}}), and
   which: TPL_MOVES, TPL_ANSWER, or 0 for neither. */
static unsigned placeholder(const char *t, size_t *at, size_t *len)
{
    for (const char *s = t; *s; s++) {
        if ((s[0] == '{' || s[0] == '}') && s[1] == s[0]) {
            s++;
            continue;
        }
        unsigned kind = strncmp(s, "{moves}", 7) == 0    ? TPL_MOVES
                        : strncmp(s, "{answer}", 8) == 0 ? TPL_ANSWER
                                                         : 0;
        if (kind) {
            *at = (size_t)(s - t);
            *len = kind == TPL_MOVES ? 7 : 8;
            return kind;
        }
    }
    return 0;
}

/* The texts of case c: its before and impossible lines, and its solved
   line split around {moves} or {answer}. */
static void fill_texts(checker *k, check_case *c)
{
    const cfg_profile *p = c->in ? c->in->profile : NULL;
    case_text *t = &c->t;
    tpl_values v = {c->record, c->has_id ? c->id.p : NULL, 0, NULL, 0};
    const char *imp = p && p->impossible ? p->impossible : "Impossible";
    const char *solved = p && p->solved ? p->solved : "{answer}";
    size_t at = 0, len = 0;

    t->before.len = t->impossible.len = t->prefix.len = t->suffix.len = 0;
    t->has_before = p && p->before;
    if (t->has_before) {
        fill(k, p->before, strlen(p->before), &v, &t->before);
        to_words(&t->before, 0);
    }
    fill(k, imp, strlen(imp), &v, &t->impossible);
    to_words(&t->impossible, 0);
    t->kind = placeholder(solved, &at, &len);
    if (!t->kind) {
        fill(k, solved, strlen(solved), &v, &t->prefix);
        to_words(&t->prefix, 0);
        return;
    }
    /* both sides with MARK between, as words, then cut at MARK: so the
       blanks beside the placeholder are kept as the line has them.  The
       mark is found by where it was put (the words of a text that ends
       in a byte not blank begin the words of any longer one), never by
       its value, which a name may hold too. */
    strbuf *all = &t->suffix;
    fill(k, solved, at, &v, all);
    sb_putc(all, MARK);
    sb_grow(&t->prefix, all->len);
    size_t before = text_words(all->p, all->len, t->prefix.p) - 1;
    t->prefix.len = before;
    fill(k, solved + at + len, strlen(solved + at + len), &v, all);
    to_words(all, 0);
    memmove(all->p, all->p + before + 1, all->len - before - 1);
    all->len -= before + 1;
}

/*
 * Whether the line peeked could begin case c's answer: its before line;
 * else its impossible line, or its count (a number no larger than a
 * wrong count is likely to be); a fixed line.  Never for an exact case
 * without a before line.
 */
static int starts_case(const checker *k, const check_case *c)
{
    const case_text *t = &c->t;
    uint64_t v;
    if (t->has_before)
        return line_is(k, &t->before);
    if (line_is(k, &t->impossible))
        return 1;
    if (c->exact)
        return 0;
    if (!t->kind)
        return line_is(k, &t->prefix);
    static const strbuf none = {0};
    const strbuf *suffix = c->with_path ? &none : &t->suffix;
    if (line_number(k, &t->prefix, suffix, &v) != 0)
        return 0;
    uint64_t most = c->status == ST_SOLVED ? c->moves : 0;
    return v <= most * COUNT_FACTOR + COUNT_SLACK;
}

/* Whether the line peeked, where a count still promises moves, begins
   case c's answer instead: starts_case(), but a bare number only when it
   is c's fewest moves (a move mistyped, "11" for "1 1", is a number
   too). */
static int surely_starts_case(const checker *k, const check_case *c)
{
    const case_text *t = &c->t;
    static const strbuf none = {0};
    uint64_t v;
    if (t->has_before || !t->kind || c->exact || line_is(k, &t->impossible) ||
        t->prefix.len || (!c->with_path && t->suffix.len))
        return starts_case(k, c);
    return line_number(k, &none, &none, &v) == 0 && c->status == ST_SOLVED &&
           v == c->moves;
}

/* ---- the puzzles ---------------------------------------------------- */

/* Open the next input; 0, or -1 when none is left.  One that cannot be
   read is said and passed over. */
static int open_input(checker *k)
{
    static char *const std_in[] = {"-"};
    char err[RULES_MSG_MAX];
    char *const *files = k->nfiles ? k->files : std_in;
    int nfiles = k->nfiles ? k->nfiles : 1;
    while (k->next_file < nfiles) {
        const char *path = k->path = files[k->next_file++];
        rule_inst *in = rules_choose(k->cc->rules, path, NULL, 0, 0, NULL);
        int ok = !in->error;
        k->file_in = in;
        k->rd = reader_open(path, ok ? rule_grid_rows(in) : 1,
                            ok ? in->rule.boards : 1, k->cc->cfg->max_line, err,
                            sizeof err);
        for (int b = 0; b < 256; b++)
            k->cells[b] = ok && in->cell[b] != CELL_BAD;
        k->lay =
            (layout_frame){ok && in->profile ? &in->profile->layout : NULL,
                           ok ? in->rule.cols : 1, k->cells, !k->cells['#']};
        if (k->rd && !(k->lo = layout_open(k->rd, &k->lay, err, sizeof err))) {
            reader_close(k->rd);
            k->rd = NULL;
        }
        if (k->rd) {
            reader_on_wait(k->rd, report_flush, k);
            text_quote(k->src_shown, sizeof k->src_shown, reader_name(k->rd));
            return 0;
        }
        trouble(k->o, err);
    }
    return -1;
}

/* c's answer res as output_write() takes it. */
static out_result case_result(const check_case *c, const solve_result *res)
{
    out_result r = {0};
    r.source = "";
    r.record = c->record;
    r.id = c->has_id ? c->id.p : NULL;
    r.rule = c->in->name;
    r.ans = *res;
    r.with_path = c->in->with_path;
    r.ops = c->in->plugin->ops;
    r.inst = c->in->rule.inst;
    r.profile = c->in->profile;
    return r;
}

/* The judge's answer text of result res of c, as words a line, into
   c->expected: the lines after its before line. */
static void expect_text(checker *k, check_case *c, const solve_result *res)
{
    out_result r = case_result(c, res);
    k->scratch2.len = 0;
    output_write(k->judge, &r, &k->scratch2);
    c->expected.len = 0;
    const char *s = k->scratch2.p, *end = s + k->scratch2.len;
    for (int skip = c->t.has_before; s < end; skip = 0) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        if (!skip) {
            sb_grow(&c->expected, n + 1);
            c->expected.len +=
                text_words(s, n, c->expected.p + c->expected.len);
            sb_putc(&c->expected, '\n');
        }
        s += n + 1;
    }
}

/*
 * Whether the answer to case c (its rule usable, its result res) is to be
 * the plugin's own judge text, line for line (judge_exact()), rather than
 * a count and its moves (README, "Checking answers"): wherever the plugin
 * writes one, as a run would print it, except where its text depends on
 * the count alone (GRIDBFS_TEXT_BY_COUNT) and is, for this answer, the
 * core's own text, as the built-in rules' is: that is judged as a count,
 * so that any shortest sequence is taken and a wrong count is told why.
 * For no answer (not solved, or past max_moves) the text compared is the
 * shape of one, 0 moves, as expect_text() takes it.
 */
static int own_text(checker *k, const check_case *c, const solve_result *res)
{
    const rule_inst *in = c->in;
    const cfg_profile *p = in->profile;
    solve_result shape = {ST_SOLVED, 0, NULL, 0, NULL};
    gridbfs_plugin2 core = *in->plugin->ops;
    strbuf *sb = &k->scratch2;
    if (!core.judge_text)
        return 0;
    if (!(in->rule.flags & GRIDBFS_TEXT_BY_COUNT))
        return 1;
    if (res->status != ST_SOLVED || (p && res->moves > p->max_moves))
        res = &shape;
    out_result r = case_result(c, res);
    sb->len = 0;
    output_write(k->judge, &r, sb); /* the plugin's text */
    size_t own = sb->len;
    core.judge_text = NULL;
    r.ops = &core;
    output_write(k->judge, &r, sb); /* the core's */
    return sb->len - own != own || memcmp(sb->p, sb->p + own, own) != 0;
}

/*
 * Whether the plugin's judge text for c, in c->expected, is its path's
 * moves' texts joined on one line (POJ 1077's "ullddrurdllurdruldr"):
 * such an answer is judged as moves (judge_joined()), so that any path
 * the profile's `accept` takes passes, as the judge's own checker has it.
 */
static int joined_moves(const check_case *c, const solve_result *res)
{
    const rule_inst *in = c->in;
    const char *e = c->expected.p;
    size_t left = c->expected.len;
    char text[OUTPUT_MOVE_TEXT_MAX];
    if (res->npath != res->moves || (res->moves && !res->path))
        return 0; /* no path was asked for */
    for (size_t i = 0; i < res->npath; i++) {
        const char *t =
            output_move_text(in->plugin->ops, in->rule.inst, res->path[i],
                             GRIDBFS_MOVE_JUDGE, text);
        size_t n = strlen(t);
        if (n > left || memcmp(e, t, n) != 0 || memchr(t, ' ', n))
            return 0;
        e += n;
        left -= n;
    }
    return left == 1 && *e == '\n';
}

/* Solve the case c holds the boards of (its rule in usable), or say why
   not; the message as a run gives it. */
static void solve_case(checker *k, check_case *c, const record *rec)
{
    uint64_t line = rec->line;
    rule_inst *in = c->in;
    solve_result res = {ST_INVALID, 0, NULL, 0, c->msg};
    if (!in->error) /* a bad one's moves are still read, and replayed */
        puzzle_fit(&c->p, in);
    int parsed = parse_record(in, rec, &c->p, c->msg, &line) == 0;
    if (parsed)
        res = solve_record(in, c->p.b, k->bfs, c->msg);
    c->exact = !in->error && own_text(k, c, &res);
    c->joined = 0;
    if (parsed && c->exact) {
        out_result r = case_result(c, &res);
        if (output_vet(k->judge, &r, c->msg) < 0) /* as a run */
            res = r.ans; /* invalid; else the text is kept for expect_text() */
    }
    c->status = res.status;
    c->moves = res.moves;
    if (res.status == ST_INVALID || res.status == ST_LIMIT) {
        if (!k->cc->quiet && !rec->quiet)
            say("%s:%" PRIu64 ": %s", k->src_shown, line, res.message);
        set_status(k->o, EXIT_RECORDS);
        char where[RULES_MSG_MAX]; /* the verdict's reason names the place */
        fmt(where, sizeof where, "%s:%" PRIu64 ": %s", k->src_shown, line,
            c->msg);
        memcpy(c->msg, where, sizeof c->msg);
        if (in->error)
            c->in = NULL; /* no rule to read its answer by */
    }
    const cfg_profile *p = in->profile;
    c->impossible = res.status == ST_IMPOSSIBLE ||
                    (res.status == ST_SOLVED && p && res.moves > p->max_moves);
    c->with_path = c->in && c->in->with_path;
    fill_texts(k, c);
    if (c->exact) { /* the answer, or for no answer the shape of one */
        solve_result shape = {ST_SOLVED, 0, NULL, 0, NULL};
        int solved = res.status == ST_SOLVED && !c->impossible;
        expect_text(k, c, solved ? &res : &shape);
        c->joined = solved && joined_moves(c, &res);
    }
}

/* The next case of the inputs into c: 1, or 0 when they are read. */
static int read_case(checker *k, check_case *c)
{
    const record *rec;
    for (;;) {
        if (!k->rd && open_input(k) < 0)
            return 0;
        if (!(rec = layout_next(k->lo))) {
            if (reader_error(k->rd))
                trouble(k->o, reader_error(k->rd));
            layout_close(k->lo);
            k->lo = NULL;
            reader_close(k->rd);
            k->rd = NULL;
            continue;
        }
        if (!rec->notice)
            break;
        if (!k->o->silent)
            say("%s:%" PRIu64 ": %s", k->src_shown, rec->error_line,
                rec->error);
        if (!k->o->input_fault[0])
            fmt(k->o->input_fault, sizeof k->o->input_fault,
                "%s:%" PRIu64 ": %s", k->src_shown, rec->error_line,
                rec->error);
        set_status(k->o, EXIT_RECORDS);
    }
    /* instances the case before this one does not use may go */
    k->seq++;
    rules_epoch(k->cc->rules, k->seq, k->seq - 1);
    rules_keep(k->cc->rules, k->file_in);
    c->in = rec->rule || rec->rows || rec->param
                ? rules_choose(k->cc->rules, k->path, rec->rule, rec->rows,
                               rec->cols, rec->param)
                : k->file_in;
    c->no = k->seq;
    c->record = rec->index;
    c->has_id = rec->id != NULL;
    c->id.len = 0;
    if (rec->id)
        sb_add(&c->id, rec->id, strlen(rec->id) + 1);
    solve_case(k, c, rec);
    return 1;
}

/* ---- judging one case ----------------------------------------------- */

/* The moves of in's rule by their text, made on first use. */
static const replay_moves *moves_of(checker *k, const rule_inst *in)
{
    move_table *oldest = &k->tables[0];
    const char *param = in->param ? in->param : "";
    k->tick++;
    for (int i = 0; i < MOVE_TABLES; i++) {
        move_table *t = &k->tables[i];
        if (t->moves && t->plugin == in->plugin && t->rows == in->rule.rows &&
            t->cols == in->rule.cols && strcmp(t->name, in->name) == 0 &&
            strcmp(t->param, param) == 0) {
            t->used = k->tick;
            return t->moves;
        }
        if (t->used < oldest->used)
            oldest = t;
    }
    replay_moves_free(oldest->moves);
    free(oldest->name);
    free(oldest->param);
    *oldest = (move_table){
        replay_moves_new(in), xstrdup(in->name), xstrdup(param), in->plugin,
        in->rule.rows,        in->rule.cols,     k->tick};
    return oldest->moves;
}

/* Whether board b is a goal of case c: the plugin's is_goal(). */
static int reaches_goal(const check_case *c, const gridbfs_grid *b)
{
    const rule_inst *in = c->in;
    return in->plugin->ops->is_goal(in->rule.inst, c->p.b, b) == 1;
}

/*
 * A move that names its two cells the other way round ("3231" for P1225's
 * "3132"): text[0..len) as words, cut in two halves that are two numbers
 * each (four digits, or four words), swapped, into out (cap bytes).
 * Returns whether that is a move of mt.
 */
static int swapped_move(const replay_moves *mt, const char *text, size_t len,
                        char *out, size_t cap)
{
    char w[4 * TEXT_QUOTE_SHORT];
    size_t n, words = 1, half = 0, cut;
    if (len >= sizeof w || len >= cap || memchr(text, '\0', len))
        return 0;
    n = text_words(text, len, w);
    for (size_t i = 0; i < n; i++)
        words += w[i] == ' ';
    if (words == 1 && n % 4 == 0) { /* "r1c1r2c2" */
        cut = n / 2;
        fmt(out, cap, "%.*s%.*s", (int)(n - cut), w + cut, (int)cut, w);
    } else if (words % 4 == 0) { /* "r1 c1 r2 c2" */
        for (cut = 0; half < words / 2; cut++)
            half += w[cut] == ' ';
        fmt(out, cap, "%.*s %.*s", (int)(n - cut), w + cut, (int)cut - 1, w);
    } else {
        return 0;
    }
    return n > 0 && replay_moves_find(mt, out, n) >= 0;
}

/* The verdict on the answers' line peeked, move no of a case, which is
   no move of mt; the same two cells the other way round are named. */
static void not_a_move(const checker *k, const replay_moves *mt, uint64_t no,
                       verdict *v)
{
    char q[2 * TEXT_QUOTE_BUF], swapped[4 * TEXT_QUOTE_SHORT];
    if (swapped_move(mt, k->a.line.p, k->a.line.len, swapped, sizeof swapped))
        set_verdict(v, CHECK_WRONG,
                    "move %" PRIu64 " %s on line %" PRIu64
                    " is not a move; \"%s\" is: the upper or left cell "
                    "comes first",
                    no, quoted(k, q, sizeof q), k->a.no, swapped);
    else
        set_verdict(v, CHECK_WRONG,
                    "move %" PRIu64 " %s on line %" PRIu64 " is not a move", no,
                    quoted(k, q, sizeof q), k->a.no);
}

/* Move m, the answer's move no (its text t), made on b; -1 where it
   cannot be replayed, else 0, and wrong where it does not apply. */
static int replay_answer(const checker *k, const check_case *c, uint32_t m,
                         uint64_t no, const strbuf *t, gridbfs_grid *b,
                         verdict *v)
{
    char q[2 * TEXT_QUOTE_BUF];
    int st = replay_move(c->in, b, m, b);
    if (st > 0)
        set_verdict(v, CHECK_WRONG,
                    "move %" PRIu64 " %s on line %" PRIu64 " does not apply",
                    no, quote_words(t, q, sizeof q), k->a.no);
    return st < 0 ? -1 : 0;
}

/* Whether the moves were all replayed (replay: they can be at all;
   broken: one could not); else the verdict says they cannot be. */
static int replayed(const check_case *c, int replay, int broken, verdict *v)
{
    if (!replay || broken)
        set_verdict(v, CHECK_FAIL,
                    "moves on a %" PRIu32 "x%" PRIu32
                    " board cannot be replayed",
                    c->in->rule.rows, c->in->rule.cols);
    return replay && !broken;
}

/*
 * The moves of case c's answer, after its count line: up to count of
 * them, and more while they are moves and no line could start the next
 * case (NULL: c is the last), each looked up and replayed from the start.
 * suffix, when not NULL, ends the last one (a template's text after
 * {answer}).  Sets v for a move that is none or a count they disagree
 * with; returns whether they reach a goal.
 */
static int read_moves(checker *k, const check_case *c, const check_case *next,
                      uint64_t count, const strbuf *suffix, verdict *v)
{
    const replay_moves *mt = moves_of(k, c->in);
    gridbfs_grid b = rule_grid_new(c->in);
    int replay = replay_possible(c->in), broken = 0;
    grid_copy(&b, &c->p.b[0]);
    uint64_t n = 0;
    char q[2 * TEXT_QUOTE_BUF];
    verdict late = {CHECK_ACCEPTED, ""}; /* a move that does not apply: a
                                            line left out says more */
    for (; peek(k); n++) {
        const strbuf *l = &k->a.line;
        size_t len = l->len;
        if (suffix && n + 1 == count && len >= suffix->len && suffix->len &&
            memcmp(l->p + len - suffix->len, suffix->p, suffix->len) == 0)
            len -= suffix->len;
        long m =
            k->a.kind == READER_LINE ? replay_moves_find(mt, l->p, len) : -1;
        /* the count promises its moves: within it, only a line that
           cannot be a move mistyped ends them early */
        int next_case =
            next && (n >= count ? starts_case(k, next)
                                : m < 0 && surely_starts_case(k, next));
        if (next_case || (n >= count && m < 0))
            break;
        if (k->a.kind == READER_LONG) /* not held: no move to judge */
            set_verdict(v, CHECK_PRESENTATION,
                        "move %" PRIu64 " on line %" PRIu64 ": %s", n + 1,
                        k->a.no, quoted(k, q, sizeof q));
        else if (m < 0)
            not_a_move(k, mt, n + 1, v);
        else if (replay && !broken)
            broken =
                replay_answer(k, c, (uint32_t)m, n + 1, &k->a.line, &b, &late);
        take(k);
    }
    if (n != count)
        set_verdict(v, CHECK_WRONG,
                    "the count says %" PRIu64 " moves, but %" PRIu64 " follow",
                    count, n);
    if (late.v != CHECK_ACCEPTED)
        set_verdict(v, late.v, "%s", late.reason);
    int reached = replayed(c, replay, broken, v) && reaches_goal(c, &b);
    grid_free(&b);
    return reached;
}

/* The most moves the profile's `accept` takes of case c, or UINT64_MAX
   where it takes the fewest alone. */
static uint64_t within(const check_case *c)
{
    const cfg_profile *p = c->in->profile;
    uint64_t cells = (uint64_t)c->in->rule.rows * c->in->rule.cols;
    if (!p || p->within == UINT64_MAX)
        return UINT64_MAX;
    return p->per_cell && p->within > UINT64_MAX / cells ? UINT64_MAX - 1
           : p->per_cell                                 ? p->within * cells
                                                         : p->within;
}

/*
 * The count of case c's answer against its fewest moves, or the bound
 * its profile's `accept` sets where the moves are given; given: its moves
 * were printed, and reached tells whether they reach a goal.
 */
static void judge_count(const check_case *c, uint64_t count, int given,
                        int reached, verdict *v)
{
    char q[2 * TEXT_QUOTE_BUF];
    uint64_t most = given ? within(c) : UINT64_MAX;
    if (c->impossible && c->status == ST_IMPOSSIBLE && given && reached) {
        set_verdict(v, CHECK_FAIL,
                    "%" PRIu64 " moves reach the goal, where gridbfs "
                    "found none",
                    count);
    } else if (c->impossible) {
        set_verdict(v, CHECK_WRONG, "a count where the answer is %s%s",
                    quote_words(&c->t.impossible, q, sizeof q),
                    c->status == ST_SOLVED ? " (past max_moves)" : "");
    } else if (given && !reached) {
        set_verdict(v, CHECK_WRONG, "the moves do not reach the goal");
    } else if (most != UINT64_MAX && count > most) {
        set_verdict(v, CHECK_WRONG,
                    "%" PRIu64 " moves, more than the %" PRIu64
                    " the profile accepts",
                    count, most);
    } else if (most == UINT64_MAX && count > c->moves) {
        set_verdict(v, CHECK_WRONG,
                    "not optimal: %" PRIu64 " moves, the fewest is %" PRIu64,
                    count, c->moves);
    } else if (count < c->moves && given) {
        set_verdict(v, CHECK_FAIL,
                    "%" PRIu64 " moves reach the goal, fewer than gridbfs's "
                    "%" PRIu64,
                    count, c->moves);
    } else if (count < c->moves) {
        set_verdict(v, CHECK_WRONG,
                    "%" PRIu64 " moves is fewer than the fewest, %" PRIu64,
                    count, c->moves);
    }
}

/* An answer that is a count ({moves}, or {answer} without a plugin's
   judge text), with its moves when the profile prints them. */
static void judge_counted(checker *k, const check_case *c,
                          const check_case *next, verdict *v)
{
    static const strbuf none = {0};
    const case_text *t = &c->t;
    int given = c->with_path && t->kind == TPL_ANSWER;
    const strbuf *suffix = t->suffix.len && given ? &t->suffix : NULL;
    uint64_t count;
    char q[2 * TEXT_QUOTE_BUF];
    if (line_number(k, &t->prefix, &t->suffix, &count) == 0) {
        suffix = NULL; /* it ended the count line */
    } else if (!suffix || line_number(k, &t->prefix, &none, &count) != 0) {
        set_verdict(v, CHECK_PRESENTATION,
                    "expected the number of moves, got %s",
                    quoted(k, q, sizeof q));
        take(k);
        return;
    }
    take(k);
    int reached = given && read_moves(k, c, next, count, suffix, v);
    if (c->status == ST_SOLVED || c->status == ST_IMPOSSIBLE)
        judge_count(c, count, given, reached, v);
}

/* An answer whose moves are joined on one line (joined_moves()): cut
   into moves, each the shortest text that is one, replayed, and judged
   by its count as a counted answer is. */
static void judge_joined(checker *k, const check_case *c, verdict *v)
{
    const replay_moves *mt = moves_of(k, c->in);
    gridbfs_grid b = rule_grid_new(c->in);
    int replay = replay_possible(c->in), broken = 0;
    char q[2 * TEXT_QUOTE_BUF];
    grid_copy(&b, &c->p.b[0]);
    uint64_t n = 0;
    const strbuf *l = &k->a.line;
    for (size_t at = 0; at < l->len && k->a.kind == READER_LINE; n++) {
        strbuf t = {l->p + at, 0, 0};
        long m = -1;
        while (m < 0 && t.len < OUTPUT_MOVE_TEXT_MAX && at + t.len < l->len)
            m = replay_moves_find(mt, t.p, ++t.len);
        if (m < 0) {
            t.len = l->len - at;
            set_verdict(v, CHECK_WRONG,
                        "move %" PRIu64 " on line %" PRIu64
                        " is not a move: %s",
                        n + 1, k->a.no, quote_words(&t, q, sizeof q));
            break;
        }
        if (replay && !broken)
            broken = replay_answer(k, c, (uint32_t)m, n + 1, &t, &b, v);
        at += t.len;
    }
    if (k->a.kind == READER_LONG) /* not held: no move to judge */
        set_verdict(v, CHECK_PRESENTATION, "line %" PRIu64 ": %s", k->a.no,
                    quoted(k, q, sizeof q));
    take(k);
    int reached = replayed(c, replay, broken, v) && reaches_goal(c, &b);
    judge_count(c, n, 1, reached, v);
    grid_free(&b);
}

/* An answer that must be the plugin's judge text (a press matrix), line
   for line, or the impossible line judged before. */
static void judge_exact(checker *k, const check_case *c, const check_case *next,
                        verdict *v)
{
    const char *e = c->expected.p, *end = e + c->expected.len;
    uint64_t lines = 0, i = 0;
    char q[2 * TEXT_QUOTE_BUF], want[2 * TEXT_QUOTE_BUF];
    for (const char *s = e; s < end; s++)
        lines += *s == '\n';
    for (; e < end; i++) {
        const char *nl = memchr(e, '\n', (size_t)(end - e));
        strbuf w = {(char *)e, (size_t)(nl - e), 0};
        if (!peek(k) || (next && starts_case(k, next))) {
            set_verdict(v, CHECK_PRESENTATION,
                        "the answer ends after %" PRIu64 " of its %" PRIu64
                        " lines",
                        i, lines);
            return;
        }
        if (k->a.kind == READER_LONG)
            set_verdict(v, CHECK_PRESENTATION, "line %" PRIu64 ": %s", k->a.no,
                        quoted(k, q, sizeof q));
        else if (!c->impossible && !line_is(k, &w))
            set_verdict(v, CHECK_WRONG, "line %" PRIu64 ": expected %s, got %s",
                        k->a.no, quote_words(&w, want, sizeof want),
                        quoted(k, q, sizeof q));
        take(k);
        e = nl + 1;
    }
    if (c->impossible)
        set_verdict(v, CHECK_WRONG, "an answer where the judge's is %s",
                    quote_words(&c->t.impossible, q, sizeof q));
}

/* The answer's first line, after its before line: what it says. */
static void judge_answer(checker *k, const check_case *c,
                         const check_case *next, verdict *v)
{
    char q[2 * TEXT_QUOTE_BUF], want[2 * TEXT_QUOTE_BUF];
    if (!peek(k)) {
        set_verdict(v, CHECK_PRESENTATION, "the answers end inside this case");
    } else if (line_is(k, &c->t.impossible)) {
        take(k);
        if (!c->impossible && c->status == ST_SOLVED)
            set_verdict(v, CHECK_WRONG,
                        "says %s, but %" PRIu64 " moves solve it",
                        quote_words(&c->t.impossible, q, sizeof q), c->moves);
    } else if (c->joined) {
        judge_joined(k, c, v);
    } else if (c->exact) {
        judge_exact(k, c, next, v);
    } else if (c->t.kind) {
        judge_counted(k, c, next, v);
    } else { /* a solved template without {moves} or {answer} */
        if (!line_is(k, &c->t.prefix))
            set_verdict(v, CHECK_PRESENTATION, "expected %s, got %s",
                        quote_words(&c->t.prefix, want, sizeof want),
                        quoted(k, q, sizeof q));
        else if (c->impossible)
            set_verdict(v, CHECK_WRONG, "the answer is %s",
                        quote_words(&c->t.impossible, q, sizeof q));
        take(k);
    }
}

/* Whether words a and b begin with the same word. */
static int same_first_word(const strbuf *a, const strbuf *b)
{
    const char *sa = memchr(a->p, ' ', a->len), *sb = memchr(b->p, ' ', b->len);
    size_t na = sa ? (size_t)(sa - a->p) : a->len;
    size_t nb = sb ? (size_t)(sb - b->p) : b->len;
    return na == nb && na && memcmp(a->p, b->p, na) == 0;
}

/* Judge case c's answer, next the case after it (NULL: c is the last,
   and whatever follows its answer is extra), and report it. */
static void judge_case(checker *k, const check_case *c, const check_case *next)
{
    verdict v = {CHECK_ACCEPTED, ""};
    char q[2 * TEXT_QUOTE_BUF];
    /* the goal itself, where the answer is the moves joined: an empty
       line, and blank lines are not read, so there is nothing to read */
    int empty = c->joined && c->moves == 0 && !c->t.has_before;
    if (!empty && !peek(k)) {
        set_verdict(&v, CHECK_PRESENTATION, "the answers end before this case");
        report(k, c, k->a.no + 1, &v);
        return;
    }
    uint64_t line = empty ? k->a.no + 1 : k->a.no;
    if (c->t.has_before && !line_is(k, &c->t.before)) { /* not empty */
        char want[2 * TEXT_QUOTE_BUF];
        set_verdict(&v, CHECK_PRESENTATION, "expected %s, got %s",
                    quote_words(&c->t.before, want, sizeof want),
                    quoted(k, q, sizeof q));
        if (same_first_word(&k->a.line, &c->t.before))
            take(k); /* a before line, wrong ("PUZZLE #3"): not the answer */
    } else if (c->t.has_before) {
        take(k);
    }
    if (!empty)
        judge_answer(k, c, next, &v);
    if (c->status == ST_INVALID || c->status == ST_LIMIT) {
        v.v = CHECK_ACCEPTED; /* whatever the answer: not judged */
        set_verdict(&v, CHECK_FAIL, "the puzzle cannot be judged: %s", c->msg);
    }
    if (!next && peek(k)) {
        set_verdict(&v, CHECK_PRESENTATION,
                    "extra line %" PRIu64 " after the last case: %s", k->a.no,
                    quoted(k, q, sizeof q));
        while (peek(k))
            take(k);
    }
    report(k, c, line, &v);
}

/* ---- whole files ---------------------------------------------------- */

static void case_free(check_case *c)
{
    puzzle_free(&c->p);
    sb_free(&c->id);
    sb_free(&c->expected);
    sb_free(&c->t.before);
    sb_free(&c->t.impossible);
    sb_free(&c->t.prefix);
    sb_free(&c->t.suffix);
}

/* Every case of the inputs against the answers, in order. */
static void judge_all(checker *k)
{
    check_case cases[2];
    memset(cases, 0, sizeof cases);
    check_case *cur = &cases[0], *next = &cases[1];
    int have = read_case(k, cur);
    if (!have && peek(k)) {
        fmt(k->o->stray, sizeof k->o->stray,
            "%s:%" PRIu64 ": an answer to no puzzle", k->a.shown, k->a.no);
        if (!k->o->silent)
            say("%s", k->o->stray);
        set_status(k->o, EXIT_RECORDS);
    }
    while (have) {
        int more = read_case(k, next);
        judge_case(k, cur, more ? next : NULL);
        check_case *t = cur;
        cur = next;
        next = t;
        have = more;
    }
    case_free(&cases[0]);
    case_free(&cases[1]);
}

void check_file(const check_config *cc, const char *answers, char *const *files,
                int nfiles, check_outcome *o)
{
    char err[RULES_MSG_MAX];
    checker k = {0};
    k.cc = cc;
    k.o = o;
    k.files = files;
    k.nfiles = nfiles;
    k.a.rd = reader_open(answers, 1, 1, cc->cfg->max_line, err, sizeof err);
    if (!k.a.rd) {
        trouble(o, err);
        return;
    }
    text_quote(k.a.shown, sizeof k.a.shown, reader_name(k.a.rd));
    reader_on_wait(k.a.rd, report_flush, &k);
    k.bfs = bfs_new();
    bfs_set_budget(k.bfs, rules_memory(cc->rules));
    k.judge = output_new(FORMAT_JUDGE);
    if (cc->out && cc->format == FORMAT_CSV && !cc->no_header)
        sb_printf(&k.report, "case,line,verdict,reason\n");
    judge_all(&k);
    if (reader_error(k.a.rd))
        trouble(o, reader_error(k.a.rd));
    if (cc->out && k.report.len)
        fwrite(k.report.p, 1, k.report.len, cc->out);
    reader_close(k.a.rd);
    layout_close(k.lo);
    reader_close(k.rd);
    for (int i = 0; i < MOVE_TABLES; i++) {
        replay_moves_free(k.tables[i].moves);
        free(k.tables[i].name);
        free(k.tables[i].param);
    }
    bfs_free(k.bfs);
    output_free(k.judge);
    sb_free(&k.scratch);
    sb_free(&k.scratch2);
    sb_free(&k.report);
    sb_free(&k.a.line);
}

int check_answers(const check_config *cc, const char *answers,
                  char *const *files, int nfiles)
{
    check_outcome o = {0};
    int puzzles_stdin = nfiles == 0;
    for (int i = 0; i < nfiles; i++)
        puzzles_stdin |= strcmp(files[i], "-") == 0;
    if (strcmp(answers, "-") == 0 && puzzles_stdin) {
        say("--check -: the answers and the puzzles cannot both be standard "
            "input");
        return EXIT_TROUBLE;
    }
    check_file(cc, answers, files, nfiles, &o);
    return o.status;
}
