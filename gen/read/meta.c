/* The meta reader: "key: value" lines with "#" comments, keys case-
 * insensitive; known keys get their structured value read. A bad line is
 * reported and the rest still read. */
#include "read/meta.h"
#include "read/fio_key.h"
#include "read/units.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const raid_level_names[RAID_LEVEL_COUNT] = {
	[RAID_UNKNOWN] = NULL,
	[RAID_NONE] = "none",
	[RAID_0] = "raid0",
	[RAID_1] = "raid1",
	[RAID_10] = "raid10",
	[RAID_5] = "raid5",
	[RAID_6] = "raid6",
	[RAID_JBOD] = "jbod",
	[RAID_Z1] = "raidz",
	[RAID_Z2] = "raidz2",
	[RAID_Z3] = "raidz3",
};

/* Checks and reads the value of one known key; returns NULL when it is
 * fine, else what is wrong with it. */
typedef const char *(*meta_check_fn)(struct run_meta *, const char *value);

static const char *check_date(struct run_meta *, const char *);
static const char *check_disks(struct run_meta *, const char *);
static const char *check_raid(struct run_meta *, const char *);
static const char *check_max_rate(struct run_meta *, const char *);

struct known_key {
	const char *key;
	meta_check_fn check;	/* NULL: free text */
};

static const struct known_key known_keys[] = {
	{"title", NULL}, {"date", check_date}, {"host", NULL},
	{"label", NULL}, {"series", NULL}, {"chipset", NULL},
	{"controller", NULL}, {"bus", NULL}, {"disks", check_disks},
	{"raid", check_raid}, {"chunk", NULL}, {"filesystem", NULL},
	{"mount-options", NULL}, {"kernel", NULL}, {"os", NULL},
	{"scheduler", NULL}, {"readahead", NULL}, {"queue-depth", NULL},
	{"write-cache", NULL}, {"nr-requests", NULL}, {"max-sectors", NULL},
	{"loop-direct-io", NULL}, {"cpu", NULL}, {"memory", NULL},
	{"motherboard", NULL}, {"driver", NULL}, {"firmware", NULL},
	{"bonnie-options", NULL}, {"fio-options", NULL}, {"baseline", NULL},
	{"ram", NULL}, {"fio-version", NULL}, {"bonnie-version", NULL},
	{"max-rate", check_max_rate},
	/* what collect says of the path besides */
	{"mount-point", NULL}, {"mount-source", NULL}, {"raid-devices", NULL},
	{"stack", NULL},
	/* and expect.METRIC (a target), ack.METRIC (a known problem) and
	 * noise.METRIC (the noise floor, in RUNS/meta) */
};

/* Keeps s (from malloc) in m: pooled when m has a pool. */
static char *
meta_keep(struct run_meta *m, char *s)
{
	return m->pool ? strpool_take(m->pool, s) : s;
}

static void
meta_drop(struct run_meta *m, char *s)
{
	if (m->pool)
		strpool_release(m->pool, s);
	else
		free(s);
}

/* n digits at s as a number, or -1. */
static int
digits_at(const char *s, int n)
{
	int v = 0;

	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* The days of month m (1-12) of year y of the Gregorian calendar. */
static int
days_in_month(int y, int m)
{
	static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31};
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 && leap ? 29 : days[m - 1];
}

/* ISO 8601: YYYY, YYYY-MM, YYYY-MM-DD, optionally THH:MM[:SS[.fff]]
 * and a zone (Z or +HH:MM). */
