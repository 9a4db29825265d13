/* The analysis where people discuss it: a mail body that never passes 72
 * columns, Markdown for a pull-request comment or job summary, JUnit XML
 * for CI, and the PNG charts the mail refers to. Takes the analysis
 * const. */
#include "render/bars.h"
#include "render/plan.h"
#include "model/display.h"
#include "render/headline.h"
#include "render/render.h"
#include "base/buf.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <libxml/tree.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAIL_WIDTH 72
/* The name column of a table of figures, and its gate's, whose head is
 * a column wider than "pass" so that a first figure's head of seven
 * letters stands apart from it: 72 columns in all. */
#define TABLE_NAME 34
#define TABLE_GATE 5

static void mail_wrap(FILE *, const char *, const char *, size_t, bool);
static char *figures_units(const struct analysis *,
    const struct figure_cols *);
static void figures_legend(FILE *, const struct analysis *,
    const struct figure_cols *, bool);

/* ---- text for mail: ASCII folding and wrapping by columns ---- */

/* ---- the figures table: runs x the main metrics ---- */

/* Two fio columns of one short name (workloads that differ only in what
 * it leaves out: direct, the engine, the block size) or one without any
 * (too long) are named fio1, fio2, ... instead, every fio column alike;
 * the legend says which is which. */
static void
name_fio_apart(struct figure_cols *c)
{
	bool clash = false;
	int n = 0;

	for (size_t k = 0; k < c->n; k++) {
		clash |= c->head[k][0] == '\0';
		for (size_t j = 0; j < k; j++)
			clash |= strcmp(c->head[j], c->head[k]) == 0;
	}
	for (size_t k = 0; clash && k < c->n; k++)
		if (c->metric[k] >= M_COUNT)
			snprintf(c->head[k], sizeof c->head[k], "fio%d", ++n);
}

/* bonnie++'s metrics' heads in a table of figures. */
static const char *
bonnie_head(int id)
{
	switch (id) {
	case M_PUT_BLOCK:
		return "Write";
	case M_GET_BLOCK:
		return "Read";
	case M_REWRITE:
		return "Rewrite";
	default:
		return "Seeks";
	}
}

void
figures_table_columns(const struct analysis *an, struct figure_cols *c)
{
	int all[8];
	size_t *runs = xcalloc(an->set->n + 1, sizeof *runs), n, nb = 0;

	for (size_t i = 0; i < an->set->n; i++)
		runs[i] = i;
	/* Both kinds: two of each, bonnie++'s block write and read and
	 * the two fio workloads the most runs share. */
	n = headline_metrics(an, runs, an->set->n, bonnie_compared,
	    nbonnie_compared, TABLE_METRICS, all);
	while (nb < n && all[nb] < M_COUNT)
		nb++;
	if (nb > 0 && n > nb)
		n = headline_metrics(an, runs, an->set->n, bonnie_compared, 2,
		    2, all);
	free(runs);
	memset(c, 0, sizeof *c);
	for (size_t k = 0; k < n && c->n < TABLE_METRICS; k++) {
		c->metric[c->n] = all[k];
		if (all[k] < M_COUNT)
			snprintf(c->head[c->n], sizeof c->head[0], "%s",
			    bonnie_head(all[k]));
		else
			headline_short_name(analysis_metric(an, all[k]),
			    c->head[c->n]);
		c->fio |= all[k] >= M_COUNT;
		c->bonnie |= all[k] < M_COUNT;
		c->n++;
	}
	name_fio_apart(c);
}

void
table_figure(const struct analysis *an, size_t i, int id, char *buf)
{
	const struct metric_summary m = analysis_sum(an, i, id);
	const struct metric_def *d = analysis_def(an, id);

	if (m.state == VS_OK)
		display_format(d, display_value(d, m.median), buf);
	else
		strcpy(buf, m.state == VS_TOO_FAST ? "+++++" : "-");
}

const char *const outcome_words[RUN_OUTCOMES] = {
	[RUN_FAILS] = "FAIL", [RUN_WARNED] = "warn", [RUN_PASSES] = "ok",
};

/* Runs a digest's table lists: all of them up to this many, else the
 * runs that fail of the causes it tells, as many at most. */
#define MAIL_TABLE_MAX 40

/* The runs a table lists (in), in the order people count them
 * (display_order); *n of them. */
static size_t *
table_order(const struct analysis *an, const bool *in, size_t *n)
{
	size_t *order = xcalloc(an->set->n + 1, sizeof *order);

	*n = 0;
	for (size_t i = 0; i < an->set->n; i++)
		if (in[i])
			order[(*n)++] = i;
	display_order(an->set, order, *n);
	return order;
}

/* Where a run's name splits: after its last '/', or 0. */
static size_t
dir_length(const char *id)
{
	const char *slash = strrchr(id, '/');

	return slash ? (size_t)(slash - id + 1) : 0;
}

/* One row: the name (indented below its directory), the gate's word and
 * the figures, "!" after one that fails; a name too long for its column
 * gets a line of its own. */
static void
table_row(FILE *out, const struct analysis *an, const struct figure_cols *fc,
    size_t i, bool utf8)
{
	const char *id = an->set->runs[i].id;
	size_t d = dir_length(id);
	char *name = xasprintf("%s%s", d ? "  " : "", id + d);
	char *shown = utf8 ? xstrdup(name) : render_ascii(name);
	size_t cols = render_columns(shown, strlen(shown));

	if (cols > TABLE_NAME) {
		fprintf(out, "%s\n", shown);
		cols = 0;
		shown[0] = '\0';
	}
	fprintf(out, "%s%*s %-*s", shown, (int)(TABLE_NAME - cols), "",
	    TABLE_GATE, outcome_words[an->gate.outcome[i]]);
	for (size_t k = 0; k < fc->n; k++) {
		char fig[32];

		table_figure(an, i, fc->metric[k], fig);
		fprintf(out, "%s %6s%s", k > 0 && !analysis_flagged(an, i,
		    fc->metric[k - 1]) ? " " : "", fig, analysis_flagged(an,
		    i, fc->metric[k]) ? "!" : "");
	}
	fputc('\n', out);
	free(name);
	free(shown);
}

