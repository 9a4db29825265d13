/* The fingerprints of a build's jobs: what each page and chart reads,
 * hashed (reuse.h). A fingerprint may cover more than its job reads
 * (that costs a needless render), never less (that would keep a stale
 * page): each one says below what it covers. Takes the model and the
 * analysis const. */
#include "render/pages.h"
#include "render/tables.h"
#include "site/reuse.h"
#include "site/site_int.h"
#include "base/twothreads.h"
#include "base/xalloc.h"

#include <cmark.h>
#include <libxml/parser.h>
#include <png.h>
#include <unistd.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Our own files (templates, fonts, the program) are hashed whole. */
#define OWN_FILE_MAX ((size_t)1 << 30)

/* The program and the libraries that shape its output: a new build of
 * benchsite, cairo, libpng, libxml2 or cmark renders again. */
void
site_program_fp(struct fp *f)
{
	uint64_t exe[2];

	fp_str(f, "benchsite " BENCHSITE_VERSION);
	if (program_hash(exe) == 0)
		fp_bytes(f, exe, sizeof exe);
	fp_str(f, cairo_version_string());
	fp_str(f, png_get_libpng_ver(NULL));
	fp_str(f, xmlParserVersion);
	fp_str(f, cmark_version_string());
}

/* What every page reads: the program, the templates, the style sheet,
 * the fonts, the site's title, which metrics have figures and the
 * site's shape. */
static void
global_fp(struct site *s, struct fp *f)
{
	static const char *const files[] = {"templates/layout.html",
	    "templates/index.html",
	    "templates/run.html", "templates/metric.html",
	    "templates/compare.html", "templates/samples.html",
	    "templates/pair.html",
	    "assets/style.css", "assets/sort.js"};
	const char *dir, *font;

	fp_reset(f);
	site_program_fp(f);
	for (size_t k = 0; k < sizeof files / sizeof *files; k++)
		fp_file(f, s->opts->data_dir, files[k], OWN_FILE_MAX);
	for (int k = 0; (font = chart_font_file(s->fonts, k, &dir)); k++)
		fp_file(f, dir, font, OWN_FILE_MAX);
	fp_str(f, s->plan.set->title);
	/* The navigation names the metrics with figures. */
	for (size_t m = 0; m < s->plan.set->metrics.n; m++)
		if (s->plan.has_data[m])
			fp_str(f, s->plan.set->metrics.v[m].def.key);
	fp_num(f, s->plan.large);
	fp_num(f, SITE_MAX_BARS);
	fp_digest(f, s->fp_global);
}

/* A run's own input: its id, the hash of the files the loader read (the
 * very bytes its samples and meta come from, and the attachments), the
 * names of its outputs and attachments, and its notes. The notes are
 * read here, before the page reads them again: if they change between
 * the two, the job log holds the older fingerprint and the next build
 * renders the page again, never the other way round. */
static void
content_fp(const struct site *s, size_t i, struct fp *f, char out[FP_HEX])
{
	const struct run *r = &s->plan.set->runs[i];

	fp_reset(f);
	fp_str(f, r->id);
	fp_bytes(f, r->input_hash, sizeof r->input_hash);
	fp_num(f, (long long)r->noutputs);
	for (size_t k = 0; k < r->noutputs; k++)
		fp_str(f, r->outputs[k]);
	fp_num(f, (long long)r->nattachments);
	for (size_t k = 0; k < r->nattachments; k++)
		fp_str(f, r->attachments[k]);
	if (r->notes) {
		char *dir = run_dir(s->plan.set, r);

		fp_file(f, dir, r->notes, s->max_file_size);
		free(dir);
	}
	fp_digest(f, out);
}

/* Another run a page links and quotes: its name, title and input. */
static void
other_run(const struct site *s, struct fp *f, long j, char (*content)[FP_HEX])
{
	fp_num(f, j >= 0);
	if (j < 0)
		return;
	fp_str(f, s->plan.slug[j]);
	fp_str(f, run_title(&s->plan.set->runs[j]));
	fp_hex(f, content[j]);
}

/* The factors run i's scaling model gives of each of its metrics, as
 * the analysis stored them: what its scaling's figures are read from. */
