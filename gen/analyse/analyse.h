/* The analysis: between the model and the renderers. It puts runs into
 * series and compares each with the run before it (or a chosen
 * baseline), computes what a RAID layout should give from a single-disk
 * reference, checks declared targets, explains findings by what differs
 * in the metadata, and warns about figures that cannot be trusted. It
 * reads the model and writes only its own struct analysis. */
#ifndef BENCHSITE_ANALYSE_H
#define BENCHSITE_ANALYSE_H

#include "model/model.h"
#include "model/stats.h"
#include "model/display.h"
#include "base/hashmap.h"

#include <stdint.h>

/* A noise floor given on the command line (--noise KEY=P): KEY a
 * metric's key, or one of fio's measures (bw, iops, lat, p50, p99,
 * p99_9) for every fio metric of it. */
struct noise_opt {
	const char *key;
	double share;
};

struct analyse_opts {
	double threshold;	/* smallest change that counts (0.05) */
	double alpha;		/* level of the rank test (0.05) */
	double weak;		/* efficiency below this is weak (0.80) */
	double shortfall;	/* efficiency below this falls short (0.50) */
	const char *baseline;	/* run id every run is compared with, or NULL */
	/* The change a metric must clear when neither a rank test nor a
	 * series' history can tell its noise (--noise KEY=P), over RUNS/
	 * meta's noise.KEY and the default (noise_floor_default). */
	const struct noise_opt *noise;
	size_t nnoise;
};

void analyse_default_opts(struct analyse_opts *);

/* The noise floor of a metric when nothing sets it: bonnie++'s
 * run-to-run spread on one machine, 10% for block transfers, 15% for
 * rewrites, seeks and per-char tests, 20% for the file tests; fio's,
 * 10% for bandwidth and IOPS, 15% for the mean and median latency, 25%
 * for p99 and 40% for p99.9, whose few slowest requests move most. */
double noise_floor_default(const struct metric *);

/* Where a metric's noise floor came from. */
enum __attribute__((packed)) noise_source {
	NOISE_DEFAULT,
	NOISE_SET_META,		/* RUNS/meta noise.METRIC */
	NOISE_OPTION		/* --noise METRIC=P */
};

extern const char *const noise_source_names[];
enum __attribute__((packed)) verdict {
	VERDICT_NONE,		/* nothing to compare with */
	VERDICT_SAME,		/* no significant change: "~" */
	VERDICT_REGRESSION,
	VERDICT_IMPROVEMENT,
	VERDICT_INSUFFICIENT	/* a side has no figure to compare */
};

enum __attribute__((packed)) verdict_rule {
	RULE_NONE,
	RULE_RANK_TEST,		/* Mann-Whitney U, 3+ samples a side */
	RULE_NOISE_FENCE,	/* beyond the series' earlier noise */
	RULE_THRESHOLD		/* no history: the minimum change, or the
				   samples' own spread when wider */
};

extern const char *const verdict_names[];
extern const char *const rule_names[];

enum __attribute__((packed)) efficiency {
	EFF_NONE,	/* no scaling model for this run or metric */
	EFF_FINE,
	EFF_WEAK,
	EFF_SHORT
};

/* What the analysis says of one figure of a run: against the same
 * figure of its base run, and how it scales. The fields are ordered
 * (and the enums packed) for size, and what follows from the summaries
 * is not stored (see analysis_change). Packed, and 20 bytes: one per
 * metric of each run is kept, beside the run's summaries. */
struct __attribute__((packed)) change {
	double p;			/* rank test p-value, or -1 */
	double fence;			/* noise limit used (the fence, or
					   the samples' spread or the noise
					   floor, the wider), or -1 */
	unsigned char history;		/* earlier changes behind the fence
					   (at most HISTORY_WINDOW, 30) */
	enum verdict verdict;
	enum verdict_rule rule;
	unsigned char rank_too_small : 1;	/* 3+ a side, but the level is
						   out of reach: fell back to
						   the fence */
	unsigned char judged : 1;	/* compared with a base, scaled, or
					   held to a target */
	unsigned char flagged : 1;	/* a finding of it fails the gate,
					   acknowledged or not */
	unsigned char level : 2;	/* enum efficiency of its scaling */
	unsigned char floor_wider : 1;	/* a short history's fence, and the
					   noise floor wider than it */
};

