/* Sealed directories of a published site; see dirseal.h. */
#include "site/dirseal.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/fileio.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define SEAL_MAGIC "benchsite sealed directories 2"
#define SEAL_MAX ((size_t)16 << 20)

static const char *const seal_names[SEAL_N] = {"site", "prev"};

void
seal_free(struct dir_seal *r)
{
	for (size_t k = 0; k < r->n; k++)
		free(r->rel[k]);
	free(r->rel);
	free(r->ino);
	memset(r, 0, sizeof *r);
}

char **
seal_take_names(struct dir_seal *r, size_t *n)
{
	char **names = r->rel;

	*n = r->n;
	free(r->ino);
	memset(r, 0, sizeof *r);
	return names;
}

/* The next line of *p, cut at its end; NULL at the end of the text. */
static char *
next_line(char **p)
{
	char *line = *p, *end;

	if (*line == '\0' || (end = strchr(line, '\n')) == NULL)
		return NULL;
	*end = '\0';
	*p = end + 1;
	return line;
}

/* A directory's name as seal_dirs records them: "." or a path below the
 * site with no empty, "." or ".." part. */
static bool
canonical(const char *rel)
{
	return strcmp(rel, ".") == 0 || path_below(rel, strlen(rel));
}

/* One record: "NAME T0 N DIGEST" (the manifest's, 16 hex digits), then
 * N lines "INO REL", the names canonical, in strcmp order, "." among
 * them unless N is 0. */
static bool
parse_record(char **p, const char *name, struct dir_seal *r)
{
	char *line = next_line(p), *end;
	size_t len = strlen(name), n;

	if (line == NULL || strncmp(line, name, len) != 0 || line[len] != ' ')
		return false;
	r->t0 = strtoll(line + len + 1, &end, 10);
	if (*end != ' ')
		return false;
	n = strtoull(end + 1, &end, 10);
	if (*end != ' ' || strlen(end + 1) != 16 ||
	    strspn(end + 1, "0123456789abcdef") != 16)
		return false;
	r->manifest = strtoull(end + 1, &end, 16);
	/* A line of a directory takes at least four bytes. */
	if (*end != '\0' || n > strlen(*p) / 4)
		return false;
	r->rel = xcalloc(n + 1, sizeof *r->rel);
	r->ino = xcalloc(n + 1, sizeof *r->ino);
	for (; r->n < n; r->n++) {
		if ((line = next_line(p)) == NULL)
			return false;
		r->ino[r->n] = strtoull(line, &end, 10);
		if (end == line || *end != ' ' || end[1] == '\0')
			return false;
		if (!canonical(end + 1) || (r->n > 0 &&
		    strcmp(r->rel[r->n - 1], end + 1) >= 0))
			return false;
		r->rel[r->n] = xstrdup(end + 1);
	}
	return n == 0 || bsearch(&(const char *){"."}, r->rel, n,
	    sizeof *r->rel, cmp_string_ptrs) != NULL;
}

void
seal_read(const char *site, struct dir_seal rec[SEAL_N])
{
	struct diags quiet = {.quiet = 1};
	char *path = path_beside(site, SEAL_SUFFIX), *buf, *p, *line;
	size_t len;
	bool ok;

	memset(rec, 0, SEAL_N * sizeof *rec);
	buf = file_read_regular(path, SEAL_MAX, &len, &quiet);
	p = buf;
	ok = buf && strlen(buf) == len && (line = next_line(&p)) &&
	    strcmp(line, SEAL_MAGIC) == 0;
	for (int k = 0; ok && k < SEAL_N; k++)
		ok = parse_record(&p, seal_names[k], &rec[k]);
	if (!ok || (line = next_line(&p)) == NULL || strcmp(line, "end") != 0 ||
	    *p != '\0')
		for (int k = 0; k < SEAL_N; k++)
			seal_free(&rec[k]);
	free(buf);
	free(path);
	diags_free(&quiet);
}

/* How many of r's directories each one holds, by r's count of them:
 * sub[k] for r->rel[k]. */
