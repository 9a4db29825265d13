/* The run-directory loader: walks RUNS, makes a run of every directory
 * holding a bonnie++ or fio result, and reads its meta, notes and
 * attachments.
 * Never follows a symbolic link out of RUNS, nor into any directory. */
#define _GNU_SOURCE		/* getdents64 */
#include "base/buf.h"
#include "base/fileio.h"
#include "model/fio_figures.h"
#include "model/model.h"
#include "model/runcache.h"
#include "model/stats.h"
#include "base/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#define MAX_DEPTH 32

/* The most a fio job file is taken to be: a larger file is data. */
#define JOB_FILE_MAX ((size_t)64 << 10)

struct walk {
	struct runset *set;
	const struct limits *lim;
	struct diags *d;
	char *real_root;	/* resolved RUNS, for the symlink check */
	bool over;		/* more runs than the user's --max-runs:
				   the walk stops, nothing is built */
	char *buf;		/* the file being read, for every file */
	size_t cap;
	size_t shed;		/* see runset_load */
	struct runcache *cache;	/* or NULL */
	bool unsettled;		/* a stamp too new to trust was met */
	size_t met;		/* runs met, decoded or skimmed: what
				   --max-runs counts */
	bool lost;		/* skimmed runs could not be decoded */
	/* The text of the small files of the directory being read that no
	 * reader took: fio's job files among them fill in what its output
	 * left out, once the directory is read (apply_job_files). */
	char **kept;
	size_t *kept_len, nkept, capkept, capkept_len;
};

/* The stamps of a run directory holding only plain files (within the
 * limit of files): one whose run the cache may keep. */
struct leaf {
	struct stamp *v;
	size_t n;
	struct stamp dir;	/* the directory's own, when has_dir */
	bool has_dir;
	bool skimmed;		/* its run taken but not decoded */
};

/* A directory entry, with its type when readdir told it (DT_UNKNOWN
 * otherwise), so that most entries cost no stat. */
struct entry {
	char *name;
	unsigned char type;
};

static int
cmp_entries(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
	    ((const struct entry *)b)->name);
}

/* The entries of the directory open at fd in byte order, without "."
 * files (NULL when there are none). Read with getdents64 from the
 * descriptor itself: a stream of opendir's would cost three more system
 * calls in each of the ten thousand run directories of a large tree. An
 * error ends the list, as it ends readdir's. */
static struct entry *
list_dir(int fd, size_t *n)
{
	_Alignas(struct dirent64) char buf[32768];
	struct entry *v = NULL;
	size_t cap = 0;
	ssize_t got;

	*n = 0;
	while ((got = getdents64(fd, buf, sizeof buf)) > 0)
		for (ssize_t at = 0; at < got; ) {
			const struct dirent64 *e = (const void *)(buf + at);

			at += e->d_reclen;
			if (e->d_name[0] == '.')
				continue;	/* ".", "..", ".git" and
						   editors' files */
			xgrow((void **)&v, &cap, *n + 1, sizeof *v);
			v[*n].name = xstrdup(e->d_name);
			v[(*n)++].type = e->d_type;
		}
	if (*n > 1)
		qsort(v, *n, sizeof *v, cmp_entries);
	return v;
}

static int
cmp_runs(const void *a, const void *b)
{
	return strcmp(((const struct run *)a)->id, ((const struct run *)b)->id);
}

/* Where a symbolic link leads: 0 inside RUNS, 1 outside, -1 nowhere (a
 * loop or a dangling link; errno says which). */
static int
link_target(const struct walk *w, const char *path)
{
	char *real = realpath(path, NULL);
	size_t rl = strlen(w->real_root);
	int outside;

	if (real == NULL)
		return -1;
	outside = strncmp(real, w->real_root, rl) != 0 ||
	    (real[rl] != '/' && real[rl] != '\0');
	free(real);
	return outside;
}

/* Binary: more than one NUL in 64 bytes at its start. A stray NUL in
 * pasted text is cleaned away by the reader; UTF-16 or an image has NULs
 * all over. */
static bool
looks_binary(const char *buf, size_t len)
{
	size_t n = len < 8192 ? len : 8192, nuls = 0;

	for (const char *p = buf; (p = memchr(p, '\0', n - (size_t)(p -
	    buf))) != NULL; p++)
		nuls++;
	return nuls * 64 > n;
}

/* The room a list of n names has while a directory is read: 4, 8, 16,
 * ... places, known from n so that no run keeps a capacity. */
static size_t
names_room(size_t n)
{
	size_t room = 4;

	if (n == 0)
		return 0;
	while (room < n)
		room *= 2;
	return room;
}

/* File names are few ("meta", "bonnie.txt"): pooled. */
static void
add_name(struct walk *w, char ***v, size_t *n, const char *name)
{
	if (*n == names_room(*n))
		*v = xrealloc(*v, names_room(*n + 1) * sizeof **v);
	(*v)[(*n)++] = strpool_add(w->set->pool, name, strlen(name));
}

/* Trims a list of names to its size once the directory is read. */
static void
trim_names(char ***v, size_t n)
{
	if (n < names_room(n))
		*v = xrealloc(*v, n * sizeof **v);
}

/* Adds a file, as read, to a run's hash (input_hash, output_hash). */
static void
hash_file(uint64_t hash[2], const char *name, const char *buf, size_t len)
{
	XXH128_hash_t h = XXH3_128bits_withSeed(buf, len,
	    XXH3_64bits(name, strlen(name)));

	hash[0] ^= h.low64;
	hash[1] ^= h.high64;
}

/* Reads one regular file of a run directory into run. A file that
 * cannot be read is not listed, so the site does not try to copy it. */
