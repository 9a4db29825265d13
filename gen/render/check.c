/* "benchsite check": the analysis as a human summary (regressions first)
 * or as JSON with every verdict, its numbers, rule and explanation. */
#include "render/json_util.h"
#include "render/render.h"
#include "base/buf.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <jansson.h>
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Columns a UTF-8 string takes: one per character. */
size_t
render_columns(const char *s, size_t len)
{
	return utf8_columns(s, len);
}

/* Bytes of s that fill at most cols columns. */
static size_t
bytes_for(const char *s, size_t len, size_t cols)
{
	return utf8_span(s, len, cols);
}

void
render_wrapped(FILE *out, const char *text, size_t first_len, size_t indent,
    size_t width, bool names)
{
	size_t col = first_len;
	bool line_start = first_len == 0;

	while (*text) {
		size_t w = strcspn(text, " "), wc = render_columns(text, w);

		if (!line_start && col + 1 + wc > width && col > indent) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
			line_start = true;
		}
		if (!line_start) {
			fputc(' ', out);
			col++;
		}
		if (col + wc > width && width > col && !names) {
			/* A word wider than a line is cut where the line ends. */
			size_t b = bytes_for(text, w, width - col);

			fwrite(text, 1, b, out);
			text += b;
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
			line_start = true;
			continue;
		}
		fwrite(text, 1, w, out);
		col += wc;
		line_start = false;
		text += w;
		while (*text == ' ')
			text++;
	}
	fputc('\n', out);
}

/* ---- ASCII for 7-bit mail ---- */

static const struct {
	const char *utf8, *ascii;
} folds[] = {
	{"\u2192", "->"}, {"\u00d7", "x"}, {"\u201c", "\""}, {"\u201d", "\""},
	{"\u2026", "..."}, {"\u00b7", "-"}, {"\u2013", "-"}, {"\u2014", "--"},
	{"\u26a0", "!"}, {"\u00b5", "u"}, {"\u2018", "'"}, {"\u2019", "'"},
};

char *
render_ascii(const char *text)
{
	char *out = xmalloc(strlen(text) * 3 + 1);
	const char *end = text + strlen(text);
	size_t o = 0;

	while (*text) {
		size_t k, n = 1;

		for (k = 0; k < sizeof folds / sizeof *folds; k++) {
			size_t l = strlen(folds[k].utf8);

			if (strncmp(text, folds[k].utf8, l) == 0) {
				strcpy(out + o, folds[k].ascii);
				o += strlen(folds[k].ascii);
				n = l;
				break;
			}
		}
		if (k == sizeof folds / sizeof *folds) {
			unsigned char c = (unsigned char)*text;

			if (c < 0x80) {
				out[o++] = (char)c;
			} else {
				out[o++] = '?';
				n = utf8_next(text, (size_t)(end - text), 0);
			}
		}
		text += n;
	}
	out[o] = '\0';
	return out;
}

/* ---- the verdict as text: for the terminal and for mail ---- */

/* Prints prefix, then text wrapped to the style's width, the other lines
 * indented; folded to ASCII unless the style allows UTF-8. */
static void
styled(FILE *out, const struct text_style *st, const char *prefix,
    const char *text, size_t indent)
{
	char *t = st->utf8 ? xstrdup(text) : render_ascii(text);

	fputs(prefix, out);
	render_wrapped(out, t, render_columns(prefix, strlen(prefix)), indent,
	    st->width, false);
	free(t);
}

bool
group_spans_runs(const struct analysis *a, const struct finding_group *g)
{
	for (size_t k = 1; k < g->n; k++)
		if (group_finding(a, g, k)->run != group_finding(a, g, 0)->run)
			return true;
	return false;
}

/* Skips a figure at *s, its digits and the word after it ("69500
 * IOPS,", "24%", "266 MiB/s"), when *s is a digit. */
static bool
skip_figure(const char **s)
{
	const char *p = *s;

	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p) || *p == '.' || *p == ',')
		p++;
	p += *p == ' ';
	while (*p && *p != ' ')
		p++;
	*s = p;
	return true;
}

