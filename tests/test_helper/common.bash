# Shared setup for every .bats suite: bats-support and bats-assert from
# Debian's packages, and the binaries under test from the environment CTest
# sets (so a suite can also be run by hand against any build).
load '/usr/lib/bats/bats-support/load'
load '/usr/lib/bats/bats-assert/load'

: "${GRIDBFS:?set GRIDBFS to the gridbfs binary (ctest does)}"
: "${GRIDBFS_TEST_BIN:?set GRIDBFS_TEST_BIN to the reference solvers folder}"
: "${GRIDBFS_TEST_PLUGINS:?set GRIDBFS_TEST_PLUGINS to the test plugins folder}"
: "${GRIDBFS_EXAMPLES:=$BATS_TEST_DIRNAME/../examples}"

# Never let the environment of the person running the tests leak in.
unset GRIDBFS_PLUGIN_PATH

gridbfs() { "$GRIDBFS" "$@"; }
