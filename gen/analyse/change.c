/* Change detection: each run against its base, metric by metric, by a
 * rank test, the series' earlier noise or a minimum change; writes the
 * verdicts into struct change. See analyse_int.h. */
#include "analyse/analyse_int.h"
#include "analyse/rank.h"
#include "read/units.h"
#include "base/xalloc.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const noise_source_names[] = {
	[NOISE_DEFAULT] = "default", [NOISE_SET_META] = "RUNS/meta",
	[NOISE_OPTION] = "--noise",
};

double
noise_floor_default(int metric)
{
	switch (metric) {
	case M_PUT_BLOCK:
	case M_GET_BLOCK:
		return 0.10;
	case M_PUTC:
	case M_GETC:
	case M_REWRITE:
	case M_SEEKS:
		return 0.15;
	default:
		return 0.20;	/* the file tests */
	}
}

/* Each metric's floor: the option's, else RUNS/meta's, else the
 * default. A bad value in RUNS/meta was reported when it was read. */
void
choose_noise_floors(struct analysis *a)
{
	for (int m = 0; m < M_COUNT; m++) {
		char key[64];
		const char *v;
		double share;

		snprintf(key, sizeof key, "noise.%s", metric_defs[m].key);
		a->noise[m] = noise_floor_default(m);
		a->noise_from[m] = NOISE_DEFAULT;
		if (a->opts.noise[m] >= 0) {
			a->noise[m] = a->opts.noise[m];
			a->noise_from[m] = NOISE_OPTION;
		} else if ((v = meta_get(&a->set->meta, key)) &&
		    units_percent(v, &share)) {
			a->noise[m] = share;
			a->noise_from[m] = NOISE_SET_META;
		}
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

double
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
		/* No history: the metric's noise floor, or the spread of the
		 * runs' own samples when that is wider (one sample a side has
		 * none, two hardly any), and at least the minimum change. */
		c->rule = RULE_THRESHOLD;
		c->history = (unsigned char)nh;
		c->fence = fmax(fmax(spread(s), spread(t)), a->noise[id]);
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
void
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
