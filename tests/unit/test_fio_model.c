/* Unit tests of fio's figures as the model keeps them: the metric keys
 * of a job's workload (gen/read/fio_key.c), the metric table and its
 * fixed order (gen/model/metrics.c), and a run's fio results as samples
 * of its metrics (gen/model/fio_figures.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "model/fio_figures.h"
#include "model/metrics.h"
#include "read/meta.h"
#include "read/fio_key.h"

/* A job of one workload (NULL: the option not given), every figure
 * unknown but what the test sets. */
static struct fio_job
job(const char *name, const char *rw, const char *bs, const char *depth,
    const char *jobs, const char *engine, const char *direct)
{
	struct fio_job j;

	memset(&j, 0, sizeof j);
	j.name = (char *)name;
	j.group = 0;
	j.jobs = -1;
	j.disk_util = NAN;
	j.param[FP_RW] = (char *)rw;
	j.param[FP_BS] = (char *)bs;
	j.param[FP_IODEPTH] = (char *)depth;
	j.param[FP_NUMJOBS] = (char *)jobs;
	j.param[FP_IOENGINE] = (char *)engine;
	j.param[FP_DIRECT] = (char *)direct;
	for (int d = 0; d < FIO_DIRS; d++) {
		struct fio_side *s = &j.side[d];

		s->io_bytes = s->bw_kib = s->iops = s->runtime_ms = NAN;
		s->clat.mean = s->clat.min = s->clat.max = NAN;
		for (int p = 0; p < FIO_PCTS; p++)
			s->clat_pct[p] = NAN;
	}
	return j;
}

static void
key_of(const struct fio_job *j, enum fio_dir d, enum fio_measure m,
    const char *want)
{
	struct fio_key k;
	char buf[FIO_KEY_MAX + 1];

	assert_true(fio_key_of(j, d, m, &k));
	fio_key_format(&k, buf);
	assert_string_equal(buf, want);
}

static void
test_keys(void **state)
{
	struct fio_job a = job("q", "randread", "4k", "32", NULL, "libaio",
	    "1");
	struct fio_job b = job("m", "rw", "4k,64k", NULL, "4", "io_uring",
	    "0");
	struct fio_job c = job("Random Write!", NULL, NULL, NULL, NULL, NULL,
	    NULL);
	struct fio_job e = job("e", "randwrite", "(R) 4096B-4096B, (W) "
	    "131072B-131072B, (T) 4096B-4096B", "01", "02",
	    "external:/x/y.so", NULL);
	struct fio_job f = job("f", "randrw", "(R) 4096B-4096B, (W) "
	    "64.0KiB-64.0KiB, (T) 64.0KiB-64.0KiB", NULL, NULL, "psync",
	    NULL);
	struct fio_job g = job("g", "randrw", "4K-4K/64K-64K/64K-64K", NULL,
	    NULL, "psync", NULL);
	struct fio_key k;

	(void)state;
	key_of(&a, FIO_READ, FM_IOPS, "randread-4k-qd32-j1-libaio-direct.iops");
	/* A pure pattern has no other direction. */
	assert_false(fio_key_of(&a, FIO_WRITE, FM_IOPS, &k));
	/* "rw" is readwrite; a read,write block size; buffered says
	 * nothing. */
	key_of(&b, FIO_WRITE, FM_P99_9,
	    "readwrite-64k-qd1-j4-io_uring.write.p99_9");
	key_of(&b, FIO_READ, FM_BW, "readwrite-4k-qd1-j4-io_uring.read.bw");
	/* No pattern (terse lines): the job's name. */
	key_of(&c, FIO_WRITE, FM_LAT, "job-random-write.write.lat");
	/* The normal text's sizes, counts with zeros, an engine's path. */
	key_of(&e, FIO_WRITE, FM_IOPS, "randwrite-128k-qd1-j2-external_x_y_so.iops");
	/* A text header's bs field whole, each direction its own size:
	 * fio 3's, and fio 2's read/write/trim. */
	key_of(&f, FIO_READ, FM_BW, "randrw-4k-qd1-j1-psync.read.bw");
	key_of(&f, FIO_WRITE, FM_BW, "randrw-64k-qd1-j1-psync.write.bw");
	key_of(&g, FIO_READ, FM_BW, "randrw-4k-qd1-j1-psync.read.bw");
	key_of(&g, FIO_WRITE, FM_BW, "randrw-64k-qd1-j1-psync.write.bw");
	/* A grouped report's job count stands for numjobs. */
	a.jobs = 8;
	a.param[FP_NUMJOBS] = NULL;
	key_of(&a, FIO_READ, FM_BW, "randread-4k-qd32-j8-libaio-direct.bw");
	/* A script's variable for a size or a count: the workload is not
	 * known, the job by its name is */
	a.param[FP_BS] = (char *)"${blocksize}";
	key_of(&a, FIO_READ, FM_IOPS, "job-q.read.iops");
	a.param[FP_BS] = (char *)"4k";
	a.param[FP_NUMJOBS] = (char *)"$JOBS";
	key_of(&a, FIO_READ, FM_IOPS, "job-q.read.iops");
}

