/* What a clause of prose asserts about the words a guessing rule found
 * in it: "XFS" in "I use XFS" is said of the run, in "never tried xfs",
 * "should I use xfs?", "if I switch to xfs", "I will try xfs next" or
 * "on his box with xfs" it is not. Also whether a sentence names one of
 * the post's configurations ("the second run used deadline"). Words
 * only, no grammar: the marker words below, each with the reach it has
 * in a clause. Used by the guesser (import_guess.c). */
#include "capture/import_int.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How far the scans reach either side of a match: a sentence of prose
 * is shorter, and a long line must not make every guess scan all of it. */
#define REACH 300
#define NEAR_WORDS 4	/* "than the 4 disk RAID0" */
#define LACK_WORDS 2	/* "without NCQ", "no write cache" (not "on XFS") */

/* Markers that reach the end of their clause ("isn't using LVM"). */
static const char *const denials[] = {"not", "never", "nicht", "nie",
    "niemals", "nor", "neither"};
/* Markers that reach a few words ("without NCQ on XFS": only NCQ). */
static const char *const lacks[] = {"no", "without", "kein", "keine",
    "keinen", "keinem", "ohne"};
/* "instead of cfq", "faster than the 4 disk RAID0": the thing compared
 * or replaced is not the setting. */
static const char *const replaced[] = {"instead", "rather", "than", "vs",
    "versus", "replacing", "replaced", "compared", "statt", "anstatt"};
/* "ext4 has no such problem", "xfs doesn't show the slowdown": a name
 * the clause says, right after it, has no trouble is the post's point
 * of comparison, not the set-up its runs measured ("ran XFS for years
 * without issues" is the set-up's). */
static const char *const troubles[] = {"problem", "problems", "issue",
    "issues", "trouble", "slowdown", "regression", "degradation", "bug"};
static const char *const having[] = {"has", "have", "had", "shows",
    "show", "showed"};
/* Words from the name to the verb of having, at most ("ext4 on the
 * same disks has"), and from the denial to the trouble ("no such
 * problem", "doesn't show the slowdown"). */
#define HAVING_NEAR 6
#define TROUBLE_NEAR 3
static const char *const conditions[] = {"if", "unless", "whether",
    "would", "could", "might", "should", "maybe", "perhaps", "suppose",
    "assuming", "wenn", "falls", "ob", "wuerde", "würde", "haette",
    "hätte", "koennte", "könnte", "vielleicht", "wonder", "wondering"};
static const char *const plans[] = {"will", "going", "gonna", "plan",
    "plans", "planning", "intend", "want", "wants", "hope", "hoping",
    "wish", "try", "trying", "consider", "considering", "thinking",
    "tomorrow", "werde", "möchte", "moechte"};
static const char *const others[] = {"his", "her", "he", "she", "their",
    "someone", "somebody", "people", "others", "you", "your", "said",
    "says", "claim", "claims", "claimed", "suggest", "suggests",
    "suggested", "recommend", "recommends", "recommended", "recommending",
    "advice", "advise", "advises", "advised", "according", "mentions",
    "mentioned", "wrote", "reported", "told", "heard", "article", "listed",
    "seine", "seinem", "seiner", "jemand"};
/* A sentence opening with these asks, when no full stop ends it. */
static const char *const asking[] = {"should", "would", "could", "can",
    "shall", "will", "do", "does", "did", "is", "are", "has", "have",
    "any", "anyone", "anybody", "how", "why", "which", "sollte", "kann"};
/* A sentence opening with these advises ("Use XFS.", "Try deadline"). */
static const char *const advising[] = {"use", "try", "turn", "give",
    "make", "put", "switch", "avoid", "disable", "enable", "consider",
    "go"};
static const char *const ordinals[] = {"first", "second", "third",
    "fourth", "fifth", "sixth", "seventh", "eighth", "1st", "2nd", "3rd",
    "4th", "5th", "6th", "7th", "8th"};
