/* Finding the bonnie++ output in a post: the results the reader finds
 * there, the lines of their tables around them (bonnie++'s words only,
 * mended where a mail client cut them), grouped into configurations,
 * one per setup, each with its command line, its prose and the line
 * naming its machine; results already taken are left out. */
#include "base/buf.h"
#include "capture/import_int.h"
#include "read/fio_key.h"
#include "read/lines.h"
#include "read/reader.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Which lines are bonnie++ output. A line is when each of its words is
 * one bonnie++ prints (figures, "+++++", the dashed titles, the column
 * labels, CSV fields), perhaps after a machine name; a mail client's cut
 * is mended by joining the words either side of it.
 */
static bool
is_number_word(const char *s, size_t n)
{
	int letters = 0;

	if (!isdigit((unsigned char)s[0]))
		return false;
	for (size_t i = 1; i < n; i++) {
		char c = s[i];

		if (isdigit((unsigned char)c) || strchr(".,:/+", c))
			continue;
		if (strchr("kKmMgGtTusabcde%", c) && ++letters <= 3)
			continue;
		return false;
	}
	return true;
}

static bool
is_table_word(const char *s, size_t n)
{
	static const char *const labels[] = {"Version", "Machine", "Size",
	    "K/sec", "%CP", "/sec", "files", "Files", "Concurrency", "Latency",
	    "Name:Size", "etc", "Chr", "Per", "Num", "Create", "Read",
	    "Delete", "Random", "Sequential", "Output", "Input", "Seeks",
	    "Block", "Rewrite",
	    /* the headers of a table copied off a bon_csv2html page */
	    "Char", "CPU", "%", "M/sec", "Chunk", "Dirs", "Max", "Min",
	    /* the original bonnie's, before bonnie++ */
	    "MB", "%CPU"};
	bool letter = false, comma = false, ok = true;

	if (n == 0)
		return false;
	if (strspn(s, "+") >= n || is_number_word(s, n))
		return true;
	for (size_t i = 0; i < sizeof labels / sizeof *labels; i++)
		if (strlen(labels[i]) == n && memcmp(s, labels[i], n) == 0)
			return true;
	if ((n > 6 && memcmp(s, "files:", 6) == 0) ||
	    (n > 5 && memcmp(s, "Size:", 5) == 0))
		return true;	/* "files:max:min", "Size:chnk" */
	/* dashed titles: "------Sequential", "-Per", "Create--------" */
	if (s[0] == '-' || s[n - 1] == '-') {
		for (size_t i = 0; i < n && ok; i++) {
			letter |= isalpha((unsigned char)s[i]) != 0;
			ok = isalpha((unsigned char)s[i]) || s[i] == '-';
		}
		if (ok && letter)
			return true;
	}
	/* CSV fields, whole or cut by the mail client */
	ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		comma |= s[i] == ',';
		ok = isalnum((unsigned char)s[i]) || strchr("._+,:/%-~", s[i]);
	}
	return ok && comma;
}

#define MAX_WORDS 64

struct words {
	const char *s[MAX_WORDS];
	size_t n[MAX_WORDS];
	size_t count;
};

static void
split_words(const char *s, struct words *w)
{
	w->count = 0;
	while (*s) {
		size_t n;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		n = strcspn(s, " ");
		if (w->count < MAX_WORDS) {
			w->s[w->count] = s;
			w->n[w->count] = n;
		}
		w->count++;
		s += n;
	}
}

/* Whether a + b (a word cut in two) is a table word. */
static bool
joins(const char *a, size_t an, const char *b, size_t bn)
{
	char buf[128];

	if (an + bn >= sizeof buf)
		return false;
	memcpy(buf, a, an);
	memcpy(buf + an, b, bn);
	return is_table_word(buf, an + bn);
}

static bool
is_table_line(const struct lines *ls, size_t i)
{
	const struct line *l = &ls->v[i];
	struct words w, o;
	size_t bad = 0, first_bad = 0;

	split_words(l->text, &w);
	if (w.count == 0 || w.count > MAX_WORDS)
		return false;
	for (size_t k = 0; k < w.count; k++) {
		if (is_table_word(w.s[k], w.n[k]))
			continue;
		if (k == 0 && i > 0 && ls->v[i - 1].len >= WRAP_WIDTH) {
			split_words(ls->v[i - 1].text, &o);
			if (o.count > 0 && o.count <= MAX_WORDS &&
			    joins(o.s[o.count - 1], o.n[o.count - 1], w.s[0],
			    w.n[0]))
				continue;
		}
		if (k == w.count - 1 && l->len >= WRAP_WIDTH &&
		    i + 1 < ls->n) {
			split_words(ls->v[i + 1].text, &o);
			if (o.count > 0 && joins(w.s[k], w.n[k], o.s[0],
			    o.n[0]))
				continue;
		}
		if (bad++ == 0)
			first_bad = k;
	}
	/* a row: the machine name, then figures */
	return bad == 0 || (bad == 1 && first_bad == 0 && w.count >= 4);
}

/* What may stand before "bonnie++" on its command line. */
static bool
is_prompt_word(const char *w, size_t n)
{
	static const char *const wrappers[] = {"sudo", "time", "nice",
	    "ionice", "taskset", "numactl", "exec"};

	if (n == 0 || strchr("%$#>:", w[n - 1]) || w[0] == '-' ||
	    isdigit((unsigned char)w[0]))
		return true;
	for (size_t i = 0; i < sizeof wrappers / sizeof *wrappers; i++)
		if (strlen(wrappers[i]) == n && memcmp(w, wrappers[i], n) == 0)
			return true;
	return false;
}

/* A bonnie++ command line (or the original bonnie's, "# time bonnie
 * -d /vm -s 4096"), its elided or progress output: kept with the table
 * it made. */
static bool
is_preamble(const char *s)
{
	const char *b = strstr(s, "bonnie");
	size_t len = b && strncmp(b + 6, "++", 2) == 0 ? 8 : 6;

	while (*s == ' ')
		s++;
	if (strcmp(s, "[...]") == 0 || strcmp(s, "...") == 0 ||
	    strstr(s, "...done") || strncmp(s, "Using uid:", 10) == 0)
		return true;
	if (b == NULL || (b[len] != '\0' && strncmp(b + len, " -", 2) != 0))
		return false;
	while (s < b) {
		size_t n = strcspn(s, " ");

		if (s + n >= b)
			break;		/* a path: "/usr/sbin/bonnie++" */
		if (!is_prompt_word(s, n))
			return false;
		s += n;
		s += strspn(s, " ");
	}
	return true;
}

/* The clean line a result stands on. */
static size_t
line_at(const struct post *p, long no)
{
	size_t lo = 0, hi = p->ls.n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (p->ls.v[mid].no < no)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->ls.n ? lo : p->ls.n - 1;
}

/* The results of the whole post are read here, merged group by group
 * (post_find_configs): a table and its CSV line stand together, and a
 * copy quoted elsewhere is told by its figures, not the reader's merge. */
void
post_read(struct post *p, struct diags *d)
{
	lines_read(&p->ls, p->buf, p->len, SIDE_ALL);
	reader_read(p->file, p->buf, p->len, NULL, &p->raw, d);
	p->an = xcalloc(p->raw.n + 1, sizeof *p->an);
	for (size_t i = 0; i < p->raw.n; i++) {
		p->an[i].no = p->raw.v[i].line;
		p->an[i].at = line_at(p, p->raw.v[i].line);
		p->an[i].name = xstrdup(p->raw.v[i].name ? p->raw.v[i].name :
		    "");
	}
	p->nan = p->raw.n;
}

