/* The build: where each file of the site goes, the charts, the copies of
 * the runs' files, and writing every file atomically. What the pages say
 * is in pages.c. */
#include "bars.h"
#include "publish.h"
#include "display.h"
#include "fileio.h"
#include "site_int.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <stdbool.h>
#include <unistd.h>

static int
make_dir(struct site *s, const char *rel)
{
	char *path = xasprintf("%s/%s", s->out, rel);
	int rc = 0;

	if (mkdir(path, 0777) != 0 && errno != EEXIST) {
		diags_add(s->d, MSG_SYSERR, path, 0, "cannot create directory: "
		    "%s", strerror(errno));
		rc = -1;
	}
	free(path);
	return rc;
}

int
site_write(struct site *s, const char *rel, const char *buf, size_t len)
{
	char *path = xasprintf("%s/%s", s->out, rel);
	int rc = write_file_atomic(path, buf, len, s->d);

	if (rc == 0) {
		xgrow((void **)&s->written, &s->capwritten, s->nwritten + 1,
		    sizeof *s->written);
		s->written[s->nwritten++] = xstrdup(rel);
	}
	free(path);
	return rc;
}

/* A file or directory name safe in any URL and file system: letters,
 * digits, '.', '_' and '-' stay, '/' becomes "--", the rest '_'. */
static char *
safe_name(const char *name)
{
	size_t n = strlen(name), o = 0;
	char *out = xmalloc(2 * n + 2);

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];

		if (c == '/') {
			out[o++] = '-';
			out[o++] = '-';
		} else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-') {
			out[o++] = (char)c;
		} else {
			out[o++] = '_';
		}
	}
	if (o == 0 || out[0] == '.' || out[0] == '-') {
		memmove(out + 1, out, o);
		out[0] = '_';
		o++;
	}
	out[o] = '\0';
	return out;
}

/* The safe name of a run's file, made inert: a type a browser would run
 * in the site's origin (an .html or .svg from a forum post, say) gets
 * ".txt" added, so the server sends it as text. */
static char *
inert_name(const char *name)
{
	static const char *const shown[] = {
		"txt", "csv", "log", "out", "md", "png", "jpg", "jpeg", "gif",
		"webp", "pdf",
	};
	char *safe = safe_name(name), *dot = strrchr(safe, '.'), *out;

	if (dot == NULL || dot == safe)
		return safe;
	for (size_t k = 0; k < sizeof shown / sizeof *shown; k++)
		if (strcasecmp(dot + 1, shown[k]) == 0)
			return safe;
	out = xasprintf("%s.txt", safe);
	free(safe);
	return out;
}

static bool
taken(const char *name, char *const *used, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(used[i], name) == 0)
			return true;
	return false;
}

/* Makes base (which it takes over) unique among used[0..n) by adding
 * "-2", "-3", ... before its extension. */
static char *
unique_name(char *base, char *const *used, size_t n)
{
	char *name = xstrdup(base), *dot = strrchr(base, '.');

	for (int k = 2; taken(name, used, n); k++) {
		free(name);
		name = dot && dot != base ? xasprintf("%.*s-%d%s",
		    (int)(dot - base), base, k, dot) : xasprintf("%s-%d", base, k);
	}
	free(base);
	return name;
}

static void
name_runs(struct site *s)
{
	const struct runset *set = s->set;

	s->slug = xcalloc(set->n, sizeof *s->slug);
	s->file_names = xcalloc(set->n, sizeof *s->file_names);
	for (size_t i = 0; i < set->n; i++) {
		const struct run *r = &set->runs[i];
		size_t nf = r->noutputs + r->nattachments;

		s->slug[i] = unique_name(safe_name(r->id), s->slug, i);
		s->file_names[i] = xcalloc(nf ? nf : 1, sizeof **s->file_names);
		for (size_t k = 0; k < nf; k++) {
			const char *orig = k < r->noutputs ? r->outputs[k] :
			    r->attachments[k - r->noutputs];

			s->file_names[i][k] = unique_name(inert_name(orig),
			    s->file_names[i], k);
		}
	}
}

