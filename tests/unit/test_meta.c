/* Unit tests of the meta reader (gen/read/meta.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "read/meta.h"

static struct run_meta
parse(const char *text, struct diags *d)
{
	struct run_meta m = {0};

	d->quiet = 1;
	meta_parse("meta", text, strlen(text), NULL, &m, d);
	return m;
}

static void
test_keys_values_comments(void **state)
{
	struct diags d = {0};
	struct run_meta m = parse("# c\nTitle:  A: b  \n\nx-custom: kept\n", &d);

	(void)state;
	assert_int_equal(d.n, 0);
	assert_int_equal(m.n, 2);
	assert_string_equal(meta_get(&m, "title"), "A: b");
	assert_string_equal(meta_get(&m, "x-custom"), "kept");
	assert_null(meta_get(&m, "host"));
	meta_free(&m);
	diags_free(&d);
}

static void
test_disks(void **state)
{
	struct diags d = {0};
	struct run_meta m = parse("disks: 4 x ST3400832AS\n", &d);

	(void)state;
	assert_int_equal(m.disk_count, 4);
	assert_string_equal(m.disk_model, "ST3400832AS");
	meta_free(&m);
	m = parse("disks: ST3200826AS\n", &d);
	assert_int_equal(m.disk_count, 1);
	assert_string_equal(m.disk_model, "ST3200826AS");
	meta_free(&m);
	m = parse("disks: 0 x foo\n", &d);
	assert_int_equal(d.n, 1);
	assert_int_equal(m.disk_count, -1);
	meta_free(&m);
	diags_free(&d);
}

static void
test_raid_words(void **state)
{
	static const struct {
		const char *text;
		enum raid_level level;
	} cases[] = {
		{"raid: raid0 md\n", RAID_0}, {"raid: RAID-5\n", RAID_5},
		{"raid: hw raid 10\n", RAID_10}, {"raid: raid1+0\n", RAID_10},
		{"raid: none\n", RAID_NONE}, {"raid: linear\n", RAID_JBOD},
		{"raid: raid6\n", RAID_6}, {"raid: RAID10\n", RAID_10},
		{"raid: RAID-Z\n", RAID_Z1}, {"raid: raidz1\n", RAID_Z1},
		{"raid: raidz2 zfs\n", RAID_Z2}, {"raid: RAIDZ3\n", RAID_Z3},
		{"raid: mirror\n", RAID_1}, {"raid: Stripe\n", RAID_0},
		{"raid: JBOD\n", RAID_JBOD}, {"raid: None\n", RAID_NONE},
		{"raid: raid 1\n", RAID_1}, {"raid: md raid10, raid1+0\n",
		RAID_10},
		/* A vaguer and a more precise name of one level. */
		{"raid: raid6 zfs raidz2\n", RAID_Z2},
		{"raid: raid5 zfs raidz1\n", RAID_Z1},
		{"raid: raid10 zfs two mirrors striped\n", RAID_10},
		{"raid: raid1 zfs 3-way mirror\n", RAID_1},
	};
	struct diags d = {0};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct run_meta m = parse(cases[i].text, &d);

		assert_int_equal(m.raid, cases[i].level);
		meta_free(&m);
	}
	assert_int_equal(d.n, 0);
	struct run_meta m = parse("raid: raid99\n", &d);

	assert_int_equal(m.raid, RAID_UNKNOWN);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].line, 1);
	assert_non_null(strstr(d.v[0].message, "no RAID level in it"));
	meta_free(&m);
	/* Two levels in one value: neither is guessed. */
	m = parse("raid: striped mirror\n", &d);
	assert_int_equal(m.raid, RAID_UNKNOWN);
	assert_int_equal(d.n, 2);
	assert_non_null(strstr(d.v[1].message, "more than one RAID level"));
	meta_free(&m);
	/* Two precise levels are not one: raidz2 is no raidz1. */
	m = parse("raid: raidz1 raidz2\n", &d);
	assert_int_equal(m.raid, RAID_UNKNOWN);
	assert_int_equal(d.n, 3);
	meta_free(&m);
	diags_free(&d);
}

/* The names of the levels read before raidz came are unchanged. */
static void
test_raid_names(void **state)
{
	(void)state;
	assert_string_equal(raid_level_names[RAID_NONE], "none");
	assert_string_equal(raid_level_names[RAID_0], "raid0");
	assert_string_equal(raid_level_names[RAID_1], "raid1");
	assert_string_equal(raid_level_names[RAID_10], "raid10");
	assert_string_equal(raid_level_names[RAID_5], "raid5");
	assert_string_equal(raid_level_names[RAID_6], "raid6");
	assert_string_equal(raid_level_names[RAID_JBOD], "jbod");
	assert_string_equal(raid_level_names[RAID_Z1], "raidz");
	assert_string_equal(raid_level_names[RAID_Z3], "raidz3");
}

static void
test_expect(void **state)
{
	struct diags d = {0};
	struct run_meta m = parse("expect.put_block: 185 MB/s\n"
	    "expect.seeks: 300/s\nexpect.nothing: 1 MB/s\n"
	    "expect.get_block: 12 parsecs\n", &d);
	double value = 0;

	(void)state;
	assert_true(meta_expect(&m, "put_block", MK_THROUGHPUT, &value) &&
	    value > 0);
	assert_true(meta_expect(&m, "seeks", MK_RATE, &value) && value == 300);
	assert_false(meta_expect(&m, "get_block", MK_THROUGHPUT, &value));
	assert_int_equal(d.n, 2);
	assert_int_equal(d.v[0].line, 3);
	assert_int_equal(d.v[1].line, 4);
	meta_free(&m);
	diags_free(&d);
}

