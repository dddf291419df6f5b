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
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bfs.h"
#include "cuts.h"
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
/* A regular file's pieces (cuts.h): each about CHUNK_NS of work, at least
   PIECE_MIN bytes (records that cost more go through the reader one by
   one) and at most PIECE_MAX, or a piece's share of the chunks' memory,
   which holds about PIECE_COST bytes for a byte of a piece. */
#define PIECE_MIN ((uint64_t)16 << 10)
#define PIECE_MAX ((uint64_t)128 << 10)
#define PIECE_COST 16
#define PIECE_STRETCH 4 /* a piece may be this many times its size */
/* chunks answered before the cost of a record is known well enough to
   choose pieces */
#define PIECE_AFTER 32
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
    int fd;               /* read in pieces: the pieces' file, or -1 */
    size_t pieces_unread; /* until none is left, then closed */
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

/* A message of the chunk's: err up to err_end, written just before
   out[out_at] (the result of the record it is about), so that on a
   terminal or through one pipe each message lands next to its result. */
typedef struct chunk_msg {
    size_t out_at, err_end;
    const source *src; /* a record's: "FILE:LINE: " comes first */
    uint64_t line;     /* counted as the chunk's records' lines are */
} chunk_msg;

/*
 * A piece of a regular file (cuts.h) that the thread answering the chunk
 * reads first: the chunk's records, numbered from the piece's start, until
 * the pieces before it are read and its base is known (advance_bases()).
 */
typedef struct file_piece {
    source *src;
    rule_inst *in; /* the file's own rule */
    uint64_t from, to;
    int first;                           /* the file's first piece: */
    uint64_t start_lines, start_records; /* the lines and records before it */
    uint64_t lines;                      /* it holds, once read */
    int read, based;
    char error[READER_MSG_MAX]; /* a read error, said after its records */
} file_piece;

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
    strbuf text;     /* ids, read-time messages and cells */
    strbuf out, err; /* formatted results and messages */
    chunk_msg *msgs; /* where each message goes in out */
    size_t nmsgs, msgs_cap;
    size_t held;               /* the bytes its buffers hold, as last counted */
    int status;                /* worst exit status earned */
    uint64_t counts[ST_COUNT]; /* its records, by status */
    uint64_t consumed;         /* input bytes taken up to its last record,
                                  in all inputs (for progress) */
    int flush;                 /* flush the output after writing this chunk */
    int done;
    int is_piece; /* its records are pc's, still to read */
    file_piece pc;
    uint64_t line_base, record_base; /* add to its records' lines, indices */
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
    atomic_uint timed;          /* chunks measured, up to PIECE_AFTER */
    pthread_mutex_t rules_lock; /* rules_*() are for one thread at a time */
    /* the pieces' numbering: the next chunk whose base is to be set, and
       the lines and records of its file before it */
    uint64_t base_seq, base_lines, base_records;
    pthread_cond_t based; /* a piece's base was set */
    source **sources;     /* the inputs, alive until every chunk is out */
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
    strbuf said; /* a message as written */
    progress *pg;
    progress_totals totals;
    uint64_t records, consumed; /* written, and the input they took */
    /* the progress clock: redraws the line while no chunk is written (one
       long puzzle), as the writer, so never inside the writer's output */
    pthread_t ticker;
    pthread_cond_t tick; /* closing */
    int ticking;
    pthread_t *threads; /* the workers */
    unsigned paid;      /* thread stacks paid from limits.memory */
} pipeline;

static uint64_t ns_between(const struct timespec *a, const struct timespec *b)
{
    return (uint64_t)(b->tv_sec - a->tv_sec) * 1000000000u +
           (uint64_t)b->tv_nsec - (uint64_t)a->tv_nsec;
}

