/* Series: which runs follow one another (the meta "series", else the
 * host and its set-up), their order, and the run each one is compared
 * with. The first step of the analysis; see analyse_int.h. */
#include "analyse/analyse_int.h"
#include "read/fio_key.h"
#include "read/meta.h"
#include "read/units.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Zero, as a run's changes start: no verdict, no rule. Here, in the
 * analysis' first step, as every later one reads it. */
const struct change change_none;

static const char *
meta_or_empty(const struct run *r, const char *key)
{
	const char *v = meta_get(&r->meta, key);

	return v ? v : "";
}


/* The meta keys that name a run's series after its host, when its meta
 * gives no "series"; then the device fio ran on (fio_device). */
static const char *const series_keys[] = {"controller", "disks", "raid",
    "filesystem"};
#define SERIES_FIELDS (2 + sizeof series_keys / sizeof *series_keys)
#define DEVICE_FIELD (SERIES_FIELDS - 1)
#define RAID_FIELD 3	/* 1 + "raid"'s place in series_keys */

/* A series named by its fields: the host, series_keys, the device ("",
 * unknown, where the run does not say). */
struct series_name {
	char *name;		/* pooled */
	const char *field[SERIES_FIELDS];
	long to;		/* the name it is completed to, or -1 */
};

/* The disks as the meta reader understood them, "1 x VIRTIO-256G" for
 * "VIRTIO-256G" and "1 X VIRTIO-256G" alike: written two ways, they are
 * one set of disks, not another configuration. Pooled; "" when none. */
static const char *
disks_field(struct strpool *pool, const struct run *r)
{
	const struct run_meta *m = &r->meta;

	if (m->disk_count < 0)
		return meta_or_empty(r, "disks");
	return strpool_take(pool, m->disk_model ? xasprintf("%d x %s",
	    m->disk_count, m->disk_model) : xasprintf("%d", m->disk_count));
}

/* The devices fio ran on, as its jobs name them, else as its disk
 * stats show them; "" when neither says (bonnie++, files fio made
 * where no disk stats were printed). Another device is another
 * configuration: its runs are not the history of this one's. */
static const char *
fio_device(const struct run *r)
{
	if (r->fio_target && strcmp(r->fio_target, FIO_ON_FILES) != 0)
		return r->fio_target;
	return r->fio_disks ? r->fio_disks : "";
}

static void
series_fields(struct strpool *pool, const struct run *r,
    const char *field[SERIES_FIELDS])
{
	field[0] = run_host(r);
	for (size_t k = 1; k < DEVICE_FIELD; k++)
		field[k] = strcmp(series_keys[k - 1], "disks") == 0 ?
		    disks_field(pool, r) : meta_or_empty(r, series_keys[k - 1]);
	/* A run of an array measured degraded is one of the array's: its
	 * state is told of its comparisons (run_analysis.busy) */
	if (meta_busy_state(field[RAID_FIELD]))
		field[RAID_FIELD] = strpool_take(pool,
		    meta_raid_steady(field[RAID_FIELD]));
	field[DEVICE_FIELD] = fio_device(r);
}

/* The series the meta names, or NULL (none, or empty). */
static const char *
named_series(const struct run *r)
{
	const char *s = meta_get(&r->meta, "series");

	return s && *s ? s : NULL;
}

static char *
series_of(struct strpool *pool, const struct run *r)
{
	const char *s = named_series(r), *f[SERIES_FIELDS];

	if (s)
		return xstrdup(s);
	series_fields(pool, r, f);
	/* The device only where there is one: a name as before for the
	 * runs that give none. */
	return xasprintf("%s|%s|%s|%s|%s%s%s", f[0], f[1], f[2], f[3], f[4],
	    *f[5] ? "|" : "", f[5]);
}

/* See analyse_int.h. An array's passing state ("raid6 md, rebuilding")
 * says nothing of the array (meta_raid_steady): its runs are told as
 * measured busy, not as another layout. */