/* The line after blank ones from i that begins bonnie++'s file tests
 * ("Version 1.97 ------Sequential Create------"), or 0: printed apart,
 * their rows merge into the results above, which have no row of their
 * own there. */
static size_t
file_tests_after(const struct post *p, size_t i)
{
	while (i < p->ls.n && line_is_blank(&p->ls.v[i]))
		i++;
	return i < p->ls.n && strstr(p->ls.v[i].text, "Sequential Create") &&
	    is_table_line(&p->ls, i) ? i : 0;
}

/* Marks the lines of bonnie++ output around each result. */
static void
mark_tables(struct post *p, bool *in)
{
	for (size_t k = 0; k < p->nan; k++) {
		size_t a = p->an[k].at, i, f;

		in[a] = true;
		for (i = a; i > 0 && !in[i - 1] &&
		    is_table_line(&p->ls, i - 1); i--)
			in[i - 1] = true;
		for (i = a + 1; i < p->ls.n && !in[i]; i++) {
			if (is_table_line(&p->ls, i)) {
				in[i] = true;
				continue;
			}
			/* the file tests' block, its rows named as above
			 * ("can (v2)"); the blank lines before it join the
			 * two as blank lines join two tables of a group */
			if ((f = file_tests_after(p, i)) == 0)
				break;
			for (i = f; i < p->ls.n && !line_is_blank(&p->ls.v[i]);
			    i++)
				in[i] = true;
			break;
		}
	}
}

/*
 * A group of tables (lines s..e) holds results of one or more setups:
 * machine names, sizes, options. Repeated rows of one setup are its
 * samples; each other setup is a configuration of its own, whose lines
 * are the group's headers and its own rows.
 */
struct group {
	size_t s, e;
	size_t r0, nr;		/* its results: p->rs.v[r0 .. r0 + nr) */
	int *setup;		/* of each result, or OWN_NONE: skipped */
	size_t nsetups;
	bool mixed;		/* its results, skipped ones too, are of more
				   than one setup */
	size_t *first;		/* each setup's first result (of p->rs) */
	size_t *raw_k;		/* each result as read (of p->an) */
	int *raw_own;		/* and its setup */
	size_t nraw;
	int *own;		/* of each line s..e */
};

/* A table of more setups than this is imported as one run: each setup
 * is looked for among the others, and given lines of its own. */
#define MAX_SETUPS 1000

#define OWN_SHARED (-1)	/* a header or a blank: every setup's */
#define OWN_NONE (-2)	/* a skipped result's: nobody's */
#define NOT_ANCHOR (-3)

