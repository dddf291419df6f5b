# Shared setup for every .bats suite: bats-support and bats-assert from
# Debian's packages, and the binaries under test from the environment CTest
# sets (so a suite can also be run by hand against any build).
load '/usr/lib/bats/bats-support/load'
load '/usr/lib/bats/bats-assert/load'

: "${GRIDBFS:?set GRIDBFS to the gridbfs binary (ctest does)}"
: "${GRIDBFS_TEST_BIN:?set GRIDBFS_TEST_BIN to the reference solvers folder}"
: "${GRIDBFS_TEST_PLUGINS:?set GRIDBFS_TEST_PLUGINS to the test plugins folder}"
: "${GRIDBFS_EXAMPLES:=$BATS_TEST_DIRNAME/../examples}"

# Never let the environment of the person running the tests leak in.
unset GRIDBFS_PLUGIN_PATH

gridbfs() { "$GRIDBFS" "$@"; }

# The loader trusts a plugin only when no group or other may write it or a
# folder above it, so the files and folders the suites make are not.
umask 022

# trusted_tmpdir: fail, saying why, unless $BATS_RUN_TMPDIR and every folder
# above it pass the loader's rule for plugins (README, "How rules and
# plugins work": owned by root or the user, writable by neither group nor
# others, but for root's sticky folders such as /tmp), as a suite that
# copies or builds plugins into its temporary folders needs.  ctest sets
# TMPDIR to a folder in the build tree; by hand, set TMPDIR to one like it.
trusted_tmpdir() {
    local d uid mode
    d=$(cd "$BATS_RUN_TMPDIR" && pwd -P) || fail "cannot enter $BATS_RUN_TMPDIR"
    while :; do
        read -r uid mode < <(stat -c '%u %a' "$d")
        # a sticky folder of root's (/tmp) is trusted as a step, as the
        # loader trusts it
        if [[ $uid != 0 && $uid != "$EUID" ]] ||
            { ((8#$mode & 8#022)) && ! [[ $uid == 0 && $((8#$mode & 8#1000)) != 0 ]]; }; then
            fail "$d (owner uid $uid, mode $mode) would make the plugins this suite puts under it untrusted: run it with TMPDIR set to a folder only you can write (ctest sets one in the build tree)"
        fi
        [ "$d" = / ] && break
        d=$(dirname "$d")
    done
}

# The independent reference solvers (tests/ref/*.c), by name.
flipref() { "$GRIDBFS_TEST_BIN/flipref" "$@"; }
flipbig() { "$GRIDBFS_TEST_BIN/flipbig" "$@"; }
swapref() { "$GRIDBFS_TEST_BIN/swapref" "$@"; }
linesref() { "$GRIDBFS_TEST_BIN/linesref" "$@"; }
judgeref() { "$GRIDBFS_TEST_BIN/judgeref" "$@"; }
censusref() { "$GRIDBFS_TEST_BIN/censusref" "$@"; }
showref() { "$GRIDBFS_TEST_BIN/showref" "$@"; }
slideref() { "$GRIDBFS_TEST_BIN/slideref" "$@"; }
klightsref() { "$GRIDBFS_TEST_BIN/klightsref" "$@"; }
coinsref() { "$GRIDBFS_TEST_BIN/coinsref" "$@"; }

# requires TOOL...: the test needs each TOOL, a command name or an absolute
# path (/usr/bin/time is GNU time, not the shell's keyword).  When one is
# missing the test is skipped, saying which; under CI=true, where .ci/run
# installs every tool, it fails instead, so a broken CI image cannot pass
# by skipping.
requires() {
    local tool
    for tool in "$@"; do
        if [[ $tool == /* ]]; then
            [ -x "$tool" ] && continue
        else
            command -v "$tool" >/dev/null && continue
        fi
        if [ "${CI:-}" = true ]; then
            fail "this test requires $tool, which is not installed (CI=true: CI must install it)"
        fi
        skip "requires $tool, which is not installed"
    done
}

# gridbfs_to FILE ARGS...: gridbfs with its standard output in FILE, so
# `run` keeps only standard error (shown when an assertion fails).
gridbfs_to() {
    local out=$1
    shift
    "$GRIDBFS" "$@" >"$out"
}

# same_answers RECORDS EXPECTED ACTUAL: one answer line per record; on a
# difference, show the first records that differ with both answers.
same_answers() {
    local records=$1 want=$2 got=$3
    if cmp -s "$want" "$got"; then
        return 0
    fi
    echo "gridbfs disagrees with the reference: $(wc -l <"$want") answers" \
        "expected, $(wc -l <"$got") lines given; first differences:"
    paste "$records" "$want" "$got" |
        awk -F'\t' '$2 != $3 { print "  " $1 ": expected " $2 ", got " $3
                               if (++n == 10) exit }'
    return 1
}

# add_rule CONFIG NAME PLUGIN [KEY: VALUE...]: append the profile NAME of
# PLUGIN with those parameters to CONFIG, a -c file that starts "rules:".
add_rule() {
    local config=$1 name=$2 plugin=$3
    shift 3
    local fields="plugin: $plugin"
    local kv
    for kv in "$@"; do
        fields+=", $kv"
    done
    printf '  %s: {%s}\n' "$name" "$fields" >>"$config"
}

# jsonl_judge < JSONL: gridbfs -f jsonl output as the judge text a
# reference checks (the count, then with -p one "r c" line per press;
# Impossible, limit or invalid), with no JSON parser: the fields are in
# gridbfs's own order, and a press is [r,c] in the path's array.
jsonl_judge() {
    sed -E 's/.*"status":"([a-z]+)","moves":([0-9]+|null),"path":(\[[^"]*\]|null),"message".*/\1\t\2\t\3/' |
        awk -F'\t' '$1 == "solved" { print $2; p = $3
                              gsub(/null|^\[|\]$/, "", p)
                              n = split(p, m, /\],\[/)
                              for (i = 1; i <= n; i++) {
                                  gsub(/[][]/, "", m[i]); sub(",", " ", m[i])
                                  if (m[i] != "") print m[i] }
                              next }
             $1 == "impossible" { print "Impossible"; next }
             { print $1 }'
}

# klights_boards SEED N K WALK ROWS [COLS]: N boards of 1 to ROWS rows and
# 2 to COLS (default 3) columns of values 0..K-1, in HDU 5755's layout
# into hdu.in and as line records into lines; random values, or with WALK
# 1 the zero board after random presses of 010/121/010 (so solvable).
# Kept small where a search must prove a board impossible: it visits
# every board it reaches (K^cells).
klights_boards() {
    awk -v seed="$1" -v n="$2" -v k="$3" -v walk="$4" -v rows="$5" \
        -v cols="${6:-3}" '
    BEGIN {
        srand(seed)
        print n >"hdu.in"
        for (i = 0; i < n; i++) {
            r = 1 + int(rand() * rows); c = 2 + int(rand() * (cols - 1))
            for (a = 0; a < r; a++) for (b = 0; b < c; b++)
                v[a, b] = walk ? 0 : int(rand() * k)
            for (p = 0; walk && p < 2 * r * c; p++) {
                a = int(rand() * r); b = int(rand() * c)
                v[a, b] = (v[a, b] + 2) % k
                if (a > 0) v[a - 1, b] = (v[a - 1, b] + 1) % k
                if (a < r - 1) v[a + 1, b] = (v[a + 1, b] + 1) % k
                if (b > 0) v[a, b - 1] = (v[a, b - 1] + 1) % k
                if (b < c - 1) v[a, b + 1] = (v[a, b + 1] + 1) % k
            }
            print r, c >"hdu.in"
            line = "size=" r "x" c " "
            for (a = 0; a < r; a++) {
                row = ""
                for (b = 0; b < c; b++) {
                    printf "%s%d", b ? " " : "", v[a, b] >"hdu.in"
                    row = row v[a, b]
                }
                print "" >"hdu.in"
                line = line (a ? "/" : "") row
            }
            print line (r == 1 ? "/" : "") >"lines"
        }
    }'
}
