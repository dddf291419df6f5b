/*
 * tests/unit/parse.c - unit test of core/parse.c: a record's rows into
 * boards, and the first fault of a record that does not fit its rule.
 *
 * The rule is made by hand (2x3 boards of 'b' = 1 and 'w' = 0, or of
 * more symbols), so every bit expected is worked out here from the cell
 * characters, not by the code under test.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "parse.h"

#define ROWS 2
#define COLS 3

static rule_inst make_rule_of(uint32_t boards, const char *symbols)
{
    rule_inst in;
    memset(&in, 0, sizeof in);
    in.name = "hand";
    in.rule.rows = ROWS;
    in.rule.cols = COLS;
    in.rule.symbols = symbols;
    in.rule.boards = boards;
    rules_set_cells(&in);
    return in;
}

static rule_inst make_rule(uint32_t boards)
{
    return make_rule_of(boards, "wb"); /* zero, one */
}

/* A record of n rows with the given texts, on lines from line on (step
   lines apart: 0 for a line record), cut into boards of ROWS rows. */
static record make_record(const char *const *rows, uint32_t n, uint64_t line,
                          uint64_t step)
{
    static record_row row[64]; /* the last record made's */
    record rec;
    memset(&rec, 0, sizeof rec);
    rec.row = row;
    rec.line = line;
    for (uint32_t k = 0; k < n; k++) {
        rec.row[k] =
            (record_row){rows[k], (uint32_t)strlen(rows[k]), line + k * step};
        rec.board_rows[k / ROWS]++;
    }
    rec.nboards = (n + ROWS - 1) / ROWS;
    return rec;
}

/* The bits a board's text means, worked out cell by cell. */
static uint64_t bits_of(const char *const *rows)
{
    uint64_t w = 0;
    for (uint32_t r = 0; r < ROWS; r++)
        for (uint32_t c = 0; c < COLS; c++)
            if (rows[r][c] == 'b')
                w |= (uint64_t)1 << (r * COLS + c);
    return w;
}

static void test_good(void)
{
    static const char *const rows[] = {"bwb", "wbb", "www", "bbb"};
    rule_inst one = make_rule(1), two = make_rule(2);
    puzzle p = {0};
    char msg[RULES_MSG_MAX];
    uint64_t line = 0;

    record rec = make_record(rows, 2, 5, 1);
    CHECK(parse_record(&one, &rec, &p, msg, &line) == 0);
    CHECK(p.b[0].w[0] == bits_of(rows) && p.b[0].w[0] == 0x35);
    CHECK(p.b[0].rows == ROWS && p.b[0].cols == COLS && p.b[0].bits == 1);
    CHECK(line == 5);
    rec = make_record(rows, 4, 9, 0);
    memset(p.words, 0xff, p.cap * sizeof *p.words); /* parse must clear */
    CHECK(parse_record(&two, &rec, &p, msg, &line) == 0);
    CHECK(p.b[0].w[0] == bits_of(rows));
    CHECK(p.b[1].w[0] == bits_of(rows + 2) && p.b[1].w[0] == 0x38);
    puzzle_free(&p);
}

/* Cells of K symbols: cell k's value (its symbol's index) at bits
   k * bits on, 2 bits a cell for 3 or 4 symbols, 4 for 5 to 16, 8 past. */
static void test_symbols(void)
{
    static const char *const three[] = {"abc", "cba"};
    static const char *const five[] = {"012", "340"};
    static const char *const many[] = {"0a9", "zA5"};
    static const char *const digits =
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    rule_inst k3 = make_rule_of(1, "abc"), k5 = make_rule_of(1, "01234");
    rule_inst k62 = make_rule_of(1, digits);
    puzzle p = {0};
    char msg[RULES_MSG_MAX];
    uint64_t line = 0;

    record rec = make_record(three, 2, 1, 1);
    CHECK(parse_record(&k3, &rec, &p, msg, &line) == 0);
    CHECK(p.b[0].bits == 2);
    /* 0, 1, 2, 2, 1, 0 at bits 0, 2, 4, 6, 8, 10 */
    CHECK(p.b[0].w[0] == (1u << 2 | 2u << 4 | 2u << 6 | 1u << 8));
    rec = make_record(five, 2, 1, 1);
    CHECK(parse_record(&k5, &rec, &p, msg, &line) == 0);
    CHECK(p.b[0].bits == 4 && p.b[0].w[0] == 0x43210);
    rec = make_record(many, 2, 1, 1);
    CHECK(parse_record(&k62, &rec, &p, msg, &line) == 0);
    /* 0, 10, 9, 35, 36, 5, a byte each */
    CHECK(p.b[0].bits == 8 && p.b[0].w[0] == 0x052423090a00ull);
    /* a byte that is no cell is refused, and packed as value 0, so the
       board holds only symbols' values (--check replays on it) */
    static const char *const bad[] = {"cxa", "bbb"};
    rec = make_record(bad, 2, 1, 1);
    CHECK(parse_record(&k3, &rec, &p, msg, &line) == -1);
    CHECK(p.b[0].w[0] == 2u); /* c, 0, a: 2, 0, 0 */
    puzzle_free(&p);
}

/* parse_record() of rows must fail with msg want at line want_line. */
static void expect_fault(const rule_inst *in, record *rec, const char *want,
                         uint64_t want_line, int line)
{
    puzzle p = {0};
    char msg[RULES_MSG_MAX] = "";
    uint64_t at = 0;
    CHECK_AT(line, parse_record(in, rec, &p, msg, &at) == -1, "refused");
    puzzle_free(&p);
    CHECK_AT(line, strcmp(msg, want) == 0, "message '%s', not '%s'", msg, want);
    CHECK_AT(line, at == want_line, "line %llu, not %llu",
             (unsigned long long)at, (unsigned long long)want_line);
}

