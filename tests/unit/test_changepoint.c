/* Unit tests of the change points across a series
 * (gen/analyse/changepoint.c): synthetic nightly series of a block
 * write around 150 MB/s with the noise bonnie++ shows on one disk (2 to
 * 3% from night to night, now and then a night far off), with known
 * steps and drifts, each over many noise draws; and steady series that
 * must give nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>

#include "analyse/changepoint.h"

#define MAX_NIGHTS 200
#define DRAWS 20

/* A fixed generator, so that every draw of noise is the same each time. */
static uint64_t
lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005u + 1442695040888963407u;
	return *s >> 11;
}

static double
uniform(uint64_t *s)
{
	return ((double)lcg(s) + 0.5) / 9007199254740992.0;
}

/* Normal noise (Box-Muller) of relative size sd, and, when odd_ok,
 * one night in forty 15% low (a cron job on the same disk). */
static double
noisy_night(double level, double sd, uint64_t *s, bool odd_ok)
{
	double z = sqrt(-2 * log(uniform(s))) * cos(6.283185307179586 *
	    uniform(s));

	if (uniform(s) < 0.025 && odd_ok)
		return level * 0.85;
	return level * (1 + sd * z);
}

static double
noisy(double level, double sd, uint64_t *s)
{
	return noisy_night(level, sd, s, true);
}

/* n nights at 150, from night at on at 150 x (1 + step), sliding by
 * slope (relative) a night. */
static void
series(double *x, size_t n, size_t at, double step, double slope, double sd,
    uint64_t seed)
{
	uint64_t s = seed * 2654435761u + 1;

	for (size_t k = 0; k < n; k++) {
		double level = 150 * (1 + slope * (double)k);

		if (k >= at)
			level *= 1 + step;
		/* A low night just before a step down would be its first
		 * night in the figures: no one could tell them apart. */
		x[k] = noisy_night(level, sd, &s, k + 1 != at);
	}
}

static struct cp_result
detect(const double *x, size_t n)
{
	struct cp_opts o;
	struct cp_result r;

	cp_default_opts(&o);
	cp_detect(x, n, &o, &r);
	return r;
}

static void
test_step_down_found_at_its_night(void **state)
{
	double x[MAX_NIGHTS];

	(void)state;
	for (uint64_t d = 0; d < DRAWS; d++) {
		struct cp_result r;

		series(x, 40, 17, -0.15, 0, 0.025, d);
		r = detect(x, 40);
		assert_int_equal(r.nsteps, 1);
		assert_int_equal(r.step[0].at, 17);
		assert_true(r.step[0].after < r.step[0].before * 0.9);
		assert_true(r.step[0].p <= 0.01);
		assert_false(r.drifts);
	}
}

static void
test_small_step_above_noise_found(void **state)
{
	double x[MAX_NIGHTS];

	(void)state;
	/* 8% down under 2% noise: well clear of it over 15 nights. */
	for (uint64_t d = 0; d < DRAWS; d++) {
		struct cp_result r;

		series(x, 30, 15, -0.08, 0, 0.02, d + 100);
		r = detect(x, 30);
		assert_int_equal(r.nsteps, 1);
		assert_in_range(r.step[0].at, 14, 16);
	}
}

static void
test_two_steps(void **state)
{
	double x[MAX_NIGHTS];
	uint64_t s = 7;

	(void)state;
	/* Down 20% at night 20, back up at night 45. */
	for (size_t k = 0; k < 70; k++)
		x[k] = noisy(k >= 20 && k < 45 ? 120 : 150, 0.02, &s);
	{
		struct cp_result r = detect(x, 70);

		assert_int_equal(r.nsteps, 2);
		assert_int_equal(r.step[0].at, 20);
		assert_int_equal(r.step[1].at, 45);
		assert_true(r.step[0].after < r.step[0].before);
		assert_true(r.step[1].after > r.step[1].before);
	}
}

/* Two steps down in a row fit a straight line about as well as either
 * step alone: eight noisy nights near 80k IOPS, a kernel (70k), a
 * firmware (58k). Both are found, the first where the noise lets its
 * runs show it (a night at 70k came two before the kernel). */
