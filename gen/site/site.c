/* The build: the plan (make_plan.c), the charts, the jobs run in
 * worker processes and their job log, what each page reads (a run's
 * samples and notes, index.md, the style sheet), the copies of the
 * runs' files, and writing every file. What the pages say is in
 * render/pages*.c, which take the plan and return the pages. */
#include "render/bars.h"
#include "render/page_common.h"
#include "render/pages.h"
#include "render/tables.h"
#include "site/publish.h"
#include "model/display.h"
#include "base/fileio.h"
#include "site/site_int.h"
#include "site/workers.h"
#include "base/twothreads.h"
#include "base/xalloc.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

#include <libxml/parser.h>

/* The samples of run i: still in the model, or read again from its
 * outputs into *read (zeroed by the caller, freed with results_free),
 * reported when they are no longer what was loaded. */
static const struct results *
run_samples(struct site *s, size_t i, struct results *read)
{
	const struct run *r = &s->plan.set->runs[i];

	if (r->samples.n == r->nsamples)
		return &r->samples;
	if (run_read_samples(s->plan.set, r, s->opts->lim, read) != 0) {
		char *dir = run_dir(s->plan.set, r);

		diags_add(s->d, MSG_ERROR, dir, 0, "changed while the site "
		    "was being built; its page shows the samples it holds "
		    "now: build again");
		free(dir);
	}
	return read;
}

/* Lists rel among the site's files: rel itself when it lasts the
 * build (the job logs' names do), else a copy, in the build's arena
 * or, during a job, of the job's own, which its report hands on and
 * frees. */
static void
list_written(struct site *s, const char *rel)
{
	xgrow((void **)&s->written, &s->capwritten, s->nwritten + 1,
	    sizeof *s->written);
	s->written[s->nwritten++] = rel;
}

static void
add_written(struct site *s, const char *rel)
{
	list_written(s, s->in_job ? xstrdup(rel) : xarena_strdup(&s->names,
	    rel));
}

/* Writes a new file of the staging directory, which nobody reads
 * before the swap: no temporary file and rename per file. A file that
 * is there (a link to the old site's) is replaced, never written
 * through. The mode is 0644 whatever the umask: the same bytes, the
 * same site. */
static int
write_staged(const char *path, const char *shown, const char *buf,
    size_t len, struct diags *d)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	size_t done = 0;
	ssize_t k;
	int err;

	if (fd < 0 && errno == EEXIST && unlink(path) == 0)
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || fchmod(fd, 0644) != 0)
		goto fail;
	while (done < len) {
		if ((k = write(fd, buf + done, len - done)) == 0)
			errno = EIO;
		if (k == 0 || (k < 0 && errno != EINTR))
			goto fail;
		done += k > 0 ? (size_t)k : 0;
	}
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	return 0;
fail:
	err = errno;
	diags_add(d, MSG_SYSERR, shown, 0, "cannot write: %s", strerror(err));
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
	return err;
}

/* Writes len bytes to the site's path rel: a new file of the staging
 * directory (never written through a link to the old site's). Returns
 * 0, or -1 (reported, but once the disk is full). */
static int
site_write(struct site *s, const char *rel, const char *buf, size_t len)
{
	char *path, *shown;
	int err;

	if (s->disk_full)
		return -1;
	path = xasprintf("%s/%s", s->out, rel);
	/* Messages name the file in SITE, not the staging directory's
	 * random name: the same input, the same messages. */
	shown = xasprintf("%s/%s", s->opts->out, rel);
	err = write_staged(path, shown, buf, len, s->d);
	if (err == 0)
		add_written(s, rel);
	s->disk_full = err == ENOSPC || err == EDQUOT;
	free(path);
	free(shown);
	return err == 0 ? 0 : -1;
}

/* Whether SITE/rel is a plain file of the old site reached through
 * plain directories: a job log naming a path through a symbolic link
 * (a doctored old site) must never bring an outside file in. The
 * log's names are benchsite's own safe names (reuse.c checks them).
 * *dirs_ok, when not NULL, is the directory part of a name whose
 * directories were found plain (malloc'd): a name of the same ones
 * checks its file alone (the files of a job, 700 000 kept at once
 * after an upgrade, share a few directories). */
static bool
plain_file(const char *site, const char *rel, char **dirs_ok)
{
	char *path = xasprintf("%s/%s", site, rel), *p = path + strlen(site);
	const char *last = strrchr(rel, '/');
	size_t dlen = last ? (size_t)(last - rel) : 0;
	struct stat st;
	bool ok = true;

	if (dirs_ok && *dirs_ok && strlen(*dirs_ok) == dlen &&
	    strncmp(*dirs_ok, rel, dlen) == 0)
		p = NULL;
	while (ok && p && (p = strchr(p + 1, '/')) != NULL) {
		*p = '\0';
		ok = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
		*p = '/';
	}
	ok = ok && lstat(path, &st) == 0 && S_ISREG(st.st_mode);
	if (ok && dirs_ok) {
		free(*dirs_ok);
		*dirs_ok = xstrndup(rel, dlen);
	}
	free(path);
	return ok;
}

/* Links SITE/rel to the staging directory's rel, where the previous
 * site most often has another file of that name (taken away first:
 * made a new file, never written through). */
static int
link_old(struct site *s, const char *rel)
{
	char *from = xasprintf("%s/%s", s->opts->out, rel);
	char *to = xasprintf("%s/%s", s->out, rel);
	char *slash = strrchr(to, '/');
	int rc = unlink(to) != 0 && errno != ENOENT ? -1 : link(from, to);
	/* The site's directories are made first; a deeper one is made when
	 * a link needs it. */
	if (rc != 0 && errno == ENOENT) {
		*slash = '\0';
		rc = mkdir(to, 0777) != 0 && errno != EEXIST ? -1 :
		    (*slash = '/', link(from, to));
	}
	free(from);
	free(to);
	return rc;
}

/* Links the files rel[0..n) of the old site into the new one: a job
 * whose fingerprint did not change. Old and new sites may share them:
 * nothing writes into a file in place (write_staged makes a new one,
 * the swap renames directories). Returns 0, or -1 having linked
 * nothing. The parent lists them, from the job log it has too. */
