#!/usr/bin/env bats
# Judge text, CSV and JSON Lines, one result per record in
# input order.
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # 4 moves
S2='bwbw/wwww/bbwb/bwwb' # Impossible

@test "csv: header, fields, empty moves and path unless solved and asked" {
    printf 'id=a %s\n%s\nid=c %s/bbbb\n' "$S1" "$S2" "$S1" >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -f csv "$BATS_TEST_TMPDIR/in"
    assert_line --index 0 'source,record,line,id,rule,status,moves,path,message'
    assert_line --index 1 "$BATS_TEST_TMPDIR/in,1,1,a,poj1753,solved,4,,"
    assert_line --index 2 "$BATS_TEST_TMPDIR/in,2,2,,poj1753,impossible,,,"
    assert_line --index 3 "$BATS_TEST_TMPDIR/in,3,3,c,poj1753,invalid,,,\"board 1 has 5 rows, expected 4\""
    [ "${#lines[@]}" -eq 4 ]
}

@test "csv: stdin has a fixed name and the header comes even with no records" {
    run -0 --separate-stderr gridbfs -f csv </dev/null
    assert_output 'source,record,line,id,rule,status,moves,path,message'
    run -0 --separate-stderr gridbfs -f csv <<<"$S1"
    assert_line --index 1 '<stdin>,1,1,,poj1753,solved,4,,'
}

@test "csv: the path is quoted r,c moves; fields with commas and quotes are quoted" {
    run -0 --separate-stderr gridbfs -f csv -p -s 2x2 <<<'id=a,"b" bb/bw'
    assert_line --index 1 '<stdin>,1,1,"a,""b""",poj1753,solved,1,"1,1",'
}

@test "csv: swap moves are r,c-r,c" {
    # One swap of the two top-left cells, checked by hand.
    run -0 --separate-stderr gridbfs -f csv -r p1225 <<<"1000/0000/0000/0000 0100/0000/0000/0000"
    assert_line --index 1 '<stdin>,1,1,,p1225,solved,1,"1,1-1,2",'
}

@test "jsonl: one object per record with the same fields" {
    printf 'id=a %s\n%s\n%s/bbbb\n' "$S1" "$S2" "$S1" >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -f jsonl "$BATS_TEST_TMPDIR/in"
    f="$BATS_TEST_TMPDIR/in"
    assert_line --index 0 "{\"source\":\"$f\",\"record\":1,\"line\":1,\"id\":\"a\",\"rule\":\"poj1753\",\"status\":\"solved\",\"moves\":4,\"path\":null,\"message\":null}"
    assert_line --index 1 "{\"source\":\"$f\",\"record\":2,\"line\":2,\"id\":null,\"rule\":\"poj1753\",\"status\":\"impossible\",\"moves\":null,\"path\":null,\"message\":null}"
    assert_line --index 2 "{\"source\":\"$f\",\"record\":3,\"line\":3,\"id\":null,\"rule\":\"poj1753\",\"status\":\"invalid\",\"moves\":null,\"path\":null,\"message\":\"board 1 has 5 rows, expected 4\"}"
}

@test "jsonl: strings are escaped and invalid UTF-8 replaced" {
    run -0 --separate-stderr gridbfs -f jsonl -p -s 2x2 < <(printf 'id=q"\\\x01\xff\xc3\xa9 bb/bw\n')
    assert_output '{"source":"<stdin>","record":1,"line":1,"id":"q\"\\\u0001\ufffdé","rule":"poj1753","status":"solved","moves":1,"path":[[1,1]],"message":null}'
}

@test "csv: invalid UTF-8 is replaced as in JSON, so CSV tools take the file" {
    run -0 --separate-stderr gridbfs -f csv < <(printf 'id=a\xffb\xc3\xa9 bwwb/bbwb/bwwb/bwww\n')
    assert_line --index 1 $'<stdin>,1,1,a\xef\xbf\xbdb\xc3\xa9,poj1753,solved,4,,'
}

