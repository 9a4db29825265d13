/* What each page of the site says: the overview, a page per run and a
 * page per metric, filled into the templates (pages.h). Takes the plan,
 * the model and what the site stage read for the page const. */
#include "model/display.h"
#include "render/notes.h"
#include "render/page_common.h"
#include "render/pages.h"
#include "render/render.h"
#include "render/tables.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Known meta keys in the order a run page shows them, with labels. */
static const struct {
	const char *key, *label;
} meta_labels[] = {
	{"host", "Host"}, {"date", "Date"}, {"label", "Label"},
	{"series", "Series"}, {"controller", "Controller"},
	{"chipset", "Chipset"}, {"bus", "Bus"}, {"driver", "Driver"},
	{"firmware", "Firmware"}, {"disks", "Disks"}, {"raid", "RAID"},
	{"chunk", "Chunk"}, {"filesystem", "File system"},
	{"mount-options", "Mount options"}, {"kernel", "Kernel"},
	{"os", "OS"}, {"scheduler", "I/O scheduler"},
	{"readahead", "Read-ahead"}, {"queue-depth", "Queue depth"},
	{"write-cache", "Write cache"}, {"cpu", "CPU"}, {"memory", "Memory"},
	{"motherboard", "Motherboard"}, {"bonnie-options", "bonnie++ options"},
	{"baseline", "Baseline"},
};

static const char *const bonnie_help[M_COUNT] = {
	[M_PUTC] = "Writing a file one byte at a time (in bonnie++ 1.9x and "
	    "later one write(2) call per byte on a small file, so not "
	    "comparable with 1.0x figures).",
	[M_PUT_BLOCK] = "Writing a file in blocks: the sequential write "
	    "speed of the disk or array.",
	[M_REWRITE] = "Reading each block of the file, changing it and "
	    "writing it back: exercises the cache and the seek between read "
	    "and write.",
	[M_GETC] = "Reading a file one byte at a time.",
	[M_GET_BLOCK] = "Reading a file in blocks: the sequential read speed "
	    "of the disk or array.",
	[M_SEEKS] = "Random seeks by several processes at once, each reading "
	    "a block and sometimes writing it back.",
	[M_SEQ_CREATE] = "Creating files in numeric order.",
	[M_SEQ_STAT] = "Reading the status of files in numeric order.",
	[M_SEQ_DEL] = "Deleting files in numeric order.",
	[M_RAN_CREATE] = "Creating files in random order.",
	[M_RAN_STAT] = "Reading the status of files in random order.",
	[M_RAN_DEL] = "Deleting files in random order.",
};

/* ", each write made durable by fdatasync" (every 8 writes: "after
 * every 8 writes"); "" when the job synced nothing. */
static void
sync_words(const struct fio_key *k, char *buf, size_t size)
{
	if (k->sync == FSY_NONE)
		buf[0] = '\0';
	else if (k->sync == FSY_OSYNC)
		snprintf(buf, size, ", each write made durable (O_SYNC)");
	else if (k->sync_every > 1)
		snprintf(buf, size, ", %s after every %d writes",
		    fio_sync_labels[k->sync], k->sync_every);
	else
		snprintf(buf, size, ", each write made durable by %s",
		    fio_sync_labels[k->sync]);
}

/* What a fio workload does, in words: "Random reads of 4k blocks, 32
 * in flight (iodepth 32 x 1 job), libaio, direct I/O". */
static char *
workload_words(const struct fio_key *k)
{
	static const char *const what[FIO_RWS] = {
		"Sequential reads", "Sequential writes", "Random reads",
		"Random writes", "Sequential reads and writes",
		"Random reads and writes", "Sequential trims", "Random trims",
		"Trims and writes", "fio job",
	};
	char bs[24], sync[64], mix[64] = "";

	if (k->rw == RW_JOB)
		return xasprintf("The %s figures of fio job \"%s\", named by "
		    "the job: its output gives no pattern, or its options ask "
		    "for more than a pattern, block size and queue depth say "
		    "(a mix of sizes, a skewed or throttled load)",
		    fio_dir_names[k->dir], k->job);
	fio_bs_text(k->bs, bs, sizeof bs);
	/* "2300" alone is a count: its unit said */
	if (strspn(bs, "0123456789") == strlen(bs))
		strcat(bs, "-byte");
	sync_words(k, sync, sizeof sync);
	if (fio_rw_reads_and_writes(k->rw))
		snprintf(mix, sizeof mix, ", %d%% of them reads", k->mix);
	if (fio_rw_random(k->rw) && k->random != 100)
		snprintf(mix + strlen(mix), sizeof mix - strlen(mix), ", %d%% of "
		    "them at random", k->random);
	return xasprintf("%s%s%s of %s blocks, %.0f in flight (iodepth %d "
	    "\u00d7 %d job%s)%s%s%s%s%s", what[k->rw], fio_rw_mixed(k->rw) ?
	    ": the " : "", fio_rw_mixed(k->rw) ? fio_dir_names[k->dir] : "",
	    bs, fio_key_inflight(k), k->iodepth, k->numjobs,
	    k->numjobs == 1 ? "" : "s", k->engine[0] ? ", " : "", k->engine,
	    k->direct ? ", direct I/O" : ", through the page cache",
	    sync, mix);
}

