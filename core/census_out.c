/*
 * census_out.c - a census's figures as text, CSV or JSON Lines (README,
 * "Census"; see census.h).
 */
#include "census.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

#define LIMB 1000000000u /* base of the digits below: 9 decimal digits */

/* Limbs that hold m * base^e, m < 2^64: a limb takes 29 bits or more of
   it, and a base of at most 256 adds 8 bits each. */
static size_t limbs_for(uint32_t base, uint32_t e)
{
    uint32_t bits = 0;
    while (bits < 9 && (1u << bits) < base)
        bits++;
    return ((size_t)e * bits + 64) / 29 + 2;
}

/* m * base^e in limbs of 9 digits, least first, into limb (nlimbs of
   them, all set); by multiplying limbs by the base, e times. */
static void to_limbs(uint64_t m, uint32_t base, uint32_t e, uint32_t *limb,
                     size_t nlimbs)
{
    size_t n = 0;
    memset(limb, 0, nlimbs * sizeof *limb);
    for (; m || n == 0; m /= LIMB)
        limb[n++] = (uint32_t)(m % LIMB);
    for (uint32_t i = 0; i < e; i++) {
        uint64_t carry = 0;
        for (size_t k = 0; k < n; k++) {
            uint64_t v = (uint64_t)limb[k] * base + carry;
            limb[k] = (uint32_t)(v % LIMB);
            carry = v / LIMB;
        }
        for (; carry && n < nlimbs; carry /= LIMB)
            limb[n++] = (uint32_t)(carry % LIMB);
    }
}

/* c in decimal: m * B^e - less * B^less_e (census.h). */
static void put_count(strbuf *sb, census_count c)
{
    uint32_t base = c.base ? c.base : 2;
    size_t nlimbs = limbs_for(base, c.e);
    uint32_t *limb = xcalloc(2 * nlimbs, sizeof *limb), *sub = limb + nlimbs;
    to_limbs(c.m, base, c.e, limb, nlimbs);
    if (c.less) {
        to_limbs(c.less, base, c.less_e, sub, nlimbs);
        int64_t borrow = 0;
        for (size_t k = 0; k < nlimbs; k++) {
            int64_t v = (int64_t)limb[k] - sub[k] - borrow;
            borrow = v < 0;
            limb[k] = (uint32_t)(v < 0 ? v + LIMB : v);
        }
    }
    size_t n = nlimbs;
    while (n > 1 && !limb[n - 1])
        n--;
    sb_printf(sb, "%" PRIu32, limb[n - 1]);
    for (size_t k = n - 1; k-- > 0;)
        sb_printf(sb, "%09" PRIu32, limb[k]);
    free(limb);
}

/* Row row of board w (the rule's shape), in the rule's cell characters. */
static void put_row(strbuf *sb, const census_result *r, const uint64_t *w,
                    uint32_t row)
{
    gridbfs_grid g = rule_grid(r->in, (uint64_t *)w);
    for (uint32_t c = 0; c < r->cols; c++)
        sb_putc(sb,
                r->in->rule.symbols[gridbfs_grid_get(&g, row * r->cols + c)]);
}

/* What the counts count: "states" or "pairs" (one of them with n 1). */
static const char *unit(const census_result *r, uint64_t n)
{
    if (r->method == CENSUS_PAIRS)
        return n == 1 ? "pair" : "pairs";
    return n == 1 ? "state" : "states";
}

/* The text summary's first lines: the rule, and what was counted. */
static void text_head(const census_result *r, strbuf *sb)
{
    char name[RULES_MSG_MAX];
    sb_printf(sb, "rule: %s (%s), %" PRIu32 "x%" PRIu32 "\n",
              text_quote(name, sizeof name, r->in->name), r->in->plugin->name,
              r->rows, r->cols);
    if (r->method == CENSUS_PAIRS) {
        sb_printf(sb,
                  "boards with %" PRIu32 " %s: %" PRIu64 "\n"
                  "symmetries used: %" PRIu32 "%s, so %" PRIu64 " target%s "
                  "searched\n"
                  "pairs (start, target): ",
                  r->ones, r->ones == 1 ? "one" : "ones", r->boards,
                  r->symmetries, r->complement ? " (complement included)" : "",
                  r->orbits, r->orbits == 1 ? "" : "s");
    } else {
        sb_puts(sb, "states: ");
    }
    put_count(sb, r->total);
    sb_puts(sb, "\nsolvable: ");
    put_count(sb, r->solvable);
    if (r->method == CENSUS_LINEAR && r->symbols != 2)
        sb_printf(sb,
                  " (%" PRIu32 " coset%s of the goals, %" PRIu32 "^%" PRIu32
                  " boards each: the moves' vectors have rank %" PRIu32
                  " over Z/%" PRIu32 ", nullity %" PRIu32 ")",
                  r->cosets, r->cosets == 1 ? "" : "s", r->symbols, r->rank,
                  r->rank, r->symbols, r->nullity);
    else if (r->method == CENSUS_LINEAR)
        sb_printf(sb,
                  " (%" PRIu32 " coset%s of the goals, 2^%" PRIu32
                  " boards each: the moves' masks have rank %" PRIu32
                  ", nullity %" PRIu32 ")",
                  r->cosets, r->cosets == 1 ? "" : "s", r->rank, r->rank,
                  r->nullity);
    sb_puts(sb, "\nimpossible: ");
    put_count(sb, r->impossible);
    sb_putc(sb, '\n');
}

