/* A sorted set of names held front-coded: each name keeps only what
 * differs from the one before it. For the manifests of sites (publish.c):
 * at 100 000 runs one lists 720 000 paths, 29 MB as lines and 9 MB
 * coded, held through a whole build. Read-only once built, so any number
 * of threads may look names up at once. */
#ifndef BENCHSITE_SORTEDNAMES_H
#define BENCHSITE_SORTEDNAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

/* The longest name a set holds: longer is no path a file can have. */
#define SORTED_NAMES_MAX 4096

struct sorted_names {
	struct buf coded;	/* each name: its shared length, then the rest
				   with its NUL */
	size_t *blocks;		/* where every SORTED_NAMES_BLOCK-th name starts
				   (it shares nothing) */
	size_t nblocks, capblocks;
	size_t n;		/* names */
	struct buf last;	/* the last name added, whole */
};

/* Adds name, which must sort (strcmp) after every name in s: returns
 * false and adds nothing when it does not, or is longer than
 * SORTED_NAMES_MAX. */
bool sorted_names_add(struct sorted_names *, const char *name);
bool sorted_names_has(const struct sorted_names *, const char *name);

/* The names in order: *at is 0 at first; each call puts the next name in
 * out (SORTED_NAMES_MAX + 1 bytes, holding the name before between calls, as
 * only what differs from it is kept) and returns it, or NULL after the
 * last. */
const char *sorted_names_next(const struct sorted_names *, size_t *at, char *out);

/* Gives back the room the coding grew into (up to twice its size), once
 * every name is added (one added after it makes it grow again). */
void sorted_names_trim(struct sorted_names *);

void sorted_names_free(struct sorted_names *);

#endif
