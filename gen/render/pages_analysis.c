/* The analysis in the site: the verdict that opens the index and each
 * run page, a run's comparison and scaling tables, and the comparison
 * pages (by meta key, by series, two runs side by side), whose rows
 * tables.c chooses for their tables, charts and table files alike.
 * Takes the plan, the model and the analysis const. */
#include "model/display.h"
#include "read/meta.h"
#include "render/bars.h"
#include "render/headline.h"
#include "render/page_common.h"
#include "render/pages.h"
#include "render/render.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_class[FIND_KIND_COUNT] = {
	[FIND_REGRESSION] = "regression", [FIND_SHORTFALL] = "shortfall",
	[FIND_TARGET] = "target", [FIND_WEAK] = "weak",
	[FIND_PATTERN] = "pattern", [FIND_WARNING] = "warning",
	[FIND_IMPROVEMENT] = "improvement",
};

static const char *const kind_label[FIND_KIND_COUNT] = {
	[FIND_REGRESSION] = "Regression", [FIND_SHORTFALL] = "Shortfall",
	[FIND_TARGET] = "Below target", [FIND_WEAK] = "Weak scaling",
	[FIND_PATTERN] = "Pattern", [FIND_WARNING] = "Warning",
	[FIND_IMPROVEMENT] = "Improvement",
};

/* A regression, shortfall or missed target that does not fail the
 * gate is labelled so, in the warnings' colour: red is for what fails,
 * a list of twenty-one drops of which five are told only must not read
 * as twenty-one failures. */
static bool
told_only(enum finding_kind kind, bool gated)
{
	return !gated && (kind == FIND_REGRESSION || kind == FIND_SHORTFALL ||
	    kind == FIND_TARGET);
}

static void
finding_item(const struct site_plan *s, xmlNodePtr list,
    const struct finding *f, bool name_run, const char *root)
{
	bool told = told_only(f->kind, f->gated);
	xmlNodePtr li = html_el(list, "li", told ? "warning" :
	    kind_class[f->kind], NULL);

	html_el(li, "span", "kind", told ? "Not gated" : kind_label[f->kind]);
	html_text(li, " ");
	if (name_run && f->run >= 0) {
		char *href = run_href(s, (size_t)f->run, root);

		html_link(li, href, s->set->runs[f->run].id);
		html_text(li, ": ");
		free(href);
	}
	html_text(li, f->text);
	if (f->explain) {
		xmlNodePtr sub = html_el(li, "span", "sub", "Differs: ");

		html_text(sub, f->explain);
	}
	if (f->caveat) {
		xmlNodePtr sub = html_el(li, "span", "sub caveat",
		    "Not gated: ");

		html_text(sub, f->caveat);
	}
	if (f->ack) {
		xmlNodePtr sub = html_el(li, "span", "sub", "Acknowledged: ");

		html_text(sub, f->ack);
	}
	if (f->kind == FIND_REGRESSION && !f->gated && f->caveat == NULL)
		html_el(li, "span", "sub", "Does not fail the gate.");
}

/* "3 findings fail the gate (2 shortfalls, 1 missed target); 1 does
 * not (1 warning)." and the like, over
 * the findings f[sel[0..n)]. */
static char *
verdict_line(const struct analysis *an, const size_t *sel, size_t n,
    int *failing)
{
	char *out, *counts;

	*failing = 0;
	for (size_t k = 0; k < n; k++)
		*failing += an->f[sel[k]].gated && an->f[sel[k]].ack == NULL;
	counts = gate_counts(an, sel, n);
	counts[0] = (char)toupper((unsigned char)counts[0]);
	out = xasprintf("%s.", counts);
	free(counts);
	return out;
}

/* The findings a verdict is about: a run's own (run >= 0) or all; and
 * those it lists: all of them, except on a large site's overview, which
 * lists the open ones (of the latest run of each series, and patterns).
 * Both arrays are new. */
static void
select_findings(const struct site_plan *s, long run, size_t **about,
    size_t *nabout, size_t **listed, size_t *nlisted)
{
	const struct analysis *an = s->an;

	if (run >= 0) {
		size_t from = an->by_run_at[run], to = an->by_run_at[run + 1];

		*nabout = *nlisted = to - from;
		*about = xcalloc(*nabout + 1, sizeof **about);
		memcpy(*about, an->by_run + from, *nabout * sizeof **about);
		*listed = xcalloc(*nabout + 1, sizeof **listed);
		memcpy(*listed, *about, *nabout * sizeof **listed);
		return;
	}
	*about = xcalloc(an->nf + 1, sizeof **about);
	*listed = xcalloc(an->nf + 1, sizeof **listed);
	*nabout = *nlisted = 0;
	for (size_t k = 0; k < an->nf; k++) {
		(*about)[(*nabout)++] = k;
		if (!s->large || an->f[k].run < 0 ||
		    plan_is_latest(s, (size_t)an->f[k].run))
			(*listed)[(*nlisted)++] = k;
	}
}

/* The index lists at most this many groups a section; a large site's
 * others are on the pages of their runs. */
#define INDEX_GROUPS 50

/* The index names at most this many runs of a cause and tells the
 * details of their findings: a series below its targets for years is
 * one cause of thousands of runs, each on its series' and run's pages. */
#define INDEX_GROUP_RUNS 20

/* How many of g's findings, from the first, are of its first
 * INDEX_GROUP_RUNS runs (those the index tells); *runs_left, how many
 * runs come after them. A group's findings of one run are together. */
static size_t
group_told(const struct analysis *an, const struct finding_group *g,
    size_t *runs_left)
{
	size_t runs = 0, k, told;
	long last = -1;

	for (k = 0; k < g->n; k++) {
		long run = group_finding(an, g, k)->run;

		if (run < 0 || run == last)
			continue;
		if (runs == INDEX_GROUP_RUNS)
			break;
		runs++;
		last = run;
	}
	told = k;
	*runs_left = 0;
	for (; k < g->n; k++) {
		long run = group_finding(an, g, k)->run;

		if (run >= 0 && run != last) {
			(*runs_left)++;
			last = run;
		}
	}
	return told;
}

/* The details of g's first told findings, folded: what differs, why
 * not gated and the acknowledgements, each text once, under
 * the run when it spans runs. */
