/*
 * reader.c - lines out of a file descriptor, records out of lines.
 *
 * Lines are found with memchr in one buffer refilled by read(2), so a
 * pipeline gets answers as soon as its lines arrive.  A line longer than
 * max_line is never held whole: the buffer stops growing and the rest of the
 * line is discarded.  A record's rows are not copied while they can stay
 * where they were read, in the buffer; the rest (rows with blanks, ids,
 * and rows read before the buffer moves) go into a text buffer the reader
 * reuses, by offset, and are turned into pointers when handed out.  A file
 * in a judge's layout is read by layout.c, the layer above, through
 * reader_line() and its look ahead (reader_mark()); it frames its own
 * records.
 */
#define _POSIX_C_SOURCE 200809L
#include "reader.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rec_build.h"
#include "text.h"
#include "util.h"

#define READ_CHUNK (1u << 16)
#define LINE_SLACK 4 /* a BOM or a CR may come on top of max_line */
/* Bytes after buf[end], kept defined: plain_rows()'s sentinel, and room
   for find_byte() to read a word past a line's end. */
#define SCAN_SLACK 8

#define NO_MARK SIZE_MAX
#define NAME_SHOWN 1024 /* room for a file name in a message */

enum line_kind { LINE_EOF, LINE_TEXT, LINE_LONG, LINE_ERROR };

struct reader {
    int fd;
    char *name;
    uint32_t rows, boards; /* grid framing */
    size_t max_line;

    char *buf; /* input bytes buf[start..end), and room for a '\n' after */
    size_t cap, start, end;
    size_t next_nl; /* where reader_buffered() saw the next '\n', or 0 */
    size_t mark;    /* NO_MARK, or where a look ahead began: refill()
                       keeps buf[mark..end) (reader_mark()) */
    int eof, first;
    int regular;     /* a regular file: reading it never waits */
    int long_record; /* the last LINE_LONG looked like a line record */
    uint64_t offset; /* bytes read so far */
    uint64_t lineno; /* number of the line last taken */
    char ioerr[READER_MSG_MAX];

    rec_build b;       /* the record being assembled */
    uint32_t cur_rows; /* grid rows of the board being filled */
    int assembling;    /* between rd_rec_begin() and rd_rec_finish() */
    int pending;       /* a grid record has begun */
    int held;          /* the line last read is still to be handled: */
    enum line_kind held_kind;
    const char *held_s; /* it is still in buf, untouched until rd_next_line() */
    size_t held_n;
    int comments; /* '#' starts a comment line */

    /* the line reader_line() gave last, for reader_unread() */
    enum line_kind last_kind;
    const char *last_s;
    size_t last_n;
    int last_valid;
    /* a look ahead (reader_mark()): where to go back to */
    size_t ahead_after; /* start - mark */
    uint64_t ahead_lineno;
    int ahead_held;
    enum line_kind ahead_kind;
    const char *ahead_s; /* a held line that is not in buf */
    size_t ahead_n;
    int copy_failed; /* reader_hold() met a read error: it stays said */

    void (*on_wait)(void *); /* see reader_on_wait() */
    void *wait_arg;
};

static inline int rd_is_blank(char c)
{
    return c == ' ' || c == '\t';
}

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
    int known = fstat(fd, &st) == 0;
    if (known && S_ISDIR(st.st_mode)) {
        fmt(err, errlen, "%s: %s", text_quote(shown, sizeof shown, name),
            strerror(EISDIR)); /* as open() and -o say it */
        if (!is_stdin)
            close(fd);
        return NULL;
    }
    reader *rd = xcalloc(1, sizeof *rd);
    rd->fd = fd;
    rd->regular = known && S_ISREG(st.st_mode);
    rd->name = xstrdup(name);
    rd->rows = rows;
    rd->boards = boards;
    rd->max_line = max_line;
    rd->cap = READ_CHUNK;
    rd->buf = xmalloc(rd->cap + SCAN_SLACK);
    rd->first = 1;
    rd->comments = 1;
    rd->mark = NO_MARK;
    return rd;
}

void reader_close(reader *rd)
{
    if (!rd)
        return;
    if (rd->fd >= 0 && rd->fd != STDIN_FILENO)
        close(rd->fd);
    free(rd->name);
    free(rd->buf);
    rb_free(&rd->b);
    free(rd);
}

