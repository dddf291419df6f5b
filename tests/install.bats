#!/usr/bin/env bats
# cmake --install: the binary, the plugins, the public header, the default
# config and the man page land in the standard places, and the installed
# binary finds its own plugins and config (wherever the prefix is).
bats_require_minimum_version 1.5.0
load test_helper/common

setup_file() {
    : "${GRIDBFS_BUILD_DIR:?set GRIDBFS_BUILD_DIR to the build tree (ctest does)}"
    export PREFIX="$BATS_FILE_TMPDIR/prefix"
    cmake --install "$GRIDBFS_BUILD_DIR" --prefix "$PREFIX" >/dev/null
}

@test "install puts every part in the GNU standard places" {
    [ -x "$PREFIX/bin/gridbfs" ]
    [ -f "$PREFIX/include/gridbfs/plugin.h" ]
    [ -f "$PREFIX/share/gridbfs/gridbfs.yaml" ]
    [ -f "$PREFIX/share/man/man1/gridbfs.1" ]
    [ -f "$PREFIX/share/bash-completion/completions/gridbfs" ]
    [ -f "$PREFIX/share/zsh/site-functions/_gridbfs" ]
    [ -f "$PREFIX/share/fish/vendor_completions.d/gridbfs.fish" ]
    # the README and plugin guide the man page points to
    [ -f "$PREFIX/share/doc/gridbfs/README.md" ]
    [ -f "$PREFIX/share/doc/gridbfs/plugins/README.md" ]
    [ -f "$PREFIX/share/doc/gridbfs/LICENSE" ]
    run find "$PREFIX" -name 'flip-neighbors.so' -o -name 'swap-adjacent.so'
    [ "${#lines[@]}" -eq 2 ]
    # the test-only broken plugins are never installed
    run find "$PREFIX" -name 'broken-*'
    assert_output ''
}

@test "the installed binary finds its installed plugins and config" {
    cp -a "$PREFIX" "$BATS_TEST_TMPDIR/moved" # found relative to the binary
    run -0 --separate-stderr "$BATS_TEST_TMPDIR/moved/bin/gridbfs" "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_output $'4\nImpossible'
    run -0 --separate-stderr "$PREFIX/bin/gridbfs" -r chessboard "$GRIDBFS_EXAMPLES/chessboard.txt"
    assert_output '4'
}

@test "an install under umask 002 writes nothing group-writable, so its plugins are trusted" {
    local p=$BATS_TEST_TMPDIR/umask002
    (umask 002 && cmake --install "$GRIDBFS_BUILD_DIR" --prefix "$p" >/dev/null)
    run -0 find "$p" -perm /022
    assert_output ''
    run -0 --separate-stderr "$p/bin/gridbfs" "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_output $'4\nImpossible'
}

@test "install folders given as absolute paths under the prefix are taken as relative ones" {
    requires cc
    umask 022 # the loader refuses plugins in group-writable folders
    local src p=$BATS_TEST_TMPDIR/abs b=$BATS_TEST_TMPDIR/abs-build
    src=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
    # a folder outside the prefix cannot be found relative to the binary
    run -1 cmake -S "$src" -B "$b" -DBUILD_TESTING=OFF -DCMAKE_INSTALL_PREFIX="$p" \
        -DCMAKE_INSTALL_LIBDIR=/elsewhere/lib
    assert_output --partial "CMAKE_INSTALL_LIBDIR (/elsewhere/lib) must be a folder" # (CMake wraps it)
    rm -rf "$b"
    # as packagers pass them (-DCMAKE_INSTALL_LIBDIR=/usr/lib64); built
    # unoptimised and without the tests, for speed
    env -u CFLAGS cmake -S "$src" -B "$b" -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_INSTALL_PREFIX="$p" -DCMAKE_INSTALL_LIBDIR="$p/lib64" \
        -DCMAKE_INSTALL_DATADIR="$p/share" >"$BATS_TEST_TMPDIR/log" 2>&1 ||
        { cat "$BATS_TEST_TMPDIR/log"; return 1; }
    cmake --build "$b" >"$BATS_TEST_TMPDIR/log" 2>&1 ||
        { cat "$BATS_TEST_TMPDIR/log"; return 1; }
    [ -f "$b/lib64/gridbfs/flip-neighbors.so" ] && [ -f "$b/share/gridbfs/gridbfs.yaml" ]
    run -0 --separate-stderr "$b/bin/gridbfs" "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_output $'4\nImpossible'
    # copied away from its folders, it names the configured one as it is
    cp "$b/bin/gridbfs" "$BATS_TEST_TMPDIR/lone"
    run -2 "$BATS_TEST_TMPDIR/lone" "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_output --partial " and $p/share/gridbfs/gridbfs.yaml "
}

