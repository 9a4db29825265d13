#!/bin/sh
# incremental.sh: what a build and a check cost when little changed.
#
#   sh tests/bench/incremental.sh [-s SEED] BENCHSITE N DIR
#
# Makes a tree of N runs in DIR/runs (genruns.sh; with the tree of N
# runs in $BENCH_TREE it is copied, which is faster), then times, one
# command each, on DIR/site, in the order a nightly build meets them:
#   full     build --full of the N runs
#   floor    what any build costs at least: cat of every input file,
#            then cp -r of the site the full build made
#   (its last run removed and built again, not timed: from here on
#   SITE has the site it replaced beside it, .SITE.prev, as every
#   build but the first after --full has)
#   nochange build again, nothing changed
#   plus1    build after the last run is added back
#   edit     build after one line is added to one run's meta
#   check    check with a warm cache (the second of two)
#   json     check --format json, warm
#   junit    check --format junit, warm
#   rss      the peak resident size of each of them, in MiB
# and prints them as one line "N full nochange plus1 edit check rss
# floor json junit", rss as full/nochange/plus1/edit/check/json/junit.
# Times are wall-clock seconds (GNU time); the templates are this
# tree's unless BENCHSITE_DATA says otherwise. DIR is removed at the end
# unless KEEP=1.
set -eu

seed=1
while getopts s: o; do
	case $o in
	s) seed=$OPTARG ;;
	*) echo "usage: $0 [-s SEED] BENCHSITE N DIR" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { echo "usage: $0 [-s SEED] BENCHSITE N DIR" >&2; exit 2; }
bin=$1 n=$2 dir=${3%/}
here=$(dirname "$0")
runs=$dir/runs site=$dir/site
export XDG_CACHE_HOME="$dir/xdg"
# The templates and assets of this tree, wherever BENCHSITE was built.
BENCHSITE_DATA=${BENCHSITE_DATA:-$(cd "$here/../.." && pwd)}
export BENCHSITE_DATA

mkdir -p "$dir"
last=$(sh "$here/genruns.sh" -l -s "$seed" -f $((n - 1)) "$n" "$runs")
if [ -n "${BENCH_TREE:-}" ]; then
	cp -a "$BENCH_TREE" "$runs"
else
	sh "$here/genruns.sh" -s "$seed" "$n" "$runs"
fi
# Stamps younger than two seconds are not trusted by the loader's cache.
sleep 3

# timed NAME COMMAND...: seconds and peak KiB of one command into
# $dir/NAME.time.
timed() {
	name=$1
	shift
	/usr/bin/time -f '%e %M' -o "$dir/$name.time" "$@" \
	    >"$dir/$name.out" 2>"$dir/$name.err" || [ $? -eq 1 ]
}
secs() { tail -n 1 "$dir/$1.time" | cut -d" " -f1; }

timed full "$bin" build -q --full -o "$site" "$runs"
timed cat sh -c 'find "$1" -type f -exec cat {} + >/dev/null' sh "$runs"
rm -rf "$dir/copy"
timed cp cp -r "$site" "$dir/copy"
rm -rf "$dir/copy"
rm -r "$last"
sleep 3
timed first "$bin" build -q -o "$site" "$runs"
sleep 3
timed nochange "$bin" build -q -o "$site" "$runs"
sh "$here/genruns.sh" -s "$seed" -f $((n - 1)) "$n" "$runs"
sleep 3
timed plus1 "$bin" build -q -o "$site" "$runs"
meta=$(find "$runs" -name meta -path '*/20*' | sort | sed -n 1p)
echo "bench-note: edited" >>"$meta"
sleep 3
timed edit "$bin" build -q -o "$site" "$runs"
timed check1 "$bin" check "$runs"
timed check "$bin" check "$runs"
timed json "$bin" check --format json "$runs"
timed junit "$bin" check --format junit "$runs"
mib() { echo $(($(tail -n 1 "$dir/$1.time" | cut -d" " -f2) / 1024)); }
rss=$(mib full)/$(mib nochange)/$(mib plus1)/$(mib edit)/$(mib check)\
/$(mib json)/$(mib junit)
floor=$(awk -v a="$(secs cat)" -v b="$(secs cp)" 'BEGIN { print a + b }')
echo "$n $(secs full) $(secs nochange) $(secs plus1) $(secs edit) \
$(secs check) $rss $floor $(secs json) $(secs junit)"
[ "${KEEP:-}" = 1 ] || rm -rf "$dir"
