/* Unit tests of the fio reader's fast ways (tests/unit/fio_ways.h) on
 * fio's own outputs: the goldens of tests/parse-fio and the outputs the
 * benchmark's generator starts from (tests/bench/fio), whole and cut in
 * ways a document can be cut; and the figures the writer prints in
 * jansson's digits. */
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

#include "fio_ways.h"
#include "base/xalloc.h"

static char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *p = NULL;
	long size;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	rewind(f);
	p = malloc((size_t)size + 1);
	assert_non_null(p);
	assert_int_equal(fread(p, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*n = (size_t)size;
	return p;
}

static void
check(const char *what, const char *data, size_t n, unsigned seed)
{
	const char *bad = fio_ways_check(data, n, seed);

	if (bad != NULL)
		fail_msg("%s: %s", what, bad);
}

static int
streams(const char *p, size_t n)
{
	struct results rs = {0};
	struct diags d = {.quiet = 1};
	int ok = fio_ways_stream(p, n, 3, &rs, &d);

	ok = ok && rs.fio.n == 1 && d.n == 0;
	results_free(&rs);
	diags_free(&d);
	return ok;
}

/* Whether the walk itself reads the document at the start of p. */
static int
walks(const char *p, size_t n)
{
	struct fio_walk *w = fio_walk_new();
	struct fio_results out = {0};
	struct diags d = {.quiet = 1};
	size_t at = 0;
	long line = 1;
	int ok = n > 0 && p[0] == '{' &&
	    fio_walk_document(w, "input", p, n, &at, &line, &out, &d) &&
	    out.n == 1 && out.v[0].njobs > 0;

	fio_walk_free(w);
	fio_results_free(&out);
	diags_free(&d);
	return ok;
}

static void
test_outputs(void **state)
{
	static const char *const patterns[] = {
		"tests/parse-fio/*.out", "tests/bench/fio/*.json",
	};
	size_t files = 0;

	(void)state;
	for (size_t k = 0; k < sizeof patterns / sizeof *patterns; k++) {
		glob_t g;

		assert_int_equal(glob(patterns[k], 0, NULL, &g), 0);
		for (size_t i = 0; i < g.gl_pathc; i++, files++) {
			size_t n;
			char *p = slurp(g.gl_pathv[i], &n);

			for (unsigned seed = 0; seed < 4; seed++)
				check(g.gl_pathv[i], p, n, seed);
			/* fio's own JSON the stream reads (not only
			 * leaves to reader_read) */
			if (k == 1)
				assert_true(streams(p, n) && walks(p, n));
			/* cut short: inside a number, a key, a string */
			check(g.gl_pathv[i], p, n * 2 / 3, 1);
			check(g.gl_pathv[i], p, n / 3 + 7, 2);
			free(p);
		}
		globfree(&g);
	}
	assert_true(files >= 20);
}

/* Documents the walk gives up, or reads, at its edges. */
static void
test_edges(void **state)
{
	static const char *const docs[] = {
		/* repeated keys, the first read */
		"{\"fio version\": \"fio-3.1\", \"jobs\": [{\"jobname\": \"a\", "
		"\"jobname\": \"b\", \"read\": {\"io_bytes\": 4096, \"bw\": 1,"
		" \"bw\": 2, \"clat_ns\": {\"max\": 9, \"percentile\": "
		"{\"50.000000\": 5, \"50.00\": 6, \"0.00\": 0}}}}]}\n",
		/* an escape: jansson reads it */
		"{\"fio version\": \"fio-\\u0033\", \"jobs\": [{\"jobname\": "
		"\"x\\ty\", \"read\": {\"io_bytes\": 1}}]}",
		/* numbers at their limits, numbers quoted */
		"{\"jobs\": [{\"read\": {\"io_bytes\": 1e308, \"bw\": "
		"-0, \"iops\": \"12.5\", \"runtime\": 9223372036854775807, "
		"\"lat\": {\"max\": 1.5e-3, \"min\": 0.1e1}}}], "
		"\"fio version\": \"fio-3.33\"}",
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": "
		"9223372036854775808}}]}",
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": "
		"1e999}}]}",
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": "
		"01}}]}",
		/* UTF-8, good and bad */
		"{\"fio version\": \"fio-\xc3\xa9\", \"jobs\": [{\"jobname\": "
		"\"\xed\xa0\x80\", \"read\": {\"io_bytes\": 1}}]}",
		"{\"fio version\": \"v\", \"global options\": {\"rw\": "
		"\"read\", \"rw\": \"write\", \"bs\": 4}, \"jobs\": [{\"read\":"
		" {\"total_ios\": 3}}, 7, {\"write\": []}]}  \n\n{\"jobs\": []}",
		/* the same keys in the next document are no repeats */
		"{\"fio version\": \"a\", \"jobs\": [{\"jobname\": \"x\", "
		"\"read\": {\"io_bytes\": 1, \"bw\": 2}}]}\n"
		"{\"fio version\": \"a\", \"jobs\": [{\"jobname\": \"x\", "
		"\"read\": {\"io_bytes\": 3, \"bw\": 4}}]}\n",
		/* deep, and the scan's limit of depth */
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": 1,"
		" \"x\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
		"[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
		"]]]]]]]]]]]]]]]]]]]]}}]}",
		/* not closed, trailing garbage, text after */
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": 1",
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": 1}}]}"
		"}",
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": 1}}]}"
		"\nrandread: (g=0): rw=randread, bs=4k\n",
		"{\"fio version\": \"x\", \"jobs\": [{\"read\": {\"io_bytes\": tru"
		"e, \"bw\": nul}}]}",
	};

	(void)state;
	for (size_t i = 0; i < sizeof docs / sizeof *docs; i++)
		for (unsigned seed = 0; seed < 8; seed++)
			check(docs[i], docs[i], strlen(docs[i]), seed);
}

/* The figures fio_result_write writes (json_number_text) in jansson's
 * digits: whole ones and reals of every magnitude, and doubles of any
 * bits (a fixed sequence). */
static void
number_as_jansson(double x)
{
	json_t *v = json_number(x);
	char *theirs = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(12));
	char ours[64];

	json_number_text(x, ours, sizeof ours);
	if (strcmp(theirs ? theirs : "", ours) != 0)
		fail_msg("%.17g: jansson %s, ours %s", x, theirs, ours);
	free(theirs);
	json_decref(v);
}

