#!/usr/bin/env bats
# flip-neighbors with `colours` K above 2 (README, "Lights of K colours"):
# a press adds the stencil's digits mod K; the hdu5755 profile (HDU 5755
# Gambler Bo) and its special judge, which takes any answer of at most
# 2NM presses.  Every answer is held to tests/ref/klightsref (a brute
# force over press counts, and HDU's special judge: no gridbfs code).
bats_require_minimum_version 1.5.0

load test_helper/common

setup() {
    T=$BATS_TEST_TMPDIR
    cd "$T"
    JUDGES=$BATS_TEST_DIRNAME/judges
}

# k_rule NAME K STENCIL GOAL [KEY: VALUE]: a flip-neighbors profile of K
# colours in c.yaml.
k_rule() {
    [ -f c.yaml ] || printf 'rules:\n' >c.yaml
    printf '  %s: {plugin: flip-neighbors, colours: %s, stencil: %s, goal: "%s"%s}\n' \
        "$1" "$2" "$3" "$4" "${5:+, $5}" >>c.yaml
}

@test "hdu5755: small random boards, solvable or not: the fewest presses, as klightsref's brute force counts them" {
    klights_boards 21 400 3 0 3 3 # up to 3x3: 3^9 press vectors
    klightsref solve hdu.in >want
    grep -q Impossible want || fail "no impossible board among them"
    run -0 --separate-stderr gridbfs -r hdu5755 --no-path hdu.in
    assert_equal "$stderr" ''
    printf '%s\n' "$output" >got
    run diff want got
    assert_success
}

@test "hdu5755: boards up to 30x30, every answer passes HDU's special judge (klightsref check), the same at -j1 and -j2" {
    klights_boards 5 40 3 1 30 30
    gridbfs -r hdu5755 -j1 hdu.in >got1
    run klightsref check hdu.in got1
    assert_success
    gridbfs -r hdu5755 -j2 hdu.in >got2
    cmp got1 got2
    # the fewest presses on the small ones, as the brute force counts them
    klights_boards 6 200 3 1 3 3
    klightsref solve hdu.in >want
    gridbfs -r hdu5755 hdu.in >got
    run klightsref check hdu.in got
    assert_success
    run diff want <(grep -v ' ' got)
    assert_success
}

@test "hdu5755: the widest null spaces of its sizes (3^13 press vectors at 17x26 and 26x26) are answered, the fewest presses" {
    # the zero board takes none; a board one press of each corner from
    # zero (each adds 1 = -2 to its corner and 2 = -1 to its neighbours,
    # mod 3) takes 4 at most, and the answer passes the judge
    { echo 2; echo 26 26; for i in $(seq 26); do printf '0%.0s ' $(seq 25); echo 0; done
      echo 17 26; awk 'BEGIN { for (r = 0; r < 17; r++) { s = ""
          for (c = 0; c < 26; c++) {
              v = 0
              if ((r == 0 || r == 16) && (c == 0 || c == 25)) v = 1
              if ((r == 1 || r == 15) && (c == 0 || c == 25)) v = 2
              if ((r == 0 || r == 16) && (c == 1 || c == 24)) v = 2
              s = s (c ? " " : "") v }
          print s } }'; } >wide.in
    run -0 --separate-stderr gridbfs -r hdu5755 wide.in
    assert_equal "$stderr" ''
    printf '%s\n' "$output" >got
    assert_equal "$(head -1 got)" 0
    run klightsref check wide.in got
    assert_success
    [ "$(sed -n 2p got)" -le 4 ] || fail "$(sed -n 2p got) presses for 4 corners"
}

@test "colours 5, 7 and 4 on line records: the fewest presses as klightsref's; 4, not a prime, is searched" {
    local k
    for k in 5 7 4; do
        rm -f c.yaml
        k_rule k "$k" 010/111/010 off
        klights_boards "$k" 150 "$k" 0 2 3 # up to 2x3: 7^6 press vectors
        klightsref solve -k "$k" -t 010/111/010 hdu.in >want
        run -0 --separate-stderr gridbfs -c c.yaml -r k lines
        assert_equal "$stderr" ''
        printf '%s\n' "$output" >got
        run diff want got
        assert_success
    done
    # the exact solver says why it leaves 4 colours to the search
    k_rule e 4 010/111/010 off 'engine: exact'
    run -1 --separate-stderr gridbfs -c c.yaml -r e <<<'size=1x2 12/'
    assert_output 'limit'
    assert_equal "$stderr" "gridbfs: <stdin>:1: 4 colours: the exact solver works over Z/p, p a prime"
}

