/* libFuzzer target: the import splitter on any bytes (a post as it would
 * be read from a file), with the meta guessers; it writes nothing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capture/import.h"
#include "base/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct guesser *gs;
	struct import_runs rs = {0};
	struct diags d = {.quiet = 1};
	char *buf;

	/* The rules are compiled once: regcomp is not what is tested. */
	if (gs == NULL && (gs = guesser_new()) == NULL)
		abort();
	buf = xmalloc(size + 1);	/* NUL-terminated, as file_read gives */
	memcpy(buf, data, size);
	buf[size] = '\0';
	import_split(gs, "post.txt", buf, size, NULL, &rs, &d);
	import_runs_free(&rs);
	diags_free(&d);
	free(buf);
	return 0;
}
