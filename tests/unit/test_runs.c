/* Unit tests of a run's samples dropped and read again (gen/model/load.c): a
 * load for the analysis summarises short runs and drops their samples,
 * a build sheds the rest once analysed, and a run's page reads them
 * back from its outputs. The second reading must give the samples of
 * the first, and must tell when the files changed between. */
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

#include "model/model.h"
#include "model/stats.h"
#include "base/xalloc.h"

/* Two samples as bonnie++ 1.97 CSV, two as a text table: four samples
 * of one run, merged from two outputs. */
static const char csv[] =
    "1.97,1.97,beryl,1,1457023311,10G,,905,98,171433,19,80012,11,3104,97,"
    "402211,21,1874,49,16,,,,,16384,61,+++++,+++,18203,52,16921,62,+++++,"
    "+++,15411,50,9018us,702ms,411ms,8123us,39017us,14010us,1033us,702us,"
    "1217us,1009us,26us,1114us\n"
    "1.97,1.97,beryl,1,1457023311,10G,,911,98,169872,19,79533,11,3077,97,"
    "398112,21,1862,48,16,,,,,16203,60,+++++,+++,18011,52,16877,61,+++++,"
    "+++,15388,49,8876us,688ms,427ms,8402us,40218us,15337us,1041us,711us,"
    "1198us,1012us,25us,1101us\n";

static const char text[] =
    "            ------Sequential Output------ --Sequential Input- --Random-\n"
    "            -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
    "Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
    "Beryl  10G:64k 56595  91 132091  23 42049   6 45990  72 153534  13 195.7   1\n"
    "Beryl  10G:64k 60359  94 127813  24 42298   6 48124  73 162938  14 191.0   1\n";

struct tree {
	char root[64];
	char *run, *short_run;
};

static void
put(const char *dir, const char *name, const char *body)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(body, f);
	fclose(f);
	free(path);
}

/* RUNS/host/2021-01-01 with both outputs, a meta file and a text
 * attachment that holds no result; RUNS/host/2021-01-02 with the CSV
 * alone, too few samples for the rank test. */
static int
setup(void **state)
{
	struct tree *t = calloc(1, sizeof *t);
	char *host;

	strcpy(t->root, "/tmp/test_runs-XXXXXX");
	assert_non_null(mkdtemp(t->root));
	host = xasprintf("%s/host", t->root);
	assert_int_equal(mkdir(host, 0755), 0);
	t->run = xasprintf("%s/2021-01-01", host);
	assert_int_equal(mkdir(t->run, 0755), 0);
	t->short_run = xasprintf("%s/2021-01-02", host);
	assert_int_equal(mkdir(t->short_run, 0755), 0);
	put(t->short_run, "a.csv", csv);
	free(host);
	put(t->run, "a.csv", csv);
	put(t->run, "b.txt", text);
	put(t->run, "meta", "host: beryl\nraid: none\n");
	put(t->run, "readme.txt", "Nothing measured here.\n");
	*state = t;
	return 0;
}

static int
teardown(void **state)
{
	struct tree *t = *state;
	char cmd[96];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->root);
	assert_int_equal(system(cmd), 0);
	free(t->run);
	free(t->short_run);
	free(t);
	return 0;
}

static void
assert_same_samples(const struct results *a, const struct results *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t k = 0; k < a->n; k++) {
		const struct result *x = &a->v[k], *y = &b->v[k];

		assert_string_equal(x->file, y->file);
		assert_int_equal(x->line, y->line);
		assert_string_equal(x->name, y->name);
		assert_int_equal(x->from, y->from);
		for (int m = 0; m < M_COUNT; m++) {
			assert_int_equal(x->m[m].state, y->m[m].state);
			assert_true(x->m[m].value == y->m[m].value);
			assert_int_equal(x->m[m].cpu, y->m[m].cpu);
			assert_true(x->m[m].latency_us == y->m[m].latency_us);
		}
	}
}

/* A copy of the loaded samples that outlives their shedding. */
static struct results
copy_samples(const struct results *rs)
{
	struct results c = {0};

	c.n = rs->n;
	c.v = calloc(rs->n, sizeof *c.v);
	for (size_t k = 0; k < rs->n; k++) {
		c.v[k] = rs->v[k];
		c.v[k].file = strdup(rs->v[k].file);
		c.v[k].name = strdup(rs->v[k].name);
	}
	return c;
}

