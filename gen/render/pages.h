/* The page builders: each takes the site's plan (plan.h), the model and
 * the analysis const, and what the page shows that the site stage read
 * for it (a run's samples, notes), and returns the page as a tree for
 * the site stage to write (page_serialize). They read and write no file;
 * problems they meet go to d. NULL: no page (its template could not be
 * read, or it has nothing to show). */
#ifndef BENCHSITE_PAGES_H
#define BENCHSITE_PAGES_H

#include "base/diag.h"
#include "read/reader.h"
#include "render/html.h"
#include "render/notes.h"
#include "render/plan.h"
#include "render/tables.h"

/* ---- pages.c ---- */

/* The overview, index.html: intro is index.md when the runs have one
 * (else NULL); it lists the problems in d met so far. */
htmlDocPtr index_doc(const struct site_plan *, const struct notes_text *intro,
    struct diags *d);
/* Run i's page, runs/SLUG.html (run_href): samples are its samples,
 * notes its notes.md when it has them (else NULL). */
htmlDocPtr run_doc(const struct site_plan *, size_t run,
    const struct results *samples, const struct notes_text *notes,
    struct diags *d);
/* Page k (from 1, up to sample_pages) of run i's samples; sets *rel to
 * its place in the site (caller frees). */
htmlDocPtr samples_doc(const struct site_plan *, size_t run, size_t k,
    const struct results *samples, char **rel);
/* A metric's page, metrics/KEY.html (into *rel). */
htmlDocPtr metric_doc(const struct site_plan *, int metric, char **rel);

/* ---- pages_fio.c ---- */

/* Run i's fio workloads into parent: their table (the table's files
 * SLUG.csv and .json beside the page, SLUG@fio.* when the run has
 * bonnie++ results too), and charts of its sweeps and latencies. */
void fio_run_results(const struct site_plan *, size_t run, xmlNodePtr parent,
    struct diags *d);
/* metrics/fio.html, the index of every fio workload (into *rel). */
htmlDocPtr fio_index_doc(const struct site_plan *, char **rel);

/* ---- pages_analysis.c ---- */

/* Comparison pages: "by KEY" for group key k (a page when the runs give
 * it two or more values, else NULL; ngroup_keys of them), and page
 * `page` of the series `series` (series_pages of them). Each chart they
 * draw counts in *charts; *rel is the page's place (caller frees); its
 * table's numbers go into t (tables.h), from the rows the page shows. */
htmlDocPtr key_doc(const struct site_plan *, size_t k, struct diags *d,
    int *charts, char **rel, struct data_table *t);
htmlDocPtr series_doc(const struct site_plan *, size_t series, size_t page,
    struct diags *d, int *charts, char **rel, struct data_table *t);

/* The compare page of run i against plan_pair_other(i, which), at
 * pair_href (into *rel), its figures' numbers into t; NULL when there
 * is none. */
htmlDocPtr pair_doc(const struct site_plan *, size_t run, int which,
    char **rel, struct data_table *t);

/* The analysis in a page: the findings of one run (run >= 0) or of all,
 * into the page's "verdicts" place; a run's comparison, scaling and
 * warnings into its "analysis" place. */
void verdicts_fill(const struct site_plan *, htmlDocPtr, long run,
    const char *root);
void run_analysis_fill(const struct site_plan *, htmlDocPtr, size_t run);
/* The list of comparison pages, into the index's "comparisons" place. */
void index_comparisons(const struct site_plan *, htmlDocPtr);
/* Table cells: a run's efficiency and its change against its base. */
void efficiency_cell(const struct site_plan *, xmlNodePtr tr, size_t run,
    int metric);
void change_cell(const struct site_plan *, xmlNodePtr tr, size_t run,
    int metric);

/* ---- single.c: "build --single-file" ---- */

/* The one file starts as the overview (index_doc): its navigation and
 * comparisons go, as it links nowhere outside itself. Returns the
 * element the runs' sections go into (NULL: none). */
xmlNodePtr single_begin(htmlDocPtr overview);
/* Which runs' pages the file holds, by run, in a new array: every run
 * of a small set; of a large one (plan.h) the runs the overview links
 * to, so that the file stays the size of an attachment and each of
 * its links leads into it. *shown says how many. */
bool *single_runs(const struct site_plan *, htmlDocPtr overview,
    size_t *shown);
/* A line first in the file saying it holds shown of the set's runs,
 * when it does not hold them all. */
void single_note(xmlNodePtr main_el, size_t shown, size_t runs);
/* Moves the contents of run i's page (run_doc; freed, NULL skipped)
 * into a section of the file. */
void single_add_run(const struct site_plan *, xmlNodePtr main_el,
    size_t run, htmlDocPtr run_page);
/* Links to the runs in (single_runs) made to point inside the file,
 * others dropped, and the style sheet css[0..len) (NULL: could not be
 * read) put in: the file is whole. */
void single_end(const struct site_plan *, htmlDocPtr, const bool *in,
    const char *css, size_t len);

#endif
