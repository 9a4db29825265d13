/* What two runs' labels say changed between them, when no meta key
 * does: nothing but a run's number ("first run", "second run": one
 * set-up measured again), a part of the machine ("40pin cable" against
 * "80pin cable", "without SLOG": another configuration), or a setting
 * ("v3" against "v3+", "default" against "special block size 1M"),
 * which is what a regression is about; and, at the end, whether two os
 * values' words name other systems. Read word by word, ASCII letters
 * of either case; owned by the analysis (analyse_int.h). */
#include "analyse/analyse_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TOKENS 32
#define TOKEN_MAX 24

struct tokens {
	char v[MAX_TOKENS][TOKEN_MAX];
	size_t n;
};

static bool
in_list(const char *t, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(t, *list) == 0)
			return true;
	return false;
}

/* Words that number a repetition of one set-up ("night 3" of a
 * nightly series, "day 2", CI's "job 17"), or a piece of a post
 * ("attachment 2", "table 3") that says no more of what it holds. */
static const char *const numbering[] = {"run", "runs", "pass", "try",
    "night", "day", "job", "sample",
    "attempt", "take", "iteration", "iter", "round", "repeat", "repeated",
    "again", "rerun", "retest", "test", "first", "second", "third",
    "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "1st", "2nd", "3rd", "attachment", "attached", "table", "output",
    "result", "results", NULL};

/* Words that name a part of the machine. */
static const char *const parts[] = {"cable", "cables", "disk", "disks",
    "drive", "drives", "ssd", "ssds", "hdd", "hdds", "nvme", "slog",
    "l2arc", "zil", "vdev", "vdevs", "controller", "controllers", "card",
    "hba", "port", "ports", "slot", "motherboard", "mainboard",
    "enclosure", "backplane", "expander", "jbod", "dimm", "usb", "array",
    "mirror", "pool", "spindles", NULL};

/* Words that name a layer of the stack the benchmark ran on: another
 * configuration, as a part is. */
static const char *const layers[] = {"encryption", "encrypted", "luks",
    "crypt", "dmcrypt", "dedup", "lvm", "bcache", "dm", "dmcache",
    "lvmcache", "flashcache", "enhanceio", "vdo", "overlay",
    "overlayfs", "nfs", "nfs3", "nfs4", "iscsi", "iser", "nvmeof",
    "smb", "smb3", "cifs", "nbd", "rbd", "ceph", "cephfs", "glusterfs",
    "drbd", "virtiofs", "9p", "fcoe", "ext2", "ext3", "ext4", "xfs",
    "btrfs", "zfs", "zvol", "jfs", "reiserfs", "ntfs", "ufs", "f2fs",
    NULL};

/* Words that name what a guest's disk runs under, a layer of its own
 * (another hypervisor is another virtual device, not a setting of
 * one): "cloud-hypervisor" against "QEMU", "VM" against "bare metal". */
static const char *const hypervisors[] = {"hypervisor", "vmm", "qemu",
    "kvm", "xen", "firecracker", "vmware", "esxi", "virtualbox", "vbox",
    "bhyve", "hyper", "hyperv", "guest", "vm", "container", "docker",
    "lxc", "podman", NULL};

/* Of them, those that name a part when a key of the user's own is
 * named so ("vmm: cloud-hypervisor -> qemu"); a key such as
 * "guest-cache" names a setting of the guest. */
static const char *const hypervisor_keys[] = {"hypervisor", "vmm", NULL};

/* Words of a key of the user's own that say how or where the benchmark
 * ran, not a setting of the system under test: "cpu-binding: same node
 * -> none" (numactl, taskset), "test-environment: v1 -> v2". */
static const char *const running_keys[] = {"binding", "bind", "bound",
    "pinned", "pinning", "affinity", "numa", "taskset", "numactl",
    "environment", "testbed", NULL};

/* Words that say the benchmark ran otherwise: several at once, or
 * beside a load ("busy: a second fio on the same disk": the disk it
 * names is the one measured, not a part changed). */