static void
free_copy(struct results *c)
{
	for (size_t k = 0; k < c->n; k++) {
		free(c->v[k].file);
		free(c->v[k].name);
	}
	free(c->v);
}

/* Every sample kept, then every one dropped as read: the second load
 * reads back the first one's samples, and tells when they changed. */
static void
test_read_again(void **state)
{
	struct tree *t = *state;
	struct runset set;
	struct diags d = {.quiet = 1};
	struct results before, again = {0};
	const struct run *r;

	assert_int_equal(runset_load(&set, t->root, NULL, 0, &d), 0);
	assert_int_equal(set.n, 2);
	r = &set.runs[runset_find(&set, "host/2021-01-01")];
	assert_int_equal(r->samples.n, 4);
	assert_int_equal(r->nsamples, 4);
	assert_int_equal(r->noutputs, 2);
	assert_int_equal(r->nattachments, 1);
	assert_non_null(r->figures);
	before = copy_samples(&r->samples);
	runset_free(&set);

	assert_int_equal(runset_load(&set, t->root, NULL, SIZE_MAX, &d), 0);
	r = &set.runs[runset_find(&set, "host/2021-01-01")];
	assert_int_equal(r->samples.n, 0);
	assert_null(r->samples.v);
	assert_int_equal(r->nsamples, 4);
	assert_string_equal(r->machine, "beryl");
	assert_int_equal(run_read_samples(&set, r, NULL, &again), 0);
	assert_same_samples(&before, &again);
	results_free(&again);

	/* Changed between the load and the page: said, not hidden. */
	put(t->run, "b.txt", "Beryl was rebooted.\n");
	assert_int_equal(run_read_samples(&set, r, NULL, &again), -1);
	assert_int_equal(again.n, 2);
	results_free(&again);

	free_copy(&before);
	runset_free(&set);
	diags_free(&d);
}

/* Loaded for the analysis, dropping the samples of runs of at most 3:
 * the short run is summarised before its samples go and keeps no
 * figures (too few for the rank test); the long one keeps its samples.
 * Dropping every run's, the long one keeps the figures of its samples,
 * metric by metric. */
static void
test_load_for_analysis(void **state)
{
	struct tree *t = *state;
	struct runset set;
	struct diags d = {.quiet = 1};
	struct results again = {0};
	const struct run *shed, *kept;
	const struct run_figures *f;

	assert_int_equal(runset_load(&set, t->root, NULL, 3, &d), 0);
	assert_int_equal(set.n, 2);
	kept = &set.runs[runset_find(&set, "host/2021-01-01")];
	shed = &set.runs[runset_find(&set, "host/2021-01-02")];
	assert_int_equal(kept->samples.n, 4);
	assert_non_null(kept->figures);
	assert_int_equal(shed->samples.n, 0);
	assert_int_equal(shed->nsamples, 2);
	assert_null(shed->figures);
	/* Summarised before they went: K/sec, median of two. */
	assert_int_equal(run_summary_at(shed, M_PUT_BLOCK).n, 2);
	assert_true(run_summary_at(shed, M_PUT_BLOCK).median ==
	    (171433 + 169872) / 2.0);
	assert_true(run_summary_at(shed, M_PUT_BLOCK).min == 169872);
	assert_int_equal(run_summary_at(shed, M_SEQ_STAT).n_too_fast, 2);
	assert_string_equal(shed->machine, "beryl");
	assert_string_equal(shed->params.version, "1.97");
	assert_string_equal(shed->params.size, "10G");
	assert_string_equal(shed->params.files, "16");
	assert_int_equal(run_read_samples(&set, shed, NULL, &again), 0);
	assert_int_equal(again.n, 2);
	assert_true(again.v[1].m[M_PUT_BLOCK].value == 169872);
	results_free(&again);
	runset_free(&set);

	assert_int_equal(runset_load(&set, t->root, NULL, SIZE_MAX, &d), 0);
	kept = &set.runs[runset_find(&set, "host/2021-01-01")];
	assert_int_equal(kept->samples.n, 0);
	assert_non_null(f = kept->figures);
	/* Block write: two CSV lines and two table rows, in file order. */
	assert_int_equal(f->at[M_PUT_BLOCK + 1] - f->at[M_PUT_BLOCK], 4);
	assert_true(f->v[f->at[M_PUT_BLOCK]] == 171433);
	assert_true(f->v[f->at[M_PUT_BLOCK] + 3] == 127813);
	/* Stat: too fast in the CSV, not run in the table: no figure. */
	assert_int_equal(f->at[M_SEQ_STAT + 1] - f->at[M_SEQ_STAT], 0);
	assert_int_equal(f->at[M_SEQ_CREATE + 1] - f->at[M_SEQ_CREATE], 2);
	runset_drop_figures(&set);
	assert_null(kept->figures);
	runset_free(&set);
	diags_free(&d);
}

