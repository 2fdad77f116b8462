#!/usr/bin/env bash
# Installs what is missing, then configures and builds Cluster Planner in ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
./packaging/install-deps.sh
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build build --parallel "$(nproc)"
