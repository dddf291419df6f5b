/*
 * params.c - parameter helpers shared by the in-tree rule plugins: the
 * key table walk, the common value parsers and the refusal messages.
 * See params.h for the contracts.
 */
#include "params.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

#define KEYS_MAX 16 /* known keys a plugin may document */

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

/* Refuse params[i], whose key is not in doc, suggesting a close one. */
static int unknown_key(const gridbfs_param_doc *doc, const char *key, long i,
                       gridbfs_error *err)
{
    char shown[TEXT_QUOTE_BUF];
    const char *keys[KEYS_MAX], *best;
    size_t n = 0;

    for (; doc->key && n < KEYS_MAX; doc++)
        keys[n++] = doc->key;
    best = text_suggest(key, keys, n);
    text_quote(shown, sizeof shown, key);
    if (best)
        return param_fail(err, i, "unknown parameter '%s' (did you mean '%s'?)",
                          shown, best);
    return param_fail(err, i, "unknown parameter '%s'", shown);
}

int param_collect(const gridbfs_param_doc *doc, size_t nkeys,
                  const gridbfs_param *params, size_t nparams, const char **val,
                  long *at, gridbfs_error *err)
{
    size_t k;
    char shown[TEXT_QUOTE_BUF];

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
                              text_quote(shown, sizeof shown, key));
        val[k] = params[i].value ? params[i].value : "";
        at[k] = (long)i;
    }
    return 0;
}

int param_refuse(gridbfs_error *err, long at, const char *key,
                 const char *expected, const char *value)
{
    char shown[TEXT_QUOTE_BUF];

    return param_fail(err, at, "%s: expected %s, got '%s'", key, expected,
                      text_quote(shown, sizeof shown, value));
}

/* The ABI since which the core sets rule->rows and rule->cols: 1.2 (the
   header's own GRIDBFS_ABI moves on with every minor). */
#define PARAM_SIZE_MINOR 2

int param_size(const gridbfs_rule *rule, gridbfs_error *err)
{
    if (rule->abi >= ((uint32_t)GRIDBFS_ABI_MAJOR << 16 | PARAM_SIZE_MINOR) &&
        rule->abi >> 16 == GRIDBFS_ABI_MAJOR && rule->rows >= 1 &&
        rule->cols >= 1 && rule->rows <= GRIDBFS_MAX_SIDE &&
        rule->cols <= GRIDBFS_MAX_SIDE)
        return 0;
    return param_fail(err, -1,
                      "needs a gridbfs that gives the board size (plugin ABI "
                      "%d.%d or later)",
                      GRIDBFS_ABI_MAJOR, PARAM_SIZE_MINOR);
}

int param_count(const char *s, uint32_t max, uint32_t *out)
{
    uint64_t v;

    if (text_u64(s, strlen(s), 0, max, &v) < 0)
        return -1;
    *out = (uint32_t)v;
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
    if (!gridbfs_cell_char(s[0]) || !gridbfs_cell_char(s[1]) || s[2] != '\0' ||
        s[0] == s[1])
        return -1;
    *one = s[0];
    *zero = s[1];
    return 0;
}
