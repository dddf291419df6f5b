#!/usr/bin/env bats
# The plugin SDK, as a third party meets it: gridbfs installed into a
# staging folder, then examples/plugin-skeleton copied out of the tree and
# configured, built and run against that staged install only (the CMake
# package, the pkg-config file, the header as C and as C++), and the guide's
# plugin text being the example's source.
bats_require_minimum_version 1.5.0
load test_helper/common

setup_file() {
    : "${GRIDBFS_BUILD_DIR:?set GRIDBFS_BUILD_DIR to the build tree (ctest does)}"
    # the loader refuses plugins in folders writable by group or others
    umask 022
    local d=$BATS_FILE_TMPDIR
    export PREFIX=$d/prefix SRC=$d/skeleton EX=$d/skeleton-build
    cmake --install "$GRIDBFS_BUILD_DIR" --prefix "$PREFIX" >/dev/null
    # the example, out of the tree, built against the staged install only;
    # warnings are errors, and no sanitizer flags even when gridbfs has them
    cp -R "$GRIDBFS_EXAMPLES/plugin-skeleton" "$SRC"
    env -u CFLAGS -u CMAKE_PREFIX_PATH cmake -S "$SRC" -B "$EX" \
        -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
        -DCMAKE_C_FLAGS='-Wall -Wextra -Wpedantic -Werror' >"$d/configure.log" 2>&1 ||
        { cat "$d/configure.log" >&2; return 1; }
    cmake --build "$EX" >"$d/build.log" 2>&1 || { cat "$d/build.log" >&2; return 1; }
}

setup() {
    umask 022
    cd "$BATS_TEST_TMPDIR" || return 1
    T=$(pwd -P)
    CMAKEDIR=$(dirname "$(find "$PREFIX" -name gridbfsConfig.cmake)")
    PCDIR=$(dirname "$(find "$PREFIX" -name gridbfs.pc)")
    # the ABI versions the staged header speaks: the newest (ABI 2, e.g.
    # 2.0), and the newest ABI 1 (e.g. 1.3)
    ABI=2.$(sed -n 's/^#define GRIDBFS_ABI2_MINOR \([0-9]*\)$/\1/p' "$PREFIX/include/gridbfs/plugin.h")
    ABI1=1.$(sed -n 's/^#define GRIDBFS_ABI_MINOR \([0-9]*\)$/\1/p' "$PREFIX/include/gridbfs/plugin.h")
    STAGED=$PREFIX/bin/gridbfs
}

# probe ARGS...: configure a CMake project (CMakeLists.txt written in ./probe
# by the test) against the staged install, with ARGS; output and status
# left for `run`.
probe() {
    cmake -S probe -B probe/build -DCMAKE_PREFIX_PATH="$PREFIX" \
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF "$@" 2>&1
}

@test "the install holds the SDK: header, CMake package, helper, pkg-config file" {
    [ -f "$PREFIX/include/gridbfs/plugin.h" ]
    for f in gridbfsConfig.cmake gridbfsConfigVersion.cmake gridbfsTargets.cmake GridbfsAddPlugin.cmake; do
        [ -f "$CMAKEDIR/$f" ] || fail "no $f in $CMAKEDIR"
    done
    [ "$(basename "$CMAKEDIR")" = gridbfs ] && [ "$(basename "$(dirname "$CMAKEDIR")")" = cmake ]
    [ -f "$PCDIR/gridbfs.pc" ] && [ "$(basename "$PCDIR")" = pkgconfig ]
    [[ $ABI =~ ^2\.[0-9]+$ && $ABI1 =~ ^1\.[0-9]+$ ]] ||
        fail "cannot read the ABI versions: '$ABI', '$ABI1'"
}

@test "find_package(gridbfs): the version is the newest ABI's; a request for ABI 2 or for ABI 1 up to its minor is met" {
    mkdir probe
    cat >probe/CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.22)
