/* Diagnostics about the user's input: one format for every stage,
 * "benchsite: FILE:LINE: message". Included by every stage. */
#ifndef BENCHSITE_MSG_H
#define BENCHSITE_MSG_H

#include <stddef.h>

enum msg_level {
	MSG_NOTE,	/* informational: something was deduplicated or repaired */
	MSG_WARNING,	/* input is odd but was read */
	MSG_ERROR,	/* part of the input was not read */
	MSG_SYSERR	/* a file could not be opened, read or written */
};

struct diag {
	char *file;	/* as given by the user, relative when they were */
	long line;	/* 0 when the message is about the whole file */
	enum msg_level level;
	char *message;
};

/* Collects diagnostics in the order they were made; each one is also
 * printed to stderr at once unless quiet is set. */
struct diags {
	struct diag *v;
	size_t n, cap;
	int quiet;
	enum msg_level worst;	/* meaningful only when n > 0 */
};

void diags_add(struct diags *, enum msg_level, const char *file, long line,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
const char *msg_level_name(enum msg_level);
/* Adds from's messages to to, in order (said unless to is quiet): for
 * messages held back and said where they belong. */
void diags_append(struct diags *to, const struct diags *from);
/* Frees the messages, not the struct itself. */
void diags_free(struct diags *);

#endif
