/* Like for like: what differs in the set-up between two runs, whether
 * they were measured alike, and why a comparison of them cannot be taken
 * at face value. See analyse_int.h. */
#include "analyse/analyse_int.h"
#include "read/meta.h"
#include "read/units.h"
#include "base/buf.h"
#include "base/hashmap.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum key_role {
	KEY_CONFIG,	/* another configuration: context, never a regression */
	KEY_LAYOUT,	/* the same, and what the scaling model studies */
	KEY_TUNABLE,	/* what a regression of a series is about */
	KEY_OPTIONS	/* how bonnie++ measured: like for like or not */
};

/* Whether two values of a key say one set-up though they differ as
 * text; the ways of each key are below (same_value). */
typedef bool same_fn(const char *, const char *);
static same_fn same_memory, same_stack, same_os, same_bonnie_options,
    same_mount_options, same_raid;	/* and same_fio_options, series.c's */

/* Keys that describe the set-up: what may explain a difference, which
 * metrics a change of each can move, and how two values of it that
 * differ as text may still be one (NULL: they may not). */
static const struct setup_key {
	const char *key;
	enum key_role role;
	struct moves moves;
	same_fn *same;
} setup_keys[] = {
	{"host", KEY_CONFIG, ALL_METRICS, NULL},
	{"controller", KEY_CONFIG, ALL_METRICS, NULL},
	{"chipset", KEY_CONFIG, ALL_METRICS, NULL},
	{"bus", KEY_CONFIG, ALL_METRICS, NULL},
	{"driver", KEY_TUNABLE, ALL_METRICS, NULL},
	{"firmware", KEY_TUNABLE, ALL_METRICS, NULL},
	{"disks", KEY_LAYOUT, ALL_METRICS, NULL},
	{"raid", KEY_LAYOUT, ALL_METRICS, same_raid},
	{"chunk", KEY_LAYOUT, ALL_METRICS, NULL},
	{"filesystem", KEY_CONFIG, ALL_METRICS, NULL},
	/* What collect says is under the file system: "ext4 on lvm on
	 * dm-crypt" is another configuration than "ext4 on dm-crypt". */
	{"stack", KEY_CONFIG, ALL_METRICS, same_stack},
	/* Barriers, sync and journal modes move writes and the file
	 * tests; the allocator's (extents, delalloc, inode64) where a file
	 * bonnie++ or fio writes and then reads lies: its reads too. */
	{"mount-options", KEY_TUNABLE, ALL_METRICS, same_mount_options},
	{"kernel", KEY_TUNABLE, ALL_METRICS, NULL},
	{"os", KEY_TUNABLE, ALL_METRICS, same_os},
	{"scheduler", KEY_TUNABLE, ALL_METRICS, NULL},
	/* The page cache's: no direct read waits on it. */
	{"readahead", KEY_TUNABLE, CACHED_READS, NULL},
	/* Per-char tests keep one request in flight. */
	{"queue-depth", KEY_TUNABLE, NOT_PER_CHAR, NULL},
	{"write-cache", KEY_TUNABLE, WRITES, NULL},
	/* the block layer's tunables of the queue (collect writes them):
	 * how many requests it holds, as queue-depth; how large one may
	 * grow; whether a loop device reads its file past the page cache */
	{"nr-requests", KEY_TUNABLE, NOT_PER_CHAR, NULL},
	{"max-sectors", KEY_TUNABLE, ALL_METRICS, NULL},
	{"loop-direct-io", KEY_TUNABLE, ALL_METRICS, NULL},
	{"cpu", KEY_CONFIG, ALL_METRICS, NULL},
	{"memory", KEY_CONFIG, ALL_METRICS, same_memory},
	{"motherboard", KEY_CONFIG, ALL_METRICS, NULL},
	{"bonnie-options", KEY_OPTIONS, BONNIE, same_bonnie_options},
	/* fio's options not in a workload's key (a runtime, a file), and
	 * each benchmark's version (record writes them): the runs were
	 * measured otherwise, another configuration */
	{"fio-options", KEY_CONFIG, NOT_BONNIE, same_fio_options},
	{"fio-version", KEY_CONFIG, NOT_BONNIE, NULL},
	{"bonnie-version", KEY_CONFIG, BONNIE, NULL},
};
#define NSETUP (sizeof setup_keys / sizeof *setup_keys)
_Static_assert(NSETUP <= 32, "setup_diff.changed holds a bit per key");

/* ---- the set-up ---- */

/* Whether option o[0..n) is one of the comma-separated options of s. */
static bool
has_option(const char *s, const char *o, size_t n)
{
	for (const char *p = s; *p; p += *p == ',') {
		size_t k = strcspn(p, ",");

		if (k == n && strncmp(p, o, n) == 0)
			return true;
		p += k;
	}
	return false;
}

static bool label_says(const char *label, const char *text, size_t n);

/* Whether comma list x has an option list y has not and, when label is
 * given, label says (label_says): the one walk of an option list that
 * both a set's comparison and a label's reading make. */
static bool
has_option_not_in(const char *x, const char *y, const char *label)
{
	for (const char *p = x; *p; p += *p == ',') {
		size_t k = strcspn(p, ",");

		if (k > 0 && !has_option(y, p, k) &&
		    (!label || label_says(label, p, k)))
			return true;
		p += k;
	}
	return false;
}

/* Whether each option of x is one of y's: the same set. */
static bool
options_within(const char *x, const char *y)
{
	return !has_option_not_in(x, y, NULL);
}

/* Whether two mount option lists are one set, whatever their order
 * ("rw,relatime", "relatime,rw"): the kernel applies them as a set. */
static bool
same_mount_options(const char *x, const char *y)
{
	return options_within(x, y) && options_within(y, x);
}

/* Whether two memory sizes are one: what a kernel reports moves a little
 * from boot to boot and kernel to kernel ("23.5 GiB", "23.4 GiB"). */
static bool
same_memory(const char *x, const char *y)
{
	double mx = units_mebibytes(x), my = units_mebibytes(y);

	return mx > 0 && my > 0 && fabs(mx - my) <= 0.02 * fmax(mx, my);
}

/* Whether w[0..n) is all of set, and not empty. */
static bool
all_of(const char *w, size_t n, const char *set)
{
	return n > 0 && strspn(w, set) >= n;
}

/* Whether a word is a block device's name that a boot may give another
 * ("sdb", "/dev/vdc1", "nvme1n1p2", "loop0", "md127", "dm-3"). */
static bool
device_word(const char *w, size_t n)
{
	static const char *const lettered[] = {"sd", "vd", "xvd", "hd"};
	static const char *const numbered[] = {"nvme", "loop", "md", "dm-",
	    "nbd", "zd", "mmcblk"};
	static const char *const lower = "abcdefghijklmnopqrstuvwxyz";

	if (n > 5 && strncmp(w, "/dev/", 5) == 0) {
		w += 5;
		n -= 5;
	}
	for (size_t k = 0; k < sizeof lettered / sizeof *lettered; k++) {
		size_t kn = strlen(lettered[k]), l;

		if (n <= kn || strncmp(w, lettered[k], kn) != 0)
			continue;
		/* sdb, sdaa1: a letter to three, not a word ("vdo") */
		l = strspn(w + kn, lower);
		if (l > 0 && l <= 3 && !(n == 3 && strncmp(w, "vdo", 3) == 0) &&
		    (kn + l == n || all_of(w + kn + l, n - kn - l,
		    "0123456789")))
			return true;
	}
	for (size_t k = 0; k < sizeof numbered / sizeof *numbered; k++) {
		size_t kn = strlen(numbered[k]);

		if (n > kn && strncmp(w, numbered[k], kn) == 0 &&
		    isdigit((unsigned char)w[kn]) && all_of(w + kn, n - kn,
		    "0123456789np"))
			return true;
	}
	return false;
}

/* Whether two stacks are one but for the names of their devices, which
 * a reboot may change ("ext4 on loop0" and "ext4 on loop1"). */
static bool
same_stack(const char *x, const char *y)
{
	for (;;) {
		size_t nx, ny;

		x += strspn(x, " ");
		y += strspn(y, " ");
		if (*x == '\0' || *y == '\0')
			return *x == *y;
		nx = strcspn(x, " ");
		ny = strcspn(y, " ");
		if (!(nx == ny && strncmp(x, y, nx) == 0) &&
		    !(device_word(x, nx) && device_word(y, ny)))
			return false;
		x += nx;
		y += ny;
	}
}

/* Whether key k has the same value on both sides; a key given on one
 * side only is unknown there, not a difference. */
static bool
same_value(size_t k, const char *x, const char *y)
{
	return x == NULL || y == NULL || strcmp(x, y) == 0 ||
	    (setup_keys[k].same && setup_keys[k].same(x, y));
}

/* Whether one raid value says no more than the other ("raid0", "RAID 0
 * md"): what one leaves out is unknown there. */
static bool
same_raid(const char *x, const char *y)
{
	bool more = false;

	return raid_within(x, y, &more) || raid_within(y, x, &more);
}

/* Whether two OSes are one (os_differ: a bare "Linux" is any Linux). */
static bool
same_os(const char *x, const char *y)
{
	return !os_differ(x, y);
}

/* Whether two bonnie++ command lines measure alike. */
static bool
same_bonnie_options(const char *x, const char *y)
{
	char a[160], b[160];

	return !bonnie_options_differ(x, y, NULL, a, b, sizeof a);
}

/* Whether two metas' disks are one set written two ways ("VIRTIO-256G",
 * "1 x VIRTIO-256G"), as the meta reader counts them. */
static bool
same_disks(const struct run_meta *x, const struct run_meta *y)
{
	return x->disk_count >= 0 && x->disk_count == y->disk_count &&
	    (x->disk_model == NULL) == (y->disk_model == NULL) &&
	    (x->disk_model == NULL || strcmp(x->disk_model, y->disk_model) ==
	    0);
}

/* The index of a set-up key. */
static size_t
setup_index(const char *key)
{
	size_t k = 0;

	while (k < NSETUP && strcmp(setup_keys[k].key, key) != 0)
		k++;
	return k;
}

/* What comes with a kernel: a distribution brings its own kernel, a
 * kernel its own drivers. */
static const char *const with_the_kernel[] = {"os", "driver"};
#define NWITH (sizeof with_the_kernel / sizeof *with_the_kernel)

/* Whether set-up key k changed along with the kernel and is one of
 * with_the_kernel: one change with it, told as the kernel's. */
static bool
with_kernel(const struct setup_diff *d, size_t k)
{
	bool along = false;

	for (size_t w = 0; w < NWITH; w++)
		along |= strcmp(setup_keys[k].key, with_the_kernel[w]) == 0;
	return along && (d->changed >> k & 1) &&
	    (d->changed >> setup_index("kernel") & 1);
}

/* Whether two metas give every set-up key the same value, seen from
 * their entries alone: place by place the same pooled entry, or the
 * same key outside the set-up (a date, a note). meta_get takes a key's
 * first entry, which is then at the same place in both. A run and the
 * one before it in its series mostly differ so (100 000 runs, with 22
 * keys looked up on each side otherwise). */
static bool
same_setup_entries(const struct run_meta *x, const struct run_meta *y)
{
	if (x->n != y->n)
		return false;
	for (size_t i = 0; i < x->n; i++)
		if (x->v[i] != y->v[i] && (strcmp(x->v[i], y->v[i]) != 0 ||
		    setup_index(x->v[i]) < NSETUP ||
		    !meta_key_known(x->v[i])))
			return false;
	return true;
}

/* The next key of the user's own from entry *i of d's later run that
 * both runs give, with other values, and its earlier value; NULL at the
 * end. */
static const char *
next_extra(const struct setup_diff *d, size_t *i, const char **was)
{
	const struct run_meta *m = &d->r->meta;

	for (; *i < m->n; ++*i) {
		const char *key = meta_key(m, *i), *y = meta_value(m, *i);

		if (meta_key_known(key) || meta_get(m, key) != y ||
		    (*was = meta_get(&d->b->meta, key)) == NULL ||
		    strcmp(*was, y) == 0)
			continue;
		return key;
	}
	return NULL;
}

static bool
has_digit(const char *s)
{
	return strpbrk(s, "0123456789") != NULL;
}

/* Whether a changed set-up key went from was to now: a key of the
 * user's own that says so too ("disk.vda.scheduler") is that change. */
static bool
named_change(const struct setup_diff *d, const char *was, const char *now)
{
	for (size_t k = 0; k < NSETUP; k++) {
		const char *x = meta_get(&d->b->meta, setup_keys[k].key);
		const char *y = meta_get(&d->r->meta, setup_keys[k].key);

		if ((d->changed >> k & 1) && x && y && strcmp(x, was) == 0 &&
		    strcmp(y, now) == 0)
			return true;
	}
	return false;
}

/* Whether the key of the user's own at entry i of d's later run, whose
 * earlier value was, is a setting: one side at least in words alone
 * ("on" against "off", "none" against "blkio 1500 read IOPS"), where a
 * build's number, a date or a commit has figures on both; and no named
 * key's change said again. See setup_diff.setting_beside. */
static bool
worded_setting(const struct setup_diff *d, size_t i, const char *was)
{
	const char *now = meta_value(&d->r->meta, i);

	return (!has_digit(was) || !has_digit(now)) &&
	    !named_change(d, was, now);
}

/* The letters and digits of text[0..n), in lower case, into out (size
 * bytes): "read-ahead" and "readahead" alike. */
static void
alnum_folded(const char *text, size_t n, char *out, size_t size)
{
	size_t m = 0;

	for (size_t k = 0; k < n && text[k] && m + 1 < size; k++)
		if (isalnum((unsigned char)text[k]))
			out[m++] = (char)tolower((unsigned char)text[k]);
	out[m] = '\0';
}

/* Whether label says text[0..n) at the bounds of its words, as it is
 * ("6.6 kernel" says 6.6, "Intel DC S3610 disks" the model) or one of
 * its words in its letters and digits alone, or begun by a name of
 * five of them or more: "read-ahead back to default" says readahead,
 * "max_sectors_kb 4" max-sectors; "compression" says no "on", nor
 * "nonexistent" "none". */
static bool
label_says(const char *label, const char *text, size_t n)
{
	char t[64], w[64], phrase[128];
	size_t tn;

	snprintf(phrase, sizeof phrase, "%.*s", (int)n, text);
	for (const char *p = label; *phrase &&
	    (p = find_ignoring_case(p, phrase)) != NULL; p++)
		if ((p == label || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[strlen(phrase)]))
			return true;
	alnum_folded(text, n, t, sizeof t);
	if ((tn = strlen(t)) == 0)
		return false;
	for (const char *p = label; *p; ) {
		size_t k = strcspn(p, " \t");

		alnum_folded(p, k, w, sizeof w);
		if (strcmp(w, t) == 0 || (tn >= 5 && strncmp(w, t, tn) == 0))
			return true;
		p += k;
		p += strspn(p, " \t");
	}
	return false;
}

/* Whether label tells of set-up key k of runs b and r (b may be NULL):
 * says its name or its value on either side (label_says), or an option
 * one side's value has and the other's not. */
static bool
label_names_key(const char *label, size_t k, const struct run *b,
    const struct run *r)
{
	const char *key = setup_keys[k].key;
	const char *x = b ? meta_get(&b->meta, key) : NULL;
	const char *y = meta_get(&r->meta, key);

	if (label_says(label, key, strlen(key)))
		return true;
	if ((x && label_says(label, x, strlen(x))) ||
	    (y && label_says(label, y, strlen(y))))
		return true;
	/* An option one side has alone, said: "sync" of "rw,sync" against
	 * "rw" in "mount -o sync". */
	return x && y && (has_option_not_in(y, x, label) ||
	    has_option_not_in(x, y, label));
}

/* Whether label names none of the set-up keys that differ
 * (label_names_key): it says another setting than theirs ("no prefetch"
 * beside "driver: zfs 0.6 -> zfs 0.7"), not theirs again ("6.6
 * kernel", "mount -o sync" beside the mount options). */
static bool
label_names_other(const struct setup_diff *d, const char *label)
{
	for (size_t k = 0; k < NSETUP; k++)
		if ((d->changed >> k & 1) &&
		    label_names_key(label, k, d->b, d->r))
			return false;
	return true;
}

/* Whether both runs' labels name a set-up key that changed between
 * them: each night's label tells what was done to it ("read-ahead 8
 * KiB", then "read-ahead back to default"), the change the keys name
 * already, no setting of its own. */
static bool
labels_tell_keys(const struct setup_diff *d)
{
	const char *lx = meta_get(&d->b->meta, "label");
	const char *ly = meta_get(&d->r->meta, "label");

	return lx && ly && !label_names_other(d, lx) &&
	    !label_names_other(d, ly);
}

/* Whether a key of the user's own that differs is a setting
 * (worded_setting): see setup_diff.setting_beside. */
static bool
worded_extra(const struct setup_diff *d)
{
	const char *was;

	for (size_t i = 0; next_extra(d, &i, &was) != NULL; i++)
		if (worded_setting(d, i, was))
			return true;
	return false;
}

/* Whether the labels, in words, say a setting the set-up keys that
 * differ do not: see setup_diff.label_beside. */
static bool
worded_labels(const struct setup_diff *d)
{
	const char *lx = meta_get(&d->b->meta, "label");
	const char *ly = meta_get(&d->r->meta, "label");

	return d->labels == LABELS_SETTING && lx && ly && !has_digit(lx) &&
	    !has_digit(ly) && label_names_other(d, lx) &&
	    label_names_other(d, ly);
}

/* "kernel: A -> B", and what came with it: "(with os: X -> Y; driver:
 * ata_piix -> ahci)". */
