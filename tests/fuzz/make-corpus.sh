#!/bin/sh
# Write the seed corpora under tests/fuzz/corpus/ (run from anywhere; the
# files are checked in, so this is only needed to change them).
#
#   corpus/reader  a 6-byte shape header (see fuzz_reader.c), then input:
#                  the examples, every bad-input case of tests/input.bats,
#                  and the edge cases of the README's "Input" section
#   corpus/config  config/gridbfs.yaml, every config of tests/config.bats,
#                  and the YAML the loader must refuse
#   corpus/output  a 4-byte header (see fuzz_output.c), then NUL-separated
#                  strings: source, id, rule, message, judge word, move text,
#                  then the path's move ids
#   corpus/layout  a 7-byte layout and shape header (see fuzz_layout.c),
#                  then a judge's file: the built-in profiles' samples, and
#                  what their judges' files get wrong
#   corpus/answers a 2-byte header (see fuzz_answers.c: the profile, the
#                  report's format), then a contestant's answers: each
#                  profile's sample output, and what answers get wrong
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$here/corpus
rm -rf "$out"
mkdir -p "$out/reader" "$out/config" "$out/output" "$out/layout" "$out/answers"

S1='bwwb/bbwb/bwwb/bwww'
S2='bwbw/wwww/bbwb/bwwb'
SWAP='1111/0000/1110/0010 1010/0101/1010/0101'
grid() { printf '%s\n' "$1" | tr '/' '\n'; }
# random N SEED: N bytes, the same every time (perl is in every Debian).
random() { perl -e 'srand($ARGV[1]); print map { chr int rand 256 } 1 .. $ARGV[0]' "$@"; }

# ---- reader ---------------------------------------------------------------
# Header bytes, in octal: rows-1, cols-1, boards-1 | (max_line - 63) << 1
# (0: 65536), alphabet (0 bw, 1 10, 2 BW, 3 01, >= 0200: 2 + (byte - 0200)
# mod 19 printable characters in a row from '!' + byte 4 mod 94), that
# byte, bytes per read (0: whole reads from a memory file, as from a
# regular file).
POJ='\003\003\000\000\000\000'     # 4x4, one board, bw
POJ1='\003\003\000\000\000\001'    # the same, read a byte at a time
POJ7='\003\003\000\000\000\007'    # the same, 7 bytes at a time
SWAP2='\003\003\001\001\000\000'   # 4x4, two boards, 10
SWAP2_5='\003\003\001\001\000\005' # the same, 5 bytes at a time
LIGHTS='\004\004\000\001\000\000'  # 5x5, one board, 10
TIMUS='\003\003\000\002\000\000'   # 4x4, one board, BW
POJ_100='\003\003\112\000\000\003' # 4x4 bw, max_line 100, 3 bytes a read
BIG='\037\037\001\001\000\000'     # 32x32, two boards, 10
ODD='\000\002\000\200\011\002'     # 1x3, cells '*' and '+', 2 bytes a read
K3='\002\002\000\201\017\000'      # 3x3, cells 0 1 2 (2 bits a cell)
EIGHT='\002\002\000\207\017\003'   # 3x3, cells 0 to 8 (4 bits), 3 bytes a read
K20='\001\003\000\222\017\000'     # 2x4, cells 0 to C (8 bits a cell)

# seed NAME HEADER: the header then standard input, as corpus/reader/NAME.
seed() {
    { printf "$2"; cat; } >"$out/reader/$1"
}

for f in poj1753.txt mixed.lines; do
    seed "example-$f" "$POJ" <"$top/examples/$f"
    seed "example-$f-bytewise" "$POJ1" <"$top/examples/$f"
done
for f in p1225.txt chessboard.txt; do
    seed "example-$f" "$SWAP2" <"$top/examples/$f"
    seed "example-$f-5" "$SWAP2_5" <"$top/examples/$f"
done

{ grid "$S1"; echo; grid "$S2"; } | seed two-samples "$POJ"
{ grid "$S1"; grid "$S2"; grid "$S1"; } | seed no-blank-lines "$POJ7"
printf '# a comment\nb w w b\nb\tb w b\n  # indented comment\nbwwb\n b w w w \n' |
    seed blanks-and-comments "$POJ"
{ printf '\357\273\277'; grid "$S1"; echo; grid "$S2"; echo "id=x $S1"; } |
    sed 's/$/\r/' | seed crlf-bom "$POJ1"