/* Copies a run's files into runs/SLUG/, so its page can link them. */
static void
copy_run_files(struct site *s, size_t i)
{
	const struct run *r = &s->set->runs[i];
	size_t nf = r->noutputs + r->nattachments;
	char *dir = xasprintf("runs/%s", s->slug[i]);

	if (nf > 0 && make_dir(s, dir) == 0) {
		for (size_t k = 0; k < nf; k++) {
			const char *orig = k < r->noutputs ? r->outputs[k] :
			    r->attachments[k - r->noutputs];
			char *src = xasprintf("%s/%s", r->dir, orig);
			char *rel = xasprintf("%s/%s", dir, s->file_names[i][k]);
			size_t len;
			char *buf = file_read(src, DEFAULT_MAX_FILE_SIZE, &len,
			    s->d);

			if (buf && site_write(s, rel, buf, len) == 0)
				s->files++;
			free(buf);
			free(src);
			free(rel);
		}
	}
	free(dir);
}

/* The chart of one metric over every run: SVG kept for the pages and
 * written to charts/KEY.svg, PNG to charts/KEY.png and KEY@2x.png. */
static void
make_chart(struct site *s, enum metric_id id)
{
	size_t *all = xcalloc(s->set->n ? s->set->n : 1, sizeof *all);
	struct chart_bar *bars;
	struct chart c;
	char err[256] = "", *rel;
	unsigned char *png;
	size_t len;
	xmlChar *svg;
	int svglen;

	for (size_t i = 0; i < s->set->n; i++)
		all[i] = i;
	bars = chart_bars(s->an, id, all, s->set->n, NULL, NULL);
	c = (struct chart){metric_defs[id].label, display_unit(id),
	    chart_note(id), bars, s->set->n};
	free(all);
	s->svg[id] = chart_svg(&c, s->fonts, err);
	if (s->svg[id] == NULL) {
		diags_add(s->d, MSG_SYSERR, "charts", 0, "%s: %s",
		    metric_defs[id].key, err);
		chart_bars_free(bars, s->set->n);
		return;
	}
	if (s->opts->single) {
		chart_bars_free(bars, s->set->n);
		return;		/* drawn into the one file only */
	}
	xmlDocDumpMemoryEnc(s->svg[id], &svg, &svglen, "UTF-8");
	rel = xasprintf("charts/%s.svg", metric_defs[id].key);
	if (site_write(s, rel, (char *)svg, (size_t)svglen) == 0)
		s->charts++;
	xmlFree(svg);
	free(rel);
	/* METRIC.png (720 pixels) for mail, METRIC@2x.png for screens. */
	for (int scale = 1; scale <= 2; scale++) {
		if (chart_png(&c, s->fonts, scale, &png, &len, err) != 0) {
			diags_add(s->d, MSG_SYSERR, "charts", 0, "%s: %s",
			    metric_defs[id].key, err);
			break;
		}
		rel = xasprintf("charts/%s%s.png", metric_defs[id].key,
		    scale == 2 ? "@2x" : "");
		if (site_write(s, rel, (char *)png, len) == 0)
			s->charts++;
		free(png);
		free(rel);
	}
	chart_bars_free(bars, s->set->n);
}

static void
copy_assets(struct site *s)
{
	static const char *const assets[] = {"style.css"};

	for (size_t i = 0; i < sizeof assets / sizeof *assets; i++) {
		char *src = xasprintf("%s/assets/%s", s->opts->data_dir,
		    assets[i]);
		char *rel = xasprintf("assets/%s", assets[i]);
		size_t len;
		char *buf = file_read(src, DEFAULT_MAX_FILE_SIZE, &len, s->d);

		if (buf)
			site_write(s, rel, buf, len);
		free(buf);
		free(src);
		free(rel);
	}
}

static void
progress(const struct site *s, const char *what)
{
	if (s->opts->progress)
		fprintf(stderr, "\rbenchsite: %zu runs read; %d pages, %d charts, "
		    "%d files written%s", s->set->n, s->pages, s->charts,
		    s->files, what);
}

static void
render_all(struct site *s)
{
	for (int m = 0; m < M_COUNT; m++)
		for (size_t i = 0; i < s->set->n; i++)
			s->has_data[m] |= s->sum[i][m].state != VS_NOT_RUN;
	name_runs(s);
	if (s->opts->single) {
		for (int m = 0; m < M_COUNT; m++)
			if (s->has_data[m])
				make_chart(s, m);
		single_file(s);
		return;
	}
	copy_assets(s);
	for (int m = 0; m < M_COUNT; m++) {
		if (s->has_data[m])
			make_chart(s, m);
		progress(s, "");
	}
	page_index(s);
	for (size_t i = 0; i < s->set->n; i++) {
		copy_run_files(s, i);
		page_run(s, i);
		progress(s, "");
	}
	for (int m = 0; m < M_COUNT; m++)
		if (s->has_data[m])
			page_metric(s, m);
	pages_compare(s);
	progress(s, "\n");
}

