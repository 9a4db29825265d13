/* Unit tests of gen/base/utf8.c: valid sequences of each length decode
 * to their code points; overlong forms, surrogates, code points beyond
 * U+10FFFF, stray and missing continuation bytes do not, nor does a
 * text holding one; cleaning replaces each bad byte by U+FFFD (and, when
 * asked, U+FFFE, U+FFFF and control characters); walking, cutting and
 * column counts go by characters. xstrndup_utf8 (xalloc.c) is the
 * cleaning in new memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/xalloc.h"

static void
check_valid(const char *s, size_t len, unsigned long want)
{
	unsigned long cp = 0;

	assert_int_equal(utf8_decode(s, strlen(s), &cp), len);
	assert_int_equal(cp, want);
}

static void
check_invalid(const char *s, size_t n)
{
	assert_int_equal(utf8_decode(s, n, NULL), 0);
}

static void
test_valid_lengths(void **state)
{
	(void)state;
	check_valid("A", 1, 0x41);
	check_valid("\x7f", 1, 0x7f);
	check_valid("\xc2\x80", 2, 0x80);
	check_valid("\xc3\xa9", 2, 0xe9);
	check_valid("\xdf\xbf", 2, 0x7ff);
	check_valid("\xe0\xa0\x80", 3, 0x800);
	check_valid("\xe2\x80\xa6", 3, 0x2026);
	check_valid("\xed\x9f\xbf", 3, 0xd7ff);
	check_valid("\xee\x80\x80", 3, 0xe000);
	check_valid("\xef\xbf\xbf", 3, 0xffff);
	check_valid("\xf0\x90\x80\x80", 4, 0x10000);
	check_valid("\xf0\x9f\x92\xbe", 4, 0x1f4be);
	check_valid("\xf4\x8f\xbf\xbf", 4, 0x10ffff);
	/* Only the first character counts. */
	check_valid("\xc3\xa9t\xc3\xa9", 2, 0xe9);
	/* A NUL is a character of its own when it is within n. */
	assert_int_equal(utf8_decode("", 1, NULL), 1);
}

static void
test_overlong_forms(void **state)
{
	(void)state;
	check_invalid("\xc0\x80", 2);
	check_invalid("\xc1\xbf", 2);
	check_invalid("\xe0\x80\x80", 3);
	check_invalid("\xe0\x9f\xbf", 3);
	check_invalid("\xf0\x80\x80\x80", 4);
	check_invalid("\xf0\x8f\xbf\xbf", 4);
}

static void
test_surrogates_and_range(void **state)
{
	(void)state;
	check_invalid("\xed\xa0\x80", 3);	/* U+D800 */
	check_invalid("\xed\xbf\xbf", 3);	/* U+DFFF */
	check_invalid("\xf4\x90\x80\x80", 4);	/* U+110000 */
	check_invalid("\xf5\x80\x80\x80", 4);
	check_invalid("\xf7\xbf\xbf\xbf", 4);
	check_invalid("\xf8\x88\x80\x80\x80", 5);
	check_invalid("\xff", 1);
	check_invalid("\xfe", 1);
}

static void
test_cut_and_stray(void **state)
{
	(void)state;
	check_invalid("\x80", 1);		/* a continuation alone */
	check_invalid("\xbf\xbf", 2);
	check_invalid("\xc3", 1);		/* cut by the end */
	check_invalid("\xe2\x80", 2);
	check_invalid("\xf0\x9f\x92", 3);
	check_invalid("\xe2\x80\xa6", 2);	/* cut by n, not by a NUL */
	check_invalid("\xc3" "A", 2);		/* not a continuation */
	check_invalid("\xe2\x80" "A", 3);
	check_invalid("\xf0\x9f\x92" "A", 4);
	check_invalid("", 0);
}

static void
check_clean(const char *s, unsigned flags, const char *want)
{
	size_t n = strlen(s);
	char *out = malloc(3 * n + 1);

	assert_int_equal(utf8_clean(out, s, n, flags), strlen(want));
	assert_string_equal(out, want);
	free(out);
}

