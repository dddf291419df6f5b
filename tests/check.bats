#!/usr/bin/env bats
# The checker: `gridbfs --check ANSWERS FILE`, and the drop-in special
# judges `--testlib` and `--kattis` run as a contest system runs them.
#   - right answers come from the independent references, never from
#     gridbfs: tests/ref/judgeref (every built-in profile's expected text)
#     and tests/ref/pathsref (many different shortest P1225 and POJ 2965
#     answers, by its own search); the judges' own sample outputs too;
#   - every kind of wrong answer is made by mutating a right one, and
#     must get its verdict and its reason, on the right case and line;
#   - any bytes in the answers: one verdict a case, never a crash.
bats_require_minimum_version 1.5.0

load test_helper/common

setup() {
    T=$BATS_TEST_TMPDIR
    JUDGES=$BATS_TEST_DIRNAME/judges
}

pathsref() { "$GRIDBFS_TEST_BIN/pathsref" "$@"; }

# check_is WANT PROFILE ANSWERS INPUT: the report of --check, line for line.
check_is() {
    local want=$1 p=$2
    shift 2
    run --separate-stderr gridbfs -r "$p" --check "$@"
    assert_output "$want"
}

# mutate FILE SED-SCRIPT: FILE's lines edited into $T/bad.
mutate() {
    sed "$2" "$1" >"$T/bad"
}

