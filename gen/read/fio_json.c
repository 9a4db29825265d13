/* fio's JSON and JSON+ output (--output-format=json, json+), of fio 2.x
 * (latencies in usec under "clat") and 3.x (in nsec under "clat_ns").
 * Each document is read by the walk (fio_json_walk.c) where it stands;
 * one the walk gives up (an escape, a number beyond a double, any
 * error) is read here with jansson, which says what is wrong with it,
 * and the walk reads what this reads.
 *
 * fio prints some objects with a key twice (the "0.00" percentile of
 * 3.1, "filename" in global options) and its own readers keep the first.
 * jansson keeps the last (JSON_REJECT_DUPLICATES only refuses the whole
 * text, and no decode flag keeps the first), so such a document is first
 * scanned here: the scan finds where the document ends (notes before it,
 * documents back to back, fences after it) and copies it with every
 * repeated key of an object renamed to one that starts with U+0001,
 * which no lookup below asks for. Keys are compared as written, so
 * "\u0061" and "a" count as two keys (fio escapes neither). */
#include "read/fio_int.h"
#include "base/buf.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Documents that run to the end of the file unclosed before the reader
 * stops looking for more (each such scan reads the rest of the file). */
#define MAX_UNCLOSED 8

struct key_ref {
	size_t obj, off, len;	/* object number, key's bytes in the copy */
};

struct scan {
	const char *s;
	size_t len, at;
	struct buf copy;
	struct key_ref *keys;
	size_t nkeys, keys_cap;
	struct hashmap seen;	/* key_ref index + 1, by (object, bytes) */
	size_t objects;
	size_t dups;
};

static uint64_t
key_hash(size_t obj, const char *p, size_t len)
{
	return hash_bytes(p, len, (uint64_t)obj);
}

static uint64_t
stored_key_hash(uintptr_t v, const void *ctx)
{
	const struct scan *sc = ctx;
	const struct key_ref *k = &sc->keys[v - 1];

	return key_hash(k->obj, sc->copy.p + k->off, k->len);
}

/* Whether the key just copied (its bytes at off in the copy) was seen in
 * the same object; remembers it if not. */
static bool
key_repeated(struct scan *sc, size_t obj, size_t off, size_t len)
{
	const char *p = sc->copy.p + off;
	size_t at = hashmap_home(&sc->seen, key_hash(obj, p, len));

	for (; sc->seen.slot[at] != 0; at = hashmap_next(&sc->seen, at)) {
		const struct key_ref *k = &sc->keys[sc->seen.slot[at] - 1];

		if (k->obj == obj && k->len == len &&
		    memcmp(sc->copy.p + k->off, p, len) == 0)
			return true;
	}
	xgrow((void **)&sc->keys, &sc->keys_cap, sc->nkeys + 1,
	    sizeof *sc->keys);
	sc->keys[sc->nkeys] = (struct key_ref){obj, off, len};
	hashmap_put(&sc->seen, at, ++sc->nkeys);
	return false;
}

/* Copies the string at sc->at (its opening quote); false if unclosed. */
static bool
copy_string(struct scan *sc, bool is_key, size_t obj)
{
	size_t start = sc->at++, off = sc->copy.n;

	while (sc->at < sc->len && sc->s[sc->at] != '"' &&
	    sc->s[sc->at] != '\n')
		sc->at += sc->s[sc->at] == '\\' ? 2 : 1;
	if (sc->at >= sc->len || sc->s[sc->at] != '"')
		return false;
	sc->at++;
	buf_add(&sc->copy, sc->s + start, sc->at - start);
	if (is_key && key_repeated(sc, obj, off, sc->at - start)) {
		sc->copy.n = off;
		buf_add(&sc->copy, "\"\\u0001", 7);
		buf_add(&sc->copy, sc->s + start + 1, sc->at - start - 1);
		sc->dups++;
	}
	return true;
}

