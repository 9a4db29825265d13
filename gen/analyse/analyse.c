/* The analysis; see analyse.h. Series and comparisons first, then the
 * scaling model and targets, then the findings in words. */
#include "analyse/analyse.h"
#include "model/display.h"
#include "analyse/rank.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const verdict_names[] = {
	[VERDICT_NONE] = "none", [VERDICT_SAME] = "same",
	[VERDICT_REGRESSION] = "regression",
	[VERDICT_IMPROVEMENT] = "improvement",
	[VERDICT_INSUFFICIENT] = "insufficient data",
};
const char *const rule_names[] = {
	[RULE_NONE] = "none", [RULE_RANK_TEST] = "rank test",
	[RULE_NOISE_FENCE] = "noise fence", [RULE_THRESHOLD] = "threshold",
};
const char *const efficiency_names[] = {
	[EFF_NONE] = "none", [EFF_FINE] = "fine", [EFF_WEAK] = "weak",
	[EFF_SHORT] = "shortfall",
};
const char *const finding_names[] = {
	[FIND_REGRESSION] = "regression", [FIND_SHORTFALL] = "shortfall",
	[FIND_TARGET] = "below target", [FIND_WEAK] = "weak scaling",
	[FIND_PATTERN] = "pattern", [FIND_WARNING] = "warning",
	[FIND_IMPROVEMENT] = "improvement",
};

/* Keys that describe the set-up: what may explain a difference. */
static const char *const setup_keys[] = {
	"host", "controller", "chipset", "bus", "driver", "firmware",
	"disks", "raid", "chunk", "filesystem", "mount-options", "kernel",
	"os", "scheduler", "readahead", "queue-depth", "write-cache", "cpu",
	"memory", "motherboard", "bonnie-options",
};
#define NSETUP (sizeof setup_keys / sizeof *setup_keys)

/* The three figures the RAID scaling model speaks about. */
static const enum metric_id scaled[] = {M_PUT_BLOCK, M_GET_BLOCK, M_SEEKS};

void
analyse_default_opts(struct analyse_opts *o)
{
	o->threshold = 0.05;
	o->alpha = 0.05;
	o->weak = 0.80;
	o->shortfall = 0.50;
	o->baseline = NULL;
}

static const char *
meta_or_empty(const struct run *r, const char *key)
{
	const char *v = meta_get(&r->meta, key);

	return v ? v : "";
}


static char *
series_of(const struct run *r)
{
	const char *s = meta_get(&r->meta, "series");

	if (s && *s)
		return xstrdup(s);
	return xasprintf("%s|%s|%s|%s|%s", run_host(r),
	    meta_or_empty(r, "controller"), meta_or_empty(r, "disks"),
	    meta_or_empty(r, "raid"), meta_or_empty(r, "filesystem"));
}

/* Same RAID level and disk count (both unknown counts as the same): a
 * change of layout is the scaling model's business, not a regression. */
static bool
same_layout(const struct run *a, const struct run *b)
{
	return a->meta.raid == b->meta.raid &&
	    a->meta.disk_count == b->meta.disk_count;
}

static bool
same_series(const struct analysis *a, size_t x, size_t y)
{
	/* Pooled: the same name is the same pointer. */
	return a->runs[x].series == a->runs[y].series ||
	    strcmp(a->runs[x].series, a->runs[y].series) == 0;
}

/* The run just before i in its series with the same layout, or -1. */
static long
previous_in_series(const struct analysis *a, size_t i)
{
	for (size_t p = a->pos[i]; p > 0 && same_series(a, a->order[p - 1],
	    i); p--)
		if (same_layout(&a->set->runs[a->order[p - 1]],
		    &a->set->runs[i]))
			return (long)a->order[p - 1];
	return -1;
}

/* What orders a series: its name, then the run's date, then its id. */
struct series_key {
	const char *series, *date, *id;
	size_t run;
};

static int
cmp_series_key(const void *x, const void *y)
{
	const struct series_key *a = x, *b = y;
	int c = strcmp(a->series, b->series);

	if (c == 0)
		c = strcmp(a->date, b->date);
	return c ? c : strcmp(a->id, b->id);
}

/* Every run in series order (series, date, id), and each one's place. */
static void
order_series(struct analysis *a)
{
	size_t n = a->set->n;
	struct series_key *k = xcalloc(n ? n : 1, sizeof *k);

	for (size_t i = 0; i < n; i++)
		k[i] = (struct series_key){a->runs[i].series,
		    meta_or_empty(&a->set->runs[i], "date"), a->set->runs[i].id,
		    i};
	qsort(k, n, sizeof *k, cmp_series_key);
	a->order = xcalloc(n ? n : 1, sizeof *a->order);
	a->pos = xcalloc(n ? n : 1, sizeof *a->pos);
	for (size_t p = 0; p < n; p++) {
		a->order[p] = k[p].run;
		a->pos[k[p].run] = p;
	}
	free(k);
}