static char *
kernel_cause(const struct setup_diff *d)
{
	struct buf b = {0};
	const char *sep = " (with ";

	buf_printf(&b, "kernel: %s \u2192 %s", meta_get(&d->b->meta, "kernel"),
	    meta_get(&d->r->meta, "kernel"));
	for (size_t w = 0; w < NWITH; w++) {
		const char *key = with_the_kernel[w];

		if (!with_kernel(d, setup_index(key)))
			continue;
		buf_printf(&b, "%s%s: %s \u2192 %s", sep, key,
		    meta_get(&d->b->meta, key), meta_get(&d->r->meta, key));
		sep = "; ";
	}
	if (*sep == ';')
		buf_puts(&b, ")");
	return buf_take(&b);
}

/* Which keys of the user's own setup_text tells beside the set-up keys
 * that differ (where none differs, it tells them all). */
enum extra_keys {
	EXTRA_NONE,
	EXTRA_ALL,	/* a finding's differences tell them all, though
			   they explain nothing beside a named key
			   (explaining) */
	EXTRA_SETTINGS	/* a series' note of what changed: the settings
			   (worded_setting), which may have moved the
			   figure as well, not a night's number */
};

/* "key: x -> y; key: x -> y": the set-up keys that differ, what came
 * with a kernel told with it, then the keys of the user's own as extra
 * says. */
static char *
setup_text(const struct setup_diff *d, enum extra_keys extra)
{
	struct buf b = {0};
	const char *key, *was;
	size_t i = 0;

	for (size_t k = 0; k < NSETUP; k++) {
		key = setup_keys[k].key;
		if (!(d->changed >> k & 1) || with_kernel(d, k))
			continue;
		if (b.n > 0)
			buf_puts(&b, "; ");
		if (strcmp(key, "kernel") == 0) {
			char *kernel = kernel_cause(d);

			buf_puts(&b, kernel);
			free(kernel);
			continue;
		}
		buf_printf(&b, "%s: %s \u2192 %s", key, meta_get(&d->b->meta,
		    key), meta_get(&d->r->meta, key));
	}
	for (; (extra != EXTRA_NONE || d->changed == 0) &&
	    (key = next_extra(d, &i, &was)) != NULL; i++)
		if (d->changed == 0 || extra == EXTRA_ALL ||
		    worded_setting(d, i, was))
			buf_printf(&b, "%s%s: %s \u2192 %s", b.n ? "; " : "",
			    key, was, meta_value(&d->r->meta, i));
	return buf_take(&b);
}

/* The set-up's differences, text, with the labels' when only keys of
 * the user's own differ and the labels do too: the two together may be
 * what changed, and neither is hidden. (Beside a known key, a label
 * most often says the same again: it is told there only when it names
 * none of the key's values, label_beside.) */
static char *
labelled(const struct setup_diff *d, char *text)
{
	char *out, *label;

	if (text == NULL || (d->changed != 0 && !d->label_beside) ||
	    d->labels == LABELS_SAME)
		return text;
	label = label_change_text(&d->b->meta, &d->r->meta);
	out = xasprintf("%s; %s", text, label);
	free(label);
	free(text);
	return out;
}

void
diff_setup(const struct run *r, const struct run *b, struct setup_diff *d)
{
	const char *was;
	size_t i = 0;

	memset(d, 0, sizeof *d);
	d->r = r;
	d->b = b;
	d->labels = label_change(meta_get(&b->meta, "label"),
	    meta_get(&r->meta, "label"), d->label_word, sizeof d->label_word);
	if (same_setup_entries(&r->meta, &b->meta))
		return;
	for (size_t k = 0; k < NSETUP; k++) {
		const char *x = meta_get(&b->meta, setup_keys[k].key);
		const char *y = meta_get(&r->meta, setup_keys[k].key);

		if (same_value(k, x, y) || (k == setup_index("disks") &&
		    same_disks(&r->meta, &b->meta)))
			continue;
		d->changed |= 1u << k;
		d->nlayout += setup_keys[k].role == KEY_LAYOUT;
		d->ntunable += setup_keys[k].role == KEY_TUNABLE;
		d->nother += setup_keys[k].role != KEY_LAYOUT;
	}
	/* A distribution upgrade is one change, whoever counts them, and
	 * so is a kernel with its drivers. */
	for (size_t k = 0; k < NSETUP; k++)
		if (with_kernel(d, k)) {
			d->ntunable--;
			d->nother--;
		}
	/* Keys of the user's own only where no named key changed: a build's
	 * number beside a scheduler's change is no part of it. */
	for (; d->changed == 0 && next_extra(d, &i, &was) != NULL; i++)
		if (d->nextra++ == 0)
			d->extra = meta_key(&r->meta, i);
	d->label_beside = d->changed != 0 && worded_labels(d);
	d->setting_beside = d->label_beside ||
	    (d->changed != 0 && worded_extra(d));
	if (d->changed != 0 || d->nextra > 0)
		d->text = labelled(d, setup_text(d, EXTRA_ALL));
}

char *
setup_differences(const struct run *r, const struct run *b, int *count,
    int *layout)
{
	struct setup_diff d;

	diff_setup(r, b, &d);
	*count = d.nother;
	*layout = d.nlayout;
	return d.text;
}

/* The requests a fio workload keeps in flight: its depth (one for an
 * engine that waits on each, psync's and sync's, and for none given:
 * fio's default is psync) times its jobs. */
static long
fio_in_flight(const struct metric *m)
{
	static const char *const waits[] = {"sync", "psync", "vsync",
	    "pvsync", "pvsync2"};
	long depth = m->fio.iodepth > 0 ? m->fio.iodepth : 1;

	for (size_t k = 0; k < sizeof waits / sizeof *waits; k++)
		if (strcmp(m->fio.engine, waits[k]) == 0 ||
		    m->fio.engine[0] == '\0')
			depth = 1;
	return depth * (m->fio.numjobs > 0 ? m->fio.numjobs : 1);
}

/* Whether set-up key k, which d says changed, can move metric m: as its
 * set of metrics says, and for a device's queue depth or the block
 * layer's nr-requests, not a direct fio workload that keeps no more
 * requests in flight than either holds (a QD1 job under nr_requests 256
 * or 4 sends one at a time). */
static bool
key_moves(const struct setup_diff *d, size_t k, const struct metric *m)
{
	long was, now;
	char *end;

	if (!moves_metric(setup_keys[k].moves, m))
		return false;
	if (m == NULL || (strcmp(setup_keys[k].key, "queue-depth") != 0 &&
	    strcmp(setup_keys[k].key, "nr-requests") != 0) ||
	    m->def.family != FAMILY_FIO || !m->fio.direct)
		return true;
	was = strtol(meta_get(&d->b->meta, setup_keys[k].key), &end, 10);
	if (*end != '\0' || was <= 0)
		return true;
	now = strtol(meta_get(&d->r->meta, setup_keys[k].key), &end, 10);
	if (*end != '\0' || now <= 0)
		return true;
	return fio_in_flight(m) > (was < now ? was : now);
}

/* How many changed tunables can move metric m; the first into *which.
 * One is named as the cause (change_cause); with more, a regression
 * names them all, as the series' note does, since which one moved the
 * figure is not said. A key of the user's own is a tunable the meta has
 * no name for: it explains a change only when it alone differs and no
 * named tunable does (*which is then NSETUP), and never counts towards
 * two: keys that change every night (a build's number) would otherwise
 * blur every change of a kernel. */
static int
explaining(const struct setup_diff *d, const struct metric *m, size_t *which)
{
	int n = 0;

	for (size_t k = 0; k < NSETUP; k++)
		if ((d->changed >> k & 1) && !with_kernel(d, k) &&
		    setup_keys[k].role == KEY_TUNABLE &&
		    key_moves(d, k, m) && n++ == 0)
			*which = k;
	/* a setting of the user's own changed with it: which of the two
	 * moved the figure is not said */
	if (n == 1 && d->setting_beside)
		n = 2;
	if (n == 0 && d->nextra == 1 && d->nother == 0) {
		*which = NSETUP;
		n = 1;
		/* and the labels name another setting at once: which of the
		 * two moved the figure is not said */
		if (d->labels == LABELS_SETTING)
			n = 2;
	}
	return n;
}

char *
change_cause(const struct setup_diff *d, const struct metric *m)
{
	size_t k = 0;

	/* another host, disks or options that measure m too: another
	 * configuration, and a tunable changed beside them is not the
	 * cause of its figures */
	for (size_t j = 0; j < NSETUP; j++)
		if ((d->changed >> j & 1) && setup_keys[j].role != KEY_TUNABLE &&
		    key_moves(d, j, m))
			return NULL;
	if (explaining(d, m, &k) != 1)
		return NULL;
	if (k == NSETUP)
		return xasprintf("%s: %s \u2192 %s", d->extra,
		    meta_get(&d->b->meta, d->extra),
		    meta_get(&d->r->meta, d->extra));
	if (strcmp(setup_keys[k].key, "kernel") == 0)
		return kernel_cause(d);
	return xasprintf("%s: %s \u2192 %s", setup_keys[k].key,
	    meta_get(&d->b->meta, setup_keys[k].key),
	    meta_get(&d->r->meta, setup_keys[k].key));
}

bool
change_moves_nothing(const struct setup_diff *d, const struct metric *m)
{
	if (d->changed == 0 || d->nextra > 0 || d->labels != LABELS_SAME)
		return false;
	for (size_t k = 0; k < NSETUP; k++)
		if ((d->changed >> k & 1) && key_moves(d, k, m))
			return false;
	return true;
}

/* ---- measured alike ---- */

const char *
host_memory(const struct run *r)
{
	const char *v = meta_get(&r->meta, "ram");

	return v ? v : meta_get(&r->meta, "memory");
}

/* The links whose own rate caps any disk behind them, lowest first
 * where a name may stand for several (a bare "FireWire" for FireWire
 * 800's): their signalling rate in bytes, after coding, the most a
 * transfer can see. USB 3 and eSATA are left out: which generation
 * the value means is not said, and theirs are above many disks. */
static const struct {
	const char *prefix;	/* of the bus value, in lower case, without
				   spaces, dashes or underscores */
	const char *rate;
} slow_links[] = {
	{"usb1", "1.5 MB/s"}, {"usb2", "60 MB/s"},
	{"firewire400", "50 MB/s"}, {"ieee1394a", "50 MB/s"},
	{"firewire800", "100 MB/s"}, {"ieee1394b", "100 MB/s"},
	{"firewire", "100 MB/s"}, {"ieee1394", "100 MB/s"},
};

/* Whether bus value v, folded as slow_links' prefixes are, starts with
 * prefix and no digit follows it ("USB 2.0" is "usb2", "usb20" is
 * not). */
static bool
bus_is(const char *v, const char *prefix)
{
	char folded[32];
	size_t n = 0;

	for (; *v && n + 1 < sizeof folded; v++)
		if (*v != ' ' && *v != '-' && *v != '_')
			folded[n++] = (char)tolower((unsigned char)*v);
	folded[n] = '\0';
	n = strlen(prefix);
	return strncmp(folded, prefix, n) == 0 &&
	    !isdigit((unsigned char)folded[n]);
}

const char *
hardware_ceiling(const struct run *r, char by[CEILING_BY])
{
	const char *max = meta_get(&r->meta, "max-rate");
	const char *bus = meta_get(&r->meta, "bus");

	snprintf(by, CEILING_BY, "max-rate");
	if (max || bus == NULL)
		return max;
	for (size_t k = 0; k < sizeof slow_links / sizeof *slow_links; k++)
		if (bus_is(bus, slow_links[k].prefix)) {
			snprintf(by, CEILING_BY, "bus: %s", bus);
			return slow_links[k].rate;
		}
	return NULL;
}

/* What of a host's nominal memory its kernel may report: bonnie++ sizes
 * its file at twice that (a 32 GB host's default file is 63G, a 4 GB
 * laptop's 7G, with graphics or a VM's balloon taking their share), and
 * the firmware and the kernel keep some. Posts give the nominal size. */
#define REPORTED_MEMORY 0.85

bool
fits_cache(const struct run *r, enum test_file which)
{
	double mem = units_mebibytes(host_memory(r));
	double size = which == FIO_FILE ? units_fio_mebibytes(r->fio_size) *
	    (r->fio_files > 1 ? r->fio_files : 1) :
	    units_mebibytes(r->params.size);

	return mem > 0 && size > 0 && size < 2 * mem * REPORTED_MEMORY;
}

/* The ZFS release that first honours O_DIRECT, as major * 100 + minor:
 * before it, fio's direct=1 on a dataset goes through the ARC. */
#define ZFS_DIRECT_RELEASE 203

bool
zfs_arc_serves_direct(const struct run *r)
{
	const char *fs = meta_get(&r->meta, "filesystem");
	const char *drv = meta_get(&r->meta, "driver");
	const char *v;
	int major, minor;

	if (fs == NULL || strncasecmp(fs, "zfs", 3) != 0 ||
	    isalnum((unsigned char)fs[3]))
		return false;
	/* "driver: zfs 2.3.1", "zfs-2.2.7", "zfs-kmod-2.3.0": a release
	 * said */
	if (drv && strncasecmp(drv, "zfs", 3) == 0) {
		v = drv + 3 + strspn(drv + 3, " -v");
		if (strncasecmp(v, "kmod-", 5) == 0)
			v += 5;
		if (sscanf(v, "%d.%d", &major, &minor) == 2)
			return major * 100 + minor < ZFS_DIRECT_RELEASE;
	}
	return true;
}

const char *
fio_files_text(const struct run *r, char buf[FIO_FILES_TEXT])
{
	if (r->fio_files > 1)
		snprintf(buf, FIO_FILES_TEXT, "files of %u x %s",
		    (unsigned)r->fio_files, r->fio_size);
	else
		snprintf(buf, FIO_FILES_TEXT, "file of %s", r->fio_size);
	return buf;
}

/* The reasons of a caveat, joined with "; " as they come. */
struct reasons {
	char *text;
	bool config;	/* one says it is another configuration */
	bool side;	/* one says the runs are no before and after */
};

static void
reason(struct reasons *w, char *why)
{
	char *next = xasprintf("%s%s%s", w->text ? w->text : "", w->text ?
	    "; " : "", why);

	free(w->text);
	free(why);
	w->text = next;
}

/* A reason that the two runs are of other configurations: the finding
 * tells a difference, not a change (finding.told). */
static void
config_reason(struct reasons *w, char *why)
{
	w->config = true;
	reason(w, why);
}

static bool
new_per_char(const struct bonnie_params *x)
{
	const char *v = x->version ? x->version : x->csv_format;

	return v && strcmp(v, "1.0x") != 0 && strncmp(v, "1.9", 3) >= 0;
}

/* A run's fio target as a reason says it. */
static const char *
target_text(const struct run *r)
{
	return strcmp(r->fio_target, FIO_ON_FILES) == 0 ?
	    "files of a file system" : r->fio_target;
}

/* Whether fio ran on another device, or on a device and on files:
 * another configuration, as another disk is. What the jobs name counts
 * first; where one side names nothing (files fio names itself), the
 * devices fio's disk stats show under them (other_disks). */
static bool
other_target(const struct run *r, const struct run *b)
{
	return r->fio_target && b->fio_target &&
	    strcmp(r->fio_target, b->fio_target) != 0;
}

/* A run's fio_disks as a reason says them. */
static const char *
disks_text(const struct run *r)
{
	return strcmp(r->fio_disks, FIO_NO_DISK) == 0 ? "no disk (a file "
	    "system in memory, on a network, or over several devices)" :
	    r->fio_disks;
}

static bool
other_disks(const struct run *r, const struct run *b)
{
	return !(r->fio_target && b->fio_target) && r->fio_disks &&
	    b->fio_disks && strcmp(r->fio_disks, b->fio_disks) != 0;
}

static bool
fio_moved(const struct run *r, const struct run *b)
{
	return other_target(r, b) || other_disks(r, b);
}

/* The same as a reason (the scaling model compares an array with its
 * members' devices on purpose, and does not ask). */
static void
target_reason(const struct run *r, const struct run *b,
    const struct metric *m, struct reasons *w)
{
	if (m == NULL || m->def.family != FAMILY_FIO)
		return;
	if (other_target(r, b))
		config_reason(w, xasprintf("fio ran on %s, then on %s: "
		    "another device is another configuration", target_text(b),
		    target_text(r)));
	else if (other_disks(r, b))
		config_reason(w, xasprintf("fio's disk stats show %s, then "
		    "%s: another device is another configuration",
		    disks_text(b), disks_text(r)));
}

/* bonnie++ run differently: file size, file tests, options; fio on
 * files of other sizes: measured otherwise, another configuration. */
static void
options_reasons(const struct run *r, const struct run *b,
    const struct metric *m, struct reasons *w)
{
	const struct bonnie_params *x = &r->params, *y = &b->params;
	const char *oa = meta_get(&b->meta, "bonnie-options");
	const char *ob = meta_get(&r->meta, "bonnie-options");
	char was[160], now[160];
	const struct moves fio = {MT_IO, 0, MT_BONNIE, false};

	if (moves_metric((struct moves)IO_TESTS, m) &&
	    units_bonnie_sizes_differ(x->size, y->size))
		config_reason(w, xasprintf("file sizes differ (%s \u2192 "
		    "%s)", y->size, x->size));
	if (moves_metric(fio, m) && units_sizes_differ(r->fio_size,
	    b->fio_size))
		config_reason(w, xasprintf("fio file sizes differ (%s "
		    "\u2192 %s)", b->fio_size, r->fio_size));
	if (moves_metric(fio, m) && units_durations_differ(r->fio_runtime,
	    b->fio_runtime))
		config_reason(w, xasprintf("fio run times differ (runtime "
		    "%s \u2192 %s)", b->fio_runtime, r->fio_runtime));
	if (moves_metric((struct moves)FILE_TESTS, m) && x->files && y->files &&
	    strcmp(x->files, y->files) != 0)
		config_reason(w, xasprintf("file-test parameters differ "
		    "(%s \u2192 %s)", y->files, x->files));
	if (oa && ob && bonnie_options_differ(oa, ob, m, was, now, sizeof was))
		config_reason(w, xasprintf("bonnie++ options differ (%s "
		    "\u2192 %s)", was[0] ? was : "none", now[0] ? now :
		    "none"));
}

