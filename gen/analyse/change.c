/* Change detection: each run against its base, metric by metric, by a
 * rank test, the series' earlier noise or a minimum change; writes the
 * verdicts into struct change. See analyse_int.h. */
#include "analyse/analyse_int.h"
#include "analyse/rank.h"
#include "read/units.h"
#include "base/twothreads.h"
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
noise_floor_default(const struct metric *m)
{
	static const double fio[FIO_MEASURES] = {
		[FM_BW] = 0.10, [FM_IOPS] = 0.10, [FM_LAT] = 0.15,
		[FM_P50] = 0.15, [FM_P99] = 0.25, [FM_P99_9] = 0.40,
		[FM_SYNC] = 0.15, [FM_SYNC_P99] = 0.25,
	};

	if (m->def.family == FAMILY_FIO)
		return fio[m->fio.measure];
	if (m->def.traits & MT_FILE)
		return 0.20;	/* the file tests */
	if ((m->def.traits & MT_BLOCK) && !(m->def.traits & MT_READ &&
	    m->def.traits & MT_WRITE))
		return 0.10;	/* block write and read; not rewrite */
	return 0.15;
}

/* Whether a noise key (a metric's, or a fio measure's) is of m; 2 for
 * the metric's own key, 1 for its measure, 0 for neither. */
static int
noise_key_fits(const char *key, const struct metric *m)
{
	enum fio_measure fm;

	if (strcmp(key, m->def.key) == 0)
		return 2;
	return m->def.family == FAMILY_FIO && fio_measure_by_key(key, &fm) &&
	    fm == m->fio.measure;
}

/* The share the options give metric m, its own key before its
 * measure's; false when they give none. */
static bool
option_noise(const struct analysis *a, const struct metric *m, double *share)
{
	int best = 0;

	for (size_t k = 0; k < a->opts.nnoise; k++) {
		int fit = noise_key_fits(a->opts.noise[k].key, m);

		if (fit > 0 && fit >= best) {
			best = fit;
			*share = a->opts.noise[k].share;
		}
	}
	return best > 0;
}

/* The share RUNS/meta gives metric m (noise.KEY, else for fio
 * noise.MEASURE); false when it gives none that reads. A bad value was
 * reported when it was read. */
static bool
meta_noise(const struct analysis *a, const struct metric *m, double *share)
{
	char key[META_KEY_MAX + 1];
	const char *v;

	snprintf(key, sizeof key, "noise.%s", m->def.key);
	if ((v = meta_get(&a->set->meta, key)) && units_percent(v, share))
		return true;
	if (m->def.family != FAMILY_FIO)
		return false;
	snprintf(key, sizeof key, "noise.%s", fio_measure_keys[m->fio.measure]);
	return (v = meta_get(&a->set->meta, key)) && units_percent(v, share);
}

/* Each metric's floor: the option's, else RUNS/meta's, else the
 * default. */
void
choose_noise_floors(struct analysis *a)
{
	size_t n = a->set->metrics.n;

	a->noise = xcalloc(n, sizeof *a->noise);
	a->noise_from = xcalloc(n, sizeof *a->noise_from);
	for (size_t id = 0; id < n; id++) {
		const struct metric *m = analysis_metric(a, (int)id);
		double share;

		a->noise[id] = noise_floor_default(m);
		a->noise_from[id] = NOISE_DEFAULT;
		if (option_noise(a, m, &share)) {
			a->noise[id] = share;
			a->noise_from[id] = NOISE_OPTION;
		} else if (meta_noise(a, m, &share)) {
			a->noise[id] = share;
			a->noise_from[id] = NOISE_SET_META;
		}
	}
}

/* The figures of a run's k-th metric over its samples (the model
 * keeps them for a run long enough for the rank test); of a shorter
 * run only their count is asked for. */
static size_t
figures(const struct run *r, size_t k, double *out)
{
	size_t n;

	if (r->figures == NULL)
		return (size_t)run_summary_at(r, k).n;
	n = r->figures->at[k + 1] - r->figures->at[k];
	memcpy(out, r->figures->v + r->figures->at[k], n * sizeof *out);
	return n;
}

/* The figures of metric id of run r, or their count (0 when it has no
 * such metric). */
