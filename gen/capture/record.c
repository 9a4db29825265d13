/* The recorder: runs bonnie++ or fio in a hidden directory beside the
 * run it will become, with the meta collect gives for the directory it
 * measures, and renames it into place only when the benchmark
 * succeeded, so a run directory is complete or marked failed. For CI
 * jobs and people. */
#include "base/exit.h"
#include "capture/collect.h"
#include "base/fileio.h"
#include "read/reader.h"
#include "capture/record.h"
#include "base/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The statuses a shell gives a command: 127 when it could not be run
 * (what the forked child exits with when exec fails), 128 + the signal
 * when one killed it. record passes them through as bonnie++'s own. */
#define EXIT_NOT_RUN 127
#define EXIT_SIGNAL_BASE 128

/* bonnie++'s getopt string (2.00a; older versions take a subset): which
 * options take a value, to find -d and -q in its arguments. */
static const char bonnie_opts[] = "bc:d:f::g:l:m:n:p:qr:s:u:x:y:z:Z:D";

/* What record runs: the benchmark, its output files (standard output,
 * standard error) and what it is called in messages. */
enum bench { BENCH_BONNIE, BENCH_FIO };

static const struct bench_files {
	const char *out, *err, *what;
} bench_files[] = {
	[BENCH_BONNIE] = {"bonnie.csv", "bonnie.txt", "bonnie++"},
	[BENCH_FIO] = {"fio.json", "fio.log", "fio"},
};

struct record {
	const char *runs;	/* RUNS */
	const char *name;	/* --name, or NULL for DATE-HOST-N */
	char **args;		/* the benchmark and its arguments */
	int nargs;
	enum bench bench;
	char *scratch;		/* what it measures: bonnie++'s -d, fio's
				   --directory or --filename (or its job
				   file's), "." by default */
	bool quiet;		/* bonnie++: -q given */
	bool own_format;	/* fio: --output-format given, not JSON */
	const char *own_output;	/* fio: --output FILE given */
	char *dir;		/* RUNS/NAME, reserved empty */
	char *tmp;		/* RUNS/.NAME.tmp-XXXXXX, being filled */
};

static int
record_usage(void)
{
	fputs("usage: benchsite record [-o RUNS] [--name NAME] -- bonnie++ "
	    "ARGS...\n       benchsite record [-o RUNS] [--name NAME] -- fio "
	    "JOBFILE|ARGS...\n", stderr);
	return EXIT_INPUT;
}

/* Finds -d and -q in bonnie++'s arguments the way its getopt would. */
static void
scan_bonnie_args(struct record *r)
{
	for (int i = 1; i < r->nargs; i++) {
		const char *a = r->args[i];

		if (strcmp(a, "--") == 0)
			break;
		if (a[0] != '-' || a[1] == '\0')
			continue;	/* GNU getopt skips over operands */
		for (const char *p = a + 1; *p; p++) {
			const char *o = strchr(bonnie_opts, *p), *val;

			if (*p == 'q')
				r->quiet = true;
			if (*p == ':' || o == NULL || o[1] != ':')
				continue;
			if (o[2] == ':')	/* an optional value is attached */
				break;
			val = p[1] ? p + 1 : i + 1 < r->nargs ? r->args[++i] :
			    NULL;
			if (*p == 'd' && val) {
				free(r->scratch);
				r->scratch = xstrdup(val);
			}
			break;
		}
	}
}

/* Where a fio file or directory option points, as a directory for
 * collect: a directory as it is, a file's directory, a device as it
 * is (collect reads its stack). */
static char *
fio_place(const char *key, const char *value)
{
	const char *colon = strchr(value, ':'), *slash;

	/* fio separates several files with ':'; the first tells. */
	size_t n = colon ? (size_t)(colon - value) : strlen(value);

	if (strcmp(key, "directory") == 0 || strncmp(value, "/dev/", 5) == 0)
		return xstrndup(value, n);
	for (slash = value + n; slash > value && slash[-1] != '/'; slash--)
		;
	slash = slash > value ? slash - 1 : NULL;
	if (slash == NULL)
		return xstrdup(".");
	return slash == value ? xstrdup("/") : xstrndup(value,
	    (size_t)(slash - value));
}

