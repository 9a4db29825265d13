/* Horizontal bar charts: the layout, the one cairo drawing routine behind
 * both SVG and PNG, the SVG post-processing and the text dump the golden
 * tests compare. For site/render code only (see chart.h). */
#include "render/chart.h"
#include "render/pngenc.h"
#include "model/display.h"
#include "base/buf.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo-ft.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <libxml/parser.h>
#include <xxhash.h>
#include <stdint.h>

#define X(s)	((const xmlChar *)(s))

#define DEFAULT_FONT_DIR "/usr/share/fonts/truetype/dejavu"
#define ELLIPSIS	"\xe2\x80\xa6"
#define MARK_EXPECT	"\xe2\x96\xbc"	/* U+25BC, like the drawn marker */
#define MARK_FLAG	"\xe2\x9a\xa0"	/* U+26A0 WARNING SIGN */
#define MARK_FLAG_CP	0x26a0
#define MARK_FLAG_ASCII	"!"

#define PAD		16.0	/* around the chart */
#define LABEL_FRAC	0.38	/* of the width, at most, for run labels */
#define GAP		10.0	/* label column to axis */
#define BAR_H		18.0
#define ROW_H1		28.0	/* row pitch when every label fits one line */
#define ROW_H2		38.0	/* when some label takes two */
#define LINE_H		14.0
#define LEGEND_LINE_H	14.0
#define MAX_LEGEND_LINES 8
#define GROUP_H		26.0	/* a group heading's band */
#define CHANGE_H	16.0	/* a change marker's band */
#define CHANGE_MIN_LINE	40.0	/* dashed line a long change text leaves */
#define MARK_GAP	3.0	/* flag symbol to figure */
#define FLAG_GAP	6.0	/* figure to flag text */
#define TAIL_GAP	6.0	/* bar, whisker or marker to the figure */
#define FIT_ROUNDS	8	/* plot narrowings for figures that overflow */
#define MAX_NARROWING	0.25	/* of the plot, for flag symbols and texts */

enum { FONT_BOOK, FONT_BOLD, FONT_COUNT };

static const char *const font_files[FONT_COUNT] = {
	"DejaVuSans.ttf",
	"DejaVuSans-Bold.ttf",
};

enum tstyle {
	TS_TITLE,
	TS_LABEL,
	TS_VALUE,
	TS_FLAGGED,	/* value of a highlighted bar, its symbol */
	TS_FLAGNOTE,	/* a bar's flag text */
	TS_STATE,	/* "not run" and the like */
	TS_TICK,
	TS_NOTE,
	TS_GROUP,	/* group heading */
	TS_CHANGE,	/* change marker text */
	TS_COUNT
};

/* Few sizes on purpose. In the SVG each text says how it differs from
 * TS_LABEL (TEXT_SIZE, TEXT_RGB below). */
static const struct {
	int font;
	double size;
	unsigned rgb;
} tstyles[TS_COUNT] = {
	[TS_TITLE] = { FONT_BOLD, 15, 0x1a1a1a },
	[TS_LABEL] = { FONT_BOOK, 12, 0x262626 },
	[TS_VALUE] = { FONT_BOOK, 12, 0x262626 },
	[TS_FLAGGED] = { FONT_BOLD, 12, 0xb33c00 },
	[TS_FLAGNOTE] = { FONT_BOOK, 12, 0xb33c00 },
	[TS_STATE] = { FONT_BOOK, 12, 0x595959 },
	[TS_TICK] = { FONT_BOOK, 11, 0x595959 },
	[TS_NOTE] = { FONT_BOOK, 11, 0x595959 },
	[TS_GROUP] = { FONT_BOLD, 12, 0x1a1a1a },
	[TS_CHANGE] = { FONT_BOOK, 11, 0x595959 },
};

#define RGB_BAR		0x4e79a7
#define RGB_FLAGGED	0xe8590c
#define RGB_STRIPE	0x7a2d00	/* stripes on a flagged bar */
#define RGB_RULE	0xb3b3b3	/* above a group heading */
#define RGB_CHANGE	0x8c8c8c	/* dashed change marker */
#define RGB_WHISKER	0x1f1f1f
#define RGB_GRID	0xe3e3e3
#define RGB_AXIS	0x8c8c8c
#define RGB_HATCH_BG	0xf2f2f2
#define RGB_HATCH	0xb3b3b3
#define RGB_HATCH_EDGE	0x8c8c8c
#define RGB_EXPECT	0x262626

static const char *const kind_names[] = {
	[BAR_VALUE] = "value",
	[BAR_TOO_FAST] = "too-fast",
	[BAR_NOT_RUN] = "not-run",
	[BAR_INVALID] = "invalid",
};

static const char *const state_texts[] = {
	[BAR_TOO_FAST] = "too fast to measure",
	[BAR_NOT_RUN] = "not run",
	[BAR_INVALID] = "no valid figure",
};

struct chart_fonts {
	cairo_font_face_t *face[FONT_COUNT];
	bool has_flag_glyph[FONT_COUNT];
	char *dir;		/* where they were read */
};

/* Freed by cairo with the font face, once its caches let go of it. */
struct ft_owner {
	FT_Library lib;
	FT_Face face;
};

struct gtext {
	char *s;		/* NULL: nothing to draw */
	double x, y, w;		/* left end of the baseline; advance */
	enum tstyle style;
};

struct grow {
	enum bar_kind kind;	/* BAR_INVALID too for an unusable figure */
	bool highlight;
	char *full;		/* the whole label, made valid UTF-8 */
	char *flag_full;	/* the flag text, NULL when none */
	char *change_full;	/* the change text, NULL when none */
	char *group_full;	/* the heading this row opens, NULL when none */
	struct gtext line[2];
	int nlines;
	double top, h;		/* the row's band */
	double bx, by, bw, bh;	/* the bar; bw 0 when there is none */
	bool whisker;
	double wx0, wx1, wy;
	bool expect;
	double ex;
	struct gtext mark;	/* the flag symbol of a highlighted row */
	struct gtext value;	/* the figure, or the state in words */
	struct gtext flag;	/* the flag text */
	double tx, tw;		/* symbol, figure and flag text together */
	double gtop;		/* the group heading's band, GROUP_H high */
	double rule;		/* y of the rule above the heading */
	struct gtext group;
	double ctop;		/* the change marker's band, CHANGE_H high */
	double cx0, cx1, cy;	/* its dashed line */
	struct gtext change;
};

struct chart_geom {
	double w, h;
	struct gtext title;
	bool axis;
	double px0, px1, ptop, pbot;	/* plot area */
	double step, top;
	int nticks;			/* intervals: nticks + 1 ticks */
	struct gtext *ticks;
	double *gridx;
	struct gtext caption;
	struct grow *rows;
	size_t nrows;
	struct gtext noruns;
	struct gtext *legend;
	size_t nlegend;
};

struct meter {
	cairo_scaled_font_t *sf[TS_COUNT];
	const char *flag_symbol;
};

struct measure_ctx {
	const struct meter *m;
	enum tstyle style;
};

/* A text drawn on the SVG path, and the row it belongs to (-1: none). */
struct svgtext {
	const struct gtext *t;
	long row;
};

/* What the drawing routines draw with. For the SVG, texts are collected
 * here, in drawing order, to become <text> elements, instead of being
 * drawn as glyph outlines. */
struct pen {
	cairo_t *cr;
	const struct chart_fonts *f;
	bool collect;
	long row;		/* the row being drawn, -1 outside rows */
	bool cull;		/* draw only the rows near [vis0, vis1] */
	double vis0, vis1;
	struct svgtext *texts;
	size_t ntexts, cap;
};

static cairo_font_options_t *
font_options(void)
{
	cairo_font_options_t *o = cairo_font_options_create();

	/* Unhinted metrics: PNG and SVG then share one layout. */
	cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY);
	return o;
}

static void
ft_owner_free(void *p)
{
	struct ft_owner *o = p;

	if (o->face != NULL)
		FT_Done_Face(o->face);
	FT_Done_FreeType(o->lib);
	free(o);
}

