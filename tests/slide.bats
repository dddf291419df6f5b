#!/usr/bin/env bats
# The sliding-tiles plugin (plugins/slide) and its profiles poj1077,
# hdu1043, p1379 and leetcode773, held to the independent reference
# tests/ref/slideref.c (no gridbfs code) and to replays written here:
#   - random 8-puzzles and 2x3 boards, solvable and not, and every 2x3
#     board and every 8-puzzle: the answers are slideref's, byte for byte
#     (gridbfs prints, of the shortest paths, the first in the order
#     u < d < l < r, as slideref does), and each path passes slideref's
#     checker, which takes any shortest path;
#   - -j1 and -j2 give the same bytes;
#   - --show draws boards that an awk replay here, sharing nothing with
#     either, walks move by move to the goal; --check accepts slideref's
#     answers and refuses wrong ones;
#   - a bad board (a tile twice, a tile missing, a cell outside the
#     alphabet, a line too long or too short) is one message with
#     FILE:LINE, and the boards after it are answered;
#   - boards whose states have no 64-bit key, or whose table does not fit,
#     end as limit with a message; parameters the plugin refuses say why.
#   - --generate draws boards at the distances asked for, and --census
#     counts every distance, as slideref's own search finds them.
bats_require_minimum_version 1.5.0
load test_helper/common

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
}

# boards SEED N SYMBOLS: N random permutations of SYMBOLS, one a line, the
# characters separated by one space (awk's own generator, seeded).
boards() {
    awk -v seed="$1" -v n="$2" -v s="$3" 'BEGIN {
        srand(seed)
        k = length(s)
        for (b = 0; b < n; b++) {
            for (i = 1; i <= k; i++) c[i] = substr(s, i, 1)
            for (i = k; i > 1; i--) {
                j = int(rand() * i) + 1
                t = c[i]; c[i] = c[j]; c[j] = t
            }
            line = c[1]
            for (i = 2; i <= k; i++) line = line " " c[i]
            print line
        }
    }'
}

# all_boards SYMBOLS: every permutation of SYMBOLS, packed, one a line.
all_boards() {
    awk -v s="$1" '
    function perm(done, left,   i) {
        if (left == "") { print done; return }
        for (i = 1; i <= length(left); i++)
            perm(done substr(left, i, 1), substr(left, 1, i - 1) substr(left, i + 1))
    }
    BEGIN { perm("", s) }'
}

# leetcode FILE: the packed 2x3 boards of FILE written as LeetCode does.
leetcode() {
    sed 's/ //g; s/^\(.\)\(.\)\(.\)\(.\)\(.\)\(.\)$/[[\1,\2,\3],[\4,\5,\6]]/' "$1"
}

@test "slide: 3,000 random 8-puzzles (half of them unsolvable) as slideref answers them, every path checked" {
    boards 7 3000 12345678x >h.in
    slideref solve hdu1043 h.in >want
    run -0 grep -c unsolvable want
    ((output > 1200 && output < 1800)) || fail "$output unsolvable of 3000"
    run -0 gridbfs_to got -r hdu1043 h.in
    cmp want got
    run -0 slideref check hdu1043 h.in got
    # the same, one case alone in POJ 1077's layout, for a few of them
    local k
    for k in 1 2 3 4 5 6 7 8 9 10; do
        sed -n "${k}p" h.in >one.in
        run -0 gridbfs_to got1 -r poj1077 one.in
        sed -n "${k}p" want | cmp - got1
        run -0 slideref check poj1077 one.in got1
    done
}

@test "slide: -j1 and -j2 print the same bytes, and the same as one job on standard input" {
    boards 11 4000 12345678x >h.in
    run -0 gridbfs_to j1 -j 1 -r hdu1043 h.in
    run -0 gridbfs_to j2 -j 2 -r hdu1043 h.in
    cmp j1 j2
    run -0 gridbfs_to j2s -j 2 -r hdu1043 <h.in
    cmp j1 j2s
    run -0 slideref check hdu1043 h.in j2
}

