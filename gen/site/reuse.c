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
	XXH128_hash_t h = XXH3_128bits_digest(f->st);

	snprintf(out, FP_HEX, "%016llx%016llx", (unsigned long long)h.high64,
	    (unsigned long long)h.low64);
}

/* ---- the job log ---- */

/* A line of the log: its key, fingerprint and files point into the
 * log's bytes, each cut at its end. */
struct entry {
	const char *key;
	const char *fp;
	size_t first, n;	/* its files: reuse.files[first .. + n) */
};

/* The log read whole and kept: at 100 000 runs it has 200 000 lines,
 * which as one buffer and three arrays cost four allocations, not a
 * million, and a fifth of the memory. */
struct reuse {
	char *buf;
	struct entry *v;
	size_t n, cap;
	char **files;
	size_t nfiles, capfiles;
	struct hashmap by_key;	/* entries by key: index + 1 */
};

static uint64_t
key_hash(const char *key)
{
	return hash_bytes(key, strlen(key), 0);
}

static uint64_t
entry_hash(uintptr_t value, const void *ctx)
{
	const struct reuse *r = ctx;

	return key_hash(r->v[value - 1].key);
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

/* One line "KEY\tFP\tFILE...": added to r unless malformed or its key
 * was seen (the first is kept). The line is cut in place. */
static void
add_line(struct reuse *r, char *line)
{
	char *key = line, *fp = strchr(line, '\t'), *p;
	struct entry e;
	size_t at;
	uint64_t h;

	if (fp == NULL)
		return;
	*fp++ = '\0';
	if (strlen(fp) < FP_HEX - 1 || (fp[FP_HEX - 1] != '\0' &&
	    fp[FP_HEX - 1] != '\t'))
		return;
	h = key_hash(key);
	if (r->by_key.slot[at = find_key(r, key, h)] != 0)
		return;
	e = (struct entry){key, fp, r->nfiles, 0};
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
	/* Cut the fingerprint and the names only now: a malformed line
	 * is left as it was. */
	fp[FP_HEX - 1] = '\0';
	for (size_t k = e.first; k < r->nfiles; k++)
		r->files[k][strcspn(r->files[k], "\t")] = '\0';
	e.n = r->nfiles - e.first;
	xgrow((void **)&r->v, &r->cap, r->n + 1, sizeof *r->v);
	r->v[r->n++] = e;
	hashmap_put(&r->by_key, at, r->n);
}

struct reuse *
reuse_load(const char *site)
{
	char *path = xasprintf("%s/%s", site, JOBS_FILE), *buf, *line, *nl;
	struct diags quiet = {.quiet = 1};
	struct reuse *r;
	size_t len;

	buf = file_read(path, (size_t)1 << 30, &len, &quiet);
	free(path);
	diags_free(&quiet);
	if (buf == NULL)
		return NULL;
	r = xcalloc(1, sizeof *r);
	r->buf = buf;
	/* About one line in a hundred bytes. */
	hashmap_init(&r->by_key, len / 50, entry_hash, r);
	for (line = buf; line < buf + len; line = nl + 1) {
		if ((nl = memchr(line, '\n', (size_t)(buf + len - line))) ==
		    NULL)
			break;	/* a cut last line is not trusted */
		*nl = '\0';
		add_line(r, line);
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
		free(r->buf);
		free(r);
	}
}

char *const *
reuse_outputs(const struct reuse *r, const char *key, const char *fp,
    size_t *n)
{
	static char *const none[1];
	const struct entry *e;
	size_t at;

	if (r == NULL)
		return NULL;
	at = find_key(r, key, key_hash(key));
	if (r->by_key.slot[at] == 0)
		return NULL;
	e = &r->v[r->by_key.slot[at] - 1];
	if (strcmp(e->fp, fp) != 0)
		return NULL;
	*n = e->n;
	/* Never NULL: a job that wrote nothing is still kept. */
	return e->n ? r->files + e->first : none;
}

char *
reuse_line(const char *key, const char *fp, char *const *files, size_t n)
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
