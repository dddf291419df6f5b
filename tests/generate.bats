#!/usr/bin/env bats
# gridbfs --generate (README, "Generating puzzles"): puzzles written in a
# profile's judge input layout.  What is checked, never against gridbfs's
# own answers alone:
#   - every built-in profile's generated files are read back by gridbfs
#     with no fault, and answered as tests/ref/judgeref answers them;
#     layouts of every combination (-c profiles) read back too, their
#     boards answered as flipref or swapref answers them;
#   - every requested distance is the reference's answer (judgeref,
#     flipref, swapref, flipbig), by each sampling method: a distance
#     table, a table a target, random walks, random boards;
#   - --distance max for poj1753: the 256 boards the reference finds at 6;
#   - uniform: boards at one distance, distances in a range, plain boards,
#     by the reference's census of all 65,536 4x4 boards;
#   - --impossible puzzles are impossible per the reference;
#   - the same seed gives the same bytes at -j1 and -j4;
#   - errors name the option and the value; one file a puzzle with -o %d.
bats_require_minimum_version 1.5.0

load test_helper/common

setup() {
    T=$BATS_TEST_TMPDIR
    cd "$T"
}

# tokens < GRID: a file of boards of R rows (blank lines between cases
# ignored) as one line-record token a board, rows joined by '/'.
tokens() {
    awk -v r="$1" 'NF { t = t (n ? "/" : "") $0; if (++n == r) { print t; t = ""; n = 0 } }'
}

# ones < MATRICES: judgeref's press-matrix answers (R rows each, PUZZLE
# lines between them, or IMPOSSIBLE) as one count of presses a case.
ones() {
    awk -v r="$1" '/^PUZZLE/ { next }
        /IMPOSSIBLE/ { print "IMPOSSIBLE"; next }
        { gsub(/[^1]/, ""); s += length($0); if (++n == r) { print s; s = n = 0 } }'
}

# all_are WANT FILE: every line of FILE is WANT, and there is at least one.
all_are() {
    [ -s "$2" ] || fail "$2 is empty"
    local bad
    bad=$(grep -vnxF -- "$1" "$2" | head -5) || true
    [ -z "$bad" ] || fail "expected every answer to be '$1'; lines: $bad"
}

# within A B FILE: every line of FILE is a number from A to B.
within() {
    [ -s "$3" ] || fail "$3 is empty"
    awk -v a="$1" -v b="$2" '!($1 ~ /^[0-9]+$/ && $1 >= a && $1 <= b) {
        print "line " NR ": " $0; bad = 1 } END { exit bad }' "$3" ||
        fail "answers outside $1..$2"
}

# read_back PROFILE FILE [OPTION...]: gridbfs reads FILE with no message,
# exit 0, its answers in FILE.out.
read_back() {
    local p=$1 f=$2
    shift 2
    run --separate-stderr gridbfs_to "$f.out" -r "$p" "$@" "$f"
    assert_success
    assert_equal "$stderr" ""
}

# ---- every profile's layout, read back and answered as the judge ---------

@test "multi-case profiles: gridbfs reads the generated file back and answers it as judgeref does" {
    local p opts
    for p in poj1222 acwing95 flipfive uva10309 cerc07b; do
        opts=
        [ "$p" = cerc07b ] && opts="-s 6x7"
        gridbfs -r "$p" $opts --generate 300 --seed 11 >"$p.in"
        read_back "$p" "$p.in"
        judgeref solve "$p" "$p.in" >"$p.want"
        cmp "$p.want" "$p.in.out" || fail "$p: gridbfs and judgeref differ"
    done
    # the count line says how many; cerc07b's maps are 6x7, end with 0 0
    assert_equal "$(head -1 poj1222.in)" 300
    assert_equal "$(grep -c '^6 7$' cerc07b.in)" 300
    assert_equal "$(tail -1 cerc07b.in)" "0 0"
    assert_equal "$(tail -1 uva10309.in)" "end"
    assert_equal "$(sed -n 2p poj1222.in)" "$(sed -n 2p poj1222.in | grep -E '^[01]( [01]){5}$')"
}

