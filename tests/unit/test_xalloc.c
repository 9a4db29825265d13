/* Unit tests of gen/base/xalloc.c: what the arena hands out is aligned
 * as asked, never overlaps, survives a block change, and a request
 * larger than a block gets a block of its own; xasprintf makes texts of
 * any length whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

static void
test_alignment_and_content(void **state)
{
	struct xarena *a = NULL;
	char *s[5000], *first;
	double *d[5000];

	(void)state;
	/* Strings (byte-aligned) and doubles (aligned for any type)
	 * interleaved, over several 1 MiB blocks. */
	for (int i = 0; i < 5000; i++) {
		char buf[32];

		snprintf(buf, sizeof buf, "run-%d", i);
		s[i] = xarena_strdup(&a, buf);
		d[i] = xarena_alloc(&a, 25 * sizeof *d[i]);
		assert_int_equal((uintptr_t)d[i] % alignof(max_align_t), 0);
		for (int k = 0; k < 25; k++)
			d[i][k] = i + k / 100.0;
	}
	for (int i = 0; i < 5000; i++) {
		char buf[32];

		snprintf(buf, sizeof buf, "run-%d", i);
		assert_string_equal(s[i], buf);
		for (int k = 0; k < 25; k++)
			assert_true(d[i][k] == i + k / 100.0);
	}
	/* Consecutive strings sit side by side: no padding between. */
	first = xarena_strdup(&a, "ab");
	assert_ptr_equal(xarena_strdup(&a, "c"), first + 3);
	xarena_free(&a);
	assert_null(a);
}

static void
test_large_request(void **state)
{
	struct xarena *a = NULL;
	size_t big = (size_t)3 << 20;
	unsigned char *p, *q;

	(void)state;
	q = xarena_alloc(&a, 16);
	p = xarena_alloc(&a, big);
	memset(p, 0xab, big);
	memset(q, 0xcd, 16);
	assert_int_equal(p[0], 0xab);
	assert_int_equal(p[big - 1], 0xab);
	assert_int_equal(q[15], 0xcd);
	xarena_free(&a);
	xarena_free(&a);	/* an empty arena is freed as well */
}

/* Texts of every length around the one xasprintf formats into on its
 * stack come out whole. */
static void
test_asprintf_lengths(void **state)
{
	char want[2048];

	(void)state;
	for (int n = 0; n < 1200; n += n < 500 || n > 520 ? 37 : 1) {
		char *got;

		memset(want, 'x', (size_t)n);
		want[n] = '\0';
		got = xasprintf("%s|%d", want, n);
		assert_int_equal(strlen(got), (size_t)n + 1 +
		    (size_t)snprintf(NULL, 0, "%d", n));
		assert_memory_equal(got, want, (size_t)n);
		assert_int_equal(atoi(got + n + 1), n);
		free(got);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alignment_and_content),
		cmocka_unit_test(test_large_request),
		cmocka_unit_test(test_asprintf_lengths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