extern const char *const efficiency_names[];

/* One scaled metric of a RAID run, as the accessors give it; level is
 * EFF_NONE (and the figures zero) where the model says nothing: a
 * figure missing on either side, or a layout that gives nothing of it.
 * The model gives a range; only its low end is judged. */
struct scaled_metric {
	double expected;	/* the low end: factor x the reference's
				   median */
	double expected_high;	/* factor_high x the reference's median */
	double efficiency;	/* the median as a share of expected */
	double factor, factor_high;	/* disks' worth of the metric */
	unsigned char rule;	/* its row of the model (scaling_reason) */
	enum efficiency level;
	bool gates;		/* the model lets it fail the gate (not
				   rewrites on parity layouts) */
};

/* A layout, disk count and seek concurrency: the same for every run
 * that shares them, so kept once for all of them (analysis.models).
 * What it gives of each metric is kept in analysis.factors. */
struct scaling_model {
	int raid, disks;	/* what it is the model of */
	int seekers;		/* concurrent random reads of bonnie++'s
				   seek test */
	int chunk_kib;		/* the stripe's chunk, 0 when not given */
	int synced_kib;		/* what bonnie++ -b (an fsync after every
				   write) has in flight: its chunk times
				   -c; 0 when its writes are buffered */
};

/* What a model gives of a metric, in disks' worth of the reference's
 * same figure, from low to high; factor 0: the model says nothing of
 * it. */
struct model_factors {
	double factor, factor_high;
	unsigned char rule;	/* its row of the model (scaling_reason) */
	bool gates;		/* false: shown, never judged */
};

/* What a RAID layout should give, from a single-disk reference. Kept
 * for every run with a RAID level and two or more disks: see
 * analysis_scaling. Only a reference measured the same way (valid) is
 * judged; any other is context for the run page. Small, as most runs
 * of a large set have one: the levels are its changes', the factors the
 * model's, and the expected figures follow from them and the summaries
 * (scaled_figures). */
struct scaling {
	int32_t reference;	/* run index, or -1: no single-disk run */
	uint32_t model;		/* its index in analysis.models */
	const char *why;	/* how the reference was chosen and why it
				   is valid, or what makes it rough */
	uint32_t factors;	/* its model's factors of the run's metrics,
				   in the order of its summaries, from
				   analysis.factors[factors]: kept once for
				   the runs of one model and metrics */
	bool valid;		/* measured like the run: judged */
};

/* The model's reason for the factor of a scaled metric m of run r, in
 * words. */
const char *scaling_reason(const struct scaled_metric *,
    const struct metric *m, const struct run *r);

/* A declared target (meta expect.METRIC) of a metric the run has a
 * figure of. Kept only for the runs that declare one: see
 * analysis_target. */
struct target {
	double value, ratio;	/* ratio = median / value */
	int metric;
	bool shortfall;		/* worse than the target: ratio < 1, or
				   > 1 for a latency */
};

enum __attribute__((packed)) finding_kind {
	FIND_REGRESSION,
	FIND_SHORTFALL,		/* efficiency below the shortfall level */
	FIND_TARGET,		/* below a declared target */
	FIND_WEAK,		/* efficiency between the two levels */
	FIND_PATTERN,		/* one key shared by every run that fails */
	FIND_WARNING,		/* a figure that cannot be trusted */
	FIND_IMPROVEMENT,
	FIND_KIND_COUNT
};

extern const char *const finding_names[];
/* Each kind as a headline counts it, singular and plural. */
extern const char *const finding_nouns[FIND_KIND_COUNT][2];
/* "4 shortfalls, 1 missed target, 2 acknowledged" of counts by kind
 * (finding_nouns) and those acknowledged; "" when all are zero. Caller
 * frees. */