static bool
font_check(struct ft_owner *o, const char *path, char *err)
{
	if (access(path, R_OK) != 0) {
		snprintf(err, CHART_ERR_SIZE, "%s: %s (install fonts-dejavu-core "
		    "or set BENCHSITE_FONT_DIR)", path, strerror(errno));
		return false;
	}
	if (FT_New_Face(o->lib, path, 0, &o->face) != 0) {
		o->face = NULL;
		snprintf(err, CHART_ERR_SIZE, "%s: not a font FreeType reads",
		    path);
		return false;
	}
	if (o->face->family_name == NULL ||
	    strcmp(o->face->family_name, "DejaVu Sans") != 0) {
		snprintf(err, CHART_ERR_SIZE, "%s: not DejaVu Sans", path);
		return false;
	}
	return true;
}

static cairo_font_face_t *
font_open(const char *dir, const char *file, bool *has_flag, char *err)
{
	static const cairo_user_data_key_t key;
	struct ft_owner *o = xcalloc(1, sizeof *o);
	cairo_font_face_t *cf;
	char *path = xasprintf("%s/%s", dir, file);

	if (FT_Init_FreeType(&o->lib) != 0) {
		snprintf(err, CHART_ERR_SIZE, "cannot start FreeType");
		free(o);
		free(path);
		return NULL;
	}
	if (!font_check(o, path, err)) {
		ft_owner_free(o);
		free(path);
		return NULL;
	}
	free(path);
	*has_flag = FT_Get_Char_Index(o->face, MARK_FLAG_CP) != 0;
	cf = cairo_ft_font_face_create_for_ft_face(o->face, 0);
	if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS ||
	    cairo_font_face_set_user_data(cf, &key, o, ft_owner_free) !=
	    CAIRO_STATUS_SUCCESS) {
		snprintf(err, CHART_ERR_SIZE, "%s/%s: %s", dir, file,
		    cairo_status_to_string(cairo_font_face_status(cf)));
		cairo_font_face_destroy(cf);
		ft_owner_free(o);
		return NULL;
	}
	return cf;
}

struct chart_fonts *
chart_fonts_load(const char *dir, char *err)
{
	struct chart_fonts *f = xcalloc(1, sizeof *f);

	if (dir == NULL)
		dir = getenv("BENCHSITE_FONT_DIR");
	if (dir == NULL || *dir == '\0')
		dir = DEFAULT_FONT_DIR;
	f->dir = xstrdup(dir);
	for (int i = 0; i < FONT_COUNT; i++) {
		f->face[i] = font_open(dir, font_files[i],
		    &f->has_flag_glyph[i], err);
		if (f->face[i] == NULL) {
			chart_fonts_free(f);
			return NULL;
		}
	}
	return f;
}

const char *
chart_flag_symbol(const struct chart_fonts *f)
{
	for (int i = 0; i < FONT_COUNT; i++)
		if (!f->has_flag_glyph[i])
			return MARK_FLAG_ASCII;
	return MARK_FLAG;
}

void
chart_fonts_free(struct chart_fonts *f)
{
	if (f == NULL)
		return;
	for (int i = 0; i < FONT_COUNT; i++)
		if (f->face[i] != NULL)
			cairo_font_face_destroy(f->face[i]);
	free(f->dir);
	free(f);
}

const char *
chart_font_file(const struct chart_fonts *f, int k, const char **dir)
{
	*dir = f->dir;
	return k >= 0 && k < FONT_COUNT ? font_files[k] : NULL;
}

/* Text. */

/* A copy with invalid UTF-8 replaced by U+FFFD and control characters
 * by spaces: cairo refuses invalid UTF-8, and the SVG must stay XML. */
static char *
drawable_copy(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	char *out = xmalloc(n * 3 + 1);

	utf8_clean(out, s ? s : "", n, UTF8_XML_CHARS | UTF8_NO_CONTROLS);
	return out;
}