@test "check: each built-in profile's judge sample output is accepted" {
    local d p n
    for d in "$JUDGES"/*/; do
        p=$(basename "$d")
        for in in "$d"sample*.in; do
            run --separate-stderr gridbfs -r "$p" --check "${in%.in}.out" "$in"
            assert_success
            n=$(grep -c . <<<"$output")
            [ "$(grep -c ': accepted$' <<<"$output")" = "$n" ] ||
                fail "$p: $output"
        done
    done
}

@test "check: every case of judgeref's answers is accepted, multi-case layouts" {
    local p
    for p in poj1222 cerc07b uva10309 acwing95 flipfive; do
        judgeref gen "$p" -n 300 -S 5 >"$T/$p.in"
        judgeref solve "$p" "$T/$p.in" >"$T/$p.ans"
        run --separate-stderr gridbfs -r "$p" -f csv --check "$T/$p.ans" "$T/$p.in"
        assert_success
        [ "$(grep -c ',accepted,$' <<<"$output")" = 300 ] || fail "$p: $output"
    done
}

@test "check: single-case judges, 40 files each of judgeref's answers, accepted" {
    local p s
    for p in poj1753 poj3279 poj2965 p1225 timus1122 bailian2811 poj3185; do
        for s in $(seq 1 40); do
            judgeref gen "$p" -S "$s" >"$T/in"
            judgeref solve "$p" "$T/in" >"$T/ans"
            run --separate-stderr gridbfs -r "$p" --check "$T/ans" "$T/in"
            assert_success
            assert_output 'case 1 (line 1): accepted'
        done
    done
}

@test "check: every shortest P1225 answer is accepted (hundreds, by pathsref's own search)" {
    local s total=0 n
    mkdir "$T/paths"
    for s in $(seq 1 30); do
        judgeref gen p1225 -S "$s" >"$T/in"
        rm -f "$T/paths"/*
        n=$(pathsref p1225 "$T/in" 20 "$T/paths" "$s")
        total=$((total + n))
        for f in "$T/paths"/*.out; do
            run --separate-stderr gridbfs -r p1225 --check "$f" "$T/in"
            assert_success
            assert_output 'case 1 (line 1): accepted'
        done
        # distinct answers, the moves in other orders and other moves
        [ "$(for f in "$T/paths"/*.out; do md5sum <"$f"; done | sort -u | wc -l)" = "$n" ]
    done
    [ "$total" -ge 200 ] || fail "only $total shortest answers were made"
}

@test "check: every shortest POJ 2965 answer is accepted (each order of the presses)" {
    local s f n
    mkdir "$T/paths"
    for s in 1 2 3 4 5; do
        judgeref gen poj2965 -S "$s" >"$T/in"
        rm -f "$T/paths"/*
        n=$(pathsref poj2965 "$T/in" 40 "$T/paths" "$s")
        [ "$n" -ge 2 ] || [ "$(head -1 "$T/paths/1.out")" -le 1 ]
        for f in "$T/paths"/*.out; do
            run --separate-stderr gridbfs -r poj2965 --check "$f" "$T/in"
            assert_output 'case 1 (line 1): accepted'
        done
    done
}

@test "check: P1225 wrong answers, each with its verdict and reason" {
    local in=$JUDGES/p1225/sample.in
    # the sample's answer, by judgeref: 4, then 1222 1424 3242 4344
    judgeref solve p1225 "$in" >"$T/good"
    assert_equal "$(head -1 "$T/good")" 4
    local m2 m4
    m2=$(sed -n 3p "$T/good")
    m4=$(sed -n 5p "$T/good")
    # a swap of cells that are not adjacent
    mutate "$T/good" '3s/.*/1324/'
    check_is 'case 1 (line 1): wrong answer: move 2 "1324" on line 3 is not a move' p1225 "$T/bad" "$in"
    assert_failure 1
    # a move's cells the other way round (1424 written 2414): named, with
    # the order a move's cells come in
    mutate "$T/good" '3s/.*/2414/'
    check_is 'case 1 (line 1): wrong answer: move 2 "2414" on line 3 is not a move; "1424" is: the upper or left cell comes first' p1225 "$T/bad" "$in"
    # one move changed into another move: the board is not the target
    mutate "$T/good" "3s/.*/$m4/"
    check_is 'case 1 (line 1): wrong answer: the moves do not reach the goal' p1225 "$T/bad" "$in"
    # a move dropped
    mutate "$T/good" '3d'
    check_is 'case 1 (line 1): wrong answer: the count says 4 moves, but 3 follow' p1225 "$T/bad" "$in"
    # a longer path that still reaches the target: a move made twice more
    { echo 6; sed 1d "$T/good"; echo "$m2"; echo "$m2"; } >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: not optimal: 6 moves, the fewest is 4' p1225 "$T/bad" "$in"
    # a wrong count over the right moves
    mutate "$T/good" '1s/.*/5/'
    check_is 'case 1 (line 1): wrong answer: the count says 5 moves, but 4 follow' p1225 "$T/bad" "$in"
    # a wrong Impossible
    echo Impossible >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: says "Impossible", but 4 moves solve it' p1225 "$T/bad" "$in"
    # a truncated file
    head -c 12 "$T/good" >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: the count says 4 moves, but 2 follow' p1225 "$T/bad" "$in"
    : >"$T/bad"
    check_is 'case 1 (line 1): presentation error: the answers end before this case' p1225 "$T/bad" "$in"
    # an extra line
    { cat "$T/good"; echo done; } >"$T/bad"
    check_is 'case 1 (line 1): presentation error: extra line 6 after the last case: "done"' p1225 "$T/bad" "$in"
    # moves where there is no answer: 4 ones cannot become 8 (by hand)
    printf '1111\n0000\n0000\n0000\n1111\n1111\n0000\n0000\n' >"$T/imp"
    printf '2\n1121\n1222\n' >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: a count where the answer is "Impossible"' p1225 "$T/bad" "$T/imp"
    echo Impossible >"$T/bad"
    check_is 'case 1 (line 1): accepted' p1225 "$T/bad" "$T/imp"
    # unparseable
    printf 'four\n' >"$T/bad"
    check_is 'case 1 (line 1): presentation error: expected the number of moves, got "four"' p1225 "$T/bad" "$in"
    # a leading zero is not how a number is written (testlib refuses it)
    { echo 04; sed 1d "$T/good"; } >"$T/bad"
    check_is 'case 1 (line 1): presentation error: expected the number of moves, got "04"' p1225 "$T/bad" "$in"
}

@test "check: a fault in one case of many costs that case only" {
    local s
    for s in 1 2 3 4 5; do
        judgeref gen p1225 -S "$s"
    done >"$T/in"
    for s in 1 2 3 4 5; do
        judgeref gen p1225 -S "$s" | judgeref solve p1225 -
    done >"$T/good"
    run --separate-stderr gridbfs -r p1225 -f csv --check "$T/good" "$T/in"
    assert_success
    assert_equal "$(grep -c ',accepted,$' <<<"$output")" 5
    # case 3's answer starts on the line after cases 1 and 2's
    local n1 n2 start3
    n1=$(head -1 "$T/good")
    n2=$(sed -n "$((n1 + 2))p" "$T/good")
    start3=$((n1 + n2 + 3))
    # drop case 3's second move, change case 5's count
    awk -v s="$start3" 'NR != s + 2' "$T/good" >"$T/bad"
    run --separate-stderr gridbfs -r p1225 --check "$T/bad" "$T/in"
    assert_failure 1
    assert_line -n 0 'case 1 (line 1): accepted'
    assert_line -n 2 "case 3 (line $start3): wrong answer: the count says $(sed -n "${start3}p" "$T/good") moves, but $(($(sed -n "${start3}p" "$T/good") - 1)) follow"
    assert_line -n 3 --partial 'case 4 (line '
    assert_line -n 3 --partial '): accepted'
    assert_line -n 4 --partial '): accepted'
    assert_equal "${#lines[@]}" 5
}

