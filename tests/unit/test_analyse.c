/* Unit tests of the analysis (gen/analyse/), one group per concern:
 * the scaling table and the reference a RAID run is measured against,
 * the caveats of a comparison, the verdicts of a series, and the
 * patterns shared by failing runs. Each builds a small tree of runs
 * (bonnie++ 1.97 CSV lines and a meta file) in a temporary directory,
 * loads and analyses it, and checks what is stored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtree.h"

/* One bonnie++ 1.97 CSV line: block write and read in KiB/s, seeks/s;
 * per-char figures at cpu %CP. */
static char *
csv_line(long put, long get, double seeks, int cpu)
{
	return xasprintf("1.97,1.97,h,1,1457023311,10G,,905,%d,%ld,19,80012,"
	    "11,3104,%d,%ld,21,%.1f,49,16,,,,,16384,61,+++++,+++,18203,52,"
	    "16921,62,+++++,+++,15411,50,,,,,,,,,,,,\n", cpu, put, cpu, get,
	    seeks);
}

/* RUNS/name with samples CSV lines (each figure scaled by 1 + k/1000,
 * a little noise) and a meta file. */
static void
add_run(struct tree *t, const char *name, const char *meta, long put,
    long get, double seeks, int samples, int cpu)
{
	char *dir = xasprintf("%s/%s", t->root, name), *path;
	FILE *f;

	assert_int_equal(mkdir(dir, 0755), 0);
	path = xasprintf("%s/a.csv", dir);
	assert_non_null(f = fopen(path, "w"));
	for (int k = 0; k < samples; k++) {
		double s = 1 + k / 1000.0;
		char *line = csv_line((long)(put * s), (long)(get * s),
		    seeks * s, cpu);

		fputs(line, f);
		free(line);
	}
	fclose(f);
	free(path);
	write_file(dir, "meta", meta);
	free(dir);
}

static int
setup(void **state)
{
	return tree_setup(state, "test_analyse");
}

#define teardown tree_teardown
#define finding_of finding_on

#define DISK "host: h\ncontroller: c1\ndisks: 1 x ST1000\nraid: none\n"

/* ---- scaling ---- */

/* analysis_scaled as a pointer, NULL where the metric is not judged:
 * the assertions read better so. */
static const struct scaled_metric *
scaled(const struct analysis *a, size_t run, int metric)
{
	static struct scaled_metric x;

	return analysis_scaled(a, run, metric, &x) ? &x : NULL;
}

/* Stream factors per RAID level, low end judged: RAID 1 writes like one
 * disk, RAID 10 like half, RAID 5 like all but one; reads of RAID 1 and
 * 10 range up to every disk, and only their low end is judged. */
static void
test_scaling_factors(void **state)
{
	struct tree *t = *state;
	static const struct {
		const char *raid;
		int n;
		double put, get, get_high;
	} cases[] = {
		{"raid0", 4, 4, 4, 4}, {"raid1", 2, 1, 1, 2},
		{"raid10", 4, 2, 2, 4}, {"raid5", 4, 3, 3, 3},
		{"raid6", 6, 4, 4, 4}, {"raidz2", 6, 4, 4, 4},
	};
	const struct scaled_metric *x;
	size_t nc = sizeof cases / sizeof *cases;

	add_run(t, "disk", DISK, 100000, 200000, 300, 1, 50);
	for (size_t k = 0; k < nc; k++) {
		char name[16], *meta = xasprintf("host: h\ncontroller: c1\n"
		    "disks: %d x ST1000\nraid: %s\n", cases[k].n,
		    cases[k].raid);

		snprintf(name, sizeof name, "r%zu", k);
		add_run(t, name, meta, 100000 * (long)cases[k].put,
		    100000 * (long)cases[k].get, 300, 1, 50);
		free(meta);
	}
	load(t);
	for (size_t k = 0; k < nc; k++) {
		char name[16];
		size_t i;

		snprintf(name, sizeof name, "r%zu", k);
		i = run_of(t, name);
		assert_non_null(analysis_scaling(&t->an, i));
		assert_true(analysis_scaling(&t->an, i)->valid);
		assert_int_equal(analysis_scaling(&t->an, i)->reference,
		    run_of(t, "disk"));
		x = scaled(&t->an, i, M_PUT_BLOCK);
		assert_non_null(x);
		/* The row the analysis judged by is the table's row. */
		assert_int_equal(x->rule, scaling_rule(t->set.runs[i].meta.raid,
		    M_PUT_BLOCK));
		assert_true(x->factor == cases[k].put);
		assert_true(x->expected == cases[k].put * 100000);
		assert_true(x->efficiency == 1);
		assert_int_equal(x->level, EFF_FINE);
		x = scaled(&t->an, i, M_GET_BLOCK);
		assert_true(x->factor == cases[k].get);
		assert_true(x->factor_high == cases[k].get_high);
		/* Reads came out at half of the low end. */
		assert_true(x->efficiency == 0.5);
		assert_int_equal(x->level, EFF_WEAK);
		assert_non_null(finding_of(&t->an, FIND_WEAK, (long)i,
		    M_GET_BLOCK));
		assert_true(analysis_judged(&t->an, i, M_PUT_BLOCK));
		/* Per-char tests measure the processor: never scaled. */
		assert_null(scaled(&t->an, i, M_PUTC));
		assert_null(scaled(&t->an, i, M_GETC));
	}
	/* Rewrites pay read-modify-write on parity layouts: not judged. */
	assert_null(scaled(&t->an, run_of(t, "r3"), M_REWRITE));
	assert_non_null(scaled(&t->an, run_of(t, "r0"), M_REWRITE));
	/* A single disk has no scaling. */
	assert_null(analysis_scaling(&t->an, run_of(t, "disk")));
}

/* bonnie++ -b syncs each chunk before the next: block write and
 * rewrite reach the disks one chunk covers, one disk's worth on RAID 0
 * and a quarter of one on RAID 5 (a write that fills no stripe); reads
 * are not synced and scale as ever. */
static void
test_scaling_synced(void **state)
{
	struct tree *t = *state;
	const struct scaled_metric *x;

	add_run(t, "disk", DISK "bonnie-options: -s 2048 -b\n", 30000,
	    200000, 300, 1, 50);
	add_run(t, "r0", "host: h\ncontroller: c1\ndisks: 8 x ST1000\n"
	    "raid: raid0\nchunk: 256k\nbonnie-options: -s 2048 -b\n", 55000,
	    1600000, 300, 1, 50);
	add_run(t, "r5", "host: h\ncontroller: c1\ndisks: 4 x ST1000\n"
	    "raid: raid5\nbonnie-options: -s 2048 -b\n", 10000, 600000, 300,
	    1, 50);
	load(t);
	x = scaled(&t->an, run_of(t, "r0"), M_PUT_BLOCK);
	assert_non_null(x);
	assert_true(x->factor == 1);
	assert_true(x->factor_high == 8);
	assert_int_equal(x->level, EFF_FINE);
	assert_null(finding_of(&t->an, FIND_SHORTFALL, (long)run_of(t, "r0"),
	    M_PUT_BLOCK));
	x = scaled(&t->an, run_of(t, "r0"), M_REWRITE);
	assert_true(x->factor == 1);
	x = scaled(&t->an, run_of(t, "r0"), M_GET_BLOCK);
	assert_true(x->factor == 8);
	x = scaled(&t->an, run_of(t, "r5"), M_PUT_BLOCK);
	assert_true(x->factor == 0.25);
	assert_true(x->factor_high == 3);
}

/* The model's factors are worked out once by analyse, kept once for
 * the runs of one model and metrics, and only read afterwards: what
 * scaled_figures gives is what is stored. */
static void
test_scaling_factors_stored(void **state)
{
	struct tree *t = *state;
	const char *raid0 = "host: h\ncontroller: c1\ndisks: 4 x ST1000\n"
	    "raid: raid0\n";
	const struct scaling *s1, *s2;
	struct model_factors *mf;
	size_t r1, r2;

	add_run(t, "disk", DISK, 100000, 200000, 300, 1, 50);
	add_run(t, "r1", raid0, 400000, 800000, 900, 1, 50);
	add_run(t, "r2", raid0, 380000, 790000, 900, 1, 50);
	load(t);
	r1 = run_of(t, "r1");
	r2 = run_of(t, "r2");
	s1 = analysis_scaling(&t->an, r1);
	s2 = analysis_scaling(&t->an, r2);
	assert_non_null(s1);
	assert_non_null(s2);
	assert_int_equal(s1->factors, s2->factors);
	assert_int_equal(t->an.nfactors, t->set.runs[r1].nsum);
	mf = &t->an.factors[s1->factors + M_PUT_BLOCK];
	assert_true(mf->factor == 4);
	mf->factor = 7;
	assert_true(scaled_figures(&t->an, r2, s2, M_PUT_BLOCK).factor == 7);
	assert_true(scaled_figures(&t->an, r2, s2, M_PUT_BLOCK).expected ==
	    7 * 100000);
}

/* The table itself: every RAID level has a row per scaled metric, the
 * low end never above the high, and rewrites on parity layouts never
 * gate. */
