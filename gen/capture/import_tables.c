/* Finding the bonnie++ output in a post: the results the reader finds
 * there, the lines of their tables around them (bonnie++'s words only,
 * mended where a mail client cut them), grouped into configurations,
 * each with its command line, its prose and the line naming its
 * machine. */
#include "capture/import_int.h"
#include "read/lines.h"
#include "read/reader.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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
	    "Block", "Rewrite"};
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

/* A bonnie++ command line, its elided or progress output: kept with
 * the table it made. */
static bool
is_preamble(const char *s)
{
	const char *b = strstr(s, "bonnie++");

	while (*s == ' ')
		s++;
	if (strcmp(s, "[...]") == 0 || strcmp(s, "...") == 0 ||
	    strstr(s, "...done") || strncmp(s, "Using uid:", 10) == 0)
		return true;
	if (b == NULL || (b[8] != '\0' && strncmp(b + 8, " -", 2) != 0))
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

void
post_read(struct post *p, struct diags *d)
{
	struct results raw = {0};

	lines_read(&p->ls, p->buf, p->len, SIDE_ALL);
	reader_read(p->file, p->buf, p->len, NULL, &raw, d);
	p->an = xcalloc(raw.n + 1, sizeof *p->an);
	for (size_t i = 0; i < raw.n; i++) {
		p->an[i].no = raw.v[i].line;
		p->an[i].at = line_at(p, raw.v[i].line);
		p->an[i].name = xstrdup(raw.v[i].name ? raw.v[i].name : "");
	}
	p->nan = raw.n;
	reader_merge(&raw, d);
	p->rs = raw;
}

/* Marks the lines of bonnie++ output around each result. */
static void
mark_tables(struct post *p, bool *in)
{
	for (size_t k = 0; k < p->nan; k++) {
		size_t a = p->an[k].at, i;

		in[a] = true;
		for (i = a; i > 0 && !in[i - 1] &&
		    is_table_line(&p->ls, i - 1); i--)
			in[i - 1] = true;
		for (i = a + 1; i < p->ls.n && !in[i] &&
		    is_table_line(&p->ls, i); i++)
			in[i] = true;
	}
}

static size_t
results_in(const struct post *p, size_t first, size_t last,
    const struct result **one)
{
	size_t n = 0;

	for (size_t i = 0; i < p->rs.n; i++) {
		size_t at = line_at(p, p->rs.v[i].line);

		if (at >= first && at <= last) {
			if (n++ == 0 && one)
				*one = &p->rs.v[i];
		}
	}
	return n;
}

/* Tables with only blank lines between them, at one quote depth, are one
 * configuration: its iterations, or a table and its CSV line. */
static void
group_tables(struct post *p, const bool *in)
{
	size_t i = 0;

	while (i < p->ls.n) {
		size_t s, e, j;
		const struct result *one = NULL;

		if (!in[i]) {
			i++;
			continue;
		}
		s = i;
		for (e = i; ; e = j) {
			while (e + 1 < p->ls.n && in[e + 1])
				e++;
			for (j = e + 1; j < p->ls.n &&
			    line_is_blank(&p->ls.v[j]) && !in[j]; j++)
				;
			if (j >= p->ls.n || !in[j] ||
			    p->ls.v[j].quote != p->ls.v[s].quote)
				break;
		}
		i = e + 1;
		size_t n = results_in(p, s, e, &one);

		for (j = s; j <= e; j++)
			p->kind[j] = n ? L_TABLE : L_SKIP;
		if (n == 0)
			continue;	/* all quoted again: said by the reader */
		xgrow((void **)&p->cf, &p->cfcap, p->ncf + 1,
		    sizeof *p->cf);
		struct config *c = &p->cf[p->ncf++];

		memset(c, 0, sizeof *c);
		c->first = c->table = s;
		c->last = e;
		c->samples = n;
		c->host = one->name;
	}
}

/* Its command line and the prose before it, up to the previous one. */
static void
find_prose(struct post *p)
{
	for (size_t k = 0; k < p->ncf; k++) {
		struct config *c = &p->cf[k];
		size_t i;

		c->region = k ? p->cf[k - 1].last + 1 : 0;
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
	}
}

/* The machine name and the line that shows it whole (the CSV line when
 * the table cut it short). */
static void
find_host(struct post *p, struct config *c)
{
	if (c->host == NULL || *c->host == '\0')
		return;
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

void
post_find_configs(struct post *p)
{
	bool *in = xcalloc(p->ls.n + 1, sizeof *in);

	p->kind = xcalloc(p->ls.n + 1, 1);
	if (p->ls.n > 0) {
		mark_tables(p, in);
		group_tables(p, in);
	}
	free(in);
	find_prose(p);
	for (size_t k = 0; k < p->ncf; k++)
		find_host(p, &p->cf[k]);
}
