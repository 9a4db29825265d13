/* "benchsite import": turns mail posts, forum pages and pasted text into
 * run directories, one per configuration: the bonnie++ output as posted,
 * the prose that introduced it (notes.md) and a meta file guessed from
 * that prose, every value under the line it came from. For people
 * turning old threads into runs, who then check the guesses. The command
 * only: a post is split by import_split.c and written by
 * import_write.c. */
#include "base/exit.h"
#include "base/fileio.h"
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

		reader_read("bonnie.txt", text, strlen(text), NULL, &got,
		    &quiet);
		reader_merge(&got, &quiet);
		for (size_t i = 0; i < got.n; i++)
			seen_add(known, got.v[i].m);
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
	struct diags d = {0};
	struct guesser *gs;
	struct seen known;
	int i = 1, failed = 0;

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
	if (mkdir(root, 0777) != 0 && errno != EEXIST) {
		diags_add(&d, MSG_SYSERR, root, 0, "cannot create: %s",
		    strerror(errno));
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
		import_split(gs, name, buf, len, &known, &rs, &d);
		report_skipped(name, root, &rs, &d);
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
	    d.n && d.worst >= MSG_ERROR ? EXIT_INPUT : EXIT_DONE;

	diags_free(&d);
	return status;
}
