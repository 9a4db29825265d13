/* Unit tests of the charts (gen/render/chart_*.c): ticks and label
 * wrapping, the layout against the files in tests/charts (UPDATE=1 rewrites
 * them), and SVG and PNG output. Run from the top of the tree. */
#include <setjmp.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#include <libxml/parser.h>

#include "render/chart.h"
#include "../png_chunks.h"
#include "base/xalloc.h"

static struct chart_fonts *fonts;
static const char *self;	/* argv[0], to draw a chart in a new process */

static const char note_mib[] = "Median of the samples, whiskers min-max. "
    "MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s).";

static const struct chart_bar normal_bars[] = {
	{ .label = "hda ext3", .kind = BAR_VALUE, .value = 55.7,
	  .has_range = true, .min = 52.0, .max = 57.1, .nsamples = 3 },
	{ .label = "md0 raid0 2 x ST3400832AS", .kind = BAR_VALUE,
	  .value = 186.2, .has_range = true, .min = 181.0, .max = 190.4,
	  .nsamples = 5, .has_expect = true, .expect = 200 },
	{ .label = "md1 raid5 4 disks", .kind = BAR_VALUE, .value = 97.3,
	  .has_range = true, .min = 60.5, .max = 101.0, .nsamples = 3,
	  .highlight = true },
	{ .label = "vm 2.00a", .kind = BAR_VALUE, .value = 49.4,
	  .approx = true, .nsamples = 1 },
};

static const struct chart_bar state_bars[] = {
	{ .label = "raid0 seeks", .kind = BAR_VALUE, .value = 2046,
	  .has_range = true, .min = 1980, .max = 2111, .nsamples = 3 },
	{ .label = "ramdisk", .kind = BAR_TOO_FAST, .nsamples = 3 },
	{ .label = "-n 0 run", .kind = BAR_NOT_RUN },
	{ .label = "2.00a text table", .kind = BAR_INVALID },
	{ .label = "stalled", .kind = BAR_VALUE, .value = 0, .nsamples = 1 },
};

static const struct chart_bar long_bars[] = {
	/* 60 characters: two lines. */
	{ .label = "sata-raid5/4 x ST3400832AS/ext3 noatime deadline 2005-12-20",
	  .kind = BAR_VALUE, .value = 1.0e7, .nsamples = 2 },
	{ .label = "hw RAID-5 on a 3ware 9550SX-8LP, 8 x WD2500KS, xfs "
	  "sunit=128,swidth=896, write cache on, BBU", .kind = BAR_VALUE,
	  .value = 8.6e6, .has_range = true, .min = 8.1e6, .max = 9.3e6,
	  .nsamples = 3, .highlight = true },
	{ .label = "Größe_ohne_jede_Lücke_und_ganz_ohne_Trennzeichen_bis_zum_"
	  "Ende_der_Zeile", .kind = BAR_VALUE, .value = 4.2e6 },
	{ .label = "short", .kind = BAR_TOO_FAST },
};

/* A comparison page's chart: runs grouped by controller. */
static const struct chart_bar grouped_bars[] = {
	{ .label = "sata1 1 x ST3400832AS", .kind = BAR_VALUE, .value = 58.2,
	  .has_range = true, .min = 56.9, .max = 59.0, .nsamples = 3,
	  .group = "controller: Marvell MV88SX6081" },
	{ .label = "sata2 raid0 2 x ST3400832AS", .kind = BAR_VALUE,
	  .value = 112.6, .has_range = true, .min = 108.1, .max = 114.0,
	  .nsamples = 3, .group = "controller: Marvell MV88SX6081" },
	{ .label = "sata3 raid5 4 x ST3400832AS", .kind = BAR_VALUE,
	  .value = 41.3, .has_range = true, .min = 39.8, .max = 44.2,
	  .nsamples = 3, .highlight = true, .flag_text = "-52% vs raid0",
	  .group = "controller: Marvell MV88SX6081" },
	{ .label = "sil1 1 x ST3400832AS", .kind = BAR_VALUE, .value = 60.1,
	  .nsamples = 1, .group = "controller: Silicon Image SiI 3124" },
	{ .label = "sil2 raid0 2 x ST3400832AS", .kind = BAR_VALUE,
	  .value = 119.8, .has_range = true, .min = 117.5, .max = 121.3,
	  .nsamples = 5, .group = "controller: Silicon Image SiI 3124" },
	/* No group: stays under the previous heading. */
	{ .label = "sil3 ramdisk", .kind = BAR_TOO_FAST, .nsamples = 3 },
	{ .label = "3w1 raid5 8 x WD2500KS", .kind = BAR_VALUE, .value = 186.4,
	  .has_range = true, .min = 180.2, .max = 190.0, .nsamples = 3,
	  .has_expect = true, .expect = 200,
	  .group = "controller: 3ware 9550SX-8LP (hardware RAID-5, write "
	  "cache on, battery backup unit fitted, firmware FE9X 3.04.00.005, "
	  "driver 3w-9xxx 2.26.02.007)" },
	{ .label = "3w2 raid10 8 x WD2500KS", .kind = BAR_NOT_RUN,
	  .group = "controller: 3ware 9550SX-8LP (hardware RAID-5, write "
	  "cache on, battery backup unit fitted, firmware FE9X 3.04.00.005, "
	  "driver 3w-9xxx 2.26.02.007)" },
};

/* A series history: one host over time, where its metadata changed and
 * what the analysis flagged. */
static const struct chart_bar history_bars[] = {
	{ .label = "2005-11-02 2.6.14", .kind = BAR_VALUE, .value = 178.4,
	  .has_range = true, .min = 174.0, .max = 181.1, .nsamples = 3,
	  .has_expect = true, .expect = 185 },
	{ .label = "2005-11-20 2.6.14", .kind = BAR_VALUE, .value = 181.2,
	  .has_range = true, .min = 179.9, .max = 183.0, .nsamples = 3,
	  .has_expect = true, .expect = 185 },
	{ .label = "2005-12-05 2.6.15-rc5", .kind = BAR_VALUE, .value = 176.9,
	  .has_range = true, .min = 172.4, .max = 178.0, .nsamples = 3,
	  .has_expect = true, .expect = 185,
	  .change = "kernel: 2.6.14 → 2.6.15-rc5" },
	{ .label = "2005-12-20 2.6.15-rc5", .kind = BAR_VALUE, .value = 133.0,
	  .has_range = true, .min = 121.7, .max = 139.2, .nsamples = 3,
	  .has_expect = true, .expect = 185, .highlight = true,
	  .flag_text = "−25%",
	  .change = "scheduler: cfq → anticipatory" },
	{ .label = "2006-01-09 2.6.15", .kind = BAR_VALUE, .value = 35.1,
	  .has_range = true, .min = 33.0, .max = 36.4, .nsamples = 3,
	  .has_expect = true, .expect = 185, .highlight = true,
	  .flag_text = "19% of expected",
	  .change = "kernel: 2.6.15-rc5 → 2.6.15" },
	{ .label = "2006-02-14 2.6.16", .kind = BAR_VALUE, .value = 184.0,
	  .has_range = true, .min = 182.2, .max = 186.9, .nsamples = 3,
	  .has_expect = true, .expect = 185,
	  .change = "kernel: 2.6.15 → 2.6.16; scheduler: anticipatory "
	  "→ deadline; mount-options: noatime,data=writeback → "
	  "defaults; readahead: 256 → 4096" },
	{ .label = "2006-03-01 2.6.16", .kind = BAR_NOT_RUN, .has_expect = true,
	  .expect = 185, .highlight = true,
	  .flag_text = "block tests missing since this run" },
};

