/* benchsite's command line: which stage runs on what, and the exit
 * status, the same for every command (base/exit.h): a regression or
 * shortfall fails the gate in check, and in build --fail-on-regression;
 * input that could not be read is reported after what could was still
 * processed. */
#include "analyse/analyse.h"
#include "capture/collect.h"
#include "base/exit.h"
#include "base/fileio.h"
#include "capture/import.h"
#include "base/input_limits.h"
#include "model/model.h"
#include "read/reader.h"
#include "capture/record.h"
#include "render/render.h"
#include "site/site.h"
#include "site/workers.h"
#include "base/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef BENCHSITE_DATADIR
#define BENCHSITE_DATADIR "/usr/local/share/benchsite"
#endif

/* Where things stand in argv: the program's argv[ARG_COMMAND] names the
 * command, which is handed the vector from there on, so that its own
 * argv[0] is its name and its arguments start at argv[ARG_FIRST]. */
enum {
	ARG_COMMAND = 1,
	ARG_FIRST = 1
};

static const char usage_text[] =
    "usage: benchsite build [-q] [-j N] [--full] [-o SITE | --single-file FILE]\n"
    "                       [--no-wait] [--attach DIR] [--fail-on-regression] RUNS\n"
    "       benchsite check [--format text|json|mail|eml|markdown|junit]\n"
    "                       [-o FILE] [--from ADDR] [--to ADDR] [--site-url URL]\n"
    "                       [--utf8] [--attach DIR] [--threshold P] [--alpha P]\n"
    "                       [--baseline RUN] [--weak P] [--short P]\n"
    "                       [--noise METRIC=P]... RUNS\n"
    "       benchsite parse [--format json|csv] FILE...\n"
    "       benchsite dump RUNS\n"
    "       benchsite collect [--sysroot DIR] PATH\n"
    "       benchsite record [-o RUNS] [--name NAME] -- bonnie++ ARGS...\n"
    "       benchsite import [-o RUNS] FILE...\n"
    "       benchsite --version\n"
    "  build, check and dump also take the limits --max-file-size BYTES,\n"
    "  --max-line BYTES, --max-runs N and --max-files N; parse the first two\n"
    "\n"
    "  build   render the runs below RUNS into a static site (default site/)\n"
    "  check   find regressions and shortfalls; exit 1 if any fails the gate\n"
    "  parse   read bonnie++ output (text tables and CSV of every version,\n"
    "          also pasted into mail or web pages); '-' reads stdin\n"
    "  dump    read a directory of runs and print its model as JSON\n";

static int
usage(void)
{
	fputs(usage_text, stderr);
	return EXIT_INPUT;
}

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

/* The limits' options (build, check, dump and parse). Returns 1 when
 * argv[*i] was one (and steps over its value), 0 when not, -1 when its
 * value is not a whole number of at least 1. */
static int
limit_option(int argc, char **argv, int *i, struct limits *lim)
{
	static const struct {
		const char *name;
		size_t off;
	} opts[] = {
		{"--max-file-size", offsetof(struct limits, file_size)},
		{"--max-line", offsetof(struct limits, line)},
		{"--max-runs", offsetof(struct limits, runs)},
		{"--max-files", offsetof(struct limits, files)},
	};

	for (size_t k = 0; *i + 1 < argc && k < sizeof opts / sizeof *opts;
	    k++) {
		const char *v = argv[*i + 1];
		unsigned long long n;
		char *end;

		if (strcmp(argv[*i], opts[k].name) != 0)
			continue;
		errno = 0;
		n = strtoull(v, &end, 10);
		if (*v < '1' || *v > '9' || *end != '\0' || errno != 0 ||
		    n > SIZE_MAX / 2)
			return -1;
		*(size_t *)((char *)lim + opts[k].off) = (size_t)n;
		*i += 1;
		return 1;
	}
	return 0;
}

