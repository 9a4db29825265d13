#!/usr/bin/env python3
"""Compares what "benchsite parse" read from one fio output (its JSON on
standard input) with the values a reader must find (EXPECTED.json of the
fio corpus, the entry of FILE). Prints one line per value, found or
missed, and exits 1 on any miss or on a job count that differs."""
import json
import sys


def flatten(parsed):
    """The (name, direction, side) of every job's direction with I/O, in
    the order the file gives them."""
    out = []
    for run in parsed.get("fio", []):
        for job in run["jobs"]:
            for d in ("read", "write", "trim"):
                if job.get(d):
                    out.append((job["name"], d, job[d]))
    return out


def value(side, key):
    if key == "clat_mean_us":
        return (side.get("clat_us") or {}).get("mean")
    if key == "clat_p99_us":
        return side["clat_percentiles_us"].get("p99")
    if key == "sync_mean_us":
        return (side.get("sync_us") or {}).get("mean")
    if key == "sync_p99_us":
        return (side.get("sync_percentiles_us") or {}).get("p99")
    return side.get(key)


def agree(name):
    """The figures of the other forms of one run (text, terse) against
    its JSON, the first result: equal to the digits they print (1%)."""
    runs = json.load(sys.stdin).get("fio", [])
    misses = 0
    checked = 0
    if len(runs) < 2:
        print("%s: %d results, not a JSON one and another" % (name, len(runs)))
        sys.exit(1)
    want = flatten({"fio": runs[:1]})
    for other in runs[1:]:
        have = flatten({"fio": [other]})
        if len(have) != len(want):
            print("%s: %s has %d directions, JSON %d"
                  % (name, other["form"], len(have), len(want)))
            misses += 1
            continue
        for (wn, wd, ws), (hn, hd, hs) in zip(want, have):
            for key in ("iops", "bw_kib", "clat_mean_us", "clat_p99_us",
                        "sync_mean_us", "sync_p99_us", "io_bytes",
                        "runtime_ms"):
                w, h = value(ws, key), value(hs, key)
                # syncs: only of a job that made them, and terse has none
                if key.startswith("sync") and ((w is None and h is None) or
                                               other["form"] == "terse"):
                    continue
                checked += 1
                # terse prints latencies in whole microseconds
                slack = 1.0 if other["form"] == "terse" and \
                    key.startswith("clat") else 0.0
                if (wn, wd) != (hn, hd) or w is None or h is None or \
                        abs(w - h) > 0.01 * abs(w) + slack:
                    print("%s: %s %s %s: %s, JSON %s"
                          % (name, other["form"], wd, key, h, w))
                    misses += 1
    print("%s: %d figures of other forms agree with JSON, %d do not"
          % (name, checked - misses, misses))
    sys.exit(1 if misses else 0)


def main():
    if sys.argv[1] == "--agree":
        agree(sys.argv[2])
    expected_path, name = sys.argv[1], sys.argv[2]
    files = json.load(open(expected_path))["files"]
    want = next(f for f in files if f["file"] == name)
    have = flatten(json.load(sys.stdin))
    misses = 0
    found = 0
    total = 0
    if len(have) != len(want["jobs"]):
        print("%s: %d job directions read, %d expected"
              % (name, len(have), len(want["jobs"])))
        misses += 1
    for i, job in enumerate(want["jobs"]):
        got = have[i] if i < len(have) else None
        for key in ("iops", "bw_kib", "clat_mean_us", "clat_p99_us"):
            if key not in job:
                continue
            total += 1
            tol = job.get("tols", {}).get(key, job["tol"])
            v = value(got[2], key) if got else None
            ok = (got is not None and got[0] == job["name"] and
                  got[1] == job["dir"] and v is not None and
                  abs(v - job[key]) <= tol * abs(job[key]))
            found += ok
            misses += not ok
            if not ok:
                print("%s: job %d (%s %s) %s: found %s, expected %s"
                      % (name, i, job["name"], job["dir"], key,
                         None if got is None else (got[0], got[1], v),
                         job[key]))
    print("%s: %d of %d values found" % (name, found, total))
    sys.exit(1 if misses else 0)


main()
