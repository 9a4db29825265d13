/* benchsite's command line: which stage runs on what, and the exit
 * status, the same for every command (base/exit.h): a regression or
 * shortfall fails the gate in check, and in build --fail-on-regression;
 * input that could not be read is reported after what could was still
 * processed; bad usage is EXIT_INPUT too. Each command's options are
 * one table below, next to the command: cli/options.c parses them and
 * makes the command's help from it. */
#include "analyse/analyse.h"
#include "capture/collect.h"
#include "base/exit.h"
#include "base/fileio.h"
#include "capture/import.h"
#include "base/input_limits.h"
#include "cli/options.h"
#include "model/model.h"
#include "read/fio_key.h"
#include "read/reader.h"
#include "capture/record.h"
#include "render/render.h"
#include "site/site.h"
#include "site/workers.h"
#include "base/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#ifndef BENCHSITE_DATADIR
#define BENCHSITE_DATADIR "/usr/local/share/benchsite"
#endif

/* The options of every command, by what each sets. */
enum option_id {
	OPT_OUT = 1,
	OPT_SINGLE,
	OPT_JOBS,
	OPT_FULL,
	OPT_QUIET,
	OPT_NO_WAIT,
	OPT_ATTACH,
	OPT_GATE,
	OPT_FONTS,
	OPT_FORMAT,
	OPT_UTF8,
	OPT_THRESHOLD,
	OPT_ALPHA,
	OPT_BASELINE,
	OPT_WEAK,
	OPT_SHORT,
	OPT_NOISE,
	OPT_MAX_FILE_SIZE,
	OPT_MAX_LINE,
	OPT_MAX_RUNS,
	OPT_MAX_FILES,
	OPT_SYSROOT,
	OPT_NAME,
	OPT_FROM,
	OPT_TO,
	OPT_SITE_URL
};

/* The largest limit: a size, halved so that sums of two cannot wrap. */
#define LIMIT_MAX (SIZE_MAX / 2)

/* The options of the analysis, which check and build share. */
#define ANALYSIS_OPTIONS \
	{"--threshold", "P", CLI_PERCENT, OPT_THRESHOLD, \
	    "the smallest change in % that counts (default 5)", 0, NULL}, \
	{"--alpha", "P", CLI_PERCENT, OPT_ALPHA, \
	    "the level in % of the rank test (default 5)", 0, NULL}, \
	{"--baseline", "RUN", CLI_TEXT, OPT_BASELINE, \
	    "compare every run with RUN", 0, NULL}, \
	{"--weak", "P", CLI_PERCENT, OPT_WEAK, \
	    "RAID efficiency in % below which scaling is weak (80)", 0, NULL}, \
	{"--short", "P", CLI_PERCENT, OPT_SHORT, \
	    "RAID efficiency in % below which it falls short (50)", 0, NULL}, \
	{"--noise", "METRIC=P", CLI_TEXT, OPT_NOISE, \
	    "the change in % METRIC must clear with no history", 0, NULL}

/* The limits of reading one file, which parse takes too ... */
#define FILE_LIMIT_OPTIONS \
	{"--max-file-size", "BYTES", CLI_COUNT, OPT_MAX_FILE_SIZE, \
	    "read no file longer than BYTES (default 64 MiB)", LIMIT_MAX, \
	    NULL}, \
	{"--max-line", "BYTES", CLI_COUNT, OPT_MAX_LINE, \
	    "read no line longer than BYTES (default 1 MiB)", LIMIT_MAX, NULL}

/* ... and those of reading a tree of runs, for build, check and dump. */
#define TREE_LIMIT_OPTIONS \
	FILE_LIMIT_OPTIONS, \
	{"--max-runs", "N", CLI_COUNT, OPT_MAX_RUNS, \
	    "stop if RUNS holds more than N runs (default: none)", \
	    LIMIT_MAX, NULL}, \
	{"--max-files", "N", CLI_COUNT, OPT_MAX_FILES, \
	    "read at most N files of a run (default 10000)", LIMIT_MAX, NULL}

#define END_OF_OPTIONS {NULL, NULL, CLI_FLAG, 0, NULL, 0, NULL}

static int
exit_status(const struct diags *d, int write_failed)
{
	if (write_failed)
		return EXIT_INTERNAL;
	if (d->n == 0 || d->worst < MSG_ERROR)
		return EXIT_DONE;
	return d->worst == MSG_SYSERR ? EXIT_INTERNAL : EXIT_INPUT;
}

static int
finish_output(FILE *out)
{
	if (fflush(out) != 0 || ferror(out)) {
		fputs("benchsite: cannot write standard output\n", stderr);
		return -1;
	}
	return 0;
}

