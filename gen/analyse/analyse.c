/* The analysis's driver and its tables of names; see analyse.h. The
 * steps, in the order they run, each in its own file (analyse_int.h):
 * series.c, change.c, scaling.c, findings.c (with caveats.c), steps.c
 * and patterns.c. */
#include "analyse/analyse_int.h"
#include "base/twothreads.h"
#include "base/xalloc.h"

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

void
analyse_default_opts(struct analyse_opts *o)
{
	o->threshold = 0.05;
	o->alpha = 0.05;
	o->weak = 0.80;
	o->shortfall = 0.50;
	o->baseline = NULL;
	o->noise = NULL;
	o->nnoise = 0;
}

/* Every run's changes, one per metric it has, side by side. */
static void
make_changes(struct analysis *a)
{
	size_t total = 0;

	for (size_t i = 0; i < a->set->n; i++)
		total += a->set->runs[i].nsum;
	a->changes = xcalloc(total ? total : 1, sizeof *a->changes);
	total = 0;
	for (size_t i = 0; i < a->set->n; i++) {
		a->runs[i].change = a->changes + total;
		total += a->set->runs[i].nsum;
	}
}

/* One half of the runs' findings (run_findings), made by one thread
 * into a copy of the analysis of its own: its findings, their counts
 * and a pool for their texts. Nothing else run_findings writes is
 * shared but each run's own changes. */
struct findings_half {
	struct analysis own;
	size_t from, to;
};

static void *
findings_half_run(void *arg)
{
	struct findings_half *h = arg;

	for (size_t i = h->from; i < h->to; i++)
		run_findings(&h->own, i);
	return NULL;
}

/* Every run's findings, the later half's runs in a second thread (at
 * 100 000 runs they were 0.26 s of the analysis's 0.65), joined in run
 * order: the same findings, in the same order, as one thread makes. */
static void
all_run_findings(struct analysis *a)
{
	size_t n = a->set->n;
	struct findings_half h[2] = {{*a, 0, n / 2}, {*a, n / 2, n}};

	h[1].own.pool = a->pool2 = strpool_new();
	for (int k = 0; k < 2; k++) {
		h[k].own.f = NULL;
		h[k].own.nf = h[k].own.capf = 0;
		memset(h[k].own.count, 0, sizeof h[k].own.count);
		h[k].own.failing = 0;
	}
	run_two(findings_half_run, &h[0], &h[1]);
	a->nf = h[0].own.nf + h[1].own.nf;
	a->capf = a->nf;
	a->f = xrealloc(h[0].own.f, (a->nf ? a->nf : 1) * sizeof *a->f);
	if (h[1].own.nf > 0)
		memcpy(a->f + h[0].own.nf, h[1].own.f,
		    h[1].own.nf * sizeof *a->f);
	free(h[1].own.f);
	for (int k = 0; k < FIND_KIND_COUNT; k++)
		a->count[k] += h[0].own.count[k] + h[1].own.count[k];
	a->failing += h[0].own.failing + h[1].own.failing;
}

/* Whether run i's change from run b of its series is no measure of the
 * noise: as from the night before it when b is that, else from b. */
static bool
marked_from(const struct analysis *a, size_t i, size_t b)
{
	return a->pos[i] > 0 && a->order[a->pos[i] - 1] == b ?
	    a->runs[i].change_marked : change_marked_from(a, i, b);
}

/* Whether each run's change from its base, and from the run before it
 * a baseline stands for, is no measure of the noise
 * (run_analysis.base_marked, prev_marked). */
static void
mark_base_changes(struct analysis *a)
{
	for (size_t i = 0; i < a->set->n; i++) {
		struct run_analysis *ra = &a->runs[i];

		if (ra->base >= 0 && ra->base_in_series)
			ra->base_marked = marked_from(a, i, (size_t)ra->base);
		if (ra->prev >= 0)
			ra->prev_marked = ra->base_in_series ? ra->base_marked :
			    marked_from(a, i, (size_t)ra->prev);
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
	choose_noise_floors(a);
	a->runs = xcalloc(set->n ? set->n : 1, sizeof *a->runs);
	make_changes(a);
	name_series(a);
	order_series(a);
	note_series_changes(a);
	index_references(a);
	for (size_t i = 0; i < set->n; i++)
		choose_base(a, i, forced);
	for (size_t i = 0; i < set->n; i++)
		check_named_baseline(set, i, d);
	mark_base_changes(a);
	compare_all(a);
	for (size_t i = 0; i < set->n; i++) {
		scale_run(a, i, &capsc);
		target_run(a, i, &capt);
		judge_run(a, i);
	}
	hashmap_free(&a->model_seen);
	hashmap_free(&a->factors_seen);
	mark_fallen_far(a);
	all_run_findings(a);
	series_findings(a);
	stall_warnings(a);
	find_patterns(a);
	sort_findings(a);
	summarise_gate(a);
	return 0;
}

void
analysis_free(struct analysis *a)
{
	/* The texts of findings and the series names are in the pool. */
	free_gate(a);
	free(a->f);
	free(a->by_run_at);
	free(a->by_run);
	free(a->runs);
	free(a->changes);
	free(a->noise);
	free(a->noise_from);
	free(a->order);
	free(a->pos);
	free(a->scaling);
	free(a->models);
	free(a->factors);
	free(a->targets);
	free_references(a->refs);
	strpool_free(a->pool);
	strpool_free(a->pool2);
	memset(a, 0, sizeof *a);
}
