/* What the files of the charts share and nothing else includes: the
 * text styles and fonts (chart_fonts.c), the geometry chart_layout.c
 * makes and the others read, the pen chart_draw.c draws with for
 * chart_svg.c and chart_png.c, and the texts of chart_text.c. They form
 * layers: fonts and text, then layout, then draw and dump, then svg and
 * png, each using only those before it. */
#ifndef BENCHSITE_CHART_INT_H
#define BENCHSITE_CHART_INT_H

#include "render/chart.h"
#include "render/html.h"	/* X() */

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>
#include <libxml/tree.h>

#define ELLIPSIS	"\xe2\x80\xa6"

#define PAD		16.0	/* around the chart */
#define GROUP_H		26.0	/* a group heading's band */
#define CHANGE_H	16.0	/* a change marker's band */

enum { FONT_BOOK, FONT_BOLD, FONT_COUNT };

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
	TS_BETTER,	/* an improvement's change point label */
	TS_COUNT
};

struct chart_tstyle {
	int font;
	double size;
	unsigned rgb;
};

/* Each style's face, size and colour (chart_fonts.c). */
extern const struct chart_tstyle chart_tstyles[TS_COUNT];

struct chart_fonts {
	cairo_font_face_t *face[FONT_COUNT];
	bool has_flag_glyph[FONT_COUNT];
	char *dir;		/* where they were read */
};

struct gtext {
	char *s;		/* NULL: nothing to draw */
	double x, y, w;		/* left end of the baseline; advance */
	enum tstyle style;
};

struct grow {
	enum bar_kind kind;	/* BAR_INVALID too for an unusable figure */
	double fine_below;	/* the chart's, for chart_figure */
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
	/* A trend's run: its point (px, py; none for a run without a
	 * figure, whose state mark sits at py), whiskers from wx0 to wx1
	 * at wy = px, the strip sx0..sx1 that its <title> covers, a change
	 * point's rule at stepx with its label, and the numbered marker of
	 * a change at (cnx, cny). */
	double px, py, sx0, sx1;
	char *step_full;	/* the change point's label, NULL when none */
	bool step_better;	/* an improvement: blue, not orange */
	double stepx;
	struct gtext step;
	int cnum;		/* 1 + the change's number, 0 when none */
	double cnx, cny;
	struct gtext cnum_text;
};

struct chart_geom {
	double w, h;
	struct gtext title;
	bool axis;
	double px0, px1, ptop, pbot;	/* plot area */
	double step, top;
	bool log;			/* a decade a tick, from bottom */
	double bottom;			/* log: the axis' first decade */
	int nticks;			/* intervals: nticks + 1 ticks */
	struct gtext *ticks;
	double *gridx;			/* bars: x of each tick's grid line;
					   a trend: y of each */
	bool trend;
	bool by_date;			/* a trend's x axis: dates, else run
					   order */
	struct gtext *xticks;		/* a trend's time labels */
	double *xtickx;			/* and their tick marks */
	size_t nxticks;
	struct gtext yunit;		/* a trend's unit, above its y axis */
	struct gtext caption;
	struct grow *rows;
	size_t nrows;
	struct gtext noruns;
	struct gtext *legend;
	size_t nlegend;
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

/* The radius of a trend's numbered change marker, wide enough for
 * its number. */
static inline double
chart_marker_r(const struct grow *r)
{
	return r->cnum_text.w / 2 + 3 > 7 ? r->cnum_text.w / 2 + 3 : 7;
}

/* chart_fonts.c: the options every measure and every drawing uses. */
cairo_font_options_t *chart_font_options(void);

/* chart_text.c */
/* What a bar that has no figure says in its place, by kind. */
extern const char *const chart_state_texts[];
/* A copy of s (NULL: "") with what is not UTF-8 replaced by U+FFFD and
 * control characters by spaces: cairo refuses invalid UTF-8, and the SVG
 * must stay XML. */
char *chart_drawable_copy(const char *s);
/* s as chart_drawable_copy makes it, without the spaces around it; NULL
 * for NULL or when that leaves nothing. */
char *chart_clean_trimmed(const char *s);
/* A figure as the charts print it (display_number of model/display.h):
 * one decimal below 100, whole numbers from 100 on, deciding on the
 * rounded figure so that 99.96 prints as "100"; "~" first when approx. */
void chart_figure(char *buf, size_t size, double v, bool approx,
    double fine_below);
/* The longest start of s that fits maxw with "\u2026" after it, cut after
 * a character; a new string. */
char *chart_elide(const char *s, double maxw, chart_measure_fn *measure,
    void *ctx);

/* chart_draw.c */
/* Whether row r may touch the part of the chart p draws (p->cull). */
bool chart_row_visible(const struct pen *p, const struct grow *r);
/* Draws g on s with p (its cr set here) at scale and flushes s; returns
 * 0, or -1 with a message naming the chart c in err. */
int chart_render(cairo_surface_t *s, double scale, const struct chart *c,
    const struct chart_geom *g, struct pen *p, char *err);

#endif
