/* The numbers of each page's table as data (tables.h): the same rows
 * and figures as the page builders put in their tables (pages.c), read
 * from the plan, the model and the analysis, never recomputed. */
#include "render/tables.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


void
data_table_free(struct data_table *t)
{
	for (size_t k = 0; k < t->ncols; k++) {
		free(t->cols[k].name);
		free(t->cols[k].unit);
	}
	for (size_t k = 0; k < t->nrows * t->ncols; k++)
		free(t->cells[k].text);
	free(t->cols);
	free(t->cells);
	memset(t, 0, sizeof *t);
}

static void
add_col(struct data_table *t, const char *name, const char *unit)
{
	xgrow((void **)&t->cols, &t->capcols, t->ncols + 1, sizeof *t->cols);
	t->cols[t->ncols++] = (struct table_col){xstrdup(name),
	    unit ? xstrdup(unit) : NULL};
}

/* Starts a row: its cells follow, ncols of them, empty until set. */
static struct table_cell *
add_row(struct data_table *t)
{
	size_t at = t->nrows * t->ncols;

	xgrow((void **)&t->cells, &t->capcells, at + t->ncols + 1,
	    sizeof *t->cells);
	memset(t->cells + at, 0, t->ncols * sizeof *t->cells);
	t->nrows++;
	return t->cells + at;
}

static void
set_text(struct table_cell *c, const char *text)
{
	if (text == NULL)
		return;
	c->kind = TC_TEXT;
	c->text = xstrdup(text);
}

static void
set_figure(struct table_cell *c, enum value_state state, double value)
{
	c->kind = TC_FIGURE;
	c->state = state;
	c->value = state == VS_OK ? value : 0;
}

static void
set_number(struct table_cell *c, double value)
{
	set_figure(c, VS_OK, value);
}

bool
run_section_ran(const struct site_plan *s, size_t run, int first)
{
	for (int id = first; id < first + 6; id++)
		if ((*analysis_sum(s->an, run, id)).state != VS_NOT_RUN)
			return true;
	return false;
}

/* What the controller column shows first: the controller, else the
 * chipset. */
static const char *
controller_of(const struct run *r)
{
	const char *ctl = meta_get(&r->meta, "controller");

	return ctl ? ctl : meta_get(&r->meta, "chipset");
}

void
index_table(const struct site_plan *s, struct data_table *t)
{
	static const char *const cols[] = {"Run", "Host", "Controller",
	    "Disks", "RAID", "File system", "Kernel", "Scheduler"};
	static const char *const keys[] = {"disks", "raid", "filesystem",
	    "kernel", "scheduler"};
	size_t n, ntext = sizeof cols / sizeof *cols;
	const size_t *rows = plan_rows(s, &n);

	for (size_t k = 0; k < ntext; k++)
		add_col(t, cols[k], NULL);
	for (size_t k = 0; k < s->noverview; k++)
		add_col(t, analysis_def(s->an, s->overview[k])->label,
		    analysis_def(s->an, s->overview[k])->unit);
	for (size_t row = 0; row < n; row++) {
		const struct run *r = &s->set->runs[rows[row]];
		struct table_cell *c = add_row(t);

		set_text(&c[0], run_title(r));
		set_text(&c[1], run_host(r));
		set_text(&c[2], controller_of(r));
		for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
			set_text(&c[3 + k], meta_get(&r->meta, keys[k]));
		for (size_t k = 0; k < s->noverview; k++) {
			const struct metric_summary *m = run_summary(r,
			    s->overview[k]);

			set_figure(&c[ntext + k], m->state, m->median);
		}
	}
}

/* The metrics of the run's tables that ran, into ids; returns how many. */
static int
shown_metrics(const struct site_plan *s, size_t run, int ids[M_COUNT])
{
	int n = 0;

	for (int first = M_PUTC; first <= M_SEQ_CREATE; first += 6)
		for (int id = first; run_section_ran(s, run, first) &&
		    id < first + 6; id++)
			ids[n++] = id;
	return n;
}

/* A summary row: which 0 the median, < 0 the minimum, > 0 the maximum. */
static void
summary_row(const struct site_plan *s, size_t run, const int *ids, int n,
    const char *label, int which, struct data_table *t)
{
	struct table_cell *c = add_row(t);

	set_text(&c[0], label);
	for (int k = 0; k < n; k++) {
		const struct metric_summary *m = analysis_sum(s->an, run,
		    ids[k]);

		set_figure(&c[1 + k], m->state, which == 0 ? m->median :
		    which < 0 ? m->min : m->max);
	}
}

void
samples_table(const struct site_plan *s, size_t run,
    const struct results *rs, size_t from, size_t to, bool summary,
    struct data_table *t)
{
	int ids[M_COUNT], n = shown_metrics(s, run, ids);

	if (n == 0)
		return;
	add_col(t, "Sample", NULL);
	for (int k = 0; k < n; k++)
		add_col(t, metric_defs[ids[k]].label, metric_defs[ids[k]].unit);
	for (size_t i = from; i < to && i < rs->n; i++) {
		const struct result *x = &rs->v[i];
		const char *base = strrchr(x->file, '/');
		char *label = xasprintf("%s:%ld", base ? base + 1 : x->file,
		    x->line);
		struct table_cell *c = add_row(t);

		set_text(&c[0], label);
		free(label);
		for (int k = 0; k < n; k++)
			set_figure(&c[1 + k], x->m[ids[k]].state,
			    x->m[ids[k]].value);
	}
	if (summary) {
		summary_row(s, run, ids, n, "Median", 0, t);
		summary_row(s, run, ids, n, "Minimum", -1, t);
		summary_row(s, run, ids, n, "Maximum", 1, t);
	}
}