static const char *
check_date(struct run_meta *m, const char *v)
{
	size_t n = strlen(v), i;
	int month, day;

	(void)m;
	if (n < 4 || digits_at(v, 4) < 0)
		return "not an ISO 8601 date (YYYY-MM-DD)";
	i = 4;
	if (i < n && v[i] == '-') {
		if (n < 7 || (month = digits_at(v + 5, 2)) < 0)
			return "not an ISO 8601 date (YYYY-MM-DD)";
		if (month < 1 || month > 12)
			return "month out of range";
		i = 7;
		if (i < n && v[i] == '-') {
			if (n < 10 || (day = digits_at(v + 8, 2)) < 0)
				return "not an ISO 8601 date (YYYY-MM-DD)";
			if (day < 1 || day > days_in_month(digits_at(v, 4),
			    month))
				return "day out of range";
			i = 10;
		}
	}
	if (i == n)
		return NULL;
	if ((v[i] != 'T' && v[i] != ' ') || i != 10 || n < i + 6 ||
	    digits_at(v + i + 1, 2) < 0 || v[i + 3] != ':' ||
	    digits_at(v + i + 4, 2) < 0)
		return "not an ISO 8601 date and time";
	if (digits_at(v + i + 1, 2) > 24 || digits_at(v + i + 4, 2) > 59)
		return "time out of range";
	i += 6;
	if (i + 3 <= n && v[i] == ':' && digits_at(v + i + 1, 2) >= 0) {
		if (digits_at(v + i + 1, 2) > 60)
			return "time out of range";
		i += 3;
		if (i + 1 < n && v[i] == '.' && digits_at(v + i + 1, 1) >= 0)
			for (i++; i < n && isdigit((unsigned char)v[i]); i++)
				;	/* a fraction of a second */
	}
	if (i < n && v[i] == 'Z')
		i++;
	else if (i + 6 <= n && (v[i] == '+' || v[i] == '-') &&
	    digits_at(v + i + 1, 2) >= 0 && v[i + 3] == ':' &&
	    digits_at(v + i + 4, 2) >= 0)
		i += 6;
	return i == n ? NULL : "not an ISO 8601 date and time";
}

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar. */
static long
days_from_civil(long y, int m, int d)
{
	long era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* The minutes east of UTC of the zone that ends a time, at s just past
 * its HH:MM ("", ":SS", ":SS.fff", then "Z", "+HH:MM" or "-HH:MM"): 0
 * when it gives none. */
static int
zone_minutes(const char *s)
{
	int zh, zm;

	if (s[0] == ':' && digits_at(s + 1, 2) >= 0)
		s += 3;
	if (s[0] == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			;
	if ((s[0] != '+' && s[0] != '-') || (zh = digits_at(s + 1, 2)) < 0 ||
	    s[3] != ':' || (zm = digits_at(s + 4, 2)) < 0)
		return 0;
	return (s[0] == '-' ? -1 : 1) * (zh * 60 + zm);
}

bool
meta_date_has_day(const char *iso)
{
	return strlen(iso) >= 10 && iso[4] == '-' && iso[7] == '-' &&
	    digits_at(iso, 4) >= 0 && digits_at(iso + 5, 2) >= 0 &&
	    digits_at(iso + 8, 2) >= 0;
}

bool
meta_date_has_time(const char *iso)
{
	return strlen(iso) >= 16 && (iso[10] == 'T' || iso[10] == ' ') &&
	    iso[13] == ':' && digits_at(iso + 11, 2) >= 0 &&
	    digits_at(iso + 14, 2) >= 0;
}

bool
meta_date_days(const char *iso, double *days)
{
	int y, mo = 1, d = 1, h = 0, mi = 0;
	size_t n = iso ? strlen(iso) : 0;

	if (n < 4 || (y = digits_at(iso, 4)) < 0)
		return false;
	if (n >= 7 && iso[4] == '-' && (mo = digits_at(iso + 5, 2)) < 0)
		return false;
	if (n >= 10 && iso[7] == '-' && (d = digits_at(iso + 8, 2)) < 0)
		return false;
	if (mo < 1 || mo > 12 || d < 1 || d > 31)
		return false;
	/* The time of day orders runs of one day, in UTC: 23:30-04:00 is
	 * after 01:00Z of the next day. */
	if (meta_date_has_time(iso)) {
		h = digits_at(iso + 11, 2);
		mi = digits_at(iso + 14, 2) - zone_minutes(iso + 16);
	}
	*days = (double)days_from_civil(y, mo, d) + (h * 60 + mi) / 1440.0;
	return true;
}

#define MAX_DISKS 100000

/* "4 x ST3400832AS", "4x ST3400832AS", "4" (a count), "ST3400832AS"
 * (one disk). */
static const char *
check_disks(struct run_meta *m, const char *v)
{
	const char *p = v;
	long count = 0;
	bool times;

	while (isdigit((unsigned char)*p)) {
		if (count <= MAX_DISKS)
			count = count * 10 + (*p - '0');
		p++;
	}
	while (p != v && *p == ' ')
		p++;
	times = (*p == 'x' || *p == 'X' || *p == '*') &&
	    (p[1] == ' ' || p[1] == '\0');
	if (p == v || (!times && *p != '\0')) {
		m->disk_count = 1;	/* a model that starts with digits */
		meta_drop(m, m->disk_model);
		m->disk_model = meta_keep(m, xstrdup(v));
		return NULL;
	}
	if (count < 1)
		return "a disk count must be at least 1";
	if (count > MAX_DISKS)
		return "a disk count must be at most 100000";
	m->disk_count = (int)count;
	if (times) {
		for (p++; *p == ' '; p++)
			;
		meta_drop(m, m->disk_model);
		m->disk_model = *p ? meta_keep(m, xstrdup(p)) : NULL;
	}
	return NULL;
}

static const struct {
	const char *word;
	enum raid_level level;
} raid_words[] = {
	{"raid0", RAID_0}, {"stripe", RAID_0}, {"striped", RAID_0},
	{"raid1", RAID_1}, {"mirror", RAID_1}, {"mirrored", RAID_1},
	{"raid10", RAID_10}, {"raid1+0", RAID_10},
	/* a mirror of stripes, scaled as a stripe of mirrors: writes
	 * reach half the disks, reads all of them */
	{"raid0+1", RAID_10}, {"raid01", RAID_10}, {"raid5", RAID_5},
	{"raid6", RAID_6}, {"raidz", RAID_Z1}, {"raidz1", RAID_Z1},
	{"raidz2", RAID_Z2}, {"raidz3", RAID_Z3}, {"none", RAID_NONE},
	{"single", RAID_NONE}, {"jbod", RAID_JBOD}, {"linear", RAID_JBOD},
};

/* A level and one that names it more precisely: "raid6 zfs raidz2" is a
 * raidz2, "raid10: two mirrors striped" a raid10. */
static const struct {
	enum raid_level general, precise;
} raid_refines[] = {
	{RAID_5, RAID_Z1}, {RAID_6, RAID_Z2}, {RAID_0, RAID_10},
	{RAID_1, RAID_10},
};

static bool
refines(enum raid_level precise, enum raid_level general)
{
	if (precise == general)
		return true;
	for (size_t k = 0; k < sizeof raid_refines / sizeof *raid_refines; k++)
		if (raid_refines[k].precise == precise &&
		    raid_refines[k].general == general)
			return true;
	return false;
}

/* The one level named (bit l of named: level l was) that every other
 * named level is a vaguer name of, or RAID_UNKNOWN when none is. */
static enum raid_level
named_level(unsigned named)
{
	enum raid_level found = RAID_UNKNOWN;

	for (int l = 0; l < RAID_LEVEL_COUNT; l++) {
		bool all = named >> l & 1;

		for (int o = 0; all && o < RAID_LEVEL_COUNT; o++)
			if (named >> o & 1 && !refines((enum raid_level)l,
			    (enum raid_level)o))
				all = false;
		if (all)
			found = (enum raid_level)l;
	}
	return found;
}

char *
meta_raid_words(const char *v)
{
	size_t n = strlen(v), o = 0;
	char *norm = xmalloc(n + 1);

	for (size_t i = 0; i < n; i++) {
		char c = (char)tolower((unsigned char)v[i]);

		if ((c == ' ' || c == '-') && o >= 4 &&
		    strncmp(norm + o - 4, "raid", 4) == 0)
			continue;
		norm[o++] = c;
	}
	norm[o] = '\0';
	return norm;
}

/* Any word of the value may name the level, in any case ("raid5 md",
 * "hw RAID10"); "RAID 5", "RAID-5", "raid 1+0" and "RAID-Z2" read as
 * "raid5", "raid1+0" and "raidz2" (meta_raid_words). Several words
 * may name one level, the most precise of them counting ("raid6 zfs
 * raidz2"); words naming two levels ("striped mirror": raid10, or
 * raid0+1?) are ambiguous: no level is read rather than the wrong
 * one. */
static const char *
check_raid(struct run_meta *m, const char *v)
{
	char *norm = meta_raid_words(v), *word, *save = NULL;
	enum raid_level found;
	unsigned named = 0;

	for (word = strtok_r(norm, META_RAID_SEPARATORS, &save); word;
	    word = strtok_r(NULL, " ,/", &save))
		for (size_t k = 0; k < sizeof raid_words / sizeof *raid_words;
		    k++)
			if (strcmp(word, raid_words[k].word) == 0)
				named |= 1u << raid_words[k].level;
	free(norm);
	if (named == 0)
		return "no RAID level in it (none, raid0, raid1, raid10, "
		    "raid1+0, raid0+1, raid5, raid6, raidz, raidz1, raidz2, raidz3, "
		    "mirror, stripe, jbod, linear)";
	if ((found = named_level(named)) == RAID_UNKNOWN)
		return "it names more than one RAID level: say which one";
	m->raid = found;
	return NULL;
}

enum metric_kind
meta_key_kind(const char *key)
{
	int id = metric_by_key(key);
	struct fio_key k;

	if (id >= 0)
		return metric_defs[id].kind;
	if (!fio_key_parse(key, &k))
		return MK_RATE;
	return k.measure == FM_BW ? MK_THROUGHPUT : k.measure == FM_IOPS ?
	    MK_RATE : MK_LATENCY;
}

static const char *
check_expect(struct run_meta *m, const char *key, const char *v)
{
	const char *metric = key + strlen("expect.");
	double target;

	if (!metric_key_valid(metric))
		return "no such metric after \"expect.\" (putc, put_block, "
		    "rewrite, getc, get_block, seeks, seq_create, ..., or a "
		    "fio workload's: randread-4k-qd32-j1-libaio-direct.iops)";
	switch (meta_key_kind(metric)) {
	case MK_THROUGHPUT:
		return units_target(v, MK_THROUGHPUT, &target) ? NULL :
		    "not a throughput with a unit (185 MB/s, 190000 K/sec, "
		    "1.2 GiB/s)";
	case MK_RATE:
		return units_target(v, MK_RATE, &target) ? NULL :
		    "not a rate with a unit (300/s)";
	default:
		return units_target(v, MK_LATENCY, &target) ? NULL :
		    "not a latency with a unit (2 ms, 500 us)";
	}
}

/* The fastest the disks, controller or bus can move data: a block
 * figure above it came from a cache. */
static const char *
check_max_rate(struct run_meta *m, const char *v)
{
	double rate;

	return units_target(v, MK_THROUGHPUT, &rate) ? NULL : "not a "
	    "throughput with a unit (300 MB/s, 1.2 GiB/s)";
}

static const char *
check_noise(const char *key, const char *v)
{
	double share;

	if (!noise_key_valid(key + strlen("noise.")))
		return "no such metric after \"noise.\" (putc, put_block, "
		    "rewrite, getc, get_block, seeks, seq_create, ..., a fio "
		    "workload's, or one of fio's measures: " FIO_MEASURE_LIST
		    ")";
	return units_percent(v, &share) ? NULL : "not a percentage (8%)";
}

bool
meta_expect(const struct run_meta *m, const char *key, enum metric_kind kind,
    double *value)
{
	char name[META_KEY_MAX + 1];
	const char *v;

	if (snprintf(name, sizeof name, "expect.%s", key) >= (int)sizeof name ||
	    (v = meta_get(m, name)) == NULL)
		return false;
	return units_target(v, kind, value);
}

const char *
meta_key(const struct run_meta *m, size_t i)
{
	return m->v[i];
}

const char *
meta_value(const struct run_meta *m, size_t i)
{
	return m->v[i] + strlen(m->v[i]) + 1;
}

bool
meta_key_known(const char *key)
{
	if (strncmp(key, "expect.", 7) == 0 || strncmp(key, "ack.", 4) == 0 ||
	    strncmp(key, "noise.", 6) == 0)
		return true;
	for (size_t i = 0; i < sizeof known_keys / sizeof *known_keys; i++)
		if (known_keys[i].key[0] == key[0] &&
		    strcmp(known_keys[i].key, key) == 0)
			return true;
	return false;
}

const char *
meta_get(const struct run_meta *m, const char *key)
{
	/* The first two bytes first: most keys differ there (an entry's
	 * key and key are at least one byte and a NUL). */
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i][0] == key[0] && m->v[i][1] == key[1] &&
		    strcmp(m->v[i], key) == 0)
			return meta_value(m, i);
	return NULL;
}

