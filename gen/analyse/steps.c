/* Changes across a whole series: the steps and the slow drift that
 * comparing each run with the one before it cannot see (a drop spread
 * over nights, each within the noise), found by changepoint.c on the
 * figures of each metric over a series' latest runs of one layout, and
 * said as findings. Runs after findings.c, whose findings it does not
 * repeat, and before patterns.c; see analyse_int.h. */
#include "analyse/analyse_int.h"
#include "analyse/changepoint.h"
#include "model/display.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fewer runs than this say nothing of a series' history. */
#define SERIES_MIN_RUNS 10
/* The latest runs of a series searched: a bound on the cost (the tests
 * cost O(window) per permutation) however long the series, and a
 * window of half a year of nightly runs, so the text says of what. */
#define SERIES_WINDOW 200

/* One metric's figures over the series' runs w[0..nw), and the run of
 * each (the runs without a figure left out). */
struct figures {
	double *x;
	size_t *run, n;
};

static void
collect(const struct analysis *a, const size_t *w, size_t nw, int id,
    struct figures *f)
{
	f->n = 0;
	for (size_t k = 0; k < nw; k++) {
		const struct metric_summary m = analysis_sum(a, w[k], id);

		if (m.state != VS_OK || m.median <= 0)
			continue;
		f->x[f->n] = m.median;
		f->run[f->n++] = w[k];
	}
}

static void
shown(const struct analysis *a, int id, double stored, char *buf)
{
	display_figure(analysis_def(a, id), stored, buf);
}

/* What changed at run i from prev, the run before it among those
 * searched: the series' note when prev is the run just before it. */
static const char *
change_at(struct analysis *a, size_t i, size_t prev, const char *computed)
{
	size_t p = a->pos[i];

	if (p > 0 && a->order[p - 1] == prev)
		return a->runs[i].series_change;
	return computed;
}

#define STEP_UNNAMED "nothing the meta names changed at the run the " \
	"step is placed at, which a search that keeps five runs either side " \
	"may place runs away from its cause"

/* How many runs after a step's place its cause is looked for: the
 * search's five either side. */
#define STEP_CAUSE_AHEAD 5

/* The caveat of a step placed at f's index at, where nothing changed:
 * with the change the meta names at a run soon after it (before hi,
 * the next step), which may be its cause. Pooled. */
static char *
unnamed_step(struct analysis *a, const struct figures *f, size_t at,
    size_t hi)
{
	for (size_t j = at + 1; j < hi && j <= at + STEP_CAUSE_AHEAD; j++) {
		const char *what = a->runs[f->run[j]].series_change;

		if (what != NULL && a->pos[f->run[j]] > 0 &&
		    a->order[a->pos[f->run[j]] - 1] == f->run[j - 1])
			return strpool_take(a->pool, xasprintf("nothing the "
			    "meta names changed at the run the step is placed "
			    "at; %s, %zu run%s later, changed %s: a search that "
			    "keeps five runs either side may place a step runs "
			    "away from its cause, and the figures around it do "
			    "not tell which", a->set->runs[f->run[j]].id, j - at,
			    j - at > 1 ? "s" : "", what));
	}
	return strpool_add(a->pool, STEP_UNNAMED, sizeof STEP_UNNAMED - 1);
}

/* A step of the figures f at the step's index in r: a regression (one
 * that fails the gate when the runs either side compare like for
 * like) or an improvement, unless comparing the run with the one before
 * it said so already. */
static void
step_finding(struct analysis *a, const struct figures *f, int id,
    const struct cp_result *r, size_t j)
{
	const struct cp_step *s = &r->step[j];
	size_t i = f->run[s->at], prev = f->run[s->at - 1];
	size_t lo = j > 0 ? r->step[j - 1].at : 0;
	size_t hi = j + 1 < r->nsteps ? r->step[j + 1].at : f->n;
	enum verdict v = analysis_change_of(a, i, id)->verdict;
	bool up = analysis_def(a, id)->higher_is_better;
	double rel = s->after / s->before - 1;
	bool worse = up ? rel < 0 : rel > 0;
	int ndiff, nlayout;
	char *diff, was[48], now[48], pct[32];
	const char *what;
	struct finding *fd;

	if (v == VERDICT_REGRESSION || v == VERDICT_IMPROVEMENT)
		return;
	diff = strpool_take(a->pool, setup_differences(&a->set->runs[i],
	    &a->set->runs[prev], &ndiff, &nlayout));
	what = change_at(a, i, prev, diff);
	shown(a, id, s->before, was);
	shown(a, id, s->after, now);
	display_percent(rel, false, pct);
	fd = add_finding(a, worse ? FIND_REGRESSION : FIND_IMPROVEMENT,
	    (long)i, id, xasprintf("%s stepped %s %s%% (%s \u2192 %s, the "
	    "medians of the %zu runs before and the %zu from it on) at %s, "
	    "the first run after the step [change point in the last %zu runs "
	    "of the series, permutation p = %.3f]. %s%s.",
	    analysis_def(a, id)->label, rel < 0 ? "down" : "up", pct, was,
	    now, s->at - lo, hi - s->at, a->set->runs[i].id, f->n, s->p,
	    what ? "What changed there: " : "Its meta shows no change from "
	    "the run before it", what ? what : ""));
	fd->sort = -fabs(rel);
	fd->confidence = CONFIDENCE_HIGH;
	fd->caveat = strpool_take(a->pool, comparison_caveat(a, i, prev,
	    ndiff + nlayout, id, true));
	/* The search keeps five runs either side of a step, so a step in
	 * the last runs of a series is placed runs away from where it
	 * began: at a run where nothing changed, its cause is unknown and
	 * may be a later run's (one whose own change the noise hid). */
	if (worse && fd->caveat == NULL && what == NULL)
		fd->caveat = unnamed_step(a, f, s->at, hi);
	if (worse && fd->caveat == NULL)
		acknowledge(a, fd, i);
}