static bool
same_text(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* The same machine name, or names that differ only by a run's number
 * ("default_run1", "default_run2"); a name grep prefixed with its file's
 * ("ra128_run1:ra128_run1", as "grep . *" prints each file's CSV line)
 * half by half. */
static bool
same_machine(const char *a, const char *b)
{
	const char *ca, *cb;
	size_t n;

	if (a == NULL || b == NULL)
		return a == b;
	ca = strchr(a, ':');
	cb = strchr(b, ':');
	if (ca && cb && !strchr(ca + 1, ':') && !strchr(cb + 1, ':')) {
		char *fa = xstrndup(a, (size_t)(ca - a));
		char *fb = xstrndup(b, (size_t)(cb - b));
		bool same = same_machine(fa, fb) &&
		    same_machine(ca + 1, cb + 1);

		free(fa);
		free(fb);
		return same;
	}
	n = iteration_stem(a);
	return n == iteration_stem(b) && strncmp(a, b, n) == 0;
}

/* One setup: the same machine name, size and bonnie++ options. */
static bool
same_setup(const struct result *a, const struct result *b)
{
	return same_machine(a->name, b->name) && same_text(a->size, b->size) &&
	    same_text(a->chunk, b->chunk) && same_text(a->files, b->files) &&
	    (a->concurrency < 0 || b->concurrency < 0 ||
	    a->concurrency == b->concurrency);
}

/* Moves the results read from lines s..e (anchors order[*next..]) into
 * p->rs, merged as the reader merges one file's. */
static void
take_results(struct post *p, struct group *g, const size_t *order,
    size_t *next, struct diags *d)
{
	struct results one = {0};

	g->raw_k = xcalloc(p->nan + 1, sizeof *g->raw_k);
	g->raw_own = xcalloc(p->nan + 1, sizeof *g->raw_own);
	while (*next < p->nan && p->an[order[*next]].at < g->s)
		++*next;	/* none: every result's line is a table's */
	for (; *next < p->nan && p->an[order[*next]].at <= g->e; ++*next) {
		size_t k = order[*next];

		xgrow((void **)&one.v, &one.cap, one.n + 1, sizeof *one.v);
		one.v[one.n++] = p->raw.v[k];
		result_init(&p->raw.v[k]);
		g->raw_k[g->nraw++] = k;
	}
	/* the figures as read, to find each one's result after the merge */
	struct measure (*m)[M_COUNT] = xcalloc(one.n + 1, sizeof *m);
	long *line = xcalloc(one.n + 1, sizeof *line);

	for (size_t i = 0; i < one.n; i++) {
		memcpy(m[i], one.v[i].m, sizeof *m);
		line[i] = one.v[i].line;
	}
	reader_merge(&one, d);
	g->r0 = p->rs.n;
	g->nr = one.n;
	for (size_t i = 0; i < one.n; i++) {
		xgrow((void **)&p->rs.v, &p->rs.cap, p->rs.n + 1,
		    sizeof *p->rs.v);
		p->rs.v[p->rs.n++] = one.v[i];
	}
	free(one.v);
	/* raw_own holds, for now, the result each raw one became */
	for (size_t i = 0; i < g->nraw; i++) {
		int to = OWN_NONE;

		for (size_t r = 0; r < g->nr && to == OWN_NONE; r++)
			if (p->rs.v[g->r0 + r].line == line[i])
				to = (int)r;
		for (size_t r = 0; r < g->nr && to == OWN_NONE; r++)
			if (figures_agree(p->rs.v[g->r0 + r].m, m[i]))
				to = (int)r;
		g->raw_own[i] = to;
	}
	free(m);
	free(line);
}

/* Which results were taken before (earlier in the post, or in RUNS) and
 * which setup each other one is. */
static void
find_setups(struct post *p, struct group *g, struct seen *taken)
{
	g->setup = xcalloc(g->nr + 1, sizeof *g->setup);
	g->first = xcalloc(g->nr + 1, sizeof *g->first);
	for (size_t i = 0; i < g->nr; i++) {
		const struct result *r = &p->rs.v[g->r0 + i];
		size_t k;

		g->setup[i] = OWN_NONE;
		if (seen_has(taken, r->m)) {
			p->quoted++;
			continue;
		}
		if (p->known && seen_has(p->known, r->m)) {
			p->in_runs++;
			continue;
		}
		for (k = 0; k < g->nsetups && g->nsetups < MAX_SETUPS; k++)
			if (same_setup(&p->rs.v[g->first[k]], r))
				break;
		if (g->nsetups == MAX_SETUPS)
			k = 0;
		else if (k == g->nsetups)
			g->first[g->nsetups++] = g->r0 + i;
		g->setup[i] = (int)k;
	}
	/* after the group: iterations of one setup may print equal figures */
	for (size_t i = 0; i < g->nr; i++) {
		seen_add(taken, p->rs.v[g->r0 + i].m);
		g->mixed |= !same_setup(&p->rs.v[g->r0], &p->rs.v[g->r0 + i]);
	}
	for (size_t i = 0; i < g->nraw; i++)
		if (g->raw_own[i] >= 0)
			g->raw_own[i] = g->setup[g->raw_own[i]];
}

static size_t
count_words(const char *s)
{
	struct words w;

	split_words(s, &w);
	return w.count;
}

/* A row of figures, not a header: two figures at least ("Version 1.03"
 * and "Concurrency 1" have one). */
static bool
has_figures(const char *s)
{
	struct words w;
	size_t n = 0;

	split_words(s, &w);
	for (size_t k = 0; k < w.count && k < MAX_WORDS; k++)
		n += is_number_word(w.s[k], w.n[k]) || strspn(w.s[k], "+") ==
		    w.n[k];
	return n >= 2;
}

struct rows {
	int *v;
	size_t n, cap;
};

static void
rows_push(struct rows *r, int owner)
{
	xgrow((void **)&r->v, &r->cap, r->n + 1, sizeof *r->v);
	r->v[r->n++] = owner;
}

/*
 * Whose each line is. A result's row is its setup's, and so are its
 * Latency row and the rest of a row a mail client cut; a row the reader
 * pairs with one above it (bon_csv2txt's file rows, under the IO rows of
 * the same machines) is the setup of the row it pairs with, in order;
 * headers and blanks are everyone's.
 */
static void
find_owners(const struct post *p, struct group *g)
{
	size_t n = g->e - g->s + 1;
	int *anchor = xcalloc(n, sizeof *anchor);
	struct rows prev = {0}, cur = {0};

	g->own = xcalloc(n, sizeof *g->own);
	for (size_t i = 0; i < n; i++)
		anchor[i] = NOT_ANCHOR;
	for (size_t i = g->nraw; i-- > 0; )
		anchor[p->an[g->raw_k[i]].at - g->s] = g->raw_own[i];
	for (size_t i = 0; i < n; i++) {
		const struct line *l = &p->ls.v[g->s + i];
		int o = OWN_SHARED;

		if (anchor[i] != NOT_ANCHOR) {
			o = anchor[i];
			rows_push(&cur, o);
		} else if (line_is_blank(l)) {
			;
		} else if (i > 0 && p->ls.v[g->s + i - 1].len >= WRAP_WIDTH &&
		    g->own[i - 1] != OWN_SHARED && count_words(l->text) < 4) {
			o = g->own[i - 1];
		} else if (!has_figures(l->text)) {
			if (cur.n > 0) {
				free(prev.v);
				prev = cur;
				memset(&cur, 0, sizeof cur);
			}
		} else if (strncmp(l->text, "Latency", 7) == 0) {
			o = cur.n > 0 ? cur.v[cur.n - 1] : OWN_SHARED;
		} else {
			o = cur.n < prev.n ? prev.v[cur.n] : OWN_SHARED;
			rows_push(&cur, o);
		}
		g->own[i] = o;
	}
	free(prev.v);
	free(cur.v);
	free(anchor);
}

/* Line i of the post as posted (clean false) or as read. */
static void
put_line(const struct post *p, size_t i, bool clean, long *last_no,
    struct buf *b)
{
	const struct line *l = &p->ls.v[i];

	if (clean) {
		buf_add(b, l->text, l->len);
		buf_puts(b, "\n");
	} else if (l->no != *last_no && l->no >= 1 && l->no <= p->nlines) {
		buf_add(b, p->buf + p->off[l->no], p->off[l->no + 1] -
		    p->off[l->no]);
		if (b->n == 0 || b->p[b->n - 1] != '\n')
			buf_puts(b, "\n");
	}
	*last_no = l->no;
}

/* Setup k's lines of the group: each block (lines between blanks) it
 * has a row in, without the rows of the others. */
static char *
setup_lines(const struct post *p, const struct group *g, int k, bool clean)
{
	struct buf b = {0};
	long last_no = -1;

	for (size_t bs = g->s; bs <= g->e; ) {
		size_t be = bs;
		bool mine = false;

		while (be + 1 <= g->e && !line_is_blank(&p->ls.v[be + 1]))
			be++;
		for (size_t i = bs; i <= be; i++)
			mine |= g->own[i - g->s] == k;
		if (mine && b.n > 0)
			buf_puts(&b, "\n");
		for (size_t i = bs; mine && i <= be; i++)
			if (g->own[i - g->s] == k ||
			    g->own[i - g->s] == OWN_SHARED)
				put_line(p, i, clean, &last_no, &b);
		for (bs = be + 1; bs <= g->e && line_is_blank(&p->ls.v[bs]);
		    bs++)
			;
	}
	buf_puts(&b, "");
	return buf_take(&b);
}

/* Whether text reads as exactly setup k's results, in order. */
static bool
reads_as(const struct post *p, const struct group *g, int k,
    const char *text)
{
	struct diags quiet = {.quiet = 1};
	struct results rs = {0};
	size_t n = 0;
	bool ok = true;

	reader_read(p->file, text, strlen(text), NULL, &rs, &quiet);
	reader_merge(&rs, &quiet);
	for (size_t i = 0; i < g->nr && ok; i++) {
		const struct result *want = &p->rs.v[g->r0 + i];

		if (g->setup[i] != k)
			continue;
		ok = n < rs.n && figures_agree(rs.v[n].m, want->m) &&
		    same_setup(&rs.v[n], want);
		n++;
	}
	ok = ok && n == rs.n;
	results_free(&rs);
	diags_free(&quiet);
	return ok;
}

/* The lines of setup k, as posted when they read as its results alone,
 * else as read (a web page's line may hold rows of two setups); NULL
 * when neither does. */
static char *
setup_text(const struct post *p, const struct group *g, int k)
{
	for (int clean = 0; clean < 2; clean++) {
		char *text = setup_lines(p, g, k, clean);

		if (reads_as(p, g, k, text))
			return text;
		free(text);
	}
	return NULL;
}

/* What tells setup k from the others of its group (skipped ones too):
 * its name, and its size and options where they differ ("fileserv 4G",
 * "db2 -n 64"). */
static char *
setup_label(const struct post *p, const struct group *g, int k)
{
	const struct result *r = &p->rs.v[g->first[k]];
	bool size = false, files = false;
	struct buf b = {0};

	for (size_t j = 0; j < g->nr; j++) {
		const struct result *o = &p->rs.v[g->r0 + j];

		size |= !same_text(o->size, r->size) ||
		    !same_text(o->chunk, r->chunk);
		files |= !same_text(o->files, r->files);
	}
	buf_puts(&b, r->name ? r->name : "");
	if (size && r->size)
		buf_printf(&b, " %s%s%s", r->size, r->chunk ? ":" : "",
		    r->chunk ? r->chunk : "");
	if (files && r->files)
		buf_printf(&b, " -n %s", r->files);
	buf_puts(&b, "");
	return buf_take(&b);
}

static bool
names_differ(const struct post *p, const struct group *g)
{
	for (size_t j = 1; j < g->nsetups; j++)
		if (!same_text(p->rs.v[g->first[j]].name,
		    p->rs.v[g->first[0]].name))
			return true;
	return false;
}

static struct config *
new_config(struct post *p, const struct group *g)
{
	struct config *c;

	xgrow((void **)&p->cf, &p->cfcap, p->ncf + 1, sizeof *p->cf);
	c = &p->cf[p->ncf++];
	memset(c, 0, sizeof *c);
	c->first = c->table = g->s;
	c->last = g->e;
	return c;
}

/* The line showing setup k's name whole: its row, or its CSV line when
 * the table cut the name short. */
static void
own_host_line(const struct post *p, const struct group *g, int k,
    struct config *c)
{
	for (size_t i = 0; c->host && i < g->nraw; i++) {
		const struct anchor *a = &p->an[g->raw_k[i]];
		const struct line *l = &p->ls.v[a->at];

		if (g->raw_own[i] == k && strcmp(a->name, c->host) == 0) {
			c->host_no = l->no;
			c->host_text = trimmed_copy(l->text, l->len);
			return;
		}
	}
}

/* Whether every name but the shortest of the group's setups is the
 * shortest one extended ("nas", "nas-wc", "nas_ncq"); that name. */
static const char *
common_stem(const struct post *p, const struct group *g)
{
	const char *stem = NULL;

	for (size_t k = 0; k < g->nsetups; k++) {
		const char *n = p->rs.v[g->first[k]].name;

		if (n && (stem == NULL || strlen(n) < strlen(stem)))
			stem = n;
	}
	for (size_t k = 0; stem && *stem && k < g->nsetups; k++) {
		const char *n = p->rs.v[g->first[k]].name;
		size_t len = strlen(stem);

		if (n == NULL || (n != stem && (strncmp(n, stem, len) != 0 ||
		    strchr("-_.+", n[len]) == NULL || n[len] == '\0')))
			return NULL;
	}
	return stem && *stem ? stem : NULL;
}

static bool
all_name_settings(const struct post *p, const struct group *g)
{
	for (size_t k = 0; k < g->nsetups; k++) {
		const char *n = p->rs.v[g->first[k]].name;

		if (n == NULL || !guess_names_setting(p->gs, n))
			return false;
	}
	return true;
}

/* Whether the poster renamed the rows of the group's table to its
 * set-ups, run on one machine, rather than pasting several machines:
 * then the row names are not hosts (run_host would make each its own
 * machine, and the runs never a series). */
static void
mark_renamed(struct post *p, const struct group *g, size_t lead)
{
	const char *stem = common_stem(p, g), *why = NULL;

	if (stem)
		why = "the other row names extend it";
	else if (all_name_settings(p, g))
		why = "every row name names a setting";
	else if (contains_ignoring_case(p->buf, "renamed"))
		why = "the post says the rows were renamed";
	if (why == NULL)
		return;
	for (size_t k = lead; k < p->ncf; k++) {
		p->cf[k].renamed = why;
		p->cf[k].machine = stem;
	}
}

/* Each setup of the group a configuration of its own, when each one's
 * lines read as its results alone; false (nothing made) otherwise. */
static bool
split_setups(struct post *p, const struct group *g)
{
	char **text = xcalloc(g->nsetups, sizeof *text);
	size_t lead = p->ncf;
	bool ok = true;

	for (size_t k = 0; k < g->nsetups && ok; k++)
		ok = (text[k] = setup_text(p, g, (int)k)) != NULL;
	for (size_t k = 0; k < g->nsetups; k++) {
		struct config *c;

		if (!ok) {
			free(text[k]);
			continue;
		}
		c = new_config(p, g);
		c->own_lines = text[k];
		c->label = g->mixed ? setup_label(p, g, (int)k) : NULL;
		c->named = g->nsetups > 1 && names_differ(p, g);
		c->lead = lead;
		c->host = p->rs.v[g->first[k]].name;
		for (size_t i = 0; i < g->nr; i++)
			c->samples += g->setup[i] == (int)k;
		own_host_line(p, g, (int)k, c);
	}
	if (ok && g->nsetups > 1 && names_differ(p, g))
		mark_renamed(p, g, lead);
	free(text);
	return ok;
}

/* The whole group as one configuration, as posted. */
static void
whole_group(struct post *p, struct group *g, size_t skipped_quoted,
    size_t skipped_known)
{
	struct config *c = new_config(p, g);

	/* what could not be told apart is imported with the rest */
	p->quoted = skipped_quoted;
	p->in_runs = skipped_known;
	c->lead = p->ncf - 1;
	c->samples = g->nr;
	c->host = p->rs.v[g->r0].name;
}

static void
group_free(struct group *g)
{
	free(g->setup);
	free(g->first);
	free(g->raw_k);
	free(g->raw_own);
	free(g->own);
}

/* A table a reply broke up goes on in a piece of its own ("> /dev/sdc
 * 15744M ..." under a comment): its rows name set-ups when those of the
 * piece before, at its quote depth, did and its own name one too. */
static void
follow_renamed(struct post *p, size_t from)
{
	const struct config *before;

	if (from == 0 || from >= p->ncf || !p->cf[from - 1].renamed)
		return;
	before = &p->cf[from - 1];
	for (size_t k = from; k < p->ncf; k++) {
		struct config *c = &p->cf[k];

		if (c->renamed || c->host == NULL ||
		    !guess_names_setting(p->gs, c->host) ||
		    p->ls.v[c->table].quote != p->ls.v[before->table].quote)
			continue;
		c->renamed = "the rows of the table it goes on name set-ups";
		c->machine = before->machine;
	}
}

static void
take_group(struct post *p, struct group *g, struct seen *taken,
    struct diags *d)
{
	size_t quoted = p->quoted, in_runs = p->in_runs, from = p->ncf;
	bool all = true;

	find_setups(p, g, taken);
	for (size_t i = 0; i < g->nr; i++)
		all &= g->setup[i] != OWN_NONE;
	for (size_t j = g->s; j <= g->e; j++)
		p->kind[j] = g->nsetups ? L_TABLE : L_SKIP;
	if (g->nsetups == 0)
		return;
	if (g->nsetups == 1 && all) {
		whole_group(p, g, quoted, in_runs);
		follow_renamed(p, from);
		return;
	}
	if (g->nsetups < MAX_SETUPS) {
		find_owners(p, g);
		if (split_setups(p, g))
			return;
	}
	if (g->nsetups > 1)
		diags_add(d, MSG_NOTE, p->file, p->ls.v[g->s].no, "the rows "
		    "of %zu setups in this table could not be told apart; "
		    "imported as one run", g->nsetups);
	whole_group(p, g, quoted, in_runs);
	for (size_t j = g->s; j <= g->e; j++)
		p->kind[j] = L_TABLE;
}

struct anchor_at {
	size_t at, k;
};

static int
cmp_anchor_at(const void *a, const void *b)
{
	const struct anchor_at *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->k < y->k ? -1 : x->k > y->k;
}

/* The results in the order of the lines they stand on (a diff's new
 * side is read after its old one). */
static size_t *
anchors_by_line(const struct post *p)
{
	struct anchor_at *v = xcalloc(p->nan + 1, sizeof *v);
	size_t *order = xcalloc(p->nan + 1, sizeof *order);

	for (size_t k = 0; k < p->nan; k++) {
		v[k].at = p->an[k].at;
		v[k].k = k;
	}
	qsort(v, p->nan, sizeof *v, cmp_anchor_at);
	for (size_t k = 0; k < p->nan; k++)
		order[k] = v[k].k;
	free(v);
	return order;
}

/* Tables with only blank lines between them, at one quote depth, are one
 * group: iterations, a table and its CSV line, the rows of several
 * setups. */
static void
group_tables(struct post *p, const bool *in, struct diags *d)
{
	size_t *order = anchors_by_line(p), next = 0, i = 0;
	struct seen taken;

	seen_init(&taken);
	while (i < p->ls.n) {
		struct group g = {0};
		size_t e, j;

		if (!in[i]) {
			i++;
			continue;
		}
		g.s = i;
		for (e = i; ; e = j) {
			while (e + 1 < p->ls.n && in[e + 1])
				e++;
			for (j = e + 1; j < p->ls.n &&
			    line_is_blank(&p->ls.v[j]) && !in[j]; j++)
				;
			if (j >= p->ls.n || !in[j] ||
			    p->ls.v[j].quote != p->ls.v[g.s].quote)
				break;
		}
		g.e = e;
		i = e + 1;
		take_results(p, &g, order, &next, d);
		take_group(p, &g, &taken, d);
		group_free(&g);
	}
	seen_free(&taken);
	free(order);
}

/* A rule: "-----", "=====", "* * *": three marks at least ("-- " is a
 * signature's). */
static bool
marks_rule(const char *s)
{
	size_t marks = 0;

	if (!rule_line(s))
		return false;
	for (; *s; s++)
		marks += *s != ' ';
	return marks >= 3;
}

/* A line of prose standing alone: blank or no prose on either side. */
static bool
lone_line(const struct post *p, size_t i)
{
	return p->kind[i] == L_PROSE && !line_is_blank(&p->ls.v[i]) &&
	    (i == 0 || p->kind[i - 1] != L_PROSE ||
	    line_is_blank(&p->ls.v[i - 1]));
}

/* Whether clean line i begins a section of the post, and how strongly:
 * a heading, a Markdown one ("### Post by ..."; "# " and no capital is a
 * root prompt, "# /usr/sbin/bonnie++") or a web page's; a rule, a
 * caption over one ("RAID 5" over "=====", a line alone) or one under
 * prose ("=====" under "That is, 56.0 MB/s write", which is the table's
 * above). */
enum section { NO_SECTION, SECTION_RULE, SECTION_HEADING };

static enum section
section_starts(const struct post *p, size_t i)
{
	const char *s = p->ls.v[i].text;
	size_t h;

	if (p->kind[i] != L_PROSE || line_is_blank(&p->ls.v[i]))
		return NO_SECTION;
	s += strspn(s, " ");
	if (p->html)
		return s[0] == '<' && tolower((unsigned char)s[1]) == 'h' &&
		    s[2] != '\0' && strchr("123456rR", s[2]) ?
		    SECTION_HEADING : NO_SECTION;
	h = strspn(s, "#");
	if (h >= 1 && h <= 6 && s[h] == ' ')
		return h > 1 || isupper((unsigned char)s[h + 1]) ?
		    SECTION_HEADING : NO_SECTION;
	if (marks_rule(s))
		return i > 0 && lone_line(p, i - 1) && !marks_rule(p->ls.v[i -
		    1].text) ? NO_SECTION : SECTION_RULE;
	return i + 1 < p->ls.n && p->kind[i + 1] == L_PROSE &&
	    marks_rule(p->ls.v[i + 1].text) && lone_line(p, i) ?
	    SECTION_RULE : NO_SECTION;
}

/* The first line of [from, to) that begins a section at least of kind
 * least, or to. */
static size_t
next_section(const struct post *p, size_t from, size_t to,
    enum section least)
{
	while (from < to && section_starts(p, from) < least)
		from++;
	return from;
}

/* The last line of [from, to) that begins a section, or to. */
static size_t
last_section(const struct post *p, size_t from, size_t to)
{
	for (size_t i = to; i > from; i--)
		if (section_starts(p, i - 1) != NO_SECTION)
			return i - 1;
	return to;
}

/* The prose after the tables of lead's group: from to end. */
static void
set_tail(struct post *p, size_t lead, size_t from, size_t end)
{
	for (size_t j = lead; j < p->ncf && p->cf[j].lead == lead; j++) {
		p->cf[j].tail_from = from;
		p->cf[j].tail_end = end;
	}
}

/* Where a mail's signature begins at or after from: its "-- " line or a
 * PGP signature's armour (what the sender's programs say is no run's),
 * else the post's end. */
static size_t
signature_start(const struct post *p, size_t from)
{
	for (size_t i = from; i < p->ls.n; i++) {
		const char *s = p->ls.v[i].text;

		if (strcmp(s, "-- ") == 0 || strcmp(s, "--") == 0 ||
		    strncmp(s, "-----BEGIN PGP SIGNATURE", 24) == 0)
			return i;
	}
	return p->ls.n;
}

/* Its command line and the prose before it, up to the previous group;
 * when a section begins between the two, the prose up to the first such
 * section is the previous group's (set_tail), and its own begins with
 * the section its table stands in: the sections between, with no table,
 * are a thread's talk, of neither. The setups of one table share them.
 * The prose after the last table is its own only up to a heading (a
 * thread's next post): what ends a post, a rule or a signature after
 * it, is of all its runs ("All three on the same Dell"), and a web
 * page's is its page's; but the last post of a thread, under a heading
 * as the posts before it, is its poster's to its end. */
static void
find_prose(struct post *p)
{
	size_t after = 0, prev = 0;	/* past the tables so far; the lead
					   of the group before */

	for (size_t k = 0; k < p->ncf; k++) {
		struct config *c = &p->cf[k];
		size_t i;

		if (c->lead != k) {
			c->first = p->cf[c->lead].first;
			c->region = p->cf[c->lead].region;
			c->caption = p->cf[c->lead].caption;
			after = c->last + 1 > after ? c->last + 1 : after;
			continue;
		}
		c->region = after;
		if (k > 0) {
			size_t b = next_section(p, after, c->first,
			    SECTION_RULE);

			set_tail(p, prev, after, b < c->first ? b : after);
			if (b < c->first)
				c->region = last_section(p, b, c->first);
		}
		while (c->first > c->region && p->kind[c->first - 1] ==
		    L_PROSE && is_preamble(p->ls.v[c->first - 1].text))
			p->kind[--c->first] = L_PRE;
		/* the caption: the last paragraph before it */
		for (i = c->first; i > c->region &&
		    (p->kind[i - 1] != L_PROSE ||
		    line_is_blank(&p->ls.v[i - 1])); i--)
			;
		while (i > c->region && p->kind[i - 1] == L_PROSE &&
		    !line_is_blank(&p->ls.v[i - 1]))
			i--;
		c->caption = i;
		prev = k;
		after = c->last + 1 > after ? c->last + 1 : after;
	}
	if (p->ncf > 0) {
		size_t b = p->html ? after : next_section(p, after, p->ls.n,
		    SECTION_HEADING);
		/* the last post of a thread ("### Post by X" over it, as
		 * over the posts before): its poster's words to its end */
		bool thread = !p->html && prev > 0 &&
		    p->cf[prev].region < p->ls.n &&
		    section_starts(p, p->cf[prev].region) == SECTION_HEADING;

		set_tail(p, prev, after, b < p->ls.n || thread ? b : after);
		if (b == p->ls.n && !thread && !p->html) {
			p->end_from = after;
			p->end_to = signature_start(p, after);
		}
	}
}

/* The machine name and the line that shows it whole (the CSV line when
 * the table cut it short). */
static void
find_host(struct post *p, struct config *c)
{
	if (c->host == NULL || *c->host == '\0' || c->own_lines)
		return;	/* a setup of a shared table: own_host_line */
	for (size_t k = 0; k < p->nan; k++) {
		if (p->an[k].at < c->table || p->an[k].at > c->last ||
		    strcmp(p->an[k].name, c->host) != 0)
			continue;
		const struct line *l = &p->ls.v[p->an[k].at];

		c->host_no = l->no;
		c->host_text = trimmed_copy(l->text, l->len);
		return;
	}
}

/* ---- fio's output ---- */

/* A line of fio's output as people paste it: its text summary (fio
 * indents every figure under a job's header), its header lines, the
 * command that ran it, a JSON document's lines. */
static bool
is_fio_line(const struct line *l)
{
	/* fio indents its figures; a mail client may have taken that
	 * away ("read : io=...", "slat (usec): ..." flush left). */
	static const char *const starts[] = {
		"fio-", "fio ", "fio: ", "#fio", "# fio", "$ fio", "Starting ",
		"Jobs:", "Run status group", "Disk stats", "All clients",
		"READ:", "WRITE:", "TRIM:", "{", "}", "\"", "[", "]", "--",
		"...", "note: ", "read :", "read:", "write:", "trim:", "slat (",
		"clat (", "lat (", "clat percentiles", "|", "bw (", "iops ",
		"cpu ", "IO depths", "submit ", "complete ", "issued ",
		"latency ",
	};
	const char *s = l->text + strspn(l->text, " \t");

	if (*s == '\0')
		return false;
	if (s != l->text || strstr(s, "(g=") || strstr(s, "(groupid=") ||
	    strstr(s, "): err=") || strstr(s, ": Laying out IO file"))
		return true;
	for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
		if (strncmp(s, starts[k], strlen(starts[k])) == 0)
			return true;
	return false;
}

/* A line that is one option and nothing else ("   bssplit=128k/100",
 * "recordsize=4k"): a caption the poster wrote between two results, no
 * line fio prints, however indented. */
static bool
lone_option(const struct line *l)
{
	const char *s = l->text + strspn(l->text, " \t");
	size_t key = strspn(s, "abcdefghijklmnopqrstuvwxyz_");
	size_t value;

	if (key == 0 || s[key] != '=')
		return false;
	value = strcspn(s + key + 1, " \t");
	return value > 0 && s[key + 1 + value + strspn(s + key + 1 + value,
	    " \t")] == '\0';
}

/* The last line of the fio result starting at clean line s: a JSON
 * document's end, else fio's lines from there on (blank lines inside),
 * up to a lone option the poster put over the next result, never
 * reaching line stop (the next result's). fio_configs stretches it to
 * the last line the reader took. */
static size_t
fio_block_end(const struct post *p, const struct fio_result *r, size_t s,
    size_t stop)
{
	size_t e = s, j;

	if (r->form == FIO_JSON && r->line_end > 0)
		return line_at(p, r->line_end);
	for (j = s + 1; j < stop; j++) {
		if (line_is_blank(&p->ls.v[j]))
			continue;
		if (!is_fio_line(&p->ls.v[j]) || lone_option(&p->ls.v[j]))
			break;
		e = j;
	}
	return e;
}

/* Whether a result has a figure no two runs print alike: a run time or
 * a mean latency. One that kept its IOPS alone ("read: IOPS=36.3k")
 * may show another run's of the post, and is known again there by its
 * text (fio_text_signature); in RUNS, by its figures still (a post
 * imported again). */
static bool
fio_telling(const struct fio_result *r)
{
	for (size_t j = 0; j < r->njobs; j++)
		for (int d = 0; d < FIO_DIRS; d++) {
			const struct fio_side *x = &r->jobs[j].side[d];

			if (x->present && (!isnan(x->runtime_ms) ||
			    !isnan(x->clat.mean) || !isnan(x->lat.mean)))
				return true;
		}
	return false;
}

/* A line that goes on with a command line a mail wrapped ("--bs=4k
 * --numjobs=16 \\"). */
static bool
goes_on_with_options(const struct line *l)
{
	const char *s = l->text + strspn(l->text, " \t");

	return s[0] == '-' && isalpha((unsigned char)s[s[1] == '-' ? 2 : 1]);
}

/* Where the post's words end that stand between the command line that
 * begins a fio block at s and its output ("# fio -name=randrw ...",
 * "// Ubuntu 16.04 / Linux 4.4.0:", "Run status group 0 ..."; or a
 * script, a paragraph on the bisection, then "Fio output (5.10.162):"):
 * the output's first line, or 0 when there are none. *caption is the
 * first line of their last paragraph, the run's caption; the lines
 * before it are prose of the run's, not its table. */
static size_t
inner_caption_end(const struct post *p, size_t s, size_t e, size_t *caption)
{
	size_t j = s + 1;
	bool prose = false;

	*caption = 0;
	if (fio_command_options(p->ls.v[s].text) == NULL)
		return 0;
	while (j <= e && goes_on_with_options(&p->ls.v[j]))
		j++;
	for (; j <= e; j++) {
		const struct line *l = &p->ls.v[j];

		if (line_is_blank(l))
			continue;
		if (p->kind[j] != L_PROSE || is_fio_line(l))
			break;
		if (j == 0 || !prose || line_is_blank(&p->ls.v[j - 1]))
			*caption = j;	/* a paragraph begins */
		prose = true;
	}
	return prose && j <= e && is_fio_line(&p->ls.v[j]) ? j : 0;
}

/* The lines a result was read from, quote marks taken off: what tells
 * a copy of it from another run's of the same figures. */
static char *
fio_text_signature(const struct post *p, const struct fio_result *r)
{
	size_t s = line_at(p, r->line), e = r->line_end > r->line ?
	    line_at(p, r->line_end) : s;
	struct buf b = {0};

	buf_puts(&b, "text");
	for (size_t i = s; i <= e; i++) {
		buf_puts(&b, "\n");
		buf_add(&b, p->ls.v[i].text, p->ls.v[i].len);
	}
	return buf_take(&b);
}

/* A fio result taken before (earlier in the post, or in RUNS): counted
 * as skipped. */
static bool
fio_taken(struct post *p, const struct fio_result *r, struct seen *taken)
{
	char *sig = fio_telling(r) ? fio_signature(r) :
	    fio_text_signature(p, r);

	if (p->known && seen_has_fio(p->known, r)) {
		p->in_runs++;
		free(sig);
		return true;
	}
	if (seen_has_signature(taken, sig)) {
		p->quoted++;
		free(sig);
		return true;
	}
	seen_add_signature(taken, sig);
	return false;
}

/* Each block of fio's output a configuration: results one after the
 * other with only blank lines between them are one (its iterations, or
 * the jobs of one job file run by parts); prose between them makes two.
 * A run fio printed twice (json,normal) is one block, from the first
 * line of either form to the last. */
struct fio_block {
	const struct fio_result *r;
	long line, line_end;
};

static int
cmp_fio_block(const void *x, const void *y)
{
	const struct fio_block *a = x, *b = y;

	return (a->line > b->line) - (a->line < b->line);
}

/* Whether r is a run fio printed again in another form beside the one
 * it repeats (json,normal): one block with it. The same form again (a
 * paste quoted further on) is a block of its own, skipped as a quote. */
static bool
folded(const struct post *p, const struct fio_result *r)
{
	return r->again_of && p->raw.fio.v[r->again_of - 1].form != r->form;
}

/* The results of the post as blocks, a run printed again folded into
 * the one it repeats; how many. */
static size_t
fio_blocks(const struct post *p, struct fio_block *b)
{
	size_t n = 0, *at = xcalloc(p->raw.fio.n + 1, sizeof *at);

	for (size_t k = 0; k < p->raw.fio.n; k++) {
		const struct fio_result *r = &p->raw.fio.v[k];

		if (folded(p, r))
			continue;
		at[k] = n;
		b[n++] = (struct fio_block){r, r->line, r->line_end};
	}
	for (size_t k = 0; k < p->raw.fio.n; k++) {
		const struct fio_result *r = &p->raw.fio.v[k];
		struct fio_block *to;

		if (!folded(p, r))
			continue;
		to = &b[at[r->again_of - 1]];
		if (r->line < to->line)
			to->line = r->line;
		if ((r->line_end > 0 ? r->line_end : r->line) > to->line_end)
			to->line_end = r->line_end > 0 ? r->line_end : r->line;
	}
	free(at);
	qsort(b, n, sizeof *b, cmp_fio_block);
	return n;
}

/* The length of tag t but for its last run of digits ("default-brd."
 * of "default-brd.1.fio", with ".fio" after it compared apart). */
static size_t
tag_stem(const char *t, size_t *tail)
{
	size_t n = strlen(t), end = n;

	while (end > 0 && !isdigit((unsigned char)t[end - 1]))
		end--;
	*tail = end;
	while (end > 0 && isdigit((unsigned char)t[end - 1]))
		end--;
	return end;
}

/* Whether names x and y are one but for a run's number (tag_stem). */
static bool
names_alike(const char *x, const char *y)
{
	size_t tx, ty, sx = tag_stem(x, &tx), sy = tag_stem(y, &ty);

	return sx == sy && strncmp(x, y, sx) == 0 &&
	    strcmp(x + tx, y + ty) == 0;
}

/* Whether two results one after the other are runs of one set-up as
 * their tags tell: none, or one name but for a run's number
 * ("default-brd.1.fio", "default-brd.2.fio"); "(passthru)" and
 * "(block)" are two. */
static bool
tags_alike(const struct fio_result *a, const struct fio_result *b)
{
	if (a == NULL || a->tag == NULL || b->tag == NULL)
		return a == NULL || (a->tag == NULL && b->tag == NULL);
	return names_alike(a->tag, b->tag);
}

/* Whether a job of b runs a workload a job of a runs too, under another
 * name ("test-enc-64kchunk" after "test-none-64kchunk", both rw 64k at
 * depth 64): two set-ups (datasets, devices) measured alike, not one
 * run's iterations, which repeat its jobs' names. */
static bool
renamed_workload(const struct fio_result *a, const struct fio_result *b)
{
	for (size_t i = 0; a && i < a->njobs; i++)
		for (size_t j = 0; j < b->njobs; j++) {
			struct fio_key x, y;

			if (strcmp(a->jobs[i].name, b->jobs[j].name) != 0 &&
			    fio_key_of(&a->jobs[i], FIO_READ, FM_IOPS, &x) &&
			    fio_key_of(&b->jobs[j], FIO_READ, FM_IOPS, &y) &&
			    x.rw != RW_JOB && fio_key_same(&x, &y))
				return true;
		}
	return false;
}

/* Whether b names a job a names, but for a run's number ("iter2" after
 * "iter1"), or either names none: a run's iterations repeat its jobs'
 * names, and a result of other names (a command of its own above it,
 * "-name=4KRandRW -bsrange=1k-16k" after "-name=4K_RandRW -bs=4k") is
 * another run. */
static bool
shares_job_name(const struct fio_result *a, const struct fio_result *b)
{
	if (a == NULL || a->njobs == 0 || b->njobs == 0)
		return true;
	for (size_t i = 0; i < a->njobs; i++)
		for (size_t j = 0; j < b->njobs; j++)
			if (names_alike(a->jobs[i].name, b->jobs[j].name))
				return true;
	return false;
}

static void
fio_configs(struct post *p)
{
	struct fio_block *b = xcalloc(p->raw.fio.n + 1, sizeof *b);
	size_t n = fio_blocks(p, b);
	struct config *c = NULL;
	const struct fio_result *last = NULL;
	struct seen taken;
	size_t last_e = 0;

	seen_init(&taken);
	for (size_t k = 0; k < n; k++) {
		size_t s = line_at(p, b[k].line), stop = k + 1 < n ?
		    line_at(p, b[k + 1].line) : p->ls.n, e, j, inner, caption = 0;
		bool joined = c != NULL && tags_alike(last, b[k].r) &&
		    !renamed_workload(last, b[k].r) &&
		    shares_job_name(last, b[k].r);

		if (stop <= s)
			stop = s + 1;
		e = fio_block_end(p, b[k].r, s, stop);
		/* at least to the last line the reader took (of the run, or
		 * of its other form): a line of the paste's own between its
		 * jobs would leave the jobs after it out of fio.txt */
		if (b[k].line_end > 0 && line_at(p, b[k].line_end) > e &&
		    line_at(p, b[k].line_end) < stop)
			e = line_at(p, b[k].line_end);
		for (j = last_e + 1; joined && j < s; j++)
			joined = line_is_blank(&p->ls.v[j]);
		inner = joined ? 0 : inner_caption_end(p, s, e, &caption);
		for (j = inner ? inner : s; j <= e; j++)
			if (p->kind[j] == L_PROSE)
				p->kind[j] = L_TABLE;
		if (inner)
			p->kind[s] = L_TABLE;
		if (fio_taken(p, b[k].r, &taken)) {
			for (j = s; j <= e; j++)
				p->kind[j] = L_SKIP;
			last_e = e;
			c = NULL;
			continue;
		}
		if (!joined) {
			xgrow((void **)&p->cf, &p->cfcap, p->ncf + 1,
			    sizeof *p->cf);
			c = &p->cf[p->ncf];
			memset(c, 0, sizeof *c);
			c->first = c->table = s;
			c->inner_end = inner;
			c->inner_caption = caption;
			c->fio = true;
			c->tag = b[k].r->tag;
			c->lead = p->ncf++;
		}
		c->last = e;
		c->samples++;
		last_e = e;
		last = b[k].r;
	}
	seen_free(&taken);
	free(b);
}

/* By first line, then as found (the setups of one table share it);
 * region holds the place found while they are ordered. */
static int
cmp_config(const void *x, const void *y)
{
	const struct config *a = x, *b = y;

	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	return (a->region > b->region) - (a->region < b->region);
}

/* The configurations in the order of their lines, each one's lead
 * (the first of its table) following it. */
static void
order_configs(struct post *p)
{
	size_t *was;

	if (p->ncf == 0)
		return;	/* and qsort is not given a null array */
	was = xcalloc(p->ncf, sizeof *was);
	for (size_t k = 0; k < p->ncf; k++)
		p->cf[k].region = k;	/* its place before: for now */
	qsort(p->cf, p->ncf, sizeof *p->cf, cmp_config);
	for (size_t k = 0; k < p->ncf; k++)
		was[p->cf[k].region] = k;
	for (size_t k = 0; k < p->ncf; k++) {
		p->cf[k].lead = was[p->cf[k].lead];
		p->cf[k].region = 0;
	}
	free(was);
}

/* The length of a mail header's name at s ("X-Mailer" of "X-Mailer:
 * ..."), 0 when s is none: printable characters but the colon, then it. */
static size_t
header_name(const char *s)
{
	size_t n = 0;

	while (s[n] > ' ' && s[n] < 127 && s[n] != ':')
		n++;
	return n > 0 && s[n] == ':' ? n : 0;
}

/* Whether s begins with one of the n header names of list, in any
 * case. */
static bool
header_listed(const char *s, const char *const *list, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (strncasecmp(s, list[k], strlen(list[k])) == 0)
			return true;
	return false;
}

/* The headers a mail reader shows (who wrote to whom, when, about what),
 * and those only a mail has: a block of "Name: value" lines is a mail's
 * with one of these, not a post's list of its set-up ("Disks: 4"). */
static const char *const shown_headers[] = {"From:", "To:", "Cc:",
    "Date:", "Subject:"};
/* Of them, those that list people and mailing lists. */
static const char *const address_headers[] = {"From:", "To:", "Cc:",
    "Reply-To:"};
static const char *const mail_headers[] = {"From:", "Received:",
    "Message-ID:", "Return-Path:"};
#define NHEADERS(list) (sizeof list / sizeof *list)

/* A post that begins as a mail (header lines up to the first blank
 * line, one of them only a mail's; an mbox "From " line first) has its
 * headers but those a reader is shown marked L_HEADER: the route it
 * took and the program that sent it ("X-Mailer: Evolution 2.0.4" is no
 * kernel) say nothing of the set-up, and are no notes. */
static void
mark_mail_headers(struct post *p)
{
	size_t i = p->ls.n > 0 && strncmp(p->ls.v[0].text, "From ", 5) == 0,
	    end;
	bool keep = false, mail = false, address = false;

	for (end = i; end < p->ls.n && !line_is_blank(&p->ls.v[end]); end++) {
		const char *s = p->ls.v[end].text;

		if (*s != ' ' && *s != '\t' && header_name(s) == 0)
			return;	/* not a header: no mail */
		mail |= header_listed(s, mail_headers, NHEADERS(mail_headers));
	}
	if (!mail)
		return;
	for (; i < end; i++) {
		const char *s = p->ls.v[i].text;

		if (*s != ' ' && *s != '\t') {
			keep = header_listed(s, shown_headers,
			    NHEADERS(shown_headers));
			address = header_listed(s, address_headers,
			    NHEADERS(address_headers));
		}
		if (!keep)
			p->kind[i] = L_HEADER;
		p->address[i] = address;
	}
	if (p->ls.n > 0 && strncmp(p->ls.v[0].text, "From ", 5) == 0)
		p->kind[0] = L_HEADER;
}

/* A MIME part's boundary ("--+g7M9IMkV8truYOl", the last one ending in
 * "--"): two dashes, then a token of no spaces. */
static bool
mime_boundary(const char *s)
{
	size_t n = strlen(s);

	while (n > 0 && s[n - 1] == ' ')
		n--;
	return n >= 8 && s[0] == '-' && s[1] == '-' && s[2] != '-' &&
	    strcspn(s, " \t") >= n;
}

/* The boundaries of a mail's parts and the headers under each ("Content-
 * Type: text/plain"): the mail's wrapping, no prose of the post. */
static void
mark_mime_parts(struct post *p)
{
	for (size_t i = 0; i + 1 < p->ls.n; i++) {
		const char *s = p->ls.v[i].text;

		if (!mime_boundary(s))
			continue;
		if (strncasecmp(p->ls.v[i + 1].text, "Content-", 8) != 0 &&
		    strcmp(s + strlen(s) - 2, "--") != 0)
			continue;
		p->kind[i] = L_HEADER;
		for (i++; i < p->ls.n && !line_is_blank(&p->ls.v[i]) &&
		    (header_name(p->ls.v[i].text) > 0 ||
		    strchr(" \t", p->ls.v[i].text[0])); i++)
			p->kind[i] = L_HEADER;
	}
}

/* The lines of the hunk whose header is line i ("@@ -70,7 +70,8 @@"),
 * counted as the header says (a missing count is 1): the index of the
 * line after it. A hunk cut short (a mail client's wrap) ends where its
 * lines stop looking like one. */
static long
hunk_count(const char *s)
{
	char *e;

	strtol(s, &e, 10);	/* the first line's number */
	return *e == ',' ? strtol(e + 1, NULL, 10) : 1;
}

static size_t
hunk_end(const struct post *p, size_t i)
{
	const char *s = p->ls.v[i].text, *plus = strstr(s + 4, " +");
	long old = hunk_count(s + 4), new = plus ? hunk_count(plus + 2) : 1;

	for (i++; i < p->ls.n && (old > 0 || new > 0); i++) {
		char c = p->ls.v[i].text[0];

		if (c == '\\')
			continue;	/* "\ No newline at end of file" */
		if (c != ' ' && c != '-' && c != '+' && c != '\0')
			break;
		old -= c != '+';
		new -= c != '-';
	}
	return i;
}

/* The patches a post quotes: from a "diff -" line, or a "--- " line
 * followed by a "+++ " one, through their headers and hunks. Code, not
 * prose: whatever its words say is no run's. */
static void
mark_patches(struct post *p)
{
	for (size_t i = 0; i + 1 < p->ls.n; ) {
		const char *s = p->ls.v[i].text;
		size_t end = i;

		if (!(strncmp(s, "diff -", 6) == 0 || (strncmp(s, "--- ", 4) ==
		    0 && strncmp(p->ls.v[i + 1].text, "+++ ", 4) == 0))) {
			i++;
			continue;
		}
		while (end < p->ls.n) {
			s = p->ls.v[end].text;
			if (lines_diff_header(s))
				end++;
			else if (strncmp(s, "@@ -", 4) == 0)
				end = hunk_end(p, end);
			else
				break;
		}
		for (; i < end; i++)
			if (p->kind[i] == L_PROSE)
				p->kind[i] = L_PATCH;
	}
}

/* Whether s holds a figure with a rate's unit ("700KiB/s", "54.1 MB/s",
 * "174 IOPS") in columns parted by two blanks or a tab: a row of a
 * table of results a poster made by hand. */
static bool
figures_row(const char *s)
{
	static const char *const units[] = {"KiB/s", "MiB/s", "GiB/s", "KB/s",
	    "MB/s", "GB/s", "K/sec", "M/sec", "IOPS"};
	bool columns = false, figure = false;

	for (const char *c = s; *c && !(columns && figure); c++) {
		if (c > s && !isspace((unsigned char)c[-1]) &&
		    (*c == '\t' || (c[0] == ' ' && c[1] == ' ')))
			columns = true;
		if (!isdigit((unsigned char)*c))
			continue;
		const char *u = c + 1 + (c[1] == ' ');

		for (size_t k = 0; k < sizeof units / sizeof *units; k++)
			if (strncasecmp(u, units[k], strlen(units[k])) == 0)
				figure = true;
	}
	return columns && figure;
}

/* The least rows of figures, one under the other, that make a
 * table of results rather than a sentence about one. */
#define SUMMARY_ROWS 3

/* Marks the rows of the hand-made tables of results in the post's
 * prose: "Test  BW  IOPS" over a row per run the post sums up ("bitmap
 * internal 64M  700KiB/s  174", ..., "Single disk 4K  269MiB/s  68.8k").
 * What they name is the runs they sum up, not the run whose prose holds
 * the table. */
static void
mark_summaries(struct post *p)
{
	p->summary_row = xcalloc(p->ls.n + 1, sizeof *p->summary_row);
	for (size_t i = 0; i < p->ls.n; ) {
		size_t end = i;

		while (end < p->ls.n && p->kind[end] == L_PROSE &&
		    figures_row(p->ls.v[end].text))
			end++;
		if (end - i >= SUMMARY_ROWS)
			for (size_t j = i; j < end; j++)
				p->summary_row[j] = true;
		i = end > i ? end : i + 1;
	}
}

void
post_find_configs(struct post *p, struct diags *d)
{
	bool *in = xcalloc(p->ls.n + 1, sizeof *in);

	p->kind = xcalloc(p->ls.n + 1, 1);
	p->address = xcalloc(p->ls.n + 1, sizeof *p->address);
	mark_mail_headers(p);
	mark_mime_parts(p);
	mark_patches(p);
	if (p->ls.n > 0) {
		mark_tables(p, in);
		group_tables(p, in, d);
		fio_configs(p);
		order_configs(p);
	}
	free(in);
	mark_summaries(p);
	find_prose(p);
	for (size_t k = 0; k < p->ncf; k++)
		find_host(p, &p->cf[k]);
}