static const char *
check_value(struct run_meta *m, const char *key, const char *value)
{
	if (strncmp(key, "expect.", 7) == 0)
		return check_expect(m, key, value);
	if (strncmp(key, "noise.", 6) == 0)
		return check_noise(key, value);
	if (strncmp(key, "ack.", 4) == 0 && !ack_key_valid(key + 4))
		return "no such metric after \"ack.\" (putc, put_block, "
		    "rewrite, getc, get_block, seeks, seq_create, ..., or a "
		    "fio workload's: randread-4k-qd32-j1-libaio-direct.iops, or "
		    "all its figures: randread-4k-qd32-j1-libaio-direct)";
	for (size_t i = 0; i < sizeof known_keys / sizeof *known_keys; i++)
		if (known_keys[i].key[0] == key[0] &&
		    strcmp(known_keys[i].key, key) == 0)
			return known_keys[i].check ?
			    known_keys[i].check(m, value) : NULL;
	return NULL;	/* unknown keys are kept as they are */
}

static bool
valid_key(const char *k, size_t n)
{
	if (n == 0 || n > META_KEY_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)k[i]) && !strchr("-_.", k[i]))
			return false;
	return true;
}

/* Keys one meta file may have: a hundred disks of "collect" give 1300;
 * more is not metadata, and every page and comparison pays for each. */