static const char *const measuring[] = {"instance", "instances",
    "process", "processes", "procs", "threads", "clients", "parallel",
    "parallelism", "concurrent", "concurrency", "concurrently",
    "simultaneous", "simultaneously", "alongside", "streams", "copies",
    "busy", "loaded", "contention", "hog", "hogs", NULL};

/* Words that say only when: which of two runs came first. */
static const char *const when[] = {"old", "new", "older", "newer",
    "before", "after", "original", "orig", "previous", "prev", "current",
    "updated", "upgraded", "upgrade", "earlier", "later", "now", "then",
    "latest", "last", NULL};

/* Whether every word of t says only when. */
static bool
only_when(const struct tokens *t)
{
	for (size_t k = 0; k < t->n; k++)
		if (!in_list(t->v[k], when))
			return false;
	return t->n > 0;
}

/* Words that name a setting of the same parts. */
static const char *const settings[] = {"default", "defaults", "size", "on",
    "off", "enabled", "disabled", "enable", "disable", "tuned", "tuning",
    "patch", "patched", "unpatched", "vanilla", "stock", "kernel",
    "scheduler", "elevator", "readahead", "ncq", "sync", "async",
    "compression", "compress", "recordsize", "atime", "noatime",
    "relatime", "barrier", "barriers", "nobarrier", "writeback",
    "writethrough", "queue", "depth", "mount", "options", "firmware",
    "driver", "module", "version", "bios", "with", "without", "cache",
    "caching", NULL};

/* Whether word k of t numbers a run: a numbering word, an ordinal
 * ("4th", "21st"), or a number after a numbering word ("run 2", "pass
 * #3"; a number alone is a setting's: "chunk 64"). */
static bool
numbering_at(const struct tokens *t, size_t k)
{
	const char *w = t->v[k];
	size_t n = strlen(w), digits = strspn(w, "0123456789");

	if (in_list(w, numbering))
		return true;
	if (n > 2 && digits == n - 2 && digits > 0)
		return in_list(w + digits, (const char *const[]){"st", "nd",
		    "rd", "th", NULL});
	return digits == n && k > 0 && in_list(t->v[k - 1], numbering);
}

/* s's words, lower case: letters, digits and the '+' and '.' inside a
 * word ("v3+", "2.6.11"); a word's trailing '.' is punctuation. */
static void
tokenize(const char *s, struct tokens *t)
{
	t->n = 0;
	while (*s && t->n < MAX_TOKENS) {
		size_t k = 0;

		while (*s && !isalnum((unsigned char)*s))
			s++;
		while (*s && (isalnum((unsigned char)*s) || *s == '+' ||
		    *s == '.')) {
			if (k + 1 < TOKEN_MAX)
				t->v[t->n][k++] = (char)tolower((unsigned char)*s);
			s++;
		}
		while (k > 0 && t->v[t->n][k - 1] == '.')
			k--;
		t->v[t->n][k] = '\0';
		if (k > 0)
			t->n++;
	}
}

static bool
has_token(const struct tokens *t, const char *w)
{
	for (size_t k = 0; k < t->n; k++)
		if (strcmp(t->v[k], w) == 0)
			return true;
	return false;
}

/* Whether x and y are the same words once a run's number is left out. */
static bool
same_but_numbering(const struct tokens *x, const struct tokens *y)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < x->n && numbering_at(x, i))
			i++;
		while (j < y->n && numbering_at(y, j))
			j++;
		if (i == x->n || j == y->n)
			return i == x->n && j == y->n;
		if (strcmp(x->v[i++], y->v[j++]) != 0)
			return false;
	}
}

/* The first word of x that y lacks and that list holds, or NULL. */
static const char *
differing(const struct tokens *x, const struct tokens *y,
    const char *const *list)
{
	for (size_t k = 0; k < x->n; k++)
		if (!has_token(y, x->v[k]) && in_list(x->v[k], list))
			return x->v[k];
	return NULL;
}

