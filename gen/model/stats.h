/* Per-run summaries of the samples: for each metric the median, minimum
 * and maximum over a run's iterations. Computed from the model; read by
 * the analysis and by the renderers. Made by the loader as it reads. */
#ifndef BENCHSITE_STATS_H
#define BENCHSITE_STATS_H

#include "model/model.h"

/* A metric's summary over a run's iterations, as the readers get it
 * (run_summary): a value, decoded from the run's summary_slot. */
struct metric_summary {
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

/* A summary as a run keeps it: twelve a bonnie++ run, 1.2 million at
 * 100 000 runs, where 50 bytes each were a third of what a build held.
 * Its four figures are kept exactly, each as v / 10^e for an e of 0 to 3
 * (bonnie++ prints whole numbers and tenths; a median of two adds a
 * half), its sample count in 16 bits and the too fast and invalid ones
 * in 8. A summary that does not fit so is kept whole in the run's
 * wide[], which v[0] indexes (SLOT_WIDE). 24 bytes, no padding. */
struct summary_slot {
	int32_t v[4];			/* median, min, max, latency_us */
	uint16_t n;
	uint8_t n_too_fast, n_invalid;
	int16_t cpu;
	uint16_t bits;			/* SLOT_* */
};

/* summary_slot.bits: the exponent of v[k] in bits 2k and 2k+1, then: */
#define SLOT_STATE_SHIFT 8		/* enum value_state, 2 bits */
#define SLOT_APPROX (1u << 10)
#define SLOT_WIDE (1u << 11)

/* A slot's figure v[k] is v[k] / summary_scale[its exponent]. */
static const double summary_scale[4] = {1, 10, 100, 1000};

/* A summary of a metric no sample ran. */
extern const struct metric_summary summary_not_run;

/* The summary that slot s of run r keeps. */
static inline struct metric_summary
summary_unpack(const struct run *r, const struct summary_slot *s)
{
	const double *scale = summary_scale;
	struct metric_summary m;
	unsigned bits = s->bits;

	if (bits & SLOT_WIDE)
		return r->wide[s->v[0]];
	m.median = s->v[0] / scale[bits & 3];
	m.min = s->v[1] / scale[bits >> 2 & 3];
	m.max = s->v[2] / scale[bits >> 4 & 3];
	m.latency_us = s->v[3] / scale[bits >> 6 & 3];
	m.n = s->n;
	m.n_too_fast = s->n_too_fast;
	m.n_invalid = s->n_invalid;
	m.cpu = s->cpu;
	m.state = (enum value_state)(bits >> SLOT_STATE_SHIFT & 3);
	m.approx = (bits & SLOT_APPROX) != 0;
	return m;
}

/* The summary of the run's k-th slot (run_metric_at names its metric). */
static inline struct metric_summary
run_summary_at(const struct run *r, size_t k)
{
	return summary_unpack(r, &r->sum[k]);
}

/* The run's summary of metric m (summary_not_run when it has none). */
static inline struct metric_summary
run_summary(const struct run *r, int m)
{
	long k;

	if (r->sum_ids == NULL)
		return (uint32_t)m < r->nsum ? run_summary_at(r, (size_t)m) :
		    summary_not_run;
	k = run_metric_slot(r, m);
	return k >= 0 ? run_summary_at(r, (size_t)k) : summary_not_run;
}

/* Keeps the run's n summaries sum[] (its nsum, by slot) in its slots, in
 * arena: those that do not fit a slot whole in its wide[]. */
void run_keep_summaries(struct run *r, const struct metric_summary *sum,
    size_t n, struct xarena **arena);

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
