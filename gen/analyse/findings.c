/* The findings in words: each run's regressions and improvements,
 * shortfalls against the scaling model and its targets, and warnings
 * about figures that cannot be trusted; which of them fail the gate,
 * and their order. See analyse_int.h. */
#include "analyse/analyse_int.h"
#include "model/display.h"
#include "read/units.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct finding *
add_finding(struct analysis *a, enum finding_kind kind, long run, int metric,
    char *text)
{
	struct finding *f;

	xgrow((void **)&a->f, &a->capf, a->nf + 1, sizeof *a->f);
	f = &a->f[a->nf++];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->run = run;
	f->metric = metric;
	f->text = strpool_take(a->pool, text);
	a->count[kind]++;
	return f;
}

/* "12.3 MiB/s" for a stored figure of metric id. */
static void
shown(const struct analysis *a, int id, double stored, char *buf)
{
	display_figure(analysis_def(a, id), stored, buf);
}

/* What differs between a run and the one it is measured against: the
 * same for all of the run's findings against it, so worked out once. */
struct diff {
	long other;		/* -1: not worked out yet */
	char *text;		/* pooled, or NULL */
	bool used;		/* text is some finding's already */
	struct setup_diff setup;
	struct own_setup own;	/* setup.own's */
};

static void
work_out_diff(struct analysis *a, size_t i, long other, struct diff *d)
{
	if (d->other == other)
		return;
	d->other = other;
	diff_setup(&a->set->runs[i], &a->set->runs[other], &d->setup);
	d->own.known = d->own.back_known = false;
	d->setup.own = &d->own;
	d->text = strpool_take(a->pool, d->setup.text);
	d->setup.text = NULL;
	d->used = false;
}

/* What differs between run i and the run it was measured against (d
 * keeps it for the next finding), and why the two do not compare like
 * for like. For the scaling model the layout is under study and the
 * reference valid (named in meta, or the same disk measured alike):
 * what else differs is listed, and only how the figures were measured
 * makes it less than like for like. */
static void
explain(struct analysis *a, struct finding *f, size_t i, long other,
    bool scaling, struct diff *d)
{
	if (other < 0)
		return;
	work_out_diff(a, i, other, d);
	if (d->text)
		f->explain = d->used ? strpool_add(a->pool, d->text,
		    strlen(d->text)) : d->text;
	d->used = true;
	f->caveat = strpool_take(a->pool, scaling ?
	    comparison_caveat(a, i, (size_t)other, 0, f->metric, false) :
	    change_caveat(a, i, (size_t)other, &d->setup,
	    f->metric, &f->told));
}

void
acknowledge(struct analysis *a, struct finding *f, size_t i)
{
	const char *ack = metric_ack(a, &a->set->runs[i], f->metric);
	long k = run_metric_slot(&a->set->runs[i], f->metric);

	if (ack != NULL)
		f->ack = strpool_add(a->pool, ack, strlen(ack));
	f->gated = true;
	if (k >= 0)
		a->runs[i].change[k].flagged = 1;
	if (f->ack == NULL)
		a->failing++;
}

/* How a change was judged: the rule, and the limit it had to clear. */
static char *
rule_text(const struct analysis *a, size_t i, int id, const struct change *c,
    const struct change_figures *cf)
{
	const struct metric_summary s = analysis_sum(a, i, id);
	const struct metric_summary t = analysis_sum(a, (size_t)a->runs[i].base,
	    id);
	double own = fmax(spread(s), spread(t));
	char *why, *out, fence[32];

	display_percent(c->fence, false, fence);
	if (c->rule == RULE_RANK_TEST)
		return xasprintf("rank test p = %.3f, %d vs %d samples", c->p,
		    cf->n, cf->n_base);
	if (c->rule == RULE_NOISE_FENCE && c->history < HISTORY_TRUSTED &&
	    c->fence == a->noise[id])
		return xasprintf("beyond the noise floor of %s%%: %d earlier "
		    "changes of the series are too few to go below it, %d vs "
		    "%d samples", fence, c->history, cf->n, cf->n_base);
	if (c->rule == RULE_NOISE_FENCE)
		return xasprintf("beyond the series' noise of %s%% seen over "
		    "%d earlier changes, %d vs %d samples", fence, c->history,
		    cf->n, cf->n_base);
	/* The fence is the widest of the floor, the samples' spread (but
	 * a lone sample) and the series' swings: own, with any lone one,
	 * reaches it when the spread set it. */
	if (a->opts.threshold > c->fence)
		why = xstrdup("the minimum change");
	else if (c->fence > a->noise[id] && own >= c->fence)
		why = xstrdup("the samples' own spread");
	else if (c->fence > a->noise[id])
		why = xstrdup("the series' own swings so far");
	else
		why = xasprintf("the noise floor of %s, %s",
		    analysis_def(a, id)->label,
		    noise_source_names[a->noise_from[id]]);
	/* with a few earlier changes, too few to fence with: said so, not
	 * "no history", when their swings set the limit */
	out = c->history > 0 ? xasprintf("change over %.0f%% (%s), %d vs %d "
	    "samples; %d earlier change%s of the series, too few to estimate "
	    "its noise", 100 * fmax(c->fence, a->opts.threshold), why, cf->n,
	    cf->n_base, c->history, c->history == 1 ? "" : "s") :
	    xasprintf("change over %.0f%% (%s), %d vs %d samples; no "
	    "history of the series to estimate its noise",
	    100 * fmax(c->fence, a->opts.threshold), why, cf->n, cf->n_base);
	free(why);
	return out;
}

