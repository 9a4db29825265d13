/* Unit tests of the analysis of fio runs (gen/analyse/): what RAID
 * layouts should give of fio's workloads, the noise floors of its
 * measures, which way a latency's change goes, the tail of single
 * samples, and fio runs beside bonnie++ runs in one series. Each test
 * writes runs of fio's text summary and their meta, loads and analyses
 * them (runtree.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "runtree.h"
#include "read/fio_key.h"
#include "render/headline.h"
#include "render/render.h"

/* The runs' fio command line names this device, or none when NULL. */
static const char *target;

static int
setup(void **state)
{
	target = NULL;
	return tree_setup(state, "benchsite-fio");
}

/* fio's text summary of one job: rw, bs, iodepth and the figures. */
struct job_figs {
	const char *rw, *bs;
	int depth, jobs;
	double iops, bw_mib, lat_us, p50, p99, p999;
};

static void
write_run(struct tree *t, const char *id, const char *meta,
    const struct job_figs *j, size_t n)
{
	char *dir = xasprintf("%s/%s", t->root, id), *cmd;
	FILE *f;

	cmd = xasprintf("mkdir -p '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	write_file(dir, "meta", meta);
	cmd = xasprintf("%s/fio.txt", dir);
	assert_non_null(f = fopen(cmd, "w"));
	for (size_t k = 0; k < n; k++) {
		bool wr = strstr(j[k].rw, "write") != NULL;

		fprintf(f, "j%zu: (g=%zu): rw=%s, bs=(R) %s-%s, (W) %s-%s, (T) "
		    "%s-%s, ioengine=libaio, iodepth=%d\nfio-3.33\n"
		    "# fio --direct=1 --numjobs=%d%s%s\n"
		    "j%zu: (groupid=%zu, jobs=%d): err= 0: pid=1\n"
		    "  %s: IOPS=%.0f, BW=%.1fMiB/s (1MB/s)(1GiB/60000msec)\n"
		    "    clat (usec): min=1, max=99999, avg=%.2f, stdev=1\n"
		    "    clat percentiles (usec):\n"
		    "     |  1.00th=[ 1],  50.00th=[ %.0f], 99.00th=[ %.0f],\n"
		    "     | 99.90th=[ %.0f], 99.99th=[ 99999]\n\n",
		    k, k, j[k].rw, j[k].bs, j[k].bs, j[k].bs, j[k].bs, j[k].bs,
		    j[k].bs, j[k].depth, j[k].jobs, target ? " --filename=" : "",
		    target ? target : "", k, k, j[k].jobs,
		    wr ? "write" : "read", j[k].iops, j[k].bw_mib, j[k].lat_us,
		    j[k].p50, j[k].p99, j[k].p999);
	}
	fclose(f);
	free(cmd);
	free(dir);
}

static int
metric(const struct tree *t, const char *key)
{
	int id = metrics_find(&t->set.metrics, key);

	assert_true(id >= M_COUNT);
	return id;
}

static enum verdict
verdict(const struct tree *t, const char *run, const char *key)
{
	return analysis_change_of(&t->an, run_of(t, run), metric(t, key))->
	    verdict;
}

#define HOST "host: h\ncontroller: c\nfilesystem: xfs\n"
#define DISK HOST "disks: 1 x SSD X\nraid: none\n"
#define RAID0_4 HOST "disks: 4 x SSD X\nraid: raid0 md\nchunk: 512k\n"

/* A 4-disk RAID0 against one of its disks: 1 MiB sequential reads at
 * 64 in flight (64 MiB: every disk busy) should give 4 x; random reads
 * at 1 in flight give one disk's worth, so a figure at one disk's worth
 * is fine where 4 x would cry wolf; a QD1 latency is not scaled. */
static void
test_raid0_scaling(void **state)
{
	struct tree *t = *state;
	const struct job_figs one[] = {
		{"read", "1M", 64, 1, 3000, 3000, 20000, 1, 1, 1},
		{"randread", "4k", 1, 1, 12000, 46.9, 80, 75, 150, 300},
	}, four[] = {
		{"read", "1M", 64, 1, 5000, 5000, 12000, 1, 1, 1},
		{"randread", "4k", 1, 1, 11000, 43, 88, 80, 160, 320},
	};
	struct scaled_metric x;
	size_t r;

	write_run(t, "one", DISK, one, 2);
	write_run(t, "four", RAID0_4 "baseline: one\n", four, 2);
	load(t);
	r = run_of(t, "four");
	/* 5000 of 4 x 3000: 42%, short of half. */
	assert_true(analysis_scaled(&t->an, r, metric(t,
	    "read-1m-qd64-j1-libaio-direct.bw"), &x));
	assert_true(x.factor == 4);
	assert_int_equal(x.level, EFF_SHORT);
	assert_non_null(finding_on(&t->an, FIND_SHORTFALL, (long)r, metric(t,
	    "read-1m-qd64-j1-libaio-direct.bw")));
	/* One request in flight: 1 x, and 92% of it is fine. */
	assert_true(analysis_scaled(&t->an, r, metric(t,
	    "randread-4k-qd1-j1-libaio-direct.iops"), &x));
	assert_true(x.factor == 1 && x.factor_high == 1);
	assert_int_equal(x.level, EFF_FINE);
	/* Latencies: no model. */
	assert_false(analysis_scaled(&t->an, r, metric(t,
	    "randread-4k-qd1-j1-libaio-direct.lat"), &x));
	assert_int_equal(t->an.failing, 2);	/* bandwidth and IOPS of it */
}

/* Random reads with a full queue on every disk of a 2-disk mirror:
 * three quarters of two disks' worth at the least. */
static void
test_full_queues(void **state)
{
	struct tree *t = *state;
	const struct job_figs one[] = {
		{"randread", "4k", 256, 4, 600000, 2343, 1700, 1, 1, 1},
	}, two[] = {
		{"randread", "4k", 256, 4, 330000, 1289, 3100, 1, 1, 1},
	};
	struct scaled_metric x;

	write_run(t, "one", DISK, one, 1);
	write_run(t, "mirror", HOST "disks: 2 x SSD X\nraid: raid1 md\n"
	    "baseline: one\n", two, 1);
	load(t);
	assert_true(analysis_scaled(&t->an, run_of(t, "mirror"), metric(t,
	    "randread-4k-qd256-j4-libaio-direct.iops"), &x));
	assert_true(fabs(x.factor - 1.5) < 1e-9);
	assert_true(fabs(x.factor_high - 2) < 1e-6);
	assert_int_equal(x.level, EFF_SHORT);
}

/* RAID5's small writes: a quarter of one disk at one in flight. */
static void
test_parity_writes(void **state)
{
	struct tree *t = *state;
	const struct job_figs one[] = {
		{"randwrite", "4k", 1, 1, 60000, 234, 16, 1, 1, 1},
	}, five[] = {
		{"randwrite", "4k", 1, 1, 9000, 35, 110, 1, 1, 1},
	};
	struct scaled_metric x;

	write_run(t, "one", DISK, one, 1);
	write_run(t, "r5", HOST "disks: 5 x SSD X\nraid: raid5 md\n"
	    "baseline: one\n", five, 1);
	load(t);
	assert_true(analysis_scaled(&t->an, run_of(t, "r5"), metric(t,
	    "randwrite-4k-qd1-j1-libaio-direct.iops"), &x));
	assert_true(x.factor == 0.25);
	assert_int_equal(x.level, EFF_WEAK);	/* 15% of one disk: 60% */
	assert_int_equal(t->an.failing, 0);
}

/* RAID5's sequential direct writes: 4k at one in flight fill no stripe
 * and are small writes, read before they are written (a quarter of one
 * disk at the least: 30% of one is no shortfall); 1 MiB at 64 in flight
 * fill stripes, and the 4-disk array owes three disks' worth. */
static void
test_parity_stream_writes(void **state)
{
	struct tree *t = *state;
	const struct job_figs one[] = {
		{"write", "4k", 1, 1, 60000, 234, 15, 14, 30, 60},
		{"write", "1M", 64, 1, 2000, 2000, 30000, 1, 1, 1},
	}, four[] = {
		{"write", "4k", 1, 1, 18000, 70.3, 50, 48, 90, 200},
		{"write", "1M", 64, 1, 2000, 2000, 30000, 1, 1, 1},
	};
	struct scaled_metric x = {0};
	size_t r;

	write_run(t, "one", DISK, one, 2);
	write_run(t, "r5", HOST "disks: 4 x SSD X\nraid: raid5 md\n"
	    "chunk: 512k\nbaseline: one\n", four, 2);
	load(t);
	r = run_of(t, "r5");
	assert_true(analysis_scaled(&t->an, r, metric(t,
	    "write-4k-qd1-j1-libaio-direct.iops"), &x));
	assert_true(x.factor == 0.25 && x.factor_high == 3);
	assert_int_equal(x.level, EFF_FINE);
	assert_true(analysis_scaled(&t->an, r, metric(t,
	    "write-1m-qd64-j1-libaio-direct.bw"), &x));
	assert_true(x.factor == 3);
	assert_int_equal(x.level, EFF_SHORT);
	assert_int_equal(t->an.failing, 2);	/* its bandwidth and IOPS */
}

/* Short names never cut a number or the direction: the block size gives
 * way first ("RR16kQ128" was cut to "RR16kQ1", which reads as QD1, and
 * randrw's "RM4kQ16w" to "RM4kQ16", which lost its direction); a name
 * that cannot fit is none. */
static void
short_name(const char *key, const char *want)
{
	struct metric m;
	char buf[16];

	memset(&m, 0, sizeof m);
	m.def.family = FAMILY_FIO;
	assert_true(fio_key_parse(key, &m.fio));
	assert_int_equal(headline_short_name(&m, buf), want[0] != '\0');
	assert_string_equal(buf, want);
}

static void
test_short_names(void **state)
{
	(void)state;
	short_name("randread-4k-qd32-j1-libaio-direct.iops", "RR4kQ32");
	short_name("write-1m-qd8-j1-io_uring.bw", "W1mQ8");
	short_name("randrw-4k-qd1-j1-psync.read.iops", "RM4kQ1r");
	short_name("randread-16k-qd128-j1-libaio.iops", "RRQ128");
	short_name("randread-4k-qd32-j4-libaio.iops", "RRQ128");
	short_name("randrw-4k-qd16-j1-libaio.write.iops", "RMQ16w");
	short_name("randrw-4k-qd1024-j4-libaio.write.iops", "");
	short_name("job-seq.read.bw", "seqr");
	short_name("job-random-write.write.bw", "");
}

/* The mail's table of figures: short heads, whole ("RRQ32" and
 * "RRQ256", which were both "RR128kQ" and then fio1 and fio2). */
static void
test_table_heads(void **state)
{
	struct tree *t = *state;
	const struct job_figs w[] = {
		{"randread", "128k", 32, 1, 9000, 1125, 3500, 1, 1, 1},
		{"randread", "128k", 256, 1, 9500, 1188, 27000, 1, 1, 1},
	};
	struct figure_cols c;

	write_run(t, "a", DISK, w, 2);
	write_run(t, "b", DISK, w, 1);
	load(t);
	figures_table_columns(&t->an, &c);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.head[0], "RRQ32");
	assert_string_equal(c.head[1], "RRQ256");
}