/* A limit's option into lim. Returns 1 when v was one, else 0. */
static int
limit_option(const struct cli_value *v, struct limits *lim)
{
	switch (v->opt->id) {
	case OPT_MAX_FILE_SIZE:
		lim->file_size = (size_t)v->count;
		return 1;
	case OPT_MAX_LINE:
		lim->line = (size_t)v->count;
		return 1;
	case OPT_MAX_RUNS:
		lim->runs = (size_t)v->count;
		return 1;
	case OPT_MAX_FILES:
		lim->files = (size_t)v->count;
		return 1;
	default:
		return 0;
	}
}

static const char *const parse_formats[] = {"json", "csv", NULL};
enum { PARSE_JSON, PARSE_CSV };

static const struct cli_option parse_options[] = {
	{"--format", "FORMAT", CLI_CHOICE, OPT_FORMAT,
	    "how to print the results", 0, parse_formats},
	FILE_LIMIT_OPTIONS,
	END_OF_OPTIONS
};

static char *
stream_room(void *s, size_t *n)
{
	return reader_stream_room(s, n);
}

static bool
stream_take(void *s, size_t n)
{
	return reader_stream_take(s, n);
}

/* Reads a regular file as it comes: one of fio's JSON documents only is
 * read holding a document at a time (a file of thousands takes what
 * their results take, not its size). Returns whether it was read; if
 * not, nothing was said, and it is read whole. */
static bool
parse_streamed(const char *path, const struct limits *lim,
    struct results *rs, struct diags *d)
{
	struct reader_stream *s;
	bool read;

	if (strcmp(path, "-") == 0)
		return false;
	s = reader_stream_new(path, lim);
	read = file_read_pieces(path, lim->file_size, stream_room,
	    stream_take, s) && reader_stream_end(s, rs, d);
	reader_stream_free(s);
	return read;
}

static int
cmd_parse(const struct cli_command *cmd, const struct cli_args *a)
{
	struct limits lim = LIMITS_DEFAULT;
	struct results rs = {0};
	struct diags d = {0};
	int csv = 0, failed;

	for (size_t k = 0; k < a->n; k++)
		if (a->v[k].opt->id == OPT_FORMAT)
			csv = a->v[k].choice == PARSE_CSV;
		else
			limit_option(&a->v[k], &lim);
	for (int i = 0; i < a->noperands; i++) {
		const char *path = a->operands[i];
		size_t len;
		char *buf;

		if (parse_streamed(path, &lim, &rs, &d))
			continue;
		buf = file_read(path, lim.file_size, &len, &d);
		if (buf == NULL)
			continue;
		reader_read(strcmp(path, "-") == 0 ? "<stdin>" : path,
		    buf, len, &lim, &rs, &d);
		free(buf);
	}
	reader_merge(&rs, &d);
	failed = csv ? render_parse_csv(stdout, &rs) :
	    render_parse_json(stdout, &rs, &d);
	failed = failed || finish_output(stdout);
	results_free(&rs);
	int status = exit_status(&d, failed);

	diags_free(&d);
	return status;
}

/* The --noise options of one command: few, and kept for its run. */
#define NOISE_OPTS_MAX 32
static struct noise_opt noise_opts[NOISE_OPTS_MAX];
static char noise_keys[NOISE_OPTS_MAX][FIO_KEY_MAX + 1];

/* --noise METRIC=P: the floor a change of METRIC (a metric's key, or a
 * fio measure for all of its metrics) must clear when no rank test or
 * history tells its noise; a later one for the same key wins. Returns
 * 0, or CLI_BAD. */
static int
noise_option(const struct cli_command *cmd, const struct cli_value *v,
    struct analyse_opts *o)
{
	const char *eq = strchr(v->text, '=');
	char key[FIO_KEY_MAX + 1], want[512];
	bool ok = false;
	double p = -1;
	int n;

	if (eq && (size_t)(eq - v->text) < sizeof key) {
		memcpy(key, v->text, (size_t)(eq - v->text));
		key[eq - v->text] = '\0';
		ok = noise_key_valid(key);
		p = cli_percent(eq + 1);
	}
	if (ok && p >= 0 && o->nnoise < NOISE_OPTS_MAX) {
		snprintf(noise_keys[o->nnoise], sizeof *noise_keys, "%s", key);
		noise_opts[o->nnoise] = (struct noise_opt){
		    noise_keys[o->nnoise], p};
		o->noise = noise_opts;
		o->nnoise++;
		return 0;
	}
	n = snprintf(want, sizeof want, "METRIC=P with P from 0 to 1000 and "
	    "METRIC one of");
	for (int k = 0; k < M_COUNT && n > 0 && (size_t)n < sizeof want; k++)
		n += snprintf(want + n, sizeof want - (size_t)n, "%s %s",
		    k ? "," : "", metric_defs[k].key);
	if (n > 0 && (size_t)n < sizeof want)
		snprintf(want + n, sizeof want - (size_t)n, ", a fio metric's "
		    "key or one of fio's measures (" FIO_MEASURE_LIST "), at "
		    "most %d times", NOISE_OPTS_MAX);
	return cli_bad_value(cmd, v, want);
}

