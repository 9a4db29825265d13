/* The reader's part for tables copied from a bon_csv2html page: what a
 * browser puts on the clipboard (the cells of a row tab-separated, a row
 * a line) or what an editor makes of it (one cell a line), the two-row
 * header flattened. The cells are read as a stream of tokens, so both
 * come out alike.
 *
 * Units: 2.00a's page (header "M/sec") shows block write, rewrite and
 * block read in MiB/s, rounded as (KiB+512)/1024, while per-char stays
 * in K/s under the same wrong label; those three are read back in KiB/s
 * and marked approximate. There "+++++" became 0: a 0 whose %CP is
 * "+++" is read as too fast, never as a measured zero. The 1.0x page
 * (header "K/sec") copies every cell as bonnie++ wrote it. Rows with a
 * blank cell (a test not run) cannot be placed once the blanks are lost
 * and are reported, not guessed. */
#include "read/reader_int.h"
#include "read/units.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_LINES 160	/* lines a header takes, one cell a line */
#define CPU_COLUMNS 12	/* "% CPU" titles: the header's last row */

/* One token of the stream and the line it stands on. */
struct cell {
	struct tok t;
	size_t line;	/* index in the pass's lines */
};

struct stream {
	struct cell *v;
	size_t n, cap, at;
};

/* Which columns the page shows, from its header. */
struct page {
	char version[8];
	bool mib;		/* "M/sec": 2.00a's converted columns */
	bool concurrency, chunk, max_size, min_size, dirs, file_chunk;
};

static void
stream_add_line(struct stream *s, const struct reader_ctx *c, size_t li)
{
	const struct line *l = &c->ls->v[li];
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(l->text, l->len, t);

	for (size_t k = 0; k < nt && k < MAX_TOKS; k++) {
		xgrow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v);
		s->v[s->n].t = t[k];
		s->v[s->n++].line = li;
	}
}

static const struct tok *
peek(const struct stream *s, size_t ahead)
{
	return s->at + ahead < s->n ? &s->v[s->at + ahead].t : NULL;
}

static bool
peek_is(const struct stream *s, size_t ahead, const char *word)
{
	const struct tok *t = peek(s, ahead);

	return t != NULL && tok_is(t, word);
}

/* "Version 2.00a" then "Sequential" without bonnie++'s dashes, on this
 * line or the next: the start of a copied page. */
static bool
is_page_start(const struct reader_ctx *c, size_t i, struct page *p)
{
	const struct line *l = &c->ls->v[i];
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(l->text, l->len, t);

	if (nt < 2 || nt > MAX_TOKS || !tok_is(&t[0], "Version") ||
	    !units_is_version(t[1].s, t[1].len))
		return false;
	snprintf(p->version, sizeof p->version, "%.*s", (int)t[1].len, t[1].s);
	if (nt > 2)
		return tok_is(&t[2], "Sequential");
	if (i + 1 >= c->ls->n)
		return false;
	l = &c->ls->v[i + 1];
	nt = tokenize(l->text, l->len, t);
	return nt >= 1 && nt <= MAX_TOKS && tok_is(&t[0], "Sequential");
}

/* Reads the header's column titles up to the twelfth "CPU"; false if
 * the stream does not hold a whole header. */
static bool
read_page_header(struct stream *s, struct page *p)
{
	int cpus = 0;
	bool files_seen = false;

	for (; s->at < s->n && cpus < CPU_COLUMNS; s->at++) {
		const struct tok *t = peek(s, 0);

		if (tok_is(t, "CPU"))
			cpus++;
		else if (tok_is(t, "M/sec") && cpus == 0)
			p->mib = true;
		else if (tok_is(t, "Concurrency"))
			p->concurrency = true;
		else if (tok_is(t, "Files"))
			files_seen = true;
		else if (tok_is(t, "Chunk") && files_seen)
			p->file_chunk = true;
		else if (tok_is(t, "Chunk"))
			p->chunk = true;
		else if (tok_is(t, "Max"))
			p->max_size = true;
		else if (tok_is(t, "Min"))
			p->min_size = true;
		else if (tok_is(t, "Dirs"))
			p->dirs = true;
	}
	return cpus == CPU_COLUMNS;
}

/* Reads one (rate, %CP) pair of column col into m. */
static bool
read_cell_pair(const struct tok *rate, const struct tok *cpu, int col,
    const struct page *p, struct measure *m)
{
	bool mib = p->mib && (col == M_PUT_BLOCK || col == M_REWRITE ||
	    col == M_GET_BLOCK);
	bool approx;
	enum cell_kind rk = units_rate(rate->s, rate->len, false, &m->value,
	    &approx), ck = units_cpu(cpu->s, cpu->len, &m->cpu);

	if (rk == CELL_BAD || ck == CELL_BAD)
		return false;
	m->state = rk == CELL_TOO_FAST ? VS_TOO_FAST : VS_OK;
	if (mib && m->state == VS_OK && m->value == 0 && ck == CELL_TOO_FAST)
		m->state = VS_TOO_FAST;		/* the page's 0 for "+++++" */
	if (mib && m->state == VS_OK) {
		m->value *= 1024;
		m->approx = true;
	}
	if (ck == CELL_TOO_FAST)
		m->cpu = -1;
	return true;
}