/* Copies one document from sc->at (its '{') to its closing brace.
 * Returns 0 when done, else what is wrong. */
static const char *
scan_document(struct scan *sc)
{
	char open[FIO_JSON_MAX_DEPTH];
	size_t obj[FIO_JSON_MAX_DEPTH];
	int depth = 0;
	bool want_key = false;

	while (sc->at < sc->len) {
		char c = sc->s[sc->at];

		if (c == '"') {
			bool key = want_key && depth > 0 &&
			    open[depth - 1] == '{';

			if (!copy_string(sc, key, depth ? obj[depth - 1] : 0))
				return "a string is not closed";
			want_key = false;
			continue;
		}
		buf_putc(&sc->copy, c);
		sc->at++;
		if (c == '{' || c == '[') {
			if (depth == FIO_JSON_MAX_DEPTH)
				return "nested too deep";
			open[depth] = c;
			obj[depth++] = ++sc->objects;
			want_key = c == '{';
		} else if (c == '}' || c == ']') {
			if (depth == 0 || open[depth - 1] != (c == '}' ?
			    '{' : '['))
				return "a bracket does not match";
			if (--depth == 0)
				return NULL;
		} else if (c == ',') {
			want_key = depth > 0 && open[depth - 1] == '{';
		}
	}
	return "the document is not closed";
}

bool
fio_opens_document(const char *s, size_t len, size_t at)
{
	static const char *const first[] = {
		"\"fio version\"", "\"global options\"", "\"jobs\"",
	};

	for (at++; at < len && strchr(" \t\r\n", s[at]) && s[at]; at++)
		;
	for (size_t i = 0; i < sizeof first / sizeof *first; i++) {
		size_t n = strlen(first[i]);

		if (len - at >= n && memcmp(s + at, first[i], n) == 0)
			return true;
	}
	return false;
}

static double
num(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	if (json_is_number(v))
		return json_number_value(v);
	if (json_is_string(v)) {	/* some builds quote numbers */
		double x;
		const char *s = json_string_value(v);
		size_t n = fio_number(s, strlen(s), &x);

		if (n > 0 && s[n] == '\0')
			return x;
	}
	return NAN;
}

/* A latency object; scale to microseconds. All zero means fio did not
 * measure it (gtod_reduce): unknown, not 0. */
static void
latency(const json_t *o, double scale, struct fio_latency *l)
{
	double max = num(o, "max");

	if (!json_is_object(o) || !(max > 0))
		return;
	l->min = num(o, "min") * scale;
	l->max = max * scale;
	l->mean = num(o, "mean") * scale;
	l->stdev = num(o, "stddev") * scale;
}

/* A "percentile" object into pct[FIO_PCTS]; scale to microseconds. */
static void
percentiles(const json_t *o, double scale, double *pct)
{
	const char *key;
	const json_t *v;

	json_object_foreach((json_t *)o, key, v) {
		double p;
		size_t n = fio_number(key, strlen(key), &p);
		enum fio_pct at = n > 0 && key[n] == '\0' ? fio_pct_of(p) :
		    FIO_PCTS;

		if (at < FIO_PCTS && json_is_number(v) &&
		    json_number_value(v) > 0)
			pct[at] = json_number_value(v) * scale;
	}
}

static void
read_side(const json_t *o, struct fio_side *s)
{
	bool ns = json_object_get(o, "clat_ns") != NULL;
	double scale = ns ? 0.001 : 1;
	const json_t *clat = json_object_get(o, ns ? "clat_ns" : "clat");
	double kib = num(o, "io_kbytes"), bytes = num(o, "io_bytes");

	/* fio 2.x: io_bytes in KiB and no io_kbytes */
	s->io_bytes = isnan(kib) ? bytes * 1024 : bytes;
	if (!(s->io_bytes > 0) && !(num(o, "total_ios") > 0))
		return;
	s->present = true;
	s->bw_kib = num(o, "bw");
	s->iops = num(o, "iops");
	s->runtime_ms = num(o, "runtime");
	latency(json_object_get(o, ns ? "slat_ns" : "slat"), scale, &s->slat);
	latency(clat, scale, &s->clat);
	latency(json_object_get(o, ns ? "lat_ns" : "lat"), scale, &s->lat);
	percentiles(json_object_get(clat, "percentile"), scale, s->clat_pct);
}

