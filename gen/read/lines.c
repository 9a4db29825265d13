/* Input cleaning for the bonnie++ reader; see lines.h. */
#include "read/lines.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A block of line texts, carved one after another. */
struct line_chunk {
	struct line_chunk *next;
	size_t used, size;
	char text[];
};

#define CHUNK_SIZE 16384

/* A copy of text[0..len) with a NUL, kept until lines_free. */
static char *
keep_text(struct lines *out, const char *text, size_t len)
{
	struct line_chunk *c = out->chunks;
	char *p;

	if (c == NULL || c->size - c->used < len + 1) {
		size_t size = len + 1 > CHUNK_SIZE ? len + 1 : CHUNK_SIZE;

		c = xmalloc(sizeof *c + size);
		c->used = 0;
		c->size = size;
		if (out->chunks != NULL && size > CHUNK_SIZE) {
			/* a long line: behind the current chunk, which
			 * keeps its room */
			c->next = out->chunks->next;
			out->chunks->next = c;
		} else {
			c->next = out->chunks;
			out->chunks = c;
		}
	}
	p = c->text + c->used;
	c->used += len + 1;
	memcpy(p, text, len);
	p[len] = '\0';
	return p;
}

static void
add_line(struct lines *out, long no, const char *text, size_t len, int quote)
{
	struct line *l;

	xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof *out->v);
	l = &out->v[out->n++];
	l->no = no;
	l->text = keep_text(out, text, len);
	l->len = len;
	l->quote = quote;
	l->too_long = 0;
	l->shell_break = 0;
	l->heading = 0;
}

/* Tags of web pages and forums that wrap pasted output; they are
 * dropped, their text kept. <br> ends a line and is handled apart. */
static const char *const html_tags[] = {
	"pre", "code", "tt", "p", "div", "span", "b", "i", "strong", "em",
	"font", "blockquote", "samp", "kbd",
};
/* A saved page's table (bon_csv2html's): a row a line and its cells
 * tab-separated, as a browser copies it. */
static const char *const row_tags[] = {"tr", "table", "tbody", "thead"};
static const char *const cell_tags[] = {"td", "th"};
static const char *const bbcode_tags[] = {
	"code", "quote", "pre", "b", "i", "tt", "font", "size", "color",
};

/* Length of a tag <name ...> or </name> at s when name is one of names,
 * with open and close the brackets; 0 otherwise. */
static size_t
known_tag(const char *s, size_t len, char open, char close,
    const char *const *names, size_t nnames)
{
	size_t i = 1, end;

	if (len < 3 || s[0] != open)
		return 0;
	if (s[i] == '/')
		i++;
	for (size_t k = 0; k < nnames; k++) {
		size_t nl = strlen(names[k]);

		if (len - i < nl || strncasecmp(s + i, names[k], nl) != 0)
			continue;
		end = i + nl;
		if (end < len && s[end] != close && s[end] != ' ' &&
		    s[end] != '=' && s[end] != '/')
			continue;
		while (end < len && s[end] != close && s[end] != open)
			end++;
		if (end < len && s[end] == close)
			return end + 1;
	}
	return 0;
}

/* Length of a <br>, <br/> or <br /> at s, else 0. */
static size_t
br_tag(const char *s, size_t len)
{
	size_t i = 3;

	if (len < 4 || s[0] != '<' || strncasecmp(s, "<br", 3) != 0)
		return 0;
	while (i < len && s[i] == ' ')
		i++;
	if (i < len && s[i] == '/')
		i++;
	return i < len && s[i] == '>' ? i + 1 : 0;
}

struct entity {
	const char *name;
	char c;
};