/* The groups of a section a digest tells (SHARE_CAUSES). */
static size_t
told(size_t n)
{
	return n < SHARE_CAUSES ? n : SHARE_CAUSES;
}

/* The runs a digest's table lists, by run, in a new array: every run of
 * a set of up to MAIL_TABLE_MAX, else the runs that fail the gate in
 * the causes the digest tells, the first MAIL_TABLE_MAX of them. */
static bool *
table_runs(const struct analysis *an)
{
	size_t ng, listed = 0;
	const struct finding_group *g = gate_groups(an, SECTION_FAILS, &ng);
	bool *in = xcalloc(an->set->n + 1, sizeof *in);

	if (an->set->n <= MAIL_TABLE_MAX) {
		for (size_t i = 0; i < an->set->n; i++)
			in[i] = true;
		return in;
	}
	for (size_t k = 0; k < told(ng); k++)
		for (size_t j = 0; j < g[k].n; j++) {
			long r = group_finding(an, &g[k], j)->run;

			if (r >= 0 && an->gate.outcome[r] == RUN_FAILS)
				in[r] = true;
		}
	for (size_t i = 0; i < an->set->n; i++)
		if (in[i] && ++listed > MAIL_TABLE_MAX)
			in[i] = false;
	return in;
}

/* The line under a digest's table that says which runs it left out, or
 * NULL when it lists them all; new. */
static char *
table_left(const struct analysis *an, const bool *in)
{
	size_t fail = 0, pass = 0;

	for (size_t i = 0; i < an->set->n; i++)
		if (!in[i] && an->gate.outcome[i] == RUN_FAILS)
			fail++;
		else if (!in[i])
			pass++;
	if (fail == 0 && pass == 0)
		return NULL;
	if (fail == 0)
		return xasprintf("%zu run%s that pass%s %s on the site.", pass,
		    pass == 1 ? "" : "s", pass == 1 ? "es" : "", pass == 1 ?
		    "is" : "are");
	return xasprintf("%zu run%s that fail%s and %zu that pass%s %s not "
	    "listed: `benchsite check` lists every run.", fail, fail == 1 ?
	    "" : "s", fail == 1 ? "s" : "", pass, pass == 1 ? "es" : "",
	    fail + pass == 1 ? "is" : "are");
}

/* Failing figures of a run named at most, by the note below a table. */
#define UNSHOWN_MAX 2

/* Appends to *s run i's figures that fail the gate and that no column
 * of fc shows, "b4: Random delete, Sequential delete". */
static void
add_unshown(char **s, const struct analysis *an, size_t i,
    const struct figure_cols *fc)
{
	const struct run *r = &an->set->runs[i];
	size_t named = 0, more = 0;
	char *t;

	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		bool shown = false;

		for (size_t c = 0; c < fc->n; c++)
			shown = shown || fc->metric[c] == id;
		if (shown || !analysis_flagged(an, i, id))
			continue;
		if (named++ >= UNSHOWN_MAX) {
			more++;
			continue;
		}
		if (named == 1)
			t = xasprintf("%s%s%s: %s", *s ? *s : "", *s ? "; " : "",
			    r->id, analysis_def(an, id)->label);
		else
			t = xasprintf("%s, %s", *s, analysis_def(an, id)->label);
		free(*s);
		*s = t;
	}
	if (more > 0) {
		t = xasprintf("%s and %zu more", *s, more);
		free(*s);
		*s = t;
	}
}

/* Whether a column of fc shows a figure of run i that fails. */
static bool
shows_failing(const struct analysis *an, size_t i,
    const struct figure_cols *fc)
{
	for (size_t c = 0; c < fc->n; c++)
		if (analysis_flagged(an, i, fc->metric[c]))
			return true;
	return false;
}

/* The note under a table of what fails on the rows that say FAIL with
 * no figure marked (a run's deletes, another series' workloads), or
 * NULL: such a row must say what failed. */
static char *
table_unshown(const struct analysis *an, const size_t *order, size_t n,
    const struct figure_cols *fc)
{
	char *s = NULL, *t;

	for (size_t r = 0; r < n; r++)
		if (an->gate.outcome[order[r]] == RUN_FAILS &&
		    !shows_failing(an, order[r], fc))
			add_unshown(&s, an, order[r], fc);
	if (s == NULL)
		return NULL;
	t = xasprintf("Failing, not in the table: %s.", s);
	free(s);
	return t;
}

static void
figures_table(FILE *out, const struct analysis *an, bool utf8)
{
	const char *dir = NULL;
	size_t dlen = 0;
	bool *in = table_runs(an);
	char *left = table_left(an, in);
	struct figure_cols fc;
	size_t *order, nrows;
	char *unshown, *units, *title;

	figures_table_columns(an, &fc);
	if (fc.n == 0) {
		/* No figure was read: no table of none. */
		free(left);
		free(in);
		return;
	}
	units = figures_units(an, &fc);
	title = xasprintf("Figures (%s; ! fails the gate)", units);
	fputc('\n', out);
	mail_wrap(out, "", title, 2, utf8);
	free(title);
	free(units);
	figures_legend(out, an, &fc, utf8);
	fprintf(out, "%-*s %-*s", TABLE_NAME, "Run", TABLE_GATE, "Gate");
	for (size_t k = 0; k < fc.n; k++)
		fprintf(out, "%*s%s", HEADLINE_SHORT, fc.head[k],
		    k + 1 < fc.n ? " " : "");
	fputc('\n', out);
	order = table_order(an, in, &nrows);
	for (size_t r = 0; r < nrows; r++) {
		size_t i = order[r];
		const char *id = an->set->runs[i].id;
		size_t d = dir_length(id);

		if (d && (dir == NULL || d != dlen || strncmp(dir, id, d) != 0)) {
			char *head = xasprintf("%.*s", (int)d, id);

			mail_wrap(out, "", head, 2, utf8);
			free(head);
		}
		dir = d ? id : NULL;
		dlen = d;
		table_row(out, an, &fc, i, utf8);
	}
	if ((unshown = table_unshown(an, order, nrows, &fc)) != NULL) {
		mail_wrap(out, "", unshown, 1, utf8);
		free(unshown);
	}
	free(order);
	if (left != NULL) {
		char *line = xasprintf("(%s)", left);

		mail_wrap(out, "", line, 1, utf8);
		free(line);
	}
	free(left);
	free(in);
}

