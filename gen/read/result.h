/* One bonnie++ result as the reader found it, and the table of the
 * twelve bonnie++ metrics. Included by the reader, the model and every
 * renderer; it knows nothing of files, runs or output formats. */
#ifndef BENCHSITE_RESULT_H
#define BENCHSITE_RESULT_H

#include <stdbool.h>
#include <stddef.h>

/* In bonnie++'s own order: the order of its table cells and CSV fields. */
enum metric_id {
	M_PUTC,
	M_PUT_BLOCK,
	M_REWRITE,
	M_GETC,
	M_GET_BLOCK,
	M_SEEKS,
	M_SEQ_CREATE,
	M_SEQ_STAT,
	M_SEQ_DEL,
	M_RAN_CREATE,
	M_RAN_STAT,
	M_RAN_DEL,
	M_COUNT
};

#define M_IO_COUNT 6	/* putc .. seeks: the "Sequential Output/Input" section */

enum metric_kind {
	MK_THROUGHPUT,	/* KiB/s: bonnie's "K/sec" is 1024 bytes */
	MK_RATE,	/* operations (seeks, files, I/Os) per second */
	MK_LATENCY	/* microseconds: lower is better */
};

/* Which benchmark a metric comes from. */
enum metric_family { FAMILY_BONNIE, FAMILY_FIO };

/* What a metric measures, by bit: what a change of the set-up can move
 * and which like-for-like rules apply (analyse/caveats.c). */
enum metric_trait {
	MT_READ = 1,		/* reads from the disks */
	MT_WRITE = 2,		/* writes to them */
	MT_PER_CHAR = 4,	/* bonnie++'s per-char tests: one request in
				   flight, the processor's speed */
	MT_IO = 8,		/* bonnie++'s size (-s) moves it: its I/O
				   tests, and every fio figure */
	MT_FILE = 16,		/* bonnie++'s file tests (-n) */
	MT_BLOCK = 32,		/* a transfer of large sequential blocks */
	MT_RANDOM = 64,		/* random requests */
	MT_BONNIE = 128		/* one of bonnie++'s: its options move it */
};

struct metric_def {
	const char *key;	/* stable name used in JSON, meta and URLs */
	const char *label;	/* for people */
	const char *unit;	/* of the stored value */
	enum metric_kind kind;
	bool higher_is_better;
	enum metric_family family;
	unsigned traits;	/* enum metric_trait */
};

/* bonnie++'s twelve, by enum metric_id: the first twelve of every
 * set's metric table (model/metrics.h). */
extern const struct metric_def metric_defs[M_COUNT];

/* Returns the bonnie++ metric with this key, or -1. */
int metric_by_key(const char *key);

/* The three states bonnie++ prints must never be confused: a figure,
 * "+++++" (done in under half a second: too fast to measure, never zero)
 * and a blank (the test was not run). INVALID is a figure bonnie++ is
 * known to print wrongly (2.00a text file-creation rates). */
enum __attribute__((packed)) value_state {
	VS_NOT_RUN,
	VS_OK,
	VS_TOO_FAST,
	VS_INVALID
};

/* Fields in this order (and the enums packed) so that it takes 24
 * bytes: every run keeps twelve per sample. */
struct measure {
	double value;		/* meaningful only when state is VS_OK */
	double latency_us;	/* maximum latency, or -1 when not given */
	int cpu;		/* %CP, or -1 when not given */
	enum value_state state;
	bool approx;		/* the input gave reduced precision */
};

enum __attribute__((packed)) result_source {
	FROM_TEXT = 1,
	FROM_CSV = 2,
	FROM_BOTH = 3
};

/* All strings are owned by the result (see result_free). */
struct result {
	char *file;
	long line;
	long csv_line;		/* of the CSV line whose figures a text
				   table's run took (FROM_BOTH), else 0 */
	char *bonnie_version;	/* program version, NULL if unknown */
	char *csv_format;	/* CSV format version, "1.0x" for 27 fields */
	char *name;		/* machine name; "" when bonnie printed none */
	char *size;		/* "8G", "16096M"; NULL with -s 0 */
	char *chunk;		/* "64k"; NULL when default or unknown */
	char *files;		/* "16", "20:128:4/200"; NULL with -n 0 */
	long long seed;
	int quote;		/* quote depth ("> > ") of that line */
	int concurrency;	/* -1 when unknown */
	int seekers;		/* seek processes (1.98+ CSV), -1 when
				   unknown */
	enum result_source from;
	bool has_seed;
	struct measure m[M_COUNT];
};

void result_init(struct result *);
void result_free(struct result *);

/* Shared strings: one counted copy of each distinct text, so that a
 * value repeated over many runs (a host, a kernel, a file size, a meta
 * key) costs its bytes once. The run loader keeps the strings of its
 * model here, the analysis those of its findings. */
struct strpool;

struct strpool *strpool_new(void);
/* Frees the pool and every string in it, referenced or not. */
void strpool_free(struct strpool *);
/* The pooled copy of s[0..len) (a NUL is added), with one more
 * reference. Pooled strings are shared: never modify or free one. */
char *strpool_add(struct strpool *, const char *s, size_t len);
/* Pools s, a string from malloc that is freed here, and returns the
 * pooled copy; NULL stays NULL. */
char *strpool_take(struct strpool *, char *s);
/* Drops one reference of a pooled string (NULL is fine); the last
 * frees it. */
void strpool_release(struct strpool *, char *s);

#endif