static int
keep_files(struct site *s, char *const *rel, size_t n)
{
	size_t k;
	char *dirs_ok = NULL;

	for (k = 0; k < n; k++)
		if (!plain_file(s->opts->out, rel[k], &dirs_ok) ||
		    link_old(s, rel[k]) != 0)
			break;
	free(dirs_ok);
	if (k < n) {
		while (k-- > 0) {
			char *to = xasprintf("%s/%s", s->out, rel[k]);

			unlink(to);
			free(to);
		}
		return -1;
	}
	return 0;
}

/* Copies a run's files into runs/SLUG@NAME, so its page can link them.
 * Beside the page, not in a directory per run: a directory costs a
 * mkdir and an rmdir per run and build (and rmdir is slow where the
 * disk is mounted with online discard); '@' is in no slug or name. */
static void
copy_run_files(struct site *s, size_t i)
{
	const struct run *r = &s->plan.set->runs[i];
	size_t nf = r->noutputs + r->nattachments;
	char *dir = run_dir(s->plan.set, r);
	char **names = plan_file_names(&s->plan, i);

	for (size_t k = 0; k < nf; k++) {
		const char *orig = k < r->noutputs ? r->outputs[k] :
		    r->attachments[k - r->noutputs];
		char *src = xasprintf("%s/%s", dir, orig);
		char *rel = xasprintf("runs/%s@%s", s->plan.slug[i], names[k]);
		size_t len;
		char *buf = file_read_regular(src, s->max_file_size, &len,
		    s->d);

		if (buf && site_write(s, rel, buf, len) == 0)
			s->files++;
		free(buf);
		free(src);
		free(rel);
	}
	plan_file_names_free(&s->plan, i, names);
	free(dir);
}

/* The bars of a metric's chart (plan_chart_runs); sets *n. */
static struct chart_bar *
metric_bars(const struct site *s, int id, size_t *n)
{
	size_t nruns = s->plan.set->n;
	size_t *runs = xcalloc(nruns ? nruns : 1, sizeof *runs);
	struct chart_bar *bars;

	*n = plan_chart_runs(&s->plan, id, runs);
	bars = chart_bars(s->plan.an, id, runs, *n, NULL, NULL);
	free(runs);
	return bars;
}

/* A chart kept for the pages, written to charts/KEY.svg (NAME is "KEY"
 * or "KEY.narrow") unless the site is one file. */
static xmlDocPtr
write_chart(struct site *s, const struct chart *c, double width,
    const char *name)
{
	char err[256] = "", *rel;
	xmlDocPtr doc = chart_svg_at(c, s->fonts, width, err);
	xmlChar *svg;
	int svglen;

	if (doc == NULL) {
		diags_add(s->d, MSG_SYSERR, "charts", 0, "%s: %s", name, err);
		return NULL;
	}
	if (s->opts->single)
		return doc;		/* drawn into the one file only */
	xmlDocDumpMemoryEnc(doc, &svg, &svglen, "UTF-8");
	rel = xasprintf("charts/%s.svg", name);
	if (site_write(s, rel, (char *)svg, (size_t)svglen) == 0)
		s->charts++;
	xmlFree(svg);
	free(rel);
	return doc;
}

/* The SVG charts of one metric, for wide screens and for phones: kept in
 * the plan for the metric's page (the job that draws them) or the one
 * file. */
static void
make_chart(struct site *s, int id)
{
	const struct metric_def *d = analysis_def(s->plan.an, id);
	size_t n;
	struct chart_bar *bars = metric_bars(s, id, &n);
	struct chart c = {d->label, display_unit(d), chart_note(d), bars, n,
	    false, false, display_fine_below(d)};
	char *narrow = xasprintf("%s.narrow", d->key);

	s->plan.svg[id] = write_chart(s, &c, CHART_WIDTH, d->key);
	if (s->plan.svg[id] && !s->opts->single)
		s->plan.svg_narrow[id] = write_chart(s, &c, CHART_NARROW_WIDTH,
		    narrow);
	free(narrow);
	chart_bars_free(bars, n);
}

/* A metric's charts let go once its page is made: a worker holds no
 * page's charts but the one it makes. */
static void
drop_chart(struct site *s, int id)
{
	if (s->plan.svg[id])
		xmlFreeDoc(s->plan.svg[id]);
	if (s->plan.svg_narrow[id])
		xmlFreeDoc(s->plan.svg_narrow[id]);
	s->plan.svg[id] = s->plan.svg_narrow[id] = NULL;
}

/* The PNG at rel in SITE, to draw the chart again from (a plain file of
 * the old site; NULL with --full or when there is none). */
static unsigned char *
old_png(const struct site *s, const char *rel, size_t *len)
{
	struct diags quiet = {.quiet = 1};
	char *path, *buf = NULL;

	if (s->opts->full || !plain_file(s->opts->out, rel, NULL))
		return NULL;
	path = xasprintf("%s/%s", s->opts->out, rel);
	buf = file_read_regular(path, DEFAULT_MAX_FILE_SIZE, len, &quiet);
	diags_free(&quiet);
	free(path);
	return (unsigned char *)buf;
}

/* A metric's chart as PNG: charts/KEY.png (720 pixels wide) to attach
 * to a mail, KEY@2x.png for screens. The strips of rows the old site's
 * copy already holds are taken from it (chart_png_again). */
static void
make_png(struct site *s, int id, int scale)
{
	const struct metric_def *d = analysis_def(s->plan.an, id);
	size_t n, len, oldlen = 0;
	struct chart_bar *bars = metric_bars(s, id, &n);
	struct chart c = {d->label, display_unit(d), chart_note(d), bars, n,
	    false, false, display_fine_below(d)};
	char err[256] = "", *rel = xasprintf("charts/%s%s.png", d->key,
	    scale == 2 ? "@2x" : "");
	unsigned char *png, *old = old_png(s, rel, &oldlen);

	if (chart_png_again(&c, s->fonts, scale, old, oldlen,
	    old && s->old_made_here, &png, &len, NULL, err) != 0) {
		diags_add(s->d, MSG_SYSERR, "charts", 0, "%s: %s", d->key,
		    err);
	} else {
		if (site_write(s, rel, (char *)png, len) == 0)
			s->charts++;
		free(png);
	}
	free(old);
	free(rel);
	chart_bars_free(bars, n);
}