@test "check: a count promises its moves: a move mistyped as a number is that case's fault, not the next case's count" {
    local in=$JUDGES/poj2965/sample.in
    judgeref solve poj2965 "$in" >"$T/one"
    # "11" for "1 1" in case 1's first move: 11 could be a count, but
    # case 1's count promises 6 moves, and case 2's fewest are 6, not 11
    { sed '2s/ //' "$T/one"; cat "$T/one"; } >"$T/bad"
    check_is "case 1 (line 1): wrong answer: move 1 \"$(sed -n '2s/ //p' "$T/one")\" on line 2 is not a move
case 2 (line 8): accepted" poj2965 "$T/bad" "$in" "$in"
    # a move dropped: the next line is case 2's count, its fewest moves,
    # so case 1's count is short and case 2 is judged from there
    { sed 3d "$T/one"; cat "$T/one"; } >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: the count says 6 moves, but 5 follow
case 2 (line 7): accepted' poj2965 "$T/bad" "$in" "$in"
}

@test "check: POJ 2965 and POJ 1753: moves, counts and Impossible" {
    local in=$JUDGES/poj2965/sample.in
    judgeref solve poj2965 "$in" >"$T/good"
    mutate "$T/good" '3s/.*/1 5/'
    check_is 'case 1 (line 1): wrong answer: move 2 "1 5" on line 3 is not a move' poj2965 "$T/bad" "$in"
    mutate "$T/good" '3s/.*/1   3 /'   # blanks are blanks
    check_is 'case 1 (line 1): accepted' poj2965 "$T/bad" "$in"
    # poj1753: counts only, and a puzzle with no answer (judgeref says so)
    local s imp='' sol=''
    for s in $(seq 1 60); do
        judgeref gen poj1753 -S "$s" >"$T/in.$s"
        case $(judgeref solve poj1753 "$T/in.$s") in
        Impossible) imp=${imp:-$s} ;;
        0) ;;
        *) sol=${sol:-$s} ;;
        esac
    done
    [ -n "$imp" ] && [ -n "$sol" ]
    local n
    n=$(judgeref solve poj1753 "$T/in.$sol")
    echo "$n" >"$T/a"
    check_is 'case 1 (line 1): accepted' poj1753 "$T/a" "$T/in.$sol"
    echo $((n + 1)) >"$T/a"
    check_is "case 1 (line 1): wrong answer: not optimal: $((n + 1)) moves, the fewest is $n" poj1753 "$T/a" "$T/in.$sol"
    echo $((n - 1)) >"$T/a"
    check_is "case 1 (line 1): wrong answer: $((n - 1)) moves is fewer than the fewest, $n" poj1753 "$T/a" "$T/in.$sol"
    echo 3 >"$T/a"
    check_is 'case 1 (line 1): wrong answer: a count where the answer is "Impossible"' poj1753 "$T/a" "$T/in.$imp"
    echo Impossible >"$T/a"
    check_is 'case 1 (line 1): accepted' poj1753 "$T/a" "$T/in.$imp"
}