/* The number next to token k of t ("3 instances", "threads 8"), or
 * NULL. */
static const char *
count_beside(const struct tokens *t, size_t k)
{
	for (size_t j = k > 0 ? k - 1 : k + 1; j <= k + 1 && j < t->n;
	    j += 2) {
		const char *w = t->v[j];

		if (*w && strspn(w, "0123456789") == strlen(w))
			return w;
	}
	return NULL;
}

/* A word of measuring's both labels have, with another count beside it
 * ("3 instances" against "6 instances"): the benchmark ran otherwise;
 * the word, or NULL. */
static const char *
count_differs(const struct tokens *x, const struct tokens *y)
{
	for (size_t i = 0; i < x->n; i++) {
		const char *cx, *cy;

		if (!in_list(x->v[i], measuring) ||
		    (cx = count_beside(x, i)) == NULL)
			continue;
		for (size_t j = 0; j < y->n; j++)
			if (strcmp(x->v[i], y->v[j]) == 0 &&
			    (cy = count_beside(y, j)) != NULL &&
			    strcmp(cx, cy) != 0)
				return x->v[i];
	}
	return NULL;
}

/* A part or a layer taken away: "without SLOG", "no L2ARC", "without
 * bcache"; not a feature of one ("without disk write cache" is a
 * setting of the disk). */
static const char *
removed_part(const struct tokens *x)
{
	static const char *const features[] = {"write", "read", "cache",
	    "caching", "writeback", "ncq", "barrier", "barriers", NULL};

	for (size_t k = 0; k + 1 < x->n; k++)
		if ((strcmp(x->v[k], "without") == 0 ||
		    strcmp(x->v[k], "no") == 0) && (in_list(x->v[k + 1],
		    layers) || (in_list(x->v[k + 1], parts) &&
		    (k + 2 == x->n || !in_list(x->v[k + 2], features)))))
			return x->v[k + 1];
	return NULL;
}

/* A part x takes away that y does not ("without SLOG" against "Optane
 * SLOG"; not "no L2ARC, tuned" against "no L2ARC, default"). */
static const char *
removed_here(const struct tokens *x, const struct tokens *y)
{
	const char *p = removed_part(x), *q = removed_part(y);

	return p && (q == NULL || strcmp(p, q) != 0) ? p : NULL;
}

static const char *
any_of(const struct tokens *x, const char *const *list)
{
	for (size_t k = 0; k < x->n; k++)
		if (in_list(x->v[k], list))
			return x->v[k];
	return NULL;
}

static const char *
any_part(const struct tokens *x)
{
	return any_of(x, parts);
}

/* A label on one side only: unknown, as any key given on one side, but
 * for one that says the benchmark ran otherwise ("a backup ran
 * concurrently on the same disk": the disk it names is the one
 * measured) or names a part ("new SSD"): the user says the machine
 * changed there. */
static enum label_change
one_side(const char *label, char *part, size_t size)
{
	struct tokens t;
	const char *p;

	tokenize(label, &t);
	if ((p = any_of(&t, measuring)) != NULL) {
		snprintf(part, size, "%s", p);
		return LABELS_MEASURED;
	}
	if ((p = removed_part(&t)) == NULL && (p = any_part(&t)) == NULL)
		return LABELS_SAME;
	snprintf(part, size, "%s", p);
	return LABELS_PART;
}

