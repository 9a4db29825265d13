/* Number and unit readers; see units.h. Written without strtod so that
 * the locale can never change how a bonnie++ figure reads. */
#include "read/units.h"

#include <ctype.h>
#include <stdlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Reads digits[.digits] from s; returns the count of bytes used, 0 if
 * none. Callers bound the length, so the value stays finite. */
static size_t
scan_number(const char *s, size_t len, double *out, int *frac_digits)
{
	size_t i = 0;
	double v = 0, scale = 1;
	int fd = 0;

	/* bonnie++ never prints a leading zero: "083us" is the tail of a
	 * figure a mail client cut in two, not 83 us. */
	if (len > 1 && s[0] == '0' && isdigit((unsigned char)s[1]))
		return 0;

	while (i < len && isdigit((unsigned char)s[i]))
		v = v * 10 + (s[i++] - '0');
	if (i == 0)
		return 0;
	if (i + 1 < len && s[i] == '.' && isdigit((unsigned char)s[i + 1])) {
		i++;
		while (i < len && isdigit((unsigned char)s[i])) {
			scale /= 10;
			v += (s[i++] - '0') * scale;
			fd++;
		}
	}
	*out = v;
	if (frac_digits)
		*frac_digits = fd;
	return i;
}

static bool
all_char(const char *s, size_t len, char c, size_t min, size_t max)
{
	if (len < min || len > max)
		return false;
	for (size_t i = 0; i < len; i++)
		if (s[i] != c)
			return false;
	return true;
}

bool
units_integer(const char *tok, size_t len, long long *out)
{
	long long v = 0;

	if (len == 0 || len > 18 || (len > 1 && tok[0] == '0'))
		return false;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)tok[i]))
			return false;
		v = v * 10 + (tok[i] - '0');
	}
	*out = v;
	return true;
}

bool
units_decimal(const char *tok, size_t len, double *out)
{
	double v;

	if (len == 0 || len > 24)
		return false;
	if (scan_number(tok, len, &v, NULL) != len)
		return false;
	*out = v;
	return true;
}

enum cell_kind
units_rate(const char *tok, size_t len, bool allow_suffix, double *value,
    bool *approx)
{
	double v, mult;
	size_t n;
	int fd;

	*approx = false;
	if (all_char(tok, len, '+', 4, 5))
		return CELL_TOO_FAST;
	if (len > 24)
		return CELL_BAD;
	n = scan_number(tok, len, &v, &fd);
	if (n == 0)
		return CELL_BAD;
	if (n == len) {
		*value = v;
		return CELL_VALUE;
	}
	if (!allow_suffix || n + 1 != len)
		return CELL_BAD;
	switch (tok[n]) {
	case 'k':
		mult = 1;
		break;
	case 'm':
		mult = 1024;
		break;
	case 'g':
		mult = 1024.0 * 1024;
		break;
	default:
		return CELL_BAD;
	}
	if (mult == 1 && fd > 0)
		return CELL_BAD;
	*value = v * mult;
	*approx = mult > 1;
	return CELL_VALUE;
}

enum cell_kind
units_cpu(const char *tok, size_t len, int *cpu)
{
	long long v;

	if (all_char(tok, len, '+', 3, 3))
		return CELL_TOO_FAST;
	if (!units_integer(tok, len, &v) || v > 1000000)
		return CELL_BAD;
	*cpu = (int)v;
	return CELL_VALUE;
}

bool
units_latency(const char *tok, size_t len, double *us)
{
	double v, mult;
	size_t n = len > 24 ? 0 : scan_number(tok, len, &v, NULL);
	const char *unit = tok + n;
	size_t ulen = len - n;

	if (n == 0)
		return false;
	if (ulen == 2 && memcmp(unit, "us", 2) == 0)
		mult = 1;
	else if (ulen == 2 && memcmp(unit, "ms", 2) == 0)
		mult = 1e3;
	else if (ulen == 1 && unit[0] == 's')
		mult = 1e6;
	else
		return false;
	*us = v * mult;
	return true;
}

void
units_format_latency(double us, char *buf)
{
	/* bonnie++'s print_latency: whole seconds above 99.999999 s, whole
	 * milliseconds above 0.099999 s, else whole microseconds. */
	double s = us / 1e6;

	if (!(s < 1e15))
		s = 1e15;	/* no figure from a real run; keeps the cast defined */
	if (s > 99.999999)
		snprintf(buf, 24, "%llds", (long long)s);
	else if (s > 0.099999)
		snprintf(buf, 24, "%lldms", (long long)(s * 1000));
	else
		snprintf(buf, 24, "%lldus", (long long)us);
}

