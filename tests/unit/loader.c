/*
 * Unit test of core/loader.c.
 *
 * GRIDBFS_TEST_PLUGINS names the folder of the plugins built from
 * tests/plugins, which is required; GRIDBFS_PLUGIN_DIR the folder of the
 * real plugins, whose cases are skipped (and said so) when it or a plugin
 * is missing.  Odd files (a directory, a FIFO, symlinks, a text file named
 * .so) are made at run time in a mkdtemp folder under TMPDIR, removed at
 * the end; that folder must be trusted (no folder above it writable by
 * group or others), so TMPDIR=/tmp makes most cases fail.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, mkfifo, symlink, realpath */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "loader.h"

#include "check.h"

#define ERR_CAP 1024
#define MAX_MADE 64
#define MAX_VISITS 64

typedef struct ctx {
    char tmp[PATH_MAX];      /* the mkdtemp folder, symlinks resolved */
    char tp[PATH_MAX];       /* GRIDBFS_TEST_PLUGINS, resolved; "" if unset */
    char path[2 * PATH_MAX]; /* made()'s result */
    char src[2 * PATH_MAX];  /* at()'s result: one of each per expression */
    char want[2 * PATH_MAX + ERR_CAP];
    char *made[MAX_MADE]; /* to remove, newest last */
    size_t nmade;
    /* what loader_each reported */
    char *seen[MAX_VISITS];
    char *seen_err[MAX_VISITS];
    const loaded_plugin *seen_p[MAX_VISITS];
    size_t nseen;
} ctx;

/* loader_get(name) must fail with a message containing want. */
static void expect_err(ctx *t, loader *ld, const char *name, const char *want,
                       int line)
{
    char err[ERR_CAP] = "";
    const loaded_plugin *p = loader_get(ld, name, err, sizeof err);
    int ok = !p && strstr(err, want);

    (void)t;
    check(ok, line, "expected error");
    if (!ok)
        fprintf(stderr, "  name '%s'\n  want '%s'\n  got  %s'%s'\n", name, want,
                p ? "a plugin, and " : "", err);
}
#define EXPECT_ERR(t, ld, name, want)                                          \
    expect_err((t), (ld), (name), (want), __LINE__)

/* loader_get(name) must succeed, loading the file at path. */
static const loaded_plugin *expect_ok(ctx *t, loader *ld, const char *name,
                                      const char *path, int line)
{
    char err[ERR_CAP] = "";
    const loaded_plugin *p = loader_get(ld, name, err, sizeof err);
    int ok = p && strcmp(p->name, name) == 0 &&
             strcmp(p->ops->name, name) == 0 &&
             (!path || strcmp(p->path, path) == 0);

    (void)t;
    check(ok, line, "expected a plugin");
    if (!ok)
        fprintf(stderr, "  name '%s' want path '%s'\n  got %s '%s'\n", name,
                path ? path : "(any)", p ? "path" : "error", p ? p->path : err);
    return ok ? p : NULL;
}
#define EXPECT_OK(t, ld, name, path)                                           \
    expect_ok((t), (ld), (name), (path), __LINE__)

static const char *at(ctx *t, const char *dir, const char *file)
{
    snprintf(t->src, sizeof t->src, "%s/%s", dir, file);
    return t->src;
}

/* Remember t->tmp/rel for removal; returns its full path (t->path). */
static const char *made(ctx *t, const char *rel)
{
    snprintf(t->path, sizeof t->path, "%s/%s", t->tmp, rel);
    if (t->nmade < MAX_MADE)
        t->made[t->nmade++] = strdup(t->path);
    return t->path;
}

