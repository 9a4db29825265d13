/* Unit tests of input cleaning (gen/read/lines.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "read/lines.h"

static struct lines
read_all(const char *s, enum diff_side side)
{
	struct lines ls = {0};

	lines_read(&ls, s, strlen(s), side);
	return ls;
}

static void
test_bom_crlf_and_numbers(void **state)
{
	struct lines ls = read_all("\xef\xbb\xbfVersion 1.03\r\n\r\nx,y\r\n", SIDE_ALL);

	(void)state;
	assert_int_equal(ls.n, 3);
	assert_string_equal(ls.v[0].text, "Version 1.03");
	assert_int_equal(ls.v[0].no, 1);
	assert_string_equal(ls.v[1].text, "");
	assert_string_equal(ls.v[2].text, "x,y");
	assert_int_equal(ls.v[2].no, 3);
	lines_free(&ls);
}

/* A backslash ending a line: a Markdown hard break after a word, a
 * shell's line break after a blank; either is taken off. */
static void
test_line_breaks(void **state)
{
	struct lines ls = read_all("box 8G 51234\\\nbonnie++ -d /x \\\n"
	    "  -s 8G\nend \\\\\n", SIDE_ALL);

	(void)state;
	assert_string_equal(ls.v[0].text, "box 8G 51234");
	assert_false(ls.v[0].shell_break);
	assert_string_equal(ls.v[1].text, "bonnie++ -d /x ");
	assert_true(ls.v[1].shell_break);
	assert_false(ls.v[2].shell_break);
	assert_string_equal(ls.v[3].text, "end \\\\");	/* an escaped one stays */
	assert_false(ls.v[3].shell_break);
	lines_free(&ls);
}

static void
test_quote_prefixes(void **state)
{
	struct lines ls = read_all("> > > a  b\n>>c\n| d\n> \n#  e\n## f\n", SIDE_ALL);

	(void)state;
	assert_string_equal(ls.v[0].text, "a  b");
	assert_int_equal(ls.v[0].quote, 3);
	assert_string_equal(ls.v[1].text, "c");
	assert_string_equal(ls.v[2].text, "d");
	assert_string_equal(ls.v[3].text, "");
	assert_string_equal(ls.v[4].text, " e");	/* one space taken */
	assert_string_equal(ls.v[5].text, "## f");	/* a heading stays */
	assert_false(ls.v[4].heading);
	lines_free(&ls);
	/* "# " before a capital is a Markdown heading, said; before a word
	 * in lower case, a root prompt or a comment */
	ls = read_all("# Main array\n# fio --rw=read\n", SIDE_ALL);
	assert_string_equal(ls.v[0].text, "Main array");
	assert_true(ls.v[0].heading);
	assert_false(ls.v[1].heading);
	lines_free(&ls);
}

static void
test_markup(void **state)
{
	struct lines ls = read_all("<pre>a&nbsp;b &gt; c</pre><br />next<BR>"
	    "\n[code]**48009** 99[/code]\n```\n\tx\n", SIDE_ALL);

	(void)state;
	/* A <br> ending a line adds no empty line after it. */
	assert_int_equal(ls.n, 5);
	assert_string_equal(ls.v[0].text, "a b > c");
	assert_string_equal(ls.v[1].text, "next");
	assert_int_equal(ls.v[1].no, 1);	/* same physical line */
	assert_string_equal(ls.v[2].text, "48009 99");
	assert_int_equal(ls.v[2].no, 2);
	assert_string_equal(ls.v[3].text, "");	/* the fence */
	assert_string_equal(ls.v[4].text, "        x");
	lines_free(&ls);
}

/* "**" around a figure is Markdown's bold and goes; a rule of stars
 * that a paste put between runs stays whole. */
static void
test_rule_of_stars_kept(void **state)
{
	struct lines ls = read_all("*********Fio_Job**************\n"
	    "**48009** 99\n", SIDE_ALL);

	(void)state;
	assert_int_equal(ls.n, 2);
	assert_string_equal(ls.v[0].text, "*********Fio_Job**************");
	assert_string_equal(ls.v[1].text, "48009 99");
	lines_free(&ls);
}

