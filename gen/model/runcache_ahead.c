/* The loader's cache read ahead of the walk (runcache_int.h): a thread
 * stats each entry's directory and files while the walk decodes the
 * entries before it, so that the two halves of a build that changed
 * little, the system calls and the decoding, run at once. It only
 * stats: whether an entry is taken is runcache.c's to say, with the
 * stamps this gives. Owned by runcache.c.
 *
 * The stats cost more than the decoding (at 100 000 runs the thread
 * took 0.6 s, the walk 0.4 s, and waited 0.3 s for it), so the walk
 * does not wait for an entry the thread has not begun: it claims it
 * and stats it itself (ahead_take gives NULL, and the loader stats by
 * the cache's listing), and the thread passes over it. */
#include "model/runcache_int.h"
#include "base/fileio.h"
#include "base/xalloc.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define AHEAD		1024	/* entries stamped before the walk asks */
#define BATCH		64	/* entries the walk lets pass before
				   waking the thread */
#define GAP		16	/* entries after the walk's left to it */
#define SPIN		4096	/* looks at an entry the thread is
				   stamping before sleeping on it */
#define READ_SIZE	((size_t)1 << 18)	/* read at a time */

enum { CLAIM_AHEAD, CLAIM_WALK };

struct slot {
	size_t i;		/* the entry's number */
	char *key;
	bool taken;		/* dir and files are the entry's */
	struct stamp dir, *files;
	size_t n;
};

/* The two sides share no lock while both run: the thread publishes how
 * many entries it has stamped (done), the walk which entry it asks for
 * (want), each an atomic store after the slots it concerns are written
 * or read. A side that must wait says from when it wants to be woken
 * (wake_at, then the other side's count) and sleeps on moved; the other
 * wakes it once its count gets there: with a lock and a wake-up per
 * entry, the two sides made 500 000 futex calls at 100 000 runs. A
 * waiter sets wake_at and looks again under mu, and the waker reads
 * wake_at after its store (both sequentially consistent), so no wake-up
 * is lost. */
struct ahead {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t moved;
	int rootfd;
	/* The directory above the entries at hand (their key up to the
	 * last '/'; rootfd for none), open so that each stat looks up one
	 * name fewer: at 100 000 runs the lookups were a seventh of a build
	 * that changed nothing. */
	int parentfd;
	char *parent;
	size_t from;		/* the next record's offset in the cache */
	struct file_window cache;	/* its fd the loader's */
	atomic_size_t done;	/* entries stamped or passed over */
	atomic_size_t want;	/* the entry the walk asked for */
	atomic_bool stop, end;
	/* 0, or 1 + the count from which a waiting side wants waking. */
	atomic_size_t walk_wake_at, ahead_wake_at;
	struct slot slot[AHEAD];
	atomic_size_t claim[AHEAD];	/* see claim() */
};

/* Wakes the side waiting on wake_at once count has reached it (or
 * always, with force). */
static void
wake(struct ahead *a, atomic_size_t *wake_at, size_t count, bool force)
{
	size_t at = atomic_load(wake_at);

	if (at == 0 || (!force && count + 1 < at))
		return;
	pthread_mutex_lock(&a->mu);
	atomic_store(wake_at, 0);
	pthread_cond_broadcast(&a->moved);
	pthread_mutex_unlock(&a->mu);
}

/* Sleeps until ready(a) or the other side wakes this one, having asked
 * for it from count at. */
static void
wait_for(struct ahead *a, atomic_size_t *wake_at, size_t at,
    bool (*ready)(struct ahead *, size_t), size_t arg)
{
	pthread_mutex_lock(&a->mu);
	atomic_store(wake_at, at + 1);
	while (!ready(a, arg) && atomic_load(wake_at) != 0)
		pthread_cond_wait(&a->moved, &a->mu);
	atomic_store(wake_at, 0);
	pthread_mutex_unlock(&a->mu);
}

static void
slot_clear(struct slot *s)
{
	for (size_t k = 0; k < s->n; k++)
		free(s->files[k].name);
	free(s->files);
	free(s->key);
	memset(s, 0, sizeof *s);
}