/* Whole texts: valid only when every sequence is. */
static void
test_valid_text(void **state)
{
	(void)state;
	assert_true(utf8_valid("", 0));
	assert_true(utf8_valid("caf\xc3\xa9 \xf0\x9f\x92\xbe", 10));
	assert_true(utf8_valid("a\0b", 3));
	assert_false(utf8_valid("caf\xe9", 4));		/* Latin-1 */
	assert_false(utf8_valid("\xc3\xa9\xc3", 3));	/* cut short */
	assert_false(utf8_valid("\xed\xa0\x80", 3));	/* surrogate */
	assert_false(utf8_valid("\xc0\xaf", 2));		/* overlong */
	/* n bounds it: the bad byte after it is not looked at. */
	assert_true(utf8_valid("ab\xff", 2));
}

static void
test_clean(void **state)
{
	char out[16];

	(void)state;
	check_clean("", 0, "");
	check_clean("caf\xc3\xa9", 0, "caf\xc3\xa9");
	/* Latin-1: each byte is replaced, the next one looked at anew. */
	check_clean("caf\xe9", 0, "caf" UTF8_REPLACEMENT);
	check_clean("\xe2\x80" "A", 0, UTF8_REPLACEMENT UTF8_REPLACEMENT "A");
	check_clean("\xc0\xaf", 0, UTF8_REPLACEMENT UTF8_REPLACEMENT);
	check_clean("\xed\xa0\x80", 0,
	    UTF8_REPLACEMENT UTF8_REPLACEMENT UTF8_REPLACEMENT);
	check_clean("a\xef\xbf\xbe" "b", 0, "a\xef\xbf\xbe" "b");
	/* Byte by byte, as if they were not UTF-8. */
	check_clean("a\xef\xbf\xbe" "b", UTF8_XML_CHARS, "a" UTF8_REPLACEMENT
	    UTF8_REPLACEMENT UTF8_REPLACEMENT "b");
	check_clean("\xef\xbf\xbf", UTF8_XML_CHARS,
	    UTF8_REPLACEMENT UTF8_REPLACEMENT UTF8_REPLACEMENT);
	check_clean("\xef\xbf\xbd", UTF8_XML_CHARS, UTF8_REPLACEMENT);
	check_clean("a\tb\x7f" "c\r", 0, "a\tb\x7f" "c\r");
	check_clean("a\tb\x7f" "c\r", UTF8_NO_CONTROLS, "a b c ");
	check_clean("\x01\xff", UTF8_XML_CHARS | UTF8_NO_CONTROLS,
	    " " UTF8_REPLACEMENT);
	/* n bounds the input, and so does a NUL. */
	assert_int_equal(utf8_clean(out, "abc", 2, 0), 2);
	assert_string_equal(out, "ab");
	assert_int_equal(utf8_clean(out, "a\0b", 3, 0), 1);
	assert_string_equal(out, "a");
	/* A sequence cut by n is cut, not read past n. */
	assert_int_equal(utf8_clean(out, "\xc3\xa9", 1, 0), 3);
	assert_string_equal(out, UTF8_REPLACEMENT);
}

static void
test_xstrndup_utf8(void **state)
{
	char *s;

	(void)state;
	s = xstrndup_utf8("Gr\xf6\xdf" "e", 5);
	assert_string_equal(s, "Gr" UTF8_REPLACEMENT UTF8_REPLACEMENT "e");
	free(s);
	s = xstrdup_utf8("Gr\xc3\xb6\xc3\x9f" "e \xef\xbf\xbf");
	assert_string_equal(s, "Gr\xc3\xb6\xc3\x9f" "e \xef\xbf\xbf");
	free(s);
}

/* A name as every output shows it: what would act on a terminal, break
 * an XML report or turn a line backwards is written out, and two names
 * that differ in bytes that are not UTF-8 stay two. */
