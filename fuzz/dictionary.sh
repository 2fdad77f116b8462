#!/usr/bin/env bash
# Prints the libFuzzer -dict= option of a fuzz target (docs/robustness.md), or nothing.
# Usage: fuzz/dictionary.sh TARGET     (fuzz_catalog or catalog)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
case "${1#fuzz_}" in
  devicetypes) echo "-dict=$here/yaml.dict" ;;
  designjson | catalog | estimatespec | cplan_rows) echo "-dict=$here/json.dict" ;;
  *) ;; # cplan_bytes mutates SQLite pages: JSON tokens would not help
esac
