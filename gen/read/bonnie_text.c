/* The reader's text part: the tables bonnie++ prints (1.00 - 2.00a) and
 * the bon_csv2txt layout, as printed or as pasted: wrapped by a mail
 * client, with spaces collapsed by a web page. Cells are placed by their
 * columns while bonnie++'s spacing is intact, else by count; what cannot
 * be placed is reported, never guessed. */
#include "read/reader_int.h"
#include "read/units.h"
#include "base/buf.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 6		/* each section has six tests */
#define WIDE_CELL 10	/* " %5d %3d" and " %9s": a blank cell's width */

enum row_status {
	ROW_NONE,	/* not a row of this kind */
	ROW_PARTIAL,	/* a row so far, but cut short (wrapped?) */
	ROW_OK,
	ROW_BAD		/* a row, but its cells cannot be read */
};

struct text_row {
	const struct line *at;	/* where the row starts */
	char *name;		/* NULL when the row has none */
	struct size_field sf;	/* IO rows */
	char *spec;		/* file rows: "16", "20:128:4/200" */
	struct measure m[CELLS];
	bool bad;		/* cells unreadable: reported, marked invalid */
	bool by_count;		/* spacing lost: cells placed by their count */
	bool continued;		/* no name or size: the row's above */
};

/* What a table's header said about how to read its rows. */
struct table {
	bool positional;	/* spacing as bonnie++ printed it */
	bool suffix;		/* 1.98+: k/m/g in throughput cells */
	bool k_sec;		/* "K/sec" titles: not 2.00's print_stat */
	bool original;		/* Tim Bray's bonnie, before bonnie++:
				   "Machine MB K/sec %CPU" (original_row) */
	char *version;
	int concurrency;
	char *file_header_name;	/* 1.9x: the name over the file section */
	/* The IO cells the group titles above name, in order, when a post
	 * cut them down ("-Per Chr- --Block-- -Rewrite- -Per Chr-
	 * --Block--", no seeks): rows of as many pairs are placed by them. */
	int titled[CELLS];
	size_t ntitled;
	int title_lines;	/* lines of titles: a wrap makes two */
	struct text_row *io, *fl;
	size_t nio, capio, nfl, capfl;
};

typedef enum row_status (*row_fn)(const char *, size_t, bool positional,
    const struct table *, struct text_row *, char *why);

#define WHY_LEN 160
#define NO_SECTION ((size_t)-1)

static bool
is_size_tok(const struct tok *t)
{
	struct size_field sf;

	return units_size_field(t->s, t->len, &sf);
}

/* A cell a row may hold: figure, %CP, latency or "+++++". */
static bool
is_value_tok(const struct tok *t)
{
	double v;
	bool approx;
	int cpu;

	return units_rate(t->s, t->len, true, &v, &approx) != CELL_BAD ||
	    units_cpu(t->s, t->len, &cpu) != CELL_BAD ||
	    units_latency(t->s, t->len, &v);
}

static bool
all_values(const struct tok *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_value_tok(&t[i]))
			return false;
	return true;
}

/* A token a wrap may have cut: made of what figures are made of. */
static bool
is_fragment_tok(const struct tok *t)
{
	for (size_t i = 0; i < t->len; i++)
		if (!strchr("0123456789.+kmgus", t->s[i]))
			return false;
	return t->len > 0;
}

/* A row's last token cut by a wrap ("++" of "+++++"): the row is read
 * without it and can at best be partial. */
static bool
cut_last(const struct tok *t, size_t *nt)
{
	if (*nt == 0 || *nt > MAX_TOKS || is_value_tok(&t[*nt - 1]) ||
	    !is_fragment_tok(&t[*nt - 1]))
		return false;
	(*nt)--;
	return true;
}

static enum row_status
at_best_partial(enum row_status st, bool cut)
{
	return cut && st == ROW_OK ? ROW_PARTIAL : st;
}

/* A line that may be the rest of a wrapped row: only characters that
 * figures, "+++++" and latencies are made of. */
static bool
is_fragment(const struct line *l)
{
	bool any = false;

	for (size_t i = 0; i < l->len; i++) {
		char ch = l->text[i];

		if (ch == ' ')
			continue;
		if (!strchr("0123456789.+kmgus", ch))
			return false;
		any = true;
	}
	return any;
}

/* Reads one (rate, cpu) cell pair into m; false if either is bad. */
static bool
read_pair(const struct tok *rate, const struct tok *cpu, bool suffix,
    bool is_seeks, struct measure *m)
{
	enum cell_kind rk, ck;
	bool approx;
	int c = -1;

	rk = units_rate(rate->s, rate->len, suffix && !is_seeks, &m->value,
	    &approx);
	ck = units_cpu(cpu->s, cpu->len, &c);
	if (rk == CELL_BAD || ck == CELL_BAD)
		return false;
	m->state = rk == CELL_TOO_FAST ? VS_TOO_FAST : VS_OK;
	m->approx = approx;
	m->cpu = ck == CELL_VALUE ? c : -1;
	return true;
}

/* Which cells n values fill when bonnie++'s spacing is lost: all six,
 * or (-f) all but the two per-char cells. */
static const int *
cells_by_count(size_t n)
{
	static const int all[CELLS] = {0, 1, 2, 3, 4, 5};
	static const int no_per_char[4] = {1, 2, 4, 5};

	if (n == CELLS)
		return all;
	if (n == 4)
		return no_per_char;
	return NULL;
}

/* Places value pairs into cells by the gaps between them: a blank cell
 * is WIDE_CELL spaces, a written one at most 5 spaces before its figure.
 * Fills cell[] with a cell per pair; returns the number of pairs placed,
 * or -1 when they do not fit. */
static int
cells_by_gap(const struct tok *v, size_t nv, size_t prev_end, int *cell)
{
	int at = 0;

	for (size_t k = 0; k + 1 < nv; k += 2) {
		size_t gap = v[k].col - prev_end;

		if (gap > WIDE_CELL)
			at += (int)((gap - 1) / WIDE_CELL);
		if (at >= CELLS)
			return -1;
		cell[k / 2] = at++;
		prev_end = v[k + 1].col + v[k + 1].len;
	}
	return (int)(nv / 2);
}

static char *
name_before(const char *text, const struct tok *key)
{
	size_t end = (size_t)(key->s - text);

	while (end > 0 && text[end - 1] == ' ')
		end--;
	size_t start = 0;

	while (start < end && text[start] == ' ')
		start++;
	return xstrndup(text + start, end - start);
}

/* Fills r->m from value tokens (rate, cpu pairs) in the given cells.
 * Seeks (IO cell 5) never carry a k/m/g suffix. */
