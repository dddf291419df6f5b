#!/usr/bin/env bats
# Hostile input at scale (issue 4): huge lines and megabytes of noise are
# invalid records, never a crash, and memory stays bounded by the limits,
# not by the input.
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # 4 moves
S2='bwbw/wwww/bbwb/bwwb' # Impossible

# Peak resident memory in KiB of one gridbfs run on file $1 (output
# discarded).  AddressSanitizer's quarantine would hide what gridbfs keeps,
# so it is kept small here.
#
# With -j1: with worker threads, chunks are sized by the measured time per
# record and up to 64 of them are in flight while the workers lag behind,
# so the peak depends on the machine's load, not only on the input (-j2
# on 2 busy cores: 15 MiB for 200 MB of noise against 8 MiB for 20 MB,
# which failed the check below; on a quiet machine 5 MiB for both).  -j1 reads and answers one chunk of at most 4,096 records
# at a time, so the peak is the reader's own, a function of the input
# alone: what grows with the input shows here, and nothing else does.
peak_kib() {
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
        /usr/bin/time -f '%M' -o "$BATS_TEST_TMPDIR/peak" "$GRIDBFS" -j1 "$1" >/dev/null 2>&1 || true
    tail -n 1 "$BATS_TEST_TMPDIR/peak" # (time may say the status first)
}

@test "a 100 MB line is one invalid record and is never held in memory" {
    { echo "$S1"; head -c 100000000 /dev/zero | tr '\0' 'b'; echo; echo "$S2"; } >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    assert_output $'4\ninvalid\nImpossible'
    assert_regex "$stderr" ':2: line longer than 65536 bytes'
    requires /usr/bin/time
    { echo "$S1"; echo "$S2"; } >"$BATS_TEST_TMPDIR/small"
    local big small
    big=$(peak_kib "$BATS_TEST_TMPDIR/in")
    small=$(peak_kib "$BATS_TEST_TMPDIR/small")
    # 100 MB held anywhere would show; allow noise of a few MiB
    [ "$big" -lt $((small + 16384)) ] || fail "peak ${big} KiB vs ${small} KiB for a tiny input"
}

@test "200 MB of random bytes: invalid records, no crash, exit 1, flat memory" {
    head -c 200000000 /dev/urandom >"$BATS_TEST_TMPDIR/noise"
    run -1 --separate-stderr bash -c 'set -o pipefail; "$GRIDBFS" "$0" | sort | uniq -c' "$BATS_TEST_TMPDIR/noise"
    # every result is "invalid" (a random 4x4 board of b/w is vanishingly rare)
    assert_output --regexp '^ *[0-9]+ invalid$'
    requires /usr/bin/time
    head -c 20000000 "$BATS_TEST_TMPDIR/noise" >"$BATS_TEST_TMPDIR/noise20"
    local big small
    big=$(peak_kib "$BATS_TEST_TMPDIR/noise")
    small=$(peak_kib "$BATS_TEST_TMPDIR/noise20")
    [ "$big" -lt $((small * 5 / 4 + 4096)) ] || fail "peak ${big} KiB for 200 MB vs ${small} KiB for 20 MB"
}

@test "every record in gets one result out, whatever is wrong with it" {
    # 13 records, one of each kind of trouble between good ones
    {
        echo "id=1 $S1"
        echo "id=2 $S1/bbbb"                         # 5 rows
        echo "id=3 bwwb/bbwb/bwwb/bwwx"              # not a cell
        echo "id=4 rule=nope $S1"                    # unknown rule
        echo "id=5 id=6 $S1"                         # duplicate id
        echo "id= $S1"                               # empty id
        echo "id=7 size=0x4 $S1"                     # malformed size
        echo "id=8 size=5x5 $S1"                     # sizes disagree
        echo "id=9 rule=p1225 1111/0000/1110/0010"   # second board missing
        printf 'id=10 %s\0\n' "$S1"                  # a NUL byte
        echo "id=11 $S2"
        printf 'bwwb\nbbwb\n\n'                      # rows missing
        echo "id=13 $S1"
    } >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -f csv "$BATS_TEST_TMPDIR/in"
    [ "${#lines[@]}" -eq 14 ] || fail "expected 13 results and a header: $output"
    run -1 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    assert_output "$(printf '%s\n' 4 invalid invalid invalid invalid invalid invalid invalid invalid invalid Impossible invalid 4)"
    [ "$(grep -c '^gridbfs: ' <<<"$stderr")" -eq 10 ]
}

@test "boards over 64 cells: status limit with a reason for the search engine" {
    printf 'rules:\n  big: {plugin: flip-neighbors, goal: "off", cells: "10", engine: search}\n' >"$BATS_TEST_TMPDIR/c.yaml"
    run -1 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/c.yaml" -r big -s 9x9 < <(
        printf '000000000\n%.0s' 1 2 3 4 5 6 7 8 9; echo "size=2x2 10/00")
    # 10/00 on 2x2 needs 3 presses, by hand: p11 = p12 = p21 = 1 is the
    # only solution of the four cell equations over GF(2)
    assert_output $'limit\n3'
    assert_regex "$stderr" ':1: a 9x9 board has more than 64 cells'
}
