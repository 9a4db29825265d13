/* The loader's cache; see runcache.h. The file is a series of records,
 * each a 32-bit length and that many bytes: first the header, then one
 * entry per run directory, in walk order. Numbers are in this machine's
 * byte order: a cache is only ever read by the program that wrote it
 * (the header holds a hash of its executable). */
#include "model/runcache.h"
#include "model/runcache_int.h"
#include "base/fileio.h"
#include "model/stats.h"
#include "read/fio_key.h"
#include "base/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#define CACHE_MAGIC	"benchsite runs cache 10"
#define IO_BUFFER	((size_t)1 << 18)	/* of each cache file's stdio */
/* A file whose time is within this many seconds of the build's start is
 * not trusted by its stamp the next time. */
#define SETTLE_SECONDS	2

/* ---- writing a record ---- */

struct blob {
	unsigned char *p;
	size_t n, cap;
};

static void
put_bytes(struct blob *b, const void *p, size_t n)
{
	xgrow((void **)&b->p, &b->cap, b->n + n, 1);
	if (n > 0)
		memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void
put_u8(struct blob *b, unsigned v)
{
	unsigned char c = (unsigned char)v;

	put_bytes(b, &c, 1);
}

static void
put_u32(struct blob *b, uint32_t v)
{
	put_bytes(b, &v, sizeof v);
}

static void
put_u64(struct blob *b, uint64_t v)
{
	put_bytes(b, &v, sizeof v);
}

static void
put_i64(struct blob *b, int64_t v)
{
	put_bytes(b, &v, sizeof v);
}

static void
put_f64(struct blob *b, double v)
{
	put_bytes(b, &v, sizeof v);
}

/* A string of len bytes (NUL bytes inside allowed), or NULL. */
static void
put_mem(struct blob *b, const char *s, size_t len)
{
	put_u32(b, s ? (uint32_t)len : NULL_STR);
	if (s)
		put_bytes(b, s, len);
}

static void
put_str(struct blob *b, const char *s)
{
	put_mem(b, s, s ? strlen(s) : 0);
}

/* ---- the cache ---- */

struct runcache {
	char *path, *tmp;
	FILE *in, *out;		/* the old cache, the new one (opened
				   when the two first differ) */
	int oldfd;		/* the old cache, for copying its start */
	/* Their buffers: glibc takes setvbuf's size only with a buffer
	 * given, else reads and writes 4 KiB at a time. */
	char *inbuf, *outbuf;
	size_t left;		/* bytes of the old one not read yet */
	/* Offsets in the old cache: the end of its header, the end of the
	 * record at hand, the file's size; the new cache is the old one
	 * up to same_until, as long as out is not open. */
	size_t head_end, rec_end, old_size, same_until;
	bool failed;		/* writing the new one failed */
	unsigned char *rec;	/* the old cache's record at hand */
	size_t reclen, reccap;
	struct rd at;		/* in rec, after its key */
	const char *key;	/* its key (in rec) */
	size_t entry_no;	/* its number, 0 the first after the header */
	struct ahead *ahead;	/* stats the entries' files ahead, or NULL */
	size_t keylen;
	size_t shed;
	time_t now;
	time_t old_time;	/* when the old cache was written, or 0 */
	struct blob head;	/* the header */
	struct blob b;		/* the record being written */
	/* Skimming (runcache_skim): the entries skimmed are the old
	 * cache's from head_end to skim_end, nskim of them. */
	bool skim;
	size_t skim_end, nskim;
	XXH3_state_t *digest;	/* runcache_digest's, or NULL */
};

/* The header a cache for these arguments starts with; -1 when the
 * program cannot be read. */
static int
header(struct blob *b, const char *root, const struct limits *lim,
    size_t shed)
{
	uint64_t h[2];

	/* No other build of benchsite reads the cache: its layout or its
	 * reading may differ. */
	if (program_hash(h) != 0)
		return -1;
	b->n = 0;
	put_str(b, CACHE_MAGIC);
	put_u64(b, h[0]);
	put_u64(b, h[1]);
	put_str(b, root);
	put_u64(b, lim->file_size);
	put_u64(b, lim->line);
	put_u64(b, lim->runs);
	put_u64(b, lim->files);
	put_u64(b, shed);
	return 0;
}

static bool
write_record(FILE *out, const void *p, size_t len)
{
	uint32_t n = (uint32_t)len;

	return len < MAX_RECORD && fwrite(&n, sizeof n, 1, out) == 1 &&
	    fwrite(p, 1, len, out) == len;
}

/* Reads the old cache's next record into c->rec; false at its end or on
 * damage, when the old cache is given up. */
static bool
read_record(struct runcache *c)
{
	uint32_t n;

	if (c->in == NULL)
		return false;
	/* A length past the file's end is damage, not a reason to
	 * allocate it. */
	if (c->left < sizeof n || fread(&n, sizeof n, 1, c->in) != 1 ||
	    n > c->left - sizeof n)
		goto done;
	xgrow((void **)&c->rec, &c->reccap, n ? n : 1, 1);
	if (fread(c->rec, 1, n, c->in) != n)
		goto done;
	c->left -= sizeof n + n;
	c->rec_end = c->old_size - c->left;
	c->reclen = n;
	return true;
done:
	fclose(c->in);
	c->in = NULL;
	c->key = NULL;
	return false;
}

/* Moves to the old cache's next entry (c->key NULL at its end). */
static void
next_entry(struct runcache *c)
{
	c->key = NULL;
	if (!read_record(c))
		return;
	c->at = (struct rd){c->rec, c->rec + c->reclen, false};
	c->key = get_mem(&c->at, &c->keylen);
	c->entry_no++;
	if (c->key == NULL) {
		fclose(c->in);
		c->in = NULL;
	}
}

/* The old cache, when its header is the one this load would write. */
static void
open_old(struct runcache *c, const struct blob *want, const char *root)
{
	struct stat st;

	if ((c->in = fopen(c->path, "rb")) == NULL)
		return;
	if (fstat(fileno(c->in), &st) != 0 || !S_ISREG(st.st_mode)) {
		fclose(c->in);
		c->in = NULL;
		return;
	}
	c->left = c->old_size = (size_t)st.st_size;
	c->old_time = st.st_mtim.tv_sec;
	c->inbuf = xmalloc(IO_BUFFER);
	setvbuf(c->in, c->inbuf, _IOFBF, IO_BUFFER);
	if (!read_record(c) || c->reclen != want->n ||
	    memcmp(c->rec, want->p, want->n) != 0) {
		if (c->in)
			fclose(c->in);
		c->in = NULL;
		c->old_time = 0;
		return;
	}
	c->head_end = c->same_until = c->rec_end;
	c->oldfd = dup(fileno(c->in));
	if (c->oldfd >= 0)
		c->ahead = ahead_start(c->oldfd, c->head_end, root);
	c->entry_no = (size_t)-1;	/* the first is number 0 */
	next_entry(c);
}

/* Copies the old cache's bytes from its header's end to same_until, the
 * entries the new one has taken so far as they were. */
static bool
copy_same(struct runcache *c)
{
	size_t at = c->head_end;
	char *buf = xmalloc(IO_BUFFER);
	bool ok = true;

	while (ok && at < c->same_until) {
		size_t want = c->same_until - at;
		ssize_t got = pread(c->oldfd, buf, want < IO_BUFFER ? want :
		    IO_BUFFER, (off_t)at);

		ok = got > 0 && fwrite(buf, 1, (size_t)got, c->out) ==
		    (size_t)got;
		at += ok ? (size_t)got : 0;
	}
	free(buf);
	return ok;
}

/* The new cache is about to differ from the old: it is made, with the
 * old one's entries taken so far. A build that changes nothing writes
 * no cache (runcache_close). */
static void
diverge(struct runcache *c)
{
	int fd;

	if (c->out || c->failed)
		return;
	c->tmp = xasprintf("%s.tmp-XXXXXX", c->path);
	if ((fd = mkstemp(c->tmp)) < 0) {
		free(c->tmp);
		c->tmp = NULL;
		c->failed = true;
		return;
	}
	if ((c->out = fdopen(fd, "wb")) == NULL) {
		close(fd);
		c->failed = true;
		return;
	}
	c->outbuf = xmalloc(IO_BUFFER);
	setvbuf(c->out, c->outbuf, _IOFBF, IO_BUFFER);
	c->failed = !write_record(c->out, c->head.p, c->head.n) ||
	    !copy_same(c);
}

struct runcache *
runcache_open(const char *path, const char *root, const struct limits *lim,
    size_t shed)
{
	struct runcache *c = xcalloc(1, sizeof *c);

	c->path = xstrdup(path);
	c->shed = shed;
	c->now = time(NULL);
	c->oldfd = -1;
	if (header(&c->head, root, lim, shed) != 0) {
		free(c->head.p);
		free(c->path);
		free(c);
		return NULL;
	}
	open_old(c, &c->head, root);
	if ((c->digest = XXH3_createState()) != NULL)
		XXH3_128bits_reset(c->digest);
	return c;
}

bool
runcache_settled(const struct runcache *c, const struct stamp *st, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (st[k].mtime_s >= (int64_t)c->now - SETTLE_SECONDS)
			return false;
	return true;
}

bool
runcache_trusted(const struct runcache *c, const struct stamp *st)
{
	int64_t before = (int64_t)(c->old_time < c->now ? c->old_time :
	    c->now) - SETTLE_SECONDS;

	return c->old_time > 0 && st->mtime_s < before && st->ctime_s < before;
}

/* The order the loader walks RUNS in: names sorted byte by byte at each
 * level, a directory's runs before the next name's. That is byte order
 * with '/' below every other byte. */
static int
walk_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	for (size_t k = 0; k < alen && k < blen; k++) {
		int x = a[k] == '/' ? -1 : (unsigned char)a[k];
		int y = b[k] == '/' ? -1 : (unsigned char)b[k];

		if (x != y)
			return x < y ? -1 : 1;
	}
	return alen < blen ? -1 : alen > blen;
}

