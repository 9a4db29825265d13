/* Turns the bytes of a file into the clean lines the bonnie++ reader
 * looks at: line ends, BOM, tabs, mail quoting, comment prefixes and the
 * markup of web pages and forums are taken away, and each line keeps the
 * number it had in the file. Used by the reader only. */
#ifndef BENCHSITE_LINES_H
#define BENCHSITE_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct line {
	long no;	/* 1-based line number in the file */
	char *text;	/* NUL-terminated; trailing spaces kept (they tell
			   a mail client's wrap from a split word) */
	size_t len;
	int quote;	/* how many quote levels ("> ", "| ") were removed */
	int heading;	/* a "# " taken off before a capital: a Markdown
			   heading ("# Main RAID array"), not a prompt */
	int too_long;	/* longer than max_len: kept empty, not cleaned */
	int shell_break;	/* a " \\" taken off its end: a shell goes
				   on with the next line */
};

struct line_chunk;

struct lines {
	struct line *v;
	size_t n, cap;
	size_t max_len;	/* set before lines_read; 0 for no limit */
	struct line_chunk *chunks;	/* where the texts are kept: a few
					   blocks, not one per line */
	int marks;	/* set before lines_read: an enum diff_marks */
};

/* Which side of a unified diff to keep: a diff of two result files is
 * read as the old file and the new file. */
enum diff_side {
	SIDE_ALL,	/* not a diff: keep every line */
	SIDE_OLD,
	SIDE_NEW
};

/* How a diff tells its two sides apart. */
enum diff_marks {
	MARKS_UNIFIED,	/* "@@ -1,4 +1,4 @@" hunks, "-" and "+" inside */
	MARKS_PLUS_MINUS,	/* "-" and "+" on each line, no hunk header */
	MARKS_ANGLE	/* "< " and "> " as diff's normal format prints */
};

/* True if buf holds a unified diff of results: a hunk ("@@ -1,4 +1,4
 * @@") with a bonnie++ or fio line in it (a patch of code is not). */
int lines_is_diff(const char *buf, size_t len);

/* Whether line s is one of a unified diff's file headers ("diff -Nru a
 * b", "index 1a2b..3c4d", "--- a/x", "+++ b/x"): the diff reader and the
 * import's patches (capture/import_tables.c) tell them alike. */
int lines_diff_header(const char *s);

/* True if buf, without a hunk header, holds a before/after paste: the
 * start of a bonnie++ table or a CSV line marked as old ("-" or "<")
 * and one marked as new ("+" or ">"); *marks says which pair. A "> "
 * alone is a mail quote, never a side. */
int lines_is_marked_diff(const char *buf, size_t len, enum diff_marks *marks);

/* Fills out (which must be zeroed but for max_len) with the clean lines
 * of buf. A line over max_len bytes costs nothing: it stays as an empty
 * line marked too_long on every side of a diff, for the caller to
 * report. */
/* Whether buf is a mail body still in quoted-printable (its headers
 * aside), as lines_read tells it. */
bool lines_quoted_printable(const char *buf, size_t len);
/* buf[0..len), part of such a body, decoded: the lines a soft break
 * ends joined to the next, "=XX" the byte XX; *out_len its length.
 * Caller frees. */
char *lines_qp_decode(const char *buf, size_t len, size_t *out_len);
void lines_read(struct lines *out, const char *buf, size_t len,
    enum diff_side side);
void lines_free(struct lines *);

/* The text of one side of a diff (old or new) as it was posted: its
 * markers taken off, the other side's lines and the diff's own left
 * empty, so that each line keeps its number (inside a unified diff's
 * hunk, at the hunk's end); caller frees, *out_len its length. For the import, which splits a before/after paste into
 * the two configurations it compares. */
char *lines_side_text(const char *buf, size_t len, enum diff_side side,
    enum diff_marks marks, size_t *out_len);

#endif
