/* "check --format eml": the mail digest as a whole message that
 * `sendmail -t` sends as it is: RFC 5322 headers, a UTF-8 text/plain
 * part (quoted-printable when it is not ASCII) and the charts of what
 * fails as PNG attachments (base64), in multipart/mixed. Lines end in LF,
 * the form sendmail and mail programs take a message in; the MTA writes
 * CRLF on the wire. Nothing depends on the clock: the Date is
 * SOURCE_DATE_EPOCH's when the caller gives one, else left to the MTA,
 * as is the Message-ID. */
#include "render/render.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The boundary between parts: "=_" cannot occur in quoted-printable or
 * base64 text, so no part can hold it. */
#define BOUNDARY "=_benchsite_part"

/* The longest line of an encoded body, as RFC 2045 allows. */
#define ENCODED_WIDTH 76

/* "Tue, 14 Nov 2023 22:13:20 +0000" into buf (at least 40 bytes), in
 * English whatever the locale. */
static void
rfc5322_date(time_t t, char *buf)
{
	static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu",
	    "Fri", "Sat"};
	static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May",
	    "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
	struct tm tm;

	gmtime_r(&t, &tm);
	snprintf(buf, 40, "%s, %02d %s %04d %02d:%02d:%02d +0000",
	    days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900,
	    tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* A header whose value is ASCII, folded at spaces before 78 columns. */
static void
header(FILE *out, const char *name, const char *value)
{
	size_t col = strlen(name) + 1;

	fputs(name, out);
	fputc(':', out);
	while (*value) {
		size_t w = strcspn(value, " ");

		if (col + 1 + w > 78 && col > strlen(name) + 1) {
			fputs("\n", out);
			col = 0;
		}
		fputc(' ', out);
		fwrite(value, 1, w, out);
		col += 1 + w;
		value += w;
		while (*value == ' ')
			value++;
	}
	fputc('\n', out);
}

static bool
is_ascii(const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if ((unsigned char)s[k] >= 0x80)
			return false;
	return true;
}

/* Quoted-printable (RFC 2045 6.7): printable ASCII as it is, spaces but
 * at a line's end, the rest as =XX, and soft line breaks before 76. */
static void
quoted_printable(FILE *out, const char *s, size_t n)
{
	size_t col = 0;

	for (size_t k = 0; k < n; k++) {
		unsigned char c = (unsigned char)s[k];
		bool eol_next = k + 1 == n || s[k + 1] == '\n';
		char enc[4];

		if (c == '\n') {
			fputc('\n', out);
			col = 0;
			continue;
		}
		if ((c >= 33 && c <= 126 && c != '=') || (c == ' ' && !eol_next))
			snprintf(enc, sizeof enc, "%c", c);
		else
			snprintf(enc, sizeof enc, "=%02X", c);
		if (col + strlen(enc) > ENCODED_WIDTH - 1) {
			fputs("=\n", out);
			col = 0;
		}
		fputs(enc, out);
		col += strlen(enc);
	}
}

static void
base64(FILE *out, const unsigned char *p, size_t n)
{
	static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789+/";
	size_t col = 0;

	for (size_t k = 0; k < n; k += 3) {
		unsigned v = (unsigned)p[k] << 16 | (k + 1 < n ? p[k + 1] : 0) <<
		    8 | (k + 2 < n ? p[k + 2] : 0);
		char q[5] = {abc[v >> 18 & 63], abc[v >> 12 & 63],
		    k + 1 < n ? abc[v >> 6 & 63] : '=', k + 2 < n ? abc[v & 63] :
		    '=', '\0'};

		fputs(q, out);
		if ((col += 4) >= ENCODED_WIDTH) {
			fputc('\n', out);
			col = 0;
		}
	}
	if (col)
		fputc('\n', out);
}

static void
message_headers(FILE *out, const struct analysis *an,
    const struct eml_opts *o)
{
	char date[40], *subject = xasprintf("[benchsite] %s%s",
	    an->gate.runs[RUN_FAILS] ? "FAIL: " : "", an->gate.headline);

	header(out, "From", o->from ? o->from : EML_DRAFT_FROM);
	header(out, "To", o->to ? o->to : EML_DRAFT_TO);
	header(out, "Subject", subject);
	if (o->dated) {
		rfc5322_date(o->date, date);
		header(out, "Date", date);
	}
	header(out, "MIME-Version", "1.0");
	header(out, "Content-Type", "multipart/mixed; boundary=\"" BOUNDARY
	    "\"");
	fputs("\nThis is a message in MIME format.\n", out);
	free(subject);
}

static void
body_part(FILE *out, const char *body, size_t len)
{
	bool ascii = is_ascii(body, len);

	fputs("\n--" BOUNDARY "\n", out);
	header(out, "Content-Type", "text/plain; charset=utf-8");
	header(out, "Content-Transfer-Encoding", ascii ? "7bit" :
	    "quoted-printable");
	fputc('\n', out);
	if (ascii)
		fwrite(body, 1, len, out);
	else
		quoted_printable(out, body, len);
}

static int
chart_part(FILE *out, const struct analysis *an, const struct eml_opts *o,
    const struct mail_chart *c, struct diags *d)
{
	unsigned char *png;
	size_t len;
	char err[256] = "", *v;

	if (mail_chart_png(an, o->fonts, c, &png, &len, err) != 0) {
		diags_add(d, MSG_SYSERR, c->name, 0, "%s", err);
		return -1;
	}
	fputs("\n--" BOUNDARY "\n", out);
	v = xasprintf("image/png; name=\"%s\"", c->name);
	header(out, "Content-Type", v);
	free(v);
	header(out, "Content-Transfer-Encoding", "base64");
	v = xasprintf("attachment; filename=\"%s\"", c->name);
	header(out, "Content-Disposition", v);
	free(v);
	fputc('\n', out);
	base64(out, png, len);
	free(png);
	return 0;
}

int
render_check_eml(FILE *out, const struct analysis *an,
    const struct eml_opts *o, struct diags *d)
{
	char *body = NULL;
	size_t len = 0, n;
	struct mail_chart *ch;
	FILE *mem = open_memstream(&body, &len);
	int rc = 0;

	if (mem == NULL)
		return -1;
	n = mail_charts(an, &ch);
	render_mail_digest(mem, an, d, true, n ? "Charts attached:" :
	    NULL);
	fclose(mem);
	message_headers(out, an, o);
	body_part(out, body, len);
	for (size_t k = 0; k < n && rc == 0; k++)
		rc = chart_part(out, an, o, &ch[k], d);
	fputs("\n--" BOUNDARY "--\n", out);
	mail_charts_free(ch, n);
	free(body);
	return rc == 0 && !ferror(out) ? 0 : -1;
}
