/* Unit tests of gen/render/json_util.c: a document written as it goes
 * (json_stream, json_writer) is the same bytes as jansson's dump of the
 * same document built whole (json_print), which the reports were until
 * they had to stream: members, items, nesting, empty containers,
 * strings that need escapes or are not UTF-8, integers, reals, whole
 * reals, booleans and null. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/json_util.h"

/* What f wrote, as a string (f is closed). */
static char *
written(FILE *f, char **buf)
{
	assert_int_equal(fclose(f), 0);
	return *buf;
}

static const char *const strings[] = {
	"plain", "say \"so\" \\ here", "tab\there\nline\x01", "caf\xc3\xa9",
	"cut \xff byte", "",
};
static const double reals[] = {0.1, 3.0, -2.5e-7, 1e21, 123456789012.5};

/* The object every case holds, built with jansson. */
static json_t *
sample_object(void)
{
	json_t *o = json_object(), *ints = json_array();

	for (size_t k = 0; k < sizeof strings / sizeof *strings; k++) {
		char key[8];

		snprintf(key, sizeof key, "s%zu", k);
		json_object_set_new(o, key, json_string_or_null(strings[k]));
	}
	json_object_set_new(o, "none", json_null());
	json_object_set_new(o, "yes", json_true());
	json_object_set_new(o, "no", json_false());
	for (size_t k = 0; k < sizeof reals / sizeof *reals; k++) {
		char key[8];

		snprintf(key, sizeof key, "r%zu", k);
		json_object_set_new(o, key, json_number(reals[k]));
	}
	json_array_append_new(ints, json_integer(-7));
	json_array_append_new(ints, json_integer(1234567890123LL));
	json_object_set_new(o, "ints", ints);
	json_object_set_new(o, "empty_object", json_object());
	json_object_set_new(o, "empty_array", json_array());
	return o;
}

/* The same object through a writer. */
static void
write_sample(struct json_writer *jw)
{
	jw_open(jw, '{');
	for (size_t k = 0; k < sizeof strings / sizeof *strings; k++) {
		char key[8];

		snprintf(key, sizeof key, "s%zu", k);
		jw_key(jw, key);
		jw_string(jw, strings[k]);
	}
	jw_key(jw, "none");
	jw_null(jw);
	jw_key(jw, "yes");
	jw_boolean(jw, true);
	jw_key(jw, "no");
	jw_boolean(jw, false);
	for (size_t k = 0; k < sizeof reals / sizeof *reals; k++) {
		char key[8];

		snprintf(key, sizeof key, "r%zu", k);
		jw_figure(jw, key, reals[k]);
	}
	jw_key(jw, "ints");
	jw_open(jw, '[');
	jw_key(jw, NULL);
	jw_integer(jw, -7);
	jw_key(jw, NULL);
	jw_integer(jw, 1234567890123LL);
	jw_close(jw, ']');
	jw_key(jw, "empty_object");
	jw_open(jw, '{');
	jw_close(jw, '}');
	jw_key(jw, "empty_array");
	jw_open(jw, '[');
	jw_close(jw, ']');
	jw_close(jw, '}');
}

/* {"head": OBJ, "items": [OBJ, OBJ], "none": [], "tail": "end"} */
static void
test_stream_is_jansson(void **state)
{
	char *whole_buf = NULL, *stream_buf = NULL;
	size_t whole_len, stream_len;
	FILE *f = open_memstream(&whole_buf, &whole_len);
	json_t *doc = json_object(), *items = json_array();
	struct json_stream js;
	struct json_writer jw;

	(void)state;
	json_object_set_new(doc, "head", sample_object());
	json_array_append_new(items, sample_object());
	json_array_append_new(items, sample_object());
	json_object_set_new(doc, "items", items);
	json_object_set_new(doc, "none", json_array());
	json_object_set_new(doc, "tail", json_string("end"));
	assert_int_equal(json_print(f, doc), 0);
	written(f, &whole_buf);

	f = open_memstream(&stream_buf, &stream_len);
	js = (struct json_stream){f, 0, -1, 0};
	json_stream_member_begin(&js, "head", &jw);
	write_sample(&jw);
	json_stream_item_end(&js, &jw);
	json_stream_array(&js, "items");
	for (int k = 0; k < 2; k++) {
		json_stream_item_begin(&js, &jw);
		write_sample(&jw);
		json_stream_item_end(&js, &jw);
	}
	json_stream_array(&js, "none");
	json_stream_value(&js, "tail", json_string("end"));
	assert_int_equal(json_stream_end(&js), 0);
	written(f, &stream_buf);

	assert_string_equal(stream_buf, whole_buf);
	/* and it is the document meant: escapes, U+FFFD, the reals */
	assert_non_null(strstr(whole_buf, "\"say \\\"so\\\" \\\\ here\""));
	assert_non_null(strstr(whole_buf, "\\u0001"));
	assert_non_null(strstr(whole_buf, "cut \xef\xbf\xbd byte"));
	assert_non_null(strstr(whole_buf, "\"r1\": 3,"));
	assert_non_null(strstr(whole_buf, "\"yes\": true,"));
	free(whole_buf);
	free(stream_buf);
}

/* A writer left with a container open fails the stream. */
static void
test_unclosed_fails(void **state)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	struct json_stream js = {f, 0, -1, 0};
	struct json_writer jw;

	(void)state;
	json_stream_member_begin(&js, "open", &jw);
	jw_open(&jw, '{');
	json_stream_item_end(&js, &jw);
	assert_int_equal(json_stream_end(&js), -1);
	written(f, &buf);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream_is_jansson),
		cmocka_unit_test(test_unclosed_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