static enum row_status
fill_pairs(const struct tok *v, const int *cell, size_t npairs, bool suffix,
    struct text_row *r, char *why)
{
	for (size_t p = 0; p < npairs; p++) {
		const struct tok *rate = &v[2 * p], *cpu = &v[2 * p + 1];

		if (!read_pair(rate, cpu, suffix, cell[p] == CELLS - 1,
		    &r->m[cell[p]])) {
			snprintf(why, WHY_LEN, "\"%.*s %.*s\" is not a bonnie++ "
			    "figure and %%CP", (int)(rate->len > 20 ? 20 :
			    rate->len), rate->s, (int)(cpu->len > 20 ? 20 :
			    cpu->len), cpu->s);
			return ROW_BAD;
		}
	}
	return ROW_OK;
}

/* The first token after which a key token (size or file spec) is
 * followed by values only; for a damaged row, the key with the most
 * tokens after it. Sets *damaged when the values are not all cells. */
static long
find_key(const struct tok *t, size_t nt, bool (*is_key)(const struct tok *),
    size_t want, bool *damaged)
{
	long best = -1;

	*damaged = false;
	for (size_t k = 0; k < nt; k++) {
		if (!is_key(&t[k]) || !all_values(t + k + 1, nt - k - 1))
			continue;
		/* A name is never only figures: that is a joined row. */
		if (k > 0 && all_values(t, k))
			continue;
		if (nt - k - 1 == want)
			return (long)k;
		if (best < 0 && nt - k - 1 < want)
			best = (long)k;
	}
	if (best >= 0)
		return best;
	/* A damaged row: a key, then about a row's worth of cells of which
	 * one or two are not figures ("659O3"). Prose that starts with a
	 * number does not look like that. */
	for (size_t k = 0; k < nt; k++) {
		size_t after = nt - k - 1, badcells = 0;

		if (!is_key(&t[k]) || (k > 0 && all_values(t, k)) ||
		    after + 4 < want || after > want + 1)
			continue;
		for (size_t m = k + 1; m < nt; m++)
			badcells += !is_value_tok(&t[m]);
		if (badcells <= 2) {
			*damaged = true;
			return (long)k;
		}
	}
	return -1;
}

/* Reads the cells of an IO row whose size token is t[s]. */
static enum row_status
io_cells(const char *text, const struct tok *t, size_t nt, long s,
    bool positional, const struct table *tb, struct text_row *r, char *why)
{
	const struct tok *v = t + s + 1;
	size_t nv = nt - (size_t)s - 1;
	const int *by_count;
	int cell[CELLS], np;

	r->name = name_before(text, &t[s]);
	units_size_field(t[s].s, t[s].len, &r->sf);
	if (nv > 2 * CELLS) {
		snprintf(why, WHY_LEN, "%zu cells after the size", nv);
		return ROW_BAD;
	}
	if (nv % 2 == 1)
		return ROW_PARTIAL;
	by_count = cells_by_count(nv / 2);
	if (nv == 2 * CELLS || (!positional && by_count != NULL)) {
		if (by_count == NULL)
			return ROW_PARTIAL;
		r->by_count = nv < 2 * CELLS;
		return fill_pairs(v, by_count, nv / 2, tb->suffix, r, why);
	}
	if (by_count == NULL && tb->title_lines == 1 && tb->ntitled > 0 &&
	    nv / 2 == tb->ntitled)
		return fill_pairs(v, tb->titled, tb->ntitled, tb->suffix, r,
		    why);
	if (!positional)
		return ROW_PARTIAL;
	np = cells_by_gap(v, nv, t[s].col + t[s].len, cell);
	if (np < 0) {
		snprintf(why, WHY_LEN, "the cells do not fit bonnie++'s columns");
		return ROW_BAD;
	}
	if (np == 0 || cell[np - 1] != CELLS - 1)
		return ROW_PARTIAL;
	return fill_pairs(v, cell, (size_t)np, tb->suffix, r, why);
}

/* A label ending in a bracket that a hand-built table glued to its size
 * ("Raid0 (8 disk)15744M"): the text with a space put back before the
 * size, or NULL. Only a closing bracket marks the cut; "box2G" could be
 * either a name or a name and a size. */
static char *
unglued(const struct tok *t, size_t nt, const char *text)
{
	for (size_t k = 0; k < nt && k < MAX_TOKS; k++)
		for (size_t i = 1; i < t[k].len; i++) {
			struct size_field sf;

			if (strchr(")]}", t[k].s[i - 1]) == NULL ||
			    !isdigit((unsigned char)t[k].s[i]) ||
			    !units_size_field(t[k].s + i, t[k].len - i, &sf))
				continue;
			size_t at = (size_t)(t[k].s + i - text);

			return xasprintf("%.*s %s", (int)at, text, text + at);
		}
	return NULL;
}

/* A %CPU cell of the original bonnie ("61.8"), rounded as bonnie++
 * prints its own; false when it is not one. */
static bool
original_cpu(const struct tok *t, int *cpu)
{
	char num[16], *end;
	double v;

	if (t->len == 0 || t->len >= sizeof num)
		return false;
	memcpy(num, t->s, t->len);
	num[t->len] = '\0';
	v = strtod(num, &end);
	if (*end != '\0' || !(v >= 0 && v <= 1000))
		return false;
	*cpu = (int)(v + 0.5);
	return true;
}

/* The original bonnie's size: MiB, or files times MiB ("1*1024"). */
static bool
original_size(const struct tok *t, long long *mb)
{
	const char *star = memchr(t->s, '*', t->len);
	long long files;

	if (star == NULL)
		return units_integer(t->s, t->len, mb);
	if (!units_integer(t->s, (size_t)(star - t->s), &files) ||
	    !units_integer(star + 1, t->len - (size_t)(star - t->s) - 1, mb) ||
	    files > 1000 || *mb > 1000000000)
		return false;
	*mb *= files;
	return true;
}

/* Whether the tokens of a row are a size and fewer cells than a row
 * holds, all figures, its machine's name maybe before them: a row a
 * mail client cut ("... 1504.4" over "6.4"). */
static bool
original_cut(const struct tok *t, size_t nt)
{
	long long mb;
	double v;

	for (size_t s = 0; s < 2 && s < nt; s++) {
		size_t k = s + 1;

		if (!original_size(&t[s], &mb))
			continue;
		while (k < nt && units_decimal(t[k].s, t[k].len, &v))
			k++;
		if (k == nt && nt - s - 1 < 2 * CELLS)
			return true;
	}
	return false;
}

