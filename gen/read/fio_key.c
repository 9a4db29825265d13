/* fio's metric keys: from a job's options to a key and back; see
 * fio_key.h. */
#include "read/fio_key.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const fio_measure_keys[FIO_MEASURES] = {
	"bw", "iops", "lat", "p50", "p99", "p99_9", "sync", "sync_p99",
};
const char *const fio_measure_labels[FIO_MEASURES] = {
	"bandwidth", "IOPS", "mean latency", "p50 latency", "p99 latency",
	"p99.9 latency", "mean sync latency", "p99 sync latency",
};
const char *const fio_sync_keys[FIO_SYNCS] = {
	"", "osync", "fsync", "fdsync",
};
const char *const fio_sync_labels[FIO_SYNCS] = {
	"", "O_SYNC", "fsync", "fdatasync",
};
const char *const fio_rw_names[FIO_RWS] = {
	"read", "write", "randread", "randwrite", "readwrite", "randrw",
	"trim", "randtrim", "trimwrite", "job",
};

bool
fio_rw_random(enum fio_rw rw)
{
	return rw == RW_RANDREAD || rw == RW_RANDWRITE || rw == RW_RANDRW ||
	    rw == RW_RANDTRIM;
}

bool
fio_rw_reads_and_writes(enum fio_rw rw)
{
	return rw == RW_READWRITE || rw == RW_RANDRW;
}

bool
fio_rw_mixed(enum fio_rw rw)
{
	return rw == RW_READWRITE || rw == RW_RANDRW || rw == RW_TRIMWRITE ||
	    rw == RW_JOB;
}

/* The direction a pure pattern does. */
static enum fio_dir
pure_dir(enum fio_rw rw)
{
	switch (rw) {
	case RW_WRITE:
	case RW_RANDWRITE:
		return FIO_WRITE;
	case RW_TRIM:
	case RW_RANDTRIM:
		return FIO_TRIM;
	default:
		return FIO_READ;
	}
}

/* fio's rw option ("randread", "rw", "randread:8", "RandRead"). */
static enum fio_rw
rw_of(const char *text)
{
	char word[16];
	size_t n = 0;

	if (text == NULL)
		return FIO_RWS;
	while (*text == ' ')
		text++;
	for (; text[n] && text[n] != ':' && text[n] != ' ' && n + 1 <
	    sizeof word; n++)
		word[n] = (char)tolower((unsigned char)text[n]);
	word[n] = '\0';
	if (strcmp(word, "rw") == 0)
		return RW_READWRITE;
	if (strcmp(word, "randrw") == 0 || strcmp(word, "randreadwrite") == 0)
		return RW_RANDRW;
	for (int k = 0; k < RW_JOB; k++)
		if (strcmp(word, fio_rw_names[k]) == 0)
			return (enum fio_rw)k;
	return FIO_RWS;
}

int
fio_rw_pure_dir(const char *rw)
{
	enum fio_rw k = rw_of(rw);

	return k >= RW_JOB || fio_rw_mixed(k) ? -1 : (int)pure_dir(k);
}

/* The largest block size read: a pebibyte (16 digits in a key). */
#define BS_MAX 1125899906842624.0

/* A number with fio's size suffix (k, m, g, t; "KiB", "KB" and "B"
 * alike: fio's sizes are powers of 1024 unless kb_base says otherwise)
 * at *s, advancing it; 0 when none, or past BS_MAX. */
static uint64_t
size_at(const char **s)
{
	const char *p = *s;
	char *end;
	double v = strtod(p, &end);
	uint64_t mult = 1;

	if (end == p || !(v > 0) || v > BS_MAX)
		return 0;
	p = end;
	switch (tolower((unsigned char)*p)) {
	case 'k':
		mult = 1024;
		break;
	case 'm':
		mult = 1024 * 1024;
		break;
	case 'g':
		mult = 1024ull * 1024 * 1024;
		break;
	case 't':
		mult = 1024ull * 1024 * 1024 * 1024;
		break;
	default:
		break;
	}
	while (isalpha((unsigned char)*p))
		p++;
	*s = p;
	return v * (double)mult > BS_MAX ? 0 : (uint64_t)llround(v *
	    (double)mult);
}

