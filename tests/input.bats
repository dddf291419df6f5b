#!/usr/bin/env bats
# Inputs, the two record syntaxes, framing, and bad records
# that cost one result each, never the rest of the input.
bats_require_minimum_version 1.5.0
load test_helper/common

# The two POJ 1753 samples: answers 4 and Impossible.
S1='bwwb/bbwb/bwwb/bwww'
S2='bwbw/wwww/bbwb/bwwb'

grid() { tr '/' '\n' <<<"$1"; }

@test "stdin, '-' and a named file give the same answers" {
    { grid "$S1"; echo; grid "$S2"; } >"$BATS_TEST_TMPDIR/in.txt"
    run -0 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in.txt"
    assert_output $'4\nImpossible'
    run -0 --separate-stderr gridbfs - <"$BATS_TEST_TMPDIR/in.txt"
    assert_output $'4\nImpossible'
    run -0 --separate-stderr gridbfs <"$BATS_TEST_TMPDIR/in.txt"
    assert_output $'4\nImpossible'
}

@test "files are read in order, stdin where '-' stands" {
    grid "$S1" >"$BATS_TEST_TMPDIR/a"
    grid "$S2" >"$BATS_TEST_TMPDIR/b"
    run -0 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/b" - "$BATS_TEST_TMPDIR/a" <"$BATS_TEST_TMPDIR/a"
    assert_output $'Impossible\n4\n4'
}

@test "blank lines between boards are optional" {
    run -0 --separate-stderr gridbfs < <(grid "$S1"; grid "$S2"; grid "$S1")
    assert_output $'4\nImpossible\n4'
}

@test "cells may be separated by spaces and tabs; comments are skipped" {
    printf '# a comment\nb w w b\nb\tb w b\n  # indented comment\nbwwb\n b w w w \n' >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    assert_output '4'
}

@test "CRLF line endings and a UTF-8 byte-order mark are accepted" {
    { printf '\xEF\xBB\xBF'; grid "$S1"; echo; grid "$S2"; echo "id=x $S1"; } | sed 's/$/\r/' >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs -f csv "$BATS_TEST_TMPDIR/in"
    assert_line --index 1 --partial ',1,1,,poj1753,solved,4,'
    assert_line --index 2 --partial ',2,6,,poj1753,impossible,,'
    assert_line --index 3 --partial ',3,10,x,poj1753,solved,4,'
}

@test "a file without a trailing newline still gives its last record" {
    printf 'bwwb\nbbwb\nbwwb\nbwww' >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    assert_output '4'
}

@test "empty input gives no output and exit 0" {
    run -0 --separate-stderr gridbfs </dev/null
    assert_output ''
    printf '\n\n# nothing\n' >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    assert_output ''
}

@test "line syntax: id, rule and size per record, mixed with grid rows" {
    {
        echo "id=7 rule=p1225 1111/0000/1110/0010 1010/0101/1010/0101"
        grid "$S1"
        echo "id=a $S2"
        echo "rule=lights5 00000/00000/00000/00000/00000"
        echo "size=1x3 bbb/"
    } >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs -f csv "$BATS_TEST_TMPDIR/in"
    assert_line --index 1 --partial ',1,1,7,p1225,solved,4,'
    assert_line --index 2 --partial ',2,2,,poj1753,solved,4,'
    assert_line --index 3 --partial ',3,6,a,poj1753,impossible,,'
    assert_line --index 4 --partial ',4,7,,lights5,solved,0,'
    assert_line --index 5 --partial ',5,8,,poj1753,solved,0,'
}

@test "line syntax: tokens are separated by spaces, tabs or both" {
    printf 'id=a\t%s\nid=b %s\t\nid=c  \t %s  \n\tid=d %s\n' "$S1" "$S1" "$S1" "$S2" >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs -f csv "$BATS_TEST_TMPDIR/in"
    assert_line --index 1 --partial ',1,1,a,poj1753,solved,4,'
    assert_line --index 2 --partial ',2,2,b,poj1753,solved,4,'
    assert_line --index 3 --partial ',3,3,c,poj1753,solved,4,'
    assert_line --index 4 --partial ',4,4,d,poj1753,impossible,,'
}

