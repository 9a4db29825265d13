/* Unit tests of the analysis' statistics (gen/analyse/rank.c): known samples,
 * known p-values (checked by counting every split of the ranks, which is
 * what R's wilcox.test with exact = TRUE does) and noise fences. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "analyse/rank.h"

#define CLOSE(x, y) assert_true(fabs((x) - (y)) < 1e-4)

static void
test_separated_samples(void **state)
{
	double a[] = {1, 2, 3}, b[] = {4, 5, 6};
	double c[] = {1, 2, 3, 4}, d[] = {5, 6, 7, 8};
	double e[] = {10, 11, 12, 13, 14}, f[] = {1, 2, 3, 4, 5};

	(void)state;
	CLOSE(rank_test_p(a, 3, b, 3), 0.1);		/* 2 / C(6,3) */
	CLOSE(rank_test_p(c, 4, d, 4), 2.0 / 70);
	CLOSE(rank_test_p(e, 5, f, 5), 2.0 / 252);	/* direction free */
}

static void
test_overlapping_samples(void **state)
{
	/* R: wilcox.test(c(1,3,5,7,9), c(2,4,6,8,10))$p.value = 0.6905 */
	double a[] = {1, 3, 5, 7, 9}, b[] = {2, 4, 6, 8, 10};
	/* R: wilcox.test(c(1,2,4), c(3,5,6))$p.value = 0.2 */
	double c[] = {1, 2, 4}, d[] = {3, 5, 6};

	(void)state;
	CLOSE(rank_test_p(a, 5, b, 5), 0.690476);
	CLOSE(rank_test_p(c, 3, d, 3), 0.2);
}

static void
test_ties_and_empty(void **state)
{
	double a[] = {5, 5, 5}, b[] = {5, 5, 5}, c[] = {1};

	(void)state;
	CLOSE(rank_test_p(a, 3, b, 3), 1);
	CLOSE(rank_test_p(a, 3, c, 0), 1);
}

static void
test_large_samples_use_normal_approximation(void **state)
{
	double a[40], b[40];

	(void)state;
	for (int i = 0; i < 40; i++) {
		a[i] = i;
		b[i] = i + 0.5;	/* interleaved: no difference */
	}
	assert_true(rank_test_p(a, 40, b, 40) > 0.5);
	for (int i = 0; i < 40; i++)
		b[i] = i + 20;	/* shifted by half the range */
	assert_true(rank_test_p(a, 40, b, 40) < 0.001);
}

static void
test_min_p(void **state)
{
	(void)state;
	CLOSE(rank_test_min_p(3, 3), 0.1);	/* cannot reach 5% */
	CLOSE(rank_test_min_p(4, 4), 2.0 / 70);
	CLOSE(rank_test_min_p(3, 4), 2.0 / 35);
	CLOSE(rank_test_min_p(1, 1), 1);
}

static void
test_noise_fence(void **state)
{
	double v[] = {0.01, 0.02, 0.03, 0.02, 0.02};
	double w[] = {0.04};

	(void)state;
	/* Q1 0.02, Q3 0.02: the fence is Q3 when the changes agree. */
	CLOSE(rank_noise_fence(v, 5), 0.02);
	CLOSE(rank_noise_fence(w, 1), 0.04);
	double x[] = {0.01, 0.02, 0.03, 0.04};	/* Q1 .0175 Q3 .0325 */

	CLOSE(rank_noise_fence(x, 4), 0.0325 + 1.5 * 0.015);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_separated_samples),
		cmocka_unit_test(test_overlapping_samples),
		cmocka_unit_test(test_ties_and_empty),
		cmocka_unit_test(test_large_samples_use_normal_approximation),
		cmocka_unit_test(test_min_p),
		cmocka_unit_test(test_noise_fence),
	};

	return cmocka_run_group_tests_name("rank", tests, NULL, NULL);
}