/* An option of the analysis into o. Returns 1 when v was one, 0 when
 * not, CLI_BAD when its value is bad. */
static int
analysis_option(const struct cli_command *cmd, const struct cli_value *v,
    struct analyse_opts *o)
{
	switch (v->opt->id) {
	case OPT_THRESHOLD:
		o->threshold = v->fraction;
		return 1;
	case OPT_ALPHA:
		o->alpha = v->fraction;
		return 1;
	case OPT_WEAK:
		o->weak = v->fraction;
		return 1;
	case OPT_SHORT:
		o->shortfall = v->fraction;
		return 1;
	case OPT_BASELINE:
		o->baseline = v->text;
		return 1;
	case OPT_NOISE:
		return noise_option(cmd, v, o) == 0 ? 1 : CLI_BAD;
	default:
		return 0;
	}
}

/* The options build and check share: the analysis' and the limits'.
 * Returns 1 when v was one, 0 when not, CLI_BAD when its value is bad. */
static int
tree_option(const struct cli_command *cmd, const struct cli_value *v,
    struct analyse_opts *o, struct limits *lim)
{
	int k = analysis_option(cmd, v, o);

	return k != 0 ? k : limit_option(v, lim);
}

/* check's --format, each by the name the option gives it. */
enum check_format {
	CHECK_TEXT,
	CHECK_JSON,
	CHECK_MAIL,
	CHECK_MARKDOWN,
	CHECK_JUNIT,
	CHECK_EML,
	CHECK_FORMATS		/* how many there are */
};

static const char *const check_formats[CHECK_FORMATS + 1] = {
	[CHECK_TEXT] = "text",
	[CHECK_JSON] = "json",
	[CHECK_MAIL] = "mail",
	[CHECK_MARKDOWN] = "markdown",
	[CHECK_JUNIT] = "junit",
	[CHECK_EML] = "eml",
};

static int check_eml(FILE *, const struct analysis *, const char *const *,
    struct diags *);

/* mail[0..2): --from, --to; site_url: --site-url. */
static int
render_check(FILE *out, enum check_format format, const struct analysis *an,
    struct diags *d, int utf8, const char *const *mail, const char *site_url)
{
	char **pages = site_url ? site_run_pages(an->set) : NULL;
	struct share_links links = {site_url, pages};
	int rc;

	switch (format) {
	case CHECK_EML:
		return check_eml(out, an, mail, d);
	case CHECK_MARKDOWN:
		rc = render_check_markdown(out, an, &links, d);
		for (size_t i = 0; pages && i < an->set->n; i++)
			free(pages[i]);
		free(pages);
		return rc;
	case CHECK_JSON:
		return render_check_json(out, an, d);
	case CHECK_MAIL:
		return render_check_mail(out, an, d, utf8);
	case CHECK_JUNIT:
		return render_check_junit(out, an, d);
	default:
		return render_check_text(out, an);
	}
}

/* The PNG charts a mail digest names, into dir. */
static int
write_attachments(const struct analysis *an, const char *dir,
    struct diags *d)
{
	char err[256] = "";
	struct chart_fonts *fonts = chart_fonts_load(NULL, err);
	int rc;

	if (fonts == NULL) {
		diags_add(d, MSG_SYSERR, "fonts-dejavu-core", 0, "%s", err);
		return -1;
	}
	rc = render_attachments(an, fonts, dir, d);
	chart_fonts_free(fonts);
	return rc;
}

static const struct cli_option check_options[] = {
	{"--format", "FORMAT", CLI_CHOICE, OPT_FORMAT, "print it as", 0,
	    check_formats},
	{"-o", "FILE", CLI_TEXT, OPT_OUT,
	    "write it into FILE, not standard output", 0, NULL},
	{"--utf8", NULL, CLI_FLAG, OPT_UTF8,
	    "let the mail digest use UTF-8, not only ASCII", 0, NULL},
	{"--attach", "DIR", CLI_TEXT, OPT_ATTACH,
	    "write the mail digest's PNG charts into DIR", 0, NULL},
	{"--from", "ADDR", CLI_TEXT, OPT_FROM,
	    "the eml message's sender ($BENCHSITE_MAIL_FROM)", 0, NULL},
	{"--to", "ADDR", CLI_TEXT, OPT_TO,
	    "the eml message's recipient ($BENCHSITE_MAIL_TO)", 0, NULL},
	{"--site-url", "URL", CLI_TEXT, OPT_SITE_URL,
	    "link the Markdown to the pages of the site at URL", 0,
	    NULL},
	ANALYSIS_OPTIONS,
	TREE_LIMIT_OPTIONS,
	END_OF_OPTIONS
};