static size_t
metric_figures(const struct run *r, int id, double *out)
{
	long k = run_metric_slot(r, id);

	return k < 0 ? 0 : figures(r, (size_t)k, out);
}

/* How many earlier changes of a series make its noise estimate: the
 * recent past, so a long history costs no more than a short one. */
#define HISTORY_WINDOW 30
_Static_assert(HISTORY_WINDOW <= UCHAR_MAX, "change.history holds it");

/* The relative changes of one metric between consecutive runs of the
 * series walked so far, the latest HISTORY_WINDOW of them: the noise
 * seen before the next run. Kept as the runs are walked in series
 * order, so that a run's history costs no walk back through its series
 * (which, for a metric the series never measures, would go back to its
 * start). */
struct ring {
	double v[HISTORY_WINDOW];	/* oldest at next */
	double sorted[HISTORY_WINDOW];	/* the same, ascending */
	size_t n, next;
	size_t last_run;	/* 1 + the run whose change came last, or 0 */
	bool left_out;		/* an excursion was left out (history_add) */
	size_t since;		/* changes added since it was */
};

/* The rings of every metric of the set, and which ones the current
 * series has touched, so that starting the next series clears only
 * those. */
struct history {
	struct ring *ring;	/* by metric */
	int *touched;
	size_t ntouched;
};

static void
history_init(struct history *h, size_t nmetrics)
{
	h->ring = xcalloc(nmetrics ? nmetrics : 1, sizeof *h->ring);
	h->touched = xcalloc(nmetrics ? nmetrics : 1, sizeof *h->touched);
	h->ntouched = 0;
}

static void
history_clear(struct history *h)
{
	for (size_t k = 0; k < h->ntouched; k++)
		memset(&h->ring[h->touched[k]], 0, sizeof *h->ring);
	h->ntouched = 0;
}

static void
history_free(struct history *h)
{
	free(h->ring);
	free(h->touched);
}

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

static void
ring_add(struct history *h, int id, double change, size_t run)
{
	struct ring *g = &h->ring[id];

	if (g->n == 0 && g->next == 0 && g->last_run == 0 && !g->left_out)
		h->touched[h->ntouched++] = id;
	if (g->n == HISTORY_WINDOW)
		sorted_remove(g->sorted, g->n--, g->v[g->next]);
	sorted_insert(g->sorted, g->n++, change);
	g->v[g->next] = change;
	g->next = (g->next + 1) % HISTORY_WINDOW;
	g->last_run = run + 1;
	g->since++;
}

/* How many times the widest change before it an excursion must be to
 * be left out of a series' noise (undoes_excursion). */
#define EXCURSION_FAR 3
/* How many changes before it must say the series was quiet. */
#define EXCURSION_AFTER 2

/* Takes out the change added last (an excursion's first night). */
static void
ring_drop_last(struct ring *g)
{
	g->next = (g->next + HISTORY_WINDOW - 1) % HISTORY_WINDOW;
	sorted_remove(g->sorted, g->n--, g->v[g->next]);
	g->last_run = 0;
	g->since--;
}

/* How far the series moved by itself: the widest of its changes, or
 * the floors when wider. */
static double
quiet_limit(const struct analysis *a, int id, double widest)
{
	return fmax(fmax(widest, a->noise[id]), a->opts.threshold);
}

/* Whether figure x of metric id came back from prev's, the other way
 * and past quiet, to within quiet of before's: the night back from a
 * fall (or a rise) of prev. */
static bool
comes_back(const struct analysis *a, long before, long prev, int id,
    double x, double quiet)
{
	struct metric_summary y = analysis_sum(a, (size_t)before, id);
	struct metric_summary p = analysis_sum(a, (size_t)prev, id);

	return y.state == VS_OK && y.median > 0 && p.state == VS_OK &&
	    p.median > 0 && (p.median < y.median) != (x < p.median) &&
	    fold_change(x, p.median) > quiet &&
	    fold_change(x, y.median) <= quiet;
}

