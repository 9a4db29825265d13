#!/bin/sh
# Site tests for one build directory: golden pages of a small runs tree,
# hostile metadata and notes shown as text only, every page well-formed
# with every link and image resolving inside the site, and (BROWSER=1)
# every page of the samples' site loaded in headless Chromium without a
# missing image or a console error. Prints "ok NAME" / "FAIL: NAME" lines
# that tests/run.sh counts. UPDATE=1 rewrites the golden pages.

b=$1
tmp=$2
cd "$(dirname "$0")/.." || exit 4

. tests/site-lib.sh

# The page without its inline charts, which belong to the chart tests
# (tests/charts, tests/unit/test_chart.c); a page's two layouts of a
# chart follow each other on one line.
normalise() {
	sed 's/<\/svg><svg /<\/svg>\n<svg /g' "$1" |
	awk '/<svg /{ sub(/<svg .*/, "<svg>[chart]"); print; skip = 1; next }
	     skip && /<\/svg>/{ sub(/.*<\/svg>/, "</svg>"); print; skip = 0; next }
	     !skip'
}


site=$tmp/small
rm -rf "$site"
run "$b/benchsite" build -q -o "$site" tests/site/small/input \
	2>"$tmp/small.err"
echo "exit $?" >>"$tmp/small.err"
mkdir -p tests/site/small/expect
for page in index.html runs/ctl-a--raid0-4.html runs/vm--x3.html \
    runs/vm--f.html metrics/put_block.html metrics/seq_stat.html \
    'compare/ctl-a--one-disk~ctl-a--raid0-4.html'; do
	g=tests/site/small/expect/$(echo "$page" | tr / _)
	normalise "$site/$page" >"$tmp/page"
	[ -n "$UPDATE" ] && cp "$tmp/page" "$g"
	if cmp -s "$tmp/page" "$g"; then say_ok "small $page"; else
		say_bad "small $page"; diff -u "$g" "$tmp/page" | head -20; fi
done
[ -n "$UPDATE" ] && cp "$tmp/small.err" tests/site/small/expect.err
if cmp -s "$tmp/small.err" tests/site/small/expect.err; then
	say_ok "small stderr"
else
	say_bad "small stderr"; diff -u tests/site/small/expect.err "$tmp/small.err"
fi
check_site small "$site"

# The numbers of each page's table beside it, PAGE.csv and PAGE.json:
# golden files, and (python3) linked from their pages, parsed, and the
# page's cells.
for file in index.csv index.json runs/vm--x3.csv runs/vm--x3.json \
    runs/ctl-a--raid0-4.csv metrics/put_block.csv metrics/put_block.json \
    metrics/seeks.csv compare/disks.csv compare/disks.json compare/raid.csv \
    'compare/ctl-a--one-disk~ctl-a--raid0-4.csv' \
    'compare/ctl-a--one-disk~ctl-a--raid0-4.json'; do
	g=tests/site/small/expect/$(echo "$file" | tr / _)
	[ -n "$UPDATE" ] && cp "$site/$file" "$g"
	if cmp -s "$site/$file" "$g"; then say_ok "small $file"; else
		say_bad "small $file"; diff -u "$g" "$site/$file" | head -20; fi
done
if command -v python3 >/dev/null 2>&1; then
	python3 tests/site/tables.py "$site"
else
	echo "ok table files against their pages: skipped, no python3"
fi
# An unchanged table's files are kept from the last build, not written
# again: the same files (inodes) after a second build; a page's table
# files are its job's, kept with it.
rm -rf "$tmp/kept"
pair='compare/ctl-a--one-disk~ctl-a--raid0-4'
"$b/benchsite" build -q -o "$tmp/kept" tests/site/small/input 2>/dev/null
before=$(cd "$tmp/kept" && stat -c %i index.csv runs/vm--x3.json \
	metrics/seeks.csv compare/disks.csv "$pair.json")
"$b/benchsite" build -q -o "$tmp/kept" tests/site/small/input 2>/dev/null
after=$(cd "$tmp/kept" && stat -c %i index.csv runs/vm--x3.json \
	metrics/seeks.csv compare/disks.csv "$pair.json")
