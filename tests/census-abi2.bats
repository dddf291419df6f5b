#!/usr/bin/env bats
# gridbfs --census of ABI 2 rules (README, "Census"): lights2, whose key
# is its board's word, and lightskey, whose keys are not (an affine
# permutation of the boards, or their digits reversed and shifted), of 2
# to 5 colours.  Every figure is held to a reference that shares no code
# with gridbfs: censusref (two colours), tests/ref/kcensus.awk (K colours,
# every press vector tried), tests/ref/krank.awk (the rank over Z/K by
# plain elimination, past 64 cells), klightsref, and the nullity of n x n
# Lights Out (OEIS A159257); never to gridbfs's own output alone.
bats_require_minimum_version 1.5.0
load test_helper/common

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
    printf 'rules:\n' >c.yaml
    G=(gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml)
}

# kcensus K RxC STENCIL [UNDO [BOARD]]: tests/ref/kcensus.awk's census (or
# BOARD's distance).
kcensus() {
    awk -v k="$1" -v r="${2%x*}" -v c="${2#*x}" -v st="$3" -v undo="${4:-0}" \
        -v board="${5:-}" -f "$BATS_TEST_DIRNAME/ref/kcensus.awk"
}

# krank K RxC STENCIL: tests/ref/krank.awk's "rank R nullity N".
krank() {
    awk -v k="$1" -v r="${2%x*}" -v c="${2#*x}" -v st="$3" \
        -f "$BATS_TEST_DIRNAME/ref/krank.awk"
}

# example < TEXT: the example board of a text census, its rows joined.
example() {
    sed -n '/^example at/,$p' | sed 1d | tr -d '\n'
}

@test "two colours: lights2 and lightskey (both keys) equal censusref, by table and forced onto the rank" {
    add_rule c.yaml l lights2
    add_rule c.yaml d lightskey 'colours: "2"' 'key: dense'
    add_rule c.yaml r lightskey 'colours: "2"' 'key: reversed'
    printf 'limits: {table_memory: 0}\n' >notab.yaml
    local name size want
    for size in 1x3 2x2 2x3 3x3 3x4 4x4; do
        want=$(censusref flip "$size" 010/111/010 0 off)
        for name in l d r; do
            run -0 --separate-stderr "${G[@]}" -r $name -s "$size" --census -f csv
            [ "$output" = "$want" ] || fail "$name at $size: $output"
            # the rank: the whole histogram where the nullity is 0, else
            # the impossible boards alone (exit 1)
            run --separate-stderr "${G[@]}" -c notab.yaml -r $name -s "$size" --census -f csv
            case $status in
            0) assert_output "$want" ;;
            1) assert_output "$(printf 'distance,states\n%s' "$(tail -1 <<<"$want")")" ;;
            *) fail "$name at $size off the table: exit $status" ;;
            esac
        done
    done
    # the example is drawn from the key through board(): at 7, as the
    # reference's own search finds it
    run -0 "${G[@]}" -r d -s 4x4 --census
    assert_line 'largest distance: 7 (32 states)'
    run -0 censusref flip 4x4 010/111/010 0 off dist "$(example <<<"$output" | sed 's|.\{4\}|&/|g;s|/$||')"
    assert_output 7
}

@test "two colours: n x n Lights Out has the nullity of OEIS A159257 (1x1 to 8x8), 2^rank solvable" {
    printf 'limits: {table_memory: 0}\n' >notab.yaml
    add_rule c.yaml r lightskey 'colours: "2"' 'key: reversed'
    local n=0 null
    for null in 0 0 0 4 2 0 0 0; do
        n=$((n + 1))
        run --separate-stderr "${G[@]}" -c notab.yaml -r lights2 -s "${n}x$n" --census -f jsonl
        assert_output --partial "\"method\":\"linear\""
        assert_output --partial "\"rank\":$((n * n - null)),\"nullity\":$null,\"goal_cosets\":1,"
        [ "$n" -gt 7 ] && continue # lightskey's keys: 7x7 at most
        run --separate-stderr "${G[@]}" -c notab.yaml -r r -s "${n}x$n" --census -f jsonl
        assert_output --partial "\"rank\":$((n * n - null)),\"nullity\":$null,\"goal_cosets\":1,"
    done
    # 5x5: 2^23 of 2^25 boards solvable (nullity 2), its table's census;
    # 6x6: every one of 2^36, past the table, the binomial histogram
    run -0 "${G[@]}" -r lights2 -s 5x5 --census -f jsonl
    assert_output --partial '"method":"table",'
    assert_output --partial '"states":33554432,"pairs":null,"solvable":8388608,"impossible":25165824,'
    run -0 "${G[@]}" -r lights2 -s 6x6 --census
    assert_line "solvable: 68719476736 (1 coset of the goals, 2^36 boards each: the moves' masks have rank 36, nullity 0)"
    assert_line '18: 9075135300'
}