static void
test_numbers(void **state)
{
	static const double some[] = {
		0, -0.0, 1, -1, 0.5, 1.0 / 3, 2.5e-7, 1e-5, 9e15 - 1, 9e15,
		1e16, 1e21, 1e300, -1.5e-300, 5e-324, 123456789012.5, 4096,
		174020.979021, 1.7976931348623157e308,
	};
	uint64_t x = 88172645463325252u;

	(void)state;
	for (size_t i = 0; i < sizeof some / sizeof *some; i++)
		number_as_jansson(some[i]);
	for (int i = 0; i < 200000; i++) {
		double d;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memcpy(&d, &x, sizeof d);
		if (isfinite(d))
			number_as_jansson(d);
		/* and figures as fio prints them: six decimals */
		number_as_jansson((double)(x % 100000000000u) / 1e6);
	}
}

/* A job file fills in what fio's text output leaves out, job by job,
 * its own section over the global ones before it, the latest global
 * first; what the output says stands. */
static void
test_job_file(void **state)
{
	static const char file[] =
	    "; nightly jobs\n"
	    "[global]\nioengine=libaio\ndirect=1\nsize=${SIZE}\n"
	    "[seq]\nrw=read\nbs=1m\n"
	    "[global]\ndirect=0\nfsync = 8\n"
	    "[rr]\nname=random-reads\nrw=randread\nrate_iops=500\n"
	    "time_based\n";
	struct fio_results rs = {0};
	struct fio_result *r = fio_new_result(&rs, "fio.txt", 1, FIO_TEXT);
	struct fio_job *seq = fio_new_job(r, "seq", 3, 2);
	struct fio_job *rr, *other;

	(void)state;
	assert_true(fio_job_file_may_be(file, sizeof file - 1));
	/* lspci's classes are bracketed inside a line, not at its start */
	assert_false(fio_job_file_may_be("00:1f.2 SATA controller [0106]\n",
	    31));
	assert_true(fio_job_file_may_be("x\n  [job]\n", 10));
	fio_set_param(seq, FP_BS, "128k", 4);	/* as the output said */
	fio_new_job(r, "random-reads", 12, 10);
	fio_new_job(r, "other", 5, 20);
	seq = &r->jobs[0];	/* the jobs moved as they grew */
	assert_true(fio_job_file_apply(&rs, file, sizeof file - 1));
	assert_string_equal(seq->param[FP_BS], "128k");
	assert_string_equal(seq->param[FP_RW], "read");
	assert_string_equal(seq->param[FP_DIRECT], "1");
	assert_string_equal(seq->param[FP_IOENGINE], "libaio");
	assert_null(seq->param[FP_SIZE]);	/* fio expands it */
	assert_null(seq->param[FP_FSYNC]);	/* a global after the job */
	rr = &r->jobs[1];
	assert_string_equal(rr->param[FP_DIRECT], "0");
	assert_string_equal(rr->param[FP_FSYNC], "8");
	assert_string_equal(rr->param[FP_RATE_IOPS], "500");
	assert_string_equal(rr->param[FP_IOENGINE], "libaio");
	other = &r->jobs[2];
	assert_null(other->param[FP_DIRECT]);	/* no section of its name */
	fio_results_free(&rs);

	/* A file with no section, or no option of fio's, is no job file. */
	r = fio_new_result(&rs, "fio.txt", 1, FIO_TEXT);
	seq = fio_new_job(r, "seq", 3, 2);
	assert_false(fio_job_file_apply(&rs, "direct=1\n[seq]\n", 16));
	assert_false(fio_job_file_apply(&rs, "[seq]\ncolour=blue\n", 18));
	/* a job file's lines among a post's */
	assert_true(fio_job_file_section("[global]"));
	assert_true(fio_job_file_section("  [randread-4k] "));
	assert_false(fio_job_file_section("[...]"));
	assert_false(fio_job_file_section("[]"));
	assert_false(fio_job_file_section("[R(1)][100.0%][r=81.4GiB/s]"));
	assert_false(fio_job_file_section("[root@localhost ~]# fio x"));
	assert_true(fio_job_file_option("bs=512"));
	assert_true(fio_job_file_option("direct = 1"));
	assert_true(fio_job_file_option("time_based"));
	assert_false(fio_job_file_option("The device has two namespaces."));
	assert_false(fio_job_file_option("read: IOPS=2711, BW=1356KiB/s"));
	assert_null(r->jobs[0].param[FP_DIRECT]);
	fio_results_free(&rs);
	assert_true(fio_job_file_comment("#bs=4096"));
	assert_true(fio_job_file_comment("  ; iodepth=64 was too deep"));
	assert_false(fio_job_file_comment("bs=4096 # the old size"));
}