bool
raid_within(const char *t, const char *u, bool *more)
{
	char *ts = meta_raid_steady(t), *us = meta_raid_steady(u);
	char *tw = meta_raid_words(ts), *uw = meta_raid_words(us), *w, *save;
	const char *uv[16];
	size_t nu = 0, found = 0;
	bool within = true;

	free(ts);
	free(us);
	for (w = strtok_r(uw, META_RAID_SEPARATORS, &save); w && nu < 16;
	    w = strtok_r(NULL, META_RAID_SEPARATORS, &save))
		uv[nu++] = w;
	for (w = strtok_r(tw, META_RAID_SEPARATORS, &save); w && within;
	    w = strtok_r(NULL, META_RAID_SEPARATORS, &save)) {
		size_t k = 0;

		while (k < nu && strcmp(uv[k], w) != 0)
			k++;
		within = k < nu;
		found++;
	}
	/* u's words past 16 are not looked at: such a value is no raid
	 * value another is a shorter form of */
	within = within && w == NULL && nu < 16;
	*more |= within && nu > found;
	free(tw);
	free(uw);
	return within;
}

/* Whether u says all t says, and more (t's unknown fields are u's). */
static bool
extends(const struct series_name *u, const struct series_name *t)
{
	bool more = false;

	for (size_t k = 0; k < SERIES_FIELDS; k++) {
		if (k == RAID_FIELD && t->field[k][0] != '\0' &&
		    strcmp(t->field[k], u->field[k]) != 0) {
			if (!raid_within(t->field[k], u->field[k], &more))
				return false;
			continue;
		}
		if (t->field[k][0] != '\0' && strcmp(t->field[k], u->field[k]))
			return false;
		more |= t->field[k][0] == '\0' && u->field[k][0] != '\0';
	}
	return more;
}

/* A name and its place, to sort the names by host. */
struct by_host {
	const char *host;
	size_t at;
};

static int
cmp_by_host(const void *x, const void *y)
{
	const struct by_host *a = x, *b = y;
	int c = strcmp(a->host, b->host);

	return c ? c : (a->at > b->at) - (a->at < b->at);
}

/* complete_series among the n names of one host, v[ix[0..n)]. top[u]:
 * 0 not known yet, 1 nothing says more than name u, 2 some name does. */
static void
complete_host(struct series_name *v, const struct by_host *ix, size_t n,
    unsigned char *top)
{
	for (size_t a = 0; a < n; a++) {
		struct series_name *t = &v[ix[a].at];
		bool unknown = false;

		for (size_t k = 1; k < SERIES_FIELDS; k++)
			unknown |= t->field[k][0] == '\0';
		for (size_t b = 0; unknown && b < n; b++) {
			size_t u = ix[b].at;

			if (!extends(&v[u], t))
				continue;
			for (size_t c = 0; top[u] == 0 && c <= n; c++)
				top[u] = c == n ? 1 : extends(&v[ix[c].at], &v[u]) ?
				    2 : 0;
			if (top[u] == 2)
				continue;
			if (t->to >= 0) {
				t->to = -1;	/* two: ambiguous */
				break;
			}
			t->to = (long)u;
		}
	}
}

/* A key given on one side only is unknown, not a difference: a series
 * whose name leaves a field unknown is the series of the same host that
 * says more, when exactly one says the most (no other says more than
 * it). One run says "btrfs" and the other nothing of its file system:
 * one series. Two that say "xfs" and "ext4": ambiguous, it stays apart.
 * The host is never completed (a run of no host joins no host's
 * series), so the names are compared host by host: a few each, however
 * many hosts. */
static void
complete_series(struct series_name *v, size_t n)
{
	struct by_host *ix = xcalloc(n ? n : 1, sizeof *ix);
	unsigned char *top = xcalloc(n ? n : 1, 1);

	for (size_t i = 0; i < n; i++) {
		v[i].to = -1;
		ix[i] = (struct by_host){v[i].field[0], i};
	}
	qsort(ix, n, sizeof *ix, cmp_by_host);
	for (size_t lo = 0, hi; lo < n; lo = hi) {
		for (hi = lo + 1; hi < n && strcmp(ix[hi].host, ix[lo].host) == 0;
		    hi++)
			;
		complete_host(v, ix + lo, hi - lo, top);
	}
	free(top);
	free(ix);
}

