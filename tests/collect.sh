#!/bin/sh
# Tests of "collect" and "record" for one build directory: golden meta of
# the fake system trees in tests/collect (each a real layout), the bad
# cases, and a real tiny bonnie++ run recorded, read back, failed, killed
# and missing. Prints "ok NAME" / "FAIL: NAME" lines that tests/run.sh
# counts. UPDATE=1 rewrites the golden files; VALGRIND=1 runs benchsite
# under valgrind.
#
#     sh tests/collect.sh BUILD [TMP]

cd "$(dirname "$0")/.." || exit 4
b=$(cd "$1" && pwd) || exit 4
if [ -n "$2" ]; then
	tmp=$2/collect
	rm -rf "$tmp"
	mkdir -p "$tmp" || exit 4
else
	tmp=$(mktemp -d) || exit 4
	trap 'rm -rf "$tmp"' EXIT
fi

say_ok() { echo "ok $*"; }
say_bad() { echo "FAIL: $*"; }
check() {	# NAME CONDITION...: ok when the condition holds
	name=$1
	shift
	if "$@"; then say_ok "$name"; else say_bad "$name"; fi
}

# valgrind by its full path: some tests run benchsite with PATH emptied,
# some from another directory
vg=$(command -v valgrind)
supp=$PWD/tests/valgrind.supp
run() {
	if [ -n "$VALGRIND" ]; then
		"$vg" -q --error-exitcode=99 --leak-check=full --suppressions="$supp" \
			--errors-for-leak-kinds=all "$@"
	else
		"$@"
	fi
}

# Golden output of every fake tree: NAME TREE PATH. The date is fixed by
# SOURCE_DATE_EPOCH; stderr must stay empty and the status 0, whatever
# the tree lacks.
while read -r name tree path; do
	SOURCE_DATE_EPOCH=0 run "$b/benchsite" collect --sysroot \
		"tests/collect/$tree" "$path" >"$tmp/out" 2>"$tmp/err"
	status=$?
	g=tests/collect/$name.meta
	[ -n "$UPDATE" ] && cp "$tmp/out" "$g"
	if cmp -s "$tmp/out" "$g" && [ ! -s "$tmp/err" ] && [ $status -eq 0 ]
	then
		say_ok "collect $name"
	else
		say_bad "collect $name (exit $status)"
		diff -u "$g" "$tmp/out" | head -20
		head -5 "$tmp/err"
	fi
done <<'EOF'
sata sata /home/bench
sata-tmpfs sata /tmp
md-raid0 md-raid0 /data/bench
md-raid0-device md-raid0 /dev/md0
nvme-device nvme /dev/nvme0n1
lvm-md-raid1 lvm-md-raid1 /var/bench
nvme nvme /
nvme-space nvme /mnt/my data/x
virtio virtio /tmp/x
virtio-zram virtio /dev/zram0
virtio-loop virtio /dev/loop0
virtio-loop-buffered virtio /dev/loop1
broken broken /
broken-loop broken /loop
broken-missing broken /mnt/gone
broken-btrfs broken /mnt/btrfs
btrfs-raid1 btrfs /srv/pool/bench
btrfs-single btrfs-single /srv/pool
EOF