static void
factors_fp(const struct analysis *an, size_t i, struct fp *f)
{
	const struct scaling *sc = analysis_scaling(an, i);
	const struct run *r = &an->set->runs[i];

	for (size_t k = 0; sc && k < r->nsum; k++) {
		const struct model_factors *mf = &an->factors[sc->factors + k];

		fp_bytes(f, &mf->factor, sizeof mf->factor);
		fp_bytes(f, &mf->factor_high, sizeof mf->factor_high);
		fp_num(f, mf->rule);
		fp_num(f, mf->gates);
	}
}

/* Everything the analysis says of run i. Numbers are hashed as stored:
 * the structs come from zeroed memory, and a difference in padding
 * would only cost a render. */
static void
analysis_fp(const struct site *s, size_t i, struct fp *f,
    char (*content)[FP_HEX])
{
	const struct analysis *an = s->plan.an;
	const struct run_analysis *ra = &an->runs[i];
	const struct run *r = &s->plan.set->runs[i];
	const struct scaling *sc = analysis_scaling(an, i);
	const struct scaling_model *mo = sc ? scaling_model_of(an, sc) : NULL;

	fp_str(f, ra->series);
	other_run(s, f, ra->base, content);
	fp_str(f, ra->base_why);
	fp_num(f, ra->base_in_series);
	/* The run's metrics by key (their indexes follow from the whole
	 * set), each with its change, level, flag and summary. */
	fp_num(f, (long long)r->nsum);
	for (size_t k = 0; k < r->nsum; k++)
		fp_str(f, analysis_def(an, run_metric_at(r, k))->key);
	fp_bytes(f, ra->change, r->nsum * sizeof *ra->change);
	other_run(s, f, sc ? sc->reference : -1, content);
	fp_str(f, sc ? sc->why : NULL);
	fp_num(f, sc ? sc->valid : 0);
	fp_num(f, mo ? mo->raid : 0);
	fp_num(f, mo ? mo->disks : 0);
	fp_num(f, mo ? mo->seekers : 0);
	fp_num(f, mo ? mo->chunk_kib : 0);
	factors_fp(an, i, f);
	/* With the meta (in the input hash), the summaries give the
	 * targets and the figure per unit of CPU; with the other runs' (in
	 * their content), the changes' and the scaling's figures. */
	fp_bytes(f, r->sum, r->nsum * sizeof *r->sum);
	for (size_t k = an->by_run_at[i]; k < an->by_run_at[i + 1]; k++) {
		const struct finding *g = &an->f[an->by_run[k]];

		fp_num(f, g->kind);
		fp_num(f, g->metric);
		fp_str(f, g->text);
		fp_str(f, g->explain);
		fp_str(f, g->caveat);
		fp_num(f, g->gated);
		fp_str(f, g->ack);
	}
}

/* The compare pages a run's page links: its own (which other run, so
 * which page) and those of the later runs that name it, by their
 * names (pair_links shows ids; the slugs follow from them). */
static void
pairs_fp(const struct site *s, struct fp *f, size_t i)
{
	const struct site_plan *p = &s->plan;

	/* By name, never by index: a run added anywhere moves the indices
	 * of every run after it, and no page of theirs changes by it. */
	for (int w = 0; w < PAIRS_PER_RUN; w++) {
		long j = plan_pair_other(p, i, w);

		fp_num(f, j >= 0);
		if (j >= 0)
			fp_str(f, p->slug[j]);
	}
	fp_num(f, (long long)(p->pair_fi[i + 1] - p->pair_fi[i]));
	for (size_t k = p->pair_fi[i]; k < p->pair_fi[i + 1]; k++) {
		fp_str(f, p->slug[p->pair_f[k] / 2]);
		fp_num(f, (long long)(p->pair_f[k] % 2));
	}
}

/* Run i's page fingerprint into s->fp_run[i]. */
static void
run_page_fp(struct site *s, size_t i, struct fp *f, char (*content)[FP_HEX])
{
	const struct run *r = &s->plan.set->runs[i];
	char **names = plan_file_names(&s->plan, i);
	const char *b;

	fp_reset(f);
	fp_hex(f, s->fp_global);
	fp_str(f, s->plan.slug[i]);
	for (size_t k = 0; k < r->noutputs + r->nattachments; k++)
		fp_str(f, names[k]);
	plan_file_names_free(&s->plan, i, names);
	fp_hex(f, content[i]);
	analysis_fp(s, i, f, content);
	/* The run its meta names as baseline is linked from its page,
	 * whether or not the analysis compares with it. */
	b = meta_get(&r->meta, "baseline");
	other_run(s, f, b ? runset_find(s->plan.set, b) : -1, content);
	pairs_fp(s, f, i);
	/* its series' page, linked (not its length: a night added to the
	 * series leaves the pages of the nights before it alone) */
	fp_str(f, s->plan.series[s->plan.series_of[i]].slug);
	fp_digest_bytes(f, s->fp_run[i]);
}

