/* The figures an output shows first for some runs, when it cannot show
 * every metric: bonnie++'s main ones, when a run has any, and the main
 * figure of the fio workloads most of the runs share (IOPS of random
 * I/O, bandwidth of sequential). The overview, the comparison pages and
 * the mail's table of figures ask here, so that they agree. */
#ifndef BENCHSITE_HEADLINE_H
#define BENCHSITE_HEADLINE_H

#include "analyse/analyse.h"

#include <stdbool.h>
#include <stddef.h>

/* bonnie++'s figures the overview shows, in its column order; and the
 * four a comparison and the mail's table of figures show: block write,
 * block read, rewrite and seeks. */
extern const int bonnie_overview[];
extern const size_t nbonnie_overview;
extern const int bonnie_compared[];
extern const size_t nbonnie_compared;

/* The fio workloads an output shows at most. */
#define HEADLINE_FIO 4

/* The metric a fio workload is judged by first: IOPS of random I/O,
 * bandwidth of sequential (and of jobs of no known pattern). */
enum fio_measure fio_main_measure(const struct fio_key *);

/* Into out (room for nbonnie + max_fio): the bonnie++ metrics
 * bonnie[0..nbonnie) when some run of runs[0..n) has a bonnie++ figure,
 * then the main metrics of the fio workloads whose figure fails the
 * gate for the most of those runs, then of those the most of them have
 * (ties by the metric table's order), at most max_fio (at most
 * HEADLINE_FIO), in the table's order. Returns how many. */
size_t headline_metrics(const struct analysis *, const size_t *runs,
    size_t n, const int *bonnie, size_t nbonnie, size_t max_fio, int *out);

/* The columns of a short name: a column of the mail's table of figures
 * ("%7s"). */
#define HEADLINE_SHORT 7

/* A fio metric's name in at most HEADLINE_SHORT columns, for the mail's
 * table: its pattern, block size, requests in flight and the direction
 * of a mixed pattern ("RR4kQ32", "W1mQ8", "RM4kQ1w"), without the block
 * size where that is too long ("RRQ128" of randread 16k QD128, "RMQ16w"
 * of randrw 4k QD16's writes), a job's name and direction ("seqr"); never
 * cut. false, with buf "", where even that does not fit. bonnie++'s
 * get theirs elsewhere. */
bool headline_short_name(const struct metric *, char buf[16]);

#endif
