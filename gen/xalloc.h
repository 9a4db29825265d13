/* Allocation wrappers: on failure they print a message and exit with
 * status 3, so no call site checks for NULL. Included by every stage. */
#ifndef BENCHSITE_XALLOC_H
#define BENCHSITE_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xrealloc(void *, size_t);
/* Grows *arr (of *cap elements of size elem) so that it holds need elements. */
void xgrow(void **arr, size_t *cap, size_t need, size_t elem);
char *xstrdup(const char *);
char *xstrndup(const char *, size_t);
/* Returns a new string formatted like printf; caller frees. */
char *xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));

#endif
