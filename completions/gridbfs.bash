# bash completion for gridbfs.  The options, and what each one's argument
# is, come from the `gridbfs --help` of the gridbfs being completed (its
# option lines: "-c, --config FILE  ..."), the formats from its "Formats:"
# lines and the rule names from its --list-rules, so the completion never
# falls behind the binary.  The zsh and fish completions read the same.
# Installed as share/bash-completion/completions/gridbfs.

# "OPTION ARG" a line (ARG "-" when it takes none)
_gridbfs_options()
{
    "${COMP_WORDS[0]}" --help 2>/dev/null | awk '/^ +-/ {
        for (i = 1; i <= NF && $i ~ /^-/; i++) ;
        arg = $i ~ /^[A-Z][A-Za-z]*$/ ? $i : "-"
        for (j = 1; j < i; j++) { sub(/,$/, "", $j); print $j, arg } }'
}

_gridbfs()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local options arg
    COMPREPLY=()
    options=$(_gridbfs_options)
    arg=$(awk -v o="$prev" '$1 == o { print $2 }' <<<"$options")
    case $arg in
    NAME)
        mapfile -t COMPREPLY < <(compgen -W "$("${COMP_WORDS[0]}" --list-rules 2>/dev/null |
            awk '/^  [a-z0-9-]+ / { print $1 }')" -- "$cur")
        return ;;
    FMT)
        mapfile -t COMPREPLY < <(compgen -W "$("${COMP_WORDS[0]}" --help 2>/dev/null |
            awk '/^Formats:/ { f = 1; next } f && /^  [a-z]/ { print $1 } /^$/ { f = 0 }')" -- "$cur")
        return ;;
    DIR)
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return ;;
    FILE | ANSWERS | INPUT | OUTPUT | ANSWER)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return ;;
    -) ;;
    ?*) return ;; # a number, a size, a seed: nothing to offer
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(cut -d' ' -f1 <<<"$options")" -- "$cur")
    else
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}
complete -o filenames -F _gridbfs gridbfs
