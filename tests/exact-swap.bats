#!/usr/bin/env bats
# swap-adjacent's exact solver (minimum-cost matching, plugins/swap-adjacent
# /match.c) end to end through gridbfs, with `engine: exact` profiles:
#   - counts equal the search engine's (`engine: search`) and swapref's on
#     random 4x4 puzzles, every neighbourhood, with and without wrap;
#   - printed paths pass swapref's check (adjacent swaps that replay into
#     the target, count minimal) on 4x4 and on 8x8 with up to 14 ones or
#     zeros (swapref's subset DP takes up to 20 of the rarer colour: kept
#     lower for time);
#   - beyond swapref (8x8 with 32 ones, 16x16, 32x32: over 20 cells of each
#     colour or over 64 cells), every path is replayed here by replay(), an
#     awk checker; their minimality is tests/unit/swap_exact.c's job (a
#     min-cost flow in C);
#   - the P1225 sample still gives 4 moves and a path the judge accepts.
bats_require_minimum_version 1.5.0

load test_helper/common

setup() {
    T=$BATS_TEST_TMPDIR
    # x*: exact, s*: search; 4/8 the neighbourhood, w wrap; p prints paths
    {
        echo 'rules:'
        for n in 4 8; do
            for w in false true; do
                v=$n${w/true/w}
                v=${v/false/}
                echo "  x$v: {plugin: swap-adjacent, engine: exact, neighbourhood: $n, wrap: $w}"
                echo "  s$v: {plugin: swap-adjacent, engine: search, neighbourhood: $n, wrap: $w}"
                echo "  p$v: {plugin: swap-adjacent, engine: exact, neighbourhood: $n, wrap: $w, path: true}"
            done
        done
        echo '  xp1225: {plugin: swap-adjacent, engine: exact, size: 4x4, cells: "10", path: true}'
    } >"$T/c.yaml"
}

# flags V: swapref's flags for the variant V (4, 4w, 8, 8w).
flags() {
    case $1 in
    4) echo "" ;;
    4w) echo "-w" ;;
    8) echo "-8" ;;
    8w) echo "-8 -w" ;;
    esac
}

# gen R C N K SEED: N line records "size=RxC start target", each board with
# K ones (K < 0: a random number, the same for both boards).
gen() {
    awk -v R="$1" -v C="$2" -v N="$3" -v K="$4" -v seed="$5" '
    function board(k,   i, j, t, s) {
        for (i = 1; i <= R * C; i++) { cell[i] = 0; ix[i] = i }
        for (i = 1; i <= k; i++) {
            j = i + int(rand() * (R * C - i + 1))
            t = ix[i]; ix[i] = ix[j]; ix[j] = t
            cell[ix[i]] = 1
        }
        s = ""
        for (i = 1; i <= R * C; i++) {
            s = s cell[i]
            if (i % C == 0 && i < R * C) s = s "/"
        }
        return R == 1 ? s "/" : s
    }
    BEGIN {
        srand(seed)
        for (n = 0; n < N; n++) {
            k = K >= 0 ? K : int(rand() * (R * C + 1))
            printf "size=%dx%d %s %s\n", R, C, board(k), board(k)
        }
    }'
}

