/* The command line's grammar: one table per command names its options,
 * what value each takes and a line of help for it, and both the parser
 * and "benchsite COMMAND --help" are made from that table, so the help
 * cannot leave an option out or describe one the parser does not take.
 * Used by main.c, which holds the tables beside the commands. */
#ifndef BENCHSITE_CLI_OPTIONS_H
#define BENCHSITE_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What an option's value must be; the parser checks it, so a command
 * only ever sees good values. */
enum cli_value_kind {
	CLI_FLAG,	/* no value */
	CLI_TEXT,	/* any text but the empty one */
	CLI_COUNT,	/* a whole number from 1 to max */
	CLI_PERCENT,	/* "5" or "5%", 0 to 1000: kept as a fraction */
	CLI_CHOICE	/* one of choices[] */
};

struct cli_option {
	const char *name;	/* "-o", "--format" */
	const char *arg;	/* the value's name in the help, "SITE" */
	enum cli_value_kind kind;
	int id;			/* what the command tells its options by */
	const char *help;	/* one line; a choice's names are added */
	unsigned long long max;	/* CLI_COUNT's largest */
	const char *const *choices;	/* CLI_CHOICE's names, NULL-ended */
};

/* One option as given, its value checked. */
struct cli_value {
	const struct cli_option *opt;
	const char *text;	/* the value as given (NULL for a flag) */
	unsigned long long count;	/* CLI_COUNT */
	double fraction;	/* CLI_PERCENT: "5%" is 0.05 */
	int choice;		/* CLI_CHOICE: the index in choices[] */
};

/* What a command was given: its options in order, then its operands. */
struct cli_args {
	struct cli_value *v;
	size_t n;
	char **operands;
	int noperands;
};

struct cli_command {
	const char *name;
	const char *operands;	/* in the usage line: "RUNS", "FILE..." */
	const char *operand;	/* in "no RUNS given": "RUNS", "FILE" */
	int min_operands;
	int max_operands;	/* -1: any number */
	bool options_first;	/* the first operand ends the options:
				   record's are bonnie++'s own */
	const char *summary;	/* one line, lower case, no full stop */
	const struct cli_option *options;	/* ended by one of name NULL */
	int (*run)(const struct cli_command *, const struct cli_args *);
};

/* The outcome of cli_parse besides 0. */
enum {
	CLI_BAD = -1,		/* said why on stderr: bad usage */
	CLI_HELP_SHOWN = 1	/* -h or --help: the help is on stdout */
};

/* Parses argv[1..argc-1], the words after the command's name, into
 * out (free with cli_args_free). Returns 0, CLI_HELP_SHOWN or CLI_BAD. */
int cli_parse(const struct cli_command *, int argc, char **argv,
    struct cli_args *out);
void cli_args_free(struct cli_args *);

/* "benchsite COMMAND --help": the usage line, the summary, and every
 * option with its line of help. */
void cli_help(FILE *, const struct cli_command *);

/* "benchsite help": every command with its summary, one a line. */
void cli_overview(FILE *, const struct cli_command *const *commands,
    size_t n);

/* The commands' name nearest to a mistyped one, or NULL when none is
 * near enough to be what was meant. */
const char *cli_nearest(const char *name,
    const struct cli_command *const *commands, size_t n);

/* Says on stderr that the value of an option is not what it must be,
 * with the pointer to the command's help. Returns CLI_BAD. */
int cli_bad_value(const struct cli_command *, const struct cli_value *,
    const char *should_be);

/* "5" or "5%" as a fraction, 0 to 10 (1000%); -1 when it is not one. */
double cli_percent(const char *);

#endif