/* A row of Tim Bray's bonnie ("stan 4096 67903 61.8 ... 676.0 1.5",
 * its machine's name maybe blank, its size maybe "1*1024") as bonnie++
 * 1.0x prints it, the six tests in the same order and K/sec: its size
 * in MiB marked "M", each %CPU rounded. NULL when it is not one, *cut
 * set when it is one cut short (caller frees). */
static char *
original_row(const char *text, size_t len, bool *cut)
{
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(text, len, t), s;
	struct buf b = {0};
	long long mb;
	int cpu;

	*cut = nt <= MAX_TOKS && original_cut(t, nt);
	if (nt < 2 * CELLS + 1 || nt > MAX_TOKS)
		return NULL;
	s = nt - 2 * CELLS - 1;
	if (!original_size(&t[s], &mb))
		return NULL;
	buf_add(&b, text, (size_t)(t[s].s - text));
	buf_printf(&b, "%lldM", mb);
	for (size_t k = s + 1; k < nt; k++) {
		if ((k - s) % 2 == 1) {
			buf_printf(&b, " %.*s", (int)t[k].len, t[k].s);
			continue;
		}
		if (!original_cpu(&t[k], &cpu)) {
			buf_free(&b);
			return NULL;
		}
		buf_printf(&b, " %d", cpu);
	}
	return b.p;
}

static enum row_status
io_row(const char *text, size_t len, bool positional, const struct table *tb,
    struct text_row *r, char *why)
{
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(text, len, t);
	bool cut = cut_last(t, &nt), damaged;
	long s;
	char *fixed;

	if (tb->original) {
		struct table as_bonnie = *tb;
		enum row_status st;
		bool short_row;

		if ((fixed = original_row(text, len, &short_row)) == NULL)
			return short_row ? ROW_PARTIAL : ROW_NONE;
		as_bonnie.original = false;
		st = io_row(fixed, strlen(fixed), false, &as_bonnie, r, why);
		free(fixed);
		return st;
	}

	if (nt <= MAX_TOKS && find_key(t, nt, is_size_tok, 2 * CELLS,
	    &damaged) < 0 && (fixed = unglued(t, nt, text)) != NULL) {
		enum row_status st = io_row(fixed, strlen(fixed), positional,
		    tb, r, why);

		free(fixed);
		return st;
	}
	if (nt > MAX_TOKS || (s = find_key(t, nt, is_size_tok, 2 * CELLS,
	    &damaged)) < 0)
		return ROW_NONE;
	if (damaged) {
		r->name = name_before(text, &t[s]);
		units_size_field(t[s].s, t[s].len, &r->sf);
		snprintf(why, WHY_LEN, "a cell is not a bonnie++ figure");
		return ROW_BAD;
	}
	return at_best_partial(io_cells(text, t, nt, s, positional, tb, r,
	    why), cut);
}

static bool
is_spec_tok(const struct tok *t)
{
	return units_is_files_spec(t->s, t->len);
}

static enum row_status
file_row(const char *text, size_t len, bool positional, const struct table *tb,
    struct text_row *r, char *why)
{
	static const int all[CELLS] = {0, 1, 2, 3, 4, 5};
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(text, len, t), nv;
	bool cut = cut_last(t, &nt), damaged;
	long s;

	(void)positional;
	if (nt > MAX_TOKS || (s = find_key(t, nt, is_spec_tok, 2 * CELLS,
	    &damaged)) < 0)
		return ROW_NONE;
	nv = nt - (size_t)s - 1;
	if (s > 0)
		r->name = name_before(text, &t[s]);
	r->spec = xstrndup(t[s].s, t[s].len);
	if (damaged) {
		snprintf(why, WHY_LEN, "a cell is not a bonnie++ figure");
		return ROW_BAD;
	}
	/* File tests run together: a row has all six cells or is cut. */
	if (nv < 2 * CELLS || cut)
		return ROW_PARTIAL;
	return fill_pairs(t + s + 1, all, CELLS, false, r, why);
}

static enum row_status
latency_row(const char *text, size_t len, bool positional,
    const struct table *tb, struct text_row *r, char *why)
{
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(text, len, t), n;
	const int *by_count;
	int cell[CELLS];

	(void)tb;
	if (nt == 0 || nt > MAX_TOKS || !tok_is(&t[0], "Latency"))
		return ROW_NONE;
	n = nt - 1;
	for (size_t k = 1; k < nt; k++) {
		double us;

		if (!units_latency(t[k].s, t[k].len, &us)) {
			snprintf(why, WHY_LEN, "\"%.*s\" is not a latency",
			    (int)(t[k].len > 20 ? 20 : t[k].len), t[k].s);
			return k + 1 == nt ? ROW_PARTIAL : ROW_BAD;
		}
	}
	if (n > CELLS) {
		snprintf(why, WHY_LEN, "%zu latencies for six cells", n);
		return ROW_BAD;
	}
	by_count = cells_by_count(n);
	if (n == CELLS || (!positional && by_count)) {
		if (by_count == NULL)
			return ROW_PARTIAL;
		r->by_count = n < CELLS;
		memcpy(cell, by_count, n * sizeof *cell);
	} else if (positional) {
		/* "Latency" and 10 spaces, then six right-aligned " %9s". */
		for (size_t k = 0; k < n; k++) {
			size_t end = t[k + 1].col + t[k + 1].len - t[0].col;

			cell[k] = end < 18 ? -1 : (int)((end - 18) / WIDE_CELL);
			if (cell[k] < 0 || cell[k] >= CELLS ||
			    (k > 0 && cell[k] <= cell[k - 1])) {
				snprintf(why, WHY_LEN, "latencies out of "
				    "bonnie++'s columns");
				return ROW_BAD;
			}
		}
		if (n == 0 || cell[n - 1] != CELLS - 1)
			return ROW_PARTIAL;
	} else {
		return ROW_PARTIAL;
	}
	for (size_t k = 0; k < n; k++)
		units_latency(t[k + 1].s, t[k + 1].len,
		    &r->m[cell[k]].latency_us);
	return ROW_OK;
}

/* Makes r an empty row; what it held is not freed (see row_clear). */
static void
row_init(struct text_row *r)
{
	memset(r, 0, sizeof *r);
	r->sf.concurrency = -1;
	for (int i = 0; i < CELLS; i++) {
		r->m[i].cpu = -1;
		r->m[i].latency_us = -1;
	}
}

static void
row_clear(struct text_row *r)
{
	free(r->name);
	free(r->spec);
	row_init(r);
}

static bool
ends_in_space(const char *s, size_t len)
{
	return len > 0 && s[len - 1] == ' ';
}

/* Tries the next line as the rest of a wrapped row, joined with and
 * without a space (a word cut in two); keeps the better reading. */
