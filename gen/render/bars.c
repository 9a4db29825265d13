/* The bars of a chart from the analysis: each run's median, spread,
 * expected value and flag. Shared by the site and the mail attachments;
 * takes the model and analysis const. */
#include "render/bars.h"
#include "model/display.h"
#include "read/fio_key.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Whether fio metric d is of its job's syncs, by its key's measure. */
static bool
sync_metric(const struct metric_def *d)
{
	const char *dot = strrchr(d->key, '.');
	enum fio_measure m;

	return dot && fio_measure_by_key(dot + 1, &m) &&
	    fio_measure_is_sync(m);
}

const char *
chart_note(const struct metric_def *d)
{
	if (d->family == FAMILY_FIO && sync_metric(d))
		return "Median of each run's samples; whiskers span min to "
		    "max. Latency of the job's fsync or fdatasync calls in "
		    "microseconds: shorter is better.";
	if (d->family == FAMILY_FIO)
		return d->kind == MK_THROUGHPUT ?
		    "Median of each run's samples; whiskers span min to max. "
		    "MiB/s = 1024 KiB/s." : d->kind == MK_RATE ?
		    "Median of each run's samples; whiskers span min to max. "
		    "I/O operations per second." :
		    "Median of each run's samples; whiskers span min to max. "
		    "Completion latency in microseconds: shorter is better.";
	return d->kind == MK_THROUGHPUT ?
	    "Median of each run's samples; whiskers span min to max. "
	    "MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." :
	    "Median of each run's samples; whiskers span min to max. "
	    "Operations per second.";
}

static void
fill_bar(struct chart_bar *b, struct metric_summary m,
    const struct metric_def *id)
{
	b->nsamples = m.n;
	switch (m.state) {
	case VS_OK:
		b->kind = BAR_VALUE;
		b->value = display_value(id, m.median);
		b->has_range = m.n > 1;
		b->min = display_value(id, m.min);
		b->max = display_value(id, m.max);
		b->approx = m.approx;
		break;
	case VS_TOO_FAST:
		b->kind = BAR_TOO_FAST;
		break;
	case VS_INVALID:
		b->kind = BAR_INVALID;
		break;
	default:
		b->kind = BAR_NOT_RUN;
		break;
	}
}

/* What the analysis says on a bar: the expected value (scaling model,
 * else the declared target) and, when flagged, a short note. */
static void
analysis_on_bar(const struct analysis *an, struct chart_bar *b, size_t i,
    int id)
{
	const struct change *c = analysis_change_of(an, i, id);
	const struct metric_def *d = analysis_def(an, id);
	struct scaled_metric scv;
	const struct scaled_metric *sc = analysis_scaled(an, i, id, &scv) ?
	    &scv : NULL;
	const struct target *t = analysis_target(an, i, id);
	char pct[32];

	if (sc) {
		b->has_expect = true;
		b->expect = display_value(d, sc->expected);
	} else if (t) {
		b->has_expect = true;
		b->expect = display_value(d, t->value);
	}
	b->highlight = analysis_flagged(an, i, id);
	if (!b->highlight)
		return;
	/* as the findings say them: "19% of", "5.3% of" */
	if (sc && sc->level == EFF_SHORT) {
		display_share(sc->efficiency, 10, pct);
		b->flag_text = xasprintf("%s%% of expected", pct);
	} else if (t && t->shortfall) {
		display_share(t->ratio, 10, pct);
		b->flag_text = xasprintf("%s%% of target", pct);
	} else if (c->verdict == VERDICT_REGRESSION) {
		/* as the finding says it: "-98.7%", not "-99%" */
		display_percent(analysis_change(an, i, id).rel, true, pct);
		b->flag_text = xasprintf("%s%%", pct);
	}
}

struct chart_bar *
chart_bars(const struct analysis *an, int id, const size_t *runs,
    size_t n, const char *const *groups, const char *const *changes)
{
	struct chart_bar *bars = xcalloc(n ? n : 1, sizeof *bars);

	for (size_t k = 0; k < n; k++) {
		bars[k].label = an->set->runs[runs[k]].id;
		fill_bar(&bars[k], analysis_sum(an, runs[k], id),
		    analysis_def(an, id));
		analysis_on_bar(an, &bars[k], runs[k], id);
		bars[k].group = groups ? groups[k] : NULL;
		bars[k].change = changes ? changes[k] : NULL;
	}
	return bars;
}

void
chart_bars_free(struct chart_bar *bars, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free((char *)bars[k].flag_text);
	free(bars);
}

struct chart_bar *
chart_bars_of_run(const struct analysis *an, size_t run, const int *metrics,
    size_t n, const char *const *labels, const char *const *groups)
{
	struct chart_bar *bars = xcalloc(n ? n : 1, sizeof *bars);

	for (size_t k = 0; k < n; k++) {
		bars[k].label = labels[k];
		fill_bar(&bars[k], analysis_sum(an, run, metrics[k]),
		    analysis_def(an, metrics[k]));
		analysis_on_bar(an, &bars[k], run, metrics[k]);
		bars[k].group = groups ? groups[k] : NULL;
	}
	return bars;
}
