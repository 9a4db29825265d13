/* The gate's verdict for people, worked out once for every output: each
 * run's outcome, a headline whose counts add up to the runs, and the
 * findings grouped by cause (one kind against the same reference, the
 * same change, the same warning), each group one sentence with its
 * numbers and reference. Runs last in analyse(), on the sorted findings;
 * see analyse.h. */
#include "analyse/analyse_int.h"
#include "model/display.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const section_names[SECTIONS] = {
	[SECTION_FAILS] = "fails", [SECTION_SHARED] = "shared",
	[SECTION_WARNINGS] = "warnings",
	[SECTION_IMPROVEMENTS] = "improvements",
};

enum verdict_section
finding_section(const struct finding *f)
{
	if (f->gated && !f->ack)
		return SECTION_FAILS;
	if (f->kind == FIND_PATTERN)
		return SECTION_SHARED;
	if (f->kind == FIND_IMPROVEMENT)
		return SECTION_IMPROVEMENTS;
	return SECTION_WARNINGS;
}

/* A finding's cause, as groups compare them. One is made for every
 * finding at once, and sorted: 24 bytes, so that the sort's copy is no
 * larger (glibc sorts keys over 32 bytes through pointers, at 16 bytes
 * a key more). A run's index fits 32 bits, as in run_analysis.base, and
 * so does a finding's: 2^32 findings would take 256 GiB. */
struct cause_key {
	const char *text;	/* a warning's words, a target's series,
				   else NULL */
	uint32_t f;		/* the finding */
	int32_t ref;		/* the run it is measured against, or -1 */
	int32_t run;		/* its run where the cause is the run's own
				   (a change, a target), else -1 */
	unsigned char section, kind;
	bool acked;
	bool alone;		/* its own cause (a pattern, a step in a
				   series): of a group of its own */
};
_Static_assert(sizeof(struct cause_key) <= 24, "a cause key grew");

static long
reference_of(const struct analysis *a, const struct finding *f)
{
	const struct scaling *sc;

	if (f->run < 0)
		return -1;
	if (f->kind == FIND_SHORTFALL || f->kind == FIND_WEAK) {
		sc = analysis_scaling(a, (size_t)f->run);
		return sc ? sc->reference : -1;
	}
	if (f->kind == FIND_REGRESSION || f->kind == FIND_IMPROVEMENT)
		return a->runs[f->run].base;
	return -1;
}

/* Whether a finding of a change is the run's against its base (not a
 * step across a series, which tells its own figures). */
static bool
plain_change(const struct analysis *a, const struct finding *f)
{
	if (f->kind != FIND_REGRESSION && f->kind != FIND_IMPROVEMENT)
		return true;
	return f->run >= 0 && f->metric >= 0 &&
	    analysis_change_of(a, (size_t)f->run, f->metric)->verdict ==
	    (f->kind == FIND_REGRESSION ? VERDICT_REGRESSION :
	    VERDICT_IMPROVEMENT);
}

static struct cause_key
cause_of(const struct analysis *a, size_t k)
{
	const struct finding *f = &a->f[k];
	struct cause_key c = {NULL, (uint32_t)k,
	    (int32_t)reference_of(a, f), -1,
	    (unsigned char)finding_section(f), (unsigned char)f->kind,
	    f->ack != NULL, false};

	if (f->kind == FIND_WARNING)
		c.text = f->text;
	else if (f->kind == FIND_PATTERN || !plain_change(a, f))
		c.alone = true;
	else if (f->kind == FIND_TARGET && f->run >= 0 &&
	    a->runs[f->run].series != NULL)
		/* A series that misses its targets night after night is
		 * one cause, not one a night. */
		c.text = a->runs[f->run].series;
	else if (f->kind == FIND_REGRESSION || f->kind == FIND_IMPROVEMENT) {
		/* A run's falls after a setting that moves some of its
		 * figures and not others (a read-ahead: the reads, not the
		 * writes) are two causes: a lead names one. */
		c.run = f->run;
		c.text = f->cause;
	} else if (f->kind != FIND_SHORTFALL && f->kind != FIND_WEAK)
		c.run = f->run;
	return c;
}

static int
cmp_long(long x, long y)
{
	return (x > y) - (x < y);
}

