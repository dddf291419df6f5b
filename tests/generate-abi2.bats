#!/usr/bin/env bats
# gridbfs --generate for ABI 2 rules (README, "Generating puzzles"):
# lights2 (its key the board's word) and lightskey (keys that are not),
# of two and three colours, written in HDU 5755's layout in the rule's
# own symbols.  Every distance and every impossible board is held to a
# reference that shares no code with gridbfs: klightsref, or
# tests/ref/kcensus.awk (every press vector tried) for presses that can be
# taken back.
bats_require_minimum_version 1.5.0
load test_helper/common

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
    printf 'rules:\n' >c.yaml
    G=(gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml)
}

# hdu NAME PLUGIN FIELD...: a profile in c.yaml that reads and writes HDU
# 5755's layout (T, then each case's "N M" and rows of spaced digits),
# answering Impossible where no press vector solves the board.
hdu() {
    add_rule c.yaml "$@" 'layout: {count: true, size: each, spaced: true}' \
        'impossible: "Impossible"'
}

# digits < HDU: each case's cells as one line of digits.
digits() {
    awk 'NR == 1 { next } NF == 2 && !rows { rows = $1; b = ""; next }
        { gsub(/ /, ""); b = b $0; if (--rows == 0) print b }'
}

@test "three colours (HDU 5755's press), keys the board's or not: --distance D by walks, each D presses per klightsref" {
    hdu l lights2 'colours: "3"' 'stencil: 010/121/010'
    hdu d lightskey 'colours: "3"' 'stencil: 010/121/010' 'key: dense'
    hdu r lightskey 'colours: "3"' 'stencil: 010/121/010' 'key: reversed'
    local name d
    for name in l d r; do
        for d in 0 1 5 12 18; do
            run -0 --separate-stderr "${G[@]}" -r $name -s 3x3 --generate 25 --distance "$d" --seed 4 -o "$name$d.in"
            assert_equal "$stderr" ""
            klightsref solve -k 3 "$name$d.in" >got
            [ "$(sort -u got)" = "$d" ] || fail "$name at $d: klightsref says $(sort -u got | paste -sd' ')"
        done
        # a range: each within it, and gridbfs reads its own file back
        "${G[@]}" -r $name -s 2x4 --generate 60 --distance 3-9 --seed 5 >range.in
        klightsref solve -k 3 range.in >want
        awk '$1 < 3 || $1 > 9 { exit 1 }' want || fail "$name: $(sort -u want | paste -sd' ')"
        run -0 --separate-stderr "${G[@]}" -r $name -s 2x4 range.in
        assert_equal "$stderr" ""
        assert_equal "$output" "$(cat want)"
    done
    # the same seed draws the same boards whatever the keys are
    cmp l5.in d5.in
    cmp l5.in r5.in
}

@test "three colours: uniform boards of every symbol, --impossible boards impossible per klightsref" {
    hdu k lights2 'colours: "3"' 'stencil: 010/121/010'
    "${G[@]}" -r k -s 2x3 --generate 600 --seed 6 >u.in
    assert_equal "$(head -1 u.in)" 600
    assert_equal "$(digits <u.in | grep -o . | sort | uniq -c | awk '$1 > 1000 { print $2 }' | paste -sd' ')" "0 1 2"
    klightsref solve -k 3 u.in >want
    grep -qx Impossible want || fail "no impossible board among 600 (2x3 has nullity 1: 2 in 3 are)"
    run -0 --separate-stderr "${G[@]}" -r k -s 2x3 u.in
    assert_equal "$output" "$(cat want)"
    # --impossible: random boards, kept when the solver finds no answer
    "${G[@]}" -r k -s 2x3 --generate 40 --impossible --seed 7 >i.in
    run -0 klightsref solve -k 3 i.in
    assert_equal "$(sort -u <<<"$output")" Impossible
    # 3x3 has none: every board is solvable (nullity 0)
    run -2 --separate-stderr "${G[@]}" -r k -s 3x3 --generate 2 --impossible --seed 7
    assert_equal "$stderr" "gridbfs: --impossible: no impossible puzzle of rule 'k' at 3x3 found in 1000 random boards, each answered by the solver (there may be none)"
}