if [ -n "$before" ] && [ "$before" = "$after" ] &&
    grep -q '^table:index	.*	index.csv	index.json$' "$tmp/kept/.benchsite-jobs" &&
    grep -q '^key:disks	.*	compare/disks.csv	compare/disks.json	compare/disks.html$' \
	"$tmp/kept/.benchsite-jobs" &&
    grep -qF "	$pair.csv	$pair.json	$pair.html" "$tmp/kept/.benchsite-jobs"; then
	say_ok "table files kept"
else
	say_bad "table files written again ($before / $after)"
fi

# Same input, same bytes: a second build, into another place and from
# RUNS spelled as an absolute path, is equal.
rm -rf "$tmp/small2"
run "$b/benchsite" build -q -o "$tmp/small2" "$(pwd)/tests/site/small/input" \
	2>/dev/null
status=$?
if [ $status -eq 0 ] && diff -r "$site" "$tmp/small2" >/dev/null; then
	say_ok "same bytes"
else
	say_bad "two builds differ (exit $status)"
	diff -r "$site" "$tmp/small2" | head -5
fi

# Same bytes under other locales (compiled into $tmp, nothing installed),
# another time zone and umask, and from another working directory.
mkdir -p "$tmp/locales"
for loc in de_DE tr_TR; do
	localedef -i "$loc" -f UTF-8 "$tmp/locales/$loc.UTF-8" 2>/dev/null
done
for env in "LC_ALL=de_DE.UTF-8 TZ=Europe/Berlin" \
    "LC_ALL=tr_TR.UTF-8 TZ=Asia/Tokyo" "LC_ALL=C TZ=UTC"; do
	rm -rf "$tmp/small3"
	top=$(pwd)
	(cd / && umask 077 && env LOCPATH="$tmp/locales" $env \
		"$top/$b/benchsite" build -q -o "$tmp/small3" \
		"$top/tests/site/small/input" 2>/dev/null)
	if diff -r "$site" "$tmp/small3" >/dev/null; then
		say_ok "same bytes with $env"
	else
		say_bad "different bytes with $env"
	fi
done

# A missing font is an error, never cairo's built-in font.
"$b/benchsite" build -q --fonts "$tmp/no-fonts" -o "$tmp/nofont" \
	tests/site/small/input 2>"$tmp/nofont.err"
status=$?
if [ $status -eq 3 ] && grep -q 'DejaVuSans' "$tmp/nofont.err" &&
    [ ! -e "$tmp/nofont" ]; then
	say_ok "missing font refused"
else
	say_bad "missing font: exit $status"
fi

# The site never goes into the runs, nor the runs into the site.
for out in tests/site/small/input tests/site/small/input/site tests/site; do
	run "$b/benchsite" build -q -o "$out" tests/site/small/input 2>/dev/null
	status=$?
	if [ $status -eq 2 ] && [ ! -e tests/site/small/input/site ] &&
	    [ ! -e tests/site/index.html ] && [ ! -e tests/.site.cache ] &&
	    [ ! -e tests/site/small/.input.cache ] &&
	    [ ! -e tests/site/small/input/.site.cache ]; then
		say_ok "refuses -o $out"
	else
		say_bad "build -o $out: exit $status"
	fi
done

# Hostile metadata, names and notes: text on the page, never markup.
site=$tmp/hostile
rm -rf "$site"
run "$b/benchsite" build -q -o "$site" tests/site/hostile/input 2>/dev/null
status=$?
# Bad meta lines make it exit 2 (input could not all be read), nothing worse.
[ $status -eq 2 ] && say_ok "hostile build" || say_bad "hostile build: exit $status"
find "$site" -name '*.html' | sort | while read -r page; do
	n=$(xmllint --html --xpath 'count(//script[node() or
	    not(@src = "assets/sort.js" or @src = "../assets/sort.js")] | //iframe | //@onerror |
	    //@onload | //@onclick | //@onmouseover | //img[@src="x"] |
	    //*[starts-with(translate(@href, "JAVSCRIPT", "javscript"),
	    "javascript:") or starts-with(@href, "data:") or
	    starts-with(@src, "data:") or starts-with(@src, "http")] |
	    //section[@class = "notes"]//*[contains(@href, "%2e") or
	    contains(@href, "..") or starts-with(@href, "/")])' \
	    "$page" 2>/dev/null)
	if [ "$n" = 0 ]; then say_ok "hostile $page"; else
		say_bad "hostile $page: $n active elements or attributes"; fi
