#!/usr/bin/env bats
# One grammar per notation: board sizes and whole numbers read the same on
# the command line, in records and in the YAML, and every piece of user or
# plugin text a message shows is quoted, so no input can forge a line.

load test_helper/common
bats_require_minimum_version 1.5.0

S1='bwwb/bbwb/bwwb/bwww' # poj1753: 4 moves (README, "What it does")

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
}

@test "size 4X4 means 4x4 in -s, in size= and in the YAML" {
    run -0 --separate-stderr gridbfs -s 4X4 <<<"$S1"
    assert_output 4
    run -0 --separate-stderr gridbfs <<<"size=4X4 $S1"
    assert_output 4
    printf 'rules:\n  big: {plugin: flip-neighbors, size: 4X4}\n' >c.yaml
    run -0 --separate-stderr gridbfs -c c.yaml -r big <<<"$S1"
    assert_output 4
}

@test "a size with a sign, a blank, a zero side or a side over 65535 is refused everywhere" {
    local bad
    for bad in ' 4x4' '4x4 ' '+4x4' '4x-4' '0x4' '4x65536' '4x' 'x4' '4*4' '4x4x4'; do
        run -2 --separate-stderr gridbfs -s "$bad" </dev/null
        assert_output ''
        assert_equal "$stderr" "gridbfs: -s: expected RxC with 1 to 65535 rows and columns, got '$bad'"
        printf 'rules:\n  big: {plugin: flip-neighbors, size: "%s"}\n' "$bad" >c.yaml
        run -2 --separate-stderr gridbfs -c c.yaml </dev/null
        assert_equal "$stderr" "gridbfs: c.yaml:2:39: size: expected RxC with 1 to 65535 rows and columns, got '$bad'"
    done
    for bad in '0x4' '65536x4' '4x' '+4x4' '4X-4'; do
        run -1 --separate-stderr gridbfs <<<"size=$bad $S1"
        assert_output invalid
        assert_equal "$stderr" "gridbfs: <stdin>:1: size= expects RxC with 1 to 65535 rows and columns"
    done
}

@test "-j takes a whole number and nothing else" {
    local bad
    for bad in ' 3' '3 ' '+3' '-1' '3x' '1025' '' '0x10'; do
        run -2 --separate-stderr gridbfs -j "$bad" </dev/null
        assert_output ''
        assert_equal "$stderr" "gridbfs: -j: expected a whole number from 0 to 1024, got '$bad'"
    done
    run -0 --separate-stderr gridbfs -j 0003 <<<"$S1"
    assert_output 4
}

@test "a file name holding a newline or an escape cannot forge a message line" {
    local name=$'evil\ngridbfs: forged.txt:1: fake\033[31m'
    printf 'bwwb\nbbwb\nbwwx\nbwww\n' >"$name"
    run -1 --separate-stderr gridbfs "$name"
    assert_output invalid
    assert_equal "${#lines[@]}" 1
    [[ $stderr != *$'\n'* && $stderr != *$'\033'* ]]
    assert_equal "$stderr" "gridbfs: evil?gridbfs: forged.txt:1: fake?[31m:3: row 3: 'x' is not a cell (expected 'b' or 'w') (read by rule 'poj1753'; no other profile reads this file)"
    run -2 --separate-stderr gridbfs "$name.missing"
    [[ $stderr != *$'\n'* && $stderr != *$'\033'* ]]
    assert_regex "$stderr" "^gridbfs: evil\?gridbfs: forged.txt:1: fake\?\[31m\.missing: No such file"
}

@test "bytes that are not UTF-8, and control characters, in an unknown key= are shown as '?'" {
    run -1 --separate-stderr gridbfs <<<$'b\xffd\x01e=1 '"$S1"
    assert_output invalid
    assert_equal "$stderr" "gridbfs: <stdin>:1: unknown key 'b?d?e=' (expected id=, rule= or size=)"
    # C1 controls (NEL U+0085, CSI U+009B) and the line and paragraph
    # separators U+2028, U+2029: one '?' each
    run -1 --separate-stderr gridbfs <<<$'a\u0085b\u009bc\u2028d\u2029e=1 '"$S1"
    assert_equal "$stderr" "gridbfs: <stdin>:1: unknown key 'a?b?c?d?e=' (expected id=, rule= or size=)"
    # valid UTF-8 is kept as it is
    run -1 --separate-stderr gridbfs <<<"clé=1 $S1"
    assert_equal "$stderr" "gridbfs: <stdin>:1: unknown key 'clé=' (expected id=, rule= or size=)"
    # no key at all: the token is shown
    run -1 --separate-stderr gridbfs <<<"=foo $S1"
    assert_equal "$stderr" "gridbfs: <stdin>:1: no key before '=' in '=foo' (expected id=, rule= or size=)"
}

@test "a plugin's refusal that spans lines or holds escapes is shown on one line" {
    printf 'rules:\n  c: {plugin: broken-cells, refuse: "two\\nlines \\e[31mred"}\n' >c.yaml
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c </dev/null
    assert_output ''
    assert_equal "$stderr" "gridbfs: c.yaml:2:37: rule 'c': two?lines ?[31mred"
}

@test "a config or output name holding a newline is shown on one line" {
    run -2 --separate-stderr gridbfs -c $'no\nsuch.yaml' </dev/null
    assert_equal "$stderr" "gridbfs: no?such.yaml: No such file or directory"
    printf 'defaults: {format: xml}\n' >$'c\n.yaml'
    run -2 --separate-stderr gridbfs -c $'c\n.yaml' </dev/null
    assert_equal "$stderr" "gridbfs: c?.yaml:1:20: format: expected judge, csv or jsonl, got 'xml'"
    run -2 --separate-stderr gridbfs -o $'no/such\ndir/out' <<<"$S1"
    [[ $stderr != *$'\n'* ]]
    assert_regex "$stderr" '^gridbfs: no/such\?dir/out: '
}
