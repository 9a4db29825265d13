#!/bin/sh
# Scale tests for one build directory, on trees made by
# tests/bench/genruns.sh: output the same with any number of rendering
# processes; an incremental build equal to a full one after a run is
# added, changed or removed, and keeping what did not change; the shape
# of a large site (no chart over 60 bars, no page over 1 MB, the latest
# run of each series on the index, long series paged, every link
# resolving). Prints "ok NAME" / "FAIL: NAME" lines for tests/run.sh.

b=$1
tmp=$2
cd "$(dirname "$0")/.." || exit 4
. tests/site-lib.sh

gen() { sh tests/bench/genruns.sh "$@" >/dev/null || say_bad "genruns.sh $*"; }
same() {	# NAME DIR DIR
	if diff -r "$2" "$3" >"$tmp/scale.diff" 2>&1; then say_ok "$1"; else
		say_bad "$1: $(head -3 "$tmp/scale.diff" | tr '\n' ' ')"; fi
}

# ---- any -j: the same bytes, the same messages ----
for j in 1 3; do
	rm -rf "$tmp/par-$j"
	run "$b/benchsite" build -q -j "$j" -o "$tmp/par-$j" samples \
		2>"$tmp/par-$j.err"
	echo "exit $?" >>"$tmp/par-$j.err"
done
same "-j 3 gives the site of -j 1" "$tmp/par-1" "$tmp/par-3"
if cmp -s "$tmp/par-1.err" "$tmp/par-3.err"; then say_ok "-j 3 says what -j 1 says"
else say_bad "-j 3 messages differ from -j 1"; fi

# ---- incremental builds: equal to a full build, keeping the rest ----
# 2 hosts: two series of 61 runs (paged) and the 7 reference runs.
runs=$tmp/inc-runs site=$tmp/inc-site
rm -rf "$runs" "$site" "$tmp/.inc-site.prev" "$tmp/inc-full"
gen -H 2 129 "$runs"
run "$b/benchsite" build -q -o "$site" "$runs" 2>/dev/null
# A run page no new run touches: its file is kept (linked), not redone.
keep=$(ls "$site/runs" | grep -m 1 '^db01--.*\.html$')
inode=$(stat -c %i "$site/runs/$keep" 2>/dev/null)
# And a compare page of two such runs.
pair=$(ls "$site/compare" | grep -m 1 '^db01--.*~db01--.*\.html$')
pair_inode=$(stat -c %i "$site/compare/$pair" 2>/dev/null)
# The manifest lists every file of the site, and only those: the names
# of the jobs' files are read back from the job log, kept or made.
listed() {	# NAME SITE
	(cd "$2" && find . -type f ! -name .benchsite-manifest | sed 's|^\./||' |
		LC_ALL=C sort) >"$tmp/scale.files"
	if cmp -s "$tmp/scale.files" "$2/.benchsite-manifest"; then
		say_ok "the manifest lists the site's files: $1"
	else
		say_bad "the manifest of $1 is not the site's files"
	fi
}
step() {	# NAME: build incrementally, then compare with a full build
	run "$b/benchsite" build -q -o "$site" "$runs" 2>"$tmp/inc.err"
	st=$?
	rm -rf "$tmp/inc-full"
	"$b/benchsite" build -q --full -o "$tmp/inc-full" "$runs" 2>"$tmp/full.err"
	[ $st -eq $? ] || say_bad "incremental, $1: exit $st"
	same "incremental equals full: $1" "$site" "$tmp/inc-full"
	listed "$1" "$site"
}
gen -H 2 -f 129 130 "$runs"
step "a run added"
if [ -n "$inode" ] && [ "$(stat -c %i "$site/runs/$keep")" = "$inode" ]; then
	say_ok "incremental keeps an unchanged run's page"
else
	say_bad "incremental rendered $keep again"
fi
if [ -n "$pair_inode" ] && [ "$(stat -c %i "$site/compare/$pair")" = "$pair_inode" ]; then
	say_ok "incremental keeps an unchanged compare page"
else
	say_bad "incremental rendered compare/$pair again"
fi
[ -f "$tmp/.inc-site.prev/index.html" ] && say_ok "the replaced site is kept beside as .SITE.prev" ||
	say_bad "no .inc-site.prev after an incremental build"