static void
take_file(struct walk *w, struct run *run, int dirfd, const char *path,
    const char *name)
{
	size_t len, before = run->samples.n + run->samples.fio.n;

	if (strcmp(name, "notes.md") == 0) {
		struct stat st;

		/* Read when its page is made; only its size matters here. */
		if (fstatat(dirfd, name, &st, 0) == 0 && (size_t)st.st_size >
		    w->lim->file_size)
			diags_add(w->d, MSG_ERROR, path, 0, "larger than the "
			    "limit of %zu bytes; not read", w->lim->file_size);
		else
			run->notes = strpool_add(w->set->pool, name,
			    strlen(name));
		return;
	}
	if (!file_read_regular_at(dirfd, name, path, w->lim->file_size,
	    &w->buf, &w->cap, &len, w->d))
		return;
	hash_file(run->input_hash, name, w->buf, len);
	if (strcmp(name, "meta") == 0) {
		meta_parse(path, w->buf, len, w->lim, &run->meta, w->d);
		return;
	}
	if (!looks_binary(w->buf, len))
		reader_read(path, w->buf, len, w->lim, &run->samples, w->d);
	if (run->samples.n + run->samples.fio.n > before) {
		hash_file(run->output_hash, name, w->buf, len);
		add_name(w, &run->outputs, &run->noutputs, name);
		return;
	}
	add_name(w, &run->attachments, &run->nattachments, name);
	if (len <= JOB_FILE_MAX && !looks_binary(w->buf, len) &&
	    fio_job_file_may_be(w->buf, len)) {
		xgrow((void **)&w->kept, &w->capkept, w->nkept + 1,
		    sizeof *w->kept);
		xgrow((void **)&w->kept_len, &w->capkept_len, w->nkept + 1,
		    sizeof *w->kept_len);
		w->kept[w->nkept] = memcpy(xmalloc(len), w->buf, len);
		w->kept_len[w->nkept++] = len;
	}
}

/* Fills in the options of run's fio jobs from the job files among the
 * directory's files kept from first on (the output has them as text
 * beside it; benchsite record copies its job file), then lets them go.
 * Every output is read by then, whatever the files' order. */
static void
apply_job_files(struct walk *w, struct run *run, size_t first)
{
	for (size_t k = first; k < w->nkept; k++) {
		if (run->samples.fio.n > 0)
			fio_job_file_apply(&run->samples.fio, w->kept[k],
			    w->kept_len[k]);
		free(w->kept[k]);
	}
	w->nkept = first;
}

/* Warns when one run mixes machines or bonnie++ parameters: its samples
 * are meant to be iterations of one configuration. */
static void
check_samples_agree(const struct run *run, struct diags *d)
{
	const struct result *a;

	if (run->samples.n == 0)
		return;
	a = &run->samples.v[0];
	for (size_t i = 1; i < run->samples.n; i++) {
		const struct result *b = &run->samples.v[i];
		size_t la = strlen(a->name), lb = strlen(b->name);

		if (strncmp(a->name, b->name, la < lb ? la : lb) != 0)
			diags_add(d, MSG_WARNING, b->file, b->line, "machine "
			    "\"%s\" differs from \"%s\" (%s:%ld) in the same "
			    "run", b->name, a->name, a->file, a->line);
		else if ((a->size && b->size && strcmp(a->size, b->size)) ||
		    (a->files && b->files && strcmp(a->files, b->files)))
			diags_add(d, MSG_WARNING, b->file, b->line, "bonnie++ "
			    "parameters (size %s, files %s) differ from %s:%ld "
			    "(size %s, files %s) in the same run",
			    b->size ? b->size : "-", b->files ? b->files : "-",
			    a->file, a->line, a->size ? a->size : "-",
			    a->files ? a->files : "-");
	}
}

static void walk_dir(struct walk *, int parentfd, const char *name,
    const char *dir, const char *id, int depth);

static char *
pool_or_null(struct strpool *pool, const char *s)
{
	return s ? strpool_add(pool, s, strlen(s)) : NULL;
}

/* Whether a run directory gave any result, of bonnie++ or of fio. */
static bool
has_results(const struct run *run)
{
	return run->samples.n > 0 || run->samples.fio.n > 0;
}

/* The figures of run's samples for the rank test, in the set's arena,
 * slot by slot (bonnie++'s twelve first, then ff's metrics), or NULL
 * when it has too few for one. */
static struct run_figures *
keep_figures(const struct run *run, const struct fio_figures *ff,
    struct xarena **arena)
{
	const struct results *rs = &run->samples;
	size_t nb = rs->n ? M_COUNT : 0, n = ff->n, slot = 0;
	struct run_figures *f;
	uint32_t *at;

	if (rs->n < RANK_MIN_SAMPLES && ff->nsamples < RANK_MIN_SAMPLES)
		return NULL;
	for (size_t m = 0; m < nb; m++)
		for (size_t k = 0; k < rs->n; k++)
			n += rs->v[k].m[m].state == VS_OK;
	f = xarena_alloc(arena, sizeof *f + n * sizeof *f->v +
	    (run->nsum + 1) * sizeof *at);
	at = (uint32_t *)(f->v + n);
	f->at = at;
	n = 0;
	for (size_t m = 0; m < nb; m++) {
		at[slot++] = (uint32_t)n;
		for (size_t k = 0; k < rs->n; k++)
			if (rs->v[k].m[m].state == VS_OK)
				f->v[n++] = rs->v[k].m[m].value;
	}
	for (size_t k = 0; k < ff->n; k++) {
		if (k == 0 || ff->v[k].metric != ff->v[k - 1].metric)
			at[slot++] = (uint32_t)n;
		f->v[n++] = ff->v[k].value;
	}
	at[slot] = (uint32_t)n;
	return f;
}

/* The fio metrics of ff into sum after its first slot (bonnie++'s
 * twelve, or none), with their indexes into run's. */
static void
summarise_fio(struct run *run, struct metric_summary *sum, size_t first,
    const struct fio_figures *ff)
{
	size_t slot = first;
	double *v = xcalloc(ff->n ? ff->n : 1, sizeof *v);

	for (size_t k = 0; k < first; k++)
		run->sum_ids[k] = (uint16_t)k;
	for (size_t k = 0; k < ff->n; ) {
		size_t e = k;

		for (; e < ff->n && ff->v[e].metric == ff->v[k].metric; e++)
			v[e - k] = ff->v[e].value;
		run->sum_ids[slot] = (uint16_t)ff->v[k].metric;
		stats_figures(v, e - k, &sum[slot++]);
		k = e;
	}
	free(v);
}

/* How many metrics ff has. */
static size_t
count_metrics(const struct fio_figures *ff)
{
	size_t n = 0;

	for (size_t k = 0; k < ff->n; k++)
		n += k == 0 || ff->v[k].metric != ff->v[k - 1].metric;
	return n;
}

/* The bonnie++ parameters of the run's first sample, pooled. */
static void
keep_params(struct walk *w, struct run *run)
{
	const struct result *x = &run->samples.v[0];
	struct strpool *pool = w->set->pool;

	run->machine = pool_or_null(pool, x->name);
	run->params.version = pool_or_null(pool, x->bonnie_version);
	run->params.csv_format = pool_or_null(pool, x->csv_format);
	run->params.size = pool_or_null(pool, x->size);
	run->params.files = pool_or_null(pool, x->files);
	run->params.chunk = pool_or_null(pool, x->chunk);
	run->params.concurrency = x->concurrency;
	run->params.seekers = x->seekers;
}

