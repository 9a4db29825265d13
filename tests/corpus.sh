#!/bin/sh
# The measured corpus (tests/corpus/README.md): every truth file scored
# against "benchsite parse --format json" of its input. Prints "ok NAME"
# or "FAIL: NAME" lines for tests/run.sh: any wrong, missing or extra
# figure not in tests/corpus/exceptions fails, and so does a README whose
# "Reading accuracy" totals are not the ones measured.
cd "$(dirname "$0")/.." || exit 4
b=${1:-build}
tmp=$(mktemp) || exit 4
trap 'rm -f "$tmp"' EXIT
if python3 tests/corpus/score.py "$b" tests/corpus/*.truth >"$tmp"; then
	echo "ok corpus: every figure of the truth files read right"
else
	grep -v '^known: ' "$tmp" | grep -v '^Corpus: '
fi
totals=$(grep '^Corpus: ' "$tmp")
if [ -n "$totals" ] && grep -qxF "$totals" README.md; then
	echo "ok corpus: README totals as measured"
else
	echo "FAIL: corpus: README.md does not say '$totals'"
fi
