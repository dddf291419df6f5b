#!/usr/bin/env bats
# The references issue 22's answers are held to (tests/ref/slideref.c,
# klightsref.c, coinsref.c: libc only, no gridbfs code), held in turn to
# what does not come from them:
#   - each judge's own samples, written here byte for byte (POJ 1077,
#     HDU 1043, Luogu P1379, LeetCode 773, HDU 5755, BZOJ 3517);
#   - tiny boards worked by hand (the derivation in a comment by each);
#   - facts found another way: the 8-puzzle's 181,440 boards and radius 31
#     (half of 9!, as a move keeps the parity of the tiles' permutation and
#     the blank's place together), the parity rule of solvability and the
#     Manhattan bound, flipref's answers for 2-colour Lights Out, BZOJ
#     3517's closed form for even n;
#   - the checkers refuse wrong answers: a path that is too long, that
#     leaves the board or misses the goal, a press list that does not
#     clear the board or passes HDU 5755's bound of 2NM presses.
bats_require_minimum_version 1.5.0
load test_helper/common

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
}

# ---- slideref: the judges' samples ------------------------------------

@test "slideref: POJ 1077's and HDU 1043's sample, byte for byte" {
    printf ' 2  3  4  1  5  x  7  6  8 \n' >poj.in
    printf 'ullddrurdllurdruldr\n' >want
    slideref solve poj1077 poj.in >got
    cmp want got
    printf '2  3  4  1  5  x  7  6  8\n' >hdu.in
    slideref solve hdu1043 <hdu.in >got
    cmp want got
    # and the sample's path is legal, reaches the goal and is shortest
    run -0 slideref replay 234150768 ullddrurdllurdruldr
    assert_output "reached the goal: 19 moves, fewest 19"
    run -0 slideref check poj1077 poj.in want
    run -0 slideref check hdu1043 hdu.in want
}

@test "slideref: Luogu P1379's and LeetCode 773's samples" {
    printf '283104765\n' >p.in
    run -0 slideref solve p1379 p.in
    assert_output 4
    local board want
    while read -r board want; do
        printf '%s\n' "$board" >lc.in
        run -0 slideref solve leetcode773 lc.in
        assert_output "$want"
    done <<'EOF'
[[1,2,3],[4,0,5]] 1
[[1,2,3],[5,4,0]] -1
[[4,1,2],[5,0,3]] 5
[[3,2,4],[1,5,0]] 14
EOF
}

@test "slideref: of two shortest paths it prints the first in u < d < l < r order" {
    # Boards where two letters tie for the first move, and both paths are
    # shortest (check, which takes any shortest path, accepts each): solve
    # must print the one whose first letter comes first in u, d, l, r.
    #   u or d   2 4 3 / 1 x 8 / 7 6 5   uldrdruldr, drululdrdr (10)
    #   d or l   1 6 x / 4 3 2 / 7 5 8   dlurdldr, ldrulddr (8)
    #   d or r   1 2 3 / 4 x 8 / 7 6 5   druldr, rdlurd (6: the 2x2 far
    #            board of the test above, in the bottom right corner)
    #   l or r   1 3 5 / 8 x 2 / 4 7 6   ldruruldrd, ruldldrurd (10)
    printf '%s\n' '2 4 3 1 x 8 7 6 5' '1 6 x 4 3 2 7 5 8' \
        '1 2 3 4 x 8 7 6 5' '1 3 5 8 x 2 4 7 6' >t.in
    printf '%s\n' uldrdruldr dlurdldr druldr ldruruldrd >first
    printf '%s\n' drululdrdr ldrulddr rdlurd ruldldrurd >second
    run -0 slideref check hdu1043 t.in first
    run -0 slideref check hdu1043 t.in second
    slideref solve hdu1043 t.in >got
    cmp first got
}

# ---- slideref: hand-worked boards -------------------------------------