const char *reader_name(const reader *rd)
{
    return rd->name;
}

int reader_buffered(reader *rd)
{
    if (rd->held || rd->eof || rd->regular)
        return 1;
    char *nl = memchr(rd->buf + rd->start, '\n', rd->end - rd->start);
    if (nl) /* rd_next_line() will not need to look again */
        rd->next_nl = (size_t)(nl - rd->buf);
    return nl != NULL;
}

void reader_on_wait(reader *rd, void (*fn)(void *), void *arg)
{
    rd->on_wait = fn;
    rd->wait_arg = arg;
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

/*
 * Copy the rows of the record being assembled that are still in buf into
 * text, before buf moves or is discarded: then they are the record's own.
 */
static void keep_rows(reader *rd)
{
    if (!rd->assembling)
        return;
    for (uint32_t k = 0; k < rd->b.nrows; k++)
        if (rd->b.off[k] == RB_IN_BUF)
            rd->b.off[k] =
                rb_add(&rd->b, rd->b.rec.row[k].text, rd->b.rec.row[k].len, 0);
}

/* Call rd->on_wait unless a read would return at once (with bytes, the
   end of input or an error); when poll() cannot tell, it might wait.  Out
   of line: refill() stays small where the hot loop calls it. */
static __attribute__((noinline, cold)) void announce_wait(reader *rd)
{
    struct pollfd pfd = {.fd = rd->fd, .events = POLLIN};
    if (poll(&pfd, 1, 0) <= 0)
        rd->on_wait(rd->wait_arg);
}

/* Read more input after buf[end]; sets eof, or ioerr and eof.  A read
   that would wait is announced first (reader_on_wait()). */
static void refill(reader *rd)
{
    keep_rows(rd);
    size_t keep = rd->mark < rd->start ? rd->mark : rd->start;
    if (keep > 0) {
        memmove(rd->buf, rd->buf + keep, rd->end - keep);
        rd->end -= keep;
        rd->start -= keep;
        if (rd->mark != NO_MARK)
            rd->mark -= keep;
    }
    if (rd->end == rd->cap) {
        rd->cap *= 2;
        rd->buf = xrealloc(rd->buf, rd->cap + SCAN_SLACK);
    }
    if (rd->on_wait && !rd->regular)
        announce_wait(rd);
    for (;;) {
        ssize_t n = read(rd->fd, rd->buf + rd->end, rd->cap - rd->end);
        if (n > 0) {
            rd->end += (size_t)n;
            rd->offset += (uint64_t)n;
            memset(rd->buf + rd->end, '\n', SCAN_SLACK);
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
static int rd_has_mark(const char *p, size_t n)
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
    rd->end = rd->start; /* refill() keeps the record's rows first */
    while (!rd->eof) {
        refill(rd);
        char *p = rd->buf + rd->start;
        size_t avail = rd->end - rd->start;
        char *nl = memchr(p, '\n', avail);
        mark |= rd_has_mark(p, nl ? (size_t)(nl - p) : avail);
        if (nl) {
            rd->start = (size_t)(nl - rd->buf) + 1;
            return mark;
        }
        rd->end = rd->start;
    }
    return mark;
}

/*
 * The next line without its newline (or CR LF, or a first line's BOM) in
 * *line and *len, valid until the next call.  LINE_LONG: a line over
 * max_line, already skipped; rd->long_record says whether it looked like a
 * line record.  A line is never held whole past max_line + LINE_SLACK.
 */
static enum line_kind rd_next_line(reader *rd, const char **line, size_t *len)
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
            if (!nl && rd->mark != NO_MARK)
                return LINE_LONG; /* a look ahead stops here: skip_line()
                                     would drop what it gives back */
            rd->lineno++;
            rd->first = 0;
            rd->long_record = rd_has_mark(p, n);
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
                rd->long_record = rd_has_mark(p, n);
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

/* What a byte is to a line: one table lookup a byte in the hot loop. */
enum { C_BLANK = 1, C_TAB = 2, C_MARK = 4, C_NL = 8 }; /* C_MARK: '/', '=' */
static const unsigned char byte_class[256] = {['\t'] = C_BLANK | C_TAB,
                                              [' '] = C_BLANK,
                                              ['/'] = C_MARK,
                                              ['='] = C_MARK,
                                              ['\n'] = C_NL};

/* The next line as rd_next_line() gives it, and *seen the C_ flags of its
   bytes (for a LINE_LONG, C_MARK when it looked like a line record). */
static enum line_kind take_line(reader *rd, const char **line, size_t *len,
                                unsigned *seen)
{
    enum line_kind kind;
    if (rd->held) {
        kind = rd->held_kind;
        *line = rd->held_s;
        *len = rd->held_n;
        rd->held = 0;
    } else {
        kind = rd_next_line(rd, line, len);
    }
    unsigned all = kind == LINE_LONG && rd->long_record ? C_MARK : 0;
    for (size_t k = 0; k < *len; k++)
        all |= byte_class[(unsigned char)(*line)[k]];
    *seen = all;
    return kind;
}

/* Start assembling a new record beginning at the current line. */
static void rd_rec_begin(reader *rd, int line_syntax)
{
    rb_begin(&rd->b, rd->lineno, line_syntax);
    rd->assembling = 1;
}

/* Finish the record: offsets become pointers. */
static const record *rd_rec_finish(reader *rd)
{
    rd->assembling = 0;
    rd->pending = 0;
    rd->cur_rows = 0;
    return rb_finish(&rd->b);
}

/* A grid record cut short by a block end, a line record or end of input. */
static void grid_cut(reader *rd)
{
    if (rd->cur_rows > 0) {
        rb_error(&rd->b, rd->b.rec.row[0].line,
                 "board %u has %u row%s, expected %u", rd->b.rec.nboards + 1,
                 rd->cur_rows, rd->cur_rows == 1 ? "" : "s", rd->rows);
        rd->cur_rows = 0;
        rb_end_board(&rd->b);
    }
}

/* A grid record that a line record or the end of input leaves with boards
   missing: cut, and said to be short. */
static void grid_short(reader *rd)
{
    grid_cut(rd);
    rb_error(&rd->b, rd->b.rec.line, "missing board: got %u of %u",
             rd->b.rec.nboards, rd->boards);
}

/* rd_rec_row() of the current line, inline where s needs no copy. */
static inline void row_in_buf(reader *rd, const char *s, size_t n, int blanks)
{
    uint32_t k = rd->b.nrows;
    if (blanks || k >= rd->b.rows_cap) {
        rb_row(&rd->b, s, n, blanks, rd->lineno);
        return;
    }
    rd->b.off[k] = RB_IN_BUF;
    rd->b.rec.row[k] = (record_row){s, (uint32_t)n, rd->lineno};
    rd->b.nrows++;
    rd->b.rec.board_rows[rd->b.rec.nboards]++;
}

/*
 * A grid row (or, when too_long, a row too long to keep, which still takes
 * its place): returns the finished record, if this row completed one.
 */
static inline const record *grid_row(reader *rd, const char *s, size_t n,
                                     int blanks, int too_long)
{
    if (!rd->pending) {
        rd_rec_begin(rd, 0);
        rd->pending = 1;
    }
    if (too_long)
        rb_error(&rd->b, rd->lineno, "line longer than %zu bytes",
                 rd->max_line);
    row_in_buf(rd, s, n, blanks);
    if (++rd->cur_rows == rd->rows) {
        rd->cur_rows = 0;
        rb_end_board(&rd->b);
    }
    return rd->b.rec.nboards == rd->boards ? rd_rec_finish(rd) : NULL;
}

/*
 * The short way through reader_next() for the common input: lines whole
 * in buf (not the first, which may have a BOM), each found and classified
 * in one pass, and while they are plain grid rows (no blank, no mark, no
 * comment, not too long) taken as rows of the record being read, not
 * copied.  Returns a record they completed; else NULL, with *took 1 and
 * the line that is no plain row, taken, in *line, *len and *seen (the C_
 * flags of its bytes), or *took 0 when the next line is not whole in buf
 * (or too long): then rd_next_line() takes it.
 */
static const record *plain_rows(reader *rd, const char **line, size_t *len,
                                unsigned *seen, int *took)
{
    *took = 0;
    if (rd->first || rd->held)
        return NULL;
    const unsigned char *buf = (const unsigned char *)rd->buf;
    size_t start = rd->start, end = rd->end, max_line = rd->max_line;
    int comments = rd->comments;
    const record *r = NULL;
    rd->buf[end] = '\n'; /* the sentinel ends every scan */
    for (;;) {
        const unsigned char *p = buf + start, *q;
        unsigned all = 0, c;
        for (q = p; !((c = byte_class[*q]) & C_NL); q++)
            all |= c;
        size_t n = (size_t)(q - p), text = n - (n > 0 && q[-1] == '\r');
        if (start + n == end || text > max_line)
            break;
        start += n + 1;
        rd->start = start;
        rd->next_nl = 0;
        rd->lineno++;
        if (text == 0 || (all & (C_BLANK | C_MARK)) ||
            (p[0] == '#' && comments)) {
            *line = (const char *)p;
            *len = text;
            *seen = all;
            *took = 1;
            break;
        }
        if ((r = grid_row(rd, (const char *)p, text, 0, 0)))
            break;
    }
    return r;
}

/*
 * The first c in p[0..n), or NULL: memchr() inlined for the few bytes of
 * a line record's tokens and rows, where calling memchr() costs more than
 * the search.  It reads whole words, up to 7 bytes past p + n, so p[0..n)
 * must lie in buf (its SCAN_SLACK bytes make that safe at buf[end]).
 */
static inline const char *find_byte(const char *p, size_t n, char c)
{
    for (size_t i = 0; i < n; i += 8) {
        unsigned long long hit = zero_bytes(load_le64(p + i) ^ BYTES(c));
        if (hit) {
            size_t at = i + (size_t)__builtin_ctzll(hit) / 8;
            return at < n ? p + at : NULL;
        }
    }
    return NULL;
}

/* One key=value token of a line record. */
static void line_meta(reader *rd, const char *t, size_t n)
{
    const char *eq = memchr(t, '=', n);
    size_t klen = (size_t)(eq - t), vlen = n - klen - 1;
    const char *v = eq + 1;
    uint32_t *slot = NULL;

    if (klen == 2 && memcmp(t, "id", 2) == 0)
        slot = &rd->b.id_off;
    else if (klen == 4 && memcmp(t, "rule", 4) == 0)
        slot = &rd->b.rule_off;
    else if (klen == 4 && memcmp(t, "size", 4) == 0) {
        if (rd->b.rec.rows)
            rb_error(&rd->b, rd->lineno, "duplicate size=");
        else if (text_size(v, vlen, &rd->b.rec.rows, &rd->b.rec.cols))
            rb_error(&rd->b, rd->lineno, "size= expects " TEXT_SIZE_EXPECTED);
        return;
    } else {
        char key[TEXT_QUOTE_BUF + 1], shown[TEXT_QUOTE_BUF];
        size_t len = klen ? klen : n; /* no key: the token is shown */
        len = len < TEXT_QUOTE_BUF ? len : TEXT_QUOTE_BUF;
        memcpy(key, t, len); /* more than fits: text_quote() cuts it */
        key[len] = '\0';
        for (size_t i = 0; i < len; i++) /* a NUL is shown, not an end */
            if (!key[i])
                key[i] = '?'; /* as text_quote() shows a control byte */
        rb_error(&rd->b, rd->lineno,
                 klen ? "unknown key '%s=' (expected id=, rule= or size=)"
                      : "no key before '=' in '%s' (expected id=, rule= "
                        "or size=)",
                 text_quote(shown, sizeof shown, key));
        return;
    }
    if (*slot != RB_NONE)
        rb_error(&rd->b, rd->lineno, "duplicate %.*s=", (int)klen, t);
    else if (vlen == 0)
        rb_error(&rd->b, rd->lineno, "empty %.*s=", (int)klen, t);
    else if (memchr(v, '\0', vlen))
        rb_error(&rd->b, rd->lineno, "%.*s= contains a NUL byte", (int)klen, t);
    else if (slot == &rd->b.rule_off && vlen > READER_RULE_MAX)
        rb_error(&rd->b, rd->lineno, "rule= longer than %d bytes",
                 READER_RULE_MAX);
    else
        *slot = rb_add(&rd->b, v, vlen, 1);
}

/* One board token "row/row/row" ("row/" is a one-row board). */
static void line_board(reader *rd, const char *t, size_t n)
{
    if (rd->b.rec.nboards == RECORD_MAX_BOARDS) {
        rb_error(&rd->b, rd->lineno, "too many boards (at most %d)",
                 RECORD_MAX_BOARDS);
        return;
    }
    if (n > 0 && t[n - 1] == '/')
        n--;
    for (;;) {
        const char *slash = find_byte(t, n, '/');
        size_t len = slash ? (size_t)(slash - t) : n;
        row_in_buf(rd, t, len, 0); /* a token holds no blanks */
        if (!slash)
            break;
        t += len + 1;
        n -= len + 1;
    }
    rb_end_board(&rd->b);
}

/* A whole line-syntax record; tabs: whether the line has any. */
static const record *line_record(reader *rd, const char *s, size_t n, int tabs)
{
    rd_rec_begin(rd, 1);
    size_t i = 0;
    while (i < n) {
        while (i < n && rd_is_blank(s[i]))
            i++;
        size_t j = i;
        if (!tabs) { /* tokens end at a space */
            const char *sp = find_byte(s + i, n - i, ' ');
            j = sp ? (size_t)(sp - s) : n;
        }
        while (j < n && !rd_is_blank(s[j]))
            j++;
        if (j == i)
            break;
        if (find_byte(s + i, j - i, '='))
            line_meta(rd, s + i, j - i);
        else
            line_board(rd, s + i, j - i);
        i = j;
    }
    return rd_rec_finish(rd);
}

const record *reader_next(reader *rd)
{
    for (;;) {
        const char *s = NULL;
        size_t n = 0;
        unsigned seen;
        int took;
        const record *r = plain_rows(rd, &s, &n, &seen, &took);
        if (r)
            return r;
        enum line_kind kind = took ? LINE_TEXT : take_line(rd, &s, &n, &seen);
        if (kind == LINE_EOF || kind == LINE_ERROR) {
            if (!rd->pending)
                return NULL;
            grid_short(rd);
            return rd_rec_finish(rd);
        }
        size_t i = 0;
        while ((seen & C_BLANK) && i < n && rd_is_blank(s[i]))
            i++;
        if (kind == LINE_TEXT && i < n && s[i] == '#' && rd->comments)
            continue;
        if (kind == LINE_TEXT && i == n) { /* blank: a block ends */
            grid_cut(rd);
            if (rd->pending && rd->b.rec.nboards == rd->boards)
                return rd_rec_finish(rd);
            continue;
        }
        int line_syntax = (seen & C_MARK) != 0;
        if (!line_syntax) {
            r = grid_row(rd, s + i, n - i, seen & C_BLANK, kind == LINE_LONG);
            if (r)
                return r;
            continue;
        }
        if (rd->pending) {
            /* A grid record cut short: hand it out, then this line. */
            grid_short(rd);
            rd->held = 1;
            rd->held_kind = kind;
            rd->held_s = s;
            rd->held_n = n;
            return rd_rec_finish(rd);
        }
        if (kind == LINE_LONG) {
            rd_rec_begin(rd, 1);
            rb_error(&rd->b, rd->lineno, "line longer than %zu bytes",
                     rd->max_line);
            return rd_rec_finish(rd);
        }
        return line_record(rd, s, n, (seen & C_TAB) != 0);
    }
}

int reader_line(reader *rd, const char **line, size_t *len)
{
    enum line_kind kind;
    if (rd->held) {
        rd->held = 0;
        kind = rd->held_kind;
        *line = rd->held_s;
        *len = rd->held_n;
    } else {
        kind = rd_next_line(rd, line, len);
    }
    rd->last_kind = kind;
    rd->last_s = *line;
    rd->last_n = *len;
    rd->last_valid = 1;
    switch (kind) {
    case LINE_TEXT: return READER_LINE;
    case LINE_LONG: *len = 0; return READER_LONG;
    case LINE_EOF: return READER_END;
    case LINE_ERROR: break;
    }
    return READER_FAILED;
}

void reader_unread(reader *rd)
{
    assert(rd->last_valid && !rd->held);
    rd->held = 1;
    rd->held_kind = rd->last_kind;
    rd->held_s = rd->last_s;
    rd->held_n = rd->last_n;
    rd->last_valid = 0;
}

void reader_mark(reader *rd)
{
    assert(rd->mark == NO_MARK);
    int in_buf = rd->held && rd->held_kind == LINE_TEXT;
    rd->mark = in_buf ? (size_t)(rd->held_s - rd->buf) : rd->start;
    rd->ahead_after = rd->start - rd->mark;
    rd->ahead_lineno = rd->lineno;
    rd->ahead_held = rd->held;
    rd->ahead_kind = rd->held_kind;
    rd->ahead_s = rd->held_s;
    rd->ahead_n = rd->held_n;
}

void reader_back(reader *rd)
{
    assert(rd->mark != NO_MARK);
    rd->start = rd->mark + rd->ahead_after;
    rd->lineno = rd->ahead_lineno;
    rd->next_nl = 0;
    rd->held = rd->ahead_held;
    rd->held_kind = rd->ahead_kind;
    rd->held_s = rd->ahead_kind == LINE_TEXT ? rd->buf + rd->mark : rd->ahead_s;
    rd->held_n = rd->ahead_n;
    rd->mark = NO_MARK;
    rd->last_valid = 0;
}

int reader_hold(reader *rd)
{
    struct stat st;
    if (fstat(rd->fd, &st) == 0 && S_ISREG(st.st_mode) &&
        lseek(rd->fd, 0, SEEK_CUR) == 0)
        return 0;
    const char *dir = getenv("TMPDIR");
    char path[NAME_SHOWN];
    fmt(path, sizeof path, "%s/gridbfs-XXXXXX", dir && *dir ? dir : "/tmp");
    int tmp = mkstemp(path);
    if (tmp < 0)
        return -1;
    unlink(path);
    for (;;) {
        ssize_t got = read(rd->fd, rd->buf, rd->cap), put = 0;
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            if (got < 0) { /* the input is cut short there: said at the end */
                char shown[NAME_SHOWN];
                fmt(rd->ioerr, sizeof rd->ioerr, "%s: %s",
                    text_quote(shown, sizeof shown, rd->name), strerror(errno));
                rd->copy_failed = 1;
            }
            break;
        }
        while (put < got) {
            ssize_t w = write(tmp, rd->buf + put, (size_t)(got - put));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0) {
                int e = errno;
                close(tmp);
                errno = e;
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

void reader_rewind(reader *rd)
{
    assert(rd->mark == NO_MARK);
    lseek(rd->fd, 0, SEEK_SET);
    rd->start = rd->end = rd->next_nl = 0;
    rd->eof = rd->held = rd->last_valid = 0;
    rd->first = 1;
    rd->offset = rd->lineno = 0;
    if (!rd->copy_failed)
        rd->ioerr[0] = '\0';
}

void reader_comments(reader *rd, int on)
{
    rd->comments = on;
}

int reader_is_line_record(const char *s, size_t n)
{
    return rd_has_mark(s, n);
}

void reader_shape(const reader *rd, uint32_t *rows, uint32_t *boards,
                  size_t *max_line)
{
    *rows = rd->rows;
    *boards = rd->boards;
    *max_line = rd->max_line;
}

reader *reader_open_range(int fd, const char *name, uint64_t from, uint64_t to,
                          uint32_t rows, uint32_t boards, size_t max_line)
{
    reader *rd = xcalloc(1, sizeof *rd);
    rd->fd = -1; /* the caller's: never read(), never closed */
    rd->regular = 1;
    rd->name = xstrdup(name);
    rd->rows = rows;
    rd->boards = boards;
    rd->max_line = max_line;
    rd->cap = (size_t)(to - from);
    rd->buf = xmalloc(rd->cap + SCAN_SLACK);
    rd->first = from == 0;
    rd->comments = 1;
    rd->eof = 1; /* what is not in buf is not this reader's */
    while (rd->end < rd->cap) {
        ssize_t n = pread(fd, rd->buf + rd->end, rd->cap - rd->end,
                          (off_t)(from + rd->end));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) { /* cut short: the file shrank, or failed */
            if (n < 0) {
                char shown[NAME_SHOWN];
                fmt(rd->ioerr, sizeof rd->ioerr, "%s: %s",
                    text_quote(shown, sizeof shown, name), strerror(errno));
            }
            break;
        }
        rd->end += (size_t)n;
    }
    rd->offset = rd->end;
    memset(rd->buf + rd->end, '\n', SCAN_SLACK);
    return rd;
}

int reader_between(const reader *rd)
{
    return !rd->pending && !rd->held;
}

uint64_t reader_lines(const reader *rd)
{
    return rd->lineno;
}