/* The units of the table's columns, in the order they first come:
 * "MiB/s; seeks /s; IOPS", only those a column has. Caller frees. */
static char *
figures_units(const struct analysis *an, const struct figure_cols *fc)
{
	const char *seen[TABLE_METRICS];
	size_t n = 0;
	struct buf b = {0};

	for (size_t k = 0; k < fc->n; k++) {
		const struct metric *m = analysis_metric(an, fc->metric[k]);
		const char *u = fc->metric[k] == M_SEEKS ? "seeks /s" :
		    display_unit(&m->def);
		bool again = false;

		for (size_t j = 0; j < n; j++)
			again |= strcmp(seen[j], u) == 0;
		if (again)
			continue;
		seen[n++] = u;
		if (b.n > 0)
			buf_puts(&b, "; ");
		buf_puts(&b, u);
	}
	return buf_take(&b);
}

/* What the short heads of fio's columns stand for, a line each. */
static void
figures_legend(FILE *out, const struct analysis *an,
    const struct figure_cols *fc, bool utf8)
{
	for (size_t k = 0; k < fc->n; k++) {
		const struct metric *m = analysis_metric(an, fc->metric[k]);
		char *line;

		if (m->def.family != FAMILY_FIO)
			continue;
		line = xasprintf("%s = %s, %s", fc->head[k], m->workload_label,
		    display_unit(&m->def));
		mail_wrap(out, "", line, 2, utf8);
		free(line);
	}
}

/* ---- the mail digest ---- */

/* Prints text wrapped to MAIL_WIDTH: the first line after prefix and a
 * space, the others indented; ASCII unless utf8. */
static void
mail_wrap(FILE *out, const char *prefix, const char *text, size_t indent,
    bool utf8)
{
	char *t = utf8 ? xstrdup(text) : render_ascii(text);

	fputs(prefix, out);
	render_wrapped(out, t, render_columns(prefix, strlen(prefix)), indent,
	    MAIL_WIDTH, false);
	free(t);
}

/* The diagnostics of input that was not read (errors and worse): what
 * makes check exit 2. */
static size_t
inputs_not_read(const struct diags *d)
{
	size_t n = 0;

	for (size_t k = 0; d && k < d->n; k++)
		n += d->v[k].level >= MSG_ERROR;
	return n;
}

/* "path:line: what is wrong", as benchsite says it on stderr. */
static char *
diag_line(const struct diag *g)
{
	return g->line > 0 ? xasprintf("%s:%ld: %s", g->file, g->line,
	    g->message) : xasprintf("%s: %s", g->file, g->message);
}

/* A pull request's reader sees why the check exited 2: the first of
 * the inputs not read, each as benchsite said it. */
#define UNREAD_SHOWN 20

/* The next input not read from diagnostic *k on, as its line (caller
 * frees), *k past it; NULL after the last. */
static char *
next_unread(const struct diags *d, size_t *k)
{
	for (; *k < d->n; ++*k)
		if (d->v[*k].level >= MSG_ERROR)
			return diag_line(&d->v[(*k)++]);
	return NULL;
}

/* The inputs not read, in the mail: a reader of the digest sees why
 * the check said exit 2 before the verdict of what was read. */
static void
mail_unread(FILE *out, const struct diags *d, bool utf8)
{
	size_t unread = inputs_not_read(d), shown = 0, k = 0;
	char *line;

	if (unread == 0)
		return;
	fprintf(out, "\nInput not read (%zu): fix it first\n", unread);
	for (; shown < UNREAD_SHOWN && (line = next_unread(d, &k)); shown++) {
		mail_wrap(out, "   -", line, 5, utf8);
		free(line);
	}
	if (unread > shown)
		fprintf(out, "     and %zu more\n", unread - shown);
}

/* The texts of reasons a digest gives for one warning's falls; the
 * reasons of the others are counted. Two: a fall told beside one of
 * another reason is the case a reader asks about, and a digest stays
 * short. */
#define MAIL_REASONS 2

/* How many reasons a text of them holds (they are joined with "; "). */
static size_t
reasons_in(const char *text)
{
	size_t n = 1;

	for (const char *p = strstr(text, "; "); p; p = strstr(p + 2, "; "))
		n++;
	return n;
}

/* A warning's sentence and why its falls are not gated (a fall told
 * beside one that fails must say why it does not): each text of
 * reasons once, as the text report tells them, the first MAIL_REASONS,
 * then how many reasons the rest hold. */
static void
mail_warning(FILE *out, const struct analysis *an,
    const struct finding_group *g, bool utf8)
{
	size_t told = 0, more = 0;

	mail_wrap(out, "   -", g->text, 5, utf8);
	for (size_t k = 0; k < g->n; k++) {
		char *reason, *why;

		if (detail_told_before(an, g, k, DETAIL_NOT_GATED))
			continue;
		reason = detail_untold(an, g, k, DETAIL_NOT_GATED);
		if (told == MAIL_REASONS) {
			more += reasons_in(reason);
			free(reason);
			continue;
		}
		why = xasprintf("not gated: %s", reason);
		mail_wrap(out, "    ", why, 7, utf8);
		free(why);
		free(reason);
		told++;
	}
	if (more > 0) {
		char *rest = xasprintf("and %zu more reason%s: `benchsite "
		    "check` lists them", more, more == 1 ? "" : "s");

		mail_wrap(out, "    ", rest, 7, utf8);
		free(rest);
	}
}

