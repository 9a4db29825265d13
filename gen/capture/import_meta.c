/* A configuration's meta file: for each key, the guess its caption, its
 * own prose, a default the post states or the start of the post gives,
 * written under the lines it was read from, with what other lines say
 * instead. The guesses themselves are import_guess.c's. */
#include "base/buf.h"
#include "capture/import_int.h"
#include "read/meta.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The storage path: a run that names any of it names its own. */
static const char *const storage_keys[] = {"controller", "chipset", "bus",
    "driver", "firmware"};

/* Keys a run that does not name them takes from the start of the post
 * (the machine, its system, and the model of disks it counts: put_disks);
 * the layout of each run is its own. */
static const char *const inherited_keys[] = {"date", "chipset", "disks.model",
    "controller", "bus", "driver", "firmware", "filesystem", "mount-options",
    "kernel", "os", "cpu", "memory", "motherboard", "bonnie-options"};

/* What a run made by another person ("a friend ran the same") takes
 * from the post's start: when, and with what, not the machine. */
static const char *const shared_keys[] = {"date", "bonnie-options"};

/* The layout of the disks: each run's own, unless no run but the first
 * says one (post_inheritance); then the start of the post says it of
 * every run, as it does the machine's keys. Its guesses' keys are
 * "disks.count", "raid.level" and the like. */
static bool
layout_key(const char *key)
{
	size_t n = strcspn(key, ".");

	return (n == 5 && strncmp(key, "disks", n) == 0) ||
	    (n == 4 && strncmp(key, "raid", n) == 0) ||
	    (n == 5 && strncmp(key, "chunk", n) == 0);
}

/*
 * Choosing among the guesses for one key of one configuration: first
 * what its caption says, then the rest of its prose before its table,
 * then its prose after it, then a default the post states, then (for
 * the machine's keys) the start of the post. Within one of these, the
 * more specific rule, then the nearer line.
 */
enum tier { TIER_CAPTION, TIER_PROSE, TIER_AFTER, TIER_DEFAULT, TIER_START,
    TIER_END, TIERS };

struct choice {
	const struct guess *ev[8];	/* evidence */
	size_t nev;
	char *value;
	const struct guess *alt[3];	/* what other lines say */
	size_t nalt;
	char weak[72];			/* why the evidence is thin, or "" */
};

/* Inherited evidence further above its table than this is weak: the
 * post may have moved on to another machine since. */
#define FAR_LINES 50
/* Up to this many configurations, prose naming a row's machine is said
 * of that row only (the check costs a scan of every name). */
#define LABEL_CONFIGS 32

static bool
same_controller(const char *a, const char *b)
{
	size_t n = strlen(a) < strlen(b) ? strlen(a) : strlen(b);

	return strncasecmp(a, b, n) == 0;
}

/* Whether c's row is named for the kernel it ran ("2.4.20-nas1"): then
 * the name is its kernel, and says nothing of the machine. */
static bool
kernel_row(const struct post *p, const struct config *c)
{
	return c->host && c->host_text && guess_names_kernel(p->gs, c->host);
}

/* Whether prose outside configuration k's own names another row's
 * machine ("db2 had the write cache off"). */
static bool
names_other_host(const struct post *p, const struct guess *g, int k)
{
	const char *own = p->cf[k].host;

	if (p->ncf > LABEL_CONFIGS || (own && strlen(own) >= 3 &&
	    contains_ignoring_case(g->text, own)))
		return false;
	for (size_t j = 0; j < p->ncf; j++) {
		const char *h = p->cf[j].host;

		if (kernel_row(p, &p->cf[j]))
			continue;
		if ((int)j != k && h && strlen(h) >= 3 && (own == NULL ||
		    strcasecmp(h, own) != 0) && contains_ignoring_case(g->text,
		    h))
			return true;
	}
	return false;
}

/* Whether g's line names another md array than the one configuration
 * k's caption names ("md1 : active raid1" for a run "on md0"). */
static bool
names_other_array(const struct post *p, const struct guess *g, int k)
{
	char md[16];

	return p->cf[k].array[0] != '\0' && clause_md_device(g->text, md) &&
	    strcmp(md, p->cf[k].array) != 0;
}

/* The settings a post compares by turning them: a subject that names
 * one names the change, not the first run's state. */
static const char *const turned_keys[] = {"queue-depth", "scheduler",
    "write-cache", "readahead"};

/* Whether g, read from the mail's subject, is a setting a run's own prose
 * gives too: then the subject says what the runs compare ("What turning
 * NCQ off did", "write cache on or off"), the state of none of them. */
static bool
subject_names_change(const struct post *p, const struct guess *g)
{
	if (strncasecmp(g->text, "Subject:", 8) != 0 || !key_listed(g->key,
	    turned_keys, sizeof turned_keys / sizeof *turned_keys))
		return false;
	for (size_t i = 0; i < p->g.n; i++) {
		const struct guess *h = &p->g.v[i];

		if (h->line != g->line && strcmp(h->key, g->key) == 0 &&
		    h->region > 0)
			return true;
	}
	return false;
}

/* Prose about one configuration ("the second run used deadline", "with
 * 4 disks", a row's machine name, another array's line) is not said of
 * the others; what its own prose says is said of it. */
static bool
said_of(const struct post *p, const struct guess *g, int k)
{
	if (g->named > 0)
		return g->named == k + 1;
	if (g->named == -2 || subject_names_change(p, g) ||
	    names_other_host(p, g, k) ||
	    names_other_array(p, g, k) ||
	    (p->cf[k].host_side && g->region != k &&
	    clause_about_guest(g->text)))
		return false;
	return g->region == k || g->named == 0;
}

/* Whether g is at most FAR_LINES above configuration k's prose: the
 * layout a thread's title gives is not that of a disk a post far below
 * measured. */
static bool
near_table(const struct post *p, const struct guess *g, int k)
{
	return p->ls.v[p->cf[k].first].no - g->line <= FAR_LINES;
}

/* What a run on the machine's system disk does not share with the
 * post's start: where its data went. */