static void
choose_base(struct analysis *a, size_t i, long forced)
{
	struct run_analysis *ra = &a->runs[i];
	const char *named = meta_get(&a->set->runs[i].meta, "baseline");
	long b;

	ra->base = -1;
	if (forced >= 0 && (size_t)forced != i) {
		ra->base = forced;
		ra->base_why = "the baseline given on the command line";
	} else if (named && (b = runset_find(a->set, named)) >= 0 &&
	    (size_t)b != i && same_layout(&a->set->runs[b], &a->set->runs[i])) {
		ra->base = b;
		ra->base_why = "its baseline (meta)";
	} else if ((b = previous_in_series(a, i)) >= 0) {
		ra->base = b;
		ra->base_why = "the run before it in its series";
		ra->base_in_series = true;
	}
}

/* The figures of one metric over a run's samples (the model keeps
 * them for a run long enough for the rank test); of a shorter run only
 * their count is asked for. */
static size_t
figures(const struct run *r, const struct metric_summary *sum,
    enum metric_id id, double *out)
{
	size_t n;

	if (r->figures == NULL)
		return (size_t)sum[id].n;
	n = r->figures->at[id + 1] - r->figures->at[id];
	memcpy(out, r->figures->v + r->figures->at[id], n * sizeof *out);
	return n;
}

/* How many earlier changes of a series make its noise estimate: the
 * recent past, so a long history costs no more than a short one. */
#define HISTORY_WINDOW 30
_Static_assert(HISTORY_WINDOW <= UCHAR_MAX, "change.history holds it");

/* The relative changes of each metric between consecutive runs of the
 * series walked so far, the latest HISTORY_WINDOW of them: the noise
 * seen before the next run. Kept as the runs are walked in series
 * order, so that a run's history costs no walk back through its series
 * (which, for a metric the series never measures, would go back to its
 * start). */
struct history {
	double v[M_COUNT][HISTORY_WINDOW];	/* rings, oldest at next */
	double sorted[M_COUNT][HISTORY_WINDOW];	/* the same, ascending */
	size_t n[M_COUNT], next[M_COUNT];
};

/* Takes value out of the ascending v[0..n) (where it is). */
static void
sorted_remove(double *v, size_t n, double value)
{
	size_t k = 0;

	while (k < n && v[k] != value)
		k++;
	if (k < n)
		memmove(v + k, v + k + 1, (n - k - 1) * sizeof *v);
}

/* Puts value into the ascending v[0..n), which has room for it. */
static void
sorted_insert(double *v, size_t n, double value)
{
	size_t k = n;

	for (; k > 0 && v[k - 1] > value; k--)
		v[k] = v[k - 1];
	v[k] = value;
}

/* Adds run k's changes against its base, when that is the run before it
 * in its series. */
static void
history_add(struct history *h, const struct analysis *a, size_t k)
{
	long prev = a->runs[k].base;

	if (!a->runs[k].base_in_series)
		return;
	for (int id = 0; id < M_COUNT; id++) {
		const struct metric_summary *x = &analysis_sum(a, k)[id];
		const struct metric_summary *y = &analysis_sum(a, prev)[id];

		double change;

		if (x->state != VS_OK || y->state != VS_OK || y->median <= 0)
			continue;
		change = fabs(x->median / y->median - 1);
		if (h->n[id] == HISTORY_WINDOW)
			sorted_remove(h->sorted[id], h->n[id]--,
			    h->v[id][h->next[id]]);
		sorted_insert(h->sorted[id], h->n[id]++, change);
		h->v[id][h->next[id]] = change;
		h->next[id] = (h->next[id] + 1) % HISTORY_WINDOW;
	}
}

/* The history of metric id into out, ascending (so that the fence's
 * sort has nothing to do); returns its length. */
static size_t
history_get(const struct history *h, int id, double *out)
{
	memcpy(out, h->sorted[id], h->n[id] * sizeof *out);
	return h->n[id];
}

/* A change beyond limit counts, in the direction it went: every
 * bonnie++ figure is better higher. */
static void
judge_by_size(struct change *c, double rel, double limit)
{
	if (fabs(rel) <= limit)
		c->verdict = VERDICT_SAME;
	else
		c->verdict = rel < 0 ? VERDICT_REGRESSION :
		    VERDICT_IMPROVEMENT;
}

/* The relative range of a run's samples: its own noise. */
static double
spread(const struct metric_summary *m)
{
	return m->n > 1 && m->median > 0 ? (m->max - m->min) / m->median : 0;
}

