"""Scores "benchsite parse --format json" against the truth files of
tests/corpus (format in tests/corpus/README.md). Prints one line per
mismatch, then the totals; exits 1 when a mismatch is not in the
exceptions file or an exception no longer happens."""
import json
import shlex
import subprocess
import sys

IO = ["putc", "put_block", "rewrite", "getc", "get_block", "seeks"]
FILES = ["seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat",
         "ran_del"]
SUFFIX = {"k": 1, "m": 1024, "g": 1024 * 1024}
LAT = {"us": 1, "ms": 1000, "s": 1000000}


def read_truth(path):
    inp, recs, rec = None, [], None
    for no, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.lstrip().startswith("#"):
            continue
        # shlex: a machine name with spaces is written in quotes
        w = shlex.split(line)
        if not w:
            continue
        if w[0] == "input":
            inp = w[1]
        elif w[0] == "record":
            rec = {"name": "" if w[1] == "-" else w[1],
                   "size": None if w[2] == "-" else w[2], "cells": {},
                   "where": "%s:%d" % (path, no)}
            recs.append(rec)
        elif w[0] in ("io", "files"):
            names = IO if w[0] == "io" else FILES
            cells = w[1:] if w[0] == "io" else w[2:]
            if w[0] == "files":
                rec["files"] = w[1]
            for m, c in zip(names, cells):
                rec["cells"][m] = c
        elif w[0] == "latency":
            rec["latency"] = w[1:]
        else:
            sys.exit("%s:%d: unknown line" % (path, no))
    return inp, recs


def number(cell):
    """The figure in KiB/s (or /s) and how far the printed digits may
    be from it: half a unit of the last digit of an m or g cell."""
    if cell[-1] in SUFFIX:
        digits = cell[:-1].split(".")
        step = 10.0 ** -(len(digits[1]) if len(digits) > 1 else 0)
        mult = SUFFIX[cell[-1]]
        return float(cell[:-1]) * mult, (step / 2 * mult if mult > 1 else 0)
    return float(cell), 0


def latency_us(cell):
    for unit in ("us", "ms", "s"):
        if cell.endswith(unit):
            return float(cell[:-len(unit)]) * LAT[unit]
    raise ValueError(cell)


def check_cell(exp, got, out):
    """Appends (kind, what) for one truth cell: rate then %CP."""
    if exp in ("-", "?"):
        return
    if exp == "+":
        out.append(("rate", got["state"] == "too_fast", got["state"]))
        return
    rate, cpu = (exp.split("/") + [None])[:2]
    want, rounded = number(rate)
    ok = got["state"] == "ok"
    if ok:
        tol = 0.51 + rounded
        ok = abs(got["value"] - want) <= tol
    out.append(("rate", ok, got.get("value", got["state"])))
    if cpu is not None:
        want_cpu = None if cpu == "+" else int(cpu)
        out.append(("cpu", got["cpu"] == want_cpu, got["cpu"]))


def score(build):
    tot = dict(rexp=0, rfound=0, rmiss=0, rextra=0, vexp=0, vright=0,
               vwrong=0, vmiss=0)
    problems = []
    truths = sorted(sys.argv[2:])
    for t in truths:
        inp, recs = read_truth(t)
        res = subprocess.run([build + "/benchsite", "parse", "--format",
                              "json", inp], capture_output=True)
        found = json.loads(res.stdout)["results"]
        used = [False] * len(found)
        tot["rexp"] += len(recs)
        for rec in recs:
            k = next((i for i, f in enumerate(found) if not used[i] and
                      f["name"] == rec["name"] and f["size"] == rec["size"]),
                     None)
            checks = []
            metrics = found[k]["metrics"] if k is not None else None
            for m in IO + FILES:
                if m in rec["cells"]:
                    got = metrics[m] if metrics else {"state": "none",
                                                      "cpu": None}
                    check_cell(rec["cells"][m], got, checks)
            for m, c in zip(IO + FILES, rec.get("latency", [])):
                if c != "-":
                    got = metrics[m]["latency_us"] if metrics else None
                    checks.append(("latency", got == latency_us(c), got))
            if "files" in rec:
                got = found[k]["files"] if metrics else None
                checks.append(("files", got == rec["files"], got))
            tot["vexp"] += len(checks)
            if k is None:
                tot["rmiss"] += 1
                tot["vmiss"] += len(checks)
                problems.append("%s: record %s %s missed" %
                                (t, rec["name"] or "-", rec["size"] or "-"))
                continue
            used[k] = True
            tot["rfound"] += 1
            for kind, ok, got in checks:
                if ok:
                    tot["vright"] += 1
                elif got in (None, "not_run", "invalid", "none"):
                    tot["vmiss"] += 1
                    problems.append("%s: %s %s missing" %
                                    (t, rec["name"] or "-", kind))
                else:
                    tot["vwrong"] += 1
                    problems.append("%s: %s %s wrong (%s)" %
                                    (t, rec["name"] or "-", kind, got))
        for i, f in enumerate(found):
            if not used[i]:
                tot["rextra"] += 1
                problems.append("%s: extra record %s" % (t, f["name"]))
    return tot, problems


def main():
    tot, problems = score(sys.argv[1])
    known = set()
    try:
        for line in open("tests/corpus/exceptions", encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                known.add(line.rstrip("\n"))
    except FileNotFoundError:
        pass
    bad = False
    for p in problems:
        print(("known: " if p in known else "FAIL: corpus ") + p)
        bad |= p not in known
    for k in sorted(known - set(problems)):
        print("FAIL: corpus exception no longer happens: " + k)
        bad = True
    print("Corpus: %d inputs; records %d expected, %d found, %d missed, "
          "%d extra; values %d expected, %d right, %d wrong, %d missing" %
          (len(sys.argv) - 2, tot["rexp"], tot["rfound"], tot["rmiss"],
           tot["rextra"], tot["vexp"], tot["vright"], tot["vwrong"],
           tot["vmiss"]))
    sys.exit(1 if bad else 0)


main()
