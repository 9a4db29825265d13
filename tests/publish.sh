#!/bin/sh
# Publishing tests for one build directory: builds of one SITE at once
# run one after the other (the later ones wait on .SITE.lock, saying
# so) and the site is the one a full build makes; --no-wait fails
# instead, touching nothing; a build killed at any moment leaves litter
# that the next build removes, and that build's site is a full build's.
# Prints "ok NAME" / "FAIL: NAME" lines for tests/run.sh. VALGRIND=1
# runs the builds under test in valgrind, with fewer kills.

b=$1
tmp=$2
cd "$(dirname "$0")/.." || exit 4
. tests/site-lib.sh

site=$tmp/publish-site
lock=$tmp/.publish-site.lock
ref=$tmp/publish-full
same() {	# NAME: SITE equals the full build
	if diff -r "$site" "$ref" >"$tmp/publish.diff" 2>&1; then say_ok "$1"
	else say_bad "$1: $(head -3 "$tmp/publish.diff" | tr '\n' ' ')"; fi
}
# Beside SITE only what a finished build keeps there (.SITE.lock stays
# only while a build runs, or after one was killed).
no_litter() {	# NAME
	left=$(ls -A "$tmp" | grep '^\.publish-site\.' |
		grep -v -x -e '.publish-site.prev' -e '.publish-site.cache' \
		    -e '.publish-site.dirs' |
		tr '\n' ' ')
	[ -z "$left" ] && say_ok "$1" || say_bad "$1: $left"
}
fresh() {
	rm -rf "$site" "$tmp"/.publish-site.*
}
# run, in the background: exec'd, so that $! is the build itself and a
# kill reaches it.
start() {
	[ -n "$VALGRIND" ] && set -- valgrind -q --error-exitcode=99 \
		--leak-check=full --suppressions=tests/valgrind.supp \
		--errors-for-leak-kinds=definite,indirect,possible "$@"
	exec "$@"
}

runs=tests/site/small/input
rm -rf "$ref"
"$b/benchsite" build -q --full -o "$ref" "$runs" 2>"$tmp/publish-full.err"

# ---- builds at once: one after the other, as if alone ----
# The lock is held here (flock on descriptor 9) while the builds start,
# so that every one of them finds it taken and waits; then let go.
fresh
n=$([ -n "$VALGRIND" ] && echo 2 || echo 4)
exec 9>>"$lock"
flock -x 9
for k in $(seq "$n"); do
	(start "$b/benchsite" build -q -o "$site" "$runs" \
		>/dev/null 2>"$tmp/publish-$k.err" 9>&-) &
	eval "pid$k=\$!"
done
for t in $(seq 600); do
	[ "$(grep -l 'waiting for another build of this site' \
		"$tmp"/publish-[0-9]*.err 2>/dev/null | wc -l)" -ge "$n" ] && break
	sleep 0.1
done
waited=$(grep -l "benchsite: $site: waiting for another build of this site" \
	"$tmp"/publish-[0-9]*.err | wc -l)
flock -u 9
exec 9>&-
failed=
for k in $(seq "$n"); do
	eval "wait \$pid$k" || failed="$failed $k"
done
[ -z "$failed" ] && say_ok "$n builds at once all succeed" ||
	say_bad "builds at once: build$failed failed: $(cat "$tmp/publish-1.err")"
[ "$waited" -eq "$n" ] && say_ok "each build that finds the lock taken says it waits" ||
	say_bad "$waited of $n builds said they wait"
same "builds at once: the site of a full build"
no_litter "builds at once: nothing left beside SITE"

# --no-wait: refused at once while the lock is held, nothing touched.
cp -r "$site" "$tmp/publish-was"
exec 9>>"$lock"
flock -x 9
run "$b/benchsite" build -q --no-wait -o "$site" "$runs" >/dev/null \
	2>"$tmp/publish-nowait.err" 9>&-
st=$?
flock -u 9
exec 9>&-
rm -f "$lock"	# made here
if [ $st -eq 3 ] && grep -q "another build of this site is running" \
    "$tmp/publish-nowait.err" && diff -r "$site" "$tmp/publish-was" >/dev/null
then
	say_ok "--no-wait: exit 3 while another build runs, SITE untouched"
else
	say_bad "--no-wait: exit $st: $(cat "$tmp/publish-nowait.err")"
fi
rm -rf "$tmp/publish-was"
no_litter "--no-wait leaves nothing beside SITE"

