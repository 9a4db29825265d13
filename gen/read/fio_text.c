/* fio's normal text output, as people paste it: fio 1.x ("read : io=...,
 * bw=...KB/s, iops=..., runt=..."), 2.x and 3.x ("read: IOPS=...,
 * BW=...MiB/s (...MB/s)(.../...msec)"), with latency lines, clat
 * percentile blocks, Run status groups and Disk stats; several jobs and
 * several runs in one file. A run starts at its job's header line
 * ("name: (g=0): rw=...") or version line once the run before it has
 * jobs; a line ending in a comma, or a quoted line followed by one
 * without the quote (a mail client's wrap), goes on in the next unless
 * that one starts an item of its own. */
#include "read/fio_int.h"
#include "read/fio_key.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NONE ((size_t)-1)
/* Physical lines one logical line may join: a fio command line
 * continued with '\\' an option a line, or a job header a mail client
 * wrapped at every comma, takes a few dozen; more is not one line. */
#define MAX_JOIN 32

/* A job's workload as its header line before the run says it. */
struct workload {
	char *name;
	char *param[FIO_PARAMS];
};

struct text {
	const char *file;
	struct fio_results *out;
	struct diags *d;
	size_t run, job;	/* indices in out and in the run; NONE */
	int dir;		/* direction of the lines read, -1 none */
	double pct_scale;	/* of the percentiles read, 0 none */
	bool pct_sync;		/* they are of the job's syncs, not of its
				   completions */
	bool run_closed;	/* a Run status line or a header seen */
	bool group_alone;	/* the job is a group's summary, alone */
	long last_no;		/* the last line of the logical line read */
	bool in_disks;
	long preamble_line;	/* first line of the next run */
	char *version;
	char *relabel;		/* the word a paste put for "read" or
				   "write" ("before : IOPS=..."), or NULL */
	struct workload *wl;
	size_t nwl, wl_cap;
	struct fio_option *cmd;	/* the fio command line's options */
	size_t ncmd, cmd_cap;
	char *grep_file;	/* the file name grep put before the line
				   read last, or NULL */
	bool grep_said;
	bool command_open;	/* the line before was a command line, whose
				   options a mail's wrap may go on with */
	/* The command line of the run that ended, for a run of no header
	 * right after it: the same command's output again (a loop that
	 * printed only its "write:" lines). A sentence, heading or command
	 * between them drops it. */
	struct fio_option *carry;
	size_t ncarry;
	/* A job file pasted in the text ("[global]", "rw=randread", ...,
	 * "[one]", "bs=512"): the options fio's output leaves out of the
	 * jobs it names, for every run after it (the runs of a post that
	 * gave its job file once); in_job_file while its lines go on. */
	struct buf job_file;
	bool in_job_file;
};

static bool
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Spaces, and the tab a post's copy may put for them ("read:\tIOPS="). */
static const char *
skip_spaces(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The value of "key=" in s where key starts a word, spaces after '='
 * skipped; NULL if absent. */
static const char *
find_key(const char *s, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = strstr(s, key); p; p = strstr(p + 1, key))
		if ((p == s || strchr(" ,(", p[-1])) && p[n] == '=')
			return skip_spaces(p + n + 1);
	return NULL;
}

static double
unit_scale(const char *unit)
{
	static const struct { const char *name; double us; } units[] = {
		{"nsec", 0.001}, {"usec", 1}, {"msec", 1000}, {"sec", 1e6},
	};

	for (size_t i = 0; i < sizeof units / sizeof *units; i++)
		if (starts(unit, units[i].name))
			return units[i].us;
	return 0;
}

/* A size or rate's unit at s ("KB", "MiB", "B"): its factor in bytes.
 * binary_always: fio 1.x and 2.x, whose "KB" and "MB" are powers of
 * 1024 and whose prefix of none is a space ("bw=324535 B/s": fio 1.59
 * to 2.0's num2str); fio 3.x prints "kB" and "MB" for powers of 1000. */
static double
byte_unit(const char *s, bool binary_always, size_t *used)
{
	static const char prefixes[] = "KMGTP";
	/* A paste that put fio 1.x/2.x's units in lower case ("io=15282mb,
	 * bw=260808kb/s") means the same powers of 1024. */
	char first = binary_always || s[0] == 'k' ? (char)toupper(
	    (unsigned char)s[0]) : s[0];
	const char *p = first != '\0' ? strchr(prefixes, first) : NULL;
	double f = 1;

	/* "586,774 KB/s": a post's own space before fio 2's unit */
	if (binary_always && s[0] == ' ' && s[1] != '\0' &&
	    strchr("KMGTPkmgtp", s[1]) != NULL) {
		f = byte_unit(s + 1, true, used);
		*used += f != 0;
		return f;
	}
	*used = binary_always && s[0] == ' ' && (s[1] == 'B' || s[1] == 'b') ?
	    1 : 0;
	if (p != NULL) {
		bool bin = s[1] == 'i' || binary_always;
		int power = (int)(p - prefixes) + 1;

		for (int i = 0; i < power; i++)
			f *= bin ? 1024 : 1000;
		*used = s[1] == 'i' ? 2 : 1;
	}
	if (s[*used] != 'B' && !(binary_always && s[*used] == 'b'))
		return 0;
	(*used)++;
	return f;
}

/* "245439KB/s", "36.5MiB/s", "666KiB/s" at s: KiB/s, NAN if not one.
 * fio 3's client prints its "All clients" rate with the binary prefix
 * alone ("BW=121Mi (127M)"): read as MiB/s. */
static double
rate(const char *s, bool old)
{
	static const char binary[] = "KMGTP";
	double v, f;
	size_t n = s ? fio_number(s, strlen(s), &v) : 0, u;
	const char *p;

	if (n == 0)
		return NAN;
	if ((f = byte_unit(s + n, old, &u)) != 0 && s[n + u] == '/' &&
	    s[n + u + 1] == 's')
		return v * f / 1024;
	if (old || s[n] == '\0' || (p = strchr(binary, s[n])) == NULL ||
	    s[n + 1] != 'i' || strchr(" (,", s[n + 2]) == NULL ||
	    s[n + 2] == '\0')
		return NAN;
	for (f = 1; p >= binary; p--)
		f *= 1024;
	return v * f / 1024;
}

/* "4096.0MB", "32MiB" at s: bytes, NAN if not one. */
static double
size_bytes(const char *s, bool old, size_t *used)
{
	double v, f;
	size_t n = s ? fio_number(s, strlen(s), &v) : 0, u;

	if (n == 0 || (f = byte_unit(s + n, old, &u)) == 0)
		return NAN;
	*used = n + u;
	return v * f;
}