#define MAX_META_KEYS 10000

/* The entries of a meta file being read, sorted by key, so that finding
 * a duplicate costs log n. */
struct key_index {
	size_t *v;
	size_t n, cap;
	size_t capm;		/* of the meta's entries (m->v) */
	long *line;		/* by entry: its line, for messages */
	size_t capline;
};

/* Where key is, or would go, in ix; *found says whether it is there. */
static size_t
key_place(const struct run_meta *m, const struct key_index *ix,
    const char *key, bool *found)
{
	size_t lo = 0, hi = ix->n;

	*found = false;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(m->v[ix->v[mid]], key);

		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* How much of a value a message quotes: 60 bytes, not cutting a UTF-8
 * character in two. */
static int
shown(const char *v)
{
	size_t n = strlen(v);

	if (n <= 60)
		return (int)n;
	return (int)utf8_cut(v, 60);
}

/* Whether s[0..n) is printable ASCII, which needs no cleaning. */
static bool
is_ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x7f || (unsigned char)s[i] < 0x20)
			return false;
	return true;
}

/* An entry of m: "key\0value", the value made UTF-8 for the pages, its
 * control characters and direction marks shown (xstrndup_shown; plain
 * ASCII, the usual, is as it is); pooled, as most runs of a series have
 * most of their entries in common. */
