/* "benchsite build": renders a set of runs into a static site of plain
 * files (pages, charts, the runs' files). Called by main.c. */
#ifndef BENCHSITE_SITE_H
#define BENCHSITE_SITE_H

#include "analyse/analyse.h"
#include "model/model.h"
#include "base/diag.h"
#include "render/plan.h"	/* SITE_SAMPLES_PER_PAGE */

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
	int no_wait;		/* fail at once when another build of out
				   holds its lock, instead of waiting */
	struct site_prep *prep;	/* started for this build, or NULL */
};

/* What a build of opts->out does before it has the runs: it takes
 * SITE's lock (one build of SITE at a time: waits here while another
 * holds it), then, in a thread of its own while the runs are read and
 * analysed, checks that SITE may be replaced (a walk of its files),
 * reads the old site's job log and takes the previous site as
 * the staging directory. NULL (nothing started: site_build does it
 * all) for one file, when SITE is not missing, empty or (by its
 * manifest) a site of benchsite's away from the runs in runs, or when
 * no_wait is set and another build holds the lock (only that is
 * reported to d: the build stops before it reads the runs). Its other
 * messages wait for site_build, which says them where they belong. The
 * lock is held until site_prep_free. */
struct site_prep *site_prep_start(const struct site_opts *opts,
    const char *runs, struct diags *);
/* Waits for it; whether SITE may be replaced (else site_build says why
 * not). Before this holds, nothing is left beside SITE. */
bool site_prep_wait(struct site_prep *);
/* Waits for it and undoes what site_build did not take over. */
void site_prep_free(struct site_prep *);

/* Writes the site of the analysed runs; returns 0, or -1 when nothing
 * could be written (reported to d). Problems with single files are
 * reported and skipped. */
int site_build(const struct analysis *, const struct site_opts *,
    struct diags *);

/* Each run's page in the site, "runs/SLUG.html", by run, as a build
 * names them: for outputs that link to a published site. Free each and
 * the array. */
char **site_run_pages(const struct runset *);

#endif
