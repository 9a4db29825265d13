/* The chart as an SVG document (chart_svg, chart.h): chart_draw's
 * shapes on a cairo SVG surface, made the same in every process, its
 * texts as <text> elements over them, each row in a group with its
 * <title>, the <desc> and aria-label; and the ids of inlined charts made
 * unique (chart_prefix_ids). */
#include "render/chart_int.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>
#include <libxml/parser.h>

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

/* Collects what a cairo surface writes into a struct buf. */
static cairo_status_t
buf_write(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

static void
bar_figure(char **s, const struct grow *r, const struct chart_bar *b,
    const char *unit)
{
	char v[64];

	if (r->kind != BAR_VALUE) {
		cat(s, "%s", chart_state_texts[r->kind]);
		return;
	}
	chart_figure(v, sizeof v, b->value, b->approx, r->fine_below);
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

	cat(&s, "%s%s%s: ", r->full, b->when_label ? ", " : "",
	    b->when_label ? b->when_label : "");
	bar_figure(&s, r, b, unit);
	if (b->nsamples > 0) {
		cat(&s, "%s%d sample%s", sep, b->nsamples,
		    b->nsamples == 1 ? "" : "s");
		sep = ", ";
	}
	if (r->whisker) {
		chart_figure(lo, sizeof lo, b->min, false, r->fine_below);
		chart_figure(hi, sizeof hi, b->max, false, r->fine_below);
		cat(&s, "%s%s-%s", sep, lo, hi);
		sep = ", ";
	}
	if (r->expect) {
		chart_figure(lo, sizeof lo, b->expect, false, r->fine_below);
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
	if (r->step_full != NULL)
		cat(&s, "; change point: %s, %s", r->step_full,
		    r->step_better ? "better" : "worse");
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
	if (chart_tstyles[t->style].size != TEXT_SIZE)
		set_len(n, "font-size", chart_tstyles[t->style].size);
	if (chart_tstyles[t->style].font == FONT_BOLD)
		xmlSetProp(n, X("font-weight"), X("bold"));
	if (chart_tstyles[t->style].rgb != TEXT_RGB)
		set_rgb_attr(n, "fill", chart_tstyles[t->style].rgb);
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
	/* A trend's run has a strip of the plot, not a row. */
	set_num(rect, "x", g->trend ? r->sx0 : PAD);
	set_num(rect, "y", g->trend ? r->top : top);
	set_num(rect, "width", g->trend ? r->sx1 - r->sx0 : g->w - 2 * PAD);
	set_num(rect, "height", g->trend ? r->h : r->top + r->h - top);
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
	aria = xasprintf("%s%s%s chart of %zu run%s%s", title,
	    title[0] != '\0' ? ": " : "", g->trend ? g->by_date ?
	    "trend by date" : "trend in run order" : "bar", g->nrows,
	    g->nrows == 1 ? "" : "s", groups);
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
	char *title = chart_drawable_copy(c->title);
	char *unit = chart_drawable_copy(c->unit);

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
	return chart_svg_at(c, f, CHART_WIDTH, err);
}

xmlDocPtr
chart_svg_at(const struct chart *c, const struct chart_fonts *f, double width,
    char *err)
{
	struct chart_geom *g = chart_layout(c, f, width);
	struct buf svg = { 0 };
	struct pen p = { .f = f, .collect = true, .row = -1 };
	cairo_surface_t *s;
	xmlDocPtr doc = NULL;

	s = cairo_svg_surface_create_for_stream(buf_write, &svg, g->w, g->h);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_USER);
	if (chart_render(s, 1, c, g, &p, err) == 0) {
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
