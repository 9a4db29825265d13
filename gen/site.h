/* "benchsite build": renders a set of runs into a static site of plain
 * files (pages, charts, the runs' files). Called by main.c. */
#ifndef BENCHSITE_SITE_H
#define BENCHSITE_SITE_H

#include "analyse.h"
#include "model.h"
#include "msg.h"

/* A run page lists at most this many samples (a history of 10 000
 * bonnie++ lines would make a page of 10 MB); a run with more has its
 * samples on pages of their own, runs/SLUG@samples-N.html. */
#define SITE_SAMPLES_PER_PAGE 500

struct site_opts {
	const char *out;	/* the site directory to write */
	const char *data_dir;	/* holds templates/ and assets/ */
	const char *font_dir;	/* NULL: the chart module's default */
	int progress;		/* report progress on stderr */
	const char *single;	/* write one self-contained HTML file here
				   instead of a site, or NULL */
	int jobs;		/* rendering processes; <= 1: this one */
	const struct limits *lim;	/* of the input: a run's files copied
					   or read again (NULL: defaults) */
	int full;		/* render everything, keep nothing of the
				   old site */
};

/* Writes the site of the analysed runs; returns 0, or -1 when nothing
 * could be written (reported to d). Problems with single files are
 * reported and skipped. */
/* Whether a build may write SITE out for the runs in runs: not the runs
 * directory, inside it or holding it, and missing, empty or a site of
 * benchsite's holding nothing else (site_build says why not). Nothing
 * beside SITE is written before this holds. */
bool site_may_write(const char *runs, const char *out);

int site_build(const struct analysis *, const struct site_opts *,
    struct diags *);

#endif
