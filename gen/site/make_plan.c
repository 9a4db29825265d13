/* The site's plan (render/plan.h), computed once before any page is
 * built: each run's name, the series and their latest runs, each run's
 * findings, the rows, the templates. What the pages read and the jobs
 * are planned from; site.c owns the build that uses it. */
#include "render/html.h"
#include "render/headline.h"
#include "site/site_int.h"
#include "base/fileio.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether name_safe gives id back as it is, but for its slashes, and
 * no other id could give the same: letters, digits, '.', '_' and '-',
 * no "--" (a slash's), not first a '.' or '-'. */
static bool
slug_faithful(const char *id)
{
	return id[0] != '\0' && id[0] != '.' && id[0] != '-' &&
	    strstr(id, "--") == NULL && strspn(id, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/") == strlen(id);
}

/* A run's name in the site: runs/SLUG.html is its page, runs/SLUG@NAME
 * its files. A name_safe that had to change the id ("a b" as "a_b")
 * ends in a hash of the id, so that no run takes another's page when
 * runs are added: the page of "a_b" stays runs/a_b.html whatever "a b"
 * comes. A slug never ends in ".html" (runs "x" and "x.html" once met
 * as a page and a directory; it stays a rule). */
static char *
run_slug(const char *id)
{
	char *slug = name_safe(id), *out;
	size_t n = strlen(slug);

	if (!slug_faithful(id)) {
		out = xasprintf("%s-%08x", slug, (unsigned)(hash_bytes(id,
		    strlen(id), 0) & 0xffffffffu));
		free(slug);
		slug = out;
		n = strlen(slug);
	}
	if (n < 5 || strcasecmp(slug + n - 5, ".html") != 0)
		return slug;
	out = xasprintf("%s_", slug);
	free(slug);
	return out;
}

static void
name_runs(struct site_plan *s)
{
	const struct runset *set = s->set;
	struct name_set slugs;

	name_set_init(&slugs);
	s->slug = xcalloc(set->n ? set->n : 1, sizeof *s->slug);
	for (size_t i = 0; i < set->n; i++) {
		char *slug = name_unique(run_slug(set->runs[i].id), &slugs);

		s->slug[i] = xarena_strdup(&s->slugs, slug);
		free(slug);
	}
	name_set_free(&slugs);
}

char **
site_run_pages(const struct runset *set)
{
	struct site_plan p = {.set = set};
	char **pages = xcalloc(set->n ? set->n : 1, sizeof *pages);

	name_runs(&p);
	for (size_t i = 0; i < set->n; i++)
		pages[i] = xasprintf("runs/%s.html", p.slug[i]);
	free(p.slug);
	xarena_free(&p.slugs);
	return pages;
}

/* A series page's name: letters, digits, '-' and '_' (no '.', which
 * the pages of a long series use: SLUG.p2.html). */
static char *
series_slug(const char *series)
{
	char *out = xstrdup(series[0] ? series : "_");

	for (char *p = out; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			*p = '_';
	return out;
}

/* The series of the analysis' order, each with its latest run and, when
 * it has a page, a file name unique among the series pages. */
static void
plan_series(struct site_plan *s)
{
	const struct analysis *an = s->an;
	size_t n = s->set->n;
	struct name_set slugs;

	name_set_init(&slugs);
	s->series = xcalloc(n ? n : 1, sizeof *s->series);
	s->latest = xcalloc(n ? n : 1, sizeof *s->latest);
	s->series_of = xcalloc(n ? n : 1, sizeof *s->series_of);
	for (size_t p = 0, len; p < n; p += len) {
		struct series_span *sp = &s->series[s->nseries];

		for (len = 1; p + len < n && strcmp(an->runs[an->order[p +
		    len]].series, an->runs[an->order[p]].series) == 0; len++)
			;
		*sp = (struct series_span){p, len, NULL};
		if (len >= 2)
			sp->slug = name_unique(series_slug(
			    an->runs[an->order[p]].series), &slugs);
		for (size_t k = p; k < p + len; k++)
			s->series_of[an->order[k]] = s->nseries;
		s->latest[s->nseries++] = an->order[p + len - 1];
	}
	name_set_free(&slugs);
	s->large = n > SITE_MAX_BARS;
}

/* The compare pages each run is the earlier run of, for its page. */
static void
index_pairs(struct site_plan *s)
{
	size_t n = s->set->n, *fill;
	long o;

	s->pair_fi = xcalloc(n + 2, sizeof *s->pair_fi);
	s->pair_f = xcalloc(n * PAIRS_PER_RUN + 1, sizeof *s->pair_f);
	for (size_t i = 0; i < n; i++)
		for (int w = 0; w < PAIRS_PER_RUN; w++)
			if ((o = plan_pair_other(s, i, w)) >= 0)
				s->pair_fi[o + 2]++;
	for (size_t i = 2; i < n + 2; i++)
		s->pair_fi[i] += s->pair_fi[i - 1];
	fill = s->pair_fi + 1;
	/* The latest first: the series' order from its end. */
	for (size_t k = n; k-- > 0;)
		for (int w = 0; w < PAIRS_PER_RUN; w++) {
			size_t i = s->an->order[k];

			if ((o = plan_pair_other(s, i, w)) >= 0)
				s->pair_f[fill[o]++] = 2 * i + (size_t)w;
		}
}

/* The overview's metrics, of the runs it lists. */
static void
plan_overview(struct site_plan *s)
{
	size_t n;
	const size_t *rows = plan_rows(s, &n);

	s->overview = xcalloc(nbonnie_overview + HEADLINE_FIO,
	    sizeof *s->overview);
	s->noverview = headline_metrics(s->an, rows, n, bonnie_overview,
	    nbonnie_overview, HEADLINE_FIO, s->overview);
}

void
plan_make(struct site_plan *s, const struct analysis *an)
{
	size_t nm = an->set->metrics.n;

	s->set = an->set;
	s->an = an;
	s->has_data = xcalloc(nm, sizeof *s->has_data);
	s->svg = xcalloc(nm, sizeof *s->svg);
	s->svg_narrow = xcalloc(nm, sizeof *s->svg_narrow);
	for (size_t i = 0; i < s->set->n; i++) {
		const struct run *r = &s->set->runs[i];

		for (size_t k = 0; k < r->nsum; k++)
			s->has_data[run_metric_at(r, k)] |=
			    run_summary_at(r, k).state != VS_NOT_RUN;
	}
	name_runs(s);
	plan_series(s);
	index_pairs(s);
	s->all = xcalloc(s->set->n ? s->set->n : 1, sizeof *s->all);
	for (size_t i = 0; i < s->set->n; i++)
		s->all[i] = i;
	/* the index and charts of a set small enough to list whole, in
	 * the order people count runs, as the mail's table */
	if (!s->large)
		display_order(s->set, s->all, s->set->n);
	plan_overview(s);
}

/* dir/name's text into *t (t->text NULL when it cannot be read). */
static void
read_template(const char *dir, const char *name, struct html_text *t)
{
	struct diags quiet = {.quiet = 1};
	char *path = xasprintf("%s/%s", dir, name);

	t->text = file_read(path, DEFAULT_MAX_FILE_SIZE, &t->len, &quiet);
	t->name = path;
	diags_free(&quiet);
}

static void
free_template(struct html_text *t)
{
	free((char *)t->name);
	free((char *)t->text);
}

void
plan_load_templates(struct site_plan *s, const char *dir, struct diags *d)
{
	struct html_text layout, part;
	char err[256];

	read_template(dir, "layout.html", &layout);
	for (int t = 0; t < PAGE_TEMPLATES; t++) {
		/* One file is the overview and the runs' pages only. */
		if (s->single && t != PAGE_INDEX && t != PAGE_RUN)
			continue;
		read_template(dir, page_template_name[t], &part);
		if (layout.text == NULL || part.text == NULL)
			snprintf(err, sizeof err, "%s: cannot read the page "
			    "template", layout.text ? part.name : layout.name);
		else
			s->template[t] = html_template(&layout, &part,
			    page_template_root[t], err);
		if (s->template[t] == NULL)
			diags_add(d, MSG_SYSERR, page_template_name[t], 0, "%s",
			    err);
		free_template(&part);
	}
	free_template(&layout);
}

void
plan_free(struct site_plan *s)
{
	xarena_free(&s->slugs);
	free(s->slug);
	for (size_t k = 0; k < s->nseries; k++)
		free(s->series[k].slug);
	free(s->series);
	free(s->latest);
	free(s->series_of);
	free(s->all);
	free(s->pair_fi);
	free(s->pair_f);
	for (int t = 0; t < PAGE_TEMPLATES; t++)
		if (s->template[t])
			xmlFreeDoc(s->template[t]);
	for (size_t m = 0; s->svg && m < s->set->metrics.n; m++) {
		if (s->svg[m])
			xmlFreeDoc(s->svg[m]);
		if (s->svg_narrow[m])
			xmlFreeDoc(s->svg_narrow[m]);
	}
	free(s->overview);
	free(s->has_data);
	free(s->svg);
	free(s->svg_narrow);
	memset(s, 0, sizeof *s);
}