@test "a multi-config generator's build tree runs, as a single-config one does" {
    requires ninja
    umask 022 # the loader refuses plugins in group-writable folders
    local src b=$BATS_TEST_TMPDIR/multi
    src=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
    env -u CFLAGS cmake -G 'Ninja Multi-Config' -S "$src" -B "$b" -DBUILD_TESTING=OFF \
        >"$BATS_TEST_TMPDIR/log" 2>&1 || { cat "$BATS_TEST_TMPDIR/log"; return 1; }
    cmake --build "$b" --config Debug >"$BATS_TEST_TMPDIR/log" 2>&1 ||
        { cat "$BATS_TEST_TMPDIR/log"; return 1; }
    # no per-config folder (bin/Debug/): the binary's relative places hold
    [ -f "$b/lib/gridbfs/flip-neighbors.so" ]
    run -0 --separate-stderr "$b/bin/gridbfs" "$GRIDBFS_EXAMPLES/poj1753.txt"
    assert_output $'4\nImpossible'
}

@test "the installed header compiles on its own, as C11" {
    requires cc
    printf '#include <gridbfs/plugin.h>\nint main(void) { return GRIDBFS_ABI_MAJOR != 1; }\n' >"$BATS_TEST_TMPDIR/t.c"
    local c
    # and clang where installed (CI has it): it warns where gcc does not
    for c in cc clang; do
        command -v $c >/dev/null || continue
        $c -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$PREFIX/include" "$BATS_TEST_TMPDIR/t.c" -o "$BATS_TEST_TMPDIR/t"
        "$BATS_TEST_TMPDIR/t"
    done
}

@test "the man page renders" {
    requires man
    run -0 man -l "$PREFIX/share/man/man1/gridbfs.1"
    assert_output --partial 'gridbfs - solve two-colour grid puzzles in bulk'
    local section
    for section in SYNOPSIS INPUT OUTPUT OPTIONS ENVIRONMENT FILES 'EXIT STATUS' EXAMPLES; do
        assert_line "$section"
    done
    assert_output --partial 'source,record,line,id,rule,status,moves,path,message'
}

@test "the installed bash completion offers options, formats and the rule names" {
    local f="$PREFIX/share/bash-completion/completions/gridbfs"
    [ -f "$f" ]
    run -0 bash -c '
        source "$1"
        COMP_WORDS=("$2" -r poj12); COMP_CWORD=2; _gridbfs; echo "${COMPREPLY[*]}"
        COMP_WORDS=("$2" -f j); COMP_CWORD=2; _gridbfs; echo "${COMPREPLY[*]}"
        COMP_WORDS=("$2" --no-h); COMP_CWORD=1; _gridbfs; echo "${COMPREPLY[*]}"
        COMP_WORDS=("$2" -r flip-n); COMP_CWORD=2; _gridbfs; echo "${COMPREPLY[*]}"
    ' sh "$f" "$PREFIX/bin/gridbfs"
    assert_line --index 0 poj1222
    assert_line --index 1 'judge jsonl'
    assert_line --index 2 '--no-header'
    assert_line --index 3 flip-neighbors
}

@test "the installed zsh completion offers options, formats and the rule names" {
    requires zsh
    local f="$PREFIX/share/zsh/site-functions/_gridbfs"
    [ -f "$f" ]
    # compsys's compadd and _files stood in for: what the function offers
    run -0 env F="$f" G="$PREFIX/bin/gridbfs" zsh -f -c '
        compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }
        _files() { print -r -- "_files $*" }
        offer() { local -a words; words=("$@"); local CURRENT=$#; source "$F" }
        offer "$G" -r poj12 | tr "\n" " "; echo
        offer "$G" -f j | tr "\n" " "; echo
        offer "$G" --no-h | grep -c -x -- --no-header
        offer "$G" -P /us
        offer "$G" -s 4
    '
    assert_line --index 0 --regexp ' poj1222 .* flip-neighbors '
    assert_line --index 1 'judge csv jsonl '
    assert_line --index 2 1
    assert_line --index 3 '_files -/'
    [ "${#lines[@]}" -eq 4 ] # nothing for a size
}

