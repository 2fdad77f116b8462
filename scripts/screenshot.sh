#!/bin/sh
# Renders the documentation screenshots from the built application (it builds nothing):
#   docs/screenshots/main-window.png  the main window on the sample design (the hall plan)
#   docs/screenshots/hall-3d.png      the same window with the 3D hall view
# Usage: scripts/screenshot.sh [path/to/cluster-planner] [design.cplan|design.json]
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
# A throwaway config directory keeps the user's recent files and window layout out of it.
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT INT TERM

set -- --screenshot "$out/main-window.png" --screenshot-3d "$out/hall-3d.png"
if [ -n "$design" ]; then
    set -- "$design" "$@"
fi
QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$config" \
    xvfb-run -a -s "-screen 0 1600x1000x24" "$app" "$@"

echo "Wrote $out/main-window.png and $out/hall-3d.png"
