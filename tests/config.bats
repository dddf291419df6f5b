#!/usr/bin/env bats
# The YAML configuration, end to end through the binary.
# Every refused config must exit 2 with one line "gridbfs: FILE:LINE:COL:
# message" before a single record is read; the LINE:COL below are counted by
# hand from the YAML each test writes (columns count characters from 1).
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww'  # poj1753: 4 moves (the judge's sample)
IMP='bwbw/wwww/bbwb/bwwb' # poj1753: Impossible (the judge's sample)
# chessboard / p1225: start and target on one line, 4 moves (the judges' sample)
SWAP='1111/0000/1110/0010 1010/0101/1010/0101'

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
}

# cfg NAME TEXT: write TEXT byte for byte (no newline added) to NAME.
cfg() {
    printf '%s' "$2" >"$1"
}

# refused FILE REGEX: with a solvable puzzle waiting on stdin, `gridbfs -c
# FILE` exits 2 without answering it (stdout stays empty: no record was
# read) and says exactly one line, "gridbfs: FILE:" then what REGEX matches;
# --check-config refuses FILE the same way.
refused() {
    local want="^gridbfs: ${1//./\\.}:$2\$"
    run -2 --separate-stderr gridbfs -c "$1" <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "$want"
    run -2 --separate-stderr gridbfs --check-config -c "$1" <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "$want"
}

# ---- refused configs: keys ----------------------------------------------

@test "an unknown top-level key is refused with a suggestion" {
    cfg c.yaml $'defaluts:\n  rule: poj1753\n'
    refused c.yaml "1:1: unknown key 'defaluts' at the top level \(did you mean 'defaults'\?\)"
}

@test "an unknown key in defaults is refused, with a suggestion or the keys" {
    cfg c.yaml $'defaults:\n  frmat: csv\n'
    refused c.yaml "2:3: unknown key 'frmat' in defaults \(did you mean 'format'\?\)"
    # nothing close: the known keys are listed instead
    cfg c.yaml $'defaults:\n  format: csv\n  colour: red\n'
    refused c.yaml "3:3: unknown key 'colour' in defaults \(expected rule, format, path or jobs\)"
}

@test "an unknown key in limits is refused with a suggestion" {
    cfg c.yaml $'limits:\n  max_line: 100\n  max_sates: 5\n'
    refused c.yaml "3:3: unknown key 'max_sates' in limits \(did you mean 'max_states'\?\)"
}

@test "a key given twice is refused at the second, naming the first" {
    cfg c.yaml $'defaults:\n  format: csv\n  format: jsonl\n'
    refused c.yaml "3:3: duplicate key 'format' \(first given at line 2\)"
    # a profile named twice in one file is a duplicate key too
    cfg c.yaml $'rules:\n  mine: {plugin: flip-neighbors}\n  mine: {plugin: swap-adjacent}\n'
    refused c.yaml "3:3: duplicate key 'mine' \(first given at line 2\)"
}

# ---- refused configs: values ----------------------------------------------

@test "a sequence where a mapping is expected is refused" {
    cfg c.yaml $'defaults:\n  - rule\n'
    refused c.yaml "2:3: expected a mapping for 'defaults', got a sequence"
    cfg c.yaml $'- defaults\n'
    refused c.yaml "1:1: expected a mapping at the top level, got a sequence"
}

@test "booleans are exactly true or false: path: maybe and path: yes are refused" {
    cfg c.yaml $'defaults:\n  path: maybe\n'
    refused c.yaml "2:9: path: expected true or false, got 'maybe'"
    #              col: 1234567890123456789012345678901234
    cfg c.yaml $'defaults: {rule: poj1753, path: yes}\n'
    refused c.yaml "1:33: path: expected true or false, got 'yes'"
}

@test "out-of-range numbers are refused: jobs -1, max_states 1e99, max_line 1" {
    cfg c.yaml $'defaults:\n  jobs: -1\n'
    refused c.yaml "2:9: jobs: expected a whole number from 0 to 1024, got '-1'"
    cfg c.yaml $'limits:\n  max_states: 1e99\n'
    refused c.yaml "2:15: max_states: expected a whole number from 1 to 1000000000000, got '1e99'"
    cfg c.yaml $'limits:\n  max_line: 1\n'
    refused c.yaml "2:13: max_line: expected a whole number from 64 to 1073741824, got '1'"
}

