/* The collector: the host, the file system holding a directory, and the
 * block devices under it followed through partitions, dm and md to the
 * disks and the PCI controllers they hang on, as meta lines for people
 * and for the reader. Reads only text files and links, below a root. */
#include "capture/collect.h"
#include "base/exit.h"
#include "base/fileio.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINKS 40		/* symbolic links followed in one path */
#define MAX_DEPTH 16		/* block devices stacked on each other */
#define SMALL_FILE (16u << 20)	/* /proc/cpuinfo of a big machine fits */

struct line {
	char *key;		/* NULL: a comment */
	char *value;
};

struct lines {
	struct line *v;
	size_t n, cap;
};

/* One block device of the stack and what it is built on. */
struct node {
	char *name;		/* kernel name: sda1, md0, dm-0 */
	char *what;		/* "raid0, 2 devices, 512k chunk", or NULL */
	struct node *kids;
	size_t nkids;
};

enum disk_field {
	D_MODEL, D_VENDOR, D_FIRMWARE, D_SIZE, D_ROTATIONAL, D_SCHEDULER,
	D_READAHEAD, D_QDEPTH, D_WCACHE, D_BUS, D_CONTROLLER, D_DRIVER,
	D_PORT, D_LINK, D_COUNT
};

static const char *const disk_keys[D_COUNT] = {
	"model", "vendor", "firmware", "size", "rotational", "scheduler",
	"readahead", "queue-depth", "write-cache", "bus", "controller",
	"driver", "port", "link-speed",
};

struct disk {
	char *name;
	char *v[D_COUNT];	/* NULL: not found */
	char *why[D_COUNT];	/* why not, or NULL when there is nothing
				 * to say (no ATA port on an NVMe disk) */
	char *ctl;		/* the controller's name and ids */
};

struct collect {
	char *root;		/* the system root without a trailing '/' */
	struct lines out;
	struct lines *notes;	/* where comments go now */
	struct disk *disks;
	size_t ndisks, capdisks;
	char *md_level, *md_chunk, *md_devices;	/* of the first md array */
	int nmd;
	char *pci_ids;		/* the PCI id database, once read */
	bool pci_tried;
};

static void
lines_add(struct lines *l, char *key, char *value)
{
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n].key = key;
	l->v[l->n].value = value;
	l->n++;
}

static void
lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].key);
		free(l->v[i].value);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* Values come from files anyone could write: one line, no control
 * characters, so each stays one meta line. */
static char *
clean(char *s)
{
	size_t n;
	char *p = s;

	for (char *q = s; *q; q++)
		if ((unsigned char)*q < 0x20 || *q == 0x7f)
			*q = ' ';
	while (*p == ' ')
		p++;
	n = strlen(p);
	while (n > 0 && p[n - 1] == ' ')
		n--;
	memmove(s, p, n);
	s[n] = '\0';
	return s;
}

/* Meta keys are letters, digits, '-', '_' and '.': a device name with
 * anything else (cciss!c0d0) is spelled with '_' there. */
static char *
clean_key(char *k)
{
	for (char *p = k; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("-_.", *p))
			*p = '_';
	return k;
}

