/*
 * main.c - the gridbfs command: options, configuration, plugins, checking
 * them all before any record is read, and the output file; run.c streams
 * the records.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "census.h"
#include "check.h"
#include "config.h"
#include "generate.h"
#include "loader.h"
#include "outfile.h"
#include "output.h"
#include "rules.h"
#include "run.h"
#include "show.h"
#include "text.h"
#include "util.h"

#define MSG_MAX 1024
#define OUTPUT_BUFFER (1u << 20)

/* Everything the run needs; main's context, the only mutable state. */
typedef struct ctx {
    /* options */
    char **config_files; /* -c, in order */
    size_t nconfig_files;
    const char *rule;    /* -r, or NULL */
    uint32_t rows, cols; /* -s */
    const char *format;
    int path; /* -p 1, --no-path -1, the last one given; 0 neither */
    const char *output;
    long jobs;    /* -1: not given */
    int progress; /* 1 --progress, -1 --no-progress, 0 neither */
    int quiet, stats, no_header;
    int show; /* --show */
    int check_config, list_rules;
    char **files; /* the FILE operands, in order */
    int nfiles;
    const char *check;     /* --check ANSWERS */
    enum check_mode judge; /* --testlib or --kattis, else CHECK_REPORT */
    int census;            /* --census */
    long ones;             /* --ones, or -1 */
    char **plugin_dirs;
    size_t nplugin_dirs;
    generate_opts gen; /* --generate and its options */

    char exe_dir[PATH_MAX];
    int copied; /* no share/gridbfs beside the binary: the installed one's */
    config cfg;
    loader *ld;
    rules *rules;
    enum out_format out_format;
    outfile *out;
    char *outbuf; /* its stream's buffer, freed after it is closed */
    int status;
} ctx;

/*
 * One message line on stderr.  The whole line is made printable (names
 * from the command line and the configuration go into it), so nothing in
 * it can start a second line.
 */
