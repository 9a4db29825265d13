/* The text dump of a chart's geometry (chart_dump, chart.h) that the
 * golden files of tests/charts hold. */
#include "render/chart_int.h"

#include <stdio.h>

static const char *const kind_names[] = {
	[BAR_VALUE] = "value",
	[BAR_TOO_FAST] = "too-fast",
	[BAR_NOT_RUN] = "not-run",
	[BAR_INVALID] = "invalid",
};

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

/* A trend's run: its point, strip, whisker, target, change point and
 * change marker. */
static void
dump_trend_row(FILE *fp, size_t i, const struct grow *r)
{
	fprintf(fp, "run %zu %s%s point %.1f,%.1f strip %.1f-%.1f\n", i + 1,
	    kind_names[r->kind], r->highlight ? " highlight" : "", r->px,
	    r->py, r->sx0, r->sx1);
	if (r->whisker)
		fprintf(fp, "  whisker %.1f-%.1f at %.1f\n", r->wx0, r->wx1,
		    r->wy);
	if (r->expect)
		fprintf(fp, "  expect %.1f\n", r->ex);
	if (r->step_full != NULL) {
		fprintf(fp, "  change point rule %.1f \"%s\" %s\n", r->stepx,
		    r->step_full, r->step_better ? "better" : "worse");
		dump_text(fp, "  step", &r->step);
	}
	if (r->cnum > 0) {
		fprintf(fp, "  change %d marker %.1f,%.1f \"%s\"\n", r->cnum,
		    r->cnx, r->cny, r->change_full);
		dump_text(fp, "  number", &r->cnum_text);
	}
}

static void
dump_trend(FILE *fp, const struct chart_geom *g)
{
	char step[64], top[64];

	chart_format_tick(step, sizeof step, g->step, g->step);
	chart_format_tick(top, sizeof top, g->top, g->step);
	fprintf(fp, "trend by %s, values 0 to %s step %s plot %.1f-%.1f x "
	    "%.1f-%.1f\n", g->by_date ? "date" : "run order", top, step,
	    g->px0, g->px1, g->ptop, g->pbot);
	dump_text(fp, "unit", &g->yunit);
	for (int i = 0; i <= g->nticks; i++) {
		dump_text(fp, "tick", &g->ticks[i]);
		fprintf(fp, "  grid %.1f\n", g->gridx[i]);
	}
	for (size_t i = 0; i < g->nxticks; i++) {
		dump_text(fp, "time", &g->xticks[i]);
		fprintf(fp, "  tick at %.1f\n", g->xtickx[i]);
	}
	dump_text(fp, "caption", &g->caption);
	for (size_t i = 0; i < g->nrows; i++)
		dump_trend_row(fp, i, &g->rows[i]);
}

void
chart_dump(FILE *fp, const struct chart *c, const struct chart_geom *g)
{
	char step[64], top[64];

	fprintf(fp, "chart %.1fx%.1f\n", g->w, g->h);
	dump_text(fp, "title", &g->title);
	if (g->trend)
		dump_trend(fp, g);
	if (g->axis && !g->trend) {
		chart_format_tick(step, sizeof step, g->step, g->step);
		chart_format_tick(top, sizeof top, g->top, g->step);
		if (g->log)
			fprintf(fp, "axis log %s to %s, a tick a decade plot "
			    "%.1f-%.1f x %.1f-%.1f\n", step, top, g->px0, g->px1,
			    g->ptop, g->pbot);
		else
			fprintf(fp, "axis 0 to %s step %s plot %.1f-%.1f x "
			    "%.1f-%.1f\n", top, step, g->px0, g->px1, g->ptop,
			    g->pbot);
		for (int i = 0; i <= g->nticks; i++) {
			dump_text(fp, "tick", &g->ticks[i]);
			fprintf(fp, "  grid %.1f\n", g->gridx[i]);
		}
		dump_text(fp, "caption", &g->caption);
	}
	for (size_t i = 0; !g->trend && i < g->nrows; i++)
		dump_row(fp, i, &g->rows[i]);
	dump_text(fp, "empty", &g->noruns);
	for (size_t i = 0; i < g->nlegend; i++)
		dump_text(fp, "legend", &g->legend[i]);
}
