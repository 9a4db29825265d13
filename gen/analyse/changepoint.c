/* Steps and drift across a series; see changepoint.h. Binary
 * segmentation: the best split of a stretch (the largest standardised
 * difference of the means on either side) is tested against the same
 * figures in random orders, from a fixed seed so that the output is the
 * same on every run; a split that holds is kept and both sides are
 * searched again. */
#include "analyse/changepoint.h"
#include "model/stats.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The figures just before and just after a step that must show it. */
#define LOCAL_WINDOW 5
/* A stretch shorter than this is not searched for a drift. */
#define MIN_DRIFT_LEN 8

void
cp_default_opts(struct cp_opts *o)
{
	o->alpha = 0.01;
	o->min_change = 0.05;
	o->min_segment = 5;
	o->permutations = 199;
	o->seed = 0x9e3779b97f4a7c15u;
}

struct ranked {
	double value;
	size_t at;
};

struct search {
	const double *x;
	size_t n;
	const struct cp_opts *o;
	double *scratch, *sorted, *ranks;	/* n each */
	struct ranked *order;
	uint64_t rng;
	struct cp_result *out;
};

/* xorshift64*: small, fast and the same everywhere. */
static uint64_t
next_random(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717u;
}

static void
shuffle(double *v, size_t n, uint64_t *s)
{
	for (size_t k = n; k > 1; k--) {
		size_t j = (size_t)(next_random(s) % k);
		double t = v[k - 1];

		v[k - 1] = v[j];
		v[j] = t;
	}
}

static double
median_of(const double *v, size_t n, double *scratch)
{
	memcpy(scratch, v, n * sizeof *v);
	return stats_median(scratch, n);
}

/* The split of v[0..n) with at least m on each side that separates the
 * means most, standardised (|mean left - mean right| x sqrt(l r / n));
 * its statistic in *stat. */
static size_t
best_split(const double *v, size_t n, size_t m, double *stat)
{
	double total = 0, left = 0, best = -1;
	size_t at = m;

	for (size_t k = 0; k < n; k++)
		total += v[k];
	for (size_t k = 0; k + m <= n; k++) {
		if (k >= m) {
			double l = (double)k, r = (double)(n - k);
			double t = fabs(left / l - (total - left) / r) *
			    sqrt(l * r / (double)n);

			if (t > best) {
				best = t;
				at = k;
			}
		}
		left += v[k];
	}
	*stat = best;
	return at;
}

/* |sum (t - mean t) v[t]|: how strongly v[0..n) moves with time. */
static double
trend_stat(const double *v, size_t n)
{
	double mid = (double)(n - 1) / 2, s = 0;

	for (size_t t = 0; t < n; t++)
		s += ((double)t - mid) * v[t];
	return fabs(s);
}

static double
split_stat(const double *v, size_t n, size_t m)
{
	double t;

	best_split(v, n, m, &t);
	return t;
}

/* The share of random orders of v[0..n) whose statistic reaches
 * observed (which == 0: the split, 1: the trend). Stops as soon as the
 * level is out of reach: on steady figures that is after a few. */
static double
permutation_p(struct search *s, const double *v, size_t n, double observed,
    int which)
{
	unsigned total = s->o->permutations, done, reached = 0;
	double limit = s->o->alpha * (total + 1);

	memcpy(s->scratch, v, n * sizeof *v);
	for (done = 0; done < total; done++) {
		double t;

		shuffle(s->scratch, n, &s->rng);
		t = which == 0 ? split_stat(s->scratch, n, s->o->min_segment) :
		    trend_stat(s->scratch, n);
		/* A hair of slack: sums in another order round apart. */
		if (t >= observed * (1 - 1e-12) && (double)++reached + 1 >
		    limit)
			return ((double)reached + 1) / (done + 2);
	}
	return ((double)reached + 1) / (total + 1);
}

/* Squared residuals of the means either side of k. */
static double
step_sse(const double *v, size_t n, size_t k)
{
	double ml = 0, mr = 0, e = 0;

	for (size_t t = 0; t < n; t++)
		*(t < k ? &ml : &mr) += v[t];
	ml /= (double)k;
	mr /= (double)(n - k);
	for (size_t t = 0; t < n; t++)
		e += (v[t] - (t < k ? ml : mr)) * (v[t] - (t < k ? ml : mr));
	return e;
}

