/* Whole-file reading; see fileio.h. */
#include "base/fileio.h"
#include "base/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

static bool
too_big(const char *path, size_t max, size_t n, struct diags *d)
{
	if (n <= max)
		return false;
	diags_add(d, MSG_ERROR, path, 0, "larger than the limit of %zu bytes; "
	    "not read", max);
	return true;
}

/* Reads f to its end, or until it exceeds max bytes. */
static char *
read_stream(FILE *f, const char *path, size_t max, size_t *len,
    struct diags *d)
{
	size_t n = 0, cap = 0, got;
	char *buf = NULL;
	bool failed;

	do {
		xgrow((void **)&buf, &cap, n + 65536 + 1, 1);
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0 && n <= max);
	failed = too_big(path, max, n, d);
	if (!failed && ferror(f)) {
		diags_add(d, MSG_ERROR, path, 0, "cannot read: %s",
		    strerror(errno));
		failed = true;
	}
	if (failed) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Reads the open file fd to its end, or until it exceeds max bytes,
 * into *bufp (of *capp bytes, grown as needed; NULL and 0 to start
 * without one). A regular file is read into a buffer of its size (and
 * one byte to see its end), with no copy and no stdio buffer. Returns
 * whether it was read, with *len set and a NUL after the bytes. */
static bool
read_fd(int fd, const struct stat *st, const char *path, size_t max,
    char **bufp, size_t *capp, size_t *len, struct diags *d)
{
	size_t n = 0, want = 65536 + 1;

	if (S_ISREG(st->st_mode) && st->st_size >= 0 &&
	    (size_t)st->st_size <= max)
		want = (size_t)st->st_size + 2;
	if (*capp < want) {
		*bufp = xrealloc(*bufp, want);
		*capp = want;
	}
	for (;;) {
		ssize_t got;

		if (*capp - n - 1 == 0) {
			if (*capp > ((size_t)-1) / 2)
				break;
			*capp *= 2;
			*bufp = xrealloc(*bufp, *capp);
		}
		got = read(fd, *bufp + n, *capp - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			if (!too_big(path, max, n, d))
				diags_add(d, MSG_ERROR, path, 0, "cannot read: "
				    "%s", strerror(errno));
			return false;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max)
			break;
		/* A regular file read to the size fstat gave, and short of
		 * what was asked: its end, without a call to be told so
		 * (files of /proc and /sys, whose size says nothing, are
		 * read until read says 0). */
		if (S_ISREG(st->st_mode) && st->st_size > 0 &&
		    n == (size_t)st->st_size && n < *capp - 1)
			break;
	}
	if (too_big(path, max, n, d))
		return false;
	(*bufp)[n] = '\0';
	*len = n;
	return true;
}

/* Opens name (relative to dirfd, or AT_FDCWD) and checks what it is
 * before a byte is read: a regular file over max is refused at once;
 * with regular_only anything else is, and the open does not wait for a
 * FIFO's writer. path names the file in messages. Returns the
 * descriptor with *st filled, or -1. */
static int
open_checked(int dirfd, const char *name, const char *path, size_t max,
    bool regular_only, struct stat *st, struct diags *d)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NOCTTY | O_CLOEXEC |
	    (regular_only ? O_NONBLOCK : 0));

	if (fd < 0 || fstat(fd, st) != 0) {
		diags_add(d, MSG_ERROR, path, 0, "cannot open: %s",
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (regular_only && !S_ISREG(st->st_mode)) {
		diags_add(d, MSG_ERROR, path, 0, "%s; not read",
		    S_ISDIR(st->st_mode) ? "a directory, not a file" :
		    "not a regular file");
		close(fd);
		return -1;
	}
	if (S_ISREG(st->st_mode) && too_big(path, max, (size_t)st->st_size,
	    d)) {
		close(fd);
		return -1;
	}
	return fd;
}

static char *
read_at(int dirfd, const char *name, const char *path, size_t max,
    bool regular_only, size_t *len, struct diags *d)
{
	struct stat st;
	char *buf = NULL;
	size_t cap = 0;
	int fd;

	if (strcmp(path, "-") == 0)
		return read_stream(stdin, path, max, len, d);
	if ((fd = open_checked(dirfd, name, path, max, regular_only, &st,
	    d)) < 0)
		return NULL;
	if (!read_fd(fd, &st, path, max, &buf, &cap, len, d)) {
		free(buf);
		buf = NULL;
	}
	close(fd);
	return buf;
}

char *
file_read(const char *path, size_t max, size_t *len, struct diags *d)
{
	return read_at(AT_FDCWD, path, path, max, false, len, d);
}

char *
file_read_regular(const char *path, size_t max, size_t *len,
    struct diags *d)
{
	return read_at(AT_FDCWD, path, path, max, true, len, d);
}

bool
file_read_regular_at(int dirfd, const char *name, const char *path,
    size_t max, char **buf, size_t *cap, size_t *len, struct diags *d)
{
	struct stat st;
	bool ok;
	int fd;

	if ((fd = open_checked(dirfd, name, path, max, true, &st, d)) < 0)
		return false;
	ok = read_fd(fd, &st, path, max, buf, cap, len, d);
	close(fd);
	return ok;
}

/* Reads fd from where it is to its end, piece by piece, as
 * file_read_pieces says; closes nothing. */
static bool
read_pieces(int fd, size_t max, char *(*room)(void *ctx, size_t *n),
    bool (*take)(void *ctx, size_t n), void *ctx)
{
	size_t total = 0;

	for (;;) {
		size_t n;
		char *p = room(ctx, &n);
		ssize_t got = read(fd, p, n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 || (total += (size_t)got) > max ||
		    !take(ctx, (size_t)got))
			return false;
		if (got == 0)
			return true;
	}
}

int
file_open_regular(const char *path, size_t max)
{
	struct stat st;
	int fd;

	/* A FIFO is left to file_read without being opened here: opening
	 * and closing it would release its writer and drop what it wrote. */
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0 ||
	    (size_t)st.st_size > max) {
		close(fd);
		return -1;
	}
	return fd;
}

