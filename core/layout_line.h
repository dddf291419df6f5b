/*
 * layout_line.h - what one line of a judge's file says to its layout
 * (layout.c): pure functions of s[0..n), which need no NUL; "blanks" are
 * spaces and tabs.
 */
#ifndef GRIDBFS_LAYOUT_LINE_H
#define GRIDBFS_LAYOUT_LINE_H

#include <stddef.h>
#include <stdint.h>

/* s[0..n) without the blanks at either end. */
void lline_trim(const char **s, size_t *n);

/* Whether s[0..n), trimmed, is the words of w (a run of blanks one). */
int lline_same_words(const char *s, size_t n, const char *w);

/* A size line, "R C" or "n" (n x n): 0 with the numbers (capped, not
   checked), or -1. */
int lline_size(const char *s, size_t n, uint64_t *rows, uint64_t *cols);

/* A size line whose numbers are a board's (1 to GRIDBFS_MAX_SIDE): 0
   with them, or -1. */
int lline_good_size(const char *s, size_t n, uint32_t *rows, uint32_t *cols);

/* s[0..n) for a message: quoted, cut short, a NUL shown as '?', in buf
   of TEXT_QUOTE_BUF bytes; returns buf. */
const char *lline_shown(const char *s, size_t n, char *buf);

#endif /* GRIDBFS_LAYOUT_LINE_H */