static const struct entity entities[] = {
	{"&nbsp;", ' '}, {"&#160;", ' '}, {"&#xa0;", ' '}, {"&lt;", '<'},
	{"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''},
	{"&apos;", '\''}, {"&#43;", '+'},
};

/* Decodes an entity at s into *c; returns its length, or 0. */
static size_t
entity_at(const char *s, size_t len, char *c)
{
	for (size_t k = 0; k < sizeof entities / sizeof *entities; k++) {
		size_t el = strlen(entities[k].name);

		if (len >= el && strncasecmp(s, entities[k].name, el) == 0) {
			*c = entities[k].c;
			return el;
		}
	}
	return 0;
}

/* The bytes clean_physical acts on: a line without any is kept as it is
 * (most lines of a result file). */
static const unsigned char special[256] = {
	['<'] = 1, ['['] = 1, ['*'] = 1, ['`'] = 1, ['&'] = 1, [0xc2] = 1,
	['\t'] = 1, ['\r'] = 1, ['\0'] = 1,
};

static bool
is_plain(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (special[(unsigned char)s[i]])
			return false;
	return true;
}

/* Cleans one physical line into b, cutting it where <br> stood; each
 * piece becomes a line of its own. */
static void
clean_physical(struct lines *out, long no, const char *s, size_t len)
{
	struct buf b = {0};
	size_t i = 0, n, pieces = 0, cells = 0;
	char c;

	if (is_plain(s, len)) {
		add_line(out, no, s, len, 0);
		return;
	}
	buf_putc(&b, '\0');
	b.n = 0;
	while (i < len) {
		if ((n = br_tag(s + i, len - i)) > 0) {
			add_line(out, no, b.p, b.n, 0);
			pieces++;
			b.n = 0;
			b.p[0] = '\0';
			i += n;		/* a <br> in a cell: the same row */
		} else if ((n = known_tag(s + i, len - i, '<', '>', row_tags,
		    sizeof row_tags / sizeof *row_tags)) > 0) {
			/* a row's end makes no empty line of its own */
			if (b.n > 0) {
				add_line(out, no, b.p, b.n, 0);
				pieces++;
			}
			b.n = 0;
			b.p[0] = '\0';
			cells = 0;
			i += n;
		} else if ((n = known_tag(s + i, len - i, '<', '>', cell_tags,
		    sizeof cell_tags / sizeof *cell_tags)) > 0) {
			/* a tab before every cell of a row but its first,
			 * empty ones too, as a browser copies them (and a
			 * tab is read: to the next stop) */
			if (s[i + 1] != '/' && cells++ > 0)
				do
					buf_putc(&b, ' ');
				while (b.n % 8 != 0);
			i += n;
		} else if ((n = known_tag(s + i, len - i, '<', '>', html_tags,
		    sizeof html_tags / sizeof *html_tags)) > 0 ||
		    (n = known_tag(s + i, len - i, '[', ']', bbcode_tags,
		    sizeof bbcode_tags / sizeof *bbcode_tags)) > 0) {
			i += n;
		} else if (s[i] == '*' && i + 1 < len && s[i + 1] == '*' &&
		    (i + 2 >= len || s[i + 2] != '*') &&
		    (i == 0 || s[i - 1] != '*')) {
			/* Markdown **bold** around figures, not a rule of
			 * stars ("*****Fio_Job*****") */
			i += 2;
		} else if (s[i] == '`') {
			i++;
		} else if (s[i] == '&' && (n = entity_at(s + i, len - i, &c))) {
			buf_putc(&b, c);
			i += n;
		} else if ((unsigned char)s[i] == 0xc2 && i + 1 < len &&
		    (unsigned char)s[i + 1] == 0xa0) {
			buf_putc(&b, ' ');	/* UTF-8 no-break space */
			i += 2;
		} else if (s[i] == '\t') {
			do
				buf_putc(&b, ' ');
			while (b.n % 8 != 0);
			i++;
		} else if (s[i] == '\r' || s[i] == '\0') {
			i++;	/* a CR of CRLF, or a stray NUL byte */
		} else {
			buf_putc(&b, s[i++]);
		}
	}
	/* "text<br />" at the end of a line ends that line only. */
	if (b.n > 0 || pieces == 0)
		add_line(out, no, b.p, b.n, 0);
	free(b.p);
}

/* Removes mail and forum quote prefixes ("> ", ">>", "| ") and a
 * "# " comment prefix from l; counts the quote levels. */
static void
strip_prefixes(struct line *l)
{
	size_t i = 0, keep;
	int levels = 0;

	for (;;) {
		size_t j = i;

		while (j < l->len && j - i < 4 && l->text[j] == ' ')
			j++;
		if (j < l->len && (l->text[j] == '>' || l->text[j] == '|')) {
			i = j + 1;
			if (i < l->len && l->text[i] == ' ')
				i++;
			levels++;
			continue;
		}
		break;
	}
	if (i < l->len && l->text[i] == '#' &&
	    (i + 1 == l->len || l->text[i + 1] == ' ')) {
		i++;
		if (i < l->len)
			i++;
		l->heading = i < l->len && isupper((unsigned char)l->text[i]);
	}
	keep = l->len - i;
	memmove(l->text, l->text + i, keep + 1);
	l->len = keep;
	l->quote = levels;
}

/* A Markdown hard line break, a "\\" ending the line (pages that turn
 * a post into Markdown put one after every line of a table). */
static void
drop_hard_break(struct line *l)
{
	if (l->len > 0 && l->text[l->len - 1] == '\\' &&
	    (l->len == 1 || l->text[l->len - 2] != '\\')) {
		l->shell_break = l->len > 1 && l->text[l->len - 2] == ' ';
		l->text[--l->len] = '\0';
	}
}

/* A Markdown code fence: the line says nothing about the figures. */
static int
is_fence(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && l->text[i] == ' ')
		i++;
	return l->len - i >= 3 && (strncmp(l->text + i, "```", 3) == 0 ||
	    strncmp(l->text + i, "~~~", 3) == 0);
}

