/* The parser and the help made from a command's table of options
 * (options.h). Every mistake of usage is one line on stderr that ends
 * with where the command's help is. */
#include "cli/options.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The options every command takes without listing them. */
static const struct cli_option help_option = {
	"--help", NULL, CLI_FLAG, 0, "show this help", 0, NULL
};
#define SHORT_HELP "-h"

/* Where a command's help is, ending every line of bad usage. */
static void
see_help(const struct cli_command *cmd)
{
	if (strcmp(cmd->name, "help") == 0)
		fputs(" (see benchsite help)\n", stderr);
	else
		fprintf(stderr, " (see benchsite %s --help)\n", cmd->name);
}

double
cli_percent(const char *s)
{
	char *end;
	double v;

	if (*s == '\0' || isspace((unsigned char)*s))
		return -1;
	v = strtod(s, &end);
	if (end == s || (*end != '\0' && strcmp(end, "%") != 0) || !(v >= 0) ||
	    v > 1000)
		return -1;
	return v / 100;
}

/* A count bigger than this is shown as "1 or more": the limits' largest
 * is a size, not a figure anyone types. */
#define COUNT_SHOWN_MAX 1000000ULL

int
cli_bad_value(const struct cli_command *cmd, const struct cli_value *v,
    const char *should_be)
{
	fprintf(stderr, "benchsite: option '%s': '%s' is not %s", v->opt->name,
	    v->text, should_be);
	see_help(cmd);
	return CLI_BAD;
}

static int
bad_choice(const struct cli_command *cmd, const struct cli_value *v)
{
	fprintf(stderr, "benchsite: option '%s': '%s' is not one of",
	    v->opt->name, v->text);
	for (size_t k = 0; v->opt->choices[k]; k++)
		fprintf(stderr, "%s %s", k ? "," : "", v->opt->choices[k]);
	see_help(cmd);
	return CLI_BAD;
}

static int
bad_count(const struct cli_command *cmd, const struct cli_value *v)
{
	char range[64];

	if (v->opt->max > COUNT_SHOWN_MAX)
		snprintf(range, sizeof range, "a whole number, 1 or more");
	else
		snprintf(range, sizeof range, "a whole number from 1 to %llu",
		    v->opt->max);
	return cli_bad_value(cmd, v, range);
}

/* Checks v->text against what v->opt takes and keeps it converted. */
static int
check_value(const struct cli_command *cmd, struct cli_value *v)
{
	const char *s = v->text;
	char *end;

	switch (v->opt->kind) {
	case CLI_FLAG:
		return 0;
	case CLI_TEXT:
		if (*s != '\0')
			return 0;
		fprintf(stderr, "benchsite: option '%s': the value is empty",
		    v->opt->name);
		see_help(cmd);
		return CLI_BAD;
	case CLI_COUNT:
		errno = 0;
		v->count = strtoull(s, &end, 10);
		if (*s < '1' || *s > '9' || *end != '\0' || errno != 0 ||
		    v->count > v->opt->max)
			return bad_count(cmd, v);
		return 0;
	case CLI_PERCENT:
		if ((v->fraction = cli_percent(s)) < 0)
			return cli_bad_value(cmd, v,
			    "a percentage from 0 to 1000");
		return 0;
	case CLI_CHOICE:
		for (int k = 0; v->opt->choices[k]; k++)
			if (strcmp(v->opt->choices[k], s) == 0) {
				v->choice = k;
				return 0;
			}
		return bad_choice(cmd, v);
	}
	return 0;
}

/* The option a word names, and its value when attached to it
 * ("--format=json", "-j4"); NULL when the command has none such. */
static const struct cli_option *
find_option(const struct cli_command *cmd, const char *word,
    const char **attached)
{
	const char *eq = word[1] == '-' ? strchr(word, '=') : NULL;
	size_t len = eq ? (size_t)(eq - word) : strlen(word);

	*attached = NULL;
	if (strcmp(word, SHORT_HELP) == 0 ||
	    (len == strlen(help_option.name) &&
	    strncmp(word, help_option.name, len) == 0 && eq == NULL))
		return &help_option;
	for (const struct cli_option *o = cmd->options; o->name; o++) {
		size_t n = strlen(o->name);

		if (word[1] == '-' && (n != len || strncmp(o->name, word, n)))
			continue;
		if (word[1] != '-' && (n != 2 || strncmp(o->name, word, 2) ||
		    (word[2] && o->kind == CLI_FLAG)))
			continue;
		if (eq)
			*attached = eq + 1;
		else if (word[1] != '-' && word[2])
			*attached = word + 2;
		return o;
	}
	return NULL;
}

/* One option at argv[*i], its value stepped over. */
static int
take_option(const struct cli_command *cmd, int argc, char **argv, int *i,
    struct cli_value *v)
{
	const char *word = argv[*i], *attached;
	const struct cli_option *o = find_option(cmd, word, &attached);

	if (o == NULL) {
		fprintf(stderr, "benchsite: unknown option '%s'", word);
		see_help(cmd);
		return CLI_BAD;
	}
	if (o == &help_option) {
		cli_help(stdout, cmd);
		return CLI_HELP_SHOWN;
	}
	*v = (struct cli_value){.opt = o, .text = attached};
	if (o->kind == CLI_FLAG && attached) {
		fprintf(stderr, "benchsite: option '%s' takes no value",
		    o->name);
		see_help(cmd);
		return CLI_BAD;
	}
	if (o->kind != CLI_FLAG && attached == NULL) {
		if (*i + 1 >= argc) {
			fprintf(stderr, "benchsite: option '%s' needs %s "
			    "after it", o->name, o->arg);
			see_help(cmd);
			return CLI_BAD;
		}
		v->text = argv[++*i];
	}
	return check_value(cmd, v);
}

