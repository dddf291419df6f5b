#!/usr/bin/env bats
# One memory budget, limits.memory, for every search workspace and table of
# every thread: a search that would pass it ends as `limit` naming the key,
# the other records are answered, and the budget is shared, not
# multiplied by -j.
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # poj1753: 4 moves
MIB=1048576

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
    # flip-lines on 2x31 boards by search: up to 2^62 states, so the
    # search stops at the memory budget long before max_states (10^8)
    printf 'limits: {memory: %d}\nrules:\n  big: {plugin: flip-lines, engine: search}\n' \
        $((64 * MIB)) >c.yaml
    {
        echo "$S1"
        for b in 1 2 3 4; do
            echo "rule=big size=2x31 $(printf -- '+-%.0s' $(seq 15))+/$(printf -- '-+%.0s' $(seq "$b") ; printf -- '--%.0s' $(seq $((15 - b))))-"
        done
        echo "$S1"
    } >big
}

# peak KIB -jN FILE: gridbfs -jN FILE's peak RSS, in KiB, into $peak.
peak() {
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
        /usr/bin/time -f '%M' -o peak.txt "$GRIDBFS" "$1" "$2" >/dev/null 2>&1 || true
    peak=$(tail -n 1 peak.txt)
}

# peak_near_one KIB -jN FILE: FILE's peak is within KIB of one puzzle's.
peak_near_one() {
    requires /usr/bin/time
    echo "$S1" >one
    peak "$2" "$3"
    local many=$peak
    peak "$2" one
    [ "$many" -lt $((peak + $1)) ] || fail "peak ${many} KiB for $3 vs ${peak} KiB for one puzzle"
}

# twice MIB ARGS...: run gridbfs -c the MIB-MiB budget ARGS under ulimit -v
# at twice the budget (a release build only: AddressSanitizer reserves
# terabytes of address space)
twice() {
    local mib=$1
    shift
    printf 'limits: {memory: %d}\nrules:\n  fs: {plugin: flip-neighbors, engine: search, goal: "off", cells: "10"}\n' \
        $((mib * MIB)) >"b$mib.yaml"
    run --separate-stderr bash -c "ulimit -v $((2 * mib * 1024)); exec \"\$0\" -c b$mib.yaml \"\$@\"" "$GRIDBFS" "$@"
}

no_asan() {
    if ldd "$GRIDBFS" | grep -q libasan; then
        skip "AddressSanitizer reserves terabytes of address space: a release build runs this"
    fi
}

@test "a search past limits.memory is one limit record, naming the key; the others are answered" {
    run -1 --separate-stderr gridbfs -c c.yaml -j2 big
    assert_output $'4\nlimit\nlimit\nlimit\nlimit\n4'
    # 64 MiB less chunks (8), stacks (8) and kept workspaces (4): 44,
    # half of it for tables: 22 MiB for one search
    assert_equal "$(grep -c ": the search needed more than one search's share of limits.memory, 22528 KiB of 65536 KiB (limits: memory)$" <<<"$stderr")" 4
}

@test "the budget is shared by the threads, not multiplied by -j" {
    requires /usr/bin/time
    local j peak
    for j in 1 4; do
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
            /usr/bin/time -f '%M' -o peak "$GRIDBFS" -c c.yaml -j$j big >/dev/null 2>&1 || true
        peak=$(tail -n 1 peak)
        # 64 MiB of workspaces, plus the program (ASan's shadow included)
        [ "$peak" -lt $(((64 + 96) * 1024)) ] || fail "-j$j: peak ${peak} KiB for a 64 MiB budget"
    done
}

@test "under ulimit -v at twice the budget, nothing dies of out of memory" {
    no_asan
    printf 'limits: {memory: %d}\nrules:\n  big: {plugin: flip-lines, engine: search}\n' \
        $((256 * MIB)) >c256.yaml
    run -1 --separate-stderr bash -c "ulimit -v $((512 * 1024)); exec \"\$0\" -c c256.yaml -j2 big" "$GRIDBFS"
    assert_output $'4\nlimit\nlimit\nlimit\nlimit\n4'
    refute_output --partial 'out of memory'
    [[ $stderr != *'out of memory'* ]]
}

