#!/bin/sh
# The command line for one build directory: the golden help of benchsite
# and of every command (tests/cli/help*.out), the golden line of every
# mistake of usage (tests/cli/*.err: stderr, then "exit N"), the manual
# against the help (the same commands, the same options, mandoc-clean),
# and what "record" prints on a terminal and off one. Prints "ok NAME" /
# "FAIL: NAME" lines that tests/run.sh counts. UPDATE=1 rewrites the
# golden files; VALGRIND=1 runs benchsite under valgrind.
#
#     sh tests/cli.sh BUILD [TMP]

cd "$(dirname "$0")/.." || exit 4
b=$(cd "$1" && pwd) || exit 4
if [ -n "$2" ]; then
	tmp=$2/cli
	rm -rf "$tmp"
	mkdir -p "$tmp" || exit 4
else
	tmp=$(mktemp -d) || exit 4
	trap 'rm -rf "$tmp"' EXIT
fi
g=tests/cli

say_ok() { echo "ok $*"; }
say_bad() { echo "FAIL: $*"; }
check() {	# NAME CONDITION...: ok when the condition holds
	name=$1
	shift
	if "$@"; then say_ok "$name"; else say_bad "$name"; fi
}
run() {
	if [ -n "$VALGRIND" ]; then
		valgrind -q --error-exitcode=99 --leak-check=full \
			--suppressions=tests/valgrind.supp \
			--errors-for-leak-kinds=all "$@"
	else
		"$@"
	fi
}
# same NAME WANT HAVE: the files are equal; UPDATE=1 makes WANT so.
same() {
	[ -n "$UPDATE" ] && cp "$3" "$2"
	if cmp -s "$2" "$3"; then say_ok "$1"; else
		say_bad "$1"; diff -u "$2" "$3" | head -20; fi
}

# --- help: on stdout, nothing on stderr, exit 0 ---------------------

# help_case NAME GOLDEN ARGS...
help_case() {
	name=$1 want=$2
	shift 2
	run "$b/benchsite" "$@" >"$tmp/out" 2>"$tmp/err"
	echo "exit $?" >>"$tmp/out"
	cat "$tmp/err" >>"$tmp/out"
	same "cli: benchsite $* ($name)" "$want" "$tmp/out"
}
help_case "the commands" $g/help.out help
help_case "the commands" $g/help.out --help
help_case "the commands" $g/help.out -h
commands=$(sed -n '/^commands:$/,/^$/s/^  \([a-z]*\) .*/\1/p' $g/help.out)
check "cli: help lists the seven commands and itself" \
	test "$(echo $commands)" = "build check parse dump collect record import help"
for c in $commands; do
	help_case "its options" $g/help-$c.out $c --help
	help_case "its options" $g/help-$c.out $c -h
	help_case "its options" $g/help-$c.out help $c
done
run "$b/benchsite" --version >"$tmp/out" 2>"$tmp/err"
check "cli: --version" test $? -eq 0 -a ! -s "$tmp/err" -a \
	"$(grep -c '^benchsite [0-9][0-9.]*$' "$tmp/out")" -eq 1
long=$(awk 'length > 80 { print FILENAME ":" FNR }' $g/help*.out)
check "cli: no help line is over 80 columns $long" test -z "$long"

# --- mistakes: one line on stderr with the way to the help, exit 2 ---

# error_case NAME ARGS...: stdout empty, stderr and status as in
# tests/cli/NAME.err, and that one line.
error_case() {
	name=$1
	shift
	run "$b/benchsite" "$@" >"$tmp/out" 2>"$tmp/err"
	echo "exit $?" >>"$tmp/err"
	same "cli: benchsite $* ($name)" $g/$name.err "$tmp/err"
	check "cli: $name: one line, pointing to the help, nothing on stdout" \
		test ! -s "$tmp/out" -a "$(wc -l <"$tmp/err")" -eq 2 -a \
		"$(grep -c '(see benchsite [a-z]* *[-a-z]*)$' "$tmp/err")" -eq 1
}
error_case unknown-option build --x
error_case unknown-option-check check --frob runs
error_case unknown-short-option build -z runs
error_case unknown-top-option --x
error_case missing-value build -o
error_case missing-choice check --format
error_case bad-jobs build -j abc runs
error_case jobs-out-of-range build -j 0 runs
error_case bad-limit dump --max-runs -3 runs
error_case bad-percent check --threshold x runs
error_case bad-format check --format xml runs
error_case bad-parse-format parse --format=xml file
error_case bad-noise check --noise fast=10 runs
error_case empty-value import -o "" post.txt
error_case flag-with-value build --full=yes runs
error_case hidden-name record --name .x -- bonnie++
error_case unknown-command biuld
error_case unknown-command-far frobnicate
error_case help-unknown-command help chek
error_case help-extra help build check
error_case no-runs build
error_case no-runs-check check -o out.txt
error_case no-runs-dump dump
error_case no-file parse
error_case no-file-import import -o runs
error_case no-path collect
error_case no-program record -o runs
error_case extra-operand build runs more
error_case extra-path collect / /tmp
# No command at all: the list of commands, on stderr.
run "$b/benchsite" >"$tmp/out" 2>"$tmp/err"
status=$?
check "cli: benchsite alone lists the commands on stderr, exit 2" \
	test $status -eq 2 -a ! -s "$tmp/out"
