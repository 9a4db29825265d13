/* The numbers of each page's table as data (tables.h): the same rows
 * and figures as the page builders put in their tables (pages.c), read
 * from the plan, the model and the analysis, never recomputed. The rows
 * of the comparison pages are chosen here, for their tables, charts and
 * files alike (pages_analysis.c). */
#include "render/headline.h"
#include "render/render.h"
#include "render/tables.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


const char *const group_keys[] = {
	"controller", "chipset", "bus", "driver", "disks", "raid", "chunk",
	"filesystem", "mount-options", "kernel", "os", "scheduler",
	"readahead", "queue-depth", "write-cache", "cpu", "memory",
	"motherboard", "host",
};
const size_t ngroup_keys = sizeof group_keys / sizeof *group_keys;

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
		if (analysis_sum(s->an, run, id).state != VS_NOT_RUN)
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
	static const char *const cols[] = {"Run", "Gate", "Host",
	    "Controller", "Disks", "RAID", "File system", "Kernel",
	    "Scheduler"};
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
		/* what the gate says of it, as the overview's column does */
		set_text(&c[1], outcome_words[s->an->gate.outcome[rows[row]]]);
		set_text(&c[2], run_host(r));
		set_text(&c[3], controller_of(r));
		for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
			set_text(&c[4 + k], meta_get(&r->meta, keys[k]));
		for (size_t k = 0; k < s->noverview; k++) {
			const struct metric_summary m = run_summary(r,
			    s->overview[k]);

			set_figure(&c[ntext + k], m.state, m.median);
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
		const struct metric_summary m = analysis_sum(s->an, run,
		    ids[k]);

		set_figure(&c[1 + k], m.state, which == 0 ? m.median :
		    which < 0 ? m.min : m.max);
	}
}

char *
sample_label(const struct result *x)
{
	const char *base = strrchr(x->file, '/');

	base = base ? base + 1 : x->file;
	if (x->csv_line > 0)
		return xasprintf("%s:%ld", base, x->csv_line);
	return xasprintf("%s:%ld", base, x->line);
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
		char *label = sample_label(x);
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
	const struct metric_summary m = analysis_sum(s->an, i, id);
	double cpu_unit = analysis_cpu_per_unit(s->an, i, id);
	struct table_cell *c = add_row(t);

	if (s->large)
		set_text(c++, s->an->runs[i].series);
	set_text(&c[0], run_title(r));
	set_text(&c[1], controller_of(r));
	set_text(&c[2], meta_get(&r->meta, "disks"));
	set_text(&c[3], meta_get(&r->meta, "raid"));
	set_figure(&c[4], m.state, m.median);
	if (m.n > 1) {		/* one sample: no spread */
		set_figure(&c[5], m.state, m.min);
		set_figure(&c[6], m.state, m.max);
	}
	set_number(&c[7], d->family == FAMILY_BONNIE ? (double)r->nsamples :
	    m.n);
	if (!metric_has_cpu_columns(d))
		return;
	if (m.cpu >= 0)
		set_number(&c[8], m.cpu);
	if (cpu_unit >= 0)
		set_number(&c[9], cpu_unit *
		    (d->kind == MK_THROUGHPUT ? 1 : 100));
	if (m.latency_us >= 0)
		set_number(&c[10], m.latency_us);
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

		if (m->def.family != FAMILY_FIO ||
		    (last && strcmp(m->workload, last) == 0))
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

		if (m->workload == NULL || strcmp(m->workload, wl) != 0)
			break;
		if (m->fio.measure == fm)
			return run_metric_at(r, k);
	}
	return -1;
}

int
fio_measures_shown(const struct analysis *an, size_t i)
{
	const struct run *r = &an->set->runs[i];

	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric *m = analysis_metric(an, run_metric_at(r, k));

		if (m->def.family == FAMILY_FIO &&
		    fio_measure_is_sync(m->fio.measure))
			return FIO_MEASURES;
	}
	return FM_SYNC;
}

const char *
fio_measure_column(enum fio_measure m)
{
	static const char *const cols[FIO_MEASURES] = {
		"Bandwidth", "IOPS", "Mean latency", "p50 latency",
		"p99 latency", "p99.9 latency", "Mean sync latency",
		"p99 sync latency",
	};

	return cols[m];
}