/* "14.0k", "9331", "89 ", "64637k" at s (fio shortens big counts and
 * latencies alike), NAN if not one. */
static double
count(const char *s)
{
	double v;
	size_t n = s ? fio_number(s, strlen(s), &v) : 0;

	if (n == 0)
		return NAN;
	/* fio 2.0 prints "1147.1K" where later ones print "1147.1k" */
	if (s[n] == 'k' || s[n] == 'K')
		v *= 1000;
	else if (s[n] == 'M')
		v *= 1e6;
	n += s[n] == 'k' || s[n] == 'K' || s[n] == 'M';
	/* "93#1": a figure garbled on its way, not 93 */
	if (s[n] != '\0' && strchr(" ,;)]", s[n]) == NULL)
		return NAN;
	return v;
}

/* "17089msec", "50032msec" at s: milliseconds, NAN if not one. */
static double
duration_ms(const char *s)
{
	double v, f;
	size_t n = s ? fio_number(s, strlen(s), &v) : 0;

	if (n == 0 || (f = unit_scale(s + n)) == 0)
		return NAN;
	return v * f / 1000;
}

static struct fio_result *
run_of(struct text *t)
{
	return &t->out->v[t->run];
}

static struct fio_job *
job_of(struct text *t)
{
	return t->run == NONE || t->job == NONE ? NULL :
	    &run_of(t)->jobs[t->job];
}

static struct fio_side *
side_of(struct text *t)
{
	struct fio_job *j = job_of(t);

	return j == NULL || t->dir < 0 ? NULL : &j->side[t->dir];
}

/* The side the job's syncs are kept in (fio.h): its write side, when it
 * wrote. */
static struct fio_side *
sync_side(struct text *t)
{
	struct fio_job *j = job_of(t);

	return j == NULL || !j->side[FIO_WRITE].present ? NULL :
	    &j->side[FIO_WRITE];
}

static void
forget_preamble(struct text *t)
{
	for (size_t i = 0; i < t->nwl; i++) {
		free(t->wl[i].name);
		for (int p = 0; p < FIO_PARAMS; p++)
			free(t->wl[i].param[p]);
	}
	t->nwl = 0;
	fio_options_clear(t->cmd, t->ncmd);
	t->ncmd = 0;
	free(t->version);
	t->version = NULL;
}

static void
drop_carry(struct text *t)
{
	fio_options_clear(t->carry, t->ncarry);
	free(t->carry);
	t->carry = NULL;
	t->ncarry = 0;
}

/* The job file read last fills in what the run's jobs it names left
 * out, after its command line's options (which fio lets override the
 * file's). */
static void
apply_job_file(struct text *t)
{
	struct fio_results one = {run_of(t), 1, 1};

	fio_params_from_global(run_of(t));
	if (t->job_file.n > 0)
		fio_job_file_apply(&one, t->job_file.p, t->job_file.n);
}

/* Ends the run being read once it has jobs: the lines after it are
 * another's. */
static void
run_ends(struct text *t)
{
	if (t->run != NONE && (run_of(t)->njobs > 0 || t->run_closed)) {
		apply_job_file(t);
		if (t->ncmd > 0) {	/* kept for a headless run after it */
			drop_carry(t);
			t->carry = t->cmd;
			t->ncarry = t->ncmd;
			t->cmd = NULL;
			t->ncmd = t->cmd_cap = 0;
		}
		t->run = t->job = NONE;
		t->dir = -1;
		t->run_closed = false;
		forget_preamble(t);
	}
	t->group_alone = false;
}

/* Forgets a command line read before any run of its own began: the
 * next command or a heading shows it was not the next output's. */
static void
drop_pending_command(struct text *t)
{
	drop_carry(t);
	if (t->run != NONE || t->ncmd == 0)
		return;
	forget_preamble(t);
	t->preamble_line = 0;
}

/* A line that begins the next run once this one has jobs. */
static void
next_run_starts(struct text *t, long line)
{
	run_ends(t);
	if (t->run == NONE && t->nwl == 0 && t->ncmd == 0 &&
	    t->version == NULL)
		t->preamble_line = line;
}

/* fio 2.0.8 and before print their version bare ("2.0.8") between the
 * jobs' lines and "Starting 4 processes": a number alone elsewhere is
 * no version. */
static bool
bare_version(const struct text *t, const char *s, size_t len)
{
	return t->nwl > 0 && t->run == NONE && isdigit((unsigned char)*s) &&
	    strspn(s, "0123456789.") == len && memchr(s, '.', len) &&
	    s[len - 1] != '.';
}

/* "fio-3.1", "fio-2.18-59-g618e": the version line, with the blanks a
 * paste may leave after it. */
static bool
version_line(struct text *t, const char *s, long line)
{
	size_t len = strcspn(s, " \t");
	bool bare;

	if (*skip_spaces(s + len) != '\0' || (!(bare = bare_version(t, s,
	    len)) && (!starts(s, "fio-") || s[4] < '0' || s[4] > '9')))
		return false;
	next_run_starts(t, line);
	free(t->version);
	t->version = bare ? xasprintf("fio-%.*s", (int)len, s) :
	    xstrndup(s, len);
	return true;
}

/* The length of a header's bs field at v, every direction's size of it
 * (fio_key.c's bs_of picks one): fio 3's "(R) 4096B-4096B, (W)
 * 65536B-65536B, (T) 4096B-4096B" to the comma not before a "(", fio
 * 2's "4K-4K/64K-64K/64K-64K" to the comma. */
static size_t
bs_field(const char *v)
{
	size_t n = strcspn(v, ",");

	while (strncmp(v + n, ", (", 3) == 0)
		n += 3 + strcspn(v + n + 3, ",");
	while (n > 0 && v[n - 1] == ' ')
		n--;
	return n;
}

/* The value of one header field ("rw=randread,") up to a comma. */
static void
header_param(struct workload *w, enum fio_param p, const char *s)
{
	const char *v = find_key(s, fio_param_names[p]);

	if (v != NULL)
		w->param[p] = xstrndup(v, p == FP_BS ? bs_field(v) :
		    strcspn(v, ", "));
}

/* "myjob: (g=0): rw=write, bs=..., ioengine=posixaio, iodepth=32". */
static bool
workload_line(struct text *t, const char *s, long line)
{
	const char *g = strstr(s, "(g="), *rw = strstr(s, "): rw=");
	struct workload *w;
	size_t n;

	if (g == NULL || rw == NULL || rw < g)
		return false;
	next_run_starts(t, line);
	for (n = (size_t)(g - s); n > 0 && strchr(" :", s[n - 1]); n--)
		;
	xgrow((void **)&t->wl, &t->wl_cap, t->nwl + 1, sizeof *t->wl);
	w = &t->wl[t->nwl++];
	memset(w, 0, sizeof *w);
	w->name = xstrndup(s, n);
	for (int p = 0; p < FIO_PARAMS; p++)
		header_param(w, (enum fio_param)p, rw + 3);
	return true;
}

