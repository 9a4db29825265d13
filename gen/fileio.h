/* Reading whole input files with a size limit. Used by main and the
 * run-directory loader; writes nothing. */
#ifndef BENCHSITE_FILEIO_H
#define BENCHSITE_FILEIO_H

#include <stddef.h>

#include "msg.h"

#define DEFAULT_MAX_FILE_SIZE (64u << 20)

/* Reads path ("-" is standard input) into a new NUL-terminated buffer
 * (caller frees) and sets *len. On failure reports to d (naming path)
 * and returns NULL. */
char *file_read(const char *path, size_t max, size_t *len, struct diags *d);

#endif