/* A long job name keeps its start and a digest of the whole: two names
 * alike in their first forty bytes are two jobs. */
static void
test_long_job_names(void **state)
{
	struct fio_job x = job("randread_4k_qd32_numjobs4_on_the_scratch_"
	    "array_x", NULL, NULL, NULL, NULL, NULL, NULL);
	struct fio_job y = job("randread_4k_qd32_numjobs4_on_the_scratch_"
	    "array_y", NULL, NULL, NULL, NULL, NULL, NULL);
	struct fio_job fits = job("randread_4k_qd32_numjobs4_on_the_scratc",
	    NULL, NULL, NULL, NULL, NULL, NULL);
	struct fio_key kx, ky;

	(void)state;
	assert_true(fio_key_of(&x, FIO_READ, FM_IOPS, &kx));
	assert_true(fio_key_of(&y, FIO_READ, FM_IOPS, &ky));
	assert_true(strlen(kx.job) <= FIO_JOB_NAME_MAX);
	assert_memory_equal(kx.job, "randread-4k-qd32-numjobs4-on-the-", 33);
	assert_int_equal(strspn(kx.job + 33, "0123456789abcdef"), 6);
	assert_string_not_equal(kx.job, ky.job);
	/* the same name, the same key */
	assert_true(fio_key_of(&x, FIO_READ, FM_IOPS, &ky));
	assert_string_equal(kx.job, ky.job);
	/* forty bytes fit whole */
	key_of(&fits, FIO_READ, FM_IOPS,
	    "job-randread-4k-qd32-numjobs4-on-the-scratc.read.iops");
}

/* Writes made durable one by one are another workload; reads have
 * nothing to sync. */