@test "slide: with no table (table_memory 0) a search answers: other shortest paths, the same at -j1 and -j2; limits.memory too small is limit" {
    boards 13 300 12345678x >h.in
    printf 'limits: {table_memory: 0}\n' >nt.yaml
    run -0 gridbfs_to j1 -c nt.yaml -j 1 -r hdu1043 h.in
    run -0 gridbfs_to j2 -c nt.yaml -j 2 -r hdu1043 h.in
    cmp j1 j2
    run -0 slideref check hdu1043 h.in j1
    # a search that needs more than its share of limits.memory stops and
    # says so; the boards around it are answered
    printf 'limits: {memory: 1048576}\n' >small.yaml
    printf '%s\n' '1 2 3 4 5 6 7 x 8' '8 6 7 2 5 4 3 x 1' '1 2 3 4 5 6 x 7 8' >m.in
    run -1 --separate-stderr gridbfs -c small.yaml -j 1 -r hdu1043 m.in
    assert_output "$(printf 'r\nlimit\nrr')"
    assert_regex "$stderr" "^gridbfs: m.in:2: the search needed more than one search's share of limits.memory, [0-9]+ KiB of 1024 KiB \(limits: memory\)$"
}

@test "slide: every 8-puzzle's fewest moves are slideref's (all 9! boards, P1379's goal)" {
    all_boards 123456780 >all.in
    [ "$(wc -l <all.in)" = 362880 ]
    slideref dist -g 123804765 all.in >want
    run -0 gridbfs_to got -r p1379 all.in
    cmp want got
    # half of them cannot be solved (-1); the farthest are as far as
    # slideref's own search from that goal reaches (30 moves)
    run -0 grep -c '^-1$' got
    assert_output 181440
    [ "$(sort -n got | tail -1)" = "$(slideref census -g 123804765 | sed -n 's/^radius //p')" ]
}

@test "slide: every 2x3 board in LeetCode 773's layout, and 500 random ones, as slideref answers them" {
    # (slideref's leetcode773 reads one board a file: its dist, many)
    all_boards 123450 >all.txt
    leetcode all.txt >all.in
    slideref dist -s 2x3 all.txt >want
    run -0 gridbfs_to got -r leetcode773 all.in
    cmp want got
    run -0 grep -c '^-1$' got
    assert_output 360
    local k
    for k in 1 100 200 300 400 500 600 700; do
        sed -n "${k}p" all.in >one.in
        sed -n "${k}p" got | cmp - <(slideref solve leetcode773 one.in)
    done
    boards 3 500 123450 >r.txt
    leetcode r.txt >r.in
    slideref dist -s 2x3 <(sed 's/ //g' r.txt) >want
    run -0 gridbfs_to got -r leetcode773 -j 2 r.in
    cmp want got
    # the bare plugin at 2x3, a board a line record: the same counts
    sed 's/ //g; s/^\(...\)\(...\)$/rule=slide size=2x3 \1\/\2/' r.txt >r.lines
    slideref dist -s 2x3 <(sed 's/ //g' r.txt) >want
    run -0 gridbfs_to got --no-header -f csv r.lines
    cut -d, -f6,7 got | sed 's/^solved,//; s/^impossible,$/-1/' >counts
    cmp want counts
}

@test "slide: P1379's random boards, the goal itself and its neighbours" {
    boards 5 400 123456780 | tr -d ' ' >p.in
    printf '123804765\n123084765\n103824765\n' >>p.in
    slideref dist -g 123804765 p.in >want
    run -0 gridbfs_to got -r p1379 p.in
    cmp want got
    assert_equal "$(tail -3 got | tr '\n' ' ')" "0 1 1 "
}