/* Write out's bytes [from, to) of c, unless a write failed already. */
static void write_out(pipeline *p, const chunk *c, size_t from, size_t to)
{
    FILE *out = p->rc->out;
    if (!p->write_failed && to > from &&
        fwrite(c->out.p + from, 1, to - from, out) != to - from) {
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
static void chunk_earns(chunk *c, int status)
{
    if (c->status < status)
        c->status = status;
}

/* A message into c, to be written just before out[out_at]. */
static void chunk_vsay(chunk *c, size_t out_at, const char *format, va_list ap)
{
    sb_vprintf(&c->err, format, ap);
    if (c->nmsgs == c->msgs_cap) {
        c->msgs_cap = 2 * c->msgs_cap + 8;
        c->msgs = xreallocarray(c->msgs, c->msgs_cap, sizeof *c->msgs);
    }
    c->msgs[c->nmsgs++] = (chunk_msg){out_at, c->err.len, NULL, 0};
}

static void chunk_say(chunk *c, size_t out_at, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void chunk_say(chunk *c, size_t out_at, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    chunk_vsay(c, out_at, format, ap);
    va_end(ap);
}

/* Job j's message, that line (counted as j's lines are) says msg, to be
   written just before out[out_at], "FILE:LINE: " in front. */
static void job_says(chunk *c, size_t out_at, const job *j, uint64_t line,
                     const char *msg)
{
    chunk_say(c, out_at, "%s\n", msg);
    c->msgs[c->nmsgs - 1].src = j->src;
    c->msgs[c->nmsgs - 1].line = line;
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

/* --show's drawing of j's solved boards after its answer, which starts at
   out[at]; a record that cannot be drawn has a message, before its
   answer, and earns exit status 1. */
static void show_record(const run_config *rc, chunk *c, const job *j,
                        const gridbfs_board *boards, const solve_result *ans,
                        size_t at)
{
    char msg[RULES_MSG_MAX];
    /* the path is always asked for with --show: a count without it is no
       path to draw */
    const uint16_t *path = ans->npath == ans->moves ? ans->path : NULL;
    if (show_write(rc->show, j->in, boards, path, ans->moves, &c->out, msg) ==
        0)
        return;
    if (!j->quiet && !rc->quiet)
        job_says(c, at, j, j->line, msg);
    chunk_earns(c, EXIT_RECORDS);
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
        res.record = j->record + c->record_base;
        res.line = j->line + c->line_base;
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
        size_t at = c->out.len; /* where its result starts */
        if (res.ans.status == ST_INVALID || res.ans.status == ST_LIMIT) {
            if (!j->quiet && !rc->quiet)
                job_says(c, at, j, msg_line, res.ans.message);
            chunk_earns(c, EXIT_RECORDS);
        }
        c->counts[res.ans.status]++;
        output_write(w->out, &res, &c->out);
        if (rc->show && res.ans.status == ST_SOLVED)
            show_record(rc, c, j, boards, &res.ans, at);
    }
}

/* The bytes c's buffers hold. */
static size_t chunk_bytes(const chunk *c)
{
    return c->cap * sizeof *c->jobs + c->rows_cap * sizeof *c->rows +
           c->msgs_cap * sizeof *c->msgs + c->text.cap + c->out.cap +
           c->err.cap;
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
    free(c->msgs);
    c->jobs = NULL;
    c->rows = NULL;
    c->msgs = NULL;
    c->cap = c->rows_cap = c->msgs_cap = 0;
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

static void read_piece(pipeline *p, worker *w, chunk *c);
static void piece_read_error(chunk *c);

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
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (c->is_piece)
        read_piece(p, w, c);
    answer_chunk(p->rc, w, c);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (c->is_piece)
        piece_read_error(c);
    if (c->n) { /* a moving average; a lost update does no harm */
        uint64_t ns = ns_between(&t0, &t1) / c->n + 1;
        uint64_t old =
            atomic_load_explicit(&p->ns_per_record, memory_order_relaxed);
        atomic_store_explicit(&p->ns_per_record, old ? (3 * old + ns) / 4 : ns,
                              memory_order_relaxed);
        if (atomic_load_explicit(&p->timed, memory_order_relaxed) < PIECE_AFTER)
            atomic_fetch_add_explicit(&p->timed, 1, memory_order_relaxed);
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
    pthread_mutex_lock(&p->rules_lock);
    rules_epoch(p->rc->rules, now, retired);
    pthread_mutex_unlock(&p->rules_lock);
    if (c->cap < limit) {
        c->jobs = xreallocarray(c->jobs, limit, sizeof *c->jobs);
        c->cap = limit;
    }
    c->n = c->nrows = c->answered = c->nmsgs = 0;
    c->limit = limit;
    clock_gettime(CUT_CLOCK, &c->began);
    c->text.len = c->out.len = c->err.len = 0;
    c->status = c->flush = c->done = c->is_piece = 0;
    c->line_base = c->record_base = 0;
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
    job *j = &c->jobs[c->n++];
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

/*
 * Whether the output of a record that in answers shows the record's
 * number: CSV and JSON Lines do (and its line), a judge's templates may.
 * Messages need not: their lines are counted at write (write_chunk()).
 */
static int numbered(const run_config *rc, const rule_inst *in)
{
    const cfg_profile *pr = in->profile;
    return rc->format != FORMAT_JUDGE ||
           (pr && (pr->before || pr->solved || pr->impossible));
}

/*
 * Read c's piece into c's records, each answered as it is read (w's),
 * until one whose output shows its number: then it and the rest wait
 * until the pieces before c are read, so that their lines and indices
 * can be counted from the file's start (advance_bases()).  The pieces are
 * taken from the queue in order, and a thread reading one waits for
 * nothing else, so the first piece not yet read is being read.
 */
static void read_piece(pipeline *p, worker *w, chunk *c)
{
    file_piece *pc = &c->pc;
    const rule_inst *in = pc->in;
    reader *rd =
        reader_open_range(pc->src->fd, pc->src->name, pc->from, pc->to,
                          in->rule.rows, in->rule.boards, p->rc->cfg->max_line);
    reader_layout lay = {NULL, in->rule.cols, NULL, in->cell['#'] == CELL_BAD};
    reader_set_layout(rd, &lay, NULL, 0); /* no judge's: cannot fail */
    const record *rec;
    while ((rec = reader_next(rd))) {
        if (c->n == c->cap) {
            c->cap *= 2;
            c->jobs = xreallocarray(c->jobs, c->cap, sizeof *c->jobs);
        }
        add_job(p, c, pc->src, rec, pc->in);
        if (c->answered == c->n - 1 && !numbered(p->rc, c->jobs[c->n - 1].in))
            answer_chunk(p->rc, w, c); /* while its rows are in the cache */
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
    count_held(p, c);
    advance_bases(p);
    while (!pc->based && c->answered < c->n)
        pthread_cond_wait(&p->based, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

/* A read error that cut c's piece short, said after its records'
   results. */
static void piece_read_error(chunk *c)
{
    if (!c->pc.error[0])
        return;
    chunk_say(c, c->out.len, PROGRAM_NAME ": %s\n", c->pc.error);
    chunk_earns(c, EXIT_TROUBLE);
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
    chunk_vsay(*cur, (*cur)->out.len, format, ap);
    va_end(ap);
    chunk_earns(*cur, status);
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

static long long regular_size(const char *path);

/*
 * The size of the pieces worth cutting the rest of rd's input into (see
 * cuts.h), path, once rd has read the records up to last: each about
 * CHUNK_NS of work.  0 when it is not worth it: no threads, standard
 * input, a judge's layout, the cost of a record not measured yet, or so
 * high that the reader keeps up with the threads anyway.
 */
static uint64_t piece_size(pipeline *p, const reader *rd, const char *path,
                           const rule_inst *in, const record *last)
{
    if (!p->nthreads || in->error || strcmp(path, "-") == 0 ||
        !reader_between(rd) ||
        atomic_load_explicit(&p->timed, memory_order_relaxed) < PIECE_AFTER ||
        regular_size(path) < 0)
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
   flight, and hold room for them. */
static void expect_records(pipeline *p, chunk *c, size_t n)
{
    pthread_mutex_lock(&p->lock);
    p->inflight = p->inflight - c->limit + n;
    c->limit = n;
    pthread_mutex_unlock(&p->lock);
    if (c->cap < n) {
        c->jobs = xreallocarray(c->jobs, n, sizeof *c->jobs);
        c->cap = n;
    }
}

/*
 * Read the rest of rd's input, path, from where rd is (after record last),
 * in pieces of about size bytes that the threads read and answer: each
 * chunk passed on is one.  Returns the input's size, or 0 when it cannot
 * be cut so (then rd reads on).
 */
static uint64_t read_pieces(pipeline *p, const reader *rd, const char *path,
                            source *src, rule_inst *in, chunk **cur,
                            uint64_t size, const record *last)
{
    uint64_t from = reader_consumed(rd), *bounds = NULL;
    cuts_shape shape = {in->rule.boards, p->rc->cfg->max_line,
                        in->cell['#'] == CELL_BAD};
    struct stat st;
    size_t n = 0;
    /* a regular file cannot make open() wait; nothing else is cut */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        (uint64_t)st.st_size > from)
        n = cuts_find(fd, from, (uint64_t)st.st_size, size,
                      PIECE_STRETCH * size, &shape, &bounds);
    if (n < 2) {
        if (fd >= 0)
            close(fd);
        free(bounds);
        return 0;
    }
    src->fd = fd;
    src->pieces_unread = n;
    uint64_t record_bytes = from / last->index + 1;
    for (size_t k = 0; k < n && !p->write_failed; k++) {
        chunk *c = *cur;
        expect_records(p, c, (bounds[k + 1] - bounds[k]) / record_bytes + 1);
        c->is_piece = 1;
        c->pc = (file_piece){.src = src,
                             .in = in,
                             .from = bounds[k],
                             .to = bounds[k + 1],
                             .first = k == 0,
                             .start_lines = reader_lines(rd),
                             .start_records = last->index};
        c->consumed = p->bytes_before + bounds[k + 1];
        next_chunk(p, cur, in);
    }
    free(bounds);
    return (uint64_t)st.st_size;
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

/* Open path, as in frames its records: NULL, said in *cur, when it cannot
   be read. */
static reader *open_input(pipeline *p, const char *path, rule_inst *in,
                          chunk **cur)
{
    char err[RULES_MSG_MAX];
    reader *rd = reader_open(path, in->error ? 1 : in->rule.rows,
                             in->error ? 1 : in->rule.boards,
                             p->rc->cfg->max_line, err, sizeof err);
    uint8_t cells[256];
    for (int b = 0; b < 256; b++)
        cells[b] = !in->error && in->cell[b] != CELL_BAD;
    reader_layout lay = {!in->error && in->profile ? &in->profile->layout
                                                   : NULL,
                         in->error ? 1 : in->rule.cols, cells, !cells['#']};
    if (rd && reader_set_layout(rd, &lay, err, sizeof err) < 0) {
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
 * Read rd's records (path's, framed by in) into chunks, *cur the one being
 * filled; once the threads are seen to answer faster than one reader
 * reads, the rest of a regular file in pieces (read_pieces()).  Returns
 * the bytes of the input read.
 */
static uint64_t read_records(pipeline *p, reader *rd, const char *path,
                             source *src, rule_inst *in, chunk **cur)
{
    const record *rec;
    uint64_t size = 0;
    int cut = 1; /* 0: the file cannot be cut in pieces */
    for (;;) {
        /* a chunk's consumed counts its records' input, set as it is
           passed on (progress reads it once the chunk is written) */
        if ((*cur)->n && !reader_buffered(rd))
            on_wait(p);
        if (size || !(rec = reader_next(rd)))
            break;
        if (rec->notice) { /* a fault of the file, and no case */
            reader_says(p, cur, in, p->bytes_before + reader_consumed(rd),
                        EXIT_RECORDS, PROGRAM_NAME ": %s:%llu: %s\n",
                        src->shown, (unsigned long long)rec->error_line,
                        rec->error);
            continue;
        }
        add_job(p, *cur, src, rec, in);
        if ((*cur)->n == (*cur)->limit || answered_enough(p, *cur) ||
            (*cur)->text.len >= CHUNK_BYTES) {
            (*cur)->flush = !reader_buffered(rd); /* we may wait next */
            (*cur)->consumed = p->bytes_before + reader_consumed(rd);
            next_chunk(p, cur, in);
            if (p->write_failed)
                break;
            uint64_t piece = cut ? piece_size(p, rd, path, in, rec) : 0;
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
    reader *rd = open_input(p, path, in, cur);
    if (!rd)
        return;
    source *src = add_source(p, rd);
    p->cur = cur;
    p->cur_in = in;
    p->cur_rd = rd;
    reader_on_wait(rd, on_wait, p);
    uint64_t bytes = read_records(p, rd, path, src, in, cur);
    if (reader_error(rd))
        reader_says(p, cur, in, p->bytes_before + reader_consumed(rd),
                    EXIT_TROUBLE, PROGRAM_NAME ": %s\n", reader_error(rd));
    p->bytes_before += bytes;
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

/* Start p's workers (p->nthreads), and the progress clock when there is a
   progress line and a stack was paid for it. */
static void start_threads(pipeline *p)
{
    p->threads = xcalloc(p->nthreads + 1, sizeof *p->threads);
    for (unsigned i = 0; i < p->nthreads; i++) {
        int e = thread_start(&p->threads[i], worker_main, p);
        if (e) {
            fprintf(stderr, PROGRAM_NAME ": cannot start a thread: %s\n",
                    strerror(e));
            exit(EXIT_TROUBLE);
        }
    }
    p->ticking = p->rc->progress != PROGRESS_OFF && p->paid > p->nthreads &&
                 thread_start(&p->ticker, ticker_main, p) == 0;
}

/* Pass *cur on, flushed after, and start the next chunk, which takes up
   the input where *cur left it. */
static void flush_chunk(pipeline *p, chunk **cur)
{
    uint64_t consumed = (*cur)->consumed;
    (*cur)->flush = 1;
    submit(p, *cur);
    *cur = get_chunk(p);
    (*cur)->consumed = consumed;
}

/* The header, then files[0..nfiles-1] read in order into chunks, every
   chunk passed on. */
static void read_inputs(pipeline *p, char *const *files, int nfiles)
{
    chunk *cur = get_chunk(p);
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
    submit(p, cur);
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
    for (unsigned i = 0; i < p->nthreads; i++)
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
    worker own = {bfs_new(), output_new(rc->format)}; /* the reader's */
    bfs_set_budget(own.bfs, rules_memory(rc->rules));
    pipeline_init(&p, rc, threads_paid(&p, rc), &own);
    p.out_terminal = isatty(fileno(rc->out));
    p.pg = progress_new(rc->progress, rc->progress == PROGRESS_OFF
                                          ? 0
                                          : total_bytes(files, nfiles));
    start_threads(&p);
    read_inputs(&p, files, nfiles);
    stop_threads(&p);
    end_progress(&p, nfiles);
    pipeline_free(&p);
    bfs_free(own.bfs);
    output_free(own.out);
    if (p.write_failed)
        errno = p.write_errno; /* for the caller's one message */
    return p.write_failed ? EXIT_TROUBLE : p.status;
}
