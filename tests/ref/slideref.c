/*
 * slideref.c - independent reference for sliding-tile puzzles: an R x C
 * board (R*C <= 9) of distinct tiles and one blank, a move sliding a tile
 * next to the blank into it.  Shares no code with gridbfs.
 *
 * Method: one plain breadth-first search from the goal over every board
 * (a permutation of the goal's characters, numbered by its Lehmer code, so
 * the distance table has R*C! entries, 362,880 at 3x3).  A board's
 * distance in the table is its fewest moves; a board the search never
 * reached (-1) cannot be solved.  Moves are reversible, so distances from
 * the goal are distances to it.
 *
 * A move is named by the way the BLANK goes: u (up, row - 1), d (down),
 * l (left, col - 1), r (right); the tile on that side slides the other way.
 * The path printed is deterministic: of all shortest paths, the one first
 * in lexicographic order with u < d < l < r, found by taking at each step
 * the first letter, in that order, whose move lowers the distance by one.
 * On POJ 1077's sample this is the sample's own answer.
 *
 * Usage:
 *   slideref solve JUDGE [FILE]  the judge's expected output for FILE
 *                                (default standard input); JUDGE is one of
 *       poj1077      one line of 9 tokens, 1..8 and x the blank, separated
 *                    by spaces or tabs (any number, also before and after);
 *                    goal 1 2 3 / 4 5 6 / 7 8 x; prints the path, or
 *                    `unsolvable`
 *       hdu1043      the same, one case a line until the end of the file,
 *                    one answer line each
 *       p1379        one line of 9 digits, 0 the blank; goal 123804765;
 *                    prints the fewest moves (-1 for a board that cannot
 *                    be solved, which the judge never gives)
 *       leetcode773  one line [[a,b,c],[d,e,f]], digits 0..5, no spaces,
 *                    0 the blank; 2x3, goal [[1,2,3],[4,5,0]]; prints the
 *                    fewest moves or -1
 *   slideref check JUDGE INPUT OUTPUT
 *                                (poj1077, hdu1043) OUTPUT answers INPUT as
 *                                the judge accepts: for each case a path
 *                                of u/d/l/r that is legal, reaches the goal
 *                                and is as short as any (any shortest path,
 *                                not only the one solve prints), or
 *                                `unsolvable` exactly when it is; the other
 *                                judges' answers are numbers: compare them
 *                                with solve's
 *   slideref replay [-s RxC] [-g GOAL] BOARD MOVES
 *                                play MOVES (u/d/l/r, may be "") from
 *                                BOARD; prints "reached the goal: N
 *                                moves, fewest F" (exit 0), or says which
 *                                move cannot be made or that the goal is
 *                                not reached (exit 1)
 *   slideref dist [-s RxC] [-g GOAL] [-p] [FILE]
 *                                one BOARD a line: the fewest moves, or -1;
 *                                with -p the path (an empty line for the
 *                                goal itself), or `unsolvable`
 *   slideref census [-s RxC] [-g GOAL]
 *                                the search itself: "states N" (boards
 *                                reachable from the goal), "radius D" (the
 *                                largest distance), then one line "d count"
 *                                for each distance d = 0..D
 *
 * -s RxC is the board's size (default 3x3; R*C from 2 to 9).  A BOARD or
 * GOAL is R*C characters read row by row, '0' the blank; a '/' may
 * separate rows and is skipped.  GOAL's characters must be distinct; a
 * BOARD must use exactly GOAL's.  The default goal is the tiles 1, 2, ...
 * in order with the blank last (123456780 at 3x3, 123450 at 2x3).
 *
 * Input is read strictly: anything out of the judge's layout (a '\r', a
 * blank line, a repeated or missing tile, text after POJ 1077's one line)
 * is an error naming FILE:LINE.  Exit status: 0 ok, 1 a check or replay
 * failed, 2 usage or input error.
 */
#define _POSIX_C_SOURCE 200809L
#define REF_NAME "slideref"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refutil.h"

#include "reflines.h"

#define MAX_CELLS 9
/* Longer than any fewest path: 31 at 3x3, 36 at 2x4, the most of any size
   of up to 9 cells. */
#define MAX_PATH 64
#define BLANK '0'

static const char letters[4] = {'u', 'd', 'l', 'r'}; /* in priority order */
static const int drow[4] = {-1, 1, 0, 0};
static const int dcol[4] = {0, 0, -1, 1};

