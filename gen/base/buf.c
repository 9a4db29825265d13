/* Owns struct buf (buf.h). */
#include "base/buf.h"
#include "base/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
buf_add(struct buf *b, const void *bytes, size_t n)
{
	xgrow((void **)&b->p, &b->cap, b->n + n + 1, 1);
	if (n > 0)
		memcpy(b->p + b->n, bytes, n);
	b->n += n;
	b->p[b->n] = '\0';
}

void
buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_putc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	xgrow((void **)&b->p, &b->cap, b->n + (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

char *
buf_take(struct buf *b)
{
	char *s = b->p ? b->p : xstrdup("");

	b->p = NULL;
	b->n = b->cap = 0;
	return s;
}

void
buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}
