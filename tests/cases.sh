#!/bin/sh
# The real-world cases of tests/cases/: for each case, runs
# "BUILD/benchsite check --format json tests/cases/NAME/input" and holds
# the findings against tests/cases/NAME/expect, written from the case's
# reasoning (its README.md), never from the program's output:
#
#   gate RUN METRIC     a finding on RUN and METRIC must fail the gate
#   warn RUN METRIC     a finding that does not fail the gate must name it
#   nogate RUN METRIC   nothing on RUN and METRIC may fail the gate
#   nogate RUN *        nothing on RUN may fail the gate
#
# A run-wide warning (no metric) stands for a warn line when its text
# names the line's bonnie++ figure, or says "cache" for a fio one.
#
# RUN is the run's path below input/, METRIC a figure's key (put_block,
# get_block, rewrite, seeks, putc, getc, seq_create, ..., or a fio
# workload's: randread-4k-qd32-j1-libaio-direct.iops, README.md "fio
# output"); "#" starts a comment. Any gated finding on a run and metric that expect does not list
# as "gate" is a false alarm, whether or not a "nogate" line names it.
#
# Prints "ok NAME: ..." or "FAIL: NAME: ..." lines (tests/run.sh counts
# them) and a summary "cases: E expected flags found of F, A false alarms,
# M misses". A FAIL line listed in tests/cases/KNOWN (the failures of the
# program as it was when the cases were written) is printed as "known: ..."
# and not counted; a KNOWN line that no longer happens fails, so the list
# only shrinks: delete the line when the analysis gets the case right.
#
# The JSON is read with awk, not jq or python (neither is sure to be on a
# CI machine; awk is wherever sh is): benchsite's JSON is pretty-printed
# one member per line (jansson, JSON_INDENT), and only the findings'
# kind, run, metric, text and gated members are read, at their own depth,
# so a brace or a quote inside a text cannot mislead it.
#
# Usage: sh tests/cases.sh BUILD_DIR

b=${1:?usage: tests/cases.sh BUILD_DIR}
cd "$(dirname "$0")/.." || exit 4
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT

known=tests/cases/KNOWN
: >"$tmp/known"
[ -f "$known" ] && grep -v '^#' "$known" | grep -v '^[[:space:]]*$' >"$tmp/known"
: >"$tmp/happened"
: >"$tmp/totals"

