/*
 * run.c - the chunks, the workers and the ordered writer (see run.h);
 * the inputs are read into chunks by run_read.c.
 *
 * Chunks cycle through three places: the free list, the work queue, and
 * the ring of chunks in flight indexed by sequence number, from which the
 * writer takes them in order.  What is in flight is bounded in records (and
 * in chunks, MAX_CHUNKS), so memory is bounded whatever the input; when
 * puzzles are slow, chunks are small and many, so one slow puzzle does not
 * leave the other threads idle waiting for its turn to be written.  One
 * mutex guards all three; a chunk's own records are touched only by the
 * thread that holds the chunk.
 */
#define _POSIX_C_SOURCE 200809L
#include "run_impl.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bfs.h"
#include "parse.h"
#include "progress.h"
#include "solve.h"
#include "thread.h"
#include "util.h"

/* Write out's bytes [from, to) of c, with the --show drawings that go
   there, unless a write failed already. */
static void write_out(pipeline *p, chunk *c, size_t from, size_t to)
{
    if (!p->write_failed && show_queue_write(&c->shows, p->rc->show, c->out.p,
                                             from, to, p->rc->out)) {
        p->write_errno = errno;
        p->write_failed = 1;
    }
}

/* Write chunk c's results and messages, each message just before the
   result it is about; only the writing thread does. */
static void write_chunk(pipeline *p, chunk *c)
{
    FILE *out = p->rc->out;
    if (c->nmsgs || p->out_terminal)
        progress_clear(p->pg); /* nothing may land on the progress line */
    size_t at = 0, said = 0;
    for (size_t i = 0; i < c->nmsgs; i++) {
        const chunk_msg *m = &c->msgs[i];
        write_out(p, c, at, m->out_at);
        fflush(out); /* the results before it come first */
        p->said.len = 0;
        if (m->src)
            sb_printf(&p->said, PROGRAM_NAME ": %s:%llu: ", m->src->shown,
                      (unsigned long long)(m->line + c->line_base));
        sb_add(&p->said, c->err.p + said, m->err_end - said);
        fwrite(p->said.p, 1, p->said.len, stderr); /* in one write */
        at = m->out_at;
        said = m->err_end;
    }
    write_out(p, c, at, c->out.len);
    if (!p->write_failed && (c->flush || p->out_terminal) && fflush(out)) {
        p->write_errno = errno;
        p->write_failed = 1;
    }
    if (c->status > p->status)
        p->status = c->status;
    for (int s = 0; s < ST_COUNT; s++)
        p->totals.status[s] += c->counts[s];
    p->records += c->n;
    p->consumed = c->consumed;
    progress_update(p->pg, p->records, p->consumed);
}

/* Raise c's exit status to at least status. */
void run_chunk_earns(chunk *c, int status)
{
    if (c->status < status)
        c->status = status;
}

/* A message into c, to be written just before out[out_at]. */
void run_chunk_vsay(chunk *c, size_t out_at, const char *format, va_list ap)
{
    sb_vprintf(&c->err, format, ap);
    if (c->nmsgs == c->msgs_cap) {
        c->msgs_cap = 2 * c->msgs_cap + 8;
        c->msgs = xreallocarray(c->msgs, c->msgs_cap, sizeof *c->msgs);
    }
    c->msgs[c->nmsgs++] = (chunk_msg){out_at, c->err.len, NULL, 0};
}