# ---- killed builds: the next one removes what they left ----
# Each is killed at another moment (while it reads, renders, swaps);
# the builds alternate between two sets of runs, so that every one
# has work to do in the previous site. Its rendering processes may
# outlive it a moment: they share its lock, and the next build waits.
fresh
if [ -n "$VALGRIND" ]; then delays="0.2 1 2 4"
else delays="0.01 0.03 0.05 0.08 0.1 0.13 0.16 0.2 0.25 0.3 0.35 0.4 0.5 0.6 0.8"
fi
"$b/benchsite" build -q -o "$site" samples 2>/dev/null
litter=0 r=
: >"$tmp/publish-kill.err"
for delay in $delays; do
	r=$([ "$r" = samples ] && echo "$runs" || echo samples)
	(start "$b/benchsite" build -q -o "$site" "$r" >/dev/null \
		2>>"$tmp/publish-kill.err") &
	pid=$!
	sleep "$delay"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	ls -A "$tmp" | grep -q '^\.publish-site\.\(cache\.\|dirs\.\)\?tmp-' &&
		litter=$((litter + 1))
done
run "$b/benchsite" build -q -o "$site" "$runs" >/dev/null \
	2>"$tmp/publish-after.err"
st=$?
[ $st -eq 0 ] && say_ok "after killed builds: a build succeeds" ||
	say_bad "after killed builds: exit $st"
same "after killed builds: the site of a full build"
no_litter "after killed builds: nothing left beside SITE"
removed=$(cat "$tmp/publish-kill.err" "$tmp/publish-after.err" |
	grep -c "removed: left by a build of $site that was killed")
if [ "$litter" -eq 0 ] || [ "$removed" -gt 0 ]; then
	say_ok "what killed builds left is removed, with a note ($litter kills left some)"
else
	say_bad "$litter kills left litter, no build said it removed any"
fi
grep -v -e 'waiting for another build' -e 'removed: left by' \
	"$tmp/publish-after.err" >"$tmp/publish-other"
if cmp -s "$tmp/publish-other" "$tmp/publish-full.err"; then
	say_ok "after killed builds: the build says what a full build says"
else
	say_bad "after killed builds: $(diff "$tmp/publish-full.err" \
		"$tmp/publish-other" | head -3 | tr '\n' ' ')"
fi

# Never a user's file: names that are not benchsite's, or that hold what
# a build does not write, stay.
mkdir -p "$tmp/.publish-site.tmp-Mine00" "$tmp/.publish-site.tmp-mine"
ln -s /nonexistent "$tmp/.publish-site.tmp-Mine00/link"
echo mine >"$tmp/.publish-site.cache.tmp-mine"
run "$b/benchsite" build -q -o "$site" "$runs" >/dev/null 2>"$tmp/publish-own.err"
if [ -L "$tmp/.publish-site.tmp-Mine00/link" ] &&
    [ -d "$tmp/.publish-site.tmp-mine" ] &&
    [ -f "$tmp/.publish-site.cache.tmp-mine" ] &&
    grep -q "tmp-Mine00: left alone" "$tmp/publish-own.err"; then
	say_ok "a user's files beside SITE stay"
else
	say_bad "a user's file beside SITE was removed"
fi

# A site it published is sealed (gen/site/dirseal.h): the next builds
# read none of its directories, nor those of the previous site, and
# still find a file added to either, at any depth.
fresh
"$b/benchsite" build -q -o "$site" samples 2>/dev/null
"$b/benchsite" build -q -o "$site" "$runs" 2>/dev/null
# The samples again, so that the builds below have something to do (one
# that has nothing to do replaces nothing, and checks nothing).
if [ -z "$VALGRIND" ]; then
	strace -f -e trace=openat -o "$tmp/publish.strace" \
		"$b/benchsite" build -q -o "$site" samples >/dev/null 2>&1
	read_dirs=$(grep -c -e "publish-site/[a-z]*\", .*O_DIRECTORY" \
		-e "publish-site.prev/[a-z]*\", .*O_DIRECTORY" "$tmp/publish.strace")
	[ "$read_dirs" -eq 0 ] && say_ok "sealed: SITE and the previous site are not read" ||
		say_bad "sealed: $read_dirs directories of the sites read"
else
	"$b/benchsite" build -q -o "$site" samples 2>/dev/null
fi
cp -r "$site" "$tmp/publish-was"
echo mine >"$site/runs/mine.html"
run "$b/benchsite" build -q -o "$site" "$runs" >/dev/null 2>"$tmp/publish-seal.err"
st=$?
rm -f "$site/runs/mine.html"
if [ $st -eq 2 ] && diff -r "$site" "$tmp/publish-was" >/dev/null &&
    grep -q "holds runs/mine.html, which benchsite did not write" "$tmp/publish-seal.err"; then
	say_ok "sealed: a file added to SITE's runs is found"
