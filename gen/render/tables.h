/* The numbers of a page's table as data, for the files beside the page
 * (PAGE.csv, PAGE.json): columns with their units, rows of cells that
 * are text, a figure in its stored unit (KiB/s, per second) with its
 * state, or empty. Made from the plan, the model and the analysis, all
 * const, by the same rules as the page's table (tables.c); written by
 * render_table_csv (csv.c) and render_table_json (json.c). */
#ifndef BENCHSITE_TABLES_H
#define BENCHSITE_TABLES_H

#include "render/plan.h"

#include <stdbool.h>
#include <stdio.h>

enum table_cell_kind { TC_EMPTY, TC_TEXT, TC_FIGURE };

struct table_cell {
	enum table_cell_kind kind;
	enum value_state state;		/* TC_FIGURE */
	double value;			/* TC_FIGURE with VS_OK */
	char *text;			/* TC_TEXT; owned */
};

struct table_col {
	char *name, *unit;		/* owned; unit NULL when none */
};

struct data_table {
	struct table_col *cols;
	size_t ncols, capcols;
	struct table_cell *cells;	/* row after row, ncols each */
	size_t nrows, capcells;
};

void data_table_free(struct data_table *);

/* Whether run has a figure in bonnie++'s table starting at first
 * (M_PUTC: IO tests, M_SEQ_CREATE: file tests): its page shows it. */
bool run_section_ran(const struct site_plan *, size_t run, int first);

/* A sample's place, "bonnie.txt:11", for people: the line its figures
 * are on (a text table's CSV line, when the run took that line's
 * figures: 2.00a's table misprints file-creation rates). Caller frees. */
char *sample_label(const struct result *);

/* The overview's runs table (index.html). */
void index_table(const struct site_plan *, struct data_table *);
/* A run's samples [from, to) in the tables its page shows, with the
 * median, minimum and maximum rows when summary: runs/SLUG.html and
 * runs/SLUG@samples-K.html. No columns when no table ran. */
void samples_table(const struct site_plan *, size_t run,
    const struct results *, size_t from, size_t to, bool summary,
    struct data_table *);
/* A metric page's table (metrics/KEY.html). */
void metric_table(const struct site_plan *, int metric, struct data_table *);
/* Whether a metric's runs record %CP and a maximum latency per
 * operation, which its page's table then shows: bonnie++'s do (1.9x
 * and later), fio's figures are latencies of their own. */
bool metric_has_cpu_columns(const struct metric_def *);

/* The fio workloads of run i: the first of each one's slots (its
 * metrics are side by side, by workload then measure) into first[]
 * (room for the run's nsum); returns how many. */
size_t fio_workloads(const struct analysis *, size_t run, size_t *first);
/* The metric of measure fm of the workload whose first slot is w, or
 * -1 when fio printed no such figure. */
int fio_workload_metric(const struct analysis *, size_t run, size_t w,
    enum fio_measure fm);
/* How many of fio's measures, from the first, a table of run i shows:
 * all when one of its workloads has a sync measure (FM_SYNC and after),
 * else those before them, as most jobs make no syncs. */
int fio_measures_shown(const struct analysis *, size_t run);
/* The head of a run's fio table's column of measure m, its page's and
 * its CSV's: "Bandwidth", "Mean sync latency". */
const char *fio_measure_column(enum fio_measure m);
/* A run's fio table: a row per workload, its figures in their stored
 * units (KiB/s, per second, microseconds). */
void fio_run_table(const struct site_plan *, size_t run,
    struct data_table *);

/* Keys a "by KEY" page may group runs by: compare/KEY.html. */
extern const char *const group_keys[];
extern const size_t ngroup_keys;

/* The rows of a comparison page, for its table and its charts alike: a
 * "by KEY" page's runs grouped by the key's value, or a page of a
 * series' history. */
struct compare_rows {
	size_t *runs, n;	/* in the table's order */
	const char *label;	/* its third column: the key, "What changed" */
	const char *key;	/* a "by KEY" page's key, else NULL */
	char **groups;		/* "by KEY": "KEY: VALUE" on each value's first
				   run (NULL on the others), else NULL */
	const char **changes;	/* a history: what changed at each run
				   (NULL: nothing), else NULL */
	size_t values_left;	/* "by KEY", large site: values not shown */
	bool per_value;		/* "by KEY", large site: one run a value */
	int *metrics;		/* the figures it shows (headline.h) */
	size_t nmetrics;
};

/* The rows of the "by KEY" page of group_keys[k]: false when its runs
 * give the key fewer than two values (no page), r then empty. */
bool key_rows(const struct site_plan *, size_t k, struct compare_rows *r);
/* The rows of page `page` of the series `series` (series_page_range). */
void series_rows(const struct site_plan *, size_t series, size_t page,
    struct compare_rows *r);
void compare_rows_free(struct compare_rows *);
/* A comparison page's table: compare/KEY.html, series/SLUG.html and the
 * older pages of a series. */
void compare_table(const struct site_plan *, const struct compare_rows *,
    struct data_table *);

/* Whether the compare page of run against plan_pair_other(run, which)
 * has a row of metric id: one of the two has it, and some run a figure
 * of it. */
bool pair_shows(const struct site_plan *, size_t run, int which, int id);
/* The change of one figure on the compare page of run against the
 * earlier run plan_pair_other(run, which). */
struct pair_change {
	bool judged;		/* the earlier is the later's base: the
				   analysis' change and verdict */
	bool has_rel;		/* there is a change to show */
	double rel;		/* the later's median against the earlier's */
	const char *verdict;	/* the verdict column */
};
void pair_change_of(const struct site_plan *, size_t run, int which,
    int metric, struct pair_change *);
/* The figures table of that compare page, compare/EARLIER~LATER.html: a
 * row per metric some run has, its unit in a column of its own. */
void pair_table(const struct site_plan *, size_t run, int which,
    struct data_table *);

/* RFC 4180 CSV: a header row of "NAME (UNIT)", then the rows; a figure
 * as a number, "+++++" when too fast, "invalid", empty when not run.
 * Returns 0, or -1 if writing failed. */
int render_table_csv(FILE *, const struct data_table *);
/* {"columns": [{"name", "unit"}], "rows": [[...]]}: figures as numbers,
 * "too_fast", "not_run", "invalid" for the others, empty cells null.
 * Returns 0, or -1 if writing failed. */
int render_table_json(FILE *, const struct data_table *);

#endif