/* ---- an entry: stamps, messages, the run ---- */

static void
put_stamps(struct blob *b, const struct stamp *st, size_t n)
{
	put_u32(b, (uint32_t)n);
	for (size_t k = 0; k < n; k++) {
		put_str(b, st[k].name);
		put_u64(b, st[k].size);
		put_u64(b, st[k].ino);
		put_u64(b, st[k].dev);
		put_i64(b, st[k].mtime_s);
		put_i64(b, st[k].mtime_ns);
		put_i64(b, st[k].ctime_s);
		put_i64(b, st[k].ctime_ns);
	}
}

static bool
same_stamps(struct rd *r, const struct stamp *st, size_t n)
{
	if (get_u32(r) != n)
		return false;
	for (size_t k = 0; k < n && !r->bad; k++) {
		size_t len;
		const char *name = get_mem(r, &len);

		if (name == NULL || len != strlen(st[k].name) ||
		    memcmp(name, st[k].name, len) != 0 ||
		    get_u64(r) != st[k].size || get_u64(r) != st[k].ino ||
		    get_u64(r) != st[k].dev || get_i64(r) != st[k].mtime_s ||
		    get_i64(r) != st[k].mtime_ns ||
		    get_i64(r) != st[k].ctime_s ||
		    get_i64(r) != st[k].ctime_ns)
			return false;
	}
	return !r->bad;
}