/* "fio1", "fio2" where two would read alike: 32 in flight as QD32 and
 * as QD8 in 4 jobs. */
static void
test_table_heads_alike(void **state)
{
	struct tree *t = *state;
	const struct job_figs w[] = {
		{"randread", "4k", 32, 1, 90000, 352, 350, 1, 1, 1},
		{"randread", "4k", 8, 4, 95000, 371, 340, 1, 1, 1},
	};
	struct figure_cols c;

	write_run(t, "a", DISK, w, 2);
	write_run(t, "b", DISK, w, 1);
	load(t);
	figures_table_columns(&t->an, &c);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.head[0], "fio1");
	assert_string_equal(c.head[1], "fio2");
}

/* A series: a latency that rises is a regression, bandwidth that rises
 * an improvement; the floors of fio's measures apply. */
static void
test_series_directions(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randread", "4k", 32, 1, 100000, 390, 320, 300, 600, 900},
	}, b[] = {
		{"randread", "4k", 32, 1, 112000, 437, 400, 380, 610, 950},
	};

	write_run(t, "s/1", DISK "kernel: 6.1\ndate: 2026-01-01\n", a, 1);
	write_run(t, "s/2", DISK "kernel: 6.6\ndate: 2026-01-02\n", b, 1);
	load(t);
	assert_true(t->an.noise[metric(t,
	    "randread-4k-qd32-j1-libaio-direct.p99_9")] == 0.40);
	assert_true(t->an.noise[metric(t,
	    "randread-4k-qd32-j1-libaio-direct.iops")] == 0.10);
	assert_int_equal(verdict(t, "s/2",
	    "randread-4k-qd32-j1-libaio-direct.iops"), VERDICT_IMPROVEMENT);
	/* 320 -> 400 us, +25% over a 15% floor: worse. */
	assert_int_equal(verdict(t, "s/2",
	    "randread-4k-qd32-j1-libaio-direct.lat"), VERDICT_REGRESSION);
	assert_int_equal(verdict(t, "s/2",
	    "randread-4k-qd32-j1-libaio-direct.p99"), VERDICT_SAME);
	assert_non_null(finding_on(&t->an, FIND_REGRESSION,
	    (long)run_of(t, "s/2"), metric(t,
	    "randread-4k-qd32-j1-libaio-direct.lat")));
}