@test "single-case profiles: -o 'DIR/%02d.in' writes one judge file a puzzle, each answered as judgeref does" {
    local p f opts
    for p in poj1753 timus1060 timus1122 poj3279 bailian2811 poj3185 poj2965 p1225 chessboard; do
        opts=
        [ "$p" = poj3279 ] && opts="-s 5x7"
        # the judge promises bowls that can be righted: any distance
        [ "$p" = poj3185 ] && opts="$opts --distance 0-99999"
        mkdir "$p"
        run gridbfs -r "$p" $opts --generate 12 --seed 12 -o "$p/%02d.in"
        assert_success
        assert_output ""
        [ -f "$p/12.in" ] && [ ! -e "$p/13.in" ] && [ ! -e "$p/00.in" ] ||
            fail "$p: not the files 01.in to 12.in: $(ls "$p")"
        for f in "$p"/*.in; do
            read_back "$p" "$f"
            if [ "$p" = p1225 ]; then
                judgeref check p1225 "$f" "$f.out" || fail "$f: judgeref check"
            else
                judgeref solve "$p" "$f" >"$f.want" || fail "$f: judgeref cannot read it"
                cmp "$f.want" "$f.out" || fail "$f: gridbfs and judgeref differ"
            fi
        done
    done
    assert_equal "$(head -1 poj3279/01.in)" "5 7"
    assert_equal "$(wc -l <timus1122/01.in)" 7 # 4 rows, then the 3x3 pattern
}

# shapes CELLS < FILE: how FILE writes its board rows (lines of two or
# more of CELLS and nothing else but spaces): "spaced" or "packed", one
# line for each seen.
shapes() {
    awk -v c="$1" '{ n = 0; sp = 0
        for (i = 1; i <= length($0); i++) {
            ch = substr($0, i, 1)
            if (ch == " ") sp = 1
            else if (index(c, ch)) n++
            else next
        }
        if (n >= 2) print (sp ? "spaced" : "packed") }' | sort -u
}

@test "every built-in profile writes its cells as its judge's sample does, spaced or not, by default; --spaced only where a profile does not say" {
    local dir p cells want f opts n=0
    for dir in "$BATS_TEST_DIRNAME"/judges/*/; do
        p=$(basename "$dir")
        # leetcode773's boards sit between brackets it cannot write
        # (below): the 19 others
        [ "$p" = leetcode773 ] && continue
        cells=$(gridbfs --list-rules -f jsonl | grep "\"name\":\"$p\"" |
            sed -E 's/.*"(cells|symbols)":"([^"]*)".*/\2/')
        [ -n "$cells" ] || fail "$p: no cells"
        want=$(shapes "$cells" <"$dir/sample.in")
        [[ $want == spaced || $want == packed ]] || fail "$p: the sample's rows are '$want'"
        mkdir "$p"
        opts=
        # the judge promises bowls that can be righted (POJ 3185): any
        # distance; and boards that can be solved (HDU 5755), by walks of
        # up to 8 presses (a 4x4 board's largest distance is not known)
        case $p in
        poj3185) opts="--distance 0-99999" ;;
        hdu5755) opts="--distance 0-8" ;;
        esac
        gridbfs -r "$p" $opts --generate 3 --seed 5 -o "$p/%d.in"
        for f in "$p"/*.in; do
            assert_equal "$p $(shapes "$cells" <"$f")" "$p $want"
            read_back "$p" "$f"
            if [ "$p" = hdu5755 ]; then # not judgeref's: HDU's own check
                klightsref check "$f" "$f.out" || fail "$f: klightsref takes no answer of gridbfs's"
            elif [[ $p == poj1077 || $p == hdu1043 || $p == p1379 ]]; then
                slideref solve "$p" "$f" | cmp - "$f.out" || fail "$f: not slideref's answer"
            else
                judgeref solve "$p" "$f" >/dev/null || fail "$f: judgeref cannot read it"
            fi
        done
        n=$((n + 1))
    done
    assert_equal "$n" 19
    # LeetCode 773's [[1,2,3],[4,0,5]]: its layout reads the cells from
    # between '[', ']' and ',' (ignore), and cannot say where they go
    run -2 --separate-stderr gridbfs -r leetcode773 --generate 1
    assert_equal "$stderr" "gridbfs: --generate: profile 'leetcode773' reads its boards from between other characters (layout ignore: '[],'), which it cannot write; generate for its plugin, as -r slide -s 2x3"
    # --spaced changes a profile that does not say; not one that does
    printf 'rules:\n  mine: {plugin: flip-neighbors, size: 3x3, cells: "10", layout: {count: true}}\n' >mine.yaml
    assert_equal "$(gridbfs -c mine.yaml -r mine --generate 2 --seed 1 | shapes 01)" packed
    assert_equal "$(gridbfs -c mine.yaml -r mine --generate 2 --seed 1 --spaced | shapes 01)" spaced
    assert_equal "$(gridbfs -r p1225 --generate 2 --seed 1 --spaced | shapes 01)" packed
    printf 'rules:\n  p1225: {layout: {spaced: true}}\n' >sp.yaml
    assert_equal "$(gridbfs -c sp.yaml -r p1225 --generate 2 --seed 1 | shapes 01)" spaced
}

@test "several layouts of -c profiles read back with no fault, answered as flipref and swapref answer the same boards" {
    cat >gen.yaml <<'EOF'
rules:
  each:  {plugin: flip-neighbors, size: 4x4, layout: {count: true, size: each, name: true}}
  first: {plugin: flip-neighbors, size: 4x4, layout: {size: first, blank: true, end: "END"}}
  named: {plugin: flip-neighbors, size: 4x4, layout: {name: true, blank: true}}
  cnt:   {plugin: flip-neighbors, size: 4x4, layout: {count: true, blank: true, end: "0"}}
  sw:    {plugin: swap-adjacent, size: 3x4, cells: "10", layout: {count: true, size: each, name: true}}
EOF
    local p
    # the same seed and rule draw the same boards whatever the layout:
    # the bare plugin's line records are the reference's input
    gridbfs -r flip-neighbors -s 4x4 --generate 200 --distance 0-9 --seed 3 >flip.lines
    flipref solve -s 4x4 flip.lines >flip.want
    for p in each first named cnt; do
        gridbfs -c gen.yaml -r "$p" --generate 200 --distance 0-9 --seed 3 >"$p.in"
        read_back "$p" "$p.in" -c gen.yaml
        cmp flip.want "$p.in.out" || fail "$p: not flipref's answers"
    done
    assert_equal "$(sed -n 2p each.in)" case1
    assert_equal "$(sed -n 3p each.in)" "4 4"
    assert_equal "$(tail -1 first.in)" END
    gridbfs -r swap-adjacent -s 3x4 --generate 100 --distance 0-8 --seed 3 >sw.lines
    swapref solve -s 3x4 sw.lines >sw.want
    gridbfs -c gen.yaml -r sw --generate 100 --distance 0-8 --seed 3 >sw.in
    read_back sw sw.in -c gen.yaml
    cmp sw.want sw.in.out || fail "sw: not swapref's answers"
}

@test "a layout parameter (timus1122's pattern): random patterns, each case answered as flipref answers it with that pattern" {
    cat >gen.yaml <<'EOF'
rules:
  pat: {plugin: flip-neighbors, size: 4x4, cells: BW, stencil: ["101", "010", "101"],
        layout: {count: true, name: true, param: stencil, param_rows: 3}}
EOF
    gridbfs -c gen.yaml -r pat --generate 40 --distance 2 --seed 5 >pat.in
    read_back pat pat.in -c gen.yaml
    all_are 2 pat.in.out
    # each case: its name, 4 rows, 3 pattern rows; flipref with its pattern
    local k=0 board st
    while read -r name; do
        read -r a && read -r b && read -r c && read -r d && read -r s1 && read -r s2 && read -r s3
        board=$a/$b/$c/$d st=$s1/$s2/$s3
        assert_equal "$(echo "$board" | flipref solve -s 4x4 -c BW -t "$st" -)" 2
        k=$((k + 1))
    done < <(tail -n +2 pat.in)
    assert_equal $k 40
    # the patterns are drawn: not all the profile's own
    [ "$(tail -n +2 pat.in | awk 'NR % 8 >= 6 || NR % 8 == 0' | sort -u | wc -l)" -gt 4 ]
}

@test "a layout parameter of 2^40 values (the toggle test plugins' pattern): memory stays flat, at most 1,024 patterns taken, every case read back and answered" {
    requires /usr/bin/time
    printf 'rules:\n  many:\n    plugin: old-abi\n    size: 4x4\n    pattern: "%s"\n    layout: {count: true, param: pattern, param_rows: 1}\n' \
        0101010101010101010101010101010101010101 >many.yaml
    local n
    local -a peak
    for n in 2000 16000; do
        # ASan keeps little of what is freed, so that RSS is what is held
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
            /usr/bin/time -f '%M' -o peak "$GRIDBFS" -P "$GRIDBFS_TEST_PLUGINS" \
            -c many.yaml -r many --generate $n --seed 7 >"many$n.in"
        peak+=("$(tail -n 1 peak)")
    done
    # each case: 4 rows, then its pattern of 40 0s and 1s; drawn, but no
    # more than 1,024 of them (and the profile's own)
    local patterns
    patterns=$(awk 'NR > 1 && NR % 5 == 1' many16000.in | sort -u)
    assert_equal "$(grep -cvx '[01]\{40\}' <<<"$patterns")" 0
    (($(wc -l <<<"$patterns") > 1000 && $(wc -l <<<"$patterns") <= 1025)) ||
        fail "$(wc -l <<<"$patterns") patterns in 16,000 cases"
    # read back, every case answered: a toggle takes one move a 1-cell
    read_back many many16000.in -P "$GRIDBFS_TEST_PLUGINS" -c many.yaml
    assert_equal "$(cat many16000.in.out)" "$(awk 'NR > 1 && NR % 5 != 1 { gsub(/0/, ""); s += length($0) }
        NR > 1 && NR % 5 == 0 { print s; s = 0 }' many16000.in)"
    # peak RSS in KiB: eight times the cases may cost at most 4 MiB more
    ((peak[1] < peak[0] + 4096)) || fail "${peak[0]} KiB for 2,000 cases, ${peak[1]} KiB for 16,000"
}

# ---- distances: exact, by each method -----------------------------------

@test "--distance D and A-B from a distance table: poj1753, acwing95, flipfive, cerc07b, poj1222 are at exactly that distance per judgeref" {
    gridbfs -r poj1753 --generate 400 --distance 3 --seed 1 >a.in
    judgeref solve poj1753 a.in >a.ref
    all_are 3 a.ref
    gridbfs -r poj1753 --generate 700 --distance 0-6 --seed 2 >b.in
    judgeref solve poj1753 b.in >b.ref
    within 0 6 b.ref
    for d in 0 1 2 3 4 5 6; do grep -qx $d b.ref || fail "no distance $d among 700"; done
    gridbfs -r acwing95 --generate 300 --distance 4 --seed 1 >c.in
    judgeref solve acwing95 c.in >c.ref
    all_are 4 c.ref
    gridbfs -r flipfive --generate 300 --distance 2-5 --seed 1 >d.in
    judgeref solve flipfive d.in >d.ref
    within 2 5 d.ref
    gridbfs -r cerc07b -s 4x5 --generate 100 --distance 7 --seed 1 >e.in
    judgeref solve cerc07b e.in >e.ref
    all_are "You have to tap 7 tiles." e.ref
}

@test "the README's recipe: poj1222 --distance 5-10, answered by gridbfs as judgeref answers it, every puzzle 5 to 10 presses" {
    gridbfs -r poj1222 --generate 100 --distance 5-10 --seed 1 >t.in
    gridbfs -r poj1222 t.in >t.out
    judgeref solve poj1222 t.in >t.ref
    cmp t.ref t.out
    ones 5 <t.ref >t.n
    within 5 10 t.n
    assert_equal "$(wc -l <t.n)" 100
}

@test "the README's test set for P1225: data, answers as judgeref gives them, and a Kattis validator that takes them" {
    # the commands of README "A test set, start to finish", as written there
    awk '/^### A test set, start to finish/ { on = 1 } on && /^```sh$/ { code = 1; next }
        code && /^```$/ { exit } code' "$BATS_TEST_DIRNAME/../README.md" >recipe.sh
    [ "$(grep -c 'gridbfs' recipe.sh)" -ge 6 ] || fail "no recipe: $(cat recipe.sh)"
    PATH="$(dirname "$GRIDBFS"):$PATH" bash -e recipe.sh
    local f n=0 want
    for f in data/secret/*.in; do
        n=$((n + 1))
        # only what P1225 allows: the start and the target have as many
        # ones (swaps keep them), so every case can be solved
        assert_equal "$(head -4 "$f" | tr -cd 1 | wc -c)" "$(tail -4 "$f" | tr -cd 1 | wc -c)"
        # the count is judgeref's (an independent search); the moves
        # pass the judge's own check of a P1225 answer
        want=$(judgeref solve p1225 "$f" | head -1)
        assert_equal "$(head -1 "${f%.in}.ans")" "$want"
        judgeref check p1225 "$f" "${f%.in}.ans"
        if [[ $f == *far* ]] && { [ "$want" -lt 8 ] || [ "$want" -gt 14 ]; }; then
            fail "$f: $want moves"
        fi
        # --distance max: God's number of P1225's 4x4 boards
        [[ $f != *max* ]] || assert_equal "$f $want" "$f 20"
        PATH="$(dirname "$GRIDBFS"):$PATH" run -42 output_validators/gridbfs/run "$f" "${f%.in}.ans" "$T/" <"${f%.in}.ans"
    done
    assert_equal "$n" 13
    # and a wrong answer is rejected
    PATH="$(dirname "$GRIDBFS"):$PATH" run -43 output_validators/gridbfs/run \
        data/secret/far01.in data/secret/far01.ans "$T/" <data/secret/far02.ans
    grep -q 'wrong answer' judgemessage.txt
    grep -qx 'validation: custom' problem.yaml
}

@test "--distance for a swap rule: p1225 and chessboard starts at exactly that distance from their targets, per judgeref" {
    mkdir p c
    gridbfs -r p1225 --generate 30 --distance 9 --seed 4 -o 'p/%d.in'
    gridbfs -r chessboard --generate 30 --distance 1-12 --seed 4 -o 'c/%d.in'
    local f
    for f in p/*.in; do
        assert_equal "$(judgeref solve p1225 "$f" | head -1)" 9
    done
    for f in c/*.in; do judgeref solve chessboard "$f"; done >c.ref
    within 1 12 c.ref
    assert_equal "$(wc -l <c.ref)" 30
}

@test "--distance up to God's number for 4x4 swaps: 17, 19, 20 and max (20) for chessboard and p1225, exact per swapref and judgeref, the same bytes for a seed" {
    local d f
    for d in 17 19 20 max; do
        gridbfs -r swap-adjacent -s 4x4 --generate 6 --distance $d --seed 3 >s$d.lines
        swapref solve -s 4x4 s$d.lines >s$d.ref
        all_are "${d/max/20}" s$d.ref
        mkdir c$d
        gridbfs -r chessboard --generate 3 --distance $d --seed 3 -o "c$d/%d.in"
        for f in c$d/*.in; do judgeref solve chessboard "$f"; done >c$d.ref
        all_are "${d/max/20}" c$d.ref
    done
    gridbfs -r p1225 --generate 3 --distance max --seed 4 -o 'p%d.in'
    for f in p*.in; do judgeref solve p1225 "$f" | head -1; done >p.ref
    all_are 20 p.ref
    # a range past what random targets reach: each distance of it
    gridbfs -r chessboard --generate 60 --distance 16-20 --seed 5 -o 'r%02d.in'
    for f in r*.in; do judgeref solve chessboard "$f"; done | sort -u >r.ref
    assert_equal "$(cat r.ref)" "$(seq 16 20)"
    # deterministic: the same bytes at -j1 and -j2
    gridbfs -r swap-adjacent -s 4x4 --generate 6 --distance 19 --seed 3 -j1 >j1
    cmp j1 s19.lines
    run -2 --separate-stderr gridbfs -r chessboard --generate 1 --distance 21
    assert_equal "$stderr" "gridbfs: --distance 21: rule 'chessboard' at 4x4 has no board at distance 21 (its largest distance is 20)"
}

@test "--distance past what can exist is refused, and what may not exist is tried a bounded number of times" {
    # 32x32 Lights Out: 1,024 presses, each at most once in a shortest answer
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 32x32 --generate 2 --distance 1025
    assert_output ""
    assert_equal "$stderr" "gridbfs: --distance 1025: rule 'flip-neighbors' at 32x32 has no board at distance 1025 (a shortest answer makes each of its 1024 moves at most once)"
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 32x32 --generate 2 --distance 1025-2000
    assert_regex "$stderr" "^gridbfs: --distance 1025-2000: rule 'flip-neighbors' at 32x32 has no board at a distance from 1025 to 2000"
    # past 64 cells each try is an exact solver's answer on a big board:
    # a few dozen, then a message
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 12x12 --generate 2 --distance 140 --seed 1
    assert_equal "$stderr" "gridbfs: --distance 140: no puzzle of rule 'flip-neighbors' at 12x12 found at distance 140 in 64 random walks from the goal, each answered by the solver"
}

@test "--distance max without a table gives the true reason: the plugin's flags, the cells, the scan's bound" {
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r broken-moves --generate 1 --distance max
    assert_equal "$stderr" "gridbfs: --distance max: the largest distance of rule 'broken-moves' at 4x4 is not known: its goals are neither fixed (GRIDBFS_FIXED_GOAL) nor a target board, so it has no distance table"
    run -2 --separate-stderr gridbfs -r lights5 -s 6x6 --generate 1 --distance max
    assert_equal "$stderr" "gridbfs: --distance max: the largest distance of rule 'lights5' at 6x6 is not known: its 36 cells are more than the 30 a distance table indexes"
    printf 'limits: {table_memory: 1024}\n' >t.yaml
    run -2 --separate-stderr gridbfs -c t.yaml -r poj1753 --generate 1 --distance max
    assert_regex "$stderr" "^gridbfs: --distance max: the largest distance of rule 'poj1753' at 4x4 is not known: its distance table needs [0-9]+ bytes, over limits.table_memory \(1024\)\$"
    run -2 --separate-stderr gridbfs -r swap-adjacent -s 5x5 --generate 1 --distance max
    assert_equal "$stderr" "gridbfs: --distance max: the largest distance of rule 'swap-adjacent' at 5x5 is not known: its 25 cells are more than the 18 of a scan of its targets for it"
}

@test "--impossible is refused for a profile whose judge has no impossible answer; -f and -p are refused with --generate" {
    local p
    for p in p1225 chessboard poj1222 bailian2811 poj2965 poj3185 flipfive bzoj3517; do
        run -2 --separate-stderr gridbfs -r $p --generate 2 --impossible -o x.in
        assert_output ""
        assert_equal "$stderr" "gridbfs: --impossible: profile '$p' has no impossible answer (its judge promises solvable input); give it an 'impossible' text to write such cases"
        [ ! -e x.in ] || fail "$p: x.in written"
    done
    # a profile given one writes cases it answers with it
    printf 'rules:\n  p1225: {impossible: "no way"}\n' >imp.yaml
    gridbfs -c imp.yaml -r p1225 --generate 2 --impossible --seed 1 -o 'i%d.in'
    for p in i1.in i2.in; do
        assert_equal "$(gridbfs -c imp.yaml -r p1225 $p)" "no way"
        assert_equal "$(swapref solve -s 4x4 <(tokens 4 <$p | paste -sd ' '))" Impossible
    done
    run -2 --separate-stderr gridbfs -r poj1753 --generate 1 -f csv
    assert_equal "$stderr" "gridbfs: -f: not with --generate"
    run -2 --separate-stderr gridbfs -r poj1753 --generate 1 -p
    assert_equal "$stderr" "gridbfs: -p: not with --generate"
}

@test "a square layout's size line is one number: bzoj3517 writes n, and refuses a size that is not n x n" {
    gridbfs -r bzoj3517 -s 6x6 --generate 1 --seed 2 -o b.in
    assert_equal "$(head -1 b.in)" 6
    assert_equal "$(sed 1d b.in | grep -cx '[01]\{6\}')" 6
    assert_equal "$(gridbfs -r bzoj3517 b.in)" "$(judgeref solve bzoj3517 b.in)"
    run -2 --separate-stderr gridbfs -r bzoj3517 -s 3x4 --generate 1 -o x.in
    assert_equal "$stderr" "gridbfs: --generate: profile 'bzoj3517' writes its size line as one number, n (layout square), so its boards are n x n, not 3x4"
    [ ! -e x.in ]
}

@test "--distance past a table: random walks on 6x6 and 8x8 flips and 6x6 swaps, exact per flipref and swapref" {
    gridbfs -r flip-neighbors -s 6x6 --generate 60 --distance 9 --seed 1 >f.lines
    flipref solve -s 6x6 f.lines >f.ref
    all_are 9 f.ref
    gridbfs -r flip-neighbors -s 8x8 --generate 30 --distance 3-20 --seed 1 >g.lines
    flipref solve -s 8x8 g.lines >g.ref
    within 3 20 g.ref
    gridbfs -r swap-adjacent -s 6x6 --generate 60 --distance 6 --seed 1 >s.lines
    swapref solve -s 6x6 s.lines >s.ref
    all_are 6 s.ref
}

@test "--distance under limits.memory: a search the budget cannot hold stops the run, rather than drawing another puzzle than a roomier run would" {
    # 6x6 swaps, 18 ones: the boards within 8 swaps of a start number
    # millions (some 60 swaps a board), far past 1 MiB of search nodes
    printf 'limits: {memory: 1048576, max_states: 1000000000}\nrules:\n  big: {plugin: swap-adjacent, size: 6x6, engine: search}\n' >m.yaml
    run -2 --separate-stderr gridbfs -c m.yaml -r big --generate 2 --distance 8 --seed 1
    assert_output ''
    assert_equal "${#stderr_lines[@]}" 1
    assert_equal "$stderr" "gridbfs: --distance 8: a search for a puzzle of rule 'big' at 6x6 stopped at a limit (limits.memory or limits.max_states); with more room it would have given another, so none is written"
}

@test "the same seed gives the same bytes whatever limits.memory, or exit 2 and a message naming it: never other bytes" {
    local args m
    for args in "-r timus1122 --distance 3" "-r p1225 --distance 3-10" "-r poj1753 --distance 2" \
        "-r flip-neighbors -s 6x6 --distance 4-8" "-r swap-adjacent -s 5x5 --distance 3 --generate 4"; do
        gridbfs --generate 600 $args --seed 7 >want
        for m in 1 4 8 32 160; do
            printf 'limits: {memory: %d}\n' $((m * 1048576)) >m.yaml
            run --separate-stderr gridbfs -c m.yaml --generate 600 $args --seed 7 -j2
            if [ "$status" = 0 ]; then
                assert_equal "$stderr" ""
                [ "$output" = "$(cat want)" ] || fail "$args, $m MiB: other bytes"
            else
                assert_equal "$args $m: $status" "$args $m: 2"
                # on standard output, the puzzles before it are written
                [ "$output" = "$(head -c ${#output} want)" ] || fail "$args, $m MiB: other bytes before the stop"
                assert_regex "$stderr" "^gridbfs: --distance [0-9-]+: .*limits\.memory"
            fi
        done
    done
    # the smallest budgets do stop: 512 patterns of timus1122, a table each,
    # in the tables' share: of 8 MiB, 1 + 1 + 0.5 MiB go to chunks, stacks
    # and parked workspaces, and half of the 5.5 MiB left, 2883584 bytes
    printf 'limits: {memory: %d}\n' $((8 * 1048576)) >m.yaml
    run -2 --separate-stderr gridbfs -c m.yaml -r timus1122 --generate 600 --distance 3 --seed 7
    assert_regex "$stderr" "^gridbfs: --distance 3: rule 'timus1122' at 4x4: its distance table needs [0-9]+ bytes while built, over what the tables' share \(2883584\) of limits.memory has left\$"
}

@test "--distance past 64 cells: walks through apply(), uva10309 per judgeref, 10x10, 20x20 and 23x23 flips proved by flipbig" {
    local d
    for d in 3 50; do # a few presses from the goal, and a typical distance
        gridbfs -r uva10309 --generate 20 --distance $d --seed 1 >u.in
        judgeref solve uva10309 u.in | awk '{ print $2 }' >u.ref
        all_are $d u.ref
    done
    gridbfs -r flip-neighbors -s 10x10 --generate 20 --distance 45-48 --seed 1 >big.lines
    gridbfs -r flip-neighbors -s 10x10 big.lines >big.out
    run flipbig check -s 10x10 -g uniform -c bw big.lines big.out
    assert_success
    within 45 48 big.out
    gridbfs -r flip-neighbors -s 20x20 --generate 10 --distance 2-4 --seed 3 >b20.lines
    gridbfs -r flip-neighbors -s 20x20 b20.lines >b20.out
    run flipbig check -s 20x20 -g uniform -c bw b20.lines b20.out
    assert_success
    within 2 4 b20.out
    # at 23x23 one random board in 2^13 is solvable (the presses span a
    # space of nullity 14, and the goal is uniform): walks start from the
    # empty board
    gridbfs -r flip-neighbors -s 23x23 --generate 5 --distance 1-3 --seed 8 >b23.lines
    gridbfs -r flip-neighbors -s 23x23 b23.lines >b23.out
    run flipbig check -s 23x23 -g uniform -c bw b23.lines b23.out
    assert_success
    within 1 3 b23.out
}

# ---- --distance max, and uniform sampling --------------------------------

@test "--distance max for poj1753: 6-move boards, the 256 that flipref finds at distance 6, every one of them" {
    flipref boards -s 4x4 >all.lines
    flipref solve -s 4x4 all.lines >all.ref
    paste -d ' ' all.ref all.lines | awk '$1 == 6 { print $2 }' | sort >six
    assert_equal "$(wc -l <six)" 256
    assert_equal "$(sort -n all.ref | tail -1)" 6
    gridbfs -r poj1753 --generate 4000 --distance max --seed 9 >m.in
    judgeref solve poj1753 m.in >m.ref
    all_are 6 m.ref
    tokens 4 <m.in | sort -u >seen
    assert_equal "$(wc -l <seen)" 256
    assert_equal "$(comm -23 seen six)" ""
}

@test "uniform: each board at a distance as often as another, distances of a range alike, plain boards as the census has them" {
    flipref boards -s 4x4 >all.lines
    flipref solve -s 4x4 all.lines >all.ref
    # the boards at distance 1 (2 goals, 16 presses each)
    paste -d ' ' all.ref all.lines | awk '$1 == 1 { print $2 }' | sort >one
    local n
    n=$(wc -l <one)
    gridbfs -r poj1753 --generate $((n * 100)) --distance 1 --seed 2 | tokens 4 | sort | uniq -c >got
    assert_equal "$(awk '{ print $2 }' got | comm -3 - one)" ""
    # each expected 100 times: binomial, standard deviation under 10
    awk '$1 < 50 || $1 > 150 { print; bad = 1 } END { exit bad }' got
    # a range: each existing distance drawn alike (1/7 of 7000, sd 29)
    gridbfs -r poj1753 --generate 7000 --distance 0-9 --seed 3 >r.in
    judgeref solve poj1753 r.in | sort | uniq -c >r.count
    assert_equal "$(wc -l <r.count)" 7
    awk '$1 < 855 || $1 > 1145 { print; bad = 1 } END { exit bad }' r.count
    # no option: the share of impossible boards is the census's
    gridbfs -r poj1753 --generate 8000 --seed 4 >u.in
    judgeref solve poj1753 u.in >u.ref
    local want got
    want=$(grep -c Impossible all.ref)
    got=$(grep -c Impossible u.ref)
    awk -v w="$want" -v g="$got" 'BEGIN { p = w / 65536; m = 8000 * p
        s = sqrt(8000 * p * (1 - p)); exit !(g > m - 5 * s && g < m + 5 * s) }' ||
        fail "$got of 8000 impossible; the census has $want of 65536"
}

# ---- --impossible --------------------------------------------------------

@test "--impossible: impossible per the references, by table, target table, random boards" {
    gridbfs -r flip-neighbors -s 4x4 --generate 100 --impossible --seed 1 >a.lines
    flipref solve -s 4x4 a.lines >a.ref
    all_are Impossible a.ref
    gridbfs -r cerc07b -s 4x4 --generate 50 --impossible --seed 1 >b.in
    judgeref solve cerc07b b.in >b.ref
    all_are "Damaged billboard." b.ref
    gridbfs -r swap-adjacent -s 4x4 --generate 100 --impossible --seed 1 >c.lines
    swapref solve -s 4x4 c.lines >c.ref
    all_are Impossible c.ref
    gridbfs -r swap-adjacent -s 6x6 --generate 50 --impossible --seed 1 >d.lines
    swapref solve -s 6x6 d.lines >d.ref
    all_are Impossible d.ref
    gridbfs -r flip-neighbors -s 5x7 --generate 20 --impossible --seed 1 >e.lines
    flipref solve -s 5x7 e.lines >e.ref
    all_are Impossible e.ref
}

@test "--impossible for a rule whose every board is solvable is an error, as is a distance it does not have" {
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 3x3 --generate 3 --impossible
    assert_output ""
    assert_equal "$stderr" "gridbfs: --impossible: every board of rule 'flip-neighbors' at 3x3 can be solved"
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 5x6 --generate 3 --impossible --seed 1
    assert_equal "$stderr" "gridbfs: --impossible: no impossible puzzle of rule 'flip-neighbors' at 5x6 found in 1000 random boards, each answered by the solver (there may be none)"
    run -2 --separate-stderr gridbfs -r poj1753 --generate 3 --distance 7
    assert_equal "$stderr" "gridbfs: --distance 7: rule 'poj1753' at 4x4 has no board at distance 7 (its largest distance is 6)"
    run -2 --separate-stderr gridbfs -r poj1753 --generate 3 --distance 7-20
    assert_equal "$stderr" "gridbfs: --distance 7-20: rule 'poj1753' at 4x4 has no board at a distance from 7 to 20 (its largest distance is 6)"
    run -2 --separate-stderr gridbfs -r p1225 --generate 3 --distance 40 --seed 1
    assert_equal "$stderr" "gridbfs: --distance 40: rule 'p1225' at 4x4 has no board at distance 40 (its largest distance is 20)"
    run -2 --separate-stderr gridbfs -r uva10309 --generate 3 --distance max
    assert_equal "$stderr" "gridbfs: --distance max: the largest distance of rule 'uva10309' at 10x10 is not known: its 100 cells are more than the 30 a distance table indexes"
    printf 'rules:\n  nop: {plugin: flip-neighbors, size: 3x3, layout: {count: true, param: nosuch, param_rows: 1}}\n' >nop.yaml
    run -2 --separate-stderr gridbfs -c nop.yaml -r nop --generate 2
    assert_equal "$stderr" "gridbfs: nop.yaml:2:52: rule 'nop': layout: param 'nosuch' is no parameter of plugin 'flip-neighbors'"
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 6x6 --generate 2 --distance 200 --seed 1
    assert_equal "$stderr" "gridbfs: --distance 200: rule 'flip-neighbors' at 6x6 has no board at distance 200 (a shortest answer makes each of its 36 moves at most once)"
}

# ---- the seed ------------------------------------------------------------

@test "the same seed gives the same bytes at -j1 and -j4, by every method; another seed other bytes" {
    local args
    for args in "-r poj1222 --distance 0-12" "-r p1225 --distance 3-10 --generate 300" \
        "-r flip-neighbors -s 6x6 --distance 4-8" "-r timus1122" \
        "-r uva10309 --distance 49-51" "-r swap-adjacent --impossible --generate 300"; do
        gridbfs --generate 1200 $args --seed 77 -j1 >one
        gridbfs --generate 1200 $args --seed 77 -j4 >four
        cmp one four || fail "$args: -j1 and -j4 differ"
        gridbfs --generate 1200 $args --seed 78 -j4 >other
        ! cmp -s one other || fail "$args: seeds 77 and 78 give the same bytes"
    done
    # the first puzzles of a longer run are the shorter run's
    gridbfs -r poj1753 --generate 50 --seed 5 >short
    gridbfs -r poj1753 --generate 80 --seed 5 | head -c "$(wc -c <short)" >long
    cmp short long
    # no --seed: a fresh one each run
    gridbfs -r poj1222 --generate 20 >x
    gridbfs -r poj1222 --generate 20 >y
    ! cmp -s x y
}

# ---- errors and -o -------------------------------------------------------

@test "bad option values: one message naming the option and the value, exit 2, nothing written" {
    mkdir w && cd w
    bad() {
        local want=$1
        shift
        run -2 --separate-stderr gridbfs "$@"
        assert_output ""
        assert_equal "$stderr" "gridbfs: $want"
    }
    bad "--generate: expected a whole number from 0 to 1000000000, got '-1'" --generate -1
    bad "--generate: expected a whole number from 0 to 1000000000, got 'ten'" --generate ten
    bad "--seed: expected a whole number from 0 to 18446744073709551615, got '0x10'" --generate 1 --seed 0x10
    bad "--distance: expected D, A-B (A <= B) or max, whole numbers up to 100000, got '5-3'" --generate 1 --distance 5-3
    bad "--distance: expected D, A-B (A <= B) or max, whole numbers up to 100000, got 'far'" --generate 1 --distance far
    bad "--distance: only with --generate" --distance 3
    bad "--distance and --impossible exclude each other" --generate 1 --distance 3 --impossible
    bad "--generate reads no FILE" --generate 1 in.txt
    bad "-o 'x%s': a % directive other than %d or %0Nd; a name for one file a puzzle takes one %d or %0Nd (N up to 20), and %% for a %" --generate 2 -o 'x%s'
    bad "-o '%d-%d': more than one %d; a name for one file a puzzle takes one %d or %0Nd (N up to 20), and %% for a %" --generate 2 -o '%d-%d'
    [ -z "$(ls -A)" ] || fail "files were written: $(ls -A)"
}

@test "-o FILE: the whole file or none; %% is a %; %0Nd pads; --generate 0 writes the count line alone" {
    run gridbfs -r poj1222 --generate 5 --seed 1 -o out.in
    assert_success
    assert_equal "$(head -1 out.in)" 5
    assert_equal "$(wc -l <out.in)" 26
    echo old >keep.in
    run -2 gridbfs -r poj1753 --generate 5 --distance 9 -o keep.in
    assert_equal "$(cat keep.in)" old
    run gridbfs -r acwing95 --generate 3 --seed 1 -o 'x%%%03d.in'
    assert_success
    [ -f 'x%001.in' ] && [ -f 'x%003.in' ] || fail "files: $(ls)"
    assert_equal "$(head -1 'x%002.in')" 1
    judgeref solve acwing95 'x%002.in' >/dev/null
    run gridbfs -r poj1222 --generate 2 -o 'all%%.in'
    assert_success
    assert_equal "$(head -1 'all%.in')" 2
    run gridbfs -r poj1222 --generate 0
    assert_output 0
    run gridbfs -r uva10309 --generate 0
    assert_output end
    run -0 gridbfs -r flip-neighbors --generate 0
    assert_output ""
}

@test "--help and the man page name the options" {
    run gridbfs --help
    local o
    for o in --generate --seed --distance --impossible --spaced; do
        assert_output --partial "$o"
        grep -q -- "${o//-/\\\\-}" "$BATS_TEST_DIRNAME/../doc/gridbfs.1" || fail "the man page lacks $o"
    done
}

@test "boards of one row and of 32x32 are written as the reader reads them, answered as flipref and flipbig answer them" {
    gridbfs -r flip-neighbors -s 1x7 --generate 50 --distance 0-3 --seed 2 >row.lines
    grep -q '^id=1 rule=flip-neighbors size=1x7 [bw]\{7\}/$' row.lines
    flipref solve -s 1x7 row.lines >row.ref
    within 0 3 row.ref
    read_back flip-neighbors row.lines -s 1x7
    cmp row.ref row.lines.out
    gridbfs -r flip-neighbors -s 32x32 --generate 4 --seed 2 >big.lines
    read_back flip-neighbors big.lines
    run flipbig check -s 32x32 -g uniform -c bw big.lines big.lines.out
    assert_success
    gridbfs -r cerc07b -s 32x32 --generate 3 --seed 2 >big.in
    assert_equal "$(grep -c '^32 32$' big.in)" 3
    read_back cerc07b big.in
}

@test "a swap rule: for one target, the starts at the distance are the ones swapref finds, each drawn alike" {
    gridbfs -r swap-adjacent -s 2x3 --generate 25600 --distance 2 --seed 6 >s.lines
    # the target drawn most often, and every start swapref puts 2 swaps from it
    local t i b c
    t=$(awk '{ print $5 }' s.lines | sort | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
    for i in $(seq 0 63); do
        b=
        for c in 0 1 2 3 4 5; do b+=$(((i >> c) & 1)); done
        echo "${b:0:3}/${b:3:3} $t"
    done >all.lines
    swapref solve -s 2x3 all.lines | paste -d ' ' - all.lines | awk '$1 == 2 { print $2 }' | sort >want
    [ -s want ] || fail "no start 2 swaps from $t"
    awk -v t="$t" '$5 == t { print $4 }' s.lines | sort | uniq -c >got
    assert_equal "$(awk '{ print $2 }' got)" "$(cat want)"
    # each start expected n/m times: within 5 standard deviations
    awk -v m="$(wc -l <want)" '{ n += $1; c[NR] = $1 } END { e = n / m; s = sqrt(e * (1 - 1 / m))
        for (i = 1; i <= NR; i++) if (c[i] < e - 5 * s || c[i] > e + 5 * s) { print c[i] " of " n; bad = 1 }
        exit bad }' got
}

# ---- progress ------------------------------------------------------------

@test "progress on a terminal: the puzzles written, a share and the time left, while the output is held; gone at the end" {
    requires tmux
    unset TMUX
    export TMUX_TMPDIR=$T
    mkfifo go1 go2
    # the reader holds the output twice: gridbfs blocks once its pipe is
    # full, so the run outlasts the progress delay whatever the machine's
    # speed; let go once, it writes a batch (the line shows) and blocks
    # again; let go twice, it ends
    printf '%s\n' "'$GRIDBFS' -r poj1753 --generate 300000 --seed 1 | { cat go1 >/dev/null; head -c 100000 >/dev/null; cat go2 >/dev/null; cat >/dev/null; }" \
        'echo "[exit $?]"' 'sleep 600' >term.sh
    tmux -L gen -f /dev/null new-session -d -s t -x 100 -y 10 -c "$T" "exec bash --norc --noprofile term.sh"
    local i shown=
    screen() { tmux -L gen capture-pane -p -J -t t | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
    sleep 1.5 # past the progress delay, counted from the start
    echo >go1
    for ((i = 0; i < 1200; i++)); do
        shown=$(screen)
        [[ $shown =~ ^gridbfs:\ [0-9,]+\ puzzles\ done,\ [0-9]+%,\ [0-9]+:[0-9][0-9]\ elapsed,\ [0-9]+:[0-9][0-9]\ left$ ]] && break
        sleep 0.1
    done
    echo >go2
    [ "$i" -lt 1200 ] || { tmux -L gen kill-server; fail "no progress line; the screen: $shown"; }
    for ((i = 0; i < 1200; i++)); do
        shown=$(screen)
        [[ $shown == *'[exit '* ]] && break
        sleep 0.1
    done
    tmux -L gen kill-server
    assert_equal "$shown" "[exit 0]"
}