/* The size at *s, and whether a range of other sizes follows it
 * ("4k-64k"; "4096B-4096B" is one size). */
static uint64_t
size_or_range(const char **s, bool *range)
{
	uint64_t first = size_at(s), last;

	if (**s == '-') {
		(*s)++;
		last = size_at(s);
		*range = *range || (last != 0 && last != first);
	}
	return first;
}

/* The block size of direction dir in fio's bs text, or 0; *range set
 * when it is a range. */
static uint64_t
bs_of(const char *text, enum fio_dir dir, bool *range)
{
	static const char marks[FIO_DIRS] = {'R', 'W', 'T'};
	const char *p, *mark;
	uint64_t first;

	if (text == NULL)
		return 0;
	/* The normal text: "(R) 4096B-4096B, (W) 65536B-65536B, ..." */
	if ((mark = strchr(text, '(')) != NULL) {
		char want[4] = {'(', marks[dir], ')', '\0'};

		if ((mark = strstr(text, want)) == NULL)
			return 0;
		p = mark + 3;
		while (*p == ' ')
			p++;
		return size_or_range(&p, range);
	}
	/* "4k", "4k-64k" (a range: its first), "4k,64k" (read, write),
	 * fio 2's text "4K-4K/64K-64K/64K-64K" (read, write, trim) */
	p = text;
	while (*p == ' ')
		p++;
	first = size_or_range(&p, range);
	for (int d = 1; d <= (int)dir && first; d++) {
		const char *comma = strpbrk(p, ",/");

		if (comma == NULL)
			break;	/* one size for every direction */
		p = comma + 1;
		*range = false;
		first = size_or_range(&p, range);
	}
	return first;
}

uint64_t
fio_bs_bytes(const char *text, enum fio_dir dir)
{
	bool range = false;

	return bs_of(text, dir, &range);
}

/* A positive count option ("32", "01"), or def when not given; -1 when
 * given but not a count. */
static int
count_of(const char *text, int def)
{
	char *end;
	long v;

	if (text == NULL)
		return def;
	v = strtol(text, &end, 10);
	while (*end == ' ')
		end++;
	return end != text && *end == '\0' && v >= 1 && v <= 1000000 ?
	    (int)v : -1;
}

/* Lower case, every run of other characters than a-z, 0-9 and those of
 * extra one gap character, at most max bytes, none at either end. */
static void
slug(const char *text, const char *extra, char gap_char, char *out,
    size_t max)
{
	size_t n = 0;
	bool gap = false;

	for (const char *p = text ? text : ""; *p && n < max; p++) {
		int c = tolower((unsigned char)*p);

		if (isalnum(c) || (c && strchr(extra, c))) {
			if (gap && n > 0 && n + 1 < max)
				out[n++] = gap_char;
			if (n < max)
				out[n++] = (char)c;
			gap = false;
		} else {
			gap = true;
		}
	}
	out[n] = '\0';
}

/* A job's name as its key holds it: slugged, and when longer than
 * FIO_JOB_NAME_MAX its start and a digest of the whole, so that
 * "randread-4k-qd32-numjobs4-..." and "...-numjobs8-..." stay two jobs
 * (cut to their first bytes alone they were one). */
static void
job_name_slug(const char *name, char *out)
{
	enum { TAIL = 7 };	/* "-" and six hex digits */
	size_t len = name ? strlen(name) : 0;
	char small[128];	/* most names: no allocation per key */
	char *full = len < sizeof small ? small : xmalloc(len + 1);
	size_t n;

	slug(name, "", '-', full, len);
	n = strlen(full);
	if (n <= FIO_JOB_NAME_MAX) {
		memcpy(out, full, n + 1);
	} else {
		n = FIO_JOB_NAME_MAX - TAIL;
		while (n > 0 && full[n - 1] == '-')
			n--;
		memcpy(out, full, n);
		snprintf(out + n, TAIL + 1, "-%06x", (unsigned)(hash_bytes(full,
		    strlen(full), 0) & 0xffffffu));
	}
	if (full != small)
		free(full);
}