@test "two colours from a table, both keys: --distance D and max, --impossible, uniform at the largest distance, per klightsref and kcensus.awk" {
    hdu d lightskey 'colours: "2"' 'key: dense'
    hdu r lightskey 'colours: "2"' 'key: reversed'
    hdu l lights2
    local name d
    for name in d r l; do
        for d in 2 5; do
            "${G[@]}" -r $name -s 4x4 --generate 40 --distance $d --seed 1 >"$name$d.in"
            run -0 klightsref solve -k 2 -t 010/111/010 "$name$d.in"
            assert_equal "$(sort -u <<<"$output")" "$d"
        done
        # 4x4 Lights Out's largest distance is 7, on 32 boards: every one
        # of them drawn, and no other (kcensus.awk: klightsref would try
        # 2^16 vectors a board)
        "${G[@]}" -r $name -s 4x4 --generate 800 --distance max --seed 2 | digits >"$name.max"
        assert_equal "$(sort -u "$name.max" | wc -l)" 32
        "${G[@]}" -r $name -s 4x4 --generate 40 --impossible --seed 3 | digits >"$name.imp"
    done
    run -0 awk -v k=2 -v r=4 -v c=4 -v st=010/111/010 -v boards=<(cat d.max r.max l.max) \
        -f "$BATS_TEST_DIRNAME/ref/kcensus.awk"
    assert_equal "$(sort -u <<<"$output")" 7
    run -0 awk -v k=2 -v r=4 -v c=4 -v st=010/111/010 -v boards=<(cat d.imp r.imp l.imp) \
        -f "$BATS_TEST_DIRNAME/ref/kcensus.awk"
    assert_equal "$(sort -u <<<"$output")" impossible
    assert_equal "${#lines[@]}" 120
    # the table draws by state number: the same bytes whatever the keys
    cmp <("${G[@]}" -r d -s 4x4 --generate 50 --distance 0-7 --seed 9) \
        <("${G[@]}" -r r -s 4x4 --generate 50 --distance 0-7 --seed 9)
}

@test "three colours, presses taken back (reversible): a table over every board, --distance D and max and --impossible per kcensus.awk" {
    hdu d lightskey 'colours: "3"' 'key: dense' 'undo: "1"'
    hdu r lightskey 'colours: "3"' 'key: reversed' 'undo: "1"'
    local ref=$BATS_TEST_DIRNAME/ref/kcensus.awk name max
    max=$(awk -v k=3 -v r=2 -v c=3 -v st=010/111/010 -v undo=1 -f "$ref" | tail -2 | head -1 | cut -d, -f1)
    [ "$max" -gt 2 ] || fail "the reference's largest distance: $max"
    for name in d r; do
        "${G[@]}" -r $name -s 2x3 --generate 30 --distance 2 --seed 1 | digits >two
        "${G[@]}" -r $name -s 2x3 --generate 30 --distance max --seed 1 | digits >far
        "${G[@]}" -r $name -s 2x3 --generate 30 --impossible --seed 1 | digits >imp
        for f in two:2 far:$max imp:impossible; do
            run -0 awk -v k=3 -v r=2 -v c=3 -v st=010/111/010 -v undo=1 -v boards="${f%%:*}" -f "$ref"
            [ "$(sort -u <<<"$output")" = "${f#*:}" ] || fail "$name ${f%%:*}: $(sort -u <<<"$output" | paste -sd' ')"
        done
    done
}

@test "the same seed, the same bytes at -j1 and -j4, for K colours by walks and by a table" {
    hdu k lights2 'colours: "3"' 'stencil: 010/121/010'
    hdu u lightskey 'colours: "3"' 'key: reversed' 'undo: "1"'
    local args
    for args in "-r k -s 3x3 --distance 4-14" "-r u -s 3x3 --distance 1-6" "-r k -s 4x4"; do
        "${G[@]}" $args --generate 1500 --seed 77 -j1 >one
        "${G[@]}" $args --generate 1500 --seed 77 -j4 >four
        cmp one four || fail "$args: -j1 and -j4 differ"
        "${G[@]}" $args --generate 1500 --seed 78 -j4 >other
        ! cmp -s one other || fail "$args: seeds 77 and 78 give the same bytes"
    done
}

