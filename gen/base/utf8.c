/* Owns decoding, checking, walking and counting UTF-8 (utf8.h). */
#include "base/utf8.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static bool
is_continuation(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

/* The length a sequence has that starts with byte c, and the bits of
 * its code point c holds; 0 when c starts none. */
static size_t
lead_length(unsigned char c, unsigned long *bits)
{
	if (c < 0x80) {
		*bits = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		*bits = c & 0x1f;
		return 2;
	}
	if (c >= 0xe0 && c <= 0xef) {
		*bits = c & 0x0f;
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		*bits = c & 0x07;
		return 4;
	}
	return 0;
}

size_t
utf8_decode(const char *s, size_t n, unsigned long *cp)
{
	/* The least code point of each length: below it, overlong. */
	static const unsigned long least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	unsigned long c;
	size_t len;

	if (n == 0 || (len = lead_length((unsigned char)s[0], &c)) == 0 ||
	    n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if (!is_continuation(s[i]))
			return 0;
		c = (c << 6) | ((unsigned char)s[i] & 0x3f);
	}
	if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	if (cp != NULL)
		*cp = c;
	return len;
}

bool
utf8_valid(const char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k)
		if ((unsigned char)s[i] < 0x80)
			k = 1;	/* ASCII, the most of any text, at once */
		else if ((k = utf8_decode(s + i, n - i, NULL)) == 0)
			return false;
	return true;
}

size_t
utf8_next(const char *s, size_t len, size_t i)
{
	if (i >= len)
		return i;
	i++;
	while (i < len && is_continuation(s[i]))
		i++;
	return i;
}

size_t
utf8_cut(const char *s, size_t n)
{
	while (n > 0 && is_continuation(s[n]))
		n--;
	return n;
}

/* Code points a terminal draws two columns wide: CJK, Hangul, fullwidth
 * forms and the emoji blocks (East Asian Wide and Fullwidth, the ranges
 * text in a post or a run's name meets); and none wide: combining marks,
 * zero-width spaces and joiners, variation selectors. */
static const struct {
	unsigned long from, to;
	unsigned char cols;
} widths[] = {
	{0x0300, 0x036f, 0}, {0x1100, 0x115f, 2}, {0x1ab0, 0x1aff, 0},
	{0x1dc0, 0x1dff, 0}, {0x200b, 0x200f, 0}, {0x20d0, 0x20ff, 0},
	{0x2e80, 0x303e, 2}, {0x3041, 0x33ff, 2}, {0x3400, 0x4dbf, 2},
	{0x4e00, 0x9fff, 2}, {0xa000, 0xa4cf, 2}, {0xac00, 0xd7a3, 2},
	{0xf900, 0xfaff, 2}, {0xfe00, 0xfe0f, 0}, {0xfe20, 0xfe2f, 0},
	{0xfe30, 0xfe4f, 2}, {0xff00, 0xff60, 2}, {0xffe0, 0xffe6, 2},
	{0x1f300, 0x1f64f, 2}, {0x1f900, 0x1f9ff, 2}, {0x20000, 0x2fffd, 2},
	{0x30000, 0x3fffd, 2},
};

/* The columns of the character at s[0..n), and its length in *k. */
static size_t
char_columns(const char *s, size_t n, size_t *k)
{
	unsigned long cp;

	if ((*k = utf8_decode(s, n, &cp)) == 0) {
		*k = 1;
		while (*k < n && is_continuation(s[*k]))
			(*k)++;
		return 1;
	}
	for (size_t r = 0; r < sizeof widths / sizeof *widths &&
	    cp >= widths[r].from; r++)
		if (cp <= widths[r].to)
			return widths[r].cols;
	return 1;
}

size_t
utf8_columns(const char *s, size_t len)
{
	size_t n = 0, k;

	for (size_t i = 0; i < len; i += k)
		n += char_columns(s + i, len - i, &k);
	return n;
}

size_t
utf8_span(const char *s, size_t len, size_t cols)
{
	size_t i = 0, c = 0, k, w;

	while (i < len && (w = char_columns(s + i, len - i, &k)) + c <= cols) {
		c += w;
		i += k;
	}
	return i;
}

/* Whether cp marks or overrides the direction of the text after it:
 * a name holding U+202E shows the rest of a line backwards. */
static bool
turns_direction(unsigned long cp)
{
	return cp == 0x200e || cp == 0x200f || (cp >= 0x202a &&
	    cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* The length of the sequence at s[0..n) that utf8_clean keeps, 0 when
 * it becomes U+FFFD. */
static size_t
kept_length(const char *s, size_t n, unsigned flags, unsigned long *cp)
{
	size_t k = utf8_decode(s, n, cp);

	if (k > 0 && (flags & UTF8_XML_CHARS) &&
	    (*cp == 0xfffe || *cp == 0xffff))
		return 0;
	return k;
}

size_t
utf8_clean(char *out, const char *s, size_t n, unsigned flags)
{
	size_t i = 0, o = 0, k;
	unsigned long cp;

	n = strnlen(s, n);
	while (i < n) {
		k = kept_length(s + i, n - i, flags, &cp);
		if (k == 0 && (flags & UTF8_SHOW_CONTROLS)) {
			o += (size_t)sprintf(out + o, "\\x%02x",
			    (unsigned char)s[i]);
			k = 1;
		} else if (k == 0) {
			memcpy(out + o, UTF8_REPLACEMENT, 3);
			o += 3;
			k = 1;
		} else if ((flags & UTF8_NO_CONTROLS) &&
		    (cp < 0x20 || cp == 0x7f))
			out[o++] = ' ';
		else if ((flags & UTF8_SHOW_CONTROLS) &&
		    (cp < 0x20 || cp == 0x7f))
			o += (size_t)sprintf(out + o, "\\x%02lx", cp);
		else if ((flags & UTF8_SHOW_CONTROLS) && turns_direction(cp))
			o += (size_t)sprintf(out + o, "\\u%04lx", cp);
		else {
			memcpy(out + o, s + i, k);
			o += k;
		}
		i += k;
	}
	out[o] = '\0';
	return o;
}

const char *
find_ignoring_case(const char *hay, const char *needle)
{
	for (size_t n = strlen(needle); *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return hay;
	return NULL;
}

bool
contains_ignoring_case(const char *hay, const char *needle)
{
	return find_ignoring_case(hay, needle) != NULL;
}

void
text_trim(const char **s, size_t *n)
{
	while (*n > 0 && isspace((unsigned char)**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n > 0 && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
}
