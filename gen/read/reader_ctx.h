/* What a format parser of the reader is handed (one pass over a file's
 * cleaned lines, and the results it appends to) and the helpers it cuts
 * lines into tokens with. Below the parsers (bonnie_csv.c,
 * bonnie_text.c) and reader.c, which drives them: the parsers take what
 * they need from here and never call up into reader.c. */
#ifndef BENCHSITE_READER_CTX_H
#define BENCHSITE_READER_CTX_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "read/lines.h"
#include "read/reader.h"

struct tok {
	const char *s;
	size_t len;
	size_t col;	/* column of the first byte in its line */
};

#define MAX_TOKS 64

/* Cuts s at spaces into at most MAX_TOKS tokens; returns how many there
 * were in all (which may exceed MAX_TOKS: the rest are not stored). */
size_t tokenize(const char *s, size_t len, struct tok *t);

bool tok_is(const struct tok *, const char *word);

/* What one reader pass works on. */
struct reader_ctx {
	const char *file;
	const struct lines *ls;
	struct results *out;
	struct diags *diags;
};

/* Appends a new result (initialised, with where it came from set). */
struct result *ctx_new_result(struct reader_ctx *, const struct line *,
    enum result_source);

#endif
