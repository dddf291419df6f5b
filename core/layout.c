/*
 * layout.c - a file in a judge's layout (README, "Judge files"): count,
 * size, name and end lines, blank lines between cases, a parameter's rows
 * after each case's boards; and the count checked against the rows before
 * any answer where the cases are not marked (layout_open()).
 */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "layout_line.h"
#include "rec_build.h"
#include "text.h"
#include "util.h"

#define NAME_SHOWN 1024 /* room for a file name in a message */

struct layout {
    reader *rd;            /* borrowed */
    const cfg_layout *lay; /* NULL: free form, reader_next()'s records */
    layout_frame frame;
    uint32_t boards; /* the reader's framing */
    size_t max_line;
    int comments; /* '#' starts a comment line */

    /* the record being assembled: its rows, name and parameter are
       copied (its index counts the cases handed out) */
    rec_build b;

    /* the file's framing, as read so far: see layout_next() */
    int lay_head;      /* the count and size lines are still to come */
    int lay_ended;     /* the end line was read (or the file failed) */
    uint32_t lay_rows; /* a board's rows and columns, by the size lines */
    uint32_t lay_cols;
    uint64_t promised; /* cases the count line gives, or UINT64_MAX */
    uint64_t count_line;
    uint64_t owed; /* invalid results still to hand out for a count */
    char owed_msg[READER_MSG_MAX]; /* what they say */
    int owed_quiet;                /* the message was shown once */
    int lay_eof;                   /* the end of the input was met */
    int lay_done;                  /* nothing more to hand out */
    uint64_t no_blank_line;        /* a case with no blank line before it (read
                                      by its size): its message is owed, or 0 */
    int no_name_line; /* the next case has rows, no name line, before it */
    int no_size_line; /* the next case has rows, no size line, before it */
};

static inline int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* ---- the record being assembled ----------------------------------------- */

/* Start assembling a new record beginning at the current line. */
static void rec_begin(layout *lo)
{
    rb_begin(&lo->b, reader_lines(lo->rd), 0);
}

/* What a line is to a layout. */
enum lay_line { L_EOF, L_BLANK, L_COMMENT, L_END, L_TEXT };

static enum lay_line lay_kind(const layout *lo, int kind, const char *s,
                              size_t n)
{
    const char *end = lo->lay->end;
    if (kind == READER_END || kind == READER_FAILED)
        return L_EOF;
    if (kind == READER_LONG)
        return L_TEXT;
    lline_trim(&s, &n);
    if (n == 0)
        return L_BLANK;
    if (end && lline_same_words(s, n, end))
        return L_END; /* even one that starts with '#' */
    if (lo->comments && s[0] == '#')
        return L_COMMENT;
    return L_TEXT;
}

/* The next line that is no blank and no comment. */
static enum lay_line lay_next_text(layout *lo, int *kind, const char **s,
                                   size_t *n)
{
    for (;;) {
        *kind = reader_line(lo->rd, s, n);
        enum lay_line what = lay_kind(lo, *kind, *s, *n);
        if (what != L_BLANK && what != L_COMMENT)
            return what;
    }
}

/* Whether s[0..n) can be a row of cols cells (blanks aside). */
static int can_be_row(const layout *lo, const char *s, size_t n, uint32_t cols)
{
    uint32_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_blank(s[i]))
            continue;
        if (!lo->frame.cells[(unsigned char)s[i]] || ++k > cols)
            return 0;
    }
    return k == cols;
}

/* Whether every non-blank byte of s[0..n) is a cell: a row, perhaps of
   the wrong length. */
static int all_cells(const layout *lo, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_blank(s[i]) && !lo->frame.cells[(unsigned char)s[i]])
            return 0;
    return 1;
}

/* Whether s[0..n) is a size line that no row can be (a byte of it is no
   cell), whether its numbers are a board's or not. */
static int surely_size(const layout *lo, const char *s, size_t n)
{
    uint64_t r, c;
    return lline_size(s, n, &r, &c) == 0 && !all_cells(lo, s, n);
}

/* Whether the layout has a line of its own at the start of each case: a
   name or a size line (not blank lines alone). */
