/* Unit tests of gen/base/twothreads.c: sort_two gives qsort's order,
 * below and above the size where it splits, and of two elements the
 * comparison finds equal puts the first half's first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/twothreads.h"
#include "base/xalloc.h"

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A key and where it came from: only the key is compared. */
struct item {
	unsigned key, at;
};

static int
cmp_key(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	return (x->key > y->key) - (x->key < y->key);
}

/* Paths like a site's, in a shuffled order: sorted as qsort sorts them,
 * for counts around the split. */
static void
test_names_as_qsort(void **state)
{
	static const size_t counts[] = {0, 1, 2, 4095, 4096, 4097, 50001};

	(void)state;
	srand(7);
	for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
		size_t n = counts[c];
		char **v = xcalloc(n + 1, sizeof *v), **w = xcalloc(n + 1,
		    sizeof *w);

		for (size_t i = 0; i < n; i++)
			v[i] = xasprintf("%s/h%02d--2021-%05zu.%s", rand() % 2 ?
			    "runs" : "compare", rand() % 50, (size_t)rand() %
			    100000, rand() % 3 ? "html" : "csv");
		memcpy(w, v, n * sizeof *v);
		qsort(w, n, sizeof *w, cmp_names);
		sort_two(v, n, sizeof *v, cmp_names);
		for (size_t i = 0; i < n; i++)
			assert_string_equal(v[i], w[i]);
		for (size_t i = 0; i < n; i++)
			free(v[i]);
		free(v);
		free(w);
	}
}

/* Each key once in each half, shuffled: of two equal ones, the first
 * half's comes first (qsort keeps no order of equal ones it is sure of,
 * so no key is twice in one half). */
static void
test_ties_first_half_first(void **state)
{
	size_t m = 20000, n = 2 * m;
	struct item *v = xcalloc(n, sizeof *v);

	(void)state;
	srand(11);
	for (size_t i = 0; i < n; i++)
		v[i] = (struct item){(unsigned)(i % m), i < m ? 0 : 1};
	for (size_t h = 0; h < 2; h++)
		for (size_t i = m - 1; i > 0; i--) {
			size_t j = (size_t)rand() % (i + 1);
			struct item t = v[h * m + i];

			v[h * m + i] = v[h * m + j];
			v[h * m + j] = t;
		}
	sort_two(v, n, sizeof *v, cmp_key);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(v[i].key, i / 2);
		assert_int_equal(v[i].at, i % 2);
	}
	free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_as_qsort),
		cmocka_unit_test(test_ties_first_half_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
