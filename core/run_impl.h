/*
 * run_impl.h - the insides of the pipeline, shared by run.c (chunks,
 * workers and the ordered writer) and run_read.c (inputs read into
 * chunks, by one reader or, a regular file, in pieces); nothing else
 * includes it.
 */
#ifndef GRIDBFS_RUN_IMPL_H
#define GRIDBFS_RUN_IMPL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <time.h>

#include "bfs.h"
#include "reader.h"
#include "run.h"
#include "show.h"

#define CHUNK_RECORDS 4096
#define JOBS_MIN 16            /* a chunk's first room for records */
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
/* A piece's records are answered this many at a time as they are read:
   reading a few hundred, then answering them, keeps each loop's code and
   data in the caches (one at a time took 30% more processor time), and
   the chunk holds no more of them than that (run_let_go()). */
#define PIECE_BATCH 256
/* With threads, the reader answers the records itself, as -j 1 does,
   until the work is known to outlast the ramp-up (starting the workers,
   handing chunks over, cutting pieces, the chunks' memory faulted in):
   until it has done RAMP_NS of work, or the rest of a regular file is
   estimated at RAMP_NS or more.  A short input never meets a thread, and
   the cost of a record is measured before any piece is chosen. */
#define RAMP_NS 10000000
#define RAMP_SAMPLE 1024  /* records the cost of one is measured on */
#define TICK_NS 250000000 /* the progress clock's period */
/* The cost of a record is the processor time of the thread that answers
   it: a thread that waits for a processor (on a busy machine) or for its
   input does no work meanwhile, and must not make records look costly. */
#define WORK_CLOCK CLOCK_THREAD_CPUTIME_ID
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
    uint8_t nboards;
    uint32_t board_rows[RECORD_MAX_BOARDS];
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
    job *jobs;             /* record k's is jobs[k - gone] */
    size_t n, limit;       /* records in it, and the most it will take */
    size_t answered;       /* of them */
    size_t gone;           /* of those, let go: jobs, rows and text */
    struct timespec began; /* when the reader took it (-j 1 cuts by it) */
    size_t cap;            /* jobs allocated */
    chunk_row *rows;
    size_t nrows, rows_cap;
    strbuf text;      /* ids, read-time messages and cells */
    strbuf out, err;  /* formatted results and messages */
    chunk_msg *msgs;  /* where each message goes in out */
    show_queue shows; /* --show's drawings, made as out is written */
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
    puzzle p;         /* the record being answered */
    record_row *rows; /* its rows, rows_cap of them */
    size_t rows_cap;
} worker;

typedef struct pipeline {
    const run_config *rc;
    unsigned nthreads;       /* workers besides the reader */
    unsigned started;        /* of them, running: 0 in the ramp (RAMP_NS) */
    struct timespec ramp_t0; /* the reader's WORK_CLOCK as it began */
    struct timespec ramp_t1; /* and after its first chunk */
    uint64_t ramp_records;   /* it answered since (ramp_over()) */
    unsigned ramp_sampled;   /* chunks it passed on in the ramp */
    worker *reader;          /* the reader's own, for the chunks it answers */
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
    atomic_uint_fast64_t timed; /* chunks answered */
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

static inline uint64_t ns_between(const struct timespec *a,
                                  const struct timespec *b)
{
    return (uint64_t)(b->tv_sec - a->tv_sec) * 1000000000u +
           (uint64_t)b->tv_nsec - (uint64_t)a->tv_nsec;
}

/* Whether p's reader is in the ramp (RAMP_NS): threads to start, later. */
static inline int in_ramp(const pipeline *p)
{
    return p->nthreads && !p->started;
}

/* Record k of c, not let go yet. */
static inline job *chunk_job(chunk *c, size_t k)
{
    return &c->jobs[k - c->gone];
}

/* run.c */
chunk *run_get_chunk(pipeline *p);
void run_start_workers(pipeline *p);
void run_submit(pipeline *p, chunk *c);
void run_answer_chunk(const run_config *rc, worker *w, chunk *c);
void run_let_go(chunk *c);
void run_count_held(pipeline *p, chunk *c);
void run_chunk_earns(chunk *c, int status);
void run_chunk_vsay(chunk *c, size_t out_at, const char *format, va_list ap);
void run_chunk_say(chunk *c, size_t out_at, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* run_read.c */
void run_read_piece(pipeline *p, worker *w, chunk *c);
void run_piece_read_error(chunk *c);
void run_read_inputs(pipeline *p, char *const *files, int nfiles);
uint64_t run_total_bytes(char *const *files, int nfiles);

#endif /* GRIDBFS_RUN_IMPL_H */
