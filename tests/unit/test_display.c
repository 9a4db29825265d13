/* Unit tests of gen/model/display.c: the one formatter of figures
 * (display_number) as the charts call it, deciding on the rounded figure,
 * and as pages and text call it (display_format), deciding on the figure
 * itself with seeks keeping a decimal up to 1000; units and latencies;
 * and the wrapping of text and mail to their columns (render_wrapped). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "model/display.h"
#include "render/render.h"

#include <stdio.h>
#include <stdlib.h>

static void
check_percent(double share, bool sign, const char *want)
{
	char buf[32];

	display_percent(share, sign, buf);
	assert_string_equal(buf, want);
}

/* A change as every output gives it: one decimal below 100, none from
 * there on (decided on the printed figure), signed when asked, never a
 * sign on what prints as zero. */
static void
test_percent(void **state)
{
	(void)state;
	check_percent(-0.166, true, "-16.6");
	check_percent(-0.166, false, "16.6");
	check_percent(24.578, true, "+2458");
	check_percent(0.9996, true, "+100");
	check_percent(0.0004, true, "+0.040");
	check_percent(0, true, "0.0");
	check_percent(-0.00001, true, "-0.0010");
}

/* A share as the findings, charts and tables say it ("19% of 297
 * MiB/s", "5.3% of expected"): whole from fine_below per cent on. */
static void
check_share(double share, double fine_below, const char *want)
{
	char buf[32];

	display_share(share, fine_below, buf);
	assert_string_equal(buf, want);
}

static void
test_share(void **state)
{
	(void)state;
	check_share(0.193, 10, "19");
	check_share(0.053, 10, "5.3");
	check_share(0.09996, 10, "10");
	check_share(0.193, 1000, "19.3");
}

/* render_wrapped of text after first columns, indented by 2, at 20
 * columns. */
static void
check_wrapped(const char *text, size_t first, bool names, const char *want)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	render_wrapped(f, text, first, 2, 20, names);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, want);
	free(buf);
}

/* Words go to the next line whole; a word wider than a line is cut
 * where the line ends, but a name of a file to attach is never cut. */
static void
test_wrapped(void **state)
{
	(void)state;
	check_wrapped("one two three four five", 0, false,
	    "one two three four\n  five\n");
	/* after 15 columns: "µs" takes 2 (of its 3 bytes) and fits */
	check_wrapped("a µs → b", 15, false, " a µs\n  → b\n");
	check_wrapped("x abcdefghijklmnopqrstuvwxyz y", 0, false,
	    "x abcdefghijklmnopqr\n  stuvwxyz y\n");
	check_wrapped("x abcdefghijklmnopqrstuvwxyz.png y.png", 6, true,
	    " x\n  abcdefghijklmnopqrstuvwxyz.png\n  y.png\n");
}

static void
check_chart(double v, bool approx, const char *want)
{
	char buf[32];

	display_number(buf, sizeof buf, v, DISPLAY_FINE_BELOW,
	    DISPLAY_ROUNDED | (approx ? DISPLAY_APPROX : 0));
	assert_string_equal(buf, want);
}

static void
check_page(enum metric_id id, double v, const char *want)
{
	char buf[32];

	display_format(&metric_defs[id], v, buf);
	assert_string_equal(buf, want);
}

static void
test_chart_figures(void **state)
{
	(void)state;
	check_chart(57.1, false, "57.1");
	check_chart(0, false, "0.0");
	check_chart(99.94, false, "99.9");
	check_chart(99.96, false, "100");
	check_chart(100, false, "100");
	check_chart(186.4, false, "186");
	check_chart(2046, false, "2046");
	check_chart(1e7, false, "10000000");
	check_chart(55.74, true, "~55.7");
	check_chart(312.6, true, "~313");
	check_chart(-5, false, "-5.0");
	check_chart(0.39, false, "0.39");
	check_chart(0.39, true, "~0.39");
}