static void
copy_assets(struct site *s)
{
	static const char *const assets[] = {"style.css", "sort.js"};

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
		    "%d files written, %d jobs kept from the last build%s",
		    s->plan.set->n, s->pages, s->charts, s->files, s->reused,
		    what);
}

static void
add_job(struct job **v, size_t *n, size_t *cap, enum job_kind kind,
    size_t a, size_t b)
{
	xgrow((void **)v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = (struct job){kind, (uint32_t)a, (uint32_t)b};
}

/* Every job, in the order a build in one process runs them. */
static struct job *
plan_jobs(const struct site *s, size_t *n)
{
	const struct runset *set = s->plan.set;
	struct job *v = NULL;
	size_t cap = 0;

	*n = 0;
	for (int m = 0; m < (int)s->plan.set->metrics.n; m++)
		for (int scale = 1; s->plan.has_data[m] && scale <= 2; scale++)
			add_job(&v, n, &cap, JOB_PNG, (size_t)m, (size_t)scale);
	for (size_t i = 0; i < set->n; i++) {
		add_job(&v, n, &cap, JOB_RUN, i, 0);
		for (size_t k = 1; k <= sample_pages(&set->runs[i]); k++)
			add_job(&v, n, &cap, JOB_SAMPLES, i, k);
		for (int w = 0; w < PAIRS_PER_RUN; w++)
			if (s->plan.template[PAGE_PAIR] &&
			    plan_pair_other(&s->plan, i, w) >= 0)
				add_job(&v, n, &cap, JOB_PAIR, i, (size_t)w);
	}
	for (int m = 0; m < (int)s->plan.set->metrics.n; m++)
		if (s->plan.has_data[m])
			add_job(&v, n, &cap, JOB_METRIC, (size_t)m, 0);
	if (plan_has_fio(&s->plan) && s->plan.template[PAGE_METRIC])
		add_job(&v, n, &cap, JOB_FIO_INDEX, 0, 0);
	if (s->plan.template[PAGE_INDEX])
		add_job(&v, n, &cap, JOB_INDEX_TABLE, 0, 0);
	for (size_t k = 0; k < ngroup_keys; k++)
		add_job(&v, n, &cap, JOB_KEY, k, 0);
	for (size_t k = 0; k < s->plan.nseries; k++)
		for (size_t p = 0; p < series_pages(&s->plan.series[k]); p++)
			add_job(&v, n, &cap, JOB_SERIES, k, p);
	return v;
}

/* Writes a page the builders made to the site's path rel and frees it
 * (NULL: no page). */
static void
write_page(struct site *s, htmlDocPtr doc, const char *rel)
{
	char *buf;
	size_t len;

	if (doc == NULL)
		return;
	if (page_serialize(doc, &buf, &len) == 0) {
		if (site_write(s, rel, buf, len) == 0)
			s->pages++;
		free(buf);
	} else {
		diags_add(s->d, MSG_SYSERR, rel, 0, "cannot make the page");
	}
}

/* The numbers of the table of the page at page_rel ("....html") as the
 * files beside it, PAGE.csv and PAGE.json; frees t. A page without a
 * table (no columns) has none. */
static void
write_table(struct site *s, const char *page_rel, struct data_table *t)
{
	size_t stem = strlen(page_rel) - strlen(".html");
	int (*const writer[2])(FILE *, const struct data_table *) = {
	    render_table_csv, render_table_json};
	static const char *const ext[2] = {"csv", "json"};

	for (int k = 0; t->ncols > 0 && k < 2; k++) {
		char *buf = NULL, *rel = xasprintf("%.*s.%s", (int)stem,
		    page_rel, ext[k]);
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);
		int rc = mem ? writer[k](mem, t) : -1;

		if (mem && fclose(mem) != 0)
			rc = -1;
		if (rc == 0)
			site_write(s, rel, buf, len);
		else
			diags_add(s->d, MSG_SYSERR, rel, 0, "cannot make the "
			    "table's file");
		free(buf);
		free(rel);
	}
	data_table_free(t);
}

/* The overview, with index.md read for it when the runs have one. */
static htmlDocPtr
build_index(struct site *s)
{
	const struct runset *set = s->plan.set;
	struct notes_text intro = {0};
	char *path = NULL, *md = NULL;
	htmlDocPtr doc;

	if (s->plan.template[PAGE_INDEX] == NULL)
		return NULL;
	if (set->has_index) {
		path = xasprintf("%s/index.md", set->root);
		md = file_read(path, s->max_file_size, &intro.len, s->d);
		intro.path = path;
		intro.md = md;
	}
	doc = index_doc(&s->plan, set->has_index ? &intro : NULL, s->d);
	free(md);
	free(path);
	return doc;
}

/* Run i's page, with what it shows read for it: its samples (run_samples)
 * and its notes; and its table's numbers into t unless NULL. */
static htmlDocPtr
build_run_page(struct site *s, size_t i, struct data_table *t)
{
	const struct run *r = &s->plan.set->runs[i];
	struct results read = {0};
	const struct results *rs;
	struct notes_text notes = {0};
	char *dir, *path = NULL, *md = NULL;
	htmlDocPtr doc;

	if (s->plan.template[PAGE_RUN] == NULL)
		return NULL;
	rs = run_samples(s, i, &read);
	if (r->notes) {
		dir = run_dir(s->plan.set, r);
		path = xasprintf("%s/%s", dir, r->notes);
		free(dir);
		md = file_read(path, s->max_file_size, &notes.len, s->d);
		notes.path = path;
		notes.md = md;
	}
	doc = run_doc(&s->plan, i, rs, r->notes ? &notes : NULL, s->d);
	/* The rows the page lists: a paged run's summary only; a run of
	 * fio alone, its workloads. */
	if (doc && t && r->nsamples > 0)
		samples_table(&s->plan, i, rs, 0, sample_pages(r) > 0 ? 0 :
		    r->nsamples, r->nsamples > 1, t);
	else if (doc && t)
		fio_run_table(&s->plan, i, t);
	if (doc && t && plan_fio_table_apart(&s->plan, i)) {
		struct data_table fio = {0};
		char *rel = xasprintf("runs/%s@fio.html", s->plan.slug[i]);

		fio_run_table(&s->plan, i, &fio);
		write_table(s, rel, &fio);
		free(rel);
	}
	free(md);
	free(path);
	results_free(&read);
	return doc;
}

