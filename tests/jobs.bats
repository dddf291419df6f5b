#!/usr/bin/env bats
# Threads and sharding: one result per record in input order whatever -j,
# and a stream split by GNU parallel merges back to the single run's
# results, record for record (issue 3).
bats_require_minimum_version 1.5.0
load test_helper/common

# the sshd a test started, if any, ends with it; no_threads's copy goes
teardown() {
    if [ -f "$BATS_TEST_TMPDIR/sshd.pid" ]; then
        kill "$(cat "$BATS_TEST_TMPDIR/sshd.pid")" 2>/dev/null || true
    fi
    if [ -n "${nproc_dir:-}" ]; then rm -rf "$nproc_dir"; fi
}

# no_threads ARGS...: gridbfs ARGS where no thread can start (ulimit -u
# 1), through run: as root, whom the limit does not bind, as nobody, on a
# copy of the build (binary, plugins, configuration) in a folder anyone
# may enter; ARGS' files must be readable by nobody.
no_threads() {
    local as=() bin=$GRIDBFS
    if [ "$EUID" -eq 0 ]; then
        requires setpriv
        getent passwd nobody >/dev/null || skip "no user nobody"
        as=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
        local dir=${GRIDBFS%/*} plugins=${GRIDBFS_PLUGIN_DIR:?set by ctest}
        local top=${dir%/*}
        mkdir -p "$nproc_dir/bin" "$nproc_dir/share" "$nproc_dir/${plugins#"$top"/}"
        cp "$GRIDBFS" "$nproc_dir/bin/"
        cp -r "$top/share/gridbfs" "$nproc_dir/share/"
        cp "$plugins"/*.so "$nproc_dir/${plugins#"$top"/}/"
        bin=$nproc_dir/bin/${GRIDBFS##*/}
    fi
    run --separate-stderr bash -c '
        ulimit -u 1
        ASAN_OPTIONS=detect_leaks=0 exec "$@"' _ "${as[@]}" "$bin" "$@"
}

# N line records with ids: random 4x4 flip boards, random p1225 swaps, and
# one malformed record in every 97.
make_input() {
    awk -v n="$1" 'BEGIN {
        srand(7)
        for (i = 1; i <= n; i++) {
            if (i % 97 == 0) { print "id=" i " bwwb/bbwb/bwwb"; continue }
            if (i % 3 == 0) {
                s = ""; t = ""
                for (k = 0; k < 16; k++) {
                    s = s (rand() < 0.5 ? "1" : "0"); t = t (rand() < 0.5 ? "1" : "0")
                    if (k % 4 == 3 && k < 15) { s = s "/"; t = t "/" }
                }
                print "id=" i " rule=chessboard " s " " t
                continue
            }
            b = ""
            for (k = 0; k < 16; k++) {
                b = b (rand() < 0.5 ? "b" : "w")
                if (k % 4 == 3 && k < 15) b = b "/"
            }
            print "id=" i " " b
        }
    }'
}

@test "output and messages are identical for -j1, -j2 and -j5" {
    make_input 6000 >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -j1 -f csv "$BATS_TEST_TMPDIR/in"
    local out1=$output err1=$stderr
    [ "${#lines[@]}" -eq 6001 ]
    for j in 2 5; do
        run -1 --separate-stderr gridbfs -j "$j" -f csv "$BATS_TEST_TMPDIR/in"
        [ "$output" = "$out1" ] || fail "-j$j output differs from -j1"
        [ "$stderr" = "$err1" ] || fail "-j$j messages differ from -j1"
    done
}