static bool
join_next(const struct line *next, char **cur, size_t *curlen, row_fn fn,
    const struct table *tb, struct text_row *r, enum row_status *st,
    char *why)
{
	struct text_row ra, rb;
	enum row_status sa, sb;
	char wa[WHY_LEN], wb[WHY_LEN];
	size_t a = 0, clen = *curlen;
	char *ja, *jb;
	bool spaced = ends_in_space(*cur, clen), take_a;

	while (a < next->len && next->text[a] == ' ')
		a++;
	while (clen > 0 && (*cur)[clen - 1] == ' ')
		clen--;
	ja = xasprintf("%.*s %s", (int)clen, *cur, next->text + a);
	jb = xasprintf("%.*s%s", (int)clen, *cur, next->text + a);
	row_init(&ra);
	row_init(&rb);
	sa = fn(ja, strlen(ja), false, tb, &ra, wa);
	sb = spaced ? ROW_NONE : fn(jb, strlen(jb), false, tb, &rb, wb);
	/* Both readings fit: a whole row beats a partial one; between two
	 * whole ones, no space at the cut means a word was cut. */
	if ((sa == ROW_OK || sa == ROW_PARTIAL) &&
	    (sb == ROW_OK || sb == ROW_PARTIAL))
		take_a = sa == ROW_OK && sb != ROW_OK;
	else
		take_a = sa == ROW_OK || sa == ROW_PARTIAL;
	if (!take_a && sb != ROW_OK && sb != ROW_PARTIAL) {
		row_clear(&ra);
		row_clear(&rb);
		free(ja);
		free(jb);
		return false;
	}
	row_clear(r);
	*r = take_a ? ra : rb;
	row_clear(take_a ? &rb : &ra);
	*st = take_a ? sa : sb;
	memcpy(why, take_a ? wa : wb, WHY_LEN);
	free(*cur);
	*cur = take_a ? ja : jb;
	*curlen = strlen(*cur);
	free(take_a ? jb : ja);
	return true;
}

/* Reads a row of kind fn at line j, joining wrapped pieces; returns the
 * lines used (0 if line j is no such row) and reports a row that cannot
 * be read. */
static size_t
read_row(struct reader_ctx *c, size_t j, row_fn fn, const struct table *tb,
    struct text_row *r, enum row_status *st)
{
	const struct line *l = &c->ls->v[j];
	char why[WHY_LEN] = "";
	char *cur = xstrndup(l->text, l->len);
	size_t curlen = l->len, used = 1;

	row_init(r);
	r->at = l;
	*st = fn(cur, curlen, tb->positional, tb, r, why);
	if (*st == ROW_NONE) {
		free(cur);
		row_clear(r);
		return 0;
	}
	while (*st == ROW_PARTIAL && j + used < c->ls->n && used < 4 &&
	    is_fragment(&c->ls->v[j + used]) &&
	    join_next(&c->ls->v[j + used], &cur, &curlen, fn, tb, r, st, why))
		used++;
	r->at = l;
	if (*st == ROW_PARTIAL)
		snprintf(why, WHY_LEN, "%s", tb->positional || used > 1 ?
		    "the row is cut short" : "with spacing lost, its cells "
		    "cannot be placed in bonnie++'s columns");
	if (*st == ROW_OK && r->by_count)
		diags_add(c->diags, MSG_NOTE, c->file, l->no, "spacing lost: "
		    "4 of 6 cells, placed as bonnie++ -f prints them (per-char "
		    "tests not run)");
	if (*st != ROW_OK) {
		diags_add(c->diags, MSG_ERROR, c->file, l->no,
		    "result row not read: %s", why);
		for (int i = 0; i < CELLS; i++) {
			r->m[i].state = VS_INVALID;
			r->m[i].cpu = -1;
		}
		r->bad = true;
	}
	free(cur);
	return used;
}

/* Whether a token, dashes aside, is part of a word of bonnie++'s titles. */
static bool
is_title_piece(const struct tok *t)
{
	static const char *const words[] = {
		"Version", "Sequential", "Output", "Input", "Random", "Create",
		"Seeks", "Per", "Chr", "Block", "Rewrite", "Read", "Delete",
		"K/sec", "%CP", "/sec", "files:max:min", "Size:chnk", "Machine",
		"Concurrency",
	};
	size_t a = 0, b = t->len;
	char piece[32];

	while (a < b && t->s[a] == '-')
		a++;
	while (b > a && t->s[b - 1] == '-')
		b--;
	if (a == b)
		return true;	/* only dashes */
	if (b - a >= sizeof piece)
		return false;
	memcpy(piece, t->s + a, b - a);
	piece[b - a] = '\0';
	for (size_t k = 0; k < sizeof words / sizeof *words; k++)
		if (strstr(words[k], piece))
			return true;
	return false;
}

/* A header line: group titles, column titles and their wrapped pieces,
 * "Version", "Concurrency". Never holds a result. */
static bool
is_header_line(const struct line *l)
{
	static const char *const marks[] = {
		"Sequential Output", "Sequential Create", "-Per Chr-",
		"-Create--", "--Block--", "--Seeks--", "--Random-",
		"Random Create", "Sequential Input", "-Delete--", "--Read---",
	};
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(l->text, l->len, t);
	bool digits = false;

	if (nt >= 2 && nt <= MAX_TOKS && (tok_is(&t[0], "Version") ||
	    tok_is(&t[0], "Concurrency")))
		return true;
	for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
		if (strstr(l->text, marks[i]))
			return true;
	for (size_t i = 0; i < l->len; i++)
		if (isdigit((unsigned char)l->text[i]) || l->text[i] == '+')
			digits = true;
	if (digits || nt == 0 || nt > MAX_TOKS)
		return false;
	if (strstr(l->text, "--") || strstr(l->text, "/sec") ||
	    strstr(l->text, "%CP"))
		return true;
	/* A piece of a title a hard wrap cut off: "CP", "andom-". */
	for (size_t k = 0; k < nt; k++)
		if (!is_title_piece(&t[k]))
			return false;
	return true;
}

/* The first byte of a line's first token, '\0' for none: what the
 * label tests look at before they cut the line into tokens. */
static char
first_byte(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && l->text[i] == ' ')
		i++;
	return i < l->len ? l->text[i] : '\0';
}

/* The IO column titles: 2.00's "Name:Size etc", "Machine Size K/sec",
 * or "Size K/sec" of a table whose machine column was left out (1.02
 * run without -m, or cut by hand: its rows start with the size). */
