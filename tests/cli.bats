#!/usr/bin/env bats
# The command line, exit statuses, the output file, and the
# habits of a Unix filter (pipes, full disks, help and version).
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # 4 moves (POJ 1753 sample)

@test "--help and --version go to stdout and exit 0" {
    run -0 --separate-stderr gridbfs --help
    assert_line --index 0 --partial 'usage: gridbfs'
    assert_output --partial '--check-config'
    [ -z "$stderr" ]
    run -0 --separate-stderr gridbfs -V
    assert_output --regexp '^gridbfs [0-9]+\.[0-9]+\.[0-9]+ \(plugin ABI 2\.[0-9]+, and 1\.[0-9]+\)$'
}

@test "the README's Usage block is --help, line for line" {
    local readme=$BATS_TEST_DIRNAME/../README.md
    run -0 --separate-stderr gridbfs --help
    assert_equal "$(awk '/^## Usage$/ { u = 1 } u && /^```/ { if (f++) exit; next } f' "$readme")" "$output"
}

@test "usage errors exit 2 with a message" {
    run -2 --separate-stderr gridbfs --no-such-option
    assert_regex "$stderr" "unrecognized option"
    run -2 --separate-stderr gridbfs -f xml
    assert_regex "$stderr" "^gridbfs: -f: expected judge, csv or jsonl, got 'xml'"
    run -2 --separate-stderr gridbfs -s 0x4
    assert_regex "$stderr" "^gridbfs: -s: expected RxC"
    run -2 --separate-stderr gridbfs -j -1
    assert_regex "$stderr" "^gridbfs: -j: expected a whole number"
    run -2 --separate-stderr gridbfs -r no-such-rule </dev/null
    assert_regex "$stderr" "no-such-rule"
}

@test "a mistyped long option gets a suggestion; getopt's other faults are said in its words" {
    run -2 --separate-stderr gridbfs --fromat csv </dev/null
    assert_output ''
    assert_equal "$stderr" "gridbfs: unrecognized option '--fromat' (did you mean '--format'?)
Try 'gridbfs --help' for more information."
    # with its value attached, and in the wrong case
    run -2 --separate-stderr gridbfs --Format=csv </dev/null
    assert_equal "${stderr_lines[0]}" "gridbfs: unrecognized option '--Format' (did you mean '--format'?)"
    run -2 --separate-stderr gridbfs --chek-config </dev/null
    assert_equal "${stderr_lines[0]}" "gridbfs: unrecognized option '--chek-config' (did you mean '--check-config'?)"
    # nothing close: no suggestion
    run -2 --separate-stderr gridbfs --zzzzzzzz </dev/null
    assert_equal "${stderr_lines[0]}" "gridbfs: unrecognized option '--zzzzzzzz'"
    # an abbreviation of several, a value where none is taken, no value
    run -2 --separate-stderr gridbfs --no-p </dev/null
    assert_equal "${stderr_lines[0]}" "gridbfs: option '--no-p' is ambiguous; possibilities: '--no-path' '--no-progress'"
    run -2 --separate-stderr gridbfs --path=1 </dev/null
    assert_equal "${stderr_lines[0]}" "gridbfs: option '--path' doesn't allow an argument"
    run -2 --separate-stderr gridbfs --check
    assert_equal "${stderr_lines[0]}" "gridbfs: option '--check' requires an argument"
    run -2 --separate-stderr gridbfs -c
    assert_equal "${stderr_lines[0]}" "gridbfs: option requires an argument -- 'c'"
    run -2 --separate-stderr gridbfs -qx </dev/null
    assert_equal "${stderr_lines[0]}" "gridbfs: invalid option -- 'x'"
    # an unambiguous abbreviation still works
    run -0 --separate-stderr gridbfs --form csv <<<"$S1"
    assert_line --index 1 --partial ',solved,4,'
}

