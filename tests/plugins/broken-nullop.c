/* expand is NULL: refused at load, never called through NULL. */
#include "stubs.h"

STUB_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "broken-nullop", NULL)
