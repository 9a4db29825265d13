/* fio results as "benchsite parse" prints them: the reader's structure
 * as it is (read/fio.h), units in the keys' names. */
#include "render/fio_json.h"
#include "render/json_util.h"

#include <math.h>

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
