/* The PNG encoder of the charts (chart.c): 8-bit RGB rows given a strip
 * at a time, each strip deflated on its own (zlib, level 1, no filter),
 * the pieces joined into one zlib stream. A strip whose rows an earlier
 * PNG of the same size already holds is copied from it, not deflated
 * again: one new run changes one bar of a metric's chart, one or two of
 * its strips. The PNG carries a private chunk (bnSt) listing its strips
 * for the next encoding; its bytes follow from the pixels alone, so an
 * encoding that reuses gives the bytes of one that does not. */
#ifndef BENCHSITE_PNGENC_H
#define BENCHSITE_PNGENC_H

#include <stddef.h>

struct png_enc;

/* An encoder of a w x h image, reusing the strips of old (a PNG of
 * oldlen bytes, maybe NULL or not a PNG this encoder wrote: then nothing
 * is reused). */
struct png_enc *png_enc_start(int w, int h, const unsigned char *old,
    size_t oldlen);

/* Writes row i of the strip at hand into out: 3 * w bytes of RGB. */
typedef void png_row_fn(void *ctx, int i, unsigned char *out);

/* Adds the next strip, of n rows made by row (asked for each row once,
 * or twice when the strip is deflated): the same number of rows for
 * every strip but the last. Returns 0, or -1 with err (of
 * CHART_ERR_SIZE bytes). */
int png_enc_strip(struct png_enc *, int n, png_row_fn *row, void *ctx,
    char *err);

/* The PNG (IHDR, bnSt, IDAT, IEND) into a new buffer. Returns 0, or -1
 * with err. */
int png_enc_finish(struct png_enc *, unsigned char **buf, size_t *len,
    char *err);

/* How many strips of the earlier PNG were copied: for the tests. */
int png_enc_reused(const struct png_enc *);

void png_enc_free(struct png_enc *);

#endif
