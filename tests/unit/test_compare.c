/* Unit tests of run-to-run comparisons (gen/analyse/change.c,
 * caveats.c, findings.c): the noise floor a change must clear, the
 * like-for-like rules (bonnie++ options, a file the cache holds, cache
 * hits, per-char generations, another configuration, changed settings,
 * a key given on one side only) and the latency stall warning. Each
 * builds a small tree of runs in a temporary directory, loads and
 * analyses it, and checks what is stored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtree.h"

/* The figures of one sample; zero fields take the defaults below. */
struct fig {
	const char *version;	/* "1.97" (default) or "1.03" */
	const char *size;	/* "10G" */
	long putc, put, get;	/* KiB/s: 900, 100000, 100000 */
	int block_cpu;		/* %CP of the block tests: 20 */
	double seeks;		/* 300 */
	const char *lat_put, *lat_seeks;	/* 1.97 latencies: "50ms" */
	const char *lat_create;	/* random create's: "2100us" */
};

static char *
csv_line(struct fig f)
{
	const char *size = f.size ? f.size : "10G";
	long putc = f.putc ? f.putc : 900, put = f.put ? f.put : 100000;
	long get = f.get ? f.get : 100000;
	int cpu = f.block_cpu ? f.block_cpu : 20;
	double seeks = f.seeks ? f.seeks : 300;

	if (f.version && strcmp(f.version, "1.03") == 0)
		return xasprintf("h,%s,%ld,50,%ld,%d,80000,11,3100,50,%ld,%d,"
		    "%.1f,49,16,18203,52,+++++,+++,16921,62,15411,50,+++++,"
		    "+++,15000,50\n", size, putc, put, cpu, get, cpu, seeks);
	return xasprintf("1.97,1.97,h,1,1457023311,%s,,%ld,50,%ld,%d,80000,"
	    "11,3100,50,%ld,%d,%.1f,49,16,,,,,16384,61,18000,50,18203,52,"
	    "16921,62,17000,50,15411,50,9000us,%s,900ms,9000us,90ms,%s,"
	    "2000us,500us,1300us,%s,40us,1200us\n", size, putc, put, cpu,
	    get, cpu, seeks, f.lat_put ? f.lat_put : "50ms",
	    f.lat_seeks ? f.lat_seeks : "50ms",
	    f.lat_create ? f.lat_create : "2100us");
}

/* RUNS/name: one sample of f and a meta file. */
static void
add_run(struct tree *t, const char *name, const char *meta, struct fig f)
{
	char *dir = xasprintf("%s/%s", t->root, name), *line = csv_line(f);

	assert_int_equal(mkdir(dir, 0755), 0);
	write_file(dir, "a.csv", line);
	write_file(dir, "meta", meta);
	free(line);
	free(dir);
}

static int
setup(void **state)
{
	return tree_setup(state, "test_compare");
}

#define teardown tree_teardown

static const struct finding *
finding_of(const struct tree *t, enum finding_kind kind, const char *id,
    int metric)
{
	return finding_on(&t->an, kind, (long)run_of(t, id), metric);
}

static enum verdict
verdict_of(const struct tree *t, const char *id, int metric)
{
	return t->an.runs[run_of(t, id)].change[metric].verdict;
}

#define S1 "series: s\ndate: 2020-01-01\n"
#define S2 "series: s\ndate: 2020-01-02\n"

/* ---- the noise floor ---- */

/* One sample a side, no history: 10% for block transfers, 15% for
 * rewrites and seeks, 20% for the file tests; the rule says which. A
 * kernel changed between the two nights: a fall past the floor is its
 * regression. */
static void
test_floor_default(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1 "kernel: 5.10\n", (struct fig){.put = 100000,
	    .get = 100000, .seeks = 300});
	add_run(t, "s2", S2 "kernel: 6.1\n", (struct fig){.put = 92000,
	    .get = 88000, .seeks = 260});
	load(t);
	assert_true(noise_floor_default(&t->set.metrics.v[M_PUT_BLOCK]) ==
	    0.10);
	assert_true(noise_floor_default(&t->set.metrics.v[M_SEEKS]) == 0.15);
	assert_true(noise_floor_default(&t->set.metrics.v[M_SEQ_CREATE]) ==
	    0.20);
	assert_int_equal(verdict_of(t, "s2", M_PUT_BLOCK), VERDICT_SAME);
	assert_int_equal(verdict_of(t, "s2", M_GET_BLOCK), VERDICT_REGRESSION);
	assert_int_equal(verdict_of(t, "s2", M_SEEKS), VERDICT_SAME);
	assert_true(t->an.runs[run_of(t, "s2")].change[M_PUT_BLOCK].fence ==
	    0.10);
	f = finding_of(t, FIND_REGRESSION, "s2", M_GET_BLOCK);
	assert_non_null(f);
	assert_non_null(strstr(f->text, "change over 10% (the noise floor of "
	    "Block read, default)"));
	assert_true(f->gated);
}