/* "kernel: a -> b": the one changed setting that can explain a change
 * of metric id, else, when nothing else changed, the labels (a setting
 * the meta names only there, like "NCQ off"); or NULL. Pooled. */
static const char *
cause_of(struct analysis *a, const struct diff *d, int id)
{
	size_t i = (size_t)(d->setup.r - a->set->runs);
	char *cause = numbers_only_from(a, i, d->other) ||
	    setup_cleared(a, i, (size_t)d->other, &d->setup, id) ? NULL :
	    change_cause(&d->setup, analysis_metric(a, id));

	/* the labels alone: with a key of the user's own beside them,
	 * which of the two is not said */
	if (cause == NULL && d->setup.changed == 0 && d->setup.nextra == 0 &&
	    d->setup.labels != LABELS_SAME)
		cause = label_change_text(&d->setup.b->meta, &d->setup.r->meta);
	return cause ? strpool_take(a->pool, cause) : NULL;
}

/* The share a figure got worse by, on one scale for every figure: a
 * fall of one better higher as it is, a rise of a latency as the fall
 * of the rate it stands for (+100% is the rate halved, -50%), so that a
 * tail's +580% does not come before a throughput's -54%, nor before a
 * shortfall's missing share. Negative when it got better. */
static double
worse_share(const struct metric_def *d, double rel)
{
	return d->higher_is_better ? -rel : rel / (1 + rel);
}

/* Whether run i's fio metric m is a median or mean latency that fell
 * while the same workload's IOPS or bandwidth fell too: a median that
 * drops as most requests answer at once while the queue piles up on
 * one slow disk is no improvement to tell. (Tails that fell as the
 * rate did are one: a scheduler that trades throughput for fairness.) */
static bool
latency_fell_with_rate(const struct analysis *a, size_t i,
    const struct metric *m)
{
	return m->def.family == FAMILY_FIO && (m->fio.measure == FM_P50 ||
	    m->fio.measure == FM_LAT) && (sibling_verdict(a, i, m, FM_IOPS) ==
	    VERDICT_REGRESSION || sibling_verdict(a, i, m, FM_BW) ==
	    VERDICT_REGRESSION);
}

#define TAIL_WITH_RATE "a tail that rose as its workload's IOPS or " \
	"bandwidth fell, a fall that does not fail the gate: one run's " \
	"slowest requests sign no more than its rate"

/* How fio tail m's workload's rate (IOPS, bandwidth) fell in the
 * findings f[0..n) of one run: RATE_GATED when a fall of it fails the
 * gate, RATE_TOLD when it fell but no fall of it does. */
enum rate_fall { RATE_NONE, RATE_TOLD, RATE_GATED };

static enum rate_fall
rate_fall_of(const struct analysis *a, const struct finding *f, size_t n,
    const struct metric *m)
{
	enum rate_fall fall = RATE_NONE;

	for (size_t k = 0; k < n; k++) {
		const struct metric *x = analysis_metric(a, f[k].metric);

		if (f[k].kind != FIND_REGRESSION || x->def.family !=
		    FAMILY_FIO || (x->fio.measure != FM_IOPS &&
		    x->fio.measure != FM_BW) ||
		    strcmp(x->workload, m->workload) != 0)
			continue;
		if (f[k].caveat == NULL)
			return RATE_GATED;
		fall = RATE_TOLD;
	}
	return fall;
}

/* The regressions of run i, its findings from first on, that fail the
 * gate: each with no caveat, but a tail whose workload's rate fell
 * without failing it (a p99.9 up from 309 us to 10 ms the night its
 * read's bandwidth fell 44% within the series' own swings): the slowest
 * requests of one run rose with that fall and sign no more than it
 * does. */
static void
gate_run_findings(struct analysis *a, size_t i, size_t first)
{
	for (size_t k = first; k < a->nf; k++) {
		struct finding *f = &a->f[k];
		const struct metric *m = analysis_metric(a, f->metric);

		if (f->kind != FIND_REGRESSION || f->caveat != NULL)
			continue;
		if (tail_metric(m) && rate_fall_of(a, a->f + first, a->nf -
		    first, m) == RATE_TOLD)
			f->caveat = strpool_add(a->pool, TAIL_WITH_RATE,
			    sizeof TAIL_WITH_RATE - 1);
		else
			acknowledge(a, f, i);
	}
}

/* With nothing the meta names changed, the label only one of runs i
 * and its base o gives ("blkio read throttle 2000 IOPS" on the night a
 * throttle was set): no difference the gate can name (a key given on
 * one side only is unknown), but the user's own word on the night,
 * which the reader is shown. Pooled; NULL when both or neither give
 * one. */
static char *
one_sided_label(struct analysis *a, size_t i, size_t o)
{
	const char *x = meta_get(&a->set->runs[o].meta, "label");
	const char *y = meta_get(&a->set->runs[i].meta, "label");

	if ((x == NULL) == (y == NULL))
		return NULL;
	return strpool_take(a->pool, xasprintf("nothing the meta names "
	    "changed, but %s is labelled \"%s\" and %s is not",
	    a->set->runs[y ? i : o].id, y ? y : x,
	    a->set->runs[y ? o : i].id));
}