printf 'bwwb\nbbwb\nbwwb\nbwww' | seed no-final-newline "$POJ"
seed empty "$POJ" </dev/null
printf '\n\n# nothing\n' | seed nothing "$POJ"
{
    echo "id=7 rule=p1225 $SWAP"
    grid "$S1"
    echo "id=a $S2"
    echo "rule=lights5 00000/00000/00000/00000/00000"
    echo "size=1x3 bbb/"
} | seed line-syntax-mix "$POJ"
echo "size=1x3 bwb/" | seed one-row-board "$POJ"
{ echo '012/120/201'; printf '000\n111\n222\n\n013\n000\n000\n'; } |
    seed three-symbols "$K3"
{ echo '123/456/780'; printf '876\n543\n210\n\n'; echo 'size=2x3 123/450'; echo '123/459/780'; } |
    seed eight-puzzle-cells "$EIGHT"
{ echo '09AC/C0B1'; printf 'ABC0\n1234\n\nABCD\n0000\n'; } | seed twenty-symbols "$K20"
{
    grid "$S1"; echo
    printf 'bwwb\nbbwbb\nbwwb\nbwww\n\n'
    grid "$S2"; echo
    printf 'bwwb\nbbxb\nbwwb\nbwww\n\n'
    printf 'bwwb\nbbwb\nbwwb\n\n'
    grid "$S1"; echo
    echo "id=u rule=nosuchrule $S1"
    echo "id=q foo=bar $S1"
    echo "id=d id=e $S1"
    echo "size=9 $S1"
    echo "size=3x3 $S1"
    echo "id=z $S2"
    echo "$S1 $S1"
    grid "$S2"
} | seed bad-records "$POJ"
printf '1111\n0000\n1110\n0010\n1010\n0101\n1010\n0101\n\n1111\n0000\n1110\n0010\n' |
    seed missing-second-board "$SWAP2"
{ grid "$S1"; head -c 300 /dev/zero | tr '\0' b; echo; grid "$S2"; } |
    seed long-line "$POJ_100"
{ grid "$S1"; echo; head -c 300 /dev/zero | tr '\0' '/'; } |
    seed long-line-at-eof "$POJ_100"
{ head -c 150 /dev/zero | tr '\0' b; echo; printf '\357\273\277# BOM on line 2\n'; grid "$S1"; } |
    seed long-first-line-bom "$POJ_100"
{ grid "$S1"; printf 'bw\0b\nbbwb\nbwwb\nbwww\n\n'; grid "$S2"; } |
    seed nul-bytes "$POJ"
random 600 1 | seed random-bytes "$POJ7"
random 3000 2 | tr -dc 'bw01/=# \n\r\t' | seed random-cells "$POJ1"
{
    echo "id=\"a,b\" $S1"
    echo "id=a\"b\"\"c $S2"
    printf 'id=\377\376 %s\n' "$S1"
    printf 'id=\303\251t\303\251 %s\n' "$S1"
    printf 'id=a\rb %s\n' "$S1"
    printf 'id=a\0b %s\n' "$S1"
    printf 'id=\033[31m %s\n' "$S1"
    echo "id= $S1"
    echo "rule= $S1"
    echo "size=0x4 $S1"
    echo "size=33x1 $S1"
    echo "size=1x1x1 $S1"
    echo "size=4x4 size=4x4 $S1"
    echo "size=004x004 $S1"
    echo "=x $S1"
    echo "x= $S1"
    echo "/"
    echo "//"
    echo "$S1/ $S1"
    echo "$S1 $S1 $S1"
} | seed line-metadata "$POJ"
{ echo "$S1"; printf 'b/%.0s' $(seq 70); echo; } |
    seed too-many-rows "$POJ"
{ grid "$S1" | head -2; echo "id=cut $S1"; grid "$S1" | head -3; echo; grid "$S2"; } |
    seed grid-cut-by-line "$POJ1"
{ printf 'bwwb\n# inside\nbbwb\n\n\nbwwb\nbwww\n'; } | seed comment-inside-grid "$POJ"
{ grid "$SWAP" | tr ' ' '\n'; echo; echo "$SWAP"; } | seed swap-mixed "$SWAP2_5"
printf '10101\n01010\n10101\n01010\n10101\nrule=lights5 00000/00100/01110/00100/00000\n' |
    seed lights5 "$LIGHTS"
