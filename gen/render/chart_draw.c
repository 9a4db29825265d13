/* The one cairo drawing routine behind both SVG and PNG (chart_draw,
 * chart.h), and chart_render, which draws with a pen on a surface of
 * chart_svg.c or chart_png.c. Reads a struct chart_geom, never changes
 * it. */
#include "render/chart_int.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdio.h>

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
	cairo_set_font_face(cr, p->f->face[chart_tstyles[t->style].font]);
	cairo_set_font_size(cr, chart_tstyles[t->style].size);
	set_rgb(cr, chart_tstyles[t->style].rgb);
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

bool
chart_row_visible(const struct pen *p, const struct grow *r)
{
	double top = r->group_full ? r->gtop : r->change_full ? r->ctop :
	    r->top;

	return !p->cull || (top - CULL_MARGIN < p->vis1 &&
	    r->top + r->h + CULL_MARGIN > p->vis0);
}

/* ---- trends ---- */

#define RGB_STEP	0xb33c00	/* a change point's rule */
#define RGB_STEP_BETTER	0x1c5d99	/* an improvement's (TS_BETTER) */
#define FULL_TURN	(2 * 3.14159265358979)	/* radians of a circle */

static void
draw_trend_grid(cairo_t *cr, const struct chart_geom *g)
{
	cairo_set_line_width(cr, 1);
	set_rgb(cr, RGB_GRID);
	for (int i = 1; i <= g->nticks; i++) {
		cairo_move_to(cr, g->px0, g->gridx[i]);
		cairo_line_to(cr, g->px1, g->gridx[i]);
	}
	cairo_stroke(cr);
}

/* The line through the points of consecutive runs with a figure. */
static void
draw_trend_line(cairo_t *cr, const struct chart_geom *g)
{
	bool open = false;

	cairo_set_line_width(cr, 1.5);
	set_rgb(cr, RGB_BAR);
	for (size_t i = 0; i < g->nrows; i++) {
		const struct grow *r = &g->rows[i];

		if (r->kind != BAR_VALUE) {
			open = false;
			continue;
		}
		if (open)
			cairo_line_to(cr, r->px, r->py);
		else
			cairo_move_to(cr, r->px, r->py);
		open = true;
	}
	cairo_stroke(cr);
}

static void
draw_trend_change(struct pen *p, const struct chart_geom *g,
    const struct grow *r)
{
	static const double dash[] = { 3, 3 };
	cairo_t *cr = p->cr;
	double rad = chart_marker_r(r);

	cairo_set_line_width(cr, 1);
	cairo_set_dash(cr, dash, 2, 0);
	set_rgb(cr, RGB_CHANGE);
	cairo_move_to(cr, r->cnx, g->ptop);
	cairo_line_to(cr, r->cnx, r->cny - rad);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_new_sub_path(cr);
	cairo_arc(cr, r->cnx, r->cny, rad, 0, FULL_TURN);
	set_rgb(cr, 0xffffff);
	cairo_fill_preserve(cr);
	set_rgb(cr, RGB_CHANGE);
	cairo_stroke(cr);
	draw_text(p, &r->cnum_text);
}

/* A run without a figure: a ring at the top (too fast to measure,
 * never a zero) or a cross at the bottom (not run, unusable). */
static void
draw_trend_state(cairo_t *cr, const struct grow *r)
{
	cairo_set_line_width(cr, 1.5);
	set_rgb(cr, RGB_HATCH_EDGE);
	if (r->kind == BAR_TOO_FAST) {
		cairo_new_sub_path(cr);
		cairo_arc(cr, r->px, r->py, 3.5, 0, FULL_TURN);
	} else {
		cairo_move_to(cr, r->px - 3, r->py - 3);
		cairo_line_to(cr, r->px + 3, r->py + 3);
		cairo_move_to(cr, r->px + 3, r->py - 3);
		cairo_line_to(cr, r->px - 3, r->py + 3);
	}
	cairo_stroke(cr);
}