static int
check_operands(const struct cli_command *cmd, const struct cli_args *a)
{
	if (a->noperands < cmd->min_operands) {
		fprintf(stderr, "benchsite: %s: no %s given", cmd->name,
		    cmd->operand);
		see_help(cmd);
		return CLI_BAD;
	}
	if (cmd->max_operands >= 0 && a->noperands > cmd->max_operands) {
		fprintf(stderr, "benchsite: %s: unexpected '%s' after %s",
		    cmd->name, a->operands[cmd->max_operands], cmd->operand);
		see_help(cmd);
		return CLI_BAD;
	}
	return 0;
}

int
cli_parse(const struct cli_command *cmd, int argc, char **argv,
    struct cli_args *out)
{
	bool options = true;
	int rc = 0;

	*out = (struct cli_args){0};
	out->v = xcalloc((size_t)argc, sizeof *out->v);
	out->operands = xcalloc((size_t)argc, sizeof *out->operands);
	for (int i = 1; i < argc && rc == 0; i++) {
		const char *w = argv[i];

		if (options && strcmp(w, "--") == 0)
			options = false;
		else if (options && w[0] == '-' && w[1] != '\0')
			rc = take_option(cmd, argc, argv, &i, &out->v[out->n++]);
		else {
			out->operands[out->noperands++] = argv[i];
			options = options && !cmd->options_first;
		}
	}
	if (rc == 0)
		rc = check_operands(cmd, out);
	if (rc != 0)
		cli_args_free(out);
	return rc;
}

void
cli_args_free(struct cli_args *a)
{
	free(a->v);
	free(a->operands);
	*a = (struct cli_args){0};
}

/* The help's left column: "  -o SITE", "  -h, --help". */
static int
option_left(char *buf, size_t size, const struct cli_option *o)
{
	if (o == &help_option)
		return snprintf(buf, size, "  %s, %s", SHORT_HELP, o->name);
	return snprintf(buf, size, "  %s%s%s", o->name, o->arg ? " " : "",
	    o->arg ? o->arg : "");
}

/* Where the options' help starts: after the widest left column, but
 * never so far right that a line outgrows a terminal. */
#define HELP_COLUMN_MAX 26

static void
option_line(FILE *f, const struct cli_option *o, int column)
{
	char left[128];
	int n = option_left(left, sizeof left, o);

	fprintf(f, "%s%*s%s", left, n < column ? column - n : 2, "", o->help);
	for (size_t k = 0; o->kind == CLI_CHOICE && o->choices[k]; k++)
		fprintf(f, "%s%s", k ? ", " : ": ", o->choices[k]);
	fputc('\n', f);
}

void
cli_help(FILE *f, const struct cli_command *cmd)
{
	char left[128];
	int column = option_left(left, sizeof left, &help_option) + 2;

	for (const struct cli_option *o = cmd->options; o->name; o++) {
		int n = option_left(left, sizeof left, o) + 2;

		if (n > column && n <= HELP_COLUMN_MAX)
			column = n;
	}
	fprintf(f, "usage: benchsite %s%s %s\n", cmd->name,
	    cmd->options[0].name ? " [OPTION]..." : "", cmd->operands);
	fprintf(f, "%c%s.\n\n", toupper((unsigned char)cmd->summary[0]),
	    cmd->summary + 1);
	for (const struct cli_option *o = cmd->options; o->name; o++)
		option_line(f, o, column);
	option_line(f, &help_option, column);
}

void
cli_overview(FILE *f, const struct cli_command *const *commands, size_t n)
{
	int width = 0;

	for (size_t k = 0; k < n; k++)
		if ((int)strlen(commands[k]->name) > width)
			width = (int)strlen(commands[k]->name);
	fputs("usage: benchsite COMMAND [OPTION]... [ARGUMENT]...\n\n"
	    "commands:\n", f);
	for (size_t k = 0; k < n; k++)
		fprintf(f, "  %-*s  %s\n", width, commands[k]->name,
		    commands[k]->summary);
	fputs("\n'benchsite help COMMAND' or 'benchsite COMMAND --help' shows "
	    "a command's\noptions; 'benchsite --version' prints the version. "
	    "Exit status: 0 done,\n1 a finding fails the gate, 2 bad usage or "
	    "unreadable input, 3 an\ninternal error.\n", f);
}

/* Edits from one word to the other, a swap of two neighbours counting
 * as one; longer words than fit are never near. */
#define NEAR_LEN 32

static int
edits(const char *a, const char *b)
{
	int la = (int)strlen(a), lb = (int)strlen(b);
	int d[NEAR_LEN + 1][NEAR_LEN + 1];

	if (la > NEAR_LEN || lb > NEAR_LEN)
		return NEAR_LEN;
	for (int i = 0; i <= la; i++)
		for (int j = 0; j <= lb; j++) {
			int best = i == 0 ? j : j == 0 ? i : d[i - 1][j - 1] +
			    (a[i - 1] != b[j - 1]);

			if (i > 0 && j > 0 && d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (i > 0 && j > 0 && d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* At most this many edits away, and fewer than half the name's letters,
 * a word is taken for a mistyped command. */
#define NEAR_EDITS 2

const char *
cli_nearest(const char *name, const struct cli_command *const *commands,
    size_t n)
{
	const char *best = NULL;
	int fewest = NEAR_EDITS + 1;

	for (size_t k = 0; k < n; k++) {
		int e = edits(name, commands[k]->name);

		if (e < fewest && 2 * e < (int)strlen(commands[k]->name)) {
			fewest = e;
			best = commands[k]->name;
		}
	}
	return best;
}