/* A run in a directory whose name is not UTF-8 (Latin-1 "caf\xe9"): its
 * id shows the byte as the text "\xe9", its directory keeps the bytes,
 * and its samples are read again from there. */
static void
test_raw_directory(void **state)
{
	struct tree *t = *state;
	char *dir = xasprintf("%s/caf\xe9", t->root), *again_dir;
	struct runset set;
	struct diags d = {.quiet = 1};
	struct results again = {0};
	long i;

	assert_int_equal(mkdir(dir, 0755), 0);
	put(dir, "a.csv", csv);
	assert_int_equal(runset_load(&set, t->root, NULL, SIZE_MAX, &d), 0);
	assert_true((i = runset_find(&set, "caf\\xe9")) >= 0);
	again_dir = run_dir(&set, &set.runs[i]);
	assert_string_equal(again_dir, dir);
	assert_int_equal(run_read_samples(&set, &set.runs[i], NULL, &again),
	    0);
	assert_int_equal(again.n, 2);
	results_free(&again);
	/* A plain name is RUNS joined with the id. */
	i = runset_find(&set, "host/2021-01-02");
	free(again_dir);
	again_dir = run_dir(&set, &set.runs[i]);
	assert_string_equal(again_dir, t->short_run);
	free(again_dir);
	free(dir);
	runset_free(&set);
	diags_free(&d);
}

static int
cmp_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* stats_median selects rather than sorts: the middle of the sorted
 * values (the mean of the two middle ones for an even count), on runs'
 * sizes and a series' sizes, with many equal values, ascending,
 * descending and in no order. */
static void
test_median(void **state)
{
	static const size_t sizes[] = {1, 2, 3, 31, 32, 33, 34, 100, 257,
	    2000, 2001};
	unsigned seed = 7;

	(void)state;
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		size_t n = sizes[s];
		double *v = xcalloc(n, sizeof *v), *sorted = xcalloc(n,
		    sizeof *sorted);

		for (int shape = 0; shape < 4; shape++) {
			double want;

			for (size_t k = 0; k < n; k++) {
				seed = seed * 1103515245 + 12345;
				v[k] = shape == 0 ? (double)((seed >> 16) % 1000) :
				    shape == 1 ? (double)(seed >> 16 & 7) :
				    shape == 2 ? (double)k : (double)(n - k);
			}
			memcpy(sorted, v, n * sizeof *v);
			qsort(sorted, n, sizeof *sorted, cmp_doubles);
			want = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] +
			    sorted[n / 2]) / 2;
			assert_true(stats_median(v, n) == want);
			/* The same values, only moved. */
			qsort(v, n, sizeof *v, cmp_doubles);
			assert_memory_equal(v, sorted, n * sizeof *v);
		}
		free(v);
		free(sorted);
	}
	/* Many short series of few distinct values: the middle often falls
	 * on a partition's edge. */
	for (int it = 0; it < 3000; it++) {
		double v[240], sorted[240], want;
		size_t n = 33 + (seed = seed * 1103515245 + 12345) % 200;

		for (size_t k = 0; k < n; k++) {
			seed = seed * 1103515245 + 12345;
			v[k] = sorted[k] = (double)((seed >> 16) % (1 + it % 50));
		}
		qsort(sorted, n, sizeof *sorted, cmp_doubles);
		want = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] +
		    sorted[n / 2]) / 2;
		assert_true(stats_median(v, n) == want);
	}
}

