/* Unit tests of the charts' PNG encoder (gen/render/pngenc.c): an image of
 * made-up rows, encoded afresh and again from an earlier PNG, must give
 * the same bytes, copy exactly the strips that did not change, and
 * inflate to its rows; a damaged earlier PNG is not used. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "render/pngenc.h"
#include "../png_chunks.h"

#define W 100
#define H 600		/* three strips: 256, 256, 88 rows */
#define STRIP 256

static unsigned char image[H][3 * W];

static void
fill(unsigned seed)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < 3 * W; x++)
			image[y][x] = (unsigned char)((x / 30 + y / 40 + seed) %
			    7 * 36);
}

struct at {
	int y0;
};

static int rgb_rows;		/* rows asked for as RGB */
static bool use_raw;		/* the hash over raw_row's bytes */

static void
row(void *ctx, int i, unsigned char *out)
{
	rgb_rows++;
	memcpy(out, image[((struct at *)ctx)->y0 + i], 3 * W);
}

/* The caller's own form of a row: here its pixels as they are. */
static void
raw_row(void *ctx, int i, const unsigned char **out, size_t *len)
{
	*out = image[((struct at *)ctx)->y0 + i];
	*len = 3 * W;
}

/* The keys of the strips when use_keys (else none), and whether the
 * earlier PNG's keys are to be trusted. */
static bool use_keys, trust_keys;
static uint64_t keys[(H + STRIP - 1) / STRIP][2];

/* The image as a PNG, reusing old; sets *reused. */
static unsigned char *
encode(const unsigned char *old, size_t oldlen, size_t *len, int *reused)
{
	char err[PNG_ENC_ERR_SIZE];
	struct png_enc *e = png_enc_start(W, H, old, oldlen, trust_keys);
	unsigned char *buf;

	for (int y0 = 0; y0 < H; y0 += STRIP) {
		struct at a = {y0};
		int n = H - y0 < STRIP ? H - y0 : STRIP;
		const uint64_t *key = use_keys ? keys[y0 / STRIP] : NULL;

		if (key && png_enc_copy(e, n, key))
			continue;
		assert_int_equal(png_enc_strip(e, n, key, row,
		    use_raw ? raw_row : NULL, &a, err), 0);
	}
	assert_int_equal(png_enc_finish(e, &buf, len, err), 0);
	*reused = png_enc_reused(e);
	png_enc_free(e);
	return buf;
}

/* Inflates the PNG's IDAT chunks and compares them with the image. */
static void
assert_rows(const unsigned char *png, size_t len)
{
	static unsigned char out[H * (1 + 3 * W) + 1];
	unsigned char *idat = malloc(len);
	size_t n = 0, at = 8;
	uLongf outlen = sizeof out;

	while (at + 12 <= len) {
		uint32_t k = png_be32(png + at);

		if (memcmp(png + at + 4, "IDAT", 4) == 0) {
			memcpy(idat + n, png + at + 8, k);
			n += k;
		}
		at += 12 + k;
	}
	assert_int_equal(uncompress(out, &outlen, idat, n), Z_OK);
	assert_int_equal(outlen, H * (1 + 3 * W));
	for (int y = 0; y < H; y++) {
		assert_int_equal(out[y * (1 + 3 * W)], 0);
		assert_memory_equal(out + y * (1 + 3 * W) + 1, image[y], 3 * W);
	}
	free(idat);
}

static void
test_reuse(void **state)
{
	unsigned char *first, *fresh, *again;
	size_t nfirst, nfresh, nagain;
	int reused;

	(void)state;
	fill(1);
	first = encode(NULL, 0, &nfirst, &reused);
	assert_int_equal(reused, 0);
	assert_rows(first, nfirst);
	/* One pixel of the middle strip changes. */
	image[300][42] ^= 0x55;
	fresh = encode(NULL, 0, &nfresh, &reused);
	again = encode(first, nfirst, &nagain, &reused);
	assert_int_equal(reused, 2);
	assert_int_equal(nagain, nfresh);
	assert_memory_equal(again, fresh, nfresh);
	assert_rows(again, nagain);
	free(again);
	/* Nothing changed: every strip is copied. */
	again = encode(fresh, nfresh, &nagain, &reused);
	assert_int_equal(reused, 3);
	assert_memory_equal(again, fresh, nfresh);
	free(again);
	free(first);
	free(fresh);
}

/* With the rows' own form to hash, RGB is made only for the strips
 * deflated; the bytes are those of an encoding from scratch. */