/* A run directory's own stamp, which changes when a file is added,
 * removed or renamed in it: a flag (0: none to trust), then the fields
 * of a file's stamp. Always 57 bytes, so that a taken entry's can be
 * written over in place. */
#define DIR_STAMP_SIZE	(1 + 7 * 8)

static void
put_dir_stamp(struct blob *b, const struct stamp *s)
{
	static const struct stamp none;

	put_u8(b, s != NULL);
	s = s ? s : &none;
	put_u64(b, s->size);
	put_u64(b, s->ino);
	put_u64(b, s->dev);
	put_i64(b, s->mtime_s);
	put_i64(b, s->mtime_ns);
	put_i64(b, s->ctime_s);
	put_i64(b, s->ctime_ns);
}


static void
put_msgs(struct blob *b, const struct diag *v, size_t n)
{
	put_u32(b, (uint32_t)n);
	for (size_t k = 0; k < n; k++) {
		put_u8(b, v[k].level);
		put_i64(b, v[k].line);
		put_str(b, v[k].file);
		put_str(b, v[k].message);
	}
}

/* The messages of an entry, said to d when it is not NULL (else only
 * checked). */
static void
get_msgs(struct rd *r, struct diags *d)
{
	size_t n = get_count(r, 17);

	for (size_t k = 0; k < n && !r->bad; k++) {
		unsigned level = get_u8(r);
		long line = (long)get_i64(r);
		size_t flen, mlen;
		const char *file = get_mem(r, &flen);
		const char *msg = get_mem(r, &mlen);

		if (level > MSG_SYSERR || file == NULL || msg == NULL ||
		    memchr(file, '\0', flen) || memchr(msg, '\0', mlen) ||
		    mlen > INT32_MAX) {
			r->bad = true;
		} else if (d) {
			char *name = xstrndup(file, flen);

			diags_add(d, (enum msg_level)level, name, line, "%.*s",
			    (int)mlen, msg);
			free(name);
		}
	}
}

static void
put_summary(struct blob *b, const struct metric_summary *s)
{
	put_f64(b, s->median);
	put_f64(b, s->min);
	put_f64(b, s->max);
	put_f64(b, s->latency_us);
	put_i64(b, s->n);
	put_i64(b, s->n_too_fast);
	put_i64(b, s->n_invalid);
	put_i64(b, s->cpu);
	put_u8(b, s->state);
	put_u8(b, s->approx);
}