char *finding_kinds_text(const size_t count[FIND_KIND_COUNT],
    size_t acknowledged);

/* How a run-to-run change is told: as a change, or as a difference
 * between runs that are no before and after. */
enum __attribute__((packed)) change_told {
	TOLD_CHANGE,
	TOLD_OTHER_CONFIG,	/* across another configuration (disks, a
				   file system, fio's options or device, a
				   part): context */
	TOLD_SIDE_BY_SIDE	/* of one day, nothing the meta says tells
				   them apart */
};

/* How firmly the data says a finding, which orders what fails the
 * gate: a rank test or a step across a series, the series' noise or a
 * like-for-like scaling or target, a single comparison. */
enum { CONFIDENCE_LOW = 1, CONFIDENCE_MEDIUM, CONFIDENCE_HIGH };

struct finding {
	long run;		/* -1 for patterns */
	char *text;		/* a sentence with its numbers */
	char *explain;		/* what differs in the metadata, or NULL */
	/* The one change that can move the figure of a run-to-run finding
	 * ("kernel: a -> b", or the labels'), pooled; NULL when none or
	 * several can, or for other findings. */
	const char *cause;
	char *caveat;		/* why the comparison is not like for like */
	char *ack;		/* the acknowledgement (meta ack.METRIC) */
	double sort;		/* within a kind, lower comes first */
	int metric;		/* -1 for run-wide warnings */
	enum finding_kind kind;
	unsigned char confidence;	/* CONFIDENCE_*, or 0 */
	bool gated;		/* fails CI unless acknowledged */
	bool unnamed;		/* a run-to-run change with nothing the meta
				   names changed between its runs */
	bool over_runs;		/* said of many runs of a series (a slide),
				   not of one run's figures */
	enum change_told told;
	bool unmoved;		/* a run-to-run change whose runs differ only
				   in settings that cannot move its figure
				   (a read-ahead for a direct write), or
				   whose run's set-up measured its base's
				   figure before (setup_cleared): its
				   group, when all are, is told after
				   none of them */
};

/* What the analysis says of one run: a change per metric it has (in
 * the order of its summaries, run_metric_at); the fields are ordered
 * for size; scaling and targets live apart, sparse. */
struct run_analysis {
	char *series;		/* the series it belongs to */
	const char *base_why;
	/* What changed in the set-up (or, when no set-up key did, the
	 * label) from the run before it in its series, for the series'
	 * history; pooled, NULL for the first run, when nothing did or
	 * when only a run's number did (numbers_only). */
	const char *series_change;
	struct change *change;	/* in analysis.changes */
	int32_t base;		/* the run it is compared with, or -1 */
	/* The run before it in its series it would be compared with but
	 * for a baseline (meta or --baseline), or -1: its change from
	 * that one is its night's noise all the same, for the history. */
	int32_t prev;
	uint32_t scaling;	/* 1 + its index in analysis.scaling, or 0 */
	uint32_t targets;	/* its first in analysis.targets */
	uint16_t ntargets;
	bool base_in_series;	/* base is the run before it in its series */
	/* From the run before it in its series, a known set-up key changed
	 * or only one of the two has a label: its change is no measure of
	 * the series' noise. */
	bool change_marked;
	/* The same of the change from its base (mark_base_changes): a
	 * base past other hosts' nights of a fleet's series is judged
	 * from itself, not from the night just before. */
	bool base_marked;
	bool prev_marked;	/* the same of the change from prev */
	bool busy;	/* its meta says its array was degraded, resyncing
			   or rebuilding (note_series_changes) */
	/* A figure that is no tail fell far past the limit it was judged
	 * by against its base (mark_fallen_far): a night beyond what its
	 * set-up does by itself, no measure of its reach. */
	bool fell_far;
	/* From the run before it in its series, only keys of the user's
	 * own changed that every run of the series gives a value of its
	 * own (a CI job's number): nothing named a cause, and
	 * series_change is NULL. */
	bool numbers_only;
};