printf 'BWWB\nBBWB\nBWWB\nBWWW\n' | seed timus1122 "$TIMUS"
{
    for board in 1 2; do
        for r in $(seq 32); do
            head -c 32 /dev/zero | tr '\0' "$((r % 2))"; echo
        done
    done
    printf 'size=32x32 '
    for r in $(seq 32); do printf '10101010101010101010101010101010/'; done
    echo
} | seed board-32x32 "$BIG"
printf '*+*\n+ * +\n*\t+\t*\n**\n***+\n' | seed odd-alphabet "$ODD"

# ---- layout ---------------------------------------------------------------
# Header bytes, in octal (fuzz_layout.c): the layout (1 count, 2 size first,
# 4 size each, 010 name, 020 blank, 040 end, 0100 param, 0200 comments the
# other way round); rows-1 (| 040 two boards, 0100 the text repeated to
# 256 KiB when the last byte is 0100, 0200 on standard input); cols-1 | the
# end line << 5 (0 end, 1 "0 0", 2 "0", 3 "-1", 4 "#", 5 END, 6 "0 0 0",
# 7 the two cells); param_rows-1 | the cells << 5 (0 bw, 1 10, 2 BW, 3 01,
# 4 #O, 5 X., 6 *., 7 +-); 0, or 0200 + n for the cells '!' + n mod 94 and
# the next; max_line - 63 (0: 65536); bytes per read from a pipe (0: a
# memory file); 1 for a well-formed file written from the bytes that
# follow (generate()), 0100 for the big text.
P1222='\001\004\005\040\000\000\000\000'      # poj1222: count, 5x6, 10
P1222_PIPE='\001\004\005\040\000\000\007\000' # the same through a pipe
P1222_STDIN='\001\204\005\040\000\000\003\000' # on standard input, a pipe
P1222_FILE='\001\204\005\040\000\000\000\000' # on standard input, a file
FLIP5='\001\002\002\300\000\000\000\000'      # flipfive: count, 3x3, *.
ACW95='\021\004\004\040\000\000\000\000'      # acwing95: count, blank, 5x5
ACW95_BIG='\021\104\004\040\000\001\000\100'  # the same, 256 KiB, max_line 64
ACW95_PIPE='\021\004\004\040\000\000\001\000' # a byte a read
UVA='\050\011\011\200\000\000\000\000'        # uva10309: name, end, 10x10, #O
UVA_FLIP='\250\011\011\200\000\000\000\000'   # the same, '#' a comment
CERC='\064\003\043\240\000\000\000\000'       # cerc07b: size each, blank, "0 0"
CERC_PIPE='\064\003\043\240\000\000\005\000'  # the same, 5 bytes a read
P3279='\002\003\003\040\000\000\000\000'      # poj3279: size first, 10
T1122='\100\003\003\102\000\000\000\000'      # timus1122: 3 param rows, BW
ALL='\135\003\003\040\000\000\000\000'        # count, size each, name, blank, param
FIRSTP='\103\001\001\000\000\000\000\000'     # count, size first, param, bw
NAMESIZE='\014\003\003\240\000\000\000\000'   # name, size each, X.
LONG64='\001\004\005\040\000\001\000\000'     # poj1222 with max_line 64
TWO='\021\241\001\000\000\000\003\000'        # count, blank, 2x2, two boards
ODDL='\064\001\341\200\211\000\002\000'       # size each, blank, end (cells), '*+'

