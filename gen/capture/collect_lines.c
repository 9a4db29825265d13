/* The meta lines collect writes (struct collect's out and notes): each
 * value made one clean line, each key a meta key; and the small text
 * helpers every part of the collector shares. */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void
meta_lines_add(struct meta_lines *l, char *key, char *value)
{
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n].key = key;
	l->v[l->n].value = value;
	l->n++;
}

void
meta_lines_free(struct meta_lines *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].key);
		free(l->v[i].value);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* Values come from files anyone could write: one line, no control
 * characters, so each stays one meta line. */
char *
clean_value(char *s)
{
	size_t n;
	char *p = s;

	for (char *q = s; *q; q++)
		if ((unsigned char)*q < 0x20 || *q == 0x7f)
			*q = ' ';
	while (*p == ' ')
		p++;
	n = strlen(p);
	while (n > 0 && p[n - 1] == ' ')
		n--;
	memmove(s, p, n);
	s[n] = '\0';
	return s;
}

/* Meta keys are letters, digits, '-', '_' and '.': a device name with
 * anything else (cciss!c0d0) is spelled with '_' there. */
char *
clean_key(char *k)
{
	for (char *p = k; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("-_.", *p))
			*p = '_';
	return k;
}

void
put_meta(struct collect *c, const char *key, const char *fmt, ...)
{
	va_list ap;
	char *v;

	va_start(ap, fmt);
	v = xvasprintf(fmt, ap);
	va_end(ap);
	meta_lines_add(&c->out, clean_key(xstrdup(key)), clean_value(v));
}

void
put_note(struct collect *c, const char *fmt, ...)
{
	va_list ap;
	char *v;

	va_start(ap, fmt);
	v = xvasprintf(fmt, ap);
	va_end(ap);
	meta_lines_add(c->notes, NULL, clean_value(v));
}

/* Puts key: value, or says why it is left out. Takes both strings. */
void
put_or_note(struct collect *c, const char *key, char *value, char *why)
{
	if (value)
		put_meta(c, key, "%s", value);
	else
		put_note(c, "%s: not found: %s", key, why ? why : "unknown");
	free(value);
	free(why);
}

/* The start of the line after p's, or NULL at the end. */
const char *
next_line(const char *p)
{
	p = strchr(p, '\n');
	return p ? p + 1 : NULL;
}

const char *
last_component(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Sizes as people read them, in powers of 1024 like bonnie++ and lsblk. */
char *
size_text(double bytes)
{
	static const char *const units[] = {"bytes", "KiB", "MiB", "GiB",
	    "TiB", "PiB"};
	int u = 0;

	while (bytes >= 1024 && u < 5) {
		bytes /= 1024;
		u++;
	}
	return u == 0 ? xasprintf("%.0f bytes", bytes) :
	    xasprintf("%.1f %s", bytes, units[u]);
}