typedef struct puzzle {
    int rows, cols, n;
    char goal[MAX_CELLS + 1]; /* symbol k is goal[k] */
    int blank;                /* the blank's symbol */
    uint32_t states;          /* n! */
    signed char *dist;        /* by rank; -1 unreached */
    uint32_t reached;
    int radius;
    long hist[MAX_PATH];
} puzzle;

/* A board: cell i holds symbol p[i]. */
typedef struct board {
    unsigned char p[MAX_CELLS];
} board;

/* ---- numbering boards ---------------------------------------------- */

static uint32_t factorial(int n)
{
    uint32_t f = 1;
    for (int k = 2; k <= n; k++)
        f *= (uint32_t)k;
    return f;
}

/* The Lehmer code of b: 0 .. n!-1, the goal (identity) 0. */
static uint32_t board_rank(const board *b, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++) {
        uint32_t smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += b->p[j] < b->p[i];
        r = r * (uint32_t)(n - i) + smaller;
    }
    return r;
}

/* The board whose rank is r (the inverse of board_rank). */
static void board_unrank(uint32_t r, int n, board *b)
{
    int digit[MAX_CELLS];
    for (int i = n - 1; i >= 0; i--) {
        digit[i] = (int)(r % (uint32_t)(n - i));
        r /= (uint32_t)(n - i);
    }
    int used[MAX_CELLS] = {0};
    for (int i = 0; i < n; i++) {
        int k = 0, left = digit[i]; /* the digit[i]-th unused symbol */
        for (; used[k] || left-- > 0; k++)
            ;
        used[k] = 1;
        b->p[i] = (unsigned char)k;
    }
}

/* ---- moves --------------------------------------------------------- */

static int blank_cell(const puzzle *z, const board *b)
{
    for (int i = 0; i < z->n; i++)
        if (b->p[i] == z->blank)
            return i;
    abort(); /* every board has its blank */
}

/* Moves the blank of b one step in direction d (0..3, as letters[]): 1,
   or 0 with b unchanged when that side is off the board. */
static int move_blank(const puzzle *z, board *b, int d)
{
    int at = blank_cell(z, b);
    int r = at / z->cols + drow[d], c = at % z->cols + dcol[d];
    if (r < 0 || r >= z->rows || c < 0 || c >= z->cols)
        return 0;
    int to = r * z->cols + c;
    b->p[at] = b->p[to];
    b->p[to] = (unsigned char)z->blank;
    return 1;
}

static int direction(char letter)
{
    const char *s = memchr(letters, letter, sizeof letters);
    return s && letter ? (int)(s - letters) : -1;
}

/* ---- the search ---------------------------------------------------- */

/* Fills z->dist, reached, radius and hist by a breadth-first search from
   the goal over all n! boards. */
static void search(puzzle *z)
{
    z->states = factorial(z->n);
    z->dist = malloc(z->states);
    uint32_t *queue = malloc(z->states * sizeof *queue);
    if (!z->dist || !queue)
        die("out of memory");
    memset(z->dist, -1, z->states);
    uint32_t head = 0, tail = 0;
    z->dist[0] = 0; /* the goal is the identity, rank 0 */
    queue[tail++] = 0;
    while (head < tail) {
        uint32_t r = queue[head++];
        board b;
        board_unrank(r, z->n, &b);
        for (int d = 0; d < 4; d++) {
            board next = b;
            if (!move_blank(z, &next, d))
                continue;
            uint32_t nr = board_rank(&next, z->n);
            if (z->dist[nr] < 0) {
                z->dist[nr] = (signed char)(z->dist[r] + 1);
                queue[tail++] = nr;
            }
        }
    }
    z->reached = tail;
    for (uint32_t k = 0; k < tail; k++) {
        int d = z->dist[queue[k]];
        if (d >= MAX_PATH)
            die("a distance of %d: more than this program holds", d);
        z->hist[d]++;
        if (d > z->radius)
            z->radius = d;
    }
    free(queue);
}

static int fewest(const puzzle *z, const board *b)
{
    return z->dist[board_rank(b, z->n)];
}

/* The first shortest path from b in u < d < l < r order, into out (at
   least MAX_PATH + 1 bytes); 0 when b cannot be solved. */
static int first_path(const puzzle *z, const board *b, char *out)
{
    board cur = *b;
    int left = fewest(z, &cur);
    if (left < 0)
        return 0;
    for (; left > 0; left--) {
        int d;
        for (d = 0; d < 4; d++) {
            board next = cur;
            if (move_blank(z, &next, d) && fewest(z, &next) == left - 1) {
                cur = next;
                break;
            }
        }
        if (d == 4)
            abort(); /* a board at distance left has a neighbour at left-1 */
        *out++ = letters[d];
    }
    *out = '\0';
    return 1;
}