@test "exit 0 when every record is solved or impossible, 1 when one is invalid" {
    run -0 --separate-stderr gridbfs <<<"bwbw/wwww/bbwb/bwwb"
    assert_output 'Impossible'
    run -1 --separate-stderr gridbfs <<<"bwbw/wwww/bbwb"
    assert_output 'invalid'
    assert_regex "$stderr" "^gridbfs: <stdin>:1: board 1 has 3 rows, expected 4 \\(read by rule 'poj1753'(; no other profile reads this file)?\\)\$"
    run -1 --separate-stderr gridbfs <<<"bwbw/"
    assert_regex "$stderr" "^gridbfs: <stdin>:1: board 1 has 1 row, expected 4 \\(read by rule 'poj1753'(; no other profile reads this file)?\\)\$"
}

@test "a judge's file read without its -r: the first message names the rule, and the profiles that take the file or that none does" {
    local j=$BATS_TEST_DIRNAME/judges
    # POJ 1222's sample (a count line, then 5x6 boards of 0 and 1) read by
    # the default rule, poj1753 (4x4 of b and w): only profile poj1222 has
    # that layout (README, "Built-in profiles")
    run -1 --separate-stderr gridbfs "$j/poj1222/sample.in"
    assert_equal "${stderr_lines[0]}" "gridbfs: $j/poj1222/sample.in:1: row 1: '2' is not a cell (expected 'b' or 'w') (read by rule 'poj1753'; did you mean -r poj1222?)"
    # the hint is the first record's alone
    refute_regex "${stderr_lines[1]}" "read by rule"
    # standard input redirected from the file: the same
    run -1 --separate-stderr gridbfs <"$j/poj1222/sample.in"
    assert_equal "${stderr_lines[0]}" "gridbfs: <stdin>:1: row 1: '2' is not a cell (expected 'b' or 'w') (read by rule 'poj1753'; did you mean -r poj1222?)"
    # P1225's sample (two 4x4 boards of 1 and 0 a case) fits both profiles
    # of that puzzle
    run -1 --separate-stderr gridbfs "$j/p1225/sample.in"
    assert_regex "${stderr_lines[0]}" "\(read by rule 'poj1753'; did you mean -r p1225 or -r chessboard\?\)$"
    # the other way round, with -r naming the wrong rule
    run -1 --separate-stderr gridbfs -r p1225 "$j/poj1753/sample.in"
    assert_regex "${stderr_lines[0]}" "\(read by rule 'p1225'; did you mean -r poj1753 or -r timus1060\?\)$"
    # a pipe is read once: no profile is tried, the rule is still named
    run -1 --separate-stderr sh -c 'cat "$1" | "$GRIDBFS"' sh "$j/poj1222/sample.in"
    assert_equal "${stderr_lines[0]}" "gridbfs: <stdin>:1: row 1: '2' is not a cell (expected 'b' or 'w') (read by rule 'poj1753')"
    refute_regex "${stderr_lines[1]}" "read by rule"
    # no other profile takes it: the rule in use, and that none does
    cd "$BATS_TEST_TMPDIR"
    printf 'bwbw\nwwww\nbbwb\n' >bad.in
    run -1 --separate-stderr gridbfs bad.in
    assert_equal "$stderr" "gridbfs: bad.in:1: board 1 has 3 rows, expected 4 (read by rule 'poj1753'; no other profile reads this file)"
    # a bare plugin by -r, its rows too few for every profile (4x4 of 1
    # and 0 for flip-lines, whose documented size is 4x4): named the same
    printf '1010\n0101\n1111\n' >bad2.in
    run -1 --separate-stderr gridbfs -r flip-lines bad2.in
    assert_equal "$stderr" "gridbfs: bad2.in:1: board 1 has 3 rows, expected 4 (read by rule 'flip-lines'; no other profile reads this file)"
    # a first record that is right: no hint on a later one
    printf 'bwbw/wwww/bbwb/bwww\nbwbw/wwww/bbwb\n' >late.in
    run -1 --separate-stderr gridbfs late.in
    assert_equal "$stderr" "gridbfs: late.in:2: board 1 has 3 rows, expected 4"
    # -q: no message at all
    run -1 --separate-stderr gridbfs -q "$j/poj1222/sample.in"
    assert_equal "$stderr" ''
}