/* Same RAID level and disk count, either unknown on one side counting
 * as the same: a change of layout is the scaling model's business, not a
 * regression. */
static bool
same_layout(const struct run *a, const struct run *b)
{
	/* what one side does not say is unknown, not a difference */
	return (a->meta.raid == b->meta.raid || a->meta.raid == RAID_UNKNOWN ||
	    b->meta.raid == RAID_UNKNOWN) && (a->meta.disk_count ==
	    b->meta.disk_count || a->meta.disk_count < 0 ||
	    b->meta.disk_count < 0);
}

bool
same_series(const struct analysis *a, size_t x, size_t y)
{
	/* Pooled: the same name is the same pointer. */
	return a->runs[x].series == a->runs[y].series ||
	    strcmp(a->runs[x].series, a->runs[y].series) == 0;
}

bool
share_metrics(const struct run *x, const struct run *y)
{
	size_t i = 0, k = 0;

	if (x->sum_ids == NULL && y->sum_ids == NULL)
		return x->nsum > 0 && y->nsum > 0;
	while (i < x->nsum && k < y->nsum) {
		int a = run_metric_at(x, i), b = run_metric_at(y, k);

		if (a == b)
			return true;
		if (a < b)
			i++;
		else
			k++;
	}
	return false;
}

/* How far back a run's base may be sought past runs of its series that
 * bonnie++ measured otherwise. */
#define ALIKE_LOOKBACK 30

static bool
same_param(const char *x, const char *y)
{
	/* what one side does not say is unknown, not a difference */
	return x == NULL || y == NULL || strcmp(x, y) == 0;
}

/* ---- bonnie++ options ---- */

/* The options of a bonnie++ command line that change what it measures
 * (-s, -n, -r, -c, -p and the flags -f, -b, -D, -y), each with the
 * metrics it moves; -d, -m, -u, -x and the like do not. -p N and -y run
 * N instances at once, held together by a semaphore: each measures its
 * share. The file tests run last:
 * -n moves them alone, while a file of another size (or per-char tests
 * skipped) leaves them another page cache and disk to start from. */
static const struct measure_option {
	char letter;
	bool value;
	struct moves moves;
} measure_options[] = {
	{'s', true, BONNIE}, {'r', true, BONNIE}, {'f', false, BONNIE},
	{'n', true, FILE_TESTS}, {'c', true, BONNIE},
	{'b', false, BONNIE}, {'D', false, BONNIE}, {'p', true, BONNIE},
	{'y', false, BONNIE},
};
#define NMEASURE (sizeof measure_options / sizeof *measure_options)

/* Options that take a value but do not change the measurement. */
static bool
takes_value(char letter)
{
	return strchr("dmuxgzZ", letter) != NULL;
}

/* The measuring options of a bonnie-options text, each one's value
 * ("" for a flag given, NULL when absent) into v (room for NMEASURE,
 * each of 32 bytes). */
static void
parse_options(const char *text, char v[][32], bool *given)
{
	char *copy = xstrdup(text), *save, *tok;

	for (size_t k = 0; k < NMEASURE; k++)
		given[k] = false;
	for (tok = strtok_r(copy, " \t", &save); tok;
	    tok = strtok_r(NULL, " \t", &save)) {
		const char *val = NULL;

		if (tok[0] != '-' || tok[1] == '\0')
			continue;
		for (size_t k = 0; k < NMEASURE; k++) {
			if (measure_options[k].letter != tok[1])
				continue;
			/* "-n20:128" and "-fN" carry their value. */
			val = tok[2] ? tok + 2 : measure_options[k].value ?
			    strtok_r(NULL, " \t", &save) : "";
			given[k] = true;
			snprintf(v[k], 32, "%s", val ? val : "");
		}
		if (val == NULL && takes_value(tok[1]) && tok[2] == '\0')
			strtok_r(NULL, " \t", &save);
	}
	free(copy);
}

