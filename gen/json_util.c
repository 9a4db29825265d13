/* jansson helpers; see json_util.h. */
#include "json_util.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s, or 0. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

json_t *
json_string_or_null(const char *s)
{
	size_t n, i = 0, o = 0, k;
	char *clean;
	json_t *j;

	if (s == NULL)
		return json_null();
	n = strlen(s);
	clean = xmalloc(n * 3 + 1);
	while (i < n) {
		if ((k = utf8_len((const unsigned char *)s + i, n - i)) > 0) {
			memcpy(clean + o, s + i, k);
			o += k;
			i += k;
		} else {
			memcpy(clean + o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
		}
	}
	j = json_stringn(clean, o);
	free(clean);
	return j;
}

json_t *
json_number(double x)
{
	if (x == floor(x) && fabs(x) < 9e15)
		return json_integer((json_int_t)x);
	return json_real(x);
}

int
json_print(FILE *out, json_t *doc)
{
	int rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_REAL_PRECISION(12));

	json_decref(doc);
	if (rc != 0 || fputc('\n', out) == EOF)
		return -1;
	return 0;
}