static const char *const run_words[] = {"run", "runs", "test", "tests",
    "result", "results", "benchmark", "config", "configuration", "setup",
    "table", "one", "set", "round", "try", "attempt", "pass", "array"};
static const char *const other_runs[] = {"these", "both", "other",
    "previous", "last", "those"};
static const char *const disk_words[] = {"disk", "disks", "drive", "drives",
    "spindles", "platten", "ssds", "hdds"};
/* Who else may run a post's benchmark, and what they did: "a friend
 * ran the same on his PowerEdge" gives a run of another machine. */
static const char *const runners[] = {"friend", "colleague", "coworker",
    "co-worker", "workmate", "buddy", "brother", "boss", "kollege",
    "freund"};
static const char *const running[] = {"ran", "runs", "tested", "tests",
    "benchmarked", "measured", "got", "did", "repeated"};
/* The possessives that the runner's machine takes ("his box"). */
static const char *const possessive[] = {"his", "her", "their"};

#define LISTED(w, list) word_listed(w, list, sizeof list / sizeof *list)

/* A word of prose: letters, digits and apostrophes ("isn't"). */
struct word {
	char s[24];	/* lower case; longer words cut (no marker is) */
	size_t at, end;
};

static bool
is_word_byte(unsigned char c)
{
	return isalnum(c) || c == '\'' || c >= 0x80;
}

/* The word at or after text[i] before end; false when there is none. */
static bool
next_word(const char *text, size_t i, size_t end, struct word *w)
{
	size_t n = 0;

	while (i < end && !is_word_byte((unsigned char)text[i]))
		i++;
	if (i >= end)
		return false;
	w->at = i;
	while (i < end && is_word_byte((unsigned char)text[i])) {
		if (n + 1 < sizeof w->s)
			w->s[n++] = (char)tolower((unsigned char)text[i]);
		i++;
	}
	w->s[n] = '\0';
	w->end = i;
	return true;
}

static bool
word_listed(const struct word *w, const char *const *list, size_t n)
{
	return key_listed(w->s, list, n);
}

static bool
ends_with(const struct word *w, const char *tail)
{
	size_t n = strlen(w->s), t = strlen(tail);

	return n > t && strcmp(w->s + n - t, tail) == 0;
}

/* A full stop, "!" or "?" that ends a sentence: followed by a blank or
 * the end ("2.6.15" and "MB/s." inside a line are no ends). */
static bool
ends_sentence(const char *text, size_t i)
{
	return strchr(".!?", text[i]) && text[i] != '\0' &&
	    (text[i + 1] == ' ' || text[i + 1] == '\0');
}

/* What parts a sentence into clauses: punctuation, and "but". */
static bool
ends_clause(const char *text, size_t i)
{
	return strchr(",;:()[]", text[i]) && text[i] != '\0';
}

static bool
is_but(const char *text, size_t i, size_t len)
{
	return i + 3 <= len && strncasecmp(text + i, "but", 3) == 0 &&
	    (i == 0 || !is_word_byte((unsigned char)text[i - 1])) &&
	    (i + 3 == len || !is_word_byte((unsigned char)text[i + 3]));
}

/* The span of the sentence or clause around text[at]. */
struct span {
	size_t start, end;
	bool from_line_start;	/* may have begun on the line before */
	bool finished;		/* its end is on this line */
	char last;		/* the character that ends it */
};

static struct span
around(const char *text, size_t at, bool clause)
{
	size_t len = strlen(text), lo = at > REACH ? at - REACH : 0;
	size_t hi = len - at > REACH ? at + REACH : len;
	struct span s = {at, at, false, false, '\0'};

	while (s.start > lo && !ends_sentence(text, s.start - 1) &&
	    !(clause && (ends_clause(text, s.start - 1) ||
	    (s.start >= 3 && is_but(text, s.start - 3, len)))))
		s.start--;
	s.from_line_start = s.start == 0;
	while (s.end < hi && !ends_sentence(text, s.end) &&
	    !(clause && (ends_clause(text, s.end) || is_but(text, s.end,
	    len))))
		s.end++;
	s.finished = s.end < len;
	s.last = text[s.end];
	return s;
}