static char *
entry(struct run_meta *m, const char *key, size_t klen, const char *val,
    size_t vlen)
{
	char *utf8 = is_ascii(val, vlen) ? NULL : xstrndup_shown(val, vlen);
	size_t ulen = utf8 ? strlen(utf8) : vlen;
	char *e = xmalloc(klen + 1 + ulen + 1), *pooled;

	memcpy(e, key, klen);
	e[klen] = '\0';
	memcpy(e + klen + 1, utf8 ? utf8 : val, ulen);
	e[klen + 1 + ulen] = '\0';
	free(utf8);
	if (m->pool == NULL)
		return e;
	pooled = strpool_add(m->pool, e, klen + 1 + ulen);
	free(e);
	return pooled;
}

/* Reads one line into m; false when no more lines may be read. */
static bool
meta_line(const char *path, long no, const char *s, size_t n,
    struct run_meta *m, struct key_index *ix, struct diags *d)
{
	const char *colon, *val, *why, *value;
	size_t klen, vlen, at;
	char key[META_KEY_MAX + 1];
	bool found;

	text_trim(&s, &n);
	if (n == 0 || s[0] == '#')
		return true;
	if (memchr(s, '\0', n) != NULL) {
		/* Every string of the model ends at a NUL: a key or value
		 * with one would be read cut short, silently. */
		diags_add(d, MSG_ERROR, path, no, "a NUL byte in the line; "
		    "not read");
		return true;
	}
	colon = memchr(s, ':', n);
	klen = colon ? (size_t)(colon - s) : 0;
	while (klen > 0 && isspace((unsigned char)s[klen - 1]))
		klen--;
	if (colon == NULL || !valid_key(s, klen)) {
		diags_add(d, MSG_ERROR, path, no, "not a \"key: value\" line "
		    "(keys are letters, digits, '-', '_' and '.')");
		return true;
	}
	for (size_t k = 0; k < klen; k++)	/* valid_key: the most fits */
		key[k] = (char)tolower((unsigned char)s[k]);
	key[klen] = '\0';
	val = colon + 1;
	vlen = (size_t)(s + n - val);
	text_trim(&val, &vlen);
	at = key_place(m, ix, key, &found);
	if (found) {
		diags_add(d, MSG_WARNING, path, no, "duplicate key \"%s\" "
		    "(first at line %ld); the first is kept", key,
		    ix->line[ix->v[at]]);
		return true;
	}
	if (m->n == MAX_META_KEYS) {
		diags_add(d, MSG_ERROR, path, no, "more than %d keys; the "
		    "rest are not read", MAX_META_KEYS);
		return false;
	}
	xgrow((void **)&ix->v, &ix->cap, ix->n + 1, sizeof *ix->v);
	memmove(ix->v + at + 1, ix->v + at, (ix->n - at) * sizeof *ix->v);
	ix->v[at] = m->n;
	ix->n++;
	xgrow((void **)&m->v, &ix->capm, m->n + 1, sizeof *m->v);
	m->v[m->n] = entry(m, key, klen, val, vlen);
	xgrow((void **)&ix->line, &ix->capline, m->n + 1, sizeof *ix->line);
	ix->line[m->n] = no;
	value = meta_value(m, m->n++);
	if ((why = check_value(m, key, value)) != NULL)
		diags_add(d, MSG_WARNING, path, no, "%s: \"%.*s\": %s", key,
		    shown(value), value, why);
	return true;
}

