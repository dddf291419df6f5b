/*
 * layout.c - a file in a judge's layout (README, "Judge files"): count,
 * size, name and end lines, blank lines between cases, a parameter's rows
 * after each case's boards; and the count checked against the rows before
 * any answer where the cases are not marked (layout_set()).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "layout.h"
#include "reader_impl.h"
#include "text.h"
#include "util.h"

/* The next line of a layout: the one given back first. */
static enum line_kind lay_take(reader *rd, const char **s, size_t *n)
{
    if (rd->held) {
        rd->held = 0;
        *s = rd->held_s;
        *n = rd->held_n;
        return rd->held_kind;
    }
    return rd_next_line(rd, s, n);
}

/* Give back the line just taken, for the next lay_take(): it stays in buf
   as long as rd_next_line() is not called. */
static void lay_hold(reader *rd, enum line_kind kind, const char *s, size_t n)
{
    rd->held = 1;
    rd->held_kind = kind;
    rd->held_s = s;
    rd->held_n = n;
}

/* s[0..n) without the blanks at either end. */
static void trim(const char **s, size_t *n)
{
    while (*n && rd_is_blank(**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n && rd_is_blank((*s)[*n - 1]))
        (*n)--;
}

/* Whether s[0..n), trimmed, is the words of w: a run of blanks is one
   blank, as cells and answers are read. */
static int same_words(const char *s, size_t n, const char *w)
{
    size_t i = 0;
    while (i < n) {
        if (*w == '\0')
            return 0; /* s goes on (even with a NUL byte of its own) */
        if (rd_is_blank(s[i])) {
            if (*w++ != ' ')
                return 0;
            while (i < n && rd_is_blank(s[i]))
                i++;
        } else if (*w++ != s[i++]) {
            return 0;
        }
    }
    return *w == '\0';
}

/* What a line is to a layout. */
enum lay_line { L_EOF, L_BLANK, L_COMMENT, L_END, L_TEXT };

static enum lay_line lay_kind(const reader *rd, enum line_kind kind,
                              const char *s, size_t n)
{
    const char *end = rd->lay->end;
    if (kind == LINE_EOF || kind == LINE_ERROR)
        return L_EOF;
    if (kind == LINE_LONG)
        return L_TEXT;
    trim(&s, &n);
    if (n == 0)
        return L_BLANK;
    if (end && same_words(s, n, end))
        return L_END; /* even one that starts with '#' */
    if (rd->comments && s[0] == '#')
        return L_COMMENT;
    return L_TEXT;
}

/* The next line that is no blank and no comment. */
static enum lay_line lay_next_text(reader *rd, enum line_kind *kind,
                                   const char **s, size_t *n)
{
    for (;;) {
        *kind = lay_take(rd, s, n);
        enum lay_line what = lay_kind(rd, *kind, *s, *n);
        if (what != L_BLANK && what != L_COMMENT)
            return what;
    }
}

/* A size line, "R C" or "n" (n x n): 0 with the numbers (capped, not
   checked), or -1 when s[0..n) is no such line. */
static int size_line(const char *s, size_t n, uint64_t *rows, uint64_t *cols)
{
    uint64_t v[2] = {0, 0};
    size_t k = 0, i = 0;
    trim(&s, &n);
    while (i < n) {
        size_t j = i;
        if (k == 2)
            return -1;
        for (; j < n && s[j] >= '0' && s[j] <= '9'; j++)
            if (v[k] < UINT32_MAX)
                v[k] = v[k] * 10 + (uint64_t)(s[j] - '0');
        if (j == i || (j < n && !rd_is_blank(s[j])))
            return -1;
        k++;
        while (j < n && rd_is_blank(s[j]))
            j++;
        i = j;
    }
    if (k == 0)
        return -1;
    *rows = v[0];
    *cols = k == 2 ? v[1] : v[0];
    return 0;
}

/* Whether s[0..n) can be a row of cols cells (blanks aside). */
static int can_be_row(const reader *rd, const char *s, size_t n, uint32_t cols)
{
    uint32_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (rd_is_blank(s[i]))
            continue;
        if (!rd->frame.cells[(unsigned char)s[i]] || ++k > cols)
            return 0;
    }
    return k == cols;
}