project(probe LANGUAGES NONE)
find_package(gridbfs ${WANT} QUIET)
message(STATUS "found=${gridbfs_FOUND} version=${gridbfs_VERSION}")
if(gridbfs_FOUND)
  get_target_property(type gridbfs::headers TYPE)
  get_target_property(imported gridbfs::headers IMPORTED)
  get_target_property(inc gridbfs::headers INTERFACE_INCLUDE_DIRECTORIES)
  message(STATUS "headers=${type} imported=${imported} include=${inc}")
  message(STATUS "plugindir=${GRIDBFS_PLUGIN_DIR}")
  message(STATUS "pluginsdir=${gridbfs_PLUGINSDIR}")
  message(STATUS "installdir=${GRIDBFS_PLUGIN_INSTALL_DIR}")
  message(STATUS "exe=${GRIDBFS_EXECUTABLE}")
  get_target_property(exe gridbfs::gridbfs IMPORTED_LOCATION)
  message(STATUS "imported-exe=${exe}")
  if(COMMAND gridbfs_add_plugin)
    message(STATUS "helper=yes")
  endif()
endif()
EOF
    local w
    run -0 probe -DWANT=
    assert_line "-- found=1 version=$ABI"
    assert_line "-- headers=INTERFACE_LIBRARY imported=TRUE include=$PREFIX/include"
    assert_line "-- plugindir=$PREFIX/lib/gridbfs"
    assert_line "-- pluginsdir=$PREFIX/lib/gridbfs"
    assert_line "-- installdir=$PREFIX/lib/gridbfs"
    assert_line "-- exe=$PREFIX/bin/gridbfs"
    assert_line "-- imported-exe=$PREFIX/bin/gridbfs"
    assert_line "-- helper=yes"
    [ -f "$PREFIX/lib/gridbfs/flip-neighbors.so" ]
    # ABI 1 plugins load unchanged: find_package(gridbfs 1.2) still works
    for w in 2 2.0 "$ABI" 1 1.0 1.2 "$ABI1"; do
        rm -rf probe/build
        run -0 probe -DWANT="$w"
        assert_line "-- found=1 version=$ABI"
    done
    # another major, a newer minor of either, or the program's own release:
    # not found
    for w in 3 "2.$((${ABI#*.} + 1))" "1.$((${ABI1#*.} + 1))" 0.1; do
        rm -rf probe/build
        run -0 probe -DWANT="$w"
        assert_line "-- found=0 version="
    done
}

@test "gridbfs_add_plugin refuses unknown arguments and bad names" {
    mkdir probe
    cat >probe/CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.22)
project(probe LANGUAGES NONE)
find_package(gridbfs 1 REQUIRED)
gridbfs_add_plugin(${NAME} ${BEFORE} SOURCES x.c ${AFTER})
EOF
    run -1 probe -DNAME=x '-DBEFORE=DESTINATION;/tmp'
    assert_output --partial 'gridbfs_add_plugin: unknown arguments: DESTINATION;/tmp'
    # a misspelt keyword after SOURCES is not taken for a source file
    rm -rf probe/build
    run -1 probe -DNAME=x -DAFTER=NO_INSTAL
    assert_output --partial 'gridbfs_add_plugin: unknown arguments: NO_INSTAL'
    rm -rf probe/build
    run -1 probe -DNAME=Bad_Name
    assert_output --partial 'gridbfs_add_plugin(Bad_Name): a plugin name is [a-z0-9-]+'
}

@test "the example was built against the staged install only, into its own build folder" {
    # the package that was found is the staged one
    run -0 grep '^gridbfs_DIR:' "$EX/CMakeCache.txt"
    assert_output "gridbfs_DIR:PATH=$CMAKEDIR"
    # it compiled against the staged header, never the source tree's
    run -0 cat "$EX/compile_commands.json"
    assert_regex "$output" "(-I|-isystem )$PREFIX/include "
    refute_output --partial "$(cd "$BATS_TEST_DIRNAME/.." && pwd)/include"
    refute_output --partial '-fsanitize'
    # a module named flip-rowcol.so (no lib prefix) beside its build files,
    # exporting the entry point and nothing of its own
    [ -f "$EX/flip-rowcol.so" ]
    requires nm
    run -0 nm -D --defined-only "$EX/flip-rowcol.so"
    assert_line --regexp ' T gridbfs_plugin_abi1$'
    refute_output --partial rowcol
}

