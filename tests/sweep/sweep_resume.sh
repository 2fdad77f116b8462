#!/usr/bin/env bash
# A local sweep of 400 variants over 5 axes, killed (SIGKILL, then Ctrl-C) and resumed, gives
# exactly the rows of an uninterrupted run: none lost, none twice, every figure the same.
# Usage: sweep_resume.sh CLI SPEC WORK_DIR
set -euo pipefail
cli=$1
spec=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
rows() { "$cli" sweep status "$1" | sed -n 's/.*in the results file: \([0-9]*\).*/\1/p'; }

# The uninterrupted run.
"$cli" sweep "$spec" -o "$work/whole.sqlite" --threads 2 >"$work/whole.out"
grep -q "400 of 400 variants (400 evaluated" "$work/whole.out" || { cat "$work/whole.out"; fail "the whole run"; }
"$cli" sweep report "$work/whole.sqlite" --csv "$work/whole.csv" >/dev/null
[ "$(wc -l <"$work/whole.csv")" -eq 401 ] || fail "whole.csv has not 400 rows"

# Killed without warning once rows are in the file.
"$cli" sweep "$spec" -o "$work/killed.sqlite" --threads 2 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 600); do
    n=$(rows "$work/killed.sqlite" 2>/dev/null || echo 0)
    [ "${n:-0}" -ge 40 ] && break
    sleep 0.05
done
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
n=$(rows "$work/killed.sqlite")
[ "$n" -gt 0 ] && [ "$n" -lt 400 ] || fail "the kill came at $n rows (expected between 1 and 399)"
echo "killed at $n rows"

# Stopped with Ctrl-C: exit 130 and the command to resume.
rc=0
"$cli" sweep "$spec" -o "$work/killed.sqlite" --resume --threads 1 >/dev/null 2>"$work/int.err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid" || rc=$?
if [ "$rc" -eq 130 ]; then
    grep -q -- "--resume" "$work/int.err" || fail "Ctrl-C did not say how to resume"
elif [ "$rc" -ne 0 ]; then
    cat "$work/int.err" >&2
    fail "Ctrl-C ended the run with exit $rc"
fi
m=$(rows "$work/killed.sqlite")
[ "$m" -ge "$n" ] || fail "rows went from $n to $m"
echo "interrupted at $m rows"

# A resume with another spec is refused.
sed 's/"seed": 7/"seed": 8/' "$spec" >"$work/other.json"
if "$cli" sweep "$work/other.json" -o "$work/killed.sqlite" --resume 2>"$work/other.err"; then
    fail "a resume with another spec was accepted"
fi
grep -q "another spec" "$work/other.err" || fail "the refusal does not say why: $(cat "$work/other.err")"

"$cli" sweep "$spec" -o "$work/killed.sqlite" --resume --threads 2 >"$work/resumed.out" 2>"$work/resumed.err"
grep -q "already in" "$work/resumed.err" || fail "the resume did not say what it kept"
"$cli" sweep report "$work/killed.sqlite" --csv "$work/resumed.csv" >/dev/null
cmp "$work/whole.csv" "$work/resumed.csv" || fail "the resumed rows differ from the uninterrupted run"
echo "ok: killed at $n rows, interrupted at $m, resumed: the 400 rows equal the uninterrupted run's"