static bool
read_pairs(struct stream *s, int first, const struct page *p,
    struct result *r)
{
	for (int k = 0; k < 6; k++, s->at += 2) {
		const struct tok *rate = peek(s, 0), *cpu = peek(s, 1);

		if (rate == NULL || cpu == NULL ||
		    !read_cell_pair(rate, cpu, first + k, p, &r->m[first + k]))
			return false;
	}
	return true;
}

/* Takes an optional column's token as a string (NULL if absent). */
static char *
take_opt(struct stream *s, bool shown)
{
	const struct tok *t = shown ? peek(s, 0) : NULL;

	if (t == NULL)
		return NULL;
	s->at++;
	return xstrndup(t->s, t->len);
}

/* "16", "16:1024:256/4": the page's Num Files and size columns as
 * bonnie++ writes the spec. */
static char *
files_spec(struct stream *s, const struct page *p)
{
	char *n = take_opt(s, true), *max = take_opt(s, p->max_size),
	    *min = take_opt(s, p->min_size), *dirs = take_opt(s, p->dirs);
	char *spec = xasprintf("%s%s%s%s%s%s%s", n ? n : "", max ? ":" : "",
	    max ? max : "", min ? ":" : "", min ? min : "", dirs ? "/" : "",
	    dirs ? dirs : "");

	free(take_opt(s, p->file_chunk));
	free(n);
	free(max);
	free(min);
	free(dirs);
	return spec;
}

/* The row's name, concurrency, size and chunk; false if no row starts
 * here. */
static bool
read_row_head(struct stream *s, const struct page *p, struct result *r)
{
	size_t size_at = p->concurrency ? 2 : 1;
	const struct tok *size = peek(s, size_at);
	struct size_field sf;
	long long conc;
	char *cs;

	if (size == NULL || !units_size_field(size->s, size->len, &sf))
		return false;
	r->name = take_opt(s, true);
	cs = take_opt(s, p->concurrency);
	if (cs && units_integer(cs, strlen(cs), &conc) && conc < 100000)
		r->concurrency = (int)conc;
	free(cs);
	s->at++;
	r->size = xstrdup(sf.size);
	r->chunk = take_opt(s, p->chunk);
	return true;
}

/* "Latency" and six latencies, twice (IO, then files), after a row of
 * 2.00a's page; nothing is taken unless both groups are whole. */
static void
read_latencies(struct stream *s, struct result *r)
{
	double us[M_COUNT];

	/* A row bonnie++ gave no latencies (its CSV had none): the two
	 * titles alone. */
	if (peek_is(s, 0, "Latency") && peek_is(s, 1, "Latency")) {
		s->at += 2;
		return;
	}
	if (!peek_is(s, 0, "Latency") || !peek_is(s, 7, "Latency"))
		return;
	for (int k = 0; k < M_COUNT; k++) {
		const struct tok *t = peek(s, k < 6 ? 1 + k : 2 + k);

		if (t == NULL || !units_latency(t->s, t->len, &us[k]))
			return;
	}
	for (int k = 0; k < M_COUNT; k++)
		r->m[k].latency_us = us[k];
	s->at += 2 + M_COUNT;
}

/* Reads the row at the stream's position; returns false (the stream
 * where it was) if none starts there, and reports a row it cannot read. */
static bool
read_page_row(struct reader_ctx *c, struct stream *s, const struct page *p)
{
	size_t start = s->at;
	const struct line *l = &c->ls->v[s->v[start].line];
	struct result r;

	result_init(&r);
	if (!read_row_head(s, p, &r)) {
		result_free(&r);
		return false;
	}
	bool ok = read_pairs(s, M_PUTC, p, &r);

	if (ok) {
		r.files = files_spec(s, p);
		ok = read_pairs(s, M_SEQ_CREATE, p, &r);
	}
	if (!ok) {
		diags_add(c->diags, MSG_ERROR, c->file, l->no, "row of a copied "
		    "bon_csv2html table not read: a cell is blank (a test not "
		    "run) or not a figure, and the cells cannot be placed");
		result_free(&r);
		s->at = start;
		return false;
	}
	read_latencies(s, &r);
	struct result *out = ctx_new_result(c, l, FROM_TEXT);
	char *file = out->file;

	r.file = file;
	r.line = out->line;
	r.quote = out->quote;
	r.from = FROM_TEXT;
	r.bonnie_version = xstrdup(p->version);
	*out = r;
	return true;
}

size_t
read_html_copy(struct reader_ctx *c, size_t i)
{
	struct page p = {0};
	struct stream s = {0};
	size_t end = i, rows = 0;

	if (!is_page_start(c, i, &p))
		return 0;
	for (size_t k = i; k < c->ls->n && k < i + HEADER_LINES; k++)
		stream_add_line(&s, c, k);
	if (!read_page_header(&s, &p)) {
		free(s.v);
		return 0;
	}
	/* The rows: the rest of the file, as far as rows are read. */
	for (size_t k = i + HEADER_LINES; k < c->ls->n; k++)
		stream_add_line(&s, c, k);
	while (s.at < s.n && read_page_row(c, &s, &p))
		rows++;
	end = s.at < s.n ? s.v[s.at].line : c->ls->n;
	if (rows == 0)
		diags_add(c->diags, MSG_ERROR, c->file, c->ls->v[i].no,
		    "bon_csv2html table without a row read under it");
	free(s.v);
	return end > i ? end - i : 1;
}