static void
compare_metric(struct analysis *a, size_t i, enum metric_id id,
    const struct history *h)
{
	const struct run *r = &a->set->runs[i];
	const struct run *b = &a->set->runs[a->runs[i].base];
	const struct metric_summary *s = &analysis_sum(a, i)[id];
	const struct metric_summary *t = &analysis_sum(a, a->runs[i].base)[id];
	struct change *c = &a->runs[i].change[id];
	size_t cap = r->nsamples + b->nsamples + HISTORY_WINDOW + 1;
	double bx[64], by[64];	/* most runs: no allocation */
	double *x = cap <= 64 ? bx : xcalloc(cap, sizeof *x);
	double *y = cap <= 64 ? by : xcalloc(cap, sizeof *y);
	size_t nx = figures(r, analysis_sum(a, i), id, x);
	size_t ny = figures(b, analysis_sum(a, a->runs[i].base), id, y), nh;
	double rel;

	c->p = c->fence = -1;
	if (s->state == VS_NOT_RUN && t->state == VS_NOT_RUN)
		goto done;
	if (nx == 0 || ny == 0 || t->median <= 0) {
		c->verdict = VERDICT_INSUFFICIENT;
		goto done;
	}
	rel = s->median / t->median - 1;
	nh = history_get(h, id, x);
	if (nh >= 3) {
		c->history = (unsigned char)nh;
		c->fence = rank_noise_fence(x, nh);
	}
	if (nx >= RANK_MIN_SAMPLES && ny >= RANK_MIN_SAMPLES &&
	    rank_test_min_p(nx, ny) <= a->opts.alpha) {
		/* Significant, and larger than the minimum change and the
		 * series' usual noise: twelve figures tested at 5% each would
		 * cry wolf on noise alone. */
		nx = figures(r, analysis_sum(a, i), id, x);
		c->rule = RULE_RANK_TEST;
		c->p = rank_test_p(x, nx, y, ny);
		if (c->p > a->opts.alpha)
			c->verdict = VERDICT_SAME;
		else
			judge_by_size(c, rel, fmax(c->fence, a->opts.threshold));
		goto done;
	}
	c->rank_too_small = nx >= RANK_MIN_SAMPLES && ny >= RANK_MIN_SAMPLES;
	if (nh >= 3) {
		c->rule = RULE_NOISE_FENCE;
		judge_by_size(c, rel, fmax(c->fence, a->opts.threshold));
	} else {
		/* No history: the minimum change, or the spread of the runs'
		 * own samples when that is wider. */
		c->rule = RULE_THRESHOLD;
		c->history = (unsigned char)nh;
		c->fence = fmax(spread(s), spread(t));
		judge_by_size(c, rel, fmax(c->fence, a->opts.threshold));
	}
done:
	if (x != bx)
		free(x);
	if (y != by)
		free(y);
}

/* Compares every run with its base, walking the runs in series order
 * with the history of each series. */
static void
compare_all(struct analysis *a)
{
	struct history *h = xcalloc(1, sizeof *h);

	for (size_t p = 0; p < a->set->n; p++) {
		size_t i = a->order[p];

		if (p > 0 && !same_series(a, a->order[p - 1], i))
			memset(h, 0, sizeof *h);	/* a new series */
		for (int id = 0; a->runs[i].base >= 0 && id < M_COUNT; id++)
			compare_metric(a, i, id, h);
		history_add(h, a, i);
	}
	free(h);
}

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

static void
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

static void
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
	struct scaled_metric s = {.factor = factor_of(a, i, ref, id)};

	if (s.factor == 0)
		return s;
	s.expected = s.factor * analysis_sum(a, (size_t)ref)[id].median;
	s.efficiency = s.expected != 0 ?
	    analysis_sum(a, i)[id].median / s.expected : 0;
	s.level = s.efficiency >= a->opts.weak ? EFF_FINE :
	    s.efficiency >= a->opts.shortfall ? EFF_WEAK : EFF_SHORT;
	return s;
}

/* A RAID run with a single-disk reference gets its scaling, stored
 * apart (most runs have none). */
static void
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
		sc.m[k] = scale_metric(a, i, sc.reference, scaled[k]);
	xgrow((void **)&a->scaling, cap, a->nscaling + 1, sizeof *a->scaling);
	a->scaling[a->nscaling++] = sc;
	a->runs[i].scaling = (uint32_t)a->nscaling;
}

/* The run's declared targets of metrics it has a figure of, stored
 * apart (few runs declare one). */
static void
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
static void
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

/* ---- findings in words ---- */

static struct finding *
add_finding(struct analysis *a, enum finding_kind kind, long run, int metric,
    char *text)
{
	struct finding *f;

	xgrow((void **)&a->f, &a->capf, a->nf + 1, sizeof *a->f);
	f = &a->f[a->nf++];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->run = run;
	f->metric = metric;
	f->text = strpool_take(a->pool, text);
	a->count[kind]++;
	return f;
}

/* "12.3 MiB/s" for a stored figure. */
static void
shown(enum metric_id id, double stored, char *buf)
{
	char num[32];

	display_format(id, display_value(id, stored), num);
	snprintf(buf, 48, "%s %s", num, display_unit(id));
}

static bool
is_layout_key(const char *key)
{
	return strcmp(key, "disks") == 0 || strcmp(key, "raid") == 0 ||
	    strcmp(key, "chunk") == 0;
}

