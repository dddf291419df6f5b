#!/usr/bin/env bats
# gridbfs --census: the figures of a rule as a whole at one size.  Every
# figure is held to tests/ref/censusref.c (its own move generation and a
# plain breadth-first search over every board, no symmetry), or to facts
# found by independent exhaustive runs (POJ 1753, P1225), never to
# gridbfs's own earlier output.
bats_require_minimum_version 1.5.0
load test_helper/common

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
    printf 'rules:\n' >c.yaml
}

# flip NAME STENCIL WRAP GOAL: a flip-neighbors profile in c.yaml, cells 10
# (the reference's 1 and 0).
flip() {
    add_rule c.yaml "$1" flip-neighbors "stencil: \"$2\"" "wrap: $3" \
        "goal: \"$4\"" 'cells: "10"'
}

# swap NAME NEIGH WRAP: a swap-adjacent profile in c.yaml.
swap() {
    add_rule c.yaml "$1" swap-adjacent "neighbourhood: $2" "wrap: $3" \
        'cells: "10"'
}

# rows_of TEXT: the example board of a text census, rows joined by '/'
# (column FIELD of the lines after "example at").
rows_of() {
    sed -n '/^example at/,$p' | sed 1d | cut -d' ' -f"$1" | paste -sd/
}

@test "POJ 1753: 4,096 of 65,536 solvable, the histogram of either colour's goal" {
    run -0 --separate-stderr gridbfs --census -f csv
    assert_output "$(printf '%s\n' distance,states 0,2 1,32 2,228 3,880 \
        4,1562 5,1136 6,256 impossible,61440)"
    assert_equal "$stderr" ""
    assert_output "$(censusref flip 4x4 010/111/010 0 uniform)"
    run -0 gridbfs --census
    assert_line 'states: 65536'
    assert_line 'solvable: 4096'
    assert_line 'impossible: 61440'
    assert_line 'largest distance: 6 (256 states)'
}

@test "POJ 1753 with the all-white goal only: the largest distance is 7, on 32 boards" {
    add_rule c.yaml white flip-neighbors 'goal: "off"' 'cells: bw'
    run -0 gridbfs -c c.yaml -r white --census
    assert_line 'largest distance: 7 (32 states)'
    assert_line 'solvable: 4096'
    run -0 censusref flip 4x4 010/111/010 0 off summary
    assert_line 'max 7'
    assert_line 'at_max 32'
}

@test "P1225: every ordered pair of 4x4 boards with 8 ones is solvable; at most 20 swaps, for 144 pairs; mean 6.99" {
    run -0 --separate-stderr gridbfs --census -r p1225
    assert_line 'boards with 8 ones: 12870'
    assert_line 'pairs (start, target): 165636900'
    assert_line 'solvable: 165636900'
    assert_line 'impossible: 0'
    assert_line 'largest distance: 20 (144 pairs)'
    assert_line 'mean distance: 6.99'
    # the default --ones is half the cells
    run -0 gridbfs --census -r p1225 --ones 8 -f jsonl
    assert_output --partial '"ones":8,"boards":12870,'
    assert_output --partial '"pairs":165636900,"solvable":165636900,"impossible":0,'
    assert_output --partial '"max_distance":20,"at_max":144,"mean":6.98'
}

@test "flip censuses equal the reference: stencils, wrap, goals, 1x3 to 4x4" {
    local stencils=(010/111/010 101/010/101 111/111/111 000/111/000 010/010/010 110/011/000)
    local n=0 st wrap goal size
    for st in "${stencils[@]}"; do
        for wrap in 0 1; do
            for goal in uniform off on; do
                n=$((n + 1))
                flip "f$n" "$st" "$([ $wrap = 1 ] && echo true || echo false)" "$goal"
            done
        done
    done
    n=0
    for st in "${stencils[@]}"; do
        for wrap in 0 1; do
            for goal in uniform off on; do
                n=$((n + 1))
                for size in 1x3 2x2 2x3 3x3 3x4 4x4; do
                    run -0 --separate-stderr gridbfs -c c.yaml -r "f$n" -s "$size" --census -f csv
                    [ "$output" = "$(censusref flip "$size" "$st" "$wrap" "$goal")" ] ||
                        fail "$st wrap $wrap goal $goal at $size: gridbfs $output"
                done
            done
        done
    done
}

