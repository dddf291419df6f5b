/* text.c - see text.h. */
#include "text.h"

#include <stdio.h>
#include <string.h>

#include <gridbfs/plugin.h>

#define SUGGEST_MAX_LEN 64 /* longer words get no suggestion */
#define SUGGEST_DIST 2

int text_u64(const char *s, size_t n, uint64_t min, uint64_t max, uint64_t *v)
{
    uint64_t x = 0;

    if (n == 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (s[i] < '0' || s[i] > '9' || x > (max - d) / 10 || d > max)
            return -1;
        x = x * 10 + d;
    }
    if (x < min)
        return -1;
    *v = x;
    return 0;
}

int text_size(const char *s, size_t n, uint32_t *rows, uint32_t *cols)
{
    const char *x = memchr(s, 'x', n);
    uint64_t r, c;

    if (!x)
        x = memchr(s, 'X', n);
    if (!x || text_u64(s, (size_t)(x - s), 1, GRIDBFS2_MAX_SIDE, &r) ||
        text_u64(x + 1, n - (size_t)(x - s) - 1, 1, GRIDBFS2_MAX_SIDE, &c))
        return -1;
    *rows = (uint32_t)r;
    *cols = (uint32_t)c;
    return 0;
}

size_t text_utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
               : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
               : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
                                              : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (n == 3 &&
        ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0)))
        return 0; /* overlong, or a UTF-16 surrogate */
    if (n == 4 &&
        ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90)))
        return 0; /* overlong, or past U+10FFFF */
    return n;
}

const char *text_cell(char c, char buf[8])
{
    if (c > ' ' && c < 0x7f)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "0x%02x", (unsigned char)c);
    return buf;
}

/* Whether the character u[0..n) is a control: C0, DEL, C1 (U+0080 to
   U+009F: NEL breaks lines, CSI starts escapes) or U+2028 and U+2029,
   Unicode's line and paragraph separators. */
static int is_control(const unsigned char *u, size_t n)
{
    return (n == 1 && (u[0] < 0x20 || u[0] == 0x7f)) ||
           (n == 2 && u[0] == 0xC2 && u[1] < 0xA0) ||
           (n == 3 && u[0] == 0xE2 && u[1] == 0x80 &&
            (u[2] == 0xA8 || u[2] == 0xA9));
}

const char *text_quote(char *buf, size_t cap, const char *s)
{
    const unsigned char *u = (const unsigned char *)(s ? s : "");
    size_t len = 0, cut = 0; /* cut: the last boundary with room for "..." */

    while (*u) {
        size_t n = text_utf8_len(u);
        int shown = n > 0 && !is_control(u, n);
        size_t w = shown ? n : 1; /* bytes written: the character, or '?' */
        if (len + w + 1 > cap) {
            memcpy(buf + cut, "...", 4);
            return buf;
        }
        if (shown)
            memcpy(buf + len, u, w);
        else
            buf[len] = '?';
        len += w;
        u += n ? n : 1;
        if (len + 4 <= cap)
            cut = len;
    }
    buf[len] = '\0';
    return buf;
}

/* c in lowercase (ASCII only: names and keys are ASCII). */
static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Levenshtein distance of two words of at most SUGGEST_MAX_LEN bytes,
   letters compared without their case. */
static size_t distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t prev[SUGGEST_MAX_LEN + 1], cur[SUGGEST_MAX_LEN + 1];

    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t best = prev[j - 1] + (lower(a[i - 1]) != lower(b[j - 1]));
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            cur[j] = best;
        }
        memcpy(prev, cur, (lb + 1) * sizeof *prev);
    }
    return prev[lb];
}

const char *text_suggest(const char *word, const char *const *candidates,
                         size_t n)
{
    const char *best = NULL;
    size_t best_d = SUGGEST_DIST + 1, lw = strlen(word);

    if (lw > SUGGEST_MAX_LEN)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        size_t lc = strlen(candidates[i]);
        if (lc > SUGGEST_MAX_LEN || lw > lc + SUGGEST_DIST ||
            lc > lw + SUGGEST_DIST)
            continue;
        size_t d = distance(word, lw, candidates[i], lc);
        if (d < best_d) {
            best = candidates[i];
            best_d = d;
        }
    }
    for (size_t i = 0; !best && lw && i < n; i++) {
        size_t k = 0;
        while (k < lw && lower(candidates[i][k]) == lower(word[k]))
            k++;
        if (k == lw)
            best = candidates[i];
    }
    return best;
}

size_t text_words(const char *s, size_t n, char *out)
{
    size_t len = 0;
    int gap = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f') {
            gap = len > 0;
            continue;
        }
        if (gap)
            out[len++] = ' ';
        gap = 0;
        out[len++] = ch;
    }
    return len;
}
