#!/usr/bin/env bats
# The judge layouts: `gridbfs -r PROFILE FILE` reads an online judge's own
# input file as it is and prints the judge's expected output byte for byte.
#   - each judge's samples (tests/judges/PROFILE/sample*.in and .out, the
#     judges' own bytes, never edited) through gridbfs, one test a profile,
#     from a file and from standard input; p1225 accepts any shortest swap
#     list, so its answer is replayed by `judgeref check`;
#   - the reference (tests/ref/judgeref.c, no gridbfs code) reproduces every
#     sample, passes its self-test, and its checker refuses wrong answers;
#   - `judgeref gen` files are laid out as the samples are (the same line
#     shapes), and gridbfs answers them as `judgeref solve` does: thousands
#     of cases for the multi-case layouts (at the default -j and -j 4), 50
#     seeds for the single-case ones;
#   - several files on one command line are several judge inputs: each has
#     its own count line or terminator, and POJ 1222's PUZZLE numbering
#     starts again at 1 in each.
bats_require_minimum_version 1.5.0

load test_helper/common

setup() {
    T=$BATS_TEST_TMPDIR
    JUDGES=$BATS_TEST_DIRNAME/judges
}

# The profiles, by how many cases one judge file holds.
MULTI="poj1222 acwing95 flipfive cerc07b uva10309"
SINGLE="poj1753 timus1060 timus1122 poj3279 bailian2811 poj3185 poj2965 p1225 chessboard bzoj3517"
# Held to references of their own rather than judgeref: hdu5755 to
# klightsref (tests/colours.bats answers its random files), and the
# sliding-tile judges to slideref (tests/slide.bats holds them to it on
# random boards).
OWN_REF="hdu5755"
SLIDE="poj1077 hdu1043 p1379 leetcode773"

# same_bytes WANT GOT WHAT: the files are the same bytes; else say where
# they part and show the first differing lines.
same_bytes() {
    if cmp -s "$1" "$2"; then
        return 0
    fi
    echo "$3: expected $(wc -c <"$1") bytes, got $(wc -c <"$2"):" \
        "$(cmp "$1" "$2" 2>&1)"
    diff "$1" "$2" | head -20
    return 1
}

# answer_is PROFILE INPUT GOT WHAT: GOT is the judge's answer to INPUT, as
# judgeref solves it (p1225: any shortest swap list, checked).
answer_is() {
    local p=$1 in=$2 got=$3
    if [ "$p" = p1225 ]; then
        run judgeref check p1225 "$in" "$got"
        assert_success
    else
        judgeref solve "$p" "$in" >"$T/want"
        same_bytes "$T/want" "$got" "$4"
    fi
}

# judge_sample PROFILE: gridbfs -r PROFILE answers each of the judge's
# samples as the judge does, given the file by name and on standard input.
judge_sample() {
    local p=$1 in out
    for in in "$JUDGES/$p"/sample*.in; do
        out=${in%.in}.out
        run gridbfs_to "$T/got" -r "$p" "$in"
        assert_success
        run gridbfs_to "$T/got.stdin" -r "$p" <"$in"
        assert_success
        if [ "$p" = p1225 ]; then
            run judgeref check p1225 "$in" "$T/got"
            assert_success
            run judgeref check p1225 "$in" "$T/got.stdin"
            assert_success
        else
            same_bytes "$out" "$T/got" "$p $(basename "$in")"
            same_bytes "$out" "$T/got.stdin" "$p $(basename "$in") on stdin"
        fi
    done
}

# random_cases PROFILE CASES SEED [GRIDBFS OPTION...]: a judge file of CASES
# random cases, answered by gridbfs (at the default -j, then with each
# option given) as by judgeref.
random_cases() {
    local p=$1 n=$2 seed=$3
    shift 3
    judgeref gen "$p" -n "$n" -S "$seed" >"$T/in"
    judgeref solve "$p" "$T/in" >"$T/want"
    run gridbfs_to "$T/got" -r "$p" "$T/in"
    assert_success
    same_bytes "$T/want" "$T/got" "$p, $n cases, seed $seed"
    local opt
    for opt in "$@"; do
        run gridbfs_to "$T/got" -r "$p" $opt "$T/in"
        assert_success
        same_bytes "$T/want" "$T/got" "$p, $n cases, seed $seed, $opt"
    done
}

