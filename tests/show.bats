#!/usr/bin/env bats
# --show (issue 15, item 2): each solved record drawn move by move.  Every
# drawing is replayed by tests/ref/showref.c, which has its own move rules
# and checks that the first board is the input, each board follows from
# the one before by the printed move, the marks are exactly the changed
# cells, and the last board is a goal; plain text into a file or a pipe,
# reverse video on a terminal (tmux), none with NO_COLOR.
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # poj1753: 4 moves, "1 1", "1 2", "2 2", "4 3"

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
    echo 'rules:' >c.yaml
}

showref() { "$GRIDBFS_TEST_BIN/showref" "$@"; }

# shows RULE-ARGS -- GRIDBFS-ARGS: gridbfs --show on the records in p.txt
# into o.txt, and showref with RULE-ARGS on them; its summary in $output.
shows() {
    local ref=()
    while [ "$1" != -- ]; do
        ref+=("$1")
        shift
    done
    shift
    run -0 gridbfs_to o.txt --show "$@" p.txt
    run -0 showref "${ref[@]}" p.txt o.txt
}

@test "poj1753: the README's drawing, by hand" {
    run -0 --separate-stderr gridbfs --show <<<"$S1"
    assert_output "4
1 1
1 2
2 2
4 3
start:
 b w w b
 b b w b
 b w w b
 b w w w
move 1 of 4: 1 1
*w*b w b
*w b w b
 b w w b
 b w w w
move 2 of 4: 1 2
*b*w*b b
 w*w w b
 b w w b
 b w w w
move 3 of 4: 2 2
 b*b b b
*b*b*b b
 b*b w b
 b w w w
move 4 of 4: 4 3
 b b b b
 b b b b
 b b*b b
 b*b*b*b
solved in 4 moves"
    assert_equal "$stderr" ''
}

@test "poj1753: 600 random boards replay, impossible ones print Impossible alone" {
    flipref boards -n 600 -S 3 >p.txt
    shows flip -c bw -g uniform -- -r poj1753
    assert_output --regexp '^records 600 solved [1-9][0-9]* moves [1-9]'
    # the impossible ones are exactly the reference's
    flipref solve p.txt | grep -c Impossible >want
    grep -cx Impossible o.txt >got
    assert_equal "$(cat got)" "$(cat want)"
}

@test "flip-neighbors: diagonal and full stencils, wrap, goals off, on and target" {
    add_rule c.yaml diag flip-neighbors 'stencil: 101/010/101' 'goal: "off"' 'cells: "10"'
    add_rule c.yaml torus flip-neighbors 'wrap: true' 'goal: "on"' 'cells: "10"'
    add_rule c.yaml full flip-neighbors 'stencil: 111/111/111' 'wrap: true' 'goal: target' 'cells: "10"'
    flipref boards -s 3x4 -n 200 -S 4 -c 10 -t diag >p.txt
    shows flip -c 10 -g off -t 101/010/101 -- -c c.yaml -r diag -s 3x4
    assert_output --regexp 'solved [1-9]'
    flipref boards -s 4x5 -n 200 -S 5 -c 10 -w >p.txt
    shows flip -c 10 -g on -w -- -c c.yaml -r torus -s 4x5
    assert_output --regexp 'solved [1-9]'
    flipref boards -s 4x4 -n 200 -S 6 -c 10 -t full -w -g target >p.txt
    shows flip -c 10 -g target -t 111/111/111 -w -- -c c.yaml -r full -s 4x4
    assert_output --regexp 'solved [1-9]'
    grep -qx 'target:' o.txt || fail "no target board drawn"
}

@test "flip-lines: poj2965 and goal uniform, odd sides too" {
    linesref boards -s 4x4 -n 300 -S 7 >p.txt
    shows lines -c +- -g off -- -r poj2965
    assert_output --regexp '^records 300 solved 300 '
    add_rule c.yaml uni flip-lines 'goal: uniform'
    linesref boards -s 3x5 -n 300 -S 8 -g uniform >p.txt
    shows lines -c +- -g uniform -- -c c.yaml -r uni -s 3x5
    assert_output --regexp 'solved [1-9]'
}

