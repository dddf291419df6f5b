/*
 * parse.h - a record's rows into the boards its rule takes: the one place
 * that decides whether a record fits its rule, and the first fault when it
 * does not.
 */
#ifndef GRIDBFS_PARSE_H
#define GRIDBFS_PARSE_H

#include <stdint.h>

#include "reader.h"
#include "rules.h"

/*
 * The boards of record rec for in, packed into p's, fitted to in.
 * Returns 0, or -1 with why the record is invalid in msg (RULES_MSG_MAX
 * bytes) and the line at fault in *msg_line.  The faults, the first one
 * reported: the record's own (rec->error), the rule's (in->error), the
 * number of boards, then board by board its number of rows, and row by
 * row its length and its cells.  Needs only rec and in: safe on any thread.
 */
int parse_record(const rule_inst *in, const record *rec, puzzle *p, char *msg,
                 uint64_t *msg_line);

#endif /* GRIDBFS_PARSE_H */
