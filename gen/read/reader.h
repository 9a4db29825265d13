/* The bonnie++ reader: bytes in, results and diagnostics out. It finds
 * every result in a file (text tables of 1.00 to 2.00a, CSV lines of every
 * format generation), repairs the damage mail and web pages do to them,
 * and merges a table with the CSV line of the same run. It renders
 * nothing. Used by the run-directory loader and by "benchsite parse". */
#ifndef BENCHSITE_READER_H
#define BENCHSITE_READER_H

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

/* Merges each text table with the CSV line bonnie++ printed for the same
 * run (taking the CSV's precision) and drops results quoted again later,
 * in place. Call once after reading every file of one input set. */
void reader_merge(struct results *, struct diags *);

/* Moves the strings of every result into pool (see struct strpool)
 * and trims v to its size: for results kept long, after the merge. */
void results_pool(struct results *, struct strpool *);

void results_free(struct results *);

#endif
