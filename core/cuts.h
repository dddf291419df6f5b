/*
 * cuts.h - where a regular file of gridbfs's own records (no judge's
 * layout) may be cut into pieces that are read in parallel (run.c).
 *
 * A cut is a byte offset just after a line that leaves the reader with no
 * record begun, whatever came before it: a line record (a line with '/'
 * or '=' that is no comment and not too long), or, when a record is one
 * board, a blank line.  A piece between two cuts, read by a reader of its
 * own (reader_open_range()), gives the records that one reader of the
 * whole file gives there, lines and indices counted from the piece.
 */
#ifndef GRIDBFS_CUTS_H
#define GRIDBFS_CUTS_H

#include <stddef.h>
#include <stdint.h>

/* What decides whether a line leaves no record begun. */
typedef struct cuts_shape {
    uint32_t boards; /* boards a grid record has */
    size_t max_line; /* a longer line is never cut after */
    int comments;    /* a line whose first non-blank is '#' is a comment */
} cuts_shape;

/*
 * The end of the piece of bytes [from, size) of the regular file open on
 * fd (read with pread(2); its offset untouched) that starts at from, a
 * cut (0 is one): the first cut at least piece bytes after from, or size
 * when the rest is no longer than piece or has no cut before its end.
 * Returns 0 when the piece would be over max_piece (no cut within it) or
 * a read failed.  Only the bytes near the cut are read, and nothing is
 * kept: a file is cut one piece at a time, in memory that does not grow
 * with its length.
 */
uint64_t cuts_next(int fd, uint64_t from, uint64_t size, uint64_t piece,
                   uint64_t max_piece, const cuts_shape *shape);

/*
 * The number of pieces cuts_next() cuts bytes [from, size) into, one
 * after another; 0 when one would be over max_piece (too few cuts) or a
 * read failed: then the file is better read by one reader.
 */
size_t cuts_count(int fd, uint64_t from, uint64_t size, uint64_t piece,
                  uint64_t max_piece, const cuts_shape *shape);

#endif /* GRIDBFS_CUTS_H */
