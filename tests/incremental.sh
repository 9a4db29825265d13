#!/bin/sh
# Incremental builds and checks against full ones, for one build
# directory: a generated tree (tests/bench/genruns.sh) is changed round
# by round with seeded random edits (a meta line, notes, a result file
# touched or changed, a run removed or added, a directory made in a run,
# RUNS/index.md, RUNS/meta,
# the style sheet, an option, or nothing), and after each round the
# incremental build of one site must give the very bytes of a --full
# build of another (every file, its messages and exit status), and
# check --format json with its warm cache those of a check with none.
# A round that waits for the stamps to settle and changes nothing must
# find the site unchanged without rendering anything. Prints "ok NAME" /
# "FAIL: NAME" lines that tests/run.sh counts.
#
#   sh tests/incremental.sh BUILD_DIR TMP [SEED]

b=$1
tmp=$2/incremental
seed=${3:-7}
cd "$(dirname "$0")/.." || exit 4
. tests/site-lib.sh

rm -rf "$tmp"
mkdir -p "$tmp/data" "$tmp/xdg" || exit 4
runs=$tmp/runs inc=$tmp/inc full=$tmp/full
cp -r templates assets "$tmp/data/"
export BENCHSITE_DATA="$tmp/data" XDG_CACHE_HOME="$tmp/xdg"
sh tests/bench/genruns.sh -s "$seed" -H 6 60 "$runs" || exit 4
extra=60	# runs genruns has not written yet

# pick N: a number in 0..N-1, the next of the seeded sequence (its
# place kept in a file: pick runs in command substitutions).
echo 0 >"$tmp/step"
pick() {
	k=$(($(cat "$tmp/step") + 1))
	echo $k >"$tmp/step"
	awk -v s="$seed" -v k="$k" -v n="$1" \
	    'BEGIN { srand(s * 7919 + k); print int(rand() * n) }'
}

# a_run: one run directory of the tree, chosen by the sequence.
a_run() {
	find "$runs" -mindepth 2 -type d | LC_ALL=C sort >"$tmp/dirs"
	n=$(wc -l <"$tmp/dirs")
	sed -n "$(($(pick "$n") + 1))p" "$tmp/dirs"
}

opts=
edit() {
	d=$(a_run)
	r=${d#"$runs"/}
	case $(pick 14) in
	0) echo "firmware: 1.$(pick 9)" >>"$d/meta"; what="meta of $r" ;;
	1) echo "Seen on round $round." >>"$d/notes.md"; what="notes of $r" ;;
	2) f=$(ls "$d" | grep bonnie | head -1)
	   touch "$d/$f"; what="$r/$f touched" ;;
	3) f=$(ls "$d" | grep 'bonnie.*txt' | head -1)
	   [ -n "$f" ] && sed -i '0,/[1-9]/s/[1-9]/&0/' "$d/$f"
	   what="a figure of $r/$f" ;;
	4) rm -r "$d"; what="$r removed" ;;
	5) sh tests/bench/genruns.sh -s "$seed" -H 6 -f $extra \
	       $((extra + 2)) "$runs"
	   extra=$((extra + 2)); what="two runs added" ;;
	6) echo "Round $round." >>"$runs/index.md"; what="index.md" ;;
	7) echo "noise.put_block: 1$(pick 9)%" >>"$runs/meta"
	   what="RUNS/meta" ;;
	8) echo "/* round $round */" >>"$tmp/data/assets/style.css"
	   what="style sheet" ;;
	9) opts=$([ -z "$opts" ] && echo "--threshold 7%")
	   what="options '$opts'" ;;
	10) what="nothing" ;;
	11) echo "dmesg of round $round" >"$d/dmesg-$round.txt"
	    what="a file added to $r" ;;
	12) f=$(ls "$d" | grep -v -e bonnie -e meta | head -1)
	    [ -n "$f" ] && rm "$d/$f"
	    what="${f:-no} file removed from $r" ;;
	13) mkdir -p "$d/sysinfo" && echo "round $round" >"$d/sysinfo/lspci"
	    what="a directory made in $r" ;;
	esac
}

# same NAME A B: the two files or trees hold the same bytes.
same() {
	if diff -r "$2" "$3" >"$tmp/diff" 2>&1; then say_ok "$1"; else
		say_bad "$1"; head -20 "$tmp/diff"; fi
}