/* Whether every non-blank byte of s[0..n) is a cell: a row, perhaps of
   the wrong length. */
static int all_cells(const reader *rd, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!rd_is_blank(s[i]) && !rd->frame.cells[(unsigned char)s[i]])
            return 0;
    return 1;
}

/* A size line whose numbers are a board's: 0 with them, or -1. */
static int good_size(const char *s, size_t n, uint32_t *rows, uint32_t *cols)
{
    uint64_t r, c;
    if (size_line(s, n, &r, &c) < 0 || r < 1 || r > GRIDBFS_MAX_SIDE || c < 1 ||
        c > GRIDBFS_MAX_SIDE)
        return -1;
    *rows = (uint32_t)r;
    *cols = (uint32_t)c;
    return 0;
}

/* Whether the layout has a line of its own at the start of each case: a
   name or a size line (not blank lines alone). */
static int starts_marked(const cfg_layout *l)
{
    return l->name || l->size == SIZE_LINE_EACH;
}

/*
 * A look ahead: lines are read past the one in hand (held, or just
 * taken), then given back, so that a line that can be read two ways is
 * read the way the lines after it agree with.  refill() keeps buf from
 * rd->mark on meanwhile.  One at a time; at most a few cases of lines.
 */
typedef struct peek {
    size_t after; /* rd->start - rd->mark */
    uint64_t lineno;
    int held;
    enum line_kind kind;
    const char *held_s; /* a held line that is not in buf */
    size_t held_n;
} peek;

static void peek_begin(reader *rd, peek *p)
{
    int in_buf = rd->held && rd->held_kind == LINE_TEXT;
    rd->mark = in_buf ? (size_t)(rd->held_s - rd->buf) : rd->start;
    *p = (peek){.after = rd->start - rd->mark,
                .lineno = rd->lineno,
                .held = rd->held,
                .kind = rd->held_kind,
                .held_s = rd->held_s,
                .held_n = rd->held_n};
}

static void peek_end(reader *rd, const peek *p)
{
    rd->start = rd->mark + p->after;
    rd->lineno = p->lineno;
    rd->next_nl = 0;
    rd->held = p->held;
    rd->held_kind = p->kind;
    rd->held_s = p->kind == LINE_TEXT ? rd->buf + rd->mark : p->held_s;
    rd->held_n = p->held_n;
    rd->mark = NO_MARK;
}

/* In a look ahead: the next line that is no comment. */
static enum lay_line ahead(reader *rd, enum line_kind *kind, const char **s,
                           size_t *n)
{
    enum lay_line what;
    do {
        *kind = lay_take(rd, s, n);
        what = lay_kind(rd, *kind, *s, *n);
    } while (what == L_COMMENT);
    return what;
}

/* In a look ahead: whether the next lines are the rows k on of a case of
   rows x cols boards (a parameter's rows: any text). */
static int rest_fits(reader *rd, uint32_t k, uint32_t rows, uint32_t cols)
{
    uint32_t board = rows * rd->boards, need = board + rd->lay->param_rows;
    for (; k < need; k++) {
        const char *s;
        size_t n;
        enum line_kind kind;
        if (ahead(rd, &kind, &s, &n) != L_TEXT || kind != LINE_TEXT)
            return 0;
        if (k < board && !can_be_row(rd, s, n, cols))
            return 0;
    }
    return 1;
}

static int case_fits(reader *rd, enum line_kind kind, const char *s, size_t n,
                     int depth);

/* In a look ahead: whether the next line can follow a case: the end of
   the input, the end line, a blank line, or (depth > 0: a case that fits)
   the start of the next case. */