@test "numbers just past each end of their range are refused, the ends accepted" {
    #              col: 123456789012345678901234
    cfg c.yaml $'defaults: {jobs: 1025}\n'
    refused c.yaml "1:18: jobs: expected a whole number from 0 to 1024, got '1025'"
    cfg c.yaml $'limits: {max_states: 0}\n'
    refused c.yaml "1:22: max_states: expected a whole number from 1 to 1000000000000, got '0'"
    cfg c.yaml $'limits: {max_states: 1000000000001}\n'
    refused c.yaml "1:22: max_states: .*, got '1000000000001'"
    cfg c.yaml $'limits: {max_line: 63}\n'
    refused c.yaml "1:20: max_line: expected a whole number from 64 to 1073741824, got '63'"
    cfg c.yaml $'limits: {max_line: 1073741825}\n'
    refused c.yaml "1:20: max_line: .*, got '1073741825'"
    # the ends themselves; quoting a number changes nothing
    cfg ok.yaml $'defaults: {jobs: "1024"}\nlimits: {max_states: 1000000000000, max_line: 64}\n'
    run -0 --separate-stderr gridbfs -c ok.yaml <<<"$S1"
    assert_output '4'
    cfg ok.yaml $'defaults: {jobs: 0}\nlimits: {max_states: 1, max_line: 1073741824, memory: 17179869184}\n'
    run -0 --separate-stderr gridbfs --check-config -c ok.yaml <<<"$S1"
    assert_output ''
}

@test "impossible must be one line of text; keys must be plain scalars" {
    #                      col: 1234567890123456789012345
    cfg c.yaml $'rules:\n  poj1753: {impossible: ""}\n'
    refused c.yaml "2:25: impossible: expected non-empty text on one line, got ''"
    cfg c.yaml $'rules:\n  poj1753: {impossible: "a\\tb"}\n'
    refused c.yaml "2:25: impossible: expected non-empty text on one line, got 'a\?b'"
    cfg c.yaml $'defaults:\n  ? [a]\n  : b\n'
    refused c.yaml "2:5: expected a plain key, got a sequence"
}

@test "a solved template with two counts is refused: answers could not be read back" {
    # {moves} and {answer} each print the count; --check, --testlib and
    # --kattis read one count an answer
    local why='more than one \{moves\} or \{answer\}: each prints the count, and --check, --testlib and --kattis read one count an answer \(use one\)'
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    solved: "{moves} {answer}"\n'
    refused c.yaml "4:13: solved: $why"
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    solved: "{answer} in {moves}"\n'
    refused c.yaml "4:13: solved: $why"
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    solved: "{moves}={moves}"\n'
    refused c.yaml "4:13: solved: $why"
    # one count, with the braces themselves beside it: accepted
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    size: 4x4\n    cells: bw\n    solved: "{{moves}} {moves} #{case}"\n'
    run -0 --separate-stderr gridbfs --check-config -c c.yaml
    run -0 --separate-stderr gridbfs -c c.yaml -r mine <<<"$S1"
    assert_output '{moves} 4 #1'
}

@test "a layout's end text that no line can match is refused, with the text that can" {
    # lines are compared as words: no blank at either end, one space
    # between words (README, "Faults in a judge's file": "0  0 " is "0 0")
    local why="can never match: a line is read as words, without blanks at either end and with one space between words"
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    layout: {end: "0  0"}\n'
    refused c.yaml "4:19: end: '0  0' $why \(write '0 0'\)"
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    layout:\n      end: " end"\n'
    refused c.yaml "5:12: end: ' end' $why \(write 'end'\)"
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    layout: {end: "  "}\n'
    refused c.yaml "4:19: end: '  ' $why \(a blank line is no end line\)"
    # the text as words is accepted, and ends a file whose line has
    # blanks of its own
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    size: 4x4\n    cells: bw\n    layout: {end: "0 0"}\n'
    run -0 --separate-stderr gridbfs --check-config -c c.yaml
    run -0 --separate-stderr gridbfs -c c.yaml -r mine <<<"bwwb
bbwb
bwwb
bwww
 0   0 "
    assert_output '4'
    assert_equal "$stderr" ''
}

