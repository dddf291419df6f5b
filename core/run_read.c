/*
 * run_read.c - the inputs read into chunks (see run.h): by one reader,
 * record by record, answering them itself with -j 1 and in the ramp
 * (ramp_over()); or a regular file, once the threads run and would answer
 * faster than one reader reads, in pieces cut at record boundaries
 * (cuts.h), each read by the thread that answers it.  A
 * piece's records are numbered from its start; advance_bases() counts
 * the lines and records before it as the pieces before it are read.
 */
#define _POSIX_C_SOURCE 200809L
#include "run_impl.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuts.h"
#include "layout.h"
#include "suggest.h"
#include "template.h"
#include "text.h"
#include "util.h"

static long long regular_size(const char *path);

/* n bytes from src to dst, for the few bytes of a row: cheaper than a
   call to memcpy, which is for the longer ones. */
static inline void copy_row(char *dst, const char *src, size_t n)
{
    uint64_t a, b;
    uint32_t c, d;
    if (n > 16) {
        memcpy(dst, src, n);
    } else if (n >= 8) { /* two words that overlap */
        memcpy(&a, src, 8);
        memcpy(&b, src + n - 8, 8);
        memcpy(dst, &a, 8);
        memcpy(dst + n - 8, &b, 8);
    } else if (n >= 4) {
        memcpy(&c, src, 4);
        memcpy(&d, src + n - 4, 4);
        memcpy(dst, &c, 4);
        memcpy(dst + n - 4, &d, 4);
    } else {
        for (size_t i = 0; i < n; i++)
            dst[i] = src[i];
    }
}

/* rules_choose() for file, and the rule, size and parameter rec (NULL: the
   file's own rule) names, as any thread may ask it. */
static rule_inst *choose(pipeline *p, const char *file, const record *rec)
{
    pthread_mutex_lock(&p->rules_lock);
    rule_inst *in = rec ? rules_choose(p->rc->rules, file, rec->rule, rec->rows,
                                       rec->cols, rec->param)
                        : rules_choose(p->rc->rules, file, NULL, 0, 0, NULL);
    pthread_mutex_unlock(&p->rules_lock);
    return in;
}

/*
 * Record rec of src as the next job of c: its rule, and its rows copied for
 * the worker, which parses them; file_inst frames the file's grid records
 * (and was kept for c's records when c was started: see next_chunk()).
 */
static void add_job(pipeline *p, chunk *c, const source *src, const record *rec,
                    rule_inst *file_inst)
{
    if (c->n - c->gone == c->cap) { /* grown as read: see run_let_go() */
        c->cap = 2 * c->cap + JOBS_MIN;
        c->jobs = xreallocarray(c->jobs, c->cap, sizeof *c->jobs);
    }
    job *j = chunk_job(c, c->n++);
    if (rec->rule || rec->rows || rec->param)
        j->in = choose(p, src->name, rec);
    else
        j->in = file_inst;
    j->quiet = (uint8_t)rec->quiet;
    j->src = src;
    j->record = rec->index;
    j->line = rec->line;
    j->param_line = rec->param_line;
    j->id = NO_TEXT;
    j->error = NO_TEXT;
    j->nboards = 0;
    memset(j->board_rows, 0, sizeof j->board_rows); /* none, if an error */
    if (rec->id) {
        j->id = (uint32_t)c->text.len;
        sb_add(&c->text, rec->id, strlen(rec->id) + 1);
    }
    if (rec->error) {
        j->error = (uint32_t)c->text.len;
        j->error_line = rec->error_line;
        sb_add(&c->text, rec->error, strlen(rec->error) + 1);
        return;
    }
    j->nboards = (uint8_t)rec->nboards;
    uint32_t nrows = 0;
    for (uint32_t b = 0; b < RECORD_MAX_BOARDS; b++)
        nrows += j->board_rows[b] = rec->board_rows[b];
    if (c->rows_cap - c->nrows < nrows) {
        c->rows_cap = 2 * c->rows_cap + nrows;
        c->rows = xreallocarray(c->rows, c->rows_cap, sizeof *c->rows);
    }
    j->row = (uint32_t)c->nrows;
    j->cells = (uint32_t)c->text.len;
    size_t all = 0;
    for (uint32_t k = 0; k < nrows; k++) {
        c->rows[c->nrows++] = (chunk_row){rec->row[k].line, rec->row[k].len};
        all += rec->row[k].len;
    }
    if (all == 0) /* no cells (and perhaps no text yet) */
        return;
    if (c->text.cap - c->text.len < all)
        sb_grow(&c->text, all);
    char *to = c->text.p + c->text.len;
    for (uint32_t k = 0; k < nrows; k++) {
        copy_row(to, rec->row[k].text, rec->row[k].len);
        to += rec->row[k].len;
    }
    c->text.len += all;
}