/* Whether bonnie++ ran with -D: it opens its file with O_DIRECT only
 * where it creates it, to write it; rewrite, the reads and the seeks
 * open it again without (strace of bonnie++ 2.00a). The block write
 * leaves nothing of the file in the page cache, so rewrite reads it
 * from the disk; the block read and the seeks after it find what
 * rewrite left there (direct_io_metric). */
bool
direct_io(const struct run *r)
{
	const char *o = meta_get(&r->meta, "bonnie-options");

	for (const char *p = o; p && *p; p += strspn(p, " \t")) {
		size_t k = strcspn(p, " \t");

		if (k == 2 && strncmp(p, "-D", 2) == 0)
			return true;
		p += k;
	}
	return false;
}

bool
direct_io_metric(const struct metric *m)
{
	return m && (m->def.traits & (MT_BONNIE | MT_BLOCK | MT_WRITE)) ==
	    (MT_BONNIE | MT_BLOCK | MT_WRITE);
}

/* A file size under twice the memory of either host: the page cache
 * holds much of the file, and the figures are the memory's (fio's
 * direct I/O goes round the cache, and bonnie++'s -D its block write
 * and rewrite, direct_io). */
static void
cache_size_reason(const struct run *r, const struct run *b,
    const struct metric *m, struct reasons *w)
{
	bool direct = direct_io_metric(m);
	const struct run *c = fits_cache(r, BONNIE_FILE) &&
	    !(direct && direct_io(r)) ? r : fits_cache(b, BONNIE_FILE) &&
	    !(direct && direct_io(b)) ? b : NULL;
	const struct run *f = fits_cache(r, FIO_FILE) ? r :
	    fits_cache(b, FIO_FILE) ? b : NULL;
	/* the side on ZFS, of the two whose files the cache holds */
	const struct run *z = fits_cache(r, FIO_FILE) &&
	    zfs_arc_serves_direct(r) ? r : fits_cache(b, FIO_FILE) &&
	    zfs_arc_serves_direct(b) ? b : NULL;
	char buf[FIO_FILES_TEXT];

	if (c && moves_metric((struct moves)IO_TESTS, m))
		reason(w, xasprintf("the file size %s of %s is under twice its "
		    "host's memory (%s): the figures may come from the cache",
		    c->params.size, c->id, host_memory(c)));
	/* A job named by its name has no direct in its key: its runs'
	 * options say. */
	if (f && m && m->def.family == FAMILY_FIO &&
	    (m->fio.rw == RW_JOB ? f->fio_buffered :
	    !fio_key_uncached(&m->fio)))
		reason(w, xasprintf("fio's buffered %s on %s %s under twice "
		    "its host's memory (%s): the figures may come from the "
		    "cache", fio_files_text(f, buf), f->id, f->fio_files > 1 ?
		    "are" : "is", host_memory(f)));
	else if (z && m && m->def.family == FAMILY_FIO)
		reason(w, xasprintf("fio's %s on %s %s under twice its host's "
		    "memory (%s), on ZFS, whose ARC serves direct=1 before "
		    "2.3: the figures may come from the cache",
		    fio_files_text(z, buf), z->id, z->fio_files > 1 ? "are" :
		    "is", host_memory(z)));
}

const char *
array_busy(const struct run *r)
{
	/* and a file system mounted degraded (btrfs's "-o degraded") */
	static const char *const keys[] = {"label", "title", "raid",
	    "mount-options"};

	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		const char *v = meta_get(&r->meta, keys[k]);

		if (v && meta_busy_state(v))
			return v;
	}
	return NULL;
}

/* Between two runs of arrays: against a single disk, the array's
 * scaling model says what a degraded array gives (a mirror writes one
 * member's worth whether whole or not). */
static void
array_state_reason(const struct run *r, const struct run *b,
    struct reasons *w)
{
	const struct run *busy = single_disk(r) || single_disk(b) ? NULL :
	    array_busy(r) ? r : array_busy(b) ? b : NULL;

	if (busy)
		reason(w, xasprintf("%s was measured while its array was busy "
		    "or degraded (\"%s\")", busy->id, array_busy(busy)));
}

/* A buffered fio job's latency under this many microseconds is the
 * page cache's: its write() copies into memory (the fdatasync after it,
 * the disk's part, fio times apart), its read() copies out of it. */
#define PAGE_CACHE_US 10.0

/* Metric mt's workload's figure of measure `want' in run r, or -1 when
 * r has none. */
static double
workload_figure(const struct analysis *a, const struct run *r,
    const struct metric *mt, enum fio_measure want)
{
	for (size_t k = 0; k < r->nsum; k++) {
		const struct metric *x = analysis_metric(a, run_metric_at(r, k));
		const struct metric_summary s = run_summary_at(r, k);

		if (x->def.family == FAMILY_FIO && x->fio.measure == want &&
		    strcmp(x->workload, mt->workload) == 0)
			return s.state == VS_OK ? s.median : -1;
	}
	return -1;
}

/* Whether the workload's requests took as long as memory's end to end:
 * the time each took by its IOPS (Little's law, over its jobs and
 * depth) is within ten times PAGE_CACHE_US. A buffered job of an
 * asynchronous engine spends its time in the submission, which clat
 * leaves out: writes paced by the writeback at 4 ms each complete in
 * 4 us. */
static bool
requests_memory_fast(const struct analysis *a, const struct run *r,
    const struct metric *mt)
{
	double iops = workload_figure(a, r, mt, FM_IOPS);
	double inflight = (mt->fio.iodepth > 1 ? mt->fio.iodepth : 1) *
	    (mt->fio.numjobs > 1 ? mt->fio.numjobs : 1);

	return !(iops > 0) || inflight * 1e6 / iops < 10 * PAGE_CACHE_US;
}

/* Whether a fio workload's writes are each followed by an fsync or an
 * fdatasync (fsync=N): fio times the sync apart from the write, whose
 * latency is then its copy into the page cache however long the syncs
 * make each request end to end (4 us a write at 185 IOPS). */
static bool
synced_apart(const struct metric *mt)
{
	return mt->fio.dir == FIO_WRITE && (mt->fio.sync == FSY_FSYNC ||
	    mt->fio.sync == FSY_FDATASYNC);
}

/* Whether fio latency mt of run r is of the writes of a buffered job
 * that synced them apart: each write completes into the page cache,
 * whatever the syncs after it cost, so its latency is memory's, however
 * long (a write that waits on a page under writeback takes 450 us); the
 * syncs' own latency is the storage's. Its key says so (fsync=N without
 * direct), or, where its key gives neither (fio's text prints no
 * options), its figures do: fio timed its syncs, and they took longer
 * than its writes, which took no longer than a copy into memory,
 * BUFFERED_COPY_US (a direct write takes the device's time, and its
 * sync then has little or nothing to flush: 1.2 s writes and 0.1 us
 * syncs). */
#define BUFFERED_COPY_US 5.0
static bool
synced_write_latency(const struct analysis *a, const struct run *r,
    const struct metric *mt)
{
	double lat, sync;

	if (mt->def.family != FAMILY_FIO || mt->fio.direct ||
	    mt->fio.dir != FIO_WRITE ||
	    !fio_measure_is_latency(mt->fio.measure) ||
	    fio_measure_is_sync(mt->fio.measure))
		return false;
	if (synced_apart(mt))
		return true;
	/* inferred: a direct write to a disk's write-back cache, or to an
	 * NVMe drive, takes 6 us or more, and its sync longer too */
	lat = workload_figure(a, r, mt, FM_LAT);
	sync = workload_figure(a, r, mt, FM_SYNC);
	return lat >= 0 && lat < BUFFERED_COPY_US && sync > lat;
}

/* Whether a buffered fio job's figure m of run r is the page cache's:
 * the figure, a latency, or the job's mean latency is under
 * PAGE_CACHE_US, and its requests took no longer end to end; then its
 * IOPS and bandwidth are memory's too, but for a job that syncs its
 * writes, whose pace the syncs set, and for reads while fio's disk
 * stats show the disk busy. */
static bool
page_cache_figure(const struct analysis *a, const struct run *r,
    const struct metric *mt, struct metric_summary m)
{
	double lat;

	if (mt->def.family != FAMILY_FIO || mt->fio.direct ||
	    m.state != VS_OK)
		return false;
	/* reads its disk was busy serving came from the disk (an Optane
	 * answers in 7 us); writes may be memory's while it writes back */
	if (r->fio_disk_busy && mt->fio.dir == FIO_READ)
		return false;
	/* a sync waits for the storage, never for the page cache */
	if (fio_measure_is_sync(mt->fio.measure))
		return false;
	if (fio_measure_is_latency(mt->fio.measure))
		return m.median < PAGE_CACHE_US &&
		    requests_memory_fast(a, r, mt);
	if (mt->fio.sync != FSY_NONE)
		return false;
	lat = workload_figure(a, r, mt, FM_LAT);
	return lat >= 0 && lat < PAGE_CACHE_US &&
	    requests_memory_fast(a, r, mt);
}

/* Signs in the figures that a block test hit a cache: the CPU, not the
 * disk, bounds it; too fast to time; faster than the hardware can go;
 * a buffered job's latency as short as memory's. */
static void
cache_hit_reasons(const struct analysis *a, size_t i, size_t o, int metric,
    struct reasons *w)
{
	const size_t side[2] = {i, o};
	const struct metric *mt = metric >= 0 ? analysis_metric(a, metric) :
	    NULL;
	unsigned t = mt ? mt->def.traits : 0;
	bool block = (t & MT_BONNIE) && (t & MT_BLOCK);

	if (mt == NULL || !(t & MT_IO))
		return;
	if (synced_write_latency(a, &a->set->runs[i], mt) ||
	    synced_write_latency(a, &a->set->runs[o], mt)) {
		reason(w, xasprintf("%s is of writes synced one by one, "
		    "buffered: each completed into the page cache, its sync "
		    "apart, so it is memory's, and the job's sync latency the "
		    "storage's", mt->def.label));
		return;
	}
	for (int k = 0; k < 2; k++) {
		const struct run *r = &a->set->runs[side[k]];
		const struct metric_summary m = analysis_sum(a, side[k],
		    metric);
		char by[CEILING_BY];
		const char *max = hardware_ceiling(r, by);
		double limit;

		if (block && m.state == VS_OK && m.cpu >= 90)
			reason(w, xasprintf("%s of %s ran at %d%% CPU: the "
			    "processor set its pace (a cache hit, encryption, "
			    "parity), not the disk", mt->def.label, r->id,
			    m.cpu));
		else if (m.n_too_fast > 0)
			reason(w, xasprintf("%s of %s was too fast to time "
			    "(+++++): a cache hit", mt->def.label, r->id));
		else if (max && mt->def.kind == MK_THROUGHPUT &&
		    units_target(max, MK_THROUGHPUT, &limit) &&
		    m.state == VS_OK && m.median > limit)
			reason(w, xasprintf("%s of %s is above the %s its "
			    "hardware can move (%s): a cache hit",
			    mt->def.label, r->id, max, by));
		else if (page_cache_figure(a, r, mt, m))
			reason(w, xasprintf("%s of %s is of requests under "
			    "%.0f \u00b5s, buffered: the page cache's, not the "
			    "disk's", mt->def.label, r->id, PAGE_CACHE_US));
	}
}

/* A fio job keyed by its name (terse output has no options; a rate, a
 * pause, a mix of block sizes or a skewed pattern is more than a key
 * holds): its block size, depth, direct, engine and rate are not in
 * the key, so two runs of the job may have run it differently, and a
 * change of its figures may be a change of its parameters. */
static void
job_key_reason(const struct metric *m, struct reasons *w)
{
	if (m && m->def.family == FAMILY_FIO && m->fio.rw == RW_JOB)
		reason(w, xasprintf("fio's job %s is known by its name only: its "
		    "block size, iodepth, direct, engine and rate are not in its "
		    "key and may differ between the runs, so a change is a "
		    "warning, not a regression", m->fio.job));
}

/* A bonnie++ file test the processor paced in both runs: at 95% CPU or
 * more in one and 80% or more in the other, creating and deleting
 * files went as fast as the kernel's metadata code, not the disk, and
 * its rate moves with what else the processor did (a file test that fell
 * from 99% to 46% CPU began to wait on the disk: that one is judged). */
static void
file_cpu_reason(const struct analysis *a, size_t i, size_t o, int metric,
    const struct metric *m, struct reasons *w)
{
	int now, was;

	if (m == NULL || !(m->def.traits & MT_BONNIE) ||
	    !(m->def.traits & MT_FILE))
		return;
	now = analysis_sum(a, i, metric).cpu;
	was = analysis_sum(a, o, metric).cpu;
	if ((now >= 95 && was >= 80) || (was >= 95 && now >= 80))
		reason(w, xasprintf("%s ran at %d%% CPU, then %d%%: the "
		    "processor set the file test's pace in both runs, not the "
		    "disk", m->def.label, was, now));
}

/* Why runs i and o were not measured alike on metric, into w. */
static void
measured_apart(const struct analysis *a, size_t i, size_t o, int metric,
    struct reasons *w)
{
	const struct run *r = &a->set->runs[i], *b = &a->set->runs[o];
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) :
	    NULL;
	bool per_char = m && (m->def.traits & MT_PER_CHAR);

	if (per_char && (analysis_sum(a, i, metric).cpu >= 95 ||
	    analysis_sum(a, o, metric).cpu >= 95))
		reason(w, xstrdup("per-char tests at 95% CPU or more measure "
		    "the processor"));
	file_cpu_reason(a, i, o, metric, m, w);
	job_key_reason(m, w);
	options_reasons(r, b, m, w);
	cache_size_reason(r, b, m, w);
	array_state_reason(r, b, w);
	cache_hit_reasons(a, i, o, metric, w);
	if ((per_char || metric < 0) &&
	    new_per_char(&r->params) != new_per_char(&b->params))
		reason(w, xstrdup("bonnie++ 1.0x and 1.9x+ per-char tests "
		    "measure different things"));
}

/* A run whose loop device read its file without direct I/O
 * (loop-direct-io: off) against one with it on: the page cache of the
 * file behind the loop device answered the first, the disk the second,
 * so a change between them is the cache come or gone (reads 62% down
 * the night direct I/O was turned back on), not the disk's. */
static void
loop_cache_reason(const struct analysis *a, size_t i, size_t o,
    int metric, struct reasons *w)
{
	const char *x = meta_get(&a->set->runs[o].meta, "loop-direct-io");
	const char *y = meta_get(&a->set->runs[i].meta, "loop-direct-io");
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) :
	    NULL;

	if (m == NULL || !(m->def.traits & MT_IO) || x == NULL || y == NULL ||
	    (strcmp(x, "off") != 0) == (strcmp(y, "off") != 0))
		return;
	reason(w, xasprintf("%s read its loop device's file without direct "
	    "I/O (loop-direct-io: off): the page cache of the file behind it "
	    "answered, not the disk, so the change is that cache's",
	    strcmp(x, "off") == 0 ? a->set->runs[o].id : a->set->runs[i].id));
}

bool
measurement_comparable(const struct analysis *a, size_t i, size_t o, int metric)
{
	struct reasons w = {NULL};
	bool alike;

	measured_apart(a, i, o, metric, &w);
	alike = w.text == NULL;
	free(w.text);
	return alike;
}

bool
figure_not_disks(const struct analysis *a, size_t o, int metric)
{
	const struct run *b = &a->set->runs[o];
	struct reasons w = {NULL};
	bool not_disks;

	cache_size_reason(b, b, analysis_metric(a, metric), &w);
	cache_hit_reasons(a, o, o, metric, &w);
	not_disks = w.text != NULL;
	free(w.text);
	return not_disks;
}

char *
comparison_caveat(const struct analysis *a, size_t i, size_t o, int ndiff,
    int metric, bool same_config)
{
	struct reasons w = {NULL};

	measured_apart(a, i, o, metric, &w);
	if (same_config)
		target_reason(&a->set->runs[i], &a->set->runs[o], metric >= 0 ?
		    analysis_metric(a, metric) : NULL, &w);
	if (ndiff > 1)
		reason(&w, xstrdup("more than one setting differs"));
	return w.text;
}

/* The changed keys of a role or two, "disks, filesystem". */
static char *
changed_keys(const struct setup_diff *d, enum key_role x, enum key_role y,
    const struct metric *m)
{
	char *out = NULL, *next;

	for (size_t k = 0; k < NSETUP; k++) {
		if (!(d->changed >> k & 1) || (setup_keys[k].role != x &&
		    setup_keys[k].role != y) ||
		    !moves_metric(setup_keys[k].moves, m))
			continue;
		next = xasprintf("%s%s%s", out ? out : "", out ? ", " : "",
		    setup_keys[k].key);
		free(out);
		out = next;
	}
	return out;
}

enum verdict
sibling_verdict(const struct analysis *a, size_t i, const struct metric *m,
    enum fio_measure fm)
{
	long k = sibling_slot(a, i, m, fm);

	return k < 0 ? VERDICT_NONE : a->runs[i].change[k].verdict;
}

/* A job known by its name only whose bandwidth and IOPS moved apart:
 * its blocks are of another size (bandwidth over IOPS), another
 * workload under one name, not a figure typed wrong. */