static void
test_sync_keys(void **state)
{
	struct fio_job w = job("w", "write", "16k", NULL, NULL, "sync", NULL);
	struct fio_job r = job("r", "randread", "4k", NULL, NULL, "libaio",
	    "1");
	struct fio_job m = job("m", "randrw", "4k", "8", NULL, "libaio", "1");
	struct fio_key k;

	(void)state;
	w.param[FP_FDATASYNC] = (char *)"1";
	key_of(&w, FIO_WRITE, FM_IOPS, "write-16k-qd1-j1-sync-fdsync.iops");
	assert_true(fio_key_of(&w, FIO_WRITE, FM_IOPS, &k));
	assert_true(fio_key_uncached(&k));
	/* The more frequent of the two; fsync=0 syncs nothing. */
	w.param[FP_FSYNC] = (char *)"0";
	w.param[FP_FDATASYNC] = (char *)"32";
	key_of(&w, FIO_WRITE, FM_BW, "write-16k-qd1-j1-sync-fdsync32.bw");
	w.param[FP_FSYNC] = (char *)"8";
	key_of(&w, FIO_WRITE, FM_BW, "write-16k-qd1-j1-sync-fsync8.bw");
	/* O_SYNC or O_DSYNC before either; sync=0 and none are not. */
	w.param[FP_SYNC] = (char *)"dsync";
	key_of(&w, FIO_WRITE, FM_LAT, "write-16k-qd1-j1-sync-osync.lat");
	w.param[FP_SYNC] = (char *)"none";
	w.param[FP_FSYNC] = NULL;
	w.param[FP_FDATASYNC] = NULL;
	key_of(&w, FIO_WRITE, FM_LAT, "write-16k-qd1-j1-sync.lat");
	assert_true(fio_key_of(&w, FIO_WRITE, FM_IOPS, &k));
	assert_false(fio_key_uncached(&k));
	r.param[FP_FSYNC] = (char *)"1";
	key_of(&r, FIO_READ, FM_IOPS, "randread-4k-qd1-j1-libaio-direct.iops");
	/* A mixed job's reads share its workload, synced writes and all,
	 * but a synced read still comes from the cache. */
	m.param[FP_FSYNC] = (char *)"1";
	m.param[FP_DIRECT] = NULL;
	key_of(&m, FIO_READ, FM_IOPS, "randrw-4k-qd8-j1-libaio-fsync.read.iops");
	assert_true(fio_key_of(&m, FIO_READ, FM_IOPS, &k));
	assert_false(fio_key_uncached(&k));
	assert_true(fio_key_of(&m, FIO_WRITE, FM_IOPS, &k));
	assert_true(fio_key_uncached(&k));
}

/* What a key cannot say makes a job its own: a mix of block sizes, a
 * range, a skewed or throttled load is named by the job; a read and
 * write mix other than fio's 50% is in the key; buffered=0 is direct. */
static void
test_keys_beyond(void **state)
{
	struct fio_job m = job("mix", "randrw", "4k", "16", NULL, "libaio",
	    "1");
	struct fio_job s = job("Split It", "randread", "4k", "32", NULL,
	    "libaio", "1");
	struct fio_job b = job("b", "read", "128k", "8", NULL, "psync", NULL);
	struct fio_key x, y;

	(void)state;
	key_of(&m, FIO_READ, FM_IOPS, "randrw-4k-qd16-j1-libaio-direct.read.iops");
	m.param[FP_RWMIXREAD] = (char *)"50";
	key_of(&m, FIO_READ, FM_IOPS, "randrw-4k-qd16-j1-libaio-direct.read.iops");
	m.param[FP_RWMIXREAD] = (char *)"70";
	key_of(&m, FIO_WRITE, FM_IOPS,
	    "randrw-4k-qd16-j1-libaio-direct-mix70.write.iops");
	m.param[FP_RWMIXREAD] = NULL;
	m.param[FP_RWMIXWRITE] = (char *)"100";
	key_of(&m, FIO_WRITE, FM_IOPS,
	    "randrw-4k-qd16-j1-libaio-direct-mix0.write.iops");
	s.param[FP_BSSPLIT] = (char *)"4k/10:1m/90";
	key_of(&s, FIO_READ, FM_IOPS, "job-split-it.read.iops");
	/* and a pure pattern still has no other direction */
	assert_false(fio_key_of(&s, FIO_WRITE, FM_IOPS, &x));
	s.param[FP_BSSPLIT] = NULL;
	s.param[FP_BS] = (char *)"4k-64k";
	key_of(&s, FIO_READ, FM_BW, "job-split-it.read.bw");
	s.param[FP_BS] = (char *)"(R) 4096B-4096B, (W) 4096B-65536B";
	key_of(&s, FIO_READ, FM_BW, "randread-4k-qd32-j1-libaio-direct.bw");
	s.param[FP_RANDOM_DISTRIBUTION] = (char *)"zipf:1.2";
	key_of(&s, FIO_READ, FM_BW, "job-split-it.read.bw");
	s.param[FP_RANDOM_DISTRIBUTION] = (char *)"random";
	s.param[FP_RATE_IOPS] = (char *)"0";
	key_of(&s, FIO_READ, FM_BW, "randread-4k-qd32-j1-libaio-direct.bw");
	s.param[FP_RATE_IOPS] = (char *)"5000";
	/* a throttle is part of the job's name: 5000 is not 5 */
	key_of(&s, FIO_READ, FM_BW, "job-split-it-iops-5000.read.bw");
	s.param[FP_RATE_IOPS] = NULL;
	/* a random pattern partly sequential is another workload; fully
	 * random is fio's own, said by no key */
	s.param[FP_PERCENTAGE_RANDOM] = (char *)"100";
	key_of(&s, FIO_READ, FM_BW, "randread-4k-qd32-j1-libaio-direct.bw");
	s.param[FP_PERCENTAGE_RANDOM] = (char *)"85";
	key_of(&s, FIO_READ, FM_BW,
	    "randread-4k-qd32-j1-libaio-direct-rand85.bw");
	assert_true(fio_key_parse("randread-4k-qd32-j1-libaio-direct-rand85.bw",
	    &y));
	assert_int_equal(y.random, 85);
	assert_false(fio_key_parse("read-4k-qd32-j1-libaio-direct-rand85.bw",
	    &y));	/* a sequential pattern has no random share */
	m.param[FP_PERCENTAGE_RANDOM] = (char *)"100,40";
	key_of(&m, FIO_WRITE, FM_IOPS,
	    "randrw-4k-qd16-j1-libaio-direct-mix0-rand40.write.iops");
	m.param[FP_PERCENTAGE_RANDOM] = NULL;
	s.param[FP_PERCENTAGE_RANDOM] = NULL;
	b.param[FP_BUFFERED] = (char *)"0";
	/* psync keeps one request in flight, whatever iodepth=8 says */
	key_of(&b, FIO_READ, FM_BW, "read-128k-qd1-j1-psync-direct.bw");
	/* one key, however it was made */
	assert_true(fio_key_of(&b, FIO_READ, FM_BW, &x));
	assert_true(fio_key_parse("read-128k-qd1-j1-psync-direct.bw", &y));
	assert_true(fio_key_same(&x, &y));
	y.iodepth = 16;
	assert_false(fio_key_same(&x, &y));
}

