/* The analysis where people discuss it: a mail body that never passes 72
 * columns, Markdown for a pull-request comment or job summary, JUnit XML
 * for CI, and the PNG charts the mail refers to. Takes the analysis
 * const. */
#include "render/bars.h"
#include "model/display.h"
#include "render/render.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <errno.h>
#include <libxml/tree.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAIL_WIDTH 72

/* ---- text for mail: ASCII folding and wrapping by columns ---- */

/* Prints text wrapped to MAIL_WIDTH: the first line after prefix and a
 * space, the others indented; ASCII unless utf8. */
static void
mail_wrap(FILE *out, const char *prefix, const char *text, size_t indent,
    bool utf8)
{
	char *t = utf8 ? xstrdup(text) : render_ascii(text);

	fputs(prefix, out);
	render_wrapped(out, t, render_columns(prefix, strlen(prefix)), indent,
	    MAIL_WIDTH);
	free(t);
}

/* The metrics the gate fails on, in metric order; returns the count. */
static int
failing_metrics(const struct analysis *an, bool *which)
{
	int n = 0;

	memset(which, 0, M_COUNT * sizeof *which);
	for (size_t k = 0; k < an->nf; k++) {
		const struct finding *f = &an->f[k];

		if (f->metric >= 0 && f->gated && !f->ack && !which[f->metric]) {
			which[f->metric] = true;
			n++;
		}
	}
	return n;
}

static void
mail_verdict(FILE *out, const struct analysis *an, bool utf8)
{
	char *counts = gate_counts(an, NULL, 0);
	char *line = xasprintf("benchsite: %zu runs: %s.", an->set->n, counts);

	mail_wrap(out, "", line, 0, utf8);
	free(line);
	free(counts);
}

/* The failing findings, surest first (failing), or the patterns. */
static void
mail_list(FILE *out, const struct analysis *an, bool utf8, bool failing)
{
	bool any = false;

	for (size_t k = 0; k < an->nf; k++) {
		const struct finding *f = &an->f[k];
		char *lead;

		if (failing ? !(f->gated && !f->ack) : f->kind != FIND_PATTERN)
			continue;
		if (!any)
			fputs(failing ? "\nWhat fails, surest and largest first:\n" :
			    "\nWhat the failing runs share:\n", out);
		any = true;
		lead = f->run >= 0 ? xasprintf("%s: %s", an->set->runs[f->run].id,
		    f->text) : xstrdup(f->text);
		mail_wrap(out, "*", lead, 2, utf8);
		free(lead);
		if (f->explain)
			mail_wrap(out, "  Differs:", f->explain, 4, utf8);
		if (f->caveat)
			mail_wrap(out, "  Not like for like:", f->caveat, 4, utf8);
	}
}

/* "  55.7 |####......|  19%": a run's figure, a bar and its verdict. */
static void
mail_row(FILE *out, const struct analysis *an, size_t i, enum metric_id id,
    double top, bool utf8)
{
	const struct metric_summary *m = &analysis_sum(an, i)[id];
	const struct run_analysis *ra = &an->runs[i];
	struct scaled_metric scv;
	const struct scaled_metric *sc = analysis_scaled(an, i, id, &scv) ?
	    &scv : NULL;
	const struct target *tg = analysis_target(an, i, id);
	double rel = analysis_change(an, i, id).rel;
	char name[64], fig[32] = "", note[32] = "";
	const char *id_s = an->set->runs[i].id;
	size_t len = strlen(id_s), filled = 0;
	int w = 16;

	/* Runs of one series differ at the end of their names: elide the
	 * middle. (Non-ASCII names count bytes here; rare in run ids.) */
	if (len > 28)
		snprintf(name, sizeof name, "%.12s%s%s", id_s, utf8 ? "\u2026" :
		    "...", id_s + len - (utf8 ? 15 : 13));
	else
		snprintf(name, sizeof name, "%s", id_s);
	if (m->state == VS_OK) {
		display_format(id, display_value(id, m->median), fig);
		filled = top > 0 ? (size_t)(w * m->median / top + 0.5) : 0;
	} else {
		snprintf(fig, sizeof fig, m->state == VS_TOO_FAST ? "+++++" :
		    "-");
	}
	if (sc)
		snprintf(note, sizeof note, "%3.0f%% of exp", 100 *
		    sc->efficiency);
	else if (tg)
		snprintf(note, sizeof note, "%3.0f%% of tgt", 100 * tg->ratio);
	else if (ra->change[id].verdict == VERDICT_SAME)
		snprintf(note, sizeof note, "~ %+.1f%%", 100 * rel);
	else if (ra->change[id].verdict == VERDICT_REGRESSION ||
	    ra->change[id].verdict == VERDICT_IMPROVEMENT)
		snprintf(note, sizeof note, "%+.1f%%", 100 * rel);
	fprintf(out, "%s%*s %7s ", name, (int)(28 - render_columns(name,
	    strlen(name))), "", fig);
	fputs(utf8 ? "\u2502" : "|", out);
	for (int k = 0; k < w; k++)
		fputs(k < (int)filled ? (utf8 ? "\u2588" : "#") :
		    (utf8 ? "\u00b7" : "."), out);
	fputs(utf8 ? "\u2502" : "|", out);
	fprintf(out, " %s%s\n", note, analysis_flagged(an, i, id) ? " !" : "");
}

