#!/usr/bin/env bash
# slurmctld accepts the Slurm topology Cluster Planner exports for a 1,024-GPU classic design and a
# 1,152-GPU NVL72 design, and `scontrol show topology` lists every switch of topology.conf with every
# node under the top switch. Usage: slurm_topology.sh CLI SLURM_LOCAL_SCRIPT WORK_DIR
set -euo pipefail
cli=$1
slurm=$2
work=$3
rm -rf "$work"
mkdir -p "$work"

check() {
    local kind=$1 gpus=$2 nodes=$3 switches=$4
    local design="$work/$kind" cluster="$work/slurm-$kind" rc=0
    "$cli" new --template "$kind" --gpus "$gpus" -o "$design.cplan" >/dev/null
    "$cli" export "$design.cplan" --format slurm-topology -o "$design" >/dev/null
    "$slurm" start "$cluster" --design "$design" || rc=$?
    [ "$rc" -eq 0 ] || exit "$rc" # 77: Slurm cannot start here (the reason is printed)
    trap '"$slurm" stop "$cluster"' EXIT
    export SLURM_CONF="$cluster/slurm.conf"
    scontrol show topology >"$cluster/shown.txt"
    local expected listed
    expected=$(grep -o '^SwitchName=[^ ]*' "$design/topology.conf" | sort)
    listed=$(grep -o '^SwitchName=[^ ]*' "$cluster/shown.txt" | sort)
    if [ "$expected" != "$listed" ]; then
        echo "FAIL $kind: switches in topology.conf:"$'\n'"$expected"$'\n'"listed by scontrol:"$'\n'"$listed" >&2
        exit 1
    fi
    [ "$(echo "$listed" | wc -l)" -eq "$switches" ] || { echo "FAIL $kind: expected $switches switches" >&2; exit 1; }
    # The top switch (highest level) reaches every node of the design.
    local reached
    reached=$(awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "Level") l = kv[2] + 0;
                     if (kv[1] == "Nodes") n = kv[2] }
                   if (l >= top) { top = l; best = n } } END { print best }' "$cluster/shown.txt")
    [ "$(scontrol show hostnames "$reached" | wc -l)" -eq "$nodes" ] \
        || { echo "FAIL $kind: the top switch does not reach the $nodes nodes" >&2; exit 1; }
    "$slurm" stop "$cluster"
    trap - EXIT
    echo "ok $kind $gpus GPUs: $nodes nodes, $switches switches accepted by slurmctld"
}

check classic 1024 128 5     # 4 leaf groups (one per row) and the spine
check supernode 1152 288 3   # 16 NVL72 racks of 18 compute trays, 2 leaf groups and the spine