# compile_line DIR: the compile command of flip-rowcol.c in DIR's
# compile_commands.json.
compile_line() {
    grep -E '"command": .*flip-rowcol\.c' "$1/compile_commands.json"
}

@test "built with no build type, as the guide builds it, a plugin is optimised: -O2" {
    # a plain `cmake -S -B` and `cmake --build`: no CMAKE_BUILD_TYPE, from
    # the command line or the environment
    env -u CFLAGS -u CMAKE_PREFIX_PATH -u CMAKE_BUILD_TYPE cmake -S "$SRC" -B plain \
        -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >plain.log 2>&1 || { cat plain.log; fail "configure failed"; }
    run -0 grep '^CMAKE_BUILD_TYPE:' plain/CMakeCache.txt
    assert_output 'CMAKE_BUILD_TYPE:STRING='
    run -0 compile_line plain
    assert_regex "$output" ' -O2 '
    env -u CFLAGS cmake --build plain >plain.log 2>&1 || { cat plain.log; fail "build failed"; }
    run -0 --separate-stderr "$STAGED" -P plain -r flip-rowcol -s 3x3 <<<'110/001/001'
    assert_output '2'
    # a build type the author chose brings its own flags, and no -O2
    env -u CFLAGS -u CMAKE_PREFIX_PATH cmake -S "$SRC" -B debug -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >debug.log 2>&1 || { cat debug.log; fail "configure failed"; }
    run -0 compile_line debug
    assert_regex "$output" ' -g '
    refute_output --partial '-O2'
}

@test "the staged gridbfs runs the example with --plugin-dir" {
    run -0 --separate-stderr "$STAGED" --plugin-dir "$EX" -r flip-rowcol -s 3x3 <<<'110/001/001'
    assert_output '2'
    run -0 --separate-stderr "$STAGED" -P "$EX" -r flip-rowcol -p -s 3x3 <<<'111/000/000'
    assert_output $'1\nrow 1'
    run -0 --separate-stderr "$STAGED" -P "$EX" -r flip-rowcol <<<'1111/0000/0000/0000'
    assert_output '1'
    # without the folder, the staged gridbfs does not know it
    run -2 --separate-stderr "$STAGED" -r flip-rowcol </dev/null
    assert_regex "$stderr" "unknown rule 'flip-rowcol'"
    # and a profile in a config file can name it with parameters
    printf 'plugin_dirs: [%s]\nrules:\n  rc:\n    plugin: flip-rowcol\n    size: 2x2\n' "$EX" >c.yaml
    run -0 --separate-stderr "$STAGED" -c c.yaml -r rc <<<'11/11'
    assert_output '2'
}

@test "the example's own test passes through its ctest (the staged gridbfs)" {
    run -0 ctest --test-dir "$EX" --output-on-failure
    assert_output --partial '100% tests passed'
}

@test "--list-rules of the staged gridbfs shows the example: summary, parameters, file, ABI" {
    run -0 --separate-stderr "$STAGED" -P "$EX" --list-rules
    assert_line --regexp '^  flip-rowcol +flip a whole row or column until every cell is 0$'
    assert_line --regexp "^ +file $EX/flip-rowcol\.so, ABI $ABI1\$"
    assert_line --regexp '^ +size \(default 4x4\): board size RxC, at most 64 cells$'
    [ -z "$stderr" ]
}

