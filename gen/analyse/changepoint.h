/* Changes across a whole series, as pure functions on an array of
 * figures in time order: the steps (binary segmentation, each split
 * tested by permuting the figures) and a slow drift of the latest
 * stretch. Used by steps.c and unit-tested on their own. */
#ifndef BENCHSITE_CHANGEPOINT_H
#define BENCHSITE_CHANGEPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cp_opts {
	double alpha;		/* level of each permutation test (0.01) */
	double min_change;	/* smallest relative step or drift (0.05) */
	size_t min_segment;	/* figures on each side of a step (3) */
	unsigned permutations;	/* per test (199) */
	uint64_t seed;		/* of the permutations: same input, same
				   answer */
};

void cp_default_opts(struct cp_opts *);

/* The figures step at index at (the first one after the step): from
 * the median before to the median after, each over the stretch up to
 * the neighbouring step. */
struct cp_step {
	size_t at;
	double before, after;
	double p;		/* permutation p-value of the split */
};

/* A steady slide over x[from..to], inclusive, of the latest stretch
 * (after the last step): the fitted line's values at both ends. */
struct cp_drift {
	size_t from, to;
	double start, end;
	double p;		/* permutation p-value of the slope */
};

#define CP_MAX_STEPS 8

struct cp_result {
	struct cp_step step[CP_MAX_STEPS];	/* by at, ascending */
	size_t nsteps;
	struct cp_drift drift;
	bool drifts;
};

/* The steps and the drift of x[0..n) (all figures > 0). A step is kept
 * when the split fits better than a straight line, the permutation test
 * finds it at o->alpha, it is at least o->min_change of the level before
 * it both over the stretches and between the few figures just before
 * and just after it (so that a slow slide is not taken for a step). A
 * stretch with no step drifts when its slope is found at o->alpha and
 * the line moves by at least o->min_change from one end to the other.
 * Cost: O(permutations x n) per stretch tested, n x log n at most;
 * scratch of O(n). */
void cp_detect(const double *x, size_t n, const struct cp_opts *o,
    struct cp_result *out);

#endif