static void
draw_trend_point(struct pen *p, const struct chart_geom *g,
    const struct grow *r)
{
	cairo_t *cr = p->cr;

	if (r->step_full != NULL) {
		cairo_set_line_width(cr, 1.5);
		set_rgb(cr, r->step_better ? RGB_STEP_BETTER : RGB_STEP);
		cairo_move_to(cr, r->stepx, g->ptop - 4);
		cairo_line_to(cr, r->stepx, g->pbot);
		cairo_stroke(cr);
		draw_text(p, &r->step);
	}
	if (r->cnum > 0)
		draw_trend_change(p, g, r);
	if (r->whisker) {
		cairo_set_line_width(cr, 1);
		set_rgb(cr, RGB_WHISKER);
		cairo_move_to(cr, r->wy, r->wx0);
		cairo_line_to(cr, r->wy, r->wx1);
		cairo_stroke(cr);
	}
	if (r->expect) {
		cairo_set_line_width(cr, 2);
		set_rgb(cr, RGB_EXPECT);
		cairo_move_to(cr, r->px - 5, r->ex);
		cairo_line_to(cr, r->px + 5, r->ex);
		cairo_stroke(cr);
	}
	if (r->kind != BAR_VALUE) {
		draw_trend_state(cr, r);
		return;
	}
	cairo_new_sub_path(cr);
	cairo_arc(cr, r->px, r->py, r->highlight ? 4.5 : 3, 0,
	    FULL_TURN);
	set_rgb(cr, r->highlight ? RGB_FLAGGED : RGB_BAR);
	cairo_fill_preserve(cr);
	set_rgb(cr, r->highlight ? RGB_STRIPE : RGB_BAR);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void
draw_trend_axes(struct pen *p, const struct chart_geom *g)
{
	cairo_t *cr = p->cr;

	cairo_set_line_width(cr, 1);
	set_rgb(cr, RGB_AXIS);
	cairo_move_to(cr, g->px0 - 0.5, g->ptop);
	cairo_line_to(cr, g->px0 - 0.5, g->pbot + 0.5);
	cairo_line_to(cr, g->px1, g->pbot + 0.5);
	for (size_t i = 0; i < g->nxticks; i++) {
		cairo_move_to(cr, g->xtickx[i], g->pbot + 1);
		cairo_line_to(cr, g->xtickx[i], g->pbot + 5);
	}
	cairo_stroke(cr);
	for (int i = 0; i <= g->nticks; i++)
		draw_text(p, &g->ticks[i]);
	for (size_t i = 0; i < g->nxticks; i++)
		draw_text(p, &g->xticks[i]);
	draw_text(p, &g->yunit);
	draw_text(p, &g->caption);
}

/* A trend: grid, the line, each run's marks in its row, the axes. */
static void
draw_trend(struct pen *p, const struct chart_geom *g)
{
	draw_trend_grid(p->cr, g);
	draw_trend_line(p->cr, g);
	for (size_t i = 0; i < g->nrows; i++) {
		if (!chart_row_visible(p, &g->rows[i]))
			continue;
		p->row = (long)i;
		draw_trend_point(p, g, &g->rows[i]);
	}
	p->row = -1;
	draw_trend_axes(p, g);
}

/* Whatever this draws, strip_key must hash. */
static void
draw_chart(struct pen *p, const struct chart_geom *g)
{
	cairo_font_options_t *o = chart_font_options();
	cairo_t *cr = p->cr;

	cairo_save(cr);
	cairo_set_font_options(cr, o);
	cairo_font_options_destroy(o);
	set_rgb(cr, 0xffffff);
	cairo_rectangle(cr, 0, 0, g->w, g->h);
	cairo_fill(cr);
	draw_text(p, &g->title);
	if (g->trend)
		draw_trend(p, g);
	if (g->axis && !g->trend)
		draw_grid(cr, g);
	for (size_t i = 0; !g->trend && i < g->nrows; i++) {
		if (!chart_row_visible(p, &g->rows[i]))
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
	if (g->axis && !g->trend) {
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

/* Draws on s with p (its cr set here) and flushes it; returns 0, or -1
 * with err. */
int
chart_render(cairo_surface_t *s, double scale, const struct chart *c,
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
