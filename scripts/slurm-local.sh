#!/usr/bin/env bash
# A Slurm of this machine's own, for the tests and for trying a design's topology:
#   scripts/slurm-local.sh start DIR                   one node (this host): slurmctld and slurmd
#   scripts/slurm-local.sh start DIR --design EXPORT   slurmctld only, with a design's nodes and switches
#                                                      (EXPORT: a folder `export --format slurm-topology` wrote)
#   scripts/slurm-local.sh stop DIR                    stops exactly the daemons `start DIR` started
# Everything (slurm.conf, state, logs, pid files) lives in DIR; `export SLURM_CONF=DIR/slurm.conf` to use it.
# Needs root and Debian's slurm-wlm and munge (packaging/install-deps.sh). Exit 77 when Slurm cannot
# start here (not root, no Slurm), saying why: the tests report that as skipped.
set -euo pipefail

usage() { echo "usage: $0 start DIR [--design EXPORT_DIR] | stop DIR" >&2; exit 2; }
[ $# -ge 2 ] || usage
cmd=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2

stop_pid() { # stop the daemon whose pid file is $1, if it is ours and alive
    local file=$1 pid
    [ -f "$file" ] || return 0
    pid=$(cat "$file")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid"
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$file"
}

if [ "$cmd" = stop ]; then
    stop_pid "$dir/slurmd.pid"
    stop_pid "$dir/slurmctld.pid"
    stop_pid "$dir/munged.started.pid" # only a munged this script started
    exit 0
fi
[ "$cmd" = start ] || usage

design=""
while [ $# -gt 0 ]; do
    case $1 in
        --design) design=$(cd "$2" && pwd); shift 2 ;;
        *) usage ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    echo "slurm-local: not root: Slurm's daemons cannot start here (run as root to exercise them)" >&2
    exit 77
fi
for tool in slurmctld slurmd scontrol munged munge unmunge; do
    if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
        echo "slurm-local: $tool not installed (apt-get install slurm-wlm munge, or packaging/install-deps.sh)" >&2
        exit 77
    fi
done

# munge: the package's key, a socket folder, the daemon unless one already answers.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    if [ ! -f /etc/munge/munge.key ]; then
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
        chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key
    fi
    mkdir -p /run/munge && chown munge:munge /run/munge
    su -s /bin/sh munge -c /usr/sbin/munged
    for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
    pgrep -u munge -x munged | head -1 > "$dir/munged.started.pid"
fi

host=$(hostname -s)
# Ports of our own (SLURM_LOCAL_PORT to move them), so an installed Slurm is left alone.
port=${SLURM_LOCAL_PORT:-46817}
mkdir -p "$dir/state" "$dir/spool"
{
    echo "# Written by scripts/slurm-local.sh"
    echo "ClusterName=cplocal"
    echo "SlurmctldHost=$host"
    echo "SlurmUser=root"
    echo "SlurmdUser=root"
    echo "AuthType=auth/munge"
    echo "MailProg=/bin/true"
    echo "SlurmctldPort=$port"
    echo "SlurmdPort=$((port + 1))"
    echo "StateSaveLocation=$dir/state"
    echo "SlurmdSpoolDir=$dir/spool"
    echo "SlurmctldPidFile=$dir/slurmctld.pid"
    echo "SlurmdPidFile=$dir/slurmd.pid"
    echo "SlurmctldLogFile=$dir/slurmctld.log"
    echo "SlurmdLogFile=$dir/slurmd.log"
    echo "ProctrackType=proctrack/linuxproc"
    echo "TaskPlugin=task/none"
    echo "SelectType=select/cons_tres"
    echo "SelectTypeParameters=CR_Core"
    echo "ReturnToService=2"
    if [ -n "$design" ]; then
        cp "$design/topology.conf" "$dir/topology.conf"
        cp "$design/slurm-nodes.conf" "$dir/slurm-nodes.conf"
        echo "TopologyPlugin=topology/tree"
        echo "Include $dir/slurm-nodes.conf"
        echo "PartitionName=design Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
    else
        mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
        echo "NodeName=$host CPUs=$(nproc) RealMemory=$mem State=UNKNOWN"
        echo "PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP"
    fi
} > "$dir/slurm.conf"
export SLURM_CONF="$dir/slurm.conf"

fail() {
    echo "slurm-local: $1; the last lines of its log:" >&2
    tail -n 20 "$2" >&2 2>/dev/null || true
    "$0" stop "$dir"
    exit 1
}
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start" "$dir/slurmctld.log"
for _ in $(seq 100); do scontrol ping 2>/dev/null | grep -q UP && break; sleep 0.2; done
scontrol ping 2>/dev/null | grep -q UP || fail "slurmctld does not answer" "$dir/slurmctld.log"
if [ -z "$design" ]; then
    slurmd -f "$SLURM_CONF" || fail "slurmd did not start" "$dir/slurmd.log"
    for _ in $(seq 100); do
        sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break
        sleep 0.2
    done
    sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)' || fail "the node did not come up" "$dir/slurmd.log"
fi
echo "slurm-local: up in $dir (export SLURM_CONF=$SLURM_CONF)"
