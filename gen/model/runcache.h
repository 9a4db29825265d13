/* The loader's cache: what reading each run directory gave (the run as
 * the model keeps it and the messages its files caused), kept by a build
 * beside SITE so that the next one opens only the runs whose files
 * changed. A file is unchanged when its stamp is (size, times, inode,
 * device), as make and git judge it; a run directory whose own stamp is
 * unchanged holds the same names, so it is not even listed. A build
 * that finds every entry as it was writes no new cache. The cache is one file of entries in
 * the order the loader walks RUNS, read and written in one pass, so it
 * costs no memory that grows with the runs. Any doubt (another program,
 * RUNS or limits, a damaged file) makes an entry, or the whole cache,
 * unused: the files are read, as without one. Owned by load.c. */
#ifndef BENCHSITE_RUNCACHE_H
#define BENCHSITE_RUNCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "model/model.h"

/* A plain file of a run directory, as stat saw it before it was read. */
struct stamp {
	char *name;
	uint64_t size, ino, dev;
	int64_t mtime_s, mtime_ns, ctime_s, ctime_ns;
};

/* The stamp of a file (or directory) as stat gave it; name is not set. */
static inline void
stamp_from_stat(const struct stat *st, struct stamp *s)
{
	s->size = (uint64_t)st->st_size;
	s->ino = (uint64_t)st->st_ino;
	s->dev = (uint64_t)st->st_dev;
	s->mtime_s = st->st_mtim.tv_sec;
	s->mtime_ns = st->st_mtim.tv_nsec;
	s->ctime_s = st->st_ctim.tv_sec;
	s->ctime_ns = st->st_ctim.tv_nsec;
}

struct runcache;

/* Opens the cache at path for a load of root within lim that sheds the
 * samples of runs of at most shed (see runset_load): the entries of the
 * old cache, when this very program wrote it for the same root and
 * limits, and a new cache, written beside it from the first entry that
 * differs. NULL when this program cannot be read (then there is no
 * cache). */
struct runcache *runcache_open(const char *path, const char *root,
    const struct limits *lim, size_t shed);

/* Whether stamps may be trusted next time: no file changed in the last
 * seconds, since a file written twice in one tick of the file system's
 * clock keeps its stamp. */
bool runcache_settled(const struct runcache *, const struct stamp *, size_t n);

/* Whether a stamp of a file read after the last load with this cache
 * (a run's notes, read for its page) shows any change made since: its
 * times are older, by the seconds of runcache_settled, than the old
 * cache (written at the end of that load) and than now. False without
 * an old cache of this program. */
bool runcache_trusted(const struct runcache *, const struct stamp *);

/* The stamps of run directory key and its files, when the old cache
 * holds it and its reader ahead found the directory with the stamp it
 * holds: the directory's into *dir, the files' (names included) as the
 * result, n of them, to pass to runcache_take. NULL otherwise (the
 * caller then stats on its own, with runcache_listing). The caller
 * frees the names and the array. */
struct stamp *runcache_stamped(struct runcache *, const char *key,
    struct stamp *dir, size_t *n);

/* The files of run directory key as the old cache has them, when it
 * holds that directory with the stamp dir (taken before it is listed):
 * their names, the rest of each stamp left for the caller to stat and
 * pass to runcache_take. NULL (n 0) otherwise. The caller frees the
 * names and the array. */
struct stamp *runcache_listing(struct runcache *, const char *key,
    const struct stamp *dir, size_t *n);

/* The run of directory key (its bytes below RUNS) when the old cache has
 * it with these very stamps: fills run (all but id and raw_id, left to
 * the caller) with its strings in set's pool and arenas, says its
 * messages again to d, and keeps its entry in the new cache as it is,
 * with the directory's stamp dir (NULL: none). *skimmed says whether it
 * was skimmed (runcache_skim): then only run->notes is filled. Keys
 * must come in the loader's walk order. */
bool runcache_take(struct runcache *, const char *key,
    const struct stamp *dir, const struct stamp *, size_t n,
    struct run *run, struct runset *set, struct diags *d, bool *skimmed);

/* Adds the run of directory key to the new cache: read from files with
 * these stamps in a directory with the stamp dir (NULL: none), with the
 * messages msgs. A stamp is kept only when it has settled. */
void runcache_put(struct runcache *, const char *key,
    const struct stamp *dir, const struct stamp *, size_t n,
    const struct run *run, const struct runset *set,
    const struct diag *msgs, size_t nmsgs);

/* Skimming, for a build that may find nothing changed: from now on,
 * as long as every entry met is taken as the old cache holds it (the
 * runs it does not keep, runcache_unkept, aside),
 * runcache_take checks an entry and says its messages but decodes only
 * whether its run has notes (run->notes), and runcache_skimmed gives
 * those runs whole when they are wanted. Decoding them is the larger
 * part of a load whose files did not change (at 100 000 runs, a fifth
 * of its CPU time). */
void runcache_skim(struct runcache *);
/* Whether runcache_take would skim the entry it takes next. */
bool runcache_skimming(const struct runcache *);
/* The runs skimmed so far, to decode with skimmed_next; skimming ends.
 * NULL when there are none (or no old cache to read them from). */
struct skimmed *runcache_skimmed(struct runcache *);
/* The next of them into run (initialised as the loader does; all but
 * id and raw_id filled) and its key: 1, or 0 at their end, or -1 when
 * they cannot be read again (errno says why). The key lives until the
 * next call. */
int skimmed_next(struct skimmed *, struct run *run, struct runset *set,
    const char **key, size_t *keylen);
void skimmed_free(struct skimmed *);
/* A run read from the files of directory key that the cache may not
 * keep (see load.c's cache_run): counted in the digest as
 * runcache_put counts one, so that the digest does not depend on which
 * runs had settled. Skimming goes on: the old cache had no entry of it
 * to take (or its entry is passed over, which ends skimming). */
void runcache_unkept(struct runcache *, const char *key,
    const struct run *run, const struct runset *set,
    const struct diag *msgs, size_t nmsgs);
/* The digest of every run taken, put or unkept, its key and its entry
 * but for the stamps, in walk order: what the runs are, without
 * decoding them. False when it could not be made. */
bool runcache_digest(const struct runcache *, uint64_t digest[2]);
/* Puts the new cache in place of the old (keep), or drops it. NULL is
 * fine. */
void runcache_close(struct runcache *, bool keep);

#endif
