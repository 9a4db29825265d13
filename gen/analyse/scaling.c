/* The scaling model and targets: the single-disk reference a RAID run
 * is measured against, what its layout should give of each scaled
 * metric, the targets its meta declares, and whether each metric was
 * judged at all. Stored sparse in struct analysis; see analyse_int.h. */
#include "analyse/analyse_int.h"
#include "base/utf8.h"
#include "read/units.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- what each layout should give ---- */

/* Disks' worth, per_disk x n + plus, of an array of n disks. */
struct per_n {
	float per_disk, plus;
};

/* What a row of the model is about: bonnie++'s block write, block read,
 * random seeks and rewrite (fio's sequential writes and reads are the
 * first two), and fio's random reads and writes. */
enum scale_class {
	SC_PUT_BLOCK, SC_GET_BLOCK, SC_SEEKS, SC_REWRITE, SC_RAND_READ,
	SC_RAND_WRITE, SC_JOB, SC_NONE
};

/* One row of the model: what a layout of n disks should give of a
 * metric, in disks' worth of the same metric of one disk measured the
 * same way, from low to high; only the low end is judged. For random
 * I/O, low and high are the disks random reads spread over and writes
 * the disk writes each written block costs (see seek_factor and
 * random_factor). */
struct scale_rule {
	enum raid_level level;
	enum scale_class metric;
	struct per_n low, high, writes;
	bool gates;		/* false: shown, never judged */
	const char *why;
};

#define N(a, b) {a, b}
#define NONE_W N(0, 0)

/* The model, one line each; README.md ("Expected scaling") gives the
 * same table. */
