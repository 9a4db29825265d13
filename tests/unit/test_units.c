/* Unit tests of the number, unit and latency readers (gen/read/units.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "read/units.h"

static enum cell_kind
rate(const char *s, bool suffix, double *v, bool *approx)
{
	return units_rate(s, strlen(s), suffix, v, approx);
}

static void
test_rate_plain(void **state)
{
	double v = -1;
	bool approx = true;

	(void)state;
	assert_int_equal(rate("48009", false, &v, &approx), CELL_VALUE);
	assert_true(v == 48009 && !approx);
	assert_int_equal(rate("360.8", false, &v, &approx), CELL_VALUE);
	assert_true(v > 360.79 && v < 360.81);
	assert_int_equal(rate("0", false, &v, &approx), CELL_VALUE);
	assert_true(v == 0);
	assert_int_equal(rate("", false, &v, &approx), CELL_BAD);
	assert_int_equal(rate("-5", false, &v, &approx), CELL_BAD);
	assert_int_equal(rate("12a", false, &v, &approx), CELL_BAD);
	assert_int_equal(rate("1.2.3", false, &v, &approx), CELL_BAD);
}

static void
test_rate_too_fast_is_not_zero(void **state)
{
	double v = 123;
	bool approx;

	(void)state;
	assert_int_equal(rate("+++++", false, &v, &approx), CELL_TOO_FAST);
	assert_int_equal(rate("++++", false, &v, &approx), CELL_TOO_FAST);
	assert_true(v == 123);	/* untouched: there is no figure */
	assert_int_equal(rate("+++", false, &v, &approx), CELL_BAD);
	assert_int_equal(rate("++++++", false, &v, &approx), CELL_BAD);
}

static void
test_rate_suffixes(void **state)
{
	double v;
	bool approx;

	(void)state;
	assert_int_equal(rate("3025k", true, &v, &approx), CELL_VALUE);
	assert_true(v == 3025 && !approx);
	assert_int_equal(rate("50.6m", true, &v, &approx), CELL_VALUE);
	assert_true(v > 51814.3 && v < 51814.5 && approx);
	assert_int_equal(rate("531m", true, &v, &approx), CELL_VALUE);
	assert_true(v == 531 * 1024.0 && approx);
	assert_int_equal(rate("1.4g", true, &v, &approx), CELL_VALUE);
	assert_true(v > 1468006 && v < 1468007 && approx);
	/* Suffixes only where bonnie++ 1.98+ prints them. */
	assert_int_equal(rate("3025k", false, &v, &approx), CELL_BAD);
	assert_int_equal(rate("1.5k", true, &v, &approx), CELL_BAD);
	assert_int_equal(rate("5t", true, &v, &approx), CELL_BAD);
}

static void
test_cpu(void **state)
{
	int c = -7;

	(void)state;
	assert_int_equal(units_cpu("99", 2, &c), CELL_VALUE);
	assert_int_equal(c, 99);
	assert_int_equal(units_cpu("2046", 4, &c), CELL_VALUE);
	assert_int_equal(c, 2046);	/* seeks use several processes */
	assert_int_equal(units_cpu("+++", 3, &c), CELL_TOO_FAST);
	assert_int_equal(units_cpu("+++++", 5, &c), CELL_BAD);
	assert_int_equal(units_cpu("9.5", 3, &c), CELL_BAD);
	assert_int_equal(units_cpu("", 0, &c), CELL_BAD);
}

static void
test_latency_units(void **state)
{
	double us = -1;

	(void)state;
	assert_true(units_latency("5308us", 6, &us) && us == 5308);
	assert_true(units_latency("41538ms", 7, &us) && us == 41538000);
	assert_true(units_latency("132s", 4, &us) && us == 132e6);
	assert_true(units_latency("0us", 3, &us) && us == 0);
	assert_false(units_latency("5308", 4, &us));
	assert_false(units_latency("us", 2, &us));
	assert_false(units_latency("12ns", 4, &us));
	assert_false(units_latency("12 ms", 5, &us));
}

static void
test_latency_format_like_bonnie(void **state)
{
	char b[24];

	(void)state;
	units_format_latency(5308, b);
	assert_string_equal(b, "5308us");
	units_format_latency(99999, b);
	assert_string_equal(b, "99999us");
	units_format_latency(100000, b);
	assert_string_equal(b, "100ms");
	units_format_latency(41538999, b);	/* truncated, not rounded */
	assert_string_equal(b, "41538ms");
	units_format_latency(132e6, b);
	assert_string_equal(b, "132s");
}

static void
test_size_field(void **state)
{
	struct size_field sf;

	(void)state;
	assert_true(units_size_field("8G", 2, &sf));
	assert_string_equal(sf.size, "8G");
	assert_string_equal(sf.chunk, "");
	assert_int_equal(sf.concurrency, -1);
	assert_true(units_size_field("10G:64k", 7, &sf));
	assert_string_equal(sf.size, "10G");
	assert_string_equal(sf.chunk, "64k");
	assert_true(units_size_field("300M:512", 8, &sf));
	assert_string_equal(sf.chunk, "512");
	assert_true(units_size_field("1G::2", 5, &sf));
	assert_string_equal(sf.chunk, "");
	assert_int_equal(sf.concurrency, 2);
	assert_true(units_size_field("16096M", 6, &sf));
	assert_false(units_size_field("8g", 2, &sf));
	assert_false(units_size_field("300", 3, &sf));
	assert_false(units_size_field("G", 1, &sf));
	assert_false(units_size_field("8G:x", 4, &sf));
	assert_false(units_size_field("48009", 5, &sf));
}