bool
file_read_pieces(const char *path, size_t max,
    char *(*room)(void *ctx, size_t *n), bool (*take)(void *ctx, size_t n),
    void *ctx)
{
	int fd = file_open_regular(path, max);
	bool ok;

	if (fd < 0)
		return false;
	ok = read_pieces(fd, max, room, take, ctx);
	close(fd);
	return ok;
}

int
write_file_atomic(const char *path, const char *buf, size_t len,
    struct diags *d)
{
	char *tmp = xasprintf("%s.tmp-XXXXXX", path);
	int fd = mkstemp(tmp), rc = -1;
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;

	if (f == NULL) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot write: %s",
		    strerror(errno));
		if (fd >= 0)
			close(fd);
	} else if (fwrite(buf, 1, len, f) != len || fflush(f) != 0 ||
	    fchmod(fd, 0644) != 0) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot write: %s",
		    strerror(errno));
		fclose(f);
	} else if (fclose(f) != 0 || rename(tmp, path) != 0) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot write: %s",
		    strerror(errno));
	} else {
		rc = 0;
	}
	if (rc != 0 && fd >= 0)
		unlink(tmp);
	free(tmp);
	return rc;
}

bool
path_below(const char *p, size_t len)
{
	size_t start = 0;

	for (size_t k = 0; k <= len; k++) {
		size_t n = k - start;

		if (k < len && p[k] == '\0')
			return false;
		if (k < len && p[k] != '/')
			continue;
		if (n == 0 || (n == 1 && p[start] == '.') || (n == 2 &&
		    p[start] == '.' && p[start + 1] == '.'))
			return false;
		start = k + 1;
	}
	return true;
}

char *
path_beside(const char *path, const char *suffix)
{
	char *copy = xstrdup(path), *slash, *out;
	size_t len = strlen(copy);

	while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	slash = strrchr(copy, '/');
	out = slash ? xasprintf("%.*s/.%s%s", (int)(slash - copy), copy,
	    slash + 1, suffix) : xasprintf(".%s%s", copy, suffix);
	free(copy);
	return out;
}

/* Whether path is a directory, or a link to one; errno ENOTDIR when it
 * is something else. */
static bool
is_directory(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return false;
	if (!S_ISDIR(st.st_mode))
		errno = ENOTDIR;
	return S_ISDIR(st.st_mode);
}

