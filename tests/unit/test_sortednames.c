/* Unit tests of the front-coded name set (gen/base/sortednames.c): every
 * name added is found and walked back in order, no other name is found,
 * and a name out of order or too long is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sortednames.h"
#include "base/xalloc.h"

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Checks s against the sorted, distinct names v[0..n): lookups of each
 * and of names beside each, and the walk. */
static void
check_against(const struct sorted_names *s, char **v, size_t n)
{
	char out[SORTED_NAMES_MAX + 1], probe[SORTED_NAMES_MAX + 2];
	const char *got;
	size_t at = 0, k = 0;

	assert_int_equal(s->n, n);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(v[i]);
		bool beside;

		assert_true(sorted_names_has(s, v[i]));
		/* One byte more, one less, the last one changed: found only
		 * when that name is in v too. */
		memcpy(probe, v[i], len);
		probe[len] = 'x';
		probe[len + 1] = '\0';
		beside = bsearch(&(char *){probe}, v, n, sizeof *v,
		    cmp_names) != NULL;
		assert_int_equal(sorted_names_has(s, probe), beside);
		if (len == 0)
			continue;
		probe[len - 1] = '\0';
		beside = bsearch(&(char *){probe}, v, n, sizeof *v,
		    cmp_names) != NULL;
		assert_int_equal(sorted_names_has(s, probe), beside);
		probe[len - 1] = (char)(v[i][len - 1] + 1);
		probe[len] = '\0';
		beside = bsearch(&(char *){probe}, v, n, sizeof *v,
		    cmp_names) != NULL;
		assert_int_equal(sorted_names_has(s, probe), beside);
	}
	while ((got = sorted_names_next(s, &at, out)) != NULL) {
		assert_true(k < n);
		assert_string_equal(got, v[k]);
		k++;
	}
	assert_int_equal(k, n);
}

/* A site's manifest: runs' files sharing long prefixes, over many
 * blocks, with the empty name first. */
static void
test_manifest_like(void **state)
{
	enum { RUNS = 500, PER = 4 };
	static const char *const ext[PER] = {".csv", ".html", ".json",
	    "@bonnie.txt"};
	char *v[RUNS * PER + 2];
	struct sorted_names s = {0};
	size_t n = 0;

	(void)state;
	v[n++] = xstrdup("");
	v[n++] = xstrdup(".benchsite-files");
	for (int r = 0; r < RUNS; r++)
		for (int e = 0; e < PER; e++)
			v[n++] = xasprintf("runs/host%02d--2021-%02d-%02d%s",
			    r / 50, r % 50 / 28 + 1, r % 28 + 1, ext[e]);
	qsort(v, n, sizeof *v, cmp_names);
	for (size_t i = 0; i < n; i++)
		assert_true(sorted_names_add(&s, v[i]));
	check_against(&s, v, n);
	/* Trimmed to its size, it says the same. */
	sorted_names_trim(&s);
	assert_int_equal(s.coded.cap, s.coded.n + 1);
	check_against(&s, v, n);
	/* Still refusing a name out of order; taking one after the last. */
	assert_false(sorted_names_add(&s, v[n - 2]));
	assert_true(sorted_names_add(&s, "~after"));
	assert_true(sorted_names_has(&s, "~after"));
	assert_true(sorted_names_has(&s, v[n - 1]));
	assert_false(sorted_names_has(&s, "a"));
	assert_false(sorted_names_has(&s, "zzz"));
	/* Smaller than the names as lines. */
	assert_true(s.coded.n < 20 * n);
	sorted_names_free(&s);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
}

/* Shared lengths of 255 and more take three bytes. */
static void
test_long_names(void **state)
{
	char *v[40];
	struct sorted_names s = {0};
	size_t n = 0;

	(void)state;
	for (int k = 0; k < 40; k++) {
		char *name = xmalloc(SORTED_NAMES_MAX + 1);
		size_t len = k < 20 ? 254 + (size_t)k : SORTED_NAMES_MAX - (size_t)k;

		memset(name, 'd', len);
		name[len] = '\0';
		name[len - 1] = (char)('a' + k % 20);
		v[n++] = name;
	}
	qsort(v, n, sizeof *v, cmp_names);
	for (size_t i = 0; i < n; i++)
		assert_true(sorted_names_add(&s, v[i]));
	check_against(&s, v, n);
	sorted_names_free(&s);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
}

/* Out of order, again, or too long: refused, the set as it was. */
static void
test_refused(void **state)
{
	struct sorted_names s = {0};
	char a[] = "a/b", c[] = "a/c", *huge = xmalloc(SORTED_NAMES_MAX + 2);
	char *v[] = {a, c, huge};

	(void)state;
	assert_false(sorted_names_has(&s, ""));
	assert_true(sorted_names_add(&s, "a/b"));
	assert_false(sorted_names_add(&s, "a/b"));
	assert_false(sorted_names_add(&s, "a/a"));
	assert_false(sorted_names_add(&s, ""));
	memset(huge, 'z', SORTED_NAMES_MAX + 1);
	huge[SORTED_NAMES_MAX + 1] = '\0';
	assert_false(sorted_names_add(&s, huge));
	huge[SORTED_NAMES_MAX] = '\0';
	assert_true(sorted_names_add(&s, "a/c"));
	assert_true(sorted_names_add(&s, huge));
	assert_true(sorted_names_has(&s, huge));
	check_against(&s, v, 3);
	sorted_names_free(&s);
	free(huge);
}

/* Random names of a small alphabet (many shared prefixes) against a
 * sorted array. */
static void
test_random(void **state)
{
	enum { N = 3000 };
	char *v[N];
	struct sorted_names s = {0};
	size_t n = 0;
	unsigned seed = 12345;

	(void)state;
	for (int k = 0; k < N; k++) {
		size_t len = 1 + (seed = seed * 1103515245 + 12345) % 12;
		char *name = xmalloc(len + 1);

		for (size_t c = 0; c < len; c++)
			name[c] = "ab/."[(seed = seed * 1103515245 + 12345) >>
			    16 & 3];
		name[len] = '\0';
		v[k] = name;
	}
	qsort(v, N, sizeof *v, cmp_names);
	for (size_t k = 0; k < N; k++) {
		if (n > 0 && strcmp(v[n - 1], v[k]) == 0) {
			assert_false(sorted_names_add(&s, v[k]));
			free(v[k]);
			continue;
		}
		v[n++] = v[k];
		assert_true(sorted_names_add(&s, v[k]));
	}
	check_against(&s, v, n);
	sorted_names_free(&s);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_manifest_like),
		cmocka_unit_test(test_long_names),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