static void
test_scaling_table(void **state)
{
	static const enum raid_level levels[] = {RAID_0, RAID_1, RAID_10,
	    RAID_5, RAID_6, RAID_Z1, RAID_Z2, RAID_Z3, RAID_JBOD};
	static const enum raid_level parity[] = {RAID_5, RAID_6, RAID_Z1,
	    RAID_Z2, RAID_Z3};
	const struct run plain = {.id = NULL};	/* no meta */

	(void)state;
	static const enum metric_id scaled[] = {M_PUT_BLOCK, M_GET_BLOCK,
	    M_SEEKS, M_REWRITE};

	for (size_t l = 0; l < sizeof levels / sizeof *levels; l++)
		for (size_t k = 0; k < sizeof scaled / sizeof *scaled; k++) {
			int rule = scaling_rule(levels[l], scaled[k]);

			assert_true(rule >= 0);
			for (int n = 2; n <= 12; n++)
				assert_true(scale_bound(rule, n, 3, true) <=
				    scale_bound(rule, n, 3, false) + 1e-9);
		}
	assert_int_equal(scaling_rule(RAID_0, M_PUTC), -1);
	assert_int_equal(scaling_rule(RAID_NONE, M_PUT_BLOCK), -1);
	for (size_t l = 0; l < sizeof parity / sizeof *parity; l++) {
		struct scaled_metric x = {.level = EFF_FINE};
		struct metric m = {.def = metric_defs[M_REWRITE]};

		x.rule = (unsigned char)scaling_rule(parity[l], M_REWRITE);
		assert_non_null(strstr(scaling_reason(&x, &m, &plain),
		    "not judged"));
	}
	/* A buffered stream is spread by readahead, fio's direct one by
	 * its requests in flight alone. */
	{
		struct scaled_metric x = {.level = EFF_FINE};
		struct metric bonnie = {.def = metric_defs[M_GET_BLOCK]};
		struct metric fio = {.def = {.family = FAMILY_FIO,
		    .traits = MT_READ | MT_IO | MT_BLOCK}, .fio = {.rw = RW_READ,
		    .dir = FIO_READ, .bs = 1 << 20, .iodepth = 32,
		    .numjobs = 1, .direct = true}};

		x.rule = (unsigned char)scaling_rule(RAID_0, M_GET_BLOCK);
		assert_non_null(strstr(scaling_reason(&x, &bonnie, &plain),
		    "readahead"));
		assert_non_null(strstr(scaling_reason(&x, &fio, &plain),
		    "requests in flight"));
		fio.fio.direct = false;
		assert_non_null(strstr(scaling_reason(&x, &fio, &plain),
		    "readahead"));
	}
	/* A btrfs mirror is read by the reader's process id, not as md
	 * reads one. */
	{
		struct scaled_metric x = {.level = EFF_FINE};
		struct metric bonnie = {.def = metric_defs[M_GET_BLOCK]};
		char entry[] = "raid\0raid1 btrfs";
		char *v[] = {entry};
		struct run btrfs = {.meta = {.v = v, .n = 1}};

		x.rule = (unsigned char)scaling_rule(RAID_1, M_GET_BLOCK);
		assert_non_null(strstr(scaling_reason(&x, &bonnie, &plain),
		    "Linux md"));
		assert_non_null(strstr(scaling_reason(&x, &bonnie, &btrfs),
		    "process id"));
		x.rule = (unsigned char)scaling_rule(RAID_1, M_PUT_BLOCK);
		assert_non_null(strstr(scaling_reason(&x, &bonnie, &btrfs),
		    "every mirror"));
	}
	/* Streams: RAID 5 n - 1, RAID 6 n - 2, raidz3 n - 3; RAID 6 of
	 * two disks gives nothing to judge. */
	assert_true(scale_bound(scaling_rule(RAID_5, M_GET_BLOCK), 5, 3,
	    true) == 4);
	assert_true(scale_bound(scaling_rule(RAID_Z3, M_PUT_BLOCK), 8, 3,
	    true) == 5);
	assert_true(scale_bound(scaling_rule(RAID_6, M_PUT_BLOCK), 2, 3,
	    true) == 0);
	assert_true(scale_bound(scaling_rule(RAID_1, M_GET_BLOCK), 2, 3,
	    false) == 2);
}

/* Seeks: k concurrent random reads keep n(1 - (1 - 1/n)^k) of n disks
 * busy, not n; raidz moves every disk for each read. */
static void
test_seek_scaling(void **state)
{
	int r0 = scaling_rule(RAID_0, M_SEEKS);
	double high, low;

	(void)state;
	assert_true(fabs(busy_disks(4, 3) - 4 * (1 - 27.0 / 64)) < 1e-12);
	assert_true(busy_disks(1, 5) == 1);
	assert_true(busy_disks(8, 1) == 1);
	high = scale_bound(r0, 4, 3, false);
	low = scale_bound(r0, 4, 3, true);
	assert_true(fabs(high - busy_disks(4, 3)) < 1e-9);
	/* The array's disks queue fewer requests than the lone disk did. */
	assert_true(low < high && low > 1);
	/* More seekers spread further. */
	assert_true(scale_bound(r0, 4, 5, false) > high);
	/* One seeker: one disk busy, whatever the stripe. */
	assert_true(fabs(scale_bound(r0, 8, 1, false) - 1) < 1e-9);
	/* raidz: one disk's worth at most. */
	assert_true(scale_bound(scaling_rule(RAID_Z1, M_SEEKS), 6, 3,
	    false) <= 1);
	/* RAID 5 pays four disk I/Os per write-back, RAID 0 one. */
	assert_true(scale_bound(scaling_rule(RAID_5, M_SEEKS), 4, 3, false) <
	    high);
}

/* The reference: the named baseline, else the same disk model measured
 * with the same options on the same host, then controller; other
 * single disks are rough context that is not judged, and a run with
 * nothing of its own disk has none. */
static void
test_reference_choice(void **state)
{
	struct tree *t = *state;
	const struct scaling *sc;

	add_run(t, "a-other", "host: h\ncontroller: c2\ndisks: 1 x WD\n"
	    "raid: none\n", 100000, 100000, 300, 1, 50);
	add_run(t, "b-model", "host: h2\ncontroller: c1\ndisks: 1 x ST1000\n"
	    "raid: none\n", 100000, 100000, 300, 1, 50);
	add_run(t, "c-both", DISK, 100000, 100000, 300, 1, 50);
	add_run(t, "d-fsync", "host: h3\ncontroller: c3\ndisks: 1 x HGST\n"
	    "raid: none\nbonnie-options: -b -s 10G\n", 100000, 100000, 300, 1,
	    50);
	add_run(t, "raid", "host: h\ncontroller: c1\ndisks: 2 x ST1000\n"
	    "raid: raid0\n", 200000, 200000, 600, 1, 50);
	add_run(t, "raid-ctl", "host: h9\ncontroller: c1\ndisks: 2 x ST1000\n"
	    "raid: raid0\n", 200000, 200000, 600, 1, 50);
	add_run(t, "raid-wd", "host: h\ncontroller: c9\ndisks: 2 x WD\n"
	    "raid: raid0\n", 200000, 200000, 600, 1, 50);
	add_run(t, "raid-host", "host: h\ncontroller: c9\ndisks: 2 x XX\n"
	    "raid: raid0\n", 200000, 20000, 600, 1, 50);
	add_run(t, "ssd", "host: s\ncontroller: c5\ndisks: 1 x Samsung EVO "
	    "SSD\nraid: none\n", 100000, 100000, 300, 1, 50);
	add_run(t, "raid-beside-ssd", "host: s\ncontroller: c5\ndisks: 8 x "
	    "WD40EFRX\nraid: raid6\n", 200000, 20000, 600, 1, 50);
	add_run(t, "raid-far", "host: x\ncontroller: c9\ndisks: 2 x XX\n"
	    "raid: raid0\n", 200000, 20000, 600, 1, 50);
	add_run(t, "raid-fsync", "host: h3\ncontroller: c3\ndisks: 2 x HGST\n"
	    "raid: raid0\nbonnie-options: -s 10G\n", 200000, 200000, 600, 1,
	    50);
	add_run(t, "raid-named", "host: x\ndisks: 2 x XX\nraid: raid0\n"
	    "baseline: a-other\n", 200000, 20000, 600, 1, 50);
	load(t);
	sc = analysis_scaling(&t->an, run_of(t, "raid"));
	assert_int_equal(sc->reference, run_of(t, "c-both"));
	assert_true(sc->valid);
	assert_string_equal(sc->why, "the same disk model, measured alike "
	    "(the same benchmark options and file system, as far as both say), "
	    "on the same host");
	sc = analysis_scaling(&t->an, run_of(t, "raid-ctl"));
	assert_int_equal(sc->reference, run_of(t, "b-model"));
	assert_true(sc->valid);
	sc = analysis_scaling(&t->an, run_of(t, "raid-wd"));
	assert_int_equal(sc->reference, run_of(t, "a-other"));
	assert_true(sc->valid);
	/* Another disk on the same host: context, never judged. */
	sc = analysis_scaling(&t->an, run_of(t, "raid-host"));
	assert_int_equal(sc->reference, run_of(t, "a-other"));
	assert_false(sc->valid);
	assert_string_equal(sc->why, "rough: another or unknown disk model on "
	    "the same host, behind another or unknown controller");
	assert_non_null(strstr(sc->why, "rough"));
	assert_null(scaled(&t->an, run_of(t, "raid-host"),
	    M_GET_BLOCK));
	assert_null(finding_of(&t->an, FIND_SHORTFALL,
	    (long)run_of(t, "raid-host"), M_GET_BLOCK));
	assert_false(analysis_judged(&t->an, run_of(t, "raid-host"),
	    M_GET_BLOCK));
	/* An SSD beside an array of hard disks is no measure of them. */
	sc = analysis_scaling(&t->an, run_of(t, "raid-beside-ssd"));
	assert_int_equal(sc->reference, -1);
	/* Nothing in common: no reference is made up. */
	sc = analysis_scaling(&t->an, run_of(t, "raid-far"));
	assert_int_equal(sc->reference, -1);
	assert_false(sc->valid);
	assert_string_equal(sc->why, "no single-disk run of this disk "
	    "measured like this");
	assert_null(finding_of(&t->an, FIND_SHORTFALL,
	    (long)run_of(t, "raid-far"), M_GET_BLOCK));
	/* The same disk, but one fsynced every write (-b): rough. */
	sc = analysis_scaling(&t->an, run_of(t, "raid-fsync"));
	assert_int_equal(sc->reference, run_of(t, "d-fsync"));
	assert_false(sc->valid);
	/* Named in meta: judged, whatever else differs. */
	sc = analysis_scaling(&t->an, run_of(t, "raid-named"));
	assert_int_equal(sc->reference, run_of(t, "a-other"));
	assert_true(sc->valid);
	assert_string_equal(sc->why, "named as its baseline in meta");
	assert_non_null(finding_of(&t->an, FIND_SHORTFALL,
	    (long)run_of(t, "raid-named"), M_GET_BLOCK));
}