static void
change_findings(struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];
	const struct run *r = &a->set->runs[i];
	char was[48], now[48], pct[32], *how;
	const char *cause;
	struct diff d = {.other = -1};
	size_t first = a->nf;

	for (size_t k = 0; k < r->nsum; k++) {
		const struct change *c = &ra->change[k];
		int id = run_metric_at(r, k);
		struct change_figures cf;
		struct finding *f;
		double worse;

		if ((c->verdict != VERDICT_REGRESSION &&
		    c->verdict != VERDICT_IMPROVEMENT) ||
		    (c->verdict == VERDICT_IMPROVEMENT &&
		    (latency_fell_with_rate(a, i, analysis_metric(a, id)) ||
		    median_moved_alone(a, i, analysis_metric(a, id),
		    VERDICT_IMPROVEMENT) ||
		    memory_served(a, i, analysis_metric(a, id)) >= 0)))
			continue;
		cf = analysis_change(a, i, id);
		shown(a, id, cf.base_median, was);
		shown(a, id, cf.median, now);
		how = rule_text(a, i, id, c, &cf);
		display_percent(cf.rel, false, pct);
		work_out_diff(a, i, ra->base, &d);
		cause = cause_of(a, &d, id);
		f = add_finding(a, c->verdict == VERDICT_REGRESSION ?
		    FIND_REGRESSION : FIND_IMPROVEMENT, (long)i, id,
		    xasprintf("%s %s %s%% (%s \u2192 %s) against %s, %s%s%s "
		    "[%s].", analysis_def(a, id)->label, cf.rel < 0 ? "fell" :
		    "rose", pct, was, now,
		    a->set->runs[ra->base].id, ra->base_why, cause ?
		    ", after " : "", cause ? cause : "", how));
		f->cause = cause;
		f->unmoved = change_moves_nothing(&d.setup,
		    analysis_metric(a, id)) || setup_cleared(a, i,
		    (size_t)ra->base, &d.setup, id);
		free(how);
		worse = worse_share(analysis_def(a, id), cf.rel);
		f->sort = c->verdict == VERDICT_REGRESSION ? -worse : worse;
		/* a tail after the figures an engineer signs on: one run's
		 * slowest requests move far on their own */
		if (tail_metric(analysis_metric(a, id)))
			f->sort += 1;
		f->confidence = c->rule == RULE_RANK_TEST ? CONFIDENCE_HIGH :
		    c->rule == RULE_NOISE_FENCE ? CONFIDENCE_MEDIUM :
		    CONFIDENCE_LOW;
		explain(a, f, i, ra->base, false, &d);
		f->unnamed = f->explain == NULL;
		if (f->unnamed)
			f->explain = one_sided_label(a, i, (size_t)ra->base);
	}
	/* Only a comparison that can be defended fails the gate. */
	gate_run_findings(a, i, first);
}

/* "4", "1.5", "1.77": a factor of the model. */
static void
factor_text(double factor, char *buf)
{
	snprintf(buf, 16, "%.3g", factor);
}

/* One judged metric's sentence: the figure, the low end of the model
 * and its range, the reference and why it is valid, and the model's
 * reason. */
static char *
scaling_sentence(const struct analysis *a, size_t i, const struct scaling *sc,
    int id, const struct scaled_metric *x)
{
	const struct run *r = &a->set->runs[i];
	char now[48], exp[48], ref[48], low[16], high[16], upto[48] = "";
	char pct[32];

	percent_beside(x->efficiency, x->efficiency < a->opts.shortfall ?
	    a->opts.shortfall : a->opts.weak, pct);
	shown(a, id, analysis_sum(a, i, id).median, now);
	shown(a, id, x->expected, exp);
	shown(a, id, analysis_sum(a, (size_t)sc->reference, id).median, ref);
	factor_text(x->factor, low);
	factor_text(x->factor_high, high);
	if (strcmp(low, high) != 0)
		snprintf(upto, sizeof upto, "; up to %s \u00d7", high);
	return xasprintf("%s %s is %s%% of the %s a %d-disk %s should give%s "
	    "(%s \u00d7 %s of %s, %s%s; %s).", analysis_def(a, id)->label, now,
	    pct, exp, r->meta.disk_count,
	    raid_level_names[r->meta.raid], *upto ? " at least" : "", low, ref,
	    a->set->runs[sc->reference].id, sc->why, upto, scaling_reason(x,
	    analysis_metric(a, id), r));
}

/* A shortfall against a rough reference (another or unknown disk
 * model, or measured otherwise): too doubtful to judge, too large to
 * leave on the run page alone. A warning that says what makes the
 * reference rough; a weak scaling against one stays context, and so
 * does a shortfall from a reference's figure of the page cache or the
 * processor (figure_not_disks): it says nothing of the array. */
static void
rough_scaling_warnings(struct analysis *a, size_t i, const struct scaling *sc)
{
	const struct run *r = &a->set->runs[i];

	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		struct scaled_metric x;
		struct finding *f;
		char *said;

		if (analysis_change_of(a, i, id)->level == EFF_NONE)
			continue;
		x = scaled_figures(a, i, sc, id);
		if (!x.gates || x.level != EFF_SHORT ||
		    figure_not_disks(a, (size_t)sc->reference, id))
			continue;
		said = scaling_sentence(a, i, sc, id, &x);
		f = add_finding(a, FIND_WARNING, (long)i, id, xasprintf("%s "
		    "Not judged: the reference is rough.", said));
		free(said);
		f->sort = x.efficiency - 1;	/* the worst first */
	}
}