/* By cause, then in the analysis' order. */
static int
cmp_cause(const void *x, const void *y)
{
	const struct cause_key *p = x, *q = y;
	int c;

	if ((c = cmp_long(p->section, q->section)) ||
	    (c = cmp_long(p->kind, q->kind)) ||
	    (c = cmp_long(p->acked, q->acked)) ||
	    (c = cmp_long(p->ref, q->ref)) || (c = cmp_long(p->run, q->run)) ||
	    (c = cmp_long(p->alone, q->alone)) ||
	    (c = cmp_long(p->text == NULL, q->text == NULL)))
		return c;
	if (p->text && (c = strcmp(p->text, q->text)))
		return c;
	return cmp_long((long)p->f, (long)q->f);
}

static bool
same_cause(const struct cause_key *p, const struct cause_key *q)
{
	return p->section == q->section && p->kind == q->kind &&
	    p->acked == q->acked && p->ref == q->ref && p->run == q->run &&
	    !p->alone && !q->alone &&
	    (p->text == NULL) == (q->text == NULL) &&
	    (p->text == NULL || strcmp(p->text, q->text) == 0);
}

/* A group while they are made: where its causes start in the sorted
 * keys, how many, and its lowest finding. */
struct span {
	uint32_t pos, n, lowest;	/* as cause_key.f */
	unsigned char section;
};

/* Groups in the order of sections, then of their first finding. */
static int
cmp_span(const void *x, const void *y)
{
	const struct span *p = x, *q = y;
	int c = cmp_long(p->section, q->section);

	return c ? c : cmp_long((long)p->lowest, (long)q->lowest);
}

/* "55.7 MiB/s" for a stored figure of metric id. */
static void
figure_text(const struct analysis *a, int id, double stored, char *buf)
{
	display_figure(analysis_def(a, id), stored, buf);
}

void
percent_beside(double share, double bound, char *buf)
{
	char b[32];

	display_share(share, 10, buf);
	display_share(bound, 10, b);
	if (share != bound && strcmp(buf, b) == 0)
		display_share(share, 1000, buf);
}

/* "Block write 127 MiB/s is 72% of its target 185 MB/s (176 MiB/s)":
 * the target as the meta gives it, which a reader looks for, and in the
 * unit the figures are shown in when that reads otherwise. */
static char *
target_phrase(const struct analysis *a, const struct finding *f,
    const char *label, const char *now, const char *pct, const char *shown)
{
	char key[META_KEY_MAX + 1];
	const char *given;

	snprintf(key, sizeof key, "expect.%s", analysis_def(a,
	    f->metric)->key);
	given = meta_get(&a->set->runs[f->run].meta, key);
	if (given == NULL || strcmp(given, shown) == 0)
		return xasprintf("%s %s is %s%% of its target %s", label, now,
		    pct, shown);
	return xasprintf("%s %s is %s%% of its target %s (%s)", label, now,
	    pct, given, shown);
}

/* One finding's part of its group's sentence: its figures. */
static char *
member_phrase(const struct analysis *a, const struct finding *f,
    const char *label)
{
	int id = f->metric;
	char now[48], other[48], pct[32];
	struct scaled_metric x = {0};
	const struct target *t;

	if (f->run < 0 || f->metric < 0)
		return xstrdup(f->text);
	figure_text(a, id, analysis_sum(a, (size_t)f->run, id).median, now);
	if ((f->kind == FIND_SHORTFALL || f->kind == FIND_WEAK) &&
	    analysis_scaling(a, (size_t)f->run) &&
	    (analysis_scaled(a, (size_t)f->run, id, &x) || x.expected > 0)) {
		figure_text(a, id, x.expected, other);
		percent_beside(x.efficiency, f->kind == FIND_SHORTFALL ?
		    a->opts.shortfall : a->opts.weak, pct);
		return xasprintf("%s %s is %s%% of %s", label, now, pct, other);
	}
	if (f->kind == FIND_TARGET &&
	    (t = analysis_target(a, (size_t)f->run, id)) != NULL) {
		figure_text(a, id, t->value, other);
		percent_beside(t->ratio, 1, pct);
		return target_phrase(a, f, label, now, pct, other);
	}
	if (f->kind == FIND_REGRESSION || f->kind == FIND_IMPROVEMENT) {
		struct change_figures cf = analysis_change(a, (size_t)f->run, id);

		figure_text(a, id, cf.base_median, other);
		display_percent(cf.rel, false, pct);
		return xasprintf("%s %s %s%% (%s \u2192 %s)", label,
		    cf.rel < 0 ? "fell" : "rose", pct,
		    other, now);
	}
	return xstrdup(f->text);
}

