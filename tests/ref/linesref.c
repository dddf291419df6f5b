/*
 * linesref.c - independent reference for the flip-lines rule (POJ 2965).
 *
 * Shares no code with gridbfs and does not search over moves.  Changing
 * handle (r,c) toggles row r and column c (the handle itself once); such
 * changes commute and each undoes itself, so a shortest solution is a
 * smallest SET of handles whose combined toggles equal the board (the goal
 * is every handle open, all 0).  Every one of the 2^(R*C) subsets is
 * enumerated (Gray code order, one XOR per step) and, for every pattern
 * they make, the smallest subset size is kept: one table answers every
 * board of that size.  R*C <= 20.
 *
 * When R and C are both even there is also a closed form, which the
 * self-test uses as a second opinion: the one solution changes handle (i,j)
 * exactly when the board has an odd number of closed handles in the union
 * of row i and column j.
 *
 * Usage:
 *   linesref boards   [OPTIONS]   every board of the size, one line-syntax
 *                                 record (rows joined by '/') each
 *   linesref solve    [OPTIONS] RECORDS
 *                                 the minimum (or Impossible) per record
 *   linesref check    [OPTIONS] RECORDS OUTPUT
 *                                 verify gridbfs judge output for RECORDS:
 *                                 every count is the minimum and, with -p,
 *                                 the "i j" lines after it (1-based) replay
 *                                 the board to all open
 *   linesref selftest             table against closed form and hand facts
 * Options:
 *   -s RxC    board size (default 4x4)
 *   -c CELLS  the characters for 1 (closed) and 0 (open) (default +-)
 *   -p        (check) each count is followed by its moves
 *
 * Records are gridbfs's line syntax: whitespace-separated tokens, one board
 * (rows joined by '/'; a one-row board ends with '/'); `size=RxC` sets the
 * record's size, other key=value tokens are ignored.  Cell (r,c) is bit
 * r*C+c.  Exit status: 0 ok, 1 a check or self-test failed, 2 usage or
 * input error.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 20 /* the table has 2^(R*C) entries */
#define UNREACHABLE 0xFF
#define MAX_REPORTS 10
#define LINE_MAX_BYTES 4096
#define SIZES_MAX 8 /* tables kept at once */

typedef struct opts {
    int rows, cols;
    char one, zero;
    int path;
} opts;

typedef struct table {
    int rows, cols;
    unsigned char *min; /* min[pattern]: fewest changes making it */
} table;

static table tables[SIZES_MAX];
static int ntables;

