#!/usr/bin/env bash
# Benchmark: a long academic CV. Renders examples/academic.yaml (150
# publications) and, when python3 is there, CVs of 300, 600 and 1200
# publications made by tests/bench/make_academic_cv.py, and reports the
# median wall time of RUNS runs and the time per page: if composing is
# linear in the length, ms/page stays flat as the CV grows. Not run by
# ctest (timings on shared machines are noise); run it by hand.
#
#   tests/bench/long_cv.sh [RUNS]          (default 5; CVPDF=path/to/cvpdf)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
binary=${CVPDF:-build/cvpdf}
[ -x "$binary" ] || { echo "build first: bash scripts/build.sh (or set CVPDF=build-dir/cvpdf)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

inputs=("examples/academic.yaml")
if command -v python3 > /dev/null; then
  for count in 300 600 1200; do
    python3 tests/bench/make_academic_cv.py "$count" > "$out/academic-$count.yaml"
    inputs+=("$out/academic-$count.yaml")
  done
fi

printf '%-28s %8s %6s %10s %9s\n' input publications pages "wall (ms)" "ms/page"
for input in "${inputs[@]}"; do
  : > "$out/wall"
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$binary" "$input" -q -o "$out/cv.pdf"
    echo $(( ($(date +%s%N) - start) / 1000000 )) >> "$out/wall"
  done
  pages=$(pdfinfo "$out/cv.pdf" | awk '/^Pages:/ {print $2}')
  publications=$(grep -c '^        authors:' "$input")
  wall=$(median < "$out/wall")
  printf '%-28s %8s %6s %10s %9.1f\n' "$(basename "$input")" "$publications" "$pages" "$wall" \
    "$(awk -v w="$wall" -v p="$pages" 'BEGIN {print w / p}')"
done
