/* The reader's entry points: the pass over a file's lines, and the merge
 * of text tables with their CSV lines; see reader.h. */
#include "reader_int.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t
tokenize(const char *s, size_t len, struct tok *t)
{
	size_t n = 0, i = 0;

	while (i < len) {
		while (i < len && s[i] == ' ')
			i++;
		if (i == len)
			break;
		size_t start = i;

		while (i < len && s[i] != ' ')
			i++;
		if (n < MAX_TOKS) {
			t[n].s = s + start;
			t[n].len = i - start;
			t[n].col = start;
		}
		n++;
	}
	return n;
}

bool
tok_is(const struct tok *t, const char *word)
{
	return t->len == strlen(word) && memcmp(t->s, word, t->len) == 0;
}

struct result *
ctx_new_result(struct reader_ctx *c, const struct line *l,
    enum result_source from)
{
	struct result *r;

	xgrow((void **)&c->out->v, &c->out->cap, c->out->n + 1,
	    sizeof *c->out->v);
	r = &c->out->v[c->out->n++];
	result_init(r);
	r->file = xstrdup(c->file);
	r->line = l->no;
	r->quote = l->quote;
	r->from = from;
	return r;
}

static void
read_lines(struct reader_ctx *c)
{
	size_t i = 0, used;

	while (i < c->ls->n) {
		if ((used = read_text(c, i)) == 0 && (used = read_csv(c, i)) == 0)
			used = 1;
		i += used;
	}
}

static bool results_agree(const struct result *, const struct result *);

/* Drops results of a diff's new side (from first on) that stand on the
 * same line as an equal result of its old side. */
static void
drop_context_repeats(struct results *out, size_t first)
{
	size_t kept = first;

	for (size_t i = first; i < out->n; i++) {
		bool repeat = false;

		for (size_t k = 0; k < first && !repeat; k++)
			repeat = out->v[k].line == out->v[i].line &&
			    out->v[k].from == out->v[i].from &&
			    results_agree(&out->v[k], &out->v[i]);
		if (repeat)
			result_free(&out->v[i]);
		else
			out->v[kept++] = out->v[i];
	}
	out->n = kept;
}

void
reader_read(const char *file, const char *buf, size_t len,
    struct results *out, struct diags *d)
{
	struct reader_ctx c = {file, NULL, out, d};
	struct lines ls = {0};

	if (!lines_is_diff(buf, len)) {
		lines_read(&ls, buf, len, SIDE_ALL);
		c.ls = &ls;
		read_lines(&c);
		lines_free(&ls);
		return;
	}
	/* A diff of result files: the old file, then the new one, without
	 * what the new side only repeats (the diff's context lines). */
	lines_read(&ls, buf, len, SIDE_OLD);
	c.ls = &ls;
	read_lines(&c);
	lines_free(&ls);
	size_t old_end = out->n;

	lines_read(&ls, buf, len, SIDE_NEW);
	read_lines(&c);
	lines_free(&ls);
	drop_context_repeats(out, old_end);
}

/* Whether two figures may be the same measurement: exact but for the
 * precision a text cell gave (2 significant digits for 2.00's m/g cells,
 * whole numbers for seeks above 1000). */
static bool
values_agree(const struct measure *a, const struct measure *b)
{
	double tol = 0.51;

	if (a->approx || b->approx)
		tol = 0.056 * fmax(a->value, b->value) + 0.51;
	return fabs(a->value - b->value) <= tol;
}

/* Two readings of one run: each state equal (an invalid figure agrees
 * with anything), figures and %CP equal within the text's precision. */
static bool
results_agree(const struct result *a, const struct result *b)
{
	size_t la = strlen(a->name), lb = strlen(b->name);
	int compared = 0;

	if (strncmp(a->name, b->name, la < lb ? la : lb) != 0)
		return false;
	if ((a->size == NULL) != (b->size == NULL) ||
	    (a->size && strcmp(a->size, b->size) != 0))
		return false;
	if (a->has_seed && b->has_seed && a->seed != b->seed)
		return false;
	for (int i = 0; i < M_COUNT; i++) {
		const struct measure *x = &a->m[i], *y = &b->m[i];

		if (x->state == VS_INVALID || y->state == VS_INVALID)
			continue;
		if (x->state != y->state)
			return false;
		if (x->state != VS_NOT_RUN)
			compared++;
		if (x->state == VS_OK && !values_agree(x, y))
			return false;
		if (x->cpu >= 0 && y->cpu >= 0 && x->cpu != y->cpu)
			return false;
	}
	return compared > 0;	/* nothing measured on both: no evidence */
}