/* Option p of every fio job of the run (its file's size, its run
 * time), when they all give the same, pooled; else NULL (unknown, not a
 * difference). */
static char *
fio_option_of(struct walk *w, const struct fio_results *rs, enum fio_param p)
{
	const char *value = NULL;

	for (size_t r = 0; r < rs->n; r++)
		for (size_t j = 0; j < rs->v[r].njobs; j++) {
			const char *s = rs->v[r].jobs[j].param[p];

			if (s == NULL || (value && strcmp(value, s) != 0))
				return NULL;
			value = s;
		}
	return pool_or_null(w->set->pool, value);
}

/* The version every fio output of the run printed, pooled; NULL when
 * one printed none or they differ. */
static char *
fio_version_of(struct walk *w, const struct fio_results *rs)
{
	const char *v = NULL;

	for (size_t r = 0; r < rs->n; r++) {
		if (rs->v[r].version == NULL ||
		    (v && strcmp(v, rs->v[r].version) != 0))
			return NULL;
		v = rs->v[r].version;
	}
	return pool_or_null(w->set->pool, v);
}

static int
cmp_words(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The devices the disk stats of every fio result of the run list,
 * sorted and pooled ("md0 sdb sdc"), FIO_NO_DISK when each says there
 * was none; NULL when one does not say: whether its jobs moved to
 * another disk is then unknown. */
static char *
fio_disks_of(struct walk *w, const struct fio_results *rs)
{
	char **word = NULL, *all, *save = NULL, *out;
	size_t n = 0, cap = 0;
	struct buf b = {0};

	for (size_t r = 0; r < rs->n; r++) {
		if (rs->v[r].disks == NULL) {
			buf_free(&b);
			return NULL;
		}
		if (*rs->v[r].disks)
			buf_printf(&b, "%s%s", b.n ? " " : "", rs->v[r].disks);
	}
	if (rs->n == 0)
		return NULL;
	if (b.n == 0)
		return pool_or_null(w->set->pool, FIO_NO_DISK);
	all = buf_take(&b);
	for (char *t = strtok_r(all, " ", &save); t;
	    t = strtok_r(NULL, " ", &save)) {
		xgrow((void **)&word, &cap, n + 1, sizeof *word);
		word[n++] = t;
	}
	qsort(word, n, sizeof *word, cmp_words);
	for (size_t k = 0; k < n; k++)
		if (k == 0 || strcmp(word[k], word[k - 1]) != 0)
			buf_printf(&b, "%s%s", b.n ? " " : "", word[k]);
	out = buf_take(&b);
	free(word);
	free(all);
	all = pool_or_null(w->set->pool, out);
	free(out);
	return all;
}

/* What the fio jobs of the run read or wrote, pooled: the devices their
 * filenames name (fio_devices), FIO_ON_FILES when each named a file
 * (whatever the name: a scratch file of each night's), else NULL
 * (unknown, not a difference). */
static char *
fio_target_of(struct walk *w, const struct fio_results *rs)
{
	bool files;
	char *devices = fio_devices(rs, &files), *target;

	target = pool_or_null(w->set->pool, files ? FIO_ON_FILES : devices);
	free(devices);
	return target;
}

/* Whether a fio job moved data while fio's disk stats show its disk
 * idle: the page cache answered, or another device. */
static bool
fio_disk_idle(const struct fio_results *rs)
{
	for (size_t r = 0; r < rs->n; r++)
		for (size_t j = 0; j < rs->v[r].njobs; j++) {
			const struct fio_job *job = &rs->v[r].jobs[j];

			if (job->disk_util != 0)	/* NaN: not printed */
				continue;
			for (int d = 0; d < FIO_DIRS; d++)
				if (job->side[d].present &&
				    job->side[d].io_bytes > 0)
					return true;
		}
	return false;
}

/* How busy fio's disk stats must show a job's disk, in per cent, to
 * say the device served its requests rather than a cache above it. */
#define DISK_BUSY_UTIL 50

/* Whether fio's disk stats show a job's disk busy while it ran (a
 * util not printed is NaN, never busy). */
static bool
fio_disk_busy(const struct fio_results *rs)
{
	for (size_t r = 0; r < rs->n; r++)
		for (size_t j = 0; j < rs->v[r].njobs; j++)
			if (rs->v[r].jobs[j].disk_util >= DISK_BUSY_UTIL)
				return true;
	return false;
}

/* Whether a fio job that moved data went through the page cache. */
static bool
fio_buffered(const struct fio_results *rs)
{
	for (size_t r = 0; r < rs->n; r++)
		for (size_t j = 0; j < rs->v[r].njobs; j++) {
			const struct fio_job *job = &rs->v[r].jobs[j];

			for (int d = 0; d < FIO_DIRS; d++)
				if (job->side[d].present &&
				    !fio_job_uncached(job, (enum fio_dir)d))
					return true;
		}
	return false;
}

/* The files of its size each fio job of rs laid out, when all give
 * the same (struct run's fio_files): fio gives each of a job's numjobs
 * processes a file of its own unless filename= names one. */
static uint32_t
fio_files_of(const struct fio_results *rs)
{
	uint32_t files = 0;

	for (size_t r = 0; r < rs->n; r++)
		for (size_t j = 0; j < rs->v[r].njobs; j++) {
			char *const *p = rs->v[r].jobs[j].param;
			long n = p[FP_NUMJOBS] ? strtol(p[FP_NUMJOBS], NULL,
			    10) : 1;
			uint32_t here = p[FP_FILENAME] || n < 1 ? 1 :
			    n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;

			if (p[FP_SIZE] == NULL || (files && files != here))
				return 0;
			files = here;
		}
	return files;
}

/* What is kept of a run's samples beyond them: their count, summaries,
 * the first one's parameters and the figures the rank test needs; then,
 * when the run has at most w->shed, the samples go. */
static void
summarise(struct walk *w, struct run *run)
{
	size_t nb = run->samples.n ? M_COUNT : 0;
	struct metric_summary twelve[M_COUNT], *sum;
	struct fio_figures ff;

	fio_figures_add(&run->samples.fio, &w->set->metrics, &ff);
	run->nsamples = run->samples.n;
	run->fio_samples = ff.nsamples;
	run->nsum = (uint32_t)(nb + count_metrics(&ff));
	sum = run->nsum <= M_COUNT ? twelve : xcalloc(run->nsum, sizeof *sum);
	memset(sum, 0, run->nsum * sizeof *sum);
	if (nb)
		stats_run(run, sum);
	if (ff.n) {
		run->sum_ids = xarena_alloc(&w->set->sums, run->nsum *
		    sizeof *run->sum_ids);
		summarise_fio(run, sum, nb, &ff);
	}
	run_keep_summaries(run, sum, run->nsum, &w->set->sums);
	if (sum != twelve)
		free(sum);
	run->params.concurrency = run->params.seekers = -1;
	if (run->samples.n)
		keep_params(w, run);
	run->fio_size = fio_option_of(w, &run->samples.fio, FP_SIZE);
	run->fio_runtime = fio_option_of(w, &run->samples.fio, FP_RUNTIME);
	run->fio_target = fio_target_of(w, &run->samples.fio);
	run->fio_version = fio_version_of(w, &run->samples.fio);
	run->fio_disks = fio_disks_of(w, &run->samples.fio);
	run->fio_disk_idle = fio_disk_idle(&run->samples.fio);
	run->fio_buffered = fio_buffered(&run->samples.fio);
	run->fio_disk_busy = fio_disk_busy(&run->samples.fio);
	run->fio_files = fio_files_of(&run->samples.fio);
	run->figures = keep_figures(run, &ff, &w->set->figures);
	fio_figures_free(&ff);
	if (run->samples.n + run->samples.fio.n <= w->shed)
		results_free(&run->samples);
}

/* Frees a run but for its id (in the set's arena once added to it);
 * its file names, meta and (once pooled) results are in the set's
 * pool. */
static void
run_free(struct run *r, struct strpool *pool)
{
	free(r->raw_id);
	meta_free(&r->meta);
	strpool_release(pool, r->notes);
	strpool_release(pool, r->machine);
	strpool_release(pool, r->fio_size);
	strpool_release(pool, r->fio_runtime);
	strpool_release(pool, r->fio_target);
	strpool_release(pool, r->fio_version);
	strpool_release(pool, r->fio_disks);
	strpool_release(pool, r->params.version);
	strpool_release(pool, r->params.csv_format);
	strpool_release(pool, r->params.size);
	strpool_release(pool, r->params.files);
	strpool_release(pool, r->params.chunk);
	for (size_t i = 0; i < r->noutputs; i++)
		strpool_release(pool, r->outputs[i]);
	free(r->outputs);
	for (size_t i = 0; i < r->nattachments; i++)
		strpool_release(pool, r->attachments[i]);
	free(r->attachments);
	results_free(&r->samples);
}

/* A symbolic link in a run: followed only to a regular file inside RUNS. */
static void
visit_link(struct walk *w, struct run *run, int dirfd, const char *path,
    const char *name)
{
	struct stat st;
	int where = link_target(w, path);

	if (where < 0)
		diags_add(w->d, MSG_WARNING, path, 0, "symbolic link leads "
		    "nowhere (%s); not followed", strerror(errno));
	else if (where > 0)
		diags_add(w->d, MSG_WARNING, path, 0, "symbolic link leads "
		    "outside the runs directory; not followed");
	else if (fstatat(dirfd, name, &st, 0) != 0)
		diags_add(w->d, MSG_ERROR, path, 0, "cannot stat: %s",
		    strerror(errno));
	else if (S_ISREG(st.st_mode))
		take_file(w, run, dirfd, path, name);
	else
		diags_add(w->d, MSG_WARNING, path, 0, "symbolic link to %s; "
		    "not followed", S_ISDIR(st.st_mode) ? "a directory" :
		    "something not a regular file");
}

/* The files a run's page is made of: a directory by one of their names
 * is a mistake, not a place to look for runs. */
static bool
is_run_file(const char *name)
{
	return strcmp(name, "meta") == 0 || strcmp(name, "notes.md") == 0;
}

/* The type of an entry: the one readdir gave, else lstat's (without
 * following a link); DT_UNKNOWN when it cannot be had (reported). */
static unsigned char
entry_type(struct walk *w, int dirfd, const char *path,
    const struct entry *e)
{
	struct stat st;

	if (e->type != DT_UNKNOWN)
		return e->type;
	if (fstatat(dirfd, e->name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		diags_add(w->d, MSG_ERROR, path, 0, "cannot stat: %s",
		    strerror(errno));
		return DT_UNKNOWN;
	}
	return S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ? DT_LNK :
	    S_ISREG(st.st_mode) ? DT_REG : DT_FIFO;
}

/* Looks at one directory entry: a file joins the run, a directory is
 * walked, a link is followed only to a file inside RUNS. Returns whether
 * it was a file (counted against the limit of files per directory);
 * with full set, such an entry is only counted. */
static bool
visit(struct walk *w, struct run *run, int dirfd, const char *dir,
    const char *id, const struct entry *e, int depth, bool full)
{
	const char *name = e->name;
	unsigned char type;
	char *path;
	bool file = true;

	if (depth == 0 && (strcmp(name, "index.md") == 0 ||
	    strcmp(name, "meta") == 0))
		return false;	/* the site's: read_index, read_set_meta */
	path = xasprintf("%s/%s", dir, name);
	if ((type = entry_type(w, dirfd, path, e)) == DT_UNKNOWN) {
		;	/* reported */
	} else if (type == DT_DIR && is_run_file(name)) {
		diags_add(w->d, MSG_ERROR, path, 0, "a directory where a file "
		    "is expected; not read");
	} else if (type == DT_DIR) {
		char *sub = id[0] ? xasprintf("%s/%s", id, name) :
		    xstrdup(name);

		walk_dir(w, dirfd, name, path, sub, depth + 1);
		free(sub);
		file = false;
	} else if (full && !is_run_file(name)) {
		;	/* over the limit: counted, not read */
	} else if (type == DT_LNK) {
		visit_link(w, run, dirfd, path, name);
	} else if (type != DT_REG) {
		diags_add(w->d, MSG_ERROR, path, 0, "not a regular file (a "
		    "FIFO, socket or device); not read");
	} else {
		take_file(w, run, dirfd, path, name);
	}
	free(path);
	return file;
}

/* Whether dir holds the FAILED mark of "benchsite record": a run
 * bonnie++ did not finish. */
static bool
marked_failed(const struct entry *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].name, "FAILED") == 0)
			return true;
	return false;
}