# mixed_input N EXPECTED: N records of every kind a file of gridbfs's own
# may mix, to stdout: 4x4 flip grid records ended by blank lines (some with
# CR LF, some after a comment), line records with ids, some naming
# chessboard swaps, and faults scattered in: a grid board of 3 rows, a line
# record with an unknown key, one with a cell that is none.  EXPECTED gets
# "RECORD LINE BAD" for each record, worked out as it is written: its
# number, the line it starts on, and 1 when it is invalid.
mixed_input() {
    awk -v n="$1" -v expected="$2" 'BEGIN {
        srand(11); line = 0
        for (i = 1; i <= n; i++) {
            bad = 0
            if (i % 11 == 0) { print "# a comment"; line++ }
            if (i % 29 == 0) { print ""; line++ }
            start = line + 1
            if (i % 13 == 0) { # three rows of a four-row board
                for (r = 0; r < 3; r++) { print "bwbw"; line++ }
                print ""; line++; bad = 1
            } else if (i % 17 == 0) {
                print "id=" i " size=4x4 bwwb/bxwb/bwwb/bwww"; line++; bad = 1
            } else if (i % 19 == 0) {
                print "id=" i " colour=red bwwb/bbwb/bwwb/bwww"; line++; bad = 1
            } else if (i % 5 == 0) {
                s = ""; t = ""
                for (k = 0; k < 16; k++) {
                    s = s (rand() < 0.5 ? "1" : "0"); t = t (rand() < 0.5 ? "1" : "0")
                    if (k % 4 == 3 && k < 15) { s = s "/"; t = t "/" }
                }
                print "id=" i " rule=chessboard " s " " t; line++
            } else if (i % 3 == 0) {
                b = ""
                for (k = 0; k < 16; k++) { b = b (rand() < 0.5 ? "b" : "w"); if (k % 4 == 3 && k < 15) b = b "/" }
                print "id=" i " " b; line++
            } else {
                cr = i % 7 == 0 ? "\r" : ""
                for (r = 0; r < 4; r++) {
                    row = ""
                    for (k = 0; k < 4; k++) row = row (rand() < 0.5 ? "b" : "w")
                    print row cr; line++
                }
                print cr; line++
            }
            print i, start, bad > expected
        }
    }'
}

@test "a large file read in pieces: the same results, record numbers and message lines at any -j" {
    local t=$BATS_TEST_TMPDIR
    mixed_input 150000 "$t/expected" >"$t/in"
    # CSV: every record's number and first line as the file has them
    run -1 --separate-stderr gridbfs -j1 -f csv --no-header "$t/in"
    local csv1=$output
    diff <(cut -d, -f2,3 <<<"$csv1" | tr , ' ') <(cut -d' ' -f1,2 "$t/expected")
    diff <(awk -F, '$6 == "invalid" { print $2 }' <<<"$csv1") <(awk '$3 { print $1 }' "$t/expected")
    # judge: each message names the line its invalid record starts on
    gridbfs -j1 "$t/in" >"$t/out1" 2>&1 || true
    diff <(sed -n 's/^gridbfs: [^:]*:\([0-9]*\): .*/\1/p' "$t/out1") <(awk '$3 { print $2 }' "$t/expected")
    for j in 2 4; do
        run -1 --separate-stderr gridbfs -j "$j" -f csv --no-header "$t/in"
        [ "$output" = "$csv1" ] || fail "-j$j CSV differs from -j1"
        gridbfs -j "$j" "$t/in" >"$t/out$j" 2>&1 || true
        cmp "$t/out1" "$t/out$j" || fail "-j$j results and messages (2>&1) differ from -j1"
    done
}

@test "-j4 on a short input starts no thread: it is answered where none can start" {
    nproc_dir=$(mktemp -d /tmp/gridbfs-jobs.XXXXXX)
    chmod 0755 "$nproc_dir"
    flipref boards -s 4x4 -n 100 -S 21 >"$nproc_dir/in"
    no_threads -j4 "$nproc_dir/in"
    assert_success
    assert_equal "$stderr" ""
    diff <(printf '%s\n' "$output") <(flipref solve "$nproc_dir/in")
    # and a long one, whose work outlasts the threads' start, starts them
    yes "$(head -n 1 "$nproc_dir/in")" | head -n 200000 >"$nproc_dir/long"
    no_threads -j4 "$nproc_dir/long"
    assert_failure 2
    assert_regex "$stderr" 'gridbfs: cannot start a thread'
}

@test "ids come back in input order on many threads" {
    make_input 3000 >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -j 3 -f csv "$BATS_TEST_TMPDIR/in"
    diff <(tail -n +2 <<<"$output" | cut -d, -f4) <(seq 1 3000)
}