/* Whether name is one slug() could write with gap_char: a-z, 0-9 and
 * gap_char only. */
static bool
slugged(const char *name, char gap_char)
{
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    *p == gap_char))
			return false;
	return true;
}

static bool
flag_set(const char *text)
{
	return text && (strcmp(text, "1") == 0 || strcmp(text, "true") == 0);
}

/* Whether the job bypassed the page cache: direct=1, or buffered=0,
 * fio's other way of saying it. */
static bool
direct_of(const struct fio_job *j)
{
	return flag_set(j->param[FP_DIRECT]) || (j->param[FP_BUFFERED] &&
	    strcmp(j->param[FP_BUFFERED], "0") == 0);
}

/* How the job's writes were made durable (see enum fio_sync): fio's
 * sync option ("1", "sync", "dsync"; "0" and "none" are not), else the
 * more frequent of fsync=N and fdatasync=N. A pattern that only reads
 * has nothing to sync, whatever its options say. */
static void
sync_of(const struct fio_job *j, struct fio_key *k)
{
	const char *o = j->param[FP_SYNC];
	int fs = count_of(j->param[FP_FSYNC], 0);
	int fds = count_of(j->param[FP_FDATASYNC], 0);

	k->sync = FSY_NONE;
	k->sync_every = 1;
	if (!fio_rw_mixed(k->rw) && pure_dir(k->rw) == FIO_READ)
		return;
	if (o && (strcmp(o, "1") == 0 || strcasecmp(o, "sync") == 0 ||
	    strcasecmp(o, "dsync") == 0)) {
		k->sync = FSY_OSYNC;
	} else if (fds > 0 && (fs <= 0 || fds <= fs)) {
		k->sync = FSY_FDATASYNC;
		k->sync_every = fds;
	} else if (fs > 0) {
		k->sync = FSY_FSYNC;
		k->sync_every = fs;
	}
}

void
fio_sync_label(const struct fio_key *k, char *buf, size_t size)
{
	if (k->sync == FSY_NONE)
		buf[0] = '\0';
	else if (k->sync_every > 1)
		snprintf(buf, size, " %s every %d", fio_sync_labels[k->sync],
		    k->sync_every);
	else
		snprintf(buf, size, " %s", fio_sync_labels[k->sync]);
}

bool
fio_key_same(const struct fio_key *a, const struct fio_key *b)
{
	char x[FIO_KEY_MAX + 1], y[FIO_KEY_MAX + 1];

	return fio_key_format(a, x) && fio_key_format(b, y) &&
	    strcmp(x, y) == 0;
}

double
fio_key_inflight(const struct fio_key *k)
{
	return (double)k->iodepth * k->numjobs;
}

bool
fio_key_uncached(const struct fio_key *k)
{
	return k->direct || (k->sync != FSY_NONE && k->dir == FIO_WRITE);
}

bool
fio_job_uncached(const struct fio_job *j, enum fio_dir dir)
{
	struct fio_key k;

	memset(&k, 0, sizeof k);
	k.rw = rw_of(j->param[FP_RW]);
	k.dir = dir;
	k.direct = direct_of(j);
	sync_of(j, &k);
	return fio_key_uncached(&k);
}

/* Whether an option asks for something, not its default: a number
 * other than 0 in it ("500k", "0,2m"; not "0" or "0,0"). */
static bool
nonzero(const char *text)
{
	for (const char *p = text ? text : ""; *p; p++)
		if (*p >= '1' && *p <= '9')
			return true;
	return false;
}

/* Whether the job's options say more than a key can: a mix of block
 * sizes, a skewed random pattern, a throttled rate or pauses between
 * requests. Such a job is named by its name (its figures are not the
 * disk's at a pattern, size and depth). */
static bool
beyond_key(const struct fio_job *j, bool bs_range)
{
	const char *dist = j->param[FP_RANDOM_DISTRIBUTION];

	return bs_range || j->param[FP_BSSPLIT] != NULL ||
	    (dist != NULL && strcasecmp(dist, "random") != 0) ||
	    nonzero(j->param[FP_RATE]) || nonzero(j->param[FP_RATE_IOPS]) ||
	    nonzero(j->param[FP_THINKTIME]);
}