/* The warnings of runs' figures in one line; the other groups of the
 * section (weak scaling, what is acknowledged) one sentence each. */
static void
mail_warnings(FILE *out, const struct analysis *an, bool utf8)
{
	size_t n, runs = 0, failing = 0, sentences = 0, more = 0;
	const struct finding_group *g = gate_groups(an, SECTION_WARNINGS, &n);
	bool any = false, *warned = xcalloc(an->set->n + 1, sizeof *warned);
	char *line;

	for (size_t k = 0; k < n; k++) {
		/* a slide of a series is told, as a shift of one run's
		 * figures is; the caveats of runs are counted */
		if (g[k].kind == FIND_WARNING &&
		    !group_finding(an, &g[k], 0)->over_runs) {
			/* Runs, not findings: a run may have several. */
			for (size_t j = 0; j < g[k].n; j++) {
				long r = group_finding(an, &g[k], j)->run;

				if (r >= 0 && !warned[r]) {
					warned[r] = true;
					runs++;
					failing += an->gate.outcome[r] ==
					    RUN_FAILS;
				}
			}
			continue;
		}
		if (!any)	/* the section's counts, as the text's */
			fprintf(out, "\nWarnings (%zu finding%s, %zu cause%s)\n",
			    an->gate.findings[SECTION_WARNINGS],
			    an->gate.findings[SECTION_WARNINGS] == 1 ? "" : "s",
			    n, n == 1 ? "" : "s");
		any = true;
		if (++sentences <= SHARE_CAUSES)
			mail_warning(out, an, &g[k], utf8);
		else
			more += g[k].n;
	}
	if (sentences > SHARE_CAUSES) {
		line = render_more_causes(sentences - SHARE_CAUSES, more);
		mail_wrap(out, "    ", line, 5, utf8);
		free(line);
	}
	free(warned);
	if (runs == 0)
		return;
	/* the headline counts a failing run once, as failing: said so, or
	 * the two counts would not add up */
	if (failing)
		line = xasprintf("%zu run%s %s figures to read with care, %zu "
		    "of them among those failing the gate: `benchsite check` "
		    "lists them.", runs, runs == 1 ? "" : "s", runs == 1 ?
		    "has" : "have", failing);
	else
		line = xasprintf("%zu run%s %s figures to read with care: "
		    "`benchsite check` lists them.", runs, runs == 1 ? "" :
		    "s", runs == 1 ? "has" : "have");
	fputc('\n', out);
	mail_wrap(out, "", line, 0, utf8);
	free(line);
}

int
render_check_mail(FILE *out, const struct analysis *an,
    const struct diags *d, bool utf8)
{
	return render_mail_digest(out, an, d, utf8, "Charts to attach:");
}

int
render_mail_digest(FILE *out, const struct analysis *an,
    const struct diags *d, bool utf8, const char *charts_lead)
{
	/* what differs is told of what fails: a drop after a named change
	 * and one after nothing named are told apart */
	struct text_style st = {MAIL_WIDTH, utf8, true, true, false, false,
	    SHARE_CAUSES};
	struct mail_chart *ch;
	size_t n = mail_charts(an, &ch);

	render_verdict_head(out, an, &st);
	mail_unread(out, d, utf8);
	render_verdict_section(out, an, &st, SECTION_FAILS);
	render_verdict_section(out, an, &st, SECTION_SHARED);
	mail_warnings(out, an, utf8);
	figures_table(out, an, utf8);
	if (n > 0 && charts_lead) {
		char *names = xstrdup("");

		for (size_t k = 0; k < n; k++) {
			char *next = xasprintf("%s%s%s", names, k ? " " : "",
			    ch[k].name);

			free(names);
			names = next;
		}
		/* a name is never cut: one cut is no file's */
		fprintf(out, "\n%s", charts_lead);
		render_wrapped(out, names, render_columns(charts_lead,
		    strlen(charts_lead)), 2, MAIL_WIDTH, true);
		free(names);
	}
	mail_charts_free(ch, n);
	return ferror(out) ? -1 : 0;
}

/* ---- the charts a mail attaches: one a metric of each failing cause,
 * its runs and their reference ---- */

/* "block-write" for "Block write"; a fio metric's key, which is safe
 * in a file name already. Caller frees. */
static char *
metric_slug(const struct analysis *an, int id)
{
	const struct metric_def *d = analysis_def(an, id);
	char *s;

	if (d->family == FAMILY_FIO)
		return xstrdup(d->key);
	s = xstrdup(d->label);

	for (char *p = s; *p; p++)
		*p = *p == ' ' ? '-' : (char)tolower((unsigned char)*p);
	return s;
}

/* Adds run i to the chart's runs once, up to SITE_MAX_BARS of them, as
 * a site's charts hold: the reference and the first members, the
 * surest and largest first (a group of a long history can have
 * thousands, and a bar each would make a chart no one reads). */
static void
chart_add_run(struct mail_chart *c, size_t i)
{
	if (c->n >= SITE_MAX_BARS)
		return;
	for (size_t k = 0; k < c->n; k++)
		if (c->runs[k] == i)
			return;
	c->runs[c->n++] = i;
}

/* A chart's file name: its run's last path component (whole_path: its
 * whole path) and the metric, "RUN--METRIC.png". */
static char *
chart_name(const struct analysis *an, size_t run, int id, bool whole_path)
{
	const char *path = an->set->runs[run].id;
	char *safe = name_safe(whole_path ? path : path + dir_length(path));
	char *metric = metric_slug(an, id);
	char *name = xasprintf("%s--%s.png", safe, metric);

	free(safe);
	free(metric);
	return name;
}