/* The lead of a metric's page: what it measures. */
static char *
metric_help(const struct site_plan *s, int id)
{
	static const char *const measures[FIO_MEASURES] = {
		"bandwidth, in MiB/s", "I/O operations per second",
		"the mean completion latency (fio's clat): shorter is better",
		"the median completion latency: shorter is better",
		"the 99th percentile of completion latency: one request in a "
		    "hundred took longer",
		"the 99.9th percentile of completion latency: one request in a "
		    "thousand took longer",
		"the mean latency of its fsync or fdatasync calls, which wait "
		    "for the writes to reach stable storage: shorter is better",
		"the 99th percentile of its fsync or fdatasync calls' "
		    "latency: one in a hundred took longer",
	};
	const struct metric *m = analysis_metric(s->an, id);
	char *words, *out;

	if (m->def.family == FAMILY_BONNIE)
		return xstrdup(bonnie_help[id]);
	words = workload_words(&m->fio);
	out = xasprintf("%s: %s.", words, measures[m->fio.measure]);
	free(words);
	return out;
}

/* The overview's text columns after the run's title: its host, its
 * controller (or chipset), then these keys. */
#define OVERVIEW_TEXTS 7
static const char *const overview_keys[] = {"disks", "raid", "filesystem",
    "kernel", "scheduler"};

/* Run r's text of column k (of OVERVIEW_TEXTS), or NULL. */
static const char *
overview_text(const struct run *r, size_t k)
{
	const char *v = k == 0 ? run_host(r) : k == 1 ? (meta_get(&r->meta,
	    "controller") ? meta_get(&r->meta, "controller") :
	    meta_get(&r->meta, "chipset")) : meta_get(&r->meta,
	    overview_keys[k - 2]);

	return v && *v ? v : NULL;
}

/* Which text columns the overview shows: a column every run leaves
 * empty (fio runs of a VM name no controller or scheduler) only pushes
 * the figures off the screen, and so does one every run fills alike
 * (one host's nights), which shared[k] then holds for the sentence
 * above the table (overview_shared). The table's CSV and JSON keep
 * them all. */
static void
overview_kept(const struct site_plan *s, bool keep[OVERVIEW_TEXTS],
    const char *shared[OVERVIEW_TEXTS])
{
	size_t n;
	const size_t *rows = plan_rows(s, &n);

	for (size_t k = 0; k < OVERVIEW_TEXTS; k++) {
		const char *first = n > 0 ?
		    overview_text(&s->set->runs[rows[0]], k) : NULL;
		bool alike = n > 1 && first != NULL;

		keep[k] = false;
		for (size_t row = 0; row < n; row++) {
			const char *v = overview_text(&s->set->runs[rows[row]],
			    k);

			keep[k] |= v != NULL;
			alike = alike && v != NULL && strcmp(v, first) == 0;
		}
		shared[k] = alike ? first : NULL;
		keep[k] &= !alike;
	}
}

/* The text columns every run of the overview fills alike, said once
 * after the table's units: "Every run: host vm, file system ext4." */
static void
overview_shared(xmlNodePtr p, const char *const shared[OVERVIEW_TEXTS])
{
	static const char *const names[OVERVIEW_TEXTS] = {"host",
	    "controller", "disks", "RAID", "file system", "kernel",
	    "scheduler"};
	bool any = false;

	for (size_t k = 0; p && k < OVERVIEW_TEXTS; k++) {
		if (shared[k] == NULL)
			continue;
		html_text(p, any ? ", " : " Every run: ");
		html_text(p, names[k]);
		html_text(p, " ");
		html_text(p, shared[k]);
		any = true;
	}
	if (any)
		html_text(p, ".");
}

static void
overview_head(const struct site_plan *s, htmlDocPtr doc,
    const bool keep[OVERVIEW_TEXTS])
{
	static const char *const cols[OVERVIEW_TEXTS] = {"Host", "Controller",
	    "Disks", "RAID", "File system", "Kernel", "Scheduler"};
	xmlNodePtr tr = html_slot(doc, "overview-head");

	if (tr == NULL)
		return;
	head_cell(tr, "Run", NULL, false);
	head_cell(tr, "Gate", NULL, false);
	for (size_t i = 0; i < OVERVIEW_TEXTS; i++)
		if (keep[i])
			head_cell(tr, cols[i], NULL, false);
	for (size_t k = 0; k < s->noverview; k++) {
		const struct metric *m = analysis_metric(s->an, s->overview[k]);

		/* A fio workload's name above its unit, which says what of
		 * it the column holds. */
		head_cell(tr, m->workload_label ? m->workload_label :
		    m->def.label, display_unit(&m->def), true);
	}
}

/* How the overview's figures read: bonnie++'s, fio's or both; then
 * what every run shares (overview_shared). */
