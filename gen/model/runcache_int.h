/* Reading the loader's cache's records: for runcache.c and its reader
 * ahead (runcache_ahead.c). Not for anything else. */
#ifndef BENCHSITE_RUNCACHE_INT_H
#define BENCHSITE_RUNCACHE_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "model/runcache.h"

#define NULL_STR	UINT32_MAX	/* the length of a NULL string */
#define MAX_RECORD	((uint32_t)1 << 28)
#define FILE_STAMP_MIN	(4 + 7 * 8)	/* a file's stamp in an entry */

struct rd {
	const unsigned char *p, *end;
	bool bad;
};

static inline const void *
get_bytes(struct rd *r, size_t n)
{
	const void *at = r->p;

	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		return NULL;
	}
	r->p += n;
	return at;
}

/* n bytes into v; zeros when the record is damaged. Inline: a fixed n
 * then makes a load of each field (about 70 a run, 100 000 runs). */
static inline void
get_into(struct rd *r, void *v, size_t n)
{
	const void *p = get_bytes(r, n);

	if (p)
		memcpy(v, p, n);
	else
		memset(v, 0, n);
}

static inline uint64_t
get_u64(struct rd *r)
{
	uint64_t v;

	get_into(r, &v, sizeof v);
	return v;
}

static inline uint32_t
get_u32(struct rd *r)
{
	uint32_t v;

	get_into(r, &v, sizeof v);
	return v;
}

static inline unsigned
get_u8(struct rd *r)
{
	unsigned char v;

	get_into(r, &v, sizeof v);
	return v;
}

static inline int64_t
get_i64(struct rd *r)
{
	return (int64_t)get_u64(r);
}

/* A count the model keeps as an int, -1 for unknown; anything else is
 * a damaged cache. */
static inline int
get_small_int(struct rd *r)
{
	int64_t v = get_i64(r);

	if (v < -1 || v > INT32_MAX) {
		r->bad = true;
		return -1;
	}
	return (int)v;
}

static inline double
get_f64(struct rd *r)
{
	double v;

	get_into(r, &v, sizeof v);
	return v;
}

/* A string: its bytes (not NUL-terminated) and length; NULL for a NULL
 * one or a damaged record (then r->bad). */
static inline const char *
get_mem(struct rd *r, size_t *len)
{
	uint32_t n = get_u32(r);

	*len = 0;
	if (n == NULL_STR || r->bad)
		return NULL;
	*len = n;
	return get_bytes(r, n);
}

/* A count of items of at least min_size bytes each: more than the
 * record can hold is damage. */
static inline size_t
get_count(struct rd *r, size_t min_size)
{
	uint32_t n = get_u32(r);

	if ((size_t)(r->end - r->p) / min_size < n)
		r->bad = true;
	return r->bad ? 0 : n;
}

static inline bool
same_stamp(const struct stamp *a, const struct stamp *b)
{
	return a->size == b->size && a->ino == b->ino && a->dev == b->dev &&
	    a->mtime_s == b->mtime_s && a->mtime_ns == b->mtime_ns &&
	    a->ctime_s == b->ctime_s && a->ctime_ns == b->ctime_ns;
}

/* A file's name in an entry: a plain one, as listing a directory gives
 * (else the entry is damaged). */
static inline bool
plain_name(const char *name, size_t len)
{
	return name != NULL && len > 0 && name[0] != '.' &&
	    memchr(name, '/', len) == NULL && memchr(name, '\0', len) == NULL;
}

/* A stamp's fields, as an entry holds a file's after its name. */
static inline void
get_stamp_fields(struct rd *r, struct stamp *s)
{
	s->size = get_u64(r);
	s->ino = get_u64(r);
	s->dev = get_u64(r);
	s->mtime_s = get_i64(r);
	s->mtime_ns = get_i64(r);
	s->ctime_s = get_i64(r);
	s->ctime_ns = get_i64(r);
}

/* A run directory's own stamp (runcache.c's put_dir_stamp): false when
 * the entry has none to trust. */
static inline bool
get_dir_stamp(struct rd *r, struct stamp *s)
{
	bool has = get_u8(r) != 0;

	s->name = NULL;
	get_stamp_fields(r, s);
	return has && !r->bad;
}


/* Reads the old cache's files ahead of the walk, in a thread: for each
 * entry (from the header's end of the file open at fd, in order) the
 * stamps of its directory and files below root, when the directory
 * still has the stamp the entry holds. NULL when no thread can run. */
struct ahead;
struct ahead *ahead_start(int fd, size_t from, const char *root);
/* The stamps of entry number i (0 the first after the header), whose key
 * is key: the directory's into *dir and the files' (with their names,
 * the caller's) as the result, n of them; NULL when they were not
 * taken (its directory changed, a file is gone). Waits for them. */
struct stamp *ahead_take(struct ahead *, size_t i, const char *key,
    size_t keylen, struct stamp *dir, size_t *n);
void ahead_stop(struct ahead *);

#endif
