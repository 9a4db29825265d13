/* chart.h: horizontal bar charts, and trends (one point per run on a
 * time axis), drawn by one cairo routine on SVG and PNG surfaces. For site/render code only; the reader never includes it. */
#ifndef BENCHSITE_CHART_H
#define BENCHSITE_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cairo.h>
#include <libxml/tree.h>

#define CHART_WIDTH	720.0	/* user units of a chart on a page */
/* The width of a chart for a phone's screen: shown at about one CSS
 * pixel a unit on a screen 390 px wide, its smallest text (11 units)
 * stays legible, where CHART_WIDTH would be shown at half the size. Its
 * labels wrap to the narrower label column. */
#define CHART_NARROW_WIDTH 340.0
#define CHART_ERR_SIZE	256	/* size of the err buffers below */

enum bar_kind { BAR_VALUE, BAR_TOO_FAST, BAR_NOT_RUN, BAR_INVALID };

struct chart_bar {
	const char *label;	/* run title, may be long and any UTF-8 */
	enum bar_kind kind;
	double value;		/* median, already in the display unit */
	bool has_range;
	double min, max;	/* whiskers (min-max of iterations) */
	int nsamples;
	bool approx;		/* reduced precision: value printed with "~" */
	bool highlight;		/* marked by the analysis: warning colour,
				 * dark stripes and the flag symbol before
				 * the figure (chart_flag_symbol) */
	bool has_expect;
	double expect;		/* the run's target (meta expect.METRIC) */
	const char *flag_text;	/* NULL, or a short note drawn after the
				 * figure in the warning colour ("19% of
				 * expected", "-25%"); elided when it does
				 * not fit, whole in the row's <title> and
				 * the <desc>. Drawn even without highlight,
				 * but only highlight adds symbol and
				 * stripes. */
	const char *group;	/* NULL, or the heading of the group this
				 * bar opens when it differs from the
				 * previous bar's ("controller: Marvell
				 * MV88SX6081"): a rule and a bold heading
				 * row. Groups come in the order of the
				 * bars; sort them first. NULL after a
				 * group continues it without a heading. */
	const char *change;	/* NULL, or what changed since the previous
				 * bar ("scheduler: cfq -> anticipatory"):
				 * a dashed line above the row with the
				 * text at its right end, elided when long,
				 * whole in the row's <title>. In a
				 * trend: a numbered marker below the
				 * plot and a numbered legend line. */
	/* Trends only. */
	bool has_when;
	double when;		/* the run's date in days since 1970-01-01
				 * (meta_date_days) */
	const char *when_label;	/* that date as a tick shows it */
	const char *step;	/* NULL, or the label of a change point the
				 * analysis found at this run ("-25%"): a
				 * vertical rule before the point, the
				 * label above the plot, elided or left
				 * out where labels crowd, whole in the
				 * run's <title> */
	bool step_better;	/* that change point is an improvement */
};

struct chart {
	const char *title;	/* "Block write" */
	const char *unit;	/* "MiB/s", or "/s" for operations per second */
	const char *note;	/* legend line(s), wrapped to the width */
	const struct chart_bar *bars;
	size_t nbars;
	/* A trend: the bars, oldest first, as points on a time axis: by
	 * date when every bar has_when, else in run order, which the
	 * axis' caption says. */
	bool trend;
	/* Bars on a logarithmic axis, a tick a decade (latencies that
	 * span microseconds to seconds); bars only, figures above 0. */
	bool log_axis;
	/* Figures below this get decimals (display_fine_below of the
	 * metric, as its tables print it); 0: DISPLAY_FINE_BELOW. */
	double fine_below;
};

struct chart_fonts;
struct chart_geom;

/* Loads DejaVuSans.ttf and DejaVuSans-Bold.ttf from dir (NULL:
 * $BENCHSITE_FONT_DIR, else /usr/share/fonts/truetype/dejavu). Returns
 * NULL and writes a message naming the file into err when a file is
 * missing or is not DejaVu Sans; never falls back to another font. */
struct chart_fonts *chart_fonts_load(const char *dir, char *err);
void chart_fonts_free(struct chart_fonts *);
/* The k-th font file (from 0; NULL past the last) and, in *dir, the
 * directory it was read from: what a chart's look depends on. */
const char *chart_font_file(const struct chart_fonts *, int k,
    const char **dir);

/* Computes the layout (boxes, ticks, label lines) for a chart width in
 * user units (CHART_WIDTH for pages). Caller frees with chart_geom_free. */