/* A series' trend by date: nightly runs where the kernel changed and
 * the analysis found a change point two nights later. */
static const struct chart_bar dated_bars[] = {
	{ .label = "night-01", .kind = BAR_VALUE, .value = 146.2,
	  .has_range = true, .min = 144.0, .max = 148.1, .nsamples = 3,
	  .has_when = true, .when = 20513, .when_label = "2026-03-01" },
	{ .label = "night-02", .kind = BAR_VALUE, .value = 144.9,
	  .nsamples = 1, .has_when = true, .when = 20514,
	  .when_label = "2026-03-02" },
	{ .label = "night-03", .kind = BAR_VALUE, .value = 147.0,
	  .nsamples = 1, .has_when = true, .when = 20515,
	  .when_label = "2026-03-03", .change = "kernel: 6.1 → 6.6" },
	{ .label = "night-05", .kind = BAR_VALUE, .value = 146.1,
	  .nsamples = 1, .has_when = true, .when = 20517,
	  .when_label = "2026-03-05" },
	{ .label = "night-06", .kind = BAR_VALUE, .value = 110.4,
	  .nsamples = 1, .has_when = true, .when = 20518,
	  .when_label = "2026-03-06", .highlight = true, .step = "step down" },
	{ .label = "night-07", .kind = BAR_TOO_FAST, .has_when = true,
	  .when = 20519, .when_label = "2026-03-07" },
	{ .label = "night-09", .kind = BAR_VALUE, .value = 111.0,
	  .nsamples = 1, .has_when = true, .when = 20521,
	  .when_label = "2026-03-09", .has_expect = true, .expect = 140,
	  .change = "scheduler: mq-deadline → none; readahead: 128 → 4096" },
	{ .label = "night-10", .kind = BAR_NOT_RUN, .has_when = true,
	  .when = 20522, .when_label = "2026-03-10" },
};

/* The same runs where one has no date: drawn in run order. */
static const struct chart_bar undated_bars[] = {
	{ .label = "night-01", .kind = BAR_VALUE, .value = 146.2,
	  .has_when = true, .when = 20513, .when_label = "2026-03-01" },
	{ .label = "night-02", .kind = BAR_VALUE, .value = 144.9 },
	{ .label = "night-03", .kind = BAR_VALUE, .value = 147.0,
	  .has_when = true, .when = 20515, .when_label = "2026-03-03",
	  .change = "kernel: 6.1 → 6.6" },
	{ .label = "night-06", .kind = BAR_VALUE, .value = 110.4,
	  .has_when = true, .when = 20518, .when_label = "2026-03-06",
	  .step = "-25%" },
	{ .label = "night-07", .kind = BAR_VALUE, .value = 146.0,
	  .has_when = true, .when = 20519, .when_label = "2026-03-07",
	  .step = "+32%", .step_better = true },
};

/* A fio run's latencies, a workload a group: a tail a hundred times the
 * median, on a logarithmic axis (a tick a decade, 1 to 10 000 us). */
static const struct chart_bar latency_bars[] = {
	{ .label = "mean", .kind = BAR_VALUE, .value = 16.4,
	  .group = "randread 4k QD1 io_uring direct" },
	{ .label = "p50", .kind = BAR_VALUE, .value = 12.1 },
	{ .label = "p99", .kind = BAR_VALUE, .value = 61.2, .has_range = true,
	  .min = 55.0, .max = 70.3, .nsamples = 3 },
	{ .label = "p99.9", .kind = BAR_VALUE, .value = 1450.0,
	  .highlight = true, .flag_text = "+140%" },
	{ .label = "mean", .kind = BAR_VALUE, .value = 545.1,
	  .group = "randread 4k QD64 io_uring direct" },
	{ .label = "p50", .kind = BAR_VALUE, .value = 3.2 },
	{ .label = "p99", .kind = BAR_VALUE, .value = 2441.0 },
	{ .label = "p99.9", .kind = BAR_NOT_RUN },
};

static const struct chart charts[] = {
	{ "Block write", "MiB/s", note_mib, normal_bars,
	  sizeof normal_bars / sizeof normal_bars[0], false, false, 0 },
	{ "Random seeks", "/s", "Median of the samples, whiskers min-max.\n"
	  "+++++ in bonnie++ output: the test ended too soon to be timed.",
	  state_bars, sizeof state_bars / sizeof state_bars[0], false, false, 0 },
	{ "Sequential create", "/s", NULL, long_bars,
	  sizeof long_bars / sizeof long_bars[0], false, false, 0 },
	{ "Block read", "MiB/s", note_mib, NULL, 0, false, false, 0 },
	{ "Block write by controller", "MiB/s", note_mib, grouped_bars,
	  sizeof grouped_bars / sizeof grouped_bars[0], false, false, 0 },
	{ "Block read history: fileserver1", "MiB/s", note_mib, history_bars,
	  sizeof history_bars / sizeof history_bars[0], false, false, 0 },
	{ "Block write", "MiB/s", note_mib, dated_bars,
	  sizeof dated_bars / sizeof dated_bars[0], true, false, 0 },
	{ "Block write", "MiB/s", note_mib, undated_bars,
	  sizeof undated_bars / sizeof undated_bars[0], true, false, 0 },
	{ "Block read history: fileserver1", "MiB/s", note_mib, history_bars,
	  sizeof history_bars / sizeof history_bars[0], true, false, 0 },
	{ "Completion latency", "\u00b5s", "Microseconds on a logarithmic "
	  "scale.", latency_bars, sizeof latency_bars / sizeof latency_bars[0],
	  false, true, 0 },
};

static const char *const chart_names[] = {
	"normal", "states", "long-label", "empty", "grouped", "history",
	"trend-dates", "trend-run-order", "trend-no-dates", "log-latency",
};

#define NCHARTS (sizeof charts / sizeof charts[0])

/* Pure parts. */

static void
check_axis(double max, int steps, double want_step, double want_top)
{
	double step, top;

	chart_nice_axis(max, steps, &step, &top);
	assert_float_equal(step, want_step, want_step * 1e-9);
	assert_float_equal(top, want_top, want_top * 1e-9);
}

static void
test_nice_axis(void **state)
{
	(void)state;
	check_axis(57.1, 7, 10, 60);
	check_axis(60, 6, 10, 60);
	check_axis(186, 7, 50, 200);
	check_axis(2046, 7, 500, 2500);
	check_axis(1e7, 7, 2e6, 1e7);
	check_axis(0.3, 3, 0.1, 0.3);
	check_axis(0.7, 7, 0.1, 0.7);
	check_axis(0, 7, 0.2, 1);	/* nothing to show still has an axis */
	check_axis(-3, 7, 0.2, 1);
	check_axis(101, 1, 200, 200);
}

/* Figures are display_number's (tests/unit/test_display.c). */
static void
test_format_tick(void **state)
{
	char buf[32];

	(void)state;
	chart_format_tick(buf, sizeof buf, 1.5, 0.5);
	assert_string_equal(buf, "1.5");
	chart_format_tick(buf, sizeof buf, 0.15, 0.05);
	assert_string_equal(buf, "0.15");
	chart_format_tick(buf, sizeof buf, 150, 50);
	assert_string_equal(buf, "150");
	chart_format_tick(buf, sizeof buf, 0, 0.2);
	assert_string_equal(buf, "0.0");
}

/* One unit per character, so widths are easy to count. */
static double
count_chars(const char *s, size_t n, void *ctx)
{
	double w = 0;

	(void)ctx;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
	return w;
}

