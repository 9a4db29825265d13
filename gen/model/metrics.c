/* The metric table of a set; see metrics.h. */
#include "model/metrics.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t
key_hash(uintptr_t value, const void *ctx)
{
	const struct metric_table *t = ctx;
	const char *key = t->v[value - 1].def.key;

	return hash_string(key);
}

void
metrics_init(struct metric_table *t)
{
	memset(t, 0, sizeof *t);
	hashmap_init(&t->by_key, 64, key_hash, t);
	t->cap = M_COUNT;
	t->v = xcalloc(t->cap, sizeof *t->v);
	for (int m = 0; m < M_COUNT; m++) {
		const char *key = metric_defs[m].key;
		size_t at = hashmap_home(&t->by_key, hash_string(key));

		while (t->by_key.slot[at])
			at = hashmap_next(&t->by_key, at);
		t->v[t->n++] = (struct metric){metric_defs[m], {0}, NULL, NULL};
		hashmap_put(&t->by_key, at, t->n);
	}
}

/* The strings a fio metric owns. */
static void
metric_free(struct metric *m)
{
	if (m->def.family != FAMILY_FIO)
		return;
	free((char *)m->def.key);
	free((char *)m->def.label);
	free((char *)m->workload);
	free((char *)m->workload_label);
}

void
metrics_free(struct metric_table *t)
{
	for (size_t m = 0; m < t->n; m++)
		metric_free(&t->v[m]);
	free(t->v);
	hashmap_free(&t->by_key);
	memset(t, 0, sizeof *t);
}

/* The slot key is at, or the free one it would go in. */
static size_t
probe(const struct metric_table *t, const char *key, bool *found)
{
	size_t at = hashmap_home(&t->by_key, hash_string(key));

	for (; t->by_key.slot[at]; at = hashmap_next(&t->by_key, at))
		if (strcmp(t->v[t->by_key.slot[at] - 1].def.key, key) == 0) {
			*found = true;
			return at;
		}
	*found = false;
	return at;
}

int
metrics_find(const struct metric_table *t, const char *key)
{
	bool found;
	size_t at = probe(t, key, &found);

	return found ? (int)t->by_key.slot[at] - 1 : -1;
}

char *
fio_workload_label(const struct fio_key *k, enum label_omits omit)
{
	char bs[24], size[32] = "", sync[32], mix[24] = "", rnd[24] = "";

	if (k->rw == RW_JOB)
		return xasprintf("job %s/%s", k->job, fio_dir_names[k->dir]);
	fio_bs_text(k->bs, bs, sizeof bs);
	if (omit == LABEL_NO_DEPTH && k->numjobs > 1)
		snprintf(size, sizeof size, " \u00d7%d jobs", k->numjobs);
	else if (omit == LABEL_NO_JOBS || (omit == LABEL_ALL &&
	    k->numjobs == 1))
		snprintf(size, sizeof size, " QD%d", k->iodepth);
	else if (omit == LABEL_ALL)
		snprintf(size, sizeof size, " QD%dx%d", k->iodepth,
		    k->numjobs);
	fio_sync_label(k, sync, sizeof sync);
	if (fio_rw_reads_and_writes(k->rw) && k->mix != 50)
		snprintf(mix, sizeof mix, " %d%% reads", k->mix);
	if (fio_rw_random(k->rw) && k->random != 100)
		snprintf(rnd, sizeof rnd, " %d%% random", k->random);
	return xasprintf("%s%s%s %s%s%s%s%s%s%s%s", fio_rw_names[k->rw],
	    fio_rw_mixed(k->rw) ? "/" : "", fio_rw_mixed(k->rw) ?
	    fio_dir_names[k->dir] : "", bs, size, k->engine[0] ? " " : "",
	    k->engine, k->direct ? " direct" : "", sync, mix, rnd);
}

/* What a fio metric measures, by bit (enum metric_trait). */
static unsigned
fio_traits(const struct fio_key *k)
{
	unsigned t = MT_IO | (k->dir == FIO_READ ? MT_READ : MT_WRITE);

	if (fio_rw_random(k->rw))
		t |= MT_RANDOM;
	else if (k->rw != RW_JOB && k->bs >= 65536)
		t |= MT_BLOCK;
	return t;
}

