/*
 * tests/unit/outfile.c - unit test of core/outfile.c, both ways it keeps a
 * temporary file: O_TMPFILE and the named fallback (OUTFILE_NAMED), which
 * the end-to-end suite cannot choose on a filesystem that has O_TMPFILE.
 *
 * Each case works in a fresh folder under $TMPDIR and checks what is in it
 * afterwards: the file's bytes, mode and owner, symlinks still links, and no
 * other name.  The ways a process dies (exit(), signals) run in a child,
 * forked before this process ever installs the cleanup, so each child
 * installs its own as gridbfs does.  Owners are checked only as root.
 * Exit status 0 when every check passed; the last line is "N passed, M failed".
 */
#define _POSIX_C_SOURCE 200809L

#include "outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

#define PATH_CAP 512
#define ERR_CAP 512
#define ALARM_SECONDS 60
#define NOBODY 65534         /* the uid and gid the owner case gives away */
#define FSIZE_LIMIT 4096     /* RLIMIT_FSIZE for the SIGXFSZ case */
#define BIG_WRITE (1u << 16) /* more than FSIZE_LIMIT */

static const unsigned mode_flags[] = {0, OUTFILE_NAMED};

/* Kept in a global so LeakSanitizer sees it when a child exits with it. */
static outfile *child_out;

/* A new empty folder; its name in dir. */
static void new_dir(char *dir)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, PATH_CAP, "%s/gridbfs-of-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        exit(2);
    }
}

/* p = dir/name (p has PATH_CAP bytes). */
static void in_dir(char *p, const char *dir, const char *name)
{
    int n = snprintf(p, PATH_CAP, "%s/%s", dir, name);
    if (n < 0 || n >= PATH_CAP) {
        fprintf(stderr, "outfile.c: %s/%s: name too long\n", dir, name);
        exit(2);
    }
}

/* Remove dir and the files in it (no subfolders here). */
static void rm_dir(const char *dir)
{
    char p[PATH_CAP];
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            in_dir(p, dir, e->d_name);
            unlink(p);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* How many names dir holds; a name that is not in want is printed. */
static int names(const char *dir, const char *const *want, int nwant)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        int known = 0;
        for (int i = 0; i < nwant; i++)
            known |= !strcmp(e->d_name, want[i]);
        if (!known)
            fprintf(stderr, "    unexpected file: %s\n", e->d_name);
        n += known ? 1 : 100;
    }
    if (d)
        closedir(d);
    return n;
}

static void put(const char *path, const char *s, mode_t mode)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(s, f) < 0 || fclose(f) || chmod(path, mode)) {
        perror(path);
        exit(2);
    }
}

/* Whether path holds exactly s. */
static int holds(const char *path, const char *s)
{
    char buf[256];
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return !strcmp(buf, s);
}

static outfile *open_or_die(const char *path, unsigned flags)
{
    char err[ERR_CAP];
    outfile *o = outfile_open(path, flags, err, sizeof err);
    if (!o) {
        fprintf(stderr, "outfile.c: %s\n", err);
        exit(2);
    }
    return o;
}

/* A new file: whole at the commit, 0666 & ~umask, nothing else left. */
static void test_new_file(unsigned flags)
{
    char dir[PATH_CAP], out[PATH_CAP], err[ERR_CAP];
    static const char *const want[] = {"out"};
    struct stat st;

    new_dir(dir);
    in_dir(out, dir, "out");
    mode_t mask = umask(027);
    outfile *o = open_or_die(out, flags);
    fputs("4\n", outfile_stream(o));
    CHECK(access(out, F_OK) != 0); /* not before the commit */
    CHECK(outfile_close(o, 1, err, sizeof err) == 0);
    umask(mask);
    CHECK(holds(out, "4\n"));
    CHECK(stat(out, &st) == 0 && (st.st_mode & 07777) == 0640);
    CHECK(names(dir, want, 1) == 1);
    rm_dir(dir);
}

/* Over an old file: its mode and owner kept; without commit, untouched. */
static void test_old_file(unsigned flags)
{
    char dir[PATH_CAP], out[PATH_CAP], err[ERR_CAP];
    static const char *const want[] = {"out"};
    struct stat st;

    new_dir(dir);
    in_dir(out, dir, "out");
    put(out, "old\n", 0600);
    int root = geteuid() == 0 && chown(out, NOBODY, NOBODY) == 0;
    outfile *o = open_or_die(out, flags);
    fputs("partial\n", outfile_stream(o));
    CHECK(outfile_close(o, 0, err, sizeof err) == 0);
    CHECK_WHY(holds(out, "old\n"), "no commit: the old file stays");
    CHECK(names(dir, want, 1) == 1);

    o = open_or_die(out, flags);
    fputs("4\n", outfile_stream(o));
    CHECK(outfile_close(o, 1, err, sizeof err) == 0);
    CHECK(holds(out, "4\n"));
    CHECK(stat(out, &st) == 0 && (st.st_mode & 07777) == 0600);
    if (root)
        CHECK(st.st_uid == NOBODY && st.st_gid == NOBODY);
    CHECK(names(dir, want, 1) == 1);
    rm_dir(dir);
}