done
if grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' \
    "$site/runs/evil-run.html" && grep -q 'alert(15)' "$site/runs/evil-run.html"
then say_ok "hostile text shown"; else say_bad "hostile text not shown"; fi
# The notes' links to the run's own files lead to their copies, a name
# with a space or '#' ("lspci%20out%20%231.txt") and "./bonnie.txt" too;
# a refused link has no target at all (href="" loads the page again).
missing=$(xmllint --html --xpath '//section[@class = "notes"]//a/@href' \
    "$site/runs/evil-run.html" 2>/dev/null | sed 's/^ *href="//; s/"$//' |
    grep -v '^https\{0,1\}:\|^mailto:\|^#' | while read -r h; do
	[ -n "$h" ] && [ -f "$site/runs/$h" ] || echo "[$h]"; done)
empty=$(grep -c 'href=""' "$site/runs/evil-run.html")
if [ -z "$missing" ] && [ "$empty" = 0 ] &&
    grep -q 'href="evil-run@lspci' "$site/runs/evil-run.html"; then
	say_ok "notes link the run's files"
else
	say_bad "notes links lead nowhere: $missing, $empty empty"
fi
# A run's own .html is copied as text, never served as a page.
if [ -f "$site/runs/evil-run@page.html.txt" ] &&
    [ ! -e "$site/runs/evil-run@page.html" ]; then
	say_ok "attachments inert"
else
	say_bad "an attachment .html is served as a page"
fi
check_site hostile "$site"

# fio runs (tests/site/fio: randread at QD1, 8 and 32 with libaio, with
# io_uring and with libaio in 4 jobs; the second run slower at QD32).
site=$tmp/fio
rm -rf "$site"
run "$b/benchsite" build -q -o "$site" tests/site/fio/input 2>/dev/null
status=$?
[ $status -le 1 ] && say_ok "fio build" || say_bad "fio build: exit $status"
check_site fio "$site"
# bars CHART PAGE: the bars of the first chart titled CHART, "LABEL=FIGURE"
# each, from their hover titles ("QD8: 88000 IOPS (1 sample)").
bars() {
	grep -o '<title>[^<]*</title>' "$2" | sed 's/<[^>]*>//g' |
	awk -v chart="$1" '$0 == chart { c++; next }
	    !/: / { if (c) exit } c == 1 { split($0, f, ": ")
	    sub(/[^0-9.].*/, "", f[2]); printf "%s=%s ", f[1], f[2] }'
}
# A sweep's groups each whole, in the order of what they sweep.
want="QD1=13200 QD8=88000 QD32=220000 QD1=12000 QD8=80000 QD32=200000 "
want="${want}QD1=19200 QD8=128000 QD32=320000 "
have=$(bars "IOPS by queue depth" "$site/runs/box--1.html")
[ "$have" = "$want" ] && say_ok "fio depth sweep in groups" ||
	say_bad "fio depth sweep: $have"
want="1 job=12000 4 jobs=19200 1 job=80000 4 jobs=128000 1 job=200000 "
want="${want}4 jobs=320000 "
have=$(bars "IOPS by jobs" "$site/runs/box--1.html")
[ "$have" = "$want" ] && say_ok "fio jobs sweep in groups" ||
	say_bad "fio jobs sweep: $have"
