/* Fingerprints of a build's jobs and the job log of an earlier build;
 * see reuse.h. */
#include "site/reuse.h"
#include "base/fileio.h"
#include "base/hashmap.h"
#include "base/sortednames.h"
#include "base/xalloc.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xxhash.h>

struct fp {
	XXH3_state_t *st;
};

struct fp *
fp_new(void)
{
	struct fp *f = xcalloc(1, sizeof *f);

	f->st = xnonnull(XXH3_createState());
	fp_reset(f);
	return f;
}

void
fp_free(struct fp *f)
{
	if (f) {
		XXH3_freeState(f->st);
		free(f);
	}
}

void
fp_reset(struct fp *f)
{
	XXH3_128bits_reset(f->st);
}

/* Every value is preceded by its length, so that ("ab", "c") and
 * ("a", "bc") differ. */
void
fp_bytes(struct fp *f, const void *p, size_t n)
{
	uint64_t len = n;

	XXH3_128bits_update(f->st, &len, sizeof len);
	if (n > 0)
		XXH3_128bits_update(f->st, p, n);
}

void
fp_str(struct fp *f, const char *s)
{
	static const char null_mark = 0x7f;

	if (s == NULL)
		XXH3_128bits_update(f->st, &null_mark, 1);
	else
		fp_bytes(f, s, strlen(s));
}

void
fp_num(struct fp *f, long long v)
{
	fp_bytes(f, &v, sizeof v);
}

void
fp_hex(struct fp *f, const char *hex)
{
	fp_str(f, hex);
}

bool
fp_file(struct fp *f, const char *dir, const char *name, size_t max)
{
	struct diags quiet = {.quiet = 1};
	char *path = xasprintf("%s/%s", dir, name);
	size_t len;
	char *buf = file_read_regular(path, max, &len, &quiet);

	free(path);
	diags_free(&quiet);
	fp_str(f, name);
	if (buf == NULL) {
		fp_str(f, NULL);
		return false;
	}
	fp_bytes(f, buf, len);
	free(buf);
	return true;
}

void
fp_digest(struct fp *f, char out[FP_HEX])
{
	/* By hand, as "%016llx%016llx" would: a digest a job, 200 000 jobs
	 * at 100 000 runs, and snprintf took 1 500 instructions each. */
	static const char digits[] = "0123456789abcdef";
	XXH128_hash_t h = XXH3_128bits_digest(f->st);

	for (int k = 0; k < 16; k++) {
		out[k] = digits[h.high64 >> (60 - 4 * k) & 15];
		out[16 + k] = digits[h.low64 >> (60 - 4 * k) & 15];
	}
	out[32] = '\0';
}

void
fp_digest_bytes(struct fp *f, unsigned char out[FP_BYTES])
{
	XXH128_hash_t h = XXH3_128bits_digest(f->st);

	for (int k = 0; k < 8; k++) {
		out[k] = (unsigned char)(h.high64 >> (56 - 8 * k));
		out[8 + k] = (unsigned char)(h.low64 >> (56 - 8 * k));
	}
}

/* ---- the job logs ---- */

/* A line of a log, held small: at 100 000 runs a log has 200 000 lines
 * naming 720 000 files, 44 MB as text. The key is kept as its hash: the
 * fingerprint covers the key (reuse.h), so two keys of one hash can only
 * lose a line its reuse, never give a job another's files. The files
 * are front-coded one after the other (sortednames.h), most of a line's
 * sharing all but an extension. */
struct entry {
	uint64_t key;		/* hash_string of the key */
	unsigned char fp[FP_BYTES];
	uint32_t files;		/* its files: reuse.coded.p + files */
	uint32_t n;		/* how many */
	uint32_t other;		/* 1 + the entry of the same key in the
				   other log, when it says otherwise */
	unsigned char logs;	/* the logs holding it (enum reuse_log) */
};

/* The logs of the old and the previous site, each read line by line: a
 * line the second log has as the first has it is held once. */
struct reuse {
	struct entry *v;
	size_t n, cap;
	struct buf coded;	/* every line's files */
	struct hashmap by_key;	/* entries by key: index + 1 (the first
				   log's when both have the key) */
};