/* Whether run k's change of metric id undoes the change of its base
 * (prev) that came last into the ring: prev went past its limit one
 * way, k came back the other way, past the series' quiet swings and to
 * within them of the level before prev, with nothing the meta names
 * changed on either night. A night that fell 37% with nothing named and
 * came back the next is an event the gate told of, not the set-up's
 * noise: learnt, its two swings made a fence of 60% that a kernel's
 * -25% passed under. The night back is measured against the swings
 * before the dip, not against its own fence, which the dip has widened
 * already (a 98% fall makes a fence the night back stays inside).
 * Once in HISTORY_WINDOW changes: a second such night is the set-up's
 * own way, and learnt. */
static bool
undoes_excursion(const struct history *h, const struct analysis *a,
    size_t k, long prev, int id, double x)
{
	const struct ring *g = &h->ring[id];
	const struct change *was = analysis_change_of(a, (size_t)prev, id);
	long before = a->runs[prev].base;
	double dip, widest;

	if (g->last_run != (size_t)prev + 1 || g->n == 0 ||
	    (g->left_out && g->since < HISTORY_WINDOW) || before < 0 ||
	    a->runs[prev].series_change || a->runs[k].series_change ||
	    (was->verdict != VERDICT_REGRESSION &&
	    was->verdict != VERDICT_IMPROVEMENT))
		return false;
	/* an outlier of the ring: past the floor, and three times the
	 * widest of the changes before it (all but the dip's own) */
	dip = g->v[(g->next + HISTORY_WINDOW - 1) % HISTORY_WINDOW];
	widest = 0;
	for (size_t j = 0, skipped = 0; j < g->n; j++) {
		if (!skipped && g->sorted[j] == dip)
			skipped = 1;
		else
			widest = fmax(widest, g->sorted[j]);
	}
	if (g->n < EXCURSION_AFTER + 1 || dip <= a->noise[id] ||
	    dip < EXCURSION_FAR * widest)
		return false;
	return comes_back(a, before, prev, id, x, quiet_limit(a, id, widest));
}

/* Whether run k's change of metric id only returns from a change the
 * meta named (prev, after another kernel, fell past its limit; k, with
 * nothing named, is back within the series' swings of the level before
 * prev): the return is the named change undone, not the set-up's
 * noise. Learnt, a fall of 98% after a kernel put back would make a
 * fence the next week's throttle passes under. */
static bool
returns_from_marked(const struct history *h, const struct analysis *a,
    long prev, int id, double x)
{
	const struct change *was = analysis_change_of(a, (size_t)prev, id);
	const struct ring *g = &h->ring[id];
	long before = a->runs[prev].prev;

	if (!a->runs[prev].prev_marked || before < 0 ||
	    (was->verdict != VERDICT_REGRESSION &&
	    was->verdict != VERDICT_IMPROVEMENT))
		return false;
	return comes_back(a, before, prev, id, x, quiet_limit(a, id,
	    g->n ? g->sorted[g->n - 1] : 0));
}

/* Adds run k's changes against its base, when that is the run before it
 * in its series and nothing the meta says marks the two apart: the
 * noise of a series is how its runs vary when nothing said changed. A
 * changed kernel's step, or the nights a user labelled "backup window"
 * in a series of unlabelled ones, would widen the fence until the next
 * real drop passed as noise. */
/* Whether a run's meta acknowledges any finding (an ack.KEY entry). */
static bool
has_acks(const struct run *r)
{
	for (size_t i = 0; i < r->meta.n; i++)
		if (strncmp(meta_key(&r->meta, i), "ack.", 4) == 0)
			return true;
	return false;
}

const char *
metric_ack(const struct analysis *a, const struct run *r, int id)
{
	char key[FIO_KEY_MAX + 8];
	const char *ack;
	char *dot;

	snprintf(key, sizeof key, "ack.%s", analysis_def(a, id)->key);
	/* the figure's own, else its direction's, else its workload's */
	while ((ack = meta_get(&r->meta, key)) == NULL &&
	    (dot = strrchr(key + 4, '.')) != NULL)
		*dot = '\0';
	return ack;
}

/* Whether run r acknowledges a finding of metric id. */
static bool
acks_metric(const struct analysis *a, const struct run *r, int id)
{
	return metric_ack(a, r, id) != NULL;
}

/* How far apart two figures are, the same either way: the larger over
 * the smaller, less one. A series' noise is learnt so: as a relative
 * change a fall stops short of 100% where a rise does not, and a history
 * of rises of 100% and more would let any fall pass as noise. */