void
fio_run_table(const struct site_plan *s, size_t i, struct data_table *t)
{
	const struct run *r = &s->set->runs[i];
	size_t *w = xcalloc(r->nsum + 1, sizeof *w);
	size_t nw = fio_workloads(s->an, i, w);
	int shown = fio_measures_shown(s->an, i);

	add_col(t, "Workload", NULL);
	add_col(t, "Key", NULL);
	for (int fm = 0; fm < shown; fm++)
		add_col(t, fio_measure_column((enum fio_measure)fm),
		    fm == FM_BW ? "KiB/s" : fm == FM_IOPS ?
		    "/s" : "us");
	add_col(t, "Samples", NULL);
	for (size_t k = 0; k < nw; k++) {
		const struct metric *m = analysis_metric(s->an,
		    run_metric_at(r, w[k]));
		struct table_cell *c = add_row(t);
		int samples = 0;

		set_text(&c[0], m->workload_label);
		set_text(&c[1], m->workload);
		for (int fm = 0; fm < shown; fm++) {
			int id = fio_workload_metric(s->an, i, w[k],
			    (enum fio_measure)fm);
			struct metric_summary sum;

			if (id < 0)
				continue;
			sum = analysis_sum(s->an, i, id);
			set_figure(&c[2 + fm], sum.state, sum.median);
			samples = sum.n > samples ? sum.n : samples;
		}
		set_number(&c[2 + shown], samples);
	}
	free(w);
}

/* ---- comparison pages: "by KEY" and a series' history ---- */

struct group_run {
	size_t run;
	const char *value;
};

/* Whether two values of one key are the same: the runs' meta entries
 * are pooled (runset.pool), so one value is mostly one pointer, which
 * spares comparing it whole (a "by KEY" page's 100 000 runs have a few
 * values). */
static bool
same_value(const char *a, const char *b)
{
	return a == b || strcmp(a, b) == 0;
}

/* The distinct values of a key among the runs, by pointer (the meta's
 * entries are pooled, so mostly one pointer a value), each with its
 * place in strcmp's order (equal strings at different pointers share
 * one). */
struct values_seen {
	const char **v;		/* by first appearance */
	size_t n;
	struct hashmap by_ptr;	/* index in v + 1 */
};

static uint64_t
value_ptr_hash(uintptr_t value, const void *ctx)
{
	const struct values_seen *vs = ctx;

	return hash_bytes(&vs->v[value - 1], sizeof *vs->v, 0);
}

/* The index of value in vs, added when new. */
static uint32_t
value_index(struct values_seen *vs, const char *value)
{
	uint64_t h = hash_bytes(&value, sizeof value, 0);
	size_t at;

	for (at = hashmap_home(&vs->by_ptr, h); vs->by_ptr.slot[at];
	    at = hashmap_next(&vs->by_ptr, at))
		if (vs->v[vs->by_ptr.slot[at] - 1] == value)
			return (uint32_t)(vs->by_ptr.slot[at] - 1);
	vs->v[vs->n] = value;
	hashmap_put(&vs->by_ptr, at, ++vs->n);
	return (uint32_t)(vs->n - 1);
}

/* A distinct value and its index in values_seen.v, sorted by value. */
struct value_at {
	const char *value;
	uint32_t k;
};

static int
cmp_value_at(const void *x, const void *y)
{
	return strcmp(((const struct value_at *)x)->value,
	    ((const struct value_at *)y)->value);
}

/* Runs having key, sorted by its value then by run, into out[0..*n);
 * the count of distinct values. A counting sort by the values' places:
 * only the distinct values are compared (a "by KEY" page of 100 000
 * runs has a few dozen), and the runs, met in order, stay in order. */