# replay RECORDS OUTPUT EIGHT WRAP: the judge output with paths, one answer
# per record: a count n, then n swaps ("abcd", or "r1 c1 r2 c2" past 9 rows
# or columns), each joining two adjacent cells (neighbourhood 8 when EIGHT
# is 1, round the torus when WRAP is 1) that hold different pieces; the
# swaps must turn the start into the target.  Prints what is wrong.
replay() {
    awk -v eight="$3" -v wrap="$4" '
    function gap(a, b, n,   d) {
        d = a > b ? a - b : b - a
        return wrap && n - d < d ? n - d : d
    }
    function ones(s) { return gsub(/1/, "1", s) }
    function fail(why) {
        if (++bad <= 10) print "record " k ": " why
    }
    FNR == NR {
        nb = 0
        for (i = 1; i <= NF; i++)
            if ($i ~ /^size=/) { split(substr($i, 6), z, "x"); R = z[1]; C = z[2] }
            else if ($i !~ /=/) b[++nb] = $i
        n++; RR[n] = R; CC[n] = C; S[n] = b[1]; G[n] = b[2]
        gsub("/", "", S[n]); gsub("/", "", G[n])
        next
    }
    need == 0 {
        k++
        if ($0 == "Impossible") {
            if (ones(S[k]) == ones(G[k])) fail("Impossible, but the counts agree")
            next
        }
        if ($0 !~ /^[0-9]+$/) { fail("not a count: " $0); next }
        need = $0 + 0; cur = S[k]; R = RR[k]; C = CC[k]
        if (need == 0 && cur != G[k]) fail("0 moves, but start is not target")
        next
    }
    {
        if (R > 9 || C > 9) m = split($0, v, " ")
        else { m = length($0); for (i = 1; i <= 4; i++) v[i] = substr($0, i, 1) }
        if (m != 4) { fail("not a swap: " $0); need--; next }
        dr = gap(v[1], v[3], R); dc = gap(v[2], v[4], C)
        if (dr > 1 || dc > 1 || dr + dc == 0 || (!eight && dr + dc != 1))
            fail("not adjacent: " $0)
        a = (v[1] - 1) * C + v[2]; c = (v[3] - 1) * C + v[4]
        if (a > c) { t = a; a = c; c = t }
        pa = substr(cur, a, 1); pc = substr(cur, c, 1)
        if (pa == pc) fail("equal pieces: " $0)
        cur = substr(cur, 1, a - 1) pc substr(cur, a + 1, c - a - 1) pa substr(cur, c + 1)
        if (--need == 0 && cur != G[k]) fail("the swaps do not reach the target")
    }
    END {
        if (k != n || need) fail("answers for " k " of " n " records")
        if (bad) { print bad " failure(s)"; exit 1 }
    }' "$1" "$2"
}

@test "exact equals search and swapref on 2,000 random 4x4 puzzles, neighbourhood 4/8, wrap off/on" {
    swapref gen -k 0-16 -u 10 -S 61 2000 >"$T/in"
    for v in 4 4w 8 8w; do
        swapref solve $(flags $v) "$T/in" >"$T/want.$v"
        run gridbfs_to "$T/x.$v" -c "$T/c.yaml" -r x$v "$T/in"
        assert_success
        run gridbfs_to "$T/s.$v" -c "$T/c.yaml" -r s$v "$T/in"
        assert_success
        run cmp "$T/x.$v" "$T/s.$v"
        assert_success
        run cmp "$T/x.$v" "$T/want.$v"
        assert_success
    done
}

@test "exact paths on 2,000 random 4x4 puzzles pass swapref check, every adjacency" {
    swapref gen -k 0-16 -u 10 -S 62 2000 >"$T/in"
    for v in 4 4w 8 8w; do
        run gridbfs_to "$T/out.$v" -c "$T/c.yaml" -r p$v "$T/in"
        assert_success
        run swapref check $(flags $v) "$T/in" "$T/out.$v"
        assert_success
    done
}

@test "P1225 sample through the exact engine: 4 moves, a path the judge accepts" {
    printf '1111\n0000\n1110\n0010\n1010\n0101\n1010\n0101\n' >"$T/in"
    echo '1111/0000/1110/0010 1010/0101/1010/0101' >"$T/rec"
    for r in xp1225 p1225; do # exact, and auto (which picks exact)
        run gridbfs_to "$T/out" -c "$T/c.yaml" -r $r "$T/in"
        assert_success
        run head -n 1 "$T/out"
        assert_output 4
        run swapref check "$T/rec" "$T/out"
        assert_success
    done
    run gridbfs_to "$T/count" -c "$T/c.yaml" -r chessboard "$T/in"
    run cat "$T/count"
    assert_output 4
}

@test "8x8 with up to 14 ones or zeros, -p: swapref checks every path and count, every adjacency" {
    swapref gen -s 8x8 -z -k 0-14 -u 5 -S 64 150 >"$T/in"
    swapref gen -s 8x8 -z -k 50-64 -S 65 100 >>"$T/in"
    for v in 4 4w 8 8w; do
        run gridbfs_to "$T/out.$v" -c "$T/c.yaml" -r x$v -p "$T/in"
        assert_success
        run swapref check -s 8x8 $(flags $v) "$T/in" "$T/out.$v"
        assert_success
    done
}

