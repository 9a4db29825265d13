/* The build's state, private to the site stage: site.c (the build:
 * files, charts, jobs, the job log), make_plan.c (the plan the pages
 * read) and fingerprint.c (what each job reads, hashed). The page
 * builders in render/ see only the plan (render/plan.h) and what the
 * build reads for them. */
#ifndef BENCHSITE_SITE_INT_H
#define BENCHSITE_SITE_INT_H

#include "analyse/analyse.h"
#include "render/chart.h"
#include "render/plan.h"
#include "site/reuse.h"
#include "site/site.h"

#include <stdint.h>
#include <stdio.h>

struct publish;

struct site {
	struct site_plan plan;			/* what the pages read */
	const struct site_opts *opts;
	struct diags *d;
	char *templates;			/* directory */
	struct chart_fonts *fonts;
	size_t max_file_size;			/* of one input file */
	char fp_global[FP_HEX];			/* see fingerprint.c */
	unsigned char (*fp_run)[FP_BYTES];	/* per run: its page's */
	/* The old site's jobs (REUSE_OLD), and when the staging directory
	 * is the previous site (publish.h) its jobs, whose files are
	 * already in place (REUSE_HERE); NULL when neither has any. */
	struct reuse *reuse;
	/* The old site's files were made with fp_global: the same
	 * program, templates and fonts (MADE_BY in its job log). */
	bool old_made_here;
	const struct publish *pub;
	FILE *job_log;				/* this build's jobs (JOBS_FILE),
						   written as they are merged */
	int reused;				/* jobs whose files were kept */
	int pages, charts, files;
	const char *out;			/* staging directory written
						   (pub's) */
	/* The site's files, for the manifest: rel paths in names, or
	 * during a job its own (see list_written). The files of the jobs
	 * in the job log join them before the site is published
	 * (logged_names). */
	const char **written;
	size_t nwritten, capwritten;
	struct xarena *names;
	bool in_job;
	/* A write found the disk full (ENOSPC, EDQUOT): the build fails,
	 * and this process tries no more writes, each of which would say
	 * the same again (100 000 lines at 100 000 runs). */
	bool disk_full;
};

/* The plan (make_plan.c): plan_make names the runs, finds the series
 * and indexes the compare pages of each run; plan_load_templates parses
 * the templates the pages need (reporting those it cannot read). The
 * charts (svg) are drawn by site.c. plan_free frees it all and leaves
 * it empty, so that a second call frees nothing. */
void plan_make(struct site_plan *, const struct analysis *);
void plan_load_templates(struct site_plan *, const char *dir,
    struct diags *);
void plan_free(struct site_plan *);

/* The build's independent pieces of work (site.c runs them, in worker
 * processes). */
enum job_kind {
	JOB_PNG, JOB_RUN, JOB_SAMPLES, JOB_METRIC, JOB_KEY, JOB_SERIES,
	JOB_PAIR, JOB_INDEX_TABLE, JOB_FIO_INDEX
};

/* Twelve bytes: a build of 100 000 runs plans 160 000 jobs, and the
 * rendering processes inherit the plan. A run's index fits: 2^32 runs
 * would take terabytes to hold. */
struct job {
	enum job_kind kind;
	uint32_t a, b;	/* metric and scale, run, run and page, metric, key,
			   series and page, run and which (plan_pair_other),
			   none (the overview's table, index.csv and .json;
			   metrics/fio.html) */
};

/* Fingerprints (fingerprint.c): site_fingerprints sets fp_global and
 * fp_run once the runs are named; site_job_fp gives a job's fingerprint
 * and returns its key in the job log, which site_job_key gives alone
 * (caller frees). */
void site_fingerprints(struct site *);
/* The program and the libraries that shape its output, into f. */
void site_program_fp(struct fp *f);
char *site_job_fp(const struct site *, const struct job *, char fp[FP_HEX]);
/* The same, hashed with f (reset here), which a caller taking many
 * keeps. */
char *site_job_fp_in(const struct site *, const struct job *, struct fp *f,
    char fp[FP_HEX]);
char *site_job_key(const struct site *, const struct job *);

#endif