# The next build starts from that previous site: a page it already holds
# stays where it is. (SITE's copy is made another file first, so that a
# link from SITE would show.)
cp "$site/runs/$keep" "$tmp/keep" && mv "$tmp/keep" "$site/runs/$keep"
inode=$(stat -c %i "$tmp/.inc-site.prev/runs/$keep" 2>/dev/null)
new=$(sh tests/bench/genruns.sh -l -H 2 -f 129 130 "$runs")
echo "kernel 9.9.9-test" >>"$new/meta"
step "a run's meta changed"
if [ -n "$inode" ] && [ "$(stat -c %i "$site/runs/$keep")" = "$inode" ]; then
	say_ok "an unchanged page of the previous site is kept in place"
else
	say_bad "$keep of the previous site was not kept in place"
fi
# Under valgrind (CI's time), the steps that take the paths the ones
# above and below take; the AddressSanitizer build runs them all.
printf '# Note\n\nAdded later.\n' >"$new/notes.md"
[ -z "$VALGRIND" ] && step "notes added"
rm -rf "$new"
step "the newest run removed"
if [ -z "$VALGRIND" ]; then
	victim=$(sh tests/bench/genruns.sh -l -H 2 -f 40 41 "$runs")
	rm -rf "$victim"
	step "a run in the middle removed"
	# An older run's meta edited: the "by KEY" pages show the latest run
	# of each series per value, so none is made again (each is the file
	# of SITE or of the previous site, kept or linked).
	older=$(sh tests/bench/genruns.sh -l -H 2 -f 10 11 "$runs")
	echo "# checked again" >>"$older/meta"
	keys=$(ls "$site/compare" | grep -v '~' | grep '\.html$')
	before=$(for k in $keys; do
		echo "$k $(stat -c %i "$site/compare/$k" \
		    "$tmp/.inc-site.prev/compare/$k" 2>/dev/null | tr '\n' ' ')"; done)
	step "an older run's meta edited"
	remade=$(echo "$before" | while read -r k was; do
		case " $was " in
		*" $(stat -c %i "$site/compare/$k") "*) ;;
		*) echo "$k" ;;
		esac
	done)
	[ -n "$keys" ] && [ -z "$remade" ] &&
		say_ok "an older run's edit makes no \"by KEY\" page again" ||
		say_bad "an older run's edit made again: $remade" "(of $keys)"
	# An older run's label: the metric charts show the latest run of
	# each series, so each SVG chart is kept with its page's job (the
	# file of SITE or of the previous site, linked), not drawn again.
	# Told by the time it was written, to the nanosecond: a file drawn
	# again may take the inode number its old copy freed.
	echo "label: relabelled" >>"$older/meta"
	charts=$(ls "$site/charts" | grep '\.svg$')
	before=$(for c in $charts; do
		echo "$c $(stat -c %Y.%y "$site/charts/$c" \
		    "$tmp/.inc-site.prev/charts/$c" 2>/dev/null | tr ' \n' '_ ')"
		done)
	step "an older run's label added"
	redrawn=$(echo "$before" | while read -r c was; do
		case " $was " in
		*" $(stat -c %Y.%y "$site/charts/$c" | tr ' ' _) "*) ;;
		*) echo "$c" ;;
		esac
	done)
	[ -n "$charts" ] && [ -z "$redrawn" ] &&
		say_ok "an older run's edit draws no metric chart again" ||
		say_bad "an older run's edit drew again: $redrawn" "(of $charts)"
	# A run's page links the run its meta names as baseline, once it exists.
	early=$(sh tests/bench/genruns.sh -l -H 2 -f 20 21 "$runs")
	echo "baseline: extra/copy" >>"$early/meta"
	step "a baseline naming no run yet"
	mkdir -p "$runs/extra" && cp -r "$(sh tests/bench/genruns.sh -l -H 2 -f 30 31 "$runs")" "$runs/extra/copy"
	step "the named baseline appears"
	# Other fonts (the bold face standing in for the book one): every chart
	# is drawn again.
	rm -rf "$tmp/fonts" && mkdir -p "$tmp/fonts"
	for f in DejaVuSans.ttf DejaVuSans-Bold.ttf; do
		cp /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$tmp/fonts/$f"
	done
	run "$b/benchsite" build -q --fonts "$tmp/fonts" -o "$site" "$runs" 2>/dev/null
	rm -rf "$tmp/inc-full"
	"$b/benchsite" build -q --full --fonts "$tmp/fonts" -o "$tmp/inc-full" "$runs" 2>/dev/null
	same "incremental equals full: other fonts" "$site" "$tmp/inc-full"