# builds OUT NAME [--full]: a build of the tree into OUT, its messages
# (with the site's name made SITE) and status into NAME.err.
builds() {
	out=$1 name=$2
	shift 2
	run "$b/benchsite" build -q -j 2 $opts "$@" -o "$out" "$runs" \
	    2>"$tmp/$name.raw"
	echo "exit $?" >>"$tmp/$name.raw"
	sed "s|$out|SITE|g" "$tmp/$name.raw" >"$tmp/$name.err"
}

compare() {
	builds "$inc" inc
	rm -rf "$full" "$tmp/.full.cache" "$tmp/.full.prev"
	builds "$full" full --full
	same "incremental: round $round ($what): the site" \
	    "$inc" "$full"
	same "incremental: round $round ($what): messages and status" \
	    "$tmp/inc.err" "$tmp/full.err"
	run "$b/benchsite" check --format json $opts "$runs" \
	    >"$tmp/warm.json" 2>&1
	XDG_CACHE_HOME="$tmp/none" run "$b/benchsite" check --format json \
	    $opts "$runs" >"$tmp/cold.json" 2>&1
	same "incremental: round $round ($what): check --format json" \
	    "$tmp/warm.json" "$tmp/cold.json"
	rm -rf "$tmp/none"
}

# The job log and its lines differ between an incremental and a full
# build by design: compare without them.
diff() { command diff -x .benchsite-jobs "$@"; }

round=0 what="a new site"
builds "$inc" inc
for round in 1 2 3 4 5 6 7 8; do
	edit
	[ $((round % 2)) -eq 0 ] && edit
	# Half the rounds let the stamps settle, so that the cache and the
	# no-change check trust them; the others build at once.
	[ $((round % 3)) -eq 0 ] || sleep 3
	compare
done

# Nothing changed since a build with settled stamps: the site is kept
# as it is, not rendered again (its files keep their inodes), and the
# messages and status are the same.
sleep 3
builds "$inc" before
ls -iR "$inc" >"$tmp/inodes.before"
builds "$inc" inc
ls -iR "$inc" >"$tmp/inodes.after"
if grep -q "^built-from	" "$inc/.benchsite-jobs" &&
    cmp -s "$tmp/inodes.before" "$tmp/inodes.after" &&
    cmp -s "$tmp/before.err" "$tmp/inc.err"; then
	say_ok "incremental: nothing changed, nothing rendered"
else
	say_bad "incremental: a build with nothing changed touched the site"
fi
# A build that finds every run directory with the stamp the loader's
# cache holds opens none of them to list it (only the hosts' directories
# above them, and the directories that hold directories, which the cache
# does not keep, with those they hold), and writes no new cache (its
# inode stays).
sleep 3
builds "$inc" before
ls -i "$tmp/.inc.cache" >"$tmp/cache.before"
strace -f -e trace=openat -o "$tmp/strace" "$b/benchsite" build -q -j 2 \
    $opts -o "$inc" "$runs" 2>/dev/null
ls -i "$tmp/.inc.cache" >"$tmp/cache.after"
dirs=$(grep -c "O_NOFOLLOW|O_CLOEXEC|O_DIRECTORY" "$tmp/strace")
listed=$({ find "$runs" -mindepth 1 -maxdepth 1 -type d
    find "$runs" -mindepth 3 -type d
    find "$runs" -mindepth 3 -type d -exec dirname {} \; ; } |
    sort -u | wc -l)
if [ "$dirs" -eq "$listed" ] &&
    cmp -s "$tmp/cache.before" "$tmp/cache.after"; then
	say_ok "incremental: unchanged run directories not listed, cache kept"
else
	say_bad "incremental: $dirs directories opened, not $listed," \
	    "cache $(cat "$tmp/cache.before") then $(cat "$tmp/cache.after")"
fi
# A meta edited in place (its directory's stamp unchanged, settled
# above): the run is read again, not taken by its directory's stamp.
round=last what="a meta edited in place"
d=$(a_run)
echo "firmware: 9.9" >>"$d/meta"
compare
# check wrote its cache outside RUNS, and no output names it.
if [ -z "$(find "$runs" -name '*.cache*')" ] &&
    [ -n "$(ls "$tmp/xdg/benchsite")" ] &&
    ! grep -q "$tmp/xdg" "$tmp/warm.json" "$tmp/inc.err"; then
	say_ok "incremental: check's cache is outside RUNS and unnamed"
else
	say_bad "incremental: check's cache in RUNS or named in an output"
fi
rm -rf "$tmp"