/* Whether two texts say the same but for their figures: a workload's
 * IOPS and bandwidth caveats ("measured 51000 IOPS", "measured 199
 * MiB/s") are one reason told twice. */
static bool
same_but_figures(const char *x, const char *y)
{
	while (*x && *y) {
		bool fx = skip_figure(&x), fy = skip_figure(&y);

		if (fx != fy)
			return false;
		if (fx)
			continue;
		if (*x++ != *y++)
			return false;
	}
	return *x == *y;
}

/* Whether c[0..n) is one of text y's reasons ("; " parts them). */
static bool
has_clause(const char *y, const char *c, size_t n)
{
	for (const char *p = y;; ) {
		const char *e = strstr(p, "; ");
		size_t m = e ? (size_t)(e - p) : strlen(p);

		if (m == n && strncmp(p, c, n) == 0)
			return true;
		if (e == NULL)
			return false;
		p = e + 2;
	}
}

/* Whether an earlier finding of g than k, of the same run, gave reason
 * c[0..n) in its text t. */
static bool
clause_told(const struct analysis *a, const struct finding_group *g,
    size_t k, int t, const char *c, size_t n)
{
	const struct finding *f = group_finding(a, g, k);

	for (size_t j = 0; j < k; j++) {
		const struct finding *e = group_finding(a, g, j);
		const char *y = finding_detail(e, t);

		if (e->run == f->run && y && has_clause(y, c, n))
			return true;
	}
	return false;
}

/* The reasons of x[from..to) that no earlier finding of the same run
 * gave, "; "-joined into out when it is not NULL (one run's figures of
 * a group share most of their reasons); how many. */
static size_t
reasons_untold(const struct analysis *a, const struct finding_group *g,
    size_t k, int t, const char *x, size_t from, size_t to,
    struct buf *out)
{
	size_t untold = 0;

	for (const char *p = x + from, *end = x + to; p < end; ) {
		const char *e = strstr(p, "; ");
		size_t n = e && e < end ? (size_t)(e - p) : (size_t)(end - p);

		if (!clause_told(a, g, k, t, p, n)) {
			if (out && untold > 0)
				buf_puts(out, "; ");
			if (out)
				buf_add(out, p, n);
			untold++;
		}
		p = e && e < end ? e + 2 : end;
	}
	return untold;
}

/* x, text t of finding k of g, less what an earlier one of g gave whole
 * before or after it ("A; B" where B was told: "A"), as [*from, *to). */
static void
untold_span(const struct analysis *a, const struct finding_group *g,
    size_t k, int t, const char *x, size_t *from, size_t *to)
{
	*from = 0;
	*to = strlen(x);
	for (size_t j = 0; j < k; j++) {
		const char *y = finding_detail(group_finding(a, g, j), t);
		size_t n = y ? strlen(y) : 0;

		if (n == 0 || n + 2 >= *to - *from)
			continue;
		if (strncmp(x + *to - n, y, n) == 0 &&
		    strncmp(x + *to - n - 2, "; ", 2) == 0)
			*to -= n + 2;
		else if (strncmp(x + *from, y, n) == 0 &&
		    strncmp(x + *from + n, "; ", 2) == 0)
			*from += n + 2;
	}
}

char *
detail_untold(const struct analysis *a, const struct finding_group *g,
    size_t k, int t)
{
	const char *x = finding_detail(group_finding(a, g, k), t);
	size_t from, to;
	struct buf b = {0};

	if (x == NULL)
		return NULL;
	untold_span(a, g, k, t, x, &from, &to);
	/* what differs is each run's whole; why not gated, its own */
	if (t != DETAIL_NOT_GATED)
		return xasprintf("%.*s", (int)(to - from), x + from);
	reasons_untold(a, g, k, t, x, from, to, &b);
	return buf_take(&b);
}