static size_t
group_runs(const struct site_plan *s, const char *key, struct group_run *out,
    size_t *n)
{
	size_t total = s->set->n ? s->set->n : 1, m = 0, values = 0;
	struct values_seen vs = {xcalloc(total, sizeof *vs.v), 0, {0}};
	uint32_t *id = xcalloc(total, sizeof *id), *place, *start;
	struct group_run *in = xcalloc(total, sizeof *in);
	struct value_at *sorted;

	hashmap_init(&vs.by_ptr, 64, value_ptr_hash, &vs);
	for (size_t i = 0; i < s->set->n; i++) {
		const char *v = meta_get(&s->set->runs[i].meta, key);

		if (v && *v) {
			id[m] = value_index(&vs, v);
			in[m++] = (struct group_run){i, v};
		}
	}
	/* Each distinct value's place: equal strings share one. */
	sorted = xcalloc(vs.n + 1, sizeof *sorted);
	place = xcalloc(vs.n + 1, sizeof *place);
	start = xcalloc(vs.n + 2, sizeof *start);
	for (uint32_t k = 0; k < vs.n; k++)
		sorted[k] = (struct value_at){vs.v[k], k};
	qsort(sorted, vs.n, sizeof *sorted, cmp_value_at);
	for (size_t k = 0; k < vs.n; k++) {
		if (k == 0 || strcmp(sorted[k].value, sorted[k - 1].value) != 0)
			values++;
		place[sorted[k].k] = (uint32_t)(values - 1);
	}
	for (size_t k = 0; k < m; k++)
		start[place[id[k]] + 1]++;
	for (size_t k = 1; k <= values; k++)
		start[k] += start[k - 1];
	for (size_t k = 0; k < m; k++)
		out[start[place[id[k]]]++] = in[k];
	*n = m;
	hashmap_free(&vs.by_ptr);
	free(vs.v);
	free(id);
	free(in);
	free(sorted);
	free(place);
	free(start);
	return values;
}

/* Whether run a came after run b: by the meta date, then by place in
 * the series order. */
static bool
later(const struct site_plan *s, size_t a, size_t b)
{
	const char *x = meta_get(&s->set->runs[a].meta, "date");
	const char *y = meta_get(&s->set->runs[b].meta, "date");
	int c = x && y ? strcmp(x, y) : 0;

	return c != 0 ? c > 0 : s->an->pos[a] > s->an->pos[b];
}

static int
cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	return (a > b) - (a < b);
}

/* A large site's entries of one value's runs g[0..n): the latest run of
 * each series, in series order, into out; returns how many. latest is
 * scratch, a slot a series, all SIZE_MAX and left so: each series' latest
 * place in the series order is kept as its runs come, then only those
 * places are sorted (a series' runs are together in that order). */
static size_t
latest_per_series(const struct site_plan *s, const struct group_run *g,
    size_t n, size_t *out, size_t *latest)
{
	size_t m = 0;

	for (size_t k = 0; k < n; k++) {
		size_t series = s->series_of[g[k].run];
		size_t pos = s->an->pos[g[k].run];

		if (latest[series] == SIZE_MAX)
			out[m++] = series;
		if (latest[series] == SIZE_MAX || pos > latest[series])
			latest[series] = pos;
	}
	for (size_t k = 0; k < m; k++) {
		size_t series = out[k];

		out[k] = latest[series];
		latest[series] = SIZE_MAX;
	}
	qsort(out, m, sizeof *out, cmp_size);
	for (size_t k = 0; k < m; k++)
		out[k] = s->an->order[out[k]];
	return m;
}

/* The end of the runs of g[k]'s value in g[0..n). */
static size_t
value_end(const struct group_run *g, size_t n, size_t k)
{
	size_t e = k;

	while (e < n && same_value(g[e].value, g[k].value))
		e++;
	return e;
}

/* Which of one value's runs g[0..n) its page shows, into out; returns
 * how many: all of them on a small site; on a large one the latest of
 * each series, or with per_value the latest one. */
static size_t
value_runs(const struct site_plan *s, const struct group_run *g, size_t n,
    bool per_value, size_t *out, size_t *latest)
{
	if (!s->large) {
		for (size_t k = 0; k < n; k++)
			out[k] = g[k].run;
		return n;
	}
	if (!per_value)
		return latest_per_series(s, g, n, out, latest);
	out[0] = g[0].run;
	for (size_t k = 1; k < n; k++)
		if (later(s, g[k].run, out[0]))
			out[0] = g[k].run;
	return 1;
}

/* The runs a "by KEY" page shows of the runs g[0..n) having key, sorted
 * by value, into r: a large site's latest run of each series per value,
 * or when those are more than a chart holds the latest run per value,
 * of at most SITE_MAX_BARS values; each value's heading on its first. */
