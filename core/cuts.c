/*
 * cuts.c - cutting a regular file into pieces at record boundaries (see
 * cuts.h).  Only the bytes near each cut are read: a window from the
 * piece's nominal end to the first line that leaves no record begun.
 */
#define _POSIX_C_SOURCE 200809L
#include "cuts.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define WINDOW 4096 /* bytes read at a time looking for a cut */
#define NONE 0      /* no cut found (never a cut: from is one already) */
#define FAILED UINT64_MAX

/* Whether line s[0..n) (no newline) leaves the reader with no record
   begun, as reader.c reads it; a line it might read otherwise (too long)
   never does. */
static int line_resets(const char *s, size_t n, const cuts_shape *sh)
{
    if (n > 0 && s[n - 1] == '\r')
        n--;
    if (n > sh->max_line)
        return 0;
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i == n) /* blank: a block ends, and with it a one-board record */
        return sh->boards == 1;
    if (s[i] == '#' && sh->comments)
        return 0;
    return memchr(s, '/', n) || memchr(s, '=', n);
}

/*
 * The first cut after a line that starts at or after q (0 < q < size) and
 * ends before limit, NONE when there is none, FAILED on a read error.
 * A line that does not fit in one WINDOW is passed over, never cut after.
 */
static uint64_t cut_after(int fd, uint64_t q, uint64_t size, uint64_t limit,
                          const cuts_shape *sh)
{
    char buf[WINDOW];
    uint64_t pos = q - 1; /* buf[0] is the byte at pos */
    int skip = 1;         /* to the end of the line that holds byte pos */
    while (pos < size && pos < limit) {
        ssize_t got = pread(fd, buf, sizeof buf, (off_t)pos);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return got < 0 ? FAILED : NONE;
        size_t n = (size_t)got, i = 0;
        if (skip) {
            const char *nl = memchr(buf, '\n', n);
            if (!nl) {
                pos += n;
                continue;
            }
            i = (size_t)(nl - buf) + 1;
            skip = 0;
        }
        for (;;) { /* buf[i] starts a line */
            const char *nl = memchr(buf + i, '\n', n - i);
            if (!nl) {
                skip = i == 0; /* longer than a window: passed over */
                pos += i == 0 ? n : i;
                break;
            }
            size_t e = (size_t)(nl - buf);
            if (line_resets(buf + i, e - i, sh))
                return pos + e + 1;
            i = e + 1;
        }
    }
    return NONE;
}

uint64_t cuts_next(int fd, uint64_t from, uint64_t size, uint64_t piece,
                   uint64_t max_piece, const cuts_shape *shape)
{
    if (size - from <= piece)
        return size;
    uint64_t cut = cut_after(fd, from + piece, size, from + max_piece, shape);
    if (cut == FAILED || (cut == NONE && size - from > max_piece))
        return 0;
    return cut == NONE || cut >= size ? size : cut;
}

size_t cuts_count(int fd, uint64_t from, uint64_t size, uint64_t piece,
                  uint64_t max_piece, const cuts_shape *shape)
{
    size_t n = 0;
    while (from < size) {
        from = cuts_next(fd, from, size, piece, max_piece, shape);
        if (from == 0)
            return 0;
        n++;
    }
    return n;
}
