/* The stack of block devices under a file system: partitions, dm and md
 * followed down to the disks, which are listed in struct collect for
 * collect_disk.c to read. */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 16		/* block devices stacked on each other */

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

	chunk = root_attr(c, &why, "/sys/class/block/%s/md/chunk_size", name);
	free(why);
	devs = root_attr(c, &why, "/sys/class/block/%s/md/raid_disks", name);
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
	char *why, *uuid = root_attr(c, &why, "/sys/class/block/%s/dm/uuid",
	    name);
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
	char *why, *state = root_attr(c, &why,
	    "/sys/class/block/%s/md/dev-%s/state", md, member);

	free(why);
	if (state && (strstr(state, "spare") || strstr(state, "faulty"))) {
		put_note(c, "%s: member %s is %s; not counted in disks", md,
		    member, state);
		return state;
	}
	free(state);
	return NULL;
}

static void
add_kid(struct collect *c, struct node *nd, const char *name, int depth,
    bool counted)
{
	nd->kids = xrealloc(nd->kids, (nd->nkids + 1) * sizeof *nd->kids);
	stack_walk(c, name, depth + 1, counted, &nd->kids[nd->nkids++]);
}

/* What a device with slaves is (md, dm), and its slaves. */
static void
walk_slaves(struct collect *c, struct node *nd, char **slaves, size_t ns,
    int depth, bool counted)
{
	char *why, *level, *dmname;

	level = root_attr(c, &why, "/sys/class/block/%s/md/level", nd->name);
	free(why);
	dmname = root_attr(c, &why, "/sys/class/block/%s/dm/name", nd->name);
	free(why);
	if (level)
		nd->what = describe_md(c, nd->name, level);
	else if (dmname)
		nd->what = describe_dm(c, nd->name, dmname);
	if (!level && ns > 1)
		put_note(c, "raid: %s spans %zu devices; how (linear, striped, "
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

/* Whether loop device name reads and writes its file with direct I/O
 * (loop/dio): without it, what a benchmark measures on the loop device
 * is the page cache of its backing file, whatever fio's direct says.
 * Put once, by the first loop device of the stack; another that differs
 * is said in a note. */
static void
put_loop_dio(struct collect *c, const char *name)
{
	char *why, *dio = root_attr(c, &why, "/sys/class/block/%s/loop/dio",
	    name);

	if (dio == NULL)
		put_note(c, "loop-direct-io: not found: %s", why);
	else if (strcmp(dio, "0") != 0 && strcmp(dio, "1") != 0)
		put_note(c, "loop-direct-io: /sys/class/block/%s/loop/dio: "
		    "\"%s\" is not 0 or 1", name, dio);
	else if (c->loop_dio == NULL) {
		put_meta(c, "loop-direct-io", "%s", dio[0] == '1' ? "on" :
		    "off");
		c->loop_dio = dio;
		dio = NULL;
	} else if (strcmp(c->loop_dio, dio) != 0)
		put_note(c, "loop-direct-io: %s's is %s, not as the first "
		    "loop device's", name, dio[0] == '1' ? "on" : "off");
	free(dio);
	free(why);
}

/* A device without slaves: a disk, or a device of the kernel's own
 * (loop, zram, ram: they have no "device" link to hardware) that is
 * no disk. */
static void
walk_leaf(struct collect *c, struct node *nd, bool counted)
{
	char *why, *backing;

	if (root_exists(c, "/sys/class/block/%s/%s", nd->name, "device")) {
		if (counted)
			add_disk(c, nd->name);
		return;
	}
	backing = root_attr(c, &why, "/sys/class/block/%s/loop/backing_file",
	    nd->name);
	free(why);
	if (backing) {
		nd->what = xasprintf("backed by %s", backing);
		put_note(c, "disks: %s is a loop device on the file %s; the "
		    "disks under that are not followed", nd->name, backing);
		put_loop_dio(c, nd->name);
	} else {
		nd->what = xstrdup("virtual");
		put_note(c, "disks: %s is a virtual device, not a disk",
		    nd->name);
	}
	free(backing);
}

/* Builds the node for block device name and everything under it. */
void
stack_walk(struct collect *c, const char *name, int depth, bool counted,
    struct node *nd)
{
	char *path, **slaves;
	size_t ns;
	int err;

	memset(nd, 0, sizeof *nd);
	nd->name = xstrdup(name);
	if (depth > MAX_DEPTH) {
		put_note(c, "stack: deeper than %d devices at %s; not followed",
		    MAX_DEPTH, name);
		return;
	}
	path = root_resolvef(c, &err, "/sys/class/block/%s", name);
	if (path == NULL || err != 0) {
		put_note(c, "stack: %s: /sys/class/block/%s: %s", name, name,
		    strerror(err));
		free(path);
		return;
	}
	if (root_exists(c, "/sys/class/block/%s/%s", name, "partition")) {
		/* a partition's directory sits in its disk's */
		char *disk = xstrndup(path,
		    (size_t)(last_component(path) - path));

		disk[strlen(disk) > 0 ? strlen(disk) - 1 : 0] = '\0';
		if (*last_component(disk) &&
		    strcmp(last_component(disk), "block") != 0)
			add_kid(c, nd, last_component(disk), depth, counted);
		else
			put_note(c, "stack: %s is a partition outside a disk's "
			    "directory (%s)", name, path);
		free(disk);
	} else if ((slaves = root_list(c, &ns, "/sys/class/block/%s/slaves",
	    name)) != NULL && ns > 0) {
		walk_slaves(c, nd, slaves, ns, depth, counted);
		root_list_free(slaves, ns);
	} else {
		free(slaves);
		walk_leaf(c, nd, counted);
	}
	free(path);
}

void
stack_free(struct node *nd)
{
	for (size_t i = 0; i < nd->nkids; i++)
		stack_free(&nd->kids[i]);
	free(nd->kids);
	free(nd->name);
	free(nd->what);
}

/* "md0 (raid0, 2 devices, 512k chunk) on sdb + sdc", with brackets
 * where a branch of several has its own branches. */
char *
stack_render(const struct node *nd, bool bracket)
{
	char *s = xasprintf("%s%s%s%s", nd->name, nd->what ? " (" : "",
	    nd->what ? nd->what : "", nd->what ? ")" : ""), *t, *k;

	for (size_t i = 0; i < nd->nkids; i++) {
		k = stack_render(&nd->kids[i], nd->nkids > 1);
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