/*
 * Set the base of every piece read whose pieces before it are read, in
 * order, and wake the threads waiting for one; called with the lock held.
 * Chunks that are no pieces are passed over: a file's pieces are passed
 * on one after another.
 */
static void advance_bases(pipeline *p)
{
    if (p->base_seq < p->next_write)
        p->base_seq = p->next_write;
    for (; p->base_seq < p->next_seq; p->base_seq++) {
        chunk *c = p->ring[p->base_seq % MAX_CHUNKS];
        if (!c->is_piece)
            continue;
        if (!c->pc.read)
            break;
        if (c->pc.first) {
            p->base_lines = c->pc.start_lines;
            p->base_records = c->pc.start_records;
        }
        c->line_base = p->base_lines;
        c->record_base = p->base_records;
        p->base_lines += c->pc.lines;
        p->base_records += c->n;
        c->pc.based = 1;
    }
    pthread_cond_broadcast(&p->based);
}

/* Whether judge template t (or none) says {case}. */
static int says_case(const char *t)
{
    return t && template_count(t, TPL_CASE) > 0;
}

/*
 * Whether the output of a record that in answers shows the record's
 * number: CSV and JSON Lines do (and its line), a judge's templates may
 * ({case}).  Messages need not: their lines are counted at write
 * (write_chunk()).
 */
static int numbered(const run_config *rc, const rule_inst *in)
{
    const cfg_profile *pr = in->profile;
    return rc->format != FORMAT_JUDGE ||
           (pr && (says_case(pr->before) || says_case(pr->solved) ||
                   says_case(pr->impossible)));
}

/*
 * Read c's piece into c's records, answered (by w) PIECE_BATCH at a time
 * as they are read, and let go, until one whose output shows its number:
 * then it and the rest wait until the pieces before c are read, so that
 * their lines and indices can be counted from the file's start
 * (advance_bases()).  The pieces are taken from the queue in order, and
 * a thread reading one waits for nothing else, so the first piece not yet
 * read is being read.
 */