/* Only a reference measured the same way is judged: a shortfall
 * against a rough one is a warning (rough_scaling_warnings). One
 * measured alike whose figure the cache served is told with why it is
 * not gated (comparison_caveat says the cache), as the array's own
 * figure was measured the same way. */
static void
scaling_findings(struct analysis *a, size_t i)
{
	const struct scaling *sc = analysis_scaling(a, i);
	const struct run *r = &a->set->runs[i];
	struct diff d = {.other = -1};

	if (sc && !sc->valid && sc->reference >= 0) {
		rough_scaling_warnings(a, i, sc);
		return;
	}
	for (size_t k = 0; sc && k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		struct scaled_metric xv, *x = &xv;
		struct finding *f;
		bool comparable;

		if (!analysis_scaled(a, i, id, &xv) ||
		    (x->level != EFF_SHORT && x->level != EFF_WEAK))
			continue;
		f = add_finding(a, x->level == EFF_SHORT ? FIND_SHORTFALL :
		    FIND_WEAK, (long)i, id, scaling_sentence(a, i, sc, id, x));
		f->sort = x->efficiency;	/* the worst first */
		explain(a, f, i, sc->reference, true, &d);
		/* The reference is valid (named, or the same disk measured
		 * the same way): other settings that differ are the
		 * set-up under study, not a doubt about the figures. */
		comparable = measurement_comparable(a, i,
		    (size_t)sc->reference, id);
		f->confidence = comparable ? CONFIDENCE_MEDIUM : CONFIDENCE_LOW;
		if (x->level == EFF_SHORT && comparable)
			acknowledge(a, f, i);
	}
}

static void
target_findings(struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];

	for (size_t k = 0; k < ra->ntargets; k++) {
		const struct target *t = &a->targets[ra->targets + k];
		int id = t->metric;
		const struct metric_def *def = analysis_def(a, id);
		char now[48], want[48], key[META_KEY_MAX + 1], pct[32];
		struct finding *f;

		if (!t->shortfall)
			continue;
		percent_beside(t->ratio, 1, pct);
		snprintf(key, sizeof key, "expect.%s", def->key);
		shown(a, id, analysis_sum(a, i, id).median, now);
		shown(a, id, t->value, want);
		f = add_finding(a, FIND_TARGET, (long)i, id, xasprintf("%s %s "
		    "is %s%% of its %s %s (%s).", def->label, now,
		    pct, def->higher_is_better ? "target" :
		    "target of at most", meta_get(&a->set->runs[i].meta, key),
		    want));
		/* The share of the target reached, as for a scaling. */
		f->sort = def->higher_is_better ? t->ratio : 1 / t->ratio;
		f->confidence = CONFIDENCE_MEDIUM;
		acknowledge(a, f, i);
	}
}

/* Appends a sentence to the run's warnings. */
static void
warn(char **all, char *sentence)
{
	char *next = xasprintf("%s%s%s", *all ? *all : "", *all ? " " : "",
	    sentence);

	free(*all);
	free(sentence);
	*all = next;
}

/* Whether every fio figure of r is of one sample: a sweep's workloads
 * are measured once each. */
static bool
single_fio(const struct run *r)
{
	for (size_t k = 0; k < r->nsum; k++)
		if (run_summary_at(r, k).n > 1)
			return false;
	return r->nsum > 0;
}

/* The first device in memory fio's disk stats list for r ("ram0" of
 * the brd driver, "pmem0", "zram0"), into found; NULL when none. (The
 * findings are made in two threads: no buffer of its own.) */
#define MEMORY_DEVICE_MAX 16
static const char *
memory_device(const struct run *r, char found[MEMORY_DEVICE_MAX])
{
	static const char *const kinds[] = {"ram", "pmem", "zram"};

	if (r->fio_disks == NULL || strcmp(r->fio_disks, FIO_NO_DISK) == 0)
		return NULL;
	for (const char *p = r->fio_disks; *p; p += *p == ' ') {
		size_t n = strcspn(p, " ");

		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
			size_t kn = strlen(kinds[k]);

			if (n > kn && n < MEMORY_DEVICE_MAX &&
			    strncmp(p, kinds[k], kn) == 0 &&
			    strspn(p + kn, "0123456789") == n - kn) {
				memcpy(found, p, n);
				found[n] = '\0';
				return found;
			}
		}
		p += n;
	}
	return NULL;
}

/* Run r's fio figure of measure fm, a mean latency, that is under
 * DEVICE_FLOOR_US, the shortest of them; -1 when none is. */
static int
fastest_under_floor(const struct analysis *a, const struct run *r,
    enum fio_measure fm)
{
	int fastest = -1;

	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric *m = analysis_metric(a, run_metric_at(r, k));
		const struct metric_summary s = run_summary_at(r, k);

		if (m->def.family == FAMILY_FIO && m->fio.measure == fm &&
		    s.state == VS_OK && s.median < DEVICE_FLOOR_US &&
		    (fastest < 0 || s.median < run_summary(r, fastest).median))
			fastest = run_metric_at(r, k);
	}
	return fastest;
}

/* What its meta or fio's disk stats say held run r's files in memory,
 * in words, into buf; NULL when they say nothing. */