@test "past 64 cells: n x n Lights Out (9x9 to 32x32) has the nullity of OEIS A159257, 2^rank of 2^(n*n) boards solvable" {
    local n=8 null
    for null in 8 0 6 0 0 4 0 8 2 0 16 0 0 0 14 4 0 0 0 0 10 20 0 20; do
        n=$((n + 1))
        # exit 1: no histogram past 254 distances (below)
        run -1 --separate-stderr gridbfs -r lights5 -s "${n}x$n" --census -f jsonl
        assert_output --partial "\"method\":\"linear\""
        assert_output --partial "\"rank\":$((n * n - null)),\"nullity\":$null,\"goal_cosets\":1,"
    done
    # the counts written out: 2^81 boards of 9x9, 2^73 of them solvable
    run -1 --separate-stderr gridbfs -r lights5 -s 9x9 --census
    assert_line 'states: 2417851639229258349412352'
    assert_line "solvable: 9444732965739290427392 (1 coset of the goals, 2^73 boards each: the moves' masks have rank 73, nullity 8)"
    assert_line 'impossible: 2408406906263519058984960'
    # no histogram past 254 distances: said, and the exit status says so
    run -1 --separate-stderr gridbfs -r lights5 -s 10x10 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'lights5' at 10x10: the distance histogram is not computed (its states have no key (key_bits 0), so no table; its counts pass 2^64, or its distances 254)"
    # flip-lines of even side n has nullity 0: its closed form gives each
    # board one operation set (tests/big.bats)
    run -1 --separate-stderr gridbfs -r flip-lines -s 12x12 --census -f jsonl
    assert_output --partial '"rank":144,"nullity":0,'

}

@test "a rule with no key: its goals from goal_board() (ABI 2.2), held to is_goal()" {
    # 3x3 Lights Out, nullity 0 (A159257): 2^9 boards, C(9, d) at d
    add_rule c.yaml nk lights2 'breach: nokey'
    add_rule c.yaml bad lights2 'breach: goal'
    run -0 --separate-stderr "${G[@]}" -r nk -s 3x3 --census -f csv
    assert_output "$(printf 'distance,states\n0,1\n1,9\n2,36\n3,84\n4,126\n5,126\n6,84\n7,36\n8,9\n9,1\nimpossible,0')"
    run -2 --separate-stderr "${G[@]}" -r bad -s 3x3 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'bad' at 3x3: plugin 'lights2' broke its contract: goal_board(0) is a board is_goal() says is no goal"
}

@test "past 64 cells, three and five colours: rank and nullity over Z/K as krank.awk's elimination, K^rank solvable" {
    local st k size
    for st in 010/121/010 010/111/010; do
        for k in 3 5; do
            printf 'rules:\n  k: {plugin: flip-neighbors, colours: "%s", stencil: %s, goal: "off"}\n' "$k" "$st" >k.yaml
            for size in 9x9 11x11 12x12 9x17; do
                run -1 --separate-stderr gridbfs -c k.yaml -r k -s "$size" --census -f jsonl
                want=$(krank "$k" "$size" "$st")
                local r=${want#rank } null=${want##* }
                r=${r%% *}
                assert_output --partial "\"rank\":$r,\"nullity\":$null,\"goal_cosets\":1,"
            done
        done
    done
    # HDU 5755 at 11x11: nullity 3, so 3^118 of 3^121 boards solvable
    run -1 --separate-stderr gridbfs -r hdu5755 -s 11x11 --census
    assert_line --partial "(1 coset of the goals, 3^118 boards each: the moves' vectors have rank 118 over Z/3, nullity 3)"
    assert_equal "$(krank 3 11x11 010/121/010)" "rank 118 nullity 3"
}

@test "three and five colours: the rank over Z/K equals the reference's every press vector, histogram and all" {
    local st k size
    for st in 010/111/010 010/121/010; do
        for k in 3 5; do
            printf 'rules:\n' >c.yaml
            add_rule c.yaml l lights2 "colours: \"$k\"" "stencil: $st"
            add_rule c.yaml d lightskey "colours: \"$k\"" "stencil: $st" 'key: dense'
            add_rule c.yaml r lightskey "colours: \"$k\"" "stencil: $st" 'key: reversed'
            for size in 1x3 2x2 2x3 3x3; do
                [ "$k" = 5 ] && [ "$size" = 3x3 ] && continue # 5^9 vectors
                local want name
                want=$(kcensus "$k" "$size" "$st")
                for name in l d r; do
                    run --separate-stderr "${G[@]}" -r $name -s "$size" --census -f csv
                    case $status in
                    0) [ "$output" = "$want" ] || fail "$name K=$k $st at $size: $output" ;;
                    1) assert_output "$(printf 'distance,states\n%s' "$(tail -1 <<<"$want")")"
                        assert_regex "$stderr" "null space of [1-9]" ;;
                    *) fail "$name K=$k $st at $size: exit $status" ;;
                    esac
                done
            done
        done
    done
}