@test "check: POJ 1222 and POJ 3279, exact judges: the matrix must be the judge's" {
    local in=$JUDGES/poj1222/sample.in
    # case 2's matrix (lines 8-12), one entry changed; blanks do not matter
    mutate "$JUDGES/poj1222/sample.out" '9s/^1 1 0 0 0 0$/1 1 0 0 0 1/; 3s/ /   /g'
    check_is 'case 1 (line 1): accepted
case 2 (line 7): wrong answer: line 9: expected "1 1 0 0 0 0", got "1 1 0 0 0 1"' poj1222 "$T/bad" "$in"
    mutate "$JUDGES/poj1222/sample.out" '7s/#2/#3/'
    check_is 'case 1 (line 1): accepted
case 2 (line 7): presentation error: expected "PUZZLE #2", got "PUZZLE #3"' poj1222 "$T/bad" "$in"
    # a wrong or a missing PUZZLE line costs its case only
    judgeref gen poj1222 -n 3 -S 4 >"$T/in3"
    judgeref solve poj1222 "$T/in3" >"$T/ans3"
    mutate "$T/ans3" '7s/#2/#3/'
    check_is 'case 1 (line 1): accepted
case 2 (line 7): presentation error: expected "PUZZLE #2", got "PUZZLE #3"
case 3 (line 13): accepted' poj1222 "$T/bad" "$T/in3"
    mutate "$T/ans3" '7d'
    run --separate-stderr gridbfs -r poj1222 --check "$T/bad" "$T/in3"
    assert_line -n 1 --partial 'case 2 (line 7): presentation error: expected "PUZZLE #2", got "'
    assert_line -n 2 'case 3 (line 12): accepted'
    # truncated inside case 2
    head -n 10 "$JUDGES/poj1222/sample.out" >"$T/bad"
    check_is 'case 1 (line 1): accepted
case 2 (line 7): presentation error: the answer ends after 3 of its 5 lines' poj1222 "$T/bad" "$in"
    # poj3279: another matrix of the fewest presses is not the least one
    in=$JUDGES/poj3279/sample.in
    printf '0 1 1 0\n1 0 0 1\n1 0 0 1\n0 1 1 0\n' >"$T/bad" # 8 presses, not 4
    check_is 'case 1 (line 1): wrong answer: line 1: expected "0 0 0 0", got "0 1 1 0"' poj3279 "$T/bad" "$in"
    echo IMPOSSIBLE >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: says "IMPOSSIBLE", but 4 moves solve it' poj3279 "$T/bad" "$in"
    local s
    for s in $(seq 1 80); do
        judgeref gen poj3279 -S "$s" -s 4x4 >"$T/in"
        [ "$(judgeref solve poj3279 "$T/in")" = IMPOSSIBLE ] && break
    done
    printf '0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n' >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: an answer where the judge'"'"'s is "IMPOSSIBLE"' poj3279 "$T/bad" "$T/in"
}

@test "check: named cases (uva10309) and templates (cerc07b)" {
    local in=$JUDGES/uva10309/sample.in
    printf 'all_off 0\nall_on -1\nsimple 5\n' >"$T/bad"
    check_is 'case 1 (line 1): accepted
case 2 (line 2): wrong answer: says "all_on -1", but 44 moves solve it
case 3 (line 3): wrong answer: not optimal: 5 moves, the fewest is 4' uva10309 "$T/bad" "$in"
    printf 'all_off 0\nall_off 44\nsimple 4\n' >"$T/bad"
    check_is 'case 1 (line 1): accepted
case 2 (line 2): presentation error: expected the number of moves, got "all_off 44"
case 3 (line 3): accepted' uva10309 "$T/bad" "$in"
    # a name of any bytes, \001 too (the byte that once marked where the
    # count goes): an all-off board, 0 presses, as the judge writes it
    { printf 'a\001b\n'; printf '##########\n%.0s' $(seq 10); echo end; } >"$T/named.in"
    printf 'a\001b 0\n' >"$T/named.out"
    check_is 'case 1 (line 1): accepted' uva10309 "$T/named.out" "$T/named.in"
    in=$JUDGES/cerc07b/sample.in
    mutate "$JUDGES/cerc07b/sample.out" '1s/5/6/; 2s/.*/You have to tap 3 tiles./; 4s/.*/Damaged billboard./'
    check_is 'case 1 (line 1): wrong answer: not optimal: 6 moves, the fewest is 5
case 2 (line 2): wrong answer: a count where the answer is "Damaged billboard."
case 3 (line 3): accepted
case 4 (line 4): wrong answer: says "Damaged billboard.", but 2 moves solve it
case 5 (line 5): accepted' cerc07b "$T/bad" "$in"
    # missing lines: the cases the answers do not reach
    head -n 2 "$JUDGES/cerc07b/sample.out" >"$T/bad"
    run --separate-stderr gridbfs -r cerc07b --check "$T/bad" "$in"
    assert_failure 1
    assert_line -n 2 'case 3 (line 3): presentation error: the answers end before this case'
    assert_equal "${#lines[@]}" 5
}

