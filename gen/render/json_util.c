/* jansson helpers; see json_util.h. */
#include "render/json_util.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *
json_string_or_null(const char *s)
{
	char *clean;
	json_t *j;

	if (s == NULL)
		return json_null();
	clean = xstrdup_utf8(s);
	j = json_string(clean);
	free(clean);
	return j;
}

/* Whether a figure is written as an integer: whole, and small enough
 * that a double holds it and every integer near it exactly. */
static bool
whole(double x)
{
	return x == floor(x) && fabs(x) < 9e15;
}

json_t *
json_number(double x)
{
	if (whole(x))
		return json_integer((json_int_t)x);
	return json_real(x);
}

int
json_print(FILE *out, json_t *doc)
{
	int rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_REAL_PRECISION(12));

	json_decref(doc);
	if (rc != 0 || fputc('\n', out) == EOF)
		return -1;
	return 0;
}

/* Writes v as json_print would at this depth (indented by pad spaces
 * after each line break) and frees it. */
static void
stream_dump(struct json_stream *js, json_t *v, int pad)
{
	char *text = json_dumps(v, JSON_INDENT(2) | JSON_REAL_PRECISION(12) |
	    JSON_ENCODE_ANY);

	json_decref(v);
	if (text == NULL) {
		js->failed = 1;
		return;
	}
	for (const char *p = text; *p; p++)
		if (putc(*p, js->out) == EOF ||
		    (*p == '\n' && fprintf(js->out, "%*s", pad, "") < 0))
			js->failed = 1;
	free(text);
}

static void
stream_close_array(struct json_stream *js)
{
	if (js->items > 0 && fputs("\n  ]", js->out) == EOF)
		js->failed = 1;
	else if (js->items == 0 && fputc(']', js->out) == EOF)
		js->failed = 1;
	js->items = -1;
}

static void
stream_key(struct json_stream *js, const char *key)
{
	if (js->members == 0)
		js->items = -1;
	else
		stream_close_array(js);
	if (fprintf(js->out, "%s\n  \"%s\": ", js->members ? "," : "{",
	    key) < 0)
		js->failed = 1;
	js->members++;
}

void
json_stream_value(struct json_stream *js, const char *key, json_t *v)
{
	stream_key(js, key);
	stream_dump(js, v, 2);
}

void
json_stream_array(struct json_stream *js, const char *key)
{
	stream_key(js, key);
	if (fputc('[', js->out) == EOF)
		js->failed = 1;
	js->items = 0;
}

void
json_stream_item(struct json_stream *js, json_t *v)
{
	if (fputs(js->items > 0 ? ",\n    " : "\n    ", js->out) == EOF)
		js->failed = 1;
	js->items++;
	stream_dump(js, v, 4);
}

int
json_stream_end(struct json_stream *js)
{
	if (js->members > 0)
		stream_close_array(js);
	if (fputs(js->members ? "\n}\n" : "{}\n", js->out) == EOF)
		js->failed = 1;
	return js->failed ? -1 : 0;
}

/* ---- writing without a tree (json_writer) ---- */

void
json_stream_item_begin(struct json_stream *js, struct json_writer *jw)
{
	if (fputs(js->items > 0 ? ",\n    " : "\n    ", js->out) == EOF)
		js->failed = 1;
	js->items++;
	memset(jw, 0, sizeof *jw);
	jw->out = js->out;
	jw->pad = 4;
}

void
json_stream_member_begin(struct json_stream *js, const char *key,
    struct json_writer *jw)
{
	stream_key(js, key);
	memset(jw, 0, sizeof *jw);
	jw->out = js->out;
	jw->pad = 2;
}

void
json_stream_item_end(struct json_stream *js, struct json_writer *jw)
{
	if (jw->failed || jw->depth != 0)
		js->failed = 1;
}

static void
jw_put(struct json_writer *jw, const char *s, size_t n)
{
	if (n > 0 && fwrite(s, 1, n, jw->out) != n)
		jw->failed = 1;
}

/* A line break and the indentation of depth (jansson's JSON_INDENT(2)
 * under the stream's pad). */
static void
jw_indent(struct json_writer *jw, int depth)
{
	static const char spaces[] = "\n                                "
	    "                                ";
	size_t n = 1 + (size_t)jw->pad + 2 * (size_t)depth;

	if (n > sizeof spaces - 1) {
		jw->failed = 1;
		return;
	}
	jw_put(jw, spaces, n);
}

/* jansson's dump_string of valid UTF-8. */
static void
jw_quoted(struct json_writer *jw, const char *s, size_t n)
{
	size_t from = 0;

	jw_put(jw, "\"", 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[8];
		const char *e = NULL;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		switch (c) {
		case '"': e = "\\\""; break;
		case '\\': e = "\\\\"; break;
		case '\b': e = "\\b"; break;
		case '\f': e = "\\f"; break;
		case '\n': e = "\\n"; break;
		case '\r': e = "\\r"; break;
		case '\t': e = "\\t"; break;
		default:
			snprintf(esc, sizeof esc, "\\u%04X", c);
			e = esc;
		}
		jw_put(jw, s + from, i - from);
		jw_put(jw, e, strlen(e));
		from = i + 1;
	}
	jw_put(jw, s + from, n - from);
	jw_put(jw, "\"", 1);
}