# random_files PROFILE COUNT [GEN OPTION...]: COUNT single-case judge files,
# seeds 1..COUNT, each answered by gridbfs as by judgeref.
random_files() {
    local p=$1 count=$2 seed
    shift 2
    for seed in $(seq 1 "$count"); do
        judgeref gen "$p" -S "$seed" "$@" >"$T/in"
        run gridbfs_to "$T/got" -r "$p" "$T/in"
        assert_success
        answer_is "$p" "$T/in" "$T/got" "$p seed $seed $*"
    done
}

# shape PROFILE FILE: FILE's lines, a letter each, by what they are in
# PROFILE's layout: c a count, s a size line, w a name, r a board row, p a
# row of timus1122's press pattern, e the end line, b a blank line, ? any
# other; then a last ! when the file does not end with a newline.
shape() {
    awk -v p="$1" '
    # row(s, re, n, spaced): s is n cells (0: any number), each matching
    # re, side by side, or with spaced one space between them
    function row(s, re, n, spaced,   t) {
        t = s
        if (spaced) {
            if (s !~ /^[^ ]( [^ ])*$/) return 0
            gsub(" ", "", t)
        }
        return t ~ ("^" re "+$") && (n == 0 || length(t) == n)
    }
    function kind(s) {
        if (s == "") return "b"
        if (p ~ /^(poj1753|timus1060)$/) return row(s, "[bw]", 4) ? "r" : "?"
        if (p == "timus1122") return row(s, "[BW]", 4) ? "r" : row(s, "[01]", 3) ? "p" : "?"
        if (p == "poj3279") return s ~ /^[0-9]+ [0-9]+$/ ? "s" : row(s, "[01]", 0, 1) ? "r" : "?"
        if (p ~ /^(poj1222|bailian2811)$/) return s ~ /^[0-9]+$/ ? "c" : row(s, "[01]", 6, 1) ? "r" : "?"
        if (p == "poj2965") return row(s, "[-+]", 4) ? "r" : "?"
        if (p == "bzoj3517") return NR == 1 ? (s ~ /^[0-9]+$/ ? "s" : "?") : row(s, "[01]", 0) ? "r" : "?"
        if (p ~ /^(p1225|chessboard)$/) return row(s, "[01]", 4) ? "r" : "?"
        if (p == "uva10309") return s == "end" ? "e" : row(s, "[#O]", 10) ? "r" : s ~ /^[^ \t\r]+$/ ? "w" : "?"
        if (p == "poj3185") return row(s, "[01]", 20, 1) ? "r" : "?"
        if (p == "cerc07b") return s == "0 0" ? "e" : s ~ /^[0-9]+ [0-9]+$/ ? "s" : row(s, "[X.]", 0) ? "r" : "?"
        if (p == "flipfive") return s ~ /^[0-9]+$/ ? "c" : row(s, "[*.]", 3) ? "r" : "?"
        if (p == "acwing95") return row(s, "[01]", 5) ? "r" : s ~ /^[0-9]+$/ ? "c" : "?"
        return "?"
    }
    { printf "%s", kind($0) }' "$2"
    [ -z "$(tail -c 1 "$2")" ] || printf '!'
}

# layout_of PROFILE: the shapes PROFILE's judge files have, as an extended
# regular expression.
layout_of() {
    case $1 in
    poj1753 | timus1060 | poj2965) echo '^r{4}$' ;;
    timus1122) echo '^r{4}p{3}$' ;;
    poj3279 | bzoj3517) echo '^sr+$' ;;
    poj1222) echo '^c(r{5})*$' ;;
    bailian2811) echo '^r{5}$' ;;
    p1225) echo '^r{8}$' ;;
    chessboard) echo '^r{4}br{4}$' ;;
    uva10309) echo '^(wr{10})*e$' ;;
    poj3185) echo '^r$' ;;
    cerc07b) echo '^(sr+b)*e$' ;;
    flipfive) echo '^c(r{3})*$' ;;
    acwing95) echo '^c(r{5}(br{5})*)?$' ;;
    esac
}