/* Whether a and b are the same summary, bit for bit in its figures. */
static bool
same_summary(const struct metric_summary *a, const struct metric_summary *b)
{
	return memcmp(&a->median, &b->median, sizeof a->median) == 0 &&
	    memcmp(&a->min, &b->min, sizeof a->min) == 0 &&
	    memcmp(&a->max, &b->max, sizeof a->max) == 0 &&
	    memcmp(&a->latency_us, &b->latency_us, sizeof a->latency_us) ==
	    0 && a->n == b->n && a->n_too_fast == b->n_too_fast &&
	    a->n_invalid == b->n_invalid && a->cpu == b->cpu &&
	    a->state == b->state && a->approx == b->approx;
}

/* A run keeps its summaries in 24 bytes each, or whole when they do not
 * fit: either way it gives back exactly what it was given. */
static void
test_summary_slots(void **state)
{
	static const struct metric_summary in[] = {
		/* bonnie++'s figures: whole K/sec, tenths of seeks, a
		 * median of two, latency in us or none. */
		{171433, 169872, 173102, 9018, 3, 0, 0, 19, VS_OK, false},
		{245.3, 240.1, 251.7, -1, 3, 0, 0, 2, VS_OK, true},
		{170652.5, 169872, 171433, 702000, 2, 0, 0, -1, VS_OK, false},
		{0, 0, 0, -1, 0, 2, 0, -1, VS_TOO_FAST, false},
		{0, 0, 0, -1, 0, 0, 1, -1, VS_INVALID, false},
		{0, 0, 0, -1, 0, 0, 0, -1, VS_NOT_RUN, false},
		{2147483.647, 1, 2, 0.125, 1, 0, 0, 32767, VS_OK, false},
		/* Whole: a fourth decimal, past 32 bits, a third, -0, a
		 * count past 16 bits, a %CP past 16, too fast or invalid
		 * ones past 8. */
		{1234.5678, 1, 2, -1, 1, 0, 0, -1, VS_OK, false},
		{1e12, 1e12, 1e12, -1, 1, 0, 0, -1, VS_OK, false},
		{1.0 / 3, 1, 2, -1, 1, 0, 0, -1, VS_OK, false},
		{-0.0, 1, 2, -1, 1, 0, 0, -1, VS_OK, false},
		{5, 1, 9, -1, 70000, 0, 0, -1, VS_OK, false},
		{5, 1, 9, -1, 2, 0, 0, 40000, VS_OK, false},
		{5, 1, 9, -1, 2, 65536, 0, -1, VS_OK, false},
		{5, 1, 9, -1, 2, 256, 0, -1, VS_OK, false},
		{5, 1, 9, -1, 2, 0, 300, -1, VS_OK, false},
	};
	const size_t n = sizeof in / sizeof *in, fits = 7;
	struct xarena *arena = NULL;
	struct run r = {0};

	(void)state;
	run_keep_summaries(&r, in, n, &arena);
	for (size_t k = 0; k < n; k++) {
		struct metric_summary got = run_summary_at(&r, k);

		assert_true(same_summary(&got, &in[k]));
		assert_int_equal(!(r.sum[k].bits & SLOT_WIDE), k < fits);
	}
	assert_int_equal(sizeof *r.sum, 24);
	xarena_free(&arena);
}

/* Every file and directory below path an hour old: stamps the loader's
 * cache trusts at once (runcache_settled), with no wait. Touching
 * changes a file's ctime, which its stamp holds: only what changed. */
static void
settle(const char *path)
{
	char *cmd = xasprintf("find '%s' -exec touch -h -d '1 hour ago' "
	    "{} +", path);

	assert_int_equal(system(cmd), 0);
	free(cmd);
}

/* A load of the tree with the cache beside it; lazy as a build's. */
static void
load_with(struct runset *set, const struct tree *t, const char *cache,
    bool lazy)
{
	struct diags d = {.quiet = 1};

	memset(set, 0, sizeof *set);
	assert_int_equal(runset_load_cached(set, t->root, NULL, SIZE_MAX,
	    cache, NULL, NULL, lazy, &d), 0);
	assert_true(set->has_digest);
	diags_free(&d);
}

