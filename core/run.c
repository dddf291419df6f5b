/*
 * run.c - the reader, the workers and the ordered writer (see run.h).
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
#include "run.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bfs.h"
#include "layout.h"
#include "parse.h"
#include "progress.h"
#include "reader.h"
#include "solve.h"
#include "text.h"
#include "thread.h"
#include "util.h"

#define CHUNK_RECORDS 4096
#define CHUNK_BYTES (1u << 20) /* a chunk ends once its rows hold this much */
/* What chunks may hold, reserved from limits.memory before any search:
   an eighth of it, at most CHUNKS_MEMORY_MAX. */
#define CHUNKS_MEMORY_SHARE 8
#define CHUNKS_MEMORY_MAX ((size_t)64 << 20)
#define CHUNK_NS 2000000 /* aim for chunks of ~2 ms of work */
#define MAX_CHUNKS 64
#define TICK_NS 250000000 /* the progress clock's period */
#define NO_TEXT UINT32_MAX
/* -j 1 reads this clock after every record to cut its chunks: the coarse
   clock costs next to nothing, and a few ms of resolution is enough */
#ifdef CLOCK_MONOTONIC_COARSE
#define CUT_CLOCK CLOCK_MONOTONIC_COARSE
#else
#define CUT_CLOCK CLOCK_MONOTONIC
#endif

/* An input, as named in the output and as shown in messages. */
typedef struct source {
    char *name;
    char *shown;
} source;

typedef struct job {
    rule_inst *in;
    const source *src;
    uint64_t record, line, error_line, param_line;
    uint32_t id;    /* offset into the chunk's text, or NO_TEXT */
    uint32_t error; /* the reader's reason the record is bad, or NO_TEXT */
    uint32_t cells; /* the rows' cells, back to back, in the text */
    uint32_t row;   /* its first row in the chunk's rows */
    uint8_t nboards, board_rows[RECORD_MAX_BOARDS];
    uint8_t quiet; /* its message was shown with an earlier record's */
} job;

/* A row of a record, its cells in the chunk's text. */
typedef struct chunk_row {
    uint64_t line;
    uint32_t len;
} chunk_row;

typedef struct chunk {
    job *jobs;
    size_t n, limit;       /* records in it, and the most it will take */
    size_t answered;       /* of them */
    struct timespec began; /* when the reader took it (-j 1 cuts by it) */
    size_t cap;            /* jobs allocated */
    chunk_row *rows;
    size_t nrows, rows_cap;
    strbuf text;               /* ids, read-time messages and cells */
    strbuf out, err;           /* formatted results and messages */
    size_t held;               /* the bytes its buffers hold, as last counted */
    int status;                /* worst exit status earned */
    uint64_t counts[ST_COUNT]; /* its records, by status */
    uint64_t consumed;         /* input bytes taken up to its last record,
                                  in all inputs (for progress) */
    int flush;                 /* flush the output after writing this chunk */
    int done;
    uint64_t seq;
    struct chunk *next; /* in the free list or the work queue */
} chunk;

typedef struct worker {
    bfs *bfs;
    output *out;
} worker;

typedef struct pipeline {
    const run_config *rc;
    unsigned nthreads; /* workers besides the reader */
    worker *reader;    /* the reader's own, for the chunks it answers */
    pthread_mutex_t lock;
    pthread_cond_t work; /* a chunk was queued, or closing */
    pthread_cond_t room; /* a chunk was freed or written */
    chunk *free, *queue, *queue_tail;
    chunk *ring[MAX_CHUNKS];
    size_t nchunks, allocated; /* chunks allowed, and made */
    size_t inflight,
        max_inflight;      /* the limits of chunks out of the free list */
    size_t held, max_held; /* bytes all chunks hold, and their share of
                              limits.memory, reserved from it */
    uint64_t next_seq, next_write;
    int closing, status;
    int writing; /* a thread is writing chunks out */
    atomic_int write_failed;
    int write_errno; /* why, for the message at close */
    /* answering time per record, measured by the workers: chunks hold
       ~CHUNK_NS of work, so a few slow puzzles still spread over threads */
    atomic_uint_fast64_t ns_per_record;
    source **sources; /* the inputs, alive until every chunk is out */
    size_t nsources;

    int out_terminal; /* results go to a terminal: each chunk is flushed,
                         and the progress line erased first */

    /* the reader's */
    uint64_t bytes_before; /* of the inputs read to the end */
    uint64_t unread;       /* inputs that could not be read */
    int unflushed;         /* the last chunk passed on is not to be flushed */
    /* the input being read, for on_wait() */
    chunk **cur; /* the chunk being filled */
    rule_inst *cur_in;
    reader *cur_rd;
    /* the writer's */
    progress *pg;
    progress_totals totals;
    uint64_t records, consumed; /* written, and the input they took */
    /* the progress clock: redraws the line while no chunk is written (one
       long puzzle), as the writer, so never inside the writer's output */
    pthread_t ticker;
    pthread_cond_t tick; /* closing */
    int ticking;
} pipeline;