/* The least-squares line through v[0..n): its values at 0 and n - 1,
 * and its squared residuals. */
static double
line_fit(const double *v, size_t n, double *start, double *end)
{
	double mid = (double)(n - 1) / 2, mean = 0, sxy = 0, sxx = 0, e = 0;
	double b;

	for (size_t t = 0; t < n; t++)
		mean += v[t] / (double)n;
	for (size_t t = 0; t < n; t++) {
		sxy += ((double)t - mid) * (v[t] - mean);
		sxx += ((double)t - mid) * ((double)t - mid);
	}
	b = sxx > 0 ? sxy / sxx : 0;
	for (size_t t = 0; t < n; t++) {
		double r = v[t] - (mean + b * ((double)t - mid));

		e += r * r;
	}
	*start = mean - b * mid;
	*end = mean + b * mid;
	return e;
}

/* The share of a line's squared residuals two steps must leave at most
 * to be taken for a staircase rather than a slide (see search). */
#define TWO_STEPS_FIT 0.5

/* The least squared residuals of v[0..n) about the means of three
 * stretches of at least m figures each, one of its two splits at k (the
 * best single split) and the other anywhere either side of it, or
 * INFINITY when no such second split fits. By sums of v and v^2 up to
 * each point: O(n). */
static double
two_steps_sse(const double *v, size_t n, size_t m, size_t k)
{
	double *s1, *s2, best = INFINITY;

	if (m == 0 || n < 3 * m)
		return INFINITY;
	s1 = xcalloc(n + 1, sizeof *s1);
	s2 = xcalloc(n + 1, sizeof *s2);
	for (size_t t = 0; t < n; t++) {
		s1[t + 1] = s1[t] + v[t];
		s2[t + 1] = s2[t] + v[t] * v[t];
	}
#define STRETCH_SSE(a, b) (s2[b] - s2[a] - (s1[b] - s1[a]) * \
	(s1[b] - s1[a]) / (double)((b) - (a)))
	for (size_t j = m; j + m <= k; j++)
		best = fmin(best, STRETCH_SSE(0, j) + STRETCH_SSE(j, k) +
		    STRETCH_SSE(k, n));
	for (size_t j = k + m; j + m <= n; j++)
		best = fmin(best, STRETCH_SSE(0, k) + STRETCH_SSE(k, j) +
		    STRETCH_SSE(j, n));
#undef STRETCH_SSE
	free(s1);
	free(s2);
	return best;
}

static double
rel_change(double before, double after)
{
	return before > 0 ? after / before - 1 : 0;
}

/* Whether the few figures either side of the split at k of x[lo..hi)
 * show the step too, in the same direction: a slide shows only over
 * long stretches. */
static bool
sharp(struct search *s, size_t lo, size_t hi, size_t k, double rel)
{
	size_t w = LOCAL_WINDOW;
	double b, a, local;

	if (k - lo < w)
		w = k - lo;
	if (hi - k < w)
		w = hi - k;
	b = median_of(s->x + k - w, w, s->sorted);
	a = median_of(s->x + k, w, s->sorted);
	local = rel_change(b, a);
	return fabs(local) >= s->o->min_change && (local < 0) == (rel < 0);
}

static void
test_drift(struct search *s, size_t lo, size_t hi)
{
	const double *v = s->x + lo;
	size_t n = hi - lo;
	double start, end, p;

	if (n < MIN_DRIFT_LEN)
		return;
	line_fit(v, n, &start, &end);
	if (start <= 0 || fabs(rel_change(start, end)) < s->o->min_change)
		return;
	p = permutation_p(s, v, n, trend_stat(v, n), 1);
	if (p > s->o->alpha)
		return;
	s->out->drifts = true;
	s->out->drift = (struct cp_drift){lo, hi - 1, start, end, p};
}

static int
cmp_ranked(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;

	return (a->value > b->value) - (a->value < b->value);
}

/* The mid-ranks of v[0..n) into s->ranks: a night far off moves a
 * split by one rank, not by its size, and near the ends of a stretch
 * (where few figures decide) that matters. */
