/* The bonnie++ reader: bytes in, results and diagnostics out. It finds
 * every result in a file (text tables of 1.00 to 2.00a, CSV lines of every
 * format generation), repairs the damage mail and web pages do to them,
 * and merges a table with the CSV line of the same run. It renders
 * nothing. Used by the run-directory loader and by "benchsite parse". */
#ifndef BENCHSITE_READER_H
#define BENCHSITE_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/input_limits.h"
#include "base/diag.h"
#include "read/fio.h"
#include "read/result.h"

struct results {
	struct result *v;
	size_t n, cap;
	struct strpool *pool;	/* set by results_pool: the strings of v are
				   pooled there (and released, not freed) */
	struct fio_results fio;	/* the fio results of the same files (read
				   by read/fio_*.c), beside bonnie++'s */
};

/* Appends every result found in buf (the contents of file, a name used
 * in results and messages) to out, fio's to out->fio. Results are not
 * yet merged. Lines
 * longer than lim->line are reported and skipped; lim NULL means the
 * default limits. */
void reader_read(const char *file, const char *buf, size_t len,
    const struct limits *lim, struct results *out, struct diags *);

/* A file read piece by piece, as it comes: one that holds nothing but
 * fio's JSON documents is read as reader_read would read it whole,
 * holding only the document being read; at the first sign of anything
 * else the stream stops, and the caller reads the file whole with
 * reader_read. For parse, whose files may be large. */
struct reader_stream;
struct reader_stream *reader_stream_new(const char *file,
    const struct limits *lim);
/* Where the next bytes of the file go: *room bytes, 64 KiB or more. */
char *reader_stream_room(struct reader_stream *, size_t *room);
/* Takes the n bytes just put in the room (0: the file ended); returns
 * false once the stream stopped. */
bool reader_stream_take(struct reader_stream *, size_t n);
/* After the file ended: appends what reader_read would to out and d and
 * returns true; or returns false, appending nothing, when the stream
 * stopped or the file is not fio's JSON only. */
bool reader_stream_end(struct reader_stream *, struct results *out,
    struct diags *);
void reader_stream_free(struct reader_stream *);

/* Merges each text table with the CSV line bonnie++ printed for the same
 * run (taking the CSV's precision) and drops results quoted again later,
 * in place. Call once after reading every file of one input set. */
void reader_merge(struct results *, struct diags *);

/* Moves the strings of every result into pool (see struct strpool)
 * and trims v to its size: for results kept long, after the merge. */
void results_pool(struct results *, struct strpool *);

void results_free(struct results *);

#endif
