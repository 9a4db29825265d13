/* The chart as a PNG (chart_png, chart_png_again, chart.h): drawn a
 * strip at a time by chart_draw.c, each strip keyed by what it shows so
 * that pngenc.c can copy it from an earlier PNG instead of drawing and
 * deflating it again. */
#include "render/chart_int.h"
#include "render/pngenc.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <xxhash.h>

/* A PNG is drawn a strip of rows at a time, each strip on one small
 * surface moved down the chart by whole pixels, so that the pixels are
 * the ones a surface of the whole chart would get: the chart of 60 bars
 * at twice the size would otherwise take 20 MB at once in each
 * rendering process. */
#define PNG_STRIP_ROWS	64

struct png_job {
	const struct chart *c;
	const struct chart_geom *g;
	const struct chart_fonts *f;
	double scale;
	int w, h;		/* of the whole image, in pixels */
};

/* The pen of the strip of the image's rows from y0 on, rows high: it
 * draws the chart's rows near them only (row_visible). */
static struct pen
strip_pen(const struct png_job *j, int y0, int rows)
{
	return (struct pen){ .f = j->f, .row = -1, .cull = true,
	    .vis0 = y0 / j->scale, .vis1 = (y0 + rows) / j->scale };
}

/* Draws the image's rows from y0 on onto s with p (strip_pen), as many
 * as s is high. */
static int
draw_strip(cairo_surface_t *s, const struct png_job *j, struct pen *p,
    int y0, char *err)
{
	cairo_surface_set_device_offset(s, 0, -y0);
	return chart_render(s, j->scale, j->c, j->g, p, err);
}

/* ---- the keys of strips: what a strip shows, before it is drawn ----
 * A strip's key hashes the image's size and scale, the parts of the
 * chart that may cross any strip (title, grid and axis, ticks, caption,
 * the note of an empty chart, the legend) and every row its pen draws,
 * with all their places, states and texts. The same key, the same
 * pixels, from one program and one set of fonts: whatever draw_chart
 * draws must be hashed here (the tests compare the pixels of strips
 * whose keys agree). */

static void
key_bytes(XXH3_state_t *st, const void *p, size_t n)
{
	XXH3_128bits_update(st, p, n);
}

static void
key_text(XXH3_state_t *st, const struct gtext *t)
{
	double v[3] = { t->x, t->y, t->w };
	int style = (int)t->style;

	key_bytes(st, t->s ? t->s : "", t->s ? strlen(t->s) + 1 : 0);
	key_bytes(st, v, sizeof v);
	key_bytes(st, &style, sizeof style);
}

static void
key_row(XXH3_state_t *st, const struct grow *r)
{
	double v[] = { r->top, r->h, r->bx, r->by, r->bw, r->bh, r->wx0,
	    r->wx1, r->wy, r->ex, r->tx, r->tw, r->gtop, r->rule, r->ctop,
	    r->cx0, r->cx1, r->cy, r->px, r->py, r->sx0, r->sx1, r->stepx,
	    r->cnx, r->cny };
	int k[] = { (int)r->kind, r->highlight, r->nlines, r->whisker,
	    r->expect, r->group_full != NULL, r->change_full != NULL,
	    r->step_full != NULL, r->cnum };

	key_bytes(st, v, sizeof v);
	key_bytes(st, k, sizeof k);
	for (int i = 0; i < r->nlines; i++)
		key_text(st, &r->line[i]);
	key_text(st, &r->mark);
	key_text(st, &r->value);
	key_text(st, &r->flag);
	key_text(st, &r->group);
	key_text(st, &r->change);
	key_text(st, &r->step);
	key_text(st, &r->cnum_text);
}