# The reader takes every golden file as a run's meta without a word:
# each key it knows reads (disks, raid, date).
mkdir -p "$tmp/metaruns"
for g in tests/collect/*.meta; do
	d=$tmp/metaruns/$(basename "$g" .meta)
	mkdir -p "$d"
	cp "$g" "$d/meta"
	cp samples/this-machine/default-64m/bonnie.txt "$d/"
done
"$b/benchsite" dump "$tmp/metaruns" >/dev/null 2>"$tmp/err"
check "the reader accepts every collected meta" test ! -s "$tmp/err"

# Bad input: no such PATH or system root, bad usage, a bad
# SOURCE_DATE_EPOCH: status 2, a message, nothing on standard output.
bad_case() {	# NAME EXPECTED-MESSAGE ARGS...
	name=$1 msg=$2
	shift 2
	run "$b/benchsite" collect "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ $status -eq 2 ] && [ ! -s "$tmp/out" ] &&
	    grep -q "$msg" "$tmp/err"; then
		say_ok "collect $name"
	else
		say_bad "collect $name: exit $status"; head -3 "$tmp/err"
	fi
}
bad_case "missing PATH" "^benchsite: $tmp/no/such: No such file" "$tmp/no/such"
bad_case "missing sysroot" "^benchsite: $tmp/none: not a directory" \
	--sysroot "$tmp/none" /
bad_case "no PATH" "^benchsite: collect: no PATH given"
bad_case "two PATHs" "^benchsite: collect: unexpected '/tmp' after PATH" / /tmp
bad_case "unknown option" "^benchsite: unknown option '--frob'" --frob /
SOURCE_DATE_EPOCH=soon bad_case "bad SOURCE_DATE_EPOCH" \
	"SOURCE_DATE_EPOCH: \"soon\" is not a number" /

# This machine: whatever it is, the file system holding a directory is
# found, and a relative PATH is taken from the working directory.
mkdir -p "$tmp/here"
run "$b/benchsite" collect "$tmp/here" >"$tmp/live" 2>"$tmp/err"
check "collect on this machine" grep -q '^filesystem: ' "$tmp/live"
here=$(cd "$tmp/here" && pwd -P)
(cd "$tmp/here" && run "$b/benchsite" collect . >"$tmp/rel" 2>&1)
check "collect with a relative PATH" \
	grep -q "^# benchsite collect: the storage under $here and" "$tmp/rel"

# --- record --------------------------------------------------------

bonnie=$(command -v bonnie++ || echo /usr/sbin/bonnie++)
[ -x "$bonnie" ] || { say_bad "record: bonnie++ is not installed"; exit 0; }
user=
[ "$(id -u)" = 0 ] && user="-u root"
mkdir -p "$tmp/scratch" "$tmp/bin"
ln -sf "$bonnie" "$tmp/bin/bonnie++"
runs=$tmp/runs

# A real tiny run: a complete run directory, nothing hidden left over,
# read back with one sample and its meta, rendered by build.
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$runs" --name good -- \
	bonnie++ -d "$tmp/scratch" -s 64 -r 32 -n 1 $user \
	>"$tmp/out" 2>"$tmp/err"
status=$?
check "record: bonnie++ succeeds (exit $status)" test $status -eq 0
check "record: the run holds its output and meta" test -s "$runs/good/bonnie.csv" \
	-a -s "$runs/good/bonnie.txt" -a -s "$runs/good/meta"
check "record: no temporary directory left" \
	test -z "$(find "$runs" -name '.*tmp*')"
for key in filesystem scheduler mount-options bonnie-options bonnie-version; do
	check "record: meta has $key" grep -q "^$key: " "$runs/good/meta"
done
"$b/benchsite" dump "$runs" >"$tmp/dump" 2>"$tmp/err"
check "record: dump reads 1 sample" test "$(grep -c '"from":' "$tmp/dump")" -eq 1
BENCHSITE_DATA=${BENCHSITE_DATA:-$PWD} "$b/benchsite" build -q -o "$tmp/site" \
	"$runs" >/dev/null 2>&1
check "record: build renders the run" test -s "$tmp/site/runs/good.html"

# The same name again: refused, the first run untouched.
cp -r "$runs/good" "$tmp/good.copy"
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$runs" --name good -- \
	bonnie++ -d "$tmp/scratch" >/dev/null 2>&1
status=$?
check "record: an existing name is refused (exit $status)" test $status -eq 2
check "record: the existing run is untouched" diff -r "$runs/good" "$tmp/good.copy"

# bonnie++ fails (no such scratch directory): its status is passed on,
# the run is NAME.failed with FAILED, and dump still sees one run only.
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$runs" --name bad -- \
	bonnie++ -d "$tmp/no-such-dir" -s 64 -r 32 -n 1 $user >/dev/null 2>&1
status=$?
check "record: a failing bonnie++'s status is passed on (exit $status)" \
	test $status -eq 1
check "record: a failed run is marked" test -d "$runs/bad.failed" \
	-a -s "$runs/bad.failed/FAILED" -a ! -e "$runs/bad"
"$b/benchsite" dump "$runs" >"$tmp/dump" 2>/dev/null
check "record: dump does not take a failed run for one" \
	test "$(grep -c '"id":' "$tmp/dump")" -eq 1

# bonnie++ killed part way: 128 + the signal, marked failed.
PATH=$tmp/bin:$PATH "$b/benchsite" record -o "$runs" --name killed -- \
	bonnie++ -d "$tmp/scratch" -s 1024 -r 32 -n 1 $user \
	>/dev/null 2>&1 &
pid=$!
child=
for i in $(seq 100); do
	child=$(pgrep -P $pid) && break
	sleep 0.1
done
sleep 0.5
[ -n "$child" ] && kill -KILL $child
wait $pid
status=$?
check "record: killed bonnie++ gives 128+9 (exit $status)" test $status -eq 137
check "record: a killed run is marked" grep -q 'killed by signal 9' \
	"$runs/killed.failed/FAILED"

# Default names: DATE-HOST-N, N counting up; a stand-in bonnie++ that
# prints a stored result makes these quick.
cat >"$tmp/bin/fake" <<'FAKE'
#!/bin/sh
cat "$FAKE_OUT"
exit "${FAKE_STATUS:-0}"
FAKE
chmod +x "$tmp/bin/fake"
grep '^1\.98,' samples/this-machine/csv-x3/bonnie.txt | head -1 >"$tmp/fake.csv"
for i in 1 2; do
	FAKE_OUT=$tmp/fake.csv SOURCE_DATE_EPOCH=0 run "$b/benchsite" record \
		-o "$tmp/named" -- "$tmp/bin/fake" -d "$tmp/scratch" \
		>/dev/null 2>&1
done
n=$(ls "$tmp/named" | grep -c '^1970-01-01-.*-[12]$')
check "record: default names count up" test "$n" -eq 2
FAKE_OUT=$tmp/fake.csv FAKE_STATUS=3 run "$b/benchsite" record -o "$tmp/named" \
	--name three -- "$tmp/bin/fake" >/dev/null 2>&1
check "record: status 3 passed on" test $? -eq 3 -a -d "$tmp/named/three.failed"
FAKE_OUT=/dev/null run "$b/benchsite" record -o "$tmp/named" --name empty -- \
	"$tmp/bin/fake" >/dev/null 2>&1
check "record: no result is a failure" test $? -eq 2 -a -d "$tmp/named/empty.failed"

# bonnie++ not installed: a clear message, status 2, nothing created.
PATH=/nonexistent run "$b/benchsite" record -o "$tmp/none" -- bonnie++ \
	-d "$tmp/scratch" >/dev/null 2>"$tmp/err"
status=$?
check "record: bonnie++ missing (exit $status)" test $status -eq 2 -a ! -e "$tmp/none"
check "record: bonnie++ missing is said" grep -q 'bonnie++: not found in PATH' "$tmp/err"
run "$b/benchsite" record -o "$tmp/none" >/dev/null 2>&1
check "record: no program is bad usage" test $? -eq 2
run "$b/benchsite" record --name .hidden -- bonnie++ >/dev/null 2>&1
check "record: a hidden name is bad usage" test $? -eq 2

# --- record -- fio ---------------------------------------------------

fio=$(command -v fio || echo /usr/bin/fio)
[ -x "$fio" ] || { say_bad "record: fio is not installed"; exit 0; }
ln -sf "$fio" "$tmp/bin/fio"
mkdir -p "$tmp/fioscratch"
cat >"$tmp/job.fio" <<JOB
[global]
directory=$tmp/fioscratch
size=4m
ioengine=psync
time_based
runtime=1

[rr]
rw=randread
bs=4k
JOB
# A real tiny fio run from a job file: JSON output, the job file kept,
# the meta of the directory it measured, one fio sample read back.
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$tmp/fruns" --name rr -- \
	fio "$tmp/job.fio" >"$tmp/out" 2>"$tmp/err"
status=$?
check "record fio: succeeds (exit $status)" test $status -eq 0
check "record fio: output, log, job file and meta" test -s "$tmp/fruns/rr/fio.json" \
	-a -f "$tmp/fruns/rr/fio.log" -a -s "$tmp/fruns/rr/job.fio" \
	-a -s "$tmp/fruns/rr/meta"
for key in filesystem mount-point fio-options fio-version; do
	check "record fio: meta has $key" grep -q "^$key: " "$tmp/fruns/rr/meta"
done
check "record fio: meta names the directory fio measured" \
	grep -q "^# benchsite collect: the storage under $(cd "$tmp/fioscratch" && pwd -P)" \
	"$tmp/fruns/rr/meta"
"$b/benchsite" dump "$tmp/fruns" >"$tmp/dump" 2>"$tmp/err"
check "record fio: dump reads its fio result" grep -q '"form": "json"' "$tmp/dump"
BENCHSITE_DATA=${BENCHSITE_DATA:-$PWD} "$b/benchsite" build -q -o "$tmp/fsite" \
	"$tmp/fruns" >/dev/null 2>&1
check "record fio: build has its workload's page" \
	test -s "$tmp/fsite/metrics/randread-4k-qd1-j1-psync.iops.html"
# fio's note on standard output before its JSON (a synchronous engine
# given a queue depth) goes to fio.log: fio.json stays JSON.
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$tmp/fruns" --name note -- \
	fio --name=nt --directory="$tmp/fioscratch" --size=4m --rw=read \
	--ioengine=psync --iodepth=4 >/dev/null 2>&1
check "record fio: fio's note before its JSON moved to fio.log" \
	test "$(head -c 1 "$tmp/fruns/note/fio.json")" = "{"
check "record fio: the note kept in fio.log" \
	grep -q "^note: .*synchronous I/O engine" "$tmp/fruns/note/fio.log"
# Asked for its text summary, fio's output is fio.txt, read back the same.
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$tmp/fruns" --name rt -- \
	fio --output-format=normal "$tmp/job.fio" >/dev/null 2>&1
check "record fio: text output kept as fio.txt" test -s "$tmp/fruns/rt/fio.txt" \
	-a ! -e "$tmp/fruns/rt/fio.json"
"$b/benchsite" dump "$tmp/fruns" >"$tmp/dump" 2>"$tmp/err"
check "record fio: dump reads its text result" grep -q '"form": "text"' "$tmp/dump"
# Options given apart from their values, as fio takes them: the place
# measured and the format are read, and the file fio writes is no job
# file to keep.
: >"$tmp/fioscratch/data.img"
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$tmp/fruns" --name apart -- \
	fio --output-format normal --name=ap --filename "$tmp/fioscratch/data.img" \
	--size=4m --rw=read --time_based --runtime=1 >/dev/null 2>&1
check "record fio: options apart: text output kept as fio.txt" \
	test -s "$tmp/fruns/apart/fio.txt"
check "record fio: options apart: meta of the file's directory" \
	grep -q "^# benchsite collect: the storage under $(cd "$tmp/fioscratch" && pwd -P)" \
	"$tmp/fruns/apart/meta"
check "record fio: options apart: fio's data file not kept" \
	test ! -e "$tmp/fruns/apart/data.img"
# fio fails (an option it does not know): marked failed, status passed on.
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$tmp/fruns" --name bad -- \
	fio --name=x --no-such-option=1 >/dev/null 2>&1
status=$?
check "record fio: a failing fio's status is passed on (exit $status)" \
	test $status -ne 0 -a -d "$tmp/fruns/bad.failed" -a ! -e "$tmp/fruns/bad"
check "record fio: FAILED names fio's files" grep -q 'fio.log' \
	"$tmp/fruns/bad.failed/FAILED"
# fio's own --output would leave the run empty: refused before it runs.
PATH=$tmp/bin:$PATH run "$b/benchsite" record -o "$tmp/fruns" --name out -- \
	fio --output "$tmp/out.json" "$tmp/job.fio" >/dev/null 2>"$tmp/err"
status=$?
check "record fio: --output refused (exit $status)" test $status -eq 2 \
	-a ! -e "$tmp/fruns/out" -a ! -e "$tmp/out.json"
check "record fio: --output refused, said why" grep -q "^benchsite: record: fio's --output=.*leave the option out" "$tmp/err"
PATH=/nonexistent run "$b/benchsite" record -o "$tmp/none" -- fio x.fio \
	>/dev/null 2>"$tmp/err"
check "record fio: fio missing is said" grep -q 'fio: not found in PATH; install fio' "$tmp/err"
exit 0
