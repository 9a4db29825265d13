/* What the files of the analysis share, in the order analyse() runs
 * them; each file uses only those above it (tests/layers.sh):
 *   series.c -> change.c -> scaling.c -> caveats.c -> findings.c ->
 *   steps.c -> patterns.c -> verdict.c -> analyse.c (the driver);
 * rank.c and changepoint.c hold the statistics, pure, below them all;
 * labels.c reads what two labels say changed, for caveats.c on.
 * Private to gen/analyse/. */
#ifndef BENCHSITE_ANALYSE_INT_H
#define BENCHSITE_ANALYSE_INT_H

#include "analyse/analyse.h"

/* ---- series.c ---- */

/* Every run's series name; then every run in series order (series,
 * date, id), and each one's place in it (a->order, a->pos). */
void name_series(struct analysis *);
void order_series(struct analysis *);

/* Sets of metrics, by what they measure (enum metric_trait): what a
 * setting can move. A metric is in a set when it has a trait of any,
 * every trait of all and none of none; of a set that is cached, not
 * when it is a fio workload's of direct I/O, which goes round the page
 * cache (and its read-ahead). */
struct moves {
	unsigned char any, all, none;
	bool cached;
};

#define ALL_METRICS {0xff, 0, 0, false}
#define IO_TESTS {MT_IO, MT_BONNIE, 0, false}		/* bonnie++'s -s */
#define FILE_TESTS {MT_FILE, 0, 0, false}
#define BONNIE {MT_BONNIE, 0, 0, false}
#define WRITES {MT_WRITE, 0, 0, false}
#define READS {MT_READ, 0, 0, false}
#define CACHED_READS {MT_READ, 0, 0, true}
#define NOT_PER_CHAR {0xff, 0, MT_PER_CHAR, false}
#define NOT_BONNIE {0xff, 0, MT_BONNIE, false}

/* Whether metric m is in the set (NULL, the run as a whole: any). */
static inline bool
moves_metric(struct moves mv, const struct metric *m)
{
	unsigned t;

	if (m == NULL)
		return mv.any != 0;
	t = m->def.traits;
	if (mv.cached && m->def.family == FAMILY_FIO && m->fio.direct)
		return false;
	return (t & mv.any) && (t & mv.all) == mv.all && !(t & mv.none);
}

/* Whether two runs have a metric in common: runs of bonnie++ always
 * do; a fio run and a bonnie++ run, or fio runs of other workloads,
 * have nothing to compare. */
bool share_metrics(const struct run *x, const struct run *y);
/* Whether runs x and y are of one series. */
bool same_series(const struct analysis *, size_t x, size_t y);
/* Whether two runs are of one host, as far as both say. */
bool same_host(const struct run *x, const struct run *y);
/* series.c. Whether the measuring options of two bonnie++ command lines
 * (meta bonnie-options) differ on metric m (NULL: on any), and both
 * as "-n 1 -s 64" into x and y (of size n each). */
bool bonnie_options_differ(const char *a, const char *b,
    const struct metric *m, char *x, char *y, size_t n);
/* caveats.c. Whether metric m is a tail percentile of fio's (p99,
 * p99.9): one run's slowest requests move far on their own. */
bool tail_metric(const struct metric *m);
/* Run i's base: the forced baseline (>= 0), else the one its meta
 * names, else the run before it in its series with the same layout. */
void choose_base(struct analysis *, size_t i, long forced);
/* Says a meta baseline of run i that names no run, or the run itself,
 * and an ack.KEY of it that no figure of the run has. */
void check_named_baseline(const struct runset *, size_t i, struct diags *);

/* ---- change.c ---- */

/* Changes of a series' history below which its noise fence is kept at
 * least at the figure's noise floor. */
#define HISTORY_TRUSTED 8

/* No disk completes a request in under a microsecond: a fio mean
 * completion latency below that is memory's (findings.c warns of it;
 * caveats.c gates no change of such a workload's latencies). */
#define DEVICE_FLOOR_US 1.0

/* Each metric's noise floor into a->noise: --noise, else RUNS/meta's
 * noise.METRIC, else the default. */
void choose_noise_floors(struct analysis *);
/* Every run with a base compared with it, metric by metric. */
void compare_all(struct analysis *);
/* change.c. How far apart two medians are as a fold: the larger over
 * the smaller, less one (a fall to half weighs as a rise to double). */
