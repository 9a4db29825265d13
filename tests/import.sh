#!/bin/sh
# Tests of "benchsite import" for one build directory: each post
# tests/import/CASE.txt is imported and the tree it gives compared with
# tests/import/CASE.expect/ (diff -r), and loaded again by "benchsite dump"
# without a complaint about its meta; that importing a post again, or a
# reply quoting it, adds no run for what RUNS already holds; then the exit
# statuses. Prints "ok NAME" /
# "FAIL: NAME" lines that tests/run.sh counts. UPDATE=1 rewrites the
# expected trees; VALGRIND=1 runs benchsite under valgrind memcheck.

b=$1
tmp=${2:-}
cd "$(dirname "$0")/.." || exit 4
[ -n "$b" ] && [ -x "$b/benchsite" ] || {
	echo "usage: sh tests/import.sh BUILD_DIR [TMP_DIR]" >&2
	exit 4
}
if [ -z "$tmp" ]; then
	tmp=$(mktemp -d) || exit 4
	trap 'rm -rf "$tmp"' EXIT
fi
tmp=$tmp/import
rm -rf "$tmp" && mkdir -p "$tmp" || exit 4

say_ok() { echo "ok $*"; }
say_bad() { echo "FAIL: $*"; }

run() {
	if [ -n "$VALGRIND" ]; then
		valgrind -q --error-exitcode=99 --leak-check=full \
			--suppressions=tests/valgrind.supp \
			--errors-for-leak-kinds=definite,indirect,possible "$@"
	else
		"$@"
	fi
}

