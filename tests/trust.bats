#!/usr/bin/env bats
# The README's "How rules and plugins work", what is trusted: a plugin
# file and every folder above it, up to /, owned by root or the effective
# user and writable by neither group nor others (OpenSSH's StrictModes);
# a symlink judged where it leads; a relative GRIDBFS_PLUGIN_PATH entry
# refused.  Each refusal is one line naming the path at fault and why.
# The tree a test spoils is its own, under $BATS_TEST_TMPDIR, which ctest
# puts in the build tree (/tmp would spoil every test: it is 1777).
bats_require_minimum_version 1.5.0
load test_helper/common

: "${GRIDBFS_PLUGIN_DIR:?set GRIDBFS_PLUGIN_DIR to the installed plugins folder (ctest does)}"

S1='bwwb/bbwb/bwwb/bwww' # poj1753 / flip-neighbors: 4 moves (POJ 1753 sample)

setup() {
    trusted_tmpdir
    cd "$BATS_TEST_TMPDIR" || return 1
    T=$(pwd -P)
    TP=$(cd "$GRIDBFS_TEST_PLUGINS" && pwd -P)
    PD=$(cd "$GRIDBFS_PLUGIN_DIR" && pwd -P)
    # the plugin of the default rule, two folders down: $TOP/mid/dir
    TOP=$T/top DIR=$T/top/mid/dir
    mkdir -p "$DIR"
    cp "$PD/flip-neighbors.so" "$DIR/"
    chmod 755 "$TOP" "$TOP/mid" "$DIR"
    chmod 644 "$DIR/flip-neighbors.so"
    FILE=$DIR/flip-neighbors.so
}

# q TEXT: TEXT with the regex metacharacters escaped, for assert_regex.
q() {
    printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'
}

# refused WHY ARGS...: `gridbfs ARGS...` on a solvable puzzle exits 2
# without answering it, and says one line per built-in profile of
# flip-neighbors, the default rule's first: the plugin, then WHY (a regex)
# up to the end of the line.
refused() {
    local why=$1 line
    shift
    run -2 --separate-stderr gridbfs "$@" <<<"$S1"
    assert_output ''
    assert_regex "${stderr_lines[0]}" "^gridbfs: [^ ]*: rule 'poj1753': plugin 'flip-neighbors': $why\$"
    for line in "${stderr_lines[@]}"; do
        assert_regex "$line" "^gridbfs: [^ ]*: rule '[a-z0-9]+': plugin 'flip-neighbors': $why\$"
    done
}

# loads ARGS...: `gridbfs ARGS...` answers the puzzle, silently.
loads() {
    run -0 --separate-stderr gridbfs "$@" <<<"$S1"
    assert_output '4'
    assert_equal "$stderr" ''
}

# as_root: chown needs root (the suites run as root in CI).
as_root() {
    [ "$EUID" -eq 0 ] || skip "chown to another user needs root"
}

@test "a tidy tree loads, by -P, GRIDBFS_PLUGIN_PATH and a symlink" {
    loads -P "$DIR"
    GRIDBFS_PLUGIN_PATH=$DIR loads
    mkdir link
    ln -s "$FILE" link/flip-neighbors.so
    loads -P link
    # and that copy is the one loaded
    run -0 --separate-stderr gridbfs -P "$DIR" --list-rules
    assert_output --partial "file $FILE, ABI 2."
}

@test "a plugin file owned by another user is refused, naming it, its uid and name" {
    as_root
    chown nobody "$FILE"
    refused "$(q "$FILE") is owned by uid $(id -u nobody) \(nobody\), neither root nor the effective user: not trusted" -P "$DIR"
    # a uid no user has is shown by number
    chown 4242 "$FILE"
    getent passwd 4242 >/dev/null && skip "uid 4242 has a name here"
    refused "$(q "$FILE") is owned by uid 4242, neither root nor the effective user: not trusted" -P "$DIR"
}

@test "a folder two levels above owned by another user is refused, naming it" {
    as_root
    chown nobody "$TOP"
    refused "$(q "$TOP") is owned by uid $(id -u nobody) \(nobody\), neither root nor the effective user: not trusted" -P "$DIR"
    GRIDBFS_PLUGIN_PATH=$DIR refused "$(q "$TOP") is owned by uid $(id -u nobody) .*"
    # the group is not the question: root's file in nobody's group is fine
    chown root:"$(id -g nobody)" "$TOP" "$FILE"
    loads -P "$DIR"
}

@test "a folder two levels above that anyone can write is refused, naming it and its mode" {
    chmod 777 "$TOP"
    refused "$(q "$TOP") is writable by group and others \(mode 0777\): not trusted" -P "$DIR"
    chmod 757 "$TOP"
    refused "$(q "$TOP") is writable by others \(mode 0757\): not trusted" -P "$DIR"
    chmod 755 "$TOP"
    loads -P "$DIR"
}