static void
blocks_moved_reason(const struct analysis *a, size_t i,
    const struct metric *m, enum fio_measure other, double rel,
    const char *pct, struct reasons *w)
{
	char was[32], now[32];
	long base = a->runs[i].base;

	if (base < 0)
		return;
	display_number(was, sizeof was, job_block_kib(a, (size_t)base, m),
	    DISPLAY_FINE_BELOW, 0);
	display_number(now, sizeof now, job_block_kib(a, i, m),
	    DISPLAY_FINE_BELOW, 0);
	reason(w, xasprintf("the same job's %s %s %s%%, not with it: its "
	    "blocks went from %s KiB to %s KiB on average (bandwidth over "
	    "IOPS), so the two runs ran it otherwise", other == FM_IOPS ?
	    "IOPS" : "bandwidth", rel < 0 ? "fell" : "rose", pct, was, now));
}

/* A fall of a fio job's bandwidth that its IOPS do not share, or the
 * other way round: fio prints both of one count of blocks of one size,
 * so they move together; apart, a figure was typed or read wrong (a
 * post's own table), and neither is signed. */
static void
throughput_apart_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) :
	    NULL;
	enum fio_measure other;
	struct change_figures mine, its;
	char pct[32];
	long k;

	if (m == NULL || m->def.family != FAMILY_FIO ||
	    (m->fio.measure != FM_BW && m->fio.measure != FM_IOPS))
		return;
	other = m->fio.measure == FM_BW ? FM_IOPS : FM_BW;
	if ((k = sibling_slot(a, i, m, other)) < 0 ||
	    a->runs[i].change[k].verdict == VERDICT_REGRESSION)
		return;
	mine = analysis_change(a, i, metric);
	its = analysis_change(a, i, run_metric_at(&a->set->runs[i],
	    (size_t)k));
	if (its.base_median <= 0 || fabs(mine.rel - its.rel) <=
	    0.5 * fabs(mine.rel))
		return;
	display_percent(its.rel, false, pct);
	if (a->runs[i].base >= 0 &&
	    job_blocks_moved(a, i, (size_t)a->runs[i].base, m))
		blocks_moved_reason(a, i, m, other, its.rel, pct, w);
	else
		reason(w, xasprintf("the same job's %s %s %s%%, not with it: "
		    "fio prints both of the same blocks, so one of the two "
		    "figures was typed or read wrong", other == FM_IOPS ?
		    "IOPS" : "bandwidth", its.rel < 0 ? "fell" : "rose", pct));
}

/* How many runs of a series back a tail's level is taken over. */
#define TAIL_LEVEL_RUNS 10

/* The medians of metric over the last runs of i's series before it (at
 * most TAIL_LEVEL_RUNS that have it, none that ran its job otherwise:
 * job_blocks_moved), latest first, into v; how many. */
static size_t
series_last(const struct analysis *a, size_t i, int metric,
    double v[TAIL_LEVEL_RUNS])
{
	const struct metric *m = analysis_metric(a, metric);
	size_t n = 0;

	for (size_t p = a->pos[i]; p > 0 && n < TAIL_LEVEL_RUNS; ) {
		size_t j = a->order[--p];
		struct metric_summary s;

		if (!same_series(a, j, i))
			break;
		s = analysis_sum(a, j, metric);
		if (s.state == VS_OK && s.median > 0 &&
		    !job_blocks_moved(a, i, j, m))
			v[n++] = s.median;
	}
	return n;
}

/* The median of series_last's figures, and their highest in *top; *n
 * how many, 0 when fewer than three. */
static double
series_level(const struct analysis *a, size_t i, int metric, size_t *n,
    double *top)
{
	double v[TAIL_LEVEL_RUNS];

	*n = series_last(a, i, metric, v);
	*top = 0;
	for (size_t k = 0; k < *n; k++)
		*top = v[k] > *top ? v[k] : *top;
	if (*n < 3) {
		*n = 0;
		return 0;
	}
	return stats_median(v, *n);
}

/* The worse quartile of series_last's figures: the lower for a figure
 * better higher. 0 when fewer than three. */
static double
series_worse_quartile(const struct analysis *a, size_t i, int metric)
{
	double v[TAIL_LEVEL_RUNS];
	size_t n = series_last(a, i, metric, v), q;

	if (n < 3)
		return 0;
	stats_sort(v, n);
	q = (n - 1) / 4;
	return analysis_def(a, metric)->higher_is_better ? v[q] :
	    v[n - 1 - q];
}

/* What a tail's siblings did, in words: its job's mean sync latency
 * (sync), or its workload's median and mean latency, within their
 * noise or not judged worse. */
static const char *
tail_siblings_words(bool sync, enum verdict median, enum verdict lat)
{
	if (sync)
		return lat == VERDICT_SAME ? "the same job's mean sync latency "
		    "stayed within its noise" : "the same job's mean sync "
		    "latency was not judged worse";
	return median == VERDICT_SAME && lat == VERDICT_SAME ? "the same "
	    "workload's median and mean latency stayed within their noise" :
	    "neither the same workload's median nor its mean latency was "
	    "judged worse";
}

/* A tail that rose past the fence from a base that was low for its
 * series, back to where the series' runs before put it: within the
 * fence of the median of their tails, or no higher than the highest of
 * them, while the same requests' median and mean latency stayed within
 * their noise. A careful reader calls that the base's luck, not this
 * run's regression. */
static void
tail_level_reason(const struct analysis *a, size_t i, int metric,
    const struct change *c, struct reasons *w)
{
	double now = analysis_sum(a, i, metric).median, level, top;
	char shown_level[48], shown_top[48];
	size_t n;

	if (c->rule != RULE_NOISE_FENCE || c->fence <= 0 ||
	    (level = series_level(a, i, metric, &n, &top)) <= 0 ||
	    (now > level * (1 + c->fence) && now > top))
		return;
	display_figure(analysis_def(a, metric), level, shown_level);
	display_figure(analysis_def(a, metric), top, shown_top);
	reason(w, xasprintf("a tail back within its series' range: the %zu "
	    "runs before it measured %s at the median and up to %s, while "
	    "%s", n, shown_level, shown_top, tail_siblings_words(
	    fio_measure_is_sync(analysis_metric(a, metric)->fio.measure),
	    VERDICT_SAME, VERDICT_SAME)));
}

/* A latency of a fio workload: its mean and median follow the
 * workload's rate at its fixed depth, its tails the night's. */
static bool
latency_of_fio(const struct metric *m)
{
	return m->def.family == FAMILY_FIO && m->def.kind == MK_LATENCY;
}

bool
tail_metric(const struct metric *m)
{
	return m->def.family == FAMILY_FIO && fio_measure_is_tail(m->fio.measure);
}

static bool nothing_moves(const struct analysis *,
    const struct setup_diff *, int metric);
static const char *unexplained_lead(const struct analysis *,
    const struct setup_diff *, int metric);

/* Whether the same workload as tail m's had neither its IOPS, its
 * bandwidth nor the mean latency of m's kind judged worse in run i:
 * what a tail that rose by itself is set against. */
static bool
rate_and_mean_held(const struct analysis *a, size_t i,
    const struct metric *m)
{
	return sibling_verdict(a, i, m, fio_mean_measure(m->fio.measure)) !=
	    VERDICT_REGRESSION &&
	    sibling_verdict(a, i, m, FM_IOPS) != VERDICT_REGRESSION &&
	    sibling_verdict(a, i, m, FM_BW) != VERDICT_REGRESSION;
}

/* A tail percentile (p99, p99.9) that moved with no history and too
 * few samples for the rank test, while the same requests' median and
 * mean did not rise: the slowest one in a hundred of one run depends
 * on what else that run met (a flush, a daemon's timer), and a run or
 * two a side cannot tell that from a change. The rank test of enough
 * samples a side, or a series' history, can, when something the meta
 * names changed; with nothing changed, a tail that rose alone is what
 * else the night met, however sure its size. The text says which of
 * these held, as they are. */
static void
tail_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) : NULL;
	const struct change *c;
	struct change_figures cf;
	enum verdict median, lat;
	bool sync;
	char few[48];

	if (m == NULL || !tail_metric(m))
		return;
	c = analysis_change_of(a, i, metric);
	if (c->verdict != VERDICT_REGRESSION)
		return;		/* a tail that fell is no alarm to temper */
	/* a sync's tail has its mean to go by, and no median */
	sync = fio_measure_is_sync(m->fio.measure);
	median = sibling_verdict(a, i, m, sync ? FM_SYNC : FM_P50);
	lat = sibling_verdict(a, i, m, fio_mean_measure(m->fio.measure));
	/* with nothing changed that can move it (a queue's nr_requests
	 * beside a job that keeps one request in flight), a median that
	 * rose with the tail is the same night's shape
	 * (median_alone_reason tells it) */
	if (c->rule != RULE_THRESHOLD && nothing_moves(a, d, metric) &&
	    rate_and_mean_held(a, i, m)) {
		reason(w, xasprintf("a tail that rose alone (%s): the same %s "
		    "and its throughput were not judged worse, and one "
		    "night's slowest requests depend on what else it met",
		    unexplained_lead(a, d, metric), sync ? "job's mean sync "
		    "latency" : "workload's mean latency"));
		return;
	}
	if (median == VERDICT_REGRESSION || lat == VERDICT_REGRESSION)
		return;
	if (c->rule != RULE_THRESHOLD) {
		tail_level_reason(a, i, metric, c, w);
		return;
	}
	cf = analysis_change(a, i, metric);
	if (cf.n == 1 && cf.n_base == 1)
		snprintf(few, sizeof few, "single samples");
	else
		snprintf(few, sizeof few, "%d vs %d samples", cf.n, cf.n_base);
	reason(w, xasprintf("a tail of %s: %s; %s", few,
	    tail_siblings_words(sync, median, lat),
	    c->rank_too_small ? "too few a side for the rank test at its "
	    "level: run each side more times to tell" : "run each side 3 "
	    "times or more to tell"));
}

/* A p99.9 that rose while the same workload's p99 fell (a buffered
 * read's p99.9 up 247% the night its p99 fell 53%), its rate and mean
 * latency not judged worse: the slowest few requests of one run went
 * their own way, where a slower device moves both. */
static void
tails_apart_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) :
	    NULL;

	/* (a p99 that rose is a hundredth of the requests: no few; a rate
	 * or mean that fell with it is a slower device's sign, whatever
	 * the other tail did) */
	if (m == NULL || m->def.family != FAMILY_FIO ||
	    m->fio.measure != FM_P99_9 ||
	    analysis_change_of(a, i, metric)->verdict != VERDICT_REGRESSION ||
	    sibling_verdict(a, i, m, FM_P99) != VERDICT_IMPROVEMENT ||
	    !rate_and_mean_held(a, i, m))
		return;
	reason(w, xstrdup("its tails moved apart: the same workload's p99 "
	    "fell as this rose, and its rate and mean latency were no "
	    "worse, so the slowest few requests of one run went their own "
	    "way, where a slower device moves both"));
}

bool
median_moved_alone(const struct analysis *a, size_t i, const struct metric *m,
    enum verdict way)
{
	enum verdict iops, bw;

	if (m->def.family != FAMILY_FIO || m->fio.measure != FM_P50 ||
	    sibling_verdict(a, i, m, FM_LAT) != VERDICT_SAME)
		return false;
	iops = sibling_verdict(a, i, m, FM_IOPS);
	bw = sibling_verdict(a, i, m, FM_BW);
	/* not when the rate moved the median's way, nor when neither of
	 * its two figures held */
	return iops != way && bw != way &&
	    (iops == VERDICT_SAME || bw == VERDICT_SAME);
}

/* A median latency (p50) that rose while the same workload's mean
 * latency and its IOPS or bandwidth held: the requests' spread changed
 * shape (a throttle's, a cache's), none took longer on average, and a
 * careful reader does not call the device slower for it. */
static void
median_alone_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) : NULL;

	if (m == NULL ||
	    analysis_change_of(a, i, metric)->verdict != VERDICT_REGRESSION ||
	    !median_moved_alone(a, i, m, VERDICT_REGRESSION))
		return;
	reason(w, xstrdup("the median latency moved alone: the same "
	    "workload's mean latency and its throughput stayed within their "
	    "noise, so requests took no longer on average, as far as the "
	    "noise tells"));
}

/* The metric of run i measuring fm of workload w, or -1. */
static int
workload_metric(const struct analysis *a, size_t i, const char *w,
    enum fio_measure fm)
{
	const struct run *r = &a->set->runs[i];
	long k = workload_slot(a, r, w, (int)fm);

	return k < 0 ? -1 : run_metric_at(r, (size_t)k);
}

/* The mean latency of both sides of a mixed job in run i, each side's
 * weighted by its IOPS: what a request of the job waited, whichever way
 * it went; -1 when a figure is missing. */
static double
mixed_mean_latency(const struct analysis *a, size_t i, const int lat[2],
    const int iops[2])
{
	double sum = 0, n = 0;

	for (int s = 0; s < 2; s++) {
		struct metric_summary l = analysis_sum(a, i, lat[s]);
		struct metric_summary q = analysis_sum(a, i, iops[s]);

		if (l.state != VS_OK || q.state != VS_OK || !(q.median > 0))
			return -1;
		sum += l.median * q.median;
		n += q.median;
	}
	return sum / n;
}

/* A mean latency that rose on one side of a mixed read/write job while
 * the job's requests, both sides weighed by their IOPS, waited no longer
 * than the noise allows and neither side's IOPS fell: reads and writes
 * share the job's queue, and what one side waits more the other waits
 * less (review sixteen: writes 1947 -> 3481 us, reads 812 -> 215 us,
 * the job's 1155 -> 1202 us, IOPS -4%): the job is no slower for it. */
static void
mixed_share_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) : NULL;
	const struct change *c;
	const char *dot;
	int lat[2], iops[2];
	double now, was, rel;
	long base;
	char *other, shown_was[48], shown_now[48], pct[32];

	if (m == NULL || m->def.family != FAMILY_FIO ||
	    m->fio.measure != FM_LAT || (base = a->runs[i].base) < 0 ||
	    (c = analysis_change_of(a, i, metric))->verdict !=
	    VERDICT_REGRESSION || (dot = strrchr(m->workload, '.')) == NULL ||
	    (strcmp(dot, ".read") != 0 && strcmp(dot, ".write") != 0))
		return;
	other = xasprintf("%.*s%s", (int)(dot - m->workload), m->workload,
	    strcmp(dot, ".read") == 0 ? ".write" : ".read");
	lat[0] = metric;
	iops[0] = workload_metric(a, i, m->workload, FM_IOPS);
	lat[1] = workload_metric(a, i, other, FM_LAT);
	iops[1] = workload_metric(a, i, other, FM_IOPS);
	free(other);
	if (iops[0] < 0 || lat[1] < 0 || iops[1] < 0 ||
	    analysis_change_of(a, i, iops[0])->verdict == VERDICT_REGRESSION ||
	    analysis_change_of(a, i, iops[1])->verdict == VERDICT_REGRESSION ||
	    analysis_change_of(a, i, lat[1])->verdict != VERDICT_IMPROVEMENT ||
	    (now = mixed_mean_latency(a, i, lat, iops)) < 0 ||
	    (was = mixed_mean_latency(a, (size_t)base, lat, iops)) <= 0 ||
	    fabs(rel = now / was - 1) > fmax(c->fence, a->opts.threshold))
		return;
	display_figure(analysis_def(a, metric), was, shown_was);
	display_figure(analysis_def(a, metric), now, shown_now);
	display_percent(rel, true, pct);
	reason(w, xasprintf("a mixed job's two sides share its queue: the "
	    "%s' mean latency fell as this rose, neither side's IOPS fell, "
	    "and the job's requests, both sides weighed by their IOPS, waited "
	    "%s%% (%s to %s), within the noise: its requests took no "
	    "longer on the whole", strcmp(dot, ".read") == 0 ? "writes" :
	    "reads", pct, shown_was, shown_now));
}

int
memory_served(const struct analysis *a, size_t i, const struct metric *m)
{
	struct metric_summary now, was;
	long base;
	int lat;

	if (m->def.family != FAMILY_FIO ||
	    !fio_measure_is_latency(m->fio.measure) ||
	    (base = a->runs[i].base) < 0 ||
	    (lat = workload_metric(a, i, m->workload,
	    fio_mean_measure(m->fio.measure))) < 0)
		return -1;
	now = analysis_sum(a, i, lat);
	was = analysis_sum(a, (size_t)base, lat);
	return now.state == VS_OK && was.state == VS_OK &&
	    (now.median < DEVICE_FLOOR_US || was.median < DEVICE_FLOOR_US) ?
	    lat : -1;
}

/* A latency of a workload whose mean completion latency, in this run or
 * its base, is under DEVICE_FLOOR_US (memory_served): no disk completes
 * a request that fast, so memory served it (the page cache, a RAM disk,
 * a cache below direct I/O), as the run's own warning says, and a change
 * of it tells nothing of the storage (review eighteen: md RAID1 over RAM
 * disks at a held rate, mean 0.61 -> 0.96 us, p99.9 1 -> 90 us). So of
 * a job's syncs, by their own mean: an fsync after direct writes to a
 * block device has nothing to flush, and returns in 0.06 or 0.1 us. */
