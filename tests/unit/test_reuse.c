/* Unit tests of incremental builds' pieces (gen/site/reuse.c): fingerprints
 * that tell values apart, and the record of jobs written and read back,
 * malformed lines ignored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#include "site/reuse.h"
#include "base/fileio.h"
#include "base/xalloc.h"

/* The fingerprint of two strings fed in order. */
static void
digest2(const char *a, const char *b, char out[FP_HEX])
{
	struct fp *f = fp_new();

	fp_str(f, a);
	fp_str(f, b);
	fp_digest(f, out);
	fp_free(f);
}

static void
test_fingerprints(void **state)
{
	char x[FP_HEX], y[FP_HEX], z[FP_HEX];
	struct fp *f = fp_new();

	(void)state;
	digest2("ab", "c", x);
	digest2("ab", "c", y);
	assert_string_equal(x, y);
	assert_int_equal(strlen(x), FP_HEX - 1);
	/* Lengths are hashed: the split between values counts. */
	digest2("a", "bc", z);
	assert_string_not_equal(x, z);
	/* NULL is not "". */
	digest2(NULL, "c", y);
	digest2("", "c", z);
	assert_string_not_equal(y, z);
	/* A reset starts over. */
	fp_str(f, "noise");
	fp_reset(f);
	fp_str(f, "ab");
	fp_str(f, "c");
	fp_digest(f, z);
	assert_string_equal(x, z);
	fp_free(f);
}

/* A digest is XXH3's 128 bits of what was fed (a value's length, then
 * its bytes), high half first, in lower-case hex or as bytes. */
static void
test_digest_text(void **state)
{
	uint64_t len = 3;
	char got[FP_HEX], want[FP_HEX], buf[sizeof len + 3];
	unsigned char bytes[FP_BYTES];
	struct fp *f = fp_new();
	XXH128_hash_t h;

	(void)state;
	memcpy(buf, &len, sizeof len);
	memcpy(buf + sizeof len, "abc", 3);
	h = XXH3_128bits(buf, sizeof buf);
	snprintf(want, sizeof want, "%016llx%016llx",
	    (unsigned long long)h.high64, (unsigned long long)h.low64);
	fp_str(f, "abc");
	fp_digest(f, got);
	assert_string_equal(got, want);
	/* As bytes: the same digits, two to a byte. */
	fp_digest_bytes(f, bytes);
	for (int k = 0; k < FP_BYTES; k++)
		snprintf(got + 2 * k, 3, "%02x", bytes[k]);
	assert_string_equal(got, want);
	fp_free(f);
}

/* Value k of test_digest_long_stream's stream, *n bytes: short texts,
 * and every 97th longer than the fingerprint's buffer. */
static const char *
stream_value(int k, char text[40], size_t *n)
{
	static char big[5000];

	if (k % 97 == 0) {
		memset(big, 'x', sizeof big);
		*n = sizeof big;
		return big;
	}
	*n = (size_t)snprintf(text, 40, "value %d", k * 7919);
	return text;
}

/* A long stream of values hashes as their bytes laid end to end, each
 * after its length: how the values are gathered before XXH3 takes them
 * changes nothing, and a reset state gives it again. */
static void
test_digest_long_stream(void **state)
{
	size_t cap = 200000, len = 0, n;
	char *all = malloc(cap), got[FP_HEX], want[FP_HEX], text[40];
	struct fp *f = fp_new();
	XXH128_hash_t h;

	(void)state;
	assert_non_null(all);
	for (int k = 0; k < 700; k++) {
		const char *p = stream_value(k, text, &n);
		uint64_t n64 = n;

		assert_true(len + sizeof n64 + n < cap);
		memcpy(all + len, &n64, sizeof n64);
		memcpy(all + len + sizeof n64, p, n);
		len += sizeof n64 + n;
		fp_bytes(f, p, n);
	}
	h = XXH3_128bits(all, len);
	snprintf(want, sizeof want, "%016llx%016llx",
	    (unsigned long long)h.high64, (unsigned long long)h.low64);
	fp_digest(f, got);
	assert_string_equal(got, want);
	fp_reset(f);
	for (int k = 0; k < 700; k++) {
		const char *p = stream_value(k, text, &n);

		fp_bytes(f, p, n);
	}
	fp_digest(f, got);
	assert_string_equal(got, want);
	fp_free(f);
	free(all);
}