/* Whether a command line's option key takes a value, given after a
 * space as fio's getopt allows ("--ioengine sync", "-name test"): the
 * workload's options and those that name things. */
static bool
takes_value(const char *key, size_t n)
{
	static const char *const named[] = {"name", "filename", "directory",
	    "output", "output-format", "ramp_time"};

	if (fio_param_of(key, n) != FIO_PARAMS)
		return true;
	for (size_t k = 0; k < sizeof named / sizeof *named; k++)
		if (strlen(named[k]) == n && memcmp(named[k], key, n) == 0)
			return true;
	return false;
}

/* One option of a command line, "rw=write", "ioengine sync" or a flag
 * ("time_based"), at k: kept as a global option of the run that
 * follows. */
static void
command_option(struct text *t, const char *k)
{
	const char *eq = k + strcspn(k, "= ");
	size_t kn = (size_t)(eq - k);
	const char *v = *eq == '=' ? eq + 1 : "1";
	size_t vn = *eq == '=' ? strcspn(v, " ") : 1;
	const char *next = skip_spaces(eq);

	if (*eq == ' ' && *next != '\0' && *next != '-' &&
	    takes_value(k, kn)) {
		v = next;
		vn = strcspn(next, " ");
	}
	if (fio_value_expands(v, vn))
		return;
	xgrow((void **)&t->cmd, &t->cmd_cap, t->ncmd + 1, sizeof *t->cmd);
	t->cmd[t->ncmd++] = (struct fio_option){xstrndup(k, kn),
	    xstrndup(v, vn)};
}

/* "$ fio rand-rw.fio", "# fio job.fio": fio run on a job file, at a
 * shell's prompt or alone on its line; its output is the next run. */
static bool
job_file_command(const char *s)
{
	s = skip_spaces(s + strspn(s, "#$>"));
	return starts(s, "fio ") && s[4] != '\0' && s[4] != '-' &&
	    strchr(s, '=') == NULL && strchr(s + 4, ' ') == NULL;
}

/* Whether the word after "fio " begins a command's arguments: an
 * option ("--rw=read", "-name"), or a job file ("rand-rw.fio",
 * "jobs/seq", "nightly --output-format=json": a word an option
 * follows); not a sentence's next word ("fio built with -march=native
 * is slower", a mail's subject). */
