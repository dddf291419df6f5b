/*
 * output.h - one result per record, as judge text, CSV or JSON Lines
 * (SPEC section 4).
 *
 * Ownership: output_new() pairs with output_free(); an output is scratch
 * space for one thread.  Every string in a result is borrowed for the call.
 */
#ifndef GRIDBFS_OUTPUT_H
#define GRIDBFS_OUTPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <gridbfs/plugin.h>

#include "util.h"

enum out_format { FORMAT_JUDGE, FORMAT_CSV, FORMAT_JSONL };

enum rec_status { ST_SOLVED, ST_IMPOSSIBLE, ST_INVALID, ST_LIMIT };

typedef struct out_result {
    enum rec_status status;
    const char *source;  /* the input as named */
    uint64_t record;     /* 1-based within source */
    uint64_t line;       /* where the record starts */
    const char *id;      /* or NULL */
    const char *rule;    /* the profile's name */
    uint64_t moves;      /* when solved */
    int with_path;       /* print the path (solved only) */
    const uint16_t *path;
    size_t npath;
    const gridbfs_plugin *ops; /* to print moves, when with_path */
    const void *inst;
    const char *impossible; /* judge word, or NULL for "Impossible" */
    const char *message;    /* for invalid and limit, or NULL */
} out_result;

typedef struct output output;

/* Parse "judge", "csv" or "jsonl"; returns 0 or -1. */
int output_format(const char *name, enum out_format *fmt);

output *output_new(enum out_format fmt);
void output_free(output *o);

/* The text that comes before the first record: CSV's header row. */
void output_header(enum out_format fmt, strbuf *sb);

/* Append r, formatted, to sb. */
void output_write(output *o, const out_result *r, strbuf *sb);

#endif /* GRIDBFS_OUTPUT_H */
