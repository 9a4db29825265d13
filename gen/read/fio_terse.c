/* fio's terse output (--minimal, --output-format=terse), versions 2 to
 * 5: one line of fields separated by ';' per job, by position as fio's
 * HOWTO ("Terse output") lists them. Version 2 has no fio version, IOPS
 * or percentiles; 3 adds them; 4 adds the trim direction; 5 adds each
 * direction's bandwidth samples and IOPS statistics. */
#include "read/fio_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* More fields than any version prints with a few disks. */
#define MAX_FIELDS 512

struct layout {
	int name, group, error, first_dir, per_dir, dirs;
	bool has_iops;		/* and percentiles */
};

static const struct layout layouts[] = {
	[2] = {1, 2, 3, 4, 20, 2, false},
	[3] = {2, 3, 4, 5, 41, 2, true},
	[4] = {2, 3, 4, 5, 41, 3, true},
	[5] = {2, 3, 4, 5, 47, 3, true},
};

/* After the directions: cpu (5), I/O depths (7), latency buckets in usec
 * (10) and msec (12); then 9 fields per disk, its utilisation last. */
#define AFTER_DIRS 34
#define DISK_FIELDS 9

struct fields {
	const char *at[MAX_FIELDS];
	size_t len[MAX_FIELDS];
	size_t n;		/* stored; the line may have more */
};

static void
split(const char *s, size_t len, struct fields *f)
{
	size_t start = 0;

	f->n = 0;
	for (size_t i = 0; i <= len && f->n < MAX_FIELDS; i++)
		if (i == len || s[i] == ';') {
			f->at[f->n] = s + start;
			f->len[f->n++] = i - start;
			start = i + 1;
		}
}

/* The whole field k as a number, or false. */
static bool
field_number(const struct fields *f, int k, double *out)
{
	size_t n;

	if ((size_t)k >= f->n)
		return false;
	n = fio_number(f->at[k], f->len[k], out);
	/* "50.275485%" (a share) is a number too */
	return n > 0 && (n == f->len[k] || (n + 1 == f->len[k] &&
	    f->at[k][n] == '%'));
}

/* A latency's four fields from k (usec); all zero is not measured. */
static bool
latency(const struct fields *f, int k, struct fio_latency *l)
{
	double v[4];

	for (int i = 0; i < 4; i++)
		if (!field_number(f, k + i, &v[i]))
			return false;
	if (v[1] > 0)
		*l = (struct fio_latency){v[0], v[1], v[2], v[3]};
	return true;
}

/* "99.000000%=2838" fields from k: the kept ones into s (usec). */
static void
percentiles(const struct fields *f, int k, struct fio_side *s)
{
	for (int i = k; i < k + 20 && (size_t)i < f->n; i++) {
		const char *eq = memchr(f->at[i], '=', f->len[i]);
		double p, v;
		size_t rest;

		if (eq == NULL || fio_number(f->at[i], f->len[i], &p) == 0)
			continue;
		rest = f->len[i] - (size_t)(eq + 1 - f->at[i]);
		if (fio_number(eq + 1, rest, &v) == rest && v > 0 &&
		    fio_pct_of(p) < FIO_PCTS)
			s->clat_pct[fio_pct_of(p)] = v;
	}
}

/* One direction from field k; false when a figure is not a number. */
static bool
read_dir(const struct fields *f, const struct layout *lo, int k,
    struct fio_side *s)
{
	double kib, bw, iops = NAN, runt;
	int at = k;

	if (!field_number(f, at++, &kib) || !field_number(f, at++, &bw) ||
	    (lo->has_iops && !field_number(f, at++, &iops)) ||
	    !field_number(f, at++, &runt))
		return false;
	if (!latency(f, at, &s->slat) || !latency(f, at + 4, &s->clat))
		return false;
	at += 8;
	if (lo->has_iops) {
		percentiles(f, at, s);
		at += 20;
	}
	if (!latency(f, at, &s->lat))
		return false;
	s->present = kib > 0 || iops > 0;
	s->io_bytes = kib * 1024;
	s->bw_kib = bw;
	s->iops = iops;
	s->runtime_ms = runt;
	return true;
}