static bool
command_first_word(const char *w)
{
	size_t n;
	const char *next;

	w = skip_spaces(w);
	n = strcspn(w, " ");
	next = skip_spaces(w + n);
	if (*w == '-')
		return true;
	/* a file's name: no sentence's comma or colon in it */
	if (strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789_-./+~") < n)
		return false;
	return memchr(w, '.', n) != NULL || memchr(w, '/', n) != NULL ||
	    *next == '-';
}

const char *
fio_command_options(const char *s)
{
	const char *p = strstr(s, "fio ");

	/* after a path, a space or a shell's prompt ("#fio", "$ fio"); an
	 * option with '=' on the line, or one right after "fio " ("fio
	 * -ioengine sync", values after a space) */
	if (p == NULL || (p != s && strchr("/ #$>", p[-1]) == NULL))
		return NULL;
	if (strchr(s, '=') == NULL && !(p[4] == '-' &&
	    isalpha((unsigned char)p[p[5] == '-' ? 6 : 5])))
		return NULL;
	if (!command_first_word(p + 4))
		return NULL;
	return strstr(p, " -");
}

static void command_options(struct text *, const char *);

/* "fio --rw=write --iodepth=32 --name=myjob" (fio takes "-rw=write"
 * too): the command's options. */
static bool
command_line(struct text *t, const char *s, long line)
{
	bool job_file = job_file_command(s);
	const char *p = job_file ? NULL : fio_command_options(s);

	if (!job_file && p == NULL)
		return false;
	/* A command with no result after it is not this one's: a script
	 * that runs fio, then the pasted output under its own prompt. */
	drop_pending_command(t);
	next_run_starts(t, line);
	command_options(t, p);
	t->command_open = !job_file;
	return true;
}

/* The options of a command line from p (" --rw=write --bs=4k ...") on. */
static void
command_options(struct text *t, const char *p)
{
	for (; p != NULL; p = strstr(p + 1, " -"))
		if (isalpha((unsigned char)p[p[2] == '-' ? 3 : 2]))
			command_option(t, p + (p[2] == '-' ? 3 : 2));
}

/* A line that goes on with the command line above it, as a mail wraps
 * one ("--directory=/dbdata --rw=randwrite --ioengine=sync"): options
 * alone, each with its '-'. */
static bool
command_goes_on(struct text *t, const char *s)
{
	char *line;

	if (!t->command_open || t->run != NONE || s[0] != '-' ||
	    !isalpha((unsigned char)s[s[1] == '-' ? 2 : 1]))
		return false;
	line = xasprintf(" %s", s);
	command_options(t, line);
	free(line);
	return true;
}

static void
apply_workload(struct text *t, struct fio_job *j)
{
	for (size_t i = 0; i < t->nwl; i++)
		if (strcmp(t->wl[i].name, j->name) == 0) {
			for (int p = 0; p < FIO_PARAMS; p++)
				if (t->wl[i].param[p] != NULL)
					fio_set_param(j, (enum fio_param)p,
					    t->wl[i].param[p],
					    strlen(t->wl[i].param[p]));
			return;
		}
}

static void
open_run(struct text *t, long line)
{
	struct fio_result *r = fio_new_result(t->out, t->file,
	    t->preamble_line > 0 ? t->preamble_line : line, FIO_TEXT);

	t->run = t->out->n - 1;
	r->version = t->version;
	r->tag = t->grep_file ? xstrdup(t->grep_file) : NULL;
	t->version = NULL;
	for (size_t i = 0; i < t->ncmd; i++)
		fio_add_global(r, t->cmd[i].key, t->cmd[i].value);
	t->preamble_line = 0;
}

/* Whether the run at hand already has a report of group, one of them
 * of its jobs together ("jobs=4"): fio prints such a report once a run,
 * so a second one is another run (two outputs of one job pasted one
 * after the other). fio's client prints "All clients" after each
 * client's jobs of that group. */
static bool
group_reported(struct text *t, const char *name, int group, int jobs)
{
	const struct fio_result *r;

	if (t->run == NONE || group < 0 || starts(name, "All clients"))
		return false;
	r = run_of(t);
	for (size_t k = 0; k < r->njobs; k++)
		if (r->jobs[k].group == group && (jobs > 1 ||
		    r->jobs[k].jobs > 1))
			return true;
	return false;
}

/* A header's groupid and jobs, -1 when not given. */
static void
header_counts(const char *g, int *group, int *jobs)
{
	const char *v;
	double x;

	*group = *jobs = -1;
	if ((v = find_key(g + 1, "groupid")) || (v = find_key(g + 1, "g")))
		if (fio_number(v, strlen(v), &x) && x >= 0 && x < 1e6)
			*group = (int)x;
	if ((v = find_key(g, "jobs")) && fio_number(v, strlen(v), &x) &&
	    x >= 1 && x < 1e7)
		*jobs = (int)x;
}

/* The error fio's job header gives after "err=" ("err= 0: pid=7",
 * "err=27 (file:io_u.c:1896, func=io_u error, error=File too large)"). */
static double
header_error(const char *g)
{
	const char *e = strstr(g, "): err=");

	return e ? strtod(e + 7, NULL) : 0;
}

/* "myjob: (groupid=0, jobs=1): err= 0: pid=...", fio 1.x "Client1
 * (g=0): err= 0:"; after progress lines pasted as one, the name follows
 * their last ']'. */
static bool
job_header(struct text *t, const char *s, long line)
{
	const char *g = strstr(s, "(groupid="), *start = s;
	struct fio_job *j;
	size_t n;
	int group, jobs;

	if (g == NULL)
		g = strstr(s, "(g=");
	if (g == NULL || strstr(g, "): err=") == NULL)
		return false;
	header_counts(g, &group, &jobs);
	if (t->run != NONE && (t->run_closed || group_reported(t, s, group,
	    jobs)))
		next_run_starts(t, line);
	if (t->run == NONE)
		open_run(t, line);
	if (starts(s, "Jobs:"))
		for (const char *p = s; p < g; p++)
			if (*p == ']')
				start = p + 1;
	for (n = (size_t)(g - start); n > 0 && strchr(" :", start[n - 1]); n--)
		;
	j = fio_new_job(run_of(t), start, n, line);
	t->job = run_of(t)->njobs - 1;
	t->group_alone = false;
	t->dir = -1;
	t->pct_scale = 0;
	t->in_disks = false;
	j->group = group;
	j->jobs = jobs;
	fio_set_error(j, header_error(g));
	apply_workload(t, j);
	return true;
}

static void
bad_figure(struct text *t, long line, const char *what)
{
	diags_add(t->d, MSG_ERROR, t->file, line, "fio %s line: %s is not "
	    "a figure; the direction is not read", fio_dir_names[t->dir],
	    what);
	side_of(t)->present = false;
}

/* 3.x: "IOPS=9331, BW=36.5MiB/s (38.2MB/s)(4096MiB/112368msec)"; a
 * post may keep the IOPS alone ("read: IOPS=84.3k, 99.99th=[10028]"),
 * whose rate is then not given. */
static void
new_direction(struct text *t, struct fio_side *s, const char *rest,
    long line)
{
	const char *p, *bw = find_key(rest, "BW");

	s->iops = count(find_key(rest, "IOPS"));
	s->bw_kib = bw ? rate(bw, false) : NAN;
	for (p = strchr(rest, '('); p != NULL; p = strchr(p + 1, '(')) {
		size_t n;
		double io = size_bytes(p + 1, false, &n);

		/* "(38.3MB/s)" is the rate again; "(1638MiB/44873msec)" */
		if (!isnan(io) && p[1 + n] == '/' && p[2 + n] >= '0' &&
		    p[2 + n] <= '9') {
			s->io_bytes = io;
			s->runtime_ms = duration_ms(p + 2 + n);
			break;
		}
	}
	if (isnan(s->iops))
		bad_figure(t, line, "IOPS");
	else if (bw && isnan(s->bw_kib))
		bad_figure(t, line, "BW");
}

/* The figure at s with the commas that group its thousands taken out
 * ("586,774 KB/s", as a post's locale printed fio 2's bw), in buf;
 * else s as it is. A comma followed by other than three digits is
 * fio's list ("iops=9168, runt="). */
static const char *
ungrouped(const char *s, char *buf, size_t size)
{
	size_t lead, at = 0, o = 0;

	if (s == NULL || (lead = strspn(s, "0123456789")) == 0 || lead > 3 ||
	    s[lead] != ',')
		return s;
	for (at = 0; at < lead; at++)
		buf[o++] = s[at];
	while (s[at] == ',' && strspn(s + at + 1, "0123456789") == 3 &&
	    !isdigit((unsigned char)s[at + 4])) {
		if (o + 3 >= size)
			return s;
		memcpy(buf + o, s + at + 1, 3);
		o += 3;
		at += 4;
	}
	if (at == lead)
		return s;
	snprintf(buf + o, size - o, "%s", s + at);
	return buf;
}

/* 1.x, 2.x: "io=4096.0MB, bw=245439KB/s, iops=61359, runt= 17089msec". */
static void
old_direction(struct text *t, struct fio_side *s, const char *rest,
    long line)
{
	char buf[64];
	size_t n;

	s->io_bytes = size_bytes(ungrouped(find_key(rest, "io"), buf,
	    sizeof buf), true, &n);
	s->bw_kib = rate(ungrouped(find_key(rest, "bw"), buf, sizeof buf),
	    true);
	s->iops = count(ungrouped(find_key(rest, "iops"), buf, sizeof buf));
	s->runtime_ms = duration_ms(find_key(rest, "runt"));
	if (isnan(s->bw_kib))
		bad_figure(t, line, "bw");
	else if (find_key(rest, "iops") != NULL && isnan(s->iops))
		bad_figure(t, line, "iops");
}

/* A paste that left out the job's results header ("name: (groupid=0,
 * jobs=4): err= 0: ...") but kept its workload line before them: the
 * figures are the job's the workload line names, the last one, with a
 * note. False without one. */
static bool
job_of_workload(struct text *t, long line, const char *what)
{
	const struct workload *w;

	if (t->nwl == 0 || (t->run != NONE && run_of(t)->njobs > 0))
		return false;
	w = &t->wl[t->nwl - 1];
	if (t->run == NONE)
		open_run(t, line);
	fio_new_job(run_of(t), w->name, strlen(w->name), line);
	t->job = run_of(t)->njobs - 1;
	t->in_disks = false;
	apply_workload(t, job_of(t));
	diags_add(t->d, MSG_NOTE, t->file, line, "fio's %s of job \"%s\" not "
	    "in the text: the figures here are read as that job's, of its "
	    "workload line", what, w->name);
	return true;
}

/* Figures pasted without their job's header or workload line
 * ("snipping to the essentials"): a job of no name whose workload the
 * text does not say, which the analysis keys by its name only (a
 * change of it is a warning, never a regression); told once a job,
 * unless a command line above gave the workload. */
static void
headless_job(struct text *t, long line, const char *what)
{
	if (t->run == NONE && t->ncmd == 0 && t->ncarry > 0) {
		t->cmd = t->carry;	/* the last run's command, again */
		t->ncmd = t->cmd_cap = t->ncarry;
		t->carry = NULL;
		t->ncarry = 0;
	}
	if (t->run == NONE)
		open_run(t, line);
	fio_new_job(run_of(t), "", 0, line);
	t->job = run_of(t)->njobs - 1;
	t->in_disks = false;
	/* else the command line says the workload, or the note of grep's
	 * lines said it */
	if (t->ncmd == 0 && t->grep_file == NULL)
		diags_add(t->d, MSG_NOTE, t->file, line, "%s without its "
		    "job's header: read as a job whose workload the text does "
		    "not give", what);
}

/* What the note of a headless job calls its first line. */
static const char *const dir_said[FIO_DIRS] = {"fio's read line",
    "fio's write line", "fio's trim line"};

static bool direction_line(struct text *, const char *, long);

/* "before : IOPS=37.9k, BW=148MiB/s ...": a paste that put its own word
 * for fio's "read" of a job of one direction; its lines after it
 * ("before : clat (usec): ...") are read without the word (read_line). */
static bool
relabelled_line(struct text *t, const char *s, long line)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
	    "VWXYZ_");
	const char *rest = skip_spaces(s + n);
	const char *rw = t->nwl ? t->wl[t->nwl - 1].param[FP_RW] : NULL;
	int dir = rw ? fio_rw_pure_dir(rw) : -1;
	char *fixed;
	bool ok;

	for (int d = 0; d < FIO_DIRS; d++)
		if (strncasecmp(s, fio_dir_names[d], n) == 0 &&
		    strlen(fio_dir_names[d]) == n)
			return false;	/* fio's own "READ:" of a group */
	if (n == 0 || n > 16 || *rest != ':' || dir < 0 ||
	    (!starts(skip_spaces(rest + 1), "IOPS=") &&
	    !starts(skip_spaces(rest + 1), "io=")))
		return false;
	free(t->relabel);
	t->relabel = xstrndup(s, n);
	diags_add(t->d, MSG_NOTE, t->file, line, "fio's figures labelled "
	    "\"%s\" are read as the job's %ss (its pattern is %s)",
	    t->relabel, fio_dir_names[dir], rw);
	fixed = xasprintf("%s%s", fio_dir_names[dir], rest);
	ok = direction_line(t, fixed, line);
	free(fixed);
	return ok;
}