enum label_change
label_change(const char *x, const char *y, char *part, size_t size)
{
	struct tokens a, b;
	const char *p;

	if (x == NULL && y == NULL)
		return LABELS_SAME;
	if (x == NULL || y == NULL)
		return one_side(x ? x : y, part, size);
	if (strcmp(x, y) == 0)
		return LABELS_SAME;
	tokenize(x, &a);
	tokenize(y, &b);
	if (same_but_numbering(&a, &b))
		return LABELS_SAME;
	/* "old" against "new": which came first, not what changed (a
	 * disk swapped as well as a kernel); "before patch" against "after
	 * patch" says the patch */
	if (only_when(&a) && only_when(&b))
		return LABELS_WHEN;
	/* A part one takes away ("without SLOG"), or one that one names
	 * and the other does not; else a setting that differs; else a
	 * part named by both (a cable of another kind). */
	if ((p = removed_here(&a, &b)) == NULL &&
	    (p = removed_here(&b, &a)) == NULL &&
	    (p = differing(&a, &b, parts)) == NULL &&
	    (p = differing(&b, &a, parts)) == NULL &&
	    (p = differing(&a, &b, layers)) == NULL &&
	    (p = differing(&b, &a, layers)) == NULL &&
	    (p = differing(&a, &b, hypervisors)) == NULL)
		p = differing(&b, &a, hypervisors);
	if (p == NULL && ((p = differing(&a, &b, measuring)) != NULL ||
	    (p = differing(&b, &a, measuring)) != NULL ||
	    (p = count_differs(&a, &b)) != NULL)) {
		snprintf(part, size, "%s", p);
		return LABELS_MEASURED;
	}
	if (p == NULL && (differing(&a, &b, settings) ||
	    differing(&b, &a, settings) || strchr(x, '=') || strchr(y, '=')))
		return LABELS_SETTING;
	if (p == NULL && (p = any_part(&a)) == NULL)
		p = any_part(&b);
	if (p == NULL)
		return LABELS_SETTING;
	snprintf(part, size, "%s", p);
	return LABELS_PART;
}

bool
labels_measure_otherwise(const char *x, const char *y)
{
	struct tokens a = {.n = 0}, b = {.n = 0};

	if (x)
		tokenize(x, &a);
	if (y)
		tokenize(y, &b);
	return differing(&a, &b, measuring) || differing(&b, &a, measuring);
}

bool
label_measures(const char *label)
{
	struct tokens t;

	if (label == NULL)
		return false;
	tokenize(label, &t);
	return any_of(&t, measuring) != NULL;
}

char *
label_change_text(const struct run_meta *was, const struct run_meta *now)
{
	const char *x = meta_get(was, "label"), *y = meta_get(now, "label");

	return xasprintf("label: %s \u2192 %s", x ? x : "none", y ? y : "none");
}

/* The first word of text in list, into word[size]; false when none is. */
static bool
names_word(const char *text, const char *const *list, char *word,
    size_t size)
{
	struct tokens t;
	const char *p;

	if (text == NULL)
		return false;
	tokenize(text, &t);
	if ((p = any_of(&t, list)) == NULL)
		return false;
	snprintf(word, size, "%s", p);
	return true;
}

/* Whether t counts devices: a number, then "x" ("2 x 970 EVO"). */
static bool
counts_devices(const struct tokens *t)
{
	for (size_t k = 1; k < t->n; k++)
		if (strcmp(t->v[k], "x") == 0 &&
		    strspn(t->v[k - 1], "0123456789") == strlen(t->v[k - 1]))
			return true;
	return false;
}

/* The first word of list that one value names and the other does not
 * ("iscsi" against "nfs" of the layers; "ext4 tuned" against "ext4"
 * names none), into word[size]. */
static bool
values_name(const char *was, const char *now, const char *const *list,
    char *word, size_t size)
{
	struct tokens a, b;
	const char *p;

	if (was == NULL || now == NULL)
		return false;
	tokenize(was, &a);
	tokenize(now, &b);
	if ((p = differing(&a, &b, list)) == NULL &&
	    (p = differing(&b, &a, list)) == NULL) {
		/* "1 x 970 EVO": a count of devices, on one side only, is
		 * hardware whatever it names */
		if (list != parts || counts_devices(&a) == counts_devices(&b))
			return false;
		p = "devices";
	}
	snprintf(word, size, "%s", p);
	return true;
}

/* Words of a value that say what the key names is not there. */
static const char *const absent[] = {"none", "no", "off", "false",
    "disabled", "absent", "without", NULL};