static const struct scale_rule scale_rules[] = {
	{RAID_0, SC_PUT_BLOCK, N(1, 0), N(1, 0), NONE_W, true,
	    "every disk writes its chunk of each stripe"},
	{RAID_0, SC_GET_BLOCK, N(1, 0), N(1, 0), NONE_W, true,
	    "readahead of one stream reads from every disk at once"},
	{RAID_0, SC_SEEKS, N(1, 0), N(1, 0), N(0, 1), true,
	    "the seekers' random reads land on any disk"},
	{RAID_0, SC_REWRITE, N(0, 1), N(1, 0), NONE_W, true,
	    "one process reads each block, then writes it back: a read "
	    "waits on the one disk that holds it, only the write-backs "
	    "spread over the stripe"},
	{RAID_1, SC_PUT_BLOCK, N(0, 1), N(0, 1), NONE_W, true,
	    "every mirror writes every block"},
	{RAID_1, SC_GET_BLOCK, N(0, 1), N(1, 0), NONE_W, true,
	    "Linux md serves one sequential stream from one mirror half; "
	    "some controllers interleave the halves"},
	{RAID_1, SC_SEEKS, N(1, 0), N(1, 0), N(1, 0), true,
	    "random reads go to any mirror, every write-back to all of them"},
	{RAID_1, SC_REWRITE, N(0, 1), N(0, 1), NONE_W, true,
	    "reads from one mirror, writes to all"},
	{RAID_10, SC_PUT_BLOCK, N(0.5, 0), N(0.5, 0), NONE_W, true,
	    "each block is written to both disks of its pair"},
	{RAID_10, SC_GET_BLOCK, N(0.5, 0), N(1, 0), NONE_W, true,
	    "one stream reads one disk of each pair (Linux md); far layouts "
	    "and some controllers read all"},
	{RAID_10, SC_SEEKS, N(1, 0), N(1, 0), N(0, 2), true,
	    "random reads go to any disk, each write-back to a pair"},
	{RAID_10, SC_REWRITE, N(0.25, 0), N(0.5, 0), NONE_W, true,
	    "writes go to both disks of a pair, alternating with the reads"},
	{RAID_5, SC_PUT_BLOCK, N(1, -1), N(1, -1), NONE_W, true,
	    "full stripes: n - 1 disks of data, one of parity"},
	{RAID_5, SC_GET_BLOCK, N(1, -1), N(1, -1), NONE_W, true,
	    "the parity chunks are skipped: n - 1 disks of data"},
	{RAID_5, SC_SEEKS, N(1, 0), N(1, 0), N(0, 4), true,
	    "random reads spread over every disk; a write-back reads and "
	    "writes data and parity"},
	{RAID_5, SC_REWRITE, N(0, 1), N(1, -1), NONE_W, false,
	    "write-backs that fill no stripe read and rewrite the parity: "
	    "not judged"},
	{RAID_6, SC_PUT_BLOCK, N(1, -2), N(1, -2), NONE_W, true,
	    "full stripes: n - 2 disks of data, two of parity"},
	{RAID_6, SC_GET_BLOCK, N(1, -2), N(1, -2), NONE_W, true,
	    "the two parity chunks are skipped: n - 2 disks of data"},
	{RAID_6, SC_SEEKS, N(1, 0), N(1, 0), N(0, 6), true,
	    "random reads spread over every disk; a write-back reads and "
	    "writes data and both parities"},
	{RAID_6, SC_REWRITE, N(0, 1), N(1, -2), NONE_W, false,
	    "write-backs that fill no stripe read and rewrite both parities: "
	    "not judged"},
	{RAID_Z1, SC_PUT_BLOCK, N(1, -1), N(1, -1), NONE_W, true,
	    "copy on write: always full stripes, n - 1 disks of data"},
	{RAID_Z1, SC_GET_BLOCK, N(1, -1), N(1, -1), NONE_W, true,
	    "n - 1 disks of data"},
	{RAID_Z1, SC_SEEKS, N(0, 1), N(0, 1), N(0, 1), true,
	    "each block spans every disk: a random read moves them all"},
	{RAID_Z1, SC_REWRITE, N(0, 1), N(1, -1), NONE_W, false,
	    "partial records are read and written again whole: not judged"},
	{RAID_Z2, SC_PUT_BLOCK, N(1, -2), N(1, -2), NONE_W, true,
	    "copy on write: always full stripes, n - 2 disks of data"},
	{RAID_Z2, SC_GET_BLOCK, N(1, -2), N(1, -2), NONE_W, true,
	    "n - 2 disks of data"},
	{RAID_Z2, SC_SEEKS, N(0, 1), N(0, 1), N(0, 1), true,
	    "each block spans every disk: a random read moves them all"},
	{RAID_Z2, SC_REWRITE, N(0, 1), N(1, -2), NONE_W, false,
	    "partial records are read and written again whole: not judged"},
	{RAID_Z3, SC_PUT_BLOCK, N(1, -3), N(1, -3), NONE_W, true,
	    "copy on write: always full stripes, n - 3 disks of data"},
	{RAID_Z3, SC_GET_BLOCK, N(1, -3), N(1, -3), NONE_W, true,
	    "n - 3 disks of data"},
	{RAID_Z3, SC_SEEKS, N(0, 1), N(0, 1), N(0, 1), true,
	    "each block spans every disk: a random read moves them all"},
	{RAID_Z3, SC_REWRITE, N(0, 1), N(1, -3), NONE_W, false,
	    "partial records are read and written again whole: not judged"},
	{RAID_JBOD, SC_PUT_BLOCK, N(0, 1), N(0, 1), NONE_W, true,
	    "one stream fills one disk of the concatenation at a time"},
	{RAID_JBOD, SC_GET_BLOCK, N(0, 1), N(0, 1), NONE_W, true,
	    "one stream reads one disk of the concatenation at a time"},
	{RAID_JBOD, SC_SEEKS, N(0, 1), N(1, 0), N(0, 1), true,
	    "the file may lie on one disk or span them all"},
	{RAID_JBOD, SC_REWRITE, N(0, 1), N(0, 1), NONE_W, true,
	    "one stream, one disk at a time"},
	/* fio's random I/O: IOPS of k requests in flight (iodepth x
	 * numjobs). Reads spread over the disks a read can come from; the
	 * low end is one disk's worth at the same k, since a disk with
	 * internal parallelism (NCQ, an SSD) already gains from k alone. */
	{RAID_0, SC_RAND_READ, N(1, 0), N(1, 0), NONE_W, true,
	    "random reads land on any disk of the stripe"},
	{RAID_1, SC_RAND_READ, N(1, 0), N(1, 0), NONE_W, true,
	    "any mirror can serve a random read"},
	{RAID_10, SC_RAND_READ, N(1, 0), N(1, 0), NONE_W, true,
	    "any disk of a pair can serve a random read"},
	{RAID_5, SC_RAND_READ, N(1, 0), N(1, 0), NONE_W, true,
	    "random reads spread over every disk, parity's too"},
	{RAID_6, SC_RAND_READ, N(1, 0), N(1, 0), NONE_W, true,
	    "random reads spread over every disk, parity's too"},
	{RAID_Z1, SC_RAND_READ, N(0, 1), N(0, 1), NONE_W, true,
	    "each block spans every disk: a random read moves them all"},
	{RAID_Z2, SC_RAND_READ, N(0, 1), N(0, 1), NONE_W, true,
	    "each block spans every disk: a random read moves them all"},
	{RAID_Z3, SC_RAND_READ, N(0, 1), N(0, 1), NONE_W, true,
	    "each block spans every disk: a random read moves them all"},
	{RAID_JBOD, SC_RAND_READ, N(0, 1), N(1, 0), NONE_W, true,
	    "the file may lie on one disk or span them all"},
	/* Random writes: each costs the layout's disk writes; parity
	 * layouts read old data and parity first, two steps. */
	{RAID_0, SC_RAND_WRITE, N(1, 0), N(1, 0), N(0, 1), true,
	    "random writes land on any disk of the stripe"},
	{RAID_1, SC_RAND_WRITE, N(1, 0), N(1, 0), N(1, 0), true,
	    "every mirror writes every block"},
	{RAID_10, SC_RAND_WRITE, N(1, 0), N(1, 0), N(0, 2), true,
	    "each write goes to both disks of a pair"},
	{RAID_5, SC_RAND_WRITE, N(1, 0), N(1, 0), N(0, 4), true,
	    "a small write reads data and parity, then writes both: four "
	    "disk operations in two steps, so a quarter of one disk at the "
	    "least"},
	{RAID_6, SC_RAND_WRITE, N(1, 0), N(1, 0), N(0, 6), true,
	    "a small write reads data and both parities, then writes them: "
	    "six disk operations in two steps, so a quarter of one disk at "
	    "the least"},
	{RAID_Z1, SC_RAND_WRITE, N(0, 1), N(0, 1), N(0, 1), true,
	    "copy on write: each record becomes a stripe of every disk, so a "
	    "quarter of one disk at the least"},
	{RAID_Z2, SC_RAND_WRITE, N(0, 1), N(0, 1), N(0, 1), true,
	    "copy on write: each record becomes a stripe of every disk, so a "
	    "quarter of one disk at the least"},
	{RAID_Z3, SC_RAND_WRITE, N(0, 1), N(0, 1), N(0, 1), true,
	    "copy on write: each record becomes a stripe of every disk, so a "
	    "quarter of one disk at the least"},
	{RAID_JBOD, SC_RAND_WRITE, N(0, 1), N(1, 0), N(0, 1), true,
	    "the file may lie on one disk or span them all"},
	/* A fio job known by its name only (terse output, a post that
	 * kept no job file): whatever it does, a stripe serves it at
	 * least as fast as one of its disks. */
	{RAID_0, SC_JOB, N(0, 1), N(1, 0), NONE_W, true,
	    "whatever the job does, a stripe serves it as fast as one of its "
	    "disks at the least"},
};
#define NRULES (sizeof scale_rules / sizeof *scale_rules)

/* bonnie++'s seek test writes back one block in this many it reads. */
#define SEEK_UPDATE 10

/* The row of the model for a layout and class, or -1. */
static int
class_rule(enum raid_level level, enum scale_class c)
{
	for (size_t k = 0; k < NRULES; k++)
		if (scale_rules[k].level == level && scale_rules[k].metric == c)
			return (int)k;
	return -1;
}

/* The row of bonnie++'s metric id: the one mapping of its tests to
 * the model's rows. */
int
scaling_rule(enum raid_level level, enum metric_id id)
{
	return class_rule(level, id == M_PUT_BLOCK ? SC_PUT_BLOCK :
	    id == M_GET_BLOCK ? SC_GET_BLOCK : id == M_SEEKS ? SC_SEEKS :
	    id == M_REWRITE ? SC_REWRITE : SC_NONE);
}

