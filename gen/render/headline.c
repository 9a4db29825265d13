/* The figures shown first; see headline.h. */
#include "render/headline.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int bonnie_overview[] = {
	M_PUT_BLOCK, M_GET_BLOCK, M_REWRITE, M_SEEKS, M_PUTC, M_GETC,
	M_SEQ_CREATE, M_RAN_CREATE,
};
const size_t nbonnie_overview = sizeof bonnie_overview /
    sizeof *bonnie_overview;
const int bonnie_compared[] = {M_PUT_BLOCK, M_GET_BLOCK, M_REWRITE, M_SEEKS};
const size_t nbonnie_compared = sizeof bonnie_compared /
    sizeof *bonnie_compared;

enum fio_measure
fio_main_measure(const struct fio_key *k)
{
	return fio_rw_random(k->rw) ? FM_IOPS : FM_BW;
}

/* Whether metric m is the main one of its fio workload. */
static bool
is_main(const struct metric *m)
{
	return m->def.family == FAMILY_FIO &&
	    m->fio.measure == fio_main_measure(&m->fio);
}

struct tally {
	int metric;
	size_t runs;
	size_t failing;	/* runs whose figure of it fails the gate */
};

/* The workloads whose figures fail the gate first (a table of a
 * failing night shows what failed), then those the most runs have. */
static int
cmp_tally(const void *x, const void *y)
{
	const struct tally *a = x, *b = y;

	if (a->failing != b->failing)
		return a->failing > b->failing ? -1 : 1;
	if (a->runs != b->runs)
		return a->runs > b->runs ? -1 : 1;
	return (a->metric > b->metric) - (a->metric < b->metric);
}

/* How many of the runs have each main fio metric, into t (by metric);
 * whether any has a bonnie++ figure. */
static bool
count_runs(const struct analysis *an, const size_t *runs, size_t n,
    struct tally *t)
{
	bool bonnie = false;

	for (size_t k = 0; k < n; k++) {
		const struct run *r = &an->set->runs[runs[k]];

		for (size_t s = 0; s < r->nsum; s++) {
			int id = run_metric_at(r, s);

			if (id < M_COUNT)
				bonnie |= run_summary_at(r, s).state !=
				    VS_NOT_RUN;
			else if (is_main(analysis_metric(an, id))) {
				t[id].runs++;
				t[id].failing += analysis_flagged(an, runs[k],
				    id);
			}
		}
	}
	return bonnie;
}

size_t
headline_metrics(const struct analysis *an, const size_t *runs, size_t n,
    const int *bonnie, size_t nbonnie, size_t max_fio, int *out)
{
	size_t nm = an->set->metrics.n, count = 0, nf = 0;
	struct tally *t = xcalloc(nm ? nm : 1, sizeof *t);

	for (size_t m = 0; m < nm; m++)
		t[m].metric = (int)m;
	if (count_runs(an, runs, n, t))
		for (size_t k = 0; k < nbonnie; k++)
			out[count++] = bonnie[k];
	if (nm > M_COUNT)
		qsort(t + M_COUNT, nm - M_COUNT, sizeof *t, cmp_tally);
	if (max_fio > HEADLINE_FIO)
		max_fio = HEADLINE_FIO;
	for (size_t m = M_COUNT; m < nm && nf < max_fio; m++)
		if (t[m].runs > 0)
			out[count + nf++] = t[m].metric;
	/* Shown in the table's order, whatever the counts. */
	for (size_t a = count + 1; a < count + nf; a++)
		for (size_t b = a; b > count && out[b - 1] > out[b]; b--) {
			int x = out[b];

			out[b] = out[b - 1];
			out[b - 1] = x;
		}
	free(t);
	return count + nf;
}

bool
headline_short_name(const struct metric *m, char buf[16])
{
	static const char *const rw[FIO_RWS] = {
		"R", "W", "RR", "RW", "M", "RM", "T", "RT", "TW", "J",
	};
	const struct fio_key *k = &m->fio;
	const char *dir = fio_rw_mixed(k->rw) ? (k->dir == FIO_READ ? "r" :
	    "w") : "";
	char bs[24];
	int n;

	if (m->def.family != FAMILY_FIO)
		n = snprintf(buf, 16, "%s", m->def.key);
	else if (k->rw == RW_JOB)
		n = snprintf(buf, 16, "%s%c", k->job, fio_dir_names[k->dir][0]);
	else {
		fio_bs_text(k->bs, bs, sizeof bs);
		n = snprintf(buf, 16, "%s%sQ%.0f%s", rw[k->rw], bs,
		    fio_key_inflight(k), dir);
		/* The block size gives way first: the requests in flight
		 * and the direction are what tell a mail's columns apart. */
		if (n > HEADLINE_SHORT)
			n = snprintf(buf, 16, "%sQ%.0f%s", rw[k->rw],
			    fio_key_inflight(k), dir);
	}
	if (n >= 0 && n <= HEADLINE_SHORT)
		return true;
	buf[0] = '\0';
	return false;
}