static void
memory_latency_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) : NULL;
	struct metric_summary now, was;
	char shown_was[48], shown_now[48];
	const char *sides;
	int lat;

	if (m == NULL || (lat = memory_served(a, i, m)) < 0)
		return;
	now = analysis_sum(a, i, lat);
	was = analysis_sum(a, (size_t)a->runs[i].base, lat);
	display_figure(analysis_def(a, lat), was.median, shown_was);
	display_figure(analysis_def(a, lat), now.median, shown_now);
	sides = now.median < DEVICE_FLOOR_US && was.median < DEVICE_FLOOR_US ?
	    "both sides" : "one side";
	if (fio_measure_is_sync(m->fio.measure))
		reason(w, xasprintf("the job's mean sync latency, %s before "
		    "and %s now, is under a microsecond on %s: no device makes "
		    "writes durable that fast, so its syncs had nothing to "
		    "flush (tmpfs, a RAM disk, direct writes to a device "
		    "without a volatile cache), and a change of them tells "
		    "nothing of the storage", shown_was, shown_now, sides));
	else
		reason(w, xasprintf("the workload's mean latency, %s before "
		    "and %s now, is under a microsecond on %s: no disk "
		    "completes a request that fast, so memory served it, not "
		    "the storage", shown_was, shown_now, sides));
}

/* Whether two dates, as the meta reader let them in (ISO 8601), are of
 * one day: "2026-11-21T03:00Z" and "2026-11-21T05:30Z" (record writes the
 * time) are; a year or a month alone is only itself. */
static bool
same_day(const char *a, const char *b)
{
	return strlen(a) >= 10 && strlen(b) >= 10 ? strncmp(a, b, 10) == 0 :
	    strcmp(a, b) == 0;
}

/* Whether the dates of d's runs, was and now, say no order between
 * them: of one day, as the tables of one post or the set-ups a lab
 * measured in one sitting are. Not so for two runs of a series the
 * user named, each with its time of day: a CI that runs on every merge
 * runs several times a day, and a drop of 98% between two of its jobs
 * is a before and an after like any night's. */
static bool
unordered(const struct setup_diff *d, const char *was, const char *now)
{
	const char *x = meta_get(&d->b->meta, "series");
	const char *y = meta_get(&d->r->meta, "series");

	/* as written: the seconds of record's times tell jobs a minute
	 * holds apart */
	if (x && y && strcmp(x, y) == 0 && meta_date_has_time(was) &&
	    meta_date_has_time(now) && strcmp(was, now) != 0)
		return false;
	return same_day(was, now);
}

/* A key of x's meta that y's does not give, but for those that say
 * nothing of the set-up (a date, a label, a title, an acknowledgement),
 * or NULL. */
static const char *
given_once(const struct run_meta *x, const struct run_meta *y)
{
	static const char *const aside[] = {"date", "label", "title",
	    "series", "baseline"};

	for (size_t i = 0; i < x->n; i++) {
		const char *k = meta_key(x, i);
		bool skip = strchr(k, '.') != NULL;	/* ack., expect., disk. */

		for (size_t j = 0; j < sizeof aside / sizeof *aside && !skip;
		    j++)
			skip = strcmp(k, aside[j]) == 0;
		if (!skip && meta_get(y, k) == NULL)
			return k;
	}
	return NULL;
}

/* Whether run i's base is of its series: the run before it, or a
 * baseline (meta or --baseline) of its own series, whose nights before
 * it say how far the set-up reaches alike. */
static bool
base_of_series(const struct analysis *a, size_t i)
{
	long b = a->runs[i].base;

	return a->runs[i].base_in_series || (b >= 0 &&
	    same_series(a, (size_t)b, i));
}

/* Where run i's figure of metric stands against the lowest (the
 * highest for a latency) its series' last TAIL_LEVEL_RUNS runs before it
 * reached with nothing marked changed, their samples' extremes: into
 * *reach and *at (the run), false when fewer than two such runs give
 * it. Runs whose change was marked (a key, a one-sided label, a busy
 * array), or that fell far themselves (a loop device's direct I/O
 * turned on, unsaid, and its random reads down 77%: mark_fallen_far),
 * say nothing of the set-up's own reach, nor do runs of a job known by
 * its name only that ran it with blocks of another size. */
static bool
series_reach(const struct analysis *a, size_t i, int metric, double *reach,
    long *at)
{
	bool up = analysis_def(a, metric)->higher_is_better;
	size_t n = 0;

	*reach = NAN;
	*at = -1;
	for (size_t p = a->pos[i]; p > 0 && n < TAIL_LEVEL_RUNS; ) {
		size_t j = a->order[--p];
		struct metric_summary s;
		double x;

		if (!same_series(a, j, i))
			break;
		s = analysis_sum(a, j, metric);
		if (s.state != VS_OK || a->runs[j].change_marked ||
		    a->runs[j].busy || a->runs[j].fell_far ||
		    job_blocks_moved(a, i, j, analysis_metric(a, metric)))
			continue;
		n++;
		x = up ? s.min : s.max;
		if (isnan(*reach) || (up ? x < *reach : x > *reach)) {
			*reach = x;
			*at = (long)j;
		}
	}
	return n >= 2 && *at >= 0;
}

/* Where a regression stands against its series' reach (within_reach). */
struct reach {
	double reach;	/* the series' lowest (highest for a latency) */
	long at;	/* the run that measured it */
	double limit;	/* the share it may go past it (reach_margin) */
	bool beyond;	/* past the reach itself, within limit only */
};

/* The share of its figure a regression of run i's metric may go past
 * the series' reach and still be within it (within_reach): none when a
 * history too short to fence it set the bar by the series' own swings,
 * else the fence it was judged by. -1: no such regression. */
static double
reach_margin(const struct analysis *a, size_t i, int metric)
{
	const struct change *c = analysis_change_of(a, i, metric);

	if (c->verdict != VERDICT_REGRESSION)
		return -1;
	if (c->rule == RULE_THRESHOLD)
		return 0;
	return c->rule == RULE_NOISE_FENCE ? fmax(c->fence,
	    a->opts.threshold) : -1;
}

/* Whether run i's regression of metric is within its series' reach
 * (series_reach) by its margin (reach_margin): where it stands into r. */
static bool
within_reach(const struct analysis *a, size_t i, int metric,
    struct reach *r)
{
	double now;
	bool up;

	if ((r->limit = reach_margin(a, i, metric)) < 0 ||
	    !series_reach(a, i, metric, &r->reach, &r->at))
		return false;
	now = analysis_sum(a, i, metric).median;
	up = analysis_def(a, metric)->higher_is_better;
	r->beyond = up ? now < r->reach : now > r->reach;
	return up ? now >= r->reach / (1 + r->limit) :
	    now <= r->reach * (1 + r->limit);
}

/* Whether every figure of run i but its tails that was judged worse
 * against the fence is within its series' reach: then a tail that rose
 * with them rose with the night's noise, not past it. */
static bool
run_within_reach(const struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	struct reach where;

	for (size_t k = 0; k < r->nsum; k++) {
		int m = run_metric_at(r, k);
		const struct change *c = &a->runs[i].change[k];

		if (c->verdict == VERDICT_REGRESSION &&
		    !tail_metric(analysis_metric(a, m)) &&
		    !within_reach(a, i, m, &where))
			return false;
	}
	return true;
}

/* A fall, with nothing the meta names that can move it changed
 * (nothing_moves), to a level the samples
 * of the series' runs before it already reached with nothing marked
 * changed (series_reach): a night of random creates at 2317/s after one
 * whose three runs gave 9352, 8344 and 2170. The set-up reaches that
 * far on its own; the night is told, not gated. With too short a
 * history to fence the fall (the series' own swings then set the bar)
 * the level must have been reached; where a history fenced it, to
 * within that fence of it: a nightly fio write that swung 3000 to 3800
 * MiB/s for nine nights and then gave 2700, 9% below its lowest night
 * and within one night's swing of it, is the set-up's noise until a
 * second night says otherwise (the series' change points then tell a
 * lasting fall). A tail's fence, which a few slow requests draw wide,
 * counts only when every other figure of the run that fell is within
 * its reach too: a tail that rose with a night that fell past the
 * series' reach is that night's (tail_reason tells one that rose
 * alone). So does any latency of a fio workload, whose requests in
 * flight are fixed: its mean rose 19.9% because its bandwidth fell
 * 16.6%, and one is not the series' noise while the other fails. */
static void
series_range_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	struct reach r;
	char shown[48], limit[32], *noise = NULL;

	if (metric < 0 || !nothing_moves(a, d, metric) ||
	    !base_of_series(a, i) ||
	    !within_reach(a, i, metric, &r) || (r.limit > 0 &&
	    latency_of_fio(analysis_metric(a, metric)) &&
	    !run_within_reach(a, i)))
		return;
	display_figure(analysis_def(a, metric), r.reach, shown);
	display_percent(r.limit, false, limit);
	if (r.beyond)
		noise = xasprintf(", and this run is within the series' noise "
		    "(%s%%) of it", limit);
	reason(w, xasprintf("within the series' own reach: %s measured %s "
	    "with nothing the meta names changed%s", a->set->runs[r.at].id,
	    shown, noise ? noise : ""));
	free(noise);
}

/* How many runs before it a series' level is taken over, at least:
 * four, whose median lies between two of them and whose worse quartile
 * (series_worse_quartile) is then the worst of them; with fewer, one
 * odd night is half the level. */
#define LEVEL_RUNS 4

/* Whether run i's fall on metric, judged a regression, is from a base
 * that stood out above the median of its series' last runs (at least
 * LEVEL_RUNS) back among them: within the limit it was judged by of
 * their worse quartile (series_worse_quartile), where a quarter of
 * them lie with nothing marked (a QD1 read's 15 042 IOPS after an odd
 * night of 20 841, where the nights before gave 14 171 to 17 003), or,
 * after a setting that can move it (named), of their median itself.
 * *was, *level and *n say so. */
static bool
back_to_level(const struct analysis *a, size_t i, int metric, bool named,
    double *was, double *level, size_t *n)
{
	const struct change *c = analysis_change_of(a, i, metric);
	double top, now, limit, band;
	bool up;

	if (!a->runs[i].base_in_series || c->verdict != VERDICT_REGRESSION ||
	    (*level = series_level(a, i, metric, n, &top)) <= 0 ||
	    *n < LEVEL_RUNS)
		return false;
	up = analysis_def(a, metric)->higher_is_better;
	band = named ? *level : series_worse_quartile(a, i, metric);
	*was = analysis_sum(a, (size_t)a->runs[i].base, metric).median;
	now = analysis_sum(a, i, metric).median;
	limit = fmax(c->fence, a->opts.threshold);
	return up ? *was > *level && now >= band / (1 + limit) :
	    *was < *level && now <= band * (1 + limit);
}

/* Whether the IOPS of fio tail m's workload, in run i, fell and did not
 * fall back to its level: the tail then rose with that night's fall,
 * and is that night's, not the series' level. */
static bool
rate_fell_past_level(const struct analysis *a, size_t i,
    const struct metric *m)
{
	long k = sibling_slot(a, i, m, FM_IOPS);
	double was, level;
	size_t n;

	return k >= 0 && a->runs[i].change[k].verdict == VERDICT_REGRESSION &&
	    !back_to_level(a, i, run_metric_at(&a->set->runs[i], (size_t)k),
	    false, &was, &level, &n);
}

/* Whether every figure of run i but its tails judged worse is back to
 * its series' level from the run before (back_to_level, within the
 * noise of the level itself): the run shows no change that moved it.
 * Kept in d's own_setup, where the caller keeps one: each figure of a
 * run of many asks. */
static bool
run_back_to_level(const struct analysis *a, size_t i,
    const struct setup_diff *d)
{
	const struct run *r = &a->set->runs[i];
	double was, level;
	size_t n;
	bool all = true;

	if (d->own && d->own->back_known)
		return d->own->back_all;
	for (size_t k = 0; k < r->nsum && all; k++) {
		int m = run_metric_at(r, k);

		all = a->runs[i].change[k].verdict != VERDICT_REGRESSION ||
		    tail_metric(analysis_metric(a, m)) ||
		    back_to_level(a, i, m, true, &was, &level, &n);
	}
	if (d->own) {
		d->own->back_known = true;
		d->own->back_all = all;
	}
	return all;
}

/* A fall from a run that stood out above its series back to the
 * series' level (back_to_level). The run before was the odd one (seeks
 * of 5801, 5823, then 5414 to 5440 for ten nights, 5778, then 5441; a
 * block write that a kernel raised 38% and the next night gave 14% of
 * back, still above every night before the kernel): no engineer signs
 * the return as a regression. So after a change the meta names that
 * can move it, a setting or a label (scheduler none after a night of
 * mq-deadline 18% above its three before: a rewrite of 1119 MiB/s
 * against their 1127 to 1361), when the fall is within the noise of the
 * level itself and every other figure of the run that fell did so too:
 * in a run the change moved elsewhere (its rewrite down 24% past every
 * night before) the figure's fall is gated too. So of a tail (a QD1
 * read's p99.9 of 243 us one night against the series' 2 to 4 ms), but
 * for one that rose as its workload's rate fell further than the
 * series' level. */
static void
back_to_level_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) : NULL;
	bool named = m && !nothing_moves(a, d, metric);
	double level, was;
	char shown_was[48], shown_level[48];
	size_t n;

	if (m == NULL || !back_to_level(a, i, metric, named, &was, &level,
	    &n) || (named && !run_back_to_level(a, i, d)) ||
	    (tail_metric(m) && rate_fell_past_level(a, i, m)))
		return;
	display_figure(analysis_def(a, metric), was, shown_was);
	display_figure(analysis_def(a, metric), level, shown_level);
	reason(w, xasprintf("back to the series' level: the run before it "
	    "stood out (%s, against a median of %s over the series' last %zu "
	    "runs), and this one is within the noise of where those runs "
	    "lie", shown_was, shown_level, n));
}

/* A change the series' history fenced, between two runs of a few
 * samples each (too few for the rank test) whose ranges overlap and
 * one of which spreads wider than the change: seq_create 13116/s ->
 * 7306/s when the later night's three gave 829, 7306 and 13485. The
 * nights' medians moved, but either night's own samples moved further
 * apart than that; a careful reader asks for more samples first. */
static void
overlap_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct change *c;
	struct metric_summary s, t;
	struct change_figures cf;
	double wide;

	if (metric < 0 || a->runs[i].base < 0)
		return;
	c = analysis_change_of(a, i, metric);
	if (c->verdict != VERDICT_REGRESSION || c->rule != RULE_NOISE_FENCE)
		return;
	s = analysis_sum(a, i, metric);
	t = analysis_sum(a, (size_t)a->runs[i].base, metric);
	cf = analysis_change(a, i, metric);
	wide = fmax(spread(s), spread(t));
	if (s.n < 2 || t.n < 2 || s.max < t.min || t.max < s.min ||
	    wide <= fabs(cf.rel))
		return;
	reason(w, xasprintf("the two runs' samples overlap, and %s spread "
	    "%.0f%% of its median, more than the change: %d and %d samples "
	    "are too few to tell; run each side more times",
	    spread(s) >= spread(t) ? "this run's" : "its base's", 100 * wide,
	    s.n, t.n));
}

/* A regression judged with fewer than three changes of history behind
 * it (the floor, the samples' spread or the series' one or two swings)
 * and too few samples for the rank test. */
static bool
floor_only(const struct change *c)
{
	return c->verdict == VERDICT_REGRESSION && c->rule == RULE_THRESHOLD &&
	    c->fence > 0;
}

/* The fall of a rate that a rise of rel of a latency stands for: +100%
 * is -50%. */
static double
as_rate_fall(double rel)
{
	return 1 - 1 / (1 + rel);
}

/* How many times its limit change c of run i's metric m went; the rise
 * of a fio workload's latency weighed as the fall of the rate it stands
 * for, and its limit too: at a fixed depth the mean latency is the rate
 * seen from the other side (Little's law: IOPS down 35.5% is the
 * latency up 55%), and a fall cannot pass 100% where a rise can pass
 * any bound, so a latency crossed four times its floor (+60.2%, of 15%)
 * before the IOPS it mirrors crossed four times theirs (-35.5%, of
 * 10%). */
static double
past_limit(const struct analysis *a, size_t i, int m, const struct change *c)
{
	double rel = analysis_change(a, i, m).rel;
	double limit = fmax(c->fence, a->opts.threshold);

	if (latency_of_fio(analysis_metric(a, m)) && rel > 0)
		return as_rate_fall(rel) / as_rate_fall(limit);
	return fabs(rel) / limit;
}

/* past_limit on the scale of folds, the log of how many times worse
 * the change left the figure (a fio latency's rise is its rate's fall
 * seen from the other side, and needs no case of its own here): a
 * fence its series' own swings drew may be wide (-59.9%: its nights
 * moved 2.5 times), where a fall of a fraction can never pass twice a
 * limit over a half, yet a night 16 times slower is far past a set-up
 * that moves 2.5 times. Where the limit is small the two scales agree:
 * -20% is twice past 10%, and 2.1 times as folds. */
static double
past_limit_folds(const struct analysis *a, size_t i, int m,
    const struct change *c)
{
	double rel = analysis_change(a, i, m).rel;
	double limit = fmin(fmax(c->fence, a->opts.threshold), 0.999);

	return rel > 0 ? log1p(rel) / log1p(limit) :
	    log1p(fmax(rel, -0.999)) / log1p(-limit);
}

/* Whether nothing the meta names that can move metric m tells the
 * runs apart: nothing at all, only tunables that move other figures (a
 * read-ahead, for a write, with labels that only tell of it:
 * labels_tell_keys), or a set-up measured alike before
 * (setup_cleared); then a fall of m names no cause. */
static bool
nothing_moves(const struct analysis *a, const struct setup_diff *d,
    int metric)
{
	const struct metric *m = analysis_metric(a, metric);

	size_t which;

	if (nothing_named(d) || setup_cleared(a, (size_t)(d->r -
	    a->set->runs), (size_t)(d->b - a->set->runs), d, metric))
		return true;
	if (d->nextra != 0 || (d->labels != LABELS_SAME &&
	    !labels_tell_keys(d)))
		return false;
	for (size_t k = 0; k < NSETUP; k++)
		if ((d->changed >> k & 1) && setup_keys[k].role != KEY_TUNABLE)
			return false;
	return explaining(d, m, &which) == 0;
}