void run_read_piece(pipeline *p, worker *w, chunk *c)
{
    file_piece *pc = &c->pc;
    const rule_inst *in = pc->in;
    reader *rd = reader_open_range(pc->src->fd, pc->src->name, pc->from, pc->to,
                                   rule_grid_rows(in), in->rule.boards,
                                   p->rc->cfg->max_line);
    reader_comments(rd, in->cell['#'] == CELL_BAD); /* no judge's layout */
    const record *rec;
    int wait = 0; /* a record read must wait for its number */
    while ((rec = reader_next(rd))) {
        add_job(p, c, pc->src, rec, pc->in);
        wait = wait || numbered(p->rc, chunk_job(c, c->n - 1)->in);
        if (!wait && c->n - c->answered == PIECE_BATCH) {
            run_answer_chunk(p->rc, w, c); /* while their rows are cached */
            run_let_go(c);
        }
    }
    if (reader_error(rd))
        fmt(pc->error, sizeof pc->error, "%s", reader_error(rd));
    pc->lines = reader_lines(rd);
    reader_close(rd);
    pthread_mutex_lock(&p->lock);
    if (--pc->src->pieces_unread == 0) {
        close(pc->src->fd);
        pc->src->fd = -1;
    }
    pc->read = 1;
    run_count_held(p, c);
    advance_bases(p);
    while (!pc->based && c->answered < c->n)
        pthread_cond_wait(&p->based, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

/* A read error that cut c's piece short, said after its records'
   results. */
void run_piece_read_error(chunk *c)
{
    if (!c->pc.error[0])
        return;
    run_chunk_say(c, c->out.len, PROGRAM_NAME ": %s\n", c->pc.error);
    run_chunk_earns(c, EXIT_TROUBLE);
}

/*
 * With -j 1 and in the ramp (RAMP_NS), answer c's record just added, at
 * once, and say whether c holds CHUNK_NS of work already: then it is
 * passed on, so an answer that was slow to find is written as soon as it
 * is found, not after the records a chunk of fast ones would hold.
 */
static int answered_enough(pipeline *p, chunk *c)
{
    struct timespec now;
    if (p->started)
        return 0;
    run_answer_chunk(p->rc, p->reader, c);
    run_let_go(c);
    clock_gettime(CUT_CLOCK, &now);
    return ns_between(&c->began, &now) >= CHUNK_NS;
}

/* Pass *cur on and start the next chunk, in which the file's own rule in
   is still in use (even if no record of the chunk names it). */
static void next_chunk(pipeline *p, chunk **cur, rule_inst *in)
{
    uint64_t consumed = (*cur)->consumed;
    run_submit(p, *cur);
    *cur = run_get_chunk(p);
    (*cur)->consumed = consumed; /* until a record of its own moves it */
    pthread_mutex_lock(&p->rules_lock);
    rules_keep(p->rc->rules, in);
    pthread_mutex_unlock(&p->rules_lock);
}

/*
 * A message of the reader's own (a file that cannot be read, a fault of a
 * file's layout), into *cur after the messages of the records read before
 * it: *cur is passed on first when some of its records are not answered
 * yet (their messages come when they are), so that the order of the
 * messages never depends on how the records fell into chunks.
 */
static void reader_says(pipeline *p, chunk **cur, rule_inst *in,
                        uint64_t consumed, int status, const char *format, ...)
    __attribute__((format(printf, 6, 7)));
static void reader_says(pipeline *p, chunk **cur, rule_inst *in,
                        uint64_t consumed, int status, const char *format, ...)
{
    if ((*cur)->answered < (*cur)->n) {
        (*cur)->consumed = consumed;
        next_chunk(p, cur, in);
    }
    va_list ap;
    va_start(ap, format);
    run_chunk_vsay(*cur, (*cur)->out.len, format, ap);
    va_end(ap);
    run_chunk_earns(*cur, status);
}

/*
 * The input may make us wait: *cur's records and messages are passed on,
 * to be answered and written, and the output flushed after them (and so
 * after the chunks passed on before, not flushed: an empty *cur too).
 * Between records (read_input()) and from within reader_next()
 * (reader_on_wait()), where a grid record's first rows, read already, are
 * the reader's and in no chunk yet.
 */
static void on_wait(void *arg)
{
    pipeline *p = arg;
    chunk *c = *p->cur;
    if (!c->n && !c->err.len && !c->out.len && !p->unflushed)
        return;
    c->flush = 1;
    c->consumed = p->bytes_before + reader_consumed(p->cur_rd);
    next_chunk(p, p->cur, p->cur_in);
}

/*
 * Whether the ramp (RAMP_NS) is over, once the reader has answered
 * another chunk, of n records, the last of them last, of rd's input,
 * path: it has done RAMP_NS of work, or the rest of path, a regular file,
 * is estimated at that much from the cost of a record.  The first chunk
 * pays for the tables its rule builds, and a chunk of a few records for
 * the chunk itself (a chunk ends at CHUNK_NS on a clock that may tick as
 * it starts), so the cost is measured over the chunks after the first,
 * and only once they hold RAMP_SAMPLE records or CHUNK_NS of work; it is
 * p's when the ramp is over.
 */
static int ramp_over(pipeline *p, const reader *rd, const char *path, size_t n,
                     const record *last)
{
    struct timespec now;
    clock_gettime(WORK_CLOCK, &now);
    uint64_t spent = ns_between(&p->ramp_t0, &now), sample = 0;
    if (p->ramp_sampled++ == 0) /* the first chunk: the sample starts */
        p->ramp_t1 = now;
    else
        p->ramp_records += n;
    if (p->ramp_records)
        sample = ns_between(&p->ramp_t1, &now);
    int known = p->ramp_records >= RAMP_SAMPLE || sample >= CHUNK_NS;
    uint64_t ns = known ? sample / p->ramp_records + 1 : 0, left = 0;
    long long size = regular_size(path);
    uint64_t done = reader_consumed(rd);
    if (known && size >= 0 && (uint64_t)size > done && done)
        left = ((uint64_t)size - done) / (done / last->index + 1) * ns;
    if (spent < RAMP_NS && left < RAMP_NS)
        return 0;
    if (!known) /* RAMP_NS spent on few records: costly ones */
        ns = (p->ramp_records ? sample / p->ramp_records : spent / n) + 1;
    atomic_store_explicit(&p->ns_per_record, ns, memory_order_relaxed);
    return 1;
}

/*
 * The size of the pieces worth cutting the rest of rd's input into (see
 * cuts.h), path, once rd has read the records up to last: each about
 * CHUNK_NS of work.  0 when it is not worth it: no threads (or not yet),
 * standard input, a judge's layout (lo's), or a record's cost so high that
 * the reader keeps up with the threads anyway.
 */
static uint64_t piece_size(pipeline *p, const reader *rd, const layout *lo,
                           const char *path, const rule_inst *in,
                           const record *last)
{
    if (!p->started || in->error || strcmp(path, "-") == 0 ||
        layout_judged(lo) || !reader_between(rd) || regular_size(path) < 0)
        return 0;
    uint64_t ns = atomic_load_explicit(&p->ns_per_record, memory_order_relaxed);
    uint64_t size = reader_consumed(rd) / last->index * CHUNK_NS / (ns + 1);
    uint64_t share = p->max_held / (PIECE_COST * MAX_CHUNKS);
    if (size > share)
        size = share;
    if (size > PIECE_MAX)
        size = PIECE_MAX;
    return size < PIECE_MIN ? 0 : size;
}

/* Make c, about to be a piece, count as holding about n records in
   flight (their jobs grow as they are read, and are let go as they are
   answered when they can be at once). */
static void expect_records(pipeline *p, chunk *c, size_t n)
{
    pthread_mutex_lock(&p->lock);
    p->inflight = p->inflight - c->limit + n;
    c->limit = n;
    pthread_mutex_unlock(&p->lock);
}

/*
 * Read the rest of rd's input, path, from where rd is (after record last),
 * in pieces of about size bytes that the threads read and answer: each
 * chunk passed on is one, cut as it is passed on (cuts_next()), once the
 * whole is known to cut (cuts_count()).  Returns the input's size, or 0
 * when it cannot be cut so (then rd reads on).
 */
static uint64_t read_pieces(pipeline *p, const reader *rd, const char *path,
                            source *src, rule_inst *in, chunk **cur,
                            uint64_t size, const record *last)
{
    uint64_t from = reader_consumed(rd), max_piece = PIECE_STRETCH * size;
    cuts_shape shape = {in->rule.boards, p->rc->cfg->max_line,
                        in->cell['#'] == CELL_BAD};
    struct stat st;
    size_t n = 0;
    /* a regular file cannot make open() wait; nothing else is cut */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        (uint64_t)st.st_size > from)
        n = cuts_count(fd, from, (uint64_t)st.st_size, size, max_piece, &shape);
    if (n < 2) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    uint64_t end = (uint64_t)st.st_size;
    src->fd = fd;
    src->pieces_unread = n;
    uint64_t record_bytes = from / last->index + 1;
    for (size_t k = 0; k < n && !p->write_failed; k++) {
        uint64_t to = k + 1 == n
                          ? end
                          : cuts_next(fd, from, end, size, max_piece, &shape);
        if (to == 0 || to - from > max_piece) /* changed since counted */
            to = end - from > max_piece ? from + max_piece : end;
        chunk *c = *cur;
        expect_records(p, c, (to - from) / record_bytes + 1);
        c->is_piece = 1;
        c->pc = (file_piece){.src = src,
                             .in = in,
                             .from = from,
                             .to = to,
                             .first = k == 0,
                             .start_lines = reader_lines(rd),
                             .start_records = last->index};
        c->consumed = p->bytes_before + to;
        next_chunk(p, cur, in);
        from = to;
    }
    return end;
}

/* p's record of the input rd reads, for its records and messages. */
static source *add_source(pipeline *p, const reader *rd)
{
    p->sources = xreallocarray(p->sources, p->nsources + 1, sizeof *p->sources);
    source *src = p->sources[p->nsources++] = xmalloc(sizeof *src);
    char shown[PATH_MAX];
    src->name = xstrdup(reader_name(rd));
    src->shown = xstrdup(text_quote(shown, sizeof shown, src->name));
    src->fd = -1;
    src->pieces_unread = 0;
    return src;
}

/* Open path, and *lo over it framed as in frames its records, into *lay
   and cells (256 flags), which the layout keeps pointing to, so they must
   outlive it: NULL, said in *cur, when it cannot be read. */
static reader *open_input(pipeline *p, const char *path, rule_inst *in,
                          chunk **cur, layout_frame *lay, uint8_t *cells,
                          layout **lo)
{
    char err[RULES_MSG_MAX];
    reader *rd = reader_open(path, in->error ? 1 : rule_grid_rows(in),
                             in->error ? 1 : in->rule.boards,
                             p->rc->cfg->max_line, err, sizeof err);
    for (int b = 0; b < 256; b++)
        cells[b] = !in->error && in->cell[b] != CELL_BAD;
    *lay =
        (layout_frame){!in->error && in->profile ? &in->profile->layout : NULL,
                       in->error ? 1 : in->rule.cols, cells, !cells['#']};
    if (rd && !(*lo = layout_open(rd, lay, err, sizeof err))) {
        reader_close(rd);
        rd = NULL;
    }
    if (!rd) {
        reader_says(p, cur, in, p->bytes_before, EXIT_TROUBLE,
                    PROGRAM_NAME ": %s\n", err);
        p->unread++;
    }
    return rd;
}

/*
 * Read rd's records (path's, framed by in and lo) into chunks, *cur the
 * one being filled; once the threads are seen to answer faster than one
 * reader reads, the rest of a regular file in pieces (read_pieces()).
 * Returns the bytes of the input read.
 */
static uint64_t read_records(pipeline *p, reader *rd, layout *lo,
                             const char *path, source *src, rule_inst *in,
                             chunk **cur)
{
    const record *rec;
    record hinted;
    char hint[RULES_MSG_MAX];
    uint64_t size = 0;
    int cut = 1; /* 0: the file cannot be cut in pieces */
    for (;;) {
        /* a chunk's consumed counts its records' input, set as it is
           passed on (progress reads it once the chunk is written) */
        if ((*cur)->n && !reader_buffered(rd))
            on_wait(p);
        if (size || !(rec = layout_next(lo)))
            break;
        if (rec->notice) { /* a fault of the file, and no case */
            reader_says(p, cur, in, p->bytes_before + reader_consumed(rd),
                        EXIT_RECORDS, PROGRAM_NAME ": %s:%llu: %s\n",
                        src->shown, (unsigned long long)rec->error_line,
                        rec->error);
            continue;
        }
        if (rec->index == 1 && !p->rc->quiet) /* a judge's file, no -r? */
            rec = suggest_first(p->rc->rules, p->rc->cfg, path, rec, &hinted,
                                hint, sizeof hint);
        add_job(p, *cur, src, rec, in);
        if ((*cur)->n == (*cur)->limit || answered_enough(p, *cur) ||
            (*cur)->text.len >= CHUNK_BYTES) {
            (*cur)->flush = !reader_buffered(rd); /* we may wait next */
            (*cur)->consumed = p->bytes_before + reader_consumed(rd);
            size_t n = (*cur)->n;
            next_chunk(p, cur, in);
            if (p->write_failed)
                break;
            if (in_ramp(p) && ramp_over(p, rd, path, n, rec))
                run_start_workers(p);
            uint64_t piece = cut ? piece_size(p, rd, lo, path, in, rec) : 0;
            if (piece &&
                !(size = read_pieces(p, rd, path, src, in, cur, piece, rec)))
                cut = 0;
        }
    }
    return size ? size : reader_offset(rd);
}

/* Read one input into chunks; *cur is the chunk being filled. */
static void read_input(pipeline *p, const char *path, chunk **cur)
{
    rule_inst *in = choose(p, path, NULL);
    uint8_t cells[256];
    layout_frame lay; /* the layout's, until it is closed */
    layout *lo = NULL;
    reader *rd = open_input(p, path, in, cur, &lay, cells, &lo);
    if (!rd)
        return;
    source *src = add_source(p, rd);
    p->cur = cur;
    p->cur_in = in;
    p->cur_rd = rd;
    reader_on_wait(rd, on_wait, p);
    uint64_t bytes = read_records(p, rd, lo, path, src, in, cur);
    if (reader_error(rd))
        reader_says(p, cur, in, p->bytes_before + reader_consumed(rd),
                    EXIT_TROUBLE, PROGRAM_NAME ": %s\n", reader_error(rd));
    p->bytes_before += bytes;
    (*cur)->consumed = p->bytes_before; /* the file's last lines too */
    layout_close(lo);
    reader_close(rd);
}

/* The size of input path ("-": standard input) when it is a regular
   file, else -1: a pipe, a FIFO, a terminal may make gridbfs wait. */
static long long regular_size(const char *path)
{
    struct stat st;
    int ok = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) == 0
                                    : stat(path, &st) == 0;
    return ok && S_ISREG(st.st_mode) ? (long long)st.st_size : -1;
}