@test "the installed fish completion offers options, formats and the rule names" {
    requires fish
    local f="$PREFIX/share/fish/vendor_completions.d/gridbfs.fish"
    [ -f "$f" ]
    run -0 env PATH="$PREFIX/bin:$PATH" fish --no-config -c '
        source $argv[1]
        complete -C "gridbfs -r poj12"; echo ---
        complete -C "gridbfs -f j" | sort; echo ---
        complete -C "gridbfs --no-h"; echo ---
        complete -C "gridbfs -s "; echo ---
    ' "$f"
    assert_output $'poj1222\n---\njsonl\njudge\n---\n--no-header\n---\n---'
}

@test "every completion offers every option --help lists" {
    requires zsh
    requires fish
    local want
    want=$("$PREFIX/bin/gridbfs" --help | grep -oE -- '(^ +|, )--?[a-zA-Z][a-z-]*' | tr -d ' ,' | sort)
    [ "$(wc -l <<<"$want")" -gt 20 ]
    run -0 bash -c 'source "$1"; COMP_WORDS=("$2" -); COMP_CWORD=1; _gridbfs; printf "%s\n" "${COMPREPLY[@]}" | sort' \
        sh "$PREFIX/share/bash-completion/completions/gridbfs" "$PREFIX/bin/gridbfs"
    assert_output "$want"
    run -0 env F="$PREFIX/share/zsh/site-functions/_gridbfs" G="$PREFIX/bin/gridbfs" \
        zsh -f -c 'compadd() { shift; print -rl -- "$@" }
        words=("$G" -); CURRENT=2; source "$F" | sort'
    assert_output "$want"
    run -0 env PATH="$PREFIX/bin:$PATH" fish --no-config -c 'source $argv[1]; complete -C "gridbfs -" | sort' \
        "$PREFIX/share/fish/vendor_completions.d/gridbfs.fish"
    assert_output "$want"
}

# ---- completions in real shells, on a terminal ------------------------------

teardown() {
    shell_end
}

# in_shell SHELL: an interactive SHELL (bash, zsh or fish) with the
# installed completion loaded, $PREFIX/bin on its PATH, in a fresh tmux
# terminal (a server of its own, its socket in the test's folder) whose
# folder holds my.yaml, with the profile myrule1.
in_shell() {
    requires tmux
    requires "$1"
    cd "$BATS_TEST_TMPDIR" || return 1
    unset TMUX
    export TMUX_TMPDIR=$BATS_TEST_TMPDIR HOME=$BATS_TEST_TMPDIR
    printf 'rules:\n  myrule1: {plugin: flip-neighbors, size: 3x3}\n' >my.yaml
    local run
    case $1 in
    bash)
        printf 'PS1="$ "\nbind "set bell-style none"\nsource %q\n' \
            "$PREFIX/share/bash-completion/completions/gridbfs" >rc
        run="bash --noprofile --rcfile rc -i" ;;
    zsh)
        printf 'PS1="$ "\nfpath=(%q $fpath)\nautoload -U compinit\ncompinit -u -D\n' \
            "$PREFIX/share/zsh/site-functions" >.zshrc
        run="ZDOTDIR=$BATS_TEST_TMPDIR zsh -i" ;;
    fish)
        run="fish --no-config -i -C 'set -g fish_greeting; set -g fish_autosuggestion_enabled 0; source $PREFIX/share/fish/vendor_completions.d/gridbfs.fish'" ;;
    esac
    tmux -L "$1" -f /dev/null new-session -d -s t -x 200 -y 50 -c "$BATS_TEST_TMPDIR" \
        "env PATH=$PREFIX/bin:$PATH TERM=xterm $run"
    SHELL_SERVER=$1
    N=0
    # a shell may drop what is typed before its first prompt
    local i
    for ((i = 0; i < 600; i++)); do # a guard against a hang, not a timing
        [[ $(tmux -L "$1" capture-pane -p -t t) == *[![:space:]]* ]] && return 0
        sleep 0.1
    done
    fail "$1 never showed its prompt"
}

