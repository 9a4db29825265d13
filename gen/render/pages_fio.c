/* What a page shows of fio's figures: a run's workloads as rows of a
 * table, its queue-depth and job sweeps and its latencies as charts,
 * and the index of every workload of the set (metrics/fio.html). The
 * figures are the model's summaries; flags and expectations the
 * analysis'. See pages.h. */
#include "model/display.h"
#include "render/bars.h"
#include "render/headline.h"
#include "render/page_common.h"
#include "render/pages.h"
#include "render/tables.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A chart of a run holds at most this many bars. */
#define RUN_CHART_MAX SITE_MAX_BARS

/* The head of a run's fio table of its first shown measures
 * (fio_measures_shown). */
static void
fio_head(xmlNodePtr table, int shown)
{
	xmlNodePtr tr = html_el(html_el(table, "thead", NULL, NULL), "tr",
	    NULL, NULL);

	head_cell(tr, "Workload", NULL, false);
	for (int m = 0; m < shown; m++) {
		const char *label = fio_measure_column((enum fio_measure)m);
		const char *unit = display_fio_unit((enum fio_measure)m);

		/* "IOPS" is a unit and the column's name: said once */
		head_cell(tr, label, strcmp(unit, label) ? unit : NULL, true);
	}
	head_cell(tr, "Samples", NULL, true);
}

/* One workload's row: its name linked to its main figure's page, then
 * each measure (a flagged one marked). */
static void
fio_row(const struct site_plan *s, xmlNodePtr tbody, size_t i, size_t w,
    int shown, const char *root)
{
	const struct metric *m = analysis_metric(s->an,
	    run_metric_at(&s->set->runs[i], w));
	int main_id = fio_workload_metric(s->an, i, w, fio_main_measure(&m->fio));
	xmlNodePtr tr = html_el(tbody, "tr", NULL, NULL), th;
	int samples = 0;
	char *href, buf[32];

	th = row_head(tr, NULL);
	if (s->single) {
		html_text(th, m->workload_label);
	} else {
		href = xasprintf("%smetrics/%s.html", root, analysis_def(s->an,
		    main_id >= 0 ? main_id : run_metric_at(&s->set->runs[i],
		    w))->key);
		html_link(th, href, m->workload_label);
		free(href);
	}
	for (int fm = 0; fm < shown; fm++) {
		int id = fio_workload_metric(s->an, i, w, (enum fio_measure)fm);
		xmlNodePtr td;

		if (id < 0) {
			html_el(tr, "td", NULL, NULL);
			continue;
		}
		td = figure_cell(tr, analysis_def(s->an, id),
		    analysis_sum(s->an, i, id));
		if (analysis_flagged(s->an, i, id))
			html_attr(td, "class", "num bad");
		if (analysis_sum(s->an, i, id).n > samples)
			samples = analysis_sum(s->an, i, id).n;
	}
	snprintf(buf, sizeof buf, "%d", samples);
	html_el(tr, "td", "num", buf);
}

/* ---- charts of a run's sweeps and latencies ---- */

/* Whether workloads a and b are one sweep: the same in everything but
 * their queue depth (by_jobs false) or their jobs (true), which differ
 * (a workload is its own sibling too). */
static bool
same_but(const struct fio_key *a, const struct fio_key *b, bool by_jobs)
{
	struct fio_key x = *a, y = *b;

	if (a->rw == RW_JOB)
		return false;
	x.measure = y.measure = FM_BW;
	if (by_jobs)
		x.numjobs = y.numjobs = 0;
	else
		x.iodepth = y.iodepth = 0;
	return fio_key_same(&x, &y);
}

/* The sweep's group heading: the workload without what it sweeps. */
static char *
sweep_group(const struct fio_key *k, bool by_jobs)
{
	return fio_workload_label(k, by_jobs ? LABEL_NO_JOBS : LABEL_NO_DEPTH);
}

/* The bars of run i's sweeps of measure fm: every workload that has a
 * sibling differing only in queue depth (or jobs), grouped by what they
 * share, each group in the order of what it sweeps. */
struct sweep {
	int *metric;
	char **label, **group;
	size_t n;
};

static void
sweep_free(struct sweep *sw)
{
	for (size_t k = 0; k < sw->n; k++) {
		free(sw->label[k]);
		free(sw->group[k]);
	}
	free(sw->metric);
	free(sw->label);
	free(sw->group);
	memset(sw, 0, sizeof *sw);
}

/* A bar of a sweep before its place is known. */
struct sweep_bar {
	int metric, swept;	/* swept: its queue depth or jobs */
	size_t at;		/* its place in the table */
	size_t group_at;	/* the place of its group's first bar */
	char *group;
};

