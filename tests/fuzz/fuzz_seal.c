/* libFuzzer target: the record of a site's sealed directories
 * (site/dirseal.c) on any bytes. Once, a site of three directories is
 * made and sealed, and its record kept; each input is read as
 * .site.dirs beside it. The reader must survive any bytes, and a record
 * it takes must say back what it was read from: written again and read
 * once more, it is the same; and it may only hold on the site's own
 * directories when it is the record that sealed them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/xalloc.h"
#include "site/dirseal.h"
#include "site/publish.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char root[] = "/tmp/benchsite-fuzz-seal-XXXXXX";
static char *site, *record;
static struct dir_seal sealed;

static void
clean_up(void)
{
	publish_remove_tree(root);
}

static void
set_up(void)
{
	static const char *const dirs[] = {".", "charts", "runs"};
	char *path;

	if (mkdtemp(root) == NULL)
		abort();
	atexit(clean_up);
	site = xasprintf("%s/site", root);
	record = path_beside(site, SEAL_SUFFIX);
	mkdir(site, 0777);
	for (size_t k = 1; k < 3; k++) {
		path = xasprintf("%s/%s", site, dirs[k]);
		mkdir(path, 0777);
		free(path);
	}
	seal_dirs(site, dirs, 3, &sealed);
	if (sealed.n != 3)
		abort();
}

static bool
same_record(const struct dir_seal *a, const struct dir_seal *b)
{
	if (a->n != b->n || (a->n > 0 && (a->t0 != b->t0 ||
	    a->manifest != b->manifest)))
		return false;
	for (size_t k = 0; k < a->n; k++)
		if (a->ino[k] != b->ino[k] || strcmp(a->rel[k], b->rel[k]) != 0)
			return false;
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dir_seal rec[SEAL_N], again[SEAL_N];
	FILE *f;

	if (site == NULL)
		set_up();
	if ((f = fopen(record, "wb")) == NULL)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	seal_read(site, rec);
	if (rec[SEAL_SITE].n > 0 || rec[SEAL_PREV].n > 0) {
		seal_write(site, rec);
		seal_read(site, again);
		for (int k = 0; k < SEAL_N; k++) {
			if (!same_record(&rec[k], &again[k]))
				abort();
			seal_free(&again[k]);
		}
	}
	if (seal_holds(site, &rec[SEAL_SITE]) &&
	    !same_record(&rec[SEAL_SITE], &sealed))
		abort();
	for (int k = 0; k < SEAL_N; k++)
		seal_free(&rec[k]);
	return 0;
}
