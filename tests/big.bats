#!/usr/bin/env bats
# Boards past 32x32 (README, "Boards past 32x32"): ABI 2 rules read and
# answer them in every mode, ABI 1 rules refuse them by name.  Boards are
# made here by random presses from the goal (awk, no gridbfs code), so
# each is solvable, and every answer is held to tests/ref/klightsref's
# check, HDU 5755's special judge generalised (its presses, in any
# order, replayed, must make every cell 0).  Lights Out has nullity 0 at
# 40x40 and 48x48 (OEIS A159257), so there a board's press set is the
# only one: the fewest presses are the presses made.
bats_require_minimum_version 1.5.0
load test_helper/common

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
    printf 'rules:\n  big: {plugin: flip-neighbors, goal: "off", cells: "10", path: true, engine: exact, layout: {count: true, size: each, spaced: true}}\n  big3: {plugin: flip-neighbors, colours: "3", stencil: 010/121/010, goal: "off", path: true, engine: exact, layout: {count: true, size: each, spaced: true}}\n' >c.yaml
}

# pressed SEED CASES ROWS COLS K CENTRE: CASES boards of ROWS x COLS, K
# colours, in HDU 5755's layout, into p.in, each made by pressing cells
# at random (each cell once at most, with chance 1/4) from all 0: a press
# adds CENTRE to its cell and 1 to its four neighbours, mod K.  The
# number of cells pressed, a case a line, into p.made.
pressed() {
    awk -v seed="$1" -v n="$2" -v r="$3" -v c="$4" -v k="$5" -v ctr="$6" '
    BEGIN {
        srand(seed)
        print n >"p.in"
        for (i = 0; i < n; i++) {
            for (a = 0; a < r; a++) for (b = 0; b < c; b++) v[a, b] = 0
            made = 0
            for (a = 0; a < r; a++) for (b = 0; b < c; b++) {
                if (rand() >= 0.25) continue
                made++
                v[a, b] = (v[a, b] + ctr) % k
                if (a > 0) v[a - 1, b] = (v[a - 1, b] + 1) % k
                if (a < r - 1) v[a + 1, b] = (v[a + 1, b] + 1) % k
                if (b > 0) v[a, b - 1] = (v[a, b - 1] + 1) % k
                if (b < c - 1) v[a, b + 1] = (v[a, b + 1] + 1) % k
            }
            print made >"p.made"
            print r, c >"p.in"
            for (a = 0; a < r; a++) {
                row = ""
                for (b = 0; b < c; b++) row = row (b ? " " : "") v[a, b]
                print row >"p.in"
            }
        }
    }'
}

@test "two colours at 40x40 and 48x48: the one press set, as many presses as were made, each replayed; the same at -j1 and -j2" {
    local n
    for n in 40 48; do
        rm -f p.made
        pressed "$n" 4 "$n" "$n" 2 1
        gridbfs -c c.yaml -r big -j1 p.in >got1
        run -0 klightsref check -k 2 -t 010/111/010 p.in got1
        # each case's count line: the presses made (with nullity 0, the
        # one set that solves it: any other answer presses more)
        assert_equal "$(awk 'NF == 1' got1)" "$(cat p.made)"
        gridbfs -c c.yaml -r big -j2 p.in >got2
        cmp got1 got2
    done
}

@test "three colours (HDU 5755's press) at 40x35 and 150x7: every answer passes the special judge" {
    local size
    for size in 40x35 150x7; do # 150 rows: more than a record held before
        pressed 7 3 "${size%x*}" "${size#*x}" 3 2
        gridbfs -c c.yaml -r big3 p.in >got
        run -0 klightsref check p.in got
    done
}

@test "every mode at 40x40: CSV, --check, --generate at a distance, --show, --census" {
    gridbfs -c c.yaml -r big -s 40x40 --generate 3 --distance 12 --seed 3 >g.in
    [ "$(sed -n 2p g.in)" = "40 40" ] || fail "no 40x40 size line"
    gridbfs -c c.yaml -r big g.in >g.out
    run -0 klightsref check -k 2 -t 010/111/010 g.in g.out
    # a walk of 12 distinct presses at nullity 0 is 12 presses away
    assert_equal "$(awk 'NF == 1' g.out | sort -u)" 12
    run -0 gridbfs -c c.yaml -r big --check g.out g.in
    assert_equal "$(grep -c ': accepted$' <<<"$output")" 3
    run -0 gridbfs -c c.yaml -r big -f csv g.in
    assert_equal "$(cut -d, -f6,7 <<<"$output" | sort -u)" "$(printf 'solved,12\nstatus,moves')"
    run -0 gridbfs -c c.yaml -r big --show g.in
    assert_equal "$(grep -c '^solved in 12 moves$' <<<"$output")" 3
}