lay() {
    { printf "$2"; cat; } >"$out/layout/$1"
}
P1222_IN='2
0 1 1 0 1 0
1 0 0 1 1 1
0 0 1 0 0 1
1 0 0 1 0 1
0 1 1 1 0 0
0 0 1 0 1 0
1 0 1 0 1 1
0 0 1 0 1 1
1 0 1 1 0 0
0 1 0 1 0 0
'
printf '%s' "$P1222_IN" | lay poj1222 "$P1222"
printf '%s' "$P1222_IN" | lay poj1222-pipe "$P1222_PIPE"
printf '%s' "$P1222_IN" | lay poj1222-stdin "$P1222_STDIN"
printf '%s' "$P1222_IN" | lay poj1222-stdin-file "$P1222_FILE"
printf '%s' "$P1222_IN" | sed 1s/2/3/ | lay poj1222-count-over "$P1222_PIPE"
printf '%s' "$P1222_IN" | sed 1s/2/1/ | lay poj1222-count-under "$P1222"
printf '%s' "$P1222_IN" | sed 1s/2/99999999999999999999/ | lay poj1222-count-huge "$P1222"
printf '%s' "$P1222_IN" | sed 1s/2/18446744073709551614/ | lay poj1222-count-max "$P1222_PIPE"
printf '%s' "$P1222_IN" | sed 1s/2/x/ | lay poj1222-count-bad "$P1222"
printf '%s' "$P1222_IN" | sed 1d | lay poj1222-no-count "$P1222"
printf '%s' "$P1222_IN" | sed '7d' | lay poj1222-row-short "$P1222"
{ printf '\357\273\277'; printf '%s' "$P1222_IN" | sed 's/$/\r/'; } | lay poj1222-crlf-bom "$P1222_PIPE"
printf '%s' "$P1222_IN" | sed '4i # a comment' | sed '1i\
' | lay poj1222-comment "$P1222"
printf '%s' "$P1222_IN" | sed "3s/.*/$(head -c 80 /dev/zero | tr '\0' 1)/" | lay poj1222-long-row "$LONG64"
printf '1\nid=1 101010/010101/101010/010101/101010\n' | lay poj1222-line-record "$P1222"
printf 'id=1 101010/010101/101010/010101/101010\n' | lay line-record-first "$P1222"
lay empty-count "$P1222" </dev/null
printf '2\n*..\n**.\n*..\n***\n*..\n..*\n' | lay flipfive "$FLIP5"
printf '0\n' | lay flipfive-zero "$FLIP5"
ACW95_IN='3
00111
01011
10001
11010
11100

11101
11101
11110
11111
11111

01111
11111
11111
11111
11111
'
printf '%s' "$ACW95_IN" | lay acwing95 "$ACW95"
printf '%s' "$ACW95_IN" | lay acwing95-big "$ACW95_BIG"
printf '%s' "$ACW95_IN" | lay acwing95-bytewise "$ACW95_PIPE"
printf '%s' "$ACW95_IN" | sed 1s/3/5/ | lay acwing95-count-over "$ACW95"
printf '%s' "$ACW95_IN" | sed 1s/3/2/ | lay acwing95-count-under "$ACW95"
printf '%s' "$ACW95_IN" | sed 4d | lay acwing95-row-short "$ACW95"
printf '%s' "$ACW95_IN" | sed '4s/$/\n11111/' | lay acwing95-row-extra "$ACW95"
{
    printf 'all_off\n'
    for r in $(seq 10); do echo '##########'; done
    printf 'all_on\n'
    for r in $(seq 10); do echo 'OOOOOOOOOO'; done
    printf 'short\n'
    for r in $(seq 9); do echo '#O#O#O#O#O'; done
    printf 'end\n'
} | tee "$out/layout/.uva" | lay uva10309 "$UVA"
lay uva10309-comments "$UVA_FLIP" <"$out/layout/.uva"
sed '$d' "$out/layout/.uva" | lay uva10309-no-end "$UVA"
{ cat "$out/layout/.uva"; printf 'after\n'; } | lay uva10309-after-end "$UVA"
{ printf '\n\n'; sed 's/$/\r/' "$out/layout/.uva"; } | lay uva10309-crlf "$UVA"
rm "$out/layout/.uva"
lay uva10309-empty "$UVA" </dev/null
printf 'end\n' | lay uva10309-only-end "$UVA"
CERC_IN='5 5
XX.XX
X.X.X
.XXX.
X.X.X
XX.XX

5 5
.XX.X
.....
..XXX
..X.X
..X..

1 5
...XX

