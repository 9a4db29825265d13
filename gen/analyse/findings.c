/* The findings in words: each run's regressions and improvements,
 * shortfalls against the scaling model and its targets, and warnings
 * about figures that cannot be trusted; which of them fail the gate,
 * and their order. See analyse_int.h. */
#include "analyse/analyse_int.h"
#include "model/display.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct finding *
add_finding(struct analysis *a, enum finding_kind kind, long run, int metric,
    char *text)
{
	struct finding *f;

	xgrow((void **)&a->f, &a->capf, a->nf + 1, sizeof *a->f);
	f = &a->f[a->nf++];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->run = run;
	f->metric = metric;
	f->text = strpool_take(a->pool, text);
	a->count[kind]++;
	return f;
}

/* "12.3 MiB/s" for a stored figure. */
static void
shown(enum metric_id id, double stored, char *buf)
{
	char num[32];

	display_format(id, display_value(id, stored), num);
	snprintf(buf, 48, "%s %s", num, display_unit(id));
}

/* What differs between a run and the one it is measured against: the
 * same for all of the run's findings against it, so worked out once. */
struct diff {
	long other;		/* -1: not worked out yet */
	char *text;		/* pooled, or NULL */
	int ndiff, nlayout;
};

/* What differs between run i and the run it was measured against (d
 * keeps it for the next finding); for the scaling model the layout is
 * what is under study, so only other keys make it less than like for
 * like. */
static void
explain(struct analysis *a, struct finding *f, size_t i, long other,
    bool scaling, struct diff *d)
{
	if (other < 0)
		return;
	if (d->other != other) {
		d->other = other;
		d->text = strpool_take(a->pool, setup_differences(&a->set->runs[i],
		    &a->set->runs[other], &d->ndiff, &d->nlayout));
		f->explain = d->text;
	} else if (d->text) {
		f->explain = strpool_add(a->pool, d->text, strlen(d->text));
	}
	f->caveat = strpool_take(a->pool, comparison_caveat(a, i, (size_t)other,
	    scaling ? d->ndiff : d->ndiff + d->nlayout, f->metric));
}

static void
acknowledge(struct analysis *a, struct finding *f, size_t i)
{
	char key[64];
	const char *ack;

	snprintf(key, sizeof key, "ack.%s", metric_defs[f->metric].key);
	if ((ack = meta_get(&a->set->runs[i].meta, key)) != NULL)
		f->ack = strpool_add(a->pool, ack, strlen(ack));
	f->gated = true;
	a->flag[i * M_COUNT + (size_t)f->metric] = 1;
	if (f->ack == NULL)
		a->failing++;
}

static void
change_findings(struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];
	char was[48], now[48], *how;
	struct diff d = {.other = -1};

	for (int id = 0; id < M_COUNT; id++) {
		const struct change *c = &ra->change[id];
		struct change_figures cf;
		struct finding *f;

		if (c->verdict != VERDICT_REGRESSION &&
		    c->verdict != VERDICT_IMPROVEMENT)
			continue;
		cf = analysis_change(a, i, id);
		shown(id, cf.base_median, was);
		shown(id, cf.median, now);
		how = c->rule == RULE_RANK_TEST ?
		    xasprintf("rank test p = %.3f, %d vs %d samples", c->p,
		    cf.n, cf.n_base) : c->rule == RULE_NOISE_FENCE ?
		    xasprintf("beyond the series' noise of %.1f%% seen over %d "
		    "earlier changes, %d vs %d samples", 100 * c->fence,
		    c->history, cf.n, cf.n_base) :
		    xasprintf("change over %.0f%%%s, %d vs %d samples; no "
		    "history of the series to estimate its noise",
		    100 * fmax(c->fence, a->opts.threshold),
		    c->fence > a->opts.threshold ? " (the samples' own spread)" :
		    "", cf.n, cf.n_base);
		f = add_finding(a, c->verdict == VERDICT_REGRESSION ?
		    FIND_REGRESSION : FIND_IMPROVEMENT, (long)i, id,
		    xasprintf("%s %s %.1f%% (%s \u2192 %s) against %s, %s [%s].",
		    metric_defs[id].label, cf.rel < 0 ? "fell" : "rose",
		    100 * fabs(cf.rel), was, now,
		    a->set->runs[ra->base].id, ra->base_why, how));
		free(how);
		f->sort = c->verdict == VERDICT_REGRESSION ? cf.rel : -cf.rel;
		explain(a, f, i, ra->base, false, &d);
		/* Only a comparison that can be defended fails the gate. */
		if (c->verdict == VERDICT_REGRESSION && f->caveat == NULL)
			acknowledge(a, f, i);
	}
}

