/* Chart bars from the analysis, for the renderers that draw charts (the
 * site, the mail attachments). */
#ifndef BENCHSITE_BARS_H
#define BENCHSITE_BARS_H

#include "analyse/analyse.h"
#include "render/chart.h"

/* The bars of a chart of metric id over runs[0..n): figures, flags and
 * expected values from the analysis; groups[] and changes[] may be NULL.
 * Free with chart_bars_free. */
struct chart_bar *chart_bars(const struct analysis *, int metric,
    const size_t *runs, size_t n, const char *const *groups,
    const char *const *changes);
/* The bars of one run's metrics[0..n), labelled labels[] (a fio run's
 * workloads of a sweep, or its latencies), grouped by groups[] (may be
 * NULL): figures, flags and expected values as chart_bars gives them.
 * Free with chart_bars_free. */
struct chart_bar *chart_bars_of_run(const struct analysis *, size_t run,
    const int *metrics, size_t n, const char *const *labels,
    const char *const *groups);
void chart_bars_free(struct chart_bar *, size_t n);

/* The chart's legend line for a metric. */
const char *chart_note(const struct metric_def *);

#endif
