/* Display units and number formats; see display.h. */
#define _GNU_SOURCE	/* strverscmp */
#include "model/display.h"
#include "model/metrics.h"
#include "model/model.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *
display_unit(const struct metric_def *d)
{
	if (d->family == FAMILY_FIO && d->kind == MK_RATE)
		return "IOPS";
	return d->kind == MK_THROUGHPUT ? "MiB/s" : d->kind == MK_LATENCY ?
	    "\u00b5s" : "/s";
}

const char *
display_fio_unit(enum fio_measure m)
{
	struct metric_def d = {.family = FAMILY_FIO,
	    .kind = fio_measure_kind(m)};

	return display_unit(&d);
}

double
display_value(const struct metric_def *d, double stored)
{
	return d->kind == MK_THROUGHPUT ? stored / 1024 : stored;
}

/* Decimals a figure below fine_below gets: one, or as many more as
 * keep two significant digits of a figure under 1 (0.39, 0.039), so
 * that no figure but zero reads as 0.0. */
static int
fine_decimals(double v)
{
	double mag = fabs(v);
	int d = 1;

	if (mag > 0 && mag < 1 && isfinite(mag))
		d = 1 - (int)floor(log10(mag));
	return d < DISPLAY_MAX_DECIMALS ? d : DISPLAY_MAX_DECIMALS;
}

void
display_number(char *buf, size_t size, double v, double fine_below,
    unsigned flags)
{
	const char *tilde = (flags & DISPLAY_APPROX) ? "~" : "";
	bool fine = (flags & DISPLAY_ROUNDED) ?
	    round(v * 10) < fine_below * 10 : v < fine_below;

	snprintf(buf, size, "%s%.*f", tilde, fine ? fine_decimals(v) : 0, v);
}

void
display_share(double share, double fine_below, char *buf)
{
	display_number(buf, 32, 100 * fabs(share), fine_below,
	    DISPLAY_ROUNDED);
}

void
display_percent(double share, bool sign, char *buf)
{
	char size[32];

	display_share(share, DISPLAY_FINE_BELOW, size);
	/* no sign on what prints as zero */
	snprintf(buf, 32, "%s%s", !sign || strspn(size, "0.") ==
	    strlen(size) ? "" : share < 0 ? "-" : "+", size);
}

double
display_fine_below(const struct metric_def *d)
{
	return d == &metric_defs[M_SEEKS] || strcmp(d->key, "seeks") == 0 ?
	    1000 : DISPLAY_FINE_BELOW;
}

void
display_format(const struct metric_def *d, double shown, char *buf)
{
	display_number(buf, 32, shown, display_fine_below(d), 0);
}

void
display_latency(double us, char *buf)
{
	/* The unit is chosen on the figure as printed, three digits: 999.7
	 * ms is "1 s", never "1e+03 ms". */
	if (us >= 999.5e3)
		snprintf(buf, 32, us >= 999.5e6 ? "%.0f s" : "%.3g s",
		    us / 1e6);
	else if (us >= 999.5)
		snprintf(buf, 32, "%.3g ms", us / 1e3);
	else
		snprintf(buf, 32, "%.0f \u00b5s", us);
}

void
display_figure(const struct metric_def *d, double stored, char *buf)
{
	char num[32];

	/* fio's latencies from a millisecond on in the unit fio itself
	 * would print them in: "18.5 ms", not "18481 \u00b5s" */
	if (d->kind == MK_LATENCY && stored >= 999.5) {
		display_latency(stored, buf);
		return;
	}
	display_format(d, display_value(d, stored), num);
	snprintf(buf, 48, "%s %s", num, display_unit(d));
}

struct named_id {
	const char *name;
	size_t id;
};

static int
cmp_named_ids(const void *x, const void *y)
{
	const struct named_id *a = x, *b = y;
	int c = strverscmp(a->name, b->name);

	return c ? c : (a->id > b->id) - (a->id < b->id);
}

void
display_order(const struct runset *set, size_t *runs, size_t n)
{
	struct named_id *v = xcalloc(n + 1, sizeof *v);

	for (size_t k = 0; k < n; k++)
		v[k] = (struct named_id){set->runs[runs[k]].id, runs[k]};
	qsort(v, n, sizeof *v, cmp_named_ids);
	for (size_t k = 0; k < n; k++)
		runs[k] = v[k].id;
	free(v);
}
