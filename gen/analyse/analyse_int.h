/* What the files of the analysis share, in the order analyse() runs
 * them; each file uses only those above it (tests/layers.sh):
 *   series.c -> change.c -> scaling.c -> caveats.c -> findings.c ->
 *   patterns.c -> analyse.c (the driver).
 * Private to gen/analyse/. */
#ifndef BENCHSITE_ANALYSE_INT_H
#define BENCHSITE_ANALYSE_INT_H

#include "analyse/analyse.h"

/* ---- series.c ---- */

/* Every run's series name; then every run in series order (series,
 * date, id), and each one's place in it (a->order, a->pos). */
void name_series(struct analysis *);
void order_series(struct analysis *);
/* Whether runs x and y are of one series. */
bool same_series(const struct analysis *, size_t x, size_t y);
/* Run i's base: the forced baseline (>= 0), else the one its meta
 * names, else the run before it in its series with the same layout. */
void choose_base(struct analysis *, size_t i, long forced);
/* Says a meta baseline of run i that names no run, or the run itself. */
void check_named_baseline(const struct runset *, size_t i, struct diags *);

/* ---- change.c ---- */

/* Every run with a base compared with it, metric by metric. */
void compare_all(struct analysis *);

/* ---- scaling.c ---- */

/* The metrics the scaling model speaks about, by their slot. */
extern const enum metric_id scaled_metrics[NSCALED];

/* The row of the model for a layout and metric, or -1. */
int scaling_rule(enum raid_level, enum metric_id);
/* The disks k concurrent random requests keep busy on d disks. */
double busy_disks(double d, int k);
/* The low or high end, in disks' worth, of row rule of the model for n
 * disks and k seekers; 0 where the layout gives nothing. */
double scale_bound(int rule, int n, int k, bool low);

/* The index of single-disk runs references are chosen from. */
void index_references(struct analysis *);
void free_references(struct reference_index *);
/* Run i's scaling (a RAID run with a reference) and its targets, each
 * appended to its array in a (of capacity *cap); then which metrics it
 * was judged on. */
void scale_run(struct analysis *, size_t i, size_t *cap);
void target_run(struct analysis *, size_t i, size_t *cap);
void judge_run(struct analysis *, size_t i);

/* ---- caveats.c ---- */

/* "controller: A -> B; ...", or NULL; counts the differing keys, the
 * layout keys (disks, raid, chunk) apart. Caller frees. */
char *setup_differences(const struct run *r, const struct run *b,
    int *count, int *layout);
/* Fills series_change of every run from the run before it in series
 * order. */
void note_series_changes(struct analysis *);
/* Why runs i and o do not compare like for like on metric (-1: the
 * run as a whole) with ndiff set-up keys differing, or NULL; caller
 * frees. */
char *comparison_caveat(const struct analysis *, size_t i, size_t o,
    int ndiff, int metric);

/* ---- findings.c ---- */

/* A new finding, its text (taken) pooled. */
struct finding *add_finding(struct analysis *, enum finding_kind, long run,
    int metric, char *text);
/* Every finding of run i but the patterns. */
void run_findings(struct analysis *, size_t i);
/* The findings in their order: what fails first (see analysis.f). */
void sort_findings(struct analysis *);

/* ---- patterns.c ---- */

/* The patterns, read off every run's findings. */
void find_patterns(struct analysis *);

#endif