double fold_change(double x, double y);
/* Any measure, to workload_slot. */
#define FM_ANY (-1)
/* The slot of run r's summary of measure fm (or FM_ANY) of fio workload
 * w, or -1: the one lookup of a run's figures by workload. */
long workload_slot(const struct analysis *, const struct run *r,
    const char *w, int fm);
/* Run i's slot of measure fm of the workload of its fio metric m, or
 * -1. */
long sibling_slot(const struct analysis *, size_t i, const struct metric *m,
    enum fio_measure fm);
/* The mean size in KiB of the blocks of run i's workload of fio metric
 * m, its bandwidth (KiB/s) over its IOPS; 0 where it lacks either or
 * its IOPS are too few to divide by. */
double job_block_kib(const struct analysis *, size_t i,
    const struct metric *m);
/* Whether runs i and j ran the job of fio metric m, a job known by its
 * name only (RW_JOB), with blocks of another mean size (its bandwidth
 * over its IOPS, which fio counts of the same blocks): another workload
 * under the one name, whose step is no measure of the noise. */
bool job_blocks_moved(const struct analysis *, size_t i, size_t j,
    const struct metric *m);
/* A fence of fold changes as a relative change in rel's direction: a
 * fold of 1 is a rise of 100% or a fall of 50%. */
double fence_toward(double fence, double rel);
/* The relative range of a run's samples of a metric: its own noise. */
double spread(struct metric_summary);
/* change.c. The reason run r's meta gives for acknowledging a finding
 * of metric id: ack.KEY for the figure, else for its direction
 * ("...-mix70.read"), else for its whole workload; or NULL. */
const char *metric_ack(const struct analysis *, const struct run *r, int id);

/* ---- scaling.c ---- */

/* Whether runs x and y have the same metrics, in the same order. */
bool same_metrics(const struct run *x, const struct run *y);

/* The row of the model for a layout and bonnie++ metric, or -1: the
 * mapping scaling_factors reads for bonnie++'s figures. */
int scaling_rule(enum raid_level, enum metric_id);
/* The disks k concurrent random requests keep busy on d disks. */
double busy_disks(double d, double k);
/* The low or high end, in disks' worth, of row rule of the model for n
 * disks and k seekers; 0 where the layout gives nothing. */
double scale_bound(int rule, int n, int k, bool low);

/* The factors model mo gives of metric m: computed once for each
 * model and metric, in scale_run; readers take analysis.factors. */
struct model_factors scaling_factors(const struct scaling_model *mo,
    const struct metric *m);

/* Whether run r is of one disk: it says so, or says no RAID. */
bool single_disk(const struct run *r);
/* The index of single-disk runs references are chosen from. */
void index_references(struct analysis *);
void free_references(struct reference_index *);
/* Run i's scaling (a RAID run with a reference) and its targets, each
 * appended to its array in a (of capacity *cap); then which metrics it
 * was judged on. */
void scale_run(struct analysis *, size_t i, size_t *cap);
void target_run(struct analysis *, size_t i, size_t *cap);
void judge_run(struct analysis *, size_t i);
/* caveats.c: each run's fell_far, once its changes are judged */
void mark_fallen_far(struct analysis *);

/* ---- verdict.c ---- */

/* share as a percent (32 bytes) beside the bound it was judged by, with
 * a decimal where the whole percent would read as the bound itself:
 * 49.5% of a 50% bound is not "50%". */
void percent_beside(double share, double bound, char *buf);

/* ---- labels.c ---- */

enum label_change {
	LABELS_SAME,		/* none, one side's only (unless it names a
				   part), or the same but for a run's number
				   ("first run") */
	LABELS_SETTING,		/* a setting, or nothing known of it */
	LABELS_PART,		/* a part of the machine ("80pin cable") */
	LABELS_MEASURED,	/* the benchmark run otherwise ("6
				   instances"): another configuration */
	LABELS_WHEN		/* only which came first ("old" against
				   "new"): what changed is not said */
};
/* What labels x and y (either may be NULL) say changed; for
 * LABELS_PART and LABELS_MEASURED, the word that says it into
 * part[size]. */