# findings JSON: one line per finding, "gated<TAB>run<TAB>metric<TAB>kind<TAB>text",
# with null run or metric as "-".
findings() {
	awk '
	function val(s) {
		sub(/^[^:]*:[ \t]*/, "", s)
		sub(/,[ \t]*$/, "", s)
		if (s == "null") return "-"
		if (s ~ /^".*"$/) {
			s = substr(s, 2, length(s) - 2)
			gsub(/\\"/, "\"", s); gsub(/\\\//, "/", s); gsub(/\\\\/, "\\", s)
		}
		gsub(/\t/, " ", s)
		return s
	}
	!inf && /^[ \t]*"findings":[ \t]*\[[ \t]*\][ \t]*,?[ \t]*$/ { seen = 1; next }
	!inf && /^[ \t]*"findings":[ \t]*\[[ \t]*$/ { inf = 1; seen = 1; depth = 0; next }
	!inf { next }
	depth == 0 && /^[ \t]*\][ \t]*,?[ \t]*$/ { inf = 0; next }
	/^[ \t]*\{[ \t]*$/ {
		depth++
		if (depth == 1) { g = "false"; r = "-"; m = "-"; k = "-"; t = "" }
		next
	}
	/^[ \t]*\}[ \t]*,?[ \t]*$/ {
		if (depth == 1) printf "%s\t%s\t%s\t%s\t%s\n", g, r, m, k, t
		depth--
		next
	}
	# a member opening a nested object or array
	/:[ \t]*[\[{][ \t]*$/ { depth++; next }
	/^[ \t]*[\]}][ \t]*,?[ \t]*$/ { depth--; next }
	depth == 1 && /^[ \t]*"gated":/ { g = val($0); next }
	depth == 1 && /^[ \t]*"run":/ { r = val($0); next }
	depth == 1 && /^[ \t]*"metric":/ { m = val($0); next }
	depth == 1 && /^[ \t]*"kind":/ { k = val($0); next }
	depth == 1 && /^[ \t]*"text":/ { t = val($0); next }
	# never empty: the judge below tells its two files apart by FNR ==
	# NR, which an empty first file would make hold for the second
	BEGIN { print "FINDINGS" }
	END { if (!seen) print "NOFINDINGS" }
	' "$1"
}

# The names the texts give the figures (gen/read/result.c, metric_defs),
# for a per-run finding without a metric that names one in its text.
names='putc=Per-char write
put_block=Block write
rewrite=Rewrite
getc=Per-char read
get_block=Block read
seeks=Random seeks
seq_create=Sequential create
seq_stat=Sequential stat
seq_del=Sequential delete
ran_create=Random create
ran_stat=Random stat
ran_del=Random delete'

# judge NAME FINDINGS EXPECT: prints the case's FAIL lines (unfiltered), a
# line "TOTALS flags found false" and "DETAIL ..." lines.
judge() {
	printf '%s\n' "$names" >"$tmp/names"
	awk -F '\t' -v name="$1" -v dir="tests/cases/$1/input" -v namesfile="$tmp/names" '
	BEGIN {
		while ((getline l < namesfile) > 0) {
			i = index(l, "="); disp[substr(l, 1, i - 1)] = substr(l, i + 1)
		}
	}
	FNR == NR {
		if ($0 == "FINDINGS") next
		if ($0 == "NOFINDINGS") { nofind = 1; next }
		nf++; G[nf] = $1; R[nf] = $2; M[nf] = $3; K[nf] = $4; T[nf] = $5
		next
	}
	{
		line = $0; sub(/#.*/, "", line)
		n = split(line, w, /[ \t]+/)
		j = 0; for (i = 1; i <= n; i++) if (w[i] != "") v[++j] = w[i]
		if (j == 0) next
		fio = v[3] ~ /^(read|write|randread|randwrite|readwrite|randrw|trim|randtrim|trimwrite)-[0-9]+[kmgt]?-qd[0-9]+-j[0-9]+(-[a-z0-9_]+)?(-direct)?(-(osync|fsync[0-9]*|fdsync[0-9]*))?(-mix[0-9]+)?(-rand[0-9]+)?(\.(read|write|trim))?\.(bw|iops|lat|p50|p99|p99_9|sync|sync_p99)$/ ||
		    v[3] ~ /^job-[a-z0-9-]+\.(read|write|trim)\.(bw|iops|lat|p50|p99|p99_9|sync|sync_p99)$/
		if (j != 3 || (v[1] != "gate" && v[1] != "warn" && v[1] != "nogate") ||
		    (v[3] == "*" && v[1] != "nogate") ||
		    (v[3] != "*" && !(v[3] in disp) && !fio)) {
			print "FAIL: " name ": expect line " FNR " does not read: " $0
			next
		}
		if (system("test -d \"" dir "/" v[2] "\"") != 0) {
			print "FAIL: " name ": expect line " FNR ": no run " v[2] " in input/"
			next
		}
		ne++; E1[ne] = v[1]; E2[ne] = v[2]; E3[ne] = v[3]
		if (v[1] == "gate") isgate[v[2] SUBSEP v[3]] = 1
		if (v[1] == "nogate") isno[v[2] SUBSEP v[3]] = 1
	}
	END {
		if (nofind) { print "FAIL: " name ": no findings array in the JSON"; exit }
		flags = 0; found = 0; fa = 0
		for (e = 1; e <= ne; e++) {
			if (E1[e] == "nogate") {
				if ((E2[e] SUBSEP E3[e]) in isgate)
					print "FAIL: " name ": expect says both gate and nogate for " E2[e] " " E3[e]
				continue
			}
			flags++; ok = 0
			for (f = 1; f <= nf; f++) {
				if (R[f] != E2[e]) continue
				if (E1[e] == "gate" && G[f] == "true" && M[f] == E3[e]) ok = 1
				# A run-wide warning names a bonnie++ figure by its
				# name; one of a fio run says "cache", of all its
				# figures.
				named = index(T[f], "cache")
				if (E3[e] in disp) named = index(T[f], disp[E3[e]])
				if (E1[e] == "warn" && G[f] != "true" &&
				    (M[f] == E3[e] || (M[f] == "-" && named)))
					ok = 1
			}
			if (ok) found++
			else print "FAIL: " name ": missed " E1[e] " " E2[e] " " E3[e]
		}
		for (f = 1; f <= nf; f++) {
			if (G[f] != "true") continue
			key = R[f] SUBSEP M[f]
			if (key in isgate || key in done) continue
			done[key] = 1; fa++
			print "FAIL: " name ": false alarm " R[f] " " M[f]
			print "DETAIL   (" K[f] ") " T[f]
		}
		print "TOTALS " flags " " found " " fa
	}
	' "$2" "$3"
}

for d in tests/cases/*/; do
	d=${d%/}
	name=${d#tests/cases/}
	[ -d "$d/input" ] || continue
	if [ ! -f "$d/expect" ] || [ ! -f "$d/README.md" ]; then
		echo "FAIL: $name: expect or README.md missing"
		continue
	fi
	"$b/benchsite" check --format json "$d/input" >"$tmp/json" 2>"$tmp/err"
	status=$?
	if [ $status -ne 0 ] && [ $status -ne 1 ]; then
		echo "FAIL: $name: check exited $status"
		head -5 "$tmp/err"
		continue
	fi
	findings "$tmp/json" >"$tmp/findings"
	judge "$name" "$tmp/findings" "$d/expect" >"$tmp/judged"
	# The exit status says the same as the findings.
	if grep -q '^true	' "$tmp/findings"; then want=1; else want=0; fi
	[ $status -eq $want ] ||
		echo "FAIL: $name: check exited $status, its gated findings say $want" >>"$tmp/judged"
	new=0 nknown=0
	while IFS= read -r line; do
		case $line in
		"TOTALS "*) echo "${line#TOTALS }" >>"$tmp/totals"; set -- ${line#TOTALS }
			flags=$1 found=$2 fa=$3 ;;
		"DETAIL "*) [ "$last" = new ] && echo "${line#DETAIL }" ;;
		"FAIL: "*)
			if grep -qxF -- "$line" "$tmp/known"; then
				echo "known: ${line#FAIL: }"
				echo "$line" >>"$tmp/happened"
				nknown=$((nknown + 1)) last=known
			else
				echo "$line"
				new=$((new + 1)) last=new
			fi ;;
		esac
	done <"$tmp/judged"
	if [ $new -eq 0 ] && [ $nknown -eq 0 ]; then
		echo "ok $name: $found of $flags flags found, $fa false alarms"
	elif [ $new -eq 0 ]; then
		echo "ok $name: $found of $flags flags found, $fa false alarms, all $nknown failures known"
	fi
done

# A known failure that no longer happens: the analysis got better, so the
# line goes (the list only shrinks).
while IFS= read -r line; do
	grep -qxF -- "$line" "$tmp/happened" ||
		echo "FAIL: cases/KNOWN: no longer happens, delete it: $line"
done <"$tmp/known"

awk '{ f += $1; e += $2; a += $3 }
	END { printf "cases: %d expected flags found of %d, %d false alarms, %d misses\n",
		e, f, a, f - e }' "$tmp/totals"