static void
test_staircase_is_two_steps(void **state)
{
	static const double x[] = {82842, 70356, 81468, 78606, 81404, 80178,
	    69604, 75901, 69765, 69464, 69857, 69681, 69909, 69909, 69933,
	    69956, 57748, 57964, 57945, 57906, 57850, 57925, 57870, 57974};
	struct cp_result r;

	(void)state;
	r = detect(x, sizeof x / sizeof *x);
	assert_int_equal(r.nsteps, 2);
	assert_in_range(r.step[0].at, 6, 8);
	assert_int_equal(r.step[1].at, 16);
	assert_true(r.step[0].after < r.step[0].before * 0.9);
	assert_true(r.step[1].after < r.step[1].before * 0.9);
}

static void
test_drift_is_no_step(void **state)
{
	double x[MAX_NIGHTS];

	(void)state;
	/* 0.4% a night over 60 nights, under 2.5% noise: never one night
	 * far enough from the one before to stand out, but 24% in all. */
	for (uint64_t d = 0; d < DRAWS; d++) {
		struct cp_result r;

		series(x, 60, 60, 0, -0.004, 0.025, d + 200);
		r = detect(x, 60);
		assert_int_equal(r.nsteps, 0);
		assert_true(r.drifts);
		assert_int_equal(r.drift.from, 0);
		assert_int_equal(r.drift.to, 59);
		assert_true(r.drift.end < r.drift.start * 0.85);
	}
}

static void
test_drift_after_step(void **state)
{
	double x[MAX_NIGHTS];
	uint64_t s = 11;

	(void)state;
	/* Steady, a 25% drop at night 30, then a slide of 0.5% a night. */
	for (size_t k = 0; k < 90; k++)
		x[k] = noisy(k < 30 ? 150 : 112 * (1 - 0.005 * (double)(k -
		    30)), 0.015, &s);
	{
		struct cp_result r = detect(x, 90);

		assert_true(r.nsteps >= 1);
		assert_int_equal(r.step[0].at, 30);
		assert_true(r.drifts);
		assert_true(r.drift.from >= 30);
		assert_int_equal(r.drift.to, 89);
	}
}

static void
test_steady_nights_give_nothing(void **state)
{
	double x[MAX_NIGHTS];

	(void)state;
	for (uint64_t d = 0; d < 50; d++) {
		struct cp_result r;

		series(x, 100, 100, 0, 0, 0.03, d + 300);
		r = detect(x, 100);
		assert_int_equal(r.nsteps, 0);
		assert_false(r.drifts);
	}
}

static void
test_step_below_minimum_ignored(void **state)
{
	double x[MAX_NIGHTS];

	(void)state;
	/* 3% down with 0.5% noise is real, but smaller than the 5% that
	 * counts. */
	for (uint64_t d = 0; d < DRAWS; d++) {
		struct cp_result r;

		series(x, 50, 25, -0.03, 0, 0.005, d + 400);
		r = detect(x, 50);
		assert_int_equal(r.nsteps, 0);
	}
}

static void
test_same_input_same_answer(void **state)
{
	double x[MAX_NIGHTS];
	struct cp_result a, b;

	(void)state;
	series(x, 200, 120, -0.06, 0, 0.03, 500);
	a = detect(x, 200);
	b = detect(x, 200);
	assert_int_equal(a.nsteps, b.nsteps);
	for (size_t k = 0; k < a.nsteps; k++) {
		assert_int_equal(a.step[k].at, b.step[k].at);
		assert_true(a.step[k].p == b.step[k].p);
	}
}

static void
test_short_and_empty(void **state)
{
	double x[] = {150, 100};
	struct cp_result r;

	(void)state;
	r = detect(x, 0);
	assert_int_equal(r.nsteps, 0);
	r = detect(x, 2);
	assert_int_equal(r.nsteps, 0);
	assert_false(r.drifts);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_down_found_at_its_night),
		cmocka_unit_test(test_small_step_above_noise_found),
		cmocka_unit_test(test_two_steps),
		cmocka_unit_test(test_staircase_is_two_steps),
		cmocka_unit_test(test_drift_is_no_step),
		cmocka_unit_test(test_drift_after_step),
		cmocka_unit_test(test_steady_nights_give_nothing),
		cmocka_unit_test(test_step_below_minimum_ignored),
		cmocka_unit_test(test_same_input_same_answer),
		cmocka_unit_test(test_short_and_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