static void
group_details(const struct site_plan *s, xmlNodePtr li,
    const struct finding_group *g, size_t told)
{
	const struct analysis *an = s->an;
	bool many = group_spans_runs(an, g);
	xmlNodePtr det = NULL, ul = NULL;

	for (size_t k = 0; k < told; k++) {
		const struct finding *f = group_finding(an, g, k);

		for (int t = 0; t < DETAIL_TEXTS; t++) {
			char *lead, *text;

			if (detail_told_before(an, g, k, t))
				continue;
			if (det == NULL) {
				det = html_el(li, "details", "differs", NULL);
				html_el(det, "summary", NULL, "What differs");
				ul = html_el(det, "ul", NULL, NULL);
			}
			lead = f->run >= 0 && many ? xasprintf("%s, %s: ",
			    detail_label(g, f, t), s->set->runs[f->run].id) :
			    xasprintf("%s: ", detail_label(g, f, t));
			text = detail_untold(an, g, k, t);
			html_text(html_el(ul, "li", NULL, lead), text);
			free(text);
			free(lead);
		}
	}
}

/* How many series' pages a regression's line links, at most. */
#define GROUP_SERIES_LINKS 3

/* The pages of the series of a regression's first told runs, where
 * they have one: its history is where the fall is read against the
 * nights before it. ended: the line so far ends a sentence. */
static void
group_series_links(const struct site_plan *s, xmlNodePtr sub,
    const struct finding_group *g, size_t told, bool ended)
{
	size_t seen[GROUP_SERIES_LINKS], n = 0;

	for (size_t k = 0; k < told && n < GROUP_SERIES_LINKS; k++) {
		long run = group_finding(s->an, g, k)->run;
		size_t sp;
		bool again = false;
		char *href, *shown;

		if (run < 0 || s->series[sp = s->series_of[run]].slug == NULL)
			continue;
		for (size_t j = 0; j < n; j++)
			again |= seen[j] == sp;
		if (again)
			continue;
		html_text(sub, n > 0 ? ", " : ended ? " Series: " :
		    sub->children ? ". Series: " : "Series: ");
		href = xasprintf("series/%s.html", s->series[sp].slug);
		shown = series_shown(s->an->runs[run].series);
		html_link(sub, href, shown);
		free(shown);
		free(href);
		seen[n++] = sp;
	}
}

/* The links to the runs of g's first told findings, and how many runs
 * are left. */
static void
group_runs_line(const struct site_plan *s, xmlNodePtr li,
    const struct finding_group *g, size_t told, size_t runs_left)
{
	xmlNodePtr sub = html_el(li, "span", "sub", NULL);
	long last = -1;

	for (size_t k = 0; k < told; k++) {
		long run = group_finding(s->an, g, k)->run;
		char *href;

		if (run < 0 || run == last)
			continue;
		html_text(sub, last < 0 ? "Runs: " : ", ");
		href = run_href(s, (size_t)run, "");
		html_link(sub, href, s->set->runs[run].id);
		free(href);
		last = run;
	}
	if (runs_left > 0) {
		char *more = xasprintf(" and %zu more.", runs_left);

		html_text(sub, more);
		free(more);
	}
	if (g->kind == FIND_REGRESSION)
		group_series_links(s, sub, g, told, runs_left > 0);
	if (sub->children == NULL)
		html_drop(sub);
}

static void
index_section(const struct site_plan *s, xmlNodePtr list,
    enum verdict_section sec)
{
	size_t n;
	const struct finding_group *g = gate_groups(s->an, sec, &n);

	for (size_t k = 0; k < n && k < INDEX_GROUPS; k++) {
		bool only = told_only(g[k].kind, sec == SECTION_FAILS);
		xmlNodePtr li = html_el(list, "li", only ? "warning" :
		    kind_class[g[k].kind], NULL);
		size_t left, told = group_told(s->an, &g[k], &left);

		html_el(li, "span", "kind", only ? "Not gated" :
		    kind_label[g[k].kind]);
		html_text(li, " ");
		html_text(li, g[k].text);
		if (sec == SECTION_FAILS)
			group_runs_line(s, li, &g[k], told, left);
		group_details(s, li, &g[k], told);
	}
	if (n > INDEX_GROUPS) {
		char *more = xasprintf("And %zu more causes, on the pages of "
		    "their runs.", n - INDEX_GROUPS);

		html_el(list, "li", "more", more);
		free(more);
	}
}

/* The index's verdict: the headline, each cause that fails the gate in
 * one sentence with its details folded, then the warnings and the
 * improvements, collapsed. */
static void
index_verdict(const struct site_plan *s, xmlNodePtr sec)
{
	static const char *const titles[SECTIONS] = {
		[SECTION_WARNINGS] = "Warnings",
		[SECTION_IMPROVEMENTS] = "Improvements",
	};
	const struct gate_summary *g = &s->an->gate;

	html_el(sec, "h2", NULL, "Verdict");
	html_el(sec, "p", g->runs[RUN_FAILS] ? "verdict-line fail" :
	    "verdict-line pass", g->headline);
	if (g->causes)
		html_el(sec, "p", "hint", g->causes);
	if (g->ngroups_in[SECTION_FAILS])
		index_section(s, html_el(sec, "ol", "findings", NULL),
		    SECTION_FAILS);
	if (g->ngroups_in[SECTION_SHARED])
		index_section(s, html_el(sec, "ul", "findings", NULL),
		    SECTION_SHARED);
	for (int k = SECTION_WARNINGS; k <= SECTION_IMPROVEMENTS; k++) {
		xmlNodePtr det;
		char *sum;

		if (g->ngroups_in[k] == 0)
			continue;
		det = html_el(sec, "details", "warnings", NULL);
		sum = xasprintf("%s (%zu finding%s, %zu cause%s)", titles[k],
		    g->findings[k], g->findings[k] == 1 ? "" : "s",
		    g->ngroups_in[k], g->ngroups_in[k] == 1 ? "" : "s");
		html_el(det, "summary", NULL, sum);
		free(sum);
		index_section(s, html_el(det, "ul", NULL, NULL),
		    (enum verdict_section)k);
	}
}

void
verdicts_fill(const struct site_plan *s, htmlDocPtr doc, long run,
    const char *root)
{
	xmlNodePtr sec = html_slot(doc, "verdicts"), ol, det, ul;
	const struct analysis *an = s->an;
	size_t warnings = 0, *about, *listed, nabout, nlisted;
	int failing;
	char *line, *sum;

	if (sec == NULL)
		return;
	if (run < 0) {
		index_verdict(s, sec);
		return;
	}
	select_findings(s, run, &about, &nabout, &listed, &nlisted);
	html_el(sec, "h2", NULL, run < 0 ? "Verdict" : "Verdict for this run");
	line = verdict_line(an, about, nabout, &failing);
	html_el(sec, "p", failing ? "verdict-line fail" : "verdict-line pass",
	    line);
	free(line);
	if (nlisted < nabout) {
		line = xasprintf("Listed below: the %zu findings of the latest "
		    "run of each series and the patterns across runs; the "
		    "other %zu are on the pages of their runs and series.",
		    nlisted, nabout - nlisted);
		html_el(sec, "p", "hint", line);
		free(line);
	}
	ol = html_el(sec, "ol", "findings", NULL);
	for (size_t k = 0; k < nlisted; k++) {
		if (an->f[listed[k]].kind == FIND_WARNING)
			warnings++;
		else
			finding_item(s, ol, &an->f[listed[k]], run < 0, root);
	}
	if (ol->children == NULL)
		html_drop(ol);
	if (warnings > 0) {
		det = html_el(sec, "details", "warnings", NULL);
		sum = xasprintf("Warnings (%zu): figures to read with care",
		    warnings);
		html_el(det, "summary", NULL, sum);
		free(sum);
		ul = html_el(det, "ul", NULL, NULL);
		for (size_t k = 0; k < nlisted; k++)
			if (an->f[listed[k]].kind == FIND_WARNING)
				finding_item(s, ul, &an->f[listed[k]], run < 0,
				    root);
	}
	free(about);
	free(listed);
}

