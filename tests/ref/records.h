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
 * The including file defines _POSIX_C_SOURCE (for getline) and die(), so the
 * messages carry that program's name.
 */
#ifndef GRIDBFS_TESTS_RECORDS_H
#define GRIDBFS_TESTS_RECORDS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BOARDS 2    /* a start, and a target when the goal needs one */
#define NO_CELL_LIMIT 0 /* max_cells: the solver checks sizes itself */

/* Prints "PROGRAM: " and the message to stderr, exits 2. */
_Noreturn static void die(const char *fmt, ...);

/* How one solver's records look. */
typedef struct record_form {
    int boards;    /* how many boards a record has: 1 or 2 */
    int max_cells; /* a larger size=RxC is bad, or NO_CELL_LIMIT */
    /* Called with each record's size before its boards are read, to die on
       a size the solver cannot take; may be NULL. */
    void (*check_size)(const void *ctx, int rows, int cols);
    const void *ctx;
    int rows, cols; /* the size of a record without size=RxC */
    char one, zero; /* the cell characters */
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

#endif