/* A job named by its name: "job-NAME" and the direction. */
static bool
job_key(const struct fio_job *j, struct fio_key *k)
{
	/* A throttle is part of what the job is: held to 5 IOPS it is not
	 * the job held to 5000 (the figures are the throttle's). */
	static const struct {
		enum fio_param p;
		const char *mark;
	} throttles[] = {{FP_RATE_IOPS, "iops"}, {FP_RATE, "rate"},
	    {FP_THINKTIME, "think"}};
	size_t n;

	k->rw = RW_JOB;
	job_name_slug(j->name, k->job);
	if (k->job[0] == '\0')
		snprintf(k->job, sizeof k->job, "unnamed");
	for (size_t t = 0; t < sizeof throttles / sizeof *throttles; t++) {
		const char *v = j->param[throttles[t].p];

		n = strlen(k->job);
		if (!nonzero(v) || n + strlen(throttles[t].mark) + 2 >=
		    FIO_JOB_MAX)
			continue;
		snprintf(k->job + n, sizeof k->job - n, "-%s-",
		    throttles[t].mark);
		n = strlen(k->job);
		slug(v, "", '-', k->job + n, FIO_JOB_MAX - n);
	}
	return true;
}

/* A share in per cent, 0 to 100; -1 when not given or not one. */
static int
percent_of(const char *text)
{
	char *end;
	long v;

	if (text == NULL)
		return -1;
	v = strtol(text, &end, 10);
	return end != text && *end == '\0' && v >= 0 && v <= 100 ? (int)v : -1;
}

/* The share of reads of a read and write mix, in per cent: rwmixread,
 * else 100 less rwmixwrite, else fio's 50; 0 for other patterns. */
static int
mix_of(const struct fio_job *j, enum fio_rw rw)
{
	int r = percent_of(j->param[FP_RWMIXREAD]);
	int w = percent_of(j->param[FP_RWMIXWRITE]);

	if (!fio_rw_reads_and_writes(rw))
		return 0;
	return r >= 0 ? r : w >= 0 ? 100 - w : 50;
}

/* The share of a random pattern's requests made at random in direction
 * dir: percentage_random ("85", or "85,50" by direction), else fio's
 * 100; 0 for sequential patterns. */
static int
random_of(const struct fio_job *j, enum fio_rw rw, enum fio_dir dir)
{
	const char *p = j->param[FP_PERCENTAGE_RANDOM];
	char part[8];
	int v;

	if (!fio_rw_random(rw))
		return 0;
	for (int d = 0; p != NULL && d < (int)dir && strchr(p, ','); d++)
		p = strchr(p, ',') + 1;
	if (p == NULL || strcspn(p, ",") >= sizeof part)
		return 100;
	snprintf(part, sizeof part, "%.*s", (int)strcspn(p, ","), p);
	v = percent_of(part);
	return v >= 0 ? v : 100;
}

/* fio's synchronous engines, which keep one request in flight whatever
 * iodepth says ("increasing iodepth beyond 1 will not affect synchronous
 * ioengines"): such a job's depth is 1, so that "psync, iodepth=64" is
 * the same workload as "psync" and counts one request a job. */
static void
sync_engine_depth(struct fio_key *k)
{
	static const char *const sync_engines[] = {"sync", "psync", "vsync",
	    "pvsync", "pvsync2", "mmap", "splice", "falloc", "ftruncate",
	    "filecreate", "filestat", "filedelete"};

	for (size_t i = 0; i < sizeof sync_engines / sizeof *sync_engines;
	    i++)
		if (strcmp(k->engine, sync_engines[i]) == 0)
			k->iodepth = 1;
}

bool
fio_key_of(const struct fio_job *j, enum fio_dir dir, enum fio_measure m,
    struct fio_key *k)
{
	bool range = false;