static void
put(struct collect *c, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
put(struct collect *c, const char *key, const char *fmt, ...)
{
	va_list ap;
	char *v;

	va_start(ap, fmt);
	v = xvasprintf(fmt, ap);
	va_end(ap);
	lines_add(&c->out, clean_key(xstrdup(key)), clean(v));
}

static void
note(struct collect *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
note(struct collect *c, const char *fmt, ...)
{
	va_list ap;
	char *v;

	va_start(ap, fmt);
	v = xvasprintf(fmt, ap);
	va_end(ap);
	lines_add(c->notes, NULL, clean(v));
}

/* Puts key: value, or says why it is left out. Takes both strings. */
static void
put_or_note(struct collect *c, const char *key, char *value, char *why)
{
	if (value)
		put(c, key, "%s", value);
	else
		note(c, "%s: not found: %s", key, why ? why : "unknown");
	free(value);
	free(why);
}

/* The start of the line after p's, or NULL at the end. */
static const char *
next_line(const char *p)
{
	p = strchr(p, '\n');
	return p ? p + 1 : NULL;
}

static const char *
base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* --- Paths below the root ---------------------------------------- */

static char *
host_path(const struct collect *c, const char *path)
{
	return xasprintf("%s%s", c->root, path);
}

static char *
read_link(const char *hostpath)
{
	size_t cap = 256;
	char *buf = NULL;
	ssize_t n;

	for (;;) {
		buf = xrealloc(buf, cap);
		n = readlink(hostpath, buf, cap);
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < cap)
			break;
		cap *= 2;
	}
	buf[n] = '\0';
	return buf;
}

/* One step of resolve: the component at *todo + *pos joined to *done,
 * following it when it is a link. Returns false on a loop. */
static bool
resolve_step(const struct collect *c, char **done, char **todo, size_t *pos,
    int *links, int *err)
{
	const char *comp = *todo + *pos;
	size_t len = strcspn(comp, "/");
	char *cand, *hp, *target, *rest;
	struct stat st;

	*pos += len;
	if (len == 0 || (len == 1 && comp[0] == '.'))
		return true;
	if (len == 2 && comp[0] == '.' && comp[1] == '.') {
		char *slash = strrchr(*done, '/');

		if (slash)	/* "" is the root, whose parent it is */
			*slash = '\0';
		return true;
	}
	cand = xasprintf("%s/%.*s", *done, (int)len, comp);
	hp = host_path(c, cand);
	if (*err == 0 && lstat(hp, &st) != 0)
		*err = errno;
	if (*err == 0 && S_ISLNK(st.st_mode) && (target = read_link(hp))) {
		free(hp);
		free(cand);
		if (++*links > MAX_LINKS) {
			free(target);
			return false;
		}
		rest = xasprintf("%s/%s", target, *todo + *pos);
		if (target[0] == '/')
			(*done)[0] = '\0';
		free(target);
		free(*todo);
		*todo = rest;
		*pos = 0;
		return true;
	}
	free(hp);
	free(*done);
	*done = cand;
	return true;
}

/* Resolves path (absolute, inside the root) as the kernel would, but
 * reading links as text and joining them below the root, so a copied
 * tree whose links say "../../devices/..." or "/sys/..." works. Sets
 * *err to 0 when it exists, else to why not (the missing part is kept as
 * written). Returns the path inside the root, or NULL on a link loop. */
static char *
resolve(const struct collect *c, const char *path, int *err)
{
	char *done = xstrdup(""), *todo = xstrdup(path);
	size_t pos = 0;
	int links = 0;

	*err = 0;
	while (todo[pos] != '\0') {
		if (todo[pos] == '/') {
			pos++;
			continue;
		}
		if (!resolve_step(c, &done, &todo, &pos, &links, err)) {
			free(done);
			free(todo);
			*err = ELOOP;
			return NULL;
		}
	}
	free(todo);
	if (*done == '\0') {
		free(done);
		done = xstrdup("/");
	}
	return done;
}

static char *
resolvef(const struct collect *c, int *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static char *
resolvef(const struct collect *c, int *err, const char *fmt, ...)
{
	va_list ap;
	char path[PATH_MAX];

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	return resolve(c, path, err);
}

/* The text of a file inside the root, or NULL with *why saying what
 * went wrong, naming the file as it is on the system. */
static char *
read_file(const struct collect *c, const char *path, size_t max, char **why)
{
	struct diags quiet = {.quiet = 1};
	char *r, *hp, *buf = NULL;
	size_t len;
	int err;

	if ((r = resolve(c, path, &err)) == NULL) {
		*why = xasprintf("%s: %s", path, strerror(ELOOP));
		return NULL;
	}
	hp = host_path(c, r);
	if (err != 0)
		*why = xasprintf("%s: %s", path, strerror(err));
	else if ((buf = file_read(hp, max, &len, &quiet)) == NULL)
		*why = xasprintf("%s: %s", path, quiet.n > 0 ?
		    quiet.v[0].message : "cannot read");
	diags_free(&quiet);
	free(hp);
	free(r);
	return buf;
}

/* A one-line attribute (a sysfs file): its text trimmed, or NULL with
 * *why set. */
static char *
attr(const struct collect *c, char **why, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static char *
attr(const struct collect *c, char **why, const char *fmt, ...)
{
	va_list ap;
	char path[PATH_MAX], *v;

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	*why = NULL;
	if ((v = read_file(c, path, 65536, why)) == NULL)
		return NULL;
	if (*clean(v) == '\0') {
		free(v);
		*why = xasprintf("%s: empty", path);
		return NULL;
	}
	return v;
}

/* The target of a link inside the root, as its last component ("ahci"
 * for .../drivers/ahci), or NULL. */
static char *
link_base(const struct collect *c, const char *dir, const char *name)
{
	char *r, *hp, *t, *b = NULL;
	int err;

	if ((r = resolve(c, dir, &err)) == NULL || err != 0) {
		free(r);
		return NULL;
	}
	hp = xasprintf("%s%s/%s", c->root, r, name);
	if ((t = read_link(hp)) != NULL)
		b = xstrdup(base(t));
	free(t);
	free(hp);
	free(r);
	return b;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of a directory inside the root, sorted, without dot
 * files; NULL (and *n 0) when it cannot be read. */
static char **
list(const struct collect *c, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static char **
list(const struct collect *c, size_t *n, const char *fmt, ...)
{
	va_list ap;
	char path[PATH_MAX], *r, *hp, **v = NULL;
	struct dirent *e;
	size_t cap = 0;
	DIR *dp = NULL;
	int err;

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	*n = 0;
	if ((r = resolve(c, path, &err)) != NULL && err == 0) {
		hp = host_path(c, r);
		dp = opendir(hp);
		free(hp);
	}
	free(r);
	if (dp == NULL)
		return NULL;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		xgrow((void **)&v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = xstrdup(e->d_name);
	}
	closedir(dp);
	if (*n > 1)
		qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

static void
free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static bool
exists(const struct collect *c, const char *fmt, const char *a,
    const char *b)
{
	char path[PATH_MAX], *r;
	int err;

	snprintf(path, sizeof path, fmt, a, b);
	r = resolve(c, path, &err);
	free(r);
	return r != NULL && err == 0;
}

/* --- The host ----------------------------------------------------- */

static void
put_date(struct collect *c, time_t now)
{
	struct tm tm;
	char date[32];

	if (gmtime_r(&now, &tm) == NULL ||
	    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		note(c, "date: the time cannot be written as a date");
	else
		put(c, "date", "%s", date);
}

/* The value of PRETTY_NAME="..." in os-release (shell quoting). */
static char *
os_release_name(const char *buf)
{
	const char *p = buf;
	char *v, *o, q;

	while (p && strncmp(p, "PRETTY_NAME=", 12) != 0)
		p = next_line(p);
	if (p == NULL)
		return NULL;
	p += 12;
	o = v = xmalloc(strcspn(p, "\n") + 1);
	q = (*p == '"' || *p == '\'') ? *p++ : '\0';
	for (; *p && *p != '\n' && *p != q; p++) {
		if (q == '"' && *p == '\\' && p[1] && strchr("\"\\$`", p[1]))
			p++;
		*o++ = *p;
	}
	*o = '\0';
	if (*clean(v) == '\0') {
		free(v);
		return NULL;
	}
	return v;
}

static void
put_os(struct collect *c)
{
	char *why = NULL, *why2 = NULL, *buf, *v = NULL;

	buf = read_file(c, "/etc/os-release", SMALL_FILE, &why);
	if (buf == NULL)
		buf = read_file(c, "/usr/lib/os-release", SMALL_FILE, &why2);
	if (buf && (v = os_release_name(buf)) == NULL)
		note(c, "os: no PRETTY_NAME in os-release");
	else if (buf == NULL)
		note(c, "os: not found: %s; %s", why, why2);
	if (v)
		put(c, "os", "%s", v);
	free(v);
	free(buf);
	free(why);
	free(why2);
}

/* The value of a "key : value" line of /proc/cpuinfo, or NULL. */
static char *
cpuinfo_value(const char *line, const char *key)
{
	size_t k = strlen(key), n = strcspn(line, "\n");
	const char *p = line + k;

	if (strncmp(line, key, k) != 0)
		return NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != ':')
		return NULL;
	p++;
	return clean(xstrndup(p, n - (size_t)(p - line)));
}

/* "model name" on x86 and newer arm64, older names elsewhere. */
static char *
cpu_model(const char *buf)
{
	static const char *const keys[] = {"model name", "Processor",
	    "cpu model", "cpu"};
	char *v;

	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		for (const char *p = buf; p; p = next_line(p)) {
			if ((v = cpuinfo_value(p, keys[k])) == NULL)
				continue;
			if (*v)
				return v;
			free(v);
		}
	}
	return NULL;
}

static void
put_cpu(struct collect *c)
{
	char *why = NULL, *buf, *model, *v;
	int count = 0;

	if ((buf = read_file(c, "/proc/cpuinfo", SMALL_FILE, &why)) == NULL) {
		put_or_note(c, "cpu", NULL, why);
		return;
	}
	for (const char *p = buf; p; p = next_line(p)) {
		if ((v = cpuinfo_value(p, "processor")) != NULL)
			count++;
		free(v);
	}
	model = cpu_model(buf);
	if (model && count > 0)
		put(c, "cpu", "%d x %s", count, model);
	else if (model)
		put(c, "cpu", "%s", model);
	else if (count > 0)
		put(c, "cpu", "%d processor%s", count, count > 1 ? "s" : "");
	if (model == NULL)
		note(c, "cpu: no model name in /proc/cpuinfo");
	if (count == 0)
		note(c, "cpu: no \"processor\" lines in /proc/cpuinfo to count");
	free(model);
	free(buf);
}

/* Sizes as people read them, in powers of 1024 like bonnie++ and lsblk. */
static char *
size_text(double bytes)
{
	static const char *const units[] = {"bytes", "KiB", "MiB", "GiB",
	    "TiB", "PiB"};
	int u = 0;

	while (bytes >= 1024 && u < 5) {
		bytes /= 1024;
		u++;
	}
	return u == 0 ? xasprintf("%.0f bytes", bytes) :
	    xasprintf("%.1f %s", bytes, units[u]);
}

static void
put_memory(struct collect *c)
{
	char *why = NULL, *buf, *p, *end, *s;
	unsigned long long kib;

	if ((buf = read_file(c, "/proc/meminfo", SMALL_FILE, &why)) == NULL) {
		put_or_note(c, "memory", NULL, why);
		return;
	}
	p = strstr(buf, "MemTotal:");
	if (p && (p == buf || p[-1] == '\n')) {
		kib = strtoull(p + 9, &end, 10);
		while (*end == ' ')
			end++;
		if (end != p + 9 && strncmp(end, "kB", 2) == 0) {
			s = size_text((double)kib * 1024);
			put(c, "memory", "%s", s);
			free(s);
			free(buf);
			return;
		}
	}
	note(c, "memory: no \"MemTotal: N kB\" line in /proc/meminfo");
	free(buf);
}

static void
host_section(struct collect *c, time_t now)
{
	char *why, *v;

	v = attr(c, &why, "/proc/sys/kernel/hostname");
	put_or_note(c, "host", v, why);
	put_date(c, now);
	put_os(c);
	v = attr(c, &why, "/proc/sys/kernel/osrelease");
	put_or_note(c, "kernel", v, why);
	put_cpu(c);
	put_memory(c);
}

/* --- The file system: /proc/self/mountinfo ------------------------- */

struct mount {
	char *point, *type, *source, *options;
	unsigned maj, min;
};

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
static bool
find_mount(struct collect *c, const char *path, struct mount *m)
{
	char *why = NULL, *buf, *line, *save = NULL;
	long best = -1;

	buf = read_file(c, "/proc/self/mountinfo", SMALL_FILE, &why);
	if (buf == NULL) {
		note(c, "filesystem: not found: %s", why);
		free(why);
		return false;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	    line = strtok_r(NULL, "\n", &save))
		mount_line(line, path, &best, m);
	free(buf);
	if (best < 0)
		note(c, "filesystem: no mount in /proc/self/mountinfo holds "
		    "%s", path);
	return best >= 0;
}

/* The kernel name of the block device of a mount: through its device
 * number, or for file systems that have none of their own (btrfs) the
 * /dev name of their source; NULL (noted) when there is none. */
static char *
mount_device(struct collect *c, const struct mount *m)
{
	char *r, *name;
	int err;

	if (m->maj == 0) {
		if (strncmp(m->source, "/dev/", 5) == 0 && exists(c,
		    "/sys/class/block/%s%s", base(m->source), "")) {
			note(c, "%s has no device number of its own (0:%u); "
			    "its source %s is used", m->type, m->min,
			    m->source);
			return xstrdup(base(m->source));
		}
		note(c, "stack: %s (%s) is not on a block device", m->type,
		    m->source);
		return NULL;
	}
	r = resolvef(c, &err, "/sys/dev/block/%u:%u", m->maj, m->min);
	if (r == NULL || err != 0) {
		note(c, "stack: block device %u:%u: /sys/dev/block/%u:%u: %s",
		    m->maj, m->min, m->maj, m->min, strerror(err));
		free(r);
		return NULL;
	}
	name = xstrdup(base(r));
	free(r);
	return name;
}

/* --- The stack: partitions, dm and md, down to the disks ------------ */

static void
add_disk(struct collect *c, const char *name)
{
	for (size_t i = 0; i < c->ndisks; i++)
		if (strcmp(c->disks[i].name, name) == 0)
			return;
	xgrow((void **)&c->disks, &c->capdisks, c->ndisks + 1,
	    sizeof *c->disks);
	memset(&c->disks[c->ndisks], 0, sizeof *c->disks);
	c->disks[c->ndisks++].name = xstrdup(name);
}

/* "raid0, 2 devices, 512k chunk" from md/; remembers the first array
 * for the raid: and chunk: lines. */
static char *
describe_md(struct collect *c, const char *name, char *level)
{
	char *why, *chunk, *devs, *what;
	unsigned long long bytes;

	chunk = attr(c, &why, "/sys/class/block/%s/md/chunk_size", name);
	free(why);
	devs = attr(c, &why, "/sys/class/block/%s/md/raid_disks", name);
	free(why);
	bytes = chunk ? strtoull(chunk, NULL, 10) : 0;
	free(chunk);
	/* raid1 and linear arrays report a chunk size they do not use */
	chunk = bytes >= 1024 && strcmp(level, "raid1") != 0 &&
	    strcmp(level, "linear") != 0 ? xasprintf("%lluk", bytes / 1024) :
	    NULL;
	what = xasprintf("%s%s%s%s%s%s", level, devs ? ", " : "",
	    devs ? devs : "", devs ? " devices" : "", chunk ? ", " : "",
	    chunk ? chunk : "");
	if (chunk) {
		char *t = xasprintf("%s chunk", what);

		free(what);
		what = t;
	}
	if (c->nmd++ == 0) {
		c->md_level = xstrdup(level);
		c->md_chunk = chunk;
		c->md_devices = devs;
	} else {
		free(chunk);
		free(devs);
	}
	return what;
}

/* "lvm vg0-data" from dm/: the kind from the uuid's prefix. */
static char *
describe_dm(struct collect *c, const char *name, char *dmname)
{
	static const struct {
		const char *prefix, *kind;
	} kinds[] = {
		{"LVM-", "lvm"}, {"CRYPT-", "dm-crypt"}, {"mpath-", "multipath"},
		{"part", "partition"}, {"VDO-", "vdo"},
	};
	char *why, *uuid = attr(c, &why, "/sys/class/block/%s/dm/uuid", name);
	const char *kind = "dm";
	char *what;

	free(why);
	for (size_t k = 0; uuid && k < sizeof kinds / sizeof *kinds; k++)
		if (strncmp(uuid, kinds[k].prefix, strlen(kinds[k].prefix)) == 0)
			kind = kinds[k].kind;
	what = xasprintf("%s %s", kind, dmname);
	free(uuid);
	return what;
}

/* The state of an md member marked spare or faulty, which holds no data
 * of the array; NULL for a working member. */
static char *
md_idle_member(struct collect *c, const char *md, const char *member)
{
	char *why, *state = attr(c, &why, "/sys/class/block/%s/md/dev-%s/state",
	    md, member);

	free(why);
	if (state && (strstr(state, "spare") || strstr(state, "faulty"))) {
		note(c, "%s: member %s is %s; not counted in disks", md,
		    member, state);
		return state;
	}
	free(state);
	return NULL;
}

static void walk(struct collect *, const char *name, int depth, bool counted,
    struct node *);

static void
add_kid(struct collect *c, struct node *nd, const char *name, int depth,
    bool counted)
{
	nd->kids = xrealloc(nd->kids, (nd->nkids + 1) * sizeof *nd->kids);
	walk(c, name, depth + 1, counted, &nd->kids[nd->nkids++]);
}

/* What a device with slaves is (md, dm), and its slaves. */
static void
walk_slaves(struct collect *c, struct node *nd, char **slaves, size_t ns,
    int depth, bool counted)
{
	char *why, *level, *dmname;

	level = attr(c, &why, "/sys/class/block/%s/md/level", nd->name);
	free(why);
	dmname = attr(c, &why, "/sys/class/block/%s/dm/name", nd->name);
	free(why);
	if (level)
		nd->what = describe_md(c, nd->name, level);
	else if (dmname)
		nd->what = describe_dm(c, nd->name, dmname);
	if (!level && ns > 1)
		note(c, "raid: %s spans %zu devices; how (linear, striped, "
		    "mirrored) is not in sysfs (see dmsetup table)", nd->name,
		    ns);
	for (size_t i = 0; i < ns; i++) {
		char *idle = level ? md_idle_member(c, nd->name, slaves[i]) :
		    NULL;
		struct node *kid;

		add_kid(c, nd, slaves[i], depth, counted && idle == NULL);
		kid = &nd->kids[nd->nkids - 1];
		if (idle && kid->what) {
			char *t = xasprintf("%s, %s", kid->what, idle);

			free(kid->what);
			kid->what = t;
		} else if (idle) {
			kid->what = xstrdup(idle);
		}
		free(idle);
	}
	free(level);
	free(dmname);
}

/* A device without slaves: a disk, or a device of the kernel's own
 * (loop, zram, ram: they have no "device" link to hardware) that is
 * no disk. */
static void
walk_leaf(struct collect *c, struct node *nd, bool counted)
{
	char *why, *backing;

	if (exists(c, "/sys/class/block/%s/%s", nd->name, "device")) {
		if (counted)
			add_disk(c, nd->name);
		return;
	}
	backing = attr(c, &why, "/sys/class/block/%s/loop/backing_file",
	    nd->name);
	free(why);
	if (backing) {
		nd->what = xasprintf("backed by %s", backing);
		note(c, "disks: %s is a loop device on the file %s; the disks "
		    "under that are not followed", nd->name, backing);
	} else {
		nd->what = xstrdup("virtual");
		note(c, "disks: %s is a virtual device, not a disk", nd->name);
	}
	free(backing);
}

/* Builds the node for block device name and everything under it. */
static void
walk(struct collect *c, const char *name, int depth, bool counted,
    struct node *nd)
{
	char *path, **slaves;
	size_t ns;
	int err;

	memset(nd, 0, sizeof *nd);
	nd->name = xstrdup(name);
	if (depth > MAX_DEPTH) {
		note(c, "stack: deeper than %d devices at %s; not followed",
		    MAX_DEPTH, name);
		return;
	}
	path = resolvef(c, &err, "/sys/class/block/%s", name);
	if (path == NULL || err != 0) {
		note(c, "stack: %s: /sys/class/block/%s: %s", name, name,
		    strerror(err));
		free(path);
		return;
	}
	if (exists(c, "/sys/class/block/%s/%s", name, "partition")) {
		/* a partition's directory sits in its disk's */
		char *disk = xstrndup(path, (size_t)(base(path) - path));

		disk[strlen(disk) > 0 ? strlen(disk) - 1 : 0] = '\0';
		if (*base(disk) && strcmp(base(disk), "block") != 0)
			add_kid(c, nd, base(disk), depth, counted);
		else
			note(c, "stack: %s is a partition outside a disk's "
			    "directory (%s)", name, path);
		free(disk);
	} else if ((slaves = list(c, &ns, "/sys/class/block/%s/slaves",
	    name)) != NULL && ns > 0) {
		walk_slaves(c, nd, slaves, ns, depth, counted);
		free_list(slaves, ns);
	} else {
		free(slaves);
		walk_leaf(c, nd, counted);
	}
	free(path);
}

static void
node_free(struct node *nd)
{
	for (size_t i = 0; i < nd->nkids; i++)
		node_free(&nd->kids[i]);
	free(nd->kids);
	free(nd->name);
	free(nd->what);
}

/* "md0 (raid0, 2 devices, 512k chunk) on sdb + sdc", with brackets
 * where a branch of several has its own branches. */
static char *
render(const struct node *nd, bool bracket)
{
	char *s = xasprintf("%s%s%s%s", nd->name, nd->what ? " (" : "",
	    nd->what ? nd->what : "", nd->what ? ")" : ""), *t, *k;

	for (size_t i = 0; i < nd->nkids; i++) {
		k = render(&nd->kids[i], nd->nkids > 1);
		t = xasprintf("%s%s%s", s, i == 0 ? " on " : " + ", k);
		free(s);
		free(k);
		s = t;
	}
	if (bracket && nd->nkids > 0) {
		t = xasprintf("[%s]", s);
		free(s);
		s = t;
	}
	return s;
}

/* --- Disks ---------------------------------------------------------- */

/* The conversions of disk attribute files; NULL when not understood. */
static char *
conv_vendor(const char *s)
{
	/* virtio devices give the virtio vendor id here, not a name */
	return strncmp(s, "0x", 2) == 0 ? NULL : xstrdup(s);
}

static char *
conv_size(const char *s)
{
	char *end, *t, *v;
	unsigned long long sectors = strtoull(s, &end, 10);

	if (end == s || *end != '\0')
		return NULL;
	/* sysfs counts 512-byte sectors whatever the disk's block size */
	t = size_text((double)sectors * 512);
	v = xasprintf("%s (%llu bytes)", t, sectors * 512);
	free(t);
	return v;
}

static char *
conv_yes_no(const char *s)
{
	if (strcmp(s, "0") == 0 || strcmp(s, "1") == 0)
		return xstrdup(*s == '1' ? "yes" : "no");
	return NULL;
}

/* "none [mq-deadline] kyber bfq": the one in brackets is in use. */
static char *
conv_scheduler(const char *s)
{
	const char *open = strchr(s, '['), *close;

	if (open && (close = strchr(open, ']')) != NULL)
		return xstrndup(open + 1, (size_t)(close - open - 1));
	return strchr(s, ' ') ? NULL : xstrdup(s);
}

static char *
conv_kib(const char *s)
{
	return s[strspn(s, "0123456789")] == '\0' ? xasprintf("%s KiB", s) :
	    NULL;
}

static const struct {
	enum disk_field f;
	const char *file[2];	/* below /sys/class/block/NAME; the second
				 * when the first is missing (NVMe) */
	char *(*conv)(const char *);
	const char *expect;	/* what conv reads, for messages */
} disk_files[] = {
	{D_MODEL, {"device/model", NULL}, NULL, NULL},
	{D_VENDOR, {"device/vendor", NULL}, conv_vendor, "a vendor's name"},
	{D_FIRMWARE, {"device/rev", "device/firmware_rev"}, NULL, NULL},
	{D_SIZE, {"size", NULL}, conv_size, "a number of sectors"},
	{D_ROTATIONAL, {"queue/rotational", NULL}, conv_yes_no, "0 or 1"},
	{D_SCHEDULER, {"queue/scheduler", NULL}, conv_scheduler,
	    "a list of schedulers"},
	{D_READAHEAD, {"queue/read_ahead_kb", NULL}, conv_kib,
	    "a number of KiB"},
	{D_QDEPTH, {"device/queue_depth", NULL}, NULL, NULL},
	{D_WCACHE, {"queue/write_cache", NULL}, NULL, NULL},
};

static void
disk_file(struct collect *c, struct disk *k, size_t i)
{
	const char *file = disk_files[i].file[0];
	enum disk_field f = disk_files[i].f;
	char *raw, *why;

	raw = attr(c, &why, "/sys/class/block/%s/%s", k->name, file);
	if (raw == NULL && disk_files[i].file[1]) {
		char *why2;

		file = disk_files[i].file[1];
		if ((raw = attr(c, &why2, "/sys/class/block/%s/%s", k->name,
		    file)) != NULL) {
			free(why);
			why = NULL;
		}
		free(why2);
	}
	if (raw == NULL) {
		k->why[f] = why;	/* the first file's: the usual one */
		return;
	}
	if (disk_files[i].conv == NULL)
		k->v[f] = xstrdup(raw);
	else if ((k->v[f] = disk_files[i].conv(raw)) == NULL)
		k->why[f] = xasprintf("/sys/class/block/%s/%s: \"%s\" is not "
		    "%s", k->name, file, raw, disk_files[i].expect);
	free(raw);
}

static bool
is_pci_address(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isxdigit((unsigned char)s[i]))
		i++;
	return i >= 4 && n == i + 8 && s[i] == ':' &&
	    isxdigit((unsigned char)s[i + 1]) &&
	    isxdigit((unsigned char)s[i + 2]) && s[i + 3] == ':' &&
	    isxdigit((unsigned char)s[i + 4]) &&
	    isxdigit((unsigned char)s[i + 5]) && s[i + 6] == '.' &&
	    s[i + 7] >= '0' && s[i + 7] <= '7';
}

/* The nearest PCI function above a device: the last component of its
 * path like 0000:00:1f.2 (bridges above it are not the controller). */
static char *
pci_address(const char *path)
{
	const char *end = path + strlen(path), *start;

	while (end > path) {
		start = end;
		while (start > path && start[-1] != '/')
			start--;
		if (is_pci_address(start, (size_t)(end - start)))
			return xstrndup(start, (size_t)(end - start));
		end = start > path ? start - 1 : path;
	}
	return NULL;
}

/* Whether a path has a component that is prefix followed by digits
 * (prefix "ata" matches "ata3"); copies that component to *comp. */
static bool
has_component(const char *path, const char *prefix, char **comp)
{
	size_t pl = strlen(prefix);

	for (const char *p = path; p; p = strchr(p, '/')) {
		size_t n;

		p += *p == '/';
		n = strcspn(p, "/");
		if (n > pl && strncmp(p, prefix, pl) == 0 &&
		    strspn(p + pl, "0123456789") == n - pl) {
			if (comp)
				*comp = xstrndup(p, n);
			return true;
		}
	}
	return false;
}

/* The bus from the device path: the kernel names each kind of port. */
static const char *
bus_of(const char *path, bool sata)
{
	if (has_component(path, "usb", NULL))
		return "usb";
	if (has_component(path, "nvme", NULL) ||
	    has_component(path, "nvme-subsys", NULL))
		return "nvme";
	if (has_component(path, "ata", NULL))
		return sata ? "sata" : "ata";
	if (has_component(path, "virtio", NULL))
		return has_component(path, "host", NULL) ? "virtio-scsi" :
		    "virtio";
	if (strstr(path, "/end_device-") || strstr(path, "/expander-"))
		return "sas";
	if (has_component(path, "mmc", NULL))
		return "mmc";
	if (has_component(path, "host", NULL))
		return "scsi";
	return NULL;
}

/* The driver of the nearest device that has one, from the disk up to
 * the root; "sd" is the SCSI disk's own driver, not its controller's. */
static char *
driver_of(struct collect *c, const char *devpath)
{
	char *p = xstrdup(devpath), *d = NULL, *slash;

	while (strlen(p) > strlen("/sys/devices")) {
		d = link_base(c, p, "driver");
		if (d && strcmp(d, "sd") != 0)
			break;
		free(d);
		d = NULL;
		if ((slash = strrchr(p, '/')) == NULL)
			break;
		*slash = '\0';
	}
	free(p);
	return d;
}

/* With native NVMe multipath the disk hangs on a virtual subsystem:
 * its controllers are the nvmeN links in that directory. */
static char *
nvme_controller_path(struct collect *c, const char *devpath)
{
	char **v, *r = NULL;
	size_t n;
	int err;

	if (!has_component(devpath, "nvme-subsys", NULL) ||
	    (v = list(c, &n, "%s", devpath)) == NULL)
		return NULL;
	for (size_t i = 0; i < n && r == NULL; i++) {
		if (!has_component(v[i], "nvme", NULL))
			continue;
		r = resolvef(c, &err, "%s/%s", devpath, v[i]);
		if (r && err != 0) {
			free(r);
			r = NULL;
		}
	}
	free_list(v, n);
	return r;
}

/* Port and link speed of an ATA disk (ata3, "3.0 Gbps"). */
static void
disk_port(struct collect *c, struct disk *k, const char *path)
{
	char *port = NULL, *why;

	if (!has_component(path, "ata", &port))
		return;
	k->v[D_PORT] = port;
	k->v[D_LINK] = attr(c, &why, "/sys/class/ata_link/link%s/sata_spd",
	    port + 3);
	if (k->v[D_LINK] && strcmp(k->v[D_LINK], "<unknown>") == 0) {
		free(k->v[D_LINK]);
		k->v[D_LINK] = NULL;
	}
	k->why[D_LINK] = k->v[D_LINK] ? NULL : why;
	if (k->v[D_LINK])
		free(why);
}

static char *pci_describe(struct collect *, const char *addr);

/* Bus, controller, driver and port of a disk, from where its device
 * sits in /sys/devices. */
static void
disk_controller(struct collect *c, struct disk *k)
{
	char *dev, *ctl, *addr;
	const char *bus;
	int err;

	dev = resolvef(c, &err, "/sys/class/block/%s/device", k->name);
	if (dev == NULL || err != 0) {
		for (int f = D_BUS; f <= D_DRIVER; f++)
			k->why[f] = xasprintf("/sys/class/block/%s/device: %s",
			    k->name, strerror(err));
		free(dev);
		return;
	}
	if ((ctl = nvme_controller_path(c, dev)) == NULL)
		ctl = xstrdup(dev);
	disk_port(c, k, ctl);
	if ((bus = bus_of(ctl, k->v[D_LINK] != NULL)) != NULL)
		k->v[D_BUS] = xstrdup(bus);
	else
		k->why[D_BUS] = xasprintf("no known kind of port in %s", ctl);
	if ((k->v[D_DRIVER] = driver_of(c, ctl)) == NULL)
		k->why[D_DRIVER] = xasprintf("no driver link above %s", ctl);
	if ((addr = pci_address(ctl)) != NULL) {
		k->v[D_CONTROLLER] = addr;
		k->ctl = pci_describe(c, addr);
	} else {
		k->why[D_CONTROLLER] = xasprintf("no PCI device above %s", ctl);
	}
	free(ctl);
	free(dev);
}

static void
disk_read(struct collect *c, struct disk *k)
{
	for (size_t i = 0; i < sizeof disk_files / sizeof *disk_files; i++)
		disk_file(c, k, i);
	disk_controller(c, k);
}

/* --- PCI controllers ------------------------------------------------ */

/* Reads the PCI id database once; NULL (noted once) when there is none. */
static const char *
pci_ids(struct collect *c)
{
	static const char *const places[] = {"/usr/share/misc/pci.ids",
	    "/usr/share/hwdata/pci.ids"};
	char *why;

	if (c->pci_tried)
		return c->pci_ids;
	c->pci_tried = true;
	for (size_t i = 0; i < 2 && c->pci_ids == NULL; i++) {
		c->pci_ids = read_file(c, places[i], 64u << 20, &why);
		free(c->pci_ids ? NULL : why);
	}
	if (c->pci_ids == NULL)
		note(c, "controller: no PCI id database (%s or %s), so "
		    "controllers are named by their ids", places[0], places[1]);
	return c->pci_ids;
}

/* The name after "ID  " on a pci.ids line of the given depth of tabs
 * whose id is id, or NULL. */
static char *
ids_name(const char *line, int tabs, const char *id)
{
	size_t n = strlen(id);

	for (int t = 0; t < tabs; t++)
		if (*line++ != '\t')
			return NULL;
	if (strncasecmp(line, id, n) != 0 || line[n] != ' ' ||
	    line[n + 1] != ' ')
		return NULL;
	return clean(xstrndup(line + n + 2, strcspn(line + n + 2, "\n")));
}

/* "Intel Corporation 82801GB/GR/GH (ICH7 Family) SATA Controller [AHCI
 * mode]", as lspci names it ("Device 27c1" for a device not listed). */
static char *
pci_name(struct collect *c, const char *vendor, const char *device)
{
	const char *db = pci_ids(c), *p;
	char *vname = NULL, *dname = NULL, *name;

	for (p = db; p && vname == NULL; p = next_line(p))
		vname = ids_name(p, 0, vendor);
	/* the vendor's devices follow it, one tab in */
	for (; p && *p == '\t' && dname == NULL; p = next_line(p))
		dname = ids_name(p, 1, device);
	if (vname == NULL)
		return NULL;
	name = dname ? xasprintf("%s %s", vname, dname) :
	    xasprintf("%s Device %s", vname, device);
	free(vname);
	free(dname);
	return name;
}

/* "0x8086" -> "8086" */
static char *
pci_id(struct collect *c, const char *addr, const char *file)
{
	char *why, *v = attr(c, &why, "/sys/bus/pci/devices/%s/%s", addr,
	    file), *t;

	if (v == NULL) {
		note(c, "controller: %s", why);
		free(why);
		return NULL;
	}
	t = xstrdup(strncmp(v, "0x", 2) == 0 ? v + 2 : v);
	free(v);
	for (char *p = t; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return t;
}

/* The controller's name with its ids and revision, as lspci -nn shows
 * it; by its ids alone where the database does not name it. */
static char *
pci_describe(struct collect *c, const char *addr)
{
	char *ven = pci_id(c, addr, "vendor"), *dev, *rev, *name, *s;

	if (ven == NULL)
		return NULL;
	dev = pci_id(c, addr, "device");
	if (dev == NULL) {
		free(ven);
		return NULL;
	}
	rev = attr(c, &s, "/sys/bus/pci/devices/%s/revision", addr);
	free(s);
	if ((name = pci_name(c, ven, dev)) == NULL && pci_ids(c) != NULL)
		note(c, "controller: %s:%s is not in the PCI id database", ven,
		    dev);
	s = xasprintf("%s [%s:%s]%s%s%s", name ? name : "PCI device", ven, dev,
	    rev ? " (rev " : "", rev ? (strncmp(rev, "0x", 2) == 0 ? rev + 2 :
	    rev) : "", rev ? ")" : "");
	free(name);
	free(rev);
	free(ven);
	free(dev);
	return s;
}

/* --- The summary ---------------------------------------------------- */

/* Puts key with the value every disk has for field f; when they differ
 * or some lack it, says so (each disk's line follows). */
static void
put_common(struct collect *c, const char *key, enum disk_field f)
{
	const char *v = c->disks[0].v[f];
	size_t known = 0;

	for (size_t i = 0; i < c->ndisks; i++)
		known += c->disks[i].v[f] != NULL;
	for (size_t i = 1; v && i < c->ndisks; i++)
		if (c->disks[i].v[f] == NULL || strcmp(c->disks[i].v[f], v))
			v = NULL;
	if (v)
		put(c, key, "%s", v);
	else if (known > 0)
		note(c, "%s: not the same on every disk; see the disk.*.%s "
		    "lines", key, disk_keys[f]);
}

/* Every distinct value of a field over the disks, joined by " + ": two
 * controllers or two buses are a fact of the set-up, not a conflict. */
static void
put_joined(struct collect *c, const char *key, enum disk_field f,
    bool ctl_names)
{
	char *all = NULL, *t;

	for (size_t i = 0; i < c->ndisks; i++) {
		const char *v = ctl_names ? c->disks[i].ctl : c->disks[i].v[f];
		bool seen = false;

		for (size_t j = 0; v && j < i; j++) {
			const char *w = ctl_names ? c->disks[j].ctl :
			    c->disks[j].v[f];

			seen = seen || (w && strcmp(v, w) == 0);
		}
		if (v == NULL || seen)
			continue;
		t = xasprintf("%s%s%s", all ? all : "", all ? " + " : "", v);
		free(all);
		all = t;
	}
	if (all)
		put(c, key, "%s", all);
	free(all);
}

static void
put_disks(struct collect *c)
{
	const char *model = c->disks[0].v[D_MODEL];

	for (size_t i = 1; model && i < c->ndisks; i++)
		if (c->disks[i].v[D_MODEL] == NULL ||
		    strcmp(c->disks[i].v[D_MODEL], model) != 0)
			model = NULL;
	if (model)
		put(c, "disks", "%zu x %s", c->ndisks, model);
	else
		put(c, "disks", "%zu", c->ndisks);
	if (model == NULL)
		note(c, "disks: %s; see the disk.*.model lines", c->ndisks > 1 ?
		    "not all of one known model" : "the model is not known");
}

static void
put_raid(struct collect *c)
{
	if (c->nmd == 1) {
		put(c, "raid", "%s md", c->md_level);
		if (c->md_chunk)
			put(c, "chunk", "%s", c->md_chunk);
		if (c->md_devices)
			put(c, "raid-devices", "%s", c->md_devices);
	} else if (c->nmd > 1) {
		note(c, "raid: %d md arrays in the stack; see the stack line",
		    c->nmd);
	} else {
		note(c, "raid: no md array in the stack (a hardware RAID "
		    "volume would show as one disk)");
	}
}

static void
put_disk_lines(struct collect *c, const struct disk *k)
{
	for (int f = 0; f < D_COUNT; f++) {
		char *key = xasprintf("disk.%s.%s", k->name, disk_keys[f]);

		if (k->v[f] && f == D_CONTROLLER && k->ctl)
			put(c, key, "%s %s", k->v[f], k->ctl);
		else if (k->v[f])
			put(c, key, "%s", k->v[f]);
		else if (k->why[f])
			note(c, "%s: not found: %s", clean_key(key), k->why[f]);
		free(key);
	}
}

/* The readahead of the device the file system sits on (a partition
 * reads ahead as its disk): that is the one the page cache uses. */
static void
put_readahead(struct collect *c, const struct node *top)
{
	char *why, *v, *kib;

	while (top->nkids == 1 && top->what == NULL && exists(c, "/sys/class/block/%s/%s", top->name, "partition"))
		top = &top->kids[0];
	v = attr(c, &why, "/sys/class/block/%s/queue/read_ahead_kb",
	    top->name);
	if ((kib = v ? conv_kib(v) : NULL) != NULL)
		put(c, "readahead", "%s", kib);
	else
		note(c, "readahead: not found: %s", why ? why : "not a number");
	free(kib);
	free(why);
	free(v);
}

static void
summary(struct collect *c, const struct node *top)
{
	put_raid(c);
	if (c->ndisks == 0) {
		note(c, "disks: none found under %s", top->name);
		return;
	}
	put_disks(c);
	put_joined(c, "controller", D_CONTROLLER, true);
	put_joined(c, "bus", D_BUS, false);
	put_joined(c, "driver", D_DRIVER, false);
	put_common(c, "scheduler", D_SCHEDULER);
	put_readahead(c, top);
	put_common(c, "queue-depth", D_QDEPTH);
	put_common(c, "write-cache", D_WCACHE);
	for (size_t i = 0; i < c->ndisks; i++)
		put_disk_lines(c, &c->disks[i]);
}

static void
stack_section(struct collect *c, const struct mount *m)
{
	struct lines walk_notes = {0};
	struct node top;
	char *name, *s;

	if ((name = mount_device(c, m)) == NULL)
		return;
	/* the walk's remarks follow the stack line they explain */
	c->notes = &walk_notes;
	walk(c, name, 0, true, &top);
	for (size_t i = 0; i < c->ndisks; i++)
		disk_read(c, &c->disks[i]);
	c->notes = &c->out;
	s = render(&top, false);
	put(c, "stack", "%s on %s", m->type, s);
	free(s);
	for (size_t i = 0; i < walk_notes.n; i++)
		lines_add(&c->out, NULL, walk_notes.v[i].value);
	free(walk_notes.v);
	summary(c, &top);
	node_free(&top);
	free(name);
}

static void
storage_section(struct collect *c, const char *path)
{
	struct mount m = {0};

	if (find_mount(c, path, &m)) {
		put(c, "filesystem", "%s", m.type);
		put(c, "mount-options", "%s", m.options);
		put(c, "mount-point", "%s", m.point);
		put(c, "mount-source", "%s", m.source);
		stack_section(c, &m);
	}
	free(m.point);
	free(m.type);
	free(m.source);
	free(m.options);
}

/* --- Entry points --------------------------------------------------- */

static void
collect_free(struct collect *c)
{
	lines_free(&c->out);
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
	r = resolve(c, abs, &err);
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
	note(&c, "benchsite collect: the storage under %s and its host", where);
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
	v = attr(&c, &why, "/proc/sys/kernel/hostname");
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