/* Whether words [start, end) of text tell of a run another person made:
 * a runner, then what they did ("My colleague ran it on"). */
static bool
words_tell_others_run(const char *text, size_t start, size_t end)
{
	struct word w;
	bool runner = false;

	for (size_t i = start; next_word(text, i, end, &w); i = w.end) {
		struct word one = w;	/* "friends": a friend's */

		if (ends_with(&w, "s"))
			one.s[strlen(one.s) - 1] = '\0';
		if (LISTED(&w, runners) || LISTED(&one, runners))
			runner = true;
		else if (runner && LISTED(&w, running))
			return true;
	}
	return false;
}

bool
clause_others_run(const char *text)
{
	return words_tell_others_run(text, 0, strlen(text));
}

/* The poster's other machines ("on my laptop", "my home PC"): a run on
 * one is not on the machine the post's start describes. ("The other
 * box" is not one: the start may describe both.) */
static const char *const own_others[] = {"laptop", "notebook", "netbook",
    "desktop", "workstation"};
static const char *const machines[] = {"machine", "box", "computer", "pc",
    "server"};

bool
clause_other_machine(const char *text)
{
	struct word w, prev = {.s = ""}, prev2 = {.s = ""};

	for (size_t i = 0; next_word(text, i, strlen(text), &w); i = w.end) {
		bool mine = strcmp(prev.s, "my") == 0;
		bool home = strcmp(prev2.s, "my") == 0 &&
		    strcmp(prev.s, "home") == 0;

		if ((mine && LISTED(&w, own_others)) ||
		    (home && LISTED(&w, machines)))
			return true;
		prev2 = prev;
		prev = w;
	}
	return false;
}

/* What a machine or its results are called after "his", "her" or "my"
 * (a word between them allowed: "his older system"). */
static const char *const owned[] = {"raid", "array", "machine", "box",
    "system", "server", "computer", "pc", "results", "result", "numbers",
    "setup", "benchmark", "benchmarks", "bonnie"};
static const char *const own[] = {"my", "our"};
/* Another person's ("their" may be the disks'). */
static const char *const other_owner[] = {"his", "her"};

/* Whether a possessive of list, at most one word before one of owned,
 * is in text. */
static bool
owns_machine(const char *text, const char *const *list, size_t n)
{
	struct word w, prev = {.s = ""}, prev2 = {.s = ""};

	for (size_t i = 0; next_word(text, i, strlen(text), &w); i = w.end) {
		if (LISTED(&w, owned) && (word_listed(&prev, list, n) ||
		    word_listed(&prev2, list, n)))
			return true;
		prev2 = prev;
		prev = w;
	}
	return false;
}

bool
clause_others_machine(const char *text)
{
	return owns_machine(text, other_owner, sizeof other_owner /
	    sizeof *other_owner) &&
	    !owns_machine(text, own, sizeof own / sizeof *own);
}

/* A caption of the host's own run in a post about virtual machines
 * ("==== HOST SYSTEM ====", "on the host itself", "bare metal"), and
 * the words of a line about the guests ("The guest has 100MB RAM"). */
static const char *const host_words[] = {"host", "hypervisor", "dom0",
    "metal"};
static const char *const guest_words[] = {"guest", "guests", "vm", "vms",
    "domu", "virtual"};

/* Whether a word of text is one of list's. */
static bool
any_word_listed(const char *text, const char *const *list, size_t n)
{
	struct word w;

	for (size_t i = 0; next_word(text, i, strlen(text), &w); i = w.end)
		if (word_listed(&w, list, n))
			return true;
	return false;
}

bool
clause_host_side(const char *text)
{
	return any_word_listed(text, host_words, sizeof host_words /
	    sizeof *host_words);
}

