/* The results a RUNS tree already holds, read as the run loader reads
 * them (every regular file of a run but its meta and notes), so that an
 * import adds none of them again. Only their figures are kept; the
 * tree's own problems are the loader's to report, not the import's. */
#include "base/fileio.h"
#include "capture/import_int.h"
#include "base/xalloc.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define KNOWN_DEPTH 32	/* as deep as the loader looks */

static bool
holds_no_results(const char *name)
{
	return name[0] == '.' || strcmp(name, "meta") == 0 ||
	    strcmp(name, "notes.md") == 0 || strcmp(name, "index.md") == 0;
}

static void
take_results(const char *path, struct seen *s)
{
	struct diags quiet = {.quiet = 1};
	struct results rs = {0};
	size_t len;
	char *buf = file_read_regular(path, DEFAULT_MAX_FILE_SIZE, &len,
	    &quiet);

	if (buf != NULL) {
		reader_read(path, buf, len, NULL, &rs, &quiet);
		reader_merge(&rs, &quiet);
		for (size_t i = 0; i < rs.n; i++)
			seen_add(s, rs.v[i].m);
		for (size_t i = 0; i < rs.fio.n; i++)
			seen_add_fio(s, &rs.fio.v[i]);
	}
	results_free(&rs);
	diags_free(&quiet);
	free(buf);
}

/* Links are not followed: the loader does not follow one out of RUNS
 * nor into a directory, and a run is never read twice here either. */
static void
take_dir(const char *dir, int depth, struct seen *s)
{
	DIR *d = depth < KNOWN_DEPTH ? opendir(dir) : NULL;
	struct dirent *e;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		char *path;
		struct stat st;

		if (holds_no_results(e->d_name))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			take_dir(path, depth + 1, s);
		else if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
			take_results(path, s);
		free(path);
	}
	closedir(d);
}

void
import_read_known(const char *root, struct seen *s)
{
	take_dir(root, 0, s);
}