/* Copies s to out + o (room known); returns the new end. */
static size_t
append(char *out, size_t o, const char *s)
{
	size_t n = strlen(s);

	memcpy(out + o, s, n);
	return o + n;
}

/* "controller: A -> B; scheduler: cfq -> anticipatory", or NULL; counts
 * the differing keys, the layout keys (disks, raid, chunk) apart. */
static char *
differences(const struct run *r, const struct run *b, int *count,
    int *layout)
{
	const char *x[NSETUP], *y[NSETUP];
	size_t len = 0, o = 0;
	char *out;

	*count = *layout = 0;
	for (size_t k = 0; k < NSETUP; k++) {
		x[k] = meta_get(&b->meta, setup_keys[k]);
		y[k] = meta_get(&r->meta, setup_keys[k]);
		if ((x[k] == NULL && y[k] == NULL) || (x[k] && y[k] &&
		    strcmp(x[k], y[k]) == 0)) {
			x[k] = y[k] = setup_keys[k];	/* the same */
			continue;
		}
		if (x[k] == NULL)
			x[k] = "(not given)";
		if (y[k] == NULL)
			y[k] = "(not given)";
		len += strlen(setup_keys[k]) + strlen(x[k]) + strlen(y[k]) +
		    sizeof "; : \u2192 ";
		if (is_layout_key(setup_keys[k]))
			(*layout)++;
		else
			(*count)++;
	}
	if (len == 0)
		return NULL;
	/* "key: x -> y; key: x -> y", written once into its size. */
	out = xmalloc(len + 1);
	for (size_t k = 0; k < NSETUP; k++) {
		if (x[k] == setup_keys[k])
			continue;
		if (o > 0)
			o = append(out, o, "; ");
		o = append(out, o, setup_keys[k]);
		o = append(out, o, ": ");
		o = append(out, o, x[k]);
		o = append(out, o, " \u2192 ");
		o = append(out, o, y[k]);
	}
	out[o] = '\0';
	return out;
}

static bool
new_per_char(const struct bonnie_params *x)
{
	const char *v = x->version ? x->version : x->csv_format;

	return v && strcmp(v, "1.0x") != 0 && strncmp(v, "1.9", 3) >= 0;
}

/* Why two runs do not compare like for like, or NULL: bonnie++
 * parameters, per-char tests of different generations or bound by the
 * CPU, or more than one setting changed at once. */
static char *
caveat(const struct analysis *a, size_t i, size_t o, int ndiff, int metric)
{
	const struct run *r = &a->set->runs[i], *b = &a->set->runs[o];
	const struct bonnie_params *x = &r->params, *y = &b->params;
	char *out = NULL, *next;
	const char *why[5];
	int n = 0;

	if ((metric == M_PUTC || metric == M_GETC) &&
	    (analysis_sum(a, i)[metric].cpu >= 95 ||
	    analysis_sum(a, o)[metric].cpu >= 95))
		why[n++] = "per-char tests at 95% CPU or more measure the "
		    "processor";

	if ((x->size && y->size && strcmp(x->size, y->size) != 0))
		why[n++] = "file sizes differ";
	if (x->files && y->files && strcmp(x->files, y->files) != 0)
		why[n++] = "file-test parameters differ";
	if ((metric == M_PUTC || metric == M_GETC || metric < 0) &&
	    new_per_char(x) != new_per_char(y))
		why[n++] = "bonnie++ 1.0x and 1.9x+ per-char tests measure "
		    "different things";
	if (ndiff > 1)
		why[n++] = "more than one setting differs";
	for (int k = 0; k < n; k++) {
		next = xasprintf("%s%s%s", out ? out : "", out ? "; " : "",
		    why[k]);
		free(out);
		out = next;
	}
	return out;
}

/* What differs between a run and the one it is measured against: the
 * same for all of the run's findings against it, so worked out once. */
struct diff {
	long other;		/* -1: not worked out yet */
	char *text;		/* pooled, or NULL */
	int ndiff, nlayout;
};

/* What differs between run i and the run it was measured against (d
 * keeps it for the next finding); for the scaling model the layout is
 * what is under study, so only other keys make it less than like for
 * like. */
static void
explain(struct analysis *a, struct finding *f, size_t i, long other,
    bool scaling, struct diff *d)
{
	if (other < 0)
		return;
	if (d->other != other) {
		d->other = other;
		d->text = strpool_take(a->pool, differences(&a->set->runs[i],
		    &a->set->runs[other], &d->ndiff, &d->nlayout));
		f->explain = d->text;
	} else if (d->text) {
		f->explain = strpool_add(a->pool, d->text, strlen(d->text));
	}
	f->caveat = strpool_take(a->pool, caveat(a, i, (size_t)other,
	    scaling ? d->ndiff : d->ndiff + d->nlayout, f->metric));
}

