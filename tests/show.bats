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

# upside_down < BOARDS: each board, then the same rows in reverse order (a
# swap target with as many ones).
upside_down() {
    awk '{ n = split($1, r, "/"); t = r[n]
           for (i = n - 1; i >= 1; i--) t = t "/" r[i]
           print $1, t }'
}

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
    # rules and sizes mixed, 20x20 exact solves among cheap ones, bad records
    flipbig boards -s 20x20 -n 4 -k -c 10 -g off -S 22 |
        sed 's/^/rule=off /' >big
    add_rule c.yaml off flip-neighbors 'goal: "off"' 'cells: "10"'
    swapref gen -z -S 23 40 | sed 's/^/rule=p1225 /' >swaps
    { paste -d '\n' big swaps p.txt | head -300; echo 'bwwb/bbwb'; } | sed '/^$/d' >mixed
    run -1 gridbfs_to one -c c.yaml --show -j1 mixed
    run -1 gridbfs_to two -c c.yaml --show -j2 mixed
    run -1 gridbfs_to four -c c.yaml --show -j4 mixed
    cmp one two && cmp one four
    [ "$(grep -c '^solved in' one)" -gt 40 ]
}

@test "bash completion offers --show" {
    run -0 bash -c 'source "$1"; COMP_WORDS=("$2" --sh); COMP_CWORD=1; _gridbfs; echo "${COMPREPLY[*]}"' \
        sh "$BATS_TEST_DIRNAME/../completions/gridbfs.bash" "$GRIDBFS"
    assert_output '--show'
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

# ---- boards over 64 cells: replayed with the plugin's apply() (ABI 1.3) ----

@test "flip-neighbors 20x20 and 32x32 with the exact solver: every drawing replays" {
    add_rule c.yaml off flip-neighbors 'goal: "off"' 'cells: "10"' 'engine: exact'
    flipbig boards -s 20x20 -n 6 -k -c 10 -g off -S 13 >p.txt
    shows flip -c 10 -g off -- -c c.yaml -r off -s 20x20
    assert_output --regexp '^records 6 solved [3-6] moves [1-9][0-9]{2,}$'
    flipbig boards -s 32x32 -n 4 -k -c 10 -g off -S 14 >p.txt
    shows flip -c 10 -g off -- -c c.yaml -r off -s 32x32
    assert_output --regexp '^records 4 solved [2-4] moves [1-9][0-9]{2,}$'
    # 32 cells a row, two columns each: no row is wider than 64 characters
    [ "$(awk '/^[ *]/ { if (length($0) > m) m = length($0) } END { print m }' o.txt)" = 64 ]
    add_rule c.yaml diagwrap flip-neighbors 'stencil: 101/010/101' 'wrap: true' 'goal: uniform' 'cells: "10"'
    flipbig boards -s 12x10 -n 6 -k -c 10 -t diag -w -S 15 >p.txt
    shows flip -c 10 -g uniform -t 101/010/101 -w -- -c c.yaml -r diagwrap -s 12x10
    assert_output --regexp 'solved [1-6] moves [1-9]'
}

@test "flip-lines 10x12 and swap-adjacent 10x10 and 16x16: every drawing replays" {
    linesref boards -s 10x12 -n 5 -S 16 >p.txt
    shows lines -c +- -g off -- -r poj2965 -s 10x12
    assert_output --regexp '^records 5 solved 5 moves [1-9]'
    # targets: the start upside down, as many ones
    flipbig boards -s 10x10 -n 8 -c 10 -S 17 | upside_down >p.txt
    shows swap -c 10 -- -r p1225 -s 10x10
    assert_output --regexp '^records 8 solved 8 moves [1-9]'
    grep -qE '^move 1 of [0-9]+: [0-9]+ [0-9]+ [0-9]+ [0-9]+$' o.txt || fail "no r1 c1 r2 c2 move"
    add_rule c.yaml king swap-adjacent 'neighbourhood: 8'
    flipbig boards -s 16x16 -n 3 -c 10 -S 18 | upside_down >p.txt
    shows swap -c 10 -8 -- -c c.yaml -r king -s 16x16
    assert_output --regexp '^records 3 solved 3 moves [1-9]'
}

@test "a 17 MB drawing of one 2 KB record is streamed: under ulimit -v at twice a 16 MiB budget it is drawn whole, and replays" {
    if ldd "$GRIDBFS" | grep -q libasan; then
        skip "AddressSanitizer reserves terabytes of address space: a release build runs this"
    fi
    # 32x32 swaps, the top half's 512 ones to the bottom half: 8,192
    # moves of 32 rows each; the drawing used to be held whole (and its
    # buffer doubled), outside limits.memory: out of memory under 32 MiB
    local ones zeros
    ones=$(printf '1%.0s' $(seq 32)) zeros=$(printf '0%.0s' $(seq 32))
    {
        printf "$ones/%.0s" $(seq 16) && printf "$zeros/%.0s" $(seq 15) && printf '%s ' "$zeros"
        printf "$zeros/%.0s" $(seq 16) && printf "$ones/%.0s" $(seq 15) && echo "$ones"
    } >p.txt
    printf 'limits: {memory: %d}\n' $((16 << 20)) >m.yaml
    run -0 --separate-stderr bash -c "ulimit -v $((32 * 1024)); exec \"\$0\" -c m.yaml -r p1225 -s 32x32 --show p.txt >o.txt" "$GRIDBFS"
    assert_equal "$stderr" ''
    [ "$(wc -c <o.txt)" -gt 17000000 ]
    run -0 showref swap -c 10 p.txt o.txt
    assert_output 'records 1 solved 1 moves 8192'
}

@test "a test plugin of ABI 1.3 with apply(): drawn at 3x3, 10x10 and 32x32" {
    local s
    for s in 3x3 10x10 32x32; do
        flipbig boards -s $s -n 3 -c 10 -g off -S 19 >p.txt
        shows flip -c 10 -g off -t 000/010/000 -- -P "$GRIDBFS_TEST_PLUGINS" -r toggle-apply -s $s
        assert_output --regexp '^records 3 solved 3 moves [1-9]'
    done
}

@test "older plugins: drawn up to 64 cells; past 64 cells the answer, and a clear refusal" {
    # ABI 1.0 (no solve, no apply) and 1.2 (no apply) on small boards
    printf 'size=2x3 101/011\n' >p.txt
    shows cell -c 10 -g off -- -P "$GRIDBFS_TEST_PLUGINS" -r old-abi
    assert_output 'records 1 solved 1 moves 4'
    flipbig boards -s 8x8 -n 3 -c 10 -g off -S 20 >p.txt
    shows flip -c 10 -g off -t 000/010/000 -- -P "$GRIDBFS_TEST_PLUGINS" -r toggle-old -s 8x8
    assert_output --regexp '^records 3 solved 3 moves [1-9]'
    # ABI 1.2 on 9x9: its answer as without --show, then why there is no
    # drawing; the same on stderr with the file and line; exit 1
    flipbig boards -s 9x9 -n 2 -c 10 -g off -S 21 >p.txt
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r toggle-old -s 9x9 -p p.txt
    local want=$output
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r toggle-old -s 9x9 --show p.txt
    local why="cannot show the moves: plugin 'toggle-old' (ABI 1.2) offers no apply() to replay a move on boards over 64 cells (9x9); the answer above is still right"
    assert_equal "$(grep -v -e '^start:$' -e '^ [01 ]*$' -e "^$why\$" <<<"$output" | sed '/^$/d')" "$want"
    assert_equal "$(grep -cxF "$why" <<<"$output")" 2
    assert_equal "$stderr" "gridbfs: p.txt:1: $why
gridbfs: p.txt:2: $why"
    ! grep -q '^move ' <<<"$output" || fail "a move drawn"
    # -q keeps stderr quiet, not the exit status
    run -1 --separate-stderr gridbfs -q -P "$GRIDBFS_TEST_PLUGINS" -r toggle-old -s 9x9 --show p.txt
    assert_equal "$stderr" ''
}

@test "a plugin whose apply() sets a cell off the board: no drawing, a message, exit 1" {
    printf 'size=10x10 %s\n' "1$(printf '0%.0s' $(seq 9))/$(printf '0000000000/%.0s' $(seq 9))" >p.txt
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r broken-apply --show p.txt
    assert_line -n 0 1
    assert_line -n 1 '1 1'
    assert_line -n 2 'start:'
    assert_line "cannot show the moves: plugin 'broken-apply' broke its contract: move 1 of 1 (id 0) cannot be replayed"
    ! grep -q '^move ' <<<"$output" || fail "half a drawing"
    assert_equal "$stderr" "gridbfs: p.txt:1: cannot show the moves: plugin 'broken-apply' broke its contract: move 1 of 1 (id 0) cannot be replayed"
}

# ---- on a terminal ----------------------------------------------------------

# on_terminal ENV...: gridbfs --show on $S1 in a fresh 100x40 tmux terminal
# (a server of its own, its socket in the test's folder), with ENV
# (NAME=VALUE) set; once it has ended, the screen as text in $plain and
# with its escape codes (capture-pane -e) in $coded.
on_terminal() {
    requires tmux
    local i env=""
    for i in "$@"; do
        env+=" $(printf '%q' "$i")"
    done
    unset TMUX
    export TMUX_TMPDIR=$BATS_TEST_TMPDIR
    printf 'env -u NO_COLOR%s %q --show <<<%q\necho "[exit $?]"\nsleep 600\n' "$env" "$GRIDBFS" "$S1" >term.sh
    tmux -L show -f /dev/null new-session -d -s t -x 100 -y 40 "exec bash --norc --noprofile term.sh"
    for ((i = 0; i < 1200; i++)); do # a guard against a hang, not a timing
        plain=$(tmux -L show capture-pane -p -t t)
        [[ $plain == *'[exit '* ]] && break
        sleep 0.1
    done
    coded=$(tmux -L show capture-pane -p -e -t t)
    tmux -L show kill-server
    plain=$(sed '/^$/d' <<<"$plain")
}

@test "on a terminal the changed cells are in reverse video, and the text is the plain one" {
    gridbfs --show <<<"$S1" | sed '/^$/d' >want
    echo '[exit 0]' >>want
    on_terminal
    assert_equal "$plain" "$(cat want)"
    # every mark is followed by its cell in reverse video, and nothing else is
    local marks reversed
    marks=$(grep -o '\*' want | wc -l)
    reversed=$(grep -o $'\\*\e\\[7m[bw]' <<<"$coded" | wc -l)
    [ "$marks" -gt 0 ] && [ "$reversed" = "$marks" ] ||
        fail "$marks marks, $reversed cells after one in reverse video"
    [ "$(grep -o $'\e\\[7m' <<<"$coded" | wc -l)" = "$marks" ]
    # NO_COLOR set and not empty: plain; set but empty: still highlighted
    on_terminal NO_COLOR=1
    assert_equal "$plain" "$(cat want)"
    ! grep -q $'\e\\[7m' <<<"$coded" || fail "reverse video under NO_COLOR=1"
    on_terminal NO_COLOR=
    [ "$(grep -o $'\e\\[7m' <<<"$coded" | wc -l)" = "$marks" ]
}

@test "on a terminal whose TERM is dumb or unset the marks are plain, as under NO_COLOR" {
    gridbfs --show <<<"$S1" | sed '/^$/d' >want
    echo '[exit 0]' >>want
    on_terminal TERM=dumb
    assert_equal "$plain" "$(cat want)"
    ! grep -q $'\e\\[7m' <<<"$coded" || fail "reverse video under TERM=dumb"
    on_terminal -u TERM
    assert_equal "$plain" "$(cat want)"
    ! grep -q $'\e\\[7m' <<<"$coded" || fail "reverse video with TERM unset"
    # any other terminal still gets them
    on_terminal TERM=xterm
    grep -q $'\e\\[7m' <<<"$coded" || fail "no reverse video under TERM=xterm"
}