/* The series' first change with nothing the meta names changed, one
 * sample a side: a fall of 12% past the 10% floor is told, not gated
 * (no earlier night says how far the set-up moves by itself), and so is
 * one of 35%, three times past that guess at the noise; a fall of 45%,
 * four times past, gates, and the run's other figure past its floor
 * with it. With one change behind it, -20% past a fence its swing drew
 * is told too, not three times past. */
static void
test_first_change_unnamed(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "a1", "series: a\ndate: 2020-01-01\n", (struct fig){.put =
	    100000, .get = 100000, .seeks = 300});
	add_run(t, "a2", "series: a\ndate: 2020-01-02\n", (struct fig){.put =
	    100000, .get = 88000, .seeks = 300});
	add_run(t, "a3", "series: a\ndate: 2020-01-03\n", (struct fig){.put =
	    100000, .get = 70000, .seeks = 300});
	add_run(t, "b1", "series: b\ndate: 2020-01-01\n", (struct fig){.put =
	    100000, .get = 100000, .seeks = 300});
	add_run(t, "b2", "series: b\ndate: 2020-01-02\n", (struct fig){.put =
	    55000, .get = 88000, .seeks = 300});
	add_run(t, "c1", "series: c\ndate: 2020-01-01\n", (struct fig){.put =
	    100000, .get = 100000, .seeks = 300});
	add_run(t, "c2", "series: c\ndate: 2020-01-02\n", (struct fig){.put =
	    65000, .get = 100000, .seeks = 300});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "c2", M_PUT_BLOCK);
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(strstr(f->caveat, "the noise is unmeasured"));
	f = finding_of(t, FIND_REGRESSION, "a2", M_GET_BLOCK);
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(f->caveat);
	assert_non_null(strstr(f->caveat, "nothing the meta names changed, and "
	    "the noise is unmeasured"));
	/* one change behind it: its swing is a measure, three times */
	f = finding_of(t, FIND_REGRESSION, "a3", M_GET_BLOCK);
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(strstr(f->caveat, "nothing the meta names changed, and "
	    "no figure of the run fell three times past its limit"));
	f = finding_of(t, FIND_REGRESSION, "b2", M_PUT_BLOCK);
	assert_non_null(f);
	assert_true(f->gated);
	f = finding_of(t, FIND_REGRESSION, "b2", M_GET_BLOCK);
	assert_non_null(f);
	assert_true(f->gated);
}

/* Nights of series NAME, one a day from 2020-01-01, their block writes
 * put[0..n), the kernel 2 from night `kernel2` on (0-based). */
static void
add_nights(struct tree *t, const char *name, const long *put, size_t n,
    size_t kernel2)
{
	for (size_t k = 0; k < n; k++) {
		char id[32], *meta;

		snprintf(id, sizeof id, "%s%zu", name, k + 1);
		meta = xasprintf("series: %s\ndate: 2020-01-%02zu\nkernel: %d\n",
		    name, k + 1, k >= kernel2 ? 2 : 1);
		add_run(t, id, meta, (struct fig){.put = put[k], .get = 100000,
		    .seeks = 300});
		free(meta);
	}
}

/* A quiet figure's one-night dip, undone the next night, is no measure
 * of the series' noise: the kernel's -22% after it gates. A second such
 * dip within the window is the set-up's own way, and learnt: the same
 * -22% is then within its noise. */
static void
test_excursion_left_out_once(void **state)
{
	struct tree *t = *state;
	static const long once[] = {100000, 100000, 100000, 100000, 60000,
	    100000, 78000};
	static const long twice[] = {100000, 100000, 100000, 100000, 60000,
	    100000, 60000, 100000, 78000};

	add_nights(t, "x", once, sizeof once / sizeof *once, 6);
	add_nights(t, "y", twice, sizeof twice / sizeof *twice, 8);
	load(t);
	assert_int_equal(verdict_of(t, "x7", M_PUT_BLOCK), VERDICT_REGRESSION);
	assert_non_null(finding_of(t, FIND_REGRESSION, "x7", M_PUT_BLOCK));
	assert_true(finding_of(t, FIND_REGRESSION, "x7", M_PUT_BLOCK)->gated);
	assert_int_equal(verdict_of(t, "y9", M_PUT_BLOCK), VERDICT_SAME);
}

