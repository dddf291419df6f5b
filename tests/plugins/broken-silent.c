/* Refuses its parameters without a message: the core must still say who. */
#include "stubs.h"

STUB_TABLE(GRIDBFS_ABI, sizeof(gridbfs_plugin), "broken-silent", stub_expand)