0 0
'
printf '%s' "$CERC_IN" | lay cerc07b "$CERC"
printf '%s' "$CERC_IN" | lay cerc07b-pipe "$CERC_PIPE"
printf '%s' "$CERC_IN" | sed '/^$/d' | lay cerc07b-no-blanks "$CERC"
printf '%s' "$CERC_IN" | sed '$d' | lay cerc07b-no-end "$CERC"
printf '%s' "$CERC_IN" | sed '3d' | lay cerc07b-row-short "$CERC"
printf '4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n' | lay poj3279 "$P3279"
printf '4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n' | lay poj3279-short "$P3279"
printf '4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n' | lay poj3279-square "$P3279"
printf '0 0\n' | lay poj3279-zero "$P3279"
printf 'WBWB\nBWBW\nWBWB\nBWBW\n010\n111\n010\n' | lay timus1122 "$T1122"
printf 'WBWB\nBWBW\nWBWB\nBWBW\n0 1 0\n111\n' | lay timus1122-short-param "$T1122"
printf '2\n2 2\nbw\nwb\nxy\nbb\nww\nzz\n' | lay first-size-param "$FIRSTP"
printf 'first\n2 2\nX.\n.X\nsecond\n1 1\nX\n' | lay name-size "$NAMESIZE"
printf '2\n10\n01\n11\n00\n\n01\n10\n00\n11\n' | lay two-boards "$TWO"
printf '1 2\n*+\n\n2 2\n+*\n* +\n\n*+\n' | lay odd-cells-end "$ODDL"
printf '%s' "$CERC_IN" | sed 's/^1 5$/1 33/' | lay cerc07b-size-out-of-range "$CERC"
printf '%s' "$CERC_IN" | sed 's/^1 5$/one five/' | lay cerc07b-size-bad "$CERC"
printf '2\ncase one\n2 3\n101\n010\n11\n\ncase two\n1 1\n1\n00\n' | lay all-keys "$ALL"
printf '2\ncase one\n\n2 3\n101\n010\n11\n\ncase two\n# note\n1 1\n1\n00\n' | lay all-keys-gaps "$ALL"

# Well-formed files: the header with its last byte 1, then the bytes that
# choose the cases (random, the same every time), for each built-in layout
# and a few other combinations of keys.
i=0
for h in "$P1222" "$FLIP5" "$ACW95" "$UVA" "$CERC" "$P3279" "$T1122" \
    "$FIRSTP" "$NAMESIZE" "$TWO" '\000\003\003\000\000\000\000\000' \
    '\040\001\001\040\000\000\000\000' "$ALL" '\133\003\003\140\000\000\000\000' \
    '\177\001\001\000\000\000\000\000'; do
    i=$((i + 1))
    random 200 "$((100 + i))" | lay "generated-$i" "${h%\\000}\\001"
done