/* How a member names its figure: by its label, or by its measure alone
 * after another of the same fio workload ("randread 4k QD32: IOPS fell
 * 21%, bandwidth fell 21%"). */
static const char *
member_label(const struct analysis *a, const struct finding *f,
    const struct finding *before)
{
	const struct metric *m, *p;

	if (f->metric < 0)
		return "";
	m = analysis_metric(a, f->metric);
	if (before == NULL || before->metric < 0 ||
	    m->def.family != FAMILY_FIO)
		return m->def.label;
	p = analysis_metric(a, before->metric);
	return p->def.family == FAMILY_FIO &&
	    strcmp(p->workload, m->workload) == 0 ?
	    fio_measure_labels[m->fio.measure] : m->def.label;
}

/* Members a group's sentence names; the rest are counted ("and 37
 * more"), each still on its run's page: a sentence of a lab's hundred
 * nightly runs stays one a person reads. */
#define GROUP_NAMED_MAX 12

/* Appends to *s the parts of the members, naming each run as it changes
 * when the group spans runs. */
static void
append_members(const struct analysis *a, char **s, const size_t *m, size_t n,
    bool name_runs)
{
	struct buf b = {0};
	long last = -2;
	size_t named = n < GROUP_NAMED_MAX ? n : GROUP_NAMED_MAX;

	buf_puts(&b, *s);
	for (size_t k = 0; k < named; k++) {
		const struct finding *f = &a->f[m[k]];
		bool new_run = name_runs && f->run != last;
		char *part = member_phrase(a, f, member_label(a, f,
		    k > 0 && f->run == last ? &a->f[m[k - 1]] : NULL));

		buf_puts(&b, k == 0 ? "" : new_run ? "; " : ", ");
		if (new_run && f->run >= 0)
			buf_printf(&b, "%s ", a->set->runs[f->run].id);
		buf_puts(&b, part);
		free(part);
		last = f->run;
	}
	if (named < n)
		buf_printf(&b, "; and %zu more", n - named);
	free(*s);
	*s = buf_take(&b);
}

static int
cmp_run(const void *x, const void *y)
{
	return cmp_long(*(const long *)x, *(const long *)y);
}

/* How many runs the members are of: sorted and counted, as a warning
 * can have thousands of members. */
static size_t
distinct_runs(const struct analysis *a, const size_t *m, size_t n)
{
	long *runs = xcalloc(n + 1, sizeof *runs);
	size_t count = 0;

	for (size_t k = 0; k < n; k++)
		runs[k] = a->f[m[k]].run;
	qsort(runs, n, sizeof *runs, cmp_run);
	for (size_t k = 0; k < n; k++)
		count += k == 0 || runs[k] != runs[k - 1];
	free(runs);
	return count;
}

/* " on CONTROLLER" when every run of the group has the controller and
 * the reference another; else "". Caller frees. */
static char *
shared_controller(const struct analysis *a, const size_t *m, size_t n,
    long ref)
{
	const char *c = meta_get(&a->set->runs[a->f[m[0]].run].meta,
	    "controller"), *r;

	for (size_t k = 1; c && k < n; k++) {
		const char *o = meta_get(&a->set->runs[a->f[m[k]].run].meta,
		    "controller");

		if (o == NULL || strcmp(o, c) != 0)
			c = NULL;
	}
	r = ref >= 0 ? meta_get(&a->set->runs[ref].meta, "controller") : NULL;
	if (c == NULL || (r && strcmp(r, c) == 0))
		return xstrdup("");
	return xasprintf(" on %s", c);
}

/* Runs a warning's sentence names all of: up to five, since "and 2
 * more" would hide two names in the room of two (a run whose only
 * warning it is would never be named); beyond, the first three. */
#define RUN_LIST_ALL 5
#define RUN_LIST_FIRST 3

