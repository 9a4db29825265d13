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

char *
file_read(const char *path, size_t max, size_t *len, struct diags *d)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	size_t n = 0, cap = 0, got;
	char *buf = NULL;
	bool failed;

	if (f == NULL) {
		diags_add(d, MSG_ERROR, path, 0, "cannot open: %s",
		    strerror(errno));
		return NULL;
	}
	do {
		xgrow((void **)&buf, &cap, n + 65536 + 1, 1);
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (n > max) {
			diags_add(d, MSG_ERROR, path, 0, "larger than the "
			    "limit of %zu bytes; not read", max);
			break;
		}
	} while (got > 0);
	failed = n > max;
	if (!failed && ferror(f)) {
		diags_add(d, MSG_ERROR, path, 0, "cannot read: %s",
		    strerror(errno));
		failed = true;
	}
	if (f != stdin)
		fclose(f);
	if (failed) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
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