static void
overview_units(const struct site_plan *s, htmlDocPtr doc,
    const char *const shared[OVERVIEW_TEXTS])
{
	xmlNodePtr p = html_slot(doc, "overview-units");
	bool bonnie = false, fio = plan_has_fio(s);

	for (int m = 0; m < M_COUNT; m++)
		bonnie |= s->has_data[m];
	if (p == NULL)
		return;
	if (bonnie || !fio) {
		html_text(p, "Throughput in MiB/s (1 MiB/s = 1024 bonnie++ "
		    "K/sec), seeks and file operations per second; the median "
		    "where a run has several samples. ");
		html_el(p, "span", "too-fast", "+++++");
		html_text(p, " means too fast to measure, not zero.");
	}
	if (fio)
		html_text(p, bonnie ? " fio's workloads: bandwidth in MiB/s, "
		    "IOPS, completion latency in \u00b5s." : "fio's workloads: "
		    "bandwidth in MiB/s, I/O operations per second (IOPS), "
		    "completion latency in \u00b5s; the median where a run has "
		    "several samples. A column is a workload the most runs "
		    "share; every workload is on the fio workloads page.");
	overview_shared(p, shared);
}

static void
overview_rows(const struct site_plan *s, htmlDocPtr doc,
    const bool keep[OVERVIEW_TEXTS])
{
	xmlNodePtr tbody = html_slot(doc, "overview-rows"), p;
	size_t n;
	const size_t *rows = plan_rows(s, &n);
	char *lead;

	if ((p = html_slot(doc, "overview-title")) != NULL)
		html_text(p, s->large ? "Latest runs" : "Runs");
	if ((p = html_slot(doc, "overview-lead")) != NULL && !s->large) {
		html_drop(p);
	} else if (p != NULL) {
		lead = xasprintf("The latest run of each of the %zu series, "
		    "%zu runs in all; a series' page has its history.",
		    s->nseries, s->set->n);
		html_text(p, lead);
		free(lead);
	}
	for (size_t row = 0; tbody && row < n; row++) {
		size_t i = rows[row];
		const struct run *r = &s->set->runs[i];
		xmlNodePtr tr = html_el(tbody, "tr", NULL, NULL);
		char *href = run_href(s, i, "");

		html_link(html_el(tr, "td", NULL, NULL), href, run_title(r));
		free(href);
		/* what the gate says of it, as the digests' tables do */
		html_el(tr, "td", s->an->gate.outcome[i] == RUN_FAILS ? "bad" :
		    NULL, outcome_words[s->an->gate.outcome[i]]);
		for (size_t k = 0; k < OVERVIEW_TEXTS; k++)
			if (keep[k] && k == 1)
				controller_cell(tr, r);
			else if (keep[k])
				text_cell(tr, overview_text(r, k));
		for (size_t k = 0; k < s->noverview; k++) {
			xmlNodePtr td = figure_cell(tr, analysis_def(s->an,
			    s->overview[k]), analysis_sum(s->an, i,
			    s->overview[k]));

			/* the figure that fails, as the digests mark it */
			if (analysis_flagged(s->an, i, s->overview[k]))
				html_attr(td, "class", "num bad marked");
		}
	}
}

static void
index_charts(const struct site_plan *s, htmlDocPtr doc)
{
	xmlNodePtr sec = html_slot(doc, "charts");
	size_t shown = 0;

	if (sec == NULL)
		return;
	html_el(sec, "h2", NULL, "Headline figures");
	for (size_t k = 0; k < s->noverview; k++) {
		int id = s->overview[k];
		const struct metric_def *d = analysis_def(s->an, id);
		xmlNodePtr fig, img, small, cap, link;
		char *src, *narrow, *href, *alt;

		/* The site's charts are files its metric pages' jobs
		 * write; the one file draws its own. */
		if (s->single ? s->svg[id] == NULL : !s->has_data[id])
			continue;
		fig = html_el(sec, "figure", "chart", NULL);
		if (s->single) {
			/* One file: the chart itself, not a link to it. */
			inline_chart(fig, s->svg[id], d->key);
			html_el(fig, "figcaption", NULL, d->label);
			shown++;
			continue;
		}
		src = xasprintf("charts/%s.svg", d->key);
		narrow = xasprintf("charts/%s.narrow.svg", d->key);
		href = xasprintf("metrics/%s.html", d->key);
		alt = xasprintf("%s of %s, in %s (the table on its page has "
		    "the figures)", d->label, s->large ?
		    "the latest run of each series" : "every run",
		    display_unit(d));
		link = html_link(fig, href, NULL);
		img = html_el(link, "img", "wide", NULL);
		html_attr(img, "src", src);
		/* The style sheet shows one of the two; the hidden one,
		 * lazy, is not even loaded. */
		small = html_el(link, "img", "narrow", NULL);
		html_attr(small, "src", narrow);
		html_attr(small, "alt", alt);
		html_attr(small, "loading", "lazy");
		html_attr(img, "alt", alt);
		cap = html_el(fig, "figcaption", NULL, NULL);
		html_link(cap, href, d->label);
		free(src);
		free(narrow);
		free(href);
		free(alt);
		shown++;
	}
	if (shown == 0)
		html_drop(sec);
}

/* The input problems, so nobody mistakes a partly read set for whole. */
static void
index_problems(const struct site_plan *s, htmlDocPtr doc,
    const struct diags *d)
{
	xmlNodePtr sec = html_slot(doc, "problems"), ul;
	char *head;

	if (sec == NULL)
		return;
	if (d->n == 0) {
		html_drop(sec);
		return;
	}
	head = xasprintf("Problems reading the runs (%zu)", d->n);
	html_el(sec, "h2", NULL, head);
	free(head);
	ul = html_el(sec, "ul", NULL, NULL);
	for (size_t i = 0; i < d->n; i++) {
		const struct diag *g = &d->v[i];
		/* Paths below RUNS, however RUNS was spelled: the page must
		 * not depend on where the build ran. */
		size_t n = strlen(s->set->root);
		const char *file = strncmp(g->file, s->set->root, n) == 0 &&
		    g->file[n] == '/' ? g->file + n + 1 : g->file;
		char *text = g->line > 0 ? xasprintf("%s:%ld: %s", file,
		    g->line, g->message) : xasprintf("%s: %s", file,
		    g->message);

		html_el(ul, "li", NULL, text);
		free(text);
	}
}