static int copy_file(const char *from, const char *to)
{
    char buf[4096];
    size_t n;
    int ok = 0;
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    if (in && out) {
        while ((n = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, n, out) != n)
                goto out;
        ok = !ferror(in);
    }
out:
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        ok = 0;
    return ok;
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    int ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

static loader *loader_with(const char *a, const char *b, const char *c)
{
    loader *ld = loader_new();
    loader_add_dir(ld, a);
    loader_add_dir(ld, b);
    loader_add_dir(ld, c);
    return ld;
}

static void test_names(ctx *t)
{
    static const char *const bad[] = {"../x", "a/b",  "UP", "",    "x.so",
                                      "a b",  "/abs", "..", "-\n-"};
    char err[ERR_CAP], long_name[66];
    loader *ld = loader_with(t->tmp, NULL, NULL);

    /* t->tmp/a/b.so exists, yet "a/b" is refused by its name alone. */
    CHECK(mkdir(made(t, "a"), 0700) == 0);
    CHECK(write_text(made(t, "a/b.so"), ""));
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        EXPECT_ERR(t, ld, bad[i], "': use lowercase letters, digits and '-'");
    EXPECT_ERR(t, ld, "a/b",
               "invalid plugin name 'a/b': use lowercase "
               "letters, digits and '-'");
    EXPECT_ERR(t, ld, "-\n-", "invalid plugin name '-?-'");
    memset(long_name, 'a', sizeof long_name - 1);
    long_name[65] = '\0';
    EXPECT_ERR(t, ld, long_name, "invalid plugin name 'aaaaaaaa");
    long_name[64] = '\0'; /* 64 characters: valid, merely absent */
    EXPECT_ERR(t, ld, long_name, "' not found (searched: ");

    /* No buffer, or a tiny one: still NULL, still a C string. */
    CHECK(loader_get(ld, "UP", NULL, 0) == NULL);
    CHECK(loader_get(ld, "UP", err, 8) == NULL && strlen(err) == 7);
    loader_free(ld);
}

static void test_dirs(ctx *t)
{
    char cwd[PATH_MAX];
    loader *ld = loader_new();

    loader_add_path_list(ld, "/x/a::/x/b/:/x/a/:", NULL, NULL);
    loader_add_dir(ld, "");
    loader_add_dir(ld, "/");
    CHECK(loader_ndirs(ld) == 3 && strcmp(loader_dir(ld, 0), "/x/a") == 0 &&
          strcmp(loader_dir(ld, 1), "/x/b") == 0 &&
          strcmp(loader_dir(ld, 2), "/") == 0);
    loader_free(ld);

    /* Relative folders are made absolute when added, so a later chdir (or
       the current directory in general) never changes what is searched. */
    ld = loader_new();
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    CHECK(chdir(t->tmp) == 0);
    loader_add_dir(ld, "first");
    loader_add_dir(ld, "no-such-dir/");
    CHECK(chdir(cwd) == 0);
    CHECK(loader_ndirs(ld) == 2);
    CHECK(loader_ndirs(ld) == 2 &&
          strcmp(loader_dir(ld, 0), at(t, t->tmp, "first")) == 0 &&
          strcmp(loader_dir(ld, 1), at(t, t->tmp, "no-such-dir")) == 0);
    EXPECT_OK(t, ld, "broken-params", at(t, t->tmp, "first/broken-params.so"));
    loader_free(ld);

    ld = loader_new();
    EXPECT_ERR(t, ld, "x",
               "plugin 'x' not found (no plugin folders to search)");
    loader_free(ld);
}

static void test_broken(ctx *t)
{
    CHECK(mkdir(made(t, "empty"), 0700) == 0);
    loader *ld = loader_with(t->path, t->tp, NULL);

    snprintf(t->want, sizeof t->want,
             "plugin 'nope' not found (searched: %s/empty, %s)", t->tmp, t->tp);
    EXPECT_ERR(t, ld, "nope", t->want);
    snprintf(t->want, sizeof t->want,
             "plugin 'broken-nosym': %s/broken-nosym.so has no entry point "
             "gridbfs_plugin_abi2 or gridbfs_plugin_abi1 (not a gridbfs "
             "plugin, or built for another ABI)",
             t->tp);
    EXPECT_ERR(t, ld, "broken-nosym", t->want);
    snprintf(t->want, sizeof t->want,
             "plugin 'broken-abi3': %s/broken-abi3.so exports "
             "gridbfs_plugin_abi3: built for plugin ABI 3; this gridbfs "
             "speaks ABI 1 and 2",
             t->tp);
    EXPECT_ERR(t, ld, "broken-abi3", t->want);
    snprintf(t->want, sizeof t->want,
             "plugin 'broken-null': entry point of %s/broken-null.so returned "
             "no table",
             t->tp);
    EXPECT_ERR(t, ld, "broken-null", t->want);
    EXPECT_ERR(t, ld, "broken-abi",
               "plugin 'broken-abi': built for ABI 2.0, but exports ABI 1's "
               "entry point gridbfs_plugin_abi1");
    snprintf(t->want, sizeof t->want,
             "plugin 'broken-small': operation table too small for ABI 1.0 "
             "(16 bytes, need at least %zu; this gridbfs speaks ABI %d.%d)",
             (size_t)GRIDBFS_PLUGIN_V1_0_SIZE, GRIDBFS_ABI_MAJOR,
             GRIDBFS_ABI_MINOR);
    EXPECT_ERR(t, ld, "broken-small", t->want);
    EXPECT_ERR(t, ld, "broken-nullop",
               "plugin 'broken-nullop': operation table has no 'expand'");
    snprintf(t->want, sizeof t->want,
             "plugin 'broken-name': %s/broken-name.so calls itself "
             "'someone-else'",
             t->tp);
    EXPECT_ERR(t, ld, "broken-name", t->want);

    /* Valid tables whose rules misbehave later, in the core's hands. */
    const loaded_plugin *p =
        EXPECT_OK(t, ld, "broken-params", at(t, t->tp, "broken-params.so"));
    if (p) {
        gridbfs_param params[] = {{"other", "1"}, {"size", "4x4"}};
        gridbfs_rule rule = {GRIDBFS_ABI, sizeof rule, NULL, 0, 0,
                             0,           0,           0,    0, 0};
        char text[64] = "";
        gridbfs_error err = {text, sizeof text, -1};
        CHECK(p->v1->create(params, 2, &rule, &err) == -1);
        CHECK(strcmp(text, "always refuses 'size'") == 0 && err.param == 1);
        CHECK(loader_get(ld, "broken-params", NULL, 0) == p); /* cached */
    }
    p = EXPECT_OK(t, ld, "broken-moves", NULL);
    if (p) {
        gridbfs_param params[] = {{"size", "4x4"}};
        gridbfs_rule rule = {GRIDBFS_ABI, sizeof rule, NULL, 0, 0,
                             0,           0,           0,    0, 0};
        char text[64] = "";
        gridbfs_error err = {text, sizeof text, -1};
        uint64_t next[2];
        CHECK(p->v1->create(params, 1, &rule, &err) == 0);
        CHECK(rule.rows == 4 && rule.cols == 4 && rule.moves == 2);
        p->v1->expand(rule.inst, 0, next);
        CHECK(next[0] >> 16 != 0 && next[1] == 1);
        p->v1->destroy(rule.inst);
    }
    loader_free(ld);
}

/* Odd files, symlinks, the first folder winning, and cached failures. */
static void test_files(ctx *t)
{
    char err1[ERR_CAP], err2[ERR_CAP];

    CHECK(mkdir(made(t, "first"), 0700) == 0);
    CHECK(copy_file(at(t, t->tp, "broken-params.so"),
                    made(t, "first/broken-params.so")));
    CHECK(copy_file(at(t, t->tp, "broken-nosym.so"),
                    made(t, "first/broken-abi.so")));
    CHECK(mkdir(made(t, "odd"), 0700) == 0);
    CHECK(mkdir(made(t, "odd/dir.so"), 0700) == 0);
    CHECK(mkfifo(made(t, "odd/fifo.so"), 0600) == 0);
    CHECK(symlink(at(t, t->tmp, "odd/dir.so"), made(t, "odd/dirlink.so")) == 0);
    CHECK(symlink("no-such-file", made(t, "odd/dangling.so")) == 0);
    CHECK(write_text(made(t, "odd/junk.so"), "not a shared object\n"));
    CHECK(write_text(made(t, "odd/Bad.so"), ""));
    CHECK(write_text(made(t, "odd/notes.txt"), ""));
    CHECK(symlink(at(t, t->tp, "broken-moves.so"),
                  made(t, "odd/broken-moves.so")) == 0);

    loader *ld = loader_with(at(t, t->tmp, "odd"), NULL, NULL);
    snprintf(t->want, sizeof t->want,
             "plugin 'dir': %s/odd/dir.so is not a "
             "regular file",
             t->tmp);
    EXPECT_ERR(t, ld, "dir", t->want);
    snprintf(t->want, sizeof t->want,
             "plugin 'dirlink': %s/odd/dir.so is not "
             "a regular file",
             t->tmp);
    EXPECT_ERR(t, ld, "dirlink", t->want);
    EXPECT_ERR(t, ld, "fifo", "odd/fifo.so is not a regular file");
    EXPECT_ERR(t, ld, "dangling", "odd/dangling.so: No such file or directory");
    snprintf(t->want, sizeof t->want,
             "plugin 'junk': cannot load %s/odd/junk.so: ", t->tmp);
    EXPECT_ERR(t, ld, "junk", t->want);
    loader_get(ld, "junk", err1, sizeof err1); /* dlerror's "PATH: " cut */
    CHECK(strstr(err1, "junk.so: /") == NULL);
    EXPECT_OK(t, ld, "broken-moves",
              at(t, t->tp, "broken-moves.so")); /* followed */

    /* A failure is remembered, even once the cause is gone. */
    loader_get(ld, "late", err1, sizeof err1);
    CHECK(symlink(at(t, t->tp, "broken-params.so"), made(t, "odd/late.so")) ==
          0);
    loader_get(ld, "late", err2, sizeof err2);
    CHECK(strstr(err1, "not found") && strcmp(err1, err2) == 0);
    loader_free(ld);

    /* The first folder wins, for a good file and for a bad one. */
    ld = loader_with(at(t, t->tmp, "first"), t->tp, NULL);
    EXPECT_OK(t, ld, "broken-params", at(t, t->tmp, "first/broken-params.so"));
    EXPECT_ERR(t, ld, "broken-abi", "first/broken-abi.so has no entry point");
    loader_free(ld);
    ld = loader_with(t->tp, at(t, t->tmp, "first"), NULL);
    EXPECT_OK(t, ld, "broken-params", at(t, t->tp, "broken-params.so"));
    EXPECT_ERR(t, ld, "broken-abi", "built for ABI 2.0");
    loader_free(ld);
}

static void visit(void *arg, const char *name, const loaded_plugin *p,
                  const char *err)
{
    ctx *t = arg;
    CHECK((p == NULL) != (err == NULL));
    if (t->nseen < MAX_VISITS) {
        t->seen[t->nseen] = strdup(name);
        t->seen_err[t->nseen] = err ? strdup(err) : NULL;
        t->seen_p[t->nseen++] = p;
    }
}

static void test_each(ctx *t)
{
    /* first: broken-abi, broken-params; then the test plugins but those two;
       then odd's valid names not met yet (not Bad.so, not notes.txt). */
    static const char *const order[] = {"broken-abi",
                                        "broken-params",
                                        "broken-abi3",
                                        "broken-apply",
                                        "broken-cells",
                                        "broken-judge",
                                        "broken-moves",
                                        "broken-name",
                                        "broken-nosym",
                                        "broken-null",
                                        "broken-nullop",
                                        "broken-silent",
                                        "broken-small",
                                        "future-abi",
                                        "lie-goals-many",
                                        "lie-goals-off",
                                        "lie-judge-text",
                                        "lie-solve",
                                        "lie-solve-xor",
                                        "lie-text-length",
                                        "lie-text-newline",
                                        "lie-text-space",
                                        "lights2",
                                        "lightskey",
                                        "old-abi",
                                        "own-text",
                                        "peg",
                                        "rotate",
                                        "tiles",
                                        "toggle-apply",
                                        "toggle-old",
                                        "typed-size",
                                        "dangling",
                                        "dir",
                                        "dirlink",
                                        "fifo",
                                        "junk",
                                        "late"};
    size_t n = sizeof order / sizeof *order;
    loader *ld = loader_new();
    loader_add_dir(ld, at(t, t->tmp, "first"));
    loader_add_dir(ld, t->tp);
    loader_add_dir(ld, at(t, t->tmp, "odd"));
    loader_add_dir(ld, at(t, t->tmp, "no-such-dir"));
    EXPECT_OK(t, ld, "broken-moves", NULL); /* cached before the walk */

    for (int round = 0; round < 2; round++) {
        loader_each(ld, visit, t);
        CHECK(t->nseen == n);
        for (size_t i = 0; i < t->nseen; i++) {
            int ok = i < n && strcmp(t->seen[i], order[i]) == 0;
            check(ok, __LINE__, "loader_each order");
            if (!ok)
                fprintf(stderr, "  visit %zu: '%s'\n", i, t->seen[i]);
        }
        if (t->nseen == n) {
            CHECK(t->seen_err[0] && strstr(t->seen_err[0], "no entry point"));
            CHECK(t->seen_p[1] && strstr(t->seen_p[1]->path, "/first/"));
            size_t moves = 0, junk = 0;
            for (size_t i = 0; i < n; i++) {
                if (strcmp(order[i], "broken-moves") == 0)
                    moves = i;
                if (strcmp(order[i], "junk") == 0)
                    junk = i;
            }
            CHECK(t->seen_p[moves] &&
                  t->seen_p[moves] == loader_get(ld, "broken-moves", NULL, 0));
            CHECK(t->seen_err[junk] &&
                  strstr(t->seen_err[junk], "cannot load"));
        }
        for (size_t i = 0; i < t->nseen; i++) {
            free(t->seen[i]);
            free(t->seen_err[i]);
        }
        t->nseen = 0;
    }
    loader_free(ld);
}

/* GRIDBFS_PLUGIN_PATH's entries: relative ones refused, one call each. */
static void refused(void *arg, const char *entry)
{
    ctx *t = arg;
    size_t n = strlen(t->want);
    snprintf(t->want + n, sizeof t->want - n, "[%s]", entry);
}

/*
 * Trust: the file and every folder above it, up to /, writable by neither
 * group nor others (the owner is root or us: the tests chown in
 * tests/trust.bats, as root).  Each refusal names the path at fault and
 * its mode; a symlink is judged where it leads.
 */
static void test_trust(ctx *t)
{
    CHECK(mkdir(made(t, "trust"), 0755) == 0);
    CHECK(mkdir(made(t, "trust/a"), 0755) == 0);
    CHECK(mkdir(made(t, "trust/a/b"), 0755) == 0);
    CHECK(copy_file(at(t, t->tp, "broken-params.so"),
                    made(t, "trust/a/b/broken-params.so")));
    CHECK(mkdir(made(t, "link"), 0755) == 0);
    CHECK(symlink(at(t, t->tmp, "trust/a/b/broken-params.so"),
                  made(t, "link/broken-params.so")) == 0);
    char dir_b[2 * PATH_MAX], dir_a[2 * PATH_MAX], file[2 * PATH_MAX];
    snprintf(dir_a, sizeof dir_a, "%s", at(t, t->tmp, "trust/a"));
    snprintf(dir_b, sizeof dir_b, "%s", at(t, t->tmp, "trust/a/b"));
    snprintf(file, sizeof file, "%s",
             at(t, t->tmp, "trust/a/b/broken-params.so"));

    static const struct {
        const char *what; /* 'f' the file, 'b' its folder, 'a' the one above */
        mode_t mode;
        const char *why;
    } cases[] = {
        {"f", 0664, "is writable by group (mode 0664): not trusted"},
        {"f", 0646, "is writable by others (mode 0646): not trusted"},
        {"b", 0775, "is writable by group (mode 0775): not trusted"},
        {"a", 0777,
         "is writable by group and others (mode 0777): not "
         "trusted"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *path = cases[i].what[0] == 'f'   ? file
                           : cases[i].what[0] == 'b' ? dir_b
                                                     : dir_a;
        mode_t good = cases[i].what[0] == 'f' ? 0644 : 0755;
        CHECK(chmod(path, cases[i].mode) == 0);
        for (int via_link = 0; via_link < 2; via_link++) {
            loader *ld = loader_with(via_link ? at(t, t->tmp, "link") : dir_b,
                                     NULL, NULL);
            snprintf(t->want, sizeof t->want, "plugin 'broken-params': %s %s",
                     path, cases[i].why);
            EXPECT_ERR(t, ld, "broken-params", t->want);
            loader_free(ld);
        }
        CHECK(chmod(path, good) == 0);
    }
    loader *ld = loader_with(at(t, t->tmp, "link"), NULL, NULL);
    EXPECT_OK(t, ld, "broken-params", file); /* all tidy again */
    loader_free(ld);

    /* Relative entries of a path list are refused, each said once; the
       absolute ones around them are still added. */
    ld = loader_new();
    t->want[0] = '\0';
    loader_add_path_list(ld, "rel:/x/a::./b:../c:/x/b:d/", refused, t);
    CHECK(strcmp(t->want, "[rel][./b][../c][d/]") == 0);
    CHECK(loader_ndirs(ld) == 2 && strcmp(loader_dir(ld, 0), "/x/a") == 0 &&
          strcmp(loader_dir(ld, 1), "/x/b") == 0);
    loader_free(ld);
}

/* The real plugins, when they are built. */
static void test_real(ctx *t)
{
    static const char *const names[] = {"flip-neighbors", "swap-adjacent"};
    const char *dir = getenv("GRIDBFS_PLUGIN_DIR");
    char file[80];
    struct stat st;
    loader *ld = loader_with(dir, NULL, NULL);

    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(file, sizeof file, "%s.so", names[i]);
        if (!dir || !*dir || stat(at(t, dir, file), &st) != 0) {
            printf("skip: %s not found (GRIDBFS_PLUGIN_DIR=%s)\n", file,
                   dir ? dir : "(unset)");
            continue;
        }
        const loaded_plugin *p = EXPECT_OK(t, ld, names[i], NULL);
        CHECK(!p || (p->ops->summary && p->ops->params && p->path[0] == '/'));
    }
    loader_free(ld);
}

int main(void)
{
    ctx *t = calloc(1, sizeof *t);
    const char *tp = getenv("GRIDBFS_TEST_PLUGINS");
    const char *tmpdir = getenv("TMPDIR");
    char tmpl[PATH_MAX];

    if (!t)
        return 2;
    /* The loader trusts only files and folders no group or other may
       write, so those made here are not; TMPDIR (ctest sets one in the
       build tree) because /tmp itself, writable by all, is not trusted. */
    umask(S_IWGRP | S_IWOTH);
    snprintf(tmpl, sizeof tmpl, "%s/gridbfs-loader-XXXXXX",
             tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (CHECK_MSG(tp && realpath(tp, t->tp),
                  "GRIDBFS_TEST_PLUGINS unset or missing: the test "
                  "plugins' folder") &&
        CHECK_MSG(mkdtemp(tmpl) && realpath(tmpl, t->tmp), "mkdtemp %s",
                  tmpl)) {
        t->made[t->nmade++] = strdup(t->tmp);
        test_names(t);
        test_files(t);
        test_dirs(t);
        test_broken(t);
        test_each(t);
        test_trust(t);
    }
    test_real(t);

    while (t->nmade > 0) {
        char *p = t->made[--t->nmade];
        if (remove(p) != 0)
            perror(p);
        free(p);
    }
    free(t);
    return check_done();
}