/* A job file pasted above fio's text output goes on past its comments:
 * the options after "#bs=4096" are the job's too. */
static void
test_job_file_with_comments(void **state)
{
	static const char text[] =
	    "[global]\nioengine=libaio\n#bs=4096\nbs=16k\n"
	    "; iodepth=64 overloaded the card\ndirect=1\n"
	    "[randrw-16k]\nrw=randrw\n\n"
	    "randrw-16k: (groupid=0, jobs=1): err= 0: pid=7: "
	    "Mon Jan  1 00:00:00 2024\n"
	    "  read: IOPS=1000, BW=15.6MiB/s (16.4MB/s)(31.3MiB/2001msec)\n"
	    "    clat (usec): min=10, max=100, avg=50.00, stdev=5.00\n";
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};

	(void)state;
	fio_read("fio.txt", text, sizeof text - 1, NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_int_equal(rs.v[0].njobs, 1);
	assert_string_equal(rs.v[0].jobs[0].param[FP_DIRECT], "1");
	assert_string_equal(rs.v[0].jobs[0].param[FP_RW], "randrw");
	fio_results_free(&rs);
	diags_free(&d);
}

/* The first terse line of fio's own in tests/parse-fio, NUL-ended, in
 * *buf (caller frees). */
static char *
terse_line(char **buf)
{
	size_t n;
	char *line;

	*buf = slurp("tests/parse-fio/both-json-terse.out", &n);
	(*buf)[n] = '\0';
	line = strncmp(*buf, "3;fio", 5) == 0 ? *buf :
	    strstr(*buf, "\n3;fio") + 1;
	assert_true(line != (char *)1);
	*strchr(line, '\n') = '\0';
	return line;
}

