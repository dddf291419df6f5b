/* A toggle rule whose judge_text() never finds room, however much it is
   offered: the core must give up within its bound and write its own text. */
#include "toggle.h"

static int no_room(const void *inst, const uint16_t *moves, size_t n,
                   int with_path, char *buf, size_t cap)
{
    (void)inst, (void)moves, (void)n, (void)with_path, (void)buf, (void)cap;
    return -1;
}

static const gridbfs_plugin table = {
    .abi = GRIDBFS_ABI,
    .size = sizeof(gridbfs_plugin),
    .name = "broken-judge",
    .summary = "toggle one cell a move; judge_text() never fits",
    TOGGLE_OPS,
    .judge_text = no_room,
};

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return &table;
}