/* Notes the site stage read (none when they could not be read) into
 * target; files: those they may link, or NULL. */
static void
show_notes(xmlNodePtr target, const struct notes_text *notes, int skip,
    const char *base, const struct notes_files *files, struct diags *d)
{
	if (notes->md && notes_render(target, notes->md, notes->len, skip,
	    base, files) != 0)
		diags_add(d, MSG_ERROR, notes->path, 0, "notes could not be "
		    "shown");
}

htmlDocPtr
index_doc(const struct site_plan *s, const struct notes_text *intro_md,
    struct diags *d)
{
	htmlDocPtr doc = page_start(s, PAGE_INDEX, site_title(s));
	xmlNodePtr intro;
	bool keep[OVERVIEW_TEXTS];
	const char *shared[OVERVIEW_TEXTS];

	if (doc == NULL)
		return NULL;
	intro = html_slot(doc, "intro");
	if (intro && s->set->has_index && intro_md)
		show_notes(intro, intro_md, 1, "", NULL, d);
	else
		html_drop(intro);
	verdicts_fill(s, doc, -1, "");
	overview_kept(s, keep, shared);
	overview_head(s, doc, keep);
	overview_units(s, doc, shared);
	overview_rows(s, doc, keep);
	table_downloads(s, html_slot(doc, "table-downloads"), "index");
	index_charts(s, doc);
	index_comparisons(s, doc);
	index_problems(s, doc, d);
	return doc;
}

static void
meta_row(xmlNodePtr dl, const char *label, const char *value)
{
	html_el(dl, "dt", NULL, label);
	html_el(dl, "dd", NULL, value);
}

static bool
is_known_key(const char *key)
{
	if (strcmp(key, "title") == 0 ||
	    (strncmp(key, "expect.", 7) == 0 && metric_key_valid(key + 7)))
		return true;
	for (size_t k = 0; k < sizeof meta_labels / sizeof *meta_labels; k++)
		if (strcmp(meta_labels[k].key, key) == 0)
			return true;
	return false;
}

/* What fio says about the run: its version, its file, its samples. */
static void
fio_facts(xmlNodePtr dl, const struct run *r, const struct results *rs)
{
	const struct fio_result *x = rs->fio.n ? &rs->fio.v[0] : NULL;
	char *text;

	if (x) {
		text = xasprintf("%s (%s output)%s%s", x->version ? x->version :
		    "fio, version not given", fio_form_names[x->form],
		    r->fio_size ? "; file size " : "", r->fio_size ?
		    r->fio_size : "");
		meta_row(dl, "Benchmark", text);
		free(text);
	}
	/* every workload's together: a job file of nine workloads run
	 * once is nine, one of each */
	text = xasprintf("%zu", r->fio_samples);
	meta_row(dl, "Samples (all workloads)", text);
	free(text);
}

/* What bonnie++ itself says about the run: version, size, file test. */
static void
bonnie_facts(xmlNodePtr dl, const struct run *r, const struct results *rs)
{
	const struct result *x = rs->n ? &rs->v[0] : NULL;
	char *text;

	if (r->nsamples == 0) {
		fio_facts(dl, r, rs);
		return;
	}
	meta_row(dl, "Machine name", r->machine && r->machine[0] ?
	    r->machine : "(empty)");
	if (x) {
		text = xasprintf("bonnie++ %s; file size %s%s%s; files %s",
		    x->bonnie_version ? x->bonnie_version :
		    "(version not given)", x->size ? x->size : "none (-s 0)",
		    x->chunk ? ", chunk " : "", x->chunk ? x->chunk : "",
		    x->files ? x->files : "none (-n 0)");
		meta_row(dl, "Benchmark", text);
		free(text);
	}
	text = xasprintf("%zu", r->nsamples);
	meta_row(dl, "Samples", text);
	free(text);
}

/* A target from meta, with what it comes to in the display unit. */
static void
expect_row(xmlNodePtr dl, const struct run *r, const struct metric_def *d)
{
	char key[META_KEY_MAX + 1], buf[32], *label, *text;
	double value = 0;

	meta_expect(&r->meta, d->key, d->kind, &value);
	snprintf(key, sizeof key, "expect.%s", d->key);
	display_format(d, display_value(d, value), buf);
	label = xasprintf("Expected %s", d->label);
	if (d->family == FAMILY_BONNIE)
		label[9] = (char)tolower((unsigned char)label[9]);
	text = xasprintf("%s (%s %s)", meta_get(&r->meta, key), buf,
	    display_unit(d));
	meta_row(dl, label, text);
	free(label);
	free(text);
}

/* The run's series, when it has a page (two runs or more): a link to
 * its latest runs' page, which leads to the rest of its history. */