/* "a, b, c and 6 more": the runs of a warning. Caller frees. */
static char *
run_list(const struct analysis *a, const size_t *m, size_t n)
{
	size_t named = n <= RUN_LIST_ALL ? n : RUN_LIST_FIRST;
	char *s = xstrdup("");

	for (size_t k = 0; k < named; k++) {
		char *next = xasprintf("%s%s%s", s, k == 0 ? "" : k + 1 == n ?
		    " and " : ", ", a->set->runs[a->f[m[k]].run].id);

		free(s);
		s = next;
	}
	if (n > named) {
		char *next = xasprintf("%s and %zu more", s, n - named);

		free(s);
		s = next;
	}
	return s;
}

/* Whether no finding of members m[0..n) has a figure the settings that
 * changed can move: the group is told after none of them. */
static bool
all_unmoved(const struct analysis *a, const size_t *m, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (!a->f[m[k]].unmoved)
			return false;
	return n > 0;
}

/* Whether every finding of members m[0..n) is told so: against a run
 * of another configuration, or side by side, the group tells a
 * difference, not a regression or an improvement. */
static bool
all_told(const struct analysis *a, const size_t *m, size_t n,
    enum change_told told)
{
	for (size_t k = 0; k < n; k++)
		if (a->f[m[k]].told != told)
			return false;
	return n > 0;
}

/* Whether the model expects of every finding of members m[0..n) no
 * more than one disk's worth (a stripe at one request in flight, a job
 * whose workload is not known): below it, the array is slower than one
 * of its own disks, which "scales weakly" undersells. */
static bool
all_below_one_disk(const struct analysis *a, const size_t *m, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		const struct finding *f = &a->f[m[k]];
		struct scaled_metric x = {0};

		if (f->run < 0 || f->metric < 0 || !analysis_scaled(a,
		    (size_t)f->run, f->metric, &x) || x.factor > 1 + 1e-9)
			return false;
	}
	return n > 0;
}

/* The lead of a group's sentence before its members. Caller frees. */
static char *
group_lead(const struct analysis *a, const struct finding_group *g,
    const size_t *m, size_t nruns)
{
	const struct finding *f = &a->f[m[0]];
	const char *run = f->run >= 0 ? a->set->runs[f->run].id : "";
	const char *ref = g->reference >= 0 ?
	    a->set->runs[g->reference].id : "?";
	const struct run_analysis *ra = f->run >= 0 ? &a->runs[f->run] : NULL;
	char *who, *ctl, *out;
	bool one = nruns == 1;
	/* The change from the run just before it names the cause only when
	 * that run is the one it was measured against (not when a run of
	 * another layout or throttle between them was passed over). */
	bool after = ra && ra->base_in_series && ra->series_change &&
	    a->pos[f->run] > 0 && !all_unmoved(a, m, g->n) &&
	    (long)a->order[a->pos[f->run] - 1] == ra->base;

	if (g->kind == FIND_REGRESSION || g->kind == FIND_IMPROVEMENT) {
		/* The one change that can move the first finding's figure,
		 * measured from its base: it holds over runs passed over
		 * (another host's night in a fleet's series); else the
		 * series' note of all that changed. */
		const char *cause = ra ? f->cause : NULL;
		const char *what = cause ? cause : after ?
		    ra->series_change : NULL;
		bool worse = g->kind == FIND_REGRESSION;

		if (all_told(a, m, g->n, TOLD_OTHER_CONFIG))
			return xasprintf("%s measured %s than %s, another "
			    "configuration%s%s%s: ", run, worse ? "worse" :
			    "better", ref, what ? " (" : "", what ? what : "",
			    what ? ")" : "");
		if (all_told(a, m, g->n, TOLD_SIDE_BY_SIDE))
			return xasprintf("%s measured %s than %s, side by side"
			    "%s%s: ", run, worse ? "worse" : "better", ref,
			    what ? " after " : "", what ? what : "");
		return xasprintf("%s %s against %s%s%s: ", run, worse ?
		    "regressed" : "improved", ref, what ? " after " : "",
		    what ? what : "");
	}
	if (g->kind == FIND_TARGET && one)
		return xasprintf("%s is below its declared target: ", run);
	if (g->kind == FIND_TARGET)
		return xasprintf("%zu runs of series %s are below their "
		    "declared targets: ", nruns, ra->series);
	ctl = one ? xstrdup("") : shared_controller(a, m, g->n, g->reference);
	who = one ? xstrdup(run) : xasprintf("%zu runs%s", nruns, ctl);
	if (all_below_one_disk(a, m, g->n))
		out = xasprintf("%s fall%s below one of %s disks (%s): ", who,
		    one ? "s" : "", one ? "its" : "their", ref);
	else
		out = xasprintf(g->kind == FIND_SHORTFALL ? "%s fall%s short "
		    "of RAID scaling from %s: " : "%s scale%s weakly from %s: ",
		    who, one ? "s" : "", ref);
	free(who);
	free(ctl);
	return out;
}

