/* The model every later stage reads: a set of runs, each a directory of
 * bonnie++ and fio results (its samples) with metadata, notes and
 * attachments.
 * Built by load.c from what read/ finds; renderers take it const. */
#ifndef BENCHSITE_MODEL_H
#define BENCHSITE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/input_limits.h"
#include "base/diag.h"
#include "model/metrics.h"
#include "read/meta.h"
#include "read/reader.h"
#include "read/result.h"

struct metric_summary;	/* stats.h */
struct summary_slot;	/* stats.h */

/* The figures (VS_OK values) of a run's samples, metric by metric in the
 * order of its summaries: those of its k-th metric are v[at[k] ..
 * at[k + 1]). */
struct run_figures {
	const uint32_t *at;	/* nsum + 1 of them, after v */
	double v[];
};

/* The bonnie++ parameters of a run's first sample, which the analysis
 * compares between runs (pooled strings, NULL when not given). */
struct bonnie_params {
	char *version;		/* of bonnie++ */
	char *csv_format;	/* CSV format version, "1.0x" for 27 fields */
	char *size;		/* file size, "8G" */
	char *files;		/* file test, "16" */
	char *chunk;		/* io chunk, "64k"; NULL when default */
	int concurrency;	/* -c, or -1 when not recorded */
	int seekers;		/* seek processes, or -1 when not
				   recorded (1.98+ CSV records them) */
};

struct run {
	char *id;		/* path below RUNS: "3ware/ncq-off" (in the
				   set's arena) */
	char *raw_id;		/* the directory's bytes below RUNS when id
				   had to be made UTF-8, else NULL */
	struct run_meta meta;
	char *notes;		/* file name of notes.md inside dir, or NULL */
	char **outputs;		/* names of files holding its results */
	size_t noutputs;
	char **attachments;	/* names of the other files */
	size_t nattachments;
	struct results samples;	/* one per iteration; empty once shed */
	size_t nsamples;	/* bonnie++ results read, shed or not */
	size_t fio_samples;	/* fio samples read: each fio run's groups
				   of jobs (see model/fio_figures.h) */
	/* The summaries of the metrics the run has, by ascending metric
	 * index (in the set's arena; use run_summary): sum[k] is of metric
	 * sum_ids[k], or of metric k when sum_ids is NULL (a run of
	 * bonnie++ alone has its twelve). Those no slot holds exactly are
	 * in wide[] (stats.h). */
	struct summary_slot *sum;
	struct metric_summary *wide;
	uint16_t *sum_ids;
	uint32_t nsum;
	struct run_figures *figures;	/* for the rank test, or NULL
					   with fewer samples than it needs
					   or once dropped (in the set's
					   arena) */
	char *machine;		/* the machine name of the first sample
				   (pooled; "" when bonnie++ printed none) */
	char *fio_size;		/* the size of the file of its fio jobs
				   when they all give the same (pooled),
				   else NULL */
	char *fio_runtime;	/* the run time its fio jobs ask for
				   (runtime=) when they all give the same
				   (pooled), else NULL */
	char *fio_target;	/* the devices its fio jobs ran on
				   ("/dev/nvme0n1 /dev/nvme0n2", pooled),
				   FIO_ON_FILES when each named a file,
				   else NULL */
	char *fio_disks;	/* the devices fio's disk stats list, of
				   every result, sorted ("md0 sdb sdc",
				   pooled); FIO_NO_DISK when each said it
				   met none; NULL when one does not say */
	char *fio_version;	/* the version fio printed ("fio-3.33"),
				   when its outputs all print one (pooled),
				   else NULL */
	bool fio_disk_idle;	/* fio's disk stats show its disk idle
				   (util 0%) while a job moved data */
	bool fio_buffered;	/* a fio job's figures passed the page
				   cache, as its options say (neither
				   direct nor writes made durable) */
	bool fio_disk_busy;	/* fio's disk stats show its disk busy
				   (util half or more) while it ran */
	uint32_t fio_files;	/* the files of fio_size its jobs each
				   laid out: numjobs, one a process,
				   unless filename= names one they
				   share (then 1); 0 when its jobs
				   differ or give no size */
	struct bonnie_params params;
	/* XXH3-128 of the name and bytes of each file read while loading
	 * (meta, outputs, attachments), combined by XOR: the input its
	 * samples and meta were made from, for incremental builds. The
	 * same over its outputs alone checks a reading of its samples. */
	uint64_t input_hash[2];
	uint64_t output_hash[2];
};

struct skimmed;	/* model/runcache.h */