/* Wraps s and checks the lines against want (NULL-terminated). */
static void
check_wrap(const char *s, double maxw, int maxlines, const char *const *want)
{
	char *lines[4];
	int n = chart_wrap(s, maxw, maxlines, count_chars, NULL, lines), k;

	for (k = 0; want[k] != NULL; k++)
		;
	assert_int_equal(n, k);
	for (int i = 0; i < n; i++) {
		assert_string_equal(lines[i], want[i]);
		assert_true(count_chars(lines[i], strlen(lines[i]), NULL) <=
		    maxw);
		free(lines[i]);
	}
}

static void
test_wrap(void **state)
{
	(void)state;
	check_wrap("abc", 10, 2, (const char *[]){ "abc", NULL });
	check_wrap("  abc  ", 10, 2, (const char *[]){ "abc", NULL });
	check_wrap("", 10, 2, (const char *[]){ NULL });
	check_wrap("hello world foo", 11, 2,
	    (const char *[]){ "hello world", "foo", NULL });
	check_wrap("raid5/ext3/noatime", 12, 2,
	    (const char *[]){ "raid5/ext3/", "noatime", NULL });
	check_wrap("sata-raid5 x", 8, 2,
	    (const char *[]){ "sata-", "raid5 x", NULL });
	/* No place to break: cut inside the word. */
	check_wrap("abcdefghijklmnopqrstuvwxyz", 10, 2,
	    (const char *[]){ "abcdefghij", "klmnopqrs…", NULL });
	/* The last line is elided, never broken inside a UTF-8 sequence. */
	check_wrap("Größe äöü ÄÖÜ ßßß", 6, 2,
	    (const char *[]){ "Größe", "äöü Ä…", NULL });
	check_wrap("one two three four five six", 9, 1,
	    (const char *[]){ "one two…", NULL });
	check_wrap("a b c d e f g h i j k l m n o p", 5, 3,
	    (const char *[]){ "a b c", "d e f", "g h…", NULL });
}

/* Layout against the golden files. */

static char *
read_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	if (fp == NULL)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = xmalloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

/* The layout of c at width pixels, as chart_dump gives it. */
static char *
dump_chart_at(const struct chart *c, double width, size_t *len)
{
	struct chart_geom *g = chart_layout(c, fonts, width);
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);

	assert_non_null(fp);
	chart_dump(fp, c, g);
	fclose(fp);
	chart_geom_free(g);
	return buf;
}

static char *
dump_chart(const struct chart *c, size_t *len)
{
	return dump_chart_at(c, CHART_WIDTH, len);
}

static size_t
count_str(const char *s, const char *what)
{
	size_t n = 0;

	for (const char *p = s; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

/* A phone's chart of latencies from 2 us to 1.6 s: seven decades on
 * 340 pixels keep a gridline each, and a label each only where they do
 * not run into each other (1, 100, 10000, 1000000). */
static void
test_log_ticks_thinned(void **state)
{
	struct chart_bar bars[] = {
		{ .label = "p50", .kind = BAR_VALUE, .value = 2.4 },
		{ .label = "p99.9", .kind = BAR_VALUE, .value = 1.6e6 },
	};
	struct chart c = { "Completion latency", "\u00b5s", NULL, bars, 2,
	    false, true, 0 };
	size_t len;
	char *buf = dump_chart_at(&c, 340, &len);

	(void)state;
	assert_non_null(strstr(buf, "axis log 1 to 10000000"));
	assert_non_null(strstr(buf, "tick \"1\" "));
	assert_non_null(strstr(buf, "tick \"100\" "));
	assert_non_null(strstr(buf, "tick \"10000\" "));
	assert_non_null(strstr(buf, "tick \"1000000\" "));
	assert_null(strstr(buf, "tick \"10\" "));
	assert_null(strstr(buf, "tick \"1000\" "));
	assert_int_equal(count_str(buf, "  grid "), 8);
	free(buf);
}

static void
test_golden_geometry(void **state)
{
	const char *dir = getenv("CHART_GOLDEN_DIR");
	int failed = 0;

	(void)state;
	for (size_t i = 0; i < NCHARTS; i++) {
		char *path = xasprintf("%s/%s.geom", dir ? dir : "tests/charts",
		    chart_names[i]), *want, *got;
		size_t wlen = 0, glen;
		FILE *fp;

		got = dump_chart(&charts[i], &glen);
		if (getenv("UPDATE") != NULL && (fp = fopen(path, "w")) != NULL) {
			fwrite(got, 1, glen, fp);
			fclose(fp);
		}
		want = read_file(path, &wlen);
		if (want == NULL || wlen != glen || memcmp(want, got, glen)) {
			print_error("%s differs; the layout is now:\n%s\n", path,
			    got);
			failed++;
		}
		free(want);
		free(got);
		free(path);
	}
	assert_int_equal(failed, 0);
}

/* Eight nights, the seventh flagged: its date is labelled though the
 * last night's label leaves no room for it and the others. */
static void
test_flagged_night_labelled(void **state)
{
	static const char *const dates[] = {"2026-11-20", "2026-11-21",
	    "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25",
	    "2026-11-26", "2026-11-27"};
	struct chart_bar bars[8];
	struct chart c = { "Block write", "MiB/s", NULL, bars, 8, true,
	    false, 0 };
	size_t len;
	char *d;

	(void)state;
	for (int k = 0; k < 8; k++)
		bars[k] = (struct chart_bar){ .label = dates[k],
		    .kind = BAR_VALUE, .value = k < 6 ? 290 : 192,
		    .nsamples = 1, .has_when = true, .when = 20777 + k,
		    .when_label = dates[k], .highlight = k == 6,
		    .step = k == 6 ? "-29%" : NULL };
	d = dump_chart(&c, &len);
	assert_non_null(strstr(d, "\"2026-11-26\""));
	assert_non_null(strstr(d, "\"2026-11-20\""));
	free(d);
}

static void
test_layout_rules(void **state)
{
	size_t len;
	char *d;

	(void)state;
	d = dump_chart(&charts[1], &len);
	/* Too fast spans the whole axis and says so; never a zero bar. */
	assert_non_null(strstr(d, "text \"too fast to measure\""));
	assert_non_null(strstr(d, "text \"not run\""));
	assert_non_null(strstr(d, "text \"no valid figure\""));
	assert_non_null(strstr(d, "caption \"operations per second\""));
	free(d);
	d = dump_chart(&charts[3], &len);
	assert_non_null(strstr(d, "empty \"no runs\""));
	assert_null(strstr(d, "axis"));
	free(d);
	d = dump_chart(&charts[2], &len);
	assert_non_null(strstr(d, "…"));
	free(d);
}

static void
test_flag_symbol(void **state)
{
	(void)state;
	/* DejaVu Sans 2.x has U+26A0 in both faces; "!" is the fallback. */
	assert_string_equal(chart_flag_symbol(fonts), "⚠");
}

/* A heading where the group changes to another non-NULL one. */
static void
test_groups(void **state)
{
	static const struct chart_bar bars[] = {
		{ .label = "a1", .kind = BAR_VALUE, .value = 1, .group = "A" },
		{ .label = "a2", .kind = BAR_VALUE, .value = 2, .group = "A" },
		{ .label = "none", .kind = BAR_VALUE, .value = 3 },
		{ .label = "a3", .kind = BAR_VALUE, .value = 4, .group = "A" },
		{ .label = "b1", .kind = BAR_VALUE, .value = 5, .group = "B" },
		{ .label = "blank", .kind = BAR_VALUE, .value = 6,
		  .group = " \t " },
		{ .label = "b2", .kind = BAR_VALUE, .value = 7, .group = "B" },
	};
	struct chart c = { "g", "MiB/s", NULL, bars, 7, false, false, 0 };
	size_t len;
	char *d = dump_chart(&c, &len), *p;

	(void)state;
	assert_int_equal(count_str(d, "group band"), 4);
	assert_int_equal(count_str(d, "heading \"A\""), 2);
	assert_int_equal(count_str(d, "heading \"B\""), 2);
	/* Each heading comes right before the row that opens the group. */
	p = strstr(d, "heading \"A\"");
	assert_non_null(p = strstr(p, "\nrow "));
	assert_int_equal(strncmp(p, "\nrow 1 ", 7), 0);
	p = strstr(p, "heading \"A\"");
	assert_non_null(p = strstr(p, "\nrow "));
	assert_int_equal(strncmp(p, "\nrow 4 ", 7), 0);
	free(d);

	d = dump_chart(&charts[4], &len);
	assert_int_equal(count_str(d, "group band"), 3);
	assert_non_null(strstr(d, "heading \"controller: Marvell MV88SX6081\""));
	/* A heading longer than the chart is elided. */
	assert_non_null(strstr(d, "heading \"controller: 3ware 9550SX-8LP"));
	assert_non_null(strstr(d, "…\" at 16.0,"));
	free(d);
}

static void
test_flags_and_changes(void **state)
{
	size_t len;
	char *d = dump_chart(&charts[5], &len);

	(void)state;
	assert_int_equal(count_str(d, " striped\n"), 2);
	assert_int_equal(count_str(d, "  mark \"⚠\""), 3);
	assert_int_equal(count_str(d, "  flag \""), 3);
	assert_non_null(strstr(d, "  flag \"19% of expected\""));
	assert_non_null(strstr(d, "  flag \"−25%\""));
	assert_int_equal(count_str(d, "change band"), 4);
	assert_non_null(strstr(d, "  text \"scheduler: cfq → anticipatory\""));
	/* The long change is elided, its line left standing. */
	assert_non_null(strstr(d, "  text \"kernel: 2.6.15 → 2.6.16; "));
	assert_int_equal(count_str(d, "…\""), 1);
	/* Every mark said once in the legend however many bars have it. */
	assert_int_equal(count_str(d, "▼"), 1);
	assert_int_equal(count_str(d, "flagged by the analysis"), 1);
	free(d);
	/* Nothing new where nothing asks for it. */
	d = dump_chart(&charts[1], &len);
	assert_null(strstr(d, "group"));
	assert_null(strstr(d, "change"));
	assert_null(strstr(d, "mark"));
	assert_null(strstr(d, "flagged by"));
	free(d);
}

/* Checks that every figure, flag text, heading and change text of the
 * dump of c at width w ends inside the chart; returns the plot width. */
static double
check_inside(const struct chart *c, double w)
{
	struct chart_geom *g = chart_layout(c, fonts, w);
	char *buf = NULL, *line, *save = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);
	double x, y, tw, px0 = 0, px1 = 0;

	assert_non_null(fp);
	chart_dump(fp, c, g);
	fclose(fp);
	chart_geom_free(g);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		const char *at = strrchr(line, '"');

		if (strncmp(line, "axis ", 5) == 0 ||
		    strncmp(line, "trend ", 6) == 0)
			assert_int_equal(sscanf(strstr(line, " plot "),
			    " plot %lf-%lf", &px0, &px1), 2);
		if (strncmp(line, "  mark ", 7) != 0 &&
		    strncmp(line, "  text ", 7) != 0 &&
		    strncmp(line, "  flag ", 7) != 0 &&
		    strncmp(line, "  heading ", 10) != 0 &&
		    strncmp(line, "  step ", 7) != 0 &&
		    strncmp(line, "  number ", 9) != 0 &&
		    strncmp(line, "time ", 5) != 0 &&
		    strncmp(line, "legend ", 7) != 0)
			continue;
		assert_non_null(at);
		assert_int_equal(sscanf(at, "\" at %lf,%lf w %lf", &x, &y,
		    &tw), 3);
		if (x + tw > w - 16 + 0.05)
			fail_msg("width %g: %s runs off the chart", w, line);
	}
	free(buf);
	return px1 - px0;
}