/* The longest key fio_key_of can make fits FIO_KEY_MAX, and a meta key
 * of "expect." and it fits META_KEY_MAX. */
static void
test_longest_key(void **state)
{
	struct fio_job w = job("w", "readwrite", "1125899906842623",
	    "1000000", "1000000", "io_uring_cmd_1234", "1");
	char buf[FIO_KEY_MAX + 1];
	struct fio_key k;

	(void)state;
	w.param[FP_FDATASYNC] = (char *)"1000000";
	w.param[FP_RWMIXREAD] = (char *)"99";
	assert_true(fio_key_of(&w, FIO_WRITE, FM_P99_9, &k));
	assert_true(fio_key_format(&k, buf));
	assert_true(strlen(buf) <= FIO_KEY_MAX);
	assert_true(strlen("expect.") + strlen(buf) <= META_KEY_MAX);
	assert_string_equal(buf + strlen(buf) - strlen("-mix99.write.p99_9"),
	    "-mix99.write.p99_9");
	assert_true(metric_key_valid(buf));
}

static void
test_parse_round_trip(void **state)
{
	static const char *const good[] = {
		"randread-4k-qd32-j1-libaio-direct.iops",
		"randrw-4k-qd16-j4-io_uring-direct.write.p99",
		"write-1m-qd8-j1.bw", "read-512-qd1-j1-psync.lat",
		"job-random-write.read.bw", "trimwrite-4k-qd1-j1.trim.p50",
		"write-16k-qd1-j1-sync-fdsync.iops", "write-4k-qd1-j1-osync.bw",
		"randwrite-4k-qd8-j2-libaio-direct-fsync32.lat",
		"randrw-4k-qd16-j1-libaio-direct-mix70.read.iops",
		"readwrite-1m-qd1-j1-fdsync-mix0.write.bw",
	};
	static const char *const bad[] = {
		"randread-4096-qd32-j1.iops",	/* 4k is written 4k */
		"randread-4k-qd32-j1.read.iops",	/* a pure pattern */
		"randrw-4k-qd32-j1.iops",	/* a mixed one needs it */
		"randread-4k-qd0-j1.iops", "randread-4k-j1-qd1.iops",
		"randread-4k-qd1-j1.p95", "job-x.iops", "put_block",
		"randread-4k-qd1-j1-a-b-c.iops", "",
		"write-4k-qd1-j1-fsync1.bw",	/* every write is "fsync" */
		"randrw-4k-qd1-j1-mix50.read.iops",	/* fio's own 50 */
		"randrw-4k-qd1-j1-mix101.read.iops",
		/* names only as slugs: every key ASCII */
		"randread-4k-qd1-j1-lib\xc3\xa9io.iops",
		"randread-4k-qd1-j1-LibAio.iops", "job-R\xe9sum\xe9.read.bw",
		"job-my_job.read.bw",
	};
	struct fio_key k;

	(void)state;
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		char again[FIO_KEY_MAX + 1];

		assert_true(fio_key_parse(good[i], &k));
		fio_key_format(&k, again);
		assert_string_equal(again, good[i]);
		assert_true(metric_key_valid(good[i]));
	}
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_false(fio_key_parse(bad[i], &k));
	assert_true(metric_key_valid("put_block"));
	assert_int_equal(fio_bs_bytes("4k", FIO_READ), 4096);
	assert_int_equal(fio_bs_bytes("4k,1M", FIO_WRITE), 1048576);
	assert_int_equal(fio_bs_bytes("4k-64k", FIO_WRITE), 4096);
	assert_int_equal(fio_bs_bytes("(R) 8KiB-8KiB, (W) 16KiB-16KiB",
	    FIO_WRITE), 16384);
	assert_int_equal(fio_rw_pure_dir("randwrite"), FIO_WRITE);
	assert_int_equal(fio_rw_pure_dir("randrw"), -1);
}

