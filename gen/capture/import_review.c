/* The review list an import ends with, on standard error: one line per
 * guessed meta value of each run, with the line of the post it was read
 * from and the words there, those resting on weak evidence marked "?",
 * for the person importing to check against the post. Read back from
 * the meta import_meta.c wrote, so that the list says what the files
 * say and nothing else. */
#include "base/buf.h"
#include "base/utf8.h"
#include "capture/import_int.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define REVIEW_COLUMNS 80
#define VALUE_COLUMNS 30	/* a longer value is cut: the meta has it */
#define QUOTE_MIN 16

/* One value of a meta file and the evidence above it. */
struct reviewed {
	const char *key, *value, *quote;
	size_t nkey, nvalue, nquote;
	long line;
	bool weak;
};

/* s[0..n) cut to cols columns, "..." marking what was cut. */
static void
put_cut(struct buf *b, const char *s, size_t n, size_t cols)
{
	size_t keep;

	if (utf8_columns(s, n) <= cols) {
		buf_add(b, s, n);
		return;
	}
	keep = utf8_span(s, n, cols > 3 ? cols - 3 : 0);
	buf_add(b, s, keep);
	buf_puts(b, "...");
}

/* The quoted words: the line of prose, from where the value's first
 * word stands in it when that would be cut away. */
static void
put_quote(struct buf *b, const struct reviewed *e, size_t cols)
{
	size_t w = strcspn(e->value, " \n");
	const char *q = e->quote, *end = e->quote + e->nquote;

	if (w > e->nvalue)
		w = e->nvalue;
	buf_puts(b, "\"");
	for (const char *s = q; w > 0 && s + w <= end; s++) {
		if (strncasecmp(s, e->value, w) != 0)
			continue;
		if (utf8_columns(q, (size_t)(s + w - q)) > cols && cols > 3) {
			buf_puts(b, "...");
			cols -= 3;
			q = s;
		}
		break;
	}
	put_cut(b, q, (size_t)(end - q), cols);
	buf_puts(b, "\"");
}

/* "? 2 scheduler: anticipatory  post.txt:15 "...from anticipatory I"",
 * the place and the words on a line of their own when the value leaves
 * them too little room. */
static void
put_reviewed(struct buf *b, const char *file, size_t run,
    const struct reviewed *e)
{
	size_t start = b->n, used;
	char where[32];

	buf_printf(b, "%c %zu %.*s: ", e->weak ? '?' : ' ', run,
	    (int)e->nkey, e->key);
	put_cut(b, e->value, e->nvalue, VALUE_COLUMNS);
	snprintf(where, sizeof where, ":%ld ", e->line);
	used = utf8_columns(b->p + start, b->n - start) + 2;
	if (used + utf8_columns(file, strlen(file)) + strlen(where) + 2 +
	    QUOTE_MIN > REVIEW_COLUMNS) {
		buf_puts(b, "\n   ");
		used = 3;
	} else {
		buf_puts(b, "  ");
	}
	buf_printf(b, "%s%s", file, where);
	used += utf8_columns(file, strlen(file)) + strlen(where) + 2;
	put_quote(b, e, used < REVIEW_COLUMNS - QUOTE_MIN ?
	    REVIEW_COLUMNS - used : QUOTE_MIN);
	buf_puts(b, "\n");
}

static bool
starts(const char *s, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - s) >= n && memcmp(s, prefix, n) == 0;
}

/* The values of one run's meta, each under the first line of evidence
 * above it; returns how many, and how many of them are weak. */
static size_t
review_run(struct buf *b, const char *file, size_t run, const char *meta,
    size_t *weak)
{
	struct reviewed e = {0};
	size_t n = 0;

	for (const char *s = meta; s && *s; ) {
		const char *nl = strchr(s, '\n'), *end = nl ? nl : s + strlen(s);
		const char *colon = memchr(s, ':', (size_t)(end - s));

		if (starts(s, end, "# from line ") && e.line == 0) {
			e.line = strtol(s + 12, NULL, 10);
			e.quote = colon ? colon + 2 : end;
			e.nquote = e.quote < end ? (size_t)(end - e.quote) : 0;
		} else if (starts(s, end, "# weak")) {
			e.weak = true;
		} else if (*s != '#' && colon && e.line > 0 && colon + 1 < end) {
			e.key = s;
			e.nkey = (size_t)(colon - s);
			e.value = colon + 2;
			e.nvalue = (size_t)(end - e.value);
			put_reviewed(b, file, run, &e);
			*weak += e.weak;
			n++;
			memset(&e, 0, sizeof e);
		}
		s = nl ? nl + 1 : NULL;
	}
	return n;
}

char *
import_review_text(const char *file, const struct import_runs *rs)
{
	struct buf list = {0}, b = {0};
	size_t n = 0, weak = 0;

	for (size_t k = 0; k < rs->n; k++)
		n += review_run(&list, path_base_name(file), k + 1,
		    rs->v[k].meta, &weak);
	if (n == 0) {
		buf_free(&list);
		return NULL;
	}
	buf_printf(&b, "benchsite: %s: %zu %s, %zu weak (?), to check:\n",
	    file, n, n == 1 ? "guess" : "guesses", weak);
	buf_add(&b, list.p, list.n);
	buf_free(&list);
	return buf_take(&b);
}

void
import_review(const char *file, const struct import_runs *rs)
{
	char *text = import_review_text(file, rs);

	if (text)
		fputs(text, stderr);
	free(text);
}
