/* Patterns across runs: a meta value shared by every run that fails on
 * a metric, and by no run that passes, said as a finding. Read off the
 * runs' findings, so it runs last; see analyse_int.h. */
#include "analyse/analyse_int.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cause_keys[] = {
	"controller", "chipset", "bus", "driver", "firmware", "disks", "raid",
	"chunk", "filesystem", "mount-options", "kernel", "os", "scheduler",
	"readahead", "queue-depth", "write-cache", "nr-requests",
	"max-sectors", "loop-direct-io", "motherboard", "cpu",
	"memory", "bonnie-options", "host",
};
#define NCAUSE_KEYS (sizeof cause_keys / sizeof *cause_keys)


struct cause {
	char *runs;	/* the failing runs, "3,5," */
	char *first;	/* 'controller "X"' */
	char *also;	/* other keys the same runs share, or NULL */
	size_t n;
	size_t passing;	/* the judged runs that give another value,
			   all passing */
	uint64_t hash;	/* of runs */
};

/* The causes found for one metric, in the order found, and a table of
 * them by their runs (cause index + 1), so that the same runs are found
 * at once. */
struct causes {
	struct cause *v;
	size_t n, cap;
	struct hashmap map;
};

static uint64_t
cause_hash(uintptr_t value, const void *ctx)
{
	const struct causes *c = ctx;

	return c->v[value - 1].hash;
}

static void
add_cause(struct causes *c, char *runs, size_t count, size_t passing,
    const char *key, const char *value)
{
	char *name = xasprintf("%s \u201c%s\u201d", key, value), *next;
	uint64_t h = hash_string(runs);
	struct hashmap *m = &c->map;
	size_t at;

	for (at = hashmap_home(m, h); m->slot[at]; at = hashmap_next(m, at)) {
		struct cause *x = &c->v[m->slot[at] - 1];

		if (x->hash != h || strcmp(x->runs, runs) != 0)
			continue;
		if (strstr(x->first, name) || (x->also && strstr(x->also,
		    name))) {
			free(name);
			free(runs);
			return;
		}
		next = xasprintf("%s%s%s", x->also ? x->also : "",
		    x->also ? ", " : "", name);
		free(x->also);
		x->also = next;
		free(name);
		free(runs);
		return;
	}
	xgrow((void **)&c->v, &c->cap, c->n + 1, sizeof *c->v);
	c->v[c->n++] = (struct cause){runs, name, NULL, count, passing, h};
	hashmap_put(m, at, c->n);
}

/* "3,5,": the runs of a group, as causes compare them. */
static char *
index_list(const size_t *runs, size_t n)
{
	char *out = xmalloc(n * 21 + 1);
	size_t o = 0;

	for (size_t k = 0; k < n; k++)
		o += (size_t)sprintf(out + o, "%zu,", runs[k]);
	out[o] = '\0';
	return out;
}

/* What patterns need of each run and metric: judged, failing. */
#define P_JUDGED 1
#define P_FAILS 2

/* The group of judged runs sharing a value of key in which every run
 * fails on a metric while every judged run outside it passes, and some
 * does (pf by run; the failing judged runs in failing[0..fails), in
 * order; passing of them pass): both halves of the sentence hold on the
 * data. Only a value every failing run has can be one, so the first
 * failing run's is the candidate: most keys are ruled out by the next
 * failing run, without a pass over all the runs. Added to causes. */
static void
failing_group(const struct analysis *a, const unsigned char *pf,
    const size_t *failing, size_t fails, size_t passing, const char *key,
    struct causes *causes)
{
	const struct run *runs = a->set->runs;
	const char *v, *x;
	size_t known = 0;