static void
acknowledge(struct analysis *a, struct finding *f, size_t i)
{
	char key[64];
	const char *ack;

	snprintf(key, sizeof key, "ack.%s", metric_defs[f->metric].key);
	if ((ack = meta_get(&a->set->runs[i].meta, key)) != NULL)
		f->ack = strpool_add(a->pool, ack, strlen(ack));
	f->gated = true;
	a->flag[i * M_COUNT + (size_t)f->metric] = 1;
	if (f->ack == NULL)
		a->failing++;
}

static void
change_findings(struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];
	char was[48], now[48], *how;
	struct diff d = {.other = -1};

	for (int id = 0; id < M_COUNT; id++) {
		const struct change *c = &ra->change[id];
		struct change_figures cf;
		struct finding *f;

		if (c->verdict != VERDICT_REGRESSION &&
		    c->verdict != VERDICT_IMPROVEMENT)
			continue;
		cf = analysis_change(a, i, id);
		shown(id, cf.base_median, was);
		shown(id, cf.median, now);
		how = c->rule == RULE_RANK_TEST ?
		    xasprintf("rank test p = %.3f, %d vs %d samples", c->p,
		    cf.n, cf.n_base) : c->rule == RULE_NOISE_FENCE ?
		    xasprintf("beyond the series' noise of %.1f%% seen over %d "
		    "earlier changes, %d vs %d samples", 100 * c->fence,
		    c->history, cf.n, cf.n_base) :
		    xasprintf("change over %.0f%%%s, %d vs %d samples; no "
		    "history of the series to estimate its noise",
		    100 * fmax(c->fence, a->opts.threshold),
		    c->fence > a->opts.threshold ? " (the samples' own spread)" :
		    "", cf.n, cf.n_base);
		f = add_finding(a, c->verdict == VERDICT_REGRESSION ?
		    FIND_REGRESSION : FIND_IMPROVEMENT, (long)i, id,
		    xasprintf("%s %s %.1f%% (%s \u2192 %s) against %s, %s [%s].",
		    metric_defs[id].label, cf.rel < 0 ? "fell" : "rose",
		    100 * fabs(cf.rel), was, now,
		    a->set->runs[ra->base].id, ra->base_why, how));
		free(how);
		f->sort = c->verdict == VERDICT_REGRESSION ? cf.rel : -cf.rel;
		explain(a, f, i, ra->base, false, &d);
		/* Only a comparison that can be defended fails the gate. */
		if (c->verdict == VERDICT_REGRESSION && f->caveat == NULL)
			acknowledge(a, f, i);
	}
}

static void
scaling_findings(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	const struct scaling *sc = analysis_scaling(a, i);
	struct diff d = {.other = -1};

	for (size_t k = 0; sc && k < NSCALED; k++) {
		enum metric_id id = scaled[k];
		const struct scaled_metric *x = &sc->m[k];
		char now[48], exp[48], ref[48];
		struct finding *f;

		if (x->level != EFF_SHORT && x->level != EFF_WEAK)
			continue;
		shown(id, analysis_sum(a, i)[id].median, now);
		shown(id, x->expected, exp);
		shown(id, analysis_sum(a, sc->reference)[id].median, ref);
		f = add_finding(a, x->level == EFF_SHORT ? FIND_SHORTFALL :
		    FIND_WEAK, (long)i, id, xasprintf("%s %s is %.0f%% of the "
		    "%s a %d-disk %s should give (%g \u00d7 %s of %s, %s).",
		    metric_defs[id].label, now, 100 * x->efficiency, exp,
		    r->meta.disk_count, raid_level_names[r->meta.raid],
		    x->factor, ref, a->set->runs[sc->reference].id,
		    sc->why));
		f->sort = x->efficiency;	/* the worst first */
		explain(a, f, i, sc->reference, true, &d);
		if (x->level == EFF_SHORT)
			acknowledge(a, f, i);
	}
}

static void
target_findings(struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];

	for (size_t k = 0; k < ra->ntargets; k++) {
		const struct target *t = &a->targets[ra->targets + k];
		enum metric_id id = (enum metric_id)t->metric;
		char now[48], want[48], key[64];
		struct finding *f;

		if (!t->shortfall)
			continue;
		snprintf(key, sizeof key, "expect.%s", metric_defs[id].key);
		shown(id, analysis_sum(a, i)[id].median, now);
		shown(id, t->value, want);
		f = add_finding(a, FIND_TARGET, (long)i, id, xasprintf("%s %s "
		    "is %.0f%% of its expected %s (%s).", metric_defs[id].label,
		    now, 100 * t->ratio, meta_get(&a->set->runs[i].meta, key),
		    want));
		f->sort = t->ratio;
		acknowledge(a, f, i);
	}
}

/* Mebibytes in a memory or size text: "4GB", "23.5 GiB", "5192M". */
static double
mebibytes(const char *s)
{
	char *end;
	double v;

	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	v = strtod(s, &end);
	while (*end == ' ')
		end++;
	switch (toupper((unsigned char)*end)) {
	case 'T':
		return v * 1024 * 1024;
	case 'G':
		return v * 1024;
	case 'M':
		return v;
	case 'K':
		return v / 1024;
	default:
		return -1;
	}
}

