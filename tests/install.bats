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

@test "the installed header compiles on its own, as C11" {
    requires cc
    printf '#include <gridbfs/plugin.h>\nint main(void) { return GRIDBFS_ABI_MAJOR != 1; }\n' >"$BATS_TEST_TMPDIR/t.c"
    cc -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$PREFIX/include" "$BATS_TEST_TMPDIR/t.c" -o "$BATS_TEST_TMPDIR/t"
    "$BATS_TEST_TMPDIR/t"
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
    [ "$n" -eq 15 ]
}