/* ---- the gate's verdict, grouped by cause (verdict.c) ---- */

/* What the gate says of a run: each run is exactly one of them, so the
 * headline's counts add up to the runs. */
enum __attribute__((packed)) run_outcome {
	RUN_FAILS,		/* a finding fails the gate */
	RUN_WARNED,		/* none fails; one is to read with care */
	RUN_PASSES,		/* nothing but improvements, or nothing */
	RUN_OUTCOMES
};

/* Where a group of findings is told: what fails first, then what the
 * failing runs share, then warnings (collapsed), then improvements. */
enum __attribute__((packed)) verdict_section {
	SECTION_FAILS,
	SECTION_SHARED,		/* patterns */
	SECTION_WARNINGS,	/* weak scaling, acknowledged or ungated
				   findings, figures to read with care */
	SECTION_IMPROVEMENTS,
	SECTIONS
};

/* Findings of one cause: one kind against the same reference (a
 * scaling's single-disk run), the same change (a run against its
 * base), the declared targets of one series, or the same warning. */
struct finding_group {
	const char *text;	/* one sentence with its numbers and
				   reference (pooled) */
	size_t first, n;	/* its findings: gate.members[first..+n) */
	long reference;		/* the run it is measured against, or -1 */
	enum verdict_section section;
	enum finding_kind kind;
	/* every finding's figure is one nothing that differs can move
	 * (finding.unmoved): what differs is told as no cause */
	bool unmoved;
};

/* The verdict every output opens with, worked out once. */
struct gate_summary {
	const char *headline;	/* "14 runs: 4 fail the gate, 9 pass with
				   warnings, 1 passes." (pooled) */
	const char *causes;	/* "3 causes fail the gate (5 findings: 4
				   shortfalls, 1 missed target)." or NULL
				   when nothing fails (pooled) */
	size_t runs[RUN_OUTCOMES];	/* adds up to the runs */
	size_t findings[SECTIONS];	/* adds up to nf */
	/* of findings[SECTION_FAILS], by kind */
	size_t failing_kinds[FIND_KIND_COUNT];
	size_t ngroups_in[SECTIONS];
	struct finding_group *groups;	/* by section, each in the order
					   of its first finding */
	size_t ngroups;
	size_t *members;	/* indexes into f, group by group */
	unsigned char *outcome;	/* by run: enum run_outcome */
};

struct analysis {
	const struct runset *set;
	struct analyse_opts opts;
	struct run_analysis *runs;
	struct change *changes;	/* every run's, run after run */
	struct finding *f;	/* ordered: regressions, shortfalls, ... */
	size_t nf, capf;
	/* The findings of run i are f[by_run[by_run_at[i] ..
	 * by_run_at[i + 1])], in the order of f: an output reads a run's
	 * own without scanning every finding. */
	size_t *by_run_at, *by_run;
	int count[FIND_KIND_COUNT];
	int failing;		/* gated and not acknowledged */
	/* Indexes built once so that no step compares every run with
	 * every other: runs in series order and each run's place in it,
	 * and the single-disk references by what they share. */
	size_t *order, *pos;
	struct reference_index *refs;
	struct scaling *scaling;	/* of the RAID runs */
	size_t nscaling;
	struct scaling_model *models;	/* each distinct one once */
	size_t nmodels, capmodels;
	struct hashmap model_seen;	/* models by what they model, while
					   analyse runs */
	struct model_factors *factors;	/* see scaling.factors */
	size_t nfactors, capfactors;
	struct hashmap factors_seen;	/* the first run of each model and
					   metrics (index + 1), while
					   analyse runs */
	struct target *targets;		/* by run, then metric */
	size_t ntargets;
	struct strpool *pool;	/* the findings' texts and the series
				   names, each distinct one once */
	struct strpool *pool2;	/* the texts of the later half's runs'
				   findings (made in a thread of their
				   own) */
	double *noise;		/* by metric: the noise floors that
				   applied */
	enum noise_source *noise_from;
	struct gate_summary gate;	/* the verdict, grouped by cause */
};