static char *svg_bytes(const struct chart *c, int *len);

/* Trends: the time axis says what it is, changes are numbered in the
 * marks and the legend, change points ruled, and the SVG's titles hold
 * the whole texts. */
static void
test_trends(void **state)
{
	size_t len;
	int n;
	char *d = dump_chart(&charts[6], &len), *s;

	(void)state;
	assert_non_null(strstr(d, "trend by date,"));
	assert_non_null(strstr(d, "caption \"date (meta date)\""));
	assert_int_equal(count_str(d, "  change point rule "), 1);
	assert_int_equal(count_str(d, "  number \""), 2);
	assert_non_null(strstr(d, "legend \"1: kernel: 6.1 → 6.6 (from "
	    "night-03 on)\""));
	assert_null(strstr(d, "  label "));
	free(d);
	d = dump_chart(&charts[7], &len);
	assert_non_null(strstr(d, "trend by run order,"));
	assert_non_null(strstr(d, "\"run order (1 of 5 runs have no date)\""));
	assert_non_null(strstr(d, "time \"5\""));
	/* a fall and a rise ruled apart: orange and blue */
	assert_non_null(strstr(d, "  change point rule 451.5 \"-25%\" worse"));
	assert_non_null(strstr(d, "\"+32%\" better"));
	free(d);
	s = svg_bytes(&charts[7], &n);
	assert_non_null(strstr(s, "; change point: +32%, better</title>"));
	assert_non_null(strstr(s, "fill=\"#1c5d99\" textLength=\"36.73\" "
	    "lengthAdjust=\"spacingAndGlyphs\">+32%</text>"));
	free(s);
	d = dump_chart(&charts[8], &len);
	assert_non_null(strstr(d, "\"run order (no run has a date)\""));
	assert_int_equal(count_str(d, "  number \""), 4);
	free(d);
	s = svg_bytes(&charts[6], &n);
	assert_non_null(strstr(s, "aria-label=\"Block write: trend by date "
	    "chart of 8 runs\""));
	assert_non_null(strstr(s, "<title>night-03, 2026-03-03: 147 MiB/s "
	    "(1 sample); change: kernel: 6.1 → 6.6</title>"));
	assert_non_null(strstr(s, "; change point: step down, worse</title>"));
	free(s);
}

static void
test_tails_fit(void **state)
{
	static const struct chart_bar bars[] = {
		{ .label = "base", .kind = BAR_VALUE, .value = 100 },
		/* The longest bar, flagged with a long text. */
		{ .label = "new", .kind = BAR_VALUE, .value = 190.5,
		  .has_range = true, .min = 180, .max = 199, .highlight = true,
		  .has_expect = true, .expect = 120,
		  .flag_text = "+90% over the baseline: check the write cache "
		  "settings of the controller before trusting it" },
		{ .label = "short", .kind = BAR_VALUE, .value = 150,
		  .highlight = true, .flag_text = "-12%" },
	};
	static const struct chart_bar plain_bars[] = {
		{ .label = "base", .kind = BAR_VALUE, .value = 100 },
		{ .label = "new", .kind = BAR_VALUE, .value = 190.5,
		  .has_range = true, .min = 180, .max = 199,
		  .has_expect = true, .expect = 120 },
		{ .label = "short", .kind = BAR_VALUE, .value = 150 },
	};
	struct chart c = { "fit", "MiB/s", NULL, bars, 3, false, false, 0 };
	struct chart plain = { "fit", "MiB/s", NULL, plain_bars, 3, false, false,
	    0 };
	size_t len;
	char *d;

	(void)state;
	for (double w = 360; w <= 1200; w += 40) {
		for (size_t i = 0; i < NCHARTS; i++)
			check_inside(&charts[i], w);
		/* Flags narrow the plot by a quarter at most (bold figures
		 * are a little wider). */
		assert_true(check_inside(&c, w) >=
		    0.75 * check_inside(&plain, w) - 4);
	}
	d = dump_chart(&c, &len);
	assert_non_null(strstr(d, "  flag \"+90% over the "));
	assert_non_null(strstr(d, "  flag \"-12%\""));
	assert_int_equal(count_str(d, "…\""), 1);
	free(d);
}