/* The group's sentence, pooled. */
static const char *
group_sentence(struct analysis *a, const struct finding_group *g,
    const size_t *m)
{
	const struct finding *f = &a->f[m[0]];
	size_t nruns = distinct_runs(a, m, g->n);
	char *s, *runs, *next;

	if (g->kind == FIND_PATTERN)
		return f->text;
	if (!plain_change(a, f))
		return strpool_take(a->pool, xasprintf("%s: %s",
		    a->set->runs[f->run].id, f->text));
	if (g->kind == FIND_WARNING) {
		runs = run_list(a, m, g->n);
		s = xasprintf("%s: %s", runs, f->text);
		free(runs);
		return strpool_take(a->pool, s);
	}
	s = group_lead(a, g, m, nruns);
	append_members(a, &s, m, g->n, nruns > 1);
	next = xasprintf("%s%s%s.", f->ack ? "Acknowledged: " : "", s,
	    g->kind == FIND_REGRESSION && !f->gated ? " (it does not fail the "
	    "gate)" : "");
	free(s);
	return strpool_take(a->pool, next);
}

/* "4 fail the gate", "1 passes": n with a verb in number. */
static char *
counted(size_t n, const char *one, const char *many, const char *rest)
{
	return xasprintf("%zu %s%s", n, n == 1 ? one : many, rest);
}

const char *const finding_nouns[FIND_KIND_COUNT][2] = {
	[FIND_REGRESSION] = {"regression", "regressions"},
	[FIND_SHORTFALL] = {"shortfall", "shortfalls"},
	[FIND_TARGET] = {"missed target", "missed targets"},
	[FIND_WEAK] = {"weak scaling", "weak scalings"},
	[FIND_PATTERN] = {"pattern", "patterns"},
	[FIND_WARNING] = {"warning", "warnings"},
	[FIND_IMPROVEMENT] = {"improvement", "improvements"},
};

char *
finding_kinds_text(const size_t count[FIND_KIND_COUNT], size_t acknowledged)
{
	char *out = xstrdup(""), *next;

	for (int k = 0; k <= FIND_KIND_COUNT; k++) {
		size_t n = k < FIND_KIND_COUNT ? count[k] : acknowledged;

		if (n == 0)
			continue;
		next = xasprintf("%s%s%zu %s", out, *out ? ", " : "", n,
		    k < FIND_KIND_COUNT ? finding_nouns[k][n != 1] :
		    "acknowledged");
		free(out);
		out = next;
	}
	return out;
}

/* "3 causes fail the gate (5 findings: 1 regression, 4 missed
 * targets).": what fails, by kind, so that a regression among targets
 * missed is named before its cause is reached. */
static char *
causes_line(const struct gate_summary *g, size_t nc, size_t nf)
{
	char *kinds = finding_kinds_text(g->failing_kinds, 0);
	char *line = xasprintf("%zu cause%s the gate (%zu finding%s: %s).",
	    nc, nc == 1 ? " fails" : "s fail", nf, nf == 1 ? "" : "s", kinds);

	free(kinds);
	return line;
}

