/*
 * progress.c - the progress line and the --stats summary (see progress.h).
 *
 * Every write to the terminal is one write(2) of a whole line, so the
 * signal handler's erase never lands inside one.
 */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "output.h"
#include "util.h"

#define PROGRESS_DELAY 1000000000u /* ns: shorter runs show nothing */
#define TERMINAL_EVERY 250000000u  /* ns between redraws, at least */
#define LINES_EVERY 1000000000u    /* ns between plain lines, at least */
#define DEFAULT_COLUMNS 80         /* when the terminal does not say */
#define LINE_CAP 160               /* bytes of one line, at most */
#define COUNT_BUF 32               /* "18,446,744,073,709,551,615" */
#define NS_PER_SEC 1e9
#define ERASE "\r\033[K"

struct progress {
    enum progress_mode mode;
    uint64_t bytes_total;
    struct timespec start, last;   /* last: when the text was made */
    char text[LINE_CAP];           /* the line last made, to draw again */
    size_t len;                    /* 0: none made yet */
    const char *one, *many, *done; /* "1 record answered", "2 records ..." */
};

/*
 * What the signal handler (and the exit handler) reaches: whether the
 * line is on the terminal, and what SIGINT and SIGTERM did before.  The
 * module's globals, so one terminal progress at a time (progress.h).
 */
static const int erase_signals[] = {SIGINT, SIGTERM};
#define NSIGNALS (sizeof erase_signals / sizeof *erase_signals)
static struct sigaction old_actions[NSIGNALS];
static int installed[NSIGNALS];
/* Atomic, not volatile sig_atomic_t: the handlers may run on any thread,
   and exit() may come from a worker while the writer draws (lock-free
   atomics are async-signal-safe). */
static atomic_int line_shown;
static atomic_int exiting; /* exit() or a signal has begun: draw no more */
static atomic_int drawing; /* draw() calls under way, on any thread */
static _Thread_local int in_draw; /* this thread is inside draw() */
#define DRAW_WAIT_NS 1000000      /* one wait for another thread's draw */
#define DRAW_WAITS 100            /* at most: a terminal that blocks writes */

/* Write all of s[0..n) to stderr, as one write(2) when it can; async-
   signal-safe.  A terminal that went away is not an error of the run. */
static void put(const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

/*
 * Stop drawing for good, and erase the line; async-signal-safe.  A draw
 * under way on another thread is waited for (else it could write the line
 * after the erase, and leave it on the terminal); one this thread was
 * interrupted in never resumes, as the caller ends the process.
 */
static void erase_for_good(void)
{
    static const struct timespec pause = {0, DRAW_WAIT_NS};
    exiting = 1; /* before drawing is read: a draw sees it, or is seen */
    for (int i = 0; !in_draw && drawing && i < DRAW_WAITS; i++)
        nanosleep(&pause, NULL);
    if (line_shown) {
        put(ERASE, sizeof ERASE - 1);
        line_shown = 0;
    }
}

/* Erase the line, then let the signal do what it did before: the old
   action is put back and the signal raised again, delivered once this
   handler returns (outfile.c's cleanup, or the default death). */
static void on_signal(int sig)
{
    int saved = errno;
    erase_for_good();
    for (size_t i = 0; i < NSIGNALS; i++)
        if (erase_signals[i] == sig)
            sigaction(sig, &old_actions[i], NULL);
    errno = saved;
    raise(sig);
}

/* Catch SIGINT and SIGTERM, unless they are ignored (nohup, a
   background job): those stay ignored. */
/* A run that ends by exit() while a line may be shown (out of memory, in
   util.c): the line is erased and no thread draws it again. */
static void on_exit_erase(void)
{
    erase_for_good();
}

static void install_handlers(void)
{
    static int at_exit;
    if (!at_exit)
        at_exit = atexit(on_exit_erase) == 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NSIGNALS; i++)
        sigaddset(&sa.sa_mask, erase_signals[i]);
    for (size_t i = 0; i < NSIGNALS; i++)
        installed[i] =
            sigaction(erase_signals[i], NULL, &old_actions[i]) == 0 &&
            old_actions[i].sa_handler != SIG_IGN &&
            sigaction(erase_signals[i], &sa, NULL) == 0;
}

static void restore_handlers(void)
{
    for (size_t i = 0; i < NSIGNALS; i++)
        if (installed[i])
            sigaction(erase_signals[i], &old_actions[i], NULL);
}

static uint64_t ns_since(const struct timespec *a, const struct timespec *b)
{
    return (uint64_t)(b->tv_sec - a->tv_sec) * 1000000000u +
           (uint64_t)b->tv_nsec - (uint64_t)a->tv_nsec;
}

/* n with its digits grouped by threes, "1,234,567", into buf. */
static const char *grouped(char buf[COUNT_BUF], uint64_t n)
{
    char digits[COUNT_BUF];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    char *p = buf;
    for (int i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0)
            *p++ = ',';
        *p++ = digits[i];
    }
    *p = '\0';
    return buf;
}

/* A duration as M:SS, or H:MM:SS from an hour on. */
static const char *clock_time(char buf[COUNT_BUF], double secs)
{
    unsigned long long s = secs > 0 ? (unsigned long long)secs : 0;
    if (s >= 3600)
        fmt(buf, COUNT_BUF, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60,
            s % 60);
    else
        fmt(buf, COUNT_BUF, "%llu:%02llu", s / 60, s % 60);
    return buf;
}

/* The line for the work done at now: records answered, the share of the
   input they took and the time left (when the input sizes are known),
   and the time elapsed. */
