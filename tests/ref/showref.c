/*
 * showref.c - independent check of gridbfs --show's drawings.
 *
 * Shares no code with gridbfs.  It reads the puzzles (gridbfs's line
 * syntax) and what `gridbfs --show` printed for them, and replays every
 * drawing with its own move rules:
 *   flip   a press at "r c" flips the cells of a 3x3 stencil centred
 *          there (off the board dropped, or round the torus with -w; a
 *          cell covered twice flips once)
 *   lines  a change at "r c" toggles row r and column c (the cell once)
 *   swap   "abcd" (boards of at most 9x9) or "r1 c1 r2 c2" swaps two
 *          adjacent cells (4-neighbours, or 8 with -8; round the torus
 *          with -w)
 *   cell   "k" toggles cell k, numbered from 1 row by row (the toggle rule
 *          of the ABI test plugins, tests/plugins/toggle.h)
 * For each record it checks: the answer's count and move lines; the
 * drawing's "start:" board is the puzzle's first board (and "target:" its
 * second, for two-board rules); each "move K of N: TEXT" names the
 * answer's K-th move, and the board after it is the board before with
 * that move applied, by the rule above; the cells marked '*' are exactly
 * the cells that changed; the last board is a goal; "solved in N moves"
 * (or "1 move") counts the moves; a blank line ends the drawing.  A record
 * answered "Impossible", "invalid" or "limit" has no drawing.
 *
 * Usage: showref flip|lines|swap|cell [OPTIONS] RECORDS SHOWN
 *   -c CELLS   the characters for 1 and 0 (default "10")
 *   -g GOAL    uniform, off, on or target (default off; swap: target)
 *   -t ST      flip's stencil, rows joined by '/' (default 010/111/010)
 *   -w         wrap round the edges
 *   -8         swap: diagonal neighbours too
 * Prints "records R solved S moves M" and exits 0 when every drawing
 * holds; else one line per fault, "showref: record K: line L: why", exit 1.
 * The drawing's bytes must be plain text: an escape byte is a fault.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE 32
#define LINE_MAX_LEN 8192
#define MAX_ANSWER 8192

enum rule { FLIP, LINES, SWAP, CELL, RULES };
enum goal { G_UNIFORM, G_OFF, G_ON, G_TARGET };

typedef struct board {
    int rows, cols;
    unsigned char cell[SIDE][SIDE]; /* 0 or 1 */
} board;

typedef struct opts {
    enum rule rule;
    enum goal goal;
    char one, zero;
    unsigned char stencil[3][3];
    int wrap, eight;
} opts;

typedef struct input {
    FILE *f;
    long line, record; /* the line read last, and the record it is of */
    char text[LINE_MAX_LEN];
} input;

static void fault(const input *in, const char *why, const char *detail)
{
    fprintf(stderr, "showref: record %ld: line %ld: %s%s%s\n", in->record,
            in->line, why, detail ? ": " : "", detail ? detail : "");
}

/* The next line without its newline; 0 at the end. */
static int next_line(input *in)
{
    if (!fgets(in->text, sizeof in->text, in->f))
        return 0;
    in->line++;
    in->text[strcspn(in->text, "\n")] = '\0';
    return 1;
}

/* A line-syntax board token ("ab/cd", "abc/") into b; 0 or -1. */
static int parse_token(const opts *o, const char *t, board *b)
{
    memset(b, 0, sizeof *b);
    while (*t) {
        int c = 0;
        for (; *t && *t != '/'; t++, c++) {
            if (c >= SIDE || b->rows >= SIDE || (*t != o->one && *t != o->zero))
                return -1;
            b->cell[b->rows][c] = *t == o->one;
        }
        if (b->rows && c != b->cols)
            return -1;
        b->cols = c;
        b->rows++;
        if (*t == '/')
            t++;
    }
    return b->rows ? 0 : -1;
}