	memset(k, 0, sizeof *k);
	k->measure = m;
	k->dir = dir;
	k->rw = rw_of(j->param[FP_RW]);
	if (k->rw == FIO_RWS) {
		if (j->param[FP_RW] != NULL)
			return false;	/* a pattern this does not know */
		return job_key(j, k);
	}
	if (!fio_rw_mixed(k->rw) && pure_dir(k->rw) != dir)
		return false;
	k->bs = j->param[FP_BS] ? bs_of(j->param[FP_BS], dir, &range) : 4096;
	if (beyond_key(j, range))
		return job_key(j, k);
	k->iodepth = count_of(j->param[FP_IODEPTH], 1);
	k->numjobs = count_of(j->param[FP_NUMJOBS], j->jobs > 0 ? j->jobs : 1);
	/* A size or count that does not read ("--bs=${blocksize}", a
	 * script's variable): the workload is not known, the job is */
	if (k->bs == 0 || k->iodepth < 0 || k->numjobs < 0)
		return job_key(j, k);
	k->direct = direct_of(j);
	k->mix = mix_of(j, k->rw);
	k->random = random_of(j, k->rw, dir);
	sync_of(j, k);
	slug(j->param[FP_IOENGINE], "_", '_', k->engine, FIO_ENGINE_MAX);
	sync_engine_depth(k);
	return true;	/* and fits FIO_KEY_MAX, by the limits above */
}

void
fio_bs_text(uint64_t bs, char *buf, size_t size)
{
	static const char units[] = "kmgt";
	int u = -1;

	while (u < 3 && bs >= 1024 && bs % 1024 == 0) {
		bs /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, size, "%llu", (unsigned long long)bs);
	else
		snprintf(buf, size, "%llu%c", (unsigned long long)bs, units[u]);
}

/* "-fdsync", "-fsync8", "-osync"; "" when the job synced nothing. */
static void
sync_text(const struct fio_key *k, char *buf, size_t size)
{
	if (k->sync == FSY_NONE)
		buf[0] = '\0';
	else if (k->sync_every > 1)
		snprintf(buf, size, "-%s%d", fio_sync_keys[k->sync],
		    k->sync_every);
	else
		snprintf(buf, size, "-%s", fio_sync_keys[k->sync]);
}

bool
fio_key_format(const struct fio_key *k, char *buf)
{
	char bs[24], sync[24], mix[16] = "", rnd[16] = "", dir[16] = "";
	int n;

	if (k->rw == RW_JOB) {
		n = snprintf(buf, FIO_KEY_MAX + 1, "job-%s.%s.%s", k->job,
		    fio_dir_names[k->dir], fio_measure_keys[k->measure]);
		return n >= 0 && n <= FIO_KEY_MAX;
	}
	fio_bs_text(k->bs, bs, sizeof bs);
	sync_text(k, sync, sizeof sync);
	if (fio_rw_reads_and_writes(k->rw) && k->mix != 50)
		snprintf(mix, sizeof mix, "-mix%d", k->mix);
	if (fio_rw_random(k->rw) && k->random != 100)
		snprintf(rnd, sizeof rnd, "-rand%d", k->random);
	if (fio_rw_mixed(k->rw))
		snprintf(dir, sizeof dir, ".%s", fio_dir_names[k->dir]);
	n = snprintf(buf, FIO_KEY_MAX + 1, "%s-%s-qd%d-j%d%s%s%s%s%s%s%s.%s",
	    fio_rw_names[k->rw], bs, k->iodepth, k->numjobs,
	    k->engine[0] ? "-" : "", k->engine, k->direct ? "-direct" : "",
	    sync, mix, rnd, dir, fio_measure_keys[k->measure]);
	return n >= 0 && n <= FIO_KEY_MAX;
}

/* The measure at the end of a key (after its last '.'), or -1. */
static int
measure_of(const char *s)
{
	for (int m = 0; m < FIO_MEASURES; m++)
		if (strcmp(s, fio_measure_keys[m]) == 0)
			return m;
	return -1;
}

static int
dir_of(const char *s, size_t n)
{
	for (int d = 0; d < FIO_DIRS; d++)
		if (strlen(fio_dir_names[d]) == n &&
		    memcmp(s, fio_dir_names[d], n) == 0)
			return d;
	return -1;
}

