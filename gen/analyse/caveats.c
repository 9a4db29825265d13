/* Like for like: what differs in the set-up between two runs, and why
 * a comparison of them cannot be taken at face value. See
 * analyse_int.h. */
#include "analyse/analyse_int.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Keys that describe the set-up: what may explain a difference. */
static const char *const setup_keys[] = {
	"host", "controller", "chipset", "bus", "driver", "firmware",
	"disks", "raid", "chunk", "filesystem", "mount-options", "kernel",
	"os", "scheduler", "readahead", "queue-depth", "write-cache", "cpu",
	"memory", "motherboard", "bonnie-options",
};
#define NSETUP (sizeof setup_keys / sizeof *setup_keys)

static bool
is_layout_key(const char *key)
{
	return strcmp(key, "disks") == 0 || strcmp(key, "raid") == 0 ||
	    strcmp(key, "chunk") == 0;
}

/* Copies s to out + o (room known); returns the new end. */
static size_t
append(char *out, size_t o, const char *s)
{
	size_t n = strlen(s);

	memcpy(out + o, s, n);
	return o + n;
}

/* "controller: A -> B; scheduler: cfq -> anticipatory", or NULL; counts
 * the differing keys, the layout keys (disks, raid, chunk) apart. */
char *
setup_differences(const struct run *r, const struct run *b, int *count,
    int *layout)
{
	const char *x[NSETUP], *y[NSETUP];
	size_t len = 0, o = 0;
	char *out;

	*count = *layout = 0;
	for (size_t k = 0; k < NSETUP; k++) {
		x[k] = meta_get(&b->meta, setup_keys[k]);
		y[k] = meta_get(&r->meta, setup_keys[k]);
		if ((x[k] == NULL && y[k] == NULL) || (x[k] && y[k] &&
		    strcmp(x[k], y[k]) == 0)) {
			x[k] = y[k] = setup_keys[k];	/* the same */
			continue;
		}
		if (x[k] == NULL)
			x[k] = "(not given)";
		if (y[k] == NULL)
			y[k] = "(not given)";
		len += strlen(setup_keys[k]) + strlen(x[k]) + strlen(y[k]) +
		    sizeof "; : \u2192 ";
		if (is_layout_key(setup_keys[k]))
			(*layout)++;
		else
			(*count)++;
	}
	if (len == 0)
		return NULL;
	/* "key: x -> y; key: x -> y", written once into its size. */
	out = xmalloc(len + 1);
	for (size_t k = 0; k < NSETUP; k++) {
		if (x[k] == setup_keys[k])
			continue;
		if (o > 0)
			o = append(out, o, "; ");
		o = append(out, o, setup_keys[k]);
		o = append(out, o, ": ");
		o = append(out, o, x[k]);
		o = append(out, o, " \u2192 ");
		o = append(out, o, y[k]);
	}
	out[o] = '\0';
	return out;
}

static bool
new_per_char(const struct bonnie_params *x)
{
	const char *v = x->version ? x->version : x->csv_format;

	return v && strcmp(v, "1.0x") != 0 && strncmp(v, "1.9", 3) >= 0;
}

/* Why two runs do not compare like for like, or NULL: bonnie++
 * parameters, per-char tests of different generations or bound by the
 * CPU, or more than one setting changed at once. */
char *
comparison_caveat(const struct analysis *a, size_t i, size_t o, int ndiff, int metric)
{
	const struct run *r = &a->set->runs[i], *b = &a->set->runs[o];
	const struct bonnie_params *x = &r->params, *y = &b->params;
	char *out = NULL, *next;
	const char *why[5];
	int n = 0;

	if ((metric == M_PUTC || metric == M_GETC) &&
	    (analysis_sum(a, i)[metric].cpu >= 95 ||
	    analysis_sum(a, o)[metric].cpu >= 95))
		why[n++] = "per-char tests at 95% CPU or more measure the "
		    "processor";

	if ((x->size && y->size && strcmp(x->size, y->size) != 0))
		why[n++] = "file sizes differ";
	if (x->files && y->files && strcmp(x->files, y->files) != 0)
		why[n++] = "file-test parameters differ";
	if ((metric == M_PUTC || metric == M_GETC || metric < 0) &&
	    new_per_char(x) != new_per_char(y))
		why[n++] = "bonnie++ 1.0x and 1.9x+ per-char tests measure "
		    "different things";
	if (ndiff > 1)
		why[n++] = "more than one setting differs";
	for (int k = 0; k < n; k++) {
		next = xasprintf("%s%s%s", out ? out : "", out ? "; " : "",
		    why[k]);
		free(out);
		out = next;
	}
	return out;
}

/* What changed from run b to run r: the set-up keys, else the labels
 * (a setting the meta names only in its label, like "NCQ off"). */
static char *
what_changed(const struct run *r, const struct run *b)
{
	int n, layout;
	char *d = setup_differences(r, b, &n, &layout);
	const char *x = meta_get(&b->meta, "label");
	const char *y = meta_get(&r->meta, "label");

	if (d == NULL && x && y && strcmp(x, y) != 0)
		d = xasprintf("label: %s \u2192 %s", x, y);
	return d;
}

void
note_series_changes(struct analysis *a)
{
	const struct run *runs = a->set->runs;

	for (size_t k = 1; k < a->set->n; k++) {
		size_t i = a->order[k], prev = a->order[k - 1];

		if (strcmp(a->runs[i].series, a->runs[prev].series) != 0)
			continue;
		a->runs[i].series_change = strpool_take(a->pool,
		    what_changed(&runs[i], &runs[prev]));
	}
}
