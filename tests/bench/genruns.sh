#!/bin/sh
# genruns.sh: synthetic RUNS trees for the benchmark, deterministic.
#
#   sh tests/bench/genruns.sh [-s SEED] [-H HOSTS] [-f FIRST] N RUNS
#       writes N runs into RUNS (made if missing): RUNS/HOST/YYYY-MM-DD/
#       with meta, bonnie.txt and/or bonnie.csv, notes.md on some; with
#       -f FIRST only the runs from index FIRST on (the run numbered N-1
#       of "-f N-1 N" is the one a tree of N-1 runs lacks).
#   sh tests/bench/genruns.sh -l [-s SEED] [-H HOSTS] [-f FIRST] N RUNS
#       prints those runs' directories, writing nothing.
#   sh tests/bench/genruns.sh [-s SEED] [-H HOSTS] -c N
#       prints N bonnie++ 2.00a CSV lines (format 1.98, what bon_csv2html
#       reads) of the same hosts on standard output.
#
# Shape (HOSTS=50): one single-disk reference run per controller (7),
# then every host every night from 2021-01-01, 1-3 iterations a run;
# 7 controllers from the samples with their disk model, RAID none, 0,
# 1, 10, 5 on 1-4 disks, xfs/ext3/ext4/btrfs, kernels changing a few
# times (with the scheduler), bonnie++ 1.03 text+CSV, 1.97 text+CSV
# (some as -q: table and CSV in separate files), 2.00a text+CSV and 2.00a
# -x N CSV only, by host. Figures are the real ones of samples/ and
# tests/parse/ scaled by disks and layout, +-3% jitter; block writes drop
# 20% at some night on one host in eight (with a firmware change in the
# meta on half of those). The same SEED gives the same bytes with any
# POSIX awk; a tree of N runs is a prefix of a larger one.
# Size (mawk, 2 cores): 1 000 runs 6 MB (du 13 MB), 0.3 s; 10 000 runs
# 60 MB (du 125 MB), 5 s; 100 000 runs 600 MB (du 1.3 GB, 216 000
# files), 35 s.
set -eu

seed=1 hosts=50 first=0 csv= list=
while getopts ls:H:f:c: o; do
	case $o in
	s) seed=$OPTARG ;;
	H) hosts=$OPTARG ;;
	f) first=$OPTARG ;;
	c) csv=$OPTARG ;;
	l) list=1 ;;
	*) echo "usage: $0 [-l] [-s SEED] [-H HOSTS] [-f FIRST] N RUNS | -c N" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
here=$(dirname "$0")
AWK=${AWK:-awk}

if [ -n "$csv" ]; then
	exec $AWK -v mode=csv -v n="$csv" -v hosts="$hosts" -v seed="$seed" \
		-f "$here/genruns.awk"
fi

[ $# -eq 2 ] || { echo "usage: $0 [-s SEED] [-H HOSTS] [-f FIRST] N RUNS" >&2; exit 2; }
n=$1 out=${2%/}
if [ -n "$list" ]; then
	exec $AWK -v mode=dirs -v n="$n" -v first="$first" -v hosts="$hosts" \
		-v seed="$seed" -v out="$out" -f "$here/genruns.awk"
fi
mkdir -p "$out"
$AWK -v mode=dirs -v n="$n" -v first="$first" -v hosts="$hosts" -v seed="$seed" \
	-v out="$out" -f "$here/genruns.awk" | xargs mkdir -p
$AWK -v mode=files -v n="$n" -v first="$first" -v hosts="$hosts" -v seed="$seed" \
	-v out="$out" -f "$here/genruns.awk"