/* The summaries, each with its metric's key (an index is the set's, and
 * the next load's set may number its metrics otherwise), and the
 * figures of the rank test, slot by slot. */
static void
put_sums(struct blob *b, const struct run *run, const struct runset *set)
{
	const struct run_figures *f = run->figures;

	put_u32(b, run->nsum);
	for (uint32_t k = 0; k < run->nsum; k++) {
		struct metric_summary s = run_summary_at(run, k);

		put_str(b, metric_def(&set->metrics, run_metric_at(run, k))->key);
		put_summary(b, &s);
	}
	put_u8(b, f != NULL);
	for (uint32_t k = 0; f && k <= run->nsum; k++)
		put_u32(b, f->at[k]);
	for (uint32_t k = 0; f && k < f->at[run->nsum]; k++)
		put_f64(b, f->v[k]);
}

static void
put_run(struct blob *b, const struct run *run, const struct runset *set)
{
	const struct run_meta *m = &run->meta;

	put_u32(b, (uint32_t)m->n);
	for (size_t k = 0; k < m->n; k++)
		put_mem(b, m->v[k], strlen(m->v[k]) + 1 +
		    strlen(meta_value(m, k)));
	put_str(b, m->disk_model);
	put_i64(b, m->disk_count);
	put_u8(b, m->raid);
	put_u8(b, run->notes != NULL);
	put_u32(b, (uint32_t)run->noutputs);
	for (size_t k = 0; k < run->noutputs; k++)
		put_str(b, run->outputs[k]);
	put_u32(b, (uint32_t)run->nattachments);
	for (size_t k = 0; k < run->nattachments; k++)
		put_str(b, run->attachments[k]);
	put_u64(b, run->nsamples);
	put_u64(b, run->fio_samples);
	put_sums(b, run, set);
	put_str(b, run->machine);
	put_str(b, run->fio_size);
	put_str(b, run->fio_runtime);
	put_str(b, run->fio_target);
	put_str(b, run->fio_version);
	put_str(b, run->fio_disks);
	put_u8(b, run->fio_disk_idle);
	put_u8(b, run->fio_buffered);
	put_u8(b, run->fio_disk_busy);
	put_u64(b, run->fio_files);
	put_str(b, run->params.version);
	put_str(b, run->params.csv_format);
	put_str(b, run->params.size);
	put_str(b, run->params.files);
	put_str(b, run->params.chunk);
	put_i64(b, run->params.concurrency);
	put_i64(b, run->params.seekers);
	for (int k = 0; k < 2; k++) {
		put_u64(b, run->input_hash[k]);
		put_u64(b, run->output_hash[k]);
	}
}

/* Reading a run goes twice over its bytes: first only checking them
 * (run NULL), then, when all is well, filling run, so that a damaged
 * entry leaves nothing half made. */
struct fill {
	struct run *run;	/* NULL: only check */
	struct runset *set;
	size_t shed;
	bool notes;		/* out: the run has notes */
};

/* A pooled copy of a string without NUL bytes (or NULL). */
static char *
get_pooled(struct rd *r, const struct fill *f, bool nullable)
{
	size_t len;
	const char *s = get_mem(r, &len);

	if (r->bad || (s == NULL && !nullable) ||
	    (s && memchr(s, '\0', len))) {
		r->bad = true;
		return NULL;
	}
	return f->run && s ? strpool_add(f->set->pool, s, len) : NULL;
}

/* A list of file names: plain names, as in a directory. */
static char **
get_names(struct rd *r, const struct fill *f, size_t *n)
{
	size_t count = get_count(r, 4);
	char **v = f->run && count ? xmalloc(count * sizeof *v) : NULL;

	for (size_t k = 0; k < count; k++) {
		char *s = get_pooled(r, f, false);

		if (v)
			v[k] = s;
	}
	*n = count;
	return v;
}