static void
key_entries(const struct site_plan *s, const struct group_run *g, size_t n,
    struct compare_rows *r)
{
	size_t values = 0, pairs = 0, *tmp = xcalloc(n + 1, sizeof *tmp);
	size_t *latest = xmalloc((s->nseries + 1) * sizeof *latest);

	for (size_t k = 0; k <= s->nseries; k++)
		latest[k] = SIZE_MAX;
	for (size_t k = 0, e; k < n; k = e) {
		e = value_end(g, n, k);
		pairs += s->large ? latest_per_series(s, g + k, e - k, tmp,
		    latest) : e - k;
	}
	r->per_value = s->large && pairs > SITE_MAX_BARS;
	for (size_t k = 0, e, c; k < n; k = e) {
		e = value_end(g, n, k);
		if (s->large && values == SITE_MAX_BARS) {
			r->values_left++;
			continue;
		}
		values++;
		c = value_runs(s, g + k, e - k, r->per_value, tmp, latest);
		r->groups[r->n] = xasprintf("%s: %s", r->key, g[k].value);
		memcpy(r->runs + r->n, tmp, c * sizeof *r->runs);
		r->n += c;
	}
	free(latest);
	free(tmp);
}

/* The figures a comparison of r's runs shows: bonnie++'s four, and the
 * fio workloads most of them share (headline.h). */
static void
compared_of(const struct site_plan *s, struct compare_rows *r)
{
	r->metrics = xcalloc(nbonnie_compared + HEADLINE_FIO,
	    sizeof *r->metrics);
	r->nmetrics = headline_metrics(s->an, r->runs, r->n, bonnie_compared,
	    nbonnie_compared, HEADLINE_FIO, r->metrics);
}

bool
key_rows(const struct site_plan *s, size_t k, struct compare_rows *r)
{
	struct group_run *g = xcalloc(s->set->n ? s->set->n : 1, sizeof *g);
	size_t n;

	memset(r, 0, sizeof *r);
	if (group_runs(s, group_keys[k], g, &n) >= 2) {
		r->key = r->label = group_keys[k];
		r->runs = xcalloc(n, sizeof *r->runs);
		r->groups = xcalloc(n, sizeof *r->groups);
		key_entries(s, g, n, r);
		compared_of(s, r);
	}
	free(g);
	return r->key != NULL;
}

void
series_rows(const struct site_plan *s, size_t series, size_t page,
    struct compare_rows *r)
{
	const struct series_span *sp = &s->series[series];
	size_t first, last;

	memset(r, 0, sizeof *r);
	series_page_range(sp, page, &first, &last);
	r->n = last - first;
	r->label = "What changed";
	r->runs = xcalloc(r->n + 1, sizeof *r->runs);
	memcpy(r->runs, s->an->order + sp->start + first,
	    r->n * sizeof *r->runs);
	r->changes = xcalloc(r->n + 1, sizeof *r->changes);
	for (size_t k = 0; k < r->n; k++)
		r->changes[k] = s->an->runs[r->runs[k]].series_change;
	compared_of(s, r);
}

void
compare_rows_free(struct compare_rows *r)
{
	for (size_t k = 0; r->groups && k < r->n; k++)
		free(r->groups[k]);
	free(r->groups);
	free((void *)r->changes);
	free(r->runs);
	free(r->metrics);
	memset(r, 0, sizeof *r);
}

static void
compare_row(const struct site_plan *s, const struct compare_rows *r,
    size_t k, struct data_table *t)
{
	const struct run *run = &s->set->runs[r->runs[k]];
	struct table_cell *c = add_row(t);

	set_text(c++, run_title(run));
	if (r->changes) {
		set_text(c++, meta_get(&run->meta, "date"));
		set_text(c++, outcome_words[s->an->gate.outcome[r->runs[k]]]);
	}
	/* The value on every row: the page heads each group with it once,
	 * a row of the file stands alone. */
	set_text(c++, r->key ? meta_get(&run->meta, r->key) : r->changes[k]);
	for (size_t m = 0; m < r->nmetrics; m++) {
		const struct metric_summary sum = run_summary(run,
		    r->metrics[m]);

		set_figure(&c[m], sum.state, sum.median);
	}
}