/* The largest fold change of metric between a run of i's series before
 * it and that run's base, over the last `want' changes its history
 * holds, of those with nothing named (no key, label or busy array): how
 * far the set-up moved by itself. 0 when none. */
static double
earlier_swing(const struct analysis *a, size_t i, int metric, size_t want)
{
	double most = 0;
	size_t seen = 0;

	for (size_t p = a->pos[i]; p > 0 && seen < want; p--) {
		size_t k = a->order[p - 1];
		struct metric_summary x, y;

		if (strcmp(a->runs[k].series, a->runs[i].series) != 0)
			break;
		if (!a->runs[k].base_in_series || a->runs[k].change_marked ||
		    a->runs[k].series_change != NULL)
			continue;
		x = analysis_sum(a, k, metric);
		y = analysis_sum(a, (size_t)a->runs[k].base, metric);
		if (x.state != VS_OK || y.state != VS_OK || !(x.median > 0) ||
		    !(y.median > 0))
			continue;
		most = fmax(most, fold_change(x.median, y.median));
		seen++;
	}
	return most;
}

/* How far past the widest swing of the one or two changes of its
 * series' history (earlier_swing) a fall must go to be more than the
 * set-up does by itself: a loop device's random reads fell 35.5% one
 * night with nothing changed, and 40.8% later is that again. */
#define FAR_PAST_SWING 1.5

/* Whether change c of run i's metric m, judged on a short history,
 * went FAR_PAST_SWING times past the widest swing that history holds
 * (none: it did). */
static bool
beyond_swing(const struct analysis *a, size_t i, int m,
    const struct change *c)
{
	double rel = analysis_change(a, i, m).rel;
	double swing = fence_toward(earlier_swing(a, i, m, c->history), rel);

	return !(swing > 0) || fabs(rel) >= FAR_PAST_SWING * swing;
}

#define FELL_SHORT 1u	/* of those judged on a short history only */
#define FELL_PAST_SWING 2u	/* and beyond that history's swings too
				   (beyond_swing) */
#define FELL_FOLDS 4u	/* weighed as folds (past_limit_folds) */

/* Whether a figure of run i, not a tail, fell `times' times past its
 * limit or more (past_limit; as flags narrow it): then a
 * figure that fell with it is no run's wobble. With d, only a
 * figure nothing d names can move counts: one that fell after its own
 * cause (a buffered read after a read-ahead) is another event than a
 * direct read's fall beside it. */
static bool
run_fell_past(const struct analysis *a, size_t i, double times,
    unsigned flags, const struct setup_diff *d)
{
	const struct run *r = &a->set->runs[i];

	for (size_t k = 0; k < r->nsum; k++) {
		const struct change *c = &a->runs[i].change[k];
		int m = run_metric_at(r, k);

		if (tail_metric(analysis_metric(a, m)) ||
		    c->verdict != VERDICT_REGRESSION ||
		    ((flags & FELL_SHORT) && !floor_only(c)) ||
		    (d && !nothing_moves(a, d, m)))
			continue;
		if (((flags & FELL_FOLDS) ? past_limit_folds(a, i, m, c) :
		    past_limit(a, i, m, c)) >= times &&
		    (!(flags & FELL_PAST_SWING) || beyond_swing(a, i, m, c)))
			return true;
	}
	return false;
}

/* How far past the default floor a change of one sample a side and no
 * history must go to gate: the floor is a guess at a figure's noise,
 * and a change a fifth past a guess is within the guess's own error.
 * Reviews set it: -11.4% past a 10% floor from one run each was not
 * signed; -13.4% and -18.4% past 10% and 15% (NCQ turned on) were. */
#define THIN_MARGIN 1.2

/* Whether change c, of metric m of run i, is a regression of one sample
 * a side, no history and the default floor. */
static bool
single_on_floor(const struct analysis *a, size_t i, int m,
    const struct change *c)
{
	return c->verdict == VERDICT_REGRESSION && c->rule == RULE_THRESHOLD &&
	    c->history == 0 && a->noise_from[m] == NOISE_DEFAULT &&
	    analysis_sum(a, i, m).n == 1 &&
	    analysis_sum(a, (size_t)a->runs[i].base, m).n == 1;
}

/* A regression of one sample a side, with no history and no noise floor
 * the user set, that went past the default floor by less than a fifth
 * of it, when no other figure of the run fell further (write 1m: 228 ->
 * 202 IOPS, -11.4%, after a kernel): what a second run of each side
 * would tell, not a finding to sign. */
static void
thin_margin_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct change *c;
	double limit;

	if (metric < 0 || a->runs[i].base < 0)
		return;
	c = analysis_change_of(a, i, metric);
	if (!single_on_floor(a, i, metric, c) ||
	    past_limit(a, i, metric, c) >= THIN_MARGIN ||
	    run_fell_past(a, i, THIN_MARGIN, 0, NULL))
		return;
	limit = fmax(c->fence, a->opts.threshold);
	reason(w, xasprintf("one sample a side and no history: a change of "
	    "%.1f%% is within a fifth past the %.0f%% default floor, itself a "
	    "guess at how far one run moves from the next; run each side "
	    "again, or set its noise floor",
	    100 * fabs(analysis_change(a, i, metric).rel), 100 * limit));
}

/* How many times the limit it was judged by a figure must fall, with so
 * short a history, to be more than a set-up's own swing between two
 * nights: a shared virtual disk's random writes move 15-30% from night
 * to night with nothing changed, past a 10% floor; a fall of a third is
 * past anything it does by itself. */
#define FAR_PAST_FLOOR 3

/* Whether a figure of run i that nothing d names can move fell
 * FAR_PAST_FLOOR times past the limit it was judged by, with a short
 * history behind it, and beyond that history's swings (run_fell_past). */
static bool
fell_far(const struct analysis *a, size_t i, const struct setup_diff *d)
{
	return run_fell_past(a, i, FAR_PAST_FLOOR, FELL_SHORT |
	    FELL_PAST_SWING, d);
}

/* How a reason that no change explains a fall of metric begins. */
static const char *
unexplained_lead(const struct analysis *a, const struct setup_diff *d,
    int metric)
{
	return nothing_named(d) ? "nothing the meta names changed" :
	    metric >= 0 && setup_cleared(a, (size_t)(d->r - a->set->runs),
	    (size_t)(d->b - a->set->runs), d, metric) ? "the set-up "
	    "it changed to measured as its base did on an earlier night" :
	    "what the meta names changed cannot move it";
}

/* A fall after a change the meta names (a kernel), with one or two
 * changes of history and too few samples for the rank test, as far as
 * the series already moved between two runs with nothing changed:
 * bonnie++'s file tests at -n 1 swing from 185 to 1401 creates a second
 * by themselves, and a night that fell 54% with nothing changed says a
 * fall of 51% after a kernel is within the set-up's own reach. Unless
 * the run fell FAR_PAST_FLOOR times past a limit on a figure that is no
 * tail: then its tails rose with that fall. */
static void
swing_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	const struct change *c;
	double swing, rel;

	if (metric < 0 || nothing_named(d) || !a->runs[i].base_in_series)
		return;
	c = analysis_change_of(a, i, metric);
	if (c->verdict != VERDICT_REGRESSION || c->rule != RULE_THRESHOLD ||
	    c->history == 0)
		return;
	rel = analysis_change(a, i, metric).rel;
	swing = fence_toward(earlier_swing(a, i, metric, c->history), rel);
	if (swing < fabs(rel) || run_fell_past(a, i, FAR_PAST_FLOOR, 0, NULL))
		return;
	reason(w, xasprintf("the series moved %.0f%% on this figure between "
	    "two earlier runs with nothing the meta names changed, as far as "
	    "this change; %s too few to fence it", 100 * swing,
	    c->history > 1 ? "two earlier changes are" : "one earlier change "
	    "is"));
}

/* Days between two runs past which a fall with nothing named is told
 * however deep: a set-up left a month or more is not the one measured
 * before (its file system filled, its file moved inward on the
 * platters, its disks aged), and no nightly series leaves such a gap. */
#define FAR_APART_DAYS 28

/* Whole days from date `was' to date `now', or -1 when either is no
 * date. */
static double
days_apart(const char *was, const char *now)
{
	double x, y;

	return meta_date_days(was, &x) && meta_date_days(now, &y) ?
	    fabs(y - x) : -1;
}

/* How many times the default floor a figure must fall, its noise
 * unmeasured and nothing named changed, to be past what a set-up does by
 * itself: the floor is one machine's run-to-run spread, and a shared or
 * virtual one swings two or three times it (review sixteen: 2993, 2076
 * and 1801 MiB/s on three nights with nothing changed, three times past
 * a 10% floor); a night that lost 45% of its IOPS is past that. */
#define FAR_PAST_GUESS 4

/* Whether change c of run i's metric m was judged by the default floor
 * alone: no earlier change of its series and too few samples a side for
 * the rank test, so its noise is unmeasured. */
static bool
noise_unmeasured(const struct analysis *a, int m, const struct change *c)
{
	return c->rule == RULE_THRESHOLD && c->history == 0 &&
	    a->noise_from[m] == NOISE_DEFAULT;
}

/* Whether a figure of run i whose noise was measured (by its series'
 * earlier changes, the rank test or a floor the user set) fell too: the
 * night's fall is then no guess's. */
static bool
measured_fall(const struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];

	for (size_t k = 0; k < r->nsum; k++) {
		const struct change *c = &a->runs[i].change[k];
		int m = run_metric_at(r, k);

		if (c->verdict == VERDICT_REGRESSION &&
		    !tail_metric(analysis_metric(a, m)) &&
		    !noise_unmeasured(a, m, c))
			return true;
	}
	return false;
}

/* Which figures first_change_reason weighed: with something named
 * that cannot move this one (or was measured alike before), those it
 * does not explain either. */
static const char *
unmoved_too(const struct setup_diff *d)
{
	return nothing_named(d) ? "" : " that it does not explain";
}

/* first_change_reason's words for a run that fell three times past its
 * limits, but no further than the series moved by itself before: one
 * text for every figure, so that a group tells it once. */
static void
within_swing_reason(const struct analysis *a, const struct setup_diff *d,
    int metric, struct reasons *w)
{
	reason(w, xasprintf("%s, and no figure of the run%s fell half again "
	    "as far as it moved between two earlier runs with nothing the "
	    "meta names changed: fewer than three earlier changes say how far "
	    "this set-up moves by itself; more nights will tell",
	    unexplained_lead(a, d, metric), unmoved_too(d)));
}

/* A change of a series with fewer than three before it, from a night
 * to a later one with nothing the meta names changed, with too few
 * samples for the rank test: no history says how far this set-up moves
 * from night to night, so the floor is a guess, and a careful reader
 * asks for more nights before calling a drop of 12% or 25% with no
 * cause a regression. One that some figure of the run makes
 * FAR_PAST_FLOOR times past its limit (a block write down 35%), and
 * FAR_PAST_SWING times past the series' widest earlier swing, is no
 * night's wobble (FAR_PAST_GUESS times with no change behind it at all,
 * or a figure whose noise was measured falling with it): then the
 * run's other figures past their limit fell with it, and gate too. Only
 * figures nothing named can move count (run_fell_past). (Runs
 * FAR_APART_DAYS apart are
 * far_apart_reason's, whatever their history). A change the meta
 * names (a kernel) is what a regression is about and gates on the
 * floor; so does a drop once the series has a history to fence it
 * with. */
static void
first_change_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	const char *was = meta_get(&d->b->meta, "date");
	const char *now = meta_get(&d->r->meta, "date");

	const struct change *c;
	bool unmeasured;

	/* runs of one day are no before and after at all (unsaid_reason);
	 * runs a month apart are far_apart_reason's */
	if (was == NULL || now == NULL || unordered(d, was, now) ||
	    metric < 0 || !nothing_moves(a, d, metric) ||
	    !a->runs[i].base_in_series ||
	    !floor_only(c = analysis_change_of(a, i, metric)) ||
	    days_apart(was, now) >= FAR_APART_DAYS)
		return;
	/* with no change behind it at all, the floor is a guess: further
	 * past it, or a measured figure's fall beside it */
	unmeasured = noise_unmeasured(a, metric, c);
	if (unmeasured ? run_fell_past(a, i, FAR_PAST_GUESS, 0, d) ||
	    measured_fall(a, i) : fell_far(a, i, d))
		return;
	if (unmeasured)
		reason(w, xasprintf("%s, and the noise is unmeasured: no "
		    "earlier night of the series and too few samples a side "
		    "for the rank test, so each limit is benchsite's default, "
		    "a guess at how far one run moves from the next, and no "
		    "figure%s fell %d times past its own; more nights, or a "
		    "noise floor set, will tell", unexplained_lead(a, d,
		    metric), unmoved_too(d), FAR_PAST_GUESS));
	else if (run_fell_past(a, i, FAR_PAST_FLOOR, FELL_SHORT, d))
		within_swing_reason(a, d, metric, w);
	else
		reason(w, xasprintf("%s, and no figure of the run%s fell three "
		    "times past its limit: fewer than three earlier changes "
		    "say how far this set-up moves by itself, and too few "
		    "samples a side for the rank test; more nights will tell",
		    unexplained_lead(a, d, metric), unmoved_too(d)));
}

/* Each run's fell_far, for series_reach: a figure that is no tail fell
 * as far as the gate takes for more than the set-up's own wobble
 * (first_change_reason): FAR_PAST_GUESS times past its limit where its
 * noise is unmeasured, else FAR_PAST_FLOOR times and beyond the series'
 * earlier swings. Worked out once, before the findings: a run's figures
 * are many, and each asks of ten runs. */
void
mark_fallen_far(struct analysis *a)
{
	for (size_t i = 0; i < a->set->n; i++) {
		const struct run *r = &a->set->runs[i];
		struct run_analysis *ra = &a->runs[i];

		for (size_t k = 0; k < r->nsum && !ra->fell_far; k++) {
			const struct change *c = &ra->change[k];
			int m = run_metric_at(r, k);

			ra->fell_far = c->verdict == VERDICT_REGRESSION &&
			    !tail_metric(analysis_metric(a, m)) &&
			    past_limit(a, i, m, c) >= (noise_unmeasured(a, m,
			    c) ? FAR_PAST_GUESS : FAR_PAST_FLOOR) &&
			    beyond_swing(a, i, m, c);
		}
	}
}

/* How many times past a fence fewer than HISTORY_TRUSTED changes drew
 * a fall with nothing the meta names changed must go to gate: a night
 * beyond the widest of its series' last five comes one time in six by
 * chance alone. Reviews set it: a busy night's -49.6% past a fence of
 * 40.2% from five changes, and a virtual disk's -32.2% past 30.2%, were
 * not signed. */
#define FAR_PAST_FENCE 2

/* The change of run i's metric when it is a fall judged by the series'
 * fence with nothing the meta names able to move it, from the night
 * before it in its series (not one of the same day: unsaid_reason's);
 * else NULL. What short_fence_reason and quiet_dip_reason weigh. */
static const struct change *
unnamed_fenced_fall(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d)
{
	const char *was = meta_get(&d->b->meta, "date");
	const char *now = meta_get(&d->r->meta, "date");
	const struct change *c;

	if (metric < 0 || !nothing_moves(a, d, metric) ||
	    !base_of_series(a, i) || (was && now && unordered(d, was, now)))
		return NULL;
	c = analysis_change_of(a, i, metric);
	return c->verdict == VERDICT_REGRESSION &&
	    c->rule == RULE_NOISE_FENCE ? c : NULL;
}

/* A fall with nothing the meta names changed, judged by a fence that
 * a short history drew, and no figure of the run FAR_PAST_FENCE times
 * past its limit: the set-up's own reach is not yet known well enough
 * to call a night beyond it a regression with no cause to name. Not
 * when the noise floor was wider than that fence: the history then
 * says the set-up moves far less than the fall (a block write steady
 * within 1.5% for six nights, then down 18.7%); but for a tail, whose
 * slowest requests depend on what else the night met. */
static void
short_fence_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	const struct change *c = unnamed_fenced_fall(a, i, metric, d);

	if (c == NULL || c->history >= HISTORY_TRUSTED ||
	    (c->floor_wider && !tail_metric(analysis_metric(a, metric))) ||
	    run_fell_past(a, i, FAR_PAST_FENCE, FELL_FOLDS, NULL))
		return;
	reason(w, xasprintf("%s, and no figure of the run fell twice its "
	    "limit as a fold change: the %u earlier changes that drew the "
	    "series' noise are too few to fence it (a night beyond the "
	    "widest of them comes about one time in %u by chance); more "
	    "nights will tell",
	    unexplained_lead(a, d, metric), (unsigned)c->history,
	    (unsigned)c->history + 1));
}

/* A fall with nothing the meta names changed, judged by the fence a
 * long quiet history drew, that stays within the figure's noise floor
 * (10% for the block tests, 15% for rewrite and seeks): a series that
 * moved 2% a night for a month draws a fence of a few per cent, and one
 * night 5% down is a night beyond it, which comes about once a month by
 * chance and on a figure of a dozen more often. With no cause to name,
 * a careful engineer waits for a second night as low. */
static void
quiet_dip_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	const struct change *c = unnamed_fenced_fall(a, i, metric, d);
	double fall;

	if (c == NULL || c->history < HISTORY_TRUSTED ||
	    (fall = fabs(analysis_change(a, i, metric).rel)) >=
	    a->noise[metric])
		return;
	reason(w, xasprintf("%s, and the fall of %.1f%% is within the %.0f%% "
	    "noise floor of the figure: the series' quiet nights drew a "
	    "tighter fence, and one night beyond it with no cause to name is "
	    "no regression to sign; a second night as low will tell",
	    unexplained_lead(a, d, metric), 100 * fall,
	    100 * a->noise[metric]));
}