@test "under ulimit -v at twice the budget, searches past it at -j1, -j8 and -j64: every record answered" {
    no_asan
    # 8x8 boards by search: each search stops at the budget, on every
    # thread at once; each thread's stack and malloc arena used to come on
    # top of the budget (8 MiB and 64 MiB of address space)
    flipref boards -s 8x8 -c 10 -n 8 -S 4 | sed 's/^/rule=fs size=8x8 /' >s8
    { echo "$S1" && cat s8 && echo "$S1"; } >in
    local mib j
    for mib in 64 256; do
        for j in 1 8 64; do
            [ "$mib" = 256 ] && [ "$j" != 8 ] && continue # -j1: 14 s
            twice "$mib" -q -j$j in
            assert_equal "$stderr" ""
            assert_equal "$status" 1
            assert_output "4$(printf '\nlimit%.0s' $(seq 8))"$'\n4'
        done
    done
}

@test "under ulimit -v at twice the budget, --census and --generate at -j1, -j8 and -j64" {
    no_asan
    # p1225 4x4: a table a target, one a thread at once
    gridbfs --census -r p1225 -s 4x4 >census.want
    gridbfs --generate 200 -r p1225 --distance 5-15 --seed 1 >generate.want
    local j
    for j in 1 8 64; do
        twice 64 -j$j --census -r p1225 -s 4x4
        assert_equal "$stderr" ""
        assert_equal "$status" 0
        assert_output "$(cat census.want)"
        twice 64 -j$j --generate 200 -r p1225 --distance 5-15 --seed 1
        assert_equal "$stderr" ""
        assert_equal "$status" 0
        assert_output "$(cat generate.want)"
    done
}

@test "limits.memory is a whole number of bytes, at least 1 MiB" {
    printf 'limits: {memory: 1000}\n' >bad.yaml
    run -2 --separate-stderr gridbfs -c bad.yaml </dev/null
    assert_equal "$stderr" "gridbfs: bad.yaml:1:18: memory: expected a whole number from 1048576 to 1099511627776, got '1000'"
}

@test "a few records of many sizes build no table they have not paid for" {
    # each size is its own rule instance; a 5x5 table alone is 32 MiB and
    # its build 128 MiB more: the exact solver answers these first
    requires /usr/bin/time
    local r c
    for r in 2 3 4 5 6; do
        for c in 2 3 4 5 6; do
            echo "size=${r}x$c $(printf 'b%.0s' $(seq "$c"))$(for _ in $(seq 2 "$r"); do printf '/%s' "$(printf 'w%.0s' $(seq "$c"))"; done)"
        done
    done >sizes
    run -0 --separate-stderr gridbfs -j1 sizes
    assert_equal "${#lines[@]}" 25
    peak_near_one 16384 -j1 sizes
}

@test "5 KB of records, three rules at 36 sizes each, at -j2: every one answered, memory flat" {
    # poj2965 prints its path: each size took a 2^24-state table (4x6,
    # 6x4) before the exact solver answered path-printing puzzles
    requires /usr/bin/time
    local rule r c cells n k
    for rule in poj1753 poj2965 p1225; do
        for r in 1 2 3 4 5 6; do
            for c in 1 2 3 4 5 6; do
                n=$((r * c))
                case $rule in
                poj1753) cells=bwbbwwbwbwbbbwwwwbwbwbbwbwbwwbwbbwbw ;;
                poj2965) cells=+-++---+-+-++--+-+--++-+++-+-+--+-++ ;;
                p1225) k=$((n / 2)) cells=$(printf '1%.0s' $(seq "$k"))$(printf '0%.0s' $(seq $((n - k)))) ;;
                esac
                board() { # the first r*c of $1's cells, r rows of c
                    local i row out=
                    for ((i = 0; i < r; i++)); do
                        row=${1:i*c:c}
                        out+=$row/
                    done
                    [ "$r" -eq 1 ] && echo "$out" || echo "${out%/}"
                }
                if [ $rule = p1225 ]; then
                    echo "rule=$rule size=${r}x$c $(board "$cells") $(board "$(rev <<<"${cells:0:n}")")"
                else
                    echo "rule=$rule size=${r}x$c $(board "${cells:0:n}")"
                fi
            done
        done
    done >adversarial
    [ "$(wc -c <adversarial)" -gt 4000 ]
    run -0 --separate-stderr gridbfs -j2 -f csv --no-header adversarial
    assert_equal "${#lines[@]}" 108
    refute_output --regexp ',(invalid|limit),'
    peak_near_one 32768 -j2 adversarial
}

