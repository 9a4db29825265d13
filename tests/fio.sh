#!/bin/sh
# The fio reader (read/fio_*.c) through "benchsite parse BUILD":
# - the golden files of tests/parse-fio/ (fio's own outputs with a .why
#   each): stdout and stderr as recorded (UPDATE=1 rewrites them);
# - the outputs holding one run in two forms (both-*.out): the text and
#   terse figures agree with the run's JSON;
# - the public fio corpus beside the project (../shared/fio-corpus, or
#   FIO_CORPUS, when it is there): every value its EXPECTED.json lists is found.
# With VALGRIND=1, the goldens alone, each parse under valgrind memcheck.
# Prints "ok NAME" or "FAIL: NAME" per check, for tests/run.sh.
cd "$(dirname "$0")/.." || exit 4
b=${1:-build}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT

# run: under valgrind memcheck with VALGRIND=1 (the goldens, and
# nothing else).
. tests/site-lib.sh

for f in tests/parse-fio/*.out; do
	g=${f%.out}
	run "$b/benchsite" parse "$f" >"$tmp/out" 2>"$tmp/err"
	echo "exit $?" >>"$tmp/err"
	if [ -n "$UPDATE" ]; then
		cp "$tmp/out" "$g.json"
		cp "$tmp/err" "$g.err"
	fi
	if [ ! -f "$g.why" ]; then
		echo "FAIL: $f has no .why"
	elif cmp -s "$tmp/out" "$g.json" && cmp -s "$tmp/err" "$g.err"; then
		echo "ok fio parse $f"
	else
		echo "FAIL: fio parse $f"
		diff -u "$g.json" "$tmp/out" | head -20
		diff -u "$g.err" "$tmp/err" | head -10
	fi
done

[ -n "$VALGRIND" ] && exit 0

for f in tests/parse-fio/both-*.out; do
	if "$b/benchsite" parse "$f" 2>/dev/null |
	    python3 tests/fio_compare.py --agree "$f" >"$tmp/agree"; then
		echo "ok fio forms agree $f"
	else
		echo "FAIL: fio forms agree $f"
	fi
	cat "$tmp/agree"
done

# An md array's own util is 0 on most kernels: the disk util read is the
# busiest device's, its members' aggregate (aggrutil, aggr_util) counted.
disk_util() {	# FILE WANT
	"$b/benchsite" parse "$1" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
u = {j["disk_util"] for r in d["fio"] for j in r["jobs"]}
sys.exit(0 if u == {float(sys.argv[1])} else 1)' "$2" &&
		echo "ok fio disk util of an md array in $1" ||
		echo "FAIL: fio disk util of $1 is not $2"
}
disk_util tests/cases/fio-raid10-fdatasync-qd1/input/node2-ax161/1-md3-raid10/fio.txt 98.1

# A named pipe is read as it comes, whenever its writer opens it: the
# reader must not open and close it first (that drops what was written).
mkfifo "$tmp/pipe"
fifo_ok=0
for i in 1 2 3 4 5 6 7 8 9 10; do
	cat tests/parse-fio/json-randread.out >"$tmp/pipe" &
	timeout 10 "$b/benchsite" parse "$tmp/pipe" >"$tmp/pipe.out" 2>&1 &&
	    grep -q '"form": "json"' "$tmp/pipe.out" && fifo_ok=$((fifo_ok + 1))
	kill $! 2>/dev/null
	wait
done
[ $fifo_ok = 10 ] && echo "ok fio parse of a named pipe" ||
	echo "FAIL: fio parse of a named pipe: $fifo_ok of 10 read"

# fio_json FILE IOPS RW... : a fio 3 JSON output of one job per RW
# pattern (4k, libaio, direct), each direction at IOPS.
fio_json() {
	f=$1 iops=$2
	shift 2
	{
		printf '{"fio version": "fio-3.33", "jobs": ['
		sep=
		for rw in "$@"; do
			printf '%s{"jobname": "%s", "job options": ' "$sep" "$rw"
			printf '{"rw": "%s", "bs": "4k", "ioengine": "libaio", ' "$rw"
			printf '"direct": "1"}'
			for dir in read write; do
				printf ', "%s": {"io_bytes": 4194304, ' $dir
				printf '"io_kbytes": 4096, "bw": %s, ' $((iops * 4))
				printf '"iops": %s, "runtime": 1000}' "$iops"
			done
			printf '}'
			sep=,
		done
		printf ']}\n'
	} >"$f"
}

# A run read from the cache keeps its figures' order: its metric ids
# come in the order its keys were met, and a run added since (whose
# read job puts "read" first in the table) must not hide them.
mkdir -p "$tmp/order/runs/a" "$tmp/order/runs/b" "$tmp/order/runs/c"
fio_json "$tmp/order/runs/a/fio.json" 1000 write
fio_json "$tmp/order/runs/b/fio.json" 1100 read write
fio_json "$tmp/order/runs/c/fio.json" 1000 write
find "$tmp/order/runs" -exec touch -d 2026-01-01 {} +
check_json() {
	XDG_CACHE_HOME="$tmp/order/xdg" "$b/benchsite" check --format json \
	    "$tmp/order/runs" >"$1" 2>/dev/null
}
check_json "$tmp/order/first.json"
mkdir "$tmp/order/runs/0"
fio_json "$tmp/order/runs/0/fio.json" 900 read
find "$tmp/order/runs/0" -exec touch -d 2026-01-01 {} +
check_json "$tmp/order/warm.json"
rm -rf "$tmp/order/xdg"
check_json "$tmp/order/cold.json"
if cmp -s "$tmp/order/warm.json" "$tmp/order/cold.json" &&
    grep -q '"samples": 1' "$tmp/order/warm.json"; then
	echo "ok fio cached runs keep their figures when a run is added"
else
	echo "FAIL: fio cached runs keep their figures when a run is added"
	diff "$tmp/order/cold.json" "$tmp/order/warm.json" | head -10
fi

# One run kept as fio's text in one file and its JSON in another, the
# text first by name, and a night of the JSON alone: fdatasync=1 is in
# the JSON's options only, and both nights' figures take its key, so
# the second night is compared with the first.
both=tests/parse-fio/both-json-normal-fdatasync.out
mkdir -p "$tmp/split/a" "$tmp/split/b"
sed -n '2,/^}$/p' "$both" >"$tmp/split/a/fio.json"
{ sed -n 1p "$both"; sed -n '/^}$/,$p' "$both" | sed 1d; } \
	>"$tmp/split/a/fio-a.txt"
cp "$tmp/split/a/fio.json" "$tmp/split/b/fio.json"
if XDG_CACHE_HOME="$tmp/split/xdg" "$b/benchsite" check --format json \
    "$tmp/split" 2>/dev/null | grep -A2 '"id": "b"' |
    grep -q '"base": "a"'; then
	echo "ok fio a run's text and JSON in two files take the JSON's key"
else
	echo "FAIL: fio a run's text and JSON in two files take the JSON's key"
fi

# beside the project, unless FIO_CORPUS names it
corpus=${FIO_CORPUS:-}
[ -z "$corpus" ] && [ -f ../shared/fio-corpus/EXPECTED.json ] &&
	corpus=../shared/fio-corpus
if [ -z "$corpus" ]; then
	echo "fio corpus not found at ../shared/fio-corpus: its checks skipped"
	exit 0
fi
for f in "$corpus"/[0-9]*; do
	name=$(basename "$f")
	if "$b/benchsite" parse "$f" 2>/dev/null |
	    python3 tests/fio_compare.py "$corpus/EXPECTED.json" "$name" \
	    >"$tmp/cmp"; then
		echo "ok fio corpus $name"
	else
		echo "FAIL: fio corpus $name"
	fi
	cat "$tmp/cmp"
done
disk_util "$corpus/02-fioplot-2.18-json-randread-usec.json" 51.310237