static void msg(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void msg(const char *format, ...)
{
    char line[2 * MSG_MAX], shown[2 * MSG_MAX];
    va_list ap;
    va_start(ap, format);
    vsnprintf(line, sizeof line, format, ap);
    va_end(ap);
    fflush(stdout); /* keep stdout and stderr in order on a terminal */
    fprintf(stderr, PROGRAM_NAME ": %s\n",
            text_quote(shown, sizeof shown, line));
}

static void usage(FILE *f)
{
    fputs(
        "usage: gridbfs [OPTIONS] [FILE...]\n"
        "Solve grid puzzles in bulk: one optimal answer per puzzle record.\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "  -c, --config FILE     YAML configuration, layered over the built-in "
        "profiles\n"
        "                        (may be repeated: each over the ones before)\n"
        "  -r, --rule NAME       rule profile, or a plugin name with its "
        "defaults\n"
        "                        (default poj1753)\n"
        "  -s, --size RxC        board size for the chosen rule\n"
        "  -f, --format FMT      the output format (below)\n"
        "  -p, --path            also print one shortest move sequence\n"
        "      --no-path         never print it, whatever a profile says\n"
        "                        (the last of -p and --no-path wins)\n"
        "      --no-header       no CSV header row (for appending shards)\n"
        "      --show            draw each solved record move by move (implies "
        "-p;\n"
        "                        judge format only; highlighted on a terminal\n"
        "                        unless NO_COLOR is set or TERM is dumb)\n"
        "  -o, --output FILE     write here; the file appears whole or not at "
        "all\n"
        "  -j, --jobs N          worker threads (default: the processors this\n"
        "                        process may use)\n"
        "  -P, --plugin-dir DIR  search this folder for plugins first (may be "
        "repeated)\n"
        "      --list-rules      the profiles and plugins found, with their "
        "parameters\n"
        "                        (-f jsonl: one JSON object a line, for "
        "scripts)\n"
        "      --check-config    validate the configuration and exit\n"
        "      --progress        progress on standard error, even into a file\n"
        "                        (then plain lines, at most one a second)\n"
        "      --no-progress     no progress (by default: on a terminal)\n"
        "  -q, --quiet           no message for each invalid or limit record\n"
        "      --stats           a summary on standard error at the end\n"
        "      --check ANSWERS   judge the answers in ANSWERS to the puzzles: "
        "one\n"
        "                        verdict a case (exit 1: some not accepted)\n"
        "      --testlib INPUT OUTPUT ANSWER [RESULT [-appes]]\n"
        "                        a testlib checker (exit 0 ok, 1 wrong "
        "answer,\n"
        "                        2 presentation error, 3 fail)\n"
        "      --kattis INPUT JUDGE_ANSWER FEEDBACK_DIR [FLAGS...] < OUTPUT\n"
        "                        a Kattis output validator (exit 42 accepted,\n"
        "                        43 rejected)\n"
        /* clang-format off */
        GENERATE_HELP
        /* clang-format on */
        "      --census          figures of the rule -r at the size -s: "
        "states,\n"
        "                        solvable, distance histogram, the largest\n"
        "                        distance and an example (no FILE is read)\n"
        "      --ones K          --census of a rule with a target board: the\n"
        "                        pairs of boards with K ones (default: half)\n"
        "  -h, --help            this help\n"
        "  -V, --version         the version\n"
        "\n"
        "Formats:\n",
        f);
    for (int i = 0; i < FORMAT_COUNT; i++)
        fprintf(f, "  %-8s %s\n", output_formats[i].name,
                output_formats[i].description);
    fputs("\n"
          "Exit status: 0 all solved or impossible, 1 some record invalid, "
          "over a limit\n"
          "or not drawn by --show, 2 a usage, configuration, plugin or I/O "
          "error.\n"
          "An option that its mode would not use is a usage error, never "
          "ignored.\n",
          f);
}

enum {
    OPT_LIST_RULES = 256,
    OPT_CHECK_CONFIG,
    OPT_PROGRESS,
    OPT_NO_PROGRESS,
    OPT_STATS,
    OPT_NO_PATH,
    OPT_NO_HEADER,
    OPT_SHOW,
    OPT_CHECK,
    OPT_TESTLIB,
    OPT_KATTIS,
    OPT_CENSUS,
    OPT_ONES
};

/* An option's file or folder name: 0, or -1 for an empty one, said. */
static int nonempty(const char *option, const char *what, const char *arg)
{
    if (*arg)
        return 0;
    msg("%s: empty %s name", option, what);
    return -1;
}

/* The value of option -s, -f, -j, -o or --ones: checked and stored; 0 or
   -1. */
static int option_value(ctx *c, int o, const char *arg)
{
    char list[64], shown[TEXT_QUOTE_BUF];
    enum out_format f;
    uint64_t jobs, ones;

    if (o == 's' && text_size(arg, strlen(arg), &c->rows, &c->cols)) {
        msg("-s: expected " TEXT_SIZE_EXPECTED ", got '%s'",
            text_quote(shown, sizeof shown, arg));
        return -1;
    }
    if (o == 'f' && output_format(arg, &f)) {
        msg("-f: expected %s, got '%s'", output_format_list(list, sizeof list),
            text_quote(shown, sizeof shown, arg));
        return -1;
    }
    if (o == 'j' && text_u64(arg, strlen(arg), 0, CONFIG_MAX_JOBS, &jobs)) {
        msg("-j: expected a whole number from 0 to %d, got '%s'",
            CONFIG_MAX_JOBS, text_quote(shown, sizeof shown, arg));
        return -1;
    }
    if (o == OPT_ONES &&
        text_u64(arg, strlen(arg), 0, CENSUS_ONES_MAX, &ones)) {
        msg("--ones: expected a whole number from 0 to %d, got '%s'",
            CENSUS_ONES_MAX, text_quote(shown, sizeof shown, arg));
        return -1;
    }
    if (o == 'o' && nonempty("-o", "file", arg))
        return -1;
    if (o == OPT_ONES)
        c->ones = (long)ones;
    if (o == 'o')
        c->output = arg;
    if (o == 'f')
        c->format = arg;
    if (o == 'j')
        c->jobs = (long)jobs;
    return 0;
}

/* What a command line does: --list-rules, else the one mode of its own
   given, else answering puzzles. */
enum mode {
    MODE_ANSWER,
    MODE_SHOW,
    MODE_CHECK,
    MODE_TESTLIB,
    MODE_KATTIS,
    MODE_GENERATE,
    MODE_CENSUS,
    MODE_LIST_RULES,
    MODE_COUNT
};
static const char *const mode_names[MODE_COUNT] = {
    "answering puzzles", "--show",     "--check",  "--testlib",
    "--kattis",          "--generate", "--census", "--list-rules"};

#define MODE_BIT(m) (1u << MODE_##m)
#define MODES_ALL ((1u << MODE_COUNT) - 1)
#define MODES_ANSWERS (MODE_BIT(ANSWER) | MODE_BIT(SHOW))
#define MODES_JUDGE (MODE_BIT(TESTLIB) | MODE_BIT(KATTIS))

/* The options that say what is read or written, each with the modes that
   honour it (README, "Options and modes"); in any other mode it is a usage
   error, never ignored.  Settings that only tune how a mode works (-c, -P,
   -r, -s, -j, -q, --progress, --no-progress) are taken by every mode. */
enum use {
    USE_MODE, /* --check, --testlib, ... --show, beside --list-rules */
    USE_CHECK_CONFIG,
    USE_GENERATE_OPTS, /* --seed, --distance, --impossible, --spaced */
    USE_OUTPUT,
    USE_FORMAT,
    USE_PATH,
    USE_NO_HEADER,
    USE_STATS,
    USE_ONES,
    USE_FILES,
    USE_COUNT
};
static const unsigned use_modes[USE_COUNT] = {
    [USE_MODE] = MODES_ALL & ~MODE_BIT(LIST_RULES),
    [USE_CHECK_CONFIG] = MODES_ALL & ~MODE_BIT(LIST_RULES),
    [USE_GENERATE_OPTS] = MODE_BIT(GENERATE),
    [USE_OUTPUT] = MODES_ALL & ~MODES_JUDGE, /* a judge's RESULT is its own */
    [USE_FORMAT] = MODES_ALL & ~MODES_JUDGE & ~MODE_BIT(GENERATE),
    [USE_PATH] = MODES_ANSWERS | MODE_BIT(CHECK) | MODES_JUDGE,
    [USE_NO_HEADER] = MODE_BIT(ANSWER) | MODE_BIT(CHECK), /* --show: none */
    [USE_STATS] = MODES_ANSWERS,
    [USE_ONES] = MODE_BIT(CENSUS),
    [USE_FILES] = MODES_ANSWERS | MODE_BIT(CHECK) | MODES_JUDGE,
};

/* c's mode, --list-rules aside. */
static enum mode run_mode(const ctx *c)
{
    return c->judge == CHECK_TESTLIB  ? MODE_TESTLIB
           : c->judge == CHECK_KATTIS ? MODE_KATTIS
           : c->check                 ? MODE_CHECK
           : c->gen.have_count        ? MODE_GENERATE
           : c->census                ? MODE_CENSUS
           : c->show                  ? MODE_SHOW
                                      : MODE_ANSWER;
}

/* The first of --generate's own options given, or NULL. */
static const char *generate_opt_given(const generate_opts *g)
{
    return g->have_seed    ? "--seed"
           : g->distance   ? "--distance"
           : g->impossible ? "--impossible"
           : g->spaced     ? "--spaced"
                           : NULL;
}

/*
 * The one place where options meet modes and each other, so that
 * --check-config refuses what the run would: two modes of their own, an
 * option the mode would ignore (use_modes above, a usage error naming the
 * option and the mode), options that exclude each other.  Returns 0, or
 * -1 after one message.
 */
static int check_option_modes(const ctx *c)
{
    enum mode rm = run_mode(c), m = c->list_rules ? MODE_LIST_RULES : rm;
    enum out_format f;
    if (!!c->judge + !!c->check + c->gen.have_count + c->census + c->show > 1) {
        msg("--check, --testlib, --kattis, --generate, --census and --show "
            "are modes of their own: give one");
        return -1;
    }
    const char *given[USE_COUNT] = {
        [USE_MODE] = rm != MODE_ANSWER ? mode_names[rm] : NULL,
        [USE_CHECK_CONFIG] = c->check_config ? "--check-config" : NULL,
        [USE_GENERATE_OPTS] = generate_opt_given(&c->gen),
        [USE_OUTPUT] = c->output ? "-o" : NULL,
        [USE_FORMAT] = c->format ? "-f" : NULL,
        [USE_PATH] = c->path > 0   ? "-p"
                     : c->path < 0 ? "--no-path"
                                   : NULL,
        [USE_NO_HEADER] = c->no_header ? "--no-header" : NULL,
        [USE_STATS] = c->stats ? "--stats" : NULL,
        [USE_ONES] = c->ones >= 0 ? "--ones" : NULL,
        [USE_FILES] = c->nfiles ? "FILE" : NULL,
    };

    for (int u = 0; u < USE_COUNT; u++) {
        unsigned ok = use_modes[u];
        if (!given[u] || ok & (1u << m))
            continue;
        if (u == USE_FILES)
            msg("%s reads no FILE", mode_names[m]);
        else if ((ok & (ok - 1)) == 0) /* one mode */
            msg("%s: only with %s", given[u], mode_names[__builtin_ctz(ok)]);
        else
            msg("%s: not with %s", given[u], mode_names[m]);
        return -1;
    }
    if (m == MODE_LIST_RULES && c->format &&
        output_format(c->format, &f) == 0 && f == FORMAT_CSV) {
        msg("-f csv: not with --list-rules (it lists as text, or with -f "
            "jsonl as JSON lines)");
        return -1;
    }
    if (c->gen.distance && c->gen.impossible) {
        msg("--distance and --impossible exclude each other");
        return -1;
    }
    return 0;
}

/* Append argv[from..to) to c's FILE operands. */
static void add_files(ctx *c, char **argv, int from, int to)
{
    if (to <= from)
        return;
    c->files = xreallocarray(c->files, (size_t)(c->nfiles + to - from),
                             sizeof *c->files);
    while (from < to)
        c->files[c->nfiles++] = argv[from++];
}

/* "-": FILEs come back in order, as option 1; ":": a missing value is
   ':', told from an unknown option ('?') */
#define SHORT_OPTIONS "-:c:r:s:f:po:j:P:qhV"
static const struct option long_options[] = {
    {"config", required_argument, NULL, 'c'},
    {"rule", required_argument, NULL, 'r'},
    {"size", required_argument, NULL, 's'},
    {"format", required_argument, NULL, 'f'},
    {"path", no_argument, NULL, 'p'},
    {"no-path", no_argument, NULL, OPT_NO_PATH},
    {"no-header", no_argument, NULL, OPT_NO_HEADER},
    {"show", no_argument, NULL, OPT_SHOW},
    {"output", required_argument, NULL, 'o'},
    {"jobs", required_argument, NULL, 'j'},
    {"plugin-dir", required_argument, NULL, 'P'},
    {"list-rules", no_argument, NULL, OPT_LIST_RULES},
    {"check-config", no_argument, NULL, OPT_CHECK_CONFIG},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"quiet", no_argument, NULL, 'q'},
    {"stats", no_argument, NULL, OPT_STATS},
    {"check", required_argument, NULL, OPT_CHECK},
    {"testlib", no_argument, NULL, OPT_TESTLIB},
    {"kattis", no_argument, NULL, OPT_KATTIS},
    {"census", no_argument, NULL, OPT_CENSUS},
    {"ones", required_argument, NULL, OPT_ONES},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    GENERATE_LONG_OPTIONS,
    {NULL, 0, NULL, 0}};
