/* "benchsite parse --format csv": each result as a bonnie++ format-1.98
 * CSV line (50 fields), so that bonnie++'s own bon_csv2html can show a
 * result read from any version or from a pasted table; and the site's
 * table files, PAGE.csv (render_table_csv). */
#include "render/json_util.h"
#include "render/render.h"
#include "render/tables.h"
#include "read/units.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* CSV has no quoting: a comma in a name would shift every field. */
static void
put_name(FILE *out, const char *name)
{
	for (const char *p = name ? name : ""; *p; p++)
		fputc(*p == ',' || *p == '\n' ? ' ' : *p, out);
}

static void
put_pair(FILE *out, const struct measure *m, bool is_seeks)
{
	switch (m->state) {
	case VS_OK:
		if (is_seeks && m->value < 1000)
			fprintf(out, ",%.1f", m->value);
		else
			fprintf(out, ",%.0f", m->value);
		if (m->cpu >= 0)
			fprintf(out, ",%d", m->cpu);
		else
			fputs(",", out);
		break;
	case VS_TOO_FAST:
		fputs(",+++++,+++", out);
		break;
	default:
		fputs(",,", out);	/* not run, or no trustworthy figure */
		break;
	}
}

/* Splits "20:128:4/200" into num_files, max, min, and dirs fields. */
static void
put_files(FILE *out, const char *spec)
{
	char parts[3][32] = {"", "", ""}, dirs[32] = "";
	const char *slash;
	size_t n = 0, len;

	if (spec != NULL) {
		slash = strchr(spec, '/');
		len = slash ? (size_t)(slash - spec) : strlen(spec);
		if (slash)
			snprintf(dirs, sizeof dirs, "%s", slash + 1);
		for (const char *p = spec; p < spec + len && n < 3; n++) {
			const char *colon = memchr(p, ':', (size_t)(spec + len - p));
			size_t pl = colon ? (size_t)(colon - p) :
			    (size_t)(spec + len - p);

			snprintf(parts[n], sizeof parts[n], "%.*s", (int)pl, p);
			p += pl + 1;
		}
	}
	fprintf(out, ",%s,%s,%s,,%s", parts[0], parts[1], parts[2], dirs);
}

static void
put_line(FILE *out, const struct result *r)
{
	char lat[24];

	fprintf(out, "1.98,%s,", r->bonnie_version ? r->bonnie_version : "");
	put_name(out, r->name);
	fprintf(out, ",%d,", r->concurrency >= 0 ? r->concurrency : 1);
	if (r->has_seed)
		fprintf(out, "%lld", r->seed);
	fprintf(out, ",%s,%s,,", r->size ? r->size : "",
	    r->chunk ? r->chunk : "");
	for (int i = 0; i < M_IO_COUNT; i++)
		put_pair(out, &r->m[i], i == M_SEEKS);
	put_files(out, r->files);
	for (int i = M_IO_COUNT; i < M_COUNT; i++)
		put_pair(out, &r->m[i], false);
	for (int i = 0; i < M_COUNT; i++) {
		lat[0] = '\0';
		if (r->m[i].latency_us >= 0)
			units_format_latency(r->m[i].latency_us, lat);
		fprintf(out, ",%s", lat);
	}
	fputc('\n', out);
}

int
render_parse_csv(FILE *out, const struct results *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		put_line(out, &rs->v[i]);
	return ferror(out) ? -1 : 0;
}

/* ---- a page's table as RFC 4180 CSV (tables.h) ---- */

/* A field quoted when it holds a comma, a quote or a line break, its
 * quotes doubled: any name comes back whole. */
static void
put_field(FILE *out, const char *text)
{
	if (strpbrk(text, ",\"\r\n") == NULL) {
		fputs(text, out);
		return;
	}
	fputc('"', out);
	for (const char *p = text; *p; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	fputc('"', out);
}

static void
put_cell(FILE *out, const struct table_cell *c)
{
	char num[64];

	if (c->kind == TC_TEXT) {
		put_field(out, c->text);
	} else if (c->kind == TC_FIGURE && c->state == VS_OK) {
		json_number_text(c->value, num, sizeof num);
		fputs(num, out);
	} else if (c->kind == TC_FIGURE && c->state == VS_TOO_FAST) {
		fputs("+++++", out);
	} else if (c->kind == TC_FIGURE && c->state == VS_INVALID) {
		fputs("invalid", out);
	}
}

int
render_table_csv(FILE *out, const struct data_table *t)
{
	for (size_t k = 0; k < t->ncols; k++) {
		char *head = t->cols[k].unit ? xasprintf("%s (%s)",
		    t->cols[k].name, t->cols[k].unit) : xstrdup(t->cols[k].name);

		if (k > 0)
			fputc(',', out);
		put_field(out, head);
		free(head);
	}
	fputs("\r\n", out);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t k = 0; k < t->ncols; k++) {
			if (k > 0)
				fputc(',', out);
			put_cell(out, &t->cells[r * t->ncols + k]);
		}
		fputs("\r\n", out);
	}
	return ferror(out) ? -1 : 0;
}
