#!/usr/bin/env bats
# Caches that forget: rule instances and plugin look-ups are bounded, so
# input naming ever new rules, sizes or plugins holds no more memory and
# costs no more per record, and every record is still answered.
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # poj1753: 4 moves

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
}

# Peak resident memory in KiB of `gridbfs -j1 FILE` (ASan's quarantine
# kept small, as in hostile.bats).
peak_kib() {
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
        /usr/bin/time -f '%M' -o peak "$GRIDBFS" -j1 "$1" >/dev/null 2>&1 || true
    tail -n 1 peak
}

@test "40,000 distinct unknown rules: each one invalid, the good records answered, memory flat" {
    requires /usr/bin/time
    awk 'BEGIN { for (i = 0; i < 40000; i++) print "rule=zz" i " '"$S1"'"; print "'"$S1"'" }' >many
    awk 'BEGIN { for (i = 0; i < 40000; i++) print "rule=zz" (i % 100) " '"$S1"'"; print "'"$S1"'" }' >few
    run -1 --separate-stderr gridbfs -j2 many
    assert_equal "${#lines[@]}" 40001
    assert_equal "$(grep -c '^invalid$' <<<"$output")" 40000
    assert_equal "${lines[40000]}" 4
    assert_line --index 0 invalid
    [[ $stderr == *"many:40000: unknown rule 'zz39999'"* ]]
    local big small
    big=$(peak_kib many)
    small=$(peak_kib few)
    # Kept forever, 40,000 instances and look-ups were 27 MiB more (and
    # 18 s) in a release build; now the chunks in flight hold at most a few
    # thousand (about 1 MiB more, 6 MiB under AddressSanitizer).
    [ "$big" -lt $((small + 8192)) ] || fail "peak ${big} KiB for 40,000 names vs ${small} KiB for 100"
}

@test "a rule= longer than 64 bytes is refused before any look-up, and costs no memory" {
    requires /usr/bin/time
    local long
    long=$(head -c 60000 /dev/zero | tr '\0' 'a')
    for i in $(seq 200); do echo "rule=$long$i $S1"; done >long
    echo "$S1" >>long
    run -1 --separate-stderr gridbfs long
    assert_equal "${#lines[@]}" 201
    assert_equal "${lines[200]}" 4
    assert_equal "$(grep -c '^invalid$' <<<"$output")" 200
    assert_equal "$(grep -c ': rule= longer than 64 bytes$' <<<"$stderr")" 200
    printf 'rule=%s %s\n' "$(printf 'a%.0s' $(seq 64))" "$S1" >edge
    run -1 --separate-stderr gridbfs edge
    assert_regex "$stderr" "^gridbfs: edge:1: unknown rule '$(printf 'a%.0s' $(seq 64))': no profile of that name, and plugin '[a]{64}' not found \\(searched: [^ ]+\\)$"
    local big small
    big=$(peak_kib long)
    small=$(peak_kib edge)
    [ "$big" -lt $((small + 4096)) ] || fail "peak ${big} KiB with 200 long names vs ${small} KiB"
}

@test "more rules and sizes than the cache keeps: every answer right, at every -j" {
    # 2 x 400 sizes of two swap rules, every start the same as its target
    # (0 moves): 800 instances, more than the cache keeps, evicted and made
    # again; a record given another size's instance would be invalid.
    # (Swaps: no distance table is built for any of them.)
    local r c row board
    for pass in 1 2; do
        for r in $(seq 1 20); do
            row=$(printf '0%.0s' $(seq 20))
            for c in $(seq 1 20); do
                board=${row:0:c}
                for _ in $(seq 2 "$r"); do board="$board/${row:0:c}"; done
                [ "$r" -eq 1 ] && board="$board/"
                echo "rule=chessboard size=${r}x$c $board $board"
                echo "rule=p1225 size=${r}x$c $board $board"
            done
        done
    done >sizes
    run -0 --separate-stderr gridbfs -j1 sizes
    assert_equal "${#lines[@]}" 1600
    assert_equal "$(grep -cvx 0 <<<"$output")" 0
    local one=$output
    run -0 --separate-stderr gridbfs -j2 sizes
    assert_equal "$output" "$one"
}

@test "a plugin name that cannot be loaded is looked up again when it comes back" {
    # failures are kept in a bounded cache: after 100 others, the first
    # missing plugin still says why, and a real one still loads
    { for i in $(seq 0 99); do echo "rule=nope$i $S1"; done
      echo "rule=nope0 $S1"; echo "rule=flip-neighbors bwwb/bbwb/bwwb/bwww"; } >missing
    run -1 --separate-stderr gridbfs missing
    assert_equal "${#lines[@]}" 102
    assert_equal "${lines[100]}" invalid
    assert_regex "${lines[101]}" '^[0-9]+$'
    [[ $stderr == *"missing:101: unknown rule 'nope0'"* ]]
}