# What is told, not gated, is labelled so, not in the red of what fails:
# a night of tests/analysis/fsync-write-latency with 15 regressions that
# fail (two of them its fsync calls' latency) and 8 that are told (a
# buffered read the cache may hold, a synced write's latency of the page
# cache), and its pair's page.
told_site=$tmp/told
rm -rf "$told_site"
run "$b/benchsite" build -q -o "$told_site" \
	tests/analysis/fsync-write-latency/input 2>/dev/null
told_page=$told_site/runs/nightly--2026-11-24.html
pair=$told_site/compare/nightly--2026-11-23~nightly--2026-11-24.html
red=$(grep -o '<li class="regression"><span class="kind">Regression' \
	"$told_page" | wc -l)
told=$(grep -o '<li class="warning"><span class="kind">Not gated' \
	"$told_page" | wc -l)
weak=$(grep -o '<td class="num weak"[^>]*>[^<]*▼' "$pair" | wc -l)
if [ "$red" -eq 15 ] && [ "$told" -eq 8 ] && [ "$weak" -eq 8 ]; then
	say_ok "findings told, not gated, labelled apart"
else
	say_bad "findings told, not gated: $red red, $told told, $weak pale"
fi
# A series chart's change against a base that is not the bar before it
# (night 6 of other options passed over) names the base's day; one
# against the bar before it names none.
skip_site=$tmp/skipped
rm -rf "$skip_site"
run "$b/benchsite" build -q -o "$skip_site" \
	tests/analysis/fio-options-night-skipped/input 2>/dev/null
if grep -q '>+136% vs 11-24<' "$skip_site/series/s3-options.html" &&
    ! grep -q '% vs 11-2[0-3]<' "$skip_site/series/s3-options.html"; then
	say_ok "a series chart names the base it compares with past a bar"
else
	say_bad "series/s3-options.html: the step's base not named"
fi
# The syncs' columns in the fio table of a run whose jobs made them, and
# not in one of a run whose jobs made none.
if grep -q '<th[^>]*>Mean sync latency<' "$told_page" &&
    grep -q '^Workload,.*,p99 sync latency (us),Samples.$' \
    "$told_site/runs/nightly--2026-11-24.csv" &&
    ! grep -q 'sync latency' "$site/runs/box--1.html"; then
	say_ok "fio sync columns only where syncs were made"
else
	say_bad "fio sync columns"
fi
# IOPS as every other page says it (display_unit), in the table's head
# and the charts' figures, not "/s".
page=$site/runs/box--1.html
if grep -q '<th class="num" scope="col">IOPS</th>' "$page" &&
    grep -q '<title>QD8: 88000 IOPS (1 sample)</title>' "$page" &&
    ! grep -q 'IOPS<span class="unit">/s\|[0-9]/s (1 sample)' "$page"; then
	say_ok "fio IOPS unit"
else
	say_bad "fio IOPS unit: $(grep -o 'IOPS<span[^/]*/s\|[0-9]*/s (1 sample)' \
		"$page" | head -2 | tr '\n' ' ')"
fi
# The second run against the first: fio's figures, a row per workload
# with its change, and no bonnie++ columns.
an='//section[@class = "analysis"]'
cols=$(xmllint --html --xpath "count($an//th[@scope = 'col'])" \
	"$site/runs/box--2.html" 2>/dev/null)
rows=$(xmllint --html --xpath "count($an//tbody/tr)" \
	"$site/runs/box--2.html" 2>/dev/null)
change=$(xmllint --html --xpath "string($an//tr[th[starts-with(.,
	'randread 4k QD32 libaio direct')]]/td[3])" "$site/runs/box--2.html" \
	2>/dev/null)
[ "$cols" = 4 ] && [ "$rows" = 9 ] && [ "$change" = "-30.0% ▼" ] &&
	say_ok "fio run against its base" ||
	say_bad "fio run against its base: $cols columns, $rows rows, '$change'"

# The overview's columns: the run and what the gate says of it, then
# only the texts that tell some runs apart (these name no scheduler,
# and share one host, controller, disk and file system, said once above
# the table), then the figures.
heads=$(xmllint --html --xpath \
	'//table[@class = "runs"]//th[@scope = "col"]/text()' \
	"$site/index.html" 2>/dev/null | tr '\n' '|')