/* SVG. */

static char *
svg_bytes(const struct chart *c, int *len)
{
	char err[CHART_ERR_SIZE] = "";
	xmlDocPtr doc = chart_svg(c, fonts, err);
	xmlChar *buf;

	if (doc == NULL)
		fail_msg("chart_svg: %s", err);
	xmlDocDumpMemory(doc, &buf, len);
	xmlFreeDoc(doc);
	return (char *)buf;
}

static void
test_svg(void **state)
{
	for (size_t i = 0; i < NCHARTS; i++) {
		int n1, n2;
		char *a = svg_bytes(&charts[i], &n1);
		char *b = svg_bytes(&charts[i], &n2);
		xmlDocPtr doc = xmlReadMemory(a, n1, NULL, NULL, XML_PARSE_NONET);

		(void)state;
		assert_non_null(doc);
		xmlFreeDoc(doc);
		assert_null(strstr(a, "surface"));
		assert_non_null(strstr(a, "<title>"));
		assert_non_null(strstr(a, "role=\"img\""));
		assert_non_null(strstr(a, "width=\"720\""));
		assert_int_equal(n1, n2);
		assert_memory_equal(a, b, (size_t)n1);
		xmlFree(a);
		xmlFree(b);
	}
}

static void
test_svg_text(void **state)
{
	int n;
	char *s;

	(void)state;
	s = svg_bytes(&charts[0], &n);
	assert_non_null(strstr(s, "<title>Block write</title>"));
	assert_non_null(strstr(s, "hda ext3: 55.7 MiB/s (3 samples, "
	    "52.0-57.1)"));
	assert_non_null(strstr(s, "vm 2.00a: ~49.4 MiB/s (1 sample)"));
	assert_non_null(strstr(s, "expected 200 MiB/s"));
	assert_non_null(strstr(s, "fill-opacity=\"0\""));
	xmlFree(s);
	s = svg_bytes(&charts[1], &n);
	assert_non_null(strstr(s, "ramdisk: too fast to measure"));
	assert_non_null(strstr(s, "-n 0 run: not run"));
	assert_non_null(strstr(s, "raid0 seeks: 2046/s"));
	xmlFree(s);
	s = svg_bytes(&charts[2], &n);
	/* The full label, not the elided one, for hovering. */
	assert_non_null(strstr(s, "<title>sata-raid5/4 x ST3400832AS/ext3 "
	    "noatime deadline 2005-12-20: 10000000/s (2 samples)</title>"));
	assert_non_null(strstr(s, "<title>hw RAID-5 on a 3ware 9550SX-8LP, "
	    "8 x WD2500KS, xfs sunit=128,swidth=896, write cache on, BBU: "
	    "8600000/s (3 samples, 8100000-9300000, flagged)</title>"));
	xmlFree(s);
	s = svg_bytes(&charts[4], &n);
	assert_non_null(strstr(s, "aria-label=\"Block write by controller: "
	    "bar chart of 8 runs in 3 groups\""));
	assert_non_null(strstr(s, "<desc>Group: controller: Marvell "
	    "MV88SX6081\nsata1 1 x ST3400832AS: 58.2 MiB/s"));
	assert_non_null(strstr(s, "\nGroup: controller: 3ware 9550SX-8LP "
	    "(hardware RAID-5, write cache on, battery backup unit fitted, "
	    "firmware FE9X 3.04.00.005, driver 3w-9xxx 2.26.02.007)\n"));
	assert_non_null(strstr(s, "<title>sata3 raid5 4 x ST3400832AS: 41.3 "
	    "MiB/s (3 samples, 39.8-44.2, flagged: -52% vs raid0)</title>"));
	xmlFree(s);
	s = svg_bytes(&charts[5], &n);
	assert_non_null(strstr(s, "<title>2006-01-09 2.6.15: 35.1 MiB/s (3 "
	    "samples, 33.0-36.4, expected 185 MiB/s, flagged: 19% of "
	    "expected); change: kernel: 2.6.15-rc5 → 2.6.15</title>"));
	/* The whole change, elided in the drawing. */
	assert_non_null(strstr(s, "<title>2006-02-14 2.6.16: 184 MiB/s (3 "
	    "samples, 182-187, expected 185 MiB/s); change: kernel: 2.6.15 "
	    "→ 2.6.16; scheduler: anticipatory → deadline; mount-options: "
	    "noatime,data=writeback → defaults; readahead: 256 → "
	    "4096</title>"));
	assert_non_null(strstr(s, "2006-03-01 2.6.16: not run (expected 185 "
	    "MiB/s, flagged: block tests missing since this run)"));
	assert_int_equal(count_str(s, "; change: "), 2 * 4);
	xmlFree(s);
}

static void
test_svg_bad_utf8(void **state)
{
	static const struct chart_bar bars[] = {
		{ .label = "bad \xff\xc3 tab\there <&>", .kind = BAR_VALUE,
		  .value = 1, .highlight = true, .flag_text = "f\xfe<\x02>",
		  .group = "g\xc0&\x1b", .change = "c\xed\xa0\x80]]>" },
	};
	struct chart c = { "t\x80", "MiB/s", "n\x01", bars, 1, false, false, 0 };
	xmlDocPtr doc;
	int n;
	char *s = svg_bytes(&c, &n);

	(void)state;
	doc = xmlReadMemory(s, n, NULL, NULL, XML_PARSE_NONET);
	assert_non_null(doc);
	xmlFreeDoc(doc);
	assert_non_null(strstr(s, "bad \xef\xbf\xbd\xef\xbf\xbd tab here "
	    "&lt;&amp;&gt;"));
	assert_non_null(strstr(s, "flagged: f\xef\xbf\xbd&lt; &gt;)"));
	assert_non_null(strstr(s, "Group: g\xef\xbf\xbd&amp;"));
	assert_non_null(strstr(s, "change: c\xef\xbf\xbd\xef\xbf\xbd"
	    "\xef\xbf\xbd]]&gt;"));
	xmlFree(s);
}

/* One text of the layout: from the dump or from a <text> element. */
struct ptext {
	char *s;
	double x, y, w;
	bool used;
};

