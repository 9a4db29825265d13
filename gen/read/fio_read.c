/* The fio reader's entry points: the JSON documents of a file first,
 * then its clean lines for terse lines and the text summary; see fio.h.
 * A file holds one form of each run, but several runs of several forms
 * may stand in one file (a post comparing set-ups). */
#include "read/fio_int.h"
#include "read/units.h"
#include "base/xalloc.h"

#include <math.h>
#include <string.h>

/* What only fio prints: its JSON's first key, a job header's group and
 * error fields, a terse line's version and fio version, a job's
 * workload line (which a paste may keep when it drops the rest), a
 * direction's figures of fio 1.x and 2.x ("runt=") and 3.x, a group's
 * summary. */
static const char *const fio_marks[] = {
	"\"fio version\"", "): err=", ";fio-", "(groupid=", "): rw=",
	", runt=", ": IOPS=", ":\tIOPS=", "READ: bw=", "WRITE: bw=",
	"READ: io=", "WRITE: io=",
};

static bool
has_terse_v2(const char *buf, size_t len)
{
	for (const char *p = buf; p != NULL && p < buf + len;) {
		const char *nl = memchr(p, '\n', (size_t)(buf + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(buf + len - p);
		size_t semis = 0;

		while (n > 0 && *p == ' ')
			p++, n--;
		if (n > 2 && p[0] == '2' && p[1] == ';')
			for (size_t i = 0; i < n; i++)
				semis += p[i] == ';';
		if (semis >= 40)
			return true;
		p = nl ? nl + 1 : NULL;
	}
	return false;
}

static bool
contains(const char *buf, size_t len, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = buf; (p = memchr(p, word[0],
	    (size_t)(buf + len - p))) != NULL; p++)
		if ((size_t)(buf + len - p) >= n && memcmp(p, word, n) == 0)
			return true;
	return false;
}

bool
fio_detect(const char *buf, size_t len)
{
	for (size_t i = 0; i < sizeof fio_marks / sizeof *fio_marks; i++)
		if (contains(buf, len, fio_marks[i]))
			return true;
	return has_terse_v2(buf, len);
}

/* fio's own messages ("fio: pid=7, err=11/file:...", "fio: terminating
 * on signal 2") around its results: said once, so that a run cut short
 * or a job that failed is not taken for a clean result. */
static void
note_fio_messages(const char *file, const struct lines *ls,
    struct diags *d)
{
	size_t n = 0, first = 0;

	for (size_t i = 0; i < ls->n; i++)
		if (strncmp(ls->v[i].text + strspn(ls->v[i].text, " "),
		    "fio: ", 5) == 0 && n++ == 0)
			first = i;
	if (n == 1)
		diags_add(d, MSG_NOTE, file, ls->v[first].no, "fio's message "
		    "skipped: %.200s", ls->v[first].text +
		    strspn(ls->v[first].text, " "));
	else if (n > 1)
		diags_add(d, MSG_NOTE, file, ls->v[first].no, "%zu messages of "
		    "fio skipped, from this line on", n);
}

/* The lines of the JSON documents just read are no text or terse. */
static void
blank_json_lines(struct lines *ls, const struct fio_results *out,
    size_t docs)
{
	size_t k = 0;

	for (size_t r = out->n - docs; r < out->n; r++)
		for (; k < ls->n && ls->v[k].no <= out->v[r].line_end; k++)
			if (ls->v[k].no >= out->v[r].line) {
				ls->v[k].text[0] = '\0';
				ls->v[k].len = 0;
			}
}

/* Whether two figures are one, as the text prints it: three significant
 * digits ("32.7k", "128MiB/s"), exactly in a form printed twice. */
static bool
same_figure(double a, double b, bool exact)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return exact ? a == b : fabs(a - b) <= 0.005 * fmax(fabs(a), fabs(b)) +
	    0.5;
}

