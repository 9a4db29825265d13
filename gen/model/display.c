/* Display units and number formats; see display.h. */
#include "model/display.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

const char *
display_unit(enum metric_id id)
{
	return metric_defs[id].kind == MK_THROUGHPUT ? "MiB/s" : "/s";
}

double
display_value(enum metric_id id, double stored)
{
	return metric_defs[id].kind == MK_THROUGHPUT ? stored / 1024 : stored;
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

double
display_fine_below(enum metric_id id)
{
	return id == M_SEEKS ? 1000 : DISPLAY_FINE_BELOW;
}

void
display_format(enum metric_id id, double shown, char *buf)
{
	display_number(buf, 32, shown, display_fine_below(id), 0);
}

void
display_latency(double us, char *buf)
{
	if (us >= 1e6)
		snprintf(buf, 32, "%.3g s", us / 1e6);
	else if (us >= 1e3)
		snprintf(buf, 32, "%.3g ms", us / 1e3);
	else
		snprintf(buf, 32, "%.0f \u00b5s", us);
}