double
fold_change(double x, double y)
{
	return x > y ? x / y - 1 : y / x - 1;
}

long
workload_slot(const struct analysis *a, const struct run *r, const char *w,
    int fm)
{
	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric *x = analysis_metric(a,
		    run_metric_at(r, k));

		if (x->def.family == FAMILY_FIO && (fm == FM_ANY ||
		    x->fio.measure == (enum fio_measure)fm) &&
		    strcmp(x->workload, w) == 0)
			return (long)k;
	}
	return -1;
}

long
sibling_slot(const struct analysis *a, size_t i, const struct metric *m,
    enum fio_measure fm)
{
	return workload_slot(a, &a->set->runs[i], m->workload, (int)fm);
}

/* IOPS below which fio's whole-number IOPS are too coarse for a block
 * size: 4 IOPS printed may be 3.5 to 4.5. */
#define JOB_BLOCKS_IOPS 50

double
job_block_kib(const struct analysis *a, size_t i, const struct metric *m)
{
	const struct run *r = &a->set->runs[i];
	long bw = sibling_slot(a, i, m, FM_BW);
	long iops = sibling_slot(a, i, m, FM_IOPS);
	struct metric_summary x, y;

	if (bw < 0 || iops < 0)
		return 0;
	x = run_summary_at(r, (size_t)bw);
	y = run_summary_at(r, (size_t)iops);
	return x.state == VS_OK && y.state == VS_OK && x.median > 0 &&
	    y.median >= JOB_BLOCKS_IOPS ? x.median / y.median : 0;
}

/* How far apart two mean block sizes are (as a fold change) before they
 * are two workloads: fio prints a bandwidth and an IOPS rounded to a
 * few digits, and a job of mixed sizes draws them at random. */
#define JOB_BLOCKS_APART 0.2

bool
job_blocks_moved(const struct analysis *a, size_t i, size_t j,
    const struct metric *m)
{
	double x, y;

	if (m->def.family != FAMILY_FIO || m->fio.rw != RW_JOB)
		return false;
	x = job_block_kib(a, i, m);
	y = job_block_kib(a, j, m);
	return x > 0 && y > 0 && fold_change(x, y) > JOB_BLOCKS_APART;
}

static void
history_add(struct history *h, const struct analysis *a, size_t k)
{
	const struct run *r = &a->set->runs[k];
	/* the night before it, whatever baseline it was compared with */
	long prev = a->runs[k].prev;
	bool acks;

	if (prev < 0 || a->runs[k].prev_marked)
		return;
	/* A change the user explained (ack.KEY on either run: a night
	 * of a backup, and the night after it) is no measure of the noise
	 * either. */
	acks = has_acks(r) || has_acks(&a->set->runs[prev]);
	for (size_t s = 0; s < r->nsum; s++) {
		int id = run_metric_at(r, s);
		const struct metric_summary x = run_summary_at(r, s);
		const struct metric_summary y = analysis_sum(a, (size_t)prev,
		    id);

		if (x.state != VS_OK || y.state != VS_OK || y.median <= 0 ||
		    x.median <= 0 || (acks && (acks_metric(a, r, id) ||
		    acks_metric(a, &a->set->runs[prev], id))) ||
		    job_blocks_moved(a, k, (size_t)prev, analysis_metric(a,
		    id)))
			continue;
		if (undoes_excursion(h, a, k, prev, id, x.median)) {
			ring_drop_last(&h->ring[id]);
			h->ring[id].left_out = true;
			h->ring[id].since = 0;
			continue;
		}
		if (returns_from_marked(h, a, prev, id, x.median))
			continue;
		ring_add(h, id, fold_change(x.median, y.median), k);
	}
}

/* The history of metric id into out, ascending (so that the fence's
 * sort has nothing to do); returns its length. */
static size_t
history_get(const struct history *h, int id, double *out)
{
	const struct ring *g = &h->ring[id];

	memcpy(out, g->sorted, g->n * sizeof *out);
	return g->n;
}

double
fence_toward(double fence, double rel)
{
	return rel < 0 ? 1 - 1 / (1 + fence) : fence;
}

/* A change beyond limit counts, in the direction it went: a fall of a
 * figure better higher, a rise of one better lower (a latency), is a
 * regression. */