/* RUNS/meta sets a floor; --noise overrides it. */
static void
test_floor_configured(void **state)
{
	static const struct noise_opt get_block = {"get_block", 0.12};
	struct tree *t = *state;
	const struct finding *f;

	write_file(t->root, "meta", "noise.put_block: 5%\nnoise.get_block: "
	    "5%\n");
	add_run(t, "s1", S1, (struct fig){0});
	add_run(t, "s2", S2, (struct fig){.put = 92000, .get = 92000});
	t->opts.noise = &get_block;
	t->opts.nnoise = 1;
	load(t);
	assert_int_equal(t->set.n, 2);	/* RUNS/meta is no run's */
	assert_int_equal(t->an.noise_from[M_PUT_BLOCK], NOISE_SET_META);
	assert_int_equal(t->an.noise_from[M_GET_BLOCK], NOISE_OPTION);
	assert_int_equal(verdict_of(t, "s2", M_PUT_BLOCK), VERDICT_REGRESSION);
	assert_int_equal(verdict_of(t, "s2", M_GET_BLOCK), VERDICT_SAME);
	f = finding_of(t, FIND_REGRESSION, "s2", M_PUT_BLOCK);
	assert_non_null(strstr(f->text, "(the noise floor of Block write, "
	    "RUNS/meta)"));
}

/* ---- like for like ---- */

/* Options that do not change the measurement (-x, -m, -d) are no
 * difference; -b is, on every metric; -n only on the file tests. */
static void
test_options_differ(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "a1", "series: a\ndate: 2020-01-01\nbonnie-options: -s 10G "
	    "-x 3 -m h -d /mnt\n", (struct fig){0});
	add_run(t, "a2", "series: a\ndate: 2020-01-02\nbonnie-options: -s 10G "
	    "-d /srv\n", (struct fig){.put = 50000});
	add_run(t, "b1", "series: b\ndate: 2020-01-01\nbonnie-options: -s 10G\n",
	    (struct fig){0});
	add_run(t, "b2", "series: b\ndate: 2020-01-02\nbonnie-options: -s 10G "
	    "-b\n", (struct fig){.put = 50000});
	add_run(t, "c1", "series: c\ndate: 2020-01-01\nbonnie-options: -n 16\n",
	    (struct fig){0});
	add_run(t, "c2", "series: c\ndate: 2020-01-02\nbonnie-options: -n32\n",
	    (struct fig){.put = 50000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "a2", M_PUT_BLOCK);
	assert_null(f->explain);
	assert_null(f->caveat);
	assert_true(f->gated);
	f = finding_of(t, FIND_REGRESSION, "b2", M_PUT_BLOCK);
	assert_string_equal(f->caveat, "bonnie++ options differ (-s 10G \u2192 "
	    "-s 10G -b)");
	assert_false(f->gated);
	f = finding_of(t, FIND_REGRESSION, "c2", M_PUT_BLOCK);
	assert_null(f->caveat);
	assert_true(f->gated);
	assert_int_equal(t->an.failing, 2);
}

/* A file under twice the memory (meta ram or memory) of either host:
 * the block figures are the cache's. */
static void
test_file_size_under_memory(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1 "ram: 8 GiB\n", (struct fig){0});
	add_run(t, "s2", S2, (struct fig){.get = 50000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "s2", M_GET_BLOCK);
	assert_non_null(f);
	assert_string_equal(f->caveat, "the file size 10G of s1 is under twice "
	    "its host's memory (8 GiB): the figures may come from the cache");
	assert_false(f->gated);
	assert_int_equal(t->an.failing, 0);
}

/* Block tests at 90% CPU or more, or faster than meta max-rate says the
 * hardware goes, hit a cache. */
static void
test_cache_hits(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "a1", "series: a\ndate: 2020-01-01\n",
	    (struct fig){.block_cpu = 95});
	add_run(t, "a2", "series: a\ndate: 2020-01-02\n",
	    (struct fig){.get = 50000});
	add_run(t, "b1", "series: b\ndate: 2020-01-01\nmax-rate: 80 MB/s\n",
	    (struct fig){.get = 200000});
	add_run(t, "b2", "series: b\ndate: 2020-01-02\nmax-rate: 80 MB/s\n",
	    (struct fig){.get = 70000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "a2", M_GET_BLOCK);
	assert_string_equal(f->caveat, "Block read of a1 ran at 95% CPU: the "
	    "processor set its pace (a cache hit, encryption, parity), not "
	    "the disk");
	assert_false(f->gated);
	f = finding_of(t, FIND_REGRESSION, "b2", M_GET_BLOCK);
	assert_string_equal(f->caveat, "Block read of b1 is above the 80 MB/s "
	    "its hardware can move (max-rate): a cache hit");
	assert_false(f->gated);
	assert_int_equal(t->an.failing, 0);
}

