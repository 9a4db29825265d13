/* Whole-file reading; see fileio.h. */
#include "fileio.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Opens path and checks what it is before a byte is read: a regular
 * file over max is refused at once; with regular_only anything else is,
 * and the open does not wait for a FIFO's writer. */
static FILE *
open_checked(const char *path, size_t max, bool regular_only,
    struct diags *d)
{
	int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC |
	    (regular_only ? O_NONBLOCK : 0));
	struct stat st;
	FILE *f;

	if (fd < 0 || fstat(fd, &st) != 0) {
		diags_add(d, MSG_ERROR, path, 0, "cannot open: %s",
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (regular_only && !S_ISREG(st.st_mode)) {
		diags_add(d, MSG_ERROR, path, 0, "%s; not read",
		    S_ISDIR(st.st_mode) ? "a directory, not a file" :
		    "not a regular file");
		close(fd);
		return NULL;
	}
	if (S_ISREG(st.st_mode) && too_big(path, max, (size_t)st.st_size, d)) {
		close(fd);
		return NULL;
	}
	if ((f = fdopen(fd, "rb")) == NULL) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot read: %s",
		    strerror(errno));
		close(fd);
	}
	return f;
}

static char *
read_path(const char *path, size_t max, bool regular_only, size_t *len,
    struct diags *d)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin :
	    open_checked(path, max, regular_only, d);
	char *buf;

	if (f == NULL)
		return NULL;
	buf = read_stream(f, path, max, len, d);
	if (f != stdin)
		fclose(f);
	return buf;
}

char *
file_read(const char *path, size_t max, size_t *len, struct diags *d)
{
	return read_path(path, max, false, len, d);
}

char *
file_read_regular(const char *path, size_t max, size_t *len,
    struct diags *d)
{
	return read_path(path, max, true, len, d);
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