void
meta_parse(const char *path, const char *buf, size_t len,
    const struct limits *lim, struct run_meta *m, struct diags *d)
{
	static const struct limits defaults = LIMITS_DEFAULT;
	struct key_index ix = {0};
	size_t start = 0;
	long no = 1;

	if (lim == NULL)
		lim = &defaults;
	m->disk_count = -1;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	while (start <= len) {
		const char *nl = start < len ? memchr(buf + start, '\n',
		    len - start) : NULL;
		size_t end = nl ? (size_t)(nl - buf) : len;

		if (end - start > lim->line)
			diags_add(d, MSG_ERROR, path, no, "line longer than %zu "
			    "bytes; not read", lim->line);
		else if (!meta_line(path, no, buf + start, end - start, m,
		    &ix, d))
			break;
		no++;
		start = end + 1;
	}
	free(ix.v);
	free(ix.line);
	if (m->n > 0 && m->n < ix.capm)	/* kept as long as the run */
		m->v = xrealloc(m->v, m->n * sizeof *m->v);
}

void
meta_free(struct run_meta *m)
{
	for (size_t i = 0; i < m->n; i++)
		meta_drop(m, m->v[i]);
	free(m->v);
	meta_drop(m, m->disk_model);
	memset(m, 0, sizeof *m);
}