static void write_text(const census_result *r, strbuf *sb)
{
    text_head(r, sb);
    if (!r->histogram) {
        sb_printf(sb,
                  "distance histogram: %s\nlargest distance: not "
                  "computed\n",
                  r->why);
        return;
    }
    if (!r->solvable.m) {
        sb_puts(sb, "largest distance: none (nothing is solvable)\n");
        return;
    }
    sb_printf(sb, "distance histogram (distance: %s):\n", unit(r, 2));
    for (uint32_t d = 0; d <= r->max; d++)
        sb_printf(sb, "%" PRIu32 ": %" PRIu64 "\n", d, r->hist[d]);
    sb_printf(sb,
              "largest distance: %" PRIu32 " (%" PRIu64 " %s)\n"
              "mean distance: %.2f\n",
              r->max, r->at_max, unit(r, r->at_max), r->mean);
    if (r->method == CENSUS_PAIRS) {
        sb_printf(sb, "example at %" PRIu32 " (start, target):\n", r->max);
        for (uint32_t row = 0; row < r->rows; row++) {
            put_row(sb, r, r->start_w, row);
            sb_putc(sb, ' ');
            put_row(sb, r, r->target_w, row);
            sb_putc(sb, '\n');
        }
        return;
    }
    sb_printf(sb, "example at %" PRIu32 ":\n", r->max);
    for (uint32_t row = 0; row < r->rows; row++) {
        put_row(sb, r, r->start_w, row);
        sb_putc(sb, '\n');
    }
}

static void write_csv(const census_result *r, strbuf *sb)
{
    sb_puts(sb, "distance,states\n");
    for (uint32_t d = 0; r->histogram && r->solvable.m && d <= r->max; d++)
        sb_printf(sb, "%" PRIu32 ",%" PRIu64 "\n", d, r->hist[d]);
    sb_puts(sb, "impossible,");
    put_count(sb, r->impossible);
    sb_putc(sb, '\n');
}

/* ,"key": and a count (or null). */
static void json_count(strbuf *sb, const char *key, const census_count *c)
{
    sb_printf(sb, ",\"%s\":", key);
    if (c)
        put_count(sb, *c);
    else
        sb_puts(sb, "null");
}

/* ,"key": and a whole number, or null when not known. */
static void json_u64(strbuf *sb, const char *key, int known, uint64_t v)
{
    if (known)
        sb_printf(sb, ",\"%s\":%" PRIu64, key, v);
    else
        sb_printf(sb, ",\"%s\":null", key);
}

/* A board as a JSON array of its rows, or null. */
static void json_board(strbuf *sb, const census_result *r, int known,
                       const uint64_t *s)
{
    if (!known) {
        sb_puts(sb, "null");
        return;
    }
    strbuf row = {0};
    sb_putc(sb, '[');
    for (uint32_t i = 0; i < r->rows; i++) {
        row.len = 0;
        put_row(&row, r, s, i);
        sb_putc(&row, '\0');
        if (i)
            sb_putc(sb, ',');
        output_json_string(sb, row.p);
    }
    sb_putc(sb, ']');
    sb_free(&row);
}

static void write_json(const census_result *r, strbuf *sb)
{
    static const char *const methods[] = {"table", "pairs", "linear"};
    int pairs = r->method == CENSUS_PAIRS, linear = r->method == CENSUS_LINEAR;
    int hist = r->histogram, some = hist && r->solvable.m;
    char size[32];
    fmt(size, sizeof size, "%" PRIu32 "x%" PRIu32, r->rows, r->cols);
    sb_puts(sb, "{\"rule\":");
    output_json_string(sb, r->in->name);
    sb_puts(sb, ",\"plugin\":");
    output_json_string(sb, r->in->plugin->name);
    sb_printf(sb, ",\"size\":\"%s\",\"method\":\"%s\"", size,
              methods[r->method]);
    json_u64(sb, "ones", pairs, r->ones);
    json_u64(sb, "boards", pairs, r->boards);
    json_u64(sb, "symmetries", pairs, r->symmetries);
    json_u64(sb, "targets_searched", pairs, r->orbits);
    census_count boards = {.m = r->boards};
    json_count(sb, "states", pairs ? &boards : &r->total);
    json_count(sb, "pairs", pairs ? &r->total : NULL);
    json_count(sb, "solvable", &r->solvable);
    json_count(sb, "impossible", &r->impossible);
    sb_puts(sb, ",\"histogram\":");
    if (hist) {
        sb_putc(sb, '[');
        for (uint32_t d = 0; some && d <= r->max; d++)
            sb_printf(sb, d ? ",%" PRIu64 : "%" PRIu64, r->hist[d]);
        sb_putc(sb, ']');
    } else {
        sb_puts(sb, "null");
    }
    json_u64(sb, "max_distance", some, r->max);
    json_u64(sb, "at_max", some, r->at_max);
    if (some)
        sb_printf(sb, ",\"mean\":%.10g", r->mean);
    else
        sb_puts(sb, ",\"mean\":null");
    sb_puts(sb, ",\"example\":{\"start\":");
    json_board(sb, r, some, r->start_w);
    sb_puts(sb, ",\"target\":");
    json_board(sb, r, some && pairs, r->target_w);
    sb_putc(sb, '}');
    json_u64(sb, "rank", linear, r->rank);
    json_u64(sb, "nullity", linear, r->nullity);
    json_u64(sb, "goal_cosets", linear, r->cosets);
    sb_puts(sb, ",\"not_computed\":");
    if (hist) {
        sb_puts(sb, "null");
    } else {
        sb_puts(sb, "{\"histogram\":");
        output_json_string(sb, r->why);
        sb_puts(sb, "}");
    }
    sb_puts(sb, "}\n");
}

void census_write(const census_result *r, enum out_format fmt, strbuf *sb)
{
    if (fmt == FORMAT_CSV)
        write_csv(r, sb);
    else if (fmt == FORMAT_JSONL)
        write_json(r, sb);
    else
        write_text(r, sb);
}
