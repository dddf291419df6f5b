/* outfile.c - see outfile.h. */
#define _GNU_SOURCE /* O_TMPFILE */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "util.h"

#ifndef PROC_SUPER_MAGIC
#define PROC_SUPER_MAGIC 0x9fa0
#endif
#define MAX_LINKS 40   /* symlinks followed at most, as the kernel does */
#define LINK_TRIES 100 /* names tried for an O_TMPFILE file's commit */
#define NAME_EXTRA 32  /* room for ".", "." and a suffix beside a name */
#define PROC_FD_MAX 64 /* "/proc/self/fd/N" */

enum out_mode {
    TO_STDOUT, /* standard output */
    DIRECT,    /* -o written straight through */
    TMPFILE,   /* an O_TMPFILE file, named only for the commit */
    NAMED,     /* a mkstemp file, removed by atexit() and signals */
};

struct outfile {
    enum out_mode mode;
    FILE *f;
    char *name;   /* what messages call it: -o's argument, or <stdout> */
    char *target; /* the file to replace: -o with its symlinks followed */
    char *tmp;    /* the temporary file's name, while it has one */
};

/* Ends a process by default; the temporary file's name goes first. */
static const int fatal_signals[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGABRT,
                                    SIGPIPE, SIGALRM, SIGTERM, SIGUSR1,
                                    SIGUSR2, SIGXCPU, SIGXFSZ};

/* The name to remove on the way out, if pending_set (see outfile.h). */
static char pending[PATH_MAX];
static volatile sig_atomic_t pending_set;

static void remove_pending(void)
{
    if (pending_set)
        unlink(pending);
}

static void on_signal(int sig)
{
    remove_pending();
    signal(sig, SIG_DFL);
    raise(sig); /* delivered when the handler returns: the default death */
}

/* Install the cleanup once; a signal the caller ignores stays ignored. */
static void install_cleanup(void)
{
    static int installed;
    struct sigaction sa, old;

    if (installed)
        return;
    installed = 1;
    atexit(remove_pending);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
        if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
            old.sa_handler != SIG_IGN)
            sigaction(fatal_signals[i], &sa, NULL);
}

/* Hold the fatal signals while a temporary name and pending disagree. */
static void block_signals(sigset_t *saved)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
        sigaddset(&set, fatal_signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, saved);
}

static void restore_signals(const sigset_t *saved)
{
    pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* Record name for removal on the way out (signals blocked); 0 or -1. */
static int set_pending(const char *name)
{
    if (strlen(name) >= sizeof pending) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(pending, name, strlen(name) + 1);
    pending_set = 1;
    return 0;
}

int outfile_std_fds(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* the lower descriptors are open, so open() returns fd */
        int nfd = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (nfd != fd) {
            if (nfd >= 0)
                close(nfd);
            return -1;
        }
    }
    return 0;
}

