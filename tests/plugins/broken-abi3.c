/* Built for a later major ABI, 3, whose entry point is gridbfs_plugin_abi3:
   neither gridbfs_plugin_abi2 nor gridbfs_plugin_abi1.  The loader must not
   call it, and must say which ABI it was built for rather than only "no
   entry point". */
#include <gridbfs/plugin.h>

GRIDBFS_EXPORT const void *gridbfs_plugin_abi3(void);
GRIDBFS_EXPORT const void *gridbfs_plugin_abi3(void)
{
    static const uint32_t table[2] = {(uint32_t)3 << 16, sizeof table};
    return table;
}