# ---- config ---------------------------------------------------------------
# conf NAME TEXT: TEXT byte for byte as corpus/config/NAME.
conf() { printf '%s' "$2" >"$out/config/$1"; }
nl='
'
cp "$top/config/gridbfs.yaml" "$out/config/builtin.yaml"
conf unknown-top "defaluts:${nl}  rule: poj1753${nl}"
conf unknown-default "defaults:${nl}  frmat: csv${nl}"
conf unknown-default-far "defaults:${nl}  format: csv${nl}  colour: red${nl}"
conf unknown-limit "limits:${nl}  max_line: 100${nl}  max_sates: 5${nl}"
conf dup-key "defaults:${nl}  format: csv${nl}  format: jsonl${nl}"
conf dup-profile "rules:${nl}  mine: {plugin: flip-neighbors}${nl}  mine: {plugin: swap-adjacent}${nl}"
conf seq-for-map "defaults:${nl}  - rule${nl}"
conf seq-top "- defaults${nl}"
conf bool-maybe "defaults:${nl}  path: maybe${nl}"
conf bool-yes "defaults: {rule: poj1753, path: yes}${nl}"
conf jobs-neg "defaults:${nl}  jobs: -1${nl}"
conf states-1e99 "limits:${nl}  max_states: 1e99${nl}"
conf line-1 "limits:${nl}  max_line: 1${nl}"
conf jobs-1025 "defaults: {jobs: 1025}${nl}"
conf states-0 "limits: {max_states: 0}${nl}"
conf states-over "limits: {max_states: 1000000000001}${nl}"
conf line-63 "limits: {max_line: 63}${nl}"
conf line-over "limits: {max_line: 1073741825}${nl}"
conf ends-ok "defaults: {jobs: \"1024\"}${nl}limits: {max_states: 1000000000000, max_line: 64}${nl}"
conf ends-ok-2 "defaults: {jobs: 0}${nl}limits: {max_states: 1, max_line: 1073741824, table_memory: 1099511627776}${nl}"
conf huge-number "limits: {max_states: 99999999999999999999999999999, table_memory: 18446744073709551616}${nl}"
conf impossible-empty "rules:${nl}  poj1753: {impossible: \"\"}${nl}"
conf impossible-tab "rules:${nl}  poj1753: {impossible: \"a\\tb\"}${nl}"
conf complex-key "defaults:${nl}  ? [a]${nl}  : b${nl}"
conf format-xml "defaults:${nl}  format: xml${nl}"
conf alias "defaults:${nl}  rule: poj1753${nl}  format: *fmt${nl}"
conf anchor "defaults: &d${nl}  rule: poj1753${nl}"
conf tag "defaults:${nl}  format: !!str csv${nl}"
conf tag-directive "%TAG !e! tag:example.com,2000:${nl}---${nl}defaults: {format: csv}${nl}"
conf two-docs "defaults: {format: csv}${nl}---${nl}defaults: {format: jsonl}${nl}"
conf nesting-20 "rules: $(printf '[%.0s' $(seq 20))$(printf ']%.0s' $(seq 20))${nl}"
conf nesting-16-blocks "$(for i in $(seq 16); do printf "%$((2 * i - 2))sk$i:\n" ''; done)"
conf syntax-flow "rules:${nl}  mine: {plugin: flip-neighbors]${nl}"
conf syntax-indent "defaults:${nl}  format: csv${nl} rule: poj1753${nl}"
conf tab-indent "defaults:${nl}	format: csv${nl}"
printf 'defaults:\n  format: \377\n' >"$out/config/not-utf8"
printf 'x: "\303\251\303\251" \377\n' >"$out/config/not-utf8-after-text"
printf '\357\273\277defaults: {format: xml}\n' >"$out/config/bom"
printf '\377\376d\0e\0f\0a\0u\0l\0t\0s\0:\0 \0{\0f\0o\0r\0m\0a\0t\0:\0 \0c\0s\0v\0}\0\n\0' >"$out/config/utf16le"
printf 'defaults: {format: "c\\0sv"}\n' >"$out/config/nul-escape"
conf missing-plugin "plugin_dirs: [plugs]${nl}rules:${nl}  mine:${nl}    plugin: no-such-plugin${nl}"
conf bad-goal "rules:${nl}  mine:${nl}    plugin: flip-neighbors${nl}    goal: sideways${nl}"
conf size-0x4 "rules:${nl}  mine: {plugin: flip-neighbors, size: 0x4}${nl}"
conf size-100 "rules:${nl}  mine: {plugin: flip-neighbors, size: 100x100}${nl}"
conf unknown-param "rules:${nl}  mine:${nl}    plugin: flip-neighbors${nl}    stensil: 010/111/010${nl}"
conf no-plugin "rules:${nl}  mine: {size: 3x3}${nl}"
conf route-unknown "routes:${nl}  - {glob: \"*.swap\", rule: nope}${nl}"
conf default-unknown "defaults:${nl}  rule: nope${nl}"
conf add-profile "rules:${nl}  cross3:${nl}    plugin: flip-neighbors${nl}    size: 3x3${nl}    goal: off${nl}    cells: \"10\"${nl}"
conf override "rules:${nl}  poj1753:${nl}    impossible: IMPOSSIBLE${nl}  lights5: {size: 3x3}${nl}"
conf path-keys "defaults: {path: true}${nl}rules:${nl}  p1225: {path: false}${nl}"
conf format-csv "defaults: {format: csv}${nl}"
conf rule-chessboard "defaults: {rule: chessboard}${nl}"
conf rule-same-file "defaults: {rule: cross3}${nl}rules:${nl}  cross3: {plugin: flip-neighbors, size: 3x3, goal: \"off\", cells: \"10\"}${nl}"
conf limits "limits: {max_states: 1, max_line: 64, table_memory: 0}${nl}"
conf routes "routes:${nl}  - {glob: \"*.swap\", rule: chessboard}${nl}  - {glob: \"dir/*\", rule: p1225}${nl}  - {glob: \"[a-\", rule: x}${nl}"
conf route-missing "routes:${nl}  - {glob: \"*.swap\"}${nl}  - {rule: p1225}${nl}  - [a]${nl}"
conf plugin-dirs "plugin_dirs: [plugins, ../conf/./x//, /usr//lib/./gridbfs/, /, \".\", a/../b]${nl}rules:${nl}  refuser:${nl}    plugin: broken-params${nl}"
conf plugin-dirs-bad "plugin_dirs: [\"\", {a: b}]${nl}"
conf check-ok "defaults: {format: csv, path: true}${nl}rules:${nl}  cross3: {plugin: flip-neighbors, size: 3x3, goal: \"off\", cells: \"10\"}${nl}routes:${nl}  - {glob: \"*.swap\", rule: chessboard}${nl}"
conf empty ''
conf comment "# nothing yet${nl}"
conf nulls "rules: ~${nl}routes: null${nl}plugin_dirs:${nl}defaults: {}${nl}"
conf stencil-seq "rules:${nl}  t: {plugin: flip-neighbors, stencil: [\"101\", \"010\", \"101\"], cells: BW}${nl}  u: {plugin: x, stencil: [[a]]}${nl}"
conf param-map "rules:${nl}  t: {plugin: flip-neighbors, stencil: {a: b}}${nl}"
conf bad-names "rules:${nl}  Bad_Name: {plugin: flip-neighbors}${nl}  ok: {plugin: ../etc}${nl}"
conf billion-laughs "a: &a [x, x, x, x, x, x, x, x, x]${nl}b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]${nl}c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]${nl}"
conf huge-scalar "rules:${nl}  mine: {plugin: flip-neighbors, cells: $(head -c 3000 /dev/zero | tr '\0' x)}${nl}"
conf long-key "$(head -c 200 /dev/zero | tr '\0' k): 1${nl}"
conf block-scalars "rules:${nl}  mine:${nl}    plugin: flip-neighbors${nl}    impossible: >${nl}      folded${nl}      text${nl}    cells: |${nl}      10${nl}"
conf quoted-keys "\"defaults\": {'format': \"jsonl\", \"jobs\": '4'}${nl}"
conf directives "%YAML 1.1${nl}---${nl}defaults: {format: csv}${nl}...${nl}"
conf engines "rules:${nl}  p1225: {engine: exact}${nl}  poj1753: {engine: search}${nl}  lights5: {engine: auto}${nl}"
conf engine-bad "rules:${nl}  x: {plugin: swap-adjacent, engine: fast}${nl}"