@test "3x3 of three colours: the summary's figures, a distance-18 example that klightsref solves in 18; 2x5 with nullity 2" {
    add_rule c.yaml k lights2 'colours: "3"' 'stencil: 010/121/010'
    run -0 --separate-stderr "${G[@]}" -r k -s 3x3 --census
    assert_equal "$stderr" ""
    assert_line 'states: 19683'
    assert_line "solvable: 19683 (1 coset of the goals, 3^9 boards each: the moves' vectors have rank 9 over Z/3, nullity 0)"
    assert_line 'largest distance: 18 (1 state)'
    local ex
    ex=$(example <<<"$output")
    assert_equal "$(kcensus 3 3x3 010/121/010 0 "$ex")" 18
    printf '1\n3 3\n%s\n' "$(sed 's/./& /g;s/ $//;s/\(. . .\) /\1\n/g' <<<"$ex")" >ex.in
    run -0 klightsref solve -k 3 ex.in
    assert_output 18
    # JSON Lines: the counts exact, the example in the rule's symbols
    run -0 "${G[@]}" -r k -s 3x3 --census -f jsonl
    assert_output --partial "\"method\":\"linear\",\"ones\":null,\"boards\":null,\"symmetries\":null,\"targets_searched\":null,\"states\":19683,\"pairs\":null,\"solvable\":19683,\"impossible\":0,"
    assert_output --partial "\"max_distance\":18,\"at_max\":1,\"mean\":9,\"example\":{\"start\":[\"${ex:0:3}\",\"${ex:3:3}\",\"${ex:6:3}\"],\"target\":null},\"rank\":9,\"nullity\":0,\"goal_cosets\":1,\"not_computed\":null}"
    # nullity 2: 3^8 of 3^10 solvable, as the reference counts them
    run -1 --separate-stderr "${G[@]}" -r k -s 2x5 --census
    assert_line 'states: 59049'
    assert_line "solvable: 6561 (1 coset of the goals, 3^8 boards each: the moves' vectors have rank 8 over Z/3, nullity 2)"
    assert_line "impossible: $(kcensus 3 2x5 010/121/010 | sed -n 's/^impossible,//p')"
    assert_equal "$stderr" "gridbfs: --census: rule 'k' at 2x5: the distance histogram is not computed (its moves are not marked GRIDBFS2_REVERSIBLE, so no table; the moves' vectors have a null space of 2 dimensions)"
}

@test "pairs (start, target) of two-symbol boards through keys that are not boards: censusref's; of three symbols, refused" {
    add_rule c.yaml t lightskey 'colours: "2"' 'key: dense' 'target: "1"'
    add_rule c.yaml u lightskey 'colours: "2"' 'key: reversed' 'target: "1"'
    add_rule c.yaml k3 lightskey 'colours: "3"' 'undo: "1"' 'target: "1"'
    local name size k
    for name in t u; do
        for size in 2x3 3x3; do
            for k in 2 4; do
                run -0 --separate-stderr "${G[@]}" -r $name -s "$size" --ones $k --census -f csv
                [ "$output" = "$(censusref flip "$size" 010/111/010 0 target $k)" ] ||
                    fail "$name at $size with $k ones: $output"
            done
        done
    done
    # the plus stencil's 8 symmetries, checked through key() and board()
    run -0 "${G[@]}" -r u -s 3x3 --ones 4 --census
    assert_line 'symmetries used: 8, so 23 targets searched'
    run -2 --separate-stderr "${G[@]}" -r k3 -s 2x2 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'k3' at 2x2: a pair census counts boards of two symbols by their ones, and this rule has 3"
}