@test "--census past 32x32: n x n Lights Out's nullity as OEIS A159257 has it, up to 64x64" {
    local n null
    for n in 33:16 39:32 47:30 61:40 64:28; do
        null=${n#*:}
        n=${n%:*}
        run -1 --separate-stderr gridbfs -r lights5 -s "${n}x$n" --census -f jsonl
        assert_output --partial "\"rank\":$((n * n - null)),\"nullity\":$null,\"goal_cosets\":1,"
    done
}

# coins SEED N: a BZOJ 3517 file of side N into c.in, made by operations
# at random (each cell with chance 1/3) from all 0, with the answer into
# c.want: for even N the set made is the one that reaches all 0, and its
# complement the one to all 1 (every operation once turns each coin 2N-1
# times), so the fewest is the smaller.  Cell (i,j) turns R_i + C_j - s_ij
# times, R_i and C_j the operations in its row and column.
coins() {
    awk -v seed="$1" -v n="$2" 'BEGIN {
        srand(seed)
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) {
            s[i, j] = rand() < 1 / 3
            R[i] += s[i, j]; C[j] += s[i, j]; made += s[i, j]
        }
        print n >"c.in"
        for (i = 0; i < n; i++) {
            row = ""
            for (j = 0; j < n; j++) row = row ((R[i] + C[j] - s[i, j]) % 2)
            print row >"c.in"
        }
        print (made < n * n - made ? made : n * n - made) >"c.want"
    }'
}

@test "bzoj3517 past 32x32 (n up to 1000, flip-lines' closed form): the fewest operations, as the boards were made" {
    local n
    for n in 34 100 1000; do
        coins "$n" "$n"
        run -0 --separate-stderr gridbfs -r bzoj3517 c.in
        assert_output "$(cat c.want)"
    done
    # the operations printed (path: the count, then "i j" lines) replay,
    # here in awk, to one face
    coins 7 40
    printf 'rules:\n  b: {plugin: flip-lines, goal: uniform, cells: "10", path: true, layout: {size: first, square: true}}\n' >b.yaml
    gridbfs -c b.yaml -r b c.in >c.out
    assert_equal "$(head -1 c.out)" "$(cat c.want)"
    run -0 awk 'NR == FNR { if (FNR > 1) b[FNR - 2] = $0; n = FNR - 1; next }
        FNR == 1 { next }
        { i = $1 - 1; j = $2 - 1
          for (k = 0; k < n; k++) {
              if (k != j) b[i] = substr(b[i], 1, k) (1 - substr(b[i], k + 1, 1)) substr(b[i], k + 2)
              if (k != i) b[k] = substr(b[k], 1, j) (1 - substr(b[k], j + 1, 1)) substr(b[k], j + 2)
          }
          b[i] = substr(b[i], 1, j) (1 - substr(b[i], j + 1, 1)) substr(b[i], j + 2) }
        END { for (k = 0; k < n; k++) if (b[k] != b[0] || b[0] ~ /01|10/) { print "not one face"; exit 1 }
              print "one face" }' c.in c.out
    assert_output "one face"
    # past 32x32 only square boards of even side have the closed form
    run -2 --separate-stderr gridbfs -r flip-lines -s 35x35 </dev/null
    assert_equal "$stderr" "gridbfs: -s 35x35: rule 'flip-lines': size: expected up to 32x32, or past it n x n with n even, got '35x35'"
}

@test "past 32x32: an ABI 1 plugin's rule is refused by name, in a file's case or by -s; past 65535, any size" {
    run -2 --separate-stderr gridbfs -r swap-adjacent -s 33x33 </dev/null
    assert_equal "$stderr" "gridbfs: -s 33x33: rule 'swap-adjacent': an ABI 1 plugin takes boards of up to 32x32, not 33x33"
    printf 'size=33x1 %033d/ %033d/\n' 0 0 >b.lines
    run -1 --separate-stderr gridbfs -r swap-adjacent b.lines
    assert_output invalid
    assert_equal "$stderr" "gridbfs: b.lines:1: rule 'swap-adjacent': an ABI 1 plugin takes boards of up to 32x32, not 33x1 (read by rule 'swap-adjacent'; no other profile reads this file)"
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 65536x1 </dev/null
    assert_equal "$stderr" "gridbfs: -s: expected RxC with 1 to 65535 rows and columns, got '65536x1'"
    # a board too big for the exact solver's matrices says so
    run -2 --separate-stderr gridbfs -r flip-neighbors -s 200x200 </dev/null
    assert_equal "$stderr" "gridbfs: -s 200x200: rule 'flip-neighbors': the exact solver of 2 colours takes boards of up to 32768 cells (two cells x cells matrices, 2 GiB), not 200x200 (a solver for big boards is planned)"
}

@test "two colours past 32x32 keep the rule: on a torus of 2 rows a press flips the cell below it once, not twice" {
    # worked by hand: pressing (1,1) on a 2x40 torus flips (1,40), (1,1),
    # (1,2) and (2,1), which is above and below it at once: 1 press
    printf 'rules:\n  t: {plugin: flip-neighbors, wrap: true, goal: "off", cells: "10", path: true}\n' >t.yaml
    printf 'size=2x40 11%037d1/1%039d\n' 0 0 >t.lines
    run -0 --separate-stderr gridbfs -c t.yaml -r t t.lines
    assert_output "$(printf '1\n1 1')"
}