#define NLONG (sizeof long_options / sizeof long_options[0] - 1)

/*
 * The long option arg ("--NAME" or "--NAME=VALUE") that getopt_long could
 * not take: an unknown one with "did you mean" the closest long option,
 * or the options an abbreviation could stand for.
 */
static void bad_long_option(const char *arg)
{
    const char *names[NLONG], *like[NLONG];
    size_t len = strcspn(arg + 2, "="), nlike = 0;
    char name[MSG_MAX], list[MSG_MAX] = "";

    fmt(name, sizeof name, "%.*s", (int)len, arg + 2);
    for (size_t i = 0; i < NLONG; i++) {
        names[i] = long_options[i].name;
        if (strncmp(names[i], name, len) == 0)
            like[nlike++] = names[i];
    }
    for (size_t i = 0; i < nlike && nlike > 1; i++) {
        size_t at = strlen(list);
        fmt(list + at, sizeof list - at, " '--%s'", like[i]);
    }
    const char *s = text_suggest(name, names, NLONG);
    if (nlike > 1)
        msg("option '--%s' is ambiguous; possibilities:%s", name, list);
    else if (s)
        msg("unrecognized option '--%s' (did you mean '--%s'?)", name, s);
    else
        msg("unrecognized option '--%s'", name);
}