static int mark_follows(reader *rd, int depth)
{
    const char *s;
    size_t n;
    enum line_kind kind;
    enum lay_line what = ahead(rd, &kind, &s, &n);
    if (what != L_TEXT)
        return what != L_EOF || kind == LINE_EOF;
    uint32_t r, c;
    const cfg_layout *l = rd->lay;
    if (!starts_marked(l)) /* blank lines alone: a case with none before */
        return depth > 0 && case_fits(rd, kind, s, n, depth - 1);
    if (!l->name && (kind != LINE_TEXT || good_size(s, n, &r, &c)))
        return 0;
    return depth == 0 || case_fits(rd, kind, s, n, depth - 1);
}

/* In a look ahead: whether a case starting with the line s[0..n) (just
   taken) fits the lines after it, and a mark follows it. */
static int case_fits(reader *rd, enum line_kind kind, const char *s, size_t n,
                     int depth)
{
    const cfg_layout *l = rd->lay;
    uint32_t rows = rd->lay_rows, cols = rd->lay_cols, k = 0;
    if (!starts_marked(l)) { /* blank lines alone: s is the first row */
        if (kind != LINE_TEXT || !can_be_row(rd, s, n, cols))
            return 0;
        k = 1;
    }
    if (l->name && l->size == SIZE_LINE_EACH &&
        ahead(rd, &kind, &s, &n) != L_TEXT)
        return 0;
    if (l->size == SIZE_LINE_EACH &&
        (kind != LINE_TEXT || good_size(s, n, &rows, &cols)))
        return 0;
    return rest_fits(rd, k, rows, cols) && mark_follows(rd, depth);
}

/* How deep a look ahead checks the cases after a line: the case it is in
   or starts, and the next one's rows. */
#define PEEK_DEPTH 1

/* Whether the rows k on of the case being read follow, then a mark. */
static int rest_of_case_fits(reader *rd, uint32_t k)
{
    peek p;
    peek_begin(rd, &p);
    int fits = rest_fits(rd, k, rd->lay_rows, rd->lay_cols) &&
               mark_follows(rd, PEEK_DEPTH);
    peek_end(rd, &p);
    return fits;
}

/* Whether the held line starts a case that fits the lines after it. */
static int held_case_fits(reader *rd)
{
    peek p;
    const char *s;
    size_t n;
    peek_begin(rd, &p);
    enum line_kind kind = lay_take(rd, &s, &n);
    int fits = case_fits(rd, kind, s, n, PEEK_DEPTH);
    peek_end(rd, &p);
    return fits;
}

/* Whether the held line is row k of the case being read, perhaps a
   damaged one: the case's rows after it follow, then a mark. */
static int held_is_row(reader *rd, uint32_t k)
{
    peek p;
    const char *s;
    size_t n;
    peek_begin(rd, &p);
    lay_take(rd, &s, &n);
    int fits = rest_fits(rd, k + 1, rd->lay_rows, rd->lay_cols) &&
               mark_follows(rd, PEEK_DEPTH);
    peek_end(rd, &p);
    return fits;
}

/*
 * Whether the held line s[0..n), read as row k of the case being read
 * (of need rows), starts the next case instead (README, "Faults in a
 * judge's file").  Where it can be read both ways (a size line of digit
 * cells, a damaged row that is no row and so looks like a name, rows
 * past a case of blank lines alone with no blank before them), the lines
 * after it decide.
 */
static int ends_case(reader *rd, const char *s, size_t n, uint32_t k,
                     uint32_t need)
{
    const cfg_layout *l = rd->lay;
    uint32_t r, c;
    if (k >= need - l->param_rows && k < need)
        return 0;          /* a parameter's rows are of another alphabet */
    if (!starts_marked(l)) /* blank lines alone: a case with no blank */
        return k >= need && held_case_fits(rd);
    uint64_t r64, c64;
    int sized = l->size == SIZE_LINE_EACH;
    if (sized && !l->name && size_line(s, n, &r64, &c64) < 0)
        return 0;      /* a row, or a damaged one (a name may be any text) */
    if (!rd->lay_rows) /* a size refused: its rows are all extra */
        return sized || !can_be_row(rd, s, n, rd->lay_cols);
    /* s is read before any look ahead, which may move it */
    int sizable = sized && good_size(s, n, &r, &c) == 0;
    int row = can_be_row(rd, s, n, rd->lay_cols), cells = all_cells(rd, s, n);
    if (k < need) {
        if (row && !sizable)
            return 0;
        if (held_is_row(rd, k))
            return 0;
        if (sized && !cells)
            return 1; /* a size line, no row: the case is short */
        return held_case_fits(rd);
    }
    if (l->name && !sized)
        return !row;
    return !cells || ((l->name || sizable) && held_case_fits(rd));
}

