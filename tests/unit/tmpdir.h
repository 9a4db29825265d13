/* A directory of a unit test's own under TMPDIR (/tmp when unset), made
 * by its setup and removed whole by its teardown (test_dirseal.c,
 * test_publish.c). */
#ifndef BENCHSITE_TEST_TMPDIR_H
#define BENCHSITE_TEST_TMPDIR_H

#include <stdio.h>
#include <stdlib.h>

#include "base/xalloc.h"

/* A new empty TMPDIR/NAME-XXXXXX (caller frees), or NULL. */
static inline char *
test_dir_make(const char *name)
{
	const char *tmp = getenv("TMPDIR");
	char *tmpl = xasprintf("%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp",
	    name);

	if (mkdtemp(tmpl) == NULL) {
		free(tmpl);
		return NULL;
	}
	return tmpl;
}

/* Removes dir and all it holds, and frees it. Returns 0, or -1. */
static inline int
test_dir_remove(char *dir)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	int rc = system(cmd) == 0 ? 0 : -1;

	free(cmd);
	free(dir);
	return rc;
}

#endif
