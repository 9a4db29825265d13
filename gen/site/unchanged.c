/* A build that finds nothing changed (site.h, site_unchanged): the
 * fingerprint of everything a build is made from, and the job log's
 * last line that says the published site was made from it. It covers
 * more than any one page reads, so that any change of the runs, the
 * program, the templates and assets, the fonts or the options means a
 * build as usual. */
#include "render/chart.h"
#include "site/publish.h"
#include "site/reuse.h"
#include "site/site_int.h"
#include "base/xalloc.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* Our own files are hashed whole (as fingerprint.c's). */
#define OWN_FILE_MAX ((size_t)1 << 30)

static int
not_dot(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* Every entry of dir by name (a page template read by a page not yet
 * planned counts too): files with their bytes, others by name. */
static void
dir_fp(struct fp *f, const char *dir)
{
	struct dirent **v;
	int n = scandir(dir, &v, not_dot, alphasort);

	fp_num(f, n);
	for (int k = 0; k < n; k++) {
		if (!fp_file(f, dir, v[k]->d_name, OWN_FILE_MAX))
			fp_str(f, v[k]->d_name);
		free(v[k]);
	}
	if (n >= 0)
		free(v);
}

/* The fonts the charts are drawn with, as site_build loads them; false
 * when they cannot be loaded (the build then says so). */
static bool
fonts_fp(struct fp *f, const struct site_opts *opts)
{
	char err[256] = "";
	struct chart_fonts *fonts = chart_fonts_load(opts->font_dir, err);
	const char *dir, *font;

	if (fonts == NULL)
		return false;
	for (int k = 0; (font = chart_font_file(fonts, k, &dir)); k++)
		fp_file(f, dir, font, OWN_FILE_MAX);
	chart_fonts_free(fonts);
	return true;
}

static void
names_fp(struct fp *f, char *const *v, size_t n)
{
	fp_num(f, (long long)n);
	for (size_t k = 0; k < n; k++)
		fp_str(f, v[k]);
}

/* The model the loader gave: what holds for the whole set (RUNS/meta as
 * read, index.md's bytes, the stamps of the runs' notes), and each run
 * by what it was read from (the hash of its files' bytes, their names),
 * or the loader's digest of them. */
static void
runset_fp(struct fp *f, const struct runset *set)
{
	fp_str(f, set->title);
	fp_num(f, set->has_index);
	if (set->has_index)
		fp_file(f, set->root, "index.md", OWN_FILE_MAX);
	fp_num(f, (long long)set->meta.n);
	for (size_t k = 0; k < set->meta.n; k++) {
		fp_str(f, set->meta.v[k]);
		fp_str(f, meta_value(&set->meta, k));
	}
	fp_bytes(f, set->notes_stamps, sizeof set->notes_stamps);
	/* The loader's digest says what the runs are without decoding
	 * them (a lazy load has not): it is kept whenever every run came
	 * from its cache or went into it. */
	fp_num(f, set->has_digest);
	if (set->has_digest) {
		fp_bytes(f, set->digest, sizeof set->digest);
		return;
	}
	fp_num(f, (long long)set->n);
	for (size_t i = 0; i < set->n; i++) {
		const struct run *r = &set->runs[i];

		fp_str(f, r->id);
		fp_str(f, r->raw_id);
		fp_bytes(f, r->input_hash, sizeof r->input_hash);
		fp_bytes(f, r->output_hash, sizeof r->output_hash);
		fp_num(f, (long long)r->nsamples);
		names_fp(f, r->outputs, r->noutputs);
		names_fp(f, r->attachments, r->nattachments);
		fp_str(f, r->notes);
	}
}

/* What loading said: a build says it again. */
static void
messages_fp(struct fp *f, const struct diags *d)
{
	fp_num(f, (long long)d->n);
	for (size_t k = 0; k < d->n; k++) {
		fp_num(f, d->v[k].level);
		fp_str(f, d->v[k].file);
		fp_num(f, d->v[k].line);
		fp_str(f, d->v[k].message);
	}
}

bool
site_unchanged(struct site_opts *opts, const struct runset *set,
    const struct diags *d, bool *gate_fails)
{
	struct fp *f;
	char *dir;
	bool ok;

	opts->inputs_fp[0] = '\0';
	*gate_fails = false;
	if (opts->single)
		return false;
	f = fp_new();
	site_program_fp(f);
	fp_bytes(f, opts->options_hash, sizeof opts->options_hash);
	dir = xasprintf("%s/templates", opts->data_dir);
	dir_fp(f, dir);
	free(dir);
	dir = xasprintf("%s/assets", opts->data_dir);
	dir_fp(f, dir);
	free(dir);
	ok = fonts_fp(f, opts);
	runset_fp(f, set);
	messages_fp(f, d);
	if (ok)
		fp_digest(f, opts->inputs_fp);
	fp_free(f);
	/* Whatever the answer, the build logs the same line: stamps too
	 * new to trust may hide a change (runcache.h), and --full reads
	 * every file again. */
	return ok && !opts->full && set->stamps_settled &&
	    reuse_built_from(opts->out, opts->inputs_fp, gate_fails);
}
