/* Incremental builds: each job of a build (a run's page and files, a
 * chart, a metric, comparison or series page) has a fingerprint, a hash
 * of everything it reads. The site keeps a job log: each job's
 * fingerprint and the files it wrote (JOBS_FILE); the next build links
 * those files from the old site into its staging directory instead of
 * rendering them again when the fingerprint is unchanged. For site.c. */
#ifndef BENCHSITE_REUSE_H
#define BENCHSITE_REUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JOBS_FILE ".benchsite-jobs"
/* The job log's line of no job: its fingerprint is that of what made
 * every file of the site (fingerprint.c's global one), and it lists none. */
#define MADE_BY "made-by"
#define FP_HEX 33		/* 128 bits in hex, and the NUL */
#define FP_BYTES 16

/* ---- fingerprints: XXH3 128-bit over a stream of tagged values ---- */

struct fp;
struct fp *fp_new(void);
void fp_free(struct fp *);
void fp_reset(struct fp *);
/* A string (NULL apart from ""), bytes, a number. */
void fp_str(struct fp *, const char *);
void fp_bytes(struct fp *, const void *, size_t);
void fp_num(struct fp *, long long);
/* Another fingerprint, by value. */
void fp_hex(struct fp *, const char *hex);
/* The name and bytes of dir/name (at most max of them), or that it
 * cannot be read (then false). */
bool fp_file(struct fp *, const char *dir, const char *name, size_t max);
void fp_digest(struct fp *, char out[FP_HEX]);
/* The same 128 bits as bytes, to be held small and fed to another
 * fingerprint with fp_bytes. */
void fp_digest_bytes(struct fp *, unsigned char out[FP_BYTES]);

/* ---- the job logs of earlier builds ---- */

struct reuse;

/* Which log a job's line is read from: the old site's (SITE, whose files
 * a build links) or the previous site's (the staging directory, whose
 * files are in place). */
enum reuse_log { REUSE_OLD = 1, REUSE_HERE = 2 };

/* Adds the job log in site to r (NULL: a new one) as log; returns r, or
 * a new one, or NULL when there is none yet (then everything is
 * rendered). A log that cannot be read adds nothing. A second log whose
 * MADE_BY line differs from the first's is set aside unread: at most
 * one of the two can be of use (reuse_settle). */
struct reuse *reuse_load(struct reuse *, const char *site, enum reuse_log);
void reuse_free(struct reuse *);

/* Every job's fingerprint covers fp_global, the build's MADE_BY line
 * (reuse_find's contract): a log made otherwise (another program,
 * templates or fonts) has no line of use. Such logs go, before the
 * jobs run (all of r, returning NULL, when neither log is of use); a
 * log reuse_load set aside, made otherwise than the one it loaded, is
 * loaded in its place when it is the one of use. Returns r or NULL. */
struct reuse *reuse_settle(struct reuse *, const char *fp_global);

/* A job's line found in a log. */
struct reuse_hit {
	uint32_t line;
};

/* Whether log has a line of job key with fingerprint fp (fp_digest's):
 * then *hit says which. A job's fingerprint must cover its key and the
 * build's MADE_BY fingerprint (as site_job_fp's do): the logs keep keys
 * as hashes, and a fingerprint that matches is what tells a job's line
 * from another key's of the same hash; reuse_settle drops the logs made
 * otherwise. */
bool reuse_find(const struct reuse *, enum reuse_log, const char *key,
    const char *fp, struct reuse_hit *);
/* The files of a line found, in the log's order, NULL after the last
 * (*n of them): one allocation, for free(). They are read again from
 * the log, which is held open, not in memory; NULL when it no longer
 * says what it said when it was loaded. */
char **reuse_files(struct reuse *, const struct reuse_hit *, size_t *n);

/* Gives each(ctx, name) every file the job lines of the job log in dir
 * list, in the log's order: a build reads its own log back for the
 * names of the site's files rather than holding them while its jobs
 * run. Returns false when the log cannot be read whole (a last line
 * cut short among it). */
bool reuse_log_files(const char *dir, void (*each)(void *, const char *),
    void *ctx);

/* The job log's last line, after every job's, when the build said
 * nothing beyond what loading the runs said: the fingerprint of all it
 * was made from (site_unchanged), and GATE_FAILS when a finding failed
 * the gate. */
#define BUILT_FROM "built-from"
#define GATE_FAILS "gate-fails"

/* Whether the job log in site ends with the line BUILT_FROM fp (the
 * site was made whole from fp); *gate_fails then says whether that
 * build's verdict failed the gate. Reads only the log's end. */
bool reuse_built_from(const char *site, const char *fp, bool *gate_fails);

/* One line of the job log, "KEY\tFP\tFILE\tFILE...\n", written to out
 * (reuse_write_line) or into a new string (reuse_line). Keys and files
 * are benchsite's own safe names (no tab, no newline). */
void reuse_write_line(FILE *out, const char *key, const char *fp,
    const char *const *files, size_t n);
char *reuse_line(const char *key, const char *fp, const char *const *files,
    size_t n);
/* Writes to out the line of job key with fingerprint fp (NULL: the
 * line's own, which reuse_find matched) that lists the files of the
 * line hit found, as reuse_write_line would from reuse_files's names;
 * false, writing nothing, when the log no longer says what it said when
 * it was loaded (as reuse_files's NULL). */
bool reuse_write_kept(FILE *out, struct reuse *, const struct reuse_hit *,
    const char *key, const char *fp);
#endif