static void make_text(progress *pg, const struct timespec *now,
                      uint64_t records, uint64_t bytes)
{
    char n[COUNT_BUF], pct[16] = "", left[48] = "", elapsed[COUNT_BUF];
    double secs = (double)ns_since(&pg->start, now) / NS_PER_SEC;
    if (pg->bytes_total) {
        if (bytes > pg->bytes_total)
            bytes = pg->bytes_total;      /* an input that grew */
        uint64_t total = pg->bytes_total; /* whole percents, rounded down */
        fmt(pct, sizeof pct, ", %u%%",
            (unsigned)(bytes > UINT64_MAX / 100 ? bytes / (total / 100)
                                                : bytes * 100 / total));
        if (bytes) { /* as fast for the rest as it was so far */
            char eta[COUNT_BUF];
            fmt(left, sizeof left, ", %s left",
                clock_time(eta,
                           secs * (double)(total - bytes) / (double)bytes));
        }
    }
    fmt(pg->text, sizeof pg->text, PROGRAM_NAME ": %s %s %s%s, %s elapsed%s",
        grouped(n, records), records == 1 ? pg->one : pg->many, pg->done, pct,
        clock_time(elapsed, secs), left);
    pg->len = strlen(pg->text);
}

/* The terminal's width, so the line never wraps (an erase reaches one
   row only). */
static size_t columns(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
        return ws.ws_col;
    return DEFAULT_COLUMNS;
}

/* Draw the text on the terminal, over whatever the line held. */
static void draw(progress *pg)
{
    char buf[sizeof ERASE + LINE_CAP];
    size_t n = pg->len, room = columns() - 1;
    if (n > room)
        n = room;
    memcpy(buf, ERASE, sizeof ERASE - 1);
    memcpy(buf + sizeof ERASE - 1, pg->text, n);
    in_draw = 1;
    drawing++; /* before exiting is read: see erase_for_good() */
    if (!exiting) {
        line_shown = 1; /* first: a signal during the write erases it */
        put(buf, sizeof ERASE - 1 + n);
    }
    drawing--;
    in_draw = 0;
}

progress *progress_new(enum progress_mode mode, uint64_t bytes_total)
{
    progress *pg = xcalloc(1, sizeof *pg);
    pg->mode = mode;
    pg->bytes_total = bytes_total;
    progress_name(pg, "record", "records");
    pg->done = "answered";
    clock_gettime(CLOCK_MONOTONIC, &pg->start);
    if (mode == PROGRESS_TERMINAL)
        install_handlers();
    return pg;
}

void progress_name(progress *pg, const char *one, const char *many)
{
    pg->one = one;
    pg->many = many;
    pg->done = "done";
}

void progress_update(progress *pg, uint64_t records, uint64_t bytes_done)
{
    struct timespec now;
    if (pg->mode == PROGRESS_OFF)
        return;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (ns_since(&pg->start, &now) < PROGRESS_DELAY)
        return;
    uint64_t every =
        pg->mode == PROGRESS_TERMINAL ? TERMINAL_EVERY : LINES_EVERY;
    if (pg->len && ns_since(&pg->last, &now) < every) {
        if (pg->mode == PROGRESS_TERMINAL && !line_shown) {
            /* back after a clear, counting the answers written above it */
            make_text(pg, &now, records, bytes_done);
            draw(pg);
        }
        return;
    }
    pg->last = now;
    make_text(pg, &now, records, bytes_done);
    if (pg->mode == PROGRESS_TERMINAL) {
        draw(pg);
    } else {
        char line[LINE_CAP + 1];
        memcpy(line, pg->text, pg->len);
        line[pg->len] = '\n';
        put(line, pg->len + 1);
    }
}

void progress_clear(progress *pg)
{
    if (pg->mode == PROGRESS_TERMINAL && line_shown) {
        put(ERASE, sizeof ERASE - 1);
        line_shown = 0;
    }
}

void progress_free(progress *pg)
{
    progress_clear(pg);
    if (pg->mode == PROGRESS_TERMINAL)
        restore_handlers();
    free(pg);
}

void progress_summary(const progress *pg, const progress_totals *t)
{
    struct timespec now;
    char n[COUNT_BUF], k[COUNT_BUF], rate[COUNT_BUF], took[COUNT_BUF];
    char each[ST_COUNT * (COUNT_BUF + 16)], unread[COUNT_BUF + 16] = "";
    size_t len = 0;
    uint64_t records = 0;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double secs = (double)ns_since(&pg->start, &now) / NS_PER_SEC;
    for (int s = 0; s < ST_COUNT; s++) {
        records += t->status[s];
        fmt(each + len, sizeof each - len, "%s%s %s", s ? ", " : "",
            grouped(k, t->status[s]), output_status_names[s]);
        len += strlen(each + len);
    }
    double per_sec = secs > 0 ? (double)records / secs : 0;
    if (per_sec >= 100)
        grouped(rate, (uint64_t)per_sec);
    else
        fmt(rate, sizeof rate, "%.1f", per_sec);
    if (secs < 60)
        fmt(took, sizeof took, "%.2f s", secs);
    else
        clock_time(took, secs);
    if (t->unread)
        fmt(unread, sizeof unread, " (%s unreadable)", grouped(k, t->unread));
    fprintf(stderr,
            PROGRAM_NAME ": %s record%s (%s) from %s file%s%s in %s, "
                         "%s records/s\n",
            grouped(n, records), records == 1 ? "" : "s", each,
            grouped(k, t->files), t->files == 1 ? "" : "s", unread, took, rate);
}
