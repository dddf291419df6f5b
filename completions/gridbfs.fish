# fish completion for gridbfs, read from the binary being completed as the
# bash one is (completions/gridbfs.bash says how): its --help option lines
# and formats, and its --list-rules names with the -c and -P already on
# the line; an argument after its option or after --option=.
# Installed as share/fish/vendor_completions.d/gridbfs.fish.

# The -c FILE and -P DIR among the words given, for --list-rules.
function __gridbfs_settings
    set -l next
    for w in $argv
        set w (string replace -r -- '^~/' "$HOME/" $w)
        if test -n "$next"
            printf '%s\n' $next $w
            set next
            continue
        end
        switch $w
            case -c --config
                set next -c
            case -P --plugin-dir
                set next -P
            case '--config=?*'
                printf '%s\n' -c (string replace -r -- '^[^=]*=' '' $w)
            case '--plugin-dir=?*'
                printf '%s\n' -P (string replace -r -- '^[^=]*=' '' $w)
            case '-c?*' '-P?*'
                printf '%s\n' (string sub -l 2 -- $w) (string sub -s 3 -- $w)
        end
    end
end

function __gridbfs_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -l cmd $words[1]
    set -l prev $words[-1]
    set -l lead
    if string match -qr -- '^--[^=]+=' $cur # --opt=VALUE: complete VALUE
        set prev (string replace -r -- '=.*' '' $cur)
        set lead $prev=
        set cur (string replace -r -- '^[^=]*=' '' $cur)
    end
    set -l options ($cmd --help 2>/dev/null | awk '/^ +-/ {
        for (i = 1; i <= NF && $i ~ /^-/; i++) ;
        arg = $i ~ /^[A-Z][A-Za-z]*$/ ? $i : "-"
        for (j = 1; j < i; j++) { sub(/,$/, "", $j); print $j, arg } }')
    set -l arg (string match -- "$prev *" $options | string replace -r '^\S+ ' '')
    switch "$arg"
        case NAME
            set -l settings (__gridbfs_settings $words[2..-1])
            $cmd $settings --list-rules 2>/dev/null | awk -v l="$lead" '/^  [a-z0-9-]+ / { print l $1 }'
        case FMT
            $cmd --help 2>/dev/null | awk -v l="$lead" '/^Formats:/ { f = 1; next } f && /^  [a-z]/ { print l $1 } /^$/ { f = 0 }'
        case DIR
            __fish_complete_directories $cur | string replace -r -- '^' "$lead"
        case FILE ANSWERS INPUT OUTPUT ANSWER
            __fish_complete_path $cur | string replace -r -- '^' "$lead"
        case - ''
            if test -z "$lead"; and string match -q -- '-*' $cur
                string replace -r -- ' .*' '' $options
            else if test -z "$lead"
                __fish_complete_path $cur
            end
    end
end
complete -c gridbfs -f -a '(__gridbfs_complete)'
