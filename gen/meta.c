/* The meta reader: "key: value" lines with "#" comments, keys case-
 * insensitive; known keys get their structured value read. A bad line is
 * reported and the rest still read. */
#include "model.h"
#include "units.h"
#include "xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *const raid_level_names[RAID_LEVEL_COUNT] = {
	[RAID_UNKNOWN] = NULL,
	[RAID_NONE] = "none",
	[RAID_0] = "raid0",
	[RAID_1] = "raid1",
	[RAID_10] = "raid10",
	[RAID_5] = "raid5",
	[RAID_6] = "raid6",
	[RAID_JBOD] = "jbod",
};

/* Checks and reads the value of one known key; returns NULL when it is
 * fine, else what is wrong with it. */
typedef const char *(*meta_check_fn)(struct run_meta *, const char *value);

static const char *check_date(struct run_meta *, const char *);
static const char *check_disks(struct run_meta *, const char *);
static const char *check_raid(struct run_meta *, const char *);

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
	{"write-cache", NULL}, {"cpu", NULL}, {"memory", NULL},
	{"motherboard", NULL}, {"driver", NULL}, {"firmware", NULL},
	{"bonnie-options", NULL}, {"baseline", NULL},
	/* and expect.METRIC (a target) and ack.METRIC (a known problem) */
};

static bool
digits(const char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* ISO 8601: YYYY, YYYY-MM, YYYY-MM-DD, optionally THH:MM[:SS] and a
 * zone (Z or +HH:MM). */
static const char *
check_date(struct run_meta *m, const char *v)
{
	size_t n = strlen(v), i;
	int month, day;

	(void)m;
	if (n < 4 || !digits(v, 4))
		return "not an ISO 8601 date (YYYY-MM-DD)";
	i = 4;
	if (i < n && v[i] == '-') {
		if (n < 7 || !digits(v + 5, 2))
			return "not an ISO 8601 date (YYYY-MM-DD)";
		month = (v[5] - '0') * 10 + (v[6] - '0');
		if (month < 1 || month > 12)
			return "month out of range";
		i = 7;
		if (i < n && v[i] == '-') {
			if (n < 10 || !digits(v + 8, 2))
				return "not an ISO 8601 date (YYYY-MM-DD)";
			day = (v[8] - '0') * 10 + (v[9] - '0');
			if (day < 1 || day > 31)
				return "day out of range";
			i = 10;
		}
	}
	if (i == n)
		return NULL;
	if ((v[i] != 'T' && v[i] != ' ') || i != 10 || n < i + 6 ||
	    !digits(v + i + 1, 2) || v[i + 3] != ':' || !digits(v + i + 4, 2))
		return "not an ISO 8601 date and time";
	i += 6;
	if (i + 3 <= n && v[i] == ':' && digits(v + i + 1, 2))
		i += 3;
	if (i < n && v[i] == 'Z')
		i++;
	else if (i + 6 <= n && (v[i] == '+' || v[i] == '-') &&
	    digits(v + i + 1, 2) && v[i + 3] == ':' && digits(v + i + 4, 2))
		i += 6;
	return i == n ? NULL : "not an ISO 8601 date and time";
}

/* "4 x ST3400832AS", "4x ST3400832AS", "ST3400832AS" (one disk). */
static const char *
check_disks(struct run_meta *m, const char *v)
{
	const char *p = v;
	long count = 0;

	while (isdigit((unsigned char)*p) && count < 100000)
		count = count * 10 + (*p++ - '0');
	if (p != v) {
		while (*p == ' ')
			p++;
		if ((*p == 'x' || *p == 'X' || *p == '*') &&
		    (p[1] == ' ' || p[1] == '\0')) {
			p++;
			while (*p == ' ')
				p++;
			if (count < 1)
				return "a disk count must be at least 1";
			m->disk_count = (int)count;
			free(m->disk_model);
			m->disk_model = *p ? xstrdup(p) : NULL;
			return NULL;
		}
		if (*p == '\0') {
			if (count < 1)
				return "a disk count must be at least 1";
			m->disk_count = (int)count;
			return NULL;
		}
	}
	m->disk_count = 1;
	free(m->disk_model);
	m->disk_model = xstrdup(v);
	return NULL;
}

static const struct {
	const char *word;
	enum raid_level level;
} raid_words[] = {
	{"raid0", RAID_0}, {"raid1", RAID_1}, {"raid10", RAID_10},
	{"raid1+0", RAID_10}, {"raid5", RAID_5}, {"raid6", RAID_6},
	{"none", RAID_NONE}, {"single", RAID_NONE}, {"jbod", RAID_JBOD},
	{"linear", RAID_JBOD},
};

/* Any word of the value may name the level ("raid5 md", "hw raid10");
 * "RAID 5", "RAID-5" and "raid 1+0" read as "raid5" and "raid1+0". */
static const char *
check_raid(struct run_meta *m, const char *v)
{
	size_t n = strlen(v), o = 0;
	char *norm = xmalloc(n + 1), *word, *save = NULL;

	for (size_t i = 0; i < n; i++) {
		char c = (char)tolower((unsigned char)v[i]);

		if ((c == ' ' || c == '-') && o >= 4 &&
		    strncmp(norm + o - 4, "raid", 4) == 0)
			continue;
		norm[o++] = c;
	}
	norm[o] = '\0';
	for (word = strtok_r(norm, " ,/", &save); word;
	    word = strtok_r(NULL, " ,/", &save)) {
		for (size_t k = 0; k < sizeof raid_words / sizeof *raid_words;
		    k++) {
			if (strcmp(word, raid_words[k].word) == 0) {
				m->raid = raid_words[k].level;
				free(norm);
				return NULL;
			}
		}
	}
	free(norm);
	return "no RAID level in it (none, raid0, raid1, raid10, raid5, "
	    "raid6, jbod)";
}

static const char *
check_expect(struct run_meta *m, const char *key, const char *v)
{
	int id = metric_by_key(key + strlen("expect."));
	double target;

	if (id < 0)
		return "no such metric after \"expect.\" (putc, put_block, "
		    "rewrite, getc, get_block, seeks, seq_create, ...)";
	if (!units_target(v, metric_defs[id].kind, &target))
		return metric_defs[id].kind == MK_THROUGHPUT ?
		    "not a throughput with a unit (185 MB/s, 190000 K/sec, "
		    "1.2 GiB/s)" : "not a rate with a unit (300/s)";
	m->has_expect[id] = true;
	m->expect[id] = target;
	return NULL;
}

const char *
meta_get(const struct run_meta *m, const char *key)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->v[i].key, key) == 0)
			return m->v[i].value;
	return NULL;
}

