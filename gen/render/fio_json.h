/* A fio result as JSON, for "benchsite parse" and "dump" (json.c). */
#ifndef BENCHSITE_FIO_JSON_H
#define BENCHSITE_FIO_JSON_H

#include "read/fio.h"

struct json_writer;
/* Every figure of r in the reader's units, as a value of jw; a figure
 * fio did not give is null, a direction without I/O is null. */
void fio_result_write(struct json_writer *, const struct fio_result *r);

#endif
