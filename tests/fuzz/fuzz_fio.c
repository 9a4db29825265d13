/* libFuzzer target: the fio reader on any bytes, then its part of the
 * JSON "parse" prints; and its fast ways held to its plain ones
 * (tests/unit/fio_ways.h: the walk against jansson, the file read piece
 * by piece against reader_read): a difference is a crash; the same bytes
 * read as a job file over the results. Build with
 * "make fuzz". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "read/reader.h"
#include "render/render.h"
#include "../unit/fio_ways.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results rs = {0};
	struct diags d = {.quiet = 1};
	FILE *null = fopen("/dev/null", "w");
	const char *bad;

	fio_read("fuzz", (const char *)data, size, NULL, &rs.fio, &d);
	/* and the same bytes as a job file over what was read */
	fio_job_file_apply(&rs.fio, (const char *)data, size);
	if (null) {
		render_parse_json(null, &rs, &d);
		fclose(null);
	}
	results_free(&rs);
	diags_free(&d);
	bad = fio_ways_check((const char *)data, size,
	    size > 0 ? data[size / 2] : 0);
	if (bad != NULL) {
		fprintf(stderr, "fuzz_fio: %s\n", bad);
		abort();
	}
	return 0;
}