shared="Every run: host box, controller onboard NVMe, disks 1 x Example NVMe \
1TB, RAID none, file system xfs."
case $heads in
"Run|Gate|Kernel|"*)
	case $heads in
	*Scheduler*|*Host*) say_bad "fio overview: a column every run leaves \
empty or fills alike: $heads" ;;
	*) grep -q "$shared" "$site/index.html" &&
	    say_ok "fio overview: no empty column, what all share said once" ||
	    say_bad "fio overview: what every run shares is not said" ;;
	esac ;;
*) say_bad "fio overview columns: $heads" ;;
esac

# The samples' site: every page well-formed, every link resolving.
site=$tmp/samples
rm -rf "$site"
run "$b/benchsite" build -q -o "$site" samples 2>/dev/null
status=$?
[ $status -eq 0 ] && say_ok "samples build" || say_bad "samples build: exit $status"
check_site samples "$site"
# A "by KEY" page's chart of a bonnie++ figure bars bonnie++'s runs only:
# a fio run is no "not run" of it.
first='(//figure)[1]//*[local-name()="text"]'
fio_bars=$(xmllint --html --xpath "count($first[contains(., 'this-machine-fio/')])" \
	"$site/compare/kernel.html" 2>/dev/null)
bonnie_bars=$(xmllint --html --xpath "count($first[contains(., 'marvell-sata/')])" \
	"$site/compare/kernel.html" 2>/dev/null)
[ "$fio_bars" = 0 ] && [ "${bonnie_bars:-0}" -gt 0 ] &&
	say_ok "a bonnie++ chart bars no fio run" ||
	say_bad "a bonnie++ chart of compare/kernel.html: $fio_bars fio bars, $bonnie_bars bonnie++ bars"
# and a group whose first run is fio's keeps its heading over its
# bonnie++ runs: the virtio runs are not drawn as the Marvell card's.
wide='((//figure)[1]//*[local-name()="svg"])[1]//*[local-name()="text"]'
heads=$(xmllint --html --xpath "count($wide[starts-with(., 'controller: ')])" \
	"$site/compare/controller.html" 2>/dev/null)
virtio=$(xmllint --html --xpath "count($wide[. = 'controller: virtio block device'])" \
	"$site/compare/controller.html" 2>/dev/null)
[ "$heads" = 7 ] && [ "$virtio" = 1 ] &&
	say_ok "a bonnie++ chart keeps each group's heading" ||
	say_bad "compare/controller.html: $heads group headings, $virtio of virtio"
# Runs listed in the order people count them, as the mail's table:
# raid5 before raid10.
tr '>' '\n' <"$site/index.html" | awk '/<tbody/ { rows = 1 }
    rows && /runs\/martello-sx8--raid5-lvm/ && !five { five = NR }
    rows && /runs\/martello-sx8--raid10-md/ && !ten { ten = NR }
    END { exit !(five && ten && five < ten) }' &&
	say_ok "index lists raid5 before raid10" ||
	say_bad "index lists raid10 before raid5"
# A RAID run against its single-disk reference: each figure in the unit
# the other pages show, and the scaling model's verdict where it judged
# one (the RAID5's block write is 38% of what it should give).
page="$site/compare/martello-sx8--bare-disk-ext3~martello-sx8--raid5-lvm-ext3.html"
if grep -q '<th scope="row">Block write</th><td>MiB/s</td>.*short of its scaling' \
    "$page" && grep -q '<th scope="row">Random seeks</th><td>/s</td>' "$page"
then
	say_ok "compare page against a scaling reference"
else
	say_bad "compare page against a scaling reference"
fi
# The overview says what the gate says of each run: the four that fail.
fails=$(grep -o '<td class="bad">FAIL</td>' "$site/index.html" | wc -l)
[ "$fails" -eq 4 ] && say_ok "overview marks the runs that fail" ||
	say_bad "overview marks the runs that fail: $fails, not 4"