@test "a sticky folder of root's (as /tmp) above a plugin is trusted; anyone else's is not" {
    chmod 1777 "$TOP"
    if [ "$EUID" -ne 0 ]; then
        # the user's own sticky folder is not root's: refused
        refused "$(q "$TOP") is writable by group and others \(mode 1777\): not trusted" -P "$DIR"
        skip "chown to root needs root"
    fi
    loads -P "$DIR"
    chown nobody "$TOP"
    refused "$(q "$TOP") is owned by uid [0-9]+ \(nobody\), neither root nor the effective user: not trusted" -P "$DIR"
    chown root "$TOP"
    chmod 0777 "$TOP" # not sticky: anyone may rename what is below
    refused "$(q "$TOP") is writable by group and others \(mode 0777\): not trusted" -P "$DIR"
}

@test "a group-writable plugin file or folder is refused, naming it and its mode" {
    chmod g+w "$FILE"
    refused "$(q "$FILE") is writable by group \(mode 0664\): not trusted" -P "$DIR"
    chmod g-w "$FILE"
    chmod g+w "$DIR"
    refused "$(q "$DIR") is writable by group \(mode 0775\): not trusted" -P "$DIR"
    chmod g-w "$DIR"
    chmod g+w "$TOP/mid"
    refused "$(q "$TOP/mid") is writable by group \(mode 0775\): not trusted" -P "$DIR"
}

@test "a symlink is judged where it leads, not where it sits" {
    # a tidy folder linking into a loose tree: refused, naming the target's
    mkdir tidy
    ln -s "$FILE" tidy/flip-neighbors.so
    chmod 777 "$TOP/mid"
    refused "$(q "$TOP/mid") is writable by group and others \(mode 0777\): not trusted" -P tidy
    chmod 755 "$TOP/mid"
    # a loose folder linking into a tidy tree: its link is not what loads
    mkdir loose
    ln -s "$FILE" loose/flip-neighbors.so
    chmod 777 loose
    loads -P loose
    # a folder of the path given that is a symlink into a loose tree
    chmod 777 "$TOP"
    ln -s "$DIR" dirlink
    refused "$(q "$TOP") is writable by group and others \(mode 0777\): not trusted" -P "$T/dirlink"
}

@test "a relative GRIDBFS_PLUGIN_PATH entry is refused, saying so; the absolute ones after it are used" {
    # ./plugins holds a flip-neighbors that is really broken-name: were
    # the entry taken, the default rule would say 'calls itself'
    mkdir plugins
    ln -s "$TP/broken-name.so" plugins/flip-neighbors.so
    local said="gridbfs: GRIDBFS_PLUGIN_PATH: relative entry 'plugins' refused (entries must be absolute folders)"
    run -0 --separate-stderr env GRIDBFS_PLUGIN_PATH=plugins "$GRIDBFS" <<<"$S1"
    assert_output '4'
    assert_equal "$stderr" "$said"
    # an absolute entry after it is searched: old-abi is only in $TP
    run -0 --separate-stderr env GRIDBFS_PLUGIN_PATH="plugins:$TP" "$GRIDBFS" -r old-abi <<<'size=2x3 101/011'
    assert_output '4'
    assert_equal "$stderr" "$said"
    # each relative entry is named, once, in order; empty ones are skipped
    run -0 --separate-stderr env GRIDBFS_PLUGIN_PATH="./plugins::$TP:../x:plugins/" "$GRIDBFS" -r old-abi <<<'size=2x3 101/011'
    assert_output '4'
    [ "${#stderr_lines[@]}" -eq 3 ] || fail "expected three lines: $stderr"
    assert_equal "${stderr_lines[0]}" "gridbfs: GRIDBFS_PLUGIN_PATH: relative entry './plugins' refused (entries must be absolute folders)"
    assert_equal "${stderr_lines[1]}" "gridbfs: GRIDBFS_PLUGIN_PATH: relative entry '../x' refused (entries must be absolute folders)"
    assert_equal "${stderr_lines[2]}" "gridbfs: GRIDBFS_PLUGIN_PATH: relative entry 'plugins/' refused (entries must be absolute folders)"
    # and the folders searched do not include it
    printf 'rules:\n  mine:\n    plugin: nope\n' >c.yaml
    run -2 --separate-stderr env GRIDBFS_PLUGIN_PATH="plugins:$T/top" "$GRIDBFS" -c c.yaml -r mine <<<"$S1"
    assert_equal "${stderr_lines[0]}" "$said"
    assert_regex "${stderr_lines[1]}" "plugin 'nope' not found \(searched: $(q "$T/top"), [^,]*\)\$"
}

@test "-P and the config's plugin_dirs may still be relative" {
    cd "$TOP/mid"
    loads -P dir
    printf 'plugin_dirs: [mid/dir]\n' >"$TOP/c.yaml"
    cd /
    loads -c "$TOP/c.yaml"
    run -0 --separate-stderr gridbfs -c "$TOP/c.yaml" --list-rules
    assert_output --partial "file $FILE, ABI 2."
}