static void
test_file_fingerprint(void **state)
{
	char dir[] = "/tmp/test_reuse-XXXXXX", *path, a[FP_HEX], b[FP_HEX];
	struct fp *f = fp_new();
	FILE *fp;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_true((path = xasprintf("%s/meta", dir)) != NULL);
	assert_non_null(fp = fopen(path, "w"));
	fputs("raid 0\n", fp);
	fclose(fp);
	assert_true(fp_file(f, dir, "meta", 1 << 20));
	fp_digest(f, a);
	fp_reset(f);
	assert_non_null(fp = fopen(path, "w"));
	fputs("raid 5\n", fp);
	fclose(fp);
	assert_true(fp_file(f, dir, "meta", 1 << 20));
	fp_digest(f, b);
	assert_string_not_equal(a, b);
	/* A missing file is hashed as missing, and said to be. */
	fp_reset(f);
	assert_false(fp_file(f, dir, "nothing", 1 << 20));
	fp_digest(f, a);
	assert_string_not_equal(a, b);
	unlink(path);
	rmdir(dir);
	free(path);
	fp_free(f);
}

/* The files of key's line of fingerprint fp in log, or NULL; sets *n.
 * What it gave before goes at the next call (r NULL: only that). */
static char **
outputs(struct reuse *r, enum reuse_log log, const char *key,
    const char *fp, size_t *n)
{
	static char **last;
	struct reuse_hit hit;

	free(last);
	last = NULL;
	if (r && reuse_find(r, log, key, fp, &hit)) {
		if ((last = reuse_files(r, &hit, n)) != NULL)
			assert_null(last[*n]);
	}
	return last;
}

/* A new directory for a job log (mkdtemp fills dir in): the log's
 * path. */
static char *
log_dir(char dir[])
{
	assert_non_null(mkdtemp(dir));
	return xasprintf("%s/%s", dir, JOBS_FILE);
}

/* Removes what log_dir made, and forgets what outputs gave last. */
static void
log_dir_done(char *dir, char *path)
{
	outputs(NULL, REUSE_OLD, NULL, NULL, NULL);
	unlink(path);
	rmdir(dir);
	free(path);
}