/* fio's options changed (fio-options, a job file of other settings): the
 * runs were measured otherwise, another configuration, not a regression
 * of anything. */
static void
test_fio_options_changed(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randread", "4k", 32, 1, 100000, 390, 320, 300, 600, 900},
	}, b[] = {
		{"randread", "4k", 32, 1, 50000, 195, 640, 600, 1200, 1800},
	};
	const struct finding *f;

	write_run(t, "s/1", DISK "fio-options: job.fio\ndate: 2026-01-01\n",
	    a, 1);
	write_run(t, "s/2", DISK "fio-options: job2.fio\ndate: 2026-01-02\n",
	    b, 1);
	load(t);
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, "randread-4k-qd32-j1-libaio-direct.iops"));
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(strstr(f->caveat, "another configuration "
	    "(fio-options changed)"));
	assert_int_equal(t->an.failing, 0);
}

/* A night whose random jobs all changed (a job file's block sizes edited
 * by mistake), its streaming job kept: one warning names at most three
 * workloads of each side and says there are more, and no workload is
 * compared across the nights. */
static void
test_workloads_missing(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randread", "4k", 32, 1, 100000, 390, 320, 300, 600, 900},
		{"randread", "8k", 32, 1, 90000, 700, 350, 330, 650, 950},
		{"randread", "16k", 32, 1, 60000, 930, 530, 500, 900, 1200},
		{"randread", "32k", 32, 1, 30000, 930, 1060, 1000, 1800, 2400},
		{"read", "1m", 8, 1, 2000, 2000, 4000, 3900, 6000, 8000},
	}, b[] = {
		{"randread", "64k", 32, 1, 15000, 930, 2100, 2000, 3600, 4800},
		{"randread", "128k", 32, 1, 7500, 930, 4200, 4000, 7000, 9000},
		{"randread", "256k", 32, 1, 3700, 930, 8400, 8000, 14000,
		    18000},
		{"randread", "512k", 32, 1, 1850, 930, 17000, 16000, 28000,
		    36000},
		{"read", "1m", 8, 1, 2000, 2000, 4000, 3900, 6000, 8000},
	};
	const struct finding *f = NULL;

	write_run(t, "s/1", DISK "date: 2026-01-01\n", a, 5);
	write_run(t, "s/2", DISK "date: 2026-01-02\n", b, 5);
	load(t);
	for (size_t k = 0; k < t->an.nf; k++)
		if (t->an.f[k].kind == FIND_WARNING && t->an.f[k].run ==
		    (long)run_of(t, "s/2") && strstr(t->an.f[k].text,
		    "not in this run"))
			f = &t->an.f[k];
	assert_non_null(f);
	assert_non_null(strstr(f->text, "fio's randread 4k QD32 libaio "
	    "direct, randread 8k QD32 libaio direct, randread 16k QD32 libaio "
	    "direct (measured by s/1) and more are not in this run, which "
	    "measured randread 64k QD32 libaio direct, randread 128k QD32 "
	    "libaio direct, randread 256k QD32 libaio direct and more "
	    "instead"));
	assert_null(strstr(f->text, "32k QD32"));
	assert_null(strstr(f->text, "512k"));
	assert_null(finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, "randread-64k-qd32-j1-libaio-direct.iops")));
	assert_int_equal(t->an.failing, 0);
}