/*
 * getopt_long's fault o ('?' or ':') at argv[at], said in our own words
 * (opterr is 0): a long option gets a suggestion.
 */
static void bad_option(int o, const char *arg)
{
    int is_long = strncmp(arg, "--", 2) == 0;
    int len = (int)strcspn(arg, "=");
    if (o == ':' && is_long)
        msg("option '%.*s' requires an argument", len, arg);
    else if (o == ':')
        msg("option requires an argument -- '%c'", optopt);
    else if (is_long && optopt) /* --path=x */
        msg("option '%.*s' doesn't allow an argument", len, arg);
    else if (is_long)
        bad_long_option(arg);
    else
        msg("invalid option -- '%c'", optopt);
}

/* Option o without a value (a switch): set in c.  Returns 0, or -1 when o
   is none. */
static int take_switch(ctx *c, int o)
{
    switch (o) {
    case 'p': c->path = 1; break;
    case OPT_NO_PATH: c->path = -1; break;
    case OPT_NO_HEADER: c->no_header = 1; break;
    case OPT_SHOW: c->show = 1; break;
    case OPT_LIST_RULES: c->list_rules = 1; break;
    case OPT_CHECK_CONFIG: c->check_config = 1; break;
    case OPT_PROGRESS: c->progress = 1; break;
    case OPT_NO_PROGRESS: c->progress = -1; break;
    case 'q': c->quiet = 1; break;
    case OPT_STATS: c->stats = 1; break;
    case OPT_CENSUS: c->census = 1; break;
    default: return -1;
    }
    return 0;
}

/* Append s to the list *list of *n strings. */
static void push(char ***list, size_t *n, char *s)
{
    *list = xreallocarray(*list, *n + 1, sizeof **list);
    (*list)[(*n)++] = s;
}

/* Option o with its value arg, into c.  Returns 0, or -1 after its
   message. */
static int take_value(ctx *c, int o, char *arg)
{
    char err[MSG_MAX];
    switch (o) {
    case 'c':
        push(&c->config_files, &c->nconfig_files, arg);
        return nonempty("-c", "file", arg);
    case 'P':
        push(&c->plugin_dirs, &c->nplugin_dirs, arg);
        return nonempty("-P", "folder", arg);
    case 'r': c->rule = arg; return 0;
    case OPT_CHECK: c->check = arg; return nonempty("--check", "file", arg);
    case GENERATE_OPT_GENERATE:
    case GENERATE_OPT_SEED:
    case GENERATE_OPT_DISTANCE:
    case GENERATE_OPT_IMPOSSIBLE:
    case GENERATE_OPT_SPACED:
        if (generate_option(&c->gen, o, arg, err, sizeof err) == 0)
            return 0;
        msg("%s", err);
        return -1;
    default: /* -s, -f, -j, -o, --ones */ return option_value(c, o, arg);
    }
}

/* --help or -V (info): printed; returns 1. */
static int print_info(int info)
{
    if (info == 'h') {
        usage(stdout);
        return 1;
    }
    printf("gridbfs %s (plugin ABI 2.%d, and 1.%d)\n", GRIDBFS_VERSION,
           GRIDBFS_ABI2_MINOR, GRIDBFS_ABI_MINOR);
    return 1;
}

/*
 * Parse the command line; returns -1 after a usage error, 1 to exit 0.
 * --help and -V print (the first given) whatever mode or combination
 * the rest asks for, but not past an option that cannot be parsed
 * (unknown, without its value, or a value that is no value of it): that
 * is a usage error, as with GNU tools.
 * Options and FILEs may come in any order, but --testlib and --kattis end
 * the options: what follows them is the judge's files as testlib and
 * Kattis give them (testlib's -appes, a name with a leading '-').  Every
 * fault is said, so that a --testlib after one is known (its failures
 * exit 3).
 */