int
make_dirs(const char *path, bool parents_only, char **failed)
{
	char *p = xstrdup(path), c;
	int status = 0;

	/* from the second byte: a leading '/' is the root's */
	for (char *s = p + (*p != '\0'); *p != '\0'; s++) {
		if ((c = *s) != '/' && c != '\0')
			continue;
		if (c == '\0' && parents_only)
			break;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && (errno != EEXIST ||
		    !is_directory(p))) {
			if (failed)
				*failed = xstrdup(p);
			status = -1;
			break;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
	return status;
}

/* file_read_lines' pieces: a line begun stays at the buffer's start
 * until its end is read. */
struct lines_read {
	bool (*take)(void *ctx, char *line, size_t len, bool ended);
	void *ctx;
	char *buf;
	size_t cap, have;	/* have: the line begun */
};

#define LINES_PIECE ((size_t)1 << 16)

static char *
lines_room(void *ctx, size_t *n)
{
	struct lines_read *lr = ctx;

	/* One byte more than read, for the NUL of a last line. */
	xgrow((void **)&lr->buf, &lr->cap, lr->have + LINES_PIECE + 1, 1);
	*n = lr->cap - lr->have - 1;
	return lr->buf + lr->have;
}

static bool
lines_take(void *ctx, size_t got)
{
	struct lines_read *lr = ctx;
	char *line = lr->buf, *end = lr->buf + lr->have + got, *nl;

	while ((nl = memchr(line, '\n', (size_t)(end - line))) != NULL) {
		*nl = '\0';
		if (!lr->take(lr->ctx, line, (size_t)(nl - line), true))
			return false;
		line = nl + 1;
	}
	lr->have = (size_t)(end - line);
	memmove(lr->buf, line, lr->have);
	if (got == 0 && lr->have > 0) {
		lr->buf[lr->have] = '\0';
		return lr->take(lr->ctx, lr->buf, lr->have, false);
	}
	return true;
}

bool
file_read_lines(const char *path, size_t max,
    bool (*take)(void *ctx, char *line, size_t len, bool ended), void *ctx)
{
	struct lines_read lr = {take, ctx, NULL, 0, 0};
	bool ok = file_read_pieces(path, max, lines_room, lines_take, &lr);

	free(lr.buf);
	return ok;
}

bool
file_read_lines_fd(int fd, size_t max,
    bool (*take)(void *ctx, char *line, size_t len, bool ended), void *ctx)
{
	struct lines_read lr = {take, ctx, NULL, 0, 0};
	bool ok = read_pieces(fd, max, lines_room, lines_take, &lr);

	free(lr.buf);
	return ok;
}

const char *
file_window_get(struct file_window *w, size_t off, size_t len, size_t piece)
{
	size_t want = len > piece ? len : piece;
	ssize_t got;

	if (off >= w->at && off + len <= w->at + w->len)
		return w->buf + (off - w->at);
	xgrow((void **)&w->buf, &w->cap, want, 1);
	w->at = off;
	for (w->len = 0; w->len < want; w->len += (size_t)got) {
		got = pread(w->fd, w->buf + w->len, want - w->len,
		    (off_t)(off + w->len));
		if (got < 0 && errno == EINTR)
			got = 0;
		else if (got <= 0)
			break;
	}
	return w->len >= len ? w->buf : NULL;
}

void
file_window_free(struct file_window *w)
{
	free(w->buf);
	w->buf = NULL;
	w->at = w->len = w->cap = 0;
}

int
program_hash(uint64_t out[2])
{
	static uint64_t hash[2];
	static int state;	/* 0 not read yet, 1 read, -1 unreadable */
	struct diags quiet = {.quiet = 1};
	size_t len;
	char *exe;

	if (state == 0) {
		exe = file_read("/proc/self/exe", (size_t)1 << 30, &len,
		    &quiet);
		diags_free(&quiet);
		state = exe ? 1 : -1;
		if (exe) {
			XXH128_hash_t h = XXH3_128bits(exe, len);

			hash[0] = h.low64;
			hash[1] = h.high64;
			free(exe);
		}
	}
	memcpy(out, hash, sizeof hash);
	return state > 0 ? 0 : -1;
}