@test "counts in powers of K, exact: 3^25 boards of 5x5, 3^30, 3^32, solvable and impossible adding up" {
    add_rule c.yaml k lightskey 'colours: "3"' 'key: reversed'
    run -1 --separate-stderr "${G[@]}" -r k -s 5x5 --census -f jsonl
    # 3^25 = 847288609443, 3^22 = 31381059609
    assert_output --partial '"states":847288609443,"pairs":null,"solvable":31381059609,"impossible":815907549834,'
    run --separate-stderr "${G[@]}" -r k -s 5x6 --census -f jsonl
    assert_output --partial '"states":205891132094649,'
    add_rule c.yaml l lights2 'colours: "3"'
    run --separate-stderr "${G[@]}" -r l -s 4x8 --census -f jsonl
    # 3^32 = 1853020188851841, and the figures add up
    assert_output --partial '"states":1853020188851841,'
    local s i
    s=$(sed 's/.*"solvable":\([0-9]*\).*/\1/' <<<"$output")
    i=$(sed 's/.*"impossible":\([0-9]*\).*/\1/' <<<"$output")
    assert_equal "$((s + i))" 1853020188851841
}

@test "a reversible rule of three colours (presses taken back): its table's census equals the reference's, both keys" {
    add_rule c.yaml d lightskey 'colours: "3"' 'key: dense' 'undo: "1"'
    add_rule c.yaml r lightskey 'colours: "3"' 'key: reversed' 'undo: "1"'
    local size name
    for size in 1x3 2x2 2x3 3x3; do
        for name in d r; do
            run -0 --separate-stderr "${G[@]}" -r $name -s "$size" --census -f csv
            [ "$output" = "$(kcensus 3 "$size" 010/111/010 1)" ] || fail "$name at $size: $output"
        done
    done
    run -0 "${G[@]}" -r r -s 3x3 --census -f jsonl
    assert_output --partial '"method":"table",'
    # the example, drawn from its number through the alphabet, is at the
    # largest distance by the reference's own count
    local ex max
    run -0 "${G[@]}" -r r -s 3x3 --census
    max=$(sed -n 's/^largest distance: \([0-9]*\) .*/\1/p' <<<"$output")
    ex=$(example <<<"$output")
    assert_equal "$(kcensus 3 3x3 010/111/010 1 "$ex")" "$max"
}

@test "what cannot be counted says why: a composite K, moves neither reversible nor linear, apply() that breaks GRIDBFS2_LINEAR" {
    add_rule c.yaml four lights2 'colours: "4"'
    add_rule c.yaml plain lightskey 'colours: "3"' 'linear: "0"'
    add_rule c.yaml liar lights2 'colours: "3"' 'breach: apply'
    run -2 --separate-stderr "${G[@]}" -r four -s 2x2 --census
    assert_output ""
    assert_equal "$stderr" "gridbfs: --census: rule 'four' at 2x2: its moves are not marked GRIDBFS2_REVERSIBLE, so no table, and a count by rank needs a prime number of symbols: 4 is not prime, so Z/4 is no field"
    run -2 --separate-stderr "${G[@]}" -r plain -s 2x2 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'plain' at 2x2: a census needs reversible moves (GRIDBFS2_REVERSIBLE), or moves that add fixed vectors (GRIDBFS2_LINEAR) to a fixed goal set"
    run -2 --separate-stderr "${G[@]}" -r liar -s 2x2 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'liar' at 2x2: plugin 'lights2' broke its contract: it says every move adds a fixed vector (GRIDBFS2_LINEAR), and apply() does not"
    # a key past key_bits is the plugin's fault, named
    add_rule c.yaml badkey lights2 'breach: key'
    run -2 --separate-stderr "${G[@]}" -r badkey -s 2x2 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'badkey': plugin 'lights2' broke its contract: key() gave a key past its key_bits"
}

@test "sliding tiles (DENSE keys, far fewer states than boards): (RxC)! states, half solvable, slideref's histogram, an example at its radius" {
    local size n want
    for size in 1x3 2x2 2x3 3x3; do
        n=$((${size%x*} * ${size#*x}))
        run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r tiles -s "$size" --census -f csv
        want=$(slideref census -s "$size" | awk -v n="$n" 'BEGIN { f = 1; for (i = 2; i <= n; i++) f *= i }
            /^states/ { s = $2; print "distance,states"; next } /^radius/ { next }
            { print $1 "," $2 } END { print "impossible," f - s }')
        [ "$output" = "$want" ] || fail "tiles at $size: $output"
    done
    # the example is board() of a key: a permutation at the radius
    run -0 gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r tiles -s 3x3 --census
    assert_line 'states: 362880'
    assert_line 'solvable: 181440'
    assert_line 'largest distance: 31 (2 states)'
    run -0 slideref dist -s 3x3 <<<"$(example <<<"$output")"
    assert_output 31
}
