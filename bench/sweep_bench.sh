#!/usr/bin/env bash
# Variants per second per core of a local sweep (docs/benchmarks.md, "Sweeps"): for each size, a
# sweep of the gigawatt template's design over settings only (energy price × resilience policy ×
# life: the incremental evaluator reuses the base) and one that regenerates the design for every
# variant (its GPU count), each on one thread; then the shipped 400-variant example on every core.
# Usage: bench/sweep_bench.sh [CLI] ; prints a Markdown table.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${1:-"$root/build/app/cli/cluster-planner-cli"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rate() { # SPEC THREADS → "variants seconds rate"
    local start end n
    start=$(date +%s.%N)
    "$cli" sweep "$1" -o "$work/r.sqlite" --replace --threads "$2" >"$work/out"
    end=$(date +%s.%N)
    n=$(sed -n 's/.*: \([0-9]*\) of \([0-9]*\) variants.*/\1/p' "$work/out" | head -1)
    awk -v n="$n" -v s="$(echo "$end - $start" | bc)" -v t="$2" 'BEGIN { printf "%d | %.2f s | %.0f", n, s, n / s / t }'
}
echo "| GPUs | sweep | variants | wall | variants/s/core |"
echo "|---:|---|---:|---:|---:|"
for gpus in 1024 16384 100000; do
    n=$([ "$gpus" -eq 100000 ] && echo 50 || echo 250)
    cat >"$work/settings.json" <<JSON
{"name": "settings $gpus", "base": {"template": {"kind": "gigawatt", "gpus": $gpus}},
 "axes": [{"name": "energy", "parameter": "/finance/energy_usd_per_kwh", "range": [0.04, 0.12], "steps": $n},
          {"name": "policy", "parameter": "/reliability/policy", "values": ["2021-baseline", "llama3-2024"]},
          {"name": "life", "parameter": "/finance/life_years", "values": [4, 6]}],
 "objectives": [{"figure": "cost_per_effective_pflop_hour_usd"}]}
JSON
    m=$([ "$gpus" -eq 100000 ] && echo 10 || echo 40)
    cat >"$work/regen.json" <<JSON
{"name": "regenerate $gpus", "base": {"template": {"kind": "gigawatt", "gpus": $gpus}},
 "axes": [{"name": "gpus", "parameter": "template.gpus", "range": [$gpus, $((gpus + gpus / 20))], "steps": $m, "integer": true}],
 "objectives": [{"figure": "cost_per_effective_pflop_hour_usd"}]}
JSON
    echo "| $gpus | settings only, 1 thread | $(rate "$work/settings.json" 1) |"
    echo "| $gpus | a new design per variant, 1 thread | $(rate "$work/regen.json" 1) |"
done
echo "| 4k–64k | resources/examples/405b-100mw-sweep.json, $(nproc) threads | $(rate "$root/resources/examples/405b-100mw-sweep.json" "$(nproc)") |"
echo "| 128–2k | tests/data/sweep/ci-sweep.json, $(nproc) threads | $(rate "$root/tests/data/sweep/ci-sweep.json" "$(nproc)") |"