static void
test_record_round_trip(void **state)
{
	char dir[] = "/tmp/test_reuse-XXXXXX", *path, *line;
	const char *files[] = {"runs/a.html", "runs/a/bonnie.txt"};
	const char *fp = "0123456789abcdef0123456789abcdef";
	char **got;
	struct reuse *r;
	size_t n = 0;
	FILE *out;

	(void)state;
	path = log_dir(dir);
	assert_null(reuse_load(NULL, dir, REUSE_OLD));	/* no record: render everything */
	assert_non_null(out = fopen(path, "w"));
	line = reuse_line("run:a", fp, files, 2);
	assert_string_equal(line, "run:a\t0123456789abcdef0123456789abcdef\t"
	    "runs/a.html\truns/a/bonnie.txt\n");
	fputs(line, out);
	free(line);
	line = reuse_line("key:raid", fp, NULL, 0);
	fputs(line, out);
	free(line);
	/* A compare page: '~' joins the two runs' slugs. */
	fputs("pair:compare/a~b.html\t0123456789abcdef0123456789abcdef\t"
	    "compare/a~b.html\n", out);
	fputs("no tab here\n", out);		/* malformed: ignored */
	fputs("short\tabc\tx\n", out);		/* not a fingerprint */
	/* Names that are not benchsite's own: the line is ignored. */
	fputs("up:dots\t0123456789abcdef0123456789abcdef\truns/../x\n", out);
	fputs("abs:path\t0123456789abcdef0123456789abcdef\t/etc/passwd\n",
	    out);
	fputs("odd:char\t0123456789abcdef0123456789abcdef\truns/a b\n", out);
	fputs("cut:last\t0123456789abcdef0123456789abcdef", out);
	fclose(out);
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	assert_non_null(got = outputs(r, REUSE_OLD, "run:a", fp, &n));
	assert_int_equal(n, 2);
	assert_string_equal(got[0], "runs/a.html");
	assert_string_equal(got[1], "runs/a/bonnie.txt");
	assert_non_null(outputs(r, REUSE_OLD, "key:raid", fp, &n));
	assert_int_equal(n, 0);
	assert_non_null(got = outputs(r, REUSE_OLD, "pair:compare/a~b.html", fp,
	    &n));
	assert_int_equal(n, 1);
	assert_string_equal(got[0], "compare/a~b.html");
	/* Another fingerprint, an unknown or malformed job: nothing kept. */
	assert_null(outputs(r, REUSE_OLD, "run:a",
	    "fedcba9876543210fedcba9876543210", &n));
	assert_null(outputs(r, REUSE_OLD, "run:b", fp, &n));
	assert_null(outputs(r, REUSE_OLD, "short", "abc", &n));
	assert_null(outputs(r, REUSE_OLD, "cut:last", fp, &n));
	assert_null(outputs(r, REUSE_OLD, "up:dots", fp, &n));
	assert_null(outputs(r, REUSE_OLD, "abs:path", fp, &n));
	assert_null(outputs(r, REUSE_OLD, "odd:char", fp, &n));
	/* Nothing read from the previous site's log yet. */
	assert_null(outputs(r, REUSE_HERE, "run:a", fp, &n));

	/* The previous site's log: one line as the old one has it, one
	 * with another fingerprint, one with other files, one new. */
	assert_non_null(out = fopen(path, "w"));
	fputs("run:a\t0123456789abcdef0123456789abcdef\truns/a.html\t"
	    "runs/a/bonnie.txt\n", out);
	fputs("key:raid\tfedcba9876543210fedcba9876543210\n", out);
	fputs("pair:compare/a~b.html\t0123456789abcdef0123456789abcdef\t"
	    "compare/a~b.json\n", out);
	fputs("run:c\t0123456789abcdef0123456789abcdef\truns/c.html\n", out);
	fputs("run:c\tfedcba9876543210fedcba9876543210\truns/c2.html\n", out);
	fclose(out);
	assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
	assert_non_null(got = outputs(r, REUSE_HERE, "run:a", fp, &n));
	assert_int_equal(n, 2);
	assert_string_equal(got[1], "runs/a/bonnie.txt");
	assert_null(outputs(r, REUSE_HERE, "key:raid", fp, &n));
	assert_non_null(outputs(r, REUSE_HERE, "key:raid",
	    "fedcba9876543210fedcba9876543210", &n));
	assert_non_null(outputs(r, REUSE_OLD, "key:raid", fp, &n));
	assert_non_null(got = outputs(r, REUSE_HERE,
	    "pair:compare/a~b.html", fp, &n));
	assert_string_equal(got[0], "compare/a~b.json");
	assert_non_null(got = outputs(r, REUSE_OLD,
	    "pair:compare/a~b.html", fp, &n));
	assert_string_equal(got[0], "compare/a~b.html");
	/* A new job; a repeated key keeps its first line. */
	assert_non_null(got = outputs(r, REUSE_HERE, "run:c", fp, &n));
	assert_string_equal(got[0], "runs/c.html");
	assert_null(outputs(r, REUSE_OLD, "run:c", fp, &n));
	reuse_free(r);
	log_dir_done(dir, path);
}

/* A key the previous site's log says otherwise is linked to the old
 * log's line even when its entry is the one that makes the table grow
 * (the old log fills the table to 8, 16, ... lines). */