static int parse_options(ctx *c, int argc, char **argv)
{
    int o, bad = 0, unknown = 0; /* unknown: an option getopt could not take */
    int info = 0;                /* the first of -h and -V */

    opterr = 0;
    while ((o = getopt_long(argc, argv, SHORT_OPTIONS, long_options, NULL)) !=
           -1) {
        if (o == 1) { /* a FILE */
            add_files(c, argv, optind - 1, optind);
        } else if (o == '?' || o == ':') {
            bad_option(o, argv[optind - 1]);
            bad = unknown = 1;
        } else if (o == 'h' || o == 'V') {
            info = info ? info : o;
        } else if (o == OPT_TESTLIB || o == OPT_KATTIS) {
            c->judge = o == OPT_TESTLIB ? CHECK_TESTLIB : CHECK_KATTIS;
            add_files(c, argv, optind, argc);
            optind = argc;
        } else if (take_switch(c, o) != 0) {
            bad |= take_value(c, o, optarg) != 0;
        }
    }
    add_files(c, argv, optind, argc); /* after "--" */
    if (unknown)
        fputs("Try 'gridbfs --help' for more information.\n", stderr);
    if (bad)
        return -1;
    return info ? print_info(info) : check_option_modes(c);
}

/* The processors this process may run on (taskset, cpusets, containers),
   for the default -j. */
static unsigned usable_processors(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n <= CONFIG_MAX_JOBS ? (unsigned)n : 1;
}

/* The folder of the running binary, for the built-in config and plugins. */
static int find_exe_dir(ctx *c)
{
    ssize_t n = readlink("/proc/self/exe", c->exe_dir, sizeof c->exe_dir - 1);
    if (n < 0) {
        msg("cannot find my own binary: %s", strerror(errno));
        return -1;
    }
    c->exe_dir[n] = '\0';
    char *slash = strrchr(c->exe_dir, '/');
    if (slash)
        *slash = '\0';
    return 0;
}

/* A relative GRIDBFS_PLUGIN_PATH entry, said and passed over; not an error. */
static void refused_entry(void *arg, const char *entry)
{
    (void)arg;
    msg("GRIDBFS_PLUGIN_PATH: relative entry '%s' refused (entries must be "
        "absolute folders)",
        entry);
}

/*
 * The built-in configuration: beside the binary as installed (or built),
 * else in the folder it was configured to be installed to, for a binary
 * copied elsewhere; a message naming both when neither is there.
 */
static int load_builtin(ctx *c)
{
    char err[MSG_MAX], beside[PATH_MAX + 64];
    fmt(beside, sizeof beside, "%s/%s/gridbfs.yaml", c->exe_dir,
        GRIDBFS_REL_DATADIR);
    if (access(beside, F_OK) != 0 &&
        access(GRIDBFS_DATADIR "/gridbfs.yaml", F_OK) == 0) {
        c->copied = 1;
        if (config_load_file(&c->cfg, GRIDBFS_DATADIR "/gridbfs.yaml", err,
                             sizeof err) == 0)
            return 0;
    } else if (config_load_file(&c->cfg, beside, err, sizeof err) == 0) {
        return 0;
    }
    if (access(beside, F_OK) != 0)
        msg("the built-in configuration is missing: tried %s and %s "
            "(a gridbfs binary needs its share/gridbfs folder: install it, "
            "or run it from its build folder)",
            beside, GRIDBFS_DATADIR "/gridbfs.yaml");
    else
        msg("%s", err);
    return -1;
}

/* Load the built-in config, then GRIDBFS_CONFIG, then each -c; set up the
   plugin search path. */
static int setup(ctx *c)
{
    char err[MSG_MAX], path[PATH_MAX + 64];

    config_init(&c->cfg);
    if (load_builtin(c))
        return -1;
    const char *env_config = getenv("GRIDBFS_CONFIG");
    if (env_config && *env_config &&
        config_load_file(&c->cfg, env_config, err, sizeof err)) {
        msg("GRIDBFS_CONFIG: %s", err);
        return -1;
    }
    for (size_t i = 0; i < c->nconfig_files; i++)
        if (config_load_file(&c->cfg, c->config_files[i], err, sizeof err)) {
            msg("%s", err);
            return -1;
        }
    c->ld = loader_new();
    for (size_t i = 0; i < c->nplugin_dirs; i++)
        loader_add_dir(c->ld, c->plugin_dirs[i]);
    for (size_t i = 0; i < c->cfg.nplugin_dirs; i++)
        loader_add_dir(c->ld, c->cfg.plugin_dirs[i]);
    const char *env = getenv("GRIDBFS_PLUGIN_PATH");
    if (env)
        loader_add_path_list(c->ld, env, refused_entry, NULL);
    fmt(path, sizeof path, "%s/%s", c->exe_dir, GRIDBFS_REL_PLUGINDIR);
    loader_add_dir(c->ld, path);
    if (c->copied)
        loader_add_dir(c->ld, GRIDBFS_PLUGINDIR);
    return 0;
}

/* Report a rule that cannot be used, at the config place at fault. */
static void rule_error(const rule_inst *in, const char *what)
{
    const cfg_mark *at = in->error_at;
    if (at)
        msg("%s:%d:%d: %s%s", at->file, at->line, at->col, what, in->error);
    else
        msg("%s%s", what, in->error);
}

/*
 * Validate everything the run will use before reading a record: the
 * output format, every profile's plugin and parameters, the routes, and
 * the rule and size chosen.
 */
