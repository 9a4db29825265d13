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
	"readahead", "queue-depth", "write-cache", "motherboard", "cpu",
	"memory", "bonnie-options", "host",
};
#define NCAUSE_KEYS (sizeof cause_keys / sizeof *cause_keys)


/* Distinct strings numbered in the order they are first met: a table
 * of their numbers + 1, the strings themselves in names[number]. */
struct idmap {
	struct hashmap map;
	const char **names;
};

static uint64_t
idmap_hash(uintptr_t value, const void *ctx)
{
	const char *const *names = ctx;
	const char *s = names[value - 1];

	return hash_bytes(s, strlen(s), 0);
}

/* The number of s, new ones numbered from 0 up (and kept in names). */
static uint32_t
idmap_get(struct idmap *m, const char *s)
{
	struct hashmap *h = &m->map;
	size_t at = hashmap_home(h, hash_bytes(s, strlen(s), 0));
	uint32_t id;

	for (; h->slot[at]; at = hashmap_next(h, at)) {
		const char *x = m->names[h->slot[at] - 1];

		if (x == s || strcmp(x, s) == 0)
			return (uint32_t)(h->slot[at] - 1);
	}
	id = (uint32_t)h->n;
	m->names[id] = s;
	hashmap_put(h, at, (uintptr_t)id + 1);
	return id;
}

struct cause {
	char *runs;	/* the failing runs, "3,5," */
	char *first;	/* 'controller "X"' */
	char *also;	/* other keys the same runs share, or NULL */
	size_t n;
	size_t passing;	/* the judged runs without it, all passing */
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
	uint64_t h = hash_bytes(runs, strlen(runs), 0);
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

/* The groups of judged runs sharing a value of a key (ids[i], -1 for
 * none; names by id) in which every run fails on metric while every
 * judged run outside the group passes, and some does: both halves of
 * the sentence hold on the data. Each is added to causes. Groups
 * are taken in the order of their first run, with their runs in order:
 * two passes over the runs, whatever the number of values, and scratch
 * by value and by group member only. */
static void
failing_groups(size_t n, const unsigned char *pf, const int32_t *ids,
    size_t nids, const char *const *names, const char *key,
    struct causes *causes)
{
	size_t passing = 0, fails = 0, total = 0, ng = 0;
	/* by value id: runs holding it, failing ones, place in members */
	uint32_t *count = xcalloc(nids + 1, sizeof *count);
	uint32_t *failing = xcalloc(nids + 1, sizeof *failing);
	size_t *start = xcalloc(nids + 1, sizeof *start);
	uint32_t *fill = xcalloc(nids + 1, sizeof *fill);
	uint32_t *order = xcalloc(nids + 1, sizeof *order);
	size_t *members;

	for (size_t i = 0; i < n; i++) {
		if (!(pf[i] & P_JUDGED))
			continue;
		passing += !(pf[i] & P_FAILS);
		fails += (pf[i] & P_FAILS) != 0;
		if (ids[i] < 0)
			continue;
		count[ids[i]]++;
		failing[ids[i]] += (pf[i] & P_FAILS) != 0;
	}
	for (size_t v = 0; v < nids; v++) {
		start[v] = total;
		if (passing > 0 && count[v] >= 2 && failing[v] == count[v] &&
		    failing[v] == fails)
			total += count[v];
		else
			count[v] = 0;	/* not a group */
	}
	members = xcalloc(total + 1, sizeof *members);
	for (size_t i = 0; i < n && total > 0; i++) {
		int32_t v = ids[i];

		if (!(pf[i] & P_JUDGED) || v < 0 || count[v] == 0)
			continue;
		if (fill[v] == 0)
			order[ng++] = (uint32_t)v;
		members[start[v] + fill[v]++] = i;
	}
	for (size_t k = 0; k < ng; k++) {
		size_t v = order[k];

		add_cause(causes, index_list(members + start[v], count[v]),
		    count[v], passing, key, names[v]);
	}
	free(count);
	free(failing);
	free(start);
	free(fill);
	free(order);
	free(members);
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

/* Run after every run's findings are made: patterns are read off them.
 * Each cause key's values are numbered once, then grouped for every
 * metric that has a failing run. */
void
find_patterns(struct analysis *a)
{
	size_t n = a->set->n;
	int *fm;
	size_t nf = failing_metrics(a, &fm);
	unsigned char *pf = xcalloc(n * nf + 1, 1);
	int32_t *ids = xcalloc(n + 1, sizeof *ids);
	const char **names = xcalloc(n + 1, sizeof *names);
	struct causes *causes = xcalloc(nf + 1, sizeof *causes);

	for (size_t j = 0; j < nf; j++) {
		for (size_t i = 0; i < n; i++)
			pf[j * n + i] = (analysis_judged(a, i, fm[j]) ?
			    P_JUDGED : 0) | (analysis_flagged(a, i, fm[j]) ?
			    P_FAILS : 0);
		hashmap_init(&causes[j].map, 64, cause_hash, &causes[j]);
	}
	for (size_t k = 0; k < NCAUSE_KEYS && nf > 0; k++) {
		struct idmap map = {.names = names};

		hashmap_init(&map.map, 128, idmap_hash, names);
		for (size_t i = 0; i < n; i++) {
			const char *v = meta_get(&a->set->runs[i].meta,
			    cause_keys[k]);

			ids[i] = -1;
			if (v == NULL)
				continue;
			ids[i] = (int32_t)idmap_get(&map, v);
		}
		for (size_t j = 0; j < nf; j++)
			failing_groups(n, pf + j * n, ids, map.map.n, names,
			    cause_keys[k], &causes[j]);
		hashmap_free(&map.map);
	}
	for (size_t j = 0; j < nf; j++)
		say_causes(a, fm[j], &causes[j]);
	free(causes);
	free(fm);
	free(names);
	free(ids);
	free(pf);
}