@test "a layout param the plugin does not have is refused at the layout, with a suggestion" {
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    layout: {param: stensil, param_rows: 3}\n'
    refused c.yaml "4:13: rule 'mine': layout: param 'stensil' is no parameter of plugin 'flip-neighbors' \(did you mean 'stencil'\?\)"
    cfg c.yaml $'rules:\n  mine:\n    plugin: swap-adjacent\n    layout: {param: stencil, param_rows: 3}\n'
    refused c.yaml "4:13: rule 'mine': layout: param 'stencil' is no parameter of plugin 'swap-adjacent'"
}

@test "a bad output format is refused" {
    cfg c.yaml $'defaults:\n  format: xml\n'
    refused c.yaml "2:11: format: expected judge, csv or jsonl, got 'xml'"
}

# ---- refused configs: YAML the schema never needs --------------------------

@test "an alias is refused" {
    cfg c.yaml $'defaults:\n  rule: poj1753\n  format: *fmt\n'
    refused c.yaml "3:11: aliases are not allowed"
}

@test "an anchor is refused" {
    cfg c.yaml $'defaults: &d\n  rule: poj1753\n'
    refused c.yaml "1:11: anchors are not allowed"
}

@test "a tag is refused, even the standard !!str" {
    cfg c.yaml $'defaults:\n  format: !!str csv\n'
    refused c.yaml "2:11: tags are not allowed"
    cfg c.yaml $'%TAG !e! tag:example.com,2000:\n---\ndefaults: {format: csv}\n'
    refused c.yaml "1:1: tags are not allowed"
}

@test "a second YAML document is refused" {
    cfg c.yaml $'defaults: {format: csv}\n---\ndefaults: {format: jsonl}\n'
    refused c.yaml "2:1: only one YAML document is allowed"
}

@test "nesting 20 flow sequences deep is refused at the 17th level" {
    # The root mapping is level 1; the k-th '[' is level k+1 at column 7+k,
    # so the first one too deep (level 17, k = 16) is at column 23.
    cfg c.yaml "rules: $(printf '[%.0s' {1..20})$(printf ']%.0s' {1..20})"$'\n'
    refused c.yaml "1:23: nesting deeper than 16 levels"
}

@test "a YAML syntax error is refused with libyaml's message and place" {
    #                             col: 12345678901234567890123456789012
    cfg c.yaml $'rules:\n  mine: {plugin: flip-neighbors]\n'
    refused c.yaml "2:32: did not find expected ',' or '}' \(while parsing a flow mapping at line 2, column 9\)"
    # a key less indented than its siblings
    cfg c.yaml $'defaults:\n  format: csv\n rule: poj1753\n'
    refused c.yaml "3:2: did not find expected key .*"
}

@test "tabs for indentation are refused (libyaml's error)" {
    cfg c.yaml $'defaults:\n\tformat: csv\n'
    refused c.yaml "2:1: found character that cannot start any token.*"
}

@test "bytes that are not UTF-8 are refused where they are" {
    #                           col: 123456789012
    cfg c.yaml $'defaults:\n  format: \xff\n'
    refused c.yaml "2:11: invalid leading UTF-8 octet"
}

@test "a config file over 1 MiB is refused; exactly 1 MiB is read" {
    # a comment line of exactly 1 MiB (1048576 bytes with its newline)
    { printf '#'; head -c 1048574 /dev/zero | tr '\0' x; echo; } >big.yaml
    [ "$(wc -c <big.yaml)" -eq 1048576 ]
    run -0 --separate-stderr gridbfs -c big.yaml <<<"$S1"
    assert_output '4'
    printf 'x' >>big.yaml
    refused big.yaml " config file larger than 1 MiB"
}

@test "a config file that does not exist is refused" {
    refused none.yaml " No such file or directory"
}

# ---- refused configs: profiles and their plugins -------------------------

