/* What the analysis' unit tests share (test_analyse.c, test_compare.c):
 * a tree of runs written to a temporary directory, loaded and analysed
 * with the options in t->opts (the defaults unless a test changes them),
 * and ways to find a run and a finding in the result. */
#ifndef BENCHSITE_TEST_RUNTREE_H
#define BENCHSITE_TEST_RUNTREE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyse/analyse_int.h"
#include "base/xalloc.h"

struct tree {
	char root[64];
	struct runset set;
	struct analysis an;
	struct analyse_opts opts;
	struct diags d;
};

static inline void
write_file(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f;

	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	free(path);
}

/* A new empty tree in /tmp/NAME-XXXXXX. */
static inline int
tree_setup(void **state, const char *name)
{
	struct tree *t = calloc(1, sizeof *t);

	snprintf(t->root, sizeof t->root, "/tmp/%s-XXXXXX", name);
	assert_non_null(mkdtemp(t->root));
	t->d.quiet = 1;
	analyse_default_opts(&t->opts);
	*state = t;
	return 0;
}

static inline int
tree_teardown(void **state)
{
	struct tree *t = *state;
	char cmd[96];

	analysis_free(&t->an);
	runset_free(&t->set);
	diags_free(&t->d);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->root);
	assert_int_equal(system(cmd), 0);
	free(t);
	return 0;
}

static inline void
load(struct tree *t)
{
	assert_int_equal(runset_load(&t->set, t->root, NULL, SIZE_MAX, &t->d),
	    0);
	assert_int_equal(analyse(&t->an, &t->set, &t->opts, &t->d), 0);
}

static inline size_t
run_of(const struct tree *t, const char *id)
{
	long i = runset_find(&t->set, id);

	assert_true(i >= 0);
	return (size_t)i;
}

/* The first finding of this kind on run (-1: patterns) and metric. */
static inline const struct finding *
finding_on(const struct analysis *a, enum finding_kind kind, long run,
    int metric)
{
	for (size_t k = 0; k < a->nf; k++)
		if (a->f[k].kind == kind && a->f[k].run == run &&
		    a->f[k].metric == metric)
			return &a->f[k];
	return NULL;
}

#endif
