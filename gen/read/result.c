/* The bonnie++ metric table and result helpers; see result.h. */
#include "read/result.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const struct metric_def metric_defs[M_COUNT] = {
	[M_PUTC] = {"putc", "Per-char write", "KiB/s", MK_THROUGHPUT, true},
	[M_PUT_BLOCK] = {"put_block", "Block write", "KiB/s", MK_THROUGHPUT, true},
	[M_REWRITE] = {"rewrite", "Rewrite", "KiB/s", MK_THROUGHPUT, true},
	[M_GETC] = {"getc", "Per-char read", "KiB/s", MK_THROUGHPUT, true},
	[M_GET_BLOCK] = {"get_block", "Block read", "KiB/s", MK_THROUGHPUT, true},
	[M_SEEKS] = {"seeks", "Random seeks", "/s", MK_RATE, true},
	[M_SEQ_CREATE] = {"seq_create", "Sequential create", "/s", MK_RATE, true},
	[M_SEQ_STAT] = {"seq_stat", "Sequential stat", "/s", MK_RATE, true},
	[M_SEQ_DEL] = {"seq_del", "Sequential delete", "/s", MK_RATE, true},
	[M_RAN_CREATE] = {"ran_create", "Random create", "/s", MK_RATE, true},
	[M_RAN_STAT] = {"ran_stat", "Random stat", "/s", MK_RATE, true},
	[M_RAN_DEL] = {"ran_del", "Random delete", "/s", MK_RATE, true},
};

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

/* Open addressing with linear probing, at most half full; a removed
 * entry's followers are moved back, so there are no tombstones. */
struct strpool {
	struct pstr **slot;
	size_t cap, n;
};

static uint32_t
pool_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	for (size_t k = 0; k < len; k++)
		h = (h ^ (unsigned char)s[k]) * 16777619u;
	return h;
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

	p->cap = 256;
	p->slot = xcalloc(p->cap, sizeof *p->slot);
	return p;
}

void
strpool_free(struct strpool *p)
{
	if (p == NULL)
		return;
	for (size_t k = 0; k < p->cap; k++)
		free(p->slot[k]);
	free(p->slot);
	free(p);
}

static void
pool_grow(struct strpool *p)
{
	size_t cap = 2 * p->cap, mask = cap - 1;
	struct pstr **slot = xcalloc(cap, sizeof *slot);

	for (size_t k = 0; k < p->cap; k++) {
		struct pstr *e = p->slot[k];
		size_t at;

		if (e == NULL)
			continue;
		for (at = e->hash & mask; slot[at]; at = (at + 1) & mask)
			;
		slot[at] = e;
	}
	free(p->slot);
	p->slot = slot;
	p->cap = cap;
}

char *
strpool_add(struct strpool *p, const char *s, size_t len)
{
	uint32_t h = pool_hash(s, len);
	size_t mask = p->cap - 1, at;
	struct pstr *e;

	for (at = h & mask; (e = p->slot[at]) != NULL; at = (at + 1) & mask) {
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
	p->slot[at] = e;
	if (2 * ++p->n > p->cap)
		pool_grow(p);
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
	struct pstr *e;
	size_t mask = p->cap - 1, at, next;

	if (s == NULL)
		return;
	e = pstr_of(s);
	if (e->refs == UINT32_MAX || --e->refs > 0)
		return;
	for (at = e->hash & mask; p->slot[at] != e; at = (at + 1) & mask)
		;
	/* Backward shift: move up every follower that may stand here. */
	for (next = (at + 1) & mask; p->slot[next]; next = (next + 1) & mask) {
		size_t home = p->slot[next]->hash & mask;

		if (((next - home) & mask) >= ((next - at) & mask)) {
			p->slot[at] = p->slot[next];
			at = next;
		}
	}
	p->slot[at] = NULL;
	p->n--;
	free(e);
}