# ---- the judges' samples through gridbfs, one test a profile -----------

@test "every judge in tests/judges has its sample test here" {
    local d listed
    for d in "$JUDGES"/*/; do
        d=$(basename "$d")
        listed=no
        grep -q "^@test \"$d: gridbfs answers the judge's sample" \
            "$BATS_TEST_FILENAME" && listed=yes
        [ $listed = yes ] || fail "tests/judges/$d has no sample test in judges.bats"
        [[ " $MULTI $SINGLE $OWN_REF $SLIDE " == *" $d "* ]] ||
            fail "tests/judges/$d is in none of MULTI, SINGLE, OWN_REF and SLIDE"
    done
}

@test "poj1753: gridbfs answers the judge's sample byte for byte" {
    judge_sample poj1753
}

@test "bzoj3517: gridbfs answers the judge's sample byte for byte" {
    judge_sample bzoj3517
}

@test "timus1060: gridbfs answers the judge's sample byte for byte" {
    judge_sample timus1060
}

@test "timus1122: gridbfs answers the judge's sample byte for byte" {
    judge_sample timus1122
}

@test "poj3279: gridbfs answers the judge's sample byte for byte" {
    judge_sample poj3279
}

@test "poj1222: gridbfs answers the judge's sample byte for byte" {
    judge_sample poj1222
}

@test "bailian2811: gridbfs answers the judge's sample byte for byte" {
    judge_sample bailian2811
}

@test "poj2965: gridbfs answers the judge's sample byte for byte" {
    judge_sample poj2965
}

@test "p1225: gridbfs answers the judge's sample (a shortest swap list, replayed)" {
    judge_sample p1225
}

@test "chessboard: gridbfs answers the judge's sample byte for byte" {
    judge_sample chessboard
}

@test "uva10309: gridbfs answers the judge's sample byte for byte" {
    judge_sample uva10309
}

@test "poj3185: gridbfs answers the judge's sample byte for byte" {
    judge_sample poj3185
}

@test "cerc07b: gridbfs answers the judge's sample byte for byte" {
    judge_sample cerc07b
}

@test "flipfive: gridbfs answers the judge's sample byte for byte" {
    judge_sample flipfive
}

@test "acwing95: gridbfs answers the judge's sample byte for byte" {
    judge_sample acwing95
}

@test "hdu5755: gridbfs answers the judge's sample byte for byte" {
    judge_sample hdu5755
}

# POJ 1077 and HDU 1043 accept any shortest path; gridbfs prints the first
# in the order u < d < l < r, which is the samples' own, so the bytes are
# the sample's; slideref check holds the path to the judge's rule too.
@test "poj1077: gridbfs answers the judge's sample byte for byte" {
    judge_sample poj1077
    run -0 slideref check poj1077 "$JUDGES/poj1077/sample.in" "$T/got"
}

@test "hdu1043: gridbfs answers the judge's sample byte for byte" {
    judge_sample hdu1043
    run -0 slideref check hdu1043 "$JUDGES/hdu1043/sample.in" "$T/got"
}

@test "p1379: gridbfs answers the judge's sample byte for byte" {
    judge_sample p1379
}

@test "leetcode773: gridbfs answers the judge's sample byte for byte" {
    judge_sample leetcode773
}

# ---- the reference -----------------------------------------------------

@test "judgeref reproduces every judge's own sample output" {
    local in out p bad=
    for in in "$JUDGES"/*/sample*.in; do
        out=${in%.in}.out
        p=$(basename "$(dirname "$in")")
        if [ "$p" = hdu5755 ]; then # its own reference, and special judge
            klightsref solve -p "$in" >"$T/ref" &&
                cmp -s "$out" "$T/ref" || bad+=" $p(klightsref solve)"
            klightsref check "$in" "$out" || bad+=" $p(klightsref check)"
        elif [[ " $SLIDE " == *" $p "* ]]; then
            # slideref's, not judgeref's (refs.bats holds it to these too)
            slideref solve "$p" "$in" >"$T/ref" &&
                cmp -s "$out" "$T/ref" || bad+=" $p/$(basename "$in")(slideref)"
        elif [ "$p" = p1225 ]; then
            # the judge's own list passes the check, and so does judgeref's
            judgeref check p1225 "$in" "$out" || bad+=" $p(check of the sample)"
            judgeref solve p1225 "$in" >"$T/ref" || bad+=" $p(solve)"
            judgeref check p1225 "$in" "$T/ref" || bad+=" $p(check of solve)"
        else
            judgeref solve "$p" "$in" >"$T/ref" &&
                cmp -s "$out" "$T/ref" || bad+=" $p/$(basename "$in")"
        fi
    done
    [ -z "$bad" ] || fail "judgeref does not reproduce:$bad"
}

