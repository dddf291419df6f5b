#!/usr/bin/env bats
# flip-neighbors' exact solver (GF(2) elimination, the plugin's solve() and
# judge_text()) end to end: `engine: exact` against `engine: search`, big
# boards replayed and proved by the light chase (tests/ref/flipbig), the
# POJ 3279 profile, max_nullity.  The solver itself is unit-tested against
# exhaustive references in tests/unit/flip_exact.c.
bats_require_minimum_version 1.5.0

load test_helper/common

setup() {
    T=$BATS_TEST_TMPDIR
    CONFIG=$T/rules.yaml
    printf 'rules:\n' >"$CONFIG"
}

# stencils as flipref and flipbig take them
PLUS=010/111/010
DIAG=101/010/101
FULL=111/111/111

# rule NAME SIZE STENCIL WRAP GOAL ENGINE [KEY: VALUE...]: add a flip
# profile with cells 10.
rule() {
    local s=$3 extra=
    if [ $# -gt 6 ]; then
        extra=", $(printf '%s, ' "${@:7}")"
        extra=${extra%, }
    fi
    printf '  %s: {plugin: flip-neighbors, size: %s, stencil: ["%s", "%s", "%s"], wrap: %s, goal: "%s", cells: "10", engine: %s%s}\n' \
        "$1" "$2" "${s:0:3}" "${s:4:3}" "${s:8:3}" "$4" "$5" "$6" "$extra" \
        >>"$CONFIG"
}

# same_output RECORDS A B: two answer files agree; else the first records
# where they differ.
same_output() {
    if cmp -s "$2" "$3"; then
        return 0
    fi
    echo "the engines disagree; first differences (record, exact, search):"
    paste "$1" "$2" "$3" | awk -F'\t' '$2 != $3 { print "  " $0; if (++n == 10) exit }'
    return 1
}

# exact_vs_search RECORDS SIZE STENCIL WRAP GOAL: the judge answers with
# -p of both engines are the same bytes (path_style moves walks down as the
# distance table does).
exact_vs_search() {
    local in=$1 name=$2-${3//\//}-$4-$5
    rule "x$name" "$2" "$3" "$4" "$5" exact
    rule "s$name" "$2" "$3" "$4" "$5" search
    run gridbfs_to "$T/x.$name" -c "$CONFIG" -r "x$name" -p "$in"
    assert_success
    run gridbfs_to "$T/s.$name" -c "$CONFIG" -r "s$name" -p "$in"
    assert_success
    echo "profile $name:"
    # -p puts several lines per record: compare whole files
    same_output "$in" "$T/x.$name" "$T/s.$name"
}

# ---- exact against search ---------------------------------------------

@test "engine exact equals engine search, presses too, on all 65,536 4x4 boards: every stencil, wrap off/on, goal uniform/off/on" {
    flipref boards -s 4x4 -c 10 >"$T/in"
    local stencil wrap goal
    for stencil in $PLUS $DIAG $FULL; do
        for wrap in false true; do
            for goal in uniform off on; do
                exact_vs_search "$T/in" 4x4 "$stencil" "$wrap" "$goal"
            done
        done
    done
}

@test "engine exact equals engine search on random 5x5 boards (Lights Out; diagonals on a torus, goal uniform)" {
    flipref boards -s 5x5 -c 10 -n 1500 -S 11 >"$T/in"
    exact_vs_search "$T/in" 5x5 "$PLUS" false off
    exact_vs_search "$T/in" 5x5 "$DIAG" true uniform
}

@test "goal target: engine exact counts equal engine search on 300 4x4 start/target pairs, and the exact presses replay minimally" {
    local spec stencil wrap w
    flipref boards -s 4x4 -g target -c 10 -n 300 -S 12 >"$T/in"
    for spec in $PLUS:false $DIAG:true $FULL:false; do
        IFS=: read -r stencil wrap <<<"$spec"
        rule "xt${stencil//\//}$wrap" 4x4 "$stencil" "$wrap" target exact
        rule "st${stencil//\//}$wrap" 4x4 "$stencil" "$wrap" target search
        run gridbfs_to "$T/x" -c "$CONFIG" -r "xt${stencil//\//}$wrap" "$T/in"
        assert_success
        run gridbfs_to "$T/s" -c "$CONFIG" -r "st${stencil//\//}$wrap" "$T/in"
        assert_success
        same_output "$T/in" "$T/x" "$T/s"
        run gridbfs_to "$T/xp" -c "$CONFIG" -r "xt${stencil//\//}$wrap" -p "$T/in"
        assert_success
        w=
        if [ "$wrap" = true ]; then
            w=-w
        fi
        run flipref check -p -t "$stencil" $w -g target -c 10 "$T/in" "$T/xp"
        assert_success
    done
}

# ---- boards past 64 cells -------------------------------------------------

# big SIZE GOAL [FLIPBIG CHECK OPTIONS]: N random plus-stencil boards (half
# solvable by construction) through gridbfs -p, checked by flipbig.
big() {
    local size=$1 goal=$2 n=$3
    shift 3
    rule "big$size$goal" "$size" "$PLUS" false "$goal" auto
    flipbig boards -s "$size" -g "$goal" -n "$n" -k -S 21 >"$T/in"
    run gridbfs_to "$T/out" -c "$CONFIG" -r "big$size$goal" -p "$T/in"
    assert_success
    run flipbig check -s "$size" -g "$goal" -p "$@" "$T/in" "$T/out"
    assert_success
}

@test "Lights Out 10x10 and 15x15 -p: every press list replays to all off and is the fewest and the least (light chase)" {
    big 10x10 off 200
    big 15x15 off 100
}

@test "plus stencil past 64 cells, goals on/uniform/target and 31x32 / 32x31 boards: presses replay, minimal and least" {
    big 12x12 on 40
    big 11x11 uniform 40
    big 9x9 target 40
    big 31x32 off 6
    big 32x31 uniform 4
}

@test "Lights Out 32x32 (null space of dimension 20, the default bound): the presses replay to all off" {
    big 32x32 off 2 -r
}

# null spaces of dimension 0, 16, 2, 0, 8 and 4
@test "other stencils and wrap from 12x12 to 20x20: the presses replay to the goal" {
    local spec size stencil wrap w
    for spec in 12x12:$DIAG:false 12x12:$PLUS:true 20x20:$DIAG:false \
        20x20:$FULL:true 18x18:$DIAG:true 17x17:$DIAG:false; do
        IFS=: read -r size stencil wrap <<<"$spec"
        w=
        if [ "$wrap" = true ]; then
            w=-w
        fi
        rule "o$size${stencil//\//}$wrap" "$size" "$stencil" "$wrap" off auto
        flipbig boards -s "$size" -t "$stencil" $w -g off -n 20 -k >"$T/in"
        run gridbfs_to "$T/out" -c "$CONFIG" -r "o$size${stencil//\//}$wrap" \
            -p "$T/in"
        assert_success
        run flipbig check -s "$size" -t "$stencil" $w -g off -p "$T/in" \
            "$T/out"
        assert_success
    done
}

@test "the checker catches a wrong answer (a count one too high, a press moved)" {
    rule lo 10x10 "$PLUS" false off auto
    flipbig boards -s 10x10 -g off -n 6 -k >"$T/in"
    run gridbfs_to "$T/out" -c "$CONFIG" -r lo "$T/in"
    assert_success
    awk 'NR == 2 { $0 = $0 + 1 } 1' "$T/out" >"$T/bad"
    run flipbig check -s 10x10 -g off "$T/in" "$T/bad"
    assert_failure 1
    assert_output --partial 'not the fewest presses'
    run gridbfs_to "$T/out" -c "$CONFIG" -r lo -p "$T/in"
    assert_success
    awk 'NR == 2 { $0 = "10 10" } 1' "$T/out" >"$T/bad"
    run flipbig check -s 10x10 -g off -p "$T/in" "$T/bad"
    assert_failure 1
}

# ---- POJ 3279 Fliptile ----------------------------------------------------

@test "poj3279 sample: 1 0 0 1 / 0 1 1 0 / 0 1 1 0 / 1 0 0 1 gives the press matrix byte for byte" {
    # the judge's file: its M N line, then the rows
    printf '4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n' >"$T/in"
    printf '0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n' >"$T/want"
    run gridbfs_to "$T/got" -r poj3279 "$T/in"
    assert_success
    cmp "$T/want" "$T/got"
    # -p changes nothing: the matrix is the path
    run gridbfs_to "$T/got" -r poj3279 -p - <"$T/in"
    assert_success
    cmp "$T/want" "$T/got"
    echo '1001/0110/0110/1001' >"$T/line"
    run gridbfs_to "$T/got" -r poj3279 "$T/line"
    assert_success
    cmp "$T/want" "$T/got"
}

@test "poj3279: an unsolvable board prints IMPOSSIBLE, exit 0; CSV carries the matrix's presses" {
    printf 'size=5x5 10000/00000/00000/00000/00000\n1001/0110/0110/1001\n' >"$T/in"
    run gridbfs_to "$T/got" -r poj3279 "$T/in"
    assert_success
    printf 'IMPOSSIBLE\n0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n' >"$T/want"
    cmp "$T/want" "$T/got"
    run gridbfs_to "$T/got" -r poj3279 -f csv -p "$T/in"
    assert_success
    run sed -n 3p "$T/got"
    assert_output "$T/in,2,2,,poj3279,solved,4,\"2,1 2,4 3,1 3,4\","
}

@test "poj3279: every 4x4 board, and random 9x9, 11x11 and 15x15 ones: the least matrix of the fewest presses (light chase)" {
    local size n
    flipref boards -s 4x4 -c 10 >"$T/in"
    run gridbfs_to "$T/out" -r poj3279 "$T/in"
    assert_success
    run flipbig check -s 4x4 -g off -m -i IMPOSSIBLE "$T/in" "$T/out"
    assert_success
    for size in 9x9 11x11 15x15; do
        flipbig boards -s "$size" -g off -n 100 -k -S 31 >"$T/in"
        run gridbfs_to "$T/out" -r poj3279 -s "$size" "$T/in"
        assert_success
        run flipbig check -s "$size" -g off -m -i IMPOSSIBLE "$T/in" "$T/out"
        assert_success
    done
}

@test "path_style matrix: the judge text is the same whichever engine found the presses" {
    flipref boards -s 4x4 -c 10 >"$T/in"
    printf '  poj3279s: {plugin: flip-neighbors, size: 4x4, goal: "off", cells: "10", path_style: matrix, impossible: IMPOSSIBLE, engine: search}\n' >>"$CONFIG"
    run gridbfs_to "$T/x" -r poj3279 "$T/in"
    assert_success
    run gridbfs_to "$T/s" -c "$CONFIG" -r poj3279s "$T/in"
    assert_success
    cmp "$T/x" "$T/s"
}

# ---- max_nullity ----------------------------------------------------------

@test "max_nullity: past the bound engine exact is a limit with the reason, engine auto searches instead, impossible is still found" {
    rule n3x 4x4 "$PLUS" false off exact 'max_nullity: 3'
    rule n3a 4x4 "$PLUS" false off auto 'max_nullity: 3'
    rule big 32x32 "$PLUS" false off auto 'max_nullity: 19'
    echo '1001/0110/0110/1001' >"$T/in"
    run --separate-stderr gridbfs -c "$CONFIG" -r n3x "$T/in"
    assert_failure 1
    assert_output 'limit'
    assert_equal "$stderr" "gridbfs: $T/in:1: null space of dimension 4 is over the bound 3 (max_nullity)"
    run gridbfs -c "$CONFIG" -r n3a "$T/in"
    assert_success
    assert_output '4'
    # 32x32 Lights Out: a board made by one press is solvable (a limit
    # past the bound), a single light is not (answered all the same)
    awk 'BEGIN { z = sprintf("%032d", 0); r0 = "11" substr(z, 3)
                 r1 = "1" substr(z, 2); a = r0 "/" r1; b = r1 "/" z
                 for (i = 2; i < 32; i++) { a = a "/" z; b = b "/" z }
                 print a; print b }' >"$T/big"
    run --separate-stderr gridbfs -c "$CONFIG" -r big "$T/big"
    assert_failure 1
    assert_output $'limit\nImpossible'
    assert_equal "$stderr" "gridbfs: $T/big:1: null space of dimension 20 is over the bound 19 (max_nullity)"
}

@test "--list-rules documents path_style and max_nullity; a bad value names the profile and the key" {
    run gridbfs --list-rules
    assert_success
    assert_output --partial 'path_style (default moves)'
    assert_output --partial 'max_nullity (default 20)'
    assert_output --partial 'poj3279'
    printf '  bad: {plugin: flip-neighbors, max_nullity: 40}\n' >>"$CONFIG"
    run --separate-stderr gridbfs -c "$CONFIG" --check-config
    assert_failure 2
    assert_equal "$stderr" "gridbfs: $CONFIG:2:46: rule 'bad': max_nullity: expected a whole number 0..32, got '40'"
}
