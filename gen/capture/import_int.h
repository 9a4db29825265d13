/* Shared by the import's own files only: the post being split and its
 * configurations, and what each file gives the others. They stand in
 * layers: import_text.c, import_clause.c, import_guess.c, then
 * import_tables.c and import_meta.c, then import_split.c,
 * import_write.c and import_review.c, then the command, import.c; none
 * calls one above it. */
#ifndef BENCHSITE_IMPORT_INT_H
#define BENCHSITE_IMPORT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/utf8.h"
#include "base/hashmap.h"
#include "capture/import.h"
#include "read/lines.h"
#include "read/reader.h"

#define WRAP_WIDTH 60	/* a longer line ending here may have been cut */

/* What each clean line of a post is. */
enum line_kind {
	L_PROSE,
	L_TABLE,	/* bonnie++ output of a configuration */
	L_PRE,		/* its command line */
	L_SKIP,		/* bonnie++ output already taken: quoted again,
			   or already in RUNS */
	L_HEADER,	/* a mail header a reader is not shown */
	L_PATCH		/* a patch quoted in the post: code, whose words
			   ("chipset", a file's date) say nothing of a run */
};

/* A result the reader found, where it stands. */
struct anchor {
	long no;
	size_t at;	/* clean line */
	char *name;
};

struct config {
	size_t first, table, last;	/* clean lines: preamble, table, end */
	bool fio;		/* fio's output, not bonnie++'s */
	const char *tag;	/* the name grep put before its fio lines
				   (fio_result.tag: "fio-out-2019-05-15@06:52"),
				   or NULL; the post's results hold it */
	size_t region;			/* first line of its prose */
	size_t caption;			/* first line of its last paragraph */
	/* The post's words between fio's command line, where the table
	 * begins, and its output: lines table + 1 .. inner_end - 1, the
	 * last paragraph, from inner_caption on, its caption ("// Ubuntu
	 * 16.04 / Linux 4.4.0:", "Fio output (5.10.162):"); inner_end is 0
	 * when there are none. */
	size_t inner_end, inner_caption;
	/* Its prose after its table, lines tail_from..tail_end: up to the
	 * next table or the heading or rule that begins another section
	 * (section_starts), the last table's up to the end. A thread's
	 * posters often give their set-up under their results. */
	size_t tail_from, tail_end;
	size_t samples;
	const char *host;
	long host_no;
	char *host_text;
	/* When its table holds other setups too (other machine names,
	 * sizes, options): its own lines of that table, as they are to be
	 * written (NULL: the lines first..last as posted), and its name. */
	char *own_lines;
	char *label;
	/* The prose that names it ("**Patched**"), or NULL: import_split
	 * finds every one's before any meta is written. */
	char *caption_text;
	bool named;		/* the setups of its table differ by name */
	bool others_run;	/* its caption tells of another person's run
				   ("A friend ran the same on his box"):
				   the post's start is not its machine */
	bool quotes_message;	/* its table is quoted from a message whose
				   attribution stands above it */
	char array[16];		/* the md device its caption names ("on
				   md0"), or "": a line of another one's
				   ("md1 : active raid1") is not its */
	bool host_side;		/* its caption says it ran on the host of
				   the post's virtual machines ("HOST
				   SYSTEM"): what is said of the guests is
				   not its */
	size_t system_disk;	/* its caption says it ran on the machine's
				   system disk ("on system drive"): 1 + the
				   caption's line (in p->ls); its storage,
				   one disk, is not the post's; or 0 */
	size_t layout_from;	/* its caption says it is "the same array"
				   (or disks, set-up): 1 + the run before
				   on its machine, whose layout it takes
				   when it names none; or 0 */
	/* When the poster renamed its table's rows to the set-ups (row
	 * names that name settings, or extend one another, or prose that
	 * says so): why it is thought so, and the one machine's name, or
	 * NULL when the post does not give it. */
	const char *renamed;
	const char *machine;
	size_t lead;		/* the first configuration of its table: the
				   one whose prose it shares */
};

