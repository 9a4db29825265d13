/* The charts' PNG encoder; see pngenc.h. Used by chart_png.c. */
#include "render/pngenc.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include <zlib.h>

/* zlib's fastest level without filters: measured on the charts, the
 * other levels, filters and strategies were slower or larger (SUB, UP
 * and adaptive filtering, Z_RLE twice as large). */
#define ZLEVEL		1
#define IDAT_SIZE	65536	/* bytes of image data per IDAT chunk */
#define STRIPS_CHUNK	"bnSt"	/* ancillary, private, safe to copy */
#define STRIP_ENTRY	48	/* bytes per strip in it */

/* A strip as the PNG holds it: the hash of its rows (filter bytes and
 * pixels), the caller's key of what it shows, their Adler-32, the
 * length of its piece of the stream and a hash of the piece and the
 * Adler-32, so that a strip damaged since (its chunk's CRC made good
 * again or not) is never copied. */
struct strip {
	uint64_t hash[2], key[2];
	uint32_t adler, len;
	uint64_t piece;
};

struct png_enc {
	int w, h, done;		/* rows added so far */
	z_stream z;
	bool z_ready;
	unsigned char *row;	/* 1 + 3 * w bytes */
	unsigned char *data;	/* the zlib stream so far */
	size_t n, cap;
	struct strip *v;	/* the strips so far */
	size_t nv, capv;
	uint32_t adler;		/* of every row so far */
	/* The earlier PNG's strips and its zlib stream (NULL when none
	 * may be reused); strip k's piece starts at old_at[k]. */
	struct strip *old;
	size_t nold, *old_at;
	unsigned char *old_data;
	bool old_keys;		/* its keys are this caller's */
	int reused;
};

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static void
put_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static uint64_t
be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static void
put_be64(unsigned char *p, uint64_t v)
{
	put_be32(p, (uint32_t)(v >> 32));
	put_be32(p + 4, (uint32_t)v);
}

/* The hash of a strip's piece of the stream and of its Adler-32, which
 * the piece is copied with. */
static uint64_t
piece_hash(const unsigned char *piece, const struct strip *st)
{
	return XXH3_64bits_withSeed(piece, st->len, st->adler);
}

/* ---- the earlier PNG ---- */

struct old_png {
	const unsigned char *strips;	/* the bnSt chunk's data */
	size_t nstrips;
	unsigned char *idat;		/* every IDAT's data, joined */
	size_t nidat, capidat;
	bool size_ok;			/* IHDR says w x h */
};

/* One chunk of an earlier PNG; false when it is damaged. */
static bool
old_chunk(struct old_png *o, const unsigned char *type,
    const unsigned char *data, uint32_t len, const struct png_enc *e)
{
	if (memcmp(type, "IHDR", 4) == 0)
		o->size_ok = len == 13 && be32(data) == (uint32_t)e->w &&
		    be32(data + 4) == (uint32_t)e->h && data[8] == 8 &&
		    data[9] == 2;
	else if (memcmp(type, STRIPS_CHUNK, 4) == 0) {
		if (len < 4 || (len - 4) / STRIP_ENTRY != be32(data) ||
		    (len - 4) % STRIP_ENTRY != 0)
			return false;
		o->strips = data + 4;
		o->nstrips = be32(data);
	} else if (memcmp(type, "IDAT", 4) == 0) {
		xgrow((void **)&o->idat, &o->capidat, o->nidat + len + 1, 1);
		memcpy(o->idat + o->nidat, data, len);
		o->nidat += len;
	}
	return true;
}

/* Reads the strips an earlier PNG of this size holds into e: every
 * chunk whole and checked, the pieces adding up to its stream. */
static void
take_old(struct png_enc *e, const unsigned char *p, size_t len)
{
	static const unsigned char sig[8] = {137, 'P', 'N', 'G', 13, 10, 26,
	    10};
	struct old_png o = {0};
	size_t at = 8, sum = 2 + 4;	/* zlib's header and Adler-32 */
	bool ok = len >= 8 && memcmp(p, sig, 8) == 0;

	while (ok && at + 12 <= len) {
		uint32_t n = be32(p + at);

		if (n > len - at - 12 || crc32(0, p + at + 4, n + 4) !=
		    be32(p + at + 8 + n))
			ok = false;
		else
			ok = old_chunk(&o, p + at + 4, p + at + 8, n, e);
		at += 12 + (size_t)n;
	}
	ok = ok && o.size_ok && o.strips && o.nidat >= sum;
	for (size_t k = 0; ok && k < o.nstrips; k++)
		sum += be32(o.strips + k * STRIP_ENTRY + 36);
	if (!ok || sum != o.nidat) {
		free(o.idat);
		return;
	}
	e->nold = o.nstrips;
	e->old = xcalloc(o.nstrips + 1, sizeof *e->old);
	e->old_at = xcalloc(o.nstrips + 1, sizeof *e->old_at);
	for (size_t k = 0, off = 2; k < o.nstrips; k++) {
		const unsigned char *q = o.strips + k * STRIP_ENTRY;

		e->old[k] = (struct strip){{be64(q), be64(q + 8)},
		    {be64(q + 16), be64(q + 24)}, be32(q + 32), be32(q + 36),
		    be64(q + 40)};
		e->old_at[k] = off;
		off += e->old[k].len;
	}
	e->old_data = o.idat;
}

