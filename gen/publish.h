/* Publishing a site atomically: the new site is written into a staging
 * directory beside SITE and swapped in with one rename, so a web server
 * never serves half a site and a killed build leaves the old one whole.
 * A manifest of the files benchsite wrote lets it replace only its own
 * sites. For site.c only. */
#ifndef BENCHSITE_PUBLISH_H
#define BENCHSITE_PUBLISH_H

#include <stddef.h>

#include "msg.h"

#define MANIFEST ".benchsite-manifest"

/* Checks that SITE may be replaced (missing, empty, or a benchsite site
 * holding no file its manifest does not list) and makes the staging
 * directory beside it. Returns its path (caller frees), or NULL
 * (reported). */
char *publish_begin(const char *site, struct diags *);

/* Writes the manifest of the rel paths written (sorted here) into the
 * staging directory, swaps it in as SITE and removes the old site.
 * Returns 0, or -1 (reported; SITE is then untouched). */
int publish_commit(const char *staging, const char *site, char **written,
    size_t nwritten, struct diags *);

/* Removes the staging directory of a build that failed. */
void publish_abort(const char *staging);

#endif