@test "a profile naming a missing plugin is refused at the profile, saying where it looked" {
    cfg c.yaml $'plugin_dirs: [plugs]\nrules:\n  mine:\n    plugin: no-such-plugin\n'
    refused c.yaml "3:3: rule 'mine': plugin 'no-such-plugin' not found \(searched: .*\)"
    # the config's folder comes first, then the built-in one
    # (c.yaml is named relative to the current folder, which gridbfs asks
    # the system for: the physical path)
    assert_regex "$stderr" "\(searched: $(pwd -P | sed 's/\./\\./g')/plugs \(no such folder\), .*lib/gridbfs\)$"
}

@test "a parameter the plugin refuses is reported at its value, naming it and the rule" {
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    goal: sideways\n'
    refused c.yaml "4:11: rule 'mine': goal: expected uniform, off, on or target, got 'sideways'"
}

@test "size: 0x4 is refused at its value, by the one RxC grammar" {
    #                      col: 1234567890123456789012345678901234567890
    cfg c.yaml $'rules:\n  mine: {plugin: flip-neighbors, size: 0x4}\n'
    refused c.yaml "2:40: size: expected RxC with 1 to 65535 rows and columns, got '0x4'"
}

@test "an unknown plugin parameter is refused with a suggestion" {
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    stensil: 010/111/010\n'
    refused c.yaml "4:5: rule 'mine': unknown parameter 'stensil' \(did you mean 'stencil'\?\)"
}

@test "an unknown plugin parameter is reported at its key, as the core's own unknown keys are" {
    # column 5 is the key, 14 the value; a known key's bad value is at the value
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    stensil: 010/111/010\n'
    refused c.yaml "4:5: rule 'mine': unknown parameter 'stensil' .*"
    #                      col: 1234567890123456789012345678901234567890
    cfg c.yaml $'rules:\n  mine: {plugin: flip-neighbors, wrapp: yes}\n'
    refused c.yaml "2:34: rule 'mine': unknown parameter 'wrapp' \(did you mean 'wrap'\?\)"
    cfg c.yaml $'rules:\n  mine: {plugin: flip-neighbors, wrap: yes}\n'
    refused c.yaml "2:40: rule 'mine': wrap: .*"
    # the core's own unknown key, for comparison: at the key too
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    engin: exact\n'
    run -2 --separate-stderr gridbfs -c c.yaml
    assert_regex "$stderr" "^gridbfs: c\.yaml:4:5: "
}

@test "a profile without a plugin is refused at the profile" {
    cfg c.yaml $'rules:\n  mine: {size: 3x3}\n'
    refused c.yaml "2:3: .*'mine' names no plugin"
}

@test "a route to an unknown rule is refused at the route" {
    #                       col: 12345
    cfg c.yaml $'routes:\n  - {glob: "*.swap", rule: nope}\n'
    refused c.yaml "2:5: route '\*\.swap': unknown rule 'nope': no profile of that name, and plugin 'nope' not found .*"
}

@test "a default rule that does not exist is refused at its place in the config" {
    # Every configuration error names the file, line and column.  Today the message
    # is "gridbfs: rule 'nope': unknown rule 'nope'", with no place at all.
    cfg c.yaml $'defaults:\n  rule: nope\n'
    refused c.yaml "2:9: .*'nope'.*"
}

@test "columns of libyaml's reader errors count characters, as its other errors do" {
    #                    col: 1 2 3 4 5 6 7 8 9
    cfg c.yaml $'x: "\xc3\xa9\xc3\xa9" \xff\n'
    refused c.yaml "1:9: invalid leading UTF-8 octet"
    # a byte order mark takes no column (1:20 here, as without it)
    cfg c.yaml $'\xef\xbb\xbfdefaults: {format: xml}\n'
    refused c.yaml "1:20: format: .*"
    cfg c.yaml $'\xef\xbb\xbfx: \xff\n'
    refused c.yaml "1:4: invalid leading UTF-8 octet"
    # CR LF ends a line once; the columns after it start again at 1
    cfg c.yaml $'x: \xc3\xa9\r\ny: \xff\n'
    refused c.yaml "2:4: invalid leading UTF-8 octet"
}

# ---- accepted configs ----------------------------------------------------

