#!/usr/bin/env bats
# -o FILE: the file appears whole or not at all, through symlinks, with its
# mode and owner, never from a run that exits 2, and no temporary file is
# left on any way out; closed descriptors 0-2 and failed writes.
# (The named fallback of a filesystem without O_TMPFILE: tests/unit/outfile.c.)
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # 4 moves

setup() {
    d="$BATS_TEST_TMPDIR/d"
    mkdir "$d"
    echo "$S1" >"$BATS_TEST_TMPDIR/in"
    printf '%s\nbwwb/bbwb/bwwb\n' "$S1" >"$BATS_TEST_TMPDIR/bad" # 4, invalid
}

teardown() {
    if [ -n "${nproc_dir:-}" ]; then rm -rf "$nproc_dir"; fi
}

# only_old: $d holds out, unchanged ("old"), and no other name.
only_old() {
    run cat "$d/out"
    assert_output 'old'
    run ls -A "$d"
    assert_output 'out'
}

@test "-o through a symlink: the link stays, the file it names gets the output" {
    mkdir "$d/real"
    echo old >"$d/real/file"
    ln -s real/file "$d/link1"
    ln -s "$d/link1" "$d/link2" # a chain, absolute then relative
    run -0 --separate-stderr gridbfs -o "$d/link2" "$BATS_TEST_TMPDIR/in"
    [ -L "$d/link1" ] && [ -L "$d/link2" ]
    run cat "$d/real/file"
    assert_output '4'
    run ls -A "$d"
    assert_output $'link1\nlink2\nreal'
    run ls -A "$d/real"
    assert_output 'file'
}

@test "-o through a link another user planted in a sticky folder anyone may write: refused, the file it names unchanged" {
    # as fs.protected_symlinks has the kernel do, whatever the sysctl says:
    # as root in /tmp, such a link would make gridbfs replace any file
    [ "$EUID" -eq 0 ] || skip "giving a link to another user needs root"
    getent passwd nobody >/dev/null || skip "no user nobody"
    local s=$BATS_TEST_TMPDIR/sticky
    mkdir -m 1777 "$s"
    echo old >"$d/victim"
    ln -s "$d/victim" "$s/out"
    chown -h nobody "$s/out"
    run -2 --separate-stderr gridbfs -o "$s/out" "$BATS_TEST_TMPDIR/in"
    assert_equal "$stderr" "gridbfs: $s/out: not following the symlink $s/out: it is in a sticky folder anyone may write, and belongs to neither you nor the folder's owner"
    assert_output ''
    run cat "$d/victim"
    assert_output 'old'
    [ -L "$s/out" ]
    run ls -A "$s"
    assert_output 'out'
    # the link's owner also owns the folder: followed, as the kernel does
    chown nobody "$s"
    run -0 --separate-stderr gridbfs -o "$s/out" "$BATS_TEST_TMPDIR/in"
    run cat "$d/victim"
    assert_output '4'
    # a link of the user's own: followed
    echo old >"$d/victim"
    chown root "$s"
    chown -h root "$s/out"
    run -0 --separate-stderr gridbfs -o "$s/out" "$BATS_TEST_TMPDIR/in"
    run cat "$d/victim"
    assert_output '4'
}

@test "-o through a dangling symlink creates the file it names" {
    ln -s new "$d/link"
    run -0 --separate-stderr gridbfs -o "$d/link" "$BATS_TEST_TMPDIR/in"
    [ -L "$d/link" ]
    run cat "$d/new"
    assert_output '4'
    run ls -A "$d"
    assert_output $'link\nnew'
}

@test "-o through a symlink into /proc, as /dev/stdout is, writes the descriptor" {
    ln -s /proc/self/fd/1 "$d/stdout"
    run -0 --separate-stderr gridbfs -o "$d/stdout" "$BATS_TEST_TMPDIR/in"
    assert_output '4'
    [ -L "$d/stdout" ]
    # into a regular file: written through, never renamed over
    gridbfs -o "$d/stdout" "$BATS_TEST_TMPDIR/in" >"$d/file"
    [ -L "$d/stdout" ]
    run cat "$d/file"
    assert_output '4'
}

