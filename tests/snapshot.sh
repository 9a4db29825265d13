#!/bin/sh
# Every output benchsite makes of the samples and the test inputs, as one
# list of SHA-256 sums: the sites (whole, every file), the single-file
# report, "check" in every format with its attachments, "parse" as JSON
# and CSV, "dump" and "import", each with its messages and exit status.
# A change of layout inside the program must leave this list as it is
# (tests/snapshot.sums); a change of output updates it on purpose:
#   sh tests/snapshot.sh BUILD_DIR           compare with tests/snapshot.sums
#   UPDATE=1 sh tests/snapshot.sh BUILD_DIR  rewrite it
#   KEEP=DIR sh tests/snapshot.sh BUILD_DIR  keep the outputs in DIR, to
#                                            diff -r two builds' outputs
# Prints "ok NAME" / "FAIL: NAME" lines that tests/run.sh counts.
# The sites' hidden record of jobs and the loader's cache beside them are
# left out: they hold the program's own fingerprint, which every rebuild
# of benchsite changes; so is the record of the sites' sealed directories
# (their inodes and a time).

b=$1
cd "$(dirname "$0")/.." || exit 4
[ -x "$b/benchsite" ] || { echo "usage: sh tests/snapshot.sh BUILD_DIR" >&2
	exit 4; }
top=$(pwd)
if [ -n "$KEEP" ]; then
	out=$KEEP
	rm -rf "$out" && mkdir -p "$out" || exit 4
else
	out=$(mktemp -d) || exit 4
	trap 'rm -rf "$out"' EXIT
fi
bin=$top/$b/benchsite

# snap NAME CMD...: runs CMD in the repository with SOURCE_DATE_EPOCH
# fixed, keeping its stdout as NAME.out and its stderr and status as
# NAME.err.
snap() {
	name=$1
	shift
	(cd "$top" && SOURCE_DATE_EPOCH=1700000000 "$@") \
		>"$out/$name.out" 2>"$out/$name.err"
	echo "exit $?" >>"$out/$name.err"
}

flat() { echo "$1" | tr / _; }

for runs in samples tests/site/*/input tests/analysis/*/input; do
	n=$(flat "$runs")
	snap "build-$n" "$bin" build -q -j 1 -o "$out/site-$n" "$runs"
	rm -f "$out/site-$n/.benchsite-jobs" "$out/.site-$n.cache" \
		"$out/.site-$n.dirs"
	snap "single-$n" "$bin" build -q --single-file "$out/single-$n.html" \
		"$runs"
	for f in text json mail eml markdown junit; do
		snap "check-$f-$n" "$bin" check --format "$f" "$runs"
	done
	snap "check-mail-utf8-$n" "$bin" check --format mail --utf8 "$runs"
	snap "check-attach-$n" "$bin" check --format mail \
		--attach "$out/attach-$n" "$runs"
	snap "dump-$n" "$bin" dump "$runs"
done
for d in tests/runs/*/input; do
	snap "dump-$(flat "$d")" "$bin" dump "$d"
done
for f in tests/parse/*.txt samples/*/*/bonnie.txt; do
	snap "parse-json-$(flat "$f")" "$bin" parse "$f"
	snap "parse-csv-$(flat "$f")" "$bin" parse --format csv "$f"
done
for f in tests/import/*.txt; do
	n=$(flat "$f")
	snap "import-$n" "$bin" import -o "$out/import-$n" "$f"
done

# Messages and reports name the output directory: make them say OUT.
for e in "$out"/*.err "$out"/*.out; do
	sed "s|$out|OUT|g" "$e" >"$e.tmp" && mv "$e.tmp" "$e"
done
(cd "$out" && find . -type f ! -name '*.tmp' | LC_ALL=C sort |
	xargs -d '\n' sha256sum) >"$out.sums"
[ -n "$UPDATE" ] && cp "$out.sums" tests/snapshot.sums
if cmp -s "$out.sums" tests/snapshot.sums; then
	echo "ok snapshot: every output as recorded"
else
	echo "FAIL: snapshot: outputs differ from tests/snapshot.sums"
	diff tests/snapshot.sums "$out.sums" | head -20
fi
rm -f "$out.sums"