struct runset {
	char *root;		/* RUNS as given */
	char *title;		/* first heading of index.md, or NULL */
	bool has_index;		/* RUNS/index.md exists */
	struct run_meta meta;	/* RUNS/meta: what holds for every run
				   (the noise floors); empty without one */
	struct run *runs;	/* sorted by id */
	size_t n, cap;
	struct strpool *pool;	/* the runs' repeated strings: meta entries,
				   result fields, file names */
	struct metric_table metrics;	/* every metric a run has */
	struct xarena *figures;	/* the runs' figures (see run_figures) */
	struct xarena *sums;	/* the runs' summaries, side by side: they
				   are most of what a run keeps */
	struct xarena *ids;	/* the runs' ids, side by side */
	/* For a build that may find nothing changed (site/): the stamps
	 * of the runs' notes, which only their pages read, hashed (XOR of
	 * one hash a run); and whether each of those stamps shows any
	 * change since the last load (runcache_trusted). Set by a load
	 * with a cache only: without one, stamps_settled is false. */
	uint64_t notes_stamps[2];
	bool stamps_settled;
	/* A load with a cache: what its runs are, without decoding them
	 * (runcache_digest), when has_digest. A lazy load that found no
	 * run changed keeps those it took from its cache undecoded in
	 * lazy: until runset_materialise, runs and n hold only the runs
	 * read from their files that the cache does not keep. */
	uint64_t digest[2];
	bool has_digest;
	struct skimmed *lazy;
};

/* The fewest samples a side of a rank test has: the analysis tests
 * no fewer, and the loader keeps the figures of no fewer. */
#define RANK_MIN_SAMPLES 3
/* run.fio_target of jobs that each named a file, not a device. */
#define FIO_ON_FILES "files"
/* run.fio_disks of jobs whose disk stats show no block device: their
 * files were on a file system fio maps to none (tmpfs, NFS, or one over
 * several devices: btrfs, ZFS). */
#define FIO_NO_DISK "none"

/* Loads the runs below root within lim (NULL: the default limits).
 * The samples of a run of at most shed samples are summarised as it is
 * read and dropped, keeping the figures the rank test needs, so that
 * they are never all held at once (0: every run keeps them; a run's
 * page reads them again). Returns 0, or -1 when root itself cannot be
 * read (reported to d). Problems inside are reported and skipped. */
int runset_load(struct runset *, const char *root, const struct limits *lim,
    size_t shed, struct diags *);
/* The same, with the cache of an earlier load at path cache (see
 * runcache.h; NULL: none): the runs whose files have not changed are
 * taken from it, with the messages their files gave, and the cache is
 * written again for the next load, if keep (when not NULL) says so at
 * the end. The model and the messages are those a load without it
 * gives. A lazy load (for a build) may leave the runs undecoded when
 * none changed (runset.lazy). */
#define CACHE_SUFFIX ".cache"	/* build keeps it as .SITE.cache */
int runset_load_cached(struct runset *, const char *root,
    const struct limits *lim, size_t shed, const char *cache,
    bool (*keep)(void *), void *keep_arg, bool lazy, struct diags *);
/* Decodes the runs a lazy load left undecoded (see runset): a build
 * that finds nothing changed needs none of them. Returns 0, or -1 when
 * they cannot be read again (reported). */
int runset_materialise(struct runset *, struct diags *);
/* Where check keeps the cache of its loads of root: the file
 * benchsite/runs-HASH.cache of $XDG_CACHE_HOME (else of $HOME/.cache),
 * HASH a hash of root's real path, so that each tree has its own and
 * nothing is written into RUNS. The directory is made (mode 0700) if
 * missing. NULL (no cache) when there is no such place, it cannot be
 * made, or it lies inside root. Caller frees. */
char *runset_user_cache(const char *root);
void runset_free(struct runset *);
/* Drops every run's figures, which only the analysis reads, giving
 * their memory back: a build renders without them. */
void runset_drop_figures(struct runset *);
/* The index of the run with this id, or -1. */
long runset_find(const struct runset *, const char *id);

/* The metric of a run's k-th summary. */
static inline int
run_metric_at(const struct run *r, size_t k)
{
	return r->sum_ids ? r->sum_ids[k] : (int)k;
}

/* Whether the run has a fio figure: its last summary's, as fio's
 * metrics come after bonnie++'s. */
static inline bool
run_has_fio(const struct run *r)
{
	return r->nsum > 0 && run_metric_at(r, r->nsum - 1) >= M_COUNT;
}

/* The place of metric m among the run's summaries, or -1. */
long run_metric_slot(const struct run *r, int m);

/* The run's host: its meta's, else the machine name bonnie++ printed
 * (maybe ""). */
const char *run_host(const struct run *r);

/* The directory of run r of set: RUNS joined with the run's id, as the
 * user gave RUNS. Made when asked rather than kept with every run.
 * Caller frees. */
char *run_dir(const struct runset *set, const struct run *r);

/* Reads r's samples again from its outputs into out (zeroed; free with
 * results_free), quietly: the load reported their problems. Returns 0,
 * or -1 when the outputs are no longer the bytes loaded (out then holds
 * what could be read). */
int run_read_samples(const struct runset *set, const struct run *r,
    const struct limits *, struct results *out);

#endif