/* What check was asked for. */
struct check_request {
	enum check_format format;
	const char *outpath;
	const char *attach;
	const char *mail[2];	/* --from, --to */
	const char *site_url;
	int utf8;
};
/* The message of check --format eml: From and To from the options,
 * else $BENCHSITE_MAIL_FROM and $BENCHSITE_MAIL_TO, else the draft's;
 * dated only by SOURCE_DATE_EPOCH. */
static int
check_eml(FILE *out, const struct analysis *an, const char *const *mail,
    struct diags *d)
{
	char err[256] = "";
	struct eml_opts o = {mail[0] ? mail[0] : getenv("BENCHSITE_MAIL_FROM"),
	    mail[1] ? mail[1] : getenv("BENCHSITE_MAIL_TO"), NULL, 0, false};
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	struct chart_fonts *fonts;
	int rc;

	if (epoch && *epoch && collect_time(&o.date, d) != 0)
		return -1;
	o.dated = epoch && *epoch;
	if ((o.fonts = fonts = chart_fonts_load(NULL, err)) == NULL) {
		diags_add(d, MSG_SYSERR, "fonts-dejavu-core", 0, "%s", err);
		return -1;
	}
	rc = render_check_eml(out, an, &o, d);
	chart_fonts_free(fonts);
	return rc;
}

static int
check_option(const struct cli_command *cmd, const struct cli_value *v,
    struct check_request *rq, struct analyse_opts *ao, struct limits *lim)
{
	int k = tree_option(cmd, v, ao, lim);

	if (k != 0)
		return k < 0 ? CLI_BAD : 0;
	switch (v->opt->id) {
	case OPT_FORMAT:
		rq->format = (enum check_format)v->choice;
		break;
	case OPT_OUT:
		rq->outpath = v->text;
		break;
	case OPT_ATTACH:
		rq->attach = v->text;
		break;
	case OPT_UTF8:
		rq->utf8 = 1;
		break;
	case OPT_FROM:
		rq->mail[0] = v->text;
		break;
	case OPT_TO:
		rq->mail[1] = v->text;
		break;
	case OPT_SITE_URL:
		rq->site_url = v->text;
		break;
	}
	return 0;
}

static int
cmd_check(const struct cli_command *cmd, const struct cli_args *a)
{
	struct limits lim = LIMITS_DEFAULT;
	struct check_request rq = {CHECK_TEXT, NULL, NULL, {NULL, NULL}, NULL, 0};
	struct analyse_opts ao;
	struct runset set;
	struct analysis an;
	struct diags d = {0};
	FILE *out = stdout;
	int status, failed;
	char *cache;
	bool loaded;

	analyse_default_opts(&ao);
	for (size_t k = 0; k < a->n; k++)
		if (check_option(cmd, &a->v[k], &rq, &ao, &lim) != 0)
			return EXIT_INPUT;
	/* What loading found is cached for the next check of this tree,
	 * outside RUNS (runset_user_cache). */
	cache = runset_user_cache(a->operands[0]);
	loaded = runset_load_cached(&set, a->operands[0], &lim, SIZE_MAX,
	    cache, NULL, NULL, false, &d) == 0;
	free(cache);
	if (!loaded || analyse(&an, &set, &ao, &d) != 0) {
		runset_free(&set);
		diags_free(&d);
		return EXIT_INPUT;
	}
	if (rq.outpath && (out = fopen(rq.outpath, "w")) == NULL) {
		fprintf(stderr, "benchsite: %s: cannot write\n", rq.outpath);
		failed = 1;
	} else {
		failed = render_check(out, rq.format, &an, &d, rq.utf8, rq.mail,
		    rq.site_url);
		failed = failed || finish_output(out);
		if (rq.outpath && fclose(out) != 0)
			failed = 1;
	}
	if (!failed && rq.attach)
		failed = write_attachments(&an, rq.attach, &d);
	status = exit_status(&d, failed);
	if (status == EXIT_DONE && an.failing > 0)
		status = EXIT_GATE;
	analysis_free(&an);
	runset_free(&set);
	diags_free(&d);
	return status;
}

static const struct cli_option dump_options[] = {
	TREE_LIMIT_OPTIONS,
	END_OF_OPTIONS
};

