#!/bin/sh
# The pages as people see them, in headless Chromium (sourced by nothing;
# run by tests/site.sh with the build directory, a scratch directory and
# the samples' site): at 1280 and 390 px no page scrolls sideways and no
# chart text is under 10 px on the phone; every image and chart has a
# text alternative, every header cell a scope, all text AA contrast
# (tests/browser-layout.js), on bonnie++'s pages and fio's; screenshots
# of the index, a run page of each and a series page are as wide as the
# window; the index prints on at most 6
# A4 pages. Prints "ok NAME" / "FAIL: NAME"; without Chromium, a note.

b=$1
tmp=$2
site=$3
cd "$(dirname "$0")/.." || exit 4

. tests/site-lib.sh

if ! command -v chromium >/dev/null; then
	echo "note: chromium is not installed (make deps): browser layout tests skipped"
	exit 0
fi

chrome() {
	timeout 300 chromium --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --hide-scrollbars \
		--user-data-dir="$tmp/profile-layout" "$@" 2>/dev/null
}

top=$(cd "$site" && pwd)
run=runs/this-machine--fast-fsync-128m-4k.html
series=series/this-machine.html
pair='compare/this-machine--default-64m~this-machine--fast-fsync-128m-4k.html'
fio=runs/this-machine-fio--disk-ext4.html
fio_pair='compare/this-machine-fio--sched-1-mq-deadline~this-machine-fio--sched-2-none.html'
pages="index.html $run $series metrics/put_block.html compare/controller.html $pair
	$fio metrics/fio.html metrics/randread-4k-qd16-j1-io_uring-direct.iops.html
	$fio_pair"
{
	printf '<!DOCTYPE html><html><body><pre id="out">NOT RUN</pre><script>\n'
	printf 'const widths = [1280, 390];\nconst pages = [\n'
	for p in $pages; do printf '"%s",\n' "$p"; done
	printf '];\n'
	cat tests/browser-layout.js
	printf '</script></body></html>\n'
} >"$site/_layout.html"
chrome --allow-file-access-from-files --virtual-time-budget=120000 \
	--dump-dom "file://$top/_layout.html" >"$tmp/layout"
rm -f "$site/_layout.html"
grep -q '^DONE' "$tmp/layout" || say_bad "browser layout: the check page did not finish"
for p in $pages; do
	for w in 1280 390; do
		line=$(grep -F "WIDTH $p $w " "$tmp/layout")
		set -- $line
		if [ -z "$line" ]; then
			say_bad "layout $p at $w px: not measured"
		elif [ "$3" -gt "$4" ]; then
			say_bad "layout $p at $w px: $3 px wide in a $4 px window"
		else
			say_ok "layout $p at $w px: no sideways scroll"
		fi
	done
	px=$(grep -F "TEXT $p 390 " "$tmp/layout" | awk '{ print $4 }')
	if [ -n "$px" ] && awk "BEGIN { exit !($px < 10) }"; then
		say_bad "layout $p at 390 px: chart text of $px px"
	else
		say_ok "layout $p at 390 px: chart text ${px:-none} px"
	fi
	problems=$(grep -E "^(NOALT|NOSCOPE|CONTRAST|ERROR) $p " "$tmp/layout" |
		head -3)
	[ -z "$problems" ] && say_ok "accessibility $p" ||
		say_bad "accessibility $p: $problems"
done

# Screenshots as wide as the window: a page wider than it would make
# Chromium's picture no wider, so this checks the picture, not the page
# (the width test above does that); they are kept for people to look at.
mkdir -p "$tmp/shots"
for p in index.html $run $series $fio; do
	for w in 1280 390; do
		png=$tmp/shots/$(echo "$p" | tr '/~' '__')-$w.png
		chrome --screenshot="$png" --window-size=$w,2000 "file://$top/$p"
		have=$(od -An -tu1 -j16 -N4 "$png" 2>/dev/null |
			awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
		[ "$have" = "$w" ] && say_ok "screenshot $p at $w px" ||
			say_bad "screenshot $p at $w px: ${have:-no} picture"
	done
done

# Printed, the index keeps every column and fits 6 A4 pages.
chrome --no-pdf-header-footer --print-to-pdf="$tmp/index.pdf" \
	"file://$top/index.html"
n=$(grep -ac '/Type /Page$' "$tmp/index.pdf" 2>/dev/null)
[ "${n:-0}" -ge 1 ] && [ "$n" -le 6 ] && say_ok "index prints on $n A4 pages" ||
	say_bad "index prints on ${n:-no} pages (at most 6)"
