/* The names of fio's figures: a job's workload (what it asked of the
 * disk: pattern, block size, queue depth, jobs, engine, direct) and a
 * measure (bandwidth, IOPS, a completion latency), written as the metric
 * keys benchsite uses in JSON, meta (expect.KEY, ack.KEY, noise.KEY) and
 * page names:
 *
 *     randread-4k-qd32-j1-libaio-direct.iops
 *     randrw-4k-qd16-j4-io_uring-direct.write.p99
 *     job-random-write.read.bw          (no pattern given: terse lines)
 *
 * Pure; the model builds its metric table from these keys, and the meta
 * reader checks a key after "expect." against them. */
#ifndef BENCHSITE_FIO_KEY_H
#define BENCHSITE_FIO_KEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "read/fio.h"
#include "read/result.h"

/* What a fio metric measures, in the order a workload's figures are
 * listed. */
enum fio_measure {
	FM_BW,		/* KiB/s, higher is better */
	FM_IOPS,	/* per second, higher is better */
	FM_LAT,		/* mean completion latency, microseconds */
	FM_P50,		/* completion latency percentiles, microseconds */
	FM_P99,
	FM_P99_9,
	FM_SYNC,	/* mean latency of the job's fsync or fdatasync
			   calls, microseconds (of its writes' key) */
	FM_SYNC_P99,	/* their 99th percentile */
	FIO_MEASURES
};

extern const char *const fio_measure_keys[FIO_MEASURES];	/* "bw" */
/* The same keys, for messages. */
#define FIO_MEASURE_LIST "bw, iops, lat, p50, p99, p99_9, sync, sync_p99"
extern const char *const fio_measure_labels[FIO_MEASURES];	/* "IOPS" */

/* Whether a measure is a latency (lower is better). */
static inline bool
fio_measure_is_latency(enum fio_measure m)
{
	return m >= FM_LAT;
}

/* Whether a measure is of the job's syncs, not of its requests. */
static inline bool
fio_measure_is_sync(enum fio_measure m)
{
	return m == FM_SYNC || m == FM_SYNC_P99;
}

/* The mean a latency measure's tail or median goes by: its syncs' for
 * a sync measure, else its completion latency's. */
static inline enum fio_measure
fio_mean_measure(enum fio_measure m)
{
	return fio_measure_is_sync(m) ? FM_SYNC : FM_LAT;
}

/* Whether a measure is a tail of a latency's distribution. */
static inline bool
fio_measure_is_tail(enum fio_measure m)
{
	return m == FM_P99 || m == FM_P99_9 || m == FM_SYNC_P99;
}

/* The fio patterns, in the order their workloads are listed. */
enum fio_rw {
	RW_READ, RW_WRITE, RW_RANDREAD, RW_RANDWRITE, RW_READWRITE,
	RW_RANDRW, RW_TRIM, RW_RANDTRIM, RW_TRIMWRITE,
	RW_JOB,		/* no pattern given: named by the job */
	FIO_RWS
};

extern const char *const fio_rw_names[FIO_RWS];

/* How a job made its writes durable one by one: opened O_SYNC or
 * O_DSYNC (sync=1, sync, dsync), or fsync or fdatasync after every N
 * writes (fsync=N, fdatasync=N). Keyed "-osync", "-fsync", "-fdsync",
 * with N after it when it is not 1 ("-fdsync8"). */
enum fio_sync { FSY_NONE, FSY_OSYNC, FSY_FSYNC, FSY_FDATASYNC, FIO_SYNCS };

extern const char *const fio_sync_keys[FIO_SYNCS];	/* "fdsync" */
extern const char *const fio_sync_labels[FIO_SYNCS];	/* "fdatasync" */

/* What a metric key says. Every key fio_key_of can make fits (the
 * longest: a block size of 16 digits, queue depth, jobs and sync
 * interval of 7 digits each, a 16-byte engine, "-direct", "-mix100", a
 * direction and a measure: 102 bytes), and so does a meta key of
 * "expect." and one (META_KEY_MAX). */
#define FIO_KEY_MAX 112
#define FIO_JOB_NAME_MAX 40	/* bytes of a job name kept in a key */
#define FIO_JOB_MAX 64		/* and of its throttle: "-iops-5000" */
#define FIO_ENGINE_MAX 16