struct chart_geom *chart_layout(const struct chart *,
    const struct chart_fonts *, double width);
void chart_geom_free(struct chart_geom *);
/* A whole number of user units. */
double chart_geom_height(const struct chart_geom *);

/* The one drawing routine: draws the laid-out chart at the origin of any
 * cairo context (scale it for a larger PNG); knows nothing of surfaces. */
void chart_draw(cairo_t *, const struct chart *, const struct chart_geom *,
    const struct chart_fonts *);

/* Prints the geometry as text lines for golden tests: size, axis, ticks,
 * group headings (with their rule), change markers (text and dashed
 * line), each bar's kind, label lines, rectangle ("striped" when
 * flagged), whisker, expect marker, flag symbol, value label, flag text
 * and legend lines, numbers rounded to 0.1. */
void chart_dump(FILE *, const struct chart *, const struct chart_geom *);

/* The chart as an SVG 1.1 document in user units, the same bytes in any
 * process: no "surfaceN" id, role="img", aria-label ("... bar chart of
 * 8 runs in 3 groups"), <title>, <desc> (one line per bar, with its flag
 * and change texts, and a "Group: ..." line before each group). Shapes
 * are chart_draw's on a cairo SVG surface; its texts are not drawn as
 * glyphs but follow as <text> elements (DejaVu Sans, then fallbacks) at
 * the same baseline, with the advance cairo measured as textLength. Each
 * bar row is a <g> whose <title> holds that line with the full run label,
 * with an invisible rect over the row and its change marker, then the
 * row's texts on top (selectable; hovering either shows the title). NULL
 * on a cairo error, with a message in err. */
xmlDocPtr chart_svg(const struct chart *, const struct chart_fonts *,
    char *err);
/* The same, laid out for width user units (CHART_NARROW_WIDTH). */
xmlDocPtr chart_svg_at(const struct chart *, const struct chart_fonts *,
    double width, char *err);

/* Prefixes every id under svg_root, and every href="#id",
 * xlink:href="#id" and url(#id) reference, with prefix: every chart's
 * clip paths are clip1, clip2 and so on, so charts inlined in one page
 * would clash. */
void chart_prefix_ids(xmlNodePtr svg_root, const char *prefix);

/* A PNG of the chart, CHART_WIDTH * scale pixels wide, into a new
 * malloc'd buffer. Returns 0, or -1 with a message in err. */
int chart_png(const struct chart *, const struct chart_fonts *, double scale,
    unsigned char **buf, size_t *len, char *err);
/* The same, copying the strips of rows that old (an earlier PNG of the
 * chart, oldlen bytes, maybe NULL) already holds instead of deflating
 * them again: the same bytes as chart_png. When old_drawn_here, old
 * was drawn by this very program with these very fonts (the caller
 * knows it from elsewhere): then a strip whose layout is unchanged is
 * copied without being drawn at all. *copied (when not NULL): how many
 * strips were taken from old, drawn or not. */
int chart_png_again(const struct chart *, const struct chart_fonts *,
    double scale, const unsigned char *old, size_t oldlen,
    bool old_drawn_here, unsigned char **buf, size_t *len, int *copied,
    char *err);

/* Pure parts, public for the tests and for text renderings of a chart. */

/* The symbol drawn before a highlighted bar's figure and in the legend:
 * U+26A0 WARNING SIGN (UTF-8) when both faces have it, as DejaVu Sans
 * 2.x does, else "!". A static string. */
const char *chart_flag_symbol(const struct chart_fonts *);


/* The x axis: 0 to *top in *step increments (1, 2 or 5 times a power of
 * ten), at most max_steps of them, *top >= max. max <= 0 gives 0 to 1. */
void chart_nice_axis(double max, int max_steps, double *step, double *top);

/* A tick label: as many decimals as step needs ("0.5", "150"). */
void chart_format_tick(char *buf, size_t size, double v, double step);

/* Width of the n bytes of UTF-8 at s, in the caller's unit. */
typedef double chart_measure_fn(const char *s, size_t n, void *ctx);

/* Breaks a UTF-8 label into at most maxlines lines no wider than maxw:
 * at spaces or after '/' and '-', inside a word only when nothing else
 * fits; the last line ends in "…" when the rest does not fit. Stores
 * new strings in lines[] (caller frees) and returns how many. */
int chart_wrap(const char *label, double maxw, int maxlines,
    chart_measure_fn *measure, void *ctx, char **lines);

#endif