/* Bytes in all inputs when every one is a regular file, else 0. */
uint64_t run_total_bytes(char *const *files, int nfiles)
{
    uint64_t total = 0;
    for (int i = 0; i < nfiles; i++) {
        long long size = regular_size(files[i]);
        if (size < 0)
            return 0;
        total += (uint64_t)size;
    }
    return total;
}

/* Pass *cur on, flushed after, and start the next chunk, which takes up
   the input where *cur left it. */
static void flush_chunk(pipeline *p, chunk **cur)
{
    uint64_t consumed = (*cur)->consumed;
    (*cur)->flush = 1;
    run_submit(p, *cur);
    *cur = run_get_chunk(p);
    (*cur)->consumed = consumed;
}

/* The header, then files[0..nfiles-1] read in order into chunks, every
   chunk passed on. */
void run_read_inputs(pipeline *p, char *const *files, int nfiles)
{
    chunk *cur = run_get_chunk(p);
    if (!p->rc->no_header)
        output_header(p->rc->format, &cur->out);
    if (cur->out.len) /* at once: a coprocess may read it before writing */
        flush_chunk(p, &cur);
    for (int i = 0; i < nfiles && !p->write_failed; i++) {
        /* opening or reading a file that is no regular file may wait (a
           FIFO with no writer yet): what the inputs before it gave is
           answered and written, flushed, first */
        if (i > 0 && regular_size(files[i]) < 0)
            flush_chunk(p, &cur);
        read_input(p, files[i], &cur);
    }
    cur->flush = 1;
    run_submit(p, cur);
}