/* The boards of one record line (tokens without '='); how many, or -1. */
static int parse_record(const opts *o, char *line, board *boards, int max)
{
    int n = 0;
    for (char *t = strtok(line, " \t\r"); t; t = strtok(NULL, " \t\r")) {
        if (strchr(t, '='))
            continue;
        if (n == max || parse_token(o, t, &boards[n]) < 0)
            return -1;
        n++;
    }
    return n;
}

/* Read a drawn board of b's size into d (cells) and marks; 0 or -1. */
static int read_board(input *in, const opts *o, const board *shape, board *d,
                      unsigned char marks[SIDE][SIDE])
{
    *d = *shape;
    for (int r = 0; r < shape->rows; r++) {
        if (!next_line(in))
            return fault(in, "the drawing ends inside a board", NULL), -1;
        if ((int)strlen(in->text) != 2 * shape->cols)
            return fault(in, "a board row of the wrong width", in->text), -1;
        for (int c = 0; c < shape->cols; c++) {
            char m = in->text[2 * c], ch = in->text[2 * c + 1];
            if ((m != ' ' && m != '*') || (ch != o->one && ch != o->zero))
                return fault(in, "not a board row", in->text), -1;
            marks[r][c] = m == '*';
            d->cell[r][c] = ch == o->one;
        }
    }
    return 0;
}

static int same_board(const board *a, const board *b)
{
    for (int r = 0; r < a->rows; r++)
        for (int c = 0; c < a->cols; c++)
            if (a->cell[r][c] != b->cell[r][c])
                return 0;
    return 1;
}

static int wrapped(int x, int n)
{
    return (x % n + n) % n;
}

/* The distance of x and y on a line of n, round the end with wrap. */
static int gap(int x, int y, int n, int wrap)
{
    int d = abs(x - y);
    return wrap && n - d < d ? n - d : d;
}

/* Apply move text to b by the rule; 0, or -1 when it is no move. */
static int apply(const opts *o, const char *text, board *b)
{
    int r, c, r2, c2, n = 0;
    if (o->rule == SWAP) {
        if (b->rows <= 9 && b->cols <= 9) {
            if (strlen(text) != 4 || strspn(text, "123456789") != 4)
                return -1;
            r = text[0] - '0', c = text[1] - '0';
            r2 = text[2] - '0', c2 = text[3] - '0';
        } else if (sscanf(text, "%d %d %d %d%n", &r, &c, &r2, &c2, &n) != 4 ||
                   text[n]) {
            return -1;
        }
        r--, c--, r2--, c2--;
        if (r < 0 || r >= b->rows || r2 < 0 || r2 >= b->rows || c < 0 ||
            c >= b->cols || c2 < 0 || c2 >= b->cols)
            return -1;
        int dr = gap(r, r2, b->rows, o->wrap),
            dc = gap(c, c2, b->cols, o->wrap);
        if (dr > 1 || dc > 1 || dr + dc == 0 || (!o->eight && dr + dc != 1))
            return -1;
        unsigned char t = b->cell[r][c];
        b->cell[r][c] = b->cell[r2][c2];
        b->cell[r2][c2] = t;
        return 0;
    }
    if (o->rule == CELL) {
        if (sscanf(text, "%d%n", &r, &n) != 1 || text[n] || r < 1 ||
            r > b->rows * b->cols)
            return -1;
        b->cell[(r - 1) / b->cols][(r - 1) % b->cols] ^= 1;
        return 0;
    }
    if (sscanf(text, "%d %d%n", &r, &c, &n) != 2 || text[n] || r < 1 ||
        r > b->rows || c < 1 || c > b->cols)
        return -1;
    r--, c--;
    unsigned char hit[SIDE][SIDE] = {{0}};
    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            if (o->rule == LINES)
                hit[i][j] = i == r || j == c;
    for (int dr = -1; o->rule == FLIP && dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int i = r + dr, j = c + dc;
            if (!o->stencil[dr + 1][dc + 1])
                continue;
            if (o->wrap) {
                i = wrapped(i, b->rows);
                j = wrapped(j, b->cols);
            } else if (i < 0 || i >= b->rows || j < 0 || j >= b->cols) {
                continue;
            }
            hit[i][j] = 1;
        }
    for (int i = 0; i < b->rows; i++)
        for (int j = 0; j < b->cols; j++)
            b->cell[i][j] ^= hit[i][j];
    return 0;
}