/* ---- an array's state, in words (meta_busy_state) ---- */

/* Whether a word of the two before text[at] denies or dates the state
 * it names away: "without rebuilding", "not degraded", "after the
 * resync", "no longer degraded". */
static bool
state_denied(const char *text, size_t at)
{
	static const char *const deny[] = {"without", "not", "no", "after",
	    "before", "finished", "done", "longer", "never"};
	size_t end = at;

	for (int w = 0; w < 2 && end > 0; w++) {
		size_t start;

		while (end > 0 && !isalpha((unsigned char)text[end - 1]))
			end--;
		for (start = end; start > 0 &&
		    isalpha((unsigned char)text[start - 1]); start--)
			;
		for (size_t k = 0; k < sizeof deny / sizeof *deny; k++)
			if (end - start == strlen(deny[k]) &&
			    strncasecmp(text + start, deny[k], end - start) == 0)
				return true;
		end = start;
	}
	return false;
}

/* Whether text says state, where no word before it denies it. */
static bool
said_busy(const char *text, const char *state)
{
	size_t n = strlen(state);
	int first = tolower((unsigned char)state[0]);

	for (const char *p = text; *p; p++)
		if (tolower((unsigned char)*p) == first &&
		    strncasecmp(p, state, n) == 0 &&
		    !state_denied(text, (size_t)(p - text)))
			return true;
	return false;
}

/* Separators a state leaves at the end of the words before it ("raid5
 * md, degraded") or at the start of those after it ("degraded: raid5"). */
#define STATE_SEPARATORS " ,;:-([)]"

char *
meta_raid_steady(const char *v)
{
	const char *state = meta_busy_state(v), *at = v, *end;
	size_t n;

	if (state == NULL)
		return xstrdup(v);
	n = strlen(state);
	while (*at && strncasecmp(at, state, n) != 0)
		at++;
	end = at;
	while (end > v && strchr(STATE_SEPARATORS, end[-1]))
		end--;
	if (end > v)		/* the words before the state */
		return xstrndup(v, (size_t)(end - v));
	at += strspn(at + n, STATE_SEPARATORS) + n;
	end = at + strlen(at);
	while (end > at && strchr(STATE_SEPARATORS, end[-1]))
		end--;
	return xstrndup(at, (size_t)(end - at));
}

const char *
meta_busy_state(const char *text)
{
	/* "after resync" is the steady state again */
	static const char *const words[] = {"resyncing", "during resync",
	    "while resync", "rebuilding", "during rebuild", "while rebuild",
	    "degraded", "recovering", "during recovery", "reshaping",
	    "during reshape", "initializing", "initialising"};

	for (size_t j = 0; j < sizeof words / sizeof *words; j++)
		if (said_busy(text, words[j]))
			return words[j];
	return NULL;
}
