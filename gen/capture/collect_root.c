/* Paths below the root: the system's files and links read as the kernel
 * would resolve them, but inside a root that may be a copied tree. */
#include "capture/collect_int.h"
#include "base/fileio.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINKS 40		/* symbolic links followed in one path */

static char *
host_path(const struct collect *c, const char *path)
{
	return xasprintf("%s%s", c->root, path);
}

static char *
read_link(const char *hostpath)
{
	size_t cap = 256;
	char *buf = NULL;
	ssize_t n;

	for (;;) {
		buf = xrealloc(buf, cap);
		n = readlink(hostpath, buf, cap);
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < cap)
			break;
		cap *= 2;
	}
	buf[n] = '\0';
	return buf;
}

/* One step of resolve: the component at *todo + *pos joined to *done,
 * following it when it is a link. Returns false on a loop. */
static bool
resolve_step(const struct collect *c, char **done, char **todo, size_t *pos,
    int *links, int *err)
{
	const char *comp = *todo + *pos;
	size_t len = strcspn(comp, "/");
	char *cand, *hp, *target, *rest;
	struct stat st;

	*pos += len;
	if (len == 0 || (len == 1 && comp[0] == '.'))
		return true;
	if (len == 2 && comp[0] == '.' && comp[1] == '.') {
		char *slash = strrchr(*done, '/');

		if (slash)	/* "" is the root, whose parent it is */
			*slash = '\0';
		return true;
	}
	cand = xasprintf("%s/%.*s", *done, (int)len, comp);
	hp = host_path(c, cand);
	if (*err == 0 && lstat(hp, &st) != 0)
		*err = errno;
	if (*err == 0 && S_ISLNK(st.st_mode) && (target = read_link(hp))) {
		free(hp);
		free(cand);
		if (++*links > MAX_LINKS) {
			free(target);
			return false;
		}
		rest = xasprintf("%s/%s", target, *todo + *pos);
		if (target[0] == '/')
			(*done)[0] = '\0';
		free(target);
		free(*todo);
		*todo = rest;
		*pos = 0;
		return true;
	}
	free(hp);
	free(*done);
	*done = cand;
	return true;
}

/* Resolves path (absolute, inside the root) as the kernel would, but
 * reading links as text and joining them below the root, so a copied
 * tree whose links say "../../devices/..." or "/sys/..." works. Sets
 * *err to 0 when it exists, else to why not (the missing part is kept as
 * written). Returns the path inside the root, or NULL on a link loop. */
char *
root_resolve(const struct collect *c, const char *path, int *err)
{
	char *done = xstrdup(""), *todo = xstrdup(path);
	size_t pos = 0;
	int links = 0;

	*err = 0;
	while (todo[pos] != '\0') {
		if (todo[pos] == '/') {
			pos++;
			continue;
		}
		if (!resolve_step(c, &done, &todo, &pos, &links, err)) {
			free(done);
			free(todo);
			*err = ELOOP;
			return NULL;
		}
	}
	free(todo);
	if (*done == '\0') {
		free(done);
		done = xstrdup("/");
	}
	return done;
}

char *
root_resolvef(const struct collect *c, int *err, const char *fmt, ...)
{
	va_list ap;
	char path[PATH_MAX];

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	return root_resolve(c, path, err);
}

/* The text of a file inside the root, or NULL with *why saying what
 * went wrong, naming the file as it is on the system. */
char *
root_read_file(const struct collect *c, const char *path, size_t max,
    char **why)
{
	struct diags quiet = {.quiet = 1};
	char *r, *hp, *buf = NULL;
	size_t len;
	int err;

	if ((r = root_resolve(c, path, &err)) == NULL) {
		*why = xasprintf("%s: %s", path, strerror(ELOOP));
		return NULL;
	}
	hp = host_path(c, r);
	if (err != 0)
		*why = xasprintf("%s: %s", path, strerror(err));
	else if ((buf = file_read(hp, max, &len, &quiet)) == NULL)
		*why = xasprintf("%s: %s", path, quiet.n > 0 ?
		    quiet.v[0].message : "cannot read");
	diags_free(&quiet);
	free(hp);
	free(r);
	return buf;
}

/* A one-line attribute (a sysfs file): its text trimmed, or NULL with
 * *why set. */
char *
root_attr(const struct collect *c, char **why, const char *fmt, ...)
{
	va_list ap;
	char path[PATH_MAX], *v;

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	*why = NULL;
	if ((v = root_read_file(c, path, 65536, why)) == NULL)
		return NULL;
	if (*clean_value(v) == '\0') {
		free(v);
		*why = xasprintf("%s: empty", path);
		return NULL;
	}
	return v;
}

/* The target of a link inside the root, as its last component ("ahci"
 * for .../drivers/ahci), or NULL. */
char *
root_link_base(const struct collect *c, const char *dir, const char *name)
{
	char *r, *hp, *t, *b = NULL;
	int err;

	if ((r = root_resolve(c, dir, &err)) == NULL || err != 0) {
		free(r);
		return NULL;
	}
	hp = xasprintf("%s%s/%s", c->root, r, name);
	if ((t = read_link(hp)) != NULL)
		b = xstrdup(last_component(t));
	free(t);
	free(hp);
	free(r);
	return b;
}

/* The entries of a directory inside the root, sorted, without dot
 * files; NULL (and *n 0) when it cannot be read. */
char **
root_list(const struct collect *c, size_t *n, const char *fmt, ...)
{
	va_list ap;
	char path[PATH_MAX], *r, *hp, **v = NULL;
	struct dirent *e;
	size_t cap = 0;
	DIR *dp = NULL;
	int err;

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	*n = 0;
	if ((r = root_resolve(c, path, &err)) != NULL && err == 0) {
		hp = host_path(c, r);
		dp = opendir(hp);
		free(hp);
	}
	free(r);
	if (dp == NULL)
		return NULL;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		xgrow((void **)&v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = xstrdup(e->d_name);
	}
	closedir(dp);
	if (*n > 1)
		qsort(v, *n, sizeof *v, cmp_string_ptrs);
	return v;
}

void
root_list_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

bool
root_exists(const struct collect *c, const char *fmt, const char *a,
    const char *b)
{
	char path[PATH_MAX], *r;
	int err;

	snprintf(path, sizeof path, fmt, a, b);
	r = root_resolve(c, path, &err);
	free(r);
	return r != NULL && err == 0;
}