struct fio_key {
	enum fio_rw rw;
	enum fio_dir dir;	/* the direction of a mixed pattern or of a
				   job; the pattern's own otherwise */
	enum fio_measure measure;
	uint64_t bs;		/* bytes */
	int iodepth, numjobs;
	bool direct;
	enum fio_sync sync;
	int sync_every;		/* N of fsync=N or fdatasync=N; else 1 */
	int mix;		/* reads in per cent of a read and write mix
				   (fio's 50 unless rwmixread or rwmixwrite
				   say); 0 for other patterns */
	int random;		/* a random pattern's requests at random, in
				   per cent (percentage_random; fio's 100);
				   0 for sequential patterns */
	char engine[FIO_ENGINE_MAX + 1];	/* "" when not given */
	char job[FIO_JOB_MAX + 1];		/* RW_JOB only */
};

/* A block size as keys and labels write it: "4k", "128k", "1m", "512"
 * (the largest binary unit that divides). */
void fio_bs_text(uint64_t bs, char *buf, size_t size);

/* How the workload's writes were synced, for people: " fdatasync",
 * " fsync every 8", " O_SYNC"; "" when they were not. */
void fio_sync_label(const struct fio_key *k, char *buf, size_t size);

/* Whether a and b are one key (the one way of writing it). */
bool fio_key_same(const struct fio_key *a, const struct fio_key *b);

/* The requests k keeps in flight: iodepth x numjobs (a double: each may
 * be up to a million). */
double fio_key_inflight(const struct fio_key *k);

/* Whether k's figures went round the page cache: direct I/O, or writes
 * each made durable (a synced read still comes from the cache). */
bool fio_key_uncached(const struct fio_key *k);

/* The same of a job's figures in direction dir, from its options, for
 * any job, its key named by its name (RW_JOB, which holds neither)
 * too. */
bool fio_job_uncached(const struct fio_job *j, enum fio_dir dir);

/* Whether a pattern does random I/O, and whether it mixes directions
 * (then the key names the direction). */
bool fio_rw_random(enum fio_rw);
bool fio_rw_mixed(enum fio_rw);
/* Whether a pattern mixes reads and writes by rwmixread. */
bool fio_rw_reads_and_writes(enum fio_rw);

/* The one direction fio's rw option text does ("randread": FIO_READ),
 * or -1 for a mixed or unknown pattern. */
int fio_rw_pure_dir(const char *rw);

/* The workload of direction dir of job j with measure m into k; false
 * when the job says nothing usable of it (a pattern fio would not run).
 * Defaults are fio's: iodepth 1, numjobs 1, bs 4k; a job of several
 * processes reported together counts them as numjobs. */
bool fio_key_of(const struct fio_job *j, enum fio_dir dir, enum fio_measure m,
    struct fio_key *k);

/* The key's text into buf (at least FIO_KEY_MAX + 1 bytes); false,
 * with buf cut short, when it does not fit (never for a key fio_key_of
 * made). */
bool fio_key_format(const struct fio_key *k, char *buf);

/* Reads a key's text; false when it is not one fio_key_format writes of
 * a key fio_key_of makes: its job name and engine as slugs (a-z, 0-9
 * and '-' or '_'), so that every key is ASCII, as a JSON key must be
 * UTF-8. */
bool fio_key_parse(const char *text, struct fio_key *k);

/* The measure of this name ("iops", "p99_9"): for noise floors given
 * to every fio metric of a measure. */
bool fio_measure_by_key(const char *name, enum fio_measure *m);

/* Whether key names a metric a set of runs can have: one of bonnie++'s
 * (putc, put_block, ...) or a key fio_key_format writes. */
bool metric_key_valid(const char *key);

/* Whether an acknowledgement's key (ack.KEY in a meta) names a metric,
 * or a fio workload, or one direction of a mixed one, for all its
 * measures ("randread-4k-qd32-j1-libaio-direct"). */
bool ack_key_valid(const char *key);

/* Whether a noise key (--noise KEY=P, noise.KEY in a meta) names a
 * metric or one of fio's measures, for all its workloads. */
bool noise_key_valid(const char *key);

/* The figure of a measure in a direction's side, NaN when fio did not
 * print it (or printed a 0 it did not measure), or when it is withheld:
 * a percentile of a clat timed after a long submission
 * (fio_clat_after_submission), whose mean is then fio's whole latency. */
double fio_measure_value(const struct fio_side *s, enum fio_measure m);
bool fio_measure_withheld(const struct fio_side *s, enum fio_measure m);

/* A block size as fio's options write it ("4k", "4096B", "1M", "64KiB",
 * "512"; a range or a read,write pair gives dir's first figure) in
 * bytes, or 0 when it does not read. */
uint64_t fio_bs_bytes(const char *text, enum fio_dir dir);

#endif
