#!/usr/bin/env bash
# The same 400-variant sweep as a 2-task Slurm job array and its afterok merge job, on the
# one-node Slurm of scripts/slurm-local.sh: the merged rows equal a local run's, byte for byte.
# Usage: slurm_sweep.sh CLI SLURM_LOCAL_SCRIPT WORK_DIR SPEC
set -euo pipefail
cli=$1
slurm=$2
work=$3
spec=$4
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
rc=0
"$slurm" start "$work/cluster" || rc=$?
[ "$rc" -eq 0 ] || exit "$rc" # 77: Slurm cannot start here (the reason is printed)
trap '"$slurm" stop "$work/cluster"' EXIT
export SLURM_CONF="$work/cluster/slurm.conf"

"$cli" sweep "$spec" --slurm --tasks 2 -o "$work/slurm.sqlite" | tee "$work/submit.out"
grep -q "array job [0-9]*, then merge job [0-9]*" "$work/submit.out" || fail "no job ids printed"
"$cli" sweep "$spec" -o "$work/local.sqlite" --threads 2 >/dev/null

for _ in $(seq 600); do
    grep -q "^  complete" <("$cli" sweep status "$work/slurm.sqlite") && break
    sleep 0.5
done
"$cli" sweep status "$work/slurm.sqlite" | tee "$work/status.out"
grep -q "^  complete" "$work/status.out" || { cat "$work"/slurm.sqlite.shards/*.out >&2 || true; fail "the Slurm sweep did not complete"; }
grep -q "in the 2 task shards" "$work/status.out" || fail "status does not show the shards"
[ -s "$work/slurm.sqlite.shards/merge.out" ] || fail "the merge job wrote no log"
grep -q "400 of 400 variants" "$work/slurm.sqlite.shards/merge.out" || fail "the merge job did not merge: $(cat "$work/slurm.sqlite.shards/merge.out")"

"$cli" sweep report "$work/slurm.sqlite" --csv "$work/slurm.csv" >/dev/null
"$cli" sweep report "$work/local.sqlite" --csv "$work/local.csv" >/dev/null
[ "$(wc -l <"$work/slurm.csv")" -eq 401 ] || fail "slurm.csv has not 400 rows"
cmp "$work/local.csv" "$work/slurm.csv" || fail "the Slurm rows differ from the local run's"
"$cli" sweep collect "$work/slurm.sqlite" >/dev/null || fail "collect after the merge"
echo "ok: 400 variants over a 2-task Slurm array and its merge job equal the local run, row for row"
