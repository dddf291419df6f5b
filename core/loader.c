/*
 * loader.c - finding and loading rule plugins; see loader.h.
 *
 * Every name asked for, found or not, gets one cache entry, allocated on its
 * own so the loaded_plugin pointers handed out never move; of the names
 * that failed, only the LOADER_FAILURES used last are kept.  A loader is not
 * thread-safe (dlerror() and the cache), and needs not be: only the reader
 * thread asks for plugins (while it resolves each record's rule).  Worker
 * threads may run meanwhile, but they only call plugins already loaded,
 * through tables that never change once loaded.
 */
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 with XSI, for realpath() */

#include "loader.h"

#include <assert.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "abi1.h"
#include "text.h"
#include "util.h"

#define NAME_CHARS "abcdefghijklmnopqrstuvwxyz0123456789-"
#define NAME_MAX_LEN 64
#define LOADER_FAILURES 64 /* names that failed to load, kept for reuse */
#define SUFFIX ".so"
#define SUFFIX_LEN (sizeof SUFFIX - 1)
/* A plugin name shown in a message, made printable and cut short. */
#define SHOW_CAP (NAME_MAX_LEN + sizeof "...")
/* ABI 1.0's table ends with move_text, ABI 2.0's required operations
   with inverse; anything shorter is refused. */
#define MIN_TABLE_SIZE GRIDBFS_PLUGIN_V1_0_SIZE
#define MIN_TABLE2_SIZE                                                        \
    (offsetof(gridbfs_plugin2, inverse) + sizeof(void (*)(void)))
/* Room for a password entry's strings; past it the owner is shown by uid. */
#define PW_BUF_CAP 4096
/* Other majors' entry points looked for when ours is missing: 0..this. */
#define OTHER_ABI_MAX 9

typedef const void *(*entry_fn)(void);

/* One name asked for: the plugin, or err (owned) saying why it failed. */
typedef struct entry {
    loaded_plugin p;       /* p.ops is NULL on failure, else &table */
    gridbfs_plugin2 table; /* the plugin's, or its ABI 1 table adapted */
    gridbfs_plugin v1;     /* an ABI 1 plugin's own (p.v1) */
    void *handle;          /* from dlopen, NULL on failure */
    char *err;
    int missing; /* no NAME.so in any folder */
} entry;

struct loader {
    char **dirs; /* absolute, no trailing '/', no duplicates */
    size_t ndirs;
    entry **cache;
    size_t ncache;
    char **names; /* loader_names(), once listed */
    size_t nnames;
    int listed;
};