static void
test_page_figures(void **state)
{
	(void)state;
	check_page(M_PUT_BLOCK, 57.14, "57.1");
	check_page(M_PUT_BLOCK, 0, "0.0");
	/* The figure itself decides, not its rounding. */
	check_page(M_PUT_BLOCK, 99.96, "100.0");
	check_page(M_PUT_BLOCK, 100, "100");
	check_page(M_PUT_BLOCK, 186.4, "186");
	check_page(M_SEQ_CREATE, 186.4, "186");
	/* Seeks keep a decimal up to 1000. */
	check_page(M_SEEKS, 186.4, "186.4");
	check_page(M_SEEKS, 999.96, "1000.0");
	check_page(M_SEEKS, 1000, "1000");
	check_page(M_SEEKS, 2046.3, "2046");
	check_page(M_PUT_BLOCK, NAN, "nan");
	/* A figure under 1 keeps two significant digits: a per-char
	 * write of 400 K/sec is 0.39 MiB/s, not 0.4 or 0.0. */
	check_page(M_PUTC, 400.0 / 1024, "0.39");
	check_page(M_PUTC, 40.0 / 1024, "0.039");
	check_page(M_PUTC, 0.95, "0.95");
	check_page(M_PUTC, 5.34, "5.3");
	check_page(M_PUTC, -0.25, "-0.25");
	check_page(M_PUTC, 1.0 / 1024, "0.00098");
	assert_true(display_fine_below(&metric_defs[M_SEEKS]) == 1000);
	assert_true(display_fine_below(&metric_defs[M_GETC]) == DISPLAY_FINE_BELOW);
}

static void
test_number_flags(void **state)
{
	char buf[32];

	(void)state;
	display_number(buf, sizeof buf, 99.96, 100, 0);
	assert_string_equal(buf, "100.0");
	display_number(buf, sizeof buf, 99.96, 100, DISPLAY_ROUNDED);
	assert_string_equal(buf, "100");
	display_number(buf, sizeof buf, 999.94, 1000, DISPLAY_ROUNDED);
	assert_string_equal(buf, "999.9");
	display_number(buf, sizeof buf, 12.34, 100, DISPLAY_APPROX);
	assert_string_equal(buf, "~12.3");
	/* size bounds what is written. */
	display_number(buf, 4, 12345, 100, 0);
	assert_string_equal(buf, "123");
}

static void
test_units_and_latency(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(display_unit(&metric_defs[M_PUT_BLOCK]), "MiB/s");
	assert_string_equal(display_unit(&metric_defs[M_SEEKS]), "/s");
	assert_true(display_value(&metric_defs[M_PUT_BLOCK], 2048) == 2);
	assert_true(display_value(&metric_defs[M_SEEKS], 2048) == 2048);
	display_latency(5300, buf);
	assert_string_equal(buf, "5.3 ms");
	display_latency(676, buf);
	assert_string_equal(buf, "676 \u00b5s");
	display_latency(1.2e6, buf);
	assert_string_equal(buf, "1.2 s");
	display_latency(132e6, buf);
	assert_string_equal(buf, "132 s");
	/* the unit follows the figure as printed */
	display_latency(999.7, buf);
	assert_string_equal(buf, "1 ms");
	display_latency(999.7e3, buf);
	assert_string_equal(buf, "1 s");
	display_latency(1234.4e6, buf);
	assert_string_equal(buf, "1234 s");
}

/* A sentence's latency: in the unit fio would print it in. */
static void
test_figure_of_latency(void **state)
{
	struct metric_def lat = {.key = "randread-4k-qd1-j1-psync.p99",
	    .family = FAMILY_FIO, .kind = MK_LATENCY};
	char buf[48];

	(void)state;
	display_figure(&lat, 81.24, buf);
	assert_string_equal(buf, "81.2 \u00b5s");
	display_figure(&lat, 999.4, buf);
	assert_string_equal(buf, "999 \u00b5s");
	display_figure(&lat, 18481, buf);
	assert_string_equal(buf, "18.5 ms");
	display_figure(&lat, 4112, buf);
	assert_string_equal(buf, "4.11 ms");
	display_figure(&lat, 421528, buf);
	assert_string_equal(buf, "422 ms");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrapped),
		cmocka_unit_test(test_percent),
		cmocka_unit_test(test_share),
		cmocka_unit_test(test_chart_figures),
		cmocka_unit_test(test_page_figures),
		cmocka_unit_test(test_number_flags),
		cmocka_unit_test(test_units_and_latency),
		cmocka_unit_test(test_figure_of_latency),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
