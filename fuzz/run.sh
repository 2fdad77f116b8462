#!/usr/bin/env bash
# Runs one fuzz target (docs/robustness.md) on its seed corpus for SECONDS, with the options the
# runs in docs/robustness.md used, and prints libFuzzer's final stats (executions, rate, memory).
# Usage: fuzz/run.sh TARGET SECONDS      e.g. fuzz/run.sh fuzz_catalog 1800
# Environment: CP_FUZZ_BUILD  the build folder with fuzz/ (default build-fuzz)
#              CP_FUZZ_CORPUS the seed corpus from make-corpus.sh (default corpus; written if missing)
#              CP_FUZZ_WORK   the work corpus, grown by the run, and the log (default work)
#              CP_FUZZ_RUNS   stop after this many executions too (libFuzzer -runs), e.g. 1000000
# Findings (crash-*, timeout-*, oom-*, leak-*) are written to the work folder.
set -euo pipefail
target=${1:?usage: run.sh TARGET SECONDS}
seconds=${2:?usage: run.sh TARGET SECONDS}
target=fuzz_${target#fuzz_}
build=${CP_FUZZ_BUILD:-build-fuzz}
corpus=${CP_FUZZ_CORPUS:-corpus}
work=${CP_FUZZ_WORK:-work}
bin="$build/fuzz/$target"
[[ -x $bin ]] || { echo "run.sh: $bin not built (cmake --build $build --target $target)" >&2; exit 2; }
if [[ ! -d $corpus/${target#fuzz_} ]]; then
    "$(dirname "$0")/make-corpus.sh" "$build/app/cli/cluster-planner-cli" "$corpus"
fi
mkdir -p "$work/$target"
log="$work/$target.log"
status=0
# Leaks are findings too (ASan's default); UBSan stops at the first report (-fno-sanitize-recover).
# The target's dictionary (fuzz/dictionary.sh) lets mutations reach the nesting limit and the keys.
runs=()
[[ -n ${CP_FUZZ_RUNS:-} ]] && runs=(-runs="$CP_FUZZ_RUNS")
# shellcheck disable=SC2046
"$bin" $("$(dirname "$0")/dictionary.sh" "$target") "${runs[@]}" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
    -artifact_prefix="$work/$target-" "$work/$target" "$corpus/${target#fuzz_}" >"$log" 2>&1 || status=$?
echo "$target: exit $status, log $log"
grep -E '^(stat::|Done |==[0-9]+==ERROR|SUMMARY|artifact_prefix|.*Test unit written)' "$log" | tail -n 20
exit "$status"
