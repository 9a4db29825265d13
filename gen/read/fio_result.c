/* Building fio results: new results and jobs with every figure unknown,
 * options and workload parameters, and the names the renderers print.
 * Below the three parsers of the fio reader; see fio_int.h. */
#include "read/fio_int.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const fio_form_names[] = {
	[FIO_JSON] = "json", [FIO_TERSE] = "terse", [FIO_TEXT] = "text",
};
const char *const fio_dir_names[FIO_DIRS] = {"read", "write", "trim"};
const char *const fio_pct_names[FIO_PCTS] = {
	"p50", "p90", "p95", "p99", "p99.9", "p99.99",
};
const double fio_pct_values[FIO_PCTS] = {50, 90, 95, 99, 99.9, 99.99};
const char *const fio_param_names[FIO_PARAMS] = {
	"rw", "bs", "iodepth", "numjobs", "ioengine", "direct", "sync",
	"fsync", "fdatasync", "rwmixread", "rwmixwrite", "buffered", "bssplit",
	"random_distribution", "rate", "rate_iops", "thinktime", "size",
	"runtime", "percentage_random", "filename",
};

struct fio_result *
fio_new_result(struct fio_results *rs, const char *file, long line,
    enum fio_form form)
{
	struct fio_result *r;

	xgrow((void **)&rs->v, &rs->cap, rs->n + 1, sizeof *rs->v);
	r = &rs->v[rs->n++];
	memset(r, 0, sizeof *r);
	r->file = xstrdup(file);
	r->line = line;
	r->form = form;
	return r;
}

static void
side_init(struct fio_side *s)
{
	struct fio_latency unknown = {NAN, NAN, NAN, NAN};

	s->present = false;
	s->io_bytes = s->bw_kib = s->iops = s->runtime_ms = NAN;
	s->slat = s->clat = s->lat = s->sync = unknown;
	for (int p = 0; p < FIO_PCTS; p++)
		s->clat_pct[p] = s->sync_pct[p] = NAN;
}

struct fio_job *
fio_new_job(struct fio_result *r, const char *name, size_t name_len,
    long line)
{
	struct fio_job *j;

	xgrow((void **)&r->jobs, &r->jobs_cap, r->njobs + 1, sizeof *r->jobs);
	j = &r->jobs[r->njobs++];
	memset(j, 0, sizeof *j);
	j->name = xstrndup(name, name_len);
	j->line = line;
	j->group = -1;
	j->jobs = -1;
	j->disk_util = NAN;
	for (int d = 0; d < FIO_DIRS; d++)
		side_init(&j->side[d]);
	return j;
}

void
fio_set_error(struct fio_job *j, double error)
{
	if (error != 0 && !isnan(error))
		j->error = error > -1e6 && error < 1e6 ? (int)error : -1;
}

void
fio_add_global(struct fio_result *r, const char *key, const char *value)
{
	xgrow((void **)&r->global, &r->global_cap, r->nglobal + 1,
	    sizeof *r->global);
	r->global[r->nglobal].key = xstrdup(key);
	r->global[r->nglobal].value = xstrdup(value);
	r->nglobal++;
}

void
fio_add_global_n(struct fio_result *r, const char *key, size_t key_len,
    const char *value, size_t value_len)
{
	xgrow((void **)&r->global, &r->global_cap, r->nglobal + 1,
	    sizeof *r->global);
	r->global[r->nglobal].key = xstrndup(key, key_len);
	r->global[r->nglobal].value = xstrndup(value, value_len);
	r->nglobal++;
}

/* Whether word[0..n) is one of the words of list ("/dev/sdb
 * /dev/sdc"), which may be NULL. */