static void
test_link_when_table_grows(void **state)
{
	const char *fp = "0123456789abcdef0123456789abcdef";
	const char *fp2 = "fedcba9876543210fedcba9876543210";
	char dir[] = "/tmp/test_reuse-XXXXXX", *path;
	char **got;
	struct reuse *r;
	size_t n = 0;
	FILE *out;

	(void)state;
	path = log_dir(dir);
	for (int lines = 8; lines <= 32; lines *= 2) {
		assert_non_null(out = fopen(path, "w"));
		for (int k = 0; k < lines; k++)
			fprintf(out, "run:r%d\t%s\truns/r%d.html\n", k, fp, k);
		fclose(out);
		assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
		unlink(path);	/* a new log, as a build writes one */
		assert_non_null(out = fopen(path, "w"));
		fprintf(out, "run:r0\t%s\truns/r0.html\n", fp2);
		fclose(out);
		assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
		assert_non_null(got = outputs(r, REUSE_HERE, "run:r0",
		    fp2, &n));
		assert_int_equal(n, 1);
		assert_non_null(outputs(r, REUSE_OLD, "run:r0", fp, &n));
		reuse_free(r);
	}
	log_dir_done(dir, path);
}

/* The previous site's log is read in pieces of 64 KiB: lines that cross
 * a piece's end, one longer than a piece and a cut last line are read as
 * a whole file's would be. */
static void
test_log_in_pieces(void **state)
{
	const char *fp = "0123456789abcdef0123456789abcdef";
	const char *fp2 = "fedcba9876543210fedcba9876543210";
	char dir[] = "/tmp/test_reuse-XXXXXX", *path, *key, *file;
	char **got;
	struct reuse *r;
	size_t n = 0;
	FILE *out;
	enum { LINES = 4000, LONG_FILES = 5000 };

	(void)state;
	path = log_dir(dir);
	assert_non_null(out = fopen(path, "w"));
	for (int k = 0; k < LINES; k++)
		fprintf(out, "run:r%d\t%s\truns/r%d.html\n", k, fp, k);
	fclose(out);
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	/* A new log, as a build writes one (the first stays open):
	 * every third line says otherwise; a series page of 5000 files
	 * (about 60 KiB) in the middle; the last line cut. */
	unlink(path);
	assert_non_null(out = fopen(path, "w"));
	for (int k = 0; k < LINES; k++) {
		fprintf(out, "run:r%d\t%s\truns/r%d.html\n", k,
		    k % 3 ? fp : fp2, k);
		if (k == LINES / 2) {
			fprintf(out, "series:long\t%s", fp);
			for (int f = 0; f < LONG_FILES; f++)
				fprintf(out, "\tseries/long-%d.svg", f);
			fputc('\n', out);
		}
	}
	fprintf(out, "run:cut\t%s\truns/cut.html", fp);
	fclose(out);
	assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
	for (int k = 0; k < LINES; k++) {
		key = xasprintf("run:r%d", k);
		assert_non_null(got = outputs(r, REUSE_HERE, key,
		    k % 3 ? fp : fp2, &n));
		assert_int_equal(n, 1);
		file = xasprintf("runs/r%d.html", k);
		assert_string_equal(got[0], file);
		free(file);
		assert_null(outputs(r, REUSE_HERE, key, k % 3 ? fp2 : fp,
		    &n));
		assert_non_null(outputs(r, REUSE_OLD, key, fp, &n));
		free(key);
	}
	assert_non_null(got = outputs(r, REUSE_HERE, "series:long", fp,
	    &n));
	assert_int_equal(n, LONG_FILES);
	assert_string_equal(got[0], "series/long-0.svg");
	assert_string_equal(got[LONG_FILES - 1], "series/long-4999.svg");
	assert_null(outputs(r, REUSE_OLD, "series:long", fp, &n));
	assert_null(outputs(r, REUSE_HERE, "run:cut", fp, &n));
	reuse_free(r);
	log_dir_done(dir, path);
}

/* A line's files come back as the log lists them, whatever they share:
 * nothing, all but an extension, 255 bytes and more, all (a name
 * twice). A fingerprint in capitals is not fp_digest's, and a name
 * longer than a path can be is no file of the site's: their lines are
 * ignored. */