# and the figures that fail, each the figure of its finding: the 3ware's
# block write below its target (127), the RAID5's block write and read
# short of its scaling (64.4, 56.7) and the Marvell card's two block
# writes (33.1, 55.7), in the table's order of runs.
fails=$(grep -o '<td class="num bad marked"[^>]*>[0-9.]*<' \
	"$site/index.html" | sed 's/.*>//; s/<//' | tr '\n' ' ')
[ "$fails" = "127 64.4 56.7 33.1 55.7 " ] && say_ok "overview marks the figures that fail" ||
	say_bad "overview marks the figures that fail: $fails"
# A run's page links its series' page.
if grep -q 'Series page</dt><dd><a href="../series/martello-sx8.html">' \
    "$site/runs/martello-sx8--raid5-lvm-ext3.html"; then
	say_ok "run page links its series"
else
	say_bad "run page links its series"
fi
# SITE's missing parents are made ("-o public/bench/site" in a fresh
# checkout); a parent that is a file is said, and nothing is built.
rm -rf "$tmp/parents"
mkdir -p "$tmp/parents"
: >"$tmp/parents/file"
"$b/benchsite" build -q -o "$tmp/parents/new/site" tests/site/small/input \
	2>/dev/null
s1=$?
"$b/benchsite" build -q -o "$tmp/parents/file/site" tests/site/small/input \
	2>"$tmp/parents.err"
s2=$?
if [ $s1 -eq 0 ] && [ -f "$tmp/parents/new/site/index.html" ] &&
    [ $s2 -eq 3 ] && grep -q "file: cannot create: Not a directory" \
    "$tmp/parents.err"; then
	say_ok "build makes SITE's parents"
else
	say_bad "build into missing parents: exit $s1, under a file exit $s2"
fi
# Their table files against their pages: the series pages, which the
# small site has none of, and (nightly runs) compare pages whose changes
# the analysis judged: within the noise, a regression, no data.
if command -v python3 >/dev/null 2>&1; then
	python3 tests/site/tables.py "$site" samples
	rm -rf "$tmp/nightly"
	"$b/benchsite" build -q -o "$tmp/nightly" tests/analysis/nightly/input \
		2>/dev/null
	python3 tests/site/tables.py "$tmp/nightly" nightly
fi
# The night that fails the gate (night-08, after a kernel) is marked so
# in its series' history, on the page and in its CSV; the others not.
rm -rf "$tmp/nightly"
"$b/benchsite" build -q -o "$tmp/nightly" tests/analysis/nightly/input \
	2>/dev/null