void run_chunk_say(chunk *c, size_t out_at, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
void run_chunk_say(chunk *c, size_t out_at, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    run_chunk_vsay(c, out_at, format, ap);
    va_end(ap);
}

/* Job j's message, that line (counted as j's lines are) says msg, to be
   written just before out[out_at], "FILE:LINE: " in front. */
static void job_says(chunk *c, size_t out_at, const job *j, uint64_t line,
                     const char *msg)
{
    run_chunk_say(c, out_at, "%s\n", msg);
    c->msgs[c->nmsgs - 1].src = j->src;
    c->msgs[c->nmsgs - 1].line = line;
}

/* Job j of c as the record the reader read, for parse_record(), its rows
   in w's. */
static const record *job_record(const chunk *c, const job *j, worker *w,
                                record *rec)
{
    const char *t = c->text.p + j->cells;
    uint32_t nrows = 0;
    rec->line = j->line;
    rec->error = j->error == NO_TEXT ? NULL : c->text.p + j->error;
    rec->error_line = j->error_line;
    rec->param_line = j->param_line;
    rec->nboards = j->nboards;
    for (uint32_t b = 0; b < RECORD_MAX_BOARDS; b++)
        nrows += rec->board_rows[b] = j->board_rows[b];
    if (nrows > w->rows_cap) {
        w->rows_cap = nrows > 2 * w->rows_cap ? nrows : 2 * w->rows_cap;
        w->rows = xreallocarray(w->rows, w->rows_cap, sizeof *w->rows);
    }
    rec->row = w->rows;
    for (uint32_t k = 0; !rec->error && k < nrows; k++) {
        const chunk_row *cr = &c->rows[j->row + k];
        rec->row[k] = (record_row){t, cr->len, cr->line};
        t += cr->len;
    }
    return rec;
}

/* --show's drawing of j's solved boards after its answer, which starts at
   out[at]; a record that cannot be drawn has a message, before its
   answer, and earns exit status 1. */
static void show_record(const run_config *rc, chunk *c, const job *j,
                        const gridbfs_grid *boards, const solve_result *ans,
                        size_t at)
{
    char msg[RULES_MSG_MAX];
    /* the path is always asked for with --show: a count without it is no
       path to draw */
    const uint32_t *path = ans->npath == ans->moves ? ans->path : NULL;
    if (show_check(j->in, boards, path, ans->moves, msg) == 0) {
        /* drawn as it is written: it may be far larger than the record */
        show_queue_add(&c->shows, c->out.len, j->in, boards, path, ans->moves);
        return;
    }
    show_write(rc->show, j->in, boards, path, ans->moves, &c->out, msg);
    if (!j->quiet && !rc->quiet)
        job_says(c, at, j, j->line, msg);
    run_chunk_earns(c, EXIT_RECORDS);
}

/* Answer and format the records of c not yet answered; needs no lock. */
void run_answer_chunk(const run_config *rc, worker *w, chunk *c)
{
    char msg[RULES_MSG_MAX];
    const gridbfs_grid *boards = w->p.b;
    record rec;
    for (; c->answered < c->n; c->answered++) {
        job *j = chunk_job(c, c->answered);
        rule_inst *in = j->in;
        out_result res = {0};
        res.source = j->src->name;
        res.record = j->record + c->record_base;
        res.line = j->line + c->line_base;
        res.id = j->id == NO_TEXT ? NULL : c->text.p + j->id;
        res.rule = in->name;
        res.profile = in->profile;
        uint64_t msg_line;
        if (parse_record(in, job_record(c, j, w, &rec), &w->p, msg,
                         &msg_line)) {
            res.ans = (solve_result){ST_INVALID, 0, NULL, 0, msg};
        } else {
            res.ans = solve_record(in, boards, w->bfs, msg);
            res.with_path = in->with_path;
            res.ops = in->plugin->ops;
            res.inst = in->rule.inst;
            msg_line = j->line;
            output_vet(w->out, &res, msg);
        }
        size_t at = c->out.len; /* where its result starts */
        if (res.ans.status == ST_INVALID || res.ans.status == ST_LIMIT) {
            if (!j->quiet && !rc->quiet)
                job_says(c, at, j, msg_line, res.ans.message);
            run_chunk_earns(c, EXIT_RECORDS);
        }
        c->counts[res.ans.status]++;
        output_write(w->out, &res, &c->out);
        if (rc->show && res.ans.status == ST_SOLVED)
            show_record(rc, c, j, boards, &res.ans, at);
    }
}

/*
 * Let go of c's records, every one answered: what is left of them is
 * their output and messages, so their jobs, rows and text are room for
 * the records read next.  A chunk of cheap records answered as they are
 * read (with -j 1, in the ramp, a piece whose output needs no record
 * number) so holds a record at a time, not thousands.
 */
void run_let_go(chunk *c)
{
    assert(c->answered == c->n);
    c->gone = c->n;
    c->nrows = 0;
    c->text.len = 0;
}

/* The bytes c's buffers hold. */
static size_t chunk_bytes(const chunk *c)
{
    return c->cap * sizeof *c->jobs + c->rows_cap * sizeof *c->rows +
           c->msgs_cap * sizeof *c->msgs + c->text.cap + c->out.cap +
           c->err.cap + show_queue_bytes(&c->shows);
}

/* Count c's bytes again into p->held; called with the lock held. */
void run_count_held(pipeline *p, chunk *c)
{
    size_t now = chunk_bytes(c);
    p->held = p->held - c->held + now;
    c->held = now;
}

/* Free c's buffers, leaving it empty, as a new chunk is. */
static void free_buffers(chunk *c)
{
    free(c->jobs);
    free(c->rows);
    free(c->msgs);
    c->jobs = NULL;
    c->rows = NULL;
    c->msgs = NULL;
    c->cap = c->rows_cap = c->msgs_cap = 0;
    sb_free(&c->text);
    sb_free(&c->out);
    sb_free(&c->err);
    show_queue_free(&c->shows);
}

/* Free c's buffers when they hold more than a chunk's share of max_held:
   one large record must not keep its memory for the rest of the run. */
static void shrink_chunk(pipeline *p, chunk *c)
{
    if (c->held <= p->max_held / MAX_CHUNKS)
        return;
    free_buffers(c);
    run_count_held(p, c);
}

/*
 * Write every chunk now next in line; called with the lock held, which it
 * lets go while it writes.  One thread writes at a time: another that
 * finishes a chunk meanwhile leaves it to that one.
 */
static void write_ready(pipeline *p)
{
    if (p->writing)
        return;
    p->writing = 1;
    for (;;) {
        chunk *next = p->ring[p->next_write % MAX_CHUNKS];
        if (!next || !next->done || next->seq != p->next_write)
            break;
        pthread_mutex_unlock(&p->lock);
        write_chunk(p, next);
        pthread_mutex_lock(&p->lock);
        p->ring[p->next_write % MAX_CHUNKS] = NULL;
        p->next_write++;
        p->inflight -= next->limit;
        run_count_held(p, next);
        shrink_chunk(p, next);
        next->next = p->free;
        p->free = next;
        pthread_cond_signal(&p->room);
    }
    p->writing = 0;
}

/* Mark c answered and write what is ready; called with the lock held. */
static void finish_chunk(pipeline *p, chunk *c)
{
    c->done = 1;
    write_ready(p);
}

/*
 * The progress clock: while no chunk is written, the line's elapsed time
 * still moves.  It draws as the writer does (p->writing held, so never
 * between a clear and the results), then writes what became ready.
 */
static void *ticker_main(void *arg)
{
    pipeline *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->closing) {
        struct timespec due;
        clock_gettime(CLOCK_MONOTONIC, &due);
        due.tv_nsec += TICK_NS;
        due.tv_sec += due.tv_nsec / 1000000000;
        due.tv_nsec %= 1000000000;
        pthread_cond_timedwait(&p->tick, &p->lock, &due);
        if (p->closing || p->writing)
            continue;
        p->writing = 1;
        pthread_mutex_unlock(&p->lock);
        progress_update(p->pg, p->records, p->consumed);
        pthread_mutex_lock(&p->lock);
        p->writing = 0;
        write_ready(p);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/*
 * Take the chunk at the head of the queue, (read it, if a piece,) answer
 * it and pass it to the writer; called and returning with the lock held.
 */
static void work(pipeline *p, worker *w)
{
    chunk *c = p->queue;
    p->queue = c->next;
    pthread_mutex_unlock(&p->lock);
    struct timespec t0, t1;
    clock_gettime(WORK_CLOCK, &t0);
    if (c->is_piece)
        run_read_piece(p, w, c);
    run_answer_chunk(p->rc, w, c);
    clock_gettime(WORK_CLOCK, &t1);
    if (c->is_piece)
        run_piece_read_error(c);
    /* a moving average; a lost update does no harm.  The first chunk
       answered is left out: it pays for the tables its rule builds. */
    if (c->n && atomic_fetch_add_explicit(&p->timed, 1, memory_order_relaxed)) {
        uint64_t ns = ns_between(&t0, &t1) / c->n + 1;
        uint64_t old =
            atomic_load_explicit(&p->ns_per_record, memory_order_relaxed);
        atomic_store_explicit(&p->ns_per_record, old ? (3 * old + ns) / 4 : ns,
                              memory_order_relaxed);
    }
    pthread_mutex_lock(&p->lock);
    finish_chunk(p, c);
}

static void *worker_main(void *arg)
{
    pipeline *p = arg;
    worker w = {.bfs = bfs_new(), .out = output_new(p->rc->format)};
    bfs_set_budget(w.bfs, rules_memory(p->rc->rules));
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->queue && !p->closing)
            pthread_cond_wait(&p->work, &p->lock);
        if (!p->queue)
            break;
        work(p, &w);
    }
    pthread_mutex_unlock(&p->lock);
    bfs_free(w.bfs);
    output_free(w.out);
    puzzle_free(&w.p);
    free(w.rows);
    return NULL;
}

