#!/bin/sh
# run.sh: benchsite's benchmark, run by "make bench". Prints one
# table of medians (hyperfine) and ratios, benchsite and its peers timed
# side by side in the same run, and peak RSS (GNU time %M).
#
#   make bench                     (builds benchsite first)
#   B=build sh tests/bench/run.sh  (uses build/benchsite and build/*.o)
#
# Environment: BENCH_SIZES ("1000 10000") the trees built; BENCH_FIO
# (3400) the fio JSON documents of the file parse and jq read (53 MB,
# tests/bench/genfio.sh); BENCH_INC
# (10000) the one the incremental build adds a run to; BENCH_BIG=1 adds
# the 100 000-run tree (35 s to generate, 1.3 GB on disk); BENCH_RUNS (3)
# timed runs a job, after one warm-up;
# BENCH_TIMEOUT (600 s) ends any one command; BENCH_SLOW (60 s): a
# command whose first (probe) run takes longer is not repeated, its one
# time is reported; BENCH_DIR (B/bench) holds the trees, sites and logs;
# PYTHON (the first python3 with matplotlib).
#
# Ratios are benchsite / peer: below 1 benchsite is faster.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 2
B=${B:-build}
case $B in /*) ;; *) B=$root/$B ;; esac
BIN=$B/benchsite
W=${BENCH_DIR:-$B/bench}
R=${BENCH_RUNS:-3}
TMO=${BENCH_TIMEOUT:-600}
SLOW=${BENCH_SLOW:-60}
SIZES=${BENCH_SIZES:-"1000 10000"}
INC=${BENCH_INC:-10000}
[ "${BENCH_BIG:-0}" = 1 ] && SIZES="$SIZES 100000"
TABLE=$W/table.tsv
LOG=$W/log

die() { echo "bench: $*" >&2; exit 2; }
say() { echo "bench: $*" >&2; }

[ -x "$BIN" ] || die "$BIN missing: run 'make bench' (or 'make benchsite')"
command -v hyperfine >/dev/null || die "hyperfine missing (make bench installs it)"
[ -x /usr/bin/time ] || die "/usr/bin/time missing (Debian package time)"
mkdir -p "$W" || exit 2
: > "$TABLE"
: > "$LOG"

# ---- helpers ----

# hf JSON [hyperfine args]: timed runs with no shell, failures kept (the
# exit status is checked by the probes), medians read back with median.
hf() {
	json=$1
	shift
	hyperfine -N -i --style basic --runs "$R" --export-json "$json" "$@" \
		>> "$LOG" 2>&1 || say "hyperfine failed, see $LOG"
}

# median JSON K: the K-th command's median in seconds (1-based).
median() {
	awk -v k="$2" '/"median":/ { if (++i == k) { gsub(/[^0-9.e+-]/, "", $2); print $2 + 0; exit } }' "$1"
}

# kmedian FILE: the median of the numbers in FILE, one a line (GNU time
# adds "Command exited with non-zero status N" lines: skipped).
kmedian() {
	grep -E '^[0-9.]+$' "$1" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}

# probe NAME CMD...: one run under timeout and GNU time; sets PT
# (seconds), PM (peak RSS, KiB), PRC (exit status, 124 on timeout).
probe() {
	name=$1
	shift
	/usr/bin/time -f '%e %M' -o "$W/$name.time" timeout "$TMO" "$@" \
		> "$W/$name.out" 2> "$W/$name.err"
	PRC=$?
	PT=$(tail -n 1 "$W/$name.time" | awk '{ print $1 }')
	PM=$(tail -n 1 "$W/$name.time" | awk '{ print $2 }')
	echo "probe $name: $PT s, $PM KiB, exit $PRC: $*" >> "$LOG"
}

# status RC: how a benchsite build ended, for the table ("" when fine).
status() {
	case $1 in
	0 | 2) echo "" ;;
	124) echo "timeout" ;;
	*) echo "exit $1" ;;
	esac
}

# row JOB BS BSNOTE PEER PEERV KIND LIMIT TARGET: one line of the table.
# BS and PEERV in seconds (KiB for KIND rss); KIND says how "met?" is
# decided: abs (BS <= LIMIT s), ratio (BS/PEERV <= LIMIT), rss (BS <=
# LIMIT MiB), rss10k (LIMIT applies at 100k), info and rssinfo (none).
row() {
	awk -v job="$1" -v bs="$2" -v note="$3" -v peer="$4" -v pv="$5" \
	    -v kind="$6" -v lim="$7" -v tgt="$8" '
	function t(v) {
		if (v == "") return "-"
		if (v < 1) return sprintf("%.0f ms", v * 1000)
		if (v < 100) return sprintf("%.2f s", v)
		return sprintf("%.0f s", v)
	}
	BEGIN {
		isrss = kind ~ /^rss/
		if (isrss) b = bs == "" ? "-" : sprintf("%.0f MiB", bs / 1024)
		else b = t(bs)
		if (note == "timeout") b = ">" t(bs) " (timeout)"
		else if (note != "") b = b " (" note ")"
		p = pv == "" ? "-" : (isrss ? sprintf("%.0f MiB", pv / 1024) : t(pv))
		ratio = (bs != "" && pv != "" && pv > 0) ? bs / pv : ""
		r = ratio == "" ? "-" : (ratio >= 10 ? sprintf("%.0fx", ratio) : \
		    ratio >= 0.1 ? sprintf("%.2fx", ratio) : sprintf("%.3fx", ratio))
		met = "-"
		bad = note ~ /exit|timeout|not run/
		if (kind == "abs") met = (bs != "" && !bad && bs <= lim) ? "yes" : "no"
		if (kind == "rss") met = (bs != "" && bs / 1024 <= lim) ? "yes" : "no"
		if (kind == "ratio") met = ratio == "" ? "-" : (!bad && ratio <= lim ? "yes" : "no")
		if (kind == "rss10k") met = (bs != "" && bs / 1024 > lim) ? "no (over at 10k)" : "n/a (at 100k)"
		printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", job, b, peer, p, r, tgt, met
	}' >> "$TABLE"
}

# ---- the trees ----

gen_tree() {	# N: $W/runs-N, regenerated when the generator changed
	stamp=$(cat "$here/genruns.awk" "$here/genruns.sh" | cksum | cut -d' ' -f1)
	if [ "$(cat "$W/runs-$1/.stamp" 2>/dev/null)" != "$stamp" ]; then
		say "generating $1 runs"
		rm -rf "$W/runs-$1"
		sh "$here/genruns.sh" "$1" "$W/runs-$1" || die "genruns.sh $1 failed"
		echo "$stamp" > "$W/runs-$1/.stamp"
	fi
	# The incremental job's extra run, if an interrupted bench left it.
	rm -rf "$(sh "$here/genruns.sh" -l -f "$1" "$(($1 + 1))" "$W/runs-$1")"
}
for n in $SIZES; do gen_tree "$n"; done

# ---- full builds, the floor, incremental ----

FULLINC=
for n in $SIZES; do
	runs=$W/runs-$n site=$W/site-$n
	say "full build of $n runs"
	# Nothing beside it either (previous site, cache): a full build
	# starts from nothing.
	rm -rf "$site" "$W/.site-$n".*
	probe build-$n "$BIN" build -q -o "$site" "$runs"
	t=$PT rss=$PM rc=$PRC note=$(status $PRC)
	if [ "$PRC" != 124 ] && awk -v t="$PT" -v s="$SLOW" 'BEGIN { exit !(t <= s) }'; then
		: > "$W/rss-$n"
		hf "$W/build-$n.json" --prepare "rm -rf $site $W/.site-$n.prev $W/.site-$n.cache" \
			-n "build $n" "/usr/bin/time -f %M -a -o $W/rss-$n $BIN build -q -o $site $runs"
		t=$(median "$W/build-$n.json" 1)
		rss=$(kmedian "$W/rss-$n")
	else
		note=${note:-1 run}
		[ "$note" = timeout ] || note="$note, 1 run"
	fi
	# The floor: reading every input, copying the finished site.
	hf "$W/cat-$n.json" --warmup 1 -n "cat $n" "sh -c 'find $runs -type f -exec cat {} + > /dev/null'"
	cat_t=$(median "$W/cat-$n.json" 1)
	case $n in
	10000) kind=abs lim=10 tgt="<= 10 s" ;;
	100000) kind=abs lim=100 tgt="<= 100 s" ;;
	*) kind=info lim= tgt="-" ;;
	esac
	row "full build, $n runs" "$t" "$note" "cat of all inputs" "$cat_t" "$kind" "$lim" "$tgt"
	case $n in
	10000) row "  peak RSS, $n runs" "$rss" "$note" "-" "" rss10k 200 "< 200 MiB at 100k" ;;
	100000) row "  peak RSS, $n runs" "$rss" "$note" "-" "" rss 200 "< 200 MiB" ;;
	*) row "  peak RSS, $n runs" "$rss" "$note" "-" "" rssinfo "" "-" ;;
	esac
	if [ -f "$site/index.html" ]; then
		hf "$W/cp-$n.json" --warmup 1 --prepare "rm -rf $W/copy" -n "cp -r $n" "cp -r $site $W/copy"
		rm -rf "$W/copy"
		row "  (same build)" "$t" "$note" "cp -r of the site" "$(median "$W/cp-$n.json" 1)" info "" "-"
	else
		row "  (same build)" "$t" "$note" "cp -r of the site" "" info "" "- (no site: build failed)"
	fi
	if [ "$n" = "$INC" ]; then FULLINC=$t; fi
done

# Incremental: one new run in the INC tree, as a nightly build finds it:
# SITE built from the runs so far, and beside it the site of the night
# before, one run fewer (.SITE.prev), which the build starts from, and
# the loader's cache (.SITE.cache).
if [ -n "$FULLINC" ]; then
	runs=$W/runs-$INC base=$W/site-base inc=$W/site-inc
	new=$(sh "$here/genruns.sh" -l -f "$INC" $((INC + 1)) "$runs")
	last=$(sh "$here/genruns.sh" -l -f $((INC - 1)) "$INC" "$runs")
	say "incremental build ($INC + 1 runs)"
	rm -rf "$base" "$W/.site-base".* "$W/held"
	mv "$last" "$W/held" && "$BIN" build -q -o "$base" "$runs" 2>/dev/null
	mv "$W/held" "$last" && "$BIN" build -q -o "$base" "$runs" 2>/dev/null
	if [ ! -f "$base/index.html" ] || [ ! -d "$W/.site-base.prev" ]; then
		row "incremental, 1 new run in $INC" "" "not run: the sites it starts from failed" \
			"full build, $INC" "$FULLINC" abs 0.5 "<= 0.5 s"
	else
		sh "$here/genruns.sh" -f "$INC" $((INC + 1)) "$runs"
		prep="sh -c 'rm -rf $inc $W/.site-inc.prev && cp -a $base $inc && cp -a $W/.site-base.prev $W/.site-inc.prev && cp -a $W/.site-base.cache $W/.site-inc.cache'"
		sh -c "$prep"
		probe inc "$BIN" build -q -o "$inc" "$runs"
		t=$PT note=$(status $PRC)
		if [ "$PRC" != 124 ] && awk -v t="$PT" -v s="$SLOW" 'BEGIN { exit !(t <= s) }'; then
			hf "$W/inc.json" --prepare "$prep" -n "incremental" "$BIN build -q -o $inc $runs"
			t=$(median "$W/inc.json" 1)
		else
			note=${note:-1 run}
		fi
		row "incremental, 1 new run in $INC" "$t" "$note" "full build, $INC" "$FULLINC" abs 0.5 "<= 0.5 s"
	fi
	rm -rf "$new" "$inc" "$base" "$W/.site-inc".* "$W/.site-base".*
fi

# ---- every mode of a build and check, per size (incremental.sh) ----
# One run of each (medians of BENCH_RUNS would take hours at 100 000
# runs): full, nothing changed, one run added, one meta line added,
# check with a warm cache (and its JSON and JUnit reports, which are
# written as they go), the peak RSS of each, and the floor (cat of
# every input, then cp -r of the site). The targets are the issue's, at
# 100 000 runs.
for n in $SIZES; do
	say "every mode, $n runs"
	line=$(BENCH_TREE=$W/runs-$n sh "$here/incremental.sh" "$BIN" "$n" \
		"$W/modes-$n" 2>>"$LOG") || line=
	echo "incremental.sh $n: $line" >> "$LOG"
	if [ -z "$line" ]; then
		row "modes, $n runs" "" "not run: incremental.sh failed" "-" "" info "" "-"
		continue
	fi
	set -- $line
	full=$2 nochange=$3 plus1=$4 edit=$5 check=$6 floor=$8 json=$9
	junit=${10}
	rssmax=$(echo "$7" | tr / '\n' | sort -n | tail -n 1)
	big=info; [ "$n" = 100000 ] && big=
	row "full build, $n runs (every mode)" "$full" "" "floor: cat + cp -r" "$floor" "${big:-ratio}" 2 "<= 2x at 100k"
	row "  no change, $n" "$nochange" "" "-" "" "${big:-abs}" 0.5 "<= 0.5 s at 100k"
	row "  one run added, $n" "$plus1" "" "-" "" "${big:-abs}" 1 "<= 1 s at 100k"
	row "  one meta edited, $n" "$edit" "" "-" "" "${big:-abs}" 1 "<= 1 s at 100k"
	row "  check, warm cache, $n" "$check" "" "-" "" "${big:-abs}" 3 "<= 3 s at 100k"
	row "  check --format json, $n" "$json" "" "-" "" info "" "-"
	row "  check --format junit, $n" "$junit" "" "-" "" info "" "-"
	row "  peak RSS of any mode ($7 MiB), $n" "$((rssmax * 1024))" "" "-" "" "${big:+rssinfo}${big:-rss}" 200 "<= 200 MiB at 100k"
done

# ---- charts: the same 200 charts of 12 bars ----

say "200 charts: benchsite, gnuplot, matplotlib"
cflags=${BENCH_CFLAGS:-"-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O2 $(pkg-config --cflags jansson libxml-2.0 cairo freetype2 libcmark libpng libxxhash zlib)"}
libs=${BENCH_LIBS:-"$(pkg-config --libs jansson libxml-2.0 cairo freetype2 libcmark libpng libxxhash zlib) -lm"}
# shellcheck disable=SC2086
${CC:-cc} $cflags -Igen -o "$W/chart200" "$here/chart200.c" "$B/render/chart_fonts.o" "$B/render/chart_text.o" "$B/render/chart_layout.o" "$B/render/chart_draw.o" "$B/render/chart_svg.o" "$B/render/chart_png.o" "$B/render/pngenc.o" "$B/model/display.o" "$B/read/result.o" "$B/base/buf.o" "$B/base/hashmap.o" "$B/base/utf8.o" "$B/base/xalloc.o" $libs \
	|| die "cannot build chart200 (make benchsite first)"
awk 'BEGIN {
	x = 12345
	for (c = 0; c < 200; c++)
		for (b = 0; b < 12; b++) {
			x = (x * 48271) % 2147483647
			printf "%d\tBlock write, night %d\tstor%02d.lab.example.org/2021-%02d-%02d\t%.1f\n",
			    c, c + 1, b + 1, c % 12 + 1, b + 1, 20 + x / 2147483647 * 400
		}
}' > "$W/charts.tsv"
H=$("$W/chart200" height "$W/charts.tsv") || die "chart200 failed"
# gnuplot: the data as blocks, a script setting each chart's title.
awk -F'\t' 'NR > 1 && $1 != c { printf "\n\n" } { c = $1; print }' "$W/charts.tsv" > "$W/charts.dat"
for fmt in svg png; do
	awk -F'\t' -v fmt=$fmt -v out="$W/c-gnuplot-$fmt" -v dat="$W/charts.dat" -v h="$H" '
	NR == 1 {
		if (fmt == "svg") print "set terminal svg size 720," h " font \"DejaVu Sans,10\""
		else print "set terminal pngcairo size 720," h " font \"DejaVu Sans,10\""
		print "set datafile separator \"\\t\""
		print "set style fill solid 0.8 noborder"
		print "unset key; set xlabel \"MiB/s\"; set xrange [0:*]"
		print "set yrange [-0.6:11.6] reverse; set ytics scale 0; set grid xtics"
	}
	NR == 1 || $1 != c {
		c = $1; t = $2; gsub(/"/, "\\\"", t)
		printf "set output \"%s/c%d.%s\"\nset title \"%s\"\n", out, c, fmt, t
		printf "plot \"%s\" index %d using ($4/2):0:($4/2):(0.35):ytic(3) with boxxyerror lc rgb \"#4477aa\", \"\" index %d using 4:0:(sprintf(\"%%.1f\", $4)) with labels left offset 0.5,0\n", dat, c, c
	}
	END { print "unset output" }' "$W/charts.tsv" > "$W/charts-$fmt.gp"
done
PY=${PYTHON:-}
if [ -z "$PY" ]; then
	for p in python3 /usr/bin/python3; do
		if "$p" -c 'import matplotlib' 2>/dev/null; then PY=$p; break; fi
	done
fi
have_gp=; command -v gnuplot >/dev/null && have_gp=1
for fmt in svg png; do
	rm -rf "$W/c-bs-$fmt" "$W/c-gnuplot-$fmt" "$W/c-mpl-$fmt"
	mkdir -p "$W/c-bs-$fmt" "$W/c-gnuplot-$fmt" "$W/c-mpl-$fmt"
	set -- -n "benchsite $fmt" "$W/chart200 -j $(nproc) $fmt $W/charts.tsv $W/c-bs-$fmt"
	[ -n "$have_gp" ] && set -- "$@" -n "gnuplot $fmt" "gnuplot $W/charts-$fmt.gp"
	[ -n "$PY" ] && set -- "$@" -n "matplotlib $fmt" \
		"$PY $here/mplcharts.py $fmt $W/charts.tsv $W/c-mpl-$fmt 720 $H"
	hf "$W/charts-$fmt.json" --warmup 1 "$@"
	bs=$(median "$W/charts-$fmt.json" 1)
	for d in bs gnuplot mpl; do
		c=$(ls "$W/c-$d-$fmt" | wc -l)
		[ "$c" = 200 ] || [ "$c" = 0 ] || say "$d $fmt wrote $c charts, not 200"
	done
	k=2
	if [ "$fmt" = svg ]; then glim=1 gtgt="<= 1x"; else glim=0.667 gtgt="<= 0.67x (1.5x faster)"; fi
	if [ -n "$have_gp" ]; then
		row "200 charts, $fmt (720x$H, $(nproc) procs)" "$bs" "" "gnuplot $fmt" "$(median "$W/charts-$fmt.json" $k)" ratio $glim "$gtgt"
		k=3
	else
		row "200 charts, $fmt" "$bs" "" "gnuplot (missing)" "" info "" "$gtgt"
	fi
	if [ -n "$PY" ]; then
		row "200 charts, $fmt" "$bs" "" "matplotlib $fmt" "$(median "$W/charts-$fmt.json" $k)" ratio 0.02 "<= 0.02x (50x faster)"
	else
		row "200 charts, $fmt" "$bs" "" "matplotlib (missing)" "" info "" "<= 0.02x"
	fi
done

# ---- 10 000 CSV lines into an HTML table ----

say "10000 CSV lines: bon_csv2html, benchsite parse, benchsite build"
sh "$here/genruns.sh" -H 1 -c 10000 > "$W/lines.csv"
rm -rf "$W/csv-runs" "$W/csv-site"
mkdir -p "$W/csv-runs/stor01/history"
cp "$W/lines.csv" "$W/csv-runs/stor01/history/bonnie.csv"
printf 'host: stor01.lab.example.org\nseries: stor01\nraid: none\ndisks: 1 x ST3400832AS\n' \
	> "$W/csv-runs/stor01/history/meta"
probe csv-build "$BIN" build -q -o "$W/csv-site" "$W/csv-runs"
csv_rc=$PRC csv_t=$PT
set -- -n "bon_csv2html" "sh -c 'bon_csv2html < $W/lines.csv > $W/lines.html'" \
	-n "benchsite parse --format csv" "sh -c '$BIN parse --format csv $W/lines.csv > $W/lines.out'"
repeat_build=
if [ "$csv_rc" != 124 ] && awk -v t="$csv_t" -v s="$SLOW" 'BEGIN { exit !(t <= s) }'; then
	repeat_build=1
	set -- "$@" -n "benchsite build (1 run)" "$BIN build -q -o $W/csv-site $W/csv-runs"
fi
if command -v bon_csv2html >/dev/null; then
	hf "$W/csv.json" --warmup 1 --prepare "rm -rf $W/csv-site" "$@"
	b2h=$(median "$W/csv.json" 1)
	parse=$(median "$W/csv.json" 2)
	if [ -n "$repeat_build" ]; then
		row "10000 CSV lines -> HTML (build, 1 run)" "$(median "$W/csv.json" 3)" "$(status $csv_rc)" \
			"bon_csv2html" "$b2h" ratio 0.999 "< 1x"
	else
		n=$(status $csv_rc); row "10000 CSV lines -> HTML (build, 1 run)" "$csv_t" "${n:-1 run}" \
			"bon_csv2html" "$b2h" ratio 0.999 "< 1x"
	fi
	row "10000 CSV lines: parse --format csv" "$parse" "" "bon_csv2html" "$b2h" info "" "- (no HTML)"
else
	row "10000 CSV lines -> HTML (build, 1 run)" "$csv_t" "$(status $csv_rc)" "bon_csv2html (missing)" "" info "" "< 1x"
fi

# ---- fio's JSON: parse against jq on one file of documents ----

FIO_DOCS=${BENCH_FIO:-3400}
FIO=$W/fio-$FIO_DOCS.json
say "fio JSON, $FIO_DOCS documents: benchsite parse, jq"
stamp=$(cat "$here/genfio.sh" "$here"/fio/*.json tests/parse-fio/*json*.out | cksum | cut -d' ' -f1)
if [ "$(cat "$FIO.stamp" 2>/dev/null)" != "$stamp" ] || [ ! -s "$FIO" ]; then
	sh "$here/genfio.sh" -n "$FIO_DOCS" > "$FIO" || die "genfio.sh failed"
	echo "$stamp" > "$FIO.stamp"
fi
fio_mb=$(awk -v b="$(wc -c < "$FIO")" 'BEGIN { printf "%.0f", b / 1e6 }')
probe fio-parse "$BIN" parse "$FIO"
fio_note=$(status $PRC)
fio_found=$(grep -c '"form": "json"' "$W/fio-parse.out")
[ "$fio_found" -ge "$FIO_DOCS" ] || fio_note=${fio_note:-"$fio_found of $FIO_DOCS read"}
if command -v jq >/dev/null; then
	: > "$W/rss-fio-bs"; : > "$W/rss-fio-jq"; : > "$W/rss-fio-jqc"
	hf "$W/fio.json" --warmup 1 \
		-n "benchsite parse" "/usr/bin/time -f %M -a -o $W/rss-fio-bs $BIN parse $FIO" \
		-n "jq ." "/usr/bin/time -f %M -a -o $W/rss-fio-jq jq . $FIO" \
		-n "jq -c ." "/usr/bin/time -f %M -a -o $W/rss-fio-jqc jq -c . $FIO"
	bs=$(median "$W/fio.json" 1)
	row "fio JSON, $FIO_DOCS docs ($fio_mb MB): parse" "$bs" "$fio_note" "jq ." "$(median "$W/fio.json" 2)" ratio 1 "<= 1x"
	row "  (same parse)" "$bs" "$fio_note" "jq -c ." "$(median "$W/fio.json" 3)" info "" "-"
	row "  peak RSS" "$(kmedian "$W/rss-fio-bs")" "$fio_note" "jq ." "$(kmedian "$W/rss-fio-jq")" rssinfo "" "-"
else
	row "fio JSON, $FIO_DOCS docs ($fio_mb MB): parse" "$PT" "${fio_note:-1 run}" "jq (missing)" "" info "" "<= 1x"
fi

# ---- the table ----

echo
echo "benchsite benchmark: $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "benchsite $(cd "$root" && git describe --always --dirty 2>/dev/null); medians of $R hyperfine runs after 1 warm-up; ratio = benchsite / peer"
awk -F'\t' '
BEGIN { n = split("job|benchsite median|peer|peer median|ratio|target|met?", h, "|")
	for (i = 1; i <= n; i++) { cell[0, i] = h[i]; w[i] = length(h[i]) } }
{ for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } }
END {
	for (r = 0; r <= NR; r++) {
		s = ""
		for (i = 1; i <= n; i++) s = s sprintf(i < n ? "%-" w[i] "s  " : "%s", cell[r, i])
		print s
		if (r == 0) { s = ""; for (i = 1; i <= n; i++) s = s sprintf("%s", substr("----------------------------------------------------------------", 1, w[i])) (i < n ? "  " : ""); print s }
	}
}' "$TABLE"
echo "(logs, JSON and outputs in $W)"