@test "slideref: boards one move from the goal, the goal, a swapped pair" {
    # 2x3 [[1,2,3],[4,0,5]]: the blank is left of its home (2,3), so one
    # move, the blank going right ("r"), and no shorter.
    printf '123405\n' >b
    run -0 slideref dist -s 2x3 -p b
    assert_output r
    # HDU 1043, one case a line: the goal itself needs no move (an empty
    # line); 7 x 8 on the last row is one move from it, blank right; 8 and 7
    # swapped with the blank at home is unsolvable: a move swaps the blank
    # with a tile, so the blank back home means an even number of moves,
    # an even permutation, and one swap of two tiles is odd.
    printf '1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 8 7 x\n' >h.in
    run -0 slideref solve hdu1043 h.in
    assert_output "$(printf '\nr\nunsolvable')"
    # P1379's goal 123804765 is 0 moves from itself; 123084765 has the
    # blank left of the centre: 1.
    printf '123804765\n' >p.in
    run -0 slideref solve p1379 p.in
    assert_output 0
    printf '123084765\n' >p.in
    run -0 slideref solve p1379 p.in
    assert_output 1
}

@test "slideref: 2x2 walks one cycle of 12 boards, so its far board has two shortest paths" {
    # On 2x2 the blank can only go round the 4-cycle of cells, each step
    # moving one of the 3 tiles: the 12 boards (4 places of the blank x 3
    # rotations of the tiles, half of 4!) are one cycle, so the distances
    # from the goal are 0, then two boards at each of 1..5, and one at 6.
    run -0 slideref census -s 2x2
    assert_output "$(printf 'states 12\nradius 6\n0 1\n1 2\n2 2\n3 2\n4 2\n5 2\n6 1')"
    # The far board 03/21 (blank top left) is 6 moves round either way.
    run -0 slideref replay -s 2x2 0321 druldr
    assert_output "reached the goal: 6 moves, fewest 6"
    run -0 slideref replay -s 2x2 0321 rdlurd
    assert_output "reached the goal: 6 moves, fewest 6"
}

# ---- slideref: facts found another way --------------------------------

@test "slideref: the 8-puzzle has 181,440 boards from the goal, radius 31" {
    # 9!/2 = 181,440 (the parity argument above: no more; and all of them,
    # a known fact of the 8-puzzle), the farthest at 31 moves, two of them
    # (Reinefeld 1993; the counts run 1, 2, 4, 8, 16, 20, 39, ..., 221,
    # 2).  2x3 (LeetCode 773): 360 boards, radius 21.
    run -0 slideref census
    assert_line -n 0 "states 181440"
    assert_line -n 1 "radius 31"
    assert_line -n 2 "0 1"
    assert_line -n 8 "6 39"
    assert_line -n 32 "30 221"
    assert_line -n 33 "31 2"
    [ "${#lines[@]}" -eq 34 ]
    run -0 slideref census -s 2x3
    assert_line -n 0 "states 360"
    assert_line -n 1 "radius 21"
}

@test "slideref: 300 random 8-puzzles obey the parity rule and the Manhattan bound" {
    # Independent of the search: a board is solvable iff the tiles' order
    # (blank left out) has an even number of inversions (3 columns: a move
    # up or down jumps a tile over 2 others); a solvable board needs at
    # least the sum of its tiles' Manhattan distances, and a count of the
    # same parity as the blank's own distance from home.
    awk 'BEGIN { srand(22)
        for (k = 0; k < 300; k++) {
            for (i = 0; i < 9; i++) p[i] = i
            for (i = 8; i > 0; i--) { j = int(rand() * (i + 1)); t = p[i]; p[i] = p[j]; p[j] = t }
            line = ""
            for (i = 0; i < 9; i++) line = line (i ? " " : "") (p[i] ? p[i] : "x")
            print line
        } }' >h.in
    slideref solve hdu1043 h.in >paths
    run -0 slideref check hdu1043 h.in paths
    paste -d'|' h.in paths | awk -F'|' '
        { n = split($1, t, " "); inv = 0; man = 0
          for (i = 1; i <= 9; i++) {
              if (t[i] == "x") { blank = abs((i - 1) % 3 - 2) + abs(int((i - 1) / 3) - 2); continue }
              v = t[i] - 1
              man += abs((i - 1) % 3 - v % 3) + abs(int((i - 1) / 3) - int(v / 3))
              for (j = i + 1; j <= 9; j++) if (t[j] != "x" && t[j] < t[i]) inv++
          }
          if ((inv % 2 == 0) != ($2 != "unsolvable")) { print "parity: " $0; bad++ }
          if ($2 != "unsolvable") {
              len = length($2); solvable++
              if (len < man || (len - blank) % 2) { print "bound: " $0; bad++ }
          } }
        function abs(x) { return x < 0 ? -x : x }
        END { if (bad || solvable < 100 || solvable > 200) { print bad " bad, " solvable " solvable"; exit 1 } }'
}

