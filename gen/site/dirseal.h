/* Sealed directories: what lets a build trust that a site it published
 * still holds only what its manifest lists, without reading every
 * directory of it (720 000 names at 100 000 runs, read twice a build:
 * SITE before it is replaced, .SITE.prev before it is built on).
 *
 * When a build publishes a site, it sets the modification time of each
 * of its directories to one time t0 some seconds in the past, and keeps
 * each one's inode and t0 in .SITE.dirs beside SITE. Adding, removing or
 * renaming an entry sets the directory's modification time to the
 * present, which is never t0, so a directory that still has its inode
 * and t0 has the entries it had when it was sealed. A directory made
 * below one changes that one; SITE moved away and another put in its
 * place has another inode. Whatever does not hold as recorded (a file
 * system that keeps no such times, a record missing or cut short) means
 * the directories are read as before: the seal only saves work.
 *
 * .SITE.dirs holds two records: SITE's and .SITE.prev's, which is the
 * site SITE was before the last build replaced it (its directories are
 * renamed, not written). Each record also keeps the digest of its
 * site's manifest (publish.c's manifest_digest), which lets the build
 * that takes the previous site as its staging directory find the files
 * to remove from the manifest alone: which names a site holds is the
 * directories' business, their list is the manifest's bytes. For
 * publish.c only. */
#ifndef BENCHSITE_DIRSEAL_H
#define BENCHSITE_DIRSEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SEAL_SUFFIX ".dirs"	/* .SITE.dirs */

enum seal_of { SEAL_SITE, SEAL_PREV, SEAL_N };

struct dir_seal {
	long long t0;		/* every directory's modification time */
	uint64_t manifest;	/* the site's manifest's digest */
	size_t n;		/* 0: no record */
	char **rel;		/* below the site, "." for itself */
	uint64_t *ino;
};

/* Reads the records of .SITE.dirs; a record that cannot be read whole
 * is empty. */
void seal_read(const char *site, struct dir_seal rec[SEAL_N]);
/* Whether root's directories are as r recorded them. */
bool seal_holds(const char *root, const struct dir_seal *r);
/* Seals the directories rel[0..n) of root (every one it has: sorted by
 * strcmp, "." among them, each name without a newline) and records them
 * into *r; on failure *r is empty and the times set so far stay (they
 * only mean a walk later). */
void seal_dirs(const char *root, const char *const *rel, size_t n,
    struct dir_seal *r);
/* Writes .SITE.dirs; quietly does nothing when it cannot. */
void seal_write(const char *site, const struct dir_seal rec[SEAL_N]);
/* Takes r's names (a sorted array of n, each freed with it) into
 * *names and empties r. */
char **seal_take_names(struct dir_seal *r, size_t *n);
void seal_free(struct dir_seal *r);

#endif
