/* What follows from the site's plan or from a run alone: rows, chart
 * runs, page counts, names; see plan.h. Pure: reads no file, writes
 * nothing but what it returns. */
#include "render/html.h"
#include "render/plan.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const page_template_name[PAGE_TEMPLATES] = {
	[PAGE_INDEX] = "index.html", [PAGE_RUN] = "run.html",
	[PAGE_SAMPLES] = "samples.html", [PAGE_METRIC] = "metric.html",
	[PAGE_COMPARE] = "compare.html", [PAGE_PAIR] = "pair.html",
};
const char *const page_template_root[PAGE_TEMPLATES] = {
	[PAGE_INDEX] = "", [PAGE_RUN] = "../", [PAGE_SAMPLES] = "../",
	[PAGE_METRIC] = "../", [PAGE_COMPARE] = "../", [PAGE_PAIR] = "../",
};

long
plan_pair_other(const struct site_plan *s, size_t run, int which)
{
	const struct analysis *an = s->an;
	const struct series_span *sp = &s->series[s->series_of[run]];
	size_t p = an->pos[run];
	long prev = p > sp->start ? (long)an->order[p - 1] : -1;

	const struct scaling *sc = analysis_scaling(an, run);
	long ref = an->runs[run].base >= 0 ? an->runs[run].base :
	    sc ? sc->reference : -1;

	if (which == 0)
		return ref;
	return prev != ref ? prev : -1;
}

char *
pair_href(const struct site_plan *s, size_t run, int which, const char *root)
{
	long other = plan_pair_other(s, run, which);

	return xasprintf("%scompare/%s~%s.html", root, s->slug[other],
	    s->slug[run]);
}

const size_t *
plan_rows(const struct site_plan *s, size_t *n)
{
	if (s->large) {
		*n = s->nseries;
		return s->latest;
	}
	*n = s->set->n;
	return s->all;
}

bool
plan_is_latest(const struct site_plan *s, size_t run)
{
	return s->latest[s->series_of[run]] == run;
}

/* Every run of a small set; the latest of each series of a large one,
 * and when they are more than a chart holds, the flagged ones first. */
size_t
plan_chart_runs(const struct site_plan *s, int id, size_t *runs)
{
	size_t n, kept = 0, have = 0;
	const size_t *rows = plan_rows(s, &n);

	/* The rows of runs that have the metric at all: a fio run has
	 * nothing to show on a bonnie++ chart, nor the reverse. */
	for (size_t k = 0; k < n; k++)
		have += plan_has_metric(s, rows[k], id);
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < n && kept < SITE_MAX_BARS; k++)
			if (plan_has_metric(s, rows[k], id) && (have <=
			    SITE_MAX_BARS ? pass == 0 : analysis_flagged(s->an,
			    rows[k], id) == (pass == 0)))
				runs[kept++] = rows[k];
	return kept;
}

bool
plan_has_metric(const struct site_plan *s, size_t run, int id)
{
	return run_metric_slot(&s->set->runs[run], id) >= 0;
}

size_t
sample_pages(const struct run *r)
{
	return r->nsamples > SITE_SAMPLES_PER_PAGE ? (r->nsamples +
	    SITE_SAMPLES_PER_PAGE - 1) / SITE_SAMPLES_PER_PAGE : 0;
}

size_t
series_pages(const struct series_span *sp)
{
	return sp->slug == NULL ? 0 : sp->len > SITE_MAX_BARS ?
	    1 + sp->len / SITE_MAX_BARS : 1;
}

void
series_page_range(const struct series_span *sp, size_t page, size_t *first,
    size_t *last)
{
	if (page == 0) {
		*last = sp->len;
		*first = sp->len > SITE_MAX_BARS ? sp->len - SITE_MAX_BARS : 0;
	} else {
		*first = (page - 1) * SITE_MAX_BARS;
		*last = page * SITE_MAX_BARS;
	}
}

const char *
run_title(const struct run *r)
{
	const char *t = meta_get(&r->meta, "title");

	return t && *t ? t : r->id;
}

char *
run_href(const struct site_plan *s, size_t i, const char *root)
{
	return xasprintf("%sruns/%s.html", root, s->slug[i]);
}

/* ---- names ---- */

char *
name_safe(const char *name)
{
	size_t n = strlen(name), o = 0;
	char *out = xmalloc(2 * n + 2);

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];

		if (c == '/') {
			out[o++] = '-';
			out[o++] = '-';
		} else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-') {
			out[o++] = (char)c;
		} else {
			out[o++] = '_';
		}
	}
	if (o == 0 || out[0] == '.' || out[0] == '-') {
		memmove(out + 1, out, o);
		out[0] = '_';
		o++;
	}
	out[o] = '\0';
	return out;
}

/* The safe name of a run's file, made inert: a type a browser would run
 * in the site's origin (an .html or .svg from a forum post, say) gets
 * ".txt" added, so the server sends it as text. */