/* "key\0value" entries of a meta: one NUL inside, none at either end. */
static void
get_meta(struct rd *r, const struct fill *f)
{
	struct run_meta *m = f->run ? &f->run->meta : NULL;
	size_t n = get_count(r, 4), len;
	int64_t disks;
	unsigned raid;

	if (m && n > 0)
		m->v = xmalloc(n * sizeof *m->v);
	for (size_t k = 0; k < n && !r->bad; k++) {
		const char *s = get_mem(r, &len);
		const char *nul = s ? memchr(s, '\0', len) : NULL;

		if (nul == NULL || nul == s || memchr(nul + 1, '\0', len -
		    (size_t)(nul - s) - 1))
			r->bad = true;
		else if (m)
			m->v[m->n++] = strpool_add(f->set->pool, s, len);
	}
	if (m)
		m->disk_model = get_pooled(r, f, true);
	else
		get_pooled(r, f, true);
	disks = get_i64(r);
	raid = get_u8(r);
	if (disks < -1 || disks > INT32_MAX || raid >= RAID_LEVEL_COUNT)
		r->bad = true;
	else if (m) {
		m->disk_count = (int)disks;
		m->raid = (enum raid_level)raid;
	}
}

static void
get_summary(struct rd *r, struct metric_summary *s)
{
	unsigned state, approx;

	memset(s, 0, sizeof *s);
	s->median = get_f64(r);
	s->min = get_f64(r);
	s->max = get_f64(r);
	s->latency_us = get_f64(r);
	s->n = (int)get_i64(r);
	s->n_too_fast = (int)get_i64(r);
	s->n_invalid = (int)get_i64(r);
	s->cpu = (int)get_i64(r);
	state = get_u8(r);
	approx = get_u8(r);
	if (state > VS_INVALID || approx > 1)
		r->bad = true;
	s->state = (enum value_state)state;
	s->approx = approx;
}

/* The metric of a summary's key: bonnie++'s twelve first, in their
 * order, then fio's, each new one added to the set's table; -1 when
 * the key names none, or breaks the order. */
static int
get_metric(struct rd *r, const struct fill *f, uint32_t k, int prev)
{
	size_t len;
	const char *s = get_mem(r, &len);
	char key[FIO_KEY_MAX + 1];
	int id;

	if (s == NULL || len > FIO_KEY_MAX || memchr(s, '\0', len)) {
		r->bad = true;
		return -1;
	}
	/* Most entries hold bonnie++'s twelve in order: the key expected
	 * here is tried before the table (100 000 runs, 12 keys each). */
	if (k < M_COUNT && strncmp(metric_defs[k].key, s, len) == 0 &&
	    metric_defs[k].key[len] == '\0')
		return (int)k;
	memcpy(key, s, len);
	key[len] = '\0';
	if ((id = metric_by_key(key)) >= 0) {
		if ((uint32_t)id != k)	/* the twelve come first, in order */
			r->bad = true;
		return id;
	}
	if (prev >= 0 && prev < M_COUNT - 1)
		r->bad = true;	/* some of the twelve, not all */
	if (f->run == NULL) {
		struct fio_key fk;

		if (!fio_key_parse(key, &fk))
			r->bad = true;
		return M_COUNT;
	}
	if ((id = metrics_add_fio(&f->set->metrics, key)) < 0)
		r->bad = true;
	return id;
}

/* Returns how many summaries the run has. */
static size_t
get_sums(struct rd *r, const struct fill *f)
{
	size_t n = get_count(r, 60);
	struct run *run = f->run;
	struct metric_summary *sum = NULL;
	int prev = -1;
	bool fio = false;

	if (n > UINT32_MAX || n == 0)
		r->bad = true;
	if (r->bad)
		return 0;
	if (run) {
		run->nsum = (uint32_t)n;
		run->sum_ids = xarena_alloc(&f->set->sums, n *
		    sizeof *run->sum_ids);
		sum = xcalloc(n, sizeof *sum);
	}
	for (uint32_t k = 0; k < n && !r->bad; k++) {
		struct metric_summary s;
		int id = get_metric(r, f, k, prev);

		fio |= id >= M_COUNT;
		prev = id;
		get_summary(r, &s);
		if (run && id >= 0) {
			sum[k] = s;
			run->sum_ids[k] = (uint16_t)id;
		}
	}
	if (run) {
		run_keep_summaries(run, sum, n, &f->set->sums);
		free(sum);
	}
	if (run && !fio)
		run->sum_ids = NULL;	/* bonnie++'s twelve, by index */
	return n;
}

