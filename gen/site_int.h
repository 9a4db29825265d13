/* Shared by site.c (files, charts, the build) and pages.c (what each
 * page says) only. */
#ifndef BENCHSITE_SITE_INT_H
#define BENCHSITE_SITE_INT_H

#include "analyse.h"
#include "bars.h"
#include "chart.h"
#include "html.h"
#include "site.h"

struct site {
	const struct runset *set;
	const struct analysis *an;
	const struct site_opts *opts;
	struct diags *d;
	char *templates;			/* directory */
	struct chart_fonts *fonts;
	const struct metric_summary (*sum)[M_COUNT];	/* the analysis' */
	char **slug;				/* per run: runs/SLUG.html */
	char ***file_names;			/* per run: safe names of its files */
	bool has_data[M_COUNT];			/* some run has a figure */
	xmlDocPtr svg[M_COUNT];			/* chart per metric, or NULL */
	int pages, charts, files;
	char *out;				/* staging directory written */
	char **written;				/* rel paths, for the manifest */
	size_t nwritten, capwritten;
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
/* The overview and a run's page as trees, for pages and single file. */
htmlDocPtr index_doc(struct site *);
htmlDocPtr run_doc(struct site *, size_t run);
/* "build --single-file": the overview and every run in one file. */
void single_file(struct site *);
void page_metric(struct site *, enum metric_id);
/* Comparison pages: one per meta key with two or more values, one per
 * series of two or more runs. */
void pages_compare(struct site *);

/* The run's title for people: meta title, else its id. */
const char *run_title(const struct run *);
/* "PREFIXruns/SLUG.html"; caller frees. */
char *run_href(const struct site *, size_t run, const char *root);

/* The analysis in a page: the findings of one run (run >= 0) or of all,
 * into the page's "verdicts" place; a run's comparison, scaling and
 * warnings into its "analysis" place. */
void verdicts_fill(struct site *, htmlDocPtr, long run, const char *root);
void run_analysis_fill(struct site *, htmlDocPtr, size_t run);
/* The list of comparison pages, into the index's "comparisons" place. */
void index_comparisons(struct site *, htmlDocPtr);
/* Table cells: a run's efficiency and its change against its base. */
void efficiency_cell(const struct site *, xmlNodePtr tr, size_t run,
    enum metric_id);
void change_cell(const struct site *, xmlNodePtr tr, size_t run,
    enum metric_id);

/* Table cells and page parts shared by the page files. */
xmlNodePtr figure_cell(xmlNodePtr tr, enum metric_id,
    const struct metric_summary *);
void head_cell(xmlNodePtr tr, const char *label, const char *unit, bool num);
void text_cell(xmlNodePtr tr, const char *text);
void controller_cell(xmlNodePtr tr, const struct run *);
void crumbs(htmlDocPtr, const char *here);

/* Places a chart (inline, ids prefixed) in parent; NULL svg is skipped. */
void inline_chart(xmlNodePtr parent, xmlDocPtr svg, const char *prefix);

#endif