/* A metric of the set: what it is, its unit and direction. */
static inline const struct metric *
analysis_metric(const struct analysis *a, int m)
{
	return &a->set->metrics.v[m];
}

static inline const struct metric_def *
analysis_def(const struct analysis *a, int m)
{
	return &a->set->metrics.v[m].def;
}

/* A run's summary of metric m: the model's, which the analysis reads
 * rather than copies. */
static inline struct metric_summary
analysis_sum(const struct analysis *a, size_t run, int m)
{
	return run_summary(&a->set->runs[run], m);
}

/* What the analysis says of metric m of a run: a change with no
 * verdict when the run has no such metric. */
extern const struct change change_none;

static inline const struct change *
analysis_change_of(const struct analysis *a, size_t run, int m)
{
	long k = run_metric_slot(&a->set->runs[run], m);

	return k >= 0 ? &a->runs[run].change[k] : &change_none;
}

/* Analyses set. An opts->baseline that names no run is reported to d
 * and returns -1; otherwise 0. */
int analyse(struct analysis *, const struct runset *,
    const struct analyse_opts *, struct diags *);
void analysis_free(struct analysis *);

/* ---- reading the result: these only read what analyse stored ---- */

/* The figures of a change, from the summaries of the run and its
 * base: the medians and rel are zero unless the verdict is SAME,
 * REGRESSION or IMPROVEMENT; the counts are zero without a base. */
struct change_figures {
	double base_median, median;	/* stored unit */
	double rel;			/* (median - base) / base */
	int n, n_base;			/* samples with a figure */
};

static inline struct change_figures
analysis_change(const struct analysis *a, size_t run, int metric)
{
	const struct run_analysis *ra = &a->runs[run];
	enum verdict v = analysis_change_of(a, run, metric)->verdict;
	struct change_figures cf = {0};

	if (ra->base >= 0) {
		cf.n = analysis_sum(a, run, metric).n;
		cf.n_base = analysis_sum(a, (size_t)ra->base, metric).n;
	}
	if (v == VERDICT_SAME || v == VERDICT_REGRESSION ||
	    v == VERDICT_IMPROVEMENT) {
		cf.median = analysis_sum(a, run, metric).median;
		cf.base_median = analysis_sum(a, (size_t)ra->base,
		    metric).median;
		cf.rel = cf.median / cf.base_median - 1;
	}
	return cf;
}

/* The run's scaling, or NULL when it is no RAID run (a single disk, or
 * a layout its meta does not give). Its reference may be rough, or
 * missing (-1). */
static inline const struct scaling *
analysis_scaling(const struct analysis *a, size_t run)
{
	uint32_t k = a->runs[run].scaling;

	return k ? &a->scaling[k - 1] : NULL;
}

/* The model of run's scaling sc. */
static inline const struct scaling_model *
scaling_model_of(const struct analysis *a, const struct scaling *sc)
{
	return &a->models[sc->model];
}

/* The factors the model of run's scaling sc gives of metric m, as
 * analyse stored them, or NULL when the run has no such metric. */
static inline const struct model_factors *
scaling_factors_of(const struct analysis *a, size_t run,
    const struct scaling *sc, int m)
{
	long k = run_metric_slot(&a->set->runs[run], m);

	return k >= 0 ? &a->factors[sc->factors + (size_t)k] : NULL;
}

/* The figures of metric m of run's scaling sc whatever its level: the
 * model's factors, the expected figures they give of the reference's
 * median, and the run's median as a share of them (of the expected over
 * the run's, for a figure lower is better). */