/* The len bytes of the cache at off; NULL past its end. */
static const unsigned char *
bytes_at(struct ahead *a, size_t off, size_t len)
{
	return (const unsigned char *)file_window_get(&a->cache, off, len,
	    READ_SIZE);
}

/* The last name of key, with a->parentfd open on the directory above
 * it; NULL when that cannot be opened. */
static const char *
enter_parent(struct ahead *a, const char *key)
{
	const char *slash = strrchr(key, '/');
	size_t len = slash ? (size_t)(slash - key) : 0;

	if (!a->parent || strlen(a->parent) != len ||
	    memcmp(a->parent, key, len) != 0) {
		if (a->parentfd >= 0 && a->parentfd != a->rootfd)
			close(a->parentfd);
		free(a->parent);
		a->parent = xstrndup(key, len);
		a->parentfd = len == 0 ? a->rootfd : openat(a->rootfd,
		    a->parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	}
	return a->parentfd < 0 ? NULL : slash ? slash + 1 : key;
}

/* The stamp of what path names below the parent directory, when it is
 * of the type want (S_IFDIR, S_IFREG); a link is not followed. */
static bool
stamp_path(const struct ahead *a, const char *path, mode_t want,
    struct stamp *s)
{
	struct stat st;

	if (fstatat(a->parentfd, path, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    (st.st_mode & S_IFMT) != want)
		return false;
	stamp_from_stat(&st, s);
	return true;
}

/* The files of an entry, r after its directory's stamp: stat'ed below
 * its directory dir (in the parent directory), when every one is still
 * a plain file. */
static bool
stamp_files(const struct ahead *a, const char *dir, struct rd *r,
    struct slot *s)
{
	char path[PATH_MAX];
	size_t n = get_count(r, FILE_STAMP_MIN), keylen = strlen(dir);

	if (n == 0 || keylen + 1 >= sizeof path)
		return false;
	/* "DIR/NAME": DIR copied once, not printed again for each file. */
	memcpy(path, dir, keylen);
	path[keylen] = '/';
	s->files = xcalloc(n, sizeof *s->files);
	for (s->n = 0; s->n < n; s->n++) {
		size_t len;
		const char *name = get_mem(r, &len);
		struct stamp *f = &s->files[s->n];

		get_bytes(r, 7 * 8);
		if (!plain_name(name, len) || keylen + 1 + len >= sizeof path)
			return false;
		memcpy(path + keylen + 1, name, len);
		path[keylen + 1 + len] = '\0';
		if (!stamp_path(a, path, S_IFREG, f))
			return false;
		f->name = xstrndup(name, len);
	}
	return true;
}

/* Claims entry i for a side (CLAIM_AHEAD, CLAIM_WALK): false when the
 * other has it. claim[i % AHEAD] holds the last claim, 2 (i + 1) +
 * side, of the entries that share it, which come in order. */
static bool
claim(struct ahead *a, size_t i, unsigned side)
{
	atomic_size_t *at = &a->claim[i % AHEAD];
	size_t was = atomic_load(at), mine = 2 * (i + 1) + side;

	while (was < 2 * (i + 1))
		if (atomic_compare_exchange_weak(at, &was, mine))
			return true;
	return false;
}

/* Reads the next entry, number i, into s and stamps it when its
 * directory has the stamp the entry holds and the walk has not claimed
 * it; false at the old cache's end or damage (where the walk's reading
 * ends too). */
static bool
read_entry(struct ahead *a, size_t i, struct slot *s)
{
	const unsigned char *p = bytes_at(a, a->from, 4);
	uint32_t len;
	struct rd r;
	struct stamp was;
	size_t keylen;
	const char *key, *dir;

	if (p == NULL)
		return false;
	memcpy(&len, p, 4);
	if (len >= MAX_RECORD || (p = bytes_at(a, a->from + 4, len)) == NULL)
		return false;
	a->from += 4 + (size_t)len;
	r = (struct rd){p, p + len, false};
	if ((key = get_mem(&r, &keylen)) == NULL)
		return false;
	s->key = xstrndup(key, keylen);
	/* Those close to the walk are left to it. */
	if (i >= atomic_load(&a->want) + GAP && claim(a, i, CLAIM_AHEAD) &&
	    get_dir_stamp(&r, &was) && (dir = enter_parent(a, s->key)) &&
	    stamp_path(a, dir, S_IFDIR, &s->dir) &&
	    same_stamp(&was, &s->dir) && stamp_files(a, dir, &r, s) && !r.bad)
		s->taken = true;
	return true;
}

/* Whether the thread may stamp entry i: its slot is free. */
static bool
slot_free(struct ahead *a, size_t i)
{
	return atomic_load(&a->stop) || i < atomic_load(&a->want) + AHEAD;
}

/* Whether entry i is stamped, or never will be. */
static bool
stamped(struct ahead *a, size_t i)
{
	return atomic_load(&a->done) > i || atomic_load(&a->end);
}

static void *
run_ahead(void *arg)
{
	struct ahead *a = arg;
	bool more = true;

	for (size_t i = 0; more; i++) {
		struct slot s = {.i = i};

		/* Woken when the walk has freed a batch of slots. */
		if (!slot_free(a, i))
			wait_for(a, &a->ahead_wake_at, i - AHEAD + BATCH,
			    slot_free, i);
		more = !atomic_load(&a->stop);
		if (more && !(more = read_entry(a, i, &s)))
			slot_clear(&s);
		if (more) {
			slot_clear(&a->slot[i % AHEAD]);
			a->slot[i % AHEAD] = s;
			atomic_store(&a->done, i + 1);
		} else {
			atomic_store(&a->end, true);
		}
		wake(a, &a->walk_wake_at, i + 1, !more);
	}
	return NULL;
}

struct ahead *
ahead_start(int fd, size_t from, const char *root)
{
	struct ahead *a = xcalloc(1, sizeof *a);

	a->cache.fd = fd;
	a->from = from;
	a->rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	a->parentfd = -1;
	pthread_mutex_init(&a->mu, NULL);
	pthread_cond_init(&a->moved, NULL);
	if (a->rootfd < 0 ||
	    pthread_create(&a->thread, NULL, run_ahead, a) != 0) {
		if (a->rootfd >= 0)
			close(a->rootfd);
		pthread_mutex_destroy(&a->mu);
		pthread_cond_destroy(&a->moved);
		free(a);
		return NULL;
	}
	return a;
}

struct stamp *
ahead_take(struct ahead *a, size_t i, const char *key, size_t keylen,
    struct stamp *dir, size_t *n)
{
	struct slot *s = &a->slot[i % AHEAD];
	struct stamp *v = NULL;

	*n = 0;
	atomic_store(&a->want, i);
	wake(a, &a->ahead_wake_at, i, false);
	if (claim(a, i, CLAIM_WALK))
		return NULL;
	/* The thread has begun it: a few microseconds. */
	for (int spin = 0; spin < SPIN && !stamped(a, i); spin++)
		;
	if (!stamped(a, i))
		wait_for(a, &a->walk_wake_at, i + 1, stamped, i);
	if (atomic_load(&a->done) > i && s->i == i && s->taken &&
	    strlen(s->key) == keylen && memcmp(s->key, key, keylen) == 0) {
		*dir = s->dir;
		v = s->files;
		*n = s->n;
		s->files = NULL;
		s->n = 0;
		s->taken = false;
	}
	return v;
}

void
ahead_stop(struct ahead *a)
{
	if (a == NULL)
		return;
	atomic_store(&a->stop, true);
	wake(a, &a->ahead_wake_at, 0, true);
	pthread_join(a->thread, NULL);
	for (size_t k = 0; k < AHEAD; k++)
		slot_clear(&a->slot[k]);
	if (a->parentfd >= 0 && a->parentfd != a->rootfd)
		close(a->parentfd);
	free(a->parent);
	close(a->rootfd);
	pthread_mutex_destroy(&a->mu);
	pthread_cond_destroy(&a->moved);
	file_window_free(&a->cache);
	free(a);
}
