/* "benchsite collect": the storage stack under a directory and the host
 * it runs on, as meta lines read from /proc and /sys. Used by main (the
 * collect command) and by record.c, which dates and names runs with it. */
#ifndef BENCHSITE_COLLECT_H
#define BENCHSITE_COLLECT_H

#include <stdio.h>
#include <time.h>

#include "base/diag.h"

/* The collect command; argv[0] is "collect". Returns the exit status. */
int cmd_collect(int argc, char **argv);

/* Writes the meta lines for path, reading /proc, /sys and /etc below
 * sysroot ("/" on a live system), dated now. Returns 0, or -1 when path
 * or sysroot cannot be found (reported to d, nothing written). */
int collect_meta(FILE *out, const char *sysroot, const char *path,
    time_t now, struct diags *d);

/* The time a run is dated with: $SOURCE_DATE_EPOCH when set, else now.
 * Returns -1 when SOURCE_DATE_EPOCH is not a number (reported to d). */
int collect_time(time_t *now, struct diags *d);

/* The host's name as collect prints it (caller frees), or NULL. */
char *collect_hostname(const char *sysroot);

#endif
