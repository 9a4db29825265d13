/* A btrfs file system over several devices: its own RAID, which no md
 * or dm device shows. /sys/fs/btrfs/FSID lists the devices it spans
 * (devices/) and the profile each kind of block group is kept in
 * (allocation/data/raid1, ...); what benchsite's scaling needs is the
 * data's, as for an md array its level. Owned by collect_storage.c,
 * which writes the lines. */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* The profiles btrfs keeps block groups in, as allocation/ names them;
 * the meta raid level of each that has one in benchsite's sense. */
static const struct {
	const char *profile, *level;
	bool striped;	/* in 64 KiB stripes (BTRFS_STRIPE_LEN) */
} profiles[] = {
	{"single", NULL, false}, {"dup", NULL, false},
	{"raid0", "raid0", true}, {"raid1", "raid1", false},
	{"raid10", "raid10", true}, {"raid5", "raid5", true},
	{"raid6", "raid6", true},
	/* three or four copies over any number of devices: no level of
	 * md's or the scaling's */
	{"raid1c3", NULL, false}, {"raid1c4", NULL, false},
};

static int
profile_index(const char *name)
{
	for (size_t k = 0; k < sizeof profiles / sizeof *profiles; k++)
		if (strcmp(profiles[k].profile, name) == 0)
			return (int)k;
	return -1;
}

/* The file system whose devices/ lists dev, or NULL. */
static char *
fsid_of(struct collect *c, const char *dev)
{
	size_t n;
	char **v = root_list(c, &n, "/sys/fs/btrfs");
	char *found = NULL;

	for (size_t k = 0; k < n && !found; k++)
		if (root_exists(c, "/sys/fs/btrfs/%s/devices/%s", v[k], dev))
			found = xstrdup(v[k]);
	root_list_free(v, n);
	return found;
}

/* The one profile the file system keeps kind ("data", "metadata") in:
 * its index, or -1 when none or several are found (during a balance
 * that converts them, both are). */
static int
kept_in(struct collect *c, const char *fsid, const char *kind)
{
	size_t n;
	char **v = root_list(c, &n, "/sys/fs/btrfs/%s/allocation/%s", fsid,
	    kind);
	int found = -1, seen = 0;

	for (size_t k = 0; k < n; k++) {
		int p = profile_index(v[k]);

		if (p >= 0 && seen++ == 0)
			found = p;
	}
	root_list_free(v, n);
	return seen == 1 ? found : -1;
}

/* The raid lines' facts for data kept in profile p over ndev devices,
 * or a note of why there are none. */
static void
note_level(struct collect *c, int p, size_t ndev)
{
	c->raid_by = "btrfs";
	if (p < 0) {
		put_note(c, "raid: btrfs keeps its data in no one profile "
		    "(see btrfs filesystem df)");
		return;
	}
	if (profiles[p].level == NULL) {
		put_note(c, "raid: btrfs keeps its data in the %s profile over "
		    "%zu devices, which is no RAID level", profiles[p].profile,
		    ndev);
		return;
	}
	if (p == profile_index("raid1") && ndev > 2)
		put_note(c, "raid: btrfs raid1 keeps two copies, on any two of "
		    "its %zu devices", ndev);
	c->nmd = 1;
	c->md_level = xstrdup(profiles[p].level);
	c->md_chunk = profiles[p].striped ? xstrdup("64k") : NULL;
	c->md_devices = xasprintf("%zu", ndev);
}

/* "raid1 data, raid1 metadata, 2 devices". */
static char *
describe(int data, int metadata, size_t ndev)
{
	return xasprintf("%s data, %s metadata, %zu devices",
	    data >= 0 ? profiles[data].profile : "mixed",
	    metadata >= 0 ? profiles[metadata].profile : "mixed", ndev);
}

bool
btrfs_walk(struct collect *c, const char *dev, struct node *top)
{
	char *fsid = fsid_of(c, dev);
	char **devs;
	size_t ndev;
	int data;

	if (fsid == NULL)
		return false;
	devs = root_list(c, &ndev, "/sys/fs/btrfs/%s/devices", fsid);
	if (ndev < 2) {
		root_list_free(devs, ndev);
		free(fsid);
		return false;
	}
	memset(top, 0, sizeof *top);
	top->name = xstrdup("btrfs");
	data = kept_in(c, fsid, "data");
	top->what = describe(data, kept_in(c, fsid, "metadata"), ndev);
	top->kids = xcalloc(ndev, sizeof *top->kids);
	for (size_t k = 0; k < ndev; k++)
		stack_walk(c, devs[k], 1, true, &top->kids[top->nkids++]);
	note_level(c, data, ndev);
	c->btrfs_fsid = fsid;
	root_list_free(devs, ndev);
	return true;
}
