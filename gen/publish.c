/* Atomic publishing of a site; see publish.h. */
#define _GNU_SOURCE	/* renameat2 and RENAME_EXCHANGE */
#include "publish.h"
#include "fileio.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The lines of SITE's manifest, sorted; NULL when it has none. */
static char **
read_manifest(const char *site, size_t *n, struct diags *d)
{
	char *path = xasprintf("%s/%s", site, MANIFEST), *buf, **v = NULL;
	size_t len, cap = 0;
	struct stat st;

	*n = 0;
	if (stat(path, &st) != 0 || (buf = file_read(path, 64u << 20, &len,
	    d)) == NULL) {
		free(path);
		return NULL;
	}
	for (char *line = buf, *end; *line; line = end + 1) {
		if ((end = strchr(line, '\n')) == NULL)
			end = line + strlen(line) - 1;
		else
			*end = '\0';
		xgrow((void **)&v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = xstrdup(line);
		if (end[1] == '\0')
			break;
	}
	free(buf);
	free(path);
	if (v == NULL)
		v = xcalloc(1, sizeof *v);
	qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

/* The first regular file below dir (rel names prefix) that the sorted
 * manifest m does not list, or NULL; caller frees. */
static char *
foreign_file(const char *dir, const char *prefix, char **m, size_t n)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	char *found = NULL;

	while (dp && found == NULL && (e = readdir(dp)) != NULL) {
		char *path, *rel;
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		rel = prefix[0] ? xasprintf("%s/%s", prefix, e->d_name) :
		    xstrdup(e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			found = foreign_file(path, rel, m, n);
		else if (strcmp(rel, MANIFEST) != 0 &&
		    bsearch(&rel, m, n, sizeof *m, cmp_str) == NULL)
			found = xstrdup(rel);
		free(path);
		free(rel);
	}
	if (dp)
		closedir(dp);
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

/* Whether the site at path may be replaced; reports why not. */
static bool
replaceable(const char *site, struct diags *d)
{
	struct stat st;
	char **m, *foreign;
	size_t n;

	if (stat(site, &st) != 0)
		return errno == ENOENT;
	if (!S_ISDIR(st.st_mode)) {
		diags_add(d, MSG_ERROR, site, 0, "exists and is not a "
		    "directory; nothing written");
		return false;
	}
	if (is_empty_dir(site))
		return true;
	if ((m = read_manifest(site, &n, d)) == NULL) {
		diags_add(d, MSG_ERROR, site, 0, "exists and was not made by "
		    "benchsite (it has no %s); nothing written: choose "
		    "another directory or empty it", MANIFEST);
		return false;
	}
	foreign = foreign_file(site, "", m, n);
	if (foreign)
		diags_add(d, MSG_ERROR, site, 0, "holds %s, which benchsite did "
		    "not write; nothing replaced: move it away first", foreign);
	for (size_t k = 0; k < n; k++)
		free(m[k]);
	free(m);
	free(foreign);
	return foreign == NULL;
}

char *
publish_begin(const char *site, struct diags *d)
{
	char *copy = xstrdup(site), *slash, *staging;
	size_t len = strlen(copy);

	if (!replaceable(site, d)) {
		free(copy);
		return NULL;
	}
	while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	slash = strrchr(copy, '/');
	/* Beside SITE, on its file system, so the swap is one rename. */
	staging = slash ? xasprintf("%.*s/.%s.tmp-XXXXXX", (int)(slash - copy),
	    copy, slash + 1) : xasprintf(".%s.tmp-XXXXXX", copy);
	free(copy);
	if (mkdtemp(staging) == NULL) {
		diags_add(d, MSG_SYSERR, site, 0, "cannot make a staging "
		    "directory beside it: %s", strerror(errno));
		free(staging);
		return NULL;
	}
	chmod(staging, 0755);
	return staging;
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
publish_abort(const char *staging)
{
	nftw(staging, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The manifest lists every file of the new site, sorted; written line
 * by line (a site of 100 000 runs has 10 MB of names) into the staging
 * directory, which is the build's own. */
static int
write_manifest(const char *staging, char **written, size_t n,
    struct diags *d)
{
	char *path = xasprintf("%s/%s", staging, MANIFEST);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	FILE *f = fd >= 0 && fchmod(fd, 0644) == 0 ? fdopen(fd, "w") : NULL;
	int rc = 0;

	qsort(written, n, sizeof *written, cmp_str);
	if (f == NULL) {
		rc = -1;
		if (fd >= 0)
			close(fd);
	} else {
		errno = 0;
		for (size_t k = 0; k < n; k++)
			fprintf(f, "%s\n", written[k]);
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

int
publish_commit(const char *staging, const char *site, char **written,
    size_t nwritten, struct diags *d)
{
	struct stat st;

	if (write_manifest(staging, written, nwritten, d) != 0)
		return -1;
	if (stat(site, &st) != 0) {
		if (rename(staging, site) == 0)
			return 0;
	} else if (renameat2(AT_FDCWD, staging, AT_FDCWD, site,
	    RENAME_EXCHANGE) == 0) {
		/* The old site now sits at the staging path. */
		publish_abort(staging);
		return 0;
	} else if (errno == EINVAL || errno == ENOSYS) {
		/* A file system without the swap: two renames, one moment
		 * without a site. */
		char *old = xasprintf("%s.old", staging);

		if (rename(site, old) == 0 && rename(staging, site) == 0) {
			publish_abort(old);
			free(old);
			return 0;
		}
		free(old);
	}
	diags_add(d, MSG_SYSERR, site, 0, "cannot put the new site in place: "
	    "%s", strerror(errno));
	return -1;
}
