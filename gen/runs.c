/* The run-directory loader: walks RUNS, makes a run of every directory
 * holding a bonnie++ result, and reads its meta, notes and attachments.
 * Never follows a symbolic link out of RUNS, nor into any directory. */
#include "fileio.h"
#include "model.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_DEPTH 32

struct walk {
	struct runset *set;
	const struct limits *lim;
	struct diags *d;
	char *real_root;	/* resolved RUNS, for the symlink check */
	char *last_id;		/* with more runs than the limit: the last
				   id kept so far; later ones are skipped */
};

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of dir in byte order, without "." files; NULL on error. */
static char **
list_dir(const char *dir, size_t *n, struct diags *d)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t cap = 0;

	*n = 0;
	if (dp == NULL) {
		diags_add(d, MSG_ERROR, dir, 0, "cannot open directory: %s",
		    strerror(errno));
		return NULL;
	}
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;	/* ".", "..", ".git" and editors' files */
		xgrow((void **)&names, &cap, *n + 1, sizeof *names);
		names[(*n)++] = xstrdup(e->d_name);
	}
	closedir(dp);
	if (*n > 0)
		qsort(names, *n, sizeof *names, cmp_names);
	return names;
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

static void
add_name(char ***v, size_t *n, size_t *cap, const char *name)
{
	xgrow((void **)v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = xstrdup(name);
}

/* Reads one regular file of a run directory into run. A file that
 * cannot be read is not listed, so the site does not try to copy it. */
static void
take_file(struct walk *w, struct run *run, const char *path, const char *name)
{
	size_t len, before = run->samples.n;
	char *buf;

	if (strcmp(name, "notes.md") == 0) {
		struct stat st;

		/* Read when its page is made; only its size matters here. */
		if (stat(path, &st) == 0 && (size_t)st.st_size >
		    w->lim->file_size)
			diags_add(w->d, MSG_ERROR, path, 0, "larger than the "
			    "limit of %zu bytes; not read", w->lim->file_size);
		else
			run->notes = xstrdup(name);
		return;
	}
	buf = file_read_regular(path, w->lim->file_size, &len, w->d);
	if (buf == NULL)
		return;
	if (strcmp(name, "meta") == 0) {
		meta_parse(path, buf, len, w->lim, &run->meta, w->d);
		free(buf);
		return;
	}
	if (!looks_binary(buf, len))
		reader_read(path, buf, len, w->lim, &run->samples, w->d);
	free(buf);
	if (run->samples.n > before)
		add_name(&run->outputs, &run->noutputs, &run->cap_outputs,
		    name);
	else
		add_name(&run->attachments, &run->nattachments,
		    &run->cap_attachments, name);
}

/* Warns when one run mixes machines or bonnie++ parameters: its samples
 * are meant to be iterations of one configuration. */
static void
check_samples_agree(const struct run *run, struct diags *d)
{
	const struct result *a = &run->samples.v[0];

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

static void walk_dir(struct walk *, const char *dir, const char *id,
    int depth);

static void
run_free(struct run *r)
{
	free(r->id);
	free(r->dir);
	meta_free(&r->meta);
	free(r->notes);
	for (size_t i = 0; i < r->noutputs; i++)
		free(r->outputs[i]);
	free(r->outputs);
	for (size_t i = 0; i < r->nattachments; i++)
		free(r->attachments[i]);
	free(r->attachments);
	results_free(&r->samples);
}

/* A symbolic link in a run: followed only to a regular file inside RUNS. */
static void
visit_link(struct walk *w, struct run *run, const char *path,
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
	else if (stat(path, &st) != 0)
		diags_add(w->d, MSG_ERROR, path, 0, "cannot stat: %s",
		    strerror(errno));
	else if (S_ISREG(st.st_mode))
		take_file(w, run, path, name);
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

/* Looks at one directory entry: a file joins the run, a directory is
 * walked, a link is followed only to a file inside RUNS. Returns whether
 * it was a file (counted against the limit of files per directory);
 * with full set, such an entry is only counted. */
static bool
visit(struct walk *w, struct run *run, const char *dir, const char *id,
    const char *name, int depth, bool full)
{
	char *path, *sub;
	struct stat st;
	bool file = true;

	if (depth == 0 && strcmp(name, "index.md") == 0)
		return false;	/* the site's front page: read_index */
	path = xasprintf("%s/%s", dir, name);
	sub = id[0] ? xasprintf("%s/%s", id, name) : xstrdup(name);
	if (lstat(path, &st) != 0) {
		diags_add(w->d, MSG_ERROR, path, 0, "cannot stat: %s",
		    strerror(errno));
	} else if (S_ISDIR(st.st_mode) && is_run_file(name)) {
		diags_add(w->d, MSG_ERROR, path, 0, "a directory where a file "
		    "is expected; not read");
	} else if (S_ISDIR(st.st_mode)) {
		walk_dir(w, path, sub, depth + 1);
		file = false;
	} else if (full && !is_run_file(name)) {
		;	/* over the limit: counted, not read */
	} else if (S_ISLNK(st.st_mode)) {
		visit_link(w, run, path, name);
	} else if (!S_ISREG(st.st_mode)) {
		diags_add(w->d, MSG_ERROR, path, 0, "not a regular file (a "
		    "FIFO, socket or device); not read");
	} else {
		take_file(w, run, path, name);
	}
	free(path);
	free(sub);
	return file;
}

/* Whether dir holds the FAILED mark of "benchsite record": a run
 * bonnie++ did not finish. */
static bool
marked_failed(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], "FAILED") == 0)
			return true;
	return false;
}

