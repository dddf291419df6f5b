# bash completion for gridbfs: options, formats, and the rule names that
# gridbfs --list-rules gives (its profiles and the plugins it finds).
# Installed as share/bash-completion/completions/gridbfs.

_gridbfs_rules()
{
    # the names at the start of the listing's indented lines
    "${COMP_WORDS[0]}" --list-rules 2>/dev/null |
        awk '/^  [a-z0-9-]+ / { print $1 }'
}

_gridbfs()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local opts='-c --config -r --rule -s --size -f --format -p --path
        --no-path --no-header -o --output -j --jobs -P --plugin-dir -q
        --quiet --stats --progress --no-progress --list-rules --check-config
        --census --ones -h --help -V --version'
    case $prev in
    -c | --config | -o | --output)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return ;;
    -P | --plugin-dir)
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return ;;
    -r | --rule)
        mapfile -t COMPREPLY < <(compgen -W "$(_gridbfs_rules)" -- "$cur")
        return ;;
    -f | --format)
        mapfile -t COMPREPLY < <(compgen -W 'judge csv jsonl' -- "$cur")
        return ;;
    -s | --size | -j | --jobs | --ones)
        return ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    else
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}
complete -o filenames -F _gridbfs gridbfs
