#!/bin/sh
# Runs every test against each build directory given (build, build-asan):
# the cmocka unit tests, the golden files of "parse" and "dump", and the
# bon_csv2html check. Prints "N passed, N failed" and fails on any failure.
# The tests run in lanes at once (see lane below): a build's goldens and
# verdicts, each test script, and what needs the first build only.
# VALGRIND=1 runs each program under valgrind memcheck.
# UPDATE=1 rewrites the golden files from the current output instead
# (review the diff before committing it).

cd "$(dirname "$0")/.." || exit 4
first=$1
pass=0
fail=0
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT
# check caches its loads in the user's cache directory: the tests' go here.
XDG_CACHE_HOME=$tmp/cache
export XDG_CACHE_HOME

ok() { pass=$((pass + 1)); }
# Counts the "ok NAME" / "FAIL: NAME" lines a test script printed.
count_log() {
	while read -r line; do
		case $line in
		"ok "*) ok ;;
		"FAIL: "*) bad "${line#FAIL: }" ;;
		*) echo "$line" ;;
		esac
	done <"$1"
}
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

wrap() {
	if [ -n "$VALGRIND" ]; then
		valgrind -q --error-exitcode=99 --leak-check=full --suppressions=tests/valgrind.supp \
			--errors-for-leak-kinds=definite,indirect,possible "$@"
	else
		"$@"
	fi
}

# golden NAME EXPECT_OUT EXPECT_ERR CMD...: stdout must equal EXPECT_OUT,
# stderr followed by "exit N" must equal EXPECT_ERR.
golden() {
	name=$1 out=$2 err=$3
	shift 3
	wrap "$@" >"$tmp/out" 2>"$tmp/err"
	echo "exit $?" >>"$tmp/err"
	if [ -n "$UPDATE" ]; then
		cp "$tmp/out" "$out"
		cp "$tmp/err" "$err"
	fi
	if cmp -s "$tmp/out" "$out" && cmp -s "$tmp/err" "$err"; then
		ok
	else
		bad "$name"
		diff -u "$out" "$tmp/out" | head -20
		diff -u "$err" "$tmp/err" | head -10
	fi
}

# golden_tests B: the unit tests and the goldens of parse and dump of
# build directory B.
golden_tests() {
	b=$1
	for t in "$b"/test_*; do
		[ -x "$t" ] || continue
		if wrap "$t" >"$tmp/unit" 2>&1; then ok; else
			bad "$t"; cat "$tmp/unit"; fi
	done
	for f in tests/parse/*.txt; do
		g=${f%.txt}
		golden "$b parse $f" "$g.json" "$g.err" "$b/benchsite" parse "$f"
	done
	for d in tests/runs/*/; do
		d=${d%/}
		golden "$b dump $d" "$d/expect.json" "$d/expect.err" \
			"$b/benchsite" dump "$d/input"
	done
	golden "$b dump samples" tests/samples.json tests/samples.err \
		"$b/benchsite" dump samples
}