@test "judgeref selftest: table, chase, BFS and closed forms agree" {
    run judgeref selftest
    assert_success
    assert_output --regexp '^selftest: [0-9]+ checks, 0 failed$'
}

@test "judgeref check p1225 refuses wrong answers, each with a message" {
    local in=$JUDGES/p1225/sample.in
    # (the sample is 4 swaps: 1222 1424 3242 4344)
    bad_answer() {
        printf "$1" >"$T/out"
        run -1 judgeref check p1225 "$in" "$T/out"
        assert_output --partial "$2"
    }
    bad_answer '' 'expected the number of swaps'
    bad_answer '5\n1222\n1424\n3242\n4344\n1222\n' 'the fewest is 4'
    bad_answer '3\n1222\n1424\n3242\n' 'the fewest is 4'
    bad_answer '4\n1222\n1424\n3242\n' 'expected swap 4 of 4'
    bad_answer '4\n1222\n1424\n3242\n4344\n4344\n' 'text after the last swap'
    bad_answer '4\n1222\n1424\n3242\n1213\n' 'do not reach the target'
    bad_answer '4\n1222\n1424\n3242\n4345\n' 'four digits'
    bad_answer '4\n1222\n1424\n3242\n4433\n' 'do not share an edge'
    bad_answer '4\n1222\n1424\n3242\n4344' 'four digits'
    bad_answer '4\r\n1222\r\n1424\r\n3242\r\n4344\r\n' 'expected the number'
    bad_answer '04\n1222\n1424\n3242\n4344\n' 'expected the number'
    # any order of the same swaps that keeps them legal is accepted
    printf '4\n4344\n3242\n1424\n1222\n' >"$T/out"
    run judgeref check p1225 "$in" "$T/out"
    assert_success
}

@test "judgeref solve refuses what is not the judge's layout, exit 2 with FILE:LINE" {
    printf '2\n0 1 1 0 1 0\n' >"$T/in"
    run -2 judgeref solve poj1222 "$T/in"
    assert_output --partial "$T/in:2: the file ends before row 2"
    printf 'bwwb\nbbwb\nbwxb\nbwww\n' >"$T/in"
    run -2 judgeref solve poj1753 "$T/in"
    assert_output --partial "$T/in:3: cell 'x'"
    printf '1 5\n...XX\n\n' >"$T/in"
    run -2 judgeref solve cerc07b "$T/in"
    assert_output --partial 'the file ends where 2 numbers should be'
    printf 'a\n' >"$T/in"
    run -2 judgeref solve uva10309 "$T/in"
    run -2 judgeref solve nosuchjudge "$T/in"
    run -2 judgeref gen poj1222 -s 5x6
    run -2 judgeref gen bailian2811 -n 3
}

# ---- judgeref gen: the judges' layouts ---------------------------------