void
efficiency_cell(const struct site_plan *s, xmlNodePtr tr, size_t run, int id)
{
	struct scaled_metric scv;
	const struct scaled_metric *sc = analysis_scaled(s->an, run, id, &scv) ?
	    &scv : NULL;
	const struct target *t = analysis_target(s->an, run, id);
	char buf[64] = "", pct[32];
	const char *cls = "num";

	if (sc) {
		display_share(sc->efficiency, 10, pct);
		snprintf(buf, sizeof buf, "%s%%", pct);
		cls = sc->level == EFF_SHORT ? "num bad" :
		    sc->level == EFF_WEAK ? "num weak" : "num";
	} else if (t) {
		display_share(t->ratio, 10, pct);
		snprintf(buf, sizeof buf, "%s%% of target", pct);
		cls = t->shortfall ? "num bad" : "num";
	}
	html_el(tr, "td", cls, buf);
}

/* Whether run's figure of metric id was not compared with its base's
 * because a side was too fast to measure ("+++++"), not for want of
 * the figure. */
static bool
insufficient_too_fast(const struct analysis *an, size_t run, int id)
{
	const struct run_analysis *ra = &an->runs[run];

	return analysis_sum(an, run, id).state == VS_TOO_FAST ||
	    (ra->base >= 0 && analysis_sum(an, (size_t)ra->base,
	    id).state == VS_TOO_FAST);
}

void
change_cell(const struct site_plan *s, xmlNodePtr tr, size_t run, int id)
{
	const struct change *c = analysis_change_of(s->an, run, id);
	struct change_figures cf = analysis_change(s->an, run, id);
	char buf[64] = "", pct[32];
	const char *cls = "num";
	xmlNodePtr td;

	switch (c->verdict) {
	case VERDICT_SAME:
		display_percent(cf.rel, true, pct);
		snprintf(buf, sizeof buf, "~ %s%%", pct);
		break;
	case VERDICT_REGRESSION:
		display_percent(cf.rel, true, pct);
		snprintf(buf, sizeof buf, "%s%% \u25bc", pct);
		/* red for what fails the gate, not for what is told */
		cls = analysis_flagged(s->an, run, id) ? "num bad" :
		    "num weak";
		break;
	case VERDICT_IMPROVEMENT:
		display_percent(cf.rel, true, pct);
		snprintf(buf, sizeof buf, "%s%% \u25b2", pct);
		cls = "num good";
		break;
	case VERDICT_INSUFFICIENT:
		/* what stands instead of a figure, on either side: the
		 * table's own mark for too fast, as narrow as a figure */
		if (insufficient_too_fast(s->an, run, id)) {
			td = html_el(tr, "td", cls, NULL);
			html_attr(html_el(td, "span", "too-fast", "+++++"),
			    "title", "too fast to measure on one side or "
			    "both: not compared");
			return;
		}
		snprintf(buf, sizeof buf, "no figure");
		break;
	default:
		break;
	}
	td = html_el(tr, "td", cls, buf);
	if (c->verdict != VERDICT_NONE && c->verdict != VERDICT_INSUFFICIENT) {
		char *tip = xasprintf("%s; %d vs %d samples", rule_names[c->rule],
		    cf.n, cf.n_base);

		html_attr(td, "title", tip);
		free(tip);
	}
}

static void
analysis_table_head(xmlNodePtr table, const char *first)
{
	xmlNodePtr tr = html_el(html_el(table, "thead", NULL, NULL), "tr",
	    NULL, NULL);

	head_cell(tr, first, NULL, false);
	for (int id = 0; id < M_COUNT; id++)
		head_cell(tr, metric_defs[id].label, display_unit(&metric_defs[id]), true);
}

/* bonnie++'s figures against the base: a row of the base's figures,
 * one of the run's, one of changes. */
static void
bonnie_comparison(const struct site_plan *s, xmlNodePtr sec, size_t i)
{
	const struct run_analysis *ra = &s->an->runs[i];
	xmlNodePtr table, tbody, tr;

	table = html_el(html_el(sec, "div", "table-wrap", NULL), "table",
	    "results", NULL);
	analysis_table_head(table, "");
	tbody = html_el(table, "tbody", NULL, NULL);
	tr = html_el(tbody, "tr", NULL, NULL);
	row_head(tr, "Base");
	for (int id = 0; id < M_COUNT; id++)
		figure_cell(tr, &metric_defs[id], analysis_sum(s->an,
		    (size_t)ra->base, id));
	tr = html_el(tbody, "tr", NULL, NULL);
	row_head(tr, "This run");
	for (int id = 0; id < M_COUNT; id++)
		figure_cell(tr, &metric_defs[id], analysis_sum(s->an, i, id));
	tr = html_el(tbody, "tr", "summary", NULL);
	row_head(tr, "Change");
	for (int id = 0; id < M_COUNT; id++)
		change_cell(s, tr, i, id);
}

/* Metric id of run i against the base: its workload and unit (which
 * tells IOPS from bandwidth), the base's figure, the run's and the
 * change. */
static void
fio_comparison_row(const struct site_plan *s, xmlNodePtr tbody, size_t i,
    int id)
{
	const struct metric_def *d = analysis_def(s->an, id);
	xmlNodePtr tr = html_el(tbody, "tr", NULL, NULL);

	html_el(row_head(tr, analysis_metric(s->an, id)->workload_label),
	    "span", "unit", display_unit(d));
	figure_cell(tr, d, analysis_sum(s->an, (size_t)s->an->runs[i].base,
	    id));
	figure_cell(tr, d, analysis_sum(s->an, i, id));
	change_cell(s, tr, i, id);
}

/* fio's figures against the base: the main figure of each of the run's
 * workloads (IOPS of random I/O, bandwidth of sequential), a row each,
 * as a run has any number of workloads. */