bool
metric_has_cpu_columns(const struct metric_def *d)
{
	return d->family == FAMILY_BONNIE;
}

static void
metric_cols(const struct site_plan *s, const struct metric_def *d,
    struct data_table *t)
{
	static const char *const cols[] = {"Run", "Controller", "Disks",
	    "RAID"};
	const char *unit = d->unit;

	if (s->large)
		add_col(t, "Series", NULL);
	for (size_t k = 0; k < sizeof cols / sizeof *cols; k++)
		add_col(t, cols[k], NULL);
	add_col(t, "Median", unit);
	add_col(t, "Min", unit);
	add_col(t, "Max", unit);
	add_col(t, "Samples", NULL);
	if (!metric_has_cpu_columns(d))
		return;
	add_col(t, "CPU", "%CP");
	/* A ratio of the display unit, as the page shows it. */
	add_col(t, "CPU per unit", d->kind == MK_THROUGHPUT ?
	    "%CP per MiB/s" : "%CP per 100/s");
	add_col(t, "Latency", "us");
}

static void
metric_row(const struct site_plan *s, size_t i, int id, struct data_table *t)
{
	const struct metric_def *d = analysis_def(s->an, id);
	const struct run *r = &s->set->runs[i];
	const struct metric_summary *m = analysis_sum(s->an, i, id);
	double cpu_unit = analysis_cpu_per_unit(s->an, i, id);
	struct table_cell *c = add_row(t);

	if (s->large)
		set_text(c++, s->an->runs[i].series);
	set_text(&c[0], run_title(r));
	set_text(&c[1], controller_of(r));
	set_text(&c[2], meta_get(&r->meta, "disks"));
	set_text(&c[3], meta_get(&r->meta, "raid"));
	set_figure(&c[4], m->state, m->median);
	if (m->n > 1) {		/* one sample: no spread */
		set_figure(&c[5], m->state, m->min);
		set_figure(&c[6], m->state, m->max);
	}
	set_number(&c[7], d->family == FAMILY_BONNIE ? (double)r->nsamples :
	    m->n);
	if (!metric_has_cpu_columns(d))
		return;
	if (m->cpu >= 0)
		set_number(&c[8], m->cpu);
	if (cpu_unit >= 0)
		set_number(&c[9], cpu_unit *
		    (d->kind == MK_THROUGHPUT ? 1 : 100));
	if (m->latency_us >= 0)
		set_number(&c[10], m->latency_us);
}

void
metric_table(const struct site_plan *s, int id, struct data_table *t)
{
	size_t n;
	const size_t *rows = plan_rows(s, &n);

	metric_cols(s, analysis_def(s->an, id), t);
	for (size_t k = 0; k < n; k++)
		if (plan_has_metric(s, rows[k], id))
			metric_row(s, rows[k], id, t);
}

/* ---- fio's workloads ---- */

size_t
fio_workloads(const struct analysis *an, size_t i, size_t *first)
{
	const struct run *r = &an->set->runs[i];
	const char *last = NULL;
	size_t n = 0;

	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric *m = analysis_metric(an, run_metric_at(r, k));

		if (m->def.family != FAMILY_FIO || m->workload == last)
			continue;
		last = m->workload;
		first[n++] = k;
	}
	return n;
}

int
fio_workload_metric(const struct analysis *an, size_t i, size_t w,
    enum fio_measure fm)
{
	const struct run *r = &an->set->runs[i];
	const char *wl = analysis_metric(an, run_metric_at(r, w))->workload;

	for (size_t k = w; k < r->nsum; k++) {
		const struct metric *m = analysis_metric(an, run_metric_at(r, k));

		if (m->workload != wl)
			break;
		if (m->fio.measure == fm)
			return run_metric_at(r, k);
	}
	return -1;
}

void
fio_run_table(const struct site_plan *s, size_t i, struct data_table *t)
{
	static const char *const cols[FIO_MEASURES] = {
		"Bandwidth", "IOPS", "Mean latency", "p50 latency",
		"p99 latency", "p99.9 latency",
	};
	const struct run *r = &s->set->runs[i];
	size_t *w = xcalloc(r->nsum + 1, sizeof *w);
	size_t nw = fio_workloads(s->an, i, w);

	add_col(t, "Workload", NULL);
	add_col(t, "Key", NULL);
	for (int fm = 0; fm < FIO_MEASURES; fm++)
		add_col(t, cols[fm], fm == FM_BW ? "KiB/s" : fm == FM_IOPS ?
		    "/s" : "us");
	add_col(t, "Samples", NULL);
	for (size_t k = 0; k < nw; k++) {
		const struct metric *m = analysis_metric(s->an,
		    run_metric_at(r, w[k]));
		struct table_cell *c = add_row(t);
		int samples = 0;

		set_text(&c[0], m->workload_label);
		set_text(&c[1], m->workload);
		for (int fm = 0; fm < FIO_MEASURES; fm++) {
			int id = fio_workload_metric(s->an, i, w[k],
			    (enum fio_measure)fm);
			const struct metric_summary *sum;

			if (id < 0)
				continue;
			sum = analysis_sum(s->an, i, id);
			set_figure(&c[2 + fm], sum->state, sum->median);
			samples = sum->n > samples ? sum->n : samples;
		}
		set_number(&c[2 + FIO_MEASURES], samples);
	}
	free(w);
}