/* Reads the entries of one directory into run, at most the limit of
 * files (the run's own meta and notes always). */
static void
visit_all(struct walk *w, struct run *run, int dirfd, const char *dir,
    const char *id, const struct entry *v, size_t n, int depth)
{
	size_t files = 0;

	for (size_t i = 0; i < n; i++) {
		bool full = files >= w->lim->files;

		if (visit(w, run, dirfd, dir, id, &v[i], depth, full))
			files++;
	}
	if (files > w->lim->files)
		diags_add(w->d, MSG_ERROR, dir, 0, "%zu files, more than the "
		    "limit of %zu; the first %zu by name are read", files,
		    w->lim->files, w->lim->files);
}

static void
free_entries(struct entry *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

static void
append_run(struct runset *set, const struct run *run)
{
	xgrow((void **)&set->runs, &set->cap, set->n + 1, sizeof *set->runs);
	set->runs[set->n++] = *run;
}

static void
add_run(struct walk *w, struct run *run)
{
	append_run(w->set, run);
	if (++w->met > w->lim->runs)
		w->over = true;
}

/* Gives run (whose id is the name its directory was found by, made
 * UTF-8, malloc'd) its id in the set's arena, and the raw bytes when
 * they differ. */
static void
name_run(struct runset *set, struct run *run, const char *raw)
{
	char *kept;

	if (strcmp(run->id, raw) != 0)
		run->raw_id = xstrdup(raw);
	kept = xarena_strdup(&set->ids, run->id);
	free(run->id);
	run->id = kept;
}

/* Adds the runs of s to set, as the walk would have added them; -1
 * (reported) when they cannot be read again. */
static int
add_skimmed(struct runset *set, struct skimmed *s, struct diags *d)
{
	const char *key;
	size_t keylen;
	int rc;

	do {
		struct run run = {.meta.disk_count = -1, .meta.pool =
		    set->pool};

		if ((rc = skimmed_next(s, &run, set, &key, &keylen)) > 0) {
			char *raw = xstrndup(key, keylen);

			run.id = xstrndup_shown(raw, SIZE_MAX);
			name_run(set, &run, raw);
			free(raw);
			append_run(set, &run);
		} else {
			run_free(&run, set->pool);
		}
	} while (rc > 0);
	if (rc < 0)
		diags_add(d, MSG_SYSERR, set->root, 0, "cannot read the runs "
		    "kept in the loader's cache again: %s; build with --full",
		    strerror(errno));
	return rc;
}

/* Decodes the runs skimmed so far, and skims no more: called once the
 * cache stops skimming (a run read from its files and put in the cache,
 * or taken otherwise than as the cache holds it). A run the cache does
 * not keep does not stop it. */
static void
catch_up(struct walk *w)
{
	struct skimmed *s = runcache_skimmed(w->cache);

	if (s && add_skimmed(w->set, s, w->d) < 0)
		w->lost = true;
	skimmed_free(s);
}

/* Opens the directory name of parentfd (the root itself at depth 0)
 * without following a link; -1 when it cannot be read (reported). */
static int
open_dir(struct walk *w, int parentfd, const char *name, const char *dir,
    int depth)
{
	int fd = depth == 0 ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) :
	    openat(parentfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);

	if (fd < 0)
		diags_add(w->d, MSG_ERROR, dir, 0, "cannot open directory: %s",
		    strerror(errno));
	return fd;
}