/* The most a job file is taken to be: anything longer is data. */
#define JOB_FILE_MAX (1024 * 1024)

/* fio's job file at path: a regular file of at most JOB_FILE_MAX bytes
 * with a "[section]" line (caller frees); NULL for anything else, which
 * is never opened beyond a stat (a device, a FIFO) nor kept. */
static char *
job_file(const char *path, size_t *len)
{
	struct diags d = {.quiet = 1};
	char *buf = file_read_regular(path, JOB_FILE_MAX, len, &d);
	bool section = false;

	diags_free(&d);
	for (size_t i = 0; buf && i < *len && !section; i++)
		section = buf[i] == '[' && (i == 0 || buf[i - 1] == '\n');
	if (!section) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* A job file's directory= or filename= line, the first of them. */
static char *
jobfile_place(const char *path)
{
	size_t len;
	char *buf = job_file(path, &len), *place = NULL;

	for (char *line = buf; buf && line && place == NULL;) {
		char *nl = strchr(line, '\n'), *eq;

		if (nl)
			*nl = '\0';
		line += strspn(line, " \t");
		if ((eq = strchr(line, '=')) != NULL &&
		    (strncmp(line, "directory", 9) == 0 ||
		    strncmp(line, "filename", 8) == 0) &&
		    strspn(line + (line[0] == 'd' ? 9 : 8), " \t") ==
		    (size_t)(eq - line - (line[0] == 'd' ? 9 : 8))) {
			char *v = eq + 1 + strspn(eq + 1, " \t");

			v[strcspn(v, " \t\r")] = '\0';
			place = *v ? fio_place(line[0] == 'd' ? "directory" :
			    "filename", v) : NULL;
		}
		line = nl ? nl + 1 : NULL;
	}
	free(buf);
	return place;
}

/* The value of fio's option name at args[*i], as fio takes it
 * ("--name=v", "-name=v", "--name v": then *i moves to the value), or
 * NULL when args[*i] is another. */
static const char *
fio_option(const struct record *r, int *i, const char *name)
{
	const char *a = r->args[*i];
	size_t n = strlen(name);

	if (a[0] != '-')
		return NULL;
	a += a[1] == '-' ? 2 : 1;
	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] == '\0' && *i + 1 < r->nargs)
		return r->args[++*i];
	return NULL;
}

/* Whether args[i] is the value of an option given apart from it
 * ("--filename /dev/sdb"): never a job file. */
static bool
option_value(const struct record *r, int i)
{
	for (int k = 1; k < i; k++) {
		int at = k;

		if ((fio_option(r, &at, "filename") ||
		    fio_option(r, &at, "directory") ||
		    fio_option(r, &at, "output-format") ||
		    fio_option(r, &at, "output")) && at == i)
			return true;
	}
	return false;
}

/* fio's place (its directory or filename option, else a job file's)
 * and whether it is asked for an output format other than JSON. */
static void
scan_fio_args(struct record *r)
{
	for (int i = 1; i < r->nargs; i++) {
		int at = i;
		const char *v;

		if ((v = fio_option(r, &at, "output-format")) != NULL)
			r->own_format = strstr(v, "json") == NULL;
		else if ((v = fio_option(r, &at, "output")) != NULL)
			r->own_output = v;
		else if (!r->scratch && ((v = fio_option(r, &at,
		    "directory")) != NULL))
			r->scratch = fio_place("directory", v);
		else if (!r->scratch && ((v = fio_option(r, &at,
		    "filename")) != NULL))
			r->scratch = fio_place("filename", v);
		i = at;
	}
	for (int i = 1; i < r->nargs && r->scratch == NULL; i++)
		if (r->args[i][0] != '-' && !option_value(r, i))
			r->scratch = jobfile_place(r->args[i]);
}

/* Which benchmark argv[0] is: fio by its name ("fio", "fio-3.33",
 * "/usr/bin/fio"), else bonnie++. */
static enum bench
bench_of(const char *prog)
{
	const char *base = strrchr(prog, '/');

	base = base ? base + 1 : prog;
	return strncmp(base, "fio", 3) == 0 && (base[3] == '\0' ||
	    base[3] == '-' || base[3] == '.') ? BENCH_FIO : BENCH_BONNIE;
}

