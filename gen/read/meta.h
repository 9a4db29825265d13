/* A run's "meta" file: the metadata of the hardware and software a run
 * was measured on ("controller: 3ware 9550SX", "raid: 5"), every entry as
 * written and the values the analysis reads (disks, RAID level, targets)
 * checked and converted. Read by the run loader (model/load.c); the
 * analysis asks it for keys. It knows nothing of runs or outputs. */
#ifndef BENCHSITE_META_H
#define BENCHSITE_META_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/input_limits.h"
#include "read/result.h"

/* The longest key of a meta line: room for "expect." and the longest
 * metric key (read/fio_key.h). */
#define META_KEY_MAX 128

enum raid_level {
	RAID_UNKNOWN,	/* not given, or not understood */
	RAID_NONE,
	RAID_0,
	RAID_1,
	RAID_10,
	RAID_5,
	RAID_6,
	RAID_JBOD,	/* and linear: disks concatenated */
	/* ZFS: one parity disk's worth per level, data and parity spread
	 * over every disk of the vdev for each block. Appended, so that the
	 * numbers above (kept in the runs cache) stay. */
	RAID_Z1,
	RAID_Z2,
	RAID_Z3,
	RAID_LEVEL_COUNT
};

extern const char *const raid_level_names[RAID_LEVEL_COUNT];

/* A run's "meta" file: every entry as written (unknown keys too), and
 * the structured values read from the known ones. */
struct run_meta {
	/* Entry i is one string "key\0value" (the key in lower case, the
	 * value trimmed free text), pooled: the runs that have an entry
	 * share it. Read with meta_key and meta_value. */
	char **v;
	size_t n;
	char *disk_model;	/* NULL when not given */
	struct strpool *pool;	/* set before meta_parse: the entries and
				   the disk model are pooled there */
	int disk_count;		/* -1 when not given */
	enum raid_level raid;
};

/* Reads a meta file's text into m (which must be zeroed, but for its
 * pool); path names the file in messages. Lines longer than lim->line
 * are reported and skipped; lim NULL means the default limits. */
void meta_parse(const char *path, const char *buf, size_t len,
    const struct limits *lim, struct run_meta *m, struct diags *);
/* The value of key, or NULL. */
const char *meta_get(const struct run_meta *, const char *key);
/* Whether key is one the README lists (or expect., ack., noise.): the
 * others are the user's own, a setting such as "max-request-size". */
bool meta_key_known(const char *key);
/* The key and the value of entry i. */
const char *meta_key(const struct run_meta *, size_t i);
const char *meta_value(const struct run_meta *, size_t i);
/* Whether m declares a target (expect.KEY) for the metric of this key
 * and kind: then *value in its stored unit (KiB/s, per second or
 * microseconds). */
bool meta_expect(const struct run_meta *m, const char *key,
    enum metric_kind kind, double *value);
/* The kind of figure the metric of a valid key is (metric_key_valid):
 * for expect.KEY and noise.KEY. */
enum metric_kind meta_key_kind(const char *key);
/* The days since 1970-01-01 (a fraction for a time of day, its zone
 * left out) of an ISO 8601 date as the date key holds it (YYYY,
 * YYYY-MM, YYYY-MM-DD, then THH:MM[:SS] and a zone): false when it is
 * none. For a chart's time axis and the days between two runs. */
bool meta_date_days(const char *iso, double *days);
/* Whether such a date gives its day (YYYY-MM-DD), and a time of day
 * (THH:MM, or a space for the T), which orders the runs of one day. */
bool meta_date_has_day(const char *iso);
bool meta_date_has_time(const char *iso);
/* A raid value in lower case with "raid" joined to what follows it
 * ("RAID 5", "raid-5": "raid5"), its words apart at any of
 * META_RAID_SEPARATORS, as the level is read from them; caller frees. */
char *meta_raid_words(const char *v);
#define META_RAID_SEPARATORS " ,/"
/* The words of text (a title, label or raid value, a caption) that say
 * an array was not in its steady state: "resyncing", "during rebuild",
 * "degraded", "reshaping" and the like, unless a word before them
 * denies or dates them away ("without rebuilding", "after the resync");
 * or NULL. The analysis warns of such runs; import keeps the words. */
const char *meta_busy_state(const char *text);
/* A raid value without the passing state it gives ("raid5 md, degraded",
 * "raid1 md (degraded, one member)": "raid5 md", "raid1 md"): the array
 * it was, of which the run is one more measure; the value itself when
 * it gives none. Caller frees. */
char *meta_raid_steady(const char *v);
void meta_free(struct run_meta *);

#endif