@test "what cannot be drawn says why: a distance past K-1 presses of each move, --distance max without a table" {
    hdu k lights2 'colours: "3"'
    run -2 --separate-stderr "${G[@]}" -r k -s 3x3 --generate 2 --distance 19
    assert_output ""
    assert_equal "$stderr" "gridbfs: --distance 19: rule 'k' at 3x3 has no board at distance 19 (a shortest answer makes each of its 9 moves at most 2 times)"
    run -2 --separate-stderr "${G[@]}" -r k -s 3x3 --generate 2 --distance max
    assert_equal "$stderr" "gridbfs: --distance max: the largest distance of rule 'k' at 3x3 is not known: its moves are not reversible (no GRIDBFS2_REVERSIBLE), so it has no distance table"
    # a bare ABI 2 plugin writes line records in its own symbols, read back
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lights2 -s 2x3 --generate 3 --distance 2 --seed 1
    assert_line --regexp '^id=1 rule=lights2 size=2x3 [01]{3}/[01]{3}$'
    printf '%s\n' "$output" >b.lines
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lights2 -s 2x3 b.lines
    assert_equal "$output" "$(printf '2\n2\n2')"
}

@test "sliding tiles (DENSE keys, fewer states than boards): random states are permutations, drawn by key; --distance D and max and --impossible per slideref" {
    local T=(gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r tiles -s 3x3)
    # uniform over the 9! keys: every board a permutation (slideref refuses
    # any other), about half of them unsolvable
    "${T[@]}" --generate 2000 --seed 1 | awk '{ print $4 }' >u
    run -0 slideref dist -s 3x3 u
    local none
    none=$(grep -cx -- -1 <<<"$output")
    [ "$none" -gt 900 ] && [ "$none" -lt 1100 ] || fail "$none of 2000 unsolvable"
    "${T[@]}" --generate 200 --distance 25 --seed 2 | awk '{ print $4 }' >d
    run -0 slideref dist -s 3x3 d
    assert_equal "$(sort -u <<<"$output")" 25
    "${T[@]}" --generate 100 --impossible --seed 3 | awk '{ print $4 }' >i
    run -0 slideref dist -s 3x3 i
    assert_equal "$(sort -u <<<"$output")" -1
    # the radius, 31, has two boards: both drawn, and no other
    "${T[@]}" --generate 100 --distance max --seed 4 | awk '{ print $4 }' | sort -u >m
    assert_equal "$(wc -l <m)" 2
    run -0 slideref dist -s 3x3 m
    assert_equal "$(sort -u <<<"$output")" 31
}

@test "two colours with a target board, keys that are not boards: each pair at the distance claimed, per kcensus.awk" {
    add_rule c.yaml t lightskey 'colours: "2"' 'key: dense' 'target: "1"' 'impossible: "no"'
    add_rule c.yaml u lightskey 'colours: "2"' 'key: reversed' 'target: "1"' 'impossible: "no"'
    local ref=$BATS_TEST_DIRNAME/ref/kcensus.awk name
    # xor R < CASES: each case's start and target (R rows each, a blank
    # line between cases) as the one board of their difference: a flip
    # rule takes start to target as it takes that board to all 0
    xor() {
        awk -v r="$1" 'BEGIN { RS = "" } { s = ""
            for (i = 1; i <= r; i++) for (j = 1; j <= length($i); j++)
                s = s ((substr($i, j, 1) + substr($(i + r), j, 1)) % 2)
            print s }'
    }
    for name in t u; do
        "${G[@]}" -r $name -s 3x3 --generate 30 --distance 4 --seed 1 | xor 3 >four
        "${G[@]}" -r $name -s 3x3 --generate 30 --distance max --seed 1 | xor 3 >far
        "${G[@]}" -r $name -s 4x4 --generate 20 --impossible --seed 1 | xor 4 >imp
        run -0 awk -v k=2 -v r=3 -v c=3 -v st=010/111/010 -v boards=four -f "$ref"
        assert_equal "$(sort -u <<<"$output")" 4
        # 3x3 Lights Out: every board solvable, 9 presses the most
        run -0 awk -v k=2 -v r=3 -v c=3 -v st=010/111/010 -v boards=far -f "$ref"
        assert_equal "$(sort -u <<<"$output")" 9
        run -0 awk -v k=2 -v r=4 -v c=4 -v st=010/111/010 -v boards=imp -f "$ref"
        assert_equal "$(sort -u <<<"$output")" impossible
        assert_equal "${#lines[@]}" 20
    done
}