bool
detail_told_before(const struct analysis *a, const struct finding_group *g,
    size_t k, int t)
{
	const struct finding *f = group_finding(a, g, k);
	const char *x = finding_detail(f, t);
	size_t from, to;

	if (x == NULL)
		return true;
	for (size_t j = 0; j < k; j++) {
		const struct finding *e = group_finding(a, g, j);
		const char *y = finding_detail(e, t);

		if (y && (strcmp(x, y) == 0 || (e->run == f->run &&
		    same_but_figures(x, y))))
			return true;
	}
	if (t != DETAIL_NOT_GATED)
		return false;
	untold_span(a, g, k, t, x, &from, &to);
	return reasons_untold(a, g, k, t, x, from, to, NULL) == 0;
}

/* A group's details: what differs from its reference, why it is not
 * gated and the acknowledgements, each text once. */
static void
group_details(FILE *out, const struct analysis *a, const struct text_style *st,
    const struct finding_group *g)
{
	bool many = group_spans_runs(a, g);

	for (size_t k = 0; k < g->n; k++) {
		const struct finding *f = group_finding(a, g, k);

		for (int t = 0; t < DETAIL_TEXTS; t++) {
			char *lead, *text;

			if (detail_told_before(a, g, k, t))
				continue;
			lead = many ? xasprintf("     %s, %s:", detail_label(g, f,
			    t), a->set->runs[f->run].id) : xasprintf("     %s:",
			    detail_label(g, f, t));
			text = detail_untold(a, g, k, t);
			styled(out, st, lead, text, 7);
			free(text);
			free(lead);
		}
	}
}

static const char *const section_titles[SECTIONS] = {
	[SECTION_FAILS] = "Fails the gate",
	[SECTION_SHARED] = "What the failing runs share",
	[SECTION_WARNINGS] = "Warnings",
	[SECTION_IMPROVEMENTS] = "Improvements",
};

void
render_verdict_head(FILE *out, const struct analysis *a,
    const struct text_style *st)
{
	char *line = xasprintf("benchsite: %s", a->gate.headline);

	styled(out, st, "", line, 0);
	free(line);
	if (a->gate.causes)
		styled(out, st, "", a->gate.causes, 0);
}

void
render_verdict_section(FILE *out, const struct analysis *a,
    const struct text_style *st, enum verdict_section sec)
{
	size_t n, nf = a->gate.findings[sec];
	const struct finding_group *g = gate_groups(a, sec, &n);

	if (n == 0)
		return;
	fprintf(out, "\n%s (%zu finding%s, %zu cause%s)\n", section_titles[sec],
	    nf, nf == 1 ? "" : "s", n, n == 1 ? "" : "s");
	for (size_t k = 0; k < n && (st->causes == 0 || k < st->causes);
	    k++) {
		char lead[32];

		snprintf(lead, sizeof lead, sec == SECTION_FAILS ? "%3zu." :
		    "   -", k + 1);
		styled(out, st, lead, g[k].text, 5);
		if ((sec == SECTION_FAILS ? st->details : st->details_all) &&
		    (!st->details_changes || g[k].kind == FIND_REGRESSION ||
		    g[k].kind == FIND_IMPROVEMENT))
			group_details(out, a, st, &g[k]);
	}
	if (st->causes > 0 && n > st->causes) {
		char *left = render_causes_left(a, sec, st->causes);

		styled(out, st, "    ", left, 5);
		free(left);
	}
}

char *
render_more_causes(size_t causes, size_t findings)
{
	return xasprintf("... and %zu more cause%s (%zu finding%s): "
	    "`benchsite check` lists them all.", causes, causes == 1 ? "" :
	    "s", findings, findings == 1 ? "" : "s");
}

char *
render_causes_left(const struct analysis *a, enum verdict_section sec,
    size_t shown)
{
	size_t n, findings = 0;
	const struct finding_group *g = gate_groups(a, sec, &n);

	if (shown >= n)
		return xstrdup("");
	for (size_t k = shown; k < n; k++)
		findings += g[k].n;
	return render_more_causes(n - shown, findings);
}

const char *const detail_labels[DETAIL_TEXTS] = {
	"differs", "not gated", "acknowledged",
};

int
render_check_text(FILE *out, const struct analysis *a)
{
	struct text_style st = {78, true, true, false, true, true, 0};

	render_verdict_head(out, a, &st);
	for (int sec = 0; sec < SECTIONS; sec++)
		render_verdict_section(out, a, &st, (enum verdict_section)sec);
	return ferror(out) ? -1 : 0;
}