static int
cmd_dump(const struct cli_command *cmd, const struct cli_args *a)
{
	struct limits lim = LIMITS_DEFAULT;
	struct runset set;
	struct diags d = {0};
	int failed, status;

	for (size_t k = 0; k < a->n; k++)
		limit_option(&a->v[k], &lim);
	if (runset_load(&set, a->operands[0], &lim, 0, &d) != 0) {
		runset_free(&set);
		diags_free(&d);
		return EXIT_INPUT;
	}
	failed = render_runset_json(stdout, &set, &d) || finish_output(stdout);
	runset_free(&set);
	status = exit_status(&d, failed);
	diags_free(&d);
	return status;
}

static bool
has_templates(const char *dir)
{
	char *probe = xasprintf("%s/templates/index.html", dir);
	struct stat st;
	bool ok = stat(probe, &st) == 0;

	free(probe);
	return ok;
}

/* Where templates/ and assets/ are: $BENCHSITE_DATA, else beside the
 * program or above it (a build tree), else in share/benchsite beside
 * its bin/ (an installed tree, wherever it was moved), else where "make
 * install" put them. */
static char *
data_dir(void)
{
	const char *env = getenv("BENCHSITE_DATA");
	char self[PATH_MAX];
	ssize_t n;

	if (env && *env)
		return xstrdup(env);
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n > 0) {
		char *slash;

		self[n] = '\0';
		for (int up = 0; up < 2 && (slash = strrchr(self, '/')); up++) {
			*slash = '\0';
			if (has_templates(self))
				return xstrdup(self);
		}
		char *share = xasprintf("%s/share/benchsite", self);

		if (has_templates(share))
			return share;
		free(share);
	}
	return xstrdup(BENCHSITE_DATADIR);
}

/* The loader's cache is kept when SITE may be written. */
static bool
keep_cache(void *prep)
{
	return site_prep_wait(prep);
}

/* The most rendering processes -j may ask for. */
#define MAX_JOBS 256

static const struct cli_option build_options[] = {
	{"-o", "SITE", CLI_TEXT, OPT_OUT,
	    "write the site into SITE (default: site)", 0, NULL},
	{"--single-file", "FILE", CLI_TEXT, OPT_SINGLE,
	    "write one self-contained HTML file instead", 0, NULL},
	{"-j", "N", CLI_COUNT, OPT_JOBS,
	    "render with N processes (default: one a processor)", MAX_JOBS,
	    NULL},
	{"--full", NULL, CLI_FLAG, OPT_FULL,
	    "render every page again, reusing none", 0, NULL},
	{"-q", NULL, CLI_FLAG, OPT_QUIET,
	    "show no progress, even on a terminal", 0, NULL},
	{"--no-wait", NULL, CLI_FLAG, OPT_NO_WAIT,
	    "exit 3 at once when another build of SITE runs", 0, NULL},
	{"--attach", "DIR", CLI_TEXT, OPT_ATTACH,
	    "also write the mail digest's PNG charts into DIR", 0, NULL},
	{"--fail-on-regression", NULL, CLI_FLAG, OPT_GATE,
	    "exit 1 when a finding fails the gate, as check does", 0, NULL},
	{"--fonts", "DIR", CLI_TEXT, OPT_FONTS,
	    "read the DejaVu Sans fonts from DIR", 0, NULL},
	ANALYSIS_OPTIONS,
	TREE_LIMIT_OPTIONS,
	END_OF_OPTIONS
};

/* What build was asked for besides the site's options. */
struct build_request {
	const char *attach;
	int gate;
};

static int
build_option(const struct cli_command *cmd, const struct cli_value *v,
    struct site_opts *opts, struct build_request *rq,
    struct analyse_opts *ao, struct limits *lim)
{
	int k = tree_option(cmd, v, ao, lim);

	if (k != 0)
		return k < 0 ? CLI_BAD : 0;
	switch (v->opt->id) {
	case OPT_OUT:
		opts->out = v->text;
		break;
	case OPT_SINGLE:
		opts->single = v->text;
		break;
	case OPT_JOBS:
		opts->jobs = (int)v->count;
		break;
	case OPT_FULL:
		opts->full = 1;
		break;
	case OPT_QUIET:
		opts->progress = 0;
		break;
	case OPT_NO_WAIT:
		opts->no_wait = 1;
		break;
	case OPT_ATTACH:
		rq->attach = v->text;
		break;
	case OPT_GATE:
		rq->gate = 1;
		break;
	case OPT_FONTS:
		opts->font_dir = v->text;
		break;
	}
	return 0;
}

/* A hash of build's options but those that change nothing the build
 * writes or says (-j, -q, --no-wait, --full) and SITE itself, for
 * site_unchanged: builds of one input into two sites log the same. */