@test "check: CSV and JSON Lines carry case, line, verdict and reason" {
    local in=$JUDGES/poj1222/sample.in
    mutate "$JUDGES/poj1222/sample.out" '9s/^1 1 0 0 0 0$/1 1 0 0 0 1/'
    run --separate-stderr gridbfs -r poj1222 -f csv --check "$T/bad" "$in"
    assert_output 'case,line,verdict,reason
1,1,accepted,
2,7,wrong answer,"line 9: expected ""1 1 0 0 0 0"", got ""1 1 0 0 0 1"""'
    run --separate-stderr gridbfs -r poj1222 -f csv --no-header --check "$T/bad" "$in"
    assert_line -n 0 '1,1,accepted,'
    run --separate-stderr gridbfs -r poj1222 -f jsonl --check "$T/bad" "$in"
    assert_output '{"case":1,"line":1,"verdict":"accepted","reason":null}
{"case":2,"line":7,"verdict":"wrong answer","reason":"line 9: expected \"1 1 0 0 0 0\", got \"1 1 0 0 0 1\""}'
}

@test "check: verdicts arrive while the answers are still coming (a coprocess)" {
    # Two Flip Game puzzles of 4 moves each (README's first example); the
    # contestant's answers come one at a time through a pipe: the header
    # and each verdict must come out before the next answer is written,
    # not at the end of input.
    local pid out line rc
    printf 'bwwb/bbwb/bwwb/bwww\nbwwb/bbwb/bwwb/bwww\n' >"$T/two.in"
    coproc GB { gridbfs -f csv --check - "$T/two.in"; }
    pid=$GB_PID # bash unsets GB_PID once the coprocess has ended
    exec {out}<&"${GB[0]}"
    # the timeouts guard against a hang, nothing is timed
    read -r -t 30 line <&"$out" || fail "the header held back"
    assert_equal "$line" 'case,line,verdict,reason'
    echo 4 >&"${GB[1]}"
    read -r -t 30 line <&"$out" || fail "case 1's verdict held back"
    assert_equal "$line" '1,1,accepted,'
    echo 5 >&"${GB[1]}"
    exec {GB[1]}>&-
    read -r -t 30 line <&"$out" || fail "case 2's verdict missing"
    assert_equal "$line" '2,2,wrong answer,"not optimal: 5 moves, the fewest is 4"'
    exec {out}<&-
    rc=0
    wait "$pid" || rc=$?
    assert_equal "$rc" 1
}

@test "check: hostile answers: binary junk, a huge line, no final newline, CRLF" {
    local in=$JUDGES/p1225/sample.in
    judgeref solve p1225 "$in" >"$T/good"
    # junk of every byte value (a fixed seed), in place of the answer
    awk 'BEGIN { srand(7); for (i = 0; i < 200000; i++) printf "%c", int(rand() * 256) }' >"$T/junk"
    run --separate-stderr gridbfs -r p1225 --check "$T/junk" "$in"
    assert_failure 1
    assert_equal "${#lines[@]}" 1
    assert_output --regexp '^case 1 \(line 1\): (presentation error|wrong answer): '
    # a line longer than limits.max_line, then the answer
    { head -c 300000 /dev/zero | tr '\0' 7; echo; cat "$T/good"; } >"$T/bad"
    check_is 'case 1 (line 1): presentation error: expected the number of moves, got a line of more than 65536 bytes' p1225 "$T/bad" "$in"
    # a huge line where a move or a matrix line is due: a presentation
    # error too (README, "Checking answers"), not a move that is none
    { head -n 2 "$JUDGES/poj2965/sample.out"; head -c 300000 /dev/zero | tr '\0' 7; echo; sed 1,3d "$JUDGES/poj2965/sample.out"; } >"$T/bad"
    check_is 'case 1 (line 1): presentation error: move 2 on line 3: a line of more than 65536 bytes' poj2965 "$T/bad" "$JUDGES/poj2965/sample.in"
    { head -n 8 "$JUDGES/poj1222/sample.out"; head -c 300000 /dev/zero | tr '\0' 1; echo; sed 1,9d "$JUDGES/poj1222/sample.out"; } >"$T/bad"
    check_is 'case 1 (line 1): accepted
case 2 (line 7): presentation error: line 9: a line of more than 65536 bytes' poj1222 "$T/bad" "$JUDGES/poj1222/sample.in"
    # no final newline, CRLF line ends, blank lines: accepted
    printf '%s' "$(cat "$T/good")" >"$T/bad"
    check_is 'case 1 (line 1): accepted' p1225 "$T/bad" "$in"
    { echo; sed 's/$/\r/' "$T/good"; echo; } >"$T/bad"
    check_is 'case 1 (line 2): accepted' p1225 "$T/bad" "$in"
    # a count of 2^64 - 1 moves is read, not allocated
    { echo 18446744073709551615; sed 1d "$T/good"; } >"$T/bad"
    check_is 'case 1 (line 1): wrong answer: the count says 18446744073709551615 moves, but 4 follow' p1225 "$T/bad" "$in"
}