bool
bonnie_options_differ(const char *a, const char *b, const struct metric *m, char *x,
    char *y, size_t n)
{
	char va[NMEASURE][32], vb[NMEASURE][32];
	bool ga[NMEASURE], gb[NMEASURE];
	bool moves = false;
	size_t ox = 0, oy = 0;

	parse_options(a, va, ga);
	parse_options(b, vb, gb);
	x[0] = y[0] = '\0';
	for (size_t k = 0; k < NMEASURE; k++) {
		if (ga[k] != gb[k] || (ga[k] && strcmp(va[k], vb[k]) != 0))
			moves |= moves_metric(measure_options[k].moves, m);
		if (ga[k] && ox < n)
			ox += (size_t)snprintf(x + ox, n - ox, "%s-%c%s%s",
			    ox ? " " : "", measure_options[k].letter,
			    va[k][0] ? " " : "", va[k]);
		if (gb[k] && oy < n)
			oy += (size_t)snprintf(y + oy, n - oy, "%s-%c%s%s",
			    oy ? " " : "", measure_options[k].letter,
			    vb[k][0] ? " " : "", vb[k]);
	}
	return moves;
}

/* Whether bonnie++ ran alike in two runs, as far as both say: the same
 * file size, file tests and io chunk in its output, and the same
 * measuring options in their meta (a night run with -b or another -r
 * does not stand between the nights around it). */
static bool
bonnie_alike(const struct run *x, const struct run *y)
{
	const char *ox = meta_get(&x->meta, "bonnie-options");
	const char *oy = meta_get(&y->meta, "bonnie-options");
	char sx[160], sy[160];

	return !units_bonnie_sizes_differ(x->params.size, y->params.size) &&
	    same_param(x->params.files, y->params.files) &&
	    same_param(x->params.chunk, y->params.chunk) &&
	    (ox == NULL || oy == NULL || strcmp(ox, oy) == 0 ||
	    !bonnie_options_differ(ox, oy, NULL, sx, sy, sizeof sx));
}

/* Whether a word of fio's command line says only how fio prints, or
 * where its file is: "--output-format=normal" measures what
 * "--output-format=json" does, and "--group_reporting" prints as one
 * the jobs benchsite adds up anyway. */
static bool
fio_output_option(const char *w, size_t n)
{
	/* and where its files are: a scratch file of each night's name on
	 * the same disk and file system (which their keys say) */
	static const char *const out[] = {"--output", "--minimal", "--eta",
	    "--status-interval", "--terse-version", "--append-terse",
	    "--group_reporting", "--filename=", "--directory=",
	    "--filename_format="};

	for (size_t k = 0; k < sizeof out / sizeof *out; k++)
		if (n >= strlen(out[k]) && strncmp(w, out[k], strlen(out[k])) == 0)
			return true;
	return false;
}

/* The next word of s at or after *p that is not an output option, as
 * start and length; false at the end. */
static bool
next_fio_word(const char **p, const char **w, size_t *n)
{
	for (;;) {
		*p += strspn(*p, " \t");
		if (**p == '\0')
			return false;
		*w = *p;
		*n = strcspn(*p, " \t");
		*p += *n;
		if (!fio_output_option(*w, *n))
			return true;
	}
}

/* Whether two fio command lines ask the same of fio, but for how it
 * prints (analyse_int.h): the set-up's keys and the base chooser ask. */
bool
same_fio_options(const char *x, const char *y)
{
	const char *wx, *wy;
	size_t nx, ny;

	for (;;) {
		bool more_x = next_fio_word(&x, &wx, &nx);
		bool more_y = next_fio_word(&y, &wy, &ny);

		if (!more_x || !more_y)
			return more_x == more_y;
		if (nx != ny || strncmp(wx, wy, nx) != 0)
			return false;
	}
}