@test "-r picks a profile or a bare plugin; -s sets its size" {
    run -0 --separate-stderr gridbfs -r chessboard <<<"1111/0000/1110/0010 1010/0101/1010/0101"
    assert_output '4'
    run -0 --separate-stderr gridbfs -r swap-adjacent <<<"1111/0000/1110/0010 1010/0101/1010/0101"
    assert_output '4'
    # By hand, 2x2 plus stencil: a press flips its cell and two neighbours;
    # on bb/bw only the top-left press gives a uniform board (ww/ww).
    run -0 --separate-stderr gridbfs -s 2x2 <<<"bb/bw"
    assert_output '1'
}

@test "-p prints one shortest path: r c per press" {
    run -0 --separate-stderr gridbfs -p -s 2x2 <<<"bb/bw"
    assert_output $'1\n1 1'
}

@test "-o writes the file whole, replacing the old one only at the end" {
    mkdir "$BATS_TEST_TMPDIR/d"
    echo old >"$BATS_TEST_TMPDIR/d/out"
    run -0 --separate-stderr gridbfs -o "$BATS_TEST_TMPDIR/d/out" <<<"$S1"
    assert_output ''
    run cat "$BATS_TEST_TMPDIR/d/out"
    assert_output '4'
    # no temporary file is left behind
    run ls -A "$BATS_TEST_TMPDIR/d"
    assert_output 'out'
}

@test "-o into a folder that does not exist is an error, exit 2" {
    run -2 --separate-stderr gridbfs -o "$BATS_TEST_TMPDIR/no/such/out" <<<"$S1"
    assert_regex "$stderr" "no/such/out"
}

@test "a full disk is an error, never a silent success" {
    [ -w /dev/full ] || skip "no /dev/full"
    run -2 --separate-stderr bash -c '"$GRIDBFS" "$0" >/dev/full' "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_regex "$stderr" "write error"
    run -2 --separate-stderr gridbfs -o /dev/full "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_regex "$stderr" "/dev/full"
}

@test "a reader that closes the pipe early ends gridbfs quietly" {
    yes "$S1" | head -n 200000 >"$BATS_TEST_TMPDIR/many"
    run bash -c 'set -o pipefail; "$GRIDBFS" "$0" 2>"$0.err" | head -1' "$BATS_TEST_TMPDIR/many"
    assert_output '4'
    run cat "$BATS_TEST_TMPDIR/many.err"
    assert_output ''
}

@test "--check-config validates and exits 0 without reading input" {
    run -0 --separate-stderr gridbfs --check-config </dev/zero
    assert_output ''
}

@test "--list-rules shows the built-in profiles and both plugins" {
    run -0 --separate-stderr gridbfs --list-rules
    for name in poj1753 p1225 chessboard lights5 flip-neighbors swap-adjacent; do
        assert_output --partial "$name"
    done
    assert_output --partial 'stencil'
    assert_output --partial 'neighbourhood'
}

@test "the examples from the README run" {
    run -0 --separate-stderr gridbfs "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_output $'4\nImpossible'
    run -0 --separate-stderr gridbfs -r chessboard "$GRIDBFS_EXAMPLES/chessboard.txt"
    assert_output '4'
    run -0 --separate-stderr gridbfs -f csv "$GRIDBFS_EXAMPLES/mixed.lines"
    assert_line --index 1 --partial ',flip-1,poj1753,solved,4,'
    assert_line --index 3 --partial ',swap-1,p1225,solved,4,'
}