/* fio moved to another raw device between two nights, the meta saying
 * nothing of it: another configuration, never a regression, and no
 * measure of the series' noise; an array measured on its own device
 * against a member's is what the scaling model asks, not a doubt. */
static void
test_device_changed(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randread", "4k", 32, 1, 100000, 390, 320, 300, 600, 900},
	}, b[] = {
		{"randread", "4k", 32, 1, 50000, 195, 640, 600, 1200, 1800},
	}, one[] = {
		{"read", "1M", 64, 1, 3000, 3000, 20000, 1, 1, 1},
	}, four[] = {
		{"read", "1M", 64, 1, 5000, 5000, 12000, 1, 1, 1},
	};
	const struct finding *f;
	struct scaled_metric x;
	size_t r;

	target = "/dev/sdb";
	write_run(t, "s/1", DISK "date: 2026-01-01\nseries: s\n", a, 1);
	write_run(t, "u/1", DISK "date: 2026-01-01\n", a, 1);
	write_run(t, "one", DISK, one, 1);
	target = "/dev/sdc";
	write_run(t, "s/2", DISK "date: 2026-01-02\nseries: s\n", b, 1);
	write_run(t, "u/2", DISK "date: 2026-01-02\n", b, 1);
	target = "/dev/md0";
	write_run(t, "four", RAID0_4 "baseline: one\n", four, 1);
	load(t);
	/* A series the meta does not name is named after the device too:
	 * the other device's run starts its own. */
	r = run_of(t, "u/2");
	assert_int_equal(t->an.runs[r].base, -1);
	assert_non_null(strstr(t->an.runs[r].series, "|/dev/sdc"));
	/* One the meta names holds both: their change is context. */
	r = run_of(t, "s/2");
	f = finding_on(&t->an, FIND_REGRESSION, (long)r,
	    metric(t, "randread-4k-qd32-j1-libaio-direct.iops"));
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(strstr(f->caveat, "fio ran on /dev/sdb, then on "
	    "/dev/sdc: another device is another configuration"));
	assert_true(t->an.runs[r].change_marked);
	r = run_of(t, "four");
	assert_true(analysis_scaled(&t->an, r, metric(t,
	    "read-1m-qd64-j1-libaio-direct.bw"), &x));
	assert_int_equal(x.level, EFF_SHORT);
	f = finding_on(&t->an, FIND_SHORTFALL, (long)r, metric(t,
	    "read-1m-qd64-j1-libaio-direct.bw"));
	assert_non_null(f);
	assert_true(f->gated);
}