static void
leaf_free(struct leaf *leaf)
{
	for (size_t k = 0; k < leaf->n; k++)
		free(leaf->v[k].name);
	free(leaf->v);
	leaf->v = NULL;
	leaf->n = 0;
}

/* Stamps the entries v[0..n) of dirfd into leaf, before any is read;
 * false (leaf empty) when one is not a plain file. */
static bool
stamp_leaf(struct walk *w, int dirfd, const struct entry *v, size_t n,
    struct leaf *leaf)
{
	if (n > w->lim->files)
		return false;
	leaf->v = xcalloc(n, sizeof *leaf->v);
	for (size_t k = 0; k < n; k++) {
		struct stamp *s = &leaf->v[k];
		struct stat st;

		if ((v[k].type != DT_REG && v[k].type != DT_UNKNOWN) ||
		    fstatat(dirfd, v[k].name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISREG(st.st_mode)) {
			leaf_free(leaf);
			return false;
		}
		s->name = xstrdup(v[k].name);
		stamp_from_stat(&st, s);
		leaf->n++;
	}
	return true;
}

/* The stamp of directory name in parentfd, taken before it is listed;
 * false when it is not a directory (a link is read as before). */
static bool
stamp_dir(int parentfd, const char *name, struct stamp *s)
{
	struct stat st;

	if (fstatat(parentfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !S_ISDIR(st.st_mode))
		return false;
	stamp_from_stat(&st, s);
	s->name = NULL;
	return true;
}

/* The run of a directory stamped into leaf, from the cache when it
 * holds it with those stamps: skimmed (leaf->skimmed) while the cache
 * skims. */
static bool
take_leaf(struct walk *w, struct run *run, const char *id,
    struct leaf *leaf)
{
	return runcache_take(w->cache, id, leaf->has_dir ? &leaf->dir : NULL,
	    leaf->v, leaf->n, run, w->set, w->d, &leaf->skimmed);
}

/* A run directory whose stamps the cache's reader ahead took, with its
 * own unchanged: its run taken from the cache when its files' are too. */
static bool
take_ahead(struct walk *w, struct run *run, const char *id,
    struct leaf *leaf)
{
	leaf->v = runcache_stamped(w->cache, id, &leaf->dir, &leaf->n);
	leaf->has_dir = true;
	if (leaf->v != NULL && leaf->n <= w->lim->files &&
	    take_leaf(w, run, id, leaf))
		return true;
	leaf_free(leaf);
	return false;
}

/* A run directory the cache holds with its own stamp unchanged has the
 * files it had: they are stat'ed by the names the cache lists, without
 * opening or listing the directory (three system calls of six a run),
 * and the run taken when they are unchanged too. */
static bool
take_unlisted(struct walk *w, struct run *run, int parentfd,
    const char *name, const char *id, struct leaf *leaf)
{
	char path[PATH_MAX];
	bool ok;

	leaf->v = runcache_listing(w->cache, id, &leaf->dir, &leaf->n);
	ok = leaf->v != NULL && leaf->n <= w->lim->files;
	for (size_t k = 0; ok && k < leaf->n; k++) {
		struct stat st;

		ok = snprintf(path, sizeof path, "%s/%s", name,
		    leaf->v[k].name) < (int)sizeof path &&
		    fstatat(parentfd, path, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(st.st_mode);
		if (ok)
			stamp_from_stat(&st, &leaf->v[k]);
	}
	if (ok && take_leaf(w, run, id, leaf))
		return true;
	leaf_free(leaf);
	return false;
}

/* Adds a stamp of run's notes to the set's notes_stamps. */
static void
hash_notes_stamp(struct runset *set, const struct run *run,
    const struct stamp *s)
{
	uint64_t v[7] = {s->size, s->ino, s->dev, (uint64_t)s->mtime_s,
	    (uint64_t)s->mtime_ns, (uint64_t)s->ctime_s, (uint64_t)s->ctime_ns};
	XXH128_hash_t h = XXH3_128bits_withSeed(v, sizeof v,
	    XXH3_64bits(run->id, strlen(run->id)));

	set->notes_stamps[0] ^= h.low64;
	set->notes_stamps[1] ^= h.high64;
}

/* Adds the stamp of run's notes (in leaf, else stat'ed again) to the
 * set's notes_stamps: a build that finds nothing changed has not read
 * them. A stamp too new to trust, or notes that cannot be stat'ed,
 * mark the load unsettled. */
static void
stamp_notes(struct walk *w, const struct run *run, const char *dir,
    const struct leaf *leaf)
{
	struct stamp s = {.name = NULL};
	const struct stamp *found = NULL;
	struct stat st;

	if (run->notes == NULL)
		return;
	for (size_t k = 0; k < leaf->n && !found; k++)
		if (strcmp(leaf->v[k].name, run->notes) == 0)
			found = &leaf->v[k];
	if (found == NULL) {
		char *path = xasprintf("%s/%s", dir, run->notes);

		if (stat(path, &st) == 0)
			stamp_from_stat(&st, &s);
		else
			w->unsettled = true;
		free(path);
		found = &s;
	}
	if (!runcache_trusted(w->cache, found))
		w->unsettled = true;
	hash_notes_stamp(w->set, run, found);
}

/* Reads the entries of dir into run (walking its subdirectories);
 * false when dir cannot be read, is empty or is marked as a failed
 * run. A directory of plain files is stamped into leaf, and its run
 * taken from the cache when it holds it with those stamps (*cached). */
static bool
read_dir(struct walk *w, struct run *run, int parentfd, const char *name,
    const char *dir, const char *id, int depth, struct leaf *leaf,
    bool *cached)
{
	size_t n, kept;
	struct entry *v;
	int fd;

	if (depth > MAX_DEPTH) {
		diags_add(w->d, MSG_ERROR, dir, 0, "more than %d directories "
		    "deep; not read", MAX_DEPTH);
		return false;
	}
	if (w->cache && depth > 0 && (take_ahead(w, run, id, leaf) ||
	    ((leaf->has_dir = stamp_dir(parentfd, name, &leaf->dir)) &&
	    take_unlisted(w, run, parentfd, name, id, leaf)))) {
		*cached = true;
		return true;
	}
	if ((fd = open_dir(w, parentfd, name, dir, depth)) < 0)
		return false;
	if ((v = list_dir(fd, &n)) == NULL) {
		close(fd);
		return false;
	}
	if (marked_failed(v, n)) {
		diags_add(w->d, MSG_NOTE, dir, 0, "marked FAILED by "
		    "benchsite record; not a run");
		free_entries(v, n);
		close(fd);
		return false;
	}
	if (w->cache && depth > 0 && stamp_leaf(w, fd, v, n, leaf) &&
	    take_leaf(w, run, id, leaf)) {
		free_entries(v, n);
		close(fd);
		*cached = true;
		return true;
	}
	kept = w->nkept;
	visit_all(w, run, fd, dir, id, v, n, depth);
	apply_job_files(w, run, kept);
	free_entries(v, n);
	close(fd);
	reader_merge(&run->samples, w->d);
	/* What is kept of the run from here on takes no more than it
	 * needs: arrays trimmed, repeated strings shared. */
	results_pool(&run->samples, w->set->pool);
	trim_names(&run->outputs, run->noutputs);
	trim_names(&run->attachments, run->nattachments);
	return true;
}

/* Keeps what reading run's directory gave (the messages from msg0 on)
 * in the cache, when it may: a directory of plain files none of which
 * changed just now, and a run whose samples were shed. Any other is
 * counted in the cache's digest all the same. A run taken from the
 * cache is in the new one already. */
static void
cache_run(struct walk *w, const char *id, const struct leaf *leaf,
    const struct run *run, size_t msg0, bool cached)
{
	const struct diag *msgs = w->d->n > msg0 ? w->d->v + msg0 : NULL;

	if (cached || w->cache == NULL)
		return;
	if (leaf->v == NULL || has_results(run) ||
	    !runcache_settled(w->cache, leaf->v, leaf->n))
		runcache_unkept(w->cache, id, run, w->set, msgs,
		    w->d->n - msg0);
	else
		runcache_put(w->cache, id, leaf->has_dir ? &leaf->dir :
		    NULL, leaf->v, leaf->n, run, w->set, msgs,
		    w->d->n - msg0);
}

/* A run skimmed: counted, and its notes stamped, until it is decoded
 * with the others (catch_up, runset_materialise). */
static void
skim_run(struct walk *w, struct run *run, const char *dir,
    struct leaf *leaf)
{
	stamp_notes(w, run, dir, leaf);
	free(run->id);
	run_free(run, w->set->pool);
	leaf_free(leaf);
	if (++w->met > w->lim->runs)
		w->over = true;
}

static void
walk_dir(struct walk *w, int parentfd, const char *name, const char *dir,
    const char *id, int depth)
{
	/* The id is shown on pages and charts, which are UTF-8; dir keeps
	 * the bytes the files are found by. */
	struct run run = {.id = xstrndup_shown(id, SIZE_MAX),
	    .meta.disk_count = -1,
	    .meta.pool = w->set->pool};
	struct leaf leaf = {0};
	size_t msg0 = w->d->n;
	bool cached = false;

	if (w->over) {
		free(run.id);
		run_free(&run, w->set->pool);
		return;
	}
	if (!read_dir(w, &run, parentfd, name, dir, id, depth, &leaf,
	    &cached) || depth == 0 || (!cached && !has_results(&run))) {
		if (depth > 0 && run.meta.n > 0 && !has_results(&run))
			diags_add(w->d, MSG_WARNING, dir, 0, "has a meta file "
			    "but no bonnie++ or fio result; not a run");
		free(run.id);
		run_free(&run, w->set->pool);
		leaf_free(&leaf);
		return;
	}
	if (leaf.skimmed) {
		skim_run(w, &run, dir, &leaf);
		return;
	}
	if (!cached)
		check_samples_agree(&run, w->d);
	name_run(w->set, &run, id);
	if (!cached)
		summarise(w, &run);
	cache_run(w, id, &leaf, &run, msg0, cached);
	if (w->cache) {
		stamp_notes(w, &run, dir, &leaf);
		if (!runcache_skimming(w->cache))
			catch_up(w);
	}
	leaf_free(&leaf);
	add_run(w, &run);
}

/* The site title: the first ATX heading of index.md. */
static char *
first_heading(const char *buf, size_t len)
{
	for (size_t at = 0; at < len; ) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - buf) : len, a = at, b;

		if (buf[at] == '#') {
			a += strspn(buf + a, "#");
			a += strspn(buf + a, " \t");
			for (b = a; b < end && buf[b] != '\r'; b++)
				;
			return xstrndup_utf8(buf + a, b - a);
		}
		at = end + 1;
	}
	return NULL;
}

/* The file RUNS/name, like any file of RUNS read through a symbolic
 * link only when it stays inside, into a new buffer (caller frees) of
 * *len bytes; NULL when it is missing or cannot be read (said). *path
 * is its path, for messages (caller frees). */
static char *
read_root_file(struct walk *w, const char *name, char **path, size_t *len)
{
	struct stat st;

	*path = xasprintf("%s/%s", w->set->root, name);
	if (lstat(*path, &st) != 0)
		return NULL;
	if (S_ISLNK(st.st_mode) && link_target(w, *path) != 0) {
		diags_add(w->d, MSG_WARNING, *path, 0, "symbolic link leads "
		    "outside the runs directory or nowhere; not followed");
		return NULL;
	}
	return file_read_regular(*path, w->lim->file_size, len, w->d);
}

/* RUNS/index.md, which the site renders. */
static void
read_index(struct walk *w)
{
	char *path, *buf;
	size_t len;

	if ((buf = read_root_file(w, "index.md", &path, &len)) != NULL) {
		w->set->has_index = true;
		w->set->title = first_heading(buf, len);
		free(buf);
	}
	free(path);
}

/* RUNS/meta: settings of the whole run set, read like a run's meta. */
static void
read_set_meta(struct walk *w)
{
	char *path, *buf;
	size_t len;

	w->set->meta.pool = w->set->pool;
	if ((buf = read_root_file(w, "meta", &path, &len)) != NULL) {
		meta_parse(path, buf, len, w->lim, &w->set->meta, w->d);
		free(buf);
	}
	free(path);
}

/* One slot of a run being put in the order of its metrics' new
 * indexes. */
struct slot {
	uint16_t id;
	struct summary_slot sum;	/* its wide[] index stays good */
	uint32_t from, to;	/* its figures */
};

static int
cmp_slot(const void *x, const void *y)
{
	const struct slot *a = x, *b = y;

	return (a->id > b->id) - (a->id < b->id);
}

/* Run r's slots by their metrics' new indexes (remap). */
static void
reorder_run(struct run *r, const int *remap)
{
	struct slot *s = xcalloc(r->nsum, sizeof *s);
	struct run_figures *f = r->figures;
	double *v = NULL;
	uint32_t *at = f ? (uint32_t *)f->at : NULL, n = 0;

	for (uint32_t k = 0; k < r->nsum; k++)
		s[k] = (struct slot){(uint16_t)remap[r->sum_ids[k]], r->sum[k],
		    f ? at[k] : 0, f ? at[k + 1] : 0};
	qsort(s, r->nsum, sizeof *s, cmp_slot);
	if (f) {
		v = xcalloc(at[r->nsum] ? at[r->nsum] : 1, sizeof *v);
		memcpy(v, f->v, at[r->nsum] * sizeof *v);
	}
	for (uint32_t k = 0; k < r->nsum; k++) {
		r->sum_ids[k] = s[k].id;
		r->sum[k] = s[k].sum;
		if (f == NULL)
			continue;
		at[k] = n;
		memcpy(f->v + n, v + s[k].from, (s[k].to - s[k].from) *
		    sizeof *v);
		n += s[k].to - s[k].from;
	}
	free(v);
	free(s);
}

static bool
ids_ascending(const struct run *r)
{
	for (uint32_t k = 1; k < r->nsum; k++)
		if (r->sum_ids[k - 1] >= r->sum_ids[k])
			return false;
	return true;
}

/* The set's fio metrics in their fixed order, each run's slots after
 * them: the same runs give the same table however they were read. */
static void
order_metrics(struct runset *set)
{
	int *remap;
	bool moved = false;

	if (set->metrics.n <= M_COUNT + 1)
		return;
	remap = xcalloc(set->metrics.n, sizeof *remap);
	metrics_order(&set->metrics, remap);
	for (size_t m = 0; m < set->metrics.n; m++)
		moved |= remap[m] != (int)m;
	/* A run read from the cache has its ids in the order its keys
	 * were met, which need not ascend even when the table did not move,
	 * and run_metric_slot searches them. */
	for (size_t i = 0; i < set->n; i++)
		if (set->runs[i].sum_ids &&
		    (moved || !ids_ascending(&set->runs[i])))
			reorder_run(&set->runs[i], remap);
	free(remap);
}

int
runset_load(struct runset *set, const char *root, const struct limits *lim,
    size_t shed, struct diags *d)
{
	return runset_load_cached(set, root, lim, shed, NULL, NULL, NULL, false,
	    d);
}

/* The set as its users see it: the metrics in their order, the runs by
 * id, no more room than they take. */
static void
finish_set(struct runset *set)
{
	order_metrics(set);
	if (set->n > 1)
		qsort(set->runs, set->n, sizeof *set->runs, cmp_runs);
	if (set->n > 0 && set->n < set->cap) {
		set->runs = xrealloc(set->runs, set->n * sizeof *set->runs);
		set->cap = set->n;
	}
}

/* Ends the load's use of its cache: the runs skimmed and not decoded
 * yet are left to runset_materialise (lazy) beside the runs read from
 * their files, when there is a digest to take the place of them all,
 * else decoded now. */
static void
close_cache(struct walk *w, bool lazy, bool keep)
{
	struct runset *set = w->set;
	struct skimmed *s = runcache_skimmed(w->cache);

	set->has_digest = runcache_digest(w->cache, set->digest);
	if (s && lazy && set->has_digest) {
		set->lazy = s;
		s = NULL;
	} else if (s && add_skimmed(set, s, w->d) < 0) {
		w->lost = true;
	}
	skimmed_free(s);
	set->stamps_settled = !w->unsettled;
	runcache_close(w->cache, keep);
}

int
runset_materialise(struct runset *set, struct diags *d)
{
	int rc;

	if (set->lazy == NULL)
		return 0;
	rc = add_skimmed(set, set->lazy, d);
	skimmed_free(set->lazy);
	set->lazy = NULL;
	finish_set(set);
	return rc < 0 ? -1 : 0;
}

int
runset_load_cached(struct runset *set, const char *root,
    const struct limits *lim, size_t shed, const char *cache,
    bool (*keep)(void *), void *keep_arg, bool lazy, struct diags *d)
{
	static const struct limits defaults = LIMITS_DEFAULT;
	struct walk w = {.set = set, .lim = lim ? lim : &defaults, .d = d,
	    .shed = shed};
	const char *why = NULL;
	struct stat st;

	memset(set, 0, sizeof *set);
	set->root = xstrdup(root);
	set->pool = strpool_new();
	metrics_init(&set->metrics);
	if (stat(root, &st) != 0)
		why = strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "not a directory";
	else if ((w.real_root = realpath(root, NULL)) == NULL)
		why = strerror(errno);
	if (why) {
		diags_add(d, MSG_ERROR, root, 0, "not a readable directory: %s",
		    why);
		return -1;
	}
	if (cache)
		w.cache = runcache_open(cache, root, w.lim, shed);
	if (w.cache && lazy)
		runcache_skim(w.cache);
	read_index(&w);
	read_set_meta(&w);
	walk_dir(&w, AT_FDCWD, root, root, "", 0);
	if (w.cache)
		close_cache(&w, lazy, keep == NULL || keep(keep_arg));
	free(w.real_root);
	free(w.buf);
	free(w.kept);
	free(w.kept_len);
	if (w.lost)
		return -1;
	if (w.over) {
		diags_add(d, MSG_ERROR, root, 0, "more than %zu runs, the limit "
		    "--max-runs sets; stopped: raise it, or leave it "
		    "out to read every run", w.lim->runs);
		return -1;
	}
	finish_set(set);
	if (set->n == 0 && set->lazy == NULL)
		diags_add(d, MSG_ERROR, root, 0, "no directory below it holds "
		    "a bonnie++ or fio result");
	return 0;
}

/* The cache directory the XDG base directory rules give: an absolute
 * $XDG_CACHE_HOME, else $HOME/.cache (NULL without either). */
static char *
user_cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (xdg && xdg[0] == '/')
		return xstrdup(xdg);
	if (home && home[0] == '/')
		return xasprintf("%s/.cache", home);
	return NULL;
}

