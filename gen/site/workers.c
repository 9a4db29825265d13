/* Forked rendering workers; see workers.h. */
#include "base/exit.h"
#include "site/workers.h"
#include "base/xalloc.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int
workers_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Set in a worker: it ends with _exit, never running the parent's
 * atexit handlers or flushing its stdio buffers. */
static int in_worker;

static void
out_of_memory(void)
{
	fputs("benchsite: out of memory\n", stderr);
	if (in_worker)
		_exit(EXIT_INTERNAL);
	exit(EXIT_INTERNAL);
}

/* Runs one job into a buffer of its own. */
static char *
run_one(worker_job_fn *run, void *ctx, size_t job, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	if (m == NULL)
		out_of_memory();
	run(ctx, job, m);
	if (fclose(m) != 0)
		out_of_memory();
	return buf;
}

struct call {
	void (*fn)(void *);
	void *arg;
};

static void *
call_thread(void *p)
{
	struct call *c = p;

	c->fn(c->arg);
	return NULL;
}

/* Runs fn in a thread of its own, for a malloc arena other than the
 * main one (main.c allows two more, which the parent's threads used and
 * freed): loading a large set leaves the main arena full of small holes
 * among what stays, and every page's tree would search them (a build of
 * 30 000 runs spent a sixth of its time in malloc). The caller only
 * waits. */
static void
in_thread(void (*fn)(void *), void *arg)
{
	struct call c = {fn, arg};
	pthread_t t;

	if (pthread_create(&t, NULL, call_thread, &c) != 0)
		fn(arg);
	else
		pthread_join(t, NULL);
}

struct worker_args {
	size_t n, *next;
	worker_job_fn *run;
	void *ctx;
	FILE *out;
};

/* A worker: claims the next job until none is left; each report goes to
 * out as the job's number, its length and its bytes. */
static void
worker_fn(void *p)
{
	struct worker_args *a = p;
	size_t n = a->n, *next = a->next, job, len;
	worker_job_fn *run = a->run;
	void *ctx = a->ctx;
	FILE *out = a->out;
	char *buf;

	while ((job = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED)) < n) {
		buf = run_one(run, ctx, job, &len);
		if (fwrite(&job, sizeof job, 1, out) != 1 ||
		    fwrite(&len, sizeof len, 1, out) != 1 ||
		    (len > 0 && fwrite(buf, len, 1, out) != 1))
			_exit(EXIT_INTERNAL);
		free(buf);
	}
	if (fflush(out) != 0)
		_exit(EXIT_INTERNAL);
}

/* A worker's reports, read back one at a time. Each worker claims the
 * jobs in increasing order, so the parent merges them in job order
 * holding one report per worker, not every report at once (at 100 000
 * runs, 20 MB). */
struct reader {
	FILE *f;
	size_t left;		/* bytes not read yet */
	size_t job;		/* of the report in buf, or n at the end */
	char *buf;
	size_t len, cap;
};

/* Reads the next report of r, a worker's of n jobs. Returns 0, or -1
 * when its file is not what the worker wrote. */
static int
read_report(struct reader *r, size_t n)
{
	size_t head[2];

	if (r->left == 0) {
		r->job = n;
		return 0;
	}
	if (r->left < sizeof head || fread(head, sizeof head, 1, r->f) != 1)
		return -1;
	r->left -= sizeof head;
	if (head[0] >= n || head[1] > r->left)
		return -1;
	r->job = head[0];
	r->len = head[1];
	xgrow((void **)&r->buf, &r->cap, r->len + 1, 1);
	if (r->len > 0 && fread(r->buf, r->len, 1, r->f) != 1)
		return -1;
	r->left -= r->len;
	return 0;
}

static int
open_reports(struct reader *r, FILE *f, size_t n)
{
	long size;

	r->f = f;
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0)
		return -1;
	r->left = (size_t)size;
	return read_report(r, n);
}

/* Merges the n jobs' reports from the nproc workers' files, in job
 * order. Returns 0, or -1 with err. */
static int
merge_reports(FILE **out, int nproc, size_t n, worker_merge_fn *merge,
    void *ctx, char *err, size_t errsize)
{
	struct reader *r = xcalloc((size_t)nproc, sizeof *r);
	const char *why = NULL;
	int w;

	for (w = 0; w < nproc && !why; w++)
		if (open_reports(&r[w], out[w], n) != 0)
			why = "cannot read back the rendering processes' reports";
	for (size_t k = 0; k < n && !why; k++) {
		for (w = 0; w < nproc && r[w].job != k; w++)
			;
		if (w == nproc) {
			why = "a rendering job was lost";
			break;
		}
		merge(ctx, k, r[w].buf, r[w].len);
		if (read_report(&r[w], n) != 0)
			why = "cannot read back the rendering processes' reports";
	}
	for (w = 0; w < nproc && !why; w++)
		if (r[w].job != n)
			why = "a rendering job was reported twice";
	if (why)
		snprintf(err, errsize, "%s", why);
	for (w = 0; w < nproc; w++)
		free(r[w].buf);
	free(r);
	return why ? -1 : 0;
}