_Noreturn static void die(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fputs("linesref: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* The handles that changing (r,c) toggles. */
static uint32_t toggles(int rows, int cols, int r, int c)
{
    uint32_t m = 0;

    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            if (i == r || j == c)
                m |= (uint32_t)1 << (i * cols + j);
    return m;
}

static void check_size(int rows, int cols)
{
    if (rows < 1 || cols < 1 || rows * cols > MAX_CELLS)
        die("size %dx%d: need 1..%d cells", rows, cols, MAX_CELLS);
}

/* The table of fewest changes for rows x cols, built on first use. */
static const unsigned char *get_table(int rows, int cols)
{
    int n = rows * cols;
    uint32_t mask[MAX_CELLS], pattern = 0, subset = 0;
    size_t size = (size_t)1 << n;
    unsigned char *min;
    int count = 0;

    for (int i = 0; i < ntables; i++)
        if (tables[i].rows == rows && tables[i].cols == cols)
            return tables[i].min;
    if (ntables == SIZES_MAX)
        die("too many board sizes in one run");
    for (int i = 0; i < n; i++)
        mask[i] = toggles(rows, cols, i / cols, i % cols);
    if (!(min = malloc(size)))
        die("out of memory");
    memset(min, UNREACHABLE, size);
    min[0] = 0;
    /* Gray code: subsets g-1 and g differ in the lowest set bit of g. */
    for (size_t g = 1; g < size; g++) {
        int bit = 0;

        while (!((g >> bit) & 1))
            bit++;
        subset ^= (uint32_t)1 << bit;
        pattern ^= mask[bit];
        count += (subset >> bit) & 1 ? 1 : -1;
        if (count < min[pattern])
            min[pattern] = (unsigned char)count;
    }
    tables[ntables++] = (table){rows, cols, min};
    return min;
}

/* Fewest changes opening every handle of board, or -1 if impossible. */
static int minimum(int rows, int cols, uint32_t board)
{
    unsigned char m = get_table(rows, cols)[board];

    return m == UNREACHABLE ? -1 : m;
}

/* ---- records -------------------------------------------------------- */

/* Parse "RxC"; 0 on error. */
static int parse_size(const char *s, int *rows, int *cols)
{
    char *end;
    long r = strtol(s, &end, 10), c;

    if (end == s || *end != 'x')
        return 0;
    s = end + 1;
    c = strtol(s, &end, 10);
    if (end == s || *end || r < 1 || c < 1 || r * c > MAX_CELLS)
        return 0;
    *rows = (int)r;
    *cols = (int)c;
    return 1;
}

/* Parse a board token of rows x cols into *b; 0 on error. */
static int parse_board(const opts *o, int rows, int cols, const char *tok,
                       uint32_t *b)
{
    size_t len = strlen(tok);
    int r = 0, c = 0;

    if (rows == 1 && len && tok[len - 1] == '/')
        len--;
    *b = 0;
    for (size_t i = 0; i < len; i++) {
        if (tok[i] == '/') {
            if (c != cols)
                return 0;
            r++;
            c = 0;
        } else if (r >= rows || c >= cols) {
            return 0;
        } else if (tok[i] == o->one) {
            *b |= (uint32_t)1 << (r * cols + c++);
        } else if (tok[i] == o->zero) {
            c++;
        } else {
            return 0;
        }
    }
    return r == rows - 1 && c == cols;
}

/* Read one record line into its size and board; 0 at end of file. */
static int read_record(FILE *f, const char *name, long *lineno, const opts *o,
                       int *rows, int *cols, uint32_t *board)
{
    char line[LINE_MAX_BYTES], *tok, *save;
    const char *btok = NULL;

    if (!fgets(line, sizeof line, f))
        return 0;
    ++*lineno;
    *rows = o->rows;
    *cols = o->cols;
    for (tok = strtok_r(line, " \t\r\n", &save); tok;
         tok = strtok_r(NULL, " \t\r\n", &save)) {
        if (strncmp(tok, "size=", 5) == 0) {
            if (!parse_size(tok + 5, rows, cols))
                die("%s:%ld: bad %s", name, *lineno, tok);
        } else if (!strchr(tok, '=')) {
            if (btok)
                die("%s:%ld: more than one board", name, *lineno);
            btok = tok;
        }
    }
    if (!btok || !parse_board(o, *rows, *cols, btok, board))
        die("%s:%ld: no %dx%d board", name, *lineno, *rows, *cols);
    return 1;
}

static FILE *open_or_die(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");

    if (!f)
        die("cannot open %s", path);
    return f;
}

/* ---- commands ------------------------------------------------------- */

static int cmd_boards(const opts *o)
{
    int n = o->rows * o->cols;

    for (uint32_t b = 0; b < (uint32_t)1 << n; b++) {
        for (int k = 0; k < n; k++) {
            if (k && k % o->cols == 0)
                putchar('/');
            putchar((b >> k) & 1 ? o->one : o->zero);
        }
        if (o->rows == 1)
            putchar('/');
        putchar('\n');
    }
    return 0;
}

static int cmd_solve(const opts *o, const char *path)
{
    FILE *f = open_or_die(path);
    long lineno = 0;
    int rows, cols;
    uint32_t b;

    while (read_record(f, path, &lineno, o, &rows, &cols, &b)) {
        int m = minimum(rows, cols, b);

        if (m < 0)
            puts("Impossible");
        else
            printf("%d\n", m);
    }
    return 0;
}

/* Report one failed record; counts them and prints the first few. */
static void report(int *bad, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void report(int *bad, const char *fmt, ...)
{
    if ((*bad)++ < MAX_REPORTS) {
        va_list ap;

        va_start(ap, fmt);
        fputs("linesref: ", stderr);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

/*
 * Check one record's answer, read from out: the count (or Impossible) and,
 * with o->path, that many "i j" lines replayed onto the board.
 */
static void check_one(const opts *o, FILE *out, long rec, int rows, int cols,
                      uint32_t b, int *bad)
{
    char line[LINE_MAX_BYTES], extra;
    int want = minimum(rows, cols, b), got, i, j;
    uint32_t s = b;

    if (!fgets(line, sizeof line, out)) {
        report(bad, "record %ld: no answer", rec);
        return;
    }
    line[strcspn(line, "\n")] = '\0';
    if (want < 0) {
        if (strcmp(line, "Impossible") != 0)
            report(bad, "record %ld: got '%s', expected Impossible", rec, line);
        return;
    }
    if (sscanf(line, "%d%c", &got, &extra) != 1 || got != want) {
        report(bad, "record %ld: got '%s', expected %d", rec, line, want);
        return;
    }
    if (!o->path)
        return;
    for (int k = 0; k < got; k++) {
        if (!fgets(line, sizeof line, out) ||
            sscanf(line, "%d %d%c", &i, &j, &extra) != 3 || extra != '\n' ||
            i < 1 || i > rows || j < 1 || j > cols) {
            report(bad, "record %ld: move %d is not 'i j'", rec, k + 1);
            return;
        }
        s ^= toggles(rows, cols, i - 1, j - 1);
    }
    if (s != 0)
        report(bad, "record %ld: the %d moves leave handles closed", rec, got);
}

static int cmd_check(const opts *o, const char *records, const char *output)
{
    FILE *in = open_or_die(records), *out = open_or_die(output);
    long lineno = 0, rec = 0;
    int rows, cols, bad = 0;
    uint32_t b;
    char line[LINE_MAX_BYTES];

    while (read_record(in, records, &lineno, o, &rows, &cols, &b))
        check_one(o, out, ++rec, rows, cols, b, &bad);
    if (fgets(line, sizeof line, out))
        report(&bad, "output goes on after record %ld", rec);
    if (bad) {
        fprintf(stderr, "linesref: %d of %ld records wrong\n", bad, rec);
        return 1;
    }
    printf("check: %ld records ok\n", rec);
    return 0;
}

/* The closed form for even sizes: the one solution's set of changes. */
static uint32_t closed_form(int rows, int cols, uint32_t b)
{
    uint32_t x = 0;

    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            uint32_t cross = b & toggles(rows, cols, i, j);
            int odd = 0;

            for (; cross; cross &= cross - 1)
                odd ^= 1;
            if (odd)
                x |= (uint32_t)1 << (i * cols + j);
        }
    return x;
}

static int popcount(uint32_t x)
{
    int n = 0;

    for (; x; x &= x - 1)
        n++;
    return n;
}

static int cmd_selftest(void)
{
    int fails = 0;
    const struct {
        int rows, cols;
        uint32_t board;
        int want;
    } facts[] = {
        {4, 4, 0, 0},
        {4, 4, 0x2002, 6},  /* POJ 2965 sample: -+-- / ---- / ---- / -+-- */
        {4, 4, 0xFFFF, 16}, /* all closed: change every handle */
        {4, 4, 0x0001, 7},  /* (1,1) alone: its row and column, 7 changes */
        {4, 4, 0x111F, 1},  /* row 1 and column 1: change (1,1) */
        {1, 1, 1, 1},
        {1, 3, 0x7, 1},  /* any change toggles the whole row */
        {1, 3, 0x1, -1}, /* a 1-row board only toggles as a whole */
        {3, 1, 0x7, 1},  /* and a 1-column board as a whole */
    };

    for (size_t k = 0; k < sizeof facts / sizeof *facts; k++) {
        int got = minimum(facts[k].rows, facts[k].cols, facts[k].board);

        if (got != facts[k].want) {
            fprintf(stderr, "selftest: %dx%d board %#x: %d, expected %d\n",
                    facts[k].rows, facts[k].cols, (unsigned)facts[k].board, got,
                    facts[k].want);
            fails++;
        }
    }
    /* Every 4x4 and 2x4 board: the closed form solves it, with the
       minimum number of changes (and the minimum is unique to it). */
    for (int size = 0; size < 2; size++) {
        int rows = size ? 2 : 4, cols = 4;

        for (uint32_t b = 0; b < (uint32_t)1 << (rows * cols); b++) {
            uint32_t x = closed_form(rows, cols, b), s = b;

            for (int k = 0; k < rows * cols; k++)
                if ((x >> k) & 1)
                    s ^= toggles(rows, cols, k / cols, k % cols);
            if (s != 0 || popcount(x) != minimum(rows, cols, b)) {
                if (fails++ < MAX_REPORTS)
                    fprintf(stderr,
                            "selftest: %dx%d board %#x: closed form "
                            "disagrees\n",
                            rows, cols, (unsigned)b);
            }
        }
    }
    if (fails)
        return 1;
    puts("selftest: ok");
    return 0;
}

int main(int argc, char **argv)
{
    opts o = {4, 4, '+', '-', 0};
    const char *cmd = argc > 1 ? argv[1] : "";
    int i = 2;

    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (strcmp(argv[i], "-p") == 0)
            o.path = 1;
        else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc) {
            if (!parse_size(argv[++i], &o.rows, &o.cols))
                die("-s %s: expected RxC of at most %d cells", argv[i],
                    MAX_CELLS);
        } else if (strcmp(argv[i], "-c") == 0 && i + 1 < argc) {
            const char *c = argv[++i];

            if (strlen(c) != 2 || c[0] == c[1])
                die("-c %s: expected two distinct characters", c);
            o.one = c[0];
            o.zero = c[1];
        } else {
            die("unknown option %s", argv[i]);
        }
    }
    check_size(o.rows, o.cols);
    if (strcmp(cmd, "boards") == 0 && i == argc)
        return cmd_boards(&o);
    if (strcmp(cmd, "solve") == 0 && i + 1 == argc)
        return cmd_solve(&o, argv[i]);
    if (strcmp(cmd, "check") == 0 && i + 2 == argc)
        return cmd_check(&o, argv[i], argv[i + 1]);
    if (strcmp(cmd, "selftest") == 0 && i == argc)
        return cmd_selftest();
    die("usage: linesref boards|solve RECORDS|check RECORDS OUTPUT|selftest "
        "[-s RxC] [-c CELLS] [-p]");
}