/* After a blank line among the rows of a case (row k next), whether the
   case goes on: its rows follow, then a mark.  Where a layout has a line
   of its own to start a case, a row after the blank is enough (a
   damaged case, read on). */
static int case_goes_on(reader *rd, uint32_t k)
{
    if (rest_of_case_fits(rd, k))
        return 1;
    if (!starts_marked(rd->lay))
        return 0; /* the blank line ends a short case */
    const char *s;
    size_t n;
    enum line_kind kind;
    enum lay_line what = lay_next_text(rd, &kind, &s, &n);
    lay_hold(rd, kind, s, n);
    return what == L_TEXT && kind == LINE_TEXT &&
           can_be_row(rd, s, n, rd->lay_cols);
}

/* A line for a message: quoted, cut short. */
static const char *shown_line(const char *s, size_t n, char *buf)
{
    char line[TEXT_QUOTE_BUF];
    size_t len = n < sizeof line - 1 ? n : sizeof line - 1;
    memcpy(line, s, len);
    line[len] = '\0';
    for (size_t i = 0; i < len; i++) /* a NUL is shown, not an end */
        if (!line[i])
            line[i] = '?'; /* as text_quote() shows a control byte */
    return text_quote(buf, TEXT_QUOTE_BUF, line);
}

/* Take "R C" or "n" from s[0..n) as the size of the cases to come; 0, or
   -1 with the record's error set. */
static int lay_size(reader *rd, enum line_kind kind, const char *s, size_t n)
{
    uint64_t r, c;
    char shown[TEXT_QUOTE_BUF];
    if (kind != LINE_TEXT || size_line(s, n, &r, &c) < 0) {
        rd_rec_error(
            rd, rd->lineno, "expected a size line 'R C' or 'n', got '%s'",
            kind == LINE_TEXT ? shown_line(s, n, shown) : "a long line");
        return -1;
    }
    if (r < 1 || r > GRIDBFS_MAX_SIDE || c < 1 || c > GRIDBFS_MAX_SIDE) {
        trim(&s, &n); /* the numbers as written: size_line() caps them */
        rd_rec_error(rd, rd->lineno, "size '%s' out of range (1 to %d)",
                     shown_line(s, n, shown), GRIDBFS_MAX_SIDE);
        return -1;
    }
    rd->lay_rows = (uint32_t)r;
    rd->lay_cols = (uint32_t)c;
    return 0;
}

/* The rows of one case: its boards', then its parameter's. */
static uint32_t case_rows(const reader *rd)
{
    return rd->lay_rows * rd->boards + rd->lay->param_rows;
}

/* Row k (of case_rows()) of the case being read. */
static void lay_row(reader *rd, enum line_kind kind, const char *s, size_t n,
                    uint32_t k)
{
    uint32_t board_rows = rd->lay_rows * rd->boards;
    if (kind == LINE_LONG)
        rd_rec_error(rd, rd->lineno, "line longer than %zu bytes",
                     rd->max_line);
    if (kind == LINE_LONG) /* no cells of it, wherever it was read */
        n = 0;
    if (k < board_rows) {
        rd_rec_row(rd, s, n, 1, rd->lineno);
        if ((k + 1) % rd->lay_rows == 0)
            rd_rec_end_board(rd);
        return;
    }
    if (memchr(s, '\0', n))
        rd_rec_error(rd, rd->lineno, "a parameter row contains a NUL byte");
    if (k == board_rows) {
        rd->param_off = (uint32_t)rd->tlen;
        rd->rec.param_line = rd->lineno;
    } else
        rd_text_add(rd, "/", 1, 0);
    for (size_t i = 0; i < n; i++)
        if (!rd_is_blank(s[i]))
            rd_text_add(rd, s + i, 1, 0);
}