/* A link to a file, and a dangling one: the links stay, the files change. */
static void test_symlinks(unsigned flags)
{
    char dir[PATH_CAP], p[PATH_CAP], err[ERR_CAP];
    static const char *const want[] = {"file", "link", "dangling", "new"};
    struct stat st;

    new_dir(dir);
    in_dir(p, dir, "file");
    put(p, "old\n", 0640);
    in_dir(p, dir, "link");
    CHECK(symlink("file", p) == 0);
    outfile *o = open_or_die(p, flags);
    fputs("4\n", outfile_stream(o));
    CHECK(outfile_close(o, 1, err, sizeof err) == 0);
    CHECK(lstat(p, &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(holds(p, "4\n"));
    in_dir(p, dir, "file");
    CHECK(stat(p, &st) == 0 && (st.st_mode & 07777) == 0640);

    in_dir(p, dir, "dangling");
    CHECK(symlink("new", p) == 0);
    o = open_or_die(p, flags);
    fputs("5\n", outfile_stream(o));
    CHECK(outfile_close(o, 1, err, sizeof err) == 0);
    CHECK(lstat(p, &st) == 0 && S_ISLNK(st.st_mode));
    in_dir(p, dir, "new");
    CHECK(holds(p, "5\n"));
    CHECK(names(dir, want, 4) == 4);
    rm_dir(dir);
}

/* How a child ends after writing some output. */
enum death { BY_EXIT, BY_TERM, BY_QUIT, BY_PIPE, BY_XFSZ, IGNORED_HUP };

static void child(const char *out, unsigned flags, enum death how)
{
    struct rlimit no_core = {0, 0}, small = {FSIZE_LIMIT, FSIZE_LIMIT};
    int fds[2];

    setrlimit(RLIMIT_CORE, &no_core);
    if (how == IGNORED_HUP)
        signal(SIGHUP, SIG_IGN); /* as nohup does */
    child_out = open_or_die(out, flags);
    FILE *f = outfile_stream(child_out);
    fputs("partial\n", f);
    fflush(f);
    switch (how) {
    case BY_EXIT: exit(2); /* as xmalloc's out of memory does */
    case BY_TERM: raise(SIGTERM); break;
    case BY_QUIT: raise(SIGQUIT); break;
    case BY_PIPE:
        if (pipe(fds) == 0 && close(fds[0]) == 0)
            (void)!write(fds[1], "x", 1);
        break;
    case BY_XFSZ:
        setrlimit(RLIMIT_FSIZE, &small);
        for (unsigned i = 0; i < BIG_WRITE; i++)
            fputc('x', f);
        fflush(f);
        break;
    case IGNORED_HUP: {
        char err[ERR_CAP];
        kill(getpid(), SIGHUP); /* ignored: the run goes on and commits */
        exit(outfile_close(child_out, 1, err, sizeof err) ? 3 : 0);
    }
    }
    _exit(4); /* the signal did not end the process */
}

/* Every way a process dies leaves the old file and no other name. */
static void test_deaths(unsigned flags)
{
    static const struct {
        enum death how;
        int sig; /* the signal it dies of, or 0: its exit status */
        int status;
        const char *name;
    } cases[] = {
        {BY_EXIT, 0, 2, "exit(2)"},       {BY_TERM, SIGTERM, 0, "SIGTERM"},
        {BY_QUIT, SIGQUIT, 0, "SIGQUIT"}, {BY_PIPE, SIGPIPE, 0, "SIGPIPE"},
        {BY_XFSZ, SIGXFSZ, 0, "SIGXFSZ"}, {IGNORED_HUP, 0, 0, "ignored SIGHUP"},
    };
    static const char *const want[] = {"out"};
    char dir[PATH_CAP], out[PATH_CAP];

    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        new_dir(dir);
        in_dir(out, dir, "out");
        put(out, "old\n", 0644);
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0)
            child(out, flags, cases[i].how);
        int st = 0;
        waitpid(pid, &st, 0);
        int ok = cases[i].sig
                     ? WIFSIGNALED(st) && WTERMSIG(st) == cases[i].sig
                     : WIFEXITED(st) && WEXITSTATUS(st) == cases[i].status;
        int kept = cases[i].how == IGNORED_HUP ? holds(out, "partial\n")
                                               : holds(out, "old\n");
        int clean = names(dir, want, 1) == 1;
        CHECK(ok && kept && clean);
        if (!ok || !kept || !clean)
            fprintf(stderr, "    %s, %s: status %#x%s%s\n",
                    flags ? "named" : "O_TMPFILE", cases[i].name, st,
                    kept ? "" : ", the file changed",
                    clean ? "" : ", a file left behind");
        rm_dir(dir);
    }
}

/* A folder that does not exist, and a loop of links: messages, no file. */
static void test_errors(unsigned flags)
{
    char dir[PATH_CAP], p[PATH_CAP], err[ERR_CAP] = "";

    new_dir(dir);
    in_dir(p, dir, "no/out");
    CHECK(outfile_open(p, flags, err, sizeof err) == NULL);
    CHECK(strstr(err, "no/out: No such file or directory"));
    in_dir(p, dir, "loop");
    CHECK(symlink("loop", p) == 0);
    CHECK(outfile_open(p, flags, err, sizeof err) == NULL);
    CHECK(strstr(err, "loop: Too many levels of symbolic links"));
    rm_dir(dir);
}

int main(void)
{
    alarm(ALARM_SECONDS);
    /* first, before this process installs the cleanup (see the top) */
    for (int m = 0; m < 2; m++)
        test_deaths(mode_flags[m]);
    for (int m = 0; m < 2; m++) {
        test_new_file(mode_flags[m]);
        test_old_file(mode_flags[m]);
        test_symlinks(mode_flags[m]);
        test_errors(mode_flags[m]);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