/* Whether b is the run a printed again: the same jobs and directions,
 * each of the same run time, I/O, IOPS, bandwidth and mean latencies
 * (as the text rounds them when the forms differ); at least one figure
 * that no two runs print alike, a run time or a mean latency, to match
 * (a post that kept the IOPS alone may show two runs' as one). */
static bool
printed_again(const struct fio_result *a, const struct fio_result *b)
{
	bool exact = a->form == b->form, any = false;

	if (a->njobs != b->njobs || a->njobs == 0)
		return false;
	for (size_t j = 0; j < a->njobs; j++)
		for (int d = 0; d < FIO_DIRS; d++) {
			const struct fio_side *x = &a->jobs[j].side[d];
			const struct fio_side *y = &b->jobs[j].side[d];

			if (x->present != y->present)
				return false;
			if (!x->present)
				continue;
			/* the latencies too: the text rounds IOPS and
			 * bandwidth, so two runs of a steady disk may print
			 * the same, never the same mean latencies */
			if (!same_figure(x->runtime_ms, y->runtime_ms, true) ||
			    !same_figure(x->iops, y->iops, exact) ||
			    !same_figure(x->bw_kib, y->bw_kib, exact) ||
			    !same_figure(x->io_bytes, y->io_bytes, exact) ||
			    !same_figure(x->clat.mean, y->clat.mean, exact) ||
			    !same_figure(x->lat.mean, y->lat.mean, exact))
				return false;
			any |= !isnan(x->runtime_ms) ||
			    !isnan(x->clat.mean) || !isnan(x->lat.mean);
		}
	return any;
}

/* The job options of from that to leaves out, into to. */
static void
take_params(struct fio_result *to, const struct fio_result *from)
{
	for (size_t j = 0; j < to->njobs && j < from->njobs; j++)
		for (int p = 0; p < FIO_PARAMS; p++)
			if (to->jobs[j].param[p] == NULL &&
			    from->jobs[j].param[p] != NULL)
				to->jobs[j].param[p] =
				    xstrdup(from->jobs[j].param[p]);
}

/* Runs x and y print one run (printed_again): the one of the two that
 * counts is the JSON when one is (it holds the options given, where the
 * text prints defaults too, and its figures exactly), else the earlier,
 * x; the other is marked again_of it and takes a job option it leaves
 * out from it (the text's header gives no fdatasync), so that both give
 * a figure one key. Returns the one marked. */
static struct fio_result *
count_once(struct fio_results *rs, size_t x, size_t y)
{
	bool swap = rs->v[y].form == FIO_JSON && rs->v[x].form != FIO_JSON;
	size_t keep = swap ? y : x;
	struct fio_result *to = &rs->v[swap ? x : y];

	to->again_of = keep + 1;
	take_params(to, &rs->v[keep]);
	/* the copies of x found before it was, copies of y now */
	for (size_t k = 0; swap && k < rs->n; k++)
		if (rs->v[k].again_of == x + 1) {
			rs->v[k].again_of = keep + 1;
			take_params(&rs->v[k], &rs->v[keep]);
		}
	return to;
}

/* The results of one file from first on that are a run printed again
 * (fio's --output-format=json,normal, a document pasted twice): marked
 * (again_of) so that a run counts once, and said. */
static void
mark_printed_again(const char *file, struct fio_results *out, size_t first,
    struct diags *d)
{
	static const char *const forms[] = {[FIO_JSON] = "JSON",
	    [FIO_TERSE] = "terse", [FIO_TEXT] = "text"};

	for (size_t k = first + 1; k < out->n; k++)
		for (size_t j = first; j < k; j++) {
			const struct fio_result *again, *kept;

			if (out->v[j].again_of || !printed_again(&out->v[j],
			    &out->v[k]))
				continue;
			again = count_once(out, j, k);
			kept = &out->v[again->again_of - 1];
			diags_add(d, MSG_NOTE, file, again->line, "fio's %s "
			    "output here prints the run of the %s at line %ld "
			    "again: counted once", forms[again->form],
			    forms[kept->form], kept->line);
			break;
		}
}