/* Whether fio ran alike in two runs, as far as both say: the same job
 * options in their meta, file size and run time (a night run for 3 s
 * instead of 5 is another configuration's). */
static bool
fio_options_alike(const struct run *x, const struct run *y)
{
	const char *ox = meta_get(&x->meta, "fio-options");
	const char *oy = meta_get(&y->meta, "fio-options");

	return (ox == NULL || oy == NULL || same_fio_options(ox, oy)) &&
	    !units_sizes_differ(x->fio_size, y->fio_size) &&
	    !units_durations_differ(x->fio_runtime, y->fio_runtime);
}

/* Whether run prev ran alike (fio_options_alike) and has one of run
 * r's fio figures, or r has none: in runs of bonnie++ and fio both, a
 * night whose fio jobs were others (another depth) shares only
 * bonnie++'s figures with the next, and would leave its fio figures
 * with nothing to compare. */
static bool
fio_alike(const struct run *prev, const struct run *r)
{
	bool has_fio = false;

	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);

		if (id < M_COUNT)
			continue;
		if (run_metric_slot(prev, id) >= 0)
			return fio_options_alike(prev, r);
		has_fio = true;
	}
	return !has_fio;
}

bool
same_host(const struct run *x, const struct run *y)
{
	const char *hx = meta_get(&x->meta, "host");
	const char *hy = meta_get(&y->meta, "host");

	return hx == NULL || hy == NULL || strcmp(hx, hy) == 0;
}

/* Whether two runs are on one file system, as far as both metas say
 * (a series the meta names may hold a night on tmpfs). */
static bool
same_filesystem(const struct run *x, const struct run *y)
{
	const char *fx = meta_get(&x->meta, "filesystem");
	const char *fy = meta_get(&y->meta, "filesystem");

	return fx == NULL || fy == NULL || strcasecmp(fx, fy) == 0;
}

/* The last run before i in its series with the same layout, some
 * figure to compare, bonnie++ run alike (bonnie_alike), one of its fio
 * figures (fio_alike), the same host (a series the meta names may
 * span a fleet) and file system, sought past those measured otherwise
 * (*skipped then): one night run with another file size or other fio
 * jobs, on tmpfs, or another host's night, does not stand between the
 * nights around it. Without one, the run just before with the same
 * layout and a figure to compare; -1 when there is none. */
static long
previous_in_series(const struct analysis *a, size_t i, bool *skipped)
{
	const struct run *r = &a->set->runs[i];
	long first = -1;
	size_t seen = 0;

	*skipped = false;
	for (size_t p = a->pos[i]; p > 0 && seen < ALIKE_LOOKBACK &&
	    same_series(a, a->order[p - 1], i); p--) {
		const struct run *prev = &a->set->runs[a->order[p - 1]];

		if (!same_layout(prev, r) || !share_metrics(prev, r))
			continue;
		if (bonnie_alike(prev, r) && same_host(prev, r) &&
		    fio_alike(prev, r) && same_filesystem(prev, r)) {
			*skipped = first >= 0;
			return (long)a->order[p - 1];
		}
		if (first < 0)
			first = (long)a->order[p - 1];
		seen++;
	}
	return first;
}

/* What orders a series: its name, then the run's date, then its id. */
struct series_key {
	const char *series, *date, *id, *kernel;
	size_t run;
	double when;		/* date as an instant (meta_date_days) */
	bool has_when;		/* a date, not "" */
	bool inherited;		/* date: the run's before it by id */
};

/* Dates by the instant they name, in UTC (2026-09-04T23:30-04:00 is
 * after 2026-09-05T01:00Z), then as written; no date first. */
static int
cmp_date(const struct series_key *a, const struct series_key *b)
{
	if (a->has_when != b->has_when)
		return a->has_when ? 1 : -1;
	if (a->has_when && a->when != b->when)
		return a->when < b->when ? -1 : 1;
	return strcmp(a->date, b->date);
}