/* Page k of run i's samples, which are read for it. */
static void
samples_page(struct site *s, size_t i, size_t k)
{
	struct results read = {0};
	const struct results *rs;
	htmlDocPtr doc;
	char *rel;

	if (s->plan.template[PAGE_SAMPLES] == NULL)
		return;
	rs = run_samples(s, i, &read);
	doc = samples_doc(&s->plan, i, k, rs, &rel);
	if (doc) {
		struct data_table t = {0};
		size_t from = (k - 1) * SITE_SAMPLES_PER_PAGE;

		samples_table(&s->plan, i, rs, from, from +
		    SITE_SAMPLES_PER_PAGE, false, &t);
		write_table(s, rel, &t);
	}
	write_page(s, doc, rel);
	free(rel);
	results_free(&read);
}

static void
run_job(struct site *s, const struct job *j)
{
	struct data_table t = {0};
	htmlDocPtr doc = NULL;
	char *rel = NULL;

	switch (j->kind) {
	case JOB_PNG:
		make_png(s, (int)j->a, (int)j->b);
		break;
	case JOB_RUN:
		copy_run_files(s, j->a);
		doc = build_run_page(s, j->a, &t);
		rel = run_href(&s->plan, j->a, "");
		break;
	case JOB_SAMPLES:
		samples_page(s, j->a, j->b);
		break;
	case JOB_METRIC:
		/* Its charts are files of its own, kept with the page while
		 * the runs they show are unchanged (chart_fp). */
		make_chart(s, (int)j->a);
		doc = metric_doc(&s->plan, (int)j->a, &rel);
		if (doc)
			metric_table(&s->plan, (int)j->a, &t);
		drop_chart(s, (int)j->a);
		break;
	case JOB_FIO_INDEX:
		doc = fio_index_doc(&s->plan, &rel);
		break;
	case JOB_INDEX_TABLE:
		/* The overview is written last (render_all); its table's
		 * numbers are a job, kept while its rows are unchanged. */
		index_table(&s->plan, &t);
		write_table(s, "index.html", &t);
		break;
	case JOB_KEY:
		doc = key_doc(&s->plan, j->a, s->d, &s->charts, &rel, &t);
		break;
	case JOB_SERIES:
		doc = series_doc(&s->plan, j->a, j->b, s->d, &s->charts, &rel,
		    &t);
		break;
	case JOB_PAIR:
		doc = pair_doc(&s->plan, j->a, (int)j->b, &rel, &t);
		break;
	}
	if (rel)
		write_table(s, rel, &t);
	write_page(s, doc, rel);
	free(rel);
}

/* "build --single-file": the overview and its runs' pages, built as
 * for the site, put together with the style sheet into one file. */
static void
single_file(struct site *s)
{
	htmlDocPtr doc = build_index(s);
	xmlNodePtr main_el;
	char *path, *css, *buf;
	size_t len, shown;
	bool *in;

	if (doc == NULL)
		return;
	main_el = single_begin(doc);
	in = single_runs(&s->plan, doc, &shown);
	if (main_el)
		single_note(main_el, shown, s->plan.set->n);
	for (size_t i = 0; main_el && i < s->plan.set->n; i++)
		if (in[i])
			single_add_run(&s->plan, main_el, i,
			    build_run_page(s, i, NULL));
	path = xasprintf("%s/assets/style.css", s->opts->data_dir);
	css = file_read(path, DEFAULT_MAX_FILE_SIZE, &len, s->d);
	single_end(&s->plan, doc, in, css, len);
	free(in);
	free(css);
	free(path);
	if (html_serialize(doc, &buf, &len) == 0) {
		if (write_file_atomic(s->opts->single, buf, len, s->d) == 0)
			s->pages++;
		free(buf);
	}
	xmlFreeDoc(doc);
}

/* The jobs of a build and where their merge has got to. Those whose
 * files are in place (here[k], 1 + the line of the previous site's log
 * that lists them) are never handed to a worker: the parent logs them
 * as it merges the others' reports (todo, in job order), so that the
 * log is in job order whichever ran. */
struct job_ctx {
	struct site *s;
	const struct job *jobs;
	const uint32_t *here;	/* per job, or NULL: none */
	const size_t *todo;	/* the jobs handed to workers */
	const char (*todo_fp)[FP_HEX];	/* their fingerprints, or NULL */
	size_t logged;		/* the jobs before it are logged */
};

/* Whether job key, of fingerprint fp, keeps its files: the old site's,
 * linked (REUSE_OLD); 0 when it must run. A job whose files are in
 * place (REUSE_HERE) never gets here: jobs_sort found it. */
static int
keep_job(struct site *s, const char *key, const char *fp)
{
	struct reuse_hit hit;
	char **old;
	size_t n;
	bool kept;

	if (!reuse_find(s->reuse, REUSE_OLD, key, fp, &hit))
		return 0;
	old = reuse_files(s->reuse, &hit, &n);
	kept = old && keep_files(s, old, n) == 0;
	free(old);
	return kept ? REUSE_OLD : 0;
}

/* Runs a job and reports what it did (counts, files written, problems)
 * instead of keeping it: the parent takes the reports back in order. A
 * kept job's files are not reported: the parent has the job logs that
 * list them. */