static void
test_no_reference(void **state)
{
	struct tree *t = *state;
	size_t i;

	add_run(t, "raid", "host: h\ndisks: 2 x ST1000\nraid: raid0\n",
	    200000, 200000, 600, 1, 50);
	load(t);
	i = run_of(t, "raid");
	assert_non_null(analysis_scaling(&t->an, i));
	assert_int_equal(analysis_scaling(&t->an, i)->reference, -1);
	assert_null(scaled(&t->an, i, M_PUT_BLOCK));
	assert_false(analysis_judged(&t->an, i, M_PUT_BLOCK));
}

/* ---- caveats ---- */

/* A label that names a set-up key ("scheduler back to mq-deadline") is
 * a note of what the key says, so two nights so labelled with the same
 * keys are one set-up; a label that only shares a value with a key
 * ("compression off", with write-cache off) is a setting of its own. */
static bool
one_setup(const struct tree *t, const char *x, const char *y)
{
	return same_setup(&t->set.runs[run_of(t, x)],
	    &t->set.runs[run_of(t, y)]);
}

static void
test_label_tells_key(void **state)
{
	struct tree *t = *state;

#define WC "series: s\nscheduler: mq-deadline\nwrite-cache: off\n"
	add_run(t, "n1", WC "date: 2020-01-01\nlabel: scheduler back to "
	    "mq-deadline\n", 100000, 100000, 300, 1, 50);
	add_run(t, "n2", WC "date: 2020-01-02\nlabel: scheduler kept\n",
	    100000, 100000, 300, 1, 50);
	add_run(t, "n3", WC "date: 2020-01-03\nlabel: compression off\n",
	    100000, 100000, 300, 1, 50);
	add_run(t, "n4", WC "date: 2020-01-04\nlabel: compression zstd\n",
	    100000, 100000, 300, 1, 50);
	add_run(t, "n5", WC "date: 2020-01-05\nlabel: write-cache off\n",
	    100000, 100000, 300, 1, 50);
	add_run(t, "n6", WC "date: 2020-01-06\nlabel: off\n",
	    100000, 100000, 300, 1, 50);
	add_run(t, "n7", WC "date: 2020-01-07\nlabel: compression off\n",
	    100000, 100000, 300, 1, 50);
#undef WC
	load(t);
	assert_true(one_setup(t, "n1", "n2"));
	assert_true(one_setup(t, "n2", "n5"));
	/* a value alone ("off") names no key */
	assert_false(one_setup(t, "n3", "n4"));
	assert_false(one_setup(t, "n3", "n6"));
	assert_false(one_setup(t, "n1", "n3"));
	/* alike labels are one set-up whatever they say */
	assert_true(one_setup(t, "n3", "n7"));
}

/* A kernel changed the night a label says the benchmark ran otherwise
 * ("concurrent update", 4 instances then 8): the load's, not the
 * kernel's, so told; labels alike, or one that names the kernel, leave
 * the kernel's fall to the gate. */
static void
test_measured_label(void **state)
{
	struct tree *t = *state;
	static const struct {
		const char *series, *was, *now;
		bool gated;
	} cases[] = {
		{"a", "baseline", "concurrent update", false},
		{"b", "4 instances", "8 instances", false},
		{"c", "4 instances", "4 instances", true},
		{"d", "kernel 5.1", "kernel 5.2 sqpoll threads", true},
	};
	size_t nc = sizeof cases / sizeof *cases;

	for (size_t k = 0; k < nc; k++) {
		char was[16], now[16], *m1, *m2;

		snprintf(was, sizeof was, "%s1", cases[k].series);
		snprintf(now, sizeof now, "%s2", cases[k].series);
		m1 = xasprintf("series: %s\ndate: 2020-01-01\nkernel: 5.1\n"
		    "label: %s\n", cases[k].series, cases[k].was);
		m2 = xasprintf("series: %s\ndate: 2020-01-02\nkernel: 5.2\n"
		    "label: %s\n", cases[k].series, cases[k].now);
		add_run(t, was, m1, 100000, 100000, 300, 1, 50);
		add_run(t, now, m2, 50000, 100000, 300, 1, 50);
		free(m1);
		free(m2);
	}
	load(t);
	for (size_t k = 0; k < nc; k++) {
		char now[16];
		const struct finding *f;

		snprintf(now, sizeof now, "%s2", cases[k].series);
		f = finding_of(&t->an, FIND_REGRESSION, (long)run_of(t, now),
		    M_PUT_BLOCK);
		assert_non_null(f);
		assert_int_equal(f->gated, cases[k].gated);
		if (!cases[k].gated)
			assert_non_null(strstr(f->caveat, "the labels say the "
			    "benchmark ran otherwise"));
	}
}

/* Two settings changed at once: a regression all the same, which fails
 * naming both (which one to revert, the figures cannot tell). */
static void
test_caveats(void **state)
{
	struct tree *t = *state;
	const struct finding *f;
	size_t i;

	add_run(t, "s1", "series: s\ndate: 2020-01-01\nscheduler: cfq\n"
	    "kernel: 5.1\n", 100000, 100000, 300, 1, 50);
	add_run(t, "s2", "series: s\ndate: 2020-01-02\nscheduler: noop\n"
	    "kernel: 5.2\n", 50000, 100000, 300, 1, 50);
	load(t);
	i = run_of(t, "s2");
	f = finding_of(&t->an, FIND_REGRESSION, (long)i, M_PUT_BLOCK);
	assert_non_null(f);
	assert_string_equal(f->explain, "kernel: 5.1 \u2192 5.2; scheduler: "
	    "cfq \u2192 noop");
	assert_null(f->caveat);
	assert_true(f->gated);
	assert_int_equal(t->an.failing, 1);
}

/* A series is ordered by the instant its dates name: 23:30 four hours
 * west of UTC is after 01:00 UTC of the next day, though its text sorts
 * first, so the later run is the one measured against the earlier. */
static void
test_dates_in_utc(void **state)
{
	struct tree *t = *state;
	size_t west, utc;

	add_run(t, "a-west", "series: s\ndate: 2026-09-04T23:30-04:00\n",
	    100000, 100000, 300, 1, 50);
	add_run(t, "b-utc", "series: s\ndate: 2026-09-05T01:00Z\n", 100000,
	    100000, 300, 1, 50);
	load(t);
	west = run_of(t, "a-west");
	utc = run_of(t, "b-utc");
	assert_int_equal(t->an.runs[west].base, (int32_t)utc);
	assert_int_equal(t->an.runs[utc].base, -1);
}

/* bonnie++ -p and -y run instances at once: 6 of them against 3 is
 * another way of running, not a regression of each one's share. */
