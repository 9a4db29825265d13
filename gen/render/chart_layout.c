/* The layout of a chart (chart_layout, chart.h): where every bar,
 * whisker, marker, text, tick, group heading and change marker goes, as
 * the fonts measure its texts; and the x axis (chart_nice_axis). Owns
 * struct chart_geom's making and freeing; drawing it is chart_draw.c's. */
#include "render/chart_int.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MARK_EXPECT	"\xe2\x96\xbc"	/* U+25BC, like the drawn marker */

#define LABEL_FRAC	0.38	/* of the width, at most, for run labels */
#define GAP		10.0	/* label column to axis */
#define BAR_H		18.0
#define ROW_H1		28.0	/* row pitch when every label fits one line */
#define ROW_H2		38.0	/* when some label takes two */
#define LINE_H		14.0
#define LEGEND_LINE_H	14.0
#define MAX_LEGEND_LINES 8
#define CHANGE_MIN_LINE	40.0	/* dashed line a long change text leaves */
#define MARK_GAP	3.0	/* flag symbol to figure */
#define FLAG_GAP	6.0	/* figure to flag text */
#define TAIL_GAP	6.0	/* bar, whisker or marker to the figure */
#define FIT_ROUNDS	8	/* plot narrowings for figures that overflow */
#define MAX_NARROWING	0.25	/* of the plot, for flag symbols and texts */

struct meter {
	cairo_scaled_font_t *sf[TS_COUNT];
	const char *flag_symbol;
};

struct measure_ctx {
	const struct meter *m;
	enum tstyle style;
};

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

/* Measuring. */

