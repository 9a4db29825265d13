/* Fingerprints of a build's jobs and the job log of an earlier build;
 * see reuse.h. */
#include "site/reuse.h"
#include "base/fileio.h"
#include "base/hashmap.h"
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

/* ---- the job logs ---- */

/* A line of a log: its key, fingerprint and files point into the first
 * log's bytes, each cut at its end, or into the arena for a line only
 * a later log has. */
struct entry {
	const char *key;
	const char *fp;
	size_t first, n;	/* its files: reuse.files[first .. + n) */
	uint32_t other;		/* 1 + the entry of the same key in the
				   other log, when it says otherwise */
	unsigned char logs;	/* the logs holding it (enum reuse_log) */
};

/* The logs of the old and the previous site: the first is read whole
 * and kept as it is read (at 100 000 runs it has 200 000 lines, which as
 * one buffer and three arrays cost four allocations, not a million); the
 * second is read line by line, and only what the first does not say
 * too is kept: most jobs are the same in both, and their lines are held
 * once. */
struct reuse {
	char *buf;
	struct xarena *more;	/* the lines only the second log has */
	struct entry *v;
	size_t n, cap;
	char **files;
	size_t nfiles, capfiles;
	struct hashmap by_key;	/* entries by key: index + 1 (the first
				   log's when both have the key) */
};

static uint64_t
entry_hash(uintptr_t value, const void *ctx)
{
	const struct reuse *r = ctx;

	return hash_string(r->v[value - 1].key);
}

/* The slot of key in r's table: its entry's, or the free one a probe
 * ends at. */
static size_t
find_key(const struct reuse *r, const char *key, uint64_t h)
{
	size_t at;

	for (at = hashmap_home(&r->by_key, h); r->by_key.slot[at] &&
	    strcmp(r->v[r->by_key.slot[at] - 1].key, key) != 0;
	    at = hashmap_next(&r->by_key, at))
		;
	return at;
}

/* A file name of benchsite's own: components of letters, digits, '.',
 * '_', '-', '@' (a run's files) and '~' (a compare page), none empty,
 * "." or "..". Anything else in a job log (a doctored old site) makes
 * its line ignored. */
