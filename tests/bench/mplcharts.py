"""The benchmark's chart job in matplotlib (tests/bench/run.sh): every
chart of a TSV file (chart, title, label, value; one bar a line) as a
horizontal bar chart with labels, values and a title, in SVG or PNG.

    python3 mplcharts.py svg|png DATA.tsv OUTDIR WIDTH HEIGHT
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

fmt, data, out, width, height = sys.argv[1:6]
charts = {}
with open(data, encoding="utf-8") as f:
    for line in f:
        num, title, label, value = line.rstrip("\n").split("\t")
        c = charts.setdefault(int(num), (title, [], []))
        c[1].append(label)
        c[2].append(float(value))
plt.rcParams["font.family"] = "DejaVu Sans"
plt.rcParams["svg.hashsalt"] = "benchsite"   # same bytes every run
dpi = 100
for num, (title, labels, values) in sorted(charts.items()):
    fig, ax = plt.subplots(figsize=(int(width) / dpi, int(height) / dpi), dpi=dpi)
    bars = ax.barh(range(len(values)), values, color="#4477aa")
    ax.set_yticks(range(len(values)), labels)
    ax.invert_yaxis()
    ax.bar_label(bars, fmt="%.1f", padding=3)
    ax.set_title(title)
    ax.set_xlabel("MiB/s")
    fig.tight_layout()
    fig.savefig("%s/c%d.%s" % (out, num, fmt), metadata={"Date": None} if fmt == "svg" else None)
    plt.close(fig)
