/*
 * reader.c - lines out of a file descriptor, records out of lines.
 *
 * Lines are found with memchr in one buffer refilled by read(2), so a
 * pipeline gets answers as soon as its lines arrive.  A line longer than
 * max_line is never held whole: the buffer stops growing and the rest of the
 * line is discarded.  Records are assembled in a text buffer the reader
 * reuses, by offset, and turned into pointers when handed out.
 */
#define _POSIX_C_SOURCE 200809L
#include "reader.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"
#include "util.h"

#define READ_CHUNK (1u << 16)
#define NO_OFFSET UINT32_MAX
#define NAME_SHOWN 1024 /* room for a file name in a message */
#define LINE_SLACK 4    /* a BOM or a CR may come on top of max_line */

enum line_kind { LINE_EOF, LINE_TEXT, LINE_LONG, LINE_ERROR };

struct reader {
    int fd;
    char *name;
    uint32_t rows, boards; /* grid framing */
    size_t max_line;

    char *buf; /* input bytes buf[start..end) */
    size_t cap, start, end;
    size_t next_nl; /* where reader_buffered() saw the next '\n', or 0 */
    int eof, first;
    int long_record; /* the last LINE_LONG looked like a line record */
    uint64_t offset; /* bytes read so far */
    uint64_t lineno; /* number of the line last taken */
    char ioerr[READER_MSG_MAX];

    /* the record being assembled */
    record rec;
    char *text; /* rows and strings, by offset */
    size_t tlen, tcap;
    uint32_t off[RECORD_MAX_ROWS];
    uint32_t id_off, rule_off, param_off;
    char msg[READER_MSG_MAX];
    uint32_t cur_rows; /* grid rows of the board being filled */
    uint32_t nrows;    /* rows in the record so far */
    int pending;       /* a grid record has begun */
    int held;          /* the line last read is still to be handled: */
    enum line_kind held_kind;
    const char *held_s; /* it is still in buf, untouched until next_line() */
    size_t held_n;
    uint64_t index;
    int comments; /* '#' starts a comment line */

    /* a layout's: see layout_next() */
    const cfg_layout *lay;
    reader_layout frame;
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
};