head -n -1 $g/help.out >"$tmp/want"
check "cli: benchsite alone prints the help" cmp -s "$tmp/err" "$tmp/want"
# Options may follow the operands, unless "--" ends them.
run "$b/benchsite" dump tests/runs/q-split/input --max-runs 5 >"$tmp/out" 2>&1
check "cli: an option after the operand is taken" test $? -eq 0
run "$b/benchsite" dump -- --max-runs >"$tmp/out" 2>"$tmp/err"
check "cli: after -- an option is an operand" grep -q '^benchsite: --max-runs' "$tmp/err"

# --- the manual: mandoc-clean, the help's commands and options --------

if command -v mandoc >/dev/null; then
	mandoc -T lint -W style benchsite.1 >"$tmp/lint" 2>&1
	status=$?
	# mandoc's note that the machine's own index of manuals is stale
	# is not the page's
	grep -v 'outdated mandoc.db' "$tmp/lint" >"$tmp/lint.own"
	check "cli: mandoc -T lint -W style benchsite.1 (exit $status)" \
		test $status -eq 0 -a ! -s "$tmp/lint.own"
	cat "$tmp/lint.own"
else
	echo "cli: mandoc is not installed, the lint of benchsite.1 skipped (make deps)"
fi
# Every option a help shows ("  -o SITE", "  -h, --help") and the
# --version the command list names; every Fl of the manual, "--" apart.
sed -n 's/^  \(-[-a-z0-9]*\)\(, \(-[-a-z0-9]*\)\)\{0,1\}.*/\1 \3/p' \
	$g/help-*.out | tr ' ' '\n' | sed '/^$/d' >"$tmp/help-opts"
grep -o "'benchsite --[a-z]*'" $g/help.out | tr -d "'" | cut -d' ' -f2 \
	>>"$tmp/help-opts"
sort -u "$tmp/help-opts" -o "$tmp/help-opts"
awk '{ fl = 0
	sub(/^\./, "")
	for (i = 1; i <= NF; i++) {
		if ($i == "Fl") { fl = 1; continue }
		if ($i ~ /^[A-Z][a-z][a-z]?$/) { fl = 0; continue }
		if (fl && $i !~ /^[|,;:.()]$/) print "-" $i
	} }' benchsite.1 | grep -v '^--$' | sort -u >"$tmp/man-opts"
check "cli: the help shows some options" test "$(wc -l <"$tmp/help-opts")" -gt 20
if cmp -s "$tmp/help-opts" "$tmp/man-opts"; then
	say_ok "cli: the manual and the help have the same options"
else
	say_bad "cli: the manual and the help have different options (< help, > manual)"
	diff "$tmp/help-opts" "$tmp/man-opts" | grep '^[<>]'
fi
# The commands of SYNOPSIS and of the Commands list.
awk '/^\.Sh SYNOPSIS/ { s = 1; next } /^\.Sh / { s = 0 }
	s && prev == ".Nm" && $1 == ".Cm" { print $2 } { prev = $0 }' \
	benchsite.1 | sort -u >"$tmp/man-synopsis"
awk '/^\.Ss Commands/ { s = 1; next } /^\.S[sh] / { s = 0 }
	s && $1 == ".It" && $2 == "Cm" { print $3 }' benchsite.1 |
	sort -u >"$tmp/man-commands"
echo "$commands" | tr ' ' '\n' | sort -u >"$tmp/help-commands"
check "cli: the manual's synopsis has every command" \
	cmp -s "$tmp/help-commands" "$tmp/man-synopsis"
check "cli: the manual describes every command" \
	cmp -s "$tmp/help-commands" "$tmp/man-commands"

# --- record: progress on a terminal only, then what to run next -------

mkdir -p "$tmp/bin" "$tmp/scratch"
cat >"$tmp/bin/slow-bonnie" <<'FAKE'
#!/bin/sh
sleep 1.3
cat "$FAKE_OUT"
FAKE
chmod +x "$tmp/bin/slow-bonnie"
grep '^1\.98,' samples/this-machine/csv-x3/bonnie.txt | head -1 >"$tmp/fake.csv"
FAKE_OUT=$tmp/fake.csv run "$b/benchsite" record -o "$tmp/my runs" --name one \
	-- "$tmp/bin/slow-bonnie" -d "$tmp/scratch" >"$tmp/out" 2>"$tmp/err"
check "cli: record off a terminal (exit $?)" test -d "$tmp/my runs/one"
check "cli: record off a terminal shows no progress" \
	test "$(tr -cd '\r' <"$tmp/err" | wc -c)" -eq 0
grep -v '^benchsite: running' "$tmp/err" | sed "s|$tmp|TMP|g" >"$tmp/ending"
same "cli: record says what to run next" $g/record-end.err "$tmp/ending"
if command -v script >/dev/null &&
    script -qec true /dev/null </dev/null >/dev/null 2>&1; then
	FAKE_OUT=$tmp/fake.csv script -qec "\"$b/benchsite\" record -o \
		\"$tmp/my runs\" --name two -- \"$tmp/bin/slow-bonnie\"" \
		/dev/null </dev/null >"$tmp/tty" 2>&1
	check "cli: record on a terminal (exit $?)" test -d "$tmp/my runs/two"
	check "cli: record on a terminal shows how long bonnie++ has run" \
		grep -q "$(printf '\r')benchsite: slow-bonnie has run 0m01s" "$tmp/tty"
	check "cli: record on a terminal wipes its progress line" \
		grep -q "$(printf '\r') *$(printf '\r')benchsite: wrote" "$tmp/tty"
else
	echo "cli: util-linux script is not installed, record on a terminal not tested"
fi
exit 0
