#!/usr/bin/env bash
# Regenerates the example projects of the seeds' four comparisons (resources/examples/) from the
# command line, then their comparisons (docs/examples/): the side-by-side table, the bill of
# materials, the key figures as JSON, and the HTML/PDF reports.
#
#   ./scripts/examples.sh [--all] [CLI]
#
# CLI defaults to build/app/cli/cluster-planner-cli. The 100k-GPU projects are several MB each, so
# they are generated into build/examples/ (not checked in) and only with --all; their comparison
# outputs are checked into docs/examples/. Needs jq. docs/cost.md ("Self-built vs cloud-hosted")
# gives the sources of the settings used below.
set -euo pipefail
cd "$(dirname "$0")/.."

ALL=0
if [[ "${1:-}" == "--all" ]]; then ALL=1; shift; fi
B="${1:-build/app/cli/cluster-planner-cli}"
[[ -x "$B" ]] || { echo "examples.sh: no CLI at $B (build first: ./scripts/build.sh)" >&2; exit 1; }
command -v jq >/dev/null || { echo "examples.sh: needs jq" >&2; exit 1; }

EX=resources/examples
BIG=build/examples
OUT=docs/examples
mkdir -p "$EX" "$BIG" "$OUT"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# edit PROJECT SCENARIO JQ-FILTER: exports a scenario as design JSON, edits it, puts it back.
edit() {
    "$B" export "$1#$2" --json "$TMP/in.json"
    jq "$3" "$TMP/in.json" > "$TMP/$2.json"
    # Run from the temporary folder so that the revision comment names the edited design, not a
    # random temporary path ("Scenario hosted from hosted.json").
    local cli project
    cli="$(realpath "$B")"; project="$(realpath "$1")"
    (cd "$TMP" && "$cli" scenario add "$project" --name "$2" --from "$2.json" --replace > /dev/null)
}

# compare NAME A B: the comparison outputs of two designs.
compare() {
    local name="$1" a="$2" b="$3"
    "$B" compare "$a" "$b" --bom "$OUT/$name-bom.csv" > "$OUT/$name.txt"
    # Key figures, traceable to `evaluate --json` (docs/results.md): the big arrays left out.
    "$B" compare "$a" "$b" --json \
        | jq '[.[] | {file, design, inventory: .results.inventory | {gpus_total, gpus_active, gpus_spare, racks_total},
                   power: .results.power | {it_kw_total, facility_kw_total, max_rack_kw},
                   performance: .results.performance | {mfu, model_tflops_per_gpu, time_to_train_days},
                   reliability: .results.reliability | {job_mtbf_hours, goodput, largest_failure_domain_gpus, effective_time_to_train_days},
                   cost: .results.cost | del(.bom, .cumulative_usd_by_month, .cloud_cumulative_usd_by_month,
                                             .discounted_cumulative_usd_by_month, .cloud_discounted_cumulative_usd_by_month)}]' \
        > "$OUT/$name-figures.json"
    # The reports (compare --report, HTML and PDF). Until the report writer lands the CLI refuses
    # --report with exit 2; the projects, tables and BOMs above are complete without it.
    for ext in html pdf; do
        if ! "$B" compare "$a" "$b" --report "$OUT/$name.$ext" 2> "$TMP/report.err"; then
            echo "examples.sh: $name.$ext not written: $(cat "$TMP/report.err")" >&2
        fi
    done
    echo "$OUT/$name: $(head -1 "$OUT/$name.txt" | tr -s ' ')"
}

# (a) seed 004/000: 16k GPUs of 8-GPU servers (with a 2 % spare-server pool) vs 72-GPU supernodes
# (228 GB200 NVL72, 64 working + 8 hot spares each).
P="$EX/16k-servers-vs-supernodes.cplan"
rm -f "$P"
"$B" scenario add "$P" --name classic-16k --template classic --gpus 16384 --spare-servers 0.02
"$B" scenario add "$P" --name nvl72-16k --template supernode --gpus 16416
compare 16k-servers-vs-supernodes "$P#classic-16k" "$P#nvl72-16k"

# (b) seed 001: a 256-GPU cluster (2 network tiers) vs a 10k-GPU cluster (3 tiers, spare pool).
# Seed 004 like for like: the same Blackwell generation on both sides, 8-GPU B200 servers
# against GB200 NVL72 racks, the same workload; only the architecture differs.
P="$EX/16k-b200-servers-vs-gb200-nvl72.cplan"
rm -f "$P"
"$B" scenario add "$P" --name b200-servers-16k --template classic --gpus 16384 --gpu b200 --spare-servers 0.02
"$B" scenario add "$P" --name nvl72-16k --template supernode --gpus 16416
compare 16k-b200-servers-vs-gb200-nvl72 "$P#b200-servers-16k" "$P#nvl72-16k"

P="$EX/256-vs-10k.cplan"
rm -f "$P"
"$B" scenario add "$P" --name small-256 --template classic --gpus 256
"$B" scenario add "$P" --name large-10k --template classic --gpus 10240 --spare-servers 0.02
compare 256-vs-10k "$P#small-256" "$P#large-10k"

# (c) seed 002: the same workload on the same 2,048 H100 for 3 years, self-built vs cloud-hosted.
# Self-built: a new team's stack reaches 0.55 of the tuned throughput ("20-something %" MFU
# against ~45 % tuned), recovery takes tens of minutes, delivery from its lead times (a ~3 MW
# hall: the switchgear's 47 weeks, docs/cost.md). Hosted: rented per GPU-hour on a 1-year
# reservation, tuned stack, fast recovery, two weeks to start.
P="$EX/self-built-vs-hosted-3y.cplan"
rm -f "$P"
"$B" scenario add "$P" --name self-built --template classic --gpus 2048
"$B" scenario add "$P" --name hosted --template classic --gpus 2048
edit "$P" self-built '.design.name = "Self-built 2,048 H100, 3 years"
    | .design.finance.life_years = 3 | .design.finance.delivery_months = 0
    | .design.workload.stack_efficiency = 0.55
    | .design.reliability.policy = "custom"
    | .design.reliability.detect_minutes = 15 | .design.reliability.restart_minutes = 30
    | .design.reliability.warmup_minutes = 10'
edit "$P" hosted '.design.name = "Cloud-hosted 2,048 H100, 3 years"
    | .design.finance.life_years = 3 | .design.finance.delivery_months = 0.5
    | .design.finance.ownership = "cloud_hosted"
    | .design.finance.cloud_pricing = "reserved" | .design.finance.reserved_term_years = 1'
compare self-built-vs-hosted-3y "$P#self-built" "$P#hosted"

# (d) seed 004: 100k+ GPUs, classic 8-GPU servers (2 % spare pool) vs NVL72 supernodes with 64+8
# spares (1,424 racks). Several MB per project: generated (scripts/example-100k.sh), not checked in.
if [[ $ALL == 1 ]]; then
    P="$BIG/100k-classic-vs-supernode.cplan"
    ./scripts/example-100k.sh "$B" "$P"
    compare 100k-classic-vs-supernode "$P#classic-100k" "$P#nvl72-100k"
fi

ls -l "$EX"/*.cplan