static void
test_files_as_listed(void **state)
{
	const char *fp = "0123456789abcdef0123456789abcdef";
	char dir[] = "/tmp/test_reuse-XXXXXX", *path, *longdir, *huge, *line;
	const char *files[7];
	char **got;
	struct reuse *r;
	size_t n = 0;
	FILE *out;

	(void)state;
	path = log_dir(dir);
	longdir = xcalloc(1, 301);
	memset(longdir, 'd', 300);
	huge = xcalloc(1, 5000);
	memset(huge, 'h', 4999);
	files[0] = "runs/a@bonnie.txt";
	files[1] = "runs/a.csv";
	files[2] = "compare/x~y.html";
	files[3] = xasprintf("series/%s/p-1.svg", longdir);
	files[4] = xasprintf("series/%s/p-2.svg", longdir);
	files[5] = files[4];
	files[6] = "a";
	assert_non_null(out = fopen(path, "w"));
	line = reuse_line("run:a", fp, files, 7);
	fputs(line, out);
	free(line);
	fprintf(out, "run:caps\t%s\truns/caps.html\n",
	    "0123456789ABCDEF0123456789ABCDEF");
	fprintf(out, "run:huge\t%s\truns/ok.html\t%s\n", fp, huge);
	fclose(out);
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	assert_non_null(got = outputs(r, REUSE_OLD, "run:a", fp, &n));
	assert_int_equal(n, 7);
	for (size_t k = 0; k < 7; k++)
		assert_string_equal(got[k], files[k]);
	assert_null(outputs(r, REUSE_OLD, "run:caps", fp, &n));
	assert_null(outputs(r, REUSE_OLD, "run:caps",
	    "0123456789ABCDEF0123456789ABCDEF", &n));
	assert_null(outputs(r, REUSE_OLD, "run:huge", fp, &n));
	reuse_free(r);
	free((char *)files[3]);
	free((char *)files[4]);
	free(longdir);
	free(huge);
	log_dir_done(dir, path);
}

/* A log whose lines list no files (a job that wrote none): its lines
 * are still kept, in both logs. */
static void
test_no_files(void **state)
{
	const char *fp = "0123456789abcdef0123456789abcdef";
	char dir[] = "/tmp/test_reuse-XXXXXX", *path;
	char **got;
	struct reuse *r;
	size_t n = 1;
	FILE *out;

	(void)state;
	path = log_dir(dir);
	assert_non_null(out = fopen(path, "w"));
	fprintf(out, "made-by\t%s\nkey:raid\t%s\n", fp, fp);
	fclose(out);
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
	assert_non_null(got = outputs(r, REUSE_OLD, "key:raid", fp, &n));
	assert_int_equal(n, 0);
	assert_null(got[0]);
	n = 1;
	assert_non_null(got = outputs(r, REUSE_HERE, "made-by", fp, &n));
	assert_int_equal(n, 0);
	reuse_free(r);
	log_dir_done(dir, path);
}

/* The files are read again from the log when asked for: a log
 * rewritten in place since it was loaded gives none for a line it no
 * longer has as it was (a name changed, the line moved), and the lines
 * it still has where they were come back. A NUL in a key or a file
 * name makes its line ignored: "run:e\0b" is not "run:e". */
static void
test_log_read_again(void **state)
{
	const char *fp = "0123456789abcdef0123456789abcdef";
	char dir[] = "/tmp/test_reuse-XXXXXX", *path;
	struct reuse *r;
	size_t n = 0;
	FILE *out;

	(void)state;
	path = log_dir(dir);
	assert_non_null(out = fopen(path, "w"));
	fprintf(out, "run:a\t%s\truns/a.html\n", fp);
	fprintf(out, "run:b\t%s\truns/b.html\truns/b.csv\n", fp);
	fprintf(out, "run:c\t%s\truns/c.html\n", fp);
	fprintf(out, "run:e%cb\t%s\truns/nul.html\n", 0, fp);
	fprintf(out, "run:d\t%s\truns/d%c.html\n", fp, 0);
	fclose(out);
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	assert_false(reuse_find(r, REUSE_OLD, "run:e", fp,
	    &(struct reuse_hit){0}));
	assert_false(reuse_find(r, REUSE_OLD, "run:d", fp,
	    &(struct reuse_hit){0}));
	/* The same file, rewritten before any line is read again: b's
	 * second name differs, and c's line starts one byte later. */
	assert_non_null(out = fopen(path, "w"));
	fprintf(out, "run:a\t%s\truns/a.html\n", fp);
	fprintf(out, "run:b\t%s\truns/b.html\truns/B.csv\n", fp);
	fprintf(out, "xrun:c\t%s\truns/c.html\n", fp);
	fclose(out);
	assert_non_null(outputs(r, REUSE_OLD, "run:a", fp, &n));
	assert_int_equal(n, 1);
	assert_string_equal(outputs(r, REUSE_OLD, "run:a", fp, &n)[0],
	    "runs/a.html");
	assert_true(reuse_find(r, REUSE_OLD, "run:b", fp,
	    &(struct reuse_hit){0}));
	assert_null(outputs(r, REUSE_OLD, "run:b", fp, &n));
	assert_null(outputs(r, REUSE_OLD, "run:c", fp, &n));
	reuse_free(r);
	log_dir_done(dir, path);
}