/* A record of its own for a fault of the file, at line: an invalid case,
   or with notice only a message. */
__attribute__((format(printf, 4, 5))) static const record *
lay_fault(reader *rd, uint64_t line, int notice, const char *format, ...)
{
    va_list ap;
    rd_rec_begin(rd, 0);
    rd->rec.line = line;
    va_start(ap, format);
    vsnprintf(rd->msg, sizeof rd->msg, format, ap);
    va_end(ap);
    rd->rec.error_line = line;
    const record *r = rd_rec_finish(rd);
    if (notice) {
        rd->index--;
        rd->rec.index = 0;
        rd->rec.notice = 1;
    }
    return r;
}

/* Where a fault found at the end of the input is said: the last line, or
   line 1 of an empty file. */
static uint64_t last_line(const reader *rd)
{
    return rd->lineno ? rd->lineno : 1;
}

/* One of the invalid results a count line is owed: the first with the
   message, the rest quiet. */
static const record *owed_case(reader *rd)
{
    const record *r = lay_fault(rd, rd->count_line, 0, "%s", rd->owed_msg);
    rd->rec.quiet = rd->owed_quiet;
    rd->owed_quiet = 1;
    rd->owed--;
    return r;
}

/* The count and size lines at the top of the file; NULL, or the one
   invalid record that stands for a file whose top is wrong. */
static const record *lay_top(reader *rd)
{
    const char *s;
    size_t n;
    enum line_kind kind;
    char shown[TEXT_QUOTE_BUF];
    if (rd->lay->count) {
        enum lay_line what = lay_next_text(rd, &kind, &s, &n);
        const char *t = s;
        size_t len = n;
        trim(&t, &len);
        rd->count_line = rd->lineno;
        if (what == L_EOF) {
            rd->lay_done = 1;
            return lay_fault(rd, last_line(rd), 1, "missing the count line");
        }
        if (kind != LINE_TEXT || /* an end line "0" is a count too */
            text_u64(t, len, 0, UINT64_MAX - 1, &rd->promised)) {
            rd->lay_done = 1;
            return lay_fault(
                rd, rd->lineno, 0, "expected the number of cases, got '%s'",
                kind == LINE_TEXT ? shown_line(s, n, shown) : "a long line");
        }
    }
    if (rd->lay->size == SIZE_LINE_FIRST) {
        enum lay_line what = lay_next_text(rd, &kind, &s, &n);
        if (what == L_EOF) {
            rd->lay_done = 1;
            return lay_fault(rd, last_line(rd), 1, "missing the size line");
        }
        rd_rec_begin(rd, 0);
        if (lay_size(rd, kind, s, n) < 0) {
            rd->lay_done = 1;
            return rd_rec_finish(rd);
        }
    }
    return NULL;
}

/* At the end of the input: the cases the count line promised that the
   file did not hold, and the end line it lacked. */
static const record *lay_eof(reader *rd)
{
    if (!rd->lay_eof) {
        rd->lay_eof = 1;
        if (rd->promised != UINT64_MAX && rd->index < rd->promised) {
            fmt(rd->owed_msg, sizeof rd->owed_msg,
                "the count line gives %llu cases, the file holds %llu",
                (unsigned long long)rd->promised,
                (unsigned long long)rd->index);
            /* never more results than the file has lines: one stands for
               a count past them */
            rd->owed = rd->promised > rd->lineno ? 1 : rd->promised - rd->index;
            return owed_case(rd);
        }
        /* a size line at the top promises a case, as a count line would */
        if (rd->lay->size == SIZE_LINE_FIRST && !rd->lay->count &&
            rd->index == 0)
            return lay_fault(rd, last_line(rd), 1,
                             "no case after the size line");
    }
    if (rd->owed)
        return owed_case(rd);
    if (rd->owed_msg[0] && !rd->owed_quiet) { /* a count of 0: no result */
        rd->owed_quiet = 1;
        return lay_fault(rd, rd->count_line, 1, "%s", rd->owed_msg);
    }
    rd->lay_done = 1;
    if (rd->lay->end && !rd->lay_ended)
        return lay_fault(rd, last_line(rd), 1, "missing the end line '%s'",
                         rd->lay->end);
    return NULL;
}