/* import_seen.c. Results already taken, by their figures; not to be
 * moved once made (its table points at it). */
struct seen {
	struct hashmap map;
	struct measure (*m)[M_COUNT];
	size_t n, cap;
	char **fio;		/* fio results' signatures (fio_signature) */
	size_t nfio, capfio;
};

/* One post being split (import_split owns it). */
struct post {
	const struct guesser *gs;
	const char *file;
	const char *buf;
	size_t len;
	struct lines ls;
	unsigned char *kind;
	/* The prose that ends the post after its last table when it is
	 * not that table's own (no thread's heading over it): said of all
	 * its runs, "Controller is a Symbios 53c1030" (import_split.c) */
	size_t end_from, end_to;
	bool *summary_row;	/* a row of a hand-made table of results,
				   which speaks of many runs: no guesses */
	bool *address;		/* a mail's header of addresses (From, To,
				   Cc, with its folded lines): people and
				   lists, no set-up: no guesses */
	struct anchor *an;
	size_t nan;
	struct results raw;	/* as read, before any merge */
	struct results rs;	/* merged group by group */
	struct config *cf;
	size_t ncf, cfcap;
	struct guesses g;
	bool html;		/* a web page: its tags are not prose */
	bool qp;		/* a mail body still in quoted-printable */
	bool layout_shared;	/* no run but the first names its disks'
				   layout: the post's start says it of all */
	size_t options_own;	/* the first run after the first table's
				   that gives bonnie++'s options itself:
				   the runs after it do not take the start's */
	size_t *off;		/* where each line of buf starts */
	long nlines;
	const struct seen *known;	/* results already in RUNS, or NULL */
	size_t quoted, in_runs;		/* results skipped as copies of one
					   earlier in the post, or of one
					   in RUNS */
};

/* import_text.c. A copy of s[0..n) without leading and trailing
 * blanks. */
char *trimmed_copy(const char *s, size_t n);
bool line_is_blank(const struct line *);
/* A line of only "-=_~*" and spaces: an underline or a rule. */
bool rule_line(const char *);
/* The post's file name without its extension, as a slug ("post" when
 * nothing is left): its directory's name, and the host of renamed rows
 * whose machine it does not name. Caller frees. */
char *post_slug(const char *file);
/* Whether a line says who wrote the quote below it ("On ..., X wrote:"):
 * it dates the quoted message, and it is no caption. */
bool is_attribution(const char *text);
/* What follows the last '/' of path. */
const char *path_base_name(const char *path);
/* The length of a machine name without a run's number at its end
 * ("default_run1", "box-pass 2", "nas.iter3": 7, 3, 3), or its whole
 * length: rows named so are iterations of one setup. */
size_t iteration_stem(const char *name);

/* import_seen.c. Whether two results' figures are those of one run:
 * each state equal, figures within a text cell's precision, %CP and
 * latencies equal; names are not looked at. */
bool figures_agree(const struct measure *, const struct measure *);
void seen_init(struct seen *);
bool seen_has(const struct seen *, const struct measure *);
void seen_add(struct seen *, const struct measure *);
/* The same of fio's results, known by every job's figures. */
char *fio_signature(const struct fio_result *);
bool seen_has_fio(const struct seen *, const struct fio_result *);
void seen_add_fio(struct seen *, const struct fio_result *);
/* The same for a signature of the caller's own (a result's text, where
 * its figures cannot tell it from another's); add takes sig. */
bool seen_has_signature(const struct seen *, const char *sig);
void seen_add_signature(struct seen *, char *sig);
void seen_free(struct seen *);

/* import_known.c. Adds the results of every run file below root. */
void import_read_known(const char *root, struct seen *);

/* import_guess.c. Whether key is one of list[0..n). */
/* Whether key is one of list[0..n). */
bool key_listed(const char *key, const char *const *list, size_t n);

/* import_clause.c. What a clause of prose does with the words a rule
 * found at text[at..at_end): each bit a reason not to take them as said
 * of the run; 0 when they are. carry: how the line before left its
 * sentence, when this line goes on with it (clause_continues). */
