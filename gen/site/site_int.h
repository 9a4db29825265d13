/* Shared by site.c (files, charts, the build) and pages.c (what each
 * page says) only. */
#ifndef BENCHSITE_SITE_INT_H
#define BENCHSITE_SITE_INT_H

#include "analyse/analyse.h"
#include "render/bars.h"
#include "render/chart.h"
#include "render/html.h"
#include "site/reuse.h"
#include "site/site.h"

#include <stdint.h>

struct publish;

/* A chart or a table lists at most this many runs (the "about
 * 60 bars"). A set with more runs is "large": its overview and metric
 * pages show the latest run of each series, comparisons the latest run
 * per series and value, and a series' history is paged. */
#define SITE_MAX_BARS 60

/* A series: its runs are an->order[start .. start + len), oldest first. */
struct series_span {
	size_t start, len;
	char *slug;		/* series/SLUG.html, when len >= 2 */
};

/* A parsed template for one link depth, copied for each page. */
struct template_cache {
	char *name, *root;
	htmlDocPtr doc;
};

struct site {
	const struct runset *set;
	const struct analysis *an;
	const struct site_opts *opts;
	struct diags *d;
	char *templates;			/* directory */
	struct chart_fonts *fonts;
	char **slug;				/* per run: runs/SLUG.html */
	struct xarena *slugs;			/* where they are */
	bool has_data[M_COUNT];			/* some run has a figure */
	xmlDocPtr svg[M_COUNT];			/* chart per metric, or NULL */
	bool large;				/* more than SITE_MAX_BARS runs */
	struct series_span *series;		/* in the analysis' order */
	size_t nseries;
	size_t *latest;				/* per series: its latest run */
	size_t *all;				/* 0, 1, ... n - 1 */
	size_t *series_of;			/* per run: its series */
	/* The findings of run i are an->f[run_f[run_fi[i] ..
	 * run_fi[i + 1])], in the analysis' order: a page reads its own
	 * without scanning every finding. */
	size_t *run_fi, *run_f;
	char fp_global[FP_HEX];			/* see site_fp.c */
	char (*fp_run)[FP_HEX];			/* per run: its page's */
	struct reuse *old;			/* the old site's jobs, or NULL */
	/* The old site's files were made with fp_global: the same
	 * program, templates and fonts (MADE_BY in its record). */
	bool old_made_here;
	/* When the staging directory is the previous site (publish.h):
	 * its jobs, whose files are already in place, or NULL. */
	struct reuse *here;
	const struct publish *pub;
	FILE *record;				/* this build's jobs (JOBS_FILE),
						   written as they are merged */
	int reused;				/* jobs whose files were kept */
	struct template_cache *tcache;
	size_t ntcache;
	int pages, charts, files;
	const char *out;			/* staging directory written
						   (pub's) */
	char **written;				/* rel paths, for the manifest */
	size_t nwritten, capwritten;
};

/* The safe names of run i's files in the site (runs/SLUG@NAME), its
 * outputs then its attachments: made when asked, as they follow from
 * the run alone, rather than kept for every run (11 MB at 100 000).
 * Free with site_file_names_free. */
char **site_file_names(const struct site *, size_t i);
void site_file_names_free(const struct site *, size_t i, char **names);

/* The limit of one input file's size (site_opts.lim, else the
 * default). */
size_t site_max_file_size(const struct site *);

/* The samples of run i: still in the model, or read again from its
 * outputs into *read (zeroed by the caller, freed with results_free),
 * reported when they are no longer what was loaded. */
const struct results *run_samples(struct site *, size_t i,
    struct results *read);

/* The runs a large site's overview, metric charts and metric tables
 * list: the latest run of each series, or every run of a small site.
 * Sets *n; the array belongs to the site. */
const size_t *site_rows(const struct site *, size_t *n);
/* Whether run i is the latest of its series. */
bool site_is_latest(const struct site *, size_t run);

/* The build's independent pieces of work (site.c runs them, in worker
 * processes). */
enum job_kind {
	JOB_PNG, JOB_RUN, JOB_SAMPLES, JOB_METRIC, JOB_KEY, JOB_SERIES
};

/* Twelve bytes: a build of 100 000 runs plans 160 000 jobs, and the
 * rendering processes inherit the plan. A run's index fits: 2^32 runs
 * would take terabytes to hold. */
struct job {
	enum job_kind kind;
	uint32_t a, b;	/* metric and scale, run, run and page, metric, key,
			   series and page */
};

/* Fingerprints (site_fp.c): site_fingerprints sets fp_global and fp_run
 * once the runs are named; site_job_fp gives a job's fingerprint and
 * returns its key in the record (caller frees). */
void site_fingerprints(struct site *);
char *site_job_fp(const struct site *, const struct job *, char fp[FP_HEX]);
/* The runs a metric's chart shows (site.c); returns how many. */
size_t metric_chart_runs(const struct site *, enum metric_id, size_t *runs);

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

/* Writes len bytes to the site's path rel: a new file of the staging
 * directory (never written through a link to the old site's). Returns
 * 0, or -1 (reported). */
int site_write(struct site *, const char *rel, const char *buf, size_t len);

void page_index(struct site *);
void page_run(struct site *, size_t run);
/* A run with more samples than its page lists has sample_pages pages
 * of them (0 for most runs); page_samples writes page k, from 1. */
size_t sample_pages(const struct run *);
void page_samples(struct site *, size_t run, size_t k);
/* The overview and a run's page as trees, for pages and single file. */
htmlDocPtr index_doc(struct site *);
htmlDocPtr run_doc(struct site *, size_t run);
/* "build --single-file": the overview and every run in one file. */
void single_file(struct site *);
void page_metric(struct site *, enum metric_id);
/* Comparison pages: "by KEY" for group key k (written when the runs
 * give it two or more values; ngroup_keys of them), and each page of a
 * series of two or more runs (series_pages of them; 0 for a single run):
 * page 0 its latest SITE_MAX_BARS runs, page N (from 1) a whole
 * SITE_MAX_BARS of its history from the oldest. */
extern const size_t ngroup_keys;
extern const char *const group_keys[];
void page_key(struct site *, size_t k);
size_t series_pages(const struct series_span *);
void page_series_page(struct site *, const struct series_span *,
    size_t page);

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
