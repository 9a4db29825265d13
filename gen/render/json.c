/* JSON output of "benchsite parse" and of the site's table files
 * (PAGE.json), written with jansson. */
#include "render/render.h"
#include "render/json_util.h"
#include "render/fio_json.h"
#include "read/fio_key.h"

#include <string.h>
#include "render/tables.h"

#include <jansson.h>

static const char *const state_names[] = {
	[VS_NOT_RUN] = "not_run",
	[VS_OK] = "ok",
	[VS_TOO_FAST] = "too_fast",
	[VS_INVALID] = "invalid",
};

static const char *const source_names[] = {
	[FROM_TEXT] = "text",
	[FROM_CSV] = "csv",
	[FROM_BOTH] = "text+csv",
};

static json_t *
measure_json(const struct measure *m)
{
	json_t *o = json_object();

	json_object_set_new(o, "state", json_string(state_names[m->state]));
	if (m->state == VS_OK)
		json_object_set_new(o, "value", json_number(m->value));
	json_object_set_new(o, "approx", json_boolean(m->approx));
	json_object_set_new(o, "cpu", m->cpu >= 0 ? json_integer(m->cpu) :
	    json_null());
	json_object_set_new(o, "latency_us", m->latency_us >= 0 ?
	    json_number(m->latency_us) : json_null());
	return o;
}

json_t *
result_json(const struct result *r)
{
	json_t *o = json_object(), *ms = json_object();

	json_object_set_new(o, "file", json_string_or_null(r->file));
	json_object_set_new(o, "line", json_integer(r->line));
	json_object_set_new(o, "from", json_string(source_names[r->from]));
	json_object_set_new(o, "bonnie_version",
	    json_string_or_null(r->bonnie_version));
	json_object_set_new(o, "csv_format", json_string_or_null(r->csv_format));
	json_object_set_new(o, "name", json_string_or_null(r->name));
	json_object_set_new(o, "size", json_string_or_null(r->size));
	json_object_set_new(o, "chunk", json_string_or_null(r->chunk));
	json_object_set_new(o, "concurrency", r->concurrency >= 0 ?
	    json_integer(r->concurrency) : json_null());
	json_object_set_new(o, "seed", r->has_seed ? json_integer(r->seed) :
	    json_null());
	json_object_set_new(o, "files", json_string_or_null(r->files));
	for (int i = 0; i < M_COUNT; i++)
		json_object_set_new(ms, metric_defs[i].key,
		    measure_json(&r->m[i]));
	json_object_set_new(o, "metrics", ms);
	return o;
}

json_t *
diag_json(const struct diag *g)
{
	json_t *o = json_object();

	json_object_set_new(o, "file", json_string_or_null(g->file));
	json_object_set_new(o, "line", g->line > 0 ? json_integer(g->line) :
	    json_null());
	json_object_set_new(o, "level", json_string(msg_level_name(g->level)));
	json_object_set_new(o, "message", json_string_or_null(g->message));
	return o;
}

json_t *
diags_json(const struct diags *d)
{
	json_t *a = json_array();

	for (size_t i = 0; i < d->n; i++)
		json_array_append_new(a, diag_json(&d->v[i]));
	return a;
}

void
json_stream_diags(struct json_stream *js, const struct diags *d)
{
	json_stream_array(js, "diagnostics");
	for (size_t i = 0; i < d->n; i++)
		json_stream_item(js, diag_json(&d->v[i]));
}

/* Streamed: a big file's thousands of results would take gigabytes as
 * one jansson tree. */
int
render_parse_json(FILE *out, const struct results *rs,
    const struct diags *d)
{
	struct json_stream js = {out, 0, -1, 0};

	json_stream_array(&js, "results");
	for (size_t i = 0; i < rs->n; i++)
		json_stream_item(&js, result_json(&rs->v[i]));
	/* only where there are any: bonnie++'s outputs stay as they were */
	if (rs->fio.n > 0) {
		json_stream_array(&js, "fio");
		for (size_t i = 0; i < rs->fio.n; i++) {
			struct json_writer jw;

			json_stream_item_begin(&js, &jw);
			fio_result_write(&jw, &rs->fio.v[i]);
			json_stream_item_end(&js, &jw);
		}
	}
	json_stream_diags(&js, d);
	return json_stream_end(&js);
}

static json_t *
names_json(char *const *names, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string_or_null(names[i]));
	return a;
}

