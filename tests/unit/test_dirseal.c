/* Unit tests of sealed directories (gen/site/dirseal.c): a seal holds
 * while no entry of a sealed directory is added, removed or renamed and
 * the directories are the same ones; a record that is not whole is no
 * record. They work in a directory of their own under TMPDIR. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "site/dirseal.h"
#include "base/xalloc.h"
#include "tmpdir.h"

static char *top;	/* the test's directory; SITE is top/site */

static char *
at(const char *rel)
{
	return xasprintf("%s/%s", top, rel);
}

static void
make_dir(const char *rel)
{
	char *p = at(rel);

	assert_int_equal(mkdir(p, 0777), 0);
	free(p);
}

static void
write_text(const char *rel, const char *text)
{
	char *p = at(rel);
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(p);
}

static int
setup(void **state)
{
	(void)state;
	if ((top = test_dir_make("dirseal")) == NULL)
		return -1;
	make_dir("site");
	make_dir("site/runs");
	make_dir("site/runs/deep");
	make_dir("site/charts");
	write_text("site/index.html", "x");
	write_text("site/runs/a.html", "x");
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	return test_dir_remove(top);
}

static const char *const site_dirs[] = {".", "charts", "runs", "runs/deep"};
#define NDIRS (sizeof site_dirs / sizeof *site_dirs)

/* Seals site and writes its record as SITE's. */
static void
seal_site(struct dir_seal rec[SEAL_N])
{
	char *site = at("site");

	memset(rec, 0, SEAL_N * sizeof *rec);
	seal_dirs(site, site_dirs, NDIRS, &rec[SEAL_SITE]);
	assert_int_equal(rec[SEAL_SITE].n, NDIRS);
	/* publish.c puts its manifest's digest there: all 64 bits. */
	rec[SEAL_SITE].manifest = 0x8000000000000001u;
	seal_write(site, rec);
	free(site);
}

static bool
site_holds(void)
{
	struct dir_seal rec[SEAL_N];
	char *site = at("site");
	bool holds;

	seal_read(site, rec);
	holds = seal_holds(site, &rec[SEAL_SITE]);
	assert_int_equal(rec[SEAL_PREV].n, 0);
	seal_free(&rec[SEAL_SITE]);
	seal_free(&rec[SEAL_PREV]);
	free(site);
	return holds;
}

/* The record reads back as written; t0 is whole, even and in the past. */
static void
test_round_trip(void **state)
{
	struct dir_seal rec[SEAL_N], back[SEAL_N];
	char *site = at("site");
	struct stat st;

	(void)state;
	seal_site(rec);
	assert_true(rec[SEAL_SITE].t0 % 2 == 0);
	assert_true(rec[SEAL_SITE].t0 <= (long long)time(NULL) - 4);
	seal_read(site, back);
	assert_int_equal(back[SEAL_SITE].n, NDIRS);
	assert_int_equal(back[SEAL_SITE].t0, rec[SEAL_SITE].t0);
	assert_int_equal(back[SEAL_SITE].manifest, 0x8000000000000001u);
	for (size_t k = 0; k < NDIRS; k++) {
		assert_string_equal(back[SEAL_SITE].rel[k], site_dirs[k]);
		assert_int_equal(back[SEAL_SITE].ino[k],
		    rec[SEAL_SITE].ino[k]);
	}
	assert_int_equal(back[SEAL_PREV].n, 0);
	assert_int_equal(stat(site, &st), 0);
	assert_int_equal(st.st_mtim.tv_sec, rec[SEAL_SITE].t0);
	assert_true(seal_holds(site, &back[SEAL_SITE]));
	for (int k = 0; k < SEAL_N; k++) {
		seal_free(&rec[k]);
		seal_free(&back[k]);
	}
	free(site);
}

/* Writing into a file, or reading it, leaves the seal; adding, removing
 * or renaming an entry at any depth breaks it. */
static void
test_changes(void **state)
{
	struct dir_seal rec[SEAL_N];
	char *a = at("site/runs/a.html"), *b = at("site/runs/b.html");
	char *fresh = at("site/runs/deep/new.html");
	char *link = at("site/charts/link");

	(void)state;
	seal_site(rec);
	write_text("site/runs/a.html", "changed in place");
	assert_true(site_holds());
	write_text("site/runs/deep/new.html", "x");
	assert_false(site_holds());
	seal_free(&rec[SEAL_SITE]);

	seal_site(rec);
	assert_int_equal(unlink(fresh), 0);
	assert_false(site_holds());
	seal_free(&rec[SEAL_SITE]);

	seal_site(rec);
	assert_int_equal(rename(a, b), 0);
	assert_false(site_holds());
	seal_free(&rec[SEAL_SITE]);

	seal_site(rec);
	assert_int_equal(symlink("../runs", link), 0);
	assert_false(site_holds());
	seal_free(&rec[SEAL_SITE]);
	free(a);
	free(b);
	free(fresh);
	free(link);
}

/* Another directory in SITE's place, with the very times, is not the
 * one sealed. */
static void
test_other_directory(void **state)
{
	struct dir_seal rec[SEAL_N];
	char *site = at("site"), *was = at("was");
	const struct timespec times[2] = {{0, UTIME_OMIT}, {0, 0}};
	struct timespec t[2];

	(void)state;
	seal_site(rec);
	assert_int_equal(rename(site, was), 0);
	make_dir("site");
	for (size_t k = 1; k < NDIRS; k++) {
		char *rel = xasprintf("site/%s", site_dirs[k]);

		make_dir(rel);
		free(rel);
	}
	memcpy(t, times, sizeof t);
	t[1].tv_sec = (time_t)rec[SEAL_SITE].t0;
	for (size_t k = NDIRS; k-- > 0;) {
		char *p = xasprintf("%s/%s", site, site_dirs[k]);

		assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
		free(p);
	}
	assert_false(site_holds());
	seal_free(&rec[SEAL_SITE]);
	free(site);
	free(was);
}