/* The busiest device's utilisation: each disk's last field, and an md
 * device's aggregate of its members ("98.10%": every share there). */
static void
disk_util(const struct fields *f, const struct layout *lo,
    struct fio_job *j)
{
	int k = lo->first_dir + lo->per_dir * lo->dirs + AFTER_DIRS;
	double util;

	if ((size_t)(k + DISK_FIELDS) > f->n || f->len[k] == 0)
		return;
	for (size_t i = (size_t)k; i < f->n; i++)
		if (f->len[i] > 0 && f->at[i][f->len[i] - 1] == '%' &&
		    field_number(f, (int)i, &util) &&
		    !(util <= j->disk_util))
			j->disk_util = util;
}

/* The devices of the disk stats: their fields that are no number (each
 * disk's first; an md device's members' figures follow its own). */
static void
disk_names(const struct fields *f, const struct layout *lo,
    struct fio_result *r)
{
	int k = lo->first_dir + lo->per_dir * lo->dirs + AFTER_DIRS;

	if ((size_t)(k + DISK_FIELDS) > f->n)
		return;
	for (size_t i = (size_t)k; i < f->n; i++)
		if (f->len[i] > 0 && isalpha((unsigned char)f->at[i][0]))
			fio_add_disk(r, f->at[i], f->len[i]);
}

/* Which terse version line s starts, 0 if none. */
static int
terse_version(const struct fields *f)
{
	int v;

	if (f->n < 2 || f->len[0] != 1 || f->at[0][0] < '2' ||
	    f->at[0][0] > '5')
		return 0;
	v = f->at[0][0] - '0';
	if (v >= 3 && (f->len[1] < 3 || memcmp(f->at[1], "fio", 3) != 0))
		return 0;
	return v;
}

static void
read_line(const char *file, const struct line *l, const struct fields *f,
    int v, struct fio_results *out, struct diags *d)
{
	const struct layout *lo = &layouts[v];
	int need = lo->first_dir + lo->per_dir * lo->dirs;
	struct fio_result *r;
	struct fio_job *j;
	double group, error;

	if (f->n < (size_t)need) {
		diags_add(d, MSG_ERROR, file, l->no, "fio terse line of version "
		    "%d has %zu fields, not the %d it needs; not read", v,
		    f->n, need);
		return;
	}
	r = fio_new_result(out, file, l->no, FIO_TERSE);
	r->terse_version = v;
	if (v >= 3)
		r->version = xstrndup(f->at[1], f->len[1]);
	j = fio_new_job(r, f->at[lo->name], f->len[lo->name], l->no);
	if (field_number(f, lo->group, &group) && group >= 0 && group < 1e6)
		j->group = (int)group;
	if (field_number(f, lo->error, &error))
		fio_set_error(j, error);
	for (int dir = 0; dir < lo->dirs; dir++)
		if (!read_dir(f, lo, lo->first_dir + dir * lo->per_dir,
		    &j->side[dir])) {
			diags_add(d, MSG_ERROR, file, l->no, "fio terse line: "
			    "a %s figure is not a number; not read",
			    fio_dir_names[dir]);
			fio_drop_last(out);
			return;
		}
	disk_util(f, lo, j);
	disk_names(f, lo, r);
}

size_t
fio_read_terse(const char *file, const struct lines *ls,
    struct fio_results *out, struct diags *d)
{
	struct fields *f = xmalloc(sizeof *f);	/* big for the stack */
	size_t found = out->n;

	for (size_t i = 0; i < ls->n; i++) {
		const struct line *l = &ls->v[i];
		size_t skip = strspn(l->text, " ");
		int v;

		if (l->len - skip < 2 || l->text[skip + 1] != ';')
			continue;
		split(l->text + skip, l->len - skip, f);
		if ((v = terse_version(f)) != 0)
			read_line(file, l, f, v, out, d);
	}
	free(f);
	return out->n - found;
}
