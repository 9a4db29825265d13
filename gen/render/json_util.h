/* Small helpers over jansson shared by the JSON renderers. For
 * render_*.c only. */
#ifndef BENCHSITE_JSON_UTIL_H
#define BENCHSITE_JSON_UTIL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "base/diag.h"
#include "read/result.h"

/* A JSON string for s; null for NULL. Bytes that are not UTF-8 are
 * replaced by U+FFFD, since JSON text must be Unicode. */
json_t *json_string_or_null(const char *s);
/* An integer when x is whole, else a real with up to 12 digits. */
json_t *json_number(double x);
/* x as json_print prints json_number(x), into buf ("" for NaN and
 * infinity, which JSON has not): the one way a figure becomes text, for
 * the table files (CSV and JSON) and jw_figure. */
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

/* A value written as json_print would write it, piece by piece, with no
 * jansson tree: for what a stream has thousands of (the fio results of
 * a big file). Members are written in the order given. */
#define JSON_WRITER_DEPTH 16
struct json_writer {
	FILE *out;
	int pad;		/* spaces after each line break */
	int depth;		/* containers open */
	bool members[JSON_WRITER_DEPTH];	/* the open one has some */
	int failed;
};

/* Starts the next item of the stream's open array: jw writes it. */
void json_stream_item_begin(struct json_stream *, struct json_writer *jw);
/* Starts the value of member key of the stream's object: jw writes it. */
void json_stream_member_begin(struct json_stream *, const char *key,
    struct json_writer *jw);
/* Ends either (after its containers are closed). */
void json_stream_item_end(struct json_stream *, struct json_writer *jw);
/* Starts a member of the open object (key) or an item of the open array
 * or the value itself (key NULL): a value of the calls below follows. */
void jw_key(struct json_writer *, const char *key);
void jw_open(struct json_writer *, char bracket);	/* '{' or '[' */
void jw_close(struct json_writer *, char bracket);	/* '}' or ']' */
/* A value made with jansson, as json_print would write it here; frees
 * it. For what a writer holds few of (a run's meta, its names). */
void jw_json(struct json_writer *, json_t *v);
void jw_null(struct json_writer *);
void jw_boolean(struct json_writer *, bool v);
void jw_integer(struct json_writer *, long long v);
/* json_string_or_null(s) as written: null for NULL, bytes that are not
 * UTF-8 as U+FFFD. */
void jw_string(struct json_writer *, const char *s);
/* A member key: (figure) json_number(x) as written, null for NaN; and
 * as jansson, which has no infinity, the member left out for one. */
void jw_figure(struct json_writer *, const char *key, double x);

void json_stream_value(struct json_stream *, const char *key, json_t *v);
void json_stream_array(struct json_stream *, const char *key);
void json_stream_item(struct json_stream *, json_t *v);
/* Closes the object; returns 0, or -1 if writing failed. */
int json_stream_end(struct json_stream *);
json_t *diag_json(const struct diag *);
/* The member "diagnostics": an array of diag_json, item by item. */
void json_stream_diags(struct json_stream *, const struct diags *);

#endif