static int
start(int nproc, size_t n, size_t *next, worker_job_fn *run, void *ctx,
    FILE **out, pid_t *pid, char *err, size_t errsize)
{
	/* Every stream the parent has written to (the job log
	 * holds a line by now): a worker must not write its copy again. */
	fflush(NULL);
	for (int w = 0; w < nproc; w++) {
		if ((out[w] = tmpfile()) == NULL || (pid[w] = fork()) < 0) {
			snprintf(err, errsize, "cannot start a rendering "
			    "process: %s", strerror(errno));
			return -1;
		}
		if (pid[w] == 0) {
			struct worker_args a = {n, next, run, ctx, out[w]};

			/* Forked from the one thread; its jobs in another. */
			in_worker = 1;
			in_thread(worker_fn, &a);
			_exit(EXIT_DONE);
		}
	}
	return 0;
}

static int
parallel(size_t n, int nproc, worker_job_fn *run, worker_merge_fn *merge,
    void *ctx, char *err, size_t errsize)
{
	size_t *next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	FILE **out = xcalloc((size_t)nproc, sizeof *out);
	pid_t *pid = xcalloc((size_t)nproc, sizeof *pid);
	int rc = 0, status;

	if (next == MAP_FAILED) {
		snprintf(err, errsize, "cannot share the job counter: %s",
		    strerror(errno));
		next = NULL;
		rc = -1;
	} else {
		*next = 0;
		rc = start(nproc, n, next, run, ctx, out, pid, err, errsize);
	}
	for (int w = 0; w < nproc; w++)
		if (pid[w] > 0 && (waitpid(pid[w], &status, 0) != pid[w] ||
		    !WIFEXITED(status) || WEXITSTATUS(status) != 0) && rc == 0) {
			snprintf(err, errsize, "a rendering process failed");
			rc = -1;
		}
	if (rc == 0)
		rc = merge_reports(out, nproc, n, merge, ctx, err, errsize);
	for (int w = 0; w < nproc; w++)
		if (out[w])
			fclose(out[w]);
	if (next)
		munmap(next, sizeof *next);
	free(out);
	free(pid);
	return rc;
}

static void
serial(size_t n, worker_job_fn *run, worker_merge_fn *merge, void *ctx)
{
	for (size_t k = 0; k < n; k++) {
		size_t len;
		char *buf = run_one(run, ctx, k, &len);

		merge(ctx, k, buf, len);
		free(buf);
	}
}

struct serial_args {
	size_t n;
	worker_job_fn *run;
	worker_merge_fn *merge;
	void *ctx;
};

static void
serial_fn(void *p)
{
	struct serial_args *a = p;

	serial(a->n, a->run, a->merge, a->ctx);
}

int
workers_run(size_t n, int nproc, worker_job_fn *run, worker_merge_fn *merge,
    void *ctx, char *err, size_t errsize)
{
	struct serial_args a = {n, run, merge, ctx};

	if (nproc > 1 && n > 1)
		return parallel(n, (size_t)nproc < n ? nproc : (int)n, run,
		    merge, ctx, err, errsize);
	in_thread(serial_fn, &a);
	return 0;
}

void
report_str(FILE *out, const char *s)
{
	size_t len = s ? strlen(s) : SIZE_MAX;

	fwrite(&len, sizeof len, 1, out);
	if (s)
		fwrite(s, 1, len, out);
}

void
report_num(FILE *out, long long v)
{
	fwrite(&v, sizeof v, 1, out);
}

char *
report_get_str(const char **p, const char *end)
{
	size_t len;
	char *s;

	if ((size_t)(end - *p) < sizeof len)
		return NULL;
	memcpy(&len, *p, sizeof len);
	*p += sizeof len;
	if (len == SIZE_MAX || len > (size_t)(end - *p))
		return NULL;
	s = xmalloc(len + 1);
	memcpy(s, *p, len);
	s[len] = '\0';
	*p += len;
	return s;
}

long long
report_get_num(const char **p, const char *end)
{
	long long v = 0;

	if ((size_t)(end - *p) >= sizeof v) {
		memcpy(&v, *p, sizeof v);
		*p += sizeof v;
	}
	return v;
}
