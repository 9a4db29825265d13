/* The split of one post into configurations (import_split): the post
 * read (import_tables.c finds its tables), the prose before each table
 * cleaned of a web page's markup and guessed from (import_guess.c), and
 * each configuration made a run: its bonnie++ output as posted, its
 * notes, its name and its meta (import_meta.c). Pure: writes nothing. */
#include "base/buf.h"
#include "capture/import_int.h"
#include "read/fio.h"
#include "read/lines.h"
#include "read/reader.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether the post is a web page rather than mail or plain text. */
static bool
looks_like_html(const char *buf)
{
	return contains_ignoring_case(buf, "<br") ||
	    contains_ignoring_case(buf, "<pre") ||
	    contains_ignoring_case(buf, "</p>") ||
	    contains_ignoring_case(buf, "<div");
}

/* The text of a line of a web page, tags taken out ("<b>", "</pre>"),
 * not "<someone@example.org>". In place. */
static void
strip_tags(char *s)
{
	char *o = s;

	while (*s) {
		size_t n = 1;

		if (*s == '<') {
			n += s[n] == '/';
			if (isalpha((unsigned char)s[n])) {
				while (isalnum((unsigned char)s[n]))
					n++;
				if (s[n] == ' ' || s[n] == '/' || s[n] == '>')
					n += strcspn(s + n, ">");
				if (s[n] == '>') {
					s += n + 1;
					continue;
				}
			}
			n = 1;
		}
		*o++ = *s++;
	}
	*o = '\0';
}

/* Entities of web pages the line reader leaves alone; in place (each
 * is longer than its UTF-8). */
