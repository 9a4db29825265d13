/* A growing byte buffer: the one way benchsite builds a text or a blob
 * of unknown length (lines cleaned by the reader, notes and meta written
 * by import, SVG and PNG bytes made by the charts). Its bytes are always
 * followed by a NUL, so p can be read as a string; it may hold NULs of
 * its own. Out of memory ends the program (xalloc.h). */
#ifndef BENCHSITE_BUF_H
#define BENCHSITE_BUF_H

#include <stddef.h>

struct buf {
	char *p;	/* NULL until something is added */
	size_t n;	/* bytes held, the NUL after them not counted */
	size_t cap;
};

void buf_add(struct buf *, const void *bytes, size_t n);
void buf_puts(struct buf *, const char *s);
void buf_putc(struct buf *, char c);
void buf_printf(struct buf *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The bytes as a string of its own (caller frees; "" when empty); the
 * buffer is left empty. */
char *buf_take(struct buf *);
void buf_free(struct buf *);

#endif
