/* Results already taken, known by their figures rather than their names
 * (a reply may rename a machine, a table cuts a long name short): the
 * results earlier in a post, for its quoted copies (import_tables.c),
 * and those already in the RUNS tree an import writes into (import.c).
 * Figures agree as the reader's merge has them agree: each state equal,
 * each figure within the precision a text cell gave, each %CP equal. */
#include "base/buf.h"
#include "base/hashmap.h"
#include "capture/import_int.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A figure and the same figure read from another copy of the output:
 * a 2.00a text cell keeps two significant digits, seeks above 1000 no
 * decimal. */
static bool
values_close(double a, double b, bool approx)
{
	double tol = approx ? 0.056 * fmax(a, b) + 0.51 : 0.51;

	return fabs(a - b) <= tol;
}

static bool
latencies_close(double a, double b)
{
	return a < 0 || b < 0 || fabs(a - b) <= 0.01 * fmax(a, b) + 0.5;
}

bool
figures_agree(const struct measure *a, const struct measure *b)
{
	int measured = 0;

	for (int i = 0; i < M_COUNT; i++) {
		const struct measure *x = &a[i], *y = &b[i];

		/* a figure bonnie++ printed wrongly agrees with any */
		if (x->state == VS_INVALID || y->state == VS_INVALID)
			continue;
		if (x->state != y->state ||
		    (x->cpu >= 0 && y->cpu >= 0 && x->cpu != y->cpu) ||
		    !latencies_close(x->latency_us, y->latency_us))
			return false;
		if (x->state != VS_OK)
			continue;
		if (!values_close(x->value, y->value, x->approx || y->approx))
			return false;
		measured++;
	}
	return measured > 0;	/* all "+++++": nothing to tell them by */
}

/* What two agreeing results surely share: each state (a wrong figure
 * stands for a figure) and each %CP. */
static uint64_t
figures_hash(const struct measure *m)
{
	uint64_t h = 1469598103934665603u;

	for (int i = 0; i < M_COUNT; i++) {
		int state = m[i].state == VS_INVALID ? VS_OK : m[i].state;

		h = (h ^ (uint64_t)state) * 1099511628211u;
		h = (h ^ (uint64_t)(m[i].cpu + 1)) * 1099511628211u;
	}
	return h ^ h >> 29;
}

static uint64_t
hash_entry(uintptr_t value, const void *ctx)
{
	const struct seen *s = ctx;

	return figures_hash(s->m[value - 1]);
}

void
seen_init(struct seen *s)
{
	memset(s, 0, sizeof *s);
	hashmap_init(&s->map, 16, hash_entry, s);
}

bool
seen_has(const struct seen *s, const struct measure *m)
{
	for (size_t at = hashmap_home(&s->map, figures_hash(m));
	    s->map.slot[at] != 0; at = hashmap_next(&s->map, at))
		if (figures_agree(s->m[s->map.slot[at] - 1], m))
			return true;
	return false;
}

void
seen_add(struct seen *s, const struct measure *m)
{
	size_t at = hashmap_home(&s->map, figures_hash(m));

	while (s->map.slot[at] != 0)
		at = hashmap_next(&s->map, at);
	xgrow((void **)&s->m, &s->cap, s->n + 1, sizeof *s->m);
	memcpy(s->m[s->n++], m, sizeof *s->m);
	hashmap_put(&s->map, at, s->n);
}

/* fio's results are known by their figures too: every job's runtime,
 * bytes moved, IOPS and mean latencies in each direction, as printed (a
 * copy of the text, JSON or terse line gives the same), rounded to what
 * the text form keeps; two runs of one job on a steady device may agree
 * to three digits on their rates, hardly on their runtimes and bytes
 * too, and runs held to one rate (rate_iops) by their latencies. */
char *
fio_signature(const struct fio_result *r)
{
	struct buf b = {0};

	buf_printf(&b, "%zu", r->njobs);
	for (size_t j = 0; j < r->njobs; j++)
		for (int d = 0; d < FIO_DIRS; d++) {
			const struct fio_side *x = &r->jobs[j].side[d];

			/* latencies to two figures: the text rounds them */
			if (x->present)
				buf_printf(&b, "|%d:%.0f:%.3g:%.3g:%.2g:%.2g",
				    d, x->runtime_ms, x->io_bytes, x->iops,
				    x->clat.mean, x->lat.mean);
		}
	return buf_take(&b);
}

bool
seen_has_signature(const struct seen *s, const char *sig)
{
	for (size_t k = 0; k < s->nfio; k++)
		if (strcmp(s->fio[k], sig) == 0)
			return true;
	return false;
}

void
seen_add_signature(struct seen *s, char *sig)
{
	xgrow((void **)&s->fio, &s->capfio, s->nfio + 1, sizeof *s->fio);
	s->fio[s->nfio++] = sig;
}

bool
seen_has_fio(const struct seen *s, const struct fio_result *r)
{
	char *sig = fio_signature(r);
	bool found = seen_has_signature(s, sig);

	free(sig);
	return found;
}

void
seen_add_fio(struct seen *s, const struct fio_result *r)
{
	seen_add_signature(s, fio_signature(r));
}

void
seen_free(struct seen *s)
{
	hashmap_free(&s->map);
	free(s->m);
	for (size_t k = 0; k < s->nfio; k++)
		free(s->fio[k]);
	free(s->fio);
	memset(s, 0, sizeof *s);
}
