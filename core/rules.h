/*
 * rules.h - rule instances: a profile (or a bare plugin) at one board
 * size, created once through its plugin, its contract checked, and cached;
 * and the one place that decides which instance a record uses.
 *
 * Ownership: rules_new() pairs with rules_free(), which destroys every
 * instance and table.  It borrows the config and loader, which must outlive
 * it.  rules_get() and rules_choose() are for one thread (the reader); an
 * instance, once returned, may be used by every thread, and stays valid
 * until rules_free() or until rules_epoch() says that nothing still uses
 * it (see there).
 */
#ifndef GRIDBFS_RULES_H
#define GRIDBFS_RULES_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "config.h"
#include "loader.h"
#include "reader.h"
#include "table.h"

#define RULES_MSG_MAX 512

/* rule_inst.cell[] of a byte that is no symbol; a symbol's is its value,
   below 0x80 (gridbfs_cell_char() allows fewer than 128 symbols). */
#define CELL_BAD 0xff

typedef struct rule_inst {
    char *name;                 /* profile or plugin name */
    uint32_t rows, cols;        /* the size asked for; 0 = the profile's own */
    const cfg_profile *profile; /* NULL for a bare plugin */
    const loaded_plugin *plugin;
    gridbfs_rule2 rule;       /* valid when error is NULL */
    char *error;              /* why it could not be created, or NULL */
    const cfg_mark *error_at; /* the configuration at fault, or NULL */
    int with_path;
    int need_path;   /* with_path, or the plugin writes its own judge text */
    char *param;     /* the case's value for its layout's parameter, or NULL */
    int param_fault; /* error is param's: the case's rows, not the config */
    enum cfg_engine engine;
    int use_exact;           /* answer with the plugin's exact solver */
    int rent;                /* auto: the exact solver until it has cost as much
                                as the table would take to build, then the table */
    uint64_t table_price_ns; /* a table's estimated build time */
    atomic_uint_fast64_t rent_paid_ns; /* time spent in the exact solver */
    atomic_int table_bought;
    int target_tables; /* search through the cache of target tables */
    /* what checks an exact solver's paths by masks (solve_prepare()):
       each move's cells, what it makes of the empty board (else NULL),
       and the goals when fixed (nfixed_goals -1: ask goals() each time) */
    uint64_t *masks;
    int nfixed_goals;
    uint64_t fixed_goals[GRIDBFS_MAX_GOALS];
    uint8_t cell[256]; /* a byte's symbol value, or CELL_BAD */
    uint32_t bits;     /* a cell's bits in a board: 1, 2, 4 or 8 */
    size_t words;      /* a board's words */

    /* the cache's: see rules.c */
    uint64_t hash, last_use;
    struct rule_inst *chain, *newer, *older;

    /* what solving needs, shared by the threads */
    uint64_t max_states;
    size_t table_budget;
    membudget *mem; /* limits.memory, shared by every search and table */
    tcache *tcache;
    tshelf *shelf; /* where the table for fixed goals is kept */
    tslot table;   /* the table for fixed goals, built on first use */
} rule_inst;

/* What the command line chose: -r, -s and -p. */
typedef struct rules_choice {
    const char *rule;    /* -r, or NULL for the config's defaults.rule */
    uint32_t rows, cols; /* -s, or 0 */
    int force_path;      /* -p 1, --no-path -1, else 0 */
} rules_choice;

typedef struct rules rules;

rules *rules_new(const config *cfg, loader *ld, const rules_choice *chosen);
void rules_free(rules *rs);

/*
 * The instance of rule name at size rows x cols (0, 0: the profile's
 * size, else the plugin's documented default), created on first use.
 * Always returns an instance; its error says why it is unusable (unknown
 * rule, plugin failed to load, parameters refused, contract broken), and
 * error_at, when set, where in the configuration.
 */
rule_inst *rules_get(rules *rs, const char *name, uint32_t rows, uint32_t cols);

/*
 * The instance a record of file ("-" is standard input) uses, given its
 * own rule= and size= (NULL and 0 when it has none): the record's rule,
 * else -r, else the first route matching file, else defaults.rule; the
 * record's size, else -s for the rule -r (or defaults.rule) names, else
 * the profile's own.  With no record (rule NULL, size 0) it is the
 * instance that frames the file's grid records.  param, when not NULL, is
 * the case's value for the parameter its profile's layout names (Timus
 * 1122's pattern): an instance of its own.
 */
rule_inst *rules_choose(rules *rs, const char *file, const char *rule,
                        uint32_t rows, uint32_t cols, const char *param);