@test "swap-adjacent: p1225, and 8-neighbours round a torus" {
    swapref gen -s 4x4 -u 10 -S 9 300 >p.txt
    shows swap -c 10 -- -r p1225
    assert_output --regexp 'solved [1-9][0-9]* '
    grep -qx Impossible o.txt || fail "no impossible puzzle among them"
    add_rule c.yaml king swap-adjacent 'neighbourhood: 8' 'wrap: true'
    swapref gen -s 3x5 -8 -w -S 10 200 >p.txt
    shows swap -c 10 -8 -w -- -c c.yaml -r king -s 3x5
    assert_output --regexp '^records 200 solved 200 '
}

@test "invalid and limit records print what they print without --show" {
    # a search stopped at max_states is a limit
    printf 'limits: {max_states: 20, table_memory: 0}\nrules:\n  lim: {plugin: flip-neighbors, engine: search}\n' >l.yaml
    printf '%s\nbwwb/bbwb\nrule=nosuch %s\nrule=lim %s\nbbbb/bbbb/bbbb/bbbw\n' "$S1" "$S1" "$S1" >p.txt
    run -1 --separate-stderr gridbfs -c l.yaml -p p.txt
    local want=$output want_err=$stderr
    assert_equal "$(sed -n '2,$p' <<<"$want" | grep -cxE 'invalid|limit|Impossible')" 4
    run -1 --separate-stderr gridbfs -c l.yaml --show p.txt
    assert_equal "$(sed '/^start:$/,/^$/d' <<<"$output")" "$want"
    assert_equal "$(grep -c '^start:$' <<<"$output")" 1
    assert_equal "$stderr" "$want_err"
}

@test "-j: the drawings come in input order, byte for byte as -j1" {
    flipref boards -n 2000 -S 11 >p.txt
    gridbfs --show -j1 p.txt >one
    gridbfs --show -j2 p.txt >two
    gridbfs --show -j4 p.txt >four
    cmp one two && cmp one four
    run -0 showref flip -c bw -g uniform p.txt one
}

@test "--show with -f csv or jsonl, or with --no-path, is a usage error" {
    run -2 --separate-stderr gridbfs --show -f csv <<<"$S1"
    assert_output ''
    assert_equal "$stderr" 'gridbfs: --show draws boards as text, for -f judge: not -f csv (its path field has the moves)'
    run -2 --separate-stderr gridbfs --show -f jsonl <<<"$S1"
    [[ $stderr == *'not -f jsonl'* ]] || fail "$stderr"
    printf 'defaults: {format: csv}\n' >f.yaml
    run -2 --separate-stderr gridbfs -c f.yaml --show <<<"$S1"
    [[ $stderr == *'not -f csv'* ]] || fail "$stderr"
    run -2 --separate-stderr gridbfs --show --no-path <<<"$S1"
    assert_equal "$stderr" 'gridbfs: --show draws the path: it cannot go with --no-path'
}

@test "into a pipe and a file: plain text, no escape byte, NO_COLOR or not" {
    flipref boards -n 50 -S 12 >p.txt
    gridbfs --show p.txt | cat >piped
    NO_COLOR= gridbfs --show -o file p.txt
    cmp piped file
    ! grep -q $'\e' piped || fail "an escape byte in a pipe"
    grep -q '^\*' piped || fail "no mark at all"
}

@test "showref fails a drawing with a wrong mark, cell or move" {
    echo "$S1" >p.txt
    gridbfs --show p.txt >good
    run -0 showref flip -c bw -g uniform p.txt good
    # a mark moved off a changed cell, a cell changed, a move renamed,
    # a cell of the last board changed
    sed '12s/^\*w\*b/*ww*b/' good >bad1
    sed '13s/^\*w b/*b b/' good >bad2
    sed 's/^move 2 of 4: 1 2$/move 2 of 4: 2 1/' good >bad3
    sed '30s/^ b\*b\*b\*b$/ b*b*b*w/' good >bad4
    for f in bad1 bad2 bad3 bad4; do
        ! cmp -s good $f || fail "$f is not changed"
        run -1 showref flip -c bw -g uniform p.txt $f
    done
}
