/* libFuzzer target: the PNG encoder (pngenc.c) reading an earlier PNG
 * to copy strips from. Once, an image is encoded afresh, which gives a
 * valid earlier PNG. Each input edits that PNG (then makes every chunk's
 * CRC good again, so that the edit reaches what the chunks say) and the
 * image, one pixel changed, is encoded from it: whatever the earlier PNG
 * holds, the bytes must be those of an encoding from nothing. It is
 * encoded once more with keys for its strips and the earlier PNG's keys
 * trusted: then an edited key is the caller's word, so only that it
 * encodes at all is checked (and, under the sanitizers, that nothing is
 * read or written out of bounds).
 *
 * The input: 4 bytes of offset into the PNG, 1 of what to do (0
 * overwrite, 1 insert, 2 cut there, 3 cut that many bytes), the rest the
 * bytes written or inserted. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "render/chart.h"
#include "render/pngenc.h"
#include "base/xalloc.h"
#include "../png_chunks.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define W 60
#define H 700		/* three strips */
#define STRIP 256

static unsigned char image[H][3 * W];

static void
row(void *ctx, int i, unsigned char *out)
{
	memcpy(out, image[*(int *)ctx + i], 3 * W);
}

/* The image, from old; with keys (the middle strip's changed with the
 * image) trusted in old when keyed. */
static unsigned char *
encode(const unsigned char *old, size_t oldlen, bool keyed, size_t *len)
{
	char err[CHART_ERR_SIZE];
	struct png_enc *e = png_enc_start(W, H, old, oldlen, keyed);
	unsigned char *buf = NULL;

	for (int y0 = 0; y0 < H; y0 += STRIP) {
		int n = H - y0 < STRIP ? H - y0 : STRIP;
		uint64_t key[2] = { (uint64_t)y0 + 1, image[H / 2][W] };

		if (keyed && png_enc_copy(e, n, key))
			continue;
		if (png_enc_strip(e, n, keyed ? key : NULL, row, NULL, &y0,
		    err) != 0)
			abort();
	}
	if (png_enc_finish(e, &buf, len, err) != 0)
		abort();
	png_enc_free(e);
	return buf;
}

/* The earlier PNG edited by the input; sets *len. */
static unsigned char *
edited(const unsigned char *png, size_t n, const uint8_t *data, size_t size,
    size_t *len)
{
	size_t at = 0, cut = 0, nbytes = size > 5 ? size - 5 : 0;
	unsigned what = size > 4 ? data[4] % 4 : 0;
	const uint8_t *bytes = size > 5 ? data + 5 : data;
	unsigned char *out = xmalloc(n + nbytes + 1);

	if (size >= 4)
		at = ((size_t)data[0] | (size_t)data[1] << 8 |
		    (size_t)data[2] << 16 | (size_t)data[3] << 24) % (n + 1);
	memcpy(out, png, at);
	*len = at;
	if (what <= 1) {
		memcpy(out + *len, bytes, nbytes);
		*len += nbytes;
	}
	if (what == 0)
		cut = nbytes;
	else if (what == 3)
		cut = nbytes ? bytes[0] : 1;
	if (what != 2 && at + cut < n) {
		memcpy(out + *len, png + at + cut, n - at - cut);
		*len += n - at - cut;
	}
	png_fix_crcs(out, *len);
	return out;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned char *old, *keyed_old, *fresh;
	static size_t nold, nkeyed, nfresh;
	unsigned char *doctored, *out;
	size_t ndoctored, nout;

	if (old == NULL) {
		for (int y = 0; y < H; y++)
			for (int x = 0; x < 3 * W; x++)
				image[y][x] = (unsigned char)((x / 9 + y / 30) %
				    5 * 50);
		old = encode(NULL, 0, false, &nold);
		keyed_old = encode(NULL, 0, true, &nkeyed);
		image[H / 2][W] ^= 0xff;
		fresh = encode(NULL, 0, false, &nfresh);
	}
	doctored = edited(old, nold, data, size, &ndoctored);
	out = encode(doctored, ndoctored, false, &nout);
	if (nout != nfresh || memcmp(out, fresh, nfresh) != 0) {
		fprintf(stderr, "an encoding from an earlier PNG differs\n");
		abort();
	}
	free(out);
	free(doctored);
	doctored = edited(keyed_old, nkeyed, data, size, &ndoctored);
	out = encode(doctored, ndoctored, true, &nout);
	if (nout < 8 || memcmp(out + 1, "PNG", 3) != 0)
		abort();
	free(out);
	free(doctored);
	return 0;
}
