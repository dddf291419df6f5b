/*
 * layout.h - a file in a judge's layout (README, "Judge files"): count,
 * size, name and end lines, blank lines between cases, a parameter's rows
 * after each case's boards.
 *
 * The layer above the reader: layout.c frames the reader's lines into
 * cases and calls the reader for lines and records; the reader never
 * calls it.  A caller that may read a judge's file opens a reader, sets
 * its layout with layout_set() and takes records with layout_next(),
 * which reads gridbfs's own input (reader_next()) where no layout applies.
 */
#ifndef GRIDBFS_LAYOUT_H
#define GRIDBFS_LAYOUT_H

#include "reader.h"

/*
 * Read rd's input by the layout l, before the first layout_next()
 * (README, "Judge files").  A layout whose cases cannot be told apart (a
 * count line, then cases with nothing between them) has its count checked
 * against the rows first: a regular file is read twice, a pipe is held in
 * an unlinked temporary file.  Returns 0, or -1 with "FILE: reason" in
 * err when the pipe could not be held.  l and what it points to must
 * outlive rd.
 */
int layout_set(reader *rd, const reader_layout *l, char *err, size_t errlen);

/* The next record of rd: the next case of its layout, or with none (or
   a file of gridbfs's own line records) reader_next(). */
const record *layout_next(reader *rd);

#endif /* GRIDBFS_LAYOUT_H */