static void
mail_tables(FILE *out, const struct analysis *an, const bool *which, bool utf8)
{
	for (int id = 0; id < M_COUNT; id++) {
		double top = 0;

		if (!which[id])
			continue;
		for (size_t i = 0; i < an->set->n; i++)
			if (analysis_judged(an, i, id) &&
			    analysis_sum(an, i)[id].state == VS_OK &&
			    analysis_sum(an, i)[id].median > top)
				top = analysis_sum(an, i)[id].median;
		fprintf(out, "\n%s (%s; ~ = no significant change, ! = fails)\n",
		    metric_defs[id].label, display_unit(id));
		for (size_t i = 0; i < an->set->n; i++)
			if (analysis_judged(an, i, id))
				mail_row(out, an, i, id, top, utf8);
	}
}

int
render_check_mail(FILE *out, const struct analysis *an, bool utf8)
{
	bool which[M_COUNT];
	int n = failing_metrics(an, which);

	mail_verdict(out, an, utf8);
	mail_list(out, an, utf8, true);
	mail_list(out, an, utf8, false);
	mail_tables(out, an, which, utf8);
	if (n > 0) {
		fputs("\nCharts to attach:", out);
		for (int id = 0; id < M_COUNT; id++)
			if (which[id])
				fprintf(out, " %s.png", metric_defs[id].key);
		fputc('\n', out);
	}
	return ferror(out) ? -1 : 0;
}

int
render_attachments(const struct analysis *an, const struct chart_fonts *fonts,
    const char *dir, struct diags *d)
{
	size_t *all = xcalloc(an->set->n ? an->set->n : 1, sizeof *all);
	bool which[M_COUNT];
	int rc = 0;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diags_add(d, MSG_SYSERR, dir, 0, "cannot create: %s",
		    strerror(errno));
		free(all);
		return -1;
	}
	failing_metrics(an, which);
	for (size_t i = 0; i < an->set->n; i++)
		all[i] = i;
	for (int id = 0; id < M_COUNT && rc == 0; id++) {
		struct chart_bar *bars;
		unsigned char *png;
		char err[256] = "", *path;
		size_t len;
		FILE *f;

		if (!which[id])
			continue;
		bars = chart_bars(an, id, all, an->set->n, NULL, NULL);
		struct chart c = {metric_defs[id].label, display_unit(id),
		    chart_note(id), bars, an->set->n};

		path = xasprintf("%s/%s.png", dir, metric_defs[id].key);
		if (chart_png(&c, fonts, 1, &png, &len, err) != 0) {
			diags_add(d, MSG_SYSERR, path, 0, "%s", err);
			rc = -1;
		} else {
			if ((f = fopen(path, "wb")) == NULL ||
			    fwrite(png, 1, len, f) != len || fclose(f) != 0) {
				diags_add(d, MSG_SYSERR, path, 0, "cannot write: "
				    "%s", strerror(errno));
				rc = -1;
			}
			free(png);
		}
		free(path);
		chart_bars_free(bars, an->set->n);
	}
	free(all);
	return rc;
}

/* ---- Markdown ---- */

/* User text in Markdown and in the HTML GitHub allows in it: table
 * pipes, markup and emphasis characters are escaped. */