static void
site_free(struct site *s)
{
	for (size_t i = 0; s->slug && i < s->set->n; i++) {
		const struct run *r = &s->set->runs[i];

		for (size_t k = 0; k < r->noutputs + r->nattachments; k++)
			free(s->file_names[i][k]);
		free(s->file_names[i]);
		free(s->slug[i]);
	}
	free(s->file_names);
	free(s->slug);
	for (int m = 0; m < M_COUNT; m++)
		if (s->svg[m])
			xmlFreeDoc(s->svg[m]);
	free(s->templates);
	if (s->fonts)
		chart_fonts_free(s->fonts);
	for (size_t k = 0; k < s->nwritten; k++)
		free(s->written[k]);
	free(s->written);
	free(s->out);
}

/* The real path of a place that may not exist yet: its parent's real
 * path joined with its last component. NULL when the parent is missing. */
static char *
real_place(const char *path)
{
	char *real = realpath(path, NULL), *copy, *base, *parent;
	const char *dir;
	size_t n;

	if (real != NULL)
		return real;
	copy = xstrdup(path);
	n = strlen(copy);
	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	if ((base = strrchr(copy, '/')) == NULL) {
		dir = ".";
		base = copy;
	} else if (base == copy) {
		dir = "/";
		base++;
	} else {
		*base++ = '\0';
		dir = copy;
	}
	parent = realpath(dir, NULL);
	real = parent ? xasprintf("%s/%s", strcmp(parent, "/") ? parent : "",
	    base) : NULL;
	free(parent);
	free(copy);
	return real;
}

static bool
contains(const char *outer, const char *inner)
{
	size_t n = strlen(outer);

	return strncmp(inner, outer, n) == 0 && (inner[n] == '/' ||
	    inner[n] == '\0' || strcmp(outer, "/") == 0);
}

/* Refuses a site directory that is the runs directory, lies inside it or
 * holds it: a build must never write among the user's runs. Checked
 * before anything is created. */
static int
check_places(const struct runset *set, const char *out, struct diags *d)
{
	char *runs = realpath(set->root, NULL), *site = real_place(out);
	int bad = runs && site && (contains(runs, site) || contains(site, runs));

	if (bad)
		diags_add(d, MSG_ERROR, out, 0, "the site directory may not be "
		    "the runs directory, lie inside it or hold it; nothing "
		    "written");
	free(runs);
	free(site);
	return bad ? -1 : 0;
}

int
site_build(const struct analysis *an, const struct site_opts *opts,
    struct diags *d)
{
	static const char *const dirs[] = {"", "assets", "charts", "runs",
	    "metrics", "compare", "series"};
	const struct runset *set = an->set;
	struct site s = {.set = set, .an = an, .opts = opts, .d = d,
	    .sum = an->sum};
	char err[256] = "";
	int rc = -1;

	if (check_places(set, opts->single ? opts->single : opts->out, d) != 0)
		return -1;
	if ((s.fonts = chart_fonts_load(opts->font_dir, err)) == NULL) {
		diags_add(d, MSG_SYSERR, opts->font_dir ? opts->font_dir :
		    "fonts-dejavu-core", 0, "%s", err);
		return -1;
	}
	s.templates = xasprintf("%s/templates", opts->data_dir);
	if (opts->single) {
		render_all(&s);
		site_free(&s);
		return 0;
	}
	/* Everything goes into a staging directory, swapped in at the end:
	 * SITE is always a whole site, the old one or the new. */
	if ((s.out = publish_begin(opts->out, d)) == NULL) {
		site_free(&s);
		return -1;
	}
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
		if (i > 0 && make_dir(&s, dirs[i]) != 0)
			goto done;
	render_all(&s);
	if (d->n > 0 && d->worst == MSG_SYSERR) {
		diags_add(d, MSG_ERROR, opts->out, 0, "not replaced: the new "
		    "site could not be written whole");
		goto done;
	}
	rc = publish_commit(s.out, opts->out, s.written, s.nwritten, d);
done:
	if (rc != 0)
		publish_abort(s.out);
	site_free(&s);
	return rc;
}