static void
test_measures(void **state)
{
	struct fio_job a = job("q", "randread", NULL, NULL, NULL, NULL, NULL);
	struct fio_side *s = &a.side[FIO_READ];

	(void)state;
	s->present = true;
	s->iops = 1000;
	s->bw_kib = 0;		/* gtod_reduce: printed as 0, not measured */
	s->clat.mean = 80.5;
	s->clat_pct[P99_9] = 512;
	assert_true(fio_measure_value(s, FM_IOPS) == 1000);
	assert_true(isnan(fio_measure_value(s, FM_BW)));
	assert_true(fio_measure_value(s, FM_LAT) == 80.5);
	assert_true(fio_measure_value(s, FM_P99_9) == 512);
	assert_true(isnan(fio_measure_value(s, FM_P50)));
	/* a job's syncs, kept in its write side */
	a.side[FIO_WRITE].present = true;
	a.side[FIO_WRITE].sync.mean = 110.3;
	a.side[FIO_WRITE].sync_pct[P99] = 158.7;
	assert_true(fio_measure_value(&a.side[FIO_WRITE], FM_SYNC) == 110.3);
	assert_true(fio_measure_value(&a.side[FIO_WRITE], FM_SYNC_P99) ==
	    158.7);
	assert_true(fio_measure_is_sync(FM_SYNC_P99) &&
	    fio_measure_is_tail(FM_SYNC_P99) &&
	    fio_measure_is_latency(FM_SYNC) && !fio_measure_is_tail(FM_SYNC));
	/* clat timed after a batched submission of 1.9 s is no request's
	 * latency; after one of microseconds, or of 1.5 ms against 9 ms,
	 * it is */
	s->slat.mean = 1903467;
	s->clat.mean = 511995;
	s->lat.mean = 2380430;
	s->clat_pct[P50] = 26;
	assert_true(fio_clat_after_submission(s));
	assert_true(fio_measure_value(s, FM_LAT) == 2380430);
	assert_true(isnan(fio_measure_value(s, FM_P50)));
	assert_true(isnan(fio_measure_value(s, FM_P99_9)));
	assert_true(fio_measure_withheld(s, FM_P50) &&
	    !fio_measure_withheld(s, FM_LAT) &&
	    !fio_measure_withheld(s, FM_IOPS));
	assert_true(fio_measure_value(s, FM_IOPS) == 1000);
	s->slat.mean = 2.1;
	s->clat.mean = 80.5;
	assert_true(fio_measure_value(s, FM_LAT) == 80.5);
	s->slat.mean = 1500;
	s->clat.mean = 9000;
	assert_false(fio_clat_after_submission(s));
	s->clat.mean = 3000;
	assert_true(fio_clat_after_submission(s));
	s->present = false;
	assert_true(isnan(fio_measure_value(s, FM_IOPS)));
}

