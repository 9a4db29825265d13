/* The file system holding a path: its mount in /proc/self/mountinfo,
 * and the block device under it. */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Undoes mountinfo's octal escapes (\040 is a space), in place. */
static char *
unescape(char *s)
{
	char *o = s;

	for (char *p = s; *p; p++) {
		if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' &&
		    p[2] >= '0' && p[2] <= '7' && p[3] >= '0' && p[3] <= '7') {
			*o++ = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 +
			    (p[3] - '0'));
			p += 3;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	return s;
}

/* The per-mount options, then the file system's own without the "rw" or
 * "ro" both have, as findmnt shows them. */
static char *
merge_options(const char *vfs, const char *super)
{
	char *all = xstrdup(vfs), *copy = xstrdup(super ? super : ""), *o;
	char *save = NULL, *next;

	for (o = strtok_r(copy, ",", &save); o; o = strtok_r(NULL, ",", &save)) {
		if (strcmp(o, "rw") == 0 || strcmp(o, "ro") == 0)
			continue;
		next = xasprintf("%s,%s", all, o);
		free(all);
		all = next;
	}
	free(copy);
	return all;
}

/* How far mount point mp covers path: its length, or -1. */
static long
covers(const char *mp, const char *path)
{
	size_t n = strlen(mp);

	if (strcmp(mp, "/") == 0)
		return 0;
	if (strncmp(path, mp, n) == 0 && (path[n] == '/' || path[n] == '\0'))
		return (long)n;
	return -1;
}

/* Reads one mountinfo line into m when it covers path at least as far
 * as best (a later mount hides an earlier one on the same point). */
static void
mount_line(char *line, const char *path, long *best, struct mount *m)
{
	char *f[64], *save = NULL;
	int n = 0, dash = -1;
	long how;

	for (char *t = strtok_r(line, " ", &save); t && n < 64;
	    t = strtok_r(NULL, " ", &save))
		f[n++] = t;
	for (int i = 6; i < n && dash < 0; i++)
		if (strcmp(f[i], "-") == 0)
			dash = i;
	if (dash < 0 || dash + 2 >= n)
		return;
	if ((how = covers(unescape(f[4]), path)) < 0 || how < *best)
		return;
	*best = how;
	free(m->point);
	free(m->type);
	free(m->source);
	free(m->options);
	m->point = xstrdup(f[4]);
	m->type = xstrdup(f[dash + 1]);
	m->source = xstrdup(unescape(f[dash + 2]));
	m->options = merge_options(f[5], dash + 3 < n ? f[dash + 3] : NULL);
	if (sscanf(f[2], "%u:%u", &m->maj, &m->min) != 2)
		m->maj = m->min = 0;
}

/* Finds the mount holding path; false (noted) when there is none. */
bool
find_mount(struct collect *c, const char *path, struct mount *m)
{
	char *why = NULL, *buf, *line, *save = NULL;
	long best = -1;

	buf = root_read_file(c, "/proc/self/mountinfo", SMALL_FILE, &why);
	if (buf == NULL) {
		put_note(c, "filesystem: not found: %s", why);
		free(why);
		return false;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	    line = strtok_r(NULL, "\n", &save))
		mount_line(line, path, &best, m);
	free(buf);
	if (best < 0)
		put_note(c, "filesystem: no mount in /proc/self/mountinfo "
		    "holds %s", path);
	return best >= 0;
}

/* The kernel name of the block device of a mount: through its device
 * number, or for file systems that have none of their own (btrfs) the
 * /dev name of their source; NULL (noted) when there is none. */
char *
mount_device(struct collect *c, const struct mount *m)
{
	char *r, *name;
	int err;

	if (m->maj == 0) {
		if (strncmp(m->source, "/dev/", 5) == 0 && root_exists(c,
		    "/sys/class/block/%s%s", last_component(m->source), "")) {
			put_note(c, "%s has no device number of its own "
			    "(0:%u); its source %s is used", m->type, m->min,
			    m->source);
			return xstrdup(last_component(m->source));
		}
		put_note(c, "stack: %s (%s) is not on a block device", m->type,
		    m->source);
		return NULL;
	}
	r = root_resolvef(c, &err, "/sys/dev/block/%u:%u", m->maj, m->min);
	if (r == NULL || err != 0) {
		put_note(c, "stack: block device %u:%u: "
		    "/sys/dev/block/%u:%u: %s", m->maj, m->min, m->maj, m->min,
		    strerror(err));
		free(r);
		return NULL;
	}
	name = xstrdup(last_component(r));
	free(r);
	return name;
}