static int
cmd_parse(int argc, char **argv)
{
	struct limits lim = LIMITS_DEFAULT;
	struct results rs = {0};
	struct diags d = {0};
	int csv = 0, i = ARG_FIRST, k, failed;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if ((k = limit_option(argc, argv, &i, &lim)) < 0)
			return usage();
		if (k > 0)
			continue;
		if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
			i++;
			if (strcmp(argv[i], "csv") == 0)
				csv = 1;
			else if (strcmp(argv[i], "json") != 0)
				return usage();
		} else {
			return usage();
		}
	}
	if (i == argc)
		return usage();
	for (; i < argc; i++) {
		size_t len;
		char *buf = file_read(argv[i], lim.file_size, &len, &d);

		if (buf == NULL)
			continue;
		reader_read(strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i],
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

/* Reads a percentage ("5" or "5%") into a fraction; -1 if malformed. */
static double
percent(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || (*end != '\0' && strcmp(end, "%") != 0) || v < 0 ||
	    v > 1000)
		return -1;
	return v / 100;
}

/* --noise METRIC=P: the floor a change of METRIC must clear when no
 * rank test or history tells its noise. Returns 1, or -1 when bad. */
static int
noise_option(const char *arg, struct analyse_opts *o)
{
	const char *eq = strchr(arg, '=');
	char key[32];
	int m;

	if (eq == NULL || (size_t)(eq - arg) >= sizeof key)
		return -1;
	memcpy(key, arg, (size_t)(eq - arg));
	key[eq - arg] = '\0';
	if ((m = metric_by_key(key)) < 0 || (o->noise[m] = percent(eq + 1)) < 0)
		return -1;
	return 1;
}

/* Options shared by check and build: the analysis' settings. Returns 1
 * when argv[*i] was one (and steps over its value), 0 when not, -1 when
 * its value is bad. */
static int
analysis_option(int argc, char **argv, int *i, struct analyse_opts *o)
{
	static const struct {
		const char *name;
		size_t off;
	} pct[] = {
		{"--threshold", offsetof(struct analyse_opts, threshold)},
		{"--alpha", offsetof(struct analyse_opts, alpha)},
		{"--weak", offsetof(struct analyse_opts, weak)},
		{"--short", offsetof(struct analyse_opts, shortfall)},
	};

	if (*i + 1 >= argc)
		return 0;
	if (strcmp(argv[*i], "--baseline") == 0) {
		o->baseline = argv[++*i];
		return 1;
	}
	if (strcmp(argv[*i], "--noise") == 0)
		return noise_option(argv[++*i], o);
	for (size_t k = 0; k < sizeof pct / sizeof *pct; k++) {
		if (strcmp(argv[*i], pct[k].name) == 0) {
			double v = percent(argv[++*i]);

			if (v < 0)
				return -1;
			*(double *)((char *)o + pct[k].off) = v;
			return 1;
		}
	}
	return 0;
}

/* check's --format, each by the name the option gives it. */
enum check_format {
	CHECK_UNKNOWN = -1,
	CHECK_TEXT,
	CHECK_JSON,
	CHECK_MAIL,
	CHECK_MARKDOWN,
	CHECK_JUNIT,
	CHECK_EML,
	CHECK_FORMATS		/* how many there are */
};

static const char *const check_formats[CHECK_FORMATS] = {
	[CHECK_TEXT] = "text",
	[CHECK_JSON] = "json",
	[CHECK_MAIL] = "mail",
	[CHECK_MARKDOWN] = "markdown",
	[CHECK_JUNIT] = "junit",
	[CHECK_EML] = "eml",
};

