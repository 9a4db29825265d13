/* The bonnie++ metric table and result helpers; see result.h. */
#include "read/result.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define B FAMILY_BONNIE
#define PUT (MT_WRITE | MT_IO | MT_BONNIE)
#define GET (MT_READ | MT_IO | MT_BONNIE)
#define FILES (MT_FILE | MT_BONNIE)
const struct metric_def metric_defs[M_COUNT] = {
	[M_PUTC] = {"putc", "Per-char write", "KiB/s", MK_THROUGHPUT, true, B,
	    PUT | MT_PER_CHAR},
	[M_PUT_BLOCK] = {"put_block", "Block write", "KiB/s", MK_THROUGHPUT,
	    true, B, PUT | MT_BLOCK},
	[M_REWRITE] = {"rewrite", "Rewrite", "KiB/s", MK_THROUGHPUT, true, B,
	    PUT | GET | MT_BLOCK},
	[M_GETC] = {"getc", "Per-char read", "KiB/s", MK_THROUGHPUT, true, B,
	    GET | MT_PER_CHAR},
	[M_GET_BLOCK] = {"get_block", "Block read", "KiB/s", MK_THROUGHPUT,
	    true, B, GET | MT_BLOCK},
	[M_SEEKS] = {"seeks", "Random seeks", "/s", MK_RATE, true, B,
	    GET | MT_RANDOM},
	[M_SEQ_CREATE] = {"seq_create", "Sequential create", "/s", MK_RATE,
	    true, B, FILES | MT_WRITE},
	[M_SEQ_STAT] = {"seq_stat", "Sequential stat", "/s", MK_RATE, true, B,
	    FILES},
	[M_SEQ_DEL] = {"seq_del", "Sequential delete", "/s", MK_RATE, true, B,
	    FILES | MT_WRITE},
	[M_RAN_CREATE] = {"ran_create", "Random create", "/s", MK_RATE, true, B,
	    FILES | MT_WRITE},
	[M_RAN_STAT] = {"ran_stat", "Random stat", "/s", MK_RATE, true, B,
	    FILES},
	[M_RAN_DEL] = {"ran_del", "Random delete", "/s", MK_RATE, true, B,
	    FILES | MT_WRITE},
};
#undef B
#undef PUT
#undef GET
#undef FILES

int
metric_by_key(const char *key)
{
	for (int i = 0; i < M_COUNT; i++)
		if (strcmp(metric_defs[i].key, key) == 0)
			return i;
	return -1;
}

void
result_init(struct result *r)
{
	memset(r, 0, sizeof *r);
	r->concurrency = -1;
	r->seekers = -1;
	for (int i = 0; i < M_COUNT; i++) {
		r->m[i].state = VS_NOT_RUN;
		r->m[i].cpu = -1;
		r->m[i].latency_us = -1;
	}
}

void
result_free(struct result *r)
{
	free(r->file);
	free(r->bonnie_version);
	free(r->csv_format);
	free(r->name);
	free(r->size);
	free(r->chunk);
	free(r->files);
	result_init(r);
}

/* ---- the string pool ---- */

/* One pooled string, its bytes after the header. */
struct pstr {
	size_t len;
	uint32_t hash;
	uint32_t refs;		/* UINT32_MAX: too many to count, kept */
	char s[];
};

/* The pooled strings by their hash (base/hashmap: each value a struct
 * pstr pointer, which keeps its own hash). */
struct strpool {
	struct hashmap map;
};

static uint64_t
pstr_hash(uintptr_t value, const void *ctx)
{
	return ((const struct pstr *)value)->hash;
}

static struct pstr *
pstr_of(char *s)
{
	return (struct pstr *)(s - offsetof(struct pstr, s));
}

struct strpool *
strpool_new(void)
{
	struct strpool *p = xcalloc(1, sizeof *p);

	hashmap_init(&p->map, 256, pstr_hash, NULL);
	return p;
}

void
strpool_free(struct strpool *p)
{
	if (p == NULL)
		return;
	for (size_t k = 0; k < p->map.cap; k++)
		free((struct pstr *)p->map.slot[k]);
	hashmap_free(&p->map);
	free(p);
}

char *
strpool_add(struct strpool *p, const char *s, size_t len)
{
	uint32_t h = (uint32_t)hash_bytes(s, len, 0);
	struct hashmap *m = &p->map;
	size_t at;
	struct pstr *e;

	for (at = hashmap_home(m, h); m->slot[at]; at = hashmap_next(m, at)) {
		e = (struct pstr *)m->slot[at];
		if (e->hash == h && e->len == len && memcmp(e->s, s, len) ==
		    0) {
			if (e->refs != UINT32_MAX)
				e->refs++;
			return e->s;
		}
	}
	e = xmalloc(sizeof *e + len + 1);
	e->len = len;
	e->hash = h;
	e->refs = 1;
	memcpy(e->s, s, len);
	e->s[len] = '\0';
	hashmap_put(m, at, (uintptr_t)e);
	return e->s;
}

char *
strpool_take(struct strpool *p, char *s)
{
	char *pooled;

	if (s == NULL)
		return NULL;
	pooled = strpool_add(p, s, strlen(s));
	free(s);
	return pooled;
}

void
strpool_release(struct strpool *p, char *s)
{
	struct hashmap *m = &p->map;
	struct pstr *e;
	size_t at;

	if (s == NULL)
		return;
	e = pstr_of(s);
	if (e->refs == UINT32_MAX || --e->refs > 0)
		return;
	for (at = hashmap_home(m, e->hash); m->slot[at] != (uintptr_t)e;
	    at = hashmap_next(m, at))
		;
	hashmap_remove(m, at);
	free(e);
}
