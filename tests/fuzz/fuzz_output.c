/*
 * fuzz_output.c - libFuzzer target for the output writers (core/output.c):
 * a result with fuzzed source, id, rule, message, judge word and move texts
 * is written in every format, twice with the same output (the source and
 * rule strings changed in place in between: output.h lends them for the
 * call only), and read back:
 * CSV by an RFC 4180 parser (nine fields, each equal to what was written),
 * JSON Lines by a strict parser (valid UTF-8, no raw control character,
 * invalid UTF-8 in the input as U+FFFD), judge text byte for byte.
 *
 * Input: 4 header bytes, then NUL-separated strings (see README.md):
 *   [0] flags: bits 0-1 status, bit 2 print the path, bit 3 no id,
 *       bit 4 no message, bit 5 no judge word, bits 6-7 the plugin: move
 *       texts only, its own judge text too, a judge text longer than the
 *       first rooms offered, or an ABI 1.0 table (its judge_text past its
 *       size, never called).  A judge_text() that never fits is left out:
 *       output.c offers up to 1 MiB before giving up, a slow record under
 *       AddressSanitizer, which would starve the fuzzer.
 *   [1..3] record, line and moves: the byte itself below NUMBER_SPECIAL,
 *       else one of special_numbers[] (the largest values)
 *   source \0 id \0 rule \0 message \0 impossible \0 move text \0 path
 * where path is the rest: one move id per byte.  A missing string is "".
 * The judge word is the impossible text of a profile (its braces doubled,
 * so that the template is the word itself).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi1.h"
#include "fuzz_check.h"
#include "output.h"
#include "util.h"

#define HEADER 4
#define MOVE_TEXT 64   /* room for one move's judge text */
#define BIG_TEXT 20000 /* a judge text needing several offers of room */
#define NSTRINGS 6
#define NUMBER_SPECIAL 0xF8
#define WRITES 2 /* results written with one output, to reuse its buffer */

enum {
    F_STATUS = 3,
    F_PATH = 1 << 2,
    F_NO_ID = 1 << 3,
    F_NO_MSG = 1 << 4,
    F_NO_WORD = 1 << 5,
    F_PLUGIN_SHIFT = 6 /* bits 6-7: which of plugins[] */
};

static const uint64_t special_numbers[] = {
    UINT64_MAX,        UINT64_MAX - 1, (uint64_t)INT64_MAX + 1, INT64_MAX,
    UINT32_MAX + 1ull, UINT32_MAX,     10000000000000000000ull, 999};

static uint64_t number(uint8_t b)
{
    return b < NUMBER_SPECIAL ? b : special_numbers[b - NUMBER_SPECIAL];
}

/* The fake plugin's move text: the fuzzed text and the move number, in the
   judge's "TEXT N" or the compact "TEXT,N"; -1 when it does not fit. */
static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    int n = snprintf(buf, cap, style == GRIDBFS_MOVE_JUDGE ? "%s %u" : "%s,%u",
                     (const char *)inst, (unsigned)move);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

/* The fake plugin's own judge text: a first line, then each move's judge
   text (or "?") when the path is asked for; -1 when it does not fit. */
static int judge_text(const void *inst, const uint16_t *moves, size_t n,
                      int with_path, char *buf, size_t cap)
{
    int k = snprintf(buf, cap, "%zu moves, said the plugin\n", n);
    size_t at = k < 0 ? cap : (size_t)k;

    for (size_t i = 0; with_path && i < n && at < cap; i++) {
        char line[MOVE_TEXT];
        if (move_text(inst, moves[i], GRIDBFS_MOVE_JUDGE, line, sizeof line) <
            0)
            strcpy(line, "?");
        k = snprintf(buf + at, cap - at, "%s\n", line);
        at = k < 0 ? cap : at + (size_t)k;
    }
    return at < cap ? (int)at : -1;
}

/* A judge text too long for the core's first offers of room: the same,
   then a line of BIG_TEXT bytes. */
static int judge_big(const void *inst, const uint16_t *moves, size_t n,
                     int with_path, char *buf, size_t cap)
{
    int k = judge_text(inst, moves, n, with_path, buf, cap);
    size_t at = (size_t)k;

    if (k < 0 || cap - at <= BIG_TEXT + 1)
        return -1;
    memset(buf + at, 'x', BIG_TEXT);
    buf[at + BIG_TEXT] = '\n';
    buf[at + BIG_TEXT + 1] = '\0';
    return (int)(at + BIG_TEXT + 1);
}