enum label_change label_change(const char *x, const char *y, char *part,
    size_t size);
/* Whether labels x and y (either may be NULL) say the benchmark ran
 * otherwise on one of them: a word such as "parallel" or "instances"
 * that one has and the other lacks. */
bool labels_measure_otherwise(const char *x, const char *y);
/* Whether a label has such a word at all. */
bool label_measures(const char *label);
/* Whether runs x and y have one set-up: no key of the meta tells them
 * apart, and their labels differ at most by a run's number or each
 * names a set-up key the run gives (a note of what was done to it). */
bool same_setup(const struct run *x, const struct run *y);
/* Whether two runs' os values (either may be NULL: unknown) name
 * different systems: a bare "Linux" is any Linux, so against "Ubuntu
 * 24.04" it says nothing differs, nor does "Red Hat" against "Red Hat
 * 9.0" (the first words of the other say less of the same system). */
bool os_differ(const char *x, const char *y);
/* "label: x -> y" of two runs' metas, "none" for a side with no label. */
char *label_change_text(const struct run_meta *was,
    const struct run_meta *now);
/* What a key of the user's own says it is when it is no setting of
 * what the benchmark measured: by its name, "a part" of the machine or
 * its stack ("slog", "log-vdev", "vmm"), or "how or where the benchmark
 * ran" ("cpu-binding", "test-environment"); by its values was and now
 * (NULL: unknown), "a layer of the stack" one names and the other does
 * not ("storage-protocol: iscsi -> nfs"), or that a key named for a
 * layer alone has on one side only ("drbd: none -> 8.0.11"); the word
 * that says it into
 * word[size]. NULL for a setting. */
const char *key_names_config(const char *key, const char *was,
    const char *now, char *word, size_t size);

/* ---- caveats.c ---- */

/* The verdict of measure fm of the workload of run i's fio metric m
 * (VERDICT_NONE when the run has no such figure). */
enum verdict sibling_verdict(const struct analysis *, size_t i,
    const struct metric *m, enum fio_measure fm);
/* Whether run i's fio metric m is a median latency (p50) whose change
 * `way' (a rise: VERDICT_REGRESSION; a fall: VERDICT_IMPROVEMENT) its
 * workload's mean latency and its IOPS or bandwidth did not share: the
 * requests' spread changed shape (a throttle's, a cache's; the other
 * tail may have grown), none came back later or sooner on average, and
 * no engineer calls the device slower or faster for it. */
bool median_moved_alone(const struct analysis *, size_t i,
    const struct metric *m, enum verdict way);
/* Whether memory served fio latency m of run i or of its base: the
 * mean its workload's latencies go by (its syncs' for a sync measure,
 * else its mean completion latency) is under DEVICE_FLOOR_US on either
 * side, as no device answers that fast; that mean's metric, or -1. A
 * change of m tells nothing of the storage, either way. */
int memory_served(const struct analysis *, size_t i, const struct metric *m);


/* What differs in the set-up from run b to run r, key by key. A key
 * given on one side only is unknown there, not a difference; bonnie++
 * options differ only in what changes the measurement. */
struct setup_diff {
	const struct run *r, *b;
	char *text;		/* "controller: A -> B; ...", or NULL; the
				   caller frees or pools it */
	uint32_t changed;	/* bit k: set-up key k differs */
	int nother;		/* differing keys but the layout's (the os
				   changed with its kernel counts once, as
				   every count here) */
	int nlayout;		/* disks, raid, chunk */
	int ntunable;		/* kernel, driver, scheduler, ...: what a
				   regression of a series is about */
	/* Keys of the user's own (not meta_key_known) given on both sides
	 * and differing: settings the meta has no name for, such as
	 * "max-request-size"; the first of them, and how many. */
	const char *extra;
	int nextra;
	/* beside a named key's change, a key of the user's own with a
	 * value in words on one side at least ("prefetch: off -> on",
	 * "io-throttle: none -> blkio 1500 read IOPS"): a setting, where a
	 * build's number or a date has figures on both */
	bool setting_beside;
	/* beside a named key's change, labels in words that name none of
	 * its values ("prefetch" against "no prefetch" beside "driver:
	 * zfs 0.6 -> zfs 0.7"): a setting besides, told with the keys */
	bool label_beside;
	/* What the two runs' labels say changed (labels.c), worked out
	 * once; the word that says it, for a part or another way of
	 * running. */
	enum label_change labels;
	char label_word[32];
	/* The runs of r's own set-up before b (setup_cleared's), worked
	 * out once for every figure of r, where the caller keeps them (a
	 * run's findings); NULL: worked out at each call. */
	struct own_setup *own;
};

