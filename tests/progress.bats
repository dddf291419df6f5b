#!/usr/bin/env bats
# What a person sees (issue 13): the progress line on a real terminal
# (tmux, its screen read back with capture-pane), answers on a terminal as
# they are solved, Ctrl-C, --progress into a file, -q and --stats.
#
# Slow runs are slow for a reason of their own, never a clock: a pipe fed
# a line at a time, a FIFO that is not yet written, or a run stopped
# (SIGSTOP) at a known point for longer than the progress line's delay.
# No test asserts how long anything took: what is held is held until the
# test has seen it, or the terminal's record (pipe-pane) keeps what was
# drawn.  One hold is a poll between answers (a slow file's), and is given
# hundreds of milliseconds of them to land in.  The waits only guard
# against a hang.
bats_require_minimum_version 1.5.0
load test_helper/common

S1='bwwb/bbwb/bwwb/bwww' # poj1753: 4 moves
MIB=1048576
WAIT_TENTHS=1200 # the longest wait for a screen, against a hang: 2 min

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
    # tmux servers of the test's own, their sockets in its folder (a suite
    # run from inside tmux too)
    unset TMUX
    export TMUX_TMPDIR=$BATS_TEST_TMPDIR
    TERMS=0
    # flip-lines on 2x31 boards by search: every record ends as `limit`
    # once its search has filled limits.memory, which takes a while
    printf 'limits: {memory: %d}\nrules:\n  big: {plugin: flip-lines, engine: search}\n' \
        $((64 * MIB)) >c.yaml
    BIG="rule=big size=2x31 $(printf -- '+-%.0s' $(seq 15))+/-+$(printf -- '-%.0s' $(seq 29))"
}

teardown() {
    term_end
}

# term CMD: run CMD with bash in a fresh 100x30 tmux terminal, in this
# test's folder; when it ends, the screen shows "[exit STATUS]" and stays.
# Ctrl-C ends CMD only: the shell around it catches SIGINT (a caught signal
# is the default again in CMD).
# Each terminal has a tmux server of its own (one that is still shutting
# down cannot take a new session).
term() {
    requires tmux
    TERMS=$((TERMS + 1))
    TMUX_SERVER=t$TERMS
    printf 'trap : INT\n%s\necho "[exit $?]"\nsleep 600\n' "$1" >term.sh
    tmux -L "$TMUX_SERVER" -f /dev/null new-session -d -s t -x 100 -y 30 \
        -c "$BATS_TEST_TMPDIR" "exec bash --norc --noprofile term.sh"
}

# term_end: close the terminal, and what runs in it.
term_end() {
    [ -z "${TMUX_SERVER:-}" ] || tmux -L "$TMUX_SERVER" kill-server 2>/dev/null || true
}

