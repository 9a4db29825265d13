#!/bin/sh
# The user guide against the program: README.md promises only what is so.
# - every "benchsite COMMAND" in a code block names a command of
#   "benchsite help" and only options its "COMMAND --help" lists (a
#   command shown with its "unknown ..." error is a mistake on purpose);
# - every ```console block ("$ COMMAND", then lines of its output, "..."
#   for lines left out) is what the command prints on samples/ today;
# - each CI snippet (a ```yaml block) installs, through sudo, exactly the
#   build's Debian packages of the Makefile's "deps" list (make, gcc,
#   pkg-config, the -dev packages, the fonts), is valid YAML, and its gate
#   exits as the guide says;
# - every relative link of README.md and CONTRIBUTING.md names a file that
#   exists (and a heading there, for a #fragment);
# - the quick start is "make demo" and "make check", and the screenshot is
#   the size "make screenshot" takes, under 200 KB.
# Prints "ok NAME" / "FAIL: NAME" lines that tests/run.sh counts.
#
#     sh tests/readme.sh BUILD [TMP]

cd "$(dirname "$0")/.." || exit 4
root=$(pwd)
b=$(cd "$1" && pwd) || exit 4
if [ -n "$2" ]; then
	tmp=$2/readme
	rm -rf "$tmp"
	mkdir -p "$tmp" || exit 4
else
	tmp=$(mktemp -d) || exit 4
	trap 'rm -rf "$tmp"' EXIT
fi

say_ok() { echo "ok $*"; }
say_bad() { echo "FAIL: $*"; }

# Splits README.md's fenced blocks into $tmp/blocks/N.LANG, in order.
mkdir -p "$tmp/blocks"
awk -v dir="$tmp/blocks" '
	/^```/ && !inb { inb = 1; n++; lang = substr($0, 4); if (lang == "") lang = "text"
		f = sprintf("%s/%03d.%s", dir, n, lang); printf "" >f; next }
	/^```/ && inb { inb = 0; close(f); next }
	inb { print >f }' README.md

# --- commands and options --------------------------------------------

commands=$("$b/benchsite" help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
# Every line of a code block: the fenced ones and the indented ones.
{
	cat "$tmp"/blocks/*
	awk '/^```/ { inb = !inb; next } !inb && /^    [^ -]/' README.md
} >"$tmp/code"
# Lines of "$ benchsite ..." whose output is a usage error, shown on purpose.
awk '/^\$ / { cmd = $0; next }
	cmd != "" && /^benchsite: unknown / { print substr(cmd, 3) } { cmd = "" }' \
	"$tmp/code" >"$tmp/mistakes"
# (A line starting "benchsite: " is the program's message, not a command.)
grep -E '(^|[ "$:(])(\./|build/)?benchsite [a-z]+( |$)' "$tmp/code" |
    grep -v '^benchsite: ' | sed 's/^\$ //' | grep -vxF -f "$tmp/mistakes" |
    sed -E 's/.*(^|[ "$:(])(\.\/|build\/)?benchsite ([a-z]+)/\3/' |
    sort -u >"$tmp/uses"
n=0
while read -r cmd rest; do
	n=$((n + 1))
	if ! echo "$commands" | grep -qx "$cmd"; then
		say_bad "readme: 'benchsite $cmd' is not a command"
		continue
	fi
	"$b/benchsite" "$cmd" --help >"$tmp/help" 2>&1
	bad=
	for w in $(echo "$rest" | sed 's/ #.*//'); do
		w=${w#[}
		w=${w%]}
		case $w in
		'|' | '||' | '&&' | ';' | '>' | '>>' | '<' | --) break ;;
		--*=*) opt=${w%%=*} ;;
		--*) opt=$w ;;
		-?*) opt=$(printf '%.2s' "$w") ;;
		*) continue ;;
		esac
		grep -qE -- "^  (-[a-zA-Z], )?$opt( |,|\$)" "$tmp/help" ||
			bad="$bad $opt"
	done
	if [ -n "$bad" ]; then
		say_bad "readme: benchsite $cmd has no option$bad ($cmd $rest)"
	else
		say_ok "readme: benchsite $cmd $rest"
	fi
done <"$tmp/uses"
[ "$n" -ge 20 ] && say_ok "readme: $n benchsite commands checked" ||
	say_bad "readme: only $n benchsite commands found in code blocks"

# --- console excerpts ------------------------------------------------

