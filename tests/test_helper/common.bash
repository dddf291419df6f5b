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

# gridbfs_to FILE ARGS...: gridbfs with its standard output in FILE, so
# `run` keeps only standard error (shown when an assertion fails).
gridbfs_to() {
    local out=$1
    shift
    "$GRIDBFS" "$@" >"$out"
}

# same_answers RECORDS EXPECTED ACTUAL: one answer line per record; on a
# difference, show the first records that differ with both answers.
same_answers() {
    local records=$1 want=$2 got=$3
    if cmp -s "$want" "$got"; then
        return 0
    fi
    echo "gridbfs disagrees with the reference: $(wc -l <"$want") answers" \
        "expected, $(wc -l <"$got") lines given; first differences:"
    paste "$records" "$want" "$got" |
        awk -F'\t' '$2 != $3 { print "  " $1 ": expected " $2 ", got " $3
                               if (++n == 10) exit }'
    return 1
}