fi
# A template changed: every page is done again (BENCHSITE_DATA).
rm -rf "$tmp/data" && mkdir -p "$tmp/data" && cp -r templates assets "$tmp/data/"
sed -i 's|<footer data-fill="footer">|<footer class="changed" data-fill="footer">|' \
	"$tmp/data/templates/layout.html"
BENCHSITE_DATA=$tmp/data run "$b/benchsite" build -q -o "$site" "$runs" 2>/dev/null
rm -rf "$tmp/inc-full"
BENCHSITE_DATA=$tmp/data "$b/benchsite" build -q --full -o "$tmp/inc-full" "$runs" 2>/dev/null
same "incremental equals full: a template changed" "$site" "$tmp/inc-full"
grep -q 'class="changed"' "$site/runs/$keep" && say_ok "a changed template reaches every page" ||
	say_bad "a changed template did not reach $keep"
# Job logs made with other templates are of no use: after the change,
# the previous site's (the first templates) goes and the old site's
# serves; changed back, neither serves; changed again, the previous
# site's serves (read although the old site's was read first), and its
# pages stay in place.
if [ -z "$VALGRIND" ]; then
	edited=$(sh tests/bench/genruns.sh -l -H 2 -f 50 51 "$runs")
	export BENCHSITE_DATA="$tmp/data"
	echo "firmware: 9.9.8-test" >>"$edited/meta"
	step "a meta changed after a template change"
	unset BENCHSITE_DATA
	step "the template changed back"
	export BENCHSITE_DATA="$tmp/data"
	inode=$(stat -c %i "$tmp/.inc-site.prev/runs/$keep" 2>/dev/null)
	step "the template changed again"
	if [ -n "$inode" ] && [ "$(stat -c %i "$site/runs/$keep")" = "$inode" ]; then
		say_ok "the previous site's log serves when only it was made alike"
	else
		say_bad "$keep was not kept from the previous site made alike"
	fi
	unset BENCHSITE_DATA
fi

# ---- the loader's cache beside SITE (.SITE.cache) ----
# The samples (whose reading gives messages) and generated runs, their
# files older than the cache's window for files just written.
cruns=$tmp/cache-runs csite=$tmp/cache-site
rm -rf "$cruns" "$csite" "$tmp/.cache-site".* "$tmp/cache-full"
cp -r samples "$cruns" && gen -H 2 -f 0 12 "$cruns"
find "$cruns" -exec touch -d '2 hours ago' {} +
full() {	# NAME: a build from the cache equals one reading every file
	run "$b/benchsite" build -q -o "$csite" "$cruns" 2>"$tmp/cache.err"
	st=$?
	rm -rf "$tmp/cache-full" "$tmp/.cache-full".*
	"$b/benchsite" build -q -o "$tmp/cache-full" "$cruns" 2>"$tmp/cache-full.err"
	[ $st -eq $? ] || say_bad "cache, $1: exit $st"
	same "cache: the site of a full reading: $1" "$csite" "$tmp/cache-full"
	if cmp -s "$tmp/cache.err" "$tmp/cache-full.err"; then say_ok "cache: the same messages: $1"
	else say_bad "cache: messages differ: $1: $(diff "$tmp/cache.err" "$tmp/cache-full.err" | head -3 | tr '\n' ' ')"; fi
}
run "$b/benchsite" build -q -o "$csite" "$cruns" 2>/dev/null
[ -s "$tmp/.cache-site.cache" ] && say_ok "cache: written beside SITE" ||
	say_bad "cache: no .cache-site.cache"
full "unchanged"
grep -q 'spacing lost' "$tmp/cache.err" && say_ok "cache: a cached run's messages are said again" ||
	say_bad "cache: a cached run's messages are lost"
# Taken from the cache, a run's files are not even opened.
if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=open,openat -o "$tmp/cache.trace" "$b/benchsite" build -q \
		-o "$csite" "$cruns" 2>/dev/null
	opened=$(grep -c 'bonnie\.\(txt\|csv\)"' "$tmp/cache.trace")
	[ "$opened" -eq 0 ] && say_ok "cache: no unchanged run's result is opened" ||
		say_bad "cache: $opened results opened again"
else
	say_bad "cache: strace is missing (make deps)"
fi
# A result changed in place, its size and time put back: the inode's
# change time still tells.
victim=$cruns/marvell-sata/4port-single-disk/bonnie.txt
printf '9' | dd of="$victim" bs=1 seek="$(grep -bo '[0-9][0-9][0-9][0-9][0-9]' "$victim" |
	head -1 | cut -d: -f1)" conv=notrunc 2>/dev/null
