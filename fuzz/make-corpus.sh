#!/usr/bin/env bash
# Writes the seed corpus of every fuzz target (docs/robustness.md) from the templates and
# tests/data, using the command-line tool. Not checked in: it is regenerated in seconds.
# Usage: fuzz/make-corpus.sh CLI OUTDIR
set -euo pipefail
cli=${1:?usage: make-corpus.sh CLI OUTDIR}
out=${2:?usage: make-corpus.sh CLI OUTDIR}
src="$(cd "$(dirname "$0")/.." && pwd)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"/{designjson,catalog,estimatespec,cplan_bytes,cplan_rows,devicetypes}

# Designs from both templates, small and large enough to have every tier, as JSON and as projects.
# ASAN_OPTIONS: the tool may be a sanitizer build; seeds are not the place to judge leaks.
export ASAN_OPTIONS=detect_leaks=0
for spec in classic:16 classic:256 supernode:72 supernode:1152; do
  t=${spec%%:*} g=${spec##*:}
  rm -f "$out/designjson/$t-$g.json" # new never replaces a file without --replace
  "$cli" new --template "$t" --gpus "$g" -o "$out/designjson/$t-$g.json" >/dev/null
  "$cli" new --template "$t" --gpus "$g" -o "$tmp/$t-$g.cplan" >/dev/null
done
# The same small design with its layout pinned (recomputation, ZeRO stage, an MoE's expert TP):
# the evaluation path that takes the layout as given, and the keys of design JSON version 2.
python3 - "$out/designjson/classic-16.json" "$out/designjson/classic-16-pinned.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
w = d["design"]["workload"]
w.update({"experts": 4, "active_experts": 1, "recompute": "full"})
w["parallelism"] = {"auto": False, "tp": 2, "pp": 2, "dp": 4, "cp": 1, "ep": 4, "microbatch": 1,
                    "interleave": 1, "etp": 1, "zero": 3}
json.dump(d, open(sys.argv[2], "w"))
PY
cp "$tmp/classic-16.cplan" "$tmp/supernode-72.cplan" "$out/cplan_bytes/"
if command -v sqlite3 >/dev/null 2>&1; then
  sqlite3 "$out/cplan_bytes/project-v1.cplan" <"$src/tests/data/project-v1.sql"
fi
# A damaged project: the first half of one.
head -c "$(($(stat -c %s "$tmp/classic-16.cplan") / 2))" "$tmp/classic-16.cplan" >"$out/cplan_bytes/truncated.cplan"

# Catalogs: the default one, one entry of it alone, and an empty one.
cp "$src/resources/catalog/default.json" "$out/catalog/default.json"
"$cli" catalog --json >"$out/catalog/cli.json"
python3 - "$src/resources/catalog/default.json" "$out/catalog" <<'PY'
import json, sys
cat = json.load(open(sys.argv[1]))
entries = cat.get("entries", cat if isinstance(cat, list) else [])
for i, e in enumerate(entries[:8]):
    one = dict(cat); one["entries"] = [e]
    json.dump(one, open(f"{sys.argv[2]}/entry-{i}.json", "w"))
PY
echo '{}' >"$out/catalog/empty.json"

# Estimate specs: the validation cases.
cp "$src"/tests/data/estimate/*.json "$out/estimatespec/"

# NetBox device types: the real library files kept as test data (a switch, a GPU server, a CDU;
# the same files as /work/shared/reference/netbox-devicetypes), then each cut down to the parts one
# kind reads, so that mutations reach every branch quickly.
cp "$src"/tests/data/netbox-devicetypes/*.y*ml "$out/devicetypes/"
# The header keys alone (no ports, bays or interfaces): the "skipped" path and the scalars.
for f in "$out"/devicetypes/*.y*ml; do
    grep -v '^[[:space:]#-]' "$f" | grep ':' | grep -v ':[[:space:]]*$' >"$(dirname "$f")/head-$(basename "$f")" || true
done
printf 'manufacturer: X\nmodel: Y\nu_height: 2\nweight: 3\nweight_unit: lb\npower-ports:\n  - name: PSU1\n    maximum_draw: 2000\n  - name: PSU2\n    maximum_draw: 2000\nmodule-bays:\n  - name: GPU1\n    description: H100 SXM\ninterfaces:\n  - name: eth0\n    type: 400gbase-x-osfp\n    description: GPU fabric\n' >"$out/devicetypes/small-server.yaml"

# Nesting at the limit (64 levels of arrays and objects): one more level, which a mutation or a
# dictionary entry adds, reaches the refusal; one fewer parses and reaches the loaders' checks.
python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
def deep(levels):
    return "[" * levels + "]" * levels
inner = '{"a":' * 30 + '1' + '}' * 30
open(f"{out}/designjson/deep-64.json", "w").write('{"version": 1, "design": {"name": "d", "racks": ' + deep(62) + '}}')
open(f"{out}/designjson/deep-objects.json", "w").write('{"version": 1, "design": {"name": ' + inner + '}}')
open(f"{out}/catalog/deep-64.json", "w").write('{"format": "cluster-planner-catalog", "version": 1, "entries": [{"id": "x", "attributes": ' + deep(61) + '}]}')
open(f"{out}/estimatespec/deep-64.json", "w").write('{"gpus": 8, "model": ' + deep(62) + '}')
open(f"{out}/devicetypes/deep-flow.yaml", "w").write('manufacturer: X\nmodel: ' + "[" * 63 + "]" * 63 + '\n')
PY

# Row edits: a few random lists of edits (the target reads them as edits, any bytes do).
for i in 1 2 3 4 5 6 7 8; do head -c $((i * 16)) /dev/urandom >"$out/cplan_rows/seed-$i"; done
echo "make-corpus: $(find "$out" -type f | wc -l) seeds in $out"