/* p99 doubled on one sample a side while the median and the mean held:
 * said, not gated. */
static void
test_tail_alone(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randwrite", "4k", 1, 1, 174, 0.7, 5700, 5900, 6200, 10300},
	}, b[] = {
		{"randwrite", "4k", 1, 1, 175, 0.7, 5680, 5900, 14600, 16200},
	};
	const struct finding *f;

	write_run(t, "s/1", DISK "label: a\ndate: 2026-01-01\n", a, 1);
	write_run(t, "s/2", DISK "label: b\ndate: 2026-01-02\n", b, 1);
	load(t);
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, "randwrite-4k-qd1-j1-libaio-direct.p99"));
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(strstr(f->caveat, "a tail of single samples"));
	assert_int_equal(t->an.failing, 0);
}

/* A p99.9 that rose the night its p99 fell, after a read-ahead change,
 * its median up while its mean and rate held (the median moved alone):
 * the slowest few requests of one run went their own way, and nothing
 * of the workload gates (series s). The same tails the night the read's
 * rate halved (series r) are a slower device's sign: not told apart,
 * and the rate's fall gates. */
static void
test_tails_apart(void **state)
{
	struct tree *t = *state;
	const struct job_figs base = {"read", "128k", 1, 1, 19000, 2370, 52,
	    12, 1500, 2150}, night[] = {
		{"read", "128k", 1, 1, 18900, 2360, 53, 125, 700, 7440},
		{"read", "128k", 1, 1, 9500, 1185, 104, 125, 700, 7440},
	};
	const char *const series[] = {"s", "r"};
	const struct finding *f;

	for (size_t k = 0; k < 2; k++) {
		char *id = xasprintf("%s/1", series[k]);
		char *meta = xasprintf(DISK "series: %s\n", series[k]);
		char *m1 = xasprintf("%sreadahead: 2560 KiB\ndate: 2026-01-01\n",
		    meta), *m2 = xasprintf("%sreadahead: 8 KiB\ndate: "
		    "2026-01-02\n", meta);

		write_run(t, id, m1, &base, 1);
		id[strlen(id) - 1] = '2';
		write_run(t, id, m2, &night[k], 1);
		free(id);
		free(meta);
		free(m1);
		free(m2);
	}
	load(t);
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, "read-128k-qd1-j1-libaio-direct.p99_9"));
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(strstr(f->caveat, "its tails moved apart: the same "
	    "workload's p99 fell as this rose"));
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "r/2"),
	    metric(t, "read-128k-qd1-j1-libaio-direct.p99_9"));
	assert_non_null(f);
	assert_true(f->caveat == NULL || strstr(f->caveat, "tails moved "
	    "apart") == NULL);
	assert_true(finding_on(&t->an, FIND_REGRESSION, (long)run_of(t,
	    "r/2"), metric(t, "read-128k-qd1-j1-libaio-direct.iops"))->gated);
	for (size_t k = 0; k < t->an.nf; k++)
		assert_false(t->an.f[k].run == (long)run_of(t, "s/2") &&
		    t->an.f[k].gated);
}

/* A device's queue depth (nr_requests) cut from 256 to 4 can move a
 * job that keeps 8 requests in flight, never one that keeps 1: the
 * QD8 job's fall names it, the QD1 job's names no cause. */
static void
test_queue_depth_in_flight(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randread", "4k", 1, 1, 20000, 78.1, 48, 46, 70, 240},
		{"randread", "4k", 8, 1, 55000, 214.8, 141, 129, 270, 2080},
	}, b[] = {
		{"randread", "4k", 1, 1, 14000, 54.7, 68, 52, 186, 3800},
		{"randread", "4k", 8, 1, 36000, 140.6, 196, 168, 1230, 4170},
	};
	const struct finding *f;

	write_run(t, "s/1", DISK "queue-depth: 256\ndate: 2026-01-01\n", a,
	    2);
	write_run(t, "s/2", DISK "queue-depth: 4\ndate: 2026-01-02\n", b, 2);
	load(t);
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, "randread-4k-qd8-j1-libaio-direct.iops"));
	assert_non_null(f);
	assert_non_null(f->cause);
	assert_string_equal(f->cause, "queue-depth: 256 \u2192 4");
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, "randread-4k-qd1-j1-libaio-direct.iops"));
	assert_non_null(f);
	assert_null(f->cause);
	assert_true(f->unmoved);
}