/* The parts of the chart not in rows, and the image: into st. */
static void
key_chart(XXH3_state_t *st, const struct png_job *j)
{
	const struct chart_geom *g = j->g;
	double v[] = { j->scale, g->w, g->h, g->px0, g->px1, g->ptop,
	    g->pbot };
	int k[] = { j->w, j->h, g->axis, g->axis ? g->nticks : -1,
	    (int)g->nlegend, g->trend, g->by_date, (int)g->nxticks };

	key_bytes(st, v, sizeof v);
	key_bytes(st, k, sizeof k);
	key_text(st, &g->title);
	for (int i = 0; g->axis && i <= g->nticks; i++) {
		key_text(st, &g->ticks[i]);
		key_bytes(st, &g->gridx[i], sizeof g->gridx[i]);
	}
	if (g->axis)
		key_text(st, &g->caption);
	for (size_t i = 0; i < g->nxticks; i++) {
		key_text(st, &g->xticks[i]);
		key_bytes(st, &g->xtickx[i], sizeof g->xtickx[i]);
	}
	key_text(st, &g->yunit);
	key_text(st, &g->noruns);
	for (size_t i = 0; i < g->nlegend; i++)
		key_text(st, &g->legend[i]);
}

/* The key of the strip p draws, from the chart's own (key_chart). */
static void
strip_key(XXH3_state_t *st, const struct png_job *j, const struct pen *p,
    const XXH128_hash_t *chart, uint64_t key[2])
{
	XXH128_hash_t h;

	XXH3_128bits_reset(st);
	key_bytes(st, chart, sizeof *chart);
	for (size_t i = 0; i < j->g->nrows; i++)
		if (chart_row_visible(p, &j->g->rows[i]))
			key_row(st, &j->g->rows[i]);
	h = XXH3_128bits_digest(st);
	key[0] = h.low64;
	key[1] = h.high64;
}

/* The row y of the image, drawn on s (whose first row is the image's
 * row y0), as 8-bit RGB into row (and one byte of scratch after it):
 * each pixel of the opaque RGB24 surface is a native-endian 32-bit word
 * 0xXXRRGGBB whose top byte cairo leaves undefined (no alpha, so
 * nothing premultiplied). On a little-endian machine a pixel goes out
 * as one 4-byte store of R, G, B and a byte the next pixel overwrites:
 * this runs for every row of every strip, twice when it is deflated. */
static void
rgb_row(cairo_surface_t *s, int y, int y0, unsigned char *row)
{
	const unsigned char *data = cairo_image_surface_get_data(s);
	int w = cairo_image_surface_get_width(s);
	size_t stride = (size_t)cairo_image_surface_get_stride(s);
	const uint32_t *px = (const uint32_t *)(const void *)(data +
	    (size_t)(y - y0) * stride);

	for (int x = 0; x < w; x++) {
		uint32_t v = px[x];
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		uint32_t rgb = __builtin_bswap32(v << 8);

		memcpy(row, &rgb, 4);
		row += 3;
#else
		*row++ = (unsigned char)(v >> 16);
		*row++ = (unsigned char)(v >> 8);
		*row++ = (unsigned char)v;
#endif
	}
}

/* The rows of the strip drawn on a surface, for the encoder. */
struct strip_rows {
	cairo_surface_t *s;
	int y0;
};

static void
strip_row(void *ctx, int i, unsigned char *out)
{
	const struct strip_rows *r = ctx;

	rgb_row(r->s, r->y0 + i, r->y0, out);
}

/* Row i of the strip as the surface holds it, the undefined byte of
 * each pixel cleared (mask_strip): what the strip's hash is taken over,
 * a quarter of the work of making RGB. */
static void
strip_raw(void *ctx, int i, const unsigned char **out, size_t *len)
{
	const struct strip_rows *r = ctx;

	*out = cairo_image_surface_get_data(r->s) + (size_t)i *
	    (size_t)cairo_image_surface_get_stride(r->s);
	*len = 4 * (size_t)cairo_image_surface_get_width(r->s);
}

/* Clears the undefined top byte of the first n rows' pixels, so that
 * they are 0x00RRGGBB: the same pixels, the same bytes. */