else
	say_bad "sealed: a file added to SITE's runs: exit $st"
fi
# The previous site: a directory made in one of its directories, and a
# file in it.
mkdir "$tmp/.publish-site.prev/charts/mine"
echo mine >"$tmp/.publish-site.prev/charts/mine/x.svg"
run "$b/benchsite" build -q -o "$site" "$runs" >/dev/null 2>"$tmp/publish-seal.err"
st=$?
if [ $st -eq 0 ] && [ -f "$tmp/.publish-site.prev/charts/mine/x.svg" ] &&
    grep -q "prev: holds charts/mine/x.svg, .*not used" "$tmp/publish-seal.err"; then
	say_ok "sealed: a file added deep in the previous site is found"
else
	say_bad "sealed: a file added to the previous site: exit $st"
fi
rm -rf "$tmp/publish-was" "$tmp/publish.strace"

# A record of sealed directories left by a killed build goes, a user's
# file of a like name stays.
fresh
"$b/benchsite" build -q -o "$site" samples 2>/dev/null
echo half >"$tmp/.publish-site.dirs.tmp-Ab12Cd"
echo mine >"$tmp/.publish-site.dirs.tmp-mine"
run "$b/benchsite" build -q -o "$site" "$runs" >/dev/null 2>"$tmp/publish-seal.err"
if [ ! -e "$tmp/.publish-site.dirs.tmp-Ab12Cd" ] && [ -f "$tmp/.publish-site.dirs.tmp-mine" ] &&
    grep -q "dirs.tmp-Ab12Cd: removed: left by a build" "$tmp/publish-seal.err"; then
	say_ok "a killed build's record of sealed directories is removed"
else
	say_bad "a killed build's record of sealed directories: $(head -1 "$tmp/publish-seal.err")"
fi
rm -f "$tmp/.publish-site.dirs.tmp-mine"
# ---- a disk that fills up ----
# On a file system smaller than the site (a tmpfs of its own, in a
# mount namespace), the build says it cannot write once for each process
# that met the full disk, not once a file, leaves the site it had and
# logs no job it did not make: once there is room, the next build gives
# the full build's site.
full=$tmp/publish-full-disk
if [ -z "$VALGRIND" ] && mkdir -p "$full" &&
    unshare --mount true 2>/dev/null; then
	B=$b RUNS=$runs FULL=$full REF=$ref unshare --mount sh -c '
		mount -t tmpfs -o size=400k tmpfs "$FULL" || exit 9
		"$B/benchsite" build -q -j 2 -o "$FULL/site" "$RUNS" \
		    >/dev/null 2>"$FULL/../publish-full1.err"
		echo $? >"$FULL/../publish-full1.rc"
		mount -o remount,size=16m "$FULL"
		"$B/benchsite" build -q -o "$FULL/site" "$RUNS" \
		    >/dev/null 2>"$FULL/../publish-full2.err"
		echo $? >"$FULL/../publish-full2.rc"
		diff -r "$FULL/site" "$REF" >"$FULL/../publish-full.diff" 2>&1
		echo $? >>"$FULL/../publish-full2.rc"
		umount "$FULL"'
	says=$(grep -c "No space left on device" "$tmp/publish-full1.err")
	if [ "$(cat "$tmp/publish-full1.rc")" = 3 ] && [ "$says" -ge 1 ] &&
	    [ "$says" -le 4 ] && grep -q "not replaced: the new site could not be written whole" \
	    "$tmp/publish-full1.err"; then
		say_ok "disk full: the build fails, saying so a few times"
	else
		say_bad "disk full: exit $(cat "$tmp/publish-full1.rc"), $says messages"
	fi
	if [ "$(cat "$tmp/publish-full2.rc" | tr '\n' ' ')" = "0 0 " ]; then
		say_ok "disk full: the next build with room is the full build's site"
	else
		say_bad "disk full: then with room: $(cat "$tmp/publish-full2.rc" | tr '\n' ' ') $(head -3 "$tmp/publish-full.diff")"
	fi
	rm -rf "$full" "$tmp"/publish-full[12].rc "$tmp/publish-full.diff"
else
	echo "skip publish: disk full: no mount namespace here"
fi

fresh
rm -rf "$ref" "$tmp"/publish-*.err "$tmp/publish-other" "$tmp/publish.diff"