/* ---- boards as text ------------------------------------------------ */

/* Sets z's size and goal (NULL: the default goal), or dies. */
static void puzzle_init(puzzle *z, int rows, int cols, const char *goal)
{
    memset(z, 0, sizeof *z);
    z->rows = rows;
    z->cols = cols;
    z->n = rows * cols;
    if (!goal) {
        for (int k = 0; k < z->n - 1; k++)
            z->goal[k] = (char)('1' + k);
        z->goal[z->n - 1] = BLANK;
    } else {
        int k = 0;
        for (const char *s = goal; *s; s++) {
            if (*s == '/')
                continue;
            if (k == z->n)
                die("goal %s: more than %d cells", goal, z->n);
            if (*s <= ' ' || *s > '~')
                die("goal %s: a cell is not a printable character", goal);
            if (memchr(z->goal, *s, (size_t)k))
                die("goal %s: '%c' appears twice", goal, *s);
            z->goal[k++] = *s;
        }
        if (k != z->n)
            die("goal %s: %d cells, not %d", goal, k, z->n);
        if (!memchr(z->goal, BLANK, (size_t)k))
            die("goal %s: no blank (%c)", goal, BLANK);
    }
    z->blank =
        (int)((const char *)memchr(z->goal, BLANK, (size_t)z->n) - z->goal);
}

/* Reads s (R*C characters, '/' skipped) into b: NULL, or what is wrong. */
static const char *board_parse(const puzzle *z, const char *s, board *b)
{
    int k = 0, seen[MAX_CELLS] = {0};
    for (; *s; s++) {
        if (*s == '/')
            continue;
        const char *g = memchr(z->goal, *s, (size_t)z->n);
        if (!g)
            return "a character that is not one of the goal's";
        if (k == z->n)
            return "more cells than the board has";
        if (seen[g - z->goal]++)
            return "a tile or the blank twice";
        b->p[k++] = (unsigned char)(g - z->goal);
    }
    if (k != z->n)
        return "fewer cells than the board has";
    return NULL;
}

/* ---- the judges' files --------------------------------------------- */

/* One line of POJ 1077 / HDU 1043: 9 one-character tokens, 1..8 and x. */
static void read_eight(lines *in, const puzzle *z, const char *line, board *b)
{
    char cells[MAX_CELLS + 1];
    int k = 0;
    for (const char *s = line;;) {
        s += strspn(s, " \t");
        if (!*s)
            break;
        size_t len = strcspn(s, " \t");
        if (len != 1 || !strchr("12345678x", *s))
            rl_bad(in, "expected tokens 1..8 and x, each one character");
        if (k == MAX_CELLS)
            rl_bad(in, "more than 9 tokens");
        cells[k++] = *s == 'x' ? BLANK : *s;
        s += len;
    }
    cells[k] = '\0';
    if (k != MAX_CELLS)
        rl_bad(in, "%d tokens, not 9", k);
    const char *why = board_parse(z, cells, b);
    if (why)
        rl_bad(in, "%s", why);
}

static void put_path(const puzzle *z, const board *b)
{
    char path[MAX_PATH + 1];
    puts(first_path(z, b, path) ? path : "unsolvable");
}

static void solve_eight(lines *in, const puzzle *z, int one)
{
    const char *line;
    board b;
    if (one) {
        if (!(line = rl_next(in)))
            rl_bad(in, "empty file: expected the board");
        read_eight(in, z, line, &b);
        put_path(z, &b);
        rl_expect_end(in, "the board");
        return;
    }
    while ((line = rl_next(in))) {
        read_eight(in, z, line, &b);
        put_path(z, &b);
    }
}

static void solve_p1379(lines *in, const puzzle *z)
{
    const char *line = rl_next(in);
    board b;
    if (!line)
        rl_bad(in, "empty file: expected the board");
    if (strlen(line) != 9 || line[strspn(line, "012345678")])
        rl_bad(in, "expected 9 digits 0..8");
    const char *why = board_parse(z, line, &b);
    if (why)
        rl_bad(in, "%s", why);
    printf("%d\n", fewest(z, &b));
    rl_expect_end(in, "the board");
}