/* ---- encoding ---- */

struct png_enc *
png_enc_start(int w, int h, const unsigned char *old, size_t oldlen,
    bool old_keys)
{
	struct png_enc *e = xcalloc(1, sizeof *e);
	static const unsigned char zlib_header[2] = {0x78, 0x01};

	e->w = w;
	e->h = h;
	e->row = xmalloc(1 + 3 * (size_t)w + 1);
	e->row[0] = PNG_FILTER_VALUE_NONE;
	e->z_ready = deflateInit2(&e->z, ZLEVEL, Z_DEFLATED, -15, 8,
	    Z_DEFAULT_STRATEGY) == Z_OK;
	xgrow((void **)&e->data, &e->cap, 2, 1);
	memcpy(e->data, zlib_header, 2);
	e->n = 2;
	if (old)
		take_old(e, old, oldlen);
	e->old_keys = old_keys;
	return e;
}

/* Deflates the rows of a strip into a piece of the stream of its own:
 * the deflater starts afresh, and the piece ends on a byte (a full
 * flush) or, for the last strip, ends the stream. */
static int
deflate_strip(struct png_enc *e, int n, png_row_fn *row, void *ctx,
    bool last, struct strip *st, char *err)
{
	size_t rowlen = 1 + 3 * (size_t)e->w, start = e->n;
	int rc = Z_OK;

	if (!e->z_ready || deflateReset(&e->z) != Z_OK)
		goto fail;
	st->adler = (uint32_t)adler32(0, NULL, 0);
	for (int i = 0; i < n && (rc == Z_OK || rc == Z_BUF_ERROR); i++) {
		int flush = i + 1 < n ? Z_NO_FLUSH : last ? Z_FINISH :
		    Z_FULL_FLUSH;

		row(ctx, i, e->row + 1);
		st->adler = (uint32_t)adler32(st->adler, e->row, rowlen);
		e->z.next_in = e->row;
		e->z.avail_in = (uInt)rowlen;
		do {
			xgrow((void **)&e->data, &e->cap, e->n + 65536, 1);
			e->z.next_out = e->data + e->n;
			e->z.avail_out = 65536;
			rc = deflate(&e->z, flush);
			e->n += 65536 - e->z.avail_out;
		} while (e->z.avail_out == 0 && rc != Z_STREAM_ERROR);
	}
	if (rc != (last ? Z_STREAM_END : Z_OK))
		goto fail;
	st->len = (uint32_t)(e->n - start);
	st->piece = piece_hash(e->data + start, st);
	return 0;
fail:
	snprintf(err, PNG_ENC_ERR_SIZE, "cannot write the PNG: deflate "
	    "failed");
	return -1;
}

/* The hash of a strip's rows, made once to see whether the earlier PNG
 * holds the strip. */
static void
hash_strip(struct png_enc *e, int n, png_row_fn *row, png_raw_fn *raw,
    void *ctx, uint64_t hash[2])
{
	size_t rowlen = 1 + 3 * (size_t)e->w, len;
	XXH3_state_t *st = xnonnull(XXH3_createState());
	XXH128_hash_t h;
	const unsigned char *p;

	XXH3_128bits_reset(st);
	for (int i = 0; i < n; i++) {
		if (raw) {
			raw(ctx, i, &p, &len);
			XXH3_128bits_update(st, p, len);
			continue;
		}
		row(ctx, i, e->row + 1);
		XXH3_128bits_update(st, e->row, rowlen);
	}
	h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	hash[0] = h.low64;
	hash[1] = h.high64;
}

/* Whether the earlier PNG's strip k, for the next n rows, may stand
 * for them: at the same place, as long and as much the last, and whole. */
static bool
old_fits(const struct png_enc *e, size_t k, int n)
{
	bool last = e->done + n >= e->h;

	return k < e->nold && (k + 1 == e->nold) == last &&
	    piece_hash(e->old_data + e->old_at[k], &e->old[k]) ==
	    e->old[k].piece;
}

/* Adds st as the next strip, of n rows, its piece already in e->data. */
static void
add_strip(struct png_enc *e, int n, const struct strip *st)
{
	e->adler = e->nv == 0 ? st->adler : (uint32_t)adler32_combine(
	    e->adler, st->adler, (z_off_t)((size_t)n * (1 + 3 *
	    (size_t)e->w)));
	xgrow((void **)&e->v, &e->capv, e->nv + 1, sizeof *e->v);
	e->v[e->nv++] = *st;
	e->done += n;
}

/* Adds the earlier PNG's strip k as the next strip, of n rows. */
static void
copy_old(struct png_enc *e, int n, size_t k)
{
	const struct strip *st = &e->old[k];

	xgrow((void **)&e->data, &e->cap, e->n + st->len, 1);
	memcpy(e->data + e->n, e->old_data + e->old_at[k], st->len);
	e->n += st->len;
	e->reused++;
	add_strip(e, n, st);
}

