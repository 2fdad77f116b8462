#!/usr/bin/env python3
"""Screens "the software's year" (docs/validation.md, Open) on the validation rows.

Reads the rows `validate-model` prints and each row's spec, multiplies every row's predicted
figure by a factor of the stack's date (and of the accelerator's architecture), refits one global
scale with the validation's own loss (mean |log error| capped at a factor of 1.3), and prints the
median |error|, the leave-one-source-out median |error| (the factor's constants and the scale
fitted without the source) and the max |error|. A factor that multiplies the whole figure is what
`workload.stack_efficiency` does; the global scale stands in for refitting `gemm_efficiency_max`
(exact for compute-bound rows, close for the rest: with no factor the screen gives the tool's
figures within 0.1 point).

    build/app/cli/cluster-planner-cli validate-model tests/data/validation/*.json > /tmp/vm.md
    scripts/software-year-screen.py /tmp/vm.md tests/data/validation

Nothing here changes the model; docs/validation.md records what it printed.
"""
import json
import math
import statistics
import sys
from pathlib import Path

# The date of each source's software stack, in years (assumptions with their reason):
# the paper's or release's publication, or the benchmark round's publication date.
STACK_DATE = {
    "megatron-sc21": 2021.3,       # arXiv 2104.04473, April 2021
    "mtnlg-2022": 2021.8,          # training announced October 2021 (arXiv 2201.11990)
    "bloom-2022": 2022.2,          # the 176B run started March 2022
    "korthikanti-2022": 2022.4,    # arXiv 2205.05198, May 2022
    "mlperf-v3.1": 2023.85,        # MLPerf Training v3.1, 2023-11-08
    "megascale-2024": 2024.1,      # arXiv 2402.15627, February 2024 (its Megatron-LM baseline)
    "nemo-24.03-longseq": 2024.25, # NeMo 24.03
    "mlperf-v4.0": 2024.45,        # MLPerf Training v4.0, 2024-06-12
    "llama3-2024": 2024.5,         # The Llama 3 Herd of Models, July 2024
    "nemo-24.07": 2024.55,         # NeMo 24.07
    "mlperf-v4.1": 2024.87,        # MLPerf Training v4.1, 2024-11-13
    "nemo-25.02": 2025.1,          # NeMo 25.02
    "nemo-25.04": 2025.3,          # NeMo 25.04
    "nemo-25.04-longseq": 2025.3,
    "dgxc-benchmarking": 2025.4,   # DGX Cloud benchmarking recipes v25.04 and v25.05.04
    "mlperf-v5.0": 2025.42,        # MLPerf Training v5.0, 2025-06-04
    "mlperf-v5.1": 2025.87,        # MLPerf Training v5.1, 2025-11-12
}
# Megatron-Bridge rows carry their release in the row name: 25.11 or 26.02.
BRIDGE_DATE = {"mb2511": 2025.87, "mb2602": 2026.1}
LATEST = 2026.1

# The first production software of each architecture: its first MLPerf Training submission or
# announcement (A100: announced 2020-05-14; H100: MLPerf Training v2.1 preview, 2022-11-09;
# Blackwell, for B200, GB200 and GB300 alike: MLPerf Training v4.1 preview, 2024-11-13).
ARCH_DATE = {"a100-sxm4-80gb": 2020.4, "h100-sxm": 2022.85,
             "b200": 2024.87, "gb200": 2024.87, "gb300": 2024.87}


def read_rows(table_path, spec_dir):
    rows = []
    for line in Path(table_path).read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 8 or cells[0] in ("row", "---") or not cells[6].endswith("%"):
            continue
        try:
            published, predicted = float(cells[4]), float(cells[5])
        except ValueError:
            continue
        spec_path = Path(spec_dir) / (cells[0] + ".json")
        if not spec_path.exists():
            continue
        gpu = json.loads(spec_path.read_text())["gpu"]
        gpu = gpu["id"] if isinstance(gpu, dict) else gpu
        source = cells[1]
        date = BRIDGE_DATE[cells[0][:6]] if source == "megatron-bridge" else STACK_DATE[source]
        rows.append(dict(row=cells[0], source=source, gpu=gpu, date=date,
                         published=published, predicted=predicted))
    return rows


def factor(row, kind, p):
    t, age = row["date"], row["date"] - ARCH_DATE[row["gpu"]]
    if kind == "none":
        return 1.0
    if kind == "calendar":       # one improvement rate for every part
        return math.exp(p * (t - LATEST))
    if kind == "maturity":       # a new architecture's software matures: 1 - a exp(-age / tau)
        a, tau = p
        return 1.0 - a * math.exp(-age / tau)
    if kind == "arch-growth":    # each architecture improves at one rate for three years
        return math.exp(p * (min(age, 3.0) - 3.0))
    if kind == "h100-only":      # a diagnostic: the one part whose rows show a trend
        return math.exp(p * (t - LATEST)) if row["gpu"] == "h100-sxm" else 1.0
    raise ValueError(kind)


SCALES = [0.85 + 0.0025 * i for i in range(120)]
CAP = math.log(1.3)


def fit(rows, kind, params):
    best = None
    for p in params:
        fs = [r["predicted"] * factor(r, kind, p) / r["published"] for r in rows]
        for g in SCALES:
            loss = sum(min(abs(math.log(g * f)), CAP) for f in fs)
            if best is None or loss < best[0] - 1e-12:
                best = (loss, g, p)
    return best[1], best[2]


def error(row, kind, g, p):
    return g * row["predicted"] * factor(row, kind, p) / row["published"] - 1.0


def screen(rows, kind, params):
    g, p = fit(rows, kind, params)
    errors = [error(r, kind, g, p) for r in rows]
    held_out = []
    for source in sorted({r["source"] for r in rows}):
        g2, p2 = fit([r for r in rows if r["source"] != source], kind, params)
        held_out += [error(r, kind, g2, p2) for r in rows if r["source"] == source]
    med = lambda xs: 100 * statistics.median(abs(x) for x in xs)
    print(f"| {kind} | {p} | {g:.4f} | {med(errors):.2f} % | {med(held_out):.2f} % | "
          f"{100 * max(abs(e) for e in errors):.1f} % |")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: software-year-screen.py VALIDATE_MODEL_OUTPUT SPEC_DIR")
    rows = read_rows(sys.argv[1], sys.argv[2])
    print(f"{len(rows)} rows, {len({r['source'] for r in rows})} sources\n")
    print("| variant | fitted parameter | global scale | median | leave-one-source-out | max |")
    print("|---|---|---|---|---|---|")
    rates = [0.01 * i for i in range(13)]
    screen(rows, "none", [0])
    screen(rows, "calendar", rates)
    screen(rows, "maturity", [(a, tau) for a in (0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4)
                              for tau in (0.25, 0.5, 1, 1.5, 2, 3)])
    screen(rows, "arch-growth", rates)
    screen(rows, "h100-only", rates)
    print("\nmedian published / predicted by source and accelerator (date):")
    groups = {}
    for r in rows:
        groups.setdefault((r["date"], r["source"], r["gpu"]), []).append(r["published"] / r["predicted"])
    for (date, source, gpu), ratios in sorted(groups.items()):
        print(f"  {date:7.2f} {source:20s} {gpu:15s} {len(ratios):3d} rows  {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