static void
job_report(void *ctx, size_t k, FILE *out)
{
	struct job_ctx *c = ctx;
	struct site *s = c->s;
	size_t w0 = s->nwritten, d0 = s->d->n;
	int p0 = s->pages, c0 = s->charts, f0 = s->files, quiet = s->d->quiet;
	enum msg_level worst = s->d->worst;

	const struct job *j = &c->jobs[c->todo[k]];
	char fp[FP_HEX], *key = NULL;
	int kept = 0;

	s->d->quiet = 1;
	s->in_job = true;
	/* Once the disk is full a job is not run, and is reported as no
	 * job, so that it is not logged as made: the build has failed. */
	if (!s->disk_full) {
		if (c->todo_fp) {
			key = site_job_key(s, j);
			memcpy(fp, c->todo_fp[k], FP_HEX);
		} else {
			key = site_job_fp(s, j, fp);
		}
		if ((kept = keep_job(s, key, fp)) == 0)
			run_job(s, j);
	}
	s->d->quiet = quiet;
	report_str(out, key);
	report_str(out, key ? fp : NULL);
	report_num(out, kept);
	free(key);
	report_num(out, s->pages - p0);
	report_num(out, s->charts - c0);
	report_num(out, s->files - f0);
	report_num(out, (long long)(s->nwritten - w0));
	for (size_t i = w0; i < s->nwritten; i++) {
		report_str(out, s->written[i]);
		free((char *)s->written[i]);
	}
	s->in_job = false;
	report_num(out, (long long)(s->d->n - d0));
	for (size_t i = d0; i < s->d->n; i++) {
		const struct diag *g = &s->d->v[i];

		report_num(out, g->level);
		report_num(out, g->line);
		report_str(out, g->file);
		report_str(out, g->message);
		free(g->file);
		free(g->message);
	}
	s->pages = p0;
	s->charts = c0;
	s->files = f0;
	s->nwritten = w0;
	s->d->n = d0;
	s->d->worst = worst;
}

/* A line of this build's job log (reuse.h). */
static void
log_job(struct site *s, const char *key, const char *fp,
    const char *const *files, size_t n)
{
	if (s->job_log)
		reuse_write_line(s->job_log, key, fp, files, n);
}

static void
job_log_failed(struct site *s, int err)
{
	diags_add(s->d, MSG_SYSERR, s->opts->out, 0, "cannot write %s: %s",
	    JOBS_FILE, strerror(err));
}

/* The job log goes to the staging directory as the jobs are merged, not
 * held whole (44 MB at 100 000 runs). */
static void
job_log_open(struct site *s)
{
	char *path = xasprintf("%s/%s", s->out, JOBS_FILE);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	if (fd < 0 || fchmod(fd, 0644) != 0 ||
	    (s->job_log = fdopen(fd, "w")) == NULL) {
		job_log_failed(s, errno);
		if (fd >= 0)
			close(fd);
	}
	free(path);
	log_job(s, MADE_BY, s->fp_global, NULL, 0);
}

static void
job_log_close(struct site *s)
{
	bool failed;

	if (s->job_log == NULL)
		return;
	/* Last: the site is whole from here on, if it is published. */
	if (s->opts->inputs_fp[0] && s->d->n == s->opts->load_msgs)
		fprintf(s->job_log, "%s\t%s%s\n", BUILT_FROM,
		    s->opts->inputs_fp, s->plan.an->failing > 0 ? "\t"
		    GATE_FAILS : "");
	failed = ferror(s->job_log) != 0;
	if (fclose(s->job_log) != 0 || failed)
		job_log_failed(s, failed ? EIO : errno);
	else
		add_written(s, JOBS_FILE);
	s->job_log = NULL;
}

/* The files a job's report lists (a count, then each), in a new vector
 * of *n new strings. */
static char **
report_names(const char **p, const char *end, size_t *n)
{
	long long count = report_get_num(p, end);
	char **v = xmalloc((count > 0 ? (size_t)count : 0) * sizeof *v + 1);

	*n = 0;
	for (; count > 0; count--)
		if ((v[*n] = report_get_str(p, end)) != NULL)
			(*n)++;
	return v;
}

/* The problems a job's report lists, added to the build's. */
static void
merge_diags(struct site *s, const char **p, const char *end)
{
	for (long long n = report_get_num(p, end); n > 0; n--) {
		int level = (int)report_get_num(p, end);
		long line = (long)report_get_num(p, end);
		char *file = report_get_str(p, end);
		char *msg = report_get_str(p, end);

		diags_add(s->d, (enum msg_level)level, file ? file : "", line,
		    "%s", msg ? msg : "");
		free(file);
		free(msg);
	}
}

static void
kept_unknown(struct site *s, const char *key)
{
	diags_add(s->d, MSG_SYSERR, s->opts->out, 0, "%s changed while the "
	    "site was built: the files kept for %s are unknown", JOBS_FILE,
	    key ? key : "a job");
}

/* The lines of the jobs from c->logged up to (not including) job end,
 * whose files are in place: copied from the previous site's log. */
static void
log_kept_here(struct job_ctx *c, size_t end)
{
	struct site *s = c->s;

	for (; c->logged < end; c->logged++) {
		struct reuse_hit hit = {c->here[c->logged] - 1};
		char *key;

		s->reused++;
		progress(s, "");
		if (s->job_log == NULL)
			continue;
		key = site_job_key(s, &c->jobs[c->logged]);
		if (!reuse_write_kept(s->job_log, s->reuse, &hit, key, NULL))
			kept_unknown(s, key);
		free(key);
	}
}

/* Merges job k's report. A job that kept its files logs the old log's
 * line of them, copied; one that ran logs the files it wrote. The names
 * of a logged job are not held: they are read back from this build's
 * log once the runs are let go (logged_names). A job that met a problem
 * is not logged, so that it is done again next time and the problem
 * reported again: its files are listed here. */