#define MOOD_NEGATED 1u		/* "not on RAID0", "without NCQ" */
#define MOOD_REPLACED 2u	/* "instead of cfq", "than the RAID0" */
#define MOOD_QUESTION 4u	/* "should I use raid10?" */
#define MOOD_CONDITIONAL 8u	/* "if I switch to xfs" */
#define MOOD_PLANNED 16u	/* "I will try jfs next", "Use XFS." */
#define MOOD_REPORTED 32u	/* "on his box", "someone said" */
unsigned clause_mood(const char *text, size_t at, size_t at_end,
    const struct clause_carry *carry);
bool clause_continues(const struct clause_carry *, const char *text,
    size_t at);
/* Updates carry past the line text at at (cont: it went on with the
 * line before). */
void clause_carry_line(const char *text, size_t at, bool cont,
    struct clause_carry *carry);
/* The configuration the sentence around text[at] names: 1 for "the
 * first run", -1 for one it does not say which ("with 4 disks"), -2
 * for others than the one it stands by ("these two runs"), 0 none. */
int clause_names_run(const char *text, size_t at);
/* Whether a line tells of a run another person made ("A friend ran the
 * same on his PowerEdge"): that run's machine is not the poster's. */
bool clause_others_run(const char *text);
/* Whether a caption says its run was made on another machine of the
 * poster's ("on my laptop", "my home PC"). */
bool clause_other_machine(const char *text);
/* Whether the prose before a run says it is another person's machine
 * ("His raid:", "Even his older system"), and says no machine or result
 * of the poster's ("my results", "My raid"). */
bool clause_others_machine(const char *text);
/* The first md device text names ("bonnie++ on md0", "md1 : active
 * raid1"), lower case, into name; false when none. */
bool clause_md_device(const char *text, char name[16]);
/* The same when text names that one md device only ("And on md1, the
 * mirror"), not two ("md0 ... md1"). */
bool clause_one_md_device(const char *text, char name[16]);
/* Whether a caption is of the host's own run ("HOST SYSTEM", "bare
 * metal"), and whether a line speaks of guests ("The guest has 100MB
 * RAM"): such a line is not said of the host's run. */
bool clause_host_side(const char *text);
bool clause_about_guest(const char *text);
/* Whether a caption names the machine's system disk ("bonnie++ on
 * system drive", "the boot SSD"), and whether it says its disk is off
 * the array ("on my IDE drive, which is NOT on the RAID0"). */
bool clause_system_disk(const char *text);
bool clause_off_array(const char *text);
/* The first reason of mood as a word ("negated"), "asserted" for 0. */
const char *mood_name(unsigned mood);


/* import_tables.c. Reads the post's lines and the results the reader
 * finds in them (p->ls, p->an, p->rs merged). */
void post_read(struct post *, struct diags *);
/* Marks what each line is (p->kind) and makes each setup of each group
 * of tables a configuration (p->cf) with its prose, caption and machine
 * name; results already taken (p->known, earlier in the post) are
 * skipped and counted. */
void post_find_configs(struct post *, struct diags *);

/* import_meta.c. Sets what the runs take from the start of the post,
 * from p->g: p->layout_shared and p->options_own. */
void post_inheritance(struct post *);
/* Configuration k's meta file, guessed from p->g, with
 * file_name in its first line; device names the block devices its fio
 * jobs all ran on ("/dev/md127"), whose file system is none whatever
 * the prose says, or is NULL. Caller frees. */
char *config_meta(const struct post *, int k, const char *file_name,
    const char *device);

/* import_review.c. The guesses of each run, one line each, for the
 * reader to check: run, key, value and where it was read, the weak ones
 * marked; read back from the runs' meta. Caller frees. */
char *import_review_text(const char *file, const struct import_runs *);
void import_review(const char *file, const struct import_runs *);

/* import_write.c. Writes the runs split from file below root, one
 * directory for the post; prints each run's path. Returns -1 when a
 * directory or a file could not be written (reported to d). */
int import_write_runs(const char *root, const char *file,
    const struct import_runs *, struct diags *);

#endif