@test "progress: never into a pipe or file unless asked, and never for a short run" {
    # the progress line itself: tests/progress.bats, on a terminal
    yes "$S1" | head -n 30 >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    [ -z "$stderr" ]
    [ "${#lines[@]}" -eq 30 ]
    run -0 --separate-stderr gridbfs --progress "$BATS_TEST_TMPDIR/in"
    [ -z "$stderr" ]
    # on a terminal (script gives gridbfs one) not a byte, not even an erase
    requires script
    run script -qec "'$GRIDBFS' '$BATS_TEST_TMPDIR/in' >/dev/null" /dev/null
    assert_equal "$output" ''
}

@test "several -c files layer in order, over GRIDBFS_CONFIG, over the built-in file" {
    cd "$BATS_TEST_TMPDIR"
    printf 'defaults: {format: jsonl}\nrules:\n  p1225: {path: false}\n' >env.yaml
    printf 'defaults: {format: csv}\n' >a.yaml
    printf 'rules:\n  p1225: {path: true}\n' >b.yaml
    local rec='rule=p1225 1111/0000/1110/0010 1010/0101/1010/0101'
    # the built-in p1225 prints its path; env.yaml turns it off and asks for jsonl
    run -0 --separate-stderr env GRIDBFS_CONFIG=env.yaml "$GRIDBFS" <<<"$rec"
    assert_output --partial '"moves":4,"path":null,'
    # -c a.yaml over it: csv; -c b.yaml over that: the path again
    run -0 --separate-stderr env GRIDBFS_CONFIG=env.yaml "$GRIDBFS" -c a.yaml -c b.yaml <<<"$rec"
    assert_line --index 1 '<stdin>,1,1,,p1225,solved,4,"1,2-2,2 1,4-2,4 3,2-4,2 4,3-4,4",'
    # an empty GRIDBFS_CONFIG is none; a missing one is an error naming it
    run -0 --separate-stderr env GRIDBFS_CONFIG= "$GRIDBFS" <<<"$rec"
    assert_line --index 1 1222
    run -2 --separate-stderr env GRIDBFS_CONFIG=nope.yaml "$GRIDBFS" <<<"$rec"
    assert_equal "$stderr" "gridbfs: GRIDBFS_CONFIG: nope.yaml: No such file or directory"
}

@test "--no-path turns off a profile's path: true; the last of -p and --no-path wins" {
    local rec='rule=p1225 1111/0000/1110/0010 1010/0101/1010/0101'
    run -0 --separate-stderr gridbfs --no-path <<<"$rec"
    assert_output 4
    run -0 --separate-stderr gridbfs --no-path -p <<<"$rec"
    assert_line --index 1 1222
    run -0 --separate-stderr gridbfs -p --no-path <<<"$rec"
    assert_output 4
}

@test "the default -j is the processors the process may use (taskset), not all of them" {
    requires strace taskset
    # threads started: one fewer than -j
    local one all
    one=$(echo "$S1" | strace -f -qq -e trace=clone,clone3 "$GRIDBFS" -j1 2>&1 >/dev/null | grep -c clone || true)
    all=$(echo "$S1" | taskset -c 0 strace -f -qq -e trace=clone,clone3 "$GRIDBFS" 2>&1 >/dev/null | grep -c clone || true)
    assert_equal "$all" "$one"
}

@test "a binary copied away from its share/gridbfs uses the installed one, or says which it looked for" {
    cp "$GRIDBFS" "$BATS_TEST_TMPDIR/gridbfs"
    run --separate-stderr "$BATS_TEST_TMPDIR/gridbfs" <<<"$S1"
    if [ "$status" = 0 ]; then # installed where it was configured to be: used
        assert_output 4
        return
    fi
    assert_equal "$status" 2
    assert_regex "$stderr" "^gridbfs: the built-in configuration is missing: tried $BATS_TEST_TMPDIR/\.\./share/gridbfs/gridbfs\.yaml and /.*/share/gridbfs/gridbfs\.yaml \(a gridbfs binary needs"
}