/*
 * The cache keeps at most RULES_CACHED instances, least recently used out
 * first, so input naming ever new rules or sizes holds no more memory.
 * An instance returned from now on is stamped now; one last stamped
 * before retired may be freed, as nothing uses it any longer (when the
 * next new instance is made, so rules_keep() may come first).  The reader
 * stamps by the number of the chunk it fills, and retires those before
 * the oldest chunk not yet written.  Until the first call, nothing is
 * freed.
 */
#define RULES_CACHED 256
void rules_epoch(rules *rs, uint64_t now, uint64_t retired);
/* Stamp in now: it is used again without a look-up (a file's own rule). */
void rules_keep(rules *rs, rule_inst *in);

/* The memory budget (limits.memory) every workspace takes from. */
membudget *rules_memory(rules *rs);
/* Its share for distance tables (budget.h), set aside from the rest:
   what every table takes, in every mode. */
membudget *rules_tables(rules *rs);

/* A cell's bits in a board of k symbols: 1, 2, 4 or 8. */
static inline uint32_t symbol_bits(size_t k)
{
    return k <= 2 ? 1 : k <= 4 ? 2 : k <= 16 ? 4 : 8;
}

/* Whether in's boards are of two symbols and a state's key is its board
   (or it has no keys): the rules --census and --generate take so far. */
static inline int rule_keys_are_boards(const rule_inst *in)
{
    return in->bits == 1 &&
           (!in->rule.key_bits || in->rule.flags & GRIDBFS2_KEY_IS_BOARD);
}

/* Fill in in->cell, bits and words from in->rule's alphabet and size
   (rules_get() does). */
void rules_set_cells(rule_inst *in);

/* A board of in's shape over w (in->words of them). */
static inline gridbfs_grid rule_grid(const rule_inst *in, uint64_t *w)
{
    return (gridbfs_grid){in->rule.rows, in->rule.cols, in->bits, w};
}

/* A board of in's shape over words of its own, all zero; grid_free() it. */
gridbfs_grid rule_grid_new(const rule_inst *in);
void grid_free(gridbfs_grid *g);

/* *to = *from, two boards of one shape. */
static inline void grid_copy(gridbfs_grid *to, const gridbfs_grid *from)
{
    if (to->w != from->w)
        memcpy(to->w, from->w,
               gridbfs_grid_words(from->rows, from->cols, from->bits) *
                   sizeof *to->w);
}

/* Rows a grid board of in takes in a file: 1 where its profile's layout
   has one_line (a board's cells on one line, parse.c cuts them into
   rows), else its rows. */
static inline uint32_t rule_grid_rows(const rule_inst *in)
{
    return in->profile && in->profile->layout.one_line ? 1 : in->rule.rows;
}

/* The key of board b, a state of in (whose key_bits are set); where it
   is the board's one word (GRIDBFS2_KEY_IS_BOARD), taken without a call. */
static inline uint64_t rule_key(const rule_inst *in, const gridbfs_grid *b)
{
    if (in->rule.flags & GRIDBFS2_KEY_IS_BOARD)
        return b->w[0];
    return in->plugin->ops->key(in->rule.inst, b);
}

/*
 * A puzzle's boards (rule.boards of them) over words of their own, grown
 * for each rule as needed: what a record is parsed into.  Zeroed, it is
 * empty; puzzle_free() gives its words back.
 */
typedef struct puzzle {
    gridbfs_grid b[RECORD_MAX_BOARDS];
    uint64_t *words;
    size_t cap;      /* words */
    uint32_t boards; /* of b, shaped */
} puzzle;

void puzzle_shape(puzzle *p, const rule_inst *in);

/* p's boards shaped for in, all zero: the words alone cleared when they
   have in's shape already, as the record before's mostly do (a loop, not
   a memset, for the few words of a small board). */
static inline void puzzle_fit(puzzle *p, const rule_inst *in)
{
    const gridbfs_grid *g = &p->b[0];
    if (p->boards != in->rule.boards || g->rows != in->rule.rows ||
        g->cols != in->rule.cols || g->bits != in->bits)
        puzzle_shape(p, in);
    for (size_t i = 0, n = in->rule.boards * in->words; i < n; i++)
        p->words[i] = 0;
}
void puzzle_free(puzzle *p);

/* Whether in's states fit the search engine: a key each, and no more
   moves than a node holds. */
static inline int rule_searchable(const rule_inst *in)
{
    return in->rule.key_bits && in->rule.moves <= BFS_MAX_MOVES;
}

#endif /* GRIDBFS_RULES_H */