bool
clause_about_guest(const char *text)
{
	return any_word_listed(text, guest_words, sizeof guest_words /
	    sizeof *guest_words);
}

static bool
is_md_device(const struct word *w)
{
	return strncmp(w->s, "md", 2) == 0 && w->s[2] != '\0' &&
	    strspn(w->s + 2, "0123456789") == strlen(w->s + 2) &&
	    strlen(w->s) < 16;
}

bool
clause_md_device(const char *text, char name[16])
{
	struct word w;

	for (size_t i = 0; next_word(text, i, strlen(text), &w); i = w.end)
		if (is_md_device(&w)) {
			memcpy(name, w.s, strlen(w.s) + 1);
			return true;
		}
	return false;
}

bool
clause_one_md_device(const char *text, char name[16])
{
	struct word w;

	if (!clause_md_device(text, name))
		return false;
	for (size_t i = 0; next_word(text, i, strlen(text), &w); i = w.end)
		if (is_md_device(&w) && strcmp(w.s, name) != 0)
			return false;
	return true;
}

/* The machine's own system disk ("on system drive", "the boot SSD"),
 * or a disk said to be off the array ("my IDE drive NOT on RAID0"): a
 * run on it is not on the array the post's start describes. */
static const char *const system_roles[] = {"system", "boot", "os", "root"};
static const char *const system_devices[] = {"drive", "disk", "ssd",
    "partition", "volume"};
static const char *const off_array[] = {"the", "my", "a", "any", "an"};

/* Whether the words from text[i] say an array: "the RAID0", "array",
 * each a whole word ("raid-card" is none). */
static bool
names_array_at(const char *text, size_t i)
{
	struct word w;
	size_t n = strlen(text);

	while (next_word(text, i, n, &w) && LISTED(&w, off_array))
		i = w.end;
	return next_word(text, i, n, &w) && ((strncmp(w.s, "raid", 4) == 0 &&
	    strspn(w.s + 4, "0123456789") == strlen(w.s + 4)) ||
	    strcmp(w.s, "array") == 0) && text[w.end] != '-';
}

/* Whether w, before "disk" or "drive", names a machine's own single disk
 * ("system disk", "internal hard disk"): a system role, or "internal",
 * which a caption setting a disk off the array says too ("my internal
 * IDE drive, NOT on the RAID0"), so not one of system_roles. */
static bool
own_disk_role(const struct word *w)
{
	return LISTED(w, system_roles) || strcmp(w->s, "internal") == 0;
}

bool
clause_system_disk(const char *text)
{
	struct word w, prev = {.s = ""}, role = {.s = ""};

	for (size_t i = 0; next_word(text, i, strlen(text), &w); i = w.end) {
		if (LISTED(&w, system_devices) && (own_disk_role(&prev) ||
		    (strcmp(prev.s, "hard") == 0 && own_disk_role(&role))))
			return true;
		role = prev;
		prev = w;
	}
	return false;
}

/* How near before "not" the disk a caption puts off the array must be
 * said: "my IDE drive, which is NOT on the RAID0" (three words). Not
 * where it tells where the system lives ("The OS is on an IDE disk, not
 * on the RAID0"): the table may still be the array's. */
#define OFF_ARRAY_NEAR 3

bool
clause_off_array(const char *text)
{
	struct word w, prev = {.s = ""};
	size_t since = OFF_ARRAY_NEAR + 1;	/* words since a disk's */

	if (any_word_listed(text, system_roles, sizeof system_roles /
	    sizeof *system_roles))
		return false;
	for (size_t i = 0; next_word(text, i, strlen(text), &w); i = w.end) {
		if (strcmp(prev.s, "not") == 0 && since <= OFF_ARRAY_NEAR &&
		    (strcmp(w.s, "on") == 0 || strcmp(w.s, "in") == 0) &&
		    names_array_at(text, w.end))
			return true;
		since = LISTED(&w, disk_words) || LISTED(&w, system_devices) ?
		    0 : since + 1;
		prev = w;
	}
	return false;
}

