# bash completion for gridbfs.  The options, and what each one's argument
# is, come from the `gridbfs --help` of the gridbfs being completed (its
# option lines: "-c, --config FILE  ..."), the formats from its "Formats:"
# lines and the rule names from its --list-rules, run with the -c and -P
# already on the line, so the completion never falls behind the binary or
# the configuration.  An argument is completed after its option as a word
# of its own or after --option=.  The zsh and fish completions do the same.
# Installed as share/bash-completion/completions/gridbfs.

# "OPTION ARG" a line (ARG "-" when it takes none)
_gridbfs_options()
{
    "${COMP_WORDS[0]}" --help 2>/dev/null | awk '/^ +-/ {
        for (i = 1; i <= NF && $i ~ /^-/; i++) ;
        arg = $i ~ /^[A-Z][A-Za-z]*$/ ? $i : "-"
        for (j = 1; j < i; j++) { sub(/,$/, "", $j); print $j, arg } }'
}

# The -c FILE and -P DIR options given before the word being completed, a
# word a line, to pass on to --list-rules ("--config=F" bash may have split
# into "--config" "=" "F"; a leading ~/ is the home folder).
_gridbfs_settings()
{
    local i w next=
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        [[ $w == = ]] && continue
        w=${w/#\~\//$HOME/}
        if [[ -n $next ]]; then
            printf '%s\n%s\n' "$next" "$w"
            next=
            continue
        fi
        case $w in
        -c | --config) next=-c ;;
        -P | --plugin-dir) next=-P ;;
        --config=?*) printf '%s\n%s\n' -c "${w#*=}" ;;
        --plugin-dir=?*) printf '%s\n%s\n' -P "${w#*=}" ;;
        -c?*) printf '%s\n%s\n' -c "${w#-c}" ;;
        -P?*) printf '%s\n%s\n' -P "${w#-P}" ;;
        esac
    done
}

_gridbfs()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local options arg lead=
    local -a settings
    COMPREPLY=()
    # --opt=VALUE: one word when = is not in COMP_WORDBREAKS, else three
    if [[ $cur == =* && $prev == --* ]]; then
        cur=${cur#=}
    elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        lead=$prev=
        cur=${cur#*=}
    fi
    options=$(_gridbfs_options)
    arg=$(awk -v o="$prev" '$1 == o { print $2 }' <<<"$options")
    case $arg in
    NAME)
        mapfile -t settings < <(_gridbfs_settings)
        mapfile -t COMPREPLY < <(compgen -P "$lead" -W "$("${COMP_WORDS[0]}" "${settings[@]}" --list-rules 2>/dev/null |
            awk '/^  [a-z0-9-]+ / { print $1 }')" -- "$cur")
        return ;;
    FMT)
        mapfile -t COMPREPLY < <(compgen -P "$lead" -W "$("${COMP_WORDS[0]}" --help 2>/dev/null |
            awk '/^Formats:/ { f = 1; next } f && /^  [a-z]/ { print $1 } /^$/ { f = 0 }')" -- "$cur")
        return ;;
    DIR)
        mapfile -t COMPREPLY < <(compgen -P "$lead" -d -- "$cur")
        return ;;
    FILE | ANSWERS | INPUT | OUTPUT | ANSWER)
        mapfile -t COMPREPLY < <(compgen -P "$lead" -f -- "$cur")
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
