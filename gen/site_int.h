/* Shared by site.c (files, charts, the build) and pages.c (what each
 * page says) only. */
#ifndef BENCHSITE_SITE_INT_H
#define BENCHSITE_SITE_INT_H

#include "chart.h"
#include "html.h"
#include "site.h"
#include "stats.h"

struct site {
	const struct runset *set;
	const struct site_opts *opts;
	struct diags *d;
	char *templates;			/* directory */
	struct chart_fonts *fonts;
	struct metric_summary (*sum)[M_COUNT];	/* per run */
	char **slug;				/* per run: runs/SLUG.html */
	char ***file_names;			/* per run: safe names of its files */
	bool has_data[M_COUNT];			/* some run has a figure */
	xmlDocPtr svg[M_COUNT];			/* chart per metric, or NULL */
	int pages, charts, files;
};

/* The headline metrics of the overview, in its column order. */
extern const enum metric_id headline[];
extern const size_t nheadline;

/* A new page from template with the parts every page shares filled
 * (site title, navigation, footer); root leads to the site's top.
 * NULL (reported) when the template cannot be read. */
htmlDocPtr page_start(struct site *, const char *template,
    const char *root, const char *title);
/* Writes a page to the site's path rel and frees it. */
void page_finish(struct site *, htmlDocPtr, const char *rel);

/* Writes len bytes to the site's path rel (made atomically: a temporary
 * file renamed into place). Returns 0, or -1 (reported). */
int site_write(struct site *, const char *rel, const char *buf, size_t len);

void page_index(struct site *);
void page_run(struct site *, size_t run);
void page_metric(struct site *, enum metric_id);

/* The run's title for people: meta title, else its id. */
const char *run_title(const struct run *);

#endif