static void
series_row(const struct site_plan *s, xmlNodePtr dl, const struct run *r)
{
	size_t i = (size_t)(r - s->set->runs);
	const struct series_span *sp = &s->series[s->series_of[i]];
	xmlNodePtr dd;
	char *href;

	if (sp->slug == NULL)
		return;
	meta_row(dl, "Series page", "");
	dd = dl->last->type == XML_TEXT_NODE ? dl->last->prev : dl->last;
	href = xasprintf("../series/%s.html", sp->slug);
	html_link(dd, href, s->an->runs[i].series);
	free(href);
}

static void
run_meta(const struct site_plan *s, xmlNodePtr dl, const struct run *r,
    const struct results *rs)
{
	for (size_t k = 0; k < sizeof meta_labels / sizeof *meta_labels; k++) {
		const char *v = meta_get(&r->meta, meta_labels[k].key);
		long other;

		if (v == NULL)
			continue;
		meta_row(dl, meta_labels[k].label, v);
		/* A baseline that names a run links to it. */
		if (strcmp(meta_labels[k].key, "baseline") == 0 &&
		    (other = runset_find(s->set, v)) >= 0) {
			xmlNodePtr dd = dl->last->type == XML_TEXT_NODE ?
			    dl->last->prev : dl->last;
			char *href = run_href(s, (size_t)other, "../");

			xmlNodeSetContent(dd, NULL);
			html_link(dd, href, v);
			free(href);
		}
	}
	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric_def *d = analysis_def(s->an,
		    run_metric_at(r, k));

		if (meta_expect(&r->meta, d->key, d->kind, &(double){0}))
			expect_row(dl, r, d);
	}
	for (size_t i = 0; i < r->meta.n; i++)
		if (!is_known_key(meta_key(&r->meta, i)))
			meta_row(dl, meta_key(&r->meta, i),
			    meta_value(&r->meta, i));
	if (s->series && !s->single)
		series_row(s, dl, r);
	bonnie_facts(dl, r, rs);
}

/* One cell of a sample: figure, then %CP and latency below it. */
static void
measure_cell(xmlNodePtr tr, const struct metric_def *id,
    const struct measure *m)
{
	const struct metric_summary one = {.state = m->state,
	    .median = m->value, .min = m->value, .max = m->value,
	    .n = m->state == VS_OK, .approx = m->approx, .cpu = m->cpu,
	    .latency_us = m->latency_us};
	xmlNodePtr td = figure_cell(tr, id, one);
	char buf[64], lat[32] = "";

	if (m->cpu < 0 && m->latency_us < 0)
		return;
	if (m->latency_us >= 0)
		display_latency(m->latency_us, lat);
	if (m->cpu >= 0)
		snprintf(buf, sizeof buf, "%d%% CPU%s%s", m->cpu,
		    lat[0] ? " \u00b7 " : "", lat);
	else
		snprintf(buf, sizeof buf, "%s", lat);
	html_el(td, "span", "sub", buf);
}

static void
summary_row(xmlNodePtr tbody, const char *label, const struct site_plan *s,
    size_t run, int first, int which)
{
	xmlNodePtr tr = html_el(tbody, "tr", "summary", NULL);

	row_head(tr, label);
	for (int id = first; id < first + 6; id++) {
		struct metric_summary m = analysis_sum(s->an, run, id);

		if (m.state == VS_OK)
			m.median = which == 0 ? m.median : which < 0 ? m.min :
			    m.max;
		m.n = 1;
		figure_cell(tr, &metric_defs[id], m);
	}
}

/* One of bonnie++'s two tables: IO tests (first = M_PUTC) or file
 * tests (first = M_SEQ_CREATE); a row per sample of [from, to), then
 * median, min and max when asked. */
static void
results_table(const struct site_plan *s, size_t run, const struct results *rs,
    xmlNodePtr parent, int first, const char *caption, size_t from,
    size_t to, bool summary)
{
	xmlNodePtr wrap = html_el(parent, "div", "table-wrap", NULL);
	xmlNodePtr table = html_el(wrap, "table", "results", NULL);
	xmlNodePtr tr, tbody;

	html_el(table, "caption", NULL, caption);
	tr = html_el(html_el(table, "thead", NULL, NULL), "tr", NULL, NULL);
	head_cell(tr, "Sample", NULL, false);
	for (int id = first; id < first + 6; id++)
		head_cell(tr, metric_defs[id].label, display_unit(&metric_defs[id]), true);
	tbody = html_el(table, "tbody", NULL, NULL);
	for (size_t k = from; k < to && k < rs->n; k++) {
		const struct result *x = &rs->v[k];
		char *label = sample_label(x);

		tr = html_el(tbody, "tr", NULL, NULL);
		row_head(tr, label);
		free(label);
		for (int id = first; id < first + 6; id++)
			measure_cell(tr, &metric_defs[id], &x->m[id]);
	}
	if (summary) {
		summary_row(tbody, "Median", s, run, first, 0);
		summary_row(tbody, "Minimum", s, run, first, -1);
		summary_row(tbody, "Maximum", s, run, first, 1);
	}
}

/* Links to a run's sample pages, from prefix (the run page's place or
 * a sample page's); the current page (from 1) is not a link. */
