/* The text renderers of the render stage: "benchsite parse" (JSON,
 * bonnie++ 1.98 CSV), "benchsite dump" (the model as JSON), "benchsite
 * check" in each format and the mail's attachments (json.c, csv.c,
 * check.c, share.c), for main.c; never included by the reader. They
 * take what they print as const. The site's pages are built by the
 * page builders (pages.h) from the plan the site stage computes
 * (plan.h). */
#ifndef BENCHSITE_RENDER_H
#define BENCHSITE_RENDER_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "analyse/analyse.h"
#include "render/chart.h"
#include "model/model.h"
#include "base/diag.h"
#include "read/reader.h"

/* Prints {"results": [...], "diagnostics": [...]}; returns 0, or -1 if
 * writing failed. */
int render_parse_json(FILE *, const struct results *, const struct diags *);

/* Prints each result as one bonnie++ format-1.98 CSV line, the format
 * bon_csv2html 2.00a reads. Returns 0, or -1 if writing failed. */
int render_parse_csv(FILE *, const struct results *);

/* Prints the model of a set of runs as JSON ("benchsite dump"). */
int render_runset_json(FILE *, const struct runset *, const struct diags *);

/* "nothing fails the gate", "1 finding fails the gate", "13 findings
 * fail the gate" for n failing findings; caller frees. */
char *gate_phrase(int n);
/* The headline's counts of the findings f[sel[0..n)] (all of them when
 * sel is NULL), each finding counted once: "13 findings fail the gate
 * (12 shortfalls, 1 missed target); 19 do not (1 regression, 4 weak
 * scalings, 14 warnings); 8 improvements". Caller frees. */
char *gate_counts(const struct analysis *, const size_t *sel, size_t n);

/* How the verdict is told as text: the width it wraps at, whether it
 * may use UTF-8 (else folded to ASCII), and what it tells beyond each
 * group's sentence. */
struct text_style {
	size_t width;
	bool utf8;
	bool details;		/* what differs, for what fails */
	bool details_changes;	/* only for the changes from a run's
				   base (a scaling's reference differs in
				   its layout by design) */
	bool details_all;	/* and for warnings */
	bool improvements;	/* the improvements' section */
	size_t causes;		/* the groups told a section, 0: all */
};

/* The causes a digest people read where they share it (mail, Markdown)
 * tells of a section: the first this many, as the gate orders them
 * (surest and largest first); the rest are counted in one line. A
 * history of 100 000 runs can have thousands, and a digest of them all
 * (megabytes) is neither read nor accepted where it is posted. */
#define SHARE_CAUSES 20
/* The line that counts the groups of a section a digest leaves out
 * (those after the first shown), "" when it leaves none out; new. */
char *render_causes_left(const struct analysis *, enum verdict_section,
    size_t shown);
/* That line for causes groups of findings in all; new. */
char *render_more_causes(size_t causes, size_t findings);

/* The verdict: the headline (and how many causes fail), then the groups
 * of findings of one section, one sentence each (what fails numbered),
 * as render_wrapped lines. */
void render_verdict_head(FILE *, const struct analysis *,
    const struct text_style *);
void render_verdict_section(FILE *, const struct analysis *,
    const struct text_style *, enum verdict_section);

/* A finding's details, as the verdict tells them: what differs, why it
 * is not like for like, its acknowledgement (each may be NULL). */
enum { DETAIL_DIFFERS, DETAIL_NOT_GATED, DETAIL_ACK, DETAIL_TEXTS };
/* Whether the findings of group g are of more than one run. */
bool group_spans_runs(const struct analysis *, const struct finding_group *);
extern const char *const detail_labels[DETAIL_TEXTS];
/* Text t's label for finding f of group g: an improvement is never
 * gated, so why it is not like for like is told as what to read it
 * with; what differs beside falls it cannot have moved (the group's
 * unmoved: a read-ahead for a direct write, a setting put back to what
 * measured the base's figure before) is said to be no cause of them,
 * as the group's lead names none. */
static inline const char *
detail_label(const struct finding_group *g, const struct finding *f, int t)
{
	if (t == DETAIL_NOT_GATED && f->kind == FIND_IMPROVEMENT)
		return "read with care";
	if (t == DETAIL_DIFFERS && g->unmoved && f->kind == FIND_REGRESSION)
		return "differs, not the cause";
	return detail_labels[t];
}
/* Whether text t of finding k of g is empty or was told for an earlier
 * one: each text is told once a group (once a run, when it differs only
 * by its figures: a workload's IOPS and bandwidth), and one whose every
 * reason was told is told. */
bool detail_told_before(const struct analysis *, const struct finding_group *,
    size_t k, int t);
/* Text t of finding k of g, less the texts an earlier one of g gave
 * whole before or after it ("A; B" where B was told: "A"), and why it
 * is not gated less each reason ("; " parts them) an earlier one of its
 * run gave ("A; B; C" where "B; D" was told: "A; C"), so that no reason
 * is told twice for a run; caller frees. NULL when none. */
char *detail_untold(const struct analysis *, const struct finding_group *,
    size_t k, int t);