#define MEMORY_SAID_MAX 96
static const char *
memory_said(const struct run *r, char buf[MEMORY_SAID_MAX])
{
	const char *fs = meta_get(&r->meta, "filesystem");
	char dev[MEMORY_DEVICE_MAX];

	if (fs && (strcasecmp(fs, "tmpfs") == 0 || strcasecmp(fs, "ramfs") ==
	    0))
		snprintf(buf, MEMORY_SAID_MAX, "its file system, %s, keeps "
		    "its files in memory", fs);
	else if (memory_device(r, dev))
		snprintf(buf, MEMORY_SAID_MAX, "fio's disk stats list %s, a "
		    "device in memory", dev);
	else
		return NULL;
	return buf;
}

/* A fio mean completion latency under DEVICE_FLOOR_US is memory's, the
 * page cache's, or with the page cache bypassed (direct I/O) a memory
 * device's (pmem, a RAM disk) or a cache's below; a mean sync latency
 * under it made nothing durable (tmpfs, a RAM disk, direct writes to a
 * device without a volatile cache). Appends the sentences, naming the
 * fastest workload, to all; returns it. */
static char *
memory_fast(const struct analysis *a, const struct run *r, char *all)
{
	int lat = fastest_under_floor(a, r, FM_LAT);
	int sync = fastest_under_floor(a, r, FM_SYNC);
	char took[48], buf[MEMORY_SAID_MAX];
	const char *said = lat >= 0 || sync >= 0 ? memory_said(r, buf) : NULL;

	if (lat >= 0) {
		shown(a, lat, run_summary(r, lat).median, took);
		warn(&all, xasprintf("%s is %s: no disk completes a request "
		    "that fast; %s%s.", analysis_def(a, lat)->label, took,
		    said ? "memory did: " : "", said ? said :
		    fio_key_uncached(&analysis_metric(a, lat)->fio) ?
		    "memory did, a memory device (pmem, a RAM disk) or a "
		    "cache below the direct I/O" : "the page cache did"));
	}
	if (sync >= 0) {
		shown(a, sync, run_summary(r, sync).median, took);
		warn(&all, xasprintf("%s is %s: no device makes writes durable "
		    "that fast; the syncs had nothing to flush: %s.",
		    analysis_def(a, sync)->label, took, said ? said :
		    analysis_metric(a, sync)->fio.direct ? "its writes were "
		    "direct, and the device had nothing to flush or ignored "
		    "the flush" : "the "
		    "file's writes stayed in memory, or its file system "
		    "ignores syncs"));
	}
	return all;
}

/* Whether fs, a meta's file system, sits on one block device that
 * fio's disk stats name: ext2/3/4, xfs and the like; not btrfs, ZFS or
 * a network's, which fio maps to none. */
static bool
one_device_fs(const char *fs)
{
	static const char *const one[] = {"ext2", "ext3", "ext4", "xfs",
	    "jfs", "reiserfs", "f2fs", "nilfs2", "ufs", "hfs", "hfsplus"};

	for (size_t k = 0; fs && k < sizeof one / sizeof *one; k++)
		if (strcasecmp(fs, one[k]) == 0)
			return true;
	return false;
}

static bool
block_test(const struct metric_def *d)
{
	return (d->traits & MT_BONNIE) && (d->traits & MT_BLOCK);
}

/* How far apart a run's samples of one bonnie++ block test may lie
 * before its median stands for none of them: a disk's streaming
 * transfers of one file differ by a tenth or two, not threefold. (A
 * fio job's may: a virtual disk's synced writes swing fourfold from one
 * repeat to the next.) */
#define SAMPLES_APART 3.0

/* The block test of r whose samples lie furthest apart, past
 * SAMPLES_APART, said after all: a sample that ran otherwise (a cache,
 * a second job, a disk retrying) sits in its median unseen. */
static char *
samples_apart(const struct analysis *a, const struct run *r, char *all)
{
	double widest = SAMPLES_APART;
	int id = -1;
	struct metric_summary w = {0};
	char lo[48], hi[48];

	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric_summary s = run_summary_at(r, k);
		int m = run_metric_at(r, k);

		if (block_test(analysis_def(a, m)) &&
		    s.state == VS_OK && s.n > 1 && s.min > 0 &&
		    s.max >= widest * s.min) {
			widest = s.max / s.min;
			id = m;
			w = s;
		}
	}
	if (id < 0)
		return all;
	shown(a, id, w.min, lo);
	shown(a, id, w.max, hi);
	warn(&all, xasprintf("Its %d samples of %s lie %.1f times apart (%s "
	    "to %s): their median stands for none of them, and one was "
	    "measured otherwise (a cache, another job, a disk retrying).",
	    w.n, analysis_def(a, id)->label, widest, lo, hi));
	return all;
}

/* Whether run i, made with bonnie++'s -D, has a figure of its I/O tests
 * the page cache may serve: one -D does not keep from it
 * (direct_io_metric). */
static bool
cached_under_D(const struct analysis *a, size_t i)
{
	for (int k = 0; k < M_COUNT; k++) {
		const struct metric *m = analysis_metric(a, k);

		if ((m->def.traits & (MT_BONNIE | MT_IO)) == (MT_BONNIE |
		    MT_IO) && !direct_io_metric(m) &&
		    analysis_sum(a, i, k).state == VS_OK)
			return true;
	}
	return false;
}

