/* libFuzzer target: a whole build of a generated runs tree. The input is
 * cut at NUL bytes into a run's bonnie++ output, its meta and its notes;
 * a second, good run stands beside it. The site is written as a single
 * file into a scratch directory (BENCHSITE_DATA must name the tree that
 * holds templates/ and assets/; "make fuzz" sets it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyse/analyse.h"
#include "base/fileio.h"
#include "site/publish.h"
#include "site/site.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char good_run[] =
    "1.97,1.97,hostA,1,1795960857,1G,,1765,99,506458,75,1264464,56,2463,99,"
    "+++++,+++,+++++,+++,4,,,,,1950,74,+++++,+++,+++++,+++,2465,69,+++++,"
    "+++,+++++,+++,5308us,676us,319us,3609us,51us,2083us,2295us,333us,"
    "1964us,3575us,437us,1805us\n";

static void
put(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f) {
		fwrite(buf, 1, len, f);
		fclose(f);
	}
}

/* Writes the part of data up to the next NUL (or the end) to path. */
static size_t
put_part(const char *path, const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t len = nul ? (size_t)(nul - data) : size;

	put(path, (const char *)data, len);
	return nul ? len + 1 : len;
}

static char root[] = "/tmp/benchsite-fuzz-XXXXXX";

/* The scratch tree goes when the fuzzer exits. */
static void
clean_up(void)
{
	publish_remove_tree(root);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	char path[256];
	struct analyse_opts ao;
	struct site_opts so = {0};
	struct analysis an;
	struct runset set;
	struct diags d = {.quiet = 1};
	size_t used;

	if (!ready) {
		if (mkdtemp(root) == NULL)
			abort();
		atexit(clean_up);
		snprintf(path, sizeof path, "%s/runs", root);
		mkdir(path, 0777);
		snprintf(path, sizeof path, "%s/runs/fuzzed", root);
		mkdir(path, 0777);
		snprintf(path, sizeof path, "%s/runs/good", root);
		mkdir(path, 0777);
		snprintf(path, sizeof path, "%s/runs/good/bonnie.csv", root);
		put(path, good_run, sizeof good_run - 1);
		ready = 1;
	}
	snprintf(path, sizeof path, "%s/runs/fuzzed/bonnie.txt", root);
	used = put_part(path, data, size);
	snprintf(path, sizeof path, "%s/runs/fuzzed/meta", root);
	used += put_part(path, data + used, size - used);
	snprintf(path, sizeof path, "%s/runs/fuzzed/notes.md", root);
	put_part(path, data + used, size - used);

	snprintf(path, sizeof path, "%s/runs", root);
	analyse_default_opts(&ao);
	/* Loaded as build loads: most samples dropped, read again; the
	 * figures dropped after the analysis. */
	if (runset_load(&set, path, NULL, SITE_SAMPLES_PER_PAGE, &d) == 0 &&
	    analyse(&an, &set, &ao, &d) == 0) {
		char out[256];

		runset_drop_figures(&set);
		snprintf(out, sizeof out, "%s/report.html", root);
		so.single = out;
		so.out = out;
		so.data_dir = getenv("BENCHSITE_DATA");
		if (so.data_dir == NULL)
			so.data_dir = ".";
		site_build(&an, &so, &d);
		/* The good run must survive whatever the fuzzed one holds. */
		if (runset_find(&set, "good") < 0)
			abort();
		analysis_free(&an);
	}
	runset_free(&set);
	diags_free(&d);
	return 0;
}