@test "a one-row board in line syntax ends with a slash" {
    # By hand, on a 1x3 plus-stencil board: no single press makes bwb
    # uniform (wbb, wbw, bbw); pressing both ends does (bwb -> wbb -> www).
    run -0 --separate-stderr gridbfs <<<"size=1x3 bwb/"
    assert_output '2'
}

@test "bad records in the middle of good ones cost one result each" {
    {
        grid "$S1"; echo                      # 1: good, line 1
        printf 'bwwb\nbbwbb\nbwwb\nbwww\n\n'  # 2: row too long, line 6
        grid "$S2"; echo                      # 3: good, line 11
        printf 'bwwb\nbbxb\nbwwb\nbwww\n\n'   # 4: bad character, line 16
        printf 'bwwb\nbbwb\nbwwb\n\n'         # 5: a row missing, line 21
        grid "$S1"; echo                      # 6: good, line 25
        echo "id=u rule=nosuchrule $S1"       # 7: unknown rule, line 30
        echo "id=q foo=bar $S1"               # 8: unknown key, line 31
        echo "id=d id=e $S1"                  # 9: duplicate id, line 32
        echo "size=9 $S1"                     # 10: malformed size, line 33
        echo "size=3x3 $S1"                   # 11: size disagrees, line 34
        echo "id=z $S2"                       # 12: good, line 35
        echo "$S1 $S1"                        # 13: too many boards, line 36
        grid "$S2"                            # 14: good, line 37
    } >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    assert_output "$(printf '%s\n' 4 invalid Impossible invalid invalid 4 invalid invalid invalid invalid invalid Impossible invalid Impossible)"
    f="$BATS_TEST_TMPDIR/in"
    for line in 7 17 21 30 31 32 33 34 36; do
        grep -q "^gridbfs: $f:$line: " <<<"$stderr" || fail "no message for line $line in: $stderr"
    done
    [ "$(grep -c . <<<"$stderr")" -eq 9 ] || fail "expected 9 messages: $stderr"
}

@test "a record with several faults is reported for its first, row by row" {
    # row 1 has a bad cell, row 3 a cell too many: row 1 is reported
    printf 'bwxw\nbwbw\nbwbwb\nbwbw\n\nbwxw/bwbw/bwbwb/bwbw\n' >"$BATS_TEST_TMPDIR/in"
    for j in 1 2; do
        run -1 --separate-stderr gridbfs -j $j "$BATS_TEST_TMPDIR/in"
        assert_output "$(printf 'invalid\ninvalid')"
        f=$BATS_TEST_TMPDIR/in
        assert_equal "$stderr" "$(printf "gridbfs: $f:1: row 1: 'x' is not a cell (expected 'b' or 'w') (read by rule 'poj1753'; no other profile reads this file)\ngridbfs: $f:6: row 1: 'x' is not a cell (expected 'b' or 'w')")"
    done
}

