/*
 * template.c - judge answer templates (see template.h).
 */
#include "template.h"

#include <string.h>

#include "text.h"

static const struct {
    const char *name; /* with its braces */
    unsigned bit;
} placeholders[] = {
    {"{case}", TPL_CASE},
    {"{name}", TPL_NAME},
    {"{moves}", TPL_MOVES},
    {"{answer}", TPL_ANSWER},
};
#define NPLACEHOLDERS (sizeof placeholders / sizeof placeholders[0])

/* The placeholder t starts with (t[0] is '{'), or -1. */
static int placeholder_at(const char *t)
{
    for (size_t k = 0; k < NPLACEHOLDERS; k++) {
        size_t n = strlen(placeholders[k].name);
        if (strncmp(t, placeholders[k].name, n) == 0)
            return (int)k;
    }
    return -1;
}

/* "{case}, {name} or {moves}": the placeholders in allowed. */
static void list_allowed(unsigned allowed, char *buf, size_t cap)
{
    size_t len = 0, left = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < NPLACEHOLDERS; k++)
        left += (allowed & placeholders[k].bit) != 0;
    for (size_t k = 0; k < NPLACEHOLDERS && len < cap; k++) {
        if (!(allowed & placeholders[k].bit))
            continue;
        left--;
        fmt(buf + len, cap - len, "%s%s", placeholders[k].name,
            left == 0   ? ""
            : left == 1 ? " or "
                        : ", ");
        len += strlen(buf + len);
    }
}

int template_check(const char *t, unsigned allowed, char *err, size_t cap)
{
    char list[64], shown[TEXT_QUOTE_BUF];
    for (const char *s = t; *s; s++) {
        if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}')) {
            s++;
            continue;
        }
        if (*s == '}') {
            fmt(err, cap, "a lone '}' (write '}}' for the brace itself)");
            return -1;
        }
        if (*s != '{')
            continue;
        int k = placeholder_at(s);
        if (k >= 0 && (allowed & placeholders[k].bit)) {
            s += strlen(placeholders[k].name) - 1;
            continue;
        }
        const char *close = strchr(s, '}');
        size_t n = close ? (size_t)(close - s) + 1 : strlen(s);
        char name[TEXT_QUOTE_BUF];
        if (n >= sizeof name)
            n = sizeof name - 1;
        memcpy(name, s, n);
        name[n] = '\0';
        list_allowed(allowed, list, sizeof list);
        fmt(err, cap,
            "%s placeholder '%s' (expected %s, or '{{' for the brace)",
            k >= 0 ? "no" : "unknown", text_quote(shown, sizeof shown, name),
            list);
        return -1;
    }
    return 0;
}

unsigned template_count(const char *t, unsigned which)
{
    unsigned n = 0;
    for (const char *s = strchr(t, '{'); s; s = strchr(s + 1, '{')) {
        if (s[1] == '{') { /* the brace itself */
            s++;
            continue;
        }
        int k = placeholder_at(s);
        n += k >= 0 && (which & placeholders[k].bit);
    }
    return n;
}

void template_write(strbuf *sb, const char *t, const tpl_values *v)
{
    for (const char *s = t; *s;) {
        const char *brace = strpbrk(s, "{}");
        if (!brace) {
            sb_add(sb, s, strlen(s));
            break;
        }
        sb_add(sb, s, (size_t)(brace - s));
        if (brace[1] == *brace) { /* {{ or }} */
            sb_putc(sb, *brace);
            s = brace + 2;
            continue;
        }
        int k = placeholder_at(brace); /* checked: one of them */
        switch (k >= 0 ? placeholders[k].bit : 0) {
        case TPL_CASE: sb_u64(sb, v->case_no); break;
        case TPL_NAME:
            if (v->name)
                sb_add(sb, v->name, strlen(v->name));
            break;
        case TPL_MOVES: sb_u64(sb, v->moves); break;
        case TPL_ANSWER: sb_add(sb, v->answer, v->answer_len); break;
        default:
            sb_putc(sb, *brace);
            s = brace + 1;
            continue;
        }
        s = brace + strlen(placeholders[k].name);
    }
    sb_putc(sb, '\n');
}
