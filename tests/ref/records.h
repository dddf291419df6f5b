/*
 * records.h - the records files of the reference solvers, read as gridbfs's
 * line syntax with none of gridbfs's code: included by tests/ref/flipref.c
 * and tests/ref/swapref.c.
 *
 * A record is a line of whitespace-separated tokens: its boards (rows joined
 * by '/'; a one-row board ends with '/'), `size=RxC` setting that record's
 * size, other key=value tokens ignored.  Blank lines and lines starting with
 * '#' are not records.  Cell (r,c) is bit r*C+c of a board; a set bit is the
 * `one` cell character.
 *
 * What differs between the solvers (cell characters, sizes, how many boards)
 * comes in a record_form, so this header knows neither program's parameters.
 * It also holds what the two do alike with the records: `solve` (an answer
 * a record) and `check` (gridbfs's judge output held to the records, a
 * program's check_one() reading each record's lines through a
 * record_check).  The including file defines _POSIX_C_SOURCE (for getline)
 * and REF_NAME (refutil.h's die(), so the messages carry that program's
 * name).
 */
#ifndef GRIDBFS_TESTS_RECORDS_H
#define GRIDBFS_TESTS_RECORDS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refutil.h"

#define MAX_BOARDS 2     /* a start, and a target when the goal needs one */
#define NO_CELL_LIMIT 0  /* max_cells: the solver checks sizes itself */
#define CHECK_REPORTS 10 /* check: failures printed, the rest counted */

/* How one solver's records look. */
typedef struct record_form {
    int boards;    /* how many boards a record has: 1 or 2 */
    int max_cells; /* a larger size=RxC is bad, or NO_CELL_LIMIT */
    /* Called with each record's size before its boards are read, to die on
       a size the solver cannot take; may be NULL. */
    void (*check_size)(const void *ctx, int rows, int cols);
    const void *ctx; /* the solver's parameters, passed to its callbacks */
    int rows, cols;  /* the size of a record without size=RxC */
    char one, zero;  /* the cell characters */
} record_form;

/* One record of a records file. */
typedef struct record {
    int rows, cols;
    uint64_t start, target; /* target is 0 when the record has one board */
    long line;
    char *text; /* the whole line; read_record reuses it, the caller frees */
} record;

/* Parse a board token of rows x cols; 0 and a message on error. */
static int parse_board(char one, char zero, int rows, int cols, const char *tok,
                       uint64_t *out, char *why, size_t whylen)
{
    size_t len = strlen(tok);
    if (len && tok[len - 1] == '/')
        len--; /* a one-row board ends with '/' */
    uint64_t b = 0;
    int r = 0, c = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = tok[i];
        if (ch == '/') {
            if (c != cols) {
                snprintf(why, whylen, "row %d has %d cells, not %d", r + 1, c,
                         cols);
                return 0;
            }
            r++;
            c = 0;
            continue;
        }
        if (r >= rows || c >= cols) {
            snprintf(why, whylen, "board larger than %dx%d", rows, cols);
            return 0;
        }
        if (ch == one)
            b |= (uint64_t)1 << (r * cols + c);
        else if (ch != zero) {
            snprintf(why, whylen, "cell '%c' is not '%c' or '%c'", ch, one,
                     zero);
            return 0;
        }
        c++;
    }
    if (r != rows - 1 || c != cols) {
        snprintf(why, whylen, "board is not %dx%d", rows, cols);
        return 0;
    }
    *out = b;
    return 1;
}

/* Parse "RxC" of at most max_cells cells (or NO_CELL_LIMIT); 0 if bad. */
static int parse_size(const char *s, int *rows, int *cols, int max_cells)
{
    char tail;
    return sscanf(s, "%dx%d%c", rows, cols, &tail) == 2 && *rows > 0 &&
           *cols > 0 &&
           (max_cells == NO_CELL_LIMIT || *rows * *cols <= max_cells);
}

/* Option -c: v must be two distinct cell characters, neither '/', stored
   in one and zero; dies on anything else. */
static void parse_cells(const char *v, char *one, char *zero)
{
    if (strlen(v) != 2 || v[0] == v[1] || v[0] == '/' || v[1] == '/')
        die("bad cells %s", v);
    *one = v[0];
    *zero = v[1];
}

/* Read the next record (skipping blank and # lines) into rec; 0 at end of
   file.  A record that does not fit the form is fatal, named by file:line. */
