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
	struct diags *d;
	char *real_root;	/* resolved RUNS, for the symlink check */
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

static bool
inside_root(const struct walk *w, const char *path)
{
	char *real = realpath(path, NULL);
	size_t rl = strlen(w->real_root);
	bool ok;

	if (real == NULL)
		return false;
	ok = strncmp(real, w->real_root, rl) == 0 &&
	    (real[rl] == '/' || real[rl] == '\0');
	free(real);
	return ok;
}

static bool
looks_binary(const char *buf, size_t len)
{
	return memchr(buf, '\0', len < 8192 ? len : 8192) != NULL;
}

static void
add_name(char ***v, size_t *n, const char *name)
{
	*v = xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = xstrdup(name);
}

/* Reads one regular file of a run directory into run. */
static void
take_file(struct walk *w, struct run *run, const char *path, const char *name)
{
	size_t len, before = run->samples.n;
	char *buf;

	if (strcmp(name, "notes.md") == 0) {
		run->notes = xstrdup(name);
		return;
	}
	buf = file_read(path, DEFAULT_MAX_FILE_SIZE, &len, w->d);
	if (strcmp(name, "meta") == 0) {
		if (buf)
			meta_parse(path, buf, len, &run->meta, w->d);
	} else if (buf && !looks_binary(buf, len)) {
		reader_read(path, buf, len, &run->samples, w->d);
	}
	free(buf);
	if (strcmp(name, "meta") == 0)
		return;
	if (run->samples.n > before)
		add_name(&run->outputs, &run->noutputs, name);
	else
		add_name(&run->attachments, &run->nattachments, name);
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

/* Looks at one directory entry: a file joins the run, a directory is
 * walked, a link is followed only to a file inside RUNS. */
static void
visit(struct walk *w, struct run *run, const char *dir, const char *id,
    const char *name, int depth)
{
	char *path = xasprintf("%s/%s", dir, name);
	char *sub = id[0] ? xasprintf("%s/%s", id, name) : xstrdup(name);
	struct stat st;

	if (lstat(path, &st) != 0) {
		diags_add(w->d, MSG_ERROR, path, 0, "cannot stat: %s",
		    strerror(errno));
	} else if (S_ISLNK(st.st_mode)) {
		if (!inside_root(w, path))
			diags_add(w->d, MSG_WARNING, path, 0, "symbolic link "
			    "leads outside the runs directory; not followed");
		else if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			take_file(w, run, path, name);
		else
			diags_add(w->d, MSG_WARNING, path, 0, "symbolic link "
			    "to a directory; not followed");
	} else if (S_ISDIR(st.st_mode)) {
		walk_dir(w, path, sub, depth + 1);
	} else if (S_ISREG(st.st_mode) && (depth > 0 ||
	    strcmp(name, "index.md") != 0)) {
		take_file(w, run, path, name);
	}
	free(path);
	free(sub);
}

static void
walk_dir(struct walk *w, const char *dir, const char *id, int depth)
{
	struct run run = {0};
	size_t n;
	char **names;

	if (depth > MAX_DEPTH) {
		diags_add(w->d, MSG_ERROR, dir, 0, "more than %d directories "
		    "deep; not read", MAX_DEPTH);
		return;
	}
	if ((names = list_dir(dir, &n, w->d)) == NULL)
		return;
	/* "benchsite record" marks a run bonnie++ did not finish. */
	for (size_t i = 0; i < n; i++) {
		if (strcmp(names[i], "FAILED") == 0) {
			diags_add(w->d, MSG_NOTE, dir, 0, "marked FAILED by "
			    "benchsite record; not a run");
			for (size_t k = 0; k < n; k++)
				free(names[k]);
			free(names);
			return;
		}
	}
	run.meta.disk_count = -1;
	for (size_t i = 0; i < n; i++) {
		visit(w, &run, dir, id, names[i], depth);
		free(names[i]);
	}
	free(names);
	reader_merge(&run.samples, w->d);
	if (depth == 0 || run.samples.n == 0) {
		if (depth > 0 && run.meta.n > 0)
			diags_add(w->d, MSG_WARNING, dir, 0, "has a meta file "
			    "but no bonnie++ result; not a run");
		run_free(&run);
		return;
	}
	check_samples_agree(&run, w->d);
	run.id = xstrdup(id);
	run.dir = xstrdup(dir);
	xgrow((void **)&w->set->runs, &w->set->cap, w->set->n + 1,
	    sizeof *w->set->runs);
	w->set->runs[w->set->n++] = run;
}

/* The site title: the first ATX heading of index.md. */
static void
read_index(struct runset *set, struct diags *d)
{
	char *path = xasprintf("%s/index.md", set->root), *buf;
	struct stat st;
	size_t len;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
		free(path);
		return;
	}
	set->has_index = true;
	if ((buf = file_read(path, DEFAULT_MAX_FILE_SIZE, &len, d)) != NULL) {
		for (char *line = buf; line && *line; ) {
			char *end = strchr(line, '\n');

			if (end)
				*end = '\0';
			if (line[0] == '#') {
				line += strspn(line, "#");
				line += strspn(line, " \t");
				line[strcspn(line, "\r")] = '\0';
				set->title = xstrdup(line);
				break;
			}
			line = end ? end + 1 : NULL;
		}
	}
	free(buf);
	free(path);
}

int
runset_load(struct runset *set, const char *root, struct diags *d)
{
	struct walk w = {set, d, NULL};
	struct stat st;

	memset(set, 0, sizeof *set);
	set->root = xstrdup(root);
	if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    (w.real_root = realpath(root, NULL)) == NULL) {
		diags_add(d, MSG_ERROR, root, 0, "not a readable directory: %s",
		    errno ? strerror(errno) : "not a directory");
		return -1;
	}
	read_index(set, d);
	walk_dir(&w, root, "", 0);
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