@test "check: exit statuses and messages" {
    local in=$JUDGES/p1225/sample.in
    run --separate-stderr gridbfs -r p1225 --check "$T/none" "$in"
    assert_failure 2
    assert_equal "$stderr" "gridbfs: $T/none: No such file or directory"
    run --separate-stderr gridbfs -r p1225 --check - <"$in"
    assert_failure 2
    assert_equal "$stderr" 'gridbfs: --check -: the answers and the puzzles cannot both be standard input'
    # the answers on standard input
    judgeref solve p1225 "$in" | {
        run --separate-stderr gridbfs -r p1225 --check - "$in"
        assert_success
        assert_output 'case 1 (line 1): accepted'
    }
    # a bad puzzle: said on stderr, its case "fail", exit 1
    printf '1111\n0000\n1110\n0010\n1010\n0101\n1010\n0102\n' >"$T/in"
    printf '0\n' >"$T/a"
    run --separate-stderr gridbfs -r p1225 --check "$T/a" "$T/in"
    assert_failure 1
    assert_output --partial 'case 1 (line 1): fail: the puzzle cannot be judged: '
    assert_equal "${#stderr_lines[@]}" 1
    assert_equal "${stderr_lines[0]%%: row*}" "gridbfs: $T/in:8"
}

# A contest system runs one executable with exactly its arguments: the
# wrapper script that fixes the profile, as the README gives it.
make_wrapper() {
    printf '#!/bin/sh\nexec "%s" -r %s --%s "$@"\n' "$GRIDBFS" "$2" "$3" >"$1"
    chmod +x "$1"
}

@test "check: testlib convention: exit 0/1/2/3 and the one comment line" {
    local in=$JUDGES/p1225/sample.in
    make_wrapper "$T/check" p1225 testlib
    judgeref solve p1225 "$in" >"$T/jury"
    mutate "$T/jury" '3s/.*/1324/'
    cp "$T/bad" "$T/wrong"
    echo four >"$T/pe"
    pathsref p1225 "$in" 5 "$T" 3 >/dev/null
    run --separate-stderr "$T/check" "$in" "$T/3.out" "$T/jury"
    assert_success
    assert_equal "$stderr" 'ok 1 case'
    run --separate-stderr "$T/check" "$in" "$T/wrong" "$T/jury"
    assert_failure 1
    assert_equal "$stderr" 'wrong answer case 1 (line 1): move 2 "1324" on line 3 is not a move'
    run --separate-stderr "$T/check" "$in" "$T/pe" "$T/jury" "$T/result"
    assert_failure 2
    assert_equal "$stderr" 'wrong output format case 1 (line 1): expected the number of moves, got "four"'
    assert_equal "$(cat "$T/result")" "$stderr"
    # the jury's answer not optimal: the checker's failure
    { echo 6; sed 1d "$T/jury"; sed -n '2p;2p' "$T/jury"; } >"$T/badjury"
    run --separate-stderr "$T/check" "$in" "$T/3.out" "$T/badjury"
    assert_failure 3
    assert_equal "$stderr" "FAIL the jury's answer, case 1 (line 1): wrong answer: not optimal: 6 moves, the fewest is 4"
    run --separate-stderr "$T/check" "$in" "$T/3.out"
    assert_failure 3
    # a multi-case judge: poj1222, the wrong case named
    make_wrapper "$T/check1222" poj1222 testlib
    judgeref gen poj1222 -n 20 -S 9 >"$T/in1222"
    judgeref solve poj1222 "$T/in1222" >"$T/jury1222"
    mutate "$T/jury1222" '40s/0/2/'
    run --separate-stderr "$T/check1222" "$T/in1222" "$T/bad" "$T/jury1222"
    assert_failure 1
    assert_equal "${stderr%%:*}" 'wrong answer case 7 (line 37)'
}

