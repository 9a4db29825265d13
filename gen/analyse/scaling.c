/* The scaling model and targets: the single-disk reference a RAID run
 * is measured against, what its layout should give of each scaled
 * metric, the targets its meta declares, and whether each metric was
 * judged at all. Stored sparse in struct analysis; see analyse_int.h. */
#include "analyse/analyse_int.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const enum metric_id scaled_metrics[NSCALED] = {M_PUT_BLOCK, M_GET_BLOCK,
    M_SEEKS};

static bool
single_disk(const struct run *r)
{
	return r->meta.disk_count == 1 || (r->meta.disk_count < 0 &&
	    r->meta.raid == RAID_NONE);
}

/* Single-disk runs that can serve as a RAID run's reference, looked up
 * by what they share with it: tier 0 disk model and controller, 1 disk
 * model, 2 controller, 3 host. Each list is sorted by key, then run, so
 * the first match is the lowest run id. */
#define NTIERS 4

struct ref_entry {
	char *key;
	size_t run;
};

struct reference_index {
	struct ref_entry *tier[NTIERS];
	size_t n[NTIERS];
	long any;	/* the first single-disk run of all, or -1 */
};

static int
cmp_ref(const void *x, const void *y)
{
	const struct ref_entry *a = x, *b = y;
	int c = strcmp(a->key, b->key);

	return c ? c : (a->run > b->run) - (a->run < b->run);
}

/* The key of run r for tier t, or NULL when r lacks what it needs. */
static char *
tier_key(const struct run *r, int t)
{
	const char *ctl = meta_get(&r->meta, "controller");
	const char *model = r->meta.disk_model;

	switch (t) {
	case 0:
		return model && ctl ? xasprintf("%s\n%s", model, ctl) : NULL;
	case 1:
		return model ? xstrdup(model) : NULL;
	case 2:
		return ctl ? xstrdup(ctl) : NULL;
	default:
		return xstrdup(run_host(r));
	}
}

void
index_references(struct analysis *a)
{
	struct reference_index *x = xcalloc(1, sizeof *x);

	x->any = -1;
	for (size_t i = 0; i < a->set->n; i++) {
		const struct run *c = &a->set->runs[i];

		if (!single_disk(c) ||
		    analysis_sum(a, i)[M_PUT_BLOCK].state != VS_OK)
			continue;
		if (x->any < 0)
			x->any = (long)i;
		for (int t = 0; t < NTIERS; t++) {
			char *key = tier_key(c, t);

			if (key == NULL)
				continue;
			x->tier[t] = xrealloc(x->tier[t], (x->n[t] + 1) *
			    sizeof *x->tier[t]);
			x->tier[t][x->n[t]++] = (struct ref_entry){key, i};
		}
	}
	for (int t = 0; t < NTIERS; t++)
		if (x->n[t] > 1)
			qsort(x->tier[t], x->n[t], sizeof *x->tier[t], cmp_ref);
	a->refs = x;
}