/* Layers that are a file system's own properties as well ("dedup: off
 * -> on" of a ZFS dataset, turned on or off as it stands): a key named
 * so is a setting. Encryption is not one of them: a cipher put in the
 * path of every block is a layer, whether dm-crypt's or ZFS's (which
 * cannot turn it on for a dataset that exists). */
static const char *const layer_properties[] = {"dedup", NULL};

/* Whether every word of text is in list (and it has one). */
static bool
all_in(const char *text, const char *const *list)
{
	struct tokens t;

	tokenize(text, &t);
	for (size_t k = 0; k < t.n; k++)
		if (!in_list(t.v[k], list))
			return false;
	return t.n > 0;
}

/* Whether value says what its key names is not there: its words are
 * all absent's, or it is "n/a" or "-". */
static bool
says_absent(const char *value)
{
	return strcasecmp(value, "n/a") == 0 || strcmp(value, "-") == 0 ||
	    all_in(value, absent);
}

/* Whether a key that is a layer's name alone ("drbd", "dm-crypt",
 * "bcache") has it on one side only ("none -> 8.0.11 connected"): the
 * layer put in or taken out. A key that names a setting of a layer as
 * well ("dm-crypt-workqueue: on -> off"), or a file system's property
 * ("dedup"), is a setting. */
static bool
layer_added(const char *key, const char *was, const char *now,
    char *word, size_t size)
{
	char scratch[TOKEN_MAX];

	if (was == NULL || now == NULL || !all_in(key, layers) ||
	    names_word(key, layer_properties, scratch, sizeof scratch) ||
	    says_absent(was) == says_absent(now))
		return false;
	return names_word(key, layers, word, size);
}

const char *
key_names_config(const char *key, const char *was, const char *now,
    char *word, size_t size)
{
	if (names_word(key, parts, word, size) ||
	    names_word(key, hypervisor_keys, word, size))
		return "a part";
	if (layer_added(key, was, now, word, size))
		return "a layer of the stack";
	if (names_word(key, running_keys, word, size))
		return "how or where the benchmark ran";
	/* by the values: a layer one names and the other does not, or
	 * hardware ("special: none -> 2 x Samsung 870 EVO mirror": a ZFS
	 * special vdev; "log-device: none -> nvme") */
	if (values_name(was, now, layers, word, size))
		return "a layer of the stack";
	if (values_name(was, now, parts, word, size))
		return "a part";
	return NULL;
}

/* ---- the os key's words ---- */

/* Words that name Linux or one of its distributions, lower case. */
static const char *const linux_words[] = {"linux", "ubuntu", "kubuntu",
    "xubuntu", "debian", "fedora", "centos", "rhel", "redhat", "suse",
    "opensuse", "sles", "arch", "archlinux", "gentoo", "mint", "alpine",
    "rocky", "almalinux", "slackware", "mandriva", "mandrake", "raspbian",
    "proxmox", "manjaro", "nixos", "devuan", "knoppix", NULL};

/* Whether os x is the bare family name ("Linux", "GNU/Linux") of y. */
static bool
bare_linux_of(const char *x, const char *y)
{
	struct tokens t;

	if (strcasecmp(x, "linux") != 0 && strcasecmp(x, "gnu/linux") != 0)
		return false;
	tokenize(y, &t);
	return any_of(&t, linux_words) != NULL;
}

/* Whether os x is y's first words ("Red Hat" of "Red Hat 9.0", "FreeBSD"
 * of "FreeBSD 5.0-CURRENT"): y says more of one OS, not another. */
static bool
leading_words_of(const char *x, const char *y)
{
	size_t n = strlen(x);

	return n > 0 && strncasecmp(x, y, n) == 0 && (y[n] == ' ' ||
	    y[n] == '\0');
}

bool
os_differ(const char *x, const char *y)
{
	return x && y && strcmp(x, y) != 0 && !bare_linux_of(x, y) &&
	    !bare_linux_of(y, x) && !leading_words_of(x, y) &&
	    !leading_words_of(y, x);
}
