/* fio results as samples of metrics; see fio_figures.h. */
#include "model/fio_figures.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One figure of one job before the jobs of a group are added up. */
struct part {
	int metric;
	uint32_t sample;
	double value, weight;	/* weight: the job's IOPS, for latencies */
	bool latency;
};

struct parts {
	struct part *v;
	size_t n, cap;
};

/* The sample of group g of the result being read: groups are numbered
 * as they first appear. */
struct groups {
	int *id;
	size_t n, cap;
	uint32_t first;		/* the result's first sample */
};

static uint32_t
sample_of(struct groups *g, int group)
{
	for (size_t k = 0; k < g->n; k++)
		if (g->id[k] == group)
			return g->first + (uint32_t)k;
	xgrow((void **)&g->id, &g->cap, g->n + 1, sizeof *g->id);
	g->id[g->n++] = group;
	return g->first + (uint32_t)(g->n - 1);
}

/* The metric of a key: added when t may grow, else looked up. */
static int
metric_of(struct metric_table *t, bool add, const char *key)
{
	return add ? metrics_add_fio(t, key) : metrics_find(t, key);
}

static void
add_side(struct parts *p, struct metric_table *t, bool add,
    const struct fio_job *j, enum fio_dir d, uint32_t sample)
{
	const struct fio_side *s = &j->side[d];
	double weight = s->iops > 0 ? s->iops : 1;

	for (int m = 0; m < FIO_MEASURES; m++) {
		double v = fio_measure_value(s, (enum fio_measure)m);
		char key[FIO_KEY_MAX + 1];
		struct fio_key k;
		int id;

		/* a withheld figure stays as NaN: merge_parts gives its
		 * sample none, not the figure of the other clones */
		if ((isnan(v) && !fio_measure_withheld(s,
		    (enum fio_measure)m)) ||
		    !fio_key_of(j, d, (enum fio_measure)m, &k))
			continue;
		fio_key_format(&k, key);
		if ((id = metric_of(t, add, key)) < 0)
			continue;
		xgrow((void **)&p->v, &p->cap, p->n + 1, sizeof *p->v);
		p->v[p->n++] = (struct part){id, sample, v, weight,
		    fio_measure_is_latency((enum fio_measure)m)};
	}
}

static int
cmp_part(const void *x, const void *y)
{
	const struct part *a = x, *b = y;

	if (a->metric != b->metric)
		return a->metric < b->metric ? -1 : 1;
	return (a->sample > b->sample) - (a->sample < b->sample);
}

/* Adds the parts of one metric and sample together into out; a part
 * withheld (NaN) leaves the sample without the figure. */
static void
merge_parts(const struct parts *p, struct fio_figures *out)
{
	for (size_t k = 0; k < p->n; ) {
		const struct part *a = &p->v[k];
		double sum = 0, weights = 0;
		size_t e = k;

		for (; e < p->n && p->v[e].metric == a->metric &&
		    p->v[e].sample == a->sample; e++) {
			sum += a->latency ? p->v[e].value * p->v[e].weight :
			    p->v[e].value;
			weights += p->v[e].weight;
		}
		if (isnan(sum)) {
			k = e;
			continue;
		}
		xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = (struct fio_figure){a->metric, a->sample,
		    a->latency ? sum / weights : sum};
		k = e;
	}
}

/* Samples with no figure of a known metric do not count: the others
 * are numbered again from 0, in their order, among nsamples. */
static void
renumber_samples(struct fio_figures *out, uint32_t given)
{
	uint32_t *to = xcalloc(given ? given : 1, sizeof *to), n = 0;

	for (size_t k = 0; k < out->n; k++)
		to[out->v[k].sample] = 1;
	for (uint32_t s = 0; s < given; s++)
		to[s] = to[s] ? n++ : UINT32_MAX;
	for (size_t k = 0; k < out->n; k++)
		out->v[k].sample = to[out->v[k].sample];
	out->nsamples = n;
	free(to);
}

static void
figures_of(const struct fio_results *rs, struct metric_table *t, bool add,
    struct fio_figures *out)
{
	struct parts p = {0};
	struct groups g = {0};

	memset(out, 0, sizeof *out);
	for (size_t r = 0; r < rs->n; r++) {
		const struct fio_result *res = &rs->v[r];

		if (res->again_of)
			continue;	/* a run printed twice counts once */
		g.n = 0;
		for (size_t i = 0; i < res->njobs; i++)
			for (int d = 0; d < FIO_DIRS; d++)
				if (res->jobs[i].side[d].present)
					add_side(&p, t, add, &res->jobs[i],
					    (enum fio_dir)d, sample_of(&g,
					    res->jobs[i].group));
		g.first += (uint32_t)g.n;
	}
	if (p.n > 1)
		qsort(p.v, p.n, sizeof *p.v, cmp_part);
	merge_parts(&p, out);
	renumber_samples(out, g.first);
	free(p.v);
	free(g.id);
}

void
fio_figures_add(const struct fio_results *rs, struct metric_table *t,
    struct fio_figures *out)
{
	figures_of(rs, t, true, out);
}

void
fio_figures_find(const struct fio_results *rs, const struct metric_table *t,
    struct fio_figures *out)
{
	/* Only looked up: the table is not written. */
	figures_of(rs, (struct metric_table *)t, false, out);
}

void
fio_figures_free(struct fio_figures *f)
{
	free(f->v);
	memset(f, 0, sizeof *f);
}
