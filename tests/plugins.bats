#!/usr/bin/env bats
# The README's "How rules and plugins work": finding and
# loading rule plugins, end to end through the binary.  The deliberately
# broken plugins of tests/plugins/*.c are built into $GRIDBFS_TEST_PLUGINS;
# the real ones are in $GRIDBFS_PLUGIN_DIR, the build tree's installed
# folder.  A plugin that cannot be used is an error before a single record
# is read (exit 2, nothing on stdout) when the run itself needs it, and one
# invalid record (exit 1) when only an input record names it.
bats_require_minimum_version 1.5.0
load test_helper/common

: "${GRIDBFS_PLUGIN_DIR:?set GRIDBFS_PLUGIN_DIR to the installed plugins folder (ctest does)}"

S1='bwwb/bbwb/bwwb/bwww' # poj1753 / flip-neighbors: 4 moves (POJ 1753 sample)

setup() {
    trusted_tmpdir # plugins are copied into $BATS_TEST_TMPDIR
    cd "$BATS_TEST_TMPDIR" || return 1
    # Physical paths: the loader resolves every plugin file with realpath().
    T=$(pwd -P)
    TP=$(cd "$GRIDBFS_TEST_PLUGINS" && pwd -P)
    PD=$(cd "$GRIDBFS_PLUGIN_DIR" && pwd -P)
}

# q TEXT: TEXT with the regex metacharacters escaped, for assert_regex.
q() {
    printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'
}

# gridbfs_path LIST ARGS...: gridbfs with GRIDBFS_PLUGIN_PATH=LIST.
gridbfs_path() {
    GRIDBFS_PLUGIN_PATH=$1 "$GRIDBFS" "${@:2}"
}

# bare_refused NAME REGEX: with a solvable puzzle waiting on stdin,
# `gridbfs -r NAME -P $GRIDBFS_TEST_PLUGINS` exits 2 without answering it
# (stdout stays empty: no record was read) and says exactly one line naming
# the plugin, in which REGEX (the reason) matches.
bare_refused() {
    run -2 --separate-stderr gridbfs -r "$1" -P "$GRIDBFS_TEST_PLUGINS" <<<"$S1"
    assert_output ''
    [ "${#stderr_lines[@]}" -eq 1 ] || fail "expected one line on stderr: $stderr"
    assert_regex "$stderr" "^gridbfs: .*'$1'"
    assert_regex "$stderr" "$2"
}

# make_iso: a copy of gridbfs and its built-in configuration in a tree of
# its own under $T/iso, whose installed plugin folder ($ISO_BUILTIN) is
# empty, so the only plugins it finds are those a test points it to.
# Sets ISO to the copy.
make_iso() {
    local bindir rel
    bindir=$(cd "$(dirname "$GRIDBFS")" && pwd -P)
    rel=$(realpath -m --relative-to="$bindir" "$GRIDBFS_PLUGIN_DIR")
    [ -f "$bindir/../share/gridbfs/gridbfs.yaml" ] ||
        skip "no built-in configuration at $bindir/../share/gridbfs"
    mkdir -p iso/bin iso/share/gridbfs "iso/bin/$rel"
    cp "$GRIDBFS" iso/bin/gridbfs
    cp "$bindir/../share/gridbfs/gridbfs.yaml" iso/share/gridbfs/
    ISO=$T/iso/bin/gridbfs
    ISO_BUILTIN=$(realpath "iso/bin/$rel")
    [ -z "$(ls -A "$ISO_BUILTIN")" ]
}