/*
 * A free chunk for the reader.  While too much is in flight, the reader
 * answers queued chunks itself, and waits only when there are none: so
 * -j N keeps N threads answering when answers are the work, and no more
 * threads than processors busy when reading is.
 */
chunk *run_get_chunk(pipeline *p)
{
    size_t limit = CHUNK_RECORDS;
    if (p->started) { /* threads: size chunks by measured work */
        uint64_t ns =
            atomic_load_explicit(&p->ns_per_record, memory_order_relaxed);
        limit = ns == 0 ? 1 : ns >= CHUNK_NS ? 1 : CHUNK_NS / ns;
        if (limit > CHUNK_RECORDS)
            limit = CHUNK_RECORDS;
    }
    pthread_mutex_lock(&p->lock);
    while ((!p->free && p->allocated == p->nchunks) ||
           p->inflight + limit > p->max_inflight ||
           (p->held > p->max_held && p->inflight > 0)) {
        if (p->queue)
            work(p, p->reader);
        else
            pthread_cond_wait(&p->room, &p->lock);
    }
    chunk *c = p->free;
    if (c) {
        p->free = c->next;
    } else {
        c = xcalloc(1, sizeof *c);
        p->allocated++;
    }
    p->inflight += limit;
    uint64_t now = p->next_seq, retired = p->next_write;
    pthread_mutex_unlock(&p->lock);
    /* this chunk's records stamp their rules with the number it will get;
       rules last used by chunks already written may go */
    pthread_mutex_lock(&p->rules_lock);
    rules_epoch(p->rc->rules, now, retired);
    pthread_mutex_unlock(&p->rules_lock);
    c->n = c->nrows = c->answered = c->gone = c->nmsgs = 0;
    c->limit = limit;
    clock_gettime(CUT_CLOCK, &c->began);
    c->text.len = c->out.len = c->err.len = 0;
    show_queue_clear(&c->shows);
    c->status = c->flush = c->done = c->is_piece = 0;
    c->line_base = c->record_base = 0;
    memset(c->counts, 0, sizeof c->counts);
    c->consumed = 0;
    c->next = NULL;
    return c;
}

