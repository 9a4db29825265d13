/* Display units and number formats; see display.h. */
#include "model/display.h"

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

void
display_format(enum metric_id id, double shown, char *buf)
{
	bool fine = shown < 100 || (id == M_SEEKS && shown < 1000);

	snprintf(buf, 32, fine ? "%.1f" : "%.0f", shown);
}

void
display_latency(double us, char *buf)
{
	if (us >= 1e6)
		snprintf(buf, 32, "%.3g s", us / 1e6);
	else if (us >= 1e3)
		snprintf(buf, 32, "%.3g ms", us / 1e3);
	else
		snprintf(buf, 32, "%.0f us", us);
}
