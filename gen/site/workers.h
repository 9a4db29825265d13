/* Rendering in several processes: the build's jobs (pages, charts) are
 * independent once the model and analysis are ready, so they are run by
 * forked workers that claim them one by one. Each job reports its
 * results as bytes; the parent hands them back in job order, so the
 * outcome is the same whatever the number of processes. Used by site.c. */
#ifndef BENCHSITE_WORKERS_H
#define BENCHSITE_WORKERS_H

#include <stddef.h>
#include <stdio.h>

/* Runs one job, writing what the parent must learn of it to out. */
typedef void worker_job_fn(void *ctx, size_t job, FILE *out);
/* Takes a job's report back, in the parent, in job order. */
typedef void worker_merge_fn(void *ctx, size_t job, const char *buf,
    size_t len);

/* Runs jobs 0 .. n-1 in nproc processes (nproc <= 1: in this one) and
 * merges their reports in order. Returns 0, or -1 when a process could
 * not be started or failed (its jobs' reports are then missing) with a
 * message in err. */
int workers_run(size_t n, int nproc, worker_job_fn *run,
    worker_merge_fn *merge, void *ctx, char *err, size_t errsize);

/* The number of processors online, at least 1. */
int workers_default(void);

/* Report helpers: a string (NULL kept apart from "") and a number. */
void report_str(FILE *out, const char *s);
void report_num(FILE *out, long long v);
/* Readers of the same, advancing *p within [*p, end); NULL/0 when the
 * report is short. report_get_str returns a new string or NULL. */
char *report_get_str(const char **p, const char *end);
long long report_get_num(const char **p, const char *end);

#endif
