/* How figures are shown to people, the same in every output: throughput
 * in MiB/s (bonnie++'s K/sec is KiB/s), seeks, file operations and I/Os
 * per second, latencies in microseconds, and the one formatter of figures behind the charts, the pages
 * and every text (display_number). For the analysis and the renderers. */
#ifndef BENCHSITE_DISPLAY_H
#define BENCHSITE_DISPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "read/fio_key.h"
#include "read/result.h"

/* The unit figures of this metric are shown in: "MiB/s", "/s", "IOPS"
 * (fio's rates) or "\u00b5s". */
const char *display_unit(const struct metric_def *);

/* The unit fio's figures of measure m are shown in: "MiB/s", "IOPS" or
 * "\u00b5s". */
const char *display_fio_unit(enum fio_measure m);

/* A stored figure (KiB/s, per second, microseconds) in the display
 * unit. */
double display_value(const struct metric_def *, double stored);

/* What display_number does beyond its rule of decimals. */
enum display_number_flags {
	DISPLAY_APPROX = 1,	/* "~" first: the input gave the figure with
				 * reduced precision */
	DISPLAY_ROUNDED = 2,	/* decide on the figure as printed, rounded
				 * to one decimal: 99.96 is "100", not
				 * "100.0": the charts', so that no figure
				 * they print from 100 on has a decimal */
};

/* Below this a figure gets one decimal, from it on none: the charts'
 * rule, and that of pages and text for every metric but seeks
 * (display_fine_below). */
#define DISPLAY_FINE_BELOW	100.0

/* Most decimals a figure is given; bonnie++'s smallest figure, 1 K/sec,
 * needs five (0.00098 MiB/s). */
#define DISPLAY_MAX_DECIMALS 9

/* The one formatter of figures: v into buf (size bytes) with one decimal
 * below fine_below and as a whole number from there on ("57.1", "186",
 * "2046"); a figure under 1 keeps two significant digits ("0.39",
 * "0.039"), zero is "0.0"; flags: enum display_number_flags. */
void display_number(char *buf, size_t size, double v, double fine_below,
    unsigned flags);

/* Where figures of this metric stop having a decimal in pages and text:
 * DISPLAY_FINE_BELOW, 1000 for seeks (a few hundred a second). */
double display_fine_below(const struct metric_def *);

/* Formats a display-unit figure of the metric into buf (at least 32
 * bytes) as pages and text show it: display_number with the metric's
 * display_fine_below, deciding on the figure itself. */
void display_format(const struct metric_def *, double shown, char *buf);

/* A stored figure as a sentence gives it, "55.7 MiB/s", "412 /s",
 * "81.2 \u00b5s", "18.5 ms" (a latency from a millisecond on, as
 * display_latency gives it), into buf (at least 48 bytes). */
void display_figure(const struct metric_def *, double stored, char *buf);

/* A share as a percentage of its size, with one decimal below
 * fine_below per cent and none from there on, decided on the printed
 * figure ("19" for 0.193 from 10 on), into buf (at least 32 bytes),
 * without the "%": how much of what it should give a figure is. */
void display_share(double share, double fine_below, char *buf);

/* A change as a percentage, "16.6", "2458" (display_share from
 * DISPLAY_FINE_BELOW), signed ("+2458", "-16.6") or not (its size),
 * into buf (at least 32 bytes), without the "%": every output says
 * "fell 16.6%" and "-16.6%" alike. */
void display_percent(double share, bool sign, char *buf);

/* Formats a latency in microseconds as "5.3 ms", "676 \u00b5s", "132 s":
 * the one formatter of latencies, for pages, text and findings. */
void display_latency(double us, char *buf);

struct runset;

/* Sorts runs[0..n) (indexes of set's runs) by id in the order people
 * count them, night-2 before night-10: the order tables and charts
 * list runs in. The set itself stays in the bytes' order, which its
 * lookups and caches rely on. */
void display_order(const struct runset *set, size_t *runs, size_t n);

#endif
