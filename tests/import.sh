#!/bin/sh
# Tests of "benchsite import" for one build directory: each post
# tests/import/CASE.txt is imported and the tree it gives compared with
# tests/import/CASE.expect/ (diff -r), and loaded again by "benchsite dump"
# without a complaint about its meta; then the exit statuses, and that an
# import never writes into a directory that exists. Prints "ok NAME" /
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

# A second import of a post goes beside the first, never into it.
post=tests/import/seed-000.txt
out=$tmp/twice
run "$b/benchsite" import -o "$out" "$post" >/dev/null 2>&1
cp -R "$out" "$tmp/twice.first"
run "$b/benchsite" import -o "$out" "$post" >/dev/null 2>"$tmp/stderr"
if [ $? -eq 0 ] && diff -r "$tmp/twice.first/seed-000" "$out/seed-000" \
    >/dev/null && diff -r "$out/seed-000" "$out/seed-000-2" >/dev/null &&
    grep -q 'exists; imported into' "$tmp/stderr"; then
	say_ok "$b import twice: second copy beside the first"
else
	say_bad "$b import twice: existing directory touched or no copy"
fi

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