/* Members as jansson wrote them when the document was one tree: a
 * number with no JSON form (NaN, infinity) is left out. Metric keys are
 * ASCII (read/fio_key.h). */
static void
put_number(struct json_writer *jw, const char *key, double x)
{
	if (isfinite(x))
		jw_figure(jw, key, x);
}

static void
put_number_or_null(struct json_writer *jw, const char *key, bool has,
    double x)
{
	if (has) {
		put_number(jw, key, x);
		return;
	}
	jw_key(jw, key);
	jw_null(jw);
}

static void
put_string(struct json_writer *jw, const char *key, const char *s)
{
	jw_key(jw, key);
	jw_string(jw, s);
}

static void
put_integer(struct json_writer *jw, const char *key, long long v)
{
	jw_key(jw, key);
	jw_integer(jw, v);
}

static void
put_boolean(struct json_writer *jw, const char *key, bool v)
{
	jw_key(jw, key);
	jw_boolean(jw, v);
}

static void
change_write(struct json_writer *jw, const struct analysis *a, size_t i,
    int id)
{
	const struct change *c = analysis_change_of(a, i, id);
	struct change_figures cf = analysis_change(a, i, id);
	bool fig = c->verdict != VERDICT_INSUFFICIENT;

	jw_open(jw, '{');
	put_string(jw, "verdict", verdict_names[c->verdict]);
	put_string(jw, "rule", rule_names[c->rule]);
	put_number_or_null(jw, "base_median", fig, cf.base_median);
	put_number_or_null(jw, "median", fig, cf.median);
	put_number_or_null(jw, "change", fig, cf.rel);
	put_integer(jw, "samples", cf.n);
	put_integer(jw, "base_samples", cf.n_base);
	put_number_or_null(jw, "p", c->p >= 0, c->p);
	put_number_or_null(jw, "noise_fence", c->fence >= 0, c->fence);
	put_integer(jw, "history", c->history);
	jw_close(jw, '}');
}

static void
scaled_write(struct json_writer *jw, const struct analysis *a, size_t i,
    int id, const struct scaled_metric *x)
{
	struct scaled_metric judged;

	jw_open(jw, '{');
	put_number(jw, "factor", x->factor);
	put_number(jw, "factor_high", x->factor_high);
	put_number(jw, "expected", x->expected);
	put_number(jw, "expected_high", x->expected_high);
	put_number(jw, "efficiency", x->efficiency);
	put_string(jw, "level", efficiency_names[x->level]);
	put_boolean(jw, "judged", analysis_scaled(a, i, id, &judged));
	put_string(jw, "reason", scaling_reason(x, analysis_metric(a, id),
	    &a->set->runs[i]));
	jw_close(jw, '}');
}

/* The run's scaling: every metric the model speaks of, judged or only
 * shown (a rough reference, rewrites on parity layouts). */
static void
scaling_write(struct json_writer *jw, const struct analysis *a, size_t i)
{
	const struct scaling *sc = analysis_scaling(a, i);
	const struct run *r = &a->set->runs[i];

	jw_open(jw, '{');
	put_string(jw, "reference", sc && sc->reference >= 0 ?
	    a->set->runs[sc->reference].id : NULL);
	put_string(jw, "why", sc ? sc->why : NULL);
	if (sc) {
		put_boolean(jw, "valid", sc->valid);
		put_integer(jw, "seekers", scaling_model_of(a, sc)->seekers);
	}
	jw_key(jw, "metrics");
	jw_open(jw, '{');
	for (size_t k = 0; sc && k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		struct scaled_metric x;

		if (a->runs[i].change[k].level == EFF_NONE)
			continue;
		x = scaled_figures(a, i, sc, id);
		jw_key(jw, analysis_def(a, id)->key);
		scaled_write(jw, a, i, id, &x);
	}
	jw_close(jw, '}');
	jw_close(jw, '}');
}