/* What reuse_write_kept writes of key's line of fingerprint fp in
 * log (into a new string), given fp or (line_fp) told to write the
 * line's own, or NULL when it writes nothing. */
static char *
kept_line_as(struct reuse *r, const char *key, const char *fp, bool line_fp)
{
	struct reuse_hit hit;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	bool wrote;

	assert_non_null(out);
	assert_true(reuse_find(r, REUSE_OLD, key, fp, &hit));
	wrote = reuse_write_kept(out, r, &hit, key, line_fp ? NULL : fp);
	assert_int_equal(fclose(out), 0);
	if (!wrote) {
		assert_int_equal(len, 0);	/* nothing at all */
		free(text);
		return NULL;
	}
	return text;
}

static char *
kept_line(struct reuse *r, const char *key, const char *fp)
{
	return kept_line_as(r, key, fp, false);
}

/* The log test_kept_line reads: a run of two files, a job of none, and
 * run b, whose file is named b_file. */
static void
write_kept_log(const char *path, const char *fp, const char *b_file)
{
	FILE *out = fopen(path, "w");

	assert_non_null(out);
	fprintf(out, "run:a\t%s\truns/a.html\truns/a/bonnie.txt\n", fp);
	fprintf(out, "key:raid\t%s\n", fp);
	fprintf(out, "run:b\t%s\t%s\n", fp, b_file);
	assert_int_equal(fclose(out), 0);
}

/* A kept job's line is the old line as it was, the same bytes as
 * reuse_line makes of the names reuse_files gives, with or without
 * files, and with the fingerprint given or the line's own; a log
 * rewritten since it was loaded gives no line (as
 * reuse_files gives no names). */
static void
test_kept_line(void **state)
{
	const char *fp = "0123456789abcdef0123456789abcdef";
	const char *keys[] = {"run:a", "key:raid", "run:b"};
	char dir[] = "/tmp/test_reuse-XXXXXX", *path, *got, *want;
	struct reuse *r;
	size_t n = 0;

	(void)state;
	path = log_dir(dir);
	write_kept_log(path, fp, "runs/b.html");
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	for (size_t k = 0; k < 3; k++) {
		char **names = outputs(r, REUSE_OLD, keys[k], fp, &n);

		assert_non_null(names);
		want = reuse_line(keys[k], fp, (const char *const *)names, n);
		assert_non_null(got = kept_line(r, keys[k], fp));
		assert_string_equal(got, want);
		free(got);
		/* The line's own fingerprint, as the parent writes a job in
		 * place: the same bytes. */
		assert_non_null(got = kept_line_as(r, keys[k], fp, true));
		assert_string_equal(got, want);
		free(got);
		free(want);
	}
	got = kept_line(r, "run:a", fp);
	assert_string_equal(got, "run:a\t0123456789abcdef0123456789abcdef\t"
	    "runs/a.html\truns/a/bonnie.txt\n");
	free(got);
	reuse_free(r);
	/* b's name changed in place before any line is read again: its
	 * line is no longer known. */
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	write_kept_log(path, fp, "runs/B.html");
	assert_null(kept_line(r, "run:b", fp));
	assert_non_null(got = kept_line(r, "key:raid", fp));
	assert_string_equal(got, "key:raid\t0123456789abcdef0123456789abcdef"
	    "\n");
	free(got);
	reuse_free(r);
	log_dir_done(dir, path);
}

