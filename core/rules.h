/*
 * rules.h - rule instances: a profile (or a bare plugin) at one board size,
 * created once through its plugin and cached, and the solving of one
 * record with it.
 *
 * Ownership: rules_new() pairs with rules_free(), which destroys every
 * instance and table.  It borrows the config and loader, which must outlive
 * it.  Instances returned stay valid until rules_free().
 */
#ifndef GRIDBFS_RULES_H
#define GRIDBFS_RULES_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "bfs.h"
#include "config.h"
#include "loader.h"
#include "output.h"
#include "reader.h"

#define RULES_MSG_MAX 512

enum { CELL_ZERO, CELL_ONE, CELL_BAD };

typedef struct rule_inst {
    char *name;          /* profile or plugin name */
    uint32_t rows, cols; /* the size asked for; 0 = the profile's own */
    const cfg_profile *profile; /* NULL for a bare plugin */
    const loaded_plugin *plugin;
    gridbfs_rule rule;   /* valid when error is NULL */
    char *error;         /* why it could not be created */
    int with_path;
    int need_path;  /* with_path, or the plugin writes its own judge text */
    enum engine { ENGINE_AUTO, ENGINE_SEARCH, ENGINE_EXACT } engine;
    const char *impossible;
    int use_exact;          /* answer with the plugin's exact solver */
    int target_tables;      /* search through the cache of target tables */
    uint8_t cell[256];      /* a cell's byte: CELL_ZERO, CELL_ONE or CELL_BAD */
    table *table; /* for fixed goals, built on first use */
    atomic_int table_tried;
} rule_inst;

typedef struct rules rules;

rules *rules_new(const config *cfg, loader *ld, int force_path,
                 size_t table_budget);
void rules_free(rules *rs);

/*
 * The instance of rule name at size rows x cols (0, 0: the profile's size),
 * created on first use.  Always returns an instance; its error says why it
 * is unusable (unknown rule, plugin failed to load, parameters refused).
 * When a plugin refuses a parameter, *bad is set to that parameter of the
 * profile (NULL when the fault is not one parameter's).
 */
rule_inst *rules_get(rules *rs, const char *name, uint32_t rows,
                     uint32_t cols, const cfg_param **bad);

/* Fill in in->cell from in->rule's alphabet (rules_get() does). */
void rules_set_cells(rule_inst *in);

/*
 * The boards of record rec for inst.  Returns 0, or -1 with why the record
 * is invalid in msg (RULES_MSG_MAX bytes) and the line at fault in msg_line
 * (the first fault, row by row).  For a second thread to do the cells:
 * rules_check() does every check but the cells' (a record it accepts gets
 * the same answer from rules_parse() unless a cell is bad), then
 * rules_pack() packs the cells of every row of every board, back to back,
 * into boards (on a byte that is not a cell: -1, why in msg and the row at
 * fault, counted from 0 over all boards, in *bad_row).
 */
int rules_parse(const rule_inst *in, const record *rec,
                gridbfs_board *boards, char *msg, uint64_t *msg_line);
int rules_check(const rule_inst *in, const record *rec, char *msg,
                uint64_t *msg_line);
int rules_pack(const rule_inst *in, const char *cells, gridbfs_board *boards,
               char *msg, uint32_t *bad_row);

/*
 * Solve boards with inst: fill in res's status, moves, path and message
 * (message in msg, RULES_MSG_MAX bytes), and what res needs to print moves.
 * res's other fields are the caller's.  The path stays valid until the next
 * call with the same workspace b.  Safe to call from several threads, each
 * with its own b.
 */
void rules_answer(rules *rs, rule_inst *in, const gridbfs_board *boards,
                  bfs *b, out_result *res, char *msg);

#endif /* GRIDBFS_RULES_H */