static int
cmp_series_key(const void *x, const void *y)
{
	const struct series_key *a = x, *b = y;
	int c = strcmp(a->series, b->series);

	if (c == 0)
		c = cmp_date(a, b);
	return c ? c : strcmp(a->id, b->id);
}

/* Kernel versions in their order: "2.4.19" < "2.5.43" < "6.8-rc7" <
 * "6.8" < "6.8.1" (a release candidate comes before its release);
 * what follows the numbers breaks a tie as text. */
static int
cmp_kernel(const char *x, const char *y)
{
	while (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
		char *ex, *ey;
		unsigned long nx = strtoul(x, &ex, 10), ny = strtoul(y, &ey, 10);
		bool rx, ry;

		if (nx != ny)
			return nx < ny ? -1 : 1;
		x = ex;
		y = ey;
		rx = strncmp(x, "-rc", 3) == 0;
		ry = strncmp(y, "-rc", 3) == 0;
		if (rx != ry)
			return rx ? -1 : 1;
		if (*x != '.' || *y != '.')
			break;
		x++;
		y++;
	}
	if (isdigit((unsigned char)*x) != isdigit((unsigned char)*y))
		return isdigit((unsigned char)*x) ? 1 : -1;	/* "6.8" < "6.8.1" */
	return strcmp(x, y);
}

/* Whether a kernel is one under test rather than a release: a release
 * candidate ("2.4.32-rc3", "6.8-rc7") or one of 2.x's development lines,
 * whose minor number is odd ("2.5.43"). */
static bool
candidate_kernel(const char *k)
{
	char *end;
	unsigned long major = strtoul(k, &end, 10), minor;

	if (strstr(k, "-rc") != NULL)
		return true;
	if (major != 2 || *end != '.')
		return false;
	minor = strtoul(end + 1, NULL, 10);
	return minor % 2 == 1;
}

static int
cmp_by_kernel(const void *x, const void *y)
{
	const struct series_key *a = x, *b = y;
	bool ca = candidate_kernel(a->kernel), cb = candidate_kernel(b->kernel);
	int c = ca != cb ? (ca ? 1 : -1) : cmp_kernel(a->kernel, b->kernel);

	return c ? c : strcmp(a->id, b->id);
}

/* Runs of one series and one date (or none), each with a kernel of its
 * own version: the tables of one post, whose order says nothing of
 * which came first. A release is what a kernel under test (a release
 * candidate, a development line) is measured against, and an older
 * release what a newer one is: a poster who gives "2.5.43" before
 * "2.4.19", or "2.6.13" before "2.4.32-rc3", measures the second
 * against the first in the one case and the first against the second
 * in the other. */
static void
order_by_kernel(struct series_key *k, size_t n)
{
	for (size_t s = 0, e; s < n; s = e) {
		bool all = true, differ = false;

		for (e = s; e < n && strcmp(k[e].series, k[s].series) == 0 &&
		    strcmp(k[e].date, k[s].date) == 0; e++) {
			all = all && isdigit((unsigned char)k[e].kernel[0]) &&
			    !k[e].inherited;
			differ = differ || strcmp(k[e].kernel, k[s].kernel);
		}
		if (e - s > 1 && all && differ)
			qsort(k + s, e - s, sizeof *k, cmp_by_kernel);
	}
}

static int
cmp_series_id(const void *x, const void *y)
{
	const struct series_key *a = x, *b = y;
	int c = strcmp(a->series, b->series);

	return c ? c : strcmp(a->id, b->id);
}

/* A run of a series whose meta gives no date, where others do ("night-02"
 * between "night-01" and "night-03" of their dates), is ordered as of
 * the date of the run before it by id: it ran after it, as far as
 * anything says, not before every dated run. */