@test "check: testlib's own arguments after --testlib: -appes and names with a leading '-' are files, never options" {
    local in=$JUDGES/p1225/sample.in
    make_wrapper "$T/check" p1225 testlib
    judgeref solve p1225 "$in" >"$T/jury"
    pathsref p1225 "$in" 5 "$T" 3 >/dev/null
    run --separate-stderr "$T/check" "$in" "$T/3.out" "$T/jury" "$T/result" -appes
    assert_success
    assert_equal "$(cat "$T/result")" 'ok 1 case'
    cp "$T/3.out" "$T/-p"
    run --separate-stderr sh -c 'cd "$1" && ./check "$2" -p jury' sh "$T" "$in"
    assert_success
    assert_equal "$stderr" 'ok 1 case'
    # the checker's own trouble is testlib's FAIL (3), never the
    # contestant's presentation error (2): an unknown option before
    # --testlib, two modes, too many files
    run --separate-stderr gridbfs -r p1225 --bogus --testlib "$in" "$T/3.out" "$T/jury"
    assert_failure 3
    assert_equal "${stderr_lines[0]}" "gridbfs: unrecognized option '--bogus'"
    run --separate-stderr gridbfs -r p1225 --check "$T/3.out" --testlib "$in" "$T/3.out" "$T/jury"
    assert_failure 3
    assert_regex "$stderr" 'modes of their own: give one'
    run --separate-stderr "$T/check" "$in" "$T/3.out" "$T/jury" "$T/result" -appes extra
    assert_failure 3
    # a fifth argument is testlib's flag (as testlib takes it, either
    # case), never anything else
    run --separate-stderr "$T/check" "$in" "$T/3.out" "$T/jury" "$T/result" -APPES
    assert_success
    run --separate-stderr "$T/check" "$in" "$T/3.out" "$T/jury" "$T/result" extra
    assert_failure 3
    assert_equal "$stderr" 'gridbfs: --testlib: expected INPUT OUTPUT ANSWER [RESULT [-appes]]'
}

@test "check: an empty file or folder name is refused, never taken for '/'" {
    local in=$JUDGES/poj1753/sample.in
    cp "$JUDGES/poj1753/sample.out" "$T/ans"
    # FEEDBACK_DIR "" would have made the feedback file /judgemessage.txt
    run -2 --separate-stderr gridbfs --kattis "$in" "$T/ans" "" <"$T/ans"
    assert_equal "$stderr" 'gridbfs: --kattis: FEEDBACK_DIR: empty name'
    run -2 --separate-stderr gridbfs --kattis "" "$T/ans" "$T" <"$T/ans"
    assert_equal "$stderr" 'gridbfs: --kattis: INPUT: empty name'
    # testlib: its FAIL, 3
    run -3 --separate-stderr gridbfs --testlib "$in" "$T/ans" "$T/ans" ""
    assert_equal "$stderr" 'gridbfs: --testlib: RESULT: empty name'
    run -3 --separate-stderr gridbfs --testlib "$in" "" "$T/ans"
    assert_equal "$stderr" 'gridbfs: --testlib: OUTPUT: empty name'
}

@test "check: Kattis convention: exit 42/43 and judgemessage.txt" {
    local in=$JUDGES/poj2965/sample.in
    make_wrapper "$T/validate" poj2965 kattis
    mkdir "$T/feedback"
    judgeref solve poj2965 "$in" >"$T/ans"
    pathsref poj2965 "$in" 3 "$T" 5 >/dev/null
    run --separate-stderr "$T/validate" "$in" "$T/ans" "$T/feedback/" case_sensitive space_change_sensitive <"$T/2.out"
    assert_failure 42
    assert_equal "$(cat "$T/feedback/judgemessage.txt")" 'accepted: 1 case'
    mutate "$T/ans" '$d'
    run --separate-stderr "$T/validate" "$in" "$T/ans" "$T/feedback" <"$T/bad"
    assert_failure 43
    assert_equal "$(cat "$T/feedback/judgemessage.txt")" 'case 1 (line 1): wrong answer: the count says 6 moves, but 5 follow'
    # the judge's answer wrong: not a verdict, a judge error
    run --separate-stderr "$T/validate" "$in" "$T/bad" "$T/feedback" <"$T/2.out"
    assert_failure 2
    assert_equal "$(cat "$T/feedback/judgemessage.txt")" "judge error: the jury's answer, case 1 (line 1): wrong answer: the count says 6 moves, but 5 follow"
    run --separate-stderr "$T/validate" "$in" "$T/ans" <"$T/2.out"
    assert_failure 2
}