void
fio_count_once(struct fio_results *rs, struct diags *d)
{
	static const char *const forms[] = {[FIO_JSON] = "JSON",
	    [FIO_TERSE] = "terse", [FIO_TEXT] = "text"};

	for (size_t k = 1; k < rs->n; k++)
		for (size_t j = 0; j < k && !rs->v[k].again_of; j++) {
			const struct fio_result *a = &rs->v[j], *again, *kept;

			if (a->again_of || strcmp(a->file, rs->v[k].file) == 0 ||
			    !printed_again(a, &rs->v[k]))
				continue;
			again = count_once(rs, j, k);
			kept = &rs->v[again->again_of - 1];
			diags_add(d, MSG_NOTE, again->file, again->line,
			    "fio's %s output here prints the run of the %s at "
			    "%s:%ld again (one run kept in two files): counted "
			    "once", forms[again->form], forms[kept->form],
			    kept->file, kept->line);
		}
}

/* Whether a side's completion latency is longer than its total
 * latency, which holds it (lat = slat + clat): a fio that measured clat
 * wrongly (a patched fio's 4663 s beside a total of 22 us). A hair of
 * slack: each mean is rounded as printed. */
static bool
clat_unsound(const struct fio_side *s)
{
	return s->present && s->lat.mean > 0 && s->clat.mean > 0 &&
	    s->clat.mean > s->lat.mean * 1.01 + 0.01;
}

/* The longest run time of a job's directions, in ms; NaN when none
 * is printed. */
static double
job_runtime(const struct fio_job *job)
{
	double t = NAN;

	for (int dir = 0; dir < FIO_DIRS; dir++) {
		double d = job->side[dir].runtime_ms;

		if (job->side[dir].present && !isnan(d) && !(d <= t))
			t = d;
	}
	return t;
}

/* A job fio says failed (its "err=", its "error") that ran under a
 * second, or under a tenth of the longest of its run's other jobs
 * ("File too large" after 2 ms of a 3 s job): it measured nothing, and
 * its figures are not read, so that a failed night is neither a
 * regression nor a swing the series learns as its noise. One that ran
 * its course though some of its clones failed to start (240 s, err=11
 * from io_queue_init) is read as fio printed it. Either is said; one
 * whose run time fio did not print (a pasted line) is read as it is. */
static void
drop_failed_job(const char *file, const struct fio_result *r,
    struct fio_job *job, struct diags *d)
{
	double t = job_runtime(job), longest = 0;

	for (size_t j = 0; j < r->njobs; j++)
		if (r->jobs[j].error == 0 && job_runtime(&r->jobs[j]) > longest)
			longest = job_runtime(&r->jobs[j]);
	if (isnan(t)) {
		bool any = false;

		for (int dir = 0; dir < FIO_DIRS; dir++)
			any |= job->side[dir].present;
		/* a pasted line that gave no run time is read as it is; a
		 * job that did no I/O at all ("ENOSPC on laying out file")
		 * is said, or a failed night would pass unseen */
		if (!any)
			diags_add(d, MSG_WARNING, file, job->line, "fio's job "
			    "\"%s\" ended with error %d before any I/O: it "
			    "measured nothing", job->name, job->error);
		return;
	}
	if (t >= 1000 && t >= longest / 10) {
		diags_add(d, MSG_WARNING, file, job->line, "fio's job \"%s\" "
		    "ended with error %d after %.0f s: its figures are read as "
		    "fio printed them", job->name, job->error, t / 1000);
		return;
	}
	for (int dir = 0; dir < FIO_DIRS; dir++)
		job->side[dir].present = false;
	diags_add(d, MSG_WARNING, file, job->line, "fio's job \"%s\" ended "
	    "with error %d after %.0f ms: its figures are not read", job->name,
	    job->error, t);
}

static void
drop_clat(struct fio_side *s)
{
	s->clat = (struct fio_latency){NAN, NAN, NAN, NAN};
	for (int p = 0; p < FIO_PCTS; p++)
		s->clat_pct[p] = NAN;
}

