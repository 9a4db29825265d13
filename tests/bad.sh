#!/bin/sh
# The bad-input catalogue for one build directory. Each case
# tests/bad/NN-NAME/ is a RUNS tree: input/ as kept in git, plus what its
# script gen makes at run time (what git cannot or should not hold: a
# 50 MB line, 100 000 files, NUL bytes, FIFOs, links, names that are not
# UTF-8), plus the good run tests/bad/good/. It is built from TMP with
# "benchsite build -q -o site [ARGS] input" (ARGS from the case's args
# file): stderr and the exit status must equal expect.err, the good run
# must have its page (or, for a case with a "refused" file, nothing may
# be written), no page may carry markup from the input, and nothing from
# outside RUNS may be copied in. Prints "ok NAME" / "FAIL: NAME" lines
# that tests/run.sh counts. UPDATE=1 rewrites expect.err; VALGRIND=1 runs
# benchsite under valgrind but for the cases with a "big" file (they
# test time and memory limits, which valgrind would only slow down).

b=$1
tmp=${2:-}
cd "$(dirname "$0")/.." || exit 4
top=$(pwd)
[ -n "$b" ] && [ -x "$b/benchsite" ] || {
	echo "usage: sh tests/bad.sh BUILD_DIR [TMP_DIR]" >&2
	exit 4
}
case $b in /*) ;; *) b=$top/$b ;; esac
own= shm=
trap '[ -z "$own" ] || rm -rf "$own"; [ -z "$shm" ] || rm -rf "$shm"' EXIT
if [ -z "$tmp" ]; then
	tmp=$(mktemp -d) && own=$tmp || exit 4
fi
tmp=$tmp/bad
rm -rf "$tmp" && mkdir -p "$tmp/outside" || exit 4
# The cases are built where files are cheap: 100 000 of them take 20 s
# on a disk, 1 s in memory. Messages name paths relative to the case.
work=$tmp
if [ -d /dev/shm ] && [ -w /dev/shm ] &&
    shm=$(mktemp -d /dev/shm/benchsite-bad.XXXXXX 2>/dev/null); then
	work=$shm
fi
# What a link out of RUNS points to: it must never reach the site.
echo "SECRET-OUTSIDE-RUNS" >"$tmp/outside/secret.txt"
export OUTSIDE="$tmp/outside"

say_ok() { echo "ok $*"; }
say_bad() { echo "FAIL: $*"; }

run() {
	if [ -n "$VALGRIND" ] && [ ! -f "$case/big" ]; then
		valgrind -q --error-exitcode=99 --leak-check=full \
			--suppressions="$top/tests/valgrind.supp" \
			--errors-for-leak-kinds=definite,indirect,possible "$@"
	else
		"$@"
	fi
}

# Pages with markup from the input: script, frames, event handlers,
# javascript: or data: links (the XPath of tests/site.sh). Every .html
# in the site counts: a run's own .html file is copied as NAME.html.txt.
active_markup() {
	find "$1" -name '*.html' -print |
	while read -r page; do
		n=$(xmllint --html --xpath 'count(//script[node() or
		    not(@src = "assets/sort.js" or
		    @src = "../assets/sort.js")] | //iframe |
		    //@onerror | //@onload | //@onclick | //@onmouseover |
		    //img[@src="x"] | //*[starts-with(translate(@href,
		    "JAVSCRIPT", "javscript"), "javascript:") or
		    starts-with(@href, "data:") or starts-with(@src, "data:") or
		    starts-with(@src, "http")] | //section[@class = "notes"]//*[
		    contains(@href, "%2e") or contains(@href, "..") or
		    starts-with(@href, "/")])' "$page" 2>/dev/null)
		[ "$n" = 0 ] || echo "$page: $n"
	done
}

# Pages that are not UTF-8, or whose links and images (but for the
# notes', which are the user's) do not resolve inside the site.
broken_pages() {
	find "$1" -name '*.html' -print |
	while read -r page; do
		iconv -f UTF-8 -t UTF-8 "$page" >/dev/null 2>&1 ||
			echo "$page: not UTF-8"
		dir=$(dirname "$page")
		xmllint --html --xpath '//@href[not(ancestor::section[@class =
		    "notes"])] | //@src' "$page" 2>/dev/null | tr ' ' '\n' |
		sed -n 's/^\(href\|src\)="\([^"#]*\).*"$/\2/p' |
		while read -r url; do
			case $url in
			''|http://*|https://*|mailto:*) ;;
			*:*) echo "$page: scheme $url" ;;
			*) [ -e "$dir/$url" ] || echo "$page: missing $url" ;;
			esac
		done
	done
}

for case in tests/bad/[0-9]*/; do
	case=${case%/}
	name=${case#tests/bad/}
	w=$work/$name
	mkdir -p "$w/input" || exit 4
	[ -d "$case/input" ] && cp -R "$case/input/." "$w/input/"
	[ -f "$case/refused" ] || cp -R tests/bad/good "$w/input/good"
	if [ -f "$case/gen" ] &&
	    ! (cd "$w/input" && sh "$top/$case/gen") >"$w/gen.log" 2>&1; then
		say_bad "$name: gen: $(head -3 "$w/gen.log")"
		continue
	fi
	args=$(cat "$case/args" 2>/dev/null)
	# shellcheck disable=SC2086 # args are words
	(cd "$w" && run "$b/benchsite" build -q -o site $args input) \
		>"$w/out" 2>"$w/err"
	echo "exit $?" >>"$w/err"
	[ -n "$UPDATE" ] && cp "$w/err" "$case/expect.err"
	if cmp -s "$w/err" "$case/expect.err"; then
		say_ok "$name: stderr and exit status"
	else
		say_bad "$name: stderr and exit status"
		diff -u "$case/expect.err" "$w/err" | head -12
	fi
	if [ -f "$case/refused" ]; then
		if [ -z "$(find "$w" -name index.html)" ]; then
			say_ok "$name: nothing written"
		else
			say_bad "$name: a site was written"
		fi
	elif [ -f "$w/site/runs/good.html" ]; then
		say_ok "$name: the good run renders"
	else
		say_bad "$name: the good run has no page"
	fi
	if [ -d "$w/site" ]; then
		bad=$(active_markup "$w/site")
		[ -z "$bad" ] && say_ok "$name: no markup from input" ||
			say_bad "$name: active markup: $bad"
		bad=$(broken_pages "$w/site" | head -3)
		[ -z "$bad" ] && say_ok "$name: pages UTF-8, links resolve" ||
			say_bad "$name: $bad"
		if grep -rq SECRET-OUTSIDE-RUNS "$w/site"; then
			say_bad "$name: a file from outside RUNS is in the site"
		else
			say_ok "$name: nothing from outside RUNS"
		fi
	fi
	rm -rf "$w"
done

# import splits a big post in linear time: copies of the import
# fixtures (4 MB, and 2 000 configurations) took minutes when every
# configuration looked through every guess of the post. Each result is
# imported once: the copies after the first are skipped as copies, so
# the big post gives the runs of one copy, and of 2 000 tables of
# results of their own.
if [ -z "$VALGRIND" ]; then
	# a quoted-printable mail pasted after other text is encoded no
	# longer as a whole: the fixtures of plain text only
	plain=$(grep -Li '^Content-Transfer-Encoding: quoted-printable' \
	    tests/import/*.txt)
	cat $plain >"$work/one-post.txt"
	"$b/benchsite" import -o "$work/imported-one" "$work/one-post.txt" \
		>"$work/imported.out" 2>/dev/null
	want=$(wc -l <"$work/imported.out")
	# copies of the fixtures to about 4 MB, however many there are
	copies=$((4194304 / $(wc -c <"$work/one-post.txt") + 1))
	i=0
	{ while [ $i -lt $copies ]; do cat $plain; i=$((i + 1)); done
	awk 'BEGIN { for (i = 1; i <= 2000; i++) {
		printf "Run %d on the spare box, 2 disks:\n\n", i
		print "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-"
		print "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--"
		print "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP"
		printf "%-16s 2G %5d  71 57221  23 24410   9 30118  66 91442  13 377.7   1\n\n",
		    "spare" i, 10000 + i } }'; } >"$work/big-post.txt"
	# 10 s of CPU, 24 s under AddressSanitizer, more on a busy machine; the
	# quadratic split took minutes
	timeout 120 "$b/benchsite" import -o "$work/imported" \
		"$work/big-post.txt" >"$work/imported.out" 2>/dev/null
	status=$?
	n=$(wc -l <"$work/imported.out")
	if [ $status -eq 0 ] && [ "$want" -gt 20 ] && [ "$n" -eq $((want + 2000)) ]; then
		say_ok "import of a 4 MB post"
	else
		say_bad "import of a 4 MB post: exit $status, $n runs, not $((want + 2000))"
	fi
	rm -rf "$work/imported-one" "$work/one-post.txt"
	rm -rf "$work/imported" "$work/big-post.txt"
fi

# The reader merges 100 000 results of one file in time: quoted ones are
# compared only with what they may quote, and the comparisons are
# bounded (each compared with every other, alike but for their last
# figure, took minutes).
if [ -z "$VALGRIND" ]; then
	awk 'BEGIN { l = "hostB,1G,192959,99,854088,57,1323004,52,248188,99," \
		"+++++,+++,+++++,+++,4,6047,40,+++++,+++,+++++,+++,6716,41," \
		"+++++,+++,+++++,+++"
		q = l; sub(/6716/, "6000", q)
		for (i = 0; i < 50000; i++) print l "\n> " q }' >"$work/many.csv"
	timeout 60 "$b/benchsite" parse --format csv "$work/many.csv" \
		>"$work/many.out" 2>"$work/many.err"
	status=$?
	n=$(wc -l <"$work/many.out")
	if [ $status -eq 0 ] && [ "$n" -eq 100000 ]; then
		say_ok "parse of 100 000 results"
	else
		say_bad "parse of 100 000 results: exit $status, $n results"
		head -3 "$work/many.err"
	fi
	rm -f "$work/many.csv" "$work/many.out" "$work/many.err"
fi
