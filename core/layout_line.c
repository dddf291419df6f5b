/*
 * layout_line.c - what one line of a judge's file says to its layout
 * (layout.c): words, size lines, a line shown in a message.  Pure
 * functions of the text.
 */
#include <stdio.h>
#include <string.h>

#include "layout_line.h"
#include "text.h"
#include <gridbfs/plugin.h>

static inline int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* s[0..n) without the blanks at either end. */
void lline_trim(const char **s, size_t *n)
{
    while (*n && is_blank(**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n && is_blank((*s)[*n - 1]))
        (*n)--;
}

/* Whether s[0..n), trimmed, is the words of w: a run of blanks is one
   blank, as cells and answers are read. */
int lline_same_words(const char *s, size_t n, const char *w)
{
    size_t i = 0;
    while (i < n) {
        if (*w == '\0')
            return 0; /* s goes on (even with a NUL byte of its own) */
        if (is_blank(s[i])) {
            if (*w++ != ' ')
                return 0;
            while (i < n && is_blank(s[i]))
                i++;
        } else if (*w++ != s[i++]) {
            return 0;
        }
    }
    return *w == '\0';
}

/* A size line, "R C" or "n" (n x n): 0 with the numbers (capped, not
   checked), or -1 when s[0..n) is no such line. */
int lline_size(const char *s, size_t n, uint64_t *rows, uint64_t *cols)
{
    uint64_t v[2] = {0, 0};
    size_t k = 0, i = 0;
    lline_trim(&s, &n);
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

/* A size line whose numbers are a board's: 0 with them, or -1. */
int lline_good_size(const char *s, size_t n, uint32_t *rows, uint32_t *cols)
{
    uint64_t r, c;
    if (lline_size(s, n, &r, &c) < 0 || r < 1 || r > GRIDBFS2_MAX_SIDE ||
        c < 1 || c > GRIDBFS2_MAX_SIDE)
        return -1;
    *rows = (uint32_t)r;
    *cols = (uint32_t)c;
    return 0;
}

/* A line for a message: quoted, cut short. */
const char *lline_shown(const char *s, size_t n, char *buf)
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
