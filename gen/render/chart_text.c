/* The charts' texts, before any font measures them: what cairo and the
 * SVG may hold (made valid UTF-8, base/utf8.h), the figures, ticks and
 * states printed, and labels wrapped and elided by a measure of the
 * caller's (chart_wrap); and the dates of a trend's time axis. */
#include "render/chart_int.h"
#include "model/display.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

const char *const chart_state_texts[] = {
	[BAR_TOO_FAST] = "too fast to measure",
	[BAR_NOT_RUN] = "not run",
	[BAR_INVALID] = "no valid figure",
};

/* A copy with invalid UTF-8 replaced by U+FFFD and control characters
 * by spaces: cairo refuses invalid UTF-8, and the SVG must stay XML. */
char *
chart_drawable_copy(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	char *out = xmalloc(n * 3 + 1);

	utf8_clean(out, s ? s : "", n, UTF8_XML_CHARS | UTF8_NO_CONTROLS);
	return out;
}

/* A figure as the charts print it (display_number): decimals below
 * fine_below (0: DISPLAY_FINE_BELOW; 1000 for seeks, as the tables),
 * whole numbers from there on, deciding on the rounded figure so that
 * 99.96 prints as "100"; "~" first when approx. */
void
chart_figure(char *buf, size_t size, double v, bool approx, double fine_below)
{
	display_number(buf, size, v, fine_below > 0 ? fine_below :
	    DISPLAY_FINE_BELOW, DISPLAY_ROUNDED | (approx ? DISPLAY_APPROX : 0));
}

void
chart_format_tick(char *buf, size_t size, double v, double step)
{
	int dec = 0;

	for (double s = step; s < 1 - 1e-9 && dec < 9; s *= 10)
		dec++;
	snprintf(buf, size, "%.*f", dec, v);
}

static size_t
skip_spaces(const char *s, size_t i)
{
	while (s[i] == ' ')
		i++;
	return i;
}

static char *
copy_trimmed(const char *s, size_t n)
{
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return xstrndup(s, n);
}

/* The longest start of s that fits with "…" after it, cut after a
 * character. */
char *
chart_elide(const char *s, double maxw, chart_measure_fn *measure, void *ctx)
{
	size_t best = 0, len = strlen(s);
	bool fits;
	char *t, *out;

	for (size_t i = utf8_next(s, len, 0); i > best;
	    i = utf8_next(s, len, i)) {
		t = xasprintf("%.*s" ELLIPSIS, (int)i, s);
		fits = measure(t, strlen(t), ctx) <= maxw;
		free(t);
		if (!fits)
			break;
		best = i;
	}
	t = copy_trimmed(s, best);
	out = xasprintf("%s" ELLIPSIS, t);
	free(t);
	return out;
}

/* Where to end a line of s no wider than maxw: at the last space, or
 * after the last '/' or '-', that fits; else after as many characters as
 * fit (at least one). */
static size_t
line_break(const char *s, double maxw, chart_measure_fn *measure, void *ctx)
{
	size_t cut = 0, end, len;

	for (size_t i = 0; s[i] != '\0'; i++) {
		if (s[i] == ' ' && i > 0)
			end = i;
		else if (s[i] == '/' || s[i] == '-')
			end = i + 1;
		else
			continue;
		if (measure(s, end, ctx) > maxw)
			break;
		cut = end;
	}
	if (cut > 0)
		return cut;
	len = strlen(s);
	cut = utf8_next(s, len, 0);
	for (size_t i = utf8_next(s, len, cut); i > cut &&
	    measure(s, i, ctx) <= maxw; i = utf8_next(s, len, i))
		cut = i;
	return cut;
}

int
chart_wrap(const char *label, double maxw, int maxlines,
    chart_measure_fn *measure, void *ctx, char **lines)
{
	const char *p = label + skip_spaces(label, 0);
	size_t cut;
	int n = 0;

	while (*p != '\0' && n < maxlines) {
		if (measure(p, strlen(p), ctx) <= maxw) {
			lines[n++] = copy_trimmed(p, strlen(p));
			break;
		}
		if (n == maxlines - 1) {
			lines[n++] = chart_elide(p, maxw, measure, ctx);
			break;
		}
		cut = line_break(p, maxw, measure, ctx);
		lines[n++] = copy_trimmed(p, cut);
		p += skip_spaces(p, cut);
	}
	return n;
}

/* s made valid UTF-8 without the spaces around it, or NULL when that
 * leaves nothing. */
char *
chart_clean_trimmed(const char *s)
{
	char *c, *t;

	if (s == NULL)
		return NULL;
	c = chart_drawable_copy(s);
	t = copy_trimmed(c + skip_spaces(c, 0), strlen(c + skip_spaces(c, 0)));
	free(c);
	if (t[0] == '\0') {
		free(t);
		return NULL;
	}
	return t;
}