bool
png_enc_copy(struct png_enc *e, int n, const uint64_t key[2])
{
	size_t k = e->nv;

	if (!e->old_keys || (key[0] == 0 && key[1] == 0) ||
	    !old_fits(e, k, n) ||
	    memcmp(e->old[k].key, key, sizeof e->old[k].key) != 0)
		return false;
	copy_old(e, n, k);
	return true;
}

int
png_enc_strip(struct png_enc *e, int n, const uint64_t key[2],
    png_row_fn *row, png_raw_fn *raw, void *ctx, char *err)
{
	size_t k = e->nv;
	struct strip st = {{0, 0}, {0, 0}, 0, 0, 0};

	if (key)
		memcpy(st.key, key, sizeof st.key);
	hash_strip(e, n, row, raw, ctx, st.hash);
	/* The same rows at the same place: the earlier piece as it is,
	 * under this strip's key. */
	if (old_fits(e, k, n) && memcmp(e->old[k].hash, st.hash,
	    sizeof st.hash) == 0) {
		copy_old(e, n, k);
		memcpy(e->v[k].key, st.key, sizeof st.key);
		return 0;
	}
	if (deflate_strip(e, n, row, ctx, e->done + n >= e->h, &st, err) != 0)
		return -1;
	add_strip(e, n, &st);
	return 0;
}

int
png_enc_reused(const struct png_enc *e)
{
	return e->reused;
}

/* ---- the file ---- */

static void
write_cb(png_structp png, png_bytep data, size_t len)
{
	buf_add(png_get_io_ptr(png), data, len);
}

static void
flush_cb(png_structp png)
{
	(void)png;
}

static void
error_cb(png_structp png, png_const_charp msg)
{
	snprintf(png_get_error_ptr(png), PNG_ENC_ERR_SIZE,
	    "cannot write the PNG: %s", msg);
	png_longjmp(png, 1);
}

static void
warning_cb(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/* The list of strips, as the bnSt chunk holds it. */
static unsigned char *
strips_chunk(const struct png_enc *e, size_t *len)
{
	unsigned char *p = xmalloc(4 + e->nv * STRIP_ENTRY);

	put_be32(p, (uint32_t)e->nv);
	for (size_t k = 0; k < e->nv; k++) {
		unsigned char *q = p + 4 + k * STRIP_ENTRY;

		put_be64(q, e->v[k].hash[0]);
		put_be64(q + 8, e->v[k].hash[1]);
		put_be64(q + 16, e->v[k].key[0]);
		put_be64(q + 24, e->v[k].key[1]);
		put_be32(q + 32, e->v[k].adler);
		put_be32(q + 36, e->v[k].len);
		put_be64(q + 40, e->v[k].piece);
	}
	*len = 4 + e->nv * STRIP_ENTRY;
	return p;
}

/* IHDR, bnSt, the stream in IDAT chunks, IEND: no time, gamma or text
 * chunk, the same bytes for the same image. */
static int
write_png(const struct png_enc *e, struct buf *file, char *err)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, err,
	    error_cb, warning_cb);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	size_t nstrips;
	unsigned char *strips = strips_chunk(e, &nstrips);

	if (info == NULL) {
		png_destroy_write_struct(&png, NULL);
		free(strips);
		snprintf(err, PNG_ENC_ERR_SIZE, "cannot write the PNG: %s",
		    strerror(ENOMEM));
		return -1;
	}
	/* Nothing set after this point is read after a longjmp. */
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(strips);
		return -1;
	}
	png_set_write_fn(png, file, write_cb, flush_cb);
	png_set_IHDR(png, info, (png_uint_32)e->w, (png_uint_32)e->h, 8,
	    PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
	    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	png_write_chunk(png, (png_const_bytep)STRIPS_CHUNK, strips, nstrips);
	for (size_t at = 0; at < e->n; at += IDAT_SIZE)
		png_write_chunk(png, (png_const_bytep)"IDAT", e->data + at,
		    e->n - at < IDAT_SIZE ? e->n - at : IDAT_SIZE);
	png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
	png_destroy_write_struct(&png, &info);
	free(strips);
	return 0;
}

int
png_enc_finish(struct png_enc *e, unsigned char **buf, size_t *len,
    char *err)
{
	struct buf file = {0};

	*buf = NULL;
	*len = 0;
	if (e->done != e->h) {
		snprintf(err, PNG_ENC_ERR_SIZE, "cannot write the PNG: %d of "
		    "%d rows", e->done, e->h);
		return -1;
	}
	xgrow((void **)&e->data, &e->cap, e->n + 4, 1);
	put_be32(e->data + e->n, e->adler);
	e->n += 4;
	if (write_png(e, &file, err) != 0) {
		buf_free(&file);
		return -1;
	}
	*buf = (unsigned char *)file.p;
	*len = file.n;
	return 0;
}

void
png_enc_free(struct png_enc *e)
{
	if (e == NULL)
		return;
	if (e->z_ready)
		deflateEnd(&e->z);
	free(e->row);
	free(e->data);
	free(e->v);
	free(e->old);
	free(e->old_at);
	free(e->old_data);
	free(e);
}
