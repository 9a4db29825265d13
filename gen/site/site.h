/* "benchsite build": renders a set of runs into a static site of plain
 * files (pages, charts, the runs' files). Called by main.c. */
#ifndef BENCHSITE_SITE_H
#define BENCHSITE_SITE_H

#include "analyse/analyse.h"
#include "model/model.h"
#include "base/diag.h"
#include "render/plan.h"	/* SITE_SAMPLES_PER_PAGE */

#include <stdbool.h>
#include <stdint.h>

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
	/* For a build that finds nothing changed (site_unchanged): a hash
	 * of the command line's options that shape the site (main.c), how
	 * many messages loading the runs said, and the fingerprint of
	 * everything the build is made from ("" when there is none). */
	uint64_t options_hash[2];
	size_t load_msgs;
	char inputs_fp[33];
	/* Called once every page is written, before the site is published,
	 * which reads neither the analysis nor the runs: the caller may let
	 * go of them there (at 100 000 runs publishing sorts 720 000 file
	 * names). Not called when the build fails first, or for --single. */
	void (*rendered)(void *);
	void *rendered_arg;
};

/* Whether SITE is already what this build would write: the job log of
 * the last build of SITE to complete ends with the fingerprint of the
 * same program, libraries, templates, assets, fonts and options, of the
 * same model of the runs, loaded with the same messages (d) and stamps
 * of notes, and that build said nothing else. Then nothing needs doing:
 * not even the analysis. *gate_fails says whether that build's verdict
 * failed the gate. Sets opts->inputs_fp for site_build, which writes
 * that line; never true with --full or one file, or when a stamp was
 * too new to be trusted. Files put into SITE by hand are not looked for. */
bool site_unchanged(struct site_opts *opts, const struct runset *set,
    const struct diags *d, bool *gate_fails);

/* What a build of opts->out does before it has the runs: it takes
 * SITE's lock (one build of SITE at a time: waits here while another
 * holds it), then (site_prep_go), in a thread of its own while the
 * runs are analysed, checks that SITE may be replaced (a walk of its files),
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
/* Starts its thread, once the build is known to be needed (the lock is
 * taken by site_prep_start). Until then, site_prep_wait says only
 * whether SITE is plausibly benchsite's (it has been checked). */
void site_prep_go(struct site_prep *);
/* Waits for it; whether SITE may be replaced (else site_build says why
 * not). Before this holds, nothing is left beside SITE. */
bool site_prep_wait(struct site_prep *);
/* Waits for it and undoes what site_build did not take over. */
void site_prep_free(struct site_prep *);
/* Says to d what a build would say of SITE's previous site (that it is
 * not built on, and why), for a build that finds nothing to do: a
 * thread started by site_prep_start checked it while the runs were
 * read. */
void site_prep_say_prev(struct site_prep *, struct diags *d);

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