static bool
is_io_label(const struct line *l, struct table *tb)
{
	struct tok t[MAX_TOKS];
	size_t nt;
	char first = first_byte(l);

	if (first != 'N' && first != 'M' && first != 'S')
		return false;	/* not "Name:Size", "Machine" nor "Size" */
	nt = tokenize(l->text, l->len, t);

	if (nt < 2 || nt > MAX_TOKS)
		return false;
	if (tok_is(&t[0], "Name:Size") && tok_is(&t[1], "etc")) {
		tb->suffix = true;
		tb->positional = nt < 3 ||
		    t[2].col - (t[1].col + t[1].len) >= 2;
		return true;
	}
	if (tok_is(&t[0], "Machine") && (tok_is(&t[1], "Size") ||
	    tok_is(&t[1], "Size:chnk")) && (nt == 2 || tok_is(&t[2], "K/sec"))) {
		tb->suffix = false;
		tb->k_sec = true;
		tb->positional = t[1].col - (t[0].col + t[0].len) >= 2;
		return true;
	}
	/* Tim Bray's bonnie, which bonnie++ grew from: the same six
	 * tests, the size in MiB, %CPU with a decimal */
	if (tok_is(&t[0], "Machine") && nt > 3 && tok_is(&t[1], "MB") &&
	    tok_is(&t[2], "K/sec") && tok_is(&t[3], "%CPU")) {
		tb->suffix = false;
		tb->k_sec = true;
		tb->positional = false;
		tb->original = true;
		return true;
	}
	if ((tok_is(&t[0], "Size") || tok_is(&t[0], "Size:chnk")) &&
	    tok_is(&t[1], "K/sec") && nt > 2 && tok_is(&t[2], "%CP")) {
		tb->suffix = false;
		tb->k_sec = true;
		/* bonnie++ puts two spaces before the seeks' "/sec". */
		tb->positional = strstr(l->text, "%CP  /sec") != NULL;
		return true;
	}
	return false;
}

static bool
is_file_label(const struct line *l)
{
	struct tok t[MAX_TOKS];
	size_t nt;

	if (first_byte(l) != 'f')
		return false;	/* not "files..." */
	nt = tokenize(l->text, l->len, t);

	if (nt < 1 || nt > MAX_TOKS || !(tok_is(&t[0], "files") ||
	    tok_is(&t[0], "files:max") || tok_is(&t[0], "files:max:min")))
		return false;
	for (size_t k = 1; k < nt; k++) {
		/* The last title may be cut by a wrap ("/" of "/sec"). */
		bool cut = k + 1 == nt && t[k].len < 4 &&
		    (strncmp("/sec", t[k].s, t[k].len) == 0 ||
		    strncmp("%CP", t[k].s, t[k].len) == 0);

		if (!tok_is(&t[k], "/sec") && !tok_is(&t[k], "%CP") && !cut)
			return false;
	}
	return true;
}

/* The IO cells a line of group titles names, in order, into
 * tb->titled: the first "-Per Chr-" and "--Block--" are the writes',
 * the second the reads'. */
static void
take_titles(struct table *tb, const char *text)
{
	static const struct {
		const char *title;
		int first, second;
	} titles[] = {{"-Per Chr-", 0, 3}, {"--Block--", 1, 4},
	    {"-Rewrite-", 2, -1}, {"--Seeks--", 5, -1}};
	bool seen[4] = {false};
	size_t n = 0;
	const char *end = text;

	for (const char *p = text; *p && n < CELLS; p++)
		for (size_t k = 0; k < 4; k++) {
			size_t len = strlen(titles[k].title);
			int cell;

			if (strncmp(p, titles[k].title, len) != 0)
				continue;
			cell = seen[k] ? titles[k].second : titles[k].first;
			if (cell < 0)
				return;	/* not bonnie++'s titles */
			seen[k] = true;
			tb->titled[n++] = cell;
			p += len - 1;
			end = p + 1;
			break;
		}
	/* A title cut by a wrap ("--" of "--Seeks--") leaves the line's
	 * titles incomplete: its rows are joined as bonnie++'s. */
	if (strspn(end, " \t") == strlen(end))
		tb->ntitled = n;
}

/* Takes what a header line says: version, concurrency, the IO group
 * titles and the machine name 1.9x prints over the file section. */
static void
take_header(struct table *tb, const struct line *l)
{
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(l->text, l->len, t);
	const char *create = strstr(l->text, "-Create--");
	long long n;

	if (nt >= 2 && nt <= MAX_TOKS && tok_is(&t[0], "Version") &&
	    units_is_version(t[1].s, t[1].len) && tb->version == NULL) {
		tb->version = xstrndup(t[1].s, t[1].len);
		if (strncmp(tb->version, "1.98", 4) >= 0)
			tb->suffix = true;
	}
	if (nt >= 2 && nt <= MAX_TOKS && tok_is(&t[0], "Concurrency") &&
	    units_integer(t[1].s, t[1].len, &n) && n < 100000)
		tb->concurrency = (int)n;
	if (create == NULL && (strstr(l->text, "--Block--") ||
	    strstr(l->text, "-Per Chr-") || strstr(l->text, "-Rewrite-") ||
	    strstr(l->text, "--Seeks--")) && tb->title_lines++ == 0)
		take_titles(tb, l->text);
	if (create != NULL && tb->file_header_name == NULL) {
		struct tok key = {create, 0, 0};
		char *name = name_before(l->text, &key);

		if (name[0] != '\0' && strchr(name, '-') != name)
			tb->file_header_name = name;
		else
			free(name);
	}
}

/* Where the name and size of the IO row at line prev end: the column
 * after its size token, or 0 when it has none. */
static size_t
lead_end(const struct line *prev)
{
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(prev->text, prev->len, t);
	bool damaged;
	long s = nt <= MAX_TOKS ? find_key(t, nt, is_size_tok, 2 * CELLS,
	    &damaged) : -1;

	return s < 0 ? 0 : t[s].col + t[s].len;
}

/* A row bonnie++ never prints but posts do: another iteration's figures
 * under the IO row before it, its name and size left blank
 * ("                     58814  92 276803  47 ..."). Read as that row's
 * name and size with these cells, when it is blank as far as they go
 * and then reads as a whole row; returns the lines used (0 or 1). */
static size_t
read_continued(struct reader_ctx *c, size_t j, const struct table *tb,
    struct text_row *r, enum row_status *st)
{
	const struct line *l = &c->ls->v[j], *prev;
	const struct text_row *above = &tb->io[tb->nio - 1];
	size_t lead;
	char why[WHY_LEN] = "", *text;

	while (above->continued)
		above--;
	prev = above->at;
	lead = prev && !above->bad ? lead_end(prev) : 0;

