/* Atomic publishing of a site; see publish.h. */
#define _GNU_SOURCE	/* renameat2 and RENAME_EXCHANGE */
#include "site/publish.h"
#include "site/dirseal.h"
#include "base/buf.h"
#include "base/sortednames.h"
#include "base/twothreads.h"
#include "base/fileio.h"
#include "base/hashmap.h"
#include "base/xalloc.h"
#include "model/model.h"	/* CACHE_SUFFIX */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static void
name_list_add(struct name_list *l, const char *name)
{
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = xstrdup(name);
}

static void
name_list_free(struct name_list *l)
{
	for (size_t k = 0; k < l->n; k++)
		free(l->v[k]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* The largest manifest read: 29 MB lists 100 000 runs' files, so this
 * is no ceiling on a site's growth. */
#define MANIFEST_MAX ((size_t)1 << 30)

static void
free_manifest(struct sorted_names *m)
{
	if (m) {
		sorted_names_free(m);
		free(m);
	}
}

/* The digest of a manifest, line by line from seed 0: what .SITE.dirs
 * keeps of each site's (dirseal.h), and what tells a manifest read
 * again from the one its site was taken with. A last line the file
 * does not end is told from one it ends. */
static uint64_t
manifest_digest(uint64_t h, const char *line, size_t len, bool ended)
{
	h = hash_bytes(line, len, h);
	return ended ? h : ~h;
}

/* A manifest read line by line: its names while they come sorted, and
 * its digest. */
struct manifest_read {
	struct sorted_names *m;
	bool sorted;
	uint64_t digest;
};

static bool
manifest_line(void *ctx, char *line, size_t len, bool ended)
{
	struct manifest_read *r = ctx;

	r->digest = manifest_digest(r->digest, line, len, ended);
	if (r->m && r->sorted)
		r->sorted = sorted_names_add(r->m, line);
	return true;
}

/* A manifest not written by write_manifest (out of order, a line twice):
 * read whole and sorted first. Says to d why it cannot be read. */
static struct sorted_names *
read_unsorted(const char *path, struct diags *d)
{
	char *buf, **v = NULL;
	size_t len, n = 0, cap = 0;
	struct sorted_names *m;

	if ((buf = file_read(path, MANIFEST_MAX, &len, d)) == NULL)
		return NULL;
	for (char *line = buf, *end; *line; line = end + 1) {
		if ((end = strchr(line, '\n')) == NULL)
			end = line + strlen(line) - 1;
		else
			*end = '\0';
		xgrow((void **)&v, &cap, n + 1, sizeof *v);
		v[n++] = line;
		if (end[1] == '\0')
			break;
	}
	qsort(v, n, sizeof *v, cmp_string_ptrs);
	m = xcalloc(1, sizeof *m);
	for (size_t k = 0; k < n; k++)
		sorted_names_add(m, v[k]);	/* each once */
	sorted_names_trim(m);
	free(v);
	free(buf);
	return m;
}

/* The files SITE's manifest lists, and its digest to *digest when that
 * is set; NULL when it has none. A site of 100 000 runs lists 720 000
 * files: they are read line by line into a front-coded set (29 MB of
 * lines, 9 MB as a set), as write_manifest sorted them. */
static struct sorted_names *
read_manifest(const char *site, uint64_t *digest, struct diags *d)
{
	char *path = xasprintf("%s/%s", site, MANIFEST);
	struct manifest_read r = {.sorted = true};
	struct stat st;

	if (stat(path, &st) == 0) {
		r.m = xcalloc(1, sizeof *r.m);
		if (file_read_lines(path, MANIFEST_MAX, manifest_line, &r) &&
		    r.sorted) {
			sorted_names_trim(r.m);
		} else {
			free_manifest(r.m);
			r.m = read_unsorted(path, d);
		}
	}
	if (digest)
		*digest = r.digest;
	free(path);
	return r.m;
}

/* Whether root's manifest has the digest want. */
static bool
manifest_is(const char *root, uint64_t want)
{
	char *path = xasprintf("%s/%s", root, MANIFEST);
	struct manifest_read r = {.m = NULL};
	bool is = file_read_lines(path, MANIFEST_MAX, manifest_line, &r) &&
	    r.digest == want;

	free(path);
	return is;
}

/* The type of entry e at path (DT_DIR, DT_REG, ...), asking the file
 * system when readdir does not say. */
static unsigned char
entry_type(const char *path, const struct dirent *e)
{
	struct stat st;

	if (e->d_type != DT_UNKNOWN)
		return e->d_type;
	if (lstat(path, &st) != 0)
		return DT_UNKNOWN;
	return S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG :
	    DT_LNK;
}

/* The walk of foreign_file: one path for the whole walk, each entry's
 * name added to it and taken off again (a site of 100 000 runs holds
 * 720 000 names, each printed into two new strings before), its part
 * below the site from rel on. */
struct below {
	struct buf path;
	size_t rel;
	const struct sorted_names *m;	/* the manifest */
	bool plain_only;
	struct name_list *dirs;	/* when set, each directory walked */
};

static char *
foreign_below(struct below *w)
{
	size_t len = w->path.n;
	DIR *dp = opendir(w->path.p);
	struct dirent *e;
	char *found = NULL;

	if (dp == NULL && w->plain_only)
		return xstrdup(len > w->rel ? w->path.p + w->rel : ".");
	if (w->dirs)
		name_list_add(w->dirs, len > w->rel ? w->path.p + w->rel : ".");
	while (dp && found == NULL && (e = readdir(dp)) != NULL) {
		unsigned char type;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		buf_putc(&w->path, '/');
		buf_puts(&w->path, e->d_name);
		if ((type = entry_type(w->path.p, e)) == DT_DIR)
			found = foreign_below(w);
		else if ((w->plain_only && type != DT_REG) ||
		    (strcmp(w->path.p + w->rel, MANIFEST) != 0 &&
		    !sorted_names_has(w->m, w->path.p + w->rel)))
			found = xstrdup(w->path.p + w->rel);
		w->path.n = len;
		w->path.p[len] = '\0';
	}
	if (dp)
		closedir(dp);
	return found;
}

/* The first entry below site that the manifest m does not
 * account for, or NULL; caller frees. Directories are walked, and every
 * other entry must be listed. With plain_only, an entry that is neither
 * a directory nor a plain file is foreign, listed or not, and so is a
 * directory that cannot be read. Each directory walked is added to dirs
 * when it is set. */
static char *
foreign_file(const char *site, const struct sorted_names *m,
    bool plain_only, struct name_list *dirs)
{
	struct below w = {.m = m, .plain_only = plain_only, .dirs = dirs};
	char *found;

	buf_puts(&w.path, site);
	w.rel = w.path.n + 1;
	found = foreign_below(&w);
	buf_free(&w.path);
	return found;
}

static bool
is_empty_dir(const char *path)
{
	DIR *dp = opendir(path);
	struct dirent *e;
	bool empty = true;

	while (dp && empty && (e = readdir(dp)) != NULL)
		empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
	if (dp)
		closedir(dp);
	return empty;
}

/* Whether root, a site of SITE's (SITE itself or its previous site), is
 * as SITE's record `which` sealed it (dirseal.h), with its manifest: it
 * then holds only the files that manifest lists, as it did when it was
 * published. Its directories' names go to dirs when it is set. With
 * digest set, the manifest must also be the one the record names (its
 * bytes are read), and its digest goes there. */
static bool
sealed(const char *site, const char *root, enum seal_of which,
    struct name_list *dirs, uint64_t *digest)
{
	struct dir_seal rec[SEAL_N];
	char *manifest = xasprintf("%s/%s", root, MANIFEST);
	struct stat st;
	bool holds;

	seal_read(site, rec);
	holds = seal_holds(root, &rec[which]) && lstat(manifest, &st) == 0 &&
	    S_ISREG(st.st_mode) && (digest == NULL ||
	    manifest_is(root, rec[which].manifest));
	if (holds && digest)
		*digest = rec[which].manifest;
	if (holds && dirs) {
		name_list_free(dirs);
		dirs->v = seal_take_names(&rec[which], &dirs->n);
		dirs->cap = dirs->n;
	}
	for (int k = 0; k < SEAL_N; k++)
		seal_free(&rec[k]);
	free(manifest);
	return holds;
}

bool
publish_replaceable(const char *site, struct diags *d)
{
	struct stat st;
	struct sorted_names *m;
	char *foreign;

	if (stat(site, &st) != 0)
		return errno == ENOENT;
	if (!S_ISDIR(st.st_mode)) {
		diags_add(d, MSG_ERROR, site, 0, "exists and is not a "
		    "directory; nothing written");
		return false;
	}
	if (is_empty_dir(site))
		return true;
	if (sealed(site, site, SEAL_SITE, NULL, NULL))
		return true;
	if ((m = read_manifest(site, NULL, d)) == NULL) {
		diags_add(d, MSG_ERROR, site, 0, "exists and was not made by "
		    "benchsite (it has no %s); nothing written: choose "
		    "another directory or empty it", MANIFEST);
		return false;
	}
	foreign = foreign_file(site, m, false, NULL);
	if (foreign)
		diags_add(d, MSG_ERROR, site, 0, "holds %s, which benchsite did "
		    "not write; nothing replaced: move it away first", foreign);
	free_manifest(m);
	free(foreign);
	return foreign == NULL;
}

bool
publish_plausible(const char *site)
{
	struct stat st;
	char *manifest;
	bool ok;

	if (stat(site, &st) != 0)
		return errno == ENOENT;
	if (!S_ISDIR(st.st_mode))
		return false;
	manifest = xasprintf("%s/%s", site, MANIFEST);
	ok = lstat(manifest, &st) == 0 ? S_ISREG(st.st_mode) :
	    is_empty_dir(site);
	free(manifest);
	return ok;
}

/* Whether SITE's previous site prev is a whole one, with its directories
 * to dirs: sealed, or holding only its manifest's plain files (walked
 * with the manifest read, which then goes); else a note to notes when
 * there is one that is not. */
static bool
usable_prev(const char *site, const char *prev, struct name_list *dirs,
    uint64_t *digest, struct diags *notes, struct diags *d)
{
	struct sorted_names *m;
	struct stat st;
	char *foreign = NULL;

	if (lstat(prev, &st) != 0 || (S_ISDIR(st.st_mode) &&
	    is_empty_dir(prev)))
		return false;
	if (S_ISDIR(st.st_mode) && sealed(site, prev, SEAL_PREV, dirs, digest))
		return true;
	m = S_ISDIR(st.st_mode) ? read_manifest(prev, digest, d) : NULL;
	if (m == NULL || (foreign = foreign_file(prev, m, true, dirs))) {
		diags_add(notes, MSG_NOTE, prev, 0, "%s%s%s; not used "
		    "to speed the build up: remove it", m == NULL ? "is not a "
		    "site benchsite kept" : "holds ", m == NULL ? "" : foreign,
		    m == NULL ? "" : ", which benchsite did not write as a "
		    "plain file");
		free_manifest(m);
		free(foreign);
		name_list_free(dirs);
		return false;
	}
	free_manifest(m);
	return true;
}

void
publish_prev_find(const char *site, struct publish_prev *pp)
{
	char *prev = path_beside(site, PREV_SUFFIX);

	memset(pp, 0, sizeof *pp);
	pp->notes.quiet = pp->errs.quiet = 1;
	pp->usable = usable_prev(site, prev, &pp->dirs, &pp->manifest,
	    &pp->notes, &pp->errs);
	free(prev);
}

void
publish_prev_free(struct publish_prev *pp)
{
	name_list_free(&pp->dirs);
	diags_free(&pp->notes);
	diags_free(&pp->errs);
	memset(pp, 0, sizeof *pp);
}

void
publish_prev_say(struct publish_prev *pp, struct diags *d)
{
	/* In the order usable_prev makes them: reading, then the note. */
	diags_append(d, &pp->errs);
	diags_append(d, &pp->notes);
	publish_prev_free(pp);
}

/* Takes the previous site (found as pp says) as the staging directory,
 * which is empty: renaming a directory over an empty one replaces it.
 * Only a whole previous site is taken, holding nothing but its
 * manifest's plain files: the build keeps those files in place as the
 * new site's. Any other is left where it is, with a note; and when
 * another build took it first, the staging directory stays empty. Its
 * manifest stays until the new site's is written: the files it lists
 * that the new site does not are removed then (remove_stale). */
static void
take_prev(struct publish *p, struct publish_prev *pp, struct diags *d)
{
	diags_append(d, &pp->errs);
	diags_append(&p->notes, &pp->notes);
	if (!pp->usable || rename(p->prev, p->staging) != 0) {
		publish_prev_free(pp);
		return;
	}
	p->had = true;
	p->had_manifest = pp->manifest;
	p->dirs = pp->dirs;
	p->had_dirs = p->dirs.n;
	memset(&pp->dirs, 0, sizeof pp->dirs);
	publish_prev_free(pp);
}

int
publish_begin(struct publish *p, const char *site,
    struct publish_prev *prev, struct diags *d)
{
	struct publish_prev here;

	memset(p, 0, sizeof *p);
	p->notes.quiet = 1;
	if (!publish_replaceable(site, d)) {
		if (prev)
			publish_prev_free(prev);
		return -1;
	}
	/* Beside SITE, on its file system, so the swap is one rename. */
	p->site = xstrdup(site);
	p->staging = path_beside(site, ".tmp-XXXXXX");
	p->prev = path_beside(site, PREV_SUFFIX);
	if (mkdtemp(p->staging) == NULL) {
		diags_add(d, MSG_SYSERR, site, 0, "cannot make a staging "
		    "directory beside it: %s", strerror(errno));
		publish_free(p);
		if (prev)
			publish_prev_free(prev);
		return -1;
	}
	if (prev == NULL)
		publish_prev_find(site, prev = &here);
	take_prev(p, prev, d);
	chmod(p->staging, 0755);
	return 0;
}

void
publish_say_notes(struct publish *p, int quiet)
{
	struct diags said = {.quiet = quiet};

	diags_append(&said, &p->notes);
	diags_free(&said);
	diags_free(&p->notes);
	p->notes.quiet = 1;
}

static int
remove_entry(const char *path, const struct stat *st, int flag,
    struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

void
publish_remove_tree(const char *path)
{
	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void
publish_abort(struct publish *p)
{
	publish_remove_tree(p->staging);
}

void
publish_free(struct publish *p)
{
	free(p->site);
	free(p->staging);
	free(p->prev);
	name_list_free(&p->dirs);
	diags_free(&p->notes);
	memset(p, 0, sizeof *p);
}

/* The manifest lists every file of the new site, written (sorted) line
 * by line (a site of 100 000 runs has 29 MB of names) into the staging
 * directory, which is the build's own, in place of the previous site's;
 * its digest goes to *digest. */
static int
write_manifest(const char *staging, const char *const *written, size_t n,
    uint64_t *digest, struct diags *d)
{
	char *path = xasprintf("%s/%s", staging, MANIFEST);
	int fd = unlink(path) == 0 || errno == ENOENT ? open(path, O_WRONLY |
	    O_CREAT | O_EXCL | O_CLOEXEC, 0644) : -1;
	FILE *f = fd >= 0 && fchmod(fd, 0644) == 0 ? fdopen(fd, "w") : NULL;
	int rc = 0;

	*digest = 0;
	if (f == NULL) {
		rc = -1;
		if (fd >= 0)
			close(fd);
	} else {
		errno = 0;
		for (size_t k = 0; k < n; k++) {
			size_t len = strlen(written[k]);

			*digest = manifest_digest(*digest, written[k], len,
			    true);
			fwrite(written[k], 1, len, f);
			putc('\n', f);
		}
		if (ferror(f) != 0)
			rc = -1;
		if (fclose(f) != 0)
			rc = -1;
	}
	if (rc != 0)
		diags_add(d, MSG_SYSERR, path, 0, "cannot write: %s",
		    strerror(errno ? errno : EIO));
	free(path);
	return rc;
}

/* The previous site's manifest read again at the end of a build: the
 * lines that name no file of the new site, and the digest of all. */
struct stale_read {
	const char *const *written;	/* sorted */
	size_t n, at;	/* written[at] is the first not before the last line */
	uint64_t digest;
	struct name_list stale;
};

static bool
stale_line(void *ctx, char *line, size_t len, bool ended)
{
	struct stale_read *r = ctx;

	r->digest = manifest_digest(r->digest, line, len, ended);
	/* write_manifest sorted the lines: one walk of written finds them
	 * all. One out of order is looked for in all of it. */
	while (r->at < r->n && strcmp(r->written[r->at], line) < 0)
		r->at++;
	if ((r->at < r->n && strcmp(r->written[r->at], line) == 0) ||
	    bsearch(&(const char *){line}, r->written, r->n, sizeof *r->written,
	    cmp_string_ptrs) != NULL)
		return true;
	/* A line naming nothing below the site names no file of it. */
	if (path_below(line, len))
		name_list_add(&r->stale, line);
	return true;
}

/* Removes the previous site's files that the new site does not have:
 * the staging directory held only the files its manifest lists (it was
 * taken sealed, or walked file by file, as publish.h says), so reading
 * that manifest again tells which, without reading the directories
 * (720 000 names at 100 000 runs). A manifest that is no longer the
 * one the previous site was taken with fails the publish, rather than
 * leave files that no manifest lists. */
static int
remove_stale(const struct publish *p, const char *const *written, size_t n,
    struct diags *d)
{
	struct stale_read r = {.written = written, .n = n};
	char *path;
	int rc = 0;

	if (!p->had)
		return 0;
	path = xasprintf("%s/%s", p->staging, MANIFEST);
	if (!file_read_lines(path, MANIFEST_MAX, stale_line, &r) ||
	    r.digest != p->had_manifest) {
		diags_add(d, MSG_SYSERR, p->site, 0, "the previous site's %s "
		    "changed while the site was built", MANIFEST);
		rc = -1;
	}
	for (size_t k = 0; rc == 0 && k < r.stale.n; k++) {
		struct stat st;
		int err;

		free(path);
		path = xasprintf("%s/%s", p->staging, r.stale.v[k]);
		err = unlink(path) == 0 ? 0 : errno;
		/* Not there, or a directory: no file to remove. */
		if (err != 0 && err != ENOENT && err != ENOTDIR &&
		    (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode))) {
			diags_add(d, MSG_SYSERR, p->site, 0, "cannot remove "
			    "%s from the previous site: %s", r.stale.v[k],
			    strerror(err));
			rc = -1;
		}
	}
	name_list_free(&r.stale);
	free(path);
	return rc;
}

/* The old site, now at path, is kept as the previous site the next
 * build starts from; removed when something else is there. Returns
 * whether it was kept. */
static bool
keep_old(const struct publish *p, const char *path)
{
	if (rename(path, p->prev) == 0)
		return true;
	publish_remove_tree(path);
	return false;
}

int
publish_mkdir(struct publish *p, const char *rel, struct diags *d)
{
	char *path = xasprintf("%s/%s", p->staging, rel);
	int rc = 0;

	if (mkdir(path, 0777) != 0 && errno != EEXIST) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot create directory: "
		    "%s", strerror(errno));
		rc = -1;
	} else {
		name_list_add(&p->dirs, rel);
	}
	free(path);
	return rc;
}

/* Seals the staging directory's directories (dirseal.h): the previous
 * site's, those made by publish_mkdir and the parents of the files
 * written (a deeper one is made when a file needs it), and the staging
 * directory itself. written is sorted. */
static void
seal_staging(struct publish *p, const char *const *written, size_t n,
    struct dir_seal *r)
{
	struct name_list *dirs = &p->dirs;
	size_t k, j;

	name_list_add(dirs, ".");
	for (k = 0; k < n; k++) {
		const char *slash = strrchr(written[k], '/');
		size_t len = slash ? (size_t)(slash - written[k]) : 0;
		const char *last = dirs->v[dirs->n - 1];

		if (len > 0 && (strncmp(last, written[k], len) != 0 ||
		    last[len] != '\0')) {
			char *dir = xstrndup(written[k], len), *up = dir;

			/* Its parents too, first: one may hold no file. */
			while ((up = strchr(up, '/')) != NULL) {
				*up = '\0';
				name_list_add(dirs, dir);
				*up++ = '/';
			}
			name_list_add(dirs, dir);
			free(dir);
		}
	}
	qsort(dirs->v, dirs->n, sizeof *dirs->v, cmp_string_ptrs);
	for (k = j = 0; k < dirs->n; k++)
		if (j > 0 && strcmp(dirs->v[j - 1], dirs->v[k]) == 0)
			free(dirs->v[k]);
		else
			dirs->v[j++] = dirs->v[k];
	dirs->n = j;
	seal_dirs(p->staging, (const char *const *)dirs->v, dirs->n, r);
}

/* Puts the staging directory in SITE's place. Returns 0 with *kept set
 * when the old site is now the previous one, or -1. */
static int
swap_in(const struct publish *p, bool *kept)
{
	struct stat st;

	*kept = false;
	if (stat(p->site, &st) != 0)
		return rename(p->staging, p->site);
	if (renameat2(AT_FDCWD, p->staging, AT_FDCWD, p->site,
	    RENAME_EXCHANGE) == 0) {
		/* The old site now sits at the staging path. */
		*kept = keep_old(p, p->staging);
		return 0;
	}
	if (errno == EINVAL || errno == ENOSYS) {
		/* A file system without the swap: two renames, one moment
		 * without a site. */
		char *old = xasprintf("%s.old", p->staging);
		int rc = rename(p->site, old) == 0 ? rename(p->staging,
		    p->site) : -1;

		if (rc == 0)
			*kept = keep_old(p, old);
		free(old);
		return rc;
	}
	return -1;
}

int
publish_commit(struct publish *p, const char **written, size_t nwritten,
    struct diags *d)
{
	struct dir_seal rec[SEAL_N], made;
	uint64_t digest;
	bool kept;
	int rc;

	/* 717 000 names at 100 000 runs: 70 ms in one thread. */
	sort_two(written, nwritten, sizeof *written, cmp_string_ptrs);
	if (remove_stale(p, written, nwritten, d) != 0 ||
	    write_manifest(p->staging, written, nwritten, &digest, d) != 0)
		return -1;
	seal_staging(p, written, nwritten, &made);
	made.manifest = digest;
	/* SITE's record becomes the previous site's, as SITE does. */
	seal_read(p->site, rec);
	if ((rc = swap_in(p, &kept)) != 0)
		diags_add(d, MSG_SYSERR, p->site, 0, "cannot put the new site "
		    "in place: %s", strerror(errno));
	else {
		seal_free(&rec[SEAL_PREV]);
		rec[SEAL_PREV] = rec[SEAL_SITE];
		if (!kept)
			seal_free(&rec[SEAL_PREV]);
		rec[SEAL_SITE] = made;
		memset(&made, 0, sizeof made);
		seal_write(p->site, rec);
	}
	seal_free(&made);
	for (int k = 0; k < SEAL_N; k++)
		seal_free(&rec[k]);
	return rc;
}

/* ---- one build of SITE at a time (publish_lock) ---- */

/* Whether s is what mkstemp and mkdtemp put for XXXXXX, followed by
 * end. */
static bool
temp_tail(const char *s, const char *end)
{
	for (int k = 0; k < 6; k++)
		if (!((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' &&
		    s[k] <= 'Z') || (s[k] >= '0' && s[k] <= '9')))
			return false;
	return strcmp(s + 6, end) == 0;
}

/* What a build of SITE makes beside it under a name of its own, from
 * templates of SITE's name (stage, ".NAME.tmp-"; files, ".NAME.cache.tmp-"
 * and ".NAME.dirs.tmp-"): a staging directory .NAME.tmp-XXXXXX (mkdtemp,
 * publish_begin); the old site of a swap in two renames,
 * .NAME.tmp-XXXXXX.old (publish_commit); the loader's new cache,
 * .NAME.cache.tmp-XXXXXX (mkstemp, model/runcache.c); the record of the
 * sealed directories, .NAME.dirs.tmp-XXXXXX (dirseal.c). Gives the type
 * such an entry has, S_IFDIR or S_IFREG, or 0 for any other name. */
static mode_t
temp_kind(const char *name, const char *stage, char *const files[2])
{
	size_t ns = strlen(stage);

	for (int k = 0; k < 2; k++) {
		size_t nf = strlen(files[k]);

		if (strncmp(name, files[k], nf) == 0 && temp_tail(name + nf, ""))
			return S_IFREG;
	}
	if (strncmp(name, stage, ns) == 0 && (temp_tail(name + ns, "") ||
	    temp_tail(name + ns, ".old")))
		return S_IFDIR;
	return 0;
}

/* The first entry below dir that is not a directory or a plain file of
 * uid's (all a build writes there), or NULL; caller frees. */
static char *
not_own(const char *dir, uid_t uid)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	char *found = NULL;

	if (dp == NULL)
		return xstrdup(dir);
	while (found == NULL && (e = readdir(dp)) != NULL) {
		char *path;
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(path, &st) != 0 || st.st_uid != uid ||
		    !(S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
			found = xstrdup(path);
		else if (S_ISDIR(st.st_mode))
			found = not_own(path, uid);
		free(path);
	}
	closedir(dp);
	return found;
}

/* Removes path, a leftover of kind (temp_kind) when it provably is:
 * no live build has one while the lock is held, and only one of this
 * process's user, of the type its name says, holding only what a build
 * writes, was made by benchsite. Says what was done in notes. */
static void
remove_leftover(const char *path, mode_t kind, const char *site,
    struct diags *notes)
{
	struct stat st;
	char *foreign = NULL;

	if (lstat(path, &st) != 0 || st.st_uid != geteuid() ||
	    (st.st_mode & S_IFMT) != kind)
		return;
	if (kind == S_IFDIR && (foreign = not_own(path, st.st_uid))) {
		diags_add(notes, MSG_NOTE, path, 0, "left alone: named as a "
		    "build of %s names its own, but it holds %s, which "
		    "benchsite does not make", site, foreign);
		free(foreign);
		return;
	}
	if (kind == S_IFDIR)
		publish_remove_tree(path);
	else
		unlink(path);
	diags_add(notes, MSG_NOTE, path, 0, "removed: left by a build of %s "
	    "that was killed before its end", site);
}

/* Removes what killed builds of SITE left beside it. */
static void
remove_leftovers(const char *site, int quiet)
{
	char *stage = path_beside(site, ".tmp-"), *slash = strrchr(stage, '/');
	char *files[2] = {path_beside(site, CACHE_SUFFIX ".tmp-"),
	    path_beside(site, SEAL_SUFFIX ".tmp-")}, *dir;
	int dirlen = slash ? (int)(slash - stage) + 1 : 0;
	struct diags notes = {.quiet = quiet};
	struct dirent *e;
	DIR *dp;

	dir = dirlen ? xasprintf("%.*s", dirlen, stage) : xstrdup(".");
	dp = opendir(dir);
	while (dp && (e = readdir(dp)) != NULL) {
		mode_t kind = temp_kind(e->d_name, stage + dirlen,
		    (char *[2]){files[0] + dirlen, files[1] + dirlen});
		char *path;

		if (kind == 0)
			continue;
		path = xasprintf("%.*s%s", dirlen, stage, e->d_name);
		remove_leftover(path, kind, site, &notes);
		free(path);
	}
	if (dp)
		closedir(dp);
	diags_free(&notes);
	free(dir);
	free(stage);
	free(files[0]);
	free(files[1]);
}

/* Opens the lock file, creating it; -1 when it cannot be, or is not a
 * plain file. */
static int
open_lock(const char *path)
{
	int fd = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NOCTTY |
	    O_CLOEXEC, 0644);
	struct stat st;

	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* Whether fd is still the file at path: the build that held it last
 * removes it before it lets go, and a build that waited on the removed
 * file must lock the one now there instead. */
static bool
still_there(int fd, const char *path)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && lstat(path, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* flock on fd: 1 when held, 0 when locks do not work here, -1 when
 * another build holds it and wait is not set (reported). *said: the
 * line saying that this build waits was said. */
static int
take_lock(int fd, const char *site, const char *path, bool wait,
    bool *said, struct diags *d)
{
	struct diags line = {0};
	int rc;

	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return 1;
	if (errno != EWOULDBLOCK)
		return 0;
	if (!wait) {
		diags_add(d, MSG_SYSERR, site, 0, "another build of this site "
		    "is running (it holds %s); nothing written", path);
		return -1;
	}
	if (!*said)
		diags_add(&line, MSG_NOTE, site, 0, "waiting for another build "
		    "of this site (it holds %s)", path);
	diags_free(&line);
	*said = true;
	while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
		continue;
	return rc == 0;
}

int
publish_lock(const char *site, bool wait, int quiet, int *lock,
    struct diags *d)
{
	char *path = path_beside(site, LOCK_SUFFIX);
	int fd, held = 0;
	bool said = false;

	for (;;) {
		if ((fd = open_lock(path)) < 0) {
			held = 0;
			break;
		}
		held = take_lock(fd, site, path, wait, &said, d);
		if (held != 1 || still_there(fd, path))
			break;
		close(fd);
	}
	free(path);
	*lock = -1;
	if (held != 1) {
		if (fd >= 0)
			close(fd);
		return held < 0 ? -1 : 0;
	}
	*lock = fd;
	remove_leftovers(site, quiet);
	return 0;
}

void
publish_unlock(const char *site, int lock)
{
	char *path;

	if (lock < 0)
		return;
	/* Removed while still held: nothing stays beside SITE. */
	path = path_beside(site, LOCK_SUFFIX);
	unlink(path);
	free(path);
	close(lock);
}
