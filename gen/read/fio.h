/* The fio reader: bytes in, fio results and diagnostics out. It finds
 * every fio result in a file, in each form fio prints (JSON and JSON+,
 * terse lines of versions 2 to 5, the normal text summary of fio 1.x to
 * 3.x) and repairs what pasting does to them. A fio result is one run of
 * fio: its version, its global options and, per job and direction, the
 * workload and the figures, in fixed units (bytes, KiB/s, per second,
 * milliseconds of runtime, microseconds of latency) so that later stages
 * can key metrics by workload without knowing where a figure came from.
 * A figure the output does not give is NaN, never 0. */
#ifndef BENCHSITE_FIO_H
#define BENCHSITE_FIO_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/input_limits.h"

enum fio_form { FIO_JSON, FIO_TERSE, FIO_TEXT };

enum fio_dir { FIO_READ, FIO_WRITE, FIO_TRIM, FIO_DIRS };

/* The clat percentiles kept, as fio names them (its default list has
 * them all but for 99.99 in some versions). */
enum fio_pct { P50, P90, P95, P99, P99_9, P99_99, FIO_PCTS };

extern const char *const fio_form_names[];
extern const char *const fio_dir_names[FIO_DIRS];
extern const char *const fio_pct_names[FIO_PCTS];	/* "p50" ... */
extern const double fio_pct_values[FIO_PCTS];		/* 50.0 ... */

/* min, max, mean and standard deviation of a latency in microseconds. */
struct fio_latency {
	double min, max, mean, stdev;
};

/* One direction of a job. */
struct fio_side {
	bool present;		/* the output has this direction with I/O */
	double io_bytes;
	double bw_kib;		/* KiB/s */
	double iops;
	double runtime_ms;
	struct fio_latency slat, clat, lat;
	double clat_pct[FIO_PCTS];	/* microseconds */
	/* The latency of the fsync, fdatasync or sync_file_range calls the
	 * job made (fio 3.4 on prints it for the job): kept in its write
	 * side, which they made durable, NaN in the others. */
	struct fio_latency sync;
	double sync_pct[FIO_PCTS];	/* microseconds */
};

/* What a job was asked to do, as fio's options say it (the job's own
 * option, else the global one; NULL when neither gives it). */
enum fio_param {
	FP_RW, FP_BS, FP_IODEPTH, FP_NUMJOBS, FP_IOENGINE, FP_DIRECT,
	FP_SYNC, FP_FSYNC, FP_FDATASYNC, FP_RWMIXREAD, FP_RWMIXWRITE,
	FP_BUFFERED, FP_BSSPLIT, FP_RANDOM_DISTRIBUTION, FP_RATE,
	FP_RATE_IOPS, FP_THINKTIME, FP_SIZE, FP_RUNTIME, FP_PERCENTAGE_RANDOM,
	FP_FILENAME,	/* what it read or wrote: a file, or a device (/dev/) */
	FIO_PARAMS
};
extern const char *const fio_param_names[FIO_PARAMS];

struct fio_job {
	char *name;		/* "" when fio printed none */
	long line;		/* where its figures start */
	int group;		/* -1 when not printed */
	int jobs;		/* processes reported together; -1 unknown */
	char *param[FIO_PARAMS];
	struct fio_side side[FIO_DIRS];
	double disk_util;	/* percent, of the first disk listed */
	int error;		/* fio's "err=" / "error": 0 when the job ran
				   to its end */
};

struct fio_option {
	char *key, *value;
};

struct fio_result {
	char *file;
	long line;		/* where the run's output starts */
	long line_end;		/* and ends: a JSON document's last line,
				   the text's last line the reader took;
				   0 for terse */
	enum fio_form form;
	char *version;		/* "fio-3.33"; NULL when not printed */
	int terse_version;	/* 0 unless terse */
	struct fio_option *global;
	size_t nglobal, global_cap;
	struct fio_job *jobs;
	size_t njobs, jobs_cap;
	char *disks;		/* the devices fio's disk stats list, in
				   its order, space-separated ("md0 sdb
				   sdc"); "" for a JSON document with
				   none (fio prints them for a file
				   system on a block device: its files
				   were in memory, on a network, or on
				   btrfs or ZFS); NULL when not known (a
				   text, a terse line) */
	char *tag;		/* the name grep or a post put before its
				   lines ("default-brd.1.fio", "(passthru)"),
				   or NULL */
	size_t again_of;	/* 1 + the index of the result in its
				   fio_results that is this run printed
				   before it (fio's json,normal prints a run
				   twice; a paste may hold a document twice),
				   counted once; 0 */
};

struct fio_results {
	struct fio_result *v;
	size_t n, cap;
};