/* A regression with nothing the meta names changed between runs
 * FAR_APART_DAYS apart or more, however it was judged: the nights
 * before the gap say how the set-up moved then, not what a month did
 * to it. */
static void
far_apart_reason(const struct analysis *a, size_t i, int metric,
    const struct setup_diff *d, struct reasons *w)
{
	const char *was = meta_get(&d->b->meta, "date");
	const char *now = meta_get(&d->r->meta, "date");
	double days;

	if (was == NULL || now == NULL || metric < 0 || !nothing_named(d) ||
	    !a->runs[i].base_in_series || analysis_change_of(a, i,
	    metric)->verdict != VERDICT_REGRESSION ||
	    (days = days_apart(was, now)) < FAR_APART_DAYS)
		return;
	reason(w, xasprintf("nothing the meta names changed in the %.0f days "
	    "between the runs: a set-up left that long also filled, aged or "
	    "moved in ways the meta does not say, which its nights before "
	    "the gap do not measure; more runs will tell", floor(days)));
}

/* When the two runs of d were made, as unsaid_reason tells it: "both
 * are of 2015-09-15", "neither has a date", "only X has a date" (the
 * other may be older or newer). Caller frees. */
static char *
when_unsaid(const struct setup_diff *d, bool name_day)
{
	const char *was = meta_get(&d->b->meta, "date");
	const char *now = meta_get(&d->r->meta, "date");

	if (was && now)
		return name_day ? xasprintf("both are of %.*s", strlen(was) >
		    10 ? 10 : (int)strlen(was), was) :
		    xstrdup("both are of one day");
	if (was || now)
		return xasprintf("only %s has a date", was ? d->b->id :
		    d->r->id);
	return xstrdup("neither has a date");
}

/* Two runs that nothing the meta says tells apart, of one day, of no
 * day or of which one only has a date, are not a before and an after:
 * the tables of one post, told apart only by their headings ("chunk
 * 32k", "single disk"), a log's undated summary and a dated section, or
 * two runs of one night. What made a drop between them is unknown, so
 * it is told, not gated. A later date, a changed key or label (a
 * setting the meta names only there, like "NCQ off") is what makes
 * one. */
static void
unsaid_reason(const struct setup_diff *d, struct reasons *w)
{
	const char *was = meta_get(&d->b->meta, "date");
	const char *now = meta_get(&d->r->meta, "date");
	const char *x = meta_get(&d->b->meta, "label");
	const char *y = meta_get(&d->r->meta, "label");
	const char *once;
	char *when;

	/* one date only: which came first is unknown too */
	if (!nothing_named(d) || (was && now && !unordered(d, was, now)))
		return;
	if ((once = given_once(&d->r->meta, &d->b->meta)) == NULL)
		once = given_once(&d->b->meta, &d->r->meta);
	when = when_unsaid(d, !x && !y && !once);
	w->side = true;
	if (x && y && strcmp(x, y) != 0)
		reason(w, xasprintf("the labels only number the runs (%s, %s): "
		    "one set-up measured again, or two the meta does not tell "
		    "apart; not a before and an after", x, y));
	else if ((x == NULL) != (y == NULL))
		reason(w, xasprintf("only %s has a label (\"%s\"), nothing "
		    "else the meta gives differs, and %s: not a before and an "
		    "after, and what the label names is no key to judge it by",
		    x ? d->b->id : d->r->id, x ? x : y, when));
	else if (once)
		reason(w, xasprintf("nothing the meta gives for both differs "
		    "(%s is given for one only, unknown for the other) and %s: "
		    "not a before and an after, what changed is unknown", once,
		    when));
	else
		reason(w, xasprintf("nothing the meta says differs and %s: not "
		    "a before and an after, what changed is unknown", when));
	free(when);
}

/* The first of a disk's details as collect gives them ("disk.sdb.model",
 * its vendor, serial, size or kind) that both runs give and that differ
 * (the key's entry in r), or NULL: another disk in that place, another
 * configuration, whatever its firmware says beside it. */
static const char *
swapped_disk(const struct run *r, const struct run *b)
{
	static const char *const identity[] = {"model", "vendor", "serial",
	    "size", "rotational"};

	for (size_t i = 0; i < r->meta.n; i++) {
		const char *key = meta_key(&r->meta, i), *dot, *was;

		if (strncmp(key, "disk.", 5) != 0 ||
		    (dot = strrchr(key, '.')) == key + 4)
			continue;
		for (size_t k = 0; k < sizeof identity / sizeof *identity; k++)
			if (strcmp(dot + 1, identity[k]) == 0 &&
			    (was = meta_get(&b->meta, key)) != NULL &&
			    strcmp(was, meta_value(&r->meta, i)) != 0)
				return key;
	}
	return NULL;
}

/* fio's versions as its outputs print them, where a run's meta gives
 * none (record writes fio-version; a post's outputs only print it):
 * another version of the benchmark, as the key says when both give it. */
static bool
other_version(const struct run *r, const struct run *b)
{
	return r->fio_version && b->fio_version &&
	    strcmp(r->fio_version, b->fio_version) != 0 &&
	    (meta_get(&r->meta, "fio-version") == NULL ||
	    meta_get(&b->meta, "fio-version") == NULL);
}

static void
version_reason(const struct run *r, const struct run *b,
    const struct metric *m, struct reasons *w)
{
	if (m && m->def.family == FAMILY_FIO && other_version(r, b))
		config_reason(w, xasprintf("another configuration (fio's "
		    "version, as its output prints it: %s \u2192 %s): "
		    "context, not a regression", b->fio_version,
		    r->fio_version));
}

/* A disk swapped, as a reason. */
static void
disk_reason(const struct setup_diff *d, struct reasons *w)
{
	const char *key = swapped_disk(d->r, d->b);

	if (key)
		reason(w, xasprintf("%s differs: another disk, another "
		    "configuration, context, not a regression", key));
}

/* Two runs of which neither names its machine (a host, a series) nor
 * what it measured (its disks, or the devices fio ran on), and between
 * which nothing named changed (no key, no label): nothing says they are
 * one set-up measured twice rather than two machines or two disks (a
 * page of results, one drive a section), so a change between them is
 * not signed as a regression. */
static void
anonymous_reason(const struct setup_diff *d, struct reasons *w)
{
	const struct run *r = d->r, *b = d->b;
	bool devices = r->fio_target && b->fio_target &&
	    strcmp(r->fio_target, FIO_ON_FILES) != 0 &&
	    strcmp(r->fio_target, b->fio_target) == 0;

	if (!nothing_named(d))
		return;
	if (run_host(r)[0] == '\0' && run_host(b)[0] == '\0' &&
	    meta_get(&r->meta, "series") == NULL &&
	    meta_get(&b->meta, "series") == NULL &&
	    (meta_get(&r->meta, "disks") == NULL ||
	    meta_get(&b->meta, "disks") == NULL) && !devices)
		reason(w, xstrdup("neither run names its machine (host or "
		    "series), and they do not both name their disks or one "
		    "fio device: they may be two machines or two disks, not "
		    "one set-up measured twice"));
}

/* Two runs told apart only by labels that name a part of the machine
 * (labels.c), or by a key of the user's own that names one ("slog:
 * Optane M10 -> none"): it reads as another part, not a setting of the
 * same machine, and a careful reader would not sign a cable or a log
 * device swapped as a regression. A setting the user means to gate on
 * is said as a meta key. */
static void
part_reason(const struct setup_diff *d, struct reasons *w)
{
	char part[32];
	const char *what;

	if (d->changed != 0)
		return;
	if (d->nextra == 0 && (d->labels == LABELS_PART ||
	    d->labels == LABELS_MEASURED))
		config_reason(w, xasprintf("only the labels differ, and they "
		    "name %s (%s), not a setting: another configuration, "
		    "context, not a regression; a setting to gate on is said "
		    "as a meta key",
		    d->labels == LABELS_PART ? "a part of the machine or its "
		    "stack" : "another way of running the benchmark",
		    d->label_word));
	else if (d->nextra == 1 && (what = key_names_config(d->extra,
	    meta_get(&d->b->meta, d->extra), meta_get(&d->r->meta, d->extra),
	    part, sizeof part)) != NULL)
		config_reason(w, xasprintf("only %s differs, %s (%s), not a "
		    "setting: another configuration, context, not a "
		    "regression", d->extra, what, part));
}

/* A label that says one run was measured otherwise ("concurrent
 * update", "4 instances"), beside a key that changed: a load beside the
 * benchmark or another way of running it moves the figures more than
 * the key can, so the change is not the key's (IOPS halved the night
 * the scheduler changed and a second workload shared the disk): what the
 * labels say changed is a way of running (label_change's
 * LABELS_MEASURED, "4 instances" against "8 instances" too). part_reason
 * says it of labels alone. */
static void
measured_label_reason(const struct setup_diff *d, struct reasons *w)
{
	const char *x = meta_get(&d->b->meta, "label");
	const char *y = meta_get(&d->r->meta, "label");

	/* (a label that names the changed key tells that change, not
	 * another way of running: "kernel 5.2, 4 threads") */
	if ((d->changed == 0 && d->nextra == 0) ||
	    d->labels != LABELS_MEASURED || (x && !label_names_other(d, x)) ||
	    (y && !label_names_other(d, y)))
		return;
	config_reason(w, xasprintf("the labels say the benchmark ran "
	    "otherwise on one of the runs (%s \u2192 %s): a load beside it "
	    "or another way of running it moves the figures whatever else "
	    "changed: another configuration, context, not a regression",
	    x ? x : "no label", y ? y : "no label"));
}

/* Two runs told apart only by labels that say which came first ("old"
 * against "new", "before" against "after"): what changed between them
 * is not said, and a disk or a machine swapped is as likely as a
 * setting (a post's "inez(old)" and "inez(new)" were two drives). A
 * careful reader asks what changed before signing. */
static void
when_label_reason(const struct setup_diff *d, struct reasons *w)
{
	if (d->changed != 0 || d->nextra != 0 || d->labels != LABELS_WHEN)
		return;
	reason(w, xasprintf("only the labels differ (%s \u2192 %s), and they "
	    "say which run came first, not what changed: a part of the "
	    "machine as well as a setting; context, not a regression, until "
	    "a meta key says what changed", meta_get(&d->b->meta, "label"),
	    meta_get(&d->r->meta, "label")));
}

/* A key of the user's own that names a part ("slog: none -> Optane
 * M10") and changed beside a named setting or another key of the
 * user's: the part came or went with it, so the drop is not the
 * setting's (part_reason says it of a part key alone). */
static void
part_key_reason(const struct setup_diff *d, struct reasons *w)
{
	const char *key, *was, *what;
	char part[32];

	if (d->changed == 0 && d->nextra <= 1)
		return;
	for (size_t i = 0; (key = next_extra(d, &i, &was)) != NULL; i++)
		if ((what = key_names_config(key, was,
		    meta_get(&d->r->meta, key), part, sizeof part)) != NULL) {
			config_reason(w, xasprintf("%s changed too, %s (%s), "
			    "not a setting: another configuration, context, "
			    "not a regression", key, what, part));
			return;
		}
}

/* A latency of a fio job that rose while the same job's IOPS or
 * bandwidth rose too: the device was given more to do (a throttle
 * lifted, another job's load), and each request waited in a longer
 * queue. A careful reader does not call that a slower device. */
static void
load_reason(const struct analysis *a, size_t i, int metric,
    struct reasons *w)
{
	const struct metric *m = metric >= 0 ? analysis_metric(a, metric) :
	    NULL;
	bool one;

	/* (a sync's latency is no request's wait in a queue) */
	if (m == NULL || m->def.family != FAMILY_FIO ||
	    !fio_measure_is_latency(m->fio.measure) ||
	    fio_measure_is_sync(m->fio.measure) ||
	    analysis_change_of(a, i, metric)->verdict != VERDICT_REGRESSION)
		return;
	if (sibling_verdict(a, i, m, FM_IOPS) != VERDICT_IMPROVEMENT &&
	    sibling_verdict(a, i, m, FM_BW) != VERDICT_IMPROVEMENT)
		return;
	one = fio_key_inflight(&m->fio) <= 1;
	/* One request in flight has no queue: its IOPS rose, so one
	 * request followed the last sooner on average. A mean completion
	 * latency that rose with them (of this figure or beside it) says
	 * the time saved was outside it, in syncs or between requests; a
	 * median or tail that rose while the mean held is the spread's
	 * shape. */
	if (one && (m->fio.measure == FM_LAT ||
	    sibling_verdict(a, i, m, FM_LAT) == VERDICT_REGRESSION))
		reason(w, xstrdup("the same job moved more I/O one request at "
		    "a time while its mean latency rose: its requests spent "
		    "less time outside it (in their syncs, or between one "
		    "request and the next), not on a slower device"));
	else if (one && m->fio.measure == FM_P50)
		reason(w, xstrdup("the same job moved more I/O one request at "
		    "a time while its median latency rose: how its requests' "
		    "times spread changed, not their average, which sets the "
		    "pace of one request at a time: not a slower device"));
	else if (one)
		reason(w, xasprintf("the same job moved more I/O one request "
		    "at a time, so one request followed the last sooner on "
		    "average; the slowest waited longer while the rest came "
		    "faster (%s), not a slower device", m->fio.direct ?
		    "a cache's way" : "a read-ahead's or a cache's way"));
	else
		reason(w, xstrdup("the same job moved more I/O, and its "
		    "latency rose with its load: a longer queue, not a slower "
		    "device"));
}

/* Whether run r's label says the name of a set-up key r gives: a
 * night's note of what was done to it ("scheduler back to
 * mq-deadline", "read-ahead back to default"), which the key says
 * already. Its name, not a value: "compression off" is a setting of
 * its own, whatever key is "off". */
static bool
label_tells_key(const struct run *r)
{
	const char *label = meta_get(&r->meta, "label");

	for (size_t k = 0; label && k < NSETUP; k++)
		if (meta_get(&r->meta, setup_keys[k].key) &&
		    label_says(label, setup_keys[k].key,
		    strlen(setup_keys[k].key)))
			return true;
	return false;
}

/* Whether runs x and y have one set-up: no key of the meta, known or
 * the user's, tells them apart, and their labels differ at most by a
 * run's number, or each is a note of a set-up key (label_tells_key). */
bool
same_setup(const struct run *x, const struct run *y)
{
	struct setup_diff d;
	bool same;

	diff_setup(x, y, &d);
	same = nothing_named(&d) || (d.changed == 0 && d.nextra == 0 &&
	    d.labels == LABELS_SETTING && label_tells_key(x) &&
	    label_tells_key(y));
	free(d.text);
	return same;
}

/* Whether run j gives every set-up key and the label that tell i from
 * its base (named): a run that leaves the kernel out is of no known
 * kernel, not of i's new one. */
static bool
gives_what_changed(const struct setup_diff *named, const struct run *j)
{
	for (size_t k = 0; k < NSETUP; k++)
		if ((named->changed >> k & 1) &&
		    meta_get(&j->meta, setup_keys[k].key) == NULL)
			return false;
	return named->labels == LABELS_SAME || labels_tell_keys(named) ||
	    meta_get(&named->r->meta, "label") == NULL ||
	    meta_get(&j->meta, "label") != NULL;
}

/* The walk back from a run's base over its series for runs of its own
 * set-up: *p the base's place at first, *seen 0; each call gives the
 * next such run (one that gives what tells i from o, named), latest
 * first, or -1 past SAME_SETUP_LOOKBACK runs or the series' start. A
 * base the run's date put after it is passed over as i itself. */
static long
next_own_setup(const struct analysis *a, size_t i,
    const struct setup_diff *named, size_t *p, size_t *seen)
{
	const struct run *runs = a->set->runs;

	while (*p > 0 && *seen < SAME_SETUP_LOOKBACK) {
		size_t j = a->order[--*p];

		++*seen;
		if (!same_series(a, j, i))
			return -1;
		if (j != i && same_setup(&runs[i], &runs[j]) &&
		    gives_what_changed(named, &runs[j]))
			return (long)j;
	}
	return -1;
}

/* The latest run of i's series before its base o that has i's own
 * set-up, saying so of what tells i from o (named), or -1. */
static long
own_setup_before(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *named)
{
	size_t p = a->pos[o], seen = 0;

	return next_own_setup(a, i, named, &p, &seen);
}

static size_t own_setup_range(const struct analysis *, size_t, size_t,
    const struct setup_diff *, int, double *, double *);

/* The runs of i's own set-up before its base o (named) of the last
 * FAR_APART_DAYS before i where dated, into own, once. */
static void
own_setup_runs(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *named, struct own_setup *own)
{
	const char *now = meta_get(&a->set->runs[i].meta, "date"), *then;
	size_t p = a->pos[o], seen = 0;
	long j;

	own->n = 0;
	while ((j = next_own_setup(a, i, named, &p, &seen)) >= 0) {
		then = meta_get(&a->set->runs[j].meta, "date");
		if (now == NULL || then == NULL ||
		    days_apart(then, now) < FAR_APART_DAYS)
			own->run[own->n++] = (uint32_t)j;
	}
	own->known = true;
}

