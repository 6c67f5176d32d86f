#!/usr/bin/env bash
# The main job: set up, build, and render resume.yaml to cv.pdf (English)
# and cv-zh.pdf (Chinese) at the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh cvpdf
./build/cvpdf resume.yaml -o cv.pdf
./build/cvpdf resume.yaml --lang zh -o cv-zh.pdf
echo "wrote cv.pdf and cv-zh.pdf"