static void
build_options_hash(const struct cli_args *a, uint64_t out[2])
{
	XXH3_state_t *st = xnonnull(XXH3_createState());
	XXH128_hash_t h;

	XXH3_128bits_reset(st);
	for (size_t k = 0; k < a->n; k++) {
		const struct cli_value *v = &a->v[k];
		int id = v->opt->id;

		if (id == OPT_JOBS || id == OPT_QUIET || id == OPT_NO_WAIT ||
		    id == OPT_FULL || id == OPT_OUT)
			continue;
		XXH3_128bits_update(st, &id, sizeof id);
		XXH3_128bits_update(st, v->text ? v->text : "", v->text ?
		    strlen(v->text) + 1 : 0);
		XXH3_128bits_update(st, &v->count, sizeof v->count);
		XXH3_128bits_update(st, &v->fraction, sizeof v->fraction);
		XXH3_128bits_update(st, &v->choice, sizeof v->choice);
	}
	h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	out[0] = h.low64;
	out[1] = h.high64;
}

/* The end of a build that found the site already made from what it
 * would be made of (site_unchanged): the status that build had. */
static int
build_unchanged(const struct site_opts *opts, bool gate, bool gate_fails,
    struct diags *d)
{
	int status;

	site_prep_say_prev(opts->prep, d);
	status = exit_status(d, 0);
	if (opts->progress)
		fprintf(stderr, "benchsite: open "
		    "%s/index.html\n", opts->out);
	if (status == EXIT_DONE && gate && gate_fails)
		status = EXIT_GATE;
	return status;
}

/* What a build holds of the runs until its pages are written: let go
 * of (release_runs) before the site is published, the attachments
 * written from it first. */
struct held_runs {
	struct analysis *an;
	struct runset *set;
	const char *attach;	/* --attach DIR, or NULL */
	struct diags *d;
	bool released;
	bool attached;		/* the attachments asked for are written */
	int failing;		/* an's, kept for the gate */
};

static void
release_runs(void *arg)
{
	struct held_runs *h = arg;

	if (h->released)
		return;
	h->attached = h->attach == NULL || write_attachments(h->an, h->attach,
	    h->d) == 0;
	h->failing = h->an->failing;
	analysis_free(h->an);
	runset_free(h->set);
	h->released = true;
}

static int
cmd_build(const struct cli_command *cmd, const struct cli_args *a)
{
	struct site_opts opts = {.out = "site",
	    .progress = isatty(STDERR_FILENO), .jobs = workers_default()};
	struct limits lim = LIMITS_DEFAULT;
	struct build_request rq = {NULL, 0};
	struct analyse_opts ao;
	struct analysis an;
	struct runset set;
	struct held_runs held;
	struct diags d = {0};
	const char *runs = a->operands[0];
	int status;
	bool built, loaded, gate_fails;
	char *data, *cache, *made = NULL;

	analyse_default_opts(&ao);
	for (size_t k = 0; k < a->n; k++)
		if (build_option(cmd, &a->v[k], &opts, &rq, &ao, &lim) != 0)
			return EXIT_INPUT;
	/* SITE's parents, as "-o out/site" in a fresh checkout asks; the
	 * single file's too */
	if (make_dirs(opts.single ? opts.single : opts.out, true, &made)) {
		fprintf(stderr, "benchsite: %s: cannot create: %s\n", made,
		    strerror(errno));
		free(made);
		return EXIT_INTERNAL;
	}
	/* A run with pages of its samples keeps them: each would read them
	 * all again. What loading found is cached beside SITE for the next
	 * build, when SITE may be written; --full reads every file again. */
	opts.prep = site_prep_start(&opts, runs, &d);
	if (opts.prep == NULL && d.n > 0) {
		/* --no-wait, and another build of SITE runs. */
		status = exit_status(&d, 0);
		diags_free(&d);
		return status;
	}
	cache = opts.prep ? path_beside(opts.out, CACHE_SUFFIX) : NULL;
	if (cache && opts.full)
		unlink(cache);
	/* Lazy where the build may find nothing changed (site_unchanged):
	 * then it decodes no run. */
	loaded = runset_load_cached(&set, runs, &lim,
	    SITE_SAMPLES_PER_PAGE, cache, keep_cache, opts.prep,
	    opts.single == NULL && !rq.attach, &d) == 0;
	free(cache);
	data = data_dir();
	opts.data_dir = data;
	opts.lim = &lim;
	opts.load_msgs = d.n;
	build_options_hash(a, opts.options_hash);
	if (loaded && site_unchanged(&opts, &set, &d, &gate_fails) &&
	    opts.prep && !rq.attach) {
		status = build_unchanged(&opts, rq.gate, gate_fails, &d);
		site_prep_free(opts.prep);
		free(data);
		runset_free(&set);
		diags_free(&d);
		return status;
	}
	site_prep_go(opts.prep);
	if (!loaded || runset_materialise(&set, &d) != 0 ||
	    analyse(&an, &set, &ao, &d) != 0) {
		site_prep_free(opts.prep);
		free(data);
		runset_free(&set);
		diags_free(&d);
		return EXIT_INPUT;
	}
	runset_drop_figures(&set);
	held = (struct held_runs){&an, &set, rq.attach, &d, false, false, 0};
	opts.rendered = release_runs;
	opts.rendered_arg = &held;
	/* A failed build has said why; its level gives the status. It
	 * writes no attachments. */
	built = site_build(&an, &opts, &d) == 0;
	site_prep_free(opts.prep);
	if (!held.released && !built)
		held.attach = NULL;
	release_runs(&held);
	built = built && held.attached;
	if (opts.progress && built)
		fprintf(stderr, "benchsite: open %s%s\n", opts.single ?
		    opts.single : opts.out, opts.single ? "" : "/index.html");
	free(data);
	status = exit_status(&d, 0);
	if (status == EXIT_DONE && !built)
		status = EXIT_INTERNAL;
	if (status == EXIT_DONE && rq.gate && held.failing > 0)
		status = EXIT_GATE;
	diags_free(&d);
	return status;
}

