/*
 * params.h - parameter helpers shared by the in-tree rule plugins.
 *
 * Internal to this tree: not part of the plugin ABI and never installed.
 * params.c is compiled into each plugin; plugins are built with
 * -fvisibility=hidden, so these functions stay inside each .so.  Values
 * are read and quoted by the notations the core uses (common/text.h).
 *
 * Ownership: every pointer argument is borrowed; nothing here allocates.
 * Strings returned point into the caller's buffers or its tables.
 */
#ifndef GRIDBFS_PLUGINS_PARAMS_H
#define GRIDBFS_PLUGINS_PARAMS_H

#include <gridbfs/plugin.h>

/* What the parsers below accept, for "KEY: expected ..." messages. */
#define PARAM_BOOL_EXPECTED "true or false"
#define PARAM_CELLS_EXPECTED                                                   \
    "two distinct printable characters, not blank, '/' or '='"

/*
 * Report a refusal in err (which may be NULL): set err->param to param and
 * format the message into err->text, truncated to err->cap.  Always -1.
 */
__attribute__((format(printf, 3, 4))) int
param_fail(gridbfs_error *err, long param, const char *format, ...);

/*
 * Sort params by key into val[] (indexed like doc[0..nkeys-1], preset to
 * the defaults) and at[] (the index of the parameter that set each, or -1).
 * A NULL key or value reads as "".  Refuses an unknown key (suggesting a
 * known one within a small edit distance) and a repeated one.  0 or -1.
 */
int param_collect(const gridbfs_param_doc *doc, size_t nkeys,
                  const gridbfs_param *params, size_t nparams, const char **val,
                  long *at, gridbfs_error *err);

/*
 * Refuse a value that did not parse: "KEY: expected EXPECTED, got 'VALUE'"
 * with VALUE quoted by text_quote(), blamed on parameter at.  Always -1.
 */
int param_refuse(gridbfs_error *err, long at, const char *key,
                 const char *expected, const char *value);

/*
 * The board size is the core's: it sets rule->rows and rule->cols before
 * create() (ABI 1.2), by the one RxC grammar.  0 when it did, else -1 with
 * a refusal in err (an older gridbfs).
 */
int param_size(const gridbfs_rule *rule, gridbfs_error *err);

/* Parse a whole number 0..max (text_u64's grammar) into *out.  0 or -1. */
int param_count(const char *s, uint32_t max, uint32_t *out);

/* The index of s in the NULL-terminated words, or -1. */
int param_pick(const char *s, const char *const *words);

/* "false" is 0, "true" is 1, anything else -1. */
int param_bool(const char *s);

/*
 * Parse "cells": two distinct characters that gridbfs_cell_char() accepts,
 * the one for 1 then the one for 0.  0 or -1.
 */
int param_cells(const char *s, char *one, char *zero);

#endif /* GRIDBFS_PLUGINS_PARAMS_H */