static int starts_marked(const cfg_layout *l)
{
    return l->name || l->size == SIZE_LINE_EACH;
}

/* In a look ahead (lines read past the one in hand, then given back with
   reader_mark() and reader_back(), so that a line that can be read two
   ways is read as the lines after it agree): the next that is no comment. */
static enum lay_line ahead(layout *lo, int *kind, const char **s, size_t *n)
{
    enum lay_line what;
    do {
        *kind = reader_line(lo->rd, s, n);
        what = lay_kind(lo, *kind, *s, *n);
    } while (what == L_COMMENT);
    return what;
}

/* In a look ahead: whether the next lines are the rows k on of a case of
   rows x cols boards (a parameter's rows: any text). */
static int rest_fits(layout *lo, uint32_t k, uint32_t rows, uint32_t cols)
{
    uint32_t board = rows * lo->boards, need = board + lo->lay->param_rows;
    for (; k < need; k++) {
        const char *s;
        size_t n;
        int kind;
        if (ahead(lo, &kind, &s, &n) != L_TEXT || kind != READER_LINE)
            return 0;
        if (k < board && !can_be_row(lo, s, n, cols))
            return 0;
    }
    return 1;
}

static int case_fits(layout *lo, int kind, const char *s, size_t n, int depth);

/* In a look ahead: whether the next line can follow a case: the end of
   the input, the end line, a blank line, or (depth > 0: a case that fits)
   the start of the next case. */
static int mark_follows(layout *lo, int depth)
{
    const char *s;
    size_t n;
    int kind;
    enum lay_line what = ahead(lo, &kind, &s, &n);
    if (what != L_TEXT)
        return what != L_EOF || kind == READER_END;
    uint32_t r, c;
    const cfg_layout *l = lo->lay;
    if (!starts_marked(l)) /* blank lines alone: a case with none before */
        return depth > 0 && case_fits(lo, kind, s, n, depth - 1);
    if (!l->name && kind == READER_LINE && surely_size(lo, s, n))
        return 1; /* a case starts, whether or not its own lines fit: a
                     fault in it is its own, not this one's */
    if (!l->name && (kind != READER_LINE || lline_good_size(s, n, &r, &c)))
        return 0;
    return depth == 0 || case_fits(lo, kind, s, n, depth - 1);
}

/* In a look ahead: whether a case starting with the line s[0..n) (just
   taken) fits the lines after it, and a mark follows it. */
static int case_fits(layout *lo, int kind, const char *s, size_t n, int depth)
{
    const cfg_layout *l = lo->lay;
    uint32_t rows = lo->lay_rows, cols = lo->lay_cols, k = 0;
    if (!starts_marked(l)) { /* blank lines alone: s is the first row */
        if (kind != READER_LINE || !can_be_row(lo, s, n, cols))
            return 0;
        k = 1;
    }
    if (l->name && l->size == SIZE_LINE_EACH &&
        ahead(lo, &kind, &s, &n) != L_TEXT)
        return 0;
    if (l->size == SIZE_LINE_EACH &&
        (kind != READER_LINE || lline_good_size(s, n, &rows, &cols)))
        return 0;
    return rest_fits(lo, k, rows, cols) && mark_follows(lo, depth);
}

/* How deep a look ahead checks the cases after a line: the case it is in
   or starts, and the next one's rows. */
#define PEEK_DEPTH 1

/* Whether the rows k on of the case being read follow, then a mark. */
static int rest_of_case_fits(layout *lo, uint32_t k)
{
    reader_mark(lo->rd);
    int fits = rest_fits(lo, k, lo->lay_rows, lo->lay_cols) &&
               mark_follows(lo, PEEK_DEPTH);
    reader_back(lo->rd);
    return fits;
}

/* Whether the held line starts a case that fits the lines after it. */
static int held_case_fits(layout *lo)
{
    const char *s;
    size_t n;
    reader_mark(lo->rd);
    int kind = reader_line(lo->rd, &s, &n);
    int fits = case_fits(lo, kind, s, n, PEEK_DEPTH);
    reader_back(lo->rd);
    return fits;
}

/* Whether the held line is row k of the case being read, perhaps a
   damaged one: the case's rows after it follow, then a mark. */