# match EXPECTED OUTPUT: the expected lines are lines of the output, each
# run of them consecutive, "..." between them for lines left out; without
# a final "...", the last run ends the output.
match() {
	awk 'FILENAME == ARGV[1] { want[++nw] = $0; next } { have[++nh] = $0 }
	END {
		pos = 1; i = 1
		while (i <= nw) {
			if (want[i] == "...") { i++; continue }
			j = i; while (j <= nw && want[j] != "...") j++
			found = 0
			for (s = pos; s + (j - i) - 1 <= nh && !found; s++) {
				ok = 1
				for (k = i; k < j && ok; k++)
					if (have[s + k - i] != want[k]) ok = 0
				if (ok) { found = 1; pos = s + (j - i) }
			}
			if (!found) { print "missing: " want[i]; exit 1 }
			if (j > nw && pos <= nh) { print "more after: " want[j - 1]; exit 1 }
			i = j
		}
	}' "$1" "$2"
}
n=0
for block in "$tmp"/blocks/*.console; do
	[ -f "$block" ] || continue
	dir=$tmp/console-$(basename "$block" .console)
	mkdir -p "$dir"
	cp -R samples "$dir/samples"
	# One file per command: the command, then the lines it should print.
	awk -v dir="$dir" '/^\$ / { n++; f = sprintf("%s/cmd.%02d", dir, n)
		print substr($0, 3) >f; next } n { print >f }' "$block"
	for c in "$dir"/cmd.*; do
		cmd=$(head -1 "$c")
		tail -n +2 "$c" >"$c.want"
		(cd "$dir" && PATH="$b:$PATH" SOURCE_DATE_EPOCH= sh -c "$cmd") \
			>"$c.have" 2>&1
		n=$((n + 1))
		if why=$(match "$c.want" "$c.have"); then
			say_ok "readme: \$ $cmd"
		else
			say_bad "readme: \$ $cmd prints otherwise: $why"
		fi
	done
done
[ "$n" -ge 8 ] && say_ok "readme: $n console excerpts checked" ||
	say_bad "readme: only $n console excerpts"

# --- CI snippets -----------------------------------------------------

# The Makefile's deps list, and of it what the build needs.
make -s -n --no-print-directory deps |
    sed -n 's/.*--no-install-recommends \([^;]*\);.*/\1/p' | tr ' ' '\n' |
    grep -E '^(make|gcc|pkg-config|.*-dev|fonts-.*)$' | sort -u >"$tmp/build-pkgs"
modules=$(make -s -n --no-print-directory deps-ok |
    sed -n 's/^for p in \(.*\); do.*/\1/p' | wc -w)
devs=$(grep -c -- '-dev$' "$tmp/build-pkgs")
if [ "$modules" -gt 0 ] && [ "$devs" -eq "$modules" ] &&
    grep -qx pkg-config "$tmp/build-pkgs" && grep -q '^fonts-' "$tmp/build-pkgs"; then
	say_ok "readme: the Makefile's build packages ($(wc -l <"$tmp/build-pkgs"))"
else
	say_bad "readme: $devs -dev packages in make deps for $modules pkg-config modules"
fi
n=0
for y in "$tmp"/blocks/*.yaml; do
	[ -f "$y" ] || continue
	n=$((n + 1))
	name="readme: CI snippet $(basename "$y")"
	# Shell lines continued with a backslash are one command.
	sed -e ':a' -e '/\\$/N; s/\\\n[ ]*/ /; ta' "$y" | grep 'apt-get install' |
	    while read -r line; do
		pkgs=$(echo "$line" | sed 's/.*apt-get install//; s/[;&|].*//' |
			tr ' ' '\n' | grep -v '^-' | grep . | sort -u)
		echo "$pkgs" | grep -qxF -f "$tmp/build-pkgs" || continue
		case $line in *"sudo apt-get install"*) ;; *) echo "no sudo" ;; esac
		echo "$pkgs" | cmp -s - "$tmp/build-pkgs" && echo same ||
			echo "$pkgs" | diff "$tmp/build-pkgs" - | grep '^[<>]' | tr '\n' ' '
	done >"$tmp/apt"
	if [ "$(sort -u "$tmp/apt")" = same ]; then
		say_ok "$name installs the build's packages"
	else
		say_bad "$name: packages differ from make deps: $(cat "$tmp/apt")"
	fi
	if command -v python3 >/dev/null && python3 -c 'import yaml' 2>/dev/null; then
		python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$y" \
			2>"$tmp/yaml" && say_ok "$name is YAML" ||
			say_bad "$name is not YAML: $(tail -1 "$tmp/yaml")"
	fi
done
[ "$n" -ge 2 ] && say_ok "readme: $n CI snippets" ||
	say_bad "readme: $n CI snippets, not GitHub and GitLab"

