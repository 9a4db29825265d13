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
void chart_bars_free(struct chart_bar *, size_t n);

/* The chart's legend line for a metric. */
const char *chart_note(const struct metric_def *);

#endif
