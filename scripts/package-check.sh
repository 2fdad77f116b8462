#!/usr/bin/env bash
# Builds the Debian package, installs it on this machine with apt, runs the installed programs,
# validates the desktop metadata, and removes the package again. Needs root or sudo (apt).
# The build directory is ./build (configured here if missing); CP_PACKAGE_BUILD_DIR overrides it.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { echo "package-check: $*"; }

if [ "$(id -u)" -eq 0 ]; then SUDO=(); elif command -v sudo >/dev/null 2>&1; then SUDO=(sudo); else
  echo "package-check: needs root or sudo to install the package" >&2; exit 1
fi

BUILD=${CP_PACKAGE_BUILD_DIR:-build}
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$BUILD" --parallel "$(nproc)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "cpack -G DEB"
(cd "$BUILD" && cpack -G DEB -B "$work/pkg" >"$work/cpack.log") || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/pkg/cluster-planner_*.deb)
step "built $(basename "$deb") ($(du -h "$deb" | cut -f1))"
dpkg-deb -I "$deb" | sed -n 's/^ Depends: /package-check: depends on /p'
contents=$(dpkg-deb -c "$deb")
for f in usr/bin/cluster-planner-cli usr/share/applications/org.clusterplanner.ClusterPlanner.desktop \
         usr/share/metainfo/org.clusterplanner.ClusterPlanner.metainfo.xml \
         usr/share/mime/packages/org.clusterplanner.ClusterPlanner.xml \
         usr/share/icons/hicolor/scalable/apps/org.clusterplanner.ClusterPlanner.svg \
         usr/share/icons/hicolor/48x48/apps/org.clusterplanner.ClusterPlanner.png \
         usr/share/cluster-planner/catalog/default.json libcp_netbox.so libcp_railonly.so libcp_simulators.so libcp_slurm.so; do
  grep -q "$f" <<<"$contents" || { echo "package-check: the package lacks $f" >&2; exit 1; }
done

step "apt-get install ./$(basename "$deb")"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "$deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; exit 1; }
installed=1
cleanup() {
  if [ -n "${installed:-}" ]; then "${SUDO[@]}" apt-get remove -y -qq cluster-planner >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The installed programs, not the build tree's, with only the installed plugins.
cli=/usr/bin/cluster-planner-cli
unset CLUSTER_PLANNER_PLUGIN_PATH
step "$($cli --version)"
$cli new --template classic --gpus 256 -o "$work/a.cplan"
$cli evaluate "$work/a.cplan" --json >"$work/a.json"
grep -q '"gpus_total": 256' "$work/a.json" || { echo "package-check: evaluate did not report 256 GPUs" >&2; exit 1; }
$cli plugins >"$work/plugins.txt"
for id in rail-only netbox-csv netbox-devicetypes calculon astra-sim slurm-topology; do
  grep -q "$id" "$work/plugins.txt" || { cat "$work/plugins.txt"; echo "package-check: installed plugin $id not found" >&2; exit 1; }
done
$cli new --template rail-only --gpus 512 -o "$work/r.cplan" >/dev/null
$cli export "$work/a.cplan" --format netbox-csv -o "$work/netbox" >/dev/null
if [ -x /usr/bin/cluster-planner ]; then
  step "$(QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work" /usr/bin/cluster-planner --version 2>/dev/null)"
  # The Simplified Chinese translation is in the installed program (docs/translation.md).
  QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work" /usr/bin/cluster-planner --list-languages >"$work/languages.txt" 2>/dev/null
  grep -q "^zh_CN.*文件" "$work/languages.txt" \
    || { cat "$work/languages.txt"; echo "package-check: the installed program has no Chinese translation" >&2; exit 1; }
  step "installed languages: $(cut -f1 "$work/languages.txt" | tr '\n' ' ')"
  # The installed command line writes the comparison report in Chinese (compare --lang).
  $cli new --template supernode --gpus 288 -o "$work/s.cplan" >/dev/null
  $cli compare "$work/a.cplan" "$work/s.cplan" --report "$work/zh.html" --lang zh_CN >/dev/null
  grep -q '集群设计对比' "$work/zh.html" \
    || { echo "package-check: compare --lang zh_CN did not write a Chinese report" >&2; exit 1; }
  step "compare --report --lang zh_CN: a Chinese report"
else
  step "note: the package has no GUI (built with CP_BUILD_GUI=OFF)"
fi

step "appstreamcli validate"
appstreamcli validate --no-net /usr/share/metainfo/org.clusterplanner.ClusterPlanner.metainfo.xml
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate /usr/share/applications/org.clusterplanner.ClusterPlanner.desktop
fi
if [ -f /usr/share/mime/globs2 ]; then
  grep -q 'application/x-cluster-planner:\*\.cplan' /usr/share/mime/globs2 \
    || { echo "package-check: .cplan is not registered in the MIME database" >&2; exit 1; }
  step ".cplan registered as application/x-cluster-planner"
fi

step "apt-get remove cluster-planner"
"${SUDO[@]}" apt-get remove -y -qq cluster-planner >/dev/null
installed=
test ! -e "$cli" || { echo "package-check: $cli is still there after removal" >&2; exit 1; }
step "passed in $(( $(date +%s) - start )) s"
