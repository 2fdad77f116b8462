#!/usr/bin/env bash
# The one-node Slurm of scripts/slurm-local.sh runs a job array and stops exactly its daemons.
# Usage: slurm_local.sh CLI SLURM_LOCAL_SCRIPT WORK_DIR
set -euo pipefail
slurm=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
rc=0
"$slurm" start "$work/cluster" || rc=$?
[ "$rc" -eq 0 ] || exit "$rc" # 77: Slurm cannot start here (the reason is printed)
trap '"$slurm" stop "$work/cluster"' EXIT
export SLURM_CONF="$work/cluster/slurm.conf"
ctld=$(cat "$work/cluster/slurmctld.pid")
slurmd=$(cat "$work/cluster/slurmd.pid")
sbatch --array=0-3 --output=/dev/null --wrap "echo \$SLURM_ARRAY_TASK_ID > $work/task.\$SLURM_ARRAY_TASK_ID" >/dev/null
for _ in $(seq 300); do
    [ "$(ls "$work"/task.* 2>/dev/null | wc -l)" -eq 4 ] && break
    sleep 0.2
done
for t in 0 1 2 3; do
    [ "$(cat "$work/task.$t" 2>/dev/null)" = "$t" ] || { echo "FAIL: array task $t did not run" >&2; exit 1; }
done
"$slurm" stop "$work/cluster"
trap - EXIT
for pid in $ctld $slurmd; do
    if kill -0 "$pid" 2>/dev/null; then echo "FAIL: daemon $pid still running after stop" >&2; exit 1; fi
done
echo "ok: a 4-task array ran on the one-node Slurm, and its daemons stopped"