@test "-o /dev/stdout into a file the shell opened is standard output: written where it stands, nothing before it cut" {
    { echo before; gridbfs -o /dev/stdout "$BATS_TEST_TMPDIR/in"; echo after; } >"$d/file"
    run cat "$d/file"
    assert_output $'before\n4\nafter'
    echo old >"$d/log"
    gridbfs -o /dev/fd/1 "$BATS_TEST_TMPDIR/in" >>"$d/log"
    run cat "$d/log"
    assert_output $'old\n4'
}

@test "-o through a symlink to a device writes the device" {
    mknod "$d/null" c 1 3 2>/dev/null && echo >"$d/null" ||
        skip "cannot make a device node here"
    ln -s null "$d/link"
    run -0 --separate-stderr gridbfs -o "$d/link" "$BATS_TEST_TMPDIR/in"
    [ -L "$d/link" ] && [ -c "$d/null" ]
    run ls -A "$d"
    assert_output $'link\nnull'
}

@test "-o keeps an old file's mode and owner; a new file gets 0666 & ~umask" {
    echo old >"$d/out"
    chmod 0600 "$d/out"
    chown nobody:nogroup "$d/out" || skip "cannot give a file to nobody"
    run -0 --separate-stderr gridbfs -o "$d/out" "$BATS_TEST_TMPDIR/in"
    run stat -c '%a %U:%G' "$d/out"
    assert_output '600 nobody:nogroup'
    run cat "$d/out"
    assert_output '4'
    umask 027
    run -0 --separate-stderr gridbfs -o "$d/new" "$BATS_TEST_TMPDIR/in"
    run stat -c '%a %U' "$d/new"
    assert_output '640 root'
}

@test "-o: exit 2 (an input that cannot be read) keeps the old file byte for byte" {
    printf 'old\r\n\0bytes' >"$d/out"
    cp "$d/out" "$BATS_TEST_TMPDIR/want"
    run -2 --separate-stderr gridbfs -o "$d/out" "$BATS_TEST_TMPDIR/in" "$d/missing"
    assert_regex "$stderr" "^gridbfs: $d/missing: No such file or directory$"
    cmp "$BATS_TEST_TMPDIR/want" "$d/out"
    run ls -A "$d"
    assert_output 'out'
}

@test "-o: exit 1 (an invalid record) still writes the whole file" {
    echo old >"$d/out"
    run -1 --separate-stderr gridbfs -o "$d/out" "$BATS_TEST_TMPDIR/bad"
    assert_regex "$stderr" 'board 1 has 3 rows, expected 4'
    run cat "$d/out"
    assert_output $'4\ninvalid'
}

@test "-o: out of memory leaves the old file and no temporary one" {
    echo old >"$d/out"
    # a 5x6 distance table needs 5 GiB: refuse it, whatever the build (the
    # search engine, so that a table is built; the budgets let it try)
    printf 'limits: {table_memory: 1099511627776, memory: 1099511627776}\nrules:\n  t: {plugin: flip-neighbors, engine: search}\n' >"$BATS_TEST_TMPDIR/big.yaml"
    echo 'bbbbbb/bbbbbb/bbbbbb/bbbbbb/bbbbbw' >"$BATS_TEST_TMPDIR/in30"
    run -2 --separate-stderr bash -c '
        if ldd "$GRIDBFS" | grep -q libasan; then
            export ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=1024:detect_leaks=0
        else
            ulimit -v 2097152
        fi
        exec "$GRIDBFS" -j1 -c "$1" -r t -s 5x6 -o "$2" "$3"' _ \
        "$BATS_TEST_TMPDIR/big.yaml" "$d/out" "$BATS_TEST_TMPDIR/in30"
    assert_regex "$stderr" 'gridbfs: out of memory'
    only_old
}

