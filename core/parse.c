/* parse.c - see parse.h. */
#include "parse.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "util.h"

#define GATHER 0x0102040810204080ull /* byte i's bit 0 to bit 56 + i */

/*
 * n cells of text t into board bd from cell k on; returns -1, or the index
 * in t of the first byte that is not a cell (packed as value 0: --check
 * still replays the moves of a bad board, which holds only symbols' values).
 * For two symbols, eight cells at a time while they are all the rule's
 * (rules_set_cells()), then one at a time.
 */
static long pack(const rule_inst *in, const char *t, uint32_t n, uint32_t k,
                 gridbfs_grid *bd)
{
    const unsigned char *u = (const unsigned char *)t;
    uint32_t c = 0, bits = in->bits;
    if (bits == 1) {
        uint64_t one = BYTES(in->rule.symbols[1]);
        uint64_t zero = BYTES(in->rule.symbols[0]);
        for (; c + 8 <= n; c += 8, k += 8) {
            uint64_t x = load_le64(u + c);
            uint64_t is_one = zero_bytes(x ^ one);
            if ((is_one | zero_bytes(x ^ zero)) != BYTES(0x80))
                break; /* a byte that is no cell: the loop below finds it */
            uint64_t b8 = ((is_one >> 7) * GATHER) >> 56;
            bd->w[k / 64] |= b8 << k % 64;
            if (k % 64 > 56)
                bd->w[k / 64 + 1] |= b8 >> (64 - k % 64);
        }
    }
    unsigned seen = 0, mask = (1u << bits) - 1;
    for (uint32_t i = c; i < n; i++, k++) { /* no branches */
        unsigned v = in->cell[u[i]];
        unsigned value = v & mask & (0u - (v < 0x80)); /* no cell: 0 */
        size_t at = (size_t)k * bits;
        bd->w[at / 64] |= (uint64_t)value << at % 64;
        seen |= v;
    }
    if (!(seen & 0x80)) /* CELL_BAD's high bit: no symbol's */
        return -1;
    while (in->cell[u[c]] != CELL_BAD)
        c++;
    return c;
}

/* Why byte b of row row (1-based; 0: of a board's one line) is refused:
   what the cells are, all of them where there are a few, else the first
   and the last. */
static void bad_cell(const gridbfs_rule2 *r, uint32_t row, char b, char *msg)
{
    char byte[16], want[64];
    const char *s = r->symbols;
    size_t k = strlen(s);
    if (gridbfs_cell_char(b))
        fmt(byte, sizeof byte, "'%c'", b);
    else
        fmt(byte, sizeof byte, "byte 0x%02x", (unsigned char)b);
    if (k == 2) /* ABI 1's order: the one, then the zero */
        fmt(want, sizeof want, "'%c' or '%c'", s[1], s[0]);
    else if (k <= 10)
        fmt(want, sizeof want, "one of %s", s);
    else
        fmt(want, sizeof want, "one of the %zu symbols %c to %c", k, s[0],
            s[k - 1]);
    if (row == 0)
        fmt(msg, RULES_MSG_MAX, "%s is not a cell (expected %s)", byte, want);
    else
        fmt(msg, RULES_MSG_MAX,
            "row %" PRIu32 ": %s is not a cell (expected %s)", row, byte, want);
}

/*
 * The rows row[0..rows-1] of one board into bd; -1 at the first fault, row
 * by row: a byte that is not a cell, or a row of the wrong length.  The
 * rows before the first short or long one are packed in one pass when
 * they lie back to back, as the rows of a chunk do.
 */