# ci_dir NAME: a directory as a CI job sees it: ./benchsite, runs/.
ci_dir() {
	rm -rf "$tmp/$1"
	mkdir -p "$tmp/$1" && cp -R samples "$tmp/$1/runs" &&
		ln -s "$b/benchsite" "$tmp/$1/benchsite"
}
# The GitHub gate: reports written, then the job fails with check's 1.
gh=$(grep -l GITHUB_STEP_SUMMARY "$tmp"/blocks/*.yaml | head -1)
awk '/- name: Judge the runs/ { on = 1; next }
	on && /run: \|/ { run = 1; ind = -1; next }
	run { if ($0 !~ /^ *$/) { i = match($0, /[^ ]/); if (ind < 0) ind = i
		if (i < ind) exit }; print substr($0, ind) }' "${gh:-/dev/null}" \
	>"$tmp/judge.sh"
ci_dir gh
(cd "$tmp/gh" && GITHUB_STEP_SUMMARY=summary.md bash -e "$tmp/judge.sh") \
	>"$tmp/gh.out" 2>&1
status=$?
failures=$(xmllint --xpath 'string(/testsuites/@failures)' "$tmp/gh/junit.xml" \
	2>/dev/null)
if [ -s "$tmp/judge.sh" ] && [ $status -eq 1 ] && [ "${failures:-0}" -gt 0 ] &&
    head -1 "$tmp/gh/summary.md" | grep -q '^### .* benchsite: 18 runs: 4 fail'; then
	say_ok "readme: the GitHub gate writes JUnit and the summary, then exits 1"
else
	say_bad "readme: the GitHub gate: exit $status, $failures failures, $(head -3 "$tmp/gh.out")"
fi
# The GitLab job's script after record: JUnit kept, the site built, exit 1.
gl=$(grep -l 'reports: { junit' "$tmp"/blocks/*.yaml | head -1)
ci_dir gl
sed -n 's/^    - \(\.\/benchsite \(check\|build\) .*\)/\1/p' "${gl:-/dev/null}" \
	>"$tmp/gl.sh"
(cd "$tmp/gl" && sh -e "$tmp/gl.sh") >"$tmp/gl.out" 2>&1
status=$?
if [ "$(wc -l <"$tmp/gl.sh")" -eq 2 ] && [ $status -eq 1 ] &&
    [ -s "$tmp/gl/junit.xml" ] && [ -f "$tmp/gl/public/index.html" ]; then
	say_ok "readme: the GitLab job keeps JUnit and public/, then exits 1"
else
	say_bad "readme: the GitLab job: exit $status, $(head -3 "$tmp/gl.out")"
fi

# --- links -----------------------------------------------------------

# slugs FILE: the fragments GitHub makes of its headings.
slugs() {
	awk '/^```/ { inb = !inb; next } !inb && /^#+ / { sub(/^#+ /, ""); print }' "$1" |
		tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}
for doc in README.md CONTRIBUTING.md; do
	links=$(awk '/^```/ { inb = !inb; next } !inb' "$doc" |
		grep -o '](\([^)]*\))' | sed 's/^](//; s/)$//' | sort -u)
	n=0
	for l in $links; do
		case $l in http://* | https://* | mailto:*) continue ;; esac
		n=$((n + 1))
		file=${l%%#*}
		frag=
		case $l in *"#"*) frag=${l#*#} ;; esac
		target=${file:-$doc}
		if [ ! -e "$(dirname "$doc")/$target" ]; then
			say_bad "readme: $doc links to $l: no such file"
		elif [ -n "$frag" ] && ! slugs "$target" | grep -qxF "$frag"; then
			say_bad "readme: $doc links to $l: no such heading"
		else
			say_ok "readme: $doc links to $l"
		fi
	done
	[ "$n" -ge 2 ] && say_ok "readme: $doc has $n relative links" ||
		say_bad "readme: $doc has only $n relative links"
done

# --- quick start and screenshot --------------------------------------

quick=$(awk '/^## Quick start/ { on = 1; next } on && /^## / { exit }
	on && /^    [^ ]/ { print $1, $2 }' README.md)
[ "$quick" = "make demo
make check" ] && say_ok "readme: the quick start is make demo, make check" ||
	say_bad "readme: the quick start is: $quick"
shot=docs/screenshot.png
size=$(wc -c <"$shot" 2>/dev/null || echo 0)
# A PNG's width and height are the big-endian words at bytes 16 and 20.
dims=$(od -An -tu1 -j16 -N8 "$shot" 2>/dev/null | awk '{
	printf "%d,%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
	    (($5 * 256 + $6) * 256 + $7) * 256 + $8 }')
want=$(make -s -p -n --no-print-directory deps-ok 2>/dev/null |
	sed -n 's/^SCREENSHOT_SIZE = //p' | head -1)
if [ "$(head -c 4 "$shot" | od -An -c | tr -d ' ')" = '211PNG' ] &&
    [ "$size" -lt 204800 ] && [ -n "$want" ] && [ "$dims" = "$want" ] &&
    grep -q "](docs/screenshot.png)" README.md; then
	say_ok "readme: the screenshot, $dims, $size bytes"
else
	say_bad "readme: the screenshot: $dims (make screenshot: $want), $size bytes"
fi