static json_t *
meta_json(const struct run_meta *m)
{
	json_t *o = json_object(), *entries = json_object(), *ex = json_object();

	for (size_t i = 0; i < m->n; i++)
		json_object_set_new(entries, meta_key(m, i),
		    json_string_or_null(meta_value(m, i)));
	json_object_set_new(o, "entries", entries);
	json_object_set_new(o, "disk_count", m->disk_count >= 0 ?
	    json_integer(m->disk_count) : json_null());
	json_object_set_new(o, "disk_model", json_string_or_null(m->disk_model));
	json_object_set_new(o, "raid", json_string_or_null(
	    raid_level_names[m->raid]));
	for (int i = 0; i < M_COUNT; i++) {
		double value;

		if (meta_expect(m, metric_defs[i].key, metric_defs[i].kind,
		    &value))
			json_object_set_new(ex, metric_defs[i].key,
			    json_number(value));
	}
	/* fio's targets after bonnie++'s, as the file gives them. */
	for (size_t i = 0; i < m->n; i++) {
		const char *key = meta_key(m, i);
		double value;

		if (strncmp(key, "expect.", 7) != 0 ||
		    metric_by_key(key + 7) >= 0 || !metric_key_valid(key + 7) ||
		    !meta_expect(m, key + 7, meta_key_kind(key + 7), &value))
			continue;
		json_object_set_new(ex, key + 7, json_number(value));
	}
	json_object_set_new(o, "expect", ex);
	return o;
}

/* A run of "dump": its fio results by fio_result_write, the one way
 * they are written, the rest through jansson. */
static void
run_write(struct json_writer *jw, const struct run *r)
{
	json_t *samples = json_array();

	jw_open(jw, '{');
	jw_key(jw, "id");
	jw_string(jw, r->id);
	jw_key(jw, "meta");
	jw_json(jw, meta_json(&r->meta));
	jw_key(jw, "notes");
	jw_string(jw, r->notes);
	jw_key(jw, "outputs");
	jw_json(jw, names_json(r->outputs, r->noutputs));
	jw_key(jw, "attachments");
	jw_json(jw, names_json(r->attachments, r->nattachments));
	for (size_t k = 0; k < r->samples.n; k++)
		json_array_append_new(samples, result_json(&r->samples.v[k]));
	jw_key(jw, "samples");
	jw_json(jw, samples);
	if (r->samples.fio.n > 0) {
		jw_key(jw, "fio");
		jw_open(jw, '[');
		for (size_t k = 0; k < r->samples.fio.n; k++) {
			jw_key(jw, NULL);
			fio_result_write(jw, &r->samples.fio.v[k]);
		}
		jw_close(jw, ']');
	}
	jw_close(jw, '}');
}

int
render_runset_json(FILE *out, const struct runset *set,
    const struct diags *d)
{
	struct json_stream js = {out, 0, -1, 0};

	json_stream_value(&js, "title", json_string_or_null(set->title));
	json_stream_array(&js, "runs");
	for (size_t i = 0; i < set->n; i++) {
		struct json_writer jw;

		json_stream_item_begin(&js, &jw);
		run_write(&jw, &set->runs[i]);
		json_stream_item_end(&js, &jw);
	}
	json_stream_diags(&js, d);
	return json_stream_end(&js);
}

/* ---- a page's table as JSON (tables.h) ---- */

static json_t *
cell_json(const struct table_cell *c)
{
	if (c->kind == TC_TEXT)
		return json_string_or_null(c->text);
	if (c->kind == TC_FIGURE && c->state == VS_OK)
		return json_number(c->value);
	if (c->kind == TC_FIGURE)
		return json_string(state_names[c->state]);
	return json_null();
}

int
render_table_json(FILE *out, const struct data_table *t)
{
	json_t *o = json_object(), *cols = json_array(), *rows = json_array();

	for (size_t k = 0; k < t->ncols; k++) {
		json_t *c = json_object();

		json_object_set_new(c, "name", json_string_or_null(
		    t->cols[k].name));
		json_object_set_new(c, "unit", json_string_or_null(
		    t->cols[k].unit));
		json_array_append_new(cols, c);
	}
	for (size_t r = 0; r < t->nrows; r++) {
		json_t *row = json_array();

		for (size_t k = 0; k < t->ncols; k++)
			json_array_append_new(row,
			    cell_json(&t->cells[r * t->ncols + k]));
		json_array_append_new(rows, row);
	}
	json_object_set_new(o, "columns", cols);
	json_object_set_new(o, "rows", rows);
	return json_print(out, o);
}