static int is_goal(const opts *o, const board *b, const board *target)
{
    int ones = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++)
            ones += b->cell[r][c];
    switch (o->goal) {
    case G_UNIFORM: return ones == 0 || ones == b->rows * b->cols;
    case G_OFF: return ones == 0;
    case G_ON: return ones == b->rows * b->cols;
    case G_TARGET: return same_board(b, target);
    }
    return 0;
}

/* The "start:" (and "target:") boards, checked against the puzzle's. */
static int check_givens(input *in, const opts *o, const board *puzzle,
                        int nboards)
{
    static const char *const labels[] = {"start:", "target:"};
    unsigned char marks[SIDE][SIDE] = {{0}};
    board d;
    for (int k = 0; k < nboards && k < 2; k++) {
        if (!next_line(in) || strcmp(in->text, labels[k]) != 0)
            return fault(in, "expected", labels[k]), -1;
        if (read_board(in, o, &puzzle[k], &d, marks) < 0)
            return -1;
        if (!same_board(&d, &puzzle[k]))
            return fault(in, "the board drawn is not the puzzle's", labels[k]),
                   -1;
        for (int r = 0; r < d.rows; r++)
            for (int c = 0; c < d.cols; c++)
                if (marks[r][c])
                    return fault(in, "a mark on a given board", NULL), -1;
    }
    return 0;
}

/* One move step: its line, the board after it, its marks; 0 or -1. */
static int check_step(input *in, const opts *o, long k, long n,
                      const char *answer, board *cur)
{
    unsigned char marks[SIDE][SIDE] = {{0}};
    char head[64];
    board want = *cur, d;
    snprintf(head, sizeof head, "move %ld of %ld: ", k, n);
    if (strncmp(in->text, head, strlen(head)) != 0)
        return fault(in, "expected", head), -1;
    const char *text = in->text + strlen(head);
    if (strcmp(text, answer) != 0)
        return fault(in, "not the answer's move", answer), -1;
    if (apply(o, text, &want) < 0)
        return fault(in, "not a move of the rule", text), -1;
    if (read_board(in, o, cur, &d, marks) < 0)
        return -1;
    if (!same_board(&d, &want))
        return fault(in, "the board is not the one the move makes", text), -1;
    for (int r = 0; r < d.rows; r++)
        for (int c = 0; c < d.cols; c++)
            if (marks[r][c] != (d.cell[r][c] != cur->cell[r][c]))
                return fault(in, "marks that are not the changed cells", text),
                       -1;
    *cur = d;
    return 0;
}

/* A record's answer and drawing; 1 solved, 0 not, -1 a fault. */
static int check_record(input *in, const opts *o, const board *puzzle,
                        int nboards, long *moves)
{
    static char answer[MAX_ANSWER][64];
    char done[64];
    long n;
    int end;
    if (!next_line(in))
        return fault(in, "no answer", NULL), -1;
    if (!strcmp(in->text, "Impossible") || !strcmp(in->text, "invalid") ||
        !strcmp(in->text, "limit"))
        return 0;
    if (sscanf(in->text, "%ld%n", &n, &end) != 1 || in->text[end] || n < 0 ||
        n > MAX_ANSWER)
        return fault(in, "not a count", in->text), -1;
    for (long k = 0; k < n; k++) {
        if (!next_line(in))
            return fault(in, "the answer's moves end early", NULL), -1;
        if (strlen(in->text) >= sizeof answer[k])
            return fault(in, "a move line too long", NULL), -1;
        memcpy(answer[k], in->text, strlen(in->text) + 1);
    }
    if (check_givens(in, o, puzzle, nboards) < 0)
        return -1;
    board cur = puzzle[0];
    for (long k = 1; k <= n; k++)
        if (!next_line(in) || check_step(in, o, k, n, answer[k - 1], &cur) < 0)
            return -1;
    snprintf(done, sizeof done, "solved in %ld move%s", n, n == 1 ? "" : "s");
    if (!next_line(in) || strcmp(in->text, done) != 0)
        return fault(in, "expected", done), -1;
    if (!is_goal(o, &cur, &puzzle[1]))
        return fault(in, "the last board is no goal", NULL), -1;
    if (!next_line(in) || in->text[0])
        return fault(in, "no blank line after the drawing", NULL), -1;
    *moves += n;
    return 1;
}