# replay_show FILE: the boards FILE's --show drawing gives (a 3x3 board of
# digits, '0' the blank, '*' marking a moved cell), walked here: each
# move's board is the one before with the blank moved the way the move's
# letter says, and the last is the goal, GOAL.  Prints "ok N" or why not.
replay_show() {
    awk -v goal="$2" '
    function board_of(a, b) { return a[1] a[2] a[3] }
    /^start:$/ || /^move [0-9]+ of [0-9]+: [udlr]$/ {
        if (/^move/) { m = substr($0, length($0)); n++ } else m = ""
        rows = 0; next
    }
    /^ ?[*0-9 ]+$/ && rows < 3 {
        gsub(/[* ]/, ""); r[++rows] = $0
        if (rows < 3) next
        b = board_of(r)
        if (m != "") {
            p = index(prev, "0") - 1
            q = p + (m == "u" ? -3 : m == "d" ? 3 : m == "l" ? -1 : 1)
            if (q < 0 || q > 8 || (m == "l" && p % 3 == 0) || (m == "r" && p % 3 == 2)) {
                print "move " n " (" m ") leaves the board"; bad = 1; exit
            }
            want = prev
            t = substr(want, q + 1, 1)
            want = substr(want, 1, p) t substr(want, p + 2)
            want = substr(want, 1, q) "0" substr(want, q + 2)
            if (want != b) { print "move " n ": " b ", expected " want; bad = 1; exit }
        }
        prev = b
    }
    END { if (!bad) print (prev == goal ? "ok " n : "ends on " prev) }' "$1"
}

@test "slide: --show draws each move, and an awk replay walks them to the goal" {
    printf '283104765\n' >p.in
    run -0 gridbfs_to show -r p1379 --show p.in
    run -0 replay_show show 123804765
    assert_output "ok 4"
    run -0 grep -c '^solved in 4 moves$' show
    # a longer one, checked the same way and against slideref's count
    printf '567408321\n' >far.in
    run -0 gridbfs_to show -r p1379 --show far.in
    run -0 replay_show show 123804765
    assert_output "ok $(slideref dist -g 123804765 far.in)"
    assert_output "ok 30"
}

@test "slide: --check accepts slideref's answers and refuses wrong ones" {
    boards 9 40 12345678x >h.in
    slideref solve hdu1043 h.in >ans
    run -0 --separate-stderr gridbfs -r hdu1043 --check ans h.in
    [ "$(grep -c ': accepted$' <<<"$output")" = 40 ]
    printf '2 3 4 1 5 x 7 6 8\n' >one.in
    # too long by a detour, and an "unsolvable" for a board that is not
    printf 'udullddrurdllurdruldr\n' >bad
    run -1 --separate-stderr gridbfs -r poj1077 --check bad one.in
    assert_output --partial 'wrong answer'
    printf 'unsolvable\n' >bad
    run -1 --separate-stderr gridbfs -r poj1077 --check bad one.in
    assert_output --partial 'wrong answer'
    # a move past the edge is said to be one, not a path that misses
    printf 'ullddrurdllurdruldrr\n' >bad
    run -1 --separate-stderr gridbfs -r poj1077 --check bad one.in
    assert_output 'case 1 (line 1): wrong answer: move 20 "r" on line 1 does not apply'
    printf 'ullddrurdllurdruldx\n' >bad
    run -1 --separate-stderr gridbfs -r poj1077 --check bad one.in
    assert_output 'case 1 (line 1): wrong answer: move 19 on line 1 is not a move: "x"'
    # any shortest path passes, as the judge's checker has it: a search's
    # (no table) differs from slideref's first path on many boards, and
    # slideref check, not gridbfs, says each is a shortest one
    printf 'limits: {table_memory: 0}\n' >nt.yaml
    gridbfs -c nt.yaml -r hdu1043 h.in >other
    run -0 slideref check hdu1043 h.in other
    [ "$(diff ans other | grep -c '^>')" -ge 5 ] || fail "too few other paths"
    run -0 --separate-stderr gridbfs -r hdu1043 --check other h.in
    [ "$(grep -c ': accepted$' <<<"$output")" = 40 ]
    # the goal itself: its answer is an empty line, which is not read (as
    # any blank line), so the cases after it keep their answers
    printf '%s\n' '2 3 4 1 5 x 7 6 8' '1 2 3 4 5 6 7 8 x' '1 2 3 4 5 6 7 x 8' >g.in
    printf 'ullddrurdllurdruldr\n\nr\n' >g.ans
    run -0 --separate-stderr gridbfs -r hdu1043 --check g.ans g.in
    assert_output "$(printf 'case 1 (line 1): accepted\ncase 2 (line 2): accepted\ncase 3 (line 3): accepted')"
    # P1379 and LeetCode 773 are counts
    printf '283104765\n' >p.in
    printf '5\n' >bad
    run -1 --separate-stderr gridbfs -r p1379 --check bad p.in
    assert_output --partial 'wrong answer'
    printf '[[1,2,3],[5,4,0]]\n' >lc.in
    printf -- '-1\n' >ans
    run -0 --separate-stderr gridbfs -r leetcode773 --check ans lc.in
    assert_output 'case 1 (line 1): accepted'
}