/* One warning per run, of every reason to read its figures with care. */
static void
validity_warnings(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	const struct bonnie_params *x = &r->params;
	int fast = 0, unknown = 0;
	char *all = NULL, buf[FIO_FILES_TEXT];

	/* A run whose files hold no figure that could be read (each line
	 * said why) is not one that passes. */
	if (r->nsum == 0)
		warn(&all, xstrdup("No figure of it could be read: there is "
		    "nothing to judge."));
	if (fits_cache(r, BONNIE_FILE) && !direct_io(r))
		warn(&all, xasprintf("The file size %s is less than twice the "
		    "memory (%s): the figures may come from the cache.",
		    x->size, host_memory(r)));
	else if (fits_cache(r, BONNIE_FILE) && cached_under_D(a, i))
		warn(&all, xasprintf("The file size %s is less than twice the "
		    "memory (%s): its figures but the block write and rewrite "
		    "may come from the cache (-D keeps only those from it).",
		    x->size, host_memory(r)));
	if (fits_cache(r, FIO_FILE) && r->fio_buffered)
		warn(&all, xasprintf("fio's %s %s less than twice the "
		    "memory (%s) and some jobs were buffered (no direct=1): "
		    "their figures may come from the cache.",
		    fio_files_text(r, buf), r->fio_files > 1 ? "are" : "is",
		    host_memory(r)));
	else if (fits_cache(r, FIO_FILE) && zfs_arc_serves_direct(r))
		warn(&all, xasprintf("fio's %s %s less than twice the "
		    "memory (%s), on ZFS, whose ARC serves direct=1 before "
		    "2.3: the figures may come from the cache.",
		    fio_files_text(r, buf), r->fio_files > 1 ? "are" : "is",
		    host_memory(r)));
	if (r->fio_disk_idle)
		warn(&all, xstrdup("fio's disk stats show the disk idle (util "
		    "0%) while the jobs moved data: the page cache answered, "
		    "another device did, or the device keeps no statistics (a "
		    "RAM disk)."));
	/* fio lists the block device under a file system of one device
	 * (ext4, xfs); none at all, where the meta names such a file system
	 * on disks, is a file system in memory (tmpfs) or on a network.
	 * btrfs and ZFS span devices fio does not map their files to. */
	if (r->fio_disks && strcmp(r->fio_disks, FIO_NO_DISK) == 0 &&
	    (r->meta.disk_count > 0 || r->meta.raid != RAID_UNKNOWN) &&
	    one_device_fs(meta_get(&r->meta, "filesystem")))
		warn(&all, xasprintf("fio's disk stats list no disk: its files "
		    "were on a file system in memory (tmpfs) or on a network, "
		    "not on the %s on the disks the meta names.",
		    meta_get(&r->meta, "filesystem")));
	if (a->runs[i].busy && !single_disk(r))
		warn(&all, xasprintf("Its array was degraded or busy when "
		    "measured, as its meta says (\"%s\"): its figures are not "
		    "what the whole, idle array gives.", array_busy(r)));
	all = memory_fast(a, r, all);
	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric_summary s = run_summary_at(r, k);
		const struct metric_def *d = analysis_def(a, run_metric_at(r, k));

		if ((d->traits & MT_PER_CHAR) && s.state == VS_OK &&
		    s.cpu >= 95)
			warn(&all, xasprintf("%s ran at %d%% CPU: it measured "
			    "the processor, not the disk.", d->label, s.cpu));
	}
	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric_summary s = run_summary_at(r, k);

		fast += s.n_too_fast > 0;
		unknown += s.state == VS_INVALID;
	}
	if (fast)
		warn(&all, xasprintf("%d test%s finished too fast to measure "
		    "(+++++): raise -s or -n to time them.", fast, fast > 1 ?
		    "s" : ""));
	if (unknown)
		warn(&all, xasprintf("%d figure%s unknown: bonnie++ 1.98+ "
		    "prints wrong file-creation rates in its table and no CSV "
		    "line was found.", unknown, unknown > 1 ? "s are" : " is"));
	if (r->nsamples == 1 || (r->nsamples == 0 && single_fio(r)))
		warn(&all, xstrdup("A single sample: there is no estimate of "
		    "its noise."));
	all = samples_apart(a, r, all);
	if (all)
		add_finding(a, FIND_WARNING, (long)i, -1, all);
}

/* A block test's single operation of a second or more, any test's of
 * five seconds or more (a file created in 9 s), or one twenty times the
 * usual of its series and a tenth of a second at least, is a stall: a
 * controller resetting, a disk retrying, a cache flushing. The per-char
 * and file tests are let wait longer: one of their many small
 * operations may sit behind a flush. An SSD's delete of 4 ms, twenty
 * times its usual 0.2 ms, is a disk seeking once, no stall. */
#define STALL_US 1e6
#define STALL_ANY_US 5e6
#define STALL_FACTOR 20
#define STALL_FLOOR_US 1e5
#define STALL_MIN_RUNS 3	/* runs with a latency that make a usual */

/* A throughput above what the run's meta says its disks, controller or
 * bus can move (hardware_ceiling): a cache answered, not the disk. One
 * warning per figure, so that it stands by the figure it is about. */
static void
rate_warnings(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	char by[CEILING_BY];
	const char *max = hardware_ceiling(r, by);
	double limit;

	if (max == NULL || !units_target(max, MK_THROUGHPUT, &limit) ||
	    limit <= 0)
		return;
	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		const struct metric_def *d = analysis_def(a, id);
		const struct metric_summary s = run_summary_at(r, k);
		char now[48];
		struct finding *f;

		if (d->kind != MK_THROUGHPUT || s.state != VS_OK ||
		    s.median <= limit)
			continue;
		shown(a, id, s.median, now);
		f = add_finding(a, FIND_WARNING, (long)i, id, xasprintf("%s %s "
		    "is above the %s its hardware can move (%s): a cache "
		    "answered, not the disk.", d->label, now, max, by));
		f->sort = -s.median / limit;
	}
}