bool
setup_cleared(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *named, int metric)
{
	struct own_setup here, *own = named->own ? named->own : &here;
	const struct metric *m;
	const struct change *c;
	double v[SAME_SETUP_LOOKBACK], was, mid, limit;
	size_t n = 0;

	if (metric < 0 || nothing_named(named) ||
	    !a->runs[i].base_in_series || a->runs[i].base != (long)o)
		return false;
	/* a tail goes by its job's mean, one night's slowest requests
	 * being no level */
	m = analysis_metric(a, metric);
	if (tail_metric(m) && (metric = workload_metric(a, i, m->workload,
	    fio_mean_measure(m->fio.measure))) < 0)
		return false;
	c = analysis_change_of(a, i, metric);
	if (c->verdict != VERDICT_REGRESSION ||
	    !((was = analysis_sum(a, o, metric).median) > 0))
		return false;
	if (named->own == NULL || !own->known)
		own_setup_runs(a, i, o, named, own);
	for (size_t r = 0; r < own->n; r++)
		if ((v[n] = analysis_sum(a, own->run[r], metric).median) > 0)
			n++;
	if (n == 0)
		return false;
	mid = stats_median(v, n);
	limit = fmax(c->fence, a->opts.threshold);
	return analysis_def(a, metric)->higher_is_better ?
	    mid >= was / (1 + limit) : mid <= was * (1 + limit);
}

/* How many times its runs' own spread (or the noise floor, when wider)
 * a run must lie outside the range of two or more earlier runs of its
 * set-up for that spread not to reach it. */
#define OWN_SPREAD_FAR 3

/* Whether run i's figure lies far outside what two or more earlier runs
 * of its own set-up measured, close together: A, A, A, B, then A far
 * below all of them is no spread of A. */
static bool
beyond_own_spread(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *d, int metric, double now)
{
	double lo, hi, width, off;

	if (own_setup_range(a, i, o, d, metric, &lo, &hi) < 2 || !(lo > 0) ||
	    !(now > 0))
		return false;
	width = fmax(hi / lo - 1, a->noise[metric]);
	off = now < lo ? lo / now - 1 : now > hi ? now / hi - 1 : 0;
	return off > OWN_SPREAD_FAR * width;
}

/* A change told as a setting's (its base has another label or key) when
 * an earlier run of the same set-up measured the figure about as far
 * from this one: A, B, A, B, where the second A fell as far from the
 * first A as from B. The setting cannot be what moved it; the set-up's
 * own spread is as large. Only where nothing measured that spread: a
 * change the series' history or the rank test put beyond the noise
 * (nights of A and B alike, then A far below) is a real drop, which the
 * setting does not explain but which is no noise either. */
static void
own_spread_reason(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *d, int metric, struct reasons *w)
{
	long j;
	double now, was, then;
	char shown_then[48], pct[32];

	if (metric < 0 || nothing_named(d) ||
	    analysis_change_of(a, i, metric)->rule != RULE_THRESHOLD ||
	    (j = own_setup_before(a, i, o, d)) < 0)
		return;
	now = analysis_sum(a, i, metric).median;
	was = analysis_sum(a, o, metric).median;
	then = analysis_sum(a, (size_t)j, metric).median;
	if (!(was > 0 && then > 0) || fabs(now / then - 1) < 0.5 *
	    fabs(now / was - 1) || beyond_own_spread(a, i, o, d, metric, now))
		return;
	display_figure(analysis_def(a, metric), then, shown_then);
	display_percent(now / then - 1, false, pct);
	reason(w, xasprintf("%s: %s, of this run's own set-up, measured %s: "
	    "this run is %s%% from it, half the change or more, so the "
	    "set-up's own spread reaches about as far",
	    analysis_def(a, metric)->label, a->set->runs[j].id, shown_then,
	    pct));
}

/* The lowest and highest median of metric over the runs of i's series
 * before its base o that have i's own set-up (own_setup_before's), and
 * how many there are. */
static size_t
own_setup_range(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *named, int metric, double *lo, double *hi)
{
	size_t p = a->pos[o], seen = 0, n = 0;
	long j;

	*lo = HUGE_VAL;
	*hi = -HUGE_VAL;
	while ((j = next_own_setup(a, i, named, &p, &seen)) >= 0) {
		double v = analysis_sum(a, (size_t)j, metric).median;

		if (!(v > 0))
			continue;
		*lo = fmin(*lo, v);
		*hi = fmax(*hi, v);
		n++;
	}
	return n;
}

/* How many runs of run o's series before it, of the last
 * SAME_SETUP_LOOKBACK, have o's own set-up and a figure of metric. */
static size_t
setup_runs_before(const struct analysis *a, size_t o, int metric)
{
	size_t n = 0, seen = 0;

	for (size_t p = a->pos[o]; p > 0 && seen < SAME_SETUP_LOOKBACK;
	    seen++) {
		size_t j = a->order[--p];

		if (!same_series(a, j, o))
			break;
		n += analysis_sum(a, j, metric).state == VS_OK &&
		    same_setup(&a->set->runs[o], &a->set->runs[j]);
	}
	return n;
}

/* A setting put back (A, A, A, then B one night, then A again) and the
 * figure back within the noise of what the series' runs of A measured:
 * the night of B stood apart, and the return to A is no regression of A
 * (a p50 of 2.8 ms under mq-deadline, after 0.67 ms the night the
 * scheduler was none, where mq-deadline's nights gave 1.9 to 2.9 ms).
 * Only where A is the series' way more than B: a second night of B
 * (nr-requests 4 once, then 128 for six nights, then 4 again) that
 * falls to where the first measured is B's fall again, not a return. */
static void
own_level_reason(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *d, int metric, struct reasons *w)
{
	const struct change *c;
	double now, lo, hi, limit;
	char shown_lo[48], shown_hi[48];
	size_t own;

	/* (not a tail: one night's slowest requests range too widely
	 * over thirty runs to stand for a level) */
	if (metric < 0 || nothing_named(d) ||
	    tail_metric(analysis_metric(a, metric)) ||
	    (c = analysis_change_of(a, i, metric))->verdict !=
	    VERDICT_REGRESSION ||
	    (own = own_setup_range(a, i, o, d, metric, &lo, &hi)) == 0 ||
	    own <= setup_runs_before(a, o, metric))
		return;
	now = analysis_sum(a, i, metric).median;
	limit = fmax(c->fence, a->opts.threshold);
	if (now < lo / (1 + limit) || now > hi * (1 + limit))
		return;
	display_figure(analysis_def(a, metric), lo, shown_lo);
	display_figure(analysis_def(a, metric), hi, shown_hi);
	reason(w, xasprintf("back to its own set-up's level: the series' "
	    "earlier runs with this run's settings measured %s%s%s, and this "
	    "one is within the noise of that; the run before it, of another "
	    "set-up, stood apart", shown_lo, lo < hi ? " to " : "",
	    lo < hi ? shown_hi : ""));
}

char *
change_caveat(const struct analysis *a, size_t i, size_t o,
    const struct setup_diff *named, int metric, enum change_told *told)
{
	struct reasons w = {NULL};
	/* A night's build number is no cause: from the run before it, a
	 * run whose only change is one is judged as if nothing changed. */
	struct setup_diff unnamed = *named;
	const struct setup_diff *d = named;
	char *config = changed_keys(d, KEY_CONFIG, KEY_LAYOUT, metric >= 0 ?
	    analysis_metric(a, metric) : NULL);

	if (numbers_only_from(a, i, (long)o)) {
		unnamed.nextra = 0;
		unnamed.labels = LABELS_SAME;
		d = &unnamed;
	}

	measured_apart(a, i, o, metric, &w);
	loop_cache_reason(a, i, o, metric, &w);
	target_reason(&a->set->runs[i], &a->set->runs[o], metric >= 0 ?
	    analysis_metric(a, metric) : NULL, &w);
	version_reason(&a->set->runs[i], &a->set->runs[o], metric >= 0 ?
	    analysis_metric(a, metric) : NULL, &w);
	tail_reason(a, i, metric, d, &w);
	tails_apart_reason(a, i, metric, &w);
	throughput_apart_reason(a, i, metric, &w);
	median_alone_reason(a, i, metric, &w);
	mixed_share_reason(a, i, metric, &w);
	memory_latency_reason(a, i, metric, &w);
	load_reason(a, i, metric, &w);
	unsaid_reason(d, &w);
	first_change_reason(a, i, metric, d, &w);
	short_fence_reason(a, i, metric, d, &w);
	quiet_dip_reason(a, i, metric, d, &w);
	far_apart_reason(a, i, metric, d, &w);
	swing_reason(a, i, metric, d, &w);
	series_range_reason(a, i, metric, d, &w);
	back_to_level_reason(a, i, metric, d, &w);
	overlap_reason(a, i, metric, &w);
	thin_margin_reason(a, i, metric, &w);
	anonymous_reason(d, &w);
	disk_reason(d, &w);
	part_reason(d, &w);
	measured_label_reason(d, &w);
	when_label_reason(d, &w);
	part_key_reason(d, &w);
	own_spread_reason(a, i, o, d, metric, &w);
	own_level_reason(a, i, o, d, metric, &w);
	if (config)
		config_reason(&w, xasprintf("another configuration (%s "
		    "changed): context, not a regression", config));
	free(config);
	*told = w.config ? TOLD_OTHER_CONFIG : w.side ? TOLD_SIDE_BY_SIDE :
	    TOLD_CHANGE;
	return w.text;
}

/* What changed from run b to run r: the set-up keys, else the labels
 * (a setting the meta names only in its label, like "NCQ off").
 * *marked: a key benchsite knows changed, or only one of the two has a
 * label (a night the user marked: "backup window"). */
static char *
what_changed(const struct run *r, const struct run *b, bool *marked,
    bool *keyed)
{
	struct setup_diff d;
	const char *lx = meta_get(&b->meta, "label");
	const char *ly = meta_get(&r->meta, "label");

	diff_setup(r, b, &d);
	*marked = d.changed != 0 || (lx == NULL) != (ly == NULL);
	/* else a key of the user's own or the label may say it (toggled) */
	*keyed = !*marked && (d.nextra > 0 || (lx && strcmp(lx, ly) != 0));
	if (d.changed != 0) {	/* the set-up keys name the change, with
				   a setting of the user's own beside them */
		free(d.text);
		d.text = labelled(&d, setup_text(&d, EXTRA_SETTINGS));
	}
	if (d.text == NULL && d.labels != LABELS_SAME)
		d.text = label_change_text(&b->meta, &r->meta);
	return d.text;
}

/* How many runs of a series give each value of a key of the user's own
 * or of the label: a setting toggled back and forth (A, B, A), or set
 * and kept, gives a value to two runs or more; a build's number, or a
 * night's label, to one. */
struct value_counts {
	struct hashmap map;
	struct counted {
		const char *key, *value;
		size_t n;
	} *v;
	size_t n, cap;
};

static uint64_t
counted_hash(const char *key, const char *value)
{
	return hash_bytes(value, strlen(value), hash_string(key));
}

static uint64_t
counted_rehash(uintptr_t slot, const void *ctx)
{
	const struct value_counts *c = ctx;
	const struct counted *e = &c->v[slot - 1];

	return counted_hash(e->key, e->value);
}

/* The entry of key and value, or where a probe for it ended (*at). */
static struct counted *
counted_find(const struct value_counts *c, const char *key,
    const char *value, size_t *at)
{
	for (*at = hashmap_home(&c->map, counted_hash(key, value));
	    c->map.slot[*at]; *at = hashmap_next(&c->map, *at)) {
		struct counted *e = &c->v[c->map.slot[*at] - 1];

		if (strcmp(e->key, key) == 0 && strcmp(e->value, value) == 0)
			return e;
	}
	return NULL;
}

static void
count_value(struct value_counts *c, const char *key, const char *value)
{
	size_t at;
	struct counted *e = counted_find(c, key, value, &at);

	if (e) {
		e->n++;
		return;
	}
	xgrow((void **)&c->v, &c->cap, c->n + 1, sizeof *c->v);
	c->v[c->n++] = (struct counted){key, value, 1};
	hashmap_put(&c->map, at, (uintptr_t)c->n);
}

static size_t
value_count(const struct value_counts *c, const char *key, const char *value)
{
	size_t at;
	const struct counted *e = counted_find(c, key, value, &at);

	return e ? e->n : 0;
}

/* Whether a key a run's meta holds is counted: the label, or one of the
 * user's own. */
static bool
counted_key(const char *key)
{
	return strcmp(key, "label") == 0 || !meta_key_known(key);
}

/* The values counted under these, which no meta value holds (a value is
 * one line): how many runs give the key, and how many values they give
 * twice or more. */
#define RUNS_GIVING "\n"
#define VALUES_SHARED "\n\n"

/* The values of the series of order[from..to). */
static void
count_series(const struct analysis *a, size_t from, size_t to,
    struct value_counts *c)
{
	hashmap_clear(&c->map);
	c->n = 0;
	for (size_t k = from; k < to; k++) {
		const struct run_meta *m = &a->set->runs[a->order[k]].meta;

		for (size_t e = 0; e < m->n; e++) {
			const char *key = meta_key(m, e);

			if (!counted_key(key))
				continue;
			count_value(c, key, meta_value(m, e));
			count_value(c, key, RUNS_GIVING);
			if (value_count(c, key, meta_value(m, e)) == 2)
				count_value(c, key, VALUES_SHARED);
		}
	}
}

/* How many runs of a series every one of which gives a key a value of
 * its own show it to be a run's number (a CI job, a build, a commit),
 * not a setting: two runs cannot tell the one from the other. */
#define OWN_VALUE_RUNS 3

/* Whether key is such a number in the series counted. */
static bool
own_value_key(const struct value_counts *c, const char *key)
{
	return value_count(c, key, RUNS_GIVING) >= OWN_VALUE_RUNS &&
	    value_count(c, key, VALUES_SHARED) == 0;
}

/* Whether all that tells run r from run b, of one series, are keys of
 * the user's own that each run of the series gives a value of its own:
 * the night's build number names no cause. Not the label: a post's
 * runs labelled "v2", "v3", "v3+" are three settings. */
static bool
numbers_only(const struct value_counts *c, const struct run *r,
    const struct run *b)
{
	const struct run_meta *m[2] = {&r->meta, &b->meta};
	bool any = false;

	for (int s = 0; s < 2; s++)
		for (size_t e = 0; e < m[s]->n; e++) {
			const char *key = meta_key(m[s], e), *y;

			if (!counted_key(key))
				continue;
			y = meta_get(m[1 - s], key);
			if (y != NULL && strcmp(y, meta_value(m[s], e)) == 0)
				continue;
			if (y == NULL || strcmp(key, "label") == 0 ||
			    !own_value_key(c, key))
				return false;
			any = true;
		}
	return any;
}

/* Where the series of order[k] ends in order. */
static size_t
series_end(const struct analysis *a, size_t k)
{
	const char *series = a->runs[a->order[k]].series;

	while (k < a->set->n && strcmp(a->runs[a->order[k]].series,
	    series) == 0)
		k++;
	return k;
}

/* Whether run r differs from b in a key of the user's own or the label
 * that the series toggles or sets and keeps: a setting changed on
 * purpose, no part of the series' noise. */
static bool
toggled(const struct value_counts *c, const struct run *r,
    const struct run *b)
{
	const struct run_meta *m = &r->meta;

	for (size_t e = 0; e < m->n; e++) {
		const char *key = meta_key(m, e), *y = meta_value(m, e), *x;

		if (!counted_key(key) || (x = meta_get(&b->meta, key)) ==
		    NULL || strcmp(x, y) == 0)
			continue;
		if (value_count(c, key, x) >= 2 || value_count(c, key, y) >= 2)
			return true;
	}
	return false;
}

bool
change_marked_from(const struct analysis *a, size_t i, size_t b)
{
	const struct run *runs = a->set->runs;
	bool marked, keyed;
	char *text = what_changed(&runs[i], &runs[b], &marked, &keyed);

	free(text);
	return marked || fio_moved(&runs[i], &runs[b]) ||
	    other_version(&runs[i], &runs[b]) ||
	    swapped_disk(&runs[i], &runs[b]) || a->runs[i].busy ||
	    a->runs[b].busy;
}

void
note_series_changes(struct analysis *a)
{
	const struct run *runs = a->set->runs;
	struct value_counts c = {.n = 0};
	size_t from = 0;
	bool counted = false;
	/* whether the run before, in this order, was busy: each run is
	 * asked once */
	bool was_busy = a->set->n > 0 && array_busy(&runs[a->order[0]]);

	if (a->set->n > 0)
		a->runs[a->order[0]].busy = was_busy;
	hashmap_init(&c.map, 64, counted_rehash, &c);
	for (size_t k = 1; k < a->set->n; k++) {
		size_t i = a->order[k], prev = a->order[k - 1];
		bool marked, keyed, busy = array_busy(&runs[i]), busy_before;

		a->runs[i].busy = busy;
		busy_before = was_busy;
		was_busy = busy;
		if (strcmp(a->runs[i].series, a->runs[prev].series) != 0) {
			from = k;
			counted = false;
			continue;
		}
		a->runs[i].series_change = strpool_take(a->pool,
		    what_changed(&runs[i], &runs[prev], &marked, &keyed));
		if (keyed && !counted) {	/* once a series, when asked */
			count_series(a, from, series_end(a, k), &c);
			counted = true;
		}
		/* a change of fio's device or version, a disk swapped, or an
		 * array busy or degraded on either side, is no measure of
		 * the noise */
		a->runs[i].change_marked = marked || fio_moved(&runs[i],
		    &runs[prev]) || other_version(&runs[i], &runs[prev]) ||
		    swapped_disk(&runs[i], &runs[prev]) ||
		    busy || busy_before ||
		    (keyed && toggled(&c, &runs[i], &runs[prev]));
		/* a night's build number is no change to name */
		a->runs[i].numbers_only = keyed &&
		    numbers_only(&c, &runs[i], &runs[prev]);
		if (a->runs[i].numbers_only)
			a->runs[i].series_change = NULL;
	}
	hashmap_free(&c.map);
	free(c.v);
}