static bool starts_results(const char *s, size_t len);

/* Whether a line of a hunk (its marker first) holds results: a bonnie++
 * table's or CSV line's start (starts_results), or a line of fio's
 * ("read: IOPS=", "iops=", "\"jobname\""). */
static bool
hunk_results(const char *s, size_t len)
{
	static const char *const fio[] = {"IOPS=", "iops=", "\"jobname\""};

	if (len == 0)
		return false;
	if (starts_results(s + 1, len - 1))
		return true;
	for (size_t k = 0; k < sizeof fio / sizeof *fio; k++)
		for (size_t i = 0; i + strlen(fio[k]) <= len; i++)
			if (memcmp(s + i, fio[k], strlen(fio[k])) == 0)
				return true;
	return false;
}

int
lines_diff_header(const char *s)
{
	return strncmp(s, "diff ", 5) == 0 || (strncmp(s, "index ", 6) == 0 &&
	    strstr(s, "..")) || strncmp(s, "--- ", 4) == 0 ||
	    strncmp(s, "+++ ", 4) == 0;
}

int
lines_is_diff(const char *buf, size_t len)
{
	bool in_hunk = false;

	/* Only the starts of lines can hold a hunk header. A diff of
	 * results has results in a hunk; a patch of code quoted in a post
	 * is read as it is. */
	for (size_t i = 0; i < len; ) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - buf) - i : len - i;

		if (n > 4 && memcmp(buf + i, "@@ -", 4) == 0 &&
		    isdigit((unsigned char)buf[i + 4]))
			in_hunk = true;
		else if ((n >= 5 && memcmp(buf + i, "diff ", 5) == 0) ||
		    (n >= 4 && memcmp(buf + i, "--- ", 4) == 0))
			in_hunk = false;
		else if (in_hunk && hunk_results(buf + i, n))
			return 1;
		if (nl == NULL)
			break;
		i = (size_t)(nl - buf) + 1;
	}
	return 0;
}

/* Whether the text after a side's marker starts a bonnie++ table or is
 * a CSV line: what makes a marked line one side of a diff of results. */
static bool
starts_results(const char *s, size_t len)
{
	static const char *const starts[] = {
		"Version ", "Version\t", "Machine ", "Name:Size", "Latency ",
	};
	size_t commas = 0;

	if (len > 0 && s[0] == ' ')
		s++, len--;
	for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
		if (len >= strlen(starts[k]) &&
		    memcmp(s, starts[k], strlen(starts[k])) == 0)
			return true;
	for (size_t i = 0; i < len; i++)
		commas += s[i] == ',';
	return commas >= 20;
}

/* How many bytes of mail quoting ("> ", ">", "| ") s[0..n) starts
 * with: a reply may quote a before/after paste, its markers after. */
static size_t
quote_prefix_len(const char *s, size_t n)
{
	size_t q = 0;

	while (q < n && (s[q] == '>' || (s[q] == '|' && q + 1 < n &&
	    s[q + 1] == ' '))) {
		q++;
		if (q < n && s[q] == ' ')
			q++;
	}
	return q;
}

