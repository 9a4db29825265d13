/* "benchsite import": mail posts, forum pages and pasted text into run
 * directories, one per configuration. The split and the guessers are
 * pure (no files) and exposed for the unit tests; cmd_import writes. */
#ifndef BENCHSITE_IMPORT_H
#define BENCHSITE_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"

#define GUESS_POST 1u	/* a post-wide default ("the default X scheduler") */
#define GUESS_SUM 2u	/* counts on several lines add up (two mdadm arrays) */
#define GUESS_VENDOR 4u	/* a bare vendor, completed from a model named elsewhere */
#define GUESS_TWO 8u	/* its line gives another value for the key too */
#define GUESS_DROP 16u	/* the line's own guesses show it is not this key's */

/* One value read from one line of prose. key is a meta key or a part
 * of one put together later: "disks.count", "disks.model", "raid.level",
 * "raid.kind". */
struct guess {
	const char *key;	/* static */
	char *value;
	char *text;		/* the line it was read from, trimmed */
	long line;		/* that line's number in the post */
	size_t at;		/* its place among the post's lines */
	size_t col;		/* where on that line its words start */
	int prio;		/* how specific the rule is: higher wins */
	unsigned flags;		/* GUESS_* of its rule */
	char *tie;		/* controller named on the same line, for the
				   keys that depend on it (driver, chipset) */
	int region;		/* the configuration whose prose holds it */
	int caption;		/* in the paragraph right above its table */
	int fio_header;		/* a date of fio's results header
				   (guess_fio_started): the run's own */
	int command;		/* on the command line of its table: not
				   inherited by the runs after it */
	int trailing;		/* in the prose after its table: said of
				   it alone, not inherited either */
	int named;		/* the configuration its sentence names
				   ("the second run"), from 1; -1 one it
				   does not say which ("with 4 disks"); -2
				   others ("these two runs") */
};

/* Where the last line guessed left its sentence, for a sentence the
 * mail client cut over two lines (import_clause.c). */
struct clause_carry {
	size_t at;		/* that line's place among the post's lines */
	bool open;		/* no full stop ended it */
	bool wide;		/* long enough to have been cut */
	unsigned sentence, clause;	/* the moods it left open */
};

struct guesses {
	struct guess *v;
	size_t n, cap;
	size_t *post;		/* indices of the post-wide ones (GUESS_POST) */
	size_t npost, cappost;
	struct clause_carry carry;
};

struct guesser;

/* The rules compiled; NULL if one does not compile (a bug). */
struct guesser *guesser_new(void);
void guesser_free(struct guesser *);
/* Whether a table's row name names a setting (an elevator, a file
 * system, a RAID level, a kernel...) in one of its words, as a poster
 * who renamed the machine column to the set-ups writes it. */
bool guess_names_setting(const struct guesser *, const char *name);
/* Whether it names one that no meta key holds ("module", "patched",
 * "baseline"): the row's label is all that says it. */
bool guess_names_unkeyed_setting(const struct guesser *, const char *name);
/* Whether the whole name is a kernel version ("2.4.20-nas1"): a row
 * named for the kernel it ran, not for a machine. */
bool guess_names_kernel(const struct guesser *, const char *name);
/* Appends what every rule finds in one line of prose to out. */
void guess_line(const struct guesser *, const char *text, long line,
    size_t at, struct guesses *out);
void guesses_free(struct guesses *);

/* Lower-case words of text joined by hyphens, at most five words and
 * 40 bytes; "" when text has no letter or digit. Caller frees. */
char *import_slug(const char *text);
/* The same, and the words with a digit after the first five, up to 40
 * bytes ("Rand Read Test, nr_threads=2": "rand-read-test-nr-threads-2"):
 * for runs whose five words are the same. Caller frees. */
char *import_slug_numbered(const char *text);

/* One configuration found in a post. */
struct import_run {
	char *slug;		/* from its caption: "raid-5", or "run" */
	long first, last;	/* its bonnie++ output's lines in the post */
	size_t samples;		/* results (iterations) in them */
	const char *file;	/* where they go: bonnie.txt or fio.txt */
	char *bonnie;		/* those lines as posted */
	char *notes;		/* the prose that introduced it, or NULL */
	char *meta;		/* guessed meta, each value with its evidence */
};

struct import_runs {
	struct import_run *v;
	size_t n, cap;
	size_t quoted;		/* results left out: copies of results
				   earlier in the post */
	size_t known;		/* results left out: already in RUNS */
};

/* Results an import already has (those of a RUNS tree): opaque here. */
struct seen;

/* Splits buf (len bytes and a NUL, as file_read gives; file names it in
 * messages) into out, without the results known holds (NULL: none). */
void import_split(const struct guesser *, const char *file, const char *buf,
    size_t len, const struct seen *known, struct import_runs *out,
    struct diags *);
void import_run_free(struct import_run *);
void import_runs_free(struct import_runs *);

/* benchsite import [-o RUNS] FILE...; argv[0] is "import". Returns
 * EXIT_DONE, EXIT_INPUT (bad usage, unreadable input) or EXIT_INTERNAL
 * (a file could not be written), as base/exit.h has them. */
int cmd_import(int argc, char **argv);

#endif