static enum check_format
check_format(const char *name)
{
	for (int k = 0; k < CHECK_FORMATS; k++)
		if (strcmp(check_formats[k], name) == 0)
			return (enum check_format)k;
	return CHECK_UNKNOWN;
}

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
		rc = render_check_markdown(out, an, &links);
		for (size_t i = 0; pages && i < an->set->n; i++)
			free(pages[i]);
		free(pages);
		return rc;
	case CHECK_JSON:
		return render_check_json(out, an, d);
	case CHECK_MAIL:
		return render_check_mail(out, an, utf8);
	case CHECK_JUNIT:
		return render_check_junit(out, an);
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
cmd_check(int argc, char **argv)
{
	struct limits lim = LIMITS_DEFAULT;
	struct analyse_opts ao;
	struct runset set;
	struct analysis an;
	struct diags d = {0};
	const char *format = "text", *outpath = NULL, *attach = NULL;
	const char *mail[2] = {NULL, NULL}, *site_url = NULL;
	FILE *out = stdout;
	int i = ARG_FIRST, k, status, failed, utf8 = 0;

	analyse_default_opts(&ao);
	for (; i < argc && argv[i][0] == '-'; i++) {
		if ((k = analysis_option(argc, argv, &i, &ao)) == 0)
			k = limit_option(argc, argv, &i, &lim);
		if (k < 0)
			return usage();
		if (k > 0)
			continue;
		if (strcmp(argv[i], "--format") == 0 && i + 1 < argc)
			format = argv[++i];
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			outpath = argv[++i];
		else if (strcmp(argv[i], "--attach") == 0 && i + 1 < argc)
			attach = argv[++i];
		else if (strcmp(argv[i], "--utf8") == 0)
			utf8 = 1;
		else if (strcmp(argv[i], "--from") == 0 && i + 1 < argc)
			mail[0] = argv[++i];
		else if (strcmp(argv[i], "--to") == 0 && i + 1 < argc)
			mail[1] = argv[++i];
		else if (strcmp(argv[i], "--site-url") == 0 && i + 1 < argc)
			site_url = argv[++i];
		else
			return usage();
	}
	if (i + 1 != argc || check_format(format) == CHECK_UNKNOWN)
		return usage();
	if (runset_load(&set, argv[i], &lim, SIZE_MAX, &d) != 0 ||
	    analyse(&an, &set, &ao, &d) != 0) {
		runset_free(&set);
		diags_free(&d);
		return EXIT_INPUT;
	}
	if (outpath && (out = fopen(outpath, "w")) == NULL) {
		fprintf(stderr, "benchsite: %s: cannot write\n", outpath);
		failed = 1;
	} else {
		failed = render_check(out, check_format(format), &an, &d, utf8,
		    mail, site_url);
		failed = failed || finish_output(out);
		if (outpath && fclose(out) != 0)
			failed = 1;
	}
	if (!failed && attach)
		failed = write_attachments(&an, attach, &d);
	status = exit_status(&d, failed);
	if (status == EXIT_DONE && an.failing > 0)
		status = EXIT_GATE;
	analysis_free(&an);
	runset_free(&set);
	diags_free(&d);
	return status;
}