/*
 * The next case of a file in a judge's layout.  A layout that marks its
 * cases (blank lines between them, a name or a size line at the start of
 * each) reads a case as the lines up to the next mark, so a case with a
 * row too many or too few is invalid alone and the next one is read as it
 * should be.  One that does not is read row by row, its count checked
 * before (layout_set()).
 */
/* What comes before the next case: the faults owed, the end line.  1
   with what to hand out instead of a case in *r (NULL: nothing more), or
   0 with the case's first line taken. */
static int before_case(reader *rd, const record **r, enum line_kind *kind,
                       const char **s, size_t *n)
{
    *r = NULL;
    if (rd->no_blank_line) {
        uint64_t at = rd->no_blank_line;
        rd->no_blank_line = 0;
        *r = lay_fault(rd, at, 1, "no blank line before this case");
        return 1;
    }
    for (;;) {
        enum lay_line what = lay_next_text(rd, kind, s, n);
        if (what == L_EOF) {
            *r = lay_eof(rd);
            return 1;
        }
        if (rd->lay_ended) {
            rd->lay_done = 1;
            *r = lay_fault(rd, rd->lineno, 1, "text after the end line '%s'",
                           rd->lay->end);
            return 1;
        }
        if (what != L_END)
            break;
        rd->lay_ended = 1;
    }
    if (rd->promised != UINT64_MAX && rd->index >= rd->promised) {
        /* never more results than the count line gives: the judge reads
           no further */
        rd->lay_done = 1;
        *r = lay_fault(rd, rd->lineno, 1,
                       "a case past the %llu the count line gives",
                       (unsigned long long)rd->promised);
        return 1;
    }
    return 0;
}

/* The case's name line s[0..n) (taken), as its id. */
static void case_name(reader *rd, enum line_kind kind, const char *s, size_t n)
{
    trim(&s, &n);
    if (kind == LINE_LONG)
        rd_rec_error(rd, rd->lineno, "line longer than %zu bytes",
                     rd->max_line);
    else if (memchr(s, '\0', n))
        rd_rec_error(rd, rd->lineno, "the name contains a NUL byte");
    else
        rd->id_off = rd_text_add(rd, s, n, 1);
}

/* The case's size line: s[0..n) (taken), or with a name the line after
   it.  A line that is no size line leaves the rows unknown (0). */
static void case_size(reader *rd, enum line_kind kind, const char *s, size_t n)
{
    enum lay_line what = L_TEXT;
    if (rd->lay->name) {
        do {
            kind = lay_take(rd, &s, &n);
            what = lay_kind(rd, kind, s, n);
        } while (what == L_COMMENT);
    }
    if (what != L_TEXT) { /* the line is the next case's */
        rd_rec_error(rd, rd->lineno, "expected a size line 'R C' or 'n'");
        lay_hold(rd, kind, s, n);
        rd->lay_rows = 0;
    } else if (lay_size(rd, kind, s, n) < 0) {
        rd->lay_rows = 0; /* rows unknown: all taken as extra */
    }
}

/* The rows of a case as read: how many, and where faults were met. */
typedef struct case_read {
    uint32_t k;        /* rows taken, extra ones too */
    uint64_t extra_at; /* the first row past the case's, or 0 */
    uint64_t blank_at; /* a blank line read over, or 0 */
} case_read;

/*
 * The rows of the case being read, up to its mark (or, unmarked, its
 * number of rows): the first need taken as its own, more counted.  A
 * line of the next case is left held.
 */
