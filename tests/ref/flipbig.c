/*
 * flipbig.c - independent checker of flip-neighbors answers on boards up
 * to 32x32 (flipref stops at 64 cells), for tests/exact-flip.bats.
 *
 * Shares no code with gridbfs; the methods are tests/ref/flipsets.h's.
 *
 * Usage:
 *   flipbig boards [OPTIONS]
 *       -n random records in line syntax (two boards a record for goal
 *       target); with -k every other board is solvable by construction
 *       (the goal, then random presses).
 *   flipbig check [OPTIONS] RECORDS OUTPUT
 *       verify gridbfs judge output for RECORDS, one answer per record:
 *       the count (default), with -p the count then one "r c" press per
 *       line, with -m the press matrix (R lines of C 0/1 joined by
 *       spaces).  Presses are replayed onto the board and must reach the
 *       goal.  With the plus stencil and no wrap (and without -r) the
 *       light chase also proves the count, an impossible answer and the
 *       tie-break: with -p the least increasing list of presses, with -m
 *       the least matrix read row by row.
 * Options:
 *   -s RxC      board size, 1..32 each (default 4x4)
 *   -t STENCIL  plus (default) | diag | full | three rows such as 010/111/010
 *   -w          wrap around the edges (torus)
 *   -g GOAL     uniform (default) | off | on | target
 *   -c CELLS    the characters for 1 and 0 (default 10)
 *   -n N        (boards) how many records (default 100)
 *   -S SEED     (boards) seed (default 1)
 *   -k          (boards) every other board solvable by construction
 *   -p, -m      (check) the answers carry presses, or are matrices
 *   -i WORD     (check) the word for no solution (default Impossible)
 *   -r          (check) replay only: no light chase
 * Prints "flipbig: N records, M failed"; exit status 0 ok, 1 a check
 * failed, 2 usage or input error.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "flipbig"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flipsets.h"
#include "refutil.h"

#define LINE_MAX_BYTES 65536
#define SHOW_MAX 10 /* failures printed */

struct opts {
    struct geo g;
    char stencil[12];
    char one, zero;
    long count;
    uint64_t seed;
    int solvable, presses, matrix, replay_only;
    const char *impossible;
};

static uint64_t state;

static void parse_opts(int argc, char **argv, struct opts *o)
{
    static const char *const goals[] = {"uniform", "off", "on", "target"};
    const char *t = "plus", *goal = "uniform", *cells = "10";
    unsigned r = 4, c = 4;
    int ch;

    o->count = 100;
    o->seed = 1;
    o->impossible = "Impossible";
    while ((ch = getopt(argc, argv, "s:t:wg:c:n:S:kpmi:r")) != -1) {
        switch (ch) {
        case 's':
            if (sscanf(optarg, "%ux%u", &r, &c) != 2 || !r || !c ||
                r > MAX_SIDE || c > MAX_SIDE)
                die("bad size '%s'", optarg);
            break;
        case 't': t = optarg; break;
        case 'w': o->g.wrap = 1; break;
        case 'g': goal = optarg; break;
        case 'c': cells = optarg; break;
        case 'n': o->count = atol(optarg); break;
        case 'S': o->seed = strtoull(optarg, NULL, 10); break;
        case 'k': o->solvable = 1; break;
        case 'p': o->presses = 1; break;
        case 'm': o->matrix = 1; break;
        case 'i': o->impossible = optarg; break;
        case 'r': o->replay_only = 1; break;
        default: exit(2);
        }
    }
    snprintf(o->stencil, sizeof o->stencil, "%s",
             !strcmp(t, "plus")   ? "010/111/010"
             : !strcmp(t, "diag") ? "101/010/101"
             : !strcmp(t, "full") ? "111/111/111"
                                  : t);
    if (strlen(o->stencil) != 11 || strspn(o->stencil, "01/") != 11)
        die("bad stencil '%s'", t);
    o->g.stencil = o->stencil;
    o->g.rows = r;
    o->g.cols = c;
    o->g.n = r * c;
    o->g.goal = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(goal, goals[i]))
            o->g.goal = i;
    if (o->g.goal < 0)
        die("bad goal '%s'", goal);
    if (strlen(cells) != 2 || cells[0] == cells[1])
        die("bad cells '%s'", cells);
    o->one = cells[0];
    o->zero = cells[1];
    state = o->seed * 2654435761u + 1;
}

