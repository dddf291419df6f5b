/* Calls itself 'someone-else': file and table names must agree. */
#include "stubs.h"

STUB_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "someone-else", stub_expand)
