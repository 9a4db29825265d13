/* How figures are shown to people, the same in every output: throughput
 * in MiB/s (bonnie++'s K/sec is KiB/s), seeks and file operations per
 * second. For renderers only. */
#ifndef BENCHSITE_DISPLAY_H
#define BENCHSITE_DISPLAY_H

#include <stddef.h>

#include "read/result.h"

/* The unit figures of this metric are shown in: "MiB/s" or "/s". */
const char *display_unit(enum metric_id);

/* A stored figure (KiB/s or per second) in the display unit. */
double display_value(enum metric_id, double stored);

/* Formats a display-unit figure into buf (at least 32 bytes): one
 * decimal below 100 (and for seeks below 1000), whole numbers above. */
void display_format(enum metric_id, double shown, char *buf);

/* Formats a latency in microseconds as "5.3 ms", "676 us", "132 s". */
void display_latency(double us, char *buf);

#endif
