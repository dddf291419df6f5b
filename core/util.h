/*
 * util.h - the out-of-memory policy and small helpers shared by the core.
 *
 * Out of memory is not a recoverable condition for a filter: xmalloc and
 * friends print "gridbfs: out of memory" and exit with status 2.
 */
#ifndef GRIDBFS_UTIL_H
#define GRIDBFS_UTIL_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define PROGRAM_NAME "gridbfs"

/* The exit statuses, for the whole program (README, "Usage"). */
enum exit_status {
    EXIT_ANSWERED = 0, /* every record solved or proven impossible */
    EXIT_RECORDS = 1,  /* some record invalid or over a limit */
    EXIT_TROUBLE = 2   /* a usage, configuration, plugin or I/O error */
};

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* realloc for an array of n elements of size bytes, checking overflow. */
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/*
 * A growable byte buffer.  Zero-initialise it; sb_free() releases it.
 * Its bytes are not NUL-terminated.
 */
typedef struct strbuf {
    char *p;
    size_t len, cap;
} strbuf;

void sb_grow(strbuf *sb, size_t more);
void sb_free(strbuf *sb);
void sb_printf(strbuf *sb, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void sb_vprintf(strbuf *sb, const char *format, va_list ap)
    __attribute__((format(printf, 2, 0)));
void sb_u64(strbuf *sb, unsigned long long v);

/* Eight bytes at a time (SWAR), for the reader and the parser. */
#define BYTES(c) (0x0101010101010101ull * (unsigned char)(c))

/* The eight bytes at p as a word whose byte i (bits 8i..8i+7) is p[i],
   whatever the machine's byte order. */
static inline unsigned long long load_le64(const void *p)
{
    unsigned long long x;
    memcpy(&x, p, sizeof x);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return x;
}

/* The high bit of every byte of x that is zero, and no other bit (exact:
   no borrow from one byte to the next). */
static inline unsigned long long zero_bytes(unsigned long long x)
{
    const unsigned long long lows = 0x7f7f7f7f7f7f7f7full;
    return ~(((x & lows) + lows) | x | lows);
}

static inline void sb_add(strbuf *sb, const char *s, size_t n)
{
    if (sb->cap - sb->len < n)
        sb_grow(sb, n);
    if (n > 16)
        memcpy(sb->p + sb->len, s, n);
    else /* short strings: cheaper than calling memcpy */
        for (size_t i = 0; i < n; i++)
            sb->p[sb->len + i] = s[i];
    sb->len += n;
}

static inline void sb_puts(strbuf *sb, const char *s)
{
    sb_add(sb, s, strlen(s));
}

static inline void sb_putc(strbuf *sb, char c)
{
    if (sb->len == sb->cap)
        sb_grow(sb, 1);
    sb->p[sb->len++] = c;
}

/*
 * The memory budget (limits.memory) that the threads' search workspaces
 * and the distance tables share: what one takes, the others cannot.
 * Zero-initialise used; cap 0 is no limit.  Safe to share between threads.
 * How it is split, and how a search gets its share whatever -j: budget.h.
 */
typedef struct membudget {
    atomic_size_t used;
    size_t cap;
    struct membudget *parent; /* taken from too (a share of it), or NULL */
    size_t share;             /* the most one search may hold; 0: cap */
    atomic_size_t parked;     /* idle workspaces' bytes, at most cap/16 */
    struct budget_gate *gate; /* lets a search run alone (budget.h) */
} membudget;

/* Take n bytes of m (NULL: no budget) and of its parent; 0, or -1 when
   they are not left. */
int budget_take(membudget *m, size_t n);
/* Give back n bytes taken. */
void budget_give(membudget *m, size_t n);
/* Whether n bytes of m (and its parent) are left now (always, for no
   budget). */
int budget_has(const membudget *m, size_t n);

/* The monotonic clock, in nanoseconds. */
uint64_t now_ns(void);

/* snprintf that never overflows and always NUL-terminates (cap > 0). */
void fmt(char *buf, size_t cap, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* GRIDBFS_UTIL_H */