/* A saved page's table: a row a line, its cells a tab stop apart (a
 * first empty cell too, a <br> in a cell no new row). */
static void
test_table_rows(void **state)
{
	struct lines ls = read_all("<table><tr><td>a</td><td>Random<br>"
	    "Seeks</td><td></td><td>b</td></tr><tr><td></td><td>c</td></tr>"
	    "</table>\n", SIDE_ALL);

	(void)state;
	assert_int_equal(ls.n, 3);
	assert_string_equal(ls.v[0].text, "a       Random");
	assert_string_equal(ls.v[1].text, "Seeks           b");
	assert_string_equal(ls.v[2].text, "        c");
	lines_free(&ls);
}

static void
test_lone_br_is_one_empty_line(void **state)
{
	struct lines ls = read_all("a<br />\n<br />\nb\n", SIDE_ALL);

	(void)state;
	assert_int_equal(ls.n, 3);
	assert_string_equal(ls.v[1].text, "");
	assert_string_equal(ls.v[2].text, "b");
	lines_free(&ls);
}

static void
test_unknown_tags_kept(void **state)
{
	struct lines ls = read_all("<script>x</script>\n", SIDE_ALL);

	(void)state;
	assert_string_equal(ls.v[0].text, "<script>x</script>");
	lines_free(&ls);
}

static const char diff[] =
    "--- a/r.txt\n+++ b/r.txt\n@@ -1,3 +1,3 @@\n same\n-old\n+new\n";
static const char results_diff[] =
    "--- a/r.txt\n+++ b/r.txt\n@@ -1,4 +1,4 @@\n"
    " Version  1.97       ------Sequential Output------\n"
    "-db1 16G 1011 97 201733 24\n+db1 16G 1008 97 203011 24\n";
static const char fio_diff[] =
    "--- a/fio.txt\n+++ b/fio.txt\n@@ -2,1 +2,1 @@\n"
    "-  read: IOPS=2711, BW=10.6MiB/s\n+  read: IOPS=1355, BW=5.3MiB/s\n";

static void
test_diff_sides(void **state)
{
	struct lines o, n;

	(void)state;
	/* a diff of results, bonnie++'s or fio's, is read side by side; a
	 * patch of code quoted in a post as it is */
	assert_true(lines_is_diff(results_diff, strlen(results_diff)));
	assert_true(lines_is_diff(fio_diff, strlen(fio_diff)));
	assert_false(lines_is_diff(diff, strlen(diff)));
	assert_false(lines_is_diff("@@ no\n", 6));
	o = read_all(diff, SIDE_OLD);
	n = read_all(diff, SIDE_NEW);
	assert_int_equal(o.n, 2);
	assert_string_equal(o.v[0].text, "same");
	assert_string_equal(o.v[1].text, "old");
	assert_int_equal(o.v[1].no, 5);
	assert_int_equal(n.n, 2);
	assert_string_equal(n.v[1].text, "new");
	assert_int_equal(n.v[1].no, 6);
	lines_free(&o);
	lines_free(&n);
}

/* Marked sides without hunks: "-"/"+" or "<"/">" on a table's start;
 * "> " alone (a quote) or "-" alone is no diff. */