/* The figures: at[] rising from 0, no more than the samples' figures. */
static void
get_figures(struct rd *r, const struct fill *f, size_t nsum, size_t nsamples)
{
	uint32_t *at;
	struct run_figures *fig;
	size_t total;

	if (!get_u8(r))
		return;
	if (nsum == 0 || (size_t)(r->end - r->p) / 4 < nsum + 1) {
		r->bad = true;
		return;
	}
	at = xcalloc(nsum + 1, sizeof *at);
	for (size_t k = 0; k <= nsum; k++) {
		at[k] = get_u32(r);
		if ((k == 0 && at[0] != 0) || (k > 0 && (at[k] < at[k - 1] ||
		    at[k] - at[k - 1] > nsamples)))
			r->bad = true;
	}
	total = at[nsum];
	if (r->bad || (size_t)(r->end - r->p) / 8 < total) {
		r->bad = true;
	} else if (f->run == NULL) {
		get_bytes(r, total * 8);
	} else {
		fig = xarena_alloc(&f->set->figures, sizeof *fig + total *
		    sizeof *fig->v + (nsum + 1) * sizeof *at);
		fig->at = memcpy(fig->v + total, at, (nsum + 1) * sizeof *at);
		for (size_t k = 0; k < total; k++)
			fig->v[k] = get_f64(r);
		f->run->figures = fig;
	}
	free(at);
}

static void
get_run(struct rd *r, struct fill *f)
{
	struct run scratch, *run = f->run ? f->run : &scratch;
	size_t nsamples, fio_samples, nsum;

	get_meta(r, f);
	if ((f->notes = get_u8(r) != 0) && f->run)
		run->notes = strpool_add(f->set->pool, "notes.md", 8);
	run->outputs = get_names(r, f, &run->noutputs);
	run->attachments = get_names(r, f, &run->nattachments);
	nsamples = get_u64(r);
	fio_samples = get_u64(r);
	/* Only runs whose samples were shed are kept: the others keep them
	 * in the model, and only reading gives them. */
	if ((nsamples == 0 && fio_samples == 0) || nsamples > f->shed ||
	    fio_samples > MAX_RECORD || run->noutputs == 0)
		r->bad = true;
	run->nsamples = nsamples;
	run->fio_samples = fio_samples;
	nsum = get_sums(r, f);
	get_figures(r, f, nsum, nsamples + fio_samples);
	run->machine = get_pooled(r, f, true);
	run->fio_size = get_pooled(r, f, true);
	run->fio_runtime = get_pooled(r, f, true);
	run->fio_target = get_pooled(r, f, true);
	run->fio_version = get_pooled(r, f, true);
	run->fio_disks = get_pooled(r, f, true);
	run->fio_disk_idle = get_u8(r) != 0;
	run->fio_buffered = get_u8(r) != 0;
	run->fio_disk_busy = get_u8(r) != 0;
	run->fio_files = (uint32_t)get_u64(r);
	run->params.version = get_pooled(r, f, true);
	run->params.csv_format = get_pooled(r, f, true);
	run->params.size = get_pooled(r, f, true);
	run->params.files = get_pooled(r, f, true);
	run->params.chunk = get_pooled(r, f, true);
	run->params.concurrency = get_small_int(r);
	run->params.seekers = get_small_int(r);
	for (int k = 0; k < 2; k++) {
		run->input_hash[k] = get_u64(r);
		run->output_hash[k] = get_u64(r);
	}
	if (r->p != r->end)
		r->bad = true;
}

/* The stamp of a run directory the new cache may keep: one no change
 * made in the last seconds, whose listing no change can have missed
 * (see runcache_settled); NULL otherwise. */
static const struct stamp *
dir_to_keep(const struct runcache *c, const struct stamp *dir)
{
	int64_t before = (int64_t)c->now - SETTLE_SECONDS;

	return dir && dir->mtime_s < before && dir->ctime_s < before ? dir :
	    NULL;
}

/* Moves to the old cache's entry of key: false when it has none. The
 * entries passed over are not in the new cache. */
static bool
seek_entry(struct runcache *c, const char *key, size_t keylen)
{
	while (c->key && walk_cmp(c->key, c->keylen, key, keylen) < 0) {
		diverge(c);
		next_entry(c);
	}
	return c->key && walk_cmp(c->key, c->keylen, key, keylen) == 0;
}

struct stamp *
runcache_stamped(struct runcache *c, const char *key, struct stamp *dir,
    size_t *n)
{
	size_t keylen = strlen(key);

	*n = 0;
	if (c->ahead == NULL || !seek_entry(c, key, keylen))
		return NULL;
	return ahead_take(c->ahead, c->entry_no, key, keylen, dir, n);
}

