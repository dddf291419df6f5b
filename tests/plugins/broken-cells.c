/* A 1x2 toggle rule whose cell characters ('cells'), boards and number of
   moves are parameters taken as given: the core must refuse characters
   that frame line records ('/', '='), blanks, control bytes and two equal
   ones, and boards or moves no rule can have, naming the field.  With
   'refuse', create() refuses with that text, which the core must keep on
   one line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stubs.h"

static const gridbfs_param_doc cells_doc[] = {
    {"cells", "10", "the one and zero characters, not checked"},
    {"boards", "1", "boards per record, not checked"},
    {"moves", "2", "the number of moves, not checked"},
    {"refuse", "", "refuse with this message"},
    {"size", "1x2", "ignored: always 1x2"},
    {NULL, NULL, NULL},
};

static int create(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err)
{
    rule->one = '1';
    rule->zero = '0';
    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "cells") == 0) {
            rule->one = params[i].value[0];
            rule->zero = params[i].value[0] ? params[i].value[1] : '\0';
        }
    rule->rows = 1;
    rule->cols = 2;
    rule->boards = 1;
    rule->moves = 2;
    for (size_t i = 0; i < nparams; i++)
        if (strcmp(params[i].key, "refuse") == 0) {
            refuse(err, (long)i, params[i].value);
            return -1;
        } else if (strcmp(params[i].key, "boards") == 0)
            rule->boards = (uint32_t)strtoul(params[i].value, NULL, 10);
        else if (strcmp(params[i].key, "moves") == 0)
            rule->moves = (uint32_t)strtoul(params[i].value, NULL, 10);
    rule->flags = GRIDBFS_INVOLUTIVE | GRIDBFS_FIXED_GOAL;
    rule->inst = (void *)(uintptr_t)rule->moves;
    return 0;
}

/* next has room for the moves create() gave, however many: a move past
   the two toggles leaves the board as it is */
static void expand(const void *inst, uint64_t state, uint64_t *next)
{
    uint32_t moves = (uint32_t)(uintptr_t)inst;
    for (uint32_t m = 0; m < moves; m++)
        next[m] = m < 2 ? state ^ (1u << m) : state;
}

static int move_text(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap)
{
    (void)inst, (void)style;
    int n = snprintf(buf, cap, "%u", (unsigned)move + 1);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

PLUGIN_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "broken-cells",
             "toggle 1x2 with any cell characters (for the tests)", cells_doc,
             create, goal_all_zero, expand, move_text)