/* MOOD_REPLACED at word w, the after-th past the match, when the words
 * past it say the name has no trouble (troubles): a verb of having
 * within HAVING_NEAR words (*had at it), or one denied ("doesn't"),
 * then "no" or "not" right after it, then the trouble within
 * TROUBLE_NEAR words; *denied is where the denial was. */
static unsigned
trouble_denied(const struct word *w, size_t after, size_t *had,
    size_t *denied)
{
	if (*had == 0 && after <= HAVING_NEAR && (LISTED(w, having) ||
	    ends_with(w, "n't"))) {
		*had = after;
		if (ends_with(w, "n't"))
			*denied = after;
	} else if (*had > 0 && *denied == 0 && after == *had + 1 &&
	    (strcmp(w->s, "no") == 0 || strcmp(w->s, "not") == 0)) {
		*denied = after;
	} else if (*denied > 0 && after <= *denied + TROUBLE_NEAR &&
	    LISTED(w, troubles)) {
		return MOOD_REPLACED;
	}
	return 0;
}

/* The mood of the words of clause c but the match [at, at_end); "no"
 * and "instead of" reach the match only from near words before it. In
 * a sentence telling of another's run (others_run), "his" is the
 * machine the run was made on, not hearsay. */
static unsigned
clause_markers(const char *text, struct span c, size_t at, size_t at_end,
    size_t near, bool others_run)
{
	struct word w;
	unsigned m = 0, near_mood = 0;
	size_t since = 0;	/* words from the last near marker */
	/* words after the match; where its having a trouble is said and
	 * denied (trouble_denied) */
	size_t after = 0, had = 0, denied = 0;
	bool from = false;

	for (size_t i = c.start; next_word(text, i, c.end, &w); i = w.end) {
		bool before = w.end <= at, inside = w.at < at_end &&
		    w.end > at;

		if (inside)
			continue;
		if (before && (LISTED(&w, denials) || ends_with(&w, "n't")))
			m |= MOOD_NEGATED;
		if (before && LISTED(&w, lacks))
			near_mood = MOOD_NEGATED, since = 0;
		else if (before && LISTED(&w, replaced))
			near_mood = MOOD_REPLACED, since = 0;
		if (before && near_mood)
			since++;
		if (before && strcmp(w.s, "from") == 0)
			from = true;
		if (!before && from && strcmp(w.s, "to") == 0)
			m |= MOOD_REPLACED;
		if (!before)
			m |= trouble_denied(&w, ++after, &had, &denied);
		if (LISTED(&w, conditions) || ends_with(&w, "'d"))
			m |= MOOD_CONDITIONAL;
		if (LISTED(&w, plans) || ends_with(&w, "'ll"))
			m |= MOOD_PLANNED;
		if ((LISTED(&w, others) && !(others_run &&
		    LISTED(&w, possessive))) || strcmp(w.s, "you're") == 0 ||
		    strcmp(w.s, "someone's") == 0)
			m |= MOOD_REPORTED;
	}
	/* "no"/"without" a few words before the match, or "than" */
	if (near_mood && since <= (near_mood == MOOD_NEGATED && near >
	    LACK_WORDS ? LACK_WORDS : near))
		m |= near_mood;
	return m;
}

/* The mood the opening words of a sentence give it. */
static unsigned
sentence_markers(const char *text, struct span s)
{
	struct word w;
	size_t i = s.start;

	/* list marks before the first word: "1)", "-", "*" */
	while (next_word(text, i, s.end, &w) && isdigit((unsigned char)w.s[0])
	    && w.end < s.end && strchr(").:", text[w.end]))
		i = w.end + 1;
	if (!next_word(text, i, s.end, &w))
		return 0;
	if (s.last == '?' || (!s.finished && LISTED(&w, asking)))
		return MOOD_QUESTION;
	if (LISTED(&w, advising) && w.end < s.end && text[w.end] == ' ')
		return MOOD_PLANNED;
	return 0;
}

