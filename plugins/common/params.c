/*
 * params.c - parameter helpers shared by the in-tree rule plugins: the
 * key table walk, the common value parsers and the refusal messages.
 * See params.h for the contracts.
 */
#include "params.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define SUGGEST_DIST 2  /* suggest a known key this close to an unknown */
#define KEY_MAX 64      /* longer keys are never close to a known one */

int param_fail(gridbfs_error *err, long param, const char *format, ...)
{
    if (!err)
        return -1;
    err->param = param;
    if (err->text && err->cap > 0) {
        va_list ap;

        va_start(ap, format);
        vsnprintf(err->text, err->cap, format, ap);
        va_end(ap);
    }
    return -1;
}

const char *param_show(const char *s, char buf[PARAM_SHOW_MAX + 1])
{
    size_t n = 0;

    for (; s && s[n] && n < PARAM_SHOW_MAX; n++)
        buf[n] = (unsigned char)s[n] < 0x20 || s[n] == 0x7f ? '?' : s[n];
    while (s && s[n] && n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
        n--;
    buf[n] = '\0';
    return buf;
}

/* Levenshtein distance of two short strings (each under KEY_MAX bytes). */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), prev[KEY_MAX + 1], cur[KEY_MAX + 1];

    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
            size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
            size_t min = sub < del ? sub : del;

            cur[j] = min < ins ? min : ins;
        }
        memcpy(prev, cur, (lb + 1) * sizeof *prev);
    }
    return prev[lb];
}

/* Refuse params[i], whose key is not in doc, suggesting a close one. */
static int unknown_key(const gridbfs_param_doc *doc, const char *key, long i,
                       gridbfs_error *err)
{
    char shown[PARAM_SHOW_MAX + 1];
    const char *best = NULL;
    size_t best_dist = SUGGEST_DIST + 1;

    for (; doc->key && strlen(key) < KEY_MAX; doc++) {
        size_t dist = strlen(doc->key) < KEY_MAX ? distance(key, doc->key)
                                                 : SIZE_MAX;
        if (dist < best_dist) {
            best = doc->key;
            best_dist = dist;
        }
    }
    param_show(key, shown);
    if (best)
        return param_fail(err, i,
                          "unknown parameter '%s' (did you mean '%s'?)",
                          shown, best);
    return param_fail(err, i, "unknown parameter '%s'", shown);
}

int param_collect(const gridbfs_param_doc *doc, size_t nkeys,
                  const gridbfs_param *params, size_t nparams,
                  const char **val, long *at, gridbfs_error *err)
{
    size_t k;
    char shown[PARAM_SHOW_MAX + 1];

    for (k = 0; k < nkeys; k++) {
        val[k] = doc[k].default_value;
        at[k] = -1;
    }
    for (size_t i = 0; i < nparams; i++) {
        const char *key = params[i].key ? params[i].key : "";

        for (k = 0; k < nkeys && strcmp(doc[k].key, key) != 0; k++)
            ;
        if (k == nkeys)
            return unknown_key(doc, key, (long)i, err);
        if (at[k] >= 0)
            return param_fail(err, (long)i, "duplicate parameter '%s'",
                              param_show(key, shown));
        val[k] = params[i].value ? params[i].value : "";
        at[k] = (long)i;
    }
    return 0;
}

int param_refuse(gridbfs_error *err, long at, const char *key,
                 const char *expected, const char *value)
{
    char shown[PARAM_SHOW_MAX + 1];

    return param_fail(err, at, "%s: expected %s, got '%s'", key, expected,
                      param_show(value, shown));
}

int param_size(const char *s, uint32_t *rows, uint32_t *cols)
{
    uint32_t v[2] = {0, 0};

    for (int i = 0; i < 2; i++) {
        const char *digits = s;

        for (; *s >= '0' && *s <= '9' && v[i] <= GRIDBFS_MAX_SIDE; s++)
            v[i] = v[i] * 10 + (uint32_t)(*s - '0');
        if (s == digits || v[i] < 1 || v[i] > GRIDBFS_MAX_SIDE ||
            *s++ != (i == 0 ? 'x' : '\0'))
            return -1;
    }
    *rows = v[0];
    *cols = v[1];
    return 0;
}

int param_count(const char *s, uint32_t max, uint32_t *out)
{
    uint32_t v = 0;
    const char *digits = s;

    for (; *s >= '0' && *s <= '9' && v <= max; s++)
        v = v * 10 + (uint32_t)(*s - '0');
    if (s == digits || *s != '\0' || v > max)
        return -1;
    *out = v;
    return 0;
}

int param_pick(const char *s, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(s, words[i]) == 0)
            return i;
    return -1;
}

int param_bool(const char *s)
{
    static const char *const bools[] = {"false", "true", NULL};

    return param_pick(s, bools);
}

int param_cells(const char *s, char *one, char *zero)
{
    for (int i = 0; i < 2; i++)
        if (s[i] <= ' ' || s[i] >= 0x7f || strchr("#/=", s[i]))
            return -1;
    if (s[2] != '\0' || s[0] == s[1])
        return -1;
    *one = s[0];
    *zero = s[1];
    return 0;
}
