/* The parts every page builder uses (pages.c, pages_analysis.c,
 * single.c): a page started from its template with what every page
 * shares, table cells, crumbs, inline charts. Below the builders, so
 * that they need no one another for these. */
#ifndef BENCHSITE_PAGE_COMMON_H
#define BENCHSITE_PAGE_COMMON_H

#include "analyse/analyse.h"
#include "render/html.h"
#include "render/plan.h"

#include <stdbool.h>

/* The site's title: the runs' own, else a plain one. */
const char *site_title(const struct site_plan *);
/* A new page from the plan's template with the parts every page shares
 * filled (site title, navigation, footer); the template's root leads to
 * the site's top. NULL when the template could not be read (reported
 * when it was loaded). */
htmlDocPtr page_start(const struct site_plan *, enum page_template,
    const char *title);
/* The finished page as HTML5 into a new buffer (caller frees), the
 * places nothing filled left out; frees the page. Returns 0, or -1. */
int page_serialize(htmlDocPtr, char **buf, size_t *len);

/* A series' name as a page shows it: the fields of a name benchsite
 * made ("db1|LSI SAS2008||raid0|xfs") joined by ", ", the empty ones
 * left out ("db1, LSI SAS2008, raid0, xfs"). Caller frees. */
char *series_shown(const char *series);

/* Table cells and page parts shared by the page files. */
xmlNodePtr figure_cell(xmlNodePtr tr, const struct metric_def *,
    struct metric_summary);
void head_cell(xmlNodePtr tr, const char *label, const char *unit, bool num);
void text_cell(xmlNodePtr tr, const char *text);
/* A row's header cell (th scope="row"). */
xmlNodePtr row_head(xmlNodePtr tr, const char *label);
void controller_cell(xmlNodePtr tr, const struct run *);
void crumbs(htmlDocPtr, const char *here);
/* "Download: CSV · JSON" into p, linking the table's files beside the
 * page, BASE.csv and BASE.json (relative: base is the page's own name
 * without ".html"); a one-file report has none, so p goes. */
void table_downloads(const struct site_plan *, xmlNodePtr p,
    const char *base);

/* Places a chart (inline, ids prefixed) in parent; NULL svg is skipped. */
void inline_chart(xmlNodePtr parent, xmlDocPtr svg, const char *prefix);
/* A chart in its two layouts, inline: wide (CHART_WIDTH) for screens
 * and paper, narrow (CHART_NARROW_WIDTH, NULL: none) for phones; the
 * style sheet shows one of them (svg.wide, svg.narrow). */
void inline_charts(xmlNodePtr parent, xmlDocPtr wide, xmlDocPtr narrow,
    const char *prefix);

#endif
