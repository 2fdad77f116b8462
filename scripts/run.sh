#!/usr/bin/env bash
# Installs what is missing, builds, and opens Cluster Planner on the built-in sample design
# (or on the files and options given, e.g. ./scripts/run.sh my-hall.cplan).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
exec ./build/app/gui/cluster-planner "$@"