static void
judge_by_size(struct change *c, double rel, double limit, bool higher_better)
{
	if (fabs(rel) <= limit)
		c->verdict = VERDICT_SAME;
	else
		c->verdict = (rel < 0) == higher_better ? VERDICT_REGRESSION :
		    VERDICT_IMPROVEMENT;
}

double
spread(struct metric_summary m)
{
	return m.n > 1 && m.median > 0 ? (m.max - m.min) / m.median : 0;
}

/* How many times further from its night's median than the rest one
 * sample of three or more must lie to be left out of the night's
 * spread: a background job that slowed one sample of three (5113 IOPS
 * beside 19468 and 16958) says nothing of how far the night's figures
 * move by themselves, and let in, it hid the next night's fall of a
 * quarter. */
#define LONE_SAMPLE_FAR 3

/* Of three figures or more of one metric of a run, v[n] about their
 * median, the one LONE_SAMPLE_FAR times further from it than any other
 * and further than floor (the metric's noise floor, relative): a sample
 * a job beside it slowed. n when there is none. */
static size_t
lone_sample(const double *v, size_t n, double median, double floor)
{
	double far = -1, near = 0;
	size_t at = 0;

	if (n < 3)
		return n;
	for (size_t i = 0; i < n; i++)
		if (fabs(v[i] - median) > far) {
			far = fabs(v[i] - median);
			at = i;
		}
	for (size_t i = 0; i < n; i++)
		if (i != at)
			near = fmax(near, fabs(v[i] - median));
	return far > LONE_SAMPLE_FAR * near && far > floor * median ? at : n;
}

/* The spread of n figures about their median, as spread() gives it,
 * but for a lone one (lone_sample, past floor). */
static double
spread_but_lone(const double *v, size_t n, double median, double floor)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t lone = lone_sample(v, n, median, floor);

	if (n < 2 || !(median > 0))
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (i == lone)
			continue;
		lo = fmin(lo, v[i]);
		hi = fmax(hi, v[i]);
	}
	return (hi - lo) / median;
}

/* The spread of run r's figures v[n] of a metric whose summary is m:
 * spread_but_lone when the model kept them (RANK_MIN_SAMPLES or more),
 * else spread(m), of two samples at most, none of them lone. */
static double
night_spread(const struct run *r, struct metric_summary m, const double *v,
    size_t n, double floor)
{
	return r->figures != NULL ? spread_but_lone(v, n, m.median, floor) :
	    spread(m);
}

/* Whether two sides of RANK_MIN_SAMPLES samples or more do not overlap:
 * every figure of one beyond every figure of the other (by chance one
 * time in ten at three a side, one in three at two). */
static bool
apart(const double *x, size_t nx, const double *y, size_t ny)
{
	double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;

	if (nx < RANK_MIN_SAMPLES || ny < RANK_MIN_SAMPLES)
		return false;
	for (size_t i = 0; i < nx; i++) {
		xlo = fmin(xlo, x[i]);
		xhi = fmax(xhi, x[i]);
	}
	for (size_t i = 0; i < ny; i++) {
		ylo = fmin(ylo, y[i]);
		yhi = fmax(yhi, y[i]);
	}
	return xhi < ylo || yhi < xlo;
}