static void
md_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '\n':
			fputc(' ', out);
			break;
		case '|': case '*': case '_': case '`': case '[': case ']':
		case '\\': case '#': case '~':
			fputc('\\', out);
			fputc(*s, out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

static void
md_finding_row(FILE *out, const struct analysis *an, const struct finding *f)
{
	fprintf(out, "| %s%s | ", f->gated && !f->ack ? "\u274c " : "",
	    finding_names[f->kind]);
	md_text(out, f->run >= 0 ? an->set->runs[f->run].id : "all runs");
	fputs(" | ", out);
	md_text(out, f->text);
	if (f->explain) {
		fputs("<br>Differs: ", out);
		md_text(out, f->explain);
	}
	if (f->caveat) {
		fputs("<br>Not like for like: ", out);
		md_text(out, f->caveat);
	}
	if (f->ack) {
		fputs("<br>Acknowledged: ", out);
		md_text(out, f->ack);
	}
	fputs(" |\n", out);
}

static void
md_table(FILE *out, const struct analysis *an, bool failing)
{
	fputs("| | Run | Finding |\n|---|---|---|\n", out);
	for (size_t k = 0; k < an->nf; k++) {
		const struct finding *f = &an->f[k];
		bool fails = f->gated && !f->ack;

		if (fails == failing && (failing || f->kind != FIND_WARNING))
			md_finding_row(out, an, f);
	}
}

int
render_check_markdown(FILE *out, const struct analysis *an)
{
	char *gate = gate_phrase(an->failing);

	fprintf(out, "### %s benchsite: %s\n\n", an->failing ? "\u274c" :
	    "\u2705", gate);
	free(gate);
	gate = gate_counts(an, NULL, 0);
	fprintf(out, "%zu runs: %s.\n\n", an->set->n, gate);
	free(gate);
	if (an->failing > 0)
		md_table(out, an, true);
	fputs("\n<details><summary>Everything else (improvements, weak scaling, "
	    "what does not fail)</summary>\n\n", out);
	md_table(out, an, false);
	fputs("\n</details>\n", out);
	return ferror(out) ? -1 : 0;
}

/* ---- JUnit ---- */

static xmlNodePtr
junit_case(xmlNodePtr suite, const struct analysis *an, size_t i, int metric,
    int *failures)
{
	xmlNodePtr tc = xmlNewChild(suite, NULL, BAD_CAST "testcase", NULL);

	xmlSetProp(tc, BAD_CAST "classname", BAD_CAST an->set->runs[i].id);
	xmlSetProp(tc, BAD_CAST "name", BAD_CAST metric_defs[metric].key);
	for (size_t k = 0; k < an->nf; k++) {
		const struct finding *f = &an->f[k];
		xmlNodePtr fail;
		char *body;

		if (f->run != (long)i || f->metric != metric || !f->gated)
			continue;
		if (f->ack) {
			xmlNodePtr sk = xmlNewChild(tc, NULL, BAD_CAST "skipped",
			    NULL);
			char *msg = xasprintf("acknowledged: %s", f->ack);

			xmlSetProp(sk, BAD_CAST "message", BAD_CAST msg);
			free(msg);
			continue;
		}
		body = xasprintf("%s%s%s%s%s", f->text, f->explain ?
		    "\nDiffers: " : "", f->explain ? f->explain : "",
		    f->caveat ? "\nNot like for like: " : "",
		    f->caveat ? f->caveat : "");
		/* xmlNewTextChild escapes; libxml2 writes the tree. */
		fail = xmlNewTextChild(tc, NULL, BAD_CAST "failure",
		    BAD_CAST body);
		xmlSetProp(fail, BAD_CAST "message", BAD_CAST f->text);
		xmlSetProp(fail, BAD_CAST "type", BAD_CAST finding_names[f->kind]);
		free(body);
		(*failures)++;
	}
	return tc;
}

int
render_check_junit(FILE *out, const struct analysis *an)
{
	xmlDocPtr doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNodePtr root = xmlNewNode(NULL, BAD_CAST "testsuites");
	int total = 0, failures = 0, rc;
	xmlChar *buf;
	int len;
	char num[32];

	xmlDocSetRootElement(doc, root);
	xmlSetProp(root, BAD_CAST "name", BAD_CAST "benchsite");
	for (size_t i = 0; i < an->set->n; i++) {
		xmlNodePtr suite = xmlNewChild(root, NULL, BAD_CAST "testsuite",
		    NULL);
		int tests = 0, fails = 0;

		xmlSetProp(suite, BAD_CAST "name", BAD_CAST an->set->runs[i].id);
		for (int m = 0; m < M_COUNT; m++) {
			if (!analysis_judged(an, i, m))
				continue;
			junit_case(suite, an, i, m, &fails);
			tests++;
		}
		snprintf(num, sizeof num, "%d", tests);
		xmlSetProp(suite, BAD_CAST "tests", BAD_CAST num);
		snprintf(num, sizeof num, "%d", fails);
		xmlSetProp(suite, BAD_CAST "failures", BAD_CAST num);
		total += tests;
		failures += fails;
	}
	snprintf(num, sizeof num, "%d", total);
	xmlSetProp(root, BAD_CAST "tests", BAD_CAST num);
	snprintf(num, sizeof num, "%d", failures);
	xmlSetProp(root, BAD_CAST "failures", BAD_CAST num);
	xmlDocDumpFormatMemoryEnc(doc, &buf, &len, "UTF-8", 1);
	rc = fwrite(buf, 1, (size_t)len, out) == (size_t)len ? 0 : -1;
	xmlFree(buf);
	xmlFreeDoc(doc);
	return rc;
}
