#!/usr/bin/env bash
# Configures and builds cvpdf in build/ (Release, warnings are errors):
# every target, tests included, or only the targets named
# (scripts/cv.sh builds the binary alone: `build.sh cvpdf`).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
if (($# > 0)); then
  cmake --build build -j "$(nproc)" --target "$@"
else
  cmake --build build -j "$(nproc)"
fi