static bool
same_if_known(const char *a, const char *b)
{
	return a == NULL || b == NULL || strcmp(a, b) == 0;
}

/* A result quoted again: the same reading as an earlier one (names equal,
 * or one cut short by a table), in a deeper quote or another file. The
 * same figures twice at one quote level may be two iterations. */
static bool
is_repost(const struct result *first, const struct result *again)
{
	bool text = first->from == FROM_TEXT || again->from == FROM_TEXT;

	/* The cheap test first: most pairs are two rows of one file. */
	if (again->quote <= first->quote && strcmp(first->file,
	    again->file) == 0)
		return false;
	if (!results_agree(first, again) ||
	    !same_if_known(first->bonnie_version, again->bonnie_version) ||
	    !same_if_known(first->csv_format, again->csv_format) ||
	    !same_if_known(first->files, again->files) ||
	    (!text && strcmp(first->name, again->name) != 0))
		return false;
	return true;
}

static void
take_string(char **dst, char **src)
{
	if (*dst == NULL && *src != NULL) {
		*dst = *src;
		*src = NULL;
	}
}

/* Makes csv the reading of text's run: the CSV's figures and full name,
 * the text's place in the file and what the CSV lacks (2.00a drops the
 * chunk size; 1.0x CSV has no version). */
static void
merge_into(struct result *text, struct result *csv)
{
	struct result m = *csv;

	m.file = text->file;
	m.line = text->line;
	text->file = NULL;
	m.from = FROM_BOTH;
	take_string(&m.bonnie_version, &text->bonnie_version);
	take_string(&m.chunk, &text->chunk);
	take_string(&m.size, &text->size);
	take_string(&m.files, &text->files);
	if (m.concurrency < 0)
		m.concurrency = text->concurrency;
	free(csv->file);
	result_init(csv);
	result_free(text);
	*text = m;
}

static bool
later_or_elsewhere(const struct result *t, const struct result *c)
{
	return strcmp(t->file, c->file) != 0 || c->line > t->line;
}

static void
pair_text_with_csv(struct results *rs, bool *gone)
{
	for (size_t i = 0; i < rs->n; i++) {
		if (rs->v[i].from != FROM_TEXT)
			continue;
		for (int pass = 0; pass < 2; pass++) {
			size_t k;

			for (k = 0; k < rs->n; k++) {
				const struct result *c = &rs->v[k];

				if (!gone[k] && c->from == FROM_CSV &&
				    (pass == 1 || later_or_elsewhere(&rs->v[i],
				    c)) && results_agree(&rs->v[i], c))
					break;
			}
			if (k < rs->n) {
				merge_into(&rs->v[i], &rs->v[k]);
				gone[k] = true;
				break;
			}
		}
	}
}

void
reader_merge(struct results *rs, struct diags *d)
{
	bool *gone = xcalloc(rs->n, sizeof *gone);
	size_t kept = 0;

	pair_text_with_csv(rs, gone);
	for (size_t i = 0; i < rs->n; i++) {
		for (size_t k = 0; k < i && !gone[i]; k++) {
			if (gone[k] || !is_repost(&rs->v[k], &rs->v[i]))
				continue;
			diags_add(d, MSG_NOTE, rs->v[i].file, rs->v[i].line,
			    "same result as %s:%ld (quoted again?); "
			    "reported once", rs->v[k].file, rs->v[k].line);
			gone[i] = true;
		}
	}
	for (size_t i = 0; i < rs->n; i++) {
		if (gone[i])
			result_free(&rs->v[i]);
		else
			rs->v[kept++] = rs->v[i];
	}
	rs->n = kept;
	free(gone);
}

void
results_free(struct results *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		result_free(&rs->v[i]);
	free(rs->v);
	memset(rs, 0, sizeof *rs);
}