static void solve_leetcode773(lines *in, const puzzle *z)
{
    static const char shape[] = "[[?,?,?],[?,?,?]]";
    const char *line = rl_next(in);
    char cells[7];
    int k = 0;
    board b;
    if (!line)
        rl_bad(in, "empty file: expected the board");
    if (strlen(line) != strlen(shape))
        rl_bad(in, "expected [[a,b,c],[d,e,f]], no spaces");
    for (size_t i = 0; shape[i]; i++)
        if (shape[i] == '?')
            cells[k++] = line[i];
        else if (line[i] != shape[i])
            rl_bad(in, "expected [[a,b,c],[d,e,f]], no spaces");
    cells[k] = '\0';
    if (cells[strspn(cells, "012345")])
        rl_bad(in, "a cell that is not a digit 0..5");
    const char *why = board_parse(z, cells, &b);
    if (why)
        rl_bad(in, "%s", why);
    printf("%d\n", fewest(z, &b));
    rl_expect_end(in, "the board");
}

/* ---- checking paths ------------------------------------------------ */

/* Plays path from b: NULL when it is made of legal moves and ends at the
   goal, else what goes wrong (in why, cap bytes). */
static const char *replay(const puzzle *z, const board *b, const char *path,
                          char *why, size_t cap)
{
    board cur = *b;
    for (size_t k = 0; path[k]; k++) {
        int d = direction(path[k]);
        if (d < 0) {
            snprintf(why, cap, "move %zu: '%c' is not one of u, d, l, r", k + 1,
                     path[k]);
            return why;
        }
        if (!move_blank(z, &cur, d)) {
            int at = blank_cell(z, &cur);
            snprintf(why, cap,
                     "move %zu (%c) cannot be made: the blank is at row "
                     "%d, column %d",
                     k + 1, path[k], at / z->cols + 1, at % z->cols + 1);
            return why;
        }
    }
    if (fewest(z, &cur) != 0) {
        snprintf(why, cap, "the moves (%zu) do not reach the goal",
                 strlen(path));
        return why;
    }
    return NULL;
}

/* 0 when OUTPUT answers every case of INPUT rightly (any shortest path),
   else 1 with a message naming OUTPUT:LINE. */
static int check_eight(lines *in, const puzzle *z, int one, const char *outname)
{
    lines out;
    rl_open(&out, outname);
    const char *line;
    long cases = 0;
    int rc = 0;
    while ((line = rl_next(in))) {
        board b;
        read_eight(in, z, line, &b);
        cases++;
        const char *answer = rl_next(&out);
        char why[128];
        int want = fewest(z, &b);
        if (!answer) {
            fprintf(stderr, "slideref: %s: no answer to case %ld\n", outname,
                    cases);
            rc = 1;
            goto out;
        }
        if (!strcmp(answer, "unsolvable")) {
            if (want >= 0)
                snprintf(why, sizeof why,
                         "`unsolvable`, but case %ld is solved in %d moves",
                         cases, want);
            else
                continue;
        } else if (want < 0) {
            snprintf(why, sizeof why, "case %ld is unsolvable", cases);
        } else if (replay(z, &b, answer, why, sizeof why)) {
            /* why says what */
        } else if (strlen(answer) != (size_t)want) {
            snprintf(why, sizeof why, "%zu moves, but the fewest is %d",
                     strlen(answer), want);
        } else {
            continue;
        }
        fprintf(stderr, "slideref: %s:%ld: %s\n", outname, out.lineno, why);
        rc = 1;
        goto out;
    }
    if (one && cases != 1)
        rl_bad(in, "%ld cases: poj1077 has one", cases);
    if (rl_next(&out)) {
        fprintf(stderr, "slideref: %s:%ld: text after the last answer\n",
                outname, out.lineno);
        rc = 1;
    }
out:
    rl_close(&out);
    return rc;
}

/* ---- command line -------------------------------------------------- */

_Noreturn static void usage(void)
{
    fputs("usage: slideref solve poj1077|hdu1043|p1379|leetcode773 [FILE]\n"
          "       slideref check poj1077|hdu1043 INPUT OUTPUT\n"
          "       slideref replay [-s RxC] [-g GOAL] BOARD MOVES\n"
          "       slideref dist [-s RxC] [-g GOAL] [-p] [FILE]\n"
          "       slideref census [-s RxC] [-g GOAL]\n",
          stderr);
    exit(2);
}

typedef struct options {
    int rows, cols, path;
    const char *goal;
    int rest; /* argv index of the first operand */
} options;

/* -s, -g and (when path_ok) -p from argv[from..], until the first
   operand; sets up z and searches. */