static bool
has_word(const char *list, const char *word, size_t n)
{
	for (const char *p = list; p; p = strchr(p, ' ')) {
		p += *p == ' ';
		if (strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
			return true;
	}
	return false;
}

static bool
listed(const struct buf *b, const char *word)
{
	return b->n > 0 && has_word(b->p, word, strlen(word));
}

void
fio_add_disk(struct fio_result *r, const char *name, size_t len)
{
	char *was = r->disks;

	/* A device's name, not whatever a damaged file holds there. */
	if (len == 0 || len > 64 || strspn(name, FIO_DEVICE_CHARS) < len ||
	    has_word(was, name, len))
		return;
	r->disks = was && *was ? xasprintf("%s %.*s", was, (int)len, name) :
	    xstrndup(name, len);
	free(was);
}

bool
fio_is_device(const char *f)
{
	/* the memory file systems below /dev hold files */
	return strncmp(f, "/dev/", 5) == 0 && strncmp(f, "/dev/shm/", 9) &&
	    strncmp(f, "/dev/hugepages/", 15) != 0;
}

char *
fio_devices(const struct fio_results *rs, bool *on_files)
{
	struct buf b = {0};
	bool files = false, devices = false;

	for (size_t r = 0; r < rs->n; r++)
		for (size_t j = 0; j < rs->v[r].njobs; j++) {
			const char *f = rs->v[r].jobs[j].param[FP_FILENAME];
			bool dev = f && fio_is_device(f);

			files |= f && !dev;
			devices |= dev;
			if (f == NULL || (files && devices)) {
				buf_free(&b);
				*on_files = false;
				return NULL;
			}
			if (dev && !listed(&b, f))
				buf_printf(&b, "%s%s", b.n ? " " : "", f);
		}
	*on_files = files;
	if (files)
		buf_free(&b);
	return files ? NULL : buf_take(&b);
}

enum fio_param
fio_param_of(const char *key, size_t len)
{
	/* fio's aliases of the same options */
	static const struct { const char *key; enum fio_param p; } alias[] = {
		{"readwrite", FP_RW}, {"blocksize", FP_BS},
		/* a range of sizes: a job named by its name (fio_key.c) */
		{"bsrange", FP_BS}, {"blocksize_range", FP_BS},
		{"filesize", FP_SIZE}, {"timeout", FP_RUNTIME},
	};

	for (int p = 0; p < FIO_PARAMS; p++)
		if (strlen(fio_param_names[p]) == len &&
		    memcmp(fio_param_names[p], key, len) == 0)
			return (enum fio_param)p;
	for (size_t i = 0; i < sizeof alias / sizeof *alias; i++)
		if (strlen(alias[i].key) == len &&
		    memcmp(alias[i].key, key, len) == 0)
			return alias[i].p;
	return FIO_PARAMS;
}

void
fio_set_param(struct fio_job *j, enum fio_param p, const char *value,
    size_t len)
{
	if (p >= FIO_PARAMS || j->param[p] != NULL)
		return;
	j->param[p] = xstrndup(value, len);
}

void
fio_params_from_global(struct fio_result *r)
{
	const char *name = NULL;
	size_t names = 0;

	for (size_t g = 0; g < r->nglobal; g++) {
		const char *k = r->global[g].key, *v = r->global[g].value;
		enum fio_param p = fio_param_of(k, strlen(k));

		for (size_t i = 0; i < r->njobs; i++)
			fio_set_param(&r->jobs[i], p, v, strlen(v));
		if (strcmp(k, "name") == 0) {
			name = v;
			names++;
		}
	}
	/* "fio ... --name=Test4KRandRW" over its group's summary lines
	 * alone ("READ: bw=..."): the one job the command line names is
	 * the one fio printed no name for */
	if (names == 1 && r->njobs == 1 && r->jobs[0].name[0] == '\0') {
		free(r->jobs[0].name);
		r->jobs[0].name = xstrdup(name);
	}
}

enum fio_pct
fio_pct_of(double p)
{
	for (int i = 0; i < FIO_PCTS; i++)
		if (fabs(p - fio_pct_values[i]) < 1e-6)
			return (enum fio_pct)i;
	return FIO_PCTS;
}

size_t
fio_number(const char *s, size_t len, double *out)
{
	char tmp[64];
	char *end;
	size_t n = 0;

	while (n < len && n < sizeof tmp - 1 &&
	    strchr("0123456789.+-eE", s[n]) != NULL && s[n] != '\0')
		n++;
	/* an exponent sign or letter ends the number unless digits follow */
	while (n > 0 && strchr("+-eE.", s[n - 1]) != NULL)
		n--;
	if (n == 0)
		return 0;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	*out = strtod(tmp, &end);
	if (end == tmp || !isfinite(*out))
		return 0;
	return (size_t)(end - tmp);
}

static void
job_free(struct fio_job *j)
{
	free(j->name);
	for (int p = 0; p < FIO_PARAMS; p++)
		free(j->param[p]);
}

void
fio_options_clear(struct fio_option *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].value);
	}
}

static void
result_free_one(struct fio_result *r)
{
	for (size_t i = 0; i < r->njobs; i++)
		job_free(&r->jobs[i]);
	free(r->jobs);
	fio_options_clear(r->global, r->nglobal);
	free(r->global);
	free(r->file);
	free(r->version);
	free(r->disks);
	free(r->tag);
}

void
fio_result_trim(struct fio_result *r)
{
	if (r->njobs > 0 && r->njobs < r->jobs_cap) {
		r->jobs = xrealloc(r->jobs, r->njobs * sizeof *r->jobs);
		r->jobs_cap = r->njobs;
	}
	if (r->nglobal > 0 && r->nglobal < r->global_cap) {
		r->global = xrealloc(r->global, r->nglobal * sizeof *r->global);
		r->global_cap = r->nglobal;
	}
}

void
fio_drop_last(struct fio_results *rs)
{
	if (rs->n > 0)
		result_free_one(&rs->v[--rs->n]);
}

void
fio_drop_if_empty(struct fio_results *rs)
{
	if (rs->n > 0 && rs->v[rs->n - 1].njobs == 0)
		fio_drop_last(rs);
}

void
fio_results_free(struct fio_results *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		result_free_one(&rs->v[i]);
	free(rs->v);
	rs->v = NULL;
	rs->n = rs->cap = 0;
}

/* What a submission takes at most when nothing holds it (fio.h). */
#define SUBMIT_WAIT_US 1000.0

bool
fio_clat_after_submission(const struct fio_side *s)
{
	return s->present && s->slat.mean >= SUBMIT_WAIT_US &&
	    s->clat.mean > 0 && s->slat.mean * 2 >= s->clat.mean;
}