static uint64_t ns_between(const struct timespec *a, const struct timespec *b)
{
    return (uint64_t)(b->tv_sec - a->tv_sec) * 1000000000u +
           (uint64_t)b->tv_nsec - (uint64_t)a->tv_nsec;
}

/* Write chunk c's results and messages; only the writing thread does. */
static void write_chunk(pipeline *p, chunk *c)
{
    FILE *out = p->rc->out;
    if (c->err.len || p->out_terminal)
        progress_clear(p->pg); /* nothing may land on the progress line */
    if (c->err.len) {
        fflush(out); /* keep results and messages in order */
        fwrite(c->err.p, 1, c->err.len, stderr);
    }
    if (!p->write_failed &&
        ((c->out.len && fwrite(c->out.p, 1, c->out.len, out) != c->out.len) ||
         ((c->flush || p->out_terminal) && fflush(out) != 0))) {
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

/* Job j of c as the record the reader read, for parse_record(). */
static const record *job_record(const chunk *c, const job *j, record *rec)
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
    for (uint32_t k = 0; !rec->error && k < nrows; k++) {
        const chunk_row *cr = &c->rows[j->row + k];
        rec->row[k] = (record_row){t, cr->len, cr->line};
        t += cr->len;
    }
    return rec;
}

/* --show's drawing of j's solved boards after its answer; a record that
   cannot be drawn has a message, and earns exit status 1. */
static void show_record(const run_config *rc, chunk *c, const job *j,
                        const gridbfs_board *boards, const solve_result *ans)
{
    char msg[RULES_MSG_MAX];
    /* the path is always asked for with --show: a count without it is no
       path to draw */
    const uint16_t *path = ans->npath == ans->moves ? ans->path : NULL;
    if (show_write(rc->show, j->in, boards, path, ans->moves, &c->out, msg) ==
        0)
        return;
    if (!j->quiet && !rc->quiet)
        sb_printf(&c->err, PROGRAM_NAME ": %s:%llu: %s\n", j->src->shown,
                  (unsigned long long)j->line, msg);
    c->status = c->status < EXIT_RECORDS ? EXIT_RECORDS : c->status;
}

/* Answer and format the records of c not yet answered; needs no lock. */
static void answer_chunk(const run_config *rc, worker *w, chunk *c)
{
    char msg[RULES_MSG_MAX];
    gridbfs_board boards[RECORD_MAX_BOARDS];
    record rec;
    for (; c->answered < c->n; c->answered++) {
        job *j = &c->jobs[c->answered];
        rule_inst *in = j->in;
        out_result res = {0};
        res.source = j->src->name;
        res.record = j->record;
        res.line = j->line;
        res.id = j->id == NO_TEXT ? NULL : c->text.p + j->id;
        res.rule = in->name;
        res.profile = in->profile;
        uint64_t msg_line;
        if (parse_record(in, job_record(c, j, &rec), boards, msg, &msg_line)) {
            res.ans = (solve_result){ST_INVALID, 0, NULL, 0, msg};
        } else {
            res.ans = solve_record(in, boards, w->bfs, msg);
            res.with_path = in->with_path;
            res.ops = in->plugin->ops;
            res.inst = in->rule.inst;
            msg_line = j->line;
            output_vet(w->out, &res, msg);
        }
        if (res.ans.status == ST_INVALID || res.ans.status == ST_LIMIT) {
            if (!j->quiet && !rc->quiet)
                sb_printf(&c->err, PROGRAM_NAME ": %s:%llu: %s\n",
                          j->src->shown, (unsigned long long)msg_line,
                          res.ans.message);
            c->status = c->status < EXIT_RECORDS ? EXIT_RECORDS : c->status;
        }
        c->counts[res.ans.status]++;
        output_write(w->out, &res, &c->out);
        if (rc->show && res.ans.status == ST_SOLVED)
            show_record(rc, c, j, boards, &res.ans);
    }
}

/* The bytes c's buffers hold. */
static size_t chunk_bytes(const chunk *c)
{
    return c->cap * sizeof *c->jobs + c->rows_cap * sizeof *c->rows +
           c->text.cap + c->out.cap + c->err.cap;
}

/* Count c's bytes again into p->held; called with the lock held. */
static void count_held(pipeline *p, chunk *c)
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
    c->jobs = NULL;
    c->rows = NULL;
    c->cap = c->rows_cap = 0;
    sb_free(&c->text);
    sb_free(&c->out);
    sb_free(&c->err);
}