reader *reader_open(const char *path, uint32_t rows, uint32_t boards,
                    size_t max_line, char *err, size_t errlen)
{
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;

    char shown[NAME_SHOWN];
    if (fd < 0) {
        fmt(err, errlen, "%s: %s", text_quote(shown, sizeof shown, name),
            strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        fmt(err, errlen, "%s: is a directory",
            text_quote(shown, sizeof shown, name));
        if (!is_stdin)
            close(fd);
        return NULL;
    }
    reader *rd = xcalloc(1, sizeof *rd);
    rd->fd = fd;
    rd->name = xstrdup(name);
    rd->rows = rows;
    rd->boards = boards;
    rd->max_line = max_line;
    rd->cap = READ_CHUNK;
    rd->buf = xmalloc(rd->cap);
    rd->first = 1;
    rd->comments = 1;
    return rd;
}

void reader_close(reader *rd)
{
    if (!rd)
        return;
    if (rd->fd != STDIN_FILENO)
        close(rd->fd);
    free(rd->name);
    free(rd->buf);
    free(rd->text);
    free(rd);
}

const char *reader_name(const reader *rd)
{
    return rd->name;
}

int reader_buffered(reader *rd)
{
    if (rd->held || rd->eof)
        return 1;
    char *nl = memchr(rd->buf + rd->start, '\n', rd->end - rd->start);
    if (nl) /* next_line() will not need to look again */
        rd->next_nl = (size_t)(nl - rd->buf);
    return nl != NULL;
}

uint64_t reader_offset(const reader *rd)
{
    return rd->offset;
}

uint64_t reader_consumed(const reader *rd)
{
    return rd->offset - (rd->end - rd->start);
}

const char *reader_error(const reader *rd)
{
    return rd->ioerr[0] ? rd->ioerr : NULL;
}

/* Read more input after buf[end]; sets eof, or ioerr and eof. */
static void refill(reader *rd)
{
    if (rd->start > 0) {
        memmove(rd->buf, rd->buf + rd->start, rd->end - rd->start);
        rd->end -= rd->start;
        rd->start = 0;
    }
    if (rd->end == rd->cap) {
        rd->cap *= 2;
        rd->buf = xrealloc(rd->buf, rd->cap);
    }
    for (;;) {
        ssize_t n = read(rd->fd, rd->buf + rd->end, rd->cap - rd->end);
        if (n > 0) {
            rd->end += (size_t)n;
            rd->offset += (uint64_t)n;
            return;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            char shown[NAME_SHOWN];
            fmt(rd->ioerr, sizeof rd->ioerr, "%s: %s",
                text_quote(shown, sizeof shown, rd->name), strerror(errno));
        }
        rd->eof = 1;
        return;
    }
}

/* Whether p[0..n) holds '/' or '=', the marks of a line record. */
static int has_record_mark(const char *p, size_t n)
{
    return memchr(p, '/', n) || memchr(p, '=', n);
}

/*
 * Discard the rest of a line whose start was dropped from the buffer, up to
 * and including the next newline; returns whether the part discarded had
 * the marks of a line record.
 */
static int skip_line(reader *rd)
{
    int mark = 0;
    rd->start = rd->end = 0;
    while (!rd->eof) {
        refill(rd);
        char *nl = memchr(rd->buf, '\n', rd->end);
        mark |= has_record_mark(rd->buf, nl ? (size_t)(nl - rd->buf) : rd->end);
        if (nl) {
            rd->start = (size_t)(nl - rd->buf) + 1;
            return mark;
        }
        rd->end = 0;
    }
    return mark;
}

/*
 * The next line without its newline (or CR LF, or a first line's BOM) in
 * *line and *len, valid until the next call.  LINE_LONG: a line over
 * max_line, already skipped; rd->long_record says whether it looked like a
 * line record.  A line is never held whole past max_line + LINE_SLACK.
 */
static enum line_kind next_line(reader *rd, const char **line, size_t *len)
{
    size_t scan = 0;
    *line = "";
    *len = 0;
    for (;;) {
        char *p = rd->buf + rd->start;
        size_t avail = rd->end - rd->start;
        char *nl = rd->next_nl > rd->start
                       ? rd->buf + rd->next_nl /* found already */
                       : memchr(p + scan, '\n', avail - scan);
        rd->next_nl = 0;
        size_t n = nl ? (size_t)(nl - p) : avail;

        if (n > rd->max_line + LINE_SLACK) {
            rd->lineno++;
            rd->first = 0;
            rd->long_record = has_record_mark(p, n);
            if (nl)
                rd->start += n + 1;
            else
                rd->long_record |= skip_line(rd);
            return LINE_LONG;
        }
        if (nl || (rd->eof && avail > 0)) {
            rd->start += nl ? n + 1 : n;
            rd->lineno++;
            if (rd->first && n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
                p += 3;
                n -= 3;
            }
            rd->first = 0;
            if (n > 0 && p[n - 1] == '\r')
                n--;
            if (n > rd->max_line) {
                rd->long_record = has_record_mark(p, n);
                return LINE_LONG;
            }
            *line = p;
            *len = n;
            return LINE_TEXT;
        }
        if (rd->eof)
            return rd->ioerr[0] ? LINE_ERROR : LINE_EOF;
        scan = avail;
        refill(rd);
    }
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* What a byte is to a line: one table lookup a byte in the hot loop. */
enum { C_BLANK = 1, C_TAB = 2, C_MARK = 4 }; /* C_MARK: '/' or '=' */
static const unsigned char byte_class[256] = {
    ['\t'] = C_BLANK | C_TAB, [' '] = C_BLANK, ['/'] = C_MARK, ['='] = C_MARK};

/* Append bytes to the record text; returns their offset. */
static uint32_t text_add(reader *rd, const char *s, size_t n, int nul)
{
    size_t need = rd->tlen + n + 1;
    if (need > rd->tcap) {
        rd->tcap = need * 2;
        rd->text = xrealloc(rd->text, rd->tcap);
    }
    uint32_t at = (uint32_t)rd->tlen;
    memcpy(rd->text + rd->tlen, s, n);
    rd->tlen += n;
    if (nul)
        rd->text[rd->tlen++] = '\0';
    return at;
}

/* Start assembling a new record beginning at the current line. */
static void rec_begin(reader *rd, int line_syntax)
{
    record *r = &rd->rec; /* not memset: the row array is large */
    r->index = 0;
    r->line = rd->lineno;
    r->line_syntax = line_syntax;
    r->id = r->rule = r->error = r->param = NULL;
    r->rows = r->cols = r->nboards = 0;
    r->quiet = r->notice = 0;
    memset(r->board_rows, 0, sizeof r->board_rows);
    r->error_line = 0;
    rd->nrows = 0;
    rd->tlen = 0;
    rd->id_off = rd->rule_off = rd->param_off = NO_OFFSET;
    rd->msg[0] = '\0';
}

/* Mark the record malformed (the first reason wins). */
static void rec_error(reader *rd, uint64_t line, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void rec_error(reader *rd, uint64_t line, const char *format, ...)
{
    if (rd->msg[0])
        return;
    va_list ap;
    va_start(ap, format);
    vsnprintf(rd->msg, sizeof rd->msg, format, ap);
    va_end(ap);
    rd->rec.error_line = line;
}

/* Append one row of cells (blanks dropped, if any) to the record. */
static void rec_row(reader *rd, const char *s, size_t n, int blanks,
                    uint64_t line)
{
    record *r = &rd->rec;
    uint32_t k = rd->nrows;
    if (k >= RECORD_MAX_ROWS) {
        rec_error(rd, line, "too many rows (at most %d)", RECORD_MAX_ROWS);
        return;
    }
    rd->off[k] = (uint32_t)rd->tlen;
    if (rd->tlen + n + 1 > rd->tcap) {
        rd->tcap = (rd->tlen + n + 1) * 2;
        rd->text = xrealloc(rd->text, rd->tcap);
    }
    char *out = rd->text + rd->tlen;
    size_t len = n;
    if (blanks) {
        len = 0;
        for (size_t i = 0; i < n; i++)
            if (!is_blank(s[i]))
                out[len++] = s[i];
    } else {
        memcpy(out, s, n);
    }
    rd->tlen += len;
    r->row[k].len = (uint32_t)len;
    r->row[k].line = line;
    rd->nrows++;
    r->board_rows[r->nboards]++;
}

/* Close the board being filled. */
static void rec_end_board(reader *rd)
{
    assert(rd->rec.nboards < RECORD_MAX_BOARDS);
    rd->rec.nboards++;
}

/* Finish the record: offsets become pointers. */
static const record *rec_finish(reader *rd)
{
    record *r = &rd->rec;
    for (uint32_t k = 0; k < rd->nrows; k++)
        r->row[k].text = rd->text + rd->off[k];
    r->id = rd->id_off == NO_OFFSET ? NULL : rd->text + rd->id_off;
    r->rule = rd->rule_off == NO_OFFSET ? NULL : rd->text + rd->rule_off;
    r->param = rd->param_off == NO_OFFSET ? NULL : rd->text + rd->param_off;
    r->error = rd->msg[0] ? rd->msg : NULL;
    r->index = ++rd->index;
    rd->pending = 0;
    rd->cur_rows = 0;
    return r;
}

/* A grid record cut short by a block end, a line record or end of input. */
static void grid_cut(reader *rd)
{
    if (rd->cur_rows > 0) {
        rec_error(rd, rd->rec.row[0].line, "board %u has %u rows, expected %u",
                  rd->rec.nboards + 1, rd->cur_rows, rd->rows);
        rd->cur_rows = 0;
        rec_end_board(rd);
    }
}

/*
 * A grid row (or, when too_long, a row too long to keep, which still takes
 * its place): returns the finished record, if this row completed one.
 */
static const record *grid_row(reader *rd, const char *s, size_t n, int blanks,
                              int too_long)
{
    if (!rd->pending) {
        rec_begin(rd, 0);
        rd->pending = 1;
    }
    if (too_long)
        rec_error(rd, rd->lineno, "line longer than %zu bytes", rd->max_line);
    rec_row(rd, s, n, blanks, rd->lineno);
    if (++rd->cur_rows == rd->rows) {
        rd->cur_rows = 0;
        rec_end_board(rd);
    }
    return rd->rec.nboards == rd->boards ? rec_finish(rd) : NULL;
}

/* One key=value token of a line record. */
static void line_meta(reader *rd, const char *t, size_t n)
{
    const char *eq = memchr(t, '=', n);
    size_t klen = (size_t)(eq - t), vlen = n - klen - 1;
    const char *v = eq + 1;
    uint32_t *slot = NULL;

    if (klen == 2 && memcmp(t, "id", 2) == 0)
        slot = &rd->id_off;
    else if (klen == 4 && memcmp(t, "rule", 4) == 0)
        slot = &rd->rule_off;
    else if (klen == 4 && memcmp(t, "size", 4) == 0) {
        if (rd->rec.rows)
            rec_error(rd, rd->lineno, "duplicate size=");
        else if (text_size(v, vlen, &rd->rec.rows, &rd->rec.cols))
            rec_error(rd, rd->lineno, "size= expects " TEXT_SIZE_EXPECTED);
        return;
    } else {
        char key[TEXT_QUOTE_BUF + 1], shown[TEXT_QUOTE_BUF];
        size_t len = klen < TEXT_QUOTE_BUF ? klen : TEXT_QUOTE_BUF;
        memcpy(key, t, len); /* more than fits: text_quote() cuts it */
        key[len] = '\0';
        rec_error(rd, rd->lineno,
                  "unknown key '%s=' (expected id=, rule= or size=)",
                  text_quote(shown, sizeof shown, key));
        return;
    }
    if (*slot != NO_OFFSET)
        rec_error(rd, rd->lineno, "duplicate %.*s=", (int)klen, t);
    else if (vlen == 0)
        rec_error(rd, rd->lineno, "empty %.*s=", (int)klen, t);
    else if (memchr(v, '\0', vlen))
        rec_error(rd, rd->lineno, "%.*s= contains a NUL byte", (int)klen, t);
    else if (slot == &rd->rule_off && vlen > READER_RULE_MAX)
        rec_error(rd, rd->lineno, "rule= longer than %d bytes",
                  READER_RULE_MAX);
    else
        *slot = text_add(rd, v, vlen, 1);
}

/* One board token "row/row/row" ("row/" is a one-row board). */
static void line_board(reader *rd, const char *t, size_t n)
{
    if (rd->rec.nboards == RECORD_MAX_BOARDS) {
        rec_error(rd, rd->lineno, "too many boards (at most %d)",
                  RECORD_MAX_BOARDS);
        return;
    }
    if (n > 0 && t[n - 1] == '/')
        n--;
    for (;;) {
        const char *slash = memchr(t, '/', n);
        size_t len = slash ? (size_t)(slash - t) : n;
        rec_row(rd, t, len, 0, rd->lineno); /* a token holds no blanks */
        if (!slash)
            break;
        t += len + 1;
        n -= len + 1;
    }
    rec_end_board(rd);
}

/* A whole line-syntax record; tabs: whether the line has any. */
static const record *line_record(reader *rd, const char *s, size_t n, int tabs)
{
    rec_begin(rd, 1);
    size_t i = 0;
    while (i < n) {
        while (i < n && is_blank(s[i]))
            i++;
        size_t j = i;
        if (!tabs) { /* tokens end at a space */
            const char *sp = memchr(s + i, ' ', n - i);
            j = sp ? (size_t)(sp - s) : n;
        }
        while (j < n && !is_blank(s[j]))
            j++;
        if (j == i)
            break;
        if (memchr(s + i, '=', j - i))
            line_meta(rd, s + i, j - i);
        else
            line_board(rd, s + i, j - i);
        i = j;
    }
    return rec_finish(rd);
}

/* ---- judge layouts (README, "Judge files") ----------------------------- */

/* The next line of a layout: the one given back first. */
static enum line_kind lay_take(reader *rd, const char **s, size_t *n)
{
    if (rd->held) {
        rd->held = 0;
        *s = rd->held_s;
        *n = rd->held_n;
        return rd->held_kind;
    }
    return next_line(rd, s, n);
}

/* Give back the line just taken, for the next lay_take(): it stays in buf
   as long as next_line() is not called. */
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
    while (*n && is_blank(**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n && is_blank((*s)[*n - 1]))
        (*n)--;
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
    if (end && strlen(end) == n && memcmp(s, end, n) == 0)
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
        if (j == i || (j < n && !is_blank(s[j])))
            return -1;
        k++;
        while (j < n && is_blank(s[j]))
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
        if (is_blank(s[i]))
            continue;
        if (!rd->frame.cells[(unsigned char)s[i]] || ++k > cols)
            return 0;
    }
    return k == cols;
}

/* Whether s[0..n), read inside a case, starts the next one instead: in a
   layout that marks its cases, a size line or a name that is no row. */
static int starts_case(const reader *rd, const char *s, size_t n)
{
    uint64_t r, c;
    if (can_be_row(rd, s, n, rd->lay_cols))
        return 0;
    return rd->lay->name ||
           (rd->lay->size == SIZE_LINE_EACH && size_line(s, n, &r, &c) == 0);
}

/* A line for a message: quoted, cut short. */
static const char *shown_line(const char *s, size_t n, char *buf)
{
    char line[TEXT_QUOTE_BUF];
    size_t len = n < sizeof line - 1 ? n : sizeof line - 1;
    memcpy(line, s, len);
    line[len] = '\0';
    return text_quote(buf, TEXT_QUOTE_BUF, line);
}

/* Take "R C" or "n" from s[0..n) as the size of the cases to come; 0, or
   -1 with the record's error set. */
static int lay_size(reader *rd, enum line_kind kind, const char *s, size_t n)
{
    uint64_t r, c;
    char shown[TEXT_QUOTE_BUF];
    if (kind != LINE_TEXT || size_line(s, n, &r, &c) < 0) {
        rec_error(rd, rd->lineno, "expected a size line 'R C' or 'n', got '%s'",
                  kind == LINE_TEXT ? shown_line(s, n, shown) : "a long line");
        return -1;
    }
    if (r < 1 || r > GRIDBFS_MAX_SIDE || c < 1 || c > GRIDBFS_MAX_SIDE) {
        rec_error(rd, rd->lineno, "size %llux%llu out of range (1 to %d)",
                  (unsigned long long)r, (unsigned long long)c,
                  GRIDBFS_MAX_SIDE);
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
        rec_error(rd, rd->lineno, "line longer than %zu bytes", rd->max_line);
    if (k < board_rows) {
        rec_row(rd, s, n, 1, rd->lineno);
        if ((k + 1) % rd->lay_rows == 0)
            rec_end_board(rd);
        return;
    }
    if (memchr(s, '\0', n))
        rec_error(rd, rd->lineno, "a parameter row contains a NUL byte");
    if (k == board_rows)
        rd->param_off = (uint32_t)rd->tlen;
    else
        text_add(rd, "/", 1, 0);
    for (size_t i = 0; i < n; i++)
        if (!is_blank(s[i]))
            text_add(rd, s + i, 1, 0);
}

/* A record of its own for a fault of the file, at line: an invalid case,
   or with notice only a message. */
__attribute__((format(printf, 4, 5))) static const record *
lay_fault(reader *rd, uint64_t line, int notice, const char *format, ...)
{
    va_list ap;
    rec_begin(rd, 0);
    rd->rec.line = line;
    va_start(ap, format);
    vsnprintf(rd->msg, sizeof rd->msg, format, ap);
    va_end(ap);
    rd->rec.error_line = line;
    const record *r = rec_finish(rd);
    if (notice) {
        rd->index--;
        rd->rec.index = 0;
        rd->rec.notice = 1;
    }
    return r;
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
        if (what == L_EOF)
            return NULL;
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
        if (what == L_EOF)
            return NULL;
        rec_begin(rd, 0);
        if (lay_size(rd, kind, s, n) < 0) {
            rd->lay_done = 1;
            return rec_finish(rd);
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
    }
    if (rd->owed)
        return owed_case(rd);
    rd->lay_done = 1;
    if (rd->lay->end && !rd->lay_ended)
        return lay_fault(rd, rd->lineno, 1, "missing the end line '%s'",
                         rd->lay->end);
    return NULL;
}

/*
 * The next case of a file in a judge's layout.  A layout that marks its
 * cases (blank lines between them, a name or a size line at the start of
 * each) reads a case as the lines up to the next mark, so a case with a
 * row too many or too few is invalid alone and the next one is read as it
 * should be.  One that does not is read row by row, its count checked
 * before (reader_set_layout()).
 */
static const record *layout_next(reader *rd)
{
    const cfg_layout *l = rd->lay;
    const char *s;
    size_t n;
    enum line_kind kind;
    enum lay_line what;

    if (rd->owed || rd->lay_eof)
        return rd->lay_done ? NULL : lay_eof(rd);
    if (rd->lay_done)
        return NULL;
    if (rd->lay_head) {
        rd->lay_head = 0;
        const record *r = lay_top(rd);
        if (r)
            return r;
    }
    for (;;) { /* up to the first line of the case */
        what = lay_next_text(rd, &kind, &s, &n);
        if (what == L_EOF)
            return lay_eof(rd);
        if (rd->lay_ended) {
            rd->lay_done = 1;
            return lay_fault(rd, rd->lineno, 1, "text after the end line '%s'",
                             l->end);
        }
        if (what != L_END)
            break;
        rd->lay_ended = 1;
    }
    rec_begin(rd, 0);
    if (rd->promised != UINT64_MAX && rd->index >= rd->promised)
        rec_error(rd, rd->lineno, "a case past the %llu the count line gives",
                  (unsigned long long)rd->promised);
    int marked = config_layout_marked(l);
    if (l->name) {
        const char *t = s;
        size_t len = n;
        trim(&t, &len);
        if (kind == LINE_LONG)
            rec_error(rd, rd->lineno, "line longer than %zu bytes",
                      rd->max_line);
        else if (memchr(t, '\0', len))
            rec_error(rd, rd->lineno, "the name contains a NUL byte");
        else
            rd->id_off = text_add(rd, t, len, 1);
    }
    if (l->size == SIZE_LINE_EACH) {
        if (l->name) {
            do {
                kind = lay_take(rd, &s, &n);
                what = lay_kind(rd, kind, s, n);
            } while (what == L_COMMENT);
        }
        if (what != L_TEXT) { /* the line is the next case's */
            rec_error(rd, rd->lineno, "expected a size line 'R C' or 'n'");
            lay_hold(rd, kind, s, n);
            rd->lay_rows = 0;
        } else if (lay_size(rd, kind, s, n) < 0) {
            rd->lay_rows = 0; /* rows unknown: all taken as extra */
        }
    } else if (!l->name) {
        lay_hold(rd, kind, s, n); /* the first row */
    }

    uint32_t need = case_rows(rd), k = 0;
    uint64_t extra_at = 0;
    for (;;) {
        kind = lay_take(rd, &s, &n);
        what = lay_kind(rd, kind, s, n);
        if (what == L_COMMENT || (what == L_BLANK && !marked))
            continue;
        if (what == L_EOF || what == L_BLANK)
            break;
        /* a parameter's rows are of another alphabet: no mark among them;
           past the rows a case needs, a size line is the next case's */
        int in_param = k >= need - l->param_rows && k < need;
        uint64_t r, c;
        if (what == L_END || (marked && !in_param && kind == LINE_TEXT &&
                              (starts_case(rd, s, n) ||
                               (k >= need && l->size == SIZE_LINE_EACH &&
                                size_line(s, n, &r, &c) == 0)))) {
            lay_hold(rd, kind, s, n);
            break;
        }
        if (k < need)
            lay_row(rd, kind, s, n, k);
        else if (!extra_at)
            extra_at = rd->lineno;
        k++;
        if (!marked && k == need)
            break;
    }
    if (rd->param_off != NO_OFFSET)
        text_add(rd, "", 0, 1);
    if (k < need)
        rec_error(rd, rd->rec.line, "missing rows: the case has %u of %u", k,
                  need);
    else if (k > need)
        rec_error(rd, extra_at, "extra rows: the case has %u, expected %u", k,
                  need);
    if (l->size != SIZE_LINE_NONE && rd->lay_rows) { /* 0: refused */
        rd->rec.rows = rd->lay_rows;
        rd->rec.cols = rd->lay_cols;
    }
    return rec_finish(rd);
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
        "the count line gives %llu cases of %llu rows, but %llu rows follow "
        "it",
        (unsigned long long)promised, (unsigned long long)per,
        (unsigned long long)rows);
    rd->owed = promised > lines ? 1 : promised;
    rd->lay_eof = rd->lay_ended = 1; /* nothing else is read */
}

int reader_set_layout(reader *rd, const reader_layout *l, char *err,
                      size_t errlen)
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
    if (kind == LINE_TEXT && has_record_mark(s, n)) {
        rd->lay = NULL;
        return 0;
    }
    if (check)
        check_count(rd);
    rd->lay_head = 1;
    return 0;
}

const record *reader_next(reader *rd)
{
    if (rd->lay)
        return layout_next(rd);
    for (;;) {
        const char *s = NULL;
        size_t n = 0;
        enum line_kind kind;
        if (rd->held) {
            kind = rd->held_kind;
            s = rd->held_s;
            n = rd->held_n;
            rd->held = 0;
        } else {
            kind = next_line(rd, &s, &n);
        }
        if (kind == LINE_EOF || kind == LINE_ERROR) {
            if (!rd->pending)
                return NULL;
            grid_cut(rd);
            rec_error(rd, rd->rec.line, "missing board: got %u of %u",
                      rd->rec.nboards, rd->boards);
            return rec_finish(rd);
        }
        size_t i = 0;
        while (kind == LINE_TEXT && i < n && is_blank(s[i]))
            i++;
        if (kind == LINE_TEXT && i < n && s[i] == '#' && rd->comments)
            continue;
        if (kind == LINE_TEXT && i == n) { /* blank: a block ends */
            grid_cut(rd);
            if (rd->pending && rd->rec.nboards == rd->boards)
                return rec_finish(rd);
            continue;
        }
        unsigned seen = kind == LINE_LONG && rd->long_record ? C_MARK : 0;
        for (size_t k = i; k < n; k++)
            seen |= byte_class[(unsigned char)s[k]];
        int line_syntax = (seen & C_MARK) != 0;
        if (!line_syntax) {
            const record *r =
                grid_row(rd, s + i, n - i, seen & C_BLANK, kind == LINE_LONG);
            if (r)
                return r;
            continue;
        }
        if (rd->pending) {
            /* A grid record cut short: hand it out, then this line. */
            grid_cut(rd);
            rec_error(rd, rd->rec.line, "missing board: got %u of %u",
                      rd->rec.nboards, rd->boards);
            rd->held = 1;
            rd->held_kind = kind;
            rd->held_s = s;
            rd->held_n = n;
            return rec_finish(rd);
        }
        if (kind == LINE_LONG) {
            rec_begin(rd, 1);
            rec_error(rd, rd->lineno, "line longer than %zu bytes",
                      rd->max_line);
            return rec_finish(rd);
        }
        return line_record(rd, s, n, (seen & C_TAB) != 0);
    }
}