@test "a stream sharded with parallel --pipe -j2 merges to the single run, by id" {
    requires parallel
    make_input 5000 >"$BATS_TEST_TMPDIR/in"
    "$GRIDBFS" -f csv "$BATS_TEST_TMPDIR/in" 2>/dev/null | tail -n +2 |
        cut -d, -f4- | sort >"$BATS_TEST_TMPDIR/single" || true
    # the README's recipe: -j1 a shard, no header, the exit status kept
    run parallel --pipe -j2 --block 20k "'$GRIDBFS' -j1 -f csv --no-header 2>/dev/null" \
        <"$BATS_TEST_TMPDIR/in"
    # every shard holds an invalid record (one in 97), so each failed
    [ "$status" -ne 0 ]
    printf '%s\n' "${lines[@]}" | cut -d, -f4- | sort >"$BATS_TEST_TMPDIR/sharded"
    [ "$(wc -l <"$BATS_TEST_TMPDIR/single")" -eq 5000 ]
    diff "$BATS_TEST_TMPDIR/single" "$BATS_TEST_TMPDIR/sharded"
    # with none invalid, the sharded run succeeds
    grep -v 'bwwb/bbwb/bwwb$' "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/good"
    run -0 parallel --pipe -j2 --block 20k "'$GRIDBFS' -j1 -f csv --no-header" \
        <"$BATS_TEST_TMPDIR/good"
}

@test "answers arrive while the input is still open (a coprocess)" {
    # Feed one record, read its answer, then feed the next: gridbfs must
    # answer a record as soon as its line arrives, not at end of input.
    coproc GB { "$GRIDBFS" -j2; }
    local pid=$GB_PID # bash unsets GB_PID once the coprocess has ended
    echo 'bwwb/bbwb/bwwb/bwww' >&"${GB[1]}"
    # (the timeouts guard against a hang, nothing is timed)
    read -r -t 60 first <&"${GB[0]}"
    echo 'bwbw/wwww/bbwb/bwwb' >&"${GB[1]}"
    read -r -t 60 second <&"${GB[0]}"
    exec {GB[1]}>&-
    wait "$pid"
    [ "$first" = 4 ]
    [ "$second" = Impossible ]
}

@test "a grid record still missing rows holds back no answer or message before it (a coprocess)" {
    # An invalid line record, a good one, then the first row of a 4x4 grid
    # board: both answers, and the first one's message, must come out while
    # gridbfs waits for the grid's other rows; then the grid is finished.
    local j pid out rc first second grid
    for j in 1 2 4; do
        coproc GB { "$GRIDBFS" -j$j 2>"$BATS_TEST_TMPDIR/err$j"; }
        pid=$GB_PID
        # bash closes GB[0] as soon as it reaps gridbfs: read from a copy
        exec {out}<&"${GB[0]}"
        printf 'bwwb/bbwb/bwwb/bww\nbwwb/bbwb/bwwb/bwww\nbwbw\n' >&"${GB[1]}"
        # the timeouts guard against a hang, nothing is timed
        read -r -t 30 first <&"$out" || fail "-j$j: the invalid record's answer held back"
        read -r -t 30 second <&"$out" || fail "-j$j: the line record's answer held back by the grid rows after it"
        [ "$first" = invalid ] || fail "-j$j: first answer '$first'"
        [ "$second" = 4 ] || fail "-j$j: second answer '$second'"
        # messages are written before the answers of their chunk
        grep -q '^gridbfs: <stdin>:1: ' "$BATS_TEST_TMPDIR/err$j" ||
            fail "-j$j: record 1's message held back: $(cat "$BATS_TEST_TMPDIR/err$j")"
        printf 'wwww\nbbwb\nbwwb\n' >&"${GB[1]}"
        read -r -t 30 grid <&"$out" || fail "-j$j: the grid record's answer held back"
        [ "$grid" = Impossible ] || fail "-j$j: the grid record is '$grid'"
        exec {GB[1]}>&-
        rc=0
        wait "$pid" || rc=$?
        read -r -t 30 grid <&"$out" && fail "-j$j: more output: '$grid'"
        exec {out}<&-
        [ "$rc" = 1 ] || fail "-j$j: exit status $rc, expected 1 (one invalid record)"
    done
}