/* Reads the entries of one directory into run, at most the limit of
 * files (the run's own meta and notes always). */
static void
visit_all(struct walk *w, struct run *run, const char *dir, const char *id,
    char **names, size_t n, int depth)
{
	size_t files = 0;

	for (size_t i = 0; i < n; i++) {
		bool full = files >= w->lim->files;

		if (visit(w, run, dir, id, names[i], depth, full))
			files++;
	}
	if (files > w->lim->files)
		diags_add(w->d, MSG_ERROR, dir, 0, "%zu files, more than the "
		    "limit of %zu; the first %zu by name are read", files,
		    w->lim->files, w->lim->files);
}

static void
free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* With more runs than the limit, keeps the first by id: called when
 * twice the limit is reached (so memory stays bounded) and at the end.
 * Later runs with a greater id are not even read. */
static void
keep_first_runs(struct walk *w)
{
	struct runset *set = w->set;

	if (set->n <= w->lim->runs)
		return;
	qsort(set->runs, set->n, sizeof *set->runs, cmp_runs);
	while (set->n > w->lim->runs)
		run_free(&set->runs[--set->n]);
	free(w->last_id);
	w->last_id = xstrdup(set->runs[set->n - 1].id);
}

static void
add_run(struct walk *w, struct run *run)
{
	struct runset *set = w->set;

	xgrow((void **)&set->runs, &set->cap, set->n + 1, sizeof *set->runs);
	set->runs[set->n++] = *run;
	if (set->n >= 2 * w->lim->runs)
		keep_first_runs(w);
}

/* Reads the entries of dir into run (walking its subdirectories);
 * false when dir cannot be read or is marked as a failed run. */
static bool
read_dir(struct walk *w, struct run *run, const char *dir, const char *id,
    int depth)
{
	size_t n;
	char **names;

	if (depth > MAX_DEPTH) {
		diags_add(w->d, MSG_ERROR, dir, 0, "more than %d directories "
		    "deep; not read", MAX_DEPTH);
		return false;
	}
	if ((names = list_dir(dir, &n, w->d)) == NULL)
		return false;
	if (marked_failed(names, n)) {
		diags_add(w->d, MSG_NOTE, dir, 0, "marked FAILED by "
		    "benchsite record; not a run");
		free_names(names, n);
		return false;
	}
	visit_all(w, run, dir, id, names, n, depth);
	free_names(names, n);
	reader_merge(&run->samples, w->d);
	return true;
}

static void
walk_dir(struct walk *w, const char *dir, const char *id, int depth)
{
	/* The id is shown on pages and charts, which are UTF-8; dir keeps
	 * the bytes the files are found by. */
	struct run run = {.id = xstrdup_utf8(id), .meta.disk_count = -1};

	if (w->last_id && strcmp(run.id, w->last_id) > 0) {
		run_free(&run);
		return;		/* neither it nor a run below it is kept */
	}
	if (!read_dir(w, &run, dir, id, depth) || depth == 0 ||
	    run.samples.n == 0) {
		if (depth > 0 && run.meta.n > 0 && run.samples.n == 0)
			diags_add(w->d, MSG_WARNING, dir, 0, "has a meta file "
			    "but no bonnie++ result; not a run");
		run_free(&run);
		return;
	}
	check_samples_agree(&run, w->d);
	run.dir = xstrdup(dir);
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

/* RUNS/index.md, which the site renders: like any file of RUNS, read
 * through a symbolic link only when it stays inside. */
static void
read_index(struct walk *w)
{
	struct runset *set = w->set;
	char *path = xasprintf("%s/index.md", set->root), *buf;
	struct stat st;
	size_t len;

	if (lstat(path, &st) != 0) {
		free(path);
		return;
	}
	if (S_ISLNK(st.st_mode) && link_target(w, path) != 0)
		diags_add(w->d, MSG_WARNING, path, 0, "symbolic link leads "
		    "outside the runs directory or nowhere; not followed");
	else if ((buf = file_read_regular(path, w->lim->file_size, &len,
	    w->d)) != NULL) {
		set->has_index = true;
		set->title = first_heading(buf, len);
		free(buf);
	}
	free(path);
}

int
runset_load(struct runset *set, const char *root, const struct limits *lim,
    struct diags *d)
{
	static const struct limits defaults = LIMITS_DEFAULT;
	struct walk w = {set, lim ? lim : &defaults, d, NULL, NULL};
	const char *why = NULL;
	struct stat st;

	memset(set, 0, sizeof *set);
	set->root = xstrdup(root);
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
	read_index(&w);
	walk_dir(&w, root, "", 0);
	keep_first_runs(&w);
	if (w.last_id)
		diags_add(d, MSG_ERROR, root, 0, "more than %zu runs; the first "
		    "%zu by id are read", w.lim->runs, w.lim->runs);
	free(w.last_id);
	free(w.real_root);
	if (set->n > 1)
		qsort(set->runs, set->n, sizeof *set->runs, cmp_runs);
	if (set->n == 0)
		diags_add(d, MSG_ERROR, root, 0, "no directory below it holds "
		    "a bonnie++ result");
	return 0;
}

void
runset_free(struct runset *set)
{
	for (size_t i = 0; i < set->n; i++)
		run_free(&set->runs[i]);
	free(set->runs);
	free(set->root);
	free(set->title);
	memset(set, 0, sizeof *set);
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