/* bonnie++ 1.0x and 1.9x+ per-char tests are different tests; their
 * block tests compare. */
static void
test_version_family(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1, (struct fig){.version = "1.03"});
	add_run(t, "s2", S2, (struct fig){.putc = 400, .put = 50000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "s2", M_PUTC);
	assert_string_equal(f->caveat, "bonnie++ 1.0x and 1.9x+ per-char tests "
	    "measure different things");
	assert_false(f->gated);
	f = finding_of(t, FIND_REGRESSION, "s2", M_PUT_BLOCK);
	assert_null(f->caveat);
	assert_true(f->gated);
}

/* ---- the set-up ---- */

/* A key given on one side only is unknown, not a difference: the one
 * changed setting is named in the sentence, and the drop gates. */
static void
test_one_side_key(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1 "scheduler: cfq\n", (struct fig){0});
	add_run(t, "s2", S2 "scheduler: noop\nkernel: 5.2\n",
	    (struct fig){.put = 50000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "s2", M_PUT_BLOCK);
	assert_string_equal(f->explain, "scheduler: cfq \u2192 noop");
	assert_non_null(strstr(f->text, ", after scheduler: cfq \u2192 noop "
	    "["));
	assert_null(f->caveat);
	assert_true(f->gated);
}

/* New disks or another file system make another configuration:
 * context, never a regression. */
static void
test_another_configuration(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1 "filesystem: ext4\n", (struct fig){0});
	add_run(t, "s2", S2 "filesystem: xfs\n", (struct fig){.put = 50000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "s2", M_PUT_BLOCK);
	assert_string_equal(f->caveat, "another configuration (filesystem "
	    "changed): context, not a regression");
	assert_false(f->gated);
}

/* The stack under the file system (collect's "stack") is the set-up's:
 * encryption put under it is another configuration. */
static void
test_stack_configuration(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1 "stack: ext4 on lvm on sda2\n", (struct fig){0});
	add_run(t, "s2", S2 "stack: ext4 on dm-crypt on sda2\n",
	    (struct fig){.put = 50000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "s2", M_PUT_BLOCK);
	assert_string_equal(f->caveat, "another configuration (stack "
	    "changed): context, not a regression");
	assert_false(f->gated);
}

/* Two settings changed: each metric gates only when one of them alone
 * can move it (readahead reads, the write cache writes). */
static void
test_settings_explain(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1 "readahead: 128 KiB\nwrite-cache: on\n",
	    (struct fig){0});
	add_run(t, "s2", S2 "readahead: 8 MiB\nwrite-cache: off\n",
	    (struct fig){.put = 50000, .get = 50000});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "s2", M_GET_BLOCK);
	assert_null(f->caveat);
	assert_non_null(strstr(f->text, "after readahead: 128 KiB \u2192 "
	    "8 MiB"));
	f = finding_of(t, FIND_REGRESSION, "s2", M_PUT_BLOCK);
	assert_null(f->caveat);
	assert_non_null(strstr(f->text, "after write-cache: on \u2192 off"));
	assert_int_equal(t->an.failing, 2);
}

/* A distribution upgrade changes the os and its kernel: one change for
 * the series' steps (setup_differences) as for a change's cause, so no
 * "more than one setting differs". */
static void
test_distro_upgrade(void **state)
{
	struct tree *t = *state;
	size_t i, o;
	int n, layout;
	char *text, *c;

	add_run(t, "s1", S1 "os: Debian 11\nkernel: 5.10\n", (struct fig){0});
	add_run(t, "s2", S2 "os: Debian 12\nkernel: 6.1\n", (struct fig){0});
	load(t);
	i = run_of(t, "s2");
	o = run_of(t, "s1");
	text = setup_differences(&t->set.runs[i], &t->set.runs[o], &n,
	    &layout);
	assert_non_null(text);
	assert_int_equal(n, 1);
	assert_int_equal(layout, 0);
	c = comparison_caveat(&t->an, i, o, n + layout, M_PUT_BLOCK, true);
	assert_null(c);
	free(text);
}