	if (lead == 0 || l->len <= lead || strspn(l->text, " ") < lead)
		return 0;
	text = xasprintf("%.*s%.*s", (int)lead, prev->text,
	    (int)(l->len - lead), l->text + lead);
	row_init(r);
	*st = io_row(text, strlen(text), tb->positional, tb, r, why);
	free(text);
	if (*st != ROW_OK) {
		if (*st != ROW_NONE)
			diags_add(c->diags, MSG_ERROR, c->file, l->no, "a row "
			    "without a name or size, under a row, that is not "
			    "a whole row: not read");
		row_clear(r);
		return 0;
	}
	r->at = l;
	r->continued = true;
	diags_add(c->diags, MSG_NOTE, c->file, l->no, "a row without a "
	    "name or size: read as another run of the row above it");
	return 1;
}

/* Reads rows of kind fn from line j on, each with its Latency row;
 * returns the index of the first line after them. */
static size_t
read_rows(struct reader_ctx *c, size_t j, row_fn fn, struct table *tb,
    bool io)
{
	struct text_row r, lat;
	enum row_status st;
	size_t used;

	while (j < c->ls->n && is_header_line(&c->ls->v[j]))
		j++;	/* the rest of a wrapped column-title line */
	while (j < c->ls->n && ((used = read_row(c, j, fn, tb, &r,
	    &st)) > 0 || (io && tb->nio > 0 && (used = read_continued(c, j,
	    tb, &r, &st)) > 0))) {
		j += used;
		if (j < c->ls->n && (used = read_row(c, j, latency_row, tb,
		    &lat, &st)) > 0) {
			j += used;
			for (int i = 0; st == ROW_OK && i < CELLS; i++)
				r.m[i].latency_us = lat.m[i].latency_us;
			row_clear(&lat);
		}
		if (io) {
			xgrow((void **)&tb->io, &tb->capio, tb->nio + 1,
			    sizeof *tb->io);
			tb->io[tb->nio++] = r;
		} else {
			xgrow((void **)&tb->fl, &tb->capfl, tb->nfl + 1,
			    sizeof *tb->fl);
			tb->fl[tb->nfl++] = r;
		}
	}
	return j;
}

/* Looks back from a column-title line over the header lines above it. */
static void
read_header_above(struct reader_ctx *c, size_t i, struct table *tb)
{
	for (size_t k = i; k > 0 && i - k < 6; k--) {
		const struct line *l = &c->ls->v[k - 1];

		if (!is_header_line(l))
			break;
		take_header(tb, l);
	}
}

/* After the IO rows: is a file section next (its headers, at most one
 * blank line between)? Returns the line of its column titles, or
 * NO_SECTION. */
static size_t
find_file_section(struct reader_ctx *c, size_t j, struct table *tb)
{
	int blanks = 0;

	for (size_t k = j; k < c->ls->n && k < j + 8; k++) {
		const struct line *l = &c->ls->v[k];

		if (is_file_label(l))
			return k;
		if (l->len == 0 || strspn(l->text, " ") == l->len) {
			if (++blanks > 1)
				return NO_SECTION;
			continue;
		}
		if (!is_header_line(l))
			return NO_SECTION;
		take_header(tb, l);
	}
	return NO_SECTION;
}

static const char *
pick_name(const struct table *tb, const struct text_row *io,
    const struct text_row *fl)
{
	const char *name = io && io->name ? io->name : fl && fl->name ?
	    fl->name : NULL;
	const char *hdr = tb->file_header_name;

	/* The IO row cuts a long name to fit the size beside it, the 1.9x
	 * file header to 19 characters: keep the longer of the two. */
	if (hdr && (name == NULL || (strlen(hdr) > strlen(name) &&
	    strncmp(hdr, name, strlen(name)) == 0)))
		return hdr;
	return name ? name : "";
}

static void
emit_results(struct reader_ctx *c, struct table *tb, long label_line)
{
	size_t n = tb->nio > tb->nfl ? tb->nio : tb->nfl;

	if (tb->nio > 0 && tb->nfl > 0 && tb->nio != tb->nfl)
		diags_add(c->diags, MSG_WARNING, c->file, label_line,
		    "table has %zu IO rows but %zu file rows; paired in order",
		    tb->nio, tb->nfl);
	for (size_t k = 0; k < n; k++) {
		const struct text_row *io = k < tb->nio ? &tb->io[k] : NULL;
		const struct text_row *fl = k < tb->nfl ? &tb->fl[k] : NULL;
		struct result *r;

		/* A result whose every row was unreadable says nothing; its
		 * rows were reported already. */
		if ((io == NULL || io->bad) && (fl == NULL || fl->bad))
			continue;
		r = ctx_new_result(c, io ? io->at : fl->at, FROM_TEXT);

		r->name = xstrdup(pick_name(tb, io, fl));
		if (tb->version)
			r->bonnie_version = xstrdup(tb->version);
		r->concurrency = tb->concurrency;
		if (io && !io->bad) {
			r->size = xstrdup(io->sf.size);
			if (io->sf.chunk[0])
				r->chunk = xstrdup(io->sf.chunk);
			if (io->sf.concurrency >= 0)
				r->concurrency = io->sf.concurrency;
			memcpy(r->m, io->m, sizeof io->m);
		} else if (io) {
			memcpy(r->m, io->m, sizeof io->m);	/* invalid */
		}
		if (fl) {
			r->files = xstrdup(fl->spec);
			memcpy(r->m + M_IO_COUNT, fl->m, sizeof fl->m);
		}
		/* 1.98+ print file-test rates with a format that takes a
		 * double as an int: the figures are garbage, the CSV right.
		 * A table under "K/sec" titles was not printed that way. */
		for (int i = M_IO_COUNT; tb->suffix && !tb->k_sec &&
		    i < M_COUNT; i++)
			if (r->m[i].state == VS_OK)
				r->m[i].state = VS_INVALID;
	}
}

static void
table_free(struct table *tb)
{
	for (size_t k = 0; k < tb->nio; k++)
		row_clear(&tb->io[k]);
	for (size_t k = 0; k < tb->nfl; k++)
		row_clear(&tb->fl[k]);
	free(tb->io);
	free(tb->fl);
	free(tb->version);
	free(tb->file_header_name);
}

size_t
read_text(struct reader_ctx *c, size_t i)
{
	struct table tb = {.concurrency = -1};
	const struct line *l = &c->ls->v[i];
	size_t j = i, flabel;
	bool io = is_io_label(l, &tb);

	if (!io && !is_file_label(l))
		return 0;
	read_header_above(c, i, &tb);
	if (io) {
		j = read_rows(c, i + 1, io_row, &tb, true);
		flabel = find_file_section(c, j, &tb);
	} else {
		flabel = i;
		tb.positional = true;
	}
	if (flabel != NO_SECTION)
		j = read_rows(c, flabel + 1, file_row, &tb, false);
	if (tb.nio == 0 && tb.nfl == 0)
		diags_add(c->diags, MSG_ERROR, c->file, l->no,
		    "bonnie++ column titles without a result row under them");
	emit_results(c, &tb, l->no);
	table_free(&tb);
	return j > i ? j - i : 1;
}