/* The tail's caveat says what held: here the median fell (no "held"),
 * and a series of two samples a side is no "single samples". */
static void
test_tail_says_what_held(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randwrite", "4k", 1, 1, 174, 0.7, 5700, 5900, 6200, 10300},
	}, b[] = {
		{"randwrite", "4k", 1, 1, 175, 0.7, 5680, 4000, 14600, 16200},
	}, two_a[] = {a[0],
		/* two runs, never one figure for figure (that is one run
		 * printed twice, counted once) */
		{"randwrite", "4k", 1, 1, 173, 0.7, 5710, 5900, 6200, 10300},
	}, two_b[] = {
		{"randwrite", "4k", 1, 1, 175, 0.7, 5680, 5900, 14600, 16200},
		{"randwrite", "4k", 1, 1, 175, 0.7, 5690, 5900, 14800, 16200},
	};
	const char *key = "randwrite-4k-qd1-j1-libaio-direct.p99";
	const struct finding *f;

	write_run(t, "s/1", DISK "series: s\nlabel: a\ndate: 2026-01-01\n", a,
	    1);
	write_run(t, "s/2", DISK "series: s\nlabel: b\ndate: 2026-01-02\n", b,
	    1);
	write_run(t, "u/1", DISK "series: u\nlabel: a\ndate: 2026-01-01\n",
	    two_a, 2);
	write_run(t, "u/2", DISK "series: u\nlabel: b\ndate: 2026-01-02\n",
	    two_b, 2);
	load(t);
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, key));
	assert_non_null(f);
	assert_false(f->gated);
	assert_string_equal(f->caveat, "a tail of single samples: neither the "
	    "same workload's median nor its mean latency was judged worse; "
	    "run each side 3 times or more to tell");
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "u/2"),
	    metric(t, key));
	assert_non_null(f);
	assert_false(f->gated);
	assert_string_equal(f->caveat, "a tail of 2 vs 2 samples: the same "
	    "workload's median and mean latency stayed within their noise; run "
	    "each side 3 times or more to tell");
}

/* A fio run and a bonnie++ run of one series share no figure: neither
 * is the other's base. */
static void
test_mixed_series(void **state)
{
	struct tree *t = *state;
	const struct job_figs a[] = {
		{"randread", "4k", 1, 1, 10000, 39, 90, 80, 150, 300},
	};
	char *dir = xasprintf("%s/s/2-bonnie", t->root), *cmd;

	write_run(t, "s/1-fio", DISK "series: s\ndate: 2026-01-01\n", a, 1);
	cmd = xasprintf("mkdir -p '%s'", dir);
	assert_int_equal(system(cmd), 0);
	write_file(dir, "meta", DISK "series: s\ndate: 2026-01-02\n");
	write_file(dir, "bonnie.csv", "h,2G,52311,96,98204,24,41172,10,50329,"
	    "91,130221,13,402.3,1,16,4411,31,+++++,+++,4902,24,4519,31,"
	    "+++++,+++,2144,11\n");
	write_run(t, "s/3-fio", DISK "series: s\ndate: 2026-01-03\n", a, 1);
	load(t);
	assert_int_equal(t->an.runs[run_of(t, "s/2-bonnie")].base, -1);
	assert_int_equal(t->an.runs[run_of(t, "s/3-fio")].base,
	    (int32_t)run_of(t, "s/1-fio"));
	free(cmd);
	free(dir);
}

/* A fio-only RAID run against a single disk that ran bonnie++ with its
 * per-char tests beside the same fio job: fio has no per-char test to
 * skip, so the disk is measured alike and a valid reference. */
static void
test_reference_with_bonnie(void **state)
{
	struct tree *t = *state;
	const struct job_figs j[] = {
		{"randread", "4k", 32, 1, 90000, 351, 350, 330, 700, 900},
	};
	const struct scaling *sc;
	char *dir = xasprintf("%s/one", t->root);

	write_run(t, "one", DISK, j, 1);
	write_file(dir, "bonnie.csv", "h,2G,52311,96,98204,24,41172,10,50329,"
	    "91,130221,13,402.3,1,16,4411,31,+++++,+++,4902,24,4519,31,"
	    "+++++,+++,2144,11\n");
	write_run(t, "four", RAID0_4, j, 1);
	load(t);
	sc = analysis_scaling(&t->an, run_of(t, "four"));
	assert_non_null(sc);
	assert_int_equal(sc->reference, (int32_t)run_of(t, "one"));
	assert_true(sc->valid);
	free(dir);
}

