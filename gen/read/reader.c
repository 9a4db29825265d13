/* The reader's entry points: the pass over a file's lines, which hands
 * each line to the format parsers (bonnie_text.c, bonnie_csv.c), and the
 * merge of text tables with their CSV lines; see reader.h. */
#include "read/reader_int.h"
#include "base/xalloc.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void
read_lines(struct reader_ctx *c)
{
	size_t i = 0, used;

	while (i < c->ls->n) {
		if ((used = read_html_copy(c, i)) == 0 &&
		    (used = read_text(c, i)) == 0 &&
		    (used = read_csv(c, i)) == 0 &&
		    (used = read_bare_row(c, i)) == 0)
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

/* Reports the lines lines_read left out for their length. */
static void
report_long_lines(const struct reader_ctx *c, size_t max)
{
	for (size_t i = 0; i < c->ls->n; i++)
		if (c->ls->v[i].too_long)
			diags_add(c->diags, MSG_ERROR, c->file, c->ls->v[i].no,
			    "line longer than %zu bytes; not read", max);
}

/* The same for a file of fio's JSON documents only, from its bytes:
 * lines_read would make a line of each physical line (such a file has
 * no byte order mark and is no quoted-printable mail). */
static void
report_long_physical(const char *file, const char *buf, size_t len,
    size_t max, struct diags *d)
{
	long no = 1;

	if (max == 0 || len <= max)
		return;
	for (size_t start = 0; start < len; no++) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;

		if (end - start > max)
			diags_add(d, MSG_ERROR, file, no, "line longer than %zu "
			    "bytes; not read", max);
		start = end + 1;
	}
}

void
reader_read(const char *file, const char *buf, size_t len,
    const struct limits *lim, struct results *out, struct diags *d)
{
	static const struct limits defaults = LIMITS_DEFAULT;
	struct reader_ctx c = {file, NULL, out, d};
	struct lines ls = {0};
	enum diff_marks marks = MARKS_UNIFIED;
	bool diff;

	if (lim == NULL)
		lim = &defaults;
	/* A file of fio's JSON documents and nothing else holds no
	 * bonnie++ output (and no diff): its lines are not read again. */
	if (fio_detect(buf, len) &&
	    fio_read(file, buf, len, lim, &out->fio, d)) {
		report_long_physical(file, buf, len, lim->line, d);
		return;
	}
	diff = lines_is_diff(buf, len) ||
	    lines_is_marked_diff(buf, len, &marks);
	ls.max_len = lim->line;
	ls.marks = (int)marks;
	lines_read(&ls, buf, len, diff ? SIDE_OLD : SIDE_ALL);
	c.ls = &ls;
	report_long_lines(&c, lim->line);
	read_lines(&c);
	lines_free(&ls);
	if (!diff)
		return;
	/* A diff of result files: the old file, then the new one, without
	 * what the new side only repeats (the diff's context lines). */
	size_t old_end = out->n;

	ls.max_len = lim->line;
	ls.marks = (int)marks;
	lines_read(&ls, buf, len, SIDE_NEW);
	read_lines(&c);
	lines_free(&ls);
	drop_context_repeats(out, old_end);
}

struct reader_stream {
	char *file;
	size_t max;		/* longest line read; 0 for any */
	struct fio_stream *fio;
	char *room;
	long line;		/* the line being read, its length so far */
	size_t line_len;
	long *long_lines;	/* the lines over max, to say at the end */
	size_t nlong, long_cap;
};

struct reader_stream *
reader_stream_new(const char *file, const struct limits *lim)
{
	static const struct limits defaults = LIMITS_DEFAULT;
	struct reader_stream *s = xcalloc(1, sizeof *s);

	s->file = xstrdup(file);
	s->max = (lim ? lim : &defaults)->line;
	s->fio = fio_stream_new(file);
	s->line = 1;
	return s;
}

char *
reader_stream_room(struct reader_stream *s, size_t *room)
{
	return s->room = fio_stream_room(s->fio, room);
}

static void
line_ends(struct reader_stream *s)
{
	if (s->max > 0 && s->line_len > s->max) {
		xgrow((void **)&s->long_lines, &s->long_cap, s->nlong + 1,
		    sizeof *s->long_lines);
		s->long_lines[s->nlong++] = s->line;
	}
	s->line++;
	s->line_len = 0;
}

bool
reader_stream_take(struct reader_stream *s, size_t n)
{
	/* the lines report_long_physical would report */
	for (size_t at = 0; at < n;) {
		const char *nl = memchr(s->room + at, '\n', n - at);
		size_t end = nl ? (size_t)(nl - s->room) : n;

		s->line_len += end - at;
		if (nl)
			line_ends(s);
		at = end + 1;
	}
	if (n == 0 && s->line_len > 0)
		line_ends(s);
	return fio_stream_take(s->fio, n);
}

bool
reader_stream_end(struct reader_stream *s, struct results *out,
    struct diags *d)
{
	if (!fio_stream_end(s->fio, &out->fio, d))
		return false;
	for (size_t i = 0; i < s->nlong; i++)
		diags_add(d, MSG_ERROR, s->file, s->long_lines[i], "line longer "
		    "than %zu bytes; not read", s->max);
	return true;
}

void
reader_stream_free(struct reader_stream *s)
{
	if (s == NULL)
		return;
	fio_stream_free(s->fio);
	free(s->long_lines);
	free(s->file);
	free(s);
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
	m.csv_line = csv->line;
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

/* The merge compares results pairwise; this many comparisons at most
 * (seconds), so that a file of a hundred thousand results is read in
 * time, only without the merge from where the budget ran out. */
#define MERGE_BUDGET 20000000

struct merge {
	struct results *rs;
	bool *gone;
	size_t *csv;		/* indices of the CSV results */
	size_t ncsv;
	size_t *group;		/* first index of each result's run of results
				   from one file */
	long budget;
	struct diags *d;
};

/* Spends one comparison; false (said once) when none is left. */
static bool
spend(struct merge *m, size_t at)
{
	if (m->budget > 0) {
		m->budget--;
		return true;
	}
	if (m->budget == 0) {
		diags_add(m->d, MSG_WARNING, m->rs->v[at].file,
		    m->rs->v[at].line, "%zu results are too many to compare "
		    "with each other; from here on none is merged with its "
		    "CSV line or dropped as quoted again", m->rs->n);
		m->budget = -1;
	}
	return false;
}

static void
pair_text_with_csv(struct merge *m)
{
	struct results *rs = m->rs;

	for (size_t i = 0; i < rs->n; i++) {
		if (rs->v[i].from != FROM_TEXT)
			continue;
		for (int pass = 0; pass < 2; pass++) {
			size_t j, k = 0;

			for (j = 0; j < m->ncsv; j++) {
				k = m->csv[j];
				if (!spend(m, i))
					return;
				if (!m->gone[k] && (pass == 1 ||
				    later_or_elsewhere(&rs->v[i], &rs->v[k])) &&
				    results_agree(&rs->v[i], &rs->v[k]))
					break;
			}
			if (j < m->ncsv) {
				merge_into(&rs->v[i], &rs->v[k]);
				m->gone[k] = true;
				break;
			}
		}
	}
}

/* Drops results quoted again. Only another file, or a lower quote level
 * of the same one, can hold what a result quotes: results of one file
 * stand side by side, so a result with none quoted less before it in
 * its file is looked up only before its file's. */
static void
drop_reposts(struct merge *m)
{
	struct results *rs = m->rs;
	int lowest = 0;		/* quote level, lowest in i's file before i */

	for (size_t i = 0; i < rs->n; i++) {
		size_t end;

		if (m->group[i] == i)
			lowest = INT_MAX;
		end = lowest < rs->v[i].quote ? i : m->group[i];
		if (rs->v[i].quote < lowest)
			lowest = rs->v[i].quote;
		for (size_t k = 0; k < end && !m->gone[i]; k++) {
			if (!spend(m, i))
				return;
			if (m->gone[k] || !is_repost(&rs->v[k], &rs->v[i]))
				continue;
			diags_add(m->d, MSG_NOTE, rs->v[i].file, rs->v[i].line,
			    "same result as %s:%ld (quoted again?); "
			    "reported once", rs->v[k].file, rs->v[k].line);
			m->gone[i] = true;
		}
	}
}

void
reader_merge(struct results *rs, struct diags *d)
{
	struct merge m = {rs, NULL, NULL, 0, NULL, MERGE_BUDGET, d};
	size_t kept = 0;

	m.gone = xcalloc(rs->n, sizeof *m.gone);
	m.csv = xcalloc(rs->n, sizeof *m.csv);
	m.group = xcalloc(rs->n, sizeof *m.group);
	for (size_t i = 0; i < rs->n; i++) {
		if (rs->v[i].from == FROM_CSV)
			m.csv[m.ncsv++] = i;
		m.group[i] = i > 0 && strcmp(rs->v[i].file,
		    rs->v[i - 1].file) == 0 ? m.group[i - 1] : i;
	}
	pair_text_with_csv(&m);
	drop_reposts(&m);
	fio_count_once(&rs->fio, d);
	for (size_t i = 0; i < rs->n; i++) {
		if (m.gone[i])
			result_free(&rs->v[i]);
		else
			rs->v[kept++] = rs->v[i];
	}
	rs->n = kept;
	free(m.gone);
	free(m.csv);
	free(m.group);
}

/* The string fields of a result. */
#define RESULT_STRINGS(r) { &(r)->file, &(r)->bonnie_version, \
	&(r)->csv_format, &(r)->name, &(r)->size, &(r)->chunk, &(r)->files }

void
results_pool(struct results *rs, struct strpool *pool)
{
	if (rs->pool != NULL)
		return;
	for (size_t i = 0; i < rs->n; i++) {
		char **str[] = RESULT_STRINGS(&rs->v[i]);

		for (size_t k = 0; k < sizeof str / sizeof *str; k++)
			*str[k] = strpool_take(pool, *str[k]);
	}
	if (rs->n == 0) {
		free(rs->v);
		rs->v = NULL;
	} else if (rs->n < rs->cap) {
		rs->v = xrealloc(rs->v, rs->n * sizeof *rs->v);
	}
	rs->cap = rs->n;
	rs->pool = pool;
}

void
results_free(struct results *rs)
{
	for (size_t i = 0; i < rs->n; i++) {
		char **str[] = RESULT_STRINGS(&rs->v[i]);

		if (rs->pool == NULL) {
			result_free(&rs->v[i]);
			continue;
		}
		for (size_t k = 0; k < sizeof str / sizeof *str; k++)
			strpool_release(rs->pool, *str[k]);
	}
	fio_results_free(&rs->fio);
	free(rs->v);
	memset(rs, 0, sizeof *rs);
}