static int validate(ctx *c)
{
    char what[MSG_MAX], list[64], shown[TEXT_QUOTE_BUF];
    int ok = 1;

    if (output_format(c->format, &c->out_format)) {
        const cfg_mark *at = &c->cfg.format_at;
        msg("%s:%d:%d: format: expected %s, got '%s'", at->file, at->line,
            at->col, output_format_list(list, sizeof list),
            text_quote(shown, sizeof shown, c->format));
        ok = 0;
    }
    for (size_t i = 0; i < c->cfg.nprofiles; i++) {
        rule_inst *in = rules_get(c->rules, c->cfg.profiles[i].name, 0, 0);
        if (in->error) {
            rule_error(in, "");
            ok = 0;
        }
    }
    for (size_t i = 0; i < c->cfg.nroutes; i++) {
        const cfg_route *rt = &c->cfg.routes[i];
        rule_inst *in = rules_get(c->rules, rt->rule, 0, 0);
        if (in->error) {
            msg("%s:%d:%d: route '%s': %s", rt->at.file, rt->at.line,
                rt->at.col, text_quote(shown, sizeof shown, rt->glob),
                in->error);
            ok = 0;
        }
    }
    if (ok && c->show && c->path < 0) {
        msg("--show draws the path: it cannot go with --no-path");
        ok = 0;
    } else if (ok && c->show && c->out_format != FORMAT_JUDGE) {
        msg("--show draws boards as text, for -f judge: not -f %s (its "
            "path field has the moves)",
            output_formats[c->out_format].name);
        ok = 0;
    }
    if (!ok)
        return -1;
    rule_inst *in = rules_choose(c->rules, NULL, NULL, 0, 0, NULL);
    if (in->error) {
        const cfg_mark *at = &c->cfg.rule_at;
        if (c->rows)
            fmt(what, sizeof what, "-s %" PRIu32 "x%" PRIu32 ": ", c->rows,
                c->cols);
        else if (!c->rule && at->file)
            fmt(what, sizeof what, "%s:%d:%d: defaults: ", at->file, at->line,
                at->col);
        else
            what[0] = '\0';
        msg("%s%s", what, in->error);
        return -1;
    }
    return 0;
}

/* --list-rules, one plugin. */
static void list_plugin(void *arg, const char *name, const loaded_plugin *p,
                        const char *err)
{
    FILE *f = arg;
    /* made printable, as messages are: a folder's name may hold a line
       break, and one line of the listing must not become two */
    char shown[2 * PATH_MAX + MSG_MAX];
    if (!p) {
        fprintf(f, "  %-16s (cannot load: %s)\n", name,
                text_quote(shown, sizeof shown, err));
        return;
    }
    fprintf(f, "  %-16s %s\n", name, p->ops->summary ? p->ops->summary : "");
    fprintf(f, "  %-16s file %s, ABI %u.%u\n", "",
            text_quote(shown, sizeof shown, p->path),
            (unsigned)(p->ops->abi >> 16), (unsigned)(p->ops->abi & 0xFFFF));
    for (const gridbfs_param_doc *d = p->ops->params; d && d->key; d++)
        fprintf(f, "  %-16s   %s (default %s): %s\n", "", d->key,
                d->default_value ? d->default_value : "none",
                d->help ? d->help : "");
}

/* A profile's layout for --list-rules: layout={KEY,KEY:VALUE...}. */
static void list_layout(const cfg_layout *l, FILE *f)
{
    char size[16] = "", param[128] = "", end[128] = "", ignore[64] = "";
    if (!config_layout_on(l) && !l->one_line)
        return;
    if (l->ignore)
        fmt(ignore, sizeof ignore, ",ignore:'%s'", l->ignore);
    if (l->size != SIZE_LINE_NONE)
        fmt(size, sizeof size, ",size:%s", config_size_line_names[l->size]);
    if (l->end)
        fmt(end, sizeof end, ",end:'%s'", l->end);
    if (l->param)
        fmt(param, sizeof param, ",param:%s/%" PRIu32, l->param, l->param_rows);
    char all[512];
    fmt(all, sizeof all, "%s%s%s%s%s%s%s%s", l->count ? ",count" : "", size,
        l->name ? ",name" : "", l->blank ? ",blank" : "", end, param,
        l->one_line ? ",one_line" : "", ignore);
    fprintf(f, " layout={%s}", all + 1);
}

/* ,"key":"text" (or null) into sb. */
static void json_member(strbuf *sb, const char *key, const char *text)
{
    sb_printf(sb, ",\"%s\":", key);
    if (text)
        output_json_string(sb, text);
    else
        sb_puts(sb, "null");
}