@test "installing the example puts it in the installed plugin folder, found by name" {
    DESTDIR=$T/root cmake --install "$EX" >/dev/null
    [ -f "$T/root$PREFIX/lib/gridbfs/flip-rowcol.so" ]
    # a package made from that tree and gridbfs's own finds it without -P
    cp -R "$PREFIX/." "$T/root$PREFIX/"
    run -0 --separate-stderr "$T/root$PREFIX/bin/gridbfs" -r flip-rowcol -s 3x3 <<<'111/111/111'
    assert_output '3'
}

@test "GRIDBFS_PLUGIN_INSTALL_DIR=lib/gridbfs, as the guide writes it, installs under --prefix" {
    # untyped, as on the guide's command line, and from another folder than
    # the build's: a relative folder is under the install prefix, never
    # under the folder cmake ran in
    mkdir elsewhere && cd elsewhere
    env -u CFLAGS -u CMAKE_PREFIX_PATH cmake -S "$SRC" -B "$T/own" \
        -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
        -DGRIDBFS_PLUGIN_INSTALL_DIR=lib/gridbfs >"$T/own.log" 2>&1 ||
        { cat "$T/own.log"; fail "configure failed"; }
    run -0 grep '^GRIDBFS_PLUGIN_INSTALL_DIR:' "$T/own/CMakeCache.txt"
    assert_output 'GRIDBFS_PLUGIN_INSTALL_DIR:PATH=lib/gridbfs'
    cmake --build "$T/own" >"$T/own.log" 2>&1 || { cat "$T/own.log"; fail "build failed"; }
    run -0 cmake --install "$T/own" --prefix "$T/mine"
    [ -f "$T/mine/lib/gridbfs/flip-rowcol.so" ] || fail "not installed under --prefix: $output"
    [ -z "$(ls -A "$T/elsewhere")" ] || fail "installed under the folder cmake ran in: $(ls -AR "$T/elsewhere")"
    # and the staged gridbfs finds it there through GRIDBFS_PLUGIN_PATH
    GRIDBFS_PLUGIN_PATH=$T/mine/lib/gridbfs run -0 --separate-stderr "$STAGED" -r flip-rowcol -s 3x3 <<<'111/111/111'
    assert_output '3'
}

@test "pkg-config: Cflags for the header, pluginsdir, the ABI version" {
    requires pkg-config cc
    export PKG_CONFIG_PATH=$PCDIR
    run -0 pkg-config --modversion gridbfs
    assert_output "$ABI"
    run -0 pkg-config --variable=abi1_version gridbfs
    assert_output "$ABI1"
    run -0 pkg-config --variable=pluginsdir gridbfs
    [ "$(realpath "$output")" = "$(realpath "$PREFIX/lib/gridbfs")" ]
    [ -f "$output/flip-lines.so" ]
    # the example built by hand with those flags works the same
    mkdir pc
    # shellcheck disable=SC2046 # word splitting of the flags is wanted
    cc -std=c11 -Wall -Wextra -Wpedantic -Werror -fPIC -shared -fvisibility=hidden \
        $(pkg-config --cflags gridbfs) "$SRC/flip-rowcol.c" -o pc/flip-rowcol.so
    run -0 --separate-stderr "$STAGED" -P pc -r flip-rowcol -s 3x3 <<<'011/100/100'
    assert_output '2'
}

