/* One open-addressing hash table for the project: the string pool of
 * the reader, the analysis's tables of meta values and of causes, the
 * keys of each of fio's JSON documents (their repeats), and more.
 * It holds values only (an index + 1, or a pointer: never 0) and knows
 * nothing of keys: the caller hashes, probes and compares, and gives a
 * function that hashes a stored value for when entries move. Linear
 * probing, at most half full; a removed entry's followers are moved
 * back, so there are no tombstones. */
#ifndef BENCHSITE_HASHMAP_H
#define BENCHSITE_HASHMAP_H

#include <stddef.h>
#include <stdint.h>

struct hashmap {
	uintptr_t *slot;	/* by slot: a value, 0 when free */
	size_t cap, n;		/* cap a power of two */
	uint64_t (*hash)(uintptr_t value, const void *ctx);
	const void *ctx;
};

/* The project's one hash of bytes for its tables (XXH3, 64 bits);
 * seed chains several fields into one hash. */
uint64_t hash_bytes(const void *p, size_t len, uint64_t seed);
/* The same of a C string's bytes, without its NUL. */
uint64_t hash_string(const char *s);
/* The project's one order of C strings held by pointer (char *), for
 * qsort and bsearch of string keys: strcmp's. */
int cmp_string_ptrs(const void *a, const void *b);

/* An empty table with room for at least min_cap slots. */
void hashmap_init(struct hashmap *, size_t min_cap,
    uint64_t (*hash)(uintptr_t value, const void *ctx), const void *ctx);
void hashmap_free(struct hashmap *);
/* Empties the table, keeping its slots: for a table filled and emptied
 * again and again (the keys of each JSON document). */
void hashmap_clear(struct hashmap *);

/* The slot a hash starts probing at, and the one after at. A probe
 * walks from hashmap_home while the slot is not 0, comparing. */
static inline size_t
hashmap_home(const struct hashmap *m, uint64_t hash)
{
	return (size_t)hash & (m->cap - 1);
}

static inline size_t
hashmap_next(const struct hashmap *m, size_t at)
{
	return (at + 1) & (m->cap - 1);
}

/* Stores value in the free slot at where a probe ended; grows the table
 * when more than half full (the slots of the values then move). */
void hashmap_put(struct hashmap *, size_t at, uintptr_t value);

/* Empties slot at, moving back the followers that may stand there. */
void hashmap_remove(struct hashmap *, size_t at);

#endif
