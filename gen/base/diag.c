/* Diagnostics; see msg.h. */
#include "base/diag.h"
#include "base/xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const level_names[] = {
	[MSG_NOTE] = "note",
	[MSG_WARNING] = "warning",
	[MSG_ERROR] = "error",
	[MSG_SYSERR] = "error",
};

const char *
msg_level_name(enum msg_level level)
{
	return level_names[level];
}

/* s with control characters as \xNN (caller frees): a file name or a
 * meta value may hold a line break or a terminal's escape sequence, and
 * a diagnostic is one line of text. */
static char *
clean(const char *s)
{
	return xstrndup_shown(s, SIZE_MAX);
}

static void
print_diag(const struct diag *g)
{
	char *file = clean(g->file), *msg = clean(g->message);

	/* One fprintf, one write: stderr is unbuffered. */
	if (g->line > 0)
		fprintf(stderr, "benchsite: %s:%ld: %s\n", file, g->line, msg);
	else
		fprintf(stderr, "benchsite: %s: %s\n", file, msg);
	free(file);
	free(msg);
}

void
diags_add(struct diags *d, enum msg_level level, const char *file, long line,
    const char *fmt, ...)
{
	struct diag *g;
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);

	xgrow((void **)&d->v, &d->cap, d->n + 1, sizeof *d->v);
	g = &d->v[d->n++];
	g->file = xstrdup(file ? file : "-");
	g->line = line;
	g->level = level;
	g->message = text;
	if (d->n == 1 || level > d->worst)
		d->worst = level;
	if (!d->quiet)
		print_diag(g);
}

void
diags_append(struct diags *to, const struct diags *from)
{
	for (size_t i = 0; i < from->n; i++)
		diags_add(to, from->v[i].level, from->v[i].file,
		    from->v[i].line, "%s", from->v[i].message);
}

void
diags_free(struct diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].message);
	}
	free(d->v);
	d->v = NULL;
	d->n = d->cap = 0;
}
