/*
 * text.h - the notations gridbfs reads and writes in one place: whole
 * numbers, board sizes ("RxC"), user text quoted in messages, and "did you
 * mean" suggestions.  Shared by the core and the in-tree plugins (compiled
 * into each, hidden there), so the command line, the records, the YAML and
 * the plugins read every notation the same way.
 *
 * Nothing here allocates; every pointer argument is borrowed.
 */
#ifndef GRIDBFS_TEXT_H
#define GRIDBFS_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* What text_size() accepts, for "expected ..." messages. */
#define TEXT_SIZE_EXPECTED "RxC with 1 to 65535 rows and columns"

/* Room for a short quote: TEXT_QUOTE_SHORT bytes of text, "..." and NUL. */
#define TEXT_QUOTE_SHORT 40
#define TEXT_QUOTE_BUF (TEXT_QUOTE_SHORT + 4)

/*
 * A whole number: s[0..n-1] is one or more decimal digits, no sign, no
 * blank, from min to max.  Returns 0 with *v set, or -1.
 */
int text_u64(const char *s, size_t n, uint64_t min, uint64_t max, uint64_t *v);

/*
 * A board size: s[0..n-1] is "RxC" (x or X), each side
 * a whole number from 1 to GRIDBFS2_MAX_SIDE.  Returns 0 or -1.
 */
int text_size(const char *s, size_t n, uint32_t *rows, uint32_t *cols);

/*
 * User text s made safe for a one-line message, into buf (cap bytes, at
 * least 4): control characters (C0 and C1, line breaks too, U+2028 and
 * U+2029), DEL and bytes that are not valid UTF-8 become '?', and text
 * that does not fit is cut at a
 * character boundary
 * and ends with "...".  Returns buf.  Everything a message shows that came
 * from a user or a plugin goes through here, so no input can forge a
 * second message line or send a terminal an escape sequence.
 */
const char *text_quote(char *buf, size_t cap, const char *s);

/* A cell character as a message shows it, into buf: 'c' where it is
   printable and not blank, else its byte, 0xNN.  Returns buf. */
const char *text_cell(char c, char buf[8]);

/* The length of the valid UTF-8 sequence at s (1 to 4), or 0. */
size_t text_utf8_len(const unsigned char *s);

/*
 * The known word closest to word among candidates[0..n-1] (edit distance
 * at most 2, or word a prefix of it; letters compared without their case,
 * so that 'P1225' finds 'p1225'), or NULL.  The one "did you mean" of the
 * command line, the YAML and the plugins.
 */
const char *text_suggest(const char *word, const char *const *candidates,
                         size_t n);

/*
 * s[0..n-1] as words, into out (n bytes at least): every run of blanks
 * (spaces, tabs, CR, vertical tabs, form feeds) becomes one space, and
 * none is left at either end; other bytes, NUL too, are kept.  Returns
 * the length written (out is not NUL-terminated).  Two texts that a judge
 * reading tokens line by line takes for the same are the same words.
 */
size_t text_words(const char *s, size_t n, char *out);

#endif /* GRIDBFS_TEXT_H */