static void put_board(const struct opts *o, const uint8_t *x)
{
    for (uint32_t k = 0; k < o->g.n; k++) {
        if (k && k % o->g.cols == 0)
            putchar('/');
        putchar(x[k] ? o->one : o->zero);
    }
    if (o->g.rows == 1)
        putchar('/');
}

static void boards(const struct opts *o)
{
    static uint8_t board[MAX_CELLS], target[MAX_CELLS];
    uint32_t out[9];

    for (long i = 0; i < o->count; i++) {
        for (uint32_t k = 0; k < o->g.n; k++) {
            board[k] = (uint8_t)(xorshift64(&state) >> 40 & 1);
            target[k] = (uint8_t)(xorshift64(&state) >> 40 & 1);
        }
        if (o->solvable && i % 2) {
            for (uint32_t k = 0; k < o->g.n; k++)
                board[k] = o->g.goal == ON       ? 1
                           : o->g.goal == TARGET ? target[k]
                                                 : 0;
            for (uint32_t m = 0; m < o->g.n; m++)
                if (xorshift64(&state) >> 40 & 1)
                    for (uint32_t j = 0, f = flipped(&o->g, m, out); j < f; j++)
                        board[out[j]] ^= 1;
        }
        put_board(o, board);
        if (o->g.goal == TARGET) {
            putchar(' ');
            put_board(o, target);
        }
        putchar('\n');
    }
}

/* The next line of f without its line end, or NULL at the end. */
static char *next_line(FILE *f, char *buf)
{
    if (!fgets(buf, LINE_MAX_BYTES, f))
        return NULL;
    buf[strcspn(buf, "\r\n")] = '\0';
    return buf;
}

/* Parse board token tok (rows joined by '/') into x; 0 or -1. */
static int parse_board(const struct opts *o, const char *tok, uint8_t *x)
{
    uint32_t k = 0, col = 0;

    for (; *tok; tok++) {
        if (*tok == '/') {
            if (col != o->g.cols && !(tok[1] == '\0' && o->g.rows == 1))
                return -1;
            col = 0;
            continue;
        }
        if ((*tok != o->one && *tok != o->zero) || k == o->g.n ||
            col == o->g.cols)
            return -1;
        x[k++] = *tok == o->one;
        col++;
    }
    return k == o->g.n ? 0 : -1;
}

/* The answer for one record: presses (or none for impossible). */
struct answer {
    int impossible;
    long count;
    size_t n; /* presses given */
    uint16_t press[MAX_CELLS];
    uint8_t set[MAX_CELLS]; /* as a set (pressed twice: cancelled) */
};

/* Read one answer from out; 0, or -1 with a reason in why. */
static int read_answer(const struct opts *o, FILE *out, struct answer *a,
                       char *buf, const char **why)
{
    unsigned r, c;

    memset(a, 0, sizeof *a);
    if (!next_line(out, buf))
        return *why = "the output ends early", -1;
    if (!strcmp(buf, o->impossible))
        return a->impossible = 1, 0;
    for (uint32_t row = 0; o->matrix && row < o->g.rows; row++) {
        const char *p = buf;
        if (row && !next_line(out, buf))
            return *why = "the matrix ends early", -1;
        for (uint32_t col = 0; col < o->g.cols; col++, p += 2) {
            if ((p[0] != '0' && p[0] != '1') ||
                p[1] != (col + 1 < o->g.cols ? ' ' : '\0'))
                return *why = "not a row of 0/1 joined by spaces", -1;
            if (p[0] == '1')
                a->press[a->n++] = (uint16_t)(row * o->g.cols + col);
        }
    }
    char *end = buf;
    a->count = o->matrix ? (long)a->n : strtol(buf, &end, 10);
    if (!o->matrix &&
        (end == buf || *end || a->count < 0 || a->count > MAX_CELLS * 4))
        return *why = "not a count", -1;
    for (long i = 0; o->presses && !o->matrix && i < a->count; i++) {
        if (!next_line(out, buf) || sscanf(buf, "%u %u", &r, &c) != 2 ||
            r < 1 || c < 1 || r > o->g.rows || c > o->g.cols)
            return *why = "not a press 'r c'", -1;
        a->press[a->n++] = (uint16_t)((r - 1) * o->g.cols + c - 1);
    }
    for (size_t i = 0; i < a->n; i++)
        a->set[a->press[i]] ^= 1;
    return 0;
}

