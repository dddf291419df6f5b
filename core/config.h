/*
 * config.h - the YAML configuration (README, "Configuration"), parsed once into
 * typed structs with libyaml's event parser.
 *
 * Ownership: a struct config owns every string and array it points to;
 * config_init() pairs with config_free().  Loading several files into one
 * struct layers them: a later file adds rule profiles and overrides keys
 * (a profile named again has its keys merged, key by key).
 */
#ifndef GRIDBFS_CONFIG_H
#define GRIDBFS_CONFIG_H

#include <stddef.h>
#include <stdint.h>

/* Limits on the configuration text itself (STYLE.md: cap depth and size). */
#define CONFIG_MAX_BYTES (1u << 20)
#define CONFIG_MAX_DEPTH 16
/* limits.memory's default: physical memory / CONFIG_MEMORY_SHARE, at
   most CONFIG_MEMORY_CAP. */
#define CONFIG_MEMORY_SHARE 2
#define CONFIG_MEMORY_CAP ((size_t)8 << 30)
/* One line may take at most this share of limits.memory: it is held
   twice (the reader's buffer, its chunk's copy), an eighth in all. */
#define CONFIG_LINE_SHARE 16
/* The most worker threads, from -j or defaults.jobs. */
#define CONFIG_MAX_JOBS 1024

/* A place in a config file; line and col are 1-based. */
typedef struct cfg_mark {
    const char *file; /* borrowed from the config's file list */
    int line;
    int col;
} cfg_mark;

/* One plugin parameter of a profile, as text. */
typedef struct cfg_param {
    char *key;
    char *value;
    cfg_mark at;     /* where the value was given */
    cfg_mark key_at; /* where the key was given */
} cfg_param;

/* How a profile's puzzles are answered (README, "Engines"). */
enum cfg_engine { ENGINE_AUTO, ENGINE_SEARCH, ENGINE_EXACT, ENGINE_COUNT };
extern const char *const config_engine_names[ENGINE_COUNT];

/* layout.size: where a judge's file gives the board size (README,
   "Judge files"). */
enum cfg_size_line {
    SIZE_LINE_NONE,
    SIZE_LINE_FIRST,
    SIZE_LINE_EACH,
    SIZE_LINE_COUNT
};
extern const char *const config_size_line_names[SIZE_LINE_COUNT];

/* A profile's `layout`: how its judge frames the cases of a file.  All
   zero (and NULL) is gridbfs's own free-form input. */
typedef struct cfg_layout {
    int count;               /* a first line gives the number of cases */
    enum cfg_size_line size; /* an `R C` or `n` line: none, first, each */
    int name;                /* a name line before each case */
    int blank;               /* a blank line ends each case */
    char *end;               /* the line that ends the input, or NULL */
    char *param;             /* a plugin parameter each case carries, */
    uint32_t param_rows;     /* in this many rows after its boards */
    int spaced;              /* -1 unset, else 0/1: cells joined by a space
                                (what --generate writes; readers take both) */
    int square;              /* the size line is one number, n (n x n), as
                                --generate writes it; readers take both */
    int one_line;            /* each board's cells on one line, row after
                                row (POJ 1077's `2 3 4 1 5 x 7 6 8`) */
    char *ignore;            /* with one_line: characters read as blanks
                                (LeetCode's `[[1,2,3],[4,0,5]]`), or NULL */
    cfg_mark at;             /* where layout was given */
} cfg_layout;

/* Whether a layout frames the file at all, and whether it marks where
   each case starts or ends (so that a faulty case can be told from the
   next one). */
int config_layout_on(const cfg_layout *l);
int config_layout_marked(const cfg_layout *l);

/* A rule profile: `rules: NAME: {plugin: ..., KEY: VALUE...}`. */
typedef struct cfg_profile {
    char *name;
    char *plugin; /* plugin name; NULL until some file sets it */
    int path;     /* -1 unset, else 0/1: print the path in judge format */
    /* The judge's answer text (README, "Judge files"): templates, or NULL
       for the default ("{answer}", "Impossible", none). */
    char *solved, *impossible, *before;
    uint64_t max_moves; /* more moves print the impossible text (default
                           UINT64_MAX: no cap) */
    /* `accept` (README, "Checking answers"): which answers --check takes:
       the fewest moves (within UINT64_MAX, the default), or any whose
       moves reach a goal in at most within moves (per_cell: times the
       board's cells) */
    uint64_t within;
    int per_cell;
    cfg_layout layout;
    enum cfg_engine engine;
    uint32_t rows, cols; /* `size`, or 0: the plugin's default */
    cfg_mark size_at;    /* where size was given */
    cfg_param *params;   /* every other key, passed to the plugin */
    size_t nparams;
    cfg_mark at; /* where the profile's name was given */
} cfg_profile;

/* p's `accept` as it is written: "fewest", "within N" or "within N per
   cell", in buf. */
const char *config_accept_text(const cfg_profile *p, char *buf, size_t cap);

/* `routes: - {glob: PATTERN, rule: NAME}`. */
typedef struct cfg_route {
    char *glob;
    char *rule;
    cfg_mark at;
} cfg_route;

typedef struct config {
    /* `plugin_dirs`, made absolute against the folder of the file naming
       them; later files' folders come first. */
    char **plugin_dirs;
    size_t nplugin_dirs;

    /* `defaults` */
    char *rule;       /* default "poj1753" */
    cfg_mark rule_at; /* where rule was given; file NULL for the default */
    char *format;     /* default "judge"; checked against output.h's formats */
    cfg_mark format_at; /* where format was given; file NULL for the default */
    int path;           /* default 0 */
    long jobs;          /* default 0 = all processors */

    /* `limits` */
    uint64_t max_states; /* default 100000000 */
    size_t max_line;     /* default 65536, at most memory / CONFIG_LINE_SHARE */
    cfg_mark max_line_at, memory_at; /* where given; file NULL: default */
    size_t table_memory; /* bytes for one distance table, default 256 MiB */
    size_t memory;       /* for every search and table together; default
                            CONFIG_MEMORY_SHARE of physical memory, capped */

    cfg_profile *profiles;
    size_t nprofiles;
    cfg_route *routes; /* in file order; a later file's routes come first */
    size_t nroutes;

    char **files; /* names of the files loaded, owned, for cfg_mark.file */
    size_t nfiles;
} config;

/* Fill in the built-in defaults (no profiles). */
void config_init(config *cfg);
void config_free(config *cfg);

/*
 * Parse the YAML text[0..len-1] named file and layer it over cfg.
 * Returns 0, or -1 with one line "FILE:LINE:COL: message" in err (errlen
 * bytes), in which case cfg is still valid to free (it may hold part of the
 * file).
 */
int config_load_text(config *cfg, const char *file, const char *text,
                     size_t len, char *err, size_t errlen);

/* Read the file at path and config_load_text() it; I/O errors as "FILE: ..." */
int config_load_file(config *cfg, const char *path, char *err, size_t errlen);

/* The core's profile key (plugin, size, ...) that key looks like a typo
   of, or NULL: for a profile key that is not the core's and was taken for
   a plugin parameter. */
const char *config_core_key_like(const char *key);

/* The profile named name, or NULL. */
const cfg_profile *config_profile(const config *cfg, const char *name);

/* The rule named by the first route whose glob matches file, or NULL. */
const char *config_route(const config *cfg, const char *file);

#endif /* GRIDBFS_CONFIG_H */