static int read_record(const record_form *form, FILE *f, const char *name,
                       long *lineno, char **buf, size_t *cap, record *rec)
{
    ssize_t got;
    while ((got = getline(buf, cap, f)) >= 0) {
        (*lineno)++;
        char *line = *buf;
        if (got && line[got - 1] == '\n')
            line[--got] = '\0';
        char *s = line + strspn(line, " \t\r");
        if (!*s || *s == '#')
            continue;
        free(rec->text);
        rec->text = malloc(strlen(line) + 1);
        if (!rec->text)
            die("out of memory");
        strcpy(rec->text, line);
        rec->line = *lineno;
        rec->rows = form->rows;
        rec->cols = form->cols;
        /* room for one board too many, reported with the count */
        const char *boards[MAX_BOARDS + 1];
        int nboards = 0;
        for (char *tok = strtok(s, " \t\r"); tok; tok = strtok(NULL, " \t\r")) {
            if (strchr(tok, '=')) {
                if (!strncmp(tok, "size=", 5) &&
                    !parse_size(tok + 5, &rec->rows, &rec->cols,
                                form->max_cells))
                    die("%s:%ld: bad %s", name, *lineno, tok);
                continue;
            }
            if (nboards == MAX_BOARDS + 1)
                die("%s:%ld: too many boards", name, *lineno);
            boards[nboards++] = tok;
        }
        if (nboards != form->boards)
            die("%s:%ld: %d boards, expected %d", name, *lineno, nboards,
                form->boards);
        if (form->check_size)
            form->check_size(form->ctx, rec->rows, rec->cols);
        char why[128];
        uint64_t b[MAX_BOARDS] = {0, 0};
        for (int i = 0; i < form->boards; i++)
            if (!parse_board(form->one, form->zero, rec->rows, rec->cols,
                             boards[i], &b[i], why, sizeof why))
                die("%s:%ld: %s", name, *lineno, why);
        rec->start = b[0];
        rec->target = b[1];
        return 1;
    }
    return 0;
}

/* Print board b of rows x cols as a board token (no newline). */
static void print_board(char one, char zero, int rows, int cols, uint64_t b)
{
    for (int r = 0; r < rows; r++) {
        if (r)
            putchar('/');
        for (int c = 0; c < cols; c++)
            putchar(((b >> (r * cols + c)) & 1) ? one : zero);
    }
    if (rows == 1)
        putchar('/');
}

/* ---- solve and check ---------------------------------------------- */

/* The answer to one record under form->ctx: its minimum, or -1 when it has
   no solution. */
typedef int record_answer(const void *ctx, const record *rec);

/* solve: the judge answer (count or Impossible) to each record of the file
   name ('-': standard input), one line each; 0. */
static int records_solve(const record_form *form, const char *name,
                         record_answer *answer)
{
    FILE *f = open_or_die(name);
    char *buf = NULL;
    size_t cap = 0;
    long lineno = 0;
    record rec = {0};
    while (read_record(form, f, name, &lineno, &buf, &cap, &rec))
        put_answer(answer(form->ctx, &rec));
    free(rec.text);
    free(buf);
    return 0;
}

/* The output under check, read a line at a time, and its failures. */
typedef struct record_check {
    FILE *out;
    char *line; /* the line last read, without its '\n' */
    size_t cap;
    long lineno; /* its number, 1-based */
    int failures;
} record_check;

/* Read the next output line into ck->line; 0 at end of file. */
static int out_line(record_check *ck)
{
    ssize_t got = getline(&ck->line, &ck->cap, ck->out);
    if (got < 0)
        return 0;
    ck->lineno++;
    if (got && ck->line[got - 1] == '\n')
        ck->line[got - 1] = '\0';
    return 1;
}

/* Count a failure of rec's answer at output line outline; the first
   CHECK_REPORTS are printed to stdout with the record's line. */
static void fail(record_check *ck, const record *rec, long outline,
                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void fail(record_check *ck, const record *rec, long outline,
                 const char *fmt, ...)
{
    va_list ap;
    if (++ck->failures > CHECK_REPORTS)
        return;
    va_start(ap, fmt);
    printf("record line %ld \"%s\", output line %ld: ", rec->line, rec->text,
           outline);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

/* Reads one record's answer lines from ck and fails the wrong ones; 0
   when the output ran out of lines. */
typedef int record_checker(const void *ctx, const record *rec,
                           record_check *ck);

/* check: hold the file output to the file records, a record at a time
   through check_one, then no more output than records; a summary line
   when anything failed.  1 when something did, else 0. */
static int records_check(const record_form *form, const char *records,
                         const char *output, record_checker *check_one)
{
    FILE *f = open_or_die(records);
    record_check ck = {.out = open_or_die(output)};
    char *buf = NULL;
    size_t cap = 0;
    long lineno = 0, nrec = 0;
    record rec = {0};
    while (read_record(form, f, records, &lineno, &buf, &cap, &rec)) {
        nrec++;
        if (!check_one(form->ctx, &rec, &ck))
            break;
    }
    if (out_line(&ck)) {
        ck.failures++;
        printf("output line %ld \"%s\": more output than records\n", ck.lineno,
               ck.line);
    }
    if (ck.failures)
        printf("%d failure(s) in %ld records\n", ck.failures, nrec);
    free(rec.text);
    free(buf);
    free(ck.line);
    return ck.failures ? 1 : 0;
}

#endif
