#!/usr/bin/env bats
# The rule parameters (stencil, wrap, goal, cells,
# neighbourhood, sizes), each answer held to the independent references in
# tests/ref (flipref: exhaustive press subsets, or light chasing on 5x5;
# swapref: minimum-cost matching), never to gridbfs's own earlier output.
# Profiles beyond the built-in ones come from a -c config written here.
bats_require_minimum_version 1.5.0

load test_helper/common

setup() {
    T=$BATS_TEST_TMPDIR
    CONFIG=$T/rules.yaml
    printf 'rules:\n' >"$CONFIG"
}

# stencil rows, as flipref -t takes them
PLUS=010/111/010
DIAG=101/010/101
FULL=111/111/111

# flip_rule NAME SIZE STENCIL WRAP GOAL CELLS: add a flip-neighbors profile.
flip_rule() {
    local s=$3
    printf '  %s: {plugin: flip-neighbors, size: %s, stencil: ["%s", "%s", "%s"], wrap: %s, goal: "%s", cells: "%s"}\n' \
        "$1" "$2" "${s:0:3}" "${s:4:3}" "${s:8:3}" "$4" "$5" "$6" >>"$CONFIG"
}

# swap_rule NAME NEIGHBOURHOOD WRAP: add a 4x4 swap-adjacent profile.
swap_rule() {
    printf '  %s: {plugin: swap-adjacent, size: 4x4, neighbourhood: %s, wrap: %s, cells: "10"}\n' \
        "$1" "$2" "$3" >>"$CONFIG"
}

