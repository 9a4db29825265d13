/* The PNG encoder of the charts (chart_png.c): 8-bit RGB rows given a strip
 * at a time, each strip deflated on its own (zlib, level 1, no filter),
 * the pieces joined into one zlib stream. A strip whose rows an earlier
 * PNG of the same size already holds is copied from it, not deflated
 * again: one new run changes one bar of a metric's chart, one or two of
 * its strips. The PNG carries a private chunk (bnSt) listing its strips
 * for the next encoding; its bytes follow from the pixels alone, so an
 * encoding that reuses gives the bytes of one that does not. */
#ifndef BENCHSITE_PNGENC_H
#define BENCHSITE_PNGENC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The size of the err buffers below: chart_png.c hands on its own, of
 * CHART_ERR_SIZE bytes, which must be no smaller (chart_png.c checks). */
#define PNG_ENC_ERR_SIZE	256

struct png_enc;

/* An encoder of a w x h image, reusing the strips of old (a PNG of
 * oldlen bytes, maybe NULL or not a PNG this encoder wrote: then nothing
 * is reused). old_keys: the keys in old are this caller's, made the
 * same way from the same things (png_enc_copy). */
struct png_enc *png_enc_start(int w, int h, const unsigned char *old,
    size_t oldlen, bool old_keys);

/* Writes row i of the strip at hand into out: 3 * w bytes of RGB, and
 * whatever it likes into the one byte after them. */
typedef void png_row_fn(void *ctx, int i, unsigned char *out);

/* Points *out at row i of the strip at hand in a form of the caller's
 * own that tells its pixels as surely as RGB does (the same form for
 * every row of every image), of *len bytes: what the strip's hash is
 * taken over, when making RGB costs more than reading this. */
typedef void png_raw_fn(void *ctx, int i, const unsigned char **out,
    size_t *len);

/* Adds the next strip, of n rows made by row (asked for each row once
 * when the strip is deflated) and read through raw (each row once; when
 * raw is NULL, row is asked instead): the same number of rows for every
 * strip but the last. key (NULL: none) is the caller's key of what the
 * strip shows, kept in the PNG for png_enc_copy. Returns 0, or -1 with
 * err. */
int png_enc_strip(struct png_enc *, int n, const uint64_t key[2],
    png_row_fn *row, png_raw_fn *raw, void *ctx, char *err);

/* Adds the next strip, of n rows, as the earlier PNG's strip at this
 * place when it has the key (not all zero) and the earlier PNG's keys
 * are this caller's: then true, and the rows are neither drawn nor
 * read. The caller vouches that a key tells everything its strip shows. */
bool png_enc_copy(struct png_enc *, int n, const uint64_t key[2]);

/* The PNG (IHDR, bnSt, IDAT, IEND) into a new buffer. Returns 0, or -1
 * with err. */
int png_enc_finish(struct png_enc *, unsigned char **buf, size_t *len,
    char *err);

/* How many strips of the earlier PNG were copied: for the tests. */
int png_enc_reused(const struct png_enc *);

void png_enc_free(struct png_enc *);

#endif