static size_t *
subdirs(const struct dir_seal *r)
{
	size_t *sub = xcalloc(r->n + 1, sizeof *sub);

	for (size_t k = 0; k < r->n; k++) {
		const char *slash = strrchr(r->rel[k], '/');
		char *parent = slash ? xstrndup(r->rel[k],
		    (size_t)(slash - r->rel[k])) : xstrdup(".");
		char **at = strcmp(r->rel[k], ".") == 0 ? NULL :
		    bsearch(&parent, r->rel, r->n, sizeof *r->rel,
		    cmp_string_ptrs);

		if (at)
			sub[at - r->rel]++;
		free(parent);
	}
	return sub;
}

bool
seal_holds(const char *root, const struct dir_seal *r)
{
	struct buf path = {0};
	size_t len, *sub;
	bool holds = r->n > 0;

	buf_puts(&path, root);
	buf_putc(&path, '/');
	len = path.n;
	sub = subdirs(r);
	for (size_t k = 0; holds && k < r->n; k++) {
		struct stat st;

		path.n = len;
		buf_puts(&path, r->rel[k]);
		/* Where a directory's links count its subdirectories (all
		 * but btrfs), they must be the ones recorded: a record that
		 * leaves one out does not hold. */
		holds = lstat(path.p, &st) == 0 && S_ISDIR(st.st_mode) &&
		    (uint64_t)st.st_ino == r->ino[k] &&
		    st.st_mtim.tv_sec == r->t0 && st.st_mtim.tv_nsec == 0 &&
		    (st.st_nlink < 2 || st.st_nlink == 2 + sub[k]);
	}
	free(sub);
	buf_free(&path);
	return holds;
}

void
seal_dirs(const char *root, const char *const *rel, size_t n,
    struct dir_seal *r)
{
	/* Whole seconds, some in the past and even: a file system that
	 * keeps times to two seconds (FAT) must not round a change made
	 * now to t0. */
	long long t0 = ((long long)time(NULL) - 4) & ~1LL;
	const struct timespec times[2] = {{0, UTIME_OMIT}, {(time_t)t0, 0}};
	struct buf path = {0};
	size_t len;

	memset(r, 0, sizeof *r);
	r->t0 = t0;
	r->rel = xcalloc(n + 1, sizeof *r->rel);
	r->ino = xcalloc(n + 1, sizeof *r->ino);
	buf_puts(&path, root);
	buf_putc(&path, '/');
	len = path.n;
	for (size_t k = 0; k < n; k++) {
		struct stat st;

		path.n = len;
		buf_puts(&path, rel[k]);
		if (strchr(rel[k], '\n') || utimensat(AT_FDCWD, path.p, times,
		    AT_SYMLINK_NOFOLLOW) != 0 || lstat(path.p, &st) != 0 ||
		    !S_ISDIR(st.st_mode)) {
			seal_free(r);
			break;
		}
		r->rel[r->n] = xstrdup(rel[k]);
		r->ino[r->n++] = (uint64_t)st.st_ino;
	}
	buf_free(&path);
	/* Read back: a file system that keeps another time, or a
	 * directory among them that is not, gives no record. */
	if (r->n > 0 && !seal_holds(root, r))
		seal_free(r);
}

void
seal_write(const char *site, const struct dir_seal rec[SEAL_N])
{
	struct diags quiet = {.quiet = 1};
	char *path = path_beside(site, SEAL_SUFFIX);
	struct buf b = {0};

	buf_printf(&b, "%s\n", SEAL_MAGIC);
	for (int k = 0; k < SEAL_N; k++) {
		buf_printf(&b, "%s %lld %zu %016llx\n", seal_names[k],
		    rec[k].t0, rec[k].n, (unsigned long long)rec[k].manifest);
		for (size_t i = 0; i < rec[k].n; i++)
			buf_printf(&b, "%llu %s\n",
			    (unsigned long long)rec[k].ino[i], rec[k].rel[i]);
	}
	buf_puts(&b, "end\n");
	write_file_atomic(path, b.p, b.n, &quiet);
	buf_free(&b);
	free(path);
	diags_free(&quiet);
}
