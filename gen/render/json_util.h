/* Small helpers over jansson shared by the JSON renderers. For
 * render_*.c only. */
#ifndef BENCHSITE_JSON_UTIL_H
#define BENCHSITE_JSON_UTIL_H

#include <jansson.h>
#include <stdio.h>

#include "base/diag.h"
#include "read/result.h"

/* A JSON string for s; null for NULL. Bytes that are not UTF-8 are
 * replaced by U+FFFD, since JSON text must be Unicode. */
json_t *json_string_or_null(const char *s);
/* An integer when x is whole, else a real with up to 12 digits. */
json_t *json_number(double x);
/* x as json_print prints json_number(x), into buf: the one way the
 * table files (CSV and JSON) write a figure. */
void json_number_text(double x, char *buf, size_t size);
json_t *result_json(const struct result *);
json_t *diags_json(const struct diags *);
/* Prints doc indented, followed by a newline, and frees it; returns 0,
 * or -1 if writing failed. */
int json_print(FILE *, json_t *doc);

/* An object printed member by member, exactly as json_print would print
 * it, so that a long array (a result per line of a big file) is never
 * held whole as a jansson tree. Members and items are freed. */
struct json_stream {
	FILE *out;
	int members;	/* written so far */
	long items;	/* in the open array; -1 when none is open */
	int failed;
};

void json_stream_value(struct json_stream *, const char *key, json_t *v);
void json_stream_array(struct json_stream *, const char *key);
void json_stream_item(struct json_stream *, json_t *v);
/* Closes the object; returns 0, or -1 if writing failed. */
int json_stream_end(struct json_stream *);
json_t *diag_json(const struct diag *);

#endif
