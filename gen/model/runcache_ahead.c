/* The loader's cache read ahead of the walk (runcache_int.h): a thread
 * stats each entry's directory and files while the walk decodes the
 * entries before it, so that the two halves of a build that changed
 * little, the system calls and the decoding, run at once. It only
 * stats: whether an entry is taken is runcache.c's to say, with the
 * stamps this gives. Owned by runcache.c. */
#include "model/runcache_int.h"
#include "base/xalloc.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define AHEAD		1024	/* entries stamped before the walk asks */
#define READ_SIZE	((size_t)1 << 18)	/* read at a time */

struct slot {
	size_t i;		/* the entry's number */
	char *key;
	bool taken;		/* dir and files are the entry's */
	struct stamp dir, *files;
	size_t n;
};

struct ahead {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t moved;	/* done, want or stop changed */
	int fd, rootfd;
	size_t from;		/* the next record's offset in fd */
	unsigned char *buf;	/* fd's bytes from buf_at, buf_len of them */
	size_t buf_at, buf_len, buf_cap;
	size_t done;		/* entries stamped (under mu) */
	size_t want;		/* the entry the walk asked for (under mu) */
	bool stop, end;		/* (under mu) */
	/* Who waits on moved (under mu): each side wakes the other only
	 * then, not for each of 100 000 entries. */
	bool walk_waits, ahead_waits;
	struct slot slot[AHEAD];
};

static void
slot_clear(struct slot *s)
{
	for (size_t k = 0; k < s->n; k++)
		free(s->files[k].name);
	free(s->files);
	free(s->key);
	memset(s, 0, sizeof *s);
}

/* The len bytes of fd at off, from the buffer (read again as needed);
 * NULL past the file's end. */
static const unsigned char *
bytes_at(struct ahead *a, size_t off, size_t len)
{
	ssize_t got;

	if (off >= a->buf_at && off + len <= a->buf_at + a->buf_len)
		return a->buf + (off - a->buf_at);
	xgrow((void **)&a->buf, &a->buf_cap, len > READ_SIZE ? len :
	    READ_SIZE, 1);
	got = pread(a->fd, a->buf, a->buf_cap, (off_t)off);
	a->buf_at = off;
	a->buf_len = got > 0 ? (size_t)got : 0;
	return len <= a->buf_len ? a->buf : NULL;
}

/* The stamp of what path names below root, when it is of the type
 * want (S_IFDIR, S_IFREG); a link is not followed. */
static bool
stamp_path(const struct ahead *a, const char *path, mode_t want,
    struct stamp *s)
{
	struct stat st;

	if (fstatat(a->rootfd, path, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    (st.st_mode & S_IFMT) != want)
		return false;
	stamp_from_stat(&st, s);
	return true;
}

/* The files of an entry, r after its directory's stamp: stat'ed below
 * the directory key, when every one is still a plain file. */
static bool
stamp_files(const struct ahead *a, struct rd *r, struct slot *s)
{
	char path[PATH_MAX];
	size_t n = get_count(r, FILE_STAMP_MIN);

	if (n == 0)
		return false;
	s->files = xcalloc(n, sizeof *s->files);
	for (s->n = 0; s->n < n; s->n++) {
		size_t len;
		const char *name = get_mem(r, &len);
		struct stamp *f = &s->files[s->n];

		get_bytes(r, 7 * 8);
		if (!plain_name(name, len) || snprintf(path, sizeof path,
		    "%s/%.*s", s->key, (int)len, name) >= (int)sizeof path ||
		    !stamp_path(a, path, S_IFREG, f))
			return false;
		f->name = xstrndup(name, len);
	}
	return true;
}

/* Reads the next entry into s and stamps it when its directory has the
 * stamp the entry holds; false at the old cache's end or damage (where
 * the walk's reading ends too). */
static bool
read_entry(struct ahead *a, struct slot *s)
{
	const unsigned char *p = bytes_at(a, a->from, 4);
	uint32_t len;
	struct rd r;
	struct stamp was;
	size_t keylen;
	const char *key;

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
	if (get_dir_stamp(&r, &was) &&
	    stamp_path(a, s->key, S_IFDIR, &s->dir) &&
	    same_stamp(&was, &s->dir) && stamp_files(a, &r, s) && !r.bad)
		s->taken = true;
	return true;
}

static void *
run_ahead(void *arg)
{
	struct ahead *a = arg;
	bool more = true;

	for (size_t i = 0; more; i++) {
		struct slot s = {.i = i};

		pthread_mutex_lock(&a->mu);
		while (!a->stop && i >= a->want + AHEAD) {
			a->ahead_waits = true;
			pthread_cond_wait(&a->moved, &a->mu);
			a->ahead_waits = false;
		}
		more = !a->stop;
		pthread_mutex_unlock(&a->mu);
		if (more && !(more = read_entry(a, &s)))
			slot_clear(&s);
		pthread_mutex_lock(&a->mu);
		if (more) {
			slot_clear(&a->slot[i % AHEAD]);
			a->slot[i % AHEAD] = s;
			a->done = i + 1;
		}
		a->end = !more;
		if (a->walk_waits)
			pthread_cond_broadcast(&a->moved);
		pthread_mutex_unlock(&a->mu);
	}
	return NULL;
}

struct ahead *
ahead_start(int fd, size_t from, const char *root)
{
	struct ahead *a = xcalloc(1, sizeof *a);

	a->fd = fd;
	a->from = from;
	a->rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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
	pthread_mutex_lock(&a->mu);
	a->want = i;
	if (a->ahead_waits)
		pthread_cond_broadcast(&a->moved);
	while (!a->end && a->done <= i) {
		a->walk_waits = true;
		pthread_cond_wait(&a->moved, &a->mu);
		a->walk_waits = false;
	}
	if (a->done > i && s->i == i && s->taken &&
	    strlen(s->key) == keylen && memcmp(s->key, key, keylen) == 0) {
		*dir = s->dir;
		v = s->files;
		*n = s->n;
		s->files = NULL;
		s->n = 0;
		s->taken = false;
	}
	pthread_mutex_unlock(&a->mu);
	return v;
}

void
ahead_stop(struct ahead *a)
{
	if (a == NULL)
		return;
	pthread_mutex_lock(&a->mu);
	a->stop = true;
	pthread_cond_broadcast(&a->moved);
	pthread_mutex_unlock(&a->mu);
	pthread_join(a->thread, NULL);
	for (size_t k = 0; k < AHEAD; k++)
		slot_clear(&a->slot[k]);
	close(a->rootfd);
	pthread_mutex_destroy(&a->mu);
	pthread_cond_destroy(&a->moved);
	free(a->buf);
	free(a);
}