@test "a -c file adds a profile that -r can use" {
    # By hand: on 3x3 with the plus stencil, pressing the centre of 010/111/010
    # flips exactly its five 1s, so one press turns every light off.
    cfg c.yaml $'rules:\n  cross3:\n    plugin: flip-neighbors\n    size: 3x3\n    goal: off\n    cells: "10"\n'
    run -0 --separate-stderr gridbfs -c c.yaml -r cross3 <<<"010/111/010"
    assert_output '1'
    run -0 --separate-stderr gridbfs -c c.yaml -r cross3 -p <<<"010/111/010"
    assert_output $'1\n2 2'
    # the built-in profiles are still there beside it
    run -0 --separate-stderr gridbfs -c c.yaml <<<"$S1"
    assert_output '4'
}

@test "a -c file overrides one key of a built-in profile and keeps the others" {
    cfg c.yaml $'rules:\n  poj1753:\n    impossible: IMPOSSIBLE\n'
    run -0 --separate-stderr gridbfs -c c.yaml <<<"$IMP"
    assert_output 'IMPOSSIBLE'
    # plugin, size, goal and cells are still poj1753's
    run -0 --separate-stderr gridbfs -c c.yaml <<<"$S1"
    assert_output '4'
    run -0 --separate-stderr gridbfs <<<"$IMP"
    assert_output 'Impossible'
    # a plugin parameter too: lights5 at 3x3 keeps goal off and cells "10"
    cfg c.yaml $'rules:\n  lights5: {size: 3x3}\n'
    run -0 --separate-stderr gridbfs -c c.yaml -r lights5 <<<"010/111/010"
    assert_output '1'
}

@test "a profile's own path key beats defaults; -p beats both" {
    cfg c.yaml $'defaults: {path: true}\nrules:\n  p1225: {path: false}\n'
    run -0 --separate-stderr gridbfs -c c.yaml -r p1225 <<<"$SWAP"
    assert_output '4'
    run -0 --separate-stderr gridbfs -c c.yaml -r p1225 -p <<<"$SWAP"
    assert_line --index 0 '4'
    [ "${#lines[@]}" -eq 5 ]
    # without the -c file p1225 prints its path
    run -0 --separate-stderr gridbfs -r p1225 <<<"$SWAP"
    [ "${#lines[@]}" -eq 5 ]
}

@test "defaults: format changes the default format; -f on the command line beats it" {
    cfg c.yaml $'defaults: {format: csv}\n'
    run -0 --separate-stderr gridbfs -c c.yaml <<<"$S1"
    assert_line --index 0 --regexp '^source,record,'
    assert_line --index 1 --partial ',poj1753,solved,4,'
    run -0 --separate-stderr gridbfs -c c.yaml -f judge <<<"$S1"
    assert_output '4'
    run -0 --separate-stderr gridbfs -f csv -c c.yaml -f jsonl <<<"$S1"
    assert_output --regexp '^\{.*"status":"solved","moves":4,.*\}$'
}

@test "defaults: rule changes the default rule; -r beats it" {
    cfg c.yaml $'defaults: {rule: chessboard}\n'
    run -0 --separate-stderr gridbfs -c c.yaml <<<"$SWAP"
    assert_output '4'
    # poj1753's board is not a chessboard record any more
    run -1 --separate-stderr gridbfs -c c.yaml <<<"$S1"
    assert_output 'invalid'
    run -0 --separate-stderr gridbfs -c c.yaml -r poj1753 <<<"$S1"
    assert_output '4'
}

@test "defaults: rule may name a profile of the same file" {
    cfg c.yaml $'defaults: {rule: cross3}\nrules:\n  cross3: {plugin: flip-neighbors, size: 3x3, goal: "off", cells: "10"}\n'
    run -0 --separate-stderr gridbfs -c c.yaml <<<"010/111/010"
    assert_output '1'
}

@test "defaults: path true prints the path as -p does" {
    run -0 --separate-stderr gridbfs -p <<<"$S1"
    local with_p=$output
    [ "${#lines[@]}" -eq 5 ]
    cfg c.yaml $'defaults:\n  path: true\n'
    run -0 --separate-stderr gridbfs -c c.yaml <<<"$S1"
    assert_output "$with_p"
    assert_line --index 0 '4'
    cfg c.yaml $'defaults:\n  path: false\n'
    run -0 --separate-stderr gridbfs -c c.yaml <<<"$S1"
    assert_output '4'
}

