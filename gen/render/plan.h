/* What the site will hold: which pages, the rows of each chart and
 * table, the series, each run's name and findings, the templates.
 * Computed once by the site stage (site/make_plan.c) and read, const,
 * by the page builders (pages.h), which never call into site/. The
 * helpers here derive something from the plan or a run alone, and are
 * pure. The builders call the plan s: it is the site as planned. */
#ifndef BENCHSITE_PLAN_H
#define BENCHSITE_PLAN_H

#include "analyse/analyse.h"
#include "render/chart.h"
#include "base/hashmap.h"

#include <libxml/HTMLparser.h>
#include <stdbool.h>
#include <stddef.h>

/* A chart or a table lists at most this many runs: about 60 bars stay
 * readable on one screen. A set with more runs is "large": its overview
 * and metric pages show the latest run of each series, comparisons the
 * latest run per series and value, and a series' history is paged. */
#define SITE_MAX_BARS 60

/* A run page lists at most this many samples (a history of 10 000
 * bonnie++ lines would make a page of 10 MB); a run with more has its
 * samples on pages of their own, runs/SLUG@samples-N.html. */
#define SITE_SAMPLES_PER_PAGE 500

/* A series: its runs are an->order[start .. start + len), oldest first. */
struct series_span {
	size_t start, len;
	char *slug;		/* series/SLUG.html, when len >= 2 */
};

/* The page templates (templates/NAME), each for one link depth. */
enum page_template {
	PAGE_INDEX, PAGE_RUN, PAGE_SAMPLES, PAGE_METRIC, PAGE_COMPARE,
	PAGE_PAIR, PAGE_TEMPLATES
};
/* "index.html", ...; the prefix that leads from such a page to the
 * site's top ("" for the index, "../" for the others). */
extern const char *const page_template_name[PAGE_TEMPLATES];
extern const char *const page_template_root[PAGE_TEMPLATES];

struct site_plan {
	const struct runset *set;
	const struct analysis *an;
	const struct chart_fonts *fonts;	/* comparison pages' charts */
	bool single;			/* one self-contained file */
	/* Parsed once, copied for each page; NULL when it could not be
	 * read (reported when loaded) or is not needed. */
	htmlDocPtr template[PAGE_TEMPLATES];
	char **slug;				/* per run: runs/SLUG.html */
	struct xarena *slugs;			/* where they are */
	/* By metric (of set->metrics): */
	bool *has_data;				/* some run has a figure */
	xmlDocPtr *svg;				/* its chart, or NULL */
	xmlDocPtr *svg_narrow;			/* the same for phones
						   (CHART_NARROW_WIDTH) */
	/* The metrics of the overview's columns and charts (headline.h):
	 * bonnie++'s, then the fio workloads most runs share. */
	int *overview;
	size_t noverview;
	bool large;				/* more than SITE_MAX_BARS runs */
	struct series_span *series;		/* in the analysis' order */
	size_t nseries;
	size_t *latest;				/* per series: its latest run */
	size_t *all;				/* 0, 1, ... n - 1 */
	size_t *series_of;			/* per run: its series */
	/* The compare pages that name run i as the earlier run are
	 * pair_f[pair_fi[i] .. pair_fi[i + 1]), each 2 * run + which
	 * (plan_pair_other), latest first: its page links them. */
	size_t *pair_fi, *pair_f;
};

/* Compare pages: run i against the run the analysis compares it with
 * (which 0: its base, else its RAID scaling's single-disk reference)
 * and against the run before it in its series
 * (which 1), each the earlier run of its page; at most two a run, as
 * the second is left out when it is the base. The earlier run, or -1
 * where there is no such page. */
#define PAIRS_PER_RUN 2
long plan_pair_other(const struct site_plan *, size_t run, int which);
/* "ROOTcompare/EARLIER~LATER.html", by the runs' slugs ('~' is in no
 * slug, nor in the names of the "by KEY" pages); caller frees. */
char *pair_href(const struct site_plan *, size_t run, int which,
    const char *root);

/* The runs a large site's overview, metric charts and metric tables
 * list: the latest run of each series, or every run of a small site.
 * Sets *n; the array belongs to the plan. */
const size_t *plan_rows(const struct site_plan *, size_t *n);
/* Whether run i is the latest of its series. */
bool plan_is_latest(const struct site_plan *, size_t run);
/* The runs a metric's chart shows, into runs[] (room for every run);
 * returns how many. */
size_t plan_chart_runs(const struct site_plan *, int metric, size_t *runs);
/* Whether run i has its fio table's files apart, SLUG@fio.csv and
 * .json, beside SLUG.csv of its bonnie++ samples: a run of both. */
bool plan_fio_table_apart(const struct site_plan *, size_t run);
/* Whether some run has a fio figure: the site has metrics/fio.html. */
bool plan_has_fio(const struct site_plan *);
/* Whether run has the metric at all (a fio run has none of bonnie++'s,
 * and runs of other fio workloads none of each other's). */
bool plan_has_metric(const struct site_plan *, size_t run, int metric);

/* The safe names of run i's files in the site (runs/SLUG@NAME), its
 * outputs then its attachments: made when asked, as they follow from
 * the run alone, rather than kept for every run (11 MB at 100 000).
 * Free with plan_file_names_free. */
char **plan_file_names(const struct site_plan *, size_t i);
void plan_file_names_free(const struct site_plan *, size_t i,
    char **names);

/* A run with more samples than its page lists has sample_pages pages
 * of them (0 for most runs). */
size_t sample_pages(const struct run *);
/* A series of two or more runs has series_pages pages (0 for a single
 * run): page 0 its latest SITE_MAX_BARS runs, page N (from 1) a whole
 * SITE_MAX_BARS of its history from the oldest. */
size_t series_pages(const struct series_span *);
/* The runs page `page` of the series shows: its runs *first .. *last
 * (an->order[start + *first ..]). Whole pages never change as the
 * series grows, so an incremental build leaves them alone. */
void series_page_range(const struct series_span *, size_t page,
    size_t *first, size_t *last);

/* The run's title for people: meta title, else its id. */
const char *run_title(const struct run *);
/* "PREFIXruns/SLUG.html"; caller frees. */
char *run_href(const struct site_plan *, size_t run, const char *root);

/* ---- names safe in any URL and file system, unique in a set ---- */

/* Names handed out so far and, per base name, the next suffix to try:
 * each name_unique costs O(1) lookups however many names fold to one
 * safe name. */
struct name_set {
	struct hashmap used;	/* the names: char *, owned */
	struct hashmap next;	/* struct name_next *, owned, for the bases
				   that met a name taken */
};
void name_set_init(struct name_set *);
void name_set_free(struct name_set *);
/* Makes base (which it takes over) unique in the set by adding "-2",
 * "-3", ... before its extension, and records it. */
char *name_unique(char *base, struct name_set *);
/* Letters, digits, '.', '_' and '-' stay, '/' becomes "--", the rest
 * '_'; never empty, never starting with '.' or '-'. */
char *name_safe(const char *name);

#endif
