/* Per-run summaries of the samples: for each metric the median, minimum
 * and maximum over a run's iterations. Computed from the model; read by
 * the analysis and by the renderers. Made by the loader as it reads. */
#ifndef BENCHSITE_STATS_H
#define BENCHSITE_STATS_H

#include "model/model.h"

/* Packed: twelve per run are kept, and the six bytes of padding would
 * be 7 MB at 100 000 runs. GCC reads the members of a packed struct
 * safely on any machine; no pointer to a member is taken. */
struct __attribute__((packed)) metric_summary {
	double median, min, max;	/* of the figures, stored unit */
	double latency_us;		/* median latency, -1 when none */
	int n;				/* samples with a figure */
	int n_too_fast;
	int n_invalid;
	int cpu;			/* median %CP, -1 when none */
	/* VS_OK when at least one sample has a figure; VS_TOO_FAST when
	 * every measured sample was too fast; VS_INVALID when only invalid
	 * figures exist; VS_NOT_RUN when no sample ran the test. */
	enum value_state state;
	bool approx;			/* some figure had reduced precision */
};

/* A summary of a metric no sample ran. */
extern const struct metric_summary summary_not_run;

/* The run's summary of metric m (summary_not_run when it has none). */
static inline const struct metric_summary *
run_summary(const struct run *r, int m)
{
	long k;

	if (r->sum_ids == NULL)
		return (uint32_t)m < r->nsum ? &r->sum[m] : &summary_not_run;
	k = run_metric_slot(r, m);
	return k >= 0 ? &r->sum[k] : &summary_not_run;
}

/* Sorts v ascending: by insertion when short (a run's samples, a
 * series' recent changes), where qsort's calls cost more than the sort;
 * equal doubles are alike, so the result is the same. Shared with the
 * analysis' statistics (rank.c). */
void stats_sort(double *v, size_t n);

/* Summarises the bonnie++ samples of run into out[M_COUNT]. */
void stats_run(const struct run *, struct metric_summary *out);

/* Summarises n figures of one metric (sorted in place) into s. */
void stats_figures(double *v, size_t n, struct metric_summary *s);

/* The median of n values (reordered in place); n must be > 0. */
double stats_median(double *v, size_t n);

#endif