@test "8x8 with 32 ones, 16x16, 32x32, -p: every path replays into its target" {
    gen 8 8 300 32 1 >"$T/in"
    gen 16 16 40 -1 2 >>"$T/in"
    gen 32 32 3 -1 3 >>"$T/in"
    gen 32 32 1 512 4 >>"$T/in"
    for v in 4 4w 8 8w; do
        run gridbfs_to "$T/out.$v" -c "$T/c.yaml" -r x$v -p "$T/in"
        assert_success
        run replay "$T/in" "$T/out.$v" "$([[ $v == 8* ]] && echo 1 || echo 0)" \
            "$([[ $v == *w ]] && echo 1 || echo 0)"
        assert_success
    done
}

@test "replay() itself refuses a wrong path" {
    echo 'size=2x2 10/00 00/01' >"$T/rec"
    printf '2\n1112\n1222\n' >"$T/good"
    run replay "$T/rec" "$T/good" 0 0
    assert_success
    printf '1\n1122\n' >"$T/diag"
    run replay "$T/rec" "$T/diag" 0 0
    assert_failure
    assert_output --partial 'not adjacent'
    run replay "$T/rec" "$T/diag" 1 0
    assert_success
    printf '1\n1112\n' >"$T/short"
    run replay "$T/rec" "$T/short" 0 0
    assert_failure
    assert_output --partial 'do not reach'
    printf '2\n1121\n1112\n' >"$T/equal"
    run replay "$T/rec" "$T/equal" 0 0
    assert_failure
    assert_output --partial 'equal pieces'
    printf '2\n1112\n' >"$T/cut"
    run replay "$T/rec" "$T/cut" 0 0
    assert_failure
}

@test "engine auto solves boards past 64 cells with the exact solver; unequal counts are Impossible" {
    gen 16 16 5 -1 5 >"$T/in"
    run gridbfs_to "$T/out" -r swap-adjacent -p "$T/in"
    assert_success
    run replay "$T/in" "$T/out" 0 0
    assert_success
    # a 10x10 record whose target has one more piece
    row0=0000000000
    row1=1000000000
    b0=$row1$(printf "/$row0%.0s" {1..9})
    b1=$row1$(printf "/$row0%.0s" {1..8})/$row1
    run -0 --separate-stderr gridbfs -r swap-adjacent -s 10x10 <<<"$b0 $b1"
    assert_output Impossible
}

@test "exact paths are the same run to run and with 1 or 4 jobs" {
    gen 16 16 30 -1 6 >"$T/in"
    swapref gen -z -k 0-16 -S 66 300 >>"$T/in"
    run gridbfs_to "$T/a" -c "$T/c.yaml" -r x8w -p -j 1 "$T/in"
    assert_success
    run gridbfs_to "$T/b" -c "$T/c.yaml" -r x8w -p -j 4 "$T/in"
    assert_success
    run gridbfs_to "$T/c" -c "$T/c.yaml" -r x8w -p -j 4 "$T/in"
    assert_success
    cmp "$T/a" "$T/b"
    cmp "$T/a" "$T/c"
}

@test "csv and jsonl carry the exact solver's count and compact path on a 16x16 board" {
    gen 16 16 1 40 7 >"$T/in"
    run gridbfs_to "$T/judge" -c "$T/c.yaml" -r x4 -p "$T/in"
    assert_success
    n=$(head -n 1 "$T/judge")
    run -0 --separate-stderr gridbfs -c "$T/c.yaml" -r x4 -p -f csv - <"$T/in"
    assert_line --index 1 --regexp "^<stdin>,1,1,,x4,solved,$n,\"[0-9]+,[0-9]+-[0-9]+,[0-9]+( [0-9]+,[0-9]+-[0-9]+,[0-9]+)*\",\$"
    path=$(sed -n 2p <<<"$output" | cut -d'"' -f2 | wc -w)
    [ "$path" -eq "$n" ]
    run -0 --separate-stderr gridbfs -c "$T/c.yaml" -r x4 -f jsonl "$T/in"
    assert_output --partial "\"status\":\"solved\",\"moves\":$n,"
}