@test "flip-lines censuses (poj2965's rule) equal the reference" {
    add_rule c.yaml lu flip-lines 'goal: uniform' 'cells: "10"'
    local size
    for size in 2x2 2x3 3x3 3x4 4x4; do
        run -0 gridbfs -r poj2965 -s "$size" --census -f csv
        assert_output "$(censusref lines "$size" off)"
        run -0 gridbfs -c c.yaml -r lu -s "$size" --census -f csv
        assert_output "$(censusref lines "$size" uniform)"
    done
}

@test "swap pair censuses equal the reference: 2x3, 3x3 (every K), 8-neighbourhood, torus" {
    swap s4 4 false
    swap s8 8 false
    swap w4 4 true
    swap w8 8 true
    local k r size
    for k in 0 1 2 3 4 5 6; do
        run -0 gridbfs -r p1225 -s 2x3 --ones "$k" --census -f csv
        assert_output "$(censusref swap 2x3 4 0 "$k")"
    done
    for k in 0 1 2 3 4 5 6 7 8 9; do
        run -0 gridbfs -c c.yaml -r s4 -s 3x3 --ones "$k" --census -f csv
        assert_output "$(censusref swap 3x3 4 0 "$k")"
    done
    for r in s8:8:0 w4:4:1 w8:8:1; do
        IFS=: read -r name neigh wrap <<<"$r"
        for size in 2x3 3x3 3x4; do
            k=$((${size%x*} * ${size#*x} / 2))
            run -0 gridbfs -c c.yaml -r "$name" -s "$size" --census -f csv
            assert_output "$(censusref swap "$size" "$neigh" "$wrap" "$k")"
            run -0 gridbfs -c c.yaml -r "$name" -s "$size" --ones 2 --census -f csv
            assert_output "$(censusref swap "$size" "$neigh" "$wrap" 2)"
        done
    done
}

@test "flip-neighbors with goal target: pairs of boards with K ones equal the reference, lopsided stencils too" {
    local n=0 st wrap size k
    for st in 010/111/010 110/011/000 010/011/000; do
        for wrap in false true; do
            n=$((n + 1))
            flip "t$n" "$st" "$wrap" target
        done
    done
    n=0
    for st in 010/111/010 110/011/000 010/011/000; do
        for wrap in 0 1; do
            n=$((n + 1))
            for size in 2x3 3x3 3x4; do
                for k in 2 4 $((${size%x*} * ${size#*x} / 2)); do
                    run -0 --separate-stderr gridbfs -c c.yaml -r "t$n" -s "$size" --ones "$k" --census -f csv
                    [ "$output" = "$(censusref flip "$size" "$st" "$wrap" target "$k")" ] ||
                        fail "$st wrap $wrap at $size with $k ones: gridbfs $output"
                done
            done
        done
    done
    # a lopsided stencil has no symmetry but the identity
    run -0 gridbfs -c c.yaml -r t3 -s 3x3 --ones 4 --census
    assert_line 'symmetries used: 1, so 126 targets searched'
    run -0 gridbfs -c c.yaml -r t1 -s 3x3 --ones 4 --census
    assert_line 'symmetries used: 8, so 23 targets searched'
}

@test "every -j gives the same census, byte for byte, example included" {
    swap w8 8 true
    local j one
    one=$(gridbfs -c c.yaml -r w8 -s 3x4 --census -j1)
    for j in 2 3 8; do
        assert_equal "$(gridbfs -c c.yaml -r w8 -s 3x4 --census -j$j)" "$one"
    done
    assert_equal "$(gridbfs -r p1225 -s 3x3 --ones 5 --census -j3 -f csv)" "$(censusref swap 3x3 4 0 5)"
}

@test "the summary's figures equal the reference's: total, solvable, largest distance, mean" {
    flip lo 010/111/010 false off
    local ref
    run -0 gridbfs -c c.yaml -r lo -s 3x4 --census
    ref=$(censusref flip 3x4 010/111/010 0 off summary)
    assert_line "states: $(sed -n 's/^total //p' <<<"$ref")"
    assert_line "solvable: $(sed -n 's/^solvable //p' <<<"$ref")"
    assert_line --regexp "^largest distance: $(sed -n 's/^max //p' <<<"$ref") \\($(sed -n 's/^at_max //p' <<<"$ref") states?\\)\$"
    assert_line "mean distance: $(sed -n 's/^mean //p' <<<"$ref")"
    run -0 gridbfs -r p1225 -s 3x3 --ones 4 --census
    ref=$(censusref swap 3x3 4 0 4 summary)
    assert_line "pairs (start, target): $(sed -n 's/^total //p' <<<"$ref")"
    assert_line "largest distance: $(sed -n 's/^max //p' <<<"$ref") ($(sed -n 's/^at_max //p' <<<"$ref") pairs)"
    assert_line "mean distance: $(sed -n 's/^mean //p' <<<"$ref")"
}

@test "the example is at the largest distance, by the reference's own search" {
    local out max
    out=$(gridbfs --census)
    max=$(sed -n 's/^largest distance: \([0-9]*\) .*/\1/p' <<<"$out")
    assert_equal "$max" 6
    run -0 censusref flip 4x4 010/111/010 0 uniform dist \
        "$(rows_of 1 <<<"$out" | tr bw 10)"
    assert_output "$max"
    out=$(gridbfs -r p1225 -s 3x3 --ones 4 --census)
    max=$(sed -n 's/^largest distance: \([0-9]*\) .*/\1/p' <<<"$out")
    run -0 censusref swap 3x3 4 0 4 dist "$(rows_of 1 <<<"$out")" "$(rows_of 2 <<<"$out")"
    assert_output "$max"
    # JSON Lines draws the same boards
    run -0 gridbfs -r p1225 -s 3x3 --ones 4 --census -f jsonl
    assert_output --partial "\"example\":{\"start\":[\"$(rows_of 1 <<<"$out" | sed 's|/|","|g')\"],\"target\":[\"$(rows_of 2 <<<"$out" | sed 's|/|","|g')\"]}"
}

@test "CSV: the header, one row a distance from 0 up, then impossible; the rows add up to every state" {
    run -0 gridbfs -r lights5 -s 3x3 --census -f csv
    assert_line -n 0 distance,states
    assert_line -n -1 --regexp '^impossible,[0-9]+$'
    local d=0 sum=0 line
    while IFS=, read -r k n; do
        if [ "$k" = impossible ]; then
            sum=$((sum + n))
        else
            assert_equal "$k" "$d"
            d=$((d + 1))
            sum=$((sum + n))
        fi
    done < <(sed 1d <<<"$output")
    assert_equal "$sum" 512
}

@test "JSON Lines: one object with every figure" {
    requires jq
    run -0 gridbfs --census -f jsonl
    assert_equal "${#lines[@]}" 1
    run -0 jq -c '[.rule, .plugin, .size, .method, .states, .solvable, .impossible, .histogram, .max_distance, .at_max, (.mean*100|round), (.example.start|length), .example.target, .not_computed]' <<<"$output"
    assert_output '["poj1753","flip-neighbors","4x4","table",65536,4096,61440,[2,32,228,880,1562,1136,256],6,256,405,4,null,null]'
    run -0 bash -c '"$GRIDBFS" --census -r p1225 -s 2x3 --ones 3 -f jsonl | jq -c "[.method, .ones, .boards, .states, .pairs, .solvable, .impossible, .histogram, .max_distance, .at_max, (.example.target|length)]"'
    assert_output "[\"pairs\",3,20,20,400,400,0,[$(censusref swap 2x3 4 0 3 | sed '1d;$d' | cut -d, -f2 | paste -sd,)],5,4,2]"
}

@test "past the table: solvable by the masks' rank over GF(2); with nullity 0 the histogram is binomial" {
    run -0 --separate-stderr gridbfs --census -r poj1222 -f csv
    assert_equal "$stderr" ""
    # every 5x6 board has one press set (the judge's unique answer), so
    # C(30, d) boards are d presses away
    assert_output "$(awk 'BEGIN { print "distance,states"; c = 1
        for (d = 0; d <= 30; d++) { printf "%d,%d\n", d, c; c = c * (30 - d) / (d + 1) }
        print "impossible,0" }')"
    run -0 gridbfs --census -r poj1222
    assert_line "solvable: 1073741824 (1 coset of the goals, 2^30 boards each: the moves' masks have rank 30, nullity 0)"
    assert_line 'largest distance: 30 (1 state)'
    assert_line 'mean distance: 15.00'
    # all 30 pressed: a corner flipped 3 times, an edge 4, the inside 5
    assert_equal "$(sed -n '/^example at 30:/,$p' <<<"$output" | sed 1d | paste -sd/)" \
        100001/011110/011110/011110/100001
}

@test "past the table with nullity above 0: the histogram said not computed, exit 1" {
    local why="not computed (a table of 2^36 states is past the 30 cells a table indexes; the moves' masks have a null space of 4 dimensions)"
    run -1 --separate-stderr gridbfs --census -r lights5 -s 4x9
    assert_line 'states: 68719476736'
    assert_line "solvable: 4294967296 (1 coset of the goals, 2^32 boards each: the moves' masks have rank 32, nullity 4)"
    assert_line 'impossible: 64424509440'
    assert_line "distance histogram: $why"
    assert_line 'largest distance: not computed'
    assert_equal "$stderr" "gridbfs: --census: rule 'lights5' at 4x9: the distance histogram is $why"
    run -1 --separate-stderr gridbfs --census -r lights5 -s 4x9 -f csv
    assert_output "$(printf 'distance,states\nimpossible,64424509440')"
    run -1 --separate-stderr gridbfs --census -r lights5 -s 4x9 -f jsonl
    assert_output --partial "\"histogram\":null,\"max_distance\":null,\"at_max\":null,\"mean\":null,\"example\":{\"start\":null,\"target\":null},\"rank\":32,\"nullity\":4,\"goal_cosets\":1,\"not_computed\":{\"histogram\":\"$why\"}}"
}

@test "forced off the table, the rank's figures equal the reference's search" {
    printf 'limits: {table_memory: 0}\n' >notab.yaml
    local st goal size want
    for st in 010/111/010 101/010/101 111/111/111 000/111/000; do
        for goal in uniform off on; do
            printf 'rules:\n  x: {plugin: flip-neighbors, stencil: "%s", goal: "%s", cells: "10"}\n' "$st" "$goal" >x.yaml
            for size in 1x4 2x2 2x3 3x3 4x4 4x5; do
                run --separate-stderr gridbfs -c notab.yaml -c x.yaml -r x -s "$size" --census -f csv
                case $status in
                0) [ "$output" = "$(censusref flip "$size" "$st" 0 "$goal")" ] ||
                    fail "$st $goal $size: gridbfs $output" ;;
                1) want=$(censusref flip "$size" "$st" 0 "$goal" | sed -n 's/^impossible,//p')
                    assert_output "$(printf 'distance,states\nimpossible,%s' "$want")" ;;
                *) fail "$st $goal $size: exit $status" ;;
                esac
            done
        done
    done
}

@test "6x6 and 8x8 Lights Out (nullity 0): counts past 2^32, 2^64 written out" {
    run -0 gridbfs --census -r lights5 -s 6x6 -f jsonl
    assert_output --partial '"states":68719476736,"pairs":null,"solvable":68719476736,"impossible":0,'
    run -0 gridbfs --census -r lights5 -s 8x8
    assert_line 'states: 18446744073709551616'
    assert_line 'solvable: 18446744073709551616 (1 coset of the goals, 2^64 boards each: the moves'"'"' masks have rank 64, nullity 0)'
    # C(64, 32) boards half way, one with every cell pressed
    assert_line '32: 1832624140942590534'
    assert_line 'largest distance: 64 (1 state)'
    # 4x4 Lights Out has nullity 4: 2^12 solvable, by the table
    run -0 gridbfs --census -r lights5 -s 4x4 -f jsonl
    assert_output --partial '"solvable":4096,'
}

@test "errors: a size past the limits, names the limit; --ones out of range; no FILE" {
    run -2 --separate-stderr gridbfs --census -r p1225 -s 5x5
    assert_equal "$stderr" "gridbfs: --census: rule 'p1225' at 5x5 with 12 ones: 5200300 targets (650038 up to symmetry) of 2^25 states each need about 1.4e+14 steps, over the census limit of 1e+10"
    assert_output ""
    run -2 --separate-stderr gridbfs --census -r p1225 -s 6x6 --ones 2
    assert_equal "$stderr" "gridbfs: --census: rule 'p1225' at 6x6: a table of 2^36 states is past the 30 cells a table indexes"
    run -2 --separate-stderr gridbfs --census -r p1225 -c <(printf 'limits: {table_memory: 1000}\n')
    assert_equal "$stderr" "gridbfs: --census: rule 'p1225' at 4x4: a table of 2^16 states needs 327680 bytes while built, over limits.table_memory (1000)"
    # tables come from the tables' share of limits.memory, as when
    # answering: of 8 MiB, 1 + 1 + 0.5 MiB go to chunks, stacks and parked
    # workspaces, and half of the 5.5 MiB left is the tables', 2883584
    # bytes, short of a 4x5 table's 5 MiB (which the whole budget has)
    run -2 --separate-stderr gridbfs --census -r p1225 -s 4x5 --ones 2 -c <(printf 'limits: {memory: 8388608}\n')
    assert_equal "$stderr" "gridbfs: --census: rule 'p1225' at 4x5: a table of 2^20 states needs 5242880 bytes while built, over the tables' share (2883584) of limits.memory (8388608)"
    run -2 --separate-stderr gridbfs --census -r swap-adjacent -s 9x9
    assert_equal "$stderr" "gridbfs: --census: rule 'swap-adjacent' at 9x9: boards over 64 cells are beyond a census, but for rules whose moves add fixed vectors (GRIDBFS2_LINEAR) to a fixed goal set"
    run -2 --separate-stderr gridbfs --census -r p1225 --ones 17
    assert_equal "$stderr" "gridbfs: --census: --ones: expected 0 to 16 (the cells of 4x4), got 17"
    run -2 --separate-stderr gridbfs --census -r p1225 --ones -1
    assert_equal "$stderr" "gridbfs: --ones: expected a whole number from 0 to 1024, got '-1'"
    run -2 --separate-stderr gridbfs --census --ones 3
    assert_equal "$stderr" "gridbfs: --census: rule 'poj1753' at 4x4: --ones is for rules with a target board; its goals are fixed"
    run -2 --separate-stderr gridbfs --ones 3
    assert_equal "$stderr" "gridbfs: --ones: only with --census"
    run -2 --separate-stderr gridbfs --census input.txt
    assert_equal "$stderr" "gridbfs: --census reads no FILE"
}

@test "a third-party rule with no XOR flag: its table's census; past the table, an error naming the limit" {
    # typed-size (tests/plugins): each move toggles one cell, goal all 0,
    # so C(6, d) boards of 2x3 are d moves away
    run -0 gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r typed-size -s 2x3 --census -f csv
    assert_output "$(printf 'distance,states\n0,1\n1,6\n2,15\n3,20\n4,15\n5,6\n6,1\nimpossible,0')"
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r typed-size -s 6x6 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'typed-size' at 6x6: a table of 2^36 states is past the 30 cells a table indexes"
    assert_output ""
}

@test "-o writes the census whole; without --progress nothing else goes to standard error" {
    run -0 --separate-stderr gridbfs --census -r p1225 -s 3x3 -o out.txt
    assert_equal "$stderr" ""
    assert_output ""
    assert_equal "$(cat out.txt)" "$(gridbfs --census -r p1225 -s 3x3)"
    assert_equal "$(head -1 out.txt)" "rule: p1225 (swap-adjacent), 3x3"
    # forced progress: any line it writes is a progress line
    run -0 --separate-stderr gridbfs --census -r p1225 -s 3x4 --progress -f csv
    assert_output "$(censusref swap 3x4 4 0 6)"
    if [ -n "$stderr" ]; then
        run -1 grep -vE '^gridbfs: [0-9,]+ targets? done, [0-9]+%, [0-9:]+ elapsed' <<<"$stderr"
    fi
}

@test "the README's census examples are what gridbfs writes" {
    local readme=$BATS_TEST_DIRNAME/../README.md cmd want n=0
    # each "$ gridbfs --census..." line of the Census section, and the
    # lines after it up to the next command or the block's end
    while IFS= read -r cmd; do
        want=$(awk -v c="$cmd" '$0 == "$ " c { on = 1; next }
            on && (/^\$ / || /^```/) { exit } on' "$readme")
        run -0 --separate-stderr bash -c "export PATH=\"$(dirname "$GRIDBFS"):\$PATH\"; $cmd"
        [ "$output" = "$want" ] || fail "README: \$ $cmd: gridbfs wrote $output"
        n=$((n + 1))
    done < <(sed -n '/^## Census/,/^## /p' "$readme" | sed -n 's/^\$ \(gridbfs --census.*\)/\1/p')
    assert_equal "$n" 3
}

@test "a plugin whose goals() breaks its contract: no census, the message solving gives" {
    local P=$GRIDBFS_TEST_PLUGINS
    for lie in 'off:a state off the board' 'many:too many goals'; do
        local name=lie-goals-${lie%%:*}
        local why="plugin '$name' broke its contract: goals() gave ${lie#*:}"
        run -2 --separate-stderr gridbfs -P "$P" -r "$name" -s 3x3 --census -f csv
        assert_output ''
        assert_equal "$stderr" "gridbfs: --census: rule '$name': $why"
        # (-p: the exact solver's path is checked against goals())
        run -1 --separate-stderr gridbfs -P "$P" -r "$name" -s 3x3 -p <<<100/000/000
        assert_equal "$stderr" "gridbfs: <stdin>:1: $why"
    done
}
