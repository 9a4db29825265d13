/* fio results as "benchsite parse" prints them: the reader's structure
 * as it is (read/fio.h), units in the keys' names. fio_result_write
 * writes what fio_result_json makes, byte for byte, without the tree
 * (the fuzz target fuzz_fio holds them to it). */
#include "render/fio_json.h"
#include "render/json_util.h"
#include "base/utf8.h"

#include <math.h>
#include <string.h>

static json_t *
figure(double x)
{
	return isnan(x) ? json_null() : json_number(x);
}

static json_t *
latency_json(const struct fio_latency *l)
{
	json_t *o;

	if (isnan(l->min) && isnan(l->max) && isnan(l->mean))
		return json_null();
	o = json_object();
	json_object_set_new(o, "min", figure(l->min));
	json_object_set_new(o, "max", figure(l->max));
	json_object_set_new(o, "mean", figure(l->mean));
	json_object_set_new(o, "stdev", figure(l->stdev));
	return o;
}

static json_t *
side_json(const struct fio_side *s)
{
	json_t *o, *p;

	if (!s->present)
		return json_null();
	o = json_object();
	p = json_object();
	json_object_set_new(o, "io_bytes", figure(s->io_bytes));
	json_object_set_new(o, "bw_kib", figure(s->bw_kib));
	json_object_set_new(o, "iops", figure(s->iops));
	json_object_set_new(o, "runtime_ms", figure(s->runtime_ms));
	json_object_set_new(o, "slat_us", latency_json(&s->slat));
	json_object_set_new(o, "clat_us", latency_json(&s->clat));
	json_object_set_new(o, "lat_us", latency_json(&s->lat));
	for (int i = 0; i < FIO_PCTS; i++)
		json_object_set_new(p, fio_pct_names[i],
		    figure(s->clat_pct[i]));
	json_object_set_new(o, "clat_percentiles_us", p);
	return o;
}

static json_t *
job_json(const struct fio_job *j)
{
	json_t *o = json_object(), *w = json_object();

	json_object_set_new(o, "name", json_string_or_null(j->name));
	json_object_set_new(o, "line", json_integer(j->line));
	json_object_set_new(o, "group", j->group >= 0 ?
	    json_integer(j->group) : json_null());
	json_object_set_new(o, "jobs", j->jobs >= 0 ? json_integer(j->jobs) :
	    json_null());
	for (int p = 0; p < FIO_PARAMS; p++)
		json_object_set_new(w, fio_param_names[p],
		    json_string_or_null(j->param[p]));
	json_object_set_new(o, "workload", w);
	for (int d = 0; d < FIO_DIRS; d++)
		json_object_set_new(o, fio_dir_names[d], side_json(&j->side[d]));
	json_object_set_new(o, "disk_util", figure(j->disk_util));
	return o;
}

json_t *
fio_result_json(const struct fio_result *r)
{
	json_t *o = json_object(), *g = json_object(), *jobs = json_array();

	json_object_set_new(o, "file", json_string_or_null(r->file));
	json_object_set_new(o, "line", json_integer(r->line));
	json_object_set_new(o, "form", json_string(fio_form_names[r->form]));
	json_object_set_new(o, "fio_version", json_string_or_null(r->version));
	json_object_set_new(o, "terse_version", r->terse_version > 0 ?
	    json_integer(r->terse_version) : json_null());
	/* the first of an option given twice, as fio's JSON is read */
	for (size_t i = 0; i < r->nglobal; i++)
		if (json_object_get(g, r->global[i].key) == NULL)
			json_object_set_new(g, r->global[i].key,
			    json_string_or_null(r->global[i].value));
	json_object_set_new(o, "global_options", g);
	for (size_t i = 0; i < r->njobs; i++)
		json_array_append_new(jobs, job_json(&r->jobs[i]));
	json_object_set_new(o, "jobs", jobs);
	return o;
}

/* ---- the same, written as it goes ---- */

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
	jw_key(jw, "clat_percentiles_us");
	jw_open(jw, '{');
	for (int i = 0; i < FIO_PCTS; i++)
		jw_figure(jw, fio_pct_names[i], s->clat_pct[i]);
	jw_close(jw, '}');
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

/* A global option's key as jansson takes one: UTF-8 (it refuses any
 * other, and the option is left out). */
static bool
key_ok(const char *key)
{
	size_t n = strlen(key);

	for (size_t i = 0, k; i < n; i += k)
		if ((unsigned char)key[i] < 0x80)
			k = 1;
		else if ((k = utf8_decode(key + i, n - i, NULL)) == 0)
			return false;
	return true;
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
	/* the first of an option given twice, as fio's JSON is read */
	jw_key(jw, "global_options");
	jw_open(jw, '{');
	for (size_t i = 0; i < r->nglobal; i++) {
		const char *key = r->global[i].key;
		size_t k = 0;

		if (!key_ok(key))
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