/* The capture commands (capture/) read their own argument vector; they
 * are handed the options as checked here, each with its value, then
 * "--" and the operands, so that they only ever see good usage. */
static int
pass_on(int (*run)(int, char **), const struct cli_command *cmd,
    const struct cli_args *a)
{
	char **argv = xcalloc(2 * a->n + (size_t)a->noperands + 3,
	    sizeof *argv);
	int argc = 0, status;

	argv[argc++] = (char *)cmd->name;
	for (size_t k = 0; k < a->n; k++) {
		argv[argc++] = (char *)a->v[k].opt->name;
		if (a->v[k].opt->kind != CLI_FLAG)
			argv[argc++] = (char *)a->v[k].text;
	}
	argv[argc++] = (char *)"--";
	for (int i = 0; i < a->noperands; i++)
		argv[argc++] = a->operands[i];
	status = run(argc, argv);
	free(argv);
	return status;
}

static const struct cli_option collect_options[] = {
	{"--sysroot", "DIR", CLI_TEXT, OPT_SYSROOT,
	    "read /proc, /sys and /etc below DIR, not below /", 0, NULL},
	END_OF_OPTIONS
};

static int
run_collect(const struct cli_command *cmd, const struct cli_args *a)
{
	return pass_on(cmd_collect, cmd, a);
}

static const struct cli_option record_options[] = {
	{"-o", "RUNS", CLI_TEXT, OPT_OUT,
	    "put the new run into RUNS (default: runs)", 0, NULL},
	{"--name", "NAME", CLI_TEXT, OPT_NAME,
	    "name it NAME, not DATE-HOST-N", 0, NULL},
	END_OF_OPTIONS
};

static int
run_record(const struct cli_command *cmd, const struct cli_args *a)
{
	for (size_t k = 0; k < a->n; k++) {
		const struct cli_value *v = &a->v[k];

		/* a name starting with '.' would be hidden from the loader */
		if (v->opt->id == OPT_NAME && (v->text[0] == '.' ||
		    strchr(v->text, '/'))) {
			cli_bad_value(cmd, v, "a run's name: it may not start "
			    "with '.' or hold a '/'");
			return EXIT_INPUT;
		}
	}
	return pass_on(cmd_record, cmd, a);
}

static const struct cli_option import_options[] = {
	{"-o", "RUNS", CLI_TEXT, OPT_OUT,
	    "put the new runs into RUNS (default: runs)", 0, NULL},
	END_OF_OPTIONS
};

static int
run_import(const struct cli_command *cmd, const struct cli_args *a)
{
	return pass_on(cmd_import, cmd, a);
}

static int cmd_help(const struct cli_command *, const struct cli_args *);

static const struct cli_option no_options[] = {
	END_OF_OPTIONS
};

/* The commands, in the order "benchsite help" lists them. */
static const struct cli_command build_command = {
	"build", "RUNS", "RUNS", 1, 1, false,
	"render the runs below RUNS into a static site", build_options,
	cmd_build
}, check_command = {
	"check", "RUNS", "RUNS", 1, 1, false,
	"judge the runs below RUNS; exit 1 when a finding fails the gate",
	check_options, cmd_check
}, parse_command = {
	"parse", "FILE...", "FILE", 1, -1, false,
	"print the bonnie++ and fio results in FILEs ('-': stdin), JSON or CSV",
	parse_options, cmd_parse
}, dump_command = {
	"dump", "RUNS", "RUNS", 1, 1, false,
	"print what benchsite reads of the runs below RUNS, as JSON",
	dump_options, cmd_dump
}, collect_command = {
	"collect", "PATH", "PATH", 1, 1, false,
	"print the meta lines of the storage stack under PATH",
	collect_options, run_collect
}, record_command = {
	"record", "-- bonnie++|fio [ARGUMENT]...", "benchmark command", 1, -1,
	true, "run bonnie++ or fio and keep its output and meta as a new run",
	record_options, run_record
}, import_command = {
	"import", "FILE...", "FILE", 1, -1, false,
	"split mail posts and pasted output into run directories",
	import_options, run_import
}, help_command = {
	"help", "[COMMAND]", "COMMAND", 0, 1, false,
	"list the commands, or show one command's options", no_options,
	cmd_help
};