/* A job's "sync" (fio 3.4 on: its fsync or fdatasync calls, in
 * nanoseconds), into the write side it made durable; all zero when it
 * made none. */
static void
read_sync(const json_t *o, struct fio_side *w)
{
	const json_t *lat = json_object_get(o, "lat_ns");

	if (!w->present)
		return;
	latency(lat, 0.001, &w->sync);
	if (!isnan(w->sync.mean))
		percentiles(json_object_get(lat, "percentile"), 0.001,
		    w->sync_pct);
}

static void
read_options(const json_t *o, struct fio_job *j, struct fio_result *r)
{
	const char *key;
	const json_t *v;

	json_object_foreach((json_t *)o, key, v) {
		if (key[0] == '\001' || !json_is_string(v))
			continue;
		if (j != NULL)
			fio_set_param(j, fio_param_of(key, strlen(key)),
			    json_string_value(v), json_string_length(v));
		else
			fio_add_global(r, key, json_string_value(v));
	}
}

static void
read_job(const json_t *o, struct fio_result *r, long line)
{
	const json_t *name = json_object_get(o, "jobname");
	const char *s = json_is_string(name) ? json_string_value(name) : "";
	struct fio_job *j = fio_new_job(r, s, strlen(s), line);
	double group = num(o, "groupid"), error = num(o, "error");

	if (group >= 0 && group < 1e6)
		j->group = (int)group;
	fio_set_error(j, error);
	read_options(json_object_get(o, "job options"), j, r);
	for (int d = 0; d < FIO_DIRS; d++)
		read_side(json_object_get(o, fio_dir_names[d]), &j->side[d]);
	read_sync(json_object_get(o, "sync"), &j->side[FIO_WRITE]);
}

/* The busiest device of "disk_util": the highest "util", or
 * "aggr_util" of an md device's members (md's own util is 0 on most
 * kernels); NaN when none is given. */
static double
busiest_disk(const json_t *disks)
{
	const json_t *d;
	size_t i;
	double best = NAN;

	json_array_foreach(disks, i, d) {
		double u = num(d, "util"), a = num(d, "aggr_util");

		if (!(u <= best) && !isnan(u))
			best = u;
		if (!(a <= best) && !isnan(a))
			best = a;
	}
	return best;
}

/* The devices of "disk_util", by their "name". */
static void
disk_names(const json_t *disks, struct fio_result *r)
{
	const json_t *d, *name;
	size_t i;

	json_array_foreach(disks, i, d)
		if (json_is_string(name = json_object_get(d, "name")))
			fio_add_disk(r, json_string_value(name),
			    json_string_length(name));
}

static void
read_document(const json_t *doc, struct fio_result *r, long line)
{
	const json_t *v = json_object_get(doc, "fio version");
	const json_t *jobs = json_object_get(doc, "jobs");
	size_t i;
	double util = busiest_disk(json_object_get(doc, "disk_util"));

	if (json_is_string(v))
		r->version = xstrdup(json_string_value(v));
	read_options(json_object_get(doc, "global options"), NULL, r);
	json_array_foreach(jobs, i, v)
		if (json_is_object(v))
			read_job(v, r, line);
	fio_params_from_global(r);
	disk_names(json_object_get(doc, "disk_util"), r);
	if (r->disks == NULL)
		r->disks = xstrdup("");
	for (i = 0; i < r->njobs; i++)
		r->jobs[i].disk_util = util;
}