static void
undated_after_their_predecessor(struct series_key *k, size_t n)
{
	const char *last = "";

	qsort(k, n, sizeof *k, cmp_series_id);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && strcmp(k[i].series, k[i - 1].series) != 0)
			last = "";
		if (k[i].date[0] == '\0') {
			k[i].date = last;
			k[i].inherited = last[0] != '\0';
		} else
			last = k[i].date;
	}
}

/* Every run in series order (series, date, id; runs of one date, each of
 * its own kernel, by the kernel's version), and each one's place. */
void
order_series(struct analysis *a)
{
	size_t n = a->set->n;
	struct series_key *k = xcalloc(n ? n : 1, sizeof *k);

	for (size_t i = 0; i < n; i++)
		k[i] = (struct series_key){a->runs[i].series,
		    meta_or_empty(&a->set->runs[i], "date"), a->set->runs[i].id,
		    meta_or_empty(&a->set->runs[i], "kernel"), i, 0, false,
		    false};
	undated_after_their_predecessor(k, n);
	for (size_t i = 0; i < n; i++)
		k[i].has_when = meta_date_days(k[i].date, &k[i].when);
	qsort(k, n, sizeof *k, cmp_series_key);
	order_by_kernel(k, n);
	a->order = xcalloc(n ? n : 1, sizeof *a->order);
	a->pos = xcalloc(n ? n : 1, sizeof *a->pos);
	for (size_t p = 0; p < n; p++) {
		a->order[p] = k[p].run;
		a->pos[k[p].run] = p;
	}
	free(k);
}

/* How the base that skipped runs measured otherwise is told: by the
 * benchmarks run r ran. */
static const char *
measured_alike(const struct run *r)
{
	if (r->nsamples > 0 && r->fio_samples > 0)
		return "the last run before it in its series measured alike "
		    "(by bonnie++, with its fio jobs, on its host and file "
		    "system)";
	if (r->fio_samples > 0)
		return "the last run before it in its series measured alike "
		    "(with its fio jobs, on its host and file system)";
	return "the last run before it in its series measured alike (by "
	    "bonnie++ with its options, on its host and file system)";
}

/* Whether run j takes run i for its baseline by its meta, as
 * choose_base does. (A baseline given on the command line is every
 * run's: it keeps its own base, or a fall it brought would show only as
 * the runs before it rising.) */
static bool
baseline_of(const struct analysis *a, size_t j, size_t i, long forced)
{
	const char *named = meta_get(&a->set->runs[j].meta, "baseline");

	if (forced >= 0 && (size_t)forced != j)
		return false;
	return named && runset_find(a->set, named) == (long)i &&
	    same_layout(&a->set->runs[i], &a->set->runs[j]);
}

void
choose_base(struct analysis *a, size_t i, long forced)
{
	struct run_analysis *ra = &a->runs[i];
	const char *named = meta_get(&a->set->runs[i].meta, "baseline");
	bool skipped;
	long b;

	ra->base = -1;
	ra->prev = (int32_t)previous_in_series(a, i, &skipped);
	if (forced >= 0 && (size_t)forced != i) {
		ra->base = forced;
		ra->base_why = "the baseline given on the command line";
	} else if (named && (b = runset_find(a->set, named)) >= 0 &&
	    (size_t)b != i && same_layout(&a->set->runs[b], &a->set->runs[i])) {
		ra->base = b;
		ra->base_why = "its baseline (meta)";
	} else if ((b = ra->prev) >= 0 && !baseline_of(a, (size_t)b, i,
	    forced)) {
		/* not the run that takes this one for its baseline: that
		 * pair is judged once, the other way */
		ra->base = b;
		ra->base_why = skipped ? measured_alike(&a->set->runs[i]) :
		    "the run before it in its series";
	}
	/* a baseline that is the run before it is judged as that run */
	ra->base_in_series = ra->base >= 0 && ra->base == ra->prev;
}

static uint64_t
name_hash(uintptr_t value, const void *ctx)
{
	const struct series_name *v = *(struct series_name *const *)ctx;

	return hash_bytes(&v[value - 1].name, sizeof v[value - 1].name, 0);
}