static inline struct scaled_metric
scaled_compute(const struct analysis *a, size_t run, const struct scaling *sc,
    int m)
{
	const struct model_factors *mf = scaling_factors_of(a, run, sc, m);
	struct scaled_metric s = {0};
	double ref, own;

	if (mf == NULL || mf->factor <= 0)
		return s;
	ref = analysis_sum(a, (size_t)sc->reference, m).median;
	own = analysis_sum(a, run, m).median;
	s.factor = mf->factor;
	s.factor_high = mf->factor_high;
	s.rule = mf->rule;
	s.gates = mf->gates;
	s.expected = s.factor * ref;
	s.expected_high = s.factor_high * ref;
	if (analysis_def(a, m)->higher_is_better)
		s.efficiency = s.expected != 0 ? own / s.expected : 0;
	else
		s.efficiency = own != 0 ? s.expected / own : 0;
	return s;
}

/* The same, as analyse judged them: all zero, level EFF_NONE, where the
 * model says nothing or a side has no figure. */
static inline struct scaled_metric
scaled_figures(const struct analysis *a, size_t run, const struct scaling *sc,
    int m)
{
	enum efficiency level = (enum efficiency)
	    analysis_change_of(a, run, m)->level;
	struct scaled_metric s = {0};

	if (level == EFF_NONE)
		return s;
	s = scaled_compute(a, run, sc, m);
	s.level = level;
	return s;
}

/* The scaling model's figures for one metric of the run where they are
 * judged (a valid reference, and a metric the model judges on this
 * layout) into *out: whether they are. */
static inline bool
analysis_scaled(const struct analysis *a, size_t run, int metric,
    struct scaled_metric *out)
{
	const struct scaling *sc = analysis_scaling(a, run);

	if (sc == NULL || !sc->valid ||
	    analysis_change_of(a, run, metric)->level == EFF_NONE)
		return false;
	*out = scaled_figures(a, run, sc, metric);
	return out->gates;
}

/* The run's declared target for a metric it has a figure of, or NULL. */
static inline const struct target *
analysis_target(const struct analysis *a, size_t run, int metric)
{
	const struct run_analysis *ra = &a->runs[run];

	for (size_t k = 0; k < ra->ntargets; k++)
		if (a->targets[ra->targets + k].metric == metric)
			return &a->targets[ra->targets + k];
	return NULL;
}

/* %CP per display unit of the median, or -1 without both: the model's
 * summary in the unit shown. */
static inline double
analysis_cpu_per_unit(const struct analysis *a, size_t run, int metric)
{
	const struct metric_summary m = analysis_sum(a, run, metric);
	double v = m.state == VS_OK ? display_value(analysis_def(a, metric),
	    m.median) : 0;

	return v > 0 && m.cpu >= 0 ? m.cpu / v : -1;
}

/* Whether the run was judged on this metric at all: compared with a
 * base, scaled, or held to a target. */
static inline bool
analysis_judged(const struct analysis *a, size_t run, int metric)
{
	return analysis_change_of(a, run, metric)->judged;
}

/* Whether a finding of this run and metric is flagged (for charts and
 * tables): a gated finding, acknowledged or not. */
static inline bool
analysis_flagged(const struct analysis *a, size_t run, int metric)
{
	return metric >= 0 && analysis_change_of(a, run, metric)->flagged;
}
extern const char *const section_names[SECTIONS];

/* The section of a finding. */
enum verdict_section finding_section(const struct finding *);

/* The groups of a section: *n of them from the returned one. */
static inline const struct finding_group *
gate_groups(const struct analysis *a, enum verdict_section sec, size_t *n)
{
	size_t from = 0;

	for (int k = 0; k < (int)sec; k++)
		from += a->gate.ngroups_in[k];
	*n = a->gate.ngroups_in[sec];
	return a->gate.groups + from;
}

/* Finding k (0 .. g->n) of group g. */
static inline const struct finding *
group_finding(const struct analysis *a, const struct finding_group *g,
    size_t k)
{
	return &a->f[a->gate.members[g->first + k]];
}

#endif
