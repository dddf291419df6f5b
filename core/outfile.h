/*
 * outfile.h - where results go: standard output, or the file of -o, which
 * appears whole or not at all.
 *
 * Ownership: outfile_open() returns an outfile that the caller ends with
 * exactly one outfile_close(), which frees it.  The FILE of outfile_stream()
 * belongs to the outfile: write to it, never close it.  The path is copied.
 * Error text goes into a buffer the caller owns.
 *
 * For a regular file (or a new one) the results go to a temporary file in
 * the folder of the file that -o finally names, its symlinks followed, and
 * replace that file only when outfile_close() is told to commit.  Nothing
 * is left behind on any other way out: the temporary file has no name
 * (O_TMPFILE) until the commit, or, where the filesystem cannot do that,
 * its name is removed by atexit() and by the signals that end a process.
 * A link the kernel's fs.protected_symlinks would not follow (another
 * user's, in a sticky folder anyone may write) is refused.
 * That name is the one thing a signal handler must reach, so it is the
 * module's one global: one -o file at a time per process.
 */
#ifndef GRIDBFS_OUTFILE_H
#define GRIDBFS_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct outfile outfile;

/* outfile_open() flag: a named temporary file even where O_TMPFILE works
   (to test the fallback) */
#define OUTFILE_NAMED 1u

/*
 * Open descriptors 0, 1 and 2 onto /dev/null where they are closed, so no
 * file gridbfs opens can take their place; in the direction they are not
 * used in (gnulib's stdopen), so reading a closed standard input or writing
 * a closed standard output fails instead of succeeding on nothing.  Call it
 * first in main().  Returns 0, or -1 when /dev/null cannot be opened.
 */
int outfile_std_fds(void);

/*
 * Where results go: standard output when path is NULL (this never fails);
 * else path written straight through when it is not a regular file (a
 * device, a FIFO, a link into /proc such as /dev/stdout); else a temporary
 * file beside the file path finally names, with that file's mode and
 * owner, or 0666 & ~umask for a new file.  Returns NULL with a message in
 * err when the file cannot be opened.
 */
outfile *outfile_open(const char *path, unsigned flags, char *err, size_t cap);

/* The stream to write results to; it belongs to o. */
FILE *outfile_stream(const outfile *o);

/*
 * Flush and close o and free it.  With commit, the temporary file replaces
 * the file -o named; without, it is removed and the old file stays as it
 * was.  A failed write is never committed.  Returns 0, or -1 with one
 * message in err ("NAME: write error: ..." or "NAME: reason").  When an
 * earlier write failed, errno must still say why (run() leaves it so).
 * Standard output's error is said once: its error indicator is cleared,
 * so that another outfile on it later has nothing to say.
 */
int outfile_close(outfile *o, int commit, char *err, size_t cap);

#endif /* GRIDBFS_OUTFILE_H */