/* A buffered job on a file sized in bytes, as fio reads size=: 1 GiB
 * on a host of 4 GiB, so the cache may answer. */
static void
test_buffered_bytes(void **state)
{
	struct tree *t = *state;
	char *dir = xasprintf("%s/r", t->root);
	const struct finding *f;

	write_run(t, "r", DISK "memory: 4 GiB\n", NULL, 0);
	write_file(dir, "fio.txt", "j: (g=0): rw=read, bs=(R) 1M-1M, (W) "
	    "1M-1M, (T) 1M-1M, ioengine=psync, iodepth=1\nfio-3.33\n"
	    "# fio --size=1073741824 --numjobs=1\n"
	    "j: (groupid=0, jobs=1): err= 0: pid=1\n"
	    "  read: IOPS=3000, BW=3000MiB/s (3146MB/s)(1GiB/341msec)\n"
	    "    clat (usec): min=1, max=999, avg=330.00, stdev=1\n\n");
	load(t);
	assert_string_equal(t->set.runs[run_of(t, "r")].fio_size,
	    "1073741824");
	f = finding_on(&t->an, FIND_WARNING, (long)run_of(t, "r"), -1);
	assert_non_null(f);
	assert_non_null(strstr(f->text, "fio's file of 1073741824 is less "
	    "than twice the memory (4 GiB)"));
	free(dir);
}

/* Run id of one job "paced" of mixed block sizes (bssplit), doing IOPS:
 * a job known by its name (job-paced), whose key holds neither its
 * sizes nor its depth. */
static void
write_paced(struct tree *t, const char *id, const char *meta, double iops)
{
	char *dir = xasprintf("%s/%s", t->root, id), *text;

	write_run(t, id, meta, NULL, 0);
	text = xasprintf("paced: (g=0): rw=randread, bs=(R) 4k-4k, (W) 4k-4k, "
	    "(T) 4k-4k, ioengine=libaio, iodepth=1\nfio-3.33\n"
	    "# fio --direct=1 --bssplit=4k/50:64k/50\n"
	    "paced: (groupid=0, jobs=1): err= 0: pid=1\n"
	    "  read: IOPS=%.0f, BW=1.0MiB/s (1MB/s)(60MiB/60000msec)\n"
	    "    clat (usec): min=1, max=999, avg=90.00, stdev=1\n\n",
	    iops);
	write_file(dir, "fio.txt", text);
	free(text);
	free(dir);
}

/* The same job name, its IOPS fallen: said, never gated, since the key
 * cannot show whether what it does changed. */
static void
test_job_key_not_gated(void **state)
{
	struct tree *t = *state;
	const struct finding *f;
	int id;

	write_paced(t, "s/1", DISK "date: 2026-01-01\n", 1000);
	write_paced(t, "s/2", DISK "date: 2026-01-02\n", 500);
	load(t);
	id = metric(t, "job-paced.read.iops");
	assert_int_equal(verdict(t, "s/2", "job-paced.read.iops"),
	    VERDICT_REGRESSION);
	f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"), id);
	assert_non_null(f);
	assert_false(f->gated);
	assert_non_null(f->caveat);
	assert_non_null(strstr(f->caveat, "fio's job paced is known by its "
	    "name only"));
	assert_int_equal(t->an.failing, 0);
}

/* A 4-disk RAID0 running a job known by its name only at 60% and at 30%
 * of one of its disks on the same job: whatever the job does, a stripe
 * serves it as fast as one disk at the least, so both are said (weak,
 * short), and neither gates, the job's parameters being unknown. */
static void
test_job_key_scaling(void **state)
{
	struct tree *t = *state;
	struct scaled_metric x;
	const struct finding *f;
	int id;

	write_paced(t, "one", DISK, 1000);
	write_paced(t, "weak", RAID0_4 "baseline: one\n", 600);
	write_paced(t, "short", RAID0_4 "chunk: 64k\nbaseline: one\n", 300);
	load(t);
	id = metric(t, "job-paced.read.iops");
	assert_true(analysis_scaled(&t->an, run_of(t, "weak"), id, &x));
	assert_true(x.factor == 1 && x.factor_high == 4);
	assert_int_equal(x.level, EFF_WEAK);
	assert_true(analysis_scaled(&t->an, run_of(t, "short"), id, &x));
	assert_int_equal(x.level, EFF_SHORT);
	f = finding_on(&t->an, FIND_SHORTFALL, (long)run_of(t, "short"), id);
	assert_non_null(f);
	assert_false(f->gated);
	assert_int_equal(t->an.failing, 0);
}

/* Its command line first: the rate is the job's, and a job held to 500
 * IOPS is not the job held to 1000: two keys, nothing compared. */