static void
test_caveat_instances(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "p3", "series: s\ndate: 2020-01-01\nbonnie-options: -p3 "
	    "-ys -s 10G\n", 200000, 200000, 300, 1, 50);
	add_run(t, "p6", "series: s\ndate: 2020-01-02\nbonnie-options: -p6 "
	    "-ys -s 10G\n", 100000, 100000, 300, 1, 50);
	load(t);
	f = finding_of(&t->an, FIND_REGRESSION, (long)run_of(t, "p6"),
	    M_PUT_BLOCK);
	assert_non_null(f);
	assert_false(f->gated);
	assert_int_equal(t->an.failing, 0);
}

/* A stack but for its devices' names is one set-up (a reboot renames
 * sdb to sdc): the kernel's drop fails the gate. A layer's word is no
 * device's name: vdb against vdo is another configuration. */
static void
test_stack_renamed(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "a1", "series: a\ndate: 2020-01-01\nkernel: 5.1\n"
	    "stack: xfs on sdb\n", 200000, 200000, 300, 1, 50);
	add_run(t, "a2", "series: a\ndate: 2020-01-02\nkernel: 5.2\n"
	    "stack: xfs on sdc\n", 100000, 200000, 300, 1, 50);
	add_run(t, "b1", "series: b\ndate: 2020-01-01\nkernel: 5.1\n"
	    "stack: xfs on vdb\n", 200000, 200000, 300, 1, 50);
	add_run(t, "b2", "series: b\ndate: 2020-01-02\nkernel: 5.2\n"
	    "stack: xfs on vdo\n", 100000, 200000, 300, 1, 50);
	load(t);
	f = finding_of(&t->an, FIND_REGRESSION, (long)run_of(t, "a2"),
	    M_PUT_BLOCK);
	assert_non_null(f);
	assert_true(f->gated);
	assert_string_equal(f->explain, "kernel: 5.1 \u2192 5.2");
	f = finding_of(&t->an, FIND_REGRESSION, (long)run_of(t, "b2"),
	    M_PUT_BLOCK);
	assert_non_null(f);
	assert_false(f->gated);
}

/* bonnie++ -D writes its file round the page cache, so rewrite reads it
 * from the disk; the block read and seeks after it find it cached: a
 * file under twice the memory is a caveat of those, not of the block
 * write and rewrite. */
static void
test_caveat_direct_writes_only(void **state)
{
	struct tree *t = *state;
	size_t i, o;
	char *c;

#define D "series: s\nmemory: 8 GiB\nbonnie-options: -s 10G -n 0 -D -f\n"
	add_run(t, "s1", D "date: 2020-01-01\n", 100000, 100000, 300, 1, 50);
	add_run(t, "s2", D "date: 2020-01-02\n", 100000, 100000, 300, 1, 50);
#undef D
	load(t);
	i = run_of(t, "s2");
	o = run_of(t, "s1");
	assert_null(comparison_caveat(&t->an, i, o, 0, M_PUT_BLOCK, false));
	assert_null(comparison_caveat(&t->an, i, o, 0, M_REWRITE, false));
	c = comparison_caveat(&t->an, i, o, 0, M_GET_BLOCK, false);
	assert_non_null(c);
	assert_non_null(strstr(c, "under twice its host's memory"));
	free(c);
	c = comparison_caveat(&t->an, i, o, 0, M_SEEKS, false);
	assert_non_null(c);
	free(c);
}

/* Per-char tests at 95% CPU measure the processor: a caveat of
 * per-char figures only. */
static void
test_caveat_cpu_bound(void **state)
{
	struct tree *t = *state;
	size_t i, o;
	char *c;

	add_run(t, "s1", "series: s\ndate: 2020-01-01\n", 100000, 100000,
	    300, 1, 99);
	add_run(t, "s2", "series: s\ndate: 2020-01-02\n", 100000, 100000,
	    300, 1, 50);
	load(t);
	i = run_of(t, "s2");
	o = run_of(t, "s1");
	c = comparison_caveat(&t->an, i, o, 0, M_PUTC, false);
	assert_string_equal(c, "per-char tests at 95% CPU or more measure the "
	    "processor");
	free(c);
	assert_null(comparison_caveat(&t->an, i, o, 0, M_PUT_BLOCK, false));
	assert_null(comparison_caveat(&t->an, i, o, 1, M_PUT_BLOCK, false));
	c = comparison_caveat(&t->an, i, o, 2, M_PUT_BLOCK, false);
	assert_string_equal(c, "more than one setting differs");
	free(c);
}

/* bonnie++'s default file is twice the memory the kernel reports, less
 * than the nominal memory a post gives: a 10G file on a 5.5 GB host is
 * that default, not one the page cache holds; on 6 GB it is under. */
static void
test_fits_cache(void **state)
{
	struct tree *t = *state;

	add_run(t, "m55", "host: h\nmemory: 5.5GB\n", 100000, 100000, 300, 1,
	    50);
	add_run(t, "m6", "host: h2\nmemory: 6GB\n", 100000, 100000, 300, 1,
	    50);
	add_run(t, "m0", "host: h3\n", 100000, 100000, 300, 1, 50);
	load(t);
	assert_false(fits_cache(&t->set.runs[run_of(t, "m55")], BONNIE_FILE));
	assert_true(fits_cache(&t->set.runs[run_of(t, "m6")], BONNIE_FILE));
	assert_false(fits_cache(&t->set.runs[run_of(t, "m0")], BONNIE_FILE));
}

/* What a run's hardware can move: max-rate first, else a slow link its
 * bus names, by its version (USB 2.0 is "usb2", USB 20 no link), and
 * nothing for a link whose generation is not said or is fast. */
static void
test_hardware_ceiling(void **state)
{
	struct tree *t = *state;
	static const char *const buses[][2] = {
		{"USB 2.0", "60 MB/s"}, {"usb2", "60 MB/s"},
		{"USB-1.1", "1.5 MB/s"}, {"FireWire 400", "50 MB/s"},
		{"firewire800", "100 MB/s"}, {"FireWire", "100 MB/s"},
		{"IEEE 1394b", "100 MB/s"}, {"USB 3", NULL}, {"usb", NULL},
		{"USB 20", NULL}, {"eSATA", NULL}, {"sata", NULL},
	};
	size_t n = sizeof buses / sizeof *buses;
	char by[CEILING_BY];

	for (size_t k = 0; k < n; k++) {
		char *meta = xasprintf("host: h%zu\nbus: %s\n", k,
		    buses[k][0]), *name = xasprintf("b%zu", k);

		add_run(t, name, meta, 100000, 100000, 300, 1, 50);
		free(meta);
		free(name);
	}
	add_run(t, "max", "host: m\nbus: USB 2\nmax-rate: 30 MB/s\n", 100000,
	    100000, 300, 1, 50);
	load(t);
	for (size_t k = 0; k < n; k++) {
		char name[16];
		const char *rate;

		snprintf(name, sizeof name, "b%zu", k);
		rate = hardware_ceiling(&t->set.runs[run_of(t, name)], by);
		if (buses[k][1] == NULL) {
			assert_null(rate);
			continue;
		}
		assert_string_equal(rate, buses[k][1]);
		assert_true(strncmp(by, "bus: ", 5) == 0);
		assert_string_equal(by + 5, buses[k][0]);
	}
	assert_string_equal(hardware_ceiling(&t->set.runs[run_of(t, "max")],
	    by), "30 MB/s");
	assert_string_equal(by, "max-rate");
}

/* ZFS before 2.3 serves fio's direct=1 from its ARC: a dataset of no
 * release said, or of 2.2, does; 2.3 honours O_DIRECT; ext4 and a
 * "zfsfoo" are no ZFS. */
static void
test_zfs_arc_serves_direct(void **state)
{
	static const struct {
		const char *id, *meta;
		bool serves;
	} runs[] = {
		{"z", "host: a\nfilesystem: zfs\n", true},
		{"z22", "host: b\nfilesystem: ZFS\ndriver: zfs-2.2.7\n", true},
		{"z23", "host: c\nfilesystem: zfs\ndriver: zfs 2.3.1\n", false},
		{"e", "host: d\nfilesystem: ext4\n", false},
		{"f", "host: e\nfilesystem: zfsfoo\n", false},
		{"k", "host: f\nfilesystem: zfs\ndriver: zfs-kmod-2.3.0\n",
		    false},
	};
	struct tree *t = *state;

	for (size_t k = 0; k < sizeof runs / sizeof *runs; k++)
		add_run(t, runs[k].id, runs[k].meta, 1, 1, 1, 1, 50);
	load(t);
	for (size_t k = 0; k < sizeof runs / sizeof *runs; k++)
		assert_int_equal(zfs_arc_serves_direct(&t->set.runs[run_of(t,
		    runs[k].id)]), runs[k].serves);
}

/* ---- series verdicts ---- */

