/* The collector: the host, the file system holding a directory, and the
 * block devices under it followed through partitions, dm and md to the
 * disks and the PCI controllers they hang on, as meta lines for people
 * and for the reader. Reads only text files and links, below a root.
 * Here: the entry points of collect.h and the command; the host's lines
 * are collect_host.c's, the storage's collect_storage.c's (the parts
 * stand in layers, collect_int.h). */
#include "capture/collect_int.h"
#include "base/exit.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void
collect_free(struct collect *c)
{
	meta_lines_free(&c->out);
	for (size_t i = 0; i < c->ndisks; i++) {
		for (int f = 0; f < D_COUNT; f++) {
			free(c->disks[i].v[f]);
			free(c->disks[i].why[f]);
		}
		free(c->disks[i].ctl);
		free(c->disks[i].name);
	}
	free(c->disks);
	free(c->md_level);
	free(c->md_chunk);
	free(c->md_devices);
	free(c->btrfs_fsid);
	free(c->loop_dio);
	free(c->pci_ids);
	free(c->root);
}

/* The absolute path of the user's PATH inside the root: on a live
 * system relative to the working directory and required to exist; in a
 * copied tree relative to its root, and taken as written where the tree
 * does not have it. NULL when it cannot be found (reported). */
static char *
target_path(struct collect *c, const char *path, struct diags *d)
{
	char cwd[PATH_MAX], *abs, *r;
	bool live = c->root[0] == '\0';
	int err;

	if (path[0] == '/')
		abs = xstrdup(path);
	else if (!live)
		abs = xasprintf("/%s", path);
	else if (getcwd(cwd, sizeof cwd) != NULL)
		abs = xasprintf("%s/%s", cwd, path);
	else {
		diags_add(d, MSG_ERROR, path, 0, "cannot find the working "
		    "directory: %s", strerror(errno));
		return NULL;
	}
	r = root_resolve(c, abs, &err);
	free(abs);
	if (r == NULL || (live && err != 0)) {
		diags_add(d, MSG_ERROR, path, 0, "%s", strerror(err));
		free(r);
		return NULL;
	}
	return r;
}

int
collect_meta(FILE *out, const char *sysroot, const char *path, time_t now,
    struct diags *d)
{
	struct collect c = {0};
	struct stat st;
	size_t n = strlen(sysroot);
	char *where;

	if (stat(sysroot, &st) != 0 || !S_ISDIR(st.st_mode)) {
		diags_add(d, MSG_ERROR, sysroot, 0, "not a directory to read "
		    "/proc and /sys from");
		return -1;
	}
	while (n > 0 && sysroot[n - 1] == '/')
		n--;
	c.root = xstrndup(sysroot, n);
	c.notes = &c.out;
	if ((where = target_path(&c, path, d)) == NULL) {
		collect_free(&c);
		return -1;
	}
	put_note(&c, "benchsite collect: the storage under %s and its host",
	    where);
	host_section(&c, now);
	storage_section(&c, where);
	for (size_t i = 0; i < c.out.n; i++)
		if (c.out.v[i].key)
			fprintf(out, "%s: %s\n", c.out.v[i].key,
			    c.out.v[i].value);
		else
			fprintf(out, "# %s\n", c.out.v[i].value);
	free(where);
	collect_free(&c);
	return 0;
}

int
collect_time(time_t *now, struct diags *d)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (s == NULL || *s == '\0') {
		*now = time(NULL);
		return 0;
	}
	errno = 0;
	v = strtoll(s, &end, 10);
	if (!isdigit((unsigned char)*s) || *end != '\0' || errno != 0) {
		diags_add(d, MSG_ERROR, "SOURCE_DATE_EPOCH", 0, "\"%.40s\" is "
		    "not a number of seconds since 1970", s);
		return -1;
	}
	*now = (time_t)v;
	return 0;
}

char *
collect_hostname(const char *sysroot)
{
	struct collect c = {0};
	char *why, *v;

	c.root = xstrdup(strcmp(sysroot, "/") == 0 ? "" : sysroot);
	v = root_attr(&c, &why, "/proc/sys/kernel/hostname");
	free(why);
	free(c.root);
	return v;
}

static int
collect_usage(void)
{
	fputs("usage: benchsite collect [--sysroot DIR] PATH\n", stderr);
	return EXIT_INPUT;
}

int
cmd_collect(int argc, char **argv)
{
	const char *sysroot = "/";
	struct diags d = {0};
	time_t now;
	int i = 1, status;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "--sysroot") == 0 && i + 1 < argc)
			sysroot = argv[++i];
		else
			return collect_usage();
	}
	if (i + 1 != argc)
		return collect_usage();
	if (collect_time(&now, &d) != 0 ||
	    collect_meta(stdout, sysroot, argv[i], now, &d) != 0)
		status = EXIT_INPUT;
	else if (fflush(stdout) != 0 || ferror(stdout)) {
		fputs("benchsite: cannot write standard output\n", stderr);
		status = EXIT_INTERNAL;
	} else
		status = EXIT_DONE;
	diags_free(&d);
	return status;
}
