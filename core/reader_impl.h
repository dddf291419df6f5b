/*
 * reader_impl.h - the reader's insides, shared by reader.c (lines, and
 * gridbfs's own records) and layout.c (judges' layouts, the layer above:
 * it calls the functions below, reader.c never calls layout.c); nothing
 * else includes it.
 */
#ifndef GRIDBFS_READER_IMPL_H
#define GRIDBFS_READER_IMPL_H

#include "reader.h"

#define NO_OFFSET UINT32_MAX
#define NO_MARK SIZE_MAX
/* off[k] of a row that is not in text: rec.row[k].text points into buf
   (see rd_rec_row()) */
#define IN_BUF (UINT32_MAX - 1)
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
                       keeps buf[mark..end) (layout.c, peek_begin()) */
    int eof, first;
    int regular;     /* a regular file: reading it never waits */
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
    int assembling;    /* between rd_rec_begin() and rd_rec_finish() */
    int pending;       /* a grid record has begun */
    int held;          /* the line last read is still to be handled: */
    enum line_kind held_kind;
    const char *held_s; /* it is still in buf, untouched until rd_next_line() */
    size_t held_n;
    uint64_t index;
    int comments; /* '#' starts a comment line */

    /* a layout's (layout.c): see layout_next() */
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
    uint64_t no_blank_line;        /* a case with no blank line before it (read
                                      by its size): its message is owed, or 0 */

    void (*on_wait)(void *); /* see reader_on_wait() */
    void *wait_arg;
};

/* The next line without its newline (or CR LF, or a first line's BOM);
   see reader.c. */
enum line_kind rd_next_line(reader *rd, const char **line, size_t *len);
/* Whether p[0..n) holds '/' or '=', the marks of a line record. */
int rd_has_mark(const char *p, size_t n);

static inline int rd_is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The record being assembled (reader.c). */
uint32_t rd_text_add(reader *rd, const char *s, size_t n, int nul);
void rd_rec_begin(reader *rd, int line_syntax);
void rd_rec_error(reader *rd, uint64_t line, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
void rd_rec_row(reader *rd, const char *s, size_t n, int blanks, uint64_t line);
void rd_rec_end_board(reader *rd);
const record *rd_rec_finish(reader *rd);

#endif /* GRIDBFS_READER_IMPL_H */