/* One sample a run, no history: the minimum change (5%) decides. */
static void
test_series_verdicts(void **state)
{
	struct tree *t = *state;
	const struct run_analysis *ra;
	size_t i;

	add_run(t, "s1", "series: s\ndate: 2020-01-01\n", 100000, 100000,
	    300, 1, 50);
	add_run(t, "s2", "series: s\ndate: 2020-01-02\n", 102000, 50000,
	    600, 1, 50);
	add_run(t, "x1", "series: other\ndate: 2020-01-03\n", 100000,
	    100000, 300, 1, 50);
	load(t);
	i = run_of(t, "s2");
	ra = &t->an.runs[i];
	assert_int_equal(ra->base, run_of(t, "s1"));
	assert_string_equal(ra->base_why, "the run before it in its series");
	assert_int_equal(ra->change[M_PUT_BLOCK].verdict, VERDICT_SAME);
	assert_int_equal(ra->change[M_PUT_BLOCK].rule, RULE_THRESHOLD);
	assert_true(analysis_change(&t->an, i, M_PUT_BLOCK).rel ==
	    102000.0 / 100000 - 1);
	assert_int_equal(ra->change[M_GET_BLOCK].verdict, VERDICT_REGRESSION);
	assert_true(analysis_change(&t->an, i, M_GET_BLOCK).rel == -0.5);
	assert_int_equal(ra->change[M_SEEKS].verdict, VERDICT_IMPROVEMENT);
	/* Not run on either side: nothing to say. */
	assert_int_equal(ra->change[M_SEQ_STAT].verdict, VERDICT_INSUFFICIENT);
	/* The regression can be defended: it fails the gate. */
	assert_true(analysis_flagged(&t->an, i, M_GET_BLOCK));
	assert_false(analysis_flagged(&t->an, i, M_SEEKS));
	assert_int_equal(t->an.failing, 1);
	assert_int_equal(t->an.count[FIND_REGRESSION], 1);
	assert_int_equal(t->an.count[FIND_IMPROVEMENT], 1);
	/* The first of a series, and a series of one, have no base. */
	assert_int_equal(t->an.runs[run_of(t, "s1")].base, -1);
	assert_int_equal(t->an.runs[run_of(t, "x1")].base, -1);
	assert_false(analysis_judged(&t->an, run_of(t, "x1"), M_PUT_BLOCK));
}

/* A key given on one side only is unknown, not a difference: the run
 * that says nothing of its file system joins the one series that says
 * one; with two that say two, it stays apart. */
static void
test_series_completed(void **state)
{
	struct tree *t = *state;

	add_run(t, "a1", "host: h\ndate: 2020-01-01\n", 100000, 100000,
	    300, 1, 50);
	add_run(t, "a2", "host: h\ndate: 2020-01-02\nfilesystem: btrfs\n",
	    100000, 50000, 300, 1, 50);
	add_run(t, "b1", "host: g\ndate: 2020-01-01\n", 100000, 100000,
	    300, 1, 50);
	add_run(t, "b2", "host: g\ndate: 2020-01-02\nfilesystem: xfs\n",
	    100000, 50000, 300, 1, 50);
	add_run(t, "b3", "host: g\ndate: 2020-01-03\nfilesystem: ext4\n",
	    100000, 50000, 300, 1, 50);
	load(t);
	assert_true(same_series(&t->an, run_of(t, "a1"), run_of(t, "a2")));
	assert_int_equal(t->an.runs[run_of(t, "a2")].base, run_of(t, "a1"));
	assert_true(analysis_flagged(&t->an, run_of(t, "a2"), M_GET_BLOCK));
	assert_false(same_series(&t->an, run_of(t, "b1"), run_of(t, "b2")));
	assert_false(same_series(&t->an, run_of(t, "b1"), run_of(t, "b3")));
	assert_int_equal(t->an.runs[run_of(t, "b2")].base, -1);
}

/* Two runs of one day that nothing the meta says tells apart are no
 * before and after: their drop is told, not gated; a day later, or
 * another label, it gates. So does a drop between two runs of a series
 * the user named, each with its time of day (a CI's jobs of one day);
 * without a named series, such runs are a lab's one sitting. */
static void
test_nothing_said_apart(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "s1", "series: s\ndate: 2020-01-01\n", 100000, 100000,
	    300, 1, 50);
	add_run(t, "s2", "series: s\ndate: 2020-01-01\n", 100000, 50000,
	    300, 1, 50);
	add_run(t, "u1", "series: u\ndate: 2020-01-01\nlabel: a\n", 100000,
	    100000, 300, 1, 50);
	add_run(t, "u2", "series: u\ndate: 2020-01-01\nlabel: b\n", 100000,
	    50000, 300, 1, 50);
	add_run(t, "v1", "series: v\n", 100000, 100000, 300, 1, 50);
	add_run(t, "v2", "series: v\n", 100000, 50000, 300, 1, 50);
	/* two jobs of one day of a named series, as record dates them */
	add_run(t, "w1", "series: w\ndate: 2020-01-01T03:00:00Z\n", 100000,
	    100000, 300, 1, 50);
	add_run(t, "w2", "series: w\ndate: 2020-01-01T05:30:00Z\n", 100000,
	    50000, 300, 1, 50);
	/* the same without a series named: one sitting of a lab's */
	add_run(t, "x1", "host: lab\ndate: 2020-01-01T03:00:00Z\n", 100000,
	    100000, 300, 1, 50);
	add_run(t, "x2", "host: lab\ndate: 2020-01-01T05:30:00Z\n", 100000,
	    50000, 300, 1, 50);
	load(t);
	assert_true(analysis_flagged(&t->an, run_of(t, "w2"), M_GET_BLOCK));
	assert_false(analysis_flagged(&t->an, run_of(t, "x2"), M_GET_BLOCK));
	assert_non_null(f = finding_of(&t->an, FIND_REGRESSION,
	    (long)run_of(t, "x2"), M_GET_BLOCK));
	assert_non_null(strstr(f->caveat, "both are of 2020-01-01:"));
	assert_false(analysis_flagged(&t->an, run_of(t, "s2"), M_GET_BLOCK));
	assert_non_null(f = finding_of(&t->an, FIND_REGRESSION,
	    (long)run_of(t, "s2"), M_GET_BLOCK));
	assert_non_null(strstr(f->caveat, "both are of 2020-01-01"));
	assert_true(analysis_flagged(&t->an, run_of(t, "u2"), M_GET_BLOCK));
	assert_false(analysis_flagged(&t->an, run_of(t, "v2"), M_GET_BLOCK));
	assert_non_null(f = finding_of(&t->an, FIND_REGRESSION,
	    (long)run_of(t, "v2"), M_GET_BLOCK));
	assert_non_null(strstr(f->caveat, "neither has a date"));
}

/* Run id's regression of block read, which fails the gate. */
static const struct finding *
gated_drop(struct tree *t, const char *id)
{
	const struct finding *f;

	assert_true(analysis_flagged(&t->an, run_of(t, id), M_GET_BLOCK));
	assert_non_null(f = finding_of(&t->an, FIND_REGRESSION,
	    (long)run_of(t, id), M_GET_BLOCK));
	return f;
}

/* A key of the user's own that differs is a setting: the drop gates
 * and names it. With a kernel changed too the kernel is named, and a
 * key that changes every night (a build's number) does not make two
 * settings of one. */
static void
test_own_key_named(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "a1", "series: a\ndate: 2020-01-01\nmax-sectors: 16\n",
	    100000, 100000, 300, 1, 50);
	add_run(t, "a2", "series: a\ndate: 2020-01-01\nmax-sectors: 1024\n",
	    100000, 50000, 300, 1, 50);
	add_run(t, "b1", "series: b\ndate: 2020-01-01\nkernel: 5.1\n"
	    "build: 41\n", 100000, 100000, 300, 1, 50);
	add_run(t, "b2", "series: b\ndate: 2020-01-02\nkernel: 5.2\n"
	    "build: 42\n", 100000, 50000, 300, 1, 50);
	load(t);
	f = gated_drop(t, "a2");
	assert_non_null(strstr(f->text, "max-sectors: 16 \u2192 1024"));
	f = gated_drop(t, "b2");
	assert_non_null(strstr(f->text, "kernel: 5.1 \u2192 5.2"));
	assert_null(strstr(f->text, "build"));
	assert_null(f->caveat);
}

/* Mount options that place the file (the allocator's) move the reads of
 * what bonnie++ wrote under them: a block read's fall after them names
 * them. */
static void
test_mount_options_move_reads(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "m1", "series: m\ndate: 2020-01-01\nfilesystem: ext3\n"
	    "mount-options: rw,extents,mballoc,delalloc\n", 100000, 100000,
	    300, 1, 50);
	add_run(t, "m2", "series: m\ndate: 2020-01-02\nfilesystem: ext3\n"
	    "mount-options: rw\n", 100000, 50000, 300, 1, 50);
	load(t);
	f = gated_drop(t, "m2");
	assert_non_null(strstr(f->text, "after mount-options"));
}

/* One disk written two ways ("VIRTIO-256G", "1 x VIRTIO-256G") is one set
 * of disks: one series, and a kernel's drop gates. */
static void
test_disks_two_ways(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "d1", "host: vm\ndate: 2020-01-01\ndisks: VIRTIO-256G\n"
	    "kernel: 6.1\n", 100000, 100000, 300, 1, 50);
	add_run(t, "d2", "host: vm\ndate: 2020-01-02\ndisks: 1 X VIRTIO-256G\n"
	    "kernel: 6.2\n", 100000, 50000, 300, 1, 50);
	load(t);
	assert_string_equal(t->an.runs[run_of(t, "d1")].series,
	    t->an.runs[run_of(t, "d2")].series);
	f = gated_drop(t, "d2");
	assert_null(f->caveat);
}

