#!/usr/bin/env bash
# Installs the Debian 12 packages Cluster Planner needs to build, run and test.
# Idempotent: installs only what is missing; works as root or through sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libxkbcommon-dev
  libvtk9-dev nlohmann-json3-dev libsqlite3-dev libbenchmark-dev clang libclang-rt-14-dev
  xvfb xauth libgl1-mesa-dri poppler-utils
  libyaml-cpp-dev appstream
  slurm-wlm munge
  qt6-l10n-tools qt6-tools-dev qt6-translations-l10n fonts-noto-cjk fonts-wqy-microhei
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "install-deps: need root or sudo to install: ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
