/* Allocation wrappers: on failure they print a message and exit with
 * status 3, so no call site checks for NULL. Included by every stage. */
#ifndef BENCHSITE_XALLOC_H
#define BENCHSITE_XALLOC_H

#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t);
/* p, or the end of the program as xmalloc ends it when p is NULL: for
 * what other libraries allocate (an XXH3 state). */
void *xnonnull(void *p);
void *xcalloc(size_t, size_t);
void *xrealloc(void *, size_t);
/* Grows *arr (of *cap elements of size elem) so that it holds need elements. */
void xgrow(void **arr, size_t *cap, size_t need, size_t elem);
char *xstrdup(const char *);
char *xstrndup(const char *, size_t);
/* A copy of s[0..n) (up to a NUL) that is valid UTF-8: each byte that
 * starts no valid sequence (Latin-1, an overlong form, a surrogate, a cut
 * sequence) becomes U+FFFD (utf8_clean of base/utf8.h, in new memory).
 * For text that goes into pages, charts, JSON and XML, which must be
 * Unicode. */
char *xstrndup_utf8(const char *s, size_t n);
char *xstrdup_utf8(const char *s);
/* The same, with control characters and bytes that are not UTF-8 as
 * "\xNN" and the marks that turn the direction of text as "\uNNNN"
 * (UTF8_SHOW_CONTROLS): for a name or a meta value, which every report,
 * page and message shows. */
char *xstrndup_shown(const char *s, size_t n);
/* s itself when it is valid UTF-8, as most text is, else
 * xstrdup_utf8(s), kept in *copy for the caller to free (*copy is NULL
 * when s is used). */
const char *utf8_or_copy(const char *s, char **copy);
/* An arena of blocks mapped apart from malloc's heap, for many small
 * objects dropped together: xarena_free gives their memory back to the
 * system, which free() does not while longer-lived blocks sit between
 * them. A NULL pointer is an empty arena. */
struct xarena;
/* n bytes aligned for any type, valid until the arena is freed. */
void *xarena_alloc(struct xarena **, size_t n);
/* A copy of s, byte-aligned: many short strings side by side. */
char *xarena_strdup(struct xarena **, const char *s);
void xarena_free(struct xarena **);

/* Returns a new string formatted like vprintf; caller frees. */
char *xvasprintf(const char *, va_list) __attribute__((format(printf, 1, 0)));
/* Returns a new string formatted like printf; caller frees. */
char *xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));

#endif