static void
samples_pager(xmlNodePtr parent, const struct run *r, const char *prefix,
    size_t current)
{
	char label[64], *href;

	for (size_t k = 1; k <= sample_pages(r); k++) {
		size_t last = k * SITE_SAMPLES_PER_PAGE;

		snprintf(label, sizeof label, "samples %zu\u2013%zu",
		    (k - 1) * SITE_SAMPLES_PER_PAGE + 1, last < r->nsamples ?
		    last : r->nsamples);
		if (k > 1)
			html_text(parent, " \u00b7 ");
		if (k == current) {
			html_el(parent, "strong", NULL, label);
			continue;
		}
		href = xasprintf("%ssamples-%zu.html", prefix, k);
		html_link(parent, href, label);
		free(href);
	}
}

/* A run's results: every sample, and median, min and max; a run with
 * more samples than a page holds shows the summary and links the pages
 * of its samples. */
/* What the results' hint says: how bonnie++'s tables and fio's figures
 * read. */
static void
results_hint(const struct site_plan *s, size_t i, htmlDocPtr doc)
{
	xmlNodePtr p = html_slot(doc, "results-hint");
	bool bonnie = s->set->runs[i].nsamples > 0, fio = run_has_fio(&s->set->runs[i]);

	if (p == NULL)
		return;
	if (bonnie || !fio)
		html_text(p, "As bonnie++ prints them: each figure with its %CP "
		    "(CPU used) and, from bonnie++ 1.93 on, the maximum latency "
		    "of one operation.");
	if (fio)
		html_text(p, bonnie ? " fio's figures follow: each workload's "
		    "bandwidth, IOPS and completion latency (clat)." :
		    "fio's figures: each workload's bandwidth, IOPS and "
		    "completion latency (clat), the median of its samples.");
	if (fio && fio_measures_shown(s->an, i) > FM_SYNC)
		html_text(p, " A job that made its writes durable as it went "
		    "(fsync, fdatasync) has the latency of those calls too, "
		    "which its writes' completion latency leaves out.");
}

static void
run_results(const struct site_plan *s, size_t i, const struct results *rs,
    htmlDocPtr doc, struct diags *d)
{
	const struct run *r = &s->set->runs[i];
	xmlNodePtr div = html_slot(doc, "results"), p;
	/* The one-file report has no other pages to link. */
	bool paged = sample_pages(r) > 0 && !s->single;
	size_t n = paged ? 0 : r->nsamples;
	char *text, *prefix;

	if (div == NULL)
		return;
	if (paged) {
		text = xasprintf("%zu samples; this page shows their median, "
		    "minimum and maximum, these pages each sample: ",
		    r->nsamples);
		p = html_el(div, "p", NULL, text);
		free(text);
		prefix = xasprintf("%s@", s->slug[i]);
		samples_pager(p, r, prefix, 0);
		free(prefix);
	}
	if (run_section_ran(s, i, M_PUTC))
		results_table(s, i, rs, div, M_PUTC, "Sequential output and "
		    "input, random seeks", 0, n, r->nsamples > 1);
	if (run_section_ran(s, i, M_SEQ_CREATE))
		results_table(s, i, rs, div, M_SEQ_CREATE, "File creation: "
		    "sequential and random create, stat (read) and delete", 0,
		    n, r->nsamples > 1);
	if (run_section_ran(s, i, M_PUTC) || run_section_ran(s, i,
	    M_SEQ_CREATE))
		table_downloads(s, html_el(div, "p", "downloads", NULL),
		    s->slug[i]);
	fio_run_results(s, i, div, d);
}

/* Page k (from 1) of a run's samples, runs/SLUG@samples-K.html. */
htmlDocPtr
samples_doc(const struct site_plan *s, size_t i, size_t k,
    const struct results *rs, char **rel)
{
	const struct run *r = &s->set->runs[i];
	size_t from = (k - 1) * SITE_SAMPLES_PER_PAGE;
	size_t to = from + SITE_SAMPLES_PER_PAGE;
	char *title, *href;
	htmlDocPtr doc;
	xmlNodePtr n;

	to = to < r->nsamples ? to : r->nsamples;
	title = xasprintf("%s: samples %zu\u2013%zu", run_title(r), from + 1,
	    to);
	*rel = NULL;
	if ((doc = page_start(s, PAGE_SAMPLES, title)) == NULL) {
		free(title);
		return NULL;
	}
	if ((n = html_slot(doc, "crumbs")) != NULL) {
		html_link(n, "../index.html", "Overview");
		html_text(n, " \u203a ");
		href = xasprintf("%s.html", s->slug[i]);
		html_link(n, href, r->id);
		free(href);
		html_text(n, " \u203a samples");
	}
	if ((n = html_slot(doc, "pager")) != NULL) {
		href = xasprintf("%s@", s->slug[i]);
		samples_pager(n, r, href, k);
		free(href);
	}
	if ((n = html_slot(doc, "results")) != NULL) {
		if (run_section_ran(s, i, M_PUTC))
			results_table(s, i, rs, n, M_PUTC, "Sequential output "
			    "and input, random seeks", from, to, false);
		if (run_section_ran(s, i, M_SEQ_CREATE))
			results_table(s, i, rs, n, M_SEQ_CREATE, "File "
			    "creation", from, to, false);
		href = xasprintf("%s@samples-%zu", s->slug[i], k);
		if (run_section_ran(s, i, M_PUTC) || run_section_ran(s, i,
		    M_SEQ_CREATE))
			table_downloads(s, html_el(n, "p", "downloads", NULL),
			    href);
		free(href);
	}
	*rel = xasprintf("runs/%s@samples-%zu.html", s->slug[i], k);
	free(title);
	return doc;
}