static uint64_t
entry_hash(uintptr_t value, const void *ctx)
{
	const struct reuse *r = ctx;

	return r->v[value - 1].key;
}

/* The slot of the key of hash h in r's table: its entry's, or the free
 * one a probe ends at. */
static size_t
find_key(const struct reuse *r, uint64_t h)
{
	size_t at;

	for (at = hashmap_home(&r->by_key, h); r->by_key.slot[at] &&
	    r->v[r->by_key.slot[at] - 1].key != h;
	    at = hashmap_next(&r->by_key, at))
		;
	return at;
}

/* A fingerprint's 32 lower-case hex digits (fp_digest's) as bytes;
 * false for anything else. By a table: every line of both job logs and
 * every job's lookups are parsed, 800 000 at 100 000 runs. */
static bool
fp_parse(const char *hex, unsigned char out[FP_BYTES])
{
	/* A digit's value + 1; 0 for any other byte. */
	static const unsigned char value[256] = {
		['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
		['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
		['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15,
		['f'] = 16,
	};

	for (int k = 0; k < FP_BYTES; k++) {
		int hi = value[(unsigned char)hex[2 * k]], lo;

		if (hi == 0 || (lo = value[(unsigned char)hex[2 * k + 1]]) == 0)
			return false;
		out[k] = (unsigned char)((hi - 1) << 4 | (lo - 1));
	}
	return true;
}

/* A file name of benchsite's own: components of letters, digits, '.',
 * '_', '-', '@' (a run's files) and '~' (a compare page), none empty,
 * "." or "..", and no longer than a path can be. Anything else in a job
 * log (a doctored old site) makes its line ignored. */
static bool
own_name(const char *p, size_t len)
{
	size_t start = 0;

	if (len > SORTED_NAMES_MAX)
		return false;
	for (size_t k = 0; k <= len; k++) {
		char c = k < len ? p[k] : '/';
		size_t n = k - start;

		if (c == '/') {
			if (n == 0 || (n == 1 && p[start] == '.') ||
			    (n == 2 && p[start] == '.' && p[start + 1] == '.'))
				return false;
			start = k + 1;
		} else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' ||
		    c == '-' || c == '@' || c == '~')) {
			return false;
		}
	}
	return true;
}

/* How many bytes entry e's files take in r->coded. */
static size_t
coded_len(const struct reuse *r, const struct entry *e)
{
	const char *start, *p;
	size_t shared;

	if (e->n == 0)		/* maybe nothing coded at all */
		return 0;
	start = p = r->coded.p + e->files;
	for (uint32_t k = 0; k < e->n; k++) {
		p = front_shared(p, &shared);
		p += strlen(p) + 1;
	}
	return (size_t)(p - start);
}

/* Whether entries a and b say the same: fingerprint and files (coded
 * alike when they are alike). */
static bool
same_line(const struct reuse *r, const struct entry *a,
    const struct entry *b)
{
	size_t len = coded_len(r, a);

	return memcmp(a->fp, b->fp, FP_BYTES) == 0 && a->n == b->n &&
	    len == coded_len(r, b) && (len == 0 || memcmp(r->coded.p +
	    a->files, r->coded.p + b->files, len) == 0);
}

/* Enters e, read from log, into r: a new key, a line the other log has
 * too (marked as both logs'), or a key the other log says otherwise
 * (linked to it). A key a log repeats keeps its first line. e's files
 * are the last coded: they go when the line is not kept. */
static void
add_entry(struct reuse *r, struct entry e, enum reuse_log log)
{
	size_t at = find_key(r, e.key), seen_at = r->by_key.slot[at];
	/* r->v may move when e is added: seen is found again by index. */
	struct entry *seen = seen_at ? &r->v[seen_at - 1] : NULL;

	if (seen && (seen->logs & log || (seen->other &&
	    r->v[seen->other - 1].logs & log))) {
		r->coded.n = e.files;		/* repeated in this log */
		return;
	}
	if (seen && same_line(r, seen, &e)) {
		seen->logs |= (unsigned char)log;
		r->coded.n = e.files;
		return;
	}
	e.logs = (unsigned char)log;
	xgrow((void **)&r->v, &r->cap, r->n + 1, sizeof *r->v);
	r->v[r->n++] = e;
	if (seen_at)
		r->v[seen_at - 1].other = (uint32_t)r->n;
	else
		hashmap_put(&r->by_key, at, r->n);
}

/* One line "KEY\tFP\tFILE...", cut in place: added to r as log's
 * unless malformed. */
static void
add_line(struct reuse *r, char *line, enum reuse_log log)
{
	char *fp = strchr(line, '\t'), *p, *end;
	const char *prev = "";
	struct entry e = {.files = (uint32_t)r->coded.n};

	/* A file's coding takes at most three bytes more than its name, which
	 * has a tab before it: offsets fit in 32 bits (a log is 1 GiB at
	 * most). */
	if (fp == NULL || strlen(fp) > (UINT32_MAX - r->coded.n) / 4)
		return;
	*fp++ = '\0';
	if (strlen(fp) < FP_HEX - 1 || (fp[FP_HEX - 1] != '\0' &&
	    fp[FP_HEX - 1] != '\t') || !fp_parse(fp, e.fp))
		return;
	p = fp + FP_HEX - 1;
	e.key = hash_string(line);
	for (bool more = *p == '\t'; more; p = end) {
		char *name = p + 1;

		end = name + strcspn(name, "\t");
		more = *end == '\t';
		if (!own_name(name, (size_t)(end - name)) || e.n == UINT32_MAX) {
			r->coded.n = e.files;
			return;
		}
		*end = '\0';
		front_code(&r->coded, prev, name);
		prev = name;
		e.n++;
	}
	add_entry(r, e, log);
}

/* The log being read, line by line. */
struct log_lines {
	struct reuse *r;
	enum reuse_log log;
};

static bool
log_line(void *ctx, char *line, bool ended)
{
	struct log_lines *ll = ctx;

	if (ended)	/* a cut last line is not trusted */
		add_line(ll->r, line, ll->log);
	return true;
}

/* The room r's tables grew into (up to as much again as they hold)
 * goes back, but for a sixteenth more: room for the lines only the
 * previous site's log has (a few dozen after one new run), which would
 * double them again. */
static void
trim(struct reuse *r)
{
	size_t lines = r->n + r->n / 16 + 64, bytes = r->coded.n +
	    r->coded.n / 16 + 64;

	if (r->cap > lines) {
		r->v = xrealloc(r->v, lines * sizeof *r->v);
		r->cap = lines;
	}
	if (r->coded.p && r->coded.cap > bytes) {
		r->coded.p = xrealloc(r->coded.p, bytes);
		r->coded.cap = bytes;
	}
}

struct reuse *
reuse_load(struct reuse *r, const char *site, enum reuse_log log)
{
	char *path = xasprintf("%s/%s", site, JOBS_FILE);
	struct reuse *fresh = NULL;
	bool read;

	if (r == NULL) {
		r = fresh = xcalloc(1, sizeof *fresh);
		hashmap_init(&fresh->by_key, 64, entry_hash, fresh);
	}
	read = file_read_lines(path, (size_t)1 << 30, log_line,
	    &(struct log_lines){r, log});
	free(path);
	if (fresh && !read) {
		reuse_free(fresh);
		return NULL;
	}
	trim(r);
	return r;
}

void
reuse_free(struct reuse *r)
{
	if (r) {
		hashmap_free(&r->by_key);
		free(r->v);
		buf_free(&r->coded);
		free(r);
	}
}

bool
reuse_find(const struct reuse *r, enum reuse_log log, const char *key,
    const char *fp, struct reuse_hit *hit)
{
	unsigned char want[FP_BYTES];
	const struct entry *e;
	size_t at;

	if (r == NULL || !fp_parse(fp, want) || fp[FP_HEX - 1] != '\0')
		return false;
	at = find_key(r, hash_string(key));
	if (r->by_key.slot[at] == 0)
		return false;
	e = &r->v[r->by_key.slot[at] - 1];
	if (!(e->logs & log) && e->other)
		e = &r->v[e->other - 1];
	if (!(e->logs & log) || memcmp(e->fp, want, FP_BYTES) != 0)
		return false;
	hit->line = (uint32_t)(e - r->v);
	hit->n = e->n;
	return true;
}

char **
reuse_files(const struct reuse *r, const struct reuse_hit *hit)
{
	const struct entry *e = &r->v[hit->line];
	/* A line of no files may have nothing coded at all. */
	const char *p = e->n ? r->coded.p + e->files : NULL, *rest;
	size_t bytes = 0, shared;
	char **v, *at, *prev = NULL;

	/* Once through to size the names, once to put them in place, each
	 * after the one it shares its start with. */
	for (uint32_t k = 0; k < e->n; k++) {
		rest = front_shared(p, &shared);
		p = rest + strlen(rest) + 1;
		bytes += shared + (size_t)(p - rest);
	}
	v = xmalloc((e->n + 1) * sizeof *v + bytes);
	at = (char *)(v + e->n + 1);
	p = e->n ? r->coded.p + e->files : NULL;
	for (uint32_t k = 0; k < e->n; k++) {
		size_t len;

		rest = front_shared(p, &shared);
		len = strlen(rest) + 1;
		if (shared > 0)
			memcpy(at, prev, shared);
		memcpy(at + shared, rest, len);
		v[k] = prev = at;
		at += shared + len;
		p = rest + len;
	}
	v[e->n] = NULL;
	return v;
}

char *
reuse_line(const char *key, const char *fp, const char *const *files,
    size_t n)
{
	size_t len = strlen(key) + strlen(fp) + 3;
	char *out, *p;

	for (size_t k = 0; k < n; k++)
		len += strlen(files[k]) + 1;
	out = p = xmalloc(len);
	p += sprintf(p, "%s\t%s", key, fp);
	for (size_t k = 0; k < n; k++)
		p += sprintf(p, "\t%s", files[k]);
	strcpy(p, "\n");
	return out;
}

/* The log being read back for its file names. */
struct log_files {
	void (*each)(void *, const char *);
	void *ctx;
	bool whole;
};

/* "KEY\tFP\tFILE...": the files; the closing BUILT_FROM line has
 * none, whatever follows its fingerprint. */
static bool
files_line(void *ctx, char *line, bool ended)
{
	struct log_files *lf = ctx;
	char *fp = strchr(line, '\t'), *p, *end;

	if (!ended) {
		lf->whole = false;
		return false;
	}
	if (fp == NULL)
		return true;
	*fp = '\0';
	if (strcmp(line, BUILT_FROM) == 0 || (p = strchr(fp + 1, '\t')) ==
	    NULL)
		return true;
	for (bool more = true; more; p = end) {
		char *name = p + 1;

		end = name + strcspn(name, "\t");
		more = *end == '\t';
		*end = '\0';
		lf->each(lf->ctx, name);
	}
	return true;
}

bool
reuse_log_files(const char *dir, void (*each)(void *, const char *),
    void *ctx)
{
	char *path = xasprintf("%s/%s", dir, JOBS_FILE);
	struct log_files lf = {each, ctx, true};
	bool read = file_read_lines(path, (size_t)1 << 30, files_line, &lf);

	free(path);
	return read && lf.whole;
}

/* The longest last line reuse_built_from looks at. */
#define BUILT_FROM_MAX 128

bool
reuse_built_from(const char *site, const char *fp, bool *gate_fails)
{
	char *path = xasprintf("%s/%s", site, JOBS_FILE), *want, *want_gate;
	char buf[BUILT_FROM_MAX + 1];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	ssize_t got = -1;
	const char *line;
	off_t at = 0;

	free(path);
	if (fd < 0)
		return false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		at = st.st_size > BUILT_FROM_MAX ? st.st_size - BUILT_FROM_MAX :
		    0;
		got = pread(fd, buf, (size_t)(st.st_size - at), at);
	}
	close(fd);
	if (got <= 0 || buf[got - 1] != '\n')
		return false;
	buf[got - 1] = '\0';
	/* The whole line, never the tail of a longer one. */
	if ((line = strrchr(buf, '\n')) != NULL)
		line++;
	else if (at == 0)
		line = buf;
	else
		return false;
	want = xasprintf("%s\t%s", BUILT_FROM, fp);
	want_gate = xasprintf("%s\t%s", want, GATE_FAILS);
	*gate_fails = strcmp(line, want_gate) == 0;
	got = *gate_fails || strcmp(line, want) == 0;
	free(want);
	free(want_gate);
	return got != 0;
}
