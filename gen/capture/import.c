/* "benchsite import": turns mail posts, forum pages and pasted text into
 * run directories, one per configuration: the bonnie++ output as posted,
 * the prose that introduced it (notes.md) and a meta file guessed from
 * that prose, every value under the line it came from. For people
 * turning old threads into runs, who then check the guesses. The command
 * only: a post is split by import_split.c and written by
 * import_write.c. */
#include "base/exit.h"
#include "base/fileio.h"
#include "base/xalloc.h"
#include "read/lines.h"
#include "capture/import_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The results of runs just written, so that a later post of the same
 * command line does not import them again. */
static void
remember_runs(const struct import_runs *rs, struct seen *known)
{
	for (size_t k = 0; k < rs->n; k++) {
		struct diags quiet = {.quiet = 1};
		struct results got = {0};
		const char *text = rs->v[k].bonnie;

		reader_read(rs->v[k].file, text, strlen(text), NULL, &got,
		    &quiet);
		reader_merge(&got, &quiet);
		for (size_t i = 0; i < got.n; i++)
			seen_add(known, got.v[i].m);
		for (size_t i = 0; i < got.fio.n; i++)
			seen_add_fio(known, &got.fio.v[i]);
		results_free(&got);
		diags_free(&quiet);
	}
}

/* What was left out, said once for the post. */
static void
report_skipped(const char *name, const char *root,
    const struct import_runs *rs, struct diags *d)
{
	if (rs->quoted > 0)
		diags_add(d, MSG_NOTE, name, 0, "skipped %zu quoted result%s "
		    "already present", rs->quoted, rs->quoted == 1 ? "" : "s");
	if (rs->known > 0)
		diags_add(d, MSG_NOTE, name, 0, "skipped %zu result%s already "
		    "in %s", rs->known, rs->known == 1 ? "" : "s", root);
}

/* Whether run r of one side of a before/after paste is in the other
 * side as well: a table outside the marked lines, read on both. */
static bool
on_both_sides(const struct import_run *r, const struct import_runs *other)
{
	for (size_t k = 0; k < other->n; k++)
		if (strcmp(r->bonnie, other->v[k].bonnie) == 0)
			return true;
	return false;
}

/* Moves the runs of one side of a before/after paste to the end of rs,
 * their names saying which side they are; those the sides share keep
 * their name, once. */
static void
append_side(struct import_runs *rs, struct import_runs *part,
    const struct import_runs *other, bool second, const char *side)
{
	for (size_t k = 0; k < part->n; k++) {
		struct import_run *r = &part->v[k];
		bool both = on_both_sides(r, other);

		if (both && second) {
			import_run_free(r);
			continue;
		}
		if (!both) {
			char *slug = xasprintf("%s-%s", r->slug, side);

			free(r->slug);
			r->slug = slug;
		}
		xgrow((void **)&rs->v, &rs->cap, rs->n + 1, sizeof *rs->v);
		rs->v[rs->n++] = *r;
	}
	rs->quoted += part->quoted;
	rs->known += part->known;
	free(part->v);
	memset(part, 0, sizeof *part);
}

/* A post, or a before/after paste (a diff of two result files, or lines
 * marked -/+ or </> without a diff header): its two sides are the two
 * configurations it compares, each imported as a post of its own with
 * the prose they share, never as two samples of one run. */
/* Whether d holds message m already (the same file, line and words). */
static bool
said_before(const struct diags *d, const struct diag *m)
{
	for (size_t k = 0; k < d->n; k++)
		if (d->v[k].line == m->line && strcmp(d->v[k].file,
		    m->file) == 0 && strcmp(d->v[k].message, m->message) == 0)
			return true;
	return false;
}

static void
split_post(const struct guesser *gs, const char *name, const char *buf,
    size_t len, const struct seen *known, struct import_runs *rs,
    struct diags *d)
{
	enum diff_marks marks = MARKS_UNIFIED;
	struct import_runs side[2] = {{0}, {0}};
	struct diags said[2] = {{.quiet = 1}, {.quiet = 1}};

	if (!lines_is_diff(buf, len) && !lines_is_marked_diff(buf, len,
	    &marks)) {
		import_split(gs, name, buf, len, known, rs, d);
		return;
	}
	for (int s = 0; s < 2; s++) {
		size_t n;
		char *text = lines_side_text(buf, len, s ? SIDE_NEW : SIDE_OLD,
		    marks, &n);

		import_split(gs, name, text, n, known, &side[s], &said[s]);
		free(text);
	}
	/* The lines both sides share say the same thing twice: once. */
	diags_append(d, &said[0]);
	for (size_t k = 0; k < said[1].n; k++)
		if (!said_before(&said[0], &said[1].v[k]))
			diags_add(d, said[1].v[k].level, said[1].v[k].file,
			    said[1].v[k].line, "%s", said[1].v[k].message);
	diags_free(&said[0]);
	diags_free(&said[1]);
	append_side(rs, &side[0], &side[1], false, "before");
	append_side(rs, &side[1], rs, true, "after");
}

static int
import_usage(void)
{
	fputs("usage: benchsite import [-o RUNS] FILE...\n", stderr);
	return EXIT_INPUT;
}

int
cmd_import(int argc, char **argv)
{
	const char *root = "runs";
	char *made = NULL;
	struct diags d = {0};
	struct guesser *gs;
	struct seen known;
	int i = 1, failed = 0;
	/* results found in the files, new or already imported: none at
	 * all is input that could not be read, as check says of RUNS */
	size_t found = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "-o") != 0 || i + 1 >= argc)
			return import_usage();
		root = argv[++i];
	}
	if (i == argc || *root == '\0')
		return import_usage();
	if ((gs = guesser_new()) == NULL)
		return EXIT_INTERNAL;
	if (make_dirs(root, false, &made) != 0) {
		diags_add(&d, MSG_SYSERR, made, 0, "cannot create: %s",
		    strerror(errno));
		free(made);
		failed = 1;
	}
	seen_init(&known);
	if (!failed)
		import_read_known(root, &known);
	for (; i < argc && !failed; i++) {
		struct import_runs rs = {0};
		size_t len;
		char *buf = file_read(argv[i], DEFAULT_MAX_FILE_SIZE, &len, &d);
		const char *name = strcmp(argv[i], "-") == 0 ? "<stdin>" :
		    argv[i];

		if (buf == NULL)
			continue;
		split_post(gs, name, buf, len, &known, &rs, &d);
		report_skipped(name, root, &rs, &d);
		found += rs.n + rs.quoted + rs.known;
		if (rs.n > 0 && import_write_runs(root, argv[i], &rs, &d) != 0)
			failed = 1;
		remember_runs(&rs, &known);
		import_review(name, &rs);
		import_runs_free(&rs);
		free(buf);
	}
	guesser_free(gs);
	seen_free(&known);
	if (fflush(stdout) != 0)
		failed = 1;
	int status = failed || (d.n && d.worst == MSG_SYSERR) ? EXIT_INTERNAL :
	    (d.n && d.worst >= MSG_ERROR) || found == 0 ? EXIT_INPUT :
	    EXIT_DONE;

	diags_free(&d);
	return status;
}