/* One share of the runs, for one thread: first each run's content
 * (pass 0), then, once every run's is known, each run's page (pass 1).
 * Each run's fingerprints are written by the one thread that has it;
 * everything else is read only. */
struct fp_share {
	struct site *s;
	char (*content)[FP_HEX];
	size_t from, to;
	int pass;
};

static void *
fp_share_run(void *arg)
{
	struct fp_share *sh = arg;
	struct fp *f = fp_new();

	for (size_t i = sh->from; i < sh->to; i++)
		if (sh->pass == 0)
			content_fp(sh->s, i, f, sh->content[i]);
		else
			run_page_fp(sh->s, i, f, sh->content);
	fp_free(f);
	return NULL;
}

/* Runs a pass over every run in two threads (run_two): at 100 000 runs
 * the fingerprints take a third of a second of one processor, in the
 * build's critical path. */
static void
fp_pass(struct site *s, char (*content)[FP_HEX], int pass)
{
	size_t n = s->plan.set->n;
	struct fp_share half[2] = {{s, content, 0, n / 2, pass},
	    {s, content, n / 2, n, pass}};

	run_two(fp_share_run, &half[0], &half[1]);
}

void
site_fingerprints(struct site *s)
{
	size_t n = s->plan.set->n;
	char (*content)[FP_HEX] = xcalloc(n ? n : 1, sizeof *content);
	struct fp *f = fp_new();

	global_fp(s, f);
	fp_free(f);
	fp_pass(s, content, 0);
	/* A run's page: its names, its input, the analysis of it, and the
	 * runs it is compared with. */
	s->fp_run = xcalloc(n ? n : 1, sizeof *s->fp_run);
	fp_pass(s, content, 1);
	free(content);
}

/* The series a run belongs to, as pages that show it name it. */
static void
series_of_run(const struct site *s, struct fp *f, size_t run)
{
	const struct series_span *sp = &s->plan.series[s->plan.series_of[run]];

	fp_str(f, sp->slug);
	fp_num(f, (long long)sp->len);
	fp_num(f, (long long)s->plan.an->pos[run]);
}

static void
site_fp_start(const struct site *s, struct fp *f, const char *key)
{
	fp_reset(f);
	fp_hex(f, s->fp_global);
	fp_str(f, key);
}

/* Runs by their page fingerprints, which cover all a page shows of
 * them, and when asked their series (a metric page's column, a "by KEY"
 * page's grouping). */
static void
runs_fp(const struct site *s, struct fp *f, const size_t *runs, size_t n,
    bool with_series)
{
	fp_num(f, (long long)n);
	for (size_t k = 0; k < n; k++) {
		fp_bytes(f, s->fp_run[runs[k]], FP_BYTES);
		if (with_series)
			series_of_run(s, f, runs[k]);
	}
}

/* A "by KEY" page: the rows it shows (key_rows: on a large site the
 * latest run of each series per value, so an edit of an older run
 * leaves it as it was), each with its value's heading and series, what
 * it leaves out and the figures it compares. The page is made from
 * these rows alone, with what their runs' pages cover. */
static void
key_fp(const struct site *s, struct fp *f, size_t k)
{
	struct compare_rows r;

	if (!key_rows(&s->plan, k, &r)) {
		fp_num(f, -1);
		return;
	}
	fp_num(f, (long long)r.n);
	for (size_t i = 0; i < r.n; i++) {
		fp_str(f, r.groups[i]);
		runs_fp(s, f, &r.runs[i], 1, true);
	}
	fp_num(f, (long long)r.values_left);
	fp_num(f, r.per_value);
	fp_num(f, (long long)r.nmetrics);
	for (size_t m = 0; m < r.nmetrics; m++)
		fp_str(f, analysis_def(s->plan.an, r.metrics[m])->key);
	compare_rows_free(&r);
}

/* A series page: its runs and the one before them (what changed), and
 * what its pager shows: how many pages, how many runs the first has.
 * So the whole pages of a long series' history keep their fingerprint
 * while it grows (series_page_range). */