/* "4", "1.5", "1.77": a factor of the model. */
static void
factor_text(double factor, char *buf)
{
	snprintf(buf, 16, "%.3g", factor);
}

/* One judged metric's sentence: the figure, the low end of the model
 * and its range, the reference and why it is valid, and the model's
 * reason. */
static char *
scaling_sentence(const struct analysis *a, size_t i, const struct scaling *sc,
    enum metric_id id, const struct scaled_metric *x)
{
	const struct run *r = &a->set->runs[i];
	char now[48], exp[48], ref[48], low[16], high[16], upto[48] = "";

	shown(id, analysis_sum(a, i)[id].median, now);
	shown(id, x->expected, exp);
	shown(id, analysis_sum(a, (size_t)sc->reference)[id].median, ref);
	factor_text(x->factor, low);
	factor_text(x->factor_high, high);
	if (strcmp(low, high) != 0)
		snprintf(upto, sizeof upto, "; up to %s \u00d7", high);
	return xasprintf("%s %s is %.0f%% of the %s a %d-disk %s should give%s "
	    "(%s \u00d7 %s of %s, %s%s; %s).", metric_defs[id].label, now,
	    100 * x->efficiency, exp, r->meta.disk_count,
	    raid_level_names[r->meta.raid], *upto ? " at least" : "", low, ref,
	    a->set->runs[sc->reference].id, sc->why, upto, scaling_reason(x));
}

/* Only a reference measured the same way is judged: a rough one is
 * context on the run page, never a finding. */
static void
scaling_findings(struct analysis *a, size_t i)
{
	const struct scaling *sc = analysis_scaling(a, i);
	struct diff d = {.other = -1};

	for (size_t k = 0; sc && k < NSCALED; k++) {
		enum metric_id id = scaled_metrics[k];
		const struct scaled_metric *x = analysis_scaled(a, i, id);
		struct finding *f;

		if (x == NULL || (x->level != EFF_SHORT && x->level != EFF_WEAK))
			continue;
		f = add_finding(a, x->level == EFF_SHORT ? FIND_SHORTFALL :
		    FIND_WEAK, (long)i, id, scaling_sentence(a, i, sc, id, x));
		f->sort = x->efficiency;	/* the worst first */
		explain(a, f, i, sc->reference, true, &d);
		if (x->level == EFF_SHORT)
			acknowledge(a, f, i);
	}
}

static void
target_findings(struct analysis *a, size_t i)
{
	const struct run_analysis *ra = &a->runs[i];

	for (size_t k = 0; k < ra->ntargets; k++) {
		const struct target *t = &a->targets[ra->targets + k];
		enum metric_id id = (enum metric_id)t->metric;
		char now[48], want[48], key[64];
		struct finding *f;

		if (!t->shortfall)
			continue;
		snprintf(key, sizeof key, "expect.%s", metric_defs[id].key);
		shown(id, analysis_sum(a, i)[id].median, now);
		shown(id, t->value, want);
		f = add_finding(a, FIND_TARGET, (long)i, id, xasprintf("%s %s "
		    "is %.0f%% of its expected %s (%s).", metric_defs[id].label,
		    now, 100 * t->ratio, meta_get(&a->set->runs[i].meta, key),
		    want));
		f->sort = t->ratio;
		acknowledge(a, f, i);
	}
}