/* A slide down of the latest stretch: a warning, since no run of it
 * differs from the one before it beyond the noise. */
static void
drift_finding(struct analysis *a, const struct figures *f, int id,
    const struct cp_drift *d)
{
	size_t last = f->run[d->to];
	size_t len = d->to - d->from + 1;
	double rel = d->end / d->start - 1;
	bool up = analysis_def(a, id)->higher_is_better;
	char was[48], now[48], pct[32];
	struct finding *fd;

	if (up ? rel >= 0 : rel <= 0)
		return;
	/* A run of the stretch that fell against the one before it beyond
	 * the noise is the step the slide is made of: said already, and
	 * "no step ... clears the noise" would be false. */
	for (size_t p = d->from + 1; p <= d->to; p++) {
		const struct run *r = &a->set->runs[f->run[p]];
		long k = run_metric_slot(r, id);

		if (k >= 0 && a->runs[f->run[p]].change[k].verdict ==
		    VERDICT_REGRESSION)
			return;
	}
	shown(a, id, d->start, was);
	shown(a, id, d->end, now);
	display_percent(rel, false, pct);
	fd = add_finding(a, FIND_WARNING, (long)last, id, xasprintf("%s %s "
	    "%s%% over the %zu runs from %s to %s (%s \u2192 %s on the "
	    "fitted line, %.2f%% a run), with no step between two runs that "
	    "clears the noise [trend in the last %zu runs of the series, "
	    "permutation p = %.3f].", analysis_def(a, id)->label, rel < 0 ?
	    "slid" : "crept up", pct, len,
	    a->set->runs[f->run[d->from]].id, a->set->runs[last].id, was, now,
	    100 * fabs(rel) / (double)(len - 1), f->n, d->p));
	fd->sort = -fabs(rel);
	fd->over_runs = true;
}

/* The latest runs (at most SERIES_WINDOW) of the series ending at place
 * end of a->order (exclusive) and starting at start, of the layout of its
 * last run, in time order into w; returns their count. */
static size_t
window(const struct analysis *a, size_t start, size_t end, size_t *w)
{
	const struct run *last = &a->set->runs[a->order[end - 1]];
	size_t nw = 0;

	for (size_t p = end; p > start && nw < SERIES_WINDOW; p--) {
		const struct run *r = &a->set->runs[a->order[p - 1]];

		if (r->meta.raid == last->meta.raid &&
		    r->meta.disk_count == last->meta.disk_count)
			w[nw++] = a->order[p - 1];
	}
	for (size_t k = 0; k < nw / 2; k++) {
		size_t t = w[k];

		w[k] = w[nw - 1 - k];
		w[nw - 1 - k] = t;
	}
	return nw;
}

static void
search_series(struct analysis *a, size_t start, size_t end,
    struct figures *f, size_t *w)
{
	size_t nw = window(a, start, end, w);
	struct cp_opts o;

	if (nw < SERIES_MIN_RUNS)
		return;
	cp_default_opts(&o);
	o.min_change = a->opts.threshold;
	/* The metrics of the series' latest run: what it measures now. */
	for (size_t k = 0; k < a->set->runs[w[nw - 1]].nsum; k++) {
		int id = run_metric_at(&a->set->runs[w[nw - 1]], k);
		struct cp_result r;

		collect(a, w, nw, id, f);
		if (f->n < SERIES_MIN_RUNS)
			continue;
		cp_detect(f->x, f->n, &o, &r);
		for (size_t j = 0; j < r.nsteps; j++)
			step_finding(a, f, id, &r, j);
		if (r.drifts)
			drift_finding(a, f, id, &r.drift);
	}
}

void
series_findings(struct analysis *a)
{
	size_t n = a->set->n, cap = n < SERIES_WINDOW ? n : SERIES_WINDOW;
	struct figures f = {xcalloc(cap + 1, sizeof *f.x),
	    xcalloc(cap + 1, sizeof *f.run), 0};
	size_t *w = xcalloc(cap + 1, sizeof *w);

	for (size_t start = 0, p = 1; p <= n; p++)
		if (p == n || !same_series(a, a->order[p - 1], a->order[p])) {
			search_series(a, start, p, &f, w);
			start = p;
		}
	free(f.x);
	free(f.run);
	free(w);
}