for post in tests/import/*.txt; do
	name=$(basename "$post" .txt)
	expect=tests/import/$name.expect
	out=$tmp/$name
	run "$b/benchsite" import -o "$out" "$post" >"$tmp/stdout" 2>"$tmp/stderr"
	status=$?
	if [ $status -eq 0 ]; then
		say_ok "$b import $name: exit 0"
	else
		say_bad "$b import $name: exit $status"
		head -5 "$tmp/stderr"
	fi
	if [ -n "$UPDATE" ]; then
		rm -rf "$expect" && cp -R "$out" "$expect"
	fi
	if diff -r "$expect" "$out" >"$tmp/diff" 2>&1; then
		say_ok "$b import $name: tree"
	else
		say_bad "$b import $name: tree differs from $expect"
		head -20 "$tmp/diff"
	fi
	# What import writes reads back as runs, its guesses as meta.
	"$b/benchsite" dump "$out" >/dev/null 2>"$tmp/dump.err"
	if [ $? -eq 0 ] && ! grep -q '/meta:' "$tmp/dump.err"; then
		say_ok "$b import $name: dump"
	else
		say_bad "$b import $name: dump complains"
		head -5 "$tmp/dump.err"
	fi
done

# Importing a post twice adds no run the second time and changes nothing
# of the first; a reply quoting it ("> " before each line) and adding a
# result of its own adds that result alone. For every post.
reply_table() {
	cat <<'TABLE'

Same box with the patch applied, one run:

Version  1.03       ------Sequential Output------ --Sequential Input- --Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
patched          2G 31337  71 57221  23 24410   9 30118  66 91442  13 377.7   1
TABLE
}
for post in tests/import/*.txt; do
	name=$(basename "$post" .txt)
	out=$tmp/again-$name
	run "$b/benchsite" import -o "$out" "$post" >/dev/null 2>&1
	cp -R "$out" "$tmp/again.first"
	run "$b/benchsite" import -o "$out" "$post" >"$tmp/stdout" 2>"$tmp/stderr"
	s=$?
	if [ $s -eq 0 ] && [ ! -s "$tmp/stdout" ] &&
	    diff -r "$tmp/again.first" "$out" >/dev/null &&
	    grep -q "skipped [1-9][0-9]* results* already in" "$tmp/stderr"; then
		say_ok "$b import $name twice: no run added, nothing changed"
	else
		say_bad "$b import $name twice: exit $s, runs added or changed"
		head -5 "$tmp/stdout" "$tmp/stderr"
	fi
	# a mail program quotes what it decoded, not the quoted-printable
	# it received
	if grep -qi '^Content-Transfer-Encoding: quoted-printable' "$post"; then
		python3 -c 'import quopri, sys
sys.stdout.buffer.write(quopri.decodestring(sys.stdin.buffer.read()))' \
		    <"$post" >"$tmp/decoded"
	else
		cp "$post" "$tmp/decoded"
	fi
	{ sed 's/^/> /' "$tmp/decoded"; reply_table; } >"$tmp/re-$name.txt"
	run "$b/benchsite" import -o "$out" "$tmp/re-$name.txt" \
	    >"$tmp/stdout" 2>"$tmp/stderr"
	s=$?
	if [ $s -eq 0 ] && [ "$(wc -l <"$tmp/stdout")" -eq 1 ] &&
	    grep -q '^patched  *2G 31337' "$(cat "$tmp/stdout")/bonnie.txt" &&
	    diff -r "$tmp/again.first/$name" "$out/$name" >/dev/null; then
		say_ok "$b import reply quoting $name: only the new result"
	else
		say_bad "$b import reply quoting $name: exit $s, runs:"
		head -5 "$tmp/stdout" "$tmp/stderr"
	fi
	rm -rf "$tmp/again.first"
done

# A result quoted again in the same post, or posted again under another
# name, is imported once, and said.
for want in reply-repost:1:result reply-renamed:2:results; do
	name=${want%%:*}
	said="$name.txt: skipped $(echo "$want" | cut -d: -f2) quoted ${want##*:} already present"
	run "$b/benchsite" import -o "$tmp/quoted-$name" "tests/import/$name.txt" \
	    >/dev/null 2>"$tmp/stderr"
	if grep -q "$said" "$tmp/stderr"; then
		say_ok "$b import $name: the copies skipped and said"
	else
		say_bad "$b import $name: no \"$said\""
		head -5 "$tmp/stderr"
	fi
done

# A post with a patch is read on each side of the diff; what the lines
# both sides share say is said once.
cat >"$tmp/patch-post.txt" <<'POST'
With the patch below, bonnie++ gives:

               Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP
2.4.20           1G 13001  97 34939  18 13034   7 12175  92 34112  14

--- a/drivers/block/elevator.c
+++ b/drivers/block/elevator.c
@@ -1,3 +1,3 @@
 int x;
-int y = 1;
+int y = 2;
POST
run "$b/benchsite" import -o "$tmp/patch-runs" "$tmp/patch-post.txt" \
    >/dev/null 2>"$tmp/stderr"
if [ -s "$tmp/stderr" ] && [ -z "$(sort "$tmp/stderr" | uniq -d)" ]; then
	say_ok "$b import a post with a patch: each message once"
else
	say_bad "$b import a post with a patch: messages repeated or none"
	head -6 "$tmp/stderr"
fi

post=tests/import/seed-000.txt
# Exit statuses: bad usage and unreadable input are 2, an unwritable
# destination is 3.
for args in "import" "import -o" "import -x $post" \
    "import -o $tmp/s2 tests/import/no-such-post.txt"; do
	run "$b/benchsite" $args >/dev/null 2>&1
	s=$?
	label=$(echo "$args" | sed "s|$tmp/||")
	if [ $s -eq 2 ]; then say_ok "$b benchsite $label: exit 2"; else
		say_bad "$b benchsite $label: exit $s, not 2"; fi
done
: >"$tmp/a-file"
run "$b/benchsite" import -o "$tmp/a-file" "$post" >/dev/null 2>&1
s=$?
if [ $s -eq 3 ]; then say_ok "$b import into a file: exit 3"; else
	say_bad "$b import into a file: exit $s, not 3"; fi
# RUNS's missing parents are made, as record makes them; one that is a
# file is said.
rm -rf "$tmp/new"
run "$b/benchsite" import -o "$tmp/new/lab/runs" "$post" >/dev/null 2>&1
s=$?
if [ $s -eq 0 ] && [ -n "$(ls "$tmp/new/lab/runs")" ]; then
	say_ok "$b import makes RUNS's parents"
else
	say_bad "$b import into missing parents: exit $s"
fi
run "$b/benchsite" import -o "$tmp/a-file/runs" "$post" >/dev/null \
	2>"$tmp/under-file.err"
s=$?
if [ $s -eq 3 ] && grep -q "a-file: cannot create: Not a directory" \
    "$tmp/under-file.err"; then
	say_ok "$b import under a file: said, exit 3"
else
	say_bad "$b import under a file: exit $s, $(cat "$tmp/under-file.err")"
fi

# A post with no result in it imports nothing, and says so with exit 2
# (a CI step "import && check" stops there); one imported again, whose
# results are all in RUNS already, has done its job: exit 0.
printf 'Subject: slow array\n\nThe array reads at 20 MB/s; any idea?\n' \
    >"$tmp/no-result.txt"
run "$b/benchsite" import -o "$tmp/none" "$tmp/no-result.txt" >/dev/null \
    2>"$tmp/no-result.err"
s=$?
if [ $s -eq 2 ] && grep -q "no-result.txt: no bonnie++ or fio output found" \
    "$tmp/no-result.err"; then
	say_ok "$b import of a post with no result: said, exit 2"
else
	say_bad "$b import of a post with no result: exit $s"
fi
run "$b/benchsite" import -o "$tmp/again" "$post" >/dev/null 2>&1
run "$b/benchsite" import -o "$tmp/again" "$post" >/dev/null 2>&1
s=$?
if [ $s -eq 0 ]; then say_ok "$b import of a post again: exit 0"; else
	say_bad "$b import of a post again: exit $s, not 0"; fi

# Twelve runs of one post are named 01 to 12, so that their names sort as
# the post has them (10 is not before 2).
i=1
while [ $i -le 12 ]; do
	printf 'Run %d:\n\nbox,2G,%d000,90,%d0000,20,20000,10,30000,90,60000,10,150.0,1,16,1000,20,+++++,+++,2000,20,1000,20,+++++,+++,2000,20\n\nwith change %d\n\n' \
	    $i $((30 + i)) $((3 + i)) $i
	i=$((i + 1))
done >"$tmp/twelve.txt"
run "$b/benchsite" import -o "$tmp/twelve" "$tmp/twelve.txt" >"$tmp/stdout" \
    2>/dev/null
first=$(head -1 "$tmp/stdout" | sed 's|.*/||')
last=$(tail -1 "$tmp/stdout" | sed 's|.*/||')
if [ "$(wc -l <"$tmp/stdout")" -eq 12 ] && [ "${first%%-*}" = 01 ] &&
    [ "${last%%-*}" = 12 ]; then
	say_ok "$b import of 12 runs: named 01 to 12"
else
	say_bad "$b import of 12 runs: $(wc -l <"$tmp/stdout") runs, $first .. $last"
fi
