/* The statistics of the analysis, as pure functions: the Mann-Whitney U
 * rank test and the noise fence over earlier changes. Used by change.c
 * and unit-tested on their own. */
#ifndef BENCHSITE_RANK_H
#define BENCHSITE_RANK_H

#include <stddef.h>

/* Two-sided p-value of the Mann-Whitney U test of a[0..na) against
 * b[0..nb): exact (ties by mid-ranks, counted over all rank splits) when
 * na + nb <= 30, else the normal approximation with tie and continuity
 * corrections. Returns 1 when either side is empty. */
double rank_test_p(const double *a, size_t na, const double *b, size_t nb);

/* The smallest two-sided p-value the test can give with na and nb
 * samples (2 / C(na + nb, na)): with 3 against 3 it is 0.1, so such a
 * test can never reach the 5% level. */
double rank_test_min_p(size_t na, size_t nb);

/* The upper Tukey fence Q3 + 1.5 IQR of v[0..n) (sorted in place), the
 * limit of run-to-run noise seen so far; n must be > 0. */
double rank_noise_fence(double *v, size_t n);

#endif
