/* The reader's format parsers (bonnie_csv.c, bonnie_text.c), as
 * reader.c calls them on each line of a pass; shared by those three
 * files only. What the parsers themselves are handed is reader_ctx.h. */
#ifndef BENCHSITE_READER_INT_H
#define BENCHSITE_READER_INT_H

#include <stddef.h>

#include "read/reader_ctx.h"

/* Reads a CSV record starting at line i; returns the number of lines it
 * used, 0 if line i does not start one. */
size_t read_csv(struct reader_ctx *, size_t i);

/* Reads a text table whose column-label line is line i; returns the
 * number of lines it used, 0 if line i is no such line. */
size_t read_text(struct reader_ctx *, size_t i);

/* Reads a table copied from a bon_csv2html page whose header starts at
 * line i; returns the lines it used, 0 if line i starts none. */
size_t read_html_copy(struct reader_ctx *, size_t i);

/* Reads a table's data row standing without its header (see the rule
 * in bonnie_text.c) at line i; returns the lines it used, or 0. */
size_t read_bare_row(struct reader_ctx *, size_t i);

#endif
