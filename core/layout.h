/*
 * layout.h - a file in a judge's layout (README, "Judge files"): count,
 * size, name and end lines, blank lines between cases, a parameter's rows
 * after each case's boards.
 *
 * The layer above the reader: a layout frames the lines it takes from a
 * reader (reader_line(), reader_mark()) into cases of its own, numbered by
 * it; the reader never calls it.  A caller that may read a judge's file
 * opens a reader, a layout over it with layout_open(), and takes records
 * with layout_next(), which reads gridbfs's own input (reader_next())
 * where no layout applies.
 *
 * Ownership: layout_open() pairs with layout_close(); the layout borrows
 * its reader, which must outlive it (close the layout first).  A record
 * layout_next() returns is owned by the layout or the reader and valid
 * until the next layout_next().
 */
#ifndef GRIDBFS_LAYOUT_H
#define GRIDBFS_LAYOUT_H

#include "config.h"
#include "reader.h"

typedef struct layout layout;

/* How a judge's file frames its cases. */
typedef struct layout_frame {
    const cfg_layout *layout; /* NULL, or one that is off: free form */
    uint32_t cols;            /* a board's columns, unless size lines say */
    const uint8_t *cells;     /* 256 flags, one a byte: a cell character, by
                                 which rows are told from other lines */
    int comments;             /* a line whose first non-blank is '#' is a
                                 comment (not when '#' is a cell) */
} layout_frame;

/*
 * A layout over rd, which has read nothing yet, by the frame f (README,
 * "Judge files").  A layout whose cases cannot be told apart (no blank,
 * name or size line between them) has its rows checked first, against
 * its count line or, with none, to be whole cases: a regular file is read
 * twice, a pipe is held in an unlinked temporary file (reader_hold()).
 * Returns NULL with "FILE: reason" in err when the pipe could not be
 * held.  f and what it points to must outlive the layout.
 */
layout *layout_open(reader *rd, const layout_frame *f, char *err,
                    size_t errlen);
void layout_close(layout *lo);

/* The next record: the next case of the judge's layout, or with none (or
   a file of gridbfs's own line records) reader_next(). */
const record *layout_next(layout *lo);

/* Whether lo frames a judge's layout; if not, its reader's records are
   reader_next()'s (reader_between() applies). */
int layout_judged(const layout *lo);

#endif /* GRIDBFS_LAYOUT_H */