@test "-o: a thread that cannot start leaves the old file and no temporary one" {
    # limited to one process, the first worker thread fails; root is not
    # limited, so as root this runs as nobody (who has no other process);
    # any other user has this suite's processes already
    local as=() gridbfs=$GRIDBFS
    # nobody reaches nothing in a checkout only its owner may enter (a
    # clone under /root): it runs a copy of the build's binary, plugins
    # and configuration, in a folder outside it that anyone may enter
    nproc_dir=$(mktemp -d /tmp/gridbfs-outfile.XXXXXX)
    chmod 0755 "$nproc_dir"
    if [ "$EUID" -eq 0 ]; then
        requires setpriv
        getent passwd nobody >/dev/null || skip "no user nobody"
        as=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
        local bin=${GRIDBFS%/*} plugins=${GRIDBFS_PLUGIN_DIR:?set by ctest}
        local top=${bin%/*}
        mkdir -p "$nproc_dir/bin" "$nproc_dir/share" "$nproc_dir/${plugins#"$top"/}"
        cp "$GRIDBFS" "$nproc_dir/bin/"
        cp -r "$top/share/gridbfs" "$nproc_dir/share/"
        cp "$plugins"/*.so "$nproc_dir/${plugins#"$top"/}/"
        gridbfs=$nproc_dir/bin/${GRIDBFS##*/}
    fi
    d="$nproc_dir/d"
    mkdir "$d"
    echo old >"$d/out"
    # the workers start once the work is seen to outlast their start (a
    # short input never starts them): 200,000 records are far more
    yes "$S1" | head -n 200000 >"$nproc_dir/in"
    [ "$EUID" -ne 0 ] || chown -R nobody "$d"
    run -2 --separate-stderr bash -c '
        ulimit -u 1
        ASAN_OPTIONS=detect_leaks=0 exec "${@:4}" "$1" -j2 -o "$2" "$3"' \
        _ "$gridbfs" "$d/out" "$nproc_dir/in" "${as[@]}"
    assert_regex "$stderr" 'gridbfs: cannot start a thread'
    only_old
}

@test "-o: SIGPIPE from a closed stderr leaves the old file and no temporary one" {
    echo old >"$d/out"
    # a pipe whose reader is gone before gridbfs starts
    mkfifo "$BATS_TEST_TMPDIR/p"
    local r w st=0
    exec {r}<>"$BATS_TEST_TMPDIR/p"
    exec {w}>"$BATS_TEST_TMPDIR/p"
    exec {r}<&-
    env --default-signal=PIPE "$GRIDBFS" -o "$d/out" "$BATS_TEST_TMPDIR/bad" \
        2>&"$w" || st=$?
    exec {w}>&-
    [ "$st" -eq $((128 + 13)) ] # SIGPIPE, at the message for the invalid record
    only_old
}

@test "-o: SIGXFSZ (ulimit -f) leaves the old file and no temporary one" {
    echo old >"$d/out"
    yes "$S1" | head -n 100000 >"$BATS_TEST_TMPDIR/many" # 200 kB of answers
    run -$((128 + 25)) bash -c 'ulimit -c 0; ulimit -f 64
        exec env --default-signal=XFSZ "$GRIDBFS" -o "$1" "$2"' _ \
        "$d/out" "$BATS_TEST_TMPDIR/many"
    only_old
}