static void
compare_metric(struct analysis *a, size_t i, size_t k, const struct history *h)
{
	const struct run *r = &a->set->runs[i];
	const struct run *b = &a->set->runs[a->runs[i].base];
	int id = run_metric_at(r, k);
	bool up = analysis_def(a, id)->higher_is_better;
	const struct metric_summary s = run_summary_at(r, k);
	const struct metric_summary t = run_summary(b, id);
	struct change *c = &a->runs[i].change[k];
	size_t cap = r->nsamples + r->fio_samples + b->nsamples +
	    b->fio_samples + HISTORY_WINDOW + 1;
	double bx[64], by[64];	/* most runs: no allocation */
	double *x = cap <= 64 ? bx : xcalloc(cap, sizeof *x);
	double *y = cap <= 64 ? by : xcalloc(cap, sizeof *y);
	size_t nx = figures(r, k, x);
	size_t ny = metric_figures(b, id, y), nh;
	double rel;

	c->p = c->fence = -1;
	if (s.state == VS_NOT_RUN && t.state == VS_NOT_RUN)
		goto done;
	if (nx == 0 || ny == 0 || t.median <= 0) {
		c->verdict = VERDICT_INSUFFICIENT;
		goto done;
	}
	rel = s.median / t.median - 1;
	nh = history_get(h, id, x);
	if (nh >= 3) {
		c->history = (unsigned char)nh;
		c->fence = fence_toward(rank_noise_fence(x, nh), rel);
	}
	if (nx >= RANK_MIN_SAMPLES && ny >= RANK_MIN_SAMPLES &&
	    rank_test_min_p(nx, ny) <= a->opts.alpha) {
		/* Significant, and larger than the minimum change and the
		 * series' usual noise: twelve figures tested at 5% each would
		 * cry wolf on noise alone. */
		nx = figures(r, k, x);
		c->rule = RULE_RANK_TEST;
		c->p = rank_test_p(x, nx, y, ny);
		if (c->p > a->opts.alpha)
			c->verdict = VERDICT_SAME;
		else
			judge_by_size(c, rel, fmax(c->fence, a->opts.threshold),
			    up);
		goto done;
	}
	c->rank_too_small = nx >= RANK_MIN_SAMPLES && ny >= RANK_MIN_SAMPLES;
	if (nh >= 3) {
		/* A few nights say little of the noise: a fence of three
		 * changes may be tighter than the figure's floor by luck. With
		 * samples enough a side the rank test above decided. */
		c->rule = RULE_NOISE_FENCE;
		if (nh < HISTORY_TRUSTED && a->noise[id] > c->fence) {
			c->fence = a->noise[id];
			c->floor_wider = 1;
		}
		judge_by_size(c, rel, fmax(c->fence, a->opts.threshold), up);
	} else {
		/* No history: the metric's noise floor, or the spread of the
		 * runs' own samples (but a lone far one) when that is wider
		 * (one sample a side has
		 * none, two hardly any; but samples of one side all beyond the
		 * other's say their spread is no noise between them), and at
		 * least the minimum change; and, for a change that names no
		 * cause, the series' own swings so far, too few to fence with,
		 * yet a night that moved 40% with nothing changed says a fall
		 * of 20% with nothing changed is within its reach. */
		double swing = nh > 0 && a->runs[i].series_change == NULL ?
		    fence_toward(x[nh - 1], rel) : 0;

		nx = figures(r, k, x);
		c->rule = RULE_THRESHOLD;
		c->history = (unsigned char)nh;
		c->fence = fmax(apart(x, nx, y, ny) ? 0 :
		    fmax(night_spread(r, s, x, nx, a->noise[id]),
		    night_spread(b, t, y, ny, a->noise[id])),
		    fmax(a->noise[id], swing));
		judge_by_size(c, rel, fmax(c->fence, a->opts.threshold), up);
	}
done:
	if (x != bx)
		free(x);
	if (y != by)
		free(y);
}

/* The runs compare_all takes in one thread: a->order[from, to), whole
 * series. */
struct compare_share {
	struct analysis *a;
	size_t from, to;
};

static void *
compare_share_run(void *arg)
{
	const struct compare_share *sh = arg;
	struct analysis *a = sh->a;
	struct history h;

	history_init(&h, a->set->metrics.n);
	for (size_t p = sh->from; p < sh->to; p++) {
		size_t i = a->order[p];

		if (p > sh->from && !same_series(a, a->order[p - 1], i))
			history_clear(&h);	/* a new series */
		for (size_t k = 0; a->runs[i].base >= 0 &&
		    k < a->set->runs[i].nsum; k++)
			compare_metric(a, i, k, &h);
		history_add(&h, a, i);
	}
	history_free(&h);
	return NULL;
}

/* Compares every run with its base, walking the runs in series order
 * with the history of each series: the series split in two at a series'
 * start, each half in a thread of its own (run_two). A run's
 * comparisons write only its own changes and read only summaries and
 * bases, so the halves touch nothing in common. */
void
compare_all(struct analysis *a)
{
	size_t n = a->set->n, mid = n / 2;

	while (mid > 0 && mid < n && same_series(a, a->order[mid - 1],
	    a->order[mid]))
		mid++;
	run_two(compare_share_run, &(struct compare_share){a, 0, mid},
	    &(struct compare_share){a, mid, n});
}