@test "a byte that is not a cell is reported on its own line, with 1 or 2 jobs" {
    f=$BATS_TEST_TMPDIR/in
    {
        printf 'bwwb\nbbwb\nbwwb\nbwwx\n\n'              # line 4: the 4th row
        printf 'bwwb\n# a comment\nbbwb\nbwwb\nbw?b\n\n' # line 10, after a comment
        echo "id=l bwwb/bbwb/bwwb/b!wb"                    # line 12: line syntax
    } >"$f"
    # two boards with a blank line between them: line 8, board 2's row 3
    printf '1111\n0000\n1110\n0010\n\n1010\n0101\n1x10\n0101\n' >"$f.two"
    for j in 1 2; do
        run -1 --separate-stderr gridbfs -j $j "$f"
        assert_output "$(printf 'invalid\ninvalid\ninvalid')"
        [ "$(sed -n 1p <<<"$stderr")" = "gridbfs: $f:4: row 4: 'x' is not a cell (expected 'b' or 'w') (read by rule 'poj1753'; no other profile reads this file)" ]
        [ "$(sed -n 2p <<<"$stderr")" = "gridbfs: $f:10: row 4: '?' is not a cell (expected 'b' or 'w')" ]
        [ "$(sed -n 3p <<<"$stderr")" = "gridbfs: $f:12: row 4: '!' is not a cell (expected 'b' or 'w')" ]
        run -1 --separate-stderr gridbfs -j $j -r p1225 "$f.two"
        assert_output invalid
        [ "$stderr" = "gridbfs: $f.two:8: row 3: 'x' is not a cell (expected '1' or '0') (read by rule 'p1225'; no other profile reads this file)" ]
    done
}

@test "a missing second board at the end of input is one invalid record" {
    run -1 --separate-stderr gridbfs -r p1225 < <(printf '1111\n0000\n1110\n0010\n1010\n0101\n1010\n0101\n\n1111\n0000\n1110\n0010\n')
    assert_line --index 0 '4'
    assert_line --index 5 'invalid'
    [ "${#lines[@]}" -eq 6 ]
    assert_regex "$stderr" '^gridbfs: <stdin>:10: '
}

@test "a line over max_line is one invalid record, memory stays bounded" {
    cat >"$BATS_TEST_TMPDIR/c.yaml" <<'YAML'
limits: {max_line: 100}
YAML
    { grid "$S1"; echo; head -c 5000000 /dev/zero | tr '\0' 'b'; echo; echo; grid "$S2"; } >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/c.yaml" "$BATS_TEST_TMPDIR/in"
    assert_output $'4\ninvalid\nImpossible'
    assert_regex "$stderr" ":6: line longer than 100 bytes"
}

@test "a row over max_line inside a board costs that record only" {
    printf 'limits: {max_line: 64}\n' >"$BATS_TEST_TMPDIR/c.yaml"
    long=$(head -c 100 /dev/zero | tr '\0' 'w')
    { printf 'bwwb\n%s\nbwwb\nbwww\n' "$long"; grid "$S2"; echo "id=x $S1"; printf 'bwwb\r\n'; } >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs -c "$BATS_TEST_TMPDIR/c.yaml" "$BATS_TEST_TMPDIR/in"
    assert_output $'invalid\nImpossible\n4\ninvalid'
    assert_regex "$stderr" ":2: line longer than 64 bytes"
}

@test "NUL bytes and random bytes are invalid records, never a crash" {
    { grid "$S1"; printf 'bw\0b\nbbwb\nbwwb\nbwww\n\n'; grid "$S2"; } >"$BATS_TEST_TMPDIR/in"
    run -1 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/in"
    assert_output $'4\ninvalid\nImpossible'
    head -c 200000 /dev/urandom >"$BATS_TEST_TMPDIR/rand"
    run -1 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/rand"
    refute_output --regexp '^[0-9]'
}

@test "a NUL in an unknown key is shown as '?', not taken for the key's end" {
    run -1 --separate-stderr gridbfs < <(printf 'f\0oo=1 %s\n\0=1 %s\n%s\n' "$S1" "$S1" "$S1")
    assert_output $'invalid\ninvalid\n4'
    assert_equal "$stderr" "gridbfs: <stdin>:1: unknown key 'f?oo=' (expected id=, rule= or size=)
gridbfs: <stdin>:2: unknown key '?=' (expected id=, rule= or size=)"
}

@test "a missing or unreadable input is reported and the others still answered" {
    grid "$S1" >"$BATS_TEST_TMPDIR/a"
    run -2 --separate-stderr gridbfs "$BATS_TEST_TMPDIR/nope" "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR"
    assert_output '4'
    assert_regex "$stderr" "nope: No such file or directory"
    assert_regex "$stderr" "Is a directory"
}