static void
test_files_spec(void **state)
{
	(void)state;
	assert_true(units_is_files_spec("16", 2));
	assert_true(units_is_files_spec("20:128:4/200", 12));
	assert_true(units_is_files_spec("4:1024:256/2", 12));
	assert_true(units_is_files_spec("16:link", 7));
	assert_true(units_is_files_spec("16:symlink", 10));
	assert_false(units_is_files_spec("16:", 3));
	assert_false(units_is_files_spec("a16", 3));
	assert_false(units_is_files_spec("16/", 3));
	assert_false(units_is_files_spec("+++++", 5));
}

static void
test_version(void **state)
{
	(void)state;
	assert_true(units_is_version("1.03", 4));
	assert_true(units_is_version("1.03e", 5));
	assert_true(units_is_version("2.00a", 5));
	assert_false(units_is_version("2", 1));
	assert_false(units_is_version("1.3", 3));
	assert_false(units_is_version("1.03E", 5));
	assert_false(units_is_version("10.03", 5));
}

static void
test_integer_and_decimal(void **state)
{
	long long n;
	double d;

	(void)state;
	assert_true(units_integer("1795960857", 10, &n) && n == 1795960857);
	assert_false(units_integer("", 0, &n));
	assert_false(units_integer("1e5", 3, &n));
	assert_false(units_integer("1234567890123456789", 19, &n));
	assert_true(units_decimal("7510.9", 6, &d) && d > 7510.89 && d < 7510.91);
	assert_false(units_decimal("7510.", 5, &d));
	assert_false(units_decimal(".5", 2, &d));
}

static void
test_target_units(void **state)
{
	double v;

	(void)state;
	assert_true(units_target("185 MB/s", MK_THROUGHPUT, &v));
	assert_true(v > 180664.0 && v < 180664.1);	/* 185e6 / 1024 */
	assert_true(units_target("190000 K/sec", MK_THROUGHPUT, &v));
	assert_true(v == 190000);
	assert_true(units_target("1.2 GiB/s", MK_THROUGHPUT, &v));
	assert_true(v > 1258291.1 && v < 1258291.3);
	assert_true(units_target("76MiB/s", MK_THROUGHPUT, &v));
	assert_true(v == 76 * 1024);
	assert_true(units_target("300/s", MK_RATE, &v) && v == 300);
	assert_true(units_target(" 300 seeks/s ", MK_RATE, &v) && v == 300);
	assert_false(units_target("300/s", MK_THROUGHPUT, &v));
	assert_false(units_target("185 MB/s", MK_RATE, &v));
	assert_false(units_target("185", MK_THROUGHPUT, &v));
	assert_false(units_target("185 furlongs", MK_THROUGHPUT, &v));
	assert_false(units_target("fast", MK_RATE, &v));
}

/* fio's sizes: a bare number is bytes, a share of the device unknown;
 * one size written three ways is no difference. */
static void
test_fio_sizes(void **state)
{
	(void)state;
	assert_true(units_fio_mebibytes("1073741824") == 1024);
	assert_true(units_fio_mebibytes("1g") == 1024);
	assert_true(units_fio_mebibytes("512MiB") == 512);
	assert_true(units_fio_mebibytes("50%") < 0);
	assert_true(units_fio_mebibytes("all") < 0);
	assert_true(units_fio_mebibytes(NULL) < 0);
	assert_false(units_sizes_differ("1073741824", "1g"));
	assert_false(units_sizes_differ("1024m", "1g"));
	assert_true(units_sizes_differ("1073741824", "2g"));
	assert_true(units_sizes_differ("50%", "1g"));
	assert_false(units_sizes_differ(NULL, "1g"));
}

/* bonnie++'s file sizes: "4G" is "4096M", a bare number (1.00) MiB;
 * a size with anything after its unit is read as text. */
static void
test_bonnie_sizes(void **state)
{
	(void)state;
	assert_false(units_bonnie_sizes_differ("4G", "4096M"));
	assert_false(units_bonnie_sizes_differ("300", "300M"));
	assert_false(units_bonnie_sizes_differ("4G", "4g"));
	assert_true(units_bonnie_sizes_differ("4G", "4000M"));
	assert_true(units_bonnie_sizes_differ("2G", "2T"));
	assert_true(units_bonnie_sizes_differ("4G:8k", "4G:4k"));
	assert_false(units_bonnie_sizes_differ("4G:8k", "4G:8k"));
	assert_false(units_bonnie_sizes_differ(NULL, "4G"));
}

/* fio's run times: a bare number is seconds, and one time written two
 * ways is no difference; unknown is none either. */
static void
test_fio_durations(void **state)
{
	(void)state;
	assert_false(units_durations_differ("60", "60s"));
	assert_false(units_durations_differ("60", "1m"));
	assert_false(units_durations_differ("1500ms", "1.5s"));
	assert_true(units_durations_differ("2", "1"));
	assert_true(units_durations_differ("30s", "1m"));
	assert_true(units_durations_differ("${RUNTIME}", "60"));
	assert_false(units_durations_differ("${RUNTIME}", "${RUNTIME}"));
	assert_false(units_durations_differ(NULL, "60"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_plain),
		cmocka_unit_test(test_fio_durations),
		cmocka_unit_test(test_rate_too_fast_is_not_zero),
		cmocka_unit_test(test_rate_suffixes),
		cmocka_unit_test(test_cpu),
		cmocka_unit_test(test_latency_units),
		cmocka_unit_test(test_latency_format_like_bonnie),
		cmocka_unit_test(test_size_field),
		cmocka_unit_test(test_files_spec),
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_integer_and_decimal),
		cmocka_unit_test(test_target_units),
		cmocka_unit_test(test_fio_sizes),
		cmocka_unit_test(test_bonnie_sizes),
	};

	return cmocka_run_group_tests_name("units", tests, NULL, NULL);
}