static void
test_reuse_raw(void **state)
{
	unsigned char *first, *fresh, *again;
	size_t nfirst, nfresh, nagain;
	int reused;

	(void)state;
	use_raw = true;
	fill(3);
	rgb_rows = 0;
	first = encode(NULL, 0, &nfirst, &reused);
	assert_int_equal(rgb_rows, H);
	assert_rows(first, nfirst);
	image[599][0] ^= 0x11;		/* the last strip */
	fresh = encode(NULL, 0, &nfresh, &reused);
	rgb_rows = 0;
	again = encode(first, nfirst, &nagain, &reused);
	assert_int_equal(reused, 2);
	assert_int_equal(rgb_rows, H - 2 * STRIP);
	assert_int_equal(nagain, nfresh);
	assert_memory_equal(again, fresh, nfresh);
	assert_rows(again, nagain);
	use_raw = false;
	free(first);
	free(fresh);
	free(again);
}

/* A strip whose key the earlier PNG holds at its place is copied
 * without its rows being asked for, when the caller trusts the keys:
 * even when its pixels changed (the key is the caller's word). Without
 * trust, or with a key of zeros, the rows are compared. The keys are
 * part of the bytes either way. */
static void
test_reuse_keys(void **state)
{
	unsigned char *first, *again, *plain;
	size_t nfirst, nagain, nplain;
	int reused;

	(void)state;
	use_keys = true;
	fill(4);
	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		keys[k][0] = 1000 + k;
		keys[k][1] = 7;
	}
	first = encode(NULL, 0, &nfirst, &reused);
	assert_rows(first, nfirst);
	trust_keys = true;
	rgb_rows = 0;
	again = encode(first, nfirst, &nagain, &reused);
	assert_int_equal(reused, 3);
	assert_int_equal(rgb_rows, 0);
	assert_memory_equal(again, first, nfirst);
	free(again);
	/* The middle strip's key changes, and one of its pixels: only it
	 * is made again. */
	keys[1][0]++;
	image[300][7] ^= 0x33;
	rgb_rows = 0;
	again = encode(first, nfirst, &nagain, &reused);
	assert_int_equal(reused, 2);
	assert_int_equal(rgb_rows, 2 * STRIP);	/* hashed, deflated */
	assert_rows(again, nagain);
	/* Untrusted keys: every strip's rows are compared. */
	trust_keys = false;
	rgb_rows = 0;
	plain = encode(first, nfirst, &nplain, &reused);
	assert_int_equal(reused, 2);
	assert_int_equal(rgb_rows, H + STRIP);	/* one deflated */
	assert_int_equal(nplain, nagain);
	assert_memory_equal(plain, again, nagain);
	free(plain);
	/* Keys of zeros are never matched. */
	memset(keys, 0, sizeof keys);
	trust_keys = true;
	free(first);
	first = encode(NULL, 0, &nfirst, &reused);
	rgb_rows = 0;
	plain = encode(first, nfirst, &nplain, &reused);
	assert_int_equal(reused, 3);
	assert_int_equal(rgb_rows, H);
	use_keys = trust_keys = false;
	free(plain);
	free(again);
	free(first);
}

/* A damaged or cut earlier PNG, or no PNG at all, is not used; nor is a
 * piece damaged under a good CRC. */
static void
test_no_reuse(void **state)
{
	unsigned char *good, *out;
	size_t ngood, nout;
	int reused;

	(void)state;
	fill(2);
	good = encode(NULL, 0, &ngood, &reused);
	good[ngood / 2] ^= 1;		/* in an IDAT: its CRC fails */
	out = encode(good, ngood, &nout, &reused);
	assert_int_equal(reused, 0);
	good[ngood / 2] ^= 1;
	assert_int_equal(nout, ngood);
	assert_memory_equal(out, good, ngood);
	free(out);
	good[ngood / 2] ^= 1;
	/* A piece changed and its chunk's CRC made good again: the hash
	 * of the piece tells, and only the two other strips are copied. */
	png_fix_crcs(good, ngood);
	out = encode(good, ngood, &nout, &reused);
	assert_int_equal(reused, 2);
	good[ngood / 2] ^= 1;
	png_fix_crcs(good, ngood);
	assert_int_equal(nout, ngood);
	assert_memory_equal(out, good, ngood);
	free(out);
	out = encode(good, ngood - 20, &nout, &reused);	/* cut */
	assert_int_equal(reused, 0);
	free(out);
	out = encode((const unsigned char *)"not a PNG", 9, &nout, &reused);
	assert_int_equal(reused, 0);
	free(out);
	free(good);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reuse),
		cmocka_unit_test(test_reuse_raw),
		cmocka_unit_test(test_reuse_keys),
		cmocka_unit_test(test_no_reuse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