series_csv=$(ls "$tmp/nightly"/series/*.csv 2>/dev/null | head -1)
if [ -n "$series_csv" ] &&
    [ "$(grep -c ',FAIL,' "$series_csv")" -eq 1 ] &&
    grep -q '^night-08,[^,]*,FAIL,kernel' "$series_csv" &&
    [ "$(grep -o '<td class="bad">FAIL</td>' "${series_csv%.csv}.html" |
    wc -l)" -eq 1 ] &&
    [ "$(grep -o 'class="num bad marked"' "${series_csv%.csv}.html" |
    wc -l)" -ge 1 ]; then
	say_ok "series history gives the gate's word, and marks the figure"
else
	say_bad "series history: night-08's FAIL not marked once in $series_csv"
fi
# The regression's line in the index's verdict links its series' page,
# where the fall is read against the nights before it.
series_link=$(xmllint --html --xpath 'string(//ol[@class = "findings"]/li[1]//span[@class = "sub"]/a[starts-with(@href, "series/")]/@href)' \
	"$tmp/nightly/index.html" 2>/dev/null)
if [ -n "$series_link" ] && [ -f "$tmp/nightly/$series_link" ]; then
	say_ok "the index's regression links its series"
else
	say_bad "the index's regression links no series page: '$series_link'"
fi

# Publishing is atomic: a build killed at any moment leaves SITE the old
# whole site or the new one, never a mix; a SITE benchsite did not make,
# or one holding a file it did not write, is never replaced.
if [ -z "$VALGRIND" ]; then
	rm -rf "$tmp/ref-small" "$tmp/ref-samples" "$tmp/notsite"
	"$b/benchsite" build -q -o "$tmp/ref-small" tests/site/small/input \
		2>/dev/null
	"$b/benchsite" build -q -o "$tmp/ref-samples" samples 2>/dev/null
	pub=$tmp/pub
	rm -rf "$pub"
	cp -r "$tmp/ref-small" "$pub"
	for delay in 0.01 0.03 0.06 0.1 0.15 0.2 0.3 0.45 0.7 1.0; do
		for runs in samples tests/site/small/input; do
			"$b/benchsite" build -q -o "$pub" "$runs" 2>/dev/null &
			pid=$!
			sleep "$delay"
			kill -KILL "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			if diff -r "$pub" "$tmp/ref-small" >/dev/null 2>&1 ||
			    diff -r "$pub" "$tmp/ref-samples" >/dev/null 2>&1; then
				say_ok "killed after $delay s ($runs): a whole site"
			else
				say_bad "killed after $delay s ($runs): SITE is mixed"
			fi
		done
	done
	# A killed build's workers may write a moment longer, orphaned,
	# into the staging directory it left.
	for try in 1 2 3 4 5; do
		rm -rf "$tmp"/.pub.tmp-* "$tmp/.pub.prev" 2>/dev/null && break
		sleep 1
	done
	touch "$pub/mine.txt"
	"$b/benchsite" build -q -o "$pub" samples 2>/dev/null
	status=$?
	[ $status -eq 2 ] && [ -f "$pub/mine.txt" ] &&
		say_ok "a foreign file stops the swap" ||
		say_bad "foreign file in SITE: exit $status"
	# What a build does beside SITE while it reads the runs (checking
	# SITE, taking .SITE.prev as its staging directory) is undone when
	# it stops: no staging directory stays, SITE is as it was.
	ls -d "$tmp"/.pub.tmp-* >/dev/null 2>&1 &&
		say_bad "a refused build left its staging directory" ||
		say_ok "a refused build leaves no staging directory"
	rm -f "$pub/mine.txt"
	"$b/benchsite" build -q -o "$pub" samples 2>/dev/null
	"$b/benchsite" build -q -o "$pub" samples 2>/dev/null
	cp -r "$pub" "$tmp/pub-was"
	"$b/benchsite" build -q -o "$pub" "$tmp/no-such-runs" 2>"$tmp/pub.err"
	status=$?
	if [ $status -eq 2 ] && diff -r "$pub" "$tmp/pub-was" >/dev/null &&
	    ! ls -d "$tmp"/.pub.tmp-* >/dev/null 2>&1 &&
	    grep -q "no-such-runs: not a readable directory" "$tmp/pub.err"; then
		say_ok "runs that cannot be read leave SITE as it was"
	else
		say_bad "unreadable runs: exit $status; SITE or its staging directory changed"
	fi
	rm -rf "$tmp/pub-was"
	mkdir -p "$tmp/notsite" && echo keep >"$tmp/notsite/keep.txt"
	"$b/benchsite" build -q -o "$tmp/notsite" samples 2>/dev/null
	status=$?
	[ $status -eq 2 ] && [ "$(ls "$tmp/notsite")" = keep.txt ] &&
	    [ ! -e "$tmp/.notsite.cache" ] &&
		say_ok "a directory not made by benchsite is refused" ||
		say_bad "foreign SITE: exit $status"
fi

# A run's page keeps its name when runs are added: "a b", whose name
# had to change, ends in a hash of it and takes nothing from "a_b".
mkdir -p "$tmp/names/a_b"
cp samples/martello-sx8/bare-disk-ext3/bonnie.txt "$tmp/names/a_b/"
"$b/benchsite" build -q -o "$tmp/names-site" "$tmp/names" 2>/dev/null
before=$(grep -o 'href="runs/[^"]*">a_b<' "$tmp/names-site/index.html")
mkdir -p "$tmp/names/a b"
cp samples/martello-sx8/bare-disk-ext3/bonnie.txt "$tmp/names/a b/"
"$b/benchsite" build -q -o "$tmp/names-site" "$tmp/names" 2>/dev/null
after=$(grep -o 'href="runs/[^"]*">a_b<' "$tmp/names-site/index.html")
other=$(grep -o 'href="runs/[^"]*">a b<' "$tmp/names-site/index.html")
if [ "$before" = 'href="runs/a_b.html">a_b<' ] && [ "$after" = "$before" ] &&
    [ -n "$other" ] && [ "$other" != "$before" ]; then
	say_ok "run page names stay"
else
	say_bad "run page names stay: $before, then $after and $other"
fi

# A series' change points are changes between runs measured like for
# like (tests/analysis/mixed-one-night: one night's new kernel and new
# bonnie++ file size): its fio figure's fall is ruled, its bonnie++
# figures, measured otherwise that night, are not.
"$b/benchsite" build -q -o "$tmp/mixed" tests/analysis/mixed-one-night/input \
	2>/dev/null
rules=$(grep -oh '<title>[^<]*change point[^<]*</title>' \
	"$tmp"/mixed/series/*.html)
if printf '%s\n' "$rules" | grep -q 'IOPS' &&
    ! printf '%s\n' "$rules" | grep -q 'MiB/s\|[0-9]/s '; then
	say_ok "change points like for like"
else
	say_bad "change points like for like: $rules"
fi

[ -n "$BROWSER" ] || exit 0

# Layout, print and accessibility in headless Chromium (tests/browser.sh).
sh tests/browser.sh "$b" "$tmp" "$site"

# Every page of the samples' site in headless Chromium, through a page
# that opens each in a frame: no image or style sheet fails to load, no
# page logs a console message.
{
	printf '<!DOCTYPE html><html><body><pre id="out">NOT RUN</pre><script>\n'
	printf 'const pages = [\n'
	(cd "$site" && find . -name '*.html' | sort | sed 's|^\./\(.*\)|"\1",|')
	printf '];\n'
	cat tests/browser-check.js
	printf '</script></body></html>\n'
} >"$site/_check.html"
timeout 300 chromium --headless --no-sandbox --disable-gpu --disable-quic \
	--no-first-run --disable-background-networking \
	--disable-component-update --disable-sync \
	--user-data-dir="$tmp/profile" --allow-file-access-from-files \
	--enable-logging=stderr --v=0 --virtual-time-budget=120000 \
	--dump-dom "file://$(cd "$site" && pwd)/_check.html" \
	>"$tmp/dom" 2>"$tmp/log"
grep -q '^DONE' "$tmp/dom" || say_bad "browser: the check page did not finish"
(cd "$site" && find . -name '*.html' ! -name _check.html | sort |
    sed 's|^\./||') | while read -r page; do
	problems=$(grep -E "^(BROKEN-IMAGE|BROKEN-STYLE|ERROR) $page " "$tmp/dom"
		grep 'CONSOLE' "$tmp/log" | grep -F "/$page (")
	if ! grep -qx "LOADED $page" "$tmp/dom"; then
		say_bad "browser $page: not loaded"
	elif [ -n "$problems" ]; then
		say_bad "browser $page: $problems"
	else
		say_ok "browser $page"
	fi
done

# The single-file report, opened from disk with the network off: it
# loads nothing and logs nothing.
"$b/benchsite" build -q --single-file "$tmp/report.html" samples 2>/dev/null
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic \
	--no-first-run --disable-background-networking \
	--disable-component-update --disable-sync \
	--user-data-dir="$tmp/profile2" --enable-logging=stderr --v=0 \
	--proxy-server=127.0.0.1:9 --virtual-time-budget=5000 \
	--dump-dom "file://$tmp/report.html" >"$tmp/dom" 2>"$tmp/log"
problems=$(grep -E 'CONSOLE|Failed to load|ERR_' "$tmp/log" | head -3)
if grep -q '</html>' "$tmp/dom" && [ -z "$problems" ]; then
	say_ok "browser single file"
else
	say_bad "browser single file: $problems"
fi