static bool
storage_key(const char *key)
{
	return layout_key(key) || key_listed(key, storage_keys,
	    sizeof storage_keys / sizeof *storage_keys) ||
	    strcmp(key, "filesystem") == 0 ||
	    strcmp(key, "mount-options") == 0;
}

/* Whether g, said above configuration k's caption, describes storage
 * that k's caption says it did not use (config.system_disk). */
static bool
other_storage(const struct post *p, const struct guess *g, int k)
{
	size_t at = p->cf[k].system_disk;

	return at > 0 && storage_key(g->key) && g->line < p->ls.v[at - 1].no;
}

/* Whether g is a caption's word for its own table alone: the link a
 * table was measured over ("the results for USB 2.0:"), which the next
 * table's caption changes ("and for FireWire:") or a later table of
 * another disk does not have. */
static bool
caption_own(const struct guess *g)
{
	return g->caption && strcmp(g->key, "bus") == 0;
}

static bool
in_tier(const struct post *p, const struct guess *g, enum tier tier, int k)
{
	if (!said_of(p, g, k) || other_storage(p, g, k))
		return false;
	/* TIER_START is narrowed further by inherits() */
	switch (tier) {
	case TIER_CAPTION:
		return g->region == k && g->caption;
	case TIER_PROSE:
		return g->region == k && !g->caption && !g->trailing;
	case TIER_AFTER:
		return g->region == k && g->trailing;
	case TIER_DEFAULT:
		return (g->flags & GUESS_POST) && g->region <= k;
	case TIER_END:
		/* the prose ending the post (guess_post_end): the machine of
		 * every run but another man's */
		return g->region == (int)p->ncf && !p->cf[k].others_run;
	default:
		return k > 0 && g->region == 0 && !g->command && !g->trailing &&
		    (g->named == k + 1 || (key_listed(g->key, inherited_keys,
		    sizeof inherited_keys / sizeof *inherited_keys) &&
		    !caption_own(g)) ||
		    (p->layout_shared && !g->caption && layout_key(g->key) &&
		    near_table(p, g, k))) &&
		    (strcmp(g->key, "bonnie-options") != 0 ||
		    (size_t)k < p->options_own) && (!p->cf[k].others_run ||
		    key_listed(g->key, shared_keys, sizeof shared_keys /
		    sizeof *shared_keys));
	}
}

static bool
usable(const struct guess *g, const char *key, const char *controller)
{
	/* the date of an attribution is the quoted message's, which dates
	 * its quoted tables (quote_date), not a table of the reply's own
	 * below it */
	if (strcmp(key, "date") == 0 && is_attribution(g->text))
		return false;
	return strcmp(g->key, key) == 0 && (g->tie == NULL ||
	    controller == NULL || same_controller(g->tie, controller));
}