@test "limits: max_states and max_line are applied to the records" {
    # (engine search: the exact solver searches nothing, so has no such limit)
    cfg c.yaml $'limits: {max_states: 1}\nrules:\n  chessboard: {engine: search}\n'
    run -1 --separate-stderr gridbfs -c c.yaml -r chessboard <<<"$SWAP"
    assert_output 'limit'
    assert_regex "$stderr" '^gridbfs: <stdin>:1: more than 1 states searched \(limits: max_states\)$'
    cfg c.yaml $'limits: {max_line: 64}\n'
    long=$(printf 'b%.0s' {1..70})
    run -1 --separate-stderr gridbfs -c c.yaml <<<"$long"$'\n'"$S1"
    assert_output $'invalid\n4'
    assert_regex "$stderr" "^gridbfs: <stdin>:1: line longer than 64 bytes \\(read by rule 'poj1753'(; no other profile reads this file)?\\)\$"
}

@test "routes pick the rule by the file's basename; -r beats them; stdin is not routed" {
    cfg c.yaml $'routes:\n  - {glob: "*.swap", rule: chessboard}\n'
    mkdir d
    printf '%s\n' "$SWAP" >d/x.swap
    cp d/x.swap d/x.txt
    run -0 --separate-stderr gridbfs -c c.yaml d/x.swap
    assert_output '4'
    # not matched: the default rule, poj1753, cannot read it
    run -1 --separate-stderr gridbfs -c c.yaml d/x.txt
    assert_output 'invalid'
    # -r beats the route: p1225 prints its four swaps after the count
    run -0 --separate-stderr gridbfs -c c.yaml -r p1225 d/x.swap
    assert_line --index 0 '4'
    [ "${#lines[@]}" -eq 5 ]
    run -1 --separate-stderr gridbfs -c c.yaml <d/x.swap
    assert_output 'invalid'
}

