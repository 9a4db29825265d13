/* The host's lines: its name, the date, the system, its processors and
 * memory, from /proc and /etc. */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void
put_date(struct collect *c, time_t now)
{
	struct tm tm;
	char date[32];

	if (gmtime_r(&now, &tm) == NULL ||
	    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		put_note(c, "date: the time cannot be written as a date");
	else
		put_meta(c, "date", "%s", date);
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
	if (*clean_value(v) == '\0') {
		free(v);
		return NULL;
	}
	return v;
}

static void
put_os(struct collect *c)
{
	char *why = NULL, *why2 = NULL, *buf, *v = NULL;

	buf = root_read_file(c, "/etc/os-release", SMALL_FILE, &why);
	if (buf == NULL)
		buf = root_read_file(c, "/usr/lib/os-release", SMALL_FILE,
		    &why2);
	if (buf && (v = os_release_name(buf)) == NULL)
		put_note(c, "os: no PRETTY_NAME in os-release");
	else if (buf == NULL)
		put_note(c, "os: not found: %s; %s", why, why2);
	if (v)
		put_meta(c, "os", "%s", v);
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
	return clean_value(xstrndup(p, n - (size_t)(p - line)));
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

	buf = root_read_file(c, "/proc/cpuinfo", SMALL_FILE, &why);
	if (buf == NULL) {
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
		put_meta(c, "cpu", "%d x %s", count, model);
	else if (model)
		put_meta(c, "cpu", "%s", model);
	else if (count > 0)
		put_meta(c, "cpu", "%d processor%s", count,
		    count > 1 ? "s" : "");
	if (model == NULL)
		put_note(c, "cpu: no model name in /proc/cpuinfo");
	if (count == 0)
		put_note(c, "cpu: no \"processor\" lines in /proc/cpuinfo "
		    "to count");
	free(model);
	free(buf);
}

/* The memory limit, in bytes, of cgroup path (/proc/self/cgroup's):
 * v2's memory.max when controllers is empty, v1's limit_in_bytes when
 * they name memory; 0 when none is set or found. */
static unsigned long long
cgroup_limit(struct collect *c, const char *controllers, const char *path)
{
	char *why = NULL, *v, *end;
	unsigned long long bytes = 0;
	bool v1 = strstr(controllers, "memory") != NULL;

	if (*controllers != '\0' && !v1)
		return 0;
	v = v1 ? root_attr(c, &why, "/sys/fs/cgroup/memory%s/"
	    "memory.limit_in_bytes", path) : root_attr(c, &why,
	    "/sys/fs/cgroup%s/memory.max", path);
	if (v && isdigit((unsigned char)*v))
		bytes = strtoull(v, &end, 10);
	free(v);
	free(why);
	return bytes;
}

/* The memory limit of the cgroup collect runs in, when below the
 * host's: record runs the benchmark as its child, so that is the
 * memory it had, and the page cache rule's "ram" (a bonnie++ file of
 * 1G on a host of 64 GiB, in a cgroup of 256 MiB, is no file under
 * twice the memory). */
static void
put_cgroup_memory(struct collect *c, double host_bytes)
{
	char *why = NULL, *buf = root_read_file(c, "/proc/self/cgroup",
	    SMALL_FILE, &why), *line, *save = NULL, *s;
	unsigned long long limit = 0, l;

	free(why);
	for (line = buf ? strtok_r(buf, "\n", &save) : NULL; line;
	    line = strtok_r(NULL, "\n", &save)) {
		char *ctl = strchr(line, ':'), *path;

		if (ctl == NULL || (path = strchr(ctl + 1, ':')) == NULL)
			continue;
		*path++ = '\0';
		l = cgroup_limit(c, ctl + 1, path);
		if (l > 0 && (limit == 0 || l < limit))
			limit = l;
	}
	free(buf);
	if (limit == 0 || (double)limit >= host_bytes)
		return;
	s = size_text((double)limit);
	put_meta(c, "ram", "%s", s);
	put_note(c, "ram: the memory limit of the cgroup collect ran in, "
	    "below the host's");
	free(s);
}

static void
put_memory(struct collect *c)
{
	char *why = NULL, *buf, *p, *end, *s;
	unsigned long long kib;

	buf = root_read_file(c, "/proc/meminfo", SMALL_FILE, &why);
	if (buf == NULL) {
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
			put_meta(c, "memory", "%s", s);
			free(s);
			free(buf);
			put_cgroup_memory(c, (double)kib * 1024);
			return;
		}
	}
	put_note(c, "memory: no \"MemTotal: N kB\" line in /proc/meminfo");
	free(buf);
}

void
host_section(struct collect *c, time_t now)
{
	char *why, *v;

	v = root_attr(c, &why, "/proc/sys/kernel/hostname");
	put_or_note(c, "host", v, why);
	put_date(c, now);
	put_os(c);
	v = root_attr(c, &why, "/proc/sys/kernel/osrelease");
	put_or_note(c, "kernel", v, why);
	put_cpu(c);
	put_memory(c);
}