static void
job_merge(void *ctx, size_t k, const char *buf, size_t len)
{
	struct job_ctx *c = ctx;
	struct site *s = c->s;
	const char *p = buf, *end = buf + len;
	char *key = report_get_str(&p, end), *fp = report_get_str(&p, end);
	int kept = (int)report_get_num(&p, end);
	size_t d0 = s->d->n, nmade;
	struct reuse_hit hit;
	bool found, logged = false;
	char **made;

	s->reused += kept != 0;
	s->pages += (int)report_get_num(&p, end);
	s->charts += (int)report_get_num(&p, end);
	s->files += (int)report_get_num(&p, end);
	made = report_names(&p, end, &nmade);
	log_kept_here(c, c->todo[k]);
	c->logged++;
	/* The worker found the line and kept its files; only a log changed
	 * since it was read can fail this, and the files it kept are then
	 * unknown. */
	found = kept && key && fp && reuse_find(s->reuse,
	    (enum reuse_log)kept, key, fp, &hit);
	if (kept && !found)
		kept_unknown(s, key);
	merge_diags(s, &p, end);
	if (key && fp && s->d->n == d0 && s->job_log && !kept) {
		log_job(s, key, fp, (const char *const *)made, nmade);
		logged = true;
	} else if (found && s->d->n == d0 && s->job_log) {
		logged = reuse_write_kept(s->job_log, s->reuse, &hit, key, fp);
		if (!logged)
			kept_unknown(s, key);
	}
	for (size_t i = 0; i < nmade; i++) {
		if (!logged)
			add_written(s, made[i]);
		free(made[i]);
	}
	free(made);
	free(key);
	free(fp);
	progress(s, "");
}

/* The jobs in place and the others, found by two threads (jobs_sort):
 * each claims CLAIM_JOBS jobs at a time, as the jobs' costs differ
 * (a "by KEY" page's fingerprint reads every run, a run page's one), and
 * lists the jobs it found not in place with their fingerprints, up to
 * KEEP_FPS of them: past that (a new program, a first build on an old
 * site) the workers take the fingerprints again, which costs little
 * beside rendering, where holding them would cost 7 MB. */
#define CLAIM_JOBS 4
#define KEEP_FPS 2048

struct jobs_sort {
	const struct site *s;
	const struct job *jobs;
	size_t n;
	uint32_t *here;
	atomic_size_t next;
};

struct jobs_share {
	struct jobs_sort *js;
	size_t *todo, ntodo, cap;	/* in increasing order */
	char (*fp)[FP_HEX];
};

/* Lists job k, of fingerprint fp, as not in place. */
static void
jobs_share_add(struct jobs_share *sh, size_t k, const char *fp)
{
	xgrow((void **)&sh->todo, &sh->cap, sh->ntodo + 1, sizeof *sh->todo);
	sh->todo[sh->ntodo] = k;
	if (sh->ntodo == KEEP_FPS) {
		free(sh->fp);
		sh->fp = NULL;
	} else if (sh->ntodo < KEEP_FPS) {
		sh->fp = xrealloc(sh->fp, (sh->ntodo + 1) * sizeof *sh->fp);
		memcpy(sh->fp[sh->ntodo], fp, FP_HEX);
	}
	sh->ntodo++;
}

static void *
jobs_share_run(void *arg)
{
	struct jobs_share *sh = arg;
	struct jobs_sort *js = sh->js;
	struct fp *f = fp_new();
	struct reuse_hit hit;
	char fp[FP_HEX];
	size_t from;

	while ((from = atomic_fetch_add(&js->next, CLAIM_JOBS)) < js->n) {
		size_t to = from + CLAIM_JOBS < js->n ? from + CLAIM_JOBS :
		    js->n;

		for (size_t k = from; k < to; k++) {
			char *key = site_job_fp_in(js->s, &js->jobs[k], f, fp);

			if (reuse_find(js->s->reuse, REUSE_HERE, key, fp, &hit)) {
				js->here[k] = hit.line + 1;
			} else {
				jobs_share_add(sh, k, fp);
			}
			free(key);
		}
	}
	fp_free(f);
	return NULL;
}

/* The two threads' lists of jobs not in place merged, in job order, into
 * c->todo and (when both kept them) c->todo_fp; how many. */
static size_t
jobs_merge_halves(struct job_ctx *c, struct jobs_share half[2])
{
	size_t ntodo = half[0].ntodo + half[1].ntodo, k[2] = {0, 0};
	size_t *todo = xcalloc(ntodo + 1, sizeof *todo);
	char (*fps)[FP_HEX] = ntodo <= KEEP_FPS ?
	    xcalloc(ntodo + 1, sizeof *fps) : NULL;

	for (size_t j = 0; j < ntodo; j++) {
		int w = k[1] == half[1].ntodo || (k[0] < half[0].ntodo &&
		    half[0].todo[k[0]] < half[1].todo[k[1]]) ? 0 : 1;

		todo[j] = half[w].todo[k[w]];
		if (fps)
			memcpy(fps[j], half[w].fp[k[w]], FP_HEX);
		k[w]++;
	}
	for (int w = 0; w < 2; w++) {
		free(half[w].todo);
		free(half[w].fp);
	}
	c->todo = todo;
	c->todo_fp = (const char (*)[FP_HEX])fps;
	return ntodo;
}

/* Sorts the n jobs into those whose files are in place (c->here: 1 + the
 * line of the previous site's log that lists them, the staging
 * directory being that site) and those a worker runs (c->todo, in job
 * order, with their fingerprints, c->todo_fp). Found here, in two
 * threads, rather than by the workers: at 100 000 runs one edit leaves
 * all but a few dozen of 200 000 jobs in place, and handing each to a
 * worker and its report back cost more than the lookup. Without a log
 * of use every job runs, and its worker takes its fingerprint. */
static size_t
jobs_sort(struct job_ctx *c, size_t n)
{
	struct jobs_sort js = {c->s, c->jobs, n, NULL, 0};
	struct jobs_share half[2] = {{&js, NULL, 0, 0, NULL},
	    {&js, NULL, 0, 0, NULL}};
	size_t *todo;

	if (c->s->reuse == NULL) {
		todo = xcalloc(n ? n : 1, sizeof *todo);
		for (size_t j = 0; j < n; j++)
			todo[j] = j;
		c->todo = todo;
		return n;
	}
	js.here = xcalloc(n ? n : 1, sizeof *js.here);
	run_two(jobs_share_run, &half[0], &half[1]);
	c->here = js.here;
	return jobs_merge_halves(c, half);
}

