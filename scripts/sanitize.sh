#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer: builds the model, the command line and their
# tests (no GUI) in ./build-asan, runs the model and CLI test suites, then a short fuzz smoke run
# of every fuzz target (docs/robustness.md). With clang (libFuzzer) the build also holds the fuzz
# targets; with GCC only, the sanitizer build runs and the fuzz smoke is skipped.
# Environment: CP_FUZZ_SMOKE_SECONDS (default 10 per target), CP_KILLSAVE_KILLS (default 100 here).
set -euo pipefail
cd "$(dirname "$0")/.."
./packaging/install-deps.sh

fuzz=OFF
if command -v clang++ >/dev/null 2>&1 \
   && echo 'extern "C" int LLVMFuzzerTestOneInput(const char *, unsigned long) { return 0; }' \
      | clang++ -x c++ -fsanitize=fuzzer,address,undefined -o /dev/null - >/dev/null 2>&1; then
  fuzz=ON
  export CC=clang CXX=clang++
fi
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# Benchmarks are no use under sanitizers: left out.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCP_BUILD_GUI=OFF \
  -DCP_SANITIZE=ON -DCP_FUZZ="$fuzz" -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON "${launcher[@]}" >/dev/null
cmake --build build-asan --parallel "$(nproc)"

# Any finding fails the run: UBSan is built not to recover, ASan aborts, leaks count.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export CP_KILLSAVE_KILLS=${CP_KILLSAVE_KILLS:-100}
(cd build-asan && ctest -L model --output-on-failure --parallel "$(nproc)" --timeout 1200)

if [ "$fuzz" = ON ]; then
  seconds=${CP_FUZZ_SMOKE_SECONDS:-10}
  corpus=build-asan/fuzz-corpus
  [ -d "$corpus" ] || fuzz/make-corpus.sh build-asan/app/cli/cluster-planner-cli "$corpus"
  for target in catalog designjson estimatespec cplan_bytes cplan_rows devicetypes; do
    rm -f build-asan/fuzz-"$target"-*
    work=$(mktemp -d)
    echo "fuzz smoke: $target for ${seconds}s"
    # shellcheck disable=SC2046
    build-asan/fuzz/fuzz_$target $(fuzz/dictionary.sh "$target") -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 \
      -artifact_prefix="build-asan/fuzz-$target-" -print_final_stats=1 "$work" "$corpus/$target" 2>&1 \
      | grep -E '^(stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY|Done)' || true
    rm -rf "$work"
    if ls build-asan/fuzz-"$target"-* >/dev/null 2>&1; then
      echo "fuzz smoke: $target found a crash: $(ls build-asan/fuzz-"$target"-*)" >&2
      exit 1
    fi
  done
else
  echo "fuzz smoke: skipped (needs clang with libFuzzer: clang and libclang-rt-14-dev)"
fi
echo "sanitize: clean"