/* "read : io=...", "write: IOPS=...", "trim: ..." */
static bool
direction_line(struct text *t, const char *s, long line)
{
	const char *rest;
	int dir;

	for (dir = 0; dir < FIO_DIRS; dir++)
		if (starts(s, fio_dir_names[dir]))
			break;
	if (dir == FIO_DIRS)
		return relabelled_line(t, s, line);
	rest = skip_spaces(s + strlen(fio_dir_names[dir]));
	if (*rest != ':')
		return false;
	rest = skip_spaces(rest + 1);
	if (!starts(rest, "IOPS=") && !starts(rest, "io="))
		return false;
	/* A job's second "read" is another paste's, whose header is not
	 * in the text either. */
	if (job_of(t) != NULL && job_of(t)->side[dir].present) {
		run_ends(t);
		headless_job(t, line, dir_said[dir]);
	} else if (job_of(t) == NULL && !job_of_workload(t, line,
	    "results header")) {
		headless_job(t, line, dir_said[dir]);
	}
	t->group_alone = false;
	t->dir = dir;
	t->pct_scale = 0;
	side_of(t)->present = true;
	if (starts(rest, "IOPS="))
		new_direction(t, side_of(t), rest, line);
	else
		old_direction(t, side_of(t), rest, line);
	return true;
}

/* "clat (usec): min=170, max=78367, avg=4019.02, stdev=8293.31", also
 * "lat  (usec)" as a paste spaced it, and the job's "sync (usec): ..."
 * under "fsync/fdatasync/sync_file_range:". */
static bool
latency_line(struct text *t, const char *s, long line)
{
	static const char *const kinds[] = {"slat", "clat", "lat", "sync"};
	struct fio_side *side;
	struct fio_latency *l;
	const char *p = NULL;
	double scale, v[4];
	int k;

	for (k = 0; k < 4; k++)
		if (starts(s, kinds[k]) &&
		    *(p = skip_spaces(s + strlen(kinds[k]))) == '(')
			break;
	if (k == 4 || (scale = unit_scale(p + 1)) == 0 ||
	    (p = strchr(s, ')')) == NULL)
		return false;
	p = skip_spaces(p + 1);
	if (*p != ':' || !starts(skip_spaces(p + 1), "min="))
		return false;	/* "lat (usec) : 250=0.04%": buckets */
	if ((side = k == 3 ? sync_side(t) : side_of(t)) == NULL)
		return true;
	l = k == 0 ? &side->slat : k == 1 ? &side->clat : k == 2 ?
	    &side->lat : &side->sync;
	static const char *const keys[] = {"min", "max", "avg", "stdev"};
	for (int i = 0; i < 4; i++) {
		const char *x = find_key(p, keys[i]);

		if (x == NULL || isnan(v[i] = count(x))) {
			diags_add(t->d, MSG_ERROR, t->file, line, "fio latency "
			    "line without a figure for %s; not read", keys[i]);
			return true;
		}
	}
	*l = (struct fio_latency){v[0] * scale, v[1] * scale, v[2] * scale,
	    v[3] * scale};
	return true;
}

/* "clat percentiles (usec):" starts a block, "sync percentiles" one of
 * the job's syncs; any other percentiles ("lat") end it. The p50 and
 * p99 compared are of completion latency: a job that gave only the
 * percentiles of its whole latency (lat_percentiles=1,
 * clat_percentiles=0) is told it has none. */
static bool
percentile_header(struct text *t, const char *s, long line)
{
	const char *p = strstr(s, "percentiles (");
	const struct fio_side *side = side_of(t);

	if (p == NULL)
		return false;
	t->pct_sync = starts(s, "sync percentiles");
	t->pct_scale = starts(s, "clat percentiles") || t->pct_sync ?
	    unit_scale(p + strlen("percentiles (")) : 0;
	if (starts(s, "lat percentiles") && side != NULL &&
	    isnan(side->clat_pct[P50]) && isnan(side->clat_pct[P99]))
		diags_add(t->d, MSG_NOTE, t->file, line, "fio's lat "
		    "percentiles (submission and completion) not read: the "
		    "p50 and p99 compared are of completion latency, its clat "
		    "percentiles");
	return true;
}