enum metric_kind
fio_measure_kind(enum fio_measure m)
{
	return m == FM_BW ? MK_THROUGHPUT : m == FM_IOPS ? MK_RATE :
	    MK_LATENCY;
}

static struct metric
fio_metric(const char *key, const struct fio_key *k)
{
	static const char *const units[FIO_MEASURES] = {
		"KiB/s", "/s", "us", "us", "us", "us", "us", "us",
	};
	struct metric m;
	const char *dot = strrchr(key, '.');

	memset(&m, 0, sizeof m);
	m.fio = *k;
	m.workload = xstrndup(key, (size_t)(dot - key));
	m.workload_label = fio_workload_label(k, LABEL_ALL);
	m.def.key = xstrdup(key);
	m.def.label = xasprintf("%s: %s", m.workload_label,
	    fio_measure_labels[k->measure]);
	m.def.unit = units[k->measure];
	m.def.kind = fio_measure_kind(k->measure);
	m.def.higher_is_better = !fio_measure_is_latency(k->measure);
	m.def.family = FAMILY_FIO;
	m.def.traits = fio_traits(k);
	return m;
}

int
metrics_add_fio(struct metric_table *t, const char *key)
{
	struct fio_key k;
	bool found;
	size_t at = probe(t, key, &found);

	if (found)
		return (int)t->by_key.slot[at] - 1;
	if (t->n >= METRICS_MAX || !fio_key_parse(key, &k))
		return -1;
	xgrow((void **)&t->v, &t->cap, t->n + 1, sizeof *t->v);
	t->v[t->n] = fio_metric(key, &k);
	hashmap_put(&t->by_key, at, ++t->n);
	return (int)t->n - 1;
}

/* A fio metric and its index before metrics_order. */
struct placed {
	struct metric m;
	size_t old;
};

/* The fixed order of fio metrics: by workload, then direction and
 * measure. */
static int
cmp_fio(const void *x, const void *y)
{
	const struct fio_key *a = &((const struct placed *)x)->m.fio;
	const struct fio_key *b = &((const struct placed *)y)->m.fio;
	int c;

	if (a->rw != b->rw)
		return a->rw < b->rw ? -1 : 1;
	if ((c = strcmp(a->job, b->job)) != 0)
		return c;
	if (a->bs != b->bs)
		return a->bs < b->bs ? -1 : 1;
	if (a->iodepth != b->iodepth)
		return a->iodepth < b->iodepth ? -1 : 1;
	if (a->numjobs != b->numjobs)
		return a->numjobs < b->numjobs ? -1 : 1;
	if ((c = strcmp(a->engine, b->engine)) != 0)
		return c;
	if (a->direct != b->direct)
		return a->direct ? 1 : -1;
	if (a->sync != b->sync)
		return a->sync < b->sync ? -1 : 1;
	if (a->sync_every != b->sync_every)
		return a->sync_every < b->sync_every ? -1 : 1;
	if (a->mix != b->mix)
		return a->mix > b->mix ? -1 : 1;	/* the most reads first */
	if (a->random != b->random)
		return a->random > b->random ? -1 : 1;	/* all random first */
	if (a->dir != b->dir)
		return a->dir < b->dir ? -1 : 1;
	return (a->measure > b->measure) - (a->measure < b->measure);
}

void
metrics_order(struct metric_table *t, int *remap)
{
	size_t nfio = t->n - M_COUNT;
	struct placed *p;

	for (size_t m = 0; m < t->n; m++)
		remap[m] = (int)m;
	if (nfio < 2)
		return;
	p = xcalloc(nfio, sizeof *p);
	for (size_t k = 0; k < nfio; k++)
		p[k] = (struct placed){t->v[M_COUNT + k], M_COUNT + k};
	qsort(p, nfio, sizeof *p, cmp_fio);
	hashmap_free(&t->by_key);
	hashmap_init(&t->by_key, 2 * t->n, key_hash, t);
	for (size_t k = 0; k < nfio; k++) {
		t->v[M_COUNT + k] = p[k].m;
		remap[p[k].old] = (int)(M_COUNT + k);
	}
	for (size_t m = 0; m < t->n; m++) {
		bool found;
		size_t at = probe(t, t->v[m].def.key, &found);

		hashmap_put(&t->by_key, at, m + 1);
	}
	free(p);
}