static char *xfmt(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* A malloc'd, formatted string (xmalloc policy). */
static char *xfmt(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(NULL, 0, format, ap);
    va_end(ap);
    assert(n >= 0);
    char *s = xmalloc((size_t)n + 1);
    va_start(ap, format);
    vsnprintf(s, (size_t)n + 1, format, ap);
    va_end(ap);
    return s;
}

/* Whether s[0..len-1] is a name; s[len] must not be a NAME_CHARS one. */
static int valid_name(const char *s, size_t len)
{
    return len >= 1 && len <= NAME_MAX_LEN && strspn(s, NAME_CHARS) == len;
}

static void entry_free(entry *e)
{
    if (e->handle)
        dlclose(e->handle);
    free(e->p.name);
    free(e->p.path);
    free(e->err);
    free(e);
}

loader *loader_new(void)
{
    return xcalloc(1, sizeof(loader));
}

void loader_free(loader *ld)
{
    if (!ld)
        return;
    for (size_t i = 0; i < ld->ndirs; i++)
        free(ld->dirs[i]);
    for (size_t i = 0; i < ld->ncache; i++)
        entry_free(ld->cache[i]);
    for (size_t i = 0; i < ld->nnames; i++)
        free(ld->names[i]);
    free(ld->names);
    free(ld->dirs);
    free(ld->cache);
    free(ld);
}

/*
 * An absolute dir is kept as written (less trailing slashes).  A relative
 * one is made absolute now, so the current directory is never searched
 * later: realpath() if it exists, else joined to getcwd(); if even getcwd()
 * fails the dir is dropped.  A dir already on the path is not added twice.
 */
void loader_add_dir(loader *ld, const char *dir)
{
    char cwd[PATH_MAX];
    char *abs = NULL;

    if (!dir || !*dir)
        return;
    if (dir[0] == '/')
        abs = xstrdup(dir);
    else if (!(abs = realpath(dir, NULL)) && getcwd(cwd, sizeof cwd))
        abs = xfmt("%s/%s", cwd, dir);
    if (!abs)
        return;
    for (size_t n = strlen(abs); n > 1 && abs[n - 1] == '/'; n--)
        abs[n - 1] = '\0';
    for (size_t i = 0; i < ld->ndirs; i++) {
        if (strcmp(ld->dirs[i], abs) == 0) {
            free(abs);
            return;
        }
    }
    ld->dirs = xreallocarray(ld->dirs, ld->ndirs + 1, sizeof *ld->dirs);
    ld->dirs[ld->ndirs++] = abs;
}

/*
 * Empty components are skipped: unlike PATH, they never mean ".".  A
 * relative one is refused rather than made absolute: set once in the
 * environment, it would name a different folder in each current directory.
 */
void loader_add_path_list(loader *ld, const char *list,
                          void (*refused)(void *arg, const char *entry),
                          void *arg)
{
    while (list && *list) {
        size_t n = strcspn(list, ":");
        char *dir = xstrndup(list, n);
        if (dir[0] == '/')
            loader_add_dir(ld, dir);
        else if (dir[0] && refused)
            refused(arg, dir);
        free(dir);
        list += n + (list[n] == ':');
    }
}

size_t loader_ndirs(const loader *ld)
{
    return ld->ndirs;
}

const char *loader_dir(const loader *ld, size_t i)
{
    assert(i < ld->ndirs);
    return ld->dirs[i];
}

/* "plugin 'NAME' not found (searched: /a, /b (no such folder))",
   malloc'd: a folder that is not there is named as such, so a mistyped
   -P shows. */
static char *not_found(const loader *ld, const char *name)
{
    if (ld->ndirs == 0)
        return xfmt("plugin '%s' not found (no plugin folders to search)",
                    name);
    char *list = xstrdup("");
    for (size_t i = 0; i < ld->ndirs; i++) {
        struct stat st;
        int there = stat(ld->dirs[i], &st) == 0 && S_ISDIR(st.st_mode);
        char *longer = xfmt("%s%s%s%s", list, i ? ", " : "", ld->dirs[i],
                            there ? "" : " (no such folder)");
        free(list);
        list = longer;
    }
    char *msg = xfmt("plugin '%s' not found (searched: %s)", name, list);
    free(list);
    return msg;
}

/*
 * NULL, or why path (one step of a real path, lstat'ed into *st) may not be
 * trusted, malloc'd: owned by neither root nor the effective user, or
 * writable by group or others.  The owner is named when the password
 * database knows the uid, made printable.
 */
static char *untrusted_step(const char *name, const char *path,
                            const struct stat *st)
{
    const mode_t mode = st->st_mode;

    if (st->st_uid != 0 && st->st_uid != geteuid()) {
        struct passwd pw, *found = NULL;
        char buf[PW_BUF_CAP];
        if (getpwuid_r(st->st_uid, &pw, buf, sizeof buf, &found) == 0 &&
            found) {
            char shown[SHOW_CAP];
            return xfmt("plugin '%s': %s is owned by uid %ju (%s), neither "
                        "root nor the effective user: not trusted",
                        name, path, (uintmax_t)st->st_uid,
                        text_quote(shown, sizeof shown, pw.pw_name));
        }
        return xfmt("plugin '%s': %s is owned by uid %ju, neither root nor "
                    "the effective user: not trusted",
                    name, path, (uintmax_t)st->st_uid);
    }
    /* root's sticky folders (/tmp): others may write in them, but not
       rename or remove what is ours, and every step below is checked */
    int sticky = S_ISDIR(mode) && (mode & S_ISVTX) && st->st_uid == 0;
    if ((mode & (S_IWGRP | S_IWOTH)) && !sticky)
        return xfmt("plugin '%s': %s is writable by %s (mode %04o): not "
                    "trusted",
                    name, path,
                    !(mode & S_IWOTH)   ? "group"
                    : !(mode & S_IWGRP) ? "others"
                                        : "group and others",
                    (unsigned)(mode & 07777));
    return NULL;
}

/*
 * NULL, or why the plugin file at real (its real path, lstat'ed into *st)
 * may not be trusted, malloc'd.  As OpenSSH's StrictModes trusts a key
 * file (safe_path() in its misc.c), the file and every folder above it up
 * to / must pass untrusted_step(), checked from the file up so the message
 * names the nearest fault.  One exception to OpenSSH: a sticky folder of
 * root's, as /tmp (1777), may be writable by all, since the sticky bit
 * keeps others from renaming or removing the folder of ours below it,
 * which is itself checked; builds and checkouts under /tmp are common.
 * Magic links (/proc/self/cwd, /dev/fd/N) are resolved by realpath() like
 * any symlink; one leading nowhere (a deleted file, a pipe) fails there.
 * A step that is no longer a folder (the tree changed since realpath()) is
 * refused too.  The caller dlopens the same real path, so what is checked
 * is what is loaded; only root or we could change it in between.
 */
static char *untrusted(const char *name, const char *real,
                       const struct stat *st)
{
    char *dir = xstrdup(real), *err = untrusted_step(name, real, st);
    struct stat dst;

    assert(real[0] == '/');
    while (!err && strcmp(dir, "/") != 0) {
        char *slash = strrchr(dir, '/');
        if (slash == dir)
            slash[1] = '\0'; /* the top: "/" */
        else
            *slash = '\0';
        if (lstat(dir, &dst) != 0)
            err = xfmt("plugin '%s': cannot access %s: %s", name, dir,
                       strerror(errno));
        else if (!S_ISDIR(dst.st_mode))
            err =
                xfmt("plugin '%s': %s is not a folder: not trusted", name, dir);
        else
            err = untrusted_step(name, dir, &dst);
    }
    free(dir);
    return err;
}

/*
 * The first DIR/NAME.so on the search path, symlinks resolved, checked to
 * be a regular file.  Returns that absolute path (malloc'd), or NULL with
 * *err set (malloc'd).  A missing candidate moves on to the next folder; a
 * candidate that exists but is unusable is an error, never skipped.
 */
static char *find_file(const loader *ld, const char *name, char **err,
                       int *missing)
{
    char *cand = NULL, *resolved = NULL;
    struct stat st;

    assert(!*err);
    for (size_t i = 0; i < ld->ndirs; i++) {
        free(cand);
        cand = xfmt("%s/%s" SUFFIX, ld->dirs[i], name);
        if (lstat(cand, &st) != 0 && (errno == ENOENT || errno == ENOTDIR))
            continue;
        if (!(resolved = realpath(cand, NULL)))
            *err = xfmt("plugin '%s': cannot resolve %s: %s", name, cand,
                        strerror(errno));
        else if (lstat(resolved, &st) != 0)
            *err = xfmt("plugin '%s': cannot access %s: %s", name, resolved,
                        strerror(errno));
        else if (!S_ISREG(st.st_mode))
            *err =
                xfmt("plugin '%s': %s is not a regular file", name, resolved);
        else
            *err = untrusted(name, resolved, &st);
        goto out;
    }
    *err = not_found(ld, name);
    *missing = 1;
out:
    free(cand);
    if (*err) {
        free(resolved);
        resolved = NULL;
    }
    return resolved;
}

/* dlerror()'s text without the "PATH: " it usually starts with. */
static const char *dl_reason(const char *path)
{
    const char *s = dlerror();
    size_t n = strlen(path);
    if (!s)
        return "unknown error";
    if (strncmp(s, path, n) == 0 && s[n] == ':' && s[n + 1] == ' ')
        s += n + 2;
    return s;
}

/* The first required field of t that is NULL, or NULL if none is. */
static const char *missing_op(const gridbfs_plugin *t)
{
    if (!t->name)
        return "name";
    if (!t->create)
        return "create";
    if (!t->destroy)
        return "destroy";
    if (!t->goals)
        return "goals";
    if (!t->expand)
        return "expand";
    if (!t->move_text)
        return "move_text";
    return NULL;
}

/* The same for an ABI 2 table: the operations every rule needs (those
   of keyed or reversible rules are asked for at create(), rules.c). */
static const char *missing_op2(const gridbfs_plugin2 *t)
{
    if (!t->name)
        return "name";
    if (!t->create)
        return "create";
    if (!t->destroy)
        return "destroy";
    if (!t->is_goal)
        return "is_goal";
    if (!t->apply)
        return "apply";
    if (!t->move_text)
        return "move_text";
    return NULL;
}

/*
 * dlopen path and check the table its entry point returns.  Returns the
 * handle and copies the table into *ops, or NULL with *err set (malloc'd)
 * and nothing left open.  The checks run in the order that makes each read
 * safe: abi and size are in every version's table, the rest only past the
 * size check.  The copy is the table read once: fields past the plugin's
 * own size are NULL, so no other code looks at a table's size again.
 */
/*
 * The major ABI of the entry point a plugin exports instead of ours
 * (gridbfs_plugin_abiN for N in 0..OTHER_ABI_MAX), or -1 when it has none.
 * Only looked up, never called: its table is not ours to read.
 */
static int other_abi(void *h)
{
    char sym[sizeof "gridbfs_plugin_abi" + 3 * sizeof(int)];

    for (int n = 0; n <= OTHER_ABI_MAX; n++) {
        if (n == 1 || n == 2)
            continue;
        snprintf(sym, sizeof sym, "gridbfs_plugin_abi%d", n);
        if (dlsym(h, sym))
            return n;
    }
    return -1;
}

/*
 * Whether the ELF file at path is cut short: its program headers or a
 * loaded segment reach past its end.  dlopen() maps such a file anyway
 * and the process dies of SIGBUS on the first touch of a missing page
 * (zeroing the tail of the last page, say), so this is asked first and a
 * truncated file is refused with a message.  Anything that is not a
 * native ELF file is left to dlopen(), which refuses it in words.
 */
static int truncated_elf(const char *path, off_t *size, uint64_t *need)
{
    ElfW(Ehdr) eh;
    ElfW(Phdr) ph;
    struct stat st;
    int cut = 0, fd = open(path, O_RDONLY | O_CLOEXEC);

    *need = 0;
    if (fd < 0)
        return 0;
    if (fstat(fd, &st) != 0 ||
        pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh ||
        memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] !=
            (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) ||
        eh.e_phentsize != sizeof ph)
        goto out;
    *size = st.st_size;
    *need = (uint64_t)eh.e_phoff + (uint64_t)eh.e_phnum * sizeof ph;
    for (unsigned i = 0; i < eh.e_phnum && *need <= (uint64_t)st.st_size; i++) {
        if (pread(fd, &ph, sizeof ph, (off_t)(eh.e_phoff + i * sizeof ph)) !=
            (ssize_t)sizeof ph)
            break;
        if (ph.p_type == PT_LOAD && (uint64_t)ph.p_offset + ph.p_filesz > *need)
            *need = (uint64_t)ph.p_offset + ph.p_filesz;
    }
    cut = *need > (uint64_t)st.st_size;
out:
    close(fd);
    return cut;
}