static char *
inert_name(const char *name)
{
	static const char *const shown[] = {
		"txt", "csv", "log", "out", "md", "png", "jpg", "jpeg", "gif",
		"webp", "pdf",
	};
	char *safe = name_safe(name), *dot = strrchr(safe, '.'), *out;

	if (dot == NULL || dot == safe)
		return safe;
	for (size_t k = 0; k < sizeof shown / sizeof *shown; k++)
		if (strcasecmp(dot + 1, shown[k]) == 0)
			return safe;
	out = xasprintf("%s.txt", safe);
	free(safe);
	return out;
}

/* The next suffix to try for a base name. */
struct name_next {
	uintptr_t k;
	char base[];
};

static uint64_t
used_hash(uintptr_t v, const void *ctx)
{
	(void)ctx;
	return hash_string((const char *)v);
}

static uint64_t
next_hash(uintptr_t v, const void *ctx)
{
	(void)ctx;
	return hash_string(((const struct name_next *)v)->base);
}

void
name_set_init(struct name_set *ns)
{
	hashmap_init(&ns->used, 16, used_hash, NULL);
	hashmap_init(&ns->next, 16, next_hash, NULL);
}

void
name_set_free(struct name_set *ns)
{
	for (size_t k = 0; k < ns->used.cap; k++)
		free((void *)ns->used.slot[k]);
	for (size_t k = 0; k < ns->next.cap; k++)
		free((void *)ns->next.slot[k]);
	hashmap_free(&ns->used);
	hashmap_free(&ns->next);
}

/* The slot of name in ns->used: its own, or the free one a probe ends
 * at. */
static size_t
used_slot(const struct name_set *ns, const char *name)
{
	size_t at;

	for (at = hashmap_home(&ns->used, hash_string(name));
	    ns->used.slot[at] &&
	    strcmp((const char *)ns->used.slot[at], name) != 0;
	    at = hashmap_next(&ns->used, at))
		;
	return at;
}

/* The same in ns->next, for base. */
static size_t
next_slot(const struct name_set *ns, const char *base)
{
	size_t at;

	for (at = hashmap_home(&ns->next, hash_string(base)); ns->next.slot[at] &&
	    strcmp(((const struct name_next *)ns->next.slot[at])->base,
	    base) != 0; at = hashmap_next(&ns->next, at))
		;
	return at;
}

char *
name_unique(char *base, struct name_set *ns)
{
	char *name = xstrdup(base), *dot = strrchr(base, '.');
	size_t at = next_slot(ns, base), used;
	struct name_next *next = (struct name_next *)ns->next.slot[at];
	uintptr_t k = next ? next->k : 2;

	for (; ns->used.slot[used = used_slot(ns, name)] != 0; k++) {
		free(name);
		name = dot && dot != base ? xasprintf("%.*s-%ju%s",
		    (int)(dot - base), base, (uintmax_t)k, dot) :
		    xasprintf("%s-%ju", base, (uintmax_t)k);
	}
	hashmap_put(&ns->used, used, (uintptr_t)xstrdup(name));
	/* A base that never met a taken name starts at 2 without a
	 * record. */
	if (next)
		next->k = k;
	else if (k != 2) {
		size_t len = strlen(base) + 1;

		next = xmalloc(sizeof *next + len);
		next->k = k;
		memcpy(next->base, base, len);
		hashmap_put(&ns->next, next_slot(ns, base), (uintptr_t)next);
	}
	free(base);
	return name;
}

char **
plan_file_names(const struct site_plan *s, size_t i)
{
	const struct run *r = &s->set->runs[i];
	size_t nf = r->noutputs + r->nattachments;
	char **names = xcalloc(nf ? nf : 1, sizeof *names);
	struct name_set files;

	name_set_init(&files);
	/* A run of bonnie++ and fio has its fio table as SLUG@fio.csv and
	 * .json (pages_fio.c): no file of its may take those names. */
	if (plan_fio_table_apart(s, i)) {
		free(name_unique(xstrdup("fio.csv"), &files));
		free(name_unique(xstrdup("fio.json"), &files));
	}
	for (size_t k = 0; k < nf; k++)
		names[k] = name_unique(inert_name(k < r->noutputs ?
		    r->outputs[k] : r->attachments[k - r->noutputs]), &files);
	name_set_free(&files);
	return names;
}

void
plan_file_names_free(const struct site_plan *s, size_t i, char **names)
{
	const struct run *r = &s->set->runs[i];

	for (size_t k = 0; k < r->noutputs + r->nattachments; k++)
		free(names[k]);
	free(names);
}

bool
plan_fio_table_apart(const struct site_plan *s, size_t i)
{
	const struct run *r = &s->set->runs[i];

	return r->nsamples > 0 && run_has_fio(r);
}

bool
plan_has_fio(const struct site_plan *s)
{
	for (size_t m = M_COUNT; m < s->set->metrics.n; m++)
		if (s->has_data[m])
			return true;
	return false;
}
