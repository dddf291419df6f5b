/*
 * output.h - one result per record, as judge text, CSV or JSON Lines
 * (README, "Output").
 *
 * Ownership: output_new() pairs with output_free(); an output is scratch
 * space for one thread.  Every string in a result is borrowed for the call.
 */
#ifndef GRIDBFS_OUTPUT_H
#define GRIDBFS_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include <gridbfs/plugin.h>

#include "config.h"
#include "solve.h"
#include "util.h"

enum out_format { FORMAT_JUDGE, FORMAT_CSV, FORMAT_JSONL, FORMAT_COUNT };

/* The formats, indexed by enum out_format: -f's names and --help's text. */
typedef struct out_format_info {
    const char *name;
    const char *description;
} out_format_info;
extern const out_format_info output_formats[FORMAT_COUNT];
/* The status field's words, indexed by enum rec_status. */
extern const char *const output_status_names[ST_COUNT];
/* The names -f and defaults.format take, for messages: "judge, csv or
   jsonl", into buf (cap bytes). */
const char *output_format_list(char *buf, size_t cap);

typedef struct out_result {
    const char *source; /* the input as named */
    uint64_t record;    /* 1-based within source */
    uint64_t line;      /* where the record starts */
    const char *id;     /* or NULL */
    const char *rule;   /* the profile's name */
    solve_result ans;
    int with_path;              /* print the path (solved only) */
    const gridbfs_plugin2 *ops; /* to print moves, when with_path */
    const void *inst;
    const cfg_profile *profile; /* its answer templates, or NULL */
} out_result;

typedef struct output output;

/* Look up a format by name; returns 0 or -1. */
int output_format(const char *name, enum out_format *fmt);

output *output_new(enum out_format fmt);
void output_free(output *o);

/* The text that comes before the first record: CSV's header row. */
void output_header(enum out_format fmt, strbuf *sb);

/* str as a JSON string, quotes included; invalid UTF-8 becomes U+FFFD. */
void output_json_string(strbuf *sb, const char *str);
/* s as an RFC 4180 field: quoted when it holds a comma, quote, CR or LF;
   invalid UTF-8 becomes U+FFFD. */
void output_csv_field(strbuf *sb, const char *s);

/* Room for one move's text. */
#define OUTPUT_MOVE_TEXT_MAX 64

/* Move m of the rule (ops, inst) as text in style (GRIDBFS_MOVE_*), in buf
   (OUTPUT_MOVE_TEXT_MAX bytes), or "?" if the plugin could not write it. */
const char *output_move_text(const gridbfs_plugin2 *ops, const void *inst,
                             uint32_t m, int style, char *buf);

/*
 * Check every move's text of the rule (ops, inst with moves moves), in
 * both styles, as the core would print it: move_text() returns -1 (the
 * core prints "?"), or the length of a NUL-terminated text in its buffer
 * (plugins/README.md, "Move text"): printable ASCII, not empty, no space
 * at either end, and in GRIDBFS_MOVE_COMPACT none at all.  Returns 0, or -1
 * with why in why (cap bytes: "move_text() gave ...", the text quoted).  Run
 * once per rule instance (rules.c), so the output takes every text on trust.
 */
int output_check_move_texts(const gridbfs_plugin2 *ops, const void *inst,
                            uint32_t moves, char *why, size_t cap);

/*
 * Before output_write(r): in the judge format, where r is solved and its
 * plugin writes its own judge text, that text (judge_text()) checked
 * against the contract: lines of printable ASCII, each ending in '\n'.
 * Kept for the next output_write(), so it is asked for once.  Returns 0;
 * or -1 when it broke the contract: then r->ans is made invalid, with why
 * in msg (RULES_MSG_MAX bytes), to be reported as any invalid record.
 */
int output_vet(output *o, out_result *r, char *msg);

/* Append r, formatted, to sb. */
void output_write(output *o, const out_result *r, strbuf *sb);

#endif /* GRIDBFS_OUTPUT_H */