static long
count_lines(const char *s, size_t from, size_t to)
{
	long n = 0;

	for (size_t i = from; i < to; i++)
		n += s[i] == '\n';
	return n;
}

/* Parses the document at sc->at (its '{', on line) into out. Returns
 * false when its end was not found. */
static bool
parse_one(struct scan *sc, const char *file, long line,
    struct fio_results *out, struct diags *d)
{
	size_t start = sc->at;
	const char *bad = scan_document(sc);
	json_error_t err;
	json_t *doc;

	if (bad != NULL) {
		diags_add(d, MSG_ERROR, file, line, "fio JSON output not read: "
		    "%s", bad);
		return false;
	}
	doc = json_loadb(sc->copy.p, sc->copy.n, JSON_ALLOW_NUL, &err);
	if (doc == NULL) {
		diags_add(d, MSG_ERROR, file, line + (err.line > 0 ?
		    err.line - 1 : 0), "fio JSON output not read: %s",
		    err.text);
		return true;
	}
	if (sc->dups > 0)
		diags_add(d, MSG_NOTE, file, line, "fio JSON output repeats "
		    "%zu keys; the first of each is read, as fio's own tools "
		    "do", sc->dups);
	read_document(doc, fio_new_result(out, file, line, FIO_JSON), line);
	out->v[out->n - 1].line_end = line + count_lines(sc->s, start,
	    sc->at);
	if (out->v[out->n - 1].njobs == 0)
		diags_add(d, MSG_WARNING, file, line, "fio JSON output without "
		    "any job");
	fio_drop_if_empty(out);
	json_decref(doc);
	return true;
}

static void
scan_reset(struct scan *sc)
{
	sc->copy.n = 0;
	sc->nkeys = sc->objects = sc->dups = 0;
	hashmap_clear(&sc->seen);
}

bool fio_json_jansson_only;

/* Whether buf[from..to) is all JSON's white space. */
static bool
blank(const char *buf, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (buf[i] != ' ' && buf[i] != '\n' && buf[i] != '\t' &&
		    buf[i] != '\r')
			return false;
	return true;
}

size_t
fio_read_json(const char *file, const char *buf, size_t len,
    struct fio_results *out, struct diags *d, bool *only_json)
{
	struct scan sc = {buf, len, 0, {0}, NULL, 0, 0, {0}, 0, 0};
	struct fio_walk *w = fio_walk_new();
	size_t found = out->n, at = 0, counted = 0, kept_end = 0;
	long line = 1;
	int unclosed = 0;
	bool only = true;

	hashmap_init(&sc.seen, 64, stored_key_hash, &sc);
	while (at < len && unclosed < MAX_UNCLOSED) {
		const char *brace = memchr(buf + at, '{', len - at);
		size_t start, before = out->n;

		if (brace == NULL)
			break;
		at = (size_t)(brace - buf);
		if (!fio_opens_document(buf, len, at)) {
			at++;
			continue;
		}
		line += count_lines(buf, counted, at);
		counted = start = at;
		/* most documents are read where they stand; jansson reads
		 * those the walk gives up, and says what is wrong */
		if (!fio_json_jansson_only &&
		    fio_walk_document(w, file, buf, len, &at, &line, out, d)) {
			counted = at;
		} else {
			scan_reset(&sc);
			sc.at = at;
			if (!parse_one(&sc, file, line, out, d)) {
				/* a document cut short may hold a whole one
				 * further on */
				unclosed += sc.at >= len;
				at++;
				continue;
			}
			at = sc.at;
		}
		if (out->n > before) {
			only = only && blank(buf, kept_end, start);
			kept_end = at;
		}
	}
	hashmap_free(&sc.seen);
	free(sc.keys);
	buf_free(&sc.copy);
	fio_walk_free(w);
	*only_json = !fio_json_jansson_only && out->n > found && only &&
	    blank(buf, kept_end, len);
	return out->n - found;
}