static int parse_opts(int argc, char **argv, opts *o, int *first)
{
    static const char *const goals[] = {"uniform", "off", "on", "target"};
    static const char *const rules[RULES] = {"flip", "lines", "swap", "cell"};
    const char *stencil = "010/111/010", *cells = "10";
    int i = 2, goal = -1;
    if (argc < 2)
        return -1;
    for (o->rule = FLIP; o->rule < RULES && strcmp(argv[1], rules[o->rule]);)
        o->rule++;
    if (o->rule == RULES)
        return -1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "-w")) {
            o->wrap = 1;
        } else if (!strcmp(argv[i], "-8")) {
            o->eight = 1;
        } else if (i + 1 < argc && !strcmp(argv[i], "-c")) {
            cells = argv[++i];
        } else if (i + 1 < argc && !strcmp(argv[i], "-t")) {
            stencil = argv[++i];
        } else if (i + 1 < argc && !strcmp(argv[i], "-g")) {
            for (goal = 3; goal >= 0 && strcmp(argv[i + 1], goals[goal]);)
                goal--;
            if (goal < 0)
                return -1;
            i++;
        } else {
            return -1;
        }
    }
    if (strlen(cells) != 2 || strlen(stencil) != 11)
        return -1;
    o->one = cells[0];
    o->zero = cells[1];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            o->stencil[r][c] = stencil[r * 4 + c] == '1';
    o->goal = goal >= 0 ? (enum goal)goal : o->rule == SWAP ? G_TARGET : G_OFF;
    *first = i;
    return argc - i == 2 ? 0 : -1;
}

/* Every record of recs against its drawing in shown; the exit status. */
static int check_all(const opts *o, input *recs, input *shown)
{
    long solved = 0, moves = 0;
    int faults = 0, nboards = o->rule == SWAP || o->goal == G_TARGET ? 2 : 1;
    for (int ch; (ch = getc(shown->f)) != EOF;)
        if (ch == '\033') {
            fault(shown, "an escape byte in the output", NULL);
            faults++;
            break;
        }
    rewind(shown->f);
    while (next_line(recs)) {
        board puzzle[2] = {{0}};
        shown->record = ++recs->record;
        if (parse_record(o, recs->text, puzzle, 2) != nboards) {
            fault(recs, "a record showref cannot read", NULL);
            return 1;
        }
        int r = check_record(shown, o, puzzle, nboards, &moves);
        if (r < 0)
            return 1;
        solved += r;
    }
    if (next_line(shown)) {
        fault(shown, "output after the last record", shown->text);
        faults++;
    }
    if (faults)
        return 1;
    printf("records %ld solved %ld moves %ld\n", recs->record, solved, moves);
    return 0;
}

int main(int argc, char **argv)
{
    opts o = {0};
    input recs = {0}, shown = {0};
    int first, status = 2;
    if (parse_opts(argc, argv, &o, &first) < 0) {
        fputs("usage: showref flip|lines|swap|cell [-c CELLS] [-g GOAL] [-t "
              "STENCIL] [-w] [-8] RECORDS SHOWN\n",
              stderr);
        return 2;
    }
    recs.f = fopen(argv[first], "r");
    shown.f = fopen(argv[first + 1], "rb");
    if (!recs.f || !shown.f)
        perror("showref");
    else
        status = check_all(&o, &recs, &shown);
    if (recs.f)
        fclose(recs.f);
    if (shown.f)
        fclose(shown.f);
    return status;
}
