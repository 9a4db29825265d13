/* fio results as "benchsite parse" and "dump" print them: the reader's
 * structure as it is (read/fio.h), units in the keys' names, written as
 * they go, with no jansson tree (a big file has thousands). */
#include "render/fio_json.h"
#include "render/json_util.h"
#include "base/utf8.h"

#include <math.h>
#include <string.h>

static void
latency_write(struct json_writer *jw, const char *key,
    const struct fio_latency *l)
{
	jw_key(jw, key);
	if (isnan(l->min) && isnan(l->max) && isnan(l->mean)) {
		jw_null(jw);
		return;
	}
	jw_open(jw, '{');
	jw_figure(jw, "min", l->min);
	jw_figure(jw, "max", l->max);
	jw_figure(jw, "mean", l->mean);
	jw_figure(jw, "stdev", l->stdev);
	jw_close(jw, '}');
}

/* pct[FIO_PCTS] under key; null instead when none is measured. */
static void
percentiles_write(struct json_writer *jw, const char *key,
    const double *pct, bool none)
{
	jw_key(jw, key);
	if (none) {
		jw_null(jw);
		return;
	}
	jw_open(jw, '{');
	for (int i = 0; i < FIO_PCTS; i++)
		jw_figure(jw, fio_pct_names[i], pct[i]);
	jw_close(jw, '}');
}

static void
side_write(struct json_writer *jw, const char *key, const struct fio_side *s)
{
	jw_key(jw, key);
	if (!s->present) {
		jw_null(jw);
		return;
	}
	jw_open(jw, '{');
	jw_figure(jw, "io_bytes", s->io_bytes);
	jw_figure(jw, "bw_kib", s->bw_kib);
	jw_figure(jw, "iops", s->iops);
	jw_figure(jw, "runtime_ms", s->runtime_ms);
	latency_write(jw, "slat_us", &s->slat);
	latency_write(jw, "clat_us", &s->clat);
	latency_write(jw, "lat_us", &s->lat);
	percentiles_write(jw, "clat_percentiles_us", s->clat_pct, false);
	latency_write(jw, "sync_us", &s->sync);
	percentiles_write(jw, "sync_percentiles_us", s->sync_pct,
	    isnan(s->sync.mean));
	jw_close(jw, '}');
}

static void
job_write(struct json_writer *jw, const struct fio_job *j)
{
	jw_key(jw, NULL);
	jw_open(jw, '{');
	jw_key(jw, "name");
	jw_string(jw, j->name);
	jw_key(jw, "line");
	jw_integer(jw, j->line);
	jw_key(jw, "group");
	if (j->group >= 0)
		jw_integer(jw, j->group);
	else
		jw_null(jw);
	jw_key(jw, "jobs");
	if (j->jobs >= 0)
		jw_integer(jw, j->jobs);
	else
		jw_null(jw);
	jw_key(jw, "workload");
	jw_open(jw, '{');
	for (int p = 0; p < FIO_PARAMS; p++) {
		jw_key(jw, fio_param_names[p]);
		jw_string(jw, j->param[p]);
	}
	jw_close(jw, '}');
	for (int d = 0; d < FIO_DIRS; d++)
		side_write(jw, fio_dir_names[d], &j->side[d]);
	jw_figure(jw, "disk_util", j->disk_util);
	jw_close(jw, '}');
}

void
fio_result_write(struct json_writer *jw, const struct fio_result *r)
{
	jw_open(jw, '{');
	jw_key(jw, "file");
	jw_string(jw, r->file);
	jw_key(jw, "line");
	jw_integer(jw, r->line);
	jw_key(jw, "form");
	jw_string(jw, fio_form_names[r->form]);
	jw_key(jw, "fio_version");
	jw_string(jw, r->version);
	jw_key(jw, "terse_version");
	if (r->terse_version > 0)
		jw_integer(jw, r->terse_version);
	else
		jw_null(jw);
	jw_key(jw, "disks");
	jw_string(jw, r->disks);
	/* the first of an option given twice, as fio's JSON is read */
	jw_key(jw, "global_options");
	jw_open(jw, '{');
	for (size_t i = 0; i < r->nglobal; i++) {
		const char *key = r->global[i].key;
		size_t k = 0;

		/* jansson refuses a key that is not UTF-8: the option
		 * is left out */
		if (!utf8_valid(key, strlen(key)))
			continue;
		while (k < i && strcmp(r->global[k].key, key) != 0)
			k++;
		if (k < i)
			continue;
		jw_key(jw, key);
		jw_string(jw, r->global[i].value);
	}
	jw_close(jw, '}');
	jw_key(jw, "jobs");
	jw_open(jw, '[');
	for (size_t i = 0; i < r->njobs; i++)
		job_write(jw, &r->jobs[i]);
	jw_close(jw, ']');
	jw_close(jw, '}');
}
