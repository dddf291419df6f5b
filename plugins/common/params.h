/*
 * params.h - parameter helpers shared by the in-tree rule plugins.
 *
 * Internal to this tree: not part of the plugin ABI and never installed.
 * params.c is compiled into each plugin; plugins are built with
 * -fvisibility=hidden, so these functions stay inside each .so.
 *
 * Ownership: every pointer argument is borrowed; nothing here allocates.
 * Strings returned point into the caller's buffers or its tables.
 */
#ifndef GRIDBFS_PLUGINS_PARAMS_H
#define GRIDBFS_PLUGINS_PARAMS_H

#include <gridbfs/plugin.h>

#define PARAM_SHOW_MAX 40  /* bytes of a bad value quoted in a message */

/* What the parsers below accept, for "KEY: expected ..." messages. */
#define PARAM_SIZE_EXPECTED "RxC with 1..32 rows and columns"
#define PARAM_BOOL_EXPECTED "true or false"
#define PARAM_CELLS_EXPECTED \
    "two distinct printable characters, not blank, '#', '/' or '='"

/*
 * Report a refusal in err (which may be NULL): set err->param to param and
 * format the message into err->text, truncated to err->cap.  Always -1.
 */
__attribute__((format(printf, 3, 4)))
int param_fail(gridbfs_error *err, long param, const char *format, ...);

/*
 * s (NULL reads as "") for quoting in a one-line message, written to buf:
 * at most PARAM_SHOW_MAX bytes, cut at a UTF-8 character boundary, control
 * characters as '?'.  Returns buf.
 */
const char *param_show(const char *s, char buf[PARAM_SHOW_MAX + 1]);

/*
 * Sort params by key into val[] (indexed like doc[0..nkeys-1], preset to
 * the defaults) and at[] (the index of the parameter that set each, or -1).
 * A NULL key or value reads as "".  Refuses an unknown key (suggesting a
 * known one within a small edit distance) and a repeated one.  0 or -1.
 */
int param_collect(const gridbfs_param_doc *doc, size_t nkeys,
                  const gridbfs_param *params, size_t nparams,
                  const char **val, long *at, gridbfs_error *err);

/*
 * Refuse a value that did not parse: "KEY: expected EXPECTED, got 'VALUE'"
 * with VALUE quoted by param_show(), blamed on parameter at.  Always -1.
 */
int param_refuse(gridbfs_error *err, long at, const char *key,
                 const char *expected, const char *value);

/* Parse "RxC" exactly: digits only, sides 1..GRIDBFS_MAX_SIDE.  0 or -1. */
int param_size(const char *s, uint32_t *rows, uint32_t *cols);

/* Parse a decimal number 0..max (max <= UINT32_MAX / 10), digits only,
   into *out.  0 or -1. */
int param_count(const char *s, uint32_t max, uint32_t *out);

/* The index of s in the NULL-terminated words, or -1. */
int param_pick(const char *s, const char *const *words);

/* "false" is 0, "true" is 1, anything else -1. */
int param_bool(const char *s);

/*
 * Parse "cells": two distinct printable ASCII characters, not blank and not
 * input syntax ('#', '/', '='), the one for 1 then the one for 0.  0 or -1.
 */
int param_cells(const char *s, char *one, char *zero);

#endif /* GRIDBFS_PLUGINS_PARAMS_H */
