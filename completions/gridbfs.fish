# fish completion for gridbfs, read from the binary being completed as the
# bash one is (completions/gridbfs.bash says how): its --help option lines
# and formats, and its --list-rules names.
# Installed as share/fish/vendor_completions.d/gridbfs.fish.

function __gridbfs_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -l cmd $words[1]
    set -l options ($cmd --help 2>/dev/null | awk '/^ +-/ {
        for (i = 1; i <= NF && $i ~ /^-/; i++) ;
        arg = $i ~ /^[A-Z][A-Za-z]*$/ ? $i : "-"
        for (j = 1; j < i; j++) { sub(/,$/, "", $j); print $j, arg } }')
    set -l arg (string match -- "$words[-1] *" $options | string replace -r '^\S+ ' '')
    switch "$arg"
        case NAME
            $cmd --list-rules 2>/dev/null | awk '/^  [a-z0-9-]+ / { print $1 }'
        case FMT
            $cmd --help 2>/dev/null | awk '/^Formats:/ { f = 1; next } f && /^  [a-z]/ { print $1 } /^$/ { f = 0 }'
        case DIR
            __fish_complete_directories $cur
        case FILE ANSWERS INPUT OUTPUT ANSWER
            __fish_complete_path $cur
        case - ''
            if string match -q -- '-*' $cur
                string replace -r -- ' .*' '' $options
            else
                __fish_complete_path $cur
            end
    end
end
complete -c gridbfs -f -a '(__gridbfs_complete)'