static int pack_board(const rule_inst *in, const record_row *row,
                      gridbfs_grid *bd, char *msg, uint64_t *msg_line)
{
    const gridbfs_rule2 *r = &in->rule;
    uint32_t good = 0, whole = 1, at = 0;
    long c = -1;

    while (good < r->rows && row[good].len == r->cols) {
        whole &= row[good].text == row[0].text + good * r->cols;
        good++;
    }
    if (whole) {
        c = pack(in, row[0].text, good * r->cols, 0, bd);
        at = c < 0 ? 0 : (uint32_t)c / r->cols;
        c = c < 0 ? -1 : c % r->cols;
    } else {
        for (; at < good &&
               (c = pack(in, row[at].text, r->cols, at * r->cols, bd)) < 0;
             at++)
            ;
    }
    if (c >= 0) {
        bad_cell(r, at + 1, row[at].text[c], msg);
        *msg_line = row[at].line;
        return -1;
    }
    if (good < r->rows) {
        /* a byte that is no cell says more than the count it spoils (a
           stray '\r', a tab) */
        const record_row *w = &row[good];
        const unsigned char *t = (const unsigned char *)w->text;
        uint32_t i = 0;
        while (i < w->len && in->cell[t[i]] != CELL_BAD)
            i++;
        if (i < w->len)
            bad_cell(r, good + 1, w->text[i], msg);
        else
            fmt(msg, RULES_MSG_MAX,
                "row %" PRIu32 " has %" PRIu32 " cells, expected %" PRIu32,
                good + 1, w->len, r->cols);
        *msg_line = w->line;
        return -1;
    }
    return 0;
}

/* What a one_line record's boards are cut into on the stack: boards of
   at most this many rows and cells; bigger ones take the heap. */
#define CUT_ROWS GRIDBFS_MAX_SIDE
#define CUT_CELLS (GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE)

/*
 * A record of a one_line layout (each board's cells on one line, the
 * layout's ignore characters between them): its boards' lines, less
 * those characters, cut into rows of cols cells, into *out (its rows in
 * rows, their text in buf: RECORD_MAX_BOARDS boards of each).  0, or -1
 * at a byte that is no cell or a line of the wrong number of cells, with
 * why in msg.
 */
static int cut_lines(const rule_inst *in, const record *rec, record *out,
                     record_row *rows, char *buf, char *msg, uint64_t *msg_line)
{
    const gridbfs_rule2 *r = &in->rule;
    const char *ignore = in->profile->layout.ignore;
    uint32_t cells = r->rows * r->cols, k = 0;
    *out = *rec;
    out->row = rows;
    for (uint32_t b = 0; b < rec->nboards; b++) {
        char *t = buf + (size_t)b * cells;
        uint32_t n = 0;
        for (uint32_t j = 0; j < rec->board_rows[b]; j++, k++) {
            const record_row *w = &rec->row[k];
            *msg_line = w->line;
            for (uint32_t i = 0; i < w->len; i++) {
                char c = w->text[i];
                if (ignore && strchr(ignore, c) && c != '\0')
                    continue;
                if (in->cell[(unsigned char)c] == CELL_BAD) {
                    bad_cell(r, 0, c, msg);
                    return -1;
                }
                if (n < cells)
                    t[n] = c;
                n++;
            }
        }
        if (n != cells) {
            fmt(msg, RULES_MSG_MAX,
                "the board's line has %" PRIu32 " cells, expected %" PRIu32
                " (%" PRIu32 "x%" PRIu32 ", row after row)",
                n, cells, r->rows, r->cols);
            return -1;
        }
        for (uint32_t row = 0; row < r->rows; row++)
            out->row[b * r->rows + row] =
                (record_row){t + row * r->cols, r->cols, *msg_line};
        out->board_rows[b] = r->rows;
    }
    return 0;
}

/* Whether rec's boards are each one row that in's layout (one_line) cuts
   into its rows: a grid record's line, or a line record's board written
   as one row (`12345678x/`). */
static int one_row_boards(const rule_inst *in, const record *rec)
{
    if (!in->profile || !in->profile->layout.one_line ||
        rec->nboards != in->rule.boards)
        return 0;
    for (uint32_t b = 0; b < rec->nboards; b++)
        if (rec->board_rows[b] != 1)
            return 0;
    return 1;
}