@test "-o: SIGQUIT, SIGTERM, SIGINT, SIGHUP leave the old file and no temporary one" {
    ulimit -c 0
    local sig num pid fd st
    for sig in QUIT TERM INT HUP; do
        echo old >"$d/out"
        mkfifo "$BATS_TEST_TMPDIR/fifo"
        # (bash starts background commands with SIGINT and SIGQUIT ignored)
        env --default-signal=INT,QUIT "$GRIDBFS" -o "$d/out" \
            "$BATS_TEST_TMPDIR/fifo" 2>/dev/null &
        pid=$!
        # the open returns once gridbfs opens its input, after -o's file
        exec {fd}>"$BATS_TEST_TMPDIR/fifo"
        echo "$S1" >&"$fd"
        kill -s "$sig" "$pid"
        st=0
        wait "$pid" || st=$?
        exec {fd}>&-
        rm "$BATS_TEST_TMPDIR/fifo"
        num=$(kill -l "$sig")
        [ "$st" -eq $((128 + num)) ]
        only_old
    done
}

@test "closed stderr: messages never land in the -o file" {
    echo old >"$d/out"
    run -1 bash -c '"$GRIDBFS" -o "$1" "$2" 2>&-' _ "$d/out" "$BATS_TEST_TMPDIR/bad"
    run cat "$d/out"
    assert_output $'4\ninvalid'
}

@test "closed stdin: an error, exit 2, never the -o file read as input" {
    echo old >"$d/out"
    run -2 --separate-stderr bash -c '"$GRIDBFS" -o "$1" <&-' _ "$d/out"
    assert_regex "$stderr" '^gridbfs: <stdin>: Bad file descriptor$'
    only_old
}

@test "closed stdout: -o still writes its file; without -o, one write error" {
    echo old >"$d/out"
    run -0 --separate-stderr bash -c '"$GRIDBFS" -o "$1" "$2" >&-' _ \
        "$d/out" "$BATS_TEST_TMPDIR/in"
    run cat "$d/out"
    assert_output '4'
    run -2 --separate-stderr bash -c '"$GRIDBFS" "$1" >&-' _ "$BATS_TEST_TMPDIR/in"
    assert_output ''
    assert_regex "$stderr" '^gridbfs: <stdout>: write error: Bad file descriptor$'
}

@test "a failed write is reported once: one line, exit 2" {
    [ -w /dev/full ] || skip "no /dev/full"
    for j in 1 2; do
        run -2 --separate-stderr bash -c '"$GRIDBFS" -j "$1" "$2" >/dev/full' _ \
            "$j" "$GRIDBFS_EXAMPLES/poj1753.txt"
        assert_output ''
        assert_regex "$stderr" '^gridbfs: <stdout>: write error: No space left on device$'
        run -2 --separate-stderr gridbfs -j "$j" -o /dev/full "$GRIDBFS_EXAMPLES/poj1753.txt"
        assert_regex "$stderr" '^gridbfs: /dev/full: write error: No space left on device$'
    done
}

# Run gridbfs with SIGPIPE ignored and standard output a pipe nobody reads
# (a FIFO whose one reader closed): every write fails with EPIPE.
unread_pipe() {
    bash -c 'trap "" PIPE; mkfifo "$1/fifo"; exec 3<>"$1/fifo" 4>"$1/fifo" 3<&-
        shift; exec "$GRIDBFS" "$@" >&4' _ "$BATS_TEST_TMPDIR" "$@"
}

@test "SIGPIPE ignored: a pipe nobody reads is one write error in every mode" {
    printf '%s\n' 'bwwb/bbwb/bwwb/bwww' >"$BATS_TEST_TMPDIR/in"
    for mode in "$BATS_TEST_TMPDIR/in" "--show $BATS_TEST_TMPDIR/in" \
        '--generate 3 --seed 1' '--census' '--list-rules' '--help' '-V' \
        "--check $BATS_TEST_TMPDIR/in $BATS_TEST_TMPDIR/in"; do
        rm -f "$BATS_TEST_TMPDIR/fifo"
        # shellcheck disable=SC2086 # the options, split
        run -2 --separate-stderr unread_pipe $mode
        assert_equal "$stderr" 'gridbfs: <stdout>: write error: Broken pipe'
    done
}
