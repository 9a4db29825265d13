#!/bin/sh
# The pipeline's shape, checked on the sources and on the objects built
# from them (gen/README.md draws it):
#   base <- read <- model <- analyse <- render <- site <- main
#   base <- read <- capture <- main
#   base <- cli <- main
# 1. Every #include "STAGE/..." of a file names its own stage or one
#    before it.
# 2. No object calls or reads a symbol of an object of a later stage
#    (nm: what one object leaves undefined, another defines).
# 3. No two objects need each other, directly or round a longer circle,
#    even inside one stage: each folder's files form layers too.
# Prints "ok NAME" / "FAIL: NAME" lines that tests/run.sh counts.
#   sh tests/layers.sh BUILD_DIR

b=${1:-build}
cd "$(dirname "$0")/.." || exit 4
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT

# The stages a stage may use, itself included.
allowed() {
	case $1 in
	base) echo "base" ;;
	read) echo "base read" ;;
	capture) echo "base read capture" ;;
	cli) echo "base cli" ;;
	model) echo "base read model" ;;
	analyse) echo "base read model analyse" ;;
	render) echo "base read model analyse render" ;;
	site) echo "base read model analyse render site" ;;
	main) echo "base read model analyse render site capture cli" ;;
	*) echo "" ;;
	esac
}
stage_of() {
	case $1 in
	*/*) echo "${1%%/*}" ;;
	*) echo "main" ;;
	esac
}

# 1. Includes.
bad=0
for f in gen/*.[ch] gen/*/*.[ch]; do
	rel=${f#gen/}
	own=$(stage_of "$rel")
	ok_stages=$(allowed "$own")
	[ -n "$ok_stages" ] || { echo "FAIL: layers: $f is in no known stage"
		bad=1; continue; }
	for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
		to=$(stage_of "$inc")
		case " $ok_stages " in
		*" $to "*) ;;
		*) echo "FAIL: layers: $f includes $inc (a $own file may include $ok_stages)"
			bad=1 ;;
		esac
	done
done
[ $bad = 0 ] && echo "ok layers: every include points down the pipeline"

# 2 and 3. The objects: "USER DEFINER" for each symbol one object takes
# from another.
# The objects of today's sources only: a build directory may keep the
# object of a file that moved.
objs=$(cd gen && ls */*.c main.c | sed 's/\.c$/.o/')
for o in $objs; do
	[ -f "$b/$o" ] || { echo "FAIL: layers: $b/$o not built"; exit 0; }
done
for o in $objs; do
	nm "$b/$o" | awk -v o="$o" '$1 == "U" { print "U", $2, o }
	    NF == 3 && $2 ~ /^[TDBRCVW]$/ { print "D", $3, o }'
done >"$tmp/syms"
awk '$1 == "D" { def[$2] = $3 }
     $1 == "U" { use[++n] = $2 " " $3 }
     END { for (i = 1; i <= n; i++) { split(use[i], a, " ")
		if ((a[1] in def) && def[a[1]] != a[2])
			print a[2], def[a[1]], a[1] } }' "$tmp/syms" |
	sort -u >"$tmp/uses"
bad=0
while read -r user definer sym; do
	us=$(stage_of "${user%.o}")
	ds=$(stage_of "${definer%.o}")
	case " $(allowed "$us") " in
	*" $ds "*) ;;
	*) echo "FAIL: layers: $user uses $sym of $definer, a later stage"
		bad=1 ;;
	esac
done <"$tmp/uses"
[ $bad = 0 ] && echo "ok layers: no object uses a later stage's"

# Circles: tsort names the objects round each cycle of "definer user";
# each pair that needs each other is named with what it takes.
awk '{ print $2, $1 }' "$tmp/uses" | sort -u >"$tmp/edges"
if (cd "$tmp" && tsort edges >/dev/null 2>cycles); then
	echo "ok layers: no circle between objects"
else
	awk '/input contains a loop/ { if (c != "") print c; c = ""; next }
	     { sub(/^tsort: /, ""); c = c " " $0 }
	     END { if (c != "") print c }' "$tmp/cycles" |
		sed 's/^/FAIL: layers: a circle of objects:/'
	awk 'NR == FNR { e[$1 " " $2] = e[$1 " " $2] " " $3; next }
	     ($2 " " $1) in e && $1 < $2 && !seen[$1 " " $2]++ {
		print "FAIL: layers: " $1 " and " $2 " need each other (" \
		    $1 ":" e[$1 " " $2] "; " $2 ":" e[$2 " " $1] ")" }' \
		"$tmp/uses" "$tmp/uses"
fi