bool
units_is_version(const char *tok, size_t len)
{
	if (len != 4 && len != 5)
		return false;
	if (!isdigit((unsigned char)tok[0]) || tok[1] != '.' ||
	    !isdigit((unsigned char)tok[2]) || !isdigit((unsigned char)tok[3]))
		return false;
	return len == 4 || islower((unsigned char)tok[4]);
}

/* Copies tok[0..len) into a field of cap bytes; false if it does not fit. */
static bool
copy_part(char *dst, size_t cap, const char *tok, size_t len)
{
	if (len >= cap)
		return false;
	memcpy(dst, tok, len);
	dst[len] = '\0';
	return true;
}

static bool
is_chunk(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && isdigit((unsigned char)s[i]))
		i++;
	if (i == 0)
		return false;
	return i == len || (i + 1 == len && strchr("kmKM", s[i]));
}

bool
units_size_field(const char *tok, size_t len, struct size_field *out)
{
	const char *parts[6];
	size_t plen[6], np = 0, start = 0, i = 0;
	long long conc;

	for (size_t k = 0; k <= len; k++) {
		if (k == len || tok[k] == ':') {
			if (np == 6)
				return false;
			parts[np] = tok + start;
			plen[np++] = k - start;
			start = k + 1;
		}
	}
	/* The size itself: digits then M or G. */
	while (i < plen[0] && isdigit((unsigned char)parts[0][i]))
		i++;
	if (i == 0 || i + 1 != plen[0] || (parts[0][i] != 'M' &&
	    parts[0][i] != 'G'))
		return false;
	out->concurrency = -1;
	out->chunk[0] = '\0';
	if (!copy_part(out->size, sizeof out->size, parts[0], plen[0]))
		return false;
	if (np > 1 && plen[1] > 0) {
		if (!is_chunk(parts[1], plen[1]) ||
		    !copy_part(out->chunk, sizeof out->chunk, parts[1], plen[1]))
			return false;
	}
	if (np > 2 && plen[2] > 0) {
		if (!units_integer(parts[2], plen[2], &conc) || conc > 100000)
			return false;
		out->concurrency = (int)conc;
	}
	for (size_t k = 3; k < np; k++) {
		long long ignored;

		if (plen[k] > 0 && !units_integer(parts[k], plen[k], &ignored))
			return false;
	}
	return true;
}

/* Skips a run of digits at s[*i]; true if there was at least one. */
static bool
skip_digits(const char *s, size_t len, size_t *i)
{
	size_t start = *i;

	while (*i < len && isdigit((unsigned char)s[*i]))
		(*i)++;
	return *i > start;
}

bool
units_is_files_spec(const char *tok, size_t len)
{
	size_t i = 0;

	if (!skip_digits(tok, len, &i))
		return false;
	if (i < len && tok[i] == ':') {
		i++;
		if (len - i >= 4 && memcmp(tok + i, "link", 4) == 0)
			i += 4;
		else if (len - i >= 7 && memcmp(tok + i, "symlink", 7) == 0)
			i += 7;
		else if (!skip_digits(tok, len, &i))
			return false;
		if (i < len && tok[i] == ':') {
			i++;
			if (!skip_digits(tok, len, &i))
				return false;
		}
	}
	if (i < len && tok[i] == '/') {
		i++;
		if (!skip_digits(tok, len, &i))
			return false;
	}
	return i == len;
}

struct unit_def {
	const char *name;
	enum metric_kind kind;
	double factor;		/* to KiB/s or to per second */
};

static const struct unit_def target_units[] = {
	{"K/sec", MK_THROUGHPUT, 1},
	{"K/s", MK_THROUGHPUT, 1},
	{"KiB/s", MK_THROUGHPUT, 1},
	{"kB/s", MK_THROUGHPUT, 1000.0 / 1024},
	{"KB/s", MK_THROUGHPUT, 1000.0 / 1024},
	{"MB/s", MK_THROUGHPUT, 1e6 / 1024},
	{"MB/sec", MK_THROUGHPUT, 1e6 / 1024},
	{"MiB/s", MK_THROUGHPUT, 1024},
	{"M/sec", MK_THROUGHPUT, 1024},
	{"GB/s", MK_THROUGHPUT, 1e9 / 1024},
	{"GiB/s", MK_THROUGHPUT, 1024.0 * 1024},
	{"/s", MK_RATE, 1},
	{"/sec", MK_RATE, 1},
	{"ops/s", MK_RATE, 1},
	{"seeks/s", MK_RATE, 1},
	{"files/s", MK_RATE, 1},
	{"IOPS", MK_RATE, 1},
	{"us", MK_LATENCY, 1},
	{"usec", MK_LATENCY, 1},
	{"\u00b5s", MK_LATENCY, 1},
	{"ns", MK_LATENCY, 0.001},
	{"nsec", MK_LATENCY, 0.001},
	{"ms", MK_LATENCY, 1000},
	{"msec", MK_LATENCY, 1000},
	{"s", MK_LATENCY, 1e6},
};