/* Mebibytes in a memory or size text: "4GB", "23.5 GiB", "5192M". */
static double
mebibytes(const char *s)
{
	char *end;
	double v;

	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	v = strtod(s, &end);
	while (*end == ' ')
		end++;
	switch (toupper((unsigned char)*end)) {
	case 'T':
		return v * 1024 * 1024;
	case 'G':
		return v * 1024;
	case 'M':
		return v;
	case 'K':
		return v / 1024;
	default:
		return -1;
	}
}

/* Appends a sentence to the run's warnings. */
static void
warn(char **all, char *sentence)
{
	char *next = xasprintf("%s%s%s", *all ? *all : "", *all ? " " : "",
	    sentence);

	free(*all);
	free(sentence);
	*all = next;
}

/* One warning per run, of every reason to read its figures with care. */
static void
validity_warnings(struct analysis *a, size_t i)
{
	const struct run *r = &a->set->runs[i];
	const struct metric_summary *sum = analysis_sum(a, i);
	const struct bonnie_params *x = &r->params;
	double mem = mebibytes(meta_get(&r->meta, "memory"));
	double size = mebibytes(x->size);
	int fast = 0, unknown = 0;
	char *all = NULL;

	if (mem > 0 && size > 0 && size < 2 * mem)
		warn(&all, xasprintf("The file size %s is less than twice the "
		    "memory (%s): the figures may come from the cache.",
		    x->size, meta_get(&r->meta, "memory")));
	for (size_t k = 0; k < 2; k++) {
		enum metric_id id = k == 0 ? M_PUTC : M_GETC;

		if (sum[id].state == VS_OK && sum[id].cpu >= 95)
			warn(&all, xasprintf("%s ran at %d%% CPU: it measured "
			    "the processor, not the disk.",
			    metric_defs[id].label, sum[id].cpu));
	}
	for (int id = 0; id < M_COUNT; id++) {
		fast += sum[id].n_too_fast > 0;
		unknown += sum[id].state == VS_INVALID;
	}
	if (fast)
		warn(&all, xasprintf("%d test%s finished too fast to measure "
		    "(+++++): raise -s or -n to time them.", fast, fast > 1 ?
		    "s" : ""));
	if (unknown)
		warn(&all, xasprintf("%d figure%s unknown: bonnie++ 1.98+ "
		    "prints wrong file-creation rates in its table and no CSV "
		    "line was found.", unknown, unknown > 1 ? "s are" : " is"));
	if (r->nsamples == 1)
		warn(&all, xstrdup("A single sample: there is no estimate of "
		    "its noise."));
	if (all)
		add_finding(a, FIND_WARNING, (long)i, -1, all);
}

/* Every finding of run i but the patterns (see find_patterns). */
void
run_findings(struct analysis *a, size_t i)
{
	change_findings(a, i);
	scaling_findings(a, i);
	target_findings(a, i);
	validity_warnings(a, i);
}

static int
cmp_findings(const void *x, const void *y)
{
	const struct finding *a = x, *b = y;

	/* What fails the gate first, acknowledged and ungated ones after. */
	if ((a->gated && !a->ack) != (b->gated && !b->ack))
		return a->gated && !a->ack ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->sort != b->sort)
		return a->sort < b->sort ? -1 : 1;
	if (a->run != b->run)
		return a->run < b->run ? -1 : 1;
	return (a->metric > b->metric) - (a->metric < b->metric);
}

void
sort_findings(struct analysis *a)
{
	if (a->nf > 0 && a->nf < a->capf) {
		a->f = xrealloc(a->f, a->nf * sizeof *a->f);
		a->capf = a->nf;
	}
	qsort(a->f, a->nf, sizeof *a->f, cmp_findings);
}