int
lines_is_marked_diff(const char *buf, size_t len, enum diff_marks *marks)
{
	bool seen[4] = {false};	/* '-', '+', '<', '>' */
	static const char sides[] = "-+<>";

	for (size_t i = 0; i < len; ) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - buf) : len;
		const char *at = strchr(sides, buf[i]);
		/* "-"/"+" may stand after a quote; "<"/">" only first */
		size_t q = quote_prefix_len(buf + i, end - i);
		const char *pm = q > 0 && q < end - i ?
		    strchr("-+", buf[i + q]) : NULL;

		if (buf[i] != '\0' && at != NULL &&
		    starts_results(buf + i + 1, end - i - 1))
			seen[at - sides] = true;
		else if (pm && *pm && starts_results(buf + i + q + 1,
		    end - i - q - 1))
			seen[pm - "-+"] = true;
		i = end + 1;
	}
	if (seen[2] && seen[3])
		*marks = MARKS_ANGLE;
	else if (seen[0] && seen[1])
		*marks = MARKS_PLUS_MINUS;
	else
		return 0;
	return 1;
}

/* A line of diff's normal format that is no side: "3,4c3,4", "5a6",
 * "2d1" and the "---" between the two sides of a change. */
static bool
is_angle_command(const struct line *l)
{
	size_t i = 0;
	int letters = 0;

	if (strcmp(l->text, "---") == 0)
		return true;
	for (; i < l->len; i++) {
		char c = l->text[i];

		if (c == 'a' || c == 'c' || c == 'd')
			letters++;
		else if (!isdigit((unsigned char)c) && c != ',')
			return false;
	}
	return l->len > 0 && letters == 1 && isdigit((unsigned char)l->text[0]) &&
	    isdigit((unsigned char)l->text[l->len - 1]);
}

/* Removes the first n bytes of a line. */
static void
drop_front(struct line *l, size_t n)
{
	memmove(l->text, l->text + n, l->len - n + 1);
	l->len -= n;
}

/* Applies the side to a line of a diff without hunks, whose sides are
 * marked old and new: returns 0 to drop it. Unmarked lines (prose,
 * context) belong to both sides. */
static int
keep_marked_line(struct line *l, enum diff_side side, char old, char new)
{
	char c = l->len ? l->text[0] : ' ';

	if (side == SIDE_ALL)
		return 1;
	if (old == '<' && is_angle_command(l))
		return 0;
	if ((c == new && side == SIDE_OLD) || (c == old && side == SIDE_NEW))
		return 0;
	if (c == old || c == new)
		drop_front(l, old == '<' && l->len > 1 && l->text[1] == ' ' ?
		    2 : 1);
	return 1;
}

/* *in_hunk of keep_diff_line: outside a hunk; inside, after a short
 * line; inside, after a line a mail client may have cut, whose rest,
 * unmarked, is still the hunk's. */
enum { HUNK_OUT, HUNK_IN, HUNK_AFTER_LONG };
#define HUNK_WRAP_WIDTH 60

/* Applies the diff side to a clean line: returns 0 to drop it. An
 * unmarked line ends the hunk (the post goes on under a patch), but for
 * the rest of a long line cut by a mail client. */
static int
keep_diff_line(struct line *l, enum diff_side side, int *in_hunk)
{
	char c = l->len ? l->text[0] : ' ';
	int was = *in_hunk;

	if (side == SIDE_ALL)
		return 1;
	if (strncmp(l->text, "@@ -", 4) == 0) {
		*in_hunk = HUNK_IN;
		return 0;
	}
	if (lines_diff_header(l->text)) {
		*in_hunk = HUNK_OUT;
		return 0;
	}
	if (was == HUNK_OUT)
		return 1;
	*in_hunk = l->len >= HUNK_WRAP_WIDTH ? HUNK_AFTER_LONG : HUNK_IN;
	if (c != ' ' && c != '+' && c != '-' && c != '\\') {
		if (was != HUNK_AFTER_LONG)
			*in_hunk = HUNK_OUT;	/* past the hunk */
		return 1;
	}
	if (c == '\\')
		return 0;	/* "\ No newline at end of file" */
	if ((c == '+' && side == SIDE_OLD) || (c == '-' && side == SIDE_NEW))
		return 0;
	if (l->len > 0 && (c == '+' || c == '-' || c == ' ')) {
		memmove(l->text, l->text + 1, l->len);
		l->len--;
	}
	return 1;
}

