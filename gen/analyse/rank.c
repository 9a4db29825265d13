/* Rank test and noise fence; see rank.h. */
#include "analyse/rank.h"
#include "model/stats.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>

#define EXACT_LIMIT 30

double
rank_test_min_p(size_t na, size_t nb)
{
	double c = 1;

	/* C(na + nb, na), built up without overflow for our sizes. */
	for (size_t k = 1; k <= na; k++)
		c = c * (double)(nb + k) / (double)k;
	return fmin(1, 2 / c);
}

/* Mid-ranks (1-based, ties share their mean rank) of the pooled samples
 * into rank[]; returns the sum of ranks of the first na values and sets
 * *ties to sum(t^3 - t) over tied groups. */
static double
pooled_ranks(const double *a, size_t na, const double *b, size_t nb,
    double *rank, double *ties)
{
	size_t n = na + nb;
	double *sorted = xmalloc(n * sizeof *sorted), sum = 0;

	for (size_t i = 0; i < n; i++)
		sorted[i] = i < na ? a[i] : b[i - na];
	stats_sort(sorted, n);
	*ties = 0;
	for (size_t i = 0; i < n; i++) {
		double v = i < na ? a[i] : b[i - na];
		size_t lo = 0, hi = n;

		/* first index >= v, first index > v */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (sorted[mid] < v)
				lo = mid + 1;
			else
				hi = mid;
		}
		hi = lo;
		while (hi < n && sorted[hi] == v)
			hi++;
		rank[i] = (double)(lo + 1 + hi) / 2;
		if (i < na)
			sum += rank[i];
	}
	for (size_t i = 0; i < n; ) {
		size_t j = i;

		while (j < n && sorted[j] == sorted[i])
			j++;
		*ties += pow((double)(j - i), 3) - (double)(j - i);
		i = j;
	}
	free(sorted);
	return sum;
}

/* Exact two-sided p: the share of all ways to pick na of the pooled
 * (mid-)ranks whose sum is at least as far from the mean as observed.
 * Ranks are doubled to stay whole numbers. */
static double
exact_p(const double *rank, size_t na, size_t n, double observed)
{
	size_t maxsum = 0;
	double mean = na * (double)(n + 1) / 2, dev = fabs(observed - mean);
	double total = 0, extreme = 0, *ways;
	size_t *r2 = xmalloc(n * sizeof *r2);

	for (size_t i = 0; i < n; i++) {
		r2[i] = (size_t)llround(rank[i] * 2);
		maxsum += r2[i];
	}
	/* ways[k][s]: subsets of size k with doubled rank sum s. */
	ways = xcalloc((na + 1) * (maxsum + 1), sizeof *ways);
	ways[0] = 1;
	for (size_t i = 0; i < n; i++)
		for (size_t k = (i + 1 < na ? i + 1 : na); k >= 1; k--)
			for (size_t s = maxsum; s >= r2[i]; s--) {
				ways[k * (maxsum + 1) + s] +=
				    ways[(k - 1) * (maxsum + 1) + s - r2[i]];
				if (s == r2[i])
					break;
			}
	for (size_t s = 0; s <= maxsum; s++) {
		double w = ways[na * (maxsum + 1) + s];

		total += w;
		if (fabs((double)s / 2 - mean) >= dev - 1e-9)
			extreme += w;
	}
	free(ways);
	free(r2);
	return total > 0 ? fmin(1, extreme / total) : 1;
}

double
rank_test_p(const double *a, size_t na, const double *b, size_t nb)
{
	size_t n = na + nb;
	double *rank, ties, sum, p;

	if (na == 0 || nb == 0)
		return 1;
	rank = xmalloc(n * sizeof *rank);
	sum = pooled_ranks(a, na, b, nb, rank, &ties);
	if (n <= EXACT_LIMIT) {
		p = exact_p(rank, na, n, sum);
	} else {
		double u = sum - na * (double)(na + 1) / 2;
		double mu = na * (double)nb / 2;
		double var = na * (double)nb / 12 *
		    ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
		double z = var > 0 ? (fabs(u - mu) - 0.5) / sqrt(var) : 0;

		p = var > 0 ? erfc(fmax(z, 0) / sqrt(2)) : 1;
	}
	free(rank);
	return p;
}

double
rank_noise_fence(double *v, size_t n)
{
	double q1, q3;

	stats_sort(v, n);
	/* Quartiles by linear interpolation between closest ranks. */
	double pos1 = 0.25 * (double)(n - 1), pos3 = 0.75 * (double)(n - 1);
	size_t i1 = (size_t)pos1, i3 = (size_t)pos3;

	q1 = v[i1] + (i1 + 1 < n ? (pos1 - (double)i1) * (v[i1 + 1] - v[i1]) : 0);
	q3 = v[i3] + (i3 + 1 < n ? (pos3 - (double)i3) * (v[i3 + 1] - v[i3]) : 0);
	return q3 + 1.5 * (q3 - q1);
}
