/* Shared by the collector's own files only: its state and what each
 * file gives the others. They stand in layers: collect_lines.c, then
 * collect_root.c, then collect_host.c, collect_mount.c, collect_stack.c
 * and collect_pci.c, then collect_disk.c, then collect_storage.c, then
 * collect.c (the command and the entry points of collect.h). */
#ifndef BENCHSITE_COLLECT_INT_H
#define BENCHSITE_COLLECT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "capture/collect.h"

#define SMALL_FILE (16u << 20)	/* /proc/cpuinfo of a big machine fits */

/* One line collect writes: "key: value", or "# value". */
struct meta_line {
	char *key;		/* NULL: a comment */
	char *value;
};

struct meta_lines {
	struct meta_line *v;
	size_t n, cap;
};

/* One block device of the stack and what it is built on. */
struct node {
	char *name;		/* kernel name: sda1, md0, dm-0 */
	char *what;		/* "raid0, 2 devices, 512k chunk", or NULL */
	struct node *kids;
	size_t nkids;
};

/* What is read of each disk (collect_disk.c) and summed up over them
 * (collect_storage.c). */
enum disk_field {
	D_MODEL, D_VENDOR, D_FIRMWARE, D_SIZE, D_ROTATIONAL, D_SCHEDULER,
	D_READAHEAD, D_QDEPTH, D_WCACHE, D_NR_REQUESTS, D_MAX_SECTORS,
	D_BUS, D_CONTROLLER, D_DRIVER, D_PORT, D_LINK, D_COUNT
};

struct disk {
	char *name;
	char *v[D_COUNT];	/* NULL: not found */
	char *why[D_COUNT];	/* why not, or NULL when there is nothing
				 * to say (no ATA port on an NVMe disk) */
	char *ctl;		/* the controller's name and ids */
};

/* One run of the collector (collect.c owns it): the root it reads
 * below, the lines written so far and what the stack walk found. */
struct collect {
	char *root;		/* the system root without a trailing '/' */
	struct meta_lines out;
	struct meta_lines *notes;	/* where comments go now */
	struct disk *disks;
	size_t ndisks, capdisks;
	char *md_level, *md_chunk, *md_devices;	/* of the first md array */
	int nmd;
	/* What keeps the array of md_level: NULL for md, "btrfs" for a
	 * btrfs over several devices (which also sets raid_by alone when
	 * its profile is no level, having said why). */
	const char *raid_by;
	char *btrfs_fsid;	/* that btrfs's, for its readahead */
	/* The first loop device's loop/dio ("0", "1"), once put; the
	 * others' are said only where they differ from it. */
	char *loop_dio;
	char *pci_ids;		/* the PCI id database, once read */
	bool pci_tried;
};

/* A mount of /proc/self/mountinfo. */
struct mount {
	char *point, *type, *source, *options;
	unsigned maj, min;
};

/* collect_lines.c: the lines written. Both strings are taken. */
void meta_lines_add(struct meta_lines *, char *key, char *value);
void meta_lines_free(struct meta_lines *);
/* s made one line without control characters, trimmed; in place. */
char *clean_value(char *s);
/* k made a meta key ('_' for what a key cannot hold); in place. */
char *clean_key(char *k);
/* "key: value" to c->out, and a comment to c->notes. */
void put_meta(struct collect *, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void put_note(struct collect *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* key: value, or why it is left out. Takes both strings. */
void put_or_note(struct collect *, const char *key, char *value,
    char *why);
/* The start of the line after p's, or NULL at the end. */
const char *next_line(const char *p);
/* What follows the last '/' of path. */
const char *last_component(const char *path);
/* Bytes in powers of 1024 ("1.5 GiB"). Caller frees. */
char *size_text(double bytes);

/* collect_root.c: files and links below c->root, by their paths on the
 * system. Those that format a path take it as printf does. */
char *root_resolve(const struct collect *, const char *path, int *err);
char *root_resolvef(const struct collect *, int *err, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
char *root_read_file(const struct collect *, const char *path, size_t max,
    char **why);
char *root_attr(const struct collect *, char **why, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
char *root_link_base(const struct collect *, const char *dir,
    const char *name);
char **root_list(const struct collect *, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void root_list_free(char **v, size_t n);
/* Whether the path fmt makes of a and b exists. */
bool root_exists(const struct collect *, const char *fmt, const char *a,
    const char *b);

/* collect_btrfs.c: when dev belongs to a btrfs over several devices,
 * its node (the devices walked below it) in *top, the raid facts in c,
 * and true; else false and nothing done. */
bool btrfs_walk(struct collect *, const char *dev, struct node *top);

/* collect_host.c: host, date, os, kernel, cpu, memory. */
void host_section(struct collect *, time_t now);

/* collect_mount.c. The mount holding path; false (noted) when none. */
bool find_mount(struct collect *, const char *path, struct mount *);
/* The kernel name of its block device, or NULL (noted). */
char *mount_device(struct collect *, const struct mount *);

/* collect_stack.c. The node of block device name and everything under
 * it, its disks added to c->disks when counted. */
void stack_walk(struct collect *, const char *name, int depth,
    bool counted, struct node *);
/* "md0 (raid0, 2 devices, 512k chunk) on sdb + sdc". Caller frees. */
char *stack_render(const struct node *, bool bracket);
void stack_free(struct node *);

/* collect_pci.c. The controller at PCI address addr as lspci -nn names
 * it, or NULL (noted). */
char *pci_describe(struct collect *, const char *addr);

/* collect_disk.c. Fills in what sysfs says of disk k. */
void disk_read(struct collect *, struct disk *k);
/* Only the scheduler and the write cache of k's own queue: of a device
 * of the kernel's that is no disk (a loop device, zram), whose queue
 * is what a benchmark on it goes through. */
void queue_read(struct collect *, struct disk *k);
/* "128" -> "128 KiB"; NULL when s is no number. */
char *conv_kib(const char *s);

/* collect_storage.c: filesystem, mount, stack and disk lines for path. */
void storage_section(struct collect *, const char *path);

#endif