@test "judgeref gen writes each judge's layout: the line shapes of its sample, a newline at the end" {
    local p re seed s
    for p in $MULTI $SINGLE; do
        re=$(layout_of "$p")
        for s in "$JUDGES/$p"/sample*.in; do
            [[ $(shape "$p" "$s") =~ $re ]] ||
                fail "the $p sample has shape $(shape "$p" "$s"), not $re: fix the test"
        done
        for seed in 1 2 3; do
            if [[ " $MULTI " == *" $p "* ]]; then
                judgeref gen "$p" -n 5 -S "$seed" >"$T/g"
            else
                judgeref gen "$p" -S "$seed" >"$T/g"
            fi
            [[ $(shape "$p" "$T/g") =~ $re ]] ||
                fail "judgeref gen $p -S $seed has shape $(shape "$p" "$T/g"), not $re"
            judgeref solve "$p" "$T/g" >/dev/null ||
                fail "judgeref solve $p cannot read judgeref gen $p -S $seed"
        done
    done
    # the same seed gives the same bytes; the count line counts the cases
    cmp <(judgeref gen cerc07b -n 9 -S 4) <(judgeref gen cerc07b -n 9 -S 4)
    run judgeref gen poj1222 -n 17 -S 4
    assert_line --index 0 17
    [ "${#lines[@]}" -eq $((1 + 17 * 5)) ]
    run judgeref gen acwing95 -n 0
    assert_output 0
    run judgeref gen poj3279 -s 3x7 -S 2
    assert_line --index 0 '3 7'
    [ "${#lines[@]}" -eq 4 ]
    run judgeref gen cerc07b -n 30 -s 16x16
    [ "$(grep -c '^16 16$' <<<"$output")" -eq 30 ]
}

@test "judgeref gen gives a mix of answers: small ones, large ones, impossible ones" {
    judgeref gen acwing95 -n 600 >"$T/in"
    judgeref solve acwing95 "$T/in" >"$T/out"
    local k
    for k in -1 0 1 2 3 4 5 6; do
        grep -qx -- "$k" "$T/out" || fail "no acwing95 answer $k in 600 cases"
    done
    judgeref gen uva10309 -n 300 >"$T/in"
    judgeref solve uva10309 "$T/in" | awk '{ print $2 }' >"$T/out"
    awk '$1 <= 3 { small++ } $1 >= 40 { large++ }
         END { exit !(small >= 10 && large >= 10) }' "$T/out" ||
        fail "uva10309: too few small or large answers"
    judgeref gen cerc07b -n 200 >"$T/in"
    judgeref solve cerc07b "$T/in" >"$T/out"
    grep -q 'Damaged billboard' "$T/out"
    grep -q 'You have to tap 0 tiles' "$T/out"
}

# ---- gridbfs against judgeref on random judge files ---------------------

@test "poj1222: gridbfs equals judgeref on 3000 random puzzles, at the default -j and -j 4" {
    random_cases poj1222 3000 1 "-j 4"
}

@test "acwing95: gridbfs equals judgeref on 3000 random puzzles, at the default -j and -j 4" {
    random_cases acwing95 3000 2 "-j 4"
}

@test "flipfive: gridbfs equals judgeref on 3000 random puzzles, at the default -j and -j 4" {
    random_cases flipfive 3000 3 "-j 4"
}

@test "uva10309: gridbfs equals judgeref on 3000 random puzzles, at the default -j and -j 4" {
    random_cases uva10309 3000 4 "-j 4"
}

@test "cerc07b: gridbfs equals judgeref on 300 random billboards up to 16x16, at the default -j and -j 4" {
    random_cases cerc07b 300 5 "-j 4"
}

@test "cerc07b: gridbfs equals judgeref on 16x16 and one-row, one-column billboards" {
    local s
    for s in 16x16 1x16 16x1 1x1 4x4 5x5; do
        judgeref gen cerc07b -n 40 -S 6 -s "$s" >"$T/in"
        judgeref solve cerc07b "$T/in" >"$T/want"
        run gridbfs_to "$T/got" -r cerc07b -j 4 "$T/in"
        assert_success
        same_bytes "$T/want" "$T/got" "cerc07b -s $s"
    done
}

@test "poj1753: gridbfs equals judgeref on 50 random judge files, and on 2000 boards in one file" {
    random_files poj1753 50
    random_cases poj1753 2000 7 "-j 4"
}

