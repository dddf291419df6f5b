/*
 * liar.h - a toggle rule (tests/plugins/toggle.h: one move a cell, goal
 * all 0, any size of at most 64 cells) with an exact solver, that breaks
 * one promise of the plugin contract, chosen by LIE before the #include:
 * each lie-*.c is one line of it.  For the core's checks of what a plugin
 * answers (plugins/README.md, "What the core checks").
 */
#include <stdint.h>
#include <stdio.h>

#include "toggle.h"

enum {
    LIE_SOLVE,        /* solve()'s moves press the wrong cells */
    LIE_SOLVE_XOR,    /* the same, flagged GRIDBFS_XOR_MOVES (as it is) */
    LIE_GOALS_OFF,    /* goals() gives a state off the board */
    LIE_GOALS_MANY,   /* goals() says there are more than max */
    LIE_TEXT_NEWLINE, /* move_text() puts a line break in the judge's text */
    LIE_TEXT_SPACE,   /* move_text() puts a space in the compact text */
    LIE_TEXT_LENGTH,  /* move_text() returns a length that is not its text's */
    LIE_JUDGE_TEXT    /* judge_text() writes a control character */
};

#ifndef LIE
#error "define LIE to one of the LIE_* before including liar.h"
#endif

static int liar_create(const gridbfs_param *given, size_t n, gridbfs_rule *rule,
                       gridbfs_error *err)
{
    int rc = create(given, n, rule, err);
    if (LIE == LIE_SOLVE_XOR)
        rule->flags |= GRIDBFS_XOR_MOVES;
    return rc;
}

static uint32_t liar_goals(const void *inst, const gridbfs_board *boards,
                           uint64_t *out, uint32_t max)
{
    (void)inst, (void)boards;
    for (uint32_t i = 0; i < max; i++)
        out[i] = LIE == LIE_GOALS_OFF ? (uint64_t)1 << 63 : 0;
    return LIE == LIE_GOALS_MANY ? max + 1 : 1;
}

static int liar_move_text(const void *inst, uint32_t move, int style, char *buf,
                          size_t cap)
{
    int n;
    if (LIE == LIE_TEXT_NEWLINE && style == GRIDBFS_MOVE_JUDGE)
        n = snprintf(buf, cap, "%u\nfake 2", (unsigned)move + 1);
    else if (LIE == LIE_TEXT_SPACE && style == GRIDBFS_MOVE_COMPACT)
        n = snprintf(buf, cap, "c %u", (unsigned)move + 1);
    else if (LIE == LIE_TEXT_LENGTH)
        return snprintf(buf, cap, "%u", (unsigned)move + 1) + 10;
    else
        return move_text(inst, move, style, buf, cap);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

/* Each set cell's toggle (a shortest answer), but with LIE_SOLVE the
   next cell's instead; the count alone is right either way. */
static int liar_solve(const void *inst, const gridbfs_board *boards,
                      uint16_t *moves, size_t cap, size_t *len,
                      gridbfs_error *err)
{
    uint32_t cells = (uint32_t)(uintptr_t)inst;
    uint64_t s = boards[0].w[0];
    size_t n = 0;
    (void)err;
    for (uint32_t k = 0; k < cells; k++)
        if (s >> k & 1) {
            if (n < cap)
                moves[n] = (uint16_t)(LIE == LIE_SOLVE || LIE == LIE_SOLVE_XOR
                                          ? (k + 1) % cells
                                          : k);
            n++;
        }
    *len = n;
    return n > cap ? GRIDBFS_TOO_LONG : GRIDBFS_SOLVED;
}

/* The count, then each move's cell, with a bell after the count. */
static int liar_judge_text(const void *inst, const uint16_t *moves, size_t n,
                           int with_path, char *buf, size_t cap)
{
    (void)inst, (void)moves, (void)with_path;
    int w = snprintf(buf, cap, "%zu\a\n", n);
    return w < 0 || (size_t)w >= cap ? -1 : w;
}

static const gridbfs_plugin table = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = LIE_NAME,
    .summary = "toggle one cell a move, breaking one promise",
    .params = params,
    .create = liar_create,
    .destroy = destroy,
    .goals = liar_goals,
    .expand = expand,
    .move_text = liar_move_text,
    .solve = liar_solve,
    .judge_text = LIE == LIE_JUDGE_TEXT ? liar_judge_text : NULL,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