/* Adds device name[0..len) to r->disks, once (each reader calls it
 * for each device its disk stats list). */
void fio_add_disk(struct fio_result *r, const char *name, size_t len);

/* Whether buf looks like fio output at all (cheap; used to spare the
 * bonnie++ reader files it has nothing to find in, and the reverse). */
bool fio_detect(const char *buf, size_t len);

/* Whether line s is fio run with options ("fio --rw=write --name=x",
 * "root@ib1:~# fio -rw=write ...", "/usr/local/bin/fio --bs=4k ..."):
 * the options from its first " -" on. NULL when it is none. */
const char *fio_command_options(const char *s);

/* Appends every fio result found in buf (the contents of file) to out.
 * Lines longer than lim->line are skipped (the caller reports them);
 * lim NULL means the default limits. Returns whether buf holds nothing
 * but fio's JSON documents, each read into a result, and white space
 * between them: then no other reader can find anything in it. */
bool fio_read(const char *file, const char *buf, size_t len,
    const struct limits *lim, struct fio_results *out, struct diags *);

void fio_results_free(struct fio_results *);

/* Whether s's requests waited in their submission (slat) a millisecond
 * or more, and at least half as long as for their completion after it
 * (clat): a job that batches its submissions (iodepth_batch_submit), a
 * buffered job of an asynchronous engine (its io_submit copies and may
 * wait on writeback), or one whose io_submit blocks on a full queue.
 * clat then times only what is left after the submission, and moves
 * with how the driver splits the two (1.9 s of submission and 0.51 s of
 * completion through one driver, 1.5 and 0.82 s through another, the
 * whole 2.4 s alike): it is not the requests' latency. The side's mean
 * latency is then fio's whole (lat), its percentiles are withheld
 * (fio_measure_value). An asynchronous job's submission otherwise takes
 * microseconds. */
bool fio_clat_after_submission(const struct fio_side *s);
/* Marks the results of a run's files that print a run of another of its
 * files again (--output-format=json,normal,terse split into fio.json,
 * fio.txt and fio.terse; a copy of fio.json): one run, counted once. A
 * file's own repeats are marked as it is read. */
void fio_count_once(struct fio_results *, struct diags *);

/* Whether fio's filename f names a block device: below /dev, but for
 * the files of /dev/shm and /dev/hugepages. */
bool fio_is_device(const char *f);

/* The block devices the jobs of rs ran on, each once in the jobs' order
 * ("/dev/nvme0n1 /dev/nvme0n2"; malloc'd), when every job's filename
 * names one; else NULL, with *on_files set when every job named a file
 * instead. */
char *fio_devices(const struct fio_results *rs, bool *on_files);

/* Fills in, from the text of a fio job file (fio_jobfile.c), the
 * options fio's output left out of the jobs in rs that the file names
 * (direct, sync, a throttle: its normal output prints none of them);
 * what a result says stands. Returns whether buf is a job file. */
bool fio_job_file_apply(struct fio_results *rs, const char *buf,
    size_t len);
/* Whether a line of text is a job file's section ("[global]",
 * "[randread-4k]"), or an option of one ("bs=512", "direct = 1",
 * "time_based"): how a job file pasted among other text is told. */
bool fio_job_file_section(const char *s);
bool fio_job_file_option(const char *s);
/* Whether a line is a job file's comment ("#bs=4096", "; old depth"):
 * part of a pasted file, though neither of the above. */
bool fio_job_file_comment(const char *s);
/* Whether buf may be a job file at all (a line begins with '['), cheap:
 * what the run loader asks of each file no reader took. */
bool fio_job_file_may_be(const char *buf, size_t len);

/* fio's JSON documents read as a file comes, piece by piece, holding
 * only the document being read (and what its results keep): how parse
 * reads a file of them. A file of nothing but JSON documents, each read
 * into a result, with white space between them, is read as fio_read
 * reads it whole; at any other byte the stream stops, and the caller
 * reads the file whole. */
struct fio_stream;
struct fio_stream *fio_stream_new(const char *file);
/* Where the next bytes of the file go: *room bytes, 64 KiB or more. */
char *fio_stream_room(struct fio_stream *, size_t *room);
/* Reads the documents completed by the n bytes just put in the room;
 * n 0 says the file ended. Returns false once the stream stopped. */
bool fio_stream_take(struct fio_stream *, size_t n);
/* After the file ended: when it was read (fio_detect would find it, and
 * fio_read would read it and return true), appends its results to out
 * and its messages to d, as fio_read would, and returns true; else
 * returns false and appends nothing. */
bool fio_stream_end(struct fio_stream *, struct fio_results *out,
    struct diags *);
void fio_stream_free(struct fio_stream *);

#endif