struct stamp *
runcache_listing(struct runcache *c, const char *key,
    const struct stamp *dir, size_t *n)
{
	struct rd r;
	struct stamp was, *v;

	*n = 0;
	if (!seek_entry(c, key, strlen(key)))
		return NULL;
	r = c->at;
	if (!get_dir_stamp(&r, &was) || !same_stamp(&was, dir))
		return NULL;
	*n = get_count(&r, FILE_STAMP_MIN);
	if (*n == 0)
		return NULL;
	v = xcalloc(*n, sizeof *v);
	for (size_t k = 0; k < *n && !r.bad; k++) {
		size_t len;
		const char *name = get_mem(&r, &len);

		get_bytes(&r, 7 * 8);
		if (!plain_name(name, len))
			r.bad = true;
		else
			v[k].name = xstrndup(name, len);
	}
	if (r.bad) {
		for (size_t k = 0; k < *n; k++)
			free(v[k].name);
		free(v);
		*n = 0;
		return NULL;
	}
	return v;
}

/* Keeps the old cache's record at hand in the new one, with the
 * directory stamp dir. */
static void
keep_record(struct runcache *c, const struct stamp *was_dir, bool had_dir,
    const struct stamp *dir)
{
	struct blob b = {0};

	if (!c->out && (dir != NULL) == had_dir && (dir == NULL ||
	    same_stamp(dir, was_dir))) {
		c->same_until = c->rec_end;	/* the same bytes */
		return;
	}
	diverge(c);
	if (c->failed)
		return;
	put_dir_stamp(&b, dir);
	memcpy(c->rec + 4 + c->keylen, b.p, DIR_STAMP_SIZE);
	free(b.p);
	if (!write_record(c->out, c->rec, c->reclen))
		c->failed = true;
}

/* Adds a run's entry to the digest: its key, then body (its bytes
 * after the stamps, which a touch changes and the run does not). */
static void
digest_add(struct runcache *c, const char *key, size_t keylen,
    const void *body, size_t len)
{
	uint64_t n[2] = {keylen, len};

	if (c->digest == NULL)
		return;
	XXH3_128bits_update(c->digest, n, sizeof n);
	XXH3_128bits_update(c->digest, key, keylen);
	XXH3_128bits_update(c->digest, body, len);
}

bool
runcache_take(struct runcache *c, const char *key, const struct stamp *dir,
    const struct stamp *st, size_t n, struct run *run, struct runset *set,
    struct diags *d, bool *skimmed)
{
	struct rd check;
	struct stamp was_dir;
	bool ok, had_dir;

	*skimmed = false;
	if (!seek_entry(c, key, strlen(key)))
		return false;
	check = c->at;
	had_dir = get_dir_stamp(&check, &was_dir);
	ok = same_stamps(&check, st, n);
	if (ok) {
		struct rd fill = check;
		struct fill only = {NULL, set, c->shed, false};
		bool skim = runcache_skimming(c);

		get_msgs(&check, NULL);
		get_run(&check, &only);
		if ((ok = !check.bad)) {
			digest_add(c, c->key, c->keylen, fill.p,
			    (size_t)(fill.end - fill.p));
			get_msgs(&fill, d);
			if (!skim)
				get_run(&fill, &(struct fill){run, set,
				    c->shed, false});
			else if (only.notes)
				run->notes = strpool_add(set->pool,
				    "notes.md", 8);
			/* The bytes runcache_put would write, not made
			 * again. */
			keep_record(c, &was_dir, had_dir, dir_to_keep(c, dir));
			if ((*skimmed = skim)) {
				c->nskim++;
				c->skim_end = c->rec_end;
			}
		}
	}
	if (!ok)
		diverge(c);
	next_entry(c);
	return ok;
}

/* The entry of a run read from its files into c->b, from its body on
 * (body: where that starts), and into the digest. */
static void
make_entry(struct runcache *c, const char *key, const struct stamp *dir,
    const struct stamp *st, size_t n, const struct run *run,
    const struct runset *set, const struct diag *msgs, size_t nmsgs)
{
	size_t body;

	c->b.n = 0;
	put_str(&c->b, key);
	put_dir_stamp(&c->b, dir_to_keep(c, dir));
	put_stamps(&c->b, st, n);
	body = c->b.n;
	put_msgs(&c->b, msgs, nmsgs);
	put_run(&c->b, run, set);
	digest_add(c, key, strlen(key), c->b.p + body, c->b.n - body);
}

void
runcache_put(struct runcache *c, const char *key, const struct stamp *dir,
    const struct stamp *st, size_t n, const struct run *run,
    const struct runset *set, const struct diag *msgs, size_t nmsgs)
{
	/* The old cache's entries end to be the new one's: skimming ends,
	 * since the runs skimmed are a span of them. */
	c->skim = false;
	make_entry(c, key, dir, st, n, run, set, msgs, nmsgs);
	diverge(c);
	if (!c->failed && !write_record(c->out, c->b.p, c->b.n))
		c->failed = true;
}