/* Splits "WORKLOAD[.DIR].MEASURE" and reads its tail into k; returns
 * the workload's length, or 0. */
static size_t
key_tail(const char *text, struct fio_key *k, bool *has_dir)
{
	const char *last = strrchr(text, '.'), *prev;
	int m, d;

	if (last == NULL || (m = measure_of(last + 1)) < 0)
		return 0;
	k->measure = (enum fio_measure)m;
	*has_dir = false;
	for (prev = last; prev > text && prev[-1] != '.'; prev--)
		;
	if (prev > text && (d = dir_of(prev, (size_t)(last - prev))) >= 0) {
		k->dir = (enum fio_dir)d;
		*has_dir = true;
		return (size_t)(prev - 1 - text);
	}
	return (size_t)(last - text);
}

/* Reads a sync suffix ("fdsync", "fsync8", "osync") into k. */
static bool
sync_parse(const char *text, struct fio_key *k)
{
	for (int s = FSY_OSYNC; s < FIO_SYNCS; s++) {
		size_t n = strlen(fio_sync_keys[s]);
		char *end;
		long every = 1;

		if (strncmp(text, fio_sync_keys[s], n) != 0)
			continue;
		if (text[n] != '\0' && s != FSY_OSYNC)
			every = strtol(text + n, &end, 10);
		else if (text[n] != '\0')
			return false;
		else
			end = (char *)text + n;
		if (*end || every < 1 || every > 1000000)
			return false;
		k->sync = (enum fio_sync)s;
		k->sync_every = (int)every;
		return true;
	}
	return false;
}


/* A key's part PREFIX and a share in per cent ("mix70", "rand85"): into
 * *v, the parts left (*np) one fewer. True when part is another part
 * (left as it is), false when it is PREFIX with no share. */
static bool
tail_percent(const char *part, const char *prefix, int *v, size_t *np)
{
	size_t n = strlen(prefix);
	char *end;
	long x;

	if (strncmp(part, prefix, n) != 0)
		return true;
	x = strtol(part + n, &end, 10);
	if (end == part + n || *end || x < 0 || x > 100)
		return false;
	*v = (int)x;
	(*np)--;
	return true;
}
/* Reads "RW-BS-qdN-jN[-ENGINE][-direct][-SYNC]" of n bytes into k. */
static bool
workload_parse(const char *text, size_t n, struct fio_key *k)
{
	char copy[FIO_KEY_MAX + 1], *part[9], *save, *tok;
	size_t np = 0;
	const char *p;
	char *end;

	if (n > FIO_KEY_MAX)
		return false;
	memcpy(copy, text, n);
	copy[n] = '\0';
	for (tok = strtok_r(copy, "-", &save); tok && np < 9;
	    tok = strtok_r(NULL, "-", &save))
		part[np++] = tok;
	if (tok != NULL || np < 4 || (k->rw = rw_of(part[0])) >= RW_JOB)
		return false;
	if (strcmp(part[0], fio_rw_names[k->rw]) != 0)
		return false;
	p = part[1];
	if ((k->bs = size_at(&p)) == 0 || *p)
		return false;
	if (strncmp(part[2], "qd", 2) != 0 || strncmp(part[3], "j", 1) != 0)
		return false;
	k->iodepth = (int)strtol(part[2] + 2, &end, 10);
	if (*end || k->iodepth < 1 || k->iodepth > 1000000)
		return false;
	k->numjobs = (int)strtol(part[3] + 1, &end, 10);
	if (*end || k->numjobs < 1 || k->numjobs > 1000000)
		return false;
	/* From the end: the random share, the mix, the sync, then direct,
	 * then the engine. */
	k->sync_every = 1;
	k->random = fio_rw_random(k->rw) ? 100 : 0;
	if (np > 4 && fio_rw_random(k->rw) &&
	    !tail_percent(part[np - 1], "rand", &k->random, &np))
		return false;
	k->mix = fio_rw_reads_and_writes(k->rw) ? 50 : 0;
	if (np > 4 && fio_rw_reads_and_writes(k->rw) &&
	    !tail_percent(part[np - 1], "mix", &k->mix, &np))
		return false;
	if (np > 4 && sync_parse(part[np - 1], k))
		np--;
	if (np > 4 && strcmp(part[np - 1], "direct") == 0) {
		k->direct = true;
		np--;
	}
	if (np > 5 || (np == 5 && (strlen(part[4]) > FIO_ENGINE_MAX ||
	    !slugged(part[4], '_'))))
		return false;
	if (np == 5)
		snprintf(k->engine, sizeof k->engine, "%s", part[4]);
	return true;
}

