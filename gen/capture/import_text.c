/* The small text tests and copies every part of the import shares:
 * trimming, blank lines, case-blind search, lists of words, file names
 * and slugs. */
#include "base/buf.h"
#include "capture/import_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

char *
trimmed_copy(const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

bool
line_is_blank(const struct line *l)
{
	return strspn(l->text, " ") == l->len;
}

bool
rule_line(const char *s)
{
	return *s != '\0' && strspn(s, "-=_~* ") == strlen(s);
}

/* Whether a line says who wrote the quote below it: "On Sat, May 18,
 * 2019, X wrote:", "X writes:", the words of other languages' mail
 * clients ("Am 20.03.2005 schrieb X:", "Le ..., X a écrit :"), a web
 * mail's "Quoting X <x@example.org>:" and mutt's "* X <x@example.org>
 * [2005-03-20 10:04]:". */
bool
is_attribution(const char *text)
{
	static const char *const said[] = {"wrote", "writes:", "schrieb",
	    "a écrit", "escribió", "ha scritto", "scrisse", "skrev",
	    "napisał", "kirjoitti"};
	size_t len = strlen(text);

	for (size_t i = 0; i < sizeof said / sizeof *said; i++)
		if (strstr(text, said[i]) != NULL)
			return true;
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	return len > 0 && text[len - 1] == ':' && strchr(text, '@') != NULL &&
	    (strncmp(text, "Quoting ", 8) == 0 ||
	    (strncmp(text, "* ", 2) == 0 && len > 1 && text[len - 2] == ']'));
}

bool
key_listed(const char *key, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(key, list[i]) == 0)
			return true;
	return false;
}

const char *
path_base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Whether p[0..n) has a digit. */
static bool
digits_in(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (isdigit((unsigned char)p[i]))
			return true;
	return false;
}

/* The slug of text's first five words; with numbers, of the numbers
 * after them too (up to 40 bytes in all). */
static char *
slug_words(const char *text, bool numbers)
{
	struct buf b = {0};
	int words = 0;

	for (const char *p = text; *p; ) {
		size_t n = 0;

		while (*p && !(isalnum((unsigned char)*p) &&
		    (unsigned char)*p < 0x80))
			p++;
		while (isalnum((unsigned char)p[n]) &&
		    (unsigned char)p[n] < 0x80)
			n++;
		if (n == 0)
			break;
		if (words >= 5 && !numbers)
			break;
		if (words >= 5 && !digits_in(p, n)) {
			p += n;
			continue;
		}
		/* whole words only, unless the first is too long alone */
		if (b.n + (b.n > 0) + n > 40) {
			if (b.n == 0)
				n = 40;
			else
				break;
		}
		if (b.n > 0)
			buf_puts(&b, "-");
		for (size_t i = 0; i < n; i++)
			buf_putc(&b, (char)tolower((unsigned char)p[i]));
		/* "v3+" is not "v3": a version and the one after it */
		if (isdigit((unsigned char)p[n - 1]) && p[n] == '+' &&
		    p[n + 1] != '+' && !isalnum((unsigned char)p[n + 1]))
			buf_puts(&b, "plus");
		p += n;
		words++;
	}
	return buf_take(&b);
}

char *
import_slug(const char *text)
{
	return slug_words(text, false);
}

char *
import_slug_numbered(const char *text)
{
	return slug_words(text, true);
}

size_t
iteration_stem(const char *name)
{
	static const char *const words[] = {"run", "pass", "iter",
	    "iteration", "try", "round", "loop", "trial"};
	size_t n = strlen(name), e = n, w;

	while (e > 0 && isdigit((unsigned char)name[e - 1]))
		e--;
	if (e == n || n - e > 3)
		return n;
	while (e > 0 && strchr("-_ #", name[e - 1]))
		e--;
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		w = strlen(words[k]);
		if (e > w && strncasecmp(name + e - w, words[k], w) == 0 &&
		    strchr("-_. ", name[e - w - 1])) {
			size_t stem = e - w - 1;

			while (stem > 0 && strchr("-_. ", name[stem - 1]))
				stem--;
			return stem > 0 ? stem : n;
		}
	}
	return n;
}

/* The post's file name without its extension, as a slug. */
char *
post_slug(const char *file)
{
	const char *base = strcmp(file, "-") == 0 ? "stdin" :
	    path_base_name(file);
	const char *dot = strrchr(base, '.');
	char *name = dot && dot != base ? xstrndup(base, (size_t)(dot - base)) :
	    xstrdup(base);
	char *slug;

	for (char *q = name; *q; q++)
		if (*q == '_')
			*q = '-';
	slug = import_slug(name);
	if (*slug == '\0') {
		free(slug);
		slug = xstrdup("post");
	}
	free(name);
	return slug;
}