void
runcache_unkept(struct runcache *c, const char *key, const struct run *run,
    const struct runset *set, const struct diag *msgs, size_t nmsgs)
{
	make_entry(c, key, NULL, NULL, 0, run, set, msgs, nmsgs);
}

void
runcache_skim(struct runcache *c)
{
	c->skim = true;
}

bool
runcache_skimming(const struct runcache *c)
{
	return c->skim && c->out == NULL && !c->failed && c->oldfd >= 0;
}

bool
runcache_digest(const struct runcache *c, uint64_t digest[2])
{
	XXH128_hash_t h;

	if (c->digest == NULL)
		return false;
	h = XXH3_128bits_digest(c->digest);
	digest[0] = h.low64;
	digest[1] = h.high64;
	return true;
}

/* ---- the runs skimmed, decoded when they are wanted ---- */

/* They are the old cache's entries from at to end, read again through a
 * descriptor of their own: the old cache is never written in place (a
 * new one is renamed over it), so they stay as they were checked. */
struct skimmed {
	struct file_window old;	/* its fd the skimmed's own */
	size_t at, end;		/* the bytes not read yet */
	size_t shed;
};

struct skimmed *
runcache_skimmed(struct runcache *c)
{
	struct skimmed *s;

	c->skim = false;
	if (c->nskim == 0)
		return NULL;
	s = xcalloc(1, sizeof *s);
	s->old.fd = fcntl(c->oldfd, F_DUPFD_CLOEXEC, 0);
	s->at = c->head_end;
	s->end = c->skim_end;
	s->shed = c->shed;
	c->nskim = 0;
	return s;
}

/* The next record's bytes (len of them), or NULL when they cannot be
 * read (errno says why). */
static const unsigned char *
skimmed_record(struct skimmed *s, uint32_t *len)
{
	const char *p;

	errno = 0;
	if (s->old.fd < 0 || s->end - s->at < sizeof *len ||
	    (p = file_window_get(&s->old, s->at, sizeof *len, IO_BUFFER)) ==
	    NULL)
		goto bad;
	memcpy(len, p, sizeof *len);
	if (*len > s->end - s->at - sizeof *len || (p =
	    file_window_get(&s->old, s->at + sizeof *len, *len, IO_BUFFER)) ==
	    NULL)
		goto bad;
	s->at += sizeof *len + *len;
	return (const unsigned char *)p;
bad:
	if (errno == 0)
		errno = EIO;
	return NULL;
}

int
skimmed_next(struct skimmed *s, struct run *run, struct runset *set,
    const char **key, size_t *keylen)
{
	const unsigned char *p;
	struct stamp dir;
	struct rd r;
	uint32_t len;
	size_t files;

	if (s->at == s->end)
		return 0;
	if ((p = skimmed_record(s, &len)) == NULL)
		return -1;
	r = (struct rd){p, p + len, false};
	*key = get_mem(&r, keylen);
	get_dir_stamp(&r, &dir);
	files = get_count(&r, FILE_STAMP_MIN);
	for (size_t k = 0; k < files; k++) {
		size_t namelen;

		get_mem(&r, &namelen);
		get_bytes(&r, 7 * 8);
	}
	/* Its messages were said when it was skimmed. */
	get_msgs(&r, NULL);
	get_run(&r, &(struct fill){run, set, s->shed, false});
	if (*key == NULL || r.bad) {
		errno = EIO;
		return -1;
	}
	return 1;
}

void
skimmed_free(struct skimmed *s)
{
	if (s == NULL)
		return;
	if (s->old.fd >= 0)
		close(s->old.fd);
	file_window_free(&s->old);
	free(s);
}

void
runcache_close(struct runcache *c, bool keep)
{
	if (c == NULL)
		return;
	ahead_stop(c->ahead);
	if (c->in)
		fclose(c->in);
	/* Every entry of the old cache taken as it was: it stays, dated
	 * now as a new one would be (runcache_trusted). */
	if (keep && !c->out && !c->failed && c->old_time > 0 &&
	    c->same_until == c->old_size)
		futimens(c->oldfd, NULL);
	else if (keep)
		diverge(c);
	if (c->out && fclose(c->out) != 0)
		c->failed = true;
	if (c->tmp && (!keep || c->failed || rename(c->tmp, c->path) != 0))
		unlink(c->tmp);
	if (c->oldfd >= 0)
		close(c->oldfd);
	free(c->inbuf);
	free(c->outbuf);
	free(c->rec);
	free(c->head.p);
	free(c->b.p);
	free(c->tmp);
	free(c->path);
	XXH3_freeState(c->digest);
	free(c);
}