# searched_last: the last folder of the "(searched: ...)" list on the first
# line of $stderr, resolved, so a test need not pin how the installed
# folder is spelt.
searched_last() {
    local last=${stderr_lines[0]}
    last=${last##*\(searched: }
    last=${last##*, }
    realpath "${last%)}"
}

# ---- each broken test plugin, named with -r: exit 2 and why -------------
# (the message may be worded "rule 'X': plugin 'X': ..." or without the
# rule; what a user relies on is the plugin's name and the reason)

@test "-r broken-nosym: a library without gridbfs_plugin_abi1 is refused, exit 2" {
    bare_refused broken-nosym "plugin 'broken-nosym': $(q "$TP/broken-nosym.so") has no entry point gridbfs_plugin_abi2 or gridbfs_plugin_abi1"
}

@test "-r broken-abi3: a plugin with only gridbfs_plugin_abi3 is refused naming the ABIs, exit 2" {
    bare_refused broken-abi3 "plugin 'broken-abi3': $(q "$TP/broken-abi3.so") exports gridbfs_plugin_abi3: built for plugin ABI 3; this gridbfs speaks ABI 1 and 2\$"
}

@test "-r broken-null: an entry point that returns NULL is refused, exit 2" {
    bare_refused broken-null "plugin 'broken-null': entry point of $(q "$TP/broken-null.so") returned no table"
}

@test "-r broken-abi: a plugin built for ABI 2.0 is refused by version, exit 2" {
    bare_refused broken-abi "plugin 'broken-abi': built for ABI 2\.0, but exports ABI 1's entry point gridbfs_plugin_abi1\$"
}

@test "-r broken-small: a table shorter than ABI 1.0's is refused, exit 2" {
    bare_refused broken-small "plugin 'broken-small': operation table too small for ABI 1\.0 \(16 bytes, need at least [0-9]+; this gridbfs speaks ABI 1\.[0-9]+\)"
}

@test "-r broken-nullop: a table with a NULL operation is refused, exit 2" {
    bare_refused broken-nullop "plugin 'broken-nullop': operation table has no 'expand'"
}

@test "-r broken-name: a table named unlike its file is refused, exit 2" {
    bare_refused broken-name "plugin 'broken-name': $(q "$TP/broken-name.so") calls itself 'someone-else'"
}

@test "-r broken-params: parameters the plugin refuses are an error, exit 2" {
    bare_refused broken-params "rule 'broken-params': always refuses 'size'\$"
}

@test "the same reasons reach a profile's plugin, at the profile in the config" {
    local p want
    declare -A why=(
        [nosym]="$(q "$TP/broken-nosym.so") has no entry point gridbfs_plugin_abi2 or gridbfs_plugin_abi1 "
        [abi3]="$(q "$TP/broken-abi3.so") exports gridbfs_plugin_abi3: built for plugin ABI 3; this gridbfs speaks ABI 1 and 2\$"
        [null]="entry point of $(q "$TP/broken-null.so") returned no table"
        [abi]="built for ABI 2\.0, but exports ABI 1's entry point gridbfs_plugin_abi1\$"
        [small]="operation table too small for ABI 1\.0 \(16 bytes, need at least [0-9]+; this gridbfs speaks ABI 1\.[0-9]+\)"
        [nullop]="operation table has no 'expand'"
        [name]="$(q "$TP/broken-name.so") calls itself 'someone-else'"
    )
    for p in "${!why[@]}"; do
        printf 'rules:\n  bad:\n    plugin: broken-%s\n' "$p" >c.yaml
        want="^gridbfs: c\.yaml:2:3: rule 'bad': plugin 'broken-$p': ${why[$p]}"
        run -2 --separate-stderr gridbfs -c c.yaml -r bad -P "$GRIDBFS_TEST_PLUGINS" <<<"$S1"
        assert_output ''
        assert_regex "$stderr" "$want"
        # refused even when the run does not use the profile
        run -2 --separate-stderr gridbfs -c c.yaml -P "$GRIDBFS_TEST_PLUGINS" <<<"$S1"
        assert_output ''
        assert_regex "$stderr" "$want"
    done
}

# ---- files that are not plugins ------------------------------------------

@test "a file named NAME.so that is not a library: dlopen's reason, exit 2" {
    mkdir j
    for _ in 1 2 3 4 5; do echo 'this is a text file, not a shared library'; done >j/junk.so
    # -P j is relative: it is taken from the current folder, shown absolute
    run -2 --separate-stderr gridbfs -r junk -P j <<<"$S1"
    assert_output ''
    # the reason is dlopen's, without the path it repeats
    assert_regex "$stderr" "plugin 'junk': cannot load $(q "$T/j/junk.so"): [^/]+\$"
}

@test "a plugin cut short (a copy that stopped half-way) is refused, not a SIGBUS in dlopen" {
    # dlopen maps a truncated ELF file and dies on the first page past its
    # end; the loader must say so first, one line, exit 2.
    size=$(stat -c %s "$PD/flip-neighbors.so")
    for n in 3000 $((size / 2)); do
        rm -rf t && mkdir t
        head -c "$n" "$PD/flip-neighbors.so" >t/cut.so
        run -2 --separate-stderr gridbfs -r cut -P t <<<"$S1"
        assert_output ''
        assert_regex "$stderr" "^gridbfs: plugin 'cut': cannot load $(q "$T/t/cut.so"): file truncated \($n bytes, its headers and segments need [0-9]+\)\$"
        [ "$(wc -l <<<"$stderr")" -eq 1 ]
    done
}

@test "a folder named NAME.so is not a regular file, exit 2" {
    mkdir -p d/x.so
    run -2 --separate-stderr gridbfs -r x -P "$T/d" <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "plugin 'x': $(q "$T/d/x.so") is not a regular file\$"
}

@test "a symlink to a plugin in another folder is followed and works" {
    mkdir s
    ln -s "$PD/flip-neighbors.so" s/flip-neighbors.so
    run -0 --separate-stderr gridbfs -r flip-neighbors -P s <<<"$S1"
    assert_output '4'
    [ -z "$stderr" ]
    # and it is the link that was used: a gridbfs whose installed folder is
    # empty finds flip-neighbors only through it, and names the real file
    make_iso
    ln -s "$PD/swap-adjacent.so" s/swap-adjacent.so
    ln -s "$PD/flip-lines.so" s/flip-lines.so
    ln -s "$PD/slide.so" s/slide.so
    run -0 --separate-stderr "$ISO" -r flip-neighbors -P s <<<"$S1"
    assert_output '4'
    run -0 --separate-stderr "$ISO" -P s --list-rules
    assert_output --partial "file $PD/flip-neighbors.so, ABI 2."
    run -2 --separate-stderr "$ISO" -r flip-neighbors <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "plugin 'flip-neighbors' not found"
}

# ---- names -----------------------------------------------------------------

@test "names with '/', '..', upper case or a suffix are refused as invalid plugin names" {
    mkdir -p p/sub
    ln -s "$PD/flip-neighbors.so" p/sub/flip-neighbors.so
    ln -s "$PD/flip-neighbors.so" p/Flip-Neighbors.so
    for name in sub/flip-neighbors ../p/flip-neighbors .. Flip-Neighbors flip-neighbors.so 'flip neighbors'; do
        run -2 --separate-stderr gridbfs -r "$name" -P p <<<"$S1"
        assert_output ''
        assert_regex "$stderr" "invalid plugin name '$(q "$name")'"
    done
}

@test "an invalid plugin name never touches the filesystem" {
    requires strace
    strace -f -o /dev/null true 2>/dev/null || skip "strace cannot trace here"
    mkdir -p p/probe-sub
    local name
    for name in probe-sub/x ../probe-up Probe-Upper probe-dot.so 'probe space'; do
        # LeakSanitizer cannot run under ptrace: leaks are checked elsewhere
        ASAN_OPTIONS=detect_leaks=0 run -2 strace -f -e trace=%file -o trace.txt "$GRIDBFS" -r "$name" -P p </dev/null
        # the only mention of the name is in gridbfs's own command line
        run -1 grep -iF probe <(grep -v 'execve(' trace.txt)
    done
    # while a valid name is looked for, so the trace would show a lookup
    ASAN_OPTIONS=detect_leaks=0 run -2 strace -f -e trace=%file -o trace.txt "$GRIDBFS" -r probe-ok -P p </dev/null
    run -0 grep -F "$T/p/probe-ok.so" trace.txt
}

@test "a plugin name from an input record is shown printable" {
    run -1 --separate-stderr gridbfs < <(printf 'rule=\033[31mred\001 %s\n' "$S1")
    assert_output 'invalid'
    [[ $stderr != *$'\033'* && $stderr != *$'\001'* ]] || fail "control bytes in: $(od -c <<<"$stderr")"
}

# ---- where plugins are searched ------------------------------------------

@test "the current folder is never searched, not even through an empty path entry" {
    mkdir here
    for _ in 1 2 3 4 5; do echo 'junk, not a plugin'; done >here/flip-neighbors.so
    cd here
    # the real plugin is found in the installed folder; the junk is ignored
    run -0 --separate-stderr gridbfs <<<"$S1"
    assert_output '4'
    run -0 --separate-stderr gridbfs -r flip-neighbors <<<"$S1"
    assert_output '4'
    for list in : :: ':/nonexistent:'; do
        run -0 --separate-stderr gridbfs_path "$list" <<<"$S1"
        assert_output '4'
    done
    # where the installed folder has nothing, real plugins in the current
    # folder are still not found, and the folders searched are listed
    cd "$T"
    make_iso
    mkdir there
    ln -s "$PD/flip-neighbors.so" there/flip-neighbors.so
    ln -s "$PD/swap-adjacent.so" there/swap-adjacent.so
    cd there
    run -2 --separate-stderr "$ISO" <<<"$S1"
    assert_output ''
    assert_regex "${stderr_lines[0]}" "rule 'poj1753': plugin 'flip-neighbors' not found \(searched: [^,]*\)\$"
    [ "$(searched_last)" = "$ISO_BUILTIN" ]
    run -2 --separate-stderr env GRIDBFS_PLUGIN_PATH=:: "$ISO" <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "plugin 'flip-neighbors' not found \(searched: [^,]*\)"
}

@test "search order: -P, then the config's plugin_dirs, then GRIDBFS_PLUGIN_PATH, then the installed folder" {
    # flip-neighbors.so here is really broken-name, which calls itself
    # 'someone-else': hearing that proves this folder was searched first,
    # and that an unusable file is an error, never skipped for a later one
    mkdir shadow
    ln -s "$TP/broken-name.so" shadow/flip-neighbors.so
    local err="rule 'poj1753': plugin 'flip-neighbors': $(q "$TP/broken-name.so") calls itself 'someone-else'"

    # GRIDBFS_PLUGIN_PATH beats the installed folder
    run -2 --separate-stderr gridbfs_path "$T/shadow" <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "$err"
    # -P beats the installed folder
    run -2 --separate-stderr gridbfs -P shadow <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "$err"
    # -P beats GRIDBFS_PLUGIN_PATH
    run -0 --separate-stderr gridbfs_path "$T/shadow" -P "$GRIDBFS_PLUGIN_DIR" <<<"$S1"
    assert_output '4'
    # the config's plugin_dirs beat GRIDBFS_PLUGIN_PATH ...
    printf 'plugin_dirs: [shadow]\n' >c.yaml
    run -2 --separate-stderr gridbfs_path "$GRIDBFS_PLUGIN_DIR" -c c.yaml <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "$err"
    # ... and -P beats the config's plugin_dirs
    run -0 --separate-stderr gridbfs -c c.yaml -P "$GRIDBFS_PLUGIN_DIR" <<<"$S1"
    assert_output '4'
    # the first of several -P wins
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_PLUGIN_DIR" -P shadow <<<"$S1"
    assert_output '4'
    run -2 --separate-stderr gridbfs -P shadow -P "$GRIDBFS_PLUGIN_DIR" <<<"$S1"
    assert_regex "$stderr" "$err"
}

@test "GRIDBFS_PLUGIN_PATH: several folders, first wins, empty parts skipped" {
    mkdir empty shadow
    ln -s "$TP/broken-name.so" shadow/flip-neighbors.so
    # searched past an empty folder and empty parts
    run -2 --separate-stderr gridbfs_path ":$T/empty::$T/shadow:" <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "calls itself 'someone-else'"
    # an earlier folder holding the plugin wins over a later one
    run -0 --separate-stderr gridbfs_path "::$T/empty:$GRIDBFS_PLUGIN_DIR::$T/shadow" <<<"$S1"
    assert_output '4'
    # a folder that does not exist is passed over
    run -2 --separate-stderr gridbfs_path "/nonexistent/x:$T/shadow" <<<"$S1"
    assert_regex "$stderr" "calls itself 'someone-else'"
}

@test "not found lists every folder searched, in order, each once" {
    mkdir a b c cfgdir
    printf 'plugin_dirs: [cfgdir]\nrules:\n  mine:\n    plugin: nope\n' >c.yaml
    run -2 --separate-stderr gridbfs_path "$T/b::$T/a:$T/c/:" -c c.yaml -P "$T/a" -P a/ -r mine <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "^gridbfs: c\.yaml:3:3: rule 'mine': plugin 'nope' not found \(searched: $(q "$T/a, $T/cfgdir, $T/b, $T/c, ")[^,]*\)\$"
    [ "$(searched_last)" = "$PD" ]
}


# ---- plugins named by input records --------------------------------------

@test "a record naming a broken plugin is one invalid record; the others are answered" {
    printf 'id=a %s\nid=b rule=broken-nosym %s\nid=c %s\n' "$S1" "$S1" "$S1" >in
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" in
    assert_output $'4\ninvalid\n4'
    [ "${#stderr_lines[@]}" -eq 1 ] || fail "expected one message: $stderr"
    assert_regex "$stderr" "^gridbfs: in:2: .*'broken-nosym'"
    run -1 --separate-stderr gridbfs -f csv -P "$GRIDBFS_TEST_PLUGINS" in
    assert_line --index 1 --partial 'in,1,1,a,poj1753,solved,4,,'
    assert_line --index 2 --partial 'in,2,2,b,broken-nosym,invalid,,,'
    assert_line --index 3 --partial 'in,3,3,c,poj1753,solved,4,,'
}

@test "a record naming a broken plugin says why it cannot be used" {
    printf 'id=a %s\nid=b rule=broken-nosym %s\nid=c %s\nrule=broken-abi %s\n' "$S1" "$S1" "$S1" "$S1" >in
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" in
    assert_output $'4\ninvalid\n4\ninvalid'
    [ "${#stderr_lines[@]}" -eq 2 ] || fail "expected two messages: $stderr"
    assert_regex "${stderr_lines[0]}" "^gridbfs: in:2: .*$(q "$TP/broken-nosym.so") has no entry point gridbfs_plugin_abi2 or gridbfs_plugin_abi1"
    assert_regex "${stderr_lines[1]}" "^gridbfs: in:4: .*built for ABI 2\.0"
}

@test "a plugin whose moves leave the board: the record is invalid, never a crash" {
    # broken-moves: cells b (1) and w (0), 4x4 only, one goal (all w); its
    # move 0 sets a bit off the board, so only a board already at the goal
    # is answered (0 moves)
    run -1 --separate-stderr gridbfs -r broken-moves -P "$GRIDBFS_TEST_PLUGINS" <<<"$S1"
    assert_output 'invalid'
    assert_regex "$stderr" "^gridbfs: <stdin>:1: plugin 'broken-moves' broke its contract: .*off the board"
    local goal='wwww/wwww/wwww/wwww'
    printf '%s\n%s\n%s\n' "$S1" "$goal" 'bwww/wwww/wwww/wwww' >in
    run -1 --separate-stderr gridbfs -r broken-moves -P "$GRIDBFS_TEST_PLUGINS" -f csv in
    assert_line --index 1 --partial ',broken-moves,invalid,,,'
    assert_line --index 1 --partial "plugin 'broken-moves' broke its contract"
    assert_line --index 2 --partial ',broken-moves,solved,0,'
    assert_line --index 3 --partial ',broken-moves,invalid,,,'
    # and named per record, among good ones, on many threads
    for i in $(seq 200); do
        echo "rule=broken-moves $S1"
        echo "$S1"
        echo "rule=broken-moves $goal"
    done >many
    run -1 --separate-stderr gridbfs -j 4 -P "$GRIDBFS_TEST_PLUGINS" many
    [ "${#lines[@]}" -eq 600 ]
    [ "$(grep -c '^invalid$' <<<"$output")" -eq 200 ]
    [ "$(grep -c '^4$' <<<"$output")" -eq 200 ]
    [ "$(grep -c '^0$' <<<"$output")" -eq 200 ]
    [ "$(grep -c "plugin 'broken-moves' broke its contract" <<<"$stderr")" -eq 200 ]
}

# ---- --list-rules ------------------------------------------------------------

@test "--list-rules lists the broken plugins with their errors and exits 0" {
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" --list-rules </dev/null
    assert_line --regexp "^  broken-nosym +\(cannot load: plugin 'broken-nosym': $(q "$TP/broken-nosym.so") has no entry point gridbfs_plugin_abi2 or gridbfs_plugin_abi1 "
    assert_line --regexp "^  broken-null +\(cannot load: .*returned no table\)\$"
    assert_line --regexp "^  broken-abi3 +\(cannot load: .*built for plugin ABI 3; this gridbfs speaks ABI 1 and 2\)\$"
    assert_line --regexp "^  broken-abi +\(cannot load: .*built for ABI 2\.0, but exports ABI 1's entry point gridbfs_plugin_abi1\)\$"
    assert_line --regexp "^  broken-small +\(cannot load: .*operation table too small"
    assert_line --regexp "^  broken-nullop +\(cannot load: .*has no 'expand'\)\$"
    assert_line --regexp "^  broken-name +\(cannot load: .*calls itself 'someone-else'\)\$"
    # the ones that load are listed with their file and parameters ...
    assert_line --regexp "^  broken-params +refuses every parameter set"
    assert_line --regexp "^ +file $(q "$TP/broken-moves.so"), ABI 1\.[0-9]+\$"
    # ... and so are the installed plugins, after them
    assert_line --regexp "^ +file $(q "$PD/flip-neighbors.so"), ABI 2\.[0-9]+\$"
    assert_line --regexp "^  swap-adjacent +"
    [ -z "$stderr" ]
}

@test "--list-rules: a folder named with a line break stays on its line; -f jsonl gives an unloadable plugin every key" {
    local d=$'nl\ndir'
    mkdir -p "$d/ok"
    for _ in 1 2 3 4 5; do echo 'junk, not a plugin'; done >"$d/junk.so"
    cp "$PD/swap-adjacent.so" "$d/ok/"
    run -0 --separate-stderr gridbfs -P "$d" -P "$d/ok" --list-rules </dev/null
    # the line break is shown as '?', as messages show it
    assert_line --regexp "^  junk +\(cannot load: plugin 'junk': cannot load $(q "$T/nl?dir/junk.so"): [^/]+\)\$"
    assert_line --regexp "^ +file $(q "$T/nl?dir/ok/swap-adjacent.so"), ABI 1\.[0-9]+\$"
    refute_line --regexp '^dir/'
    # JSON Lines: the plugin that does not load has the keys of one that
    # does, null but its error (the line break escaped, as JSON has it)
    run -0 --separate-stderr gridbfs -P "$d" --list-rules -f jsonl </dev/null
    assert_line --regexp "^\{\"kind\":\"plugin\",\"name\":\"junk\",\"summary\":null,\"file\":null,\"abi\":null,\"params\":null,\"error\":\"plugin 'junk': cannot load $(q "$T/nl")\\\\u000adir/junk\\.so: [^/\"]+\"\}\$"
    assert_line --regexp '^\{"kind":"plugin","name":"swap-adjacent","summary":"[^"]+","file":"[^"]+","abi":"1\.[0-9]+","params":\[.*\],"error":null\}$'
}

@test "--list-rules shows the copy -r would load, and files that are not plugins" {
    mkdir -p shadow/dir.so
    ln -s "$TP/broken-name.so" shadow/flip-neighbors.so
    for _ in 1 2 3 4 5; do echo 'junk, not a plugin'; done >shadow/junk.so
    cp shadow/junk.so shadow/Upper.so
    run -0 --separate-stderr gridbfs -P shadow --list-rules </dev/null
    # the shadowing copy, once, not the installed one
    assert_line --regexp "^  flip-neighbors +\(cannot load: .*calls itself 'someone-else'\)\$"
    [ "$(grep -c '^  flip-neighbors ' <<<"$output")" -eq 1 ]
    refute_output --partial "file $PD/flip-neighbors.so"
    assert_line --regexp "^  junk +\(cannot load: plugin 'junk': cannot load $(q "$T/shadow/junk.so"): "
    assert_line --regexp "^  dir +\(cannot load: .*is not a regular file\)\$"
    # a file whose name is not a plugin name is not one
    refute_output --partial 'Upper'
}

@test "a plugin file or folder writable by group or others is refused, with the path" {
    # (the whole rule, folders above and owners, is tests/trust.bats's)
    local d="$T/loose"
    mkdir -p "$d" "$T/tidy"
    chmod 755 "$d" "$T/tidy"
    cp "$GRIDBFS_PLUGIN_DIR/flip-neighbors.so" "$d/"
    chmod 755 "$d/flip-neighbors.so"
    run -0 --separate-stderr gridbfs -P "$d" <<<"$S1"
    assert_output '4'
    chmod g+w "$d/flip-neighbors.so"
    run -2 --separate-stderr gridbfs -P "$d" <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "$(q "$d/flip-neighbors.so") is writable by group \(mode 0775\): not trusted"
    chmod g-w "$d/flip-neighbors.so"
    chmod o+w "$d"
    run -2 --separate-stderr gridbfs -P "$d" <<<"$S1"
    assert_regex "$stderr" "$(q "$d") is writable by others \(mode 0757\): not trusted"
    # a symlink from a tidy folder is followed and its target checked
    ln -s "$d/flip-neighbors.so" "$T/tidy/flip-neighbors.so"
    run -2 --separate-stderr gridbfs -P "$T/tidy" <<<"$S1"
    assert_regex "$stderr" "$(q "$d") is writable by others"
    chmod o-w "$d"
    run -0 --separate-stderr gridbfs -P "$T/tidy" <<<"$S1"
    assert_output '4'
}

@test "ABI evolution: a plugin built for ABI 1.0 (a shorter table) still loads and works" {
    # old-abi.c's table stops at move_text; a field past its size is poisoned
    # (abort), so reading it would crash: the core must take it as absent.
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r old-abi <<<"size=2x3 101/011"
    assert_output '4' # one toggle per 1-cell, by hand
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" --list-rules
    assert_output --regexp 'old-abi.*'
    assert_output --regexp 'ABI 1\.0'
}

@test "ABI evolution: a plugin of a later minor ABI with a longer table loads" {
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r future-abi -p <<<"size=1x4 1001/"
    assert_output $'2\n1\n4'
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" --list-rules
    assert_output --regexp 'ABI 1\.9'
}

@test "a plugin whose cell characters would frame records is refused, naming it" {
    # broken-cells takes its 'cells' as given; the core checks them when it
    # checks the configuration, before any record
    local -a cells=('/1' '1=' 'a a' 'aa' '')
    local -a field=("one to '/'" "zero to '='" 'zero to 0x20' \
        "one and zero both to 'a'" 'one to 0x00')
    local n want not_cell=", not a cell character (printable, not blank, '/' or '=')"
    for n in "${!cells[@]}"; do
        printf 'rules:\n  c: {plugin: broken-cells, cells: "%s"}\n' "${cells[n]}" >c.yaml
        run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c <<<'size=1x2 ab/'
        assert_output ''
        want="gridbfs: c.yaml:2:3: rule 'c': plugin 'broken-cells' broke its contract: create() set ${field[n]}"
        [[ ${field[n]} == one\ and* ]] || want+=$not_cell
        assert_equal "$stderr" "$want"
    done
    printf 'rules:\n  c: {plugin: broken-cells, cells: "xo"}\n' >"$BATS_TEST_TMPDIR/c.yaml"
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c "$BATS_TEST_TMPDIR/c.yaml" -r c <<<'xo/'
    assert_output 1
    # '#' is a cell like any other, and then starts no comment
    printf 'rules:\n  c: {plugin: broken-cells, cells: "#o"}\n' >"$BATS_TEST_TMPDIR/c.yaml"
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c "$BATS_TEST_TMPDIR/c.yaml" -r c <<<$'#o\no#'
    assert_output $'1\n1'
}

@test "create() with boards or moves no rule can have is refused, naming the field" {
    local bad want
    for bad in 'boards: "0"=boards to 0 (expected 1 or 2)' 'boards: "3"=boards to 3 (expected 1 or 2)' \
        'moves: "4097"=moves to 4097 (expected 0 to 4096)'; do
        want=${bad#*=}
        printf 'rules:\n  c: {plugin: broken-cells, %s}\n' "${bad%%=*}" >c.yaml
        run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c </dev/null
        assert_output ''
        assert_equal "$stderr" "gridbfs: c.yaml:2:3: rule 'c': plugin 'broken-cells' broke its contract: create() set $want"
    done
}

@test "a plugin's documented default size is used when nothing else gives one" {
    # typed-size documents 1x3 and reads its size from rule->rows/cols
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r typed-size <<<'101/'
    assert_output 2
    printf 'rules:\n  t: {plugin: typed-size}\n  u: {plugin: typed-size, size: 2x2}\n' >c.yaml
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r t <<<'111/'
    assert_output 3
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r u <<<'11/10'
    assert_output 3
    # -s and size= beat the default, and the plugin is sized by the core
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r typed-size -s 1x5 <<<'11111/'
    assert_output 5
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r typed-size <<<'size=2x1 1/1'
    assert_output 2
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r typed-size <<<'1011/'
    assert_output invalid
    assert_regex "$stderr" "^gridbfs: <stdin>:1: row 1 has 4 cells, expected 3 \\(read by rule 'typed-size'(; no other profile reads this file)?\\)\$"
}

@test "a judge_text() that never fits gives the core's default text" {
    # each record is offered up to 1 MiB of room, then written the core's way
    yes 'size=2x3 101/011' | head -n 300 >"$BATS_TEST_TMPDIR/in"
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r broken-judge -j 2 "$BATS_TEST_TMPDIR/in"
    assert_equal "$(sort | uniq -c <<<"$output" | tr -s ' ')" " 300 4"
    assert_equal "$stderr" ''
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r broken-judge -p <<<'size=1x4 1001/'
    assert_output $'2\n1\n4'
}

@test "a plugin that refuses its parameters without a message is still named" {
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r broken-silent <<<"$S1"
    assert_output ''
    assert_regex "$stderr" "^gridbfs: rule 'broken-silent': plugin 'broken-silent' refused the parameters without saying why$"
}

@test "an exact solver's moves that do not reach a goal: invalid, never solved" {
    # lie-solve: a toggle rule (one move a cell, goal all 0) whose solve()
    # presses the cell after each set one; its count alone is right.
    # lie-solve-xor says its moves are XORs (they are): checked by masks
    printf '%s\n' 1000/0000/0000/0000 0000/0000/0000/0000 >in
    local name why
    for name in lie-solve lie-solve-xor; do
        why="plugin '$name' broke its contract: solve()'s 1 move ends on a board that is not a goal"
        run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r $name -p in
        assert_output $'invalid\n0'
        assert_equal "$stderr" "gridbfs: in:1: $why"
        # --show draws no board that is not a goal, and says no "solved in"
        run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r $name --show in
        refute_output --partial 'solved in 1 move'
        assert_line --index 0 invalid
        assert_equal "$stderr" "gridbfs: in:1: $why"
        run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r $name -p -f csv in
        assert_line --index 1 --partial ",$name,invalid,,,$why"
        assert_line --index 2 --partial ",$name,solved,0,"
    done
}

@test "move text with a line break or a space where none may be: the rule is refused, no forged line" {
    local why="broke its contract: move_text() gave move 0's"
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-text-newline -p <<<1000/0000/0000/0000
    assert_output ''
    assert_equal "$stderr" "gridbfs: rule 'lie-text-newline': plugin 'lie-text-newline' $why judge text '1?fake 2' (length 8): a byte that is not printable ASCII"
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-text-space -p -f csv <<<1000/0000/0000/0000
    assert_output ''
    assert_equal "$stderr" "gridbfs: rule 'lie-text-space': plugin 'lie-text-space' $why compact text 'c 1' (length 3): a space in the compact text"
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-text-length -p <<<1000/0000/0000/0000
    assert_equal "$stderr" "gridbfs: rule 'lie-text-length': plugin 'lie-text-length' $why judge text '1' (length 11): a length that is not its text's"
    # checked where moves are printed: a count alone prints none
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-text-newline <<<1000/0000/0000/0000
    assert_output 1
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-text-newline --show <<<1000/0000/0000/0000
    assert_regex "$stderr" "lie-text-newline' $(q "$why")"
    # named by a record: that record is invalid, the rest goes on
    printf 'rule=lie-text-newline 1000/0000/0000/0000\n%s\n' "$S1" >in
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -p in
    assert_output $'invalid\n4\n1 1\n1 2\n2 2\n4 3'
    assert_regex "$stderr" "^gridbfs: in:1: rule 'lie-text-newline': .*$(q "$why")"
}

@test "judge_text() with a control character: the record is invalid" {
    printf '%s\n' 1000/0000/0000/0000 >in
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-judge-text in
    assert_output invalid
    assert_equal "$stderr" "gridbfs: in:1: plugin 'lie-judge-text' broke its contract: judge_text() gave '1??': a byte that is not printable ASCII"
    # CSV does not print it: the record is answered
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-judge-text -f csv in
    assert_line --index 1 --partial ',lie-judge-text,solved,1,'
    # a checker does not judge an answer by it: the case fails, as a run's
    # record is invalid
    printf '1\n' >ans
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lie-judge-text --check ans in
    assert_output "case 1 (line 1): fail: the puzzle cannot be judged: in:1: plugin 'lie-judge-text' broke its contract: judge_text() gave '1??': a byte that is not printable ASCII"
}

# ---- rules the built-in ones are not: no move, moves no inverse ----------

@test "a size with no move (peg solitaire on 2x2): a goal answers 0, every other board Impossible" {
    # peg: a jump needs three cells in a line, so 2x2 has 0 moves; its
    # goals are the boards of one peg
    printf '%s\n' 10/00 00/01 00/00 11/00 11/11 >in
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r peg -s 2x2 -p in
    assert_output $'0\n0\nImpossible\nImpossible\nImpossible'
    assert_equal "$stderr" ''
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r peg -s 2x2 -p -f csv in
    assert_line --index 1 'in,1,1,,peg,solved,0,,'
    assert_line --index 3 'in,3,3,,peg,impossible,,,'
    # the checker agrees, and --show draws the start alone
    printf '%s\n' 0 0 Impossible Impossible Impossible >ans
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r peg -s 2x2 --check ans in
    assert_line --index 4 'case 5 (line 5): accepted'
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r peg -s 2x2 --show <<<'10/00'
    assert_line 'solved in 0 moves'
    # the same plugin at 1x3 has its two jumps: one solves 110
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r peg -s 1x3 -p <<<'110/'
    assert_output $'1\n1 1 right'
    # a rule whose moves undo themselves, with none (its table of 2x1 states)
    printf 'rules:\n  c: {plugin: broken-cells, moves: "0"}\n' >c.yaml
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c <<<$'00\n10\n11'
    assert_output $'0\nImpossible\nImpossible'
}

@test "a fixed goal with moves that are not their own inverses: answered from the start, as a reference finds" {
    # rotate turns a row right or a column down, round: undoing a move takes
    # cols - 1 (or rows - 1) more, so a search from its fixed goal with its
    # moves would give other numbers.  rotateref searches from the goal
    # with the inverse moves, and prints every board with its answer.
    local size
    for size in 3x4 2x5 3x3; do
        "$GRIDBFS_TEST_BIN/rotateref" "${size%x*}" "${size#*x}" >ref
        cut -f1 ref >in
        cut -f2 ref >want
        gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r rotate -s "$size" -j 2 in >got
        diff want got || fail "rotate at $size: gridbfs differs from rotateref"
        grep -qv Impossible want # some are solvable
    done
    # by hand, 3x4: the goal 1100/1000/0000 is one turn of row 1 (right)
    # from 1001/1000/0000, but three turns to the right from 0110/1000/0000
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r rotate -s 3x4 -p <<<$'1001/1000/0000\n0110/1000/0000'
    assert_output $'1\nrow 1\n3\nrow 1\nrow 1\nrow 1'
}

@test "--census of a rule whose moves are not their own inverses: the documented message, exit 2" {
    # the README's words, whatever else the rule lacks: a fixed goal
    # (peg), none (peg with fixed: no: one board and no fixed goal), or
    # with --ones
    local why='a census needs moves that are their own inverses'
    printf 'rules:\n  pn: {plugin: peg, fixed: "no"}\n' >c.yaml
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r peg -s 3x3 --census
    assert_output ''
    assert_equal "$stderr" "gridbfs: --census: rule 'peg' at 3x3: $why"
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r pn -s 3x3 --census
    assert_equal "$stderr" "gridbfs: --census: rule 'pn' at 3x3: $why"
    run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r rotate -s 3x4 --census --ones 3
    assert_equal "$stderr" "gridbfs: --census: rule 'rotate' at 3x4: $why"
}

@test "--check takes the judge text a plugin writes, as a run writes it, where it is not the count and the moves" {
    # own-text toggles one cell a move (as many moves as 1s) and writes
    # "presses: N", then with -p "press K" a move; its text depends on the
    # count alone (GRIDBFS_TEXT_BY_COUNT)
    local G=(gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r own-text)
    printf '%s\n' 1100/0000/0000/0000 0000/0000/0000/0000 1000/0000/0000/0001 >in
    run -0 --separate-stderr "${G[@]}" in
    assert_output $'presses: 2\npresses: 0\npresses: 2'
    printf '%s\n' "$output" >ans
    run -0 --separate-stderr "${G[@]}" --check ans in
    assert_output $'case 1 (line 1): accepted\ncase 2 (line 2): accepted\ncase 3 (line 3): accepted'
    # its words with another count, or the count alone, are not its text
    printf '%s\n' 'presses: 3' 'presses: 0' 2 >ans
    run -1 --separate-stderr "${G[@]}" --check ans in
    assert_output $'case 1 (line 1): wrong answer: line 1: expected "presses: 2", got "presses: 3"
case 2 (line 2): accepted
case 3 (line 3): wrong answer: line 3: expected "presses: 2", got "2"'
    # with the moves: the text a run writes, line for line
    run -0 --separate-stderr "${G[@]}" -p in
    assert_output $'presses: 2\npress 1\npress 2\npresses: 0\npresses: 2\npress 1\npress 16'
    printf '%s\n' "$output" >ans
    run -0 --separate-stderr "${G[@]}" -p --check ans in
    assert_output $'case 1 (line 1): accepted\ncase 2 (line 4): accepted\ncase 3 (line 5): accepted'
    # past max_moves the answer is the impossible text, and its text is not
    printf 'rules:\n  o: {plugin: own-text, max_moves: 1}\n' >c.yaml
    printf '%s\n' Impossible 'presses: 0' 'presses: 2' >ans
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r o --check ans in
    assert_output $'case 1 (line 1): accepted\ncase 2 (line 2): accepted
case 3 (line 3): wrong answer: an answer where the judge\'s is "Impossible"'
}

@test "-f jsonl: a move's compact text R,C is [R,C], R,C-R,C is [[R,C],[R,C]], any other a string" {
    # the guide's words (Lifecycle, Move text), by hand: a press, a swap,
    # and the test plugins' moves that are neither
    run -0 --separate-stderr gridbfs -r swap-adjacent -s 1x3 -p -f jsonl <<<'100/ 001/'
    assert_output --partial '"moves":2,"path":[[[1,1],[1,2]],[[1,2],[1,3]]],'
    run -0 --separate-stderr gridbfs -r lights5 -s 1x3 -p -f jsonl <<<'110/'
    assert_output --partial '"moves":1,"path":[[1,1]],'
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r peg -s 1x3 -p -f jsonl <<<'011/'
    assert_output --partial '"moves":1,"path":["1,3,left"],'
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r rotate -s 3x4 -p -f jsonl <<<'1001/1000/0000'
    assert_output --partial '"moves":1,"path":["r1"],'
    # CSV: the compact texts joined by spaces
    run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r rotate -s 3x4 -p -f csv <<<'0110/1000/0000'
    assert_line --index 1 '<stdin>,1,1,,rotate,solved,3,r1 r1 r1,'
}

# ---- ABI 2: a plugin written against it natively ------------------------------

@test "an ABI 2 plugin (lights2) answers every 3x3 and random 4x4 and 5x5 boards as flipref, its presses replayed" {
    # lights2 is Lights Out written against ABI 2 alone, with no exact
    # solver: the core searches it through key(), expand() and inverse()
    local size
    for size in 3x3 4x4 5x5; do
        flipref boards -s "$size" -c 10 -n 400 -S 22 >in
        [ "$size" != 3x3 ] || flipref boards -s 3x3 -c 10 >in
        run -0 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lights2 -s "$size" in
        assert_equal "$stderr" ''
        printf '%s\n' "$output" >got
        flipref solve -s "$size" -c 10 -g off in >want
        run diff want got
        assert_success
        gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lights2 -s "$size" -p in >gotp
        run flipref check -p -s "$size" -c 10 -g off in gotp
        assert_success
    done
    # the same answers at every -j
    gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lights2 -s 5x5 -p -j 4 in >gotp4
    cmp gotp gotp4
}

@test "an ABI 2 plugin in every output format, --show and --check" {
    local G=(gridbfs -P "$GRIDBFS_TEST_PLUGINS" -r lights2 -s 2x2)
    # 2x2 by hand: pressing (1,1) flips (1,1), (1,2), (2,1)
    run -0 --separate-stderr "${G[@]}" -p -f csv <<<'11/10'
    assert_line --index 1 '<stdin>,1,1,,lights2,solved,1,"1,1",'
    run -0 --separate-stderr "${G[@]}" -p -f jsonl <<<'11/10'
    assert_output --partial '"moves":1,"path":[[1,1]],'
    run -0 --separate-stderr "${G[@]}" --show <<<'11/10'
    assert_line 'solved in 1 move'
    printf '%s\n' 1 2 >ans
    printf '%s\n' 11/10 11/10 >in
    run -1 --separate-stderr "${G[@]}" --check ans in
    assert_output $'case 1 (line 1): accepted\ncase 2 (line 2): wrong answer: not optimal: 2 moves, the fewest is 1'
}

@test "an ABI 2 plugin that breaks its contract: the field named at create(), the record at a bad expand()" {
    local bad want
    for bad in 'symbols=symbol '"'"'0'"'"' twice' 'bits=key_bits to 65 (expected 0 to 64)' \
        'dense=GRIDBFS2_DENSE with no states'; do
        want=${bad#*=}
        printf 'rules:\n  c: {plugin: lights2, breach: %s}\n' "${bad%%=*}" >c.yaml
        run -2 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c -s 2x2 <<<'11/10'
        assert_output ''
        assert_equal "$stderr" "gridbfs: c.yaml:2:3: rule 'c': plugin 'lights2' broke its contract: create() set $want"
    done
    # a start whose key() is past key_bits: the record is invalid
    printf 'rules:\n  c: {plugin: lights2, breach: key}\n' >c.yaml
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c -s 2x2 <<<'11/10'
    assert_output invalid
    assert_regex "$stderr" "^gridbfs: <stdin>:1: plugin 'lights2' broke its contract: key\(\) gave a key past its key_bits"
    # an inverse() that is no move, met where a search from both ends
    # undoes the goal side's moves (no table: 10/01 takes presses 1,1 and
    # 2,2, one from each end)
    printf 'limits:\n  table_memory: 0\nrules:\n  c: {plugin: lights2, breach: inverse}\n' >c.yaml
    printf '%s\n' 10/01 00/00 >in
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c -s 2x2 -p in
    assert_output $'invalid\n0'
    assert_regex "$stderr" "^gridbfs: in:1: plugin 'lights2' broke its contract: move 4 is not a move \(from inverse\(\)\)"
    # an apply() that leaves a cell no symbol's value (3 of 3 colours):
    # the answer stands, its moves are not drawn
    printf 'rules:\n  c: {plugin: lights2, colours: "3", breach: apply}\n' >c.yaml
    run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c --show <<<'size=1x2 11/'
    assert_line --index 0 2
    assert_line "cannot show the moves: plugin 'lights2' broke its contract: move 1 of 2 (id 0) cannot be replayed"
    # a key off the board, or a reported move that stays: that record is
    # invalid, and the next is answered
    for bad in 'expand=leads off the board' 'stay=leads to the state it left'; do
        printf 'rules:\n  c: {plugin: lights2, breach: %s}\n' "${bad%%=*}" >c.yaml
        printf '%s\n' 11/10 00/00 >in
        run -1 --separate-stderr gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r c -s 2x2 in
        assert_output $'invalid\n0'
        assert_regex "$stderr" "^gridbfs: in:1: plugin 'lights2' broke its contract: .*${bad#*=}"
    done
}

@test "an ABI 2 rule of 3 and 5 colours (HDU 5755's press) answers as klightsref, its presses replayed" {
    local k rows
    for k in 3 5; do
        rows=$((k == 3 ? 3 : 2)) # 3^9 and 5^6 boards at most
        printf 'rules:\n  k: {plugin: lights2, colours: "%s", stencil: 010/121/010}\n' "$k" >c.yaml
        local G=(gridbfs -P "$GRIDBFS_TEST_PLUGINS" -c c.yaml -r k)
        # random boards, some of them impossible: the fewest presses
        klights_boards 7 300 "$k" 0 "$rows"
        run -0 --separate-stderr "${G[@]}" lines
        assert_equal "$stderr" ''
        printf '%s\n' "$output" >got
        klightsref solve -k "$k" hdu.in >want
        run diff want got
        assert_success
        grep -q Impossible want || [ "$k" = 5 ] || fail "no impossible board among them"
        # solvable boards: every press sequence printed replays to all 0,
        # as HDU's special judge takes it (at most 2NM presses: 3 colours)
        [ "$k" = 3 ] || continue
        klights_boards 8 200 "$k" 1 "$rows"
        "${G[@]}" -p lines >gotp
        run klightsref check -k "$k" hdu.in gotp
        assert_success
    done
    # a cell outside the alphabet is that record's fault, and the rest is
    # answered: 1 2 takes 4 presses of (1,2), which adds 1 to (1,1) and 2
    # to itself (x of (1,1) and y of (1,2): 2x + y = 4, x + 2y = 3 mod 5)
    printf 'size=1x2 15/\nsize=1x2 12/\n' >bad
    run -1 --separate-stderr "${G[@]}" bad
    assert_output $'invalid\n4'
    assert_equal "$stderr" "gridbfs: bad:1: row 1: '5' is not a cell (expected one of 01234) (read by rule 'k'; no other profile reads this file)"
    # --show draws the symbols, the changed cells marked (by hand: each
    # press of (1,2) adds 1 to (1,1) and 2 to itself, mod 5)
    run -0 --separate-stderr "${G[@]}" --show <<<'size=1x2 12/'
    assert_output $'4\n1 2\n1 2\n1 2\n1 2\nstart:\n 1 2\nmove 1 of 4: 1 2\n*2*4\nmove 2 of 4: 1 2\n*3*1\nmove 3 of 4: 1 2\n*4*3\nmove 4 of 4: 1 2\n*0*0\nsolved in 4 moves'
    # --check replays an answer's presses, and knows the fewest
    echo 'size=1x2 12/' >in
    printf '4\n1 2\n1 2\n1 2\n1 2\n' >ans
    run -0 --separate-stderr "${G[@]}" -p --check ans in
    assert_output 'case 1 (line 1): accepted'
    printf '4\n1 2\n1 2\n1 2\n1 1\n' >ans
    run -1 --separate-stderr "${G[@]}" -p --check ans in
    assert_output 'case 1 (line 1): wrong answer: the moves do not reach the goal'
    # --generate draws boards of its five symbols (generate-abi2.bats holds
    # what it draws to the references)
    run -0 --separate-stderr "${G[@]}" -s 2x2 --generate 3 --seed 1
    assert_equal "$stderr" ""
    assert_equal "$(grep -cE '^[0-4]{2}$' <<<"$output")" 6
}