# tab WORDS: type WORDS, Tab, then a marker; once the marker is on the
# screen (keys are read in order: the completion is done), the line typed
# in $line, the prompt and the marker taken off; then Ctrl-C, and a wait for
# the fresh prompt.
tab() {
    local i shown
    N=$((N + 1))
    tmux -L "$SHELL_SERVER" send-keys -t t -l "$1"
    tmux -L "$SHELL_SERVER" send-keys -t t Tab
    tmux -L "$SHELL_SERVER" send-keys -t t -l "@$N"
    for ((i = 0; i < 600; i++)); do # a guard against a hang, not a timing
        shown=$(tmux -L "$SHELL_SERVER" capture-pane -p -J -t t)
        [[ $shown == *"@$N"* ]] && break
        sleep 0.1
    done
    line=$(grep -F "@$N" <<<"$shown" | tail -1)
    line=${line%@"$N"*}
    line=gridbfs${line#*gridbfs} # the prompt off
    tmux -L "$SHELL_SERVER" send-keys -t t C-c
    # what is typed before the fresh prompt may be echoed by the terminal
    # and then read again by the shell: wait for the prompt on a new line
    local y row
    for ((i = 0; i < 600; i++)); do # a guard against a hang, not a timing
        y=$(tmux -L "$SHELL_SERVER" display -p -t t '#{cursor_y}')
        row=$(tmux -L "$SHELL_SERVER" capture-pane -p -t t -S "$y" -E "$y")
        [[ $row == *[![:space:]]* && $row != *"@$N"* ]] && return 0
        sleep 0.1
    done
    fail "no fresh prompt after Ctrl-C"
}

shell_end() {
    [ -z "${SHELL_SERVER:-}" ] || tmux -L "$SHELL_SERVER" kill-server 2>/dev/null || true
}

# --opt=VALUE completes VALUE; -r's names are those of the -c on the line
completes_values() {
    in_shell "$1"
    tab 'gridbfs --format=cs'
    assert_equal "$line" 'gridbfs --format=csv '
    tab 'gridbfs -p --rule=poj17'
    assert_equal "$line" 'gridbfs -p --rule=poj1753 '
    tab 'gridbfs -c my.yaml -r myr'
    assert_equal "$line" 'gridbfs -c my.yaml -r myrule1 '
    tab 'gridbfs --config=my.yaml -r myr'
    assert_equal "$line" 'gridbfs --config=my.yaml -r myrule1 '
    # without the -c, no such profile
    tab 'gridbfs -r myr'
    assert_equal "$line" 'gridbfs -r myr'
    # what worked before still does
    tab 'gridbfs -f cs'
    assert_equal "$line" 'gridbfs -f csv '
    tab 'gridbfs --no-hea'
    assert_equal "$line" 'gridbfs --no-header '
}

@test "bash, on a terminal: Tab completes --format=, --rule=, and the profiles of the -c given" {
    completes_values bash
}

@test "zsh, on a terminal: Tab completes --format=, --rule=, and the profiles of the -c given" {
    completes_values zsh
}

@test "fish, on a terminal: Tab completes --format=, --rule=, and the profiles of the -c given" {
    completes_values fish
}

@test "every built-in profile has an example installed: its judge's sample, answered as the judge does" {
    local d="$PREFIX/share/doc/gridbfs/examples"
    local profile n=0
    for profile in $("$PREFIX/bin/gridbfs" --list-rules -f jsonl | sed -n 's/^{"kind":"profile","name":"\([^"]*\)".*/\1/p'); do
        n=$((n + 1))
        if [ "$profile" = lights5 ]; then # no judge: worked by hand
            run -0 --separate-stderr "$PREFIX/bin/gridbfs" -r lights5 "$d/lights5.txt"
            assert_output $'1\n0\n2'
            continue
        fi
        [ -f "$d/judges/$profile/sample.in" ] || fail "no example for $profile"
        run -0 --separate-stderr "$PREFIX/bin/gridbfs" -r "$profile" "$d/judges/$profile/sample.in"
        assert_output "$(cat "$d/judges/$profile/sample.out")"
    done
    [ "$n" -eq 21 ]
}

# The package that brings each tool a suite `requires`, or "essential" for
# one every Debian has (util-linux, bsdutils); a tool not listed here fails
# the test below, so a new `requires` comes with its package.
declare -gA TOOL_PACKAGE=(
    [/usr/bin/time]=time [/usr/sbin/sshd]=openssh-server
    [ssh]=openssh-server [ssh-keygen]=openssh-server # openssh-client, its dependency
    [cc]=gcc [nm]=gcc                                # binutils, gcc's dependency
    [g++]=g++ [fish]=fish [zsh]=zsh [jq]=jq [man]=man-db [ninja]=ninja-build
    [parallel]=parallel [pkg-config]=pkg-config [strace]=strace [tmux]=tmux
    [prlimit]=essential [script]=essential [setpriv]=essential [taskset]=essential
)

@test "README command 2 and .ci/run install every tool a suite requires" {
    local readme=$BATS_TEST_DIRNAME/../README.md ci=$BATS_TEST_DIRNAME/../.ci/run
    local cmd2 ci_pkgs tool pkg n=0
    # the package lists: command 2's line, and .ci/run's apt-get install
    cmd2=$(sed -n '/^# 2\./{n;p}' "$readme" | sed -n 's/.*apt-get install -y \([^&]*\)&&.*/\1/p')
    ci_pkgs=$(sed -n '/apt-get install/,/[^\\]$/p' "$ci" | tr -d '\\')
    [ -n "$cmd2" ] && [ -n "$ci_pkgs" ] || fail "no package lists found"
    # every word after `requires` in the suites that names a tool
    while read -r tool; do
        pkg=${TOOL_PACKAGE[$tool]:-}
        [ -n "$pkg" ] || fail "requires $tool: add its package to TOOL_PACKAGE in install.bats, README command 2 and .ci/run"
        [ "$pkg" = essential ] && continue
        [[ " $cmd2 " == *" $pkg "* ]] || fail "README command 2 does not install $pkg (for $tool)"
        [[ " $(echo $ci_pkgs) " == *" $pkg "* ]] || fail ".ci/run does not install $pkg (for $tool)"
        n=$((n + 1))
    done < <(grep -ohE '^\s*requires [^;|&)]*' "$BATS_TEST_DIRNAME"/*.bats |
        sed -E 's/^\s*requires //' | tr ' ' '\n' | grep -v '^"\$' | grep -v '^$' | sort -u)
    [ "$n" -ge 10 ] || fail "only $n tools found"
}

# readme_console README: each command of the README's console blocks ("$ "
# lines) and the text the README shows after it, as "COMMAND\036TEXT\036";
# a block after "In a file `NAME`:" is written to NAME first, as a reader
# would.
readme_console() {
    awk '/In a file `[^`]+`:$/ { name = $0; sub(/.*In a file `/, "", name); sub(/`:$/, "", name) }
        function flush() { if (cmd != "") printf "%s\036%s\036", cmd, out; cmd = "" }
        /^```/ {
            if (!inb) { inb = 1; lang = substr($0, 4); file = name; name = ""; next }
            flush(); inb = 0; lang = ""; file = ""; next
        }
        inb && file != "" { print >file; next }
        inb && lang == "console" {
            if (substr($0, 1, 2) == "$ ") { flush(); cmd = substr($0, 3); out = ""; n = 0; next }
            if (cmd != "") out = out (n++ ? "\n" : "") $0
        }' "$1"
}

@test "the README's console examples, with the gridbfs command 1 installed, in the scratch folder it gives, print what the README shows" {
    local top=$BATS_TEST_DIRNAME/.. cmd want got n=0 scratch
    # the README's own line, run from the top of the checkout
    scratch=$(sed -n '/^d=\$(mktemp -d) && cp -r examples tests/p' "$top/README.md")
    [ -n "$scratch" ] || fail "the README gives no scratch folder"
    # what is in the checkout besides its commits, to see that nothing is added
    local before
    before=$(git -C "$top" status --porcelain --untracked-files=all 2>&1 || true)
    cd "$top"
    eval "$scratch"
    [ "$PWD" != "$(cd "$top" && pwd)" ] || fail "still in the checkout"
    readme_console "$top/README.md" >"$BATS_TEST_TMPDIR/console"
    while IFS= read -r -d $'\036' cmd && IFS= read -r -d $'\036' want; do
        got=$(PATH="$PREFIX/bin:$PATH" bash -c "$cmd" 2>&1) || true # (exit N shown)
        # (trailing blank lines aside, which $(...) drops)
        want=$(printf '%s' "$want")
        [ "$got" = "$want" ] || fail "README: \$ $cmd"$'\n'"shows:"$'\n'"$want"$'\n'"but prints:"$'\n'"$got"
        n=$((n + 1))
    done <"$BATS_TEST_TMPDIR/console"
    [ "$n" -ge 20 ] || fail "only $n console commands found"
    # nothing was written into the checkout
    assert_equal "$(git -C "$top" status --porcelain --untracked-files=all 2>&1 || true)" "$before"
}