# verdict_tests B: the goldens of check in every format with build
# directory B, sharing, the single file, exit statuses.
verdict_tests() {
	b=$1
	# The analysis: every verdict with its numbers and rule, the human
	# summary, and the exit status that gates CI.
	for d in tests/analysis/*/; do
		d=${d%/}
		golden "$b check $d" "$d/expect.json" "$d/expect.err" \
			"$b/benchsite" check --format json "$d/input"
		golden "$b check text $d" "$d/expect.txt" "$d/expect.err" \
			"$b/benchsite" check "$d/input"
	done
	golden "$b check samples" tests/check-samples.json \
		tests/check-samples.err "$b/benchsite" check --format json samples
	golden "$b check samples text" tests/check-samples.txt \
		tests/check-samples.err "$b/benchsite" check samples
	# A baseline far back in a noisy series: each night against it,
	# with the noise the series' nights drew between themselves.
	golden "$b check --baseline" tests/check-baseline.txt \
		tests/check-baseline.err "$b/benchsite" check --baseline \
		2026-11-20 tests/cases/ci-fio-quiet-vm-nights/input
	# The baseline given is the night a kernel made slower: it keeps its
	# own base, and its fall fails the gate.
	golden "$b check --baseline, the fall's night" \
		tests/check-baseline-fall.txt tests/check-baseline-fall.err \
		"$b/benchsite" check --baseline nightly/2026-11-03 \
		tests/analysis/fio-series/input
	# Sharing: the mail digest (never over 72 columns), Markdown, JUnit.
	golden "$b check mail samples" tests/share/mail.txt \
		tests/check-samples.err "$b/benchsite" check --format mail samples
	golden "$b check mail utf8" tests/share/mail-utf8.txt \
		tests/share/nightly.err "$b/benchsite" check --format mail \
		--utf8 tests/analysis/nightly/input
	golden "$b check markdown" tests/share/markdown.md \
		tests/check-samples.err "$b/benchsite" check --format markdown \
		samples
	golden "$b check junit" tests/share/junit.xml tests/check-samples.err \
		"$b/benchsite" check --format junit samples
	for f in tests/share/mail.txt tests/share/mail-utf8.txt; do
		long=$(awk '{ n = 0; s = $0
			while (length(s)) { c = substr(s, 1, 1); s = substr(s, 2)
				if (c !~ /[\200-\277]/) n++ }
			if (n > 72) print FILENAME ":" NR }' "$f")
		[ -z "$long" ] && ok || bad "over 72 columns: $long"
	done
	if LC_ALL=C grep -q '[^ -~]' tests/share/mail.txt; then
		bad "the ASCII digest has non-ASCII bytes"
	else
		ok
	fi
	n=$(xmllint --xpath 'count(//failure)' tests/share/junit.xml)
	m=$(xmllint --xpath 'string(/testsuites/@failures)' tests/share/junit.xml)
	[ "$n" = "$m" ] && [ "$n" -gt 0 ] && ok || bad "junit failures $n vs $m"
	rm -rf "$tmp/attach"
	wrap "$b/benchsite" check --format mail --attach "$tmp/attach" samples \
		>"$tmp/mail" 2>/dev/null
	want=$(sed -n '/^Charts to attach:/,$p' "$tmp/mail" |
		sed 's/^Charts to attach://' | tr ' ' '\n' | grep . | sort)
	have=$(ls "$tmp/attach" 2>/dev/null | sort)
	sig=$(for p in "$tmp"/attach/*.png; do head -c 4 "$p" | od -An -c |
		tr -d ' \n'; echo; done | sort -u)
	if [ -n "$want" ] && [ "$want" = "$have" ] && [ "$sig" = "211PNG" ]; then
		ok
	else
		bad "--attach: wanted '$want', wrote '$have' ($sig)"
	fi
	# A build writes the same charts before it lets go of the runs and
	# publishes the site, and still says the gate's verdict.
	rm -rf "$tmp/attach-build" "$tmp/site-attach"
	wrap "$b/benchsite" build -q -j 1 --fail-on-regression --attach \
		"$tmp/attach-build" -o "$tmp/site-attach" samples >/dev/null 2>&1
	st=$?
	if [ "$st" = 1 ] && diff -r "$tmp/attach" "$tmp/attach-build" \
	    >/dev/null && [ -s "$tmp/site-attach/index.html" ]; then
		ok
	else
		bad "build --attach --fail-on-regression: exit $st, charts" \
		    "$(diff -rq "$tmp/attach" "$tmp/attach-build" 2>&1 | head -1)"
	fi
	# The verdict where people share it: every fixture's mail, eml,
	# Markdown and JUnit, the eml as mail programs read it.
	sh tests/share.sh "$b" "$tmp" >"$tmp/share.log" 2>&1
	count_log "$tmp/share.log"
	# The single-file report: nothing outside itself.
	wrap "$b/benchsite" build -q --single-file "$tmp/report.html" samples \
		2>/dev/null
	n=$(xmllint --html --xpath 'count(//link | //img | //script |
	    //@href[not(starts-with(., "#"))] | //@src)' "$tmp/report.html" \
	    2>/dev/null)
	runs=$(xmllint --html --xpath 'count(//section[@class = "run"])' \
	    "$tmp/report.html" 2>/dev/null)
	[ "$n" = 0 ] && [ "$runs" = 18 ] && ok ||
		bad "single file: $n outside references, $runs runs"
	# A large set's single file holds the runs its overview names
	# (not 200 pages), says so first, and each link leads into it.
	sh tests/bench/genruns.sh 200 "$tmp/runs200" >/dev/null
	wrap "$b/benchsite" build -q --single-file "$tmp/large.html" \
		"$tmp/runs200" 2>/dev/null
	runs=$(xmllint --html --xpath 'count(//section[@class = "run"])' \
	    "$tmp/large.html" 2>/dev/null)
	lost=$(xmllint --html --xpath 'count(//@href[not(starts-with(., "#"))
	    or not(//@id = substring(., 2))])' "$tmp/large.html" 2>/dev/null)
	note=$(xmllint --html --xpath 'string(//main/*[1][@class =
	    "single-note"])' "$tmp/large.html" 2>/dev/null)
	case $note in
	*" of the $runs runs it names, of 200. "*) noted=1 ;;
	*) noted= ;;
	esac
	[ "$runs" -gt 10 ] && [ "$runs" -lt 200 ] && [ "$lost" = 0 ] &&
		[ -n "$noted" ] && ok ||
		bad "single file of 200 runs: $runs runs, $lost links lost," \
		    "note \"$note\""
	# Two failing runs of one name in two series (nightly/2026-11-05 of
	# bonnie++, lab-f1/2026-11-05 of fio): every chart is named after
	# its run's whole path, though no two charts' names would be one.
	mkdir -p "$tmp/twins"
	cp -r tests/cases/ci-bonnie-dip-then-kernel/input/nightly \
	    tests/cases/ci-fio-short-night-between/input/lab-f1 "$tmp/twins"
	rm -rf "$tmp/att-twins"
	wrap "$b/benchsite" check --format mail --attach "$tmp/att-twins" \
		"$tmp/twins" >/dev/null 2>&1
	short=$(ls "$tmp/att-twins" | grep -c '^2026-11-05--')
	whole=$(ls "$tmp/att-twins" | grep -c '^nightly--2026-11-05--')
	fio=$(ls "$tmp/att-twins" | grep -c '^lab-f1--2026-11-05--')
	[ "$short" = 0 ] && [ "$whole" -gt 0 ] && [ "$fio" -gt 0 ] && ok ||
		bad "charts of two runs of one name: $(ls "$tmp/att-twins")"
	# The digests people post stay short however long the history: the
	# first SHARE_CAUSES (20) causes, a line counting the others, a
	# table of at most 40 runs, the charts of the causes told (1 000
	# runs of 200 hosts: 34 causes, 166 failing runs).
	sh tests/bench/genruns.sh -H 200 1000 "$tmp/runs1000" >/dev/null
	wrap "$b/benchsite" check --format mail --attach "$tmp/att1000" \
		"$tmp/runs1000" >"$tmp/mail1000" 2>/dev/null
	wrap "$b/benchsite" check --format markdown "$tmp/runs1000" \
		>"$tmp/md1000" 2>/dev/null
	all=$(sed -n 's/^\([0-9]*\) causes fail the gate.*/\1/p' "$tmp/mail1000")
	told=$(grep -c '^ *[0-9]*\. ' "$tmp/mail1000")
	more=$(sed -n 's/^ *\.\.\. and \([0-9]*\) more causes* .*/\1/p' \
	    "$tmp/mail1000")
	rows=$(grep -cE ' (FAIL|warn|ok) ' "$tmp/mail1000")
	md_told=$(grep -c '^[0-9]*\\\. ' "$tmp/md1000")
	md_more=$(sed -n 's/^\.\.\. and \([0-9]*\) more causes* .*/\1/p' \
	    "$tmp/md1000" | head -n 1)
	md_rows=$(grep -c '^| [^R-]' "$tmp/md1000")
	pngs=$(ls "$tmp/att1000" | wc -l)
	named=$(sed -n '/^Charts to attach:/,$p' "$tmp/mail1000" |
	    grep -o '[^ ]*\.png' | wc -l)
	[ "$told" = 20 ] && [ -n "$all" ] && [ "$all" -gt 20 ] &&
		[ "$((told + more))" = "$all" ] && [ "$rows" = 40 ] &&
		[ "$md_told" = 20 ] && [ "$md_more" = "$more" ] &&
		[ "$md_rows" = "$rows" ] && [ "$pngs" = "$named" ] &&
		[ "$pngs" -le 40 ] && ok ||
		bad "digests of 1000 runs: $told+$more of $all causes, $rows" \
		    "rows; Markdown $md_told+$md_more causes, $md_rows rows;" \
		    "$pngs charts, $named named"
	# A digest's chart of a cause of many runs shows SITE_MAX_BARS (60)
	# of them, as a site's charts do: a series below its targets for 66
	# and for 82 nights draws the same chart, as tall as one of 60 bars.
	for n in 100 120; do
		rm -rf "$tmp/many$n" "$tmp/attmany$n"
		sh tests/bench/genruns.sh -H 1 "$n" "$tmp/many$n" >/dev/null
		wrap "$b/benchsite" check --format mail --attach \
			"$tmp/attmany$n" "$tmp/many$n" >"$tmp/mailmany$n" 2>/dev/null
	done
	tall() {	# the height of a PNG, from its header
		od -An -tu1 -j20 -N4 "$1" |
			awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }'
	}
	chart=2021-03-26--block-write.png
	h100=$(tall "$tmp/attmany100/$chart") h120=$(tall "$tmp/attmany120/$chart")
	grep -q '66 runs of series stor01-nightly' "$tmp/mailmany100" &&
		grep -q '82 runs of series stor01-nightly' "$tmp/mailmany120" &&
		[ -n "$h100" ] && [ "$h100" = "$h120" ] && ok ||
		bad "digest chart of a cause of many runs: $h100 and $h120 px"
	# Two series alike, each with a run whose latency chart has a
	# flagged bar (clip paths): no id twice in the one file.
	rm -rf "$tmp/twice"
	mkdir "$tmp/twice"
	for s in a b; do
		cp -r tests/analysis/fio-series/input/nightly "$tmp/twice/$s"
		for m in "$tmp/twice/$s"/*/meta; do
			sed "s/^series: .*/series: nightly-$s/" "$m" >"$m.new" &&
				mv "$m.new" "$m"
		done
	done
	wrap "$b/benchsite" build -q --single-file "$tmp/twice.html" \
		"$tmp/twice" 2>/dev/null
	ids=$(grep -o ' id="[^"]*"' "$tmp/twice.html" | wc -l)
	twice=$(grep -o ' id="[^"]*"' "$tmp/twice.html" | sort | uniq -d)
	[ "$ids" -gt 10 ] && [ -z "$twice" ] && ok ||
		bad "single file: $ids ids, these twice:" $twice
	# Exit statuses: usage and unreadable input are 2, not 1.
	for args in "check" "check --format xml samples" "check --threshold x samples" \
	    "check no-such-dir" "check --baseline nothing samples" "frobnicate"; do
		wrap "$b/benchsite" $args >/dev/null 2>&1
		if [ $? -eq 2 ]; then ok; else bad "$b benchsite $args: not exit 2"; fi
	done
	wrap "$b/benchsite" build -q --fail-on-regression -o "$tmp/gate" samples \
		>/dev/null 2>&1
	if [ $? -eq 1 ]; then ok; else bad "$b build --fail-on-regression: not 1"; fi
}