/* The chart of metric id of group g: its reference, then its runs. */
static struct mail_chart
group_chart(const struct analysis *an, const struct finding_group *g, int id)
{
	const struct finding *f0 = NULL;
	struct mail_chart c = {NULL, NULL, id, xcalloc(g->n + 2,
	    sizeof *c.runs), 0, 0};
	const char *run, *ref;

	if (g->reference >= 0)
		chart_add_run(&c, (size_t)g->reference);
	for (size_t k = 0; k < g->n; k++) {
		const struct finding *f = group_finding(an, g, k);

		if (f->metric == (int)id && f->run >= 0) {
			chart_add_run(&c, (size_t)f->run);
			f0 = f0 ? f0 : f;
		}
	}
	c.named_after = (size_t)f0->run;
	c.name = chart_name(an, c.named_after, id, false);
	/* the runs' last components, as the chart's name has them */
	run = an->set->runs[f0->run].id;
	ref = g->reference >= 0 ? an->set->runs[g->reference].id : NULL;
	c.title = xasprintf("%s: %s, %s%s%s", analysis_def(an, id)->label,
	    run + dir_length(run), finding_names[f0->kind], ref ?
	    " against " : "", ref ? ref + dir_length(ref) : "");
	return c;
}

static bool
chart_named(const struct mail_chart *c, size_t n, const char *name)
{
	for (size_t k = 0; k < n; k++)
		if (strcmp(c[k].name, name) == 0)
			return true;
	return false;
}

/* Whether two of the charts are named after different runs of one
 * name ("bonnie/2026-11-06" and "fio/2026-11-06"), whatever metrics
 * they show: a reader would take them for one run's. */
static bool
run_names_repeat(const struct analysis *an, const struct mail_chart *c,
    size_t n)
{
	for (size_t k = 1; k < n; k++) {
		const char *x = an->set->runs[c[k].named_after].id;

		for (size_t j = 0; j < k; j++) {
			const char *y = an->set->runs[c[j].named_after].id;

			if (c[j].named_after != c[k].named_after &&
			    strcmp(x + dir_length(x), y + dir_length(y)) == 0)
				return true;
		}
	}
	return false;
}

/* Makes the charts' names unique. A run's name alone is the same for
 * host/DATE runs of every host of one night: when two charts are named
 * after two runs of one name, every chart is named after its run's
 * whole path instead, and a chart whose name is still taken (one run,
 * two causes of the same metric) gets a number after it. */
static void
names_apart(const struct analysis *an, struct mail_chart *c, size_t n)
{
	bool repeated = run_names_repeat(an, c, n);

	for (size_t k = 0; k < n && repeated; k++) {
		free(c[k].name);
		c[k].name = chart_name(an, c[k].named_after, c[k].metric, true);
	}
	for (size_t k = 1; k < n; k++) {
		size_t stem = strlen(c[k].name) - 4;	/* without ".png" */
		char *name = NULL;

		if (!chart_named(c, k, c[k].name))
			continue;
		for (int i = 2; name == NULL || chart_named(c, k, name); i++) {
			free(name);
			name = xasprintf("%.*s-%d.png", (int)stem, c[k].name, i);
		}
		free(c[k].name);
		c[k].name = name;
	}
}

/* The metric a cause's chart shows for its finding of metric id: a fio
 * workload's main figure when the cause has a finding of it (one chart
 * a workload, not one a measure), else id. */
static int
charted_metric(const struct analysis *an, const struct finding_group *g,
    int id)
{
	const struct metric *m = analysis_metric(an, id);

	if (m->def.family != FAMILY_FIO)
		return id;
	for (size_t j = 0; j < g->n; j++) {
		const struct finding *f = group_finding(an, g, j);
		const struct metric *x = f->metric < 0 ? NULL :
		    analysis_metric(an, f->metric);

		if (x && x->def.family == FAMILY_FIO &&
		    x->fio.measure == fio_main_measure(&x->fio) &&
		    strcmp(x->workload, m->workload) == 0)
			return f->metric;
	}
	return id;
}

size_t
mail_charts(const struct analysis *an, struct mail_chart **out)
{
	size_t ng, n = 0, cap = 0;
	const struct finding_group *g = gate_groups(an, SECTION_FAILS, &ng);

	*out = NULL;
	for (size_t k = 0; k < told(ng); k++) {
		size_t first = n;

		for (size_t j = 0; j < g[k].n; j++) {
			const struct finding *f = group_finding(an, &g[k], j);
			int id = f->metric < 0 ? -1 : charted_metric(an, &g[k],
			    f->metric);
			bool done = false;

			for (size_t c = first; c < n && !done; c++)
				done = (*out)[c].metric == id;
			if (id < 0 || f->run < 0 || done)
				continue;
			xgrow((void **)out, &cap, n + 1, sizeof **out);
			(*out)[n++] = group_chart(an, &g[k], id);
		}
	}
	names_apart(an, *out, n);
	return n;
}

void
mail_charts_free(struct mail_chart *c, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		free(c[k].name);
		free(c[k].title);
		free(c[k].runs);
	}
	free(c);
}

int
mail_chart_png(const struct analysis *an, const struct chart_fonts *fonts,
    const struct mail_chart *c, unsigned char **png, size_t *len, char *err)
{
	struct chart_bar *bars = chart_bars(an, c->metric, c->runs, c->n, NULL,
	    NULL);
	const struct metric_def *d = analysis_def(an, c->metric);
	struct chart ch = {c->title, display_unit(d), chart_note(d), bars,
	    c->n, false, false, display_fine_below(d)};
	int rc = chart_png(&ch, fonts, 1, png, len, err);

	chart_bars_free(bars, c->n);
	return rc;
}

