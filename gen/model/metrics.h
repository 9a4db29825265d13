/* The metric table of a set of runs: what each figure is, its unit and
 * which way is better. bonnie++'s twelve come first, always, by enum
 * metric_id; after them every fio figure the runs have, one metric per
 * workload and measure (read/fio_key.h), in a fixed order (the
 * workloads by pattern, block size, queue depth, jobs, engine and
 * direct; then direction and measure), so that the same runs give the
 * same table however they were read. Every stage after the model names
 * a metric by its index here and asks this table about it: nothing
 * after it knows bonnie++'s columns. */
#ifndef BENCHSITE_METRICS_H
#define BENCHSITE_METRICS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/hashmap.h"
#include "read/fio_key.h"
#include "read/result.h"

/* One metric: its definition and, for fio's, what its key says. */
struct metric {
	struct metric_def def;
	struct fio_key fio;		/* FAMILY_FIO only */
	const char *workload;		/* fio: the key without its measure
					   ("randread-4k-qd32-j1-libaio-direct"
					   or with its direction: "...write");
					   NULL for bonnie++ */
	const char *workload_label;	/* "randread 4k QD32 libaio direct";
					   NULL for bonnie++ */
};

/* What a workload's label leaves out: nothing, its queue depth (a
 * sweep of depths: "randread 4k ×4 jobs libaio"), or its jobs (a sweep
 * of jobs: "randread 4k QD32 libaio"). */
enum label_omits { LABEL_ALL, LABEL_NO_DEPTH, LABEL_NO_JOBS };

/* A fio workload's name for people: "randread 4k QD32 libaio direct",
 * "randrw/write 4k QD16x4 io_uring 70% reads", "write 16k QD1 sync
 * fdatasync", "job random-write/read" (caller frees). */
char *fio_workload_label(const struct fio_key *, enum label_omits);

/* The kind of a fio measure's figures: bandwidth a throughput, IOPS a
 * rate, the rest latencies. */
enum metric_kind fio_measure_kind(enum fio_measure);

struct metric_table {
	struct metric *v;
	size_t n, cap;
	struct hashmap by_key;	/* index + 1 by key */
};

/* The most metrics a set has: a run keeps 16-bit indexes of its own. */
#define METRICS_MAX 65535

/* A table of bonnie++'s twelve. */
void metrics_init(struct metric_table *);
void metrics_free(struct metric_table *);

/* The index of the metric with this key, or -1. */
int metrics_find(const struct metric_table *, const char *key);

/* The index of a fio metric with this key, added when new; -1 when key
 * is not a fio key or the table is full. */
int metrics_add_fio(struct metric_table *, const char *key);

/* Puts the fio metrics in their fixed order; remap[old] is then each
 * one's new index (remap of t->n entries, from the caller). */
void metrics_order(struct metric_table *, int *remap);

/* A metric's definition. */
static inline const struct metric_def *
metric_def(const struct metric_table *t, int id)
{
	return &t->v[id].def;
}

#endif
