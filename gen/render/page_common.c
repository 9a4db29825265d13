/* The parts every page builder uses; see page_common.h. */
#include "model/display.h"
#include "render/chart.h"
#include "render/page_common.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

static void
fill_nav(const struct site_plan *s, htmlDocPtr doc, const char *root)
{
	xmlNodePtr nav = html_slot(doc, "nav");
	char *href;

	if (nav == NULL)
		return;
	href = xasprintf("%sindex.html", root);
	html_link(nav, href, "Overview");
	free(href);
	for (int m = 0; m < M_COUNT; m++) {
		if (!s->has_data[m])
			continue;
		html_text(nav, " ");
		href = xasprintf("%smetrics/%s.html", root, metric_defs[m].key);
		html_link(nav, href, metric_defs[m].label);
		free(href);
	}
	/* fio's workloads are many: one page lists them. */
	if (plan_has_fio(s)) {
		html_text(nav, " ");
		href = xasprintf("%smetrics/fio.html", root);
		html_link(nav, href, "fio workloads");
		free(href);
	}
}

/* What the site was made from, as its footer says. */
static const char *
footer_text(const struct site_plan *s)
{
	bool bonnie = false;

	for (int m = 0; m < M_COUNT; m++)
		bonnie |= s->has_data[m];
	if (!plan_has_fio(s))
		return "Made with benchsite " BENCHSITE_VERSION " from bonnie++ "
		    "results.";
	return bonnie ? "Made with benchsite " BENCHSITE_VERSION " from "
	    "bonnie++ and fio results." : "Made with benchsite "
	    BENCHSITE_VERSION " from fio results.";
}

const char *
site_title(const struct site_plan *s)
{
	return s->set->title ? s->set->title : "Storage benchmark runs";
}

htmlDocPtr
page_start(const struct site_plan *s, enum page_template template,
    const char *title)
{
	const char *root = page_template_root[template];
	char *full;
	htmlDocPtr doc;
	xmlNodePtr n;

	if (s->template[template] == NULL)
		return NULL;
	doc = xmlCopyDoc(s->template[template], 1);
	full = strcmp(title, site_title(s)) == 0 ? xstrdup(title) :
	    xasprintf("%s - %s", title, site_title(s));
	if ((n = html_slot(doc, "title")) != NULL)
		html_text(n, full);
	free(full);
	if ((n = html_slot(doc, "site-title")) != NULL)
		html_text(n, site_title(s));
	if ((n = html_slot(doc, "heading")) != NULL)
		html_text(n, title);
	if ((n = html_slot(doc, "footer")) != NULL)
		html_text(n, footer_text(s));
	fill_nav(s, doc, root);
	return doc;
}

int
page_serialize(htmlDocPtr doc, char **buf, size_t *len)
{
	int rc;

	/* Places the analysis fills later stay out of the page for now. */
	html_drop(html_slot(doc, "verdicts"));
	rc = html_serialize(doc, buf, len);
	xmlFreeDoc(doc);
	return rc;
}

/* A table cell showing a summary: the figure, or what stands instead. */
xmlNodePtr
figure_cell(xmlNodePtr tr, const struct metric_def *id,
    struct metric_summary m)
{
	xmlNodePtr td = html_el(tr, "td", "num", NULL);
	char buf[32], lo[32], hi[32], *tip;

	switch (m.state) {
	case VS_OK:
		display_format(id, display_value(id, m.median), buf);
		html_text(td, m.approx ? "~" : "");
		html_text(td, buf);
		if (m.n > 1) {
			display_format(id, display_value(id, m.min), lo);
			display_format(id, display_value(id, m.max), hi);
			tip = xasprintf("median of %d samples, %s to %s %s",
			    m.n, lo, hi, display_unit(id));
			html_attr(td, "title", tip);
			free(tip);
		}
		break;
	case VS_TOO_FAST:
		html_attr(html_el(td, "span", "too-fast", "+++++"), "title",
		    "too fast to measure (under half a second), not zero");
		break;
	case VS_INVALID:
		html_attr(html_el(td, "span", "invalid", "invalid"), "title",
		    "bonnie++ printed no trustworthy figure here");
		break;
	default:
		html_attr(html_el(td, "span", "not-run", "\u2013"), "title",
		    "not run");
		break;
	}
	return td;
}

void
head_cell(xmlNodePtr tr, const char *label, const char *unit, bool num)
{
	xmlNodePtr th = html_el(tr, "th", num ? "num" : NULL, label);

	html_attr(th, "scope", "col");
	if (unit)
		html_el(th, "span", "unit", unit);
}

void
text_cell(xmlNodePtr tr, const char *text)
{
	html_el(tr, "td", NULL, text ? text : "");
}

void
controller_cell(xmlNodePtr tr, const struct run *r)
{
	const char *ctl = meta_get(&r->meta, "controller");
	const char *chip = meta_get(&r->meta, "chipset");
	xmlNodePtr td = html_el(tr, "td", NULL, ctl ? ctl : chip);

	if (ctl && chip)
		html_el(td, "span", "sub", chip);
}

void
crumbs(htmlDocPtr doc, const char *here)
{
	xmlNodePtr p = html_slot(doc, "crumbs");

	if (p == NULL)
		return;
	html_link(p, "../index.html", "Overview");
	html_text(p, " \u203a ");
	html_text(p, here);
}

void
table_downloads(const struct site_plan *s, xmlNodePtr p, const char *base)
{
	char *href;

	if (p == NULL)
		return;
	if (s->single) {
		html_drop(p);
		return;
	}
	html_text(p, "Download: ");
	href = xasprintf("%s.csv", base);
	html_link(p, href, "CSV");
	free(href);
	html_text(p, " \u00b7 ");
	href = xasprintf("%s.json", base);
	html_link(p, href, "JSON");
	free(href);
}

void
inline_chart(xmlNodePtr parent, xmlDocPtr svg, const char *prefix)
{
	xmlNodePtr copy;

	if (svg == NULL)
		return;
	/* Inline, so its hover titles work; its ids are prefixed since
	 * every cairo SVG names its clip paths alike. */
	copy = xmlDocCopyNode(xmlDocGetRootElement(svg), parent->doc, 1);
	chart_prefix_ids(copy, prefix);
	xmlAddChild(parent, copy);
}

void
inline_charts(xmlNodePtr parent, xmlDocPtr wide, xmlDocPtr narrow,
    const char *prefix)
{
	char *np = xasprintf("%sn-", prefix);

	inline_chart(parent, wide, prefix);
	if (narrow && parent->last)
		html_attr(parent->last, "class", "wide");
	if (narrow) {
		inline_chart(parent, narrow, np);
		html_attr(parent->last, "class", "narrow");
	}
	free(np);
}

xmlNodePtr
row_head(xmlNodePtr tr, const char *label)
{
	xmlNodePtr th = html_el(tr, "th", NULL, label);

	html_attr(th, "scope", "row");
	return th;
}

char *
series_shown(const char *series)
{
	size_t n = strlen(series);
	char *out = xmalloc(2 * n + 1), *o = out;

	for (const char *p = series; *p; ) {
		size_t len = strcspn(p, "|");

		if (len > 0) {
			if (o > out) {
				memcpy(o, ", ", 2);
				o += 2;
			}
			memcpy(o, p, len);
			o += len;
		}
		p += len + (p[len] == '|');
	}
	*o = '\0';
	return out;
}