/* Whether prog can be run: a path, or a name found in $PATH. */
static bool
can_run(const char *prog)
{
	const char *path = getenv("PATH"), *p, *end;
	bool found = false;

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	for (p = path ? path : "/usr/bin:/bin"; !found; p = end + 1) {
		size_t n;
		char *cand;

		end = strchr(p, ':');
		n = end ? (size_t)(end - p) : strlen(p);
		cand = n ? xasprintf("%.*s/%s", (int)n, p, prog) :
		    xasprintf("./%s", prog);
		found = access(cand, X_OK) == 0;
		free(cand);
		if (end == NULL)
			break;
	}
	return found;
}

static int
parse_args(struct record *r, int argc, char **argv)
{
	int i = 1;

	r->runs = "runs";
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			r->runs = argv[++i];
		else if (strcmp(argv[i], "--name") == 0 && i + 1 < argc)
			r->name = argv[++i];
		else
			return -1;
	}
	if (i == argc || r->runs[0] == '\0')
		return -1;
	/* a name starting with '.' would be hidden from the loader */
	if (r->name && (r->name[0] == '\0' || r->name[0] == '.' ||
	    strchr(r->name, '/')))
		return -1;
	r->args = argv + i;
	r->nargs = argc - i;
	r->bench = bench_of(r->args[0]);
	if (r->bench == BENCH_FIO)
		scan_fio_args(r);
	else
		scan_bonnie_args(r);
	if (r->scratch == NULL)
		r->scratch = xstrdup(".");
	return 0;
}

/* Creates RUNS and any missing parents. */
static int
make_runs_dir(const char *runs)
{
	char *failed = NULL;

	if (make_dirs(runs, false, &failed) == 0)
		return 0;
	fprintf(stderr, "benchsite: %s: cannot create: %s\n", failed,
	    strerror(errno));
	free(failed);
	return -1;
}

/* The host part of a run's name: letters, digits, '-', '_' and '.'
 * only, never a leading '.' (the loader would hide the run). */
