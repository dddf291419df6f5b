/* A 16-byte table: refused before any operation in it is read. */
#include "stubs.h"

STUB_TABLE((uint32_t)1 << 16 /* ABI 1.0 */, 16, "broken-small", stub_expand)