/* The window job logs are read again through (base/fileio.c): bytes
 * the last piece holds come from it, others from a new piece read
 * there, one longer than a piece whole; past the file's end, nothing. */
static void
test_file_window(void **state)
{
	char dir[] = "/tmp/test_reuse-XXXXXX", *path, text[300];
	struct file_window w = {0};
	const char *got;
	FILE *out;

	(void)state;
	path = log_dir(dir);
	for (size_t k = 0; k < sizeof text; k++)
		text[k] = (char)('a' + k % 26);
	assert_non_null(out = fopen(path, "w"));
	fwrite(text, 1, sizeof text, out);
	fclose(out);
	assert_true((w.fd = open(path, O_RDONLY)) >= 0);
	assert_non_null(got = file_window_get(&w, 10, 5, 64));
	assert_memory_equal(got, text + 10, 5);
	assert_int_equal(w.at, 10);
	assert_int_equal(w.len, 64);
	assert_non_null(got = file_window_get(&w, 60, 14, 64));
	assert_memory_equal(got, text + 60, 14);
	assert_int_equal(w.at, 10);		/* from the same piece */
	assert_non_null(got = file_window_get(&w, 70, 10, 64));
	assert_memory_equal(got, text + 70, 10);
	assert_int_equal(w.at, 70);		/* a new one */
	assert_non_null(got = file_window_get(&w, 0, 200, 64));
	assert_memory_equal(got, text, 200);
	assert_non_null(got = file_window_get(&w, 290, 10, 64));
	assert_memory_equal(got, text + 290, 10);
	assert_int_equal(w.len, 10);		/* the file ends there */
	assert_null(file_window_get(&w, 295, 10, 64));
	assert_null(file_window_get(&w, 400, 1, 64));
	close(w.fd);
	file_window_free(&w);
	log_dir_done(dir, path);
}

/* Writes dir's job log: made by made_by (NULL: no such line), then job
 * "run:x" of fingerprint fp and file name. A new file each time, as a
 * build writes one. */
static void
write_log(const char *dir, const char *made_by, const char *fp,
    const char *name)
{
	char *path = xasprintf("%s/%s", dir, JOBS_FILE);
	FILE *out;

	unlink(path);
	assert_non_null(out = fopen(path, "w"));
	if (made_by)
		fprintf(out, "%s\t%s\n", MADE_BY, made_by);
	fprintf(out, "run:x\t%s\t%s\n", fp, name);
	fclose(out);
	free(path);
}

/* Whether job "run:x" of fingerprint fp is found in log, with file
 * name. */
static bool
has_x(struct reuse *r, enum reuse_log log, const char *fp, const char *name)
{
	size_t n;
	char **got = outputs(r, log, "run:x", fp, &n);

	return got && n == 1 && strcmp(got[0], name) == 0;
}

/* Only logs made as this build is (their MADE_BY lines) are of use; a
 * second log made otherwise than the first is set aside unread, and
 * takes the first's place when it is the one of use: read from its file
 * although that was removed since. A log without a MADE_BY line is of
 * no use. */