/* The devices of fio's disk stats, each reader's: an md array and its
 * members in the text, a disk in a terse line's disk fields and in the
 * JSON; names that are no device's are not taken. */
/* One run kept in two files of a run (fio.txt and a copy): counted
 * once; a run of other figures in a third file is a sample of its own,
 * and a file's own repeat is the reader's to mark, not this. */
static void
test_count_once_across_files(void **state)
{
	static const char text[] =
	    "job1: (groupid=0, jobs=1): err= 0: pid=7: Mon Jan  1 00:00:00 2024\n"
	    "  read: IOPS=1000, BW=3906KiB/s (4000kB/s)(11.4MiB/3001msec)\n"
	    "    clat (usec): min=10, max=100, avg=50.00, stdev=5.00\n";
	static const char other[] =
	    "job1: (groupid=0, jobs=1): err= 0: pid=9: Mon Jan  1 00:10:00 2024\n"
	    "  read: IOPS=1010, BW=3945KiB/s (4040kB/s)(11.6MiB/3001msec)\n"
	    "    clat (usec): min=10, max=100, avg=49.50, stdev=5.00\n";
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};

	(void)state;
	fio_read("n1/fio.txt", text, sizeof text - 1, NULL, &rs, &d);
	fio_read("n1/copy.txt", text, sizeof text - 1, NULL, &rs, &d);
	fio_read("n1/again.txt", other, sizeof other - 1, NULL, &rs, &d);
	assert_int_equal(rs.n, 3);
	fio_count_once(&rs, &d);
	assert_int_equal(rs.v[0].again_of, 0);
	assert_int_equal(rs.v[1].again_of, 1);
	assert_int_equal(rs.v[2].again_of, 0);
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].message, "n1/fio.txt:1 again"));
	fio_results_free(&rs);
	diags_free(&d);
}