/* How a btrfs mirror serves reads, where the model's words are md's:
 * it picks the half by the reader's process id, so one job reads one
 * half, sequential or random; NULL for another rule. */
static const char *
btrfs_reason(const struct scale_rule *rule)
{
	if (rule->level == RAID_1 && (rule->metric == SC_GET_BLOCK ||
	    rule->metric == SC_RAND_READ))
		return "btrfs picks a mirror half by the reader's process id: "
		    "one job reads from one half";
	if (rule->level == RAID_10 && (rule->metric == SC_GET_BLOCK ||
	    rule->metric == SC_RAND_READ))
		return "btrfs picks the disk of each pair by the reader's "
		    "process id: one job reads one disk of each pair";
	return NULL;
}

const char *
scaling_reason(const struct scaled_metric *x, const struct metric *m,
    const struct run *r)
{
	const char *raid = meta_get(&r->meta, "raid"), *b;

	if (x->level == EFF_NONE || x->rule >= NRULES)
		return NULL;
	if (raid && strstr(raid, "btrfs") &&
	    (b = btrfs_reason(&scale_rules[x->rule])) != NULL)
		return b;
	/* bonnie++'s buffered read, and fio's, are spread by readahead;
	 * fio's direct read only by its requests in flight (stream_bounds) */
	if (scale_rules[x->rule].level == RAID_0 &&
	    scale_rules[x->rule].metric == SC_GET_BLOCK &&
	    m->def.family == FAMILY_FIO && fio_key_uncached(&m->fio))
		return "a direct stream reaches the disks its requests in "
		    "flight cover, all of them once they span the stripe";
	return scale_rules[x->rule].why;
}

static double
disks_worth(struct per_n p, int n)
{
	return p.per_disk * n + p.plus;
}

/* The disks k random requests at once keep busy on d disks: each
 * request lands on any of them, so a disk is idle with probability
 * (1 - 1/d)^k. */
double
busy_disks(double d, double k)
{
	return d <= 1 ? fmax(d, 0) : d * (1 - pow(1 - 1 / d, k));
}

/* What reordering q queued requests gains a disk (NCQ, TCQ, the
 * elevator): up to half again, growing with the queue. */
static double
queue_gain(double q)
{
	return q <= 1 ? 1 : 1 + 0.5 * (1 - 1 / q);
}

/* Seeks in disks' worth of the reference disk, which ran the same k
 * seekers alone: the array keeps busy_disks(d, k) disks busy, each
 * with fewer requests queued (losing part of the reference's reorder
 * gain) at the low end and none lost at the high end, and pays its
 * layout's disk writes for each block written back. */
static double
seek_factor(double d, double writes, int k, bool low)
{
	double busy = busy_disks(d, k);
	double cost = (1 + 1.0 / SEEK_UPDATE) / (1 + writes / SEEK_UPDATE);
	double gain = low ? queue_gain(k / fmax(busy, 1)) / queue_gain(k) : 1;

	return busy * gain * cost;
}

/* The low or high end of rule r for n disks and k seekers, or 0 where
 * the layout gives nothing (RAID 6 of three disks). */
double
scale_bound(int rule, int n, int k, bool low)
{
	const struct scale_rule *r = &scale_rules[rule];
	double high = disks_worth(r->high, n);
	double d = low ? fmin(disks_worth(r->low, n), high) : high;

	if (d <= 0)
		return 0;
	if (r->metric != SC_SEEKS)
		return d;
	return seek_factor(d, disks_worth(r->writes, n), k, low);
}

/* Requests in flight per disk from which each disk is busy all the
 * time: a SATA disk queues 32 (NCQ), an NVMe disk is near its peak by
 * then. */
#define SATURATED_QUEUE 32

/* Whether a small write of the layout is two dependent steps (read old
 * data and parity, then write both): parity RAID and RAID-Z. */
static bool
two_steps(enum raid_level level)
{
	return level == RAID_5 || level == RAID_6 || level == RAID_Z1 ||
	    level == RAID_Z2 || level == RAID_Z3;
}

/* fio's random I/O of k requests in flight on a layout of n disks, in
 * disks' worth of one disk at the same k. At the high end the array
 * keeps busy_disks of the d disks a request may go to busy, each write
 * costing w of them, and never more than d / w disks' worth. At the
 * low end one disk's worth (a disk that queues gains from k alone: an
 * SSD at 32 in flight is not four times itself at 8), a quarter of one
 * where a small write is two steps; and, once every disk has a full
 * queue, three quarters of the high end. */
static double
random_bound(const struct scale_rule *r, int n, double k, bool low)
{
	double d = disks_worth(r->high, n), w = disks_worth(r->writes, n);
	double high, floor;

	if (d <= 0)
		return 0;
	if (r->metric == SC_RAND_READ) {
		high = busy_disks(d, k);
		floor = 1;
	} else {
		w = w > 0 ? w : 1;
		floor = two_steps(r->level) ? 0.25 : 1;
		high = fmax(fmin(busy_disks(d, k), d / w), floor);
	}
	if (!low)
		return high;
	if (k / d >= SATURATED_QUEUE)
		return fmin(high, fmax(floor, 0.75 * high));
	return fmin(high, floor);
}

/* The disks a sequential stream that goes round the page cache keeps
 * busy: the bytes in flight over the chunk (512 KiB when the meta gives
 * none: Linux md's default, and the larger the chunk the fewer disks a
 * stream reaches, so the low end is never too high). A job that syncs
 * every N writes has at most N blocks waiting for each sync; one opened
 * O_SYNC, one a job. */
static double
stream_disks(const struct fio_key *k, int chunk_kib)
{
	double chunk = (chunk_kib > 0 ? chunk_kib : 512) * 1024.0;
	double depth = k->direct ? k->iodepth : 1;
	double inflight;

	if (!k->direct && (k->sync == FSY_FSYNC || k->sync == FSY_FDATASYNC))
		depth = k->sync_every;
	inflight = (double)k->bs * depth * k->numjobs;

	return fmax(1, floor(inflight / chunk));
}