static void
test_settle(void **state)
{
	const char *a = "0123456789abcdef0123456789abcdef";
	const char *b = "fedcba9876543210fedcba9876543210";
	const char *fp = "00112233445566778899aabbccddeeff";
	char dir[] = "/tmp/test_reuse-XXXXXX", *path;
	struct reuse *r;

	(void)state;
	path = log_dir(dir);
	/* Both made alike: both loaded; of use to a build made so. */
	write_log(dir, a, fp, "runs/old.html");
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	write_log(dir, a, fp, "runs/here.html");
	assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
	assert_true(has_x(r, REUSE_HERE, fp, "runs/here.html"));
	assert_ptr_equal(reuse_settle(r, a), r);
	assert_true(has_x(r, REUSE_OLD, fp, "runs/old.html"));
	assert_true(has_x(r, REUSE_HERE, fp, "runs/here.html"));
	assert_null(reuse_settle(r, b));
	/* Made otherwise: the second waits; the build made as it is
	 * reads it in the first's place. */
	write_log(dir, a, fp, "runs/old.html");
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	write_log(dir, b, fp, "runs/here.html");
	assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
	unlink(path);
	assert_false(has_x(r, REUSE_HERE, fp, "runs/here.html"));
	assert_ptr_equal(reuse_settle(r, b), r);
	assert_true(has_x(r, REUSE_HERE, fp, "runs/here.html"));
	assert_false(has_x(r, REUSE_OLD, fp, "runs/old.html"));
	reuse_free(r);
	/* The same, for a build made as the first. */
	write_log(dir, a, fp, "runs/old.html");
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	write_log(dir, b, fp, "runs/here.html");
	assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
	assert_ptr_equal(reuse_settle(r, a), r);
	assert_true(has_x(r, REUSE_OLD, fp, "runs/old.html"));
	assert_false(has_x(r, REUSE_HERE, fp, "runs/here.html"));
	reuse_free(r);
	/* No MADE_BY line: of no use. Loaded beside a log of use, it goes,
	 * and the line both hold is read from the one of use. */
	write_log(dir, NULL, fp, "runs/same.html");
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	write_log(dir, a, fp, "runs/same.html");
	assert_ptr_equal(reuse_load(r, dir, REUSE_HERE), r);
	assert_true(has_x(r, REUSE_OLD, fp, "runs/same.html"));
	assert_ptr_equal(reuse_settle(r, a), r);
	assert_false(has_x(r, REUSE_OLD, fp, "runs/same.html"));
	assert_true(has_x(r, REUSE_HERE, fp, "runs/same.html"));
	reuse_free(r);
	write_log(dir, NULL, fp, "runs/old.html");
	assert_non_null(r = reuse_load(NULL, dir, REUSE_OLD));
	assert_null(reuse_settle(r, a));
	log_dir_done(dir, path);
}

/* Joins the names reuse_log_files gives, each followed by '|'. */
static void
join_name(void *ctx, const char *name)
{
	char *all = ctx;

	strcat(all, name);
	strcat(all, "|");
}

/* A build reads its own job log back for its files: every job line's,
 * in order; none of the made-by line or of the built-from line, whatever
 * follows its fingerprint; and a log whose last line is cut is not
 * whole. */
static void
test_log_files(void **state)
{
	const char *fp = "0123456789abcdef0123456789abcdef";
	char dir[] = "/tmp/test_reuse-XXXXXX", *path, got[256] = "";
	FILE *out;

	(void)state;
	path = log_dir(dir);
	assert_non_null(out = fopen(path, "w"));
	fprintf(out, "%s\t%s\nrun:1\t%s\truns/a.html\truns/a@samples-1.html\n"
	    "key:raid\t%s\nmetric:putc\t%s\tmetrics/putc.html\n"
	    "%s\t%s\t%s\n", MADE_BY, fp, fp, fp, fp, BUILT_FROM, fp,
	    GATE_FAILS);
	fclose(out);
	assert_true(reuse_log_files(dir, join_name, got));
	assert_string_equal(got, "runs/a.html|runs/a@samples-1.html|"
	    "metrics/putc.html|");
	assert_non_null(out = fopen(path, "a"));
	fprintf(out, "run:2\t%s\truns/b.html", fp);
	fclose(out);
	got[0] = '\0';
	assert_false(reuse_log_files(dir, join_name, got));
	unlink(path);
	got[0] = '\0';
	assert_false(reuse_log_files(dir, join_name, got));
	assert_string_equal(got, "");
	log_dir_done(dir, path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fingerprints),
		cmocka_unit_test(test_digest_text),
		cmocka_unit_test(test_digest_long_stream),
		cmocka_unit_test(test_file_fingerprint),
		cmocka_unit_test(test_record_round_trip),
		cmocka_unit_test(test_link_when_table_grows),
		cmocka_unit_test(test_log_in_pieces),
		cmocka_unit_test(test_files_as_listed),
		cmocka_unit_test(test_no_files),
		cmocka_unit_test(test_log_read_again),
		cmocka_unit_test(test_kept_line),
		cmocka_unit_test(test_settle),
		cmocka_unit_test(test_file_window),
		cmocka_unit_test(test_log_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