touch -d '2 hours ago' "$victim"
full "a result changed in place, size and time kept"
[ "$(grep -c . "$tmp/cache.err")" -gt 0 ] || say_bad "cache: the samples gave no message"
# A file added to a run, a run removed.
echo "notes" >"$cruns/marvell-sata/4port-single-disk/extra.txt"
rm -rf "$cruns/martello-sx8/raid5-lvm-ext3"
find "$cruns" -exec touch -d '2 hours ago' {} +
full "a file added, a run removed"
# A damaged cache, and one made for other runs, are not used.
head -c 3000 "$tmp/.cache-site.cache" >"$tmp/cache.cut" && cp "$tmp/cache.cut" "$tmp/.cache-site.cache"
full "a cut cache"
tr '0-9' '1-90' <"$tmp/.cache-site.cache" >"$tmp/cache.cut" && cp "$tmp/cache.cut" "$tmp/.cache-site.cache"
full "a garbled cache"
rm -rf "$tmp/other-runs" && cp -r "$cruns" "$tmp/other-runs" && echo "kernel 0.0-other" >> \
	"$tmp/other-runs/marvell-sata/4port-single-disk/meta"
find "$tmp/other-runs" -exec touch -d '2 hours ago' {} +
"$b/benchsite" build -q -o "$csite" "$tmp/other-runs" 2>/dev/null
full "a cache of other runs"
# --full reads every file again (without strace, said above).
if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=open,openat -o "$tmp/cache.trace" "$b/benchsite" build \
		-q --full -o "$csite" "$cruns" 2>/dev/null
	opened=$(grep -c 'bonnie\.\(txt\|csv\)"' "$tmp/cache.trace")
	[ "$opened" -gt 10 ] && say_ok "cache: --full reads every result" ||
		say_bad "cache: --full opened $opened results"
fi
rm -rf "$cruns" "$tmp/other-runs" "$tmp/cache-full" "$tmp"/.cache-*

[ -n "$VALGRIND" ] && exit 0

# A doctored record never brings a file from outside the site in (built
# first with the default templates, so that the record would be used).
"$b/benchsite" build -q -o "$site" "$runs" 2>/dev/null
rm -rf "$tmp/secret" && mkdir -p "$tmp/secret" && echo private >"$tmp/secret/key"
ln -s "$tmp/secret" "$site/runs/evil"
echo "runs/evil" >>"$site/.benchsite-manifest"
line=$(grep -m 1 '^run:' "$site/.benchsite-jobs")
{ grep -vxF "$line" "$site/.benchsite-jobs"; printf '%s\truns/evil/key\n' "$line"; } >"$tmp/jobs"
cp "$tmp/jobs" "$site/.benchsite-jobs"
"$b/benchsite" build -q -o "$site" "$runs" 2>/dev/null
if grep -rqs private "$site"; then say_bad "a doctored record brought a file in"
else say_ok "a doctored record brings nothing in"; fi
[ -f "$tmp/secret/key" ] && say_ok "a link in the old site is not followed when it goes" ||
	say_bad "removing the old site deleted a file outside it"
# That old site is now the previous one, link and all: never built on,
# left alone, and said.
"$b/benchsite" build -q -o "$site" "$runs" 2>"$tmp/prev.err"
st=$?
if [ $st -eq 0 ] && grep -q 'inc-site.prev: holds runs/evil, .*not used' "$tmp/prev.err" &&
    [ -L "$tmp/.inc-site.prev/runs/evil" ] && ! grep -rqs private "$site"; then
	say_ok "a previous site holding a link is not built on"
else
	say_bad "a previous site holding a link: exit $st, $(head -1 "$tmp/prev.err")"
fi
# A build that finds nothing to do says so too: the previous site is
# checked by a thread while the runs are read, not after.
sleep 3
"$b/benchsite" build -q -o "$site" "$runs" 2>/dev/null
ls -iR "$site" >"$tmp/prev.before"
"$b/benchsite" build -q -o "$site" "$runs" 2>"$tmp/prev.err"
st=$?
ls -iR "$site" >"$tmp/prev.after"
if [ $st -eq 0 ] && cmp -s "$tmp/prev.before" "$tmp/prev.after" &&
    grep -q 'inc-site.prev: holds runs/evil, .*not used' "$tmp/prev.err"; then
	say_ok "a build with nothing to do says the previous site is not built on"
else
	say_bad "a build with nothing to do: exit $st, $(head -1 "$tmp/prev.err")"
fi
rm -rf "$tmp/.inc-site.prev"

