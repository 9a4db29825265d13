/* Shared by the reader's own files (reader.c, read_csv.c, read_text.c)
 * only: the cleaned lines and the helpers to cut them into tokens. */
#ifndef BENCHSITE_READER_INT_H
#define BENCHSITE_READER_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "read/lines.h"
#include "base/diag.h"
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

/* Reads a CSV record starting at line i; returns the number of lines it
 * used, 0 if line i does not start one. */
size_t read_csv(struct reader_ctx *, size_t i);

/* Reads a text table whose column-label line is line i; returns the
 * number of lines it used, 0 if line i is no such line. */
size_t read_text(struct reader_ctx *, size_t i);

#endif