@test "the modes --check, --generate, --census and --show are one at a time" {
    local both
    for both in '--census --generate 3' '--show --census' '--check x --generate 1' \
        '--show --kattis' '--check x --kattis'; do
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr gridbfs $both </dev/null
        assert_output ''
        assert_equal "$stderr" "gridbfs: --check, --testlib, --kattis, --generate, --census and --show are modes of their own: give one"
    done
    # --generate's own options beside another mode: the two named
    for both in '--seed 5 --census' '--seed 1 --show' '--distance 2 --check x' '--spaced'; do
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr gridbfs $both </dev/null
        assert_equal "$stderr" "gridbfs: ${both%% *}: only with --generate"
    done
    # --stats sums up answers: with a mode that gives none, a usage error
    for both in '--census' '--generate 3' '--check x'; do
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr gridbfs --stats $both </dev/null
        assert_equal "$stderr" "gridbfs: --stats: not with ${both%% *}"
    done
    # under --testlib the checker's own trouble is testlib's FAIL, 3
    run -3 --separate-stderr gridbfs --show --testlib </dev/null
    assert_regex "$stderr" 'modes of their own: give one$'
    # after --testlib everything is a file, an option's name too
    run -3 --separate-stderr gridbfs --testlib --show </dev/null
    assert_equal "$stderr" 'gridbfs: --testlib: expected INPUT OUTPUT ANSWER [RESULT [-appes]]'
}

@test "--help and -V: a failed write is one message and exit 2, as in every mode" {
    [ -w /dev/full ] || skip "no /dev/full"
    for opt in --help -V; do
        run -2 --separate-stderr bash -c '"$GRIDBFS" "$1" >/dev/full' _ "$opt"
        assert_equal "$stderr" 'gridbfs: <stdout>: write error: No space left on device'
        run -2 --separate-stderr bash -c '"$GRIDBFS" "$1" >&-' _ "$opt"
        assert_equal "$stderr" 'gridbfs: <stdout>: write error: Bad file descriptor'
    done
}

@test "-o '': a usage error naming the option, before any work" {
    run -2 --separate-stderr gridbfs -o '' <<<"$S1"
    assert_output ''
    assert_equal "$stderr" 'gridbfs: -o: empty file name'
    run -2 --separate-stderr gridbfs --output= --list-rules
    assert_equal "$stderr" 'gridbfs: -o: empty file name'
}

@test "-c '', -P '' and --check '': usage errors naming the option, as -o '' is" {
    # -P '' was dropped unsaid, and -c '' said 'gridbfs: : No such file...'
    run -2 --separate-stderr gridbfs -c '' <<<"$S1"
    assert_output ''
    assert_equal "$stderr" 'gridbfs: -c: empty file name'
    run -2 --separate-stderr gridbfs -P '' <<<"$S1"
    assert_output ''
    assert_equal "$stderr" 'gridbfs: -P: empty folder name'
    run -2 --separate-stderr gridbfs --plugin-dir= --list-rules
    assert_equal "$stderr" 'gridbfs: -P: empty folder name'
    run -2 --separate-stderr gridbfs --check '' <<<"$S1"
    assert_output ''
    assert_equal "$stderr" 'gridbfs: --check: empty file name'
}

@test "--list-rules honours -o, -f judge and -f jsonl; -f csv is a usage error" {
    cd "$BATS_TEST_TMPDIR"
    run -0 --separate-stderr gridbfs --list-rules -o list.txt
    assert_output ''
    run cat list.txt
    assert_line --index 0 'profiles:'
    assert_line "  poj1753          plugin=flip-neighbors size=4x4 goal=uniform cells=bw impossible='Impossible'"
    run -0 --separate-stderr gridbfs --list-rules -f jsonl -o list.jsonl
    run cat list.jsonl
    assert_line --index 0 --regexp '^\{"kind":"profile","name":"poj1753",'
    run -0 --separate-stderr gridbfs --list-rules -f judge
    assert_line --index 0 'profiles:'
    run -2 --separate-stderr gridbfs --list-rules -f csv
    assert_output ''
    assert_equal "$stderr" 'gridbfs: -f csv: not with --list-rules (it lists as text, or with -f jsonl as JSON lines)'
}