/* A kernel brings its drivers: the two changed together are one change,
 * and a drop gates, told as the kernel's. */
static void
test_driver_with_kernel(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "k1", "series: k\ndate: 2020-01-01\nkernel: 2.6.13\n"
	    "driver: ata_piix\n", 100000, 100000, 300, 1, 50);
	add_run(t, "k2", "series: k\ndate: 2020-01-02\nkernel: 2.4.32\n"
	    "driver: ahci\n", 100000, 50000, 300, 1, 50);
	load(t);
	f = gated_drop(t, "k2");
	assert_null(f->caveat);
	assert_non_null(strstr(f->text, "kernel: 2.6.13 \u2192 2.4.32 (with "
	    "driver: ata_piix \u2192 ahci)"));
}

/* Four quiet nights say little of the noise: a 9% fall of block read on
 * one sample is under its 10% floor, however steady the nights before. */
static void
test_short_history_floor(void **state)
{
	static const long get[] = {100000, 100500, 99800, 100200, 91000};
	struct tree *t = *state;

	for (int k = 0; k < 5; k++) {
		char *id = xasprintf("n%d", k + 1);
		char *meta = xasprintf("series: n\ndate: 2020-01-0%d\n"
		    "kernel: %s\n", k + 1, k < 4 ? "6.1" : "6.2");

		add_run(t, id, meta, 100000, get[k], 300, 1, 50);
		free(meta);
		free(id);
	}
	load(t);
	assert_false(analysis_flagged(&t->an, run_of(t, "n5"), M_GET_BLOCK));
	assert_int_equal(analysis_change_of(&t->an, run_of(t, "n5"),
	    M_GET_BLOCK)->verdict, VERDICT_SAME);
}

/* The layout given on one side only: the run before is still its base
 * (a drop of 50% is found, not passed over). */
static void
test_layout_said_once(void **state)
{
	struct tree *t = *state;

	add_run(t, "l1", "series: l\ndate: 2020-01-01\nraid: raidz2\n"
	    "disks: 10\n", 100000, 100000, 300, 1, 50);
	add_run(t, "l2", "series: l\ndate: 2020-01-02\n", 100000, 50000, 300,
	    1, 50);
	load(t);
	assert_int_equal(t->an.runs[run_of(t, "l2")].base, (long)run_of(t,
	    "l1"));
	assert_non_null(finding_of(&t->an, FIND_REGRESSION,
	    (long)run_of(t, "l2"), M_GET_BLOCK));
}

/* A run whose file holds no figure that can be read passes with a
 * warning that says so, not as a run that passes. */
static void
test_no_figure(void **state)
{
	struct tree *t = *state;
	char *dir = xasprintf("%s/empty", t->root);
	const struct finding *f;

	assert_int_equal(mkdir(dir, 0755), 0);
	write_file(dir, "fio.txt", "fio-3.1\njob: (groupid=0, jobs=1): "
	    "err= 0: pid=1\n  read: IOPS=abc, BW=xyz\n");
	free(dir);
	load(t);
	assert_non_null(f = finding_of(&t->an, FIND_WARNING,
	    (long)run_of(t, "empty"), -1));
	assert_non_null(strstr(f->text, "No figure of it could be read"));
	assert_int_equal(t->an.gate.runs[RUN_WARNED], 1);
}

/* An array its meta says was degraded or rebuilding gets a warning that
 * quotes it; one said to be done with it ("after the resync") and a
 * single disk do not. */
static void
test_degraded_warned(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_run(t, "deg", "host: h\ndisks: 5 x WD1200BB\nraid: raid5 md "
	    "degraded\n", 20000, 40000, 300, 1, 50);
	add_run(t, "done", "host: h\ndisks: 5 x WD1200BB\nraid: raid5\n"
	    "label: after the resync\n", 40000, 80000, 300, 1, 50);
	add_run(t, "one", DISK "label: degraded\n", 30000, 50000, 300, 1, 50);
	load(t);
	assert_non_null(f = finding_of(&t->an, FIND_WARNING,
	    (long)run_of(t, "deg"), -1));
	assert_non_null(strstr(f->text, "degraded or busy when measured, as "
	    "its meta says (\"raid5 md degraded\")"));
	f = finding_of(&t->an, FIND_WARNING, (long)run_of(t, "done"), -1);
	assert_true(f == NULL || strstr(f->text, "degraded") == NULL);
	f = finding_of(&t->an, FIND_WARNING, (long)run_of(t, "one"), -1);
	assert_true(f == NULL || strstr(f->text, "degraded") == NULL);
}

/* Ten nights, the block write 20% lower from the sixth on with a new
 * kernel: the regression of the sixth night, and no slide said over the
 * ten ("no step between two runs clears the noise" would be false). */
static void
test_step_not_a_slide(void **state)
{
	struct tree *t = *state;

	for (int n = 1; n <= 10; n++) {
		char name[16], *meta = xasprintf("series: s\ndate: 2020-01-%02d\n"
		    "kernel: %s\n", n, n < 6 ? "5.10" : "6.1");

		snprintf(name, sizeof name, "n%02d", n);
		add_run(t, name, meta, n < 6 ? 100000 + 500 * (n % 3) : 80000 +
		    400 * (n % 3), 100000, 300, 1, 50);
		free(meta);
	}
	load(t);
	assert_true(analysis_flagged(&t->an, run_of(t, "n06"), M_PUT_BLOCK));
	for (size_t k = 0; k < t->an.nf; k++)
		assert_null(strstr(t->an.f[k].text, "slid"));
}

/* Three samples a side: the rank test decides, and finds no change in
 * figures that differ by noise only. */
static void
test_series_rank_test(void **state)
{
	struct tree *t = *state;
	const struct change *c;

	add_run(t, "s1", "series: s\ndate: 2020-01-01\n", 100000, 100000,
	    300, 4, 50);
	add_run(t, "s2", "series: s\ndate: 2020-01-02\n", 100000, 60000,
	    300, 4, 50);
	load(t);
	c = t->an.runs[run_of(t, "s2")].change;
	assert_int_equal(c[M_GET_BLOCK].rule, RULE_RANK_TEST);
	assert_true(c[M_GET_BLOCK].p >= 0 && c[M_GET_BLOCK].p <= 0.05);
	assert_int_equal(c[M_GET_BLOCK].verdict, VERDICT_REGRESSION);
	assert_int_equal(c[M_PUT_BLOCK].verdict, VERDICT_SAME);
}

/* ---- patterns ---- */

/* A single disk; two RAID0 runs on controller "bad" writing at 20% of
 * two disks (r2 on another host, judged against the disk it names);
 * one on "c1" writing at two disks' worth. */
static void
add_bad_controller(struct tree *t)
{
	add_run(t, "disk", DISK, 100000, 100000, 300, 1, 50);
	add_run(t, "r1", "host: h\ncontroller: bad\ndisks: 2 x ST1000\n"
	    "raid: raid0\n", 40000, 200000, 600, 1, 50);
	add_run(t, "r2", "host: h2\ncontroller: bad\ndisks: 2 x ST1000\n"
	    "raid: raid0\nbaseline: disk\n", 40000, 200000, 600, 1, 50);
	add_run(t, "r3", "host: h\ncontroller: c1\ndisks: 2 x ST1000\n"
	    "raid: raid0\n", 200000, 200000, 600, 1, 50);
}

/* Both runs on controller "bad" fall short, the one on "good" does
 * not: the controller is said as a pattern. */
static void
test_patterns(void **state)
{
	struct tree *t = *state;
	const struct finding *f;

	add_bad_controller(t);
	load(t);
	assert_int_equal(t->an.count[FIND_SHORTFALL], 2);
	assert_int_equal(t->an.count[FIND_PATTERN], 1);
	f = finding_of(&t->an, FIND_PATTERN, -1, M_PUT_BLOCK);
	assert_non_null(f);
	assert_string_equal(f->text, "Both runs with controller \u201cbad\u201d "
	    "fail on Block write, and the 1 other run judged on it passes.");
	assert_true(analysis_flagged(&t->an, run_of(t, "r1"), M_PUT_BLOCK));
	assert_false(analysis_flagged(&t->an, run_of(t, "r3"), M_PUT_BLOCK));
}

/* A run on another controller fails too: "the runs without it pass"
 * would be false, so nothing is said of the controller. */
static void
test_pattern_needs_both_halves(void **state)
{
	struct tree *t = *state;

	add_bad_controller(t);
	/* On another host, judged against the disk it names. */
	add_run(t, "r4", "host: h3\ncontroller: c2\ndisks: 2 x ST1000\n"
	    "raid: raid0\nbaseline: disk\n", 40000, 200000, 600, 1, 50);
	load(t);
	assert_int_equal(t->an.count[FIND_SHORTFALL], 3);
	assert_null(finding_of(&t->an, FIND_PATTERN, -1, M_PUT_BLOCK));
}

