/* Series: which runs follow one another (the meta "series", else the
 * host and its set-up), their order, and the run each one is compared
 * with. The first step of the analysis; see analyse_int.h. */
#include "analyse/analyse_int.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Zero, as a run's changes start: no verdict, no rule. Here, in the
 * analysis' first step, as every later one reads it. */
const struct change change_none;

static const char *
meta_or_empty(const struct run *r, const char *key)
{
	const char *v = meta_get(&r->meta, key);

	return v ? v : "";
}


static char *
series_of(const struct run *r)
{
	const char *s = meta_get(&r->meta, "series");

	if (s && *s)
		return xstrdup(s);
	return xasprintf("%s|%s|%s|%s|%s", run_host(r),
	    meta_or_empty(r, "controller"), meta_or_empty(r, "disks"),
	    meta_or_empty(r, "raid"), meta_or_empty(r, "filesystem"));
}

/* Same RAID level and disk count (both unknown counts as the same): a
 * change of layout is the scaling model's business, not a regression. */
static bool
same_layout(const struct run *a, const struct run *b)
{
	return a->meta.raid == b->meta.raid &&
	    a->meta.disk_count == b->meta.disk_count;
}

bool
same_series(const struct analysis *a, size_t x, size_t y)
{
	/* Pooled: the same name is the same pointer. */
	return a->runs[x].series == a->runs[y].series ||
	    strcmp(a->runs[x].series, a->runs[y].series) == 0;
}

bool
share_metrics(const struct run *x, const struct run *y)
{
	size_t i = 0, k = 0;

	if (x->sum_ids == NULL && y->sum_ids == NULL)
		return x->nsum > 0 && y->nsum > 0;
	while (i < x->nsum && k < y->nsum) {
		int a = run_metric_at(x, i), b = run_metric_at(y, k);

		if (a == b)
			return true;
		if (a < b)
			i++;
		else
			k++;
	}
	return false;
}

/* The run just before i in its series with the same layout and some
 * figure to compare, or -1. */
static long
previous_in_series(const struct analysis *a, size_t i)
{
	for (size_t p = a->pos[i]; p > 0 && same_series(a, a->order[p - 1],
	    i); p--) {
		const struct run *prev = &a->set->runs[a->order[p - 1]];

		if (same_layout(prev, &a->set->runs[i]) &&
		    share_metrics(prev, &a->set->runs[i]))
			return (long)a->order[p - 1];
	}
	return -1;
}

/* What orders a series: its name, then the run's date, then its id. */
struct series_key {
	const char *series, *date, *id;
	size_t run;
};

static int
cmp_series_key(const void *x, const void *y)
{
	const struct series_key *a = x, *b = y;
	int c = strcmp(a->series, b->series);

	if (c == 0)
		c = strcmp(a->date, b->date);
	return c ? c : strcmp(a->id, b->id);
}

/* Every run in series order (series, date, id), and each one's place. */
void
order_series(struct analysis *a)
{
	size_t n = a->set->n;
	struct series_key *k = xcalloc(n ? n : 1, sizeof *k);

	for (size_t i = 0; i < n; i++)
		k[i] = (struct series_key){a->runs[i].series,
		    meta_or_empty(&a->set->runs[i], "date"), a->set->runs[i].id,
		    i};
	qsort(k, n, sizeof *k, cmp_series_key);
	a->order = xcalloc(n ? n : 1, sizeof *a->order);
	a->pos = xcalloc(n ? n : 1, sizeof *a->pos);
	for (size_t p = 0; p < n; p++) {
		a->order[p] = k[p].run;
		a->pos[k[p].run] = p;
	}
	free(k);
}

void
choose_base(struct analysis *a, size_t i, long forced)
{
	struct run_analysis *ra = &a->runs[i];
	const char *named = meta_get(&a->set->runs[i].meta, "baseline");
	long b;

	ra->base = -1;
	if (forced >= 0 && (size_t)forced != i) {
		ra->base = forced;
		ra->base_why = "the baseline given on the command line";
	} else if (named && (b = runset_find(a->set, named)) >= 0 &&
	    (size_t)b != i && same_layout(&a->set->runs[b], &a->set->runs[i])) {
		ra->base = b;
		ra->base_why = "its baseline (meta)";
	} else if ((b = previous_in_series(a, i)) >= 0) {
		ra->base = b;
		ra->base_why = "the run before it in its series";
		ra->base_in_series = true;
	}
}

/* Every run's series name, pooled: runs of one series share it. */
void
name_series(struct analysis *a)
{
	for (size_t i = 0; i < a->set->n; i++)
		a->runs[i].series = strpool_take(a->pool,
		    series_of(&a->set->runs[i]));
}

/* A meta baseline that names no run, or the run itself, is said, not
 * silently dropped. */
void
check_named_baseline(const struct runset *set, size_t i, struct diags *d)
{
	const struct run *r = &set->runs[i];
	const char *named = meta_get(&r->meta, "baseline");
	long b;

	if (named == NULL)
		return;
	b = runset_find(set, named);
	if (b < 0 || (size_t)b == i) {
		char *dir = run_dir(set, r);

		diags_add(d, MSG_WARNING, dir, 0, "baseline \"%s\" %s; "
		    "ignored", named, b < 0 ? "names no run (give its path "
		    "below RUNS)" : "is this run itself");
		free(dir);
	}
}