# Any -j on a large site, paged: the same bytes.
rm -rf "$tmp/par-big-1" "$tmp/par-big-3"
"$b/benchsite" build -q -j 1 -o "$tmp/par-big-1" "$runs" 2>"$tmp/par-big-1.err"
"$b/benchsite" build -q -j 3 -o "$tmp/par-big-3" "$runs" 2>"$tmp/par-big-3.err"
same "-j 3 gives the large site of -j 1" "$tmp/par-big-1" "$tmp/par-big-3"
cmp -s "$tmp/par-big-1.err" "$tmp/par-big-3.err" && say_ok "-j 3 says what -j 1 says (large)" ||
	say_bad "-j 3 messages differ (large)"

# ---- a large site's shape ----
check_shape() {	# NAME SITE
	big=$(find "$2" -type f \( -name '*.html' -o -name '*.svg' \) -size +1000k | head -3)
	[ -z "$big" ] && say_ok "$1: no page or SVG over 1 MB" || say_bad "$1: over 1 MB: $big"
	bars=$(grep -oh 'bar chart of [0-9]* run' "$2"/charts/*.svg $(find "$2" -name '*.html') |
		awk '{ if ($4 > m) m = $4 } END { print m + 0 }')
	[ "$bars" -le 60 ] && [ "$bars" -gt 0 ] && say_ok "$1: at most 60 bars a chart ($bars)" ||
		say_bad "$1: a chart of $bars bars"
}
# Paged series: the tree above, rebuilt in full.
check_shape "2 hosts" "$tmp/inc-full"
# A cause of many runs (here 45) names its first 20 on the index and
# counts the others.
over=$(xmllint --html --xpath 'count(//span[@class = "sub"][count(a) > 20])' \
	"$tmp/inc-full/index.html" 2>/dev/null)
counted=$(xmllint --html --xpath 'count(//span[@class = "sub"][count(a) = 20]
	[contains(., " more.")])' "$tmp/inc-full/index.html" 2>/dev/null)
[ "$over" = 0 ] && [ "$counted" -ge 1 ] &&
	say_ok "index: a cause names 20 runs and counts the others" ||
	say_bad "index: $over causes name over 20 runs, $counted count the rest"
pages=$(ls "$tmp/inc-full/series" | grep -c '\.p[0-9]*\.html$')
[ "$pages" -ge 1 ] && say_ok "long series are paged ($pages older pages)" ||
	say_bad "long series not paged: $pages pages"
check_site "paged site" "$tmp/inc-full"
# A run with more samples than a page lists (a CSV history): its page
# links pages of 500 samples, each well-formed, none over 1 MB.
rm -rf "$tmp/hist-runs" "$tmp/hist"
mkdir -p "$tmp/hist-runs/stor01/history"
sh tests/bench/genruns.sh -H 1 -c 1200 >"$tmp/hist-runs/stor01/history/bonnie.csv"
"$b/benchsite" build -q -o "$tmp/hist" "$tmp/hist-runs" 2>/dev/null
pages=$(ls "$tmp/hist/runs" | grep -c '^stor01--history@samples-[0-9]*\.html$')
links=$(grep -o 'href="stor01--history@samples-[0-9]*\.html"' \
	"$tmp/hist/runs/stor01--history.html" | sort -u | wc -l)
[ "$pages" = 3 ] && [ "$links" = 3 ] && say_ok "1200 samples: 3 sample pages, linked" ||
	say_bad "1200 samples: $pages sample pages, $links links"
check_shape "1200 samples" "$tmp/hist"
check_site "sample pages" "$tmp/hist"
# More series than a chart holds: 70 hosts.
rm -rf "$tmp/wide-runs" "$tmp/wide"
gen -H 70 150 "$tmp/wide-runs"
"$b/benchsite" build -q -o "$tmp/wide" "$tmp/wide-runs" 2>/dev/null
check_shape "70 hosts" "$tmp/wide"
series=$(xmllint --html --xpath 'count(//tbody[1]/tr)' "$tmp/wide/index.html" 2>/dev/null)
# Each host is one series, and so is each reference run.
[ "$series" -ge 70 ] && [ "$series" -lt 150 ] &&
	say_ok "index: the latest run of each series ($series rows)" ||
	say_bad "index rows: $series for 70 hosts"
grep -q '60 of [0-9]* series' "$tmp/wide/metrics/put_block.html" &&
	say_ok "a metric chart says which 60 series it shows" ||
	say_bad "metric chart: no note of the series left out"