unsigned
clause_mood(const char *text, size_t at, size_t at_end,
    const struct clause_carry *carry)
{
	struct span s = around(text, at, false), c = around(text, at, true);
	unsigned m = clause_markers(text, c, at, at_end, NEAR_WORDS,
	    words_tell_others_run(text, s.start, s.end));

	if (s.last == '?')
		m |= MOOD_QUESTION;
	if (carry && carry->open && s.from_line_start) {
		m |= carry->sentence;
		if (c.from_line_start)
			m |= carry->clause;
	} else {
		m |= sentence_markers(text, s);
	}
	return m;
}

/* Where a line leaves its last sentence, for the line after it: open
 * when no full stop ends it; wide when the mail client may have cut it
 * (a long line, or one ending in a comma). */
void
clause_carry_line(const char *text, size_t at, bool cont,
    struct clause_carry *carry)
{
	size_t n = strlen(text);
	struct clause_carry was = *carry;

	while (n > 0 && text[n - 1] == ' ')
		n--;
	memset(carry, 0, sizeof *carry);
	carry->at = at;
	carry->open = n > 0 && !strchr(".!?:", text[n - 1]);
	if (!carry->open)
		return;
	carry->wide = n >= WRAP_WIDTH - 10 || text[n - 1] == ',';

	struct span s = around(text, n, false), c = around(text, n, true);

	carry->clause = clause_markers(text, c, n, n, 1,
	    words_tell_others_run(text, s.start, s.end));
	if (cont && c.from_line_start)
		carry->clause |= was.clause;
	carry->sentence = cont && s.from_line_start ? was.sentence :
	    sentence_markers(text, s) & MOOD_QUESTION;
}

bool
clause_continues(const struct clause_carry *carry, const char *text,
    size_t at)
{
	return carry->open && carry->at + 1 == at &&
	    (carry->wide || islower((unsigned char)*text));
}

/* "1st", "second" -> 2; 0 when not an ordinal. */
static int
ordinal(const struct word *w)
{
	for (size_t i = 0; i < sizeof ordinals / sizeof *ordinals; i++)
		if (strcmp(w->s, ordinals[i]) == 0)
			return (int)(i % 8) + 1;
	return 0;
}

int
clause_names_run(const char *text, size_t at)
{
	struct span s = around(text, at, false);
	struct word w[3] = {{"", 0, 0}};
	size_t i = s.start;
	int named = 0;

	while (named != -2 && next_word(text, i, s.end, &w[2])) {
		int o = ordinal(&w[1]);

		/* "the second run", "the 2nd test" */
		if (o && LISTED(&w[2], run_words) && named == 0)
			named = o;
		/* "with 4 disks", "these two runs", "both runs" */
		if ((strcmp(w[0].s, "with") == 0 || strcmp(w[0].s, "using") ==
		    0) && (isdigit((unsigned char)w[1].s[0]) ||
		    strcmp(w[1].s, "two") == 0 || strcmp(w[1].s, "four") == 0)
		    && LISTED(&w[2], disk_words))
			named = -1;
		/* "these two runs", "both tests", "the other run" */
		if ((LISTED(&w[1], other_runs) || LISTED(&w[0], other_runs)) &&
		    LISTED(&w[2], run_words))
			named = -2;
		i = w[2].end;
		w[0] = w[1];
		w[1] = w[2];
	}
	return named;
}

const char *
mood_name(unsigned mood)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {
		{MOOD_NEGATED, "negated"}, {MOOD_REPLACED, "replaced"},
		{MOOD_QUESTION, "asked"}, {MOOD_CONDITIONAL, "supposed"},
		{MOOD_PLANNED, "planned"}, {MOOD_REPORTED, "reported"},
	};

	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (mood & names[i].bit)
			return names[i].name;
	return "asserted";
}