@test "colours 3, goal uniform: every cell one colour, any, as klightsref -a" {
    k_rule u 3 010/121/010 uniform
    klights_boards 31 300 3 0 3 3
    klightsref solve -a hdu.in >want
    run -0 --separate-stderr gridbfs -c c.yaml -r u lines
    printf '%s\n' "$output" >got
    run diff want got
    assert_success
}

@test "hdu5755 --check, --testlib and --kattis: any answer within 2NM presses that makes every cell 0 is accepted" {
    local in=$JUDGES/hdu5755/sample.in
    # case 1 (2x3): one press of (1,2); four presses of it add the same,
    # mod 3, and 12 = 2NM is the most the judge takes; 13 is one too many
    printf '4\n1 2\n1 2\n1 2\n1 2\n' >a
    sed -n '3,$p' "$JUDGES/hdu5755/sample.out" >tail
    cat a tail >four
    run -0 --separate-stderr gridbfs -r hdu5755 --check four "$in"
    assert_output $'case 1 (line 1): accepted\ncase 2 (line 6): accepted'
    { echo 13; for i in $(seq 13); do echo 1 2; done; cat tail; } >many
    run -1 --separate-stderr gridbfs -r hdu5755 --check many "$in"
    assert_line -n 0 'case 1 (line 1): wrong answer: 13 moves, more than the 12 the profile accepts'
    { printf '1\n1 1\n'; cat tail; } >wrong
    run -1 --separate-stderr gridbfs -r hdu5755 --check wrong "$in"
    assert_line -n 0 'case 1 (line 1): wrong answer: the moves do not reach the goal'
    # the drop-in judges, the judge's own output as the jury's answer
    run -0 --separate-stderr gridbfs -r hdu5755 --testlib "$in" four "$JUDGES/hdu5755/sample.out"
    assert_equal "$stderr" 'ok 2 cases'
    run -1 --separate-stderr gridbfs -r hdu5755 --testlib "$in" many "$JUDGES/hdu5755/sample.out"
    mkdir fb
    run -42 --separate-stderr gridbfs -r hdu5755 --kattis "$in" "$JUDGES/hdu5755/sample.out" fb <four
    run -43 --separate-stderr gridbfs -r hdu5755 --kattis "$in" "$JUDGES/hdu5755/sample.out" fb <many
    # a profile of the fewest moves still takes the fewest alone
    printf 'rules:\n  h: {plugin: flip-neighbors, colours: 3, stencil: 010/121/010, goal: "off", path: true, layout: {count: true, size: each, spaced: true}}\n' >f.yaml
    run -1 --separate-stderr gridbfs -c f.yaml -r h --check four "$in"
    assert_line -n 0 'case 1 (line 1): wrong answer: not optimal: 4 moves, the fewest is 1'
}

@test "colours: bad cells, parameters and accept values are one message each, naming the file and line" {
    # a cell outside 0..2 is its case's fault; the next case is answered
    # (1x1: a press adds 2, so 2 takes two of them, 2 + 2 + 2 = 0 mod 3)
    printf '2\n1 2\n0 3\n1 1\n2\n' >bad.in
    run -1 --separate-stderr gridbfs -r hdu5755 bad.in
    assert_output $'invalid\n2\n1 1\n1 1'
    assert_equal "$stderr" "gridbfs: bad.in:3: row 1: '3' is not a cell (expected one of 012) (read by rule 'hdu5755'; no other profile reads this file)"
    # parameters: K out of range, a stencil digit, cells of the wrong count
    k_rule a 17 010/111/010 off
    k_rule b 3 0x0/111/010 off
    k_rule c 3 010/111/010 off 'cells: "ab"'
    run -2 --separate-stderr gridbfs -c c.yaml -r a <<<'size=1x2 12/'
    assert_regex "$stderr" "c.yaml:2:[0-9]+: .*colours: expected a whole number 2..16, got '17'"
    run -2 --separate-stderr gridbfs -c c.yaml -r b <<<'size=1x2 12/'
    assert_regex "$stderr" "c.yaml:3:[0-9]+: .*stencil: expected 3 rows of three digits joined by '/', got '0x0/111/010'"
    run -2 --separate-stderr gridbfs -c c.yaml -r c <<<'size=1x2 12/'
    assert_regex "$stderr" "c.yaml:4:[0-9]+: .*cells: expected 3 distinct printable characters"
    printf 'rules:\n  d: {plugin: flip-neighbors, accept: within some}\n' >d.yaml
    run -2 --separate-stderr gridbfs -c d.yaml -r d <<<'size=1x2 12/'
    assert_equal "$stderr" "gridbfs: d.yaml:2:39: accept: expected fewest, within N or within N per cell (N a whole number), got 'within some'"
}