/* Hand c over: to the workers, or answered right here with -j 1 and in
   the ramp (RAMP_NS). */
void run_submit(pipeline *p, chunk *c)
{
    if (!p->started)
        run_answer_chunk(p->rc, p->reader, c); /* what is left of it */
    pthread_mutex_lock(&p->lock);
    run_count_held(p, c);
    p->unflushed = !c->flush;
    c->seq = p->next_seq++;
    p->ring[c->seq % MAX_CHUNKS] = c;
    if (!p->started) {
        finish_chunk(p, c);
    } else {
        if (p->queue)
            p->queue_tail->next = c;
        else
            p->queue = c;
        p->queue_tail = c;
        pthread_cond_signal(&p->work);
    }
    pthread_mutex_unlock(&p->lock);
}

/* Set p up for rc with nthreads workers besides the reader, own. */
static void pipeline_init(pipeline *p, const run_config *rc, unsigned nthreads,
                          worker *own)
{
    p->rc = rc;
    p->nthreads = nthreads;
    clock_gettime(WORK_CLOCK, &p->ramp_t0);
    p->reader = own;
    /* threads: two full chunks a thread and two more, or many small ones */
    p->nchunks = nthreads ? MAX_CHUNKS : 1;
    p->max_inflight = (nthreads ? (nthreads + 1) * 2 + 2 : 1) * CHUNK_RECORDS;
    membudget *mem = rules_memory(rc->rules);
    p->max_held = mem->cap / CHUNKS_MEMORY_SHARE;
    if (p->max_held == 0 || p->max_held > CHUNKS_MEMORY_MAX)
        p->max_held = CHUNKS_MEMORY_MAX;
    if (budget_take(mem, p->max_held) < 0) /* cannot be: nothing runs yet */
        p->max_held = 0;
    pthread_mutex_init(&p->lock, NULL);
    pthread_mutex_init(&p->rules_lock, NULL);
    pthread_cond_init(&p->based, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->room, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&p->tick, &monotonic);
    pthread_condattr_destroy(&monotonic);
}

