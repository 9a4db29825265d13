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

/* The values are gathered FP_BUF bytes at a time before XXH3 takes
 * them: a run page's fingerprint is a few hundred small values, and an
 * update call for each cost more than hashing their bytes (the same
 * stream, so the same hash, either way). */
#define FP_BUF 1024

struct fp {
	XXH3_state_t *st;
	size_t len;
	unsigned char buf[FP_BUF];
};

struct fp *
fp_new(void)
{
	struct fp *f = xmalloc(sizeof *f);

	f->st = xnonnull(XXH3_createState());
	fp_reset(f);
	return f;
}

static void
fp_flush(struct fp *f)
{
	if (f->len > 0)
		XXH3_128bits_update(f->st, f->buf, f->len);
	f->len = 0;
}

static void
fp_put(struct fp *f, const void *p, size_t n)
{
	if (f->len + n > FP_BUF) {
		fp_flush(f);
		if (n > FP_BUF) {
			XXH3_128bits_update(f->st, p, n);
			return;
		}
	}
	memcpy(f->buf + f->len, p, n);
	f->len += n;
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
	f->len = 0;
}

/* Every value is preceded by its length, so that ("ab", "c") and
 * ("a", "bc") differ. */
void
fp_bytes(struct fp *f, const void *p, size_t n)
{
	uint64_t len = n;

	fp_put(f, &len, sizeof len);
	if (n > 0)
		fp_put(f, p, n);
}