/* ---- the single-disk reference ---- */

bool
single_disk(const struct run *r)
{
	return r->meta.disk_count == 1 || (r->meta.disk_count < 0 &&
	    r->meta.raid == RAID_NONE);
}

/* Single-disk runs that can serve as a RAID run's reference, looked up
 * by what they share with it; see choose_reference for the order. Each
 * list is sorted by key, then run, so the first match is the lowest
 * run id. */
enum ref_tier {
	T_MODEL_HOST,	/* valid with the same options */
	T_MODEL_CTL,	/* valid with the same options and OS */
	T_MODEL,	/* rough from here on */
	T_CTL,
	T_HOST,
	NTIERS
};

struct ref_entry {
	char *key;
	size_t run;
};

/* What a search of the strict tiers found for one question (tier, key,
 * and how the RAID run was measured): nightly runs of one set-up ask
 * the same question, and are answered once instead of each walking
 * every single-disk run of the host again. */
struct ref_answer {
	char *question;		/* ref_question's bytes */
	size_t len;
	long run;		/* -1: no candidate fits */
};

struct reference_index {
	struct ref_entry *tier[NTIERS];
	size_t n[NTIERS];
	struct ref_answer *answers;
	size_t nanswers, capanswers;
	struct hashmap asked;	/* answers by question: index + 1 */
	struct buf question;	/* the one being asked */
};

static int
cmp_ref(const void *x, const void *y)
{
	const struct ref_entry *a = x, *b = y;
	int c = strcmp(a->key, b->key);

	return c ? c : (a->run > b->run) - (a->run < b->run);
}

/* The key of run r for tier t, or NULL when r lacks what it needs. */
static char *
tier_key(const struct run *r, enum ref_tier t)
{
	const char *ctl = meta_get(&r->meta, "controller");
	const char *model = r->meta.disk_model;
	const char *host = run_host(r);

	switch (t) {
	case T_MODEL_HOST:
		return model && *host ? xasprintf("%s\n%s", model, host) : NULL;
	case T_MODEL_CTL:
		return model && ctl ? xasprintf("%s\n%s", model, ctl) : NULL;
	case T_MODEL:
		return model ? xstrdup(model) : NULL;
	case T_CTL:
		return ctl ? xstrdup(ctl) : NULL;
	default:
		return *host ? xstrdup(host) : NULL;
	}
}

void
index_references(struct analysis *a)
{
	struct reference_index *x = xcalloc(1, sizeof *x);

	for (size_t i = 0; i < a->set->n; i++) {
		const struct run *c = &a->set->runs[i];

		if (!single_disk(c))
			continue;
		for (int t = 0; t < NTIERS; t++) {
			char *key = tier_key(c, (enum ref_tier)t);

			if (key == NULL)
				continue;
			x->tier[t] = xrealloc(x->tier[t], (x->n[t] + 1) *
			    sizeof *x->tier[t]);
			x->tier[t][x->n[t]++] = (struct ref_entry){key, i};
		}
	}
	for (int t = 0; t < NTIERS; t++)
		if (x->n[t] > 1)
			qsort(x->tier[t], x->n[t], sizeof *x->tier[t], cmp_ref);
	a->refs = x;
}

