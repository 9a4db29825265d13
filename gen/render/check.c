/* "benchsite check": the analysis as a human summary (regressions first)
 * or as JSON with every verdict, its numbers, rule and explanation. */
#include "render/json_util.h"
#include "render/render.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <jansson.h>
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
    size_t width)
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
		if (col + wc > width && width > col) {
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
	    st->width);
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

/* Whether text t of finding k of g was told for an earlier one. */
static bool
told_before(const struct analysis *a, const struct finding_group *g, size_t k,
    int t)
{
	const char *x = finding_detail(group_finding(a, g, k), t);

	for (size_t j = 0; x && j < k; j++) {
		const char *y = finding_detail(group_finding(a, g, j), t);

		if (y && strcmp(x, y) == 0)
			return true;
	}
	return x == NULL;
}

/* A group's details: what differs from its reference, why it is not
 * like for like and the acknowledgements, each text once. */
static void
group_details(FILE *out, const struct analysis *a, const struct text_style *st,
    const struct finding_group *g)
{
	bool many = group_spans_runs(a, g);

	for (size_t k = 0; k < g->n; k++) {
		const struct finding *f = group_finding(a, g, k);

		for (int t = 0; t < DETAIL_TEXTS; t++) {
			char *lead;

			if (told_before(a, g, k, t))
				continue;
			lead = many ? xasprintf("     %s, %s:", detail_labels[t],
			    a->set->runs[f->run].id) : xasprintf("     %s:",
			    detail_labels[t]);
			styled(out, st, lead, finding_detail(f, t), 7);
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
	for (size_t k = 0; k < n; k++) {
		char lead[32];

		snprintf(lead, sizeof lead, sec == SECTION_FAILS ? "%3zu." :
		    "   -", k + 1);
		styled(out, st, lead, g[k].text, 5);
		if (sec == SECTION_FAILS ? st->details : st->details_all)
			group_details(out, a, st, &g[k]);
	}
}

const char *const detail_labels[DETAIL_TEXTS] = {
	"differs", "not like for like", "acknowledged",
};

int
render_check_text(FILE *out, const struct analysis *a)
{
	struct text_style st = {78, true, true, true, true};

	render_verdict_head(out, a, &st);
	for (int sec = 0; sec < SECTIONS; sec++)
		render_verdict_section(out, a, &st, (enum verdict_section)sec);
	return ferror(out) ? -1 : 0;
}

static json_t *
num_or_null(bool has, double v)
{
	return has ? json_number(v) : json_null();
}

static json_t *
change_json(const struct analysis *a, size_t i, int id)
{
	const struct change *c = analysis_change_of(a, i, id);
	struct change_figures cf = analysis_change(a, i, id);
	json_t *o = json_object();
	bool fig = c->verdict != VERDICT_INSUFFICIENT;

	json_object_set_new(o, "verdict", json_string(verdict_names[c->verdict]));
	json_object_set_new(o, "rule", json_string(rule_names[c->rule]));
	json_object_set_new(o, "base_median", num_or_null(fig, cf.base_median));
	json_object_set_new(o, "median", num_or_null(fig, cf.median));
	json_object_set_new(o, "change", num_or_null(fig, cf.rel));
	json_object_set_new(o, "samples", json_integer(cf.n));
	json_object_set_new(o, "base_samples", json_integer(cf.n_base));
	json_object_set_new(o, "p", num_or_null(c->p >= 0, c->p));
	json_object_set_new(o, "noise_fence", num_or_null(c->fence >= 0,
	    c->fence));
	json_object_set_new(o, "history", json_integer(c->history));
	return o;
}

/* The run's scaling: every metric the model speaks of, judged or only
 * shown (a rough reference, rewrites on parity layouts). */
static json_t *
scaling_json(const struct analysis *a, size_t i)
{
	const struct scaling *sc = analysis_scaling(a, i);
	const struct run *r = &a->set->runs[i];
	json_t *o = json_object(), *m = json_object();

	json_object_set_new(o, "reference", sc && sc->reference >= 0 ?
	    json_string_or_null(a->set->runs[sc->reference].id) : json_null());
	json_object_set_new(o, "why", json_string_or_null(sc ? sc->why :
	    NULL));
	if (sc) {
		json_object_set_new(o, "valid", json_boolean(sc->valid));
		json_object_set_new(o, "seekers",
		    json_integer(scaling_model_of(a, sc)->seekers));
	}
	for (size_t k = 0; sc && k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		struct scaled_metric xv, judged, *x = &xv;
		json_t *e;

		if (a->runs[i].change[k].level == EFF_NONE)
			continue;
		xv = scaled_figures(a, i, sc, id);
		e = json_object();
		json_object_set_new(e, "factor", json_number(x->factor));
		json_object_set_new(e, "factor_high",
		    json_number(x->factor_high));
		json_object_set_new(e, "expected", json_number(x->expected));
		json_object_set_new(e, "expected_high",
		    json_number(x->expected_high));
		json_object_set_new(e, "efficiency", json_number(x->efficiency));
		json_object_set_new(e, "level",
		    json_string(efficiency_names[x->level]));
		json_object_set_new(e, "judged",
		    json_boolean(analysis_scaled(a, i, id, &judged)));
		json_object_set_new(e, "reason",
		    json_string_or_null(scaling_reason(x)));
		json_object_set_new(m, analysis_def(a, id)->key, e);
	}
	json_object_set_new(o, "metrics", m);
	return o;
}

static json_t *
run_json(const struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];
	const struct run *r = &a->set->runs[i];
	json_t *o = json_object(), *ch = json_object(), *tg = json_object();

	json_object_set_new(o, "id", json_string_or_null(a->set->runs[i].id));
	json_object_set_new(o, "series", json_string_or_null(ra->series));
	json_object_set_new(o, "base", ra->base >= 0 ?
	    json_string_or_null(a->set->runs[ra->base].id) : json_null());
	json_object_set_new(o, "base_why", json_string_or_null(ra->base >= 0 ?
	    ra->base_why : NULL));
	for (size_t k = 0; ra->base >= 0 && k < r->nsum; k++)
		if (ra->change[k].verdict != VERDICT_NONE)
			json_object_set_new(ch, analysis_def(a,
			    run_metric_at(r, k))->key, change_json(a, i,
			    run_metric_at(r, k)));
	json_object_set_new(o, "changes", ch);
	json_object_set_new(o, "scaling", scaling_json(a, i));
	for (size_t k = 0; k < ra->ntargets; k++) {
		const struct target *tv = &a->targets[ra->targets + k];
		json_t *t = json_object();

		json_object_set_new(t, "target", json_number(tv->value));
		json_object_set_new(t, "ratio", json_number(tv->ratio));
		json_object_set_new(t, "shortfall", json_boolean(tv->shortfall));
		json_object_set_new(tg, analysis_def(a, tv->metric)->key, t);
	}
	json_object_set_new(o, "targets", tg);
	tg = json_object();
	for (size_t k = 0; k < r->nsum; k++) {
		int id = run_metric_at(r, k);
		double cpu = analysis_cpu_per_unit(a, i, id);

		if (cpu >= 0)
			json_object_set_new(tg, analysis_def(a, id)->key,
			    json_number(cpu));
	}
	json_object_set_new(o, "cpu_per_display_unit", tg);
	return o;
}

static const char *const confidence_names[] = {
	[CONFIDENCE_LOW] = "low", [CONFIDENCE_MEDIUM] = "medium",
	[CONFIDENCE_HIGH] = "high",
};

static json_t *
finding_json(const struct analysis *a, const struct finding *f)
{
	json_t *o = json_object();

	json_object_set_new(o, "kind", json_string(finding_names[f->kind]));
	json_object_set_new(o, "run", f->run >= 0 ?
	    json_string_or_null(a->set->runs[f->run].id) : json_null());
	json_object_set_new(o, "metric", f->metric >= 0 ?
	    json_string(analysis_def(a, f->metric)->key) : json_null());
	json_object_set_new(o, "text", json_string_or_null(f->text));
	json_object_set_new(o, "differs", json_string_or_null(f->explain));
	json_object_set_new(o, "not_like_for_like",
	    json_string_or_null(f->caveat));
	json_object_set_new(o, "gated", json_boolean(f->gated));
	json_object_set_new(o, "confidence", f->confidence ?
	    json_string(confidence_names[f->confidence]) : json_null());
	json_object_set_new(o, "acknowledged", json_string_or_null(f->ack));
	return o;
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
	jw_key(jw, "headline");
	jw_string(jw, a->gate.headline);
	jw_key(jw, "causes");
	jw_string(jw, a->gate.causes);
	jw_key(jw, "runs");
	jw_open(jw, '{');
	for (int k = 0; k < RUN_OUTCOMES; k++) {
		jw_key(jw, outcome_names[k]);
		jw_integer(jw, (long long)a->gate.runs[k]);
	}
	jw_close(jw, '}');
	jw_key(jw, "groups");
	jw_open(jw, '[');
	for (size_t k = 0; k < a->gate.ngroups; k++) {
		const struct finding_group *g = &a->gate.groups[k];

		jw_key(jw, NULL);
		jw_open(jw, '{');
		jw_key(jw, "section");
		jw_string(jw, section_names[g->section]);
		jw_key(jw, "kind");
		jw_string(jw, finding_names[g->kind]);
		jw_key(jw, "reference");
		jw_string(jw, g->reference >= 0 ?
		    a->set->runs[g->reference].id : NULL);
		jw_key(jw, "text");
		jw_string(jw, g->text);
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

/* Streamed, a run and a finding at a time: 100 000 runs' document,
 * held whole as a jansson tree, took 3 GiB. */
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
	for (size_t i = 0; i < a->set->n; i++)
		json_stream_item(&js, run_json(a, i));
	json_stream_array(&js, "findings");
	for (size_t k = 0; k < a->nf; k++)
		json_stream_item(&js, finding_json(a, &a->f[k]));
	json_stream_diags(&js, d);
	return json_stream_end(&js);
}

/* Each kind as counted in a headline, singular and plural. */
static const char *const kind_nouns[FIND_KIND_COUNT][2] = {
	[FIND_REGRESSION] = {"regression", "regressions"},
	[FIND_SHORTFALL] = {"shortfall", "shortfalls"},
	[FIND_TARGET] = {"missed target", "missed targets"},
	[FIND_WEAK] = {"weak scaling", "weak scalings"},
	[FIND_PATTERN] = {"pattern", "patterns"},
	[FIND_WARNING] = {"warning", "warnings"},
	[FIND_IMPROVEMENT] = {"improvement", "improvements"},
};

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
 * acknowledged ones; "" when all are zero. Caller frees. */
static char *
kind_list(const int *count, int acknowledged)
{
	char *out = xstrdup("");

	for (int k = 0; k <= FIND_KIND_COUNT; k++) {
		int n = k < FIND_KIND_COUNT ? count[k] : acknowledged;

		if (n > 0)
			append_to(&out, xasprintf("%s%d %s", *out ? ", " : " (",
			    n, k < FIND_KIND_COUNT ? kind_nouns[k][n != 1] :
			    "acknowledged"));
	}
	if (*out)
		append_to(&out, xstrdup(")"));
	return out;
}

char *
gate_counts(const struct analysis *a, const size_t *sel, size_t n)
{
	int fails[FIND_KIND_COUNT] = {0}, other[FIND_KIND_COUNT] = {0};
	int nfail = 0, nother = 0, acked = 0, better = 0;
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
		    kind_nouns[FIND_IMPROVEMENT][better != 1]));
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
