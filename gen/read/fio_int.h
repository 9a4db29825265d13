/* Inside the fio reader: the parsers of its three forms (fio_json.c,
 * fio_terse.c, fio_text.c), which fio_read.c drives over a file, and the
 * helpers below them (fio_result.c) that build a result. Shared by those
 * files only. */
#ifndef BENCHSITE_FIO_INT_H
#define BENCHSITE_FIO_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "read/fio.h"
#include "read/lines.h"

/* Appends an empty result of form started at line of file. */
struct fio_result *fio_new_result(struct fio_results *, const char *file,
    long line, enum fio_form);
/* Appends a job with every figure unknown. */
struct fio_job *fio_new_job(struct fio_result *, const char *name,
    size_t name_len, long line);
/* Drops the last result; or only when it holds no job (a false start). */
void fio_drop_last(struct fio_results *);
void fio_drop_if_empty(struct fio_results *);
void fio_add_global(struct fio_result *, const char *key, const char *value);
/* Which workload parameter fio's option key is; FIO_PARAMS if none. */
enum fio_param fio_param_of(const char *key, size_t len);
/* Sets a job's parameter unless set already (job options come first). */
void fio_set_param(struct fio_job *, enum fio_param, const char *value,
    size_t len);
/* Fills the parameters a job lacks from the global options. */
void fio_params_from_global(struct fio_result *);
/* Which kept percentile fio's percentile p is (FIO_PCTS if none). */
enum fio_pct fio_pct_of(double p);

/* A decimal number at s (sign, digits, fraction, exponent) of at most
 * len bytes; returns the bytes used, 0 when none. */
size_t fio_number(const char *s, size_t len, double *out);

/* Reads every JSON document of buf; returns how many it found. */
size_t fio_read_json(const char *file, const char *buf, size_t len,
    struct fio_results *, struct diags *);
/* Reads the terse lines of ls; returns how many it found. */
size_t fio_read_terse(const char *file, const struct lines *ls,
    struct fio_results *, struct diags *);
/* Reads the normal text summaries of ls; returns the jobs found. */
size_t fio_read_text(const char *file, const struct lines *ls,
    struct fio_results *, struct diags *);

#endif