static case_read case_lines(reader *rd, uint32_t need)
{
    const cfg_layout *l = rd->lay;
    int marked = config_layout_marked(l);
    case_read c = {0, 0, 0};
    for (;;) {
        const char *s;
        size_t n;
        enum line_kind kind = lay_take(rd, &s, &n);
        enum lay_line what = lay_kind(rd, kind, s, n);
        if (what == L_COMMENT || (what == L_BLANK && !marked))
            continue;
        /* a blank line among a case's board rows, rows after it: read on
           (README, "Faults in a judge's file") */
        if (what == L_BLANK && !c.blank_at && c.k < need - l->param_rows) {
            uint64_t at = rd->lineno;
            if (case_goes_on(rd, c.k)) {
                c.blank_at = at;
                continue;
            }
        }
        if (what == L_EOF || what == L_BLANK)
            break;
        if (what == L_END) {
            lay_hold(rd, kind, s, n);
            break;
        }
        if (marked && kind == LINE_TEXT) {
            lay_hold(rd, kind, s, n);
            if (ends_case(rd, s, n, c.k, need)) {
                if (!starts_marked(l)) /* read by its size: no blank */
                    rd->no_blank_line = rd->lineno;
                break;
            }
            kind = lay_take(rd, &s, &n);
        }
        if (c.k < need)
            lay_row(rd, kind, s, n, c.k);
        else if (!c.extra_at)
            c.extra_at = rd->lineno;
        c.k++;
        if (!marked && c.k == need)
            break;
    }
    return c;
}

/* The case's fault, if its rows were not need (the first fault wins). */
static void case_faults(reader *rd, const case_read *c, uint32_t need)
{
    if (c->k < need)
        rd_rec_error(rd, rd->rec.line, "missing rows: the case has %u of %u",
                     c->k, need);
    else if (c->k > need)
        rd_rec_error(rd, c->extra_at,
                     "extra rows: the case has %u, expected %u", c->k, need);
    else if (c->blank_at)
        rd_rec_error(rd, c->blank_at, "a blank line inside the case");
}

/*
 * The next case of a file in a judge's layout.  A layout that marks its
 * cases (blank lines between them, a name or a size line at the start of
 * each) reads a case as the lines up to the next mark, so a case with a
 * row too many or too few is invalid alone and the next one is read as it
 * should be.  One that does not is read row by row, its count checked
 * before (layout_set()).
 */
static const record *lay_next(reader *rd)
{
    const cfg_layout *l = rd->lay;
    const char *s = "";
    size_t n = 0;
    enum line_kind kind = LINE_EOF;

    if (rd->owed || rd->lay_eof)
        return rd->lay_done ? NULL : lay_eof(rd);
    if (rd->lay_done)
        return NULL;
    const record *r = NULL;
    if (rd->lay_head) {
        rd->lay_head = 0;
        if ((r = lay_top(rd)))
            return r;
    }
    if (before_case(rd, &r, &kind, &s, &n))
        return r;
    rd_rec_begin(rd, 0);
    if (l->name)
        case_name(rd, kind, s, n);
    if (l->size == SIZE_LINE_EACH)
        case_size(rd, kind, s, n);
    else if (!l->name)
        lay_hold(rd, kind, s, n); /* the first row */
    uint32_t need = case_rows(rd);
    case_read c = case_lines(rd, need);
    if (rd->param_off != NO_OFFSET)
        rd_text_add(rd, "", 0, 1);
    case_faults(rd, &c, need);
    if (l->size != SIZE_LINE_NONE && rd->lay_rows) { /* 0: refused */
        rd->rec.rows = rd->lay_rows;
        rd->rec.cols = rd->lay_cols;
    }
    return rd_rec_finish(rd);
}

/* Make the input a file that can be read twice: a pipe is copied into an
   unlinked temporary file.  0, or -1 with why in err. */