# script B NAME [ENV...]: tests/NAME.sh with build directory B and the
# lane's temporary directory (with ENV set), its log counted.
script() {
	b=$1 name=$2
	shift 2
	env "$@" sh "tests/$name.sh" "$b" "$tmp" >"$tmp/$name.log" 2>&1
	count_log "$tmp/$name.log"
}

# script_lanes B: the test scripts that build sites from fixtures and
# generated trees with build directory B, a lane each (the longest
# first). Those that run no program under valgrind are left out of
# VALGRIND=1: "make check" ran them, they would add only time to CI's
# valgrind pass.
script_lanes() {
	b=$1 n=${1##*/}
	# The site: golden pages, hostile input, links; the browser only
	# with the first build (it tests the pages, not the program).
	lane "site-$n" script "$b" site \
	    BROWSER="$([ "$b" = "$first" ] && [ -z "$VALGRIND" ] && echo 1)"
	# Many runs: any -j, incremental builds, a large site's shape.
	lane "scale-$n" script "$b" scale
	# Bad input: the catalogue of tests/bad/, the limits, big inputs.
	lane "bad-$n" script "$b" bad
	# Builds of one site at once, and killed builds' leftovers.
	lane "publish-$n" script "$b" publish
	# The metadata: collect on fake system trees, record of a real run.
	lane "collect-$n" script "$b" collect
	# fio's outputs: goldens, one run's forms agreeing, the fio corpus
	# (with VALGRIND=1 the goldens only, under valgrind).
	lane "fio-$n" script "$b" fio
	[ -n "$VALGRIND" ] && return
	# Real-world cases judged as a storage engineer would (tests/cases/):
	# with the first build only, they test the analysis, not the build.
	[ "$b" = "$first" ] && lane "cases-$n" script "$b" cases
	# Incremental builds and checks give the bytes of full ones.
	lane "incremental-$n" script "$b" incremental
	# The measured corpus: hand-written truth against what parse reads.
	lane "corpus-$n" script "$b" corpus
	# Posts split into run directories with their metadata guessed
	# (under valgrind 80 s of CI's 30 minutes, for the paths the
	# AddressSanitizer build and fuzz_import take).
	lane "import-$n" script "$b" import
}

# first_tests B: what needs one build only (the first given): the
# pipeline's shape, the snapshot, the command line, the user guide,
# install, and bonnie++'s bon_csv2html on what parse writes.
first_tests() {
	b=$1
	# The pipeline's shape: every include and every symbol an object takes
	# from another points down the stages, with no circle (tests/layers.sh);
	# and every output of the samples and fixtures as recorded.
	if [ -z "$VALGRIND" ]; then
		sh tests/layers.sh "$first" >"$tmp/layers.log" 2>&1
		count_log "$tmp/layers.log"
		sh tests/snapshot.sh "$first" >"$tmp/snapshot.log" 2>&1
		count_log "$tmp/snapshot.log"
	fi

	# The command line: help, mistakes of usage, the manual against the help
	# (and mandoc's lint of it), record's progress; with the first build only.
	sh tests/cli.sh "$first" "$tmp" >"$tmp/cli.log" 2>&1
	count_log "$tmp/cli.log"

	# The user guide: its commands and options, its excerpts of output, its CI
	# snippets against the Makefile's packages, its links (tests/readme.sh).
	if [ -z "$VALGRIND" ]; then
		sh tests/readme.sh "$first" "$tmp" >"$tmp/readme.log" 2>&1
		count_log "$tmp/readme.log"
	fi

	# install puts everything in place.
	make -s install DESTDIR="$tmp/inst" PREFIX=/usr >/dev/null 2>&1
	if [ -x "$tmp/inst/usr/bin/benchsite" ] &&
	    [ -f "$tmp/inst/usr/share/man/man1/benchsite.1" ] &&
	    [ -f "$tmp/inst/usr/share/benchsite/templates/index.html" ] &&
	    BENCHSITE_DATA= "$tmp/inst/usr/bin/benchsite" build -q -o "$tmp/inst-site" \
	    tests/site/small/input 2>/dev/null &&
	    [ -f "$tmp/inst-site/assets/style.css" ]; then
		ok
	else
		bad "make install DESTDIR"
	fi

	# bonnie++'s own bon_csv2html accepts what "parse --format csv" writes,
	# for every fixture and sample (it rejects any line not in format 1.98).
	if command -v bon_csv2html >/dev/null; then
		for f in tests/parse/*.txt samples/*/*/bonnie.txt; do
			"$b/benchsite" parse --format csv "$f" >"$tmp/csv" 2>/dev/null
			[ -s "$tmp/csv" ] || continue
			rows=$(wc -l <"$tmp/csv")
			if bon_csv2html "$tmp/csv" >"$tmp/html" 2>"$tmp/csverr" &&
			    [ ! -s "$tmp/csverr" ] &&
			    [ "$(grep -o 'class="rowheader"' "$tmp/html" | wc -l)" -ge "$rows" ]; then
				ok
			else
				bad "bon_csv2html rejects parse --format csv of $f"
				head -3 "$tmp/csverr"
			fi
		done
	else
		bad "bon_csv2html not installed (run 'make deps')"
	fi
}

# The lanes run at once, as many as there are processors and one more,
# each with its own counts, temporary directory and cache: a build's
# goldens, each test script, the first build's own tests. Their logs are
# shown in order when all are done.
max_lanes=$(($(nproc 2>/dev/null || echo 1) + 1))
lanes= started=0
lane() {
	name=$1
	shift
	mkdir "$tmp/$name" || exit 4
	while [ $((started - $(ls "$tmp" | grep -c '\.done$'))) -ge \
	    "$max_lanes" ]; do
		sleep 1
	done
	(
		XDG_CACHE_HOME=$tmp/$name/cache
		tmp=$tmp/$name pass=0 fail=0
		"$@"
		echo "$pass $fail" >"$tmp/counts"
		: >"$tmp.done"
	) >"$tmp/$name.log" 2>&1 &
	lanes="$lanes $name" started=$((started + 1))
}

for b in "$@"; do
	script_lanes "$b"
	lane "goldens-${b##*/}" golden_tests "$b"
	lane "verdicts-${b##*/}" verdict_tests "$b"
done
lane first first_tests "$first"
wait
for name in $lanes; do
	if [ -s "$tmp/$name.log" ]; then
		echo "== $name"
		cat "$tmp/$name.log"
	fi
	if read -r p f <"$tmp/$name/counts"; then
		pass=$((pass + p)) fail=$((fail + f))
	else
		bad "the $name tests stopped before their end"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