/* Makes dir and its parent (the user's cache directory may be new). */
static bool
make_cache_dir(const char *dir)
{
	char *parent = xstrdup(dir), *slash = strrchr(parent, '/');
	bool ok;

	if (slash && slash != parent) {
		*slash = '\0';
		if (mkdir(parent, 0700) != 0 && errno != EEXIST) {
			free(parent);
			return false;
		}
	}
	free(parent);
	ok = mkdir(dir, 0700) == 0 || errno == EEXIST;
	return ok;
}

char *
runset_user_cache(const char *root)
{
	char *real_root = realpath(root, NULL), *base = user_cache_dir();
	char *dir = NULL, *real_dir = NULL, *path = NULL;
	XXH128_hash_t h;
	size_t rl;

	if (real_root == NULL || base == NULL)
		goto done;
	dir = xasprintf("%s/benchsite", base);
	if (!make_cache_dir(dir) || (real_dir = realpath(dir, NULL)) == NULL)
		goto done;
	rl = strlen(real_root);
	if (strncmp(real_dir, real_root, rl) == 0 && (real_dir[rl] == '/' ||
	    real_dir[rl] == '\0' || rl == 1))
		goto done;	/* never a file among the user's runs */
	h = XXH3_128bits(real_root, rl);
	path = xasprintf("%s/runs-%016llx%016llx.cache", real_dir,
	    (unsigned long long)h.high64, (unsigned long long)h.low64);
done:
	free(real_root);
	free(base);
	free(dir);
	free(real_dir);
	return path;
}