static bool
own_name(const char *p, size_t len)
{
	size_t start = 0;

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

/* Whether entry e lists the files r->files[first .. + n). */
static bool
same_files(const struct reuse *r, const struct entry *e, size_t first,
    size_t n)
{
	if (e->n != n)
		return false;
	for (size_t k = 0; k < n; k++)
		if (strcmp(r->files[e->first + k], r->files[first + k]) != 0)
			return false;
	return true;
}

/* A line of the second log that the first does not say: its strings
 * copied out of the second log's bytes, which go. */
static void
copy_out(struct reuse *r, struct entry *e)
{
	e->key = xarena_strdup(&r->more, e->key);
	e->fp = xarena_strdup(&r->more, e->fp);
	for (size_t k = 0; k < e->n; k++)
		r->files[e->first + k] = xarena_strdup(&r->more,
		    r->files[e->first + k]);
}

/* Enters e, read from log, into r: a new key, a line the other log has
 * too (marked as both logs'), or a key the other log says otherwise
 * (linked to it). A key a log repeats keeps its first line. */
static void
add_entry(struct reuse *r, struct entry e, enum reuse_log log, bool owned)
{
	uint64_t h = hash_string(e.key);
	size_t at = find_key(r, e.key, h), seen_at = r->by_key.slot[at];
	/* r->v may move when e is added: seen is found again by index. */
	struct entry *seen = seen_at ? &r->v[seen_at - 1] : NULL;

	if (seen && (seen->logs & log || (seen->other &&
	    r->v[seen->other - 1].logs & log))) {
		r->nfiles = e.first;		/* repeated in this log */
		return;
	}
	if (seen && strcmp(seen->fp, e.fp) == 0 &&
	    same_files(r, seen, e.first, e.n)) {
		seen->logs |= (unsigned char)log;
		r->nfiles = e.first;
		return;
	}
	if (!owned)
		copy_out(r, &e);
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
add_line(struct reuse *r, char *line, enum reuse_log log, bool owned)
{
	char *key = line, *fp = strchr(line, '\t'), *p;
	struct entry e;

	if (fp == NULL)
		return;
	*fp++ = '\0';
	if (strlen(fp) < FP_HEX - 1 || (fp[FP_HEX - 1] != '\0' &&
	    fp[FP_HEX - 1] != '\t'))
		return;
	e = (struct entry){key, fp, r->nfiles, 0, 0, 0};
	for (p = fp + FP_HEX - 1; *p == '\t'; ) {
		char *end = strchr(++p, '\t');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (!own_name(p, len)) {
			r->nfiles = e.first;
			return;
		}
		xgrow((void **)&r->files, &r->capfiles, r->nfiles + 1,
		    sizeof *r->files);
		r->files[r->nfiles++] = p;
		p += len;
	}
	/* Cut the fingerprint and the names only now that the line is
	 * known to be whole. */
	fp[FP_HEX - 1] = '\0';
	for (size_t k = e.first; k < r->nfiles; k++)
		r->files[k][strcspn(r->files[k], "\t")] = '\0';
	e.n = r->nfiles - e.first;
	add_entry(r, e, log, owned);
}

/* A log added to another is read line by line, each entered as it
 * comes: only the lines it says otherwise are kept (copied), so that a
 * build never holds two whole logs at once (44 MB each at 100 000
 * runs). */
struct log_lines {
	struct reuse *r;
	enum reuse_log log;
};

static bool
log_line(void *ctx, char *line, bool ended)
{
	struct log_lines *ll = ctx;

	if (ended)	/* a cut last line is not trusted */
		add_line(ll->r, line, ll->log, false);
	return true;
}

/* How many of c buf[0..len) holds. */
static size_t
count_of(const char *buf, size_t len, char c)
{
	size_t n = 0;

	for (const char *p = buf; (p = memchr(p, c, (size_t)(buf + len - p)));
	    p++)
		n++;
	return n;
}

/* The tables of r made to the size of the log in r->buf (len bytes) and
 * a sixteenth more, not grown by doubling: at 100 000 runs it has 200 000
 * lines naming 720 000 files, and doubled arrays would hold 9 MB of
 * nothing. The sixteenth is room for the lines only the previous site's
 * log has (a few dozen after one new run), and for the files of the line
 * of it being read. */
static void
size_log(struct reuse *r, size_t len)
{
	size_t lines = count_of(r->buf, len, '\n'), tabs = count_of(r->buf,
	    len, '\t');
	/* A line has a tab before its fingerprint and one before each file. */
	size_t files = tabs > lines ? tabs - lines : 0;

	hashmap_init(&r->by_key, 2 * lines, entry_hash, r);
	r->cap = lines + lines / 16 + 64;
	r->v = xmalloc(r->cap * sizeof *r->v);
	r->capfiles = files + files / 16 + 64;
	r->files = xmalloc(r->capfiles * sizeof *r->files);
}

struct reuse *
reuse_load(struct reuse *r, const char *site, enum reuse_log log)
{
	char *path = xasprintf("%s/%s", site, JOBS_FILE), *buf, *line, *nl;
	struct diags quiet = {.quiet = 1};
	bool first = r == NULL;
	size_t len;

	if (!first) {
		file_read_lines(path, (size_t)1 << 30, log_line,
		    &(struct log_lines){r, log});
		free(path);
		return r;
	}
	buf = file_read(path, (size_t)1 << 30, &len, &quiet);
	free(path);
	diags_free(&quiet);
	if (buf == NULL)
		return r;
	r = xcalloc(1, sizeof *r);
	r->buf = buf;
	size_log(r, len);
	for (line = buf; line < buf + len; line = nl + 1) {
		if ((nl = memchr(line, '\n', (size_t)(buf + len - line))) ==
		    NULL)
			break;	/* a cut last line is not trusted */
		*nl = '\0';
		add_line(r, line, log, true);
	}
	return r;
}

void
reuse_free(struct reuse *r)
{
	if (r) {
		hashmap_free(&r->by_key);
		free(r->files);
		free(r->v);
		xarena_free(&r->more);
		free(r->buf);
		free(r);
	}
}

char *const *
reuse_outputs(const struct reuse *r, enum reuse_log log, const char *key,
    const char *fp, size_t *n)
{
	static char *const none[1];
	const struct entry *e;
	size_t at;

	if (r == NULL)
		return NULL;
	at = find_key(r, key, hash_string(key));
	if (r->by_key.slot[at] == 0)
		return NULL;
	e = &r->v[r->by_key.slot[at] - 1];
	if (!(e->logs & log) && e->other)
		e = &r->v[e->other - 1];
	if (!(e->logs & log) || strcmp(e->fp, fp) != 0)
		return NULL;
	*n = e->n;
	/* Never NULL: a job that wrote nothing is still kept. */
	return e->n ? r->files + e->first : none;
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