/* How far back in a series to look for a run of a run's own set-up. */
#define SAME_SETUP_LOOKBACK 30

struct own_setup {
	bool known;		/* run[] worked out */
	size_t n;
	uint32_t run[SAME_SETUP_LOOKBACK];
	/* caveats.c's run_back_to_level, worked out once for the run */
	bool back_known, back_all;
};

/* Whether all that run i changed from o, its base and the run before it
 * in its series, is a night's build number (numbers_only): no cause. */
static inline bool
numbers_only_from(const struct analysis *a, size_t i, long o)
{
	return a->runs[i].numbers_only && a->runs[i].base_in_series &&
	    a->runs[i].base == o;
}

/* Whether nothing the meta names tells the two runs apart: no set-up
 * key, no key of the user's own, no label. */
static inline bool
nothing_named(const struct setup_diff *d)
{
	return d->changed == 0 && d->nextra == 0 && d->labels == LABELS_SAME;
}
void diff_setup(const struct run *r, const struct run *b,
    struct setup_diff *);
/* Whether the set-up run i changed to from its base o, the run before
 * it in its series (named), was measured before at o's level of metric
 * while i fell past it: the earlier runs of the series with i's own
 * set-up (of the last SAME_SETUP_LOOKBACK, and of the four weeks before
 * i) measured it, at their median, within the limit of o's figure or
 * better (barriers put back on, as they were two nights before at the
 * same 66 us; tonight 137 us). That set-up gave o's figure then, so the
 * change is no cause of the fall, which is judged as one with nothing
 * named. A tail goes by its job's mean. */
bool setup_cleared(const struct analysis *, size_t i, size_t o,
    const struct setup_diff *named, int metric);
/* diff_setup's text and its counts (nother, nlayout). */
char *setup_differences(const struct run *r, const struct run *b,
    int *count, int *layout);
/* The one changed tunable that can move metric m ("kernel: a -> b"),
 * or NULL when none or several can; caller frees. */
char *change_cause(const struct setup_diff *, const struct metric *m);
/* Whether something changed and none of it can move metric m: keys
 * only, each of them a setting that cannot (a read-ahead for a direct
 * write), no label or key of the user's own beside them. */
bool change_moves_nothing(const struct setup_diff *, const struct metric *m);
/* Fills series_change of every run from the run before it in series
 * order. */
void note_series_changes(struct analysis *);
/* Whether the change from run b to run i is no measure of the noise, as
 * change_marked says of the run just before: a known key changed, one
 * side only has a label, fio's device or version moved, a disk was
 * swapped, or an array was busy. For a base that other hosts' nights of
 * a fleet's series stand between. */
bool change_marked_from(const struct analysis *, size_t i, size_t b);
/* Whether runs i and o were measured alike on metric: the same
 * bonnie++ options, a file the cache cannot hold, no sign of cache
 * hits, comparable per-char tests. A scaling finding fails the gate
 * only then: its layout is under study, its other settings are
 * context. */
bool measurement_comparable(const struct analysis *, size_t i, size_t o,
    int metric);
/* Whether run o's figure of metric is no measure of its disks: its
 * file fits its host's page cache, or the figure shows a cache hit
 * (the processor set its pace, too fast to time, beyond its hardware).
 * A rough reference's such figure gives no warning of a shortfall. */
bool figure_not_disks(const struct analysis *, size_t o, int metric);
/* Why runs i and o do not compare like for like on metric (-1: the
 * run as a whole) with ndiff set-up keys differing, or NULL: bonnie++
 * options, a file the cache holds, signs of cache hits, per-char tests
 * of other generations or bound by the CPU; with same_config (runs of
 * one series, not a scaling reference), fio run on another device.
 * Caller frees. */
char *comparison_caveat(const struct analysis *, size_t i, size_t o,
    int ndiff, int metric, bool same_config);