/* Every run's series name, pooled: runs of one series share it. A name
 * the meta does not give is completed (complete_series). */
void
name_series(struct analysis *a)
{
	struct series_name *v = NULL;
	size_t n = 0, cap = 0, at;
	struct hashmap seen;

	hashmap_init(&seen, 64, name_hash, &v);
	for (size_t i = 0; i < a->set->n; i++) {
		const struct run *r = &a->set->runs[i];
		char *name = strpool_take(a->pool, series_of(a->pool, r));

		a->runs[i].series = name;
		if (named_series(r))
			continue;
		for (at = hashmap_home(&seen, hash_bytes(&name, sizeof name,
		    0)); seen.slot[at] && v[seen.slot[at] - 1].name != name;
		    at = hashmap_next(&seen, at))
			;
		if (seen.slot[at])
			continue;
		xgrow((void **)&v, &cap, n + 1, sizeof *v);
		v[n].name = name;
		series_fields(a->pool, r, v[n].field);
		hashmap_put(&seen, at, (uintptr_t)++n);
	}
	complete_series(v, n);
	for (size_t i = 0; i < a->set->n && n > 0; i++) {
		const char *name = a->runs[i].series;

		if (named_series(&a->set->runs[i]))
			continue;
		for (at = hashmap_home(&seen, hash_bytes(&name, sizeof name,
		    0)); v[seen.slot[at] - 1].name != name;
		    at = hashmap_next(&seen, at))
			;
		if (v[seen.slot[at] - 1].to >= 0)
			a->runs[i].series = v[v[seen.slot[at] - 1].to].name;
	}
	hashmap_free(&seen);
	free(v);
}

/* A meta baseline that names no run, or the run itself, is said, not
 * silently dropped. */
/* Whether key, a metric's key ("randread-4k-qd16-j1-libaio-direct.iops"),
 * is ack, or ack one of its heads at a dot (the workload's, its
 * direction's), as metric_ack looks them up. */
static bool
ack_covers(const char *ack, const char *key)
{
	size_t n = strlen(ack);

	return strncmp(key, ack, n) == 0 && (key[n] == '\0' || key[n] == '.');
}

/* Warns of each ack.KEY of run i's meta that no figure of the run has:
 * a typo ("-direct" left out) acknowledges nothing, silently. A KEY of
 * no metric at all the meta reader has said. */
static void
check_acks(const struct runset *set, size_t i, struct diags *d)
{
	const struct run *r = &set->runs[i];

	for (size_t e = 0; e < r->meta.n; e++) {
		const char *key = meta_key(&r->meta, e);
		bool covers = false;
		char *dir, *path;

		if (strncmp(key, "ack.", 4) != 0 || r->nsum == 0 ||
		    !ack_key_valid(key + 4))
			continue;
		for (size_t k = 0; k < r->nsum && !covers; k++)
			covers = ack_covers(key + 4,
			    set->metrics.v[run_metric_at(r, k)].def.key);
		if (covers)
			continue;
		dir = run_dir(set, r);
		path = xasprintf("%s/meta", dir);
		diags_add(d, MSG_WARNING, path, 0, "%s names no figure of this "
		    "run; it acknowledges nothing (a fio workload's figures "
		    "are like ack.randread-4k-qd16-j1-libaio-direct.iops)", key);
		free(path);
		free(dir);
	}
}

void
check_named_baseline(const struct runset *set, size_t i, struct diags *d)
{
	check_acks(set, i, d);
	const struct run *r = &set->runs[i];
	const char *named = meta_get(&r->meta, "baseline");
	long b;

	if (named == NULL)
		return;
	b = runset_find(set, named);
	if (b < 0 || (size_t)b == i) {
		char *dir = run_dir(set, r);

		diags_add(d, MSG_WARNING, dir, 0, "baseline \"%s\" %s; "
		    "ignored", named, b < 0 ? "names no run (give its path "
		    "below RUNS)" : "is this run itself");
		free(dir);
	}
}