static void
headline(struct analysis *a)
{
	struct gate_summary *g = &a->gate;
	char *parts[RUN_OUTCOMES] = {NULL}, *s;
	size_t nf = g->findings[SECTION_FAILS];
	size_t nc = g->ngroups_in[SECTION_FAILS];

	if (g->runs[RUN_FAILS])
		parts[0] = counted(g->runs[RUN_FAILS], "fails", "fail",
		    " the gate");
	if (g->runs[RUN_WARNED])
		parts[1] = counted(g->runs[RUN_WARNED], "passes", "pass",
		    " with warnings");
	if (g->runs[RUN_PASSES])
		parts[2] = counted(g->runs[RUN_PASSES], "passes", "pass", "");
	s = xasprintf("%zu run%s%s%s%s%s%s%s.", a->set->n, a->set->n == 1 ?
	    "" : "s", a->set->n ? ": " : "", parts[0] ? parts[0] : "",
	    parts[0] && (parts[1] || parts[2]) ? ", " : "",
	    parts[1] ? parts[1] : "", parts[1] && parts[2] ? ", " : "",
	    parts[2] ? parts[2] : "");
	g->headline = strpool_take(a->pool, s);
	for (int k = 0; k < RUN_OUTCOMES; k++)
		free(parts[k]);
	if (nc > 0)
		g->causes = strpool_take(a->pool, causes_line(g, nc, nf));
}

static void
outcomes(struct analysis *a)
{
	struct gate_summary *g = &a->gate;

	g->outcome = xcalloc(a->set->n ? a->set->n : 1, 1);
	for (size_t i = 0; i < a->set->n; i++)
		g->outcome[i] = RUN_PASSES;
	for (size_t k = 0; k < a->nf; k++) {
		const struct finding *f = &a->f[k];
		enum verdict_section sec = finding_section(f);

		g->findings[sec]++;
		if (sec == SECTION_FAILS)
			g->failing_kinds[f->kind]++;
		if (f->run < 0)
			continue;
		if (sec == SECTION_FAILS)
			g->outcome[f->run] = RUN_FAILS;
		else if (sec == SECTION_WARNINGS &&
		    g->outcome[f->run] == RUN_PASSES)
			g->outcome[f->run] = RUN_WARNED;
	}
	for (size_t i = 0; i < a->set->n; i++)
		g->runs[g->outcome[i]]++;
}

/* The keys c (sorted by cause) as spans of one cause each, in the
 * order the groups are told, to *out (caller frees); returns their
 * count. */
static size_t
spans_of(const struct cause_key *c, size_t n, struct span **out)
{
	struct span *sp = NULL;
	size_t ns = 0, cap = 0;

	for (size_t k = 0; k < n; k++) {
		if (k > 0 && same_cause(&c[k - 1], &c[k])) {
			sp[ns - 1].n++;
			continue;
		}
		xgrow((void **)&sp, &cap, ns + 1, sizeof *sp);
		sp[ns++] = (struct span){(uint32_t)k, 1, c[k].f, c[k].section};
	}
	if (ns > 0)
		qsort(sp, ns, sizeof *sp, cmp_span);
	*out = sp;
	return ns;
}

void
summarise_gate(struct analysis *a)
{
	struct gate_summary *g = &a->gate;
	struct cause_key *c = xcalloc(a->nf + 1, sizeof *c);
	struct span *sp;
	size_t o = 0;

	outcomes(a);
	for (size_t k = 0; k < a->nf; k++)
		c[k] = cause_of(a, k);
	qsort(c, a->nf, sizeof *c, cmp_cause);
	g->ngroups = spans_of(c, a->nf, &sp);
	g->groups = xcalloc(g->ngroups + 1, sizeof *g->groups);
	g->members = xcalloc(a->nf + 1, sizeof *g->members);
	for (size_t k = 0; k < g->ngroups; k++) {
		struct finding_group *gr = &g->groups[k];
		const struct cause_key *first = &c[sp[k].pos];

		gr->first = o;
		gr->n = sp[k].n;
		gr->reference = first->ref;
		gr->section = (enum verdict_section)first->section;
		gr->kind = (enum finding_kind)first->kind;
		for (size_t j = 0; j < sp[k].n; j++)
			g->members[o++] = first[j].f;
		gr->unmoved = all_unmoved(a, g->members + gr->first, gr->n);
		gr->text = group_sentence(a, gr, g->members + gr->first);
		g->ngroups_in[gr->section]++;
	}
	headline(a);
	free(c);
	free(sp);
}

void
free_gate(struct analysis *a)
{
	free(a->gate.groups);
	free(a->gate.members);
	free(a->gate.outcome);
}