/* Cleans one physical line into out, keeping what the diff side wants. */
static void
take_physical(struct lines *out, long no, const char *s, size_t len,
    enum diff_side side, int *in_hunk)
{
	size_t first = out->n, kept = first;

	if (out->max_len > 0 && len > out->max_len) {
		add_line(out, no, "", 0, 0);
		out->v[first].too_long = 1;
		return;
	}
	clean_physical(out, no, s, len);
	for (size_t k = first; k < out->n; k++) {
		struct line *l = &out->v[k];

		/* "> " is the new side before it can be a quote. */
		if (out->marks == MARKS_ANGLE &&
		    !keep_marked_line(l, side, '<', '>'))
			continue;	/* its text stays in its chunk */
		strip_prefixes(l);
		drop_hard_break(l);
		if (is_fence(l)) {
			l->len = 0;
			l->text[0] = '\0';
		}
		if (out->marks == MARKS_PLUS_MINUS ?
		    !keep_marked_line(l, side, '-', '+') :
		    out->marks == MARKS_UNIFIED &&
		    !keep_diff_line(l, side, in_hunk))
			continue;
		out->v[kept++] = *l;
	}
	out->n = kept;
}

/* The longest line quoted-printable writes (RFC 2045: 76 characters
 * before the line end) and the least soft breaks that say a mail was
 * kept as it was sent, not decoded. */
#define QP_LINE_MAX 76
#define QP_MIN_SOFT 2

static size_t
without_cr(const char *s, size_t n)
{
	return n > 0 && s[n - 1] == '\r' ? n - 1 : n;
}

/* Where a mail's body starts: after its header block (lines of "Name:
 * value" and their folded go-ons, up to a blank line), which is never
 * encoded and may be long (a Subject); 0 for a text that starts with no
 * header. */
static size_t
body_start(const char *buf, size_t len)
{
	size_t start = 0, headers = 0;

	while (start < len) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = without_cr(buf + start, end - start), name = 0;

		/* buf is not NUL-terminated: the name within the line */
		while (name < n && (isalnum((unsigned char)buf[start + name]) ||
		    buf[start + name] == '-'))
			name++;

		if (n == 0)
			return headers > 0 ? end + 1 : 0;
		if (name > 0 && name < n && buf[start + name] == ':')
			headers++;
		else if (headers == 0 || (buf[start] != ' ' &&
		    buf[start] != '\t'))
			return 0;
		start = end + 1;
	}
	return 0;
}

/* Whether buf is a mail body still in quoted-printable: no line longer
 * than the encoding allows, and soft breaks ("=" ending a long line)
 * on at least two of them; a mail's headers aside. */
static bool
is_quoted_printable(const char *buf, size_t len)
{
	size_t start = body_start(buf, len), soft = 0;

	while (start < len) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = without_cr(buf + start, end - start);

		if (n > QP_LINE_MAX)
			return false;
		soft += n >= QP_LINE_MAX - 16 && buf[start + n - 1] == '=';
		start = end + 1;
	}
	return soft >= QP_MIN_SOFT;
}

static int
hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Appends s[0..n) decoded: "=XX" (upper-case hex, as RFC 2045 writes
 * it) is the byte XX; any other "=" stays. */
static void
put_qp_decoded(struct buf *b, const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		int hi = -1, lo = -1;

		if (s[k] == '=' && k + 2 < n) {
			hi = hex_digit(s[k + 1]);
			lo = hex_digit(s[k + 2]);
		}
		if (hi >= 0 && lo >= 0) {
			buf_putc(b, (char)(hi * 16 + lo));
			k += 2;
		} else {
			buf_putc(b, s[k]);
		}
	}
}

/* Reads a quoted-printable body: the lines a soft break ends are joined
 * to the next, each joined line keeping the number of its first. */