/* The plugin's word on the puzzle p holds: 0, or -1 with it in msg. */
static int validate(const rule_inst *in, const puzzle *p, char *msg)
{
    int (*fn)(const void *, const gridbfs_grid *, gridbfs_error *) =
        in->plugin ? in->plugin->ops->validate : NULL; /* a unit test's */
    if (!fn)
        return 0; /* most rules: nothing more to pay per record */
    char text[RULES_MSG_MAX];
    gridbfs_error err = {text, sizeof text, -1};
    text[0] = '\0';
    if (fn(in->rule.inst, p->b, &err) == 0)
        return 0;
    text[sizeof text - 1] = '\0';
    if (text[0])
        text_quote(msg, RULES_MSG_MAX, text);
    else
        fmt(msg, RULES_MSG_MAX,
            "plugin '%s' refused the board without saying why",
            in->plugin->name);
    return -1;
}

/* parse_record() of a record whose boards have their rows. */
static int parse_rows(const rule_inst *in, const record *rec, puzzle *p,
                      char *msg, uint64_t *msg_line);

int parse_record(const rule_inst *in, const record *rec, puzzle *p, char *msg,
                 uint64_t *msg_line)
{
    struct { /* a one_line record cut into rows, and their text */
        record rec;
        record_row row[RECORD_MAX_BOARDS * CUT_ROWS];
        char text[RECORD_MAX_BOARDS * CUT_CELLS];
    } cut;
    const gridbfs_rule2 *r = &in->rule;
    *msg_line = rec->line;
    if (rec->error) {
        fmt(msg, RULES_MSG_MAX, "%s", rec->error);
        *msg_line = rec->error_line;
        return -1;
    }
    if (in->error) {
        fmt(msg, RULES_MSG_MAX, "%s", in->error);
        if (in->param_fault && rec->param_line)
            *msg_line = rec->param_line;
        return -1;
    }
    if (!one_row_boards(in, rec))
        return parse_rows(in, rec, p, msg, msg_line);
    size_t cells = (size_t)r->rows * r->cols;
    int big = r->rows > CUT_ROWS || cells > CUT_CELLS;
    record_row *rows =
        big ? xreallocarray(NULL, RECORD_MAX_BOARDS * r->rows, sizeof *rows)
            : cut.row;
    char *text = big ? xmalloc(RECORD_MAX_BOARDS * cells) : cut.text;
    int st = cut_lines(in, rec, &cut.rec, rows, text, msg, msg_line);
    if (st == 0) {
        *msg_line = rec->line;
        st = parse_rows(in, &cut.rec, p, msg, msg_line);
    }
    if (big) {
        free(rows);
        free(text);
    }
    return st;
}

static int parse_rows(const rule_inst *in, const record *rec, puzzle *p,
                      char *msg, uint64_t *msg_line)
{
    const gridbfs_rule2 *r = &in->rule;
    if (rec->nboards != r->boards) {
        fmt(msg, RULES_MSG_MAX, "expected %" PRIu32 " board%s, got %" PRIu32,
            r->boards, r->boards == 1 ? "" : "s", rec->nboards);
        return -1;
    }
    const record_row *row = rec->row;
    puzzle_fit(p, in); /* the ABI: all zero bits */
    for (uint32_t b = 0; b < rec->nboards; b++) {
        if (rec->board_rows[b] != r->rows) {
            fmt(msg, RULES_MSG_MAX,
                "board %" PRIu32 " has %" PRIu32 " row%s, expected %" PRIu32,
                b + 1, rec->board_rows[b], rec->board_rows[b] == 1 ? "" : "s",
                r->rows);
            *msg_line = row->line;
            return -1;
        }
        if (pack_board(in, row, &p->b[b], msg, msg_line))
            return -1;
        row += r->rows;
    }
    *msg_line = rec->line;
    return validate(in, p, msg);
}