/* Bare rows: the data rows of a table without its header, as people
 * keep them in a reply or a hand-edited comparison, each labelled with
 * the setup it measured. The rule is strict, for such rows have no
 * header to vouch for them: a label that is not a figure, a size
 * ("2G", "1024M", "4G:64k", 1.00's bare MiB only when the text says
 * 1.00), then the six rate and %CP pairs of the IO tests (or "+++++
 * +++"), optionally a file-test spec and its six pairs; whole figures
 * but for the seeks (one decimal) and 1.98+'s k/m/g cells, %CP of at
 * most three digits. A Latency row may follow. */

#define BARE_LOOKBACK 40	/* lines above a row searched for a version */

/* "98", "+++": a %CP cell as bonnie++ prints it. */
static bool
is_bare_cpu(const struct tok *t)
{
	long long v;

	return tok_is(t, "+++") || (t->len <= 3 &&
	    units_integer(t->s, t->len, &v));
}

/* A rate cell printed by bonnie++: whole, the seeks with one decimal,
 * a 1.98+ throughput with its unit letter; *suffixed says which. */
static bool
is_bare_rate(const struct tok *t, bool seeks, bool *suffixed)
{
	size_t n = t->len, dot = 0, dots = 0;
	long long v;

	if (tok_is(t, "+++++"))
		return true;
	if (!seeks && n > 1 && strchr("kmg", t->s[n - 1])) {
		*suffixed = true;
		n--;
	}
	for (size_t i = 0; i < n; i++)
		if (t->s[i] == '.') {
			dot = i;
			dots++;
		}
	if (dots == 0)
		return units_integer(t->s, n, &v);
	if (dots > 1 || dot == 0 || (!seeks && n == t->len) ||
	    (seeks && dot + 2 != n))
		return false;
	return units_integer(t->s, dot, &v) &&
	    units_integer(t->s + dot + 1, n - dot - 1, &v);
}

/* Six (rate, %CP) pairs from t; "+++++" goes with "+++" only. */
static bool
is_bare_pairs(const struct tok *t, bool io, bool *suffixed)
{
	for (int p = 0; p < CELLS; p++) {
		const struct tok *rate = &t[2 * p], *cpu = &t[2 * p + 1];
		bool fast = tok_is(rate, "+++++");

		if (fast != tok_is(cpu, "+++") || !is_bare_cpu(cpu) ||
		    !is_bare_rate(rate, !io || p == CELLS - 1, suffixed))
			return false;
	}
	return true;
}

/* The version at the start of t[from..) ("1.97," of "bonnie++-1.97,"):
 * a copy, or NULL. */
static char *
version_at(const struct tok *t, size_t from)
{
	for (size_t n = 5; n >= 4; n--)
		if (t->len >= from + n && units_is_version(t->s + from, n) &&
		    (t->len == from + n || !isalnum((unsigned char)t->s[from + n])))
			return xstrndup(t->s + from, n);
	return NULL;
}

/* The version a line names ("bonnie++ 1.03", "bonnie++-1.97",
 * "Version 1.03"), or NULL. */
static char *
version_named(const struct line *l)
{
	struct tok t[MAX_TOKS];
	size_t nt = tokenize(l->text, l->len, t);
	char *v = NULL;

	for (size_t j = 0; j < nt && j < MAX_TOKS && v == NULL; j++) {
		const char *at = NULL;
		size_t off;

		for (size_t k = 0; k + 7 <= t[j].len && at == NULL; k++)
			if (memcmp(t[j].s + k, "onnie++", 7) == 0)
				at = t[j].s + k;
		off = at ? (size_t)(at - t[j].s) + 7 : 0;

		if (at && off < t[j].len && t[j].s[off] == '-')
			off++;
		if (at && off < t[j].len)
			v = version_at(&t[j], off);
		else if ((at || tok_is(&t[j], "Version")) && j + 1 < nt &&
		    j + 1 < MAX_TOKS)
			v = version_at(&t[j + 1], 0);
	}
	return v;
}

/* The version the text above line i names, or NULL. */
static char *
version_above(const struct reader_ctx *c, size_t i)
{
	char *v = NULL;

	for (size_t k = i; k > 0 && i - k < BARE_LOOKBACK && v == NULL; k--)
		v = version_named(&c->ls->v[k - 1]);
	return v;
}

/* Where the size token of a bare row stands (the label is up to three
 * tokens before it), or -1 when the line is no bare row; *bare_mb says
 * the size is a bare number, a size only in 1.00. */
static long
bare_row_shape(const struct tok *t, size_t nt, bool *bare_mb, bool *suffixed)
{
	for (size_t s = 1; s <= 3 && s < nt; s++) {
		size_t after = nt - s - 1;
		struct size_field sf;
		long long mb;

		if (after != 2 * CELLS && after != 4 * CELLS + 1)
			continue;
		*bare_mb = !units_size_field(t[s].s, t[s].len, &sf);
		if (*bare_mb && !units_integer(t[s].s, t[s].len, &mb))
			continue;
		*suffixed = false;
		if (!is_bare_pairs(t + s + 1, true, suffixed) ||
		    (after > 2 * CELLS && (!is_spec_tok(&t[s + 2 * CELLS + 1]) ||
		    !is_bare_pairs(t + s + 2 * CELLS + 2, false, suffixed))))
			return -1;
		return (long)s;
	}
	return -1;
}

/* Text a person typed as a name: printable UTF-8, not binary junk. */
static bool
is_printable(const char *s, size_t len)
{
	for (size_t i = 0, n; i < len; i += n) {
		unsigned long cp;

		n = utf8_decode(s + i, len - i, &cp);
		if (n == 0 || cp < 0x20 || cp == 0x7f)
			return false;
	}
	return true;
}

/* A label starts with a name, not a figure, a size or a "Mem:" of
 * free(1). */
static bool
is_bare_label(const struct tok *t)
{
	double v;

	return !is_value_tok(t) && !is_size_tok(t) &&
	    !units_decimal(t->s, t->len, &v) && t->s[t->len - 1] != ':';
}

/* Reads the IO cells of a bare row, text[0..len) with its size token
 * at t[s], into io. 1.00's bare MiB count is read as a size in M and
 * kept as printed. */