void
jw_key(struct json_writer *jw, const char *key)
{
	if (jw->depth > 0) {
		if (jw->members[jw->depth - 1])
			jw_put(jw, ",", 1);
		jw->members[jw->depth - 1] = true;
		jw_indent(jw, jw->depth);
	}
	if (key != NULL) {
		jw_quoted(jw, key, strlen(key));
		jw_put(jw, ": ", 2);
	}
}

void
jw_open(struct json_writer *jw, char bracket)
{
	if (jw->depth == JSON_WRITER_DEPTH) {
		jw->failed = 1;
		return;
	}
	jw_put(jw, &bracket, 1);
	jw->members[jw->depth++] = false;
}

void
jw_close(struct json_writer *jw, char bracket)
{
	if (jw->depth == 0) {
		jw->failed = 1;
		return;
	}
	if (jw->members[--jw->depth])
		jw_indent(jw, jw->depth);
	jw_put(jw, &bracket, 1);
}

void
jw_json(struct json_writer *jw, json_t *v)
{
	char *text = json_dumps(v, JSON_INDENT(2) | JSON_REAL_PRECISION(12) |
	    JSON_ENCODE_ANY);
	size_t from = 0;

	json_decref(v);
	if (text == NULL) {
		jw->failed = 1;
		return;
	}
	/* each line after the first indented as the writer's own */
	for (size_t i = 0; text[i]; i++)
		if (text[i] == '\n') {
			jw_put(jw, text + from, i - from);
			jw_indent(jw, jw->depth);
			from = i + 1;
		}
	jw_put(jw, text + from, strlen(text + from));
	free(text);
}

void
jw_null(struct json_writer *jw)
{
	jw_put(jw, "null", 4);
}

void
jw_boolean(struct json_writer *jw, bool v)
{
	if (v)
		jw_put(jw, "true", 4);
	else
		jw_put(jw, "false", 5);
}

void
jw_integer(struct json_writer *jw, long long v)
{
	char buf[32];
	int n = snprintf(buf, sizeof buf, "%lld", v);

	jw_put(jw, buf, (size_t)n);
}

void
jw_string(struct json_writer *jw, const char *s)
{
	char *copy;
	const char *text;

	if (s == NULL) {
		jw_null(jw);
		return;
	}
	text = utf8_or_copy(s, &copy);
	jw_quoted(jw, text, strlen(text));
	free(copy);
}

/* A real as jansson 2.14 writes it with JSON_REAL_PRECISION(12): "%.12g",
 * ".0" added to one without a point or exponent, the exponent without
 * its '+' and leading zeros. Returns the length. */
static size_t
real_text(double x, char *buf, size_t size)
{
	char *e, *from;
	int n = snprintf(buf, size, "%.12g", x);

	if (n < 0 || (size_t)n + 3 > size)
		return 0;
	if (strchr(buf, '.') == NULL && strchr(buf, 'e') == NULL) {
		memcpy(buf + n, ".0", 3);
		n += 2;
	}
	if ((e = strchr(buf, 'e')) != NULL) {
		e++;
		from = e + 1;
		if (*e == '-')
			e++;
		while (*from == '0')
			from++;
		if (from != e) {
			memmove(e, from, strlen(from) + 1);
			n = (int)strlen(buf);
		}
	}
	return (size_t)n;
}

/* Whether real_text writes reals as the jansson linked in does (one
 * built another way writes some in other digits): asked once, on reals
 * that tell its ways apart. */
static bool
reals_as_jansson(void)
{
	static const double probe[] = {
		0.1, 1.0 / 3, 2.5e-7, 1e-5, 1e15, 1e16, 9e15, 1e300, -1.5e-300,
		123456789012.5, 1234567.891, 0.000123, 5e-324, -0.0, 1e21,
	};
	static int known = -1;

	if (known >= 0)
		return known;
	known = 1;
	for (size_t i = 0; i < sizeof probe / sizeof *probe && known; i++) {
		json_t *v = json_real(probe[i]);
		char *theirs = json_dumps(v, JSON_ENCODE_ANY |
		    JSON_REAL_PRECISION(12));
		char ours[64];

		known = theirs != NULL && real_text(probe[i], ours,
		    sizeof ours) > 0 && strcmp(theirs, ours) == 0;
		free(theirs);
		json_decref(v);
	}
	return known;
}

void
json_number_text(double x, char *buf, size_t size)
{
	json_t *v;
	char *text;

	if (whole(x)) {
		snprintf(buf, size, "%lld", (long long)x);
		return;
	}
	if (isfinite(x) && reals_as_jansson() && real_text(x, buf, size) > 0)
		return;
	v = json_real(x);	/* NULL, and text "", for NaN and infinity */
	text = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(12));
	snprintf(buf, size, "%s", text ? text : "");
	free(text);
	json_decref(v);
}

void
jw_figure(struct json_writer *jw, const char *key, double x)
{
	char buf[64];

	if (isnan(x)) {
		jw_key(jw, key);
		jw_null(jw);
		return;
	}
	if (isinf(x))
		return;		/* json_real refuses it: no member */
	jw_key(jw, key);
	json_number_text(x, buf, sizeof buf);
	jw_put(jw, buf, strlen(buf));
}