static char *
host_for_name(void)
{
	char buf[256], *h = collect_hostname("/");

	if (h == NULL && gethostname(buf, sizeof buf) == 0) {
		buf[sizeof buf - 1] = '\0';
		h = xstrdup(buf);
	}
	if (h == NULL || *h == '\0') {
		free(h);
		return xstrdup("host");
	}
	for (char *p = h; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789-_.", *p) || (p == h && *p == '.'))
			*p = '_';
	return h;
}

static bool
taken(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* Reserves RUNS/NAME by creating it empty (mkdir fails when it exists,
 * so two recorders never share a name); DATE-HOST-N takes the first N
 * free, counting NAME.failed as taken. */
static int
reserve_dir(struct record *r, time_t now)
{
	char date[16], *host, *failed;
	struct tm tm;

	if (r->name) {
		r->dir = xasprintf("%s/%s", r->runs, r->name);
		if (mkdir(r->dir, 0777) == 0)
			return 0;
		fprintf(stderr, "benchsite: %s: %s; not overwritten\n", r->dir,
		    strerror(errno));
		return -1;
	}
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%d", &tm);
	host = host_for_name();
	for (int n = 1; n < 100000; n++) {
		r->dir = xasprintf("%s/%s-%s-%d", r->runs, date, host, n);
		failed = xasprintf("%s.failed", r->dir);
		if (taken(failed))
			errno = EEXIST;
		else if (mkdir(r->dir, 0777) == 0) {
			free(failed);
			free(host);
			return 0;
		}
		free(failed);
		if (errno != EEXIST)
			break;
		free(r->dir);
		r->dir = NULL;
	}
	fprintf(stderr, "benchsite: %s: cannot create a run directory: %s\n",
	    r->runs, strerror(errno));
	free(r->dir);
	r->dir = NULL;
	free(host);
	return -1;
}

static int
make_tmp(struct record *r)
{
	const char *name = strrchr(r->dir, '/') + 1;
	mode_t mask = umask(0);

	umask(mask);
	r->tmp = xasprintf("%s/.%s.tmp-XXXXXX", r->runs, name);
	/* mkdtemp makes it private; the run is to be published */
	if (mkdtemp(r->tmp) != NULL && chmod(r->tmp, 0777 & ~mask) == 0)
		return 0;
	fprintf(stderr, "benchsite: %s: cannot create: %s\n", r->tmp,
	    strerror(errno));
	free(r->tmp);
	r->tmp = NULL;
	return -1;
}

static FILE *
create_in(const struct record *r, const char *name, const char *mode)
{
	char *path = xasprintf("%s/%s", r->tmp, name);
	FILE *f = fopen(path, mode);

	if (f == NULL)
		fprintf(stderr, "benchsite: %s: cannot write: %s\n", path,
		    strerror(errno));
	free(path);
	return f;
}

static int
close_checked(FILE *f, const struct record *r, const char *name)
{
	if (ferror(f) | fclose(f)) {
		fprintf(stderr, "benchsite: %s/%s: cannot write\n", r->tmp,
		    name);
		return -1;
	}
	return 0;
}

/* The meta of the scratch directory; when collect cannot read it (no
 * such directory: bonnie++ will say so too), a comment saying why. */
static int
write_meta(const struct record *r, time_t now)
{
	struct diags d = {0};
	FILE *f = create_in(r, "meta", "w");

	if (f == NULL)
		return -1;
	if (collect_meta(f, "/", r->scratch, now, &d) != 0)
		for (size_t i = 0; i < d.n; i++)
			fprintf(f, "# collect %s: %s\n", d.v[i].file,
			    d.v[i].message);
	diags_free(&d);
	return close_checked(f, r, "meta");
}

static int
open_output(const struct record *r, const char *name)
{
	char *path = xasprintf("%s/%s", r->tmp, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

	if (fd < 0)
		fprintf(stderr, "benchsite: %s: cannot create: %s\n", path,
		    strerror(errno));
	free(path);
	return fd;
}

/* The benchmark's argument vector: bonnie++ with -q first unless given,
 * so the CSV goes to standard output and the table to standard error;
 * fio with JSON on standard output unless it asks for a format of its
 * own. */
static char **
bench_argv(const struct record *r)
{
	char **v = xcalloc((size_t)r->nargs + 2, sizeof *v);
	int n = 0;

	v[n++] = r->args[0];
	if (r->bench == BENCH_BONNIE && !r->quiet)
		v[n++] = (char *)"-q";
	if (r->bench == BENCH_FIO && !r->own_format)
		v[n++] = (char *)"--output-format=json";
	for (int i = 1; i < r->nargs; i++)
		v[n++] = r->args[i];
	v[n] = NULL;
	return v;
}

static void
child(int out, int err, char **argv)
{
	if (dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(EXIT_NOT_RUN);
	execvp(argv[0], argv);
	dprintf(2, "benchsite: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(EXIT_NOT_RUN);
}

/* How often the progress line is rewritten, and how often bonnie++'s
 * end is looked for meanwhile. */
#define PROGRESS_TICKS_PER_SECOND 5

static double
seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The progress line: how long the benchmark has run. With -q (its CSV
 * apart from its table, which record needs) bonnie++ prints nothing of
 * its own progress until it is done, nor fio with JSON output. Returns
 * the line's length. */
static int
show_progress(const struct record *r, long seconds)
{
	const char *slash = strrchr(r->args[0], '/');

	return fprintf(stderr, "\rbenchsite: %s has run %ldm%02lds",
	    slash ? slash + 1 : r->args[0], seconds / 60, seconds % 60) - 1;
}

/* Waits for bonnie++; on a terminal, with the progress line rewritten
 * in place each second and wiped at the end. Off a terminal nothing is
 * printed, so logs hold only what bonnie++ and record say. */
static void
wait_bonnie(const struct record *r, pid_t pid, int *st)
{
	struct timespec tick = {0, 1000000000L / PROGRESS_TICKS_PER_SECOND};
	bool tty = isatty(STDERR_FILENO);
	double start = seconds_now();
	long shown = -1;
	int width = 0;

	for (;;) {
		pid_t got = waitpid(pid, st, tty ? WNOHANG : 0);

		if (got == pid || (got < 0 && errno != EINTR))
			break;
		if (got == 0 && (long)(seconds_now() - start) != shown) {
			shown = (long)(seconds_now() - start);
			width = show_progress(r, shown);
		}
		if (got == 0)
			nanosleep(&tick, NULL);
	}
	if (width > 0)
		fprintf(stderr, "\r%*s\r", width, "");
}

/* Where the benchmark's standard output goes: fio.txt for fio asked for
 * its text or terse lines, else the bench's own file. */
static const char *
out_name(const struct record *r)
{
	return r->bench == BENCH_FIO && r->own_format ? "fio.txt" :
	    bench_files[r->bench].out;
}

/* Runs the benchmark with its output in its files (bonnie.csv and
 * bonnie.txt, fio.json or fio.txt and fio.log); returns its exit status (128 +
 * signal), or -1 when it could not be started. Like system(3),
 * benchsite ignores ^C meanwhile: the benchmark gets it, cleans up and
 * exits, and the run is then marked failed. */
static int
run_bench(const struct record *r, bool *killed)
{
	struct sigaction ign = {.sa_handler = SIG_IGN}, oint, oquit;
	const struct bench_files *bf = &bench_files[r->bench];
	int out = open_output(r, out_name(r)), err = -1, st = 0;
	char **argv = bench_argv(r);
	pid_t pid = -1;

	if (out >= 0 && (err = open_output(r, bf->err)) >= 0) {
		fflush(NULL);
		if ((pid = fork()) == 0)
			child(out, err, argv);
		if (pid < 0)
			fprintf(stderr, "benchsite: cannot start %s: %s\n",
			    argv[0], strerror(errno));
		sigaction(SIGINT, &ign, &oint);
		sigaction(SIGQUIT, &ign, &oquit);
		if (pid > 0)
			wait_bonnie(r, pid, &st);
		sigaction(SIGINT, &oint, NULL);
		sigaction(SIGQUIT, &oquit, NULL);
	}
	if (out >= 0)
		close(out);
	if (err >= 0)
		close(err);
	free(argv);
	if (pid <= 0)
		return -1;
	*killed = WIFSIGNALED(st);
	return *killed ? EXIT_SIGNAL_BASE + WTERMSIG(st) : WEXITSTATUS(st);
}

/* Moves what fio printed on standard output before its JSON document
 * ("note: both iodepth >= 1 and synchronous I/O engine are selected")
 * to the end of fio.log, so that fio.json is JSON any tool reads. The
 * note stays in the run, where fio put its other messages. */
static void
move_fio_notes(const struct record *r)
{
	char *json = xasprintf("%s/%s", r->tmp, bench_files[BENCH_FIO].out);
	char *log = xasprintf("%s/%s", r->tmp, bench_files[BENCH_FIO].err);
	struct diags d = {0};
	size_t len, at = 0;
	char *buf = file_read(json, DEFAULT_MAX_FILE_SIZE, &len, &d);
	FILE *f;

	while (buf && at < len && buf[at] != '{') {
		const char *nl = memchr(buf + at, '\n', len - at);

		at = nl ? (size_t)(nl - buf) + 1 : len;
	}
	/* the note is in fio.log before fio.json loses it: nothing of the
	 * run is lost whichever write fails (each says so) */
	if (buf && at > 0 && at < len && (f = fopen(log, "a")) != NULL) {
		bool kept = fwrite(buf, 1, at, f) == at;

		if (fclose(f) != 0 || !kept)
			fprintf(stderr, "benchsite: %s: cannot write: %s\n",
			    log, strerror(errno));
		else
			write_file_atomic(json, buf + at, len - at, &d);
	}
	diags_free(&d);
	free(buf);
	free(log);
	free(json);
}

/* Reads what the benchmark printed with the project's reader: how many
 * results it holds and its version (caller frees). */
static size_t
read_results(const struct record *r, char **version)
{
	const char *files[] = {bench_files[r->bench].err, out_name(r)};
	struct results rs = {0};
	struct diags d = {.quiet = 1};
	size_t n;

	for (size_t i = 0; i < 2; i++) {
		char *path = xasprintf("%s/%s", r->tmp, files[i]);
		size_t len;
		char *buf = file_read(path, DEFAULT_MAX_FILE_SIZE, &len, &d);

		if (buf)
			reader_read(files[i], buf, len, NULL, &rs, &d);
		free(buf);
		free(path);
	}
	reader_merge(&rs, &d);
	*version = NULL;
	for (size_t i = 0; i < rs.n && *version == NULL; i++)
		if (rs.v[i].bonnie_version)
			*version = xstrdup(rs.v[i].bonnie_version);
	for (size_t i = 0; i < rs.fio.n && *version == NULL; i++)
		if (rs.fio.v[i].version)
			*version = xstrdup(rs.fio.v[i].version);
	n = r->bench == BENCH_FIO ? rs.fio.n : rs.n;
	results_free(&rs);
	diags_free(&d);
	return n;
}

/* An argument as a shell would need it written. */
static void
put_arg(FILE *f, const char *a)
{
	if (*a && a[strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST"
	    "UVWXYZ0123456789-_.,:/=+%@")] == '\0') {
		fputs(a, f);
		return;
	}
	fputc('\'', f);
	for (; *a; a++)
		if (*a == '\'')
			fputs("'\\''", f);
		else if ((unsigned char)*a < 0x20)
			fputc(' ', f);	/* a meta value is one line */
		else
			fputc(*a, f);
	fputc('\'', f);
}

/* The benchmark's options and version as meta lines (bonnie-options
 * is read by the analysis; fio's options are in its output already, so
 * fio-options is for people). */
static int
append_bench_meta(const struct record *r, const char *version)
{
	const char *what = r->bench == BENCH_FIO ? "fio" : "bonnie";
	FILE *f = create_in(r, "meta", "a");

	if (f == NULL)
		return -1;
	fprintf(f, "%s-options:", what);
	for (int i = 1; i < r->nargs; i++) {
		fputc(' ', f);
		put_arg(f, r->args[i]);
	}
	fputc('\n', f);
	if (version)
		fprintf(f, "%s-version: %s\n", what, version);
	else
		fprintf(f, "# %s-version: not in its output\n", what);
	return close_checked(f, r, "meta");
}

/* fio's job files beside its output: the run keeps what made it. A
 * file fio was given is copied by its name (never over the run's own
 * files). */
static int
copy_job_files(const struct record *r)
{
	for (int i = 1; r->bench == BENCH_FIO && i < r->nargs; i++) {
		const char *a = r->args[i], *base = strrchr(a, '/');
		size_t len;
		char *buf;
		FILE *f;

		base = base ? base + 1 : a;
		if (a[0] == '-' || *base == '.' || strcmp(base, "meta") == 0 ||
		    strcmp(base, "fio.json") == 0 || strcmp(base, "fio.log") == 0 ||
		    strcmp(base, "fio.txt") == 0 || option_value(r, i) ||
		    (buf = job_file(a, &len)) == NULL)
			continue;
		f = create_in(r, base, "w");
		if (f == NULL || fwrite(buf, 1, len, f) != len ||
		    close_checked(f, r, base) != 0) {
			free(buf);
			return -1;
		}
		free(buf);
	}
	return 0;
}

/* Shows what the benchmark printed on standard error (bonnie++'s
 * table, or why either failed), as it would have without benchsite. */
static void
show_output(const struct record *r)
{
	char *path = xasprintf("%s/%s", r->tmp, bench_files[r->bench].err);
	char buf[8192];
	FILE *f = fopen(path, "r");
	size_t n;

	while (f && (n = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, n, stderr);
	if (f)
		fclose(f);
	free(path);
}

static void
write_failed(const struct record *r, int status, bool killed,
    size_t results)
{
	FILE *f = create_in(r, "FAILED", "w");

	if (f == NULL)
		return;
	if (killed)
		fprintf(f, "%s was killed by signal %d (%s).\n", r->args[0],
		    status - EXIT_SIGNAL_BASE,
		    strsignal(status - EXIT_SIGNAL_BASE));
	else if (status != 0)
		fprintf(f, "%s exited with status %d.\n", r->args[0], status);
	else
		fprintf(f, "%s exited with status 0 but printed %zu results.\n",
		    r->args[0], results);
	fprintf(f, "What it printed is in %s (standard error) and %s\n"
	    "(standard output). This run is incomplete: do not compare it.\n",
	    bench_files[r->bench].err, out_name(r));
	close_checked(f, r, "FAILED");
}

/* What to run next on RUNS, written to be pasted into a shell. */
static void
show_next(const struct record *r)
{
	fputs("benchsite: next, judge the runs and render them:\n"
	    "  benchsite check ", stderr);
	put_arg(stderr, r->runs);
	fputs("\n  benchsite build -o site ", stderr);
	put_arg(stderr, r->runs);
	fputc('\n', stderr);
}

/* Moves the finished run over its reserved empty directory (rename
 * replaces an empty directory, nothing else). */
static int
publish(const struct record *r)
{
	if (rename(r->tmp, r->dir) == 0) {
		fprintf(stderr, "benchsite: wrote %s\n", r->dir);
		show_next(r);
		return 0;
	}
	fprintf(stderr, "benchsite: %s: cannot rename to %s: %s; the run "
	    "stays in %s\n", r->tmp, r->dir, strerror(errno), r->tmp);
	return -1;
}

/* Moves a failed run to RUNS/NAME.failed, which the loader shows by
 * that name, and frees the reserved name. */
static void
mark_failed(const struct record *r)
{
	char *failed = xasprintf("%s.failed", r->dir);

	int made = mkdir(failed, 0777) == 0;

	if (made && rename(r->tmp, failed) == 0) {
		rmdir(r->dir);
		fprintf(stderr, "benchsite: the run failed; what it printed "
		    "is in %s\n", failed);
	} else {
		fprintf(stderr, "benchsite: the run failed; what it printed "
		    "is in %s (%s: %s)\n", r->tmp, failed, strerror(errno));
		if (made)
			rmdir(failed);
	}
	free(failed);
}

/* When benchsite itself cannot go on: the hidden directory stays for
 * whoever wants to look, and the reserved name is given back. */
static int
abandon(const struct record *r)
{
	rmdir(r->dir);
	fprintf(stderr, "benchsite: no run recorded; what there is is in %s\n",
	    r->tmp);
	return EXIT_INTERNAL;
}

/* Runs the benchmark into r->tmp and moves the result into place. */
static int
record_run(struct record *r, time_t now)
{
	char *version;
	size_t results;
	bool killed = false;
	int status;

	if (write_meta(r, now) != 0 || copy_job_files(r) != 0)
		return abandon(r);
	fprintf(stderr, "benchsite: running %s in %s\n", r->args[0],
	    r->scratch);
	if ((status = run_bench(r, &killed)) < 0)
		return abandon(r);
	if (r->bench == BENCH_FIO && !r->own_format)
		move_fio_notes(r);
	show_output(r);
	results = read_results(r, &version);
	if (append_bench_meta(r, version) != 0) {
		free(version);
		return abandon(r);
	}
	free(version);
	if (status == 0 && results > 0)
		return publish(r) == 0 ? EXIT_DONE : EXIT_INTERNAL;
	write_failed(r, status, killed, results);
	mark_failed(r);
	/* the benchmark's own failure, else output that holds no result */
	return status != 0 ? status : EXIT_INPUT;
}

int
cmd_record(int argc, char **argv)
{
	struct record r = {0};
	struct diags d = {0};
	time_t now;
	int status = EXIT_INTERNAL;

	if (parse_args(&r, argc, argv) != 0)
		return record_usage();
	if (r.own_output) {
		/* fio would write its results there and leave the run empty */
		fprintf(stderr, "benchsite: record: fio's --output=%s: record "
		    "keeps fio's output in the run itself; leave the option "
		    "out\n", r.own_output);
		free(r.scratch);
		return EXIT_INPUT;
	}
	if (!can_run(r.args[0])) {
		fprintf(stderr, "benchsite: %s: not found%s; install %s "
		    "(Debian and Ubuntu: apt-get install %s)\n", r.args[0],
		    strchr(r.args[0], '/') ? "" : " in PATH",
		    bench_files[r.bench].what, r.bench == BENCH_FIO ? "fio" :
		    "bonnie++");
		free(r.scratch);
		return EXIT_INPUT;
	}
	if (collect_time(&now, &d) != 0) {
		diags_free(&d);
		free(r.scratch);
		return EXIT_INPUT;
	}
	if (make_runs_dir(r.runs) != 0 || reserve_dir(&r, now) != 0)
		status = EXIT_INPUT;
	else if (make_tmp(&r) != 0)
		rmdir(r.dir);
	else
		status = record_run(&r, now);
	free(r.dir);
	free(r.tmp);
	free(r.scratch);
	diags_free(&d);
	return status;
}
