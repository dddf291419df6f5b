/*
 * suggest.h - the hint on a file that fails from its first record, as a
 * judge's file read without its -r does: the rule that read it, and the
 * profiles whose layout and rule take its first case, if any.
 */
#ifndef GRIDBFS_SUGGEST_H
#define GRIDBFS_SUGGEST_H

#include <stddef.h>

#include "config.h"
#include "reader.h"
#include "rules.h"

/*
 * Record rec, the first of input path ("-": standard input), which names
 * no rule of its own: when it is invalid (and not for a line-syntax
 * record's own syntax, a key or size=), *hinted is rec with its error
 * (in buf, cap bytes) naming the rule that read it, and the other
 * profiles that take the input's first case: ending "(read by rule
 * 'poj1753'; did you mean -r poj1222 or -r flipfive?)", or "(read by
 * rule 'poj1753'; no other profile reads this file)" when none does, and
 * hinted is returned; else rec.  Each profile reads the input anew, so
 * only a regular file (standard input too) is tried; a pipe is read
 * once, and its error ends "(read by rule 'poj1753')".  For the reader's
 * thread, as rules_choose() is.
 */
const record *suggest_first(rules *rs, const config *cfg, const char *path,
                            const record *rec, record *hinted, char *buf,
                            size_t cap);

#endif /* GRIDBFS_SUGGEST_H */
