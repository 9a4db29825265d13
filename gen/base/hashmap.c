/* The open-addressing table; see hashmap.h. It owns its slots only, not
 * what the values stand for. */
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

uint64_t
hash_bytes(const void *p, size_t len, uint64_t seed)
{
	return XXH3_64bits_withSeed(p, len, seed);
}

uint64_t
hash_string(const char *s)
{
	return hash_bytes(s, strlen(s), 0);
}

int
cmp_string_ptrs(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
hashmap_init(struct hashmap *m, size_t min_cap,
    uint64_t (*hash)(uintptr_t value, const void *ctx), const void *ctx)
{
	m->cap = 16;
	while (m->cap < min_cap)
		m->cap *= 2;
	m->slot = xcalloc(m->cap, sizeof *m->slot);
	m->n = 0;
	m->hash = hash;
	m->ctx = ctx;
}

void
hashmap_free(struct hashmap *m)
{
	free(m->slot);
	m->slot = NULL;
	m->cap = m->n = 0;
}

void
hashmap_clear(struct hashmap *m)
{
	if (m->n > 0)
		memset(m->slot, 0, m->cap * sizeof *m->slot);
	m->n = 0;
}

/* Twice the slots, every value put again at its hash's place. */
static void
hashmap_grow(struct hashmap *m)
{
	uintptr_t *old = m->slot;
	size_t n = m->cap;

	m->cap *= 2;
	m->slot = xcalloc(m->cap, sizeof *m->slot);
	for (size_t k = 0; k < n; k++) {
		size_t at;

		if (old[k] == 0)
			continue;
		for (at = hashmap_home(m, m->hash(old[k], m->ctx)); m->slot[at];
		    at = hashmap_next(m, at))
			;
		m->slot[at] = old[k];
	}
	free(old);
}

void
hashmap_put(struct hashmap *m, size_t at, uintptr_t value)
{
	m->slot[at] = value;
	if (2 * ++m->n > m->cap)
		hashmap_grow(m);
}

void
hashmap_remove(struct hashmap *m, size_t at)
{
	size_t mask = m->cap - 1;

	/* Backward shift: move up every follower that may stand here. */
	for (size_t next = hashmap_next(m, at); m->slot[next];
	    next = hashmap_next(m, next)) {
		size_t home = hashmap_home(m, m->hash(m->slot[next], m->ctx));

		if (((next - home) & mask) >= ((next - at) & mask)) {
			m->slot[at] = m->slot[next];
			at = next;
		}
	}
	m->slot[at] = 0;
	m->n--;
}
