/* fio results as the model's samples: every figure of a run's fio output
 * under its metric (workload and measure, read/fio_key.h). A sample is
 * one group of jobs of one fio run (jobs separated by stonewall or
 * new_group run one after another, each group a measurement of its
 * own). Jobs of one workload in one group ran at once, as fio's clones
 * of numjobs without group_reporting print them: their bandwidth and
 * IOPS add up, their latencies are weighted by their IOPS. The run
 * loader summarises a run from these; a run's page lists them. */
#ifndef BENCHSITE_FIO_FIGURES_H
#define BENCHSITE_FIO_FIGURES_H

#include <stddef.h>
#include <stdint.h>

#include "model/metrics.h"
#include "read/fio.h"

struct fio_figure {
	int metric;		/* index in the metric table */
	uint32_t sample;	/* which group of which fio run */
	double value;		/* in the metric's stored unit */
};

struct fio_figures {
	struct fio_figure *v;	/* by metric, then sample */
	size_t n, cap;
	size_t nsamples;	/* groups of fio runs with a figure */
};

/* The figures of rs, each workload's metrics added to t when new (a key
 * the table cannot take is left out). */
void fio_figures_add(const struct fio_results *rs, struct metric_table *t,
    struct fio_figures *out);
/* The same, of the metrics t has only: for a run read again. */
void fio_figures_find(const struct fio_results *rs,
    const struct metric_table *t, struct fio_figures *out);
void fio_figures_free(struct fio_figures *);

#endif
