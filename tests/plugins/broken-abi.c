/* Built for ABI 2.0: the loader must refuse it by version alone. */
#include "stubs.h"

STUB_TABLE((uint32_t)2 << 16 /* ABI 2.0 */, sizeof(gridbfs_plugin),
           "broken-abi", stub_expand)