static void
targets_write(struct json_writer *jw, const struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];

	jw_open(jw, '{');
	for (size_t k = 0; k < ra->ntargets; k++) {
		const struct target *tv = &a->targets[ra->targets + k];

		jw_key(jw, analysis_def(a, tv->metric)->key);
		jw_open(jw, '{');
		put_number(jw, "target", tv->value);
		put_number(jw, "ratio", tv->ratio);
		put_boolean(jw, "shortfall", tv->shortfall);
		jw_close(jw, '}');
	}
	jw_close(jw, '}');
}

static void
run_write(struct json_writer *jw, const struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];
	const struct run *r = &a->set->runs[i];

	jw_open(jw, '{');
	put_string(jw, "id", r->id);
	put_string(jw, "series", ra->series);
	put_string(jw, "base", ra->base >= 0 ? a->set->runs[ra->base].id :
	    NULL);
	put_string(jw, "base_why", ra->base >= 0 ? ra->base_why : NULL);
	jw_key(jw, "changes");
	jw_open(jw, '{');
	for (size_t k = 0; ra->base >= 0 && k < r->nsum; k++) {
		if (ra->change[k].verdict == VERDICT_NONE)
			continue;
		jw_key(jw, analysis_def(a, run_metric_at(r, k))->key);
		change_write(jw, a, i, run_metric_at(r, k));
	}
	jw_close(jw, '}');
	jw_key(jw, "scaling");
	scaling_write(jw, a, i);
	jw_key(jw, "targets");
	targets_write(jw, a, i);
	jw_key(jw, "cpu_per_display_unit");
	jw_open(jw, '{');
	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		double cpu = analysis_cpu_per_unit(a, i, id);

		if (cpu >= 0)
			put_number(jw, analysis_def(a, id)->key, cpu);
	}
	jw_close(jw, '}');
	jw_close(jw, '}');
}

static const char *const confidence_names[] = {
	[CONFIDENCE_LOW] = "low", [CONFIDENCE_MEDIUM] = "medium",
	[CONFIDENCE_HIGH] = "high",
};

static void
finding_write(struct json_writer *jw, const struct analysis *a,
    const struct finding *f)
{
	jw_open(jw, '{');
	put_string(jw, "kind", finding_names[f->kind]);
	put_string(jw, "run", f->run >= 0 ? a->set->runs[f->run].id : NULL);
	put_string(jw, "metric", f->metric >= 0 ?
	    analysis_def(a, f->metric)->key : NULL);
	put_string(jw, "text", f->text);
	put_string(jw, "differs", f->explain);
	put_string(jw, "not_like_for_like", f->caveat);
	put_boolean(jw, "gated", f->gated);
	put_string(jw, "confidence", f->confidence ?
	    confidence_names[f->confidence] : NULL);
	put_string(jw, "acknowledged", f->ack);
	jw_close(jw, '}');
}

/* The verdict as every output tells it: the headline, each run's
 * outcome counted, and the groups of findings (indexes into
 * "findings"). Written as it goes: a group can have thousands of
 * members. */
static void
gate_write(struct json_writer *jw, const struct analysis *a)
{
	static const char *const outcome_names[RUN_OUTCOMES] = {
		[RUN_FAILS] = "fail", [RUN_WARNED] = "warned",
		[RUN_PASSES] = "pass",
	};

	jw_open(jw, '{');
	put_string(jw, "headline", a->gate.headline);
	put_string(jw, "causes", a->gate.causes);
	jw_key(jw, "runs");
	jw_open(jw, '{');
	for (int k = 0; k < RUN_OUTCOMES; k++)
		put_integer(jw, outcome_names[k], (long long)a->gate.runs[k]);
	jw_close(jw, '}');
	jw_key(jw, "groups");
	jw_open(jw, '[');
	for (size_t k = 0; k < a->gate.ngroups; k++) {
		const struct finding_group *g = &a->gate.groups[k];

		jw_key(jw, NULL);
		jw_open(jw, '{');
		put_string(jw, "section", section_names[g->section]);
		put_string(jw, "kind", finding_names[g->kind]);
		put_string(jw, "reference", g->reference >= 0 ?
		    a->set->runs[g->reference].id : NULL);
		put_string(jw, "text", g->text);
		jw_key(jw, "members");
		jw_open(jw, '[');
		for (size_t j = 0; j < g->n; j++) {
			jw_key(jw, NULL);
			jw_integer(jw, (long long)a->gate.members[g->first + j]);
		}
		jw_close(jw, ']');
		jw_close(jw, '}');
	}
	jw_close(jw, ']');
	jw_close(jw, '}');
}