/* Two runs on controller "bad" with driver x that fall short, and one
 * on another controller that passes, whose driver line is r3_driver
 * ("driver: y\n", or "" for none); the pattern said of block write. */
static const char *
bad_driver_pattern(struct tree *t, const char *r3_driver)
{
	char *r3 = xasprintf("host: h\ncontroller: c1\n%sdisks: 2 x ST1000\n"
	    "raid: raid0\n", r3_driver);
	const struct finding *f;

	add_run(t, "disk", DISK, 100000, 100000, 300, 1, 50);
	add_run(t, "r1", "host: h\ncontroller: bad\ndriver: x\n"
	    "disks: 2 x ST1000\nraid: raid0\n", 40000, 200000, 600, 1, 50);
	add_run(t, "r2", "host: h2\ncontroller: bad\ndriver: x\n"
	    "disks: 2 x ST1000\nraid: raid0\nbaseline: disk\n", 40000,
	    200000, 600, 1, 50);
	add_run(t, "r3", r3, 200000, 200000, 600, 1, 50);
	free(r3);
	load(t);
	f = finding_of(&t->an, FIND_PATTERN, -1, M_PUT_BLOCK);
	assert_non_null(f);
	return f->text;
}

/* Another key the failing runs share, and only they, is said with the
 * first one, in the order of the cause keys. */
static void
test_pattern_also(void **state)
{
	assert_string_equal(bad_driver_pattern(*state, "driver: y\n"),
	    "Both runs with controller \u201cbad\u201d fail on Block write, "
	    "and the 1 other run judged on it passes (the same runs share "
	    "driver \u201cx\u201d).");
}

/* A key the passing runs do not give is unknown for them, not another
 * value: the failing runs' driver is no cause when no passing run says
 * its own. */
static void
test_pattern_unknown_not_other(void **state)
{
	assert_string_equal(bad_driver_pattern(*state, ""),
	    "Both runs with controller \u201cbad\u201d fail on Block write, "
	    "and the 1 other run judged on it passes.");
}

/* A run that passes on the failing runs' controller: "the runs without
 * it pass" holds, "every run with it fails" does not; nothing said. */
static void
test_pattern_passing_run_with_it(void **state)
{
	struct tree *t = *state;

	add_bad_controller(t);
	add_run(t, "r4", "host: h3\ncontroller: bad\ndisks: 2 x ST1000\n"
	    "raid: raid0\nbaseline: disk\n", 200000, 200000, 600, 1, 50);
	load(t);
	assert_int_equal(t->an.count[FIND_SHORTFALL], 2);
	assert_null(finding_of(&t->an, FIND_PATTERN, -1, M_PUT_BLOCK));
}

/* A reference disk and three RAID 0 runs, two of them on the same slow
 * controller (on two hosts) and slow in block write and read both: two
 * patterns beside the runs' own findings. */
static void
patterns_on_both_block_figures(struct tree *t)
{
	add_run(t, "disk", DISK, 100000, 100000, 300, 1, 50);
	add_run(t, "r1", "host: h\ncontroller: bad\ndisks: 2 x ST1000\n"
	    "raid: raid0\n", 40000, 40000, 600, 1, 50);
	add_run(t, "r2", "host: h2\ncontroller: bad\ndisks: 2 x ST1000\n"
	    "raid: raid0\nbaseline: disk\n", 40000, 40000, 600, 1, 50);
	add_run(t, "r3", "host: h\ncontroller: c1\ndisks: 2 x ST1000\n"
	    "raid: raid0\n", 200000, 200000, 600, 1, 50);
	load(t);
}

/* Two patterns (one a metric) are each their own cause: the gate tells
 * them in a group apiece, never as one group of two. */
static void
test_patterns_grouped_apart(void **state)
{
	struct tree *t = *state;
	const struct gate_summary *g = &t->an.gate;
	size_t groups = 0;

	patterns_on_both_block_figures(t);
	assert_non_null(finding_of(&t->an, FIND_PATTERN, -1, M_PUT_BLOCK));
	assert_non_null(finding_of(&t->an, FIND_PATTERN, -1, M_GET_BLOCK));
	for (size_t k = 0; k < g->ngroups; k++)
		if (g->groups[k].kind == FIND_PATTERN) {
			assert_int_equal(g->groups[k].n, 1);
			groups++;
		}
	assert_int_equal(groups, t->an.count[FIND_PATTERN]);
}

/* Each run's findings, as the analysis indexes them for the outputs
 * (by_run): every finding of a run once, in the order of f, and the
 * patterns (of no run) in none. */
static void
test_findings_by_run(void **state)
{
	struct tree *t = *state;
	const struct analysis *a = &t->an;
	size_t of_runs = 0;

	patterns_on_both_block_figures(t);
	assert_true(a->count[FIND_PATTERN] > 0);
	for (size_t k = 0; k < a->nf; k++)
		of_runs += a->f[k].run >= 0;
	assert_true(of_runs > a->set->n);
	assert_int_equal(a->by_run_at[0], 0);
	assert_int_equal(a->by_run_at[a->set->n], of_runs);
	for (size_t i = 0; i < a->set->n; i++)
		for (size_t j = a->by_run_at[i]; j < a->by_run_at[i + 1]; j++) {
			assert_int_equal(a->f[a->by_run[j]].run, (long)i);
			if (j > a->by_run_at[i])
				assert_true(a->by_run[j] > a->by_run[j - 1]);
		}
}