static void
run_notes(const struct site_plan *s, size_t i, htmlDocPtr doc,
    const struct notes_text *notes, struct diags *d)
{
	const struct run *r = &s->set->runs[i];
	xmlNodePtr sec = html_slot(doc, "notes");
	size_t nf = r->noutputs + r->nattachments;
	const char **names;
	char *base, **site_names;

	if (sec == NULL)
		return;
	if (r->notes == NULL || notes == NULL) {
		html_drop(sec);
		return;
	}
	html_el(sec, "h2", NULL, "Notes");
	base = xasprintf("%s@", s->slug[i]);
	site_names = plan_file_names(s, i);
	names = xcalloc(nf ? nf : 1, sizeof *names);
	for (size_t k = 0; k < nf; k++)
		names[k] = k < r->noutputs ? r->outputs[k] :
		    r->attachments[k - r->noutputs];
	show_notes(sec, notes, 0, base, &(struct notes_files){names,
	    (const char *const *)site_names, nf}, d);
	free(names);
	plan_file_names_free(s, i, site_names);
	free(base);
}

static void
run_files(const struct site_plan *s, size_t i, htmlDocPtr doc)
{
	const struct run *r = &s->set->runs[i];
	xmlNodePtr ul = html_slot(doc, "files");
	size_t nf = r->noutputs + r->nattachments;
	char **names = plan_file_names(s, i);
	/* The loader keeps no reader per file: a run of one benchmark
	 * names it; one of both, or of neither read, names none. */
	const char *kind = r->fio_samples == 0 && r->nsamples > 0 ?
	    " (bonnie++ output)" : r->nsamples == 0 && r->fio_samples > 0 ?
	    " (fio output)" : " (benchmark output)";

	for (size_t k = 0; ul && k < nf; k++) {
		xmlNodePtr li = html_el(ul, "li", NULL, NULL);
		char *href = xasprintf("%s@%s", s->slug[i], names[k]);

		html_link(li, href, k < r->noutputs ? r->outputs[k] :
		    r->attachments[k - r->noutputs]);
		html_text(li, k < r->noutputs ? kind : " (attachment)");
		free(href);
	}
	plan_file_names_free(s, i, names);
}

htmlDocPtr
run_doc(const struct site_plan *s, size_t i, const struct results *rs,
    const struct notes_text *notes, struct diags *d)
{
	const struct run *r = &s->set->runs[i];
	htmlDocPtr doc = page_start(s, PAGE_RUN, run_title(r));
	xmlNodePtr dl;

	if (doc == NULL)
		return NULL;
	crumbs(doc, r->id);
	verdicts_fill(s, doc, (long)i, "../");
	run_analysis_fill(s, doc, i);
	if ((dl = html_slot(doc, "meta")) != NULL)
		run_meta(s, dl, r, rs);
	run_notes(s, i, doc, notes, d);
	results_hint(s, i, doc);
	run_results(s, i, rs, doc, d);
	run_files(s, i, doc);
	return doc;
}

/* What a large site's metric chart shows of its series. */
static void
metric_caption(const struct site_plan *s, xmlNodePtr fig)
{
	char *text = s->nseries > SITE_MAX_BARS ? xasprintf("The latest run "
	    "of each series: %d of %zu series, the flagged ones first; the "
	    "table below lists them all.", SITE_MAX_BARS, s->nseries) :
	    xasprintf("The latest run of each of the %zu series.",
	    s->nseries);

	html_el(fig, "figcaption", NULL, text);
	free(text);
}

static void
metric_chart(const struct site_plan *s, int id, htmlDocPtr doc)
{
	const char *key = analysis_def(s->an, id)->key;
	xmlNodePtr fig = html_slot(doc, "chart"), dl;
	char *href;

	if (fig == NULL)
		return;
	inline_charts(fig, s->svg[id], s->svg_narrow[id], key);
	if (s->large)
		metric_caption(s, fig);
	if ((dl = html_slot(doc, "downloads")) == NULL)
		return;
	html_text(dl, "This chart as ");
	href = xasprintf("../charts/%s.svg", key);
	html_link(dl, href, "SVG");
	free(href);
	html_text(dl, ", ");
	href = xasprintf("../charts/%s.png", key);
	html_link(dl, href, "PNG to attach to a mail");
	free(href);
	html_text(dl, " or ");
	href = xasprintf("../charts/%s@2x.png", key);
	html_link(dl, href, "PNG at twice the size");
	free(href);
	html_text(dl, ".");
}