	if (passing == 0 || fails < 2 ||
	    (v = meta_get(&runs[failing[0]].meta, key)) == NULL)
		return;
	for (size_t k = 1; k < fails; k++)
		if ((x = meta_get(&runs[failing[k]].meta, key)) == NULL ||
		    (x != v && strcmp(x, v) != 0))
			return;
	/* the passing runs that give another value: one that gives none
	 * is unknown, not a run "without it" */
	for (size_t i = 0; i < a->set->n; i++) {
		if ((pf[i] & (P_JUDGED | P_FAILS)) != P_JUDGED ||
		    (x = meta_get(&runs[i].meta, key)) == NULL)
			continue;
		if (x == v || strcmp(x, v) == 0)
			return;
		known++;
	}
	if (known > 0)
		add_cause(causes, index_list(failing, fails), fails, known, key,
		    v);
}

/* The metrics with a failing run, ascending, into *out (caller
 * frees); returns how many. */
static size_t
failing_metrics(const struct analysis *a, int **out)
{
	size_t nm = a->set->metrics.n, n = 0;
	bool *any = xcalloc(nm ? nm : 1, sizeof *any);

	for (size_t i = 0; i < a->set->n; i++)
		for (size_t k = 0; k < a->set->runs[i].nsum; k++)
			if (a->runs[i].change[k].flagged)
				any[run_metric_at(&a->set->runs[i], k)] = true;
	*out = xcalloc(nm ? nm : 1, sizeof **out);
	for (size_t m = 0; m < nm; m++)
		if (any[m])
			(*out)[n++] = (int)m;
	free(any);
	return n;
}

static void
say_causes(struct analysis *a, int m, struct causes *causes)
{
	for (size_t k = 0; k < causes->n; k++) {
		struct cause *c = &causes->v[k];
		char all[32];

		if (c->n == 2)
			snprintf(all, sizeof all, "Both runs");
		else
			snprintf(all, sizeof all, "All %zu runs", c->n);
		add_finding(a, FIND_PATTERN, -1, m, xasprintf("%s with %s fail "
		    "on %s, and the %zu other run%s judged on it pass%s%s%s%s.",
		    all, c->first, analysis_def(a, m)->label, c->passing,
		    c->passing == 1 ? "" : "s", c->passing == 1 ? "es" : "",
		    c->also ? " (the same runs share " : "",
		    c->also ? c->also : "", c->also ? ")" : ""));
		free(c->runs);
		free(c->first);
		free(c->also);
	}
	free(causes->v);
	hashmap_free(&causes->map);
}

/* The judged runs of one metric (pf by run): those that fail, in
 * order, into failing (*fails of them); returns how many pass. */
static size_t
judged_runs(size_t n, const unsigned char *pf, size_t *failing,
    size_t *fails)
{
	size_t passing = 0;

	*fails = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(pf[i] & P_JUDGED))
			continue;
		if (pf[i] & P_FAILS)
			failing[(*fails)++] = i;
		else
			passing++;
	}
	return passing;
}

/* Run after every run's findings are made: patterns are read off them.
 * For every metric that has a failing run, each cause key in turn, its
 * causes in the order of the keys. */
void
find_patterns(struct analysis *a)
{
	size_t n = a->set->n, fails, passing;
	int *fm;
	size_t nf = failing_metrics(a, &fm);
	unsigned char *pf = xcalloc(n + 1, 1);
	size_t *failing = xcalloc(n + 1, sizeof *failing);
	struct causes causes;

	for (size_t j = 0; j < nf; j++) {
		for (size_t i = 0; i < n; i++)
			pf[i] = (analysis_judged(a, i, fm[j]) ? P_JUDGED : 0) |
			    (analysis_flagged(a, i, fm[j]) ? P_FAILS : 0);
		passing = judged_runs(n, pf, failing, &fails);
		memset(&causes, 0, sizeof causes);
		hashmap_init(&causes.map, 64, cause_hash, &causes);
		for (size_t k = 0; k < NCAUSE_KEYS; k++)
			failing_group(a, pf, failing, fails, passing,
			    cause_keys[k], &causes);
		say_causes(a, fm[j], &causes);
	}
	free(fm);
	free(failing);
	free(pf);
}