static int held_is_row(layout *lo, uint32_t k)
{
    const char *s;
    size_t n;
    reader_mark(lo->rd);
    reader_line(lo->rd, &s, &n);
    int fits = rest_fits(lo, k + 1, lo->lay_rows, lo->lay_cols) &&
               mark_follows(lo, PEEK_DEPTH);
    reader_back(lo->rd);
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
static int ends_case(layout *lo, const char *s, size_t n, uint32_t k,
                     uint32_t need)
{
    const cfg_layout *l = lo->lay;
    uint32_t r, c;
    if (k >= need - l->param_rows && k < need)
        return 0;          /* a parameter's rows are of another alphabet */
    if (!starts_marked(l)) /* blank lines alone: a case with no blank */
        return k >= need && held_case_fits(lo);
    uint64_t r64, c64;
    int sized = l->size == SIZE_LINE_EACH;
    if (sized && !l->name && lline_size(s, n, &r64, &c64) < 0)
        return 0;      /* a row, or a damaged one (a name may be any text) */
    if (!lo->lay_rows) /* a size refused: its rows are all extra, and one
                          of digit cells may read as a size line */
        return !all_cells(lo, s, n) || held_case_fits(lo);
    /* s is read before any look ahead, which may move it */
    int sizable = sized && lline_good_size(s, n, &r, &c) == 0;
    int row = can_be_row(lo, s, n, lo->lay_cols), cells = all_cells(lo, s, n);
    if (k < need) {
        if (row && !sizable)
            return 0;
        if (held_is_row(lo, k))
            return 0;
        if (sized && !cells)
            return 1; /* a size line, no row: the case is short */
        return held_case_fits(lo);
    }
    if (l->name && !sized) { /* a name may look like a row: the next
                                case fits it, or rows no name is before */
        if (!row || held_case_fits(lo))
            return 1;
        if (k == need && held_is_row(lo, 0)) { /* a whole case, a mark */
            lo->no_name_line = 1;
            return 1;
        }
        return 0;
    }
    if (!cells || ((l->name || sizable) && held_case_fits(lo)))
        return 1;
    if (sized && !l->name && !row) { /* rows of another width: the next
                                        case's, its size line lost */
        lo->no_size_line = 1;
        return 1;
    }
    return 0;
}

/* Whether the held line s[0..n), before any row of the case being read,
   is its name or size line again: the same text or size, no row of it,
   and a case that fits follows from it (README, "Faults in a judge's
   file").  Where blank lines end cases, any size line right after the
   case's own is so taken (a blank line turned into `1 1`): the case's
   rows run to the blank line whatever their size.  Its message, or
   NULL. */
static const char *mark_again(layout *lo, const char *s, size_t n, uint32_t k)
{
    const cfg_layout *l = lo->lay;
    uint32_t r, c;
    if (k || (l->name && l->size == SIZE_LINE_EACH))
        return NULL;
    if (l->name) {
        lline_trim(&s, &n);
        const char *id =
            lo->b.id_off == RB_NONE ? NULL : lo->b.text + lo->b.id_off;
        if (!id || strlen(id) != n || memcmp(id, s, n))
            return NULL;
    } else if (l->size != SIZE_LINE_EACH || !lo->lay_rows ||
               lline_good_size(s, n, &r, &c) < 0 ||
               (!l->blank && (r != lo->lay_rows || c != lo->lay_cols)))
        return NULL;
    if (held_is_row(lo, 0) || !held_case_fits(lo))
        return NULL;
    if (l->name)
        return "the name line again";
    return r == lo->lay_rows && c == lo->lay_cols
               ? "the size line again"
               : "a second size line, no row of the first between";
}

/* After a blank line among the rows of a case (row k next), whether the
   case goes on: its rows follow, then a mark.  Where a layout has a line
   of its own to start a case, a row after the blank is enough (a
   damaged case, read on). */
static int case_goes_on(layout *lo, uint32_t k)
{
    if (rest_of_case_fits(lo, k))
        return 1;
    if (!starts_marked(lo->lay))
        return 0; /* the blank line ends a short case */
    const char *s;
    size_t n;
    int kind;
    enum lay_line what = lay_next_text(lo, &kind, &s, &n);
    reader_unread(lo->rd);
    return what == L_TEXT && kind == READER_LINE &&
           can_be_row(lo, s, n, lo->lay_cols);
}

/* Take "R C" or "n" from s[0..n) as the size of the cases to come; 0, or
   -1 with the record's error set. */
static int lay_size(layout *lo, int kind, const char *s, size_t n)
{
    uint64_t r, c;
    char shown[TEXT_QUOTE_BUF];
    if (kind != READER_LINE || lline_size(s, n, &r, &c) < 0) {
        rb_error(&lo->b, reader_lines(lo->rd),
                 "expected a size line 'R C' or 'n', got '%s'",
                 kind == READER_LINE ? lline_shown(s, n, shown)
                                     : "a long line");
        return -1;
    }
    if (r < 1 || r > GRIDBFS2_MAX_SIDE || c < 1 || c > GRIDBFS2_MAX_SIDE) {
        lline_trim(&s, &n); /* the numbers as written: lline_size() caps them */
        rb_error(&lo->b, reader_lines(lo->rd),
                 "size '%s' out of range (1 to %d)", lline_shown(s, n, shown),
                 GRIDBFS2_MAX_SIDE);
        return -1;
    }
    lo->lay_rows = (uint32_t)r;
    lo->lay_cols = (uint32_t)c;
    return 0;
}

/* The rows of one case: its boards', then its parameter's. */
static uint32_t case_rows(const layout *lo)
{
    return lo->lay_rows * lo->boards + lo->lay->param_rows;
}

/* Row k (of case_rows()) of the case being read. */
static void lay_row(layout *lo, int kind, const char *s, size_t n, uint32_t k)
{
    uint32_t board_rows = lo->lay_rows * lo->boards;
    if (kind == READER_LONG)
        rb_error(&lo->b, reader_lines(lo->rd), "line longer than %zu bytes",
                 lo->max_line);
    if (kind == READER_LONG) /* no cells of it, wherever it was read */
        n = 0;
    if (k < board_rows) {
        rb_row(&lo->b, s, n, 1, reader_lines(lo->rd));
        if ((k + 1) % lo->lay_rows == 0)
            rb_end_board(&lo->b);
        return;
    }
    if (memchr(s, '\0', n))
        rb_error(&lo->b, reader_lines(lo->rd),
                 "a parameter row contains a NUL byte");
    if (k == board_rows) {
        lo->b.param_off = (uint32_t)lo->b.tlen;
        lo->b.rec.param_line = reader_lines(lo->rd);
    } else
        rb_add(&lo->b, "/", 1, 0);
    for (size_t i = 0; i < n; i++)
        if (!is_blank(s[i]))
            rb_add(&lo->b, s + i, 1, 0);
}

/* A record of its own for a fault of the file, at line: an invalid case,
   or with notice only a message. */
__attribute__((format(printf, 4, 5))) static const record *
lay_fault(layout *lo, uint64_t line, int notice, const char *format, ...)
{
    va_list ap;
    rec_begin(lo);
    lo->b.rec.line = line;
    va_start(ap, format);
    vsnprintf(lo->b.msg, sizeof lo->b.msg, format, ap);
    va_end(ap);
    lo->b.rec.error_line = line;
    const record *r = rb_finish(&lo->b);
    if (notice) {
        lo->b.index--;
        lo->b.rec.index = 0;
        lo->b.rec.notice = 1;
    }
    return r;
}

/* Where a fault found at the end of the input is said: the last line, or
   line 1 of an empty file. */
static uint64_t last_line(const layout *lo)
{
    return reader_lines(lo->rd) ? reader_lines(lo->rd) : 1;
}

/* One of the invalid results a count line is owed: the first with the
   message, the rest quiet. */
static const record *owed_case(layout *lo)
{
    const record *r = lay_fault(lo, lo->count_line, 0, "%s", lo->owed_msg);
    lo->b.rec.quiet = lo->owed_quiet;
    lo->owed_quiet = 1;
    lo->owed--;
    return r;
}

/* The count and size lines at the top of the file; NULL, or the one
   invalid record that stands for a file whose top is wrong. */
static const record *lay_top(layout *lo)
{
    const char *s;
    size_t n;
    int kind;
    char shown[TEXT_QUOTE_BUF];
    if (lo->lay->count) {
        enum lay_line what = lay_next_text(lo, &kind, &s, &n);
        const char *t = s;
        size_t len = n;
        lline_trim(&t, &len);
        lo->count_line = reader_lines(lo->rd);
        if (what == L_EOF) {
            lo->lay_done = 1;
            return lay_fault(lo, last_line(lo), 1, "missing the count line");
        }
        if (kind != READER_LINE || /* an end line "0" is a count too */
            text_u64(t, len, 0, UINT64_MAX - 1, &lo->promised)) {
            lo->lay_done = 1;
            return lay_fault(lo, reader_lines(lo->rd), 0,
                             "expected the number of cases, got '%s'",
                             kind == READER_LINE ? lline_shown(s, n, shown)
                                                 : "a long line");
        }
    }
    if (lo->lay->size == SIZE_LINE_FIRST) {
        enum lay_line what = lay_next_text(lo, &kind, &s, &n);
        if (what == L_EOF) {
            lo->lay_done = 1;
            return lay_fault(lo, last_line(lo), 1, "missing the size line");
        }
        rec_begin(lo);
        if (lay_size(lo, kind, s, n) < 0) {
            lo->lay_done = 1;
            return rb_finish(&lo->b);
        }
    }
    return NULL;
}

/* At the end of the input: the cases the count line promised that the
   file did not hold, and the end line it lacked. */
static const record *lay_eof(layout *lo)
{
    if (!lo->lay_eof) {
        lo->lay_eof = 1;
        if (lo->promised != UINT64_MAX && lo->b.index < lo->promised) {
            fmt(lo->owed_msg, sizeof lo->owed_msg,
                "the count line gives %llu cases, the file holds %llu",
                (unsigned long long)lo->promised,
                (unsigned long long)lo->b.index);
            /* never more results than the file has lines: one stands for
               a count past them */
            lo->owed = lo->promised > reader_lines(lo->rd)
                           ? 1
                           : lo->promised - lo->b.index;
            return owed_case(lo);
        }
        /* a size line at the top promises a case, as a count line would */
        if (lo->lay->size == SIZE_LINE_FIRST && !lo->lay->count &&
            lo->b.index == 0)
            return lay_fault(lo, last_line(lo), 1,
                             "no case after the size line");
    }
    if (lo->owed)
        return owed_case(lo);
    if (lo->owed_msg[0] && !lo->owed_quiet) { /* a count of 0: no result */
        lo->owed_quiet = 1;
        return lay_fault(lo, lo->count_line, 1, "%s", lo->owed_msg);
    }
    lo->lay_done = 1;
    if (lo->lay->end && !lo->lay_ended)
        return lay_fault(lo, last_line(lo), 1, "missing the end line '%s'",
                         lo->lay->end);
    return NULL;
}

/* What comes before the next case: the faults owed, the end line.  1
   with what to hand out instead of a case in *r (NULL: nothing more), or
   0 with the case's first line taken. */
static int before_case(layout *lo, const record **r, int *kind, const char **s,
                       size_t *n)
{
    *r = NULL;
    if (lo->no_blank_line) {
        uint64_t at = lo->no_blank_line;
        lo->no_blank_line = 0;
        *r = lay_fault(lo, at, 1, "no blank line before this case");
        return 1;
    }
    for (;;) {
        enum lay_line what = lay_next_text(lo, kind, s, n);
        if (what == L_EOF) {
            *r = lay_eof(lo);
            return 1;
        }
        if (lo->lay_ended) {
            lo->lay_done = 1;
            *r = lay_fault(lo, reader_lines(lo->rd), 1,
                           "text after the end line '%s'", lo->lay->end);
            return 1;
        }
        if (what != L_END)
            break;
        lo->lay_ended = 1;
    }
    if (lo->promised != UINT64_MAX && lo->b.index >= lo->promised) {
        /* never more results than the count line gives: the judge reads
           no further */
        lo->lay_done = 1;
        *r = lay_fault(lo, reader_lines(lo->rd), 1,
                       "a case past the %llu the count line gives",
                       (unsigned long long)lo->promised);
        return 1;
    }
    return 0;
}

/* The case's name line s[0..n) (taken), as its id. */
static void case_name(layout *lo, int kind, const char *s, size_t n)
{
    lline_trim(&s, &n);
    if (kind == READER_LONG)
        rb_error(&lo->b, reader_lines(lo->rd), "line longer than %zu bytes",
                 lo->max_line);
    else if (memchr(s, '\0', n))
        rb_error(&lo->b, reader_lines(lo->rd), "the name contains a NUL byte");
    else
        lo->b.id_off = rb_add(&lo->b, s, n, 1);
}

/* The case's size line: s[0..n) (taken), or with a name the line after
   it.  A line that is no size line leaves the rows unknown (0). */
static void case_size(layout *lo, int kind, const char *s, size_t n)
{
    enum lay_line what = L_TEXT;
    if (lo->lay->name) {
        do {
            kind = reader_line(lo->rd, &s, &n);
            what = lay_kind(lo, kind, s, n);
        } while (what == L_COMMENT);
    }
    if (what != L_TEXT) { /* the line is the next case's */
        rb_error(&lo->b, reader_lines(lo->rd),
                 "expected a size line 'R C' or 'n'");
        reader_unread(lo->rd);
        lo->lay_rows = 0;
    } else if (lay_size(lo, kind, s, n) < 0) {
        lo->lay_rows = 0; /* rows unknown: all taken as extra */
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
static case_read case_lines(layout *lo, uint32_t need)
{
    const cfg_layout *l = lo->lay;
    int marked = config_layout_marked(l);
    case_read c = {0, 0, 0};
    for (;;) {
        const char *s;
        size_t n;
        int kind = reader_line(lo->rd, &s, &n);
        enum lay_line what = lay_kind(lo, kind, s, n);
        if (what == L_COMMENT || (what == L_BLANK && !marked))
            continue;
        /* a blank line among a case's board rows, rows after it: read on
           (README, "Faults in a judge's file"); blank lines in a row are
           one, as a judge's scanf skips them all (not read past after a
           whole case: its answer is not to wait for the next line) */
        if (what == L_BLANK && !c.blank_at && c.k < need - l->param_rows) {
            uint64_t at = reader_lines(lo->rd);
            if (lay_next_text(lo, &kind, &s, &n) != L_EOF)
                reader_unread(lo->rd);
            if (case_goes_on(lo, c.k)) {
                c.blank_at = at;
                continue;
            }
        }
        if (what == L_EOF || what == L_BLANK)
            break;
        if (what == L_END) {
            reader_unread(lo->rd);
            break;
        }
        if (kind == READER_LONG && c.k >= need && starts_marked(l) &&
            !l->blank) {
            reader_unread(lo->rd); /* the next case's name or size line,
                                      too long: its fault, not this one's */
            break;
        }
        if (marked && kind == READER_LINE) {
            reader_unread(lo->rd);
            const char *again = mark_again(lo, s, n, c.k);
            if (again) {
                reader_line(lo->rd, &s, &n);
                rb_error(&lo->b, reader_lines(lo->rd), "%s", again);
                continue;
            }
            if (ends_case(lo, s, n, c.k, need)) {
                if (!starts_marked(l)) /* read by its size: no blank */
                    lo->no_blank_line = reader_lines(lo->rd);
                break;
            }
            kind = reader_line(lo->rd, &s, &n);
        }
        if (c.k < need)
            lay_row(lo, kind, s, n, c.k);
        else if (!c.extra_at)
            c.extra_at = reader_lines(lo->rd);
        c.k++;
        if (!marked && c.k == need)
            break;
    }
    return c;
}

/* The case's fault, if its rows were not need (the first fault wins). */
static void case_faults(layout *lo, const case_read *c, uint32_t need)
{
    if (c->k < need)
        rb_error(&lo->b, lo->b.rec.line, "missing rows: the case has %u of %u",
                 c->k, need);
    else if (c->k > need)
        rb_error(&lo->b, c->extra_at,
                 "extra rows: the case has %u, expected %u", c->k, need);
    else if (c->blank_at)
        rb_error(&lo->b, c->blank_at, "a blank line inside the case");
}

/* With an end line: the line *s[0..*n) (taken, and taken again: the look
   ahead may move it), at the start of a case but the last of the input,
   is a damaged end line, no case: the notice that says so (the cases
   before it are answered), or NULL. */
static const record *damaged_end(layout *lo, int kind, const char **s,
                                 size_t *n)
{
    char shown[TEXT_QUOTE_BUF];
    if (!lo->lay->end)
        return NULL;
    lline_shown(*s, *n, shown);
    uint64_t at = reader_lines(lo->rd);
    int k;
    reader_unread(lo->rd); /* the look ahead may move *s: taken again */
    reader_mark(lo->rd);
    reader_line(lo->rd, s, n);
    int last = lay_next_text(lo, &k, s, n) == L_EOF;
    reader_back(lo->rd);
    reader_line(lo->rd, s, n);
    if (!last)
        return NULL;
    lo->lay_ended = 1; /* said here, not as missing */
    return lay_fault(lo, at, 1, "expected the end line '%s', got '%s'",
                     lo->lay->end, kind == READER_LINE ? shown : "a long line");
}

/*
 * The next case of a file in a judge's layout.  A layout that marks its
 * cases (blank lines between them, a name or a size line at the start of
 * each) reads a case as the lines up to the next mark, so a case with a
 * row too many or too few is invalid alone and the next one is read as it
 * should be.  One that does not is read row by row, its count checked
 * before (layout_open()).
 */
static const record *lay_next(layout *lo)
{
    const cfg_layout *l = lo->lay;
    const char *s = "";
    size_t n = 0;
    int kind = READER_END;

    if (lo->owed || lo->lay_eof)
        return lo->lay_done ? NULL : lay_eof(lo);
    if (lo->lay_done)
        return NULL;
    const record *r = NULL;
    if (lo->lay_head) {
        lo->lay_head = 0;
        if ((r = lay_top(lo)))
            return r;
    }
    if (before_case(lo, &r, &kind, &s, &n))
        return r;
    if ((r = damaged_end(lo, kind, &s, &n)))
        return r;
    rec_begin(lo);
    int unnamed = lo->no_name_line, unsized = lo->no_size_line;
    lo->no_name_line = lo->no_size_line = 0;
    if (unnamed) /* read by its size: invalid, as its answer needs a name */
        rb_error(&lo->b, lo->b.rec.line, "no name line before this case");
    else if (l->name)
        case_name(lo, kind, s, n);
    if (unsized) { /* rows unknown (0): all taken as extra */
        rb_error(&lo->b, lo->b.rec.line, "no size line before this case");
        lo->lay_rows = 0;
        reader_unread(lo->rd);
    } else if (l->size == SIZE_LINE_EACH)
        case_size(lo, kind, s, n);
    else if (!l->name || unnamed)
        reader_unread(lo->rd); /* the first row */
    uint32_t need = case_rows(lo);
    case_read c = case_lines(lo, need);
    if (lo->b.param_off != RB_NONE)
        rb_add(&lo->b, "", 0, 1);
    case_faults(lo, &c, need);
    if (l->size != SIZE_LINE_NONE && lo->lay_rows) { /* 0: refused */
        lo->b.rec.rows = lo->lay_rows;
        lo->b.rec.cols = lo->lay_cols;
    }
    return rb_finish(&lo->b);
}

/*
 * With no count line: owe, for rows after the top that are more than one
 * case of per rows but no whole number of them, one invalid result per
 * case they come nearest to (half a case is none), the first saying so
 * at the line of the first row.
 */
static void owe_uncounted(layout *lo, uint64_t rows, uint64_t per,
                          uint64_t first)
{
    fmt(lo->owed_msg, sizeof lo->owed_msg,
        "the file's %llu rows are not a whole number of cases of %llu row%s",
        (unsigned long long)rows, (unsigned long long)per, per == 1 ? "" : "s");
    lo->owed = (rows + (per - 1) / 2) / per; /* rows > per: 1 at least */
    lo->count_line = first;
}

/*
 * For a layout that does not mark its cases: count the rows after the
 * top of the file, and if they are not the count line's cases (with no
 * count line, not a whole number of cases), owe one invalid result per
 * case promised instead of reading any.
 */
static void check_count(layout *lo)
{
    const char *s;
    size_t n;
    int kind;
    enum lay_line what;
    uint64_t rows = 0, first = 0;

    lo->lay_head = 1;
    if (lay_top(lo)) {
        reader_rewind(lo->rd); /* a top that is wrong: the real pass says so */
        lo->lay_done = 0;
        lo->b.index = 0;
        lo->promised = UINT64_MAX;
        return;
    }
    while ((what = lay_next_text(lo, &kind, &s, &n)) == L_TEXT)
        if (rows++ == 0)
            first = reader_lines(lo->rd);
    uint64_t per = case_rows(lo), lines = reader_lines(lo->rd);
    uint64_t promised = lo->promised;
    reader_rewind(lo->rd); /* a read error is met again by the real pass */
    if (promised == UINT64_MAX) {          /* no count line */
        if (rows % per == 0 || rows < per) /* a short case is its own */
            return;
        owe_uncounted(lo, rows, per, first);
        lo->lay_eof = lo->lay_ended = 1; /* nothing else is read */
        return;
    }
    if (rows / per == promised && rows % per == 0)
        return;
    fmt(lo->owed_msg, sizeof lo->owed_msg,
        "the count line gives %llu case%s of %llu row%s, but %llu %s "
        "it",
        (unsigned long long)promised, promised == 1 ? "" : "s",
        (unsigned long long)per, per == 1 ? "" : "s", (unsigned long long)rows,
        rows == 1 ? "row follows" : "rows follow");
    lo->owed = promised > lines ? 1 : promised;
    lo->lay_eof = lo->lay_ended = 1; /* nothing else is read */
}

const record *layout_next(layout *lo)
{
    return lo->lay ? lay_next(lo) : reader_next(lo->rd);
}

int layout_judged(const layout *lo)
{
    return lo->lay != NULL;
}

/* Make lo's input one that can be read twice, to check its count line
   (or its rows) first: 0, or -1 with why in err. */
static int hold_input(layout *lo, char *err, size_t errlen)
{
    if (reader_hold(lo->rd) == 0)
        return 0;
    char shown[NAME_SHOWN];
    fmt(err, errlen, "%s: cannot hold the input to check its %s: %s",
        text_quote(shown, sizeof shown, reader_name(lo->rd)),
        lo->lay->count ? "count line" : "rows", strerror(errno));
    return -1;
}

layout *layout_open(reader *rd, const layout_frame *f, char *err, size_t errlen)
{
    layout *lo = xcalloc(1, sizeof *lo);
    uint32_t rows;
    lo->rd = rd;
    reader_shape(rd, &rows, &lo->boards, &lo->max_line);
    lo->comments = f->comments;
    reader_comments(rd, f->comments);
    if (!f->layout || !config_layout_on(f->layout))
        return lo;
    lo->frame = *f;
    lo->lay = f->layout;
    lo->lay_head = 1;
    lo->lay_rows = rows;
    lo->lay_cols = f->cols;
    lo->promised = UINT64_MAX;
    int check = !config_layout_marked(f->layout);
    if (check && hold_input(lo, err, errlen) < 0) {
        layout_close(lo);
        return NULL;
    }
    /* gridbfs's own line records are read as such, layout or not: a file
       whose first line has their marks is read free form */
    const char *s;
    size_t n;
    int kind;
    enum lay_line what = lay_next_text(lo, &kind, &s, &n);
    if (what != L_EOF)
        reader_unread(rd);
    if (kind == READER_LINE && reader_is_line_record(s, n)) {
        lo->lay = NULL;
        return lo;
    }
    if (check)
        check_count(lo);
    lo->lay_head = 1;
    return lo;
}

void layout_close(layout *lo)
{
    if (!lo)
        return;
    rb_free(&lo->b);
    free(lo);
}