bool
units_target(const char *text, enum metric_kind kind, double *out)
{
	size_t len = strlen(text), n;
	const char *unit;
	double v;

	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	while (len > 0 && isspace((unsigned char)*text)) {
		text++;
		len--;
	}
	n = scan_number(text, len, &v, NULL);
	if (n == 0)
		return false;
	unit = text + n;
	while (unit < text + len && *unit == ' ')
		unit++;
	for (size_t i = 0; i < sizeof target_units / sizeof *target_units; i++) {
		const struct unit_def *u = &target_units[i];

		if (strlen(u->name) == (size_t)(text + len - unit) &&
		    strncasecmp(u->name, unit, strlen(u->name)) == 0) {
			/* Case matters between "MB" and "Mb" only in theory:
			 * bits per second are not a disk figure anyone posts. */
			if (u->kind != kind)
				return false;
			*out = v * u->factor;
			return isfinite(*out);
		}
	}
	return false;
}

bool
units_percent(const char *text, double *out)
{
	char *end;
	double v;

	if (!isdigit((unsigned char)*text) && *text != '.')
		return false;
	v = strtod(text, &end);
	while (*end == ' ')
		end++;
	if (*end == '%')
		end++;
	if (*end != '\0' || !(v >= 0 && v <= 1000))
		return false;
	*out = v / 100;
	return true;
}

double
units_fio_mebibytes(const char *s)
{
	char *end;
	double v;

	if (s == NULL || !isdigit((unsigned char)*s) || strchr(s, '%'))
		return -1;
	v = strtod(s, &end);
	while (*end == ' ')
		end++;
	/* fio reads a number without a unit as bytes, not as bonnie++'s
	 * or a person's megabytes. */
	return *end == '\0' ? v / (1024.0 * 1024.0) : units_mebibytes(s);
}

/* Whether two texts of a quantity say different amounts, as read reads
 * them (-1: unread); unknown (NULL) is no difference, and texts read
 * cannot read differ when they are not equal. One rule for the sizes
 * and run times below. */
static bool
amounts_differ(const char *a, const char *b, double (*read)(const char *))
{
	double x, y;

	if (a == NULL || b == NULL)
		return false;
	x = read(a);
	y = read(b);
	if (x < 0 || y < 0)
		return strcmp(a, b) != 0;
	return fabs(x - y) > 1e-9 * fmax(x, y);
}

bool
units_sizes_differ(const char *a, const char *b)
{
	return amounts_differ(a, b, units_fio_mebibytes);
}

/* A bonnie++ file size in MiB: a number, bare or with one of K, M, G
 * and T after it; -1 for anything else. */
static double
bonnie_mebibytes(const char *s)
{
	char *end;
	double v;

	if (!isdigit((unsigned char)*s))
		return -1;
	v = strtod(s, &end);
	if (*end == '\0')
		return v;
	return end[1] == '\0' ? units_mebibytes(s) : -1;
}

bool
units_bonnie_sizes_differ(const char *a, const char *b)
{
	return amounts_differ(a, b, bonnie_mebibytes);
}

/* Seconds in a run time of fio's options, or -1. */
static double
fio_seconds(const char *s)
{
	static const struct { const char *unit; double s; } units[] = {
		{"", 1}, {"s", 1}, {"sec", 1}, {"us", 1e-6}, {"usec", 1e-6},
		{"ms", 1e-3}, {"msec", 1e-3}, {"m", 60}, {"min", 60},
		{"h", 3600}, {"d", 86400}};
	char *end;
	double v;

	if (!isdigit((unsigned char)*s))
		return -1;
	v = strtod(s, &end);
	for (size_t k = 0; k < sizeof units / sizeof *units; k++)
		if (strcasecmp(end, units[k].unit) == 0)
			return v * units[k].s;
	return -1;
}

bool
units_durations_differ(const char *a, const char *b)
{
	return amounts_differ(a, b, fio_seconds);
}

double
units_mebibytes(const char *s)
{
	char *end;
	double v;

	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	v = strtod(s, &end);
	while (*end == ' ')
		end++;
	switch (toupper((unsigned char)*end)) {
	case 'T':
		return v * 1024 * 1024;
	case 'G':
		return v * 1024;
	case 'M':
		return v;
	case 'K':
		return v / 1024;
	default:
		return -1;
	}
}
