/* libFuzzer target: the fio reader on any bytes, then its part of the
 * JSON "parse" prints. Build with "make fuzz". */
#include <stdint.h>
#include <stdio.h>

#include "read/reader.h"
#include "render/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results rs = {0};
	struct diags d = {.quiet = 1};
	FILE *null = fopen("/dev/null", "w");

	fio_read("fuzz", (const char *)data, size, NULL, &rs.fio, &d);
	if (null) {
		render_parse_json(null, &rs, &d);
		fclose(null);
	}
	results_free(&rs);
	diags_free(&d);
	return 0;
}