# ---- output ---------------------------------------------------------------
# outp NAME HEADER STRINGS...: the header, then the strings joined by NULs
# (printf %b: octal escapes are \0ddd).
outp() {
    name=$1 head=$2
    shift 2
    {
        printf "$head"
        first=1
        for s in "$@"; do
            [ $first = 1 ] || printf '\0'
            first=0
            printf '%b' "$s"
        done
    } >"$out/output/$name"
}
# flags: bits 0-1 status (0 solved, 1 impossible, 2 invalid, 3 limit),
# 4 path, 8 no id, 16 no message, 32 no judge word
outp solved-path '\004\001\001\004' '<stdin>' '7' 'p1225' '' '' 'm' '\0001\0002\0003\0004'
outp solved-no-path '\000\002\007\004' 'examples/poj1753.txt' 'flip-1' 'poj1753' '' '' 'x' ''
outp impossible '\001\002\007\000' 'a.txt' '' 'poj1753' '' 'IMPOSSIBLE' '' ''
outp impossible-default '\041\002\007\000' 'a.txt' '' 'poj1753' '' '' '' ''
outp invalid '\002\003\011\000' 'in.txt' 'q' 'poj1753' "unknown key 'foo=' (expected id=, rule= or size=)" '' '' ''
outp limit '\003\001\001\000' 'in.txt' '' 'chessboard' 'more than 1 states searched (limits: max_states)' '' '' ''
outp csv-specials '\006\001\001\000' 'a,b.txt' 'say "hi", then\nleave' 'p1225' 'row 1: \0047"\0047 is not a cell\r\n' '' '' ''
outp quotes-only '\002\001\001\000' '"' '""' '"""' ',' '' '' ''
outp newline-names '\004\001\001\001' 'dir\nwith\rbreaks/file' 'id\r' 'r' '' '' 'a\nb' '\0001'
outp invalid-utf8 '\002\001\001\000' 'bad\0377\0376name' '\0300\0257\0355\0240\0200\0364\0220\0200\0200\0342\0202' 'poj1753' 'byte \0377' '' '' ''
outp valid-utf8 '\004\001\001\002' '日本/ファイル.txt' 'é\0360\0237\0230\0200' 'p1225' '' '' 'ü' '\0007\0010'
outp controls '\002\001\001\000' '\t\0001\0037\0177' '\0033[31mred\0033[0m' 'poj1753' '\b\f\v' '' '' ''
outp backslashes '\002\001\001\000' 'C:\\dir\\f.txt' '\\u0000' 'poj1753' '\\"' '' '' ''
outp no-id-no-msg '\032\001\001\000' 'x' 'ignored' 'y' 'ignored' '' '' ''
outp big-numbers '\004\377\376\375' 'x' '' 'y' '' '' 'm' '\0377\0376'
outp long-move-text '\004\001\001\002' 'x' '' 'y' '' '' \
    'a move text longer than the sixty-four bytes a move may take, surely' '\0001\0002'