/* The texts of chart_dump's lines: what "s" at x,y w W. */
static size_t
dump_texts(const struct chart *c, struct ptext **out)
{
	size_t len, n = 0, cap = 0;
	char *d = dump_chart(c, &len), *line, *save = NULL, *q, *e;

	*out = NULL;
	for (line = strtok_r(d, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		struct ptext t = { 0 };

		if ((q = strchr(line, '"')) == NULL ||
		    (e = strstr(q + 1, "\" at ")) == NULL)
			continue;
		while (strstr(e + 1, "\" at ") != NULL)
			e = strstr(e + 1, "\" at ");
		assert_int_equal(sscanf(e, "\" at %lf,%lf w %lf", &t.x, &t.y,
		    &t.w), 3);
		t.s = xstrndup(q + 1, (size_t)(e - q - 1));
		xgrow((void **)out, &cap, n + 1, sizeof **out);
		(*out)[n++] = t;
	}
	free(d);
	return n;
}

static double
num_prop(xmlNodePtr n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *end;
	double d;

	assert_non_null(v);
	d = strtod((const char *)v, &end);
	assert_true(end != (char *)v && *end == '\0');
	xmlFree(v);
	return d;
}

static void
svg_texts(xmlNodePtr n, struct ptext **out, size_t *nt, size_t *cap)
{
	xmlChar *v;

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (xmlStrEqual(n->name, (const xmlChar *)"text")) {
			struct ptext t = { 0 };

			v = xmlNodeGetContent(n);
			t.s = xstrdup((const char *)v);
			xmlFree(v);
			t.x = num_prop(n, "x");
			t.y = num_prop(n, "y");
			t.w = num_prop(n, "textLength");
			v = xmlGetProp(n, (const xmlChar *)"lengthAdjust");
			assert_string_equal((const char *)v,
			    "spacingAndGlyphs");
			xmlFree(v);
			xgrow((void **)out, cap, *nt + 1, sizeof **out);
			(*out)[(*nt)++] = t;
		}
		svg_texts(n->children, out, nt, cap);
	}
}

/* Every text of the layout is a <text> element where cairo would draw
 * it, as long as cairo measured it; no glyph outline is left. */
static void
test_svg_text_elements(void **state)
{
	(void)state;
	for (size_t i = 0; i < NCHARTS; i++) {
		struct ptext *want, *got = NULL;
		size_t nwant = dump_texts(&charts[i], &want), ngot = 0, cap = 0;
		int n;
		char *s = svg_bytes(&charts[i], &n);
		xmlDocPtr doc = xmlReadMemory(s, n, NULL, NULL,
		    XML_PARSE_NONET);

		assert_non_null(doc);
		assert_null(strstr(s, "<symbol"));
		assert_null(strstr(s, "<use"));
		assert_null(strstr(s, "glyph"));
		assert_non_null(strstr(s, "font-family=\"'DejaVu Sans', "));
		svg_texts(xmlDocGetRootElement(doc), &got, &ngot, &cap);
		assert_int_equal(ngot, nwant);
		for (size_t k = 0; k < ngot; k++) {
			size_t j;

			for (j = 0; j < nwant; j++)
				if (!want[j].used &&
				    strcmp(want[j].s, got[k].s) == 0 &&
				    fabs(want[j].x - got[k].x) < 0.06 &&
				    fabs(want[j].y - got[k].y) < 0.06 &&
				    fabs(want[j].w - got[k].w) < 0.06)
					break;
			if (j == nwant)
				fail_msg("chart %zu: <text> \"%s\" at %.2f,%.2f "
				    "w %.2f is not in the layout", i, got[k].s,
				    got[k].x, got[k].y, got[k].w);
			want[j].used = true;
		}
		for (size_t k = 0; k < ngot; k++)
			free(got[k].s);
		for (size_t k = 0; k < nwant; k++)
			free(want[k].s);
		free(got);
		free(want);
		xmlFreeDoc(doc);
		xmlFree(s);
	}
}

static void
test_svg_text_style(void **state)
{
	static const struct chart_bar bars[] = {
		{ .label = "a <b> & \"c\"", .kind = BAR_VALUE, .value = 1 },
	};
	struct chart c = { "</text><script>x</script>", "MiB/s", NULL, bars,
	    1, false, false, 0 };
	int n;
	char *s;

	(void)state;
	s = svg_bytes(&charts[0], &n);
	/* The title: bold, 15 units, dark; labels take the group's style. */
	assert_non_null(strstr(s, " font-size=\"15\" font-weight=\"bold\" "
	    "fill=\"#1a1a1a\" textLength=\""));
	assert_non_null(strstr(s, "lengthAdjust=\"spacingAndGlyphs\">Block "
	    "write</text>"));
	/* Each row a group: its title, the hover rect, then its texts. */
	assert_non_null(strstr(s, "<g><title>hda ext3: 55.7 MiB/s (3 samples, "
	    "52.0-57.1)</title><rect x=\"16.0\" "));
	assert_non_null(strstr(s, "lengthAdjust=\"spacingAndGlyphs\">hda "
	    "ext3</text>"));
	/* The legend's double spaces are kept. */
	assert_non_null(strstr(s, "xml:space=\"preserve\">~ = the input"));
	xmlFree(s);
	s = svg_bytes(&c, &n);
	assert_non_null(strstr(s, ">&lt;/text&gt;&lt;script&gt;x&lt;/script"
	    "&gt;</text>"));
	assert_non_null(strstr(s, ">a &lt;b&gt; &amp; \"c\"</text>"));
	xmlFree(s);
	/* Seeks keep a decimal up to 1000 a second, as their tables do. */
	struct chart_bar seek_bar[] = {
		{ .label = "r", .kind = BAR_VALUE, .value = 439.52 },
	};
	struct chart seeks = { "Random seeks", "/s", NULL, seek_bar, 1, false,
	    false, 1000 };
	s = svg_bytes(&seeks, &n);
	assert_non_null(strstr(s, ">439.5</text>"));
	assert_null(strstr(s, ">440</text>"));
	assert_null(strstr(s, "<script"));
	xmlFree(s);
}

/* Each chart drawn in a new process has the bytes it has here, after
 * other charts: cairo's process-wide surface counter must not show. */
static void
test_svg_same_in_new_process(void **state)
{
	(void)state;
	for (size_t i = 0; i < NCHARTS; i++) {
		char *cmd = xasprintf("'%s' --svg %zu", self, i), *got = NULL;
		size_t glen = 0, cap = 0, r;
		FILE *p = popen(cmd, "r");
		int n;
		char *want = svg_bytes(&charts[i], &n);

		assert_non_null(p);
		do {
			xgrow((void **)&got, &cap, glen + 4096, 1);
			r = fread(got + glen, 1, 4096, p);
			glen += r;
		} while (r > 0);
		assert_int_equal(pclose(p), 0);
		assert_int_equal(glen, (size_t)n);
		assert_memory_equal(got, want, glen);
		xmlFree(want);
		free(got);
		free(cmd);
	}
}

static void
collect_ids(xmlNodePtr n, char ***ids, size_t *nids, size_t *cap)
{
	xmlChar *v;

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if ((v = xmlGetProp(n, (const xmlChar *)"id")) != NULL) {
			xgrow((void **)ids, cap, *nids + 1, sizeof **ids);
			(*ids)[(*nids)++] = xstrdup((char *)v);
			xmlFree(v);
		}
		collect_ids(n->children, ids, nids, cap);
	}
}

static bool
has_id(char **ids, size_t n, const char *id, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(ids[i]) == len && strncmp(ids[i], id, len) == 0)
			return true;
	return false;
}

static void
test_prefix_ids(void **state)
{
	char err[CHART_ERR_SIZE], **ids = NULL, *s, *p;
	xmlDocPtr doc = chart_svg(&charts[1], fonts, err);
	size_t nids = 0, cap = 0, refs = 0;
	xmlChar *buf;
	int n;

	(void)state;
	assert_non_null(doc);
	chart_prefix_ids(xmlDocGetRootElement(doc), "c2-");
	collect_ids(xmlDocGetRootElement(doc), &ids, &nids, &cap);
	assert_true(nids > 0);
	for (size_t i = 0; i < nids; i++)
		assert_int_equal(strncmp(ids[i], "c2-", 3), 0);
	xmlDocDumpMemory(doc, &buf, &n);
	s = (char *)buf;
	for (p = s; (p = strstr(p, "href=\"#")) != NULL; refs++) {
		p += 7;
		assert_true(has_id(ids, nids, p, strcspn(p, "\"")));
	}
	for (p = s; (p = strstr(p, "url(#")) != NULL; refs++) {
		p += 5;
		assert_true(has_id(ids, nids, p, strcspn(p, ")")));
	}
	assert_true(refs > nids / 2);
	assert_non_null(strstr(s, "url(#c2-clip"));	/* the hatching */
	for (size_t i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	xmlFree(buf);
	xmlFreeDoc(doc);
}

/* PNG. */

static unsigned long
be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
	    (unsigned long)p[2] << 8 | p[3];
}

