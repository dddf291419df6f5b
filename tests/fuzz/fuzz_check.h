/*
 * fuzz_check.h - checks shared by the fuzz targets, written apart from the
 * core so that they check it rather than repeat it: an RFC 4180 record
 * parser, a JSON Lines parser for the objects gridbfs writes, and the
 * U+FFFD policy for invalid UTF-8 from the README, implemented from the
 * Unicode table of well-formed sequences (Unicode 15, table 3-7).
 *
 * Ownership: every pointer argument is borrowed; strings a parser returns
 * live in the fuzz_fields it filled, until fuzz_fields_free().
 *
 * A failed check is a finding: FUZZ_CHECK prints what and where, then
 * aborts, so libFuzzer saves the input and prints the stack.
 */
#ifndef GRIDBFS_FUZZ_CHECK_H
#define GRIDBFS_FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "output.h"

#define PAGE 4096            /* a pipe packet's most, in O_DIRECT mode */
#define PIPE_BYTES (1 << 20) /* room for PIPE_SLOTS packets */
#define PIPE_SLOTS (PIPE_BYTES / PAGE)
#define PIPE_DEFAULT_SLOTS 16 /* pipe(7): 65536 bytes by default */
#define READER_BUFFER 65536   /* reader.c's READ_CHUNK, its first buffer */
#define PIPE_INPUT_MAX (READER_BUFFER - PIPE_SLOTS)

/*
 * A file descriptor to read d[0..n) from, at offset 0: a pipe in packet
 * mode (O_DIRECT) holding it in packets of the given size, so that each
 * read(2) returns one, write end closed, read end blocking as any pipe's;
 * or a memory file when packet is 0.  Never more packets than PIPE_SLOTS
 * (a write must not block).
 */
int fuzz_input_fd(const void *d, size_t n, size_t packet);

/* The fields of one CSV or JSON Lines result. */
#define FUZZ_FIELDS 9

typedef struct fuzz_fields {
    char *text[FUZZ_FIELDS]; /* decoded, NUL-terminated; NULL for JSON null */
    int string[FUZZ_FIELDS]; /* JSON: the value was a string, not a number */
    size_t n;                /* fields found */
    const char *error;       /* why the text is malformed, or NULL */
} fuzz_fields;

void fuzz_fields_free(fuzz_fields *f);

__attribute__((noreturn, format(printf, 3, 4))) void
fuzz_fail(const char *file, int line, const char *format, ...);

#define FUZZ_CHECK(cond, ...)                                                  \
    do {                                                                       \
        if (!(cond))                                                           \
            fuzz_fail(__FILE__, __LINE__, __VA_ARGS__);                        \
    } while (0)

/*
 * One RFC 4180 record at s[0..n), ended by LF (gridbfs writes LF line ends):
 * unquoted fields hold no comma, quote, CR or LF; quoted ones double their
 * quotes.  Returns the bytes the record took, or 0 if s does not start with
 * a well-formed record (then f holds no fields and error says why).
 */
size_t fuzz_csv_record(const char *s, size_t n, fuzz_fields *f);

/*
 * One JSON Lines object at s[0..n), ended by LF, with the keys of keys[] in
 * this order and each value a string, a whole number or null (numbers are
 * kept as their text).  The line must be valid UTF-8 with no raw control
 * character.  Returns the bytes taken, or 0 if malformed (as above).
 */
size_t fuzz_jsonl_record(const char *s, size_t n, const char *const *keys,
                         size_t nkeys, fuzz_fields *f);

/*
 * s with every byte that does not start a well-formed UTF-8 sequence
 * replaced by U+FFFD, one per byte: what gridbfs promises JSON Lines
 * readers.  The caller frees the result.
 */
char *fuzz_utf8_sanitize(const char *s);

/* Whether s[0..n) is well-formed UTF-8. */
int fuzz_utf8_valid(const char *s, size_t n);

/*
 * Check that text[0..n) starts with r as output_write() must write it in
 * fmt, field by field, and return the bytes r took.  Moves are asked of
 * r->ops->move_text() with a 64-byte buffer (output.c's MOVE_TEXT_MAX); one
 * that does not fit is "?".  The judge text of a solved puzzle is the
 * plugin's judge_text() when it has one that writes any (r->ops may be
 * NULL: then there is no plugin).
 */
size_t fuzz_check_result(enum out_format fmt, const out_result *r,
                         const char *text, size_t n);

/* Check that text[0..n) starts with the CSV header; returns its length. */
size_t fuzz_check_csv_header(const char *text, size_t n);

#endif /* GRIDBFS_FUZZ_CHECK_H */
