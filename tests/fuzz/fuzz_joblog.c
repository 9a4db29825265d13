/* libFuzzer target: a site's job log (site/reuse.c) on any bytes, read
 * as the old site's and again as the previous site's. Every whole line
 * whose key no other line has is kept or not alike in both logs; kept,
 * its fingerprint is 32 lower-case hex digits and its files make the
 * line again (reuse_line), read back from the log's file, which is
 * removed once loaded as a build removes the previous site's; with such
 * a fingerprint, plainly own file names and no NUL, it is kept. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "site/reuse.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The whole lines of data (ended by a newline), each as a C string,
 * NULL for one with a NUL in it. */
static char **
whole_lines(const uint8_t *data, size_t size, size_t *n)
{
	char **v = NULL;
	size_t cap = 0, start = 0;

	*n = 0;
	for (size_t k = 0; k < size; k++)
		if (data[k] == '\n') {
			xgrow((void **)&v, &cap, *n + 1, sizeof *v);
			v[(*n)++] = memchr(data + start, '\0', k - start) ?
			    NULL : xstrndup((const char *)data + start,
			    k - start);
			start = k + 1;
		}
	return v;
}

/* The line's key, or NULL when it has no tab (or a NUL). */
static char *
key_of(const char *line)
{
	const char *tab = line ? strchr(line, '\t') : NULL;

	return tab ? xstrndup(line, (size_t)(tab - line)) : NULL;
}

static bool
lower_hex(const char *p, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (!((p[k] >= '0' && p[k] <= '9') || (p[k] >= 'a' &&
		    p[k] <= 'f')))
			return false;
	return true;
}

/* Whether the files after the fingerprint (p: "" or "\tFILE...") are
 * plainly benchsite's own names: components of lower-case letters and
 * digits, none empty. Such a line must be kept. */
static bool
plain_files(const char *p)
{
	size_t run = 0;

	if (*p == '\0')
		return true;
	for (p++; ; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')) {
			run++;
		} else if (*p == '/' || *p == '\t' || *p == '\0') {
			if (run == 0)
				return false;
			if (*p == '\0')
				return true;
			run = 0;
		} else {
			return false;
		}
	}
}

/* Checks line (whose key is its own in the log) against r's logs. */
static void
check_line(struct reuse *r, const char *line, const char *key)
{
	const char *fp = line + strlen(key) + 1;
	char hex[FP_HEX], **files, *again;
	struct reuse_hit hit;
	size_t nfiles;
	bool found;

	if (strlen(fp) < FP_HEX - 1)
		return;
	memcpy(hex, fp, FP_HEX - 1);
	hex[FP_HEX - 1] = '\0';
	found = reuse_find(r, REUSE_OLD, key, hex, &hit);
	if (found != reuse_find(r, REUSE_HERE, key, hex, &hit))
		abort();	/* the same bytes in both logs */
	if (lower_hex(fp, FP_HEX - 1) && (fp[FP_HEX - 1] == '\0' ||
	    fp[FP_HEX - 1] == '\t') && plain_files(fp + FP_HEX - 1) && !found)
		abort();
	if (!found)
		return;
	if (!lower_hex(fp, FP_HEX - 1) || (fp[FP_HEX - 1] != '\0' &&
	    fp[FP_HEX - 1] != '\t'))
		abort();
	files = reuse_files(r, &hit, &nfiles);
	if (files == NULL || files[nfiles] != NULL)
		abort();
	again = reuse_line(key, hex, (const char *const *)files, nfiles);
	again[strlen(again) - 1] = '\0';	/* its newline */
	if (strcmp(again, line) != 0)
		abort();
	free(again);
	free(files);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[] = "/tmp/benchsite-fuzz-joblog-XXXXXX", *path;
	struct reuse *r;
	char **lines, **keys;
	size_t n;
	FILE *f;

	if (mkdtemp(dir) == NULL)
		abort();
	path = xasprintf("%s/%s", dir, JOBS_FILE);
	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	r = reuse_load(NULL, dir, REUSE_OLD);
	if (r == NULL || reuse_load(r, dir, REUSE_HERE) != r)
		abort();
	unlink(path);
	rmdir(dir);
	free(path);
	lines = whole_lines(data, size, &n);
	keys = xcalloc(n + 1, sizeof *keys);
	for (size_t k = 0; k < n; k++)
		keys[k] = key_of(lines[k]);
	for (size_t k = 0; k < n; k++) {
		size_t same = 0;

		if (keys[k] == NULL)
			continue;
		for (size_t j = 0; j < n; j++)
			same += keys[j] && strcmp(keys[j], keys[k]) == 0;
		if (same == 1)
			check_line(r, lines[k], keys[k]);
	}
	for (size_t k = 0; k < n; k++) {
		free(lines[k]);
		free(keys[k]);
	}
	free(lines);
	free(keys);
	reuse_free(r);
	return 0;
}
