/* Readers for the numbers bonnie++ prints and the units people write.
 * Pure functions without allocation; used by the reader, the meta reader
 * and the CSV writer, and unit-tested on their own. */
#ifndef BENCHSITE_UNITS_H
#define BENCHSITE_UNITS_H

#include <stdbool.h>
#include <stddef.h>

#include "read/result.h"

/* What a table or CSV cell held. */
enum cell_kind {
	CELL_BAD,	/* not a bonnie++ value */
	CELL_VALUE,
	CELL_TOO_FAST	/* "+++++" or "+++" */
};

/* A throughput or rate cell: "48009", "360.8", "3025k", "50.6m", "1.4g",
 * "+++++". Throughput is returned in KiB/s; approx is set when a k/m/g
 * figure carries fewer digits than the KiB/s integer would. Suffixes are
 * accepted only when allow_suffix is set (bonnie++ 1.98+ text). */
enum cell_kind units_rate(const char *tok, size_t len, bool allow_suffix,
    double *value, bool *approx);

/* A %CP cell: an integer or "+++". */
enum cell_kind units_cpu(const char *tok, size_t len, int *cpu);

/* A latency: "5308us", "100ms", "132s". Returns false if malformed. */
bool units_latency(const char *tok, size_t len, double *us);

/* Formats a latency as bonnie++ does (truncated, in the largest unit
 * that keeps at least 3 digits) into buf of at least 24 bytes. */
void units_format_latency(double us, char *buf);

/* A whole non-negative decimal integer, no sign, no spaces. */
bool units_integer(const char *tok, size_t len, long long *out);

/* A non-negative decimal number with an optional fraction. */
bool units_decimal(const char *tok, size_t len, double *out);

/* A bonnie++ version: "1.03", "1.03e", "2.00a" (digit, dot, 2 digits,
 * optional letter). */
bool units_is_version(const char *tok, size_t len);

/* The size field of a table row or a 1.0x CSV line:
 * "8G", "16096M", "10G:64k", "300M:512", and in 1.98+ text
 * "1G::2" (size:chunk:concurrency:seeks:seekers). */
struct size_field {
	char size[32];
	char chunk[32];		/* "" when default */
	int concurrency;	/* -1 when not given */
};
bool units_size_field(const char *tok, size_t len, struct size_field *out);

/* A file-test spec as bonnie++ prints it: "16", "20:128:4/200",
 * "16:link". */
bool units_is_files_spec(const char *tok, size_t len);

/* A target value from meta ("185 MB/s", "190000 K/sec", "1.2 GiB/s",
 * "300/s", "50000 IOPS", "2 ms", "500 us") converted to the unit of a
 * metric of this kind (KiB/s, per second or microseconds). Decimal prefixes (kB, MB, GB) are powers of 1000, binary
 * ones (KiB, MiB, GiB) and bonnie++'s "K" powers of 1024. Returns false
 * when the number or unit is not understood or does not fit the kind. */
bool units_target(const char *text, enum metric_kind kind, double *out);

/* A share in percent, as meta and the command line give it: "8%" or
 * "8", from 0 to 1000; *out is the fraction (0.08). */
bool units_percent(const char *text, double *out);

/* Mebibytes in a memory or size text ("4GB", "23.5 GiB", "5192M",
 * "256k"), or -1: a unit is needed, and K, M, G and T are powers of
 * 1024 whatever follows them. */
double units_mebibytes(const char *s);

/* Mebibytes in a size of fio's options (size=, filesize=): a bare
 * number is bytes ("1073741824"), a unit as units_mebibytes reads it
 * ("1g", "512MiB"), a share of the device ("50%") or anything else
 * unknown: -1. */
double units_fio_mebibytes(const char *s);

/* Whether two of fio's size texts name different sizes ("1g",
 * "1024m" and "1073741824" do not); false when either is NULL (unknown
 * is not a difference), and texts units_fio_mebibytes cannot read
 * differ when they are not equal. */
bool units_sizes_differ(const char *a, const char *b);

/* The same of two bonnie++ file sizes as its reports print them ("4G"
 * and "4096M" do not differ; a bare number, as 1.00 printed it, is
 * MiB): false when either is NULL, and texts it cannot read differ when
 * they are not equal. */
bool units_bonnie_sizes_differ(const char *a, const char *b);

/* Whether two of fio's run times (runtime=) differ: "60", "60s" and
 * "1m" do not (a bare number is seconds; us, ms, s, m, h and d as fio
 * reads them); false when either is NULL, and texts this cannot read
 * differ when they are not equal. */
bool units_durations_differ(const char *a, const char *b);

#endif