static void
fio_comparison(const struct site_plan *s, xmlNodePtr sec, size_t i)
{
	const struct run *r = &s->set->runs[i];
	size_t *w = xcalloc(r->nsum + 1, sizeof *w);
	size_t nw = fio_workloads(s->an, i, w);
	xmlNodePtr table, tr, tbody;

	if (nw == 0) {
		free(w);
		return;
	}
	table = html_el(html_el(sec, "div", "table-wrap", NULL), "table",
	    "results", NULL);
	tr = html_el(html_el(table, "thead", NULL, NULL), "tr", NULL, NULL);
	head_cell(tr, "fio workload", NULL, false);
	head_cell(tr, "Base", NULL, true);
	head_cell(tr, "This run", NULL, true);
	head_cell(tr, "Change", NULL, true);
	tbody = html_el(table, "tbody", NULL, NULL);
	for (size_t k = 0; k < nw; k++) {
		const struct metric *m = analysis_metric(s->an,
		    run_metric_at(r, w[k]));
		int id = fio_workload_metric(s->an, i, w[k],
		    fio_main_measure(&m->fio));

		if (id >= 0)
			fio_comparison_row(s, tbody, i, id);
	}
	free(w);
}

/* The run against its base: bonnie++'s figures when the run has any,
 * then fio's, so that a fio run shows its changes and no empty
 * bonnie++ columns. */
static void
comparison_table(const struct site_plan *s, xmlNodePtr sec, size_t i)
{
	const struct run_analysis *ra = &s->an->runs[i];
	xmlNodePtr p;
	char *href;

	p = html_el(sec, "p", NULL, "Compared with ");
	href = run_href(s, (size_t)ra->base, "../");
	html_link(p, href, s->set->runs[ra->base].id);
	free(href);
	html_text(p, ", ");
	html_text(p, ra->base_why);
	html_text(p, ". ~ is no significant change; hover a change for the "
	    "rule that judged it.");
	if (s->set->runs[i].nsamples > 0)
		bonnie_comparison(s, sec, i);
	fio_comparison(s, sec, i);
}

/* The figures of metric id of run i's scaling sc into *x, when the
 * model gives a figure of it (judged or not): whether it does. */
static bool
shown_scaled(const struct analysis *an, size_t i, const struct scaling *sc,
    int id, struct scaled_metric *x)
{
	if (analysis_change_of(an, i, id)->level == EFF_NONE)
		return false;
	*x = scaled_figures(an, i, sc, id);
	return true;
}

/* Where the single disk came from: judged against, rough context, or
 * none measured like this run. */
static void
scaling_intro(const struct site_plan *s, xmlNodePtr sec, size_t i)
{
	const struct run *r = &s->set->runs[i];
	const struct scaling *sc = analysis_scaling(s->an, i);
	xmlNodePtr p;
	char *text, *href;

	if (sc->reference < 0) {
		text = xasprintf("A %d-disk %s would be measured against one "
		    "of its disks: there is %s, so its scaling is not judged.",
		    r->meta.disk_count, raid_level_names[r->meta.raid],
		    sc->why);
		html_el(sec, "p", NULL, text);
		free(text);
		return;
	}
	text = xasprintf("A %d-disk %s should give these multiples of one "
	    "disk (only the low end is judged); the single disk is ",
	    r->meta.disk_count, raid_level_names[r->meta.raid]);
	p = html_el(sec, "p", NULL, text);
	free(text);
	href = run_href(s, (size_t)sc->reference, "../");
	html_link(p, href, s->set->runs[sc->reference].id);
	free(href);
	html_text(p, " (");
	html_text(p, sc->why);
	html_text(p, sc->valid ? ")." : "), context only: there is no "
	    "single-disk run of this disk measured like this, so its scaling "
	    "is not judged.");
}

static void
scaling_row(const struct site_plan *s, xmlNodePtr tr, size_t i, int row,
    int id, const struct scaled_metric *x)
{
	const struct scaling *sc = analysis_scaling(s->an, i);
	const struct metric_def *d = analysis_def(s->an, id);
	char buf[64], low[32], high[32];

	if (row == 0) {
		figure_cell(tr, d, analysis_sum(s->an, (size_t)sc->reference,
		    id));
	} else if (row == 1) {
		snprintf(low, sizeof low, "%.3g", x->factor);
		snprintf(high, sizeof high, "%.3g", x->factor_high);
		snprintf(buf, sizeof buf, strcmp(low, high) ? "\u00d7 %s\u2013%s" :
		    "\u00d7 %s", low, high);
		html_el(tr, "td", "num", buf);
	} else if (row == 2) {
		display_format(d, display_value(d, x->expected), low);
		display_format(d, display_value(d, x->expected_high), high);
		snprintf(buf, sizeof buf, strcmp(low, high) ? "%s\u2013%s" : "%s",
		    low, high);
		html_el(tr, "td", "num", buf);
	} else {
		struct scaled_metric judged;
		xmlNodePtr td = figure_cell(tr, d, analysis_sum(s->an, i, id));
		char pct[32], *eff;

		display_share(x->efficiency, 10, pct);
		eff = xasprintf("%s%% of the low end, %s", pct,
		    analysis_scaled(s->an, i, id, &judged) ?
		    efficiency_names[x->level] : "not judged");

		html_el(td, "span", "sub", eff);
		free(eff);
	}
}

/* Why each factor is what it is, from the model's table. */
static void
scaling_reasons(const struct analysis *an, size_t i, const struct scaling *sc,
    xmlNodePtr sec)
{
	xmlNodePtr ul = html_el(sec, "ul", NULL, NULL);
	const struct run *r = &an->set->runs[i];

	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		struct scaled_metric x;
		char *text;

		if (!shown_scaled(an, i, sc, id, &x))
			continue;
		text = xasprintf("%s: %s.", analysis_def(an, id)->label,
		    scaling_reason(&x, analysis_metric(an, id), r));
		html_el(ul, "li", NULL, text);
		free(text);
	}
}

