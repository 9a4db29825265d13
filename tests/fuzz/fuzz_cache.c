/* libFuzzer target: the loader's cache (runcache.c) on damaged entries.
 * Once, a runs tree is made from the samples, its files dated a day
 * back, and loaded with a cache, which gives a valid one (with the run
 * directories' own stamps, which let a load skip listing them). Each input
 * then edits that cache's entries (past its header, which a cache from
 * anything else fails at once) and the tree is loaded with it: the
 * reader must survive any bytes, and whatever it takes or refuses, the
 * runs and messages must be those of a load without a cache.
 *
 * The input: 4 bytes of offset into the entries, 1 of what to do (0
 * overwrite, 1 insert, 2 cut there, 3 cut that many bytes), the rest the
 * bytes written or inserted. */
#define _GNU_SOURCE	/* utimensat's flags */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/fileio.h"
#include "model/model.h"
#include "site/publish.h"
#include "base/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define SHED 8

static char root[] = "/tmp/benchsite-fuzz-cache-XXXXXX";
static char *runs, *cache;
static unsigned char *head, *entries;	/* of the valid cache */
static size_t nhead, nentries;

static void
clean_up(void)
{
	publish_remove_tree(root);
}

/* Copies the sample file from (if it exists) to the tree, dated a day
 * back: older than the cache's window for files just written. */
static void
add_file(const char *from, const char *run, const char *name)
{
	struct diags quiet = {.quiet = 1};
	size_t len;
	char *buf = file_read(from, 1 << 20, &len, &quiet), *dir, *path;
	struct timespec t[2] = {{time(NULL) - 86400, 0}, {time(NULL) - 86400,
	    0}};
	FILE *f;

	diags_free(&quiet);
	if (buf == NULL)
		return;
	dir = xasprintf("%s/%s", runs, run);
	path = xasprintf("%s/%s", dir, name);
	mkdir(dir, 0777);
	if ((f = fopen(path, "wb")) != NULL) {
		fwrite(buf, 1, len, f);
		fclose(f);
	}
	utimensat(AT_FDCWD, path, t, 0);
	free(buf);
	free(dir);
	free(path);
}

/* The ids of a loaded set, as one string to compare. */
static char *
describe(const struct runset *set)
{
	char *out = xstrdup(""), *next;

	for (size_t i = 0; i < set->n; i++) {
		next = xasprintf("%s%s\n", out, set->runs[i].id);
		free(out);
		out = next;
	}
	return out;
}

static char *
load(const char *with_cache)
{
	struct runset set;
	struct diags d = {.quiet = 1};
	char *text;

	runset_load_cached(&set, runs, NULL, SHED, with_cache, NULL, NULL,
	    true, &d);
	runset_materialise(&set, &d);
	text = describe(&set);
	runset_free(&set);
	diags_free(&d);
	return text;
}

static void
set_up(void)
{
	static const char *const posts[][2] = {
	    {"3ware-9550sx", "1-xfs-ncq-on"},
	    {"marvell-sata", "4port-single-disk"},
	    {"freebsd-roach", "netraid-4m-raid5"},
	    {"martello-sx8", "raid5-lvm-ext3"},
	    {"this-machine", "csv-x3"}, {"this-machine", "default-64m"}};
	struct diags quiet = {.quiet = 1};
	size_t len;
	char *buf, *from;

	if (mkdtemp(root) == NULL)
		abort();
	atexit(clean_up);
	runs = xasprintf("%s/runs", root);
	cache = xasprintf("%s/cache", root);
	mkdir(runs, 0777);
	for (size_t k = 0; k < sizeof posts / sizeof *posts; k++) {
		char *run = xasprintf("%s-%s", posts[k][0], posts[k][1]);

		for (const char *const *n = (const char *const[]){"bonnie.txt",
		    "bonnie.csv", "meta", "notes.md", NULL}; *n; n++) {
			from = xasprintf("samples/%s/%s/%s", posts[k][0],
			    posts[k][1], *n);
			add_file(from, run, *n);
			free(from);
		}
		free(run);
	}
	/* The directories' times cannot be dated back: the first load
	 * waits for them to settle, so that the entries keep the stamps
	 * of their directories and the loads below read them too. */
	sleep(3);
	free(load(cache));
	buf = file_read(cache, 1 << 24, &len, &quiet);
	diags_free(&quiet);
	if (buf == NULL || len < 4)
		abort();
	memcpy(&nhead, buf, 4);		/* the header record's length */
	nhead = (uint32_t)nhead + 4;
	head = xmalloc(nhead);
	memcpy(head, buf, nhead);
	nentries = len - nhead;
	entries = xmalloc(nentries + 1);
	memcpy(entries, buf + nhead, nentries);
	free(buf);
}

/* The valid cache edited by the input, written where the load reads. */
static void
write_edited(const uint8_t *data, size_t size)
{
	size_t at = 0, cut = 0;
	unsigned what = size > 4 ? data[4] % 4 : 0;
	const uint8_t *bytes = size > 5 ? data + 5 : data;
	size_t nbytes = size > 5 ? size - 5 : 0;
	FILE *f = fopen(cache, "wb");

	if (f == NULL)
		abort();
	if (size >= 4)
		at = ((size_t)data[0] | (size_t)data[1] << 8 |
		    (size_t)data[2] << 16 | (size_t)data[3] << 24) %
		    (nentries + 1);
	fwrite(head, 1, nhead, f);
	fwrite(entries, 1, at, f);
	if (what == 0 || what == 1)
		fwrite(bytes, 1, nbytes, f);
	if (what == 0)
		cut = nbytes;
	else if (what == 3)
		cut = nbytes ? bytes[0] : 1;
	if (what != 2 && at + cut < nentries)
		fwrite(entries + at + cut, 1, nentries - at - cut, f);
	fclose(f);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *plain;
	char *cached;

	if (plain == NULL) {
		set_up();
		plain = load(NULL);
	}
	write_edited(data, size);
	cached = load(cache);
	if (strcmp(cached, plain) != 0) {
		fprintf(stderr, "a load from the cache has other runs:\n%s"
		    "---\n%s", cached, plain);
		abort();
	}
	free(cached);
	return 0;
}
