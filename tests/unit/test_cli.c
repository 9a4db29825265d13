/* Unit tests of gen/cli/options.c: words read against a table of
 * options (values as the next word or attached, operands before, after
 * and past "--", a command whose first operand ends its options), every
 * kind of value checked, and the nearest command to a mistyped one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "cli/options.h"

enum { T_OUT = 1, T_JOBS, T_QUIET, T_FORMAT, T_PCT };

static const char *const formats[] = {"text", "json", NULL};

static const struct cli_option opts[] = {
	{"-o", "SITE", CLI_TEXT, T_OUT, "out", 0, NULL},
	{"-j", "N", CLI_COUNT, T_JOBS, "jobs", 256, NULL},
	{"-q", NULL, CLI_FLAG, T_QUIET, "quiet", 0, NULL},
	{"--format", "FORMAT", CLI_CHOICE, T_FORMAT, "as", 0, formats},
	{"--threshold", "P", CLI_PERCENT, T_PCT, "pct", 0, NULL},
	{NULL, NULL, CLI_FLAG, 0, NULL, 0, NULL}
};

static const struct cli_command one = {
	"build", "RUNS", "RUNS", 1, 1, false, "render", opts, NULL
}, many_first = {
	"record", "-- PROGRAM", "PROGRAM", 1, -1, true, "run", opts, NULL
};

/* Parses the words (the command's name first) with stderr kept away;
 * cli_parse only reads them, as it does argv. */
static int
parse(const struct cli_command *cmd, struct cli_args *a, int n,
    const char **w)
{
	FILE *saved = stderr;
	int rc;

	stderr = fopen("/dev/null", "w");
	rc = cli_parse(cmd, n, (char **)w, a);
	fclose(stderr);
	stderr = saved;
	return rc;
}

static void
test_values_and_operands(void **state)
{
	const char *w[] = {"build", "-j4", "runs", "--format=json", "-o", "s",
	    "--threshold", "7.5%", "-q", NULL};
	struct cli_args a;

	(void)state;
	assert_int_equal(parse(&one, &a, 9, w), 0);
	assert_int_equal(a.n, 5);
	assert_int_equal(a.v[0].opt->id, T_JOBS);
	assert_int_equal(a.v[0].count, 4);
	assert_int_equal(a.v[1].choice, 1);
	assert_string_equal(a.v[2].text, "s");
	assert_true(a.v[3].fraction > 0.0749 && a.v[3].fraction < 0.0751);
	assert_int_equal(a.v[4].opt->id, T_QUIET);
	assert_int_equal(a.noperands, 1);
	assert_string_equal(a.operands[0], "runs");
	cli_args_free(&a);
}

static void
test_double_dash_and_options_first(void **state)
{
	const char *w[] = {"build", "--", "-q", NULL};
	const char *r[] = {"record", "-o", "x", "prog", "-q", "-d", NULL};
	struct cli_args a;

	(void)state;
	assert_int_equal(parse(&one, &a, 3, w), 0);
	assert_int_equal(a.n, 0);
	assert_string_equal(a.operands[0], "-q");
	cli_args_free(&a);
	assert_int_equal(parse(&many_first, &a, 6, r), 0);
	assert_int_equal(a.n, 1);
	assert_int_equal(a.noperands, 3);
	assert_string_equal(a.operands[1], "-q");
	cli_args_free(&a);
}

static void
test_bad_usage(void **state)
{
	const char *bad[][4] = {
		{"build", "--x", "runs", NULL},		/* unknown */
		{"build", "runs", "-o", NULL},		/* no value */
		{"build", "-j", "abc", "runs"},		/* not a count */
		{"build", "-j", "257", "runs"},		/* too many */
		{"build", "-j", "0", "runs"},
		{"build", "--format", "xml", "runs"},	/* no such choice */
		{"build", "--threshold", "x", "runs"},
		{"build", "-o", "", "runs"},		/* empty */
		{"build", "-q=1", "runs", NULL},	/* unknown */
		{"build", "-qx", "runs", NULL},
		{"build", "a", "b", NULL},		/* one operand too many */
		{"build", "-q", NULL, NULL},		/* none */
	};
	struct cli_args a;

	(void)state;
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		int n = 0;

		while (n < 4 && bad[k][n])
			n++;
		assert_int_equal(parse(&one, &a, n, bad[k]), CLI_BAD);
		assert_null(a.v);
	}
}

static void
test_percent(void **state)
{
	(void)state;
	assert_true(cli_percent("5") > 0.0499 && cli_percent("5") < 0.0501);
	assert_true(cli_percent("0%") == 0);
	assert_true(cli_percent("1000") == 10);
	assert_true(cli_percent("1001") < 0);
	assert_true(cli_percent("-1") < 0);
	assert_true(cli_percent("") < 0);
	assert_true(cli_percent(" 5") < 0);
	assert_true(cli_percent("5%%") < 0);
	assert_true(cli_percent("nan") < 0);
}

static void
test_nearest(void **state)
{
	static const struct cli_command b = {"build", 0, 0, 0, 0, 0, 0, 0, 0},
	    c = {"check", 0, 0, 0, 0, 0, 0, 0, 0},
	    d = {"dump", 0, 0, 0, 0, 0, 0, 0, 0};
	const struct cli_command *const cmds[] = {&b, &c, &d};

	(void)state;
	assert_string_equal(cli_nearest("biuld", cmds, 3), "build");
	assert_string_equal(cli_nearest("chek", cmds, 3), "check");
	assert_string_equal(cli_nearest("dupm", cmds, 3), "dump");
	assert_string_equal(cli_nearest("buil", cmds, 3), "build");
	assert_null(cli_nearest("frobnicate", cmds, 3));
	assert_null(cli_nearest("xy", cmds, 3));
	assert_null(cli_nearest("", cmds, 3));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values_and_operands),
		cmocka_unit_test(test_double_dash_and_options_first),
		cmocka_unit_test(test_bad_usage),
		cmocka_unit_test(test_percent),
		cmocka_unit_test(test_nearest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