@test "slide: bad boards are one message each with FILE:LINE, and the rest is answered" {
    cat >bad.in <<'EOF'
2 3 4 1 5 x 7 6 8
1 1 3 4 5 6 7 8 x
1 2 3 4 5 6 7 8
1 2 3 4 5 6 7 8 9
1 2 3 4 5 6 7 8 x 1
x 2 3 4 5 6 7 8 x
1 2 3 4 5 6 7 x 8
EOF
    run -1 --separate-stderr gridbfs -r hdu1043 bad.in
    assert_output "$(printf 'ullddrurdllurdruldr\ninvalid\ninvalid\ninvalid\ninvalid\ninvalid\nr')"
    assert_equal "$stderr" "gridbfs: bad.in:2: the board has tile '1' 2 times and no '2' (each symbol of '12345678x' once)
gridbfs: bad.in:3: the board's line has 8 cells, expected 9 (3x3, row after row)
gridbfs: bad.in:4: '9' is not a cell (expected one of 12345678x)
gridbfs: bad.in:5: the board's line has 10 cells, expected 9 (3x3, row after row)
gridbfs: bad.in:6: the board has blank 'x' 2 times and no '1' (each symbol of '12345678x' once)"
    # LeetCode's layout: a row too long, a digit past 5, a repeated tile
    printf '%s\n' '[[1,2,3],[4,0,5,1]]' '[[1,2,3],[4,0,6]]' '[[1,2,2],[4,0,5]]' \
        '[[1,2,3],[4,0,5]]' >lc.in
    run -1 --separate-stderr gridbfs -r leetcode773 lc.in
    assert_output "$(printf 'invalid\ninvalid\ninvalid\n1')"
    # (the first invalid record of a file says which profiles read it)
    assert_equal "$stderr" "gridbfs: lc.in:1: the board's line has 7 cells, expected 6 (2x3, row after row) (read by rule 'leetcode773'; no other profile reads this file)
gridbfs: lc.in:2: '6' is not a cell (expected one of 123450)
gridbfs: lc.in:3: the board has tile '2' 2 times and no '3' (each symbol of '123450' once)"
    # in CSV the same messages, and the good records solved
    run -1 --separate-stderr gridbfs -r hdu1043 -f csv bad.in
    run -0 grep -c ',invalid,' <<<"$output"
    assert_output 5
}