static void
scaling_table(const struct site_plan *s, xmlNodePtr sec, size_t i)
{
	const struct scaling *sc = analysis_scaling(s->an, i);
	const struct run *r = &s->set->runs[i];
	struct scaled_metric x;
	xmlNodePtr table, tbody, tr;

	scaling_intro(s, sec, i);
	if (sc->reference < 0)
		return;
	table = html_el(html_el(sec, "div", "table-wrap", NULL), "table",
	    "results", NULL);
	tr = html_el(html_el(table, "thead", NULL, NULL), "tr", NULL, NULL);
	head_cell(tr, "", NULL, false);
	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric_def *d = analysis_def(s->an,
		    run_metric_at(r, k));

		if (shown_scaled(s->an, i, sc, run_metric_at(r, k), &x))
			head_cell(tr, d->label, display_unit(d), true);
	}
	tbody = html_el(table, "tbody", NULL, NULL);
	for (int row = 0; row < 4; row++) {
		static const char *const labels[] = {"One disk", "Factor",
		    "Expected", "This run"};

		tr = html_el(tbody, "tr", row == 3 ? "summary" : NULL, NULL);
		row_head(tr, labels[row]);
		for (size_t k = 0; k < r->nsum; k++)
			if (shown_scaled(s->an, i, sc, run_metric_at(r, k), &x))
				scaling_row(s, tr, i, row, run_metric_at(r, k),
				    &x);
	}
	scaling_reasons(s->an, i, sc, sec);
}

/* A run page links at most this many of the compare pages that name it
 * as the earlier run (a baseline may be named by thousands). */
#define PAIR_LINKS_MAX 10

static bool
has_pairs(const struct site_plan *s, size_t i)
{
	if (s->single)
		return false;
	for (int w = 0; w < PAIRS_PER_RUN; w++)
		if (plan_pair_other(s, i, w) >= 0)
			return true;
	return s->pair_fi[i + 1] > s->pair_fi[i];
}

static void
pair_link(const struct site_plan *s, xmlNodePtr ul, size_t run, int which,
    const char *what)
{
	char *href = pair_href(s, run, which, "../");
	long other = plan_pair_other(s, run, which);
	xmlNodePtr li = html_el(ul, "li", NULL, NULL);
	char *text = xasprintf("%s against %s", s->set->runs[run].id,
	    s->set->runs[other].id);

	html_link(li, href, text);
	html_text(li, what);
	free(text);
	free(href);
}

/* The compare pages of run i: against its base and the run before it,
 * and those of later runs compared with it. */
static void
pair_links(const struct site_plan *s, xmlNodePtr sec, size_t i)
{
	size_t from = s->pair_fi[i], to = s->pair_fi[i + 1];
	xmlNodePtr ul;
	char *more;

	if (!has_pairs(s, i))
		return;
	html_el(sec, "h3", NULL, "Side by side");
	ul = html_el(sec, "ul", "pairs", NULL);
	for (int w = 0; w < PAIRS_PER_RUN; w++)
		if (plan_pair_other(s, i, w) >= 0)
			pair_link(s, ul, i, w, w == 0 ? " (the run it is "
			    "compared with)" : " (the run before it in its "
			    "series)");
	for (size_t k = from; k < to && k < from + PAIR_LINKS_MAX; k++)
		pair_link(s, ul, s->pair_f[k] / 2, (int)(s->pair_f[k] % 2),
		    " (a later run)");
	if (to - from > PAIR_LINKS_MAX) {
		more = xasprintf("and %zu more later runs compared with this "
		    "one, each linked from its own page.",
		    to - from - PAIR_LINKS_MAX);
		html_el(ul, "li", NULL, more);
		free(more);
	}
}

/* "Download: CSV · JSON" under the table of the page at rel
 * ("DIR/NAME.html"), linking its files beside it, NAME.csv and
 * NAME.json. */
static void
page_downloads(const struct site_plan *s, htmlDocPtr doc, const char *rel)
{
	const char *name = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	char *base = xasprintf("%.*s", (int)(strlen(name) - strlen(".html")),
	    name);

	table_downloads(s, html_slot(doc, "table-downloads"), base);
	free(base);
}

/* ---- compare pages: one run against another ---- */

/* The change of one figure on a compare page and its verdict
 * (pair_change_of, which the page's table file shows too): the
 * analysis' when it compared the two, else the figures' ratio only. */
static void
pair_change_cells(const struct site_plan *s, xmlNodePtr tr, size_t run,
    int which, int id)
{
	struct pair_change c;
	char buf[64] = "", pct[32];

	pair_change_of(s, run, which, id, &c);
	if (c.judged) {
		change_cell(s, tr, run, id);
	} else {
		if (c.has_rel) {
			display_percent(c.rel, true, pct);
			snprintf(buf, sizeof buf, "%s%%", pct);
		}
		html_el(tr, "td", "num", buf);
	}
	html_el(tr, "td", NULL, c.verdict);
}

static void
pair_figures(const struct site_plan *s, htmlDocPtr doc, size_t run, int which)
{
	long other = plan_pair_other(s, run, which);
	xmlNodePtr tr = html_slot(doc, "head"), tbody = html_slot(doc, "rows");

	if (tr) {
		head_cell(tr, "Metric", NULL, false);
		head_cell(tr, "Unit", NULL, false);
		head_cell(tr, s->set->runs[other].id, NULL, true);
		head_cell(tr, s->set->runs[run].id, NULL, true);
		head_cell(tr, "Change", NULL, true);
		head_cell(tr, "Verdict", NULL, false);
	}
	for (size_t id = 0; tbody && id < s->set->metrics.n; id++) {
		const struct metric_def *d = analysis_def(s->an, (int)id);

		if (!pair_shows(s, run, which, (int)id))
			continue;
		tr = html_el(tbody, "tr", NULL, NULL);
		row_head(tr, d->label);
		text_cell(tr, display_unit(d));
		figure_cell(tr, d, analysis_sum(s->an, (size_t)other, (int)id));
		figure_cell(tr, d, analysis_sum(s->an, run, (int)id));
		pair_change_cells(s, tr, run, which, (int)id);
	}
}

static void
meta_diff_row(xmlNodePtr tbody, const char *key, const char *a, const char *b)
{
	xmlNodePtr tr;

	if (a && b && strcmp(a, b) == 0)
		return;
	tr = html_el(tbody, "tr", NULL, NULL);
	row_head(tr, key);
	text_cell(tr, a ? a : "\u2013");
	text_cell(tr, b ? b : "\u2013");
}

/* The meta keys whose values differ, the earlier run's keys first. */
static void
pair_meta(const struct site_plan *s, htmlDocPtr doc, size_t run, int which)
{
	const struct run_meta *a = &s->set->runs[plan_pair_other(s, run,
	    which)].meta, *b = &s->set->runs[run].meta;
	xmlNodePtr tr = html_slot(doc, "meta-head");
	xmlNodePtr tbody = html_slot(doc, "meta-rows");
	size_t before;

	if (tr) {
		head_cell(tr, "Key", NULL, false);
		head_cell(tr, s->set->runs[plan_pair_other(s, run,
		    which)].id, NULL, false);
		head_cell(tr, s->set->runs[run].id, NULL, false);
	}
	if (tbody == NULL)
		return;
	before = xmlChildElementCount(tbody);
	for (size_t k = 0; k < a->n; k++)
		meta_diff_row(tbody, meta_key(a, k), meta_value(a, k),
		    meta_get(b, meta_key(a, k)));
	for (size_t k = 0; k < b->n; k++)
		if (meta_get(a, meta_key(b, k)) == NULL)
			meta_diff_row(tbody, meta_key(b, k), NULL,
			    meta_value(b, k));
	if (xmlChildElementCount(tbody) == before) {
		tr = html_el(tbody, "tr", NULL, NULL);
		html_attr(html_el(tr, "td", NULL, "Their meta is the same."),
		    "colspan", "3");
	}
}

