/* What sysfs says of each disk: its attribute files, and where it sits
 * in /sys/devices (bus, driver, port, the PCI controller it hangs on). */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

char *
conv_kib(const char *s)
{
	return s[strspn(s, "0123456789")] == '\0' ? xasprintf("%s KiB", s) :
	    NULL;
}

static char *
conv_count(const char *s)
{
	return s[0] && s[strspn(s, "0123456789")] == '\0' ? xstrdup(s) :
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
	/* the block layer's tunables of a queue: how many requests it
	 * holds, and how large one may grow */
	{D_NR_REQUESTS, {"queue/nr_requests", NULL}, conv_count,
	    "a number"},
	{D_MAX_SECTORS, {"queue/max_sectors_kb", NULL}, conv_kib,
	    "a number of KiB"},
};

static void
disk_file(struct collect *c, struct disk *k, size_t i)
{
	const char *file = disk_files[i].file[0];
	enum disk_field f = disk_files[i].f;
	char *raw, *why;

	raw = root_attr(c, &why, "/sys/class/block/%s/%s", k->name, file);
	if (raw == NULL && disk_files[i].file[1]) {
		char *why2;

		file = disk_files[i].file[1];
		if ((raw = root_attr(c, &why2, "/sys/class/block/%s/%s",
		    k->name, file)) != NULL) {
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
		d = root_link_base(c, p, "driver");
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
	    (v = root_list(c, &n, "%s", devpath)) == NULL)
		return NULL;
	for (size_t i = 0; i < n && r == NULL; i++) {
		if (!has_component(v[i], "nvme", NULL))
			continue;
		r = root_resolvef(c, &err, "%s/%s", devpath, v[i]);
		if (r && err != 0) {
			free(r);
			r = NULL;
		}
	}
	root_list_free(v, n);
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
	k->v[D_LINK] = root_attr(c, &why, "/sys/class/ata_link/link%s/sata_spd",
	    port + 3);
	if (k->v[D_LINK] && strcmp(k->v[D_LINK], "<unknown>") == 0) {
		free(k->v[D_LINK]);
		k->v[D_LINK] = NULL;
	}
	k->why[D_LINK] = k->v[D_LINK] ? NULL : why;
	if (k->v[D_LINK])
		free(why);
}

/* Bus, controller, driver and port of a disk, from where its device
 * sits in /sys/devices. */
static void
disk_controller(struct collect *c, struct disk *k)
{
	char *dev, *ctl, *addr;
	const char *bus;
	int err;

	dev = root_resolvef(c, &err, "/sys/class/block/%s/device", k->name);
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

void
queue_read(struct collect *c, struct disk *k)
{
	for (size_t i = 0; i < sizeof disk_files / sizeof *disk_files; i++)
		if (disk_files[i].f == D_SCHEDULER || disk_files[i].f ==
		    D_WCACHE || disk_files[i].f == D_NR_REQUESTS ||
		    disk_files[i].f == D_MAX_SECTORS)
			disk_file(c, k, i);
}

void
disk_read(struct collect *c, struct disk *k)
{
	for (size_t i = 0; i < sizeof disk_files / sizeof *disk_files; i++)
		disk_file(c, k, i);
	disk_controller(c, k);
}