static void
test_bad_lines_and_duplicates(void **state)
{
	struct diags d = {0};
	struct run_meta m = parse("host: a\nno colon here\nHOST: b\n"
	    "bad key: x\ndate: 2005-13-01\ndate2: x\n", &d);

	(void)state;
	assert_string_equal(meta_get(&m, "host"), "a");
	assert_int_equal(d.n, 4);
	assert_int_equal(d.v[0].line, 2);
	assert_int_equal(d.v[0].level, MSG_ERROR);
	assert_int_equal(d.v[1].line, 3);
	assert_int_equal(d.v[1].level, MSG_WARNING);
	assert_int_equal(d.v[2].line, 4);
	assert_int_equal(d.v[3].line, 5);	/* month 13 */
	meta_free(&m);
	diags_free(&d);
}

static void
test_dates(void **state)
{
	static const char *const good[] = {
		"date: 2006-10-01\n", "date: 2003-02\n", "date: 2005\n",
		"date: 2026-11-29T10:00Z\n", "date: 2026-11-29T10:00:59+01:00\n",
		"date: 2026-09-04T23:30:00.123Z\n", "date: 2024-02-29\n",
		"date: 2000-02-29\n",
	};
	static const char *const bad[] = {
		"date: 01.10.2006\n", "date: 2006-10-32\n", "date: 2006-1-1\n",
		"date: 2006-10-01T25\n", "date: 2026-02-30\n",
		"date: 2026-04-31\n", "date: 2100-02-29\n",
	};
	struct diags d = {0};

	(void)state;
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		struct run_meta m = parse(good[i], &d);

		meta_free(&m);
	}
	assert_int_equal(d.n, 0);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct run_meta m = parse(bad[i], &d);

		meta_free(&m);
	}
	assert_int_equal(d.n, sizeof bad / sizeof *bad);
	diags_free(&d);
}

/* A date as days since 1970 (a chart's time axis, the days between two
 * runs): a time of day is a fraction, its zone left out. */
static void
test_date_days(void **state)
{
	double days = 0, later = 0;

	(void)state;
	assert_true(meta_date_days("1970-01-02", &days));
	assert_true(days == 1);
	assert_true(meta_date_days("2026-03-01T12:00Z", &days));
	assert_true(days == 20513.5);
	/* in UTC: noon an hour east of it is 11:00 */
	assert_true(meta_date_days("2026-03-01T12:00+01:00", &days));
	assert_true(fabs(days - (20513 + 11.0 / 24)) < 1e-9);
	assert_true(meta_date_days("2026-09-04T23:30:00.123-04:00", &days));
	assert_true(meta_date_days("2026-09-05T01:00Z", &later));
	assert_true(days > later);
	assert_true(meta_date_days("2026", &days) && days == 20454);
	assert_true(meta_date_days("2015-09-15", &days) && days == 16693);
	assert_false(meta_date_days("March", &days));
	assert_false(meta_date_days("2026-13-01", &days));
	/* its day given, or only a month */
	assert_true(meta_date_has_day("2026-11-24T04:00Z"));
	assert_true(meta_date_has_day("2026-11-24"));
	assert_false(meta_date_has_day("2026-11"));
	assert_false(meta_date_has_day("Nov 24"));
}

/* The words that say an array was busy, where nothing denies them. */
static void
test_busy_state(void **state)
{
	(void)state;
	assert_string_equal(meta_busy_state("raid5 md degraded"), "degraded");
	assert_string_equal(meta_busy_state("Bonnie ++ (while rebuilding "
	    "RAID6)"), "rebuilding");
	assert_string_equal(meta_busy_state("during resync"),
	    "during resync");
	assert_null(meta_busy_state("after the resync finished"));
	assert_null(meta_busy_state("(without rebuilding RAID)"));
	assert_null(meta_busy_state("no longer degraded"));
	assert_null(meta_busy_state("raid6 md"));
}

/* The array a raid value names, its passing state taken off. */
static void
test_raid_steady(void **state)
{
	static const char *const cases[][2] = {
		{"raid5 md, degraded", "raid5 md"},
		{"raid1 md (degraded, one of its two members active)",
		    "raid1 md"},
		{"RAID6 md rebuilding", "RAID6 md"},
		{"degraded: raid5 md", "raid5 md"},
		{"(rebuilding) raid10", "raid10"},
		{"raid6 md", "raid6 md"},
		{"raid6 md, no longer degraded",
		    "raid6 md, no longer degraded"},
	};

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char *got = meta_raid_steady(cases[k][0]);

		assert_string_equal(got, cases[k][1]);
		free(got);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys_values_comments),
		cmocka_unit_test(test_disks),
		cmocka_unit_test(test_raid_words),
		cmocka_unit_test(test_raid_names),
		cmocka_unit_test(test_expect),
		cmocka_unit_test(test_bad_lines_and_duplicates),
		cmocka_unit_test(test_dates),
		cmocka_unit_test(test_date_days),
		cmocka_unit_test(test_busy_state),
		cmocka_unit_test(test_raid_steady),
	};

	return cmocka_run_group_tests_name("meta", tests, NULL, NULL);
}