/* The same for run i's change against its base o: besides, another
 * configuration (hardware, disks, layout, file system, fio's device),
 * or more than one changed tunable that can move metric; *told says
 * whether it was another configuration, or runs that are no before and
 * after. Caller frees. */
char *change_caveat(const struct analysis *, size_t i, size_t o,
    const struct setup_diff *, int metric, enum change_told *told);
/* Whether two fio command lines (meta fio-options) ask the same of
 * fio, but for how it prints and where its file is. */
bool same_fio_options(const char *x, const char *y);
/* Whether each word of the raid value t is one of u's (meta_raid_words:
 * "RAID 0" is "raid0"); *more is set when u has another. "raid0" says
 * less than "raid0 md": what it leaves out is unknown, as a key given
 * on one side only is, not a difference; nor is a passing state
 * ("raid0 md, degraded"), which each side's busy state tells. */
bool raid_within(const char *t, const char *u, bool *more);
/* Whether bonnie++ ran with -D (its bonnie-options say): it wrote its
 * file round the page cache (direct_io_metric says which figures). */
bool direct_io(const struct run *);
/* Whether m is a figure bonnie++'s -D keeps from the page cache: the
 * block write, and rewrite after it (direct_io). */
bool direct_io_metric(const struct metric *m);
/* A run's memory (meta ram, else memory), or NULL. */
const char *host_memory(const struct run *r);
/* The most run r's hardware can move, as a throughput's text: meta
 * max-rate, else the rate of a slow link its bus names (USB 2,
 * FireWire); by says which ("max-rate", "bus: USB 2", cut to fit).
 * NULL when nothing does. */
#define CEILING_BY 48
const char *hardware_ceiling(const struct run *r, char by[CEILING_BY]);
/* The meta value that says a run's array was degraded, resyncing or
 * rebuilding ("raid5 md degraded"), or NULL. */
const char *array_busy(const struct run *r);
/* The file a run's tests read and write: bonnie++'s (-s, in its own
 * units) or its fio jobs' (size=, a bare number in bytes; buffered I/O
 * only reads it through the cache). */
enum test_file { BONNIE_FILE, FIO_FILE };
/* Whether that file is under twice the run's memory (fio's, as many
 * times as its jobs laid it out: fio_files): the page cache can hold
 * much of it. */
bool fits_cache(const struct run *r, enum test_file);
/* Whether r's file system is ZFS of a release before 2.3 (or of none
 * said: meta driver "zfs 2.2.7"), whose ARC serves fio's direct=1 as
 * it does buffered reads. */
bool zfs_arc_serves_direct(const struct run *r);
/* What fits_cache weighed of r's fio jobs, for people: "file of 16g",
 * "files of 8 x 2g" (fio_files; the size as the jobs wrote it, cut to
 * fit). */
#define FIO_FILES_TEXT 72
const char *fio_files_text(const struct run *r, char buf[FIO_FILES_TEXT]);

/* ---- findings.c ---- */

/* A new finding, its text (taken) pooled. */
struct finding *add_finding(struct analysis *, enum finding_kind, long run,
    int metric, char *text);
/* Marks finding f of run i gated: it fails the gate unless meta
 * ack.METRIC of the run acknowledges it. */
void acknowledge(struct analysis *, struct finding *f, size_t i);
/* Every finding of run i but the patterns. */
void run_findings(struct analysis *, size_t i);
/* A warning of each stall: a block test's single operation of a second
 * or more, or any twenty times the median of its series. */
void stall_warnings(struct analysis *);
/* The findings in their order: what fails first (see analysis.f), and
 * each run's indexed (analysis.by_run). */
void sort_findings(struct analysis *);

/* ---- steps.c ---- */

/* The steps and drifts across each series of 10 runs or more, over its
 * latest 200 of one layout, that the run-to-run comparison did not
 * find. */
void series_findings(struct analysis *);

/* ---- patterns.c ---- */

/* The patterns, read off every run's findings. */
void find_patterns(struct analysis *);

/* ---- verdict.c ---- */

/* The gate's verdict (a->gate): each run's outcome, the headline, the
 * findings grouped by cause; after sort_findings. free_gate frees it. */
void summarise_gate(struct analysis *);
void free_gate(struct analysis *);

#endif
