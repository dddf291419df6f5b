/*
 * rec_build.h - a record being assembled, for the two makers of records:
 * the line reader (reader.c: grid rows and line records) and the judge
 * layouts above it (layout.c).  Rows and strings are copied into text by
 * offset (the reader may leave a row without blanks in its own buffer),
 * and become pointers when the record is finished.
 *
 * Ownership: a rec_build owns text (free() it); the record rb_finish()
 * returns points into it, and into the caller's buffer for rows left
 * there, until the next rb_begin().  static inline: the reader assembles
 * a record in its hot loop.
 */
#ifndef GRIDBFS_REC_BUILD_H
#define GRIDBFS_REC_BUILD_H

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "reader.h"
#include "util.h"

#define RB_NONE UINT32_MAX /* an id, rule or param offset: none */
/* off[k] of a row left in the caller's buffer: rec.row[k].text points
   there (rb_row() with copy 0) */
#define RB_IN_BUF (UINT32_MAX - 1)

typedef struct rec_build {
    record rec;
    char *text; /* rows and strings, by offset */
    size_t tlen, tcap;
    uint32_t *off;  /* rows_cap of them, as rec.row */
    uint32_t nrows; /* rows in the record so far */
    uint32_t rows_cap;
    uint32_t id_off, rule_off, param_off;
    char msg[READER_MSG_MAX];
    uint64_t index; /* records finished so far */
} rec_build;

/* Start a new record at line (line_syntax: 1 for a line record). */
static inline void rb_begin(rec_build *b, uint64_t line, int line_syntax)
{
    record *r = &b->rec; /* not memset: it keeps its row array */
    r->index = 0;
    r->line = line;
    r->line_syntax = line_syntax;
    r->id = r->rule = r->error = r->param = NULL;
    r->rows = r->cols = r->nboards = 0;
    r->quiet = r->notice = 0;
    memset(r->board_rows, 0, sizeof r->board_rows);
    r->error_line = r->param_line = 0;
    b->nrows = 0;
    b->tlen = 0;
    b->id_off = b->rule_off = b->param_off = RB_NONE;
    b->msg[0] = '\0';
}

/* Mark the record malformed at line (the first reason wins). */
__attribute__((format(printf, 3, 4))) static inline void
rb_error(rec_build *b, uint64_t line, const char *format, ...)
{
    if (b->msg[0])
        return;
    va_list ap;
    va_start(ap, format);
    vsnprintf(b->msg, sizeof b->msg, format, ap);
    va_end(ap);
    b->rec.error_line = line;
}

/* Room in text for n more bytes and a NUL. */
static inline void rb_room(rec_build *b, size_t n)
{
    size_t need = b->tlen + n + 1;
    if (need > b->tcap) {
        b->tcap = need * 2;
        b->text = xrealloc(b->text, b->tcap);
    }
}

/* Append s[0..n) to text (and a NUL when nul); returns its offset. */
static inline uint32_t rb_add(rec_build *b, const char *s, size_t n, int nul)
{
    rb_room(b, n);
    uint32_t at = (uint32_t)b->tlen;
    memcpy(b->text + b->tlen, s, n);
    b->tlen += n;
    if (nul)
        b->text[b->tlen++] = '\0';
    return at;
}

/* Room in rec.row and off for row k (k < RECORD_MAX_ROWS): grown by
   doubling, so a board of many rows costs no more than its text. */
static inline void rb_rows_room(rec_build *b, uint32_t k)
{
    if (k < b->rows_cap)
        return;
    uint32_t cap = b->rows_cap ? 2 * b->rows_cap : 64;
    while (cap <= k)
        cap *= 2;
    if (cap > RECORD_MAX_ROWS) /* so rb_row()'s limit is never passed by */
        cap = RECORD_MAX_ROWS;
    b->rec.row = xreallocarray(b->rec.row, cap, sizeof *b->rec.row);
    b->off = xreallocarray(b->off, cap, sizeof *b->off);
    b->rows_cap = cap;
}

/* What b holds, given back. */
static inline void rb_free(rec_build *b)
{
    free(b->text);
    free(b->off);
    free(b->rec.row);
}

/*
 * Append one row of cells s[0..n), read at line, to the board being
 * filled: copied with its blanks (' ', '\t') dropped when copy, else left
 * where it is (s must then hold no blank, and stay put until the record
 * is finished, or the caller moves it: off[k] is RB_IN_BUF).
 */
static inline void rb_row(rec_build *b, const char *s, size_t n, int copy,
                          uint64_t line)
{
    record *r = &b->rec;
    uint32_t k = b->nrows;
    if (k >= RECORD_MAX_ROWS) {
        rb_error(b, line, "too many rows (at most %d)", RECORD_MAX_ROWS);
        return;
    }
    rb_rows_room(b, k);
    size_t len = n;
    if (copy) {
        b->off[k] = (uint32_t)b->tlen;
        rb_room(b, n);
        char *out = b->text + b->tlen;
        len = 0;
        for (size_t i = 0; i < n; i++)
            if (s[i] != ' ' && s[i] != '\t')
                out[len++] = s[i];
        b->tlen += len;
    } else {
        b->off[k] = RB_IN_BUF;
        r->row[k].text = s;
    }
    r->row[k].len = (uint32_t)len;
    r->row[k].line = line;
    b->nrows++;
    r->board_rows[r->nboards]++;
}

/* Close the board being filled. */
static inline void rb_end_board(rec_build *b)
{
    assert(b->rec.nboards < RECORD_MAX_BOARDS);
    b->rec.nboards++;
}

/* Finish the record, numbered next: offsets become pointers. */
static inline const record *rb_finish(rec_build *b)
{
    record *r = &b->rec;
    for (uint32_t k = 0; k < b->nrows; k++)
        if (b->off[k] != RB_IN_BUF)
            r->row[k].text = b->text + b->off[k];
    r->id = b->id_off == RB_NONE ? NULL : b->text + b->id_off;
    r->rule = b->rule_off == RB_NONE ? NULL : b->text + b->rule_off;
    r->param = b->param_off == RB_NONE ? NULL : b->text + b->param_off;
    r->error = b->msg[0] ? b->msg : NULL;
    r->index = ++b->index;
    return r;
}

#endif /* GRIDBFS_REC_BUILD_H */
