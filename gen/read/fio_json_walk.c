/* fio's JSON documents read in one pass over the bytes where they stand:
 * no copy, no tree, only the figures the reader keeps; see fio_int.h.
 *
 * What it reads is what fio_json.c reads through jansson, exactly: the
 * first of a repeated key (keys compared as written), num()'s numbers
 * (a number, or a string that is one), the same defaults. It gives up
 * on a document it cannot vouch for in the same way (an escape in a
 * string, a control byte or bad UTF-8, a number beyond long long or
 * double, nesting deeper than fio_json.c allows, anything jansson would
 * refuse), and fio_json.c reads that one with jansson, which says what
 * is wrong. A document read here costs about as much as reading its
 * bytes once. */
#include "read/fio_int.h"
#include "base/hashmap.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The bytes a string's scan stops at: the end quote, an escape, a
 * control byte, the first byte of a UTF-8 sequence. */
static const unsigned char stop[256] = {
	[0x00] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['"'] = 1, ['\\'] = 1,
	[0x80] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* A key seen in an object of the document, for its repeats. */
struct seen_key {
	const char *p;
	uint32_t len, obj;
};

struct fio_walk {
	const char *s;
	size_t len, at;
	long newlines;
	int depth;
	uint32_t objects;	/* opened in this document */
	size_t dups;
	bool failed;		/* given up: jansson reads the document */
	bool hit_end;		/* looked past the last byte */
	struct seen_key *keys;	/* the document's, as they come */
	size_t keys_n, keys_cap;
	struct hashmap seen;	/* index + 1 in keys, by (object, bytes) */
};

/* A value as num() of fio_json.c sees it. */
enum kind { K_OTHER, K_NUMBER, K_STRING };

struct value {
	enum kind kind;
	double number;
	const char *str;
	size_t str_len;
};

static bool
fail(struct fio_walk *w)
{
	w->failed = true;
	return false;
}

/* Gives up at the end of the bytes, which more of the file may cure. */
static bool
fail_at_end(struct fio_walk *w)
{
	w->hit_end = true;
	return fail(w);
}

/* White space, fio's indentation eight spaces at a time. */
static void
skip_space(struct fio_walk *w)
{
	const char *s = w->s;
	size_t at = w->at, len = w->len;

	while (at < len) {
		uint64_t eight;

		while (len - at >= 8 && (memcpy(&eight, s + at, 8),
		    eight == 0x2020202020202020u))
			at += 8;
		while (at < len && s[at] == ' ')
			at++;
		if (at >= len)
			break;
		if (s[at] == '\n')
			w->newlines++;
		else if (s[at] != '\t' && s[at] != '\r')
			break;
		at++;
	}
	w->at = at;
}

/* The byte at w->at, or 0 at the end. */
static char
cur(struct fio_walk *w)
{
	if (w->at < w->len)
		return w->s[w->at];
	w->hit_end = true;
	return '\0';
}

/* The next byte that is not white space, or 0 at the end. */
static char
peek(struct fio_walk *w)
{
	skip_space(w);
	return cur(w);
}

/* The string at w->at (its opening quote): its bytes, which are what
 * it says, since it has no escape. */
static bool
string(struct fio_walk *w, const char **p, size_t *n)
{
	const unsigned char *s = (const unsigned char *)w->s;
	size_t at = w->at + 1, start = at;

	for (;;) {
		while (at < w->len && !stop[s[at]])
			at++;
		if (at >= w->len)
			return fail_at_end(w);
		if (s[at] < 0x20 || s[at] == '\\')
			return fail(w);
		if (s[at] == '"')
			break;
		/* base's decoder refuses what jansson refuses: overlong
		 * forms, surrogates, code points past U+10FFFF */
		size_t u = utf8_decode(w->s + at, w->len - at, NULL);

		if (u == 0)
			return w->len - at < 4 ? fail_at_end(w) : fail(w);
		at += u;
	}
	*p = w->s + start;
	*n = at - start;
	w->at = at + 1;
	return true;
}

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A decimal s[0..n) (JSON's syntax, checked) whose digits make an
 * integer below 2^53 and whose exponent is at most 22 either way: one
 * product or quotient of two exact doubles, rounded once, which is what
 * strtod gives (Clinger's fast path). false for any other. */
static bool
exact_real(const char *s, size_t n, double *out)
{
	static const double tens[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21,
		1e22,
	};
	uint64_t m = 0;
	size_t i = s[0] == '-', digits = 0;
	long exp10 = 0, e = 0;
	bool neg_e = false;
	double x;

	for (; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
		if (s[i] == '.') {
			for (size_t k = i + 1; k < n && is_digit(s[k]); k++)
				exp10--;
			continue;
		}
		if (++digits > 15)	/* below 2^53 for certain */
			return false;
		m = m * 10 + (uint64_t)(s[i] - '0');
	}
	if (i < n) {
		i++;
		if (s[i] == '+' || s[i] == '-')
			neg_e = s[i++] == '-';
		for (; i < n; i++) {
			e = e * 10 + (s[i] - '0');
			if (e > 400)
				return false;
		}
		exp10 += neg_e ? -e : e;
	}
	/* rounded once only where doubles are computed as doubles */
	if (exp10 < -22 || exp10 > 22 || FLT_EVAL_METHOD != 0)
		return false;
	x = (double)m;
	x = exp10 < 0 ? x / tens[-exp10] : x * tens[exp10];
	*out = s[0] == '-' ? -x : x;
	return true;
}

/* The number at w->at, as jansson reads it: an integer (no fraction
 * or exponent) through strtoll, anything else through strtod; one
 * beyond them is given up (jansson refuses it). With want NULL it is
 * only checked. */
static bool
number(struct fio_walk *w, double *want)
{
	const char *s = w->s;
	size_t at = w->at, start = at, int_digits;
	bool integer = true;
	char tmp[64];
	char *end;

	if (at < w->len && s[at] == '-')
		at++;
	if (at >= w->len)
		return fail_at_end(w);
	if (!is_digit(s[at]))
		return fail(w);
	if (s[at] == '0') {
		at++;
		if (at < w->len && is_digit(s[at]))
			return fail(w);
	} else {
		while (at < w->len && is_digit(s[at]))
			at++;
	}
	int_digits = at - start;
	if (at < w->len && s[at] == '.') {
		integer = false;
		if (++at >= w->len)
			return fail_at_end(w);
		if (!is_digit(s[at]))
			return fail(w);
		while (at < w->len && is_digit(s[at]))
			at++;
	}
	if (at < w->len && (s[at] == 'e' || s[at] == 'E')) {
		integer = false;
		at++;
		if (at < w->len && (s[at] == '+' || s[at] == '-'))
			at++;
		if (at >= w->len)
			return fail_at_end(w);
		if (!is_digit(s[at]))
			return fail(w);
		while (at < w->len && is_digit(s[at]))
			at++;
		int_digits = sizeof tmp;	/* may overflow: ask strtod */
	}
	/* a number at the very end is no document's */
	if (at >= w->len)
		return fail_at_end(w);
	w->at = at;
	if (want == NULL && int_digits < 19)
		return true;		/* no overflow possible */
	if (integer && int_digits < 19) {
		long long v = 0;

		for (size_t i = start + (s[start] == '-'); i < at; i++)
			v = v * 10 + (s[i] - '0');
		*want = (double)(s[start] == '-' ? -v : v);
		return true;
	}
	if (!integer && want != NULL && exact_real(s + start, at - start,
	    want))
		return true;
	if (at - start >= sizeof tmp)
		return fail(w);
	memcpy(tmp, s + start, at - start);
	tmp[at - start] = '\0';
	errno = 0;
	if (integer) {
		long long v = strtoll(tmp, &end, 10);

		if (errno == ERANGE)
			return fail(w);
		if (want)
			*want = (double)v;
	} else {
		double v = strtod(tmp, &end);

		if (errno == ERANGE)
			return fail(w);
		if (want)
			*want = v;
	}
	return true;
}

static bool
literal(struct fio_walk *w, const char *word)
{
	size_t n = strlen(word);

	if (w->len - w->at < n + 1)
		return fail_at_end(w);
	if (memcmp(w->s + w->at, word, n) != 0)
		return fail(w);
	w->at += n;
	return true;
}

/* ---- objects and arrays, keys and their repeats ---- */

static uint64_t
key_hash(const char *p, size_t n, uint32_t obj)
{
	return hash_bytes(p, n, obj);
}

static uint64_t
stored_key_hash(uintptr_t v, const void *ctx)
{
	const struct fio_walk *w = ctx;
	const struct seen_key *k = &w->keys[v - 1];

	return key_hash(k->p, k->len, k->obj);
}

/* Whether object obj had the key p[0..n) already; remembers it if not. */
static bool
key_repeated(struct fio_walk *w, uint32_t obj, const char *p, size_t n)
{
	size_t at;

	if (n > UINT32_MAX)
		return fail(w);
	at = hashmap_home(&w->seen, key_hash(p, n, obj));
	for (; w->seen.slot[at] != 0; at = hashmap_next(&w->seen, at)) {
		const struct seen_key *k = &w->keys[w->seen.slot[at] - 1];

		if (k->obj == obj && k->len == n && memcmp(k->p, p, n) == 0)
			return true;
	}
	xgrow((void **)&w->keys, &w->keys_cap, w->keys_n + 1,
	    sizeof *w->keys);
	w->keys[w->keys_n] = (struct seen_key){p, (uint32_t)n, obj};
	hashmap_put(&w->seen, at, ++w->keys_n);
	return false;
}

struct container {
	uint32_t obj;
	bool first;
};

/* Opens the object or array at w->at (its bracket). */
static bool
open_container(struct fio_walk *w, struct container *c)
{
	/* fio_json.c's scan gives up past this depth */
	if (++w->depth > FIO_JSON_MAX_DEPTH)
		return fail(w);
	w->at++;
	c->obj = ++w->objects;
	c->first = true;
	return true;
}

static bool skip_value(struct fio_walk *);

/* Opens the object at w->at: 1; 0 when the value there is none, which
 * is skipped (a null fio printed for what it did not measure); -1 on
 * failure. */
static int
open_object(struct fio_walk *w, struct container *c)
{
	if (cur(w) != '{')
		return skip_value(w) ? 0 : -1;
	return open_container(w, c) ? 1 : -1;
}

/* The next key of an open object that is not a repeat, w->at then at
 * its value: 1; or 0 at the object's end, or on failure. A repeated
 * key's value is skipped, and counted. */
static int
next_key(struct fio_walk *w, struct container *c, const char **key,
    size_t *key_len)
{
	for (;;) {
		char ch = peek(w);

		if (ch == '}' && c->first) {
			w->at++;
			w->depth--;
			return 0;
		}
		if (!c->first) {
			if (ch == '}') {
				w->at++;
				w->depth--;
				return 0;
			}
			if (ch != ',')
				return fail(w);
			w->at++;
			ch = peek(w);
		}
		c->first = false;
		if (ch != '"' || !string(w, key, key_len) || peek(w) != ':')
			return fail(w);
		w->at++;
		skip_space(w);
		if (!key_repeated(w, c->obj, *key, *key_len))
			return !w->failed;
		w->dups++;
		if (!skip_value(w))
			return 0;
	}
}

/* The next item of an open array, w->at then at it: 1; or 0 at the
 * array's end, or on failure. */
static int
next_item(struct fio_walk *w, struct container *c)
{
	char ch = peek(w);

	if (ch == ']' && c->first) {
		w->at++;
		w->depth--;
		return 0;
	}
	if (!c->first) {
		if (ch == ']') {
			w->at++;
			w->depth--;
			return 0;
		}
		if (ch != ',')
			return fail(w);
		w->at++;
		skip_space(w);
	}
	c->first = false;
	return 1;
}

/* Reads any value at w->at: a number or a string kept, anything else
 * checked and passed over. */
static bool
value(struct fio_walk *w, struct value *v)
{
	struct container c;
	const char *k;
	size_t kn;
	char ch = cur(w);

	v->kind = K_OTHER;
	switch (ch) {
	case '{':
		if (!open_container(w, &c))
			return false;
		while (next_key(w, &c, &k, &kn))
			if (!skip_value(w))
				return false;
		return !w->failed;
	case '[':
		if (!open_container(w, &c))
			return false;
		while (next_item(w, &c))
			if (!skip_value(w))
				return false;
		return !w->failed;
	case '"':
		v->kind = K_STRING;
		return string(w, &v->str, &v->str_len);
	case 't':
		return literal(w, "true");
	case 'f':
		return literal(w, "false");
	case 'n':
		return literal(w, "null");
	default:
		v->kind = K_NUMBER;
		return number(w, &v->number);
	}
}

static bool
skip_value(struct fio_walk *w)
{
	struct value v;
	char ch = cur(w);

	if (ch == '-' || is_digit(ch))
		return number(w, NULL);
	if (ch == '"') {
		const char *p;
		size_t n;

		return string(w, &p, &n);
	}
	return value(w, &v);
}

/* num() of fio_json.c: a number, or a string that is one; else NaN. */
static double
num(const struct value *v)
{
	double x;

	if (v->kind == K_NUMBER)
		return v->number;
	if (v->kind == K_STRING && fio_number(v->str, v->str_len, &x) ==
	    v->str_len && v->str_len > 0)
		return x;
	return NAN;
}

static bool
key_is(const char *key, size_t n, const char *word)
{
	return strlen(word) == n && memcmp(key, word, n) == 0;
}

/* ---- fio's objects ---- */

/* A latency object (slat, clat, lat and their _ns forms) as read. */
struct lat_raw {
	bool object;
	double min, max, mean, stddev;
	double pct[FIO_PCTS];	/* as written; NaN when not given */
};

enum { L_SLAT, L_CLAT, L_LAT, L_SLAT_NS, L_CLAT_NS, L_LAT_NS, L_KINDS };
static const char *const lat_keys[L_KINDS] = {
	"slat", "clat", "lat", "slat_ns", "clat_ns", "lat_ns",
};

struct side_raw {
	double io_kbytes, io_bytes, total_ios, bw, iops, runtime;
	bool has_clat_ns;
	struct lat_raw lat[L_KINDS];
};

/* clat's "percentile": the last of the keys that name a kept one. */
static bool
percentiles(struct fio_walk *w, struct lat_raw *l)
{
	struct container c;
	int opened;
	struct value v;
	const char *k;
	size_t kn;

	if ((opened = open_object(w, &c)) <= 0)
		return opened == 0;
	while (next_key(w, &c, &k, &kn)) {
		double p;
		enum fio_pct at = FIO_PCTS;

		if (!value(w, &v))
			return false;
		if (fio_number(k, kn, &p) == kn && kn > 0)
			at = fio_pct_of(p);
		if (at < FIO_PCTS && v.kind == K_NUMBER && v.number > 0)
			l->pct[at] = v.number;
	}
	return !w->failed;
}

static bool
latency(struct fio_walk *w, struct lat_raw *l)
{
	struct container c;
	int opened;
	struct value v;
	const char *k;
	size_t kn;

	if ((opened = open_object(w, &c)) <= 0)
		return opened == 0;
	l->object = true;
	while (next_key(w, &c, &k, &kn)) {
		double *to = key_is(k, kn, "min") ? &l->min :
		    key_is(k, kn, "max") ? &l->max :
		    key_is(k, kn, "mean") ? &l->mean :
		    key_is(k, kn, "stddev") ? &l->stddev : NULL;

		if (to == NULL && key_is(k, kn, "percentile")) {
			if (!percentiles(w, l))
				return false;
			continue;
		}
		if (!value(w, &v))
			return false;
		if (to != NULL)
			*to = num(&v);
	}
	return !w->failed;
}

static void
lat_raw_init(struct lat_raw *l)
{
	l->object = false;
	l->min = l->max = l->mean = l->stddev = NAN;
	for (int p = 0; p < FIO_PCTS; p++)
		l->pct[p] = NAN;
}

/* fio_json.c's latency(): all unknown unless max is above 0. */
static void
latency_of(const struct lat_raw *l, double scale, struct fio_latency *out)
{
	if (!l->object || !(l->max > 0))
		return;
	out->min = l->min * scale;
	out->max = l->max * scale;
	out->mean = l->mean * scale;
	out->stdev = l->stddev * scale;
}

/* A latency and its percentiles as read into out and pct[FIO_PCTS]. */
static void
latency_pct_of(const struct lat_raw *l, double scale,
    struct fio_latency *out, double *pct)
{
	latency_of(l, scale, out);
	if (isnan(out->mean))
		return;
	for (int p = 0; p < FIO_PCTS; p++)
		if (!isnan(l->pct[p]))
			pct[p] = l->pct[p] * scale;
}

static void
side_of(const struct side_raw *r, struct fio_side *s)
{
	bool ns = r->has_clat_ns;
	double scale = ns ? 0.001 : 1;
	const struct lat_raw *clat = &r->lat[ns ? L_CLAT_NS : L_CLAT];

	/* fio 2.x: io_bytes in KiB and no io_kbytes */
	s->io_bytes = isnan(r->io_kbytes) ? r->io_bytes * 1024 : r->io_bytes;
	if (!(s->io_bytes > 0) && !(r->total_ios > 0))
		return;
	s->present = true;
	s->bw_kib = r->bw;
	s->iops = r->iops;
	s->runtime_ms = r->runtime;
	latency_of(&r->lat[ns ? L_SLAT_NS : L_SLAT], scale, &s->slat);
	latency_of(clat, scale, &s->clat);
	latency_of(&r->lat[ns ? L_LAT_NS : L_LAT], scale, &s->lat);
	if (!clat->object)
		return;
	for (int p = 0; p < FIO_PCTS; p++)
		if (!isnan(clat->pct[p]))
			s->clat_pct[p] = clat->pct[p] * scale;
}

static bool
side(struct fio_walk *w, struct fio_side *s)
{
	struct side_raw r;
	struct container c;
	int opened;
	struct value v;
	const char *k;
	size_t kn;

	r.io_kbytes = r.io_bytes = r.total_ios = r.bw = r.iops = r.runtime =
	    NAN;
	r.has_clat_ns = false;
	for (int i = 0; i < L_KINDS; i++)
		lat_raw_init(&r.lat[i]);
	if ((opened = open_object(w, &c)) <= 0)
		return opened == 0;
	while (next_key(w, &c, &k, &kn)) {
		double *to = key_is(k, kn, "io_kbytes") ? &r.io_kbytes :
		    key_is(k, kn, "io_bytes") ? &r.io_bytes :
		    key_is(k, kn, "total_ios") ? &r.total_ios :
		    key_is(k, kn, "bw") ? &r.bw :
		    key_is(k, kn, "iops") ? &r.iops :
		    key_is(k, kn, "runtime") ? &r.runtime : NULL;
		int lat = L_KINDS;

		if (to == NULL)
			for (lat = 0; lat < L_KINDS; lat++)
				if (key_is(k, kn, lat_keys[lat]))
					break;
		if (lat == L_CLAT_NS)
			r.has_clat_ns = true;
		if (lat < L_KINDS) {
			if (!latency(w, &r.lat[lat]))
				return false;
			continue;
		}
		if (!value(w, &v))
			return false;
		if (to != NULL)
			*to = num(&v);
	}
	if (w->failed)
		return false;
	side_of(&r, s);
	return true;
}

/* "job options" (of job j), or "global options" (j NULL): the options
 * whose value is a string. */
static bool
options(struct fio_walk *w, struct fio_result *r, size_t j)
{
	struct container c;
	int opened;
	struct value v;
	const char *k;
	size_t kn;

	if ((opened = open_object(w, &c)) <= 0)
		return opened == 0;
	while (next_key(w, &c, &k, &kn)) {
		if (!value(w, &v))
			return false;
		if (v.kind != K_STRING)
			continue;
		if (j < r->njobs)
			fio_set_param(&r->jobs[j], fio_param_of(k, kn), v.str,
			    v.str_len);
		else
			fio_add_global_n(r, k, kn, v.str, v.str_len);
	}
	return !w->failed;
}

/* A job's "sync" (fio 3.4 on): its "lat_ns", in nanoseconds. */
static bool
sync_latency(struct fio_walk *w, struct lat_raw *l)
{
	struct container c;
	int opened;
	const char *k;
	size_t kn;

	if ((opened = open_object(w, &c)) <= 0)
		return opened == 0;
	while (next_key(w, &c, &k, &kn))
		if (!(key_is(k, kn, "lat_ns") ? latency(w, l) : skip_value(w)))
			return false;
	return !w->failed;
}

static bool
job(struct fio_walk *w, struct fio_result *r, long line)
{
	struct container c;
	struct value v;
	struct lat_raw sync;
	const char *k;
	size_t kn, j = r->njobs;
	double group = NAN, error = NAN;
	struct fio_side *wr;

	if (!open_container(w, &c))
		return false;
	fio_new_job(r, "", 0, line);
	lat_raw_init(&sync);
	while (next_key(w, &c, &k, &kn)) {
		int d = FIO_DIRS;

		if (key_is(k, kn, "job options")) {
			if (!options(w, r, j))
				return false;
			continue;
		}
		if (key_is(k, kn, "sync")) {
			if (!sync_latency(w, &sync))
				return false;
			continue;
		}
		for (d = 0; d < FIO_DIRS; d++)
			if (key_is(k, kn, fio_dir_names[d]))
				break;
		if (d < FIO_DIRS) {
			if (!side(w, &r->jobs[j].side[d]))
				return false;
			continue;
		}
		if (!value(w, &v))
			return false;
		if (key_is(k, kn, "jobname") && v.kind == K_STRING) {
			free(r->jobs[j].name);
			r->jobs[j].name = xstrndup(v.str, v.str_len);
		} else if (key_is(k, kn, "groupid")) {
			group = num(&v);
		} else if (key_is(k, kn, "error")) {
			error = num(&v);
		}
	}
	if (group >= 0 && group < 1e6)
		r->jobs[j].group = (int)group;
	fio_set_error(&r->jobs[j], error);
	/* fio_json.c's read_sync(), wherever "sync" stood */
	wr = &r->jobs[j].side[FIO_WRITE];
	if (wr->present)
		latency_pct_of(&sync, 0.001, &wr->sync, wr->sync_pct);
	return !w->failed;
}

static bool
jobs(struct fio_walk *w, struct fio_result *r, long line)
{
	struct container c;

	if (cur(w) != '[')
		return skip_value(w);
	if (!open_container(w, &c))
		return false;
	while (next_item(w, &c))
		if (!(cur(w) == '{' ? job(w, r, line) : skip_value(w)))
			return false;
	return !w->failed;
}

/* "disk_util": the busiest device's "util" or "aggr_util", as
 * busiest_disk of fio_json.c reads it, and each device's "name". */
static bool
disk_util(struct fio_walk *w, double *util, struct fio_result *r)
{
	struct container c, disk;
	struct value v;
	const char *k;
	size_t kn;

	if (cur(w) != '[')
		return skip_value(w);
	if (!open_container(w, &c))
		return false;
	while (next_item(w, &c)) {
		if (cur(w) != '{') {
			if (!skip_value(w))
				return false;
			continue;
		}
		if (!open_container(w, &disk))
			return false;
		while (next_key(w, &disk, &k, &kn)) {
			double x;

			if (!value(w, &v))
				return false;
			if ((key_is(k, kn, "util") ||
			    key_is(k, kn, "aggr_util")) &&
			    !isnan(x = num(&v)) && !(x <= *util))
				*util = x;
			else if (key_is(k, kn, "name") && v.kind == K_STRING)
				fio_add_disk(r, v.str, v.str_len);
		}
		if (w->failed)
			return false;
	}
	return !w->failed;
}

static bool
document(struct fio_walk *w, struct fio_result *r, long line)
{
	struct container c;
	struct value v;
	const char *k;
	size_t kn;
	double util = NAN;

	if (!open_container(w, &c))
		return false;
	while (next_key(w, &c, &k, &kn)) {
		bool ok;

		if (key_is(k, kn, "global options"))
			ok = options(w, r, (size_t)-1);
		else if (key_is(k, kn, "jobs"))
			ok = jobs(w, r, line);
		else if (key_is(k, kn, "disk_util"))
			ok = disk_util(w, &util, r);
		else if ((ok = value(w, &v)) && key_is(k, kn, "fio version") &&
		    v.kind == K_STRING)
			r->version = xstrndup(v.str, v.str_len);
		if (!ok)
			return false;
	}
	if (w->failed)
		return false;
	fio_params_from_global(r);
	if (r->disks == NULL)	/* as read_document of fio_json.c */
		r->disks = xstrdup("");
	for (size_t i = 0; i < r->njobs; i++)
		r->jobs[i].disk_util = util;
	return true;
}

struct fio_walk *
fio_walk_new(void)
{
	struct fio_walk *w = xcalloc(1, sizeof *w);

	/* room for a document of fio's JSON without growing */
	hashmap_init(&w->seen, 1024, stored_key_hash, w);
	return w;
}

void
fio_walk_free(struct fio_walk *w)
{
	if (w == NULL)
		return;
	hashmap_free(&w->seen);
	free(w->keys);
	free(w);
}

bool
fio_walk_document(struct fio_walk *w, const char *file, const char *buf,
    size_t len, size_t *at, long *line, struct fio_results *out,
    struct diags *d)
{
	struct fio_result *r;

	w->s = buf;
	w->len = len;
	w->at = *at;
	w->newlines = 0;
	w->depth = 0;
	w->objects = 0;
	w->dups = 0;
	w->failed = false;
	w->hit_end = false;
	w->keys_n = 0;
	hashmap_clear(&w->seen);
	r = fio_new_result(out, file, *line, FIO_JSON);
	if (!document(w, r, *line)) {
		fio_drop_last(out);
		return false;
	}
	if (w->dups > 0)
		diags_add(d, MSG_NOTE, file, *line, "fio JSON output repeats "
		    "%zu keys; the first of each is read, as fio's own tools "
		    "do", w->dups);
	r->line_end = *line + w->newlines;
	fio_result_trim(r);
	if (r->njobs == 0)
		diags_add(d, MSG_WARNING, file, *line, "fio JSON output without "
		    "any job");
	fio_drop_if_empty(out);
	*at = w->at;
	*line += w->newlines;
	return true;
}

bool
fio_walk_cut_short(const struct fio_walk *w)
{
	return w->hit_end;
}
