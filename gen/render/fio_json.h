/* A fio result as JSON, for "benchsite parse" (json.c). */
#ifndef BENCHSITE_FIO_JSON_H
#define BENCHSITE_FIO_JSON_H

#include <jansson.h>

#include "read/fio.h"

/* Every figure of r in the reader's units; a figure fio did not give is
 * null, a direction without I/O is null. */
json_t *fio_result_json(const struct fio_result *r);
struct json_writer;
/* The same written as json_stream_item would write it, with no tree. */
void fio_result_write(struct json_writer *, const struct fio_result *r);

#endif