static void
rank_stretch(struct search *s, const double *v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		s->order[k] = (struct ranked){v[k], k};
	qsort(s->order, n, sizeof *s->order, cmp_ranked);
	for (size_t k = 0, j; k < n; k = j) {
		for (j = k + 1; j < n && s->order[j].value == s->order[k].value;
		    j++)
			;
		for (size_t t = k; t < j; t++)
			s->ranks[s->order[t].at] = (double)(k + j + 1) / 2;
	}
}

static void
search(struct search *s, size_t lo, size_t hi)
{
	const double *v = s->x + lo;
	size_t n = hi - lo, m = s->o->min_segment, k;
	double stat, start, end, rel, p, line;

	if (n < 2 * m || s->out->nsteps == CP_MAX_STEPS)
		goto no_step;
	/* Where: the figures place a step best. Whether: their ranks,
	 * which a night far off cannot sway. */
	k = best_split(v, n, m, &stat);
	rank_stretch(s, v, n);
	stat = split_stat(s->ranks, n, m);
	/* A slide fits a line better than a step; a staircase of two
	 * steps (a kernel, then a firmware) may fit a line as well as
	 * either step alone, but not as well as both. Two steps have
	 * three more parameters than a line to spend on a slide's noise:
	 * about a slide of 60 noisy nights three stretches leave 0.8 of
	 * the line's residuals or more, about two real steps well under
	 * half (0.42 for 80k, 70k, 58k IOPS). */
	line = line_fit(v, n, &start, &end);
	if (step_sse(v, n, k) >= line &&
	    two_steps_sse(v, n, m, k) > TWO_STEPS_FIT * line)
		goto no_step;
	rel = rel_change(median_of(v, k, s->sorted),
	    median_of(v + k, n - k, s->sorted));
	if (fabs(rel) < s->o->min_change || !sharp(s, lo, hi, lo + k, rel))
		goto no_step;
	p = permutation_p(s, s->ranks, n, stat, 0);
	if (p > s->o->alpha)
		goto no_step;
	s->out->step[s->out->nsteps++] = (struct cp_step){lo + k, 0, 0, p};
	search(s, lo, lo + k);
	search(s, lo + k, hi);
	return;
no_step:
	/* Only the latest stretch: a drift that ended in a step is that
	 * step's business. */
	if (hi == s->n)
		test_drift(s, lo, hi);
}

static int
cmp_step(const void *x, const void *y)
{
	const struct cp_step *a = x, *b = y;

	return (a->at > b->at) - (a->at < b->at);
}

/* Each step's medians over the stretches up to its neighbours; a step
 * that no longer clears o->min_change over them is dropped, and the
 * others are measured again. */
static void
measure_steps(struct search *s)
{
	struct cp_result *r = s->out;
	bool dropped = true;

	qsort(r->step, r->nsteps, sizeof *r->step, cmp_step);
	while (dropped) {
		dropped = false;
		for (size_t j = 0; j < r->nsteps; j++) {
			size_t lo = j > 0 ? r->step[j - 1].at : 0;
			size_t hi = j + 1 < r->nsteps ? r->step[j + 1].at : s->n;
			struct cp_step *st = &r->step[j];

			st->before = median_of(s->x + lo, st->at - lo, s->sorted);
			st->after = median_of(s->x + st->at, hi - st->at,
			    s->sorted);
			if (fabs(rel_change(st->before, st->after)) <
			    s->o->min_change) {
				memmove(st, st + 1, (r->nsteps - j - 1) *
				    sizeof *st);
				r->nsteps--;
				dropped = true;
				break;
			}
		}
	}
}

void
cp_detect(const double *x, size_t n, const struct cp_opts *o,
    struct cp_result *out)
{
	struct search s = {x, n, o, NULL, NULL, NULL, NULL, o->seed ? o->seed :
	    1, out};

	memset(out, 0, sizeof *out);
	if (n == 0)
		return;
	s.scratch = xmalloc(n * sizeof *s.scratch);
	s.sorted = xmalloc(n * sizeof *s.sorted);
	s.ranks = xmalloc(n * sizeof *s.ranks);
	s.order = xmalloc(n * sizeof *s.order);
	search(&s, 0, n);
	measure_steps(&s);
	free(s.scratch);
	free(s.sorted);
	free(s.ranks);
	free(s.order);
}