/* The first guess of a region at least k (guesses are in region order). */
static size_t
region_start(const struct guesses *gs, int k)
{
	size_t lo = 0, hi = gs->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (gs->v[mid].region < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The guesses of configuration k's prose: [*lo, *hi). Looked up, not
 * scanned for: a big post has thousands of configurations. */
static void
region_range(const struct guesses *gs, int k, size_t *lo, size_t *hi)
{
	*lo = region_start(gs, k);
	*hi = region_start(gs, k + 1);
}

/* Whether configuration k's own prose names its controller or chipset
 * (a driver named alone may be the one the post started with). */
static bool
names_storage(const struct guesses *gs, int k)
{
	size_t lo, hi;

	region_range(gs, k, &lo, &hi);
	for (size_t i = lo; i < hi; i++)
		if (gs->v[i].region == k &&
		    (strcmp(gs->v[i].key, "controller") == 0 ||
		    strcmp(gs->v[i].key, "chipset") == 0))
			return true;
	return false;
}

/* An inherited guess about the storage path only goes to a run that
 * names none of it, or to one whose controller it was said of. */
static bool
inherits(const struct guesses *gs, const struct guess *g, int k,
    const char *controller)
{
	if (!key_listed(g->key, storage_keys, sizeof storage_keys /
	    sizeof *storage_keys) || !names_storage(gs, k))
		return true;
	return g->tie && controller && same_controller(g->tie, controller);
}

static void
add_evidence(struct choice *ch, const struct guess *g)
{
	for (size_t i = 0; i < ch->nev; i++)
		if (ch->ev[i]->line == g->line)
			return;
	if (ch->nev < sizeof ch->ev / sizeof *ch->ev)
		ch->ev[ch->nev++] = g;
}

/* The guesses a tier may take them from, as a range of gs->v or (the
 * post-wide ones of TIER_DEFAULT) a list of indices. */
struct candidates {
	size_t lo, hi;
	const size_t *idx;
};

static struct candidates
tier_candidates(const struct post *p, enum tier tier, int k)
{
	const struct guesses *gs = &p->g;
	struct candidates c = {0, 0, NULL};

	if (tier == TIER_DEFAULT) {
		c.hi = gs->npost;
		c.idx = gs->post;
	} else {
		region_range(gs, tier == TIER_START ? 0 : tier == TIER_END ?
		    (int)p->ncf : k, &c.lo, &c.hi);
	}
	return c;
}

static const struct guess *
candidate(const struct guesses *gs, const struct candidates *c, size_t i)
{
	return &gs->v[c->idx ? c->idx[i] : i];
}

/* mdadm arrays built one by one: their members add up. */
static void
sum_counts(const struct post *p, const struct guess *best, enum tier tier,
    int k, struct choice *ch)
{
	const struct guesses *gs = &p->g;
	long total = 0;

	struct candidates c = tier_candidates(p, tier, k);

	ch->nev = 0;
	for (size_t i = c.lo; i < c.hi; i++) {
		const struct guess *g = candidate(gs, &c, i);
		bool seen = false;

		if (strcmp(g->key, best->key) != 0 || !(g->flags & GUESS_SUM) ||
		    g->prio != best->prio || !in_tier(p, g, tier, k))
			continue;
		for (size_t e = 0; e < ch->nev; e++)
			seen |= strcmp(ch->ev[e]->text, g->text) == 0;
		if (seen)
			continue;
		add_evidence(ch, g);
		total += strtol(g->value, NULL, 10);
	}
	free(ch->value);
	ch->value = xasprintf("%ld", total);
}

/* "3Ware" in a caption, "3Ware 7450" earlier in the post: the model. */
static void
complete_vendor(const struct guesses *gs, int k, struct choice *ch)
{
	const struct guess *found = NULL;
	size_t n = strlen(ch->value);

	for (size_t i = 0; i < gs->n; i++) {
		const struct guess *g = &gs->v[i];

		if (strcmp(g->key, "controller") != 0 || g->prio < 2 ||
		    g->region > k || strncasecmp(g->value, ch->value, n) != 0 ||
		    (g->value[n] != ' ' && g->value[n] != '-'))
			continue;
		if (found && strcasecmp(found->value, g->value) != 0)
			return;		/* two models: do not choose */
		found = g;
	}
	if (found) {
		free(ch->value);
		ch->value = xstrdup(found->value);
		add_evidence(ch, found);
	}
}

/* What other lines of its own prose say, unless it only says less
 * ("Xeon" beside "3.2Ghz Xeon", a bare vendor). */
static void
find_alternatives(const struct post *p, const char *key, int k,
    struct choice *ch)
{
	const struct guesses *gs = &p->g;
	size_t lo, hi;

	region_range(gs, k, &lo, &hi);
	for (size_t i = lo; i < hi && ch->nalt < 3; i++) {
		const struct guess *g = &gs->v[i];
		bool dup;

		/* The cheap tests first: a big post has many guesses. */
		if (strcmp(g->key, key) != 0 || g->region != k ||
		    (g->flags & GUESS_VENDOR) || !said_of(p, g, k))
			continue;
		dup = contains_ignoring_case(ch->value, g->value) ||
		    contains_ignoring_case(g->value, ch->value);
		for (size_t e = 0; e < ch->nev; e++)
			dup |= ch->ev[e] == g;
		for (size_t a = 0; a < ch->nalt; a++)
			dup |= strcasecmp(ch->alt[a]->value, g->value) == 0;
		if (!dup)
			ch->alt[ch->nalt++] = g;
	}
}

static const struct guess *
best_in_tier(const struct post *p, const char *key, enum tier tier, int k,
    const char *controller)
{
	const struct guesses *gs = &p->g;
	struct candidates c = tier_candidates(p, tier, k);
	const struct guess *best = NULL;

	for (size_t i = c.lo; i < c.hi; i++) {
		const struct guess *g = candidate(gs, &c, i);

		if (!usable(g, key, controller) || !in_tier(p, g, tier, k) ||
		    (tier == TIER_START && !inherits(gs, g, k, controller)))
			continue;
		/* The more specific rule, then the later line, then what
		 * a line says first: "Single disk performance still beat
		 * the raid0" is of one disk. */
		if (best == NULL || g->prio > best->prio ||
		    (g->prio == best->prio && (g->at > best->at ||
		    (g->at == best->at && g->col < best->col))))
			best = g;
	}
	return best;
}

/* Whether a line of its own prose says otherwise (a default the post
 * states gives way to what a run says of itself). */
static bool
contradicted(const struct choice *ch)
{
	for (size_t i = 0; i < ch->nalt; i++)
		if (!(ch->alt[i]->flags & GUESS_POST))
			return true;
	return false;
}

/* Why the evidence of a choice is thin: a default, a value completed or
 * added up, a bare word, a line with two readings, a line far above. */
static void
judge_weak(const struct post *p, const struct guess *best, enum tier tier,
    int k,
    struct choice *ch)
{
	long gap = p->ls.v[p->cf[k].first].no - best->line;
	const char *why = NULL;

	if (tier == TIER_DEFAULT)
		why = "a default the post states, not said of this run";
	else if ((best->flags & GUESS_VENDOR) && ch->nev > 1)
		snprintf(ch->weak, sizeof ch->weak, "the model is from line %ld",
		    ch->ev[1]->line);
	else if ((best->flags & GUESS_SUM) && ch->nev > 1)
		why = "counts on several lines added up";
	else if (best->prio < 2)
		why = "a bare word";
	else if (best->flags & GUESS_TWO)
		why = "its line gives another value too";
	else if (tier == TIER_START && gap > FAR_LINES && strcmp(best->key, "date"))
		snprintf(ch->weak, sizeof ch->weak, "said %ld lines above its "
		    "table", gap);
	else if (contradicted(ch))
		why = "other lines of its prose say otherwise";
	if (why)
		snprintf(ch->weak, sizeof ch->weak, "%s", why);
}

/* The date of the message configuration k stands in, when the post is
 * a thread of them: the last "Date:" header or Markdown heading with a
 * date above its table ("### Post by Jive Turkey on 2010-05-08"), not
 * the thread's first; a quote's "On ... wrote:" is no message's own. */
static const struct guess *
message_date(const struct post *p, int k)
{
	const struct guess *best = NULL;

	for (size_t i = 0; i < p->g.n; i++) {
		const struct guess *g = &p->g.v[i];
		const char *t = g->text + strspn(g->text, " ");

		if (strcmp(g->key, "date") == 0 && g->at < p->cf[k].table &&
		    (t[0] == '#' || strncmp(t, "Date:", 5) == 0) &&
		    (best == NULL || g->at > best->at))
			best = g;
	}
	return best;
}

/* The date of the message a quoted table k was quoted from: the
 * nearest "On <date>, X wrote:" above it, quoted less deeply than the
 * table (the line that introduces its level); NULL for a table not
 * quoted, or none. Every table of one quoted message gets its date,
 * however the reply breaks the quote up, and never the reply's own. */
static const struct guess *
quote_date(const struct post *p, int k)
{
	size_t t = p->cf[k].table, at = t;
	int depth = p->ls.v[t].quote;

	if (depth == 0)
		return NULL;
	/* the attribution that opens this level, dated or not: an undated
	 * one ("Quoting X:") gives no date, not an earlier message's */
	while (at-- > 0)
		if (p->ls.v[at].quote < depth &&
		    is_attribution(p->ls.v[at].text))
			break;
	if (at == SIZE_MAX)
		return NULL;
	const struct guess *wrapped = NULL;

	for (size_t i = 0; i < p->g.n; i++) {
		const struct guess *g = &p->g.v[i];

		if (strcmp(g->key, "date") != 0)
			continue;
		if (g->at == at)
			return g;
		/* a mail client wraps a long attribution: "On Sat, May 18,
		 * 2019 at 10:02 AM A Name" / "<a@example.org> wrote:" */
		if (at > 0 && g->at == at - 1 && !line_is_blank(&p->ls.v[at -
		    1]) && p->ls.v[at - 1].quote == p->ls.v[at].quote)
			wrapped = g;
	}
	return wrapped;
}

/* Whether g's line is nothing but its value under a heading's marks:
 * "--- ext3", "## Virtiofs", "=== xfs ===". Such a line heads a section
 * of the post, and every table below it, to the next, is of it. A
 * caption ("ext3:") is no heading: it is its own table's. */
static bool
bare_heading(const struct guess *g)
{
	static const char marks[] = " \t-=#*_:[]()";
	const char *t = g->text + strspn(g->text, " \t");
	size_t n, v = strlen(g->value);

	if (!strchr("-=#", *t) || *t == '\0')
		return false;
	t += strspn(t, marks);
	n = strlen(t);
	while (n > 0 && strchr(marks, t[n - 1]))
		n--;
	return n == v && strncasecmp(t, g->value, n) == 0;
}

/* How many configurations above a run a section heading is looked for:
 * a post of thousands of tables is not read again for each. */
#define HEADING_REACH 32

/* The section heading the nearest configuration above k was captioned
 * with (bare_heading), for a key that passes to later runs: what k
 * takes before the post's start when its own prose says nothing, as
 * "--- ext3" above two tables is said of both. Not the first run's
 * caption: that is in the post's start, which k takes anyway. */
static const struct guess *
heading_above(const struct post *p, const char *key, int k,
    const char *controller)
{
	if (!key_listed(key, inherited_keys, sizeof inherited_keys /
	    sizeof *inherited_keys) || (p->cf[k].others_run &&
	    !key_listed(key, shared_keys, sizeof shared_keys /
	    sizeof *shared_keys)))
		return NULL;
	for (int j = k - 1; j > 0 && j >= k - HEADING_REACH; j--) {
		const struct guess *g = best_in_tier(p, key, TIER_CAPTION, j,
		    controller);

		if (g && !caption_own(g) && !g->command && bare_heading(g) &&
		    !other_storage(p, g, k))
			return g;
	}
	return NULL;
}

/* The best guess of key for configuration k, tier by tier, and the
 * tier it was found in. */
static const struct guess *
best_of_tiers(const struct post *p, const char *key, int k,
    const char *controller, enum tier *tier)
{
	const struct guess *best;

	/* A quoted message's table is dated by its own fio results'
	 * header (guess_fio_started), else by its attribution, never by
	 * the reply: when neither gives a date, it has none. */
	if (strcmp(key, "date") == 0 && (p->cf[k].quotes_message ||
	    p->ls.v[p->cf[k].table].quote > 0) &&
	    (best = best_in_tier(p, key, TIER_CAPTION, k, controller)) &&
	    best->fio_header) {
		*tier = TIER_CAPTION;
		return best;
	}
	if (strcmp(key, "date") == 0 && ((best = quote_date(p, k)) != NULL ||
	    p->cf[k].quotes_message)) {
		*tier = TIER_START;
		return best;
	}
	for (*tier = TIER_CAPTION; *tier < TIERS; (*tier)++) {
		if (*tier == TIER_DEFAULT && k > 0 && strcmp(key, "date") == 0 &&
		    (best = message_date(p, k)) != NULL) {
			*tier = TIER_START;	/* of the post, as inherited */
			return best;
		}
		if (*tier == TIER_DEFAULT &&
		    (best = heading_above(p, key, k, controller)) != NULL) {
			*tier = TIER_START;	/* inherited, from nearer */
			return best;
		}
		if ((best = best_in_tier(p, key, *tier, k, controller)))
			return best;
	}
	return NULL;
}

static bool
choose(const struct post *p, const char *key, int k,
    const char *controller, struct choice *ch)
{
	const struct guesses *gs = &p->g;
	enum tier tier;
	const struct guess *best = best_of_tiers(p, key, k, controller, &tier);
	size_t from = p->cf[k].layout_from;

	memset(ch, 0, sizeof *ch);
	/* "the same array": the layout of the run before on its machine */
	if (best == NULL && from > 0 && from - 1 < (size_t)k &&
	    layout_key(key))
		return choose(p, key, (int)from - 1, controller, ch);
	if (best == NULL)
		return false;
	ch->value = xstrdup(best->value);
	add_evidence(ch, best);
	if (best->flags & GUESS_SUM)
		sum_counts(p, best, tier, k, ch);
	if (best->flags & GUESS_VENDOR)
		complete_vendor(gs, k, ch);
	find_alternatives(p, key, k, ch);
	judge_weak(p, best, tier, k, ch);
	return true;
}

/* The evidence as one comment line, cut to a readable length. */
static void
put_text(struct buf *b, const char *text)
{
	size_t n = strlen(text);

	if (n > 100) {
		n = utf8_cut(text, 97);
		buf_add(b, text, n);
		buf_puts(b, "...");
	} else {
		buf_add(b, text, n);
	}
}

static void
put_evidence(struct buf *b, const struct choice *ch)
{
	for (size_t i = 0; i < ch->nev; i++) {
		buf_printf(b, "# from line %ld: ", ch->ev[i]->line);
		put_text(b, ch->ev[i]->text);
		buf_puts(b, "\n");
	}
}

/* The evidence of a value made of two parts, each line once. */
static void
put_both(struct buf *b, const struct choice *x, const struct choice *y)
{
	struct choice all = {0};

	for (size_t i = 0; x && i < x->nev; i++)
		add_evidence(&all, x->ev[i]);
	for (size_t i = 0; y && i < y->nev; i++)
		add_evidence(&all, y->ev[i]);
	put_evidence(b, &all);
}

/* The weak mark, right above the value (the review reads it there). */
static void
put_weak(struct buf *b, const struct choice *x, const struct choice *y)
{
	const char *why = x && x->weak[0] ? x->weak : y ? y->weak : "";

	if (*why)
		buf_printf(b, "# weak: %s\n", why);
}

static void
put_alternatives(struct buf *b, const struct choice *ch)
{
	for (size_t i = 0; i < ch->nalt; i++) {
		buf_printf(b, "# but line %ld gives %s: ", ch->alt[i]->line,
		    ch->alt[i]->value);
		put_text(b, ch->alt[i]->text);
		buf_puts(b, "\n");
	}
}

static void
choice_free(struct choice *ch)
{
	free(ch->value);
	ch->value = NULL;
}

/* "disks: 4 x ST3400832AS" from a count and a model found apart. */
static void
put_disks(struct buf *b, const struct post *p, int k)
{
	struct choice n, m, l;
	size_t at;
	/* a count said with another level is another array's */
	bool has_l = choose(p, "raid.level", k, NULL, &l);
	bool has_n = choose(p, "disks.count", k, has_l ? l.value : NULL, &n);
	bool has_m = choose(p, "disks.model", k, NULL, &m);

	/* The model the start of the post names is that of a run that
	 * counts its disks but does not name them ("bitmap none, 5
	 * disks"); of a run that says neither, nothing: it may be
	 * another disk ("for comparison, the boot disk"). */
	if (has_m && !has_n && m.ev[0]->region != k) {
		choice_free(&m);
		has_m = false;
	}
	/* A run whose caption says it ran on one disk of its own ("on a
	 * 320GB internal hard disk") has neither the count nor the model
	 * found elsewhere in the post: they are the array's it is set
	 * against. */
	if (p->cf[k].system_disk > 0 && has_n && n.ev[0]->region != k) {
		choice_free(&n);
		has_n = false;
		if (has_m && m.ev[0]->region != k) {
			choice_free(&m);
			has_m = false;
		}
	}
	put_both(b, has_n ? &n : NULL, has_m ? &m : NULL);
	if (has_n)
		put_weak(b, &n, has_m ? &m : NULL);
	if (!has_n && (at = p->cf[k].system_disk) > 0) {
		/* the machine's system disk: one, whatever the array is */
		buf_printf(b, "# from line %ld: ", p->ls.v[at - 1].no);
		put_text(b, p->ls.v[at - 1].text);
		buf_printf(b, "\ndisks: 1%s%s\n", has_m ? " x " : "",
		    has_m ? m.value : "");
	} else if (has_n && has_m)
		buf_printf(b, "disks: %s x %s\n", n.value, m.value);
	else if (has_n)
		buf_printf(b, "disks: %s\n", n.value);
	else if (has_m)
		buf_printf(b, "# disks: ? x %s (how many was not found; a model "
		    "alone would mean one disk)\n", m.value);
	if (has_n)
		put_alternatives(b, &n);
	if (has_m)
		put_alternatives(b, &m);
	choice_free(&n);
	choice_free(&m);
	if (has_l)
		choice_free(&l);
}

/* The line of configuration k's caption that says its array was busy
 * ("Bonnie ++ (while rebuilding RAID6)"), and the words that say it;
 * or 0. */
static size_t
caption_busy(const struct post *p, int k, const char **words)
{
	const struct config *c = &p->cf[k];

	for (size_t i = c->caption; i < c->table; i++)
		if (p->kind[i] == L_PROSE &&
		    (*words = meta_busy_state(p->ls.v[i].text)) != NULL)
			return i + 1;
	return 0;
}

/* "raid: raid0 md": the level, whether md or a card does it, and the
 * state its caption gives the array ("raid6 md, rebuilding"), which
 * the analysis warns of. */
static void
put_raid(struct buf *b, const struct post *p, int k)
{
	struct choice l, w;
	const char *busy = NULL;
	size_t at;
	bool has_w;

	if (!choose(p, "raid.level", k, NULL, &l)) {
		if ((at = p->cf[k].system_disk) > 0) {
			/* the system disk: one disk, no array */
			buf_printf(b, "# from line %ld: ", p->ls.v[at - 1].no);
			put_text(b, p->ls.v[at - 1].text);
			buf_puts(b, "\nraid: none\n");
		}
		return;
	}
	has_w = strcmp(l.value, "none") != 0 &&
	    choose(p, "raid.kind", k, NULL, &w);
	at = strcmp(l.value, "none") != 0 ? caption_busy(p, k, &busy) : 0;
	put_both(b, &l, has_w ? &w : NULL);
	if (at > 0 && p->ls.v[at - 1].no != l.ev[0]->line) {
		buf_printf(b, "# from line %ld: ", p->ls.v[at - 1].no);
		put_text(b, p->ls.v[at - 1].text);
		buf_puts(b, "\n");
	}
	put_weak(b, &l, has_w ? &w : NULL);
	buf_printf(b, "raid: %s%s%s%s%s\n", l.value, has_w ? " " : "",
	    has_w ? w.value : "", at > 0 ? ", " : "", at > 0 ? busy : "");
	if (has_w)
		choice_free(&w);
	put_alternatives(b, &l);
	choice_free(&l);
}

/* The host of a run whose row the poster renamed to its set-up: the
 * machine the rows share, or, when the post does not name it, one name
 * for them all (the post's), marked weak. */
static void
put_renamed_host(struct buf *b, const struct post *p, const struct config *c,
    const char *file)
{
	char *post;

	if (c->host_text) {
		buf_printf(b, "# from line %ld: ", c->host_no);
		put_text(b, c->host_text);
		buf_puts(b, "\n");
	}
	buf_printf(b, "# the rows of its table name set-ups, not machines "
	    "(%s)\n", c->renamed);
	if (c->machine) {
		buf_printf(b, "host: %s\n", c->machine);
	} else {
		post = post_slug(file);
		buf_printf(b, "# weak: the post does not name the machine; "
		    "named after the post\nhost: %s\n", post);
		free(post);
	}
	/* what tells the row's set-up from the others, when no key says
	 * it ("compiled in", "module") */
	if (c->host && guess_names_unkeyed_setting(p->gs, c->host))
		buf_printf(b, "label: %s\n", c->host);
}

/* A row named for its machine and a setting in parentheses, "can (v3+)",
 * "inez(old)": the machine is the host, the setting its label, what
 * tells this run from the machine's others. */
static bool
put_host_setting(struct buf *b, const struct config *c)
{
	const char *open = strchr(c->host, '('), *close;
	size_t n;

	if (open == NULL || open == c->host || (close = strchr(open, ')')) ==
	    NULL || close[1] != '\0' || close == open + 1)
		return false;
	n = (size_t)(open - c->host);
	while (n > 0 && c->host[n - 1] == ' ')
		n--;
	if (n == 0 || memchr(c->host, ' ', n) != NULL)
		return false;
	buf_printf(b, "# from line %ld: ", c->host_no);
	put_text(b, c->host_text);
	buf_printf(b, "\n# the machine, and in parentheses a setting of it\n"
	    "host: %.*s\nlabel: %.*s\n", (int)n, c->host,
	    (int)(close - open - 1), open + 1);
	return true;
}

/* A row named for its machine and the run's number, "default_run1":
 * the machine is the host, and its rows are the run's samples. A name
 * grep prefixed with its file's ("ra_run1:ra_run1") is its machine's,
 * after the colon. */
static bool
put_host_iteration(struct buf *b, const struct config *c)
{
	const char *colon = strchr(c->host, ':');
	const char *name = colon && !strchr(colon + 1, ':') && colon[1] ?
	    colon + 1 : c->host;
	size_t n = iteration_stem(name);

	if (n == strlen(name))
		return false;
	buf_printf(b, "# from line %ld: ", c->host_no);
	put_text(b, c->host_text);
	buf_printf(b, "\n# the machine, then the number of one of its "
	    "runs\nhost: %.*s\n", (int)n, name);
	return true;
}

/* The host and the kernel of a run whose row is named for its kernel:
 * the row's name is the kernel; the machine is the one the post names,
 * else one name for them all (the post's), marked weak. */
static void
put_kernel_row(struct buf *b, const struct post *p, int k, const char *key,
    const char *file)
{
	const struct config *c = &p->cf[k];
	struct choice ch;
	char *post;

	if (strcmp(key, "kernel") == 0) {
		buf_printf(b, "# from line %ld: ", c->host_no);
		put_text(b, c->host_text);
		buf_printf(b, "\n# the row is named for its kernel\n"
		    "kernel: %s\n", c->host);
	} else if (choose(p, "host", k, NULL, &ch)) {
		put_evidence(b, &ch);
		put_weak(b, &ch, NULL);
		buf_printf(b, "host: %s\n", ch.value);
		choice_free(&ch);
	} else {
		post = post_slug(file);
		buf_printf(b, "# weak: its row names its kernel, not the "
		    "machine; named after the post\nhost: %s\n", post);
		free(post);
	}
}

/* Captions of a few words name a run's set-up ("Unpatched",
 * "**Patched**", "Before:"); a longer one is a sentence. */
#define CAPTION_LABEL_WORDS 4

/* The caption of c when it is short and names a setting no key holds
 * ("Unpatched", "**Patched**:", "Before"), trimmed; NULL otherwise.
 * Caller frees. */
static char *
caption_setting(const struct post *p, const struct config *c)
{
	char *t, *s;
	size_t n, words = 0;

	if (c->caption_text == NULL)
		return NULL;
	t = xstrdup(c->caption_text);
	n = strlen(t);
	while (n > 0 && strchr(" .:*_", t[n - 1]))
		t[--n] = '\0';	/* "**Patched**:", as Markdown bolds it */
	s = t + strspn(t, "*_ ");
	memmove(t, s, strlen(s) + 1);
	for (s = t; *s; s++)
		words += *s != ' ' && (s == t || s[-1] == ' ');
	if (words == 0 || words > CAPTION_LABEL_WORDS ||
	    !guess_names_unkeyed_setting(p->gs, t)) {
		free(t);
		return NULL;
	}
	return t;
}

/* Most words an aside of a caption may have to be its label. */
#define CAPTION_ASIDE_WORDS 3

/* What a caption puts in parentheses at its end when that names a
 * setting no key holds: "zfs 0.6 (no prefetch):" gives "no prefetch",
 * where the words before it name the driver. Not an aside with a
 * figure ("(4 disks)") or naming what a key holds ("(mq-deadline)",
 * "(while rebuilding RAID6)"). NULL otherwise; caller frees. */
static char *
caption_aside(const struct post *p, const struct config *c)
{
	const char *t = c->caption_text, *open, *close;
	char *aside, *w, *save = NULL, *copy;
	size_t words = 0;
	bool keyed = false;

	if (t == NULL || (close = strrchr(t, ')')) == NULL ||
	    close[strspn(close + 1, " .:*_") + 1] != '\0' ||
	    (open = strrchr(t, '(')) == NULL || open > close)
		return NULL;
	aside = xstrndup(open + 1, (size_t)(close - open - 1));
	copy = xstrdup(aside);
	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		keyed |= ++words > CAPTION_ASIDE_WORDS ||
		    strpbrk(w, "0123456789") != NULL ||
		    (guess_names_setting(p->gs, w) &&
		    !guess_names_unkeyed_setting(p->gs, w));
	free(copy);
	if (words == 0 || keyed) {
		free(aside);
		return NULL;
	}
	return aside;
}

/* The label of run k when its short caption names a setting no key
 * holds and another run's caption does too ("Unpatched" above one
 * output, "Patched" above the next): what tells the post's runs apart.
 * One such caption alone ("Defaults", beside "with stripe_cache_size
 * 16384") contrasts nothing; a run with a label already (a row named
 * for its machine and a setting) keeps it. Else its caption's aside, when
 * another run's caption has one (caption_aside). */
static void
put_caption_label(struct buf *b, const struct post *p, size_t k)
{
	char *t, *other = NULL;

	/* b holds the file's first lines, a string (buf_printf) */
	char *(*setting)(const struct post *, const struct config *) =
	    caption_setting;

	if (strstr(b->p, "\nlabel: ") != NULL)
		return;
	if ((t = setting(p, &p->cf[k])) == NULL &&
	    (t = (setting = caption_aside)(p, &p->cf[k])) == NULL)
		return;
	for (size_t j = 0; j < p->ncf && other == NULL; j++)
		if (j != k)
			other = setting(p, &p->cf[j]);
	if (other) {
		buf_puts(b, "# its caption names a setting no key holds, as "
		    "another run's does\nlabel: ");
		put_text(b, t);
		buf_puts(b, "\n");
	}
	free(other);
	free(t);
}

/* Whether name is what bonnie++'s -m gave in the options run k's
 * table was made with ("bonnie++ -s 2048 -m raid0"). */
static bool
named_by_m(const struct post *p, int k, const char *name)
{
	struct choice opts;
	bool named = false;

	if (!choose(p, "bonnie-options", k, NULL, &opts))
		return false;
	for (const char *m = strstr(opts.value, "-m "); m && !named;
	    m = strstr(m + 1, "-m ")) {
		const char *v = m + 3;
		size_t n = strcspn(v, " ");

		named = (m == opts.value || m[-1] == ' ') &&
		    n == strlen(name) && strncmp(v, name, n) == 0;
	}
	choice_free(&opts);
	return named;
}

/* A row named by bonnie++'s -m on a machine a shell's prompt names
 * ("[root@ip-10-1-2-3 data1]# bonnie++ ... -m raid0"): the prompt's is
 * the machine, and the -m name the user's name for the set-up, its
 * label. False, writing nothing, when no prompt names another. */
static bool
put_prompt_host(struct buf *b, const struct post *p, int k)
{
	const struct config *c = &p->cf[k];
	struct choice ch;

	if (!named_by_m(p, k, c->host))
		return false;
	if (!choose(p, "host", k, NULL, &ch))
		return false;
	if (strcmp(ch.value, c->host) == 0) {
		choice_free(&ch);
		return false;
	}
	put_evidence(b, &ch);
	put_weak(b, &ch, NULL);
	buf_printf(b, "host: %s\n# from line %ld: ", ch.value, c->host_no);
	put_text(b, c->host_text);
	buf_printf(b, "\n# the name bonnie++'s -m gave the set-up\n"
	    "label: %s\n", c->host);
	choice_free(&ch);
	return true;
}

/* Whether the disks' layout the post's start gives is every run's: no
 * run but the first names one of its own (post_inheritance). */
static bool
layout_shared(const struct post *p)
{
	size_t lead0 = p->cf[0].lead;

	for (size_t i = 0; i < p->g.n; i++) {
		const struct guess *g = &p->g.v[i];

		/* a caption of the first run's, a sentence naming one run,
		 * or a run's own prose: the runs' layouts are compared */
		if (layout_key(g->key) && (g->caption || g->named != 0 ||
		    p->cf[g->region].lead != lead0))
			return false;
	}
	return true;
}

/* The first run, past those of the first table, whose own prose gives
 * bonnie++'s options ("bonnie++ -u rob -ys"), or p->ncf: a run after
 * it that gives none may have run those, or others, but not surely the
 * start's (post_inheritance). */
static size_t
options_own(const struct post *p)
{
	size_t first = p->ncf, lead0 = p->cf[0].lead;

	for (size_t i = 0; i < p->g.n; i++) {
		const struct guess *g = &p->g.v[i];

		if (strcmp(g->key, "bonnie-options") == 0 &&
		    p->cf[g->region].lead != lead0 && (size_t)g->region < first)
			first = (size_t)g->region;
	}
	return first;
}

/* The run before k on its machine, or k when there is none. */
static size_t
run_before_on_host(const struct post *p, size_t k)
{
	const char *host = p->cf[k].host;

	for (size_t j = k; j-- > 0;)
		if (host && p->cf[j].host && strcmp(p->cf[j].host, host) == 0)
			return j;
	return k;
}

/* Whether the prose before c's table, from where its region begins,
 * says the machine is another person's ("His raid:"). */
static bool
region_says_others(const struct post *p, const struct config *c)
{
	struct buf b = {0};
	bool others;

	for (size_t i = c->region; i < c->table && i < p->ls.n; i++)
		if (p->kind[i] == L_PROSE)
			buf_printf(&b, "%s ", p->ls.v[i].text);
	others = b.p && clause_others_machine(b.p);
	free(b.p);
	return others;
}

/* The line of c's caption that puts its disk off the array: the first
 * that says it alone, else its last (a caption cut over lines). */
static size_t
off_array_line(const struct post *p, const struct config *c)
{
	size_t last = c->caption;

	for (size_t i = c->caption; i < c->table; i++) {
		if (p->kind[i] != L_PROSE)
			continue;
		if (clause_off_array(p->ls.v[i].text))
			return i;
		last = i;
	}
	return last;
}

/* What configuration k's caption tells of it: a run another person
 * made, or one on the same disks as before; its lines joined, as a mail
 * client may have cut the sentence. */
static void
read_caption(struct post *p, size_t k)
{
	static const char *const same[] = {"same array", "same disks",
	    "same drives", "same raid", "same setup", "same set-up",
	    "same hardware"};
	struct config *c = &p->cf[k];
	struct buf b = {0};
	bool same_layout = false;
	size_t before;

	for (size_t i = c->caption; i < c->table; i++) {
		if (p->kind[i] != L_PROSE)
			continue;
		buf_printf(&b, "%s ", p->ls.v[i].text);
		if (c->system_disk == 0 && clause_system_disk(p->ls.v[i].text))
			c->system_disk = i + 1;
	}
	if (b.p == NULL)
		return;
	/* the caption as one text: "on my IDE drive, which is NOT" / "on
	 * the RAID0:" */
	if (c->system_disk == 0 && clause_off_array(b.p))
		c->system_disk = off_array_line(p, c) + 1;
	c->others_run = clause_others_run(b.p) || clause_other_machine(b.p) ||
	    region_says_others(p, c);
	c->host_side = clause_host_side(b.p);
	if (!clause_one_md_device(b.p, c->array))
		c->array[0] = '\0';
	for (size_t i = 0; i < sizeof same / sizeof *same; i++)
		same_layout |= contains_ignoring_case(b.p, same[i]);
	if (same_layout && (before = run_before_on_host(p, k)) < k)
		c->layout_from = before + 1;
	free(b.p);
}

/* The poster a thread's heading names ("### Post by Jive Turkey on
 * 2010-05-08"): its start and length in text, or 0. */
static size_t
heading_poster(const char *text, const char **who)
{
	const char *s = text + strspn(text, "#* \t"), *end;

	if (strncasecmp(s, "Post by ", 8) != 0)
		return 0;
	*who = s + 8;
	end = strstr(*who, " on ");
	return end ? (size_t)(end - *who) : strcspn(*who, "\r\n");
}

/* A thread's posts by another poster than the first's ("### Post by X"
 * over each): their runs are others', as a friend's run is (read_caption),
 * and take no machine from the first post. */
static void
mark_other_posters(struct post *p)
{
	const char *first = NULL, *who;
	size_t nfirst = 0, n;

	for (size_t k = 0; k < p->ncf; k++) {
		if (p->cf[k].region >= p->ls.n || (n = heading_poster(
		    p->ls.v[p->cf[k].region].text, &who)) == 0)
			continue;
		if (first == NULL) {
			first = who;
			nfirst = n;
		} else if (n != nfirst || strncmp(who, first, n) != 0) {
			p->cf[k].others_run = true;
		}
	}
}

/* How many quote depths an attribution is looked for at; deeper ones
 * count as the deepest. */
#define QUOTE_LEVELS 8

/* Whether each quoted table is another message's: a line less deeply
 * quoted above it says who wrote it ("Holger Kiehl <...> wrote:"); a
 * poster who marks his own output with "> " writes none. One pass over
 * the lines for all of them: a big post has thousands. */
static void
mark_quoted_messages(struct post *p)
{
	size_t first[QUOTE_LEVELS];

	for (int j = 0; j < QUOTE_LEVELS; j++)
		first[j] = SIZE_MAX;
	for (size_t i = 0; i < p->ls.n; i++) {
		int q = p->ls.v[i].quote < QUOTE_LEVELS ? p->ls.v[i].quote :
		    QUOTE_LEVELS - 1;

		if (first[q] == SIZE_MAX && is_attribution(p->ls.v[i].text))
			first[q] = i;
	}
	for (size_t k = 0; k < p->ncf; k++) {
		size_t t = p->cf[k].table;
		int depth = p->ls.v[t].quote;

		for (int j = 0; j < depth && j < QUOTE_LEVELS; j++)
			p->cf[k].quotes_message |= first[j] < t;
	}
}

void
post_inheritance(struct post *p)
{
	mark_quoted_messages(p);
	p->layout_shared = p->ncf > 1 && layout_shared(p);
	p->options_own = p->ncf > 0 ? options_own(p) : 0;
	for (size_t k = 0; k < p->ncf; k++)
		read_caption(p, k);
	mark_other_posters(p);
}

static const char *const meta_order[] = {"date", "host", "chipset",
    "controller", "bus", "disks", "raid", "chunk", "filesystem",
    "mount-options", "kernel", "os", "scheduler", "readahead",
    "queue-depth", "write-cache", "cpu", "memory", "motherboard", "driver",
    "firmware", "bonnie-options"};

char *
config_meta(const struct post *p, int k, const char *name,
    const char *device)
{
	const struct config *c = &p->cf[k];
	struct buf b = {0};
	struct choice ctl;
	bool has_ctl = choose(p, "controller", k, NULL, &ctl);

	buf_printf(&b, "# Guessed by \"benchsite import\" from %s, lines "
	    "%ld-%ld.\n# Each value is read from the line named above it: "
	    "check them.\n", name, p->ls.v[c->first].no, p->ls.v[c->last].no);
	for (size_t i = 0; i < sizeof meta_order / sizeof *meta_order; i++) {
		const char *key = meta_order[i];
		struct choice ch;

		if (kernel_row(p, c) && (strcmp(key, "host") == 0 ||
		    strcmp(key, "kernel") == 0)) {
			put_kernel_row(&b, p, k, key, name);
		} else if (strcmp(key, "host") == 0 && c->renamed) {
			put_renamed_host(&b, p, c, name);
		} else if (strcmp(key, "host") == 0 && c->host_text &&
		    (put_host_setting(&b, c) || put_host_iteration(&b, c) ||
		    put_prompt_host(&b, p, k))) {
			;
		} else if (strcmp(key, "host") == 0 && c->host_text) {
			buf_printf(&b, "# from line %ld: ", c->host_no);
			put_text(&b, c->host_text);
			buf_printf(&b, "\nhost: %s\n", c->host);
		} else if (strcmp(key, "disks") == 0) {
			put_disks(&b, p, k);
		} else if (strcmp(key, "raid") == 0) {
			put_raid(&b, p, k);
		} else if (strcmp(key, "filesystem") == 0 && device) {
			/* as collect says of a block device */
			buf_printf(&b, "# fio ran on %s: a block device, no "
			    "file system\nfilesystem: none\n", device);
		} else if (choose(p, key, k, has_ctl ? ctl.value : NULL,
		    &ch)) {
			put_evidence(&b, &ch);
			put_weak(&b, &ch, NULL);
			buf_printf(&b, "%s: %s\n", key, ch.value);
			put_alternatives(&b, &ch);
			choice_free(&ch);
		}
	}
	put_caption_label(&b, p, (size_t)k);
	if (has_ctl)
		choice_free(&ctl);
	return buf_take(&b);
}