static void
say_submission_wait(const char *file, const struct fio_job *job, int dir,
    struct diags *d)
{
	const struct fio_side *s = &job->side[dir];
	char slat[24], clat[24];

	units_format_latency(s->slat.mean, slat);
	units_format_latency(s->clat.mean, clat);
	diags_add(d, MSG_NOTE, file, job->line, "fio's job \"%s\" (%s) "
	    "waited %s to submit each request and %s after: its submission "
	    "held the request (batched, or done in the call as a buffered "
	    "job's is), so its clat is not its requests' latency: its mean "
	    "latency is fio's whole (lat), its percentiles are not judged",
	    job->name, fio_dir_names[dir], slat, clat);
}

/* That the clat figures of the sides of results [first, n) of out
 * timed after a long submission (fio_clat_after_submission) are not
 * judged, said once for the file, by its first such side: a run repeats
 * its jobs, and a night its run. The figures stay, as fio printed them. */
static void
say_after_submission(const char *file, const struct fio_results *out,
    size_t first, struct diags *d)
{
	const struct fio_job *said = NULL;
	int said_dir = 0;
	size_t n = 0;

	for (size_t k = first; k < out->n; k++)
		for (size_t j = 0; j < out->v[k].njobs; j++)
			for (int dir = 0; dir < FIO_DIRS; dir++) {
				const struct fio_job *job = &out->v[k].jobs[j];

				if (!fio_clat_after_submission(&job->side[dir]))
					continue;
				if (n++ == 0) {
					said = job;
					said_dir = dir;
					say_submission_wait(file, job, dir, d);
				}
			}
	if (n > 1)
		diags_add(d, MSG_NOTE, file, said->line, "likewise %zu more "
		    "of its jobs' directions after job \"%s\" (%s)", n - 1,
		    said->name, fio_dir_names[said_dir]);
}

/* Failed jobs and unsound completion latencies are not read, and said:
 * a finding on them would be a finding on nothing. */
void
fio_drop_unsound(const char *file, struct fio_results *out, size_t first,
    struct diags *d)
{
	for (size_t k = first; k < out->n; k++) {
		for (size_t j = 0; j < out->v[k].njobs; j++) {
			if (out->v[k].jobs[j].error != 0)
				drop_failed_job(file, &out->v[k],
				    &out->v[k].jobs[j], d);
			for (int dir = 0; dir < FIO_DIRS; dir++) {
				struct fio_job *job = &out->v[k].jobs[j];
				struct fio_side *s = &job->side[dir];

				if (!clat_unsound(s))
					continue;
				diags_add(d, MSG_WARNING, file, job->line,
				    "fio's completion latency of job \"%s\" "
				    "(%s) is longer than its total latency: "
				    "its clat figures are not read",
				    job->name, fio_dir_names[dir]);
				drop_clat(s);
			}
		}
	}
	say_after_submission(file, out, first, d);
}

bool
fio_read(const char *file, const char *buf, size_t len,
    const struct limits *lim, struct fio_results *out, struct diags *d)
{
	static const struct limits defaults = LIMITS_DEFAULT;
	struct lines ls = {0};
	size_t found, first = out->n;
	bool only_json;

	if (lim == NULL)
		lim = &defaults;
	found = fio_read_json(file, buf, len, out, d, &only_json);
	/* Nothing but JSON documents, each read: every line is one of
	 * theirs or blank, and the passes over lines would see none. */
	if (only_json) {
		fio_drop_unsound(file, out, first, d);
		mark_printed_again(file, out, first, d);
		return true;
	}
	ls.max_len = lim->line;
	lines_read(&ls, buf, len, SIDE_ALL);
	blank_json_lines(&ls, out, found);
	found += fio_read_terse(file, &ls, out, d);
	found += fio_read_text(file, &ls, out, d);
	if (found > 0)
		note_fio_messages(file, &ls, d);
	fio_drop_unsound(file, out, first, d);
	mark_printed_again(file, out, first, d);
	lines_free(&ls);
	return false;
}