static void
read_quoted_printable(struct lines *out, const char *buf, size_t len,
    size_t start, enum diff_side side, int *in_hunk)
{
	struct buf joined = {0};
	long no = 1, first = 1;

	while (start < len) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = without_cr(buf + start, end - start);
		bool soft = n > 0 && buf[start + n - 1] == '=';

		if (joined.n == 0)
			first = no;
		put_qp_decoded(&joined, buf + start, soft ? n - 1 : n);
		no++;
		start = end + 1;
		if (soft && start < len)
			continue;
		take_physical(out, first, joined.p ? joined.p : "", joined.n,
		    side, in_hunk);
		joined.n = 0;
	}
	buf_free(&joined);
}

bool
lines_quoted_printable(const char *buf, size_t len)
{
	return is_quoted_printable(buf, len);
}

char *
lines_qp_decode(const char *buf, size_t len, size_t *out_len)
{
	struct buf b = {0};
	size_t start = 0;

	while (start < len) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = without_cr(buf + start, end - start);
		bool soft = n > 0 && buf[start + n - 1] == '=';

		put_qp_decoded(&b, buf + start, soft ? n - 1 : n);
		if (!soft && nl)
			buf_putc(&b, '\n');
		start = end + 1;
	}
	*out_len = b.n;
	return b.p ? buf_take(&b) : xstrdup("");
}

void
lines_read(struct lines *out, const char *buf, size_t len,
    enum diff_side side)
{
	size_t start = 0;
	long no = 1;
	int in_hunk = 0;

	/* A UTF-8 byte order mark is not part of the first line. */
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	if (is_quoted_printable(buf + start, len - start)) {
		read_quoted_printable(out, buf, len, start, side, &in_hunk);
		return;
	}
	while (start < len) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;

		take_physical(out, no++, buf + start, end - start, side,
		    &in_hunk);
		start = end + 1;
	}
}

/* Whether a clean line stands inside a unified diff's hunk as one of
 * its own: context, old, new or "\\ No newline". */
static bool
is_hunk_line(const char *text, int in_hunk)
{
	return in_hunk && strchr(" +-\\", text[0]) != NULL && text[0] != '\0';
}

char *
lines_side_text(const char *buf, size_t len, enum diff_side side,
    enum diff_marks marks, size_t *out_len)
{
	struct buf b = {0};
	size_t start = 0, pending = 0;
	int in_hunk = 0;
	bool under_context = false, defer = false;

	while (start < len) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		char *copy = xstrndup(buf + start, end - start);
		size_t q = marks == MARKS_PLUS_MINUS ?
		    quote_prefix_len(copy, end - start) : 0;
		struct line l = {.text = copy + q, .len = end - start - q};
		bool marked = marks != MARKS_UNIFIED && l.len > 0 &&
		    strchr(marks == MARKS_ANGLE ? "<>" : "-+", l.text[0]);
		bool hunk;
		int keep;

		/* Marked lines right under an unmarked one (the rows of
		 * both sides under the header they share) are a hunk too. */
		defer = marked && (defer || under_context);
		under_context = !marked && l.len > 0;
		hunk = marks == MARKS_UNIFIED ? is_hunk_line(l.text, in_hunk) :
		    defer;
		keep = marks == MARKS_UNIFIED ?
		    keep_diff_line(&l, side, &in_hunk) :
		    marks == MARKS_ANGLE ? keep_marked_line(&l, side, '<', '>') :
		    keep_marked_line(&l, side, '-', '+');

		/* A line of the other side stays, empty, so that every line
		 * keeps its number; inside a hunk, where the two sides
		 * interleave, only at the hunk's end, so that no table is
		 * cut (lines of the hunk move up by as many). A quote before
		 * the marker stays. */
		if (!keep && hunk) {
			pending++;
		} else {
			for (; !hunk && pending > 0; pending--)
				buf_putc(&b, '\n');
			if (keep) {
				buf_add(&b, copy, q);
				buf_add(&b, l.text, l.len);
			}
			buf_putc(&b, '\n');
		}
		free(copy);
		start = end + 1;
	}
	for (; pending > 0; pending--)
		buf_putc(&b, '\n');
	*out_len = b.n;
	return b.p ? buf_take(&b) : xstrdup("");
}

void
lines_free(struct lines *ls)
{
	while (ls->chunks != NULL) {
		struct line_chunk *next = ls->chunks->next;

		free(ls->chunks);
		ls->chunks = next;
	}
	free(ls->v);
	memset(ls, 0, sizeof *ls);
}