# flip_all SIZE STENCIL WRAP GOAL CELLS: every board of SIZE, in one run
# under a profile with these parameters, equals the exhaustive reference.
flip_all() {
    local size=$1 stencil=$2 wrap=$3 goal=$4 cells=$5 w=
    local name=f${size}-${stencil//\//}-wrap-$wrap-$goal
    if [ "$wrap" = true ]; then
        w=-w
    fi
    flip_rule "$name" "$size" "$stencil" "$wrap" "$goal" "$cells"
    flipref boards -s "$size" -c "$cells" >"$T/$name.in"
    flipref solve -s "$size" -t "$stencil" $w -g "$goal" -c "$cells" \
        "$T/$name.in" >"$T/$name.want"
    run gridbfs_to "$T/$name.got" -c "$CONFIG" -r "$name" "$T/$name.in"
    assert_success
    echo "profile $name:"
    same_answers "$T/$name.in" "$T/$name.want" "$T/$name.got"
}

# flip_every_setting STENCIL: flip_all for 3x3 and 4x3, wrap off and on,
# goals uniform, off and on.
flip_every_setting() {
    local size wrap goal
    for size in 3x3 4x3; do
        for wrap in false true; do
            for goal in uniform off on; do
                flip_all "$size" "$1" "$wrap" "$goal" 10
            done
        done
    done
}

# ---- flip-neighbors: stencil x wrap x goal ------------------------------

@test "flip plus stencil: every 3x3 and 4x3 board, wrap off/on, goal uniform/off/on, equals the exhaustive reference" {
    flip_every_setting "$PLUS"
}

@test "flip diagonal stencil 101/010/101: every 3x3 and 4x3 board, wrap off/on, goal uniform/off/on, equals the exhaustive reference" {
    flip_every_setting "$DIAG"
}

@test "flip full stencil 111/111/111: every 3x3 and 4x3 board, wrap off/on, goal uniform/off/on, equals the exhaustive reference" {
    flip_every_setting "$FULL"
}

# Each target is a new goal, so gridbfs may search each record afresh:
# fewer 4x4 records keep this quick.
@test "flip goal target: random start/target pairs (two boards a record) equal the exhaustive reference" {
    local spec name size stencil wrap count w
    for spec in 3x3:$PLUS:false:1000 4x3:$DIAG:true:1000 \
        4x4:$FULL:false:100 4x4:$PLUS:true:100; do
        IFS=: read -r size stencil wrap count <<<"$spec"
        name=t${size}-${stencil//\//}-$wrap
        w=
        if [ "$wrap" = true ]; then
            w=-w
        fi
        flip_rule "$name" "$size" "$stencil" "$wrap" target 10
        flipref boards -s "$size" -g target -c 10 -n "$count" -S 7 >"$T/$name.in"
        flipref solve -s "$size" -t "$stencil" $w -g target -c 10 \
            "$T/$name.in" >"$T/$name.want"
        run gridbfs_to "$T/$name.got" -c "$CONFIG" -r "$name" "$T/$name.in"
        assert_success
        echo "profile $name:"
        same_answers "$T/$name.in" "$T/$name.want" "$T/$name.got"
    done
}

@test "flip goal target -p: the presses turn each start into its target, minimally" {
    flip_rule tplus 4x4 "$PLUS" false target 10
    flipref boards -g target -c 10 -n 300 -S 8 >"$T/in"
    run gridbfs_to "$T/got" -c "$CONFIG" -r tplus -p "$T/in"
    assert_success
    run flipref check -p -g target -c 10 "$T/in" "$T/got"
    assert_success
}

@test "flip goal target in grid syntax: a record is two boards" {
    flip_rule tgrid 3x3 "$PLUS" false target 10
    # two records: boards apart (blank lines), then boards back to back
    printf '100\n000\n000\n\n000\n000\n000\n\n111\n111\n111\n010\n101\n010\n' \
        >"$T/grid"
    printf '100/000/000 000/000/000\n111/111/111 010/101/010\n' >"$T/in"
    flipref solve -s 3x3 -g target -c 10 "$T/in" >"$T/want"
    run gridbfs_to "$T/got" -c "$CONFIG" -r tgrid "$T/grid"
    assert_success
    same_answers "$T/in" "$T/want" "$T/got"
}

# ---- flip-neighbors: cells ----------------------------------------------

@test "flip cells xo (x = 1): every 3x3 board toward all-o, and a board in b/w is invalid" {
    flip_all 3x3 "$PLUS" false off xo
    flip_all 3x3 "$DIAG" true on xo
    printf 'bwb/www/bbb\n' >"$T/bw"
    run gridbfs_to "$T/out" -c "$CONFIG" -r f3x3-010111010-wrap-false-off "$T/bw"
    assert_failure 1
    run cat "$T/out"
    assert_output 'invalid'
}

@test "flip cells 10 with goal on: every 4x3 board toward all-1" {
    flip_all 4x3 "$PLUS" false on 10
}

# ---- flip-neighbors: lights5, plugin defaults, sizes ----------------------

# One run for all cases: a lights5 run may search all 2^23 solvable boards.
@test "lights5 -p: every light on needs 15 presses; 2,000 random 5x5 boards replay to all off, minimally (light chasing)" {
    {
        echo 11111/11111/11111/11111/11111
        flipref boards -s 5x5 -c 10 -n 2000 -S 5
    } >"$T/in"
    run gridbfs_to "$T/got" -r lights5 -p "$T/in"
    assert_success
    run head -n 1 "$T/got"
    assert_output '15'
    run flipref check -p -s 5x5 -g off -c 10 -m chase "$T/in" "$T/got"
    assert_success
}

@test "-r flip-neighbors uses the plugin's defaults (4x4, plus, uniform, bw)" {
    flipref boards >"$T/in"
    flipref solve "$T/in" >"$T/want"
    run gridbfs_to "$T/got" -r flip-neighbors "$T/in"
    assert_success
    same_answers "$T/in" "$T/want" "$T/got"
}

@test "flip 3x5 (-s 3x5 on poj1753): all 32,768 boards equal the exhaustive reference" {
    flipref boards -s 3x5 >"$T/in"
    flipref solve -s 3x5 "$T/in" >"$T/want"
    run gridbfs_to "$T/got" -s 3x5 "$T/in"
    assert_success
    same_answers "$T/in" "$T/want" "$T/got"
}

@test "flip one-row boards in line syntax (size=1x3 bbw/) between 4x4 records" {
    flipref boards -s 1x3 -z >"$T/row3"
    flipref boards -n 8 -S 9 >"$T/square"
    flipref boards -s 1x5 -z -n 8 -S 10 >"$T/row5"
    paste -d '\n' "$T/row3" "$T/square" "$T/row5" >"$T/in"
    grep -qx 'size=1x3 bbw/' "$T/in"
    flipref solve "$T/in" >"$T/want"
    run gridbfs_to "$T/got" -r poj1753 "$T/in"
    assert_success
    same_answers "$T/in" "$T/want" "$T/got"
}

# ---- swap-adjacent: neighbourhood, wrap, sizes ----------------------------

# swap_variant NAME NEIGHBOURHOOD WRAP [SIZE]: 500 random puzzles under a
# profile with these parameters; swapref replays and minimum-checks the
# swaps gridbfs prints with -p.
swap_variant() {
    local name=$1 nb=$2 wrap=$3 size=${4:-4x4} opts=()
    if [ "$nb" = 8 ]; then
        opts+=(-8)
    fi
    if [ "$wrap" = true ]; then
        opts+=(-w)
    fi
    grep -q "^  $name:" "$CONFIG" || swap_rule "$name" "$nb" "$wrap"
    swapref gen -s "$size" -u 5 -S 42 500 >"$T/$name-$size.in"
    run gridbfs_to "$T/$name-$size.got" -c "$CONFIG" -r "$name" -s "$size" -p \
        "$T/$name-$size.in"
    assert_success
    echo "profile $name, $size:"
    run swapref check -s "$size" "${opts[@]}" "$T/$name-$size.in" \
        "$T/$name-$size.got"
    assert_success
}

@test "swap neighbourhood 8: diagonal swaps allowed, counts minimal (Chebyshev matching)" {
    swap_variant s8 8 false
}

@test "swap wrap: swaps across the edges allowed, counts minimal (torus matching)" {
    swap_variant sw 4 true
    swap_variant sw 4 true 3x5
}

@test "swap neighbourhood 8 with wrap: counts minimal (torus Chebyshev matching)" {
    swap_variant s8w 8 true
}

@test "-r swap-adjacent uses the plugin's defaults (4x4, neighbourhood 4, cells 10, count only)" {
    swapref gen -u 10 -S 3 500 >"$T/in"
    swapref solve "$T/in" >"$T/want"
    run gridbfs_to "$T/got" -r swap-adjacent "$T/in"
    assert_success
    same_answers "$T/in" "$T/want" "$T/got"
}

@test "swap 2x6 (-s 2x6 on p1225): 1,000 puzzles replayed and minimum-checked" {
    swapref gen -s 2x6 -u 5 -S 26 1000 >"$T/in"
    run gridbfs_to "$T/got" -r p1225 -s 2x6 "$T/in"
    assert_success
    run swapref check -s 2x6 "$T/in" "$T/got"
    assert_success
}

@test "swap boards over 9 rows or columns print swaps as \"r1 c1 r2 c2\" (2x10, 10x2)" {
    swapref gen -s 2x10 -k 0-5 -u 5 -S 210 300 >"$T/wide"
    run gridbfs_to "$T/wide.got" -r p1225 -s 2x10 "$T/wide"
    assert_success
    grep -Eqx '[0-9]+ [0-9]+ [0-9]+ [0-9]+' "$T/wide.got"
    run swapref check -s 2x10 "$T/wide" "$T/wide.got"
    assert_success
    swapref gen -s 10x2 -k 0-5 -u 5 -S 102 300 >"$T/tall"
    run gridbfs_to "$T/tall.got" -r p1225 -s 10x2 "$T/tall"
    assert_success
    run swapref check -s 10x2 "$T/tall" "$T/tall.got"
    assert_success
}

@test "wrap on a side shorter than 3: a cell the stencil reaches twice is flipped once (worked by hand)" {
    # 2x2 torus, the plus: (1,1)'s neighbours up and down are both (2,1),
    # left and right both (1,2), so a press at (1,1) flips the set
    # {(1,1), (2,1), (1,2)}: one press clears 11/10.  Were the cell
    # reached twice flipped twice, a press would flip its own cell alone,
    # and 11/10 would take three.
    printf 'rules:\n  w: {plugin: flip-neighbors, size: 2x2, wrap: true, goal: off, cells: "10", path: true}\n' >"$T/w.yaml"
    run -0 --separate-stderr gridbfs -c "$T/w.yaml" -r w <<<'11/10'
    assert_output $'1\n1 1'
}