static int seekable(reader *rd, char *err, size_t errlen)
{
    struct stat st;
    char shown[NAME_SHOWN];
    if (fstat(rd->fd, &st) == 0 && S_ISREG(st.st_mode) &&
        lseek(rd->fd, 0, SEEK_CUR) == 0)
        return 0;
    const char *dir = getenv("TMPDIR");
    char path[NAME_SHOWN];
    fmt(path, sizeof path, "%s/gridbfs-XXXXXX", dir && *dir ? dir : "/tmp");
    int tmp = mkstemp(path);
    if (tmp < 0) {
        fmt(err, errlen,
            "%s: cannot hold the input to check its count line: %s",
            text_quote(shown, sizeof shown, rd->name), strerror(errno));
        return -1;
    }
    unlink(path);
    for (;;) {
        ssize_t got = read(rd->fd, rd->buf, rd->cap), put = 0;
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            if (got < 0) /* the reader reports it, as for any input */
                fmt(rd->ioerr, sizeof rd->ioerr, "%s: %s",
                    text_quote(shown, sizeof shown, rd->name), strerror(errno));
            break;
        }
        while (put < got) {
            ssize_t w = write(tmp, rd->buf + put, (size_t)(got - put));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0) {
                fmt(err, errlen,
                    "%s: cannot hold the input to check its count line: %s",
                    text_quote(shown, sizeof shown, rd->name), strerror(errno));
                close(tmp);
                return -1;
            }
            put += w;
        }
    }
    if (rd->fd != STDIN_FILENO)
        close(rd->fd);
    rd->fd = tmp;
    lseek(tmp, 0, SEEK_SET);
    return 0;
}

/* Back to the first byte of a seekable input, as just opened. */
static void rewind_input(reader *rd)
{
    lseek(rd->fd, 0, SEEK_SET);
    rd->start = rd->end = rd->next_nl = 0;
    rd->eof = rd->held = 0;
    rd->first = 1;
    rd->offset = rd->lineno = 0;
}

/*
 * For a layout that does not mark its cases: count the rows after the
 * top of the file, and if they are not the count line's cases, owe one
 * invalid result per case promised instead of reading any.
 */
static void check_count(reader *rd)
{
    const char *s;
    size_t n;
    enum line_kind kind;
    enum lay_line what;
    uint64_t rows = 0;

    rd->lay_head = 1;
    if (lay_top(rd) || rd->promised == UINT64_MAX) {
        rewind_input(rd); /* a top that is wrong: the real pass says so */
        rd->lay_done = 0;
        rd->index = 0;
        rd->promised = UINT64_MAX;
        return;
    }
    while ((what = lay_next_text(rd, &kind, &s, &n)) == L_TEXT)
        rows++;
    uint64_t per = case_rows(rd), lines = rd->lineno;
    uint64_t promised = rd->promised;
    rewind_input(rd);
    rd->ioerr[0] = '\0'; /* met again, and reported, by the real pass */
    if (rows / per == promised && rows % per == 0)
        return;
    fmt(rd->owed_msg, sizeof rd->owed_msg,
        "the count line gives %llu case%s of %llu row%s, but %llu %s "
        "it",
        (unsigned long long)promised, promised == 1 ? "" : "s",
        (unsigned long long)per, per == 1 ? "" : "s", (unsigned long long)rows,
        rows == 1 ? "row follows" : "rows follow");
    rd->owed = promised > lines ? 1 : promised;
    rd->lay_eof = rd->lay_ended = 1; /* nothing else is read */
}

const record *layout_next(reader *rd)
{
    return rd->lay ? lay_next(rd) : reader_next(rd);
}

int layout_set(reader *rd, const reader_layout *l, char *err, size_t errlen)
{
    rd->comments = l->comments;
    if (!l->layout || !config_layout_on(l->layout))
        return 0;
    rd->frame = *l;
    rd->lay = l->layout;
    rd->lay_head = 1;
    rd->lay_rows = rd->rows;
    rd->lay_cols = l->cols;
    rd->promised = UINT64_MAX;
    int check = l->layout->count && !config_layout_marked(l->layout);
    if (check && seekable(rd, err, errlen) < 0)
        return -1;
    /* gridbfs's own line records are read as such, layout or not: a file
       whose first line has their marks is read free form */
    const char *s;
    size_t n;
    enum line_kind kind;
    enum lay_line what = lay_next_text(rd, &kind, &s, &n);
    if (what != L_EOF)
        lay_hold(rd, kind, s, n);
    if (kind == LINE_TEXT && rd_has_mark(s, n)) {
        rd->lay = NULL;
        return 0;
    }
    if (check)
        check_count(rd);
    rd->lay_head = 1;
    return 0;
}