/* What two labels say changed: a run's number, a part, a setting. */
static void
test_label_change(void **state)
{
	static const struct {
		const char *x, *y;
		enum label_change want;
		const char *part;
	} cases[] = {
		{NULL, "backup window", LABELS_SAME, NULL},
		/* one side's only is unknown, unless it names a part */
		{NULL, "new SSD", LABELS_PART, "ssd"},
		/* a load beside it on the disk it names: run otherwise */
		{"backup ran concurrently on the same disk", NULL,
		    LABELS_MEASURED, "concurrently"},
		{"without L2ARC", NULL, LABELS_PART, "l2arc"},
		{"first run", "second run", LABELS_SAME, NULL},
		{"raidz2 run 1", "raidz2, run 2", LABELS_SAME, NULL},
		/* a post's pieces, numbered: what each holds is not said */
		{"attachment 1", "attachment 2", LABELS_SAME, NULL},
		{"table 1", "table 2", LABELS_SAME, NULL},
		{"v3", "v3+", LABELS_SETTING, NULL},
		{"before patch", "with patch", LABELS_SETTING, NULL},
		/* which came first, not what changed */
		{"old", "new", LABELS_WHEN, NULL},
		{"Before", "after", LABELS_WHEN, NULL},
		{"before patch", "after patch", LABELS_SETTING, NULL},
		{"old", "new kernel", LABELS_SETTING, NULL},
		/* a load beside the benchmark: not a setting of the disk */
		{"idle baseline", "concurrent ostree pull", LABELS_MEASURED,
		    "concurrent"},
		{"40pin cable ATA33", "80pin cable ATA133", LABELS_PART, "cable"},
		{"main pool with Optane SLOG", "main pool without SLOG",
		    LABELS_PART, "slog"},
		{"Main RAID array (3x SSD special mirror, Optane SLOG)",
		    "Main RAID array without SLOG", LABELS_PART, "slog"},
		{"no L2ARC, default", "no L2ARC, tuned", LABELS_SETTING, NULL},
		{"compression off", "6 instances", LABELS_MEASURED, "instances"},
		{"compression", "encryption", LABELS_PART, "encryption"},
		{"ext4 defaults", "xfs defaults", LABELS_PART, "ext4"},
		/* both name the vdev; what differs is a setting of it */
		{"Slow vdev + Optane Special, default",
		    "Slow vdev + Optane Special, special block size 1M",
		    LABELS_SETTING, NULL},
		{"Slow vdev + Optane Special, default",
		    "Slow vdev + Optane SLOG", LABELS_PART, "slog"},
		{"stripe_cache_size=256", "stripe_cache_size=8192",
		    LABELS_SETTING, NULL},
		{"chunk 64", "chunk 128", LABELS_SETTING, NULL},
		{"pass #3", "pass #4", LABELS_SAME, NULL},
		{"night 1", "night 2", LABELS_SAME, NULL},
		{"CI job 17", "CI job 18", LABELS_SAME, NULL},
		/* a feature of a part taken away is a setting */
		{"with disk write cache", "without disk write cache",
		    LABELS_SETTING, NULL},
		{"with compression", "without compression", LABELS_SETTING,
		    NULL},
		/* as many instances or threads otherwise */
		{"3 concurrent bonnie++ instances",
		    "6 concurrent bonnie++ instances", LABELS_MEASURED,
		    "concurrent"},
		{"threads 4, compression off", "threads 8, compression off",
		    LABELS_MEASURED, "threads"},
		{"4 threads, compression off", "4 threads, compression on",
		    LABELS_SETTING, NULL},
		/* a caching layer taken away, or put in */
		{"without bcache", "with bcache", LABELS_PART, "bcache"},
		{"hdd without dm-cache", "hdd with dm-cache, writeback",
		    LABELS_PART, "dm"},
		{"xfs 2nd try", "xfs 3rd try", LABELS_SAME, NULL},
	};
	/* Keys of the user's own that are no setting, by their names (a
	 * part, a hypervisor, how or where the benchmark ran) or by their
	 * values: a layer one names and the other does not (the same
	 * layer on both sides is a setting of it), hardware one side
	 * has (a ZFS special vdev, a log device, a count of devices), or
	 * the layer a key is named for on one side only. */
	static const struct {
		const char *key, *was, *now, *want, *word;
	} configs[] = {
		{"log-vdev", NULL, NULL, "a part", "vdev"},
		{"vmm", "a", "b", "a part", NULL},
		{"cpu-binding", NULL, NULL, "how or where the benchmark ran",
		    "binding"},
		{"test-environment", NULL, NULL,
		    "how or where the benchmark ran", NULL},
		{"max-request-size", "512", "1024", NULL, NULL},
		{"guest-cache", "none", "writeback", NULL, NULL},
		{"storage-protocol", "iSCSI", "NFS", "a layer of the stack",
		    "iscsi"},
		{"backend", "local disk", "Ceph RBD", "a layer of the stack",
		    NULL},
		{"fs-tuning", "ext4 defaults", "ext4 tuned", NULL, NULL},
		{"storage-protocol", NULL, "nfs", NULL, NULL},
		{"special", "none", "2 x Samsung 870 EVO mirror", "a part",
		    "mirror"},
		{"log-device", "none", "Optane nvme", "a part", "nvme"},
		{"cache", "none", "1 x 970 EVO", "a part", "devices"},
		{"special-small-blocks", "0", "1M", NULL, NULL},
		/* a key that is a layer's name alone, the layer on one side
		 * only; its version changed, or a setting of it, is none */
		{"drbd", "none", "8.0.11 connected", "a layer of the stack",
		    "drbd"},
		{"dm-crypt", "aes-xts-plain64", "off", "a layer of the stack",
		    "dm"},
		{"drbd", "8.0.11", "8.3.0", NULL, NULL},
		{"dm-crypt-workqueue", "on", "off", NULL, NULL},
		{"drbd", NULL, "8.0.11", NULL, NULL},
		{"drbd", "false", "8.4", "a layer of the stack", "drbd"},
		{"bcache", "n/a", "writeback", "a layer of the stack",
		    "bcache"},
		{"drbd", "-", "8.4.11", "a layer of the stack", "drbd"},
		/* a file system's property, though labels name the layer */
		{"dedup", "off", "on", NULL, NULL},
		/* a cipher put in is a layer; one cipher for another, a
		 * setting of it */
		{"encryption", "off", "aes-256-gcm", "a layer of the stack",
		    "encryption"},
		{"encrypted", "no", "yes", "a layer of the stack",
		    "encrypted"},
		{"encryption", "aes-256-ccm", "aes-256-gcm", NULL, NULL},
	};
	char part[32];

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		part[0] = '\0';
		assert_int_equal(label_change(cases[k].x, cases[k].y, part,
		    sizeof part), cases[k].want);
		if (cases[k].part)
			assert_string_equal(part, cases[k].part);
	}
	for (size_t k = 0; k < sizeof configs / sizeof *configs; k++) {
		const char *got;

		part[0] = '\0';
		got = key_names_config(configs[k].key, configs[k].was,
		    configs[k].now, part, sizeof part);
		if (configs[k].want == NULL) {
			assert_null(got);
			continue;
		}
		assert_string_equal(got, configs[k].want);
		if (configs[k].word)
			assert_string_equal(part, configs[k].word);
	}
	/* a label saying the benchmark ran beside another: measured
	 * otherwise than one that does not, whichever side says it */
	assert_true(labels_measure_otherwise("single disk sdc",
	    "Raid0p (4 disk), tested at the same time (parallel, 2 "
	    "instances)"));
	assert_true(labels_measure_otherwise("4 instances", NULL));
	assert_false(labels_measure_otherwise("Raid0s, md3 then md4",
	    "single disk sdc"));
	assert_false(labels_measure_otherwise("2 instances", "2 instances"));
	assert_true(label_measures("run simultaneously"));
	assert_false(label_measures(NULL));
	/* beside a load: the disk it names is the one measured */
	assert_true(labels_measure_otherwise(NULL,
	    "busy: a second fio on the same disk"));
}

static void
test_os_differ(void **state)
{
	(void)state;
	/* a bare "Linux" is any Linux, either side */
	assert_false(os_differ("Linux", "Ubuntu 24.04"));
	assert_false(os_differ("Red Hat Enterprise Linux 9", "linux"));
	assert_false(os_differ("GNU/Linux", "Debian 12"));
	/* but not any system, nor one distribution another */
	assert_true(os_differ("Linux", "FreeBSD 13.2"));
	assert_true(os_differ("Ubuntu 16.04", "Ubuntu 18.04"));
	assert_true(os_differ("Linux", "macOS 14"));
	/* the first words of the other: that system, said with less */
	assert_false(os_differ("Red Hat", "Red Hat 9.0"));
	assert_false(os_differ("freebsd 5.0-CURRENT", "FreeBSD"));
	assert_true(os_differ("Red Hat 9.0", "Red Hat 8.0"));
	assert_true(os_differ("Ubuntu 6.06", "Ubuntu 6.06.1"));
	assert_true(os_differ("Red", "Redhat 9"));
	/* unknown on one side is no difference */
	assert_false(os_differ(NULL, "Ubuntu 24.04"));
	assert_false(os_differ("Debian 12", "Debian 12"));
}

/* A raid value that says less than another is that one's series, not
 * another layout: each of its words is one of the other's. */
static void
test_raid_within(void **state)
{
	static const struct {
		const char *t, *u;
		bool within, more;
	} cases[] = {
		{"raid0", "raid0 md", true, true},
		{"RAID 0", "raid0 md", true, true},	/* as the level is read */
		{"Raid-5", "raid5", true, false},
		{"raid0 md", "raid0", false, false},	/* says more: no */
		{"raid5 md", "raid5 hw", false, false},
		{"raid5", "raid6 md", false, false},
		/* a passing state says nothing of the array: each run's
		 * busy state tells it */
		{"raid6 md", "raid6 md, rebuilding", true, false},
		{"raid6 md, rebuilding", "raid6 md", true, false},
		{"raid6 md, rebuilding", "raid6 md, rebuilding", true, false},
		{"raid6, degraded", "raid6 md", true, true},
		{"raid6 md, degraded", "raid5 md", false, false},
	};

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		bool more = false;

		if (raid_within(cases[k].t, cases[k].u, &more) !=
		    cases[k].within || more != cases[k].more)
			fail_msg("raid_within(\"%s\", \"%s\"): want %d, more %d",
			    cases[k].t, cases[k].u, cases[k].within,
			    cases[k].more);
	}
}

static void
test_percent_beside(void **state)
{
	char buf[32];

	(void)state;
	/* below the bound, though it rounds to it: a decimal tells */
	percent_beside(0.4951, 0.50, buf);
	assert_string_equal(buf, "49.5");
	percent_beside(0.37, 0.50, buf);
	assert_string_equal(buf, "37");
	percent_beside(0.8040, 0.80, buf);
	assert_string_equal(buf, "80.4");
	percent_beside(0.50, 0.50, buf);
	assert_string_equal(buf, "50");
	percent_beside(0.72, 1, buf);
	assert_string_equal(buf, "72");
	percent_beside(0.996, 1, buf);
	assert_string_equal(buf, "99.6");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_label_change),
		cmocka_unit_test_setup_teardown(test_label_tells_key, setup,
		    teardown),
		cmocka_unit_test(test_percent_beside),
		cmocka_unit_test(test_os_differ),
		cmocka_unit_test(test_raid_within),
		cmocka_unit_test_setup_teardown(test_fits_cache, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_hardware_ceiling, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_zfs_arc_serves_direct, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_scaling_factors_stored,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_degraded_warned, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_scaling_synced, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_scaling_factors, setup,
		    teardown),
		cmocka_unit_test(test_scaling_table),
		cmocka_unit_test(test_seek_scaling),
		cmocka_unit_test_setup_teardown(test_reference_choice, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_no_reference, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_measured_label, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_caveats, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dates_in_utc, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_caveat_instances, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_stack_renamed, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_caveat_direct_writes_only,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_caveat_cpu_bound, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_series_verdicts, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_series_rank_test, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_patterns, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pattern_needs_both_halves,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_pattern_unknown_not_other,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_pattern_also, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_pattern_passing_run_with_it,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_patterns_grouped_apart,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_series_completed, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_nothing_said_apart, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_own_key_named, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_mount_options_move_reads,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_layout_said_once, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_disks_two_ways, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_short_history_floor, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_driver_with_kernel, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_no_figure, setup, teardown),
		cmocka_unit_test_setup_teardown(test_step_not_a_slide, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_findings_by_run, setup,
		    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
