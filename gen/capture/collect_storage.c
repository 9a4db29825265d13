/* The storage lines: the file system holding the path, the stack of
 * devices under it, and what its disks have in common, each disk's own
 * lines after. */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* The name of each disk field in the disk.NAME.KEY lines. */
static const char *const disk_keys[D_COUNT] = {
	"model", "vendor", "firmware", "size", "rotational", "scheduler",
	"readahead", "queue-depth", "write-cache", "nr-requests",
	"max-sectors", "bus", "controller", "driver", "port", "link-speed",
};

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
		put_meta(c, key, "%s", v);
	else if (known > 0)
		put_note(c, "%s: not the same on every disk; see the disk.*.%s "
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
		put_meta(c, key, "%s", all);
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
		put_meta(c, "disks", "%zu x %s", c->ndisks, model);
	else
		put_meta(c, "disks", "%zu", c->ndisks);
	if (model == NULL)
		put_note(c, "disks: %s; see the disk.*.model lines",
		    c->ndisks > 1 ? "not all of one known model" :
		    "the model is not known");
}

static void
put_raid(struct collect *c)
{
	if (c->nmd == 1) {
		put_meta(c, "raid", "%s %s", c->md_level, c->raid_by ?
		    c->raid_by : "md");
		if (c->md_chunk)
			put_meta(c, "chunk", "%s", c->md_chunk);
		if (c->md_devices)
			put_meta(c, "raid-devices", "%s", c->md_devices);
	} else if (c->nmd > 1) {
		put_note(c, "raid: %d md arrays in the stack; see the stack "
		    "line", c->nmd);
	} else if (c->raid_by == NULL) {
		put_note(c, "raid: no md array in the stack (a hardware RAID "
		    "volume would show as one disk)");
	}
}

static void
put_disk_lines(struct collect *c, const struct disk *k)
{
	for (int f = 0; f < D_COUNT; f++) {
		char *key = xasprintf("disk.%s.%s", k->name, disk_keys[f]);

		if (k->v[f] && f == D_CONTROLLER && k->ctl)
			put_meta(c, key, "%s %s", k->v[f], k->ctl);
		else if (k->v[f])
			put_meta(c, key, "%s", k->v[f]);
		else if (k->why[f])
			put_note(c, "%s: not found: %s", clean_key(key),
			    k->why[f]);
		free(key);
	}
}

/* The readahead of the device the file system sits on (a partition
 * reads ahead as its disk): that is the one the page cache uses. A
 * btrfs over several devices reads ahead as its own. */
static void
put_readahead(struct collect *c, const struct node *top)
{
	char *why, *v, *kib;

	while (top->nkids == 1 && top->what == NULL && root_exists(c,
	    "/sys/class/block/%s/%s", top->name, "partition"))
		top = &top->kids[0];
	if (c->btrfs_fsid)
		v = root_attr(c, &why, "/sys/fs/btrfs/%s/bdi/read_ahead_kb",
		    c->btrfs_fsid);
	else
		v = root_attr(c, &why,
		    "/sys/class/block/%s/queue/read_ahead_kb", top->name);
	if ((kib = v ? conv_kib(v) : NULL) != NULL)
		put_meta(c, "readahead", "%s", kib);
	else
		put_note(c, "readahead: not found: %s",
		    why ? why : "not a number");
	free(kib);
	free(why);
	free(v);
}

/* The queue of a device with no disk under it (a loop device, zram):
 * its own scheduler, read-ahead and write cache, which a benchmark on
 * it goes through as it would a disk's. */
static void
put_own_queue(struct collect *c, const struct node *top)
{
	struct disk q = {.name = top->name};

	queue_read(c, &q);
	for (int f = 0; f < D_COUNT; f++) {
		const char *key = f == D_SCHEDULER || f == D_WCACHE ||
		    f == D_NR_REQUESTS || f == D_MAX_SECTORS ? disk_keys[f] :
		    NULL;

		if (key && q.v[f])
			put_meta(c, key, "%s", q.v[f]);
		else if (key && q.why[f])
			put_note(c, "%s: not found: %s", key, q.why[f]);
		free(q.v[f]);
		free(q.why[f]);
	}
	put_readahead(c, top);
}

static void
summary(struct collect *c, const struct node *top)
{
	put_raid(c);
	if (c->ndisks == 0) {
		put_note(c, "disks: none found under %s", top->name);
		if (top->nkids == 0)
			put_own_queue(c, top);
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
	put_common(c, "nr-requests", D_NR_REQUESTS);
	put_common(c, "max-sectors", D_MAX_SECTORS);
	for (size_t i = 0; i < c->ndisks; i++)
		put_disk_lines(c, &c->disks[i]);
}

/* The stack of block device name (taken) and its disks; fstype the file
 * system on it, NULL for a device used raw. */
static void
stack_of(struct collect *c, char *name, const char *fstype)
{
	struct meta_lines walk_notes = {0};
	struct node top;
	bool spans;
	char *s;

	/* the walk's remarks follow the stack line they explain */
	c->notes = &walk_notes;
	spans = fstype && strcmp(fstype, "btrfs") == 0 &&
	    btrfs_walk(c, name, &top);
	if (!spans)
		stack_walk(c, name, 0, true, &top);
	for (size_t i = 0; i < c->ndisks; i++)
		disk_read(c, &c->disks[i]);
	c->notes = &c->out;
	s = stack_render(&top, false);
	if (fstype && !spans)
		put_meta(c, "stack", "%s on %s", fstype, s);
	else
		put_meta(c, "stack", "%s", s);
	free(s);
	for (size_t i = 0; i < walk_notes.n; i++)
		meta_lines_add(&c->out, NULL, walk_notes.v[i].value);
	free(walk_notes.v);
	summary(c, &top);
	stack_free(&top);
	free(name);
}

/* The block device path names (/dev/NAME, as fio's --filename gives
 * one), when /sys knows it: its name (caller frees), else NULL. */
static char *
device_of(const struct collect *c, const char *path)
{
	const char *name = last_component(path);

	if (strncmp(path, "/dev/", 5) != 0 || *name == '\0' ||
	    !root_exists(c, "/sys/class/block/%s%s", name, ""))
		return NULL;
	return xstrdup(name);
}

void
storage_section(struct collect *c, const char *path)
{
	struct mount m = {0};
	char *name = device_of(c, path);

	if (name) {
		/* "none", not left out: a key given on one side only is
		 * unknown, and a raw device is another configuration */
		put_meta(c, "filesystem", "none");
		put_note(c, "%s is a block device, measured with no file "
		    "system on it", path);
		stack_of(c, name, NULL);
		return;
	}
	if (find_mount(c, path, &m)) {
		put_meta(c, "filesystem", "%s", m.type);
		put_meta(c, "mount-options", "%s", m.options);
		put_meta(c, "mount-point", "%s", m.point);
		put_meta(c, "mount-source", "%s", m.source);
		if ((name = mount_device(c, &m)) != NULL)
			stack_of(c, name, m.type);
	}
	free(m.point);
	free(m.type);
	free(m.source);
	free(m.options);
}
