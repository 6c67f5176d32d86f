#!/usr/bin/env bash
# Set up, build, and run every test (ctest), then the same tests again
# under AddressSanitizer + UndefinedBehaviorSanitizer (scripts/sanitize.sh).
# CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
bash scripts/sanitize.sh