/* The reference answer by the light chase; -1 when it cannot tell. */
static int chase(const struct opts *o, const uint8_t *board,
                 const uint8_t *target, struct best *want)
{
    static struct best other;
    static uint8_t pat[MAX_CELLS];
    const struct geo *g = &o->g;

    if (o->replay_only || g->wrap || strcmp(g->stencil, "010/111/010"))
        return -1;
    for (int goal1 = 0; goal1 < (g->goal == UNIFORM ? 2 : 1); goal1++) {
        struct best *b = goal1 ? &other : want;
        for (uint32_t k = 0; k < g->n; k++)
            pat[k] = board[k] ^ (uint8_t)(g->goal == ON || goal1) ^
                     (g->goal == TARGET ? target[k] : 0);
        b->w = NONE;
        if (chase_forms(g, pat, b) < 0)
            return -1;
    }
    if (g->goal == UNIFORM)
        merge(g->n, want, &other);
    return 0;
}

/* Check one record's answer; NULL or why it is wrong. */
static const char *judge(const struct opts *o, const uint8_t *board,
                         const uint8_t *target, const struct answer *a)
{
    static struct best want;
    int proved = chase(o, board, target, &want) == 0;

    if (a->impossible)
        return proved && want.w != NONE ? "solvable, said impossible" : NULL;
    if ((o->presses || o->matrix) &&
        !reaches(&o->g, board, target, a->press, a->n))
        return "the presses miss the goal";
    if (!proved)
        return NULL;
    if (want.w == NONE)
        return "impossible, given an answer";
    if ((uint32_t)a->count != want.w)
        return "not the fewest presses";
    if (o->matrix && memcmp(a->set, want.by[MATRIX], o->g.n))
        return "not the least matrix";
    for (size_t i = 0; o->presses && i < a->n; i++)
        if (i && a->press[i] <= a->press[i - 1])
            return "presses not in increasing order";
    if (o->presses && memcmp(a->set, want.by[MOVES], o->g.n))
        return "not the least list of presses";
    return NULL;
}

static int check(const struct opts *o, const char *records, const char *output)
{
    static char buf[LINE_MAX_BYTES], line[LINE_MAX_BYTES];
    static uint8_t b[2][MAX_CELLS];
    static struct answer a;
    FILE *in = fopen(records, "r"), *out = fopen(output, "r");
    long n = 0, bad = 0, lineno = 0;

    if (!in || !out)
        die("cannot open %s", !in ? records : output);
    while (next_line(in, line)) {
        int nb = 0;
        const char *why = NULL;
        lineno++;
        for (char *save, *tok = strtok_r(line, " \t", &save); tok;
             tok = strtok_r(NULL, " \t", &save)) {
            if (strchr(tok, '='))
                continue;
            if (nb == 2 || parse_board(o, tok, b[nb++]) < 0)
                die("%s:%ld: bad record", records, lineno);
        }
        if (nb == 0)
            continue;
        if (nb != (o->g.goal == TARGET ? 2 : 1))
            die("%s:%ld: %d boards", records, lineno, nb);
        n++;
        if (read_answer(o, out, &a, buf, &why) == 0)
            why = judge(o, b[0], b[1], &a);
        if (why && bad++ < SHOW_MAX)
            fprintf(stderr, "flipbig: %s:%ld: %s\n", records, lineno, why);
        if (why && !strcmp(why, "the output ends early"))
            break;
    }
    if (next_line(out, buf) && bad++ < SHOW_MAX)
        fprintf(stderr, "flipbig: %s: more answers than records\n", output);
    printf("flipbig: %ld records, %ld failed\n", n, bad);
    fclose(in);
    fclose(out);
    return bad != 0;
}

int main(int argc, char **argv)
{
    struct opts o = {0};

    if (argc < 2)
        die("usage: flipbig boards|check [OPTIONS] [RECORDS OUTPUT]");
    optind = 2;
    parse_opts(argc, argv, &o);
    if (!strcmp(argv[1], "boards")) {
        boards(&o);
        return fflush(stdout) != 0 ? 2 : 0;
    }
    if (!strcmp(argv[1], "check") && argc - optind == 2)
        return check(&o, argv[optind], argv[optind + 1]);
    die("usage: flipbig boards|check [OPTIONS] [RECORDS OUTPUT]");
}