@test "cheap records on threads: the peak is near one record's, at 100,000 records or 1,600,000 (release build)" {
    requires /usr/bin/time
    if ldd "$GRIDBFS" | grep -q libasan; then
        skip "AddressSanitizer's own memory (shadow, quarantine) drowns a bound of a few MiB: a release build runs this"
    fi
    # a chunk of records answered as they are read holds their answers,
    # not the records: it was 6 to 13 MiB more at -j2, and grew with the run
    flipref boards -s 4x4 -n 100000 -S 5 >short
    for i in $(seq 16); do cat short; done >long
    echo "$S1" >one
    peak -j1 one
    local one=$peak f j
    for f in short long; do
        for j in -j2 -j4; do
            peak "$j" "$f"
            [ "$peak" -lt $((one + 4096)) ] || fail "peak ${peak} KiB at $j for $f vs ${one} KiB for one record at -j1"
        done
    done
    # and the answers are the reference's
    run -0 --separate-stderr gridbfs -j2 long
    diff <(printf '%s\n' "$output") <(for i in $(seq 16); do flipref solve short; done)
}

@test "a table that does not fit beside another gets its room: the other is evicted, and every puzzle answered by its table" {
    # two fixed-goal rules whose tables (1 MiB each, 5 MiB while built)
    # cannot both be held in the 5.5 MiB tables' share of 16 MiB (16 less
    # 2 + 2 + 1, halved); max_states 2,000 makes a search of the far
    # puzzles stop, so an answer to every one of them is the table's
    printf 'limits: {memory: %d, max_states: 2000}\nrules:\n  a: {plugin: flip-neighbors, size: 4x5, goal: "off", cells: "10", engine: search}\n  b: {plugin: flip-neighbors, size: 5x4, goal: "off", cells: "10", engine: search}\n' \
        $((16 * MIB)) >two.yaml
    flipref boards -s 4x5 -c 10 -n 5000 -S 3 | sed 's/^/rule=a /' >ab
    flipref boards -s 5x4 -c 10 -n 5000 -S 4 | sed 's/^/rule=b /' >>ab
    run -0 --separate-stderr gridbfs -c two.yaml -j1 ab
    # a's table first; b's fits the share by itself, so it is built at
    # once, a's evicted to make room (it used to be refused, and b's
    # puzzles searched, until a's last chunk was written)
    printf '%s\n' "${lines[@]}" >got
    { head -n 5000 ab | sed 's/^rule=a //' >a5000 && flipref solve -s 4x5 -g off -c 10 a5000
      tail -n 5000 ab | sed 's/^rule=b //' >b5000 && flipref solve -s 5x4 -g off -c 10 b5000; } >want
    cmp want got
}

@test "limits.max_line must fit limits.memory: at most a sixteenth of it, refused at the key that breaks it" {
    # a line is held twice (the reader's buffer and its chunk's copy):
    # 2^30 bytes of max_line under 64 MiB was accepted, and ran
    printf 'limits:\n  memory: %d\n  max_line: %d\n' $((16 * MIB)) $((MIB + 1)) >l.yaml
    run -2 --separate-stderr gridbfs -c l.yaml <<<"$S1"
    assert_output ''
    assert_equal "$stderr" "gridbfs: l.yaml:3:13: max_line: 1048577 does not fit limits.memory (16777216): a line may take at most a sixteenth of it, 1048576"
    # set in one file, broken by a smaller memory in the next: that one
    printf 'limits: {max_line: %d}\n' $((MIB)) >line.yaml
    printf 'limits: {memory: %d}\n' $((8 * MIB)) >mem.yaml
    run -2 --separate-stderr gridbfs -c line.yaml -c mem.yaml <<<"$S1"
    assert_equal "$stderr" "gridbfs: mem.yaml:1:18: memory: 8388608 leaves no room for limits.max_line (1048576): a line may take at most a sixteenth of it, 524288"
    run -2 --separate-stderr gridbfs --check-config -c line.yaml -c mem.yaml
    assert_equal "$stderr" "gridbfs: mem.yaml:1:18: memory: 8388608 leaves no room for limits.max_line (1048576): a line may take at most a sixteenth of it, 524288"
    # a sixteenth exactly is accepted, and a line that long is read
    printf 'limits: {memory: %d, max_line: %d}\n' $((16 * MIB)) $((MIB)) >ok.yaml
    { printf 'id=%s ' "$(head -c 1000000 /dev/zero | tr '\0' x)" && echo "$S1"; } >long
    run -0 --separate-stderr gridbfs -c ok.yaml long
    assert_output 4
    # the default max_line fits the smallest memory
    printf 'limits: {memory: %d}\n' $((MIB)) >small.yaml
    run -0 --separate-stderr gridbfs -c small.yaml <<<"$S1"
    assert_output 4
}