/* Free c's buffers when they hold more than a chunk's share of max_held:
   one large record must not keep its memory for the rest of the run. */
static void shrink_chunk(pipeline *p, chunk *c)
{
    if (c->held <= p->max_held / MAX_CHUNKS)
        return;
    free_buffers(c);
    count_held(p, c);
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
        count_held(p, next);
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
 * Take the chunk at the head of the queue, answer it and pass it to the
 * writer; called and returning with the lock held.
 */
static void work(pipeline *p, worker *w)
{
    chunk *c = p->queue;
    p->queue = c->next;
    pthread_mutex_unlock(&p->lock);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    answer_chunk(p->rc, w, c);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (c->n) { /* a moving average; a lost update does no harm */
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
    worker w = {bfs_new(), output_new(p->rc->format)};
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
    return NULL;
}

/*
 * A free chunk for the reader.  While too much is in flight, the reader
 * answers queued chunks itself, and waits only when there are none: so
 * -j N keeps N threads answering when answers are the work, and no more
 * threads than processors busy when reading is.
 */
static chunk *get_chunk(pipeline *p)
{
    size_t limit = CHUNK_RECORDS;
    if (p->nchunks > 1) { /* threads: size chunks by measured work */
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
    rules_epoch(p->rc->rules, now, retired);
    if (c->cap < limit) {
        c->jobs = xreallocarray(c->jobs, limit, sizeof *c->jobs);
        c->cap = limit;
    }
    c->n = c->nrows = c->answered = 0;
    c->limit = limit;
    clock_gettime(CUT_CLOCK, &c->began);
    c->text.len = c->out.len = c->err.len = 0;
    c->status = c->flush = c->done = 0;
    memset(c->counts, 0, sizeof c->counts);
    c->consumed = 0;
    c->next = NULL;
    return c;
}

/* Hand c over: to the workers, or answered right here with -j 1. */
static void submit(pipeline *p, chunk *c)
{
    if (!p->nthreads)
        answer_chunk(p->rc, p->reader, c); /* what is left of it */
    pthread_mutex_lock(&p->lock);
    count_held(p, c);
    p->unflushed = !c->flush;
    c->seq = p->next_seq++;
    p->ring[c->seq % MAX_CHUNKS] = c;
    if (!p->nthreads) {
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

/*
 * Record rec of src as the next job of c: its rule, and its rows copied for
 * the worker, which parses them; file_inst frames the file's grid records
 * (and was kept for c's records when c was started: see next_chunk()).
 */
static void add_job(const run_config *rc, chunk *c, const source *src,
                    const record *rec, rule_inst *file_inst)
{
    job *j = &c->jobs[c->n++];
    if (rec->rule || rec->rows || rec->param)
        j->in = rules_choose(rc->rules, src->name, rec->rule, rec->rows,
                             rec->cols, rec->param);
    else
        j->in = file_inst;
    j->quiet = (uint8_t)rec->quiet;
    j->src = src;
    j->record = rec->index;
    j->line = rec->line;
    j->param_line = rec->param_line;
    j->id = NO_TEXT;
    j->error = NO_TEXT;
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
        nrows += j->board_rows[b] = (uint8_t)rec->board_rows[b];
    if (c->rows_cap - c->nrows < nrows) {
        c->rows_cap = 2 * c->rows_cap + RECORD_MAX_ROWS;
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
 * With -j 1, answer c's record just added, at once, and say whether c
 * holds CHUNK_NS of work already: then it is passed on, so an answer that
 * was slow to find is written as soon as it is found, not after the
 * records a chunk of fast ones would hold.
 */
static int answered_enough(pipeline *p, chunk *c)
{
    struct timespec now;
    if (p->nthreads)
        return 0;
    answer_chunk(p->rc, p->reader, c);
    clock_gettime(CUT_CLOCK, &now);
    return ns_between(&c->began, &now) >= CHUNK_NS;
}

/* Pass *cur on and start the next chunk, in which the file's own rule in
   is still in use (even if no record of the chunk names it). */
static void next_chunk(pipeline *p, chunk **cur, rule_inst *in)
{
    uint64_t consumed = (*cur)->consumed;
    submit(p, *cur);
    *cur = get_chunk(p);
    (*cur)->consumed = consumed; /* until a record of its own moves it */
    rules_keep(p->rc->rules, in);
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
    sb_vprintf(&(*cur)->err, format, ap);
    va_end(ap);
    if ((*cur)->status < status)
        (*cur)->status = status;
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

/* Read one input into chunks; *cur is the chunk being filled. */
static void read_input(pipeline *p, const char *path, chunk **cur)
{
    const run_config *rc = p->rc;
    char err[RULES_MSG_MAX];
    rule_inst *in = rules_choose(rc->rules, path, NULL, 0, 0, NULL);
    reader *rd = reader_open(path, in->error ? 1 : in->rule.rows,
                             in->error ? 1 : in->rule.boards, rc->cfg->max_line,
                             err, sizeof err);
    uint8_t cells[256];
    for (int b = 0; b < 256; b++)
        cells[b] = !in->error && in->cell[b] != CELL_BAD;
    reader_layout lay = {!in->error && in->profile ? &in->profile->layout
                                                   : NULL,
                         in->error ? 1 : in->rule.cols, cells, !cells['#']};
    if (rd && layout_set(rd, &lay, err, sizeof err) < 0) {
        reader_close(rd);
        rd = NULL;
    }
    if (!rd) {
        reader_says(p, cur, in, p->bytes_before, EXIT_TROUBLE,
                    PROGRAM_NAME ": %s\n", err);
        p->unread++;
        return;
    }
    p->sources = xreallocarray(p->sources, p->nsources + 1, sizeof *p->sources);
    source *src = p->sources[p->nsources++] = xmalloc(sizeof *src);
    char shown[PATH_MAX];
    src->name = xstrdup(reader_name(rd));
    src->shown = xstrdup(text_quote(shown, sizeof shown, src->name));
    const record *rec;
    p->cur = cur;
    p->cur_in = in;
    p->cur_rd = rd;
    reader_on_wait(rd, on_wait, p);
    for (;;) {
        /* a chunk's consumed counts its records' input, set as it is
           passed on (progress reads it once the chunk is written) */
        if ((*cur)->n && !reader_buffered(rd))
            on_wait(p);
        if (!(rec = layout_next(rd)))
            break;
        if (rec->notice) { /* a fault of the file, and no case */
            reader_says(p, cur, in, p->bytes_before + reader_consumed(rd),
                        EXIT_RECORDS, PROGRAM_NAME ": %s:%llu: %s\n",
                        src->shown, (unsigned long long)rec->error_line,
                        rec->error);
            continue;
        }
        add_job(rc, *cur, src, rec, in);
        if ((*cur)->n == (*cur)->limit || answered_enough(p, *cur) ||
            (*cur)->text.len >= CHUNK_BYTES) {
            (*cur)->flush = !reader_buffered(rd); /* we may wait next */
            (*cur)->consumed = p->bytes_before + reader_consumed(rd);
            next_chunk(p, cur, in);
            if (p->write_failed)
                break;
        }
    }
    if (reader_error(rd))
        reader_says(p, cur, in, p->bytes_before + reader_consumed(rd),
                    EXIT_TROUBLE, PROGRAM_NAME ": %s\n", reader_error(rd));
    p->bytes_before += reader_offset(rd);
    (*cur)->consumed = p->bytes_before; /* the file's last lines too */
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
static uint64_t total_bytes(char *const *files, int nfiles)
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

/* Set p up for rc with nthreads workers besides the reader, own. */
static void pipeline_init(pipeline *p, const run_config *rc, unsigned nthreads,
                          worker *own)
{
    p->rc = rc;
    p->nthreads = nthreads;
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
        free(p->sources[i]->name);
        free(p->sources[i]->shown);
        free(p->sources[i]);
    }
    free(p->sources);
    budget_give(rules_memory(p->rc->rules), p->max_held);
    pthread_cond_destroy(&p->tick);
    pthread_cond_destroy(&p->room);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
}

int run(const run_config *rc, char *const *files, int nfiles)
{
    static char *const std_in[] = {"-"};
    pipeline p = {0};
    /* -j N: the reader and N - 1 workers (see get_chunk()), and the
       progress clock, as many as limits.memory pays the stacks of */
    unsigned nthreads = rc->jobs > 1 ? rc->jobs - 1 : 0;
    unsigned ticker = rc->progress != PROGRESS_OFF;
    unsigned paid = thread_reserve(rules_memory(rc->rules), nthreads + ticker);
    if (nthreads > paid)
        nthreads = paid;
    pthread_t *threads = xcalloc(nthreads + 1, sizeof *threads);
    worker own = {bfs_new(), output_new(rc->format)}; /* the reader's */
    bfs_set_budget(own.bfs, rules_memory(rc->rules));

    if (nfiles == 0) {
        files = std_in;
        nfiles = 1;
    }
    pipeline_init(&p, rc, nthreads, &own);
    p.out_terminal = isatty(fileno(rc->out));
    p.pg = progress_new(rc->progress, rc->progress == PROGRESS_OFF
                                          ? 0
                                          : total_bytes(files, nfiles));
    for (unsigned i = 0; i < nthreads; i++) {
        int e = thread_start(&threads[i], worker_main, &p);
        if (e) {
            fprintf(stderr, PROGRAM_NAME ": cannot start a thread: %s\n",
                    strerror(e));
            exit(EXIT_TROUBLE);
        }
    }
    p.ticking = ticker && paid > nthreads &&
                thread_start(&p.ticker, ticker_main, &p) == 0;

    chunk *cur = get_chunk(&p);
    if (!rc->no_header)
        output_header(rc->format, &cur->out);
    if (cur->out.len) { /* at once: a coprocess may read it before writing */
        cur->flush = 1;
        submit(&p, cur);
        cur = get_chunk(&p);
    }
    for (int i = 0; i < nfiles && !p.write_failed; i++) {
        if (i > 0 && regular_size(files[i]) < 0) {
            /* opening or reading it may wait (a FIFO with no writer yet):
               what the inputs before it gave is answered and written,
               flushed, first */
            uint64_t consumed = cur->consumed;
            cur->flush = 1;
            submit(&p, cur);
            cur = get_chunk(&p);
            cur->consumed = consumed;
        }
        read_input(&p, files[i], &cur);
    }
    cur->flush = 1;
    submit(&p, cur);

    pthread_mutex_lock(&p.lock);
    while (p.queue) /* the input is read: help answer what is left */
        work(&p, &own);
    p.closing = 1;
    pthread_cond_broadcast(&p.work);
    pthread_cond_signal(&p.tick);
    pthread_mutex_unlock(&p.lock);
    for (unsigned i = 0; i < nthreads; i++)
        pthread_join(threads[i], NULL);
    if (p.ticking)
        pthread_join(p.ticker, NULL);
    thread_release(rules_memory(rc->rules), paid);
    progress_clear(p.pg);
    if (rc->stats) {
        p.totals.files = (uint64_t)nfiles;
        p.totals.unread = p.unread;
        progress_summary(p.pg, &p.totals);
    }
    progress_free(p.pg);

    pipeline_free(&p);
    bfs_free(own.bfs);
    output_free(own.out);
    free(threads);
    if (p.write_failed)
        errno = p.write_errno; /* for the caller's one message */
    return p.write_failed ? EXIT_TROUBLE : p.status;
}