@test "a file, then a FIFO nobody writes yet: the file's answers come out before gridbfs waits to open it" {
    local j k line
    for _ in $(seq 50); do echo 'bwwb/bbwb/bwwb/bwww'; done >"$BATS_TEST_TMPDIR/file"
    for j in 1 2; do
        mkfifo "$BATS_TEST_TMPDIR/fifo"
        coproc GB { "$GRIDBFS" -j$j "$BATS_TEST_TMPDIR/file" "$BATS_TEST_TMPDIR/fifo"; }
        local pid=$GB_PID out
        # bash closes GB[0] as soon as it reaps gridbfs, which may be before
        # the last answer is read: read from a copy of it instead
        exec {out}<&"${GB[0]}"
        # all 50 answers, read while gridbfs waits on the FIFO (the
        # timeout guards against a hang, nothing is timed)
        for ((k = 0; k < 50; k++)); do
            read -r -t 30 line <&"$out" || fail "-j$j: answer $((k + 1)) of the file held back"
            [ "$line" = 4 ] || fail "-j$j: answer $((k + 1)) is '$line'"
        done
        echo 'bwbw/wwww/bbwb/bwwb' >"$BATS_TEST_TMPDIR/fifo"
        read -r -t 30 line <&"$out"
        wait "$pid"
        exec {out}<&-
        [ "$line" = Impossible ]
        rm "$BATS_TEST_TMPDIR/fifo"
    done
}

@test "sharded across machines: parallel --sshlogin to an sshd on 127.0.0.1, gridbfs as installed there" {
    requires /usr/sbin/sshd ssh ssh-keygen parallel
    [ "$EUID" = 0 ] || skip "sshd's privilege separation needs root (CI runs as root)"
    : "${GRIDBFS_BUILD_DIR:?set GRIDBFS_BUILD_DIR to the build tree (ctest does)}"
    local d=$BATS_TEST_TMPDIR port=$((20000 + RANDOM % 20000))
    # the "remote" machine's gridbfs: installed in a prefix of its own
    cmake --install "$GRIDBFS_BUILD_DIR" --prefix "$d/remote" >/dev/null
    ssh-keygen -q -t ed25519 -N '' -f "$d/host"
    ssh-keygen -q -t ed25519 -N '' -f "$d/key" # throw-away
    cp "$d/key.pub" "$d/authorized_keys"
    printf '%s\n' "Port $port" 'ListenAddress 127.0.0.1' "HostKey $d/host" \
        "AuthorizedKeysFile $d/authorized_keys" "PidFile $d/sshd.pid" \
        'StrictModes no' 'UsePAM no' 'PasswordAuthentication no' >"$d/sshd.conf"
    mkdir -p /run/sshd
    /usr/sbin/sshd -f "$d/sshd.conf" -E "$d/sshd.log"
    local ssh="ssh -i $d/key -p $port -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
    local i
    # sshd listens only after it has gone into the background: it is up
    # once it answers (a guard against a hang, of a minute or more: 5 s
    # was too short a wait for a loaded machine)
    for i in $(seq 600); do
        $ssh 127.0.0.1 true 2>/dev/null && break
        sleep 0.1
    done
    make_input 3000 >"$d/in"
    "$GRIDBFS" -f csv "$d/in" 2>/dev/null | tail -n +2 | cut -d, -f4- | sort >"$d/single" || true
    # the README's recipe, over ssh: -j1 a shard, the exit status kept
    run parallel --pipe --block 20k --sshlogin "2/$ssh 127.0.0.1" \
        "$d/remote/bin/gridbfs -j1 -f csv --no-header 2>/dev/null" <"$d/in"
    [ "$status" -ne 0 ] # every shard holds an invalid record
    printf '%s\n' "${lines[@]}" | cut -d, -f4- | sort >"$d/sharded"
    [ "$(wc -l <"$d/single")" -eq 3000 ]
    diff "$d/single" "$d/sharded"
}