/* Appends a sentence to the run's warnings. */
static void
warn(char **all, char *sentence)
{
	char *next = xasprintf("%s%s%s", *all ? *all : "", *all ? " " : "",
	    sentence);

	free(*all);
	free(sentence);
	*all = next;
}

/* One warning per run, of every reason to read its figures with care. */
static void
validity_warnings(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	const struct metric_summary *sum = analysis_sum(a, i);
	const struct bonnie_params *x = &r->params;
	double mem = mebibytes(meta_get(&r->meta, "memory"));
	double size = mebibytes(x->size);
	int fast = 0, unknown = 0;
	char *all = NULL;

	if (mem > 0 && size > 0 && size < 2 * mem)
		warn(&all, xasprintf("The file size %s is less than twice the "
		    "memory (%s): the figures may come from the cache.",
		    x->size, meta_get(&r->meta, "memory")));
	for (size_t k = 0; k < 2; k++) {
		enum metric_id id = k == 0 ? M_PUTC : M_GETC;

		if (sum[id].state == VS_OK && sum[id].cpu >= 95)
			warn(&all, xasprintf("%s ran at %d%% CPU: it measured "
			    "the processor, not the disk.",
			    metric_defs[id].label, sum[id].cpu));
	}
	for (int id = 0; id < M_COUNT; id++) {
		fast += sum[id].n_too_fast > 0;
		unknown += sum[id].state == VS_INVALID;
	}
	if (fast)
		warn(&all, xasprintf("%d test%s finished too fast to measure "
		    "(+++++): raise -s or -n to time them.", fast, fast > 1 ?
		    "s" : ""));
	if (unknown)
		warn(&all, xasprintf("%d figure%s unknown: bonnie++ 1.98+ "
		    "prints wrong file-creation rates in its table and no CSV "
		    "line was found.", unknown, unknown > 1 ? "s are" : " is"));
	if (r->nsamples == 1)
		warn(&all, xstrdup("A single sample: there is no estimate of "
		    "its noise."));
	if (all)
		add_finding(a, FIND_WARNING, (long)i, -1, all);
}

/* ---- patterns across runs ---- */

static const char *const cause_keys[] = {
	"controller", "chipset", "bus", "driver", "firmware", "disks", "raid",
	"chunk", "filesystem", "mount-options", "kernel", "os", "scheduler",
	"readahead", "queue-depth", "write-cache", "motherboard", "cpu",
	"memory", "bonnie-options", "host",
};
#define NCAUSE_KEYS (sizeof cause_keys / sizeof *cause_keys)

/* FNV-1a over len bytes, for the small hash tables of this file. */
static uint64_t
hash_bytes(const void *p, size_t len, uint64_t h)
{
	const unsigned char *s = p;

	for (size_t k = 0; k < len; k++)
		h = (h ^ s[k]) * 1099511628211u;
	return h;
}

#define HASH_SEED 14695981039346656037u

/* Distinct strings numbered in the order they are first met: a table
 * of their numbers + 1, the strings themselves in names[number]. */
struct idmap {
	struct hashmap map;
	const char **names;
};

static uint64_t
idmap_hash(uintptr_t value, const void *ctx)
{
	const char *const *names = ctx;
	const char *s = names[value - 1];

	return hash_bytes(s, strlen(s), HASH_SEED);
}

/* The number of s, new ones numbered from 0 up (and kept in names). */
static uint32_t
idmap_get(struct idmap *m, const char *s)
{
	struct hashmap *h = &m->map;
	size_t at = hashmap_home(h, hash_bytes(s, strlen(s), HASH_SEED));
	uint32_t id;

	for (; h->slot[at]; at = hashmap_next(h, at)) {
		const char *x = m->names[h->slot[at] - 1];

		if (x == s || strcmp(x, s) == 0)
			return (uint32_t)(h->slot[at] - 1);
	}
	id = (uint32_t)h->n;
	m->names[id] = s;
	hashmap_put(h, at, (uintptr_t)id + 1);
	return id;
}

struct cause {
	char *runs;	/* the failing runs, "3,5," */
	char *first;	/* 'controller "X"' */
	char *also;	/* other keys the same runs share, or NULL */
	size_t n;
	uint64_t hash;	/* of runs */
};

/* The causes found for one metric, in the order found, and a table of
 * them by their runs (cause index + 1), so that the same runs are found
 * at once. */
struct causes {
	struct cause *v;
	size_t n, cap;
	struct hashmap map;
};

static uint64_t
cause_hash(uintptr_t value, const void *ctx)
{
	const struct causes *c = ctx;

	return c->v[value - 1].hash;
}