@test "an option a mode would ignore is a usage error naming both, never ignored" {
    cd "$BATS_TEST_TMPDIR"
    printf '%s\n' "$S1" >in
    local t
    while IFS='|' read -r t want; do
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr gridbfs $t
        assert_output ''
        assert_equal "$stderr" "gridbfs: $want"
    done <<'CASES'
--list-rules in|--list-rules reads no FILE
--list-rules --census|--census: not with --list-rules
--list-rules --check-config|--check-config: not with --list-rules
--list-rules -p|-p: not with --list-rules
--list-rules --no-header|--no-header: not with --list-rules
--generate 1 -p|-p: not with --generate
--generate 1 --no-path|--no-path: not with --generate
--generate 1 -f csv|-f: not with --generate
--generate 1 --no-header|--no-header: not with --generate
--census --no-header|--no-header: not with --census
--census -p|-p: not with --census
--stats --census|--stats: not with --census
--stats --check in|--stats: not with --check
--show --no-header in|--no-header: not with --show
--generate 1 in|--generate reads no FILE
--census in|--census reads no FILE
--seed 3 in|--seed: only with --generate
--ones 3|--ones: only with --census
CASES
    # a judge's verdict goes to standard error and its RESULT file
    ans="$BATS_TEST_TMPDIR/ans"
    echo 4 >"$ans"
    for t in '-o out' '-f csv' '--no-header' '--stats'; do
        # shellcheck disable=SC2086 # the options, split
        run -3 --separate-stderr gridbfs $t --testlib in "$ans" "$ans"
        assert_equal "$stderr" "gridbfs: ${t%% *}: not with --testlib"
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr gridbfs $t --kattis in "$ans" .
        assert_equal "$stderr" "gridbfs: ${t%% *}: not with --kattis"
    done
    [ ! -e out ]
    # what a mode honours still works: -o for --check and --census
    run -0 --separate-stderr gridbfs --census -o census.txt
    [ -s census.txt ]
    run -0 --separate-stderr gridbfs --check "$ans" in -o verdicts.txt
    [ -s verdicts.txt ]
    # --check-config takes the options of the run it checks
    run -0 --separate-stderr gridbfs --check-config -o out -f csv --no-header in
    [ ! -e out ]
}

@test "--check-config refuses every command line the run would refuse, with the run's message" {
    cd "$BATS_TEST_TMPDIR"
    printf '%s\n' "$S1" >in
    local t real
    while read -r t; do
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr gridbfs $t </dev/null
        real=$stderr
        [ -n "$real" ]
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr gridbfs --check-config $t </dev/null
        assert_output ''
        assert_equal "$stderr" "$real"
    done <<'CASES'
--seed 3 in
--distance 2 in
--census in
--generate 1 in
--generate 1 --distance 3 --impossible
--show --no-header in
--show --seed 1 in
--show --no-path in
--show -f csv in
--ones 2 in
CASES
}

@test "an unknown option is a usage error even beside --help or -V" {
    local opt
    for opt in --help -V; do
        run -2 --separate-stderr gridbfs --bogus "$opt"
        assert_output ''
        assert_equal "${stderr_lines[0]}" "gridbfs: unrecognized option '--bogus'"
        run -2 --separate-stderr gridbfs "$opt" --bogus
        assert_output ''
        run -2 --separate-stderr gridbfs "$opt" -s 0x0
        assert_output ''
    done
    # what the rest asks for is not checked: they print and exit 0
    run -0 --separate-stderr gridbfs --help --census --generate 1 in
    assert_line --index 0 'usage: gridbfs [OPTIONS] [FILE...]'
    run -0 --separate-stderr gridbfs --seed 1 -V
    assert_output --regexp '^gridbfs '
}
