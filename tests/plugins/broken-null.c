/* The entry point returns NULL: refused, never dereferenced. */
#include <gridbfs/plugin.h>

const gridbfs_plugin *GRIDBFS_ENTRY(void)
{
    return NULL;
}