/* How many runs back a figure its base did not measure is sought. */
#define UNCOMPARED_LOOKBACK 30

/* The last run of i's series before it, of its host as far as both
 * say, with a figure of metric id; -1 when none in reach. */
static long
last_with_figure(const struct analysis *a, size_t i, int id)
{
	for (size_t p = a->pos[i], n = 0; p > 0 && n < UNCOMPARED_LOOKBACK;
	    p--, n++) {
		size_t j = a->order[p - 1];

		if (!same_series(a, j, i))
			break;
		if (same_host(&a->set->runs[j], &a->set->runs[i]) &&
		    run_summary(&a->set->runs[j], id).state == VS_OK)
			return (long)j;
	}
	return -1;
}

/* A figure of run i its base did not measure (a night that ran other
 * fio jobs): nothing compared it, so a fall past its floor from the
 * last run of the series that measured it is told, with what the meta
 * says changed between them, and how to compare the two. A warning:
 * the runs between may have moved it, and the base is the run's. */
static void
uncompared_warnings(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	long b = a->runs[i].base;

	if (b < 0 || !a->runs[i].base_in_series)
		return;
	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		const struct metric *m = analysis_metric(a, id);
		const struct metric_summary s = run_summary_at(r, k);
		struct metric_summary t;
		struct setup_diff d;
		char now[48], was[48], pct[32];
		double rel;
		long j;
		struct finding *f;

		if (a->runs[i].change[k].verdict != VERDICT_INSUFFICIENT ||
		    s.state != VS_OK || tail_metric(m) ||
		    run_summary(&a->set->runs[b], id).state != VS_NOT_RUN ||
		    (j = last_with_figure(a, i, id)) < 0)
			continue;
		t = run_summary(&a->set->runs[j], id);
		if (!(t.median > 0))
			continue;
		rel = s.median / t.median - 1;
		if (fabs(rel) <= fmax(a->noise[id], a->opts.threshold) ||
		    (rel < 0) != m->def.higher_is_better)
			continue;
		display_percent(rel, true, pct);
		shown(a, id, s.median, now);
		shown(a, id, t.median, was);
		diff_setup(r, &a->set->runs[j], &d);
		f = add_finding(a, FIND_WARNING, (long)i, id, xasprintf("%s was "
		    "not compared: its base, %s, did not measure it; %s, the "
		    "last run of its series that did, measured %s, and this run "
		    "%s (%s%%)%s%s; --baseline %s compares the two.",
		    m->def.label, a->set->runs[b].id, a->set->runs[j].id, was,
		    now, pct, d.text ? ", and between them " : "",
		    d.text ? d.text : "", a->set->runs[j].id));
		free(d.text);
		f->sort = -fabs(rel);
	}
}

/* Run i's stall on metric id, if any, against usual, the median
 * maximum latency of nusual runs of its series (0: too few). */
static void
stall_warning(struct analysis *a, size_t i, int id, double usual,
    size_t nusual)
{
	const struct metric_summary m = analysis_sum(a, i, id);
	const struct metric_def *d = analysis_def(a, id);
	char took[32], med[32];
	bool far = nusual >= STALL_MIN_RUNS && usual > 0 &&
	    m.latency_us >= STALL_FACTOR * usual &&
	    m.latency_us >= STALL_FLOOR_US;
	struct finding *f;

	if (m.latency_us < 0 || !(far || m.latency_us >= (block_test(d) ?
	    STALL_US : STALL_ANY_US)))
		return;
	display_latency(m.latency_us, took);
	display_latency(usual, med);
	f = add_finding(a, FIND_WARNING, (long)i, id, far ?
	    xasprintf("%s stalled: a single operation took %s, %.0f\u00d7 "
	    "the %s usual in its series (the median of %zu runs' maximum "
	    "latency).", d->label, took, m.latency_us / usual,
	    med, nusual) :
	    xasprintf("%s stalled: a single operation took %s (bonnie++'s "
	    "maximum latency; %s).", d->label, took, block_test(d) ?
	    "a second or more on a block test" : "five seconds or more"));
	f->sort = -m.latency_us;	/* the longest first */
}

/* The stalls of the runs order[p0..p1), one series, metric by metric. */
static void
series_stalls(struct analysis *a, size_t p0, size_t p1, double *buf)
{
	/* Only bonnie++ 1.9x+ prints a maximum latency. */
	for (int id = 0; id < M_COUNT; id++) {
		size_t n = 0;
		double usual = 0;

		for (size_t p = p0; p < p1; p++) {
			double us = analysis_sum(a, a->order[p], id).latency_us;

			if (us >= 0)
				buf[n++] = us;
		}
		if (n >= STALL_MIN_RUNS)
			usual = stats_median(buf, n);
		for (size_t p = p0; p < p1; p++)
			stall_warning(a, a->order[p], id, usual,
			    n >= STALL_MIN_RUNS ? n : 0);
	}
}

void
stall_warnings(struct analysis *a)
{
	double *buf = xcalloc(a->set->n ? a->set->n : 1, sizeof *buf);
	size_t p0 = 0;

	for (size_t p = 1; p <= a->set->n; p++) {
		if (p < a->set->n && same_series(a, a->order[p - 1],
		    a->order[p]))
			continue;
		series_stalls(a, p0, p, buf);
		p0 = p;
	}
	free(buf);
}

