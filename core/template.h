/*
 * template.h - a judge's answer text as a template (README, "Judge
 * files"): text with {case}, {name}, {moves} and {answer} in it, and {{
 * and }} for the braces themselves.  The config checks a template once;
 * the output fills it in for every result.
 */
#ifndef GRIDBFS_TEMPLATE_H
#define GRIDBFS_TEMPLATE_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* The placeholders, as bits of the set a template may use. */
enum {
    TPL_CASE = 1,   /* the case's number in its file, from 1 */
    TPL_NAME = 2,   /* the case's name (its id), or nothing */
    TPL_MOVES = 4,  /* the number of moves */
    TPL_ANSWER = 8, /* gridbfs's own text for the answer, lines and all */
};

/*
 * 0 if t is a template using only the placeholders in allowed, else -1
 * with why in err (cap bytes): "unknown placeholder '{x}' (expected
 * {case} or {name})" and the like.
 */
int template_check(const char *t, unsigned allowed, char *err, size_t cap);

/* How many placeholders of checked template t are in which (a set of
   TPL_* bits), each time one is used. */
unsigned template_count(const char *t, unsigned which);

/* What a template is filled in with. */
typedef struct tpl_values {
    uint64_t case_no;
    const char *name; /* or NULL */
    uint64_t moves;
    const char *answer; /* answer[0..answer_len): no final newline */
    size_t answer_len;
} tpl_values;

/* Append checked template t, filled in from v, and a newline, to sb. */
void template_write(strbuf *sb, const char *t, const tpl_values *v);

#endif /* GRIDBFS_TEMPLATE_H */
