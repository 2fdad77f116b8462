#!/usr/bin/env bash
# Writes the 100k-GPU example project of seed 004 to PROJECT: classic 8-GPU servers with a 2 %
# spare-server pool (classic-100k) against GB200 NVL72 supernodes with 64 working + 8 hot spares
# per rack (nvl72-100k, 1,424 racks). Several MB, so it is generated rather than checked in;
# scripts/examples.sh --all and the test examples_current both build it here, from one place.
#
#   scripts/example-100k.sh CLI PROJECT
set -euo pipefail
CLI="$1"
P="$2"
rm -f "$P"
"$CLI" scenario add "$P" --name classic-100k --template classic --gpus 102400 --spare-servers 0.02 > /dev/null
"$CLI" scenario add "$P" --name nvl72-100k --template supernode --gpus 102528 > /dev/null