static void
render_all(struct site *s)
{
	struct job_ctx ctx = {.s = s};
	struct job *jobs;
	size_t njobs, ntodo;
	char err[256];

	plan_make(&s->plan, s->plan.an);
	plan_load_templates(&s->plan, s->templates, s->d);
	if (s->opts->single) {
		for (int m = 0; m < (int)s->plan.set->metrics.n; m++)
			if (s->plan.has_data[m])
				make_chart(s, m);
		single_file(s);
		return;
	}
	copy_assets(s);
	xmlInitParser();
	site_fingerprints(s);
	s->old_made_here = reuse_find(s->reuse, REUSE_OLD, MADE_BY,
	    s->fp_global, &(struct reuse_hit){0});
	/* The logs of no use go before the workers fork (after an
	 * upgrade, all of them). */
	s->reuse = reuse_settle(s->reuse, s->fp_global);
	ctx.jobs = jobs = plan_jobs(s, &njobs);
	ntodo = jobs_sort(&ctx, njobs);
	/* A page is a tree of many small nodes freed at once: kept out of
	 * malloc's fast bins, they are merged as they are freed rather
	 * than all at the next large request (a quarter of the time of a
	 * run with 10 000 samples). */
	mallopt(M_MXFAST, 0);
	/* The workers fork from here and each counts what this process
	 * holds: the memory the analysis and the fingerprints freed goes
	 * back to the system first. */
	malloc_trim(0);
	job_log_open(s);
	if (workers_run(ntodo, s->opts->jobs, job_report, job_merge, &ctx,
	    err, sizeof err) != 0)
		diags_add(s->d, MSG_SYSERR, s->opts->out, 0, "%s", err);
	else
		log_kept_here(&ctx, njobs);
	free((void *)ctx.here);
	free((void *)ctx.todo);
	free((void *)ctx.todo_fp);
	free(jobs);
	/* No job is left to look up: the old logs' index goes (10 MB at
	 * 100 000 runs) before the overview's tree is built. */
	reuse_free(s->reuse);
	s->reuse = NULL;
	/* Last, so that it lists every problem met while rendering. */
	write_page(s, build_index(s), "index.html");
	job_log_close(s);
	progress(s, "\n");
}

static void
add_logged(void *s, const char *rel)
{
	add_written(s, rel);
}

/* The files of the jobs this build logged join the site's files, read
 * back from its job log: they are held only once the runs and the
 * analysis are gone. Returns 0, or -1 (reported). */
static int
logged_names(struct site *s)
{
	if (reuse_log_files(s->out, add_logged, s))
		return 0;
	diags_add(s->d, MSG_SYSERR, s->opts->out, 0, "cannot read back %s",
	    JOBS_FILE);
	return -1;
}