/* Workloads named at most by a missing-workload warning. */
#define MISSING_MAX 3

/* Appends to *list, "a, b", the labels of the fio workloads of run x
 * that run y has no figure of, each once; how many there were. */
static size_t
workloads_not_in(const struct analysis *a, const struct run *x,
    const struct run *y, char **list)
{
	size_t n = 0;

	for (size_t k = 0; k < x->nsum; k++) {
		const struct metric *m = analysis_metric(a, run_metric_at(x,
		    k));
		char *t;

		/* Each workload once: at its first slot in x. */
		if (m->def.family != FAMILY_FIO || workload_slot(a, y,
		    m->workload, FM_ANY) >= 0 || workload_slot(a, x,
		    m->workload, FM_ANY) < (long)k)
			continue;
		if (n++ >= MISSING_MAX)
			continue;
		t = xasprintf("%s%s%s", *list ? *list : "", *list ? ", " : "",
		    m->workload_label);
		free(*list);
		*list = t;
	}
	return n;
}

/* A fio workload the run's base in its series measured and this run
 * did not, while it measured one the base did not: a job's block size
 * or depth changed by mistake in the job file, or a job renamed. Neither
 * workload is compared, and nothing else would say the nightly lost
 * one. */
static void
missing_workload_warnings(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	long b = a->runs[i].base;
	char *gone = NULL, *new = NULL;
	size_t ngone, nnew;

	/* (most runs measure what their base did: no workload to look up) */
	if (b < 0 || !a->runs[i].base_in_series ||
	    same_metrics(r, &a->set->runs[b]))
		return;
	ngone = workloads_not_in(a, &a->set->runs[b], r, &gone);
	nnew = workloads_not_in(a, r, &a->set->runs[b], &new);
	if (ngone > 0 && nnew > 0)
		add_finding(a, FIND_WARNING, (long)i, -1, xasprintf("fio's %s "
		    "(measured by %s)%s %s not in this run, which measured %s%s "
		    "instead: a job's options or name changed, so neither is "
		    "compared with that run.", gone, a->set->runs[b].id,
		    ngone > MISSING_MAX ? " and more" : "",
		    ngone > 1 ? "are" : "is", new,
		    nnew > MISSING_MAX ? " and more" : ""));
	free(gone);
	free(new);
}

/* Every finding of run i but the patterns (see find_patterns). */
void
run_findings(struct analysis *a, size_t i)
{
	change_findings(a, i);
	scaling_findings(a, i);
	target_findings(a, i);
	validity_warnings(a, i);
	rate_warnings(a, i);
	uncompared_warnings(a, i);
	missing_workload_warnings(a, i);
}

/* A finding's size as one scale across kinds: the share of the figure
 * missing, against the base, the expected figure or the target. */
static double
deficit(const struct finding *f)
{
	return f->kind == FIND_SHORTFALL || f->kind == FIND_TARGET ||
	    f->kind == FIND_WEAK ? f->sort - 1 : f->sort;
}

static int
cmp_findings(const void *x, const void *y)
{
	const struct finding *a = x, *b = y;
	bool fails = a->gated && !a->ack;

	/* What fails the gate first, acknowledged and ungated ones after;
	 * of what fails, a run's regression against its series first (the
	 * news a CI reader acts on tonight, not a shortfall its layout has
	 * had for years), then the surest, then the largest, so that the
	 * first is the headline. */
	if (fails != (b->gated && !b->ack))
		return fails ? -1 : 1;
	if (fails && (a->kind == FIND_REGRESSION) !=
	    (b->kind == FIND_REGRESSION))
		return a->kind == FIND_REGRESSION ? -1 : 1;
	if (fails && a->confidence != b->confidence)
		return a->confidence > b->confidence ? -1 : 1;
	if (fails && deficit(a) != deficit(b))
		return deficit(a) < deficit(b) ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->sort != b->sort)
		return a->sort < b->sort ? -1 : 1;
	if (a->run != b->run)
		return a->run < b->run ? -1 : 1;
	return (a->metric > b->metric) - (a->metric < b->metric);
}

/* Each run's findings in the order of f (a counting sort by run), so
 * that no output scans every finding for each run. */
static void
index_by_run(struct analysis *a)
{
	size_t n = a->set->n, *fill;

	a->by_run_at = xcalloc(n + 2, sizeof *a->by_run_at);
	a->by_run = xcalloc(a->nf ? a->nf : 1, sizeof *a->by_run);
	for (size_t k = 0; k < a->nf; k++)
		if (a->f[k].run >= 0)
			a->by_run_at[a->f[k].run + 2]++;
	for (size_t i = 2; i < n + 2; i++)
		a->by_run_at[i] += a->by_run_at[i - 1];
	fill = a->by_run_at + 1;
	for (size_t k = 0; k < a->nf; k++)
		if (a->f[k].run >= 0)
			a->by_run[fill[a->f[k].run]++] = k;
}

void
sort_findings(struct analysis *a)
{
	if (a->nf > 0 && a->nf < a->capf) {
		a->f = xrealloc(a->f, a->nf * sizeof *a->f);
		a->capf = a->nf;
	}
	qsort(a->f, a->nf, sizeof *a->f, cmp_findings);
	index_by_run(a);
}