static void
mask_strip(cairo_surface_t *s, int n)
{
	unsigned char *data = cairo_image_surface_get_data(s);
	size_t stride = (size_t)cairo_image_surface_get_stride(s);
	int w = cairo_image_surface_get_width(s);

	for (int y = 0; y < n; y++) {
		uint32_t *px = (uint32_t *)(void *)(data + (size_t)y * stride);

		for (int x = 0; x < w; x++)
			px[x] &= 0xffffff;
	}
	cairo_surface_mark_dirty(s);
}

/* The encoder writes its messages into the chart's err. */
_Static_assert(PNG_ENC_ERR_SIZE <= CHART_ERR_SIZE,
    "pngenc.c's messages fit chart.h's err buffers");

/* The image of j as an 8-bit RGB PNG without alpha, drawn strip by
 * strip on s (as wide as the image) and encoded as drawn (pngenc.c),
 * reusing the strips of old. Returns 0, or -1 with err. */
static int
encode_png(cairo_surface_t *s, const struct png_job *j,
    const unsigned char *old, size_t oldlen, bool old_keys,
    unsigned char **buf, size_t *len, int *copied, char *err)
{
	int strip = cairo_image_surface_get_height(s), rc = 0;
	struct png_enc *e = png_enc_start(j->w, j->h, old, oldlen, old_keys);
	XXH3_state_t *st = xnonnull(XXH3_createState());
	XXH128_hash_t chart;
	uint64_t key[2];

	XXH3_128bits_reset(st);
	key_chart(st, j);
	chart = XXH3_128bits_digest(st);
	for (int y0 = 0; rc == 0 && y0 < j->h; y0 += strip) {
		struct strip_rows r = {s, y0};
		struct pen p = strip_pen(j, y0, strip);
		int n = j->h - y0 < strip ? j->h - y0 : strip;

		strip_key(st, j, &p, &chart, key);
		if (png_enc_copy(e, n, key))
			continue;
		rc = draw_strip(s, j, &p, y0, err);
		if (rc == 0) {
			mask_strip(s, n);
			rc = png_enc_strip(e, n, key, strip_row, strip_raw,
			    &r, err);
		}
	}
	if (rc == 0)
		rc = png_enc_finish(e, buf, len, err);
	if (copied)
		*copied = png_enc_reused(e);
	XXH3_freeState(st);
	png_enc_free(e);
	return rc;
}

int
chart_png(const struct chart *c, const struct chart_fonts *f, double scale,
    unsigned char **buf, size_t *len, char *err)
{
	return chart_png_again(c, f, scale, NULL, 0, false, buf, len, NULL,
	    err);
}

int
chart_png_again(const struct chart *c, const struct chart_fonts *f,
    double scale, const unsigned char *old, size_t oldlen,
    bool old_drawn_here, unsigned char **buf, size_t *len, int *copied,
    char *err)
{
	struct png_job j = { .c = c, .f = f, .scale = scale };
	struct chart_geom *g;
	cairo_surface_t *s;
	int rc = -1;

	*buf = NULL;
	*len = 0;
	if (copied)
		*copied = 0;
	if (!(scale > 0 && scale <= 8)) {
		snprintf(err, CHART_ERR_SIZE, "bad PNG scale %g", scale);
		return -1;
	}
	j.g = g = chart_layout(c, f, CHART_WIDTH);
	j.w = (int)ceil(g->w * scale);
	j.h = (int)ceil(g->h * scale);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, j.w,
	    j.h < PNG_STRIP_ROWS ? j.h : PNG_STRIP_ROWS);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		snprintf(err, CHART_ERR_SIZE, "cannot draw the chart \"%s\": "
		    "%s", c->title ? c->title : "",
		    cairo_status_to_string(cairo_surface_status(s)));
	else
		rc = encode_png(s, &j, old, oldlen, old_drawn_here, buf, len,
		    copied, err);
	cairo_surface_destroy(s);
	chart_geom_free(g);
	return rc;
}