@test "plugin_dirs relative to the config file's folder are searched" {
    mkdir conf elsewhere
    # the test plugins' folder, as seen from conf/
    rel=$(realpath -m --relative-to="$(pwd -P)/conf" "$GRIDBFS_TEST_PLUGINS")
    [[ $rel != /* ]]
    cfg conf/c.yaml "plugin_dirs: [\"$rel\"]"$'\nrules:\n  refuser:\n    plugin: broken-params\n'
    cd elsewhere
    # found (the only way to hear its refusal), though the current folder
    # is elsewhere: the profile has no size, so the error is at the profile
    run -2 --separate-stderr gridbfs -c ../conf/c.yaml <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "^gridbfs: \.\./conf/c\.yaml:3:3: rule 'refuser': always refuses 'size'$"
    # without plugin_dirs the same profile's plugin is not found
    cfg ../conf/d.yaml $'rules:\n  refuser:\n    plugin: broken-params\n'
    run -2 --separate-stderr gridbfs -c ../conf/d.yaml <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "^gridbfs: \.\./conf/d\.yaml:2:3: rule 'refuser': plugin 'broken-params' not found"
}

@test "--check-config exits 0 on a good config without reading stdin" {
    cfg c.yaml $'defaults: {format: csv, path: true}\nrules:\n  cross3: {plugin: flip-neighbors, size: 3x3, goal: "off", cells: "10"}\nroutes:\n  - {glob: "*.swap", rule: chessboard}\n'
    run -0 --separate-stderr gridbfs --check-config -c c.yaml <<<"$S1"
    assert_output ''
    [ -z "$stderr" ]
    # the built-in configuration alone, and an empty or comment-only file
    run -0 --separate-stderr gridbfs --check-config <<<"$S1"
    assert_output ''
    cfg e.yaml ''
    run -0 --separate-stderr gridbfs --check-config -c e.yaml <<<"$S1"
    assert_output ''
    cfg e.yaml $'# nothing yet\n'
    run -0 --separate-stderr gridbfs --check-config -c e.yaml <<<"$S1"
    assert_output ''
}

@test "--list-rules lists a profile added by -c, and overridden keys" {
    cfg c.yaml $'rules:\n  cross3:\n    plugin: flip-neighbors\n    size: 3x3\n    goal: off\n    cells: "10"\n  poj1753: {impossible: IMPOSSIBLE}\n'
    run -0 --separate-stderr gridbfs --list-rules -c c.yaml
    assert_line --regexp '^  cross3 +plugin=flip-neighbors size=3x3 goal=off cells=10$'
    assert_line --regexp "^  poj1753 +plugin=flip-neighbors size=4x4 goal=uniform cells=bw impossible='IMPOSSIBLE'\$"
    run -0 --separate-stderr gridbfs --list-rules
    refute_line --regexp '^  cross3 '
}

# The tail of "unknown rule 'X'": why no plugin X was found, the folders
# searched (one, at least: the installed folder).
NOT_FOUND="no profile of that name, and plugin "
SEARCHED="not found \\(searched: [^ ]+(, [^ ]+)*\\)$"

@test "a mistyped rule or plugin name, -r or rule=, and a mistyped plugin key get a suggestion" {
    run -2 --separate-stderr gridbfs -r poj175 </dev/null
    assert_regex "$stderr" "^gridbfs: unknown rule 'poj175' \\(did you mean 'poj1753'\\?\\): $NOT_FOUND'poj175' $SEARCHED"
    run -2 --separate-stderr gridbfs -r flip-neighbours </dev/null
    assert_regex "$stderr" "^gridbfs: unknown rule 'flip-neighbours' \\(did you mean 'flip-neighbors'\\?\\): $NOT_FOUND'flip-neighbours' $SEARCHED"
    run -1 --separate-stderr gridbfs <<<'rule=lights55 10/01'
    assert_output invalid
    assert_regex "$stderr" "^gridbfs: <stdin>:1: unknown rule 'lights55' \\(did you mean 'lights5'\\?\\): $NOT_FOUND'lights55' $SEARCHED"
    # nothing close: no suggestion
    run -2 --separate-stderr gridbfs -r qqqqqq </dev/null
    assert_regex "$stderr" "^gridbfs: unknown rule 'qqqqqq': $NOT_FOUND'qqqqqq' $SEARCHED"
    printf 'rules:\n  x: {plugn: flip-neighbors}\n' >c.yaml
    run -2 --separate-stderr gridbfs -c c.yaml -r x </dev/null
    assert_equal "$stderr" "gridbfs: c.yaml:2:7: rule 'x' names no plugin (did you mean 'plugin' for 'plugn'?)"
}

@test "a rule name in capitals is suggested in lowercase, not only called invalid" {
    run -2 --separate-stderr gridbfs -r P1225 </dev/null
    assert_output ''
    assert_equal "$stderr" "gridbfs: unknown rule 'P1225' (did you mean 'p1225'?): no profile of that name, and invalid plugin name 'P1225': use lowercase letters, digits and '-'"
    run -1 --separate-stderr gridbfs <<<"rule=Lights5 10/01"
    assert_output invalid
    assert_regex "$stderr" "^gridbfs: <stdin>:1: unknown rule 'Lights5' \\(did you mean 'lights5'\\?\\)"
}

@test "a misspelt plugin: in a profile gets a suggestion from the folders searched" {
    printf 'rules:\n  m: {plugin: flip-neighbours}\n' >m.yaml
    run -2 --separate-stderr gridbfs --check-config -c m.yaml
    assert_regex "$stderr" "^gridbfs: m\\.yaml:2:3: rule 'm': plugin 'flip-neighbours' not found \\(searched: [^ ]+\\); did you mean 'flip-neighbors'\\?$"
    # nothing close: the loader's words alone
    printf 'rules:\n  m: {plugin: qqqqqqqq}\n' >m.yaml
    run -2 --separate-stderr gridbfs --check-config -c m.yaml
    assert_regex "$stderr" "^gridbfs: m\\.yaml:2:3: rule 'm': plugin 'qqqqqqqq' not found \\(searched: [^ ]+\\)$"
}

@test "-r NAME, no profile and no plugin, says which folders were searched" {
    # as a profile's plugin: that is not found does (README, "What is searched")
    run -2 --separate-stderr gridbfs -P "$BATS_TEST_TMPDIR/nonexist" -P "$GRIDBFS_TEST_PLUGINS" -r knight </dev/null
    assert_output ''
    assert_regex "$stderr" "^gridbfs: unknown rule 'knight': no profile of that name, and plugin 'knight' not found \\(searched: $BATS_TEST_TMPDIR/nonexist \\(no such folder\\), $GRIDBFS_TEST_PLUGINS, [^ ]+\\)$"
    # the same words as for a profile whose plugin: is missing
    printf 'rules:\n  k: {plugin: knight}\n' >c.yaml
    run -2 --separate-stderr gridbfs -c c.yaml -P "$BATS_TEST_TMPDIR/nonexist" -P "$GRIDBFS_TEST_PLUGINS" -r k </dev/null
    assert_regex "$stderr" "plugin 'knight' not found \\(searched: $BATS_TEST_TMPDIR/nonexist \\(no such folder\\), $GRIDBFS_TEST_PLUGINS, [^ ]+\\)$"
}

@test "a plugin no profile names is suggested too, from the folders searched" {
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r typed-sise </dev/null
    assert_regex "$stderr" "^gridbfs: unknown rule 'typed-sise' \\(did you mean 'typed-size'\\?\\): $NOT_FOUND'typed-sise' $SEARCHED"
    # not without the folder that has it
    run -2 --separate-stderr gridbfs -r typed-sise </dev/null
    assert_regex "$stderr" "^gridbfs: unknown rule 'typed-sise': $NOT_FOUND'typed-sise' $SEARCHED"
}

@test "a mistyped core key in a profile that names a plugin: the plugin's refusal, and the core key" {
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    engnie: exact\n'
    refused c.yaml "4:5: rule 'mine': unknown parameter 'engnie'; or did you mean the profile key 'engine'\?"
    # size is both the core's key and the plugin's parameter: said once
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    sise: 4x4\n'
    refused c.yaml "4:5: rule 'mine': unknown parameter 'sise' \(did you mean 'size'\?\)"
    # a plugin parameter close to nothing of the core's: the plugin's words alone
    cfg c.yaml $'rules:\n  mine:\n    plugin: flip-neighbors\n    stensil: 010/111/010\n'
    refused c.yaml "4:5: rule 'mine': unknown parameter 'stensil' \(did you mean 'stencil'\?\)"
}

@test "a missing plugin's folders searched are listed, a -P folder that is not there named so" {
    printf 'rules:\n  m: {plugin: nope}\n' >m.yaml
    run -2 --separate-stderr gridbfs -P "$BATS_TEST_TMPDIR/typo" -c m.yaml -r m </dev/null
    assert_regex "$stderr" "plugin 'nope' not found \(searched: $BATS_TEST_TMPDIR/typo \(no such folder\), .*lib/gridbfs\)$"
}

@test "--list-rules -f jsonl: one object a profile and a plugin, for scripts" {
    run -0 --separate-stderr gridbfs --list-rules -f jsonl
    assert_line '{"kind":"profile","name":"uva10309","plugin":"flip-neighbors","size":"10x10","engine":"auto","path":null,"params":{"goal":"off","cells":"O#"},"layout":{"count":false,"size":"none","name":true,"blank":false,"end":"end","param":null,"param_rows":0,"one_line":false,"ignore":null},"solved":"{name} {moves}","impossible":"{name} -1","before":null,"max_moves":100,"accept":"fewest"}'
    assert_line --regexp '^\{"kind":"plugin","name":"flip-neighbors","summary":"[^"]+","file":"/[^"]+/flip-neighbors\.so","abi":"2\.[0-9]+","params":\[\{"key":"size","default":"4x4","help":"[^"]+"\},.*\],"error":null\}$'
    # every line is one JSON object (jq, where installed, reads them all)
    if command -v jq >/dev/null; then
        printf '%s\n' "${lines[@]}" | jq -e -s 'length > 10' >/dev/null
    fi
    # the text listing is the default, and -f judge's
    run -0 --separate-stderr gridbfs --list-rules -f judge
    assert_line 'profiles:'
}

@test "--list-rules shows a profile's layout and answer keys" {
    run -0 --separate-stderr gridbfs --list-rules
    assert_line --regexp "^  cerc07b +plugin=flip-neighbors goal=off cells=X\. layout=\{size:each,blank,end:'0 0'\} solved='You have to tap \{moves\} tiles\.' impossible='Damaged billboard\.'$"
    assert_line --regexp "^  acwing95 +.* layout=\{count,blank\} impossible='-1' max_moves=6$"
}
