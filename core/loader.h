/*
 * loader.h - finding and loading rule plugins (README, "How rules and plugins
 * work").
 *
 * A plugin NAME ([a-z0-9-]+) is the file NAME.so in the first folder of the
 * search path that has one.  It is loaded by absolute path only: the file
 * is resolved with realpath(), must be a regular file (lstat, S_ISREG), and
 * it and every folder above it up to / must be owned by root or the
 * effective user and writable by neither group nor others (OpenSSH's
 * StrictModes; sticky folders such as /tmp get no exemption); then
 * dlopen(RTLD_NOW | RTLD_LOCAL) on that real path, then the entry symbol
 * GRIDBFS_ENTRY2_NAME or GRIDBFS_ENTRY_NAME, then the table's ABI major
 * version and size are checked.  The current directory is never searched.
 *
 * Ownership: a loader owns every plugin it loaded and the strings it keeps;
 * loader_new() pairs with loader_free(), which dlcloses them all.  Returned
 * plugin pointers stay valid until loader_free().
 */
#ifndef GRIDBFS_LOADER_H
#define GRIDBFS_LOADER_H

#include <stddef.h>

#include <gridbfs/plugin.h>

typedef struct loader loader;

/* One loaded plugin, of either ABI, seen through one ABI 2 table. */
typedef struct loaded_plugin {
    const gridbfs_plugin2 *ops; /* its abi is the one the plugin was built
                                   for; an ABI 1 plugin's is adapted */
    const gridbfs_plugin *v1;   /* an ABI 1 plugin's own table, or NULL */
    char *name;                 /* as asked for */
    char *path;                 /* absolute path of the file loaded */
} loaded_plugin;

/* p's create(), whichever its ABI: see gridbfs_plugin2; 1 when an ABI 1
   plugin broke its contract (abi1.h). */
int loader_create(const loaded_plugin *p, const gridbfs_param *params,
                  size_t nparams, gridbfs_rule2 *rule, gridbfs_error *err);

/* An empty loader with an empty search path. */
loader *loader_new(void);
void loader_free(loader *ld);

/* Append dir to the search path (copied). Empty strings are ignored. */
void loader_add_dir(loader *ld, const char *dir);
/*
 * Append every absolute folder of a colon-separated list
 * (GRIDBFS_PLUGIN_PATH); empty entries are skipped.  A relative entry is
 * not added: refused(arg, entry) is called with it (borrowed, for the
 * call only), if refused is not NULL, and the list goes on.
 */
void loader_add_path_list(loader *ld, const char *list,
                          void (*refused)(void *arg, const char *entry),
                          void *arg);

/* The folders searched, in order. */
size_t loader_ndirs(const loader *ld);
const char *loader_dir(const loader *ld, size_t i);

/*
 * The plugin named name, loading it on first use.  Returns NULL with one
 * line in err (no "gridbfs:" prefix, no newline) saying why: a bad name,
 * not found (listing the folders searched), not a regular file, not trusted
 * (naming the file or folder at fault, its owner or mode), dlopen's own
 * message, missing entry symbol, ABI version mismatch, table too small, or a
 * NULL operation.  A failure is remembered: asking again gives the same error.
 */
const loaded_plugin *loader_get(loader *ld, const char *name, char *err,
                                size_t errlen);

/* Whether name has the form of a plugin name, [a-z0-9-]+ (no look-up). */
int loader_valid_name(const char *name);

/* Whether name is a valid plugin name of which no folder has a file. */
int loader_missing(loader *ld, const char *name);

/*
 * The name of every distinct plugin file NAME.so on the search path
 * (first folder wins), in search order: the folders are listed once, on
 * the first call, and nothing is loaded.  Owned by ld; *n gets the count.
 */
const char *const *loader_names(loader *ld, size_t *n);

/*
 * Call fn for every distinct plugin file NAME.so found on the search path
 * (first folder wins), in search order, loading each.  fn gets the plugin,
 * or NULL and the error text when it failed to load.
 */
void loader_each(loader *ld,
                 void (*fn)(void *arg, const char *name, const loaded_plugin *p,
                            const char *err),
                 void *arg);

#endif /* GRIDBFS_LOADER_H */