/* Streamed, a run and a finding at a time, written as they go: 100 000
 * runs' document, held whole as a jansson tree, took 3 GiB. */
int
render_check_json(FILE *out, const struct analysis *a, const struct diags *d)
{
	struct json_stream js = {out, 0, -1, 0};
	struct json_writer jw;
	json_t *sum = json_object();

	for (int k = 0; k < FIND_KIND_COUNT; k++)
		json_object_set_new(sum, finding_names[k],
		    json_integer(a->count[k]));
	json_object_set_new(sum, "failing", json_integer(a->failing));
	json_stream_value(&js, "summary", sum);
	json_stream_member_begin(&js, "verdict", &jw);
	gate_write(&jw, a);
	json_stream_item_end(&js, &jw);
	json_stream_value(&js, "units", json_string("figures in KiB/s "
	    "(throughput) or per second, as in benchsite parse"));
	json_stream_array(&js, "runs");
	for (size_t i = 0; i < a->set->n; i++) {
		json_stream_item_begin(&js, &jw);
		run_write(&jw, a, i);
		json_stream_item_end(&js, &jw);
	}
	json_stream_array(&js, "findings");
	for (size_t k = 0; k < a->nf; k++) {
		json_stream_item_begin(&js, &jw);
		finding_write(&jw, a, &a->f[k]);
		json_stream_item_end(&js, &jw);
	}
	json_stream_diags(&js, d);
	return json_stream_end(&js);
}

/* Appends tail (taken) to *s. */
static void
append_to(char **s, char *tail)
{
	char *next = xasprintf("%s%s", *s, tail);

	free(*s);
	free(tail);
	*s = next;
}

/* " (12 shortfalls, 1 missed target)" from counts by kind, plus the
 * acknowledged ones (finding_kinds_text); "" when all are zero. Caller
 * frees. */
static char *
kind_list(const size_t *count, size_t acknowledged)
{
	char *kinds = finding_kinds_text(count, acknowledged), *out;

	out = *kinds ? xasprintf(" (%s)", kinds) : xstrdup("");
	free(kinds);
	return out;
}

char *
gate_counts(const struct analysis *a, const size_t *sel, size_t n)
{
	size_t fails[FIND_KIND_COUNT] = {0}, other[FIND_KIND_COUNT] = {0};
	size_t acked = 0;
	int nfail = 0, nother = 0, better = 0;
	char *gate, *fl, *ol, *out;

	for (size_t k = 0; k < (sel ? n : a->nf); k++) {
		const struct finding *f = &a->f[sel ? sel[k] : k];

		if (f->kind == FIND_IMPROVEMENT)
			better++;
		else if (f->gated && !f->ack)
			nfail++, fails[f->kind]++;
		else if (f->gated)
			nother++, acked++;
		else
			nother++, other[f->kind]++;
	}
	gate = gate_phrase(nfail);
	fl = kind_list(fails, 0);
	ol = kind_list(other, acked);
	out = xasprintf("%s%s", gate, fl);
	if (nother > 0)
		append_to(&out, xasprintf("; %d %s%s", nother, nfail == 0 ?
		    (nother == 1 ? "finding does not fail it" :
		    "findings do not fail it") : nother == 1 ? "does not" :
		    "do not", ol));
	if (better > 0)
		append_to(&out, xasprintf("; %d %s", better,
		    finding_nouns[FIND_IMPROVEMENT][better != 1]));
	free(gate);
	free(fl);
	free(ol);
	return out;
}

char *
gate_phrase(int n)
{
	if (n == 0)
		return xstrdup("nothing fails the gate");
	if (n == 1)
		return xstrdup("1 finding fails the gate");
	return xasprintf("%d findings fail the gate", n);
}