void
runset_free(struct runset *set)
{
	for (size_t i = 0; i < set->n; i++)
		run_free(&set->runs[i], set->pool);
	meta_free(&set->meta);
	free(set->runs);
	free(set->root);
	free(set->title);
	strpool_free(set->pool);
	metrics_free(&set->metrics);
	xarena_free(&set->figures);
	xarena_free(&set->sums);
	xarena_free(&set->ids);
	skimmed_free(set->lazy);
	memset(set, 0, sizeof *set);
}

void
runset_drop_figures(struct runset *set)
{
	for (size_t i = 0; i < set->n; i++)
		set->runs[i].figures = NULL;
	xarena_free(&set->figures);
}

long
runset_find(const struct runset *set, const char *id)
{
	size_t lo = 0, hi = set->n;

	/* Runs are sorted by id (runset_load). */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(set->runs[mid].id, id);

		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

const char *
run_host(const struct run *r)
{
	const char *h = meta_get(&r->meta, "host");

	return h ? h : r->machine ? r->machine : "";
}

char *
run_dir(const struct runset *set, const struct run *r)
{
	/* As walk_dir joined the names on the way down. */
	return xasprintf("%s/%s", set->root, r->raw_id ? r->raw_id : r->id);
}

int
run_read_samples(const struct runset *set, const struct run *r,
    const struct limits *lim, struct results *out)
{
	static const struct limits defaults = LIMITS_DEFAULT;
	char *dir = run_dir(set, r);
	struct diags quiet = {.quiet = 1};
	uint64_t hash[2] = {0, 0};
	char *buf = NULL;
	size_t cap = 0, len;

	if (lim == NULL)
		lim = &defaults;
	for (size_t k = 0; k < r->noutputs; k++) {
		char *path = xasprintf("%s/%s", dir, r->outputs[k]);

		if (file_read_regular_at(AT_FDCWD, path, path, lim->file_size,
		    &buf, &cap, &len, &quiet)) {
			hash_file(hash, r->outputs[k], buf, len);
			reader_read(path, buf, len, lim, out, &quiet);
		}
		free(path);
	}
	reader_merge(out, &quiet);
	free(buf);
	free(dir);
	diags_free(&quiet);
	return hash[0] == r->output_hash[0] && hash[1] == r->output_hash[1] &&
	    out->n == r->nsamples ? 0 : -1;
}