/* --list-rules -f jsonl, one profile: every key the configuration gave. */
static void json_profile(strbuf *sb, const cfg_profile *p)
{
    const cfg_layout *l = &p->layout;
    char size[24];
    fmt(size, sizeof size, "%" PRIu32 "x%" PRIu32, p->rows, p->cols);
    sb_puts(sb, "{\"kind\":\"profile\"");
    json_member(sb, "name", p->name);
    json_member(sb, "plugin", p->plugin);
    json_member(sb, "size", p->rows ? size : NULL);
    json_member(sb, "engine", config_engine_names[p->engine]);
    sb_printf(sb, ",\"path\":%s",
              p->path < 0 ? "null"
              : p->path   ? "true"
                          : "false");
    sb_puts(sb, ",\"params\":{");
    for (size_t k = 0; k < p->nparams; k++) {
        if (k)
            sb_putc(sb, ',');
        output_json_string(sb, p->params[k].key);
        sb_putc(sb, ':');
        output_json_string(sb, p->params[k].value);
    }
    sb_putc(sb, '}');
    if (config_layout_on(l) || l->one_line) {
        sb_printf(sb,
                  ",\"layout\":{\"count\":%s,\"size\":\"%s\",\"name\":%s,"
                  "\"blank\":%s",
                  l->count ? "true" : "false", config_size_line_names[l->size],
                  l->name ? "true" : "false", l->blank ? "true" : "false");
        json_member(sb, "end", l->end);
        json_member(sb, "param", l->param);
        sb_printf(sb, ",\"param_rows\":%" PRIu32 ",\"one_line\":%s",
                  l->param_rows, l->one_line ? "true" : "false");
        json_member(sb, "ignore", l->ignore);
        sb_putc(sb, '}');
    } else {
        sb_puts(sb, ",\"layout\":null");
    }
    json_member(sb, "solved", p->solved);
    json_member(sb, "impossible", p->impossible);
    json_member(sb, "before", p->before);
    if (p->max_moves != UINT64_MAX)
        sb_printf(sb, ",\"max_moves\":%" PRIu64, p->max_moves);
    else
        sb_puts(sb, ",\"max_moves\":null");
    char accept[64];
    json_member(sb, "accept", config_accept_text(p, accept, sizeof accept));
    sb_puts(sb, "}\n");
}

/* --list-rules -f jsonl, one plugin. */
static void json_plugin(void *arg, const char *name, const loaded_plugin *p,
                        const char *err)
{
    strbuf *sb = arg;
    char abi[24];
    sb_puts(sb, "{\"kind\":\"plugin\"");
    json_member(sb, "name", name);
    if (!p) { /* the same keys as a plugin that loads, null but error */
        sb_puts(sb, ",\"summary\":null,\"file\":null,\"abi\":null,"
                    "\"params\":null");
        json_member(sb, "error", err);
        sb_puts(sb, "}\n");
        return;
    }
    fmt(abi, sizeof abi, "%u.%u", (unsigned)(p->ops->abi >> 16),
        (unsigned)(p->ops->abi & 0xFFFF));
    json_member(sb, "summary", p->ops->summary);
    json_member(sb, "file", p->path);
    json_member(sb, "abi", abi);
    sb_puts(sb, ",\"params\":[");
    for (const gridbfs_param_doc *d = p->ops->params; d && d->key; d++) {
        sb_puts(sb, d == p->ops->params ? "{\"key\":" : ",{\"key\":");
        output_json_string(sb, d->key);
        json_member(sb, "default", d->default_value);
        json_member(sb, "help", d->help);
        sb_putc(sb, '}');
    }
    sb_puts(sb, "],\"error\":null}\n");
}

/* --list-rules: the profiles, then every plugin on the search path, to
   f; as text, or with -f jsonl one object a line, for scripts. */
static void list_rules(ctx *c, FILE *f)
{
    if (c->out_format == FORMAT_JSONL) {
        strbuf sb = {0};
        for (size_t i = 0; i < c->cfg.nprofiles; i++)
            json_profile(&sb, &c->cfg.profiles[i]);
        loader_each(c->ld, json_plugin, &sb);
        fwrite(sb.p, 1, sb.len, f);
        sb_free(&sb);
        return;
    }
    fputs("profiles:\n", f);
    for (size_t i = 0; i < c->cfg.nprofiles; i++) {
        const cfg_profile *p = &c->cfg.profiles[i];
        fprintf(f, "  %-16s plugin=%s", p->name, p->plugin ? p->plugin : "?");
        if (p->rows)
            fprintf(f, " size=%" PRIu32 "x%" PRIu32, p->rows, p->cols);
        for (size_t k = 0; k < p->nparams; k++)
            fprintf(f, " %s=%s", p->params[k].key, p->params[k].value);
        if (p->path >= 0)
            fprintf(f, " path=%s", p->path ? "true" : "false");
        if (p->engine != ENGINE_AUTO)
            fprintf(f, " engine=%s", config_engine_names[p->engine]);
        list_layout(&p->layout, f);
        if (p->solved)
            fprintf(f, " solved='%s'", p->solved);
        if (p->impossible)
            fprintf(f, " impossible='%s'", p->impossible);
        if (p->before)
            fprintf(f, " before='%s'", p->before);
        if (p->max_moves != UINT64_MAX)
            fprintf(f, " max_moves=%" PRIu64, p->max_moves);
        if (p->within != UINT64_MAX) {
            char accept[64];
            fprintf(f, " accept='%s'",
                    config_accept_text(p, accept, sizeof accept));
        }
        fputc('\n', f);
    }
    fputs("plugins:\n", f);
    loader_each(c->ld, list_plugin, f);
}

/* Open where results go (-o, or standard output). */
static int open_output(ctx *c)
{
    char err[MSG_MAX];

    if (!(c->out = outfile_open(c->output, 0, err, sizeof err))) {
        msg("%s", err);
        return -1;
    }
    /* glibc takes a size only with a buffer: with NULL its own is 4 KiB */
    c->outbuf = xmalloc(OUTPUT_BUFFER);
    setvbuf(outfile_stream(c->out), c->outbuf, _IOFBF, OUTPUT_BUFFER);
    return 0;
}

/*
 * Flush and close the output, once, whatever ended the run: a run that
 * earned exit 2 (an input could not be read) leaves -o's old file as it was.
 */
