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

json_t *
json_number(double x)
{
	if (x == floor(x) && fabs(x) < 9e15)
		return json_integer((json_int_t)x);
	return json_real(x);
}

void
json_number_text(double x, char *buf, size_t size)
{
	json_t *v = json_number(x);
	char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(12));

	snprintf(buf, size, "%s", text ? text : "");
	free(text);
	json_decref(v);
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