static int
cmd_dump(int argc, char **argv)
{
	struct limits lim = LIMITS_DEFAULT;
	struct runset set;
	struct diags d = {0};
	int i = ARG_FIRST, failed, status;

	for (; i + 1 < argc; i++)
		if (limit_option(argc, argv, &i, &lim) <= 0)
			return usage();
	if (i + 1 != argc)
		return usage();
	if (runset_load(&set, argv[i], &lim, 0, &d) != 0) {
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

/* The length of "-j", which may have its N attached ("-j4"). */
#define JOBS_OPT_LEN (sizeof "-j" - 1)

/* The most rendering processes -j may ask for. */
#define MAX_JOBS 256

/* "-j N": 1 to MAX_JOBS rendering processes; 0 when N is not that. */
static int
jobs_count(const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);

	return *arg && *end == '\0' && n >= 1 && n <= MAX_JOBS ? (int)n : 0;
}

static int
cmd_build(int argc, char **argv)
{
	struct site_opts opts = {.out = "site",
	    .progress = isatty(STDERR_FILENO), .jobs = workers_default()};
	struct limits lim = LIMITS_DEFAULT;
	struct analyse_opts ao;
	struct analysis an;
	struct runset set;
	struct diags d = {0};
	int i = ARG_FIRST, k, status, gate = 0;
	const char *attach = NULL;
	bool built, loaded;
	char *data, *cache;

	analyse_default_opts(&ao);
	for (; i < argc && argv[i][0] == '-'; i++) {
		if ((k = analysis_option(argc, argv, &i, &ao)) == 0)
			k = limit_option(argc, argv, &i, &lim);
		if (k < 0)
			return usage();
		if (k > 0)
			continue;
		if (strcmp(argv[i], "--fail-on-regression") == 0)
			gate = 1;
		else if (strcmp(argv[i], "-q") == 0)
			opts.progress = 0;
		else if (strcmp(argv[i], "--full") == 0)
			opts.full = 1;
		else if (strcmp(argv[i], "--no-wait") == 0)
			opts.no_wait = 1;
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			opts.out = argv[++i];
		else if (strcmp(argv[i], "-j") == 0 && i + 1 < argc) {
			if ((opts.jobs = jobs_count(argv[++i])) < 1)
				return usage();
		} else if (strncmp(argv[i], "-j", JOBS_OPT_LEN) == 0) {
			opts.jobs = jobs_count(argv[i] + JOBS_OPT_LEN);
			if (opts.jobs < 1)
				return usage();
		} else if (strcmp(argv[i], "--fonts") == 0 && i + 1 < argc)
			opts.font_dir = argv[++i];
		else if (strcmp(argv[i], "--single-file") == 0 && i + 1 < argc)
			opts.single = argv[++i];
		else if (strcmp(argv[i], "--attach") == 0 && i + 1 < argc)
			attach = argv[++i];
		else if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else
			return usage();
	}
	if (i + 1 != argc)
		return usage();
	/* A run with pages of its samples keeps them: each would read them
	 * all again. What loading found is cached beside SITE for the next
	 * build, when SITE may be written; --full reads every file again. */
	opts.prep = site_prep_start(&opts, argv[i], &d);
	if (opts.prep == NULL && d.n > 0) {
		/* --no-wait, and another build of SITE runs. */
		status = exit_status(&d, 0);
		diags_free(&d);
		return status;
	}
	cache = opts.prep ? path_beside(opts.out, CACHE_SUFFIX) : NULL;
	if (cache && opts.full)
		unlink(cache);
	loaded = runset_load_cached(&set, argv[i], &lim,
	    SITE_SAMPLES_PER_PAGE, cache, keep_cache, opts.prep, &d) == 0;
	free(cache);
	if (!loaded || analyse(&an, &set, &ao, &d) != 0) {
		site_prep_free(opts.prep);
		runset_free(&set);
		diags_free(&d);
		return EXIT_INPUT;
	}
	runset_drop_figures(&set);
	data = data_dir();
	opts.data_dir = data;
	opts.lim = &lim;
	/* A failed build has said why; its level gives the status. */
	built = site_build(&an, &opts, &d) == 0;
	site_prep_free(opts.prep);
	if (built && attach)
		built = write_attachments(&an, attach, &d) == 0;
	if (opts.progress && built)
		fprintf(stderr, "benchsite: open %s%s\n", opts.single ?
		    opts.single : opts.out, opts.single ? "" : "/index.html");
	free(data);
	status = exit_status(&d, 0);
	if (status == EXIT_DONE && !built)
		status = EXIT_INTERNAL;
	if (status == EXIT_DONE && gate && an.failing > 0)
		status = EXIT_GATE;
	analysis_free(&an);
	runset_free(&set);
	diags_free(&d);
	return status;
}

/* The commands, by the name argv[ARG_COMMAND] gives. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{"build", cmd_build},
	{"check", cmd_check},
	{"parse", cmd_parse},
	{"dump", cmd_dump},
	{"collect", cmd_collect},
	{"record", cmd_record},
	{"import", cmd_import},
};

int
main(int argc, char **argv)
{
	const char *name;

	/* No setlocale: benchsite runs in the C locale whatever the
	 * environment says, so figures read and print with a '.', letters
	 * compare as ASCII (no Turkish dotless i), and output is the same
	 * bytes everywhere. Text is UTF-8 bytes passed through. */
	if (argc <= ARG_COMMAND)
		return usage();
	name = argv[ARG_COMMAND];
	for (size_t k = 0; k < sizeof commands / sizeof *commands; k++)
		if (strcmp(name, commands[k].name) == 0)
			return commands[k].run(argc - ARG_COMMAND,
			    argv + ARG_COMMAND);
	if (strcmp(name, "--version") == 0) {
		puts("benchsite " BENCHSITE_VERSION);
		return EXIT_DONE;
	}
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
		fputs(usage_text, stdout);
		return EXIT_DONE;
	}
	return usage();
}