# ---- slideref: its checker refuses -----------------------------------

@test "slideref check: a path too long, off the board or missing the goal fails" {
    # longer than the fewest: the sample's path, then up and back down
    printf ' 2  3  4  1  5  x  7  6  8 \n' >poj.in
    echo ullddrurdllurdruldrud >out
    run -1 slideref check poj1077 poj.in out
    assert_output --partial "21 moves, but the fewest is 19"
    # a move off the board: the first, r, with the blank on the right edge
    echo rlddrurdllurdruldr >out
    run -1 slideref check poj1077 poj.in out
    assert_output --partial "move 1 (r) cannot be made"
    # legal, 19 moves, but not to the goal: the last two letters swapped
    echo ullddrurdllurdrulrd >out
    run -1 slideref check poj1077 poj.in out
    assert_output --partial "do not reach the goal"
    echo unsolvable >out
    run -1 slideref check poj1077 poj.in out
    assert_output --partial "solved in 19 moves"
    # a path for an unsolvable case, and a missing answer
    printf '1 2 3 4 5 6 8 7 x\n2 3 4 1 5 x 7 6 8\n' >h.in
    printf 'l\n' >out
    run -1 slideref check hdu1043 h.in out
    assert_output --partial "case 1 is unsolvable"
    printf 'unsolvable\n' >out
    run -1 slideref check hdu1043 h.in out
    assert_output --partial "no answer to case 2"
}

@test "slideref replay: an illegal move, a letter that is no move, a miss" {
    run -1 slideref replay 123456780 r
    assert_output "move 1 (r) cannot be made: the blank is at row 3, column 3"
    run -1 slideref replay 123456780 lx
    assert_output "move 2: 'x' is not one of u, d, l, r"
    run -1 slideref replay 123456780 l
    assert_output "the moves (1) do not reach the goal"
    run -0 slideref replay 123456780 lr
    assert_output "reached the goal: 2 moves, fewest 0"
}

@test "slideref: input out of the judges' layouts is an error naming the line" {
    printf '1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 7 x\n' >h.in
    run -2 slideref solve hdu1043 h.in
    assert_output "slideref: h.in:2: a tile or the blank twice"
    printf '1 2 3 4 5 6 7 8 x\n\n' >h.in
    run -2 slideref solve poj1077 h.in
    assert_output "slideref: h.in:2: text after the board"
    printf '[[1,2,3],[4,0,6]]\n' >lc.in
    run -2 slideref solve leetcode773 lc.in
    assert_output "slideref: lc.in:1: a cell that is not a digit 0..5"
}

# ---- klightsref --------------------------------------------------------

hdu5755_sample() {
    printf '2\n2 3\n2 1 2\n0 2 0\n3 3\n1 0 1\n0 1 0\n1 0 1\n' >k.in
    printf '1\n1 2\n5\n1 1\n1 3\n2 2\n3 1\n3 3\n' >k.out
}

@test "klightsref: HDU 5755's sample: the fewest presses, and its answer passes" {
    hdu5755_sample
    run -0 klightsref solve k.in
    assert_output "$(printf '1\n5')"
    run -0 klightsref check k.in k.out
    # -p prints a fewest answer in HDU's format; on the sample, the sample's
    klightsref solve -p k.in >got
    cmp k.out got
}