/* Why the compare page's runs are compared, after the earlier's id. */
static const char *
pair_why(const struct site_plan *s, size_t run, int which)
{
	if (which == 1)
		return ": the run before it in its series.";
	if (s->an->runs[run].base >= 0)
		return ": the run the analysis compares it with.";
	if (!analysis_scaling(s->an, run)->valid)
		return ": a single disk shown beside its RAID scaling as rough "
		    "context, not judged against (why, on its page).";
	return ": the single-disk reference its RAID scaling is judged "
	    "against (the figures it should give are on its page).";
}

htmlDocPtr
pair_doc(const struct site_plan *s, size_t run, int which, char **rel,
    struct data_table *t)
{
	long other = plan_pair_other(s, run, which);
	const struct run *a, *b;
	char *title, *href;
	htmlDocPtr doc;
	xmlNodePtr n;

	*rel = NULL;
	if (other < 0)
		return NULL;
	a = &s->set->runs[other];
	b = &s->set->runs[run];
	title = xasprintf("%s against %s", b->id, a->id);
	doc = page_start(s, PAGE_PAIR, title);
	if (doc == NULL) {
		free(title);
		return NULL;
	}
	if ((n = html_slot(doc, "crumbs")) != NULL) {
		html_link(n, "../index.html", "Overview");
		html_text(n, " \u203a ");
		href = run_href(s, run, "../");
		html_link(n, href, b->id);
		free(href);
		html_text(n, " \u203a comparison");
	}
	if ((n = html_slot(doc, "heading")) != NULL)
		html_text(n, title);
	if ((n = html_slot(doc, "lead")) != NULL) {
		href = run_href(s, (size_t)other, "../");
		html_link(n, href, a->id);
		free(href);
		html_text(n, pair_why(s, run, which));
	}
	pair_figures(s, doc, run, which);
	pair_meta(s, doc, run, which);
	*rel = pair_href(s, run, which, "");
	page_downloads(s, doc, *rel);
	pair_table(s, run, which, t);
	free(title);
	return doc;
}

void
run_analysis_fill(const struct site_plan *s, htmlDocPtr doc, size_t i)
{
	const struct run_analysis *ra = &s->an->runs[i];
	xmlNodePtr sec = html_slot(doc, "analysis");

	if (sec == NULL)
		return;
	if (ra->base < 0 && analysis_scaling(s->an, i) == NULL &&
	    !has_pairs(s, i)) {
		html_drop(sec);
		return;
	}
	html_el(sec, "h2", NULL, "Analysis");
	if (ra->base >= 0)
		comparison_table(s, sec, i);
	if (analysis_scaling(s->an, i)) {
		html_el(sec, "h3", NULL, "RAID scaling");
		scaling_table(s, sec, i);
	}
	pair_links(s, sec, i);
}

/* ---- comparison pages ---- */

/* Whether run i has a figure of the metric family fam (bonnie++'s or
 * fio's). */
static bool
run_has_family(const struct analysis *an, size_t i, enum metric_family fam)
{
	const struct run *r = &an->set->runs[i];

	for (size_t k = 0; k < r->nsum; k++)
		if (analysis_def(an, run_metric_at(r, k))->family == fam)
			return true;
	return false;
}

/* Whether at least two runs give key, with different values: what a
 * "by KEY" page needs to exist (key_rows, without sorting them). */
static bool
key_varies(const struct site_plan *s, const char *key)
{
	const char *first = NULL;

	for (size_t i = 0; i < s->set->n; i++) {
		const char *v = meta_get(&s->set->runs[i].meta, key);

		if (v == NULL || *v == '\0')
			continue;
		if (first == NULL)
			first = v;
		else if (strcmp(v, first) != 0)
			return true;
	}
	return false;
}

static xmlDocPtr
page_chart(const struct site_plan *s, int id, const size_t *all,
    size_t nall, const char *const *all_groups, double width,
    struct diags *d)
{
	const struct metric_def *def = analysis_def(s->an, id);
	size_t *runs = xcalloc(nall ? nall : 1, sizeof *runs), n = 0;
	const char **groups = all_groups ? xcalloc(nall ? nall : 1,
	    sizeof *groups) : NULL;
	const char *heading = NULL;
	struct chart_bar *bars;
	struct chart c;
	char err[256] = "";
	xmlDocPtr svg;

	/* a run of the other benchmark is no "not run" of this one; a
	 * group's heading, on its first run, goes to its first run kept */
	for (size_t k = 0; k < nall; k++) {
		if (all_groups && all_groups[k])
			heading = all_groups[k];
		if (run_has_family(s->an, all[k], def->family)) {
			if (groups)
				groups[n] = heading;
			heading = NULL;
			runs[n++] = all[k];
		}
	}
	bars = chart_bars(s->an, id, runs, n, groups, NULL);
	c = (struct chart){def->label, display_unit(def), chart_note(def),
	    bars, n, false, false, display_fine_below(def)};
	svg = chart_svg_at(&c, s->fonts, width, err);
	if (svg == NULL)
		diags_add(d, MSG_SYSERR, "charts", 0, "%s: %s", def->key, err);
	chart_bars_free(bars, n);
	free(runs);
	free(groups);
	return svg;
}

/* A change of pct against run base, not the bar before run i's: the
 * base named by its day, short as a chart's label must be (its month
 * and day when its year is run i's), else by its date or title. */
static char *
step_against(const struct site_plan *s, size_t i, size_t base,
    const char *pct)
{
	const char *bd = meta_get(&s->set->runs[base].meta, "date");
	const char *id = meta_get(&s->set->runs[i].meta, "date");

	if (bd && meta_date_has_day(bd))
		return id && meta_date_has_day(id) && strncmp(id, bd, 5) == 0 ?
		    xasprintf("%s%% vs %.5s", pct, bd + 5) :
		    xasprintf("%s%% vs %.10s", pct, bd);
	return xasprintf("%s%% vs %s", pct, bd ? bd :
	    run_title(&s->set->runs[base]));
}