static const char *
check_value(struct run_meta *m, const char *key, const char *value)
{
	if (strncmp(key, "expect.", 7) == 0)
		return check_expect(m, key, value);
	if (strncmp(key, "ack.", 4) == 0 && metric_by_key(key + 4) < 0)
		return "no such metric after \"ack.\" (putc, put_block, "
		    "rewrite, getc, get_block, seeks, seq_create, ...)";
	for (size_t i = 0; i < sizeof known_keys / sizeof *known_keys; i++)
		if (strcmp(known_keys[i].key, key) == 0)
			return known_keys[i].check ?
			    known_keys[i].check(m, value) : NULL;
	return NULL;	/* unknown keys are kept as they are */
}

static bool
valid_key(const char *k, size_t n)
{
	if (n == 0 || n > 64)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)k[i]) && !strchr("-_.", k[i]))
			return false;
	return true;
}

static void
trim(const char **s, size_t *n)
{
	while (*n > 0 && isspace((unsigned char)**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n > 0 && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
}

static void
meta_line(const char *path, long no, const char *s, size_t n,
    struct run_meta *m, struct diags *d)
{
	const char *colon, *val, *why;
	size_t klen, vlen;
	char *key;

	trim(&s, &n);
	if (n == 0 || s[0] == '#')
		return;
	colon = memchr(s, ':', n);
	klen = colon ? (size_t)(colon - s) : 0;
	while (klen > 0 && isspace((unsigned char)s[klen - 1]))
		klen--;
	if (colon == NULL || !valid_key(s, klen)) {
		diags_add(d, MSG_ERROR, path, no, "not a \"key: value\" line "
		    "(keys are letters, digits, '-', '_' and '.')");
		return;
	}
	key = xstrndup(s, klen);
	for (char *p = key; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	val = colon + 1;
	vlen = (size_t)(s + n - val);
	trim(&val, &vlen);
	for (size_t i = 0; i < m->n; i++) {
		if (strcmp(m->v[i].key, key) == 0) {
			diags_add(d, MSG_WARNING, path, no, "duplicate key "
			    "\"%s\" (first at line %ld); the first is kept",
			    key, m->v[i].line);
			free(key);
			return;
		}
	}
	xgrow((void **)&m->v, &m->cap, m->n + 1, sizeof *m->v);
	m->v[m->n].key = key;
	m->v[m->n].value = xstrndup(val, vlen);
	m->v[m->n].line = no;
	m->n++;
	if ((why = check_value(m, key, m->v[m->n - 1].value)) != NULL)
		diags_add(d, MSG_WARNING, path, no, "%s: \"%.60s\": %s", key,
		    m->v[m->n - 1].value, why);
}

void
meta_parse(const char *path, const char *buf, size_t len,
    struct run_meta *m, struct diags *d)
{
	size_t start = 0;
	long no = 1;

	m->disk_count = -1;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	for (size_t i = start; i <= len; i++) {
		if (i < len && buf[i] != '\n')
			continue;
		meta_line(path, no++, buf + start, i - start, m, d);
		start = i + 1;
	}
}

void
meta_free(struct run_meta *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->v[i].key);
		free(m->v[i].value);
	}
	free(m->v);
	free(m->disk_model);
	memset(m, 0, sizeof *m);
}
