/* Writing a post's runs: a directory per post (never one that exists),
 * a directory per configuration in it, numbered in the post's order,
 * holding bonnie.txt, meta and notes.md as import_split made them. */
#include "capture/import_int.h"
#include "base/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int
write_file(const char *dir, const char *name, const char *text,
    struct diags *d)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "wx");
	int bad;

	if (f == NULL) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot create: %s",
		    strerror(errno));
		free(path);
		return -1;
	}
	bad = fputs(text, f) == EOF;
	if (fclose(f) != 0 || bad) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot write: %s",
		    strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	return 0;
}

/* Makes a new directory named base, or base-2, base-3...; NULL if none
 * could be made. */
static char *
new_dir(const char *base, const char *file, struct diags *d)
{
	for (int n = 1; n < 100; n++) {
		char *dir = n == 1 ? xstrdup(base) :
		    xasprintf("%s-%d", base, n);

		if (mkdir(dir, 0777) == 0) {
			if (n > 1)
				diags_add(d, MSG_NOTE, file, 0, "%s exists; "
				    "imported into %s", base, dir);
			return dir;
		}
		if (errno != EEXIST) {
			diags_add(d, MSG_SYSERR, dir, 0, "cannot create: %s",
			    strerror(errno));
			free(dir);
			return NULL;
		}
		free(dir);
	}
	diags_add(d, MSG_SYSERR, base, 0, "exists, and so do %s-2 to %s-99; "
	    "not imported", base, base);
	return NULL;
}

int
import_write_runs(const char *root, const char *file,
    const struct import_runs *rs, struct diags *d)
{
	char *slug = post_slug(file), *base = xasprintf("%s/%s", root, slug);
	char *dir = new_dir(base, file, d);
	int bad = dir == NULL, width = 1;

	/* "01" to "12": runs sort by their names, and 10 is not before 2 */
	for (size_t n = rs->n; n >= 10; n /= 10)
		width++;
	for (size_t k = 0; dir && k < rs->n && !bad; k++) {
		const struct import_run *r = &rs->v[k];
		char *run = xasprintf("%s/%0*zu-%s", dir, width, k + 1,
		    r->slug);

		if (mkdir(run, 0777) != 0) {
			diags_add(d, MSG_SYSERR, run, 0, "cannot create: %s",
			    strerror(errno));
			bad = 1;
		} else {
			bad = write_file(run, r->file, r->bonnie, d) ||
			    write_file(run, "meta", r->meta, d) ||
			    (r->notes && write_file(run, "notes.md", r->notes,
			    d));
			printf("%s\n", run);
		}
		free(run);
	}
	free(dir);
	free(base);
	free(slug);
	return bad ? -1 : 0;
}