/* The checks of a table's head, its abi and size, which every version's
   table has (see open_plugin()): why it cannot be read, or NULL. */
static char *head_fault(const char *name, unsigned major, uint32_t abi,
                        uint32_t size, size_t min, const char *entry_point,
                        unsigned minor)
{
    if (abi >> 16 != major)
        return xfmt("plugin '%s': built for ABI %u.%u, but exports ABI %u's "
                    "entry point %s",
                    name, (unsigned)(abi >> 16), (unsigned)(abi & 0xffff),
                    major, entry_point);
    if (size < min)
        return xfmt("plugin '%s': operation table too small for ABI %u.%u "
                    "(%u bytes, need at least %zu; this gridbfs speaks ABI "
                    "%u.%u)",
                    name, (unsigned)(abi >> 16), (unsigned)(abi & 0xffff),
                    (unsigned)size, min, major, minor);
    return NULL;
}

/* The checks of a table's body, once its head is read: an operation it
   lacks (missing, or NULL), and the name it gives itself. */
static char *body_fault(const char *name, const char *path, const char *missing,
                        const char *own)
{
    char shown[SHOW_CAP];
    if (missing)
        return xfmt("plugin '%s': operation table has no '%s'", name, missing);
    if (strcmp(own, name) != 0) {
        text_quote(shown, sizeof shown, own);
        return xfmt("plugin '%s': %s calls itself '%s'", name, path, shown);
    }
    return NULL;
}