void
fp_str(struct fp *f, const char *s)
{
	static const char null_mark = 0x7f;

	if (s == NULL)
		fp_put(f, &null_mark, 1);
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

/* A fingerprint's bytes in hex, by hand, as "%016llx%016llx" would
 * print its halves: a digest a job, 200 000 jobs at 100 000 runs, and
 * snprintf took 1 500 instructions each. */
static void
hex_of(const unsigned char fp[FP_BYTES], char out[FP_HEX])
{
	static const char digits[] = "0123456789abcdef";

	for (int k = 0; k < FP_BYTES; k++) {
		out[2 * k] = digits[fp[k] >> 4];
		out[2 * k + 1] = digits[fp[k] & 15];
	}
	out[2 * FP_BYTES] = '\0';
}

void
fp_digest(struct fp *f, char out[FP_HEX])
{
	unsigned char bytes[FP_BYTES];

	fp_digest_bytes(f, bytes);
	hex_of(bytes, out);
}

void
fp_digest_bytes(struct fp *f, unsigned char out[FP_BYTES])
{
	XXH128_hash_t h;

	fp_flush(f);
	h = XXH3_128bits_digest(f->st);

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
 * are not held: where they are in the log, and their hash, which tells
 * when the log read again no longer says what it said (reuse_files). */
struct entry {
	uint64_t key;		/* hash_string of the key */
	uint64_t files_hash;	/* XXH3-64 of its files' text */
	unsigned char fp[FP_BYTES];
	uint32_t at, len;	/* its files' text in its log: "\tFILE..." */
	uint32_t other;		/* 1 + the entry of the same key in the
				   other log, when it says otherwise */
	unsigned char logs;	/* the logs holding it (enum reuse_log) */
	unsigned char from;	/* the log at and len are in */
};

/* A log's file, open since it was read (the previous site's is removed
 * as the build begins), and the piece of it read last: lines are asked
 * for in the order jobs run, which is the order the logs were written,
 * so a piece holds the next lines too. */
struct log_file {
	struct file_window win;	/* win.fd -1: none */
	bool loaded;		/* its lines are in the table; else set
				   aside until reuse_settle */
	bool has_made_by;	/* its first line is MADE_BY's */
	unsigned char made_by[FP_BYTES];
};

#define LOG_PIECE ((size_t)1 << 16)
/* A log's largest size: offsets in it fit in 32 bits. */
#define LOG_MAX ((size_t)1 << 30)

/* The logs of the old and the previous site, each read line by line: a
 * line the second log has as the first has it is held once. */
struct reuse {
	struct entry *v;
	size_t n, cap;
	struct hashmap by_key;	/* entries by key: index + 1 (the first
				   log's when both have the key) */
	struct log_file file[2];	/* by enum reuse_log - 1 */
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

/* A file name of benchsite's own: a path below the site (path_below) of
 * letters, digits, '.', '_', '-', '@' (a run's files) and '~' (a compare
 * page), no longer than a path can be. Anything else in a job log (a
 * doctored old site) makes its line ignored. */
static bool
own_name(const char *p, size_t len)
{
	if (len > SORTED_NAMES_MAX || !path_below(p, len))
		return false;
	for (size_t k = 0; k < len; k++) {
		char c = p[k];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' ||
		    c == '-' || c == '@' || c == '~' || c == '/'))
			return false;
	}
	return true;
}

/* Whether "\tFILE\tFILE..." (len bytes) names only files of our own. */
static bool
own_files(const char *p, size_t len)
{
	const char *end = p + len, *name, *tab;

	for (; p < end; p = tab) {
		name = p + 1;
		if ((tab = memchr(name, '\t', (size_t)(end - name))) == NULL)
			tab = end;
		if (!own_name(name, (size_t)(tab - name)))
			return false;
	}
	return true;
}

/* Whether entries a and b say the same: fingerprint and files. */
static bool
same_line(const struct entry *a, const struct entry *b)
{
	return memcmp(a->fp, b->fp, FP_BYTES) == 0 && a->len == b->len &&
	    a->files_hash == b->files_hash;
}

/* Enters e, read from log, into r: a new key, a line the other log has
 * too (marked as both logs'), or a key the other log says otherwise
 * (linked to it). A key a log repeats keeps its first line. */
static void
add_entry(struct reuse *r, struct entry e, enum reuse_log log)
{
	size_t at = find_key(r, e.key), seen_at = r->by_key.slot[at];
	/* r->v may move when e is added: seen is found again by index. */
	struct entry *seen = seen_at ? &r->v[seen_at - 1] : NULL;

	if (seen && (seen->logs & log || (seen->other &&
	    r->v[seen->other - 1].logs & log)))
		return;				/* repeated in this log */
	if (seen && same_line(seen, &e)) {
		seen->logs |= (unsigned char)log;
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

/* One line "KEY\tFP\tFILE..." of len bytes, at offset at of log: added
 * to r unless malformed. */
static void
add_line(struct reuse *r, char *line, size_t len, size_t at,
    enum reuse_log log)
{
	char *tab = memchr(line, '\t', len);
	const char *fp, *files;
	struct entry e = {.from = (unsigned char)log};

	/* A key with a NUL in it would be taken for a shorter one. */
	if (tab == NULL || memchr(line, '\0', (size_t)(tab - line)))
		return;
	fp = tab + 1;
	if ((size_t)(line + len - fp) < FP_HEX - 1 || !fp_parse(fp, e.fp))
		return;
	files = fp + FP_HEX - 1;
	if (files < line + len && *files != '\t')
		return;
	e.len = (uint32_t)(line + len - files);
	if (!own_files(files, e.len))
		return;
	e.at = (uint32_t)(at + (size_t)(files - line));
	e.files_hash = XXH3_64bits(files, e.len);
	*tab = '\0';
	e.key = hash_string(line);
	*tab = '\t';
	add_entry(r, e, log);
}

/* The log being read, line by line, and where the line is. */
struct log_lines {
	struct reuse *r;
	enum reuse_log log;
	size_t at;
};

/* The fingerprint of a log's first line when it is MADE_BY's. */
static bool
made_by_line(const char *line, size_t len, unsigned char fp[FP_BYTES])
{
	size_t key = sizeof MADE_BY - 1;

	return len == key + FP_HEX && memcmp(line, MADE_BY "\t", key + 1) ==
	    0 && fp_parse(line + key + 1, fp);
}

static bool
log_line(void *ctx, char *line, size_t len, bool ended)
{
	struct log_lines *ll = ctx;
	struct log_file *lf = &ll->r->file[ll->log - 1];

	if (ended && ll->at == 0)
		lf->has_made_by = made_by_line(line, len, lf->made_by);
	if (ended)	/* a cut last line is not trusted */
		add_line(ll->r, line, len, ll->at, ll->log);
	ll->at += len + 1;
	return true;
}

/* Reads log's lines into r from its open file. */
static bool
load_lines(struct reuse *r, enum reuse_log log)
{
	struct log_file *lf = &r->file[log - 1];

	lf->loaded = true;
	return lseek(lf->win.fd, 0, SEEK_SET) == 0 &&
	    file_read_lines_fd(lf->win.fd, LOG_MAX, log_line,
	    &(struct log_lines){r, log, 0});
}

/* Whether a log's first line is MADE_BY's, and which fingerprint it
 * gives, read on its own. */
static void
peek_made_by(struct log_file *lf)
{
	char line[sizeof MADE_BY + FP_HEX];
	ssize_t got = pread(lf->win.fd, line, sizeof line, 0);

	lf->has_made_by = got == (ssize_t)sizeof line &&
	    line[sizeof line - 1] == '\n' && made_by_line(line,
	    sizeof line - 1, lf->made_by);
}

/* Whether two logs say they were made otherwise: by another program,
 * other templates or fonts (their MADE_BY lines), so that no job can
 * match in both. */
static bool
made_otherwise(const struct log_file *lf, const struct log_file *other)
{
	return lf->has_made_by && other->has_made_by &&
	    memcmp(lf->made_by, other->made_by, FP_BYTES) != 0;
}

/* The room r's table grew into (up to as much again as it holds) goes
 * back, but for a sixteenth more: room for the lines only the previous
 * site's log has (a few dozen after one new run), which would double it
 * again. */
static void
trim(struct reuse *r)
{
	size_t lines = r->n + r->n / 16 + 64;

	if (r->cap > lines) {
		r->v = xrealloc(r->v, lines * sizeof *r->v);
		r->cap = lines;
	}
}

struct reuse *
reuse_load(struct reuse *r, const char *site, enum reuse_log log)
{
	char *path = xasprintf("%s/%s", site, JOBS_FILE);
	struct reuse *fresh = NULL;
	struct log_file *lf, *other;
	bool read;

	if (r == NULL) {
		r = fresh = xcalloc(1, sizeof *fresh);
		hashmap_init(&fresh->by_key, 64, entry_hash, fresh);
		fresh->file[0].win.fd = fresh->file[1].win.fd = -1;
	}
	lf = &r->file[log - 1];
	other = &r->file[2 - log];
	read = lf->win.fd < 0 &&
	    (lf->win.fd = file_open_regular(path, LOG_MAX)) >= 0;
	free(path);
	/* A log made otherwise than the one loaded can only be of use if
	 * that one is not: it waits for reuse_settle, unread. */
	if (read && other->loaded) {
		peek_made_by(lf);
		if (made_otherwise(lf, other))
			return r;
	}
	read = read && load_lines(r, log);
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
		for (int k = 0; k < 2; k++) {
			if (r->file[k].win.fd >= 0)
				close(r->file[k].win.fd);
			file_window_free(&r->file[k].win);
		}
		free(r);
	}
}

/* Forgets every line of r: its table is emptied, its files kept. */
static void
forget_lines(struct reuse *r)
{
	hashmap_free(&r->by_key);
	hashmap_init(&r->by_key, 64, entry_hash, r);
	free(r->v);
	r->v = NULL;
	r->n = r->cap = 0;
	for (int k = 0; k < 2; k++)
		r->file[k].loaded = false;
}

struct reuse *
reuse_settle(struct reuse *r, const char *fp_global)
{
	unsigned char want[FP_BYTES];
	bool useful[2], any = false, reload = false;

	if (r == NULL || !fp_parse(fp_global, want))
		return r;
	for (int k = 0; k < 2; k++) {
		const struct log_file *lf = &r->file[k];

		useful[k] = lf->win.fd >= 0 && lf->has_made_by &&
		    memcmp(lf->made_by, want, FP_BYTES) == 0;
		any |= useful[k];
	}
	if (!any) {
		reuse_free(r);
		return NULL;
	}
	/* Only the logs of use stay loaded: a log set aside (made otherwise
	 * than the one loaded) that is of use takes the other's place, and
	 * a log of no use loaded beside one of use (it has no MADE_BY line)
	 * goes with the lines it shares with it, which it was read from. */
	for (int k = 0; k < 2; k++)
		reload |= r->file[k].loaded != useful[k];
	if (reload) {
		forget_lines(r);
		for (int k = 0; k < 2; k++)
			if (useful[k])
				load_lines(r, (enum reuse_log)(k + 1));
		trim(r);
	}
	for (int k = 0; k < 2; k++)
		if (!useful[k] && r->file[k].win.fd >= 0) {
			close(r->file[k].win.fd);
			r->file[k].win.fd = -1;
		}
	return r;
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
	return true;
}

/* The text of the files of a line found ("\tFILE..."), its entry's
 * len bytes, valid until the log is read again; NULL when the log no
 * longer says what it said when it was loaded. */
static const char *
files_text(struct reuse *r, const struct reuse_hit *hit)
{
	const struct entry *e = &r->v[hit->line];
	const char *text = e->len ? file_window_get(&r->file[e->from - 1].win,
	    e->at, e->len, LOG_PIECE) : "";

	if (text == NULL || XXH3_64bits(text, e->len) != e->files_hash)
		return NULL;
	return text;
}

char **
reuse_files(struct reuse *r, const struct reuse_hit *hit, size_t *n)
{
	size_t len = r->v[hit->line].len, count = 0;
	const char *text = files_text(r, hit);
	char **v, *at;

	if (text == NULL)
		return NULL;
	for (size_t k = 0; k < len; k++)
		count += text[k] == '\t';
	v = xmalloc((count + 1) * sizeof *v + len + 1);
	at = (char *)(v + count + 1);
	memcpy(at, text, len);
	at[len] = '\0';
	/* Each tab ends the name before it and begins the next. */
	for (size_t k = 0, i = 0; k < len; k++)
		if (at[k] == '\t') {
			at[k] = '\0';
			v[i++] = at + k + 1;
		}
	v[count] = NULL;
	*n = count;
	return v;
}

void
reuse_write_line(FILE *out, const char *key, const char *fp,
    const char *const *files, size_t n)
{
	fputs(key, out);
	putc('\t', out);
	fputs(fp, out);
	for (size_t k = 0; k < n; k++) {
		putc('\t', out);
		fputs(files[k], out);
	}
	putc('\n', out);
}

bool
reuse_write_kept(FILE *out, struct reuse *r, const struct reuse_hit *hit,
    const char *key, const char *fp)
{
	const char *text = files_text(r, hit);
	char own[FP_HEX];

	if (text == NULL)
		return false;
	if (fp == NULL) {
		hex_of(r->v[hit->line].fp, own);
		fp = own;
	}
	/* The line as reuse_write_line would write it from reuse_files's
	 * names, without splitting them and joining them again. */
	fputs(key, out);
	putc('\t', out);
	fputs(fp, out);
	fwrite(text, 1, r->v[hit->line].len, out);
	putc('\n', out);
	return true;
}

char *
reuse_line(const char *key, const char *fp, const char *const *files,
    size_t n)
{
	char *line = NULL;
	size_t len = 0;
	FILE *out = xnonnull(open_memstream(&line, &len));

	reuse_write_line(out, key, fp, files, n);
	if (fclose(out) != 0)
		xnonnull(NULL);
	return line;
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
files_line(void *ctx, char *line, size_t len, bool ended)
{
	struct log_files *lf = ctx;
	char *fp = strchr(line, '\t'), *p, *end;

	(void)len;	/* the build's own log: no NUL in a line */
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
	bool read = file_read_lines(path, LOG_MAX, files_line, &lf);

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