/* The first entry of a sorted tier with this key, or -1. */
static long
lookup_ref(const struct reference_index *x, int t, const char *key)
{
	size_t lo = 0, hi = x->n[t];

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(x->tier[t][mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < x->n[t] && strcmp(x->tier[t][lo].key, key) == 0 ?
	    (long)x->tier[t][lo].run : -1;
}

void
free_references(struct reference_index *x)
{
	if (x == NULL)
		return;
	for (int t = 0; t < NTIERS; t++) {
		for (size_t k = 0; k < x->n[t]; k++)
			free(x->tier[t][k].key);
		free(x->tier[t]);
	}
	free(x);
}

/* The single-disk run a RAID run is measured against, and why. The
 * tiers follow how much the two have in common. */
static long
choose_reference(const struct analysis *a, size_t i, const char **why)
{
	static const char *const tiers[NTIERS + 1] = {
		("a single-disk run with the same disk model on the same "
		    "controller"),
		"a single-disk run with the same disk model",
		"a single-disk run on the same controller",
		"a single-disk run on the same host",
		"a single-disk run (none closer to it)",
	};
	const struct run *r = &a->set->runs[i];
	const char *named = meta_get(&r->meta, "baseline");
	long b;

	if (named && (b = runset_find(a->set, named)) >= 0 && (size_t)b != i) {
		*why = "named as its baseline in meta";
		return b;
	}
	for (int t = 0; t < NTIERS; t++) {
		char *key = tier_key(r, t);

		b = key ? lookup_ref(a->refs, t, key) : -1;
		free(key);
		if (b >= 0) {
			*why = tiers[t];
			return b;
		}
	}
	*why = tiers[NTIERS];
	return a->refs->any;
}

/* How many disks' worth of a metric a layout should give. */
static double
raid_factor(enum raid_level level, int n, enum metric_id id)
{
	bool write = id == M_PUT_BLOCK;

	switch (level) {
	case RAID_0:
		return n;
	case RAID_1:
		return write ? 1 : n;
	case RAID_10:
		return write ? n / 2.0 : n;
	case RAID_5:
		return n - 1;
	case RAID_6:
		return n - 2;
	case RAID_JBOD:
		return 1;
	default:
		return 0;
	}
}

/* How many disks' worth of the metric the run's layout should give
 * against reference ref, 0 where the model says nothing (a figure
 * missing on either side). */
static double
factor_of(const struct analysis *a, size_t run, long ref, enum metric_id id)
{
	const struct run_meta *m = &a->set->runs[run].meta;

	if (analysis_sum(a, (size_t)ref)[id].state != VS_OK ||
	    analysis_sum(a, run)[id].state != VS_OK)
		return 0;
	return fmax(raid_factor(m->raid, m->disk_count, id), 0);
}

/* The model's figures of one metric of run i against its reference. */
static struct scaled_metric
scale_metric(const struct analysis *a, size_t i, long ref, enum metric_id id)
{
	double factor = factor_of(a, i, ref, id);
	struct scaled_metric s = {.factor = (float)factor};

	if (factor == 0)
		return s;
	s.expected = factor * analysis_sum(a, (size_t)ref)[id].median;
	s.efficiency = s.expected != 0 ?
	    analysis_sum(a, i)[id].median / s.expected : 0;
	s.level = s.efficiency >= a->opts.weak ? EFF_FINE :
	    s.efficiency >= a->opts.shortfall ? EFF_WEAK : EFF_SHORT;
	return s;
}

/* A RAID run with a single-disk reference gets its scaling, stored
 * apart (most runs have none). */
void
scale_run(struct analysis *a, size_t i, size_t *cap)
{
	const struct run *r = &a->set->runs[i];
	struct scaling sc;

	if (r->meta.disk_count < 2 || r->meta.raid == RAID_UNKNOWN ||
	    r->meta.raid == RAID_NONE)
		return;
	sc.reference = choose_reference(a, i, &sc.why);
	if (sc.reference < 0)
		return;
	for (size_t k = 0; k < NSCALED; k++)
		sc.m[k] = scale_metric(a, i, sc.reference, scaled_metrics[k]);
	xgrow((void **)&a->scaling, cap, a->nscaling + 1, sizeof *a->scaling);
	a->scaling[a->nscaling++] = sc;
	a->runs[i].scaling = (uint32_t)a->nscaling;
}

/* The run's declared targets of metrics it has a figure of, stored
 * apart (few runs declare one). */
void
target_run(struct analysis *a, size_t i, size_t *cap)
{
	const struct run_meta *m = &a->set->runs[i].meta;
	struct run_analysis *ra = &a->runs[i];

	ra->targets = (uint32_t)a->ntargets;
	for (int id = 0; id < M_COUNT; id++) {
		const struct metric_summary *s = &analysis_sum(a, i)[id];
		struct target t = {.metric = (signed char)id};

		if (!meta_expect(m, id, &t.value) || s->state != VS_OK ||
		    t.value <= 0)
			continue;
		t.ratio = s->median / t.value;
		t.shortfall = t.ratio < 1;
		xgrow((void **)&a->targets, cap, a->ntargets + 1,
		    sizeof *a->targets);
		a->targets[a->ntargets++] = t;
		ra->ntargets++;
	}
}

/* Whether the run was judged on each metric at all, from what is
 * stored of it. */
void
judge_run(struct analysis *a, size_t i)
{
	struct run_analysis *ra = &a->runs[i];

	for (int id = 0; id < M_COUNT; id++) {
		enum verdict v = ra->change[id].verdict;

		if (analysis_scaled(a, i, id) || analysis_target(a, i, id) ||
		    v == VERDICT_SAME || v == VERDICT_REGRESSION ||
		    v == VERDICT_IMPROVEMENT)
			ra->judged |= (uint16_t)(1u << id);
	}
}