/* The checks of t, an ABI 1 table: NULL and the table copied into *e,
   adapted, or why not. */
static char *take_v1(const char *name, const char *path,
                     const gridbfs_plugin *t, entry *e)
{
    char *why = head_fault(name, 1, t->abi, t->size, MIN_TABLE_SIZE,
                           GRIDBFS_ENTRY_NAME, GRIDBFS_ABI_MINOR);
    if (why || (why = body_fault(name, path, missing_op(t), t->name)))
        return why;
    memset(&e->v1, 0, sizeof e->v1);
    memcpy(&e->v1, t, t->size < sizeof e->v1 ? t->size : sizeof e->v1);
    abi1_adapt(&e->v1, &e->table);
    e->p.v1 = &e->v1;
    return NULL;
}

/* The same for an ABI 2 table. */
static char *take_v2(const char *name, const char *path,
                     const gridbfs_plugin2 *t, entry *e)
{
    char *why = head_fault(name, 2, t->abi, t->size, MIN_TABLE2_SIZE,
                           GRIDBFS_ENTRY2_NAME, GRIDBFS_ABI2_MINOR);
    if (why || (why = body_fault(name, path, missing_op2(t), t->name)))
        return why;
    memset(&e->table, 0, sizeof e->table);
    memcpy(&e->table, t, t->size < sizeof e->table ? t->size : sizeof e->table);
    e->p.v1 = NULL;
    return NULL;
}