static void close_output(ctx *c)
{
    char err[MSG_MAX];

    if (!c->out) /* --help, -V, an error before the output was opened */
        c->out = outfile_open(NULL, 0, err, sizeof err);
    if (outfile_close(c->out, c->status < EXIT_TROUBLE, err, sizeof err)) {
        msg("%s", err);
        c->status = EXIT_TROUBLE;
    }
    c->out = NULL;
}

/*
 * How progress shows (the last of --progress and --no-progress wins): on
 * a terminal, one line redrawn in place; forced into a file or a pipe,
 * plain lines; by default only on a terminal, and not while the user
 * types the input on one (the echo would land on the line).  reads: 1
 * when the mode reads c's FILEs (standard input without any), 0 for
 * --census, which reads none.
 */
static enum progress_mode choose_progress(const ctx *c, int reads)
{
    int reads_stdin = reads && c->nfiles == 0;
    for (int i = 0; reads && i < c->nfiles; i++)
        reads_stdin |= strcmp(c->files[i], "-") == 0;
    int typed = reads_stdin && isatty(STDIN_FILENO);
    if (c->progress < 0 || (c->progress == 0 && typed))
        return PROGRESS_OFF;
    if (isatty(STDERR_FILENO))
        return PROGRESS_TERMINAL;
    return c->progress > 0 ? PROGRESS_LINES : PROGRESS_OFF;
}

/* --check, --testlib and --kattis (check.c), of c's FILE operands. */
static int check(ctx *c)
{
    check_config cc = {&c->cfg,  c->rules,     c->out_format,
                       c->quiet, c->no_header, NULL};
    if (c->judge)
        return check_judge(&cc, c->judge, c->files, c->nfiles);
    if (open_output(c))
        return EXIT_TROUBLE;
    cc.out = outfile_stream(c->out);
    return check_answers(&cc, c->check, c->files, c->nfiles);
}

/* --census: the figures of the rule chosen (check_option_modes() has
   refused FILE operands). */
static int census(ctx *c, unsigned jobs)
{
    census_options co = {.rules = c->rules,
                         .cfg = &c->cfg,
                         .format = c->out_format,
                         .progress = choose_progress(c, 0),
                         .ones = c->ones,
                         .jobs = jobs,
                         .out = outfile_stream(c->out)};
    return census_run(&co);
}

/* The exit status of a failure before any answer is judged: testlib's
   FAIL (3) for --testlib, where 2 would be the contestant's presentation
   error; else EXIT_TROUBLE (for Kattis too: anything but 42 and 43 is
   the judge's error). */
static int trouble(const ctx *c)
{
    return c->judge == CHECK_TESTLIB ? 3 : EXIT_TROUBLE;
}

static void cleanup(ctx *c)
{
    rules_free(c->rules);
    loader_free(c->ld);
    config_free(&c->cfg);
    free(c->plugin_dirs);
    free(c->config_files);
    free(c->files);
    free(c->outbuf);
}

int main(int argc, char **argv)
{
    ctx c = {.jobs = -1, .ones = -1};
    if (outfile_std_fds())
        return EXIT_TROUBLE; /* no /dev/null: not even a message is safe */
    int r = parse_options(&c, argc, argv);
    if (r < 0) {
        int status = trouble(&c);
        cleanup(&c);
        return status;
    }
    if (r > 0) { /* --help, -V: their write is checked as any other */
        c.status = 0;
        goto out;
    }
    c.status = trouble(&c);
    if (find_exe_dir(&c) || setup(&c))
        goto out;
    if (!c.format)
        c.format = c.cfg.format;
    rules_choice chosen = {c.rule, c.rows, c.cols, c.show ? 1 : c.path};
    c.rules = rules_new(&c.cfg, c.ld, &chosen);
    if (c.list_rules) {
        if (output_format(c.format, &c.out_format)) /* text, as for judge */
            c.out_format = FORMAT_JUDGE;
        if (open_output(&c))
            goto out;
        list_rules(&c, outfile_stream(c.out));
        c.status = 0;
        goto out;
    }
    if (validate(&c))
        goto out;
    if (c.check_config) {
        c.status = 0;
        goto out;
    }
    if (c.judge || c.check) {
        c.status = check(&c);
        goto out;
    }
    unsigned jobs = (unsigned)(c.jobs >= 0 ? c.jobs : c.cfg.jobs);
    if (jobs == 0)
        jobs = usable_processors();
    if (c.gen.have_count) { /* puzzles out instead of answers */
        char err[MSG_MAX];
        c.status = generate_main(&c.gen, c.rules, c.output, jobs,
                                 choose_progress(&c, 0), err, sizeof err);
        if (err[0])
            msg("%s", err);
        goto out;
    }
    if (open_output(&c))
        goto out;
    if (c.census) {
        c.status = census(&c, jobs);
        goto out;
    }
    run_config rc = {
        .cfg = &c.cfg,
        .rules = c.rules,
        .format = c.out_format,
        .jobs = jobs,
        .progress = choose_progress(&c, 1),
        .quiet = c.quiet,
        .stats = c.stats,
        .no_header = c.no_header,
        .show = c.show ? show_mode_for(outfile_stream(c.out)) : SHOW_OFF,
        .out = outfile_stream(c.out),
    };
    c.status = run(&rc, c.files, c.nfiles);
out:
    close_output(&c);
    cleanup(&c);
    return c.status;
}