static void
meter_init(struct meter *m, const struct chart_fonts *f)
{
	cairo_font_options_t *o = chart_font_options();
	cairo_matrix_t fm, ctm;

	cairo_matrix_init_identity(&ctm);
	for (int i = 0; i < TS_COUNT; i++) {
		const struct chart_tstyle *ts = &chart_tstyles[i];

		cairo_matrix_init_scale(&fm, ts->size, ts->size);
		m->sf[i] = cairo_scaled_font_create(f->face[ts->font], &fm,
		    &ctm, o);
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
	return y + 0.36 * chart_tstyles[style].size;
}

/* Layout. */

static double
layout_title(struct chart_geom *g, const struct meter *m, const char *title)
{
	char *clean = chart_drawable_copy(title), *line = NULL;
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

/* Label lines, the flag symbol, value and flag texts, with widths;
 * positions come later. */
static void
row_texts(struct grow *r, const struct chart_bar *b, const struct meter *m,
    double maxw)
{
	char *lines[2], buf[64];

	row_kind(r, b);
	r->full = chart_drawable_copy(b->label);
	r->nlines = wrap(m, TS_LABEL, r->full, maxw, 2, lines);
	for (int i = 0; i < r->nlines; i++)
		text_at(&r->line[i], m, TS_LABEL, lines[i], 0, 0);
	if (r->highlight)
		text_at(&r->mark, m, TS_FLAGGED, xstrdup(m->flag_symbol), 0, 0);
	if (r->kind == BAR_VALUE) {
		chart_figure(buf, sizeof buf, b->value, b->approx,
		    r->fine_below);
		text_at(&r->value, m, r->highlight ? TS_FLAGGED : TS_VALUE,
		    xstrdup(buf), 0, 0);
	} else
		text_at(&r->value, m, TS_STATE,
		    xstrdup(chart_state_texts[r->kind]), 0, 0);
	if ((r->flag_full = chart_clean_trimmed(b->flag_text)) != NULL)
		text_at(&r->flag, m, TS_FLAGNOTE, xstrdup(r->flag_full), 0, 0);
	r->change_full = chart_clean_trimmed(b->change);
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
	if (g->log)
		return g->px0 + (log10(fmax(v, g->bottom)) - log10(g->bottom)) /
		    (log10(g->top) - log10(g->bottom)) * (g->px1 - g->px0);
	return g->px0 + v / g->top * (g->px1 - g->px0);
}

/* The smallest figure above 0 of the bars, or 0. */
static double
data_min(const struct grow *rows, const struct chart_bar *bars, size_t n)
{
	double min = 0;

	for (size_t i = 0; i < n; i++) {
		double v = rows[i].whisker ? bars[i].min : bars[i].value;

		if (rows[i].kind == BAR_VALUE && v > 0 && (min == 0 || v < min))
			min = v;
	}
	return min;
}

/* Room between two tick labels of a logarithmic axis. */
#define LOG_TICK_GAP 6

/* Whether the labels of every every-th decade from the first run into
 * each other. */
static bool
log_ticks_meet(const struct chart_geom *g, int every)
{
	for (int i = every; i <= g->nticks; i += every)
		if (g->ticks[i].x < g->ticks[i - every].x +
		    g->ticks[i - every].w + LOG_TICK_GAP)
			return true;
	return false;
}

/* A narrow chart of six decades has no room for seven labels ("1 10
 * 1001000100001000001000000"): every second, third, ... decade keeps
 * its label, from the first on, and every decade its gridline. */
static void
thin_log_ticks(struct chart_geom *g)
{
	int every = 1;

	while (every < g->nticks && log_ticks_meet(g, every))
		every++;
	for (int i = 0; i <= g->nticks; i++)
		if (i % every != 0) {
			free(g->ticks[i].s);
			g->ticks[i].s = xstrdup("");
			g->ticks[i].w = 0;
		}
}

/* A logarithmic axis: a tick a decade from the one below the smallest
 * figure to the one above the largest. */
static void
layout_log_axis(struct chart_geom *g, const struct meter *m, double min,
    double max)
{
	double y = g->pbot + 15;
	char buf[64];

	g->log = true;
	g->bottom = pow(10, floor(log10(min > 0 ? min : 1)));
	g->top = pow(10, ceil(log10(max > g->bottom ? max : g->bottom * 10)));
	if (g->top <= g->bottom)
		g->top = g->bottom * 10;
	g->nticks = (int)lround(log10(g->top / g->bottom));
	g->step = g->bottom;
	g->axis = true;
	g->ticks = xcalloc((size_t)g->nticks + 1, sizeof *g->ticks);
	g->gridx = xcalloc((size_t)g->nticks + 1, sizeof *g->gridx);
	for (int i = 0; i <= g->nticks; i++) {
		double v = g->bottom * pow(10, i);

		g->gridx[i] = floor(xpos(g, v)) + 0.5;
		chart_format_tick(buf, sizeof buf, v, v);
		text_at(&g->ticks[i], m, TS_TICK, xstrdup(buf), 0, y);
		g->ticks[i].x = xpos(g, v) - g->ticks[i].w / 2;
	}
	thin_log_ticks(g);
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
			text_at(&r->flag, m, TS_FLAGNOTE,
			    chart_elide(r->flag_full, room, measure_n, &mc),
			    r->flag.x, r->flag.y);
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
		    (r->group_full = chart_clean_trimmed(grp)) != NULL) {
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

		r->fine_below = c->fine_below;
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
		if (c->log_axis)
			layout_log_axis(g, m, data_min(g->rows, c->bars,
			    c->nbars), data_max(g->rows, c->bars, c->nbars));
		else
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
	unit = chart_drawable_copy(c->unit);
	text_at(&g->caption, m, TS_TICK, c->log_axis ? xasprintf("%s, "
	    "logarithmic scale", axis_caption(unit)) :
	    xstrdup(axis_caption(unit)), 0, g->pbot + 31);
	g->caption.x = (g->px0 + g->px1 - g->caption.w) / 2;
	free(unit);
	return g->caption.y;
}

/* ---- trends: a run's point on a time axis ---- */

#define TREND_PLOT_H	180.0	/* the plot's height */
#define TREND_INSET	8.0	/* first and last point from the plot's ends */
#define LANE_H		14.0	/* a line of change-point labels */
#define MAX_LANES	3
#define MARKER_GAP	2.0	/* between lanes of change markers */

/* The first of n lanes (each holding texts up to ends[k]) that a text
 * from x0 to x1 fits in, taken; -1 when none. */
static int
lane_for(double *ends, int n, double x0, double x1)
{
	for (int k = 0; k < n; k++)
		if (x0 >= ends[k]) {
			ends[k] = x1 + 6;
			return k;
		}
	return -1;
}

static bool
trend_by_date(const struct chart *c)
{
	for (size_t i = 0; i < c->nbars; i++)
		if (!c->bars[i].has_when || !isfinite(c->bars[i].when))
			return false;
	return c->nbars > 0;
}

static double
ypos(const struct chart_geom *g, double v)
{
	return g->pbot - v / g->top * (g->pbot - g->ptop);
}

/* The rows' texts and what a trend's legend and markers need. */
static void
trend_rows(struct chart_geom *g, const struct meter *m, const struct chart *c)
{
	char buf[16];
	int changes = 0;

	g->nrows = c->nbars;
	g->rows = xcalloc(c->nbars, sizeof *g->rows);
	for (size_t i = 0; i < c->nbars; i++) {
		struct grow *r = &g->rows[i];

		row_kind(r, &c->bars[i]);
		r->full = chart_drawable_copy(c->bars[i].label);
		r->flag_full = chart_clean_trimmed(c->bars[i].flag_text);
		r->change_full = chart_clean_trimmed(c->bars[i].change);
		r->step_full = chart_clean_trimmed(c->bars[i].step);
		r->step_better = c->bars[i].step_better;
		if (r->change_full != NULL) {
			r->cnum = ++changes;
			snprintf(buf, sizeof buf, "%d", r->cnum);
			text_at(&r->cnum_text, m, TS_CHANGE, xstrdup(buf), 0, 0);
		}
	}
}

/* The value axis' ticks (placed by trend_place_ticks) and the plot's
 * left end after their widest label. */
static void
trend_axis(struct chart_geom *g, const struct meter *m, double max)
{
	char buf[64];
	double w = 0;

	chart_nice_axis(max, 5, &g->step, &g->top);
	g->nticks = (int)lround(g->top / g->step);
	g->axis = true;
	g->ticks = xcalloc((size_t)g->nticks + 1, sizeof *g->ticks);
	g->gridx = xcalloc((size_t)g->nticks + 1, sizeof *g->gridx);
	for (int i = 0; i <= g->nticks; i++) {
		chart_format_tick(buf, sizeof buf, i * g->step, g->step);
		text_at(&g->ticks[i], m, TS_TICK, xstrdup(buf), 0, 0);
		w = fmax(w, g->ticks[i].w);
	}
	g->px0 = ceil(PAD + w + 6);
	g->px1 = g->w - PAD - 4;
}

/* Each run's x: by date, else by place; and the strip of its <title>. */
static void
trend_x(struct chart_geom *g, const struct chart *c)
{
	double lo = g->px0 + TREND_INSET, hi = g->px1 - TREND_INSET;
	double t0 = INFINITY, t1 = -INFINITY, t;
	size_t n = c->nbars;

	for (size_t i = 0; i < n; i++) {
		t = g->by_date ? c->bars[i].when : (double)i;
		t0 = fmin(t0, t);
		t1 = fmax(t1, t);
	}
	for (size_t i = 0; i < n; i++) {
		t = g->by_date ? c->bars[i].when : (double)i;
		g->rows[i].px = t1 > t0 ? lo + (t - t0) / (t1 - t0) * (hi - lo) :
		    (lo + hi) / 2;
	}
	for (size_t i = 0; i < n; i++) {
		struct grow *r = &g->rows[i];

		r->sx0 = i > 0 ? (g->rows[i - 1].px + r->px) / 2 : g->px0;
		r->sx1 = i + 1 < n ? (r->px + g->rows[i + 1].px) / 2 : g->px1;
	}
}

/* Where run i's change happened: between its point and the one before. */
static double
trend_change_x(const struct chart_geom *g, size_t i)
{
	const struct grow *r = &g->rows[i];

	return floor(i > 0 ? (g->rows[i - 1].px + r->px) / 2 : r->px - 4) +
	    0.5;
}

/* The change points' labels in lanes above the plot, after the unit;
 * returns the plot's top. A label that finds no lane is left out (its
 * run's <title> says it). */
static double
trend_steps(struct chart_geom *g, const struct meter *m, double y)
{
	struct measure_ctx mc = { m, TS_FLAGNOTE };
	double ends[MAX_LANES], x0, w, maxw;
	int lanes = 1, k;

	for (k = 0; k < MAX_LANES; k++)
		ends[k] = -INFINITY;
	ends[0] = g->yunit.x + g->yunit.w + 6;
	for (size_t i = 0; i < g->nrows; i++) {
		struct grow *r = &g->rows[i];

		if (r->step_full == NULL)
			continue;
		r->stepx = trend_change_x(g, i);
		maxw = (g->px1 - g->px0) / 3;
		/* TS_BETTER has TS_FLAGNOTE's font and size: one measure */
		text_at(&r->step, m, r->step_better ? TS_BETTER : TS_FLAGNOTE,
		    measure(m, TS_FLAGNOTE,
		    r->step_full) <= maxw ? xstrdup(r->step_full) :
		    chart_elide(r->step_full, maxw, measure_n, &mc), 0, 0);
		w = r->step.w;
		x0 = fmin(fmax(r->stepx - w / 2, PAD), g->w - PAD - w);
		if ((k = lane_for(ends, MAX_LANES, x0, x0 + w)) < 0) {
			free(r->step.s);
			r->step.s = NULL;
			continue;
		}
		r->step.x = x0;
		r->step.y = y + 11 + k * LANE_H;
		lanes = k + 1 > lanes ? k + 1 : lanes;
	}
	return y + lanes * LANE_H + 6;
}

/* Points, whiskers, targets and the marks of runs without a figure. */
static void
trend_points(struct chart_geom *g, const struct chart *c)
{
	for (size_t i = 0; i < g->nrows; i++) {
		struct grow *r = &g->rows[i];
		const struct chart_bar *b = &c->bars[i];

		r->py = r->kind == BAR_VALUE ? ypos(g, b->value) :
		    r->kind == BAR_TOO_FAST ? g->ptop + 5 : g->pbot - 5;
		if (r->whisker) {
			r->wy = r->px;
			r->wx0 = ypos(g, b->min);
			r->wx1 = ypos(g, b->max);
		}
		if (r->expect)
			r->ex = ypos(g, b->expect);
	}
	for (int i = 0; i <= g->nticks; i++) {
		double yv = ypos(g, i * g->step);

		g->gridx[i] = floor(yv) + 0.5;
		g->ticks[i].x = g->px0 - 6 - g->ticks[i].w;
		g->ticks[i].y = mid_baseline(yv, TS_TICK);
	}
}

/* The changes' numbered markers in lanes under the plot, each as near
 * its change as the lanes allow; returns the band's end. */
static double
trend_markers(struct chart_geom *g)
{
	double ends[MAX_LANES], y = g->pbot + 4, bottom = g->pbot, rad, x;
	int k;

	for (k = 0; k < MAX_LANES; k++)
		ends[k] = -INFINITY;
	for (size_t i = 0; i < g->nrows; i++) {
		struct grow *r = &g->rows[i];

		if (r->cnum == 0)
			continue;
		rad = chart_marker_r(r);
		x = fmin(fmax(trend_change_x(g, i), PAD + rad),
		    g->w - PAD - rad);
		/* Where the lanes are full, the last one overlaps. */
		if ((k = lane_for(ends, MAX_LANES, x - rad, x + rad)) < 0)
			k = MAX_LANES - 1;
		r->cnx = x;
		r->cny = y + 7 + k * (14 + MARKER_GAP);
		r->cnum_text.x = x - r->cnum_text.w / 2;
		r->cnum_text.y = mid_baseline(r->cny, TS_CHANGE);
		bottom = fmax(bottom, r->cny + 7);
	}
	return bottom;
}

/* A time label centred under x, kept inside the chart. */
static void
xtick_at(struct chart_geom *g, const struct meter *m, const char *label,
    double x, double y)
{
	struct gtext *t = &g->xticks[g->nxticks];

	text_at(t, m, TS_TICK, chart_drawable_copy(label), 0, y);
	t->x = fmin(fmax(x - t->w / 2, PAD), g->w - PAD - t->w);
	g->xtickx[g->nxticks++] = floor(x) + 0.5;
}

/* A run's time label: its date, or its number in run order. */
static char *
xtick_label(const struct chart_geom *g, const struct chart *c, size_t i)
{
	return g->by_date ? chart_drawable_copy(c->bars[i].when_label) :
	    xasprintf("%zu", i + 1);
}

/* Whether a label over [x0, x1] keeps 10 points from each of the n
 * labels taken so far. */
static bool
xtick_room(const double (*taken)[2], size_t n, double x0, double x1)
{
	for (size_t k = 0; k < n; k++)
		if (x1 + 10 > taken[k][0] && x0 < taken[k][1] + 10)
			return false;
	return true;
}

/* Labels of the first run, of the runs the analysis flagged (the night
 * a reader looks for, before the last where the two would touch), of
 * the last, then of those between that leave room on both sides; drawn
 * in run order. */
static void
trend_xticks(struct chart_geom *g, const struct meter *m,
    const struct chart *c, double y)
{
	size_t n = g->nrows, ntaken = 0;
	double (*span)[2] = xcalloc(n, sizeof *span);
	double (*taken)[2] = xcalloc(n, sizeof *taken);
	bool *shown = xcalloc(n, sizeof *shown);

	for (size_t i = 0; i < n; i++) {
		char *label = xtick_label(g, c, i);
		double w = measure(m, TS_TICK, label);

		span[i][0] = fmin(fmax(g->rows[i].px - w / 2, PAD),
		    g->w - PAD - w);
		span[i][1] = span[i][0] + w;
		free(label);
	}
	/* pass 0: the first; 1: the flagged runs; 2: the last; 3: the
	 * others */
	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < n; i++) {
			if (shown[i] || (pass == 0 && i != 0) || (pass == 1 &&
			    !c->bars[i].highlight) || (pass == 2 &&
			    i != n - 1) || !xtick_room(taken, ntaken,
			    span[i][0], span[i][1]))
				continue;
			shown[i] = true;
			taken[ntaken][0] = span[i][0];
			taken[ntaken++][1] = span[i][1];
		}
	g->xticks = xcalloc(n, sizeof *g->xticks);
	g->xtickx = xcalloc(n, sizeof *g->xtickx);
	for (size_t i = 0; i < n; i++)
		if (shown[i]) {
			char *label = xtick_label(g, c, i);

			xtick_at(g, m, label, g->rows[i].px, y);
			free(label);
		}
	free(span);
	free(taken);
	free(shown);
}

/* What the time axis is: dates, or run order and why. */
static char *
trend_caption(const struct chart *c, bool by_date)
{
	size_t nodate = 0;

	if (by_date)
		return xstrdup("date (meta date)");
	for (size_t i = 0; i < c->nbars; i++)
		nodate += !c->bars[i].has_when;
	if (nodate == c->nbars)
		return xstrdup("run order (no run has a date)");
	return xasprintf("run order (%zu of %zu runs have no date)", nodate,
	    c->nbars);
}

static double
layout_trend(struct chart_geom *g, const struct meter *m,
    const struct chart *c, double y)
{
	char *unit = chart_drawable_copy(c->unit);
	double bottom;

	g->trend = true;
	g->by_date = trend_by_date(c);
	trend_rows(g, m, c);
	trend_axis(g, m, data_max(g->rows, c->bars, c->nbars));
	trend_x(g, c);
	text_at(&g->yunit, m, TS_TICK, xstrdup(axis_caption(unit)), PAD,
	    y + 11);
	free(unit);
	g->ptop = trend_steps(g, m, y);
	g->pbot = g->ptop + TREND_PLOT_H;
	trend_points(g, c);
	bottom = trend_markers(g);
	trend_xticks(g, m, c, bottom + 15);
	text_at(&g->caption, m, TS_TICK, trend_caption(c, g->by_date), 0,
	    bottom + 31);
	g->caption.x = (g->px0 + g->px1 - g->caption.w) / 2;
	for (size_t i = 0; i < g->nrows; i++) {
		g->rows[i].top = y;
		g->rows[i].h = g->caption.y + 4 - y;
	}
	return g->caption.y;
}

static double
layout_empty(struct chart_geom *g, const struct meter *m, double y)
{
	text_at(&g->noruns, m, TS_STATE, xstrdup("no runs"), PAD,
	    mid_baseline(y + 12, TS_STATE));
	return g->noruns.y + 4;
}

static void
add_para(char ***v, size_t *n, size_t *cap, char *s)
{
	xgrow((void **)v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = s;
}

/* A trend's legend after its note: each change by its marker's number,
 * then what its marks mean, one paragraph each. */
static char **
trend_legend(const struct chart *c, char **v, size_t *n, size_t cap,
    bool flagged, bool expect)
{
	bool steps = false, too_fast = false, none = false;
	int num = 0;
	char *t, *who;

	for (size_t i = 0; i < c->nbars; i++) {
		steps |= c->bars[i].step != NULL;
		too_fast |= c->bars[i].kind == BAR_TOO_FAST;
		none |= c->bars[i].kind != BAR_VALUE &&
		    c->bars[i].kind != BAR_TOO_FAST;
		if ((t = chart_clean_trimmed(c->bars[i].change)) == NULL)
			continue;
		who = chart_drawable_copy(c->bars[i].label);
		add_para(&v, n, &cap, xasprintf("%d: %s (from %s on)", ++num,
		    t, who));
		free(who);
		free(t);
	}
	if (steps)
		add_para(&v, n, &cap, xstrdup("Vertical rules: changes "
		    "found between runs measured like for like; orange: "
		    "worse, blue: better."));
	if (flagged)
		add_para(&v, n, &cap, xstrdup("Large orange points: flagged "
		    "by the analysis."));
	if (expect)
		add_para(&v, n, &cap, xstrdup("Short dark lines: the run's "
		    "expected value."));
	/* a mark stands where no figure is, never read as one: a ring at
	 * the top, a cross at the bottom (draw_trend_state) */
	if (too_fast)
		add_para(&v, n, &cap, xstrdup("Rings at the top: too fast to "
		    "measure (+++++), no figure."));
	if (none)
		add_para(&v, n, &cap, xstrdup("Crosses at the bottom: no "
		    "figure (not run, or not valid)."));
	return v;
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
		v[(*n)++] = chart_drawable_copy(raw);
		free(raw);
	}
	for (size_t i = 0; i < c->nbars; i++) {
		approx |= c->bars[i].kind == BAR_VALUE && c->bars[i].approx;
		expect |= expect_ok(&c->bars[i]);
		flagged |= c->bars[i].highlight;
	}
	if (c->trend)
		return trend_legend(c, v, n, cap, flagged, expect);
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
	else if (c->trend)
		y = layout_trend(g, &m, c, y);
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
		free(r->step_full);
		free(r->step.s);
		free(r->cnum_text.s);
	}
	for (size_t i = 0; i < g->nxticks; i++)
		free(g->xticks[i].s);
	free(g->xticks);
	free(g->xtickx);
	free(g->yunit.s);
	free(g->rows);
	free(g->noruns.s);
	for (size_t i = 0; i < g->nlegend; i++)
		free(g->legend[i].s);
	free(g->legend);
	free(g);
}