static void
site_free(struct site *s)
{
	plan_free(&s->plan);
	free(s->fp_run);
	reuse_free(s->reuse);
	free(s->templates);
	if (s->fonts)
		chart_fonts_free(s->fonts);
	free(s->written);
	xarena_free(&s->names);
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

/* Whether path inner is outer or lies inside it (both real paths). */
static bool
path_inside(const char *inner, const char *outer)
{
	size_t n = strlen(outer);

	return strncmp(inner, outer, n) == 0 && (inner[n] == '/' ||
	    inner[n] == '\0' || strcmp(outer, "/") == 0);
}

/* Refuses a site directory that is the runs directory, lies inside it or
 * holds it: a build must never write among the user's runs. Checked
 * before anything is created. */
static int
check_places(const char *root, const char *out, struct diags *d)
{
	char *runs = realpath(root, NULL), *site = real_place(out);
	int bad = runs && site && (path_inside(site, runs) ||
	    path_inside(runs, site));

	if (bad)
		diags_add(d, MSG_ERROR, out, 0, "the site directory may not be "
		    "the runs directory, lie inside it or hold it; nothing "
		    "written");
	free(runs);
	free(site);
	return bad ? -1 : 0;
}

/* The staging directory is the previous site: its job log says which
 * jobs' files are already in place (unless --full renders everything,
 * then NULL), and goes, as this build writes its own. */
static struct reuse *
take_job_log(struct reuse *r, const char *staging, bool full)
{
	char *path = xasprintf("%s/%s", staging, JOBS_FILE);

	if (!full)
		r = reuse_load(r, staging, REUSE_HERE);

	unlink(path);
	free(path);
	return r;
}

/* ---- what a build does before it has the runs (site.h) ---- */

struct site_prep {
	char *out;
	bool full, started, joined;
	pthread_t thread;
	int rc;			/* publish_begin's */
	int lock;		/* SITE's (publish_lock), until freed */
	struct publish pub;	/* until site_build takes it */
	struct reuse *reuse;	/* the old and previous sites' jobs */
	struct diags d;		/* quiet: said by site_build */
	/* The previous site, checked by a thread of its own from the
	 * start, while the runs are read: a walk of every file it holds
	 * that a build that finds nothing to do must make too. */
	pthread_t prev_thread;
	bool prev_started, prev_joined;
	struct publish_prev prev;
};

static void *
prev_run(void *arg)
{
	struct site_prep *p = arg;

	publish_prev_find(p->out, &p->prev);
	return NULL;
}

/* What the previous site's thread found, once it is done; NULL when it
 * could not run. */
static struct publish_prev *
prev_found(struct site_prep *p)
{
	if (!p->prev_started)
		return NULL;
	if (!p->prev_joined)
		pthread_join(p->prev_thread, NULL);
	p->prev_joined = true;
	return &p->prev;
}

/* Reads and renames only; touches nothing the main thread does. */
static void *
prep_run(void *arg)
{
	struct site_prep *p = arg;

	if (!p->full)
		p->reuse = reuse_load(NULL, p->out, REUSE_OLD);
	p->rc = publish_begin(&p->pub, p->out, prev_found(p), &p->d);
	if (p->rc == 0 && p->pub.had)
		p->reuse = take_job_log(p->reuse, p->pub.staging, p->full);
	return NULL;
}

struct site_prep *
site_prep_start(const struct site_opts *opts, const char *runs,
    struct diags *d)
{
	struct diags quiet = {.quiet = 1};
	struct site_prep *p;
	int lock = -1;
	/* The lock is taken here, before the thread and the loader's cache
	 * touch anything beside SITE. */
	bool ok = !opts->single && check_places(runs, opts->out, &quiet) ==
	    0 && publish_plausible(opts->out) && publish_lock(opts->out,
	    !opts->no_wait, d->quiet, &lock, d) == 0;

	diags_free(&quiet);
	if (!ok)
		return NULL;
	/* libxml2 sets itself up once, before a second thread uses it. */
	xmlInitParser();
	p = xcalloc(1, sizeof *p);
	p->out = xstrdup(opts->out);
	p->lock = lock;
	p->full = opts->full;
	p->d.quiet = 1;
	p->prev_started = pthread_create(&p->prev_thread, NULL, prev_run,
	    p) == 0;
	return p;
}

void
site_prep_say_prev(struct site_prep *p, struct diags *d)
{
	struct publish_prev here, *pp = prev_found(p);

	if (pp == NULL)
		publish_prev_find(p->out, pp = &here);
	publish_prev_say(pp, d);
}

void
site_prep_go(struct site_prep *p)
{
	if (p == NULL || p->started)
		return;
	p->started = true;
	if (pthread_create(&p->thread, NULL, prep_run, p) != 0) {
		prep_run(p);
		p->joined = true;
	}
}

bool
site_prep_wait(struct site_prep *p)
{
	if (!p->started)
		return true;	/* plausible, as site_prep_start found */
	if (!p->joined)
		pthread_join(p->thread, NULL);
	p->joined = true;
	return p->rc == 0;
}

void
site_prep_free(struct site_prep *p)
{
	if (p == NULL)
		return;
	site_prep_wait(p);
	if (prev_found(p))
		publish_prev_free(&p->prev);
	if (p->rc == 0 && p->pub.staging)
		publish_abort(&p->pub);
	publish_free(&p->pub);
	reuse_free(p->reuse);
	publish_unlock(p->out, p->lock);
	diags_free(&p->d);
	free(p->out);
	free(p);
}

/* Takes over what the thread did: its messages are said now, where the
 * build would have made them. Returns 0, or -1 when SITE may not be
 * replaced. */
static int
take_prep(struct site *s, struct site_prep *p, struct publish **pub)
{
	site_prep_go(p);
	site_prep_wait(p);
	diags_append(s->d, &p->d);
	if (p->rc != 0)
		return -1;
	publish_say_notes(&p->pub, s->d->quiet);
	s->reuse = p->reuse;
	p->reuse = NULL;
	*pub = &p->pub;
	return 0;
}

/* The same, done here: no thread was started. SITE is checked before
 * its lock is taken, so that nothing is left beside a SITE that is
 * refused; *lock is SITE's, for the caller to let go. */
static int
prepare(struct site *s, struct publish *own, struct publish **pub,
    int *lock)
{
	if (!publish_replaceable(s->opts->out, s->d) ||
	    publish_lock(s->opts->out, !s->opts->no_wait, s->d->quiet, lock,
	    s->d) != 0)
		return -1;
	if (!s->opts->full)
		s->reuse = reuse_load(NULL, s->opts->out, REUSE_OLD);
	if (publish_begin(own, s->opts->out, NULL, s->d) != 0)
		return -1;
	publish_say_notes(own, s->d->quiet);
	if (own->had)
		s->reuse = take_job_log(s->reuse, own->staging,
		    s->opts->full);
	*pub = own;
	return 0;
}

int
site_build(const struct analysis *an, const struct site_opts *opts,
    struct diags *d)
{
	static const char *const dirs[] = {"", "assets", "charts", "runs",
	    "metrics", "compare", "series"};
	const struct runset *set = an->set;
	struct site s = {.plan = {.an = an, .single = opts->single != NULL},
	    .opts = opts, .d = d, .max_file_size = opts->lim ?
	    opts->lim->file_size : DEFAULT_MAX_FILE_SIZE};
	struct publish own, *pub;
	char err[256] = "";
	int rc = -1, lock = -1;

	if (check_places(set->root, opts->single ? opts->single : opts->out,
	    d) != 0)
		return -1;
	if ((s.fonts = chart_fonts_load(opts->font_dir, err)) == NULL) {
		diags_add(d, MSG_SYSERR, opts->font_dir ? opts->font_dir :
		    "fonts-dejavu-core", 0, "%s", err);
		return -1;
	}
	s.plan.fonts = s.fonts;
	s.templates = xasprintf("%s/templates", opts->data_dir);
	if (opts->single) {
		render_all(&s);
		site_free(&s);
		return 0;
	}
	/* Everything goes into a staging directory, swapped in at the end:
	 * SITE is always a whole site, the old one or the new. */
	if ((opts->prep ? take_prep(&s, opts->prep, &pub) :
	    prepare(&s, &own, &pub, &lock)) != 0) {
		publish_unlock(opts->out, lock);
		site_free(&s);
		return -1;
	}
	s.pub = pub;
	s.out = pub->staging;
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
		if (i > 0 && publish_mkdir(pub, dirs[i], d) != 0)
			goto done;
	render_all(&s);
	if (d->n > 0 && d->worst == MSG_SYSERR) {
		diags_add(d, MSG_ERROR, opts->out, 0, "not replaced: the new "
		    "site could not be written whole");
		goto done;
	}
	/* From here on nothing reads the analysis or the runs. */
	plan_free(&s.plan);
	if (opts->rendered)
		opts->rendered(opts->rendered_arg);
	if (logged_names(&s) == 0)
		rc = publish_commit(pub, s.written, s.nwritten, d);
done:
	if (rc != 0)
		publish_abort(pub);
	publish_free(pub);
	publish_unlock(opts->out, lock);
	site_free(&s);
	return rc;
}