int
render_attachments(const struct analysis *an, const struct chart_fonts *fonts,
    const char *dir, struct diags *d)
{
	struct mail_chart *ch;
	size_t n = mail_charts(an, &ch);
	int rc = 0;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diags_add(d, MSG_SYSERR, dir, 0, "cannot create: %s",
		    strerror(errno));
		mail_charts_free(ch, n);
		return -1;
	}
	for (size_t k = 0; k < n && rc == 0; k++) {
		unsigned char *png;
		char err[256] = "", *path = xasprintf("%s/%s", dir, ch[k].name);
		size_t len;
		FILE *f;

		if (mail_chart_png(an, fonts, &ch[k], &png, &len, err) != 0) {
			diags_add(d, MSG_SYSERR, path, 0, "%s", err);
			rc = -1;
		} else {
			if ((f = fopen(path, "wb")) == NULL ||
			    fwrite(png, 1, len, f) != len || fclose(f) != 0) {
				diags_add(d, MSG_SYSERR, path, 0, "cannot write: "
				    "%s", strerror(errno));
				rc = -1;
			}
			free(png);
		}
		free(path);
	}
	mail_charts_free(ch, n);
	return rc;
}

/* ---- Markdown ---- */

/* User text in Markdown and in the HTML GitHub allows in it: table
 * pipes, markup and emphasis characters are escaped, and an '@' is
 * followed by an empty comment, so that a run named "@octocat" shown
 * in a pull request's comment mentions nobody (an escaped "\@" still
 * would). */