/* "|  1.00th=[  302],  5.00th=[  326], ..."; not a direction's line that
 * a post gave percentiles of its own unit ("read: IOPS=84.3k,
 * 99.99th=[10028]"). */
static bool
percentile_line(struct text *t, const char *s)
{
	struct fio_side *side = t->pct_sync ? sync_side(t) : side_of(t);
	double *into = side == NULL ? NULL : t->pct_sync ? side->sync_pct :
	    side->clat_pct;
	const char *p;

	if (strstr(s, "th=[") == NULL || strstr(s, "IOPS=") != NULL)
		return false;
	if (side == NULL || t->pct_scale == 0)
		return true;
	for (p = strstr(s, "th=["); p != NULL; p = strstr(p + 1, "th=[")) {
		const char *q = p;
		double pct, v;

		while (q > s && strchr("0123456789.", q[-1]) && q[-1])
			q--;
		if (fio_number(q, (size_t)(p - q), &pct) == 0 ||
		    isnan(v = count(skip_spaces(p + 4))) ||
		    fio_pct_of(pct) == FIO_PCTS)
			continue;
		into[fio_pct_of(pct)] = v * t->pct_scale;
	}
	return true;
}

/* The device a line of the disk stats is about, "vda" of "vda:
 * ios=0/1046898, ...", added to the run's. */
static void
disk_name(struct fio_result *r, const char *s)
{
	const char *p = skip_spaces(s);
	size_t n = strspn(p, FIO_DEVICE_CHARS);

	if (n > 0 && p[n] == ':' && find_key(p + n + 1, "ios") != NULL)
		fio_add_disk(r, p, n);
}

/* "vda: ios=0/1046898, ..., util=80.66%" after "Disk stats", and an
 * md device's "aggrutil=98.10%" of its members (md's own util is 0 on
 * most kernels): the busiest device's utilisation for the run's jobs. */
static bool
disk_line(struct text *t, const char *s)
{
	const char *key[] = {"util", "aggrutil"};
	bool any = false;

	if (!t->in_disks || t->run == NONE)
		return false;
	disk_name(run_of(t), s);
	for (size_t k = 0; k < 2; k++) {
		const char *u = find_key(s, key[k]);
		double v;

		if (u == NULL || fio_number(u, strlen(u), &v) == 0)
			continue;
		any = true;
		for (size_t i = 0; i < run_of(t)->njobs; i++)
			if (!(v <= run_of(t)->jobs[i].disk_util))
				run_of(t)->jobs[i].disk_util = v;
	}
	return any;
}

/* The run's jobs have figures of direction dir. */
static bool
run_has(struct text *t, int dir)
{
	if (t->run == NONE)
		return false;
	for (size_t j = 0; j < run_of(t)->njobs; j++)
		if (run_of(t)->jobs[j].side[dir].present)
			return true;
	return false;
}

/* A group's totals, "READ: bw=14.9GiB/s (16.0GB/s), ..., io=894GiB
 * (960GB), run=60003-60003msec" (2.x: "READ: io=4096.0MB,
 * aggrb=245439KB/s, ..., maxt=17089msec"): fio's summary of the jobs
 * above it, read only when a paste kept it alone, as the figures of the
 * job its workload line names. */
static bool
group_line(struct text *t, const char *s, long line)
{
	const char *rest, *v;
	struct fio_side *side;
	bool old;
	size_t n;
	int dir;

	for (dir = 0; dir < FIO_DIRS; dir++)
		if (strncasecmp(s, fio_dir_names[dir], strlen(fio_dir_names[dir]))
		    == 0 && s[strlen(fio_dir_names[dir])] == ':' &&
		    isupper((unsigned char)s[0]))
			break;
	if (dir == FIO_DIRS)
		return false;
	rest = skip_spaces(s + strlen(fio_dir_names[dir]) + 1);
	old = find_key(rest, "aggrb") != NULL;
	/* Summaries pasted alone, one a set-up ("ZFS 0.6.5.11:", "ZFS
	 * 0.7.12:"): the second is another run's. */
	if (t->group_alone && run_has(t, dir))
		run_ends(t);
	if (run_has(t, dir) || (!old && find_key(rest, "bw") == NULL))
		return true;
	if (job_of(t) == NULL && !job_of_workload(t, line, "results")) {
		headless_job(t, line, "fio's summary of a group, alone,");
		t->group_alone = true;
	}
	t->dir = dir;
	side = side_of(t);
	side->present = true;
	side->bw_kib = rate(find_key(rest, old ? "aggrb" : "bw"), old);
	side->io_bytes = size_bytes(find_key(rest, "io"), old, &n);
	v = find_key(rest, old ? "maxt" : "run");
	if (v && !old && strchr(v, '-'))
		v = strchr(v, '-') + 1;
	side->runtime_ms = duration_ms(v);
	if (isnan(side->bw_kib))
		bad_figure(t, line, "bw");
	return true;
}

static bool
status_line(struct text *t, const char *s)
{
	if (starts(s, "Run status group")) {
		t->run_closed = t->run != NONE;
		t->dir = -1;
		t->pct_scale = 0;
		return true;
	}
	if (starts(s, "Disk stats")) {
		t->in_disks = true;
		return true;
	}
	return false;
}

/* Whether s begins an item of fio's output (so is no wrapped rest). */
static bool
starts_item(const char *s)
{
	static const char *const items[] = {
		"read", "write", "trim", "slat (", "clat (", "lat (", "bw (",
		"iops", "cpu", "IO depths", "submit", "complete", "issued",
		"latency", "Run status", "Disk stats", "READ:", "WRITE:",
		"TRIM:", "Jobs:", "|", "fio", "Starting",
	};

	if (starts(s, "lat ") && *skip_spaces(s + 3) == '(')
		return true;	/* "lat  (usec)" */
	/* a percentile row's rest, cut by a mail client, goes on with it
	 * ("99.95th=[231736],"): a row begins with "|" */
	if (*s == '\0' || (strstr(s, "th=[") && !isdigit((unsigned char)*s)) ||
	    strstr(s, "(g=") || strstr(s, "(groupid="))
		return true;
	for (size_t i = 0; i < sizeof items / sizeof *items; i++)
		if (starts(s, items[i]))
			return true;
	return false;
}

/* Whether s is an item of a job's figures the reader has no use for
 * ("bw (", "iops", "cpu", "IO depths", ...): the run's output still,
 * which an import keeps in the run's fio.txt (line_end). */