/* Appends to a malloc'd string. */
static void __attribute__((format(printf, 2, 3)))
cat(char **s, const char *fmt, ...)
{
	size_t len = *s ? strlen(*s) : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	*s = xrealloc(*s, len + (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(*s + len, (size_t)n + 1, fmt, ap);
	va_end(ap);
}

/* A figure as the charts print it (display_number): one decimal below
 * 100, whole numbers from 100 on, deciding on the rounded figure so that
 * 99.96 prints as "100"; "~" first when approx. */
static void
format_figure(char *buf, size_t size, double v, bool approx)
{
	display_number(buf, size, v, DISPLAY_FINE_BELOW, DISPLAY_ROUNDED |
	    (approx ? DISPLAY_APPROX : 0));
}

void
chart_format_tick(char *buf, size_t size, double v, double step)
{
	int dec = 0;

	for (double s = step; s < 1 - 1e-9 && dec < 9; s *= 10)
		dec++;
	snprintf(buf, size, "%.*f", dec, v);
}

void
chart_nice_axis(double max, int max_steps, double *step, double *top)
{
	static const double mult[] = { 1, 2, 5, 10 };
	double mag, n = 1;

	if (max_steps < 1)
		max_steps = 1;
	if (!(max > 0) || !isfinite(max))
		max = 1;
	mag = pow(10, floor(log10(max / max_steps)));
	for (size_t i = 0; i < sizeof mult / sizeof mult[0]; i++) {
		*step = mult[i] * mag;
		/* The epsilon keeps 0.3 / 0.1 at 3 steps. */
		n = ceil(max / *step - 1e-9);
		if (n <= max_steps)
			break;
	}
	*top = n * *step;
}

static size_t
skip_spaces(const char *s, size_t i)
{
	while (s[i] == ' ')
		i++;
	return i;
}

static char *
copy_trimmed(const char *s, size_t n)
{
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return xstrndup(s, n);
}

/* The longest start of s that fits with "…" after it, cut after a
 * character. */
static char *
elide(const char *s, double maxw, chart_measure_fn *measure, void *ctx)
{
	size_t best = 0, len = strlen(s);
	bool fits;
	char *t, *out;

	for (size_t i = utf8_next(s, len, 0); i > best;
	    i = utf8_next(s, len, i)) {
		t = xasprintf("%.*s" ELLIPSIS, (int)i, s);
		fits = measure(t, strlen(t), ctx) <= maxw;
		free(t);
		if (!fits)
			break;
		best = i;
	}
	t = copy_trimmed(s, best);
	out = xasprintf("%s" ELLIPSIS, t);
	free(t);
	return out;
}

/* Where to end a line of s no wider than maxw: at the last space, or
 * after the last '/' or '-', that fits; else after as many characters as
 * fit (at least one). */
static size_t
line_break(const char *s, double maxw, chart_measure_fn *measure, void *ctx)
{
	size_t cut = 0, end, len;

	for (size_t i = 0; s[i] != '\0'; i++) {
		if (s[i] == ' ' && i > 0)
			end = i;
		else if (s[i] == '/' || s[i] == '-')
			end = i + 1;
		else
			continue;
		if (measure(s, end, ctx) > maxw)
			break;
		cut = end;
	}
	if (cut > 0)
		return cut;
	len = strlen(s);
	cut = utf8_next(s, len, 0);
	for (size_t i = utf8_next(s, len, cut); i > cut &&
	    measure(s, i, ctx) <= maxw; i = utf8_next(s, len, i))
		cut = i;
	return cut;
}

int
chart_wrap(const char *label, double maxw, int maxlines,
    chart_measure_fn *measure, void *ctx, char **lines)
{
	const char *p = label + skip_spaces(label, 0);
	size_t cut;
	int n = 0;

	while (*p != '\0' && n < maxlines) {
		if (measure(p, strlen(p), ctx) <= maxw) {
			lines[n++] = copy_trimmed(p, strlen(p));
			break;
		}
		if (n == maxlines - 1) {
			lines[n++] = elide(p, maxw, measure, ctx);
			break;
		}
		cut = line_break(p, maxw, measure, ctx);
		lines[n++] = copy_trimmed(p, cut);
		p += skip_spaces(p, cut);
	}
	return n;
}

/* Measuring. */

static void
meter_init(struct meter *m, const struct chart_fonts *f)
{
	cairo_font_options_t *o = font_options();
	cairo_matrix_t fm, ctm;

	cairo_matrix_init_identity(&ctm);
	for (int i = 0; i < TS_COUNT; i++) {
		cairo_matrix_init_scale(&fm, tstyles[i].size, tstyles[i].size);
		m->sf[i] = cairo_scaled_font_create(f->face[tstyles[i].font],
		    &fm, &ctm, o);
	}
	m->flag_symbol = chart_flag_symbol(f);
	cairo_font_options_destroy(o);
}

static void
meter_free(struct meter *m)
{
	for (int i = 0; i < TS_COUNT; i++)
		cairo_scaled_font_destroy(m->sf[i]);
}

static double
measure_n(const char *s, size_t n, void *ctx)
{
	const struct measure_ctx *mc = ctx;
	cairo_text_extents_t te;
	char *t = xstrndup(s, n);

	cairo_scaled_font_text_extents(mc->m->sf[mc->style], t, &te);
	free(t);
	return te.x_advance;
}

static double
measure(const struct meter *m, enum tstyle style, const char *s)
{
	struct measure_ctx mc = { m, style };

	return measure_n(s, strlen(s), &mc);
}

static int
wrap(const struct meter *m, enum tstyle style, const char *s, double maxw,
    int maxlines, char **lines)
{
	struct measure_ctx mc = { m, style };

	return chart_wrap(s, maxw, maxlines, measure_n, &mc, lines);
}

/* Sets t to s (taken over) with its left end at x. */
static void
text_at(struct gtext *t, const struct meter *m, enum tstyle style, char *s,
    double x, double y)
{
	t->s = s;
	t->style = style;
	t->w = measure(m, style, s);
	t->x = x;
	t->y = y;
}

/* The baseline that centres a line of style on y. */
static double
mid_baseline(double y, enum tstyle style)
{
	return y + 0.36 * tstyles[style].size;
}

/* Layout. */

static double
layout_title(struct chart_geom *g, const struct meter *m, const char *title)
{
	char *clean = drawable_copy(title), *line = NULL;
	double y = PAD + 12;

	if (wrap(m, TS_TITLE, clean, g->w - 2 * PAD, 1, &line) == 1)
		text_at(&g->title, m, TS_TITLE, line, PAD, y);
	free(clean);
	return y + 16;
}

static bool
expect_ok(const struct chart_bar *b)
{
	return b->has_expect && isfinite(b->expect) && b->expect >= 0;
}

/* Makes the bar's figures usable: a negative or non-finite value, or
 * whiskers that do not make sense, are not drawn. */
static void
row_kind(struct grow *r, const struct chart_bar *b)
{
	r->kind = b->kind;
	if (b->kind == BAR_VALUE && (!isfinite(b->value) || b->value < 0))
		r->kind = BAR_INVALID;
	r->whisker = r->kind == BAR_VALUE && b->has_range &&
	    isfinite(b->min) && isfinite(b->max) && b->min >= 0 &&
	    b->min <= b->max;
	r->expect = expect_ok(b);
	r->highlight = b->highlight;
}

/* s made valid UTF-8 without the spaces around it, or NULL when that
 * leaves nothing. */
static char *
clean_opt(const char *s)
{
	char *c, *t;

	if (s == NULL)
		return NULL;
	c = drawable_copy(s);
	t = copy_trimmed(c + skip_spaces(c, 0), strlen(c + skip_spaces(c, 0)));
	free(c);
	if (t[0] == '\0') {
		free(t);
		return NULL;
	}
	return t;
}

/* Label lines, the flag symbol, value and flag texts, with widths;
 * positions come later. */
static void
row_texts(struct grow *r, const struct chart_bar *b, const struct meter *m,
    double maxw)
{
	char *lines[2], buf[64];

	row_kind(r, b);
	r->full = drawable_copy(b->label);
	r->nlines = wrap(m, TS_LABEL, r->full, maxw, 2, lines);
	for (int i = 0; i < r->nlines; i++)
		text_at(&r->line[i], m, TS_LABEL, lines[i], 0, 0);
	if (r->highlight)
		text_at(&r->mark, m, TS_FLAGGED, xstrdup(m->flag_symbol), 0, 0);
	if (r->kind == BAR_VALUE) {
		format_figure(buf, sizeof buf, b->value, b->approx);
		text_at(&r->value, m, r->highlight ? TS_FLAGGED : TS_VALUE,
		    xstrdup(buf), 0, 0);
	} else
		text_at(&r->value, m, TS_STATE, xstrdup(state_texts[r->kind]),
		    0, 0);
	if ((r->flag_full = clean_opt(b->flag_text)) != NULL)
		text_at(&r->flag, m, TS_FLAGNOTE, xstrdup(r->flag_full), 0, 0);
	r->change_full = clean_opt(b->change);
}

/* Width of symbol, figure and flag text as they stand. */
static double
tail_width(const struct grow *r)
{
	double w = r->value.w;

	if (r->mark.s != NULL)
		w += r->mark.w + MARK_GAP;
	if (r->flag.s != NULL)
		w += FLAG_GAP + r->flag.w;
	return w;
}

/* Puts symbol, figure and flag text in a row from x. */
static void
place_tail(struct grow *r, double x)
{
	r->tx = x;
	r->tw = tail_width(r);
	if (r->mark.s != NULL) {
		r->mark.x = x;
		x += r->mark.w + MARK_GAP;
	}
	r->value.x = x;
	r->flag.x = x + r->value.w + FLAG_GAP;
}

static double
xpos(const struct chart_geom *g, double v)
{
	return g->px0 + v / g->top * (g->px1 - g->px0);
}

static double
data_max(const struct grow *rows, const struct chart_bar *bars, size_t n)
{
	double max = 0;

	for (size_t i = 0; i < n; i++) {
		if (rows[i].kind == BAR_VALUE)
			max = fmax(max, bars[i].value);
		if (rows[i].whisker)
			max = fmax(max, bars[i].max);
		if (rows[i].expect)
			max = fmax(max, bars[i].expect);
	}
	return max;
}

static double
widest_tick(const struct meter *m, double step, double top)
{
	char buf[64];
	double w = 0;

	for (long i = 0; i <= lround(top / step); i++) {
		chart_format_tick(buf, sizeof buf, i * step, step);
		w = fmax(w, measure(m, TS_TICK, buf));
	}
	return w;
}

/* As many ticks as the plot width holds without their labels touching. */
static void
layout_axis(struct chart_geom *g, const struct meter *m, double max)
{
	double plotw = g->px1 - g->px0, y = g->pbot + 15;
	int steps = (int)fmax(2, fmin(10, plotw / 64));
	char buf[64];

	for (;;) {
		chart_nice_axis(max, steps, &g->step, &g->top);
		g->nticks = (int)lround(g->top / g->step);
		if (g->nticks <= 1 || plotw / g->nticks >=
		    widest_tick(m, g->step, g->top) + 14)
			break;
		steps = g->nticks - 1;
	}
	g->axis = true;
	g->ticks = xcalloc((size_t)g->nticks + 1, sizeof *g->ticks);
	g->gridx = xcalloc((size_t)g->nticks + 1, sizeof *g->gridx);
	for (int i = 0; i <= g->nticks; i++) {
		/* Grid lines on half units are crisp at 1x and 2x. */
		g->gridx[i] = floor(xpos(g, i * g->step)) + 0.5;
		chart_format_tick(buf, sizeof buf, i * g->step, g->step);
		text_at(&g->ticks[i], m, TS_TICK, xstrdup(buf), 0, y);
		g->ticks[i].x = xpos(g, i * g->step) - g->ticks[i].w / 2;
	}
}

static void
place_row(const struct chart_geom *g, struct grow *r,
    const struct chart_bar *b)
{
	double cy = r->top + r->h / 2, lx = g->px0 - GAP, end, x, tw;

	for (int i = 0; i < r->nlines; i++) {
		r->line[i].x = lx - r->line[i].w;
		r->line[i].y = mid_baseline(cy + (r->nlines == 1 ? 0 :
		    (i - 0.5) * LINE_H), TS_LABEL);
	}
	r->bx = g->px0;
	r->by = cy - BAR_H / 2;
	r->bh = BAR_H;
	if (r->kind == BAR_VALUE)
		r->bw = xpos(g, b->value) - g->px0;
	else if (r->kind == BAR_TOO_FAST)
		r->bw = g->px1 - g->px0;
	end = r->kind == BAR_VALUE ? r->bx + r->bw : g->px0;
	if (r->whisker) {
		r->wx0 = xpos(g, b->min);
		r->wx1 = xpos(g, b->max);
		r->wy = cy;
		end = fmax(end, r->wx1);
	}
	x = r->kind == BAR_TOO_FAST ? g->px0 + 12 : end + TAIL_GAP;
	tw = tail_width(r);
	if (r->expect) {
		r->ex = xpos(g, b->expect);
		/* The marker would strike through the figure. */
		if (r->kind != BAR_TOO_FAST && r->ex > x - 4 &&
		    r->ex < x + tw + 4)
			x = r->ex + TAIL_GAP;
	}
	place_tail(r, x);
	r->mark.y = r->value.y = r->flag.y = mid_baseline(cy, TS_VALUE);
}

static const char *
axis_caption(const char *unit)
{
	return strcmp(unit, "/s") == 0 ? "operations per second" : unit;
}

static void
axis_free(struct chart_geom *g)
{
	for (int i = 0; g->ticks != NULL && i <= g->nticks; i++)
		free(g->ticks[i].s);
	free(g->ticks);
	free(g->gridx);
	g->ticks = NULL;
	g->gridx = NULL;
}

/* Where the figures of a row may end. */
static double
tail_limit(const struct chart_geom *g)
{
	return g->w - PAD - 2;
}

/* The right end of the plot that lets every row's symbol, figure and
 * flag text end inside the chart, as far as a narrower plot helps (not
 * for a row whose figures do not follow a bar); g->px1 when they all
 * fit. */
static double
fitting_px1(const struct chart_geom *g)
{
	double right = tail_limit(g), px1 = g->px1, a;

	for (size_t i = 0; i < g->nrows; i++) {
		const struct grow *r = &g->rows[i];

		if (r->tx + r->tw <= right + 0.01 || r->kind == BAR_TOO_FAST)
			continue;
		/* The figures follow a point a of the way along the plot. */
		a = (r->tx - TAIL_GAP - g->px0) / (g->px1 - g->px0);
		if (a > 1e-6)
			px1 = fmin(px1, g->px0 +
			    (right - TAIL_GAP - r->tw - g->px0) / a);
	}
	return px1;
}

/* Flag texts that still run off the chart lose their end. */
static void
fit_flags(struct chart_geom *g, const struct meter *m)
{
	struct measure_ctx mc = { m, TS_FLAGNOTE };
	double right = tail_limit(g), room;

	for (size_t i = 0; i < g->nrows; i++) {
		struct grow *r = &g->rows[i];

		if (r->flag.s == NULL || r->flag.x + r->flag.w <= right + 0.01)
			continue;
		room = right - r->flag.x;
		free(r->flag.s);
		r->flag.s = NULL;
		r->flag.w = 0;
		if (room >= measure(m, TS_FLAGNOTE, "x" ELLIPSIS))
			text_at(&r->flag, m, TS_FLAGNOTE, elide(r->flag_full,
			    room, measure_n, &mc), r->flag.x, r->flag.y);
		r->tw = tail_width(r);
	}
}

/* The rows' bands from y down: a group heading where the group changes,
 * a change marker where there is one, then the bar. Returns the end. */
static double
layout_bands(struct chart_geom *g, const struct chart *c, double y,
    double pitch)
{
	const char *prev = NULL;

	for (size_t i = 0; i < c->nbars; i++) {
		struct grow *r = &g->rows[i];
		const char *grp = c->bars[i].group;

		if (grp != NULL && (prev == NULL || strcmp(grp, prev) != 0) &&
		    (r->group_full = clean_opt(grp)) != NULL) {
			r->gtop = y;
			y += GROUP_H;
		}
		prev = grp;
		if (r->change_full != NULL) {
			r->ctop = y;
			y += CHANGE_H;
		}
		r->top = y;
		r->h = pitch;
		y += pitch;
	}
	return y;
}

/* A heading across the chart with a rule above it. */
static void
place_group(const struct chart_geom *g, struct grow *r,
    const struct meter *m)
{
	char *line = NULL;

	r->rule = floor(r->gtop + 5) + 0.5;
	if (wrap(m, TS_GROUP, r->group_full, g->w - 2 * PAD, 1, &line) == 1)
		text_at(&r->group, m, TS_GROUP, line, PAD,
		    mid_baseline(r->gtop + 16, TS_GROUP));
}

/* The change text at the right end, a dashed line across the plot up
 * to it; a long text is elided so that some line stays. */
static void
place_change(const struct chart_geom *g, struct grow *r,
    const struct meter *m)
{
	double right = g->w - PAD, x0 = g->px0, maxw;
	char *line = NULL;

	maxw = right - x0 - CHANGE_MIN_LINE - 6;
	if (maxw < 80) {
		x0 = PAD;
		maxw = right - x0 - CHANGE_MIN_LINE - 6;
	}
	r->cy = floor(r->ctop + CHANGE_H / 2) + 0.5;
	r->cx0 = x0;
	r->cx1 = right;
	if (wrap(m, TS_CHANGE, r->change_full, maxw, 1, &line) == 1) {
		text_at(&r->change, m, TS_CHANGE, line, 0,
		    mid_baseline(r->cy, TS_CHANGE));
		r->change.x = right - r->change.w;
		r->cx1 = r->change.x - 6;
	}
}

static double
layout_bars(struct chart_geom *g, const struct meter *m,
    const struct chart *c, double y)
{
	double colw = 0, vroom = 0, pitch = ROW_H1, px1, minpx1, p;
	double maxw = floor(g->w * LABEL_FRAC) - PAD;
	char *unit;

	g->nrows = c->nbars;
	g->rows = xcalloc(c->nbars, sizeof *g->rows);
	for (size_t i = 0; i < c->nbars; i++) {
		struct grow *r = &g->rows[i];

		row_texts(r, &c->bars[i], m, maxw);
		for (int j = 0; j < r->nlines; j++)
			colw = fmax(colw, r->line[j].w);
		if (r->kind == BAR_VALUE)
			vroom = fmax(vroom, r->value.w);
		if (r->nlines > 1)
			pitch = ROW_H2;
	}
	g->ptop = y;
	g->pbot = layout_bands(g, c, y, pitch);
	g->px0 = ceil(PAD + colw + GAP);
	/* Room for any figure after a full bar; flag symbols and texts
	 * narrow the plot where they would run off the chart, by a quarter
	 * at most: a long flag text is elided rather than squeeze the
	 * bars. */
	px1 = fmax(g->w - PAD - fmax(vroom + 8, 24), g->px0 + 40);
	minpx1 = fmax(g->px0 + (px1 - g->px0) * (1 - MAX_NARROWING),
	    g->px0 + 40);
	for (int k = 0;; k++) {
		g->px1 = px1;
		layout_axis(g, m, data_max(g->rows, c->bars, c->nbars));
		for (size_t i = 0; i < c->nbars; i++)
			place_row(g, &g->rows[i], &c->bars[i]);
		p = fitting_px1(g);
		if (p >= g->px1 || k == FIT_ROUNDS - 1)
			break;
		px1 = fmax(floor(p), minpx1);
		if (px1 >= g->px1)
			break;
		axis_free(g);
	}
	fit_flags(g, m);
	for (size_t i = 0; i < c->nbars; i++) {
		if (g->rows[i].group_full != NULL)
			place_group(g, &g->rows[i], m);
		if (g->rows[i].change_full != NULL)
			place_change(g, &g->rows[i], m);
	}
	unit = drawable_copy(c->unit);
	text_at(&g->caption, m, TS_TICK, xstrdup(axis_caption(unit)), 0,
	    g->pbot + 31);
	g->caption.x = (g->px0 + g->px1 - g->caption.w) / 2;
	free(unit);
	return g->caption.y;
}

static double
layout_empty(struct chart_geom *g, const struct meter *m, double y)
{
	text_at(&g->noruns, m, TS_STATE, xstrdup("no runs"), PAD,
	    mid_baseline(y + 12, TS_STATE));
	return g->noruns.y + 4;
}

/* The note's paragraphs (split at newlines), then what the marks mean,
 * each said once however many bars carry it: side by side while they
 * fit in maxw, a mark's words never split over two lines. */
static char **
legend_paragraphs(const struct chart *c, const struct meter *m, double maxw,
    size_t *n)
{
	const char *s = c->note ? c->note : "", *nl;
	char **v = NULL, *raw, *marks = NULL, *said[3], *t;
	size_t cap = 0, nsaid = 0;
	bool approx = false, expect = false, flagged = false;

	*n = 0;
	for (; *s != '\0'; s = *nl ? nl + 1 : nl) {
		nl = s + strcspn(s, "\n");
		raw = xstrndup(s, (size_t)(nl - s));
		xgrow((void **)&v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = drawable_copy(raw);
		free(raw);
	}
	for (size_t i = 0; i < c->nbars; i++) {
		approx |= c->bars[i].kind == BAR_VALUE && c->bars[i].approx;
		expect |= expect_ok(&c->bars[i]);
		flagged |= c->bars[i].highlight;
	}
	if (approx)
		said[nsaid++] = xstrdup("~ = the input gave this figure with "
		    "reduced precision.");
	if (expect)
		said[nsaid++] = xstrdup(MARK_EXPECT " = the run's expected "
		    "value.");
	if (flagged)
		said[nsaid++] = xasprintf("%s and stripes = flagged by the "
		    "analysis.", m->flag_symbol);
	for (size_t i = 0; i < nsaid; i++) {
		t = marks ? xasprintf("%s  %s", marks, said[i]) : NULL;
		if (t != NULL && measure(m, TS_NOTE, t) <= maxw) {
			free(marks);
			marks = t;
		} else {
			free(t);
			if (marks != NULL) {
				xgrow((void **)&v, &cap, *n + 1, sizeof *v);
				v[(*n)++] = marks;
			}
			marks = xstrdup(said[i]);
		}
		free(said[i]);
	}
	if (marks != NULL) {
		xgrow((void **)&v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = marks;
	}
	return v;
}

static double
layout_legend(struct chart_geom *g, const struct meter *m,
    const struct chart *c, double y)
{
	char **paras, *lines[MAX_LEGEND_LINES];
	size_t np, cap = 0;
	int nl;

	paras = legend_paragraphs(c, m, g->w - 2 * PAD, &np);
	y += 8;
	for (size_t i = 0; i < np; i++) {
		nl = wrap(m, TS_NOTE, paras[i], g->w - 2 * PAD,
		    MAX_LEGEND_LINES, lines);
		xgrow((void **)&g->legend, &cap, g->nlegend + (size_t)nl,
		    sizeof *g->legend);
		for (int j = 0; j < nl; j++) {
			y += LEGEND_LINE_H;
			text_at(&g->legend[g->nlegend++], m, TS_NOTE, lines[j],
			    PAD, y);
		}
		free(paras[i]);
	}
	free(paras);
	return y;
}

struct chart_geom *
chart_layout(const struct chart *c, const struct chart_fonts *f,
    double width)
{
	struct chart_geom *g = xcalloc(1, sizeof *g);
	struct meter m;
	double y;

	meter_init(&m, f);
	g->w = width;
	y = layout_title(g, &m, c->title);
	if (c->nbars == 0)
		y = layout_empty(g, &m, y);
	else
		y = layout_bars(g, &m, c, y);
	y = layout_legend(g, &m, c, y);
	g->h = ceil(y + PAD - 4);
	meter_free(&m);
	return g;
}

double
chart_geom_height(const struct chart_geom *g)
{
	return g->h;
}

void
chart_geom_free(struct chart_geom *g)
{
	if (g == NULL)
		return;
	free(g->title.s);
	axis_free(g);
	free(g->caption.s);
	for (size_t i = 0; i < g->nrows; i++) {
		struct grow *r = &g->rows[i];

		free(r->full);
		free(r->flag_full);
		free(r->change_full);
		free(r->group_full);
		for (int j = 0; j < r->nlines; j++)
			free(r->line[j].s);
		free(r->mark.s);
		free(r->value.s);
		free(r->flag.s);
		free(r->group.s);
		free(r->change.s);
	}
	free(g->rows);
	free(g->noruns.s);
	for (size_t i = 0; i < g->nlegend; i++)
		free(g->legend[i].s);
	free(g->legend);
	free(g);
}

/* Drawing. */

static void
set_rgb(cairo_t *cr, unsigned rgb)
{
	cairo_set_source_rgb(cr, (rgb >> 16) / 255.0,
	    ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

static void
draw_text(struct pen *p, const struct gtext *t)
{
	cairo_t *cr = p->cr;

	if (t->s == NULL || t->s[0] == '\0')
		return;
	if (p->collect) {
		xgrow((void **)&p->texts, &p->cap, p->ntexts + 1,
		    sizeof *p->texts);
		p->texts[p->ntexts++] = (struct svgtext){ t, p->row };
		return;
	}
	cairo_set_font_face(cr, p->f->face[tstyles[t->style].font]);
	cairo_set_font_size(cr, tstyles[t->style].size);
	set_rgb(cr, tstyles[t->style].rgb);
	cairo_move_to(cr, t->x, t->y);
	cairo_show_text(cr, t->s);
}

/* A vertical line at x from the top to the bottom of the plot, broken
 * where a group heading runs across it. */
static void
plot_vline(cairo_t *cr, const struct chart_geom *g, double x, double bottom)
{
	double y = g->ptop;

	for (size_t i = 0; i < g->nrows; i++) {
		const struct grow *r = &g->rows[i];

		if (r->group_full == NULL)
			continue;
		if (r->gtop > y) {
			cairo_move_to(cr, x, y);
			cairo_line_to(cr, x, r->gtop);
		}
		y = r->gtop + GROUP_H;
	}
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x, bottom);
}

static void
draw_grid(cairo_t *cr, const struct chart_geom *g)
{
	cairo_set_line_width(cr, 1);
	set_rgb(cr, RGB_GRID);
	for (int i = 1; i <= g->nticks; i++)
		plot_vline(cr, g, g->gridx[i], g->pbot);
	cairo_stroke(cr);
}

static void
draw_axis(cairo_t *cr, const struct chart_geom *g)
{
	cairo_set_line_width(cr, 1);
	set_rgb(cr, RGB_AXIS);
	plot_vline(cr, g, g->px0 - 0.5, g->pbot);
	cairo_move_to(cr, g->px0 - 1, g->pbot + 0.5);
	cairo_line_to(cr, g->px1, g->pbot + 0.5);
	cairo_stroke(cr);
}

static void
draw_group(struct pen *p, const struct chart_geom *g, const struct grow *r)
{
	cairo_t *cr = p->cr;

	cairo_set_line_width(cr, 1);
	set_rgb(cr, RGB_RULE);
	cairo_move_to(cr, PAD, r->rule);
	cairo_line_to(cr, g->w - PAD, r->rule);
	cairo_stroke(cr);
	draw_text(p, &r->group);
}

static void
draw_change(struct pen *p, const struct grow *r)
{
	static const double dash[] = { 5, 3 };
	const struct gtext *t = &r->change;
	cairo_t *cr = p->cr;

	if (t->s != NULL) {
		/* Grid lines stop short of the text. */
		set_rgb(cr, 0xffffff);
		cairo_rectangle(cr, t->x - 4, r->ctop + 1, t->w + 8,
		    CHANGE_H - 2);
		cairo_fill(cr);
	}
	cairo_set_line_width(cr, 1);
	cairo_set_dash(cr, dash, 2, 0);
	set_rgb(cr, RGB_CHANGE);
	cairo_move_to(cr, r->cx0, r->cy);
	cairo_line_to(cr, r->cx1, r->cy);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	draw_text(p, t);
}

/* A flagged bar: the warning colour with dark stripes, so it stands out
 * in grey print and to colour-blind eyes too. */
static void
draw_flagged_bar(cairo_t *cr, const struct grow *r)
{
	cairo_save(cr);
	cairo_rectangle(cr, r->bx, r->by, r->bw, r->bh);
	set_rgb(cr, RGB_FLAGGED);
	cairo_fill_preserve(cr);
	cairo_clip(cr);
	set_rgb(cr, RGB_STRIPE);
	cairo_set_line_width(cr, 2);
	for (double d = 0; d < r->bw + r->bh; d += 6) {
		cairo_move_to(cr, r->bx + d - r->bh, r->by);
		cairo_line_to(cr, r->bx + d, r->by + r->bh);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Too fast to measure: grey hatching over the whole axis with a dashed
 * edge, so it never reads as a figure, least of all as zero. */
static void
draw_hatch(cairo_t *cr, const struct grow *r)
{
	static const double dash[] = { 4, 3 };
	cairo_save(cr);
	cairo_rectangle(cr, r->bx, r->by, r->bw, r->bh);
	set_rgb(cr, RGB_HATCH_BG);
	cairo_fill_preserve(cr);
	cairo_clip(cr);
	set_rgb(cr, RGB_HATCH);
	cairo_set_line_width(cr, 1);
	for (double d = -r->bh; d < r->bw; d += 6) {
		cairo_move_to(cr, r->bx + d, r->by + r->bh);
		cairo_line_to(cr, r->bx + d + r->bh, r->by);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	/* Set here, not left from whatever the row above drew last. */
	cairo_set_line_width(cr, 1);
	cairo_set_dash(cr, dash, 2, 0);
	set_rgb(cr, RGB_HATCH_EDGE);
	cairo_rectangle(cr, r->bx + 0.5, r->by + 0.5, r->bw - 1, r->bh - 1);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	set_rgb(cr, 0xffffff);
	cairo_rectangle(cr, r->tx - 6, r->by + 3, r->tw + 12, r->bh - 6);
	cairo_fill(cr);
}

static void
draw_whisker(cairo_t *cr, const struct grow *r)
{
	double cap = 5;

	cairo_set_line_width(cr, 1.25);
	set_rgb(cr, RGB_WHISKER);
	cairo_move_to(cr, r->wx0, r->wy);
	cairo_line_to(cr, r->wx1, r->wy);
	cairo_move_to(cr, r->wx0, r->wy - cap);
	cairo_line_to(cr, r->wx0, r->wy + cap);
	cairo_move_to(cr, r->wx1, r->wy - cap);
	cairo_line_to(cr, r->wx1, r->wy + cap);
	cairo_stroke(cr);
}

static void
draw_expect(cairo_t *cr, const struct grow *r)
{
	set_rgb(cr, RGB_EXPECT);
	cairo_set_line_width(cr, 1.5);
	cairo_move_to(cr, r->ex, r->by - 1);
	cairo_line_to(cr, r->ex, r->by + r->bh + 3);
	cairo_stroke(cr);
	cairo_move_to(cr, r->ex - 4, r->by - 6);
	cairo_line_to(cr, r->ex + 4, r->by - 6);
	cairo_line_to(cr, r->ex, r->by);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void
draw_row(struct pen *p, const struct grow *r)
{
	cairo_t *cr = p->cr;

	if (r->kind == BAR_VALUE && r->bw > 0 && r->highlight)
		draw_flagged_bar(cr, r);
	else if (r->kind == BAR_VALUE && r->bw > 0) {
		set_rgb(cr, RGB_BAR);
		cairo_rectangle(cr, r->bx, r->by, r->bw, r->bh);
		cairo_fill(cr);
	} else if (r->kind == BAR_TOO_FAST)
		draw_hatch(cr, r);
	if (r->whisker)
		draw_whisker(cr, r);
	if (r->expect)
		draw_expect(cr, r);
	for (int i = 0; i < r->nlines; i++)
		draw_text(p, &r->line[i]);
	draw_text(p, &r->mark);
	draw_text(p, &r->value);
	draw_text(p, &r->flag);
}

/* Whether row r may touch the part of the chart p draws: its bands
 * (heading, change marker, bar), widened by more than any of its marks
 * or glyphs reaches out of them (a target's marker, the farthest, by 1
 * unit; the rest is for antialiasing). A strip of a PNG skips the rows
 * it cannot show instead of having cairo clip them away; the pixel
 * tests draw whole charts without it to compare. */
#define CULL_MARGIN	6.0

static bool
row_visible(const struct pen *p, const struct grow *r)
{
	double top = r->group_full ? r->gtop : r->change_full ? r->ctop :
	    r->top;

	return !p->cull || (top - CULL_MARGIN < p->vis1 &&
	    r->top + r->h + CULL_MARGIN > p->vis0);
}

/* Whatever this draws, strip_key must hash. */
static void
draw_chart(struct pen *p, const struct chart_geom *g)
{
	cairo_font_options_t *o = font_options();
	cairo_t *cr = p->cr;

	cairo_save(cr);
	cairo_set_font_options(cr, o);
	cairo_font_options_destroy(o);
	set_rgb(cr, 0xffffff);
	cairo_rectangle(cr, 0, 0, g->w, g->h);
	cairo_fill(cr);
	draw_text(p, &g->title);
	if (g->axis)
		draw_grid(cr, g);
	for (size_t i = 0; i < g->nrows; i++) {
		if (!row_visible(p, &g->rows[i]))
			continue;
		p->row = -1;
		if (g->rows[i].group_full != NULL)
			draw_group(p, g, &g->rows[i]);
		p->row = (long)i;
		if (g->rows[i].change_full != NULL)
			draw_change(p, &g->rows[i]);
		draw_row(p, &g->rows[i]);
	}
	p->row = -1;
	if (g->axis) {
		draw_axis(cr, g);
		for (int i = 0; i <= g->nticks; i++)
			draw_text(p, &g->ticks[i]);
		draw_text(p, &g->caption);
	}
	draw_text(p, &g->noruns);
	for (size_t i = 0; i < g->nlegend; i++)
		draw_text(p, &g->legend[i]);
	cairo_restore(cr);
}

void
chart_draw(cairo_t *cr, const struct chart *c, const struct chart_geom *g,
    const struct chart_fonts *f)
{
	struct pen p = { .cr = cr, .f = f, .row = -1 };

	draw_chart(&p, g);
}

/* The dump. */

static void
dump_text(FILE *fp, const char *what, const struct gtext *t)
{
	if (t->s != NULL)
		fprintf(fp, "%s \"%s\" at %.1f,%.1f w %.1f\n", what, t->s,
		    t->x, t->y, t->w);
}

static void
dump_row(FILE *fp, size_t i, const struct grow *r)
{
	if (r->group_full != NULL) {
		fprintf(fp, "group band %.1f+%.1f rule %.1f\n", r->gtop,
		    GROUP_H, r->rule);
		dump_text(fp, "  heading", &r->group);
	}
	if (r->change_full != NULL) {
		fprintf(fp, "change band %.1f+%.1f line %.1f-%.1f at %.1f\n",
		    r->ctop, CHANGE_H, r->cx0, r->cx1, r->cy);
		dump_text(fp, "  text", &r->change);
	}
	fprintf(fp, "row %zu %s%s band %.1f+%.1f\n", i + 1,
	    kind_names[r->kind], r->highlight ? " highlight" : "", r->top,
	    r->h);
	for (int j = 0; j < r->nlines; j++)
		dump_text(fp, "  label", &r->line[j]);
	if (r->bw > 0)
		fprintf(fp, "  bar %.1f,%.1f %.1fx%.1f%s\n", r->bx, r->by,
		    r->bw, r->bh, r->kind == BAR_VALUE && r->highlight ?
		    " striped" : "");
	if (r->whisker)
		fprintf(fp, "  whisker %.1f-%.1f at %.1f\n", r->wx0, r->wx1,
		    r->wy);
	if (r->expect)
		fprintf(fp, "  expect %.1f\n", r->ex);
	dump_text(fp, "  mark", &r->mark);
	dump_text(fp, "  text", &r->value);
	dump_text(fp, "  flag", &r->flag);
}

void
chart_dump(FILE *fp, const struct chart *c, const struct chart_geom *g)
{
	char step[64], top[64];

	fprintf(fp, "chart %.1fx%.1f\n", g->w, g->h);
	dump_text(fp, "title", &g->title);
	if (g->axis) {
		chart_format_tick(step, sizeof step, g->step, g->step);
		chart_format_tick(top, sizeof top, g->top, g->step);
		fprintf(fp, "axis 0 to %s step %s plot %.1f-%.1f x %.1f-%.1f\n",
		    top, step, g->px0, g->px1, g->ptop, g->pbot);
		for (int i = 0; i <= g->nticks; i++) {
			dump_text(fp, "tick", &g->ticks[i]);
			fprintf(fp, "  grid %.1f\n", g->gridx[i]);
		}
		dump_text(fp, "caption", &g->caption);
	}
	for (size_t i = 0; i < g->nrows; i++)
		dump_row(fp, i, &g->rows[i]);
	dump_text(fp, "empty", &g->noruns);
	for (size_t i = 0; i < g->nlegend; i++)
		dump_text(fp, "legend", &g->legend[i]);
}

/* SVG and PNG. */

/* Collects what a cairo surface writes into a struct buf. */
static cairo_status_t
buf_write(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

/* Draws on s with p (its cr set here) and flushes it; returns 0, or -1
 * with err. */
static int
render(cairo_surface_t *s, double scale, const struct chart *c,
    const struct chart_geom *g, struct pen *p, char *err)
{
	cairo_status_t st = cairo_surface_status(s);
	cairo_t *cr;

	if (st == CAIRO_STATUS_SUCCESS) {
		cr = cairo_create(s);
		cairo_scale(cr, scale, scale);
		p->cr = cr;
		draw_chart(p, g);
		p->cr = NULL;
		/* Errors of a cairo_t do not reach its surface. */
		st = cairo_status(cr);
		cairo_destroy(cr);
	}
	cairo_surface_flush(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, CHART_ERR_SIZE, "cannot draw the chart \"%s\": "
		    "%s", c->title ? c->title : "", cairo_status_to_string(st));
		return -1;
	}
	return 0;
}

static void
bar_figure(char **s, const struct grow *r, const struct chart_bar *b,
    const char *unit)
{
	char v[64];

	if (r->kind != BAR_VALUE) {
		cat(s, "%s", state_texts[r->kind]);
		return;
	}
	format_figure(v, sizeof v, b->value, b->approx);
	cat(s, "%s%s%s", v, unit[0] == '/' || unit[0] == '\0' ? "" : " ",
	    unit);
}

/* "label: 55.7 MiB/s (3 samples, 52.0-57.1, flagged: -25%); change:
 * scheduler: cfq -> anticipatory" */
static char *
desc_line(const struct grow *r, const struct chart_bar *b, const char *unit)
{
	char *s = NULL, lo[64], hi[64];
	const char *sep = " (";

	cat(&s, "%s: ", r->full);
	bar_figure(&s, r, b, unit);
	if (b->nsamples > 0) {
		cat(&s, "%s%d sample%s", sep, b->nsamples,
		    b->nsamples == 1 ? "" : "s");
		sep = ", ";
	}
	if (r->whisker) {
		format_figure(lo, sizeof lo, b->min, false);
		format_figure(hi, sizeof hi, b->max, false);
		cat(&s, "%s%s-%s", sep, lo, hi);
		sep = ", ";
	}
	if (r->expect) {
		format_figure(lo, sizeof lo, b->expect, false);
		cat(&s, "%sexpected %s%s%s", sep, lo,
		    unit[0] == '/' || unit[0] == '\0' ? "" : " ", unit);
		sep = ", ";
	}
	if (r->highlight || r->flag_full != NULL) {
		cat(&s, "%s%s%s%s", sep, r->highlight ? "flagged" : "",
		    r->highlight && r->flag_full ? ": " : "",
		    r->flag_full ? r->flag_full : "");
		sep = ", ";
	}
	if (sep[0] == ',')
		cat(&s, ")");
	if (r->change_full != NULL)
		cat(&s, "; change: %s", r->change_full);
	return s;
}

static xmlNodePtr
svg_node(xmlNodePtr root, const char *name, const char *text)
{
	xmlNodePtr n = xmlNewDocNode(root->doc, root->ns, X(name), NULL);

	if (text != NULL)
		xmlAddChild(n, xmlNewDocText(root->doc, X(text)));
	return n;
}

static void
set_num(xmlNodePtr n, const char *name, double v)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%.1f", v);
	xmlSetProp(n, X(name), X(buf));
}

/* cairo numbers its root group with a counter of the whole process, so
 * the same chart would differ from process to process. */
static void
drop_surface_ids(xmlNodePtr n)
{
	xmlAttrPtr a;
	xmlChar *v;

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if ((a = xmlHasProp(n, X("id"))) != NULL) {
			v = xmlNodeGetContent((xmlNodePtr)a);
			if (v != NULL && strncmp((const char *)v, "surface", 7) == 0)
				xmlRemoveProp(a);
			xmlFree(v);
		}
		drop_surface_ids(n->children);
	}
}

/* A number for an attribute: at most two decimals, no trailing zeros. */
static void
set_len(xmlNodePtr n, const char *name, double v)
{
	char buf[64];
	size_t len;

	snprintf(buf, sizeof buf, "%.2f", v);
	len = strlen(buf);
	while (buf[len - 1] == '0')
		buf[--len] = '\0';
	if (buf[len - 1] == '.')
		buf[--len] = '\0';
	xmlSetProp(n, X(name), X(strcmp(buf, "-0") == 0 ? "0" : buf));
}

static void
set_rgb_attr(xmlNodePtr n, const char *name, unsigned rgb)
{
	char buf[8];

	snprintf(buf, sizeof buf, "#%06x", rgb & 0xffffff);
	xmlSetProp(n, X(name), X(buf));
}

/* What the <g> around the texts says once; texts say what differs. */
#define TEXT_FAMILY	"'DejaVu Sans', Verdana, sans-serif"
#define TEXT_SIZE	12.0
#define TEXT_RGB	0x262626

/* A text where cairo would have drawn it: left end of the baseline at
 * x, y, as long as cairo measured it (textLength), so that another font
 * where DejaVu Sans is missing keeps the layout. */
static void
add_text(xmlNodePtr parent, const struct gtext *t)
{
	xmlNodePtr n = svg_node(parent, "text", t->s);
	size_t len = strlen(t->s);

	set_len(n, "x", t->x);
	set_len(n, "y", t->y);
	if (tstyles[t->style].size != TEXT_SIZE)
		set_len(n, "font-size", tstyles[t->style].size);
	if (tstyles[t->style].font == FONT_BOLD)
		xmlSetProp(n, X("font-weight"), X("bold"));
	if (tstyles[t->style].rgb != TEXT_RGB)
		set_rgb_attr(n, "fill", tstyles[t->style].rgb);
	set_len(n, "textLength", t->w);
	xmlSetProp(n, X("lengthAdjust"), X("spacingAndGlyphs"));
	/* Spaces SVG would collapse, such as the legend's double ones. */
	if (t->s[0] == ' ' || t->s[len - 1] == ' ' || strstr(t->s, "  "))
		xmlNodeSetSpacePreserve(n, 1);
	xmlAddChild(parent, n);
}

/* A group for row i: its <title> (the line of the <desc>, with the full
 * run label), an invisible rect over the row and its change marker, so
 * that hovering anywhere on the row shows it, then the row's texts, on
 * top of the rect so that they can be selected. */
static xmlNodePtr
add_row_group(xmlNodePtr parent, const struct chart *c,
    const struct chart_geom *g, size_t i, const char *unit)
{
	const struct grow *r = &g->rows[i];
	char *line = desc_line(r, &c->bars[i], unit);
	xmlNodePtr grp = svg_node(parent, "g", NULL);
	xmlNodePtr rect = svg_node(parent, "rect", NULL);
	double top = r->change_full != NULL ? r->ctop : r->top;

	xmlAddChild(grp, svg_node(parent, "title", line));
	set_num(rect, "x", PAD);
	set_num(rect, "y", top);
	set_num(rect, "width", g->w - 2 * PAD);
	set_num(rect, "height", r->top + r->h - top);
	xmlSetProp(rect, X("fill"), X("#fff"));
	xmlSetProp(rect, X("fill-opacity"), X("0"));
	xmlAddChild(grp, rect);
	xmlAddChild(parent, grp);
	free(line);
	return grp;
}

/* The texts, in drawing order, after cairo's drawing: no text lies under
 * a shape it must not cover. Each row's texts go in the row's group. */
static void
add_texts(xmlNodePtr root, const struct chart *c, const struct chart_geom *g,
    const struct pen *p, const char *unit)
{
	xmlNodePtr all = svg_node(root, "g", NULL), grp = NULL;
	size_t next = 0;

	xmlSetProp(all, X("font-family"), X(TEXT_FAMILY));
	set_len(all, "font-size", TEXT_SIZE);
	set_rgb_attr(all, "fill", TEXT_RGB);
	xmlAddChild(root, all);
	for (size_t k = 0; k < p->ntexts; k++) {
		long row = p->texts[k].row;

		while (row >= 0 && next <= (size_t)row && next < g->nrows)
			grp = add_row_group(all, c, g, next++, unit);
		add_text(row >= 0 ? grp : all, p->texts[k].t);
	}
	while (next < g->nrows)
		add_row_group(all, c, g, next++, unit);
}

static bool
has_element(xmlNodePtr n)
{
	for (; n != NULL; n = n->next)
		if (n->type == XML_ELEMENT_NODE)
			return true;
	return false;
}

/* A <defs> holding nothing but empty groups, as a cairo that keeps a
 * group for glyphs may leave it now that no glyph is drawn. */
static void
drop_empty_defs(xmlNodePtr root)
{
	xmlNodePtr n, next, k;
	bool empty;

	for (n = root->children; n != NULL; n = next) {
		next = n->next;
		if (n->type != XML_ELEMENT_NODE ||
		    !xmlStrEqual(n->name, X("defs")))
			continue;
		empty = true;
		for (k = n->children; k != NULL && empty; k = k->next)
			if (k->type == XML_ELEMENT_NODE &&
			    (!xmlStrEqual(k->name, X("g")) ||
			    has_element(k->children)))
				empty = false;
		if (empty) {
			xmlUnlinkNode(n);
			xmlFreeNode(n);
		}
	}
}

static void
add_text_alternatives(xmlNodePtr root, const struct chart *c,
    const struct chart_geom *g, const char *title, const char *unit)
{
	char *desc = NULL, *line, *aria, groups[64] = "";
	size_t ngroups = 0;
	xmlNodePtr t, d;

	for (size_t i = 0; i < g->nrows; i++) {
		if (g->rows[i].group_full != NULL) {
			cat(&desc, "%sGroup: %s", desc ? "\n" : "",
			    g->rows[i].group_full);
			ngroups++;
		}
		line = desc_line(&g->rows[i], &c->bars[i], unit);
		cat(&desc, "%s%s", desc ? "\n" : "", line);
		free(line);
	}
	if (desc == NULL)
		desc = xstrdup("no runs");
	if (ngroups > 0)
		snprintf(groups, sizeof groups, " in %zu group%s", ngroups,
		    ngroups == 1 ? "" : "s");
	aria = xasprintf("%s%sbar chart of %zu run%s%s", title,
	    title[0] != '\0' ? ": " : "", g->nrows, g->nrows == 1 ? "" : "s",
	    groups);
	xmlSetProp(root, X("role"), X("img"));
	xmlSetProp(root, X("aria-label"), X(aria));
	t = svg_node(root, "title", title);
	d = svg_node(root, "desc", desc);
	if (root->children != NULL)
		xmlAddPrevSibling(root->children, t);
	else
		xmlAddChild(root, t);
	xmlAddNextSibling(t, d);
	free(aria);
	free(desc);
}

static void
svg_finish(xmlDocPtr doc, const struct chart *c, const struct chart_geom *g,
    const struct pen *p)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);
	char *title = drawable_copy(c->title), *unit = drawable_copy(c->unit);

	drop_surface_ids(root);
	drop_empty_defs(root);
	add_text_alternatives(root, c, g, title, unit);
	add_texts(root, c, g, p, unit);
	free(title);
	free(unit);
}

xmlDocPtr
chart_svg(const struct chart *c, const struct chart_fonts *f, char *err)
{
	struct chart_geom *g = chart_layout(c, f, CHART_WIDTH);
	struct buf svg = { 0 };
	struct pen p = { .f = f, .collect = true, .row = -1 };
	cairo_surface_t *s;
	xmlDocPtr doc = NULL;

	s = cairo_svg_surface_create_for_stream(buf_write, &svg, g->w, g->h);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_USER);
	if (render(s, 1, c, g, &p, err) == 0) {
		cairo_surface_finish(s);
		if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
			snprintf(err, CHART_ERR_SIZE, "cannot write the SVG: %s",
			    cairo_status_to_string(cairo_surface_status(s)));
		else if ((doc = xmlReadMemory(svg.p, (int)svg.n,
		    NULL, NULL, XML_PARSE_NONET)) == NULL)
			snprintf(err, CHART_ERR_SIZE, "cairo wrote an SVG "
			    "libxml2 cannot read");
		else
			svg_finish(doc, c, g, &p);
	}
	cairo_surface_destroy(s);
	buf_free(&svg);
	free(p.texts);
	chart_geom_free(g);
	return doc;
}

/* v with every "url(#" followed by prefix. */
static char *
prefix_urls(const char *v, const char *prefix)
{
	char *out = NULL;
	const char *p;

	while ((p = strstr(v, "url(#")) != NULL) {
		cat(&out, "%.*surl(#%s", (int)(p - v), v, prefix);
		v = p + 5;
	}
	cat(&out, "%s", v);
	return out;
}

static void
prefix_attrs(xmlNodePtr n, const char *prefix)
{
	char *nv;
	xmlChar *v;

	for (xmlAttrPtr a = n->properties; a != NULL; a = a->next) {
		if ((v = xmlNodeGetContent((xmlNodePtr)a)) == NULL)
			continue;
		nv = NULL;
		if (xmlStrEqual(a->name, X("id")))
			nv = xasprintf("%s%s", prefix, (const char *)v);
		else if (xmlStrEqual(a->name, X("href")) && v[0] == '#')
			nv = xasprintf("#%s%s", prefix, (const char *)v + 1);
		else if (strstr((const char *)v, "url(#") != NULL)
			nv = prefix_urls((const char *)v, prefix);
		if (nv != NULL)
			xmlSetNsProp(n, a->ns, a->name, X(nv));
		free(nv);
		xmlFree(v);
	}
}

void
chart_prefix_ids(xmlNodePtr n, const char *prefix)
{
	if (n == NULL || n->type != XML_ELEMENT_NODE)
		return;
	prefix_attrs(n, prefix);
	for (xmlNodePtr k = n->children; k != NULL; k = k->next)
		chart_prefix_ids(k, prefix);
}

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
	return render(s, j->scale, j->c, j->g, p, err);
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
	    r->cx0, r->cx1, r->cy };
	int k[] = { (int)r->kind, r->highlight, r->nlines, r->whisker,
	    r->expect, r->group_full != NULL, r->change_full != NULL };

	key_bytes(st, v, sizeof v);
	key_bytes(st, k, sizeof k);
	for (int i = 0; i < r->nlines; i++)
		key_text(st, &r->line[i]);
	key_text(st, &r->mark);
	key_text(st, &r->value);
	key_text(st, &r->flag);
	key_text(st, &r->group);
	key_text(st, &r->change);
}

/* The parts of the chart not in rows, and the image: into st. */
static void
key_chart(XXH3_state_t *st, const struct png_job *j)
{
	const struct chart_geom *g = j->g;
	double v[] = { j->scale, g->w, g->h, g->px0, g->px1, g->ptop,
	    g->pbot };
	int k[] = { j->w, j->h, g->axis, g->axis ? g->nticks : -1,
	    (int)g->nlegend };

	key_bytes(st, v, sizeof v);
	key_bytes(st, k, sizeof k);
	key_text(st, &g->title);
	for (int i = 0; g->axis && i <= g->nticks; i++) {
		key_text(st, &g->ticks[i]);
		key_bytes(st, &g->gridx[i], sizeof g->gridx[i]);
	}
	if (g->axis)
		key_text(st, &g->caption);
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
		if (row_visible(p, &j->g->rows[i]))
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