@test "slide: every board of 1x4, 4x1, 2x2, 2x4 and 4x2 as slideref counts it" {
    local size syms
    for size in 1x4 4x1 2x2 2x4 4x2; do
        syms=$(head -c $((${size%x*} * ${size#*x} - 1)) <<<12345678)0
        all_boards "$syms" >all.txt
        slideref dist -s "$size" all.txt >want
        awk -v s="$size" -v c="${size#*x}" '{
            line = ""
            for (i = 1; i <= length($0); i += c) line = line substr($0, i, c) "/"
            print "rule=slide size=" s " " line }' all.txt >all.in
        run -0 gridbfs_to got -f csv --no-header -j 2 all.in
        cut -d, -f6,7 got | sed 's/^solved,//; s/^impossible,$/-1/' >counts
        cmp want counts || fail "$size: $(diff want counts | head -5)"
    done
}

@test "slide: past 20 cells no key, so limit with a message, but for the goal and boards parity rules out" {
    # 5x5: 25! states do not fit 64 bits: no table, no search, and no
    # optimal solver yet; the goal itself is 0 moves, and two tiles
    # swapped (an odd permutation, the blank at home) cannot be solved
    printf '%s\n' 'rule=slide size=5x5 12345/6789A/BCDEF/GHIJK/LMN0O' \
        'rule=slide size=5x5 12345/6789A/BCDEF/GHIJK/LMNO0' \
        'rule=slide size=5x5 12345/6789A/BCDEF/GHIJK/LMON0' \
        'rule=slide size=5x5 12345/6789A/BCDEF/GHIJ0/LMNOK' >big.in
    run -1 --separate-stderr gridbfs big.in
    assert_output "$(printf 'limit\n0\nImpossible\nlimit')"
    assert_equal "$stderr" "gridbfs: big.in:1: no optimal solver for a board of 25 cells yet, and its states have no 64-bit key to search by (this one can be solved)
gridbfs: big.in:4: no optimal solver for a board of 25 cells yet, and its states have no 64-bit key to search by (this one can be solved)"
}

@test "slide: a table past the memory given: searched within max_states, else limit with a message" {
    # 4x4: 16! keys are past any table; a board too far for the search's
    # max_states stops there and says why, the one after it is answered
    printf 'limits: {max_states: 5000}\n' >small.yaml
    printf '%s\n' 'rule=slide size=4x4 F2C4/5E31/960B/7AD8' \
        'rule=slide size=4x4 1234/5678/9A0B/DEFC' \
        'rule=slide size=4x4 1234/5678/9ABC/DFE0' >f.in
    run -1 --separate-stderr gridbfs -c small.yaml -p f.in
    # the second board: the blank right then down, 2 moves (by hand); the
    # third has two tiles swapped and the blank at home: impossible
    assert_output "$(printf 'limit\n2\nr\nd\nImpossible')"
    assert_equal "$stderr" "gridbfs: f.in:1: more than 5000 states searched (limits: max_states)"
    # 3x4 (12! keys: a 512 MiB table, past table_memory's 256 MiB by
    # default) is searched from both ends: a 38-move board, its path
    # replayed here to the goal
    printf 'rule=slide size=3x4 B8A4/5632/9071\n' >t.in
    run -0 --separate-stderr gridbfs -f csv --no-header -p t.in
    local path
    path=$(cut -d, -f8 <<<"$output")
    assert_equal "$(cut -d, -f6,7 <<<"$output")" "solved,38"
    run -0 awk -v b=B8A456329071 -v p="$path" 'BEGIN {
        n = split(p, m, " ")
        for (i = 1; i <= n; i++) {
            z = index(b, "0") - 1
            q = z + (m[i] == "u" ? -4 : m[i] == "d" ? 4 : m[i] == "l" ? -1 : 1)
            if (q < 0 || q > 11 || (m[i] == "l" && z % 4 == 0) || (m[i] == "r" && z % 4 == 3))
                { print "move " i " leaves the board"; exit 1 }
            t = substr(b, q + 1, 1)
            b = substr(b, 1, z) t substr(b, z + 2)
            b = substr(b, 1, q) "0" substr(b, q + 2)
        }
        print n, b }'
    assert_output "38 123456789AB0"
}

@test "slide: parameters it refuses say why; its --list-rules entry" {
    printf 'rules:\n  s: {plugin: slide, size: 2x2, symbols: "12x"}\n' >a.yaml
    run -2 --separate-stderr gridbfs -c a.yaml -r s <<<'rule=s 12/x3'
    assert_equal "$stderr" "gridbfs: a.yaml:2:42: rule 's': symbols: expected 4 different cell characters (printable, not blank, '/' or '='), got '12x'"
    printf 'rules:\n  s: {plugin: slide, size: 2x2, goal: "1123"}\n' >g.yaml
    run -2 --separate-stderr gridbfs -c g.yaml -r s <<<'rule=s 12/30'
    assert_regex "$stderr" "goal: expected the 4 symbols '1230', each once"
    printf 'rules:\n  s: {plugin: slide, size: 2x2, blank: "9"}\n' >b.yaml
    run -2 --separate-stderr gridbfs -c b.yaml -r s <<<'rule=s 12/30'
    assert_regex "$stderr" "blank: expected one of the symbols, got '9'"
    run -0 --separate-stderr gridbfs --list-rules
    assert_line --regexp '^  slide +slide a tile next to the blank'
    assert_line --regexp "^  leetcode773 +plugin=slide size=2x3 .*layout=\{one_line,ignore:'\[\],'\}"
    # the blank given, not last: a 1x3 board whose goal is 'a_b'
    printf 'rules:\n  s: {plugin: slide, size: 1x3, symbols: "_ab", blank: "_", goal: "a_b"}\n' >c.yaml
    run -0 --separate-stderr gridbfs -c c.yaml -r s -p <<<'rule=s _ab/'
    assert_output "$(printf '1\nr')"
}

@test "slide: layout one_line and ignore are checked when the configuration is read" {
    printf 'rules:\n  s: {plugin: slide, layout: {ignore: "[]"}}\n' >a.yaml
    run -2 --separate-stderr gridbfs -c a.yaml --check-config
    assert_regex "$stderr" "a.yaml:2:.*layout: ignore needs one_line"
    printf 'rules:\n  s: {plugin: slide, layout: {one_line: true, count: true}}\n' >b.yaml
    run -2 --separate-stderr gridbfs -c b.yaml --check-config
    assert_regex "$stderr" "b.yaml:2:.*layout: one_line reads files of boards alone"
    printf 'rules:\n  s: {plugin: slide, layout: {one_line: true, ignore: "/"}}\n' >c.yaml
    run -2 --separate-stderr gridbfs -c c.yaml --check-config
    assert_regex "$stderr" "c.yaml:2:.*ignore"
    # a character both ignored and a cell could never be read as the cell
    printf 'rules:\n  s: {plugin: slide, size: 2x3, layout: {one_line: true, ignore: "[]1"}}\n' >d.yaml
    run -2 --separate-stderr gridbfs -c d.yaml -r s <<<'[1,2,3,4,5,0]'
    assert_equal "$stderr" "gridbfs: d.yaml:2:41: rule 's': layout ignore holds '1', a cell of the rule"
}

@test "slide: --generate draws 8-puzzles at the distances asked for, by slideref's distances" {
    gridbfs -r p1379 --generate 300 --distance 0-31 --seed 4 >d.in
    slideref dist -g 123804765 d.in >d.want
    # every distance 0..30 (P1379's goal's radius is 30) is drawn, none past
    [ "$(sort -n d.want | uniq | wc -l)" = 31 ]
    run grep -c -- '^-1$' d.want
    assert_output 0
    gridbfs -r hdu1043 --generate 20 --distance 31 --seed 4 >far.in
    # (slideref's boards are digits, 0 the blank)
    assert_equal "$(tr -d ' ' <far.in | tr x 0 | slideref dist | sort -u)" 31
    gridbfs -r hdu1043 --generate 4 --distance max --seed 4 >max.in
    assert_equal "$(tr -d ' ' <max.in | tr x 0 | slideref dist | sort -u)" 31
    gridbfs -r hdu1043 --generate 50 --impossible --seed 4 >imp.in
    assert_equal "$(tr -d ' ' <imp.in | tr x 0 | slideref dist | sort -u)" -1
    # 3x4 has no table (2^30 keys at most): random walks, each within the
    # distance asked for, answered by a search and replayed by awk
    gridbfs -r slide -s 3x4 --generate 5 --distance 12 --seed 4 >w.lines
    run -0 gridbfs -r slide -s 3x4 -f csv w.lines
    for m in $(cut -d, -f7 <<<"$output" | tail -n +2); do
        [ "$m" -le 12 ] && [ $((m % 2)) = 0 ] || fail "a walk of 12 ends $m moves away"
    done
}

@test "slide: --census counts each distance of the 8-puzzle and of 2x3 as slideref's search does" {
    local size
    for size in 3x3 2x3; do
        gridbfs -r slide -s "$size" --census -f jsonl >c.json
        slideref census -s "$size" >want
        assert_equal "$(jq -r '"states \(.solvable)", "radius \(.max_distance)",
            (.histogram | to_entries[] | "\(.key) \(.value)")' c.json)" "$(cat want)"
    done
    assert_equal "$(jq .max_distance c.json)" 21
    gridbfs -r hdu1043 --census -f jsonl >h.json
    assert_equal "$(jq -c '[.states, .solvable, .max_distance, .at_max]' h.json)" "[362880,181440,31,2]"
}