/* A record cut short, with a line of its own added, or with a bad
 * number is no record at all. */
static void
test_damaged_records(void **state)
{
	/* The first line, and the record of a previous site of nothing. */
#define HEAD "benchsite sealed directories 2\n"
#define NO_PREV "prev 0 0 0000000000000000\n"
	static const char *const damaged[] = {
		"",
		HEAD,
		"benchsite sealed directories 3\nsite 10 1 00000000000000d1\n"
		    "5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 00000000000000d1\n5 .\n" NO_PREV,
		HEAD "site 10 1 00000000000000d1\n5 .\n" NO_PREV "end\nx\n",
		HEAD "site 10 2 00000000000000d1\n5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 00000000000000d1\nx .\n" NO_PREV "end\n",
		HEAD "site ten 1 00000000000000d1\n5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 00000000000000d1\n5 \n" NO_PREV "end\n",
		HEAD NO_PREV "site 10 1 00000000000000d1\n5 .\nend\n",
		/* The digest of the site's manifest: none (a record of the
		 * first layout), short, long, or written otherwise than
		 * seal_write writes it. */
		"benchsite sealed directories 1\nsite 10 1\n5 .\nprev 0 0\n"
		    "end\n",
		HEAD "site 10 1\n5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 d1\n5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 000000000000000d1\n5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 00000000000000D1\n5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 0x000000000000d1\n5 .\n" NO_PREV "end\n",
		HEAD "site 10 1 +00000000000000d\n5 .\n" NO_PREV "end\n",
		/* Names not as seal_dirs makes them, unsorted, twice, or
		 * without the site itself. */
		HEAD "site 10 2 00000000000000d1\n5 .\n6 ./runs\n" NO_PREV
		    "end\n",
		HEAD "site 10 2 00000000000000d1\n5 .\n6 runs/\n" NO_PREV
		    "end\n",
		HEAD "site 10 2 00000000000000d1\n5 .\n6 a//b\n" NO_PREV
		    "end\n",
		HEAD "site 10 2 00000000000000d1\n5 .\n6 ../x\n" NO_PREV
		    "end\n",
		HEAD "site 10 2 00000000000000d1\n5 .\n6 /x\n" NO_PREV "end\n",
		HEAD "site 10 3 00000000000000d1\n5 .\n6 runs\n7 charts\n"
		    NO_PREV "end\n",
		HEAD "site 10 3 00000000000000d1\n5 .\n6 runs\n7 runs\n"
		    NO_PREV "end\n",
		HEAD "site 10 1 00000000000000d1\n6 runs\n" NO_PREV "end\n",
	};
	struct dir_seal rec[SEAL_N];
	char *site = at("site");

	(void)state;
	write_text(".site.dirs", HEAD "site 10 1 00000000000000d1\n5 .\n"
	    "prev 12 2 fedcba9876543210\n6 .\n7 runs\nend\n");
	seal_read(site, rec);
	assert_int_equal(rec[SEAL_SITE].n, 1);
	assert_int_equal(rec[SEAL_SITE].ino[0], 5);
	assert_int_equal(rec[SEAL_PREV].n, 2);
	assert_string_equal(rec[SEAL_PREV].rel[1], "runs");
	assert_int_equal(rec[SEAL_PREV].t0, 12);
	assert_int_equal(rec[SEAL_SITE].manifest, 0xd1);
	assert_int_equal(rec[SEAL_PREV].manifest, 0xfedcba9876543210);
	seal_free(&rec[SEAL_SITE]);
	seal_free(&rec[SEAL_PREV]);
	for (size_t k = 0; k < sizeof damaged / sizeof *damaged; k++) {
		write_text(".site.dirs", damaged[k]);
		seal_read(site, rec);
		assert_int_equal(rec[SEAL_SITE].n, 0);
		assert_int_equal(rec[SEAL_PREV].n, 0);
		assert_false(seal_holds(site, &rec[SEAL_SITE]));
	}
	free(site);
#undef HEAD
#undef NO_PREV
}

/* A record that leaves a directory out does not hold, where the file
 * system counts a directory's subdirectories in its links (btrfs does
 * not: there this cannot be told). */
static void
test_record_leaves_one_out(void **state)
{
	struct dir_seal rec[SEAL_N], part;
	char *site = at("site");
	struct stat st;

	(void)state;
	seal_site(rec);
	assert_int_equal(stat(site, &st), 0);
	if (st.st_nlink < 2) {
		seal_free(&rec[SEAL_SITE]);
		free(site);
		skip();
	}
	part = rec[SEAL_SITE];
	part.n = 2;	/* "." and "charts": "runs" left out */
	assert_false(seal_holds(site, &part));
	part.n = NDIRS - 1;	/* "runs/deep" left out */
	assert_false(seal_holds(site, &part));
	assert_true(seal_holds(site, &rec[SEAL_SITE]));
	/* And sealing only some gives no record. */
	seal_dirs(site, site_dirs, 2, &part);
	assert_int_equal(part.n, 0);
	seal_free(&rec[SEAL_SITE]);
	free(site);
}

/* A name with a newline cannot be recorded: no seal, no record. */
static void
test_unrecordable_name(void **state)
{
	static const char *const dirs[] = {".", "odd\nname"};
	struct dir_seal r;
	char *site = at("site");

	(void)state;
	make_dir("site/odd\nname");
	seal_dirs(site, dirs, 2, &r);
	assert_int_equal(r.n, 0);
	free(site);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_round_trip, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_changes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_other_directory, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_damaged_records, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_record_leaves_one_out,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_unrecordable_name, setup,
		    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