static void
test_xstrndup_shown(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"ncq\x01off\x1b[31mred", "ncq\\x01off\\x1b[31mred"},
		{"line\nbreak\ttab\x7f", "line\\x0abreak\\x09tab\\x7f"},
		{"caf\xe9", "caf\\xe9"},
		{"caf\xe8", "caf\\xe8"},
		{"caf\xc3\xa9 \xd7\xa2\xd7\x91", "caf\xc3\xa9 \xd7\xa2\xd7\x91"},
		/* U+202E, U+2066 and U+200F turn the text after them */
		{"a\xe2\x80\xae" "b", "a\\u202eb"},
		{"\xe2\x81\xa6x\xe2\x80\x8f", "\\u2066x\\u200f"},
		/* U+2028 is no direction mark: kept */
		{"a\xe2\x80\xa8", "a\xe2\x80\xa8"},
	};

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char *s = xstrndup_shown(cases[k].in, strlen(cases[k].in));

		assert_string_equal(s, cases[k].out);
		free(s);
	}
}

static void
test_walking(void **state)
{
	const char *s = "a\xc3\xa9\xe2\x80\xa6\xf0\x9f\x92\xbe" "b";
	size_t len = strlen(s);

	(void)state;
	assert_int_equal(utf8_next(s, len, 0), 1);
	assert_int_equal(utf8_next(s, len, 1), 3);
	assert_int_equal(utf8_next(s, len, 3), 6);
	assert_int_equal(utf8_next(s, len, 6), 10);
	assert_int_equal(utf8_next(s, len, 10), 11);
	assert_int_equal(utf8_next(s, len, 11), 11);
	assert_int_equal(utf8_next(s, len, 20), 20);
	/* Stray continuation bytes stay with the character before them. */
	assert_int_equal(utf8_next("\xe9\x80\x80x", 4, 0), 3);
	/* len bounds the walk. */
	assert_int_equal(utf8_next(s, 2, 1), 2);
	assert_int_equal(utf8_cut(s, 0), 0);
	assert_int_equal(utf8_cut(s, 1), 1);
	assert_int_equal(utf8_cut(s, 2), 1);
	assert_int_equal(utf8_cut(s, 5), 3);
	assert_int_equal(utf8_cut(s, 9), 6);
	assert_int_equal(utf8_cut(s, 10), 10);
	assert_int_equal(utf8_cut("\x80\x80", 1), 0);
}

static void
test_columns(void **state)
{
	const char *s = "a\xc3\xa9\xe2\x80\xa6\xf0\x9f\x92\xbe" "b";
	size_t len = strlen(s);

	(void)state;
	assert_int_equal(utf8_columns("", 0), 0);
	assert_int_equal(utf8_columns("plain", 5), 5);
	/* the floppy disk, an emoji, is two columns wide */
	assert_int_equal(utf8_columns(s, len), 6);
	assert_int_equal(utf8_columns(s, 2), 2);	/* a cut character */
	assert_int_equal(utf8_columns("\xe9t\xe9", 3), 3);	/* Latin-1 */
	assert_int_equal(utf8_span(s, len, 0), 0);
	assert_int_equal(utf8_span(s, len, 1), 1);
	assert_int_equal(utf8_span(s, len, 3), 6);
	assert_int_equal(utf8_span(s, len, 4), 6);	/* no half emoji */
	assert_int_equal(utf8_span(s, len, 5), 10);
	assert_int_equal(utf8_span(s, len, 6), len);
	assert_int_equal(utf8_span(s, len, 99), len);
	assert_int_equal(utf8_span(s, 4, 3), 4);
	/* CJK and Hangul two each; a combining accent none */
	assert_int_equal(utf8_columns("\xe6\x97\xa5\xe6\x9c\xac", 6), 4);
	assert_int_equal(utf8_columns("\xea\xb0\x80x", 4), 3);
	assert_int_equal(utf8_columns("e\xcc\x81", 3), 1);
	assert_int_equal(utf8_span("\xe6\x97\xa5\xe6\x9c\xac", 6, 3), 3);
}

static void
test_words(void **state)
{
	(void)state;
	assert_true(contains_ignoring_case("NCQ off", "ncq"));
	assert_true(contains_ignoring_case("diskless", "disk"));
	assert_false(contains_ignoring_case("ncq", "ncq off"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_lengths),
		cmocka_unit_test(test_overlong_forms),
		cmocka_unit_test(test_surrogates_and_range),
		cmocka_unit_test(test_cut_and_stray),
		cmocka_unit_test(test_valid_text),
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_xstrndup_utf8),
		cmocka_unit_test(test_xstrndup_shown),
		cmocka_unit_test(test_walking),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