/* The first entry of a sorted tier with this key, or its end. */
static size_t
first_of(const struct reference_index *x, int t, const char *key)
{
	size_t lo = 0, hi = x->n[t];

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(x->tier[t][mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void
free_references(struct reference_index *x)
{
	if (x == NULL)
		return;
	for (int t = 0; t < NTIERS; t++) {
		for (size_t k = 0; k < x->n[t]; k++)
			free(x->tier[t][k].key);
		free(x->tier[t]);
	}
	for (size_t k = 0; k < x->nanswers; k++)
		free(x->answers[k].question);
	free(x->answers);
	hashmap_free(&x->asked);
	buf_free(&x->question);
	free(x);
}

/* 0 for bonnie++ 1.0x, 1 for 1.9x and later, -1 when unknown: their
 * block tests use other chunk sizes and their seek tests other seeker
 * counts. */
static int
generation(const struct bonnie_params *p)
{
	const char *v = p->version ? p->version : p->csv_format;

	if (v == NULL)
		return -1;
	return strncmp(v, "1.0", 3) == 0 ? 0 : strncmp(v, "1.9", 3) >= 0;
}

/* Whether a bonnie-options line has this flag as a word of its own. */
static bool
has_flag(const char *opts, const char *flag)
{
	size_t n = strlen(flag);

	for (const char *p = opts; (p = strstr(p, flag)) != NULL; p += n)
		if ((p == opts || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
			return true;
	return false;
}

/* Whether two texts differ, an absent one being unknown rather than
 * different. */
static bool
known_differ(const char *x, const char *y)
{
	return x && y && strcmp(x, y) != 0;
}

static bool
filesystems_differ(const struct run *x, const struct run *y)
{
	const char *fx = meta_get(&x->meta, "filesystem");
	const char *fy = meta_get(&y->meta, "filesystem");

	return fx && fy && strcasecmp(fx, fy) != 0;
}

static bool
counts_differ(int x, int y)
{
	return x >= 0 && y >= 0 && x != y;
}

/* Whether bonnie++ skipped its per-char tests (-f) in run i: 1 or 0,
 * or -1 for a run of no bonnie++ sample, which says nothing of it (fio
 * alone has no per-char figure to skip). */
static int
per_char_skipped(const struct analysis *a, size_t i)
{
	if (a->set->runs[i].nsamples == 0)
		return -1;
	return analysis_sum(a, i, M_PUTC).state == VS_NOT_RUN;
}

/* Whether runs r and c were measured with the same benchmark options,
 * as far as both say: file size, file tests, io chunk, concurrency,
 * seekers, generation, per-char tests run or not (-f), and -b (an
 * fsync after every write) from meta bonnie-options; and on the same
 * file system, when both name it: a benchmark of files measures the
 * file system too (an HFS+ disk says little of what ZFS gets from its
 * disks, with its own cache and copy-on-write); and run alone on both,
 * as their labels tell: an array benchmarked beside another at the same
 * time ("parallel, 2 instances") shares the bus and the processor with
 * it, and a disk that ran alone is no measure of what it should get. */
static bool
measured_alike(const struct analysis *a, size_t r, size_t c)
{
	const struct run *x = &a->set->runs[r], *y = &a->set->runs[c];
	const struct bonnie_params *p = &x->params, *q = &y->params;
	const char *ox = meta_get(&x->meta, "bonnie-options");
	const char *oy = meta_get(&y->meta, "bonnie-options");
	int gx = generation(p), gy = generation(q);
	int fx = per_char_skipped(a, r), fy = per_char_skipped(a, c);

	if (units_bonnie_sizes_differ(p->size, q->size) ||
	    known_differ(p->files, q->files) ||
	    known_differ(p->chunk, q->chunk) ||
	    counts_differ(p->concurrency, q->concurrency) ||
	    counts_differ(p->seekers, q->seekers) || counts_differ(gx, gy) ||
	    units_sizes_differ(x->fio_size, y->fio_size) ||
	    !share_metrics(x, y) || filesystems_differ(x, y) ||
	    labels_measure_otherwise(meta_get(&x->meta, "label"),
	    meta_get(&y->meta, "label")))
		return false;
	if (fx >= 0 && fy >= 0 && fx != fy)
		return false;
	return !(ox && oy && has_flag(ox, "-b") != has_flag(oy, "-b"));
}

static bool
same_os(const struct run *x, const struct run *y)
{
	return !os_differ(meta_get(&x->meta, "os"), meta_get(&y->meta, "os"));
}

/* Whether run r's disk model says it is flash: "Samsung EVO SSD", "NVMe",
 * "Optane". A model not said is taken for whatever the other side is. */
static int
solid_state(const struct run *r)
{
	static const char *const words[] = {"ssd", "nvme", "flash", "optane"};
	const char *model = r->meta.disk_model;

	if (model == NULL)
		return -1;
	for (size_t k = 0; k < sizeof words / sizeof *words; k++)
		if (contains_ignoring_case(model, words[k]))
			return 1;
	return 0;
}

/* Whether single-disk run c may serve run r at tier t. */
static bool
fits_tier(const struct analysis *a, size_t r, size_t c, enum ref_tier t)
{
	switch (t) {
	case T_MODEL_HOST:
		return measured_alike(a, r, c);
	case T_MODEL_CTL:
		return measured_alike(a, r, c) &&
		    same_os(&a->set->runs[r], &a->set->runs[c]);
	case T_MODEL:
		return share_metrics(&a->set->runs[r], &a->set->runs[c]);
	default:
		/* An SSD beside an array of hard disks (or the other way)
		 * is no measure of the array's disks, even roughly. */
		return share_metrics(&a->set->runs[r], &a->set->runs[c]) &&
		    !counts_differ(solid_state(&a->set->runs[r]),
		    solid_state(&a->set->runs[c]));
	}
}

/* What a run's metrics are, as a question's field: "b" for bonnie++'s
 * twelve, else a hash of its metrics' indexes. */
static uint64_t
metrics_signature(const struct run *r)
{
	return r->sum_ids == NULL ? 0 : hash_bytes(r->sum_ids, r->nsum *
	    sizeof *r->sum_ids, r->nsum);
}

/* A text field of a question: its length (SIZE_MAX when unknown, so
 * that unknown and "" never meet), then its bytes. */
static void
put_text(struct buf *q, const char *s)
{
	size_t len = s ? strlen(s) : SIZE_MAX;

	buf_add(q, &len, sizeof len);
	if (s)
		buf_add(q, s, len);
}

static void
put_int(struct buf *q, long long v)
{
	buf_add(q, &v, sizeof v);
}

/* Everything fits_tier(a, i, c, t) reads of run i, with the tier and its
 * key: two runs asking the same question get the same candidate. Bytes,
 * not text: 100 000 runs ask one each. */
static void
ref_question(const struct analysis *a, size_t i, enum ref_tier t,
    const char *key, struct buf *q)
{
	const struct run *r = &a->set->runs[i];
	const struct bonnie_params *p = &r->params;
	const char *opts = meta_get(&r->meta, "bonnie-options");

	q->n = 0;
	put_int(q, t);
	put_text(q, key);
	put_text(q, p->size);
	put_text(q, p->files);
	put_text(q, p->chunk);
	put_int(q, p->concurrency);
	put_int(q, p->seekers);
	put_int(q, generation(p));
	put_int(q, per_char_skipped(a, i));
	put_int(q, opts ? has_flag(opts, "-b") : -1);
	put_text(q, t == T_MODEL_CTL ? meta_get(&r->meta, "os") : NULL);
	put_text(q, t == T_MODEL_HOST || t == T_MODEL_CTL ?
	    meta_get(&r->meta, "filesystem") : NULL);
	put_int(q, t == T_CTL || t == T_HOST ? solid_state(r) : -2);
	put_text(q, r->fio_size);
	put_int(q, (long long)metrics_signature(r));
	/* A label that says how the benchmark ran asks its own question;
	 * every other label asks the same one. */
	put_text(q, (t == T_MODEL_HOST || t == T_MODEL_CTL) &&
	    label_measures(meta_get(&r->meta, "label")) ?
	    meta_get(&r->meta, "label") : NULL);
}

static uint64_t
answer_hash(uintptr_t value, const void *ctx)
{
	const struct reference_index *x = ctx;
	const struct ref_answer *ans = &x->answers[value - 1];

	return hash_bytes(ans->question, ans->len, 0);
}

/* The first single-disk run under key of tier t that may serve run i,
 * or -1: searched once for each distinct question. */
static long
first_fit(const struct analysis *a, size_t i, enum ref_tier t,
    const char *key)
{
	struct reference_index *x = a->refs;
	size_t first = first_of(x, t, key), at;
	long found = -1;
	struct buf *q = &x->question;

	/* No run under key: no question to write out and look up. */
	if (first >= x->n[t] || strcmp(x->tier[t][first].key, key) != 0)
		return -1;
	ref_question(a, i, t, key, q);
	if (x->asked.slot == NULL)
		hashmap_init(&x->asked, 64, answer_hash, x);
	for (at = hashmap_home(&x->asked, hash_bytes(q->p, q->n, 0));
	    x->asked.slot[at]; at = hashmap_next(&x->asked, at)) {
		const struct ref_answer *ans = &x->answers[x->asked.slot[at] - 1];

		if (ans->len == q->n && memcmp(ans->question, q->p, q->n) == 0)
			return ans->run;
	}
	for (size_t k = first; k < x->n[t] &&
	    strcmp(x->tier[t][k].key, key) == 0; k++)
		if (fits_tier(a, i, x->tier[t][k].run, t)) {
			found = (long)x->tier[t][k].run;
			break;
		}
	xgrow((void **)&x->answers, &x->capanswers, x->nanswers + 1,
	    sizeof *x->answers);
	x->answers[x->nanswers] = (struct ref_answer){memcpy(xmalloc(q->n),
	    q->p, q->n), q->n, found};
	hashmap_put(&x->asked, at, (uintptr_t)++x->nanswers);
	return found;
}

/* Whether r's stack puts a caching layer in front of what it measured
 * (flashcache, bcache, dm-cache, lvmcache, dm-writecache, EnhanceIO,
 * dm-writeboost): the benchmark then timed the cache and what lies
 * behind it, not the array of its disks alone. */
static bool
cache_layered(const struct run *r)
{
	static const char *const layers[] = {"flashcache", "bcache",
	    "dm-cache", "dmcache", "lvmcache", "lvm-cache", "writecache",
	    "enhanceio", "writeboost"};
	const char *stack = meta_get(&r->meta, "stack");
	char low[256];
	size_t n;

	if (stack == NULL)
		return false;
	for (n = 0; stack[n] && n + 1 < sizeof low; n++)
		low[n] = (char)tolower((unsigned char)stack[n]);
	low[n] = '\0';
	for (size_t k = 0; k < sizeof layers / sizeof *layers; k++)
		if (strstr(low, layers[k]))
			return true;
	return false;
}

/* The single-disk run a RAID run is measured against, and why; *valid
 * says whether it was measured the same way. The named baseline first,
 * then the same disk model with the same options on the same host or
 * controller; anything else is only rough context. */
static long
choose_reference(const struct analysis *a, size_t i, const char **why,
    bool *valid)
{
	static const char *const tiers[NTIERS] = {
		"the same disk model, measured alike (the same benchmark "
		    "options and file system, as far as both say), on the "
		    "same host",
		"the same disk model, measured alike (the same benchmark "
		    "options, file system and OS, as far as both say), on "
		    "the same controller",
		"rough: the same disk model, measured otherwise or elsewhere",
		"rough: another or unknown disk model on the same controller",
		/* the same controller would have been the tier before */
		"rough: another or unknown disk model on the same host, "
		    "behind another or unknown controller",
	};
	const struct run *r = &a->set->runs[i];
	const char *named = meta_get(&r->meta, "baseline");
	long b;

	*valid = true;
	if (named && (b = runset_find(a->set, named)) >= 0 && (size_t)b != i &&
	    single_disk(&a->set->runs[b])) {
		*why = "named as its baseline in meta";
		return b;
	}
	for (int t = 0; t < NTIERS; t++) {
		char *key = tier_key(r, (enum ref_tier)t);

		if (key == NULL)
			continue;
		b = first_fit(a, i, (enum ref_tier)t, key);
		free(key);
		if (b >= 0) {
			*why = tiers[t];
			*valid = t < T_MODEL;
			if (*valid && (cache_layered(r) ||
			    cache_layered(&a->set->runs[b]))) {
				*why = "rough: a caching layer sits in front of "
				    "the disks, as the stack says, so the "
				    "benchmark timed the cache and what lies "
				    "behind it, not the array's disks alone";
				*valid = false;
			}
			return b;
		}
	}
	*why = "no single-disk run of this disk measured like this";
	*valid = false;
	return -1;
}

/* How many random reads the seek test keeps in flight: bonnie++'s
 * seekers (as its 1.98+ CSV records, else its default: 3 in 1.0x, 5
 * from 1.9x; 3 when the version is unknown, the fewer the less a
 * stripe can give), times -c. */
static int
seekers_of(const struct bonnie_params *p)
{
	int k = p->seekers >= 1 ? p->seekers : generation(p) == 1 ? 5 : 3;

	return p->concurrency > 1 ? k * p->concurrency : k;
}

/* The class of a fio metric, or SC_NONE (latencies, mixed and trim
 * patterns, jobs of no known pattern). */
static enum scale_class
fio_class(const struct fio_key *k)
{
	if (fio_measure_is_latency(k->measure) || k->dir == FIO_TRIM)
		return SC_NONE;
	if (k->rw == RW_JOB)
		return SC_JOB;
	if (fio_rw_mixed(k->rw))
		return SC_NONE;
	if (fio_rw_random(k->rw))
		return k->dir == FIO_READ ? SC_RAND_READ : SC_RAND_WRITE;
	return k->dir == FIO_READ ? SC_GET_BLOCK : SC_PUT_BLOCK;
}

/* The row of the model for metric m on a layout, or -1 (bonnie++'s
 * per-char and file tests, and fio_class's SC_NONE). */
static int
metric_rule(enum raid_level level, const struct metric *m)
{
	if (m->def.family == FAMILY_BONNIE)
		return scaling_rule(level, (enum metric_id)metric_by_key(
		    m->def.key));
	return class_rule(level, fio_class(&m->fio));
}

/* A sequential fio stream: the layout's block figure, of which direct
 * or synced I/O reaches only the disks its bytes in flight cover at the
 * low end (buffered I/O has readahead and write-back to spread it). A
 * direct or synced write of parity RAID that fills no stripe is a small
 * write, read before it is written: a quarter of a disk at the least,
 * as random_bound says. */
static void
stream_bounds(const struct scaling_model *mo, int rule, const struct metric *m,
    double *low, double *high)
{
	double covers;

	*low = scale_bound(rule, mo->disks, 0, true);
	*high = scale_bound(rule, mo->disks, 0, false);
	if (!fio_key_uncached(&m->fio) || *low <= 0)
		return;
	covers = stream_disks(&m->fio, mo->chunk_kib);
	*low = fmin(*low, covers);
	if (m->fio.dir == FIO_WRITE && two_steps((enum raid_level)mo->raid) &&
	    covers < *high)
		*low = fmin(*low, 0.25);
}

/* bonnie++'s block write and rewrite under -b: each chunk it writes is
 * synced before the next, so the stream reaches only the disks its
 * chunk covers (one, under any stripe's chunk of 8 KiB or more), and
 * on parity RAID a write that fills no stripe is read before it is
 * written, as stream_bounds says of fio's. */
static void
synced_bounds(const struct scaling_model *mo, const struct metric *m,
    double *low, double high)
{
	int id = metric_by_key(m->def.key);
	double covers;

	if (mo->synced_kib <= 0 || *low <= 0 || (id != M_PUT_BLOCK &&
	    id != M_REWRITE))
		return;
	covers = fmax(1, floor((double)mo->synced_kib / (mo->chunk_kib > 0 ?
	    mo->chunk_kib : 512)));
	*low = fmin(*low, covers);
	if (two_steps((enum raid_level)mo->raid) && covers < high)
		*low = fmin(*low, 0.25);
}

struct model_factors
scaling_factors(const struct scaling_model *mo, const struct metric *m)
{
	struct model_factors f = {0};
	int rule = metric_rule((enum raid_level)mo->raid, m);
	double k = fio_key_inflight(&m->fio), low, high;
	enum scale_class c;

	if (rule < 0)
		return f;
	c = scale_rules[rule].metric;
	if (c == SC_JOB) {
		low = scale_bound(rule, mo->disks, 0, true);
		high = scale_bound(rule, mo->disks, 0, false);
	} else if (c == SC_RAND_READ || c == SC_RAND_WRITE) {
		low = random_bound(&scale_rules[rule], mo->disks, k, true);
		high = random_bound(&scale_rules[rule], mo->disks, k, false);
	} else if (m->def.family == FAMILY_FIO) {
		stream_bounds(mo, rule, m, &low, &high);
	} else {
		low = scale_bound(rule, mo->disks, mo->seekers, true);
		high = scale_bound(rule, mo->disks, mo->seekers, false);
		synced_bounds(mo, m, &low, high);
	}
	if (low <= 0)
		return f;
	f.factor = low;
	f.factor_high = fmax(high, low);
	f.rule = (unsigned char)rule;
	f.gates = scale_rules[rule].gates;
	return f;
}

/* The chunk of a run's meta in KiB ("256k", "64 KiB"), or 0. */
static int
chunk_of(const struct run *r)
{
	double mib = units_mebibytes(meta_get(&r->meta, "chunk"));

	return mib > 0 && mib < 1024 * 1024 ? (int)(mib * 1024 + 0.5) : 0;
}

/* What bonnie++ -b keeps in flight, in KiB: its chunk (8 KiB unless the
 * run says otherwise) times its concurrency; 0 without -b. */
static int
synced_of(const struct run *r)
{
	const char *opts = meta_get(&r->meta, "bonnie-options");
	double mib = units_mebibytes(r->params.chunk);
	int chunk = mib > 0 && mib < 1024 ? (int)(mib * 1024 + 0.5) : 8;

	if (opts == NULL || !has_flag(opts, "-b"))
		return 0;
	return chunk * (r->params.concurrency > 1 ? r->params.concurrency : 1);
}

static uint64_t
model_hash_of(const struct scaling_model *mo)
{
	uint64_t h = (uint64_t)(unsigned)mo->raid * 0x9e3779b97f4a7c15u;

	h ^= (uint64_t)(unsigned)mo->disks * 0xc2b2ae3d27d4eb4fu + (h << 6);
	h ^= (uint64_t)(unsigned)mo->seekers * 0x165667b19e3779f9u + (h >> 2);
	h ^= (uint64_t)(unsigned)mo->chunk_kib * 0x27d4eb2f165667c5u + (h << 3);
	h ^= (uint64_t)(unsigned)mo->synced_kib * 0x9e3779b97f4a7c15u + (h >> 5);
	return h;
}

static uint64_t
model_hash(uintptr_t value, const void *ctx)
{
	const struct analysis *a = ctx;

	return model_hash_of(&a->models[value - 1]);
}

/* The index in a->models of model mo (added when new); *cap is the
 * capacity of a->models. */
static uint32_t
model_index(struct analysis *a, struct hashmap *seen, size_t *cap,
    const struct scaling_model *mo)
{
	size_t at = hashmap_home(seen, model_hash_of(mo));

	for (; seen->slot[at]; at = hashmap_next(seen, at))
		if (memcmp(&a->models[seen->slot[at] - 1], mo, sizeof *mo) == 0)
			return (uint32_t)(seen->slot[at] - 1);
	xgrow((void **)&a->models, cap, a->nmodels + 1, sizeof *a->models);
	a->models[a->nmodels] = *mo;
	hashmap_put(seen, at, (uintptr_t)++a->nmodels);
	return (uint32_t)(a->nmodels - 1);
}

/* A hash of model mo and the metrics of run r. */
static uint64_t
factors_key_hash(const struct scaling_model *mo, const struct run *r)
{
	uint64_t h = hash_bytes(mo, sizeof *mo, r->nsum);

	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);

		h = hash_bytes(&id, sizeof id, h);
	}
	return h;
}

static uint64_t
factors_hash(uintptr_t value, const void *ctx)
{
	const struct analysis *a = ctx;
	const struct scaling *sc = analysis_scaling(a, value - 1);

	return factors_key_hash(scaling_model_of(a, sc),
	    &a->set->runs[value - 1]);
}

bool
same_metrics(const struct run *x, const struct run *y)
{
	if (x->nsum != y->nsum)
		return false;
	for (size_t k = 0; k < x->nsum; k++)
		if (run_metric_at(x, k) != run_metric_at(y, k))
			return false;
	return true;
}

/* The first of run i's factors under model sc->model in a->factors:
 * those of an earlier run of that model and the same metrics, else new
 * ones, one per metric of the run; then *at is where run i goes in
 * a->factors_seen, once its scaling is stored (*fresh). */
static uint32_t
factors_of(struct analysis *a, size_t i, const struct scaling *sc,
    size_t *at, bool *fresh)
{
	const struct run *r = &a->set->runs[i];
	const struct scaling_model *mo = scaling_model_of(a, sc);
	struct hashmap *seen = &a->factors_seen;
	uint32_t first = (uint32_t)a->nfactors;

	if (seen->slot == NULL)
		hashmap_init(seen, 16, factors_hash, a);
	for (*at = hashmap_home(seen, factors_key_hash(mo, r));
	    seen->slot[*at]; *at = hashmap_next(seen, *at)) {
		size_t j = seen->slot[*at] - 1;
		const struct scaling *other = analysis_scaling(a, j);

		if (other->model == sc->model && same_metrics(r,
		    &a->set->runs[j])) {
			*fresh = false;
			return other->factors;
		}
	}
	xgrow((void **)&a->factors, &a->capfactors, a->nfactors + r->nsum,
	    sizeof *a->factors);
	for (size_t k = 0; k < r->nsum; k++)
		a->factors[a->nfactors++] = scaling_factors(mo,
		    analysis_metric(a, run_metric_at(r, k)));
	*fresh = true;
	return first;
}

/* How run i's median of metric id compares with what its model expects
 * of its reference's: EFF_NONE where either has no figure or the model
 * says nothing. */
static enum efficiency
scaled_level(const struct analysis *a, size_t i, const struct scaling *sc,
    int id)
{
	struct scaled_metric x;

	if (sc->reference < 0 ||
	    analysis_sum(a, (size_t)sc->reference, id).state != VS_OK ||
	    analysis_sum(a, i, id).state != VS_OK)
		return EFF_NONE;
	/* The figures as every reader of the result works them out. */
	x = scaled_compute(a, i, sc, id);
	if (x.factor <= 0)
		return EFF_NONE;
	return x.efficiency >= a->opts.weak ? EFF_FINE :
	    x.efficiency >= a->opts.shortfall ? EFF_WEAK : EFF_SHORT;
}

/* The model of a RAID run's layout, disk count and seekers. */
static void
model_of(const struct run *r, struct scaling_model *mo)
{
	/* Zeroed padding and all: models are compared and hashed as
	 * bytes. */
	memset(mo, 0, sizeof *mo);
	mo->raid = (int)r->meta.raid;
	mo->disks = r->meta.disk_count;
	mo->seekers = seekers_of(&r->params);
	mo->chunk_kib = chunk_of(r);
	mo->synced_kib = synced_of(r);
}

/* A RAID run gets its scaling, stored apart (most runs have none):
 * with a valid reference it is judged, with a rough one it is context,
 * and without any the run page says so. */
void
scale_run(struct analysis *a, size_t i, size_t *cap)
{
	const struct run *r = &a->set->runs[i];
	struct scaling_model mo;
	struct scaling sc;
	const char *why;
	size_t at;
	bool valid, fresh;

	if (r->meta.disk_count < 2 || r->meta.raid == RAID_UNKNOWN ||
	    r->meta.raid == RAID_NONE)
		return;
	if (a->model_seen.slot == NULL)
		hashmap_init(&a->model_seen, 16, model_hash, a);
	model_of(r, &mo);
	memset(&sc, 0, sizeof sc);
	sc.reference = (int32_t)choose_reference(a, i, &why, &valid);
	sc.why = why;
	sc.valid = valid;
	sc.model = model_index(a, &a->model_seen, &a->capmodels, &mo);
	sc.factors = factors_of(a, i, &sc, &at, &fresh);
	for (size_t k = 0; k < r->nsum; k++)
		a->runs[i].change[k].level = scaled_level(a, i, &sc,
		    run_metric_at(r, k));
	xgrow((void **)&a->scaling, cap, a->nscaling + 1, sizeof *a->scaling);
	a->scaling[a->nscaling++] = sc;
	a->runs[i].scaling = (uint32_t)a->nscaling;
	/* Found by the next run of this model and metrics; nothing was
	 * put in the table since factors_of probed it, so at holds. */
	if (fresh)
		hashmap_put(&a->factors_seen, at, i + 1);
}

static int
cmp_target(const void *x, const void *y)
{
	const struct target *a = x, *b = y;

	return (a->metric > b->metric) - (a->metric < b->metric);
}

/* The run's declared targets (meta expect.KEY) of metrics it has a
 * figure of, by metric, stored apart (few runs declare one). */
void
target_run(struct analysis *a, size_t i, size_t *cap)
{
	const struct run_meta *m = &a->set->runs[i].meta;
	struct run_analysis *ra = &a->runs[i];

	ra->targets = (uint32_t)a->ntargets;
	for (size_t e = 0; e < m->n; e++) {
		const char *key = meta_key(m, e);
		const struct metric_def *d;
		struct metric_summary s;
		struct target t = {0};

		if (strncmp(key, "expect.", 7) != 0 || (t.metric = metrics_find(
		    &a->set->metrics, key + 7)) < 0)
			continue;
		d = analysis_def(a, t.metric);
		s = analysis_sum(a, i, t.metric);
		if (!meta_expect(m, d->key, d->kind, &t.value) ||
		    s.state != VS_OK || t.value <= 0)
			continue;
		t.ratio = s.median / t.value;
		t.shortfall = d->higher_is_better ? t.ratio < 1 : t.ratio > 1;
		xgrow((void **)&a->targets, cap, a->ntargets + 1,
		    sizeof *a->targets);
		a->targets[a->ntargets++] = t;
		ra->ntargets++;
	}
	if (ra->ntargets > 1)
		qsort(a->targets + ra->targets, ra->ntargets,
		    sizeof *a->targets, cmp_target);
}

/* Whether the run was judged on each metric at all, from what is
 * stored of it. */
void
judge_run(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];

	for (size_t k = 0; k < r->nsum; k++) {
		struct change *c = &a->runs[i].change[k];
		int id = run_metric_at(r, k);
		enum verdict v = c->verdict;
		struct scaled_metric x;

		if (analysis_scaled(a, i, id, &x) || analysis_target(a, i, id) ||
		    v == VERDICT_SAME || v == VERDICT_REGRESSION ||
		    v == VERDICT_IMPROVEMENT)
			c->judged = 1;
	}
}
