#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite. Tests without OpenGL run on
# Qt's offscreen platform; the 3D view's test runs under Xvfb (CTest wraps it in xvfb-run).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
cd build
exec ctest --output-on-failure --parallel "$(nproc)" "$@"