static void
add_cause(struct causes *c, char *runs, size_t count, const char *key,
    const char *value)
{
	char *name = xasprintf("%s \u201c%s\u201d", key, value), *next;
	uint64_t h = hash_bytes(runs, strlen(runs), HASH_SEED);
	struct hashmap *m = &c->map;
	size_t at;

	for (at = hashmap_home(m, h); m->slot[at]; at = hashmap_next(m, at)) {
		struct cause *x = &c->v[m->slot[at] - 1];

		if (x->hash != h || strcmp(x->runs, runs) != 0)
			continue;
		if (strstr(x->first, name) || (x->also && strstr(x->also,
		    name))) {
			free(name);
			free(runs);
			return;
		}
		next = xasprintf("%s%s%s", x->also ? x->also : "",
		    x->also ? ", " : "", name);
		free(x->also);
		x->also = next;
		free(name);
		free(runs);
		return;
	}
	xgrow((void **)&c->v, &c->cap, c->n + 1, sizeof *c->v);
	c->v[c->n++] = (struct cause){runs, name, NULL, count, h};
	hashmap_put(m, at, c->n);
}

/* "3,5,": the runs of a group, as causes compare them. */
static char *
index_list(const size_t *runs, size_t n)
{
	char *out = xmalloc(n * 21 + 1);
	size_t o = 0;

	for (size_t k = 0; k < n; k++)
		o += (size_t)sprintf(out + o, "%zu,", runs[k]);
	out[o] = '\0';
	return out;
}

/* What patterns need of each run and metric: judged, failing. */
#define P_JUDGED 1
#define P_FAILS 2

/* The groups of judged runs sharing a value of a key (ids[i], -1 for
 * none; names by id) in which every run fails on metric, while some
 * judged run outside the group passes; each is added to causes. Groups
 * are taken in the order of their first run, with their runs in order:
 * two passes over the runs, whatever the number of values, and scratch
 * by value and by group member only. */
static void
failing_groups(size_t n, const unsigned char *pf, const int32_t *ids,
    size_t nids, const char *const *names, const char *key,
    struct causes *causes)
{
	size_t passing = 0, total = 0, ng = 0;
	/* by value id: runs holding it, failing ones, place in members */
	uint32_t *count = xcalloc(nids + 1, sizeof *count);
	uint32_t *failing = xcalloc(nids + 1, sizeof *failing);
	size_t *start = xcalloc(nids + 1, sizeof *start);
	uint32_t *fill = xcalloc(nids + 1, sizeof *fill);
	uint32_t *order = xcalloc(nids + 1, sizeof *order);
	size_t *members;

	for (size_t i = 0; i < n; i++) {
		if (!(pf[i] & P_JUDGED))
			continue;
		passing += !(pf[i] & P_FAILS);
		if (ids[i] < 0)
			continue;
		count[ids[i]]++;
		failing[ids[i]] += (pf[i] & P_FAILS) != 0;
	}
	for (size_t v = 0; v < nids; v++) {
		start[v] = total;
		if (passing > 0 && count[v] >= 2 && failing[v] == count[v])
			total += count[v];
		else
			count[v] = 0;	/* not a group */
	}
	members = xcalloc(total + 1, sizeof *members);
	for (size_t i = 0; i < n && total > 0; i++) {
		int32_t v = ids[i];

		if (!(pf[i] & P_JUDGED) || v < 0 || count[v] == 0)
			continue;
		if (fill[v] == 0)
			order[ng++] = (uint32_t)v;
		members[start[v] + fill[v]++] = i;
	}
	for (size_t k = 0; k < ng; k++) {
		size_t v = order[k];

		add_cause(causes, index_list(members + start[v], count[v]),
		    count[v], key, names[v]);
	}
	free(count);
	free(failing);
	free(start);
	free(fill);
	free(order);
	free(members);
}

/* Run after every run's findings are made: patterns are read off them.
 * Each cause key's values are numbered once, then grouped for every
 * metric that has a failing run. */