static void options_parse(int argc, char **argv, int from, int path_ok,
                          options *o, puzzle *z)
{
    memset(o, 0, sizeof *o);
    o->rows = o->cols = 3;
    int k = from;
    for (; k < argc && argv[k][0] == '-' && argv[k][1]; k++) {
        const char *opt = argv[k];
        if (!strcmp(opt, "-p") && path_ok) {
            o->path = 1;
            continue;
        }
        if (k + 1 >= argc)
            usage();
        const char *arg = argv[++k];
        char extra;
        if (!strcmp(opt, "-s")) {
            if (sscanf(arg, "%dx%d%c", &o->rows, &o->cols, &extra) != 2 ||
                o->rows < 1 || o->cols < 1 || o->rows * o->cols < 2 ||
                o->rows * o->cols > MAX_CELLS)
                die("-s %s: expected RxC, R*C from 2 to %d", arg, MAX_CELLS);
        } else if (!strcmp(opt, "-g")) {
            o->goal = arg;
        } else {
            usage();
        }
    }
    o->rest = k;
    puzzle_init(z, o->rows, o->cols, o->goal);
    search(z);
}

static int cmd_replay(const puzzle *z, int argc, char **argv)
{
    if (argc != 2)
        usage();
    board b;
    const char *why = board_parse(z, argv[0], &b);
    if (why)
        die("board %s: %s", argv[0], why);
    char buf[128];
    if ((why = replay(z, &b, argv[1], buf, sizeof buf))) {
        printf("%s\n", why);
        return 1;
    }
    printf("reached the goal: %zu moves, fewest %d\n", strlen(argv[1]),
           fewest(z, &b));
    return rl_finish_stdout();
}

static int cmd_dist(const puzzle *z, int path, int argc, char **argv)
{
    if (argc > 1)
        usage();
    lines in;
    rl_open(&in, argc ? argv[0] : "-");
    const char *line;
    while ((line = rl_next(&in))) {
        board b;
        const char *why = board_parse(z, line, &b);
        if (why)
            rl_bad(&in, "%s", why);
        if (path)
            put_path(z, &b);
        else
            printf("%d\n", fewest(z, &b));
    }
    rl_close(&in);
    return rl_finish_stdout();
}

static int cmd_census(const puzzle *z, int argc)
{
    if (argc)
        usage();
    printf("states %lu\nradius %d\n", (unsigned long)z->reached, z->radius);
    for (int d = 0; d <= z->radius; d++)
        printf("%d %ld\n", d, z->hist[d]);
    return rl_finish_stdout();
}

/* solve and check: the judge's fixed puzzle. */
static int cmd_judge(int check, int argc, char **argv)
{
    if (argc < 1)
        usage();
    const char *judge = argv[0];
    int eight = !strcmp(judge, "poj1077") || !strcmp(judge, "hdu1043");
    puzzle z;
    if (eight)
        puzzle_init(&z, 3, 3, "123456780");
    else if (!strcmp(judge, "p1379") && !check)
        puzzle_init(&z, 3, 3, "123804765");
    else if (!strcmp(judge, "leetcode773") && !check)
        puzzle_init(&z, 2, 3, "123450");
    else if (check)
        die("check takes poj1077 or hdu1043: compare the others' numbers "
            "with slideref solve");
    else
        die("unknown judge '%s'", judge);
    if (check ? argc != 3 : argc > 2)
        usage();
    search(&z);
    lines in;
    rl_open(&in, argc > 1 ? argv[1] : "-");
    int rc = 0;
    int one = !strcmp(judge, "poj1077");
    if (check)
        rc = check_eight(&in, &z, one, argv[2]);
    else if (eight)
        solve_eight(&in, &z, one);
    else if (!strcmp(judge, "p1379"))
        solve_p1379(&in, &z);
    else
        solve_leetcode773(&in, &z);
    rl_close(&in);
    free(z.dist);
    int out = rl_finish_stdout();
    return rc ? rc : out;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        usage();
    const char *cmd = argv[1];
    if (!strcmp(cmd, "solve") || !strcmp(cmd, "check"))
        return cmd_judge(!strcmp(cmd, "check"), argc - 2, argv + 2);
    int is_dist = !strcmp(cmd, "dist");
    if (!is_dist && strcmp(cmd, "replay") && strcmp(cmd, "census"))
        usage();
    options o;
    puzzle z;
    options_parse(argc, argv, 2, is_dist, &o, &z);
    int rc;
    if (is_dist)
        rc = cmd_dist(&z, o.path, argc - o.rest, argv + o.rest);
    else if (!strcmp(cmd, "replay"))
        rc = cmd_replay(&z, argc - o.rest, argv + o.rest);
    else
        rc = cmd_census(&z, argc - o.rest);
    free(z.dist);
    return rc;
}