@test "check: a file of no case: output is a presentation error under every convention, blamed on its file" {
    make_wrapper "$T/check" poj1222 testlib
    make_wrapper "$T/validate" poj1222 kattis
    mkdir "$T/fb"
    echo 0 >"$T/zero.in"
    : >"$T/empty"
    echo garbage >"$T/garbage"
    run --separate-stderr gridbfs -r poj1222 --check "$T/garbage" "$T/zero.in"
    assert_failure 1
    assert_equal "$stderr" "gridbfs: $T/garbage:1: an answer to no puzzle"
    run --separate-stderr "$T/check" "$T/zero.in" "$T/garbage" "$T/empty"
    assert_failure 2
    assert_equal "$stderr" "wrong output format $T/garbage:1: an answer to no puzzle"
    run --separate-stderr "$T/validate" "$T/zero.in" "$T/empty" "$T/fb" <"$T/garbage"
    assert_failure 43
    assert_equal "$(cat "$T/fb/judgemessage.txt")" "presentation error: <stdin>:1: an answer to no puzzle"
    # the jury's answer with the extra line: the jury's, not the input's
    run --separate-stderr "$T/check" "$T/zero.in" "$T/empty" "$T/garbage"
    assert_failure 3
    assert_equal "$stderr" "FAIL the jury's answer: $T/garbage:1: an answer to no puzzle"
    run --separate-stderr "$T/check" "$T/zero.in" "$T/empty" "$T/empty"
    assert_success
    assert_equal "$stderr" "ok 0 cases"
}

@test "check: a FAIL from a fault of the input names its file and line" {
    make_wrapper "$T/check" cerc07b testlib
    local out=$JUDGES/cerc07b/sample.out
    { cat "$JUDGES/cerc07b/sample.in"; echo garbage; } >"$T/garb.in"
    local n=$(wc -l <"$T/garb.in")
    run --separate-stderr "$T/check" "$T/garb.in" "$out" "$out"
    assert_failure 3
    assert_equal "$stderr" "FAIL the input file: $T/garb.in:$n: text after the end line '0 0'"
    sed 9d "$JUDGES/cerc07b/sample.in" >"$T/short.in" # map 2 a row short
    run --separate-stderr "$T/check" "$T/short.in" "$out" "$out"
    assert_failure 3
    assert_equal "$stderr" "FAIL the jury's answer, case 2 (line 2): fail: the puzzle cannot be judged: $T/short.in:8: missing rows: the case has 4 of 5"
}

@test "check: a count below the optimum is a wrong answer from the contestant, the checker's failure from the jury" {
    # the judge's sample output says the first map needs 5 taps
    make_wrapper "$T/check" cerc07b testlib
    local in=$JUDGES/cerc07b/sample.in out=$JUDGES/cerc07b/sample.out
    sed '1s/5/4/' "$out" >"$T/better"
    run --separate-stderr "$T/check" "$in" "$T/better" "$out"
    assert_failure 1
    assert_equal "$stderr" "wrong answer case 1 (line 1): 4 moves is fewer than the fewest, 5"
    run --separate-stderr "$T/check" "$in" "$out" "$T/better"
    assert_failure 3
    assert_equal "$stderr" "FAIL the jury's answer, case 1 (line 1): wrong answer: 4 moves is fewer than the fewest, 5"
}

@test "check: moves on a board past 64 cells are replayed (10x10, path printed)" {
    # presses (1,1) and (10,10) light their cells and neighbours; worked by
    # hand: those two presses, in either order, are the fewest
    printf 'rules:\n  big: {plugin: flip-neighbors, size: 10x10, goal: off, cells: "10", path: true}\n' >"$T/c.yaml"
    {
        echo 1100000000
        echo 1000000000
        for _ in 1 2 3 4 5 6; do echo 0000000000; done
        echo 0000000001
        echo 0000000011
    } >"$T/big.in"
    printf '2\n1 1\n10 10\n' >"$T/right"
    printf '2\n10 10\n1 1\n' >"$T/other"
    printf '2\n1 1\n10 9\n' >"$T/wrong"
    run --separate-stderr gridbfs -c "$T/c.yaml" -r big --check "$T/right" "$T/big.in"
    assert_success
    assert_output --regexp ': accepted$'
    run --separate-stderr gridbfs -c "$T/c.yaml" -r big --check "$T/other" "$T/big.in"
    assert_success
    run -1 --separate-stderr gridbfs -c "$T/c.yaml" -r big --check "$T/wrong" "$T/big.in"
    assert_output --regexp 'wrong answer: the moves do not reach the goal$'
}
