/* libFuzzer target: the meta reader on any bytes. */
#include <stdint.h>
#include <string.h>

#include "read/meta.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run_meta m;
	struct diags d = {.quiet = 1};

	memset(&m, 0, sizeof m);
	meta_parse("meta", (const char *)data, size, NULL, &m, &d);
	meta_free(&m);
	diags_free(&d);
	return 0;
}