outp empty '\000\000\000\000'
outp only-source '\006\000\000\000' 'just a source'
# bits 6-7 of the flags: the plugin writes its own judge text (0100), one
# longer than output.c first offers room for (0200), or is an ABI 1.0 table
# (0300)
outp plugin-judge-text '\104\001\001\003' 'x' '' 'y' '' '' 'm' '\0001\0002\0003'
outp plugin-judge-no-path '\100\001\001\003' 'x' '' 'y' '' '' 'm' '\0001\0002\0003'
outp plugin-judge-big '\204\001\001\002' 'x' '' 'y' '' '' 'm' '\0001\0002'
outp plugin-abi-1-0 '\304\001\001\002' 'x' '' 'y' '' '' 'm' '\0001\0002'

# ---- answers --------------------------------------------------------------
# ans NAME PROFILE-INDEX FORMAT: the header, then standard input, as
# corpus/answers/NAME (fuzz_answers.c's profiles[] order: 0 p1225, 1
# poj2965, 2 poj1222, 3 poj3279, 4 uva10309, 5 cerc07b, 6 poj1753, 7
# acwing95, 8 timus1122; formats 0 judge, 1 csv, 2 jsonl).
ans() {
    { printf "\\$(printf %03o "$2")\\$(printf %03o "$3")"; cat; } >"$out/answers/$1"
}
k=0
for p in p1225 poj2965 poj1222 poj3279 uva10309 cerc07b poj1753 acwing95 timus1122; do
    ans "$p-sample" $k $((k % 3)) <"$top/tests/judges/$p/sample.out"
    k=$((k + 1))
done
printf '4\n1222\n1324\n3242\n4344\n' | ans p1225-not-a-move 0 0
printf '5\n1222\n1424\n3242\n' | ans p1225-short 0 1
printf 'Impossible\n4\n' | ans p1225-impossible-extra 0 2
sed '9s/0/1/; 7d' "$top/tests/judges/poj1222/sample.out" | ans poj1222-wrong 2 0
printf 'all_on 44\r\n\n\nsimple\n' | ans uva10309-names 4 1
random 300 14 | ans junk 1 0

echo "seeds: $(ls "$out/reader" | wc -l) reader, $(ls "$out/config" | wc -l) config, $(ls "$out/output" | wc -l) output, $(ls "$out/layout" | wc -l) layout, $(ls "$out/answers" | wc -l) answers"
