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
	for (; i < argc && !failed; i++) {
		struct import_runs rs = {0};
		size_t len;
		char *buf = file_read(argv[i], DEFAULT_MAX_FILE_SIZE, &len, &d);
		const char *name = strcmp(argv[i], "-") == 0 ? "<stdin>" :
		    argv[i];

		if (buf == NULL)
			continue;
		import_split(gs, name, buf, len, &rs, &d);
		if (rs.n > 0 && import_write_runs(root, argv[i], &rs, &d) != 0)
			failed = 1;
		import_review(name, &rs);
		import_runs_free(&rs);
		free(buf);
	}
	guesser_free(gs);
	if (fflush(stdout) != 0)
		failed = 1;
	int status = failed || (d.n && d.worst == MSG_SYSERR) ? EXIT_INTERNAL :
	    d.n && d.worst >= MSG_ERROR ? EXIT_INPUT : EXIT_DONE;

	diags_free(&d);
	return status;
}