@test "jsonl: the path is an array, [r,c] a press and [[r,c],[r,c]] a swap" {
    # P1225's sample: the four swaps the judge's sample shows (1222 is
    # (1,2) with (2,2))
    run -0 --separate-stderr gridbfs -f jsonl -r p1225 "$GRIDBFS_EXAMPLES/p1225.txt"
    assert_output --partial '"moves":4,"path":[[[1,2],[2,2]],[[1,4],[2,4]],[[3,2],[4,2]],[[4,3],[4,4]]],'
    # a 1x1 board pressed once
    run -0 --separate-stderr gridbfs -f jsonl -p -r lights5 <<<'size=1x1 1/'
    assert_output --partial '"moves":1,"path":[[1,1]],'
    # no path asked: null; a solved board with no moves: []
    run -0 --separate-stderr gridbfs -f jsonl -r lights5 <<<'size=1x1 1/'
    assert_output --partial '"path":null,'
    run -0 --separate-stderr gridbfs -f jsonl -p -r lights5 <<<'size=1x1 0/'
    assert_output --partial '"moves":0,"path":[],'
}

@test "judge: invalid and limit print their word, the reason goes to stderr" {
    cat >"$BATS_TEST_TMPDIR/c.yaml" <<'YAML'
limits: {max_states: 10}
rules:
  chessboard: {engine: search} # the exact solver has no such limit
YAML
    run -1 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/c.yaml" -r chessboard <<<"1111/0000/1110/0010 1010/0101/1010/0101"
    assert_output 'limit'
    assert_regex "$stderr" '^gridbfs: <stdin>:1: .*max_states'
}

# next_to_results: read a run's results and messages merged through one
# pipe (one record a line, so record k is line k) and fail unless every
# message "gridbfs: FILE:LINE: ..." comes right before the result of the
# record on line LINE, and that result is invalid; prints the results.
next_to_results() {
    awk '/^gridbfs: / { split($0, f, ":"); want = f[3] + 0; next }
        { n++
          if (want && (n != want || $0 != "invalid")) { print "message for line " want " before result " n ": " $0; bad = 1; exit }
          if (!want && $0 == "invalid") { print "result " n " is invalid, with no message just before it"; bad = 1; exit }
          want = 0 }
        END { if (!bad) print n " results"; exit bad }'
}
# merged_results J FILE: gridbfs -j J FILE's output and messages through
# one pipe, checked by next_to_results (gridbfs's own status aside).
merged_results() {
    { gridbfs -j "$1" "$2" 2>&1 || true; } | next_to_results
}

@test "judge: each record's message comes just before its result, at any -j (2>&1)" {
    # 30,000 records, many chunks; every 997th has three rows, not four
    awk 'BEGIN { srand(5)
        for (i = 1; i <= 30000; i++) {
            if (i % 997 == 0) { print "bwwb/bbwb/bwwb"; continue }
            b = ""
            for (k = 0; k < 16; k++) { b = b (rand() < 0.5 ? "b" : "w"); if (k % 4 == 3 && k < 15) b = b "/" }
            print b } }' >"$BATS_TEST_TMPDIR/in"
    for j in 1 2 4; do
        run -0 merged_results "$j" "$BATS_TEST_TMPDIR/in"
        assert_output "30000 results"
    done
}

@test "judge: a profile may change the impossible word" {
    cat >"$BATS_TEST_TMPDIR/c.yaml" <<'YAML'
rules:
  shout: {plugin: flip-neighbors, impossible: IMPOSSIBLE}
YAML
    run -0 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/c.yaml" -r shout <<<"$S2"
    assert_output 'IMPOSSIBLE'
}

@test "output order is input order" {
    for i in $(seq 1 50); do echo "id=$i $S1"; echo "id=x$i $S2"; done >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs -f csv "$BATS_TEST_TMPDIR/in"
    run bash -c "cut -d, -f4 <<<\"\$0\" | tail -n +2 | paste -sd' '" "$output"
    assert_output "$(for i in $(seq 1 50); do printf '%s x%s ' "$i" "$i"; done | sed 's/ $//')"
}

@test "csv: --no-header leaves the header row out; the header comes at once, before any record is read" {
    run -0 --separate-stderr gridbfs -f csv --no-header <<<"$S1"
    assert_output '<stdin>,1,1,,poj1753,solved,4,,'
    # a coprocess that reads the header before it writes a line
    coproc GB { gridbfs -f csv; }
    local pid=$GB_PID # bash unsets GB_PID once the coprocess has ended
    read -r -t 30 -u "${GB[0]}" line
    assert_equal "$line" 'source,record,line,id,rule,status,moves,path,message'
    echo "$S1" >&"${GB[1]}"
    read -r -t 30 -u "${GB[0]}" line
    assert_equal "$line" '<stdin>,1,1,,poj1753,solved,4,,'
    exec {GB[1]}>&-
    wait "$pid"
}
