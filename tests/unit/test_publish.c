/* Unit tests of publishing (gen/site/publish.c) on sites of a few files:
 * a build that takes the previous site as its staging directory removes
 * the files that site's manifest lists and the new site does not, from
 * the manifest alone; it refuses a manifest changed since the previous
 * site was taken, and follows no line of a doctored one out of the
 * site. They work in a directory of their own under TMPDIR. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/xalloc.h"
#include "tmpdir.h"
#include "site/publish.h"

static char *top;	/* the test's directory; SITE is top/site */

static char *
at(const char *rel)
{
	return xasprintf("%s/%s", top, rel);
}

static void
write_text(const char *path, const char *text, const char *mode)
{
	FILE *f = fopen(path, mode);

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static bool
exists(const char *rel)
{
	char *p = at(rel);
	bool there = access(p, F_OK) == 0;

	free(p);
	return there;
}

/* The files of one site: written into the staging directory under
 * their directories, as a build writes them. */
static void
write_files(const struct publish *p, const char *const *files, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", p->staging, files[k]);
		char *slash = strrchr(path, '/');

		*slash = '\0';
		assert_true(mkdir(path, 0777) == 0 || errno == EEXIST);
		*slash = '/';
		write_text(path, files[k], "w");
		free(path);
	}
}

/* Begins a build of SITE (taking its previous site when there is one);
 * with had, checks that it took it. */
static void
begin(struct publish *p, bool had, struct diags *d)
{
	char *site = at("site");

	assert_int_equal(publish_begin(p, site, NULL, d), 0);
	if (had)
		assert_true(p->had);
	free(site);
}

/* A build of SITE whose new site is files[0..n), each written. */
static void
publish(const char *const *files, size_t n)
{
	struct diags d = {.quiet = 1};
	struct publish p;
	const char **written = xcalloc(n, sizeof *written);

	begin(&p, false, &d);
	write_files(&p, files, n);
	memcpy(written, files, n * sizeof *written);
	assert_int_equal(publish_commit(&p, written, n, &d), 0);
	assert_int_equal(d.n, 0);
	publish_free(&p);
	free(written);
}

static const char *const first[] = {"index.html", "runs/a.html",
    "runs/b.html", "charts/x.svg"};
static const char *const second[] = {"index.html", "runs/a.html"};

static int
setup(void **state)
{
	(void)state;
	if ((top = test_dir_make("publish")) == NULL)
		return -1;
	/* SITE is the second site, and the first is its previous site. */
	publish(first, 4);
	publish(second, 2);
	return exists(".site.prev/runs/b.html") ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	return test_dir_remove(top);
}

/* The files of the previous site that the new one does not list go;
 * the ones it lists, kept in place or written, stay. */
static void
test_stale_files_go(void **state)
{
	static const char *const third[] = {"index.html", "runs/a.html",
	    "runs/c.html"};
	struct diags d = {.quiet = 1};
	struct publish p;
	const char *written[] = {third[0], third[1], third[2]};

	(void)state;
	begin(&p, true, &d);
	write_files(&p, third + 2, 1);
	assert_int_equal(publish_commit(&p, written, 3, &d), 0);
	publish_free(&p);
	assert_int_equal(d.n, 0);
	assert_true(exists("site/index.html"));
	assert_true(exists("site/runs/a.html"));
	assert_true(exists("site/runs/c.html"));
	assert_false(exists("site/runs/b.html"));
	assert_false(exists("site/charts/x.svg"));
	assert_true(exists("site/charts"));
}

/* A manifest changed while the site was built fails the publish, and
 * SITE stays the site it was. */
static void
test_manifest_changed_while_built(void **state)
{
	struct diags d = {.quiet = 1};
	struct publish p;
	const char *written[] = {"index.html"};
	char *manifest;

	(void)state;
	begin(&p, true, &d);
	manifest = xasprintf("%s/%s", p.staging, MANIFEST);
	write_text(manifest, "runs/b.html\n", "a");
	assert_int_equal(publish_commit(&p, written, 1, &d), -1);
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].message, "changed while the site was "
	    "built"));
	publish_abort(&p);
	publish_free(&p);
	assert_true(exists("site/runs/a.html"));
	assert_false(exists("site/runs/b.html"));
	diags_free(&d);
	free(manifest);
}

/* A previous site whose manifest was edited by hand is walked before it
 * is taken (its seal no longer names that manifest); what the edit
 * added names no file to remove outside the site, and a directory it
 * names stays. */
static void
test_doctored_manifest(void **state)
{
	struct diags d = {.quiet = 1};
	struct publish p;
	const char *written[] = {"index.html"};
	char *manifest = at(".site.prev/" MANIFEST), *outside = at("outside");

	(void)state;
	write_text(outside, "mine", "w");
	write_text(manifest, "../outside\n/outside\nruns\ncharts/\n", "a");
	begin(&p, true, &d);
	assert_int_equal(publish_commit(&p, written, 1, &d), 0);
	publish_free(&p);
	assert_int_equal(d.n, 0);
	assert_true(exists("outside"));
	assert_true(exists("site/index.html"));
	assert_false(exists("site/runs/b.html"));
	assert_false(exists("site/charts/x.svg"));
	free(manifest);
	free(outside);
}

/* What path_below takes: the names a site's records may hold. */
static void
test_path_below(void **state)
{
	static const char *const good[] = {"a", "runs/a.html", "a/.b",
	    "a/..b", "...", "a/b/c"};
	static const char *const bad[] = {"", "/a", "a/", "a//b", ".", "..",
	    "./a", "a/.", "a/../b", "../a"};

	(void)state;
	for (size_t k = 0; k < sizeof good / sizeof *good; k++)
		assert_true(path_below(good[k], strlen(good[k])));
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
		assert_false(path_below(bad[k], strlen(bad[k])));
	assert_false(path_below("a\0b", 3));
	assert_true(path_below("a/bc", 3));	/* "a/b" */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_stale_files_go, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_manifest_changed_while_built, setup, teardown),
		cmocka_unit_test_setup_teardown(test_doctored_manifest, setup,
		    teardown),
		cmocka_unit_test(test_path_below),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