@test "the example runs in a gridbfs of plugin ABI 1.2, the least it asks for, and refuses 1.1" {
    requires cc
    # a host of ABI 1.N: create() on 3x3 as that gridbfs calls it
    cat >host.c <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <gridbfs/plugin.h>
int main(int argc, char **argv)
{
    void *so = argc == 3 ? dlopen(argv[1], RTLD_NOW | RTLD_LOCAL) : NULL;
    const gridbfs_plugin *(*entry)(void);
    *(void **)&entry = so ? dlsym(so, GRIDBFS_ENTRY_NAME) : NULL;
    if (!entry)
        return 2;
    const gridbfs_plugin *p = entry();
    char text[256] = "";
    gridbfs_error err = {text, sizeof text, -1};
    gridbfs_rule rule = {0};
    gridbfs_param size = {"size", "3x3"};
    rule.abi = 1u << 16 | (uint32_t)atoi(argv[2]);
    rule.size = (uint32_t)sizeof rule;
    rule.rows = rule.cols = 3;
    if (p->create(&size, 1, &rule, &err) != 0) {
        puts(text);
        return 1;
    }
    printf("%u moves\n", (unsigned)rule.moves);
    p->destroy(rule.inst);
    return 0;
}
EOF
    cc -std=c11 -Wall -Wextra -Werror -I"$PREFIX/include" host.c -o host -ldl
    run -0 ./host "$EX/flip-rowcol.so" 2
    assert_output '6 moves'
    run -0 ./host "$EX/flip-rowcol.so" 3
    assert_output '6 moves'
    run -1 ./host "$EX/flip-rowcol.so" 1
    assert_output 'needs gridbfs with plugin ABI 1.2 or later'
}

@test "the installed header compiles warning-free as C++ and exports unmangled entries" {
    requires g++
    cat >t.cc <<'EOF'
#include <gridbfs/plugin.h>
static_assert(GRIDBFS_ABI >> 16 == GRIDBFS_ABI_MAJOR, "abi");
#if GRIDBFS_ABI < 0x10000
#error "GRIDBFS_ABI in #if"
#endif
const gridbfs_plugin *GRIDBFS_ENTRY(void) { return nullptr; }
const gridbfs_plugin2 *GRIDBFS_ENTRY2(void) { return nullptr; }
// the grid helpers, used: an inline function is compiled where it is used
unsigned f(gridbfs_grid *g) {
    gridbfs_grid_set(g, 1, 1);
    return gridbfs_grid_get(g, gridbfs_grid_words(g->rows, g->cols, g->bits));
}
EOF
    local cxx std
    # and clang++ where installed (CI has it): it warns where g++ does not
    for cxx in g++ clang++; do
        command -v $cxx >/dev/null || continue
        for std in c++11 c++17 c++20; do
            $cxx -std=$std -Wall -Wextra -Wpedantic -Wold-style-cast -Wconversion -Werror \
                -I"$PREFIX/include" -fPIC -c t.cc -o t.o ||
                fail "the header does not compile as $std with $cxx"
        done
    done
    requires nm
    run -0 nm t.o
    assert_line --regexp ' T gridbfs_plugin_abi1$'
    assert_line --regexp ' T gridbfs_plugin_abi2$'
}

@test "the guide's complete plugin is the example's source, line for line" {
    local guide=$BATS_TEST_DIRNAME/../plugins/README.md
    # the first ```c block after the heading that announces it
    awk '/^## A complete plugin/ { on = 1 } on && /^```c$/ { inside = 1; next }
         inside && /^```$/ { exit } inside' "$guide" >guide.c
    [ -s guide.c ] || fail "no \`\`\`c block under '## A complete plugin' in $guide"
    diff -u "$SRC/flip-rowcol.c" guide.c
}

@test "the ABI 2 skeleton builds against the install alone with find_package(gridbfs 2), passes its own test, and lists as ABI 2" {
    cp -R "$GRIDBFS_EXAMPLES/plugin-skeleton2" sk2
    env -u CFLAGS -u CMAKE_PREFIX_PATH cmake -S sk2 -B sk2/build \
        -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
        -DCMAKE_C_FLAGS='-Wall -Wextra -Wpedantic -Werror' >configure.log 2>&1 ||
        fail "configure: $(cat configure.log)"
    cmake --build sk2/build >build.log 2>&1 || fail "build: $(cat build.log)"
    run -0 ctest --test-dir sk2/build --output-on-failure
    assert_output --partial '100% tests passed'
    run -0 --separate-stderr "$STAGED" -P sk2/build --list-rules
    assert_line --regexp "^ +file $T/sk2/build/flip-rowcol2\.so, ABI $ABI\$"
}