/*
 * dlopen path and check the table its entry point returns, ABI 2's
 * before ABI 1's.  Returns the handle with the table in e, or NULL with
 * *err set (malloc'd) and nothing left open.  The checks run in the order
 * that makes each read safe: abi and size are in every version's table,
 * the rest only past the size check.  The copy is the table read once:
 * fields past the plugin's own size are NULL, so no other code looks at a
 * table's size again.
 */
static void *open_plugin(const char *name, const char *path, entry *e,
                         char **err)
{
    _Static_assert(sizeof(void *) == sizeof(entry_fn),
                   "POSIX: data and function pointers have the same size");
    const void *t;
    entry_fn fn;
    void *sym, *h;
    off_t size;
    uint64_t need;
    int v2 = 1;

    if (truncated_elf(path, &size, &need)) {
        *err = xfmt("plugin '%s': cannot load %s: file truncated (%lld "
                    "bytes, its headers and segments need %llu)",
                    name, path, (long long)size, (unsigned long long)need);
        return NULL;
    }
    if (!(h = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
        *err = xfmt("plugin '%s': cannot load %s: %s", name, path,
                    dl_reason(path));
        return NULL;
    }
    dlerror();
    if (!(sym = dlsym(h, GRIDBFS_ENTRY2_NAME)) &&
        (v2 = 0, !(sym = dlsym(h, GRIDBFS_ENTRY_NAME)))) {
        int major = other_abi(h);
        if (major >= 0)
            *err = xfmt("plugin '%s': %s exports gridbfs_plugin_abi%d: built "
                        "for plugin ABI %d; this gridbfs speaks ABI 1 and 2",
                        name, path, major, major);
        else
            *err =
                xfmt("plugin '%s': %s has no entry point " GRIDBFS_ENTRY2_NAME
                     " or " GRIDBFS_ENTRY_NAME
                     " (not a gridbfs plugin, or built for another ABI)",
                     name, path);
        goto fail;
    }
    memcpy(&fn, &sym, sizeof fn); /* ISO C has no cast for this */
    if (!(t = fn()))
        *err = xfmt("plugin '%s': entry point of %s returned no table", name,
                    path);
    else
        *err = v2 ? take_v2(name, path, t, e) : take_v1(name, path, t, e);
    if (!*err)
        return h;
fail:
    dlclose(h);
    return NULL;
}

int loader_create(const loaded_plugin *p, const gridbfs_param *params,
                  size_t nparams, gridbfs_rule2 *rule, gridbfs_error *err)
{
    if (p->v1)
        return abi1_create(p->v1, params, nparams, rule, err);
    return p->ops->create(params, nparams, rule, err) ? -1 : 0;
}

/* The cache entry for the valid name, loading the plugin on first use. */
/*
 * Forget the least recently used failure once more than LOADER_FAILURES
 * are kept: names that cannot be loaded come from the input, and must not
 * grow the cache without bound.  Plugins that loaded stay (there are only
 * as many as plugin files), since rule instances point into them.
 */
static void forget_failure(loader *ld)
{
    size_t failures = 0, oldest = SIZE_MAX;
    for (size_t i = ld->ncache; i-- > 0;)
        if (!ld->cache[i]->p.ops) {
            failures++;
            oldest = i;
        }
    if (failures <= LOADER_FAILURES)
        return;
    entry_free(ld->cache[oldest]);
    memmove(&ld->cache[oldest], &ld->cache[oldest + 1],
            (ld->ncache - oldest - 1) * sizeof *ld->cache);
    ld->ncache--;
}

static entry *lookup(loader *ld, const char *name)
{
    for (size_t i = 0; i < ld->ncache; i++)
        if (strcmp(ld->cache[i]->p.name, name) == 0) {
            entry *e = ld->cache[i];
            if (!e->p.ops) { /* the most recent failure goes last */
                memmove(&ld->cache[i], &ld->cache[i + 1],
                        (ld->ncache - i - 1) * sizeof *ld->cache);
                ld->cache[ld->ncache - 1] = e;
            }
            return e;
        }
    entry *e = xcalloc(1, sizeof *e);
    e->p.name = xstrdup(name);
    e->p.path = find_file(ld, name, &e->err, &e->missing);
    if (e->p.path && (e->handle = open_plugin(name, e->p.path, e, &e->err)))
        e->p.ops = &e->table;
    ld->cache = xreallocarray(ld->cache, ld->ncache + 1, sizeof *ld->cache);
    ld->cache[ld->ncache++] = e;
    if (!e->p.ops)
        forget_failure(ld);
    return e;
}

/* A bad name is refused before any filesystem access and is not cached. */
const loaded_plugin *loader_get(loader *ld, const char *name, char *err,
                                size_t errlen)
{
    assert(name);
    if (!valid_name(name, strlen(name))) {
        char shown[SHOW_CAP];
        text_quote(shown, sizeof shown, name);
        if (err && errlen)
            fmt(err, errlen,
                "invalid plugin name '%s': use lowercase letters, digits "
                "and '-'",
                shown);
        return NULL;
    }
    entry *e = lookup(ld, name);
    if (e->err && err && errlen)
        fmt(err, errlen, "%s", e->err);
    return e->err ? NULL : &e->p;
}

int loader_valid_name(const char *name)
{
    return valid_name(name, strlen(name));
}

int loader_missing(loader *ld, const char *name)
{
    return valid_name(name, strlen(name)) && lookup(ld, name)->missing;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The valid names NAME of the files NAME.so in dir, sorted (all malloc'd);
   an unreadable dir has none. */
static size_t list_dir(const char *dir, char ***names)
{
    size_t n = 0;
    struct dirent *d;
    DIR *dp = opendir(dir);

    *names = NULL;
    if (!dp)
        return 0;
    while ((d = readdir(dp))) {
        size_t len = strlen(d->d_name);
        if (len <= SUFFIX_LEN ||
            strcmp(d->d_name + len - SUFFIX_LEN, SUFFIX) != 0 ||
            !valid_name(d->d_name, len - SUFFIX_LEN))
            continue;
        *names = xreallocarray(*names, n + 1, sizeof **names);
        (*names)[n++] = xstrndup(d->d_name, len - SUFFIX_LEN);
    }
    closedir(dp);
    if (n)
        qsort(*names, n, sizeof **names, cmp_names);
    return n;
}

const char *const *loader_names(loader *ld, size_t *n)
{
    for (size_t i = 0; i < ld->ndirs && !ld->listed; i++) {
        char **names;
        size_t nd = list_dir(ld->dirs[i], &names);
        for (size_t j = 0; j < nd; j++) {
            size_t k = 0;
            while (k < ld->nnames && strcmp(ld->names[k], names[j]) != 0)
                k++;
            if (k < ld->nnames) { /* an earlier folder's copy wins */
                free(names[j]);
                continue;
            }
            ld->names =
                xreallocarray(ld->names, ld->nnames + 1, sizeof *ld->names);
            ld->names[ld->nnames++] = names[j];
        }
        free(names);
    }
    ld->listed = 1;
    *n = ld->nnames;
    return (const char *const *)ld->names;
}

void loader_each(loader *ld,
                 void (*fn)(void *arg, const char *name, const loaded_plugin *p,
                            const char *err),
                 void *arg)
{
    size_t n;
    const char *const *names = loader_names(ld, &n);
    for (size_t i = 0; i < n; i++) {
        entry *e = lookup(ld, names[i]);
        fn(arg, names[i], e->err ? NULL : &e->p, e->err);
    }
}
