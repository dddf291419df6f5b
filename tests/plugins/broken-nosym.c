/* No entry point, like any other library: refused at dlsym. */
#include <gridbfs/plugin.h>

GRIDBFS_EXPORT int broken_nosym_hello(void);

GRIDBFS_EXPORT int broken_nosym_hello(void)
{
    return 42;
}