static void
decode_entities(char *s)
{
	static const struct {
		const char *name, *utf8;
	} ents[] = {
		{"&raquo;", "\xc2\xbb"}, {"&laquo;", "\xc2\xab"},
		{"&bull;", "\xe2\x80\xa2"}, {"&mdash;", "\xe2\x80\x94"},
		{"&ndash;", "\xe2\x80\x93"}, {"&hellip;", "\xe2\x80\xa6"},
	};
	char *o = s;

	while (*s) {
		size_t k, n = sizeof ents / sizeof *ents;

		for (k = 0; *s == '&' && k < n; k++)
			if (strncmp(s, ents[k].name, strlen(ents[k].name)) == 0)
				break;
		if (*s == '&' && k < n) {
			memcpy(o, ents[k].utf8, strlen(ents[k].utf8));
			o += strlen(ents[k].utf8);
			s += strlen(ents[k].name);
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
}

/* A Markdown fence ("```text"): the line reader keeps its info word. */
static bool
is_fence(const struct post *p, const struct line *l)
{
	const char *s;

	if (l->no < 1 || l->no > p->nlines)
		return false;
	s = p->buf + p->off[l->no];
	s += strspn(s, " \t");
	return strncmp(s, "```", 3) == 0 || strncmp(s, "~~~", 3) == 0;
}

/* Whether t has a command's option: " -x" or " --x" ("fio --rw=write"),
 * not a dash between words ("Unpatched - nvme"). */
static bool
has_command_option(const char *t)
{
	for (const char *p = strstr(t, " -"); p; p = strstr(p + 1, " -"))
		if (isalpha((unsigned char)p[2]) || (p[2] == '-' &&
		    isalpha((unsigned char)p[3])))
			return true;
	return false;
}

/* Where a Markdown heading's words start ("### Baseline fio" gives
 * "Baseline fio"): past one to six '#' and a blank, unless one '#' is a
 * root shell's prompt before a command ("# fio --rw=write"). */
static size_t
heading_words(const char *t)
{
	size_t n = strspn(t, "#");

	if (n == 0 || n > 6 || t[n] != ' ' || (n == 1 && has_command_option(t + n)))
		return 0;
	return n + strspn(t + n, " ");
}

/* A line of prose as text: trimmed, a web page's markup taken out. */
static char *
prose_text(const struct post *p, const struct line *l)
{
	char *t;

	if (is_fence(p, l))
		return xstrdup("");
	t = trimmed_copy(l->text, l->len);

	if (p->html) {
		char *u;

		strip_tags(t);
		decode_entities(t);
		u = trimmed_copy(t, strlen(t));
		free(t);
		t = u;
	}
	return t;
}

/* Lines a shell's line breaks make one command at most. */
#define MAX_JOINED 16

/* Whether line l is a bonnie++ command cut after an option that takes
 * an argument ("bonnie++ -d /mnt/t -s 1024 -m Gaia -x 2 -u"): a mail
 * client wrapped it, and its argument and what follows are on the next
 * line ("antonio -f | bon_csv2txt"). */
static bool
bonnie_cut(const struct line *l)
{
	size_t n = l->len;

	while (n > 0 && isspace((unsigned char)l->text[n - 1]))
		n--;
	return n >= 3 && l->text[n - 3] == ' ' && l->text[n - 2] == '-' &&
	    strchr("dsnmrxugpz", l->text[n - 1]) != NULL &&
	    strstr(l->text, "bonnie++ -") != NULL;
}

/* A mail client's cut: a long line ending in a blank, and a short rest
 * ("(rev 03)", "/dev/sdd1 /dev/sde1"), or a bonnie++ command cut after
 * an option (bonnie_cut); or a shell's line break. */
static bool
continues(const struct post *p, size_t i, size_t end)
{
	const struct line *l = &p->ls.v[i], *n;

	if (i + 1 >= end)
		return false;
	n = &p->ls.v[i + 1];
	/* a shell's line break: "bonnie++ -u root -d $MNT \\" */
	if (l->shell_break || bonnie_cut(l))
		return p->kind[i + 1] == p->kind[i] && !line_is_blank(n);
	if (l->len < WRAP_WIDTH || l->text[l->len - 1] != ' ')
		return false;
	return p->kind[i + 1] == p->kind[i] && !line_is_blank(n) && n->len < 40;
}

static void
add_post_guess(struct guesses *gs, size_t i)
{
	xgrow((void **)&gs->post, &gs->cappost, gs->npost + 1,
	    sizeof *gs->post);
	gs->post[gs->npost++] = i;
}

/* Whether text names a setup, as a word ("deadline", not "as" in
 * "was": names shorter than three letters are not looked for). */
static bool
names_setup(const char *text, const char *name)
{
	size_t n = strlen(name);

	if (n < 3)
		return false;
	for (const char *s = text; *s; s++)
		if (strncasecmp(s, name, n) == 0 && (s == text ||
		    !isalnum((unsigned char)s[-1])) &&
		    !isalnum((unsigned char)s[n]))
			return true;
	return false;
}

/* Whether a line of the prose its table's setups share is about
 * another setup than k: it names one, and not k. */
static bool
about_another(const struct post *p, size_t k, const char *text)
{
	const struct config *c = &p->cf[k];

	if (!c->named || names_setup(text, c->host))
		return false;
	for (size_t j = c->lead; j < p->ncf && p->cf[j].lead == c->lead; j++)
		if (j != k && names_setup(text, p->cf[j].host))
			return true;
	return false;
}

static void
copy_guess(struct guesses *to, const struct guess *g, int region)
{
	struct guess *n;

	xgrow((void **)&to->v, &to->cap, to->n + 1, sizeof *to->v);
	n = &to->v[to->n++];
	*n = *g;
	n->value = xstrdup(g->value);
	n->text = xstrdup(g->text);
	n->tie = g->tie ? xstrdup(g->tie) : NULL;
	n->region = region;
}

/* A fio command line quoted deeper than c's output: the quoted mail's
 * test, whose options (a scheduler, a device) are not the reply's. */
static bool
quoted_command(const struct post *p, const struct config *c,
    const struct line *l)
{
	return l->quote > p->ls.v[c->table].quote &&
	    fio_command_options(l->text) != NULL;
}

/* How far above a quoted line its attribution is looked for, and how
 * many lines from the top a mail's From: header. */
#define ATTRIBUTION_REACH 200
#define HEADER_REACH 30

/* Whether a word of the name in the post's From: header (before its
 * address; its address's local part when it has no name), of three
 * letters or more, is in text: the poster's own quoted mail. False when
 * the post has no From: header: who wrote it is not known. */
static bool
names_poster(const struct post *p, const char *text, bool *known)
{
	for (size_t i = 0; i < p->ls.n && i < HEADER_REACH; i++) {
		const char *h = p->ls.v[i].text, *end;

		if (strncmp(h, "From:", 5) != 0)
			continue;
		h += 5;
		end = strchr(h, '<');
		if (end == NULL || end == h + strspn(h, " \t\"")) {
			h = end ? end + 1 : h + strspn(h, " \t");
			end = h + strcspn(h, "@>");
		}
		*known = true;
		while (h < end) {
			size_t n = strspn(h, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
			char word[64];

			if (n >= 3 && n < sizeof word) {
				snprintf(word, sizeof word, "%.*s", (int)n, h);
				if (contains_ignoring_case(text, word))
					return true;
			}
			h += n ? n : 1;
		}
		return false;
	}
	*known = false;
	return false;
}

/* Whether line i, quoted deeper than configuration c's table, is of a
 * mail someone else wrote: its attribution above it ("On Friday 19
 * October 2001 13:14, Andrei Lahun wrote:") names another than the
 * post's From: ("> i have 128 MB of memory" is his machine's, not the
 * poster's). A poster quoting his own mail ("On Fri, 12 Jan 2007,
 * Justin Piszcz wrote:" in Justin Piszcz's reply) keeps it. */
static bool
others_quote(const struct post *p, const struct config *c, size_t i)
{
	int depth = p->ls.v[i].quote;
	bool known;

	if (depth <= p->ls.v[c->table].quote)
		return false;
	for (size_t j = i; j-- > 0 && i - j <= ATTRIBUTION_REACH; )
		if (p->ls.v[j].quote < depth &&
		    is_attribution(p->ls.v[j].text))
			return !names_poster(p, p->ls.v[j].text, &known) &&
			    known;
	return false;
}

/* The guesses of lines [from, end) of configuration c's prose, those
 * after its table marked trailing. */
static void
guess_lines(struct post *p, const struct config *c, size_t from, size_t end,
    struct guesses *out)
{
	for (size_t i = from; i < end; i++) {
		const struct line *l = &p->ls.v[i];
		size_t first = out->n, last;
		char *text;

		if (p->kind[i] == L_SKIP || p->kind[i] == L_TABLE ||
		    p->kind[i] == L_HEADER || p->kind[i] == L_PATCH ||
		    p->summary_row[i] || p->address[i] || line_is_blank(l) ||
		    quoted_command(p, c, l) || others_quote(p, c, i))
			continue;
		text = prose_text(p, l);
		for (last = i; last - i < MAX_JOINED && continues(p, last, end);
		    last++) {
			char *rest = prose_text(p, &p->ls.v[last + 1]);
			char *both;

			both = xasprintf("%s %s", text, rest);
			free(text);
			free(rest);
			text = both;
		}
		guess_line(p->gs, text, l->no, i, out);
		free(text);
		for (size_t j = first; j < out->n; j++) {
			out->v[j].caption = (i >= c->caption && i < c->table) ||
			    (i >= c->inner_caption && i < c->inner_end);
			out->v[j].command = p->kind[i] == L_PRE;
			out->v[j].trailing = i > c->table && i >= c->inner_end;
		}
		i = last;
	}
}

/* The guesses of key alone that text, read from line i, gives, its
 * own (command: not inherited by the runs after it). */
static void
guess_key_of_text(struct post *p, size_t i, const char *text,
    const char *key, struct guesses *out)
{
	size_t first = out->n, kept = first;

	guess_line(p->gs, text, p->ls.v[i].no, i, out);
	for (size_t j = first; j < out->n; j++) {
		struct guess *g = &out->v[j];

		if (strcmp(g->key, key) != 0) {
			free(g->value);
			free(g->text);
			free(g->tie);
			continue;
		}
		g->command = 1;
		out->v[kept++] = *g;
	}
	out->n = kept;
}

/* The guesses of key alone that line i gives. */
static void
guess_key_of_line(struct post *p, size_t i, const char *key,
    struct guesses *out)
{
	char *text = prose_text(p, &p->ls.v[i]);

	guess_key_of_text(p, i, text, key, out);
	free(text);
}

/* The machine a shell prompt of fio's command line in c's own lines
 * names ("root@ib1:/home/jwang# fio ..."): the rest of that line is
 * fio's options, no prose to guess from. */
static void
guess_prompt_host(struct post *p, const struct config *c,
    struct guesses *out)
{
	for (size_t i = c->first; c->fio && i <= c->last && i < p->ls.n; i++)
		if (fio_command_options(p->ls.v[i].text) != NULL)
			guess_key_of_line(p, i, "host", out);
}

/* The latest date a mail's Date header among gs gives, or NULL. */
static const char *
latest_mail_date(const struct guesses *gs, size_t n, const char *latest)
{
	for (size_t i = 0; i < n; i++) {
		const struct guess *h = &gs->v[i];

		if (strcmp(h->key, "date") == 0 &&
		    strncmp(h->text, "Date: ", 6) == 0 &&
		    (latest == NULL || strcmp(h->value, latest) > 0))
			latest = h->value;
	}
	return latest;
}

/* Whether the date guess g (of out, a run's own guesses) is later than
 * every mail's Date header of the post so far: a clock that was wrong,
 * as no run comes after the last mail that reports it (the reply's, not
 * the older mail it quotes). */
static bool
after_mail(const struct post *p, const struct guesses *out,
    const struct guess *g)
{
	const char *latest = latest_mail_date(&p->g, p->g.n, NULL);

	latest = latest_mail_date(out, (size_t)(g - out->v), latest);
	return latest && strcmp(g->value, latest) > 0;
}

/* The date text, read from line i of c's output, gives, as the run's
 * own: nearer than the post's, unless it is later than the mail's. */
static void
guess_own_date(struct post *p, size_t i, const char *text,
    struct guesses *out)
{
	size_t first = out->n;

	guess_key_of_text(p, i, text, "date", out);
	if (out->n > first && after_mail(p, out, &out->v[first])) {
		/* the line's every guess (a date with its tie) */
		for (size_t k = first; k < out->n; k++) {
			free(out->v[k].value);
			free(out->v[k].text);
			free(out->v[k].tie);
		}
		out->n = first;
	}
	/* the run's own, as its caption is: before a comment's or a
	 * byline's date above the output */
	if (out->n > first)
		out->v[first].caption = out->v[first].fio_header = true;
}

/* When fio ran c's first job, as its results' header says ("seq-read:
 * (groupid=0, jobs=1): err= 0: pid=3407: Thu Jun 21 10:06:16 2018"),
 * else as the name of the file grep found its lines in says, when it
 * holds a date ("fio-output-zstore-32G-2019-05-15@06:52"). */
static void
guess_fio_started(struct post *p, const struct config *c,
    struct guesses *out)
{
	for (size_t i = c->first; c->fio && i <= c->last && i < p->ls.n; i++) {
		const char *t = p->ls.v[i].text;
		const char *pid = strstr(t, "pid=");
		char *text;

		if (!strstr(t, "(groupid=") || !pid || !strchr(pid, ':'))
			continue;
		text = prose_text(p, &p->ls.v[i]);
		guess_own_date(p, i, text, out);
		free(text);
		return;
	}
	if (c->fio && c->tag && c->first < p->ls.n) {
		/* its '@' a time's ("@06:52"), no mail address's; the
		 * guess tells the name as posted */
		char *name = xstrdup(c->tag);
		size_t first = out->n;

		for (char *q = strchr(name, '@'); q; q = strchr(q, '@'))
			*q = ' ';
		guess_own_date(p, c->first, name, out);
		free(name);
		for (size_t k = first; k < out->n; k++) {
			free(out->v[k].text);
			out->v[k].text = xstrdup(c->tag);
		}
	}
}

/* The guesses of configuration c's prose, before its table and after,
 * of its command line's prompt and of when fio says it ran. */
static void
guess_prose(struct post *p, const struct config *c, struct guesses *out)
{
	guess_lines(p, c, c->region, c->table, out);
	if (c->inner_end > 0)
		guess_lines(p, c, c->table + 1, c->inner_end, out);
	guess_prompt_host(p, c, out);
	guess_fio_started(p, c, out);
	guess_lines(p, c, c->tail_from, c->tail_end, out);
}

/* The guesses of the name a poster gave configuration j's row in
 * place of the machine's ("Raid0 (8 disk)", "deadline"): said of that
 * run alone, and closer to it than any caption. */
static void
guess_row_name(struct post *p, int j)
{
	const struct config *c = &p->cf[j];
	struct guesses row = {0};

	if (c->renamed == NULL || c->host == NULL || c->host_text == NULL)
		return;
	guess_line(p->gs, c->host, c->host_no, c->table, &row);
	for (size_t i = 0; i < row.n; i++) {
		if (row.v[i].flags & GUESS_POST)
			continue;
		row.v[i].caption = 1;
		row.v[i].command = 1;	/* not inherited by the rows after */
		copy_guess(&p->g, &row.v[i], j);
	}
	guesses_free(&row);
}

/* The keys the prose ending a post gives every run: its machine's and
 * system's, never a layout, a date or options of one run. */
static const char *const end_keys[] = {"controller", "chipset", "bus",
    "driver", "firmware", "filesystem", "mount-options", "kernel", "os",
    "cpu", "memory", "motherboard"};

/* The guesses of the prose ending the post (p->end_from on), said of
 * all its runs: region ncf, past every configuration's, which
 * inherits() lets every run take below its own prose. */
static void
guess_post_end(struct post *p)
{
	struct guesses end = {0};
	struct config whole = {0};

	if (p->ncf == 0 || p->end_from >= p->end_to)
		return;
	whole.table = p->end_from;
	guess_lines(p, &whole, p->end_from, p->end_to, &end);
	for (size_t i = 0; i < end.n; i++) {
		const struct guess *g = &end.v[i];

		if (!key_listed(g->key, end_keys, sizeof end_keys /
		    sizeof *end_keys) || g->named != 0 || g->command)
			continue;
		copy_guess(&p->g, g, (int)p->ncf);
		p->g.v[p->g.n - 1].trailing = 0;
		p->g.v[p->g.n - 1].caption = 0;
	}
	guesses_free(&end);
}

/* Guesses from every line of prose before each configuration, in their
 * order: those of one configuration stand together (region_range). The
 * setups of one table share its prose, but for the lines about another
 * one of them. */
static void
guess_post(struct post *p)
{
	for (size_t k = 0; k < p->ncf; k++) {
		struct guesses prose = {0};
		size_t j;

		guess_prose(p, &p->cf[k], &prose);
		for (j = k; j < p->ncf && p->cf[j].lead == k; j++) {
			for (size_t i = 0; i < prose.n; i++) {
				const struct guess *g = &prose.v[i];
				bool post_wide = g->flags & GUESS_POST;

				if (about_another(p, j, g->text))
					continue;
				copy_guess(&p->g, g, (int)j);
				if (post_wide && j == k)
					add_post_guess(&p->g, p->g.n - 1);
			}
			guess_row_name(p, (int)j);
		}
		guesses_free(&prose);
		k = j - 1;
	}
	guess_post_end(p);
}

/* Lines [from, end) of prose into b, blank runs made one. */
static void
add_notes(const struct post *p, size_t from, size_t end, struct buf *b)
{
	bool gap = b->n > 0;

	for (size_t i = from; i < end; i++) {
		char *t;

		if (p->kind[i] != L_PROSE)
			continue;
		t = prose_text(p, &p->ls.v[i]);
		if (*t == '\0') {
			gap = b->n > 0;
		} else {
			if (gap)
				buf_puts(b, "\n");
			gap = false;
			buf_puts(b, t);
			buf_puts(b, "\n");
		}
		free(t);
	}
}

/* Past a blog's front matter at the start of the post ("---", "title:
 * ...", "---"): its keys are guessed from, but they are no prose, and
 * Markdown would make the block one heading. */
#define FRONT_MATTER_LINES 60

static size_t
past_front_matter(const struct post *p, size_t from)
{
	size_t i = 0;

	while (i < p->ls.n && line_is_blank(&p->ls.v[i]))
		i++;
	if (from > i || i >= p->ls.n || strcmp(p->ls.v[i].text, "---") != 0)
		return from;
	for (size_t j = i + 1; j < p->ls.n && j <= i + FRONT_MATTER_LINES; j++)
		if (strcmp(p->ls.v[j].text, "---") == 0)
			return j + 1;
	return from;
}

/* A configuration's prose before its table and after, as Markdown. */
static char *
make_notes(const struct post *p, const struct config *c)
{
	struct buf b = {0};

	add_notes(p, past_front_matter(p, c->region), c->first, &b);
	add_notes(p, c->tail_from, c->tail_end, &b);
	return b.p;	/* NULL: no prose, no notes.md */
}

/* Whether s is a line of the shell's time keyword: "real", "user" or
 * "sys", blanks, then minutes and seconds ("0m31.721s"). */
static bool
shell_time_line(const char *s)
{
	static const char *const words[] = {"real", "user", "sys"};
	unsigned min;
	double sec;
	char unit[2];

	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		size_t n = strlen(words[i]);

		if (strncmp(s, words[i], n) == 0 && (s[n] == ' ' ||
		    s[n] == '\t'))
			return sscanf(s + n, " %um%lf%1[s]", &min, &sec,
			    unit) == 3;
	}
	return false;
}

/* Whether s is a line of set -x's trace: "+ " and a command, a word in
 * lower case ("+ cat fio.log", "+ wait"); a Markdown item ("+ Patched")
 * starts with a capital. */
static bool
xtrace_line(const char *s)
{
	size_t n;

	if (strncmp(s, "+ ", 2) != 0)
		return false;
	n = strspn(s + 2, "abcdefghijklmnopqrstuvwxyz0123456789_.-/");
	return n > 0 && (s[2 + n] == '\0' || s[2 + n] == ' ');
}

/* Commands, paths, asides and underlines make poor names. */
static bool
names_well(const char *s)
{
	static const char *const commands[] = {"mdadm", "pvcreate", "vgcreate",
	    "lvcreate", "mke2fs", "mkfs", "mount", "bonnie++", "hdparm",
	    "blockdev", "echo", "cat", "dd", "tune2fs", "sysctl", "modprobe",
	    "lspci", "uname", "sudo", "tw_cli", "zpool", "newfs", "$", "#"};

	while (*s == ' ')
		s++;
	/* "// Ubuntu 18.04 / Linux 5.4.0:", a comment a paste put there */
	if (strncmp(s, "// ", 3) == 0)
		s += 3;
	/* a tag alone, "</details>", names nothing either */
	if (*s == '(' || *s == '/' || *s == '<' || *s == '\0' || rule_line(s))
		return false;
	/* nor what /usr/bin/time printed after each run ("168.08user
	 * 46.05system 5:55.13elapsed 60%CPU") */
	if (isdigit((unsigned char)*s) && strstr(s, "user ") &&
	    strstr(s, "system ") && strstr(s, "elapsed"))
		return false;
	/* nor the shell's own time ("real\t1m1.862s") or the trace of
	 * set -x ("+ cat fio.log") */
	if (shell_time_line(s) || xtrace_line(s))
		return false;
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
		size_t c = strlen(commands[i]);

		if (strncmp(s, commands[i], c) == 0 && (s[c] == ' ' ||
		    s[c] == '.' || s[c] == '\0'))
			return false;
	}
	return true;
}

/* The name of a fio job of c's output ("test-enc-64kchunk: (g=0): rw=",
 * "test-enc-64kchunk: (groupid=0, ..."), as a slug, or "run": what
 * names a run no prose names. */
static char *
job_slug(const struct post *p, const struct config *c)
{
	for (size_t i = c->table; c->fio && i <= c->last && i < p->ls.n; i++) {
		const char *s = p->ls.v[i].text + strspn(p->ls.v[i].text, " ");
		const char *g = strstr(s, ": (g");

		if (g && g > s && memchr(s, ' ', (size_t)(g - s)) == NULL) {
			char *name = xstrndup(s, (size_t)(g - s));
			char *slug = import_slug(name);

			free(name);
			if (*slug)
				return slug;
			free(slug);
		}
	}
	return xstrdup("run");
}

/* Whether t, a line of prose, names a run: it names well and leaves a
 * slug. */
static bool
names_run(const char *t)
{
	char *slug;
	bool names;

	if (!names_well(t))
		return false;
	slug = import_slug(t);
	names = *slug != '\0';
	free(slug);
	return names;
}

/* The caption that names a run: the first line of the last paragraph
 * above it that names well (not a command, an aside in parentheses, an
 * underline), its caption between its command line and its output
 * first, as text (caller frees); NULL when no prose names it. */
static char *
prose_caption(const struct post *p, const struct config *c)
{
	size_t end = c->first;

	if (c->inner_end > 0) {
		char *t = prose_text(p, &p->ls.v[c->inner_caption]);

		if (names_run(t))
			return t;
		free(t);
	}
	for (;;) {
		size_t s;

		while (end > c->region && (p->kind[end - 1] != L_PROSE ||
		    line_is_blank(&p->ls.v[end - 1])))
			end--;
		/* (a damaged post may leave its first line before its
		 * prose's start) */
		if (end <= c->region)
			return NULL;
		/* A rule ("=====") ends a paragraph as a blank line does:
		 * the caption is the line under it ("2.6.19.1, SATA:"). */
		for (s = end; s > c->region && p->kind[s - 1] == L_PROSE &&
		    !line_is_blank(&p->ls.v[s - 1]) &&
		    !rule_line(p->ls.v[s - 1].text); s--)
			;
		if (s == end)
			s--;	/* the rule itself: names_well refuses it */
		/* "On ..., X wrote:" opens a quote (a mail client may have
		 * wrapped it over two lines); the quote's first line is its
		 * caption */
		if (s + 2 < end && is_attribution(p->ls.v[s + 1].text))
			s += 2;
		else if (s + 1 < end && is_attribution(p->ls.v[s].text))
			s++;
		char *t = prose_text(p, &p->ls.v[s]);

		if (names_run(t))
			return t;
		free(t);
		end = s;
	}
}

/* A run's caption (prose_caption), a Markdown heading's or list item's
 * marks taken out: "### Baseline fio" and "+ Baseline fio" name the run
 * "Baseline fio". notes.md keeps them, being Markdown. */
static char *
config_caption(const struct post *p, const struct config *c)
{
	char *t = prose_caption(p, c);
	size_t h;

	if (t && (h = heading_words(t)) == 0 && strchr("+*-", t[0]) &&
	    t[1] == ' ')
		h = 1 + strspn(t + 1, " ");
	if (t && h > 0)
		memmove(t, t + h, strlen(t + h) + 1);
	return t;
}

/* The name of a run: its label, its caption, else its fio job's; with
 * numbered, the numbers past their first five words too. */
static char *
make_slug(const struct post *p, const struct config *c, bool numbered)
{
	char *(*slug_of)(const char *) = numbered ? import_slug_numbered :
	    import_slug;

	if (c->label) {
		char *slug = slug_of(c->label);

		if (*slug)
			return slug;
		free(slug);
	}
	if (c->caption_text)
		return slug_of(c->caption_text);
	return job_slug(p, c);
}

/* The post's runs' names, where two are the same the numbers of their
 * captions after the first five words added ("nr_threads=1", "=2"):
 * the value that tells them apart is not lost. Caller frees each. */
static char **
make_slugs(const struct post *p)
{
	char **slug = xcalloc(p->ncf + 1, sizeof *slug);
	bool *twin = xcalloc(p->ncf + 1, sizeof *twin);

	for (size_t k = 0; k < p->ncf; k++)
		slug[k] = make_slug(p, &p->cf[k], false);
	for (size_t k = 0; k < p->ncf; k++)
		for (size_t j = k + 1; j < p->ncf; j++)
			if (strcmp(slug[j], slug[k]) == 0)
				twin[j] = twin[k] = true;
	for (size_t k = 0; k < p->ncf; k++)
		if (twin[k]) {
			free(slug[k]);
			slug[k] = make_slug(p, &p->cf[k], true);
		}
	free(twin);
	return slug;
}

/* Byte offset of each line of the post (1-based), and of its end. */
static size_t *
line_offsets(const char *buf, size_t len, long *nlines)
{
	size_t cap = 0, *off = NULL, start = 0;
	long n = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	xgrow((void **)&off, &cap, 2, sizeof *off);
	off[1] = start;
	for (size_t i = start; i < len; i++) {
		if (buf[i] != '\n')
			continue;
		n++;
		xgrow((void **)&off, &cap, (size_t)n + 2, sizeof *off);
		off[n + 1] = i + 1;
	}
	if (off[n + 1] < len) {
		n++;
		xgrow((void **)&off, &cap, (size_t)n + 2, sizeof *off);
		off[n + 1] = len;
	}
	*nlines = n;
	return off;
}

/* The last line of the post that clean line i stands on: a line a
 * quoted-printable soft break cut is several; blank lines after it are
 * not its own. */
static long
last_physical(const struct post *p, size_t i)
{
	long z = i + 1 < p->ls.n ? p->ls.v[i + 1].no - 1 : p->nlines;

	while (z > p->ls.v[i].no && p->off[z + 1] - p->off[z] <= 2 &&
	    strspn(p->buf + p->off[z], "\r\n") == p->off[z + 1] - p->off[z])
		z--;
	return z;
}

/* Whether a clean line holds options alone, as a wrapped command line
 * goes on ("--directory=/dbdata --rw=randwrite"). */
static bool
options_line(const struct line *l)
{
	const char *s = l->text + strspn(l->text, " ");

	return s[0] == '-' && isalpha((unsigned char)s[s[1] == '-' ? 2 : 1]);
}

/* The fio command line among configuration c's own lines (the clean
 * line), or SIZE_MAX. */
static size_t
own_fio_command(const struct post *p, const struct config *c)
{
	for (size_t i = c->first; c->fio && i <= c->last && i < p->ls.n; i++)
		if (fio_command_options(p->ls.v[i].text) != NULL)
			return i;
	return SIZE_MAX;
}

/* The last fio command line among lines [from, to) of the post, outside
 * any run's own lines ("$ sudo fio --rw=randrw ... --name=iops-test-job"
 * at the top, then a caption and another program's command above each
 * output), or SIZE_MAX. */
static size_t
fio_command_between(const struct post *p, size_t from, size_t to)
{
	size_t found = SIZE_MAX;

	for (size_t i = from; i < to && i < p->ls.n; i++)
		if (fio_command_options(p->ls.v[i].text) != NULL)
			found = i;
	return found;
}

/* Its lines as posted: the whole group, or its command line and its
 * own rows of a table other setups share; fio's output that has no
 * command line of its own after the one the post gave before it (cmd,
 * or SIZE_MAX). */
static char *
make_bonnie(const struct post *p, size_t k, size_t cmd)
{
	const struct config *c = &p->cf[k];
	long a = p->ls.v[c->first].no, z = p->ls.v[c->last].no;
	struct buf b = {0};

	if (cmd != SIZE_MAX) {
		/* its lines as posted: one cut by a soft break is many, and
		 * a mail's wrap goes on over lines of options ("--rw=...") */
		size_t last = cmd;
		long no = p->ls.v[cmd].no, end;

		while (last + 1 < p->ls.n && options_line(&p->ls.v[last + 1]))
			last++;
		end = last_physical(p, last);

		if (end > p->nlines)
			end = p->nlines;
		buf_add(&b, p->buf + p->off[no], p->off[end + 1] - p->off[no]);
		if (b.p[b.n - 1] != '\n')
			buf_puts(&b, "\n");
	}

	if (c->own_lines)
		z = c->first < c->table ? p->ls.v[c->table].no - 1 : a - 1;
	else
		z = last_physical(p, c->last);
	if (z > p->nlines)
		z = p->nlines;
	if (z >= a)
		buf_add(&b, p->buf + p->off[a], p->off[z + 1] - p->off[a]);
	if (b.n > 0 && b.p[b.n - 1] != '\n')
		buf_puts(&b, "\n");
	if (p->qp && b.n > 0) {
		/* as the poster wrote them: a part of the mail may hold no
		 * soft break by which its reader would know the encoding */
		size_t n;
		char *plain = lines_qp_decode(b.p, b.n, &n);

		b.n = 0;
		buf_add(&b, plain, n);
		free(plain);
	}
	if (c->own_lines)
		buf_puts(&b, c->own_lines);
	if (b.n == 0 || b.p[b.n - 1] != '\n')
		buf_puts(&b, "\n");
	return buf_take(&b);
}

/* The last job file of fio's pasted among lines [from, to) of the post
 * ("[global]", "rw=randread", ..., "[one]", "bs=512"), quote marks
 * taken off (malloc'd), or NULL: the jobs its outputs after it ran. */
static char *
job_file_among(const struct post *p, size_t from, size_t to)
{
	char *last = NULL;

	for (size_t i = from; i < to && i < p->ls.n; i++) {
		struct buf b = {0};
		size_t options = 0;

		if (!fio_job_file_section(p->ls.v[i].text))
			continue;
		for (; i < to && i < p->ls.n; i++) {
			const char *s = p->ls.v[i].text;

			if (fio_job_file_option(s))
				options++;
			else if (!fio_job_file_section(s) &&
			    !fio_job_file_comment(s) &&
			    !line_is_blank(&p->ls.v[i]))
				break;
			buf_puts(&b, s);
			buf_puts(&b, "\n");
		}
		if (options == 0) {
			buf_free(&b);
			continue;
		}
		free(last);
		last = buf_take(&b);
		i--;
	}
	return last;
}

/* A post that pastes fio's job file once and then its outputs: each
 * output after it is written with the file above it, for fio's reader
 * to take the options the output leaves out from (which jobs it names
 * say). *job_file is the last one found up to line *scanned. A job file
 * among the output's own lines (the first run's, its command and file
 * above its output) is in its text already, and the later outputs'. */
static void
with_job_file(const struct post *p, const struct config *c,
    char **job_file, size_t *scanned, char **text)
{
	char *found = job_file_among(p, *scanned, c->first);
	char *own = c->fio ? job_file_among(p, c->first, c->last + 1) : NULL;

	if (found) {
		free(*job_file);
		*job_file = found;
	}
	*scanned = c->last + 1 > *scanned ? c->last + 1 : *scanned;
	if (c->fio && *job_file && own == NULL) {
		char *both = xasprintf("%s\n%s", *job_file, *text);

		free(*text);
		*text = both;
	}
	if (own) {
		free(*job_file);
		*job_file = own;
	}
}

/* The block devices every fio job of a run's output ran on, as fio's
 * reader reads them (fio_devices), or NULL. */
static char *
output_devices(const char *text, const char *file)
{
	struct fio_results rs = {0};
	struct diags quiet = {.quiet = 1};
	bool files;
	char *devices;

	fio_read(file, text, strlen(text), NULL, &rs, &quiet);
	devices = fio_devices(&rs, &files);
	fio_results_free(&rs);
	diags_free(&quiet);
	return devices;
}

void
import_split(const struct guesser *gs, const char *file, const char *buf,
    size_t len, const struct seen *known, struct import_runs *out,
    struct diags *d)
{
	struct post p = {.gs = gs, .file = file, .buf = buf, .len = len,
	    .known = known};
	size_t cap = out->cap, given = SIZE_MAX, scanned = 0, cmd_scanned = 0;
	char *job_file = NULL, **slug;

	p.html = looks_like_html(buf);
	p.qp = lines_quoted_printable(buf, len);
	p.off = line_offsets(buf, len, &p.nlines);
	post_read(&p, d);
	post_find_configs(&p, d);
	guess_post(&p);
	post_inheritance(&p);
	for (size_t k = 0; k < p.ncf; k++)	/* a run's meta reads others' */
		p.cf[k].caption_text = config_caption(&p, &p.cf[k]);
	slug = make_slugs(&p);
	for (size_t k = 0; k < p.ncf; k++) {
		struct config *c = &p.cf[k];
		struct import_run *r;
		size_t own = own_fio_command(&p, c);
		size_t before = fio_command_between(&p, cmd_scanned, c->first);
		char *device;

		xgrow((void **)&out->v, &cap, out->n + 1, sizeof *out->v);
		out->cap = cap;
		r = &out->v[out->n++];
		r->slug = slug[k];
		r->first = p.ls.v[c->first].no;
		r->last = p.ls.v[c->last].no;
		r->samples = c->samples;
		r->file = c->fio ? "fio.txt" : "bonnie.txt";
		/* A post that gives fio's command once and then its output
		 * on each system ran it on each: without it, a group's
		 * totals alone do not say their workload. One given since
		 * the run before, outside both, is the latest, unless a job
		 * file follows it, up to the output: the output ran that. */
		if (c->fio && before != SIZE_MAX) {
			char *jobs = job_file_among(&p, before, c->last + 1);

			if (jobs == NULL)
				given = before;
			free(jobs);
		}
		cmd_scanned = c->last + 1 > cmd_scanned ? c->last + 1 :
		    cmd_scanned;
		r->bonnie = make_bonnie(&p, k, c->fio && own == SIZE_MAX ?
		    given : SIZE_MAX);
		with_job_file(&p, c, &job_file, &scanned, &r->bonnie);
		given = !c->fio ? SIZE_MAX : own != SIZE_MAX ? own : given;
		r->notes = make_notes(&p, c);
		device = c->fio ? output_devices(r->bonnie, r->file) : NULL;
		r->meta = config_meta(&p, (int)k, path_base_name(file),
		    device);
		free(device);
		free(c->host_text);
		free(c->own_lines);
		free(c->label);
	}
	for (size_t k = 0; k < p.ncf; k++)
		free(p.cf[k].caption_text);
	free(slug);
	free(job_file);
	out->quoted += p.quoted;
	out->known += p.in_runs;
	if (p.nan == 0 && p.raw.fio.n == 0)
		diags_add(d, MSG_WARNING, file, 0, "no bonnie++ or fio output "
		    "found; nothing imported");
	free(p.off);
	free(p.kind);
	free(p.summary_row);
	free(p.address);
	for (size_t i = 0; i < p.nan; i++)
		free(p.an[i].name);
	free(p.an);
	free(p.cf);
	guesses_free(&p.g);
	results_free(&p.rs);
	results_free(&p.raw);
	lines_free(&p.ls);
}

void
import_run_free(struct import_run *r)
{
	free(r->slug);
	free(r->bonnie);
	free(r->notes);
	free(r->meta);
}

void
import_runs_free(struct import_runs *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		import_run_free(&rs->v[i]);
	free(rs->v);
	memset(rs, 0, sizeof *rs);
}