static void
test_marked_diff(void **state)
{
	static const char angle[] =
	    "1c1\n< Version 1.03 x\n---\n> Version 1.03 y\n";
	static const char quote[] = "> Version 1.03 x\n- Version 2\n";
	enum diff_marks m = MARKS_UNIFIED;
	struct lines o = {.marks = MARKS_ANGLE}, n = {.marks = MARKS_ANGLE};

	(void)state;
	assert_true(lines_is_marked_diff(angle, strlen(angle), &m));
	assert_int_equal(m, MARKS_ANGLE);
	assert_true(lines_is_marked_diff("-Machine  Size\n+Machine  Size\n",
	    30, &m));
	assert_int_equal(m, MARKS_PLUS_MINUS);
	assert_false(lines_is_marked_diff(quote, strlen(quote), &m));
	lines_read(&o, angle, strlen(angle), SIDE_OLD);
	lines_read(&n, angle, strlen(angle), SIDE_NEW);
	assert_int_equal(o.n, 1);
	assert_string_equal(o.v[0].text, "Version 1.03 x");
	assert_int_equal(o.v[0].no, 2);
	assert_int_equal(n.n, 1);
	assert_string_equal(n.v[0].text, "Version 1.03 y");
	assert_int_equal(n.v[0].quote, 0);
	lines_free(&o);
	lines_free(&n);
}

/* A line over max_len is kept empty and marked, on both sides of a
 * diff, and the lines around it keep their numbers. */
static void
test_too_long(void **state)
{
	const char *s = "@@ -1 +1 @@\n 0123456789abc\n-ab\n+cd\n";
	struct lines ls = {.max_len = 12};

	(void)state;
	lines_read(&ls, s, strlen(s), SIDE_NEW);
	assert_int_equal(ls.n, 2);
	assert_int_equal(ls.v[0].no, 2);
	assert_true(ls.v[0].too_long);
	assert_int_equal(ls.v[0].len, 0);
	assert_string_equal(ls.v[1].text, "cd");
	assert_false(ls.v[1].too_long);
	lines_free(&ls);
}

/* A header-like first line ("tile: here") in a buffer with no NUL after
 * it: the test for a mail's headers stays inside the buffer (the fuzzer
 * found a read past it; AddressSanitizer tells). */
static void
test_unterminated_header(void **state)
{
	static const char text[] = "tile: here\nV";
	size_t n = sizeof text - 1;
	char *buf = malloc(n);
	struct lines ls = {0};

	(void)state;
	assert_non_null(buf);
	memcpy(buf, text, n);
	lines_read(&ls, buf, n, SIDE_ALL);
	assert_int_equal(ls.n, 2);
	lines_free(&ls);
	free(buf);
}

/* A part of a quoted-printable mail decoded as its writer wrote it:
 * soft breaks joined, "=XX" the byte, any other "=" kept. */
static void
test_qp_decode(void **state)
{
	static const char part[] = "  read: IOPS=3D9.1k, BW=3D142MiB/s=\r\n"
	    " (149MB/s); 0 zone rese=\nts\nbs=3D4k, caf=C3=A9, x=1\n";
	/* two lines cut where the encoding cuts them, near 76 */
	static const char body[] = "a long line of prose that the mail "
	    "program had to cut near seventy-=\nsix, and then another one "
	    "that it also had to cut before the end of=\nit\n";
	size_t n;
	char *got = lines_qp_decode(part, sizeof part - 1, &n);

	(void)state;
	assert_string_equal(got, "  read: IOPS=9.1k, BW=142MiB/s (149MB/s); "
	    "0 zone resets\nbs=4k, caf\xc3\xa9, x=1\n");
	assert_int_equal(n, strlen(got));
	free(got);
	assert_false(lines_quoted_printable(part, sizeof part - 1));
	assert_true(lines_quoted_printable(body, sizeof body - 1));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bom_crlf_and_numbers),
		cmocka_unit_test(test_line_breaks),
		cmocka_unit_test(test_quote_prefixes),
		cmocka_unit_test(test_qp_decode),
		cmocka_unit_test(test_marked_diff),
		cmocka_unit_test(test_markup),
		cmocka_unit_test(test_rule_of_stars_kept),
		cmocka_unit_test(test_table_rows),
		cmocka_unit_test(test_lone_br_is_one_empty_line),
		cmocka_unit_test(test_unknown_tags_kept),
		cmocka_unit_test(test_diff_sides),
		cmocka_unit_test(test_too_long),
		cmocka_unit_test(test_unterminated_header),
	};

	return cmocka_run_group_tests_name("lines", tests, NULL, NULL);
}
