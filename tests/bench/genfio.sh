#!/bin/sh
# genfio.sh: a file of fio JSON and JSON+ documents back to back, as a
# loop of fio runs writes them, for the benchmark of "benchsite parse"
# against jq. Deterministic: the same SEED and N give the same bytes with
# any POSIX awk (its own PRNG), and nothing is fetched.
#
#   sh tests/bench/genfio.sh [-s SEED] [-n DOCS] > BIG.json
#
# The documents are real fio 3.33 outputs (Debian's fio), taken in turn:
# those of tests/bench/fio/ (see its README) and the JSON documents of
# six goldens of tests/parse-fio/ (json-2jobs-grouped, json-qd-sweep,
# json-randread, jsonplus-randrw, both-json-normal, both-json-terse).
# Each copy gets its own job names (NAME-DOC), timestamps (an hour
# apart) and figures (every number but the ids, error and time fields
# times a factor of 0.8 to 1.2 drawn per document, integers kept whole).
# Size (mawk, 2 cores): DOCS 3400 (the default) is 53 MB in 6 s; every
# document is JSON, so "jq ." reads the whole file.
set -eu

seed=1 n=3400
while getopts s:n: o; do
	case $o in
	s) seed=$OPTARG ;;
	n) n=$OPTARG ;;
	*) echo "usage: $0 [-s SEED] [-n DOCS]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
here=$(dirname "$0")
root=$here/../..

exec ${AWK:-awk} -v seed="$seed" -v n="$n" '
function rnd() {			# Park-Miller: exact in doubles
	R = (R * 48271) % 2147483647
	return R / 2147483647
}
# Every document read: a line "{" to a line "}" (fio prints its documents
# so; the goldens have text around theirs).
FNR == 1 { inside = 0 }
/^\{/ && !inside { inside = 1; nd++; nl[nd] = 0 }
inside { line[nd, ++nl[nd]] = $0 }
/^\}/ && inside { inside = 0 }
END {
	skip["groupid"] = skip["error"] = skip["eta"] = skip["elapsed"] = 1
	skip["runtime"] = skip["job_runtime"] = 1
	R = seed % 2147483646 + 1
	for (k = 0; k < n; k++) {
		d = k % nd + 1
		f = 0.8 + 0.4 * rnd()
		for (i = 1; i <= nl[d]; i++) {
			s = line[d, i]
			if (s !~ /^ *"[^"]*" : -?[0-9][0-9.]*,?$/) {
				if (s ~ /^ *"(jobname|name)" : "/)
					sub(/",?$/, sprintf("-%05d&", k), s)
				print s
				continue
			}
			q = index(s, "\" : ")
			key = substr(s, 1, q - 1)
			sub(/^ *"/, "", key)
			v = substr(s, q + 4)
			comma = sub(/,$/, "", v) ? "," : ""
			if (key in skip)
				out = v
			else if (key == "timestamp")
				out = sprintf("%.0f", v + 3600 * k)
			else if (key == "timestamp_ms")
				out = sprintf("%.0f", v + 3600000 * k)
			else if (index(v, "."))
				out = sprintf("%.6f", v * f)
			else
				out = sprintf("%.0f", int(v * f + 0.5))
			print substr(s, 1, q + 3) out comma
		}
	}
}' "$here"/fio/*.json $(for g in json-2jobs-grouped json-qd-sweep json-randread \
	    jsonplus-randrw both-json-normal both-json-terse; do
		echo "$root/tests/parse-fio/$g.out"; done)