static bool
read_bare_io(const char *text, size_t len, const struct tok *t, long s,
    bool bare_mb, const struct table *tb, struct text_row *io)
{
	size_t at = t[s].col + t[s].len;
	char why[WHY_LEN];
	char *row = bare_mb ? xasprintf("%.*sM%.*s", (int)at, text,
	    (int)(len - at), text + at) : NULL;
	bool ok = io_row(row ? row : text, row ? len + 1 : len, false, tb,
	    io, why) == ROW_OK;

	if (ok && bare_mb)
		snprintf(io->sf.size, sizeof io->sf.size, "%.*s",
		    (int)t[s].len, t[s].s);
	free(row);
	return ok;
}

/* Reads the IO part of a bare row, text[0..len) of line l (and the file
 * part, if any) into tb; returns false if it cannot be read after
 * all. */
static bool
read_bare_parts(const struct line *l, const char *text, size_t len,
    const struct tok *t, long s, size_t nt, bool bare_mb, struct table *tb)
{
	const struct tok *last_io = &t[s + 2 * CELLS];
	size_t io_len = last_io->col + last_io->len;
	struct text_row io, fl;
	char why[WHY_LEN];

	row_init(&io);
	io.at = l;
	if (!read_bare_io(text, io_len, t, s, bare_mb, tb, &io)) {
		row_clear(&io);
		return false;
	}
	xgrow((void **)&tb->io, &tb->capio, 1, sizeof *tb->io);
	tb->io[tb->nio++] = io;
	if (nt == (size_t)s + 1 + 2 * CELLS)
		return true;
	row_init(&fl);
	fl.at = l;
	if (file_row(text + io_len, len - io_len, false, tb, &fl,
	    why) != ROW_OK) {
		row_clear(&fl);
		return false;
	}
	xgrow((void **)&tb->fl, &tb->capfl, 1, sizeof *tb->fl);
	tb->fl[tb->nfl++] = fl;
	return true;
}

/* Reads latencies text[0..len) ("Latency 21843us ... 160ms") into the
 * cells of row r; false when they are not a whole Latency row. */
static bool
take_latencies(const char *text, size_t len, const struct table *tb,
    struct text_row *r)
{
	struct text_row lat;
	char why[WHY_LEN];
	bool ok;

	row_init(&lat);
	if ((ok = latency_row(text, len, false, tb, &lat, why) == ROW_OK))
		for (int k = 0; k < CELLS; k++)
			r->m[k].latency_us = lat.m[k].latency_us;
	row_clear(&lat);
	return ok;
}

/* The latencies of the row above, if line j (or the line after it,
 * past one blank line) holds them: bonnie++'s "Latency" row, or a
 * bon_csv2html row copied as text, the machine's name first and the
 * file tests' after a second "Latency" ("box Latency 21843us ... 160ms
 * Latency 24609us ... 339ms"). */
static size_t
read_bare_latency(struct reader_ctx *c, size_t j, const char *name,
    struct table *tb)
{
	size_t skip = j < c->ls->n && c->ls->v[j].len == 0 ? 1 : 0, n = 0;
	const struct line *l;
	const char *p, *second;

	if (j + skip >= c->ls->n)
		return 0;
	l = &c->ls->v[j + skip];
	p = l->text + strspn(l->text, " \t");
	if (name && (n = strlen(name)) > 0 && strncmp(p, name, n) == 0 &&
	    (p[n] == ' ' || p[n] == '\t'))
		p += n + strspn(p + n, " \t");
	else if (first_byte(l) != 'L')
		return 0;
	second = *p ? strstr(p + 1, "Latency") : NULL;
	if (!take_latencies(p, second ? (size_t)(second - p) :
	    strlen(p), tb, &tb->io[0]))
		return 0;
	if (second && tb->nfl > 0)
		take_latencies(second, strlen(second), tb, &tb->fl[0]);
	return 1 + skip;
}

/* bon_csv2html's tables of 1.9x hold the concurrency between the name
 * and the size ("AcharyaX 1 4G 605 98 ..."): the count before the size
 * at t[s], when there is a name before it too; -1 when none. */
static int
bare_concurrency(const struct tok *t, long s, const char *version)
{
	long long n;

	if (s < 2 || (version && strncmp(version, "1.9", 3) < 0) ||
	    !units_integer(t[s - 1].s, t[s - 1].len, &n) || n < 1 || n > 99)
		return -1;
	return (int)n;
}

/* Whether the version the text names (NULL: none) allows a bare row
 * of this shape: a bare MiB size is 1.00's, unit letters 1.98+'s. */
static bool
version_fits(const char *version, bool bare_mb, bool suffixed)
{
	if (bare_mb)
		return version && strncmp(version, "1.00", 4) == 0;
	return !suffixed || !version || strncmp(version, "1.98", 4) >= 0;
}

size_t
read_bare_row(struct reader_ctx *c, size_t i)
{
	const struct line *l = &c->ls->v[i];
	struct table tb = {.concurrency = -1};
	struct tok t[MAX_TOKS];
	size_t nt, used = 1, len = l->len;
	bool suffixed = false, bare_mb = false;
	char *text = NULL, *fixed = NULL;
	const char *src = l->text;
	long s;

	nt = tokenize(src, len, t);
	/* "Raid5 (8 disk)15744M 55881 ...", quoted apart from its header */
	if (nt <= MAX_TOKS && bare_row_shape(t, nt, &bare_mb, &suffixed) < 0 &&
	    (fixed = unglued(t, nt, src)) != NULL) {
		src = fixed;
		len = strlen(fixed);
		nt = tokenize(src, len, t);
	}
	if (nt < 2 * CELLS + 2 || nt > MAX_TOKS || !is_bare_label(&t[0]) ||
	    (s = bare_row_shape(t, nt, &bare_mb, &suffixed)) < 0 ||
	    !is_printable(src, t[s].col) ||
	    !version_fits((tb.version = version_above(c, i)), bare_mb,
	    suffixed)) {
		free(tb.version);
		free(fixed);
		return 0;
	}
	tb.suffix = suffixed || (tb.version &&
	    strncmp(tb.version, "1.98", 4) >= 0);
	/* Without its concurrency the row is a bare row of 1.0x's shape. */
	if ((tb.concurrency = bare_concurrency(t, s, tb.version)) >= 0) {
		text = xasprintf("%.*s%s", (int)t[s - 1].col, src,
		    src + t[s].col);
		nt = tokenize(text, strlen(text), t);
		s--;
	}
	if (read_bare_parts(l, text ? text : src, text ? strlen(text) :
	    len, t, s, nt, bare_mb, &tb)) {
		used += read_bare_latency(c, i + 1, tb.io[0].name, &tb);
		emit_results(c, &tb, l->no);
	} else {
		used = 0;
	}
	free(text);
	free(fixed);
	table_free(&tb);
	return used;
}
