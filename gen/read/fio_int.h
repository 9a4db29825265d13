/* Inside the fio reader: the parsers of its three forms (fio_json.c,
 * fio_terse.c, fio_text.c), which fio_read.c drives over a file, and the
 * helpers below them (fio_result.c) that build a result. Shared by those
 * files only. */
#ifndef BENCHSITE_FIO_INT_H
#define BENCHSITE_FIO_INT_H

/* The bytes of a block device's name as fio's disk stats print it
 * ("nvme0n1", "dm-0", "md127"). */
#define FIO_DEVICE_CHARS "abcdefghijklmnopqrstuvwxyz" \
	"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."

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
/* Frees the room r's jobs and options do not use. */
void fio_result_trim(struct fio_result *r);
/* Drops the last result; or only when it holds no job (a false start). */
void fio_drop_last(struct fio_results *);
void fio_drop_if_empty(struct fio_results *);
void fio_add_global(struct fio_result *, const char *key, const char *value);
/* A job's error as fio gives it (an errno, or -1), into job->error;
 * 0 and NaN (not printed) leave it 0, a figure no errno is gives -1. */
void fio_set_error(struct fio_job *, double error);
/* Frees the keys and values of options v[0..n); the array stays. */
void fio_options_clear(struct fio_option *v, size_t n);
/* Whether an option's value s[0..n) is one fio or a shell expands
 * first ("${SIZE}" in a job file; "$1", "$(nproc)" or a backquote in a
 * script's command line): it says nothing of what ran, and is left
 * out, so that the output's own word stands. */
bool fio_value_expands(const char *s, size_t n);
/* The same with the key's and the value's lengths. */
void fio_add_global_n(struct fio_result *, const char *key, size_t key_len,
    const char *value, size_t value_len);
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

/* Containers open at once in a JSON document, at most (jansson's own
 * limit is higher, fio's 4). */
#define FIO_JSON_MAX_DEPTH 64

/* Reads every JSON document of buf; returns how many it found. Sets
 * *only_json when every byte of buf outside the documents it kept is
 * JSON's white space (no line of buf then is fio's text or terse). */
/* fio_read.c. The figures of failed jobs, and completion latencies
 * longer than their total latency (results first..), dropped, and
 * said. */
void fio_drop_unsound(const char *file, struct fio_results *out,
    size_t first, struct diags *d);

size_t fio_read_json(const char *file, const char *buf, size_t len,
    struct fio_results *, struct diags *, bool *only_json);

/* For the tests that hold the walk below to jansson: every document
 * read with jansson, and no file taken for JSON only (fio_json.c). */
extern bool fio_json_jansson_only;

/* The JSON reader that reads a document where it stands, in one pass,
 * without jansson (fio_json_walk.c); fio_json.c gives it each document
 * first. One is kept for the documents of a file. */
struct fio_walk;
struct fio_walk *fio_walk_new(void);
void fio_walk_free(struct fio_walk *);
/* Reads the document at buf[*at] (its '{', on line *line) into out as
 * fio_json.c would, with the same messages, and moves *at past its end
 * and *line to the line of its end. Returns false, with nothing read
 * or said, when it gives the document up (fio_json.c then reads it
 * with jansson). */
bool fio_walk_document(struct fio_walk *, const char *file, const char *buf,
    size_t len, size_t *at, long *line, struct fio_results *out,
    struct diags *);
/* Whether the document last given up ran into the end of buf: more of
 * the file may make it whole. */
bool fio_walk_cut_short(const struct fio_walk *);

/* Whether the '{' at s[at] opens fio's document: its first key is one
 * fio prints first (fio_json.c). */
bool fio_opens_document(const char *s, size_t len, size_t at);
/* Reads the terse lines of ls; returns how many it found. */
size_t fio_read_terse(const char *file, const struct lines *ls,
    struct fio_results *, struct diags *);
/* Reads the normal text summaries of ls; returns the jobs found. */
size_t fio_read_text(const char *file, const struct lines *ls,
    struct fio_results *, struct diags *);

#endif
