/* A plugin built against ABI 1.0: its table ends at move_text.  It still
   loads, and the core never reads the fields appended since (here poisoned:
   reading them would abort). */
#include <stdlib.h>

#include "toggle.h"

static int poisoned_solve(const void *inst, const gridbfs_board *boards,
                          uint16_t *moves, size_t cap, size_t *len,
                          gridbfs_error *err)
{
    (void)inst, (void)boards, (void)moves, (void)cap, (void)len, (void)err;
    abort();
}

static const gridbfs_plugin table = {
    .abi = (uint32_t)1 << 16, /* ABI 1.0 */
    .size = GRIDBFS_PLUGIN_V1_0_SIZE,
    .name = "old-abi",
    .summary = "toggle one cell a move (built for ABI 1.0)",
    TOGGLE_OPS,
    .solve = poisoned_solve, /* beyond .size: must be ignored */
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