/* The measures' keys as messages list them (FIO_MEASURE_LIST) are the
 * keys themselves, in their order. */
static void
test_measure_list(void **state)
{
	char list[256] = "";

	(void)state;
	for (int m = 0; m < FIO_MEASURES; m++) {
		strcat(list, m ? ", " : "");
		strcat(list, fio_measure_keys[m]);
	}
	assert_string_equal(list, FIO_MEASURE_LIST);
}

/* The table: bonnie++'s twelve, then fio's in their fixed order,
 * whatever order they were met in; indexes told by the remap. */
static void
test_table_order(void **state)
{
	static const char *const met[] = {
		"randread-4k-qd32-j1.iops", "read-1m-qd8-j1.bw",
		"randread-4k-qd1-j1.p99", "randread-4k-qd1-j1.iops",
		"job-x.read.bw",
	};
	static const char *const want[] = {
		"read-1m-qd8-j1.bw", "randread-4k-qd1-j1.iops",
		"randread-4k-qd1-j1.p99", "randread-4k-qd32-j1.iops",
		"job-x.read.bw",
	};
	struct metric_table t;
	int remap[M_COUNT + 5], id[5];

	(void)state;
	metrics_init(&t);
	assert_int_equal(t.n, M_COUNT);
	assert_int_equal(metrics_find(&t, "seeks"), M_SEEKS);
	for (int k = 0; k < 5; k++)
		assert_int_equal(id[k] = metrics_add_fio(&t, met[k]),
		    M_COUNT + k);
	assert_int_equal(metrics_add_fio(&t, met[2]), id[2]);
	assert_int_equal(metrics_add_fio(&t, "not-a-key"), -1);
	metrics_order(&t, remap);
	for (int k = 0; k < 5; k++) {
		assert_string_equal(t.v[M_COUNT + k].def.key, want[k]);
		assert_int_equal(metrics_find(&t, want[k]), M_COUNT + k);
		assert_string_equal(t.v[remap[id[k]]].def.key, met[k]);
	}
	for (int m = 0; m < M_COUNT; m++)
		assert_int_equal(remap[m], m);
	/* What the key says of the metric. */
	assert_int_equal(t.v[M_COUNT].def.kind, MK_THROUGHPUT);
	assert_true(t.v[M_COUNT].def.traits & MT_BLOCK);
	assert_int_equal(t.v[M_COUNT + 2].def.kind, MK_LATENCY);
	assert_false(t.v[M_COUNT + 2].def.higher_is_better);
	assert_true(t.v[M_COUNT + 3].def.traits & MT_RANDOM);
	assert_string_equal(t.v[M_COUNT + 3].def.label,
	    "randread 4k QD32: IOPS");
	metrics_free(&t);
}

/* The figures of one result of jobs j[0..n): its metrics added to t
 * (add), or only looked up there. */
static void
figures_of(struct fio_job *j, size_t n, bool add, struct metric_table *t,
    struct fio_figures *ff)
{
	struct fio_result r = {.jobs = j, .njobs = n};
	struct fio_results rs = {.v = &r, .n = 1};

	if (add)
		fio_figures_add(&rs, t, ff);
	else
		fio_figures_find(&rs, t, ff);
}

/* A result of jobs: two clones of one workload in one group add up (fio
 * without group_reporting), another group is another sample. */