static bool
passed_over_item(const char *s)
{
	static const char *const items[] = {
		"bw (", "iops", "cpu", "IO depths", "submit", "complete",
		"issued", "latency",
	};

	if (starts(s, "lat ") && *skip_spaces(s + 3) == '(')
		return true;	/* "lat (nsec)   : 250=98.31%, ..." */
	for (size_t i = 0; i < sizeof items / sizeof *items; i++)
		if (starts(s, items[i]))
			return true;
	return false;
}

static bool
ends_with_comma(const struct line *l)
{
	size_t n = l->len;

	while (n > 0 && l->text[n - 1] == ' ')
		n--;
	return n > 0 && l->text[n - 1] == ',';
}

/* Whether b holds a line cut before its end: a job's header line,
 * which fio ends with the queue depth ("..., ioengine=libaio,
 * iodepth=64"), a command line whose next line goes on with options
 * ("--ioengine=libaio ...") or after a shell's '\\', or a percentile
 * row a mail client cut inside a bracket ("20.00th=[", "231],"). */
static bool
line_cut(const struct buf *b, const char *next)
{
	const char *end = b->p + b->n;

	while (end > b->p && end[-1] == ' ')
		end--;
	if (end > b->p && (end[-1] == '\\' || end[-1] == '['))
		return true;	/* a shell's break; a percentile cut at "=[" */
	if (strstr(b->p, "): rw=") != NULL && strstr(b->p, "(g=") != NULL)
		return strstr(b->p, "iodepth=") == NULL;
	/* a group's totals end with the run times */
	if (starts(b->p, "READ:") || starts(b->p, "WRITE:") ||
	    starts(b->p, "TRIM:"))
		return strstr(b->p, "run=") == NULL &&
		    strstr(b->p, "maxt=") == NULL;
	next = skip_spaces(next);
	/* "... fio --bs=4k" or "numactl --membind=3 fio" cut after fio */
	return (strstr(b->p, "fio ") != NULL || (end - b->p >= 3 &&
	    memcmp(end - 3, "fio", 3) == 0 && (end - b->p == 3 ||
	    strchr("/ #$>", end[-4]) != NULL))) && next[0] == '-' &&
	    (isalpha((unsigned char)next[1]) || next[1] == '-');
}

/* The logical line from ls->v[i] into b; returns the lines used. */
static size_t
logical_line(const struct lines *ls, size_t i, struct buf *b)
{
	size_t used = 1;

	b->n = 0;
	buf_putc(b, '\0');	/* b->p a string even for an empty line */
	b->n = 0;
	buf_puts(b, skip_spaces(ls->v[i].text));
	/* cut by a mail client: a comma last, a job's header without its
	 * end, or the rest of a quoted line without the quote's mark */
	while (used < MAX_JOIN && i + used < ls->n &&
	    (ends_with_comma(&ls->v[i + used - 1]) ||
	    line_cut(b, ls->v[i + used].text) ||
	    ls->v[i + used].quote < ls->v[i].quote) &&
	    !starts_item(skip_spaces(ls->v[i + used].text))) {
		while (b->n > 0 && (b->p[b->n - 1] == ' ' ||
		    b->p[b->n - 1] == '\\'))
			b->p[--b->n] = '\0';	/* a shell's line break */
		buf_putc(b, ' ');
		buf_puts(b, skip_spaces(ls->v[i + used].text));
		used++;
	}
	return used;
}

/* A sentence of the post, not fio's: six words or more and no "=".
 * fio's lines of that many words without one ("Starting 4 processes",
 * "job: Laying out IO file(s) ...") come before a run's results, where
 * a sentence ends nothing. */
static bool
prose_line(const char *s)
{
	size_t words = 0;

	if (strchr(s, '=') != NULL)
		return false;
	for (const char *p = s; *p != '\0'; p++)
		words += *p != ' ' && (p == s || p[-1] == ' ');
	return words >= 6;
}

/* A caption of the post's: words ending in ':' and no '=' ("When write
 * cache is enabled:"); fio's own lines that end so are one word
 * ("fsync/fdatasync/sync_file_range:") or read before this is asked. */
static bool
caption_line(const char *s)
{
	size_t n = strlen(s), words = 0;

	while (n > 0 && s[n - 1] == ' ')
		n--;
	if (n == 0 || s[n - 1] != ':' || memchr(s, '=', n) != NULL)
		return false;
	for (size_t i = 0; i < n; i++)
		words += s[i] != ' ' && (i == 0 || s[i - 1] == ' ');
	return words >= 2;
}

/* A rule a paste put between runs: five or more of one of "*=-#~_"
 * first ("*********Fio_Job**************", "=====", "-----"); fio
 * prints none. */
static bool
rule_line(const char *s)
{
	return *s != '\0' && strchr("*=-#~_", *s) != NULL &&
	    strspn(s, (char[]){*s, '\0'}) >= 5;
}

/* A Markdown heading: "# Main RAID array" (the line reader took its
 * "# " off and said so), "## Results"; "# " and a word in lower case is
 * a root prompt or a script's comment. */
static bool
heading_line(const struct line *l, const char *s)
{
	size_t h = strspn(s, "#");

	return l->heading || (h >= 2 && h <= 6 && s[h] == ' ');
}

/* The length of the name grep put before s's ": " (a file's, with no
 * space in it, "default-brd.1.fio" or "fio-output-32G-2019-05-15@06:52",
 * whose time has a ':' of its own), or 0. */
static size_t
grep_name_length(const char *s)
{
	size_t k = 0;

	for (;;) {
		k += strcspn(s + k, ": \t");
		if (s[k] != ':' || k == 0)
			return 0;
		if (s[k + 1] == ' ' || s[k + 1] == '\t')
			return k;
		k++;
	}
}

/* Whether the n bytes at s are a word a post captions fio's line with
 * ("Output: read: IOPS=98.3k"), which names no file of grep's. ("before"
 * and "after" do name runs: tags of two, each a run of its own.) */
static bool
caption_word(const char *s, size_t n)
{
	static const char *const words[] = {"output", "result", "results",
	    "summary", "example"};

	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strlen(words[i]) == n && strncasecmp(s, words[i], n) == 0)
			return true;
	return false;
}

/* A line of fio's that grep prefixed with its file's name
 * ("default-brd.1.fio:     read: IOPS=7504k, ..."), or a post with a
 * tag in brackets ("(passthru) read: IOPS=17.2k"): fio's line after the
 * name, else NULL; *n the name's length. */
