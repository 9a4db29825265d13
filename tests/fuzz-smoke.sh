#!/bin/sh
# One fuzz target's smoke run for "make fuzz-smoke": a fixed number of
# inputs from a fixed seed, the same on every run; the log's tail when it
# finds something. "make fuzz-smoke" runs a target a processor.
#
#   sh tests/fuzz-smoke.sh FUZZ_BUILD TARGET

fb=$1 t=$2
cd "$(dirname "$0")/.." || exit 4
case $t in
fuzz_build) runs=150 ;;
fuzz_import) runs=2000 ;;
fuzz_cache) runs=3000 ;;
fuzz_pngenc) runs=5000 ;;
*) runs=20000 ;;
esac
echo "fuzz smoke: $t, $runs inputs from seed 1"
rm -rf "$fb/smoke-$t"
mkdir -p "$fb/smoke-$t" || exit 4
if ! BENCHSITE_DATA=$(pwd) "$fb/$t" -seed=1 -runs=$runs -max_len=65536 \
    -timeout=20 -rss_limit_mb=2048 "$fb/smoke-$t" "$fb/seed-$t" \
    >"$fb/$t.log" 2>&1; then
	tail -30 "$fb/$t.log"
	exit 1
fi