static void
assert_same_runs(const struct runset *a, const struct runset *b)
{
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->metrics.n, b->metrics.n);
	for (size_t i = 0; i < a->n; i++) {
		const struct run *x = &a->runs[i], *y = &b->runs[i];

		assert_string_equal(x->id, y->id);
		assert_int_equal(x->nsamples, y->nsamples);
		assert_int_equal(x->nsum, y->nsum);
		assert_int_equal(x->notes != NULL, y->notes != NULL);
		assert_int_equal(x->meta.n, y->meta.n);
		for (size_t k = 0; k < x->nsum; k++) {
			struct metric_summary sx = run_summary_at(x, k),
			    sy = run_summary_at(y, k);

			assert_true(same_summary(&sx, &sy));
		}
	}
}

/* A build's (lazy) load of t: it decoded n runs and keeps the others
 * undecoded when lazy, else it decoded them all. */
static void
load_lazily(struct runset *set, const struct tree *t, const char *cache,
    size_t n, bool lazy)
{
	load_with(set, t, cache, true);
	assert_int_equal(set->n, n);
	if (lazy)
		assert_non_null(set->lazy);
	else
		assert_null(set->lazy);
}

/* Decodes the runs lazy kept undecoded: they are eager's. */
static void
assert_decodes_to(struct runset *lazy, const struct runset *eager)
{
	struct diags d = {.quiet = 1};

	assert_int_equal(runset_materialise(lazy, &d), 0);
	assert_null(lazy->lazy);
	assert_same_runs(lazy, eager);
	diags_free(&d);
}

/* A build's load decodes no run the cache holds unchanged: the set has
 * the cache's digest of them and the runs undecoded (runset.lazy), and
 * runset_materialise gives the runs an eager load gives. A run the
 * cache does not keep (a directory holding one) is read beside them and
 * keeps the load lazy; a changed run makes it decode them all. The
 * digest is the same however the runs were had, and moves when one
 * changes. */
static void
test_lazy_load(void **state)
{
	struct tree *t = *state;
	char *cache = xasprintf("%s.cache", t->root), *sub;
	struct runset eager, lazy;
	uint64_t digest[2];

	put(t->run, "notes.md", "Cabled again.\n");
	settle(t->root);
	load_lazily(&eager, t, cache, 2, false);	/* no cache yet: all read */
	memcpy(digest, eager.digest, sizeof digest);

	load_lazily(&lazy, t, cache, 0, true);
	assert_memory_equal(lazy.digest, digest, sizeof digest);
	assert_decodes_to(&lazy, &eager);
	runset_free(&lazy);

	sub = xasprintf("%s/sysinfo", t->short_run);
	assert_int_equal(mkdir(sub, 0755), 0);
	put(sub, "lspci", "00:1f.2 SATA controller\n");
	settle(sub);
	/* The first load drops the run's entry from the cache. */
	load_lazily(&lazy, t, cache, 2, false);
	assert_memory_equal(lazy.digest, digest, sizeof digest);
	runset_free(&lazy);
	load_lazily(&lazy, t, cache, 1, true);
	assert_memory_equal(lazy.digest, digest, sizeof digest);
	assert_decodes_to(&lazy, &eager);
	runset_free(&lazy);
	runset_free(&eager);

	/* The run the cache does not keep changed: the digest moves. */
	put(t->short_run, "meta", "kernel: 6.1\n");
	settle(t->short_run);
	load_lazily(&lazy, t, cache, 1, true);
	assert_memory_not_equal(lazy.digest, digest, sizeof digest);
	load_with(&eager, t, cache, false);
	assert_memory_equal(eager.digest, lazy.digest, sizeof digest);
	assert_decodes_to(&lazy, &eager);
	memcpy(digest, eager.digest, sizeof digest);
	runset_free(&lazy);
	runset_free(&eager);

	/* A run the cache keeps changed: every run is decoded. */
	put(t->run, "meta", "host: beryl\nraid: 0\n");
	settle(t->run);
	load_lazily(&lazy, t, cache, 2, false);
	assert_memory_not_equal(lazy.digest, digest, sizeof digest);
	runset_free(&lazy);
	unlink(cache);
	free(cache);
	free(sub);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_summary_slots),
		cmocka_unit_test_setup_teardown(test_read_again, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_load_for_analysis, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_raw_directory, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_lazy_load, setup,
		    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