void
compare_table(const struct site_plan *s, const struct compare_rows *r,
    struct data_table *t)
{
	add_col(t, "Run", NULL);
	if (r->changes) {
		add_col(t, "Date", NULL);
		add_col(t, "Gate", NULL);
	}
	add_col(t, r->label, NULL);
	for (size_t m = 0; m < r->nmetrics; m++)
		add_col(t, analysis_def(s->an, r->metrics[m])->label,
		    analysis_def(s->an, r->metrics[m])->unit);
	for (size_t k = 0; k < r->n; k++)
		compare_row(s, r, k, t);
}

/* ---- compare pages: one run against another ---- */

bool
pair_shows(const struct site_plan *s, size_t run, int which, int id)
{
	long other = plan_pair_other(s, run, which);

	return s->has_data[id] && (plan_has_metric(s, run, id) ||
	    plan_has_metric(s, (size_t)other, id));
}

/* What the scaling model said of run's figure id against other, its
 * single-disk reference, or "not judged" (no reference, or another). */
static const char *
scaling_verdict(const struct site_plan *s, size_t run, long other, int id)
{
	const struct scaling *sc = analysis_scaling(s->an, run);
	struct scaled_metric x;

	if (sc == NULL || sc->reference != other ||
	    !analysis_scaled(s->an, run, id, &x))
		return "not judged";
	switch (x.level) {
	case EFF_SHORT:
		return "short of its scaling";
	case EFF_WEAK:
		return "scales weakly";
	case EFF_FINE:
		return "scales as expected";
	default:
		return "not judged";
	}
}

void
pair_change_of(const struct site_plan *s, size_t run, int which, int id,
    struct pair_change *c)
{
	long other = plan_pair_other(s, run, which);
	const struct metric_summary a = analysis_sum(s->an, (size_t)other,
	    id);
	const struct metric_summary b = analysis_sum(s->an, run, id);
	enum verdict v = analysis_change_of(s->an, run, id)->verdict;

	memset(c, 0, sizeof *c);
	if (other == s->an->runs[run].base) {
		c->judged = true;
		c->has_rel = v == VERDICT_SAME || v == VERDICT_REGRESSION ||
		    v == VERDICT_IMPROVEMENT;
		c->rel = analysis_change(s->an, run, id).rel;
		/* a regression the gate let pass (a tail alone, the page
		 * cache's) says so, as check does */
		c->verdict = v == VERDICT_REGRESSION && !analysis_flagged(s->an,
		    run, id) ? "regression, not gated" : verdict_names[v];
		return;
	}
	/* Not compared by the analysis: the figures' ratio only, and
	 * against its single-disk reference, what the scaling model said
	 * (the RAID run's page gives the expected figures). */
	c->has_rel = a.state == VS_OK && b.state == VS_OK && a.median > 0;
	c->rel = c->has_rel ? b.median / a.median - 1 : 0;
	c->verdict = scaling_verdict(s, run, other, id);
}

static void
pair_row(const struct site_plan *s, size_t run, int which, int id,
    struct data_table *t)
{
	const struct metric_summary a = analysis_sum(s->an,
	    (size_t)plan_pair_other(s, run, which), id);
	const struct metric_summary b = analysis_sum(s->an, run, id);
	struct table_cell *c = add_row(t);
	struct pair_change ch;

	pair_change_of(s, run, which, id, &ch);
	set_text(&c[0], analysis_def(s->an, id)->label);
	set_text(&c[1], analysis_def(s->an, id)->unit);
	set_figure(&c[2], a.state, a.median);
	set_figure(&c[3], b.state, b.median);
	if (ch.has_rel)
		set_number(&c[4], 100 * ch.rel);
	set_text(&c[5], ch.verdict);
}

void
pair_table(const struct site_plan *s, size_t run, int which,
    struct data_table *t)
{
	add_col(t, "Metric", NULL);
	/* Each row is a metric: its figures' unit (KiB/s, per second) is
	 * a column, as no header can give it. */
	add_col(t, "Unit", NULL);
	add_col(t, s->set->runs[plan_pair_other(s, run, which)].id, NULL);
	add_col(t, s->set->runs[run].id, NULL);
	add_col(t, "Change", "%");
	add_col(t, "Verdict", NULL);
	for (size_t id = 0; id < s->set->metrics.n; id++)
		if (pair_shows(s, run, which, (int)id))
			pair_row(s, run, which, (int)id, t);
}
