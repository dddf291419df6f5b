#!/usr/bin/env bats
# Judge layouts (README, "Judge files"): faults in a judge's file cost the
# case they are in, never an answer for rows out of line; answer templates;
# layouts with every format, -j N and several files.  The expected answers
# are the judges' own samples (tests/judges/), cut or edited by hand, and
# boards small enough to work out by hand.
bats_require_minimum_version 1.5.0
load test_helper/common

J=$BATS_TEST_DIRNAME/judges

setup() {
    cd "$BATS_TEST_TMPDIR"
}

# ---- layouts that mark their cases: a fault costs that case alone --------

@test "cerc07b: a map with a row missing is invalid alone, the maps after it are answered" {
    sed 9d "$J/cerc07b/sample.in" >in # the second map's second row
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '2s/.*/invalid/' "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:8: missing rows: the case has 4 of 5"
}

@test "cerc07b: a row too many, and a bad size line, are invalid alone" {
    sed 3p "$J/cerc07b/sample.in" >in # the first map's second row twice
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '1s/.*/invalid/' "$J/cerc07b/sample.out")"
    # the row past the fifth is the one at fault
    assert_equal "$stderr" "gridbfs: in:7: extra rows: the case has 6, expected 5 (read by rule 'cerc07b'; no other profile reads this file)"
    sed '15s/.*/1 x/' "$J/cerc07b/sample.in" >in # the third map's "1 5"
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '3s/.*/invalid/' "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:15: expected a size line 'R C' or 'n', got '1 x'"
    sed '15s/.*/65536 5/' "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '3s/.*/invalid/' "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:15: size '65536 5' out of range (1 to 65535)"
}

@test "cerc07b: a blank line turned into a size line costs the map after it alone, and adds no result" {
    # line 7, the blank line after the first map, made '1 1': '1 1' and
    # the second map's '5 5' are two size lines with no row between, so
    # the second map (lines 7 to 13, up to its blank line) is invalid and
    # the other four keep their places; a size line with a blank line
    # after it is a map with its rows missing, a case of its own
    sed '7s/.*/1 1/' "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '2s/.*/invalid/' "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:8: a second size line, no row of the first between"
    { sed -n 1,7p "$J/cerc07b/sample.in"; printf '1 1\n\n'; sed 1,7d "$J/cerc07b/sample.in"; } >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed -n 1p "$J/cerc07b/sample.out"; echo invalid; sed 1d "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:8: missing rows: the case has 0 of 1"
}

@test "cerc07b: without its blank lines the size lines still mark the maps" {
    grep -v '^$' "$J/cerc07b/sample.in" >in
    run -0 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(cat "$J/cerc07b/sample.out")"
}