static void
test_png(void **state)
{
	static const unsigned char sig[] = "\x89PNG\r\n\x1a\n";
	char err[CHART_ERR_SIZE];
	unsigned char *buf, *buf2;
	size_t len, len2;
	struct chart_geom *g = chart_layout(&charts[0], fonts, CHART_WIDTH);

	(void)state;
	assert_int_equal(chart_png(&charts[0], fonts, 2, &buf, &len, err), 0);
	assert_true(len > 33);
	assert_memory_equal(buf, sig, 8);
	assert_memory_equal(buf + 12, "IHDR", 4);
	assert_int_equal(be32(buf + 16), 1440);
	assert_int_equal(be32(buf + 20), 2 * chart_geom_height(g));
	assert_int_equal(chart_png(&charts[0], fonts, 2, &buf2, &len2, err), 0);
	assert_int_equal(len, len2);
	assert_memory_equal(buf, buf2, len);
	free(buf2);
	free(buf);
	assert_int_equal(chart_png(&charts[3], fonts, 1, &buf, &len, err), 0);
	assert_int_equal(be32(buf + 16), 720);
	free(buf);
	assert_int_equal(chart_png(&charts[0], fonts, 0, &buf, &len, err), -1);
	assert_null(buf);
	chart_geom_free(g);
	for (size_t i = 4; i < NCHARTS; i++) {
		g = chart_layout(&charts[i], fonts, CHART_WIDTH);
		assert_int_equal(chart_png(&charts[i], fonts, 2, &buf, &len,
		    err), 0);
		assert_int_equal(be32(buf + 20), 2 * chart_geom_height(g));
		assert_int_equal(chart_png(&charts[i], fonts, 2, &buf2, &len2,
		    err), 0);
		assert_int_equal(len, len2);
		assert_memory_equal(buf, buf2, len);
		free(buf2);
		free(buf);
		chart_geom_free(g);
	}
}

struct reader {
	const unsigned char *p;
	size_t n;
};

static cairo_status_t
read_mem(void *closure, unsigned char *data, unsigned int len)
{
	struct reader *r = closure;

	if (len > r->n)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->p, len);
	r->p += len;
	r->n -= len;
	return CAIRO_STATUS_SUCCESS;
}

/* The PNG decodes (through cairo's reader, libpng) to the pixels
 * chart_draw gives on a cairo image: 8-bit RGB, no alpha, no chunk but
 * IHDR, the encoder's list of strips (bnSt, before the image data),
 * IDAT and IEND. (Read back through cairo rather than libpng: the
 * pixels then come in the form of the image surface they are compared
 * with.) */
static void
test_png_pixels(void **state)
{
	char err[CHART_ERR_SIZE];
	unsigned char *buf;
	size_t len;

	(void)state;
	for (size_t i = 0; i < NCHARTS; i++) {
		struct chart_geom *g = chart_layout(&charts[i], fonts,
		    CHART_WIDTH);
		int w = 1440, h = (int)(2 * chart_geom_height(g));
		struct reader rd;
		cairo_surface_t *s, *d;
		cairo_t *cr;
		const unsigned char *a, *b;

		assert_int_equal(chart_png(&charts[i], fonts, 2, &buf, &len,
		    err), 0);
		assert_int_equal(buf[24], 8);		/* bit depth */
		assert_int_equal(buf[25], 2);		/* RGB */
		for (size_t at = 8, strips = 0, idat = 0; at < len; ) {
			unsigned long n = be32(buf + at);
			const unsigned char *type = buf + at + 4;

			assert_true(memcmp(type, "IHDR", 4) == 0 ||
			    memcmp(type, "bnSt", 4) == 0 ||
			    memcmp(type, "IDAT", 4) == 0 ||
			    memcmp(type, "IEND", 4) == 0);
			strips += memcmp(type, "bnSt", 4) == 0;
			idat += memcmp(type, "IDAT", 4) == 0;
			if (idat == 1 && memcmp(type, "IDAT", 4) == 0)
				assert_int_equal(strips, 1);
			at += 12 + n;
			assert_true(at <= len);
		}
		assert_memory_equal(buf + len - 8, "IEND", 4);
		rd = (struct reader){ buf, len };
		d = cairo_image_surface_create_from_png_stream(read_mem, &rd);
		assert_int_equal(cairo_surface_status(d), CAIRO_STATUS_SUCCESS);
		assert_int_equal(cairo_image_surface_get_format(d),
		    CAIRO_FORMAT_RGB24);
		assert_int_equal(cairo_image_surface_get_width(d), w);
		assert_int_equal(cairo_image_surface_get_height(d), h);
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
		cr = cairo_create(s);
		cairo_scale(cr, 2, 2);
		chart_draw(cr, &charts[i], g, fonts);
		cairo_destroy(cr);
		cairo_surface_flush(s);
		for (int y = 0; y < h; y++) {
			a = cairo_image_surface_get_data(s) + (size_t)y *
			    (size_t)cairo_image_surface_get_stride(s);
			b = cairo_image_surface_get_data(d) + (size_t)y *
			    (size_t)cairo_image_surface_get_stride(d);
			for (int x = 0; x < w; x++) {
				uint32_t pa, pb;

				memcpy(&pa, a + 4 * x, 4);
				memcpy(&pb, b + 4 * x, 4);
				if ((pa & 0xffffff) != (pb & 0xffffff))
					fail_msg("chart %zu: pixel %d,%d is "
					    "%06x, drawn %06x", i, x, y,
					    (unsigned)(pb & 0xffffff),
					    (unsigned)(pa & 0xffffff));
			}
		}
		cairo_surface_destroy(d);
		cairo_surface_destroy(s);
		free(buf);
		chart_geom_free(g);
	}
}

/* ---- a PNG drawn again from an earlier one ---- */

#define TALL 60

static struct chart_bar tall_bars[TALL];
static char tall_labels[TALL][48];

/* A metric's chart at its largest: 60 bars under a few headings, some
 * flagged, some with a change marker or a target; 61 strips at 2x. */
static struct chart
tall_chart(void)
{
	for (int i = 0; i < TALL; i++) {
		snprintf(tall_labels[i], sizeof tall_labels[i],
		    "stor%02d.lab.example.org 2021-03-%02d", i, i % 28 + 1);
		tall_bars[i] = (struct chart_bar){ .label = tall_labels[i],
		    .kind = i % 17 == 5 ? BAR_TOO_FAST : BAR_VALUE,
		    .value = 50 + (i * 37) % 300, .has_range = i % 3 == 0,
		    .min = 45 + (i * 37) % 300, .max = 56 + (i * 37) % 300,
		    .nsamples = 3, .highlight = i % 11 == 4,
		    .flag_text = i % 11 == 4 ? "-31%" : NULL,
		    .has_expect = i % 7 == 2, .expect = 320,
		    .group = i < 20 ? "controller: MV88SX6081" : i < 45 ?
		    "controller: SiI 3124" : "controller: 3ware 9550SX",
		    .change = i % 13 == 9 ? "kernel: 2.6.14 → 2.6.15" :
		    NULL };
	}
	return (struct chart){ "Block write", "MiB/s", note_mib, tall_bars,
	    TALL, false, false, 0 };
}