static void
test_job_throttle_in_key(void **state)
{
	struct tree *t = *state;

	for (int k = 1; k <= 2; k++) {
		char *id = xasprintf("s/%d", k), *dir, *meta, *text;

		meta = xasprintf(DISK "date: 2026-01-0%d\n", k);
		write_run(t, id, meta, NULL, 0);
		dir = xasprintf("%s/%s", t->root, id);
		text = xasprintf("$ fio --name=paced --rw=randread --direct=1 "
		    "--rate_iops=%d\npaced: (g=0): rw=randread, bs=(R) 4k-4k, "
		    "(W) 4k-4k, (T) 4k-4k, ioengine=libaio, iodepth=1\n"
		    "fio-3.33\npaced: (groupid=0, jobs=1): err= 0: pid=1\n"
		    "  read: IOPS=%d, BW=1.0MiB/s (1MB/s)(60MiB/60000msec)\n\n",
		    k == 1 ? 1000 : 500, k == 1 ? 1000 : 500);
		write_file(dir, "fio.txt", text);
		free(text);
		free(dir);
		free(meta);
		free(id);
	}
	load(t);
	assert_true(metrics_find(&t->set.metrics,
	    "job-paced-iops-1000.read.iops") >= M_COUNT);
	assert_true(metrics_find(&t->set.metrics,
	    "job-paced-iops-500.read.iops") >= M_COUNT);
	assert_null(finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "s/2"),
	    metric(t, "job-paced-iops-500.read.iops")));
	assert_int_equal(t->an.failing, 0);
}

/* An acknowledgement of a whole workload (ack.WORKLOAD, no measure)
 * covers each of its figures: IOPS, bandwidth and latencies of a known
 * kernel bug pass with its reason; an acknowledgement of IOPS alone
 * leaves the bandwidth failing, and a key of no workload is refused. */
static void
test_ack_workload(void **state)
{
	struct tree *t = *state;
	static const struct job_figs before = {"randread", "4k", 32, 1,
	    80000, 312.5, 400, 380, 700, 4000};
	static const struct job_figs after = {"randread", "4k", 32, 1,
	    50000, 195.3, 640, 600, 1300, 40000};
	const char *wl = "randread-4k-qd32-j1-libaio-direct";
	char *ack = xasprintf(DISK "date: 2026-11-02\nkernel: 6.1.28\n"
	    "ack.%s: a known bug, fixed in 6.1.29\n", wl);
	char *iops_only = xasprintf(DISK "series: b\ndate: 2026-11-02\n"
	    "kernel: 6.1.28\nack.%s.iops: a known bug\n", wl);
	char key[128];

	assert_true(ack_key_valid(wl));
	assert_true(ack_key_valid("put_block"));
	assert_false(ack_key_valid("randread-4k"));
	write_run(t, "a/1", DISK "date: 2026-11-01\nkernel: 6.1.27\n", &before,
	    1);
	write_run(t, "a/2", ack, &after, 1);
	write_run(t, "b/1", DISK "series: b\ndate: 2026-11-01\n"
	    "kernel: 6.1.27\n", &before, 1);
	write_run(t, "b/2", iops_only, &after, 1);
	free(ack);
	free(iops_only);
	load(t);
	for (const char *m = "iops"; m; m = strcmp(m, "iops") == 0 ? "bw" :
	    strcmp(m, "bw") == 0 ? "lat" : NULL) {
		const struct finding *f;

		snprintf(key, sizeof key, "%s.%s", wl, m);
		f = finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "a/2"),
		    metric(t, key));
		assert_non_null(f);
		assert_string_equal(f->ack, "a known bug, fixed in 6.1.29");
	}
	snprintf(key, sizeof key, "%s.iops", wl);
	assert_non_null(finding_on(&t->an, FIND_REGRESSION, (long)run_of(t,
	    "b/2"), metric(t, key))->ack);
	snprintf(key, sizeof key, "%s.bw", wl);
	assert_null(finding_on(&t->an, FIND_REGRESSION, (long)run_of(t, "b/2"),
	    metric(t, key))->ack);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_raid0_scaling, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_full_queues, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_parity_writes, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_parity_stream_writes,
		    setup, tree_teardown),
		cmocka_unit_test(test_short_names),
		cmocka_unit_test_setup_teardown(test_table_heads_alike, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_table_heads, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_series_directions, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_tail_alone, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_queue_depth_in_flight, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_tail_says_what_held, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_mixed_series, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_reference_with_bonnie,
		    setup, tree_teardown),
		cmocka_unit_test_setup_teardown(test_buffered_bytes, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_job_throttle_in_key, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_device_changed, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_tails_apart, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_workloads_missing, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_fio_options_changed, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_ack_workload, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_job_key_scaling, setup,
		    tree_teardown),
		cmocka_unit_test_setup_teardown(test_job_key_not_gated, setup,
		    tree_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