/* The change point the analysis found at run i in metric id, as a
 * label: a step across the series (a finding of its own, where the run
 * against the one before it found none) or a change against the run
 * before it in its series, measured like for like (a night run with
 * another file size is no change point of the nights'). The label
 * stands between run i's bar and the bar before it, run prev (SIZE_MAX
 * for none): a change against another run says which, by its date or
 * title. NULL when none; caller frees. *better: whether it is an
 * improvement. */
static char *
step_label(const struct site_plan *s, size_t i, size_t prev, int id,
    bool *better)
{
	const struct analysis *an = s->an;
	const struct run_analysis *ra = &an->runs[i];
	enum verdict v = analysis_change_of(an, i, id)->verdict;
	bool judged = v == VERDICT_REGRESSION || v == VERDICT_IMPROVEMENT;

	for (size_t k = an->by_run_at[i]; k < an->by_run_at[i + 1]; k++) {
		const struct finding *f = &an->f[an->by_run[k]];

		if (f->metric != (int)id || (f->kind != FIND_REGRESSION &&
		    f->kind != FIND_IMPROVEMENT) || f->caveat)
			continue;
		*better = f->kind == FIND_IMPROVEMENT;
		if (!judged)
			return xstrdup(f->kind == FIND_REGRESSION ?
			    "step down" : "step up");
		if (ra->base_in_series) {
			char pct[32];

			display_percent(analysis_change(s->an, i, id).rel,
			    true, pct);
			if ((size_t)ra->base == prev)
				return xasprintf("%s%%", pct);
			return step_against(s, i, (size_t)ra->base, pct);
		}
	}
	return NULL;
}

/* A series' trend of metric id over runs[0..n), oldest first: each
 * run's date and change point on its bar. */
static xmlDocPtr
trend_chart(const struct site_plan *s, int id, const size_t *runs,
    size_t n, const char *const *changes, double width, struct diags *d)
{
	const struct metric_def *def = analysis_def(s->an, id);
	struct chart_bar *bars = chart_bars(s->an, id, runs, n, NULL,
	    changes);
	char **steps = xcalloc(n ? n : 1, sizeof *steps), err[256] = "";
	struct chart c = {def->label, display_unit(def), chart_note(def),
	    bars, n, true, false, display_fine_below(def)};
	xmlDocPtr svg;

	for (size_t k = 0; k < n; k++) {
		const char *date = meta_get(&s->set->runs[runs[k]].meta,
		    "date");

		bars[k].has_when = meta_date_days(date, &bars[k].when);
		bars[k].when_label = date;
		bars[k].step = steps[k] = step_label(s, runs[k], k > 0 ?
		    runs[k - 1] : SIZE_MAX, id, &bars[k].step_better);
	}
	if ((svg = chart_svg_at(&c, s->fonts, width, err)) == NULL)
		diags_add(d, MSG_SYSERR, "charts", 0, "%s: %s", def->key, err);
	for (size_t k = 0; k < n; k++)
		free(steps[k]);
	free(steps);
	chart_bars_free(bars, n);
	return svg;
}

/* Charts of the compared figures of the rows into the page's "charts"
 * place; a history's (changes not NULL) drawn as trends. */
static void
comparison_charts(const struct site_plan *s, htmlDocPtr doc,
    const struct compare_rows *r, struct diags *d, int *charts)
{
	xmlNodePtr sec = html_slot(doc, "charts");
	const char *const *groups = (const char *const *)r->groups;

	for (size_t k = 0; sec && k < r->nmetrics; k++) {
		int id = r->metrics[k];
		xmlDocPtr svg = r->changes ? trend_chart(s, id, r->runs, r->n,
		    r->changes, CHART_WIDTH, d) : page_chart(s, id, r->runs,
		    r->n, groups, CHART_WIDTH, d);
		xmlDocPtr narrow = s->single ? NULL : r->changes ?
		    trend_chart(s, id, r->runs, r->n, r->changes,
		    CHART_NARROW_WIDTH, d) : page_chart(s, id, r->runs, r->n,
		    groups, CHART_NARROW_WIDTH, d);
		xmlNodePtr fig = html_el(sec, "figure", "chart", NULL);

		inline_charts(fig, svg, narrow, analysis_def(s->an, id)->key);
		if (svg)
			xmlFreeDoc(svg);
		if (narrow)
			xmlFreeDoc(narrow);
		(*charts)++;
	}
}

/* Row k of a comparison page's table. */
static void
comparison_row(const struct site_plan *s, xmlNodePtr tbody,
    const struct compare_rows *r, size_t k)
{
	size_t run = r->runs[k];
	char *href = run_href(s, run, "../");
	xmlNodePtr tr = html_el(tbody, "tr", NULL, NULL);

	html_link(html_el(tr, "td", NULL, NULL), href,
	    run_title(&s->set->runs[run]));
	free(href);
	/* A history says when: the run's date as its meta gives it (the
	 * series' order when it gives none). */
	if (r->changes) {
		const char *date = meta_get(&s->set->runs[run].meta, "date");

		text_cell(tr, date ? date : "");
		/* and what the gate says of it, as the overview does: the
		 * night that fails is found in the history too */
		html_el(tr, "td", s->an->gate.outcome[run] == RUN_FAILS ?
		    "bad" : NULL, outcome_words[s->an->gate.outcome[run]]);
	}
	/* A "by KEY" page gives the value on every row, as its CSV does:
	 * sorted by a figure, a row still says which group it is of. */
	if (r->key)
		text_cell(tr, meta_get(&s->set->runs[run].meta, r->key));
	else
		text_cell(tr, r->changes && r->changes[k] ? r->changes[k] :
		    "");
	for (size_t m = 0; m < r->nmetrics; m++) {
		xmlNodePtr td = figure_cell(tr, analysis_def(s->an,
		    r->metrics[m]), analysis_sum(s->an, run, r->metrics[m]));

		/* the figure that fails, as the overview marks it */
		if (analysis_flagged(s->an, run, r->metrics[m]))
			html_attr(td, "class", "num bad marked");
	}
}

/* Charts of the compared figures, then a table of the rows (a
 * history's with its date and gate after the run, then the label
 * column), then its files' links (the page at rel). */
static void
fill_comparison(const struct site_plan *s, htmlDocPtr doc,
    const struct compare_rows *r, const char *rel, struct diags *d,
    int *charts)
{
	xmlNodePtr tr, tbody;

	comparison_charts(s, doc, r, d, charts);
	if ((tr = html_slot(doc, "head")) != NULL) {
		head_cell(tr, "Run", NULL, false);
		if (r->changes) {
			head_cell(tr, "Date", NULL, false);
			head_cell(tr, "Gate", NULL, false);
		}
		head_cell(tr, r->label, NULL, false);
		for (size_t k = 0; k < r->nmetrics; k++) {
			const struct metric_def *def = analysis_def(s->an,
			    r->metrics[k]);

			head_cell(tr, def->label, display_unit(def), true);
		}
	}
	tbody = html_slot(doc, "rows");
	for (size_t k = 0; tbody && k < r->n; k++)
		comparison_row(s, tbody, r, k);
	page_downloads(s, doc, rel);
}

