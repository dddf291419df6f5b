/*
 * reader.h - streaming puzzle records out of one input (README, "Input").
 *
 * The reader knows the two record syntaxes and the framing, nothing about
 * rules beyond the shape it is told: grid rows are cut into boards of `rows`
 * rows, `boards` boards to a record.  It hands out raw rows (blanks and CR
 * removed); turning cells into bits is the caller's job, since a line record
 * may name another rule or size.
 *
 * Ownership: reader_open() pairs with reader_close(); the reader owns the
 * FILE it opened (not stdin).  A record and every string it points to are
 * owned by the reader and valid until the next reader_next().
 * Memory is bounded by the max_line limit, whatever the input: one line,
 * or the lines of a look ahead (reader_mark(): layout.c's, at most two
 * cases' rows and a line or two more).
 *
 * A judge's file is read by layout.c (layout.h), the layer above: it takes
 * lines with reader_line(), gives one back with reader_unread() and looks
 * ahead with reader_mark() and reader_back(); the reader never calls it.
 */
#ifndef GRIDBFS_READER_H
#define GRIDBFS_READER_H

#include <stdint.h>
#include <stdio.h>

#include <gridbfs/plugin.h>

/* Rows one record may hold: two boards of the largest side. */
#define RECORD_MAX_ROWS (2 * GRIDBFS2_MAX_SIDE)
#define RECORD_MAX_BOARDS 2
#define READER_MSG_MAX 256
/* The longest rule= value: no rule or plugin name is longer. */
#define READER_RULE_MAX 64

typedef struct reader reader;

typedef struct record_row {
    const char *text; /* cells, blanks removed; not NUL-terminated */
    uint32_t len;
    uint64_t line;
} record_row;

typedef struct record {
    uint64_t index;      /* 1-based within its source */
    uint64_t line;       /* where the record starts */
    int line_syntax;     /* 1 for a line-syntax record, 0 for grid rows */
    const char *id;      /* the id= value, or NULL */
    const char *rule;    /* the rule= value, or NULL */
    uint32_t rows, cols; /* the size= value, or 0 */
    uint32_t nboards;    /* boards given */
    uint32_t board_rows[RECORD_MAX_BOARDS]; /* rows given per board */
    record_row *row;     /* all boards' rows, in order: the reader's */
    const char *param;   /* a layout's parameter rows, joined by '/' */
    uint64_t param_line; /* where they start */
    const char *error;   /* set when the record is malformed: why */
    uint64_t error_line; /* and where */
    int quiet;  /* error repeats a message already given: show it once */
    int notice; /* no case at all: error is a fault of the file's layout */
} record;

/*
 * Open path ("-" is standard input, named "<stdin>").  rows and boards give
 * the grid framing of this input.  Returns NULL with a message in err
 * ("FILE: reason") when it cannot be opened or is a directory.
 */
reader *reader_open(const char *path, uint32_t rows, uint32_t boards,
                    size_t max_line, char *err, size_t errlen);
void reader_close(reader *rd);

/*
 * A reader of bytes [from, to) of the regular file open on fd, named name,
 * read at once with pread(2) (fd is borrowed, its offset untouched): a
 * piece of the file cut where no record is begun, so that pieces are read
 * in parallel (run.c).  Its records' lines and indices count from the
 * piece's start; the first line may have a BOM only when from is 0.  A
 * read error leaves the piece cut short, and reader_error() says why.
 */
reader *reader_open_range(int fd, const char *name, uint64_t from, uint64_t to,
                          uint32_t rows, uint32_t boards, size_t max_line);

/*
 * Whether rd, read by reader_next() alone (no judge's layout), is between
 * records: none begun and no line held, so that a reader started at
 * reader_consumed(rd) (reader_open_range()) reads from there what rd
 * would; and the lines it has taken so far, the number of the last one.
 */
int reader_between(const reader *rd);
uint64_t reader_lines(const reader *rd);

/* The input's name as shown in messages and output. */
const char *reader_name(const reader *rd);

/*
 * The next record of gridbfs's own input (grid rows, line records), or
 * NULL at the end of input or on a read error (then reader_error() says
 * why).  A malformed record is still returned, with error set, so the
 * caller reports it and goes on.  A judge's layout is read by
 * layout_next() instead (layout.h).
 */
const record *reader_next(reader *rd);
/*
 * Whether the next reader_next() can start without waiting for input:
 * the input is a regular file, or a whole line, or the end of input, is
 * already buffered.
 */
int reader_buffered(reader *rd);

/*
 * Call fn(arg) before each read of rd's input that would wait: rd is no
 * regular file and no byte of it is ready.  Such a read may come in the
 * middle of a record (a grid record's first rows, still waiting for the
 * rest), where reader_buffered() said the next record could start, so
 * this is where the caller passes on the records it has read so far.
 * fn may ask rd its offsets, nothing else.  fn NULL: no call.
 */
void reader_on_wait(reader *rd, void (*fn)(void *), void *arg);

/* Bytes read from the input so far. */
uint64_t reader_offset(const reader *rd);
/* Bytes of the input taken by the records handed out so far: the bytes
   read less those read ahead, still buffered (for progress by work done). */
uint64_t reader_consumed(const reader *rd);

/* NULL, or the read error that ended the input ("FILE: reason"). */
const char *reader_error(const reader *rd);

/*
 * The next line of rd's input as text, not records (--check reads a
 * contestant's answers so, layout.c a judge's file; never mixed with
 * reader_next() on one reader, but for a line given back): READER_LINE
 * with it in *line and *len (no newline, CR or first line's BOM; valid
 * until the next call), READER_LONG for a line longer than max_line (not
 * held: *len is 0), READER_END at the end of input, or READER_FAILED on a
 * read error (reader_error() says why).  Bytes of any value may be in a
 * line.  A line given back (reader_unread()) comes first.
 */
enum { READER_END, READER_LINE, READER_LONG, READER_FAILED };
int reader_line(reader *rd, const char **line, size_t *len);

/*
 * Give back the line reader_line() gave last (nothing read since, no line
 * given back already): the next reader_line() or reader_next() takes it
 * again, its text where it was.
 */
void reader_unread(reader *rd);

/*
 * A look ahead: reader_mark() remembers where rd is (a line given back
 * too), reader_back() goes back there, so that the lines read in between
 * are read again, at the same numbers.  One at a time; what is read in
 * between stays in memory, and a line over max_line that is not whole in
 * it stops the look ahead (READER_LONG, not taken), so keep it short.
 * reader_back() leaves nothing to give back (reader_unread()).
 */
void reader_mark(reader *rd);
void reader_back(reader *rd);

/*
 * Make rd's input one that can be read twice (reader_rewind()), before
 * any line is taken: a regular file at its start is; anything else is
 * copied into an unlinked temporary file of $TMPDIR, read from then on (a
 * read error cuts it short there, and reader_error() says so to the end).
 * Returns 0, or -1 with errno set when it cannot be held.
 */
int reader_hold(reader *rd);
/* Back to the first byte of an input reader_hold() made readable twice,
   as just opened (a read error met on the way is forgotten: it will be
   met again). */
void reader_rewind(reader *rd);

/* Whether a line whose first non-blank is '#' is a comment (on when
   opened). */
void reader_comments(reader *rd, int on);
/* Whether s[0..n) has the marks of a line record ('/' or '='). */
int reader_is_line_record(const char *s, size_t n);
/* The framing and the line limit rd was opened with. */
void reader_shape(const reader *rd, uint32_t *rows, uint32_t *boards,
                  size_t *max_line);

#endif /* GRIDBFS_READER_H */