/* Groups in the order the table first has them, each by what it sweeps
 * (the table's order last, as qsort is not stable). The table's own
 * order alternates the groups of a depth sweep over two engines (QD1
 * libaio, QD1 io_uring, QD8 libaio, ...), a group of one bar each; the
 * groups' labels would sort QD32 before QD8. */
static int
cmp_sweep_bar(const void *x, const void *y)
{
	const struct sweep_bar *a = x, *b = y;

	if (a->group_at != b->group_at)
		return a->group_at < b->group_at ? -1 : 1;
	if (a->swept != b->swept)
		return a->swept < b->swept ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* Run i's workloads w[0..nw) that belong to a sweep of measure fm, into
 * bars; returns how many. */
static size_t
sweep_bars(const struct analysis *an, size_t i, const size_t *w, size_t nw,
    enum fio_measure fm, bool by_jobs, struct sweep_bar *bars)
{
	const struct run *r = &an->set->runs[i];
	size_t n = 0;

	for (size_t a = 0; a < nw; a++) {
		const struct fio_key *ka = &analysis_metric(an,
		    run_metric_at(r, w[a]))->fio;
		bool swept = false;
		int id = fio_workload_metric(an, i, w[a], fm);

		for (size_t b = 0; b < nw && !swept; b++)
			swept = b != a && same_but(ka, &analysis_metric(an,
			    run_metric_at(r, w[b]))->fio, by_jobs);
		/* Throughput in the workload's own terms: IOPS of random
		 * I/O, bandwidth of sequential; latency of both. */
		if (!swept || id < 0 || (!fio_measure_is_latency(fm) &&
		    fio_main_measure(ka) != fm))
			continue;
		bars[n] = (struct sweep_bar){id, by_jobs ? ka->numjobs :
		    ka->iodepth, a, n, sweep_group(ka, by_jobs)};
		for (size_t k = 0; k < n; k++)
			if (strcmp(bars[k].group, bars[n].group) == 0) {
				bars[n].group_at = k;
				break;
			}
		n++;
	}
	qsort(bars, n, sizeof *bars, cmp_sweep_bar);
	return n;
}

static void
sweep_of(const struct analysis *an, size_t i, const size_t *w, size_t nw,
    enum fio_measure fm, bool by_jobs, struct sweep *sw)
{
	struct sweep_bar *bars = xcalloc(nw + 1, sizeof *bars);
	size_t nb = sweep_bars(an, i, w, nw, fm, by_jobs, bars);

	memset(sw, 0, sizeof *sw);
	sw->metric = xcalloc(nw + 1, sizeof *sw->metric);
	sw->label = xcalloc(nw + 1, sizeof *sw->label);
	sw->group = xcalloc(nw + 1, sizeof *sw->group);
	for (size_t k = 0; k < nb; k++) {
		if (sw->n == RUN_CHART_MAX) {
			free(bars[k].group);
			continue;
		}
		sw->metric[sw->n] = bars[k].metric;
		sw->label[sw->n] = by_jobs ? xasprintf("%d job%s",
		    bars[k].swept, bars[k].swept == 1 ? "" : "s") :
		    xasprintf("QD%d", bars[k].swept);
		sw->group[sw->n++] = bars[k].group;
	}
	free(bars);
	/* A group heading opens a group only where it changes. */
	for (size_t k = sw->n; k-- > 1;)
		if (strcmp(sw->group[k], sw->group[k - 1]) == 0) {
			free(sw->group[k]);
			sw->group[k] = NULL;
		}
}

/* A chart of one run's bars (n of them, at least one), wide and narrow,
 * into fig; name tells it from the run's other charts ("lat"). */
static void
run_chart(const struct site_plan *s, xmlNodePtr parent, size_t i,
    const char *title, const char *note, bool log_axis, const int *metrics,
    char *const *labels, char *const *groups, size_t n, const char *name,
    struct diags *d)
{
	struct chart_bar *bars = chart_bars_of_run(s->an, i, metrics, n,
	    (const char *const *)labels, (const char *const *)groups);
	/* the unit of its bars, which measure one thing */
	struct chart c = {title, display_unit(analysis_def(s->an, metrics[0])),
	    note, bars, n, false, log_axis,
	    display_fine_below(analysis_def(s->an, metrics[0]))};
	char err[256] = "";
	xmlDocPtr wide = chart_svg_at(&c, s->fonts, CHART_WIDTH, err);
	xmlDocPtr narrow = s->single || wide == NULL ? NULL :
	    chart_svg_at(&c, s->fonts, CHART_NARROW_WIDTH, err);
	xmlNodePtr fig = html_el(parent, "figure", "chart", NULL);
	/* Its ids' prefix: "build --single-file" puts every run page in
	 * one document, so they start with the run's slug, then '~', which
	 * is in no slug, so that no run's ids can meet another's. */
	char *prefix = xasprintf("%s~%s-", s->slug[i], name);

	if (wide == NULL)
		diags_add(d, MSG_SYSERR, "charts", 0, "%s: %s", title, err);
	inline_charts(fig, wide, narrow, prefix);
	free(prefix);
	if (wide)
		xmlFreeDoc(wide);
	if (narrow)
		xmlFreeDoc(narrow);
	chart_bars_free(bars, n);
}

/* Charts of each measure against queue depth, then against jobs, where
 * the run swept them: its main figure and its mean latency. */
static void
sweep_charts(const struct site_plan *s, xmlNodePtr parent, size_t i,
    const size_t *w, size_t nw, struct diags *d)
{
	static const struct {
		enum fio_measure fm;
		const char *what, *note;
	} shown[] = {
		{FM_IOPS, "IOPS", "I/O operations per second: median of the "
		    "run's samples, whiskers from min to max."},
		{FM_BW, "Bandwidth", "MiB/s: median of the run's samples, "
		    "whiskers from min to max."},
		{FM_LAT, "Mean latency", "Mean completion latency in "
		    "microseconds: shorter is better. More requests in flight "
		    "queue longer; the IOPS they buy is the chart above."},
	};

	for (int by_jobs = 0; by_jobs < 2; by_jobs++)
		for (size_t k = 0; k < sizeof shown / sizeof *shown; k++) {
			struct sweep sw;
			char *title, name[32];

			sweep_of(s->an, i, w, nw, shown[k].fm, by_jobs, &sw);
			if (sw.n >= 2) {
				title = xasprintf("%s by %s", shown[k].what,
				    by_jobs ? "jobs" : "queue depth");
				snprintf(name, sizeof name, "sw%d%zu", by_jobs,
				    k);
				run_chart(s, parent, i, title, shown[k].note,
				    false, sw.metric, sw.label, sw.group, sw.n,
				    name, d);
				free(title);
			}
			sweep_free(&sw);
		}
}

/* The mean and the percentiles of each workload's completion latency
 * on a logarithmic axis: a tail a hundred times the median shows. */
static void
latency_chart(const struct site_plan *s, xmlNodePtr parent, size_t i,
    const size_t *w, size_t nw, struct diags *d)
{
	static const enum fio_measure fms[] = {FM_LAT, FM_P50, FM_P99,
	    FM_P99_9};
	size_t cap = nw * 4 + 1, n = 0;
	int *metrics = xcalloc(cap, sizeof *metrics);
	char **labels = xcalloc(cap, sizeof *labels);
	char **groups = xcalloc(cap, sizeof *groups);

	for (size_t k = 0; k < nw; k++) {
		const struct metric *m = analysis_metric(s->an,
		    run_metric_at(&s->set->runs[i], w[k]));
		bool first = true;

		for (size_t f = 0; f < 4 && n < RUN_CHART_MAX; f++) {
			int id = fio_workload_metric(s->an, i, w[k], fms[f]);

			if (id < 0)
				continue;
			metrics[n] = id;
			labels[n] = xstrdup(fms[f] == FM_LAT ? "mean" :
			    fio_measure_keys[fms[f]]);
			if (fms[f] == FM_P99_9)
				strcpy(labels[n], "p99.9");
			groups[n++] = first ? xstrdup(m->workload_label) : NULL;
			first = false;
		}
	}
	if (n >= 2)
		run_chart(s, parent, i, "Completion latency", "Microseconds "
		    "on a logarithmic scale, a tick a decade: the mean, the "
		    "median and the 99th and 99.9th percentiles of each "
		    "workload (median of the run's samples).", true, metrics,
		    labels, groups, n, "lat", d);
	for (size_t k = 0; k < n; k++) {
		free(labels[k]);
		free(groups[k]);
	}
	free(metrics);
	free(labels);
	free(groups);
}

void
fio_run_results(const struct site_plan *s, size_t i, xmlNodePtr parent,
    struct diags *d)
{
	const struct run *r = &s->set->runs[i];
	size_t *w = xcalloc(r->nsum + 1, sizeof *w);
	size_t nw = fio_workloads(s->an, i, w);
	xmlNodePtr table, tbody;
	char *base;
	int shown;

	if (nw == 0) {
		free(w);
		return;
	}
	table = html_el(html_el(parent, "div", "table-wrap", NULL), "table",
	    "results", NULL);
	html_el(table, "caption", NULL, "fio: each workload's figures, the "
	    "median of its samples (hover a figure for its range)");
	shown = fio_measures_shown(s->an, i);
	fio_head(table, shown);
	tbody = html_el(table, "tbody", NULL, NULL);
	for (size_t k = 0; k < nw; k++)
		fio_row(s, tbody, i, w[k], shown, "../");
	base = xasprintf("%s%s", s->slug[i], plan_fio_table_apart(s, i) ?
	    "@fio" : "");
	table_downloads(s, html_el(parent, "p", "downloads", NULL), base);
	free(base);
	if (s->fonts) {
		sweep_charts(s, parent, i, w, nw, d);
		latency_chart(s, parent, i, w, nw, d);
	}
	free(w);
}

/* ---- metrics/fio.html: every workload of the set ---- */

/* How many runs have metric id. */
static size_t
runs_with(const struct site_plan *s, int id)
{
	size_t n = 0;

	for (size_t i = 0; i < s->set->n; i++)
		n += plan_has_metric(s, i, id);
	return n;
}

/* A workload's row of the index: its name and how many runs have it;
 * its measures' cells follow. */
static xmlNodePtr
index_row(const struct site_plan *s, xmlNodePtr tbody, int id)
{
	xmlNodePtr tr = html_el(tbody, "tr", NULL, NULL);
	char count[32];

	row_head(tr, analysis_metric(s->an, id)->workload_label);
	snprintf(count, sizeof count, "%zu", runs_with(s, id));
	html_el(tr, "td", "num", count);
	return tr;
}

/* How many of fio's measures, from the first, the index shows: as a
 * run's table does (fio_measures_shown), of every run. */
static int
index_measures(const struct site_plan *s)
{
	const struct metric_table *t = &s->set->metrics;

	for (size_t id = M_COUNT; id < t->n; id++)
		if (s->has_data[id] && fio_measure_is_sync(t->v[id].fio.measure))
			return FIO_MEASURES;
	return FM_SYNC;
}

htmlDocPtr
fio_index_doc(const struct site_plan *s, char **rel)
{
	htmlDocPtr doc = page_start(s, PAGE_METRIC, "fio workloads");
	const struct metric_table *t = &s->set->metrics;
	xmlNodePtr n, tr = NULL;
	const char *last = NULL;
	int col = 0, shown = index_measures(s);

	*rel = NULL;
	if (doc == NULL)
		return NULL;
	crumbs(doc, "fio workloads");
	if ((n = html_slot(doc, "lead")) != NULL)
		html_text(n, "Every workload the fio runs measured, keyed by "
		    "pattern, block size, queue depth, jobs, engine, direct "
		    "I/O, how its writes were synced and, for a mix, its share "
		    "of reads and of random requests: runs compare only on the "
		    "same workload. Each figure has a page of its own with "
		    "every run's figure.");
	html_drop(html_slot(doc, "chart"));
	html_drop(html_slot(doc, "downloads"));
	if ((tr = html_slot(doc, "metric-head")) != NULL) {
		head_cell(tr, "Workload", NULL, false);
		head_cell(tr, "Runs", NULL, true);
		for (int m = 0; m < shown; m++)
			head_cell(tr, fio_measure_labels[m], NULL, false);
	}
	if ((n = html_slot(doc, "table-title")) != NULL)
		html_text(n, "Workloads");
	n = html_slot(doc, "metric-rows");
	for (size_t id = M_COUNT; n && id < t->n; id++) {
		const struct metric *m = &t->v[id];
		char *href;

		if (!s->has_data[id])
			continue;
		if (last == NULL || strcmp(m->workload, last) != 0) {
			for (; tr && last && col < shown; col++)
				html_el(tr, "td", NULL, NULL);
			last = m->workload;
			tr = index_row(s, n, (int)id);
			col = 0;
		}
		for (; col < (int)m->fio.measure; col++)
			html_el(tr, "td", NULL, NULL);
		href = xasprintf("%s.html", m->def.key);
		html_link(html_el(tr, "td", NULL, NULL), href,
		    fio_measure_labels[m->fio.measure]);
		free(href);
		col++;
	}
	for (; tr && last && col < shown; col++)
		html_el(tr, "td", NULL, NULL);
	html_drop(html_slot(doc, "table-downloads"));
	*rel = xstrdup("metrics/fio.html");
	return doc;
}
