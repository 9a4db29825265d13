/* Allocation wrappers; see xalloc.h. */
#include "base/exit.h"
#include "base/xalloc.h"
#include "base/utf8.h"

#include <stdalign.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void
out_of_memory(void)
{
	fputs("benchsite: out of memory\n", stderr);
	exit(EXIT_INTERNAL);
}

void *
xnonnull(void *p)
{
	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		out_of_memory();
	return p;
}

void
xgrow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;

	if (need <= *cap)
		return;
	ncap = *cap ? *cap : 8;
	while (ncap < need)
		ncap *= 2;
	if (ncap > ((size_t)-1) / elem)
		out_of_memory();
	*arr = xrealloc(*arr, ncap * elem);
	*cap = ncap;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Built on utf8.h, which allocates nothing: the cleaning is UTF-8's,
 * the memory is this file's. */
char *
xstrndup_utf8(const char *s, size_t n)
{
	char *out;

	n = strnlen(s, n);
	out = xmalloc(n * 3 + 1);
	utf8_clean(out, s, n, 0);
	return out;
}

char *
xstrndup_shown(const char *s, size_t n)
{
	char *out;

	n = strnlen(s, n);
	out = xmalloc(n * 4 + 1);
	utf8_clean(out, s, n, UTF8_SHOW_CONTROLS);
	return out;
}

char *
xstrdup_utf8(const char *s)
{
	return xstrndup_utf8(s, strlen(s));
}

const char *
utf8_or_copy(const char *s, char **copy)
{
	*copy = utf8_valid(s, strlen(s)) ? NULL : xstrdup_utf8(s);
	return *copy ? *copy : s;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list again;
	char buf[512], *p;
	int n;

	/* Formatted once when it fits the buffer, as most texts do (the
	 * analysis formats some twenty thousand findings). */
	va_copy(again, ap);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	if (n < 0)
		out_of_memory();
	p = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof buf)
		memcpy(p, buf, (size_t)n + 1);
	else
		vsnprintf(p, (size_t)n + 1, fmt, again);
	va_end(again);
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

#define ARENA_BLOCK	((size_t)1 << 20)

struct xarena {
	struct xarena *next;	/* the block filled before this one */
	size_t used, size;	/* bytes of data[], of the whole mapping */
	alignas(max_align_t) unsigned char data[];
};

/* n bytes at a multiple of align (a power of two, at most that of
 * max_align_t) from the arena's newest block, or a new one. */
static void *
arena_alloc(struct xarena **a, size_t n, size_t align)
{
	struct xarena *b = *a;
	size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0, size;

	if (b == NULL || at > b->size - sizeof *b ||
	    n > b->size - sizeof *b - at) {
		if (n > SIZE_MAX - sizeof *b - ARENA_BLOCK)
			out_of_memory();
		size = n + sizeof *b > ARENA_BLOCK ? n + sizeof *b :
		    ARENA_BLOCK;
		b = mmap(NULL, size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (b == MAP_FAILED)
			out_of_memory();
		b->next = *a;
		b->size = size;
		*a = b;
		at = 0;
	}
	b->used = at + n;
	return b->data + at;
}

void *
xarena_alloc(struct xarena **a, size_t n)
{
	return arena_alloc(a, n, alignof(max_align_t));
}

char *
xarena_strdup(struct xarena **a, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(arena_alloc(a, n, 1), s, n);
}

void
xarena_free(struct xarena **a)
{
	while (*a != NULL) {
		struct xarena *next = (*a)->next;

		munmap(*a, (*a)->size);
		*a = next;
	}
}