# screen: what the terminal shows now, lines it wrapped joined again,
# trailing blank lines left out.
screen() {
    tmux -L "$TMUX_SERVER" capture-pane -p -J -t t | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# screen_wait REGEX: wait until the screen matches REGEX (bash =~), and
# leave it in $shown.
screen_wait() {
    local i
    for ((i = 0; i < WAIT_TENTHS; i++)); do
        shown=$(screen)
        [[ $shown =~ $1 ]] && return 0
        sleep 0.1
    done
    fail "the screen never matched '$1'; it shows:"$'\n'"$shown"
}

# repeat LINE N: LINE, N times.
repeat() {
    local i
    for ((i = 0; i < $2; i++)); do
        printf '%s\n' "$1"
    done
}

# wait_pid: wait for the file pid (written by CMD of term) and leave the
# process id in $pid.
wait_pid() {
    local i
    for ((i = 0; i < WAIT_TENTHS; i++)); do
        [ -s pid ] && break
        sleep 0.1
    done
    pid=$(cat pid)
}

# hold PID TEST...: stop PID at a point where TEST... (run while it is
# stopped) holds, and leave it stopped there.  A run is held at a known
# point this way, not timed.
hold() {
    local pid=$1 i
    shift
    for ((i = 0; i < 10 * WAIT_TENTHS; i++)); do
        kill -STOP "$pid" 2>/dev/null || fail "it ended before it could be held where: $*"
        "$@" && return 0
        kill -CONT "$pid"
        sleep 0.01
    done
    fail "it never got where: $*"
}

# started PID: its progress clock runs: every thread besides the main one
# starts after the clock does, before any input is read.
started() {
    [ "$(awk '/^Threads:/ {print $2}' "/proc/$1/status")" -ge 2 ]
}

# answered REGEX: the screen shows REGEX (an answer written).
answered() {
    [[ $(screen) =~ $1 ]]
}

# past_delay PID: with PID held, wait for longer than the progress line's
# delay (a second), then let it go on: a clock's lower bound, not a timing.
past_delay() {
    sleep 1.5
    kill -CONT "$1"
}

# log_screen: from now on, everything written to the terminal, escape codes
# and all, goes to pane.log, so a line drawn and erased soon after is seen
# however fast that was.
log_screen() {
    tmux -L "$TMUX_SERVER" pipe-pane -t t -o "cat >>'$BATS_TEST_TMPDIR/pane.log'"
}

# the progress line's words, as a regex
PROGRESS='gridbfs: [0-9,]+ records? answered'

@test "README command 1 on a terminal: the answers, and nothing else" {
    local cmd="'$GRIDBFS' '$GRIDBFS_EXAMPLES/poj1753.txt' && '$GRIDBFS' -f csv '$GRIDBFS_EXAMPLES/mixed.lines'"
    local want
    want=$(bash -c "$cmd")$'\n[exit 0]'
    term "$cmd"
    screen_wait '\[exit [0-9]+\]'
    assert_equal "$shown" "$want"
}

@test "a slow run on a terminal shows a progress line below whole answers, gone at the end" {
    # the input lasts past the delay (3 s of pauses), then waits on a FIFO
    # until the line has been seen
    local j
    mkfifo more
    for j in 1 2; do
        term "{ for i in \$(seq 10); do echo '$S1'; sleep 0.3; done; cat more; } | '$GRIDBFS' -j$j"
        # the line, alone on the last row, under answers that are whole lines
        screen_wait "(^|"$'\n'")4"$'\n'"$PROGRESS, [0-9]+:[0-9][0-9] elapsed\$"
        [ -z "$(sed '$d' <<<"$shown" | grep -vx 4)" ] || fail "-j$j: garbled: $shown"
        echo "$S1" >more
        screen_wait '\[exit [0-9]+\]'
        assert_equal "$shown" "$(repeat 4 11)"$'\n[exit 0]'
        term_end
    done
}

@test "the progress line counts the answers above it, whenever it shows" {
    # answers come every 0.3 s, out of step with the 0.25 s redraws: each
    # screen read while the run lasts that shows the line must count the
    # answers written above it, never fewer
    # answers; the input then waits on a FIFO until the line has been seen
    local seen=0 n i
    mkfifo more
    term "{ for i in \$(seq 12); do echo '$S1'; sleep 0.3; done; cat more; } | '$GRIDBFS' -j1"
    for ((i = 0; i < 2 * WAIT_TENTHS; i++)); do
        shown=$(screen)
        [[ $shown != *'[exit '* ]] || break
        if [[ $(tail -n 1 <<<"$shown") =~ ^gridbfs:\ ([0-9]+)\ records?\ answered ]]; then
            n=$(sed '$d' <<<"$shown" | grep -cx 4)
            [ "${BASH_REMATCH[1]}" = "$n" ] ||
                fail "the line counts ${BASH_REMATCH[1]} under $n answers: $shown"
            seen=$((seen + 1))
            # let the input end (the FIFO's writer waits for its reader)
            [ "$seen" -gt 1 ] || { echo "$S1" >more & }
        fi
        sleep 0.05
    done
    wait
    [ "$seen" -gt 0 ] || fail "the progress line never showed"
    assert_equal "$shown" "$(repeat 4 13)"$'\n[exit 0]'
}

@test "a slow file on a terminal: the share of the input answered and the time left" {
    # held once an answer is written and before the last (the time left
    # is measured on what was answered), for longer than the delay; let
    # go, the line shows, and the terminal's record keeps it.  The hold
    # is a poll, so the answers are 16 searches of a few tens of ms each
    # (a few hundred under the sanitizers): one of its chances, every
    # 20 ms or so, lands among them
    for _ in $(seq 16); do echo "$BIG"; done >slow
    term "'$GRIDBFS' -q -j1 -c c.yaml slow & echo \$! >pid; wait \$!"
    log_screen
    wait_pid
    hold "$pid" answered '^limit'
    past_delay "$pid"
    screen_wait '\[exit [0-9]+\]'
    assert_equal "$shown" "$(repeat limit 16)"$'\n[exit 1]'
    assert_regex "$(cat pane.log)" "$PROGRESS, [0-9]+%, [0-9]+:[0-9][0-9] elapsed, [0-9]+:[0-9][0-9] left"
}

@test "while no answer is written, the progress line's clock still moves" {
    # one answer, then input that waits (a FIFO not yet written): as during
    # one long puzzle, nothing is written, but the elapsed time ticks on
    mkfifo more
    term "{ echo '$S1'; cat more; } | '$GRIDBFS' -j1"
    screen_wait "^4"$'\n'"$PROGRESS, 0:01 elapsed\$"
    screen_wait "^4"$'\n'"$PROGRESS, 0:0[2-9] elapsed\$"
    echo "$S1" >more
    screen_wait '\[exit [0-9]+\]'
    assert_equal "$shown" $'4\n4\n[exit 0]'
}

@test "out of memory on a terminal: the message on a line of its own, not on the progress line" {
    requires prlimit
    sed 's/limits: {memory: [0-9]*}/limits: {memory: 1073741824}/' c.yaml >c1g.yaml
    mkfifo more
    # answers come slowly, so the progress line shows; then the address
    # space is capped where it is, and a search that needs more comes
    term "{ for i in \$(seq 8); do echo '$S1'; sleep 0.3; done; cat more; } | ASAN_OPTIONS=allocator_may_return_null=1 '$GRIDBFS' -j1 -c c1g.yaml & echo \$! >pid; wait \$!"
    screen_wait "(^|"$'\n'")4"$'\n'"$PROGRESS, [0-9]+:[0-9][0-9] elapsed\$"
    local pid vm
    pid=$(cat pid)
    vm=$(awk '/^VmSize:/ {print $2}' "/proc/$pid/status")
    prlimit --pid "$pid" --as=$(((vm + 16384) * 1024))
    echo "$BIG" >more
    screen_wait '\[exit [0-9]+\]'
    assert_equal "$shown" "$(repeat 4 8)"$'\ngridbfs: out of memory\n[exit 2]'
}

@test "--census on a terminal: a progress line of targets while it runs, gone at the end" {
    # The line is drawn when a target is done a second after the census
    # began.  The census is held at a known point: stopped once its second
    # thread is up (with hundreds of targets left) for longer than that
    # second, then let go; so it draws the line however fast or slow the
    # build is, and the terminal's record shows it however soon the end
    # erased it.
    term "'$GRIDBFS' --census -r swap-adjacent -s 4x4 --ones 5 -j2 & echo \$! >pid; wait \$!"
    log_screen
    wait_pid
    hold "$pid" started "$pid"
    past_delay "$pid"
    screen_wait '\[exit [0-9]+\]'
    [[ $shown != *'targets done'* ]] || fail "the progress line is left: $shown"
    assert_regex "$shown" $'\nlargest distance: [0-9]+ \\([0-9,]+ pairs\\)\n'
    assert_equal "$(tail -n 1 <<<"$shown")" '[exit 0]'
    assert_regex "$(cat pane.log)" "gridbfs: [0-9,]+ targets? done, [0-9]+%, [0-9]+:[0-9][0-9] elapsed"
}

@test "--no-progress: no progress line on a terminal; and none while the input is typed there" {
    term "for i in \$(seq 6); do echo '$S1'; sleep 0.3; done | '$GRIDBFS' --no-progress"
    local i
    for ((i = 0; i < WAIT_TENTHS; i++)); do
        shown=$(screen)
        [[ $shown != *answered* ]] || fail "a progress line: $shown"
        [[ $shown =~ \[exit\ [0-9]+\] ]] && break
        sleep 0.1
    done
    assert_equal "$shown" "$(repeat 4 6)"$'\n[exit 0]'
    term_end
    # standard input is the terminal: the echo of what is typed would
    # land on the progress line, so there is none unless asked
    term "'$GRIDBFS' -j1"
    for i in 1 2 3 4 5 6; do
        tmux -L "$TMUX_SERVER" send-keys -t t "$S1" Enter
        sleep 0.3
    done
    tmux -L "$TMUX_SERVER" send-keys -t t C-d
    screen_wait '\[exit [0-9]+\]'
    assert_equal "$shown" "$(repeat "$S1"$'\n'4 6)"$'\n[exit 0]'
}

@test "on a terminal each answer shows as soon as it is found" {
    # gridbfs answers the file, then waits to open the FIFO: by then every
    # answer of the file must be on the screen, not held in a buffer
    for _ in $(seq 3); do echo "$BIG"; done >slow
    mkfifo more
    sed 's/64/4/' c.yaml >c4.yaml # the wait is the FIFO's: quick searches
    local j
    for j in 1 2; do
        term "'$GRIDBFS' -q -j$j -c c4.yaml slow more"
        screen_wait '^limit'$'\n''limit'$'\n''limit($|'$'\n'')'
        [[ $shown != *'[exit'* ]] || fail "-j$j: the run ended before the FIFO was written"
        echo "$S1" >more
        screen_wait '\[exit [0-9]+\]'
        assert_equal "$shown" $'limit\nlimit\nlimit\n4\n[exit 1]'
        term_end
    done
}

@test "Ctrl-C and SIGTERM: the answers already given stay, the progress line goes" {
    term "while :; do echo '$S1'; sleep 0.2; done | '$GRIDBFS' -j2"
    screen_wait "4"$'\n'"4"$'\n'"4"$'\n'"$PROGRESS"
    tmux -L "$TMUX_SERVER" send-keys -t t C-c
    screen_wait '\[exit [0-9]+\]'
    [[ $shown != *answered* ]] || fail "the progress line is left: $shown"
    # whole answers, then the shell's line (after the terminal's echo of
    # ^C when the progress line was not there to be erased with it)
    [ -z "$(sed '$d' <<<"$shown" | grep -vx 4)" ] || fail "garbled: $shown"
    assert_regex "$(tail -n 1 <<<"$shown")" '^(\^C)?\[exit 130\]$'
    [ "$(grep -cx 4 <<<"$shown")" -ge 3 ]
    term_end
    # SIGTERM too (a job in the background: its SIGINT is ignored, and
    # stays so)
    term "while :; do echo '$S1'; sleep 0.2; done | '$GRIDBFS' -j2 & echo \$! >pid; wait \$!"
    screen_wait "4"$'\n'"4"$'\n'"4"$'\n'"$PROGRESS"
    kill -TERM "$(cat pid)"
    screen_wait '\[exit [0-9]+\]'
    [[ $shown != *answered* ]] || fail "the progress line is left: $shown"
    [ -z "$(sed '$d' <<<"$shown" | grep -vx 4)" ] || fail "garbled: $shown"
    assert_equal "$(tail -n 1 <<<"$shown")" '[exit 143]'
}

# check_percent FILE RECORDS: every progress line in FILE has the share of
# the input that its count of answered records took (the records are all
# alike), and lines are at least a second apart (elapsed always moves).
check_percent() {
    local file=$1 total=$2 n pct secs last=-1 count=0
    while read -r n pct secs; do
        n=${n//,/}
        [ "$pct" -eq $((100 * n / total)) ] ||
            fail "$n of $total records answered, but $pct% shown: $(cat "$file")"
        [ "$secs" -gt "$last" ] || fail "two lines within a second: $(cat "$file")"
        last=$secs
        count=$((count + 1))
    done < <(sed -nE 's/^gridbfs: ([0-9,]+) records? answered, ([0-9]+)%, ([0-9]+):([0-9]+) elapsed.*/\1 \2 \3\4/p' "$file")
    lines=$count
}

@test "--progress into a file: plain lines, the share answered of line and grid input, for -j1 and -j2" {
    local board=${BIG##* }
    for _ in $(seq 10); do echo "$BIG"; done >lines
    for _ in $(seq 10); do tr / '\n' <<<"$board"; done >grid
    local f j pid
    for f in lines-1 grid-1 lines-2; do
        j=${f#*-} f=${f%-*}
        # held once its clock runs, past the delay: it writes a line
        "$GRIDBFS" -q -j$j -c c.yaml -r big -s 2x31 --progress "$f" >out 2>err &
        pid=$!
        hold "$pid" started "$pid"
        past_delay "$pid"
        wait "$pid" || true
        [ "$(grep -cx limit out)" -eq 10 ]
        ! grep -q $'[\e\r]' err || fail "escape codes in: $(cat -A err)"
        # nothing but progress lines (-q: no messages)
        ! grep -vE "^$PROGRESS, [0-9]+%, [0-9]+:[0-9]{2} elapsed(, [0-9]+:[0-9]{2} left)?\$" err ||
            fail "$f -j$j: $(cat err)"
        check_percent err 10
        [ "$lines" -ge 1 ] || fail "$f -j$j: no progress line"
    done
    # a short run shows nothing, even when asked
    run -0 --separate-stderr gridbfs --progress <<<"$S1"
    [ -z "$stderr" ]
}

@test "-q: no message for each bad record, which CSV and JSON Lines keep; errors still show" {
    printf '%s\nbwwb/bbwb/bwwb\n' "$S1" >in
    run -1 --separate-stderr gridbfs -q in
    assert_output $'4\ninvalid'
    [ -z "$stderr" ]
    run -1 --separate-stderr gridbfs --quiet -f csv in
    assert_line --index 2 --partial 'invalid,,,"board 1 has 3 rows, expected 4"'
    [ -z "$stderr" ]
    run -1 --separate-stderr gridbfs -q -f jsonl in
    assert_line --index 1 --partial '"message":"board 1 has 3 rows, expected 4"'
    [ -z "$stderr" ]
    # an input that cannot be read, and a usage error
    run -2 --separate-stderr gridbfs -q in no-such-file
    assert_output $'4\ninvalid'
    assert_equal "$stderr" 'gridbfs: no-such-file: No such file or directory'
    run -2 --separate-stderr gridbfs -q -f xml in
    assert_regex "$stderr" "^gridbfs: -f: expected"
}

@test "--stats: one line at the end, records by status, files, time and rate" {
    printf '%s\nbwbw/wwww/bbwb/bwwb\nbwwb/bbwb/bwwb\n%s\n' "$S1" "$S1" >in
    run -2 --separate-stderr gridbfs --stats -q in no-such-file
    assert_equal "${#lines[@]}" 4
    assert_equal "${stderr_lines[0]}" 'gridbfs: no-such-file: No such file or directory'
    assert_regex "${stderr_lines[1]}" '^gridbfs: 4 records \(2 solved, 1 impossible, 1 invalid, 0 limit\) from 2 files \(1 unreadable\) in [0-9]+\.[0-9]{2} s, [0-9.,]+ records/s$'
    assert_equal "${#stderr_lines[@]}" 2
    # one of each, and digits grouped by threes
    run -0 --separate-stderr gridbfs --stats <<<"$S1"
    assert_regex "$stderr" '^gridbfs: 1 record \(1 solved, 0 impossible, 0 invalid, 0 limit\) from 1 file in '
    yes "$S1" | head -n 1234 >many
    run -0 --separate-stderr gridbfs --stats many
    assert_regex "$stderr" '^gridbfs: 1,234 records \(1,234 solved,'
    # with the messages, after them
    run -1 --separate-stderr gridbfs --stats in
    assert_regex "${stderr_lines[0]}" ':3: board 1 has 3 rows, expected 4$'
    assert_regex "${stderr_lines[1]}" '^gridbfs: 4 records '
}