/* ---- latency stalls ---- */

/* A block test's operation of a second or more, and a seek twenty
 * times the series' usual (and a tenth of a second or more), are
 * warnings with their figure. */
static void
test_stalls(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", S1, (struct fig){.lat_seeks = "10ms"});
	add_run(t, "s2", S2, (struct fig){.lat_seeks = "12ms"});
	add_run(t, "s3", "series: s\ndate: 2020-01-03\n",
	    (struct fig){.lat_seeks = "11ms"});
	add_run(t, "s4", "series: s\ndate: 2020-01-04\n",
	    (struct fig){.lat_seeks = "400ms"});
	add_run(t, "x1", "series: x\n", (struct fig){.lat_put = "1500ms"});
	add_run(t, "y1", "series: y\n", (struct fig){.lat_create = "8949ms"});
	add_run(t, "z1", "series: z\n", (struct fig){.lat_create = "3000ms"});
	/* twenty times its usual, but 4.5 ms: a seek, no stall */
	add_run(t, "q1", "series: q\ndate: 2020-01-01\n",
	    (struct fig){.lat_seeks = "200us"});
	add_run(t, "q2", "series: q\ndate: 2020-01-02\n",
	    (struct fig){.lat_seeks = "190us"});
	add_run(t, "q3", "series: q\ndate: 2020-01-03\n",
	    (struct fig){.lat_seeks = "210us"});
	add_run(t, "q4", "series: q\ndate: 2020-01-04\n",
	    (struct fig){.lat_seeks = "4500us"});
	load(t);
	f = finding_of(t, FIND_WARNING, "x1", M_PUT_BLOCK);
	assert_non_null(f);
	assert_string_equal(f->text, "Block write stalled: a single operation "
	    "took 1.5 s (bonnie++'s maximum latency; a second or more on a "
	    "block test).");
	assert_false(f->gated);
	f = finding_of(t, FIND_WARNING, "s4", M_SEEKS);
	assert_non_null(f);
	assert_non_null(strstr(f->text, "took 400 ms, 35\u00d7 the 11.5 ms usual "
	    "in its series"));
	assert_null(finding_of(t, FIND_WARNING, "s1", M_SEEKS));
	/* a file test's of five seconds or more, not of three */
	f = finding_of(t, FIND_WARNING, "y1", M_RAN_CREATE);
	assert_non_null(f);
	assert_non_null(strstr(f->text, "Random create stalled: a single "
	    "operation took 8.95 s (bonnie++'s maximum latency; five seconds "
	    "or more)"));
	assert_null(finding_of(t, FIND_WARNING, "z1", M_RAN_CREATE));
	assert_null(finding_of(t, FIND_WARNING, "q4", M_SEEKS));
	assert_int_equal(t->an.failing, 0);
}

/* An array measured while it rebuilt is no base; one that says it was
 * not ("without rebuilding", "after the resync") is. */
static void
test_array_busy_said(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "a1", "series: a\ndate: 2020-01-01\nraid: raid6\n"
	    "disks: 8\ntitle: RAID6 while rebuilding\n",
	    (struct fig){.put = 100000, .get = 100000, .seeks = 300});
	add_run(t, "a2", "series: a\ndate: 2020-01-02\nraid: raid6\n"
	    "disks: 8\ntitle: RAID6 (without rebuilding RAID)\n",
	    (struct fig){.put = 60000, .get = 100000, .seeks = 300});
	add_run(t, "a3", "series: a\ndate: 2020-01-03\nraid: raid6\n"
	    "disks: 8\ntitle: RAID6 after the resync\n",
	    (struct fig){.put = 30000, .get = 100000, .seeks = 300});
	load(t);
	f = finding_of(t, FIND_REGRESSION, "a2", M_PUT_BLOCK);
	assert_non_null(f);
	assert_non_null(strstr(f->caveat, "a1 was measured while its array "
	    "was busy or degraded"));
	f = finding_of(t, FIND_REGRESSION, "a3", M_PUT_BLOCK);
	assert_non_null(f);
	assert_true(f->caveat == NULL ||
	    strstr(f->caveat, "busy or degraded") == NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_excursion_left_out_once,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_first_change_unnamed,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_floor_default, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_floor_configured, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_options_differ, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_file_size_under_memory,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache_hits, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_version_family, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_one_side_key, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_another_configuration,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_stack_configuration,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_settings_explain, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_distro_upgrade, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_stalls, setup, teardown),
		cmocka_unit_test_setup_teardown(test_array_busy_said, setup,
		    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
