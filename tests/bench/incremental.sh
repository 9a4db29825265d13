#!/bin/sh
# incremental.sh: what a build and a check cost when little changed.
#
#   sh tests/bench/incremental.sh [-s SEED] BENCHSITE N DIR
#
# Makes a tree of N-1 runs in DIR/runs (genruns.sh; with the tree of N
# runs in $BENCH_TREE it is copied and its last run removed, which is
# faster), then times, one command each, on DIR/site:
#   full     build --full
#   nochange build again, nothing changed (the second one: the first
#            build of a new program renders everything)
#   plus1    build after the run a tree of N has more is added
#   edit     build after one line is added to one run's meta
#   check    check with a warm cache (the second of two)
#   rss      the peak resident size of the plus1 build, in MiB
# and prints them as one line "N full nochange plus1 edit check rss".
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
	rm -r "$last"
else
	sh "$here/genruns.sh" -s "$seed" $((n - 1)) "$runs"
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
rss=$(($(tail -n 1 "$dir/plus1.time" | cut -d" " -f2) / 1024))
echo "$n $(secs full) $(secs nochange) $(secs plus1) $(secs edit) \
$(secs check) $rss"
[ "${KEEP:-}" = 1 ] || rm -rf "$dir"