/* The plugins a result may come from, by bits 6-7 of the flags. */
static const gridbfs_plugin plugins[] = {
    {.abi = GRIDBFS_ABI,
     .size = sizeof(gridbfs_plugin),
     .name = "fuzz",
     .move_text = move_text},
    {.abi = GRIDBFS_ABI,
     .size = sizeof(gridbfs_plugin),
     .name = "fuzz-judge",
     .move_text = move_text,
     .judge_text = judge_text},
    {.abi = GRIDBFS_ABI,
     .size = sizeof(gridbfs_plugin),
     .name = "fuzz-big",
     .move_text = move_text,
     .judge_text = judge_big},
    /* An ABI 1.0 table: judge_text lies past its size and is never used. */
    {.abi = GRIDBFS_ABI_MAJOR << 16,
     .size = GRIDBFS_PLUGIN_V1_0_SIZE,
     .name = "fuzz-1-0",
     .move_text = move_text,
     .judge_text = judge_text},
};

/* The plugins as the core sees them: each adapted to ABI 2 (core/abi1.h),
   a table copied only as far as its size, as the loader does. */
static gridbfs_plugin v1[sizeof plugins / sizeof *plugins];
static gridbfs_plugin2 adapted[sizeof plugins / sizeof *plugins];

static void adapt_once(void)
{
    static int done;
    for (size_t i = 0; !done && i < sizeof plugins / sizeof *plugins; i++) {
        memcpy(&v1[i], &plugins[i], plugins[i].size);
        abi1_adapt(&v1[i], &adapted[i]);
    }
    done = 1;
}

/* s reversed in place. */
static void reverse(char *s)
{
    for (size_t i = 0, n = strlen(s); i < n / 2; i++) {
        char c = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = c;
    }
}

/* Write r in fmt WRITES times with one output and check every byte.  The
   strings are borrowed for the call only (output.h), so between writes the
   source and the rule change in place: same pointers, other text. */
static void check_format(enum out_format fmt, const out_result *r, char *source,
                         char *rule)
{
    output *o = output_new(fmt);
    strbuf sb = {NULL, 0, 0};
    size_t at = 0;

    output_header(fmt, &sb);
    if (fmt == FORMAT_CSV)
        at = fuzz_check_csv_header(sb.p, sb.len);
    FUZZ_CHECK(at == sb.len, "a header for a format without one");
    for (int i = 0; i < WRITES; i++) {
        size_t before = sb.len;
        output_write(o, r, &sb);
        FUZZ_CHECK(sb.len > before, "output_write wrote nothing");
        at += fuzz_check_result(fmt, r, sb.p + at, sb.len - at);
        FUZZ_CHECK(at == sb.len, "%zu bytes after the result", sb.len - at);
        reverse(source);
        reverse(rule);
    }
    sb_free(&sb);
    output_free(o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t head[HEADER] = {0};
    char *str[NSTRINGS];
    uint32_t path[256 * 4];
    size_t npath = 0;

    if (size < HEADER)
        return 0;
    memcpy(head, data, HEADER);
    /* The strings, NUL-terminated in a copy (libFuzzer's data is const). */
    char *copy = xmalloc(size - HEADER + 1);
    memcpy(copy, data + HEADER, size - HEADER);
    copy[size - HEADER] = '\0';
    char *s = copy, *end = copy + (size - HEADER);
    for (int i = 0; i < NSTRINGS; i++) {
        str[i] = s;
        s += strlen(s); /* stops at end at the latest */
        if (s < end)
            s++;
    }
    for (; s < end && npath < sizeof path / sizeof path[0]; s++)
        path[npath++] = (uint8_t)*s;

    out_result r = {0};
    r.ans.status = (enum rec_status)(head[0] & F_STATUS);
    r.source = str[0];
    r.record = number(head[1]);
    r.line = number(head[2]);
    r.id = head[0] & F_NO_ID ? NULL : str[1];
    r.rule = str[2];
    r.ans.moves = number(head[3]);
    r.with_path = (head[0] & F_PATH) != 0;
    r.ans.path = path;
    r.ans.npath = npath;
    adapt_once();
    unsigned k = head[0] >> F_PLUGIN_SHIFT;
    gridbfs_rule rule = {.inst = str[5], .boards = 1, .moves = 256};
    abi1_inst inst;
    abi1_wrap(&v1[k], &rule, &inst);
    r.ops = &adapted[k];
    r.inst = &inst;
    /* The judge word as a profile's impossible template: its braces
       doubled, so that it is the word itself. */
    cfg_profile prof;
    memset(&prof, 0, sizeof prof);
    prof.max_moves = UINT64_MAX;
    char *word = NULL;
    if (!(head[0] & F_NO_WORD)) {
        word = xmalloc(2 * strlen(str[4]) + 1);
        char *w = word;
        for (const char *c = str[4]; *c; c++) {
            if (*c == '{' || *c == '}')
                *w++ = *c;
            *w++ = *c;
        }
        *w = '\0';
        prof.impossible = word;
        r.profile = &prof;
    }
    r.ans.message = head[0] & F_NO_MSG ? NULL : str[3];

    check_format(FORMAT_JUDGE, &r, str[0], str[2]);
    check_format(FORMAT_CSV, &r, str[0], str[2]);
    check_format(FORMAT_JSONL, &r, str[0], str[2]);
    free(word);
    free(copy);
    return 0;
}