/* Length of the folder part of path, its last '/' included (0: none). */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* Whether the link path lives in /proc: a window onto an open descriptor. */
static int in_proc(const char *path)
{
    size_t n = dir_len(path);
    char *dir = n ? xstrndup(path, n) : xstrdup(".");
    struct statfs fs;
    int yes = statfs(dir, &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
    free(dir);
    return yes;
}

/*
 * Whether the kernel's fs.protected_symlinks would refuse to follow link
 * (lstat in st): it lies in a sticky folder anyone may write (/tmp), and
 * belongs to neither this user nor the folder's owner.  Followed by hand,
 * such a link planted by another user would make us replace any file it
 * names (as root: any file at all), so the rule is ours whatever the
 * sysctl says.
 */
static int planted_link(const char *link, const struct stat *st)
{
    size_t n = dir_len(link);
    char *dir = n ? xstrndup(link, n) : xstrdup(".");
    struct stat ds;
    int bad = stat(dir, &ds) == 0 && (ds.st_mode & S_ISVTX) &&
              (ds.st_mode & S_IWOTH) && st->st_uid != geteuid() &&
              st->st_uid != ds.st_uid;
    free(dir);
    return bad;
}

/*
 * The name a rename must replace for path: path with its symlinks followed
 * to the last name, which need not exist (a dangling link).  Returns a new
 * string, or NULL with a message in err.  *through is set, and path
 * returned, when a link lives in /proc (/dev/stdout, /dev/fd/N): only
 * writing through it reaches the descriptor it stands for.
 */
static char *follow_links(const char *path, int *through, char *err, size_t cap)
{
    char *p = xstrdup(path), to[PATH_MAX];
    struct stat st;

    *through = 0;
    for (int hops = 0; lstat(p, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
        if (planted_link(p, &st)) {
            fmt(err, cap,
                "%s: not following the symlink %s: it is in a sticky folder "
                "anyone may write, and belongs to neither you nor the "
                "folder's owner",
                path, p);
            free(p);
            return NULL;
        }
        ssize_t n = readlink(p, to, sizeof to);
        if (hops == MAX_LINKS || n < 0 || (size_t)n == sizeof to) {
            errno = hops == MAX_LINKS ? ELOOP : n < 0 ? errno : ENAMETOOLONG;
            fmt(err, cap, "%s: %s", path, strerror(errno));
            free(p);
            return NULL;
        }
        if (in_proc(p)) {
            free(p);
            *through = 1;
            return xstrdup(path);
        }
        size_t keep = to[0] == '/' ? 0 : dir_len(p); /* relative to p's dir */
        char *next = xmalloc(keep + (size_t)n + 1);
        memcpy(next, p, keep);
        memcpy(next + keep, to, (size_t)n);
        next[keep + (size_t)n] = '\0';
        free(p);
        p = next;
    }
    return p;
}

/* A temporary file in target's folder, open in o->f; 0 or -1 (errno). */
static int open_tmp(outfile *o, unsigned flags)
{
    size_t dl = dir_len(o->target);
    int fd = -1;

    if (!(flags & OUTFILE_NAMED) && access("/proc/self/fd", X_OK) == 0) {
        char *dir = dl ? xstrndup(o->target, dl) : xstrdup(".");
        fd = open(dir, O_WRONLY | O_TMPFILE | O_CLOEXEC, 0666);
        free(dir);
        if (fd >= 0)
            o->mode = TMPFILE;
        else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
            return -1; /* the folder, not the filesystem, is at fault */
    }
    if (fd < 0) {
        sigset_t saved;
        size_t n = strlen(o->target) + NAME_EXTRA;
        o->tmp = xmalloc(n);
        fmt(o->tmp, n, "%.*s.%s.XXXXXX", (int)dl, o->target, o->target + dl);
        install_cleanup();
        block_signals(&saved);
        if (set_pending(o->tmp) == 0 &&
            (fd = mkostemp(pending, O_CLOEXEC)) >= 0) {
            memcpy(o->tmp, pending, strlen(pending) + 1);
            o->mode = NAMED;
        } else {
            pending_set = 0;
        }
        restore_signals(&saved);
        if (fd < 0)
            return -1;
    }
    o->f = fdopen(fd, "w");
    if (!o->f) {
        close(fd);
        return -1;
    }
    return 0;
}

/*
 * Give the temporary file the old file's owner and mode, or 0666 & ~umask
 * for a new file (O_TMPFILE applied the umask already).  The owner first:
 * a chown clears the set-user-ID bits the chmod then restores.  The owner
 * is kept where we may (as root); a failure to keep it is not an error.
 */
static int keep_mode(outfile *o, const struct stat *old)
{
    int fd = fileno(o->f);
    if (old) {
        if (fchown(fd, old->st_uid, old->st_gid) != 0 &&
            fchown(fd, (uid_t)-1, old->st_gid) != 0) {
            /* not ours to give away */
        }
        return fchmod(fd, old->st_mode & 07777);
    }
    if (o->mode == NAMED) { /* mkstemp made it 0600 */
        mode_t mask = umask(0);
        umask(mask);
        return fchmod(fd, 0666 & ~mask);
    }
    return 0;
}

static void discard(outfile *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    if (o->tmp && pending_set) {
        unlink(o->tmp);
        pending_set = 0;
    }
    free(o->name);
    free(o->target);
    free(o->tmp);
    free(o);
}

outfile *outfile_open(const char *path, unsigned flags, char *err, size_t cap)
{
    outfile *o = xcalloc(1, sizeof *o);
    struct stat st;
    int through;

    if (!path) {
        o->mode = TO_STDOUT;
        o->f = stdout;
        o->name = xstrdup("<stdout>");
        return o;
    }
    o->name = xstrdup(path);
    if (!*path) {
        errno = ENOENT; /* as open("") says, before any work is done */
        goto fail;
    }
    if (!(o->target = follow_links(path, &through, err, cap))) {
        discard(o);
        return NULL;
    }
    int exists = stat(o->target, &st) == 0;
    struct stat out;
    if (through && exists && fstat(STDOUT_FILENO, &out) == 0 &&
        out.st_dev == st.st_dev && out.st_ino == st.st_ino) {
        /* /dev/stdout, /dev/fd/1: standard output itself, not the file it
           is opened anew (which would start at 0, and be cut there) */
        o->mode = TO_STDOUT;
        o->f = stdout;
        return o;
    }
    if (through || (exists && !S_ISREG(st.st_mode))) {
        o->mode = DIRECT;
        if (!(o->f = fopen(path, "w")))
            goto fail;
        return o;
    }
    if (open_tmp(o, flags) || keep_mode(o, exists ? &st : NULL))
        goto fail;
    return o;
fail:
    fmt(err, cap, "%s: %s", path, strerror(errno));
    discard(o);
    return NULL;
}

FILE *outfile_stream(const outfile *o)
{
    return o->f;
}

/*
 * Flush f; 0, or the error of a write that failed now or before (the
 * errno the caller left, see outfile_close()).
 */
static int flush_error(FILE *f)
{
    int before = errno;
    errno = 0;
    if (fflush(f) != 0)
        return errno ? errno : EIO;
    if (ferror(f))
        return before ? before : EIO;
    return 0;
}

/*
 * Name an O_TMPFILE file in the target's folder, for the rename: linkat()
 * never replaces a file, so pick a name nobody has.  0 or -1 (errno).
 */
static int link_tmp(outfile *o)
{
    char from[PROC_FD_MAX];
    size_t dl = dir_len(o->target), n = strlen(o->target) + NAME_EXTRA;

    fmt(from, sizeof from, "/proc/self/fd/%d", fileno(o->f));
    o->tmp = xmalloc(n);
    for (int i = 0; i < LINK_TRIES; i++) {
        fmt(o->tmp, n, "%.*s.%s.%ld.%d", (int)dl, o->target, o->target + dl,
            (long)getpid(), i);
        if (set_pending(o->tmp))
            return -1;
        if (linkat(AT_FDCWD, from, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) == 0)
            return 0;
        pending_set = 0;
        if (errno != EEXIST)
            return -1;
    }
    return -1;
}

/* Replace the target with the temporary file; 0, or -1 with err set. */
static int commit_tmp(outfile *o, char *err, size_t cap)
{
    sigset_t saved;
    int e = 0, ret = -1;

    block_signals(&saved);
    if (o->mode == TMPFILE && link_tmp(o)) {
        fmt(err, cap, "%s: %s", o->name, strerror(errno));
        goto out;
    }
    int closed = fclose(o->f);
    e = errno;
    o->f = NULL;
    if (closed != 0)
        fmt(err, cap, "%s: write error: %s", o->name, strerror(e));
    else if (rename(o->tmp, o->target) != 0)
        fmt(err, cap, "%s: %s", o->name, strerror(errno));
    else
        ret = 0;
    if (ret)
        unlink(o->tmp);
    pending_set = 0;
out:
    restore_signals(&saved);
    return ret;
}

int outfile_close(outfile *o, int commit, char *err, size_t cap)
{
    int e = flush_error(o->f), ret = 0;

    if (e) {
        fmt(err, cap, "%s: write error: %s", o->name, strerror(e));
        ret = -1;
        if (o->mode == TO_STDOUT) /* said once: not again by a later close */
            clearerr(o->f);
    } else if (o->mode == DIRECT) {
        FILE *f = o->f;
        o->f = NULL;
        if (fclose(f) != 0) {
            fmt(err, cap, "%s: write error: %s", o->name, strerror(errno));
            ret = -1;
        }
    } else if (commit && (o->mode == TMPFILE || o->mode == NAMED)) {
        ret = commit_tmp(o, err, cap);
    }
    discard(o);
    return ret;
}