static const struct cli_command *const commands[] = {
	&build_command, &check_command, &parse_command, &dump_command,
	&collect_command, &record_command, &import_command, &help_command,
};

#define N_COMMANDS (sizeof commands / sizeof *commands)

/* Says that name is no command, with the one it may have meant. */
static int
unknown_command(const char *name)
{
	const char *near = cli_nearest(name, commands, N_COMMANDS);

	fprintf(stderr, "benchsite: unknown command '%s'", name);
	if (near)
		fprintf(stderr, "; did you mean '%s'?", near);
	fputs(" (see benchsite help)\n", stderr);
	return EXIT_INPUT;
}

static const struct cli_command *
command_named(const char *name)
{
	for (size_t k = 0; k < N_COMMANDS; k++)
		if (strcmp(name, commands[k]->name) == 0)
			return commands[k];
	return NULL;
}

/* "benchsite help [COMMAND]", the same as "benchsite COMMAND --help". */
static int
cmd_help(const struct cli_command *cmd, const struct cli_args *a)
{
	const struct cli_command *about;

	if (a->noperands == 0) {
		cli_overview(stdout, commands, N_COMMANDS);
		return finish_output(stdout) ? EXIT_INTERNAL : EXIT_DONE;
	}
	if ((about = command_named(a->operands[0])) == NULL)
		return unknown_command(a->operands[0]);
	cli_help(stdout, about);
	return finish_output(stdout) ? EXIT_INTERNAL : EXIT_DONE;
}

static int
run_command(const struct cli_command *cmd, int argc, char **argv)
{
	struct cli_args a;
	int rc = cli_parse(cmd, argc, argv, &a), status;

	if (rc == CLI_HELP_SHOWN)
		return finish_output(stdout) ? EXIT_INTERNAL : EXIT_DONE;
	if (rc != 0)
		return EXIT_INPUT;
	status = cmd->run(cmd, &a);
	cli_args_free(&a);
	return status;
}

int
main(int argc, char **argv)
{
	const struct cli_command *cmd;
	const char *name;

	/* No setlocale: benchsite runs in the C locale whatever the
	 * environment says, so figures read and print with a '.', letters
	 * compare as ASCII (no Turkish dotless i), and output is the same
	 * bytes everywhere. Text is UTF-8 bytes passed through. */
	/* At most three malloc arenas: the main one and two that the
	 * threads share (the loader's reader ahead, the site's preparation,
	 * the charts, the second halves of the fingerprints and of the
	 * comparisons, a rendering process's pages). A thread that found
	 * no arena free made one of its own, and a rendering process then
	 * drew its pages in fresh memory rather than in what the threads
	 * before it had freed: 6 MiB more at the peak of a build at
	 * 100 000 runs. */
	mallopt(M_ARENA_MAX, 3);
	/* Blocks of 256 KiB and more are always mapped, so that freeing one
	 * gives its memory back: by default malloc raises this bound to
	 * the largest block freed, and the buffers a "by KEY" page's rows
	 * take (a few MB at 100 000 runs, in two threads as the build sorts
	 * its jobs) then stayed in the heap the rendering processes fork
	 * from, 5 MiB more at the peak of an edit at 100 000 runs. */
	mallopt(M_MMAP_THRESHOLD, 256 * 1024);
	if (argc < 2) {
		cli_overview(stderr, commands, N_COMMANDS);
		return EXIT_INPUT;
	}
	name = argv[1];
	if (strcmp(name, "--version") == 0) {
		puts("benchsite " BENCHSITE_VERSION);
		return finish_output(stdout) ? EXIT_INTERNAL : EXIT_DONE;
	}
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
		return run_command(&help_command, 1, argv + 1);
	if ((cmd = command_named(name)) != NULL)
		return run_command(cmd, argc - 1, argv + 1);
	if (name[0] == '-') {
		fprintf(stderr, "benchsite: unknown option '%s' (see benchsite "
		    "help)\n", name);
		return EXIT_INPUT;
	}
	return unknown_command(name);
}
