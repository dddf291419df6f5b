#!/bin/sh
# test.sh GRIDBFS PLUGIN_DIR: the ABI 2 flip-rowcol2 plugin in PLUGIN_DIR, run
# through the gridbfs binary GRIDBFS, on cases worked out by hand.
#
# A board is solvable exactly when cell (r, c) = x_r XOR y_c for some choice
# x of rows and y of columns; (x, y) and its complement both solve it, so
# the minimum is the smaller of |x| + |y| and R + C - |x| - |y|.
set -u
gridbfs=$1
dir=$2
failed=0

# expect [ARGS...] -- INPUT WANT [STATUS]: `gridbfs -P DIR -r flip-rowcol2
# -s 3x3 ARGS` on INPUT prints WANT on stdout (and stderr for STATUS 2) and
# exits STATUS (default 0).
expect() {
    args=
    while [ "$1" != -- ]; do args="$args $1"; shift; done
    if [ "${4:-0}" -eq 2 ]; then
        got=$(printf '%s\n' "$2" |
            "$gridbfs" -P "$dir" -r flip-rowcol2 -s 3x3 $args 2>&1 >/dev/null)
    else
        got=$(printf '%s\n' "$2" |
            "$gridbfs" -P "$dir" -r flip-rowcol2 -s 3x3 $args 2>/dev/null)
    fi
    status=$?
    if [ "$got" != "$3" ] || [ "$status" -ne "${4:-0}" ]; then
        printf 'FAIL: %s (%s)\n  want: %s (exit %s)\n  got:  %s (exit %s)\n' \
            "$2" "$args" "$3" "${4:-0}" "$got" "$status"
        failed=1
    fi
}

expect -- '000/000/000' 0
expect -- '111/000/000' 1                  # row 1
expect -- '100/100/100' 1                  # column 1
expect -- '110/001/001' 2                  # row 1, column 3
expect -- '111/111/111' 3                  # every row (or every column)
expect -- '011/100/100' 2                  # row 1, column 1 (not the other 4)
expect -- '100/000/000' Impossible         # no x, y make a single cell
expect -- 'size=2x4 1001/1001' 2           # columns 1 and 4
expect -- 'size=2x4 1010/0101' 3           # columns 1 and 3, row 2
expect -p -- '111/000/000' "$(printf '1\nrow 1')"
expect -p -- '010/010/010' "$(printf '1\ncol 2')"
expect -f csv -p -- 'id=a 111/111/000' "$(printf '%s\n%s' \
    'source,record,line,id,rule,status,moves,path,message' \
    '<stdin>,1,1,a,flip-rowcol2,solved,2,r1 r2,')"
expect -- '102/000/000' invalid 1          # only 1 and 0 are cells
expect -s 9x9 -- '0/' "gridbfs: -s 9x9: rule 'flip-rowcol2': size: expected \
at most 64 cells" 2

[ "$failed" -eq 0 ] && echo "flip-rowcol2: all cases pass"
exit "$failed"
