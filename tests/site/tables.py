"""Checks the table files of a built site (tests/site.sh): every page
with a runs, metric or results table (the overview, run, samples,
metric, "by KEY", series and compare pages) links its PAGE.csv and
PAGE.json under the table, both exist and parse (csv, json), say the
same, and their figures, shown in the page's unit with the page's rule
of decimals (model/display.c), their changes, dates and verdicts are
the page's cells. Prints "ok NAME" / "FAIL: NAME" lines; the arguments
are the site and, optionally, a name to put before each line's."""
import csv
import html.parser
import json
import math
import os
import sys

TABLES = {"runs", "metric", "results"}
FIGURE_UNITS = {"KiB/s", "/s"}
# A table's first column: what its rows are.
FIRST = ("Run", "Sample", "Series", "Metric")
# Columns the page shows as the file gives them.
SAME_TEXT = {"Date", "What changed", "Verdict", "Gate"}
# A compare page's columns that are not figures of its row's metric.
PAIR_TEXT = {"Metric", "Unit", "Change", "Verdict"}


class Page(html.parser.HTMLParser):
    """The page's tables (rows of cell texts, headers without their unit
    span, cells without their "sub" line) and its downloads' links."""

    def __init__(self):
        super().__init__()
        self.tables, self.links = [], []
        self.table = self.cell = None
        self.skip = 0
        self.in_downloads = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "table" and TABLES & set(cls):
            self.table = []
            self.tables.append(self.table)
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th") and self.table is not None and self.table:
            self.cell = []
        elif tag == "span" and self.cell is not None:
            if self.skip or "sub" in cls or "unit" in cls:
                self.skip += 1
        elif tag == "p" and "downloads" in cls:
            self.in_downloads = True
        elif tag == "a" and self.in_downloads:
            self.links.append(a.get("href", ""))

    def handle_endtag(self, tag):
        if tag == "table":
            self.table = None
        elif tag in ("td", "th") and self.cell is not None:
            self.table[-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "span" and self.skip:
            self.skip -= 1
        elif tag == "p":
            self.in_downloads = False

    def handle_data(self, data):
        if self.cell is not None and not self.skip:
            self.cell.append(data)


def fine_decimals(v):
    mag = abs(v)
    d = 1
    if 0 < mag < 1:
        d = 1 - math.floor(math.log10(mag))
    return min(d, 9)


# The files give 12 significant digits: a figure whose next digit was
# a half may have been rounded either way on the page.
EITHER_WAY = (1 - 1e-11, 1 + 1e-11)


def shown(seeks, unit, text):
    """A CSV figure as the page shows it."""
    if text == "":
        return ("", "\u2013")
    if text in ("+++++", "invalid"):
        return (text,)
    fine = 1000 if seeks else 100
    return tuple("%.*f" % (fine_decimals(v) if v < fine else 0, v)
                 for v in (float(text) * f /
                           (1024 if unit == "KiB/s" else 1)
                           for f in EITHER_WAY))


def split_head(head):
    """"Block write (KiB/s)" into its name and unit."""
    if head.endswith(")") and " (" in head:
        name, unit = head[:-1].rsplit(" (", 1)
        return name, unit
    return head, None


def percent(v):
    """A change as display_percent gives it, signed: the figures' rule
    of decimals, decided on the figure rounded to one decimal, and no
    sign on what prints as zero."""
    mag = abs(v)
    text = "%.*f" % (fine_decimals(mag) if round(mag * 10) < 1000 else 0,
                     mag)
    sign = "" if text.strip("0.") == "" else "-" if v < 0 else "+"
    return sign + text + "%"


def shown_change(text):
    """A CSV change (per cent) as the page shows it, "~" (within the
    noise) and the verdict's arrow left out."""
    if text == "":
        return ("", "+++++", "no figure")
    return tuple(percent(float(text) * f) for f in EITHER_WAY)


def check_cell(rel, label, name, unit, cell, value):
    """Whether the page's cell shows the file's value; None when the
    column is not checked."""
    base = os.path.basename(rel)[:-len(".html")]
    if unit in FIGURE_UNITS:
        seeks = (name == "Random seeks" or label == "Random seeks" or
                 rel == "metrics/seeks.html")
        return cell.lstrip("~") in shown(seeks, unit, value)
    if name in ("Samples", "CPU") or name in SAME_TEXT:
        return cell == value
    if name == "Change" and unit == "%":
        return cell.lstrip("~").strip(" \u25bc\u25b2") in shown_change(value)
    if rel.startswith("compare/") and name == base:
        # "by KEY": the page, like the file, gives the value on every
        # row, so that a row sorted away from its group still says it.
        return cell == value
    return None


def json_cell(v):
    if v is None:
        return ""
    if v == "too_fast":
        return "+++++"
    if v in ("not_run",):
        return ""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return repr(v) if isinstance(v, float) else str(v)
    return v


def check_page(site, rel, problems):
    page = Page()
    with open(os.path.join(site, rel), encoding="utf-8") as f:
        page.feed(f.read())
    if not page.tables:
        return False
    base = os.path.basename(rel)[:-len(".html")]
    want = [base + ".csv", base + ".json"]
    page.tables = [t for t in page.tables if t and t[0] and
                   t[0][0] in FIRST]
    if not page.tables:
        return False
    if [u for u in page.links if u in want] != want:
        problems.append("links %s, not %s" % (page.links, want))
        return True
    dir_ = os.path.dirname(os.path.join(site, rel))
    try:
        with open(os.path.join(dir_, want[0]), newline="",
                  encoding="utf-8") as f:
            rows = list(csv.reader(f))
        with open(os.path.join(dir_, want[1]), encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError, csv.Error) as e:
        problems.append(str(e))
        return True
    head, rows = rows[0], rows[1:]
    cols = [split_head(h) for h in head]
    jcols = [(c["name"], c["unit"]) for c in doc["columns"]]
    if jcols != cols:
        problems.append("JSON columns %s, CSV %s" % (jcols, cols))
    jrows = [[json_cell(v) for v in r] for r in doc["rows"]]
    if jrows != rows:
        problems.append("JSON rows are not the CSV rows")
    by_label = {r[0]: r for r in rows}
    # A compare page's rows are metrics, each with its unit in a column.
    unit_col = cols.index(("Unit", None)) if ("Unit", None) in cols else None
    seen = set()
    for table in page.tables:
        names = table[0]
        for tr in table[1:]:
            label = tr[0]
            row = by_label.get(label)
            if row is None:
                problems.append("row %r not in the CSV" % label)
                continue
            seen.add(label)
            for k, name in enumerate(names):
                idx = [i for i, c in enumerate(cols) if c[0] == name]
                if not idx or k >= len(tr):
                    continue
                i = idx[0]
                unit = cols[i][1]
                if unit_col is not None and name not in PAIR_TEXT:
                    unit = row[unit_col]
                ok = check_cell(rel, label, name, unit, tr[k], row[i])
                if ok is False:
                    problems.append("%s, %s: page %r, file %r" %
                                    (label, name, tr[k], row[i]))
    if seen != set(by_label):
        problems.append("CSV rows not on the page: %s" %
                        sorted(set(by_label) - seen))
    return True


def main():
    site = sys.argv[1]
    lead = sys.argv[2] + ": " if len(sys.argv) > 2 else ""
    checked = 0
    for top in (".", "runs", "metrics", "compare", "series"):
        if not os.path.isdir(os.path.join(site, top)):
            continue
        for name in sorted(os.listdir(os.path.join(site, top))):
            if not name.endswith(".html"):
                continue
            rel = os.path.normpath(os.path.join(top, name))
            problems = []
            if check_page(site, rel, problems):
                checked += 1
                if problems:
                    print("FAIL: %stable files of %s: %s" %
                          (lead, rel, "; ".join(problems[:3])))
                else:
                    print("ok %stable files of %s" % (lead, rel))
    if checked == 0:
        print("FAIL: %stable files: no page with a table" % lead)


main()
