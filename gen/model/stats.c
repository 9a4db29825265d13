/* Per-run summaries; see stats.h. */
#include "model/stats.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const struct metric_summary summary_not_run = {
	.latency_us = -1, .cpu = -1, .state = VS_NOT_RUN,
};

/* x as v / 10^*e, exactly, for the smallest e of 0 to 3: false when
 * none gives it (division is correctly rounded, as reading the figure
 * was, so a figure read as "245.3" is 2453 / 10 again). */
static bool
exact_decimal(double x, int32_t *v, unsigned *e)
{
	for (unsigned k = 0; k < 4; k++) {
		double m = nearbyint(x * summary_scale[k]);

		if (fabs(m) <= INT32_MAX && m / summary_scale[k] == x &&
		    !(m == 0 && signbit(x))) {
			*v = (int32_t)m;
			*e = k;
			return true;
		}
	}
	return false;
}

/* s into slot t; false when it does not fit one exactly. */
static bool
summary_pack(const struct metric_summary *s, struct summary_slot *t)
{
	const double v[4] = {s->median, s->min, s->max, s->latency_us};
	unsigned bits = 0, e;

	for (int k = 0; k < 4; k++) {
		if (!exact_decimal(v[k], &t->v[k], &e))
			return false;
		bits |= e << (2 * k);
	}
	if (s->n < 0 || s->n > UINT16_MAX || s->n_too_fast < 0 ||
	    s->n_too_fast > UINT8_MAX || s->n_invalid < 0 ||
	    s->n_invalid > UINT8_MAX || s->cpu < INT16_MIN ||
	    s->cpu > INT16_MAX || (unsigned)s->state > 3)
		return false;
	t->n = (uint16_t)s->n;
	t->n_too_fast = (uint8_t)s->n_too_fast;
	t->n_invalid = (uint8_t)s->n_invalid;
	t->cpu = (int16_t)s->cpu;
	t->bits = (uint16_t)(bits | (unsigned)s->state << SLOT_STATE_SHIFT |
	    (s->approx ? SLOT_APPROX : 0));
	return true;
}

void
run_keep_summaries(struct run *r, const struct metric_summary *sum,
    size_t n, struct xarena **arena)
{
	size_t nwide = 0;

	r->sum = xarena_alloc(arena, (n ? n : 1) * sizeof *r->sum);
	r->wide = NULL;
	for (size_t k = 0; k < n; k++)
		nwide += !summary_pack(&sum[k], &r->sum[k]);
	if (nwide == 0)
		return;
	r->wide = xarena_alloc(arena, nwide * sizeof *r->wide);
	nwide = 0;
	for (size_t k = 0; k < n; k++)
		if (!summary_pack(&sum[k], &r->sum[k])) {
			memset(&r->sum[k], 0, sizeof r->sum[k]);
			r->sum[k].v[0] = (int32_t)nwide;
			r->sum[k].bits = SLOT_WIDE;
			r->wide[nwide++] = sum[k];
		}
}

long
run_metric_slot(const struct run *r, int m)
{
	size_t lo = 0, hi = r->nsum;

	if (r->sum_ids == NULL)
		return m >= 0 && (uint32_t)m < r->nsum ? m : -1;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (r->sum_ids[mid] < m)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->nsum && r->sum_ids[lo] == m ? (long)lo : -1;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
stats_sort(double *v, size_t n)
{
	if (n > 32) {
		qsort(v, n, sizeof *v, cmp_double);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		double x = v[i];
		size_t j = i;

		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Puts the k-th smallest of v[0..n) at v[k], none after it smaller and
 * none before it larger (Hoare's selection): a series' median of 2 000
 * latencies without sorting them. */
static void
select_kth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n;	/* v[k] belongs in v[lo..hi) */

	while (hi - lo > 32) {
		double a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi - 1];
		double p = a < b ? (b < c ? b : a < c ? c : a) :
		    (a < c ? a : b < c ? c : b);
		size_t i = lo, j = hi - 1;

		for (;;) {
			while (v[i] < p)
				i++;
			while (v[j] > p)
				j--;
			if (i >= j)
				break;
			double t = v[i];

			v[i++] = v[j];
			v[j--] = t;
		}
		/* v[lo..j] are not above p, v[j+1..hi) not below it. */
		if (j + 1 >= hi)
			break;	/* no progress (a NaN): sorted below */
		if (k <= j)
			hi = j + 1;
		else
			lo = j + 1;
	}
	stats_sort(v + lo, hi - lo);
}

double
stats_median(double *v, size_t n)
{
	double below;

	select_kth(v, n, n / 2);
	if (n % 2)
		return v[n / 2];
	below = v[0];	/* the largest before the middle */
	for (size_t k = 1; k < n / 2; k++)
		if (v[k] > below)
			below = v[k];
	return (below + v[n / 2]) / 2;
}

static void
summarise_metric(const struct results *rs, enum metric_id id,
    struct metric_summary *s, double *vals, double *cpus, double *lats)
{
	size_t ncpu = 0, nlat = 0;

	s->n = s->n_too_fast = s->n_invalid = 0;
	s->approx = false;
	for (size_t i = 0; i < rs->n; i++) {
		const struct measure *m = &rs->v[i].m[id];

		if (m->state == VS_OK) {
			vals[s->n++] = m->value;
			s->approx |= m->approx;
		}
		s->n_too_fast += m->state == VS_TOO_FAST;
		s->n_invalid += m->state == VS_INVALID;
		if (m->cpu >= 0)
			cpus[ncpu++] = m->cpu;
		if (m->latency_us >= 0)
			lats[nlat++] = m->latency_us;
	}
	s->state = s->n > 0 ? VS_OK : s->n_too_fast > 0 ? VS_TOO_FAST :
	    s->n_invalid > 0 ? VS_INVALID : VS_NOT_RUN;
	s->median = s->min = s->max = 0;
	if (s->n > 0) {
		s->median = stats_median(vals, (size_t)s->n);
		s->min = vals[0];
		s->max = vals[s->n - 1];
	}
	s->cpu = ncpu ? (int)(stats_median(cpus, ncpu) + 0.5) : -1;
	s->latency_us = nlat ? stats_median(lats, nlat) : -1;
}

void
stats_figures(double *v, size_t n, struct metric_summary *s)
{
	*s = summary_not_run;
	s->n = (int)n;
	if (n == 0)
		return;
	s->state = VS_OK;
	s->median = stats_median(v, n);
	s->min = v[0];
	s->max = v[n - 1];
}

void
stats_run(const struct run *run, struct metric_summary *out)
{
	size_t n = run->samples.n ? run->samples.n : 1;
	double few[3][8];	/* most runs: no allocation */
	double *vals = n <= 8 ? few[0] : xcalloc(n, sizeof *vals);
	double *cpus = n <= 8 ? few[1] : xcalloc(n, sizeof *cpus);
	double *lats = n <= 8 ? few[2] : xcalloc(n, sizeof *lats);

	for (int i = 0; i < M_COUNT; i++)
		summarise_metric(&run->samples, i, &out[i], vals, cpus, lats);
	if (n > 8) {
		free(vals);
		free(cpus);
		free(lats);
	}
}