/* The keys of a PNG's strips (its bnSt chunk: 48 bytes a strip, the key
 * from byte 16); their count. */
static size_t
strip_keys(const unsigned char *png, size_t len, const unsigned char **keys)
{
	for (size_t at = 8; at + 12 <= len; at += 12 + png_be32(png + at))
		if (memcmp(png + at + 4, "bnSt", 4) == 0) {
			*keys = png + at + 12 + 16;
			return png_be32(png + at + 8);
		}
	fail_msg("no bnSt chunk");
	return 0;
}

enum tall_change { T_VALUE, T_LABEL, T_FLAG, T_CHANGE, T_CHANGE_TEXT,
	T_GROUP, T_TITLE, T_AXIS, T_COUNT };

static void
tall_change(struct chart *c, enum tall_change k)
{
	switch (k) {
	case T_VALUE:
		tall_bars[30].value += 1;
		break;
	case T_LABEL:
		tall_bars[59].label = "stor59.lab.example.org 2021-04-01";
		break;
	case T_FLAG:
		tall_bars[10].highlight = true;
		tall_bars[10].flag_text = "19% of expected";
		break;
	case T_CHANGE:
		tall_bars[45].change = "scheduler: cfq → deadline";
		break;
	case T_CHANGE_TEXT:
		tall_bars[22].change = "kernel: 2.6.14 → 2.6.16";
		break;
	case T_GROUP:
		for (int i = 20; i < 45; i++)
			tall_bars[i].group = "controller: SiI 3132";
		break;
	case T_TITLE:
		c->title = "Block write, all hosts";
		break;
	case T_AXIS:
		tall_bars[0].value = 900;
		break;
	default:
		break;
	}
}

/* Drawn again from the PNG of the chart before a change, with the keys
 * of its strips trusted, the chart has the very bytes of a PNG drawn
 * afresh: a strip copied for its key shows what drawing it would (the
 * pixels are compared through the deflated bytes). One bar's new value
 * changes the key of the strip it is in, and of no other. */
static void
test_png_again(void **state)
{
	char err[CHART_ERR_SIZE];

	(void)state;
	for (int k = 0; k < T_COUNT; k++) {
		struct chart c = tall_chart();
		unsigned char *old, *fresh, *again;
		size_t nold, nfresh, nagain, n;
		const unsigned char *ko, *kn;
		int copied, differ = 0;

		assert_int_equal(chart_png(&c, fonts, 2, &old, &nold, err), 0);
		tall_change(&c, (enum tall_change)k);
		assert_int_equal(chart_png(&c, fonts, 2, &fresh, &nfresh,
		    err), 0);
		assert_int_equal(chart_png_again(&c, fonts, 2, old, nold, true,
		    &again, &nagain, &copied, err), 0);
		if (nagain != nfresh || memcmp(again, fresh, nfresh) != 0)
			fail_msg("change %d: drawn again, the PNG differs", k);
		n = strip_keys(old, nold, &ko);
		if (strip_keys(again, nagain, &kn) == n)
			for (size_t i = 0; i < n; i++)
				differ += memcmp(ko + 48 * i, kn + 48 * i,
				    16) != 0;
		/* The bar's rows and a little around them: two strips,
		 * one of whose pixels did not change. */
		if (k == T_VALUE) {
			assert_int_equal(n, 61);
			assert_int_equal(differ, 2);
			assert_int_equal(copied, 60);
		}
		if (k == T_TITLE || k == T_AXIS)
			assert_int_equal(differ, n);
		free(old);
		free(fresh);
		free(again);
	}
}

static void
test_fonts_missing(void **state)
{
	char err[CHART_ERR_SIZE] = "", dir[] = "/tmp/test_chart.XXXXXX";
	char *book, *bold;

	(void)state;
	assert_null(chart_fonts_load("/nonexistent/fonts", err));
	assert_non_null(strstr(err, "/nonexistent/fonts/DejaVuSans.ttf"));
	assert_non_null(strstr(err, "fonts-dejavu-core"));
	/* Another font under the right name is refused, not used. */
	assert_non_null(mkdtemp(dir));
	book = xasprintf("%s/DejaVuSans.ttf", dir);
	bold = xasprintf("%s/DejaVuSans-Bold.ttf", dir);
	assert_int_equal(symlink("/usr/share/fonts/truetype/dejavu/"
	    "DejaVuSerif.ttf", book), 0);
	assert_int_equal(symlink("/usr/share/fonts/truetype/dejavu/"
	    "DejaVuSans-Bold.ttf", bold), 0);
	assert_null(chart_fonts_load(dir, err));
	assert_non_null(strstr(err, "DejaVuSans.ttf: not DejaVu Sans"));
	unlink(book);
	unlink(bold);
	rmdir(dir);
	free(book);
	free(bold);
}

/* Child mode of test_svg_same_in_new_process: one chart to stdout. */
static int
print_svg(size_t i)
{
	int n;
	char *s;

	if (i >= NCHARTS)
		return 2;
	s = svg_bytes(&charts[i], &n);
	fwrite(s, 1, (size_t)n, stdout);
	xmlFree(s);
	return 0;
}

/* Demo mode, to look at a chart: chart i as a 2x PNG into path. */
static int
write_png(size_t i, const char *path)
{
	char err[CHART_ERR_SIZE];
	unsigned char *buf;
	size_t len;
	FILE *fp;

	if (i >= NCHARTS || chart_png(&charts[i], fonts, 2, &buf, &len,
	    err) != 0 || (fp = fopen(path, "wb")) == NULL)
		return 2;
	fwrite(buf, 1, len, fp);
	free(buf);
	return fclose(fp) == 0 ? 0 : 2;
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nice_axis),
		cmocka_unit_test(test_format_tick),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_golden_geometry),
		cmocka_unit_test(test_log_ticks_thinned),
		cmocka_unit_test(test_flagged_night_labelled),
		cmocka_unit_test(test_layout_rules),
		cmocka_unit_test(test_flag_symbol),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_flags_and_changes),
		cmocka_unit_test(test_tails_fit),
		cmocka_unit_test(test_trends),
		cmocka_unit_test(test_svg),
		cmocka_unit_test(test_svg_text),
		cmocka_unit_test(test_svg_bad_utf8),
		cmocka_unit_test(test_svg_text_elements),
		cmocka_unit_test(test_svg_text_style),
		cmocka_unit_test(test_svg_same_in_new_process),
		cmocka_unit_test(test_prefix_ids),
		cmocka_unit_test(test_png),
		cmocka_unit_test(test_png_pixels),
		cmocka_unit_test(test_png_again),
		cmocka_unit_test(test_fonts_missing),
	};
	char err[CHART_ERR_SIZE];
	int rc;

	self = argv[0];
	if ((fonts = chart_fonts_load(NULL, err)) == NULL) {
		fprintf(stderr, "test_chart: %s\n", err);
		return 1;
	}
	if (argc == 3 && strcmp(argv[1], "--svg") == 0)
		rc = print_svg(strtoul(argv[2], NULL, 10));
	else if (argc == 4 && strcmp(argv[1], "--png") == 0)
		rc = write_png(strtoul(argv[2], NULL, 10), argv[3]);
	else
		rc = cmocka_run_group_tests_name("chart", tests, NULL, NULL);
	chart_fonts_free(fonts);
	/* Lets valgrind see every font and cache freed. */
	cairo_debug_reset_static_data();
	xmlCleanupParser();
	return rc;
}