static void
md_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '\n':
			fputc(' ', out);
			break;
		case '@':
			fputs("@<!-- -->", out);
			break;
		case '|': case '*': case '_': case '`': case '[': case ']':
		case '\\': case '#': case '~':
			fputc('\\', out);
			fputc(*s, out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

/* A link to the site's page path when there is a site, else text. */
static void
md_link(FILE *out, const char *text, const struct share_links *l,
    const char *path)
{
	const char *url = l ? l->site_url : NULL;
	size_t n = url ? strlen(url) : 0;

	if (url == NULL || path == NULL) {
		md_text(out, text);
		return;
	}
	fputc('[', out);
	md_text(out, text);
	fputs("](<", out);
	for (const char *p = url; *p; p++)
		if (*p == '<' || *p == '>' || *p == ' ')
			fprintf(out, "%%%02X", (unsigned char)*p);
		else
			fputc(*p, out);
	fprintf(out, "%s%s>)", n && url[n - 1] == '/' ? "" : "/", path);
}

/* A group's details, folded: what differs, why not gated, the
 * acknowledgements, each text once. */
static void
md_details(FILE *out, const struct analysis *an, const struct finding_group *g)
{
	bool any = false;

	for (size_t k = 0; k < g->n; k++) {
		const struct finding *f = group_finding(an, g, k);

		for (int t = 0; t < DETAIL_TEXTS; t++) {
			char *x;

			if (detail_told_before(an, g, k, t))
				continue;
			x = detail_untold(an, g, k, t);
			if (!any)
				fputs("<details><summary>What differs</summary>"
				    "\n\n", out);
			any = true;
			fprintf(out, "- %s", detail_label(g, f, t));
			if (f->run >= 0 && group_spans_runs(an, g)) {
				fputs(", ", out);
				md_text(out, an->set->runs[f->run].id);
			}
			fputs(": ", out);
			md_text(out, x);
			fputc('\n', out);
			free(x);
		}
	}
	if (any)
		fputs("\n</details>\n\n", out);
}

static void
md_section(FILE *out, const struct analysis *an, enum verdict_section sec,
    const char *title, bool folded)
{
	size_t n, nf = an->gate.findings[sec];
	const struct finding_group *g = gate_groups(an, sec, &n);

	if (n == 0)
		return;
	if (folded)
		fprintf(out, "<details><summary>%s (%zu finding%s, %zu cause%s)"
		    "</summary>\n\n", title, nf, nf == 1 ? "" : "s", n, n == 1 ?
		    "" : "s");
	else
		fprintf(out, "**%s** (%zu finding%s, %zu cause%s)\n\n", title, nf,
		    nf == 1 ? "" : "s", n, n == 1 ? "" : "s");
	for (size_t k = 0; k < told(n); k++) {
		if (sec == SECTION_FAILS)
			fprintf(out, "%zu\\. ", k + 1);
		else
			fputs("- ", out);
		md_text(out, g[k].text);
		fputs(sec == SECTION_FAILS ? "\n\n" : "\n", out);
		if (sec == SECTION_FAILS)
			md_details(out, an, &g[k]);
	}
	if (told(n) < n) {
		char *left = render_causes_left(an, sec, told(n));

		/* Our own words and counts: written as Markdown, the
		 * command as code. */
		fprintf(out, "%s\n\n", left);
		free(left);
	}
	fputs(folded ? "\n</details>\n\n" : sec == SECTION_FAILS ? "" : "\n",
	    out);
}

static void
md_figures(FILE *out, const struct analysis *an, const struct share_links *l)
{
	struct figure_cols fc;
	const int *m = fc.metric;
	bool *in = table_runs(an);
	char *left = table_left(an, in);
	size_t *order, nrows;
	char *unshown;

	figures_table_columns(an, &fc);
	fputs("| Run | Gate |", out);
	for (size_t k = 0; k < fc.n; k++) {
		const struct metric *mt = analysis_metric(an, m[k]);
		char *text = xasprintf("%s %s", mt->workload_label ?
		    mt->workload_label : fc.head[k], display_unit(&mt->def));
		char *path = xasprintf("metrics/%s.html", mt->def.key);

		fputc(' ', out);
		md_link(out, text, l, path);
		fputs(" |", out);
		free(text);
		free(path);
	}
	fputs("\n|---|---|", out);
	for (size_t k = 0; k < fc.n; k++)
		fputs("---:|", out);
	fputc('\n', out);
	order = table_order(an, in, &nrows);
	for (size_t r = 0; r < nrows; r++) {
		size_t i = order[r];

		fputs("| ", out);
		md_link(out, an->set->runs[i].id, l, l && l->run_pages ?
		    l->run_pages[i] : NULL);
		fprintf(out, " | %s%s |", an->gate.outcome[i] == RUN_FAILS ?
		    "\u274c " : "", outcome_words[an->gate.outcome[i]]);
		for (size_t k = 0; k < fc.n; k++) {
			char fig[32];

			const char *b = analysis_flagged(an, i, m[k]) ? "**" :
			    "";

			table_figure(an, i, m[k], fig);
			fprintf(out, " %s%s%s |", b, fig, b);
		}
		fputc('\n', out);
	}
	fputc('\n', out);
	if ((unshown = table_unshown(an, order, nrows, &fc)) != NULL) {
		md_text(out, unshown);
		fputs("\n\n", out);
		free(unshown);
	}
	free(order);
	if (left)
		fprintf(out, "%s\n\n", left);
	free(left);
	free(in);
}


static void
md_unread(FILE *out, const struct diags *d, size_t unread)
{
	size_t shown = 0, k = 0;
	char *line;

	fprintf(out, "#### Input not read (%zu)\n\n", unread);
	for (; shown < UNREAD_SHOWN && (line = next_unread(d, &k)); shown++) {
		fputs("- ", out);
		md_text(out, line);
		fputs("\n", out);
		free(line);
	}
	if (unread > shown)
		fprintf(out, "- and %zu more\n", unread - shown);
	fputs("\n", out);
}

int
render_check_markdown(FILE *out, const struct analysis *an,
    const struct share_links *l, const struct diags *d)
{
	size_t unread = inputs_not_read(d);

	fprintf(out, "### %s benchsite: ", an->gate.runs[RUN_FAILS] ? "\u274c" :
	    unread ? "\u26a0\ufe0f" : "\u2705");
	md_text(out, an->gate.headline);
	fputs("\n\n", out);
	if (an->gate.causes)
		fprintf(out, "%s\n\n", an->gate.causes);
	if (unread)
		md_unread(out, d, unread);
	if (l && l->site_url) {
		fputs("Published: ", out);
		md_link(out, "the site", l, "index.html");
		fputs("\n\n", out);
	}
	md_section(out, an, SECTION_FAILS, "Fails the gate", false);
	md_section(out, an, SECTION_SHARED, "What the failing runs share",
	    false);
	md_figures(out, an, l);
	md_section(out, an, SECTION_WARNINGS, "Warnings", true);
	md_section(out, an, SECTION_IMPROVEMENTS, "Improvements", true);
	return ferror(out) ? -1 : 0;
}

/* ---- JUnit ---- */

/* A suite per run, a case per metric the analysis judged, a failure
 * per gated finding of it (skipped when acknowledged), what its other
 * findings tell as the case's system-out. Written a suite
 * at a time, so that the report holds no more than one run's. */

/* The next gated finding of run i on metric, from *k on in the run's
 * findings; NULL after the last. */
static const struct finding *
next_gated(const struct analysis *an, size_t i, int metric, size_t *k)
{
	while (*k < an->by_run_at[i + 1]) {
		const struct finding *f = &an->f[an->by_run[(*k)++]];

		if (f->metric == metric && f->gated)
			return f;
	}
	return NULL;
}

/* What run i's findings on metric that fail no gate say (a drop told,
 * not gated, a warning, an improvement), for the case's system-out: a
 * passing case in CI still shows it. NULL when there are none; caller
 * frees. */
static char *
told_text(const struct analysis *an, size_t i, int metric)
{
	char *out = NULL;

	for (size_t k = an->by_run_at[i]; k < an->by_run_at[i + 1]; k++) {
		const struct finding *f = &an->f[an->by_run[k]];
		char *next;

		if (f->metric != metric || f->gated)
			continue;
		next = xasprintf("%s%s%s%s%s", out ? out : "", out ? "\n" :
		    "", f->text, f->caveat ? "\nNot gated: " : "",
		    f->caveat ? f->caveat : "");
		free(out);
		out = next;
	}
	return out;
}

static void
junit_case(xmlNodePtr suite, const struct analysis *an, size_t i, int metric)
{
	xmlNodePtr tc = xmlNewChild(suite, NULL, BAD_CAST "testcase", NULL);
	const char *id = an->set->runs[i].id;
	size_t d = dir_length(id), k = an->by_run_at[i];
	char *group = d ? xasprintf("%.*s", (int)d - 1, id) : xstrdup(id);
	char *name = xasprintf("%s \u2014 %s", id,
	    analysis_def(an, metric)->label), *told;
	const struct finding *f;

	/* CI lists cases by class: a run's directory (its machine or
	 * group), and by name: the run and the figure, as people say it. */
	xmlSetProp(tc, BAD_CAST "classname", BAD_CAST group);
	xmlSetProp(tc, BAD_CAST "name", BAD_CAST name);
	free(group);
	free(name);
	while ((f = next_gated(an, i, metric, &k)) != NULL) {
		xmlNodePtr fail;
		char *body;

		if (f->ack) {
			xmlNodePtr sk = xmlNewChild(tc, NULL, BAD_CAST "skipped",
			    NULL);
			char *msg = xasprintf("acknowledged: %s", f->ack);

			xmlSetProp(sk, BAD_CAST "message", BAD_CAST msg);
			free(msg);
			continue;
		}
		body = xasprintf("%s%s%s%s%s", f->text, f->explain ?
		    "\nDiffers: " : "", f->explain ? f->explain : "",
		    f->caveat ? "\nNot gated: " : "",
		    f->caveat ? f->caveat : "");
		/* xmlNewTextChild escapes; libxml2 writes the tree. */
		fail = xmlNewTextChild(tc, NULL, BAD_CAST "failure",
		    BAD_CAST body);
		xmlSetProp(fail, BAD_CAST "message", BAD_CAST f->text);
		xmlSetProp(fail, BAD_CAST "type", BAD_CAST finding_names[f->kind]);
		free(body);
	}
	if ((told = told_text(an, i, metric)) != NULL)
		xmlNewTextChild(tc, NULL, BAD_CAST "system-out", BAD_CAST told);
	free(told);
}

/* Run i's cases and failures, as its suite counts them. */
static void
junit_counts(const struct analysis *an, size_t i, int *tests, int *failures)
{
	const struct run *r = &an->set->runs[i];

	*tests = *failures = 0;
	for (size_t m = 0; m < r->nsum; m++) {
		size_t k = an->by_run_at[i];
		const struct finding *f;

		if (!an->runs[i].change[m].judged)
			continue;
		(*tests)++;
		while ((f = next_gated(an, i, run_metric_at(r, m), &k)))
			*failures += f->ack == NULL;
	}
}

static void
set_count(xmlNodePtr node, const char *attr, int n)
{
	char num[32];

	snprintf(num, sizeof num, "%d", n);
	xmlSetProp(node, BAD_CAST attr, BAD_CAST num);
}

static xmlNodePtr
junit_suite(xmlDocPtr doc, const struct analysis *an, size_t i)
{
	xmlNodePtr suite = xmlNewDocNode(doc, NULL, BAD_CAST "testsuite", NULL);
	const struct run *r = &an->set->runs[i];
	int tests, failures;

	xmlSetProp(suite, BAD_CAST "name", BAD_CAST r->id);
	for (size_t m = 0; m < r->nsum; m++)
		if (an->runs[i].change[m].judged)
			junit_case(suite, an, i, run_metric_at(r, m));
	junit_counts(an, i, &tests, &failures);
	set_count(suite, "tests", tests);
	set_count(suite, "failures", failures);
	return suite;
}

/* The inputs not read, a test case each with its error: CI shows why
 * check exited 2 beside the runs' verdicts. */
static xmlNodePtr
junit_inputs(xmlDocPtr doc, const struct diags *d, size_t unread)
{
	xmlNodePtr suite = xmlNewDocNode(doc, NULL, BAD_CAST "testsuite", NULL);

	xmlSetProp(suite, BAD_CAST "name", BAD_CAST "benchsite inputs");
	set_count(suite, "tests", (int)unread);
	set_count(suite, "errors", (int)unread);
	for (size_t k = 0; k < d->n; k++) {
		xmlNodePtr tc, err;
		char *line;

		if (d->v[k].level < MSG_ERROR)
			continue;
		line = diag_line(&d->v[k]);
		tc = xmlNewChild(suite, NULL, BAD_CAST "testcase", NULL);
		xmlSetProp(tc, BAD_CAST "classname", BAD_CAST "inputs");
		xmlSetProp(tc, BAD_CAST "name", BAD_CAST d->v[k].file);
		err = xmlNewChild(tc, NULL, BAD_CAST "error", NULL);
		xmlSetProp(err, BAD_CAST "message", BAD_CAST line);
		xmlSetProp(err, BAD_CAST "type", BAD_CAST "input not read");
		free(line);
	}
	return suite;
}

/* The root's start tag carries the totals, so they are counted first;
 * then each suite is built, written as libxml2 writes it at depth 1 of
 * the whole document, and freed. */
int
render_check_junit(FILE *out, const struct analysis *an,
    const struct diags *d)
{
	xmlDocPtr doc = xmlNewDoc(BAD_CAST "1.0");
	xmlOutputBufferPtr ob = xmlOutputBufferCreateFile(out, NULL);
	int total = 0, failures = 0, rc;
	size_t unread = inputs_not_read(d);
	char root[160];

	if (ob == NULL) {
		xmlFreeDoc(doc);
		return -1;
	}
	/* The document's encoding is what makes libxml2 write characters
	 * beyond ASCII in attributes as themselves. */
	doc->encoding = xmlStrdup(BAD_CAST "UTF-8");
	for (size_t i = 0; i < an->set->n; i++) {
		int t, f;

		junit_counts(an, i, &t, &f);
		total += t;
		failures += f;
	}
	/* numbers only: nothing in it to escape */
	if (unread)
		snprintf(root, sizeof root, "<?xml version=\"1.0\" encoding="
		    "\"UTF-8\"?>\n<testsuites name=\"benchsite\" tests=\"%zu\" "
		    "failures=\"%d\" errors=\"%zu\">\n", total + unread,
		    failures, unread);
	else
		snprintf(root, sizeof root, "<?xml version=\"1.0\" encoding="
		    "\"UTF-8\"?>\n<testsuites name=\"benchsite\" tests=\"%d\" "
		    "failures=\"%d\"%s>\n", total, failures, an->set->n ? "" :
		    "/");
	xmlOutputBufferWriteString(ob, root);
	for (size_t i = 0; i < an->set->n; i++) {
		xmlNodePtr suite = junit_suite(doc, an, i);

		xmlOutputBufferWrite(ob, 2, "  ");
		xmlNodeDumpOutput(ob, doc, suite, 1, 1, "UTF-8");
		xmlOutputBufferWrite(ob, 1, "\n");
		xmlFreeNode(suite);
	}
	if (unread) {
		xmlNodePtr suite = junit_inputs(doc, d, unread);

		xmlOutputBufferWrite(ob, 2, "  ");
		xmlNodeDumpOutput(ob, doc, suite, 1, 1, "UTF-8");
		xmlOutputBufferWrite(ob, 1, "\n");
		xmlFreeNode(suite);
	}
	if (an->set->n > 0 || unread)
		xmlOutputBufferWriteString(ob, "</testsuites>\n");
	rc = xmlOutputBufferClose(ob) < 0 || ferror(out) ? -1 : 0;
	xmlFreeDoc(doc);
	return rc;
}