static void
test_disk_stats(void **state)
{
	static const char text[] =
	    "job1: (groupid=0, jobs=1): err= 0: pid=7: Mon Jan  1 00:00:00 2024\n"
	    "  read: IOPS=1000, BW=3906KiB/s (4000kB/s)(11.4MiB/3001msec)\n"
	    "    clat (usec): min=10, max=100, avg=50.00, stdev=5.00\n"
	    "\nRun status group 0 (all jobs):\n"
	    "   READ: bw=3906KiB/s (4000kB/s), 3906KiB/s-3906KiB/s "
	    "(4000kB/s-4000kB/s), io=11.4MiB (12.0MB), run=3001-3001msec\n"
	    "\nDisk stats (read/write):\n"
	    "    md0: ios=2900/0, merge=0/0, ticks=0/0, in_queue=0, "
	    "util=0.00%, aggrios=1450/0, aggrmerge=0/0, aggrticks=100/0, "
	    "aggrin_queue=100, aggrutil=45.00%\n"
	    "  sdc: ios=1450/0, merge=0/0, ticks=100/0, in_queue=100, "
	    "util=44.00%\n"
	    "  sdb: ios=1450/0, merge=0/0, ticks=100/0, in_queue=100, "
	    "util=45.00%\n";
	static const char json[] =
	    "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": "
	    "\"j\", \"groupid\": 0, \"read\": {\"bw\": 4000, \"iops\": "
	    "1000.0}}], \"disk_util\": [{\"name\": \"nvme0n1\", "
	    "\"util\": 90.5}, {\"name\": \"not a device\"}]}\n";
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};
	struct fio_result *r;
	char *terse, *line, *with_disk, *no_disks;

	(void)state;
	fio_read("fio.txt", text, sizeof text - 1, NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_string_equal(rs.v[0].disks, "md0 sdc sdb");
	assert_true(rs.v[0].jobs[0].disk_util == 45.0);
	fio_results_free(&rs);

	fio_read("fio.json", json, sizeof json - 1, NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_string_equal(rs.v[0].disks, "nvme0n1");
	fio_results_free(&rs);
	/* a document with no disk stats: no block device under its files */
	no_disks = xasprintf("%.*s}\n", (int)(strstr(json, ", \"disk_util\"")
	    - json), json);
	fio_read("fio.json", no_disks, strlen(no_disks), NULL, &rs, &d);
	free(no_disks);
	assert_int_equal(rs.n, 1);
	assert_string_equal(rs.v[0].disks, "");
	fio_results_free(&rs);

	/* a terse line of fio's own, with one disk's fields after it */
	line = terse_line(&terse);
	with_disk = xasprintf("%s;sda;100;200;0;0;10;20;30;55.50%%\n", line);
	fio_read("terse.txt", with_disk, strlen(with_disk), NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_string_equal(rs.v[0].disks, "sda");
	fio_results_free(&rs);
	free(with_disk);
	free(terse);

	/* each name once; a damaged name is no device */
	r = fio_new_result(&rs, "x", 1, FIO_TEXT);
	fio_add_disk(r, "sdb", 3);
	fio_add_disk(r, "sdb", 3);
	fio_add_disk(r, "sd b", 4);
	fio_add_disk(r, "", 0);
	assert_string_equal(r->disks, "sdb");
	fio_results_free(&rs);
	diags_free(&d);
}

/* Whether d says job name ended with error, and then what of its
 * figures (its message's end). */
static bool
said_failed(const struct diags *d, const char *name, int error,
    const char *then)
{
	char want[128];

	snprintf(want, sizeof want, "fio's job \"%s\" ended with error %d "
	    "after ", name, error);
	for (size_t k = 0; k < d->n; k++) {
		const char *m = d->v[k].message;

		if (d->v[k].level == MSG_WARNING &&
		    strncmp(m, want, strlen(want)) == 0 &&
		    strlen(m) > strlen(then) &&
		    strcmp(m + strlen(m) - strlen(then), then) == 0)
			return true;
	}
	return false;
}

/* file, of a job "ok" that read and a job "bad" that failed with
 * error 27 after 2 ms: the first is read, the second not, and said. */
static void
second_job_failed(const char *file, const char *buf, size_t len)
{
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};

	fio_read(file, buf, len, NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_int_equal(rs.v[0].njobs, 2);
	assert_true(rs.v[0].jobs[0].side[FIO_READ].present);
	assert_int_equal(rs.v[0].jobs[0].error, 0);
	assert_int_equal(rs.v[0].jobs[1].error, 27);
	assert_false(rs.v[0].jobs[1].side[FIO_WRITE].present);
	assert_true(said_failed(&d, "bad", 27, "after 2 ms: its figures are "
	    "not read"));
	fio_results_free(&rs);
	diags_free(&d);
}

/* A job that failed before any I/O ("ENOSPC on laying out file": its
 * sides' io_bytes and runtime 0) measured nothing: said, not silent. */
static void
job_failed_before_io(void)
{
	static const char json[] =
	    "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": "
	    "\"seqwrite\", \"groupid\": 0, \"error\": 0, \"write\": "
	    "{\"bw\": 6656, \"iops\": 6.5, \"io_bytes\": 27262976, "
	    "\"runtime\": 4097}}, {\"jobname\": \"seqread\", \"groupid\": "
	    "0, \"error\": 28, \"read\": {\"bw\": 0, \"iops\": 0.0, "
	    "\"io_bytes\": 0, \"runtime\": 0}, \"write\": {\"bw\": 0, "
	    "\"iops\": 0.0, \"io_bytes\": 0, \"runtime\": 0}}]}\n";
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};
	bool said = false;

	fio_read("fio.json", json, sizeof json - 1, NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_false(rs.v[0].jobs[1].side[FIO_READ].present);
	for (size_t k = 0; k < d.n; k++)
		said |= d.v[k].level == MSG_WARNING && strcmp(d.v[k].message,
		    "fio's job \"seqread\" ended with error 28 before any "
		    "I/O: it measured nothing") == 0;
	assert_true(said);
	fio_results_free(&rs);
	diags_free(&d);
}

/* A job fio says failed ("err=27" in the text, "error": 27 in the
 * JSON, the terse line's error field) after 2 ms of a run whose other
 * job ran 3 s measured nothing: no direction of it is read, and the
 * reader says why; the job beside it that ran to its end is read as
 * ever. A failed job that ran its course (a terse line of a whole run,
 * its error field set) is read, and said. The fast ways agree. */
static void
test_failed_job(void **state)
{
	static const char text[] =
	    "ok: (groupid=0, jobs=1): err= 0: pid=7: Mon Jan  1 00:00:00 2024\n"
	    "  read: IOPS=1000, BW=3906KiB/s (4000kB/s)(11.4MiB/3001msec)\n"
	    "    clat (usec): min=10, max=100, avg=50.00, stdev=5.00\n"
	    "bad: (groupid=0, jobs=1): err=27 (file:io_u.c:1896, func=io_u "
	    "error, error=File too large): pid=8: Mon Jan  1 00:00:00 2024\n"
	    "  write: IOPS=7000, BW=27.3MiB/s (28.7MB/s)(56.0KiB/2msec)\n"
	    "    clat (usec): min=10, max=100, avg=50.00, stdev=5.00\n";
	static const char json[] =
	    "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": "
	    "\"ok\", \"groupid\": 0, \"error\": 0, \"read\": {\"bw\": "
	    "4000, \"iops\": 1000.0, \"io_bytes\": 12000000, \"runtime\": "
	    "3000}}, {\"jobname\": \"bad\", \"groupid\": 0, \"error\": 27, "
	    "\"write\": {\"bw\": 28000, \"iops\": 7000.0, \"io_bytes\": "
	    "57344, \"runtime\": 2}}]}\n";
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};
	char *terse, *line, *field, *failed;

	(void)state;
	second_job_failed("fio.txt", text, sizeof text - 1);
	second_job_failed("fio.json", json, sizeof json - 1);
	assert_null(fio_ways_check(json, sizeof json - 1, 1));
	assert_null(fio_ways_check(text, sizeof text - 1, 2));

	/* a terse line of fio's own, its error field (the fifth) set */
	line = field = terse_line(&terse);
	for (int k = 0; k < 4; k++)
		field = strchr(field, ';') + 1;
	assert_true(field[0] == '0' && field[1] == ';');
	failed = xasprintf("%.*s5%s\n", (int)(field - line), line, field + 1);
	fio_read("terse.txt", failed, strlen(failed), NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_int_equal(rs.v[0].jobs[0].error, 5);
	assert_true(rs.v[0].jobs[0].side[FIO_READ].present ||
	    rs.v[0].jobs[0].side[FIO_WRITE].present);
	assert_true(said_failed(&d, rs.v[0].jobs[0].name, 5, "its figures are "
	    "read as fio printed them"));
	fio_results_free(&rs);
	diags_free(&d);
	free(failed);
	free(terse);
	job_failed_before_io();
}

/* fio's command line: an option or a job file after "fio", not a
 * sentence's next word (a mail's subject); one cut after "fio" goes on
 * with its options on the next line. */
static void
test_command_line(void **state)
{
	static const char wrapped[] =
	    "Subject: Re: fio built with -march=native reads slower?\n"
	    "host:~ # numactl --membind=3 fio\n"
	    "--filename=/dev/pmem3 --rw=randread --direct=1 --bs=4k\n"
	    "--iodepth=1 --name=perf_test\n"
	    "perf_test: (groupid=0, jobs=1): err= 0: pid=7: Mon Jan  1 2024\n"
	    "   read: IOPS=1000, BW=3906KiB/s (4000kB/s)(11.4MiB/3001msec)\n"
	    "    clat (usec): min=10, max=100, avg=50.00, stdev=5.00\n"
	    "    clat percentiles (usec):\n"
	    "     |  1.00th=[   12],  5.00th=[   14], 10.00th=[   16],\n"
	    "   bw (  KiB/s): min= 3800, max= 4000, per=100.00%, avg=3906,\n"
	    "samples=6\n";
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};

	(void)state;
	assert_null(fio_command_options("fio built with -march=native"));
	assert_null(fio_command_options("Re: fio results, --direct=1 too"));
	assert_string_equal(fio_command_options("$ fio --rw=read --bs=4k"),
	    " --rw=read --bs=4k");
	assert_string_equal(fio_command_options("fio rand-rw.fio --max-jobs=2"),
	    " --max-jobs=2");
	assert_string_equal(fio_command_options("# fio nightly "
	    "--output-format=json"), " --output-format=json");
	assert_string_equal(fio_command_options("sudo fio -name=x -rw=read"),
	    " -name=x -rw=read");

	fio_read("fio.txt", wrapped, sizeof wrapped - 1, NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_int_equal(rs.v[0].line, 2);	/* the command, not line 1 */
	assert_int_equal(rs.v[0].line_end, 11);	/* the bandwidth's rest */
	assert_non_null(rs.v[0].jobs[0].param[FP_DIRECT]);
	assert_string_equal(rs.v[0].jobs[0].param[FP_DIRECT], "1");
	fio_results_free(&rs);
	diags_free(&d);
}

/* A version line a paste padded with blanks is still the version, and a
 * job that printed only its total latency's percentiles is told it has
 * no p50 rather than passed over in silence. */
static void
test_padded_version_lat_percentiles(void **state)
{
	static const char text[] =
	    "fio-3.7        \n"
	    "j: (groupid=0, jobs=1): err= 0: pid=7: Mon Jan  1 2024\n"
	    "   read: IOPS=1000, BW=3906KiB/s (4000kB/s)(11.4MiB/3001msec)\n"
	    "    clat (usec): min=10, max=100, avg=50.00, stdev=5.00\n"
	    "     lat (usec): min=11, max=101, avg=51.00, stdev=5.00\n"
	    "    lat percentiles (usec):\n"
	    "     |  1.00th=[   12],  5.00th=[   14], 50.00th=[   50],\n"
	    "     | 99.00th=[   90]\n";
	struct fio_results rs = {0};
	struct diags d = {.quiet = 1};

	(void)state;
	fio_read("fio.txt", text, sizeof text - 1, NULL, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_non_null(rs.v[0].version);
	assert_string_equal(rs.v[0].version, "fio-3.7");
	assert_true(isnan(rs.v[0].jobs[0].side[FIO_READ].clat_pct[P50]));
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].line, 6);
	assert_non_null(strstr(d.v[0].message, "lat percentiles"));
	fio_results_free(&rs);
	diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outputs),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_job_file),
		cmocka_unit_test(test_job_file_with_comments),
		cmocka_unit_test(test_disk_stats),
		cmocka_unit_test(test_command_line),
		cmocka_unit_test(test_failed_job),
		cmocka_unit_test(test_count_once_across_files),
		cmocka_unit_test(test_padded_version_lat_percentiles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