static void
test_figures(void **state)
{
	struct fio_job j[3];
	struct metric_table t;
	struct fio_figures ff;
	int iops;

	(void)state;
	for (int k = 0; k < 3; k++) {
		j[k] = job("c", "randread", "4k", "1", "2", NULL, NULL);
		j[k].side[FIO_READ].present = true;
		j[k].side[FIO_READ].iops = 100 * (k + 1);
		j[k].side[FIO_READ].clat.mean = 10 * (k + 1);
	}
	j[2].group = 1;
	metrics_init(&t);
	figures_of(j, 3, true, &t, &ff);
	assert_int_equal(ff.nsamples, 2);
	iops = metrics_find(&t, "randread-4k-qd1-j2.iops");
	assert_true(iops >= M_COUNT);
	for (size_t k = 0; k < ff.n; k++) {
		const struct fio_figure *f = &ff.v[k];
		const char *key = t.v[f->metric].def.key;

		if (f->metric == iops)
			assert_true(f->value == 300);	/* 100 + 200; 300 */
		if (strcmp(key, "randread-4k-qd1-j2.lat") == 0)
			/* weighted by IOPS: (10*100 + 20*200) / 300 */
			assert_true(fabs(f->value - (f->sample == 0 ?
			    50.0 / 3 : 30)) < 1e-9);
	}
	fio_figures_free(&ff);
	/* Looked up only: a table without the workload gives nothing. */
	metrics_free(&t);
	metrics_init(&t);
	figures_of(j, 3, false, &t, &ff);
	assert_int_equal(ff.n, 0);
	fio_figures_free(&ff);
	metrics_free(&t);
}

/* A percentile withheld in one clone (its clat timed after a long
 * submission) leaves its group's sample without it, not with the other
 * clone's; the next group keeps its own. */
static void
test_figures_withheld(void **state)
{
	struct fio_job j[3];
	struct metric_table t;
	struct fio_figures ff;
	int p50, seen[2] = {0, 0};

	(void)state;
	for (int k = 0; k < 3; k++) {
		j[k] = job("c", "randread", "4k", "1", "2", NULL, NULL);
		j[k].side[FIO_READ].present = true;
		j[k].side[FIO_READ].iops = 100;
		j[k].side[FIO_READ].clat.mean = 10;
		j[k].side[FIO_READ].clat_pct[P50] = 8;
	}
	j[1].side[FIO_READ].slat.mean = 5000;
	j[1].side[FIO_READ].clat.mean = 20;
	j[1].side[FIO_READ].lat.mean = 5020;
	j[2].group = 1;
	metrics_init(&t);
	figures_of(j, 3, true, &t, &ff);
	p50 = metrics_find(&t, "randread-4k-qd1-j2.p50");
	assert_true(p50 >= M_COUNT);
	for (size_t k = 0; k < ff.n; k++)
		if (ff.v[k].metric == p50)
			seen[ff.v[k].sample]++;
	assert_int_equal(seen[0], 0);
	assert_int_equal(seen[1], 1);
	fio_figures_free(&ff);
	metrics_free(&t);
}

/* A group whose job printed no figure (a side present, every measure
 * unknown) takes no sample number: the next group is sample 1. */
static void
test_figures_gap(void **state)
{
	struct fio_job j[3];
	struct metric_table t;
	struct fio_figures ff;

	(void)state;
	for (int k = 0; k < 3; k++) {
		j[k] = job("c", "randread", "4k", "1", "1", NULL, NULL);
		j[k].group = k;
		j[k].side[FIO_READ].present = true;
		j[k].side[FIO_READ].iops = k == 1 ? NAN : 100 * (k + 1);
	}
	metrics_init(&t);
	figures_of(j, 3, true, &t, &ff);
	assert_int_equal(ff.nsamples, 2);
	assert_int_equal(ff.n, 2);
	for (size_t k = 0; k < ff.n; k++)
		assert_true(ff.v[k].value == (ff.v[k].sample == 0 ? 100 : 300));
	fio_figures_free(&ff);
	metrics_free(&t);
}