@test "a missing end line, or text after it, is one message; every case is answered" {
    grep -v '^0 0$' "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(cat "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:$(wc -l <in): missing the end line '0 0'"
    { cat "$J/cerc07b/sample.in"; printf '1 1\nX\n'; } >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(cat "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:$(($(wc -l <"$J/cerc07b/sample.in") + 1)): text after the end line '0 0'"
    # blank lines after it are fine
    { cat "$J/cerc07b/sample.in"; printf '\n\n'; } >in
    run -0 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(cat "$J/cerc07b/sample.out")"
}

@test "a file's faults and its cases' messages come in the order of the file, at any -j" {
    # 3,000 maps with a row too short, then no end line: the end line's
    # message after every map's, however the maps fell into chunks
    local i j
    for ((i = 0; i < 3000; i++)); do printf '2 2\nXX\nX\n\n'; done >in
    for j in 1 2 4 2 4; do
        run -2 --separate-stderr gridbfs -j$j -r cerc07b in gone in
        assert_equal "$(grep -c . <<<"$output")" 6000
        assert_equal "$(wc -l <<<"$stderr")" 6003
        # each file's messages by line, in order; the missing one between
        awk -F: '/^gridbfs: gone: / { last = 0; next }
            { if ($3 + 0 <= last) { print "out of order at " NR ": " $0; exit 1 } last = $3 + 0 }' <<<"$stderr" ||
            fail "-j$j: messages out of order"
        assert_equal "$(sed -n 3001p <<<"$stderr")" "gridbfs: in:12000: missing the end line '0 0'"
        assert_regex "$(sed -n 3002p <<<"$stderr")" '^gridbfs: gone: '
    done
}

@test "uva10309: a case with a row missing is invalid; its neighbours' names are kept" {
    sed 14d "$J/uva10309/sample.in" >in # a row of all_on
    run -1 --separate-stderr gridbfs -r uva10309 in
    assert_output $'all_off 0\ninvalid\nsimple 4'
    assert_equal "$stderr" "gridbfs: in:12: missing rows: the case has 9 of 10"
    # '#' is a cell here, so a row of '#' is no comment
    run -0 --separate-stderr gridbfs -r uva10309 "$J/uva10309/sample.in"
    assert_output "$(cat "$J/uva10309/sample.out")"
}

@test "uva10309: a case whose name line is missing is invalid alone; a name that looks like a row is a name" {
    # The sample: all_off (line 1, its rows 2-11), all_on (12, rows 13-22),
    # simple (23, rows 24-33), then "end"; the answers are sample.out's.
    # Without all_on's name, lines 12-21 are a whole case's rows between
    # all_off's rows and simple's name: a case of its own, invalid (its
    # answer needs a name), and simple keeps its place.
    sed 12d "$J/uva10309/sample.in" >in
    run -1 --separate-stderr gridbfs -r uva10309 in
    assert_output "$(sed '2s/.*/invalid/' "$J/uva10309/sample.out")"
    assert_equal "$stderr" "gridbfs: in:12: no name line before this case"
    # all_on renamed to ten cells, which could be a row: its ten rows
    # follow it, so it is the name, and the board's answer is all_on's
    sed '12s/.*/##########/' "$J/uva10309/sample.in" >in
    run -0 --separate-stderr gridbfs -r uva10309 in
    assert_output "$(sed '2s/all_on/##########/' "$J/uva10309/sample.out")"
    assert_equal "$stderr" ""
}

@test "acwing95: a case with a row too many, or one too few, is invalid alone" {
    # blank lines the only marks: the 5 rows after case 2's blank line are
    # a case of their own, not rows of case 2 after a stray blank line
    sed 8d "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output $'3\ninvalid\n-1'
    assert_equal "$stderr" "gridbfs: in:8: missing rows: the case has 4 of 5"
    sed 8p "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output $'3\ninvalid\n-1'
    assert_equal "$stderr" "gridbfs: in:13: extra rows: the case has 6, expected 5"
}

@test "acwing95: a missing blank line: the fixed size frames the cases, each keeps its answer" {
    # the judge's scanf reads 5x5 boards whatever the blank lines: 10 rows
    # are two cases, and the missing blank line is said
    sed 13d "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output "$(cat "$J/acwing95/sample.out")"
    assert_equal "$stderr" "gridbfs: in:13: no blank line before this case"
    sed -e 7d -e 13d "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 -f csv in
    assert_line -n 1 'in,1,2,,acwing95,solved,3,,'
    assert_line -n 2 'in,2,7,,acwing95,solved,2,,'
    assert_line -n 3 --regexp '^in,3,12,,acwing95,'
    assert_equal "$stderr" "gridbfs: in:7: no blank line before this case
gridbfs: in:12: no blank line before this case"
    # a row too many, then no blank line: the extra row is no case of its
    # own, as the five after it are
    sed -e 8p -e 13d "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output $'3\ninvalid\n-1'
    assert_equal "$stderr" "gridbfs: in:13: extra rows: the case has 6, expected 5
gridbfs: in:14: no blank line before this case"
}

@test "acwing95: a count line that disagrees stops before the cases past it, or stands for the missing ones" {
    sed '1s/.*/2/' "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    # never more results than the count line gives: one message
    assert_output $'3\n2'
    assert_equal "$stderr" "gridbfs: in:14: a case past the 2 the count line gives"
    sed '1s/.*/5/' "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 -f csv in
    assert_line -n 4 '"in",4,1,,acwing95,invalid,,,"the count line gives 5 cases, the file holds 3"' ||
        assert_line -n 4 'in,4,1,,acwing95,invalid,,,"the count line gives 5 cases, the file holds 3"'
    assert_line -n 5 'in,5,1,,acwing95,invalid,,,"the count line gives 5 cases, the file holds 3"'
    # one message for both
    assert_equal "$stderr" "gridbfs: in:1: the count line gives 5 cases, the file holds 3"
}

@test "uva10309: a doubled name line costs its case alone" {
    # all_on's name (line 12) twice: no row can be "all_on", and the case
    # it would start (ten rows, then simple's name) fits, so line 13 is
    # the name again: all_on is invalid, simple keeps its place and answer
    sed 12p "$J/uva10309/sample.in" >in
    run -1 --separate-stderr gridbfs -r uva10309 in
    assert_output "$(sed '2s/.*/invalid/' "$J/uva10309/sample.out")"
    assert_equal "$stderr" "gridbfs: in:13: the name line again"
}

@test "a line over max_line where a name or size line is due costs that case alone, and is named" {
    # uva10309: all_on's name (line 12) 70,000 bytes: all_off has its ten
    # rows, so the long line starts case 2, invalid for it; sample.out's
    # other answers stand
    long=$(head -c 70000 /dev/zero | tr '\0' X)
    sed "12s/.*/$long/" "$J/uva10309/sample.in" >in
    run -1 --separate-stderr gridbfs -r uva10309 in
    assert_output "$(sed '2s/.*/invalid/' "$J/uva10309/sample.out")"
    assert_equal "$stderr" "gridbfs: in:12: line longer than 65536 bytes"
    # cerc07b: case 2's size line (line 8) so long: case 2 alone invalid
    sed "8s/.*/$long/" "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '2s/.*/invalid/' "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:8: expected a size line 'R C' or 'n', got 'a long line'"
}

@test "a damaged end line is one message and no case: every case before it answered" {
    # cerc07b's end line "0 0" cut to "0": no case can start at the last
    # line of the file, so it is the end line, damaged; the answers are
    # sample.out's, no more
    sed '$s/.*/0/' "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(cat "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:35: expected the end line '0 0', got '0'"
    # uva10309's "end" cut to "en": no case named "en" with no rows
    sed '$s/.*/en/' "$J/uva10309/sample.in" >in
    run -1 --separate-stderr gridbfs -r uva10309 in
    assert_output "$(cat "$J/uva10309/sample.out")"
    assert_equal "$stderr" "gridbfs: in:34: expected the end line 'end', got 'en'"
}

@test "acwing95: blank lines in a row are one, inside a case or between two" {
    # judgeref reads the file as the judge's scanf does, blank lines
    # skipped: its answers are the ones the later cases must keep.  Two
    # blank lines after the first row of case 1 (lines 3, 4): case 1 is
    # invalid at the first of them, as with one; cases 2 and 3 answered.
    sed -e '2a\\' -e '2a\\' "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output "$(judgeref solve acwing95 in | sed '1s/.*/invalid/')"
    assert_equal "$stderr" "gridbfs: in:3: a blank line inside the case (read by rule 'acwing95'; no other profile reads this file)"
    # three blank lines between cases 1 and 2: one mark, no fault
    sed -e '7a\\' -e '7a\\' "$J/acwing95/sample.in" >in
    run -0 --separate-stderr gridbfs -r acwing95 in
    assert_output "$(cat "$J/acwing95/sample.out")"
    assert_equal "$stderr" ""
}

@test "a stray blank line inside a case costs that case alone; every later case keeps its answer" {
    # judgeref reads the file as the judge's scanf does, blank lines skipped:
    # its answers are the ones the later cases must keep
    sed '3a\\' "$J/acwing95/sample.in" >in # inside the first 5x5 board
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output "$(judgeref solve acwing95 in | sed '1s/.*/invalid/')"
    assert_equal "$stderr" "gridbfs: in:4: a blank line inside the case (read by rule 'acwing95'; no other profile reads this file)"
    sed '4a\\' "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(judgeref solve cerc07b in | sed '1s/.*/invalid/')"
    assert_equal "$stderr" "gridbfs: in:5: a blank line inside the case (read by rule 'cerc07b'; no other profile reads this file)"
    sed '15a\\' "$J/uva10309/sample.in" >in # the second board's 3rd row
    run -1 --separate-stderr gridbfs -r uva10309 in
    assert_output "$(judgeref solve uva10309 in | sed '2s/.*/invalid/')"
    assert_equal "$stderr" "gridbfs: in:16: a blank line inside the case"
    # a case really short before its mark: a size line or name after the
    # blank line ends it (the first test above, uva10309's below), and so
    # does a line that can be no row, a damaged size line say
    sed -e 9d -e '15s/.*/1 x/' "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '2,3s/.*/invalid/' "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:8: missing rows: the case has 4 of 5
gridbfs: in:14: expected a size line 'R C' or 'n', got '1 x'"
}

# The README's gcj-lights (count, size lines, digit cells): a row can read
# as a size line (101, 11), so the lines after it decide.  The three cases
# are the README's, answers 1, 4 and 1 (one press each for 1x1 and the
# 2x3 cross, all four for 2x2).
gcj() {
    printf 'rules:\n  gcj-lights:\n    plugin: flip-neighbors\n    goal: "off"\n    cells: "10"\n    layout: {count: true, size: each}\n    solved: "Case #{case}: {moves}"\n    impossible: "Case #{case}: IMPOSSIBLE"\n' >g.yaml
    gridbfs -c g.yaml -r gcj-lights "$@"
}

@test "gcj-lights: a doubled row that reads as a size line costs its case alone; every case keeps its number" {
    # 11 would be an 11x11 size line: case 2's rows do not fit it
    printf '3\n1\n1\n2 2\n11\n11\n11\n2 3\n010\n111\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'Case #1: 1\ninvalid\nCase #3: 1'
    assert_equal "$stderr" "gridbfs: in:7: extra rows: the case has 3, expected 2"
    # 101 a size out of range, 010 a 10x10 one; the first case doubled
    printf '3\n2 3\n010\n111\n111\n1\n1\n2 2\n11\n11\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'invalid\nCase #2: 1\nCase #3: 4'
    assert_equal "$stderr" "gridbfs: in:5: extra rows: the case has 3, expected 2 (read by rule 'gcj-lights'; no other profile reads this file)"
    printf '3\n2 3\n010\n010\n111\n1\n1\n2 2\n11\n11\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'invalid\nCase #2: 1\nCase #3: 4'
    assert_equal "$stderr" "gridbfs: in:5: extra rows: the case has 3, expected 2 (read by rule 'gcj-lights'; no other profile reads this file)"
    # --check frames the puzzles the same way: the answers to cases 1
    # and 3 are judged as theirs
    printf '3\n1\n1\n2 2\n11\n11\n11\n2 3\n010\n111\n' >in
    printf 'Case #1: 1\nCase #2: 4\nCase #3: 1\n' >ans
    run -1 --separate-stderr gcj --check ans in
    assert_line -n 0 'case 1 (line 1): accepted'
    assert_line -n 1 'case 2 (line 2): fail: the puzzle cannot be judged: in:7: extra rows: the case has 3, expected 2'
    assert_line -n 2 'case 3 (line 3): accepted'
    # a row of the wrong length is a damaged row, no size line
    printf '2\n2 3\n0101\n111\n1\n1\n' >in
    run -1 --separate-stderr gcj in
    assert_line -n 0 invalid
    assert_line -n 1 'Case #2: 1'
    assert_equal "$stderr" "gridbfs: in:3: row 1 has 4 cells, expected 3 (read by rule 'gcj-lights'; no other profile reads this file)"
}

@test "gcj-lights: a row missing before a size line that reads as a row costs its case alone" {
    # "1 1" is a row of two cells, and case 2's size line
    printf '2\n2 2\n11\n1 1\n1\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'invalid\nCase #2: 1'
    assert_equal "$stderr" "gridbfs: in:2: missing rows: the case has 1 of 2 (read by rule 'gcj-lights'; no other profile reads this file)"
}

@test "gcj-lights: a stray blank line after a size line costs that case alone, not three more" {
    printf '3\n1\n\n1\n2 2\n11\n11\n2 3\n010\n111\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'invalid\nCase #2: 4\nCase #3: 1'
    assert_equal "$stderr" "gridbfs: in:3: a blank line inside the case (read by rule 'gcj-lights'; no other profile reads this file)"
    printf '3\n1\n1\n2 2\n11\n11\n2 3\n\n010\n111\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'Case #1: 1\nCase #2: 4\ninvalid'
    assert_equal "$stderr" "gridbfs: in:8: a blank line inside the case"
}

@test "gcj-lights: a size line out of range costs its case alone, though its rows read as size lines" {
    # Worked by hand (flip-neighbors, goal off): a 1x1 "1" takes its one
    # press; the 2x3 "010/111" one press, at its bottom middle (it and
    # its three neighbours are the four lights on); the 2x2 "11/11" all
    # four: a light is flipped by every press but the one diagonal to it,
    # so by |S| presses, less one if its diagonal is pressed; that is odd
    # for all four lights only when |S| is even and every diagonal is
    # pressed, that is all four presses.
    # "65536 3": rows past the 65535 there may be, so case 1 is invalid; its
    # rows 010 and 111 read as size lines (10x10, 111x111) but no case of
    # such a size follows, so they are its own, and cases 2 and 3 keep
    # their places and numbers.
    printf '3\n65536 3\n010\n111\n1\n1\n2 2\n11\n11\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'invalid\nCase #2: 1\nCase #3: 4'
    assert_equal "$stderr" "gridbfs: in:2: size '65536 3' out of range (1 to 65535) (read by rule 'gcj-lights'; no other profile reads this file)"
    # --check frames them the same way: the answers to cases 2 and 3 are
    # judged as theirs
    printf 'Case #1: 1\nCase #2: 1\nCase #3: 4\n' >ans
    run -1 --separate-stderr gcj --check ans in
    assert_line -n 0 "case 1 (line 1): fail: the puzzle cannot be judged: in:2: size '65536 3' out of range (1 to 65535)"
    assert_line -n 1 'case 2 (line 2): accepted'
    assert_line -n 2 'case 3 (line 3): accepted'
}

@test "gcj-lights: a fault in a case does not make the case before it take the one between" {
    # Case 2 (1x1 "1") reads as rows of case 1 too; the line after it
    # decides, and a size line no row can be is a case's start even when
    # that case is damaged.  Answers as worked above: 1, 1, then case 3,
    # "65536" (past 65535), is invalid.
    printf '3\n2 3\n010\n111\n1\n1\n65536\n11\n11\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'Case #1: 1\nCase #2: 1\ninvalid'
    assert_equal "$stderr" "gridbfs: in:7: size '65536' out of range (1 to 65535)"
    # case 3 (2x2) with its second row missing: it alone is invalid, and
    # case 4 (1x1 "1", one press) keeps its number
    printf '4\n2 3\n010\n111\n1\n1\n2 2\n11\n1\n1\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'Case #1: 1\nCase #2: 1\ninvalid\nCase #4: 1'
    assert_equal "$stderr" "gridbfs: in:7: missing rows: the case has 1 of 2"
}

@test "gcj-lights: a doubled size line, or a lost one, costs its case alone and renumbers none" {
    # Answers as worked above: 1x1 "1" one press, 2x3 "010/111" one press.
    # Case 2's size line "2 2" doubled (lines 4, 5): no row can be "2 2",
    # and the case it would start (2x2 "11/11", then case 3's size line)
    # fits, so it is case 2's size line again: case 2 is invalid, and
    # "2 3" (line 8) starts case 3, as the count line's 3 cases say.
    printf '3\n1\n1\n2 2\n2 2\n11\n11\n2 3\n010\n111\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'Case #1: 1\ninvalid\nCase #3: 1'
    assert_equal "$stderr" "gridbfs: in:5: the size line again"
    # --check frames it the same way: case 3's answer is judged as its own
    printf 'Case #1: 1\nCase #2: 4\nCase #3: 1\n' >ans
    run -1 --separate-stderr gcj --check ans in
    assert_line -n 2 'case 3 (line 3): accepted'
    # Case 2's size line lost (the file as above, line 4 and 5 gone): rows
    # "11" of two cells cannot be rows of the 1x1 case 1, and no case of
    # 11x11 follows them, so they are a case with no size line, invalid;
    # "2 3" still starts case 3.
    printf '3\n1\n1\n11\n11\n2 3\n010\n111\n' >in
    run -1 --separate-stderr gcj in
    assert_output $'Case #1: 1\ninvalid\nCase #3: 1'
    assert_equal "$stderr" "gridbfs: in:4: no size line before this case"
}

@test "one wrong character in a row is named, costs its case, and makes no case of its own, in every layout" {
    # marked by a name (uva10309): row 3 of all_off
    sed '4s/./X/3' "$J/uva10309/sample.in" >in
    run -1 --separate-stderr gridbfs -r uva10309 in
    assert_output "$(sed '1s/.*/invalid/' "$J/uva10309/sample.out")"
    assert_equal "$stderr" "gridbfs: in:4: row 3: 'X' is not a cell (expected 'O' or '#') (read by rule 'uva10309'; no other profile reads this file)"
    # marked by blank lines alone (acwing95): row 2 of case 2
    sed '9s/./X/2' "$J/acwing95/sample.in" >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output "$(sed '2s/.*/invalid/' "$J/acwing95/sample.out")"
    assert_equal "$stderr" "gridbfs: in:9: row 2: 'X' is not a cell (expected '1' or '0')"
    # marked by size lines (cerc07b): row 1 of map 2
    sed '9s/./1/3' "$J/cerc07b/sample.in" >in
    run -1 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(sed '2s/.*/invalid/' "$J/cerc07b/sample.out")"
    assert_equal "$stderr" "gridbfs: in:9: row 1: '1' is not a cell (expected 'X' or '.')"
    # counted (poj1222): row 2 of puzzle 2
    sed '8s/0/X/' "$J/poj1222/sample.in" >in
    run -1 --separate-stderr gridbfs -r poj1222 in
    assert_output "$(sed '7,$d' "$J/poj1222/sample.out"; printf 'PUZZLE #2\ninvalid\n')"
    assert_equal "$stderr" "gridbfs: in:8: row 2: 'X' is not a cell (expected '1' or '0')"
    # unmarked (poj3279: a size line, then one case)
    sed '3s/0/X/' "$J/poj3279/sample.in" >in
    run -1 --separate-stderr gridbfs -r poj3279 in
    assert_output invalid
    assert_equal "$stderr" "gridbfs: in:3: row 2: 'X' is not a cell (expected '1' or '0') (read by rule 'poj3279'; no other profile reads this file)"
}

@test "an end line with more blanks is the end line, read as words" {
    sed '$s/.*/0  0 /' "$J/cerc07b/sample.in" >in
    tail -1 in | grep -q '^0  0 $'
    run -0 --separate-stderr gridbfs -r cerc07b in
    assert_output "$(cat "$J/cerc07b/sample.out")"
    assert_equal "$stderr" ""
}

# ---- layouts that do not: the count is checked first ---------------------

@test "poj1222: a row missing makes every promised puzzle invalid, and nothing is answered (file and pipe)" {
    sed 5d "$J/poj1222/sample.in" >in
    local want=$'PUZZLE #1\ninvalid\nPUZZLE #2\ninvalid'
    local msg="gridbfs: in:1: the count line gives 2 cases of 5 rows, but 9 rows follow it (read by rule 'poj1222'; no other profile reads this file)"
    run -1 --separate-stderr gridbfs -r poj1222 in
    assert_output "$want"
    assert_equal "$stderr" "$msg"
    run -1 --separate-stderr gridbfs -r poj1222 <in
    assert_output "$want"
    assert_equal "$stderr" "${msg/in:1/<stdin>:1}"
    cat in | { run -1 --separate-stderr gridbfs -r poj1222 -; assert_output "$want"; }
    # a row too many, or a count too small, the same
    sed 5p "$J/poj1222/sample.in" | { run -1 --separate-stderr gridbfs -r poj1222; assert_output "$want"; }
    { echo 1; tail -n +2 "$J/poj1222/sample.in"; } | {
        run -1 --separate-stderr gridbfs -r poj1222
        assert_output $'PUZZLE #1\ninvalid'
    }
}

@test "poj3279, timus1122: rows that are no whole number of cases are invalid, never answered out of line" {
    # poj3279's sample: "4 4", then the 4 rows of its one case.  Its first
    # row twice makes 5 rows, no whole number of 4-row cases, so no row
    # can be told to be in its place; 5 rows come nearest one case: one
    # invalid result, said at the first row, line 2.  (Read row by row,
    # rows 1, 1, 2, 3 were answered as the case and row 4 made a case.)
    sed 2p "$J/poj3279/sample.in" >in
    run -1 --separate-stderr gridbfs -r poj3279 in
    assert_output invalid
    assert_equal "$stderr" "gridbfs: in:2: the file's 5 rows are not a whole number of cases of 4 rows (read by rule 'poj3279'; no other profile reads this file)"
    run -1 --separate-stderr sh -c 'cat in | "$1" -r poj3279' sh "$GRIDBFS" # a pipe, held to count
    assert_output invalid
    assert_equal "$stderr" "gridbfs: <stdin>:2: the file's 5 rows are not a whole number of cases of 4 rows (read by rule 'poj3279')"
    # three 2x2 cases, the first's second row twice: 7 rows, nearest three
    # cases (half a case is none), each invalid, the message once
    printf '2 2\n1 1\n1 1\n1 1\n0 0\n0 0\n1 0\n0 1\n' >in
    run -1 --separate-stderr gridbfs -r poj3279 in
    assert_output $'invalid\ninvalid\ninvalid'
    assert_equal "$stderr" "gridbfs: in:2: the file's 7 rows are not a whole number of cases of 2 rows (read by rule 'poj3279'; no other profile reads this file)"
    # timus1122: 4 board rows and 3 pattern rows a case, no size line; the
    # first row twice makes 8 rows, nearest one case
    sed 1p "$J/timus1122/sample.in" >in
    run -1 --separate-stderr gridbfs -r timus1122 in
    assert_output invalid
    assert_equal "$stderr" "gridbfs: in:1: the file's 8 rows are not a whole number of cases of 7 rows (read by rule 'timus1122'; no other profile reads this file)"
    # a row short of the one case is that case's own fault, named as such
    sed 2d "$J/poj3279/sample.in" >in
    run -1 --separate-stderr gridbfs -r poj3279 in
    assert_output invalid
    assert_equal "$stderr" "gridbfs: in:2: missing rows: the case has 3 of 4 (read by rule 'poj3279'; no other profile reads this file)"
}

@test "a count of 0 before rows is one message, no result (poj1222, flipfive, acwing95)" {
    { echo 0; tail -n +2 "$J/poj1222/sample.in"; } >in
    run -1 --separate-stderr gridbfs -r poj1222 in
    assert_output ""
    assert_equal "$stderr" "gridbfs: in:1: the count line gives 0 cases of 5 rows, but 10 rows follow it"
    { echo 0; tail -n +2 "$J/flipfive/sample.in"; } >in
    run -1 --separate-stderr gridbfs -r flipfive in
    assert_output ""
    assert_equal "$stderr" "gridbfs: in:1: the count line gives 0 cases of 3 rows, but $(($(wc -l <in) - 1)) rows follow it"
    { echo 0; tail -n +2 "$J/acwing95/sample.in"; } >in
    run -1 --separate-stderr gridbfs -r acwing95 in
    assert_output ""
    assert_equal "$stderr" "gridbfs: in:2: a case past the 0 the count line gives"
    # a count of 0 and nothing after it is right
    echo 0 >in
    run -0 --separate-stderr gridbfs -r poj1222 in
    assert_output ""
}

@test "a count line past what the file could hold is one invalid result, not that many" {
    { echo 1000000000000000000; tail -n +2 "$J/poj1222/sample.in"; } >in
    run -1 --separate-stderr gridbfs -r poj1222 -f jsonl in
    assert_equal "${#lines[@]}" 1
    assert_output --partial '"record":1,"line":1,'
    assert_output --partial '"status":"invalid"'
}

@test "a count or size line that is no number costs the file, one result; a NUL in it is shown as '?'" {
    # profile | the file's first line (printf) | how the message shows it:
    # a NUL is never cut there to look like a good line ('2<NUL>' no count)
    local p first shown want why
    while IFS='|' read -r p first shown; do
        if [ "$p" = poj1222 ]; then
            { printf "$first\n"; tail -n +2 "$J/poj1222/sample.in"; } >in
            want=$'PUZZLE #1\ninvalid'
            why="expected the number of cases, got '$shown'"
        else
            printf "$first\n1 0 0 1\n" >in
            want=invalid
            why="expected a size line 'R C' or 'n', got '$shown'"
        fi
        run -1 --separate-stderr gridbfs -r "$p" in
        assert_output "$want"
        assert_equal "$stderr" "gridbfs: in:1: $why (read by rule '$p'; no other profile reads this file)"
    done <<'CASES'
poj1222|two|two
poj1222|2\0|2?
poj3279|four four|four four
poj3279|4\0 4|4? 4
CASES
}

@test "several files, each with its own count line and case numbers; a bad one costs only itself" {
    sed 5d "$J/poj1222/sample.in" >bad
    run -1 --separate-stderr gridbfs -r poj1222 "$J/poj1222/sample.in" bad "$J/poj1222/sample.in"
    assert_output "$(cat "$J/poj1222/sample.out"; printf 'PUZZLE #1\ninvalid\nPUZZLE #2\ninvalid\n'; cat "$J/poj1222/sample.out")"
    assert_equal "$stderr" "gridbfs: bad:1: the count line gives 2 cases of 5 rows, but 9 rows follow it (read by rule 'poj1222'; no other profile reads this file)"
}

@test "a file that ends before its count line, its size line or its first case, and a count of one case, are said as such" {
    # an empty file is no case, and a fault: its count line is missing
    : >empty
    for p in poj1222 poj3279 cerc07b; do
        run -1 --separate-stderr gridbfs -r $p empty
        assert_output ''
    done
    assert_equal "$stderr" "gridbfs: empty:1: missing the end line '0 0'"
    run -1 --separate-stderr gridbfs -r poj1222 <empty
    assert_equal "$stderr" "gridbfs: <stdin>:1: missing the count line"
    run -1 --separate-stderr gridbfs -r poj3279 empty
    assert_equal "$stderr" "gridbfs: empty:1: missing the size line"
    # a size line at the top promises a case, as POJ 3279's judge reads one
    printf '4 4\n\n' >sized
    run -1 --separate-stderr gridbfs -r poj3279 sized
    assert_output ''
    assert_equal "$stderr" "gridbfs: sized:2: no case after the size line"
    { echo 1; sed -n 2p "$J/poj1222/sample.in"; } >one
    run -1 --separate-stderr gridbfs -r poj1222 one
    assert_equal "$stderr" "gridbfs: one:1: the count line gives 1 case of 5 rows, but 1 row follows it (read by rule 'poj1222'; no other profile reads this file)"
}

@test "a large count-line file with one row missing at its end prints no answer, on any number of threads" {
    { echo 3000; for _ in $(seq 1500); do tail -n +2 "$J/poj1222/sample.in"; done; } | sed '$d' >in
    local jobs
    for jobs in 1 4; do
        run -1 --separate-stderr gridbfs -r poj1222 -j $jobs in
        assert_equal "$(grep -c '^invalid$' <<<"$output")" 3000
        refute_output --partial '0 1'
        assert_equal "$stderr" "gridbfs: in:1: the count line gives 3000 cases of 5 rows, but 14999 rows follow it (read by rule 'poj1222'; no other profile reads this file)"
    done
}

# ---- names, ids, templates ------------------------------------------------

@test "CSV and JSON Lines: a case's name is its id, record counts cases, line is where it starts" {
    run -0 --separate-stderr gridbfs -r uva10309 -f csv "$J/uva10309/sample.in"
    assert_line -n 1 "$J/uva10309/sample.in,1,1,all_off,uva10309,solved,0,,"
    assert_line -n 2 "$J/uva10309/sample.in,2,12,all_on,uva10309,solved,44,,"
    assert_line -n 3 "$J/uva10309/sample.in,3,23,simple,uva10309,solved,4,,"
    run -0 --separate-stderr gridbfs -r poj1222 -f jsonl "$J/poj1222/sample.in"
    assert_line -n 1 --partial '"record":2,"line":7,"id":null,"rule":"poj1222","status":"solved","moves":15,'
}

@test "max_moves: a case past the judge's cap prints the impossible text; CSV keeps the true count" {
    # the POJ 1753 samples need 4 moves and none
    printf 'rules:\n  capped: {plugin: flip-neighbors, cells: bw, max_moves: 3, impossible: "-1"}\n' >c.yaml
    printf 'bwwb\nbbwb\nbwwb\nbwww\n\nbwbw\nwwww\nbbwb\nbwwb\n' >in
    run -0 --separate-stderr gridbfs -c c.yaml -r capped in
    assert_output $'-1\n-1'
    run -0 --separate-stderr gridbfs -c c.yaml -r capped -f csv in
    assert_line -n 1 'in,1,1,,capped,solved,4,,'
    assert_line -n 2 'in,2,6,,capped,impossible,,,'
    # acwing95: the judge's sample needs 3, 2 and more than 6
    run -0 --separate-stderr gridbfs -r acwing95 -f csv "$J/acwing95/sample.in"
    assert_line -n 3 --regexp ',acwing95,(solved,([7-9]|[1-9][0-9]+)|impossible,),,$'
}

@test "timus1122: each case's own pattern rows are its stencil" {
    # the pattern 000/010/000 flips the pressed chip alone: the fewest
    # presses to one colour is the smaller colour's count, here 3 B
    printf 'WWWW\nWBBW\nWBWW\nWWWW\n000\n010\n000\n' >in
    run -0 --separate-stderr gridbfs -r timus1122 in
    assert_output 3
    # the judge's own sample, then that case again: each keeps its pattern
    cat "$J/timus1122/sample.in" in >two
    run -0 --separate-stderr gridbfs -r timus1122 two
    assert_output $'Impossible\n3'
    # a pattern the plugin refuses costs that case; the message names the
    # pattern's first row (line 5; line 12 in the second case), in a run
    # at any -j and in a checker
    printf 'WWWW\nWBBW\nWBWW\nWWWW\n020\n010\n000\n' >bad
    cat in bad in >three
    local j
    for j in 1 2; do
        run -1 --separate-stderr gridbfs -j "$j" -r timus1122 bad three
        assert_output $'invalid\n3\ninvalid\n3'
        assert_equal "$stderr" "gridbfs: bad:5: rule 'timus1122': stencil: expected 3 rows of three 0 or 1 joined by '/', got '020/010/000' (read by rule 'timus1122'; no other profile reads this file)
gridbfs: three:12: rule 'timus1122': stencil: expected 3 rows of three 0 or 1 joined by '/', got '020/010/000'"
    done
    printf '3\nImpossible\n3\n' >ans
    run -1 --separate-stderr gridbfs -r timus1122 --check ans three
    assert_line --index 1 --partial "fail: the puzzle cannot be judged: three:12: rule 'timus1122': stencil: "
}

@test "a layout of your own: names and a pattern per case, the pattern rows never taken for a name" {
    printf 'rules:\n  named1122:\n    plugin: flip-neighbors\n    size: 4x4\n    cells: BW\n    layout: {name: true, param: stencil, param_rows: 3}\n    solved: "{name}: {moves}"\n    impossible: "{name}: Impossible"\n' >c.yaml
    { echo first; cat "$J/timus1122/sample.in"; echo second; printf 'WWWW\nWBBW\nWBWW\nWWWW\n000\n010\n000\n'; } >in
    run -0 --separate-stderr gridbfs -c c.yaml -r named1122 in
    assert_output $'first: Impossible\nsecond: 3'
}

@test "a layout's profile still reads gridbfs's own line records" {
    # 1x2, both on: either press flips both, and 0 1 is the lesser matrix
    run -0 --separate-stderr gridbfs -r poj3279 <<<$'size=1x1 1/\nsize=1x2 11/'
    assert_output $'1\n0 1'
}

@test "answer templates are checked when the configuration is read, naming the place" {
    printf 'rules:\n  x:\n    plugin: flip-neighbors\n    solved: "Case {cas}: {moves}"\n' >c.yaml
    run -2 --separate-stderr gridbfs -c c.yaml --check-config
    assert_equal "$stderr" "gridbfs: c.yaml:4:13: solved: unknown placeholder '{cas}' (expected {case}, {name}, {moves} or {answer}, or '{{' for the brace)"
    printf 'rules:\n  x:\n    plugin: flip-neighbors\n    impossible: "{moves}"\n' >c.yaml
    run -2 --separate-stderr gridbfs -c c.yaml --check-config
    assert_equal "$stderr" "gridbfs: c.yaml:4:17: impossible: no placeholder '{moves}' (expected {case} or {name}, or '{{' for the brace)"
    printf 'rules:\n  x:\n    plugin: flip-neighbors\n    layout: {param: stencil}\n' >c.yaml
    run -2 --separate-stderr gridbfs -c c.yaml --check-config
    assert_regex "$stderr" "^gridbfs: c\.yaml:4:13: layout: param and param_rows go together$"
    printf 'rules:\n  x:\n    plugin: flip-neighbors\n    layout: {count: true, square: true}\n' >c.yaml
    run -2 --separate-stderr gridbfs -c c.yaml --check-config
    assert_equal "$stderr" "gridbfs: c.yaml:4:13: layout: square needs a size line (size: first or each)"
    # braces, and {answer} with the default text in it
    printf 'rules:\n  x:\n    plugin: flip-neighbors\n    cells: bw\n    solved: "{{{case}}} {answer} moves"\n    before: "#{case}"\n' >c.yaml
    run -0 --separate-stderr gridbfs -c c.yaml -r x <<<$'bwwb\nbbwb\nbwwb\nbwww'
    assert_output $'#1\n{1} 4 moves'
}

# ---- streaming and memory -------------------------------------------------

@test "a marked layout answers each case as it arrives on a pipe, before the input ends" {
    coproc GB { gridbfs -r cerc07b; }
    local pid=$GB_PID # bash unsets GB_PID once the coprocess has ended
    printf '1 5\n...XX\n\n' >&"${GB[1]}"
    # the answer comes while gridbfs still waits for more (the read's
    # timeout only keeps a broken build from hanging the suite)
    read -r -t 30 -u "${GB[0]}" line
    assert_equal "$line" 'You have to tap 1 tiles.'
    printf '0 0\n' >&"${GB[1]}"
    exec {GB[1]}>&-
    wait "$pid"
}

@test "a count line does not make gridbfs hold the file: peak memory is flat from 120,000 to 480,000 puzzles" {
    requires /usr/bin/time
    local n
    local -a peak
    for n in 120000 480000; do
        { echo "$n"; yes "$(tail -n +2 "$J/poj1222/sample.in")" | head -n $((n * 5)); } >"in$n"
        # a regular file (read twice) and a pipe (copied to $TMPDIR), -j1 so
        # that no pool of chunks grows with the timing; ASan keeps little of
        # what is freed, so that RSS is what is held
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
            /usr/bin/time -f '%M' -o peak "$GRIDBFS" -r poj1222 -j1 "in$n" >"out$n"
        peak+=("$(tail -n 1 peak)")
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
            /usr/bin/time -f '%M' -o peak sh -c 'cat "$1" | "$2" -r poj1222 -j1 >/dev/null' sh "in$n" "$GRIDBFS"
        peak+=("$(tail -n 1 peak)")
    done
    # every answer is there, and the judge's
    assert_equal "$(grep -c PUZZLE out480000)" 480000
    assert_equal "$(tail -n 12 out480000 | sed "s/#480000/#2/; s/#479999/#1/")" "$(cat "$J/poj1222/sample.out")"
    # peak RSS in KiB: four times the input (21 MiB more) may cost at most
    # 2 MiB more
    ((peak[2] < peak[0] + 2048)) || fail "file: ${peak[0]} KiB for 120,000 puzzles, ${peak[2]} KiB for 480,000"
    ((peak[3] < peak[1] + 2048)) || fail "pipe: ${peak[1]} KiB for 120,000 puzzles, ${peak[3]} KiB for 480,000"
}