@test "timus1060: gridbfs equals judgeref on 50 random judge files, and on 2000 boards in one file" {
    random_files timus1060 50
    random_cases timus1060 2000 8 "-j 4"
}

@test "timus1122: gridbfs equals judgeref on 50 random judge files (plus, diagonal, full and random patterns)" {
    random_files timus1122 50
}

@test "poj3279: gridbfs equals judgeref on 50 random sizes up to 15x15, and on 4x4, 5x5, 1x5, 15x15 (ties: the least matrix)" {
    random_files poj3279 50
    random_files poj3279 25 -s 4x4
    random_files poj3279 25 -s 5x5
    random_files poj3279 10 -s 1x5
    random_files poj3279 10 -s 15x15
}

@test "bailian2811: gridbfs equals judgeref on 50 random judge files" {
    random_files bailian2811 50
}

@test "poj3185: gridbfs equals judgeref on 50 random judge files" {
    random_files poj3185 50
}

@test "poj2965: gridbfs equals judgeref on 50 random judge files (the changes in row-major order)" {
    random_files poj2965 50
}

@test "p1225: gridbfs's swap lists on 50 random judge files are shortest and legal" {
    random_files p1225 50
}

@test "chessboard: gridbfs equals judgeref on 50 random judge files" {
    random_files chessboard 50
}

# (past 32x32, up to n = 1000: tests/big.bats, by the boards' making)
@test "bzoj3517: gridbfs equals judgeref on 50 random even sizes up to 32x32, and on 2x2 and 32x32" {
    random_files bzoj3517 50
    random_files bzoj3517 10 -s 2x2
    random_files bzoj3517 5 -s 32x32
}

# ---- several files on one command line ----------------------------------

@test "poj1222: several files on one command line: each has its own count line, PUZZLE numbering restarts in each" {
    judgeref gen poj1222 -n 7 -S 11 >"$T/a.in"
    judgeref gen poj1222 -n 5 -S 12 >"$T/b.in"
    {
        judgeref solve poj1222 "$T/a.in"
        judgeref solve poj1222 "$T/b.in"
        cat "$JUDGES/poj1222/sample.out"
    } >"$T/want"
    run gridbfs_to "$T/got" -r poj1222 "$T/a.in" "$T/b.in" \
        "$JUDGES/poj1222/sample.in"
    assert_success
    same_bytes "$T/want" "$T/got" "poj1222 a.in b.in sample.in"
    run grep -c '^PUZZLE #1$' "$T/got"
    assert_output 3
    run gridbfs_to "$T/got" -r poj1222 -j 4 "$T/a.in" - "$T/b.in" \
        <"$JUDGES/poj1222/sample.in"
    assert_success
    {
        judgeref solve poj1222 "$T/a.in"
        cat "$JUDGES/poj1222/sample.out"
        judgeref solve poj1222 "$T/b.in"
    } >"$T/want"
    same_bytes "$T/want" "$T/got" "poj1222 a.in - b.in"
}

@test "every other profile: several files on one command line are several judge inputs, answered one after the other" {
    local p seed files want
    for p in $MULTI $SINGLE; do
        [ "$p" = poj1222 ] && continue
        files=()
        : >"$T/want"
        for seed in 1 2 3; do
            if [[ " $MULTI " == *" $p "* ]]; then
                judgeref gen "$p" -n $((seed + 2)) -S "$seed" >"$T/$seed.in"
            else
                judgeref gen "$p" -S "$seed" >"$T/$seed.in"
            fi
            files+=("$T/$seed.in")
            judgeref solve "$p" "$T/$seed.in" >>"$T/want"
        done
        run gridbfs_to "$T/got" -r "$p" "${files[@]}"
        assert_success
        if [ "$p" = p1225 ]; then
            # one swap list a file: split the answer by its count lines
            awk -v dir="$T" 'left == 0 { f++; left = $1 + 1 }
                             { print > (dir "/got." f); left-- }' "$T/got"
            for seed in 1 2 3; do
                run judgeref check p1225 "$T/$seed.in" "$T/got.$seed"
                assert_success
            done
        else
            same_bytes "$T/want" "$T/got" "$p, three files"
        fi
    done
}