/* One run printed as JSON and as text (tests/parse-fio/both-json-
 * normal*.out): every direction of every job gets one key from both,
 * the JSON's. A randrw job of bs=4k,64k gave its writes 4k from the
 * text, which kept only the header's first size. */
static void
forms_agree(const char *path)
{
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};
	char *text;
	size_t n, keys = 0;
	FILE *f = fopen(path, "rb");

	assert_non_null(f);
	text = xmalloc(1 << 20);
	n = fread(text, 1, 1 << 20, f);
	fclose(f);
	fio_read(path, text, n, NULL, &rs, &d);
	assert_int_equal(rs.n, 2);
	assert_int_equal(rs.v[0].form, FIO_JSON);
	assert_int_equal(rs.v[0].njobs, rs.v[1].njobs);
	for (size_t j = 0; j < rs.v[0].njobs; j++)
		for (int dir = 0; dir < FIO_DIRS; dir++) {
			struct fio_key a, b;
			char ka[FIO_KEY_MAX + 1], kb[FIO_KEY_MAX + 1];

			if (!fio_key_of(&rs.v[0].jobs[j], dir, FM_BW, &a) ||
			    !rs.v[0].jobs[j].side[dir].present)
				continue;
			assert_true(fio_key_of(&rs.v[1].jobs[j], dir, FM_BW, &b));
			fio_key_format(&a, ka);
			fio_key_format(&b, kb);
			assert_string_equal(kb, ka);
			keys++;
		}
	assert_true(keys > 0);
	fio_results_free(&rs);
	diags_free(&d);
	free(text);
}

static void
test_forms_agree(void **state)
{
	glob_t g;

	(void)state;
	assert_int_equal(glob("tests/parse-fio/both-json-normal*.out", 0, NULL,
	    &g), 0);
	assert_true(g.gl_pathc >= 2);
	for (size_t i = 0; i < g.gl_pathc; i++)
		forms_agree(g.gl_pathv[i]);
	globfree(&g);
}

/* A job named by its name (a throttle) keeps no direct in its key; its
 * options still say whether its figures passed the page cache. */
static void
test_job_uncached(void **state)
{
	struct fio_job d = job("rr", "randread", "4k", "16", NULL, "libaio",
	    "1");
	struct fio_job b = job("rr", "randread", "4k", "16", NULL, "libaio",
	    NULL);
	struct fio_job w = job("w", "randwrite", "4k", NULL, NULL, "psync",
	    NULL);
	struct fio_key k;

	(void)state;
	d.param[FP_RATE_IOPS] = (char *)"38000";
	b.param[FP_RATE_IOPS] = (char *)"38000";
	assert_true(fio_key_of(&d, FIO_READ, FM_IOPS, &k));
	assert_int_equal(k.rw, RW_JOB);
	assert_false(fio_key_uncached(&k));	/* the key cannot say */
	assert_true(fio_job_uncached(&d, FIO_READ));
	assert_false(fio_job_uncached(&b, FIO_READ));
	b.param[FP_BUFFERED] = (char *)"0";
	assert_true(fio_job_uncached(&b, FIO_READ));
	/* fsync'd writes are the disk's; a read is not made durable */
	w.param[FP_FSYNC] = (char *)"1";
	assert_true(fio_job_uncached(&w, FIO_WRITE));
	w.param[FP_RW] = (char *)"randread";
	assert_false(fio_job_uncached(&w, FIO_READ));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_long_job_names),
		cmocka_unit_test(test_sync_keys),
		cmocka_unit_test(test_job_uncached),
		cmocka_unit_test(test_keys_beyond),
		cmocka_unit_test(test_longest_key),
		cmocka_unit_test(test_parse_round_trip),
		cmocka_unit_test(test_measures),
		cmocka_unit_test(test_figures_withheld),
		cmocka_unit_test(test_measure_list),
		cmocka_unit_test(test_table_order),
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_figures_gap),
		cmocka_unit_test(test_forms_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