@test "under a tight limits.memory, answers are the same at -j1, -j2 and -j4, in every run, and right" {
    # 6x6 swaps by search in 64 MiB: one search may hold 44 MiB (README,
    # "Limits"); the second puzzle's needs more, the third's 27 MiB, which
    # two threads' searches at once could not both have: it used to end as
    # `limit` at -j2 and -j4, and not in every run
    printf 'limits: {memory: %d, table_memory: 0}\nrules:\n  sw: {plugin: swap-adjacent, size: 6x6, engine: search, path: true}\n' \
        $((64 << 20)) >"$BATS_TEST_TMPDIR/t.yaml"
    swapref gen -s 6x6 -k 6-7 -S 3 8 | sed -n 2,5p >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/t.yaml" -r sw -j1 -f csv --no-header "$BATS_TEST_TMPDIR/in"
    local out1=$output err1=$stderr j run
    # every answer is the reference's, or `limit` for want of memory
    paste -d, <(cut -d, -f6,7 <<<"$output") <(swapref solve -s 6x6 "$BATS_TEST_TMPDIR/in") >"$BATS_TEST_TMPDIR/pairs"
    run -0 awk -F, '$1 == "solved" && $2 == $3 { s++; next }
                    $1 == "limit" { l++; next }
                    { print "not the reference: " $0 }
                    END { print s + 0, l + 0 }' "$BATS_TEST_TMPDIR/pairs"
    assert_output '3 1'
    assert_equal "$(grep -c "limits.memory, 45056 KiB of 65536 KiB (limits: memory)" <<<"$err1")" 1
    for run in 1 2; do
        for j in 2 4; do
            run -1 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/t.yaml" -r sw -j$j -f csv --no-header "$BATS_TEST_TMPDIR/in"
            [ "$output" = "$out1" ] || fail "-j$j (run $run): answers differ from -j1: $output"
            [ "$stderr" = "$err1" ] || fail "-j$j (run $run): messages differ from -j1: $stderr"
        done
    done
}

@test "tables that do not fit together: each is built, at -j1, -j2 and -j4, in every run, and every answer right" {
    # two fixed-goal rules whose tables (1 MiB each, 5 MiB while built)
    # cannot both be held in the 5.5 MiB tables' share of 16 MiB, each
    # rule's records in turn; max_states 2,000 makes a search of the far
    # puzzles stop, so only a table answers every one of them.  A table
    # refused because the other's was held was searched instead (a
    # `limit`), and whether it was depended on the threads' timing.
    printf 'limits: {memory: %d, max_states: 2000}\nrules:\n  a: {plugin: flip-neighbors, size: 4x5, goal: "off", cells: "10", engine: search}\n  b: {plugin: flip-neighbors, size: 5x4, goal: "off", cells: "10", engine: search}\n' \
        $((16 << 20)) >"$BATS_TEST_TMPDIR/two.yaml"
    local k
    for k in 1 2 3; do
        flipref boards -s 4x5 -c 10 -n 700 -S "$k" | sed 's/^/rule=a /'
        flipref boards -s 5x4 -c 10 -n 700 -S "$((k + 10))" | sed 's/^/rule=b /'
    done >"$BATS_TEST_TMPDIR/ab"
    # the reference, rule by rule in input order
    local want=$BATS_TEST_TMPDIR/want
    : >"$want"
    for k in 0 1 2 3 4 5; do
        local rule=a size=4x5
        [ $((k % 2)) -eq 1 ] && rule=b size=5x4
        sed -n "$((k * 700 + 1)),$((k * 700 + 700))p" "$BATS_TEST_TMPDIR/ab" | sed "s/^rule=$rule //" >"$BATS_TEST_TMPDIR/part"
        flipref solve -s "$size" -g off -c 10 "$BATS_TEST_TMPDIR/part" >>"$want"
    done
    [ "$(wc -l <"$want")" -eq 4200 ]
    local first="" j run
    for run in 1 2; do
        for j in 1 2 4; do
            run -0 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/two.yaml" -j$j "$BATS_TEST_TMPDIR/ab"
            [ -z "$stderr" ] || fail "-j$j (run $run): $stderr"
            printf '%s\n' "${lines[@]}" >"$BATS_TEST_TMPDIR/got"
            cmp "$want" "$BATS_TEST_TMPDIR/got" ||
                fail "-j$j (run $run): $(grep -c limit "$BATS_TEST_TMPDIR/got") limits, not the reference's answers"
            [ -n "$first" ] || first=$output
            [ "$output" = "$first" ] || fail "-j$j (run $run): output differs from -j1"
        done
    done
}