static void test_faults(void)
{
    static const char *const short_row[] = {"bw", "bxw"};
    static const char *const long_cr[] = {"bwb", "bwb\r"};
    static const char *const bad_cell[] = {"bwb", "wxw"};
    static const char *const bad_byte[] = {"bwb", "w\x01w"};
    static const char *const three[] = {"bwb", "bwb", "bwb"};
    rule_inst one = make_rule(1), two = make_rule(2);
    record rec;

    /* the first fault of the record, row by row: a row's length before
       the cells of the rows after it */
    rec = make_record(short_row, 2, 3, 1);
    expect_fault(&one, &rec, "row 1 has 2 cells, expected 3", 3, __LINE__);
    /* a row of the wrong length holding a byte that is no cell: the byte
       (a stray CR) */
    rec = make_record(long_cr, 2, 3, 1);
    expect_fault(&one, &rec,
                 "row 2: byte 0x0d is not a cell (expected 'b' or 'w')", 4,
                 __LINE__);
    /* a bad cell is reported at its own row's line, however far */
    rec = make_record(bad_cell, 2, 3, 40);
    expect_fault(&one, &rec, "row 2: 'x' is not a cell (expected 'b' or 'w')",
                 43, __LINE__);
    rec = make_record(bad_byte, 2, 3, 0);
    expect_fault(&one, &rec,
                 "row 2: byte 0x01 is not a cell (expected 'b' or 'w')", 3,
                 __LINE__);
    /* boards, then the rows of each board */
    rec = make_record(bad_cell, 2, 7, 1);
    expect_fault(&two, &rec, "expected 2 boards, got 1", 7, __LINE__);
    rec = make_record(three, 3, 7, 1);
    expect_fault(&two, &rec, "board 2 has 1 row, expected 2", 9, __LINE__);
    /* the reader's own fault comes first, at its line, then the rule's */
    rec = make_record(bad_cell, 2, 7, 1);
    rec.error = "duplicate id=";
    rec.error_line = 8;
    expect_fault(&one, &rec, "duplicate id=", 8, __LINE__);
    /* a cell of more symbols: the symbols, or the first and last */
    rule_inst k3 = make_rule_of(1, "abc"), k11 = make_rule_of(1, "0123456789a");
    rec = make_record(bad_cell, 2, 3, 1);
    expect_fault(&k3, &rec, "row 1: 'w' is not a cell (expected one of abc)", 3,
                 __LINE__);
    expect_fault(&k11, &rec,
                 "row 1: 'b' is not a cell (expected one of the 11 symbols 0 "
                 "to a)",
                 3, __LINE__);
    rec = make_record(bad_cell, 2, 7, 1);
    one.error = "unknown rule 'zz'";
    expect_fault(&one, &rec, "unknown rule 'zz'", 7, __LINE__);
}

/* A validate() that refuses a board whose first cell is symbol 1, as a
   plugin's would (e.g. slide's, for a tile twice). */
static int refuse_first_b(const void *inst, const gridbfs_grid *boards,
                          gridbfs_error *err)
{
    (void)inst;
    if (gridbfs_grid_get(&boards[0], 0) != 1)
        return 0;
    snprintf(err->text, err->cap, "cell 1 is b\x01"); /* quoted, shown */
    return -1;
}

/* layout one_line: a board's one row of rows x cols cells is cut into
   its rows, the layout's ignore characters skipped; its faults are the
   line's; and validate() has the last word, at the record's line. */
static void test_one_line(void)
{
    static const char *const line[] = {"[b,w,b],[w,b,b]"};
    static const char *const two[] = {"bwb", "wbb"};
    static const char *const long_line[] = {"bwbwbbw"};
    static const char *const bad_line[] = {"bwbxbb"};
    cfg_profile prof;
    memset(&prof, 0, sizeof prof);
    prof.layout.one_line = 1;
    prof.layout.ignore = "[],";
    rule_inst in = make_rule(1);
    in.profile = &prof;
    puzzle p = {0};
    char msg[RULES_MSG_MAX];
    uint64_t at = 0;

    record rec = make_record(line, 1, 4, 1);
    CHECK(parse_record(&in, &rec, &p, msg, &at) == 0);
    CHECK(p.b[0].w[0] == bits_of(two) && at == 4);
    rec = make_record(two, 2, 4, 1); /* two rows: read as rows */
    CHECK(parse_record(&in, &rec, &p, msg, &at) == 0);
    CHECK(p.b[0].w[0] == bits_of(two));
    puzzle_free(&p);
    rec = make_record(long_line, 1, 6, 1);
    expect_fault(&in, &rec,
                 "the board's line has 7 cells, expected 6 (2x3, row after "
                 "row)",
                 6, __LINE__);
    rec = make_record(bad_line, 1, 2, 1);
    expect_fault(&in, &rec, "'x' is not a cell (expected 'b' or 'w')", 2,
                 __LINE__);

    gridbfs_plugin2 ops;
    loaded_plugin plugin;
    memset(&ops, 0, sizeof ops);
    memset(&plugin, 0, sizeof plugin);
    ops.validate = refuse_first_b;
    char name[] = "hand";
    plugin.name = name;
    plugin.ops = &ops;
    in.plugin = &plugin;
    rec = make_record(line, 1, 3, 1);
    expect_fault(&in, &rec, "cell 1 is b?", 3, __LINE__);
    static const char *const fine[] = {"[[w,w,b],[b,b,b]]"};
    rec = make_record(fine, 1, 3, 1);
    CHECK(parse_record(&in, &rec, &p, msg, &at) == 0);
    puzzle_free(&p);
}

int main(void)
{
    test_good();
    test_symbols();
    test_faults();
    test_one_line();
    return check_done();
}