@test "klightsref: 1x1 and 1x2 boards worked by hand" {
    # 1x1, 3 colours: a press adds 2 to the cell, so 1 needs one press
    # (1+2 = 3 = 0) and 2 needs two (2+4 = 6 = 0).
    printf '3\n1 1\n0\n1 1\n1\n1 1\n2\n' >a.in
    run -0 klightsref solve a.in
    assert_output "$(printf '0\n1\n2')"
    # 2 colours, the same stencil: the centre's 2 is 0 mod 2, so a press
    # changes nothing on 1x1 and a lit cell stays lit.
    printf '1\n1 1\n1\n' >b.in
    run -0 klightsref solve -k 2 b.in
    assert_output Impossible
    # 1x2, 3 colours: presses a and b add 2a+b and a+2b, whose sum 3a+3b
    # is 0 mod 3: the sum of the two cells never changes, so "1 0" cannot
    # reach 0 0; "1 2" is cleared by one press on the left (1+2, 2+1).
    printf '2\n1 2\n1 0\n1 2\n1 2\n' >c.in
    run -0 klightsref solve c.in
    assert_output "$(printf 'Impossible\n1')"
    run -0 klightsref solve -p c.in
    assert_output "$(printf 'Impossible\n1\n1 1')"
    # -a, any one colour: "1 0" becomes "2 2" by one press on the right
    # (1+1, 0+2), and no board of one cell needs a press.
    printf '2\n1 2\n1 0\n1 1\n2\n' >d.in
    run -0 klightsref solve -a d.in
    assert_output "$(printf '1\n0')"
    # the stencil's right-hand digit falls on the cell to the right: with
    # 000/001/000 and 2 colours, "0 1" is one press on (1,1), while "1 0"
    # cannot be helped, as no press reaches (1,1).
    printf '2\n1 2\n0 1\n1 2\n1 0\n' >e.in
    run -0 klightsref solve -k 2 -t 000/001/000 -p e.in
    assert_output "$(printf '1\n1 1\nImpossible')"
}

@test "klightsref: 2 colours and the plus press agree with flipref on all 3x3 and 2x5 boards" {
    # flipref (tests/ref/flipref.c) finds Lights Out's fewest presses by
    # its own table over press sets; klightsref counts presses 0..K-1 a
    # cell with K = 2.  2x5 has boards no presses clear (flipref says
    # Impossible for 512 of them), 3x3 has none.
    local s r c
    for s in 3x3 2x5; do
        r=${s%x*} c=${s#*x}
        flipref boards -s "$s" -c 10 -g off >records
        flipref solve -s "$s" -c 10 -g off records >want
        awk -v r="$r" -v c="$c" '{ b[NR] = $1 }
            END { print NR
                  for (k = 1; k <= NR; k++) {
                      print r, c; n = split(b[k], rows, "/")
                      for (i = 1; i <= n; i++) { line = substr(rows[i], 1, 1)
                          for (j = 2; j <= c; j++) line = line " " substr(rows[i], j, 1)
                          print line } } }' records >k.in
        klightsref solve -k 2 -t 010/111/010 k.in >got
        same_answers records want got
    done
    grep -q Impossible got
}

@test "klightsref: its fewest answers on 60 random 3x3 3-colour boards pass its checker" {
    awk 'BEGIN { srand(5755); print 60
        for (k = 0; k < 60; k++) { print "3 3"
            for (i = 0; i < 3; i++) print int(rand() * 3), int(rand() * 3), int(rand() * 3) } }' >k.in
    klightsref solve -p k.in >answers
    run -0 klightsref check k.in answers
    # and each has as many presses as solve's count says
    klightsref solve k.in >counts
    awk 'skip { skip--; next } { print; skip = $1 }' answers >given
    cmp counts given
}

@test "klightsref check: a wrong press list, over 2NM presses, a press off the board" {
    hdu5755_sample
    # case 2 with one press short: (3,3) missing leaves (3,3), (2,3), (3,2)
    printf '1\n1 2\n4\n1 1\n1 3\n2 2\n3 1\n' >bad
    run -1 klightsref check k.in bad
    assert_output --partial "case 2: the presses leave cell"
    # case 1 is 2x3, so at most 12 presses: (1,2) and four cells pressed 3
    # times each (3 presses are nothing, mod 3) clear it in 13
    { printf '13\n1 2\n'
      for p in '1 1' '1 3' '2 1' '2 2'; do printf '%s\n%s\n%s\n' "$p" "$p" "$p"; done
      printf '5\n1 1\n1 3\n2 2\n3 1\n3 3\n'; } >over
    run -1 klightsref check k.in over
    assert_output --partial "case 1: 13 presses, more than 2*N*M = 12"
    # the same presses less three of (2,2) are 10, and pass
    { printf '10\n1 2\n'
      for p in '1 1' '1 3' '2 1'; do printf '%s\n%s\n%s\n' "$p" "$p" "$p"; done
      printf '5\n1 1\n1 3\n2 2\n3 1\n3 3\n'; } >under
    run -0 klightsref check k.in under
    printf '1\n3 1\n5\n1 1\n1 3\n2 2\n3 1\n3 3\n' >off
    run -1 klightsref check k.in off
    assert_output --partial "case 1: expected press 1 as \"i j\""
    printf '1\n1 2\n5\n1 1\n1 3\n2 2\n3 1\n3 3\n0\n' >extra
    run -1 klightsref check k.in extra
    assert_output --partial "text after the last answer"
}

