#!/bin/sh
# Renders the documentation screenshots from the built application (it builds nothing):
#   docs/screenshots/main-window.png       the main window on the sample design (the hall plan)
#   docs/screenshots/hall-3d.png           the same window with the 3D hall view
#   docs/screenshots/empty-hall.png        an empty hall with the palette, to start from scratch
#   docs/screenshots/overlay-power.png     the sample with the power-density overlay
#   docs/screenshots/overlay-failure.png   the failure domain of a leaf-switch rack
#   docs/screenshots/overlay-bandwidth.png bandwidth from one compute rack to every other
#   docs/screenshots/problems.png          a rack above its power limit, picked in the Problems dock
#   docs/screenshots/zh_CN/                the main window, 3D hall, problems, every view and the
#                                          sweep window in Simplified Chinese (--language zh_CN), and
#                                          pages of the Chinese comparison report (report-page*.png)
#   docs/screenshots/sweep-results.png     the sweep window on the 405B example sweep
#   docs/screenshots/views/*.png           every analytics view on the 16k-GPU example comparison
#                                          (resources/examples/16k-servers-vs-supernodes.cplan): plan,
#                                          3D hall by kW, bandwidth heatmap, each chart, a failure
#                                          domain picked in its table on the plan and in 3D
# Usage: scripts/screenshot.sh [path/to/cluster-planner] [design.cplan|design.json]
# (a design given replaces the sample in main-window.png and hall-3d.png only).
# Runs under Xvfb with Qt's xcb platform, so it needs no display (and VTK gets OpenGL).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
app=${1:-"$root/build/app/gui/cluster-planner"}
design=${2:-}
out="$root/docs/screenshots"

if [ ! -x "$app" ]; then
    echo "screenshot.sh: $app not found or not executable; build it first (cmake --build build)" >&2
    exit 1
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "screenshot.sh: xvfb-run not found (apt-get install xvfb xauth)" >&2
    exit 1
fi
mkdir -p "$out"

# -a picks a free display number, so parallel runs and a running X server do not clash.
# A throwaway config and data directory keeps the user's recent files, window layout and
# recovery files out of it.
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT INT TERM

shot() {
    QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$config/config" XDG_DATA_HOME="$config/data" \
        xvfb-run -a -s "-screen 0 1600x1000x24" "$app" "$@"
}

if [ -n "$design" ]; then
    shot "$design" --screenshot "$out/main-window.png" --screenshot-3d "$out/hall-3d.png"
else
    shot --screenshot "$out/main-window.png" --screenshot-3d "$out/hall-3d.png"
fi
shot --empty --screenshot "$out/empty-hall.png"
shot --overlay power --screenshot "$out/overlay-power.png"
# L001 holds the leaf switches of the sample's first row: their failure cuts the row off.
shot --overlay failure --select L001 --screenshot "$out/overlay-failure.png"
shot --overlay bandwidth --select C001 --screenshot "$out/overlay-bandwidth.png"
shot "$root/docs/screenshots/over-limit.json" --overlay power --show-problems --screenshot "$out/problems.png"

example="$root/resources/examples/16k-servers-vs-supernodes.cplan"
shot "$example" --screenshot-views "$out/views"
# The supernode scenario's heatmap and 3D hall beside the classic one's (its other views match).
shot "$example#nvl72-16k" --screenshot-views "$config/nvl72"
cp "$config/nvl72/heatmap.png" "$out/views/heatmap-nvl72.png"
cp "$config/nvl72/hall-3d.png" "$out/views/hall-3d-nvl72.png"
# Both example fabrics are non-blocking (one colour); a 4,096-GPU classic design with a third of
# its spine switches shows the tiers as blocks (needs the CLI beside the app and jq).
cli="$(dirname "$app")/../cli/cluster-planner-cli"
if [ -x "$cli" ] && command -v jq >/dev/null 2>&1; then
    rm -f "$config/c4k.json" # new never replaces a file without --replace
    "$cli" new --template classic --gpus 4096 -o "$config/c4k.json" >/dev/null
    jq '(.design.racks[].contents[] | select(.role == "spine") | .count) |= ((. / 3) | floor | if . < 1 then 1 else . end)' \
        "$config/c4k.json" >"$config/c4k-oversubscribed.json"
    shot "$config/c4k-oversubscribed.json" --screenshot-views "$config/os"
    cp "$config/os/heatmap.png" "$out/views/heatmap-oversubscribed.png"
else
    echo "screenshot.sh: no CLI at $cli or no jq: heatmap-oversubscribed.png not made" >&2
fi

# The Simplified Chinese window (docs/translation.md): the main window, the 3D hall and every view.
zh="$out/zh_CN"
mkdir -p "$zh"
shot --language zh_CN --screenshot "$zh/main-window.png" --screenshot-3d "$zh/hall-3d.png"
shot --language zh_CN --overlay power --show-problems "$root/docs/screenshots/over-limit.json" --screenshot "$zh/problems.png"
shot "$example" --language zh_CN --screenshot-views "$zh/views"

# The sweep window (English and Chinese) on the 405B example's 400 variants, and the Chinese
# comparison report of the 16k example rendered with pdftoppm (needs the CLI and poppler-utils).
if [ -x "$cli" ]; then
    "$cli" sweep "$root/resources/examples/405b-100mw-sweep.json" -o "$config/sweep.sqlite" --replace >/dev/null
    shot --sweep "$config/sweep.sqlite" --screenshot-sweep "$out/sweep-results.png"
    shot --sweep "$config/sweep.sqlite" --language zh_CN --screenshot-sweep "$zh/sweep-results.png"
    if command -v pdftoppm >/dev/null 2>&1; then
        # From the repository, so the report names the example by its path in the repository.
        (cd "$root" && "$cli" compare resources/examples/16k-servers-vs-supernodes.cplan#classic-16k \
            resources/examples/16k-servers-vs-supernodes.cplan#nvl72-16k --report "$config/report-zh.pdf" \
            --lang zh_CN >/dev/null)
        pdftoppm -png -r 70 "$config/report-zh.pdf" "$config/report-zh"
        # The title page, the key figures, the nearest published runs and the assumed training
        # stack, the first charts, failure domains, resilience, and the ranges and decisions.
        rm -f "$zh"/report-page*.png
        n=1
        for page in "$config"/report-zh-*.png; do
            case $n in 1|2|5|6|9|11|13) cp "$page" "$zh/report-page$n.png" ;; esac
            n=$((n + 1))
        done
    else
        echo "screenshot.sh: no pdftoppm: the Chinese report's pages not made" >&2
    fi
fi

echo "Wrote $out/main-window.png, hall-3d.png, empty-hall.png, overlay-power.png, overlay-failure.png,"
echo "overlay-bandwidth.png, problems.png and views/*.png"