/* A regression that fails the gate with nothing the meta names changed
 * says so, rather than leave the reader to wonder whether a cause was
 * left out (and gives the label one of the runs has alone, as the
 * analysis put it); one after a label's change ("after label: v3 ->
 * v3+") has its cause in its sentence already. */
static inline const char *
finding_detail(const struct finding *f, int t)
{
	if (t == 0 && f->unnamed && f->gated && f->cause == NULL &&
	    f->explain == NULL)
		return "nothing the meta names changed; what did is unknown";
	return t == 0 ? f->explain : t == 1 ? f->caveat : f->ack;
}

/* text with the characters the findings use turned into ASCII, and any
 * other non-ASCII byte into '?', for mail that must stay 7-bit. Caller
 * frees. */
char *render_ascii(const char *text);

/* "benchsite check": the verdict for people, what fails first. */
int render_check_text(FILE *, const struct analysis *);
/* "benchsite check --format json": every verdict with its numbers. */
int render_check_json(FILE *, const struct analysis *, const struct diags *);

/* "check --format mail": a mail body of at most 72 columns, ASCII
 * unless utf8; the inputs d says were not read come first. */
int render_check_mail(FILE *, const struct analysis *, const struct diags *,
    bool utf8);
/* The digest, with its charts named after charts_lead (or not named
 * when NULL). */
int render_mail_digest(FILE *, const struct analysis *, const struct diags *,
    bool utf8, const char *charts_lead);

/* "check --format eml": a whole message for sendmail -t (eml.c). From
 * and To are the draft's placeholders unless given; Date only when
 * dated (SOURCE_DATE_EPOCH), else the MTA adds it. */
#define EML_DRAFT_FROM "benchsite <benchsite@localhost>"
#define EML_DRAFT_TO "storage-team@example.invalid"
struct eml_opts {
	const char *from, *to;		/* or NULL */
	const struct chart_fonts *fonts;
	time_t date;
	bool dated;
};
int render_check_eml(FILE *, const struct analysis *, const struct eml_opts *,
    struct diags *);

/* Where the site of these runs is published, for outputs that link to
 * it: its URL, and each run's page below it (site_run_pages); NULL
 * members, or no links at all, make plain text. */
struct share_links {
	const char *site_url;
	char *const *run_pages;
};
/* "check --format markdown": for a pull-request comment or job summary:
 * the verdict, the input not read (d's errors), the figures table,
 * warnings and improvements folded. */
int render_check_markdown(FILE *, const struct analysis *,
    const struct share_links *, const struct diags *);
/* "check --format junit": a test case per run and judged figure, and
 * one with an error per input not read. */
int render_check_junit(FILE *, const struct analysis *,
    const struct diags *);
/* The table of figures of mail and Markdown: at most TABLE_METRICS
 * metrics (headline.h: bonnie++'s four, or fio's main workloads, or two
 * of each), their short heads; a run's figure as the table shows it
 * ("57.1", "+++++", "-"; buf of 32 bytes); the gate's word for a run's
 * outcome ("FAIL", "warn", "ok"). */
#define TABLE_METRICS 4
struct figure_cols {
	int metric[TABLE_METRICS];
	char head[TABLE_METRICS][16];	/* at most HEADLINE_SHORT columns */
	size_t n;
	bool bonnie, fio;		/* which kinds it shows */
};
void figures_table_columns(const struct analysis *, struct figure_cols *);
void table_figure(const struct analysis *, size_t run, int metric,
    char *buf);
extern const char *const outcome_words[RUN_OUTCOMES];

/* The charts a mail attaches: one for each metric of each cause of the
 * gate the digest tells (SHARE_CAUSES), of its runs and their
 * reference, named after its first run and the metric
 * ("8port-raid0-4disk-cfq--block-write.png"; the run's whole path,
 * "db04--2021-01-01--block-write.png", when another chart has that
 * name, and a number after it when that is taken too).
 * mail_charts returns their count; mail_chart_png draws one (720 pixels
 * wide; 0, or -1 with err). */
struct mail_chart {
	char *name;		/* unique among a digest's charts */
	/* what it shows, opened on its own: "Block write: night-26,
	 * regression against night-25" */
	char *title;
	int metric;
	size_t *runs, n;
	size_t named_after;	/* the run its name begins with */
};
size_t mail_charts(const struct analysis *, struct mail_chart **);
void mail_charts_free(struct mail_chart *, size_t n);
int mail_chart_png(const struct analysis *, const struct chart_fonts *,
    const struct mail_chart *, unsigned char **png, size_t *len, char *err);
/* Writes DIR/NAME for each of the mail's charts; returns 0, or -1
 * (reported). */
int render_attachments(const struct analysis *, const struct chart_fonts *,
    const char *dir, struct diags *);

/* Prints text wrapped at width columns (UTF-8 characters): the first line
 * continues after first_len columns already printed, the others are
 * indented; a word wider than a line is cut, or, when the words are
 * names (of files to attach), put whole on a line of its own. */
void render_wrapped(FILE *, const char *text, size_t first_len,
    size_t indent, size_t width, bool names);
/* Columns a UTF-8 string of len bytes takes: one per character. */
size_t render_columns(const char *, size_t len);

#endif