# ---- coinsref ----------------------------------------------------------

@test "coinsref: BZOJ 3517's sample, and which reading of the operation it means" {
    printf '4\n0101\n1000\n0010\n0101\n' >s.in
    run -0 coinsref s.in
    assert_output 2
    # the other reading (the picked cell flipped twice, so unchanged)
    # cannot even make the sample one face: the sample means the first
    run -0 coinsref -x s.in
    assert_output Impossible
}

@test "coinsref: n = 2 boards worked by hand" {
    # n = 2: an operation flips 3 of the 4 coins, all but the one diagonal
    # from the picked cell.
    #   00/00: already one face, 0.
    #   10/00: pick (2,2): it flips (2,2), (2,1), (1,2), leaving 11/11: 1.
    #   11/00 and 10/01: one operation complements 3 coins and keeps the
    #   4th, leaving three of one face and one of the other: never one
    #   face.  Two: (1,1) and (1,2) flip (2,1) and (2,2) alone, 11/00 ->
    #   11/11; (1,1) and (2,2) flip (1,1) and (2,2) alone, 10/01 -> 00/00.
    local b want
    while read -r b want; do
        printf '2\n%s\n%s\n' "${b%/*}" "${b#*/}" >b.in
        run -0 coinsref b.in
        assert_output "$want"
    done <<'EOF'
00/00 0
10/00 1
11/00 2
10/01 2
EOF
}

@test "coinsref: the brute force matches BZOJ 3517's closed form for even n" {
    # For even n, the operations on every cell of row i and column j
    # (2n-1 of them) flip the coin (i,j) alone: it is flipped 2n-1 times,
    # any other coin of row i or column j n times, any other coin twice.
    # So the set clearing board a is unique, x(i,j) = r(i) ^ c(j) ^ a(i,j)
    # (r, c the parities of row i and column j), the set for all 1s is its
    # complement, and the answer is min(|x|, n*n - |x|).  All 16 boards of
    # n = 2 and 25 random boards of n = 4.
    awk 'BEGIN { srand(3517)
        for (b = 0; b < 16; b++) print 2, int(b / 8) % 2 int(b / 4) % 2, int(b / 2) % 2 b % 2
        for (k = 0; k < 25; k++) { line = 4
            for (i = 0; i < 4; i++) line = line " " int(rand() * 2) int(rand() * 2) int(rand() * 2) int(rand() * 2)
            print line } }' >boards
    local n rows
    while read -r n rows; do
        printf '%s\n' "$n" $rows >one.in
        coinsref one.in
    done <boards >got
    awk '{ n = $1; for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) a[i, j] = substr($(i + 1), j, 1)
           x = 0
           for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) {
               v = a[i, j]
               for (k = 1; k <= n; k++) { v += a[i, k] + a[k, j] }
               x += v % 2 }
           print (x < n * n - x ? x : n * n - x) }' boards >want
    same_answers boards want got
}

@test "coinsref: n past 4 and a bad coin are errors naming the line" {
    printf '6\n000000\n' >big.in
    run -2 coinsref big.in
    assert_output "coinsref: big.in:1: n = 6: this brute force takes n <= 4"
    printf '2\n01\n0x\n' >bad.in
    run -2 coinsref bad.in
    assert_output "coinsref: bad.in:3: expected 2 characters 0 or 1"
}
