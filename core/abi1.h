/*
 * abi1.h - an ABI 1 plugin seen as an ABI 2 one: its table adapted once,
 * at load, so the rest of the core speaks ABI 2 alone.
 *
 * The adapted rule has two symbols (zero, one), keys that are a board of
 * at most 64 cells (w[0]), and 16-bit move ids widened to 32.  Its
 * apply() returns -1, which no ABI 2 plugin may, where the plugin's set a
 * cell past the board: the caller takes any return but 0 and 1 as a
 * broken contract.  Each
 * instance is wrapped: the adapted operations take the wrapper, reach the
 * plugin through it, and destroy() frees both.
 */
#ifndef GRIDBFS_ABI1_H
#define GRIDBFS_ABI1_H

#include <stddef.h>
#include <stdint.h>

#include <gridbfs/plugin.h>

/* An ABI 1 instance, wrapped: what the adapted operations take. */
typedef struct abi1_inst {
    const gridbfs_plugin *v1;
    void *inst;      /* the plugin's own */
    uint32_t moves;  /* the rule's */
    uint32_t boards; /* per puzzle */
    uint32_t flags;  /* ABI 1's */
    char symbols[3]; /* zero, one */
} abi1_inst;

/* Wrap the instance r (made by v1's create()) into *a, which the adapted
   table's operations then take; abi1_create() does this on the heap, and
   tests on their own. */
void abi1_wrap(const gridbfs_plugin *v1, const gridbfs_rule *r, abi1_inst *a);

/* The ABI 2 table for v1, a copy of an ABI 1 table whose fields past its
   own size are NULL.  Its create is NULL: an instance is made by
   abi1_create(). */
void abi1_adapt(const gridbfs_plugin *v1, gridbfs_plugin2 *out);

/* v1's create(), its instance wrapped: as gridbfs_plugin2's create(),
   but 1 (with why in err, and nothing left to destroy) when v1 set its
   cell characters against ABI 1's contract. */
int abi1_create(const gridbfs_plugin *v1, const gridbfs_param *params,
                size_t nparams, gridbfs_rule2 *rule, gridbfs_error *err);

#endif /* GRIDBFS_ABI1_H */