static void
metric_head(htmlDocPtr doc, const struct metric_def *d, bool large)
{
	static const char *const cols[] = {"Run", "Controller", "Disks",
	    "RAID"};
	xmlNodePtr tr = html_slot(doc, "metric-head");

	if (tr == NULL)
		return;
	if (large)
		head_cell(tr, "Series", "runs", false);
	for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
		head_cell(tr, cols[i], NULL, false);
	head_cell(tr, "Median", display_unit(d), true);
	head_cell(tr, "Min", display_unit(d), true);
	head_cell(tr, "Max", display_unit(d), true);
	head_cell(tr, "Samples", NULL, true);
	if (metric_has_cpu_columns(d)) {
		head_cell(tr, "CPU", "%CP", true);
		head_cell(tr, "CPU per unit", d->kind == MK_THROUGHPUT ?
		    "%CP per MiB/s" : "%CP per 100/s", true);
		head_cell(tr, "Latency", "max per op", true);
	}
	head_cell(tr, "Of expected", "RAID scaling", true);
	head_cell(tr, "Change", "against its base", true);
}

/* A large site's series column: the series, linked to its page when it
 * has one, and how many runs it has. */
static void
series_cell(const struct site_plan *s, xmlNodePtr tr, size_t run)
{
	const struct series_span *sp = &s->series[s->series_of[run]];
	xmlNodePtr td = html_el(tr, "td", NULL, NULL);
	char *href, count[32], *shown = series_shown(s->an->runs[run].series);

	if (sp->slug != NULL) {
		href = xasprintf("../series/%s.html", sp->slug);
		html_link(td, href, shown);
		free(href);
	} else {
		html_text(td, shown);
	}
	free(shown);
	snprintf(count, sizeof count, "%zu run%s", sp->len, sp->len == 1 ?
	    "" : "s");
	html_el(td, "span", "sub", count);
}

/* bonnie++'s %CP, the CPU a unit of work costs and its latency. */
static void
cpu_cells(const struct site_plan *s, xmlNodePtr tr, size_t i, int id,
    struct metric_summary m)
{
	char buf[32];
	double cpu_unit;

	snprintf(buf, sizeof buf, "%d", m.cpu);
	html_el(tr, "td", "num", m.cpu >= 0 ? buf : "");
	/* The CPU a unit of work costs: comparable across fast and slow
	 * runs, where %CP alone is not. Shown, never judged. */
	cpu_unit = analysis_cpu_per_unit(s->an, i, id);
	snprintf(buf, sizeof buf, "%.2f", cpu_unit *
	    (analysis_def(s->an, id)->kind == MK_THROUGHPUT ? 1 : 100));
	html_el(tr, "td", "num", cpu_unit >= 0 ? buf : "");
	if (m.latency_us >= 0)
		display_latency(m.latency_us, buf);
	html_el(tr, "td", "num", m.latency_us >= 0 ? buf : "");
}

static void
metric_row(const struct site_plan *s, xmlNodePtr tbody, size_t i, int id)
{
	const struct metric_def *d = analysis_def(s->an, id);
	const struct run *r = &s->set->runs[i];
	const struct metric_summary m = analysis_sum(s->an, i, id);
	struct metric_summary lo = m, hi = m;
	xmlNodePtr tr = html_el(tbody, "tr", NULL, NULL);
	char *href, buf[32];

	if (s->large)
		series_cell(s, tr, i);
	href = run_href(s, i, "../");
	html_link(html_el(tr, "td", NULL, NULL), href, run_title(r));
	free(href);
	controller_cell(tr, r);
	text_cell(tr, meta_get(&r->meta, "disks"));
	text_cell(tr, meta_get(&r->meta, "raid"));
	figure_cell(tr, d, m);
	if (m.n > 1) {
		lo.median = m.min;
		hi.median = m.max;
		lo.n = hi.n = 1;
		figure_cell(tr, d, lo);
		figure_cell(tr, d, hi);
	} else {
		html_el(tr, "td", NULL, NULL);	/* one sample: no spread */
		html_el(tr, "td", NULL, NULL);
	}
	snprintf(buf, sizeof buf, "%zu", d->family == FAMILY_BONNIE ?
	    r->nsamples : (size_t)m.n);
	html_el(tr, "td", "num", buf);
	if (metric_has_cpu_columns(d))
		cpu_cells(s, tr, i, id, m);
	efficiency_cell(s, tr, i, id);
	change_cell(s, tr, i, id);
	if (analysis_flagged(s->an, i, id))
		html_attr(tr, "class", "marked");
}

htmlDocPtr
metric_doc(const struct site_plan *s, int id, char **rel)
{
	const struct metric_def *d = analysis_def(s->an, id);
	htmlDocPtr doc = page_start(s, PAGE_METRIC, d->label);
	xmlNodePtr n;
	const size_t *rows;
	size_t nrows;
	char *help;

	*rel = NULL;
	if (doc == NULL)
		return NULL;
	crumbs(doc, d->label);
	if ((n = html_slot(doc, "lead")) != NULL) {
		help = metric_help(s, id);
		html_text(n, help);
		free(help);
	}
	if (s->svg[id])
		metric_chart(s, id, doc);
	metric_head(doc, d, s->large);
	if ((n = html_slot(doc, "table-title")) != NULL)
		html_text(n, s->large ? "The latest run of each series" :
		    "All runs");
	rows = plan_rows(s, &nrows);
	n = html_slot(doc, "metric-rows");
	for (size_t k = 0; n && k < nrows; k++)
		if (plan_has_metric(s, rows[k], id))
			metric_row(s, n, rows[k], id);
	table_downloads(s, html_slot(doc, "table-downloads"), d->key);
	*rel = xasprintf("metrics/%s.html", d->key);
	return doc;
}
