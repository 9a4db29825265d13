/* Publishing a site atomically: the new site is written into a staging
 * directory beside SITE and swapped in with one rename, so a web server
 * never serves half a site and a killed build leaves the old one whole.
 * A manifest of the files benchsite wrote lets it replace only its own
 * sites.
 *
 * The site a build replaces is kept beside SITE as .SITE.prev, and the
 * next build takes it as its staging directory: most of its files are
 * already the new site's, so an incremental build writes, links and
 * removes only what changed instead of linking every file of the site
 * and removing every file of the old one.
 *
 * One build of SITE at a time: each holds .SITE.lock beside it (an
 * flock, which the kernel drops when the process ends, however it
 * ends) from before it touches anything beside SITE (the loader's
 * cache, .SITE.prev, its staging directory) until the swap is done,
 * and removes the file as it lets go. The rendering processes forked
 * by a build share its lock: when a build is killed, the next one also
 * waits for those to finish writing into its staging directory.
 * The build that takes the lock then removes what builds killed before
 * their end left beside SITE. For site.c only. */
#ifndef BENCHSITE_PUBLISH_H
#define BENCHSITE_PUBLISH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

#define MANIFEST ".benchsite-manifest"
#define PREV_SUFFIX ".prev"	/* .SITE.prev */
#define LOCK_SUFFIX ".lock"	/* .SITE.lock, while a build runs */

/* Names of a site's directories, below it ("." for itself). */
struct sorted_names;

struct name_list {
	char **v;
	size_t n, cap;
};

struct publish {
	char *site;		/* SITE as given */
	char *staging;		/* where the new site is written */
	char *prev;		/* .SITE.prev beside SITE */
	/* Whether the staging directory is the previous site, which held
	 * only its manifest's files, each a plain file; else it started
	 * empty. */
	bool had;
	/* Its manifest's digest, when it had: the files to remove are the
	 * ones that manifest lists and the new site does not. */
	uint64_t had_manifest;
	/* The staging directory's directories known so far: the previous
	 * site's (the first had_dirs), and those publish_mkdir made
	 * (dirseal.h). */
	struct name_list dirs;
	size_t had_dirs;
	/* Notes about .SITE.prev, for stderr only (not among the site's
	 * problems: they are about that directory, not the runs or the
	 * site), held until publish_say_notes. */
	struct diags notes;
};

/* Whether SITE may be replaced: missing, empty, or a benchsite site
 * holding no file its manifest does not list; reports why not. */
bool publish_replaceable(const char *site, struct diags *);
/* The same, as far as a few system calls tell: missing, empty, or a
 * directory with a manifest (whose files are not checked). */
bool publish_plausible(const char *site);

/* Takes SITE's lock into *lock: when another build holds it, says so
 * on stderr and waits for it, or (without wait) reports that to d and
 * returns -1. Once held, removes the staging directories and cache
 * files builds of SITE left when they were killed, with a note on
 * stderr each (unless quiet). Returns 0; *lock is -1 when no lock could
 * be had (a directory benchsite cannot write, where the build fails
 * anyway, or a file system without locks), and the build goes on as
 * before locks were. */
int publish_lock(const char *site, bool wait, int quiet, int *lock,
    struct diags *);
/* Lets the next build of SITE go (nothing when lock is -1): the lock
 * file is removed first, so none stays once builds are done; one killed
 * leaves it, and the next build takes it and removes it. */
void publish_unlock(const char *site, int lock);

/* What publish_begin finds of SITE's previous site, which may be found
 * ahead of it (it only reads, under SITE's lock): whether the build can
 * build on it and its directories, else notes saying why not, and what
 * reading it said (errs). */
struct publish_prev {
	bool usable;
	uint64_t manifest;	/* its manifest's digest, when usable */
	struct name_list dirs;
	struct diags notes, errs;	/* quiet until said */
};
void publish_prev_find(const char *site, struct publish_prev *);
/* Says its messages to d, as a build that finds nothing to do says
 * them, and frees it. */
void publish_prev_say(struct publish_prev *, struct diags *d);
void publish_prev_free(struct publish_prev *);

/* Checks that SITE may be replaced (publish_replaceable) and makes the
 * staging directory beside it: the previous site when it is whole and
 * holds only its manifest's plain files (else it is left alone, with a
 * note), otherwise a new empty one. prev is what publish_prev_find found
 * (taken over), or NULL to find it here. Returns 0, or -1 (reported). */
int publish_begin(struct publish *, const char *site,
    struct publish_prev *prev, struct diags *);

/* Says the notes publish_begin left on stderr (unless quiet) and
 * drops them. */
void publish_say_notes(struct publish *, int quiet);

/* Makes the directory rel in the staging directory (one there already
 * will do). Returns 0, or -1 (reported). */
int publish_mkdir(struct publish *, const char *rel, struct diags *);

/* Writes the manifest of the rel paths written (sorted here) into the
 * staging directory, removes the files of the previous site not among
 * them (those its manifest lists: read again, and refused when it is
 * not what it was when it was taken), seals the new site's directories (dirseal.h), swaps it in as
 * SITE and keeps the old site as .SITE.prev. Returns 0, or -1
 * (reported; SITE is then untouched). */
int publish_commit(struct publish *, const char **written, size_t nwritten,
    struct diags *);

/* Removes the staging directory of a build that failed. */
void publish_abort(struct publish *);

/* Removes the tree at path, whatever it holds (links are not followed). */
void publish_remove_tree(const char *path);

void publish_free(struct publish *);

#endif