static const char *
grep_rest(const char *s, size_t *n)
{
	static const char *const fio_starts[] = {"read:", "write:", "trim:",
	    "read :", "write :", "trim :", "lat (", "clat (", "slat (",
	    "clat percentiles", "bw (", "iops ", "cpu ", "READ:", "WRITE:",
	    "TRIM:"};
	size_t k = grep_name_length(s);
	const char *rest, *close;

	if (s[0] == '(' && (close = strchr(s, ')')) != NULL && close > s + 1 &&
	    close[1] == ' ' && memchr(s, ' ', (size_t)(close - s)) == NULL)
		k = (size_t)(close + 1 - s);
	else if (k == 0)
		return NULL;
	rest = skip_spaces(s + k + (s[k] == ':'));
	for (size_t i = 0; i < sizeof fio_starts / sizeof *fio_starts; i++)
		if (starts(rest, fio_starts[i])) {
			*n = k;
			return rest;
		}
	return NULL;
}

/* Takes grep's file name (or a tag) off line s: the lines of each
 * file, one after the other, are a run of their own ("grep IOPS *.fio"
 * over a test's outputs); any other line ends the file's. */
static const char *
take_grep_name(struct text *t, const char *s, long line)
{
	size_t n;
	const char *rest = grep_rest(s, &n);

	if (rest == NULL || caption_word(s, n)) {
		/* a caption is taken off; the line is the run's at hand */
		free(t->grep_file);
		t->grep_file = NULL;
		return rest ? rest : s;
	}
	if (t->grep_file == NULL || strlen(t->grep_file) != n ||
	    strncmp(t->grep_file, s, n) != 0) {
		run_ends(t);
		free(t->grep_file);
		t->grep_file = xstrndup(s, n);
	}
	if (!t->grep_said)
		diags_add(t->d, MSG_NOTE, t->file, line, "fio's lines prefixed "
		    "with a name (grep's of their file, or a tag): each name's "
		    "read as a run of its own, whose workload the text does "
		    "not give");
	t->grep_said = true;
	return rest;
}

/* Reads line s into the job file when it is one of its lines: a section
 * begins a job file (the command line read before it was not what ran
 * next: the file was), an option, a comment or a blank line goes on
 * with one. */
static bool
job_file_line(struct text *t, const char *s)
{
	if (fio_job_file_section(s)) {
		if (!t->in_job_file) {
			t->job_file.n = 0;
			drop_pending_command(t);
		}
		t->in_job_file = true;
	} else if (!t->in_job_file || (*s != '\0' && !fio_job_file_option(s) &&
	    !fio_job_file_comment(s))) {
		t->in_job_file = false;
		return false;
	}
	buf_puts(&t->job_file, s);
	buf_puts(&t->job_file, "\n");
	return true;
}

static void
read_line(struct text *t, const char *s, long line, bool heading)
{
	size_t n = t->relabel ? strlen(t->relabel) : 0;

	s = take_grep_name(t, s, line);
	if (command_goes_on(t, s))
		return;
	t->command_open = false;

	if (n && strncmp(s, t->relabel, n) == 0 &&
	    *skip_spaces(s + n) == ':' && !starts(skip_spaces(s + n), ": IOPS=")
	    && !starts(skip_spaces(s + n), ": io="))
		s = skip_spaces(skip_spaces(s + n) + 1);
	if (percentile_line(t, s) || percentile_header(t, s, line)) {
		if (t->run != NONE)	/* taken: an import's fio.txt keeps it */
			run_of(t)->line_end = t->last_no;
		return;
	}
	t->pct_scale = 0;	/* any other line ends a percentile block */
	if (t->run != NONE)
		t->in_job_file = false;
	else if (job_file_line(t, s))
		return;
	if (job_header(t, s, line) || workload_line(t, s, line) ||
	    version_line(t, s, line) || direction_line(t, s, line) ||
	    latency_line(t, s, line) || status_line(t, s) ||
	    group_line(t, s, line) || disk_line(t, s) ||
	    command_line(t, s, line)) {
		if (t->run != NONE)
			run_of(t)->line_end = t->last_no;
		return;
	}
	/* The post's words, or a rule of its own ("*****Fio_Job*****"),
	 * after a run's results end the run: the next job header is
	 * another paste's (five set-ups, each with its sentence and its
	 * results). */
	if (t->run != NONE && run_of(t)->njobs > 0 && (prose_line(s) ||
	    rule_line(s) || caption_line(s))) {
		run_ends(t);
		drop_carry(t);
	} else if (prose_line(s)) {
		drop_carry(t);
	} else if (t->run != NONE && passed_over_item(s)) {
		run_of(t)->line_end = t->last_no;
	}
	/* A heading between a command and the next output begins another
	 * section of the page: the command was the page's example ("# Run
	 * test"), not that output's own. */
	else if (heading)
		drop_pending_command(t);
}

/* A job whose options ask for reads only and whose output has write
 * figures ran as another job did: a post that gives a command for one
 * job and a mixed job's output under the next heading. Its options are
 * dropped, said, and its figures read with no workload, never compared
 * as the job the options describe. (A write job's output may hold
 * reads: its verify phase's.) */
static void
drop_other_options(struct text *t, struct fio_job *j)
{
	const char *rw = j->param[FP_RW];

	if (rw == NULL || (strcmp(rw, "read") != 0 &&
	    strcmp(rw, "randread") != 0) || !j->side[FIO_WRITE].present)
		return;
	diags_add(t->d, MSG_WARNING, t->file, j->line, "fio's options say "
	    "rw=%s, but the job's output has write figures too: the options "
	    "are another job's, so its figures are read with no workload",
	    rw);
	for (int p = 0; p < FIO_PARAMS; p++) {
		free(j->param[p]);
		j->param[p] = NULL;
	}
}

size_t
fio_read_text(const char *file, const struct lines *ls,
    struct fio_results *out, struct diags *d)
{
	struct text t = {.file = file, .out = out, .d = d, .run = NONE,
	    .job = NONE, .dir = -1};
	struct buf b = {0};
	size_t found = out->n, jobs = 0;

	for (size_t i = 0; i < ls->n;) {
		long no = ls->v[i].no;
		size_t first = i;

		i += logical_line(ls, i, &b);
		t.last_no = ls->v[i - 1].no;
		read_line(&t, b.p, no, heading_line(&ls->v[first], b.p));
	}
	if (t.run != NONE)
		apply_job_file(&t);
	forget_preamble(&t);
	drop_carry(&t);
	free(t.grep_file);
	free(t.relabel);
	free(t.wl);
	free(t.cmd);
	buf_free(&t.job_file);
	buf_free(&b);
	for (size_t r = found; r < out->n; r++) {
		for (size_t k = 0; k < out->v[r].njobs; k++)
			drop_other_options(&t, &out->v[r].jobs[k]);
		jobs += out->v[r].njobs;
	}
	return jobs;
}