static void
series_fp(const struct site *s, struct fp *f, const struct job *j)
{
	const struct series_span *sp = &s->plan.series[j->a];
	const size_t *order = s->plan.an->order + sp->start;
	size_t first, last;

	series_page_range(sp, j->b, &first, &last);
	fp_num(f, (long long)series_pages(sp));
	fp_num(f, (long long)(sp->len < SITE_MAX_BARS ? sp->len :
	    SITE_MAX_BARS));
	if (first > 0)
		runs_fp(s, f, order + first - 1, 1, false);
	runs_fp(s, f, order + first, last - first, false);
}

/* How many runs have metric id. */
static size_t
metric_runs(const struct site *s, int id)
{
	size_t n = 0;

	for (size_t i = 0; i < s->plan.set->n; i++)
		n += plan_has_metric(&s->plan, i, id);
	return n;
}

/* The runs of a metric's chart. */
static void
chart_fp(const struct site *s, struct fp *f, int id)
{
	size_t *runs = xcalloc(s->plan.set->n + 1, sizeof *runs);
	size_t n = plan_chart_runs(&s->plan, id, runs);

	runs_fp(s, f, runs, n, false);
	free(runs);
}

/* A job's key in the job log: its kind and what it is of. */
char *
site_job_key(const struct site *s, const struct job *j)
{
	switch (j->kind) {
	case JOB_PNG:
		return xasprintf("png:%s:%" PRIu32,
		    s->plan.set->metrics.v[j->a].def.key, j->b);
	case JOB_RUN:
		return xasprintf("run:%s", s->plan.slug[j->a]);
	case JOB_SAMPLES:
		return xasprintf("samples:%s:%" PRIu32, s->plan.slug[j->a],
		    j->b);
	case JOB_METRIC:
		return xasprintf("metric:%s",
		    s->plan.set->metrics.v[j->a].def.key);
	case JOB_KEY:
		return xasprintf("key:%s", group_keys[j->a]);
	case JOB_SERIES:
		return xasprintf("series:%s:%" PRIu32,
		    s->plan.series[j->a].slug, j->b);
	case JOB_PAIR:
		return pair_href(&s->plan, j->a, (int)j->b, "pair:");
	case JOB_FIO_INDEX:
		return xstrdup("fio-index");
	case JOB_INDEX_TABLE:
		return xstrdup("table:index");
	}
	return xstrdup("");
}

/* A page's job also writes its table's files (PAGE.csv, PAGE.json):
 * they show some of what the page shows, so its fingerprint covers
 * them, and the files are kept or made again with the page. */
char *
site_job_fp(const struct site *s, const struct job *j, char fp[FP_HEX])
{
	struct fp *f = fp_new();
	char *key = site_job_fp_in(s, j, f, fp);

	fp_free(f);
	return key;
}

char *
site_job_fp_in(const struct site *s, const struct job *j, struct fp *f,
    char fp[FP_HEX])
{
	char *key = site_job_key(s, j);
	const size_t *rows;
	size_t n;

	site_fp_start(s, f, key);
	switch (j->kind) {
	case JOB_PNG:
		chart_fp(s, f, (int)j->a);
		break;
	case JOB_RUN:
	case JOB_SAMPLES:
		fp_bytes(f, s->fp_run[j->a], FP_BYTES);
		break;
	case JOB_METRIC:
		rows = plan_rows(&s->plan, &n);
		runs_fp(s, f, rows, n, true);
		chart_fp(s, f, (int)j->a);
		break;
	case JOB_KEY:
		key_fp(s, f, j->a);
		break;
	case JOB_SERIES:
		series_fp(s, f, j);
		break;
	case JOB_PAIR:
		/* Both runs' pages cover all it shows of them: figures,
		 * meta (their input), the analysis of the later one. */
		runs_fp(s, f, (size_t[]){(size_t)plan_pair_other(&s->plan,
		    j->a, (int)j->b), j->a}, 2, false);
		break;
	case JOB_FIO_INDEX:
		/* The workloads (the global fingerprint names them) and how
		 * many runs have each. */
		for (size_t m = M_COUNT; m < s->plan.set->metrics.n; m++)
			fp_num(f, (long long)metric_runs(s, (int)m));
		break;
	case JOB_INDEX_TABLE:
		/* The overview's rows: their pages cover all it shows. */
		rows = plan_rows(&s->plan, &n);
		runs_fp(s, f, rows, n, false);
		break;
	}
	fp_digest(f, fp);
	return key;
}