static void
patterns(struct analysis *a)
{
	size_t n = a->set->n;
	unsigned char *pf = xcalloc(n * M_COUNT + 1, 1);
	int32_t *ids = xcalloc(n + 1, sizeof *ids);
	const char **names = xcalloc(n + 1, sizeof *names);
	struct causes causes[M_COUNT] = {{0}};
	bool any[M_COUNT] = {false}, some = false;

	for (int m = 0; m < M_COUNT; m++) {
		for (size_t i = 0; i < n; i++) {
			pf[m * n + i] = (analysis_judged(a, i, m) ? P_JUDGED :
			    0) | (analysis_flagged(a, i, m) ? P_FAILS : 0);
			any[m] |= analysis_flagged(a, i, m);
		}
		some |= any[m];
		if (any[m])
			hashmap_init(&causes[m].map, 64, cause_hash,
			    &causes[m]);
	}
	for (size_t k = 0; k < NCAUSE_KEYS && some; k++) {
		struct idmap map = {.names = names};

		hashmap_init(&map.map, 128, idmap_hash, names);
		for (size_t i = 0; i < n; i++) {
			const char *v = meta_get(&a->set->runs[i].meta,
			    cause_keys[k]);

			ids[i] = -1;
			if (v == NULL)
				continue;
			ids[i] = (int32_t)idmap_get(&map, v);
		}
		for (int m = 0; m < M_COUNT; m++)
			if (any[m])
				failing_groups(n, pf + m * n, ids, map.map.n,
				    names, cause_keys[k], &causes[m]);
		hashmap_free(&map.map);
	}
	for (int m = 0; m < M_COUNT; m++) {
		for (size_t k = 0; k < causes[m].n; k++) {
			struct cause *c = &causes[m].v[k];

			add_finding(a, FIND_PATTERN, -1, m, xasprintf("All %zu "
			    "runs with %s fall short on %s, and the runs "
			    "without it do not%s%s%s.", c->n, c->first,
			    metric_defs[m].label,
			    c->also ? " (the same runs share " : "",
			    c->also ? c->also : "", c->also ? ")" : ""));
			free(c->runs);
			free(c->first);
			free(c->also);
		}
		free(causes[m].v);
		if (any[m])
			hashmap_free(&causes[m].map);
	}
	free(names);
	free(ids);
	free(pf);
}

static int
cmp_findings(const void *x, const void *y)
{
	const struct finding *a = x, *b = y;

	/* What fails the gate first, acknowledged and ungated ones after. */
	if ((a->gated && !a->ack) != (b->gated && !b->ack))
		return a->gated && !a->ack ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->sort != b->sort)
		return a->sort < b->sort ? -1 : 1;
	if (a->run != b->run)
		return a->run < b->run ? -1 : 1;
	return (a->metric > b->metric) - (a->metric < b->metric);
}

/* A meta baseline that names no run, or the run itself, is said, not
 * silently dropped. */
static void
check_named_baseline(const struct runset *set, size_t i, struct diags *d)
{
	const struct run *r = &set->runs[i];
	const char *named = meta_get(&r->meta, "baseline");
	long b;

	if (named == NULL)
		return;
	b = runset_find(set, named);
	if (b < 0 || (size_t)b == i) {
		char *dir = run_dir(set, r);

		diags_add(d, MSG_WARNING, dir, 0, "baseline \"%s\" %s; "
		    "ignored", named, b < 0 ? "names no run (give its path "
		    "below RUNS)" : "is this run itself");
		free(dir);
	}
}

int
analyse(struct analysis *a, const struct runset *set,
    const struct analyse_opts *opts, struct diags *d)
{
	long forced = -1;
	size_t capsc = 0, capt = 0;

	memset(a, 0, sizeof *a);
	a->set = set;
	a->opts = *opts;
	if (opts->baseline && (forced = runset_find(set, opts->baseline)) < 0) {
		diags_add(d, MSG_ERROR, opts->baseline, 0, "--baseline names "
		    "no run (give its path below RUNS)");
		return -1;
	}
	a->pool = strpool_new();
	a->runs = xcalloc(set->n ? set->n : 1, sizeof *a->runs);
	for (size_t i = 0; i < set->n; i++) {
		a->runs[i].series = strpool_take(a->pool,
		    series_of(&set->runs[i]));
	}
	a->flag = xcalloc((set->n ? set->n : 1) * M_COUNT, 1);
	order_series(a);
	index_references(a);
	for (size_t i = 0; i < set->n; i++)
		choose_base(a, i, forced);
	for (size_t i = 0; i < set->n; i++)
		check_named_baseline(set, i, d);
	compare_all(a);
	for (size_t i = 0; i < set->n; i++) {
		scale_run(a, i, &capsc);
		target_run(a, i, &capt);
		judge_run(a, i);
	}
	for (size_t i = 0; i < set->n; i++) {
		change_findings(a, i);
		scaling_findings(a, i);
		target_findings(a, i);
		validity_warnings(a, i);
	}
	patterns(a);
	if (a->nf > 0 && a->nf < a->capf) {
		a->f = xrealloc(a->f, a->nf * sizeof *a->f);
		a->capf = a->nf;
	}
	qsort(a->f, a->nf, sizeof *a->f, cmp_findings);
	return 0;
}

char *
analysis_differences(const struct run *r, const struct run *b)
{
	int n, layout;

	return differences(r, b, &n, &layout);
}

char *
gate_phrase(int n)
{
	if (n == 0)
		return xstrdup("nothing fails the gate");
	if (n == 1)
		return xstrdup("1 finding fails the gate");
	return xasprintf("%d findings fail the gate", n);
}

void
analysis_free(struct analysis *a)
{
	/* The texts of findings and the series names are in the pool. */
	free(a->f);
	free(a->runs);
	free(a->order);
	free(a->pos);
	free(a->flag);
	free(a->scaling);
	free(a->targets);
	free_references(a->refs);
	strpool_free(a->pool);
	memset(a, 0, sizeof *a);
}