bool
fio_key_parse(const char *text, struct fio_key *k)
{
	char again[FIO_KEY_MAX + 1];
	bool has_dir;
	size_t n;

	memset(k, 0, sizeof *k);
	if (strlen(text) > FIO_KEY_MAX || (n = key_tail(text, k, &has_dir)) == 0)
		return false;
	if (strncmp(text, "job-", 4) == 0) {
		if (!has_dir || n - 4 > FIO_JOB_MAX || n == 4)
			return false;
		k->rw = RW_JOB;
		memcpy(k->job, text + 4, n - 4);
		k->job[n - 4] = '\0';
		if (!slugged(k->job, '-'))
			return false;
	} else if (!workload_parse(text, n, k)) {
		return false;
	} else if (fio_rw_mixed(k->rw) != has_dir) {
		return false;
	} else if (!has_dir) {
		k->dir = pure_dir(k->rw);
	}
	/* Only the one way of writing each key is a key. */
	fio_key_format(k, again);
	return strcmp(again, text) == 0;
}

bool
fio_measure_by_key(const char *name, enum fio_measure *m)
{
	int k = measure_of(name);

	if (k < 0)
		return false;
	*m = (enum fio_measure)k;
	return true;
}

bool
metric_key_valid(const char *key)
{
	struct fio_key k;

	return metric_by_key(key) >= 0 || fio_key_parse(key, &k);
}

bool
ack_key_valid(const char *key)
{
	static const char *const measures[] = {".iops", ".read.iops",
	    ".write.iops"};
	char k[FIO_KEY_MAX + 16];

	if (metric_key_valid(key))
		return true;
	for (size_t m = 0; m < sizeof measures / sizeof *measures; m++) {
		struct fio_key parsed;

		if (snprintf(k, sizeof k, "%s%s", key, measures[m]) <
		    (int)sizeof k && fio_key_parse(k, &parsed))
			return true;
	}
	return false;
}

bool
noise_key_valid(const char *key)
{
	enum fio_measure m;

	return metric_key_valid(key) || fio_measure_by_key(key, &m);
}

bool
fio_measure_withheld(const struct fio_side *s, enum fio_measure m)
{
	return (m == FM_P50 || m == FM_P99 || m == FM_P99_9) &&
	    fio_clat_after_submission(s);
}

double
fio_measure_value(const struct fio_side *s, enum fio_measure m)
{
	double v;

	switch (m) {
	case FM_BW:
		v = s->bw_kib;
		break;
	case FM_IOPS:
		v = s->iops;
		break;
	/* clat timed after a long submission is no request's latency:
	 * the mean is then the whole (lat), which clat is elsewhere but
	 * for a submission of microseconds; its percentiles are withheld
	 * (fio_measure_withheld) */
	case FM_LAT:
		v = fio_clat_after_submission(s) ? s->lat.mean : s->clat.mean;
		break;
	case FM_P50:
		v = fio_clat_after_submission(s) ? NAN : s->clat_pct[P50];
		break;
	case FM_P99:
		v = fio_clat_after_submission(s) ? NAN : s->clat_pct[P99];
		break;
	case FM_P99_9:
		v = fio_clat_after_submission(s) ? NAN : s->clat_pct[P99_9];
		break;
	case FM_SYNC:
		v = s->sync.mean;
		break;
	default:
		v = s->sync_pct[P99];
		break;
	}
	return s->present && v > 0 ? v : NAN;
}