/* Free what p holds once every chunk is written and the workers ended. */
static void pipeline_free(pipeline *p)
{
    for (chunk *c = p->free; c;) {
        chunk *next = c->next;
        free_buffers(c);
        free(c);
        c = next;
    }
    for (size_t i = 0; i < p->nsources; i++) {
        if (p->sources[i]->fd >= 0) /* pieces never passed on */
            close(p->sources[i]->fd);
        free(p->sources[i]->name);
        free(p->sources[i]->shown);
        free(p->sources[i]);
    }
    free(p->sources);
    sb_free(&p->said);
    budget_give(rules_memory(p->rc->rules), p->max_held);
    pthread_cond_destroy(&p->tick);
    pthread_cond_destroy(&p->room);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
    pthread_mutex_destroy(&p->rules_lock);
    pthread_cond_destroy(&p->based);
}

/* How many threads -j asks for besides the reader, as many as
   limits.memory pays the stacks of, the progress clock's included: the
   stacks paid go into p->paid. */
static unsigned threads_paid(pipeline *p, const run_config *rc)
{
    unsigned nthreads = rc->jobs > 1 ? rc->jobs - 1 : 0;
    unsigned ticker = rc->progress != PROGRESS_OFF;
    p->paid = thread_reserve(rules_memory(rc->rules), nthreads + ticker);
    return nthreads < p->paid ? nthreads : p->paid;
}

/* The progress clock, when there is a progress line and a stack was paid
   for it; the workers start at the ramp's end (run_start_workers()). */
static void start_ticker(pipeline *p)
{
    p->ticking = p->rc->progress != PROGRESS_OFF && p->paid > p->nthreads &&
                 thread_start(&p->ticker, ticker_main, p) == 0;
}

/* End the ramp: start p's workers (p->nthreads; their stacks are paid
   already), which take every chunk passed on from now.  The reader's. */
void run_start_workers(pipeline *p)
{
    p->threads = xcalloc(p->nthreads, sizeof *p->threads);
    for (unsigned i = 0; i < p->nthreads; i++) {
        int e = thread_start(&p->threads[i], worker_main, p);
        if (e) {
            fprintf(stderr, PROGRAM_NAME ": cannot start a thread: %s\n",
                    strerror(e));
            exit(EXIT_TROUBLE);
        }
    }
    p->started = p->nthreads;
}

/* Once every input is read: help answer what is queued, then end the
   threads and give their stacks back. */
static void stop_threads(pipeline *p)
{
    pthread_mutex_lock(&p->lock);
    while (p->queue)
        work(p, p->reader);
    p->closing = 1;
    pthread_cond_broadcast(&p->work);
    pthread_cond_signal(&p->tick);
    pthread_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < p->started; i++)
        pthread_join(p->threads[i], NULL);
    if (p->ticking)
        pthread_join(p->ticker, NULL);
    free(p->threads);
    thread_release(rules_memory(p->rc->rules), p->paid);
}

/* The progress line erased, and with --stats the summary of nfiles. */
static void end_progress(pipeline *p, int nfiles)
{
    progress_clear(p->pg);
    if (p->rc->stats) {
        p->totals.files = (uint64_t)nfiles;
        p->totals.unread = p->unread;
        progress_summary(p->pg, &p->totals);
    }
    progress_free(p->pg);
}

int run(const run_config *rc, char *const *files, int nfiles)
{
    static char *const std_in[] = {"-"};
    if (nfiles == 0) {
        files = std_in;
        nfiles = 1;
    }
    pipeline p = {0};
    worker own = {.bfs = bfs_new(),
                  .out = output_new(rc->format)}; /* the reader's */
    bfs_set_budget(own.bfs, rules_memory(rc->rules));
    pipeline_init(&p, rc, threads_paid(&p, rc), &own);
    p.out_terminal = isatty(fileno(rc->out));
    p.pg = progress_new(rc->progress, rc->progress == PROGRESS_OFF
                                          ? 0
                                          : run_total_bytes(files, nfiles));
    start_ticker(&p);
    run_read_inputs(&p, files, nfiles);
    stop_threads(&p);
    end_progress(&p, nfiles);
    pipeline_free(&p);
    bfs_free(own.bfs);
    output_free(own.out);
    puzzle_free(&own.p);
    free(own.rows);
    if (p.write_failed)
        errno = p.write_errno; /* for the caller's one message */
    return p.write_failed ? EXIT_TROUBLE : p.status;
}