/* The "by KEY" page of the rows r (key_rows). */
static htmlDocPtr
page_by_key(const struct site_plan *s, const struct compare_rows *r,
    struct diags *d, int *charts, char **rel)
{
	char *title = xasprintf("By %s", r->key), *lead;
	htmlDocPtr doc = page_start(s, PAGE_COMPARE, title);
	xmlNodePtr p;

	if (doc) {
		crumbs(doc, title);
		lead = xasprintf("The runs whose meta gives a %s, grouped by "
		    "it.%s Runs differ in more than this key; read each "
		    "run's page before blaming it.", r->key, !s->large ? "" :
		    r->per_value ? " Each value is shown by its latest run." :
		    " Each value is shown by the latest run with it of each "
		    "series.");
		if ((p = html_slot(doc, "lead")) != NULL)
			html_text(p, lead);
		free(lead);
		if ((p = html_slot(doc, "pager")) != NULL &&
		    r->values_left == 0) {
			html_drop(p);
		} else if (p != NULL) {
			lead = xasprintf("%zu more values are not shown.",
			    r->values_left);
			html_text(p, lead);
			free(lead);
		}
		if ((p = html_slot(doc, "table-title")) != NULL)
			html_text(p, "Runs");
		*rel = xasprintf("compare/%s.html", r->key);
		fill_comparison(s, doc, r, *rel, d, charts);
	}
	free(title);
	return doc;
}

/* A series' pages. Page 0, series/SLUG.html, shows its latest
 * SITE_MAX_BARS runs; a longer series also has one page per whole
 * SITE_MAX_BARS of its history from the oldest, SLUG.pN.html for runs
 * SITE_MAX_BARS * (N - 1) + 1 onwards (series_page_range). */
static char *
series_page(const struct series_span *sp, size_t page, const char *root)
{
	return page == 0 ? xasprintf("%sseries/%s.html", root, sp->slug) :
	    xasprintf("%sseries/%s.p%zu.html", root, sp->slug, page);
}

/* Links to a long series' pages: the latest runs, then each whole
 * page of its history. */
static void
series_pager(xmlNodePtr nav, const struct series_span *sp, size_t page,
    size_t pages)
{
	char *href, label[64];

	html_text(nav, "Pages of this series: ");
	for (size_t k = 0; k < pages; k++) {
		size_t first, last;

		series_page_range(sp, k, &first, &last);
		if (k == 0)
			snprintf(label, sizeof label, "the latest %zu runs",
			    last - first);
		else
			snprintf(label, sizeof label, "runs %zu\u2013%zu",
			    first + 1, last);
		if (k > 0)
			html_text(nav, " \u00b7 ");
		if (k == page) {
			html_el(nav, "strong", NULL, label);
			continue;
		}
		href = series_page(sp, k, "");
		html_link(nav, href + strlen("series/"), label);
		free(href);
	}
}

/* Page `page` of the series sp, of the rows r (series_rows). */
static htmlDocPtr
page_series(const struct site_plan *s, const struct series_span *sp,
    size_t page, const struct compare_rows *r, struct diags *d,
    int *charts, char **rel)
{
	char *shown = series_shown(s->an->runs[r->runs[0]].series);
	char *title = xasprintf("Series %s", shown);
	htmlDocPtr doc;
	xmlNodePtr p;

	if ((doc = page_start(s, PAGE_COMPARE, title)) != NULL) {
		crumbs(doc, title);
		if ((p = html_slot(doc, "lead")) != NULL)
			html_text(p, "The runs of this series in order (by "
			    "date, then name): a numbered marker shows where "
			    "the configuration changed, a vertical rule a "
			    "change the analysis found between runs measured "
			    "like for like.");
		if ((p = html_slot(doc, "pager")) != NULL &&
		    series_pages(sp) == 1)
			html_drop(p);
		else if (p != NULL)
			series_pager(p, sp, page, series_pages(sp));
		if ((p = html_slot(doc, "table-title")) != NULL)
			html_text(p, "History");
		*rel = series_page(sp, page, "");
		fill_comparison(s, doc, r, *rel, d, charts);
	}
	free(title);
	free(shown);
	return doc;
}

htmlDocPtr
series_doc(const struct site_plan *s, size_t series, size_t page,
    struct diags *d, int *charts, char **rel, struct data_table *t)
{
	struct compare_rows r;
	htmlDocPtr doc;

	*rel = NULL;
	series_rows(s, series, page, &r);
	doc = page_series(s, &s->series[series], page, &r, d, charts, rel);
	if (doc)
		compare_table(s, &r, t);
	compare_rows_free(&r);
	return doc;
}

/* The index's list of the comparison pages. */
void
index_comparisons(const struct site_plan *s, htmlDocPtr doc)
{
	xmlNodePtr sec = html_slot(doc, "comparisons");
	xmlNodePtr ul;

	if (sec == NULL)
		return;
	html_el(sec, "h2", NULL, "Comparisons");
	ul = html_el(sec, "ul", NULL, NULL);
	for (size_t k = 0; k < ngroup_keys; k++) {
		if (!key_varies(s, group_keys[k]))
			continue;
		char *href = xasprintf("compare/%s.html", group_keys[k]);
		char *text = xasprintf("By %s", group_keys[k]);

		html_link(html_el(ul, "li", NULL, NULL), href, text);
		free(href);
		free(text);
	}
	for (size_t k = 0; k < s->nseries; k++) {
		const struct series_span *sp = &s->series[k];
		char *href, *text, *shown;

		if (sp->slug == NULL)
			continue;
		href = series_page(sp, 0, "");
		shown = series_shown(
		    s->an->runs[s->an->order[sp->start]].series);
		text = xasprintf("Series %s", shown);
		html_link(html_el(ul, "li", NULL, NULL), href, text);
		free(href);
		free(text);
		free(shown);
	}
	if (ul->children == NULL)
		html_drop(sec);
}

htmlDocPtr
key_doc(const struct site_plan *s, size_t k, struct diags *d, int *charts,
    char **rel, struct data_table *t)
{
	struct compare_rows r;
	htmlDocPtr doc = NULL;

	*rel = NULL;
	if (key_rows(s, k, &r)) {
		doc = page_by_key(s, &r, d, charts, rel);
		if (doc)
			compare_table(s, &r, t);
	}
	compare_rows_free(&r);
	return doc;
}
